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

mod gnu;
use gnu::Patch;

/// GNU decodes what it can (`lock` on any instruction, odd register forms) rather than
/// rejecting it: so does iced with invalid-prefix checks off.
/// MPX's bound-register instructions are GNU's reading of 0f 1a / 0f 1b.
const DECODER_OPTIONS: u32 = DecoderOptions::NO_INVALID_CHECK | DecoderOptions::MPX;

/// The decoder options for `bytes`: GNU reads near and far `call`/`jmp` as AMD64 does
/// (0x66 makes `jmpw`/`callw`, REX.W does not widen a far pointer).
fn decoder_options(bytes: &[u8], bitness: u32) -> u32 {
    if bitness != 64 {
        // GNU reads 0f 24 / 0f 26 as moves from and to the 386's test registers.
        return DECODER_OPTIONS | DecoderOptions::MOV_TR;
    }
    let e = Encoding::scan(bytes, bitness);
    let p = e.opcode_pos();
    let reg = bytes.get(p + 1).map_or(0, |m| (m >> 3) & 7);
    let rex_w = e.rex.and_then(|i| bytes.get(i)).is_some_and(|r| r & 8 != 0);
    // 0x66 without REX.W on a near branch; REX.W on a far one.
    let data16 = e.prefixes.contains(&0x66) && !rex_w;
    let amd = match bytes.get(p) {
        Some(0xe8 | 0xe9 | 0xc2 | 0xc3) => data16,
        Some(0x0f) if bytes.get(p + 1).is_some_and(|b| b & 0xf0 == 0x80) => data16,
        Some(0xff) if reg == 2 || reg == 4 => data16,
        Some(0xff) if reg == 3 || reg == 5 => rex_w,
        _ => false,
    };
    if amd {
        DECODER_OPTIONS | DecoderOptions::AMD
    } else {
        DECODER_OPTIONS
    }
}

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
    /// Keep target text: a far branch's selector and offset are printed as numbers.
    far: bool,
}

impl FormatterOutput for Out {
    fn write(&mut self, text: &str, kind: FormatterTextKind) {
        match kind {
            FormatterTextKind::LabelAddress | FormatterTextKind::FunctionAddress if !self.far => {
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
        if let Some((n, text)) = self.lone_rex(bytes) {
            let raw = bytes.get(..n.max(1)).unwrap_or(bytes);
            return Insn::new(addr, raw, Flow::Other, None, text);
        }
        if let Some(i) = self.gnu_form(bytes, addr, res) {
            return i;
        }
        let opts = decoder_options(bytes, self.bitness);
        let mut dec = Decoder::with_ip(self.bitness, bytes, addr, opts);
        let ins = dec.decode();
        let len = ins.len().clamp(1, bytes.len());
        let raw = bytes.get(..len).unwrap_or(bytes);
        if ins.is_invalid() {
            if self.cut_before_modrm(bytes) {
                return self.bailout(bytes, addr);
            }
            if let Some(i) = self.evex_w_mismatch(bytes, addr, res) {
                return i;
            }
            // Cut short by the end of the bytes: GNU names the first byte alone (a prefix's
            // name, else `.byte 0x..`) and goes on with the next byte.
            // An EVEX/XOP/VEX prefix GNU gives up on after its first bytes, whatever follows.
            let early = {
                let e = Encoding::scan(bytes, self.bitness);
                let p = e.opcode_pos();
                bytes
                    .get(p)
                    .and_then(|&f| evex_xop_bad_len(bytes, p, f, self.bitness))
            };
            let bad = if early.is_some() {
                early
            } else if dec.last_error() == DecoderError::NoMoreBytes {
                self.bad_len(bytes)
            } else {
                Some(gnu_bad_len(bytes, self.bitness).unwrap_or(len))
            };
            // More bytes would make an instruction: GNU fails to fetch them first.
            if bad.is_none() {
                return self.bailout(bytes, addr);
            }
            if let Some(i) = self.evex_bad(bytes, addr) {
                return i;
            }
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
                    // GNU names the prefixes it read before giving up, except on an opcode of
                    // the 0f maps that exists with other mandatory prefixes (a mismatch it
                    // reports before naming any prefix).
                    let mut words = match gnu::mismatch_0f(bytes, self.bitness) {
                        Some(gnu::Mismatch::Bare) => Vec::new(),
                        Some(gnu::Mismatch::Consumed(at)) => {
                            let mut w = self.prefix_words(bytes.get(..len).unwrap_or(bytes));
                            if at < w.len() {
                                w.remove(at);
                            }
                            w
                        }
                        None if self.prefix_mismatch(bytes) => Vec::new(),
                        None => self.prefix_words(bytes.get(..len).unwrap_or(bytes)),
                    };
                    if self.vex_hides_rex(bytes)
                        && words.last().is_some_and(|w| w.starts_with("rex"))
                    {
                        words.pop();
                    }
                    words.push("(bad)".to_owned());
                    (len, words.join(" "))
                }
                None => return self.bailout(bytes, addr),
            };
            return Insn::new(
                addr,
                bytes.get(..len).unwrap_or(bytes),
                Flow::Invalid,
                None,
                text,
            );
        }
        if ins.mnemonic() == Mnemonic::Wait && bytes.get(len - 1) == Some(&0x9b) {
            if let Some(i) = self.fold_wait(bytes, len - 1, addr, res) {
                return i;
            }
        }
        if let Some(i) = self.gnu_form_after(&ins, bytes, addr, res) {
            return i;
        }
        let (flow, target) = self.flow(&ins);
        let mut text = self.text(&ins, raw, target, res, false, Patch::None);
        if ins.mnemonic() == Mnemonic::Wait && !text.contains("fwait") {
            text = text.replacen("wait", "fwait", 1);
        }
        Insn::new(addr, raw, flow, target, text)
    }

