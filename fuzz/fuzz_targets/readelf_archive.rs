//! GNU readelf's archive walker (`process_archive`) over arbitrary bytes as an archive
//! (`readelf -a -c -W`: the index, every member, nested and thin archives): diagnostics,
//! never a panic, a hang or a huge allocation. Thin archives name files relative to the
//! current directory; run the fuzzer from an empty one.
#![no_main]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let args = ["-a", "-c", "-W", "-u", "fuzz.a"];
    common::with_readelf(&args, |o, run, out, diag| {
        let release = |_, _| {};
        let _ =
            readelf::display::archive::process_archive(o, run, "fuzz.a", data, out, diag, &release);
    });
});
