//! x86 (64, x32, 32 and 16 bit) on iced-x86's GAS and Intel formatters, plus the differences
//! between their text and GNU objdump 2.40's (each rule below says what GNU prints; they were
//! found by comparing the two printers' output, not from GNU's tables).

use std::cell::RefCell;
use std::fmt;

use iced_x86::{
    Code, Decoder, DecoderError, DecoderOptions, FlowControl, Formatter, FormatterOutput,
    FormatterTextKind, GasFormatter, Instruction, IntelFormatter, MemorySizeOptions, Mnemonic,
    OpKind, Register,
};

use crate::{Arch, Flow, Insn, Machine, Resolver, Syntax};

/// GNU decodes what it can (`lock` on any instruction, odd register forms) rather than
/// rejecting it: so does iced with invalid-prefix checks off.
const DECODER_OPTIONS: u32 = DecoderOptions::NO_INVALID_CHECK;

/// An x86 decoder/printer.
pub(crate) struct X86 {
    bitness: u32,
    x32: bool,
    suffix: bool,
    syntax: Syntax,
    fmt: RefCell<Box<dyn Formatter>>,
}

impl fmt::Debug for X86 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("X86")
            .field("bitness", &self.bitness)
            .field("syntax", &self.syntax)
            .finish()
    }
}

/// Collects formatter output, leaving out the text of near-branch targets (the caller's
/// [`Resolver`] writes those) and noting that one was there.
#[derive(Default)]
struct Out {
    text: String,
    had_target: bool,
}

impl FormatterOutput for Out {
    fn write(&mut self, text: &str, kind: FormatterTextKind) {
        match kind {
            FormatterTextKind::LabelAddress | FormatterTextKind::FunctionAddress => {
                self.had_target = true;
            }
            _ => self.text.push_str(text),
        }
    }
}

impl X86 {
    pub(crate) fn new(arch: Arch) -> X86 {
        let bitness = match arch.machine {
            Machine::I386 => 32,
            Machine::I8086 => 16,
            _ => 64,
        };
        let mut fmt: Box<dyn Formatter> = match arch.syntax {
            Syntax::Att => Box::new(GasFormatter::new()),
            Syntax::Intel => Box::new(IntelFormatter::new()),
        };
        let o = fmt.options_mut();
        o.set_hex_prefix("0x");
        o.set_hex_suffix("");
        o.set_uppercase_hex(false);
        o.set_small_hex_numbers_in_decimal(false);
        o.set_add_leading_zero_to_hex_numbers(false);
        o.set_branch_leading_zeros(false);
        o.set_displacement_leading_zeros(false);
        o.set_signed_immediate_operands(false);
        o.set_signed_memory_displacements(true);
        o.set_show_zero_displacements(true);
        o.set_always_show_scale(true);
        o.set_rip_relative_addresses(true);
        o.set_show_branch_size(false);
        o.set_show_useless_prefixes(true);
        o.set_gas_show_mnemonic_size_suffix(arch.suffix);
        o.set_gas_space_after_memory_operand_comma(false);
        o.set_space_after_operand_separator(false);
        o.set_use_pseudo_ops(true);
        o.set_first_operand_char_index(0);
        o.set_memory_size_options(MemorySizeOptions::Always);
        o.set_uppercase_keywords(true);
        o.set_uppercase_prefixes(false);
        o.set_uppercase_mnemonics(false);
        o.set_uppercase_registers(false);
        X86 {
            bitness,
            x32: arch.machine == Machine::X32,
            suffix: arch.suffix,
            syntax: arch.syntax,
            fmt: RefCell::new(fmt),
        }
    }

