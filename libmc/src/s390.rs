//! IBM z/Architecture (s390x, big-endian) on capstone's SystemZ decoder with our own GNU
//! printer.
//!
//! capstone decides whether the bytes are an instruction and names it; the operands are
//! printed here from capstone's operand details in GNU objdump 2.40's conventions:
//! `mnemonic<TAB>operands`, operands separated by `,` with no blank, registers `%rN`,
//! `%fN`, `%aN`, `%cN`, `%vN`, storage operands `D(X,B)` / `D(L,B)` with a zero index or
//! base left out as GNU leaves it out (`160(%r15)`, `0(%r2,%r3)`, `48(8,%r15)`, a bare
//! `160` when both are zero), immediates in decimal, relative branch and `larl` targets as
//! addresses through the [`Resolver`] (`jg 2ae18 <…>`).
//!
//! GNU's extended mnemonics come mostly from capstone as they are (`jne`, `jgnl`, `ber`,
//! `locgrne`, `br %r14`); the rest are made here: `nopr`, `nop`, `jnop`, `jgnop`, `risbgz`,
//! the compare-and-branch suffixes (`cgijne` where capstone says `cgijlh`), the z15 names of
//! older encodings (`vcefb`, `vcfps`, `vflls`, `cuutf`, `prno`), operands GNU leaves out when
//! zero (`vfaeb`'s flags, `vl`'s alignment hint).
//!
//! capstone 5's SystemZ tables end at z14. Decoded here from the bytes instead (encodings
//! from the z/Architecture Principles of Operation): the z15 (arch13) instructions
//! (`ncrk`…`ocgrk`, `selr<cond>`, `popcnt` with a mask, `mvcrl`, `dfltcc`, `sortl`,
//! `kdsa`, `vstrs`, `vsld`/`vsrd`, the `e6` byte- and element-reversing vector loads and
//! stores), the z16 (arch14) ones (`vschp`…, `vcfn`/`vcnf`/`vclfnh`/`vcrnf`, `vpkzr`,
//! `nnpa`, `rdp`, `lpswey`, `lbear`, `stbear`, `qpaci`), `tpei`, and forms capstone rejects
//! but GNU prints: `vl`/`vst`/`vlm`/`vstm` with an alignment hint, vector instructions with
//! RXB bits of absent operands or element indexes out of range (`vleh …,9`), `ssm`,
//! `lpsw`, `ts` with a nonzero second byte, three-register `b9` forms with their unused
//! nibble set, and instructions on register pairs naming an odd register (`mr %r3,%r11`,
//! `mxr %f9,%f11`), which capstone decodes with the field made even and the register put
//! back.
//!
//! Instructions are 2, 4 or 6 bytes long, as the two top bits of the first byte say
//! (`00` → 2, `01`/`10` → 4, `11` → 6). Bytes that do not decode print as GNU prints them:
//! with four or more bytes left, `.long\t0x%08x` of the first four (whatever the length
//! bits say; GNU's `-M insnlength`, which skips by the length bits, is not supported); with
//! two left, `.short\t0x%04x`; with one or three, `.byte` and the values run together
//! (`.byte\t0xe30x100xf0`, as GNU writes them).
//!
//! objdump's raw-byte column for s390 (the caller's job) shows up to 6 bytes per line,
//! each byte as two hex digits followed by a blank (`e3 10 f0 38 00 24 `), padded to 6
//! bytes' width (18 columns), so 2- and 4-byte instructions line up with 6-byte ones.

use std::fmt;
use std::fmt::Write as _;

use capstone::arch::sysz::{ArchMode, SysZOperand};
use capstone::arch::{ArchDetail, BuildsCapstone, DetailsArchInsn};
use capstone::{Capstone, RegId};

use crate::{Arch, Flow, Insn, Resolver};

/// An s390x decoder/printer.
pub(crate) struct S390 {
    cs: Option<Capstone>,
    regs: Vec<String>,
}

impl fmt::Debug for S390 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("S390").finish_non_exhaustive()
    }
}

/// The length of the instruction whose first byte is `b`.
fn insn_len(b: u8) -> usize {
    match b >> 6 {
        0 => 2,
        3 => 6,
        _ => 4,
    }
}

/// GNU's text for bytes that do not decode, and how many bytes it takes.
fn data(bytes: &[u8]) -> (usize, String) {
    let avail = bytes.len().min(6);
    match (avail, bytes) {
        (4.., [a, b, c, d, ..]) => (
            4,
            format!(".long\t0x{:08x}", u32::from_be_bytes([*a, *b, *c, *d])),
        ),
        (2, [a, b]) => (2, format!(".short\t0x{:04x}", u16::from_be_bytes([*a, *b]))),
        _ => {
            let mut s = String::from(".byte\t");
            for b in bytes.iter().take(avail) {
                let _ = write!(s, "0x{b:02x}");
            }
            (avail, s)
        }
    }
}

impl S390 {
    pub(crate) fn new(_arch: Arch) -> S390 {
        let cs = Capstone::new()
            .sysz()
            .mode(ArchMode::Default)
            .detail(true)
            .build()
            .ok();
        let regs = match &cs {
            Some(cs) => (0..200u16)
                .map(|r| {
                    let n = cs.reg_name(RegId(r)).unwrap_or_default();
                    if n.bytes().all(|b| b.is_ascii_digit()) {
                        format!("r{n}")
                    } else {
                        n
                    }
                })
                .collect(),
            None => Vec::new(),
        };
        S390 { cs, regs }
    }

