//! 64-bit PowerPC (both byte orders) with GNU objdump 2.40's printing.
//!
//! The name and operands come from the word's fields for the integer, branch,
//! condition-register, load/store and scalar floating-point instructions, with GNU's extended mnemonics (`li`, `lis`, `mr`, `nop`,
//! `blr`, `beq cr7,…`, `bne-`, `sldi`, `clrldi`, `cmpwi`, `mflr`, …). The mnemonic is padded
//! to 8 columns as GNU does. Words outside that set print as `.long 0x…` (vector and VSX
//! instructions are not printed yet).
//!
//! capstone is not used here: capstone 5's PowerPC printer, which `cs_disasm` always runs,
//! reads out of bounds and crashes the process on some words (e.g. `0x7c0a071d`, found on
//! the first run over a ppc64 libc), and a malformed file must never crash us.

use std::fmt;
use std::fmt::Write as _;

use crate::{Arch, Endian, Flow, Insn, Machine, Resolver};

/// A PowerPC decoder/printer.
pub(crate) struct Ppc {
    big: bool,
    /// 32-bit PowerPC (`powerpc:common`): GNU's older branch-hint dialect.
    ppc32: bool,
    /// `-M raw`: base instructions, no extended mnemonics.
    raw: bool,
}

impl fmt::Debug for Ppc {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Ppc").field("big", &self.big).finish()
    }
}

/// An operand.
#[derive(Clone, PartialEq)]
pub(crate) enum Op {
    /// General register `rN`.
    R(u32),
    /// FP register `fN`.
    F(u32),
    /// Condition register field `crN`.
    Cr(u32),
    /// rA of an indexed form: `0` for register 0.
    Ra0(u32),
    /// Vector register `vN`.
    V(u32),
    /// VSX register `vsN`.
    Vs(u32),
    /// Decimal immediate.
    Imm(i64),
    /// `d(rA)`; rA 0 prints as `0`.
    Mem(i64, u32),
    /// Branch target.
    Target(u64),
    /// Printed as is.
    Text(String),
}

impl Ppc {
    pub(crate) fn new(arch: Arch) -> Ppc {
        Ppc {
            big: arch.endian == Endian::Big,
            ppc32: arch.machine == Machine::Ppc32,
            raw: arch.no_aliases,
        }
    }

    pub(crate) fn decode<'a>(&self, bytes: &'a [u8], addr: u64, res: &dyn Resolver) -> Insn<'a> {
        let raw = bytes.get(..4).unwrap_or(bytes);
        let w = crate::word32(raw, self.big);
        if raw.len() < 4 {
            let list: Vec<String> = raw.iter().map(|b| format!("0x{b:02x}")).collect();
            return Insn::new(
                addr,
                raw,
                Flow::Invalid,
                None,
                format!(".byte {}", list.join(",")),
            );
        }
        let Some((mn, ops)) = decode_word(w, addr, self.ppc32) else {
            return Insn::new(addr, raw, Flow::Invalid, None, format!(".long 0x{w:x}"));
        };
        let (mut flow, mut target) = flow(&mn, &ops, w);
        let (mn, ops) = match self.raw.then(|| crate::ppc_raw::raw(w, addr)).flatten() {
            Some(raw) => raw,
            None => (mn, ops),
        };
        if mn.starts_with(".long") {
            // A branch whose BO GNU's raw printing rejects.
            (flow, target) = (Flow::Invalid, None);
        }
        let mut s = mn.clone();
        for (k, o) in ops.iter().enumerate() {
            if k == 0 {
                let pad = 8usize.saturating_sub(mn.len()).max(1);
                s.extend(std::iter::repeat_n(' ', pad));
            } else {
                s.push(',');
            }
            match o {
                Op::R(r) => {
                    let _ = write!(s, "r{r}");
                }
                Op::F(r) => {
                    let _ = write!(s, "f{r}");
                }
                Op::Cr(r) => {
                    let _ = write!(s, "cr{r}");
                }
                Op::Ra0(0) => s.push('0'),
                Op::Ra0(r) => {
                    let _ = write!(s, "r{r}");
                }
                Op::V(r) => {
                    let _ = write!(s, "v{r}");
                }
                Op::Vs(r) => {
                    let _ = write!(s, "vs{r}");
                }
                Op::Imm(v) => {
                    let _ = write!(s, "{v}");
                }
                Op::Mem(d, 0) => {
                    let _ = write!(s, "{d}(0)");
                }
                Op::Mem(d, r) => {
                    let _ = write!(s, "{d}(r{r})");
                }
                Op::Target(t) => res.address(*t, &mut s),
                Op::Text(t) => s.push_str(t),
            }
        }
        Insn::new(addr, raw, flow, target, s)
    }
}

/// Condition names of the four bits of a CR field.
const CR_BIT: [&str; 4] = ["lt", "gt", "eq", "so"];

