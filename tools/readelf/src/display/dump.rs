//! `-x`, `-p`, `-R`, `-z` and `-w`: section contents (GNU's `process_section_contents`).
//!
//! The sections to dump are chosen per object as GNU's `initialise_dump_sects` and
//! `initialise_dumps_byname` choose them: requests by index apply as given, requests by
//! name match every section of that name (newest request first, so the warnings for
//! missing names come out in reverse command-line order). Each chosen section is then
//! dumped in section order: hex, relocated hex, then strings.

use std::borrow::Cow;
use std::io::{self, Write};

use libdwarf::dump::{compression_header, CompressionHeaderError};
use libelf::read::SectionHeader;

use crate::display::apply_relocs;
use crate::options::{DumpKind, DumpTarget};
use crate::Cx;

const SHT_NOBITS: u32 = 8;

const HEX_DUMP: u8 = 1;
const RELOC_DUMP: u8 = 2;
const STRING_DUMP: u8 = 4;
const DEBUG_DUMP: u8 = 8;

fn kind_bit(k: DumpKind) -> u8 {
    match k {
        DumpKind::Hex => HEX_DUMP,
        DumpKind::Relocated => RELOC_DUMP,
        DumpKind::Strings => STRING_DUMP,
    }
}

/// GNU's `process_section_contents`.
pub fn process_section_contents(cx: &mut Cx) -> io::Result<bool> {
    let o = cx.o;
    // Without section headers GNU turns the dumps off (`do_dump = false`).
    if !o.do_dump() || !cx.sections_ok {
        return Ok(true);
    }
    let shnum = cx.hdr.e_shnum as usize;
    let mut flags = vec![0u8; shnum.min(cx.sections().len())];
    let mut missing: Vec<u64> = Vec::new();
    for (target, kind) in &o.dumps {
        if let DumpTarget::Index(n) = target {
            match flags.get_mut(*n as usize).filter(|_| *n < shnum as u64) {
                Some(f) => *f |= kind_bit(*kind),
                None => missing.push(*n),
            }
        }
    }
    // GNU keeps the by-name requests in a list it prepends to.
    for (target, kind) in o.dumps.iter().rev() {
        let DumpTarget::Name(name) = target else {
            continue;
        };
        let mut any = false;
        for (i, f) in flags.iter_mut().enumerate() {
            let Some(sh) = cx.sections().get(i) else {
                break;
            };
            if cx.section_name(sh) == Some(name.as_slice()) {
                *f |= kind_bit(*kind);
                any = true;
            }
        }
        if !any {
            cx.diag.warn(format_args!(
                "Section '{}' was not dumped because it does not exist\n",
                String::from_utf8_lossy(name)
            ));
        }
    }
    for &i in &cx.debug_sects {
        if let Some(f) = flags.get_mut(i) {
            *f |= DEBUG_DUMP;
        }
    }
    let mut res = true;
    for (i, f) in flags.into_iter().enumerate() {
        if f & HEX_DUMP != 0 && !dump_section_as_bytes(cx, i, false)? {
            res = false;
        }
        if f & RELOC_DUMP != 0 && !dump_section_as_bytes(cx, i, true)? {
            res = false;
        }
        if f & STRING_DUMP != 0 && !dump_section_as_strings(cx, i)? {
            res = false;
        }
        if f & DEBUG_DUMP != 0 && !super::debug::display_debug_section(cx, i)? {
            res = false;
        }
    }
    missing.sort_unstable();
    missing.dedup();
    for n in missing {
        cx.diag.warn(format_args!(
            "Section {n} was not dumped because it does not exist!\n"
        ));
        res = false;
    }
    Ok(res)
}

/// GNU's `get_section_contents`: the raw bytes, or `None` after saying why.
fn section_contents<'d>(
    cx: &mut Cx<'_, 'd, '_>,
    sh: &SectionHeader,
) -> io::Result<Option<&'d [u8]>> {
    if sh.sh_size == 0 || sh.sh_type == SHT_NOBITS {
        let name = cx.printable_section_name(sh);
        writeln!(cx.out, "Section '{name}' has no data to dump.")?;
        return Ok(None);
    }
    Ok(cx.get_data(sh.sh_offset, 1, sh.sh_size, Some("section contents")))
}

/// What `-z` does to a section's bytes.
enum Decompressed {
    /// Not compressed (or a declared size of 0): dump the bytes as they are.
    AsIs,
    /// The uncompressed bytes.
    Data(Vec<u8>),
    /// An error was reported; dump nothing more.
    Failed,
}

