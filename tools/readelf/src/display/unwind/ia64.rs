//! IA-64 unwind tables (`SHT_IA_64_UNWIND`, with their `.IA_64.unwind_info`), as GNU's
//! `ia64_process_unwind` prints them.
//!
//! A table entry is three words: the start and end of a region and the address of its
//! unwind information. That information is an 8-byte header (version, flags, length in
//! words) and a byte-coded list of region and descriptor records (Intel "IA-64 Software
//! Conventions and Runtime Architecture Guide", appendix B: formats R1–R3, P1–P10,
//! B1–B4 and X1–X4). GNU prints each record as `FORMAT:name(fields)`.

use std::fmt::Write as _;
use std::io;

use libelf::consts::SHF_GROUP;

use super::{
    entry_label, function_symbols, scan_sections, segment_base, segrel_relocs, AbsAddr,
    UnwindSymbols,
};
use crate::util::alt_hex;
use crate::Cx;

const SHT_IA_64_UNWIND: u32 = 0x7000_0001;

const UNWIND: &[u8] = b".IA_64.unwind";
const UNWIND_INFO: &[u8] = b".IA_64.unwind_info";
const UNWIND_ONCE: &[u8] = b".gnu.linkonce.ia64unw.";
const UNWIND_INFO_ONCE: &[u8] = b".gnu.linkonce.ia64unwi.";

/// One table entry.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    start: AbsAddr,
    end: AbsAddr,
    info: AbsAddr,
}

/// A decoder over the descriptor bytes `data[pos..end]`, writing GNU's text to `out`.
/// Bytes past `end` but inside `data` are only read where GNU reads them (a P4 spill
/// mask whose last byte lies beyond the record list).
struct Decoder<'a> {
    data: &'a [u8],
    pos: usize,
    end: usize,
    out: String,
    /// The region length of the last region header (GNU's static `unw_rlen`, which
    /// lives for the whole process and sizes the P4 spill mask: kept in the run state).
    rlen: u64,
}

/// The registers P7 and P8 save and restore, in descriptor order.
const P7_REGS: [&str; 6] = ["rp", "pfs", "pr", "lc", "unat", "fpsr"];

/// The names of the special registers of an `abreg` (0x60–0x6f).
const SPECIAL: [&str; 16] = [
    "pr",
    "psp",
    "@priunat",
    "rp",
    "ar.bsp",
    "ar.bspstore",
    "ar.rnat",
    "ar.unat",
    "ar.fpsr",
    "ar.pfs",
    "ar.lc",
    "Unknown11",
    "Unknown12",
    "Unknown13",
    "Unknown14",
    "Unknown15",
];

/// P3 and P7/P8 register names (GNU's `UNW_REG_*`).
const P3_REGS: [&str; 12] = [
    "psp", "rp", "pfs", "pr", "unat", "lc", "", "rnat", "bsp", "bspstore", "fpsr", "",
];

/// An application or branch register number (`abreg`, 7 bits) by name.
fn abreg(r: u8) -> String {
    let n = r & 0x1f;
    match (r >> 5) & 3 {
        0 => format!("r{n}"),
        1 => format!("f{n}"),
        2 => format!("b{n}"),
        _ => SPECIAL
            .get(usize::from(r & 0xf))
            .copied()
            .unwrap_or_default()
            .to_string(),
    }
}

/// The target register of a spill (`x` and `ytreg`).
fn xyreg(x: u8, ytreg: u8) -> String {
    let n = ytreg & 0x1f;
    match (x << 1) | (ytreg >> 7) {
        0 => format!("r{n}"),
        1 => format!("f{n}"),
        2 => format!("b{n}"),
        _ => "invalid".to_string(),
    }
}

/// Names for the set bits of a mask, low bit first, joined by commas.
fn mask_list(mask: u32, bits: u32, name: impl Fn(u32) -> String) -> String {
    (0..bits)
        .filter(|i| mask >> i & 1 != 0)
        .map(name)
        .collect::<Vec<_>>()
        .join(",")
}

