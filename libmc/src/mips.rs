//! MIPS32 and MIPS64 (release 2; both byte orders) with GNU objdump 2.40's printing.
//!
//! capstone decides whether a word is an instruction (GNU prints the others as data); the
//! instruction's base name and operands come from the word's fields (the MIPS32 encoding
//! is regular, and capstone's names are already alias-resolved in ways GNU's are not), then
//! GNU's default aliases apply (`move`, `li`, `nop`, `b`, `bal`, `beqz`, `negu`, `jalr t9`…).
//! Registers print with GNU's ABI names without `$` (`sp`, `t9`, `s8`), FPU registers as
//! `$fN`; arithmetic immediates and offsets in decimal, logical immediates, `lui` values,
//! shift amounts and codes in hex; branch targets as addresses through the [`Resolver`].

use std::fmt;
use std::fmt::Write as _;

use capstone::arch::mips::ArchMode;
use capstone::arch::{BuildsCapstone, BuildsCapstoneEndian};
use capstone::{Capstone, Endian as CsEndian};

use crate::{Arch, Endian, Flow, Insn, Machine, MipsAbiNames, Resolver};

/// GNU's names of the general registers (`-M gpr-names=32`, the o32 default).
const GPR: [&str; 32] = [
    "zero", "at", "v0", "v1", "a0", "a1", "a2", "a3", "t0", "t1", "t2", "t3", "t4", "t5", "t6",
    "t7", "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "t8", "t9", "k0", "k1", "gp", "sp", "s8",
    "ra",
];

/// GNU's names of the general registers for 64-bit objects (`-M gpr-names=n64`).
const GPR64: [&str; 32] = [
    "zero", "at", "v0", "v1", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "t0", "t1", "t2",
    "t3", "s0", "s1", "s2", "s3", "s4", "s5", "s6", "s7", "t8", "t9", "k0", "k1", "gp", "sp", "s8",
    "ra",
];

/// `-M gpr-names=numeric`.
const GPR_NUMERIC: [&str; 32] = [
    "$0", "$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$9", "$10", "$11", "$12", "$13", "$14",
    "$15", "$16", "$17", "$18", "$19", "$20", "$21", "$22", "$23", "$24", "$25", "$26", "$27",
    "$28", "$29", "$30", "$31",
];

/// GNU's default FPU register names (`-M fpr-names=numeric`).
const FPR_NUMERIC: [&str; 32] = [
    "$f0", "$f1", "$f2", "$f3", "$f4", "$f5", "$f6", "$f7", "$f8", "$f9", "$f10", "$f11", "$f12",
    "$f13", "$f14", "$f15", "$f16", "$f17", "$f18", "$f19", "$f20", "$f21", "$f22", "$f23", "$f24",
    "$f25", "$f26", "$f27", "$f28", "$f29", "$f30", "$f31",
];

/// The o32 FPU register names (`-M fpr-names=32`): pairs of a value and its odd half.
const FPR_O32: [&str; 32] = [
    "fv0", "fv0f", "fv1", "fv1f", "ft0", "ft0f", "ft1", "ft1f", "ft2", "ft2f", "ft3", "ft3f",
    "fa0", "fa0f", "fa1", "fa1f", "ft4", "ft4f", "ft5", "ft5f", "fs0", "fs0f", "fs1", "fs1f",
    "fs2", "fs2f", "fs3", "fs3f", "fs4", "fs4f", "fs5", "fs5f",
];

/// The n32 FPU register names (`-M fpr-names=n32`).
const FPR_N32: [&str; 32] = [
    "fv0", "ft14", "fv1", "ft15", "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fa0",
    "fa1", "fa2", "fa3", "fa4", "fa5", "fa6", "fa7", "fs0", "ft8", "fs1", "ft9", "fs2", "ft10",
    "fs3", "ft11", "fs4", "ft12", "fs5", "ft13",
];

