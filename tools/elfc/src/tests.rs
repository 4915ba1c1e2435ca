#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use super::*;
use libelf::ElfFile;

fn err_at(text: &str) -> (usize, usize, String) {
    let e = compile(text).expect_err("should fail");
    let d = &e.items[0];
    (d.line, d.column, d.message.clone())
}

#[test]
fn empty_description_is_a_bare_header() {
    let b = compile("").unwrap();
    assert_eq!(b.len(), 64);
    let f = ElfFile::parse(&b).unwrap();
    assert_eq!(f.header().e_type, 1);
    assert_eq!(f.header().e_shnum, 0);
}

#[test]
fn syntax_error_points_at_line_and_column() {
    let (l, c, m) = err_at("header {\n  type: REL\n  machine: @\n}");
    assert_eq!((l, c), (3, 12), "{m}");
    assert!(m.starts_with("expected"), "{m}");
}

#[test]
fn unknown_field_is_reported_where_it_is() {
    let (l, c, m) = err_at("section .text {\n    colour: 3\n}");
    assert_eq!((l, c), (2, 5));
    assert!(m.contains("unknown section field `colour`"), "{m}");
}

#[test]
fn unknown_name_and_section() {
    let (l, c, m) = err_at("section .text { size: sizeof(.nope) }");
    assert_eq!((l, c), (1, 23));
    assert!(m.contains(".nope"), "{m}");
    let (_, _, m) = err_at("header { machine: NO_SUCH_MACHINE }");
    assert!(m.contains("unknown name"), "{m}");
}

#[test]
fn unterminated_string_and_bad_hex() {
    let (l, _, m) = err_at("section .a {\n ascii \"abc\n}");
    assert_eq!(l, 2, "{m}");
    let (l, c, m) = err_at("section .a { hex \"abc\" }");
    assert_eq!((l, c), (1, 23));
    assert!(m.contains("even number"), "{m}");
}

#[test]
fn diagnostics_display_has_file_line_column() {
    let opts = Options {
        file_name: "x.elfc".into(),
        ..Default::default()
    };
    let e = compile_with("header { type: }", &opts).unwrap_err();
    assert!(
        e.to_string().starts_with("x.elfc:1:16: error: expected"),
        "{e}"
    );
}

#[test]
fn expressions_and_precedence() {
    let b = compile("section .d { u32 1 + 2 * 3, (1 + 2) * 3, 1 << 4 | 1, -1, ~0 & 0xff, 7 % 4 }")
        .unwrap();
    let f = ElfFile::parse(&b).unwrap();
    let d = f.section_by_name(b".d").unwrap().unwrap().data().unwrap();
    let words: Vec<u32> = d
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(words, [7, 9, 17, 0xffff_ffff, 0xff, 3]);
}

