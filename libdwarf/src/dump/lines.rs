//! `.debug_line`: GNU's `display_debug_lines` (raw and decoded).
//!
//! Both displays read the line program with GNU's own tolerance for damage: reads
//! past the end of a unit give zeros, bad LEB128 numbers are reported with GNU's
//! errors, and every loop is bounded by the section.

use super::info::out::read_leb;
use std::io;

use super::{Dumper, Section};

mod decoded;
mod forms;
mod raw;

/// A line program header as GNU's `read_debug_line_header` reads it.
#[derive(Debug, Clone, Copy, Default)]
pub struct LineInfo {
    length: u64,
    offset_size: u8,
    version: u16,
    address_size: u8,
    segment_size: u8,
    prologue_length: u64,
    min_insn_length: u8,
    max_ops_per_insn: u8,
    default_is_stmt: u8,
    line_base: i8,
    line_range: u8,
    opcode_base: u8,
}

/// What GNU keeps in function-level statics between `.debug_line` displays: the last
/// full header each display read, used for `.debug_line.<foo>` fragments.
#[derive(Debug, Clone, Copy, Default)]
pub struct Saved {
    raw: Option<LineInfo>,
    decoded: Option<LineInfo>,
}

/// GNU's `State_Machine_Registers`.
#[derive(Debug, Clone, Copy, Default)]
struct Regs {
    address: u64,
    view: u32,
    file: u32,
    line: u32,
    is_stmt: i32,
    op_index: u8,
    last_file_entry: u32,
}

impl Regs {
    fn reset(is_stmt: u8) -> Regs {
        Regs {
            file: 1,
            line: 1,
            is_stmt: i32::from(is_stmt),
            ..Regs::default()
        }
    }

    /// Advances by `uladv` operations; returns the address delta GNU uses to decide
    /// whether the view resets.
    fn advance_ops(&mut self, li: &LineInfo, uladv: u64) -> u64 {
        if li.max_ops_per_insn == 1 {
            let delta = uladv.wrapping_mul(u64::from(li.min_insn_length));
            self.address = self.address.wrapping_add(delta);
            if delta != 0 {
                self.view = 0;
            }
            delta
        } else {
            let max = u64::from(li.max_ops_per_insn.max(1));
            let ops = u64::from(self.op_index).wrapping_add(uladv);
            // GNU computes the delta in an `unsigned int`.
            let delta = u64::from(((ops / max).wrapping_mul(u64::from(li.min_insn_length))) as u32);
            self.address = self.address.wrapping_add(delta);
            self.op_index = (ops % max) as u8;
            if delta != 0 {
                self.view = 0;
            }
            delta
        }
    }
}

/// The section bytes with GNU's bounded readers.
#[derive(Debug, Clone, Copy)]
struct Buf<'s> {
    data: &'s [u8],
    big: bool,
}

impl<'s> Buf<'s> {
    /// The bytes of `sec`, read in the dump's byte order.
    fn of(sec: &'s Section<'_>, d: &Dumper<'_, '_>) -> Self {
        Buf {
            data: &sec.data,
            big: d.big_endian,
        }
    }

    fn byte(&self, pos: usize) -> u8 {
        self.data.get(pos).copied().unwrap_or(0)
    }

    /// GNU's `byte_get` of `amount` (at most 8) bytes that are known to be there.
    fn get(&self, pos: usize, amount: usize) -> u64 {
        super::info::out::Endian { big: self.big }.get_at(self.data, pos, amount)
    }

    /// GNU's `SAFE_BYTE_GET`: as many of `amount` bytes as lie before `end`; returns
    /// the value and the number of bytes read.
    fn safe_get(&self, pos: usize, amount: usize, end: usize) -> (u64, usize) {
        let end = end.min(self.data.len());
        let avail = end.saturating_sub(pos);
        let amount = amount.min(avail);
        if amount == 0 {
            (0, 0)
        } else {
            (self.get(pos, amount), amount)
        }
    }

