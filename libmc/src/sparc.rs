//! SPARC V9 (64-bit, `sparc:v9a` as objdump names elf64-sparc) and 32-bit SPARC (V8) with
//! GNU objdump 2.40's printing.
//!
//! The instruction set is decoded from the word's fields here (every format is fixed-width
//! and regular); capstone is not used: which words are instructions depends on GNU's
//! architecture level (`v9a`: V9 plus VIS 1; V8 for 32-bit), which capstone's Sparc decoder
//! does not follow, and the `sethi` comments need the raw words anyway. GNU's spelling: `%g1`/`%o0`/`%sp`/`%fp` registers, a
//! blank before every operand (`ld  [ %fp + 0x7e7 ], %g1`), small immediates (≤ 9) in
//! decimal and others as `0x…`, the synthetic instructions GNU prefers (`mov`, `clr`,
//! `cmp`, `btst`, `inc`, `neg`, `tst`, `ret`, `retl`, `jmp`, `call %g1`, `nop`), branch
//! suffixes `,a`/`,pn` (`,pt` is GNU's default and not printed), and the ` ! addr` comment
//! objdump adds when an `add`/`or`/`[reg + imm]` completes the value a `sethi` just before
//! it (or before the branch whose delay slot it is) put in the register: the last two
//! words decoded are remembered inside the [`Sparc`] value for that (decode in address
//! order to get GNU's comments). Words GNU does not know print as `unknown`.

use std::cell::Cell;
use std::fmt;
use std::fmt::Write as _;

use crate::{Arch, Flow, Insn, Machine, Resolver};

/// General register names, as GNU prints them (without the `%`).
const REG: [&str; 32] = [
    "g0", "g1", "g2", "g3", "g4", "g5", "g6", "g7", "o0", "o1", "o2", "o3", "o4", "o5", "sp", "o7",
    "l0", "l1", "l2", "l3", "l4", "l5", "l6", "l7", "i0", "i1", "i2", "i3", "i4", "i5", "fp", "i7",
];

/// Integer condition names (Bicc/BPcc/Tcc/MOVcc field order) without the leading `b`/`t`.
const ICOND: [&str; 16] = [
    "n", "e", "le", "l", "leu", "cs", "neg", "vs", "a", "ne", "g", "ge", "gu", "cc", "pos", "vc",
];

/// Floating-point condition names (FBfcc/FMOVcc field order).
const FCOND: [&str; 16] = [
    "n", "ne", "lg", "ul", "l", "ug", "g", "u", "a", "e", "ue", "ge", "uge", "le", "ule", "o",
];

/// Register-condition names (BPr/MOVr/FMOVr field order); `None` is reserved.
const RCOND: [Option<&str>; 8] = [
    None,
    Some("z"),
    Some("lez"),
    Some("lz"),
    None,
    Some("nz"),
    Some("gz"),
    Some("gez"),
];

/// Names of the V9 ASIs GNU knows by name (first name in its table for each value).
const ASI: &[(u32, &str)] = &[
    (0x04, "#ASI_N"),
    (0x0c, "#ASI_N_L"),
    (0x10, "#ASI_AIUP"),
    (0x11, "#ASI_AIUS"),
    (0x18, "#ASI_AIUP_L"),
    (0x19, "#ASI_AIUS_L"),
    (0x80, "#ASI_P"),
    (0x81, "#ASI_S"),
    (0x82, "#ASI_PNF"),
    (0x83, "#ASI_SNF"),
    (0x88, "#ASI_P_L"),
    (0x89, "#ASI_S_L"),
    (0x8a, "#ASI_PNF_L"),
    (0x8b, "#ASI_SNF_L"),
    (0xe0, "#ASI_BLK_COMMIT_P"),
    (0xe1, "#ASI_BLK_COMMIT_S"),
    (0xe2, "#ASI_BLK_INIT_QUAD_LDD_P"),
    (0xf0, "#ASI_BLK_P"),
    (0xf1, "#ASI_BLK_S"),
    (0xf8, "#ASI_BLK_PL"),
    (0xf9, "#ASI_BLK_SL"),
];

/// Prefetch function names.
const PREFETCH: &[(u32, &str)] = &[
    (0, "#n_reads"),
    (1, "#one_read"),
    (2, "#n_writes"),
    (3, "#one_write"),
    (4, "#page"),
    (16, "#invalidate"),
    (17, "#unified"),
    (20, "#n_reads_strong"),
    (21, "#one_read_strong"),
    (22, "#n_writes_strong"),
    (23, "#one_write_strong"),
];

/// V9A ancillary state registers 16..=28 (`rd`/`wr`).
const ASR: [&str; 13] = [
    "pcr",
    "pic",
    "dcr",
    "gsr",
    "softint_set",
    "softint_clear",
    "softint",
    "tick_cmpr",
    "stick",
    "stick_cmpr",
    "cfr",
    "pause",
    "mwait",
];

/// Privileged registers (`rdpr`/`wrpr`) 0..=16.
const PRIV: [&str; 17] = [
    "tpc",
    "tnpc",
    "tstate",
    "tt",
    "tick",
    "tba",
    "pstate",
    "tl",
    "pil",
    "cwp",
    "cansave",
    "canrestore",
    "cleanwin",
    "otherwin",
    "wstate",
    "fq",
    "gl",
];

/// A SPARC decoder/printer.
pub(crate) struct Sparc {
    /// V9 (64-bit) instruction set; otherwise V8.
    v9: bool,
    /// The last two words decoded, newest first, with their addresses.
    prev: Cell<[Option<(u64, u32)>; 2]>,
}

impl fmt::Debug for Sparc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Sparc").field("v9", &self.v9).finish()
    }
}

/// Field extraction.
#[derive(Clone, Copy)]
struct W(u32);

impl W {
    fn rd(self) -> u32 {
        (self.0 >> 25) & 31
    }
    fn rs1(self) -> u32 {
        (self.0 >> 14) & 31
    }
    fn rs2(self) -> u32 {
        self.0 & 31
    }
    fn i(self) -> bool {
        self.0 & 0x2000 != 0
    }
    fn op3(self) -> u32 {
        (self.0 >> 19) & 0x3f
    }
    fn simm(self, bits: u32) -> i64 {
        let sh = 64 - bits;
        (i64::from(self.0) << sh) >> sh
    }
    fn simm13(self) -> i64 {
        self.simm(13)
    }
    fn opf(self) -> u32 {
        (self.0 >> 5) & 0x1ff
    }
    fn asi(self) -> u32 {
        (self.0 >> 5) & 0xff
    }
}