    pub(crate) fn decode<'a>(&self, bytes: &'a [u8], addr: u64, res: &dyn Resolver) -> Insn<'a> {
        let invalid = || {
            let (n, text) = data(bytes);
            Insn::new(
                addr,
                bytes.get(..n).unwrap_or(bytes),
                Flow::Invalid,
                None,
                text,
            )
        };
        let Some(&b0) = bytes.first() else {
            return invalid();
        };
        let len = insn_len(b0);
        let Some(raw) = bytes.get(..len) else {
            return invalid();
        };
        let Some((mn, ops)) = own(raw)
            .or_else(|| self.capstone(raw, addr))
            .or_else(|| self.unused_nibble(raw, addr))
            .or_else(|| self.odd_pair(raw, addr))
            .or_else(|| self.vector_fields(raw, addr))
        else {
            return invalid();
        };
        let (mn, mut ops) = gnu_form(mn, ops, raw);
        for k in pcrel_operands(raw, ops.len()) {
            if let Some(o) = ops.get_mut(k) {
                if let Op::Imm(v) = *o {
                    *o = Op::Target(v as u64);
                }
            }
        }
        let (flow, mut target) = flow(raw);
        let mut s = mn;
        for (k, o) in ops.iter().enumerate() {
            s.push(if k == 0 { '\t' } else { ',' });
            match o {
                Op::Target(t) => {
                    target = target.or(Some(*t));
                    res.address(*t, &mut s);
                }
                Op::Reg(r) => s.push_str(r),
                Op::Imm(v) => {
                    let _ = write!(s, "{v}");
                }
                Op::Mem(d, inside) => {
                    let _ = write!(s, "{d}");
                    if !inside.is_empty() {
                        let _ = write!(s, "({})", inside.join(","));
                    }
                }
            }
        }
        if !matches!(flow, Flow::Call | Flow::Jump | Flow::CondJump) {
            target = None;
        }
        Insn::new(addr, raw, flow, target, s)
    }

    /// The three-register `b9` instructions (RRF-a: `ark`, `sgrk`, `nrk`, `msrkc`, `kma`…)
    /// with the unused fourth nibble of their third byte set: GNU ignores that nibble,
    /// capstone rejects the instruction, so it is decoded again with the nibble clear.
    fn unused_nibble(&self, raw: &[u8], addr: u64) -> Option<(String, Vec<Op>)> {
        // Compare-and-branch (RIE-b) leaves the fifth byte's second nibble unused, the
        // 64-bit branch-on-index forms (RIE-e) the whole fifth byte; the add-immediates (RIE-d,
        // `ahik`…) its second nibble, GNU wanting the first one zero.
        if let [0xec, b1, b2, b3, b4, op @ (0x44 | 0x45 | 0x64 | 0x65 | 0x76 | 0x77 | 0xd8..=0xdb)] =
            *raw
        {
            let keep = if matches!(op, 0x44 | 0x45) { 0 } else { 0xf0 };
            if matches!(op, 0xd8..=0xdb) && b4 & 0xf0 != 0 {
                return None;
            }
            if b4 & !keep == 0 {
                return None;
            }
            return self.capstone(&[0xec, b1, b2, b3, b4 & keep, op], addr);
        }
        let [0xb9, b1, b2, b3] = *raw else {
            return None;
        };
        // idte and crdte have a fourth operand there, optional when zero.
        if b2 & 15 == 0 || matches!(b1, 0x8e | 0x8f) {
            return None;
        }
        let clear = [0xb9, b1, b2 & 0xf0, b3];
        let (mn, ops) = self
            .capstone(&clear, addr)
            .or_else(|| self.odd_pair(&clear, addr))?;
        let three_regs = ops.len() == 3 && ops.iter().all(|o| matches!(o, Op::Reg(_)));
        three_regs.then_some((mn, ops))
    }

    /// Instructions on register pairs (`mr`, `dr`, `clcl`, `cds`, `mxbr`, `mgrk`…) naming an
    /// odd general register or an FP register outside the pairs: GNU prints them with the
    /// register as written, capstone rejects them. They are decoded with the register field
    /// made even (and for FP pairs, clear of bit 1), and the register put back in the text;
    /// every changed field must come back as a register operand, else the bytes are data.
    fn odd_pair(&self, raw: &[u8], addr: u64) -> Option<(String, Vec<Op>)> {
        let b0 = *raw.first()?;
        // The nibbles (0 = high half of the first byte) that can hold a register of a pair.
        let cands: &[usize] = match (raw.len(), b0) {
            (2, _) => &[2, 3],
            (4, 0xb2 | 0xb3 | 0xb9) => &[6, 7, 4],
            (4 | 6, 0xa5 | 0xa7 | 0xc0 | 0xc2 | 0xc4 | 0xc6 | 0xc8 | 0xcc) => &[2],
            (_, 0xe6 | 0xe7) => &[],
            // RSL-b (`cxzt`, `cxpt`…) holds its FP register in the fifth byte.
            (6, 0xed) => &[2, 3, 8],
            _ => &[2, 3],
        };
        let nib = |i: usize| {
            raw.get(i / 2)
                .map(|b| if i % 2 == 0 { b >> 4 } else { b & 15 })
        };
        let variants = |i: usize| -> Vec<(usize, u8)> {
            let v = nib(i).unwrap_or(0);
            let mut out: Vec<(usize, u8)> = [v & !1, v & !2, v & !3]
                .into_iter()
                .filter(|&w| w != v)
                .map(|w| (i, w))
                .collect();
            out.dedup();
            out
        };
        let mut tries: Vec<Vec<(usize, u8)>> = Vec::new();
        for (k, &i) in cands.iter().enumerate() {
            tries.extend(variants(i).into_iter().map(|c| vec![c]));
            for &j in cands.get(k + 1..).unwrap_or_default() {
                for a in variants(i) {
                    tries.extend(variants(j).into_iter().map(|b| vec![a, b]));
                }
            }
        }
        tries.sort_by_key(Vec::len);
        let with = |changes: &[(usize, u8)]| -> Option<Vec<u8>> {
            let mut bytes = raw.to_vec();
            for &(i, w) in changes {
                let b = bytes.get_mut(i / 2)?;
                *b = if i % 2 == 0 {
                    (*b & 0x0f) | (w << 4)
                } else {
                    (*b & 0xf0) | w
                };
            }
            Some(bytes)
        };
        'tries: for changes in tries {
            let Some((mn, mut ops)) = self.capstone(&with(&changes)?, addr) else {
                continue;
            };
            // Which operand each changed field is: the one that changes when the field is
            // set to another value of the same kind (bit 3 flipped keeps a pair valid).
            let mut at = Vec::new();
            for (k, &(i, w)) in changes.iter().enumerate() {
                let mut probe = changes.clone();
                if let Some(c) = probe.get_mut(k) {
                    c.1 = w ^ 8;
                }
                let Some((other_mn, other)) = self.capstone(&with(&probe)?, addr) else {
                    continue 'tries;
                };
                let differ: Vec<usize> = (0..ops.len())
                    .filter(|&x| ops.get(x) != other.get(x))
                    .collect();
                match (
                    differ.as_slice(),
                    ops.len() == other.len() && other_mn == mn,
                ) {
                    ([x], true) => at.push((*x, i, w)),
                    _ => continue 'tries,
                }
            }
            for (x, i, w) in at {
                match (ops.get_mut(x), nib(i)) {
                    (Some(Op::Reg(r)), Some(orig))
                        if r.get(2..) == Some(w.to_string().as_str()) =>
                    {
                        *r = format!("{}{orig}", r.get(..2).unwrap_or("%r"));
                    }
                    _ => continue 'tries,
                }
            }
            return Some((mn, ops));
        }
        None
    }

    /// Vector instructions capstone rejects for fields GNU does not check: RXB bits of
    /// operands the instruction does not have, element indexes and sizes out of range
    /// (`vleh %v29,838(%r14,%r9),9`). Decoded with RXB bits and the fifth byte's first
    /// nibble reduced, then each change is located by decoding once more with the field
    /// altered: an RXB bit whose register field moves a vector operand adds 16 to it, a
    /// changed number must come back as the immediate that moves, else the bytes are data.
    fn vector_fields(&self, raw: &[u8], addr: u64) -> Option<(String, Vec<Op>)> {
        let [b0 @ (0xe6 | 0xe7), b1, b2, b3, b4, b5] = *raw else {
            return None;
        };
        let (m, rxb) = (b4 >> 4, b4 & 15);
        let bytes = |m: u8, rxb: u8| [b0, b1, b2, b3, (m << 4) | rxb, b5];
        // The register field each RXB bit extends (as a nibble index).
        let field = |bit: u8| match bit {
            8 => 2,
            4 => 3,
            2 => 4,
            _ => 8,
        };
        let nib = |raw: &[u8], i: usize| {
            raw.get(i / 2)
                .map_or(0, |b| if i % 2 == 0 { b >> 4 } else { b & 15 })
        };
        let set = |raw: &mut [u8], i: usize, v: u8| {
            if let Some(b) = raw.get_mut(i / 2) {
                *b = if i % 2 == 0 {
                    (*b & 0x0f) | (v << 4)
                } else {
                    (*b & 0xf0) | v
                };
            }
        };
        let mut ms = vec![m];
        ms.extend([m & 7, m & 3, m & 1, 0].into_iter().filter(|&v| v != m));
        ms.dedup();
        for &m2 in &ms {
            // RXB values made of a subset of the set bits, most bits kept first.
            let mut rxbs: Vec<u8> = (0..16u8).filter(|r| r & !rxb == 0).collect();
            rxbs.sort_by_key(|r| std::cmp::Reverse(r.count_ones()));
            for r2 in rxbs {
                if (m2, r2) == (m, rxb) {
                    continue;
                }
                let try_bytes = bytes(m2, r2);
                let Some((mn, mut ops)) = self.capstone(&try_bytes, addr) else {
                    continue;
                };
                let base = ops.clone();
                let moved = |probe: &[u8]| -> Option<Vec<usize>> {
                    let (pmn, pops) = self.capstone(probe, addr)?;
                    (pmn == mn && pops.len() == base.len()).then(|| {
                        (0..base.len())
                            .filter(|&x| base.get(x) != pops.get(x))
                            .collect()
                    })
                };
                // Only vector instructions have RXB bits (`lcbb`, also `e7`, has none).
                let vector = ops
                    .iter()
                    .any(|o| matches!(o, Op::Reg(r) if r.starts_with("%v")));
                let mut ok = vector || r2 == rxb;
                // Cleared RXB bits: the vector operand of their field, if any, gets 16 back.
                for bit in [8u8, 4, 2, 1].into_iter().filter(|b| rxb & !r2 & b != 0) {
                    let i = field(bit);
                    let mut probe = try_bytes;
                    set(&mut probe, i, nib(&try_bytes, i) ^ 8);
                    let hit = moved(&probe).unwrap_or_default();
                    if let [x] = hit.as_slice() {
                        if let Some(Op::Reg(r)) = ops.get_mut(*x) {
                            if let Some(n) = r.strip_prefix("%v").and_then(|n| n.parse::<u8>().ok())
                            {
                                *r = format!("%v{}", n + 16);
                            }
                        }
                    }
                }
                // A reduced fifth-byte nibble must be an immediate operand.
                if m2 != m {
                    let mut probe = try_bytes;
                    set(&mut probe, 8, if m2 == 0 { 1 } else { 0 });
                    match moved(&probe).as_deref() {
                        Some([x]) => match ops.get_mut(*x) {
                            Some(Op::Imm(v)) if *v == i64::from(m2) => *v = i64::from(m),
                            _ => ok = false,
                        },
                        _ => ok = false,
                    }
                }
                if ok {
                    return Some((mn, ops));
                }
            }
        }
        None
    }

    /// capstone's name and operands for the instruction `raw` (its whole length).
    fn capstone(&self, raw: &[u8], addr: u64) -> Option<(String, Vec<Op>)> {
        let cs = self.cs.as_ref()?;
        let insns = cs.disasm_count(raw, addr, 1).ok()?;
        let i = insns.iter().next()?;
        if i.bytes().len() != raw.len() {
            return None;
        }
        let detail = cs.insn_detail(i).ok()?;
        let ArchDetail::SysZDetail(d) = detail.arch_detail() else {
            return None;
        };
        let mn = i.mnemonic().unwrap_or_default().to_owned();
        // The SS-d moves take a length register where other SS forms take a length.
        let length_reg = matches!(mn.as_str(), "mvck" | "mvcp" | "mvcs");
        // Vector instructions name their FP-register operands as vector registers.
        let vector = matches!(raw.first(), Some(0xe6 | 0xe7));
        let reg = |id: u16| {
            let n = self.regs.get(usize::from(id)).map_or("?", String::as_str);
            match n.strip_prefix('f') {
                Some(num) if vector => format!("%v{num}"),
                _ => format!("%{n}"),
            }
        };
        let ops = d
            .operands()
            .map(|o| match o {
                SysZOperand::Reg(r) | SysZOperand::AcReg(r) => Op::Reg(reg(r.0)),
                SysZOperand::Imm(v) => Op::Imm(v),
                SysZOperand::Mem(m) => {
                    let (base, index, length) = (m.base(), m.index(), m.length());
                    let mut inside = Vec::new();
                    if length_reg && length != 0 {
                        inside.push(reg(u16::try_from(length).unwrap_or(0)));
                    } else if length != 0 {
                        inside.push(length.to_string());
                    }
                    // A zero vector index (VRV) is left out as a zero general index is.
                    let index = Some(reg(u16::from(index))).filter(|r| index != 0 && r != "%v0");
                    if let Some(x) = index {
                        inside.push(x);
                    }
                    if base != 0 || !inside.is_empty() {
                        inside.push(if base == 0 {
                            "%r0".to_owned()
                        } else {
                            reg(u16::from(base))
                        });
                    }
                    Op::Mem(m.disp(), inside)
                }
                SysZOperand::Invalid => Op::Reg("?".to_owned()),
            })
            .collect();
        Some((mn, ops))
    }
}

