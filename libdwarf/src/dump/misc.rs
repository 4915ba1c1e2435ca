//! The smaller displays: aranges, pubnames, macros, strings, string offsets, addresses,
//! CU/TU indexes, links, `.debug_sup`, `.gdb_index`, `.debug_names`; and GNU's search
//! for separate debug files ([`load_separate_debug_files`]).

use std::io;

use super::{Dumper, Section};

mod index;
mod names;
mod separate;
mod units;

pub use separate::load_separate_debug_files;
pub use units::InfoScan;

/// Per-file state of these displays, kept in [`super::State`].
#[derive(Debug, Default)]
pub struct MiscState {
    /// GNU's `load_debug_info` result: `None` before the first scan.
    pub(crate) info: Option<InfoScan>,
}

/// GNU's `introduce`: the "Contents of the … section" heading (`raw`: "Raw dump of
/// debug contents of section …"), naming the file the section came from when separate
/// debug files are being followed ([`super::State::loaded_from`]).
///
/// # Errors
/// Only output errors.
pub fn introduce(d: &mut Dumper<'_, '_>, sec: &Section<'_>, raw: bool) -> io::Result<()> {
    let from = match &d.state.loaded_from {
        Some(f) => format!(" (loaded from {f})"),
        None => String::new(),
    };
    if raw {
        write!(
            d.out,
            "Raw dump of debug contents of section {}{from}:\n\n",
            sec.name
        )
    } else {
        write!(d.out, "Contents of the {} section{from}:\n\n", sec.name)
    }
}

/// Byte reading with GNU's `SAFE_BYTE_GET` semantics: a read that would pass the end
/// reads what there is (zero when nothing) and moves only that far.
#[derive(Clone, Copy)]
pub(crate) struct Rd<'s> {
    pub(crate) b: &'s [u8],
    pub(crate) big: bool,
}

impl<'s> Rd<'s> {
    pub(crate) fn new(b: &'s [u8], big: bool) -> Self {
        Rd { b, big }
    }

    pub(crate) fn len(&self) -> usize {
        self.b.len()
    }

    /// The value of the `n` bytes at `at` (fewer if the data ends).
    pub(crate) fn val(&self, at: usize, n: usize) -> u64 {
        super::info::out::Endian { big: self.big }.get(self.b.get(at..).unwrap_or(&[]), n)
    }

    /// `SAFE_BYTE_GET_AND_INC`.
    pub(crate) fn get(&self, pos: &mut usize, n: usize, end: usize) -> u64 {
        let end = end.min(self.b.len());
        let avail = end.saturating_sub(*pos);
        let n = n.min(avail);
        if n == 0 {
            return 0;
        }
        let v = self.val(*pos, n);
        *pos = pos.saturating_add(n);
        v
    }

    /// A DWARF initial length at `*pos`: the length, and the offset size (8 after the
    /// 64-bit escape, else 4).
    pub(crate) fn initial_length(&self, pos: &mut usize, end: usize) -> (u64, usize) {
        let length = self.get(pos, 4, end);
        if length == 0xffff_ffff {
            (self.get(pos, 8, end), 8)
        } else {
            (length, 4)
        }
    }

    /// `SAFE_BYTE_GET` (no advance).
    pub(crate) fn peek(&self, pos: usize, n: usize, end: usize) -> u64 {
        let mut p = pos;
        self.get(&mut p, n, end)
    }

    /// `read_leb128` (unsigned): the value, the bytes read and GNU's status bits
    /// (1: ran out of data, 2: too large).
    pub(crate) fn leb(&self, pos: usize, end: usize) -> (u64, usize, u32) {
        libelf::leb128::read(self.b, pos, end, false)
    }

    /// The bytes from `at` up to a NUL or `end`.
    pub(crate) fn cstr(&self, at: usize, end: usize) -> &'s [u8] {
        let end = end.min(self.b.len());
        let s = self.b.get(at.min(end)..end).unwrap_or(&[]);
        let n = s.iter().position(|&c| c == 0).unwrap_or(s.len());
        s.get(..n).unwrap_or(&[])
    }

    /// The string at `*pos` (as [`Rd::cstr`]), moving `*pos` past it and its NUL.
    pub(crate) fn take_cstr(&self, pos: &mut usize, end: usize) -> &'s [u8] {
        let s = self.cstr(*pos, end);
        *pos += s.len();
        if *pos < end {
            *pos += 1;
        }
        s
    }
}

/// A `define`/`undef` entry of `.debug_macinfo` or `.debug_macro` (`kind` is
/// `MACINFO` or `MACRO`).
fn show_define(
    d: &mut Dumper<'_, '_>,
    r: &Rd<'_>,
    curr: &mut usize,
    end: usize,
    kind: &str,
    op: u64,
) -> io::Result<()> {
    let lineno = read_uleb(d, r, curr, end, 32) as u32 as i32;
    let s = r.take_cstr(curr, end);
    let what = if op == 1 { "define" } else { "undef" };
    write!(d.out, " DW_{kind}_{what} - lineno : {lineno} macro : ")?;
    d.out.write_all(s)?;
    writeln!(d.out)
}

/// `READ_ULEB` into a destination of `bits` bits: reads, advances and reports GNU's
/// errors.
fn read_uleb(d: &mut Dumper<'_, '_>, r: &Rd<'_>, pos: &mut usize, end: usize, bits: u32) -> u64 {
    let (v, m) = super::info::out::read_leb(r.b, pos, end, false, bits);
    if let Some(m) = m {
        d.error(m);
    }
    if bits < 64 {
        v & ((1u64 << bits) - 1)
    } else {
        v
    }
}