/// GNU's immediate: decimal up to 9 (negative numbers too), else `0x…` of the 32-bit value.
fn imm(v: i64) -> String {
    if v <= 9 {
        format!("{v}")
    } else {
        hex(v as u32)
    }
}

/// C's `%#x`: `0` for zero, else `0x…`.
fn hex(v: u32) -> String {
    if v == 0 {
        "0".to_owned()
    } else {
        format!("{v:#x}")
    }
}

fn reg(r: u32) -> String {
    format!("%{}", REG.get(r as usize).copied().unwrap_or("?"))
}

/// Single-precision register `%fN`.
fn fs(r: u32) -> String {
    format!("%f{r}")
}

/// Double/quad register: bit 0 of the field is bit 5 of the register number.
fn fd(r: u32) -> String {
    format!("%f{}", (r & !1) | ((r & 1) << 5))
}

/// The decoded form: mnemonic (with `,a`/`,pn` suffixes), operands, flow, target, and
/// whether the immediate was added (1) or or'ed (2) to rs1 (for the `sethi` comment).
struct Dec {
    mn: String,
    ops: Vec<String>,
    flow: Flow,
    target: Option<u64>,
    /// The branch address printed (also for `bn`, which has no flow target).
    shown: Option<u64>,
    combine: u8,
}

impl Dec {
    fn new(mn: impl Into<String>, ops: Vec<String>) -> Dec {
        Dec {
            mn: mn.into(),
            ops,
            flow: Flow::Other,
            target: None,
            shown: None,
            combine: 0,
        }
    }
}

/// `rs1 + rs2` / `rs1 + imm` / `rs1` / `imm` (no brackets), and whether `+ imm` was printed.
fn address(w: W) -> (String, bool) {
    if w.i() {
        let v = w.simm13();
        if v == 0 {
            (reg(w.rs1()), false)
        } else if w.rs1() == 0 {
            (imm(v), false)
        } else {
            (format!("{} + {}", reg(w.rs1()), imm(v)), true)
        }
    } else if w.rs2() == 0 {
        (reg(w.rs1()), false)
    } else {
        (format!("{} + {}", reg(w.rs1()), reg(w.rs2())), false)
    }
}

/// Second source: `%rs2` or the 13-bit immediate.
fn src2(w: W) -> String {
    if w.i() {
        imm(w.simm13())
    } else {
        reg(w.rs2())
    }
}

impl Sparc {
    pub(crate) fn new(arch: Arch) -> Sparc {
        Sparc {
            v9: arch.machine == Machine::Sparc64,
            prev: Cell::new([None, None]),
        }
    }