#[test]
fn layout_functions_settle() {
    let text = r#"
        section .a { u64 offset(.b), sizeof(.b), addr(x), end(.b), index(.b) }
        section .b { addr: 0x1000 align: 16 zeros 5 label x hex "aa" }
    "#;
    let b = compile(text).unwrap();
    let f = ElfFile::parse(&b).unwrap();
    let sb = *f.section_by_name(b".b").unwrap().unwrap().header();
    let d = f.section_by_name(b".a").unwrap().unwrap().data().unwrap();
    let w: Vec<u64> = d
        .chunks(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect();
    assert_eq!(w, [sb.sh_offset, 6, 0x1005, sb.sh_offset + 6, 2]);
    assert_eq!(sb.sh_offset % 16, 0);
}

#[test]
fn class_and_data_parameters() {
    let text = "header { class: 64 data: lsb } section .d { addr 0x11223344 }";
    for (class, endian) in [
        (Class::Elf32, Endian::Little),
        (Class::Elf32, Endian::Big),
        (Class::Elf64, Endian::Little),
        (Class::Elf64, Endian::Big),
    ] {
        let opts = Options {
            class: Some(class),
            endian: Some(endian),
            ..Default::default()
        };
        let b = compile_with(text, &opts).unwrap();
        let f = ElfFile::parse(&b).unwrap();
        assert_eq!((f.class(), f.endian()), (class, endian));
        let d = f.section_by_name(b".d").unwrap().unwrap().data().unwrap();
        assert_eq!(d.len(), class.addr_size());
        let v = match endian {
            Endian::Little => d.iter().rev().fold(0u64, |a, &b| a << 8 | u64::from(b)),
            Endian::Big => d.iter().fold(0u64, |a, &b| a << 8 | u64::from(b)),
        };
        assert_eq!(v, 0x1122_3344);
        assert_eq!(compile(&dump(&b).unwrap()).unwrap(), b);
    }
}

#[test]
fn fixed_offsets_are_kept() {
    let b = compile("section .a { offset: 0x200 hex \"01\" } section .b { hex \"02\" }").unwrap();
    let f = ElfFile::parse(&b).unwrap();
    assert_eq!(
        f.section_by_name(b".a")
            .unwrap()
            .unwrap()
            .header()
            .sh_offset,
        0x200
    );
    assert_eq!(
        f.section_by_name(b".b")
            .unwrap()
            .unwrap()
            .header()
            .sh_offset,
        0x201
    );
}

#[test]
fn raw_overrides_win() {
    let b = compile("header { e_shnum: 7 e_shstrndx: 0x99 } section .a { sh_size: 0x1234 sh_link: 55 hex \"00\" }").unwrap();
    assert_eq!(u16::from_le_bytes([b[60], b[61]]), 7); // e_shnum
    assert_eq!(u16::from_le_bytes([b[62], b[63]]), 0x99); // e_shstrndx
    let shoff = u64::from_le_bytes(b[40..48].try_into().unwrap()) as usize;
    let sh1 = &b[shoff + 64..shoff + 128];
    assert_eq!(u32::from_le_bytes(sh1[40..44].try_into().unwrap()), 55); // sh_link
    assert_eq!(u64::from_le_bytes(sh1[32..40].try_into().unwrap()), 0x1234); // sh_size
}

#[test]
fn hostile_sizes_are_errors() {
    for text in [
        "section .a { zeros 0xffffffffffff }",
        "section .a { offset: 0xffffffffffff hex \"00\" }",
        "header { e_shoff: 0xffffffffff00 } section .a { }",
        "fill 0xffffffffffff { hex \"00\" }",
        "section .a { align 0xffffffffffff hex \"00\" }",
        "section .a { zeros 0x30000000 zeros 0x30000000 }",
        "section .a { u8 1 / 0 }",
    ] {
        assert!(compile(text).is_err(), "{text}");
    }
    // A large size in a header field alone is just a number.
    assert!(compile("section .bss { type: NOBITS size: 0xffffffffffff }").is_ok());
}

#[test]
fn deep_nesting_is_an_error() {
    let deep = format!(
        "section .a {{ u8 {}1{} }}",
        "(".repeat(100_000),
        ")".repeat(100_000)
    );
    let (_, _, m) = err_at(&deep);
    assert!(m.contains("nesting"), "{m}");
    let ok = format!("section .a {{ u8 {}1{} }}", "(".repeat(40), ")".repeat(40));
    assert!(compile(&ok).is_ok());
    let long = format!("section .a {{ u64 0{} }}", " + 1".repeat(20_000));
    let (_, _, m) = err_at(&long);
    assert!(m.contains("operators"), "{m}");
    let fine = format!("section .a {{ u64 0{} }}", " + 1".repeat(250));
    assert!(compile(&fine).is_ok());
    let unary = format!("section .a {{ u64 {}1 }}", "-".repeat(1000));
    assert!(compile(&unary).is_err());
}

#[test]
fn grammar_expr_parses() {
    assert!(grammar::expr("sizeof(.text) + 4 * $addrsize").is_ok());
}

/// Issue 10: a zero-filled region dumps as `zeros N` (a sparse 4 GiB file used to dump
/// as 8 GiB of hex from 4.7 GB of memory), and compiles back to the same bytes.
#[test]
fn dumps_write_zero_runs_as_zeros() {
    let mut bytes = compile("section .data { hex \"01\" zeros 0x100000 hex \"02\" }").unwrap();
    bytes.extend(std::iter::repeat_n(0u8, 1 << 20));
    let text = dump(&bytes).unwrap();
    assert!(text.len() < 4096, "{} bytes of description", text.len());
    assert!(text.contains("zeros 0x100000\n"), "{text}");
    assert_eq!(compile(&text).unwrap(), bytes);
    // Short runs stay hex, long ones anywhere in a line are split out.
    for (n, k) in [(63usize, 0usize), (64, 1), (100, 1)] {
        let d = format!("section .data {{ hex \"0102\" zeros {n} hex \"03\" }}");
        let b = compile(&d).unwrap();
        let t = dump(&b).unwrap();
        assert_eq!(t.matches("zeros").count(), k, "{n}: {t}");
        assert_eq!(compile(&t).unwrap(), b, "{n}");
    }
}

/// Issue 10: a description's syntax tree stays small per item (2,000,000 `u32` items
/// took 1.3 GB): a word needs no allocation of its own and a body item is no larger
/// than a content.
#[test]
fn syntax_tree_items_are_small() {
    use crate::ast::{Body, Content, Expr};
    assert!(std::mem::size_of::<Expr>() <= 40);
    assert!(std::mem::size_of::<Content>() <= 48);
    assert!(std::mem::size_of::<Body>() <= 56);
    let items = crate::grammar::file("section .data { u32 1 u32 2, 3 }").unwrap();
    let crate::ast::Item::Section { body, .. } = &items[0] else {
        panic!("{items:?}")
    };
    assert!(matches!(
        body[0],
        Body::Content(Content::Word(4, Expr::Num(1)))
    ));
    assert!(matches!(&body[1], Body::Content(Content::Words(4, w)) if w.len() == 2));
}
