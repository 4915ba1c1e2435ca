//! Tests of the `.debug_line` displays on hand-made sections.

#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use crate::dump::Bytes;

use super::super::{Dumper, Loader, Section, Selection, State};
use super::{display_lines, push_alt_hex, push_hex08, AltHex};

struct Sections(Vec<(String, Vec<u8>)>);

impl<'a> Loader<'a> for Sections {
    fn load(&mut self, name: &str) -> Option<Section<'a>> {
        self.0
            .iter()
            .find(|(n, _)| n == name)
            .map(|(n, d)| Section::for_test(n.clone(), Bytes::from(d.clone()), 1))
    }
}

/// Runs the display; returns stdout and the warnings/errors.
fn run(
    name: &str,
    data: &[u8],
    others: Vec<(String, Vec<u8>)>,
    sel: Selection,
    wide: bool,
) -> (String, String) {
    let mut out = Vec::new();
    let mut msgs = String::new();
    let msgs_cell = std::cell::RefCell::new(&mut msgs);
    let mut warn = |m: &str| msgs_cell.borrow_mut().push_str(m);
    let mut error = |m: &str| msgs_cell.borrow_mut().push_str(m);
    let mut loader = Sections(others);
    let mut state = State::default();
    let sec = Section::for_test(name.to_string(), Bytes::Borrowed(data), 1);
    {
        let mut d = Dumper::for_test(&mut out, &mut warn, &mut error, &mut loader, &mut state);
        d.opts.selection = sel;
        d.opts.wide = wide;
        display_lines(&mut d, &sec).unwrap();
    }
    (String::from_utf8_lossy(&out).into_owned(), msgs)
}

fn selection(raw: bool, decoded: bool) -> Selection {
    Selection {
        lines_raw: raw,
        lines_decoded: decoded,
        ..Selection::default()
    }
}

/// A DWARF 3 line program for `dir/a.c` with one sequence.
fn v3_program() -> Vec<u8> {
    let mut body = vec![
        3, 0, // version
        0, 0, 0, 0,    // header_length, patched below
        1,    // min_insn_length
        1,    // default_is_stmt
        0xfb, // line_base -5
        14,   // line_range
        13,   // opcode_base
        0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1, // standard opcode lengths
    ];
    body.extend_from_slice(b"dir\0\0");
    body.extend_from_slice(b"a.c\0\x01\x00\x00\0");
    let header_end = body.len();
    let header_length = (header_end - 6) as u32;
    body[2..6].copy_from_slice(&header_length.to_le_bytes());
    // set_address 0x1000
    body.extend_from_slice(&[0, 9, 2]);
    body.extend_from_slice(&0x1000u64.to_le_bytes());
    body.push(0x13); // special: line +1 (13 - 13 = 0 -> addr 0, line -5 + ... )
    body.extend_from_slice(&[2, 4]); // advance_pc 4
    body.extend_from_slice(&[3, 2]); // advance_line 2
    body.push(1); // copy
    body.extend_from_slice(&[0, 1, 1]); // end_sequence
    let mut sec = (body.len() as u32).to_le_bytes().to_vec();
    sec.extend_from_slice(&body);
    sec
}

/// [`run`] over the section of [`v3_program`] alone.
fn run_v3(sel: Selection, wide: bool) -> (String, String) {
    run(".debug_line", &v3_program(), vec![], sel, wide)
}

#[test]
fn raw_v3() {
    let (out, msgs) = run_v3(selection(true, false), false);
    assert_eq!(msgs, "");
    assert!(out.starts_with("Raw dump of debug contents of section .debug_line:\n\n"));
    assert!(out.contains("  DWARF Version:               3\n"));
    assert!(out.contains("  Line Base:                   -5\n"));
    assert!(out.contains("  Opcode 1 has 0 args\n  Opcode 2 has 1 arg\n"));
    assert!(out.contains(" The Directory Table (offset 0x1b):\n  1\tdir\n"));
    assert!(out.contains("  1\t1\t0\t0\ta.c\n"));
    assert!(out.contains("Extended opcode 2: set Address to 0x1000\n"));
    assert!(out.contains("  Special opcode 6: advance Address by 0 to 0x1000 and Line by 1 to 2\n"));
    assert!(out.contains("  Advance PC by 4 to 0x1004\n"));
    assert!(out.contains("  Advance Line by 2 to 4\n"));
    assert!(out.contains("  Copy\n"));
    assert!(out.contains("  Extended opcode 1: End of Sequence\n\n"));
}