/// An operand, ready to print.
#[derive(Debug, Clone, PartialEq)]
enum Op {
    /// A register, with its `%` (or other text printed as it is).
    Reg(String),
    /// A decimal immediate.
    Imm(i64),
    /// A branch or PC-relative address.
    Target(u64),
    /// `disp(inside…)`; nothing in parentheses when `inside` is empty.
    Mem(i64, Vec<String>),
}

/// The condition suffixes of GNU's compare-and-branch/trap mnemonics (`crjne`, `cgitnl`)
/// differ from the branch ones capstone uses for masks 6, 10 and 12.
const COMPARE_BRANCH: [&str; 26] = [
    "clgrb", "clgrj", "clgrt", "clgib", "clgij", "clgit", "clrb", "clrj", "clrt", "clib", "clij",
    "clfit", "clgt", "cgrb", "cgrj", "cgrt", "cgib", "cgij", "cgit", "clt", "crb", "crj", "crt",
    "cib", "cij", "cit",
];

/// GNU's mnemonic and operand list for capstone's.
fn gnu_form(mn: String, mut ops: Vec<Op>, raw: &[u8]) -> (String, Vec<Op>) {
    let b0 = raw.first().copied().unwrap_or(0);
    let b1 = raw.get(1).copied().unwrap_or(0);
    let m1 = b1 >> 4;
    match (b0, raw.len()) {
        // bcr 0,%rN is `nopr` (the register left out when 0).
        (0x07, 2) if m1 == 0 => {
            ops.retain(|o| !matches!(o, Op::Imm(_)));
            if b1 & 15 == 0 {
                ops.clear();
            }
            return ("nopr".to_owned(), ops);
        }
        // bc 0,… is `nop`.
        (0x47, 4) if m1 == 0 => {
            if let Some(Op::Imm(0)) = ops.first() {
                ops.remove(0);
            }
            // With an index and no base GNU stops at the (optional, zero) base and never
            // closes the parenthesis: `nop 4066(%r13`.
            if let Some(Op::Mem(d, inside)) = ops.first() {
                if let [x, b] = inside.as_slice() {
                    if b == "%r0" {
                        let text = format!("{d}({x}");
                        return ("nop".to_owned(), vec![Op::Reg(text)]);
                    }
                }
            }
            return ("nop".to_owned(), ops);
        }
        (0xa7, 4) if m1 == 0 && b1 & 15 == 4 => {
            return ("jnop".to_owned(), last_only(ops));
        }
        (0xc0, 6) if m1 == 0 && b1 & 15 == 4 => {
            return ("jgnop".to_owned(), last_only(ops));
        }
        _ => {}
    }
    // The z15 vector FP conversions of 32-bit elements: capstone names them by the
    // doubleword forms with element size 2 (`vcdg %v0,%v0,2,0,0` for `vcefb %v0,%v0,0,0`).
    if let ([0xe7, .., b4, op @ 0xc0..=0xc3], [v1, v2, _, Op::Imm(m4), m5]) = (raw, ops.as_slice())
    {
        if b4 >> 4 == 2 {
            let name = match op {
                0xc0 => "clfeb",
                0xc1 => "celfb",
                0xc2 => "cfeb",
                _ => "cefb",
            };
            let w = if m4 & 8 != 0 { 'w' } else { 'v' };
            let ops = vec![v1.clone(), v2.clone(), Op::Imm(m4 & !8), m5.clone()];
            return (format!("{w}{name}"), ops);
        }
    }
    let name = match mn.as_str() {
        // risbg/risbgn with the zero-remaining-bits flag: GNU's `…z` names, with the flag
        // out of the fourth operand.
        "risbg" | "risbgn" if raw.get(3).is_some_and(|b| b & 0xc0 == 0x80) => {
            if let Some(Op::Imm(v)) = ops.get_mut(3) {
                *v &= 0x3f;
            }
            format!("{mn}z")
        }
        m => match renamed(m) {
            Some(r) => r.to_owned(),
            None => compare_branch(&mn).unwrap_or(mn),
        },
    };
    if optional_last(&name) && ops.last() == Some(&Op::Imm(0)) {
        ops.pop();
    }
    if let Some(Op::Reg(r)) = dfp_gpr_operand(&name).and_then(|k| ops.get_mut(k)) {
        if let Some(num) = r.strip_prefix("%f") {
            *r = format!("%r{num}");
        }
    }
    (name, ops)
}