/// The n64 FPU register names (`-M fpr-names=64`).
const FPR_N64: [&str; 32] = [
    "fv0", "ft12", "fv1", "ft13", "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fa0",
    "fa1", "fa2", "fa3", "fa4", "fa5", "fa6", "fa7", "ft8", "ft9", "ft10", "ft11", "fs0", "fs1",
    "fs2", "fs3", "fs4", "fs5", "fs6", "fs7",
];

/// The release 2 hardware registers `rdhwr` reads (`-M hwr-names=mips32r2`, GNU's default
/// for MIPS32r2/MIPS64r2); the others print as `$n`.
const HWR_R2: [&str; 4] = ["hwr_cpunum", "hwr_synci_step", "hwr_cc", "hwr_ccres"];

/// A MIPS decoder/printer.
pub(crate) struct Mips {
    big: bool,
    /// MIPS64: the 64-bit instructions and the n64 register names.
    m64: bool,
    /// `-M no-aliases`: the base instructions (`addu v0,a0,zero`, not `move v0,a0`).
    no_aliases: bool,
    /// General and FPU register names (`-M gpr-names=`, `fpr-names=`).
    gpr: &'static [&'static str; 32],
    fpr: &'static [&'static str; 32],
    /// `-M hwr-names=numeric` (or an architecture before release 2).
    hwr_numeric: bool,
    /// `-M reg-names=numeric`: FPU control registers by number (`$31`).
    fcr_numeric: bool,
    cs: Option<Capstone>,
}

impl fmt::Debug for Mips {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Mips").field("big", &self.big).finish()
    }
}

/// An operand.
#[derive(Clone)]
enum Op {
    /// General register.
    R(u32),
    /// FPU register `$fN`.
    F(u32),
    /// Hardware register (`rdhwr`).
    Hwr(u32),
    /// FPU control register (`cfc1`/`ctc1`): `c1_fir`, `c1_fcsr`, else `$n`.
    Fcr(u32),
    /// Decimal immediate.
    Imm(i64),
    /// Hexadecimal immediate.
    Hex(u64),
    /// `off(base)`.
    Mem(i64, u32),
    /// `index(base)` (the COP1X indexed loads and stores).
    Idx(u32, u32),
    /// Branch or jump target.
    Target(u64),
    /// Printed as is.
    Text(String),
}

impl Mips {
    pub(crate) fn new(arch: Arch) -> Mips {
        let big = arch.endian == Endian::Big;
        let m64 = arch.machine == Machine::Mips64;
        let cs = Capstone::new()
            .mips()
            .mode(if m64 {
                ArchMode::Mips64
            } else {
                ArchMode::Mips32
            })
            .endian(if big { CsEndian::Big } else { CsEndian::Little })
            .build()
            .ok();
        let gpr = match arch.mips_gpr_names {
            None if m64 => &GPR64,
            None | Some(MipsAbiNames::O32) => &GPR,
            Some(MipsAbiNames::N32 | MipsAbiNames::N64) => &GPR64,
            Some(MipsAbiNames::Numeric) => &GPR_NUMERIC,
        };
        let fpr = match arch.mips_fpr_names {
            MipsAbiNames::Numeric => &FPR_NUMERIC,
            MipsAbiNames::O32 => &FPR_O32,
            MipsAbiNames::N32 => &FPR_N32,
            MipsAbiNames::N64 => &FPR_N64,
        };
        Mips {
            big,
            m64,
            no_aliases: arch.no_aliases,
            gpr,
            fpr,
            hwr_numeric: arch.mips_hwr_numeric,
            fcr_numeric: arch.mips_fcr_numeric,
            cs,
        }
    }