    /// `SAFE_BYTE_GET_AND_INC`.
    fn safe_get_inc(&self, pos: &mut usize, amount: usize, end: usize) -> u64 {
        let (v, n) = self.safe_get(*pos, amount, end);
        *pos = pos.saturating_add(n);
        v
    }

    /// GNU's `read_leb128`: value, bytes read, status (1: unterminated, 2: overflow).
    fn leb(&self, pos: usize, end: usize, sign: bool) -> (u64, usize, u8) {
        let (v, n, status) = libelf::leb128::read(self.data, pos, end, sign);
        (v, n, status as u8)
    }

    /// `SKIP_ULEB`.
    fn skip_uleb(&self, pos: &mut usize, end: usize) {
        let (_, n, _) = self.leb(*pos, end, false);
        *pos = pos.saturating_add(n);
    }
}

/// A value read by `out::read_leb`, after GNU's error about it, if any.
fn reported(d: &mut Dumper<'_, '_>, (v, m): (u64, Option<&str>)) -> u64 {
    if let Some(m) = m {
        d.error(m);
    }
    v
}

/// `READ_ULEB` into a 64-bit variable.
fn read_uleb(d: &mut Dumper<'_, '_>, b: &Buf<'_>, pos: &mut usize, end: usize) -> u64 {
    reported(d, read_leb(b.data, pos, end, false, 64))
}

/// `READ_ULEB` into an `unsigned int`.
fn read_uleb32(d: &mut Dumper<'_, '_>, b: &Buf<'_>, pos: &mut usize, end: usize) -> u32 {
    reported(d, read_leb(b.data, pos, end, false, 32)) as u32
}

/// `READ_SLEB` into an `int64_t`.
fn read_sleb(d: &mut Dumper<'_, '_>, b: &Buf<'_>, pos: &mut usize, end: usize) -> i64 {
    reported(d, read_leb(b.data, pos, end, true, 64)) as i64
}

/// `READ_SLEB` into an `int`.
fn read_sleb32(d: &mut Dumper<'_, '_>, b: &Buf<'_>, pos: &mut usize, end: usize) -> i32 {
    reported(d, read_leb(b.data, pos, end, true, 32)) as i32
}

/// The NUL-terminated string at `pos`, stopping at `end`.
fn cstr(data: &[u8], pos: usize, end: usize) -> &[u8] {
    let s = data.get(pos..end.min(data.len())).unwrap_or(&[]);
    match s.iter().position(|&c| c == 0) {
        Some(n) => s.get(..n).unwrap_or(s),
        None => s,
    }
}

/// `strnlen(pos, end - pos)`.
fn strnlen(data: &[u8], pos: usize, end: usize) -> usize {
    cstr(data, pos, end).len()
}

/// C's `%#x` (no prefix for zero) into a small buffer.
struct AltHex(u64);

impl std::fmt::Display for AltHex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut buf = [0u8; 18];
        let mut i = buf.len();
        let mut v = self.0;
        loop {
            i -= 1;
            if let Some(c) = buf.get_mut(i) {
                *c = HEX.get((v & 15) as usize).copied().unwrap_or(b'0');
            }
            v >>= 4;
            if v == 0 {
                break;
            }
        }
        if self.0 != 0 {
            i -= 1;
            if let Some(c) = buf.get_mut(i) {
                *c = b'x';
            }
            i -= 1;
            if let Some(c) = buf.get_mut(i) {
                *c = b'0';
            }
        }
        let s = buf
            .get(i..)
            .and_then(|s| std::str::from_utf8(s).ok())
            .unwrap_or("");
        f.pad(s)
    }
}

