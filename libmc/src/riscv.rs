//! RISC-V (RV32/RV64 with the C extension) on capstone's decoder with our own printer in
//! GNU objdump 2.40's conventions.
//!
//! capstone says which instruction a word is (and unscrambles the immediates of the
//! compressed forms); the operands of 32-bit instructions come from the word's fields. Every
//! instruction is first put in its base form (`c.addi16sp sp,-208` → `addi sp,sp,-208`),
//! then printed as GNU prints it by default: its aliases (`li`, `mv`, `j`, `ret`, `beqz`,
//! `sext.w`, …), its spelling of immediate forms without the `i` (`add sp,sp,-16`,
//! `srl t1,t1,0x1`), decimal immediates and offsets, `0x` for `lui`/`auipc` and shift
//! amounts, branch targets as addresses through the [`Resolver`], and the ` # addr` comment
//! after an instruction that completes an address begun by `lui` or `auipc`.

use std::fmt;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use capstone::arch::riscv::{ArchExtraMode, ArchMode, RiscVOperand};
use capstone::arch::{ArchDetail, BuildsCapstone, BuildsCapstoneExtraMode, DetailsArchInsn};
use capstone::Capstone;

use crate::{Arch, Flow, Insn, Machine, Resolver};

/// ABI names of the integer registers.
const X: [&str; 32] = [
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4",
    "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
    "t5", "t6",
];

/// ABI names of the floating-point registers.
const F: [&str; 32] = [
    "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1", "fa2",
    "fa3", "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8", "fs9",
    "fs10", "fs11", "ft8", "ft9", "ft10", "ft11",
];

/// Rounding-mode names (`rm` field); 7 (`dyn`) is not printed.
const RM: [&str; 8] = ["rne", "rtz", "rdn", "rup", "rmm", "", "", "dyn"];

/// A RISC-V decoder/printer.
pub(crate) struct RiscV {
    cs: Option<Capstone>,
    rv64: bool,
    /// `-M no-aliases`: base names, compressed instructions under their `c.` names.
    no_aliases: bool,
    /// `-M numeric`: `x5`, `f10` for registers.
    numeric: bool,
    /// Registers whose value an earlier `lui`/`auipc` set (bit n: `x`n), and the values.
    known: AtomicU32,
    hi: [AtomicU64; 32],
}

impl fmt::Debug for RiscV {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RiscV").field("rv64", &self.rv64).finish()
    }
}

/// One operand of an instruction in its base form.
#[derive(Debug, Clone, PartialEq)]
enum Op {
    /// Integer register `x`n.
    X(u32),
    /// Floating-point register `f`n.
    F(u32),
    /// A signed immediate, printed in decimal.
    Imm(i64),
    /// An immediate printed in hexadecimal (`lui`/`auipc` values, shift amounts).
    Hex(u64),
    /// `off(xN)`.
    Mem(i64, u32),
    /// `(xN)`: the address operand of `lr`, `sc` and the AMOs.
    Paren(u32),
    /// A branch or jump target address.
    Target(u64),
    /// Text printed as is (CSR names, fence sets, rounding modes).
    Text(String),
}

impl RiscV {
    pub(crate) fn new(arch: Arch) -> RiscV {
        let rv64 = arch.machine == Machine::RiscV64;
        let mode = if rv64 {
            ArchMode::RiscV64
        } else {
            ArchMode::RiscV32
        };
        let cs = Capstone::new()
            .riscv()
            .mode(mode)
            .extra_mode([ArchExtraMode::RiscVC].into_iter())
            .detail(true)
            .build()
            .ok();
        RiscV {
            cs,
            rv64,
            no_aliases: arch.no_aliases,
            numeric: arch.numeric,
            known: AtomicU32::new(0),
            hi: Default::default(),
        }
    }

    fn set_hi(&self, r: u32, v: Option<u64>) {
        if r == 0 || r > 31 {
            return;
        }
        match v {
            Some(v) => {
                if let Some(h) = self.hi.get(r as usize) {
                    h.store(v, Ordering::Relaxed);
                }
                self.known.fetch_or(1 << r, Ordering::Relaxed);
            }
            None => {
                self.known.fetch_and(!(1 << r), Ordering::Relaxed);
            }
        }
    }

