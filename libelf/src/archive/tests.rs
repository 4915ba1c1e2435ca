//! Tests for `ar` archives: hand-built archives of each dialect, rewriting, building,
//! malformed input, and live comparisons with GNU ar/nm and llvm-ar where installed.

use super::*;
#[path = "../../tests/common/archive.rs"]
mod common;
use crate::{Endian, Error};
use common::*;

// ---------------------------------------------------------------------------------------
// Helpers

/// An archive of one symbol index member `name`: `words`, then `strings`.
fn index_only(name: &[u8], words: &[[u8; 4]], strings: &[u8]) -> Vec<u8> {
    let mut index = words.concat();
    index.extend_from_slice(strings);
    let mut bytes = MAGIC.to_vec();
    push_member(&mut bytes, name, &index);
    bytes
}

/// A member's `(date, uid, gid, mode)`.
fn stat(m: &Member<'_>) -> (u64, u32, u32, u32) {
    (
        m.date().unwrap(),
        m.uid().unwrap(),
        m.gid().unwrap(),
        m.mode().unwrap(),
    )
}

/// `(symbol, header offset)` rows as `symbols` gives them.
fn at_rows(rows: &[(&str, u64)]) -> Vec<(Vec<u8>, u64)> {
    rows.iter()
        .map(|&(n, at)| (n.as_bytes().to_vec(), at))
        .collect()
}

/// `(symbol, member name)` rows as `resolved_symbols` gives them.
fn member_rows(rows: &[(&str, &str)]) -> Vec<(Vec<u8>, Vec<u8>)> {
    rows.iter()
        .map(|&(n, m)| (n.as_bytes().to_vec(), m.as_bytes().to_vec()))
        .collect()
}

/// A 60-byte header with `name` in the name field and the given size field.
fn header(name: &[u8], size: usize) -> Vec<u8> {
    let mut h = Vec::new();
    let field = |h: &mut Vec<u8>, v: &[u8], w: usize| {
        assert!(v.len() <= w);
        h.extend_from_slice(v);
        h.resize(h.len() + w - v.len(), b' ');
    };
    field(&mut h, name, 16);
    field(&mut h, b"1700000000", 12); // date
    field(&mut h, b"1000", 6); // uid
    field(&mut h, b"100", 6); // gid
    field(&mut h, b"100644", 8); // mode (octal)
    field(&mut h, size.to_string().as_bytes(), 10);
    h.extend_from_slice(b"`\n");
    assert_eq!(h.len(), 60);
    h
}

/// Append a member (header, data, padding) to `out`; return its header offset.
fn push_member(out: &mut Vec<u8>, name: &[u8], data: &[u8]) -> u64 {
    let at = out.len() as u64;
    out.extend_from_slice(&header(name, data.len()));
    out.extend_from_slice(data);
    if out.len() % 2 == 1 {
        out.push(b'\n');
    }
    at
}

/// A GNU archive: `/` index (foo, bar → a.o; baz → the long-named member), `//`, and
/// a.o (odd size, padded), a_very_long_member_name.o, b.o.
fn gnu_archive() -> (Vec<u8>, [u64; 3]) {
    let long = b"a_very_long_member_name.o/\n\n"; // 27 bytes, padded to 28 inside the size
    let strings = b"foo\0bar\0baz\0";
    let index_size = 4 + 3 * 4 + strings.len();
    let a_at = 8 + 60 + index_size + 60 + long.len();
    let long_at = a_at + 60 + 3 + 1;
    let b_at = long_at + 60 + 6;
    let mut index = Vec::new();
    index.extend_from_slice(&3u32.to_be_bytes()); // count
    for at in [a_at, a_at, long_at] {
        index.extend_from_slice(&(at as u32).to_be_bytes());
    }
    index.extend_from_slice(strings);

    let mut out = MAGIC.to_vec();
    push_member(&mut out, b"/", &index);
    push_member(&mut out, b"//", long);
    assert_eq!(push_member(&mut out, b"a.o/", b"abc"), a_at as u64);
    assert_eq!(push_member(&mut out, b"/0", b"hello!"), long_at as u64);
    assert_eq!(push_member(&mut out, b"b.o/", b"bb"), b_at as u64);
    (out, [a_at as u64, long_at as u64, b_at as u64])
}

/// Both byte orders of the BSD index, 32- and 64-bit (`__.SYMDEF`, `__.SYMDEF_64`).
const BSD_FLAVOURS: [(Endian, bool); 4] = [
    (Endian::Little, false),
    (Endian::Big, false),
    (Endian::Little, true),
    (Endian::Big, true),
];