    pub(crate) fn decode<'a>(&self, bytes: &'a [u8], addr: u64, res: &dyn Resolver) -> Insn<'a> {
        let raw = bytes.get(..4).unwrap_or(bytes);
        if raw.len() < 4 {
            let list: Vec<String> = raw.iter().map(|b| format!("0x{b:02x}")).collect();
            let text = format!(".byte {}", list.join(", "));
            return Insn::new(addr, raw, Flow::Invalid, None, text);
        }
        let word = crate::word32(raw, true);
        let prev = self.prev.get();
        self.prev.set([Some((addr, word)), prev[0]]);
        let Some(mut d) = self.base(W(word), addr) else {
            return Insn::new(addr, raw, Flow::Invalid, None, "unknown".to_owned());
        };
        if !self.v9 {
            d.target = d.target.map(|t| t & 0xffff_ffff);
            d.shown = d.shown.map(|t| t & 0xffff_ffff);
        }
        let mut s = d.mn.clone();
        if d.ops.is_empty() {
            s.push(' ');
        } else {
            s.push_str(if d.mn.contains(',') { "   " } else { "  " });
        }
        for (k, o) in d.ops.iter().enumerate() {
            if k > 0 {
                s.push_str(", ");
            }
            if o == "\u{1}" {
                if let Some(t) = d.shown.or(d.target) {
                    res.address(t, &mut s);
                }
            } else {
                s.push_str(o);
            }
        }
        if d.combine != 0 {
            if let Some(t) = sethi_value(W(word), addr, prev, d.combine) {
                s.push_str("\t! ");
                res.address(t, &mut s);
            }
        }
        Insn::new(addr, raw, d.flow, d.target, s)
    }

    fn base(&self, w: W, addr: u64) -> Option<Dec> {
        match w.0 >> 30 {
            0 => self.format2(w, addr),
            1 => {
                let t = addr.wrapping_add(((i64::from(w.0) << 34) >> 32) as u64);
                let mut d = Dec::new("call", vec!["\u{1}".to_owned()]);
                d.flow = Flow::Call;
                d.target = Some(t);
                Some(d)
            }
            2 => self.arith(w),
            _ => self.mem(w),
        }
    }

    /// Branches, `sethi`, `illtrap`.
    fn format2(&self, w: W, addr: u64) -> Option<Dec> {
        let op2 = (w.0 >> 22) & 7;
        let cond = ((w.0 >> 25) & 15) as usize;
        let annul = w.0 & (1 << 29) != 0;
        let v9 = self.v9;
        let target = |bits: u32, field: u32| {
            let sh = 64 - bits;
            let off = (i64::from(field) << sh) >> sh;
            addr.wrapping_add((off << 2) as u64)
        };
        let branch = |name: String, pn: bool, cc: Option<String>, t: u64, cond: usize| {
            let mut mn = name;
            if annul {
                mn.push_str(",a");
            }
            if pn {
                mn.push_str(",pn");
            }
            let mut ops = Vec::new();
            if let Some(cc) = cc {
                ops.push(cc);
            }
            ops.push("\u{1}".to_owned());
            let mut d = Dec::new(mn, ops);
            d.flow = match cond {
                8 => Flow::Jump,
                0 => Flow::Other,
                _ => Flow::CondJump,
            };
            if cond != 0 {
                d.target = Some(t);
            }
            d.shown = Some(t);
            Some(d)
        };
        let bname = |c: usize| {
            if c == 8 {
                "b".to_owned()
            } else {
                format!("b{}", ICOND.get(c).copied().unwrap_or_default())
            }
        };
        let fbname = |c: usize| {
            if c == 8 {
                "fb".to_owned()
            } else {
                format!("fb{}", FCOND.get(c).copied().unwrap_or_default())
            }
        };
        match op2 {
            0 => {
                // illtrap (V9) / unimp (V8): the 22-bit constant.
                if w.rd() != 0 {
                    return None;
                }
                let v = (i64::from(w.0) << 42) >> 42;
                let mut d = Dec::new(if v9 { "illtrap" } else { "unimp" }, vec![hex(v as u32)]);
                d.flow = Flow::Trap;
                Some(d)
            }
            1 if v9 => {
                // GNU looks at cc1 only (cc0 set is reserved, printed as if clear).
                let cc = if w.0 & (1 << 21) != 0 { "%xcc" } else { "%icc" };
                let pn = w.0 & (1 << 19) == 0;
                let t = target(19, w.0 & 0x7ffff);
                branch(bname(cond), pn, Some(cc.to_owned()), t, cond)
            }
            2 => branch(bname(cond), false, None, target(22, w.0 & 0x3f_ffff), cond),
            3 if v9 => {
                if w.0 & (1 << 28) != 0 {
                    return None;
                }
                let rc = RCOND.get(cond & 7).copied().flatten()?;
                let pn = w.0 & (1 << 19) == 0;
                let d16 = ((w.0 >> 6) & 0xc000) | (w.0 & 0x3fff);
                let t = target(16, d16);
                let mut d = branch(format!("br{rc}"), pn, Some(reg(w.rs1())), t, 1)?;
                d.flow = Flow::CondJump;
                Some(d)
            }
            4 => {
                if w.rd() == 0 && w.0 & 0x3f_ffff == 0 {
                    return Some(Dec::new("nop", vec![]));
                }
                let v = (w.0 & 0x3f_ffff) << 10;
                Some(Dec::new(
                    "sethi",
                    vec![format!("%hi({})", hex(v)), reg(w.rd())],
                ))
            }
            5 if v9 => {
                let cc = (w.0 >> 20) & 3;
                let pn = w.0 & (1 << 19) == 0;
                let t = target(19, w.0 & 0x7ffff);
                branch(fbname(cond), pn, Some(format!("%fcc{cc}")), t, cond)
            }
            6 => branch(fbname(cond), false, None, target(22, w.0 & 0x3f_ffff), cond),
            7 => {
                let c = [
                    "n", "123", "12", "13", "1", "23", "2", "3", "", "0", "03", "02", "023", "01",
                    "013", "012",
                ]
                .get(cond)?;
                branch(
                    format!("cb{c}"),
                    false,
                    None,
                    target(22, w.0 & 0x3f_ffff),
                    cond,
                )
            }
            _ => None,
        }
    }

    /// Format 3, op = 2: arithmetic, logic, shifts, control transfer, FP operate.
    fn arith(&self, w: W) -> Option<Dec> {
        let (rd, rs1, rs2) = (w.rd(), w.rs1(), w.rs2());
        let op3 = w.op3();
        let v9 = self.v9;
        // Reserved bits of register forms (the `asi` field) must be zero.
        if !w.i()
            && (w.0 >> 5) & 0xff != 0
            && (op3 < 0x25 || matches!(op3, 0x2d | 0x2e | 0x38 | 0x39 | 0x3b | 0x3c | 0x3d))
        {
            return None;
        }
        let three = |mn: &str| {
            let mut d = Dec::new(mn, vec![reg(rs1), src2(w), reg(rd)]);
            if w.i() && (op3 == 0 || op3 == 2) {
                d.combine = if op3 == 0 { 1 } else { 2 };
            }
            Some(d)
        };
        let name = match op3 {
            0x00 => "add",
            0x01 => "and",
            0x02 => "or",
            0x03 => "xor",
            0x04 => "sub",
            0x05 => "andn",
            0x06 => "orn",
            0x07 => "xnor",
            0x08 if !v9 => "addx",
            0x08 => "addc",
            0x09 if v9 => "mulx",
            0x0a => "umul",
            0x0b => "smul",
            0x0c if !v9 => "subx",
            0x0c => "subc",
            0x0d if v9 => "udivx",
            0x0e => "udiv",
            0x0f => "sdiv",
            0x10 => "addcc",
            0x11 => "andcc",
            0x12 => "orcc",
            0x13 => "xorcc",
            0x14 => "subcc",
            0x15 => "andncc",
            0x16 => "orncc",
            0x17 => "xnorcc",
            0x18 if !v9 => "addxcc",
            0x18 => "addccc",
            0x1a => "umulcc",
            0x1b => "smulcc",
            0x1c if !v9 => "subxcc",
            0x1c => "subccc",
            0x1e => "udivcc",
            0x1f => "sdivcc",
            0x20 => "taddcc",
            0x21 => "tsubcc",
            0x22 => "taddcctv",
            0x23 => "tsubcctv",
            0x24 => "mulscc",
            _ => "",
        };
        if !name.is_empty() {
            return self.alu(w, name, three);
        }
        match op3 {
            0x25..=0x27 => {
                let x = w.0 & (1 << 12) != 0;
                if x && !v9 {
                    return None;
                }
                let base = ["sll", "srl", "sra"].get((op3 - 0x25) as usize)?;
                let mn = if x {
                    format!("{base}x")
                } else {
                    (*base).to_owned()
                };
                let b = if w.i() {
                    let (cnt, reserved) = if x {
                        (w.0 & 63, (w.0 >> 6) & 0x3f)
                    } else {
                        (w.0 & 31, (w.0 >> 5) & 0x7f)
                    };
                    if reserved != 0 {
                        return None;
                    }
                    imm(i64::from(cnt))
                } else {
                    if (w.0 >> 5) & 0x7f != 0 {
                        return None;
                    }
                    reg(rs2)
                };
                Some(Dec::new(mn, vec![reg(rs1), b, reg(rd)]))
            }
            0x28 => {
                if rs1 == 15 && rd == 0 && v9 && w.i() {
                    if w.0 & 0x1f80 != 0 {
                        return None;
                    }
                    return Some(Dec::new("membar", vec![membar(w.0 & 0x7f)]));
                }
                if rs1 == 15 && rd == 0 && !w.i() {
                    return Some(Dec::new("stbar", vec![]));
                }
                if w.0 & 0x3fff != 0 {
                    return None;
                }
                let sr = match rs1 {
                    0 => "%y".to_owned(),
                    2 if v9 => "%ccr".to_owned(),
                    3 if v9 => "%asi".to_owned(),
                    4 if v9 => "%tick".to_owned(),
                    5 if v9 => "%pc".to_owned(),
                    6 if v9 => "%fprs".to_owned(),
                    16..=23 if v9 => format!("%{}", ASR.get((rs1 - 16) as usize)?),
                    _ => format!("%asr{rs1}"),
                };
                Some(Dec::new("rd", vec![sr, reg(rd)]))
            }
            0x2a if v9 => {
                if w.0 & 0x3fff != 0 {
                    return None;
                }
                let pr = match rs1 {
                    31 => "ver",
                    23 => "pmcdper",
                    0..=16 => PRIV.get(rs1 as usize)?,
                    _ => "reserved",
                };
                Some(Dec::new("rdpr", vec![format!("%{pr}"), reg(rd)]))
            }
            0x2b if v9 => {
                if rd != 0 || w.0 & 0x7ffff != 0 {
                    return None;
                }
                Some(Dec::new("flushw", vec![]))
            }
            0x2c if v9 => {
                let cc2 = w.0 & (1 << 18) != 0;
                let cc = (w.0 >> 11) & 3;
                let cond = ((w.0 >> 14) & 15) as usize;
                let (ccs, cname) = if cc2 {
                    let c = if cc & 2 != 0 { "%xcc" } else { "%icc" };
                    (c.to_owned(), ICOND.get(cond)?)
                } else {
                    (format!("%fcc{cc}"), FCOND.get(cond)?)
                };
                let b = if w.i() { imm(w.simm(11)) } else { reg(rs2) };
                Some(Dec::new(format!("mov{cname}"), vec![ccs, b, reg(rd)]))
            }
            0x2d if v9 => three("sdivx"),
            0x2e if v9 => {
                if rs1 != 0 {
                    return None;
                }
                Some(Dec::new("popc", vec![src2(w), reg(rd)]))
            }
            0x2f if v9 => {
                let rc = RCOND.get(((w.0 >> 10) & 7) as usize).copied().flatten()?;
                let rc = if rc == "z" {
                    "e"
                } else if rc == "nz" {
                    "ne"
                } else {
                    rc
                };
                let b = if w.i() { imm(w.simm(10)) } else { reg(rs2) };
                Some(Dec::new(format!("movr{rc}"), vec![reg(rs1), b, reg(rd)]))
            }
            0x30 => {
                if !w.i() && (w.0 >> 5) & 0xff != 0 {
                    return None;
                }
                let named = match rd {
                    2 if v9 => Some("%ccr".to_owned()),
                    3 if v9 => Some("%asi".to_owned()),
                    6 if v9 => Some("%fprs".to_owned()),
                    15 if v9 && rs1 == 0 && w.i() => {
                        return Some(Dec::new("sir", vec![imm(w.simm13())]));
                    }
                    16..=23 if v9 => Some(format!("%{}", ASR.get((rd - 16) as usize)?)),
                    _ => None,
                };
                if let Some(sr) = named {
                    return Some(Dec::new("wr", vec![reg(rs1), src2(w), sr]));
                }
                // %y and unnamed %asrN take GNU's short forms.
                let sr = if rd == 0 {
                    "%y".to_owned()
                } else {
                    format!("%asr{rd}")
                };
                let zero2 = if w.i() { w.simm13() == 0 } else { rs2 == 0 };
                let ops = if zero2 {
                    vec![reg(rs1), sr]
                } else if rs1 == 0 {
                    vec![src2(w), sr]
                } else {
                    vec![reg(rs1), src2(w), sr]
                };
                Some(Dec::new("wr", ops))
            }
            0x31 | 0x3e if v9 && w.0 & 0x7ffff != 0 => None,
            0x31 if v9 => match rd {
                0 => Some(Dec::new("saved", vec![])),
                1 => Some(Dec::new("restored", vec![])),
                _ => None,
            },
            0x32 if v9 => {
                let pr = match rd {
                    0..=16 => PRIV.get(rd as usize)?,
                    _ => return None,
                };
                Some(Dec::new("wrpr", vec![reg(rs1), src2(w), format!("%{pr}")]))
            }
            0x34 => fpop1(w),
            0x35 => fpop2(w, v9),
            0x36 if v9 => vis(w),
            0x38 => {
                let (a, plus) = address(w);
                let mut d = match rd {
                    0 if w.i() && w.simm13() == 8 && rs1 == 31 => {
                        let mut d = Dec::new("ret", vec![]);
                        d.flow = Flow::Return;
                        return Some(d);
                    }
                    0 if w.i() && w.simm13() == 8 && rs1 == 15 => {
                        let mut d = Dec::new("retl", vec![]);
                        d.flow = Flow::Return;
                        return Some(d);
                    }
                    0 => {
                        let mut d = Dec::new("jmp", vec![a]);
                        d.flow = Flow::Jump;
                        d
                    }
                    15 => {
                        let mut d = Dec::new("call", vec![a]);
                        d.flow = Flow::Call;
                        d
                    }
                    _ => {
                        let mut d = Dec::new("jmpl", vec![a, reg(rd)]);
                        d.flow = Flow::Call;
                        d
                    }
                };
                if plus {
                    d.combine = 1;
                }
                Some(d)
            }
            0x39 if v9 => {
                let (a, plus) = address(w);
                let mut d = Dec::new("return", vec![a]);
                d.flow = Flow::Return;
                d.combine = u8::from(plus);
                Some(d)
            }
            0x3a => {
                let cond = ((rd) & 15) as usize;
                let name = format!("t{}", ICOND.get(cond)?);
                let mut ops = Vec::new();
                if v9 && w.0 & (1 << 12) != 0 {
                    ops.push("%xcc".to_owned());
                }
                let a = if w.i() {
                    let v = i64::from(w.0 & 0xff);
                    if rs1 == 0 {
                        imm(v)
                    } else if v == 0 {
                        reg(rs1)
                    } else {
                        format!("{} + {}", reg(rs1), imm(v))
                    }
                } else if rs2 == 0 {
                    reg(rs1)
                } else {
                    format!("{} + {}", reg(rs1), reg(rs2))
                };
                ops.push(a);
                let mut d = Dec::new(name, ops);
                d.flow = if cond == 0 { Flow::Other } else { Flow::Trap };
                Some(d)
            }
            0x3b => {
                let (a, plus) = address(w);
                let a = if v9 { format!("[ {a} ]") } else { a };
                let mut d = Dec::new("flush", vec![a]);
                d.combine = u8::from(plus);
                Some(d)
            }
            0x3c | 0x3d => {
                let mn = if op3 == 0x3c { "save" } else { "restore" };
                let zero = rd == 0 && rs1 == 0 && if w.i() { w.simm13() == 0 } else { rs2 == 0 };
                if zero {
                    return Some(Dec::new(mn, vec![]));
                }
                Some(Dec::new(mn, vec![reg(rs1), src2(w), reg(rd)]))
            }
            0x3e if v9 => match rd {
                0 => Some(Dec::new("done", vec![])),
                1 => Some(Dec::new("retry", vec![])),
                _ => None,
            },
            _ => None,
        }
    }

    /// The integer ALU group with GNU's synthetic names.
    fn alu(&self, w: W, name: &str, three: impl Fn(&str) -> Option<Dec>) -> Option<Dec> {
        let (rd, rs1, rs2, i) = (w.rd(), w.rs1(), w.rs2(), w.i());
        let op3 = w.op3();
        let v = w.simm13();
        let with = |mn: &str, ops: Vec<String>, combine: u8| {
            let mut d = Dec::new(mn, ops);
            d.combine = combine;
            Some(d)
        };
        match op3 {
            // or
            0x02 => {
                let c = if i { 2 } else { 0 };
                if rs1 == 0 && i && v == 0 {
                    return with("clr", vec![reg(rd)], c);
                }
                if !i && rs2 == 0 {
                    return with("mov", vec![reg(rs1), reg(rd)], c);
                }
                if rs1 == 0 {
                    return with("mov", vec![src2(w), reg(rd)], c);
                }
                if if i { v == 0 } else { rs2 == 0 } {
                    return with("mov", vec![reg(rs1), reg(rd)], c);
                }
                three(name)
            }
            // add, addcc, sub, subcc: inc/dec forms
            0x00 | 0x10 | 0x04 | 0x14 if i && v == 1 && rs1 == rd => {
                let mn = match op3 {
                    0x00 => "inc",
                    0x10 => "inccc",
                    0x04 => "dec",
                    _ => "deccc",
                };
                if op3 == 0x14 && rd == 0 {
                    return Some(Dec::new("cmp", vec![reg(rs1), imm(v)]));
                }
                Some(Dec::new(mn, vec![reg(rd)]))
            }
            0x14 if rd == 0 => Some(Dec::new("cmp", vec![reg(rs1), src2(w)])),
            0x11 if rd == 0 && i => Some(Dec::new("btst", vec![src2(w), reg(rs1)])),
            0x11 if rd == 0 => Some(Dec::new("btst", vec![reg(rs1), reg(rs2)])),
            0x12 if rd == 0 && !i && rs2 == 0 => Some(Dec::new("tst", vec![reg(rs1)])),
            0x12 if rd == 0 && !i && rs1 == 0 => Some(Dec::new("tst", vec![reg(rs2)])),
            0x12 if rd == 0 && i && v == 0 => Some(Dec::new("tst", vec![reg(rs1)])),
            0x04 if rs1 == 0 && !i => {
                if rs2 == rd {
                    Some(Dec::new("neg", vec![reg(rd)]))
                } else {
                    Some(Dec::new("neg", vec![reg(rs2), reg(rd)]))
                }
            }
            _ => three(name),
        }
    }

    /// Format 3, op = 3: loads, stores, atomics, prefetch.
    fn mem(&self, w: W) -> Option<Dec> {
        let op3 = w.op3();
        let rd = w.rd();
        let v9 = self.v9;
        let alternate = op3 & 0x10 != 0 && (v9 || op3 < 0x20);
        let lenient = matches!(op3, 0x00 | 0x20 | 0x2d) || (!v9 && op3 == 0x30);
        if !w.i() && !alternate && w.asi() != 0 && !lenient {
            return None;
        }
        let (a, plus) = address(w);
        let mut m = format!("[ {a} ]");
        if alternate {
            // Alternate space.
            if w.i() {
                if !v9 {
                    return None;
                }
                m.push_str(" %asi");
            } else {
                match ASI.iter().find(|(v, _)| *v == w.asi()) {
                    Some((_, n)) => {
                        m.push(' ');
                        m.push_str(n);
                    }
                    None => {
                        let _ = write!(m, " ({})", w.asi());
                    }
                }
            }
        }
        let combine = u8::from(plus);
        let ld = |mn: &str, r: String| {
            let mut d = Dec::new(mn, vec![m.clone(), r]);
            d.combine = combine;
            Some(d)
        };
        let st = |mn: &str, r: String| {
            let mut d = Dec::new(mn, vec![r, m.clone()]);
            d.combine = combine;
            Some(d)
        };
        let clr = |mn: &str| {
            let mut d = Dec::new(mn, vec![m.clone()]);
            d.combine = combine;
            Some(d)
        };
        let r = reg(rd);
        match op3 {
            0x00 => ld("ld", r),
            0x01 => ld("ldub", r),
            0x02 => ld("lduh", r),
            0x03 if v9 => ld("ldtw", r),
            0x03 => ld("ldd", r),
            0x04 if rd == 0 => clr("clr"),
            0x04 => st("st", r),
            0x05 if rd == 0 => clr("clrb"),
            0x05 => st("stb", r),
            0x06 if rd == 0 => clr("clrh"),
            0x06 => st("sth", r),
            0x07 if v9 => st("sttw", r),
            0x07 => st("std", r),
            0x08 if v9 => ld("ldsw", r),
            0x09 => ld("ldsb", r),
            0x0a => ld("ldsh", r),
            0x0b if v9 => ld("ldx", r),
            0x0d => ld("ldstub", r),
            0x0e if v9 && rd == 0 => clr("clrx"),
            0x0e if v9 => st("stx", r),
            0x0f => ld("swap", r),
            0x10 => ld("lda", r),
            0x11 => ld("lduba", r),
            0x12 => ld("lduha", r),
            0x13 if v9 => ld("ldtwa", r),
            0x13 => ld("ldda", r),
            0x14 => st("sta", r),
            0x15 => st("stba", r),
            0x16 => st("stha", r),
            0x17 if v9 => st("sttwa", r),
            0x17 => st("stda", r),
            0x18 if v9 => ld("ldswa", r),
            0x19 => ld("ldsba", r),
            0x1a => ld("ldsha", r),
            0x1b if v9 => ld("ldxa", r),
            0x1d => ld("ldstuba", r),
            0x1e if v9 => st("stxa", r),
            0x1f => ld("swapa", r),
            0x20 => ld("ld", fs(rd)),
            0x21 => match rd {
                0 => ld("ld", "%fsr".to_owned()),
                1 if v9 => ld("ldx", "%fsr".to_owned()),
                _ => None,
            },
            0x22 if v9 => ld("ldq", fd(rd)),
            0x23 => ld("ldd", fd(rd)),
            0x24 => st("st", fs(rd)),
            0x25 => match rd {
                0 => st("st", "%fsr".to_owned()),
                1 if v9 => st("stx", "%fsr".to_owned()),
                _ => None,
            },
            0x26 if v9 => st("stq", fd(rd)),
            0x26 => st("std", "%fq".to_owned()),
            0x27 => st("std", fd(rd)),
            0x2d if v9 => {
                let f = PREFETCH
                    .iter()
                    .find(|(v, _)| *v == rd)
                    .map_or_else(|| format!("{rd}"), |(_, n)| (*n).to_owned());
                ld("prefetch", f)
            }
            0x30 if !v9 => ld("ld", format!("%c{rd}")),
            0x31 if !v9 => ld("ld", "%csr".to_owned()),
            0x33 if !v9 => ld("ldd", format!("%c{rd}")),
            0x34 if !v9 => st("st", format!("%c{rd}")),
            0x35 if !v9 => st("st", "%csr".to_owned()),
            0x36 if !v9 => st("std", "%cq".to_owned()),
            0x37 if !v9 => st("std", format!("%c{rd}")),
            0x30 if v9 => ld("lda", fs(rd)),
            0x32 if v9 => ld("ldqa", fd(rd)),
            0x33 if v9 => ld("ldda", fd(rd)),
            0x34 if v9 => st("sta", fs(rd)),
            0x37 if v9 => st("stda", fd(rd)),
            0x3c | 0x3e if v9 => {
                let x = if op3 == 0x3e { "x" } else { "" };
                let rs1 = reg(w.rs1());
                if w.i() {
                    let mut d = Dec::new(
                        format!("cas{x}a"),
                        vec![format!("[ {rs1} ] %asi"), reg(w.rs2()), r],
                    );
                    d.combine = 0;
                    return Some(d);
                }
                let asi = w.asi();
                let (mn, mem) = match asi {
                    0x80 => (format!("cas{x}"), format!("[ {rs1} ]")),
                    0x88 => (format!("cas{x}l"), format!("[ {rs1} ]")),
                    _ => {
                        let n = ASI
                            .iter()
                            .find(|(v, _)| *v == asi)
                            .map_or_else(|| format!("({asi})"), |(_, n)| (*n).to_owned());
                        (format!("cas{x}a"), format!("[ {rs1} ] {n}"))
                    }
                };
                Some(Dec::new(mn, vec![mem, reg(w.rs2()), r]))
            }
            0x3d if v9 => {
                let f = PREFETCH
                    .iter()
                    .find(|(v, _)| *v == rd)
                    .map_or_else(|| format!("{rd}"), |(_, n)| (*n).to_owned());
                ld("prefetcha", f)
            }
            _ => None,
        }
    }
}