/// C's `%#x`: `0` for zero, `0x…` otherwise.
pub(crate) fn hx(v: u64) -> String {
    if v == 0 {
        "0".to_string()
    } else {
        format!("{v:#x}")
    }
}

/// GNU's `print_hex_ns`: `num_bytes * 2` zero-padded hex digits, the value masked.
pub(crate) fn hex_ns(v: u64, num_bytes: usize) -> String {
    let nb = if num_bytes == 0 { 2 } else { num_bytes.min(8) };
    let v = if nb >= 8 {
        v
    } else {
        v & ((1u64 << (nb * 8)) - 1)
    };
    format!("{v:0w$x}", w = nb * 2)
}

/// The `.debug_info` offsets GNU's `find_debug_info_for_offset` knows about, for the
/// "does not point to a CU header" warnings.
fn unit_offsets(d: &mut Dumper<'_, '_>) -> Option<Vec<u64>> {
    let scan = units::load_debug_info(d);
    scan.units
        .as_ref()
        .filter(|u| !u.is_empty())
        .map(|u| u.iter().map(|x| x.cu_offset).collect())
}

/// Reads the initial length of the unit at `*pos`; None, with GNU's warning,
/// where the unit would run past `end`.
fn unit_length(
    d: &mut Dumper<'_, '_>,
    r: &Rd<'_>,
    name: &str,
    pos: &mut usize,
    end: usize,
) -> Option<(u64, usize)> {
    let at = *pos;
    let (length, offset_size) = r.initial_length(pos, end);
    if length > (end - *pos) as u64 {
        d.warn(&format!(
            "Debug info is corrupted, {} header at {} has length {}\n",
            name,
            hx(at as u64),
            hx(length)
        ));
        return None;
    }
    Some((length, offset_size))
}

/// GNU's warning where `info_offset` is not the offset of a unit in `.debug_info`
/// (`offsets`, where known).
fn check_info_offset(
    d: &mut Dumper<'_, '_>,
    offsets: Option<&[u64]>,
    info_offset: u64,
    name: &str,
) {
    if let Some(offs) = offsets {
        if !offs.contains(&info_offset) {
            d.warn(&format!(
                ".debug_info offset of {} in {} section does not point to a CU header.\n",
                hx(info_offset),
                name
            ));
        }
    }
}

/// GNU's `display_debug_aranges`.
///
/// # Errors
/// Only output errors.
pub fn display_aranges(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let r = Rd::new(&sec.data, d.big_endian);
    let end = r.len();
    introduce(d, sec, false)?;
    let offsets = unit_offsets(d);
    let mut start = 0usize;
    while start < end {
        let mut hp = start;
        let Some((length, offset_size)) = unit_length(d, &r, &sec.name, &mut hp, end) else {
            break;
        };
        let end_ranges = hp + length as usize;
        let version = r.get(&mut hp, 2, end_ranges);
        let info_offset = r.get(&mut hp, offset_size, end_ranges);
        check_info_offset(d, offsets.as_deref(), info_offset, &sec.name);
        let pointer_size = r.get(&mut hp, 1, end_ranges);
        let segment_size = r.get(&mut hp, 1, end_ranges);
        if version != 2 && version != 3 {
            if version != 0 {
                d.warn("Only DWARF 2 and 3 aranges are currently supported.\n");
            }
            break;
        }
        writeln!(d.out, "  Length:                   {length}")?;
        writeln!(d.out, "  Version:                  {version}")?;
        writeln!(d.out, "  Offset into .debug_info:  {}", hx(info_offset))?;
        writeln!(d.out, "  Pointer Size:             {pointer_size}")?;
        writeln!(d.out, "  Segment Size:             {segment_size}")?;
        let address_size = (pointer_size + segment_size) as usize;
        if address_size == 0 || address_size > 8 {
            d.error(&format!("Invalid address size in {} section!\n", sec.name));
            break;
        }
        if address_size & (address_size - 1) != 0 {
            d.warn("Pointer size + Segment size is not a power of two.\n");
            break;
        }
        if address_size > 4 {
            writeln!(d.out, "\n    Address            Length")?;
        } else {
            writeln!(d.out, "\n    Address    Length")?;
        }
        let tuple = 2 * address_size;
        let mut ar = hp + (tuple - 1 - (hp - start - 1) % tuple);
        let mut guard = 0usize;
        while ar <= end_ranges && tuple <= end_ranges - ar && guard <= end {
            guard += 1;
            let address = r.get(&mut ar, address_size, end_ranges);
            let len = r.get(&mut ar, address_size, end_ranges);
            writeln!(
                d.out,
                "    {} {}",
                hex_ns(address, address_size),
                hex_ns(len, address_size)
            )?;
        }
        start = end_ranges;
    }
    writeln!(d.out)?;
    Ok(true)
}

/// GNU's `display_debug_pubnames`.
///
/// # Errors
/// Only output errors.
pub fn display_pubnames(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    pubnames_worker(d, sec, false)
}

/// GNU's `display_debug_gnu_pubnames`.
///
/// # Errors
/// Only output errors.
pub fn display_gnu_pubnames(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    pubnames_worker(d, sec, true)
}

const KIND_NAMES: [&str; 8] = [
    "no info", "type", "variable", "function", "other", "unused5", "unused6", "unused7",
];

