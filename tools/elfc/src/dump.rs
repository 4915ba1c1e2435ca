//! Writing the raw-level description of any ELF object.

use std::io::{self, Write};

use libelf::edit::View;
use libelf::{Class, ElfFile, Endian};

/// An error from [`crate::dump`] or [`crate::dump_to`].
#[derive(Debug)]
#[non_exhaustive]
pub enum DumpError {
    /// The input is not an ELF object libelf can read.
    Elf(libelf::Error),
    /// Writing the description failed.
    Io(io::Error),
}

impl std::fmt::Display for DumpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            DumpError::Elf(e) => write!(f, "{e}"),
            DumpError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for DumpError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            DumpError::Elf(e) => Some(e),
            DumpError::Io(e) => Some(e),
        }
    }
}

impl From<io::Error> for DumpError {
    fn from(e: io::Error) -> Self {
        DumpError::Io(e)
    }
}

/// The lower-case hex digit of a nibble.
fn digit(n: u8) -> u8 {
    let n = n & 15;
    if n < 10 {
        b'0' + n
    } else {
        b'a' + n - 10
    }
}

/// Runs of at least this many zero bytes are written `zeros N`, not as hex: a sparse
/// or zero-filled region describes in a line, not in twice its size.
const ZERO_RUN: usize = 64;

/// How much of a mapped file is read before its pages are let go.
const RELEASE_EVERY: usize = 1 << 20;

/// Whether `bytes` starts with a run of zeros long enough for `zeros N`.
fn starts_zero_run(bytes: &[u8]) -> bool {
    bytes
        .get(..ZERO_RUN)
        .is_some_and(|b| b.iter().all(|&x| x == 0))
}

/// Contents: `hex "…"` (32 bytes a line), with long runs of zeros as `zeros N`. The
/// caller has written the indentation of the first item. `release(start, end)` is told
/// of each range read, relative to `bytes`, so a caller with a mapped file can let go
/// of the pages as it goes.
fn hex(
    w: &mut impl Write,
    bytes: &[u8],
    indent: &str,
    release: &mut dyn FnMut(usize, usize),
) -> io::Result<()> {
    if bytes.len() <= 32 && !starts_zero_run(bytes) {
        w.write_all(b"hex \"")?;
        for &b in bytes {
            w.write_all(&[digit(b >> 4), digit(b)])?;
        }
        return w.write_all(b"\"\n");
    }
    let mut line = Vec::with_capacity(indent.len() + 72);
    let (mut first, mut in_hex) = (true, false);
    let (mut pos, mut released) = (0, 0);
    let item = |w: &mut dyn Write, first: &mut bool| -> io::Result<()> {
        if !std::mem::take(first) {
            w.write_all(indent.as_bytes())?;
        }
        Ok(())
    };
    while let Some(rest) = bytes.get(pos..).filter(|r| !r.is_empty()) {
        if starts_zero_run(rest) {
            if std::mem::take(&mut in_hex) {
                writeln!(w, "{indent}\"")?;
            }
            // Measured a chunk at a time, so a huge run is let go of as it is read.
            let mut n = 0;
            for chunk in rest.chunks(RELEASE_EVERY) {
                let z = chunk.iter().position(|&b| b != 0).unwrap_or(chunk.len());
                n += z;
                if pos + n - released >= RELEASE_EVERY {
                    release(released, pos + n);
                    released = pos + n;
                }
                if z < chunk.len() {
                    break;
                }
            }
            item(w, &mut first)?;
            writeln!(w, "zeros {n:#x}")?;
            pos += n;
            continue;
        }
        // Up to 32 bytes, stopping where a long run of zeros starts.
        let mut end = rest.len().min(32);
        if let Some(z) = (1..end).find(|&i| starts_zero_run(rest.get(i..).unwrap_or_default())) {
            end = z;
        }
        if !std::mem::replace(&mut in_hex, true) {
            item(w, &mut first)?;
            writeln!(w, "hex \"")?;
        }
        line.clear();
        line.extend_from_slice(indent.as_bytes());
        line.extend_from_slice(b"  ");
        for &b in rest.get(..end).unwrap_or_default() {
            line.push(digit(b >> 4));
            line.push(digit(b));
        }
        line.push(b'\n');
        w.write_all(&line)?;
        pos += end;
        if pos - released >= RELEASE_EVERY {
            release(released, pos);
            released = pos;
        }
    }
    if in_hex {
        writeln!(w, "{indent}\"")?;
    }
    release(released, bytes.len());
    Ok(())
}