/// `b1`…`b5`.
fn brmask(m: u32) -> String {
    mask_list(m, 5, |i| format!("b{}", i + 1))
}

/// `r4`…`r7`.
fn grmask(m: u32) -> String {
    mask_list(m, 4, |i| format!("r{}", i + 4))
}

/// `f2`…`f5`, then `f16`…`f31`.
fn frmask(m: u32) -> String {
    mask_list(m, 20, |i| {
        format!("f{}", if i < 4 { i + 2 } else { i + 12 })
    })
}

impl Decoder<'_> {
    fn left(&self) -> usize {
        self.end.saturating_sub(self.pos)
    }

    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.pos).copied().unwrap_or(0);
        self.pos += 1;
        b
    }

    /// An unsigned LEB128 number, ending at `end`; GNU says `Bad uleb128` when it runs
    /// out of bytes or does not fit in 64 bits.
    fn uleb(&mut self) -> u64 {
        let (v, n, mut status) = libelf::leb128::read(self.data, self.pos, self.end, false);
        self.pos += n;
        if status & libelf::leb128::UNTERMINATED != 0 && self.pos < self.end {
            // Past the data but inside the range: GNU reads a zero there, ending it.
            self.pos += 1;
            status &= !libelf::leb128::UNTERMINATED;
        }
        if status != 0 {
            self.out.push_str("Bad uleb128\n");
        }
        v
    }

    /// Whether `n` bytes are left; otherwise GNU's `<corrupt FORMAT>` and the end.
    fn need(&mut self, n: usize, format: &str) -> bool {
        if self.left() < n {
            let _ = writeln!(self.out, "\t<corrupt {format}>");
            self.pos = self.end;
            return false;
        }
        true
    }

    fn line(&mut self, format: &str, what: std::fmt::Arguments) {
        let _ = writeln!(self.out, "\t{format}:{what}");
    }

    fn bad(&mut self, code: u8) {
        let _ = writeln!(self.out, "Unknown code 0x{code:02x}");
    }

    fn region(&mut self, format: &str, body: bool, rlen: u64, in_body: &mut bool) {
        self.rlen = rlen;
        *in_body = body;
        let kind = if body { "body" } else { "prologue" };
        let _ = writeln!(self.out, "    {format}:{kind}(rlen={rlen})");
    }

    /// One record; `in_body` says which table the code is looked up in and is updated
    /// by region headers.
    fn record(&mut self, in_body: &mut bool) {
        if self.left() < 1 {
            self.out.push_str("\t<corrupt IA64 descriptor>\n");
            self.pos = self.end;
            return;
        }
        let code = self.byte();
        match (code >> 5, *in_body) {
            (0 | 1, _) => self.region("R1", code & 0x20 != 0, u64::from(code & 0x1f), in_body),
            (2, _) => self.r2(code, in_body),
            (3, _) => {
                let rlen = self.uleb();
                self.region("R3", code & 3 == 1, rlen, in_body);
            }
            (4, false) => self.line(
                "P1",
                format_args!("br_mem(brmask=[{}])", brmask(u32::from(code & 0x1f))),
            ),
            (5, false) => self.p2_p5(code),
            (6, false) => {
                let m = u32::from(code & 0xf);
                if code & 0x10 != 0 {
                    self.line("P6", format_args!("gr_mem(grmask=[{}])", grmask(m)));
                } else {
                    self.line("P6", format_args!("fr_mem(frmask=[{}])", frmask(m)));
                }
            }
            (7, false) => self.p7_p10(code),
            (4 | 5, true) => {
                let what = if code & 0x20 != 0 {
                    "copy_state"
                } else {
                    "label_state"
                };
                self.line("B1", format_args!("{what}(label={})", code & 0x1f));
            }
            (6, true) => {
                let t = self.uleb();
                self.line("B2", format_args!("epilogue(t={t},ecount={})", code & 0x1f));
            }
            _ => self.b3_x4(code),
        }
    }

    fn r2(&mut self, code: u8, in_body: &mut bool) {
        if !self.need(2, "R2") {
            return;
        }
        let b1 = self.byte();
        let mask = ((code & 7) << 1) | (b1 >> 7);
        let grsave = b1 & 0x7f;
        let rlen = self.uleb();
        self.rlen = rlen;
        *in_body = false;
        let names: Vec<&str> = [(8, "rp"), (4, "ar.pfs"), (2, "psp"), (1, "pr")]
            .iter()
            .filter(|(bit, _)| mask & bit != 0)
            .map(|&(_, n)| n)
            .collect();
        let _ = writeln!(
            self.out,
            "    R2:prologue_gr(mask=[{}],grsave=r{grsave},rlen={rlen})",
            names.join(",")
        );
    }

    fn p2_p5(&mut self, code: u8) {
        if code & 0x10 == 0 {
            if !self.need(1, "P2") {
                return;
            }
            let b1 = self.byte();
            let m = (u32::from(code & 0xf) << 1) | u32::from(b1 >> 7);
            self.line(
                "P2",
                format_args!("br_gr(brmask=[{}],gr=r{})", brmask(m), b1 & 0x7f),
            );
        } else if code & 0x08 == 0 {
            if !self.need(1, "P3") {
                return;
            }
            let b1 = self.byte();
            let r = ((code & 7) << 1) | (b1 >> 7);
            let dst = b1 & 0x7f;
            match r {
                6 => self.line("P3", format_args!("rp_br(reg=b{dst})")),
                11 => self.line("P3", format_args!("priunat_gr(reg=r{dst})")),
                0..=10 => {
                    let reg = P3_REGS.get(usize::from(r)).copied().unwrap_or_default();
                    self.line("P3", format_args!("{reg}_gr(reg=r{dst})"));
                }
                _ => self.bad(r),
            }
        } else if code & 7 == 0 {
            self.spill_mask();
        } else if code & 7 == 1 {
            if !self.need(3, "P5") {
                return;
            }
            let (b1, b2, b3) = (self.byte(), self.byte(), self.byte());
            let gr = u32::from(b1 >> 4);
            let fr = (u32::from(b1 & 0xf) << 16) | (u32::from(b2) << 8) | u32::from(b3);
            self.line(
                "P5",
                format_args!("frgr_mem(grmask=[{}],frmask=[{}])", grmask(gr), frmask(fr)),
            );
        } else {
            self.bad(code);
        }
    }

    /// P4: two bits per instruction slot of the current region (`-`, `f`, `r`, `b`),
    /// in groups of three.
    fn spill_mask(&mut self) {
        let rlen = self.rlen;
        if (rlen / 4) > self.left() as u64 {
            let _ = write!(
                self.out,
                "\nERROR: unwind length too long (0x{:x} > 0x{:x})\n\n",
                rlen / 4,
                self.left()
            );
            return;
        }
        self.out.push_str("\tP4:spill_mask(imask=[");
        let mut mask = 0u8;
        for slot in 0..rlen {
            if slot % 4 == 0 {
                mask = self.byte();
            }
            if slot > 0 && slot % 3 == 0 {
                self.out.push(',');
            }
            let kind = (mask >> (2 * (3 - (slot & 3)))) & 3;
            let c = b"-frb".get(usize::from(kind)).copied().unwrap_or(b'-');
            self.out.push(char::from(c));
        }
        self.out.push_str("])\n");
    }

    fn p7_p10(&mut self, code: u8) {
        if code & 0x10 == 0 {
            let r = code & 0xf;
            let t = self.uleb();
            match r {
                0 => {
                    let size = self.uleb();
                    self.line(
                        "P7",
                        format_args!("mem_stack_f(t={t},size={})", size.wrapping_mul(16)),
                    );
                }
                1 => self.line("P7", format_args!("mem_stack_v(t={t})")),
                2 => self.line(
                    "P7",
                    format_args!("spill_base(pspoff=0x10-0x{:x})", t.wrapping_mul(4)),
                ),
                3 => self.sprel("P7", "psp", t),
                _ => {
                    let reg = P7_REGS
                        .get(usize::from((r - 4) / 2))
                        .copied()
                        .unwrap_or_default();
                    if r % 2 == 0 {
                        self.when("P7", reg, t);
                    } else {
                        self.psprel("P7", reg, t);
                    }
                }
            }
            return;
        }
        match code & 0xf {
            0 => {
                if !self.need(2, "P8") {
                    return;
                }
                let r = self.byte();
                let t = self.uleb();
                match r {
                    1..=6 => {
                        let reg = P7_REGS.get(usize::from(r - 1)).copied().unwrap_or_default();
                        self.sprel("P8", reg, t);
                    }
                    7..=15 => {
                        let reg = ["bsp", "bspstore", "rnat"]
                            .get(usize::from((r - 7) / 3))
                            .copied()
                            .unwrap_or_default();
                        match (r - 7) % 3 {
                            0 => self.when("P8", reg, t),
                            1 => self.psprel("P8", reg, t),
                            _ => self.sprel("P8", reg, t),
                        }
                    }
                    16 => self.line("P8", format_args!("priunat_when_gr(t={t})")),
                    17 => self.line(
                        "P8",
                        format_args!("priunat_psprel(pspoff=0x10-0x{:x})", t.wrapping_mul(4)),
                    ),
                    18 => self.line(
                        "P8",
                        format_args!("priunat_sprel(spoff=0x{:x})", t.wrapping_mul(4)),
                    ),
                    19 => self.line("P8", format_args!("priunat_when_mem(t={t})")),
                    _ => self.bad(r),
                }
            }
            1 => {
                if !self.need(2, "P9") {
                    return;
                }
                let (b1, b2) = (self.byte(), self.byte());
                self.line(
                    "P9",
                    format_args!(
                        "gr_gr(grmask=[{}],r{})",
                        grmask(u32::from(b1 & 0xf)),
                        b2 & 0x7f
                    ),
                );
            }
            0xf => {
                if !self.need(2, "P10") {
                    return;
                }
                let (abi, context) = (self.byte(), self.byte());
                let name = match abi {
                    0 => "@svr4".to_string(),
                    1 => "@hpux".to_string(),
                    2 => "@nt".to_string(),
                    _ => format!("0x{abi:x}"),
                };
                self.line(
                    "P10",
                    format_args!("unwabi(abi={name},context=0x{context:02x})"),
                );
            }
            9..=0xc => self.x((code & 0xf) - 8),
            _ => self.bad(code),
        }
    }

    fn b3_x4(&mut self, code: u8) {
        if code & 0x10 == 0 {
            let t = self.uleb();
            let ecount = self.uleb();
            self.line("B3", format_args!("epilogue(t={t},ecount={ecount})"));
        } else if code & 7 == 0 {
            let label = self.uleb();
            let what = if code & 8 != 0 {
                "copy_state"
            } else {
                "label_state"
            };
            self.line("B4", format_args!("{what}(label={label})"));
        } else if code & 7 <= 4 {
            self.x(code & 7);
        } else {
            self.bad(code);
        }
    }

    fn when(&mut self, format: &str, reg: &str, t: u64) {
        self.line(format, format_args!("{reg}_when(t={t})"));
    }

    fn sprel(&mut self, format: &str, reg: &str, off: u64) {
        self.line(
            format,
            format_args!("{reg}_sprel(spoff=0x{:x})", off.wrapping_mul(4)),
        );
    }

    fn psprel(&mut self, format: &str, reg: &str, off: u64) {
        self.line(
            format,
            format_args!("{reg}_psprel(pspoff=0x10-0x{:x})", off.wrapping_mul(4)),
        );
    }

    /// X1–X4 (`n`), the records that name any register.
    fn x(&mut self, n: u8) {
        let format = ["X1", "X2", "X3", "X4"]
            .get(usize::from((n.max(1) - 1) & 3))
            .copied()
            .unwrap_or_default();
        let need = if n <= 2 { 3 } else { 4 };
        if !self.need(need, format) {
            return;
        }
        let b1 = self.byte();
        match n {
            1 => {
                let t = self.uleb();
                let off = self.uleb().wrapping_mul(4);
                let reg = abreg(b1 & 0x7f);
                if b1 & 0x80 != 0 {
                    self.line(
                        format,
                        format_args!("spill_sprel(reg={reg},t={t},spoff=0x{off:x})"),
                    );
                } else {
                    self.line(
                        format,
                        format_args!("spill_psprel(reg={reg},t={t},pspoff=0x10-0x{off:x})"),
                    );
                }
            }
            2 => {
                let ytreg = self.byte();
                let t = self.uleb();
                let reg = abreg(b1 & 0x7f);
                if b1 & 0x80 == 0 && ytreg == 0 {
                    self.line(format, format_args!("restore(t={t},reg={reg})"));
                } else {
                    let treg = xyreg(b1 >> 7, ytreg);
                    self.line(
                        format,
                        format_args!("spill_reg(t={t},reg={reg},treg={treg})"),
                    );
                }
            }
            3 => {
                let b2 = self.byte();
                let t = self.uleb();
                let off = self.uleb().wrapping_mul(4);
                let (qp, reg) = (b1 & 0x3f, abreg(b2 & 0x7f));
                if b1 & 0x80 != 0 {
                    self.line(
                        format,
                        format_args!("spill_sprel_p(qp=p{qp},t={t},reg={reg},spoff=0x{off:x})"),
                    );
                } else {
                    self.line(
                        format,
                        format_args!(
                            "spill_psprel_p(qp=p{qp},t={t},reg={reg},pspoff=0x10-0x{off:x})"
                        ),
                    );
                }
            }
            _ => {
                let (b2, b3) = (self.byte(), self.byte());
                let t = self.uleb();
                let (qp, reg) = (b1 & 0x3f, abreg(b2 & 0x7f));
                if b2 & 0x80 == 0 && b3 == 0 {
                    self.line(format, format_args!("restore_p(qp=p{qp},t={t},reg={reg})"));
                } else {
                    let treg = xyreg(b2 >> 7, b3);
                    self.line(
                        format,
                        format_args!("spill_reg_p(qp=p{qp},t={t},reg={reg},treg={treg})"),
                    );
                }
            }
        }
    }
}