fn pubnames_worker(d: &mut Dumper<'_, '_>, sec: &Section<'_>, gnu: bool) -> io::Result<bool> {
    let r = Rd::new(&sec.data, d.big_endian);
    let end = r.len();
    let offsets = unit_offsets(d);
    introduce(d, sec, false)?;
    let mut start = 0usize;
    while start < end {
        let Some((length, offset_size)) = unit_length(d, &r, &sec.name, &mut start, end) else {
            break;
        };
        let mut data = start;
        start += length as usize;
        let version = r.get(&mut data, 2, start);
        let info_offset = r.get(&mut data, offset_size, start);
        check_info_offset(d, offsets.as_deref(), info_offset, &sec.name);
        let size = r.get(&mut data, offset_size, start);
        writeln!(d.out, "  Length:                              {length}")?;
        writeln!(d.out, "  Version:                             {version}")?;
        writeln!(
            d.out,
            "  Offset into .debug_info section:     {}",
            hx(info_offset)
        )?;
        writeln!(d.out, "  Size of area in .debug_info section: {size}")?;
        if version != 2 && version != 3 {
            if !d.state.pubnames_version_warned {
                d.state.pubnames_version_warned = true;
                d.warn("Only DWARF 2 and 3 pubnames are currently supported\n");
            }
            continue;
        }
        if gnu {
            writeln!(d.out, "\n    Offset  Kind          Name")?;
        } else {
            writeln!(d.out, "\n    Offset\tName")?;
        }
        let mut guard = 0usize;
        loop {
            guard += 1;
            if guard > end {
                break;
            }
            let offset = r.get(&mut data, offset_size, start);
            if offset == 0 || data >= start {
                break;
            }
            let mut maxprint = start - data - 1;
            if gnu {
                let kind_data = r.get(&mut data, 1, start);
                maxprint = maxprint.saturating_sub(1);
                let kind = ((kind_data >> 4) & 7) as usize;
                let is_static = kind_data >> 7 != 0;
                let name = r.cstr(data, data.saturating_add(maxprint));
                write!(
                    d.out,
                    "    {:<6x}  {},{:<10}  ",
                    offset,
                    if is_static { "s" } else { "g" },
                    KIND_NAMES.get(kind).copied().unwrap_or("")
                )?;
                d.out.write_all(name)?;
                writeln!(d.out)?;
            } else {
                let name = r.cstr(data, data.saturating_add(maxprint));
                write!(d.out, "    {offset:<6x}\t")?;
                d.out.write_all(name)?;
                writeln!(d.out)?;
            }
            data += r.cstr(data, data.saturating_add(maxprint)).len();
            if data < start {
                data += 1;
            }
            if data >= start {
                break;
            }
        }
    }
    writeln!(d.out)?;
    Ok(true)
}

/// GNU's `display_debug_macinfo`.
///
/// # Errors
/// Only output errors.
pub fn display_macinfo(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let r = Rd::new(&sec.data, d.big_endian);
    let end = r.len();
    introduce(d, sec, false)?;
    let mut curr = 0usize;
    while curr < end {
        let op = r.val(curr, 1);
        curr += 1;
        match op {
            1 | 2 => show_define(d, &r, &mut curr, end, "MACINFO", op)?,
            3 => {
                let lineno = read_uleb(d, &r, &mut curr, end, 32) as u32 as i32;
                let filenum = read_uleb(d, &r, &mut curr, end, 32) as u32 as i32;
                writeln!(
                    d.out,
                    " DW_MACINFO_start_file - lineno: {lineno} filenum: {filenum}"
                )?;
            }
            4 => writeln!(d.out, " DW_MACINFO_end_file")?,
            0xff => {
                let constant = read_uleb(d, &r, &mut curr, end, 32) as u32 as i32;
                let s = r.take_cstr(&mut curr, end);
                write!(
                    d.out,
                    " DW_MACINFO_vendor_ext - constant : {constant} string : "
                )?;
                d.out.write_all(s)?;
                writeln!(d.out)?;
            }
            _ => {}
        }
    }
    Ok(true)
}

/// GNU's `get_line_filename_and_dirname`: file `fileidx` of the (version 2-4) line
/// table at `line_offset`, with its directory.
fn line_file_and_dir<'s>(
    line: &Rd<'s>,
    line_offset: u64,
    fileidx: u64,
) -> Option<(&'s [u8], Option<&'s [u8]>)> {
    let size = line.len();
    if line_offset >= size as u64 || fileidx == 0 {
        return None;
    }
    let mut hp = line_offset as usize;
    let mut end = size;
    let (length, offset_size) = line.initial_length(&mut hp, end);
    if length > (end - hp) as u64 || length < 2 + offset_size as u64 + 1 + 3 + 1 {
        return None;
    }
    end = hp + length as usize;
    let version = line.get(&mut hp, 2, end);
    if !(2..=4).contains(&version) {
        return None;
    }
    hp += offset_size + 1;
    if version >= 4 {
        hp += 1;
    }
    hp += 3;
    let opcode_base = line.get(&mut hp, 1, end) as usize;
    if opcode_base == 0 || opcode_base > end.saturating_sub(hp) {
        return None;
    }
    hp += opcode_base - 1;
    let dirtable = hp;
    let byte = |p: usize| line.b.get(p).copied().unwrap_or(0);
    while byte(hp) != 0 {
        hp += line.cstr(hp, end).len();
        if hp < end {
            hp += 1;
        }
        if hp >= end {
            return None;
        }
    }
    hp += 1;
    let mut fileidx = fileidx;
    while hp < end && byte(hp) != 0 && fileidx > 1 {
        hp += line.cstr(hp, end).len();
        if hp < end {
            hp += 1;
        }
        for _ in 0..3 {
            hp += line.leb(hp, end).1;
        }
        fileidx -= 1;
    }
    if hp >= end || byte(hp) == 0 {
        return None;
    }
    let file_name = line.cstr(hp, end);
    hp += file_name.len();
    if hp < end {
        hp += 1;
    }
    if hp >= end {
        return None;
    }
    let (mut diridx, _, _) = line.leb(hp, end);
    if diridx == 0 {
        return Some((file_name, None));
    }
    let mut dt = dirtable;
    while dt < end && byte(dt) != 0 && diridx > 1 {
        dt += line.cstr(dt, end).len();
        if dt < end {
            dt += 1;
        }
        diridx -= 1;
    }
    if dt >= end || byte(dt) == 0 {
        return None;
    }
    Some((file_name, Some(line.cstr(dt, end))))
}