/// Only the last operand (the branch target).
fn last_only(mut ops: Vec<Op>) -> Vec<Op> {
    ops.pop().into_iter().collect()
}

/// `crjlh` → `crjne` and the like.
fn compare_branch(mn: &str) -> Option<String> {
    let base = COMPARE_BRANCH.iter().find(|b| mn.starts_with(**b))?;
    let cond = mn.get(base.len()..)?;
    let gnu = match cond {
        "lh" => "ne",
        "he" => "nl",
        "le" => "nh",
        _ => return None,
    };
    Some(format!("{base}{gnu}"))
}

/// The indices of the operands that are PC-relative (capstone gives them as absolute
/// target addresses).
fn pcrel_operands(raw: &[u8], n: usize) -> Vec<usize> {
    let b0 = raw.first().copied().unwrap_or(0);
    let lo = raw.get(1).copied().unwrap_or(0) & 15;
    let last = n.checked_sub(1);
    let rel = match b0 {
        0xa7 => matches!(lo, 4..=7),
        0xc0 => matches!(lo, 0 | 4 | 5),
        0xc4 | 0xc6 | 0x84 | 0x85 => true,
        0xcc => lo == 6,
        0xec => matches!(
            raw.get(5),
            Some(0x44 | 0x45 | 0x64 | 0x65 | 0x76 | 0x77 | 0x7c..=0x7f)
        ),
        // bprp m1,ri2,ri3 and bpp m1,ri2,d3(b3).
        0xc5 => return vec![1, 2],
        0xc7 => return vec![1],
        _ => false,
    };
    if rel {
        last.into_iter().collect()
    } else {
        Vec::new()
    }
}

