//! AArch64 on capstone's decoder with our own GNU-syntax printer.
//!
//! capstone decodes the word and names the instruction (GNU and capstone agree on the
//! preferred aliases for nearly all of A64); the operands are printed here from capstone's
//! operand details, in GNU objdump 2.40's conventions: `#imm` in hex for data-processing
//! immediates and in decimal for memory offsets, shift amounts and bit numbers, branch and
//! `adr`/`adrp` targets as addresses through the [`Resolver`], `// …` comments where GNU
//! adds them. Operand kinds capstone describes only as text (vector register lists, SVE
//! predicates, system register and barrier names) are taken from capstone's operand text.

use std::fmt;
use std::fmt::Write as _;

use capstone::arch::arm64::{ArchMode, Arm64Extender, Arm64Operand, Arm64OperandType, Arm64Shift};
use capstone::arch::{ArchDetail, BuildsCapstone, BuildsCapstoneEndian, DetailsArchInsn};
use capstone::{Capstone, Endian as CsEndian, RegId};

use crate::{Arch, Endian, Flow, Insn, Resolver};

/// An AArch64 decoder/printer.
pub(crate) struct A64 {
    big: bool,
    /// `-M no-aliases`: the architectural instruction rather than its preferred alias.
    no_aliases: bool,
    cs: Option<Capstone>,
    regs: Vec<String>,
}

impl fmt::Debug for A64 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("A64").field("big", &self.big).finish()
    }
}

impl A64 {
    pub(crate) fn new(arch: Arch) -> A64 {
        let big = arch.endian == Endian::Big;
        let cs = Capstone::new()
            .arm64()
            .mode(ArchMode::Arm)
            .endian(if big { CsEndian::Big } else { CsEndian::Little })
            .detail(true)
            .build()
            .ok();
        let regs = match &cs {
            Some(cs) => (0..400u16)
                .map(
                    |r| match cs.reg_name(RegId(r)).unwrap_or_default().as_str() {
                        "fp" => "x29".to_owned(),
                        "lr" => "x30".to_owned(),
                        n => n.to_owned(),
                    },
                )
                .collect(),
            None => Vec::new(),
        };
        A64 {
            big,
            no_aliases: arch.no_aliases,
            cs,
            regs,
        }
    }

    pub(crate) fn decode<'a>(&self, bytes: &'a [u8], addr: u64, res: &dyn Resolver) -> Insn<'a> {
        let raw = bytes.get(..4).unwrap_or(bytes);
        let word = crate::word32(raw, self.big);
        let undefined = |raw: &'a [u8]| {
            Insn::new(
                addr,
                raw,
                Flow::Invalid,
                None,
                format!(".inst\t0x{word:08x} ; undefined"),
            )
        };
        let Some(cs) = &self.cs else {
            return undefined(raw);
        };
        if raw.len() < 4 {
            return undefined(raw);
        }
        if word >> 16 == 0 {
            return Insn::new(
                addr,
                raw,
                Flow::Trap,
                None,
                format!("udf\t#{}", word & 0xffff),
            );
        }
        if self.no_aliases {
            if let Some(text) = crate::aarch64_canon::from_word(word) {
                return Insn::new(addr, raw, Flow::Other, None, text);
            }
        }
        if let Some(text) = mte(word) {
            return Insn::new(addr, raw, Flow::Other, None, text);
        }
        let Ok(insns) = cs.disasm_count(raw, addr, 1) else {
            return undefined(raw);
        };
        let Some(i) = insns.iter().next() else {
            return undefined(raw);
        };
        let Ok(detail) = cs.insn_detail(i) else {
            return undefined(raw);
        };
        let ArchDetail::Arm64Detail(d) = detail.arch_detail() else {
            return undefined(raw);
        };
        let mnemonic = i.mnemonic().unwrap_or_default();
        let op_str = i.op_str().unwrap_or_default();
        // capstone-rs converts system-register, PSTATE, barrier and prefetch operands into
        // Rust enums, which is undefined (and panics in debug builds) for values its enums
        // lack: those instructions are printed from capstone's text alone.
        let ops: Vec<Arm64Operand> = if opaque_operands(mnemonic) {
            Vec::new()
        } else {
            d.operands().collect()
        };
        let p = Printer {
            regs: &self.regs,
            addr,
            word,
            no_aliases: self.no_aliases,
            res,
        };
        let (flow, target) = flow(mnemonic, &ops);
        let mut text = match mnemonic {
            "sys" | "sysl" => crate::aarch64_canon::sys(word)
                .unwrap_or_else(|| p.print(mnemonic, op_str, &ops, target)),
            _ => p.print(mnemonic, op_str, &ops, target),
        };
        text = crate::aarch64_canon::sve_cpy_imm(word, text);
        if self.no_aliases {
            text = crate::aarch64_canon::rewrite(word, text);
        }
        Insn::new(addr, raw, flow, target, text)
    }
}

