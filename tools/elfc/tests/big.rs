//! Issue 10: elfc is linear in sections and symbols, and objects with more than 65,535
//! sections (extended numbering) compile, dump and compile back byte for byte. The big
//! objects are generated here, not committed.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use libelf::read::{SectionIndex, SymbolTable};
use libelf::ElfFile;

/// A budget far above what the linear code needs even unoptimised, far below what the
/// quadratic one took (minutes for 70,000 sections).
const BUDGET: Duration = Duration::from_secs(300);

/// `n` one-byte sections, a global symbol naming each by name, and the generated tables.
fn sections(n: usize, shndx: bool) -> String {
    let mut t = String::from("header { type: REL machine: X86_64 }\n");
    for i in 0..n {
        writeln!(
            t,
            "section .text.f{i} {{ flags: ALLOC | EXECINSTR hex \"c3\" }}"
        )
        .unwrap();
    }
    t.push_str("section .strtab { }\nsection .symtab {\n");
    for i in 0..n {
        writeln!(
            t,
            "  sym {{ name: f{i} bind: GLOBAL type: FUNC section: .text.f{i} size: 1 }}"
        )
        .unwrap();
    }
    t.push_str("}\n");
    if shndx {
        t.push_str("section .symtab_shndx { }\n");
    }
    t
}

#[test]
fn seventy_thousand_sections_compile_and_round_trip() {
    const N: usize = 70_000;
    let start = Instant::now();
    let bytes = elfc::compile(&sections(N, true)).unwrap();
    let file = ElfFile::parse(&bytes).unwrap();
    // null, N sections, .strtab, .symtab, .symtab_shndx, .shstrtab
    assert_eq!(file.header().e_shnum, 0);
    assert_eq!(file.section_count(), N as u64 + 5);
    assert_eq!(file.header().e_shstrndx, 0xffff);
    assert_eq!(file.shstrndx() as usize, N + 4);
    let symtab = file.section_by_name(b".symtab").unwrap().unwrap();
    let syms: Vec<_> = SymbolTable::parse(&symtab).unwrap().iter().collect();
    assert_eq!(syms.len(), N + 1);
    for i in [0usize, 0xfefd, 0xfefe, 0xfeff, N - 1] {
        let s = &syms[i + 1];
        assert_eq!(s.name_bytes().unwrap(), format!("f{i}").as_bytes());
        let expect_x = i + 1 >= 0xff00;
        assert_eq!(s.sym.st_shndx == 0xffff, expect_x, "f{i}");
        let sec = file.section(SectionIndex(s.shndx.unwrap())).unwrap();
        assert_eq!(sec.name_bytes().unwrap(), format!(".text.f{i}").as_bytes());
    }
    let text = elfc::dump(&bytes).unwrap();
    assert!(
        elfc::compile(&text).unwrap() == bytes,
        "dump, compile: not identical"
    );
    assert!(start.elapsed() < BUDGET, "{:?}", start.elapsed());
}

#[test]
fn extended_index_without_a_shndx_section_is_an_error() {
    let e = elfc::compile(&sections(0xff00, false)).unwrap_err();
    assert!(
        e.to_string()
            .contains("needs SHN_XINDEX: add `section .symtab_shndx { }`"),
        "{e}"
    );
}

#[test]
fn a_hundred_thousand_symbols_and_relocations_are_linear() {
    const N: usize = 100_000;
    let mut t = String::from(
        "header { type: REL machine: X86_64 }\nsection .text { flags: ALLOC | EXECINSTR zeros 16 }\nsection .strtab { }\nsection .symtab {\n",
    );
    for i in 0..N {
        writeln!(t, "  sym {{ name: s{i} bind: GLOBAL section: .text }}").unwrap();
    }
    t.push_str("}\nsection .rela.text {\n");
    for i in 0..N {
        writeln!(t, "  rela {{ offset: 0 sym: s{i} type: R_X86_64_64 }}").unwrap();
    }
    t.push_str("}\n");
    let start = Instant::now();
    let bytes = elfc::compile(&t).unwrap();
    assert!(start.elapsed() < BUDGET, "{:?}", start.elapsed());
    let file = ElfFile::parse(&bytes).unwrap();
    let rela = file.section_by_name(b".rela.text").unwrap().unwrap();
    let last = &rela.data().unwrap()[(N - 1) * 24..N * 24];
    // r_info: symbol N (the null symbol is 0), type R_X86_64_64 (1).
    assert_eq!(
        u64::from_le_bytes(last[8..16].try_into().unwrap()),
        (N as u64) << 32 | 1
    );
    let strtab = file.section_by_name(b".strtab").unwrap().unwrap();
    assert_eq!(
        strtab.data().unwrap().len(),
        1 + (0..N).map(|i| format!("s{i}").len() + 1).sum::<usize>()
    );
}