    pub(crate) fn decode<'a>(&self, bytes: &'a [u8], addr: u64, res: &dyn Resolver) -> Insn<'a> {
        // A REX prefix followed by another prefix (or fwait) is ignored: GNU prints the
        // prefixes up to it as an instruction of their own.
        if let Some(n) = self.lone_rex(bytes) {
            let raw = bytes.get(..n).unwrap_or(bytes);
            return Insn::new(
                addr,
                raw,
                Flow::Other,
                None,
                self.prefix_words(raw).join(" "),
            );
        }
        let mut dec = Decoder::with_ip(self.bitness, bytes, addr, DECODER_OPTIONS);
        let ins = dec.decode();
        let len = ins.len().clamp(1, bytes.len());
        let raw = bytes.get(..len).unwrap_or(bytes);
        if ins.is_invalid() {
            // Cut short by the end of the bytes: GNU names the first byte alone (a prefix's
            // name, else `.byte 0x..`) and goes on with the next byte.
            let bad = if dec.last_error() == DecoderError::NoMoreBytes {
                self.bad_len(bytes)
            } else {
                Some(gnu_bad_len(bytes, self.bitness).unwrap_or(len))
            };
            // An EVEX instruction GNU reads whole but whose vvvv field is not all ones:
            // `(bad)` up to the opcode, without prefix words.
            if let Some(n) = evex_vvvv_bad(bytes, self.bitness) {
                return Insn::new(
                    addr,
                    bytes.get(..n).unwrap_or(bytes),
                    Flow::Invalid,
                    None,
                    "(bad)".to_owned(),
                );
            }
            let (len, text) = match bad {
                Some(len) => {
                    // GNU names the prefixes it read before giving up.
                    let mut words = self.prefix_words(bytes.get(..len).unwrap_or(bytes));
                    words.push("(bad)".to_owned());
                    (len, words.join(" "))
                }
                None => {
                    let b = bytes.first().copied().unwrap_or(0);
                    let name = prefix_name(b, self.bitness);
                    (1, name.unwrap_or_else(|| format!(".byte 0x{b:x}")))
                }
            };
            return Insn::new(
                addr,
                bytes.get(..len).unwrap_or(bytes),
                Flow::Invalid,
                None,
                text,
            );
        }
        if ins.mnemonic() == Mnemonic::Wait && len == 1 {
            if let Some(i) = self.fold_wait(bytes, addr, res) {
                return i;
            }
        }
        let (flow, target) = self.flow(&ins);
        let mut text = self.text(&ins, raw, target, res, false);
        if ins.mnemonic() == Mnemonic::Wait && !text.contains("fwait") {
            text = text.replacen("wait", "fwait", 1);
        }
        Insn::new(addr, raw, flow, target, text)
    }

    /// The length of a run of prefixes ending in a REX prefix that another prefix follows.
    fn lone_rex(&self, bytes: &[u8]) -> Option<usize> {
        if self.bitness != 64 {
            return None;
        }
        let mut rex_seen = false;
        for (i, &b) in bytes.iter().enumerate().take(15) {
            // fwait ends a run of prefixes but does not start one (it is an instruction).
            let prefix = prefix_name(b, 64).is_some() && (b != 0x9b || rex_seen);
            if !prefix {
                return None;
            }
            if rex_seen {
                return Some(i);
            }
            rex_seen = b & 0xf0 == 0x40;
        }
        None
    }

    /// GNU's names of the prefix bytes at the start of `bytes`.
    fn prefix_words(&self, bytes: &[u8]) -> Vec<String> {
        bytes
            .iter()
            .map_while(|&b| {
                if b == 0x9b {
                    None
                } else {
                    prefix_name(b, self.bitness)
                }
            })
            .collect()
    }

    /// Decode `bytes` as if it ended where `ins` ends: `Some` if it is a valid instruction.
    fn redecode(&self, bytes: &[u8], ins: &Instruction) -> Option<Instruction> {
        let ip = ins.next_ip().wrapping_sub(bytes.len() as u64);
        let mut dec = Decoder::with_ip(self.bitness, bytes, ip, DECODER_OPTIONS);
        let d = dec.decode();
        (!d.is_invalid() && d.len() == bytes.len()).then_some(d)
    }

    /// Prefixes that do not change the decoding, which GNU prints as words: the REX prefix
    /// if any of its bits (or a bare 0x40) is unused, all 0x66 / 0x67 bytes if dropping them
    /// changes nothing.
    fn unused_prefixes(&self, ins: &Instruction, raw: &[u8], enc: &Encoding) -> Unused {
        let mut u = Unused::default();
        let without = |drop: &dyn Fn(usize, u8) -> bool| -> Vec<u8> {
            raw.iter()
                .enumerate()
                .filter(|&(i, &b)| !drop(i, b))
                .map(|(_, &b)| b)
                .collect()
        };
        let npre = enc.prefixes.len() + usize::from(enc.rex.is_some());
        if enc.prefixes.contains(&0x66) {
            let v = without(&|i, b| i < npre && b == 0x66);
            u.data16 = self.redecode(&v, ins).is_some_and(|d| d == *ins);
        }
        if enc.prefixes.contains(&0x67) {
            let v = without(&|i, b| i < npre && b == 0x67);
            u.addr = self.redecode(&v, ins).is_some_and(|d| d == *ins);
        }
        if let Some(pos) = enc.rex {
            let rex = raw.get(pos).copied().unwrap_or(0x40);
            let same = |v: &[u8]| self.redecode(v, ins).is_some_and(|d| d == *ins);
            let unused = if rex == 0x40 {
                same(&without(&|i, _| i == pos))
            } else {
                [8u8, 4, 2, 1].iter().any(|&bit| {
                    if rex & bit == 0 {
                        return false;
                    }
                    let mut buf = [0u8; 16];
                    let n = raw.len().min(16);
                    let (Some(v), Some(src)) = (buf.get_mut(..n), raw.get(..n)) else {
                        return false;
                    };
                    v.copy_from_slice(src);
                    if let Some(b) = v.get_mut(pos) {
                        *b &= !bit;
                    }
                    same(v)
                })
            };
            if unused {
                u.rex = Some(rex);
            }
        }
        u
    }

    /// For bytes that end inside an instruction: `None` if more bytes would make a valid
    /// instruction (GNU then names the first byte alone), else the length GNU's `(bad)` covers.
    fn bad_len(&self, bytes: &[u8]) -> Option<usize> {
        let mut buf = [0u8; 16];
        let n = bytes.len().min(15);
        if let (Some(dst), Some(src)) = (buf.get_mut(..n), bytes.get(..n)) {
            dst.copy_from_slice(src);
        }
        let mut dec = Decoder::with_ip(self.bitness, &buf, 0, DECODER_OPTIONS);
        let ins = dec.decode();
        if ins.is_invalid() {
            Some(ins.len().clamp(1, n.max(1)))
        } else {
            None
        }
    }

    /// GNU folds `fwait` into a following no-wait x87 control instruction (`9b d9 7d ..` is
    /// `fstcw`).
    fn fold_wait<'a>(&self, bytes: &'a [u8], addr: u64, res: &dyn Resolver) -> Option<Insn<'a>> {
        let rest = bytes.get(1..)?;
        let mut dec = Decoder::with_ip(self.bitness, rest, addr + 1, DECODER_OPTIONS);
        let next = dec.decode();
        if !matches!(
            next.mnemonic(),
            Mnemonic::Fnstcw
                | Mnemonic::Fnstsw
                | Mnemonic::Fnstenv
                | Mnemonic::Fnsave
                | Mnemonic::Fnclex
                | Mnemonic::Fninit
        ) || next.is_invalid()
        {
            return None;
        }
        let raw = bytes.get(..1 + next.len())?;
        let text = self.text(&next, raw.get(1..)?, None, res, true);
        Some(Insn::new(addr, raw, Flow::Other, None, text))
    }

    fn flow(&self, ins: &Instruction) -> (Flow, Option<u64>) {
        let flow = match ins.flow_control() {
            FlowControl::Call | FlowControl::IndirectCall => Flow::Call,
            FlowControl::UnconditionalBranch | FlowControl::IndirectBranch => Flow::Jump,
            FlowControl::ConditionalBranch => Flow::CondJump,
            FlowControl::Return => Flow::Return,
            FlowControl::Interrupt | FlowControl::Exception => Flow::Trap,
            _ if ins.mnemonic() == Mnemonic::Hlt => Flow::Trap,
            _ => Flow::Other,
        };
        let target = match ins.op0_kind() {
            OpKind::NearBranch16 | OpKind::NearBranch32 | OpKind::NearBranch64 => {
                Some(self.mask(ins.near_branch_target()))
            }
            _ => (0..ins.op_count()).find_map(|i| match ins.op_kind(i) {
                OpKind::NearBranch16 | OpKind::NearBranch32 | OpKind::NearBranch64 => {
                    Some(self.mask(ins.near_branch_target()))
                }
                _ => None,
            }),
        };
        (flow, target)
    }

    fn mask(&self, a: u64) -> u64 {
        if self.x32 || self.bitness < 64 {
            a & 0xffff_ffff
        } else {
            a
        }
    }

    fn text(
        &self,
        ins: &Instruction,
        raw: &[u8],
        target: Option<u64>,
        res: &dyn Resolver,
        fold_wait: bool,
    ) -> String {
        let mut mn = Out::default();
        let mut ops = Out::default();
        {
            let mut f = self.fmt.borrow_mut();
            f.format_mnemonic(ins, &mut mn);
            f.format_all_operands(ins, &mut ops);
        }
        let mut p = Parts {
            prefixes: Vec::new(),
            mnemonic: mn.text,
            ops: ops.text,
        };
        let intel = self.syntax == Syntax::Intel;
        let enc = Encoding::scan(raw, self.bitness);
        let unused = self.unused_prefixes(ins, raw, &enc);
        fixups(&mut p, ins, &enc, &unused, self.bitness, intel, self.suffix);
        if fold_wait {
            p.mnemonic = p.mnemonic.replacen("fn", "f", 1);
        }

        // GNU prints prefix words in byte order: an `fs`/`gs` iced kept in the mnemonic
        // comes before the REX word (a REX prefix is always the last prefix).
        if let Some(last) = p.prefixes.last().filter(|w| w.starts_with("rex")) {
            let last = *last;
            for seg in ["fs ", "gs "] {
                if let Some(rest) = p.mnemonic.strip_prefix(seg) {
                    p.mnemonic = format!("{last} {rest}");
                    p.prefixes.pop();
                    p.prefixes.push(if seg == "fs " { "fs" } else { "gs" });
                    break;
                }
            }
        }
        let mut out = String::with_capacity(48);
        let mut head_len = 0;
        for w in &p.prefixes {
            out.push_str(w);
            out.push(' ');
            head_len += w.len() + 1;
        }
        out.push_str(&p.mnemonic);
        head_len += p.mnemonic.len();
        let has_ops = !p.ops.is_empty() || (ops.had_target && target.is_some());
        if has_ops {
            let pad = if head_len < 7 { 7 - head_len } else { 1 };
            out.extend(std::iter::repeat_n(' ', pad));
            out.push_str(&p.ops);
            if let (true, Some(t)) = (ops.had_target, target) {
                res.address(t, &mut out);
            }
        }
        if ins.is_ip_rel_memory_operand() {
            out.push_str("        # ");
            res.address(self.mask(ins.ip_rel_memory_address()), &mut out);
        }
        out
    }
}