/// `x`n, with 31 as `sp` or `xzr`.
fn xreg(n: u32, sp: bool) -> String {
    match (n, sp) {
        (31, true) => "sp".to_owned(),
        (31, false) => "xzr".to_owned(),
        (n, _) => format!("x{n}"),
    }
}

/// Memory Tagging Extension instructions, which capstone 5 does not decode (encodings from
/// the Arm Architecture Reference Manual).
fn mte(w: u32) -> Option<String> {
    let rd = w & 31;
    let rn = (w >> 5) & 31;
    let rm = (w >> 16) & 31;
    // Tag loads and stores: 11011001 opc:2 1 imm9 op2:2 Rn Rt.
    if w >> 24 == 0xd9 && (w >> 21) & 1 == 1 {
        let opc = (w >> 22) & 3;
        let op2 = (w >> 10) & 3;
        let imm9 = (w >> 12) & 0x1ff;
        let off = ((imm9 as i32) << 23 >> 23) * 16;
        let base = xreg(rn, true);
        if op2 == 0 {
            let (name, rt_sp) = match opc {
                0 if imm9 == 0 => ("stzgm", false),
                1 => ("ldg", false),
                2 if imm9 == 0 => ("stgm", false),
                3 if imm9 == 0 => ("ldgm", false),
                _ => return None,
            };
            let rt = xreg(rd, rt_sp);
            return Some(if off == 0 {
                format!("{name}\t{rt}, [{base}]")
            } else {
                format!("{name}\t{rt}, [{base}, #{off}]")
            });
        }
        let name = ["stg", "stzg", "st2g", "stz2g"].get(opc as usize)?;
        let rt = xreg(rd, true);
        return Some(match op2 {
            1 => format!("{name}\t{rt}, [{base}], #{off}"),
            2 if off == 0 => format!("{name}\t{rt}, [{base}]"),
            2 => format!("{name}\t{rt}, [{base}, #{off}]"),
            _ => format!("{name}\t{rt}, [{base}, #{off}]!"),
        });
    }
    match w & 0xffe0_fc00 {
        0x9ac0_1000 => Some(if rm == 31 {
            format!("irg\t{}, {}", xreg(rd, true), xreg(rn, true))
        } else {
            format!(
                "irg\t{}, {}, {}",
                xreg(rd, true),
                xreg(rn, true),
                xreg(rm, false)
            )
        }),
        0x9ac0_1400 => Some(format!(
            "gmi\t{}, {}, {}",
            xreg(rd, false),
            xreg(rn, true),
            xreg(rm, false)
        )),
        0x9ac0_0000 => Some(format!(
            "subp\t{}, {}, {}",
            xreg(rd, false),
            xreg(rn, true),
            xreg(rm, true)
        )),
        _ => {
            // DC GVA / DC GZVA: SYS #3, C7, C4, #3/#4, Xt.
            match w & 0xffff_ffe0 {
                0xd50b_7460 => Some(format!("dc\tgva, {}", xreg(rd, false))),
                0xd50b_7480 => Some(format!("dc\tgzva, {}", xreg(rd, false))),
                _ => None,
            }
        }
    }
}

/// Instructions whose operands capstone-rs cannot convert safely (see `A64::decode`).
fn opaque_operands(mn: &str) -> bool {
    matches!(
        mn,
        "mrs"
            | "msr"
            | "sys"
            | "sysl"
            | "sysp"
            | "dc"
            | "ic"
            | "at"
            | "tlbi"
            | "tlbip"
            | "cfp"
            | "dvp"
            | "cpp"
            | "brb"
            | "prfm"
            | "prfum"
            | "rprfm"
            | "prfb"
            | "prfh"
            | "prfw"
            | "prfd"
            | "dmb"
            | "dsb"
            | "isb"
            | "tsb"
            | "psb"
            | "hint"
            | "bti"
            | "smstart"
            | "smstop"
    )
}