/// The unwind records of one region list: `info[start..end]`, decoded as GNU does,
/// starting from and updating the last region length `rlen`.
fn decode(info: &[u8], start: usize, end: usize, rlen: &mut u64) -> String {
    let mut d = Decoder {
        data: info,
        pos: start,
        end,
        out: String::new(),
        rlen: *rlen,
    };
    let mut in_body = false;
    while d.pos < d.end {
        d.record(&mut in_body);
    }
    *rlen = d.rlen;
    d.out
}

/// GNU's `ia64_unw_aux_info`: what one table is dumped with.
struct Aux<'d> {
    syms: Option<UnwindSymbols>,
    info: Option<&'d [u8]>,
    info_addr: u64,
    seg_base: u64,
}

/// GNU's `slurp_ia64_unwind_table`: the entries of section `sec`, relocated.
fn slurp(cx: &mut Cx, aux: &mut Aux, sec: usize) -> Option<Vec<Entry>> {
    let sh = cx.sections().get(sec).copied()?;
    if let Some(base) = segment_base(cx, &sh).ok()? {
        aux.seg_base = base;
    }
    let table = cx.get_data(sh.sh_offset, 1, sh.sh_size, Some("unwind table"))?;
    let ea = eh_addr_size(cx);
    let endian = cx.endian();
    let word = |b: &[u8], k: usize| AbsAddr {
        section: 0,
        offset: libelf::read::read_uint(b, k * ea, ea, endian)
            .unwrap_or(0)
            .wrapping_add(aux.seg_base),
    };
    let mut entries: Vec<Entry> = table
        .chunks_exact(3 * ea)
        .map(|e| Entry {
            start: word(e, 0),
            end: word(e, 1),
            info: word(e, 2),
        })
        .collect();
    let (ea, count) = (ea as u64, entries.len());
    segrel_relocs(
        cx,
        aux.syms.as_ref(),
        sec,
        ("R_IA64_SEGREL", 3 * ea, count),
        |r_offset, to| {
            if let Some(e) = entries.get_mut((r_offset / (3 * ea)) as usize) {
                match r_offset / ea % 3 {
                    0 => e.start = to,
                    1 => e.end = to,
                    _ => e.info = to,
                }
            }
        },
    )?;
    Some(entries)
}

