//! 32-bit Arm `-M reg-names-…`: the core registers under another of GNU's name sets.
//!
//! The printer writes GNU's default (`reg-names-gcc`) names; another set renames the register
//! tokens of the finished text, leaving what GNU writes literally: the `pc` of A32 immediate
//! loads and stores from the PC (`ldr r0, [pc, #4]`), the `pc`/`sp` of the 16-bit Thumb
//! PC- and SP-relative forms (`ldr r0, [sp, #4]`, `add r0, pc, #4`, `sub sp, #8`), the
//! `(mov r0, r0)` note after `nop`, and symbol names inside `<…>`.

use crate::ArmRegNames;

/// The names of r0..r15 in `set`, separated by spaces.
fn names(set: ArmRegNames) -> &'static str {
    match set {
        ArmRegNames::Gcc => "r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 sl fp ip sp lr pc",
        ArmRegNames::Raw => "r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 r13 r14 r15",
        ArmRegNames::Std => "r0 r1 r2 r3 r4 r5 r6 r7 r8 r9 r10 r11 r12 sp lr pc",
        ArmRegNames::Apcs => "a1 a2 a3 a4 v1 v2 v3 v4 v5 v6 sl fp ip sp lr pc",
        ArmRegNames::Atpcs => "a1 a2 a3 a4 v1 v2 v3 v4 v5 v6 v7 v8 IP SP LR PC",
        ArmRegNames::SpecialAtpcs => "a1 a2 a3 a4 v1 v2 v3 WR v5 SB SL FP IP SP LR PC",
    }
}

/// What GNU writes literally in an instruction (see the module doc).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Literal {
    /// Nothing: every register token is renamed.
    None,
    /// `pc` directly after `[` (A32 immediate-offset loads and stores with Rn = pc).
    BracketPc,
    /// Every `pc` and `sp` (16-bit Thumb PC/SP-relative forms).
    PcSp,
}

/// What an A32 word writes literally.
pub(crate) fn a32_literal(w: u32) -> Literal {
    let rn15 = (w >> 16) & 15 == 15;
    // LDR/STR/LDRB/STRB (immediate), LDRH/LDRSB/LDRSH/LDRD/STRH/STRD (immediate), PLD/PLI.
    let mode2 = w & 0x0e00_0000 == 0x0400_0000 && w >> 28 != 15;
    let mode3 = w & 0x0e40_0090 == 0x0040_0090 && w & 0x60 != 0 && w >> 28 != 15;
    let preload = w & 0xfd70_0000 == 0xf550_0000 || w & 0xff70_0000 == 0xf450_0000;
    if rn15 && (mode2 || mode3 || preload) {
        Literal::BracketPc
    } else {
        Literal::None
    }
}

/// What a 16-bit Thumb halfword writes literally.
pub(crate) fn t16_literal(h: u32) -> Literal {
    if h & 0xf800 == 0x4800 || h & 0xf000 == 0x9000 || h & 0xf000 == 0xa000 || h & 0xff00 == 0xb000
    {
        Literal::PcSp
    } else {
        Literal::None
    }
}

/// `text` (printed with the `reg-names-gcc` names) with its registers named as in `set`.
pub(crate) fn rename(text: String, set: ArmRegNames, lit: Literal) -> String {
    if set == ArmRegNames::Gcc {
        return text;
    }
    let from = names(ArmRegNames::Gcc);
    let to = names(set);
    let rename_to = |tok: &str| {
        let i = from.split(' ').position(|r| r == tok)?;
        to.split(' ').nth(i)
    };
    let mut out = String::with_capacity(text.len() + 8);
    let mut depth = 0u32;
    let mut rest = text.as_str();
    // The mnemonic (up to the first tab) is never renamed.
    if let Some(i) = rest.find('\t') {
        out.push_str(rest.get(..i).unwrap_or_default());
        rest = rest.get(i..).unwrap_or_default();
    }
    let note = "@ (mov r0, r0)";
    while let Some(c) = rest.chars().next() {
        if c == '<' || c == '>' {
            depth = if c == '<' {
                depth + 1
            } else {
                depth.saturating_sub(1)
            };
            out.push(c);
            rest = rest.get(1..).unwrap_or_default();
            continue;
        }
        if depth == 0 && rest.starts_with(note) {
            out.push_str(note);
            rest = rest.get(note.len()..).unwrap_or_default();
            continue;
        }
        let word = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$';
        if !word(c) {
            out.push(c);
            rest = rest.get(c.len_utf8()..).unwrap_or_default();
            continue;
        }
        let n = rest.find(|c: char| !word(c)).unwrap_or(rest.len());
        let tok = rest.get(..n).unwrap_or_default();
        let keep = depth > 0
            || match lit {
                Literal::None => false,
                Literal::BracketPc => tok == "pc" && out.ends_with('['),
                Literal::PcSp => tok == "pc" || tok == "sp",
            };
        match rename_to(tok) {
            Some(name) if !keep => out.push_str(name),
            _ => out.push_str(tok),
        }
        rest = rest.get(n..).unwrap_or_default();
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renames_as_gnu() {
        let r = |t: &str, set, lit| rename(t.to_owned(), set, lit);
        use ArmRegNames::*;
        assert_eq!(
            r("push\t{r4, r5, sl, fp, lr}", Raw, Literal::None),
            "push\t{r4, r5, r10, r11, r14}"
        );
        assert_eq!(
            r(
                "ldr\tr3, [pc, #4]\t@ 54 <f+0x4>",
                Apcs,
                a32_literal(0xe59f_3004)
            ),
            "ldr\ta4, [pc, #4]\t@ 54 <f+0x4>"
        );
        assert_eq!(
            r("ldr\tr0, [pc, r1]", Raw, a32_literal(0xe79f_0001)),
            "ldr\tr0, [r15, r1]"
        );
        assert_eq!(
            r("add\tr0, sp, #4", Raw, t16_literal(0xa801)),
            "add\tr0, sp, #4"
        );
        assert_eq!(r("add\tr0, sp", Raw, t16_literal(0x4468)), "add\tr0, r13");
        assert_eq!(
            r("nop\t\t\t@ (mov r0, r0)", Atpcs, Literal::None),
            "nop\t\t\t@ (mov r0, r0)"
        );
        assert_eq!(
            r(
                "pop\t{pc}\t\t@ (ldr pc, [sp], #4)",
                SpecialAtpcs,
                Literal::None
            ),
            "pop\t{PC}\t\t@ (ldr PC, [SP], #4)"
        );
        assert_eq!(
            r("bl\t1000 <ip_fn>", Raw, Literal::None),
            "bl\t1000 <ip_fn>"
        );
        assert_eq!(
            r("vmrs\tAPSR_nzcv, fpscr", Raw, Literal::None),
            "vmrs\tAPSR_nzcv, fpscr"
        );
    }
}