/// GNU's `fetch_indirect_string`.
fn indirect_string(d: &mut Dumper<'_, '_>, str_sec: Option<&Section<'_>>, offset: u64) -> Vec<u8> {
    let Some(s) = str_sec else {
        return b"<no .debug_str section>".to_vec();
    };
    let size = s.data.len() as u64;
    if offset >= size {
        d.warn(&format!("DW_FORM_strp offset too big: {}\n", hx(offset)));
        return b"<offset is too big>".to_vec();
    }
    let r = Rd::new(&s.data, false);
    let v = r.cstr(offset as usize, s.data.len());
    if v.len() as u64 == size - offset {
        return b"<no NUL byte at end of .debug_str section>".to_vec();
    }
    v.to_vec()
}

/// GNU's `fetch_indexed_string` without a CU/TU set.
#[allow(clippy::too_many_arguments)]
fn indexed_string(
    d: &mut Dumper<'_, '_>,
    index_sec: Option<&Section<'_>>,
    str_sec: Option<&Section<'_>>,
    dwo: bool,
    idx: u64,
    offset_size: u64,
    base: u64,
) -> Vec<u8> {
    let Some(index) = index_sec else {
        return if dwo {
            b"<no .debug_str_offsets.dwo section>".to_vec()
        } else {
            b"<no .debug_str_offsets section>".to_vec()
        };
    };
    let Some(strs) = str_sec else {
        return if dwo {
            b"<no .debug_str.dwo section>".to_vec()
        } else {
            b"<no .debug_str section>".to_vec()
        };
    };
    let index_offset = idx.wrapping_mul(offset_size).wrapping_add(base);
    if index_offset.saturating_add(offset_size) > index.data.len() as u64 {
        d.warn(&format!(
            "string index of {idx} converts to an offset of {} which is too big for section {}",
            hx(index_offset),
            strs.name
        ));
        return b"<string index too big>".to_vec();
    }
    let r = Rd::new(&index.data, d.big_endian);
    let str_offset = r
        .val(index_offset as usize, offset_size as usize)
        .wrapping_sub(strs.address);
    let size = strs.data.len() as u64;
    if str_offset >= size {
        d.warn(&format!("indirect offset too big: {}\n", hx(str_offset)));
        return b"<indirect index offset is too big>".to_vec();
    }
    let v = Rd::new(&strs.data, false).cstr(str_offset as usize, strs.data.len());
    if v.len() as u64 == size - str_offset {
        return b"<no NUL byte at end of section>".to_vec();
    }
    v.to_vec()
}

/// GNU's `get_FORM_name`.
fn form_name(form: u64) -> String {
    if form == 0 {
        return "DW_FORM value: 0".to_string();
    }
    match u16::try_from(form)
        .ok()
        .and_then(|f| gimli::DwForm(f).static_string())
    {
        Some(n) => n.to_string(),
        None => format!("Unknown FORM value: {form:x}"),
    }
}