/// Control flow from the mnemonic and, for direct branches, the target in the operands.
fn flow(mn: &str, ops: &[Arm64Operand]) -> (Flow, Option<u64>) {
    let imm_target = || {
        ops.iter().rev().find_map(|o| match o.op_type {
            Arm64OperandType::Imm(v) => Some(v as u64),
            _ => None,
        })
    };
    match mn {
        "bl" => (Flow::Call, imm_target()),
        "blr" | "blraa" | "blraaz" | "blrab" | "blrabz" => (Flow::Call, None),
        "b" => (Flow::Jump, imm_target()),
        "br" | "braa" | "braaz" | "brab" | "brabz" => (Flow::Jump, None),
        "cbz" | "cbnz" | "tbz" | "tbnz" => (Flow::CondJump, imm_target()),
        "ret" | "retaa" | "retab" | "eret" | "eretaa" | "eretab" => (Flow::Return, None),
        "brk" | "hlt" | "udf" | "svc" | "hvc" | "smc" => (Flow::Trap, None),
        m if m.starts_with("b.") => (Flow::CondJump, imm_target()),
        _ => (Flow::Other, None),
    }
}

/// Split capstone's operand text at top-level `, ` (not inside `[]` or `{}`).
fn split_ops(s: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = 0;
    let b = s.as_bytes();
    let mut i = 0;
    while i < b.len() {
        match b.get(i) {
            Some(b'[' | b'{') => depth += 1,
            Some(b']' | b'}') => depth -= 1,
            Some(b',') if depth == 0 => {
                if let Some(t) = s.get(start..i) {
                    out.push(t.trim());
                }
                start = i + 1;
            }
            _ => {}
        }
        i += 1;
    }
    if let Some(t) = s.get(start..) {
        if !t.trim().is_empty() {
            out.push(t.trim());
        }
    }
    out
}

struct Printer<'p> {
    regs: &'p [String],
    addr: u64,
    word: u32,
    no_aliases: bool,
    res: &'p dyn Resolver,
}

/// Mnemonics whose immediates GNU prints in decimal (shift amounts, bit positions, widths).
fn decimal_imms(mn: &str) -> bool {
    matches!(
        mn,
        "lsl"
            | "lsr"
            | "asr"
            | "ror"
            | "ubfx"
            | "sbfx"
            | "ubfiz"
            | "sbfiz"
            | "bfi"
            | "bfxil"
            | "bfc"
            | "bfm"
            | "ubfm"
            | "sbfm"
            | "extr"
            | "ext"
            | "tbz"
            | "tbnz"
    ) || vector_shift(mn)
        || (mn.starts_with("cm") && mn != "cmp" && mn != "cmn")
}

fn vector_shift(mn: &str) -> bool {
    let base = mn.strip_suffix('2').unwrap_or(mn);
    matches!(
        base,
        "shl"
            | "sshr"
            | "ushr"
            | "srshr"
            | "urshr"
            | "ssra"
            | "usra"
            | "srsra"
            | "ursra"
            | "sri"
            | "sli"
            | "shrn"
            | "rshrn"
            | "sqshrn"
            | "uqshrn"
            | "sqrshrn"
            | "uqrshrn"
            | "sqshrun"
            | "sqrshrun"
            | "sqshl"
            | "uqshl"
            | "sqshlu"
            | "sshll"
            | "ushll"
            | "scvtf"
            | "ucvtf"
            | "fcvtzs"
            | "fcvtzu"
    )
}

const SHIFTS: &[&str] = &[
    "lsl", "lsr", "asr", "ror", "msl", "uxtb", "uxth", "uxtw", "uxtx", "sxtb", "sxth", "sxtw",
    "sxtx",
];

/// GNU's condition names: the first is printed, the others go into the comment.
pub(crate) fn cond_names(c: &str) -> Option<&'static [&'static str]> {
    Some(match c {
        "eq" => &["eq", "none"],
        "ne" => &["ne", "any"],
        "cs" | "hs" => &["cs", "hs", "nlast"],
        "cc" | "lo" => &["cc", "lo", "ul", "last"],
        "mi" => &["mi", "first"],
        "pl" => &["pl", "nfrst"],
        "vs" => &["vs"],
        "vc" => &["vc"],
        "hi" => &["hi", "pmore"],
        "ls" => &["ls", "plast"],
        "ge" => &["ge", "tcont"],
        "lt" => &["lt", "tstop"],
        "gt" => &["gt"],
        "le" => &["le"],
        "al" => &["al"],
        "nv" => &["nv"],
        _ => return None,
    })
}

/// A number as capstone prints it (`#0x10`, `#-0x10`, `#16`, `16`).
fn parse_num(t: &str) -> Option<i64> {
    let t = t.trim().trim_start_matches('#');
    let (neg, t) = match t.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, t),
    };
    let v = match t.strip_prefix("0x") {
        Some(h) => u64::from_str_radix(h, 16).ok()? as i64,
        None => t.parse::<i64>().ok()?,
    };
    Some(if neg { v.wrapping_neg() } else { v })
}

