//! Byte forms GNU objdump 2.40's x86 printer reads otherwise than iced-x86 does (facts from
//! GNU's output on data in code sections): reserved encodings GNU prints with a `(bad)` or
//! `%?` in them, aliases GNU does not decode, and how far its `(bad)` reaches.

use iced_x86::{Code, Decoder, DecoderError, Instruction, Mnemonic, OpKind, Register};

use super::{decoder_options, Encoding, X86};
use crate::{Flow, Insn, Resolver, Syntax};

/// A change to the text of an instruction decoded from edited bytes.
#[derive(Debug, Clone, Copy)]
pub(super) enum Patch {
    None,
    /// The mnemonic becomes this (`(bad)`), the operands lose their size keyword.
    Mnemonic(&'static str),
    /// A register operand (AT&T spelling, without `%`) becomes another name.
    Operand(&'static str, &'static str),
}

/// The 32-bit general registers by number.
const REG32: [&str; 16] = [
    "eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi", "r8d", "r9d", "r10d", "r11d", "r12d",
    "r13d", "r14d", "r15d",
];

/// x87 register forms (ModRM.mod 3) GNU has no instruction for, by opcode 0xd8.. and
/// ModRM.reg (iced decodes some as aliases: `fstp1`, `fcom2`, `fxch4`…).
const X87_BAD_REG: [u8; 8] = [
    0,                                 // d8
    1 << 3,                            // d9 /3
    1 << 4 | 1 << 6 | 1 << 7,          // da /4 /6 /7
    1 << 7,                            // db /7
    1 << 2 | 1 << 3,                   // dc /2 /3
    1 << 1 | 1 << 6 | 1 << 7,          // dd /1 /6 /7
    1 << 2,                            // de /2
    1 << 1 | 1 << 2 | 1 << 3 | 1 << 7, // df /1 /2 /3 /7
];

/// x87 memory forms GNU prints as `(bad)` with their operand, by opcode 0xd8.. and ModRM.reg.
const X87_BAD_MEM: [u8; 8] = [0, 1 << 1, 0, 1 << 4 | 1 << 6, 0, 1 << 5, 0, 0];

impl X86 {
    /// GNU's reading of the bytes where it differs from iced's: `None` to decode with iced.
    pub(super) fn gnu_form<'a>(
        &self,
        bytes: &'a [u8],
        addr: u64,
        res: &dyn Resolver,
    ) -> Option<Insn<'a>> {
        let e = Encoding::scan(bytes, self.bitness);
        let p = e.opcode_pos();
        let op = *bytes.get(p)?;
        let modrm = bytes.get(p + 1).copied();
        match op {
            // `mov` to or from a segment register that does not exist (`%?`), or to CS.
            0x8c | 0x8e if e.legacy => {
                let m = modrm?;
                let reg = (m >> 3) & 7;
                let name = match (op, reg) {
                    (_, 6 | 7) => "?",
                    (0x8e, 1) => "cs",
                    _ => return None,
                };
                self.subst(
                    bytes,
                    addr,
                    res,
                    p + 1,
                    |b| *b &= !0x38,
                    Patch::Operand("es", name),
                )
            }
            0xd8..=0xdf if e.legacy => {
                let m = modrm?;
                let (k, reg) = (usize::from(op - 0xd8), (m >> 3) & 7);
                if op == 0xdb && m == 0xe5 {
                    let raw = bytes.get(..p + 2)?;
                    let mut words = self.prefix_words(raw);
                    words.push("frstpm(287 only)".to_owned());
                    return Some(Insn::new(addr, raw, Flow::Other, None, words.join(" ")));
                }
                if m >> 6 == 3 {
                    if X87_BAD_REG.get(k).is_some_and(|r| r & (1 << reg) != 0) {
                        return Some(self.bad(bytes, addr, p, p + 2));
                    }
                    None
                } else if X87_BAD_MEM.get(k).is_some_and(|r| r & (1 << reg) != 0) {
                    self.subst(
                        bytes,
                        addr,
                        res,
                        p + 1,
                        |b| *b &= !0x38,
                        Patch::Mnemonic("(bad)"),
                    )
                } else {
                    None
                }
            }
            // A 3DNow! opcode whose suffix byte names no instruction: `(bad)` for the 0x0f
            // alone (GNU's `BadOp`).
            0x0f if modrm == Some(0x0f) => {
                let (ins, err) = iced(self.bitness, bytes, addr);
                if !ins.is_invalid() {
                    return None;
                }
                if err == DecoderError::NoMoreBytes {
                    return Some(self.bailout(bytes, addr));
                }
                let mut insn = self.bad(bytes, addr, p, p + 1);
                // A RIP-relative operand GNU had read keeps its comment, from the end of
                // the 0x0f byte.
                let m = bytes.get(p + 2).copied().unwrap_or(0);
                if self.bitness == 64 && m & 0xc7 == 0x05 {
                    let d: [u8; 4] = bytes.get(p + 3..p + 7)?.try_into().ok()?;
                    let disp = i32::from_le_bytes(d);
                    let t = addr
                        .wrapping_add(p as u64 + 1)
                        .wrapping_add(i64::from(disp) as u64);
                    insn.text.push_str("        # ");
                    res.address(t, &mut insn.text);
                }
                Some(insn)
            }
            // `nop` with REX.W/R/X but not REX.B (which makes it `xchg %r8,%rax`).
            0x90 if e.rex.is_some()
                && !e.prefixes.contains(&0x66)
                && !e.prefixes.contains(&0xf3) =>
            {
                let rex = e.rex.and_then(|i| bytes.get(i)).copied().unwrap_or(0);
                if rex & 1 != 0 {
                    return None;
                }
                let raw = bytes.get(..=p)?;
                let mut words = self.prefix_words(raw);
                words.push("nop".to_owned());
                Some(Insn::new(addr, raw, Flow::Other, None, words.join(" ")))
            }
            // Memory-only forms given a register (`BadOp`): the name, a `(bad)` operand, the
            // 0x0f byte alone.
            0x0f if matches!(modrm, Some(0xe7 | 0xc7 | 0xf7)) => {
                self.memory_only(bytes, addr, p, modrm)
            }
            // `pextrw` from memory (register-only: `BadOp`, which takes the opcode byte
            // again as the immediate); with a mandatory prefix a bare `(bad)`.
            0x0f if modrm == Some(0xc5) => {
                let m = *bytes.get(p + 2)?;
                if m >> 6 == 3 {
                    return None;
                }
                let raw = bytes.get(..p + 2)?;
                if e.prefixes.iter().any(|b| matches!(b, 0x66 | 0xf2 | 0xf3)) {
                    return Some(Insn::new(
                        addr,
                        raw,
                        Flow::Invalid,
                        None,
                        "(bad)".to_owned(),
                    ));
                }
                let rex = e.rex.and_then(|i| bytes.get(i)).copied().unwrap_or(0);
                let reg = usize::from((m >> 3) & 7) | usize::from(rex & 4) << 1;
                let name = REG32.get(reg)?;
                let mut words = self.prefix_words(bytes.get(..p)?);
                // REX.R alone is used (by the register).
                if rex == 0x44 {
                    words.pop();
                }
                let ops = if self.syntax == Syntax::Intel {
                    format!("{name},(bad),0xc5")
                } else {
                    format!("$0xc5,(bad),%{name}")
                };
                let text = laid_out(&words, "pextrw", &ops);
                Some(Insn::new(addr, raw, Flow::Invalid, None, text))
            }
            // The AMD prefetch group with a register: `BadOp`, the 0x0f byte alone.
            0x0f if modrm == Some(0x0d) => {
                let m = *bytes.get(p + 2)?;
                if m >> 6 != 3 {
                    return None;
                }
                let raw = bytes.get(..=p)?;
                let name = match (m >> 3) & 7 {
                    1 => "prefetchw",
                    2 => "prefetchwt1",
                    _ => "prefetch",
                };
                let text = laid_out(&self.prefix_words(bytes.get(..p)?), name, "(bad)");
                Some(Insn::new(addr, raw, Flow::Invalid, None, text))
            }
            // `salc` is not GNU's.
            0xd6 => Some(self.bad(bytes, addr, p, p + 1)),
            0x62 => self
                .evex_w_mismatch(bytes, addr, res)
                .or_else(|| self.vex_vvvv_bad(bytes, addr, p, op)),
            0xc4 | 0xc5 => self.vex_vvvv_bad(bytes, addr, p, op),
            0x8f if modrm.is_some_and(|m| (m >> 3) & 7 != 0 && matches!(m & 0x1f, 8..=10)) => {
                self.vex_vvvv_bad(bytes, addr, p, op)
            }
            // PadLock with a memory operand (or r/m other than 0): the group's name and a
            // `(bad)` operand, for the 0x0f byte alone.
            0x0f if matches!(modrm, Some(0xa6 | 0xa7)) => {
                let m = *bytes.get(p + 2)?;
                let names: &[&str] = if modrm == Some(0xa6) {
                    &["montmul", "xsha1", "xsha256"]
                } else {
                    &[
                        "xstore-rng",
                        "xcrypt-ecb",
                        "xcrypt-cbc",
                        "xcrypt-ctr",
                        "xcrypt-cfb",
                        "xcrypt-ofb",
                    ]
                };
                let name = names.get(usize::from((m >> 3) & 7))?;
                if m >> 6 == 3 && m & 7 == 0 {
                    return None;
                }
                let raw = bytes.get(..=p)?;
                let text = laid_out(&self.prefix_words(raw), name, "(bad)");
                Some(Insn::new(addr, raw, Flow::Invalid, None, text))
            }
            // punpck{l,h}qdq need 0x66 (and no 0xf2/0xf3): else `(bad)` for the opcode bytes,
            // without prefix words.
            0x0f if matches!(modrm, Some(0x6c | 0x6d))
                && bytes.len() > p + 2
                && (!e.prefixes.contains(&0x66)
                    || e.prefixes.iter().any(|&b| b == 0xf2 || b == 0xf3)) =>
            {
                let raw = bytes.get(..p + 2)?;
                Some(Insn::new(
                    addr,
                    raw,
                    Flow::Invalid,
                    None,
                    "(bad)".to_owned(),
                ))
            }
            // MPX with a bound register past %bnd3: `(bad)` in its place.
            0x0f if matches!(modrm, Some(0x1a | 0x1b)) => {
                let m = *bytes.get(p + 2)?;
                let reg = usize::from((m >> 3) & 7);
                if reg < 4 || (m >> 6 == 3 && e.prefixes.is_empty()) {
                    return None;
                }
                let from = ["bnd0", "bnd1", "bnd2", "bnd3"].get(reg & 3).copied()?;
                self.subst(
                    bytes,
                    addr,
                    res,
                    p + 2,
                    |b| *b &= !0x20,
                    Patch::Operand(from, "(bad)"),
                )
            }
            _ => None,
        }
    }

    /// Forms fixed up after iced decoded them: the reserved `nop`s GNU prints with their
    /// r/m operand alone, MPX's bound registers past %bnd3.
    pub(super) fn gnu_form_after<'a>(
        &self,
        ins: &Instruction,
        bytes: &'a [u8],
        addr: u64,
        res: &dyn Resolver,
    ) -> Option<Insn<'a>> {
        let e = Encoding::scan(bytes, self.bitness);
        let p = e.opcode_pos();
        // PadLock instructions GNU does not know: `(bad)` for the opcode bytes.
        if matches!(
            ins.mnemonic(),
            Mnemonic::Xsha512
                | Mnemonic::Xsha512_alt
                | Mnemonic::Xstore_alt
                | Mnemonic::Ccs_hash
                | Mnemonic::Ccs_encrypt
        ) {
            return Some(self.bad(bytes, addr, p, p + 2));
        }
        // A VEX mask-register instruction whose ModRM.reg names a mask register with VEX.R
        // set (%k8 and up do not exist): `(bad)` for that operand.
        let vex_r = match bytes.get(p) {
            Some(0xc4 | 0xc5) if self.bitness == 64 => {
                bytes.get(p + 1).is_some_and(|b| b & 0x80 == 0)
            }
            _ => false,
        };
        if vex_r && ins.op0_kind() == OpKind::Register {
            let r = ins.op0_register();
            let op = bytes.get(p + if bytes.get(p) == Some(&0xc5) { 2 } else { 3 });
            if (Register::K0..=Register::K7).contains(&r) && op != Some(&0x93) {
                let k = ["k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7"]
                    .get((r as usize).wrapping_sub(Register::K0 as usize))?;
                let n = bytes.len().min(15);
                return self.decode_buf(
                    bytes,
                    bytes.get(..n)?,
                    addr,
                    res,
                    Patch::Operand(k, "(bad)"),
                );
            }
        }
        // wbinvd is a prefix table (0xf3 is wbnoinvd): 0x66/0xf2 select an empty slot.
        if ins.mnemonic() == Mnemonic::Wbinvd {
            let at = e.prefixes.iter().rposition(|&b| b == 0x66 || b == 0xf2)?;
            let mut words = self.prefix_words(bytes.get(..p)?);
            if at < words.len() {
                words.remove(at);
            }
            words.push("(bad)".to_owned());
            let raw = bytes.get(..p + 2)?;
            return Some(Insn::new(addr, raw, Flow::Invalid, None, words.join(" ")));
        }
        // PBNDKB is not GNU's: `(bad)` for 0f 01, then the ModRM byte.
        if ins.mnemonic() == Mnemonic::Pbndkb {
            return Some(self.bad(bytes, addr, p, p + 2));
        }
        if is_reserved_nop(ins.code())
            || matches!(ins.code(), Code::Prefetchit0_m8 | Code::Prefetchit1_m8)
        {
            return Some(self.reserved_nop(bytes, addr, res, p));
        }
        None
    }

    fn reserved_nop<'a>(
        &self,
        bytes: &'a [u8],
        addr: u64,
        res: &dyn Resolver,
        p: usize,
    ) -> Insn<'a> {
        let mut buf = [0u8; 15];
        let n = bytes.len().min(15);
        if let (Some(d), Some(s)) = (buf.get_mut(..n), bytes.get(..n)) {
            d.copy_from_slice(s);
        }
        if let Some(b) = buf.get_mut(p + 1) {
            *b = 0x1f;
        }
        if let Some(b) = buf.get_mut(p + 2) {
            *b &= !0x38;
        }
        self.decode_buf(
            bytes,
            buf.get(..n).unwrap_or_default(),
            addr,
            res,
            Patch::None,
        )
        .unwrap_or_else(|| self.bad(bytes, addr, p, p + 1))
    }

    /// Decode `bytes` with one byte (at `at`) edited, printing the text with `patch`.
    fn subst<'a>(
        &self,
        bytes: &'a [u8],
        addr: u64,
        res: &dyn Resolver,
        at: usize,
        edit: impl FnOnce(&mut u8),
        patch: Patch,
    ) -> Option<Insn<'a>> {
        let mut buf = [0u8; 15];
        let n = bytes.len().min(15);
        buf.get_mut(..n)?.copy_from_slice(bytes.get(..n)?);
        edit(buf.get_mut(at)?);
        self.decode_buf(bytes, buf.get(..n)?, addr, res, patch)
    }

    fn decode_buf<'a>(
        &self,
        bytes: &'a [u8],
        buf: &[u8],
        addr: u64,
        res: &dyn Resolver,
        patch: Patch,
    ) -> Option<Insn<'a>> {
        let (ins, _) = iced(self.bitness, buf, addr);
        if ins.is_invalid() {
            return None;
        }
        let len = ins.len();
        let raw = bytes.get(..len)?;
        let (flow, target) = self.flow(&ins);
        let text = self.text(&ins, buf.get(..len)?, target, res, false, patch);
        Some(Insn::new(addr, raw, flow, target, text))
    }

    /// `(bad)` over `bytes[..len]` after the names of the `p` prefix bytes.
    fn bad<'a>(&self, bytes: &'a [u8], addr: u64, p: usize, len: usize) -> Insn<'a> {
        let len = len.min(bytes.len()).max(1);
        let mut words = self.prefix_words(bytes.get(..p.min(len)).unwrap_or_default());
        words.push("(bad)".to_owned());
        Insn::new(
            addr,
            bytes.get(..len).unwrap_or(bytes),
            Flow::Invalid,
            None,
            words.join(" "),
        )
    }

    /// GNU ran out of bytes inside an instruction: the first byte's prefix name, else
    /// `.byte 0x..`.
    /// A REX prefix alone before a VEX, XOP or EVEX prefix GNU had read is `.byte` (the
    /// VEX prefix's bits replace it).
    pub(super) fn bailout<'a>(&self, bytes: &'a [u8], addr: u64) -> Insn<'a> {
        let b = bytes.first().copied().unwrap_or(0);
        let e = Encoding::scan(bytes, self.bitness);
        let p = usize::from(e.rex.is_some());
        let vex_read = e.prefixes.is_empty()
            && e.rex.is_some()
            && match bytes.get(p) {
                Some(0xc5) => bytes.len() >= p + 2,
                Some(0xc4) => bytes.len() >= p + 3,
                Some(0x8f) => {
                    bytes.len() >= p + 3 && bytes.get(p + 1).is_some_and(|m| m & 0x1f >= 8)
                }
                Some(0x62) => bytes.len() >= p + 4,
                _ => false,
            };
        let name = if vex_read {
            None
        } else {
            super::prefix_name(b, self.bitness)
        };
        let text = name.unwrap_or_else(|| format!(".byte 0x{b:x}"));
        Insn::new(
            addr,
            bytes.get(..1).unwrap_or(bytes),
            Flow::Invalid,
            None,
            text,
        )
    }

    /// A VEX instruction that does not use its vvvv field, which is not all ones: GNU's
    /// `(bad)` up to the opcode, without prefix words.
    fn vex_vvvv_bad<'a>(&self, bytes: &'a [u8], addr: u64, p: usize, op: u8) -> Option<Insn<'a>> {
        let b1 = *bytes.get(p + 1)?;
        if self.bitness != 64 && b1 >> 6 != 3 {
            return None;
        }
        if op == 0xc4 && !matches!(b1 & 0x1f, 1..=3) {
            return None;
        }
        if op == 0x62 && (!matches!(b1 & 0xf, 1 | 2 | 3 | 5 | 6) || bytes.get(p + 2)? & 4 == 0) {
            return None;
        }
        // EVEX.L'L 3 without register rounding is no vector length: no instruction.
        if op == 0x62 {
            let (p2, m) = (*bytes.get(p + 3)?, *bytes.get(p + 5)?);
            if (p2 >> 5) & 3 == 3 && !(m >> 6 == 3 && p2 & 0x10 != 0) {
                let v = *bytes.get(p + 2)?;
                if (v >> 3) & 0xf == 0xf {
                    return self.evex_bad(bytes, addr);
                }
                let raw = bytes.get(..p + 5)?;
                return Some(Insn::new(
                    addr,
                    raw,
                    Flow::Invalid,
                    None,
                    "(bad)".to_owned(),
                ));
            }
        }
        let (vbyte, end) = match op {
            0xc5 => (p + 1, p + 3),
            0x62 => (p + 2, p + 5),
            _ => (p + 2, p + 4),
        };
        let v = *bytes.get(vbyte)?;
        if (v >> 3) & 0xf == 0xf {
            return None;
        }
        let opcode = *bytes.get(end - 1)?;
        if bytes.len() <= end && !(op == 0xc5 && opcode == 0x77) {
            return None;
        }
        let (ins, err) = iced(self.bitness, bytes, addr);
        let unused = if ins.is_invalid() {
            err != DecoderError::NoMoreBytes
        } else {
            // With vvvv all ones the same instruction: the field is not an operand.
            let mut buf = [0u8; 15];
            let n = bytes.len().min(15);
            buf.get_mut(..n)?.copy_from_slice(bytes.get(..n)?);
            *buf.get_mut(vbyte)? |= 0x78;
            let b2 = buf.get(..n)?;
            let (other, _) = iced(self.bitness, b2, addr);
            other.code() == ins.code() && same_registers(&other, &ins)
        };
        unused.then(|| {
            Insn::new(
                addr,
                bytes.get(..end).unwrap_or(bytes),
                Flow::Invalid,
                None,
                "(bad)".to_owned(),
            )
        })
    }
}

