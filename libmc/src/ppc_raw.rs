//! PowerPC `-M raw`: the base instruction GNU objdump prints in place of an extended
//! mnemonic (`ori r0,r0,0` for `nop`, `or r3,r4,r4` for `mr`, `bc 12,4*cr7+eq,…` for
//! `beq cr7,…`, `rlwinm` for `slwi`, `mtspr 8,r0` for `mtlr`, …), printed from the
//! encoding fields (Power ISA field layouts). Classes without an extended mnemonic in
//! the default text are left to the default decoder.

use crate::ppc::{cr_bit, Op};

/// The raw form of `w` (at `addr`) for the classes that have extended mnemonics.
pub(crate) fn raw(w: u32, addr: u64) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let op = w >> 26;
    let f5 = |s: u32| (w >> s) & 31;
    let (rt, ra, rb) = (f5(21), f5(16), f5(11));
    let simm = i64::from(w as u16 as i16);
    let uimm = i64::from(w & 0xffff);
    let n = |s: &str| s.to_owned();
    Some(match op {
        10 | 11 => {
            let name = if op == 10 { "cmpli" } else { "cmpi" };
            let imm = if op == 10 { uimm } else { simm };
            let l = i64::from((w >> 21) & 1);
            (n(name), vec![Cr((w >> 23) & 7), Imm(l), R(ra), Imm(imm)])
        }
        14 => (n("addi"), vec![R(rt), Ra0(ra), Imm(simm)]),
        15 => (n("addis"), vec![R(rt), Ra0(ra), Imm(simm)]),
        16 | 19 if matches!(op, 16) || matches!((w >> 1) & 0x3ff, 16 | 528 | 560) => {
            if !VALID_BO.contains(&rt) {
                return Some((format!(".long 0x{w:x}"), Vec::new()));
            }
            return raw_branch(w, addr, op, rt, ra);
        }
        19 => {
            // Condition-register logic: `crxor` for `crclr`, `cror` for `crmove`, ….
            let name = match (w >> 1) & 0x3ff {
                33 => "crnor",
                193 => "crxor",
                289 => "creqv",
                449 => "cror",
                _ => return None,
            };
            (
                n(name),
                vec![Text(cr_bit(rt)), Text(cr_bit(ra)), Text(cr_bit(rb))],
            )
        }
        _ => return raw_other(w),
    })
}

/// The BO values GNU's raw printing takes as valid (others print as `.long`).
const VALID_BO: [u32; 17] = [0, 2, 4, 6, 7, 8, 10, 12, 14, 15, 16, 18, 20, 24, 25, 26, 27];

/// `bc`/`bcl`/`bca`/`bcla` (opcode 16) and `bclr`/`bcctr`/`bctar` (opcode 19).
fn raw_branch(w: u32, addr: u64, op: u32, bo: u32, bi: u32) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let n = |s: &str| s.to_owned();
    let (rt, ra) = (bo, bi);
    Some(match op {
        16 => {
            let bd = i64::from((w & 0xfffc) as u16 as i16);
            let aa = w & 2 != 0;
            let target = if aa {
                bd as u64
            } else {
                addr.wrapping_add(bd as u64)
            };
            let name = match (aa, w & 1 == 1) {
                (false, false) => "bc",
                (false, true) => "bcl",
                (true, false) => "bca",
                (true, true) => "bcla",
            };
            (
                n(name),
                vec![Imm(i64::from(rt)), Text(cr_bit(ra)), Target(target)],
            )
        }
        19 => {
            let base = match (w >> 1) & 0x3ff {
                16 => "bclr",
                528 => "bcctr",
                560 => "bctar",
                _ => return None,
            };
            let l = if w & 1 == 1 { "l" } else { "" };
            (
                format!("{base}{l}"),
                vec![
                    Imm(i64::from(rt)),
                    Text(cr_bit(ra)),
                    Imm(i64::from((w >> 11) & 3)),
                ],
            )
        }
        _ => return None,
    })
}