/// The decompression step shared by the hex and string dumps: `SHF_COMPRESSED` (zlib,
/// zstd) or a legacy `ZLIB` header.
fn decompress(cx: &mut Cx, sh: &SectionHeader, data: &[u8]) -> Decompressed {
    let c = match compression_header(sh.sh_flags, data, cx.class(), cx.endian()) {
        Ok(Some(c)) => c,
        Ok(None) => return Decompressed::AsIs,
        Err(CompressionHeaderError::UnsupportedType(t)) => {
            let name = cx.printable_section_name(sh);
            cx.diag.warn(format_args!(
                "section '{name}' has unsupported compress type: {}\n",
                t as i32
            ));
            return Decompressed::Failed;
        }
        Err(_) => {
            cx.diag.error(format_args!(
                "Compressed section is too small even for a compression header\n"
            ));
            return Decompressed::Failed;
        }
    };
    if c.uncompressed_size == 0 {
        return Decompressed::AsIs;
    }
    match libelf::compression::decompress(&c, data, libelf::compression::DEFAULT_LIMIT) {
        Ok(v) => Decompressed::Data(v),
        Err(_) => {
            let name = cx.printable_section_name(sh);
            cx.diag
                .error(format_args!("Unable to decompress section {name}\n"));
            Decompressed::Failed
        }
    }
}

/// A section's header and the bytes to dump.
type Dumped<'d> = (SectionHeader, Cow<'d, [u8]>);

/// The start shared by the hex and string dumps of section `idx`: its title line
/// (`what` is `Hex` or `String`) and its contents, decompressed under `-z`. `Err` holds
/// the status to return at once (no such section, no contents, or a failed decompression).
fn dump_start<'d>(
    cx: &mut Cx<'_, 'd, '_>,
    idx: usize,
    what: &str,
) -> io::Result<Result<Dumped<'d>, bool>> {
    let Some(sh) = cx.sections().get(idx).copied() else {
        return Ok(Err(true));
    };
    let Some(raw) = section_contents(cx, &sh)? else {
        return Ok(Err(sh.sh_size == 0 || sh.sh_type == SHT_NOBITS));
    };
    let name = cx.printable_section_name(&sh);
    writeln!(cx.out, "\n{what} dump of section '{name}':")?;
    let mut data: Cow<[u8]> = Cow::Borrowed(raw);
    if cx.o.decompress {
        match decompress(cx, &sh, raw) {
            Decompressed::AsIs => {}
            Decompressed::Data(v) => data = Cow::Owned(v),
            Decompressed::Failed => return Ok(Err(false)),
        }
    }
    Ok(Ok((sh, data)))
}

/// GNU's `dump_section_as_bytes`: `-x` (or `-R` when `relocate`).
fn dump_section_as_bytes(cx: &mut Cx, idx: usize, relocate: bool) -> io::Result<bool> {
    let (sh, mut data) = match dump_start(cx, idx, "Hex")? {
        Ok(v) => v,
        Err(ok) => return Ok(ok),
    };
    if relocate {
        let mut buf = data.into_owned();
        if apply_relocs::apply_relocations(cx, idx, &mut buf).is_none() {
            return Ok(false);
        }
        data = Cow::Owned(buf);
    } else if cx.has_relocs(idx) {
        writeln!(
            cx.out,
            " NOTE: This section has relocations against it, but these have NOT been applied to this dump."
        )?;
    }
    let text = hex_lines(&data, sh.sh_addr);
    cx.out.write_all(&text)?;
    Ok(true)
}

/// The lines of a hex dump of `data` loaded at `addr`, and the blank line after them.
fn hex_lines(data: &[u8], mut addr: u64) -> Vec<u8> {
    // The low nibble of `v` as a lower-case hex digit.
    let hex = |v: u64| {
        b"0123456789abcdef"
            .get((v & 0xf) as usize)
            .copied()
            .unwrap_or(b'0')
    };
    let mut w = Vec::with_capacity(data.len() / 16 * 80 + 80);
    for chunk in data.chunks(16) {
        if addr <= 0xffff_ffff {
            w.extend_from_slice(b"  0x");
            w.extend((0..8).rev().map(|k| hex(addr >> (4 * k))));
            w.push(b' ');
        } else {
            let _ = write!(w, "  0x{addr:08x} ");
        }
        for j in 0..16 {
            match chunk.get(j) {
                Some(&b) => {
                    w.push(hex(u64::from(b >> 4)));
                    w.push(hex(u64::from(b)));
                }
                None => w.extend_from_slice(b"  "),
            }
            if j & 3 == 3 {
                w.push(b' ');
            }
        }
        w.extend(
            chunk
                .iter()
                .map(|&b| if (b' '..0x7f).contains(&b) { b } else { b'.' }),
        );
        w.push(b'\n');
        addr = addr.wrapping_add(chunk.len() as u64);
    }
    w.push(b'\n');
    w
}