/// A memory operand capstone's details do not describe: its text with GNU's decimal offsets.
fn mem_token(out: &mut String, t: &str) {
    let mut first = true;
    for part in t.split(", ") {
        if !first {
            out.push_str(", ");
        }
        first = false;
        let (core, tail) = match part.find([']', '!']) {
            Some(i) => part.split_at(i),
            None => (part, ""),
        };
        match (core.starts_with('#'), parse_num(core)) {
            (true, Some(n)) => {
                let _ = write!(out, "#{n}");
            }
            _ => out.push_str(core),
        }
        out.push_str(tail);
    }
}

/// `t` with a lane index capstone writes in hex (`v1.b[0xc]`, `{v0.b, v1.b}[0xf]`) in
/// GNU's decimal.
fn lane_decimal(out: &mut String, t: &str) {
    match t.rsplit_once("[0x") {
        Some((head, tail)) if !t.starts_with('[') => {
            let (hex, rest) = tail.split_once(']').unwrap_or((tail, ""));
            match u64::from_str_radix(hex, 16) {
                Ok(n) => {
                    let _ = write!(out, "{head}[{n}]{rest}");
                }
                Err(_) => out.push_str(t),
            }
        }
        _ => out.push_str(t),
    }
}

/// C's `%.18e`.
fn fp(v: f64) -> String {
    let s = format!("{v:.18e}");
    match s.split_once('e') {
        Some((m, e)) => {
            let e: i32 = e.parse().unwrap_or(0);
            let sign = if e < 0 { '-' } else { '+' };
            format!("{m}e{sign}{:02}", e.abs())
        }
        None => s,
    }
}

