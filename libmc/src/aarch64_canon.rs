//! AArch64 `-M no-aliases`: the architectural instruction GNU objdump prints in place of a
//! preferred alias (`orr x0, xzr, x1` for `mov x0, x1`, `subs xzr, x1, x2` for `cmp x1, x2`,
//! `ubfm` for `lsl`/`lsr`/`ubfx`, `csinc` for `cset`, `hint #0x22` for `bti c`, …).
//!
//! The integer classes whose aliases GNU prefers are printed here from the encoding fields
//! (Arm Architecture Reference Manual field layouts); the few vector and atomic aliases are
//! renamed in the default printer's text, whose operands are already the canonical ones.

use std::fmt::Write as _;

use crate::aarch64::cond_names;

/// General register `n` of width `sf` (64-bit when true); 31 is the stack pointer when
/// `sp`, else the zero register.
fn reg(n: u32, sf: bool, sp: bool) -> String {
    match (n, sf, sp) {
        (31, true, true) => "sp".to_owned(),
        (31, false, true) => "wsp".to_owned(),
        (31, true, false) => "xzr".to_owned(),
        (31, false, false) => "wzr".to_owned(),
        (n, true, _) => format!("x{n}"),
        (n, false, _) => format!("w{n}"),
    }
}

/// `, lsl #n` for a shifted-register operand unless it is `lsl #0`.
fn shift(out: &mut String, kind: u32, amount: u32) {
    if kind != 0 || amount != 0 {
        let k = ["lsl", "lsr", "asr", "ror"]
            .get(kind as usize)
            .unwrap_or(&"ror");
        let _ = write!(out, ", {k} #{amount}");
    }
}

/// The logical-immediate value of `N:immr:imms` for a `size`-bit register (DecodeBitMasks).
fn bitmask(n: u32, immr: u32, imms: u32, size: u32) -> Option<u64> {
    let combined = (n << 6) | (!imms & 0x3f);
    if combined == 0 {
        return None;
    }
    let len = 31 - combined.leading_zeros();
    if len < 1 {
        return None;
    }
    let levels = (1u32 << len) - 1;
    let s = imms & levels;
    let r = immr & levels;
    if s == levels {
        return None;
    }
    let esize = 1u32 << len;
    if esize > size {
        return None;
    }
    let emask = if esize == 64 {
        u64::MAX
    } else {
        (1u64 << esize) - 1
    };
    let welem = (1u64 << (s + 1)) - 1;
    let rot = if r == 0 {
        welem
    } else {
        ((welem >> r) | (welem << (esize - r))) & emask
    };
    let mut v = 0u64;
    let mut i = 0;
    while i < size {
        v |= rot << i;
        i += esize;
    }
    Some(v)
}

/// GNU's condition field: the name, and ` // name = other, names` when it has others.
fn cond(out: &mut String, c: u32) -> String {
    let base = [
        "eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le", "al",
        "nv",
    ]
    .get(c as usize)
    .copied()
    .unwrap_or("nv");
    out.push_str(base);
    match cond_names(base).and_then(|n| n.split_first()) {
        Some((first, rest)) if !rest.is_empty() => format!("\t// {first} = {}", rest.join(", ")),
        _ => String::new(),
    }
}

/// SYS (`sys #3, C7, C4, #1, x3`) and SYSL (`sysl x0, #3, C7, C4, #1`) as GNU prints them.
pub(crate) fn sys(w: u32) -> Option<String> {
    let rt = w & 31;
    let fields = format!(
        "#{}, C{}, C{}, #{}",
        (w >> 16) & 7,
        (w >> 12) & 15,
        (w >> 8) & 15,
        (w >> 5) & 7
    );
    match w & 0xfff8_0000 {
        0xd508_0000 if rt == 31 => Some(format!("sys\t{fields}")),
        0xd508_0000 => Some(format!("sys\t{fields}, x{rt}")),
        0xd528_0000 => Some(format!("sysl\t{}, {fields}", reg(rt, true, false))),
        _ => None,
    }
}

