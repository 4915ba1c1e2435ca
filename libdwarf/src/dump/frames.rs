//! `.debug_frame` and `.eh_frame`: GNU's `display_debug_frames` (raw and interpreted).
//!
//! GNU reads the section in one pass: each CIE is parsed and its initial instructions
//! run (so later FDEs start from the CIE's state), each FDE looks its CIE up among those
//! already seen or scans ahead for a forward reference. Instructions are walked twice:
//! once to size the register columns, once to print them (`frames`) or to interpret
//! them into the table of rows (`frames-interp`).

use std::io::{self, Write as _};

use super::{Dumper, Section};

mod expr;
mod regs;
mod riscv_csr;

use regs::Regs;

/// GNU's `DW_CIE_ID` and `DW64_CIE_ID` for `.debug_frame`.
const DW_CIE_ID: u64 = 0xffff_ffff;
const DW64_CIE_ID: u64 = u64::MAX;

/// Bound on the columns kept in remembered states (hostile input only).
const MAX_REMEMBERED_COLS: usize = 1 << 24;

/// How a register column is described (GNU's `col_type` values).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Col {
    Unreferenced,
    Undefined,
    SameValue,
    Offset,
    ValOffset,
    Register,
    Expression,
    ValExpression,
}

/// GNU's `Frame_Chunk`: a CIE, or the FDE being displayed.
#[derive(Debug, Clone)]
struct Chunk {
    /// Section offset of the CIE (`None` for an FDE or a missing CIE).
    chunk_start: Option<usize>,
    /// Per register: how it is saved and the offset (or register) that goes with it.
    cols: Vec<(Col, i64)>,
    augmentation: Vec<u8>,
    code_factor: u32,
    data_factor: i32,
    pc_begin: u64,
    pc_range: u64,
    cfa_reg: u32,
    cfa_offset: u64,
    ra: u32,
    fde_encoding: u8,
    cfa_exp: bool,
    ptr_size: u32,
    segment_size: u32,
}

impl Chunk {
    fn new() -> Self {
        Chunk {
            chunk_start: None,
            cols: Vec::new(),
            augmentation: Vec::new(),
            code_factor: 0,
            data_factor: 0,
            pc_begin: 0,
            pc_range: 0,
            cfa_reg: 0,
            cfa_offset: 0,
            ra: 0,
            fde_encoding: 0,
            cfa_exp: false,
            ptr_size: 0,
            segment_size: 0,
        }
    }

    fn ncols(&self) -> u32 {
        u32::try_from(self.cols.len()).unwrap_or(u32::MAX)
    }

    fn col(&self, reg: u32) -> Option<(Col, i64)> {
        self.cols.get(usize::try_from(reg).ok()?).copied()
    }

    fn set_col(&mut self, reg: u32, ty: Col, ofs: Option<i64>) {
        if let Some(c) = usize::try_from(reg).ok().and_then(|r| self.cols.get_mut(r)) {
            c.0 = ty;
            if let Some(o) = ofs {
                c.1 = o;
            }
        }
    }
}

/// A `DW_CFA_remember_state` entry.
#[derive(Debug)]
struct Saved {
    cfa_offset: u64,
    cfa_reg: u32,
    ra: u32,
    cfa_exp: bool,
    cols: Vec<(Col, i64)>,
}

/// `%#x` as C prints it (`0` without the prefix).
fn hx(v: u64) -> String {
    if v == 0 {
        "0".to_string()
    } else {
        format!("{v:#x}")
    }
}

/// The value masked to `num_bytes` bytes (GNU's `print_hex` precision; 0 means 2).
fn masked(value: u64, num_bytes: u32) -> (u64, usize) {
    let n = if num_bytes == 0 { 2 } else { num_bytes.min(8) };
    let v = if n >= 8 {
        value
    } else {
        value & !(u64::MAX << (n * 8))
    };
    (v, n as usize * 2)
}

/// GNU's `print_hex_ns`.
fn hex_ns(value: u64, num_bytes: u32) -> String {
    let (v, w) = masked(value, num_bytes);
    format!("{v:0w$x}")
}

/// GNU's `print_hex` (with its trailing space).
fn hex(value: u64, num_bytes: u32) -> String {
    let (v, w) = masked(value, num_bytes);
    format!("{v:0w$x} ")
}

/// GNU's `size_of_encoded_value`.
fn size_of_encoded_value(encoding: u8, eh_addr_size: u32) -> u32 {
    match encoding & 7 {
        2 => 2,
        3 => 4,
        4 => 8,
        _ => eh_addr_size,
    }
}

/// GNU's `read_leb128`: value, bytes read, status (bit 0: no terminator, bit 1:
/// overflow).
use libelf::leb128::read as read_leb128;

use super::info::out::read_leb;

/// The display's state: the section bytes, the output being built and GNU's
/// diagnostics.
struct Cx<'x, 'w, 'a> {
    d: &'x mut Dumper<'w, 'a>,
    data: &'x [u8],
    address: u64,
    big: bool,
    regs: Regs,
    interp: bool,
    o: Vec<u8>,
}