/// `membar` mask names, GNU's order (high bit first).
fn membar(mask: u32) -> String {
    if mask == 0 {
        return "0".to_owned();
    }
    let names = [
        (0x40, "#Sync"),
        (0x20, "#MemIssue"),
        (0x10, "#Lookaside"),
        (0x08, "#StoreStore"),
        (0x04, "#LoadStore"),
        (0x02, "#StoreLoad"),
        (0x01, "#LoadLoad"),
    ];
    let v: Vec<&str> = names
        .iter()
        .filter(|(b, _)| mask & b != 0)
        .map(|(_, n)| *n)
        .collect();
    v.join("|")
}

/// Register printer by precision letter.
fn freg(kind: u8, r: u32) -> String {
    if kind == b's' {
        fs(r)
    } else {
        fd(r)
    }
}

/// FPop1: moves, arithmetic, conversions.
fn fpop1(w: W) -> Option<Dec> {
    let opf = w.opf();
    let (rd, rs1, rs2) = (w.rd(), w.rs1(), w.rs2());
    let two = |mn: &str, src: u8, dst: u8| {
        if rs1 != 0 {
            return None;
        }
        Some(Dec::new(mn, vec![freg(src, rs2), freg(dst, rd)]))
    };
    let three = |mn: &str, k: u8| Some(Dec::new(mn, vec![freg(k, rs1), freg(k, rs2), freg(k, rd)]));
    match opf {
        0x01 => two("fmovs", b's', b's'),
        0x02 => two("fmovd", b'd', b'd'),
        0x03 => two("fmovq", b'd', b'd'),
        0x05 => two("fnegs", b's', b's'),
        0x06 => two("fnegd", b'd', b'd'),
        0x07 => two("fnegq", b'd', b'd'),
        0x09 => two("fabss", b's', b's'),
        0x0a => two("fabsd", b'd', b'd'),
        0x0b => two("fabsq", b'd', b'd'),
        0x29 => two("fsqrts", b's', b's'),
        0x2a => two("fsqrtd", b'd', b'd'),
        0x2b => two("fsqrtq", b'd', b'd'),
        0x41 => three("fadds", b's'),
        0x42 => three("faddd", b'd'),
        0x43 => three("faddq", b'd'),
        0x45 => three("fsubs", b's'),
        0x46 => three("fsubd", b'd'),
        0x47 => three("fsubq", b'd'),
        0x49 => three("fmuls", b's'),
        0x4a => three("fmuld", b'd'),
        0x4b => three("fmulq", b'd'),
        0x4d => three("fdivs", b's'),
        0x4e => three("fdivd", b'd'),
        0x4f => three("fdivq", b'd'),
        0x69 => Some(Dec::new("fsmuld", vec![fs(rs1), fs(rs2), fd(rd)])),
        0x6e => Some(Dec::new("fdmulq", vec![fd(rs1), fd(rs2), fd(rd)])),
        0x81 => two("fstox", b's', b'd'),
        0x82 => two("fdtox", b'd', b'd'),
        0x83 => two("fqtox", b'd', b'd'),
        0x84 => two("fxtos", b'd', b's'),
        0x88 => two("fxtod", b'd', b'd'),
        0x8c => two("fxtoq", b'd', b'd'),
        0xc4 => two("fitos", b's', b's'),
        0xc6 => two("fdtos", b'd', b's'),
        0xc7 => two("fqtos", b'd', b's'),
        0xc8 => two("fitod", b's', b'd'),
        0xc9 => two("fstod", b's', b'd'),
        0xcb => two("fqtod", b'd', b'd'),
        0xcc => two("fitoq", b's', b'd'),
        0xcd => two("fstoq", b's', b'd'),
        0xce => two("fdtoq", b'd', b'd'),
        0xd1 => two("fstoi", b's', b's'),
        0xd2 => two("fdtoi", b'd', b's'),
        0xd3 => two("fqtoi", b'd', b's'),
        _ => None,
    }
}