    pub(crate) fn decode<'a>(&self, bytes: &'a [u8], addr: u64, res: &dyn Resolver) -> Insn<'a> {
        let raw = bytes.get(..4).unwrap_or(bytes);
        let w = crate::word32(raw, self.big);
        let data = |raw: &'a [u8]| {
            let text = if raw.len() == 4 {
                format!(".word\t0x{w:x}")
            } else {
                let list: Vec<String> = raw.iter().map(|b| format!("0x{b:02x}")).collect();
                format!(".byte\t{}", list.join(", "))
            };
            Insn::new(addr, raw, Flow::Invalid, None, text)
        };
        if raw.len() < 4 {
            return data(raw);
        }
        let valid = self
            .cs
            .as_ref()
            .and_then(|cs| cs.disasm_count(raw, addr, 1).ok())
            .is_some_and(|i| i.len() == 1)
            // FPU compares into a condition code other than 0 (MIPS IV and later), which
            // capstone's MIPS32 mode does not decode.
            || (w >> 26 == 17 && w & 0x30 == 0x30 && (w >> 8) & 7 != 0)
            // Nor the MIPS IV `movf`/`movt` and COP1X multiply-adds.
            || (w >> 26 == 0 && w & 63 == 1)
            || (w >> 26 == 17 && w & 63 == 17)
            || w >> 26 == 19
            // `rdhwr` of the hardware registers other than $29, which capstone rejects.
            || w & 0xffe0_07ff == 0x7c00_003b;
        let decoded = if self.m64 {
            base64(w).or_else(|| base(w, addr))
        } else {
            base(w, addr)
        };
        let Some((mn, ops)) = decoded.filter(|_| valid) else {
            return data(raw);
        };
        let (mn, ops) = alias(mn, ops, !self.no_aliases, self.m64);
        let (flow, target) = flow(&mn, &ops);
        let gpr = self.gpr;
        let mut s = mn.clone();
        for (k, o) in ops.iter().enumerate() {
            s.push(if k == 0 { '\t' } else { ',' });
            match o {
                Op::R(r) => s.push_str(gpr.get(*r as usize).copied().unwrap_or("?")),
                Op::F(r) => s.push_str(self.fpr.get(*r as usize).copied().unwrap_or("?")),
                Op::Fcr(r) => match r {
                    0 if !self.fcr_numeric => s.push_str("c1_fir"),
                    31 if !self.fcr_numeric => s.push_str("c1_fcsr"),
                    _ => {
                        let _ = write!(s, "${r}");
                    }
                },
                Op::Hwr(r) => match HWR_R2.get(*r as usize) {
                    Some(name) if !self.hwr_numeric => s.push_str(name),
                    _ => {
                        let _ = write!(s, "${r}");
                    }
                },
                Op::Imm(v) => {
                    let _ = write!(s, "{v}");
                }
                Op::Hex(v) => {
                    let _ = write!(s, "0x{v:x}");
                }
                Op::Mem(off, b) => {
                    let _ = write!(s, "{off}({})", gpr.get(*b as usize).copied().unwrap_or("?"));
                }
                Op::Idx(i, b) => {
                    let name = |r: &u32| gpr.get(*r as usize).copied().unwrap_or("?");
                    let _ = write!(s, "{}({})", name(i), name(b));
                }
                Op::Target(t) => res.address(*t, &mut s),
                Op::Text(t) => s.push_str(t),
            }
        }
        Insn::new(addr, raw, flow, target, s)
    }
}

/// The fields of an instruction word as the R, I and special forms name them: `rs`, `rt`,
/// `rd`, `sa`, `funct` and the sign-extended 16-bit immediate.
fn fields(w: u32) -> (u32, u32, u32, u32, u32, i64) {
    let f = |shift: u32| (w >> shift) & 31;
    (
        f(21),
        f(16),
        f(11),
        f(6),
        w & 63,
        i64::from(w as u16 as i16),
    )
}