/// GNU's line for an instruction: prefix words, the mnemonic, the operands from column 7.
fn laid_out(words: &[String], mnemonic: &str, ops: &str) -> String {
    let mut text = words.join(" ");
    if !text.is_empty() {
        text.push(' ');
    }
    text.push_str(mnemonic);
    if !ops.is_empty() {
        let pad = 7usize.saturating_sub(text.len()).max(1);
        text.extend(std::iter::repeat_n(' ', pad));
        text.push_str(ops);
    }
    text
}

/// iced's decoding of `bytes` at `addr` and its error.
fn iced(bitness: u32, bytes: &[u8], addr: u64) -> (Instruction, DecoderError) {
    let mut dec = Decoder::with_ip(bitness, bytes, addr, decoder_options(bytes, bitness));
    let ins = dec.decode();
    (ins, dec.last_error())
}

/// Whether two decodings name the same operands.
fn same_registers(a: &Instruction, b: &Instruction) -> bool {
    a.op_count() == b.op_count()
        && (0..a.op_count()).all(|i| {
            a.op_kind(i) == b.op_kind(i)
                && (a.op_kind(i) != OpKind::Register || a.op_register(i) == b.op_register(i))
        })
}

/// iced's reserved-`nop` encodings 0f 18..0f 1f (with a register operand GNU does not
/// print).
fn is_reserved_nop(c: Code) -> bool {
    matches!(
        c,
        Code::Reservednop_rm16_r16_0F18
            | Code::Reservednop_rm16_r16_0F19
            | Code::Reservednop_rm16_r16_0F1A
            | Code::Reservednop_rm16_r16_0F1B
            | Code::Reservednop_rm16_r16_0F1C
            | Code::Reservednop_rm16_r16_0F1D
            | Code::Reservednop_rm16_r16_0F1E
            | Code::Reservednop_rm16_r16_0F1F
            | Code::Reservednop_rm32_r32_0F18
            | Code::Reservednop_rm32_r32_0F19
            | Code::Reservednop_rm32_r32_0F1A
            | Code::Reservednop_rm32_r32_0F1B
            | Code::Reservednop_rm32_r32_0F1C
            | Code::Reservednop_rm32_r32_0F1D
            | Code::Reservednop_rm32_r32_0F1E
            | Code::Reservednop_rm32_r32_0F1F
            | Code::Reservednop_rm64_r64_0F18
            | Code::Reservednop_rm64_r64_0F19
            | Code::Reservednop_rm64_r64_0F1A
            | Code::Reservednop_rm64_r64_0F1B
            | Code::Reservednop_rm64_r64_0F1C
            | Code::Reservednop_rm64_r64_0F1D
            | Code::Reservednop_rm64_r64_0F1E
            | Code::Reservednop_rm64_r64_0F1F
    )
}