/// GNU's `eh_addr_size` for IA-64: the word size of the class.
fn eh_addr_size(cx: &Cx) -> usize {
    if cx.is32() {
        4
    } else {
        8
    }
}

/// GNU's `dump_ia64_unwind`.
fn dump(cx: &mut Cx, aux: &Aux, entries: &[Entry]) -> io::Result<()> {
    let funtab = function_symbols(aux.syms.as_ref());
    let strtab = aux.syms.as_ref().map_or(&[][..], |s| &s.strtab);
    let ea = eh_addr_size(cx) as u64;
    for (n, e) in entries.iter().enumerate() {
        let mut w = entry_label(cx, &funtab, strtab, e.start);
        w.extend_from_slice(
            format!(
                ">: [0x{:x}-0x{:x}], info at +0x{:x}\n",
                e.start.offset,
                e.end.offset,
                e.info.offset.wrapping_sub(aux.seg_base)
            )
            .as_bytes(),
        );
        cx.out.write_all(&w)?;
        let Some(info) = aux.info else {
            continue;
        };
        let mut offset = e.info.offset;
        if e.info.section != 0 {
            let Some(s) = cx
                .sections()
                .get(e.info.section as usize)
                .filter(|_| e.info.section < cx.hdr.e_shnum)
            else {
                cx.diag.warn(format_args!(
                    "Invalid section {} in table entry {n}\n",
                    e.info.section
                ));
                continue;
            };
            offset = offset.wrapping_add(s.sh_addr);
        }
        let offset = offset.wrapping_sub(aux.info_addr);
        let size = info.len() as u64;
        if offset >= size || size - offset < 8 {
            cx.diag.warn(format_args!(
                "Invalid offset {:x} in table entry {n}\n",
                e.info.offset
            ));
            continue;
        }
        let head = offset as usize;
        let stamp = libelf::read::read_uint(info, head, 8, cx.endian()).unwrap_or(0);
        let version = stamp >> 48;
        let len = stamp & 0xffff_ffff;
        let flag = |bit: u64, name: &'static str| if stamp & bit != 0 { name } else { "" };
        writeln!(
            cx.out,
            "  v{version}, flags=0x{:x} ({}{}), len={} bytes",
            (stamp & 0x0000_ffff_0000_0000) >> 32,
            flag(0x1_0000_0000, " ehandler"),
            flag(0x2_0000_0000, " uhandler"),
            ea.wrapping_mul(len)
        )?;
        if version != 1 {
            writeln!(cx.out, "\tUnknown version.")?;
            continue;
        }
        let end = (head as u64 + 8)
            .saturating_add(ea.saturating_mul(len))
            .min(size) as usize;
        let text = decode(info, head + 8, end, &mut cx.run.ia64_rlen);
        cx.out.write_all(text.as_bytes())?;
    }
    Ok(())
}