impl Cx<'_, '_, '_> {
    fn warn(&mut self, msg: &str) {
        self.d.warn(msg);
    }

    fn error(&mut self, msg: &str) {
        self.d.error(msg);
    }

    fn flush(&mut self) -> io::Result<()> {
        self.d.out.write_all(&self.o)?;
        self.o.clear();
        Ok(())
    }

    fn byte(&self, pos: usize) -> u8 {
        self.data.get(pos).copied().unwrap_or(0)
    }

    /// GNU's `byte_get` of `n` bytes at `pos` (the caller checked they exist).
    fn value(&self, pos: usize, n: usize) -> u64 {
        super::info::out::Endian { big: self.big }.get_at(self.data, pos, n)
    }

    /// GNU's `SAFE_BYTE_GET_AND_INC`: reads what is there of `n` bytes before `end`.
    fn get(&self, pos: &mut usize, n: u32, end: usize) -> u64 {
        let avail = end.saturating_sub(*pos);
        let amount = (n as usize).min(avail).min(8);
        let v = if amount == 0 {
            0
        } else {
            self.value(*pos, amount)
        };
        *pos += amount;
        v
    }

    /// GNU's `SAFE_SIGNED_BYTE_GET_AND_INC`.
    fn get_signed(&self, pos: &mut usize, n: u32, end: usize) -> i64 {
        let at = *pos;
        let v = self.get(pos, n, end);
        sign_extend(v, *pos - at)
    }

    fn report_leb(&mut self, msg: Option<&str>) {
        if let Some(m) = msg {
            self.error(m);
        }
    }

    /// `READ_ULEB` into a 64-bit variable.
    fn uleb(&mut self, pos: &mut usize, end: usize) -> u64 {
        let (v, m) = read_leb(self.data, pos, end, false, 64);
        self.report_leb(m);
        v
    }

    /// `READ_ULEB` into an `unsigned int`.
    fn uleb32(&mut self, pos: &mut usize, end: usize) -> u32 {
        let (v, m) = read_leb(self.data, pos, end, false, 32);
        self.report_leb(m);
        v as u32
    }

    /// `READ_SLEB` into a 64-bit variable.
    fn sleb(&mut self, pos: &mut usize, end: usize) -> i64 {
        let (v, m) = read_leb(self.data, pos, end, true, 64);
        self.report_leb(m);
        v as i64
    }

    /// `READ_SLEB` into an `int`.
    fn sleb32(&mut self, pos: &mut usize, end: usize) -> i32 {
        let (v, m) = read_leb(self.data, pos, end, true, 32);
        self.report_leb(m);
        v as i32
    }

    /// `SKIP_ULEB` / `SKIP_SLEB`.
    fn skip_leb(&self, pos: &mut usize, end: usize) {
        let (_, len, _) = read_leb128(self.data, *pos, end, false);
        *pos += len;
    }

    /// GNU's `get_encoded_value` (pc-relative values relative to the section
    /// address).
    fn encoded(&mut self, pos: &mut usize, encoding: u8, end: usize, eh_addr_size: u32) -> u64 {
        let size = size_of_encoded_value(encoding, eh_addr_size) as usize;
        if *pos >= end || size > end - *pos {
            self.warn("Encoded value extends past end of section\n");
            *pos = end;
            return 0;
        }
        if size > 8 {
            self.warn(&format!("Encoded size of {size} is too large to read\n"));
            *pos = end;
            return 0;
        }
        if size == 0 {
            self.warn("Encoded size of 0 is too small to read\n");
            *pos = end;
            return 0;
        }
        let raw = self.value(*pos, size);
        let mut val = if encoding & 0x08 != 0 {
            sign_extend(raw, size) as u64
        } else {
            raw
        };
        if encoding & 0x70 == 0x10 {
            val = val.wrapping_add(self.address.wrapping_add(*pos as u64));
        }
        *pos += size;
        val
    }
}

/// GNU's `byte_get_signed`: sizes 1–4 are sign-extended, longer ones (only from
/// truncated reads, apart from 8) are not.
fn sign_extend(v: u64, size: usize) -> i64 {
    match size {
        1..=4 => {
            let sign = 1u64 << (size * 8 - 1);
            (v ^ sign).wrapping_sub(sign) as i64
        }
        _ => v as i64,
    }
}

/// GNU's `frame_need_space`: 0 when `reg` fits, 1 after growing, -1 for a register
/// out of range.
fn need_space(cx: &mut Cx<'_, '_, '_>, fc: &mut Chunk, reg: u32) -> i32 {
    let prev = fc.ncols();
    if reg < prev {
        return 0;
    }
    let count = cx.regs.count();
    if count > 0 && reg > count {
        return -1;
    }
    let Some(n) = reg.checked_add(1) else {
        fc.cols.clear();
        return -1;
    };
    if n > 1024 && count == 0 {
        cx.error(&format!("Unfeasibly large register number: {reg}\n"));
        fc.cols.clear();
        return -1;
    }
    fc.cols.resize(n as usize, (Col::Unreferenced, 0));
    1
}

/// What `read_cie` found besides the chunk.
struct CieInfo {
    version: u8,
    aug_len: u64,
    aug_pos: usize,
}

/// False, with GNU's warning, where augmentation data of `len` bytes is longer
/// than the `avail` bytes left.
fn aug_fits(cx: &mut Cx<'_, '_, '_>, len: u64, avail: u64) -> bool {
    if len > avail {
        cx.warn(&format!(
            "Augmentation data too long: {}, expected at most {}\n",
            hx(len),
            hx(avail)
        ));
        return false;
    }
    true
}