    /// GNU's `ckprefix` stopping at a REX prefix that another prefix (or fwait) follows:
    /// the instruction is the prefixes read so far, named (fwait is not among them, so
    /// the length is their count, not the bytes read: `9b 43 44` is a one-byte `rex.XB`).
    fn lone_rex(&self, bytes: &[u8]) -> Option<(usize, String)> {
        if self.bitness != 64 {
            return None;
        }
        let mut stored: Vec<&str> = Vec::new();
        let (mut rex, mut prefixes) = (false, false);
        for &b in bytes.iter().take(14) {
            let name = prefix_str(b, 64)?;
            if rex {
                return Some((stored.len(), stored.join(" ")));
            }
            if b == 0x9b {
                if prefixes {
                    return None;
                }
                prefixes = true;
                continue;
            }
            prefixes |= b & 0xf0 != 0x40;
            rex = b & 0xf0 == 0x40;
            stored.push(name);
        }
        (bytes.len() >= 14 && !stored.is_empty()).then(|| (stored.len(), stored.join(" ")))
    }

    /// Whether `bytes` (which iced cannot decode) hold an opcode GNU rejects for its
    /// mandatory prefix, a `(bad)` it prints before naming any prefix: a 0f-map opcode
    /// that decodes without the 0x66/0xf2/0xf3 it has (or, in the 0f38/0f3a maps, only
    /// with 0x66), a VEX opcode that decodes with exactly one other VEX.pp.
    fn prefix_mismatch(&self, bytes: &[u8]) -> bool {
        let e = Encoding::scan(bytes, self.bitness);
        let p = e.opcode_pos();
        let Some(body) = bytes.get(p..) else {
            return false;
        };
        let valid = |pre: Option<u8>, rex: Option<u8>, body: &[u8], pp: Option<(usize, u8)>| {
            let mut buf = [0u8; 17];
            let mut n = 0;
            for b in pre
                .into_iter()
                .chain(rex)
                .chain(body.iter().copied().take(15))
            {
                if let Some(d) = buf.get_mut(n) {
                    *d = b;
                    n += 1;
                }
            }
            if let Some((at, v)) = pp {
                if let Some(b) = buf.get_mut(at) {
                    *b = (*b & !3) | v;
                }
            }
            let b = buf.get(..n).unwrap_or_default();
            let mut dec = Decoder::with_ip(self.bitness, b, 0, decoder_options(b, self.bitness));
            !dec.decode().is_invalid()
        };
        let first = body.first().copied().unwrap_or(0);
        let second = body.get(1).copied().unwrap_or(0);
        match first {
            // The two-byte map's mismatches are `gnu::mismatch_0f`'s.
            0x0f if !matches!(second, 0x38 | 0x3a) => false,
            0x0f => {
                let rex = e.rex.and_then(|i| bytes.get(i)).copied();
                if e.prefixes.iter().any(|b| matches!(b, 0x66 | 0xf2 | 0xf3)) {
                    valid(None, rex, body, None)
                } else if matches!(second, 0x38 | 0x3a) {
                    valid(Some(0x66), rex, body, None)
                } else {
                    false
                }
            }
            0xc4 | 0xc5 if self.bitness == 64 || second >> 6 == 3 => {
                let at = if first == 0xc5 { 1 } else { 2 };
                let orig = body.get(at).map_or(0, |b| b & 3);
                // One VEX.pp only (GNU's PREFIX_DATA entries); an opcode with several is
                // a prefix table whose empty slot is a `(bad)` with words.
                (0..4u8)
                    .filter(|&v| v != orig)
                    .filter(|&v| valid(None, None, body, Some((at, v))))
                    .count()
                    == 1
            }
            _ => false,
        }
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
    fn redecode(&self, bytes: &[u8], ins: &Instruction, opts: u32) -> Option<Instruction> {
        let ip = ins.next_ip().wrapping_sub(bytes.len() as u64);
        let mut dec = Decoder::with_ip(self.bitness, bytes, ip, opts);
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
        // Without a prefix the bytes decode as the original did (not with options of their
        // own).
        let opts = decoder_options(raw, self.bitness);
        // A 16-bit memory operand whose register form has other widths (`sldt`, `mov` of a
        // segment register): the operand size does nothing to it.
        let width_free = is_mem(ins) && width_free_mem(ins.code());
        if enc.prefixes.contains(&0x66) {
            let v = without(&|i, b| i < npre && b == 0x66);
            u.data16 = self.redecode(&v, ins, opts).is_some_and(|d| d == *ins)
                || (width_free && !is_pinsrw(ins.code()));
        }
        if enc.prefixes.contains(&0x67) {
            let v = without(&|i, b| i < npre && b == 0x67);
            // GNU does not count 0x67 used by a 64-bit-mode absolute-address move.
            u.addr = self.redecode(&v, ins, opts).is_some_and(|d| d == *ins)
                || (self.bitness == 64 && is_moffs(ins.code()));
        }
        if let Some(pos) = enc.rex {
            let rex = raw.get(pos).copied().unwrap_or(0x40);
            let same = |v: &[u8]| self.redecode(v, ins, opts).is_some_and(|d| d == *ins);
            // A VEX, EVEX or XOP prefix replaces the REX bits: the REX prefix is a word.
            let vex = matches!(raw.get(pos + 1), Some(0xc4 | 0xc5 | 0x62 | 0x8f))
                && !enc.legacy_after_rex(raw, pos);
            let unused = if vex {
                true
            } else if rex == 0x40 {
                same(&without(&|i, _| i == pos))
            } else {
                // GNU counts REX.B (and REX.X with a SIB byte) used by any ModRM memory
                // operand, a RIP-relative one too.
                let modrm_mem = is_mem(ins)
                    && !is_moffs(ins.code())
                    && ins.mnemonic() != Mnemonic::Xlatb
                    && enc.modrm_byte.is_some_and(|m| m >> 6 != 3);
                let used = if modrm_mem {
                    1 | if enc.sib.is_some() { 2 } else { 0 }
                } else {
                    0
                };
                // REX.W does nothing to a segment register move from or to memory.
                let sreg_mem = enc.legacy
                    && matches!(enc.opcode, Some(0x8c | 0x8e))
                    && enc.modrm_byte.is_some_and(|m| m >> 6 != 3);
                if (sreg_mem || width_free || r64_as_32(ins.code())) && rex & 8 != 0 {
                    u.rex = Some(rex);
                    return u;
                }
                [8u8, 4, 2, 1].iter().any(|&bit| {
                    if rex & bit == 0 || used & bit != 0 {
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
        let opts = decoder_options(&buf, self.bitness);
        let mut dec = Decoder::with_ip(self.bitness, &buf, 0, opts);
        let ins = dec.decode();
        if ins.is_invalid() {
            Some(ins.len().clamp(1, n.max(1)))
        } else {
            None
        }
    }

    /// GNU reads `fwait` and a following x87 instruction (after any prefixes) as one
    /// instruction, a no-wait control instruction as its waiting form (`9b d9 7d ..` is
    /// `fstcw`). The prefixes before the fwait (`k` bytes) apply to the x87 instruction; an
    /// x87 register form that does not exist makes the whole a `(bad)`.
    fn fold_wait<'a>(
        &self,
        bytes: &'a [u8],
        k: usize,
        addr: u64,
        res: &dyn Resolver,
    ) -> Option<Insn<'a>> {
        let rest = bytes.get(k + 1..)?;
        let e = Encoding::scan(rest, self.bitness);
        let p = e.opcode_pos();
        if !matches!(rest.get(p), Some(0xd8..=0xdf)) {
            return None;
        }
        let mut buf = [0u8; 15];
        let mut n = 0;
        for &b in bytes.get(..k)?.iter().chain(rest) {
            let Some(d) = buf.get_mut(n) else { break };
            *d = b;
            n += 1;
        }
        let next = self.decode(buf.get(..n)?, addr.wrapping_add(1), res);
        let (len, flow, target, mut text) = (next.len(), next.flow, next.target, next.text);
        let raw = bytes.get(..1 + len)?;
        if flow == Flow::Invalid {
            let bad_reg = rest.get(p + 1).is_some_and(|m| m >> 6 == 3) && len == k + p + 2;
            return bad_reg.then(|| Insn::new(addr, raw, flow, None, text));
        }
        for n in ["fnstcw", "fnstsw", "fnstenv", "fnsave", "fnclex", "fninit"] {
            if let Some(pos) = text.find(n) {
                text.replace_range(pos..pos + 2, "f");
                // One character shorter: the operands stay in column 7.
                let head = pos + n.len() - 1;
                if head < 6 && text.get(head..head + 1) == Some(" ") {
                    text.insert(head, ' ');
                }
                break;
            }
        }
        Some(Insn::new(addr, raw, flow, target, text))
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
            // A short branch with 0x66 outside 64-bit mode: GNU adds the 8-bit displacement
            // to the full address (no 16-bit wrap).
            OpKind::NearBranch16 if self.bitness == 32 && ins.len() <= 8 && rel8(ins.code()) => {
                let next = ins.next_ip();
                let disp = ins.near_branch16().wrapping_sub(next as u16) as i16;
                Some(self.mask(next.wrapping_add(i64::from(disp) as u64)))
            }
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
        patch: Patch,
    ) -> String {
        let mut mn = Out::default();
        let mut ops = Out {
            far: matches!(ins.op0_kind(), OpKind::FarBranch16 | OpKind::FarBranch32),
            ..Out::default()
        };
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
        gnu::names(&mut p.mnemonic, &mut p.ops, ins, intel);
        gnu::movs_store_width(&mut p.ops, ins, raw, &enc, intel);
        if r64_as_32(ins.code()) {
            for i in 0..ins.op_count() {
                let r = ins.op_register(i);
                if ins.op_kind(i) == OpKind::Register && r.is_gpr64() {
                    let pct = if intel { "" } else { "%" };
                    let (from, to) = (
                        format!("{pct}{}", reg_name(r)),
                        format!("{pct}{}", reg_name(r.full_register32())),
                    );
                    p.ops = p
                        .ops
                        .split(',')
                        .map(|o| if o == from { to.as_str() } else { o })
                        .collect::<Vec<_>>()
                        .join(",");
                }
            }
        }
        gnu::apply(patch, &mut p.mnemonic, &mut p.ops, self.syntax);

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
            let t = if self.bitness == 64 && ins.memory_base() == Register::EIP {
                X86::eip_target(ins)
            } else {
                self.mask(ins.ip_rel_memory_address())
            };
            res.address(t, &mut out);
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

    /// Whether the byte after the REX prefix at `pos` is a legacy opcode (`pop` r/m for
    /// 0x8f with ModRM.reg 0), not a VEX, EVEX or XOP prefix.
    fn legacy_after_rex(&self, raw: &[u8], pos: usize) -> bool {
        raw.get(pos + 1) == Some(&0x8f) && raw.get(pos + 2).is_some_and(|m| (m >> 3) & 7 == 0)
    }

    /// Where the opcode (or VEX/EVEX/XOP prefix) starts: after the legacy and REX prefixes.
    fn opcode_pos(&self) -> usize {
        self.prefixes.len() + usize::from(self.rex.is_some())
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
    let modrm_mem = is_mem(ins) && !is_moffs(ins.code());
    if let (Some(sib), Some(modrm), true) = (enc.sib, enc.modrm_byte, modrm_mem) {
        if ins.memory_index() == Register::None {
            let scale = sib >> 6;
            let base3 = sib & 7;
            let havebase = !(modrm >> 6 == 0 && base3 == 5);
            let need = scale != 0
                || (havebase && base3 != 4)
                || (!havebase && (bitness == 32 || enc.addr32));
            if need {
                let wide = bitness == 64 && !enc.addr32;
                // 32-bit mode prints a displacement without base signed too.
                let sign = if wide {
                    64
                } else if bitness == 32 {
                    32
                } else {
                    0
                };
                eiz(p, ins, havebase, wide, sign, 1 << scale, intel);
            }
        }
    }

    // In 64-bit mode GNU never applies CS/DS/ES/SS to a memory operand.
    if bitness == 64 {
        for b in &enc.prefixes {
            let pat = match (b, intel) {
                (0x2e, false) => "%cs:",
                (0x36, false) => "%ss:",
                (0x3e, false) => "%ds:",
                (0x26, false) => "%es:",
                (0x2e, true) => "cs:",
                (0x36, true) => "ss:",
                (0x3e, true) => "ds:",
                (0x26, true) => "es:",
                _ => continue,
            };
            // Not the `%es:` of a string destination, which is no prefix's.
            let es_dest = |rest: &str| {
                ["(%rdi)", "(%edi)", "[rdi]", "[edi]"]
                    .iter()
                    .any(|r| rest.starts_with(r))
            };
            let mut from = 0;
            while let Some(pos) = p
                .ops
                .get(from..)
                .and_then(|o| o.find(pat))
                .map(|i| i + from)
            {
                let rest = p.ops.get(pos + pat.len()..).unwrap_or_default();
                if *b == 0x26 && es_dest(rest) && string_dest(ins) {
                    from = pos + pat.len();
                    continue;
                }
                p.ops.replace_range(pos..pos + pat.len(), "");
                break;
            }
        }
    }
    prefix_words(p, ins, enc, unused, bitness, intel);
    // 32-bit mode's descriptor-table moves name their size: `sgdtl`, Intel `sgdtd`.
    if bitness == 32
        && matches!(
            ins.code(),
            Code::Sgdt_m1632 | Code::Sidt_m1632 | Code::Lgdt_m1632 | Code::Lidt_m1632
        )
    {
        p.mnemonic.push(if intel { 'd' } else { 'l' });
    }
    if intel
        && bitness == 32
        && matches!(
            ins.code(),
            Code::Sgdt_m1632_16 | Code::Sidt_m1632_16 | Code::Lgdt_m1632_16 | Code::Lidt_m1632_16
        )
        && !p.mnemonic.ends_with('w')
    {
        p.mnemonic.push('w');
    }
    // 8087/287-only control instructions; 0f 0d /3 is GNU's `prefetch`.
    match ins.mnemonic() {
        Mnemonic::Prefetchw if enc.modrm_byte.is_some_and(|m| (m >> 3) & 7 == 3) => {
            p.mnemonic = p.mnemonic.replace("prefetchw", "prefetch");
        }
        Mnemonic::Fneni => p.mnemonic = p.mnemonic.replace("fneni", "fneni(8087 only)"),
        Mnemonic::Fndisi => p.mnemonic = p.mnemonic.replace("fndisi", "fndisi(8087 only)"),
        Mnemonic::Fnsetpm => p.mnemonic = p.mnemonic.replace("fnsetpm", "fnsetpm(287 only)"),
        Mnemonic::Sal => p.mnemonic = p.mnemonic.replacen("sal", "shl", 1),
        _ => {}
    }
    // 16-bit near branches (0x66) in 64-bit mode: `jmpw`, `callw`.
    let near16 = matches!(
        ins.code(),
        Code::Jmp_rel16 | Code::Call_rel16 | Code::Retnw | Code::Retnw_imm16
    ) || (!intel && matches!(ins.code(), Code::Jmp_rm16 | Code::Call_rm16));
    if bitness == 64 && near16 && !p.mnemonic.ends_with('w') {
        p.mnemonic.push('w');
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
    // The implicit operands GNU names for monitor/mwait, and the `$0xa` of aad/aam.
    let implicit = match ins.code() {
        Code::Monitorw | Code::Monitorxw => Some("%ax,%ecx,%edx"),
        Code::Monitord | Code::Monitorxd => Some("%eax,%ecx,%edx"),
        Code::Monitorq | Code::Monitorxq => Some("%rax,%ecx,%edx"),
        Code::Mwait => Some("%eax,%ecx"),
        Code::Mwaitx => Some("%eax,%ecx,%ebx"),
        Code::Aad_imm8 | Code::Aam_imm8 if p.ops.is_empty() => Some("$0xa"),
        _ => None,
    };
    if let Some(ops) = implicit {
        p.ops = ops.to_owned();
    }
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
    let moffs = is_moffs(code);
    if code == Code::Mov_r64_imm64 || (bitness == 64 && moffs && !enc.addr32) {
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
                let r32 = reg_name(r.full_register32());
                // iced's 16-bit name: `ax` for eax, `r8w` for r8d.
                let short = match r32.strip_suffix('d') {
                    Some(n) if n.starts_with('r') => format!("{n}w"),
                    _ => r32.replacen('e', "", 1),
                };
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
    // 16-bit and REX.W far returns, flags pushes and immediates name their size.
    if ((bitness == 64 && sized16(code)) || (bitness == 32 && sized16_32(code)))
        && code != Code::Leavew
    {
        let m = p.mnemonic.replace("ret far", "retf");
        p.mnemonic = format!("{}w", m.trim_end_matches('w'));
    }
    if matches!(code, Code::Retfq | Code::Retfq_imm16) {
        p.mnemonic = "retfq".to_owned();
    }
    // A direct far branch: `selector:offset`.
    if matches!(ins.op0_kind(), OpKind::FarBranch16 | OpKind::FarBranch32) {
        if let Some((off, sel)) = p.ops.split_once(',') {
            p.ops = format!("{sel}:{off}");
        }
    }
    // Far returns and 32-bit `iret`.
    match ins.mnemonic() {
        Mnemonic::Retf if !p.mnemonic.ends_with(['q', 'w']) => {
            p.mnemonic = p.mnemonic.replace("ret far", "retf");
        }
        Mnemonic::Jmp | Mnemonic::Call if p.mnemonic.ends_with(" far") => {
            p.mnemonic.truncate(p.mnemonic.len() - " far".len());
        }
        Mnemonic::Leave if ins.code() == Code::Leavew && !p.mnemonic.ends_with('w') => {
            p.mnemonic.push('w');
        }
        Mnemonic::Sha256rnds2 if !p.ops.ends_with(",xmm0") => p.ops.push_str(",xmm0"),
        Mnemonic::Popfq | Mnemonic::Pushfq => {
            p.mnemonic.pop();
        }
        Mnemonic::Sgdt | Mnemonic::Sidt | Mnemonic::Lgdt | Mnemonic::Lidt => {
            p.ops = p.ops.replace("FWORD PTR ", "").replace("TBYTE PTR ", "");
        }
        Mnemonic::Iretd => p.mnemonic = p.mnemonic.replace("iretd", "iret"),
        // The 32-bit forms are GNU's plain names.
        Mnemonic::Pushad | Mnemonic::Popad | Mnemonic::Pushfd | Mnemonic::Popfd => {
            p.mnemonic.pop();
        }
        Mnemonic::Sysret | Mnemonic::Sysexit if bitness == 64 && !p.mnemonic.ends_with('q') => {
            p.mnemonic.push('d');
        }
        Mnemonic::Cldemote | Mnemonic::Invlpg if !p.ops.contains("PTR") => {
            p.ops.insert_str(0, "BYTE PTR ");
        }
        Mnemonic::Xlatb if !p.ops.contains(':') => p.ops = p.ops.replace("PTR [", "PTR ds:["),
        _ => {}
    }
    // Broadcasts: `QWORD BCST [m]`.
    if let Some(b) = p.ops.find("}").and_then(|_| p.ops.find("]{1to")) {
        if let Some(end) = p.ops.get(b..).and_then(|r| r.find('}')).map(|e| b + e) {
            p.ops.replace_range(b + 1..=end, "");
            if let Some(k) = p.ops.get(..b).and_then(|h| h.rfind(" PTR [")) {
                p.ops.replace_range(k..k + " PTR".len(), " BCST");
            }
        }
    }
    // Far pointers with REX.W.
    if matches!(
        ins.mnemonic(),
        Mnemonic::Lfs | Mnemonic::Lgs | Mnemonic::Lss
    ) {
        p.ops = p.ops.replace("TBYTE PTR", "FWORD PTR");
    }
    // SVM instructions: no implicit operands.
    if svm(ins) {
        p.ops.clear();
    }
    if p.mnemonic == "prefetch_exclusive" {
        p.mnemonic = "prefetch".to_owned();
    }
    if p.mnemonic == "prefetch_reserved" {
        p.mnemonic = "prefetch".to_owned();
    }
    // movsxd's 16-bit form reads a doubleword.
    if code == Code::Movsxd_r16_rm16 {
        p.ops = p.ops.replacen("WORD PTR", "DWORD PTR", 1);
    }
    // Static rounding and suppress-all-exceptions follow the last register operand.
    intel_rounding(p);
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
    // RIP- and EIP-relative negative displacements print as 64-bit unsigned:
    // `[rip+0xffff…]`.
    if let Some((pos, reg)) = ["rip", "eip"]
        .iter()
        .find_map(|r| p.ops.find(&format!("[{r}-0x")).map(|pos| (pos, *r)))
    {
        let start = pos + "[rip-0x".len();
        let end = p
            .ops
            .get(start..)
            .and_then(|r| r.find(']'))
            .map(|e| start + e);
        if let Some(end) = end {
            if let Ok(v) = u64::from_str_radix(p.ops.get(start..end).unwrap_or_default(), 16) {
                let neg = v.wrapping_neg();
                p.ops.replace_range(pos..end, &format!("[{reg}+0x{neg:x}"));
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
                // In 64-bit mode only FS and GS apply.
                let seg = match ins.memory_segment() {
                    s @ (Register::FS | Register::GS) => s,
                    _ if bitness == 64 => Register::DS,
                    s => s,
                };
                format!("{size} PTR {}:[{r}]", reg_name(seg))
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

/// GNU's Intel place for `{sae}` / `{rn-sae}`…: after the last register operand (iced puts
/// it after the first).
fn intel_rounding(p: &mut Parts) {
    let Some(start) = p.ops.find(['{']).and_then(|_| {
        ["{sae}", "{rne-sae}", "{rd-sae}", "{ru-sae}", "{rz-sae}"]
            .iter()
            .find_map(|t| p.ops.find(t).map(|i| (i, *t)))
    }) else {
        return;
    };
    let (pos, tok) = start;
    p.ops.replace_range(pos..pos + tok.len(), "");
    let tok = if tok == "{rne-sae}" { "{rn-sae}" } else { tok };
    let mut parts: Vec<String> = p.ops.split(',').map(str::to_owned).collect();
    if let Some(last) = parts
        .iter_mut()
        .rev()
        .find(|o| !o.starts_with("0x") && !o.starts_with(|c: char| c.is_ascii_digit()))
    {
        last.push_str(tok);
    }
    p.ops = parts.join(",");
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
    // `fxch`, `fcom`, `fcomp` of a register name it alone.
    if matches!(
        ins.mnemonic(),
        Mnemonic::Fxch | Mnemonic::Fcom | Mnemonic::Fcomp | Mnemonic::Fucom | Mnemonic::Fucomp
    ) {
        names.retain(|n| n.contains('('));
    }
    if !intel {
        names.reverse();
    }
    p.ops = names.join(",");
}

/// Whether the instruction writes a string destination through ES:DI.
fn string_dest(ins: &Instruction) -> bool {
    (0..ins.op_count()).any(|i| {
        matches!(
            ins.op_kind(i),
            OpKind::MemoryESDI | OpKind::MemoryESEDI | OpKind::MemoryESRDI
        )
    })
}

/// Whether the instruction reads a string source through DS (`movs`, `lods`, `outs`,
/// `cmps`, `xlat`): GNU then applies the last segment prefix whatever it is.
fn string_source(ins: &Instruction) -> bool {
    ins.mnemonic() == Mnemonic::Xlatb
        || (0..ins.op_count()).any(|i| {
            matches!(
                ins.op_kind(i),
                OpKind::MemorySegSI | OpKind::MemorySegESI | OpKind::MemorySegRSI
            )
        })
}

/// Words iced prints before a mnemonic for prefixes.
const ICED_PREFIX_WORDS: [&str; 23] = [
    "data64",
    "lock",
    "rep",
    "repe",
    "repz",
    "repne",
    "repnz",
    "bnd",
    "notrack",
    "xacquire",
    "xrelease",
    "data16",
    "data32",
    "addr16",
    "addr32",
    "cs",
    "ds",
    "es",
    "ss",
    "fs",
    "gs",
    "hint-taken",
    "hint-not-taken",
];

/// GNU's prefix words (`print_insn`'s `all_prefixes`), in byte order: each prefix byte
/// prints its name except the last of a kind the instruction uses — the segment prefix
/// (a memory operand with the active segment, a string source, a branch hint), the
/// operand- and address-size prefixes, a mandatory 0xf2/0xf3, a REX prefix all of whose
/// bits count. The last 0xf2/0xf3 may print as `rep`, `bnd`, `xacquire`/`xrelease`
/// (iced's word for it says which), the last segment prefix as `notrack`.
fn prefix_words(
    p: &mut Parts,
    ins: &Instruction,
    enc: &Encoding,
    unused: &Unused,
    bitness: u32,
    intel: bool,
) {
    // iced's own prefix words come off the mnemonic; its repeat word and `notrack` are kept
    // as facts.
    let mut rep_word = None;
    let mut notrack = false;
    let (mut useless66, mut useless67) = (false, false);
    let mut words: Vec<&str> = p.mnemonic.split(' ').collect();
    // iced writes a prefix it cannot place as `.BYTE 0x66;`.
    while words.first() == Some(&".BYTE") && words.len() > 2 {
        match words.get(1).copied() {
            Some("0x66;") => useless66 = true,
            Some("0x67;") => useless67 = true,
            _ => {}
        }
        words.drain(..2);
    }
    while words.len() > 1 {
        let w = words.first().copied().unwrap_or_default();
        if !ICED_PREFIX_WORDS.contains(&w) {
            break;
        }
        match w {
            "rep" | "repe" | "repz" | "repne" | "repnz" | "bnd" | "xacquire" | "xrelease" => {
                rep_word = ICED_PREFIX_WORDS.iter().copied().find(|&k| k == w);
            }
            "notrack" => notrack = true,
            // iced names a size prefix it found useless.
            "data16" | "data32" => useless66 = true,
            "addr16" | "addr32" => useless67 = true,
            _ => {}
        }
        words.remove(0);
    }
    // 16-bit near branches in 64-bit mode use their 0x66 (iced, reading them as AMD64
    // does, calls it useless).
    if bitness != 16 && useless66 && jcc_rel16(ins.code()) {
        useless66 = false;
    }
    if bitness == 64
        && useless66
        && (matches!(
            ins.code(),
            Code::Jmp_rel16
                | Code::Call_rel16
                | Code::Retnw
                | Code::Retnw_imm16
                | Code::Jmp_rm16
                | Code::Call_rm16
        ) || (intel && sized16(ins.code())))
    {
        useless66 = false;
    }
    if bitness == 32 && intel && sized16_32(ins.code()) {
        useless66 = false;
    }
    // GNU's SVM instructions name no address register: 0x67 is a word.
    if intel && svm(ins) {
        useless67 = true;
    }
    // monitor's address size picks its implicit register (iced shows the prefix), which
    // GNU's Intel syntax does not name.
    if !intel
        && matches!(
            ins.code(),
            Code::Monitorw
                | Code::Monitord
                | Code::Monitorq
                | Code::Monitorxw
                | Code::Monitorxd
                | Code::Monitorxq
        )
    {
        useless67 = false;
    }
    let mut mnemonic = words.join(" ");
    for h in [",pt", ",pn"] {
        if let Some(m) = mnemonic.strip_suffix(h) {
            mnemonic = m.to_owned();
        }
    }
    let pre = &enc.prefixes;
    let is_seg = |b: u8| matches!(b, 0x26 | 0x2e | 0x36 | 0x3e | 0x64 | 0x65);
    let last_of = |f: &dyn Fn(u8) -> bool| pre.iter().rposition(|&b| f(b));
    let last_seg = last_of(&is_seg);
    let last66 = last_of(&|b| b == 0x66);
    let last67 = last_of(&|b| b == 0x67);
    let last_rep = last_of(&|b| b == 0xf2 || b == 0xf3);
    // The segment register applied: in 64-bit mode only FS and GS.
    let active = pre
        .iter()
        .rev()
        .copied()
        .find(|&b| is_seg(b) && (bitness != 64 || b == 0x64 || b == 0x65));
    // A branch hint: exactly one of CS and DS on a conditional branch (AT&T only).
    let (cs, ds) = (pre.contains(&0x2e), pre.contains(&0x3e));
    let hint = !intel && ins.flow_control() == FlowControl::ConditionalBranch && cs != ds;
    if hint {
        mnemonic.push_str(if cs { ",pn" } else { ",pt" });
    }
    let seg_used =
        hint || string_source(ins) || (active.is_some() && (is_mem(ins) || is_moffs(ins.code())));
    let string_rep = STRING_REP.contains(&ins.mnemonic());
    // 0xf2/0xf3 on `xchg` with memory are `xacquire`/`xrelease`; 0xf2 on a near branch is
    // `bnd`.
    let hle_xchg = enc.legacy
        && matches!(enc.opcode, Some(0x86 | 0x87))
        && enc.modrm_byte.is_some_and(|m| m >> 6 != 3);
    let bnd_branch = matches!(
        ins.flow_control(),
        FlowControl::UnconditionalBranch
            | FlowControl::ConditionalBranch
            | FlowControl::Call
            | FlowControl::IndirectBranch
            | FlowControl::IndirectCall
            | FlowControl::Return
    ) && !matches!(
        ins.mnemonic(),
        Mnemonic::Loop
            | Mnemonic::Loope
            | Mnemonic::Loopne
            | Mnemonic::Jcxz
            | Mnemonic::Jecxz
            | Mnemonic::Jrcxz
            | Mnemonic::Retf
            | Mnemonic::Iret
            | Mnemonic::Iretd
            | Mnemonic::Iretq
    ) && !ins.is_jmp_far()
        && !ins.is_call_far()
        && !ins.is_jmp_far_indirect()
        && !ins.is_call_far_indirect();
    // 0xf3 on a `mov` to memory is `xrelease`.
    let hle_store = enc.legacy
        && matches!(enc.opcode, Some(0x88 | 0x89 | 0xc6 | 0xc7))
        && enc.modrm_byte.is_some_and(|m| m >> 6 != 3);
    // With `lock` on a lockable memory operation every 0xf2/0xf3 is an HLE hint.
    let hle_lock = pre.contains(&0xf0)
        && ins.op0_kind() == OpKind::Memory
        && LOCKABLE.contains(&ins.mnemonic())
        && enc.modrm_byte.is_some_and(|m| m >> 6 != 3);
    let mut out = Vec::new();
    for (i, &b) in pre.iter().enumerate() {
        let last = |l: Option<usize>| l == Some(i);
        let w = match b {
            0xf3 if hle_lock => Some("xrelease"),
            0xf2 if hle_lock => Some("xacquire"),
            _ if is_seg(b) && last(last_seg) && notrack => Some("notrack"),
            _ if is_seg(b) && last(last_seg) && seg_used => None,
            0x66 if last(last66) && !unused.data16 && !useless66 => None,
            0x67 if last(last67) && !unused.addr && !useless67 => None,
            0xf3 if last(last_rep) && (hle_store || hle_xchg) => Some("xrelease"),
            0xf2 if last(last_rep) && hle_xchg => Some("xacquire"),
            0xf2 if last(last_rep) && bnd_branch => Some("bnd"),
            0xf2 | 0xf3 if last(last_rep) => rep_word.map(|w| match w {
                "rep" if !string_rep => "repz",
                "repe" => "repz",
                "repne" => "repnz",
                w => w,
            }),
            _ => prefix_str(b, bitness),
        };
        out.extend(w);
    }
    if let Some(rex) = unused.rex {
        out.push(
            REX_NAMES
                .get(usize::from(rex & 0xf))
                .copied()
                .unwrap_or("rex"),
        );
    }
    p.prefixes = out;
    p.mnemonic = mnemonic;
}

/// The instructions `lock` applies to (with a memory destination).
const LOCKABLE: [Mnemonic; 19] = [
    Mnemonic::Add,
    Mnemonic::Adc,
    Mnemonic::And,
    Mnemonic::Btc,
    Mnemonic::Btr,
    Mnemonic::Bts,
    Mnemonic::Cmpxchg,
    Mnemonic::Cmpxchg8b,
    Mnemonic::Cmpxchg16b,
    Mnemonic::Dec,
    Mnemonic::Inc,
    Mnemonic::Neg,
    Mnemonic::Not,
    Mnemonic::Or,
    Mnemonic::Sbb,
    Mnemonic::Sub,
    Mnemonic::Xadd,
    Mnemonic::Xchg,
    Mnemonic::Xor,
];

/// Instructions on which GNU calls 0xf3 `rep` (`REP_Fixup`).
const STRING_REP: [Mnemonic; 18] = [
    Mnemonic::Movsb,
    Mnemonic::Movsw,
    Mnemonic::Movsd,
    Mnemonic::Movsq,
    Mnemonic::Stosb,
    Mnemonic::Stosw,
    Mnemonic::Stosd,
    Mnemonic::Stosq,
    Mnemonic::Lodsb,
    Mnemonic::Lodsw,
    Mnemonic::Lodsd,
    Mnemonic::Lodsq,
    Mnemonic::Insb,
    Mnemonic::Insw,
    Mnemonic::Insd,
    Mnemonic::Outsb,
    Mnemonic::Outsw,
    Mnemonic::Outsd,
];

/// 16-bit forms whose size GNU's Intel syntax shows with a `w` in 64-bit mode (iced's
/// with a `data16` word).
fn sized16(code: Code) -> bool {
    matches!(
        code,
        Code::Retfw
            | Code::Retfw_imm16
            | Code::Popfw
            | Code::Pushfw
            | Code::Iretw
            | Code::Pushw_imm8
            | Code::Push_imm16
            | Code::Leavew
            | Code::Enterw_imm16_imm8
    )
}

/// The instructions whose register operand comes in several widths but whose memory
/// operand is 16 bits whatever the operand size (GNU then calls 0x66 and REX.W unused).
fn width_free_mem(code: Code) -> bool {
    matches!(
        code,
        Code::Sldt_rm16
            | Code::Str_rm16
            | Code::Lldt_rm16
            | Code::Ltr_rm16
            | Code::Verr_rm16
            | Code::Verw_rm16
            | Code::Smsw_rm16
            | Code::Lmsw_rm16
            | Code::Mov_rm16_Sreg
            | Code::Mov_Sreg_rm16
            | Code::Sldt_r32m16
            | Code::Sldt_r64m16
            | Code::Str_r32m16
            | Code::Str_r64m16
            | Code::Lldt_r32m16
            | Code::Lldt_r64m16
            | Code::Ltr_r32m16
            | Code::Ltr_r64m16
            | Code::Verr_r32m16
            | Code::Verr_r64m16
            | Code::Verw_r32m16
            | Code::Verw_r64m16
            | Code::Smsw_r32m16
            | Code::Smsw_r64m16
            | Code::Lmsw_r32m16
            | Code::Lmsw_r64m16
            | Code::Mov_r32m16_Sreg
            | Code::Mov_r64m16_Sreg
            | Code::Mov_Sreg_r32m16
            | Code::Mov_Sreg_r64m16
            | Code::Arpl_rm16_r16
            | Code::Arpl_r32m16_r32
    ) || is_pinsrw(code)
}

/// `pextrb`/`pextrw`/`pinsrb`/`pinsrw` with REX.W: GNU names the 32-bit register and calls
/// REX.W unused.
fn r64_as_32(code: Code) -> bool {
    matches!(
        code,
        Code::Pinsrw_mm_r64m16_imm8
            | Code::Pinsrw_xmm_r64m16_imm8
            | Code::Pextrw_r64_mm_imm8
            | Code::Pextrw_r64_xmm_imm8
            | Code::Pextrb_r64m8_xmm_imm8
            | Code::Pextrw_r64m16_xmm_imm8
            | Code::Pinsrb_xmm_r64m8_imm8
    )
}

/// `pinsrw`/`pextrw` with a general register or 16-bit memory operand (0x66 picks the XMM
/// form; REX.W only widens the register name iced prints).
fn is_pinsrw(code: Code) -> bool {
    matches!(
        code,
        Code::Pinsrw_mm_r32m16_imm8
            | Code::Pinsrw_mm_r64m16_imm8
            | Code::Pinsrw_xmm_r32m16_imm8
            | Code::Pinsrw_xmm_r64m16_imm8
            | Code::Pextrw_r32m16_xmm_imm8
            | Code::Pextrw_r64m16_xmm_imm8
    )
}

/// AMD's SVM instructions, whose address register GNU's Intel syntax does not name.
fn svm(ins: &Instruction) -> bool {
    matches!(
        ins.mnemonic(),
        Mnemonic::Vmrun
            | Mnemonic::Vmload
            | Mnemonic::Vmsave
            | Mnemonic::Invlpga
            | Mnemonic::Skinit
    )
}

/// Whether `code` is a conditional branch with a 16-bit displacement.
fn jcc_rel16(code: Code) -> bool {
    let n = format!("{code:?}");
    n.starts_with('J') && n.ends_with("_rel16")
}

/// Whether `code` is a branch with an 8-bit displacement and a 16-bit operand size.
fn rel8(code: Code) -> bool {
    format!("{code:?}").contains("rel8_16")
}

/// 16-bit stack and branch forms whose size GNU's Intel syntax shows with a `w` in 32-bit
/// mode (iced's with a `data16` word).
fn sized16_32(code: Code) -> bool {
    sized16(code)
        || matches!(
            code,
            Code::Pushaw
                | Code::Popaw
                | Code::Popfw
                | Code::Pushw_ES
                | Code::Popw_ES
                | Code::Pushw_CS
                | Code::Pushw_SS
                | Code::Popw_SS
                | Code::Pushw_DS
                | Code::Popw_DS
                | Code::Pushw_FS
                | Code::Popw_FS
                | Code::Pushw_GS
                | Code::Popw_GS
                | Code::Call_rel16
                | Code::Retnw
                | Code::Retnw_imm16
                | Code::Enterw_imm16_imm8
        )
}

/// Whether `code` is one of the accumulator's absolute-address moves.
fn is_moffs(code: Code) -> bool {
    matches!(
        code,
        Code::Mov_AL_moffs8
            | Code::Mov_AX_moffs16
            | Code::Mov_EAX_moffs32
            | Code::Mov_RAX_moffs64
            | Code::Mov_moffs8_AL
            | Code::Mov_moffs16_AX
            | Code::Mov_moffs32_EAX
            | Code::Mov_moffs64_RAX
    )
}

/// Insert GNU's `%eiz`/`%riz` index into the memory operand.
fn eiz(
    p: &mut Parts,
    ins: &Instruction,
    havebase: bool,
    wide: bool,
    sign: u32,
    scale: u8,
    intel: bool,
) {
    let base = ins.memory_base();
    if intel {
        let idx = if wide { "riz" } else { "eiz" };
        if !havebase {
            let d = ins.memory_displacement64();
            let d = if wide { d } else { d & 0xffff_ffff };
            let disp = format!("[0x{d:x}]");
            if let Some(pos) = p.ops.find(&disp) {
                let shown = signed_disp(d, sign);
                let sep = if shown.starts_with('-') { "" } else { "+" };
                p.ops.replace_range(
                    pos..pos + disp.len(),
                    &format!("[{idx}*{scale}{sep}{shown}]"),
                );
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
                if sign != 0 {
                    let prefix_len = op.len() - disp.len();
                    op.truncate(prefix_len);
                    op.push_str(&signed_disp(d, sign));
                }
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

/// A displacement with a `%riz`/`%eiz` index and no base prints signed (`-0x…`) as a
/// `sign`-bit value (0: unsigned).
fn signed_disp(d: u64, sign: u32) -> String {
    let v = match sign {
        64 => d as i64,
        32 => i64::from(d as u32 as i32),
        _ => 0,
    };
    if v < 0 {
        format!("-0x{:x}", v.unsigned_abs())
    } else {
        format!("0x{d:x}")
    }
}

fn reg_name(r: Register) -> String {
    format!("{r:?}").to_ascii_lowercase()
}

/// How many bytes GNU's `(bad)` covers for an undefined legacy-map or VEX opcode: the
/// prefixes and the opcode bytes, not the ModRM byte.
fn gnu_bad_len(bytes: &[u8], bitness: u32) -> Option<usize> {
    let e = Encoding::scan(bytes, bitness);
    let first = bytes.get(e.opcode_pos()).copied()?;
    let p = e.opcode_pos();
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
        // 0x8f outside 64-bit mode with a memory operand is `pop`'s group, whose other
        // entries are `(bad)` for the opcode alone.
        0x8f if (p0 >> 3) & 7 != 0 => Some(p + 1),
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
    let p = e.opcode_pos();
    let (&first, &p0, &p1) = (bytes.get(p)?, bytes.get(p + 1)?, bytes.get(p + 2)?);
    let evex = first == 0x62 && (bitness == 64 || p0 >> 6 == 3);
    let known = matches!(p0 & 0xf, 1 | 2 | 3 | 5 | 6) && p1 & 4 != 0;
    let vvvv = (!(p1 >> 3)) & 0xf;
    if evex && known && vvvv != 0 && bytes.len() >= p + 5 {
        return Some(p + 5);
    }
    // An XOP instruction of a known map likewise, up to its opcode.
    let xop = first == 0x8f && (p0 >> 3) & 7 != 0 && matches!(p0 & 0x1f, 8..=10);
    (xop && vvvv != 0 && bytes.len() >= p + 4).then_some(p + 4)
}

/// GNU's name for a prefix byte printed on its own.
fn prefix_name(b: u8, bitness: u32) -> Option<String> {
    prefix_str(b, bitness).map(str::to_owned)
}

/// GNU's name for a prefix byte (`prefix_name`).
fn prefix_str(b: u8, bitness: u32) -> Option<&'static str> {
    Some(match b {
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
    })
}

/// GNU's names of the REX prefixes 0x40..=0x4f.
const REX_NAMES: [&str; 16] = [
    "rex", "rex.B", "rex.X", "rex.XB", "rex.R", "rex.RB", "rex.RX", "rex.RXB", "rex.W", "rex.WB",
    "rex.WX", "rex.WXB", "rex.WR", "rex.WRB", "rex.WRX", "rex.WRXB",
];