/// Prefixes GNU prints as words because the instruction does not use them.
#[derive(Debug, Default)]
struct Unused {
    data16: bool,
    addr: bool,
    rex: Option<u8>,
}

/// The text of one instruction, in pieces GNU lays out separately.
struct Parts {
    /// Prefix words GNU prints before the mnemonic (`data16`, `cs`).
    prefixes: Vec<&'static str>,
    /// Mnemonic, with the prefixes iced prints (`lock`, `rep`, `notrack`).
    mnemonic: String,
    /// Operands.
    ops: String,
}

/// Where the parts of an instruction's encoding are.
#[derive(Debug, Default)]
struct Encoding {
    /// Legacy prefix bytes in order.
    prefixes: Vec<u8>,
    /// Index of the ModRM byte, if the encoding has one where we look.
    modrm: Option<usize>,
    /// The ModRM byte and SIB byte.
    modrm_byte: Option<u8>,
    sib: Option<u8>,
    addr32: bool,
    /// Whether the opcode is a one-byte legacy opcode (no 0F map, VEX, EVEX, XOP).
    legacy: bool,
    /// The opcode byte before the ModRM byte.
    opcode: Option<u8>,
    /// Index of a REX prefix directly before the opcode (64-bit mode).
    rex: Option<usize>,
}