/// Apply `patch` to an instruction's mnemonic and operands.
pub(super) fn apply(patch: Patch, mnemonic: &mut String, ops: &mut String, syntax: Syntax) {
    let intel = syntax == Syntax::Intel;
    match patch {
        Patch::None => {}
        Patch::Mnemonic(m) => {
            *mnemonic = m.to_owned();
            if intel {
                if let Some(pos) = ops.find(" PTR ") {
                    let start = ops
                        .get(..pos)
                        .and_then(|s| s.rfind([',', ' ']))
                        .map_or(0, |i| i + 1);
                    ops.replace_range(start..pos + " PTR ".len(), "");
                }
            }
        }
        Patch::Operand(from, to) => {
            let (from, to) = if intel {
                (from.to_owned(), to.to_owned())
            } else {
                let to = if to.starts_with('(') {
                    to.to_owned()
                } else {
                    format!("%{to}")
                };
                (format!("%{from}"), to)
            };
            *ops = ops
                .split(',')
                .map(|o| if o == from { to.as_str() } else { o })
                .collect::<Vec<_>>()
                .join(",");
        }
    }
}

impl X86 {
    /// An EVEX instruction with a known map that names no instruction, its vvvv all ones:
    /// GNU's `(bad)` up to the opcode, with the masking it read (`{%k5}`, `{z}`); a zeroing
    /// without a mask register is `(bad)` alone.
    pub(super) fn evex_bad<'a>(&self, bytes: &'a [u8], addr: u64) -> Option<Insn<'a>> {
        let e = Encoding::scan(bytes, self.bitness);
        let p = e.opcode_pos();
        let (&first, &p0, &p1, &p2) = (
            bytes.get(p)?,
            bytes.get(p + 1)?,
            bytes.get(p + 2)?,
            bytes.get(p + 3)?,
        );
        let evex = first == 0x62 && (self.bitness == 64 || p0 >> 6 == 3);
        let known = matches!(p0 & 0xf, 1 | 2 | 3 | 5 | 6) && p1 & 4 != 0;
        if !evex || !known || (p1 >> 3) & 0xf != 0xf || bytes.len() < p + 5 {
            return None;
        }
        let raw = bytes.get(..p + 5)?;
        let (z, aaa) = (p2 & 0x80 != 0, p2 & 7);
        let bare = Insn::new(addr, raw, Flow::Invalid, None, "(bad)".to_owned());
        if z && aaa == 0 {
            return Some(bare);
        }
        // An opcode that exists only with 0x66 (EVEX.pp 01): another pp is a prefix
        // mismatch, `(bad)` alone.
        if p1 & 3 != 1 {
            let mut buf = [0u8; 15];
            let n = bytes.len().min(15);
            buf.get_mut(..n)?.copy_from_slice(bytes.get(..n)?);
            *buf.get_mut(p + 2)? = (p1 & !3) | 1;
            if !iced(self.bitness, buf.get(..n)?, addr).0.is_invalid() {
                return Some(bare);
            }
            // With either EVEX.W.
            *buf.get_mut(p + 2)? ^= 0x80;
            if !iced(self.bitness, buf.get(..n)?, addr).0.is_invalid() {
                return Some(bare);
            }
        }
        let words = self.prefix_words(bytes.get(..p)?);
        let intel = self.syntax == Syntax::Intel;
        let mut ops: Vec<String> = Vec::new();
        if aaa != 0 {
            let pct = if intel { "" } else { "%" };
            let zero = if z { "{z}" } else { "" };
            ops.push(format!("{{{pct}k{aaa}}}{zero}"));
        }
        // Register rounding (EVEX.b with a register ModRM) no instruction took.
        let m = bytes.get(p + 5).copied().unwrap_or(0);
        if p2 & 0x10 != 0 && m >> 6 == 3 {
            let r = ["{rn-", "{rd-", "{ru-", "{rz-"]
                .get(usize::from((p2 >> 5) & 3))
                .copied()
                .unwrap_or("{rn-");
            ops.push(format!("{r}bad}}"));
        }
        if !intel {
            ops.reverse();
        }
        let text = laid_out(&words, "(bad)", &ops.join(","));
        Some(Insn::new(addr, raw, Flow::Invalid, None, text))
    }

    /// `movntq` / `cmpxchg8b` with a register operand, `maskmovq` with a memory one: GNU's
    /// `BadOp` after the name.
    fn memory_only<'a>(
        &self,
        bytes: &'a [u8],
        addr: u64,
        p: usize,
        op2: Option<u8>,
    ) -> Option<Insn<'a>> {
        let m = *bytes.get(p + 2)?;
        // maskmovq is the register-only one.
        if (m >> 6 != 3) != (op2 == Some(0xf7)) {
            return None;
        }
        let e = Encoding::scan(bytes, self.bitness);
        let intel = self.syntax == Syntax::Intel;
        let has = |b: u8| e.prefixes.contains(&b);
        // movntq/movntdq and maskmovq/maskmovdqu with 0xf2/0xf3 (or movntdq's 0x66 with a
        // register): the prefix mismatch, a bare `(bad)` for the opcode bytes.
        if op2 != Some(0xc7) && (has(0xf2) || has(0xf3) || (has(0x66) && op2 == Some(0xe7))) {
            let raw = bytes.get(..p + 2)?;
            return Some(Insn::new(
                addr,
                raw,
                Flow::Invalid,
                None,
                "(bad)".to_owned(),
            ));
        }
        let rex_w = e.rex.and_then(|i| bytes.get(i)).is_some_and(|r| r & 8 != 0);
        let reg = (m >> 3) & 7;
        if op2 == Some(0xf7) && has(0x66) {
            let ops = if intel {
                format!("xmm{reg},(bad)")
            } else {
                format!("(bad),%xmm{reg}")
            };
            let raw = bytes.get(..=p)?;
            let words: Vec<String> = self
                .prefix_words(bytes.get(..p)?)
                .into_iter()
                .filter(|w| w != "data16")
                .collect();
            let text = laid_out(&words, "maskmovdqu", &ops);
            return Some(Insn::new(addr, raw, Flow::Invalid, None, text));
        }
        let (name, ops) = match (op2, reg) {
            (Some(0xe7), reg) if intel => ("movntq", format!("(bad),mm{reg}")),
            (Some(0xe7), reg) => ("movntq", format!("%mm{reg},(bad)")),
            (Some(0xf7), reg) if intel => ("maskmovq", format!("mm{reg},(bad)")),
            (Some(0xf7), reg) => ("maskmovq", format!("(bad),%mm{reg}")),
            (_, 1) if rex_w => ("cmpxchg16b", "(bad)".to_owned()),
            (_, 1) => ("cmpxchg8b", "(bad)".to_owned()),
            _ => return None,
        };
        let raw = bytes.get(..=p)?;
        let mut words = self.prefix_words(raw);
        // cmpxchg16b uses a bare REX.W.
        if name == "cmpxchg16b" && e.rex.and_then(|i| bytes.get(i)) == Some(&0x48) {
            words.pop();
        }
        let text = laid_out(&words, name, &ops);
        Some(Insn::new(addr, raw, Flow::Invalid, None, text))
    }

    /// GNU's target of an `%eip`-relative operand in 64-bit mode: the 32-bit displacement
    /// added to the 64-bit address of the next instruction.
    pub(super) fn eip_target(ins: &Instruction) -> u64 {
        let next = ins.next_ip();
        let disp = ins.memory_displacement32().wrapping_sub(next as u32) as i32;
        next.wrapping_add(i64::from(disp) as u64)
    }
}