/// The canonical text of `w` when GNU's default text for it is an alias this module prints
/// from the encoding (integer data processing, hints, `sys`); `None` for everything else.
pub(crate) fn from_word(w: u32) -> Option<String> {
    let sf = w >> 31 == 1;
    let rd = w & 31;
    let rn = (w >> 5) & 31;
    let rm = (w >> 16) & 31;
    let mut out = String::with_capacity(40);
    // Hints (`nop`, `bti c`, `paciasp`, …) and the `ssbb`/`pssbb` barriers.
    if w & 0xffff_f01f == 0xd503_201f {
        return Some(format!("hint\t#0x{:x}", (w >> 5) & 0x7f));
    }
    if w == 0xd503_309f || w == 0xd503_349f {
        return Some(format!("dsb\t#0x{:02x}", (w >> 8) & 15));
    }
    // SYS and its aliases (`dc`, `ic`, `at`, `tlbi`, …).
    if let Some(t) = sys(w) {
        return Some(t);
    }
    match w & 0x1f80_0000 {
        // Move wide: `mov` of movz/movn.
        0x1280_0000 => {
            let opc = (w >> 29) & 3;
            let hw = (w >> 21) & 3;
            let mn = match opc {
                0 => "movn",
                2 => "movz",
                _ => return None,
            };
            if !sf && hw >= 2 {
                return None;
            }
            let _ = write!(
                out,
                "{mn}\t{}, #0x{:x}",
                reg(rd, sf, false),
                (w >> 5) & 0xffff
            );
            if hw != 0 {
                let _ = write!(out, ", lsl #{}", hw * 16);
            }
            return Some(out);
        }
        // Add/subtract immediate: `mov` to or from sp, `cmp`, `cmn`.
        0x1100_0000 => {
            let op = (w >> 30) & 1;
            let s = (w >> 29) & 1;
            let sh = (w >> 22) & 1;
            let imm = (w >> 10) & 0xfff;
            let mov = op == 0 && s == 0 && sh == 0 && imm == 0 && (rd == 31 || rn == 31);
            if !(mov || s == 1 && rd == 31) {
                return None;
            }
            let mn = ["add", "adds", "sub", "subs"].get((op * 2 + s) as usize)?;
            let _ = write!(
                out,
                "{mn}\t{}, {}, #0x{imm:x}",
                reg(rd, sf, s == 0),
                reg(rn, sf, true)
            );
            if sh == 1 {
                out.push_str(", lsl #12");
            }
            return Some(out);
        }
        // Logical immediate: `mov` (orr from the zero register), `tst` (ands to it).
        0x1200_0000 => {
            let opc = (w >> 29) & 3;
            let n = (w >> 22) & 1;
            if !(opc == 1 && rn == 31 || opc == 3 && rd == 31) || (!sf && n == 1) {
                return None;
            }
            let size = if sf { 64 } else { 32 };
            let v = bitmask(n, (w >> 16) & 0x3f, (w >> 10) & 0x3f, size)?;
            let mn = if opc == 1 { "orr" } else { "ands" };
            let _ = write!(
                out,
                "{mn}\t{}, {}, #0x{v:x}",
                reg(rd, sf, opc == 1),
                reg(rn, sf, false)
            );
            return Some(out);
        }
        // Bitfield: every sbfm/bfm/ubfm has an alias (asr, lsl, ubfx, sxtw, bfi, …).
        0x1300_0000 => {
            let opc = (w >> 29) & 3;
            let n = (w >> 22) & 1;
            let immr = (w >> 16) & 0x3f;
            let imms = (w >> 10) & 0x3f;
            let mn = ["sbfm", "bfm", "ubfm"].get(opc as usize)?;
            if (n == 1) != sf || (!sf && (immr >= 32 || imms >= 32)) {
                return None;
            }
            let _ = write!(
                out,
                "{mn}\t{}, {}, #{immr}, #{imms}",
                reg(rd, sf, false),
                reg(rn, sf, false)
            );
            return Some(out);
        }
        // Extract: `ror` when both sources are one register.
        0x1380_0000 => {
            let n = (w >> 22) & 1;
            let imms = (w >> 10) & 0x3f;
            if w & 0x6020_0000 != 0 || (n == 1) != sf || (!sf && imms >= 32) || rn != rm {
                return None;
            }
            let _ = write!(
                out,
                "extr\t{}, {}, {}, #{imms}",
                reg(rd, sf, false),
                reg(rn, sf, false),
                reg(rm, sf, false)
            );
            return Some(out);
        }
        _ => {}
    }
    let zr = |n| reg(n, sf, false);
    // Add/subtract shifted register: `cmp`, `cmn`, `neg`, `negs`.
    if w & 0x1f20_0000 == 0x0b00_0000 {
        let op = (w >> 30) & 1;
        let s = (w >> 29) & 1;
        let kind = (w >> 22) & 3;
        let amount = (w >> 10) & 0x3f;
        if kind == 3 || (!sf && amount >= 32) || !(s == 1 && rd == 31 || op == 1 && rn == 31) {
            return None;
        }
        let mn = ["add", "adds", "sub", "subs"].get((op * 2 + s) as usize)?;
        let _ = write!(out, "{mn}\t{}, {}, {}", zr(rd), zr(rn), zr(rm));
        shift(&mut out, kind, amount);
        return Some(out);
    }
    // Logical shifted register: `mov` (orr), `mvn` (orn), `tst` (ands).
    if w & 0x1f00_0000 == 0x0a00_0000 {
        let opc = (w >> 29) & 3;
        let neg = (w >> 21) & 1;
        let kind = (w >> 22) & 3;
        let amount = (w >> 10) & 0x3f;
        let mov = opc == 1 && neg == 0 && kind == 0 && amount == 0 && rn == 31;
        let mvn = opc == 1 && neg == 1 && rn == 31;
        let tst = opc == 3 && neg == 0 && rd == 31;
        if (!sf && amount >= 32) || !(mov || mvn || tst) {
            return None;
        }
        let mn = match (opc, neg) {
            (1, 0) => "orr",
            (1, _) => "orn",
            _ => "ands",
        };
        let _ = write!(out, "{mn}\t{}, {}, {}", zr(rd), zr(rn), zr(rm));
        shift(&mut out, kind, amount);
        return Some(out);
    }
    // Add/subtract with carry: `ngc`, `ngcs`.
    if w & 0x5fe0_fc00 == 0x5a00_0000 && rn == 31 {
        let mn = if (w >> 29) & 1 == 1 { "sbcs" } else { "sbc" };
        let _ = write!(out, "{mn}\t{}, {}, {}", zr(rd), zr(rn), zr(rm));
        return Some(out);
    }
    // Variable shifts: `lsl`/`lsr`/`asr`/`ror` of lslv/lsrv/asrv/rorv.
    if w & 0x7fe0_f000 == 0x1ac0_2000 {
        let mn = ["lslv", "lsrv", "asrv", "rorv"].get(((w >> 10) & 3) as usize)?;
        let _ = write!(out, "{mn}\t{}, {}, {}", zr(rd), zr(rn), zr(rm));
        return Some(out);
    }
    // Multiply-add with the zero register as addend: `mul`, `mneg`, `smull`, `umnegl`, ….
    if w & 0x7f00_0000 == 0x1b00_0000 && (w >> 10) & 31 == 31 {
        let op31 = (w >> 21) & 7;
        let o0 = ((w >> 15) & 1) as usize;
        let (names, long) = match op31 {
            0 => (["madd", "msub"], false),
            1 => (["smaddl", "smsubl"], true),
            5 => (["umaddl", "umsubl"], true),
            _ => return None,
        };
        if long && !sf {
            return None;
        }
        let mn = names.get(o0)?;
        let src = |n| reg(n, sf && !long, false);
        let _ = write!(
            out,
            "{mn}\t{}, {}, {}, {}",
            zr(rd),
            src(rn),
            src(rm),
            zr(31)
        );
        return Some(out);
    }
    // Conditional select: `cset`, `csetm`, `cinc`, `cinv`, `cneg`.
    if w & 0x3fe0_0800 == 0x1a80_0000 && rn == rm && (w >> 12) & 15 < 14 {
        let mn = match ((w >> 30) & 1, (w >> 10) & 1) {
            (0, 0) => return None,
            (0, _) => "csinc",
            (_, 0) => "csinv",
            _ => "csneg",
        };
        let _ = write!(out, "{mn}\t{}, {}, {}, ", zr(rd), zr(rn), zr(rm));
        let comment = cond(&mut out, (w >> 12) & 15);
        out.push_str(&comment);
        return Some(out);
    }
    None
}