/// How the instruction transfers control (the static target comes from its operands).
fn flow(raw: &[u8]) -> (Flow, Option<u64>) {
    let b0 = raw.first().copied().unwrap_or(0);
    let b1 = raw.get(1).copied().unwrap_or(0);
    let (m1, r2, lo) = (b1 >> 4, b1 & 15, b1 & 15);
    let b5 = raw.get(5).copied().unwrap_or(0);
    let on_mask = |m: u8| match m {
        0 => Flow::Other,
        15 => Flow::Jump,
        _ => Flow::CondJump,
    };
    let f = match (b0, raw.len()) {
        (0x07, 2) if r2 == 0 => Flow::Other,
        (0x07, 2) if m1 == 15 && r2 == 14 => Flow::Return,
        (0x07, 2) => on_mask(m1),
        (0x47, 4) => on_mask(m1),
        (0xa7, 4) if lo == 4 => on_mask(m1),
        (0xc0, 6) if lo == 4 => on_mask(m1),
        (0xe3, 6) if b5 == 0x47 => on_mask(m1),
        (0xa7, 4) if lo == 5 => Flow::Call,
        (0xc0, 6) if lo == 5 => Flow::Call,
        (0x05 | 0x0d, 2) if r2 == 0 => Flow::Other,
        (0x05 | 0x0d, 2) | (0x45 | 0x4d, 4) => Flow::Call,
        (0x06, 2) if r2 == 0 => Flow::Other,
        (0xb9, 4) if raw.get(1) == Some(&0x46) && raw.get(3).is_some_and(|b| b & 15 == 0) => {
            Flow::Other
        }
        (0xb9, 4) if raw.get(1) == Some(&0x46) => Flow::CondJump,
        (0x06, 2) | (0x46 | 0x84 | 0x85 | 0x86 | 0x87, 4) => Flow::CondJump,
        (0xa7, 4) if matches!(lo, 6 | 7) => Flow::CondJump,
        (0xcc, 6) if lo == 6 => Flow::CondJump,
        (0xe3, 6) if b5 == 0x46 => Flow::CondJump,
        (0xeb, 6) if matches!(b5, 0x44 | 0x45) => Flow::CondJump,
        (0xec, 6)
            if matches!(
                b5,
                0x44 | 0x45 | 0x64 | 0x65 | 0x76 | 0x77 | 0x7c..=0x7f | 0xe4..=0xe7 | 0xf6..=0xff
            ) =>
        {
            Flow::CondJump
        }
        (0x0a, 2) => Flow::Trap,
        (0x01, 2) if b1 == 0xff => Flow::Trap,
        (0xb2, 4) if b1 == 0xff => Flow::Trap,
        _ => Flow::Other,
    };
    (f, None)
}

/// `%rN`.
fn gpr(n: u8) -> Op {
    Op::Reg(format!("%r{n}"))
}

/// A vector register from its 4-bit field and RXB bit `rxb_bit` of byte 4.
fn vr(raw: &[u8], field: u8, rxb_bit: u8) -> Op {
    let rxb = raw.get(4).copied().unwrap_or(0) & 15;
    let hi = if rxb & rxb_bit != 0 { 16 } else { 0 };
    Op::Reg(format!("%v{}", field + hi))
}

/// A storage operand `d(x,b)` as GNU prints it: a zero index left out, a zero base left
/// out when nothing else is in the parentheses (else `%r0`).
fn mem(d: i64, x: u8, b: u8) -> Op {
    let mut inside = Vec::new();
    if x != 0 {
        inside.push(format!("%r{x}"));
    }
    if b != 0 || x != 0 {
        inside.push(format!("%r{b}"));
    }
    Op::Mem(d, inside)
}