/// The base instruction: name and operands from the word's fields.
fn base(w: u32, addr: u64) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let (rs, rt, rd, sa, funct, simm) = fields(w);
    let uimm = u64::from(w & 0xffff);
    let btarget = Target(addr.wrapping_add(4).wrapping_add((simm << 2) as u64));
    let n = |s: &str| s.to_owned();
    Some(match w >> 26 {
        0 => {
            let name = match funct {
                0 => "sll",
                2 if rs == 1 => "ror",
                2 => "srl",
                3 => "sra",
                1 => {
                    let name = if rt & 1 == 0 { "movf" } else { "movt" };
                    let cc = Text(format!("$fcc{}", rt >> 2));
                    return Some((n(name), vec![R(rd), R(rs), cc]));
                }
                4 => "sllv",
                6 if sa == 1 => "rotrv",
                6 => "srlv",
                7 => "srav",
                8 => {
                    return Some((if sa & 16 != 0 { n("jr.hb") } else { n("jr") }, vec![R(rs)]));
                }
                9 => {
                    let name = if sa & 16 != 0 { "jalr.hb" } else { "jalr" };
                    return Some((n(name), vec![R(rd), R(rs)]));
                }
                10 => "movz",
                11 => "movn",
                12 => {
                    let code = (w >> 6) & 0xf_ffff;
                    let ops = if code == 0 {
                        vec![]
                    } else {
                        vec![Hex(u64::from(code))]
                    };
                    return Some((n("syscall"), ops));
                }
                13 => {
                    let (c1, c2) = ((w >> 16) & 0x3ff, (w >> 6) & 0x3ff);
                    let ops = match (c1, c2) {
                        (0, 0) => vec![],
                        (c, 0) => vec![Hex(u64::from(c))],
                        (c, d) => vec![Hex(u64::from(c)), Hex(u64::from(d))],
                    };
                    return Some((n("break"), ops));
                }
                15 => {
                    let ops = if sa == 0 {
                        vec![]
                    } else {
                        vec![Hex(u64::from(sa))]
                    };
                    return Some((n("sync"), ops));
                }
                16 => return Some((n("mfhi"), vec![R(rd)])),
                17 => return Some((n("mthi"), vec![R(rs)])),
                18 => return Some((n("mflo"), vec![R(rd)])),
                19 => return Some((n("mtlo"), vec![R(rs)])),
                24 | 25 => {
                    let name = if funct == 24 { "mult" } else { "multu" };
                    return Some((n(name), vec![R(rs), R(rt)]));
                }
                26 | 27 => {
                    let name = if funct == 26 { "div" } else { "divu" };
                    return Some((n(name), vec![R(0), R(rs), R(rt)]));
                }
                32 => "add",
                33 => "addu",
                34 => "sub",
                35 => "subu",
                36 => "and",
                37 => "or",
                38 => "xor",
                39 => "nor",
                42 => "slt",
                43 => "sltu",
                48..=52 | 54 => {
                    let name = ["tge", "tgeu", "tlt", "tltu", "teq", "", "tne"]
                        .get((funct - 48) as usize)
                        .copied()
                        .unwrap_or_default();
                    let code = (w >> 6) & 0x3ff;
                    let mut ops = vec![R(rs), R(rt)];
                    if code != 0 {
                        ops.push(Hex(u64::from(code)));
                    }
                    return Some((n(name), ops));
                }
                _ => return None,
            };
            match funct {
                0..=3 => (n(name), vec![R(rd), R(rt), Hex(u64::from(sa))]),
                4..=7 => (n(name), vec![R(rd), R(rt), R(rs)]),
                _ => (n(name), vec![R(rd), R(rs), R(rt)]),
            }
        }
        1 => {
            let name = match rt {
                0 => "bltz",
                1 => "bgez",
                2 => "bltzl",
                3 => "bgezl",
                16 => "bltzal",
                17 => "bgezal",
                18 => "bltzall",
                19 => "bgezall",
                _ => return None,
            };
            (n(name), vec![R(rs), btarget])
        }
        2 | 3 => {
            let t = (addr.wrapping_add(4) & !0x0fff_ffff) | (u64::from(w & 0x03ff_ffff) << 2);
            (n(if w >> 26 == 2 { "j" } else { "jal" }), vec![Target(t)])
        }
        4 => (n("beq"), vec![R(rs), R(rt), btarget]),
        5 => (n("bne"), vec![R(rs), R(rt), btarget]),
        6 => (n("blez"), vec![R(rs), btarget]),
        7 => (n("bgtz"), vec![R(rs), btarget]),
        8 => (n("addi"), vec![R(rt), R(rs), Imm(simm)]),
        9 => (n("addiu"), vec![R(rt), R(rs), Imm(simm)]),
        10 => (n("slti"), vec![R(rt), R(rs), Imm(simm)]),
        11 => (n("sltiu"), vec![R(rt), R(rs), Imm(simm)]),
        12 => (n("andi"), vec![R(rt), R(rs), Hex(uimm)]),
        13 => (n("ori"), vec![R(rt), R(rs), Hex(uimm)]),
        14 => (n("xori"), vec![R(rt), R(rs), Hex(uimm)]),
        15 => (n("lui"), vec![R(rt), Hex(uimm)]),
        17 => cop1(w, addr)?,
        19 if funct < 16 => {
            let name = match funct {
                0 => "lwxc1",
                1 => "ldxc1",
                5 => "luxc1",
                8 => "swxc1",
                9 => "sdxc1",
                13 => "suxc1",
                _ => return None,
            };
            let fr = if funct < 8 { sa } else { rd };
            (n(name), vec![F(fr), Idx(rt, rs)])
        }
        19 => {
            let op = match funct >> 3 {
                4 => "madd",
                5 => "msub",
                6 => "nmadd",
                7 => "nmsub",
                _ => return None,
            };
            let fmt = match funct & 7 {
                0 => "s",
                1 => "d",
                6 => "ps",
                _ => return None,
            };
            (format!("{op}.{fmt}"), vec![F(sa), F(rs), F(rd), F(rt)])
        }
        20 => (n("beql"), vec![R(rs), R(rt), btarget]),
        21 => (n("bnel"), vec![R(rs), R(rt), btarget]),
        22 => (n("blezl"), vec![R(rs), btarget]),
        23 => (n("bgtzl"), vec![R(rs), btarget]),
        28 => {
            let name = match funct {
                0 => "madd",
                1 => "maddu",
                2 => "mul",
                4 => "msub",
                5 => "msubu",
                32 => return Some((n("clz"), vec![R(rd), R(rs)])),
                33 => return Some((n("clo"), vec![R(rd), R(rs)])),
                _ => return None,
            };
            if funct == 2 {
                (n(name), vec![R(rd), R(rs), R(rt)])
            } else {
                (n(name), vec![R(rs), R(rt)])
            }
        }
        31 => match funct {
            0 => (
                n("ext"),
                vec![R(rt), R(rs), Hex(u64::from(sa)), Hex(u64::from(rd + 1))],
            ),
            4 => (
                n("ins"),
                vec![
                    R(rt),
                    R(rs),
                    Hex(u64::from(sa)),
                    Hex(u64::from((rd + 1).checked_sub(sa)?)),
                ],
            ),
            32 => {
                let name = match sa {
                    2 => "wsbh",
                    16 => "seb",
                    24 => "seh",
                    _ => return None,
                };
                (n(name), vec![R(rd), R(rt)])
            }
            59 => (n("rdhwr"), vec![R(rt), Hwr(rd)]),
            _ => return None,
        },
        32 => (n("lb"), vec![R(rt), Mem(simm, rs)]),
        33 => (n("lh"), vec![R(rt), Mem(simm, rs)]),
        34 => (n("lwl"), vec![R(rt), Mem(simm, rs)]),
        35 => (n("lw"), vec![R(rt), Mem(simm, rs)]),
        36 => (n("lbu"), vec![R(rt), Mem(simm, rs)]),
        37 => (n("lhu"), vec![R(rt), Mem(simm, rs)]),
        38 => (n("lwr"), vec![R(rt), Mem(simm, rs)]),
        40 => (n("sb"), vec![R(rt), Mem(simm, rs)]),
        41 => (n("sh"), vec![R(rt), Mem(simm, rs)]),
        42 => (n("swl"), vec![R(rt), Mem(simm, rs)]),
        43 => (n("sw"), vec![R(rt), Mem(simm, rs)]),
        46 => (n("swr"), vec![R(rt), Mem(simm, rs)]),
        47 => (n("cache"), vec![Hex(u64::from(rt)), Mem(simm, rs)]),
        48 => (n("ll"), vec![R(rt), Mem(simm, rs)]),
        49 => (n("lwc1"), vec![F(rt), Mem(simm, rs)]),
        51 => (n("pref"), vec![Hex(u64::from(rt)), Mem(simm, rs)]),
        53 => (n("ldc1"), vec![F(rt), Mem(simm, rs)]),
        56 => (n("sc"), vec![R(rt), Mem(simm, rs)]),
        57 => (n("swc1"), vec![F(rt), Mem(simm, rs)]),
        61 => (n("sdc1"), vec![F(rt), Mem(simm, rs)]),
        _ => return None,
    })
}