/// The canonical form of the default printer's `text` for the aliases [`from_word`] leaves
/// to it (vector moves, `mvn` of vectors, `cmp`/`cmn`/`tst` of the extended and
/// immediate forms, atomic `st…` stores); other text is returned unchanged.
pub(crate) fn rewrite(w: u32, text: String) -> String {
    renamed(w, &text).unwrap_or(text)
}

fn renamed(w: u32, text: &str) -> Option<String> {
    let (mn, ops) = text.split_once('\t').unwrap_or((text, ""));
    let sf = w >> 31 == 1;
    let renamed = match mn {
        "mov" if w & 0xbfe0_fc00 == 0x0e00_3c00 => "umov",
        "mov" if w & 0xffe0_fc00 == 0x4e00_1c00 || w & 0xffe0_8400 == 0x6e00_0400 => "ins",
        "mov" if w & 0xffe0_fc00 == 0x5e00_0400 || w & 0xff3f_fc00 == 0x0520_3800 => "dup",
        "mov" if w & 0xbfe0_fc00 == 0x0ea0_1c00 => {
            // ORR (vector, register) of one register with itself.
            let src = ops.rsplit(", ").next().unwrap_or_default();
            return Some(format!("orr\t{ops}, {src}"));
        }
        "mvn" if w & 0xbfff_fc00 == 0x2e20_5800 => "not",
        // SVE: DUP (indexed, immediate), DUPM, CPY (immediate, scalar, SIMD&FP scalar),
        // FCPY, FDUP.
        // SVE DUP (indexed) of element 0, which the alias writes as a scalar (`b20`).
        "mov" if w & 0xff20_fc00 == 0x0520_2000 => {
            let (zd, src) = ops.split_once(", ")?;
            let n = src
                .get(1..)
                .filter(|n| n.parse::<u8>().is_ok() && !src.contains('.'));
            return Some(match (n, zd.split_once('.')) {
                (Some(n), Some((_, t))) => format!("dup\t{zd}, z{n}.{t}[0]"),
                _ => format!("dup\t{ops}"),
            });
        }
        "mov" if w & 0xff3f_c000 == 0x2538_c000 => "dup",
        "mov" if w & 0xfffc_0000 == 0x05c0_0000 => "dupm",
        "mov" if w & 0xff30_8000 == 0x0510_0000 || w & 0xff3e_e000 == 0x0520_8000 => "cpy",
        "mov" if w & 0xff3f_e000 == 0x0528_a000 => "cpy",
        "fmov" if w & 0xff30_e000 == 0x0510_c000 => "fcpy",
        "fmov" if w & 0xff3f_e000 == 0x2539_c000 => "fdup",
        // SVE SEL with the destination as the second source.
        "mov" if w & 0xff20_c000 == 0x0520_c000 => {
            let mut t = ops.split(", ");
            let (zd, pg, zn) = (t.next()?, t.next()?, t.next()?);
            let pg = pg.strip_suffix("/m").unwrap_or(pg);
            return Some(format!("sel\t{zd}, {pg}, {zn}, {zd}"));
        }
        // SVE ORR (vectors, unpredicated) of one register with itself.
        "mov" if w & 0xffe0_fc00 == 0x0460_3000 => {
            let src = ops.rsplit(", ").next().unwrap_or_default();
            return Some(format!("orr\t{ops}, {src}"));
        }
        // Add/subtract (extended register) to the zero register.
        "cmp" | "cmn" if w & 0x1f20_0000 == 0x0b20_0000 => {
            let mn = if mn == "cmp" { "subs" } else { "adds" };
            return Some(format!("{mn}\t{}, {ops}", reg(31, sf, false)));
        }
        // LD<op> with the zero register as destination: `stadd`, `stclrl`, ….
        m if m.starts_with("st") && w & 0x3f20_8c00 == 0x3820_0000 && w & 31 == 31 => {
            let zr = reg(31, w >> 30 == 3, false);
            let (first, rest) = ops.split_once(", ").unwrap_or((ops, ""));
            return Some(format!("ld{}\t{first}, {zr}, {rest}", m.get(2..)?));
        }
        _ => return None,
    };
    Some(format!("{renamed}\t{ops}"))
}