/// A `d(b)` operand from the base nibble and 12-bit displacement in `hi` and `lo`.
fn bd12(hi: u8, lo: u8) -> Op {
    mem(i64::from(u16::from_be_bytes([hi & 15, lo])), 0, hi >> 4)
}

/// The name of a 4-byte instruction capstone does not decode whose only operand is `d(b)`.
fn lone_storage_operand(b0: u8, b1: u8) -> Option<&'static str> {
    Some(match (b0, b1) {
        (0x80, _) => "ssm",
        (0x82, _) => "lpsw",
        (0x93, _) => "ts",
        (0xb2, 0x00) => "lbear",
        (0xb2, 0x01) => "stbear",
        (0xb2, 0x8f) => "qpaci",
        _ => return None,
    })
}

/// GNU's names of the condition masks 1 to 14 (mask 8 is `e`, 7 `ne`…).
const COND: [&str; 14] = [
    "o", "h", "nle", "l", "nhe", "lh", "ne", "e", "nlh", "he", "nl", "le", "nh", "no",
];

/// Instructions of z15 (arch13) that capstone 5 does not decode, and forms of older ones
/// with fields it rejects (the alignment hint of `vl`/`vst`/`vlm`/`vstm`, `popcnt`'s
/// mask), decoded from the bytes (encodings from the z/Architecture Principles of
/// Operation).
fn own(raw: &[u8]) -> Option<(String, Vec<Op>)> {
    let n = |s: &str| s.to_owned();
    match *raw {
        // RRE / RRF-a / RRF-c: b9 op | r3/m 0 | r1 r2.
        [0xb9, op, b2, b3] => {
            let (r1, r2, r3, m) = (b3 >> 4, b3 & 15, b2 >> 4, b2 & 15);
            let rrf = |name: &str| Some((n(name), vec![gpr(r1), gpr(r2), gpr(r3)]));
            match op {
                0xf5 => rrf("ncrk"),
                0xe5 => rrf("ncgrk"),
                0x74 => rrf("nnrk"),
                0x64 => rrf("nngrk"),
                0x76 => rrf("nork"),
                0x66 => rrf("nogrk"),
                0x77 => rrf("nxrk"),
                0x67 => rrf("nxgrk"),
                0x75 => rrf("ocrk"),
                0x65 => rrf("ocgrk"),
                0x39 => rrf("dfltcc"),
                // RRE: the third byte must be zero.
                0x38 if b2 == 0 => Some((n("sortl"), vec![gpr(r1), gpr(r2)])),
                0x3a if b2 == 0 => Some((n("kdsa"), vec![gpr(r1), gpr(r2)])),
                0xa1 if b2 == 0 => Some((n("tpei"), vec![gpr(r1), gpr(r2)])),
                0x3b if b2 == 0 && b3 == 0 => Some((n("nnpa"), vec![])),
                // rdp r1,r3,r2[,m4]
                0x8b => {
                    let mut ops = vec![gpr(r1), gpr(r3), gpr(r2)];
                    if m != 0 {
                        ops.push(Op::Imm(m.into()));
                    }
                    Some((n("rdp"), ops))
                }
                0xe1 if r3 != 0 && m == 0 => {
                    Some((n("popcnt"), vec![gpr(r1), gpr(r2), Op::Imm(r3.into())]))
                }
                0xf0 | 0xe3 | 0xc0 => {
                    let base = match op {
                        0xf0 => "selr",
                        0xe3 => "selgr",
                        _ => "selfhr",
                    };
                    let mut ops = vec![gpr(r1), gpr(r2), gpr(r3)];
                    match COND.get(usize::from(m).wrapping_sub(1)) {
                        Some(c) => Some((format!("{base}{c}"), ops)),
                        None => {
                            ops.push(Op::Imm(m.into()));
                            Some((n(base), ops))
                        }
                    }
                }
                _ => None,
            }
        }
        // Instructions with a lone d(b) operand (S; `ssm`/`lpsw`/`ts` are SI/RS forms whose
        // second byte GNU ignores and capstone wants zero).
        [b0, b1, b2, b3] => lone_storage_operand(b0, b1).map(|name| (n(name), vec![bd12(b2, b3)])),
        // lpswey d1(b1) (SIY, 20-bit signed displacement).
        [0xeb, 0, b2, b3, b4, 0x71] => {
            let dl = i64::from(u16::from_be_bytes([b2 & 15, b3]));
            let d = (i64::from(b4 as i8) << 12) | dl;
            Some((n("lpswey"), vec![mem(d, 0, b2 >> 4)]))
        }
        // mvcrl d1(b1),d2(b2) (SSE).
        [0xe5, 0x0a, b2, b3, b4, b5] => Some((n("mvcrl"), vec![bd12(b2, b3), bd12(b4, b5)])),
        [0xe6 | 0xe7, b1, b2, b3, b4, op] => {
            let (f1, f2, f3, f4) = (b1 >> 4, b1 & 15, b2 >> 4, b4 >> 4);
            let m3 = b4 >> 4;
            let d2 = i64::from(u16::from_be_bytes([b2 & 15, b3]));
            let vrx = mem(d2, f2, f3);
            if raw.first() == Some(&0xe6) {
                vector_e6(raw, op, f1, vrx, m3).or_else(|| vector_z16(raw, op))
            } else {
                match op {
                    // vl/vst with an alignment hint.
                    0x06 | 0x0e => {
                        let name = if op == 0x06 { "vl" } else { "vst" };
                        let mut ops = vec![vr(raw, f1, 8), vrx];
                        if m3 != 0 {
                            ops.push(Op::Imm(m3.into()));
                        }
                        Some((n(name), ops))
                    }
                    // vlm/vstm with an alignment hint.
                    0x36 | 0x3e => {
                        let name = if op == 0x36 { "vlm" } else { "vstm" };
                        let d = mem(d2, 0, f3);
                        let mut ops = vec![vr(raw, f1, 8), vr(raw, f2, 4), d];
                        if m3 != 0 {
                            ops.push(Op::Imm(m3.into()));
                        }
                        Some((n(name), ops))
                    }
                    // vsld/vsrd v1,v2,v3,i4 (VRI-d).
                    0x86 | 0x87 if b2 & 15 == 0 && b4 >> 4 == 0 => {
                        let name = if op == 0x86 { "vsld" } else { "vsrd" };
                        let ops = vec![
                            vr(raw, f1, 8),
                            vr(raw, f2, 4),
                            vr(raw, f3, 2),
                            Op::Imm(b3.into()),
                        ];
                        Some((n(name), ops))
                    }
                    // vstrs v1,v2,v3,v4,m5,m6 (VRR-d).
                    0x8b if b3 & 15 == 0 => {
                        let (m5, m6) = (b2 & 15, b3 >> 4);
                        let mut ops = vec![
                            vr(raw, f1, 8),
                            vr(raw, f2, 4),
                            vr(raw, f3, 2),
                            vr(raw, f4, 1),
                        ];
                        let sfx = ["b", "h", "f"].get(usize::from(m5));
                        match (sfx, m6) {
                            (Some(s), 2) => Some((format!("vstrsz{s}"), ops)),
                            (Some(s), _) => {
                                if m6 != 0 {
                                    ops.push(Op::Imm(m6.into()));
                                }
                                Some((format!("vstrs{s}"), ops))
                            }
                            (None, _) => {
                                ops.push(Op::Imm(m5.into()));
                                if m6 != 0 {
                                    ops.push(Op::Imm(m6.into()));
                                }
                                Some((n("vstrs"), ops))
                            }
                        }
                    }
                    _ => None,
                }
            }
        }
        _ => None,
    }
}

