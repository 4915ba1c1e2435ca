//! GNU readelf's every display over arbitrary bytes as one object (`readelf -a -w -W`,
//! DWARF dumps included): diagnostics, never a panic, a hang or a huge allocation.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let args: Vec<String> = ["-a", "-w", "-W", "-n", "-u", "fuzz"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let Ok(mut o) = readelf::options::parse(&args, &mut out, &mut err) else {
        return;
    };
    let mut diag = readelf::diag::Diag::new(readelf::diag::PROG, &mut err);
    let _ = readelf::process_object(
        &mut o,
        &mut readelf::RunState::default(),
        "fuzz",
        data,
        false,
        &mut out,
        &mut diag,
    );
});
