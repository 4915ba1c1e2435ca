//! perf.data (file and pipe mode) through the reader, the aggregation and every text
//! output, without symbol files (no file system access beyond none at all).
#![no_main]
use pmc_symbolizer::output::Resolved;
use pmc_symbolizer::profile::Profile;
use pmc_symbolizer::source::read_perf_data_bytes;
use pmc_symbolizer::symbolize::Symbols;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let mut profile = Profile::new(true);
    if read_perf_data_bytes(data, &mut |attrs, ev| profile.add(attrs, ev)).is_err() {
        return;
    }
    let symbols = Symbols::default();
    let r = Resolved {
        profile: &profile,
        symbols: &symbols,
    };
    let _ = r.write_text_outputs(&mut std::io::sink());
});
