//! Tests of the smaller displays on hand-made sections.

use crate::dump::Bytes;

use super::*;
use crate::dump::{Loader, State};

struct NoSections;

impl<'a> Loader<'a> for NoSections {
    fn load(&mut self, _name: &str) -> Option<Section<'a>> {
        None
    }
}

fn run(
    name: &str,
    data: &[u8],
    f: fn(&mut Dumper<'_, '_>, &Section<'_>) -> io::Result<bool>,
) -> (String, Vec<String>, bool) {
    let mut out = Vec::new();
    let mut warns = Vec::new();
    let mut errs = Vec::new();
    let mut state = State::default();
    let mut loader = NoSections;
    let ok;
    {
        let mut w = |m: &str| warns.push(m.to_string());
        let mut e = |m: &str| errs.push(m.to_string());
        let mut d = Dumper::for_test(&mut out, &mut w, &mut e, &mut loader, &mut state);
        let sec = Section::for_test(name.to_string(), Bytes::Borrowed(data), 1);
        ok = f(&mut d, &sec).unwrap_or(false);
    }
    warns.extend(errs);
    (String::from_utf8_lossy(&out).into_owned(), warns, ok)
}

#[test]
fn str_dump() {
    let (out, _, ok) = run(".debug_str", b"abc\0defghijklmnopq\0", display_str);
    assert!(ok);
    assert_eq!(
        out,
        "Contents of the .debug_str section:\n\n  0x00000000 61626300 64656667 68696a6b 6c6d6e6f abc.defghijklmno\n  0x00000010 707100                              pq.\n\n"
    );
}

#[test]
fn aranges() {
    let mut s = Vec::new();
    s.extend_from_slice(&44u32.to_le_bytes());
    s.extend_from_slice(&2u16.to_le_bytes());
    s.extend_from_slice(&0u32.to_le_bytes());
    s.extend_from_slice(&[8, 0, 0, 0, 0, 0]);
    s.extend_from_slice(&0x1000u64.to_le_bytes());
    s.extend_from_slice(&0x20u64.to_le_bytes());
    s.extend_from_slice(&[0; 16]);
    let (out, _, _) = run(".debug_aranges", &s, display_aranges);
    assert!(out.contains("  Length:                   44\n"));
    assert!(out.contains("    0000000000001000 0000000000000020\n"));
    assert!(out.contains("    0000000000000000 0000000000000000\n"));
}

#[test]
fn hostile_sections_do_not_panic() {
    let junk: Vec<u8> = (0..200u32).map(|i| (i * 37 % 251) as u8).collect();
    for (n, f) in [
        (
            ".debug_aranges",
            display_aranges as fn(&mut Dumper<'_, '_>, &Section<'_>) -> io::Result<bool>,
        ),
        (".debug_pubnames", display_pubnames),
        (".debug_gnu_pubnames", display_gnu_pubnames),
        (".debug_macinfo", display_macinfo),
        (".debug_macro", display_macro),
        (".debug_str_offsets", display_str_offsets),
        (".debug_str_offsets.dwo", display_str_offsets),
        (".debug_addr", display_addr),
        (".debug_cu_index", display_cu_index),
        (".gnu_debuglink", display_links),
        (".gnu_debugaltlink", display_links),
        (".debug_sup", display_sup),
        (".gdb_index", display_gdb_index),
        (".debug_names", display_debug_names),
    ] {
        for len in [0usize, 1, 3, 7, 24, 60, 200] {
            let _ = run(n, junk.get(..len).unwrap_or(&[]), f);
            let mut ff = vec![0xffu8; len];
            ff.extend_from_slice(&junk);
            let _ = run(n, &ff, f);
        }
    }
}

#[test]
fn debuglink() {
    let mut s = b"foo.debug\0\0\0".to_vec();
    s.extend_from_slice(&0x1234u32.to_le_bytes());
    let (out, _, ok) = run(".gnu_debuglink", &s, display_links);
    assert!(ok);
    assert!(out.ends_with("  Separate debug info file: foo.debug\n  CRC value: 0x1234\n\n"));
}

#[test]
fn cu_index_v5_unsupported() {
    let mut s = Vec::new();
    for v in [5u32, 5, 0, 0, 0, 0] {
        s.extend_from_slice(&v.to_le_bytes());
    }
    let (out, _, _) = run(".debug_cu_index", &s, display_cu_index);
    assert!(out.contains("  Unsupported version (5)\n"));
}