/// The MIPS64-only instructions (doubleword arithmetic, shifts, loads and stores, bit
/// fields, `dmfc1`/`dmtc1`); `None` for every other word.
fn base64(w: u32) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let (rs, rt, rd, sa, funct, simm) = fields(w);
    let n = |s: &str| s.to_owned();
    let mem = |name: &str| Some((n(name), vec![R(rt), Mem(simm, rs)]));
    match w >> 26 {
        0 => {
            let shift = |name: &str, amount: u32| {
                Some((n(name), vec![R(rd), R(rt), Hex(u64::from(amount))]))
            };
            match funct {
                20 => Some((n("dsllv"), vec![R(rd), R(rt), R(rs)])),
                22 if sa == 1 => Some((n("drorv"), vec![R(rd), R(rt), R(rs)])),
                22 => Some((n("dsrlv"), vec![R(rd), R(rt), R(rs)])),
                23 => Some((n("dsrav"), vec![R(rd), R(rt), R(rs)])),
                28 => Some((n("dmult"), vec![R(rs), R(rt)])),
                29 => Some((n("dmultu"), vec![R(rs), R(rt)])),
                30 => Some((n("ddiv"), vec![R(0), R(rs), R(rt)])),
                31 => Some((n("ddivu"), vec![R(0), R(rs), R(rt)])),
                44 => Some((n("dadd"), vec![R(rd), R(rs), R(rt)])),
                45 => Some((n("daddu"), vec![R(rd), R(rs), R(rt)])),
                46 => Some((n("dsub"), vec![R(rd), R(rs), R(rt)])),
                47 => Some((n("dsubu"), vec![R(rd), R(rs), R(rt)])),
                56 => shift("dsll", sa),
                58 if rs == 1 => shift("dror", sa),
                58 => shift("dsrl", sa),
                59 => shift("dsra", sa),
                60 => shift("dsll32", sa),
                62 if rs == 1 => shift("dror32", sa),
                62 => shift("dsrl32", sa),
                63 => shift("dsra32", sa),
                _ => None,
            }
        }
        17 => match rs {
            1 => Some((n("dmfc1"), vec![R(rt), F(rd)])),
            5 => Some((n("dmtc1"), vec![R(rt), F(rd)])),
            _ => None,
        },
        24 => Some((n("daddi"), vec![R(rt), R(rs), Imm(simm)])),
        25 => Some((n("daddiu"), vec![R(rt), R(rs), Imm(simm)])),
        26 => mem("ldl"),
        27 => mem("ldr"),
        28 => match funct {
            36 => Some((n("dclz"), vec![R(rd), R(rs)])),
            37 => Some((n("dclo"), vec![R(rd), R(rs)])),
            _ => None,
        },
        // Bit fields: GNU prints every variant (dextm, dextu, dinsm, dinsu) as
        // `dext`/`dins` with the real position and size.
        31 => {
            let (pos, size) = match funct {
                1 => (sa, rd + 33),
                2 => (sa + 32, rd + 1),
                3 => (sa, rd + 1),
                5 => (sa, (rd + 32 + 1).checked_sub(sa)?),
                6 => (sa + 32, (rd + 1).checked_sub(sa)?),
                7 => (sa, (rd + 1).checked_sub(sa)?),
                36 => {
                    let name = match sa {
                        2 => "dsbh",
                        5 => "dshd",
                        _ => return None,
                    };
                    return Some((n(name), vec![R(rd), R(rt)]));
                }
                _ => return None,
            };
            let name = if funct < 4 { "dext" } else { "dins" };
            let ops = vec![R(rt), R(rs), Hex(u64::from(pos)), Hex(u64::from(size))];
            Some((n(name), ops))
        }
        39 => mem("lwu"),
        44 => mem("sdl"),
        45 => mem("sdr"),
        52 => mem("lld"),
        55 => mem("ld"),
        60 => mem("scd"),
        63 => mem("sd"),
        _ => None,
    }
}