impl Encoding {
    fn scan(raw: &[u8], bitness: u32) -> Encoding {
        let mut e = Encoding::default();
        let mut i = 0;
        while let Some(&b) = raw.get(i) {
            match b {
                0xf0 | 0xf2 | 0xf3 | 0x2e | 0x36 | 0x3e | 0x26 | 0x64 | 0x65 | 0x66 | 0x67 => {
                    if b == 0x67 {
                        e.addr32 = true;
                    }
                    e.prefixes.push(b);
                    i += 1;
                }
                0x40..=0x4f if bitness == 64 => i += 1,
                _ => break,
            }
        }
        if bitness == 64 && i > 0 && raw.get(i - 1).is_some_and(|b| b & 0xf0 == 0x40) {
            e.rex = Some(i - 1);
        }
        let b = raw.get(i).copied().unwrap_or(0);
        let next = raw.get(i + 1).copied().unwrap_or(0);
        let vexlike = bitness == 64 || next >= 0xc0;
        let op_at = match b {
            0xc5 if vexlike => i + 3,
            0xc4 if vexlike => i + 4,
            0x62 if vexlike => i + 5,
            0x8f if (next & 0x1f) >= 8 => i + 4,
            0x0f => match next {
                0x38 | 0x3a => i + 3,
                _ => i + 2,
            },
            _ => i + 1,
        };
        e.modrm = Some(op_at);
        e.legacy = op_at == i + 1;
        e.opcode = raw.get(i).copied();
        e.modrm_byte = raw.get(op_at).copied();
        if let Some(m) = e.modrm_byte {
            if m >> 6 != 3 && m & 7 == 4 && (bitness != 16) != e.addr32_16(bitness) {
                e.sib = raw.get(op_at + 1).copied();
            }
        }
        e
    }

    /// Whether the instruction is a D0/D1 shift or rotate by one.
    fn shift_by_one(&self) -> bool {
        self.legacy && matches!(self.opcode, Some(0xd0 | 0xd1))
    }

    /// Whether a 0x67 prefix makes 32/64-bit code use 16-bit addresses (only in 32-bit mode)
    /// or 16-bit code use 32-bit ones.
    fn addr32_16(&self, bitness: u32) -> bool {
        self.addr32 && bitness == 32
    }
}

fn is_mem(ins: &Instruction) -> bool {
    (0..ins.op_count()).any(|i| ins.op_kind(i) == OpKind::Memory)
}