/// A CR bit operand as GNU prints it: `eq`, `4*cr7+so`.
pub(crate) fn cr_bit(b: u32) -> String {
    let name = CR_BIT.get((b & 3) as usize).copied().unwrap_or("?");
    if b >> 2 == 0 {
        name.to_owned()
    } else {
        format!("4*cr{}+{name}", b >> 2)
    }
}

fn decode_word(w: u32, addr: u64, ppc32: bool) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let rt = (w >> 21) & 31;
    let ra = (w >> 16) & 31;
    let simm = i64::from(w as u16 as i16);
    let uimm = i64::from(w & 0xffff);
    let rc = if w & 1 != 0 { "." } else { "" };
    let n = |s: &str| s.to_owned();
    let mem = |name: &str| Some((name.to_owned(), vec![R(rt), Mem(simm, ra)]));
    let fmem = |name: &str| Some((name.to_owned(), vec![F(rt), Mem(simm, ra)]));
    match w >> 26 {
        0 if w == 0x200 => Some((n("attn"), vec![])),
        2 | 3 => {
            let base = if w >> 26 == 3 { "tw" } else { "td" };
            Some(match trap_cond(rt) {
                Some(c) => (format!("{base}{c}i"), vec![R(ra), Imm(simm)]),
                None => (
                    format!("{base}i"),
                    vec![Imm(i64::from(rt)), R(ra), Imm(simm)],
                ),
            })
        }
        7 => Some((n("mulli"), vec![R(rt), R(ra), Imm(simm)])),
        8 => Some((n("subfic"), vec![R(rt), R(ra), Imm(simm)])),
        10 | 11 => {
            let bf = rt >> 2;
            let l = rt & 1;
            let name = match (w >> 26, l) {
                (10, 0) => "cmplwi",
                (10, _) => "cmpldi",
                (_, 0) => "cmpwi",
                _ => "cmpdi",
            };
            let imm = if w >> 26 == 10 { uimm } else { simm };
            let mut ops = Vec::new();
            if bf != 0 {
                ops.push(Cr(bf));
            }
            ops.push(R(ra));
            ops.push(Imm(imm));
            Some((n(name), ops))
        }
        12 => Some((n("addic"), vec![R(rt), R(ra), Imm(simm)])),
        13 => Some((n("addic."), vec![R(rt), R(ra), Imm(simm)])),
        14 if ra == 0 => Some((n("li"), vec![R(rt), Imm(simm)])),
        14 => Some((n("addi"), vec![R(rt), R(ra), Imm(simm)])),
        15 if ra == 0 => Some((n("lis"), vec![R(rt), Imm(simm)])),
        15 => Some((n("addis"), vec![R(rt), R(ra), Imm(simm)])),
        16 => {
            let bd = i64::from(((w & 0xfffc) as u16) as i16);
            let t = if w & 2 != 0 {
                bd as u64
            } else {
                addr.wrapping_add(bd as u64)
            };
            let lk = if w & 1 != 0 { "l" } else { "" };
            let aa = if w & 2 != 0 { "a" } else { "" };
            branch_cond(rt, ra, &format!("{lk}{aa}"), Some(Target(t)), ppc32)
        }
        17 => match w & 3 {
            2 => Some((n("sc"), vec![])),
            1 => Some((n("scv"), vec![Imm(i64::from((w >> 5) & 127))])),
            _ => None,
        },
        18 => {
            let li = (((w & 0x03ff_fffc) << 6) as i32 >> 6) as i64;
            let t = if w & 2 != 0 {
                li as u64
            } else {
                addr.wrapping_add(li as u64)
            };
            let name = match w & 3 {
                0 => "b",
                1 => "bl",
                2 => "ba",
                _ => "bla",
            };
            Some((n(name), vec![Target(t)]))
        }
        19 => xl_form(w, ppc32),
        20 | 21 | 23 => rotate_word(w),
        24 if w == 0x6000_0000 => Some((n("nop"), vec![])),
        24 => Some((n("ori"), vec![R(ra), R(rt), Imm(uimm)])),
        25 => Some((n("oris"), vec![R(ra), R(rt), Imm(uimm)])),
        26 => Some((n("xori"), vec![R(ra), R(rt), Imm(uimm)])),
        27 => Some((n("xoris"), vec![R(ra), R(rt), Imm(uimm)])),
        28 => Some((n("andi."), vec![R(ra), R(rt), Imm(uimm)])),
        29 => Some((n("andis."), vec![R(ra), R(rt), Imm(uimm)])),
        30 => rotate_dword(w),
        31 => x_form(w, rc),
        32 => mem("lwz"),
        33 => mem("lwzu"),
        34 => mem("lbz"),
        35 => mem("lbzu"),
        36 => mem("stw"),
        37 => mem("stwu"),
        38 => mem("stb"),
        39 => mem("stbu"),
        40 => mem("lhz"),
        41 => mem("lhzu"),
        42 => mem("lha"),
        43 => mem("lhau"),
        44 => mem("sth"),
        45 => mem("sthu"),
        46 => mem("lmw"),
        47 => mem("stmw"),
        48 => fmem("lfs"),
        49 => fmem("lfsu"),
        50 => fmem("lfd"),
        51 => fmem("lfdu"),
        52 => fmem("stfs"),
        53 => fmem("stfsu"),
        54 => fmem("stfd"),
        55 => fmem("stfdu"),
        58 | 62 => {
            let ds = i64::from(((w & 0xfffc) as u16) as i16);
            let name = match (w >> 26, w & 3) {
                (58, 0) => "ld",
                (58, 1) => "ldu",
                (58, 2) => "lwa",
                (62, 0) => "std",
                (62, 1) => "stdu",
                _ => return None,
            };
            Some((n(name), vec![R(rt), Mem(ds, ra)]))
        }
        59 | 63 => fp(w, rc),
        4 => vmx(w),
        60 => vsx(w),
        _ => None,
    }
}