    /// The address `off(xBASE)` when an earlier `lui`/`auipc` set BASE (which is then
    /// forgotten), or when BASE is `tp` or `zero`; `wide`: a 32-bit result, sign-extended.
    fn complete(&self, base: u32, off: i64, wide: bool) -> Option<u64> {
        let known = base != 0 && base < 32 && self.known.load(Ordering::Relaxed) & (1 << base) != 0;
        let hi = if known {
            self.set_hi(base, None);
            self.hi.get(base as usize)?.load(Ordering::Relaxed)
        } else if base == 0 || base == 4 {
            0
        } else {
            return None;
        };
        let a = hi.wrapping_add(off as u64);
        Some(if wide { i64::from(a as i32) as u64 } else { a })
    }

    pub(crate) fn decode<'a>(&self, bytes: &'a [u8], addr: u64, res: &dyn Resolver) -> Insn<'a> {
        let len = insn_len(bytes);
        let raw = bytes.get(..len).unwrap_or(bytes);
        let word = raw
            .iter()
            .take(4)
            .rev()
            .fold(0u32, |w, &b| (w << 8) | u32::from(b));
        let data = |raw: &'a [u8]| {
            let text = match raw.len() {
                2 => format!(".2byte\t0x{word:x}"),
                4 => format!(".4byte\t0x{word:x}"),
                8 => {
                    let v = raw.iter().rev().fold(0u64, |w, &b| (w << 8) | u64::from(b));
                    format!(".8byte\t0x{v:x}")
                }
                _ => {
                    let list: Vec<String> = raw.iter().map(|b| format!("0x{b:02x}")).collect();
                    format!(".byte\t{}", list.join(", "))
                }
            };
            Insn::new(addr, raw, Flow::Invalid, None, text)
        };
        if raw.len() < len || len > 4 {
            return data(raw);
        }
        if (len == 2 && word == 0) || (len == 4 && word == 0xc000_1073) {
            let name = if len == 2 && self.no_aliases {
                "c.unimp"
            } else {
                "unimp"
            };
            return Insn::new(addr, raw, Flow::Trap, None, name.to_owned());
        }
        let Some(base) = self.base_form(raw, word, addr) else {
            return data(raw);
        };
        let (mn, ops) = base;
        let (flow, target) = flow(&mn, &ops);
        // `-M no-aliases` prints a compressed instruction under its own name.
        let cname = if self.no_aliases && len == 2 {
            self.cs
                .as_ref()
                .and_then(|cs| cs.disasm_count(raw, addr, 1).ok())
                .and_then(|i| {
                    i.iter()
                        .next()
                        .and_then(|i| i.mnemonic().map(str::to_owned))
                })
        } else {
            None
        };
        // Of the compressed forms, only `c.addi` and `c.addiw` complete an address.
        let completes =
            len == 4 || word & 0xe003 == 0x0001 || (self.rv64 && word & 0xe003 == 0x2001);
        let (text, note) = self.print(&mn, &ops, cname.as_deref(), addr, completes, res);
        // A `jalr` completing an `auipc`/`lui` address has that static target (GNU's
        // printer reports it as the branch's target).
        let target = match flow {
            Flow::Call | Flow::Jump | Flow::Return => target.or(note),
            _ => target,
        };
        Insn::new(addr, raw, flow, target, text)
    }

    /// The instruction in its base (uncompressed) form: mnemonic and operands.
    fn base_form(&self, raw: &[u8], w: u32, addr: u64) -> Option<(String, Vec<Op>)> {
        let cs = self.cs.as_ref()?;
        let insns = cs.disasm_count(raw, addr, 1).ok()?;
        let i = insns.iter().next()?;
        let name = cs.insn_name(i.id())?;
        if raw.len() == 2 {
            let detail = cs.insn_detail(i).ok()?;
            let ArchDetail::RiscVDetail(d) = detail.arch_detail() else {
                return None;
            };
            let ops: Vec<RiscVOperand> = d.operands().collect();
            return compressed(&name, &ops, addr);
        }
        Some(self.full(&name, w, addr))
    }

    /// A 32-bit instruction's operands from its fields.
    fn full(&self, name: &str, w: u32, addr: u64) -> (String, Vec<Op>) {
        let rd = (w >> 7) & 31;
        let rs1 = (w >> 15) & 31;
        let rs2 = (w >> 20) & 31;
        let rs3 = w >> 27;
        let rm = (w >> 12) & 7;
        let imm_i = i64::from((w as i32) >> 20);
        let imm_s = i64::from((((w & 0xfe00_0000) as i32) >> 20) | ((w >> 7) & 31) as i32);
        let imm_b = i64::from(
            (((w & 0x8000_0000) as i32) >> 19)
                | ((w & 0x80) << 4) as i32
                | ((w >> 20) & 0x7e0) as i32
                | ((w >> 7) & 0x1e) as i32,
        );
        let imm_j = i64::from(
            (((w & 0x8000_0000) as i32) >> 11)
                | (w & 0xf_f000) as i32
                | ((w >> 9) & 0x800) as i32
                | ((w >> 20) & 0x7fe) as i32,
        );
        let target = |off: i64| Op::Target(addr.wrapping_add(off as u64));
        let opcode = w & 0x7f;
        let n = name.to_owned();
        use Op::*;
        match opcode {
            0x37 | 0x17 => (n, vec![X(rd), Hex(u64::from(w >> 12))]),
            0x6f => (n, vec![X(rd), target(imm_j)]),
            0x67 => (n, vec![X(rd), Mem(imm_i, rs1)]),
            0x63 => (n, vec![X(rs1), X(rs2), target(imm_b)]),
            0x03 => (n, vec![X(rd), Mem(imm_i, rs1)]),
            0x07 => (n, vec![F(rd), Mem(imm_i, rs1)]),
            0x23 => (n, vec![X(rs2), Mem(imm_s, rs1)]),
            0x27 => (n, vec![F(rs2), Mem(imm_s, rs1)]),
            0x13 | 0x1b => match (w >> 12) & 7 {
                1 | 5 => {
                    let shamt = if opcode == 0x13 && self.rv64 {
                        (w >> 20) & 63
                    } else {
                        (w >> 20) & 31
                    };
                    (n, vec![X(rd), X(rs1), Hex(u64::from(shamt))])
                }
                _ => (n, vec![X(rd), X(rs1), Imm(imm_i)]),
            },
            0x33 | 0x3b => (n, vec![X(rd), X(rs1), X(rs2)]),
            0x0f => {
                if name == "fence" {
                    let set = |b: u32| {
                        let s: String = [(8, 'i'), (4, 'o'), (2, 'r'), (1, 'w')]
                            .iter()
                            .filter(|(m, _)| b & m != 0)
                            .map(|(_, c)| *c)
                            .collect();
                        if s.is_empty() {
                            "0".to_owned()
                        } else {
                            s
                        }
                    };
                    let (pred, succ) = ((w >> 24) & 15, (w >> 20) & 15);
                    if pred == 15 && succ == 15 && !self.no_aliases {
                        (n, vec![])
                    } else {
                        (n, vec![Text(set(pred)), Text(set(succ))])
                    }
                } else {
                    (n, vec![])
                }
            }
            0x73 => {
                let f3 = (w >> 12) & 7;
                if f3 == 0 {
                    return (n, vec![]);
                }
                let csr = Text(csr_name(w >> 20));
                if f3 >= 5 {
                    (n, vec![X(rd), csr, Imm(i64::from(rs1))])
                } else {
                    (n, vec![X(rd), csr, X(rs1)])
                }
            }
            0x2f => {
                let f5 = w >> 27;
                let width = if (w >> 12) & 7 == 3 { "d" } else { "w" };
                let op = match f5 {
                    0 => "amoadd",
                    1 => "amoswap",
                    2 => "lr",
                    3 => "sc",
                    4 => "amoxor",
                    8 => "amoor",
                    12 => "amoand",
                    16 => "amomin",
                    20 => "amomax",
                    24 => "amominu",
                    28 => "amomaxu",
                    _ => return (n, vec![]),
                };
                let order = match (w >> 25) & 3 {
                    0 => "",
                    1 => ".rl",
                    2 => ".aq",
                    _ => ".aqrl",
                };
                let mn = format!("{op}.{width}{order}");
                if f5 == 2 {
                    (mn, vec![X(rd), Paren(rs1)])
                } else {
                    (mn, vec![X(rd), X(rs2), Paren(rs1)])
                }
            }
            0x43 | 0x47 | 0x4b | 0x4f => {
                let mut ops = vec![F(rd), F(rs1), F(rs2), F(rs3)];
                push_rm(&mut ops, rm);
                (n, ops)
            }
            0x53 => fp_op(n, rd, rs1, rs2, rm),
            _ => (n, vec![]),
        }
    }

    fn print(
        &self,
        mn: &str,
        ops: &[Op],
        cname: Option<&str>,
        addr: u64,
        completes: bool,
        res: &dyn Resolver,
    ) -> (String, Option<u64>) {
        // The address an instruction completes from a register `lui`/`auipc` set; GNU
        // 2.40 keeps such a value until an instruction uses it (writes in between do not
        // forget it), and takes `tp`- and `zero`-based offsets as addresses.
        let mut note = None;
        match (mn, ops) {
            ("lui", [Op::X(rd), Op::Hex(v)]) => {
                self.set_hi(*rd, Some(sext32((*v << 12) as u32, self.rv64)));
            }
            ("auipc", [Op::X(rd), Op::Hex(v)]) => {
                let v = sext32((*v << 12) as u32, self.rv64);
                self.set_hi(*rd, Some(addr.wrapping_add(v)));
            }
            _ if !completes => {}
            (m, [.., Op::Mem(off, b)]) if !m.starts_with("jalr") || *b != 0 => {
                note = self.complete(*b, *off, false);
            }
            // `mv` and `sext.w` (an immediate of 0) print no immediate and complete nothing;
            // under `-M no-aliases` they are `addi`/`addiw` with their 0, and do.
            ("addi", [Op::X(_), Op::X(rs), Op::Imm(imm)])
                if *rs != 0 && (*imm != 0 || self.no_aliases) =>
            {
                note = self.complete(*rs, *imm, false);
            }
            ("addiw", [Op::X(_), Op::X(rs), Op::Imm(imm)])
                if *rs != 0 && (*imm != 0 || self.no_aliases) =>
            {
                note = self.complete(*rs, *imm, true);
            }
            _ => {}
        }
        let (mn, ops) = match cname {
            // capstone's `c.nop` is GNU's `c.addi zero,0`.
            Some("c.nop") => ("c.addi".to_owned(), vec![Op::X(0), Op::Imm(0)]),
            Some(c) => (c.to_owned(), compressed_operands(c, ops)),
            None if self.no_aliases => (mn.to_owned(), ops.to_vec()),
            None => alias(mn, ops),
        };
        let numeric = self.numeric;
        let xr = |s: &mut String, r: u32| {
            if numeric {
                let _ = write!(s, "x{r}");
            } else {
                s.push_str(X.get(r as usize).copied().unwrap_or("?"));
            }
        };
        let mut s = mn.clone();
        for (k, o) in ops.iter().enumerate() {
            s.push(if k == 0 { '\t' } else { ',' });
            match o {
                Op::X(r) => xr(&mut s, *r),
                Op::F(r) if numeric => {
                    let _ = write!(s, "f{r}");
                }
                Op::F(r) => s.push_str(F.get(*r as usize).copied().unwrap_or("?")),
                Op::Imm(v) => {
                    let _ = write!(s, "{v}");
                }
                Op::Hex(v) => {
                    let _ = write!(s, "0x{v:x}");
                }
                Op::Mem(off, b) => {
                    let _ = write!(s, "{off}(");
                    xr(&mut s, *b);
                    s.push(')');
                }
                Op::Paren(b) => {
                    s.push('(');
                    xr(&mut s, *b);
                    s.push(')');
                }
                Op::Target(t) => res.address(*t, &mut s),
                Op::Text(t) => s.push_str(t),
            }
        }
        let note = note.map(|a| if self.rv64 { a } else { a & 0xffff_ffff });
        if let Some(a) = note {
            s.push_str(" # ");
            res.address(a, &mut s);
        }
        (s, note)
    }
}