/// Coprocessor 1 (FPU) instructions.
fn cop1(w: u32, addr: u64) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let fmt = (w >> 21) & 31;
    let rt = (w >> 16) & 31;
    let fs = (w >> 11) & 31;
    let fd = (w >> 6) & 31;
    let funct = w & 63;
    let n = |s: &str| s.to_owned();
    match fmt {
        0 => return Some((n("mfc1"), vec![R(rt), F(fs)])),
        2 => return Some((n("cfc1"), vec![R(rt), Fcr(fs)])),
        3 => return Some((n("mfhc1"), vec![R(rt), F(fs)])),
        4 => return Some((n("mtc1"), vec![R(rt), F(fs)])),
        6 => return Some((n("ctc1"), vec![R(rt), Fcr(fs)])),
        7 => return Some((n("mthc1"), vec![R(rt), F(fs)])),
        8 => {
            let cc = rt >> 2;
            let name = match rt & 3 {
                0 => "bc1f",
                1 => "bc1t",
                2 => "bc1fl",
                _ => "bc1tl",
            };
            let simm = i64::from(w as u16 as i16);
            let t = Target(addr.wrapping_add(4).wrapping_add((simm << 2) as u64));
            let ops = if cc == 0 {
                vec![t]
            } else {
                vec![Text(format!("$fcc{cc}")), t]
            };
            return Some((n(name), ops));
        }
        _ => {}
    }
    let suffix = match fmt {
        16 => "s",
        17 => "d",
        20 => "w",
        21 => "l",
        22 => "ps",
        _ => return None,
    };
    let two = |op: &str| Some((format!("{op}.{suffix}"), vec![F(fd), F(fs)]));
    let three = |op: &str| Some((format!("{op}.{suffix}"), vec![F(fd), F(fs), F(rt)]));
    match funct {
        0 => three("add"),
        1 => three("sub"),
        2 => three("mul"),
        3 => three("div"),
        4 => two("sqrt"),
        5 => two("abs"),
        6 => two("mov"),
        7 => two("neg"),
        8 => two("round.l"),
        9 => two("trunc.l"),
        10 => two("ceil.l"),
        11 => two("floor.l"),
        12 => two("round.w"),
        13 => two("trunc.w"),
        14 => two("ceil.w"),
        15 => two("floor.w"),
        17 => {
            let name = if rt & 1 == 0 { "movf" } else { "movt" };
            let cc = Text(format!("$fcc{}", rt >> 2));
            Some((format!("{name}.{suffix}"), vec![F(fd), F(fs), cc]))
        }
        18 | 19 => {
            let op = if funct == 18 { "movz" } else { "movn" };
            Some((format!("{op}.{suffix}"), vec![F(fd), F(fs), R(rt)]))
        }
        32 => Some((format!("cvt.s.{suffix}"), vec![F(fd), F(fs)])),
        33 => Some((format!("cvt.d.{suffix}"), vec![F(fd), F(fs)])),
        36 => Some((format!("cvt.w.{suffix}"), vec![F(fd), F(fs)])),
        37 => Some((format!("cvt.l.{suffix}"), vec![F(fd), F(fs)])),
        48..=63 => {
            let cond = [
                "f", "un", "eq", "ueq", "olt", "ult", "ole", "ule", "sf", "ngle", "seq", "ngl",
                "lt", "nge", "le", "ngt",
            ]
            .get((funct - 48) as usize)?;
            let cc = fd >> 2;
            let mut ops = Vec::new();
            if cc != 0 {
                ops.push(Text(format!("$fcc{cc}")));
            }
            ops.push(F(fs));
            ops.push(F(rt));
            Some((format!("c.{cond}.{suffix}"), ops))
        }
        _ => None,
    }
}