/// GNU's `display_debug_macro`.
///
/// # Errors
/// Only output errors.
pub fn display_macro(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let r = Rd::new(&sec.data, d.big_endian);
    let end = r.len();
    let is_dwo = sec.name.ends_with(".dwo");
    let str_sec = d.load(".debug_str");
    let line_sec = d.load(".debug_line");
    let stroff_sec = d.load(".debug_str_offsets");
    let line_rd = line_sec.as_ref().map(|l| Rd::new(&l.data, d.big_endian));
    introduce(d, sec, false)?;
    let mut curr = 0usize;
    while curr < end {
        let sec_offset = curr as u64;
        let version = r.get(&mut curr, 2, end);
        if version != 4 && version != 5 {
            d.error(&format!(
                "Expected to find a version number of 4 or 5 in section {} but found {version} instead\n",
                sec.name
            ));
            return Ok(false);
        }
        let flags = r.get(&mut curr, 1, end);
        let offset_size = if flags & 1 != 0 { 8 } else { 4 };
        writeln!(d.out, "  Offset:                      {}", hx(sec_offset))?;
        writeln!(d.out, "  Version:                     {version}")?;
        writeln!(d.out, "  Offset size:                 {offset_size}")?;
        let mut line_offset = 0;
        if flags & 2 != 0 {
            line_offset = r.get(&mut curr, offset_size, end);
            writeln!(d.out, "  Offset into .debug_line:     {}", hx(line_offset))?;
        }
        let mut ext: Option<Vec<Option<usize>>> = None;
        if flags & 4 != 0 {
            let mut table = vec![None; 256];
            let count = r.get(&mut curr, 1, end);
            if count != 0 {
                writeln!(d.out, "  Extension opcode arguments:")?;
                for _ in 0..count {
                    let op = r.get(&mut curr, 1, end) as usize;
                    if let Some(slot) = table.get_mut(op) {
                        *slot = Some(curr);
                    }
                    let nargs = read_uleb(d, &r, &mut curr, end, 64);
                    if nargs == 0 {
                        writeln!(d.out, "    DW_MACRO_{op:02x} has no arguments")?;
                        continue;
                    }
                    write!(d.out, "    DW_MACRO_{op:02x} arguments: ")?;
                    let mut n = 0u64;
                    while n < nargs && curr <= end {
                        let form = r.get(&mut curr, 1, end);
                        let sep = if n == nargs - 1 { "\n" } else { ", " };
                        write!(d.out, "{}{sep}", form_name(form))?;
                        if !matches!(
                            form,
                            0x0b | 0x05
                                | 0x06
                                | 0x07
                                | 0x0d
                                | 0x0f
                                | 0x09
                                | 0x0a
                                | 0x03
                                | 0x04
                                | 0x0c
                                | 0x08
                                | 0x0e
                                | 0x17
                        ) {
                            d.error(&format!(
                                "Invalid extension opcode form {}\n",
                                form_name(form)
                            ));
                            return Ok(false);
                        }
                        n += 1;
                        if curr >= end && n < nargs {
                            break;
                        }
                    }
                }
            }
            ext = Some(table);
        }
        writeln!(d.out)?;
        loop {
            if curr >= end {
                d.error(".debug_macro section not zero terminated\n");
                return Ok(false);
            }
            let op = r.get(&mut curr, 1, end);
            if op == 0 {
                break;
            }
            match op {
                1 | 2 => show_define(d, &r, &mut curr, end, "MACRO", op)?,
                3 => {
                    let lineno = read_uleb(d, &r, &mut curr, end, 32) as u32 as i32;
                    let filenum = read_uleb(d, &r, &mut curr, end, 32);
                    let mut found = None;
                    if flags & 2 == 0 {
                        d.error("DW_MACRO_start_file used, but no .debug_line offset provided.\n");
                    } else if let Some(lr) = &line_rd {
                        found = line_file_and_dir(lr, line_offset, filenum);
                    }
                    let filenum = filenum as u32 as i32;
                    match found {
                        None => writeln!(
                            d.out,
                            " DW_MACRO_start_file - lineno: {lineno} filenum: {filenum}"
                        )?,
                        Some((file, dir)) => {
                            write!(
                                d.out,
                                " DW_MACRO_start_file - lineno: {lineno} filenum: {filenum} filename: "
                            )?;
                            if let Some(dir) = dir {
                                d.out.write_all(dir)?;
                                d.out.write_all(b"/")?;
                            }
                            d.out.write_all(file)?;
                            writeln!(d.out)?;
                        }
                    }
                }
                4 => writeln!(d.out, " DW_MACRO_end_file")?,
                5 | 6 => {
                    let lineno = read_uleb(d, &r, &mut curr, end, 32) as u32 as i32;
                    let offset = if version == 4 && is_dwo {
                        read_uleb(d, &r, &mut curr, end, 64)
                    } else {
                        r.get(&mut curr, offset_size, end)
                    };
                    let s = indirect_string(d, str_sec.as_ref(), offset);
                    let what = if op == 5 { "define" } else { "undef" };
                    write!(d.out, " DW_MACRO_{what}_strp - lineno : {lineno} macro : ")?;
                    d.out.write_all(&s)?;
                    writeln!(d.out)?;
                }
                7 | 0xa => {
                    let offset = r.get(&mut curr, offset_size, end);
                    let what = if op == 7 { "import" } else { "import_sup" };
                    writeln!(d.out, " DW_MACRO_{what} - offset : {}", hx(offset))?;
                }
                8 | 9 => {
                    let lineno = read_uleb(d, &r, &mut curr, end, 32) as u32 as i32;
                    let offset = r.get(&mut curr, offset_size, end);
                    let what = if op == 8 { "define_sup" } else { "undef_sup" };
                    writeln!(
                        d.out,
                        " DW_MACRO_{what} - lineno : {lineno} macro offset : {}",
                        hx(offset)
                    )?;
                }
                0xb | 0xc => {
                    let lineno = read_uleb(d, &r, &mut curr, end, 32) as u32 as i32;
                    let offset = read_uleb(d, &r, &mut curr, end, 64);
                    let s = indexed_string(
                        d,
                        stroff_sec.as_ref(),
                        str_sec.as_ref(),
                        false,
                        offset,
                        offset_size as u64,
                        0,
                    );
                    if op == 0xb {
                        write!(d.out, " DW_MACRO_define_strx ")?;
                    } else {
                        write!(d.out, " DW_MACRO_undef_strx ")?;
                    }
                    if d.opts.wide {
                        write!(d.out, "(with offset {}) ", hx(offset))?;
                    }
                    write!(d.out, "lineno : {lineno} macro : ")?;
                    d.out.write_all(&s)?;
                    writeln!(d.out)?;
                }
                0xe0..=0xff => {
                    write!(d.out, " <Target Specific macro op: {op:#x} - UNHANDLED")?;
                }
                _ => {
                    let desc = ext
                        .as_ref()
                        .and_then(|t| t.get(op as usize).copied().flatten());
                    let Some(mut desc) = desc else {
                        d.error(&format!(" Unknown macro opcode {op:02x} seen\n"));
                        return Ok(false);
                    };
                    let nargs = read_uleb(d, &r, &mut desc, end, 64);
                    if nargs == 0 {
                        writeln!(d.out, " DW_MACRO_{op:02x}")?;
                        continue;
                    }
                    write!(d.out, " DW_MACRO_{op:02x} -")?;
                    let mut n = 0u64;
                    while n < nargs && desc < end {
                        let form = r.get(&mut desc, 1, end);
                        curr = macro_operand(d, &r, curr, end, form, offset_size, &str_sec)?;
                        if n != nargs - 1 {
                            write!(d.out, ",")?;
                        }
                        n += 1;
                    }
                    writeln!(d.out)?;
                }
            }
        }
        writeln!(d.out)?;
    }
    Ok(true)
}