/// GNU's `read_cie`: parse a CIE header from `start` (after the CIE id) to `end`.
/// Returns where the instructions start, or `None` when the CIE is unusable.
fn read_cie(
    cx: &mut Cx<'_, '_, '_>,
    mut start: usize,
    end: usize,
    eh_addr_size: &mut u32,
) -> Option<(usize, Chunk, CieInfo)> {
    if start >= end {
        return None;
    }
    let mut fc = Chunk::new();
    let version = cx.byte(start);
    start += 1;
    let aug_start = start;
    while start < end {
        let b = cx.byte(start);
        start += 1;
        if b == 0 {
            break;
        }
    }
    if start == end {
        cx.warn("No terminator for augmentation name\n");
        return None;
    }
    fc.augmentation = cx
        .data
        .get(aug_start..start.saturating_sub(1))
        .unwrap_or(&[])
        .to_vec();
    if fc.augmentation == b"eh" {
        if *eh_addr_size as usize > end - start {
            return None;
        }
        start += *eh_addr_size as usize;
    }
    if version >= 4 {
        if end - start < 2 {
            return None;
        }
        fc.ptr_size = cx.get(&mut start, 1, end) as u32;
        if fc.ptr_size < 1 || fc.ptr_size > 8 {
            cx.warn(&format!(
                "Invalid pointer size ({}) in CIE data\n",
                fc.ptr_size
            ));
            return None;
        }
        fc.segment_size = cx.get(&mut start, 1, end) as u32;
        if fc.segment_size > 8 || fc.segment_size + fc.ptr_size > 8 {
            cx.warn(&format!(
                "Invalid segment size ({}) in CIE data\n",
                fc.segment_size
            ));
            return None;
        }
        *eh_addr_size = fc.ptr_size;
    } else {
        fc.ptr_size = *eh_addr_size;
        fc.segment_size = 0;
    }
    fc.code_factor = cx.uleb32(&mut start, end);
    fc.data_factor = cx.sleb32(&mut start, end);
    if start >= end {
        return None;
    }
    fc.ra = if version == 1 {
        cx.get(&mut start, 1, end) as u32
    } else {
        cx.uleb32(&mut start, end)
    };
    let mut aug_len = 0u64;
    let mut aug_pos = start;
    if fc.augmentation.first() == Some(&b'z') {
        if start >= end {
            return None;
        }
        aug_len = cx.uleb(&mut start, end);
        aug_pos = start;
        if !aug_fits(cx, aug_len, (end - start) as u64) {
            return None;
        }
        start += aug_len as usize;
    }
    if aug_len != 0 {
        let mut q = aug_pos;
        let qend = aug_pos + aug_len as usize;
        for &p in fc.augmentation.get(1..).unwrap_or(&[]) {
            if q >= qend {
                break;
            }
            match p {
                b'L' => q += 1,
                b'P' => q += 1 + size_of_encoded_value(cx.byte(q), *eh_addr_size) as usize,
                b'R' => {
                    fc.fde_encoding = cx.byte(q);
                    q += 1;
                }
                b'S' | b'B' => {}
                _ => break,
            }
        }
    }
    Some((
        start,
        fc,
        CieInfo {
            version,
            aug_len,
            aug_pos,
        },
    ))
}

/// GNU's `display_data` after `printed` columns.
fn display_data(o: &mut Vec<u8>, printed: usize, data: &[u8], wide: bool) {
    if wide || data.len() < (80 - printed) / 3 {
        for b in data {
            let _ = write!(o, " {b:02x}");
        }
    } else {
        for (i, b) in data.iter().enumerate() {
            if i % (80 / 3) == 0 {
                o.push(b'\n');
            }
            let _ = write!(o, " {b:02x}");
        }
    }
}

/// GNU's `display_augmentation_data` (without the final newline).
fn display_augmentation_data(cx: &mut Cx<'_, '_, '_>, pos: usize, len: u64) {
    let head = "  Augmentation data:    ";
    cx.o.extend_from_slice(head.as_bytes());
    let data = cx.data;
    let bytes = usize::try_from(len)
        .ok()
        .and_then(|l| pos.checked_add(l))
        .and_then(|e| data.get(pos..e))
        .unwrap_or(&[]);
    display_data(&mut cx.o, head.len(), bytes, cx.d.opts.wide);
}

/// The state of the section walk that outlives one chunk.
struct Walk {
    max_regs: u32,
    remembered: Vec<Saved>,
    eh_addr_size: u32,
}