/// FPop2: compares and conditional moves.
fn fpop2(w: W, v9: bool) -> Option<Dec> {
    let opf = w.opf();
    let (rd, rs1, rs2) = (w.rd(), w.rs1(), w.rs2());
    let kind = |k: u32| match k {
        1 => Some((b's', 's')),
        2 => Some((b'd', 'd')),
        3 => Some((b'd', 'q')),
        _ => None,
    };
    if (0x51..=0x57).contains(&opf) && opf != 0x54 {
        let (k, c) = kind(opf & 3)?;
        let e = if opf & 4 != 0 { "e" } else { "" };
        if rd & 0x1c != 0 {
            return None;
        }
        let mut ops = Vec::new();
        if rd & 3 != 0 {
            if !v9 {
                return None;
            }
            ops.push(format!("%fcc{}", rd & 3));
        }
        ops.push(freg(k, rs1));
        ops.push(freg(k, rs2));
        return Some(Dec::new(format!("fcmp{e}{c}"), ops));
    }
    if !v9 {
        return None;
    }
    // FMOVr: opf = 0 rcond(3) 0 0 1 x x.
    if (5..=7).contains(&(opf & 0x1f)) && opf & 0x100 == 0 {
        let (k, c) = kind((opf & 0x1f) - 4)?;
        let rc = RCOND.get(((opf >> 5) & 7) as usize).copied().flatten()?;
        let rc = if rc == "z" {
            "e"
        } else if rc == "nz" {
            "ne"
        } else {
            rc
        };
        return Some(Dec::new(
            format!("fmovr{c}{rc}"),
            vec![reg(rs1), freg(k, rs2), freg(k, rd)],
        ));
    }
    // FMOVcc: opf = 0 opf_cc(3) 0 0 0 x x, rs1 holds the condition.
    if opf & 0x3c == 0 && opf & 3 != 0 && rs1 & 0x10 == 0 {
        let (k, c) = kind(opf & 3)?;
        let cc = (opf >> 6) & 7;
        let cond = (rs1 & 15) as usize;
        let (ccs, cn) = match cc {
            0..=3 => (format!("%fcc{cc}"), FCOND.get(cond)?),
            4 => ("%icc".to_owned(), ICOND.get(cond)?),
            6 => ("%xcc".to_owned(), ICOND.get(cond)?),
            _ => return None,
        };
        return Some(Dec::new(
            format!("fmov{c}{cn}"),
            vec![ccs, freg(k, rs2), freg(k, rd)],
        ));
    }
    None
}