/// An operand of an extension macro opcode, shown the way GNU's
/// `read_and_display_attr_value` shows it (the simple forms the header allows).
fn macro_operand(
    d: &mut Dumper<'_, '_>,
    r: &Rd<'_>,
    mut curr: usize,
    end: usize,
    form: u64,
    offset_size: usize,
    str_sec: &Option<Section<'_>>,
) -> io::Result<usize> {
    match form {
        0x0b | 0x05 | 0x06 | 0x07 | 0x0c => {
            let n = match form {
                0x0b | 0x0c => 1,
                0x05 => 2,
                0x06 => 4,
                _ => 8,
            };
            let v = r.get(&mut curr, n, end);
            if matches!(form, 0x06 | 0x07) {
                write!(d.out, " {}", hx(v))?;
            } else {
                write!(d.out, " {v}")?;
            }
        }
        0x0f => {
            let v = read_uleb(d, r, &mut curr, end, 64);
            write!(d.out, " {v}")?;
        }
        0x0d => {
            let (v, n, _) = r.leb(curr, end);
            curr += n;
            let sv = if n > 0 && n < 10 && v & (1u64 << (7 * n - 1)) != 0 {
                (v | (!0u64 << (7 * n))) as i64
            } else {
                v as i64
            };
            write!(d.out, " {sv}")?;
        }
        0x17 => {
            let v = r.get(&mut curr, offset_size, end);
            write!(d.out, " {}", hx(v))?;
        }
        0x08 => {
            let s = r.take_cstr(&mut curr, end);
            write!(d.out, " ")?;
            d.out.write_all(s)?;
        }
        0x0e => {
            let v = r.get(&mut curr, offset_size, end);
            let s = indirect_string(d, str_sec.as_ref(), v);
            write!(d.out, " (indirect string, offset: {}): ", hx(v))?;
            d.out.write_all(&s)?;
        }
        0x09 | 0x0a | 0x03 | 0x04 => {
            let len = match form {
                0x09 => read_uleb(d, r, &mut curr, end, 64),
                0x0a => r.get(&mut curr, 1, end),
                0x03 => r.get(&mut curr, 2, end),
                _ => r.get(&mut curr, 4, end),
            };
            write!(d.out, " {len} byte block: ")?;
            let n = (len as usize).min(end.saturating_sub(curr));
            for i in 0..n {
                write!(d.out, "{:x} ", r.val(curr + i, 1))?;
            }
            curr += n;
        }
        _ => {}
    }
    Ok(curr)
}

/// GNU's `display_debug_str`.
///
/// # Errors
/// Only output errors.
pub fn display_str(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let data = &sec.data[..];
    if data.is_empty() {
        writeln!(d.out, "\nThe {} section is empty.", sec.name)?;
        return Ok(false);
    }
    introduce(d, sec, false)?;
    let mut addr = sec.address;
    let mut s = String::with_capacity(80);
    for chunk in data.chunks(16) {
        s.clear();
        s.push_str(&format!("  0x{:08x} ", addr));
        for j in 0..16 {
            match chunk.get(j) {
                Some(b) => s.push_str(&format!("{b:02x}")),
                None => s.push_str("  "),
            }
            if j & 3 == 3 {
                s.push(' ');
            }
        }
        for &b in chunk {
            s.push(if (b' '..0x80).contains(&b) {
                char::from(b)
            } else {
                '.'
            });
        }
        s.push('\n');
        d.out.write_all(s.as_bytes())?;
        addr = addr.wrapping_add(chunk.len() as u64);
    }
    writeln!(d.out)?;
    Ok(true)
}