/// The extended-mnemonic condition of a trap's TO field (`tweq`, `tdlgei`): where two
/// names share a value GNU prints the first of its table (`lge` before `lnl`).
fn trap_cond(to: u32) -> Option<&'static str> {
    Some(match to {
        1 => "lgt",
        2 => "llt",
        4 => "eq",
        5 => "lge",
        6 => "lle",
        8 => "gt",
        12 => "ge",
        16 => "lt",
        20 => "le",
        24 => "ne",
        31 => "u",
        _ => return None,
    })
}

/// A conditional branch (`bc`, `bclr`, `bcctr`) in GNU's extended spelling. `suffix` is the
/// `l`/`a` (or `lr`/`ctr` + `l`) part after the condition.
///
/// Hints: 64-bit PowerPC reads BO's two low bits as POWER4's `at` (`-` 0b10, `+` 0b11).
/// 32-bit PowerPC (`ppc32`) reads the low bit alone as the older `y` bit, which
/// GNU 2.40 (measured on a powerpc libc) shows as `+` on `bclr`/`bcctr` and not at all on
/// `bc` with a displacement.
fn branch_cond(
    bo: u32,
    bi: u32,
    suffix: &str,
    target: Option<Op>,
    ppc32: bool,
) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let hint = |at: u32| match at {
        2 => "-",
        3 => "+",
        _ => "",
    };
    let cond_of = |true_: bool| -> &str {
        match (bi & 3, true_) {
            (0, true) => "lt",
            (0, false) => "ge",
            (1, true) => "gt",
            (1, false) => "le",
            (2, true) => "eq",
            (2, false) => "ne",
            (3, true) => "so",
            _ => "ns",
        }
    };
    let mut ops = Vec::new();
    let name = match bo & 0b10100 {
        // Branch on a condition, CTR not used.
        0b00100 => {
            let at = bo & 3;
            let c = cond_of(bo & 8 != 0);
            if bi >> 2 != 0 {
                ops.push(Cr(bi >> 2));
            }
            let h = match (ppc32, at) {
                (true, 1) if target.is_none() => "+",
                (true, 1) => "",
                _ => hint(at),
            };
            format!("b{c}{suffix}{h}")
        }
        // Decrement CTR, no condition.
        0b10000 => {
            let z = if bo & 2 != 0 { "dz" } else { "dnz" };
            let at = ((bo >> 2) & 2) | (bo & 1);
            format!("b{z}{suffix}{}", hint(at))
        }
        // Branch always: GNU spells out `bc[l][a] 20,BI,…` when a (meaningless) BI is
        // given (`bcl 20,4*cr7+so,…`, the get-PC idiom of 32-bit PIC code).
        0b10100 if bi != 0 && target.is_some() => {
            ops.push(Imm(i64::from(bo)));
            ops.push(Text(cr_bit(bi)));
            format!("bc{suffix}")
        }
        0b10100 => format!("b{suffix}"),
        _ => {
            // Decrement CTR and test a condition: GNU's bdnzt/bdzf… spellings.
            let z = if bo & 2 != 0 { "dz" } else { "dnz" };
            let t = if bo & 8 != 0 { "t" } else { "f" };
            ops.push(Text(cr_bit(bi)));
            format!("b{z}{t}{suffix}")
        }
    };
    if let Some(t) = target {
        ops.push(t);
    }
    Some((name, ops))
}