/// VIS 1 (IMPDEP1) instructions GNU knows for `sparc:v9a`.
fn vis(w: W) -> Option<Dec> {
    let opf = w.opf();
    let (rd, rs1, rs2) = (w.rd(), w.rs1(), w.rs2());
    let d3 = |mn: &str| Some(Dec::new(mn, vec![fd(rs1), fd(rs2), fd(rd)]));
    let s3 = |mn: &str| Some(Dec::new(mn, vec![fs(rs1), fs(rs2), fs(rd)]));
    let r3 = |mn: &str| Some(Dec::new(mn, vec![reg(rs1), reg(rs2), reg(rd)]));
    match opf {
        0x000 => r3("edge8"),
        0x002 => r3("edge8l"),
        0x004 => r3("edge16"),
        0x006 => r3("edge16l"),
        0x008 => r3("edge32"),
        0x00a => r3("edge32l"),
        0x010 => r3("array8"),
        0x012 => r3("array16"),
        0x014 => r3("array32"),
        0x018 => r3("alignaddr"),
        0x01a => r3("alignaddrl"),
        0x020 | 0x022 | 0x024 | 0x026 | 0x028 | 0x02a | 0x02c | 0x02e => {
            let n = [
                "fcmple16", "fcmpne16", "fcmple32", "fcmpne32", "fcmpgt16", "fcmpeq16", "fcmpgt32",
                "fcmpeq32",
            ]
            .get(((opf - 0x20) / 2) as usize)?;
            Some(Dec::new(*n, vec![fd(rs1), fd(rs2), reg(rd)]))
        }
        0x031 => Some(Dec::new("fmul8x16", vec![fs(rs1), fd(rs2), fd(rd)])),
        0x033 => Some(Dec::new("fmul8x16au", vec![fs(rs1), fs(rs2), fd(rd)])),
        0x035 => Some(Dec::new("fmul8x16al", vec![fs(rs1), fs(rs2), fd(rd)])),
        0x036 => d3("fmul8sux16"),
        0x037 => d3("fmul8ulx16"),
        0x038 => Some(Dec::new("fmuld8sux16", vec![fs(rs1), fs(rs2), fd(rd)])),
        0x039 => Some(Dec::new("fmuld8ulx16", vec![fs(rs1), fs(rs2), fd(rd)])),
        0x03a => Some(Dec::new("fpack32", vec![fd(rs1), fd(rs2), fd(rd)])),
        0x03b if rs1 == 0 => Some(Dec::new("fpack16", vec![fd(rs2), fs(rd)])),
        0x03d if rs1 == 0 => Some(Dec::new("fpackfix", vec![fd(rs2), fs(rd)])),
        0x03e => d3("pdist"),
        0x048 => d3("faligndata"),
        0x04b => Some(Dec::new("fpmerge", vec![fs(rs1), fs(rs2), fd(rd)])),
        0x04d if rs1 == 0 => Some(Dec::new("fexpand", vec![fs(rs2), fd(rd)])),
        0x050 => d3("fpadd16"),
        0x051 => s3("fpadd16s"),
        0x052 => d3("fpadd32"),
        0x053 => s3("fpadd32s"),
        0x054 => d3("fpsub16"),
        0x055 => s3("fpsub16s"),
        0x056 => d3("fpsub32"),
        0x057 => s3("fpsub32s"),
        0x060 | 0x07e if rs1 == 0 && rs2 == 0 => Some(Dec::new(
            if opf == 0x60 { "fzerod" } else { "foned" },
            vec![fd(rd)],
        )),
        0x061 | 0x07f if rs1 == 0 && rs2 == 0 => Some(Dec::new(
            if opf == 0x61 { "fzeros" } else { "fones" },
            vec![fs(rd)],
        )),
        0x066 | 0x078 if rs1 == 0 => Some(Dec::new(
            if opf == 0x66 { "fnot2d" } else { "fsrc2d" },
            vec![fd(rs2), fd(rd)],
        )),
        0x067 | 0x079 if rs1 == 0 => Some(Dec::new(
            if opf == 0x67 { "fnot2s" } else { "fsrc2s" },
            vec![fs(rs2), fs(rd)],
        )),
        0x06a | 0x074 if rs2 == 0 => Some(Dec::new(
            if opf == 0x6a { "fnot1d" } else { "fsrc1d" },
            vec![fd(rs1), fd(rd)],
        )),
        0x06b | 0x075 if rs2 == 0 => Some(Dec::new(
            if opf == 0x6b { "fnot1s" } else { "fsrc1s" },
            vec![fs(rs1), fs(rd)],
        )),
        0x062..=0x07d => {
            let k = opf - 0x62;
            let base = [
                "fnor", "fandnot2", "", "fandnot1", "", "fxor", "fnand", "fand", "fxnor", "",
                "fornot2", "", "fornot1", "for",
            ]
            .get((k / 2) as usize)?;
            if base.is_empty() {
                return None;
            }
            if k % 2 == 0 {
                d3(&format!("{base}d"))
            } else {
                s3(&format!("{base}s"))
            }
        }
        0x080 if rd == 0 && rs1 == 0 && rs2 == 0 => Some(Dec::new("shutdown", vec![])),
        _ => None,
    }
}