/// GNU's names where iced's differ: debug registers `%db0`…, PadLock's `xcrypt-ecb`….
pub(super) fn names(mnemonic: &mut String, ops: &mut String, ins: &Instruction, intel: bool) {
    let m = match ins.mnemonic() {
        Mnemonic::Xcryptecb => Some(("xcryptecb", "xcrypt-ecb")),
        Mnemonic::Xcryptcbc => Some(("xcryptcbc", "xcrypt-cbc")),
        Mnemonic::Xcryptctr => Some(("xcryptctr", "xcrypt-ctr")),
        Mnemonic::Xcryptcfb => Some(("xcryptcfb", "xcrypt-cfb")),
        Mnemonic::Xcryptofb => Some(("xcryptofb", "xcrypt-ofb")),
        Mnemonic::Xstore => Some(("xstore", "xstore-rng")),
        _ => None,
    };
    if let Some((from, to)) = m {
        if !mnemonic.contains(to) {
            *mnemonic = mnemonic.replacen(from, to, 1);
        }
    }
    if !intel
        && (0..ins.op_count()).any(|i| {
            ins.op_kind(i) == OpKind::Register
                && (Register::DR0..=Register::DR15).contains(&ins.op_register(i))
        })
    {
        *ops = ops.replace("dr", "db");
    }
}