/// A BSD archive: `__.SYMDEF` as a `#1/12` member (as llvm-ar writes it), ranlib structs
/// in `endian`, then `#1/` named members and one short name.
fn bsd_archive(endian: Endian, wide: bool) -> (Vec<u8>, [u64; 3]) {
    let symdef: &[u8] = if wide {
        b"__.SYMDEF_64\0\0\0\0"
    } else {
        b"__.SYMDEF\0\0\0"
    };
    let w = if wide { 8 } else { 4 };
    let strings = b"foo\0bar\0baz\0\0\0\0\0"; // padded, as llvm-ar does
    let index_size = symdef.len() + w + 3 * 2 * w + w + strings.len();
    let a_at = 8 + 60 + index_size;
    let name_a = b"a.o\0"; // #1/4
    let long_at = a_at + 60 + name_a.len() + 3 + 1;
    let name_long = b"a_very_long_member_name.o\0\0\0"; // #1/28
    let c_at = long_at + 60 + name_long.len() + 5 + 1;

    let num = |v: u64| -> Vec<u8> {
        match (endian, wide) {
            (Endian::Little, false) => (v as u32).to_le_bytes().to_vec(),
            (Endian::Big, false) => (v as u32).to_be_bytes().to_vec(),
            (Endian::Little, true) => v.to_le_bytes().to_vec(),
            (Endian::Big, true) => v.to_be_bytes().to_vec(),
        }
    };
    let mut index = symdef.to_vec();
    index.extend(num(3 * 2 * w as u64)); // ranlib_size
    for (strx, at) in [(0, a_at), (4, long_at), (8, c_at)] {
        index.extend(num(strx)); // ran_strx
        index.extend(num(at as u64)); // ran_off
    }
    index.extend(num(strings.len() as u64));
    index.extend_from_slice(strings);

    let mut out = MAGIC.to_vec();
    push_member(&mut out, format!("#1/{}", symdef.len()).as_bytes(), &index);
    let mut a = name_a.to_vec();
    a.extend_from_slice(b"abc");
    assert_eq!(push_member(&mut out, b"#1/4", &a), a_at as u64);
    let mut long = name_long.to_vec();
    long.extend_from_slice(b"hello");
    assert_eq!(push_member(&mut out, b"#1/28", &long), long_at as u64);
    assert_eq!(push_member(&mut out, b"c.o", b"cc"), c_at as u64);
    (out, [a_at as u64, long_at as u64, c_at as u64])
}

/// A thin archive: `/` index, `//` with paths, two external members and one taken from a
/// nested archive (`/off:origin`).
fn thin_archive() -> (Vec<u8>, [u64; 3]) {
    let long = b"dir/x.o/\ndir/a_long_member_name.o/\nlib.a/\n"; // 9 + 26 + 7 = 42
    let long_padded = long.to_vec();
    let strings = b"x\0y\0";
    let index_size = 4 + 2 * 4 + strings.len();
    let x_at = 8 + 60 + index_size + 60 + long_padded.len();
    let y_at = x_at + 60;
    let z_at = y_at + 60;
    let mut index = 2u32.to_be_bytes().to_vec();
    index.extend_from_slice(&(x_at as u32).to_be_bytes());
    index.extend_from_slice(&(y_at as u32).to_be_bytes());
    index.extend_from_slice(strings);

    let mut out = THIN_MAGIC.to_vec();
    push_member(&mut out, b"/", &index);
    push_member(&mut out, b"//", &long_padded);
    // External members: a header with the external file's size, no data.
    out.extend_from_slice(&header(b"/0", 1234));
    out.extend_from_slice(&header(b"/9", 77777));
    out.extend_from_slice(&header(b"/35:204", 555));
    (out, [x_at as u64, y_at as u64, z_at as u64])
}

