//! What the integration tests share.

#![allow(dead_code)]

/// A small object the malformed cases start from.
pub const BASE: &str = r#"
header { type: REL machine: X86_64 }
section .text { flags: ALLOC | EXECINSTR align: 16 label f hex "31c0c3" }
section .strtab { }
section .symtab { sym { name: f bind: GLOBAL type: FUNC section: .text value: addr(f) size: 3 } }
"#;

/// `elfc OPTS -o OUT SRC` (OPTS before `-o`), run to completion.
pub fn compile(
    opts: &[&str],
    out: &std::path::Path,
    src: &std::path::Path,
) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_elfc"))
        .args(opts)
        .arg("-o")
        .arg(out)
        .arg(src)
        .output()
        .expect("elfc runs")
}