/// The z15 byte-reversing and element-reversing vector loads and stores (VRX, `e6` …).
fn vector_e6(raw: &[u8], op: u8, f1: u8, vrx: Op, m3: u8) -> Option<(String, Vec<Op>)> {
    let v1 = vr(raw, f1, 8);
    // The base name, and the element-size suffixes GNU uses for masks 0, 1, 2…
    let (base, sized): (&str, &[Option<&str>]) = match op {
        0x06 => (
            "vlbr",
            &[
                None,
                Some("vlbrh"),
                Some("vlbrf"),
                Some("vlbrg"),
                Some("vlbrq"),
            ],
        ),
        0x07 => ("vler", &[None, Some("vlerh"), Some("vlerf"), Some("vlerg")]),
        0x04 => (
            "vllebrz",
            &[
                None,
                Some("vllebrzh"),
                Some("vllebrzf"),
                Some("ldrv"),
                None,
                None,
                Some("lerv"),
            ],
        ),
        0x05 => (
            "vlbrrep",
            &[None, Some("vlbrreph"), Some("vlbrrepf"), Some("vlbrrepg")],
        ),
        0x0e => (
            "vstbr",
            &[
                None,
                Some("vstbrh"),
                Some("vstbrf"),
                Some("vstbrg"),
                Some("vstbrq"),
            ],
        ),
        0x0f => (
            "vster",
            &[None, Some("vsterh"), Some("vsterf"), Some("vsterg")],
        ),
        0x0b => ("vstebrf", &[Some("sterv")]),
        0x0a => ("vstebrg", &[Some("stdrv")]),
        0x01 => ("vlebrh", &[]),
        0x09 => ("vstebrh", &[]),
        0x03 => ("vlebrf", &[]),
        0x02 => ("vlebrg", &[]),
        _ => return None,
    };
    match sized.get(usize::from(m3)).copied().flatten() {
        Some(name) => Some((name.to_owned(), vec![v1, vrx])),
        None => Some((base.to_owned(), vec![v1, vrx, Op::Imm(m3.into())])),
    }
}

/// The z16 (arch14) decimal and neural-network-processing vector instructions (`e6` …).
fn vector_z16(raw: &[u8], op: u8) -> Option<(String, Vec<Op>)> {
    let [_, b1, b2, b3, b4, _] = *raw else {
        return None;
    };
    let v1 = vr(raw, b1 >> 4, 8);
    let v2 = vr(raw, b1 & 15, 4);
    let v3 = vr(raw, b2 >> 4, 2);
    let u24 = Op::Imm((b3 >> 4).into());
    let u28 = Op::Imm((b3 & 15).into());
    let u32 = Op::Imm((b4 >> 4).into());
    let n = |s: &str| s.to_owned();
    // The fields GNU requires to be zero, per format: (third, fourth, fifth byte) masks.
    let zero = |m2: u8, m3: u8, m4: u8| b2 & m2 == 0 && b3 & m3 == 0 && b4 & m4 == 0;
    Some(match op {
        0x74 if !zero(0x0f, 0x0f, 0) => return None,
        0x7c if !zero(0x0f, 0xff, 0xf0) => return None,
        0x7d if !zero(0x0f, 0x0f, 0xf0) => return None,
        0x51 | 0x54 | 0x5c if !zero(0xff, 0x0f, 0xf0) => return None,
        0x70 | 0x72 if !zero(0x0f, 0, 0) => return None,
        0x56 | 0x5e | 0x5d | 0x55 if !zero(0xff, 0xf0, 0) => return None,
        0x75 if !zero(0x0f, 0xf0, 0) => return None,
        0x74 => match b4 >> 4 {
            2 => (n("vschsp"), vec![v1, v2, v3, u24]),
            3 => (n("vschdp"), vec![v1, v2, v3, u24]),
            4 => (n("vschxp"), vec![v1, v2, v3, u24]),
            _ => (n("vschp"), vec![v1, v2, v3, u32, u24]),
        },
        0x7c => (n("vscshp"), vec![v1, v2, v3]),
        0x7d => (n("vcsph"), vec![v1, v2, v3, u24]),
        0x51 => (n("vclzdp"), vec![v1, v2, u24]),
        0x54 => (n("vupkzh"), vec![v1, v2, u24]),
        0x5c => (n("vupkzl"), vec![v1, v2, u24]),
        0x70 | 0x72 => {
            let i4 = Op::Imm(i64::from(((b3 & 15) << 4) | (b4 >> 4)));
            let name = if op == 0x70 { "vpkzr" } else { "vsrpr" };
            (n(name), vec![v1, v2, v3, i4, u24])
        }
        0x56 => (n("vclfnh"), vec![v1, v2, u32, u28]),
        0x5e => (n("vclfnl"), vec![v1, v2, u32, u28]),
        0x5d => (n("vcfn"), vec![v1, v2, u32, u28]),
        0x55 => (n("vcnf"), vec![v1, v2, u32, u28]),
        0x75 => (n("vcrnf"), vec![v1, v2, v3, u32, u28]),
        _ => return None,
    })
}