/// One-byte opcodes with a ModRM byte, a bit per opcode (bit `n` of row `op >> 4` is
/// opcode `op & 15`).
const ONE_BYTE_MODRM: [u16; 16] = [
    0x0f0f, 0x0f0f, 0x0f0f, 0x0f0f, 0, 0, 0x0a0c, 0, 0xffff, 0, 0, 0, 0x00f3, 0xff0f, 0, 0xc0c0,
];

/// Two-byte (0f xx) opcodes with a ModRM byte, laid out as [`ONE_BYTE_MODRM`].
const TWO_BYTE_MODRM: [u16; 16] = [
    0xa00f, 0xffff, 0xff7f, 0x0500, 0xffff, 0xffff, 0xffff, 0xff7f, 0, 0xffff, 0xf8f8, 0xffff,
    0x00ff, 0xffff, 0xffff, 0xffff,
];

fn has_bit(rows: &[u16; 16], op: u8) -> bool {
    rows.get(usize::from(op >> 4))
        .is_some_and(|r| r & (1 << (op & 15)) != 0)
}

impl X86 {
    /// Whether the bytes end before the ModRM byte GNU fetches for this opcode (it then
    /// gives up on the instruction and names its first byte).
    pub(super) fn cut_before_modrm(&self, bytes: &[u8]) -> bool {
        let e = Encoding::scan(bytes, self.bitness);
        let p = e.opcode_pos();
        let Some(&op) = bytes.get(p) else {
            return true;
        };
        let next = bytes.get(p + 1).copied().unwrap_or(0);
        let vexlike = self.bitness == 64 || next >> 6 == 3;
        let need = match op {
            0xc5 if vexlike => {
                if bytes.get(p + 2) == Some(&0x77) {
                    p + 3
                } else {
                    p + 4
                }
            }
            // An unknown map (or a clear EVEX U bit) ends the instruction after the prefix.
            0xc4 if vexlike && !matches!(next & 0x1f, 1..=3) => p + 4,
            0xc4 if vexlike => p + 5,
            0x62 if vexlike
                && (!matches!(next & 0xf, 1 | 2 | 3 | 5 | 6)
                    || bytes.get(p + 2).is_some_and(|b| b & 4 == 0)) =>
            {
                p + 5
            }
            0x62 if vexlike => p + 6,
            // XOP is read only for ModRM.reg 1 and 5 (the others are `pop` and `(bad)`).
            0x8f if vexlike
                && matches!((next >> 3) & 7, 1 | 5)
                && !matches!(next & 0x1f, 8..=10) =>
            {
                p + 4
            }
            0x8f if vexlike && matches!((next >> 3) & 7, 1 | 5) => p + 5,
            0x0f => match bytes.get(p + 1) {
                None => p + 2,
                Some(0x38 | 0x3a) => p + 4,
                Some(&b) if has_bit(&TWO_BYTE_MODRM, b) => p + 3,
                Some(_) => p + 2,
            },
            _ if has_bit(&ONE_BYTE_MODRM, op) => p + 2,
            _ => p + 1,
        };
        bytes.len() < need
    }
}