/// SVE CPY (immediate) `#imm{, lsl #8}` as GNU prints it: one signed decimal value
/// (`mov z8.h, p4/m, #-81`), where capstone writes the raw byte in hex.
pub(crate) fn sve_cpy_imm(w: u32, text: String) -> String {
    if w & 0xff30_8000 != 0x0510_0000 {
        return text;
    }
    let imm = i32::from((w >> 5) as u8 as i8) << (((w >> 13) & 1) * 8);
    match text.rsplit_once(", #") {
        Some((head, _)) => format!("{head}, #{imm}"),
        None => text,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GNU objdump 2.40's `-M no-aliases` text for words whose default text is an alias.
    #[test]
    fn canonical_forms() {
        let cases: &[(u32, &str)] = &[
            (0xd503_201f, "hint\t#0x0"),
            (0xd503_245f, "hint\t#0x22"),
            (0xd503_309f, "dsb\t#0x00"),
            (0xd503_349f, "dsb\t#0x04"),
            (0xd50b_7423, "sys\t#3, C7, C4, #1, x3"),
            (0xd508_751f, "sys\t#0, C7, C5, #0"),
            (0xd2a0_0020, "movz\tx0, #0x1, lsl #16"),
            (0x1280_0000, "movn\tw0, #0x0"),
            (0x7100_041f, "subs\twzr, w0, #0x1"),
            (0x9100_03fd, "add\tx29, sp, #0x0"),
            (0xab02_003f, "adds\txzr, x1, x2"),
            (0xda1f_03e0, "sbc\tx0, xzr, xzr"),
            (0x9b02_7c20, "madd\tx0, x1, x2, xzr"),
            (0x9b22_fc20, "smsubl\tx0, w1, w2, xzr"),
            (0x1ac2_2020, "lslv\tw0, w1, w2"),
            (0xb340_1c20, "bfm\tx0, x1, #0, #7"),
            (0x331f_03e0, "bfm\tw0, wzr, #31, #0"),
            (0x7200_0c1f, "ands\twzr, w0, #0xf"),
            (0x3200_03e0, "orr\tw0, wzr, #0x1"),
            (0x1a9f_17e6, "csinc\tw6, wzr, wzr, ne\t// ne = any"),
        ];
        for (w, want) in cases {
            assert_eq!(from_word(*w).as_deref(), Some(*want), "{w:08x}");
        }
        // Not aliases: printed by the default printer.
        for w in [0xd503_3fdf_u32, 0x8b02_0420, 0x1382_2020, 0xd65f_03c0] {
            assert_eq!(from_word(w), None, "{w:08x}");
        }
    }

    #[test]
    fn renamed_text() {
        let cases: &[(u32, &str, &str)] = &[
            (0x4e08_3c00, "mov\tx0, v0.d[0]", "umov\tx0, v0.d[0]"),
            (0x4e18_1c20, "mov\tv0.d[1], x1", "ins\tv0.d[1], x1"),
            (0x5e0c_0420, "mov\ts0, v1.s[1]", "dup\ts0, v1.s[1]"),
            (
                0x4ea1_1c20,
                "mov\tv0.16b, v1.16b",
                "orr\tv0.16b, v1.16b, v1.16b",
            ),
            (0x6e20_5820, "mvn\tv0.16b, v1.16b", "not\tv0.16b, v1.16b"),
            (0xeb22_603f, "cmp\tx1, x2, uxtx", "subs\txzr, x1, x2, uxtx"),
            (0xb820_003f, "stadd\tw0, [x1]", "ldadd\tw0, wzr, [x1]"),
            (0xf820_003f, "stadd\tx0, [x1]", "ldadd\tx0, xzr, [x1]"),
            (0x0521_2293, "mov\tz19.b, b20", "dup\tz19.b, z20.b[0]"),
            (0x05a0_3800, "mov\tz0.s, w0", "dup\tz0.s, w0"),
        ];
        for (w, text, want) in cases {
            assert_eq!(rewrite(*w, (*text).to_owned()), *want, "{w:08x}");
        }
    }
}