fn xl_form(w: u32, ppc32: bool) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let bt = (w >> 21) & 31;
    let ba = (w >> 16) & 31;
    let bb = (w >> 11) & 31;
    let lk = w & 1 != 0;
    let n = |s: &str| s.to_owned();
    match (w >> 1) & 1023 {
        0 => Some((n("mcrf"), vec![Cr(bt >> 2), Cr(ba >> 2)])),
        16 | 528 => {
            let what = if (w >> 1) & 1023 == 16 { "lr" } else { "ctr" };
            let suffix = format!("{what}{}", if lk { "l" } else { "" });
            branch_cond(bt, ba, &suffix, None, ppc32)
        }
        150 => Some((n("isync"), vec![])),
        33 | 129 | 193 | 225 | 257 | 289 | 417 | 449 => {
            let name = match (w >> 1) & 1023 {
                33 => "crnor",
                129 => "crandc",
                193 => "crxor",
                225 => "crnand",
                257 => "crand",
                289 => "creqv",
                417 => "crorc",
                _ => "cror",
            };
            if name == "crxor" && bt == ba && ba == bb {
                return Some((n("crclr"), vec![Text(cr_bit(bt))]));
            }
            if name == "creqv" && bt == ba && ba == bb {
                return Some((n("crset"), vec![Text(cr_bit(bt))]));
            }
            if name == "cror" && ba == bb {
                return Some((n("crmove"), vec![Text(cr_bit(bt)), Text(cr_bit(ba))]));
            }
            if name == "crnor" && ba == bb {
                return Some((n("crnot"), vec![Text(cr_bit(bt)), Text(cr_bit(ba))]));
            }
            Some((
                n(name),
                vec![Text(cr_bit(bt)), Text(cr_bit(ba)), Text(cr_bit(bb))],
            ))
        }
        _ => None,
    }
}

/// rlwimi / rlwinm / rlwnm with GNU's extended forms.
fn rotate_word(w: u32) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let rs = (w >> 21) & 31;
    let ra = (w >> 16) & 31;
    let sh = (w >> 11) & 31;
    let mb = (w >> 6) & 31;
    let me = (w >> 1) & 31;
    let rc = if w & 1 != 0 { "." } else { "" };
    let imm = |v: u32| Imm(i64::from(v));
    let r = |name: &str, ops: Vec<Op>| Some((format!("{name}{rc}"), ops));
    match w >> 26 {
        20 => r("rlwimi", vec![R(ra), R(rs), imm(sh), imm(mb), imm(me)]),
        23 if mb == 0 && me == 31 => r("rotlw", vec![R(ra), R(rs), R(sh)]),
        23 => r("rlwnm", vec![R(ra), R(rs), R(sh), imm(mb), imm(me)]),
        _ => {
            if mb == 0 && me == 31 {
                r("rotlwi", vec![R(ra), R(rs), imm(sh)])
            } else if mb == 0 && me == 31 - sh {
                r("slwi", vec![R(ra), R(rs), imm(sh)])
            } else if me == 31 && sh != 0 && sh == 32 - mb {
                r("srwi", vec![R(ra), R(rs), imm(mb)])
            } else if sh == 0 && me == 31 {
                r("clrlwi", vec![R(ra), R(rs), imm(mb)])
            } else if sh == 0 && mb == 0 {
                r("clrrwi", vec![R(ra), R(rs), imm(31 - me)])
            } else {
                r("rlwinm", vec![R(ra), R(rs), imm(sh), imm(mb), imm(me)])
            }
        }
    }
}

/// rldicl / rldicr / rldic / rldimi / rldcl / rldcr with GNU's extended forms.
fn rotate_dword(w: u32) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let rs = (w >> 21) & 31;
    let ra = (w >> 16) & 31;
    let sh = ((w >> 11) & 31) | ((w & 2) << 4);
    let mb = ((w >> 6) & 31) | (w & 0x20);
    let rc = if w & 1 != 0 { "." } else { "" };
    let imm = |v: u32| Imm(i64::from(v));
    let r = |name: &str, ops: Vec<Op>| Some((format!("{name}{rc}"), ops));
    match (w >> 2) & 7 {
        0 => {
            if mb == 0 {
                r("rotldi", vec![R(ra), R(rs), imm(sh)])
            } else if sh == 0 {
                r("clrldi", vec![R(ra), R(rs), imm(mb)])
            } else if sh == 64 - mb {
                r("srdi", vec![R(ra), R(rs), imm(mb)])
            } else {
                r("rldicl", vec![R(ra), R(rs), imm(sh), imm(mb)])
            }
        }
        1 => {
            let me = mb;
            if me == 63 - sh {
                r("sldi", vec![R(ra), R(rs), imm(sh)])
            } else if sh == 0 {
                r("clrrdi", vec![R(ra), R(rs), imm(63 - me)])
            } else {
                r("rldicr", vec![R(ra), R(rs), imm(sh), imm(me)])
            }
        }
        2 => r("rldic", vec![R(ra), R(rs), imm(sh), imm(mb)]),
        3 => r("rldimi", vec![R(ra), R(rs), imm(sh), imm(mb)]),
        4 => {
            let rb = (w >> 11) & 31;
            match (w >> 1) & 15 {
                8 if mb == 0 => r("rotld", vec![R(ra), R(rs), R(rb)]),
                8 => r("rldcl", vec![R(ra), R(rs), R(rb), imm(mb)]),
                9 => r("rldcr", vec![R(ra), R(rs), R(rb), imm(mb)]),
                _ => None,
            }
        }
        _ => None,
    }
}