/// The length of the instruction at the start of `bytes` by its low bits (the RISC-V
/// encoding's length rule; reserved longer encodings count as 2 bytes, as GNU takes them).
fn insn_len(bytes: &[u8]) -> usize {
    let b0 = bytes.first().copied().unwrap_or(0);
    let b1 = bytes.get(1).copied().unwrap_or(0);
    let h = u16::from(b0) | (u16::from(b1) << 8);
    if h & 3 != 3 {
        2
    } else if h & 0x1f != 0x1f {
        4
    } else if h & 0x3f == 0x1f {
        6
    } else if h & 0x7f == 0x3f {
        8
    } else if h & 0x7f == 0x7f && (h >> 12) & 7 != 7 {
        10 + 2 * usize::from((h >> 12) & 7)
    } else {
        2
    }
}

/// Sign-extends a 32-bit value on RV64.
fn sext32(v: u32, rv64: bool) -> u64 {
    if rv64 {
        i64::from(v as i32) as u64
    } else {
        u64::from(v)
    }
}

fn push_rm(ops: &mut Vec<Op>, rm: u32) {
    if rm != 7 {
        if let Some(n) = RM.get(rm as usize) {
            ops.push(Op::Text((*n).to_owned()));
        }
    }
}

/// Operands of the OP-FP major opcode.
fn fp_op(n: String, rd: u32, rs1: u32, rs2: u32, rm: u32) -> (String, Vec<Op>) {
    use Op::*;
    let m = n.as_str();
    let mut ops;
    if m.starts_with("fcvt.") {
        let mut parts = m.split('.').skip(1);
        let to = parts.next().unwrap_or_default();
        let from = parts.next().unwrap_or_default();
        let int = |t: &str| matches!(t, "w" | "wu" | "l" | "lu");
        let d = if int(to) { X(rd) } else { F(rd) };
        let s = if int(from) { X(rs1) } else { F(rs1) };
        ops = vec![d, s];
        // Conversions that are always exact take no rounding mode.
        let exact = to == "d" && matches!(from, "w" | "wu" | "s");
        if !exact {
            push_rm(&mut ops, rm);
        }
    } else if m.starts_with("fmv.x.") || m.starts_with("fclass.") {
        ops = vec![X(rd), F(rs1)];
    } else if m.starts_with("fmv.") {
        ops = vec![F(rd), X(rs1)];
    } else if m.starts_with("feq.") || m.starts_with("flt.") || m.starts_with("fle.") {
        ops = vec![X(rd), F(rs1), F(rs2)];
    } else if m.starts_with("fsqrt.") {
        ops = vec![F(rd), F(rs1)];
        push_rm(&mut ops, rm);
    } else if m.starts_with("fsgnj") || m.starts_with("fmin.") || m.starts_with("fmax.") {
        ops = vec![F(rd), F(rs1), F(rs2)];
    } else {
        ops = vec![F(rd), F(rs1), F(rs2)];
        push_rm(&mut ops, rm);
    }
    (n, ops)
}