/// A string literal with escapes; any bytes.
pub(crate) fn quote(w: &mut impl Write, s: &[u8]) -> io::Result<()> {
    let mut out = Vec::with_capacity(s.len() + 2);
    out.push(b'"');
    for &b in s {
        match b {
            b'"' => out.extend_from_slice(b"\\\""),
            b'\\' => out.extend_from_slice(b"\\\\"),
            0x20..=0x7e => out.push(b),
            _ => out.extend_from_slice(&[b'\\', b'x', digit(b >> 4), digit(b)]),
        }
    }
    out.push(b'"');
    w.write_all(&out)
}

/// Write the raw-level description of `data` (see [`crate::dump`]).
pub(crate) fn dump_to(data: &[u8], w: &mut impl Write) -> Result<(), DumpError> {
    dump_releasing(data, w, &mut |_, _| {})
}

/// [`dump_to`], telling `release(start, end)` of each range of `data` it is done with
/// (a caller with a mapped file lets go of those pages: memory stays bounded whatever
/// the file's size, sparse files included).
pub(crate) fn dump_releasing(
    data: &[u8],
    w: &mut impl Write,
    release: &mut dyn FnMut(usize, usize),
) -> Result<(), DumpError> {
    let file = ElfFile::parse(data).map_err(DumpError::Elf)?;
    let obj = View::new(&file).map_err(DumpError::Elf)?;
    let mut no_release = |_: usize, _: usize| {};
    let h = &obj.header;
    writeln!(
        w,
        "# elfc raw description: compiling it gives back the same bytes"
    )?;
    writeln!(w, "header {{")?;
    let class = if obj.class == Class::Elf64 { 64 } else { 32 };
    let endian = if obj.endian == Endian::Big {
        "msb"
    } else {
        "lsb"
    };
    writeln!(w, "  class: {class} data: {endian}")?;
    write!(w, "  e_ident: ")?;
    hex(w, &h.e_ident, "  ", &mut no_release)?;
    writeln!(
        w,
        "  e_type: {:#x} e_machine: {:#x} e_version: {:#x} e_entry: {:#x}",
        h.e_type, h.e_machine, h.e_version, h.e_entry
    )?;
    writeln!(
        w,
        "  e_phoff: {:#x} e_shoff: {:#x} e_flags: {:#x} e_ehsize: {:#x}",
        h.e_phoff, h.e_shoff, h.e_flags, h.e_ehsize
    )?;
    writeln!(
        w,
        "  e_phentsize: {:#x} e_phnum: {:#x} e_shentsize: {:#x} e_shnum: {:#x} e_shstrndx: {:#x}",
        h.e_phentsize, h.e_phnum, h.e_shentsize, h.e_shnum, h.e_shstrndx
    )?;
    writeln!(w, "}}")?;
    for p in &obj.segments {
        writeln!(
            w,
            "segment {{ p_type: {:#x} p_flags: {:#x} p_offset: {:#x} p_vaddr: {:#x} p_paddr: {:#x} p_filesz: {:#x} p_memsz: {:#x} p_align: {:#x} }}",
            p.p_type, p.p_flags, p.p_offset, p.p_vaddr, p.p_paddr, p.p_filesz, p.p_memsz, p.p_align
        )?;
    }
    for (i, s) in obj.sections.iter().enumerate() {
        if i == 0 {
            writeln!(w, "section null {{")?;
        } else {
            write!(w, "section ")?;
            quote(w, s.name)?;
            writeln!(w, " {{")?;
        }
        let sh = &s.header;
        writeln!(
            w,
            "  sh_name: {:#x} sh_type: {:#x} sh_flags: {:#x} sh_addr: {:#x} sh_offset: {:#x} sh_size: {:#x}",
            sh.sh_name, sh.sh_type, sh.sh_flags, sh.sh_addr, sh.sh_offset, sh.sh_size
        )?;
        writeln!(
            w,
            "  sh_link: {:#x} sh_info: {:#x} sh_addralign: {:#x} sh_entsize: {:#x}",
            sh.sh_link, sh.sh_info, sh.sh_addralign, sh.sh_entsize
        )?;
        write!(w, "  ")?;
        match s.bytes.split_last() {
            Some((0, strings)) if sh.sh_type == 3 => {
                writeln!(w, "strtab {{")?;
                for s in strings.split(|&b| b == 0) {
                    write!(w, "    ")?;
                    quote(w, s)?;
                    writeln!(w)?;
                }
                writeln!(w, "  }}")?;
            }
            _ => {
                let base = sh.sh_offset as usize;
                hex(w, s.bytes, "  ", &mut |a, b| release(base + a, base + b))?;
            }
        }
        writeln!(w, "}}")?;
    }
    for &(offset, bytes) in &obj.fills {
        write!(w, "fill {offset:#x} {{ ")?;
        let base = offset as usize;
        hex(w, bytes, "", &mut |a, b| release(base + a, base + b))?;
        writeln!(w, "}}")?;
    }
    Ok(())
}