/// Opcode 31.
fn x_form(w: u32, rc: &str) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let rt = (w >> 21) & 31;
    let ra = (w >> 16) & 31;
    let rb = (w >> 11) & 31;
    let xo = (w >> 1) & 1023;
    let oe = if w & 0x400 != 0 { "o" } else { "" };
    let n = |s: &str| s.to_owned();
    // XO-form arithmetic (9-bit opcode, OE bit).
    let arith = match (w >> 1) & 511 {
        8 => Some(("subfc", 3)),
        9 => Some(("mulhdu", 3)),
        10 => Some(("addc", 3)),
        11 => Some(("mulhwu", 3)),
        40 => Some(("subf", 3)),
        73 => Some(("mulhd", 3)),
        75 => Some(("mulhw", 3)),
        104 => Some(("neg", 2)),
        136 => Some(("subfe", 3)),
        138 => Some(("adde", 3)),
        200 => Some(("subfze", 2)),
        202 => Some(("addze", 2)),
        232 => Some(("subfme", 2)),
        233 => Some(("mulld", 3)),
        234 => Some(("addme", 2)),
        235 => Some(("mullw", 3)),
        266 => Some(("add", 3)),
        457 => Some(("divdu", 3)),
        459 => Some(("divwu", 3)),
        489 => Some(("divd", 3)),
        491 => Some(("divw", 3)),
        _ => None,
    };
    if let Some((name, k)) = arith {
        let name = format!("{name}{oe}{rc}");
        return Some(if k == 3 {
            (name, vec![R(rt), R(ra), R(rb)])
        } else {
            (name, vec![R(rt), R(ra)])
        });
    }
    let idx = |name: &str| Some((name.to_owned(), vec![R(rt), Ra0(ra), R(rb)]));
    let vidx = |name: &str| Some((name.to_owned(), vec![V(rt), Ra0(ra), R(rb)]));
    let xt = rt | ((w & 1) << 5);
    let logic = |name: &str| Some((format!("{name}{rc}"), vec![R(ra), R(rt), R(rb)]));
    match xo {
        0 | 32 => {
            let bf = rt >> 2;
            let l = rt & 1;
            let name = match (xo, l) {
                (0, 0) => "cmpw",
                (0, _) => "cmpd",
                (_, 0) => "cmplw",
                _ => "cmpld",
            };
            let mut ops = Vec::new();
            if bf != 0 {
                ops.push(Cr(bf));
            }
            ops.push(R(ra));
            ops.push(R(rb));
            Some((n(name), ops))
        }
        4 if rt == 31 && ra == 0 && rb == 0 => Some((n("trap"), vec![])),
        4 | 68 => {
            let base = if (w >> 1) & 1023 == 4 { "tw" } else { "td" };
            Some(match trap_cond(rt) {
                Some(c) => (format!("{base}{c}"), vec![R(ra), R(rb)]),
                None => (n(base), vec![Imm(i64::from(rt)), R(ra), R(rb)]),
            })
        }
        19 if w & (1 << 20) != 0 => {
            let fxm = (w >> 12) & 255;
            Some((n("mfocrf"), vec![R(rt), Imm(i64::from(fxm))]))
        }
        19 => Some((n("mfcr"), vec![R(rt)])),
        144 if w & (1 << 20) != 0 => {
            let fxm = (w >> 12) & 255;
            Some((n("mtocrf"), vec![Imm(i64::from(fxm)), R(rt)]))
        }
        144 => {
            let fxm = (w >> 12) & 255;
            if fxm == 255 {
                Some((n("mtcr"), vec![R(rt)]))
            } else {
                Some((n("mtcrf"), vec![Imm(i64::from(fxm)), R(rt)]))
            }
        }
        20 => idx("lwarx"),
        84 => idx("ldarx"),
        150 if rc == "." => idx("stwcx."),
        214 if rc == "." => idx("stdcx."),
        21 => idx("ldx"),
        23 => idx("lwzx"),
        53 => idx("ldux"),
        55 => idx("lwzux"),
        87 => idx("lbzx"),
        119 => idx("lbzux"),
        149 => idx("stdx"),
        151 => idx("stwx"),
        181 => idx("stdux"),
        183 => idx("stwux"),
        215 => idx("stbx"),
        247 => idx("stbux"),
        279 => idx("lhzx"),
        311 => idx("lhzux"),
        341 => idx("lwax"),
        343 => idx("lhax"),
        373 => idx("lwaux"),
        375 => idx("lhaux"),
        407 => idx("sthx"),
        439 => idx("sthux"),
        532 => idx("ldbrx"),
        534 => idx("lwbrx"),
        660 => idx("stdbrx"),
        662 => idx("stwbrx"),
        790 => idx("lhbrx"),
        918 => idx("sthbrx"),
        // Floating-point loads and stores, indexed.
        535 | 567 | 599 | 631 | 663 | 695 | 727 | 759 | 855 | 887 | 983 if rc.is_empty() => {
            let name = match xo {
                535 => "lfsx",
                567 => "lfsux",
                599 => "lfdx",
                631 => "lfdux",
                663 => "stfsx",
                695 => "stfsux",
                727 => "stfdx",
                759 => "stfdux",
                855 => "lfiwax",
                887 => "lfiwzx",
                _ => "stfiwx",
            };
            Some((name.to_owned(), vec![F(rt), Ra0(ra), R(rb)]))
        }
        26 => Some((format!("cntlzw{rc}"), vec![R(ra), R(rt)])),
        58 => Some((format!("cntlzd{rc}"), vec![R(ra), R(rt)])),
        922 => Some((format!("extsh{rc}"), vec![R(ra), R(rt)])),
        954 => Some((format!("extsb{rc}"), vec![R(ra), R(rt)])),
        986 => Some((format!("extsw{rc}"), vec![R(ra), R(rt)])),
        122 => Some((n("popcntb"), vec![R(ra), R(rt)])),
        378 => Some((n("popcntw"), vec![R(ra), R(rt)])),
        506 => Some((n("popcntd"), vec![R(ra), R(rt)])),
        508 => logic("cmpb"),
        24 => logic("slw"),
        27 => logic("sld"),
        28 => logic("and"),
        60 => logic("andc"),
        124 if rt == rb => Some((format!("not{rc}"), vec![R(ra), R(rt)])),
        124 => logic("nor"),
        284 => logic("eqv"),
        316 => logic("xor"),
        412 => logic("orc"),
        444 if rt == rb => Some((format!("mr{rc}"), vec![R(ra), R(rt)])),
        444 => logic("or"),
        476 => logic("nand"),
        536 => logic("srw"),
        539 => logic("srd"),
        792 => logic("sraw"),
        794 => logic("srad"),
        824 => Some((format!("srawi{rc}"), vec![R(ra), R(rt), Imm(i64::from(rb))])),
        413 | 826 | 827 => {
            let sh = rb | (((w >> 1) & 1) << 5);
            Some((format!("sradi{rc}"), vec![R(ra), R(rt), Imm(i64::from(sh))]))
        }
        598 => match (w >> 21) & 3 {
            0 => Some((n("hwsync"), vec![])),
            1 => Some((n("lwsync"), vec![])),
            2 => Some((n("ptesync"), vec![])),
            _ => None,
        },
        854 => Some((n("eieio"), vec![])),
        654 if rc == "." => Some((n("tbegin."), vec![])),
        686 if rc == "." => Some((n("tend."), vec![])),
        910 if rc == "." => Some((n("tabort."), vec![R(ra)])),
        339 | 467 => {
            let spr = ((w >> 16) & 31) | (((w >> 11) & 31) << 5);
            let name = match (spr, xo) {
                (1, 339) => return Some((n("mfxer"), vec![R(rt)])),
                (8, 339) => return Some((n("mflr"), vec![R(rt)])),
                (9, 339) => return Some((n("mfctr"), vec![R(rt)])),
                (1, _) => return Some((n("mtxer"), vec![R(rt)])),
                (8, _) => return Some((n("mtlr"), vec![R(rt)])),
                (9, _) => return Some((n("mtctr"), vec![R(rt)])),
                (256, 339) => return Some((n("mfvrsave"), vec![R(rt)])),
                (256, _) => return Some((n("mtvrsave"), vec![R(rt)])),
                (_, 339) => "mfspr",
                _ => "mtspr",
            };
            if xo == 339 {
                Some((n(name), vec![R(rt), Imm(i64::from(spr))]))
            } else {
                Some((n(name), vec![Imm(i64::from(spr)), R(rt)]))
            }
        }
        1014 => Some((n("dcbz"), vec![Ra0(ra), R(rb)])),
        54 => Some((n("dcbst"), vec![Ra0(ra), R(rb)])),
        86 => Some((n("dcbf"), vec![Ra0(ra), R(rb)])),
        982 => Some((n("icbi"), vec![Ra0(ra), R(rb)])),
        278 if rt == 0 => Some((n("dcbtct"), vec![Ra0(ra), R(rb)])),
        278 => Some((n("dcbt"), vec![Ra0(ra), R(rb), Imm(i64::from(rt))])),
        246 if rt == 0 => Some((n("dcbtstct"), vec![Ra0(ra), R(rb)])),
        246 => Some((n("dcbtst"), vec![Ra0(ra), R(rb), Imm(i64::from(rt))])),
        103 => vidx("lvx"),
        231 => vidx("stvx"),
        6 => vidx("lvsl"),
        38 => vidx("lvsr"),
        7 => vidx("lvebx"),
        39 => vidx("lvehx"),
        71 => vidx("lvewx"),
        135 => vidx("stvebx"),
        167 => vidx("stvehx"),
        199 => vidx("stvewx"),
        844 => Some((n("lxvd2x"), vec![Vs(xt), Ra0(ra), R(rb)])),
        972 => Some((n("stxvd2x"), vec![Vs(xt), Ra0(ra), R(rb)])),
        51 if w & 1 == 1 => Some((n("mfvrd"), vec![R(ra), V(rt)])),
        51 => Some((n("mffprd"), vec![R(ra), F(rt)])),
        179 if w & 1 == 1 => Some((n("mtvrd"), vec![V(rt), R(ra)])),
        179 => Some((n("mtfprd"), vec![F(rt), R(ra)])),
        _ => None,
    }
}