/// GNU's `frame_display_row`.
fn display_row(cx: &mut Cx<'_, '_, '_>, fc: &Chunk, need_headers: &mut bool, w: &mut Walk) {
    w.max_regs = fc.ncols();
    if *need_headers {
        *need_headers = false;
        let width = w.eh_addr_size as usize * 2;
        let _ = write!(cx.o, "{:<width$} CFA      ", "   LOC");
        for (r, c) in fc.cols.iter().enumerate() {
            if c.0 != Col::Unreferenced {
                let r = r as u32;
                if r == fc.ra {
                    cx.o.extend_from_slice("ra    ".as_bytes());
                } else {
                    let n = cx.regs.name(r, true);
                    let _ = write!(cx.o, "{n:<5} ");
                }
            }
        }
        cx.o.push(b'\n');
    }
    let h = hex(fc.pc_begin, w.eh_addr_size);
    cx.o.extend_from_slice(h.as_bytes());
    let cfa = if fc.cfa_exp {
        "exp".to_string()
    } else {
        format!(
            "{}{:+}",
            cx.regs.name(fc.cfa_reg, true),
            fc.cfa_offset as i32
        )
    };
    let _ = write!(cx.o, "{cfa:<8} ");
    for &(ty, ofs) in &fc.cols {
        let s = match ty {
            Col::Unreferenced => continue,
            Col::Undefined => "u".to_string(),
            Col::SameValue => "s".to_string(),
            Col::Offset => format!("c{ofs:+}"),
            Col::ValOffset => format!("v{ofs:+}"),
            Col::Register => cx.regs.name(ofs as u32, false),
            Col::Expression => "exp".to_string(),
            Col::ValExpression => "vexp".to_string(),
        };
        let _ = write!(cx.o, "{s:<5} ");
    }
    cx.o.push(b'\n');
}

/// A chunk's call frame instructions: `start..end` of the section, read with the CIE
/// the chunk uses (none for a CIE).
#[derive(Clone, Copy)]
struct Insns<'c> {
    cie: Option<&'c Chunk>,
    start: usize,
    end: usize,
}

/// The first pass over a chunk's instructions: make room for every register they
/// name, marking them as used (GNU keeps no referenced register unreferenced).
fn scan_registers(
    cx: &mut Cx<'_, '_, '_>,
    fc: &mut Chunk,
    insns: &Insns<'_>,
    encoded_ptr_size: u32,
) {
    let Insns {
        cie,
        mut start,
        end,
    } = *insns;
    let skip = |start: &mut usize, n: u64| {
        if ((end - *start) as u64) < n {
            *start = end;
        } else {
            *start += n as usize;
        }
    };
    while start < end {
        let op0 = cx.byte(start);
        start += 1;
        let opa = u32::from(op0 & 0x3f);
        let op = if op0 & 0xc0 != 0 { op0 & 0xc0 } else { op0 };
        let mut reg = u32::MAX;
        match op {
            0x80 => {
                cx.skip_leb(&mut start, end);
                reg = opa;
            }
            0xc0 => reg = opa,
            0x01 => skip(&mut start, u64::from(encoded_ptr_size)),
            0x02 => skip(&mut start, 1),
            0x03 => skip(&mut start, 2),
            0x04 => skip(&mut start, 4),
            0x1d => skip(&mut start, 8),
            0x05 | 0x14 | 0x09 | 0x2f => {
                reg = cx.uleb32(&mut start, end);
                cx.skip_leb(&mut start, end);
            }
            0x06..=0x08 => reg = cx.uleb32(&mut start, end),
            0x0c | 0x12 => {
                cx.skip_leb(&mut start, end);
                cx.skip_leb(&mut start, end);
            }
            0x0d | 0x0e | 0x13 | 0x2e => cx.skip_leb(&mut start, end),
            0x0f => {
                let n = cx.uleb(&mut start, end);
                skip(&mut start, n);
            }
            0x10 | 0x16 => {
                reg = cx.uleb32(&mut start, end);
                let n = cx.uleb(&mut start, end);
                skip(&mut start, n);
            }
            0x11 | 0x15 => {
                reg = cx.uleb32(&mut start, end);
                cx.skip_leb(&mut start, end);
            }
            _ => {}
        }
        if reg != u32::MAX && need_space(cx, fc, reg) >= 0 {
            let from_cie = match cie {
                Some(c) => c.col(reg),
                None => fc.col(reg),
            };
            let ty = match from_cie {
                None | Some((Col::Unreferenced, _)) => Col::Undefined,
                Some((t, _)) => t,
            };
            fc.set_col(reg, ty, None);
        }
    }
}

/// GNU's mark on a register outside the frame's columns.
const BAD: &str = "bad register: ";

/// The line of an instruction on register `reg` (`  {name}: {reg}{rest}`, the register
/// marked where it is outside the frame's columns), printed unless interpreting
/// or where it is outside; true where it is outside.
fn reg_insn(
    cx: &mut Cx<'_, '_, '_>,
    fc: &Chunk,
    interp: bool,
    reg: u32,
    name: &str,
    rest: &str,
) -> bool {
    let bad = reg >= fc.ncols();
    if !interp || bad {
        let p = if bad { BAD } else { "" };
        let n = cx.regs.name(reg, false);
        let _ = writeln!(cx.o, "  {name}: {p}{n}{rest}");
    }
    bad
}