fn fixups(
    p: &mut Parts,
    ins: &Instruction,
    enc: &Encoding,
    unused: &Unused,
    bitness: u32,
    intel: bool,
    suffix: bool,
) {
    // `always_show_scale` prints `(%rsp,)` when there is no index.
    if !intel && p.ops.contains(",)") {
        p.ops = p.ops.replace(",)", ")");
    }

    // A SIB byte with no index: GNU prints `%eiz`/`%riz` to tell it from a plain base.
    if let (Some(sib), Some(modrm), true) = (enc.sib, enc.modrm_byte, is_mem(ins)) {
        if ins.memory_index() == Register::None {
            let scale = sib >> 6;
            let base3 = sib & 7;
            let havebase = !(modrm >> 6 == 0 && base3 == 5);
            let need = scale != 0
                || (havebase && base3 != 4)
                || (!havebase && (bitness == 32 || enc.addr32));
            if need {
                let wide = bitness == 64 && !enc.addr32;
                eiz(p, ins, havebase, wide, 1 << scale, intel);
            }
        }
    }

    // In 64-bit mode GNU never applies CS/DS/ES/SS: it prints them as prefix words. Every
    // 0x66 but the last one is `data16`.
    let last66 = enc.prefixes.iter().rposition(|&b| b == 0x66);
    for (i, &b) in enc.prefixes.iter().enumerate() {
        let seg = match b {
            0x2e => Some(("cs", "%cs:", "cs:")),
            0x36 => Some(("ss", "%ss:", "ss:")),
            0x3e => Some(("ds", "%ds:", "ds:")),
            0x26 => Some(("es", "%es:", "es:")),
            _ => None,
        };
        if b == 0x3e && p.mnemonic.contains("notrack") {
            continue;
        }
        // A branch hint (`jne,pt`) consumes its 0x3e / 0x2e (the last one).
        let hint = match b {
            0x3e => ",pt",
            0x2e => ",pn",
            _ => "",
        };
        if !hint.is_empty()
            && p.mnemonic
                .split(' ')
                .next_back()
                .is_some_and(|m| m.ends_with(hint))
            && !enc.prefixes.get(i + 1..).is_some_and(|r| r.contains(&b))
        {
            continue;
        }
        // Of several segment prefixes only the last applies: an fs/gs before another
        // segment prefix is a prefix word.
        let later_seg = enc.prefixes.get(i + 1..).is_some_and(|r| {
            r.iter()
                .any(|b| matches!(b, 0x26 | 0x2e | 0x36 | 0x3e | 0x64 | 0x65))
        });
        if matches!(b, 0x64 | 0x65) && later_seg {
            p.prefixes.push(if b == 0x64 { "fs" } else { "gs" });
        }
        if let (Some((w, att, int)), 64) = (seg, bitness) {
            let pat = if intel { int } else { att };
            if let Some(pos) = p.ops.find(pat) {
                p.ops.replace_range(pos..pos + pat.len(), "");
            }
            strip_word(&mut p.mnemonic, w);
            p.prefixes.push(w);
        }
        if b == 0x66 && (Some(i) != last66 || unused.data16) {
            strip_word(&mut p.mnemonic, "data16");
            p.prefixes.push("data16");
        }
        if b == 0x67 && unused.addr {
            let w = if bitness == 32 { "addr16" } else { "addr32" };
            strip_word(&mut p.mnemonic, w);
            p.prefixes.push(w);
        }
    }
    if let Some(rex) = unused.rex {
        p.prefixes.push(
            REX_NAMES
                .get(usize::from(rex & 0xf))
                .copied()
                .unwrap_or("rex"),
        );
    }
    // GNU's names for repeat prefixes: `rep` only on the string moves/stores/loads/ins/outs.
    let string_rep = matches!(
        ins.mnemonic(),
        Mnemonic::Movsb
            | Mnemonic::Movsw
            | Mnemonic::Movsd
            | Mnemonic::Movsq
            | Mnemonic::Stosb
            | Mnemonic::Stosw
            | Mnemonic::Stosd
            | Mnemonic::Stosq
            | Mnemonic::Lodsb
            | Mnemonic::Lodsw
            | Mnemonic::Lodsd
            | Mnemonic::Lodsq
            | Mnemonic::Insb
            | Mnemonic::Insw
            | Mnemonic::Insd
            | Mnemonic::Outsb
            | Mnemonic::Outsw
            | Mnemonic::Outsd
    );
    let words: Vec<&str> = p.mnemonic.split(' ').collect();
    if words.len() > 1 {
        let last = words.len() - 1;
        let renamed: Vec<&str> = words
            .iter()
            .enumerate()
            .map(|(k, &w)| match w {
                "repe" if k < last => "repz",
                "repne" if k < last => "repnz",
                "rep" if k < last && !string_rep => "repz",
                w => w,
            })
            .collect();
        p.mnemonic = renamed.join(" ");
    }
    // 8087/287-only control instructions.
    match ins.mnemonic() {
        Mnemonic::Fneni => p.mnemonic = p.mnemonic.replace("fneni", "fneni(8087 only)"),
        Mnemonic::Fndisi => p.mnemonic = p.mnemonic.replace("fndisi", "fndisi(8087 only)"),
        Mnemonic::Fnsetpm => p.mnemonic = p.mnemonic.replace("fnsetpm", "fnsetpm(287 only)"),
        Mnemonic::Sal => p.mnemonic = p.mnemonic.replacen("sal", "shl", 1),
        _ => {}
    }
    if !intel {
        att_fixups(p, ins, enc, bitness, suffix);
    } else {
        intel_fixups(p, ins, enc, bitness);
    }
    imul3(p, ins, intel);
    x87(p, ins, intel);
}

fn att_fixups(p: &mut Parts, ins: &Instruction, enc: &Encoding, bitness: u32, suffix: bool) {
    // GNU 2.40 prints no suffix on indirect calls/jumps, nor on push/pop of a memory operand
    // of the default size.
    if !suffix {
        let (c, j, pu, po) = match bitness {
            64 => ("callq", "jmpq", "pushq", "popq"),
            32 => ("calll", "jmpl", "pushl", "popl"),
            _ => ("callw", "jmpw", "pushw", "popw"),
        };
        let m = p.mnemonic.rsplit(' ').next().unwrap_or_default();
        let far = matches!(m, "lretl" | "iretl" | "ljmpl" | "lcalll") && bitness != 16;
        let strip = m == c || m == j || far || ((m == pu || m == po) && is_mem(ins));
        if strip {
            p.mnemonic.pop();
        }
    }
    // D0/D1 shifts and rotates by one: no `$0x1` operand.
    if enc.shift_by_one() {
        if let Some(rest) = p.ops.strip_prefix("$0x1,") {
            p.ops = rest.to_owned();
        }
    }
    // `in`/`out` with the port in %dx: `(%dx)`.
    if matches!(
        ins.mnemonic(),
        Mnemonic::In
            | Mnemonic::Out
            | Mnemonic::Insb
            | Mnemonic::Insw
            | Mnemonic::Insd
            | Mnemonic::Outsb
            | Mnemonic::Outsw
            | Mnemonic::Outsd
    ) {
        p.ops = p
            .ops
            .split(',')
            .map(|o| if o == "%dx" { "(%dx)" } else { o })
            .collect::<Vec<_>>()
            .join(",");
    }
    // String instructions show their segments.
    for i in 0..ins.op_count() {
        let (seg, regs): (&str, [&str; 3]) = match ins.op_kind(i) {
            OpKind::MemoryESDI | OpKind::MemoryESEDI | OpKind::MemoryESRDI => {
                ("%es:", ["(%di)", "(%edi)", "(%rdi)"])
            }
            OpKind::MemorySegSI | OpKind::MemorySegESI | OpKind::MemorySegRSI => {
                ("%ds:", ["(%si)", "(%esi)", "(%rsi)"])
            }
            OpKind::Memory if ins.mnemonic() == Mnemonic::Xlatb => {
                ("%ds:", ["(%bx)", "(%ebx)", "(%rbx)"])
            }
            _ => continue,
        };
        for r in regs {
            if let Some(pos) = p.ops.find(r) {
                let before = p.ops.get(..pos).unwrap_or_default();
                if !before.ends_with(':') {
                    p.ops.insert_str(pos, seg);
                }
                break;
            }
        }
    }
}