/// GNU's `read_debug_line_header`: the header at `pos`, the position after it and
/// the end of the unit, or `None` after GNU's warning.
fn read_header(
    d: &mut Dumper<'_, '_>,
    sec: &Section<'_>,
    b: &Buf<'_>,
    pos: usize,
    end: usize,
) -> Option<(LineInfo, usize, usize)> {
    let mut li = LineInfo::default();
    let mut p = pos;
    li.length = b.safe_get_inc(&mut p, 4, end);
    if li.length == 0xffff_ffff {
        li.length = b.safe_get_inc(&mut p, 8, end);
        li.offset_size = 8;
    } else {
        li.offset_size = 4;
    }
    let avail = end.saturating_sub(p) as u64;
    if li.length > avail {
        // GNU accepts a wrong length that has a relocation against it (gas's
        // `--gdwarf-sections` makes it `.debug_line_end - 4`, negative once applied),
        // taking the rest of the section.
        if sec.reloc_at((p as u64).wrapping_sub(u64::from(li.offset_size))) {
            li.length = avail;
        } else {
            d.warn(&format!(
                "The length field ({}) in the debug_line header is wrong - the section is too small\n",
                AltHex(li.length)
            ));
            return None;
        }
    }
    let end = p.saturating_add(li.length as usize);
    li.version = b.safe_get_inc(&mut p, 2, end) as u16;
    if !(2..=5).contains(&li.version) {
        d.warn("Only DWARF version 2, 3, 4 and 5 line info is currently supported.\n");
        return None;
    }
    if li.version >= 5 {
        li.address_size = b.safe_get_inc(&mut p, 1, end) as u8;
        li.segment_size = b.safe_get_inc(&mut p, 1, end) as u8;
        if li.segment_size != 0 {
            d.warn(&format!(
                "The {} section contains unsupported segment selector size: {}.\n",
                sec.name, li.segment_size
            ));
            return None;
        }
    }
    li.prologue_length = b.safe_get_inc(&mut p, usize::from(li.offset_size), end);
    li.min_insn_length = b.safe_get_inc(&mut p, 1, end) as u8;
    if li.version >= 4 {
        li.max_ops_per_insn = b.safe_get_inc(&mut p, 1, end) as u8;
        if li.max_ops_per_insn == 0 {
            d.warn("Invalid maximum operations per insn.\n");
            return None;
        }
    } else {
        li.max_ops_per_insn = 1;
    }
    li.default_is_stmt = b.safe_get_inc(&mut p, 1, end) as u8;
    li.line_base = b.safe_get_inc(&mut p, 1, end) as u8 as i8;
    li.line_range = b.safe_get_inc(&mut p, 1, end) as u8;
    li.opcode_base = b.safe_get_inc(&mut p, 1, end) as u8;
    Some((li, p, end))
}

/// Whether `sec` is a `.debug_line.<foo>` fragment (holding only line number
/// statements), which GNU reads with the last full header's parameters.
fn is_fragment(sec: &Section<'_>) -> bool {
    sec.name.starts_with(".debug_line.") && sec.name != ".debug_line.dwo"
}

/// The header to read a fragment with: the one `saved` from the last full
/// `.debug_line`, or None (with GNU's warning) where there is none.
fn fragment_header(d: &mut Dumper<'_, '_>, saved: Option<LineInfo>) -> Option<LineInfo> {
    match saved {
        Some(saved) if saved.line_range != 0 => Some(saved),
        _ => {
            d.warn("Partial .debug_line. section encountered without a prior full .debug_line section\n");
            None
        }
    }
}

/// Where the values of a DWARF 5 directory or file name table come from.
struct TableSource<'a, 's> {
    /// The string sections.
    strings: &'a forms::Strings<'s>,
    /// The line section.
    b: &'a Buf<'s>,
    /// The unit's offset size and version.
    vc: forms::ValueCx,
}

/// One line-number program as both displays start it.
struct Program {
    /// Its header: read at the program's offset (a zero line range made 1, with GNU's
    /// warning), or the one saved from the last full `.debug_line` in a fragment.
    li: LineInfo,
    /// Where its statements end.
    eos: usize,
    /// Where the standard opcodes' argument counts start; `None` in a fragment.
    std_opcodes: Option<usize>,
}

/// What a display of one program says to do next: go on at the offset it ended at, or
/// end the section with this result.
type Next = std::ops::ControlFlow<bool, usize>;