/// Opcodes 59 and 63: scalar floating point.
fn fp(w: u32, rc: &str) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let frt = (w >> 21) & 31;
    let fra = (w >> 16) & 31;
    let frb = (w >> 11) & 31;
    let frc = (w >> 6) & 31;
    let s = if w >> 26 == 59 { "s" } else { "" };
    let a = |name: &str, ops: Vec<Op>| Some((format!("{name}{s}{rc}"), ops));
    match (w >> 1) & 31 {
        18 | 20 | 21 if frc != 0 => return None,
        22 if fra != 0 || frc != 0 => return None,
        25 if frb != 0 => return None,
        18 => return a("fdiv", vec![F(frt), F(fra), F(frb)]),
        20 => return a("fsub", vec![F(frt), F(fra), F(frb)]),
        21 => return a("fadd", vec![F(frt), F(fra), F(frb)]),
        22 => return a("fsqrt", vec![F(frt), F(frb)]),
        25 => return a("fmul", vec![F(frt), F(fra), F(frc)]),
        28 => return a("fmsub", vec![F(frt), F(fra), F(frc), F(frb)]),
        29 => return a("fmadd", vec![F(frt), F(fra), F(frc), F(frb)]),
        30 => return a("fnmsub", vec![F(frt), F(fra), F(frc), F(frb)]),
        31 => return a("fnmadd", vec![F(frt), F(fra), F(frc), F(frb)]),
        _ => {}
    }
    if w >> 26 == 59 {
        return None;
    }
    let n = |name: &str, ops: Vec<Op>| Some((format!("{name}{rc}"), ops));
    match (w >> 1) & 1023 {
        0 => Some(("fcmpu".to_owned(), vec![Cr(frt >> 2), F(fra), F(frb)])),
        32 => Some(("fcmpo".to_owned(), vec![Cr(frt >> 2), F(fra), F(frb)])),
        12 => n("frsp", vec![F(frt), F(frb)]),
        14 => n("fctiw", vec![F(frt), F(frb)]),
        15 => n("fctiwz", vec![F(frt), F(frb)]),
        40 => n("fneg", vec![F(frt), F(frb)]),
        72 => n("fmr", vec![F(frt), F(frb)]),
        136 => n("fnabs", vec![F(frt), F(frb)]),
        264 => n("fabs", vec![F(frt), F(frb)]),
        392 => n("frin", vec![F(frt), F(frb)]),
        424 => n("friz", vec![F(frt), F(frb)]),
        456 => n("frip", vec![F(frt), F(frb)]),
        488 => n("frim", vec![F(frt), F(frb)]),
        583 => n("mffs", vec![F(frt)]),
        711 => {
            let mut ops = vec![Imm(i64::from((w >> 17) & 255)), F(frb)];
            let (l, wbit) = ((w >> 25) & 1, (w >> 16) & 1);
            if l != 0 || wbit != 0 {
                ops.push(Imm(i64::from(l)));
            }
            if wbit != 0 {
                ops.push(Imm(i64::from(wbit)));
            }
            Some((format!("mtfsf{rc}"), ops))
        }
        814 => n("fctid", vec![F(frt), F(frb)]),
        815 => n("fctidz", vec![F(frt), F(frb)]),
        846 => n("fcfid", vec![F(frt), F(frb)]),
        _ => None,
    }
}