/// The other classes with extended mnemonics.
fn raw_other(w: u32) -> Option<(String, Vec<Op>)> {
    use Op::*;
    let op = w >> 26;
    let f5 = |s: u32| (w >> s) & 31;
    let (rt, ra, rb) = (f5(21), f5(16), f5(11));
    let rc = if w & 1 == 1 { "." } else { "" };
    let uimm = i64::from(w & 0xffff);
    let n = |s: &str| s.to_owned();
    Some(match op {
        17 if w & 2 != 0 => (n("sc"), vec![Imm(i64::from((w >> 5) & 0x7f))]),
        20 | 21 => {
            let name = if op == 20 { "rlwimi" } else { "rlwinm" };
            let (mb, me) = (f5(6), f5(1));
            (
                format!("{name}{rc}"),
                vec![
                    R(ra),
                    R(rt),
                    Imm(i64::from(rb)),
                    Imm(i64::from(mb)),
                    Imm(i64::from(me)),
                ],
            )
        }
        23 => {
            let (mb, me) = (f5(6), f5(1));
            (
                format!("rlwnm{rc}"),
                vec![R(ra), R(rt), R(rb), Imm(i64::from(mb)), Imm(i64::from(me))],
            )
        }
        24 => (n("ori"), vec![R(ra), R(rt), Imm(uimm)]),
        30 => {
            let mb = i64::from((((w >> 5) & 1) << 5) | f5(6));
            match (w >> 1) & 15 {
                8 | 9 => {
                    let name = if (w >> 1) & 15 == 8 { "rldcl" } else { "rldcr" };
                    (format!("{name}{rc}"), vec![R(ra), R(rt), R(rb), Imm(mb)])
                }
                x if x >> 1 < 4 => {
                    let name = ["rldicl", "rldicr", "rldic", "rldimi"].get((x >> 1) as usize)?;
                    let sh = i64::from((((w >> 1) & 1) << 5) | rb);
                    (format!("{name}{rc}"), vec![R(ra), R(rt), Imm(sh), Imm(mb)])
                }
                _ => return None,
            }
        }
        31 => {
            let spr = i64::from(ra | (rb << 5));
            match (w >> 1) & 0x3ff {
                0 | 32 => {
                    let name = if (w >> 1) & 0x3ff == 0 { "cmp" } else { "cmpl" };
                    let l = i64::from((w >> 21) & 1);
                    (n(name), vec![Cr((w >> 23) & 7), Imm(l), R(ra), R(rb)])
                }
                4 | 68 => {
                    let name = if (w >> 1) & 0x3ff == 4 { "tw" } else { "td" };
                    (n(name), vec![Imm(i64::from(rt)), R(ra), R(rb)])
                }
                19 if w & (1 << 20) == 0 => (n("mfcr"), vec![R(rt), Imm(-1)]),
                144 if w & (1 << 20) == 0 => {
                    (n("mtcrf"), vec![Imm(i64::from((w >> 12) & 0xff)), R(rt)])
                }
                20 | 52 | 84 | 116 => {
                    let name = match (w >> 1) & 0x3ff {
                        20 => "lwarx",
                        52 => "lbarx",
                        84 => "ldarx",
                        _ => "lharx",
                    };
                    (n(name), vec![R(rt), Ra0(ra), R(rb), Imm(i64::from(w & 1))])
                }
                124 => (format!("nor{rc}"), vec![R(ra), R(rt), R(rb)]),
                246 | 278 => {
                    let name = if (w >> 1) & 0x3ff == 246 {
                        "dcbtst"
                    } else {
                        "dcbt"
                    };
                    (n(name), vec![Ra0(ra), R(rb), Imm(i64::from(rt))])
                }
                51 => (n("mfvsrd"), vec![R(ra), Vs(rt + 32 * (w & 1))]),
                179 => (n("mtvsrd"), vec![Vs(rt + 32 * (w & 1)), R(ra)]),
                654 if w & 1 == 1 => (n("tbegin."), vec![Imm(i64::from((w >> 21) & 1))]),
                686 if w & 1 == 1 => (n("tend."), vec![Imm(i64::from((w >> 25) & 1))]),
                444 => (format!("or{rc}"), vec![R(ra), R(rt), R(rb)]),
                339 => (n("mfspr"), vec![R(rt), Imm(spr)]),
                467 => (n("mtspr"), vec![Imm(spr), R(rt)]),
                598 => (
                    n("sync"),
                    vec![Imm(i64::from((w >> 21) & 7)), Imm(i64::from((w >> 16) & 3))],
                ),
                _ => return None,
            }
        }
        4 if w & 0x7ff == 1156 || w & 0x7ff == 1284 => {
            let name = if w & 0x7ff == 1156 { "vor" } else { "vnor" };
            (n(name), vec![V(rt), V(ra), V(rb)])
        }
        60 if (w >> 3) & 0x1f == 0b01010 && w & (1 << 10) == 0 => {
            let x = |r: u32, bit: u32| Vs(r + 32 * ((w >> bit) & 1));
            (
                n("xxpermdi"),
                vec![x(rt, 0), x(ra, 2), x(rb, 1), Imm(i64::from((w >> 8) & 3))],
            )
        }
        63 if (w >> 1) & 0x3ff == 711 => (
            format!("mtfsf{rc}"),
            vec![
                Imm(i64::from((w >> 17) & 0xff)),
                F(rb),
                Imm(i64::from((w >> 25) & 1)),
                Imm(i64::from((w >> 16) & 1)),
            ],
        ),
        _ => return None,
    })
}
