//! Objects elfc compiles, odd and malformed ones included, as GNU readelf reads them
//! (trials, ignored without GNU readelf).

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

use host_trials::{Need, Trials};

mod common;
use common::BASE;

/// `readelf -S -W` on the object compiled from `text`: (stdout, stderr).
fn readelf(text: &str, name: &str) -> (String, String) {
    let bytes = elfc::compile(text).unwrap_or_else(|e| panic!("{e}"));
    let path = std::env::temp_dir().join(format!("elfc-test-{}-{name}.o", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();
    let out = Command::new("readelf")
        .args(["-S", "-W"])
        .arg(&path)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&path);
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn well_formed_base_reads_cleanly() {
    let (out, err) = readelf(BASE, "base");
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("There are 5 section headers"), "{out}");
    assert!(out.contains(".symtab           SYMTAB"), "{out}");
}

fn malformed_truncated_section_table() {
    // Claim ten section headers where five are written: the table runs off the end.
    let text = format!("{BASE}\nheader {{ e_shnum: 10 }}");
    let (out, err) = readelf(&text, "trunc");
    assert!(
        err.contains("extends past end of file for section headers"),
        "{out}{err}"
    );
}

fn malformed_bad_sh_link() {
    let text = BASE.replace("section .symtab {", "section .symtab { sh_link: 42");
    let (out, err) = readelf(&text, "link");
    let line = out
        .lines()
        .find(|l| l.contains(".symtab"))
        .unwrap_or_default();
    assert!(line.split_whitespace().any(|w| w == "42"), "{out}{err}");
    // The symbol name still resolved through .strtab.
    let bytes = elfc::compile(&text).unwrap();
    assert!(bytes.windows(2).any(|w| w == b"f\0"));
}

fn malformed_bad_string_offset() {
    let text = BASE.replace("section .text {", "section .text { sh_name: 0x1000");
    let (out, err) = readelf(&text, "name");
    assert!(out.contains("<corrupt>"), "{out}{err}");
}

fn malformed_huge_count() {
    let text = format!("{BASE}\nheader {{ e_shnum: 0xfff0 }}");
    let (out, err) = readelf(&text, "count");
    assert!(out.contains("There are 65520 section headers"), "{out}");
    assert!(err.contains("Error: Reading"), "{err}");
}

fn main() {
    let mut t = Trials::new();
    let readelf = [Need::GnuTool("readelf")];
    t.add_fn(
        "well_formed_base_reads_cleanly",
        &readelf,
        well_formed_base_reads_cleanly,
    );
    t.add_fn(
        "malformed_truncated_section_table",
        &readelf,
        malformed_truncated_section_table,
    );
    t.add_fn("malformed_bad_sh_link", &readelf, malformed_bad_sh_link);
    t.add_fn(
        "malformed_bad_string_offset",
        &readelf,
        malformed_bad_string_offset,
    );
    t.add_fn("malformed_huge_count", &readelf, malformed_huge_count);
    t.run()
}