impl X86 {
    /// Whether a VEX (0xc4), EVEX or XOP prefix GNU gave up on had replaced the REX bits
    /// with none: the REX prefix before it is then not named.
    pub(super) fn vex_hides_rex(&self, bytes: &[u8]) -> bool {
        let e = Encoding::scan(bytes, self.bitness);
        let p = e.opcode_pos();
        let (Some(&op), Some(&b1)) = (bytes.get(p), bytes.get(p + 1)) else {
            return false;
        };
        let rex = (!(b1 >> 5)) & 7;
        let w = bytes.get(p + 2).is_some_and(|b| b & 0x80 != 0);
        match op {
            0xc4 => rex == 0,
            0x62 => {
                // A known map reads W before the U bit it fails on.
                let known = matches!(b1 & 0xf, 1 | 2 | 3 | 5 | 6);
                rex == 0 && !(known && w)
            }
            // 0x8f reads an XOP prefix only with ModRM.reg 1 or 5 (its other entries are
            // `pop` and `(bad)`).
            0x8f => matches!((b1 >> 3) & 7, 1 | 5) && rex == 0,
            _ => false,
        }
    }
}

/// How GNU reads an EVEX map-1 instruction whose EVEX.W is not the one the instruction has.
#[derive(Clone, Copy, PartialEq)]
enum WMismatch {
    /// Packed arithmetic: the prefix alone picks `ps`/`pd`, W is ignored.
    Ignored,
    /// Conversions and scalar forms: the W-chosen letter prints as `{bad}`.
    Bad,
}