impl Printer<'_> {
    fn reg(&self, r: RegId) -> &str {
        self.regs
            .get(usize::from(r.0))
            .map(String::as_str)
            .unwrap_or("?")
    }

    fn print(
        &self,
        mnemonic: &str,
        op_str: &str,
        ops: &[Arm64Operand],
        target: Option<u64>,
    ) -> String {
        let mut out = String::with_capacity(48);
        let mut comment = String::new();
        let mn = match mnemonic {
            "b.hs" => "b.cs",
            "b.lo" => "b.cc",
            m => m,
        };
        // `hint` numbers GNU names.
        if mn == "hint" {
            let bti = match (self.word >> 5) & 0x7f {
                0x20 => Some("bti"),
                0x22 => Some("bti\tc"),
                0x24 => Some("bti\tj"),
                0x26 => Some("bti\tjc"),
                _ => None,
            };
            if let Some(b) = bti {
                return b.to_owned();
            }
        }
        // `sshll`/`ushll` by zero are `sxtl`/`uxtl`.
        let toks_all = split_ops(op_str);
        if !self.no_aliases
            && matches!(mn, "sshll" | "ushll" | "sshll2" | "ushll2")
            && toks_all.last().and_then(|t| parse_num(t)) == Some(0)
        {
            let alias = mn.replacen("shll", "xtl", 1);
            let n = toks_all.len().saturating_sub(1);
            return format!(
                "{alias}\t{}",
                toks_all.get(..n).unwrap_or_default().join(", ")
            );
        }
        // `orr Rd, zr, #imm` is `mov Rd, #imm` (GNU's wide-immediate form and comment).
        let orr_mov = (self.word >> 23) & 0x3f == 0x24
            && (self.word >> 29) & 3 == 1
            && (self.word >> 5) & 0x1f == 31;
        let mn = if orr_mov { "mov" } else { mn };
        out.push_str(mn);
        let mut toks = toks_all;
        if orr_mov && toks.len() == 3 {
            toks.remove(1);
        }
        let _ = self.addr;
        let decimal = decimal_imms(mn);
        let mut j = 0;
        // `orr Rd, zr, #imm` printed as `mov`: skip the zero register's operand.
        let ops: Vec<&Arm64Operand> = if orr_mov && ops.len() == 3 {
            ops.iter()
                .enumerate()
                .filter(|(i, _)| *i != 1)
                .map(|(_, o)| o)
                .collect()
        } else {
            ops.iter().collect()
        };
        let mut prev_mem = false;
        for (k, t) in toks.iter().enumerate() {
            out.push_str(if k == 0 { "\t" } else { ", " });
            // A shift or extend belongs to the operand before it.
            let word0 = t.split(' ').next().unwrap_or_default();
            if SHIFTS.contains(&word0) {
                out.push_str(word0);
                if let Some(n) = t.split_once(' ').and_then(|(_, n)| parse_num(n)) {
                    let _ = write!(out, " #{n}");
                }
                continue;
            }
            if let Some(names) = cond_names(t) {
                if let Some((first, rest)) = names.split_first() {
                    out.push_str(first);
                    if !rest.is_empty() {
                        comment = format!("{first} = {}", rest.join(", "));
                    }
                }
                continue;
            }
            let op = ops.get(j).copied();
            j += 1;
            match op.map(|o| &o.op_type) {
                Some(Arm64OperandType::Imm(v)) if t.starts_with('#') || target.is_some() => {
                    let v = *v;
                    let is_target =
                        target == Some(v as u64) && (!t.starts_with('#') || k + 1 == toks.len());
                    let literal =
                        k + 1 == toks.len() && matches!(mn, "ldr" | "ldrsw" | "prfm") && !prev_mem;
                    if is_target || literal || mn == "adrp" || mn == "adr" {
                        // Branch targets and PC-relative addresses.
                        self.res.address(v as u64, &mut out);
                    } else if decimal || prev_mem {
                        let _ = write!(out, "#{v}");
                    } else if mn == "mov" && ((self.word >> 23) & 0x3f == 0x25 || orr_mov) {
                        let sf = self.word >> 31 == 1;
                        if sf {
                            let _ = write!(out, "#0x{:<20x}", v as u64);
                            comment = format!("#{v}");
                        } else {
                            let _ = write!(out, "#0x{:<20x}", v as u32);
                            comment = format!("#{}", v as i32);
                        }
                    } else {
                        let _ = write!(out, "#0x{v:x}");
                    }
                }
                Some(Arm64OperandType::Mem(m)) if t.starts_with('[') => {
                    out.push('[');
                    out.push_str(self.reg(m.base()));
                    if m.index().0 != 0 {
                        out.push_str(", ");
                        out.push_str(self.reg(m.index()));
                        if let Some(o) = op {
                            self.mem_extend(&mut out, o);
                        }
                    }
                    if m.disp() != 0 {
                        let _ = write!(out, ", #{}", m.disp());
                    }
                    if t.contains(", mul vl]") {
                        out.push_str(", mul vl");
                    }
                    out.push(']');
                    if t.ends_with('!') {
                        out.push('!');
                    }
                }
                Some(Arm64OperandType::Fp(f)) if t.starts_with('#') => {
                    out.push('#');
                    if *f == 0.0 && (mn.starts_with("fcm") || mn.starts_with("fac")) {
                        out.push_str("0.0");
                    } else {
                        out.push_str(&fp(*f));
                    }
                }
                _ if t.starts_with('[') => mem_token(&mut out, t),
                _ => lane_decimal(&mut out, t),
            }
            prev_mem = t.starts_with('[');
        }
        if mn.starts_with("b.") {
            if let Some(names) = cond_names(mn.get(2..).unwrap_or_default()) {
                for (i, n) in names.iter().enumerate().skip(1) {
                    out.push_str(if i == 1 { "  //" } else { "," });
                    let _ = write!(out, " b.{n}");
                }
            }
        }
        if !comment.is_empty() {
            out.push_str("\t// ");
            out.push_str(&comment);
        }
        out
    }

    /// `, lsl #3` / `, sxtw #2` / `, uxtw` inside a register-offset address.
    fn mem_extend(&self, out: &mut String, o: &Arm64Operand) {
        let ext = match o.ext {
            Arm64Extender::ARM64_EXT_UXTB => Some("uxtb"),
            Arm64Extender::ARM64_EXT_UXTH => Some("uxth"),
            Arm64Extender::ARM64_EXT_UXTW => Some("uxtw"),
            Arm64Extender::ARM64_EXT_UXTX => Some("uxtx"),
            Arm64Extender::ARM64_EXT_SXTB => Some("sxtb"),
            Arm64Extender::ARM64_EXT_SXTH => Some("sxth"),
            Arm64Extender::ARM64_EXT_SXTW => Some("sxtw"),
            Arm64Extender::ARM64_EXT_SXTX => Some("sxtx"),
            _ => None,
        };
        let amount = match o.shift {
            Arm64Shift::Lsl(n) => Some(n),
            _ => None,
        };
        match (ext, amount) {
            (Some(e), Some(n)) => {
                let _ = write!(out, ", {e} #{n}");
            }
            (Some(e), None) => {
                let _ = write!(out, ", {e}");
            }
            (None, Some(n)) => {
                let _ = write!(out, ", lsl #{n}");
            }
            (None, None) => {}
        }
    }
}