#[test]
fn decoded_v3() {
    let (out, msgs) = run_v3(selection(false, true), true);
    assert_eq!(msgs, "");
    assert!(out.starts_with("Contents of the .debug_line section:\n\nCU: dir/a.c:\n"));
    assert!(out.contains(
        "File name                            Line number    Starting address    View    Stmt\n"
    ));
    let row = format!(
        "{:<35}  {:>11}  {:>18}        {:>8}\n",
        "a.c", 2, "0x1000", "x"
    );
    assert!(out.contains(&row), "{out}");
    let end = format!("{:<35}  {:>11}  {:>18}\n\n", "a.c", "-", "0x1004");
    assert!(out.contains(&end), "{out}");
}

#[test]
fn default_is_raw() {
    let (out, _) = run_v3(Selection::default(), false);
    assert!(out.starts_with("Raw dump"));
}

#[test]
fn fragment_without_header() {
    let (_, msgs) = run(
        ".debug_line.text.f",
        &[1, 1, 1],
        vec![],
        selection(true, false),
        false,
    );
    assert!(msgs.contains("Partial .debug_line. section encountered"));
}

#[test]
fn v5_tables_with_line_strp() {
    let mut body = vec![
        5, 0, // version
        8, 0, // address size, segment selector size
        0, 0, 0, 0, // header_length
        1, 1, 1, 0xfb, 14, 13, 0, 1, 1, 1, 1, 0, 0, 0, 1, 0, 0, 1,
    ];
    // directories: 1 format (path, line_strp), 1 entry
    body.extend_from_slice(&[1, 1, 0x1f, 1, 0, 0, 0, 0]);
    // files: 2 formats (path line_strp, dir udata), 1 entry
    body.extend_from_slice(&[2, 1, 0x1f, 2, 0x0b, 1, 5, 0, 0, 0, 0]);
    let hl = (body.len() - 8) as u32;
    body[4..8].copy_from_slice(&hl.to_le_bytes());
    let mut sec = (body.len() as u32).to_le_bytes().to_vec();
    sec.extend_from_slice(&body);
    let strs = vec![(".debug_line_str".to_string(), b"/src\0b.c\0".to_vec())];
    let (out, msgs) = run(
        ".debug_line",
        &sec,
        strs.clone(),
        selection(true, true),
        false,
    );
    // GNU's decoded display complains when the file table reaches the end.
    assert_eq!(msgs, "Corrupt file name list\n");
    assert!(out.contains(" The Directory Table (offset 0x22, lines 1, columns 1):\n  Entry\tName\n  0\t(indirect line string, offset: 0): /src\n"), "{out}");
    assert!(
        out.contains("  Entry\tDir\tName\n  0\t0\t(indirect line string, offset: 0x5): b.c\n"),
        "{out}"
    );
    assert!(out.contains(" No Line Number Statements.\n"));
    assert!(out.contains("b.c:\nFile name"), "{out}");
    let (out, _) = run(".debug_line", &sec, strs, selection(true, true), true);
    assert!(
        out.contains("  0\t(line_strp)\t(offset: 0): /src\n"),
        "{out}"
    );
    assert!(out.contains("CU: /src/b.c:\n"), "{out}");
}

/// Truncated and damaged programs end in warnings, never a panic or a hang.
#[test]
fn hostile_programs() {
    let good = v3_program();
    for cut in 0..good.len() {
        for sel in [selection(true, false), selection(false, true)] {
            let _ = run(".debug_line", &good[..cut], vec![], sel, false);
        }
    }
    let mut seed = 0x1234_5678u32;
    for _ in 0..2000 {
        let mut data = good.clone();
        for _ in 0..3 {
            seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12345);
            let i = (seed >> 8) as usize % data.len();
            data[i] = (seed >> 20) as u8;
        }
        let sel = selection(true, true);
        let _ = run(".debug_line", &data, vec![], sel, seed & 1 == 0);
        let _ = run(".debug_line.text.x", &data, vec![], sel, false);
    }
}

#[test]
fn hex_formats() {
    assert_eq!(format!("{}", AltHex(0)), "0");
    assert_eq!(format!("{:>6}", AltHex(0x1f)), "  0x1f");
    let mut v = Vec::new();
    push_alt_hex(&mut v, 0);
    push_alt_hex(&mut v, 0xabc);
    push_hex08(&mut v, 0x12);
    push_hex08(&mut v, 0x1_2345_6789);
    assert_eq!(v, b"00xabc00000012123456789");
}