impl X86 {
    /// An EVEX map-1 instruction iced rejects for its EVEX.W, which GNU reads anyway.
    pub(super) fn evex_w_mismatch<'a>(
        &self,
        bytes: &'a [u8],
        addr: u64,
        res: &dyn Resolver,
    ) -> Option<Insn<'a>> {
        let e = Encoding::scan(bytes, self.bitness);
        let p = e.opcode_pos();
        let (&first, &p0, &p1, &op) = (
            bytes.get(p)?,
            bytes.get(p + 1)?,
            bytes.get(p + 2)?,
            bytes.get(p + 4)?,
        );
        if first != 0x62 || (self.bitness != 64 && p0 >> 6 != 3) || p0 & 0xf != 1 || p1 & 4 == 0 {
            return None;
        }
        let class = match (p1 & 3, op) {
            (0 | 1, 0x10 | 0x11 | 0x2e | 0x2f | 0x51 | 0x58 | 0x59 | 0x5c..=0x5f) => {
                WMismatch::Ignored
            }
            (0 | 1, 0x5a | 0x5b | 0xe6)
            | (2 | 3, 0x10..=0x12 | 0x16 | 0x51 | 0x58..=0x5f | 0xe6) => WMismatch::Bad,
            _ => return None,
        };
        if !iced(self.bitness, bytes, addr).0.is_invalid() {
            return None;
        }
        let mut buf = [0u8; 15];
        let n = bytes.len().min(15);
        buf.get_mut(..n)?.copy_from_slice(bytes.get(..n)?);
        *buf.get_mut(p + 2)? ^= 0x80;
        let insn = self.decode_buf(bytes, buf.get(..n)?, addr, res, Patch::None)?;
        if class == WMismatch::Ignored {
            return Some(insn);
        }
        // The mnemonic is the first word starting with `v` (after any prefix words).
        let text = insn.text.clone();
        let start = text
            .split(' ')
            .take_while(|w| !w.starts_with('v'))
            .map(|w| w.len() + 1)
            .sum();
        let rest = text.get(start..)?;
        let (mn, ops) = rest.split_once(' ').unwrap_or((rest, ""));
        let at = if mn.starts_with("vcvtt") {
            6
        } else if mn.starts_with("vcvt") {
            5
        } else if mn.ends_with("dup") {
            4
        } else {
            mn.len().checked_sub(1)?
        };
        let mangled = format!("{}{{bad}}{}", mn.get(..at)?, mn.get(at + 1..)?);
        let words: Vec<String> = text
            .get(..start)?
            .split(' ')
            .filter(|w| !w.is_empty())
            .map(str::to_owned)
            .collect();
        let text = laid_out(&words, &mangled, ops.trim_start());
        Some(Insn::new(addr, insn.bytes, insn.flow, insn.target, text))
    }
}