fn err_offset(e: &Error) -> u64 {
    match e {
        Error::BadArchiveMember { offset, .. } => *offset,
        other => panic!("unexpected error {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------
// Reading hand-built archives

#[test]
fn gnu_long_names_and_symbol_index() {
    let (bytes, [a_at, long_at, b_at]) = gnu_archive();
    let archive = Archive::parse(&bytes).unwrap();
    assert_eq!(archive.kind(), ArchiveKind::Gnu);
    assert!(!archive.is_thin());
    assert_eq!(archive.symbol_index_kind(), Some(SymbolIndexKind::Gnu));
    assert_eq!(archive.symbol_count(), 3);
    assert_eq!(
        archive.long_names(),
        Some(&b"a_very_long_member_name.o/\n\n"[..])
    );
    assert_eq!(
        names(&archive),
        [&b"a.o"[..], b"a_very_long_member_name.o", b"b.o"]
    );

    let members: Vec<_> = archive.members().map(|m| m.unwrap()).collect();
    let a = members[0];
    assert_eq!(a.header_offset(), a_at);
    assert_eq!(a.data_offset(), a_at + 60);
    assert_eq!(a.header_size(), 60);
    assert_eq!(a.size(), 3);
    assert_eq!(a.data_size(), 3);
    assert_eq!(a.data().unwrap(), b"abc");
    assert_eq!(a.raw_name(), b"a.o/            ");
    assert_eq!(a.header(), &bytes[a_at as usize..a_at as usize + 60]);
    assert_eq!(a.date().unwrap(), 1_700_000_000);
    assert_eq!(a.uid().unwrap(), 1000);
    assert_eq!(a.gid().unwrap(), 100);
    assert_eq!(a.mode().unwrap(), 0o100644);
    assert!(!a.is_external());
    assert_eq!(a.nested_offset(), None);
    assert_eq!(members[1].header_offset(), long_at);
    assert_eq!(members[1].raw_name(), b"/0              ");
    assert_eq!(members[1].data().unwrap(), b"hello!");
    assert_eq!(members[2].header_offset(), b_at);

    assert_eq!(
        symbols(&archive),
        at_rows(&[("foo", a_at), ("bar", a_at), ("baz", long_at)])
    );
    assert_eq!(
        resolved_symbols(&archive),
        member_rows(&[
            ("foo", "a.o"),
            ("bar", "a.o"),
            ("baz", "a_very_long_member_name.o")
        ])
    );
    // member_at also reaches the special members.
    assert_eq!(archive.member_at(8).unwrap().name(), b"/");
    assert!(archive.member_at(0).is_err());
    assert!(archive.member_at(a_at + 1).is_err());
}

#[test]
fn gnu_sym64_index() {
    let strings = b"foo\0bar\0";
    let a_at: u64 = 8 + 60 + 8 + 2 * 8 + strings.len() as u64;
    let b_at = a_at + 60 + 2;
    let mut index = 2u64.to_be_bytes().to_vec(); // count
    index.extend_from_slice(&a_at.to_be_bytes());
    index.extend_from_slice(&b_at.to_be_bytes());
    index.extend_from_slice(strings);
    let mut bytes = MAGIC.to_vec();
    push_member(&mut bytes, b"/SYM64/", &index);
    assert_eq!(push_member(&mut bytes, b"a.o/", b"x"), a_at);
    assert_eq!(push_member(&mut bytes, b"b.o/", b"y"), b_at);
    let archive = Archive::parse(&bytes).unwrap();
    assert_eq!(archive.kind(), ArchiveKind::Gnu64);
    assert_eq!(archive.symbol_index_kind(), Some(SymbolIndexKind::Gnu64));
    assert_eq!(symbols(&archive), at_rows(&[("foo", a_at), ("bar", b_at)]));
    assert_eq!(names(&archive), [b"a.o", b"b.o"]);
    assert_eq!(identity(&bytes), bytes);

    // Grow a.o: b.o moves, and so does its entry in the 64-bit index.
    let out = rewrite(&archive, |m| {
        Ok((m.name() == b"a.o").then(|| b"xxxxx".to_vec()))
    })
    .unwrap();
    let new = Archive::parse(&out).unwrap();
    assert_eq!(symbols(&new), at_rows(&[("foo", a_at), ("bar", b_at + 4)]));
    assert_eq!(resolved_symbols(&new), resolved_symbols(&archive));
    assert_eq!(
        new.members().next().unwrap().unwrap().data().unwrap(),
        b"xxxxx"
    );
}

#[test]
fn bsd_names_and_symdef() {
    for (endian, wide) in BSD_FLAVOURS {
        let (bytes, [a_at, long_at, c_at]) = bsd_archive(endian, wide);
        let archive = Archive::parse(&bytes).unwrap();
        let (kind, index) = if wide {
            (ArchiveKind::Bsd64, SymbolIndexKind::Bsd64(endian))
        } else {
            (ArchiveKind::Bsd, SymbolIndexKind::Bsd(endian))
        };
        assert_eq!(archive.kind(), kind);
        assert_eq!(archive.symbol_index_kind(), Some(index));
        assert_eq!(archive.long_names(), None);
        assert_eq!(
            names(&archive),
            [&b"a.o"[..], b"a_very_long_member_name.o", b"c.o"]
        );
        let members: Vec<_> = archive.members().map(|m| m.unwrap()).collect();
        // `#1/4`: the name is in front of the data and counted by the size field.
        assert_eq!(members[0].header_offset(), a_at);
        assert_eq!(members[0].data_offset(), a_at + 64);
        assert_eq!(members[0].header_size(), 64);
        assert_eq!(members[0].size(), 7);
        assert_eq!(members[0].data_size(), 3);
        assert_eq!(members[0].data().unwrap(), b"abc");
        assert_eq!(members[1].header_offset(), long_at);
        assert_eq!(members[1].data().unwrap(), b"hello");
        assert_eq!(members[1].header_size(), 60 + 28);
        assert_eq!(members[2].header_offset(), c_at);
        assert_eq!(members[2].data().unwrap(), b"cc");
        assert_eq!(
            symbols(&archive),
            at_rows(&[("foo", a_at), ("bar", long_at), ("baz", c_at)])
        );
        assert_eq!(
            archive.member_at(8).unwrap().name(),
            if wide {
                &b"__.SYMDEF_64"[..]
            } else {
                b"__.SYMDEF"
            }
        );
    }
}

#[test]
fn bsd_short_symdef_sorted_name() {
    // Classic BSD: `__.SYMDEF SORTED` fills the 16-byte name field; no `#1/` names.
    let mut index = Vec::new();
    let a_at = 8 + 60 + 4 + 8 + 4 + 4;
    index.extend_from_slice(&8u32.to_be_bytes());
    index.extend_from_slice(&0u32.to_be_bytes());
    index.extend_from_slice(&(a_at as u32).to_be_bytes());
    index.extend_from_slice(&4u32.to_be_bytes());
    index.extend_from_slice(b"sym\0");
    let mut bytes = MAGIC.to_vec();
    push_member(&mut bytes, b"__.SYMDEF SORTED", &index);
    assert_eq!(push_member(&mut bytes, b"a.o", b"a"), a_at);
    push_member(&mut bytes, b"name with space", b"bb");
    let archive = Archive::parse(&bytes).unwrap();
    assert_eq!(archive.kind(), ArchiveKind::Bsd);
    assert_eq!(
        archive.symbol_index_kind(),
        Some(SymbolIndexKind::Bsd(Endian::Big))
    );
    assert_eq!(names(&archive), [&b"a.o"[..], b"name with space"]);
    assert_eq!(symbols(&archive), at_rows(&[("sym", a_at)]));
    assert_eq!(identity(&bytes), bytes);
}

#[test]
fn kinds_without_index() {
    let mut gnu = MAGIC.to_vec();
    push_member(&mut gnu, b"x.o/", b"x");
    assert_eq!(Archive::parse(&gnu).unwrap().kind(), ArchiveKind::Gnu);
    let mut bsd = MAGIC.to_vec();
    push_member(&mut bsd, b"x.o", b"x");
    assert_eq!(Archive::parse(&bsd).unwrap().kind(), ArchiveKind::Bsd);
    let empty = Archive::parse(MAGIC).unwrap();
    assert_eq!(empty.kind(), ArchiveKind::Unknown);
    assert_eq!(empty.members().count(), 0);
    assert_eq!(empty.symbols().count(), 0);
    assert_eq!(identity(MAGIC), MAGIC);
    // A blank date/uid/gid/mode reads as 0.
    let mut blank = MAGIC.to_vec();
    blank.extend_from_slice(b"x.o/                                            1         `\nx\n");
    let archive = Archive::parse(&blank).unwrap();
    let m = archive.members().next().unwrap().unwrap();
    assert_eq!(stat(&m), (0, 0, 0, 0));
    // A non-numeric field is an error of that accessor only.
    let mut bad_uid = blank.clone();
    bad_uid[8 + 28] = b'x';
    let archive = Archive::parse(&bad_uid).unwrap();
    let m = archive.members().next().unwrap().unwrap();
    assert_eq!(err_offset(&m.uid().unwrap_err()), 8);
    assert_eq!(m.data().unwrap(), b"x");
}

#[test]
fn thin_members_are_external() {
    let (bytes, [x_at, y_at, z_at]) = thin_archive();
    let archive = Archive::parse(&bytes).unwrap();
    assert_eq!(archive.kind(), ArchiveKind::Thin);
    assert!(archive.is_thin());
    assert_eq!(archive.symbol_index_kind(), Some(SymbolIndexKind::Gnu));
    assert_eq!(
        names(&archive),
        [&b"dir/x.o"[..], b"dir/a_long_member_name.o", b"lib.a"]
    );
    let members: Vec<_> = archive.members().map(|m| m.unwrap()).collect();
    for (m, (at, size)) in members
        .iter()
        .zip([(x_at, 1234), (y_at, 77777), (z_at, 555)])
    {
        assert!(m.is_external());
        assert_eq!(m.header_offset(), at);
        assert_eq!(m.header_size(), 60);
        assert_eq!(m.data_offset(), at + 60);
        assert_eq!(m.size(), size);
        assert_eq!(m.data(), None);
        assert_eq!(m.try_data(), Err(Error::ExternalMember { offset: at }));
    }
    assert_eq!(members[2].nested_offset(), Some(204));
    assert_eq!(
        resolved_symbols(&archive),
        member_rows(&[("x", "dir/x.o"), ("y", "dir/a_long_member_name.o")])
    );
    // Rewriting copies a thin archive and never asks about its members.
    let out = rewrite(&archive, |_| panic!("replace called for a thin archive")).unwrap();
    assert_eq!(out, bytes);
}

// ---------------------------------------------------------------------------------------
// Rewriting

#[test]
fn identity_rewrite_of_hand_built_archives() {
    let (gnu, _) = gnu_archive();
    assert_eq!(identity(&gnu), gnu);
    for (endian, wide) in [(Endian::Little, false), (Endian::Big, true)] {
        let (bsd, _) = bsd_archive(endian, wide);
        assert_eq!(identity(&bsd), bsd);
    }
    let (thin, _) = thin_archive();
    assert_eq!(identity(&thin), thin);
}

#[test]
fn identity_keeps_odd_padding_and_missing_final_padding() {
    // A padding byte that is not '\n', and a last member whose padding is missing.
    let mut bytes = MAGIC.to_vec();
    push_member(&mut bytes, b"a/", b"abc");
    *bytes.last_mut().unwrap() = b'X';
    bytes.extend_from_slice(&header(b"b/", 1));
    bytes.push(b'z');
    let archive = Archive::parse(&bytes).unwrap();
    assert_eq!(names(&archive), [b"a", b"b"]);
    assert_eq!(identity(&bytes), bytes);
    // Same-size replacement keeps the odd padding byte.
    let out = rewrite(
        &archive,
        |m| Ok((m.name() == b"a").then(|| b"ABC".to_vec())),
    )
    .unwrap();
    assert_eq!(&out[8 + 60..8 + 64], b"ABCX");
    assert_eq!(out.len(), bytes.len());
}

#[test]
fn gnu_rewrite_grow_and_shrink_updates_index() {
    let (bytes, [a_at, long_at, b_at]) = gnu_archive();
    let archive = Archive::parse(&bytes).unwrap();
    let mut seen = Vec::new();
    let out = rewrite(&archive, |m| {
        seen.push(m.name().to_vec());
        Ok(match m.name() {
            b"a.o" => Some(b"abcdefgh".to_vec()), // 3 → 8 (+ no padding)
            b"a_very_long_member_name.o" => Some(b"hi".to_vec()), // 6 → 2
            _ => None,
        })
    })
    .unwrap();
    assert_eq!(seen, [&b"a.o"[..], b"a_very_long_member_name.o", b"b.o"]);
    let new = Archive::parse(&out).unwrap();
    let members: Vec<_> = new.members().map(|m| m.unwrap()).collect();
    assert_eq!(members[0].header_offset(), a_at);
    assert_eq!(members[0].data().unwrap(), b"abcdefgh");
    assert_eq!(&members[0].header()[48..58], b"8         ");
    // Everything but the size field is as it was.
    assert_eq!(
        &members[0].header()[..48],
        &bytes[a_at as usize..a_at as usize + 48]
    );
    assert_eq!(members[1].header_offset(), long_at + 4);
    assert_eq!(members[1].data().unwrap(), b"hi");
    assert_eq!(members[1].name(), b"a_very_long_member_name.o");
    assert_eq!(members[2].header_offset(), b_at);
    assert_eq!(members[2].data().unwrap(), b"bb");
    assert_eq!(out.len(), bytes.len());
    assert_eq!(
        symbols(&new),
        at_rows(&[("foo", a_at), ("bar", a_at), ("baz", long_at + 4)])
    );
    assert_eq!(resolved_symbols(&new), resolved_symbols(&archive));
    // The special members are untouched apart from the offsets.
    assert_eq!(new.long_names(), archive.long_names());
    // An odd new size is padded with '\n'.
    let out = rewrite(&archive, |m| {
        Ok((m.name() == b"b.o").then(|| b"xyz".to_vec()))
    })
    .unwrap();
    assert_eq!(&out[out.len() - 4..], b"xyz\n");
    assert_eq!(identity(&out), out);
}

#[test]
fn bsd_rewrite_grow_and_shrink_updates_index() {
    for (endian, wide) in BSD_FLAVOURS {
        let (bytes, [a_at, long_at, c_at]) = bsd_archive(endian, wide);
        let archive = Archive::parse(&bytes).unwrap();
        let out = rewrite(&archive, |m| {
            Ok(match m.name() {
                b"a.o" => Some(b"abcdefghijk".to_vec()), // 3 → 11
                b"a_very_long_member_name.o" => Some(Vec::new()),
                _ => None,
            })
        })
        .unwrap();
        let new = Archive::parse(&out).unwrap();
        assert_eq!(new.symbol_index_kind(), archive.symbol_index_kind());
        let members: Vec<_> = new.members().map(|m| m.unwrap()).collect();
        assert_eq!(members[0].name(), b"a.o");
        assert_eq!(members[0].data().unwrap(), b"abcdefghijk");
        assert_eq!(members[0].size(), 15); // name + data
        assert_eq!(&members[0].header()[..16], b"#1/4            ");
        assert_eq!(members[1].header_offset(), a_at + 60 + 4 + 11 + 1);
        assert_eq!(members[1].name(), b"a_very_long_member_name.o");
        assert_eq!(members[1].data().unwrap(), b"");
        assert_eq!(members[1].size(), 28);
        assert_eq!(
            members[2].header_offset(),
            members[1].header_offset() + 60 + 28
        );
        assert_eq!(members[2].data().unwrap(), b"cc");
        let moved = [a_at, members[1].header_offset(), members[2].header_offset()];
        assert_ne!(moved, [a_at, long_at, c_at]);
        assert_eq!(
            symbols(&new),
            at_rows(&[("foo", moved[0]), ("bar", moved[1]), ("baz", moved[2])])
        );
        assert_eq!(resolved_symbols(&new), resolved_symbols(&archive));
    }
}

#[test]
fn rewrite_rejects_index_entry_not_at_a_header() {
    let (mut bytes, [a_at, ..]) = gnu_archive();
    // Point "foo" one byte into a.o's header.
    let field = 8 + 60 + 4;
    bytes[field..field + 4].copy_from_slice(&(a_at as u32 + 1).to_be_bytes());
    let archive = Archive::parse(&bytes).unwrap();
    // Unchanged layout: still byte-identical.
    assert_eq!(rewrite(&archive, |_| Ok(None)).unwrap(), bytes);
    // Moved members: the stray entry cannot be mapped.
    let e = rewrite(&archive, |m| Ok((m.name() == b"a.o").then(Vec::new))).unwrap_err();
    assert_eq!(err_offset(&e), 8);
    // An error from `replace` is passed on.
    let e = rewrite(&archive, |_| Err(Error::Layout("no"))).unwrap_err();
    assert_eq!(e, Error::Layout("no"));
}

// ---------------------------------------------------------------------------------------
// Building

#[test]
fn builder_round_trip() {
    let bytes = ArchiveBuilder::new()
        .add_member_with_symbols("a.o", b"abc".to_vec(), [&b"foo"[..], b"bar"])
        .add_member("exactly15chars_", &b"x"[..])
        .add_member_with_symbols("sixteen_chars__x", b"yy".to_vec(), ["baz"])
        .add_member("another_long_member_name", Vec::new())
        .build()
        .unwrap();
    let archive = Archive::parse(&bytes).unwrap();
    assert_eq!(archive.kind(), ArchiveKind::Gnu);
    assert_eq!(
        names(&archive),
        [
            &b"a.o"[..],
            b"exactly15chars_",
            b"sixteen_chars__x",
            b"another_long_member_name"
        ]
    );
    let raw: Vec<_> = archive
        .members()
        .map(|m| m.unwrap().raw_name().to_vec())
        .collect();
    assert_eq!(raw[1], b"exactly15chars_/");
    assert_eq!(raw[2], b"/0              ");
    assert_eq!(raw[3], b"/18             ");
    assert_eq!(
        archive.long_names(),
        Some(&b"sixteen_chars__x/\nanother_long_member_name/\n"[..])
    );
    assert_eq!(
        resolved_symbols(&archive),
        member_rows(&[("foo", "a.o"), ("bar", "a.o"), ("baz", "sixteen_chars__x")])
    );
    let m = archive.members().next().unwrap().unwrap();
    assert_eq!(stat(&m), (0, 0, 0, 0o644));
    assert_eq!(identity(&bytes), bytes);

    // Without symbols there is no index unless asked for.
    let plain = ArchiveBuilder::new().add_member("a", "b").build().unwrap();
    assert_eq!(Archive::parse(&plain).unwrap().symbol_index_kind(), None);
    let forced = ArchiveBuilder::new()
        .add_member("a", "b")
        .with_symbol_index(true)
        .build()
        .unwrap();
    let archive = Archive::parse(&forced).unwrap();
    assert_eq!(archive.symbol_index_kind(), Some(SymbolIndexKind::Gnu));
    assert_eq!(archive.symbol_count(), 0);
    assert_eq!(ArchiveBuilder::new().build().unwrap(), MAGIC);

    for bad in [&b""[..], b"a/b", b"a\nb", b"a\0"] {
        assert!(matches!(
            ArchiveBuilder::new().add_member(bad, "x").build(),
            Err(Error::Layout(_))
        ));
    }
    assert!(ArchiveBuilder::new()
        .add_member_with_symbols("a", "x", ["s\0"])
        .build()
        .is_err());
}

// ---------------------------------------------------------------------------------------
// Malformed input

#[test]
fn bad_magic() {
    for bytes in [&b""[..], b"!<arch>", b"!<arch>X", b"\x7fELF\x02\x01\x01\0"] {
        assert_eq!(Archive::parse(bytes).unwrap_err(), Error::BadArchiveMagic);
    }
}

#[test]
fn truncated_header() {
    let (bytes, _) = gnu_archive();
    let e = Archive::parse(&bytes[..8 + 30]).unwrap_err();
    assert_eq!(err_offset(&e), 8);
    // A truncated ordinary member shows up when iterating, then the iterator ends.
    let mut bytes = MAGIC.to_vec();
    push_member(&mut bytes, b"a/", b"aa");
    bytes.extend_from_slice(&header(b"b/", 2)[..59]);
    let archive = Archive::parse(&bytes).unwrap();
    let mut members = archive.members();
    assert!(members.next().unwrap().is_ok());
    assert_eq!(err_offset(&members.next().unwrap().unwrap_err()), 8 + 62);
    assert!(members.next().is_none());
    assert!(members.next().is_none());
    assert!(rewrite(&archive, |_| Ok(None)).is_err());
}

#[test]
fn bad_size_and_terminator() {
    for size_field in [
        &b"12a       "[..],
        b"          ",
        b"-1        ",
        b"0x10      ",
        b"1 2       ",
    ] {
        let mut bytes = MAGIC.to_vec();
        push_member(&mut bytes, b"a/", b"aa");
        let at = bytes.len();
        push_member(&mut bytes, b"b/", b"bb");
        bytes[at + 48..at + 58].copy_from_slice(size_field);
        let archive = Archive::parse(&bytes).unwrap();
        let results: Vec<_> = archive.members().collect();
        assert_eq!(results.len(), 2);
        let e = results[1].as_ref().unwrap_err();
        assert_eq!(err_offset(e), at as u64, "{e}");
        assert!(e.to_string().contains("size"), "{e}");
    }
    // Leading spaces are tolerated.
    let mut bytes = MAGIC.to_vec();
    push_member(&mut bytes, b"a/", b"aa");
    bytes[8 + 48..8 + 58].copy_from_slice(b"  2       ");
    assert_eq!(names(&Archive::parse(&bytes).unwrap()), [b"a"]);
    // Bad terminator.
    let mut bytes = MAGIC.to_vec();
    push_member(&mut bytes, b"a/", b"aa");
    bytes[8 + 58] = b'\'';
    assert_eq!(err_offset(&Archive::parse(&bytes).unwrap_err()), 8);
}

#[test]
fn huge_declared_sizes() {
    // A size running past the end of the data, up to the field's maximum.
    for size in ["3", "1000", "4294967296", "9999999999"] {
        let mut bytes = MAGIC.to_vec();
        push_member(&mut bytes, b"a/", b"aa");
        bytes[8 + 48..8 + 58].copy_from_slice(format!("{size:<10}").as_bytes());
        let e = Archive::parse(&bytes).unwrap_err();
        assert_eq!(err_offset(&e), 8);
        assert!(e.to_string().contains("past the end"), "{e}");
    }
    // A symbol index with a huge count.
    let mut bytes = MAGIC.to_vec();
    push_member(&mut bytes, b"/", &u32::MAX.to_be_bytes());
    assert_eq!(err_offset(&Archive::parse(&bytes).unwrap_err()), 8);
    let mut bytes = MAGIC.to_vec();
    push_member(&mut bytes, b"/SYM64/", &u64::MAX.to_be_bytes());
    assert_eq!(err_offset(&Archive::parse(&bytes).unwrap_err()), 8);
    // A BSD index whose sizes fit neither byte order.
    let mut bytes = MAGIC.to_vec();
    push_member(&mut bytes, b"__.SYMDEF", &[0x10, 0, 0, 0x10, 0, 0, 0, 0]);
    assert_eq!(err_offset(&Archive::parse(&bytes).unwrap_err()), 8);
    // A BSD name longer than the member, or past the end.
    for (name, size) in [("#1/8", 4), ("#1/99999999", 99999999), ("#1/x", 4)] {
        let mut bytes = MAGIC.to_vec();
        push_member(&mut bytes, name.as_bytes(), b"abcd");
        bytes[8 + 48..8 + 58].copy_from_slice(format!("{size:<10}").as_bytes());
        let archive = Archive::parse(&bytes);
        let e = match archive {
            Err(e) => e,
            Ok(a) => a.members().next().unwrap().unwrap_err(),
        };
        assert_eq!(err_offset(&e), 8, "{name}: {e}");
    }
}

#[test]
fn bad_long_names() {
    let (bytes, [_, long_at, _]) = gnu_archive();
    // Offset past the end of the `//` table.
    for reference in [&b"/28 "[..], b"/999", b"/99999999999999"] {
        let mut bad = bytes.clone();
        let at = long_at as usize;
        bad[at..at + 16].fill(b' ');
        bad[at..at + reference.len()].copy_from_slice(reference);
        let archive = Archive::parse(&bad).unwrap();
        let results: Vec<_> = archive.members().collect();
        assert_eq!(results.len(), 2, "{reference:?}");
        let e = results[1].as_ref().unwrap_err();
        assert_eq!(err_offset(e), long_at);
        assert!(archive.member_at(long_at).is_err());
    }
    // A reference with no table.
    let mut bytes = MAGIC.to_vec();
    push_member(&mut bytes, b"/0", b"x");
    let archive = Archive::parse(&bytes).unwrap();
    assert_eq!(archive.kind(), ArchiveKind::Gnu);
    assert_eq!(
        err_offset(&archive.members().next().unwrap().unwrap_err()),
        8
    );
    // An entry without its terminator runs to the end of the table.
    let mut bytes = MAGIC.to_vec();
    push_member(&mut bytes, b"//", b"unterminated_long_name");
    push_member(&mut bytes, b"/2", b"x");
    assert_eq!(
        names(&Archive::parse(&bytes).unwrap()),
        [b"terminated_long_name"]
    );
}

#[test]
fn bad_symbol_names() {
    // GNU names ending without a NUL: the iterator yields an error, then stops.
    let words = [2u32, 80, 80].map(u32::to_be_bytes);
    let bytes = index_only(b"/", &words, b"foo\0ba");
    let archive = Archive::parse(&bytes).unwrap();
    let mut syms = archive.symbols();
    assert_eq!(syms.next().unwrap().unwrap().name(), b"foo");
    assert_eq!(err_offset(&syms.next().unwrap().unwrap_err()), 8);
    assert!(syms.next().is_none());
    // BSD string index past the table.
    let words = [8u32, 100, 8, 4].map(u32::to_le_bytes);
    let bytes = index_only(b"__.SYMDEF", &words, b"abc\0");
    let archive = Archive::parse(&bytes).unwrap();
    assert_eq!(
        archive.symbol_index_kind(),
        Some(SymbolIndexKind::Bsd(Endian::Little))
    );
    let results: Vec<_> = archive.symbols().collect();
    assert_eq!(results.len(), 1);
    assert!(results[0].is_err());
}

/// Check everything on `bytes` runs without panicking, and that an identity rewrite,
/// when it succeeds, gives the input back.
fn exercise(bytes: &[u8]) {
    let Ok(archive) = Archive::parse(bytes) else {
        return;
    };
    let _ = archive.kind();
    for member in archive.members().take(1000) {
        let Ok(m) = member else { break };
        let _ = (
            m.name(),
            m.data(),
            m.date(),
            m.uid(),
            m.gid(),
            m.mode(),
            m.data_size(),
        );
    }
    for symbol in archive.symbols().take(1000) {
        let Ok(s) = symbol else { break };
        let _ = archive.member_at(s.member_offset());
    }
    if let Ok(out) = rewrite(&archive, |_| Ok(None)) {
        assert_eq!(out, bytes);
    }
    let grown = rewrite(&archive, |m| {
        let mut d = m.try_data()?.to_vec();
        d.push(b'!');
        Ok(Some(d))
    });
    if let Ok(out) = grown {
        let again = Archive::parse(&out).unwrap();
        assert_eq!(again.members().count(), archive.members().count());
    }
}

#[test]
fn mutations_never_panic() {
    let seeds = [
        gnu_archive().0,
        bsd_archive(Endian::Little, false).0,
        bsd_archive(Endian::Big, true).0,
        thin_archive().0,
    ];
    for seed in &seeds {
        for len in 0..=seed.len() {
            exercise(&seed[..len]);
        }
        for at in 0..seed.len() {
            for value in [0u8, b' ', b'/', b'0', b'9', b'#', b'\n', 0xff] {
                let mut bytes = seed.clone();
                bytes[at] = value;
                exercise(&bytes);
            }
        }
    }
}

proptest::proptest! {
    #[test]
    fn arbitrary_bytes_never_panic(
        tail in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..600)
    ) {
        let mut bytes = MAGIC.to_vec();
        bytes.extend_from_slice(&tail);
        exercise(&bytes);
        bytes[..8].copy_from_slice(THIN_MAGIC);
        exercise(&bytes);
    }

    #[test]
    fn headers_with_arbitrary_fields_never_panic(
        fields in proptest::collection::vec(
            (
                proptest::sample::select(vec![
                    &b"/"[..], b"//", b"/SYM64/", b"__.SYMDEF", b"#1/3", b"/0", b"/1:2", b"a/",
                ]),
                0usize..40,
                proptest::collection::vec(proptest::prelude::any::<u8>(), 0..40),
            ),
            0..5,
        )
    ) {
        let mut bytes = MAGIC.to_vec();
        for (name, size, data) in fields {
            bytes.extend_from_slice(&header(name, size));
            bytes.extend_from_slice(&data);
        }
        exercise(&bytes);
    }
}

// ---------------------------------------------------------------------------------------
// Real archives, live tools