/// GNU's `display_debug_str_offsets`.
///
/// # Errors
/// Only output errors.
pub fn display_str_offsets(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    if sec.data.is_empty() {
        writeln!(d.out, "\nThe {} section is empty.", sec.name)?;
        return Ok(false);
    }
    let r = Rd::new(&sec.data, d.big_endian);
    let end = r.len();
    let dwo = sec.name.ends_with(".dwo");
    let str_sec = if dwo {
        d.load(".debug_str.dwo")
    } else {
        d.load(".debug_str")
    };
    introduce(d, sec, false)?;
    let mut curr = 0usize;
    let mut guard = 0usize;
    while curr < end {
        guard += 1;
        if guard > end {
            break;
        }
        let mut length = r.get(&mut curr, 4, end);
        let (entry_length, hdr_len) = if length == 0xffff_ffff {
            length = r.get(&mut curr, 8, end);
            (8usize, 16u64)
        } else {
            (4usize, 8u64)
        };
        let entries_end;
        if length == 0 {
            length = end as u64;
            curr = 0;
            entries_end = end;
            writeln!(d.out, "    Length: {}", hx(length))?;
            writeln!(d.out, "       Index   Offset [String]")?;
        } else {
            if length <= (end - curr) as u64 {
                entries_end = curr + length as usize;
            } else {
                d.warn(&format!(
                    "Section {} is too small {}\n",
                    sec.name,
                    hx(end as u64)
                ));
                entries_end = end;
            }
            let version = r.get(&mut curr, 2, entries_end);
            if version != 5 {
                d.warn(&format!(
                    "Unexpected version number in str_offset header: {}\n",
                    hx(version)
                ));
            }
            let padding = r.get(&mut curr, 2, entries_end);
            if padding != 0 {
                d.warn(&format!(
                    "Unexpected value in str_offset header's padding field: {}\n",
                    hx(padding)
                ));
            }
            writeln!(d.out, "    Length: {}", hx(length))?;
            writeln!(d.out, "    Version: {}", hx(version))?;
            writeln!(d.out, "       Index   Offset [String]")?;
        }
        let mut idx = 0u64;
        while curr < entries_end {
            if entries_end - curr < entry_length {
                return Ok(false);
            }
            let offset = r.get(&mut curr, entry_length, entries_end);
            let s = if dwo {
                indexed_string(
                    d,
                    Some(sec),
                    str_sec.as_ref(),
                    true,
                    idx,
                    entry_length as u64,
                    hdr_len,
                )
            } else {
                indirect_string(d, str_sec.as_ref(), offset)
            };
            write!(d.out, "    {idx:8} {}  ", hex_ns(offset, entry_length))?;
            d.out.write_all(&s)?;
            writeln!(d.out)?;
            idx += 1;
        }
    }
    Ok(true)
}

/// GNU's `display_debug_addr`.
///
/// # Errors
/// Only output errors.
pub fn display_addr(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let size = sec.data.len();
    if size == 0 {
        writeln!(d.out, "\nThe {} section is empty.", sec.name)?;
        return Ok(false);
    }
    let scan = units::load_debug_info(d);
    let Some(all) = scan.units.clone().filter(|u| !u.is_empty()) else {
        d.warn(&format!(
            "Unable to load/parse the .debug_info section, so cannot interpret the {} section.\n",
            sec.name
        ));
        return Ok(false);
    };
    introduce(d, sec, false)?;
    let mut list = Vec::new();
    for (i, u) in all.iter().enumerate() {
        if let Some(base) = u.addr_base {
            if base >= size as u64 {
                d.warn(&format!(
                    "Corrupt address base ({}) found in debug section {i}\n",
                    hx(base)
                ));
            } else {
                list.push(u.clone());
            }
        }
    }
    list.sort_by_key(|u| u.addr_base);
    let r = Rd::new(&sec.data, d.big_endian);
    let mut header = 0usize;
    for i in 0..list.len() {
        let Some(u) = list.get(i) else { break };
        let mut address_size = u64::from(u.pointer_size);
        writeln!(
            d.out,
            "  For compilation unit at offset {}:",
            hx(u.cu_offset)
        )?;
        writeln!(d.out, "\tIndex\tAddress")?;
        let mut entry = u.addr_base.unwrap_or(0) as usize;
        let end;
        if u.version >= 5 {
            let header_size = entry.wrapping_sub(header);
            if header_size != 8 && header_size != 16 {
                d.warn(&format!(
                    "Corrupt {} section: expecting header size of 8 or 16, but found {} instead\n",
                    sec.name, header_size as isize
                ));
                return Ok(false);
            }
            let mut ch = header;
            let mut length = r.get(&mut ch, 4, entry);
            if length == 0xffff_ffff {
                length = r.get(&mut ch, 8, entry);
            }
            if length > (size - ch) as u64 || length < (entry - ch) as u64 {
                d.warn(&format!(
                    "Corrupt {} section: unit_length field of {} is invalid\n",
                    sec.name,
                    hx(length)
                ));
                return Ok(false);
            }
            end = ch + length as usize;
            let version = r.get(&mut ch, 2, entry);
            if version != 5 {
                d.warn(&format!(
                    "Corrupt {} section: expecting version number 5 in header but found {version} instead\n",
                    sec.name
                ));
            }
            address_size = r.get(&mut ch, 1, entry);
            let seg = r.get(&mut ch, 1, entry);
            address_size += seg;
        } else {
            end = list
                .get(i + 1)
                .and_then(|n| n.addr_base)
                .map_or(size, |b| b as usize);
        }
        header = end;
        if !(1..=8).contains(&address_size) {
            d.warn(&format!(
                "Corrupt {} section: address size ({:x}) is wrong",
                sec.name, address_size
            ));
            return Ok(false);
        }
        let asz = address_size as usize;
        let mut idx = 0u32;
        let mut out = String::new();
        while end >= entry && end - entry >= asz {
            let base = r.val(entry, asz);
            out.push_str(&format!("\t{}:\t{}\n", idx as i32, hex_ns(base, asz)));
            entry += asz;
            idx = idx.wrapping_add(1);
        }
        d.out.write_all(out.as_bytes())?;
    }
    writeln!(d.out)?;
    Ok(true)
}

/// GNU's `display_cu_index`.
///
/// # Errors
/// Only output errors.
pub fn display_cu_index(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    index::display_cu_index(d, sec)
}