/// Opcode 4: AltiVec (VMX).
fn vmx(w: u32) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let vd = (w >> 21) & 31;
    let va = (w >> 16) & 31;
    let vb = (w >> 11) & 31;
    let vc = (w >> 6) & 31;
    let n = |s: &str| s.to_owned();
    match w & 63 {
        42 => return Some((n("vsel"), vec![V(vd), V(va), V(vb), V(vc)])),
        43 => return Some((n("vperm"), vec![V(vd), V(va), V(vb), V(vc)])),
        44 if vc & 16 == 0 => {
            return Some((
                n("vsldoi"),
                vec![V(vd), V(va), V(vb), Imm(i64::from(vc & 15))],
            ));
        }
        _ => {}
    }
    let rc = if w & 0x400 != 0 { "." } else { "" };
    let cmp = match w & 0x3ff {
        6 => Some("vcmpequb"),
        70 => Some("vcmpequh"),
        134 => Some("vcmpequw"),
        199 => Some("vcmpequd"),
        518 => Some("vcmpgtub"),
        582 => Some("vcmpgtuh"),
        646 => Some("vcmpgtuw"),
        774 => Some("vcmpgtsb"),
        838 => Some("vcmpgtsh"),
        902 => Some("vcmpgtsw"),
        _ => None,
    };
    if let Some(c) = cmp {
        return Some((format!("{c}{rc}"), vec![V(vd), V(va), V(vb)]));
    }
    let three = |name: &str| Some((name.to_owned(), vec![V(vd), V(va), V(vb)]));
    match w & 0x7ff {
        1156 if va == vb => Some((n("vmr"), vec![V(vd), V(va)])),
        1284 if va == vb => Some((n("vnot"), vec![V(vd), V(va)])),
        0 => three("vaddubm"),
        64 => three("vadduhm"),
        128 => three("vadduwm"),
        192 => three("vaddudm"),
        1024 => three("vsububm"),
        1088 => three("vsubuhm"),
        1152 => three("vsubuwm"),
        1216 => three("vsubudm"),
        514 => three("vminub"),
        2 => three("vmaxub"),
        12 => three("vmrghb"),
        76 => three("vmrghh"),
        140 => three("vmrghw"),
        268 => three("vmrglb"),
        332 => three("vmrglh"),
        396 => three("vmrglw"),
        260 => three("vslb"),
        324 => three("vslh"),
        388 => three("vslw"),
        452 => three("vsl"),
        516 => three("vsrb"),
        644 => three("vsrw"),
        708 => three("vsr"),
        1036 => three("vslo"),
        1100 => three("vsro"),
        1028 => three("vand"),
        1092 => three("vandc"),
        1156 => three("vor"),
        1220 => three("vxor"),
        1284 => three("vnor"),
        1356 => three("vbpermq"),
        1928 => three("vsumsws"),
        1794 => Some((n("vclzb"), vec![V(vd), V(vb)])),
        1986 => Some((n("vclzd"), vec![V(vd), V(vb)])),
        524 => Some((n("vspltb"), vec![V(vd), V(vb), Imm(i64::from(va & 15))])),
        588 => Some((n("vsplth"), vec![V(vd), V(vb), Imm(i64::from(va & 7))])),
        652 => Some((n("vspltw"), vec![V(vd), V(vb), Imm(i64::from(va & 3))])),
        780 | 844 | 908 => {
            let name = match w & 0x7ff {
                780 => "vspltisb",
                844 => "vspltish",
                _ => "vspltisw",
            };
            let simm = i64::from(((va << 27) as i32) >> 27);
            Some((n(name), vec![V(vd), Imm(simm)]))
        }
        1540 => Some((n("mfvscr"), vec![V(vd)])),
        1604 => Some((n("mtvscr"), vec![V(vb)])),
        _ => None,
    }
}