/// The walk both displays of a line section make (GNU's `display_debug_lines_raw` and
/// `_decoded` share it): the heading, then each program from its header on, shown by
/// `body` from the offset of its header. The raw display (`raw`) prints each header as
/// it is read. Returns `false` where a header could not be read (after GNU's warning).
///
/// # Errors
/// Only output errors.
fn each_program<'a>(
    d: &mut Dumper<'_, 'a>,
    sec: &Section<'_>,
    raw: bool,
    mut body: impl FnMut(
        &mut Dumper<'_, 'a>,
        &forms::Strings<'_>,
        &Buf<'_>,
        Program,
        usize,
    ) -> io::Result<Next>,
) -> io::Result<bool> {
    introduce(d, sec, raw)?;
    let loaded = raw::Loaded::new(d, sec);
    let strings = loaded.strings();
    let b = Buf::of(sec, d);
    let end = b.data.len();
    let mut data = 0usize;
    while data < end {
        let program = if is_fragment(sec) {
            let saved = if raw {
                d.state.lines.raw
            } else {
                d.state.lines.decoded
            };
            fragment_header(d, saved).map(|li| Program {
                li,
                eos: end,
                std_opcodes: None,
            })
        } else if let Some((mut li, hdrptr, eos)) = read_header(d, sec, &b, data, end) {
            if raw {
                raw::print_header(d, &li, data)?;
            }
            if li.line_range == 0 {
                d.warn("Line range of 0 is invalid, using 1 instead\n");
                li.line_range = 1;
            }
            Some(Program {
                li,
                eos,
                std_opcodes: Some(hdrptr),
            })
        } else {
            None
        };
        let Some(program) = program else {
            return Ok(false);
        };
        match body(d, &strings, &b, program, data)? {
            Next::Continue(next) => data = next,
            Next::Break(ok) => return Ok(ok),
        }
    }
    Ok(true)
}

/// GNU's `display_debug_lines`.
///
/// # Errors
/// Only output errors.
pub fn display_lines(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let want_raw = d.opts.selection.lines_raw || !d.opts.selection.lines_decoded;
    let mut ok = true;
    if want_raw {
        ok &= raw::display(d, sec)?;
    }
    if d.opts.selection.lines_decoded {
        ok &= decoded::display(d, sec)?;
    }
    Ok(ok)
}

/// GNU's `introduce`: the section heading, naming the file a section came from while
/// separate debug files are followed.
fn introduce(d: &mut Dumper<'_, '_>, sec: &Section<'_>, raw: bool) -> io::Result<()> {
    let what = if raw {
        "Raw dump of debug contents of section"
    } else {
        "Contents of the"
    };
    let tail = if raw { "" } else { " section" };
    match &d.state.loaded_from {
        Some(f) => write!(d.out, "{what} {}{tail} (loaded from {f}):\n\n", sec.name),
        None => write!(d.out, "{what} {}{tail}:\n\n", sec.name),
    }
}

/// Appends `v` in decimal.
fn push_dec(o: &mut Vec<u8>, v: i64) {
    o.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
}

/// Appends `v` in decimal.
fn push_udec(o: &mut Vec<u8>, v: u64) {
    o.extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Appends `v` as C's `%#x`.
fn push_alt_hex(o: &mut Vec<u8>, v: u64) {
    if v == 0 {
        o.push(b'0');
        return;
    }
    o.extend_from_slice(b"0x");
    let digits = (64 - v.leading_zeros()).div_ceil(4);
    for k in (0..digits).rev() {
        o.push(
            HEX.get(((v >> (k * 4)) & 15) as usize)
                .copied()
                .unwrap_or(b'0'),
        );
    }
}

/// Appends `v` as `%08x`.
fn push_hex08(o: &mut Vec<u8>, v: u64) {
    let digits = (64 - v.leading_zeros()).div_ceil(4).max(8);
    for k in (0..digits).rev() {
        o.push(
            HEX.get(((v >> (k * 4)) & 15) as usize)
                .copied()
                .unwrap_or(b'0'),
        );
    }
}

#[cfg(test)]
mod tests;
