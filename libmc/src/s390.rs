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
//! Instructions are 2, 4 or 6 bytes long, as the two top bits of the first byte say
//! (`00` → 2, `01`/`10` → 4, `11` → 6). Bytes that do not decode print as GNU prints them:
//! `.long 0x%08x` of the first four bytes (whatever the length bits say), `.short 0x%04x`
//! when only two or three bytes are left… exactly: four or more bytes left give `.long`,
//! two give `.short`, one or three give `.byte` with the values run together
//! (`.byte 0x010x02`, as GNU writes them).
//!
//! objdump's raw-byte column for s390 (the caller's job) shows up to 6 bytes per line,
//! each byte as two hex digits followed by a blank (`e3 10 f0 38 00 24 `), padded to 6
//! bytes' width, so 2- and 4-byte instructions line up with 6-byte ones.

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
        let Some(cs) = &self.cs else {
            return invalid();
        };
        let Ok(insns) = cs.disasm_count(raw, addr, 1) else {
            return invalid();
        };
        let Some(i) = insns.iter().next() else {
            return invalid();
        };
        if i.bytes().len() != len {
            return invalid();
        }
        let Ok(detail) = cs.insn_detail(i) else {
            return invalid();
        };
        let ArchDetail::SysZDetail(d) = detail.arch_detail() else {
            return invalid();
        };
        let ops: Vec<SysZOperand> = d.operands().collect();
        let (mn, ops) = gnu_form(i.mnemonic().unwrap_or_default(), ops, raw);
        let pcrel = pcrel_operands(raw, ops.len());
        let (flow, mut target) = flow(raw);
        let mut s = mn;
        for (k, o) in ops.iter().enumerate() {
            s.push(if k == 0 { '\t' } else { ',' });
            match o {
                SysZOperand::Imm(v) if pcrel.contains(&k) => {
                    let t = *v as u64;
                    target = target.or(Some(t));
                    res.address(t, &mut s);
                }
                SysZOperand::Reg(r) | SysZOperand::AcReg(r) => self.reg(*r, &mut s),
                SysZOperand::Imm(v) => {
                    let _ = write!(s, "{v}");
                }
                SysZOperand::Mem(m) => {
                    let _ = write!(s, "{}", m.disp());
                    let (base, index, length) = (m.base(), m.index(), m.length());
                    if length != 0 || index != 0 || base != 0 {
                        s.push('(');
                        if length != 0 {
                            let _ = write!(s, "{length},");
                        }
                        if index != 0 {
                            self.reg(RegId(u16::from(index)), &mut s);
                            s.push(',');
                        }
                        if base == 0 {
                            s.push_str("%r0");
                        } else {
                            self.reg(RegId(u16::from(base)), &mut s);
                        }
                        s.push(')');
                    }
                }
                SysZOperand::Invalid => s.push('?'),
            }
        }
        if flow != Flow::Call && !matches!(flow, Flow::Jump | Flow::CondJump) {
            target = None;
        }
        Insn::new(addr, raw, flow, target, s)
    }

    /// Append `%name` of capstone register `r`.
    fn reg(&self, r: RegId, s: &mut String) {
        s.push('%');
        s.push_str(self.regs.get(usize::from(r.0)).map_or("?", String::as_str));
    }
}

/// The condition suffixes of GNU's compare-and-branch/trap mnemonics (`crjne`, `cgitnl`)
/// differ from the branch ones capstone uses for masks 6, 10 and 12.
const COMPARE_BRANCH: [&str; 26] = [
    "clgrb", "clgrj", "clgrt", "clgib", "clgij", "clgit", "clrb", "clrj", "clrt", "clib", "clij",
    "clfit", "clgt", "cgrb", "cgrj", "cgrt", "cgib", "cgij", "cgit", "clt", "crb", "crj", "crt",
    "cib", "cij", "cit",
];

/// GNU's mnemonic and operand list for capstone's.
fn gnu_form(mn: &str, mut ops: Vec<SysZOperand>, raw: &[u8]) -> (String, Vec<SysZOperand>) {
    let b0 = raw.first().copied().unwrap_or(0);
    let b1 = raw.get(1).copied().unwrap_or(0);
    let m1 = b1 >> 4;
    match (b0, raw.len()) {
        // bcr 0,%rN is `nopr` (the register left out when 0).
        (0x07, 2) if m1 == 0 => {
            ops.retain(|o| !matches!(o, SysZOperand::Imm(_)));
            if b1 & 15 == 0 {
                ops.clear();
            }
            return ("nopr".to_owned(), ops);
        }
        // bc 0,… is `nop`.
        (0x47, 4) if m1 == 0 => {
            if let Some(SysZOperand::Imm(0)) = ops.first() {
                ops.remove(0);
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
    let name = match mn {
        // risbg/risbgn with the zero-remaining-bits flag: GNU's `…z` names, with the flag
        // out of the fourth operand.
        "risbg" | "risbgn" if raw.get(3).is_some_and(|b| b & 0xc0 == 0x80) => {
            if let Some(SysZOperand::Imm(v)) = ops.get_mut(3) {
                *v &= 0x3f;
            }
            format!("{mn}z")
        }
        _ => compare_branch(mn).unwrap_or_else(|| mn.to_owned()),
    };
    (name, ops)
}

/// Only the last operand (the branch target).
fn last_only(mut ops: Vec<SysZOperand>) -> Vec<SysZOperand> {
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