/// GNU's `dump_section_as_strings`: `-p`.
fn dump_section_as_strings(cx: &mut Cx, idx: usize) -> io::Result<bool> {
    let (_, data) = match dump_start(cx, idx, "String")? {
        Ok(v) => v,
        Err(ok) => return Ok(ok),
    };
    if cx.has_relocs(idx) {
        writeln!(
            cx.out,
            "  Note: This section has relocations against it, but these have NOT been applied to this dump."
        )?;
    }
    let text = string_lines(&data);
    cx.out.write_all(&text)?;
    Ok(true)
}

/// The body of a string dump, as GNU prints it in the C locale: each run of bytes that
/// starts with a printable character, up to a NUL or a newline (shown as `\n`), with
/// its offset; control characters as `^X`; other bytes as they are.
fn string_lines(data: &[u8]) -> Vec<u8> {
    let printable = |c: u8| (0x20..0x7f).contains(&c);
    let mut w = Vec::with_capacity(data.len() * 2);
    let end = data.len();
    let mut p = 0usize;
    let mut shown = false;
    let mut continuing = false;
    while p < end {
        while !data.get(p).is_some_and(|&c| printable(c)) {
            p += 1;
            if p >= end {
                break;
            }
        }
        if p >= end {
            break;
        }
        if continuing {
            w.extend_from_slice(b"            ");
            continuing = false;
        } else {
            let _ = write!(w, "  [{p:6x}]  ");
        }
        // GNU reads on until a NUL; its buffer has one just past the end.
        let c = loop {
            let c = data.get(p).copied().unwrap_or(0);
            p += 1;
            if c == 0 {
                break c;
            }
            if c == b'\n' {
                w.extend_from_slice(b"\\n\n");
                if data.get(p).is_some_and(|&n| n != 0) {
                    continuing = true;
                }
                break c;
            }
            if c < 0x20 || c == 0x7f {
                w.push(b'^');
                w.push(c.wrapping_add(0x40));
            } else {
                w.push(c);
            }
        };
        if c != b'\n' {
            w.push(b'\n');
        }
        shown = true;
    }
    if !shown {
        w.extend_from_slice(b"  No strings found in this section.");
    }
    w.push(b'\n');
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(data: &[u8]) -> String {
        String::from_utf8_lossy(&string_lines(data)).into_owned()
    }

    #[test]
    fn strings() {
        assert_eq!(
            s(b"\0GCC: (GNU) 12\0abc\0"),
            "  [     1]  GCC: (GNU) 12\n  [     f]  abc\n\n"
        );
        // Newlines end a line; the rest continues indented.
        assert_eq!(s(b"ab\ncd\0"), "  [     0]  ab\\n\n            cd\n\n");
        // A newline followed by a NUL does not continue.
        assert_eq!(s(b"ab\n\0cd\0"), "  [     0]  ab\\n\n  [     4]  cd\n\n");
        // Control characters inside a string; strings start at a printable byte.
        assert_eq!(s(b"\x01a\x02b\x1b\0"), "  [     1]  a^Bb^[\n\n");
        // No NUL at the end of the data.
        assert_eq!(s(b"xyz"), "  [     0]  xyz\n\n");
        assert_eq!(s(b"\0\x01\x02"), "  No strings found in this section.\n");
        assert_eq!(s(b""), "  No strings found in this section.\n");
    }

    #[test]
    fn del_is_caret_and_0xbf() {
        assert_eq!(string_lines(b"a\x7f\0"), b"  [     0]  a^\xbf\n\n");
        // High bytes pass through in the C locale, but cannot start a string.
        assert_eq!(string_lines(b"\xe9a\xe9\0"), b"  [     1]  a\xe9\n\n");
    }

    #[test]
    fn hex() {
        let out = hex_lines(b"0123456789abcdefXY\n", 0x1000);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "  0x00001000 30313233 34353637 38396162 63646566 0123456789abcdef\n  0x00001010 58590a                              XY.\n\n"
        );
        assert_eq!(hex_lines(b"", 0), b"\n");
    }
}