/// Opcode 60: the VSX permutes seen in libc.
fn vsx(w: u32) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let xt = ((w >> 21) & 31) | ((w & 1) << 5);
    let xa = ((w >> 16) & 31) | ((w & 4) << 3);
    let xb = ((w >> 11) & 31) | ((w & 2) << 4);
    let xo = (w >> 3) & 255;
    if xo & 0x9f == 0x0a {
        let dm = (xo >> 5) & 3;
        return Some(match dm {
            0 => ("xxmrghd".to_owned(), vec![Vs(xt), Vs(xa), Vs(xb)]),
            3 => ("xxmrgld".to_owned(), vec![Vs(xt), Vs(xa), Vs(xb)]),
            _ => (
                "xxpermdi".to_owned(),
                vec![Vs(xt), Vs(xa), Vs(xb), Imm(i64::from(dm))],
            ),
        });
    }
    None
}

fn flow(mn: &str, ops: &[Op], w: u32) -> (Flow, Option<u64>) {
    let target = ops.iter().find_map(|o| match o {
        Op::Target(t) => Some(*t),
        _ => None,
    });
    let op = w >> 26;
    let lk = w & 1 != 0;
    match (op, mn) {
        (18, _) if lk => (Flow::Call, target),
        (18, _) => (Flow::Jump, target),
        (16, _) if lk => (Flow::Call, target),
        (16, _) if (w >> 21) & 0b10100 == 0b10100 => (Flow::Jump, target),
        (16, _) => (Flow::CondJump, target),
        (19, "blr") => (Flow::Return, None),
        (19, "bctr") => (Flow::Jump, None),
        (19, "bctrl" | "blrl") => (Flow::Call, None),
        (19, m) if m.ends_with("lr") || m.contains("lr+") || m.contains("lr-") => {
            (Flow::CondJump, None)
        }
        (19, m) if m.contains("ctr") => (Flow::CondJump, None),
        (17, _) => (Flow::Trap, None),
        (2 | 3, _) => (Flow::Trap, None),
        (31, _) if matches!((w >> 1) & 1023, 4 | 68) => (Flow::Trap, None),
        _ => (Flow::Other, None),
    }
}