/// GNU's `display_data`: bytes as ` xx`, wrapped unless they fit (or `-W`).
fn display_data(d: &mut Dumper<'_, '_>, printed: usize, data: &[u8]) -> io::Result<()> {
    let mut s = String::new();
    if d.opts.wide || data.len() < 80usize.saturating_sub(printed) / 3 {
        for b in data {
            s.push_str(&format!(" {b:02x}"));
        }
    } else {
        for (i, b) in data.iter().enumerate() {
            if i % (80 / 3) == 0 {
                s.push('\n');
            }
            s.push_str(&format!(" {b:02x}"));
        }
    }
    d.out.write_all(s.as_bytes())
}

/// GNU's `display_debug_links`.
///
/// # Errors
/// Only output errors.
pub fn display_links(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    introduce(d, sec, false)?;
    let data = &sec.data[..];
    let r = Rd::new(data, d.big_endian);
    let name = r.cstr(0, data.len());
    let filelen = name.len();
    if filelen == data.len() {
        d.warn("The debuglink filename is corrupt/missing\n");
        return Ok(false);
    }
    write!(d.out, "  Separate debug info file: ")?;
    d.out.write_all(name)?;
    writeln!(d.out)?;
    if sec.name.starts_with(".gnu_debuglink") {
        let crc_offset = (filelen + 1 + 3) & !3;
        if crc_offset + 4 > data.len() {
            d.warn("CRC offset missing/truncated\n");
            return Ok(false);
        }
        let crc = r.val(crc_offset, 4);
        writeln!(d.out, "  CRC value: {}", hx(crc))?;
        if crc_offset + 4 < data.len() {
            d.warn(&format!(
                "There are {} extraneous bytes at the end of the section\n",
                hx((data.len() - (crc_offset + 4)) as u64)
            ));
            return Ok(false);
        }
    } else {
        let build_id = data.get(filelen + 1..).unwrap_or(&[]);
        if build_id.len() < 0x14 {
            d.warn(&format!(
                "Build-ID is too short ({} bytes)\n",
                hx(build_id.len() as u64)
            ));
            return Ok(false);
        }
        let head = format!("  Build-ID ({} bytes):", hx(build_id.len() as u64));
        write!(d.out, "{head}")?;
        display_data(d, head.len(), build_id)?;
        writeln!(d.out)?;
    }
    writeln!(d.out)?;
    Ok(true)
}

/// GNU's `display_debug_sup`.
///
/// # Errors
/// Only output errors.
pub fn display_sup(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    introduce(d, sec, true)?;
    let data = &sec.data[..];
    if data.len() < 4 {
        d.error("corrupt .debug_sup section: size is too small\n");
        return Ok(false);
    }
    let r = Rd::new(data, d.big_endian);
    let end = data.len();
    let mut start = 0usize;
    let version = r.get(&mut start, 2, end);
    if version < 5 {
        d.warn("corrupt .debug_sup section: version < 5");
    }
    let is_sup = r.get(&mut start, 1, end) as u8 as i8;
    if is_sup != 0 && is_sup != 1 {
        d.warn("corrupt .debug_sup section: is_supplementary not 0 or 1\n");
    }
    let name = r.cstr(start, end);
    if is_sup != 0 && !name.is_empty() {
        d.warn("corrupt .debug_sup section: filename not empty in supplementary section\n");
    }
    if name.len() == end - start {
        d.error("corrupt .debug_sup section: filename is not NUL terminated\n");
        return Ok(false);
    }
    start += name.len() + 1;
    let (mut checksum_len, n, status) = r.leb(start, end);
    if status != 0 {
        d.error("corrupt .debug_sup section: bad LEB128 field for checksum length\n");
        checksum_len = 0;
    }
    start += n;
    let rest = (end - start) as u64;
    if checksum_len > rest {
        d.error(
            "corrupt .debug_sup section: checksum length is longer than the remaining section length\n",
        );
        checksum_len = rest;
    } else if checksum_len < rest {
        d.warn(&format!(
            "corrupt .debug_sup section: there are {} extra, unused bytes at the end of the section\n",
            hx(rest - checksum_len)
        ));
    }
    writeln!(d.out, "  Version:      {version}")?;
    writeln!(d.out, "  Is Supp:      {}", is_sup as u32)?;
    write!(d.out, "  Filename:     ")?;
    d.out.write_all(name)?;
    writeln!(d.out)?;
    writeln!(d.out, "  Checksum Len: {checksum_len}")?;
    if checksum_len > 0 {
        let mut s = String::from("  Checksum:     ");
        for b in data
            .get(start..start + checksum_len as usize)
            .unwrap_or(&[])
        {
            s.push_str(&format!("{} ", hx(u64::from(*b))));
        }
        writeln!(d.out, "{s}")?;
    }
    Ok(true)
}

/// GNU's `display_gdb_index`.
///
/// # Errors
/// Only output errors.
pub fn display_gdb_index(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    index::display_gdb_index(d, sec)
}

/// GNU's `display_debug_names`.
///
/// # Errors
/// Only output errors.
pub fn display_debug_names(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    index::display_debug_names(d, sec)
}

/// GNU's `display_debug_not_supported`.
///
/// # Errors
/// Only output errors.
pub fn display_not_supported(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    writeln!(
        d.out,
        "Displaying the debug contents of section {} is not yet supported.",
        sec.name
    )?;
    Ok(true)
}

#[cfg(test)]
mod tests;