fn intel_fixups(p: &mut Parts, ins: &Instruction, enc: &Encoding, bitness: u32) {
    // `movabs` for 64-bit immediates and 64-bit-mode absolute-address moves.
    let code = ins.code();
    let moffs = matches!(
        code,
        Code::Mov_AL_moffs8
            | Code::Mov_AX_moffs16
            | Code::Mov_EAX_moffs32
            | Code::Mov_RAX_moffs64
            | Code::Mov_moffs8_AL
            | Code::Mov_moffs16_AX
            | Code::Mov_moffs32_EAX
            | Code::Mov_moffs64_RAX
    );
    if code == Code::Mov_r64_imm64 || (bitness == 64 && moffs) {
        p.mnemonic = p.mnemonic.replace("mov", "movabs");
    }
    // Moves between a segment register and a 32/64-bit general register name the wide one.
    let wide = match code {
        Code::Mov_Sreg_r32m16 | Code::Mov_r32m16_Sreg => Some(32),
        Code::Mov_Sreg_r64m16 | Code::Mov_r64m16_Sreg => Some(64),
        _ => None,
    };
    if let Some(w) = wide {
        for i in 0..ins.op_count() {
            let r = ins.op_register(i);
            if ins.op_kind(i) == OpKind::Register && r.is_gpr() {
                let full = if w == 32 {
                    r.full_register32()
                } else {
                    r.full_register()
                };
                let short = reg_name(r.full_register32()).replacen('e', "", 1);
                p.ops = p
                    .ops
                    .split(',')
                    .map(|o| {
                        if o == short {
                            reg_name(full)
                        } else {
                            o.to_owned()
                        }
                    })
                    .collect::<Vec<_>>()
                    .join(",");
            }
        }
    }
    // The accumulator's absolute-address moves have no size keyword.
    if moffs {
        for k in ["BYTE PTR ", "WORD PTR ", "DWORD PTR ", "QWORD PTR "] {
            if let Some(pos) = p.ops.find(k) {
                if pos == 0 || p.ops.get(..pos).is_some_and(|s| s.ends_with(',')) {
                    p.ops.replace_range(pos..pos + k.len(), "");
                    break;
                }
            }
        }
    }
    // Far returns and 32-bit `iret`.
    match ins.mnemonic() {
        Mnemonic::Retf => p.mnemonic = p.mnemonic.replace("ret far", "retf"),
        Mnemonic::Iretd => p.mnemonic = p.mnemonic.replace("iretd", "iret"),
        Mnemonic::Xlatb if !p.ops.contains(':') => p.ops = p.ops.replace("PTR [", "PTR ds:["),
        _ => {}
    }
    // Shifts and rotates by one: `,1`.
    if enc.shift_by_one() {
        if let Some(rest) = p.ops.strip_suffix(",0x1") {
            p.ops = format!("{rest},1");
        }
    }
    // An absolute address: `ds:0x10`, `fs:0x28` (no brackets).
    if is_mem(ins)
        && ins.memory_base() == Register::None
        && ins.memory_index() == Register::None
        && !p.ops.contains("iz*")
    {
        if let (Some(a), Some(b)) = (p.ops.find('['), p.ops.find(']')) {
            if a < b {
                let inner = p.ops.get(a + 1..b).unwrap_or_default().to_owned();
                let seg = if p.ops.get(..a).is_some_and(|s| s.ends_with(':')) {
                    ""
                } else {
                    "ds:"
                };
                p.ops.replace_range(a..=b, &format!("{seg}{inner}"));
            }
        }
    }
    // RIP-relative negative displacements print as 64-bit unsigned: `[rip+0xffff…]`.
    if let Some(pos) = p.ops.find("[rip-0x") {
        let start = pos + "[rip-0x".len();
        let end = p
            .ops
            .get(start..)
            .and_then(|r| r.find(']'))
            .map(|e| start + e);
        if let Some(end) = end {
            if let Ok(v) = u64::from_str_radix(p.ops.get(start..end).unwrap_or_default(), 16) {
                let neg = v.wrapping_neg();
                p.ops.replace_range(pos..end, &format!("[rip+0x{neg:x}"));
            }
        }
    }
    // x87: the implicit `st` operand is not printed for loads, stores, exchanges, compares
    // and memory forms.
    let implicit = matches!(
        ins.mnemonic(),
        Mnemonic::Fld
            | Mnemonic::Fxch
            | Mnemonic::Fst
            | Mnemonic::Fstp
            | Mnemonic::Fcom
            | Mnemonic::Fcomp
            | Mnemonic::Fucom
            | Mnemonic::Fucomp
    ) || is_mem(ins);
    if implicit {
        if let Some(r) = p.ops.strip_prefix("st,") {
            p.ops = r.to_owned();
        } else if let Some(r) = p.ops.strip_suffix(",st") {
            p.ops = r.to_owned();
        }
    }
    // String instructions: the bare mnemonic with explicit operands and segments.
    let mut strs = Vec::new();
    for i in 0..ins.op_count() {
        let size = match ins.memory_size().size() {
            1 => "BYTE",
            2 => "WORD",
            4 => "DWORD",
            _ => "QWORD",
        };
        let s = match ins.op_kind(i) {
            OpKind::MemoryESDI => format!("{size} PTR es:[di]"),
            OpKind::MemoryESEDI => format!("{size} PTR es:[edi]"),
            OpKind::MemoryESRDI => format!("{size} PTR es:[rdi]"),
            k @ (OpKind::MemorySegSI | OpKind::MemorySegESI | OpKind::MemorySegRSI) => {
                let r = match k {
                    OpKind::MemorySegSI => "si",
                    OpKind::MemorySegESI => "esi",
                    _ => "rsi",
                };
                format!("{size} PTR {}:[{r}]", reg_name(ins.memory_segment()))
            }
            OpKind::Register => reg_name(ins.op_register(i)),
            _ => return,
        };
        strs.push(s);
    }
    if strs.iter().any(|s| s.contains("PTR")) {
        let pos = p.mnemonic.rfind(' ').map_or(0, |i| i + 1);
        {
            let word = p.mnemonic.get(pos..).unwrap_or_default();
            if ["movs", "stos", "lods", "scas", "cmps", "ins", "outs"]
                .iter()
                .any(|b| word.len() == b.len() + 1 && word.starts_with(b))
            {
                p.mnemonic.pop();
            }
        }
        p.ops = strs.join(",");
    }
}

