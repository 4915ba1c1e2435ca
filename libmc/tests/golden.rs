//! libmc's text against GNU objdump 2.40's for committed byte sequences (tests/data/*.golden,
//! written by scripts/golden.py from GNU's output): no GNU needed.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test

use libmc::{Arch, Disassembler};

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2).unwrap(), 16).unwrap())
        .collect()
}

/// Decode each fixture line's bytes at its address; the text and length must be GNU's.
fn check(arch: Arch, fixture: &str) {
    let dis = Disassembler::new(arch);
    let mut bad = Vec::new();
    let mut n = 0;
    for line in fixture.lines().filter(|l| !l.starts_with('#')) {
        let mut f = line.splitn(3, '\t');
        let (addr, bytes, text) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
        let addr = u64::from_str_radix(addr, 16).unwrap();
        let bytes = hex(bytes);
        let insn = dis.iter(&bytes, addr).next().unwrap();
        n += 1;
        if insn.text != text || insn.len() != bytes.len() {
            bad.push(format!(
                "{addr:x} {bytes:02x?}\n  GNU  {text}\n  ours {} ({} bytes)",
                insn.text,
                insn.len()
            ));
        }
    }
    assert!(n > 10, "fixture too small");
    assert!(
        bad.is_empty(),
        "{} of {n} differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn x86_64_att() {
    check(Arch::X86_64, include_str!("data/x86-64.golden"));
}

#[test]
fn x86_64_intel() {
    let arch = Arch::X86_64.with_options("intel").unwrap();
    check(arch, include_str!("data/x86-64-intel.golden"));
}

#[test]
fn i386_att() {
    check(Arch::I386, include_str!("data/i386.golden"));
}

#[test]
fn i386_intel() {
    let arch = Arch::I386.with_options("intel").unwrap();
    check(arch, include_str!("data/i386-intel.golden"));
}

#[test]
fn aarch64() {
    check(Arch::AARCH64, include_str!("data/aarch64.golden"));
}
