//! GNU objdump's header and DWARF displays over arbitrary bytes as one file (`objdump
//! -x -s -T -W -w -C`: file, section and private headers, symbols, contents, every
//! DWARF dump; an archive's members too): diagnostics, never a panic, a hang or a huge
//! allocation.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let args: Vec<String> = ["-x", "-s", "-T", "-W", "-w", "-C"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let _ = objdump_tool::run_bytes(&args, "fuzz", data, &mut out, &mut err);
});