/// A compressed instruction in its base form, from capstone's operands.
fn compressed(name: &str, ops: &[RiscVOperand], addr: u64) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let reg = |k: usize| -> Option<Op> {
        match ops.get(k)? {
            RiscVOperand::Reg(r) => {
                let id = u32::from(r.0);
                match id {
                    1..=32 => Some(X(id - 1)),
                    // capstone numbers f registers after the x registers, two ids apiece.
                    33..=96 => Some(F((id - 33) / 2)),
                    _ => None,
                }
            }
            _ => None,
        }
    };
    let imm = |k: usize| -> Option<i64> {
        match ops.get(k)? {
            RiscVOperand::Imm(v) => Some(*v),
            _ => None,
        }
    };
    let xn = |o: Option<Op>| -> Option<u32> {
        match o? {
            X(r) => Some(r),
            _ => None,
        }
    };
    let mem = |k: usize| -> Option<(i64, u32)> {
        match (ops.get(k)?, ops.get(k + 1)) {
            (RiscVOperand::Mem(m), _) => Some((m.disp(), u32::from(m.base().0).checked_sub(1)?)),
            (RiscVOperand::Imm(v), Some(RiscVOperand::Reg(r))) => {
                Some((*v, u32::from(r.0).checked_sub(1)?))
            }
            _ => None,
        }
    };
    let target = |off: i64| Target(addr.wrapping_add(off as u64));
    let base = name.strip_prefix("c.")?;
    let out = match base {
        "nop" => ("addi", vec![X(0), X(0), Imm(0)]),
        "ebreak" => ("ebreak", vec![]),
        "addi16sp" => ("addi", vec![X(2), X(2), Imm(imm(1)?)]),
        "addi4spn" => ("addi", vec![reg(0)?, X(2), Imm(imm(2)?)]),
        "addi" | "addiw" | "andi" => {
            let r = reg(0)?;
            let b = if base == "andi" { "andi" } else { base };
            (b, vec![r.clone(), r, Imm(imm(1)?)])
        }
        "slli" | "srli" | "srai" => {
            let r = reg(0)?;
            (base, vec![r.clone(), r, Hex(imm(1)? as u64)])
        }
        "li" => ("addi", vec![reg(0)?, X(0), Imm(imm(1)?)]),
        "lui" => ("lui", vec![reg(0)?, Hex((imm(1)? as u64) & 0xf_ffff)]),
        "mv" => ("add", vec![reg(0)?, X(0), reg(1)?]),
        "add" | "sub" | "xor" | "or" | "and" | "addw" | "subw" => {
            let r = reg(0)?;
            (base, vec![r.clone(), r, reg(1)?])
        }
        "j" => ("jal", vec![X(0), target(imm(0)?)]),
        "jal" => ("jal", vec![X(1), target(imm(0)?)]),
        "jr" => ("jalr", vec![X(0), Mem(0, xn(reg(0))?)]),
        "jalr" => ("jalr", vec![X(1), Mem(0, xn(reg(0))?)]),
        "beqz" | "bnez" => {
            let b = if base == "beqz" { "beq" } else { "bne" };
            (b, vec![reg(0)?, X(0), target(imm(1)?)])
        }
        "lw" | "ld" | "sw" | "sd" | "fld" | "fsd" | "flw" | "fsw" | "lwsp" | "ldsp" | "swsp"
        | "sdsp" | "fldsp" | "fsdsp" | "flwsp" | "fswsp" => {
            let b = base.strip_suffix("sp").unwrap_or(base);
            let (off, r) = mem(1)?;
            (b, vec![reg(0)?, Mem(off, r)])
        }
        _ => return None,
    };
    Some((out.0.to_owned(), out.1))
}