/// The second pass: print (or interpret) the instructions.
fn run_instructions(
    cx: &mut Cx<'_, '_, '_>,
    fc: &mut Chunk,
    insns: &Insns<'_>,
    w: &mut Walk,
    need_headers: &mut bool,
) {
    let interp = cx.interp;
    let Insns {
        cie,
        mut start,
        end,
    } = *insns;
    let mut all_nops = true;
    while start < end {
        let op0 = cx.byte(start);
        start += 1;
        let opa = u32::from(op0 & 0x3f);
        let op = if op0 & 0xc0 != 0 { op0 & 0xc0 } else { op0 };
        if op != 0 {
            all_nops = false;
        }
        let restore_from_cie = |fc: &Chunk, reg: u32| -> (Col, i64) {
            let c = match cie {
                Some(c) => c.col(reg),
                None => fc.col(reg),
            };
            match c {
                None | Some((Col::Unreferenced, _)) => (Col::Undefined, 0),
                Some(c) => c,
            }
        };
        match op {
            0x40 => {
                let delta = opa.wrapping_mul(fc.code_factor);
                if interp {
                    display_row(cx, fc, need_headers, w);
                } else {
                    let to = hex_ns(fc.pc_begin.wrapping_add(u64::from(delta)), fc.ptr_size);
                    let _ = writeln!(cx.o, "  DW_CFA_advance_loc: {} to {to}", delta as i32);
                }
                fc.pc_begin = fc.pc_begin.wrapping_add(u64::from(delta));
            }
            0x80 => {
                let ofs =
                    cx.uleb(&mut start, end)
                        .wrapping_mul(i64::from(fc.data_factor) as u64) as i64;
                let rest = format!(" at cfa{ofs:+}");
                let bad = reg_insn(cx, fc, interp, opa, "DW_CFA_offset", &rest);
                if !bad {
                    fc.set_col(opa, Col::Offset, Some(ofs));
                }
            }
            0xc0 | 0x06 => {
                let (reg, name) = if op == 0xc0 {
                    (opa, "DW_CFA_restore")
                } else {
                    (cx.uleb32(&mut start, end), "DW_CFA_restore_extended")
                };
                let bad = reg_insn(cx, fc, interp, reg, name, "");
                if !bad {
                    let (t, o) = restore_from_cie(fc, reg);
                    fc.set_col(reg, t, Some(o));
                }
            }
            0x01 => {
                let ofs = cx.encoded(&mut start, fc.fde_encoding, end, w.eh_addr_size);
                if interp {
                    display_row(cx, fc, need_headers, w);
                } else {
                    let _ = writeln!(cx.o, "  DW_CFA_set_loc: {}", hex_ns(ofs, fc.ptr_size));
                }
                fc.pc_begin = ofs;
            }
            0x02 | 0x03 | 0x04 | 0x1d => {
                let (n, name) = match op {
                    0x02 => (1, "DW_CFA_advance_loc1"),
                    0x03 => (2, "DW_CFA_advance_loc2"),
                    0x04 => (4, "DW_CFA_advance_loc4"),
                    _ => (8, "DW_CFA_MIPS_advance_loc8"),
                };
                let ofs = cx
                    .get(&mut start, n, end)
                    .wrapping_mul(u64::from(fc.code_factor));
                if interp {
                    display_row(cx, fc, need_headers, w);
                } else {
                    let to = hex_ns(fc.pc_begin.wrapping_add(ofs), fc.ptr_size);
                    let _ = writeln!(cx.o, "  {name}: {} to {to}", ofs as i64);
                }
                fc.pc_begin = fc.pc_begin.wrapping_add(ofs);
            }
            0x05 | 0x14 | 0x11 | 0x15 | 0x2f => {
                let reg = cx.uleb32(&mut start, end);
                let df = i64::from(fc.data_factor) as u64;
                let (ofs, name, how, ty) = match op {
                    0x05 => (
                        cx.uleb(&mut start, end).wrapping_mul(df),
                        "DW_CFA_offset_extended",
                        "at",
                        Col::Offset,
                    ),
                    0x14 => (
                        cx.uleb(&mut start, end).wrapping_mul(df),
                        "DW_CFA_val_offset",
                        "is",
                        Col::ValOffset,
                    ),
                    0x11 => (
                        (cx.sleb(&mut start, end) as u64).wrapping_mul(df),
                        "DW_CFA_offset_extended_sf",
                        "at",
                        Col::Offset,
                    ),
                    0x15 => (
                        (cx.sleb(&mut start, end) as u64).wrapping_mul(df),
                        "DW_CFA_val_offset_sf",
                        "is",
                        Col::ValOffset,
                    ),
                    _ => (
                        (cx.sleb(&mut start, end) as u64)
                            .wrapping_neg()
                            .wrapping_mul(df),
                        "DW_CFA_GNU_negative_offset_extended",
                        "at",
                        Col::Offset,
                    ),
                };
                let ofs = ofs as i64;
                let rest = format!(" {how} cfa{ofs:+}");
                let bad = reg_insn(cx, fc, interp, reg, name, &rest);
                if !bad {
                    fc.set_col(reg, ty, Some(ofs));
                }
            }
            0x07 | 0x08 => {
                let reg = cx.uleb32(&mut start, end);
                let (name, ty) = if op == 0x07 {
                    ("DW_CFA_undefined", Col::Undefined)
                } else {
                    ("DW_CFA_same_value", Col::SameValue)
                };
                let bad = reg_insn(cx, fc, interp, reg, name, "");
                if !bad {
                    fc.set_col(reg, ty, Some(0));
                }
            }
            0x09 => {
                let reg = cx.uleb32(&mut start, end);
                let ofs = cx.uleb(&mut start, end);
                let rest = format!(" in {}", cx.regs.name(ofs as u32, false));
                let bad = reg_insn(cx, fc, interp, reg, "DW_CFA_register", &rest);
                if !bad {
                    fc.set_col(reg, Col::Register, Some(ofs as i64));
                }
            }
            0x0a => {
                if !interp {
                    cx.o.extend_from_slice("  DW_CFA_remember_state\n".as_bytes());
                }
                let total: usize = w.remembered.iter().map(|s| s.cols.len()).sum();
                if total.saturating_add(fc.cols.len()) <= MAX_REMEMBERED_COLS {
                    w.remembered.push(Saved {
                        cfa_offset: fc.cfa_offset,
                        cfa_reg: fc.cfa_reg,
                        ra: fc.ra,
                        cfa_exp: fc.cfa_exp,
                        cols: fc.cols.clone(),
                    });
                }
            }
            0x0b => {
                if !interp {
                    cx.o.extend_from_slice("  DW_CFA_restore_state\n".as_bytes());
                }
                if let Some(rs) = w.remembered.pop() {
                    fc.cfa_offset = rs.cfa_offset;
                    fc.cfa_reg = rs.cfa_reg;
                    fc.ra = rs.ra;
                    fc.cfa_exp = rs.cfa_exp;
                    let n = u32::try_from(rs.cols.len()).unwrap_or(u32::MAX);
                    if need_space(cx, fc, n.wrapping_sub(1)) < 0 {
                        cx.warn("Invalid column number in saved frame state\n");
                        fc.cols.clear();
                    } else {
                        for (d, s) in fc.cols.iter_mut().zip(rs.cols.iter()) {
                            *d = *s;
                        }
                    }
                } else if interp {
                    cx.o.extend_from_slice("Mismatched DW_CFA_restore_state\n".as_bytes());
                }
            }
            0x0c => {
                fc.cfa_reg = cx.uleb32(&mut start, end);
                fc.cfa_offset = cx.uleb(&mut start, end);
                fc.cfa_exp = false;
                if !interp {
                    let n = cx.regs.name(fc.cfa_reg, false);
                    let _ = writeln!(cx.o, "  DW_CFA_def_cfa: {n} ofs {}", fc.cfa_offset as i32);
                }
            }
            0x0d => {
                fc.cfa_reg = cx.uleb32(&mut start, end);
                fc.cfa_exp = false;
                if !interp {
                    let n = cx.regs.name(fc.cfa_reg, false);
                    let _ = writeln!(cx.o, "  DW_CFA_def_cfa_register: {n}");
                }
            }
            0x0e => {
                fc.cfa_offset = cx.uleb(&mut start, end);
                if !interp {
                    let _ = writeln!(cx.o, "  DW_CFA_def_cfa_offset: {}", fc.cfa_offset as i32);
                }
            }
            0x00 => {
                if !interp {
                    cx.o.extend_from_slice("  DW_CFA_nop\n".as_bytes());
                }
            }
            0x0f => {
                let len = cx.uleb(&mut start, end);
                if len > (end - start) as u64 {
                    let _ = writeln!(cx.o, "  DW_CFA_def_cfa_expression: <corrupt len {len}>");
                    continue;
                }
                if !interp {
                    cx.o.extend_from_slice("  DW_CFA_def_cfa_expression (".as_bytes());
                    let ps = w.eh_addr_size;
                    expr::decode(cx, start, len as usize, ps);
                    cx.o.extend_from_slice(")\n".as_bytes());
                }
                fc.cfa_exp = true;
                start += len as usize;
            }
            0x10 | 0x16 => {
                let reg = cx.uleb32(&mut start, end);
                let len = cx.uleb(&mut start, end);
                let bad = reg >= fc.ncols();
                let (name, ty) = if op == 0x10 {
                    ("DW_CFA_expression", Col::Expression)
                } else {
                    ("DW_CFA_val_expression", Col::ValExpression)
                };
                if len > (end - start) as u64 {
                    let _ = writeln!(cx.o, "  {name}: <corrupt len {len}>");
                    continue;
                }
                if !interp || bad {
                    let p = if bad { BAD } else { "" };
                    let n = cx.regs.name(reg, false);
                    let _ = write!(cx.o, "  {name}: {p}{n} (");
                    let ps = w.eh_addr_size;
                    expr::decode(cx, start, len as usize, ps);
                    cx.o.extend_from_slice(")\n".as_bytes());
                }
                if !bad {
                    fc.set_col(reg, ty, None);
                }
                start += len as usize;
            }
            0x12 => {
                fc.cfa_reg = cx.uleb32(&mut start, end);
                let ofs = (cx.sleb(&mut start, end) as u64)
                    .wrapping_mul(i64::from(fc.data_factor) as u64);
                fc.cfa_offset = ofs;
                fc.cfa_exp = false;
                if !interp {
                    let n = cx.regs.name(fc.cfa_reg, false);
                    let _ = writeln!(cx.o, "  DW_CFA_def_cfa_sf: {n} ofs {}", ofs as i64);
                }
            }
            0x13 => {
                let ofs = (cx.sleb(&mut start, end) as u64)
                    .wrapping_mul(i64::from(fc.data_factor) as u64);
                fc.cfa_offset = ofs;
                if !interp {
                    let _ = writeln!(cx.o, "  DW_CFA_def_cfa_offset_sf: {}", ofs as i64);
                }
            }
            0x2d => {
                if !interp {
                    let n = if cx.regs.aarch64 {
                        "DW_CFA_AARCH64_negate_ra_state"
                    } else {
                        "DW_CFA_GNU_window_save"
                    };
                    let _ = writeln!(cx.o, "  {n}");
                }
            }
            0x2e => {
                let ofs = cx.uleb(&mut start, end);
                if !interp {
                    let _ = writeln!(cx.o, "  DW_CFA_GNU_args_size: {ofs}");
                }
            }
            _ => {
                if (0x1c..=0x3f).contains(&op) {
                    let _ = writeln!(
                        cx.o,
                        "  DW_CFA_??? (User defined call frame op: {})",
                        hx(u64::from(op))
                    );
                } else {
                    cx.warn(&format!(
                        "Unsupported or unknown Dwarf Call Frame Instruction number: {}\n",
                        hx(u64::from(op))
                    ));
                }
                start = end;
            }
        }
    }
    if interp && !all_nops {
        display_row(cx, fc, need_headers, w);
    }
}

