//! GNU readelf's archive walker (`process_archive`) over arbitrary bytes as an archive
//! (`readelf -a -c -W`: the index, every member, nested and thin archives): diagnostics,
//! never a panic, a hang or a huge allocation. Thin archives name files relative to the
//! current directory; run the fuzzer from an empty one.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let args: Vec<String> = ["-a", "-c", "-W", "-u", "fuzz.a"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let Ok(mut o) = readelf::options::parse(&args, &mut out, &mut err) else {
        return;
    };
    let mut diag = readelf::diag::Diag::new(readelf::diag::PROG, &mut err);
    let _ = readelf::display::archive::process_archive(
        &mut o,
        &mut readelf::RunState::default(),
        "fuzz.a",
        data,
        &mut out,
        &mut diag,
        &|_, _| {},
    );
});