/// The operands `-M no-aliases` prints for compressed instruction `cname` whose base
/// form has operands `base`: the register the form implies goes (`c.addi sp,-16`,
/// `c.mv a0,a5`, `c.j 1234`, `c.jr ra`).
fn compressed_operands(cname: &str, base: &[Op]) -> Vec<Op> {
    use Op::*;
    match (cname, base) {
        ("c.nop" | "c.ebreak", _) => vec![],
        ("c.j" | "c.jal", [_, t]) => vec![t.clone()],
        ("c.jr" | "c.jalr", [_, Mem(_, rs)]) => vec![X(*rs)],
        ("c.li" | "c.mv", [rd, X(0), v]) => vec![rd.clone(), v.clone()],
        ("c.beqz" | "c.bnez", [rs, X(0), t]) => vec![rs.clone(), t.clone()],
        ("c.addi4spn", v) => v.to_vec(),
        (_, [a, b, c]) if a == b => vec![a.clone(), c.clone()],
        (_, v) => v.to_vec(),
    }
}

/// GNU's default spelling of a base-form instruction.
fn alias(mn: &str, ops: &[Op]) -> (String, Vec<Op>) {
    use Op::*;
    let o = |v: Vec<Op>, m: &str| (m.to_owned(), v);
    match (mn, ops) {
        ("addi", [X(0), X(0), Imm(0)]) => o(vec![], "nop"),
        ("addi", [X(rd), X(0), Imm(v)]) => o(vec![X(*rd), Imm(*v)], "li"),
        ("addi", [X(rd), X(rs), Imm(0)]) => o(vec![X(*rd), X(*rs)], "mv"),
        ("addi", [a, b, c]) => o(vec![a.clone(), b.clone(), c.clone()], "add"),
        ("add", [X(rd), X(0), X(rs)]) => o(vec![X(*rd), X(*rs)], "mv"),
        ("addiw", [X(rd), X(rs), Imm(0)]) => o(vec![X(*rd), X(*rs)], "sext.w"),
        ("addiw", v) => o(v.to_vec(), "addw"),
        ("andi", [X(rd), X(rs), Imm(255)]) => o(vec![X(*rd), X(*rs)], "zext.b"),
        ("andi", v) => o(v.to_vec(), "and"),
        ("ori", v) => o(v.to_vec(), "or"),
        ("xori", [X(rd), X(rs), Imm(-1)]) => o(vec![X(*rd), X(*rs)], "not"),
        ("xori", v) => o(v.to_vec(), "xor"),
        ("slli", v) => o(v.to_vec(), "sll"),
        ("srli", v) => o(v.to_vec(), "srl"),
        ("srai", v) => o(v.to_vec(), "sra"),
        ("slliw", v) => o(v.to_vec(), "sllw"),
        ("srliw", v) => o(v.to_vec(), "srlw"),
        ("sraiw", v) => o(v.to_vec(), "sraw"),
        ("sltiu", [X(rd), X(rs), Imm(1)]) => o(vec![X(*rd), X(*rs)], "seqz"),
        ("sub", [X(rd), X(0), X(rs)]) => o(vec![X(*rd), X(*rs)], "neg"),
        ("subw", [X(rd), X(0), X(rs)]) => o(vec![X(*rd), X(*rs)], "negw"),
        ("sltu", [X(rd), X(0), X(rs)]) => o(vec![X(*rd), X(*rs)], "snez"),
        ("slt", [X(rd), X(rs), X(0)]) => o(vec![X(*rd), X(*rs)], "sltz"),
        ("slt", [X(rd), X(0), X(rs)]) => o(vec![X(*rd), X(*rs)], "sgtz"),
        ("beq", [X(rs), X(0), t]) => o(vec![X(*rs), t.clone()], "beqz"),
        ("bne", [X(rs), X(0), t]) => o(vec![X(*rs), t.clone()], "bnez"),
        ("blt", [X(rs), X(0), t]) => o(vec![X(*rs), t.clone()], "bltz"),
        ("bge", [X(rs), X(0), t]) => o(vec![X(*rs), t.clone()], "bgez"),
        ("bge", [X(0), X(rs), t]) => o(vec![X(*rs), t.clone()], "blez"),
        ("blt", [X(0), X(rs), t]) => o(vec![X(*rs), t.clone()], "bgtz"),
        ("jal", [X(0), t]) => o(vec![t.clone()], "j"),
        ("jal", [X(1), t]) => o(vec![t.clone()], "jal"),
        ("jalr", [X(0), Mem(0, 1)]) => o(vec![], "ret"),
        ("jalr", [X(0), Mem(0, rs)]) => o(vec![X(*rs)], "jr"),
        ("jalr", [X(1), Mem(0, rs)]) => o(vec![X(*rs)], "jalr"),
        ("jalr", [X(rd), Mem(0, rs)]) => o(vec![X(*rd), X(*rs)], "jalr"),
        ("csrrs", [X(rd), Text(c), X(0)]) if c == "frm" => o(vec![X(*rd)], "frrm"),
        ("csrrs", [X(rd), Text(c), X(0)]) if c == "fflags" => o(vec![X(*rd)], "frflags"),
        ("csrrs", [X(rd), Text(c), X(0)]) if c == "fcsr" => o(vec![X(*rd)], "frcsr"),
        ("csrrs", [X(rd), c, X(0)]) => o(vec![X(*rd), c.clone()], "csrr"),
        ("csrrs", [X(0), c, r]) => o(vec![c.clone(), r.clone()], "csrs"),
        ("csrrsi", [X(0), c, r]) => o(vec![c.clone(), r.clone()], "csrs"),
        ("csrrc", [X(0), c, r]) => o(vec![c.clone(), r.clone()], "csrc"),
        ("csrrci", [X(0), c, r]) => o(vec![c.clone(), r.clone()], "csrc"),
        ("csrrw", [X(0), Text(c), r]) if c == "fflags" => o(vec![r.clone()], "fsflags"),
        ("csrrw", [X(0), Text(c), r]) if c == "frm" => o(vec![r.clone()], "fsrm"),
        ("csrrw", [X(0), Text(c), r]) if c == "fcsr" => o(vec![r.clone()], "fscsr"),
        ("csrrw", [rd, Text(c), r]) if c == "fflags" => o(vec![rd.clone(), r.clone()], "fsflags"),
        ("csrrw", [rd, Text(c), r]) if c == "frm" => o(vec![rd.clone(), r.clone()], "fsrm"),
        ("csrrw", [rd, Text(c), r]) if c == "fcsr" => o(vec![rd.clone(), r.clone()], "fscsr"),
        ("csrrw", [X(0), c, r]) => o(vec![c.clone(), r.clone()], "csrw"),
        ("csrrwi", [X(0), c, r]) => o(vec![c.clone(), r.clone()], "csrw"),
        // With a destination, the immediate forms print under the register forms' names.
        ("csrrwi", v) => o(v.to_vec(), "csrrw"),
        ("csrrsi", v) => o(v.to_vec(), "csrrs"),
        ("csrrci", v) => o(v.to_vec(), "csrrc"),
        (m, [F(rd), F(a), F(b)]) if a == b => {
            let alias = match m {
                "fsgnj.s" => Some("fmv.s"),
                "fsgnj.d" => Some("fmv.d"),
                "fsgnjn.s" => Some("fneg.s"),
                "fsgnjn.d" => Some("fneg.d"),
                "fsgnjx.s" => Some("fabs.s"),
                "fsgnjx.d" => Some("fabs.d"),
                _ => None,
            };
            match alias {
                Some(a2) => o(vec![F(*rd), F(*a)], a2),
                None => o(ops.to_vec(), m),
            }
        }
        _ => o(ops.to_vec(), mn),
    }
}

