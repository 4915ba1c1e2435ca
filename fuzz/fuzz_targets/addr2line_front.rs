//! The addr2line front end: options, `@file`s, addresses (numbers, `symbol+offset`,
//! long lines read in GNU's 99-byte pieces) and the answers over an arbitrary file.
//! Input: a flags byte, a length byte, that many bytes of stdin, then the file.
#![no_main]
use std::ffi::OsString;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let Some((&n, rest)) = rest.split_first() else {
        return;
    };
    let (stdin, file) = rest.split_at(usize::from(n).min(rest.len()));
    let path = std::env::temp_dir().join(format!("addr2line-fuzz-{}", std::process::id()));
    if std::fs::write(&path, file).is_err() {
        return;
    }
    let mut args: Vec<OsString> = Vec::new();
    for (bit, flag) in [(1, "-a"), (2, "-f"), (4, "-i"), (8, "-p"), (16, "-s"), (32, "-C")] {
        if flags & bit != 0 {
            args.push(flag.into());
        }
    }
    if flags & 64 != 0 {
        args.extend(["-j", ".text"].map(OsString::from));
    }
    args.push("-e".into());
    args.push(path.clone().into());
    let mut input: &[u8] = stdin;
    if flags & 128 != 0 {
        // The stdin bytes as arguments instead (options, addresses, @files).
        args.extend(
            String::from_utf8_lossy(stdin)
                .split_whitespace()
                .map(OsString::from),
        );
        input = &[];
    }
    if let addr2line_tool::Command::Run(o) = addr2line_tool::Options::parse(&args) {
        let _ = addr2line_tool::translate(&o, &mut input, &mut std::io::sink());
    }
});
