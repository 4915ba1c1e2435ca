//! GNU objdump's disassembly and relocation displays over arbitrary bytes as one
//! object (`objdump -d -r -R`, then `-D -w -z --prefix-addresses`, then `-d
//! --visualize-jumps=color`, then the bytes as a raw `-b binary` file for three
//! machines): diagnostics, never a panic, a hang or a huge allocation.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    for opts in [
        &["-d", "-r", "-R"][..],
        &["-D", "-w", "-z", "--prefix-addresses"][..],
        &["-d", "--visualize-jumps=color"][..],
        &["-D", "-b", "binary", "-m", "i386:x86-64"][..],
        &["-D", "-b", "binary", "-m", "aarch64", "-EB"][..],
        &["-D", "-b", "binary", "-m", "arm"][..],
    ] {
        let args: Vec<String> = opts.iter().map(|s| s.to_string()).collect();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let _ = objdump_tool::run_bytes(&args, "fuzz", data, &mut out, &mut err);
    }
});