/// GNU's names where they differ from capstone's (newer names of the same encodings).
fn renamed(mn: &str) -> Option<&'static str> {
    Some(match mn {
        "cu21" => "cuutf",
        "cu12" => "cutfu",
        "ppno" => "prno",
        "vcdg" => "vcfps",
        "vcdlg" => "vcfpl",
        "vcgd" => "vcsfp",
        "vclgd" => "vclfp",
        "vlde" => "vfll",
        "vldeb" => "vflls",
        "wldeb" => "wflls",
        "vled" => "vflr",
        "vledb" => "vflrd",
        "wledb" => "wflrd",
        _ => return None,
    })
}

/// Whether GNU leaves out the instruction's last operand when it is zero.
fn optional_last(mn: &str) -> bool {
    ["vfae", "vfee", "vfene", "vistr", "vstrc"]
        .iter()
        .any(|p| mn.starts_with(p))
        || matches!(
            mn,
            "troo"
                | "trot"
                | "trto"
                | "trtt"
                | "trte"
                | "trtre"
                | "cu24"
                | "cu21"
                | "cuutf"
                | "cu12"
                | "cutfu"
                | "cu14"
                | "crdte"
                | "idte"
                | "sske"
        )
}

/// The operand (by index) that is a general register where capstone names an FP one
/// (DFP extract/insert/reround).
fn dfp_gpr_operand(mn: &str) -> Option<usize> {
    match mn {
        "eedtr" | "eextr" | "esdtr" | "esxtr" => Some(0),
        "iedtr" | "iextr" | "rrdtr" | "rrxtr" => Some(2),
        _ => None,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::indexing_slicing)]
mod tests {
    use crate::{Arch, Disassembler, Flow};

    /// (flow, target, text) of the instruction `hex` at 0x1000.
    fn one(hex: &str) -> (Flow, Option<u64>, String, usize) {
        let bytes: Vec<u8> = (0..hex.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&hex[i..i + 2], 16).unwrap())
            .collect();
        let dis = Disassembler::new(Arch::S390X);
        let i = dis.iter(&bytes, 0x1000).next().unwrap();
        (i.flow, i.target, i.text, i.bytes.len())
    }

    #[test]
    fn flow_and_targets() {
        use Flow::*;
        let cases: &[(&str, Flow, Option<u64>, &str)] = &[
            ("c0e500000010", Call, Some(0x1020), "brasl\t%r14,1020"),
            ("a7e50008", Call, Some(0x1010), "bras\t%r14,1010"),
            ("0de1", Call, None, "basr\t%r14,%r1"),
            ("0d10", Other, None, "basr\t%r1,%r0"),
            ("07fe", Return, None, "br\t%r14"),
            ("07f1", Jump, None, "br\t%r1"),
            ("078e", CondJump, None, "ber\t%r14"),
            ("0700", Other, None, "nopr"),
            ("a7f4fff0", Jump, Some(0x0fe0), "j\tfe0"),
            ("a7740010", CondJump, Some(0x1020), "jne\t1020"),
            ("c0f400000010", Jump, Some(0x1020), "jg\t1020"),
            ("c08400000010", CondJump, Some(0x1020), "jge\t1020"),
            ("a7040010", Other, None, "jnop\t1020"),
            ("a7d7fffe", CondJump, Some(0x0ffc), "brctg\t%r13,ffc"),
            ("ec46000c007c", CondJump, Some(0x1018), "cgijne\t%r4,0,1018"),
            ("47f01000", Jump, None, "b\t0(%r1)"),
            ("c01000000010", Other, None, "larl\t%r1,1020"),
            ("0a00", Trap, None, "svc\t0"),
            ("e310f0380024", Other, None, "stg\t%r1,56(%r15)"),
        ];
        for &(hex, flow, target, text) in cases {
            let (f, t, s, _) = one(hex);
            assert_eq!((f, t, s.as_str()), (flow, target, text), "{hex}");
        }
    }

    #[test]
    fn options() {
        assert_eq!(Arch::S390X.with_options("zarch"), Ok(Arch::S390X));
        assert!(Arch::S390X.with_options("esa").is_err());
    }

    #[test]
    fn undecodable_bytes() {
        // GNU takes four bytes for `.long` whatever the length bits say, else what is left.
        let cases = [
            ("0000e3100000", ".long\t0x0000e310", 4),
            ("e310", ".short\t0xe310", 2),
            ("e31000", ".byte\t0xe30x100x00", 3),
            ("e3", ".byte\t0xe3", 1),
            ("e310f03800", ".long\t0xe310f038", 4),
        ];
        for (hex, text, len) in cases {
            assert_eq!(
                one(hex),
                (Flow::Invalid, None, text.to_owned(), len),
                "{hex}"
            );
        }
    }
}