/// EVEX `vmovss`/`vmovsd` 0f 11 between registers: GNU names the destination by the
/// vector length (`%zmm1` for EVEX.L'L 2), not as an XMM register.
pub(super) fn movs_store_width(
    ops: &mut String,
    ins: &Instruction,
    raw: &[u8],
    enc: &Encoding,
    intel: bool,
) {
    if !matches!(
        ins.code(),
        Code::EVEX_Vmovss_xmm_k1z_xmm_xmm_0F11 | Code::EVEX_Vmovsd_xmm_k1z_xmm_xmm_0F11
    ) {
        return;
    }
    let ll = raw.get(enc.opcode_pos() + 3).map_or(0, |b| (b >> 5) & 3);
    let wide = match ll {
        1 => "ymm",
        2 | 3 => "zmm",
        _ => return,
    };
    let name = format!("{:?}", ins.op0_register()).to_ascii_lowercase();
    let to = name.replacen("xmm", wide, 1);
    let pos = if intel {
        ops.find(&name)
    } else {
        ops.rfind(&name)
    };
    if let Some(pos) = pos {
        ops.replace_range(pos..pos + name.len(), &to);
    }
}

/// GNU's reading of an undefined 0f-map opcode under a mandatory prefix, from its output
/// (rows: 0x66, 0xf2, 0xf3 — `BARE` has one row for 0xf2 and 0xf3, which agree; each a
/// 256-bit set by opcode, for a register and a memory ModRM): `BARE` prints `(bad)` alone
/// (a prefix mismatch), `CONSUMED` names the other prefixes but not the mandatory one (an
/// empty slot of a prefix table).
const BARE_0F: [[[u64; 4]; 2]; 2] = [
    [
        [
            0x0000000000000000,
            0x0080000000000000,
            0x0000000000000000,
            0x0000000000000000,
        ],
        [
            0x0000000000000000,
            0x0080000000000000,
            0x0000000000000000,
            0x0000000000000028,
        ],
    ],
    [
        [
            0x0000030000300000,
            0x00f07ff800f10000,
            0x0000000000000000,
            0x7f7eff3fff3e0070,
        ],
        [
            0x0000030000b80000,
            0x00f07ff800f00000,
            0x0000000000000000,
            0x7f7eff3fff3e0078,
        ],
    ],
];

/// See [`BARE_0F`].
const CONSUMED_0F: [[[u64; 4]; 2]; 3] = [
    [
        [
            0x0000080000440200,
            0x00000000000c0000,
            0x0100400000000000,
            0x0001008000000000,
        ],
        [
            0x0000000000000200,
            0x00000000000c0000,
            0x0100000000000000,
            0x0001000000000000,
        ],
    ],
    [
        [
            0x0000c80000400200,
            0xc0008007080c0000,
            0x3100400000000000,
            0x0081008000000000,
        ],
        [
            0x0000c00000400200,
            0xc0008007080c0000,
            0x3100000000000000,
            0x0080008000000000,
        ],
    ],
    [
        [
            0x0000c80000000000,
            0x3300000700000000,
            0x0000000000000000,
            0x0081008000010000,
        ],
        [
            0x0000c00000000000,
            0x3300000700000000,
            0x0000000000000000,
            0x0081008000010000,
        ],
    ],
];

/// How GNU prints an undefined 0f-map opcode with a mandatory prefix.
pub(super) enum Mismatch {
    /// `(bad)` alone.
    Bare,
    /// The prefix words but the one at this index (among the prefix bytes).
    Consumed(usize),
}

/// GNU's reading of `bytes` (which iced cannot decode) if they hold a two-byte-map opcode
/// after a mandatory prefix (the last 0xf2/0xf3, else 0x66).
pub(super) fn mismatch_0f(bytes: &[u8], bitness: u32) -> Option<Mismatch> {
    let e = Encoding::scan(bytes, bitness);
    let p = e.opcode_pos();
    if bytes.get(p) != Some(&0x0f) {
        return None;
    }
    let op = *bytes.get(p + 1)?;
    if matches!(op, 0x0f | 0x38 | 0x3a) {
        return None;
    }
    let (at, row) = match e.prefixes.iter().rposition(|&b| b == 0xf2 || b == 0xf3) {
        Some(i) => (
            i,
            if e.prefixes.get(i) == Some(&0xf2) {
                1
            } else {
                2
            },
        ),
        None => (e.prefixes.iter().rposition(|&b| b == 0x66)?, 0),
    };
    let col = usize::from(bytes.get(p + 2).is_some_and(|m| m >> 6 != 3));
    let has = |t: &[[[u64; 4]; 2]], row: usize| {
        t.get(row)
            .and_then(|r| r.get(col))
            .and_then(|w| w.get(usize::from(op >> 6)))
            .is_some_and(|w| w & (1 << (op & 63)) != 0)
    };
    if has(&BARE_0F, row.min(1)) {
        Some(Mismatch::Bare)
    } else if has(&CONSUMED_0F, row) {
        Some(Mismatch::Consumed(at))
    } else {
        None
    }
}