/// `imul $imm,%reg,%reg`: iced's short form drops the repeated register.
fn imul3(p: &mut Parts, ins: &Instruction, intel: bool) {
    if ins.mnemonic() != Mnemonic::Imul
        || ins.op_count() != 3
        || ins.op0_kind() != OpKind::Register
        || ins.op1_kind() != OpKind::Register
        || ins.op0_register() != ins.op1_register()
        || p.ops.matches(',').count() != 1
    {
        return;
    }
    let r = reg_name(ins.op0_register());
    if intel {
        p.ops.insert_str(0, &format!("{r},"));
    } else {
        p.ops.push_str(&format!(",%{r}"));
    }
}

/// x87 register operands iced leaves implicit: `fxch %st(1)`, `fmulp %st,%st(1)`.
fn x87(p: &mut Parts, ins: &Instruction, intel: bool) {
    if !p.ops.is_empty() || ins.op_count() == 0 {
        return;
    }
    let st = |r: Register| -> Option<String> {
        let n = (r as u32).checked_sub(Register::ST0 as u32)?;
        (n < 8).then(|| match (n, intel) {
            (0, true) => "st".to_owned(),
            (0, false) => "%st".to_owned(),
            (n, true) => format!("st({n})"),
            (n, false) => format!("%st({n})"),
        })
    };
    let mut names = Vec::new();
    for i in 0..ins.op_count() {
        if ins.op_kind(i) != OpKind::Register {
            return;
        }
        match st(ins.op_register(i)) {
            Some(n) => names.push(n),
            None => return,
        }
    }
    if ins.mnemonic() == Mnemonic::Fxch {
        names.retain(|n| n.contains('('));
    }
    if !intel {
        names.reverse();
    }
    p.ops = names.join(",");
}

/// Remove a leading prefix word iced printed (`cs nopw` → `nopw`).
fn strip_word(m: &mut String, w: &str) {
    if let Some(rest) = m.strip_prefix(w).and_then(|r| r.strip_prefix(' ')) {
        *m = rest.to_owned();
    }
}

/// Insert GNU's `%eiz`/`%riz` index into the memory operand.
fn eiz(p: &mut Parts, ins: &Instruction, havebase: bool, wide: bool, scale: u8, intel: bool) {
    let base = ins.memory_base();
    if intel {
        let idx = if wide { "riz" } else { "eiz" };
        if !havebase {
            let d = ins.memory_displacement64();
            let d = if wide { d } else { d & 0xffff_ffff };
            let disp = format!("[0x{d:x}]");
            if let Some(pos) = p.ops.find(&disp) {
                p.ops
                    .replace_range(pos..pos + disp.len(), &format!("[{idx}*{scale}+0x{d:x}]"));
            }
        } else {
            let b = format!("[{}", reg_name(base));
            if let Some(pos) = p.ops.find(&b) {
                p.ops.insert_str(pos + b.len(), &format!("+{idx}*{scale}"));
            }
        }
    } else {
        let idx = if wide { "%riz" } else { "%eiz" };
        if !havebase {
            let d = ins.memory_displacement64();
            let d = if wide { d } else { d & 0xffff_ffff };
            let disp = format!("0x{d:x}");
            let mut parts: Vec<String> = p.ops.split(',').map(str::to_owned).collect();
            if let Some(op) = parts
                .iter_mut()
                .find(|o| o.trim_start_matches('*').rsplit(':').next() == Some(disp.as_str()))
            {
                op.push_str(&format!("(,{idx},{scale})"));
            }
            p.ops = parts.join(",");
        } else {
            let b = format!("(%{})", reg_name(base));
            if let Some(pos) = p.ops.find(&b) {
                p.ops
                    .insert_str(pos + b.len() - 1, &format!(",{idx},{scale}"));
            }
        }
    }
}

