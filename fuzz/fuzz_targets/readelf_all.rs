//! GNU readelf's every display over arbitrary bytes as one object (`readelf -a -w -W`,
//! DWARF dumps included): diagnostics, never a panic, a hang or a huge allocation.
#![no_main]
mod common;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let args = ["-a", "-w", "-W", "-n", "-u", "fuzz"];
    common::with_readelf(&args, |o, run, out, diag| {
        let _ = readelf::process_object(o, run, "fuzz", data, false, out, diag);
    });
});