/// Names of the CSRs GNU prints by name (others as a number).
fn csr_name(n: u32) -> String {
    let name = match n {
        0x001 => "fflags",
        0x002 => "frm",
        0x003 => "fcsr",
        0xc00 => "cycle",
        0xc01 => "time",
        0xc02 => "instret",
        0xc80 => "cycleh",
        0xc81 => "timeh",
        0xc82 => "instreth",
        0x100 => "sstatus",
        0x104 => "sie",
        0x105 => "stvec",
        0x140 => "sscratch",
        0x141 => "sepc",
        0x142 => "scause",
        0x143 => "stval",
        0x144 => "sip",
        0x180 => "satp",
        0x300 => "mstatus",
        0x301 => "misa",
        0x304 => "mie",
        0x305 => "mtvec",
        0x340 => "mscratch",
        0x341 => "mepc",
        0x342 => "mcause",
        0x343 => "mtval",
        0x344 => "mip",
        0xf11 => "mvendorid",
        0xf12 => "marchid",
        0xf13 => "mimpid",
        0xf14 => "mhartid",
        _ => return format!("0x{n:x}"),
    };
    name.to_owned()
}

fn flow(mn: &str, ops: &[Op]) -> (Flow, Option<u64>) {
    let target = ops.iter().find_map(|o| match o {
        Op::Target(t) => Some(*t),
        _ => None,
    });
    match (mn, ops) {
        ("jal", [Op::X(0), _]) => (Flow::Jump, target),
        ("jal", _) => (Flow::Call, target),
        ("jalr", [Op::X(0), Op::Mem(0, 1)]) => (Flow::Return, None),
        ("jalr", [Op::X(0), _]) => (Flow::Jump, None),
        ("jalr", _) => (Flow::Call, None),
        ("beq" | "bne" | "blt" | "bge" | "bltu" | "bgeu", _) => (Flow::CondJump, target),
        ("ebreak" | "ecall", _) => (Flow::Trap, None),
        _ => (Flow::Other, None),
    }
}