/// The value a `sethi` in the previous instruction (or the one before a delayed branch)
/// put in `rs1`, combined with this instruction's immediate as objdump's comment does.
fn sethi_value(w: W, addr: u64, prev: [Option<(u64, u32)>; 2], how: u8) -> Option<u64> {
    let at = |a: u64| {
        prev.iter()
            .flatten()
            .find(|(pa, _)| *pa == a)
            .map(|(_, pw)| *pw)
    };
    let mut p = at(addr.checked_sub(4)?)?;
    if is_delayed(p) {
        p = at(addr.checked_sub(8)?)?;
    }
    if p & 0xc1c0_0000 != 0x0100_0000 || W(p).rd() != w.rs1() {
        return None;
    }
    let hi = u64::from((p & 0x3f_ffff) << 10);
    let lo = w.simm13() as u64;
    Some(if how == 2 {
        hi | lo
    } else {
        hi.wrapping_add(lo)
    })
}

/// Whether a word is a delayed control transfer (call, jmpl, return, any branch).
fn is_delayed(w: u32) -> bool {
    match w >> 30 {
        1 => true,
        0 => matches!((w >> 22) & 7, 1 | 2 | 3 | 5 | 6 | 7),
        2 => (w >> 19) & 0x3f == 0x38,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::{Disassembler, Flow};

    fn one(w: u32, addr: u64) -> (String, Flow, Option<u64>) {
        let dis = Disassembler::new(Arch::SPARC64);
        let b = w.to_be_bytes();
        let i = dis.iter(&b, addr).next().unwrap();
        (i.text, i.flow, i.target)
    }

    #[test]
    fn flow_and_targets() {
        // call +0x40
        assert_eq!(
            one(0x4000_0010, 0x1000),
            ("call  1040".to_owned(), Flow::Call, Some(0x1040))
        );
        // ret; retl
        assert_eq!(one(0x81c7_e008, 0).1, Flow::Return);
        assert_eq!(
            one(0x81c3_e008, 0),
            ("retl ".to_owned(), Flow::Return, None)
        );
        // be,pn %icc, -8
        let (t, f, tg) = one(0x0240_0000 | 0x7fffe, 0x2000);
        assert_eq!(
            (t.as_str(), f, tg),
            ("be,pn   %icc, 1ff8", Flow::CondJump, Some(0x1ff8))
        );
        // b,a %xcc, +8
        let (t, f, _) = one(0x3068_0002, 0x2000);
        assert_eq!((t.as_str(), f), ("b,a   %xcc, 2008", Flow::Jump));
        // ta 0x6d
        assert_eq!(one(0x91d0_206d, 0).0, "ta  0x6d");
        assert_eq!(one(0x91d0_206d, 0).1, Flow::Trap);
        // unknown word
        assert_eq!(one(0xffff_ffff, 0).1, Flow::Invalid);
    }

    #[test]
    fn v8_names() {
        let dis = Disassembler::new(Arch::SPARC);
        let words: [u32; 4] = [0x9040_4009, 0x0000_0010, 0x7fff_ffff, 0xc3a0_a010];
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
        let t: Vec<String> = dis.iter(&bytes, 0x10).map(|i| i.text).collect();
        assert_eq!(
            t,
            [
                "addx  %g1, %o1, %o0",
                "unimp  0x10",
                "call  14",
                "st  %c1, [ %g2 + 0x10 ]"
            ]
        );
    }

    #[test]
    fn sethi_comment() {
        // sethi %hi(0x12345400), %g1; or %g1, 0x67, %g1 → `! 12345467`;
        // sethi %hi(0x1000), %o0; call; add %o0, 4, %o0 (delay slot) → `! 1004`.
        let words: [u32; 5] = [
            0x0304_8d15,
            0x8210_6067,
            0x1100_0004,
            0x4000_0010,
            0x9002_2004,
        ];
        let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_be_bytes()).collect();
        let dis = Disassembler::new(Arch::SPARC64);
        let t: Vec<String> = dis.iter(&bytes, 0x1000).map(|i| i.text).collect();
        assert_eq!(
            t,
            [
                "sethi  %hi(0x12345400), %g1",
                "or  %g1, 0x67, %g1\t! 12345467",
                "sethi  %hi(0x1000), %o0",
                "call  104c",
                "add  %o0, 4, %o0\t! 1004",
            ]
        );
        // Decoded alone, without the sethi before it: no comment.
        let dis = Disassembler::new(Arch::SPARC64);
        let i = dis.iter(&bytes[4..8], 0x1004).next().unwrap();
        assert_eq!(i.text, "or  %g1, 0x67, %g1");
    }
}