/// The section named like the unwind table's info (GNU's search in
/// `ia64_process_unwind`), or `None` (GNU's `i == e_shnum`).
fn find_info(cx: &Cx, unw: usize) -> Option<usize> {
    let shnum = cx.sections().len().min(cx.hdr.e_shnum as usize);
    let sh = cx.sections().get(unw)?;
    let name = |i: usize| cx.sections().get(i).and_then(|s| cx.section_name(s));
    if sh.sh_flags & u64::from(SHF_GROUP) != 0 {
        let members = cx.section_group.get(unw)?.as_ref()?;
        return members
            .iter()
            .copied()
            .find(|&m| name(m) == Some(UNWIND_INFO));
    }
    let own = cx.section_name(sh);
    if let Some(suffix) = own.and_then(|n| n.strip_prefix(UNWIND_ONCE)) {
        return (0..shnum)
            .find(|&i| name(i).and_then(|n| n.strip_prefix(UNWIND_INFO_ONCE)) == Some(suffix));
    }
    let suffix = own.and_then(|n| n.strip_prefix(UNWIND)).unwrap_or(b"");
    (0..shnum).find(|&i| name(i).and_then(|n| n.strip_prefix(UNWIND_INFO)) == Some(suffix))
}

/// GNU's `ia64_process_unwind`.
pub fn ia64_process_unwind(cx: &mut Cx) -> io::Result<bool> {
    let is_unwind =
        |cx: &Cx, i: usize| cx.sections().get(i).map(|s| s.sh_type) == Some(SHT_IA_64_UNWIND);
    let Ok((syms, found)) = scan_sections(cx, is_unwind) else {
        return Ok(false);
    };
    if found.is_empty() {
        writeln!(cx.out, "\nThere are no unwind sections in this file.")?;
    }
    let mut aux = Aux {
        syms,
        info: None,
        info_addr: 0,
        seg_base: 0,
    };
    // GNU walks the tables it counted (a symbol table of type SHT_IA_64_UNWIND is not
    // one) but finds each by type from after the previous one.
    let count = cx.sections().len().min(cx.hdr.e_shnum as usize);
    let mut next = 0usize;
    for _ in 0..found.len() {
        let Some(unw) = (next..count).find(|&i| is_unwind(cx, i)) else {
            break;
        };
        next = unw + 1;
        let Some(sh) = cx.sections().get(unw).copied() else {
            break;
        };
        let label = if cx.string_table.is_none() {
            // GNU prints the name offset with %d.
            (sh.sh_name as i32).to_string()
        } else {
            format!("'{}'", cx.printable_section_name(&sh))
        };
        let Some(info_sec) = find_info(cx, unw) else {
            write!(cx.out, "\nCould not find unwind info section for {label}")?;
            continue;
        };
        let Some(ish) = cx.sections().get(info_sec).copied() else {
            continue;
        };
        aux.info_addr = ish.sh_addr;
        aux.info = cx.get_data(ish.sh_offset, 1, ish.sh_size, Some("unwind info"));
        let ea = eh_addr_size(cx) as u64;
        writeln!(
            cx.out,
            "\nUnwind section {label} at offset {} contains {} entries:",
            alt_hex(sh.sh_offset),
            sh.sh_size / (3 * ea)
        )?;
        if let Some(entries) = slurp(cx, &mut aux, unw) {
            if !entries.is_empty() {
                dump(cx, &aux, &entries)?;
            }
        }
        aux.info = None;
    }
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks() {
        assert_eq!(frmask(0b1_0001_0001), "f2,f16,f20");
        assert_eq!(frmask(1 << 19), "f31");
        assert_eq!(grmask(0b1010), "r5,r7");
        assert_eq!(brmask(0b10001), "b1,b5");
        assert_eq!(abreg(0x61), "psp");
        assert_eq!(abreg(0x25), "f5");
        assert_eq!(xyreg(1, 0x80), "invalid");
    }

    #[test]
    fn records() {
        let mut rlen = 0;
        // R1 prologue of 5 slots, P7 mem_stack_f, R3 body, B1 label_state, B2 epilogue.
        let d = [0x05, 0xe0, 0x02, 0x03, 0x61, 0x08, 0x81, 0xc0, 0x04];
        assert_eq!(
            decode(&d, 0, d.len(), &mut rlen),
            "    R1:prologue(rlen=5)\n\tP7:mem_stack_f(t=2,size=48)\n    R3:body(rlen=8)\n\tB1:label_state(label=1)\n\tB2:epilogue(t=4,ecount=0)\n"
        );
        // A truncated uleb128.
        assert_eq!(
            decode(&[0x60, 0x80], 0, 2, &mut rlen),
            "Bad uleb128\n    R3:prologue(rlen=0)\n"
        );
    }
}