/// GNU's `display_debug_frames`.
///
/// # Errors
/// Only output errors.
pub fn display_frames(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let interp = d.opts.selection.frames_interp;
    let regs = Regs::for_machine(d.machine);
    let saved_eh = if d.is64 { 8 } else { 4 };
    let big = d.big_endian;
    let mut cx = Cx {
        d,
        data: &sec.data,
        address: sec.address,
        big,
        regs,
        interp,
        o: Vec::new(),
    };
    let from = match &cx.d.state.loaded_from {
        Some(f) => format!(" (loaded from {f})"),
        None => String::new(),
    };
    let _ = write!(cx.o, "Contents of the {} section{from}:\n\n", sec.name);
    let is_eh = sec.name == ".eh_frame";
    let data = cx.data;
    let end = data.len();
    let mut start = 0usize;
    let mut chunks: Vec<Chunk> = Vec::new();
    let mut forward_refs: Vec<Chunk> = Vec::new();
    let mut w = Walk {
        max_regs: 0,
        remembered: Vec::new(),
        eh_addr_size: saved_eh,
    };
    let is_cie_id = |id: u64, offset_size: u32| {
        if is_eh {
            id == 0
        } else {
            (offset_size == 4 && id == DW_CIE_ID) || (offset_size == 8 && id == DW64_CIE_ID)
        }
    };

    while start < end {
        let saved_start = start;
        let mut need_headers = true;
        let mut encoded_ptr_size = saved_eh;

        let mut length = cx.get(&mut start, 4, end);
        if length == 0 {
            let _ = write!(cx.o, "\n{saved_start:08x} ZERO terminator\n\n");
            while start < end && cx.byte(start) == 0 {
                start += 1;
            }
            continue;
        }
        let offset_size = if length == 0xffff_ffff {
            length = cx.get(&mut start, 8, end);
            8
        } else {
            4
        };
        let block_end = if length > (end - start) as u64 {
            cx.warn(&format!(
                "Invalid length {} in FDE at {}\n",
                hx(length),
                hx(saved_start as u64)
            ));
            end
        } else {
            start + length as usize
        };
        let cie_id = cx.get(&mut start, offset_size, block_end);

        let (mut fc, cie, is_cie) = if is_cie_id(cie_id, offset_size) {
            let Some((next, mut fc, info)) =
                read_cie(&mut cx, start, block_end, &mut w.eh_addr_size)
            else {
                break;
            };
            start = next;
            fc.chunk_start = Some(saved_start);
            let mreg = w.max_regs.saturating_sub(1).max(fc.ra);
            if need_space(&mut cx, &mut fc, mreg) < 0 {
                break;
            }
            if fc.fde_encoding != 0 {
                encoded_ptr_size = size_of_encoded_value(fc.fde_encoding, w.eh_addr_size);
            }
            let _ = write!(
                cx.o,
                "\n{saved_start:08x} {}{}",
                hex(length, fc.ptr_size),
                hex(cie_id, offset_size)
            );
            let aug = fc.augmentation.clone();
            if interp {
                cx.o.extend_from_slice(b"CIE \"");
                cx.o.extend_from_slice(&aug);
                let _ = writeln!(
                    cx.o,
                    "\" cf={} df={} ra={}",
                    fc.code_factor as i32, fc.data_factor, fc.ra as i32
                );
            } else {
                let _ = writeln!(cx.o, "CIE");
                let _ = writeln!(cx.o, "  Version:               {}", info.version);
                cx.o.extend_from_slice(b"  Augmentation:          \"");
                cx.o.extend_from_slice(&aug);
                cx.o.extend_from_slice(b"\"\n");
                if info.version >= 4 {
                    let _ = writeln!(cx.o, "  Pointer Size:          {}", fc.ptr_size);
                    let _ = writeln!(cx.o, "  Segment Size:          {}", fc.segment_size);
                }
                let _ = writeln!(cx.o, "  Code alignment factor: {}", fc.code_factor);
                let _ = writeln!(cx.o, "  Data alignment factor: {}", fc.data_factor);
                let _ = writeln!(cx.o, "  Return address column: {}", fc.ra as i32);
                if info.aug_len != 0 {
                    display_augmentation_data(&mut cx, info.aug_pos, info.aug_len);
                }
                cx.o.push(b'\n');
            }
            (fc, None, true)
        } else {
            let mut cie_off = cie_id;
            if is_eh {
                let sign = 1u64 << (offset_size * 8 - 1);
                cie_off = (cie_off ^ sign).wrapping_sub(sign);
                cie_off = (start as u64).wrapping_sub(4).wrapping_sub(cie_off);
            }
            let mut cie: Option<Chunk> = None;
            if cie_off <= saved_start as u64 {
                cie = chunks
                    .iter()
                    .rev()
                    .find(|c| c.chunk_start.map(|s| s as u64) == Some(cie_off))
                    .cloned();
            } else if cie_off < end as u64 {
                let look_for = cie_off as usize;
                cie = forward_refs
                    .iter()
                    .rev()
                    .find(|c| c.chunk_start == Some(look_for))
                    .cloned();
                if cie.is_none() {
                    let mut scan = look_for;
                    let mut off_size = 4;
                    // GNU reads the CIE's length into the FDE's `length`, which the
                    // FDE header then prints.
                    length = cx.get(&mut scan, 4, end);
                    if length == 0xffff_ffff {
                        length = cx.get(&mut scan, 8, end);
                        off_size = 8;
                    }
                    let len = length;
                    if len != 0 && len <= (end - scan) as u64 {
                        let cie_end = scan + len as usize;
                        let c_id = cx.get(&mut scan, off_size, cie_end);
                        if is_cie_id(c_id, off_size) {
                            let Some((_, mut c, _)) =
                                read_cie(&mut cx, scan, cie_end, &mut w.eh_addr_size)
                            else {
                                cx.warn("Failed to read CIE information\n");
                                break;
                            };
                            c.chunk_start = Some(look_for);
                            let mreg = w.max_regs.saturating_sub(1).max(c.ra);
                            if need_space(&mut cx, &mut c, mreg) < 0 {
                                cx.warn("Invalid max register\n");
                                break;
                            }
                            forward_refs.push(c.clone());
                            cie = Some(c);
                        }
                    }
                }
            }

            let mut fc = Chunk::new();
            match &cie {
                None => {
                    if need_space(&mut cx, &mut fc, w.max_regs.saturating_sub(1)) < 0 {
                        cx.warn("Invalid max register\n");
                        break;
                    }
                    fc.ptr_size = w.eh_addr_size;
                }
                Some(c) => {
                    fc.cols = c.cols.clone();
                    fc.augmentation = c.augmentation.clone();
                    fc.ptr_size = c.ptr_size;
                    w.eh_addr_size = c.ptr_size;
                    fc.segment_size = c.segment_size;
                    fc.code_factor = c.code_factor;
                    fc.data_factor = c.data_factor;
                    fc.cfa_reg = c.cfa_reg;
                    fc.cfa_offset = c.cfa_offset;
                    fc.ra = c.ra;
                    if need_space(&mut cx, &mut fc, w.max_regs.saturating_sub(1)) < 0 {
                        cx.warn("Invalid max register\n");
                        break;
                    }
                    fc.fde_encoding = c.fde_encoding;
                }
            }
            if fc.fde_encoding != 0 {
                encoded_ptr_size = size_of_encoded_value(fc.fde_encoding, w.eh_addr_size);
            }
            let mut segment_selector = 0u64;
            if fc.segment_size != 0 {
                segment_selector = cx.get(&mut start, fc.segment_size, block_end);
            }
            fc.pc_begin = cx.encoded(&mut start, fc.fde_encoding, block_end, w.eh_addr_size);
            fc.pc_range = cx.get(&mut start, encoded_ptr_size, block_end);

            let mut aug: Option<(usize, u64)> = None;
            if cie
                .as_ref()
                .is_some_and(|c| c.augmentation.first() == Some(&b'z'))
            {
                let len = cx.uleb(&mut start, block_end);
                if !aug_fits(&mut cx, len, (block_end - start) as u64) {
                    start = block_end;
                } else {
                    aug = Some((start, len));
                    start += len as usize;
                }
            }

            let _ = write!(
                cx.o,
                "\n{saved_start:08x} {}{}FDE ",
                hex(length, fc.ptr_size),
                hex(cie_id, offset_size)
            );
            match cie.as_ref().and_then(|c| c.chunk_start) {
                Some(s) => {
                    let _ = write!(cx.o, "cie={s:08x}");
                }
                None => cx.o.extend_from_slice(b"cie=invalid "),
            }
            cx.o.extend_from_slice(b" pc=");
            if fc.segment_size != 0 {
                let _ = write!(cx.o, "{segment_selector:04x}:");
            }
            let _ = writeln!(
                cx.o,
                "{}..{}",
                hex_ns(fc.pc_begin, fc.ptr_size),
                hex_ns(fc.pc_begin.wrapping_add(fc.pc_range), fc.ptr_size)
            );
            if let Some((pos, len)) = aug.filter(|&(_, l)| l != 0 && !interp) {
                display_augmentation_data(&mut cx, pos, len);
                cx.o.push(b'\n');
            }
            (fc, cie, false)
        };

        let insns = Insns {
            cie: cie.as_ref(),
            start,
            end: block_end,
        };
        scan_registers(&mut cx, &mut fc, &insns, encoded_ptr_size);
        run_instructions(&mut cx, &mut fc, &insns, &mut w, &mut need_headers);
        if is_cie {
            chunks.push(fc);
        }
        start = block_end;
        w.eh_addr_size = saved_eh;
        if cx.o.len() > 1 << 16 {
            cx.flush()?;
        }
    }
    cx.o.push(b'\n');
    cx.flush()?;
    Ok(true)
}

#[cfg(test)]
mod tests;