/// GNU's spelling: with `aliases` (the default) every alias; with `-M no-aliases` only the
/// forms GNU's table lists as instructions of their own (`negu`, `jalr` with `ra`
/// implied; for MIPS64, `dli` for `ori` from `zero`).
fn alias(mn: String, ops: Vec<Op>, aliases: bool, m64: bool) -> (String, Vec<Op>) {
    use Op::*;
    let o = |m: &str, v: Vec<Op>| (m.to_owned(), v);
    match (mn.as_str(), ops.as_slice()) {
        ("subu", [R(d), R(0), R(t)]) => o("negu", vec![R(*d), R(*t)]),
        ("sub", [R(d), R(0), R(t)]) => o("neg", vec![R(*d), R(*t)]),
        ("dsubu", [R(d), R(0), R(t)]) => o("dnegu", vec![R(*d), R(*t)]),
        ("dsub", [R(d), R(0), R(t)]) => o("dneg", vec![R(*d), R(*t)]),
        ("jalr" | "jalr.hb", [R(31), R(s)]) => (mn.clone(), vec![R(*s)]),
        ("ori", [R(d), R(0), Hex(v)]) if !aliases && m64 => o("dli", vec![R(*d), Hex(*v)]),
        _ if !aliases => (mn, ops),
        ("sll", [R(0), R(0), Hex(0)]) => o("nop", vec![]),
        ("sll", [R(0), R(0), Hex(1)]) => o("ssnop", vec![]),
        ("sll", [R(0), R(0), Hex(3)]) => o("ehb", vec![]),
        ("addu" | "or" | "daddu", [R(d), R(s), R(0)]) => o("move", vec![R(*d), R(*s)]),
        ("addiu", [R(d), R(0), Imm(v)]) => o("li", vec![R(*d), Imm(*v)]),
        ("ori", [R(d), R(0), Hex(v)]) => o("li", vec![R(*d), Hex(*v)]),
        ("beq", [R(0), R(0), t]) => o("b", vec![t.clone()]),
        ("beq", [R(s), R(0), t]) => o("beqz", vec![R(*s), t.clone()]),
        ("bne", [R(s), R(0), t]) => o("bnez", vec![R(*s), t.clone()]),
        ("beql", [R(s), R(0), t]) => o("beqzl", vec![R(*s), t.clone()]),
        ("bnel", [R(s), R(0), t]) => o("bnezl", vec![R(*s), t.clone()]),
        ("bgezal", [R(0), t]) => o("bal", vec![t.clone()]),
        _ => (mn, ops),
    }
}

fn flow(mn: &str, ops: &[Op]) -> (Flow, Option<u64>) {
    let target = ops.iter().find_map(|o| match o {
        Op::Target(t) => Some(*t),
        _ => None,
    });
    match mn {
        "j" | "b" => (Flow::Jump, target),
        "jal" | "bal" | "bltzal" | "bgezal" | "bltzall" | "bgezall" => (Flow::Call, target),
        "jalr" | "jalr.hb" => (Flow::Call, None),
        "jr" | "jr.hb" => match ops {
            [Op::R(31)] => (Flow::Return, None),
            _ => (Flow::Jump, None),
        },
        "syscall" | "break" | "teq" | "tne" | "tge" | "tgeu" | "tlt" | "tltu" => (Flow::Trap, None),
        m if target.is_some() => {
            let _ = m;
            (Flow::CondJump, target)
        }
        _ => (Flow::Other, None),
    }
}