fn reg_name(r: Register) -> String {
    format!("{r:?}").to_ascii_lowercase()
}

/// How many bytes GNU's `(bad)` covers for an undefined legacy-map or VEX opcode: the
/// prefixes and the opcode bytes, not the ModRM byte.
fn gnu_bad_len(bytes: &[u8], bitness: u32) -> Option<usize> {
    let e = Encoding::scan(bytes, bitness);
    let first = bytes
        .get(e.prefixes.len() + usize::from(e.rex.is_some()))
        .copied()?;
    let p = e.prefixes.len() + usize::from(e.rex.is_some());
    if let Some(n) = evex_xop_bad_len(bytes, p, first, bitness) {
        return Some(n);
    }
    let legacy_map = first == 0x0f || !matches!(first, 0x62 | 0x8f);
    let n = e.modrm?;
    (legacy_map && n >= 1 && n <= bytes.len()).then_some(n)
}

/// GNU's `get_valid_dis386` gives up early on some EVEX (0x62) and XOP (0x8f) prefixes,
/// leaving `codep` after the bytes it read: a map field it does not know (after the
/// first payload byte), a clear EVEX `U` bit (after the second), or an XOP map it does
/// not know (after the first). `p` is where the 0x62/0x8f byte is.
fn evex_xop_bad_len(bytes: &[u8], p: usize, first: u8, bitness: u32) -> Option<usize> {
    let p0 = *bytes.get(p + 1)?;
    match first {
        0x62 if bitness == 64 || p0 >> 6 == 3 => {
            if !matches!(p0 & 0xf, 1 | 2 | 3 | 5 | 6) {
                return Some(p + 1);
            }
            let p1 = *bytes.get(p + 2)?;
            (p1 & 4 == 0).then_some(p + 2)
        }
        // 0x8f with ModRM.reg 0 is `pop`; otherwise an XOP prefix: an unknown map stops
        // after its first byte, an opcode missing from a known map after the opcode.
        0x8f if (p0 >> 3) & 7 != 0 && (bitness == 64 || p0 >> 6 == 3) => {
            if matches!(p0 & 0x1f, 8..=10) {
                (bytes.len() >= p + 4).then_some(p + 4)
            } else {
                Some(p + 1)
            }
        }
        // A three-byte VEX prefix with a map other than 0f, 0f38, 0f3a.
        0xc4 if (bitness == 64 || p0 >> 6 == 3) && !matches!(p0 & 0x1f, 1..=3) => Some(p + 1),
        // x87 register forms (ModRM.mod 3) that do not exist: the opcode and ModRM.
        0xd8..=0xdf if p0 >> 6 == 3 => Some(p + 2),
        _ => None,
    }
}

/// For an undecodable EVEX instruction with a known map and the `U` bit set: if its
/// `vvvv` is not all ones, the length GNU's `(bad)` covers (prefixes, the four EVEX
/// bytes and the opcode).
fn evex_vvvv_bad(bytes: &[u8], bitness: u32) -> Option<usize> {
    let e = Encoding::scan(bytes, bitness);
    let p = e.prefixes.len() + usize::from(e.rex.is_some());
    let (&first, &p0, &p1) = (bytes.get(p)?, bytes.get(p + 1)?, bytes.get(p + 2)?);
    let evex = first == 0x62 && (bitness == 64 || p0 >> 6 == 3);
    let known = matches!(p0 & 0xf, 1 | 2 | 3 | 5 | 6) && p1 & 4 != 0;
    let vvvv = (!(p1 >> 3)) & 0xf;
    (evex && known && vvvv != 0 && bytes.len() >= p + 5).then_some(p + 5)
}

/// GNU's name for a prefix byte printed on its own.
fn prefix_name(b: u8, bitness: u32) -> Option<String> {
    let name = match b {
        0x26 => "es",
        0x2e => "cs",
        0x36 => "ss",
        0x3e => "ds",
        0x64 => "fs",
        0x65 => "gs",
        0x66 if bitness == 16 => "data32",
        0x66 => "data16",
        0x67 if bitness == 32 => "addr16",
        0x67 => "addr32",
        0xf0 => "lock",
        0xf2 => "repnz",
        0xf3 => "repz",
        0x9b => "fwait",
        0x40..=0x4f if bitness == 64 => REX_NAMES.get(usize::from(b & 0xf)).copied()?,
        _ => return None,
    };
    Some(name.to_owned())
}

/// GNU's names of the REX prefixes 0x40..=0x4f.
const REX_NAMES: [&str; 16] = [
    "rex", "rex.B", "rex.X", "rex.XB", "rex.R", "rex.RB", "rex.RX", "rex.RXB", "rex.W", "rex.WB",
    "rex.WX", "rex.WXB", "rex.WR", "rex.WRB", "rex.WRX", "rex.WRXB",
];
