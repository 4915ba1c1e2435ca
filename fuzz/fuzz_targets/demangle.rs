//! The demangler over arbitrary text, in every style and with every option:
//! no panic, no hang, output within the limit. The first two bytes choose the
//! style and the flags; the rest is the name (and, as a whole, the text for
//! `demangle_text_bytes`).
#![no_main]
use libdemangle::{Options, Style};

const STYLES: [&str; 7] = ["auto", "gnu-v3", "rust", "none", "java", "gnat", "dlang"];

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let (Some(&a), Some(&b)) = (data.first(), data.get(1)) else {
        return;
    };
    let rest = data.get(2..).unwrap_or(&[]);
    let style = STYLES
        .get(usize::from(a) % STYLES.len())
        .and_then(|s| Style::from_name(s))
        .unwrap_or_default();
    let opts = Options::default()
        .style(style)
        .no_params(b & 1 != 0)
        .no_verbose(b & 2 != 0)
        .types(b & 4 != 0)
        .strip_underscore(b & 8 != 0)
        .recurse_limit(b & 16 == 0)
        .max_output(if b & 32 != 0 { 4096 } else { 1 << 20 });
    if let Ok(s) = std::str::from_utf8(rest) {
        if let Some(out) = libdemangle::demangle(s, &opts) {
            assert!(out.len() <= (1 << 20) + 1);
        }
    }
    let _ = libdemangle::demangle_text_bytes(rest, &opts);
});
