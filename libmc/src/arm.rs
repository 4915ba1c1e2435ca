//! 32-bit Arm (A32) and Thumb/Thumb-2 (T32) with GNU objdump 2.40's text.
//!
//! Most instructions are decoded here from their fields and printed in GNU's conventions:
//! all of 16-bit Thumb; of Thumb-2 and A32 the data processing, loads and stores (with GNU's
//! elisions: `[r3]` for a zero offset, `#-0`, `[pc, #12]\t@ addr`), load/store multiple and
//! `push`/`pop`, branches, multiplies and divides, extends, bit fields, exclusives, barriers,
//! `mrc`/`mcr`, VFP loads/stores/lists, `vmrs`, `vmov` immediates and the generic coprocessor
//! and FPA forms. GNU's trailing `\t@ 0x…` comment follows its rule (the last immediate, when
//! above 32 or below -16; 32 bits wide in A32, a full `long` in Thumb). What is left (NEON,
//! most of the system and media instructions, VFP arithmetic) is capstone's decoding with
//! GNU's register names and decimal immediates; where capstone accepts an encoding GNU does
//! not (bits GNU requires set), the word prints as GNU's `@ <UNDEFINED> instruction`.
//!
//! Thumb keeps GNU's IT state between calls: an `it` sets the condition suffixes of the
//! next instructions (`addeq`, `movne.w`) as long as decoding goes on at the address after the
//! previous instruction; a jump elsewhere clears it. A 32-bit Thumb instruction's
//! [`Insn::bytes`](crate::Insn::bytes) are its bytes in memory order; objdump shows them as
//! two halfwords (`f8df 2004` for the bytes `df f8 04 20`).

use std::cell::Cell;
use std::fmt;
use std::fmt::Write as _;

use capstone::arch::arm::{ArchExtraMode, ArchMode};
use capstone::arch::{BuildsCapstone, BuildsCapstoneEndian, BuildsCapstoneExtraMode};
use capstone::{Capstone, Endian as CsEndian};

use crate::arm_regnames::{a32_literal, rename, t16_literal, Literal};
use crate::{Arch, Endian, Flow, Insn, Machine, Resolver};

/// An A32 or T32 decoder/printer.
pub(crate) struct Arm {
    cs: Option<Capstone>,
    thumb: bool,
    big: bool,
    /// `-M reg-names-…`.
    names: crate::ArmRegNames,
    /// Thumb: the IT block state (GNU's and capstone's) and the address it is valid for.
    it: Cell<ItState>,
}

/// The Thumb IT-block state GNU keeps between instructions.
#[derive(Debug, Clone, Copy, Default)]
struct ItState {
    /// Address the next instruction must have for the state to apply.
    next: u64,
    /// ITSTATE: the condition in bits 7..4, the remaining mask below (0: outside a block).
    state: u32,
}

/// GNU's register names (`reg-names-gcc`, its default).
const R: [&str; 16] = [
    "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "sl", "fp", "ip", "sp", "lr", "pc",
];

/// Condition names by their 4-bit code.
const COND: [&str; 16] = [
    "eq", "ne", "cs", "cc", "mi", "pl", "vs", "vc", "hi", "ls", "ge", "lt", "gt", "le", "al",
    "<und>",
];

/// What one instruction's decode yields.
struct Out {
    text: String,
    flow: Flow,
    target: Option<u64>,
}

/// The decoding context of one instruction.
struct Ctx<'r> {
    addr: u64,
    res: &'r dyn Resolver,
    /// Thumb: the IT condition this instruction is under.
    cond: Option<u32>,
    /// Thumb: whether it is the last of its IT block (or outside one).
    last: bool,
}

impl Ctx<'_> {
    /// GNU's `%c` in Thumb: the IT condition, if any.
    fn c(&self) -> &'static str {
        self.cond.map_or("", reg_cond)
    }

    /// GNU's `%C`: the IT condition, else `s` (16-bit flag-setting forms).
    fn cs(&self) -> &'static str {
        self.cond.map_or("s", reg_cond)
    }
}

fn reg_cond(c: u32) -> &'static str {
    COND.get(c as usize & 15).copied().unwrap_or("")
}

fn reg(n: u32) -> &'static str {
    R.get(n as usize & 15).copied().unwrap_or("?")
}

/// Text under construction, with GNU's trailing `@ 0x…` comment for the last immediate
/// that asks for one (printed when it is above 32 or below -16).
struct Text {
    s: String,
    comment: i64,
    /// Print the comment as a 32-bit value (A32 and coprocessor instructions do).
    mask32: bool,
    /// End with GNU's `@ <UNPREDICTABLE>`.
    unpredictable: bool,
    flow: Flow,
    target: Option<u64>,
}

impl Text {
    fn new(mn: &str) -> Text {
        Text {
            s: mn.to_owned(),
            comment: 0,
            mask32: false,
            unpredictable: false,
            flow: Flow::Other,
            target: None,
        }
    }

    fn push(&mut self, t: &str) -> &mut Text {
        self.s.push_str(t);
        self
    }

    fn reg(&mut self, n: u32) -> &mut Text {
        self.s.push_str(reg(n));
        self
    }

    /// Comments in 32 bits (A32 and coprocessor instructions).
    fn arm(mut self) -> Text {
        self.mask32 = true;
        self
    }

    /// `#n` in decimal, remembered for the comment.
    fn imm(&mut self, v: i64) -> &mut Text {
        let _ = write!(self.s, "#{v}");
        self.comment = v;
        self
    }

    /// A decimal number without `#`, remembered for the comment.
    fn num(&mut self, v: i64) -> &mut Text {
        let _ = write!(self.s, "{v}");
        self.comment = v;
        self
    }

    /// A branch target (clears the comment, as GNU's address operands do).
    fn target(&mut self, cx: &Ctx<'_>, t: u64, flow: Flow) -> &mut Text {
        let t = t & 0xffff_ffff;
        cx.res.address(t, &mut self.s);
        self.comment = 0;
        self.flow = flow;
        self.target = Some(t);
        self
    }

    /// An address in a comment (literal loads, `adr`).
    fn addr(&mut self, cx: &Ctx<'_>, t: u64) -> &mut Text {
        cx.res.address(t & 0xffff_ffff, &mut self.s);
        self.comment = 0;
        self
    }

    /// `{r4, r5, lr}` from a register mask.
    fn list(&mut self, mask: u32) -> &mut Text {
        self.s.push('{');
        let mut first = true;
        for r in (0..16).filter(|r| mask & (1 << r) != 0) {
            if !first {
                self.s.push_str(", ");
            }
            first = false;
            self.s.push_str(reg(r));
        }
        self.s.push('}');
        self
    }

    fn done(mut self) -> Out {
        if self.comment > 32 || self.comment < -16 {
            let v = if self.mask32 {
                self.comment & 0xffff_ffff
            } else {
                self.comment
            };
            let _ = write!(self.s, "\t@ 0x{v:x}");
        }
        if self.unpredictable {
            self.s.push_str("\t@ <UNPREDICTABLE>");
        }
        Out {
            text: self.s,
            flow: self.flow,
            target: self.target,
        }
    }
}

impl fmt::Debug for Arm {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Arm")
            .field("thumb", &self.thumb)
            .field("big", &self.big)
            .finish()
    }
}

impl Arm {
    pub(crate) fn new(arch: Arch) -> Arm {
        let thumb = arch.machine == Machine::Thumb;
        let big = arch.endian == Endian::Big;
        let cs = Capstone::new()
            .arm()
            .mode(if thumb {
                ArchMode::Thumb
            } else {
                ArchMode::Arm
            })
            .extra_mode([ArchExtraMode::V8].into_iter())
            .endian(if big { CsEndian::Big } else { CsEndian::Little })
            .detail(true)
            .build()
            .ok();
        Arm {
            cs,
            thumb,
            big,
            names: arch.arm_reg_names,
            it: Cell::new(ItState::default()),
        }
    }

    fn half(&self, raw: &[u8], k: usize) -> u32 {
        let b0 = u32::from(raw.get(k).copied().unwrap_or(0));
        let b1 = u32::from(raw.get(k + 1).copied().unwrap_or(0));
        if self.big {
            (b0 << 8) | b1
        } else {
            (b1 << 8) | b0
        }
    }

    pub(crate) fn decode<'a>(&self, bytes: &'a [u8], addr: u64, res: &dyn Resolver) -> Insn<'a> {
        if self.thumb {
            self.decode_thumb(bytes, addr, res)
        } else {
            self.decode_arm(bytes, addr, res)
        }
    }

    fn decode_thumb<'a>(&self, bytes: &'a [u8], addr: u64, res: &dyn Resolver) -> Insn<'a> {
        let h = self.half(bytes, 0);
        let wide = h >> 11 >= 0x1d;
        let len = if wide { 4 } else { 2 };
        let raw = bytes.get(..len).unwrap_or(bytes);
        if raw.len() < len {
            // A lone halfword at the end (GNU reads past it; there is nothing to read here).
            let text = format!("\t\t@ <UNDEFINED> instruction: 0x{h:04x}");
            return Insn::new(addr, raw, Flow::Invalid, None, text);
        }
        // The IT state, as GNU keeps it: cleared when decoding does not go on where it stopped.
        let st = self.it.get();
        let state = if st.next == addr { st.state } else { 0 };
        let mut next = match state {
            0 => 0,
            s if s & 0xf == 8 => 0,
            s => (s & 0xe0) | ((s & 0xf) << 1),
        };
        let cx = Ctx {
            addr,
            res,
            cond: if state == 0 { None } else { Some(state >> 4) },
            last: next == 0,
        };
        let (out, lit) = if wide {
            let w = (h << 16) | self.half(bytes, 2);
            (self.t32(w, &cx, raw), Literal::None)
        } else {
            if h & 0xff00 == 0xbf00 && h & 0xf != 0 {
                next = h & 0xff;
            }
            (t16(h, &cx), t16_literal(h))
        };
        let text = rename(out.text, self.names, lit);
        self.it.set(ItState {
            next: addr.wrapping_add(len as u64),
            state: next,
        });
        Insn::new(addr, raw, out.flow, out.target, text)
    }

    fn decode_arm<'a>(&self, bytes: &'a [u8], addr: u64, res: &dyn Resolver) -> Insn<'a> {
        let raw = bytes.get(..4).unwrap_or(bytes);
        let w = crate::word32(raw, self.big);
        if raw.len() < 4 {
            let text = format!("\t\t@ <UNDEFINED> instruction: 0x{w:08x}");
            return Insn::new(addr, raw, Flow::Invalid, None, text);
        }
        let cx = Ctx {
            addr,
            res,
            cond: None,
            last: true,
        };
        let out = self.a32(w, &cx, raw);
        let text = rename(out.text, self.names, a32_literal(w));
        Insn::new(addr, raw, out.flow, out.target, text)
    }

    /// An instruction our own tables do not cover: capstone's decoding, printed in GNU's
    /// conventions (register names, decimal immediates, the IT condition).
    fn fallback(&self, raw: &[u8], w: u32, cx: &Ctx<'_>) -> Out {
        let undefined = || Out {
            text: if self.thumb && raw.len() == 2 {
                format!("\t\t@ <UNDEFINED> instruction: 0x{w:04x}")
            } else {
                format!("\t\t@ <UNDEFINED> instruction: 0x{w:08x}")
            },
            flow: Flow::Invalid,
            target: None,
        };
        let Some(cs) = &self.cs else {
            return undefined();
        };
        let Ok(insns) = cs.disasm_count(raw, cx.addr, 1) else {
            return undefined();
        };
        let Some(i) = insns.iter().next() else {
            return undefined();
        };
        let mn = i.mnemonic().unwrap_or_default();
        let ops = i.op_str().unwrap_or_default();
        let mut mn = mn.to_owned();
        if let Some(c) = cx.cond {
            let k = mn.find('.').unwrap_or(mn.len());
            mn.insert_str(k, reg_cond(c));
        }
        let mut t = Text::new(&mn);
        t.mask32 = !self.thumb;
        if ["bkpt", "udf", "hlt", "svc"]
            .iter()
            .any(|m| mn.starts_with(m))
        {
            t.flow = Flow::Trap;
        }
        if !ops.is_empty() {
            t.push("\t");
            if ["vld", "vst", "vtb"].iter().any(|p| mn.starts_with(p)) {
                gnu_operands(&neon_align(&neon_list(ops)), &mut t);
            } else {
                gnu_operands(ops, &mut t);
            }
        }
        t.done()
    }
}

/// A NEON register list of consecutive registers as GNU writes it: `{d0-d3}`.
fn neon_list(ops: &str) -> String {
    let (Some(a), Some(b)) = (ops.find('{'), ops.find('}')) else {
        return ops.to_owned();
    };
    let Some(inner) = ops.get(a + 1..b) else {
        return ops.to_owned();
    };
    if inner.contains('[') {
        // Lane lists: GNU writes them without blanks (`{d27[0],d28[0]}`).
        let head = ops.get(..a + 1).unwrap_or("");
        let tail = ops.get(b..).unwrap_or("");
        return format!("{head}{}{tail}", inner.replace(", ", ","));
    }
    let regs: Vec<Option<u32>> = inner
        .split(", ")
        .map(|r| r.strip_prefix('d').and_then(|n| n.parse().ok()))
        .collect();
    let consecutive = regs.len() > 1
        && regs.iter().all(Option::is_some)
        && regs
            .windows(2)
            .all(|p| matches!(p, [Some(x), Some(y)] if *y == x + 1));
    match (consecutive, regs.first(), regs.last()) {
        (true, Some(Some(f)), Some(Some(l))) => {
            format!(
                "{}{{d{f}-d{l}}}{}",
                ops.get(..a).unwrap_or(""),
                ops.get(b + 1..).unwrap_or("")
            )
        }
        _ => ops.to_owned(),
    }
}

/// NEON alignment as GNU writes it: `[r1 :256]` for capstone's `[r1:0x100]`.
fn neon_align(ops: &str) -> String {
    let Some(k) = ops.find(":0x") else {
        return ops.to_owned();
    };
    let (head, tail) = ops.split_at(k);
    let digits = tail
        .get(3..)
        .unwrap_or("")
        .split(|ch: char| !ch.is_ascii_hexdigit())
        .next()
        .unwrap_or("");
    match u64::from_str_radix(digits, 16) {
        Ok(v) => format!("{head} :{v}{}", tail.get(3 + digits.len()..).unwrap_or("")),
        Err(_) => ops.to_owned(),
    }
}

/// capstone's operand text in GNU's spelling: `sb` is `r9`, immediates are decimal.
fn gnu_operands(ops: &str, t: &mut Text) {
    let mut rest = ops;
    while let Some(first) = rest.chars().next() {
        let word = |ch: char| ch.is_ascii_alphanumeric() || ch == '#' || ch == '-' || ch == '_';
        let k = if word(first) {
            rest.find(|ch: char| !word(ch)).unwrap_or(rest.len())
        } else {
            first.len_utf8()
        };
        let (tok, tail) = rest.split_at(k);
        let hex = |h: &str, neg: bool| {
            i64::from_str_radix(h, 16)
                .ok()
                .map(|v| if neg { -v } else { v })
        };
        let v = match (tok.strip_prefix("#0x"), tok.strip_prefix("#-0x")) {
            (Some(h), _) => hex(h, false),
            (_, Some(h)) => hex(h, true),
            _ => None,
        };
        match v {
            Some(v) => {
                t.imm(v);
            }
            None if tok == "sb" => {
                t.push("r9");
            }
            None if tok.starts_with("cpsr_") || tok.starts_with("spsr_") => {
                let (psr, fields) = tok.split_at(4);
                t.push(&psr.to_ascii_uppercase()).push(fields);
            }
            None => {
                t.push(tok);
            }
        }
        rest = tail;
    }
}

/// `names[v & 3]`.
fn pick(names: &[&'static str; 4], v: u32) -> &'static str {
    names.get((v & 3) as usize).copied().unwrap_or("?")
}

/// Sign-extends the low `bits` bits of `v`.
fn sext(v: u32, bits: u32) -> i64 {
    let sh = 32 - bits;
    i64::from(((v << sh) as i32) >> sh)
}

/// A 16-bit Thumb instruction.
fn t16(w: u32, cx: &Ctx<'_>) -> Out {
    let lo = |k: u32| (w >> k) & 7;
    let (c, cs) = (cx.c(), cx.cs());
    let pc = cx.addr.wrapping_add(4);
    // `op rd, rn` (data processing on low registers).
    let two = |mn: &str, a: u32, b: u32| {
        let mut t = Text::new(mn);
        t.push("\t").reg(a).push(", ").reg(b);
        t.done()
    };
    match w >> 11 {
        0b00000 if w & 0x7c0 == 0 => two(&format!("mov{cs}"), lo(0), lo(3)),
        0b00000 => {
            let mut t = Text::new(&format!("lsl{cs}"));
            t.push("\t").reg(lo(0)).push(", ").reg(lo(3)).push(", ");
            t.imm(i64::from((w >> 6) & 31));
            t.done()
        }
        0b00001 | 0b00010 => {
            let mn = if w >> 11 == 1 { "lsr" } else { "asr" };
            let n = match (w >> 6) & 31 {
                0 => 32,
                n => n,
            };
            let mut t = Text::new(&format!("{mn}{cs}"));
            t.push("\t").reg(lo(0)).push(", ").reg(lo(3));
            let _ = write!(t.s, ", #{n}");
            t.done()
        }
        0b00011 => {
            let mn = if w & 0x200 == 0 { "add" } else { "sub" };
            let mut t = Text::new(&format!("{mn}{cs}"));
            t.push("\t").reg(lo(0)).push(", ").reg(lo(3)).push(", ");
            if w & 0x400 == 0 {
                t.reg(lo(6));
            } else {
                t.imm(i64::from(lo(6)));
            }
            t.done()
        }
        0b00100..=0b00111 => {
            let (mn, sfx) = match (w >> 11) & 3 {
                0 => ("mov", cs),
                1 => ("cmp", c),
                2 => ("add", cs),
                _ => ("sub", cs),
            };
            let mut t = Text::new(&format!("{mn}{sfx}"));
            t.push("\t").reg(lo(8)).push(", ").imm(i64::from(w & 0xff));
            t.done()
        }
        0b01000 if w & 0x400 == 0 => {
            let (mn, flags) = match (w >> 6) & 15 {
                0 => ("and", true),
                1 => ("eor", true),
                2 => ("lsl", true),
                3 => ("lsr", true),
                4 => ("asr", true),
                5 => ("adc", true),
                6 => ("sbc", true),
                7 => ("ror", true),
                8 => ("tst", false),
                9 => ("neg", true),
                10 => ("cmp", false),
                11 => ("cmn", false),
                12 => ("orr", true),
                13 => ("mul", true),
                14 => ("bic", true),
                _ => ("mvn", true),
            };
            two(&format!("{mn}{}", if flags { cs } else { c }), lo(0), lo(3))
        }
        0b01000 => {
            let rd = (w & 7) | ((w >> 4) & 8);
            let rm = (w >> 3) & 15;
            match (w >> 8) & 3 {
                0 => {
                    let mut o = two(&format!("add{c}"), rd, rm);
                    if rd == 15 {
                        o.flow = if cx.cond.is_some() {
                            Flow::CondJump
                        } else {
                            Flow::Jump
                        };
                    }
                    o
                }
                1 => two(&format!("cmp{c}"), rd, rm),
                2 if w & 0xff == 0xc0 => Text::new(&format!("nop{c}\t\t\t@ (mov r8, r8)")).done(),
                2 => {
                    let mut o = two(&format!("mov{c}"), rd, rm);
                    if rd == 15 {
                        o.flow = match (cx.cond, rm) {
                            (Some(_), _) => Flow::CondJump,
                            (None, 14) => Flow::Return,
                            (None, _) => Flow::Jump,
                        };
                    }
                    o
                }
                _ if w & 0x80 != 0 && w & 7 != 0 && w & 7 != 4 => undefined16(w),
                _ => {
                    let link = w & 0x80 != 0;
                    let mn = match (link, w & 7 == 4) {
                        (false, false) => format!("bx{c}"),
                        (true, false) => format!("blx{c}"),
                        (false, true) => "bxns".to_owned(),
                        (true, true) => "blxns".to_owned(),
                    };
                    let mut t = Text::new(&mn);
                    t.push("\t").reg(rm);
                    t.flow = match (link, rm, cx.cond) {
                        (true, _, _) => Flow::Call,
                        (false, _, Some(_)) => Flow::CondJump,
                        (false, 14, None) => Flow::Return,
                        _ => Flow::Jump,
                    };
                    if !cx.last && w & 7 != 4 {
                        t.push("\t@ unpredictable branch in IT block\n");
                    }
                    t.done()
                }
            }
        }
        0b01001 => {
            let off = (w & 0xff) << 2;
            let mut t = Text::new(&format!("ldr{c}"));
            t.push("\t").reg(lo(8)).push(", [pc, ").imm(i64::from(off));
            t.push("]\t@ (")
                .addr(cx, (pc & !3).wrapping_add(u64::from(off)))
                .push(")");
            t.done()
        }
        0b01010 | 0b01011 => {
            let mn = [
                "str", "strh", "strb", "ldrsb", "ldr", "ldrh", "ldrb", "ldrsh",
            ]
            .get(((w >> 9) & 7) as usize)
            .copied()
            .unwrap_or("?");
            let mut t = Text::new(&format!("{mn}{c}"));
            t.push("\t")
                .reg(lo(0))
                .push(", [")
                .reg(lo(3))
                .push(", ")
                .reg(lo(6))
                .push("]");
            t.done()
        }
        0b01100..=0b10001 => {
            let (mn, scale) = match w >> 11 {
                0b01100 => ("str", 4),
                0b01101 => ("ldr", 4),
                0b01110 => ("strb", 1),
                0b01111 => ("ldrb", 1),
                0b10000 => ("strh", 2),
                _ => ("ldrh", 2),
            };
            let mut t = Text::new(&format!("{mn}{c}"));
            t.push("\t").reg(lo(0)).push(", [").reg(lo(3)).push(", ");
            t.imm(i64::from(((w >> 6) & 31) * scale)).push("]");
            t.done()
        }
        0b10010 | 0b10011 => {
            let mn = if w & 0x800 == 0 { "str" } else { "ldr" };
            let mut t = Text::new(&format!("{mn}{c}"));
            t.push("\t")
                .reg(lo(8))
                .push(", [sp, ")
                .imm(i64::from((w & 0xff) << 2))
                .push("]");
            t.done()
        }
        0b10100 => {
            let off = (w & 0xff) << 2;
            let mut t = Text::new(&format!("add{c}"));
            t.push("\t").reg(lo(8)).push(", pc, ").imm(i64::from(off));
            t.push("\t@ (adr ").reg(lo(8)).push(", ");
            t.addr(cx, (pc & !3).wrapping_add(u64::from(off))).push(")");
            t.done()
        }
        0b10101 => {
            let mut t = Text::new(&format!("add{c}"));
            t.push("\t")
                .reg(lo(8))
                .push(", sp, ")
                .imm(i64::from((w & 0xff) << 2));
            t.done()
        }
        0b10110 | 0b10111 => t16_misc(w, cx),
        0b11000 | 0b11001 => {
            let rn = lo(8);
            let load = w & 0x800 != 0;
            let mut t = Text::new(&format!("{}{c}", if load { "ldmia" } else { "stmia" }));
            t.push("\t").reg(rn);
            if !load || w & (1 << rn) == 0 {
                t.push("!");
            }
            t.push(", ").list(w & 0xff);
            t.done()
        }
        0b11010 | 0b11011 => match (w >> 8) & 15 {
            14 => {
                let mut t = Text::new(&format!("udf{c}"));
                t.push("\t").imm(i64::from(w & 0xff));
                t.flow = Flow::Trap;
                t.done()
            }
            15 => {
                let mut t = Text::new(&format!("svc{c}"));
                t.push("\t").num(i64::from(w & 0xff));
                t.flow = Flow::Trap;
                t.done()
            }
            cond => {
                let mut t = Text::new(&format!("b{}.n", reg_cond(cond)));
                t.push("\t");
                t.target(
                    cx,
                    pc.wrapping_add((sext(w & 0xff, 8) * 2) as u64),
                    Flow::CondJump,
                );
                unpredictable(&mut t, cx);
                t.done()
            }
        },
        0b11100 => {
            let mut t = Text::new(&format!("b{c}.n"));
            t.push("\t");
            let flow = if cx.cond.is_some() {
                Flow::CondJump
            } else {
                Flow::Jump
            };
            t.target(cx, pc.wrapping_add((sext(w & 0x7ff, 11) * 2) as u64), flow);
            if !cx.last {
                t.push("\t@ unpredictable branch in IT block\n");
            }
            t.done()
        }
        _ => undefined16(w),
    }
}

/// GNU's `%X`: a note on instructions that may not be conditional inside an IT block.
fn unpredictable(t: &mut Text, cx: &Ctx<'_>) {
    if let Some(c) = cx.cond {
        let _ = write!(t.s, "\t@ unpredictable <IT:{}>", reg_cond(c));
    }
}

fn undefined16(w: u32) -> Out {
    Out {
        text: format!("\t\t@ <UNDEFINED> instruction: 0x{w:04x}"),
        flow: Flow::Invalid,
        target: None,
    }
}

/// 16-bit Thumb `1011 xxxx xxxx xxxx`: stack adjustment, cbz, extends, push/pop, hints, IT.
fn t16_misc(w: u32, cx: &Ctx<'_>) -> Out {
    let c = cx.c();
    let lo = |k: u32| (w >> k) & 7;
    let two = |mn: &str| {
        let mut t = Text::new(&format!("{mn}{c}"));
        t.push("\t").reg(lo(0)).push(", ").reg(lo(3));
        t.done()
    };
    match (w >> 8) & 15 {
        0 => {
            let mn = if w & 0x80 == 0 { "add" } else { "sub" };
            let mut t = Text::new(&format!("{mn}{c}"));
            t.push("\tsp, ").imm(i64::from((w & 0x7f) << 2));
            t.done()
        }
        1 | 3 | 9 | 11 => {
            let mn = if w & 0x800 == 0 { "cbz" } else { "cbnz" };
            let mut t = Text::new(mn);
            t.push("\t").reg(lo(0)).push(", ");
            let off = ((w >> 3) & 0x1f) << 1 | ((w >> 9) & 1) << 6;
            t.target(cx, cx.addr.wrapping_add(4 + u64::from(off)), Flow::CondJump);
            unpredictable(&mut t, cx);
            t.done()
        }
        2 => two(pick(&["sxth", "sxtb", "uxth", "uxtb"], w >> 6)),
        4 | 5 | 12 | 13 => {
            let pop = w & 0x800 != 0;
            let mut mask = w & 0xff;
            if w & 0x100 != 0 {
                mask |= if pop { 1 << 15 } else { 1 << 14 };
            }
            let mut t = Text::new(&format!("{}{c}", if pop { "pop" } else { "push" }));
            t.push("\t").list(mask);
            if pop && mask & (1 << 15) != 0 {
                t.flow = Flow::Return;
            }
            t.done()
        }
        6 => match w & 0xff {
            0x50 | 0x58 => {
                let mut t = Text::new("setend");
                t.push(if w & 8 != 0 { "\tbe" } else { "\tle" });
                unpredictable(&mut t, cx);
                t.done()
            }
            0x10 | 0x18 => {
                let mut t = Text::new("setpan");
                let _ = write!(t.s, "\t#{}", (w >> 3) & 1);
                t.done()
            }
            0x60..=0x77 if w & 8 == 0 => {
                let mut t = Text::new(if w & 0x10 == 0 { "cpsie" } else { "cpsid" });
                t.push("\t");
                for (b, ch) in [(4, "a"), (2, "i"), (1, "f")] {
                    if w & b != 0 {
                        t.push(ch);
                    }
                }
                unpredictable(&mut t, cx);
                t.done()
            }
            _ => undefined16(w),
        },
        10 => match (w >> 6) & 3 {
            0 => two("rev"),
            1 => two("rev16"),
            3 => two("revsh"),
            _ => {
                let mut t = Text::new("hlt");
                let _ = write!(t.s, "\t0x{:04x}", w & 0x3f);
                t.flow = Flow::Trap;
                t.done()
            }
        },
        14 => {
            let mut t = Text::new("bkpt");
            let _ = write!(t.s, "\t0x{:04x}", w & 0xff);
            t.flow = Flow::Trap;
            t.done()
        }
        15 if w & 0xf != 0 => {
            let mut t = Text::new("it");
            let mut tmp = w << 1;
            while tmp & 0xf != 0 {
                t.push(if (w ^ tmp) & 0x10 != 0 { "e" } else { "t" });
                tmp <<= 1;
            }
            t.push("\t").push(reg_cond((w >> 4) & 15));
            unpredictable(&mut t, cx);
            t.done()
        }
        15 => {
            let hint = match (w >> 4) & 15 {
                0 => "nop",
                1 => "yield",
                2 => "wfe",
                3 => "wfi",
                4 => "sev",
                5 => "sevl",
                _ => "",
            };
            if hint.is_empty() {
                let mut t = Text::new(&format!("nop{c}"));
                t.push("\t{").num(i64::from((w >> 4) & 15)).push("}");
                t.done()
            } else {
                Text::new(&format!("{hint}{c}")).done()
            }
        }
        _ => undefined16(w),
    }
}

/// Thumb-2's modified immediate (`i:imm3:imm8`).
fn t32_modimm(w: u32) -> u32 {
    let bits = (w & 0xff) | ((w & 0x7000) >> 4) | ((w & 0x0400_0000) >> 15);
    let imm8 = bits & 0xff;
    match bits >> 8 {
        0 => imm8,
        1 => (imm8 << 16) | imm8,
        2 => (imm8 << 24) | (imm8 << 8),
        3 => (imm8 << 24) | (imm8 << 16) | (imm8 << 8) | imm8,
        _ => (imm8 | 0x80).rotate_right((bits >> 7) & 31),
    }
}

/// GNU's `%S`: a register with its immediate shift.
fn t32_shifted(t: &mut Text, w: u32) {
    t.reg(w & 15);
    let imm = ((w >> 6) & 3) | ((w >> 10) & 0x1c);
    match ((w >> 4) & 3, imm) {
        (0, 0) => {}
        (0, n) => {
            let _ = write!(t.s, ", lsl #{n}");
        }
        (1, n) | (2, n) => {
            let mn = if (w >> 4) & 3 == 1 { "lsr" } else { "asr" };
            let _ = write!(t.s, ", {mn} #{}", if n == 0 { 32 } else { n });
        }
        (_, 0) => {
            t.push(", rrx");
        }
        (_, n) => {
            let _ = write!(t.s, ", ror #{n}");
        }
    }
}

/// A Thumb-2 data-processing instruction up to its last operand (`add.w\tr0, r1, `), with
/// GNU's aliases (`mov`, `mvn`, `tst`, `teq`, `cmn`, `cmp`) and `.w` where a 16-bit form exists.
fn t32_dp(w: u32, c: &str) -> Option<Text> {
    let rn = (w >> 16) & 15;
    let rd = (w >> 8) & 15;
    let flags = w & (1 << 20) != 0;
    // (name, wide, operands before the last: 0 rd and rn, 1 rn, 2 rd)
    let (mn, wide, form) = match (w >> 21) & 15 {
        0 if rd == 15 && flags => ("tst", true, 1),
        0 => ("and", true, 0),
        1 => ("bic", true, 0),
        2 if rn == 15 => ("mov", true, 2),
        2 => ("orr", true, 0),
        3 if rn == 15 => ("mvn", true, 2),
        3 => ("orn", false, 0),
        4 if rd == 15 && flags => ("teq", false, 1),
        4 => ("eor", true, 0),
        8 if rd == 15 && flags => ("cmn", true, 1),
        8 => ("add", true, 0),
        10 => ("adc", true, 0),
        11 => ("sbc", true, 0),
        13 if rd == 15 && flags => ("cmp", true, 1),
        13 => ("sub", true, 0),
        14 => ("rsb", false, 0),
        _ => return None,
    };
    let sfx = if form == 1 || !flags { "" } else { "s" };
    let w_ = if wide { ".w" } else { "" };
    let mut t = Text::new(&format!("{mn}{sfx}{c}{w_}"));
    t.push("\t");
    match form {
        1 => t.reg(rn),
        2 => t.reg(rd),
        _ => t.reg(rd).push(", ").reg(rn),
    };
    t.push(", ");
    Some(t)
}

/// Memory barrier option names (`dmb ish`).
fn barrier(opt: u32) -> String {
    let name = match opt {
        15 => "sy",
        14 => "st",
        13 => "ld",
        11 => "ish",
        10 => "ishst",
        9 => "ishld",
        7 => "nsh",
        6 => "nshst",
        5 => "nshld",
        3 => "osh",
        2 => "oshst",
        1 => "oshld",
        n => return format!("#{n}"),
    };
    name.to_owned()
}

impl Arm {
    /// A 32-bit Thumb instruction (`w`: first halfword in the high half).
    fn t32(&self, w: u32, cx: &Ctx<'_>, raw: &[u8]) -> Out {
        if w >> 28 == 14 {
            if let Some(o) = vfp(w, cx, cx.c(), 4) {
                return o;
            }
        }
        t32_core(w, cx).unwrap_or_else(|| self.fallback(raw, w, cx))
    }
}

/// The 32-bit Thumb instructions printed from their fields.
fn t32_core(w: u32, cx: &Ctx<'_>) -> Option<Out> {
    let c = cx.c();
    let rn = (w >> 16) & 15;
    let rd = (w >> 8) & 15;
    let rt = (w >> 12) & 15;
    let rm = w & 15;
    let s = if w & (1 << 20) != 0 { "s" } else { "" };
    let pc = cx.addr.wrapping_add(4);
    let hw1 = w >> 16;
    // Branches and miscellaneous control.
    if hw1 & 0xf800 == 0xf000 && w & 0x8000 != 0 {
        let sgn = (w >> 26) & 1;
        let j1 = (w >> 13) & 1;
        let j2 = (w >> 11) & 1;
        match (w >> 12) & 5 {
            5 | 4 | 1 => {
                let i1 = !(j1 ^ sgn) & 1;
                let i2 = !(j2 ^ sgn) & 1;
                let off = (sgn << 24)
                    | (i1 << 23)
                    | (i2 << 22)
                    | ((w & 0x03ff_0000) >> 4)
                    | ((w & 0x7ff) << 1);
                let off = sext(off, 25);
                let (mn, flow, target) = match (w >> 12) & 5 {
                    5 => ("bl", Flow::Call, pc.wrapping_add(off as u64)),
                    4 => {
                        if w & 1 != 0 {
                            return None;
                        }
                        ("blx", Flow::Call, (pc & !3).wrapping_add(off as u64))
                    }
                    _ => {
                        let f = if cx.cond.is_some() {
                            Flow::CondJump
                        } else {
                            Flow::Jump
                        };
                        ("b", f, pc.wrapping_add(off as u64))
                    }
                };
                let mn = if mn == "b" {
                    format!("b{c}.w")
                } else {
                    format!("{mn}{c}")
                };
                let mut t = Text::new(&mn);
                t.push("\t").target(cx, target, flow);
                if !cx.last {
                    t.push("\t@ unpredictable branch in IT block\n");
                }
                return Some(t.done());
            }
            _ if (w >> 23) & 7 != 7 => {
                let off = (sgn << 20)
                    | (j2 << 19)
                    | (j1 << 18)
                    | ((w & 0x003f_0000) >> 4)
                    | ((w & 0x7ff) << 1);
                let off = sext(off, 21);
                let mut t = Text::new(&format!("b{}.w", reg_cond((w >> 22) & 15)));
                t.push("\t")
                    .target(cx, pc.wrapping_add(off as u64), Flow::CondJump);
                unpredictable(&mut t, cx);
                return Some(t.done());
            }
            _ => {
                // dsb/dmb/isb
                if w & 0xffff_ffc0 == 0xf3bf_8f40 {
                    let mn = match (w >> 4) & 3 {
                        0 => "dsb",
                        1 => "dmb",
                        2 => "isb",
                        _ => return None,
                    };
                    let mut t = Text::new(&format!("{mn}{c}"));
                    t.push("\t").push(&barrier(w & 15));
                    return Some(t.done());
                }
                return None;
            }
        }
    }
    // Data processing, modified immediate.
    if hw1 & 0xfa00 == 0xf000 && w & 0x8000 == 0 {
        let mut t = t32_dp(w, c)?;
        t.imm(i64::from(t32_modimm(w)));
        return Some(t.done());
    }
    // Data processing, plain binary immediate.
    if hw1 & 0xfa00 == 0xf200 && w & 0x8000 == 0 {
        let imm12 = (w & 0xff) | ((w & 0x7000) >> 4) | ((w & 0x0400_0000) >> 15);
        let lsb = ((w >> 6) & 3) | ((w >> 10) & 0x1c);
        let mut t;
        match (w >> 20) & 31 {
            0 | 10 => {
                t = Text::new(&format!(
                    "{}{c}",
                    if w & (1 << 23) == 0 { "addw" } else { "subw" }
                ));
                t.push("\t")
                    .reg(rd)
                    .push(", ")
                    .reg(rn)
                    .push(", ")
                    .imm(i64::from(imm12));
            }
            4 | 12 => {
                let imm = imm12 | ((w >> 4) & 0xf000);
                t = Text::new(&format!(
                    "{}{c}",
                    if w & (1 << 23) == 0 { "movw" } else { "movt" }
                ));
                t.push("\t").reg(rd).push(", ").imm(i64::from(imm));
            }
            20 | 22 | 28 if w & 0x0400_0020 != 0 => return Some(undefined32(w)),
            20 | 28 => {
                t = Text::new(&format!(
                    "{}{c}",
                    if w & (1 << 23) == 0 { "sbfx" } else { "ubfx" }
                ));
                t.push("\t").reg(rd).push(", ").reg(rn);
                let _ = write!(t.s, ", #{lsb}, #{}", (w & 31) + 1);
            }
            22 => {
                let msb = w & 31;
                if rn == 15 {
                    t = Text::new(&format!("bfc{c}"));
                    t.push("\t").reg(rd);
                } else {
                    t = Text::new(&format!("bfi{c}"));
                    t.push("\t").reg(rd).push(", ").reg(rn);
                }
                let _ = write!(t.s, ", #{lsb}, #{}", (msb + 1).wrapping_sub(lsb));
            }
            _ => return None,
        }
        return Some(t.done());
    }
    // Load/store multiple.
    if hw1 & 0xfe40 == 0xe800 {
        let load = w & (1 << 20) != 0;
        let wb = if w & (1 << 21) != 0 { "!" } else { "" };
        let mn = match ((w >> 23) & 3, load) {
            (1, false) => format!("stmia{c}.w"),
            (1, true) => format!("ldmia{c}.w"),
            (2, false) => format!("stmdb{c}"),
            (2, true) => format!("ldmdb{c}"),
            _ => return None,
        };
        let mut t = Text::new(&mn);
        t.push("\t").reg(rn).push(wb).push(", ").list(w & 0xffff);
        if load && w & 0x8000 != 0 {
            t.flow = Flow::Return;
        }
        return Some(t.done());
    }
    // Load/store dual, exclusive, table branch.
    if hw1 & 0xfe40 == 0xe840 {
        let p = w & (1 << 24) != 0;
        let wbit = w & (1 << 21) != 0;
        let load = w & (1 << 20) != 0;
        if p || wbit {
            let mut t = Text::new(&format!("{}{c}", if load { "ldrd" } else { "strd" }));
            t.push("\t").reg(rt).push(", ").reg(rd).push(", [").reg(rn);
            let off = (w & 0xff) * 4;
            let minus = if w & (1 << 23) == 0 { "-" } else { "" };
            if p {
                if off == 0 && minus.is_empty() && !wbit {
                    t.push("]");
                } else {
                    let _ = write!(t.s, ", #{minus}{off}]");
                    t.comment = i64::from(off);
                    if wbit {
                        t.push("!");
                    }
                }
            } else {
                let _ = write!(t.s, "], #{minus}{off}");
                t.comment = i64::from(off);
            }
            if rn == 15 {
                let o = if minus.is_empty() {
                    i64::from(off)
                } else {
                    -i64::from(off)
                };
                t.push("\t@ ")
                    .addr(cx, (cx.addr & !3).wrapping_add(4).wrapping_add(o as u64));
                t.comment = i64::from(off);
            }
            return Some(t.done());
        }
        match (w >> 20) & 0xf {
            4 | 5 if w & 0xff == 0 || (w >> 20) & 0xf == 5 => {
                let mut t;
                if load {
                    if w & 0xf00 != 0xf00 {
                        return None;
                    }
                    t = Text::new(&format!("ldrex{c}"));
                    t.push("\t").reg(rt).push(", [").reg(rn);
                } else {
                    t = Text::new(&format!("strex{c}"));
                    t.push("\t").reg(rd).push(", ").reg(rt).push(", [").reg(rn);
                }
                if w & 0xff != 0 {
                    t.push(", ").imm(i64::from((w & 0xff) * 4));
                }
                t.push("]");
                return Some(t.done());
            }
            0xd if w & 0xffe0 == 0xf000 => {
                let h = w & 0x10 != 0;
                let mut t = Text::new(&format!("{}{c}", if h { "tbh" } else { "tbb" }));
                t.push("\t[").reg(rn).push(", ").reg(rm);
                t.push(if h { ", lsl #1]" } else { "]" });
                t.flow = Flow::Jump;
                if !cx.last {
                    t.push("\t@ unpredictable branch in IT block\n");
                }
                return Some(t.done());
            }
            0xd if w & 0xfef == 0xf4f => {
                let mn = if w & 0x10 != 0 { "ldrexh" } else { "ldrexb" };
                let mut t = Text::new(&format!("{mn}{c}"));
                t.push("\t").reg(rt).push(", [").reg(rn).push("]");
                return Some(t.done());
            }
            0xc if w & 0xfe0 == 0xf40 => {
                let mn = if w & 0x10 != 0 { "strexh" } else { "strexb" };
                let mut t = Text::new(&format!("{mn}{c}"));
                t.push("\t")
                    .reg(rm)
                    .push(", ")
                    .reg(rt)
                    .push(", [")
                    .reg(rn)
                    .push("]");
                return Some(t.done());
            }
            _ => return None,
        }
    }
    // Data processing, shifted register.
    if hw1 & 0xfe00 == 0xea00 && w & 0x8000 != 0 {
        return Some(undefined32(w));
    }
    if hw1 & 0xfe00 == 0xea00 {
        let mut t = t32_dp(w, c)?;
        t32_shifted(&mut t, w);
        return Some(t.done());
    }
    // Register shifts, extends, misc (clz, rev).
    if hw1 & 0xff80 == 0xfa00 && w & 0xf0f0 == 0xf000 {
        let mn = pick(&["lsl", "lsr", "asr", "ror"], w >> 21);
        let mut t = Text::new(&format!("{mn}{s}{c}.w"));
        t.push("\t").reg(rd).push(", ").reg(rn).push(", ").reg(rm);
        return Some(t.done());
    }
    if hw1 & 0xff80 == 0xfa00 && w & 0xf000 == 0xf000 && w & 0xc0 != 0x80 && w & 0xf0 != 0 {
        return Some(undefined32(w));
    }
    if hw1 & 0xff80 == 0xfa00 && w & 0xf0c0 == 0xf080 {
        let op = (w >> 20) & 7;
        let names = ["sxth", "uxth", "sxtb16", "uxtb16", "sxtb", "uxtb", "", ""];
        let base = names.get(op as usize).copied().unwrap_or("");
        if base.is_empty() {
            return None;
        }
        let mut t;
        if rn == 15 {
            let w_ = if base.ends_with("16") { "" } else { ".w" };
            t = Text::new(&format!("{base}{c}{w_}"));
            t.push("\t").reg(rd).push(", ").reg(rm);
        } else {
            let mn = format!(
                "{}a{}",
                base.get(..3).unwrap_or(""),
                base.get(3..).unwrap_or("")
            );
            t = Text::new(&format!("{mn}{c}"));
            t.push("\t").reg(rd).push(", ").reg(rn).push(", ").reg(rm);
        }
        let rot = (w >> 4) & 3;
        if rot != 0 {
            let _ = write!(t.s, ", ror #{}", rot * 8);
        }
        return Some(t.done());
    }
    if hw1 & 0xfff0 == 0xfab0 && w & 0xf0f0 == 0xf080 {
        let mut t = Text::new(&format!("clz{c}"));
        t.push("\t").reg(rd).push(", ").reg(rn);
        return Some(t.done());
    }
    if hw1 & 0xfff0 == 0xfa90 && w & 0xf0c0 == 0xf080 {
        let mn = pick(&["rev", "rev16", "rbit", "revsh"], w >> 4);
        let w_ = if mn == "rbit" { "" } else { ".w" };
        let mut t = Text::new(&format!("{mn}{c}{w_}"));
        t.push("\t").reg(rd).push(", ").reg(rn);
        return Some(t.done());
    }
    // Multiplies and divides.
    if hw1 & 0xff80 == 0xfb00 && w & 0xf0 == 0 {
        let op = (w >> 20) & 7;
        let mut t;
        match (op, rt, (w >> 4) & 15) {
            (0, 15, 0) => {
                t = Text::new(&format!("mul{c}.w"));
                t.push("\t").reg(rd).push(", ").reg(rn).push(", ").reg(rm);
            }
            (0, _, 0) => {
                t = Text::new(&format!("mla{c}"));
                t.push("\t")
                    .reg(rd)
                    .push(", ")
                    .reg(rn)
                    .push(", ")
                    .reg(rm)
                    .push(", ")
                    .reg(rt);
            }
            _ => return None,
        }
        return Some(t.done());
    }
    if hw1 & 0xfff0 == 0xfb00 && w & 0xf0 == 0x10 {
        let mut t = Text::new(&format!("mls{c}"));
        t.push("\t")
            .reg(rd)
            .push(", ")
            .reg(rn)
            .push(", ")
            .reg(rm)
            .push(", ")
            .reg(rt);
        return Some(t.done());
    }
    if hw1 & 0xff80 == 0xfb80 {
        let op = (w >> 20) & 7;
        let op2 = (w >> 4) & 15;
        let mn = match (op, op2) {
            (0, 0) => "smull",
            (2, 0) => "umull",
            (4, 0) => "smlal",
            (6, 0) => "umlal",
            (1, 15) => "sdiv",
            (3, 15) => "udiv",
            _ => return None,
        };
        let mut t = Text::new(&format!("{mn}{c}"));
        if op2 == 15 {
            t.push("\t").reg(rd).push(", ").reg(rn).push(", ").reg(rm);
        } else {
            t.push("\t")
                .reg(rt)
                .push(", ")
                .reg(rd)
                .push(", ")
                .reg(rn)
                .push(", ")
                .reg(rm);
        }
        return Some(t.done());
    }
    // Single loads and stores.
    if hw1 & 0xfe00 == 0xf800 {
        let load = w & (1 << 20) != 0;
        let signed = w & (1 << 24) != 0;
        let size = (w >> 21) & 3;
        let op = (w >> 8) & 15;
        if !load && signed {
            return None;
        }
        let width = match (size, signed) {
            (0, false) => "b",
            (0, true) => "sb",
            (1, false) => "h",
            (1, true) => "sh",
            (2, false) => "",
            _ => "??",
        };
        let up = w & (1 << 23) != 0;
        let hint = match (load && rt == 15, size, signed) {
            (true, 0, false) => Some("pld"),
            (true, 1, false) => Some("pldw"),
            (true, 0, true) => Some("pli"),
            _ => None,
        };
        if let Some(mn) = hint {
            // Preload hints.
            let mut t = Text::new(&format!("{mn}{c}")).arm();
            t.push("\t");
            t32_addr(&mut t, w, cx);
            if !up && rn != 15 && op == 0xc {
                t.comment = -i64::from(w & 0xff);
            }
            return Some(t.done());
        }
        let unpriv = !up && rn != 15 && op == 0xe;
        let mn = if unpriv {
            format!("{}{width}t{c}", if load { "ldr" } else { "str" })
        } else {
            format!("{}{width}{c}.w", if load { "ldr" } else { "str" })
        };
        let mut t = Text::new(&mn);
        t.push("\t").reg(rt).push(", ");
        if !t32_addr(&mut t, w, cx) {
            return None;
        }
        if load && rt == 15 {
            t.flow = if rn == 13 { Flow::Return } else { Flow::Jump };
        }
        return Some(t.done());
    }
    // Coprocessor instructions.
    if hw1 & 0xef00 == 0xee00 && w & 0x10 != 0 && (w >> 9) & 7 != 5 {
        let two = if hw1 & 0x1000 != 0 { "2" } else { "" };
        return Some(copro_xfer(w, &format!("{two}{c}")));
    }
    if hw1 & 0xec00 == 0xec00 {
        let two = if hw1 & 0x1000 != 0 { "2" } else { "" };
        return copro_generic(w, two, c, cx, false);
    }
    None
}

/// GNU's `%a` for a 32-bit Thumb load/store; false for GNU's `<undefined>` forms.
fn t32_addr(t: &mut Text, w: u32, cx: &Ctx<'_>) -> bool {
    let rn = (w >> 16) & 15;
    let up = w & (1 << 23) != 0;
    let op = (w >> 8) & 15;
    let i12 = i64::from(w & 0xfff);
    let i8 = i64::from(w & 0xff);
    t.push("[").reg(rn);
    let (off, wb, post) = if up {
        if rn != 15 {
            t.comment = i12;
        }
        (i12, false, false)
    } else if rn == 15 {
        (-i12, false, false)
    } else {
        match op {
            0 => {
                t.push(", ").reg(w & 15);
                let sh = (w >> 4) & 3;
                if sh != 0 {
                    let _ = write!(t.s, ", lsl #{sh}");
                }
                t.push("]");
                return true;
            }
            0xe => (i8, false, false),
            0xc => (-i8, false, false),
            0xf => (i8, true, false),
            0xd => (-i8, true, false),
            0xb => (i8, false, true),
            0x9 => (-i8, false, true),
            _ => return false,
        }
    };
    if post {
        let _ = write!(t.s, "], #{off}");
    } else {
        if off != 0 {
            let _ = write!(t.s, ", #{off}");
        }
        t.push(if wb { "]!" } else { "]" });
    }
    if rn == 15 {
        t.push("\t@ ");
        let a = (cx.addr.wrapping_add(4) & !3).wrapping_add(off as u64);
        cx.res.address(a & 0xffff_ffff, &mut t.s);
    }
    true
}

impl Arm {
    /// An A32 instruction.
    fn a32(&self, w: u32, cx: &Ctx<'_>, raw: &[u8]) -> Out {
        let c = if w >> 28 == 14 { "" } else { reg_cond(w >> 28) };
        if w >> 28 != 15 {
            if let Some(o) = vfp(w, cx, c, 8) {
                return o;
            }
        }
        a32_core(w, cx, false).unwrap_or_else(|| {
            let out = self.fallback(raw, w, cx);
            // GNU takes what is left of `tst`/`cmp`/`cmn` without the S bit as those.
            match (out.flow, a32_core(w, cx, true)) {
                (Flow::Invalid, Some(o)) => o,
                _ => out,
            }
        })
    }
}

/// VFP loads, stores and register transfers (the same words in A32 and T32; `c` is the
/// condition suffix, `pcoff` 8 in A32 and 4 in T32).
fn vfp(w: u32, cx: &Ctx<'_>, c: &str, pcoff: u64) -> Option<Out> {
    let dreg = |v: u32, hi: u32| (v & 15) | ((hi & 1) << 4);
    let sreg = |v: u32, lo: u32| ((v & 15) << 1) | (lo & 1);
    let rn = (w >> 16) & 15;
    if w & 0x0fff_ffff == 0x0ef1_fa10 {
        return Some(Text::new(&format!("vmrs{c}\tAPSR_nzcv, fpscr")).done());
    }
    if w & 0x0fff_0fff == 0x0ef1_0a10 || w & 0x0fff_0fff == 0x0ee1_0a10 {
        let mut t;
        if w & (1 << 20) != 0 {
            t = Text::new(&format!("vmrs{c}"));
            t.push("\t").reg(w >> 12).push(", fpscr");
        } else {
            t = Text::new(&format!("vmsr{c}"));
            t.push("\tfpscr, ").reg(w >> 12);
        }
        return Some(t.done());
    }
    // vcmp{e} with #0.0, vmov with an immediate.
    let vreg = |dbl: bool| {
        if dbl {
            format!("d{}", dreg(w >> 12, w >> 22))
        } else {
            format!("s{}", sreg(w >> 12, w >> 22))
        }
    };
    let sz = if w & 0x100 != 0 { "f64" } else { "f32" };
    if w & 0x0fbf_0e70 == 0x0eb5_0a40 {
        let e = if w & 0x80 != 0 { "e" } else { "" };
        let text = format!("vcmp{e}{c}.{sz}\t{}, #0.0", vreg(w & 0x100 != 0));
        return Some(Text::new(&text).done());
    }
    if w & 0x0fb0_0ef0 == 0x0eb0_0a00 {
        let v = ((w >> 12) & 0xf0) | (w & 15);
        let bits = ((v & 0x80) << 24)
            | ((v & 0x3f) << 19)
            | if v & 0x40 != 0 { 0xf8 << 22 } else { 1 << 30 };
        let dec =
            (78125u64 << (((bits >> 23) & 0xff).saturating_sub(124))) * u64::from(16 + (v & 15));
        let sign = if v & 0x80 != 0 { '-' } else { ' ' };
        let frac = if dec % 1_000_000 == 0 {
            format!("{}", dec % 10_000_000 / 1_000_000)
        } else if dec % 10_000 == 0 {
            format!("{:03}", dec % 10_000_000 / 10_000)
        } else {
            format!("{:07}", dec % 10_000_000)
        };
        let text = format!(
            "vmov{c}.{sz}\t{}, #{v}\t@ 0x{bits:08x} {sign}{}.{frac}",
            vreg(w & 0x100 != 0),
            dec / 10_000_000
        );
        return Some(Text::new(&text).done());
    }
    if w & 0x0e00_0e00 != 0x0c00_0a00 {
        return None;
    }
    let double = w & 0x100 != 0;
    let p = w & (1 << 24) != 0;
    let up = w & (1 << 23) != 0;
    let wb = w & (1 << 21) != 0;
    let load = w & (1 << 20) != 0;
    let vd = if double {
        format!("d{}", dreg(w >> 12, w >> 22))
    } else {
        format!("s{}", sreg(w >> 12, w >> 22))
    };
    let list = |t: &mut Text| {
        let count = if double { (w & 0xff) >> 1 } else { w & 0xff };
        let first = if double {
            dreg(w >> 12, w >> 22)
        } else {
            sreg(w >> 12, w >> 22)
        };
        let k = if double { 'd' } else { 's' };
        let _ = write!(t.s, "{{{k}{first}");
        if count > 1 {
            let _ = write!(t.s, "-{k}{}", first + count - 1);
        }
        t.push("}");
    };
    if double && w & 1 != 0 && (!p || wb) {
        return None;
    }
    let mut t;
    if p && !wb {
        t = Text::new(&format!("{}{c}", if load { "vldr" } else { "vstr" })).arm();
        t.push("\t").push(&vd).push(", [").reg(rn);
        let off = i64::from(w & 0xff) * 4;
        let off = if up { off } else { -off };
        if off != 0 {
            let _ = write!(t.s, ", #{off}");
        } else if !up {
            t.push(", #-0");
        }
        t.push("]");
        if rn == 15 {
            t.push("\t@ ");
            let base = (cx.addr & !3).wrapping_add(pcoff);
            t.addr(cx, base.wrapping_add(off as u64));
        } else {
            t.comment = off;
        }
        return Some(t.done());
    }
    let mn = match (p, up, wb, load, rn) {
        (true, false, true, false, 13) => "vpush",
        (false, true, true, true, 13) => "vpop",
        (true, false, true, false, _) => "vstmdb",
        (true, false, true, true, _) => "vldmdb",
        (false, true, _, false, _) => "vstmia",
        (false, true, _, true, _) => "vldmia",
        _ => return None,
    };
    t = Text::new(&format!("{mn}{c}"));
    t.push("\t");
    if !matches!(mn, "vpush" | "vpop") {
        t.reg(rn);
        if wb {
            t.push("!");
        }
        t.push(", ");
    }
    list(&mut t);
    Some(t.done())
}

/// GNU's `arm_decode_shift`: `rm`, `rm, lsl #n`, `rm, lsl rs`, `rm, rrx`.
fn a32_shift(t: &mut Text, w: u32, print_shift: bool) {
    t.reg(w & 15);
    if w & 0xff0 == 0 {
        return;
    }
    let kind = pick(&["lsl", "lsr", "asr", "ror"], w >> 5);
    if w & 0x10 == 0 {
        let mut amount = (w >> 7) & 31;
        if amount == 0 {
            if (w >> 5) & 3 == 3 {
                t.push(", rrx");
                return;
            }
            amount = 32;
        }
        if print_shift {
            let _ = write!(t.s, ", {kind} #{amount}");
        } else {
            let _ = write!(t.s, ", #{amount}");
        }
    } else if w & 0x80 != 0 {
        t.push("\t@ <illegal shifter operand>");
    } else if print_shift {
        let _ = write!(t.s, ", {kind} {}", reg(w >> 8));
    } else {
        let _ = write!(t.s, ", {}", reg(w >> 8));
    }
}

/// GNU's `%o`: a data-processing operand 2.
fn a32_op2(t: &mut Text, w: u32) {
    if w & (1 << 25) != 0 {
        let rotate = (w >> 7) & 0x1e;
        let immed = w & 0xff;
        let a = immed.rotate_right(rotate);
        let smallest = (0..32).step_by(2).find(|&i| a.rotate_left(i) <= 0xff);
        if smallest != Some(rotate) {
            let _ = write!(t.s, "#{immed}, {rotate}");
        } else {
            let _ = write!(t.s, "#{}", a as i32);
        }
        t.comment = i64::from(a as i32);
    } else {
        a32_shift(t, w, true);
    }
}

/// GNU's `print_arm_address` (word and byte loads and stores); returns the address
/// of a pc-relative access after writing it.
fn a32_addr(t: &mut Text, w: u32, cx: &Ctx<'_>) {
    let pre = w & (1 << 24) != 0;
    let neg = w & (1 << 23) == 0;
    let wb = w & (1 << 21) != 0;
    let imm = w & (1 << 25) == 0;
    let rn = (w >> 16) & 15;
    let m = if neg { "-" } else { "" };
    let offset = i64::from(w & 0xfff);
    if rn == 15 && imm {
        t.push("[pc");
        let target = if pre {
            if wb || neg || offset != 0 {
                let _ = write!(t.s, ", #{m}{offset}");
            }
            t.push(if wb { "]!" } else { "]" });
            let o = if neg { -offset } else { offset };
            cx.addr.wrapping_add(8).wrapping_add(o as u64)
        } else {
            let _ = write!(t.s, "], #{m}{offset}");
            cx.addr.wrapping_add(8)
        };
        t.push("\t@ ").addr(cx, target);
        return;
    }
    t.push("[").reg(rn);
    let mut off = 0;
    if pre {
        if imm {
            off = offset;
            if wb || neg || offset != 0 {
                let _ = write!(t.s, ", #{m}{offset}");
            }
        } else {
            let _ = write!(t.s, ", {m}");
            a32_shift(t, w, true);
        }
        t.push(if wb { "]!" } else { "]" });
    } else if imm {
        off = offset;
        let _ = write!(t.s, "], #{m}{offset}");
    } else {
        let _ = write!(t.s, "], {m}");
        a32_shift(t, w, true);
    }
    t.comment = if neg { -off } else { off };
}

/// GNU's `%s`: the address of a halfword, signed-byte or doubleword load/store.
fn a32_addr3(t: &mut Text, w: u32, cx: &Ctx<'_>) {
    let pre = w & (1 << 24) != 0;
    let neg = w & (1 << 23) == 0;
    let wb = w & (1 << 21) != 0;
    let imm = w & (1 << 22) != 0;
    let rn = (w >> 16) & 15;
    let m = if neg { "-" } else { "" };
    let offset = i64::from(((w >> 4) & 0xf0) | (w & 0xf));
    if rn == 15 && imm {
        if pre {
            if offset != 0 || neg {
                let _ = write!(t.s, "[pc, #{m}{offset}]");
            } else {
                t.push("[pc]");
            }
            let o = if neg { -offset } else { offset };
            t.push("\t@ ")
                .addr(cx, cx.addr.wrapping_add(8).wrapping_add(o as u64));
        } else {
            let _ = write!(t.s, "[pc], #{m}{offset}");
        }
        return;
    }
    t.push("[").reg(rn);
    if pre {
        if imm {
            if wb || neg || offset != 0 {
                let _ = write!(t.s, ", #{m}{offset}");
            }
            t.comment = if neg { -offset } else { offset };
        } else {
            let _ = write!(t.s, ", {m}{}", reg(w & 15));
        }
        t.push(if wb { "]!" } else { "]" });
    } else if imm {
        let _ = write!(t.s, "], #{m}{offset}");
        t.comment = if neg { -offset } else { offset };
    } else {
        let _ = write!(t.s, "], {m}{}", reg(w & 15));
    }
}

/// The A32 instructions printed from their fields.
fn a32_core(w: u32, cx: &Ctx<'_>, test_s0: bool) -> Option<Out> {
    let cond = w >> 28;
    let c = if cond == 14 { "" } else { reg_cond(cond) };
    let rn = (w >> 16) & 15;
    let rd = (w >> 12) & 15;
    let rs = (w >> 8) & 15;
    let rm = w & 15;
    let s = if w & (1 << 20) != 0 { "s" } else { "" };
    let pc = cx.addr.wrapping_add(8);
    if cond == 15 {
        if w & 0xfe00_0000 == 0xfa00_0000 {
            let off = sext(w & 0xff_ffff, 24) * 4 + if w & (1 << 24) != 0 { 2 } else { 0 };
            let mut t = Text::new("blx").arm();
            t.push("\t")
                .target(cx, pc.wrapping_add(off as u64), Flow::Call);
            return Some(t.done());
        }
        if (w >> 25) & 7 == 6 || (w >> 24) & 15 == 0xe {
            if w & 0x0f00_0010 == 0x0e00_0010 {
                return Some(copro_xfer(w, "2"));
            }
            return copro_generic(w, "2", "", cx, true);
        }
        // rfe and srs: capstone ignores bits GNU requires.
        if (w >> 25) & 7 == 4 && w & 0xfe50_ffff != 0xf810_0a00 && w & 0xfe5f_ffe0 != 0xf84d_0500 {
            return Some(undefined32(w));
        }
        if w & 0xffff_ffc0 == 0xf57f_f040 {
            let mn = match (w >> 4) & 3 {
                0 => "dsb",
                1 => "dmb",
                2 => "isb",
                _ => return None,
            };
            let mut t = Text::new(mn).arm();
            t.push("\t").push(&barrier(w & 15));
            return Some(t.done());
        }
        return None;
    }
    if w == 0xe1a0_0000 {
        return Some(Text::new("nop\t\t\t@ (mov r0, r0)").arm().done());
    }
    match (w >> 25) & 7 {
        5 => {
            let link = w & (1 << 24) != 0;
            let mut t = Text::new(&format!("b{}{c}", if link { "l" } else { "" })).arm();
            let flow = match (link, cond) {
                (true, _) => Flow::Call,
                (false, 14) => Flow::Jump,
                _ => Flow::CondJump,
            };
            t.push("\t").target(
                cx,
                pc.wrapping_add((sext(w & 0xff_ffff, 24) * 4) as u64),
                flow,
            );
            return Some(t.done());
        }
        4 => {
            let load = w & (1 << 20) != 0;
            let wb = w & (1 << 21) != 0;
            let list = w & 0xffff;
            let mut t;
            if rn == 13
                && wb
                && w & (1 << 22) == 0
                && ((!load && (w >> 23) & 3 == 2) || (load && (w >> 23) & 3 == 1))
            {
                let single = list.count_ones() == 1;
                let mn = match (load, single) {
                    (false, true) => "stmfd",
                    (false, false) => "push",
                    (true, true) => "ldmfd",
                    (true, false) => "pop",
                };
                t = Text::new(&format!("{mn}{c}")).arm();
                t.push("\t");
                if single {
                    t.push("sp!, ");
                }
                t.list(list);
            } else {
                let base = if load { "ldm" } else { "stm" };
                let mode = if (w >> 23) & 3 == 1 && (load || (!wb && w & (1 << 22) == 0)) {
                    String::new()
                } else {
                    format!(
                        "{}{}",
                        if w & (1 << 23) != 0 { "i" } else { "d" },
                        if w & (1 << 24) != 0 { "b" } else { "a" }
                    )
                };
                t = Text::new(&format!("{base}{mode}{c}")).arm();
                t.push("\t").reg(rn);
                if wb {
                    t.push("!");
                }
                t.push(", ").list(list);
                if w & (1 << 22) != 0 {
                    t.push("^");
                }
                t.unpredictable = rn == 15 || list == 0;
            }
            if load && list & 0x8000 != 0 {
                t.flow = if cond == 14 {
                    Flow::Return
                } else {
                    Flow::CondJump
                };
            }
            return Some(t.done());
        }
        2 | 3 => {
            if w & (1 << 25) != 0 && w & 0x10 != 0 {
                return a32_media(w, cx);
            }
            let load = w & (1 << 20) != 0;
            let byte = w & (1 << 22) != 0;
            if w & 0x0fff_0fff == 0x052d_0004 || w & 0x0fff_0fff == 0x049d_0004 {
                let (mn, op) = if load {
                    ("pop", "ldr")
                } else {
                    ("push", "str")
                };
                let mut t = Text::new(&format!("{mn}{c}")).arm();
                let _ = write!(t.s, "\t{{{}}}\t\t@ ({op}{c} {}, ", reg(rd), reg(rd));
                a32_addr(&mut t, w, cx);
                t.push(")");
                t.comment = 0;
                if load && rd == 15 {
                    t.flow = Flow::Return;
                }
                return Some(t.done());
            }
            let tt = if w & 0x0120_0000 == 0x0020_0000 {
                "t"
            } else {
                ""
            };
            let mn = format!(
                "{}{}{tt}{c}",
                if load { "ldr" } else { "str" },
                if byte { "b" } else { "" }
            );
            let mut t = Text::new(&mn).arm();
            t.push("\t").reg(rd).push(", ");
            a32_addr(&mut t, w, cx);
            t.unpredictable = byte && rd == 15;
            if load && rd == 15 {
                t.flow = if cond == 14 {
                    Flow::Jump
                } else {
                    Flow::CondJump
                };
            }
            return Some(t.done());
        }
        0 | 1 => {}
        _ => return a32_copro(w, cx),
    }
    // bits 27..26 == 00
    if w & 0x0f90_00f0 == 0x0100_0070 && ((w >> 21) & 3 >= 2 || cond == 14) {
        let imm = ((w >> 4) & 0xfff0) | (w & 15);
        let mut t = Text::new("").arm();
        match (w >> 21) & 3 {
            0 => {
                let _ = write!(t.s, "hlt\t0x{imm:04x}");
            }
            1 => {
                let _ = write!(t.s, "bkpt\t0x{imm:04x}");
            }
            2 => {
                let _ = write!(t.s, "hvc{c}\t");
                t.num(i64::from(imm));
            }
            _ => {
                let _ = write!(t.s, "smc{c}\t");
                t.num(i64::from(imm));
            }
        }
        t.flow = Flow::Trap;
        return Some(t.done());
    }
    if w & 0x0fff_fff0 == 0x012f_ff10 || w & 0x0fff_fff0 == 0x012f_ff30 {
        let link = w & 0x20 != 0;
        let mut t = Text::new(&format!("{}{c}", if link { "blx" } else { "bx" })).arm();
        t.push("\t").reg(rm);
        t.flow = match (link, rm, cond) {
            (true, _, _) => Flow::Call,
            (false, 14, 14) => Flow::Return,
            (false, _, 14) => Flow::Jump,
            _ => Flow::CondJump,
        };
        return Some(t.done());
    }
    if w & 0x0fff_0ff0 == 0x016f_0f10 {
        let mut t = Text::new(&format!("clz{c}")).arm();
        t.push("\t").reg(rd).push(", ").reg(rm);
        return Some(t.done());
    }
    if w & 0x0fff_ff00 == 0x0320_f000 {
        let hint = match w & 0xff {
            1 => "yield",
            2 => "wfe",
            3 => "wfi",
            4 => "sev",
            5 => "sevl",
            _ => "",
        };
        if hint.is_empty() {
            let mut t = Text::new(&format!("nop{c}")).arm();
            t.push("\t{").num(i64::from(w & 0xff)).push("}");
            return Some(t.done());
        }
        return Some(Text::new(&format!("{hint}{c}")).arm().done());
    }
    if w & 0x0fb0_0000 == 0x0300_0000 {
        let mn = if w & (1 << 22) != 0 { "movt" } else { "movw" };
        let mut t = Text::new(&format!("{mn}{c}")).arm();
        t.push("\t")
            .reg(rd)
            .push(", ")
            .imm(i64::from(((w >> 4) & 0xf000) | (w & 0xfff)));
        t.unpredictable = rd == 15;
        return Some(t.done());
    }
    if w & 0x0200_0090 == 0x90 {
        let op = (w >> 5) & 3;
        if op == 0 {
            // Multiplies, swap, exclusives.
            let mut t;
            match (w >> 20) & 0xff {
                0x00 | 0x01 => {
                    t = Text::new(&format!("mul{s}{c}")).arm();
                    t.push("\t").reg(rn).push(", ").reg(rm).push(", ").reg(rs);
                }
                0x02 | 0x03 => {
                    t = Text::new(&format!("mla{s}{c}")).arm();
                    t.push("\t")
                        .reg(rn)
                        .push(", ")
                        .reg(rm)
                        .push(", ")
                        .reg(rs)
                        .push(", ")
                        .reg(rd);
                }
                0x06 => {
                    t = Text::new(&format!("mls{c}")).arm();
                    t.push("\t")
                        .reg(rn)
                        .push(", ")
                        .reg(rm)
                        .push(", ")
                        .reg(rs)
                        .push(", ")
                        .reg(rd);
                }
                0x08..=0x0f => {
                    let mn = pick(&["umull", "umlal", "smull", "smlal"], w >> 21);
                    t = Text::new(&format!("{mn}{s}{c}")).arm();
                    t.push("\t")
                        .reg(rd)
                        .push(", ")
                        .reg(rn)
                        .push(", ")
                        .reg(rm)
                        .push(", ")
                        .reg(rs);
                }
                0x19 if w & 0xfff == 0xf9f => {
                    t = Text::new(&format!("ldrex{c}")).arm();
                    let _ = write!(t.s, "\tr{rd}, [{}]", reg(rn));
                }
                0x18 if w & 0xff0 == 0xf90 => {
                    t = Text::new(&format!("strex{c}")).arm();
                    t.push("\t")
                        .reg(rd)
                        .push(", ")
                        .reg(rm)
                        .push(", [")
                        .reg(rn)
                        .push("]");
                }
                _ => return None,
            }
            return Some(t.done());
        }
        // Extra loads and stores.
        if w & 0x0120_0000 == 0x0020_0000 {
            return None;
        }
        let dual = w & (1 << 20) == 0 && op >= 2;
        if w & (1 << 22) == 0 && w & 0xf00 != 0 && !dual {
            return Some(undefined32(w));
        }
        let load = w & (1 << 20) != 0;
        let mn = match (load, op) {
            (true, 1) => "ldrh",
            (true, 2) => "ldrsb",
            (true, _) => "ldrsh",
            (false, 1) => "strh",
            (false, 2) => "ldrd",
            (false, _) => "strd",
        };
        let mut t = Text::new(&format!("{mn}{c}")).arm();
        t.push("\t").reg(rd).push(", ");
        a32_addr3(&mut t, w, cx);
        return Some(t.done());
    }
    // Data processing.
    let op = (w >> 21) & 15;
    let imm = w & (1 << 25) != 0;
    if !imm && w & 0x90 == 0x90 {
        return None;
    }
    if (8..=11).contains(&op) && w & (1 << 20) == 0 && (!test_s0 || op == 9) {
        return None;
    }
    let names = [
        "and", "eor", "sub", "rsb", "add", "adc", "sbc", "rsc", "tst", "teq", "cmp", "cmn", "orr",
        "mov", "bic", "mvn",
    ];
    let name = names.get(op as usize).copied().unwrap_or("?");
    let mut t;
    match op {
        8..=11 => {
            if rd == 15 {
                return None;
            }
            t = Text::new(&format!("{name}{c}")).arm();
            t.push("\t").reg(rn).push(", ");
            a32_op2(&mut t, w);
        }
        13 | 15 if rn != 0 && op == 13 => return Some(undefined32(w)),
        13 if !imm => {
            let sh = (w >> 5) & 3;
            if w & 0xff0 == 0 {
                t = Text::new(&format!("mov{s}{c}")).arm();
                t.push("\t").reg(rd).push(", ").reg(rm);
            } else if w & 0xff0 == 0x060 {
                t = Text::new(&format!("rrx{s}{c}")).arm();
                t.push("\t").reg(rd).push(", ").reg(rm);
            } else {
                let kind = pick(&["lsl", "lsr", "asr", "ror"], sh);
                t = Text::new(&format!("{kind}{s}{c}")).arm();
                t.push("\t").reg(rd).push(", ");
                a32_shift(&mut t, w, false);
            }
        }
        13 | 15 => {
            t = Text::new(&format!("{name}{s}{c}")).arm();
            t.push("\t").reg(rd).push(", ");
            a32_op2(&mut t, w);
        }
        _ => {
            t = Text::new(&format!("{name}{s}{c}")).arm();
            t.push("\t").reg(rd).push(", ").reg(rn).push(", ");
            a32_op2(&mut t, w);
        }
    }
    if !imm && w & 0x10 != 0 {
        t.unpredictable =
            (rd == 15 && !(8..=11).contains(&op)) || (rn == 15 && op != 13 && op != 15);
    }
    if rd == 15 && !(8..=11).contains(&op) {
        let ret = op == 13 && !imm && w & 0xfff == 14;
        t.flow = match (cond, ret) {
            (14, true) => Flow::Return,
            (14, false) => Flow::Jump,
            _ => Flow::CondJump,
        };
    }
    Some(t.done())
}

/// A32 media instructions: extends, bit fields, reverses, udf.
fn a32_media(w: u32, _cx: &Ctx<'_>) -> Option<Out> {
    // Parallel add/subtract: bits 11..8 must be ones (capstone does not check).
    if w & 0x0f80_0010 == 0x0600_0010 && w & 0xf00 != 0xf00 {
        return Some(undefined32(w));
    }
    let cond = w >> 28;
    let c = if cond == 14 { "" } else { reg_cond(cond) };
    let rn = (w >> 16) & 15;
    let rd = (w >> 12) & 15;
    let rm = w & 15;
    if w & 0xfff0_00f0 == 0xe7f0_00f0 {
        let mut t = Text::new("udf").arm();
        t.push("\t").imm(i64::from((w & 0xf) | ((w >> 4) & 0xfff0)));
        t.flow = Flow::Trap;
        return Some(t.done());
    }
    if w & 0x0f80_0070 == 0x0680_0070 && (w >> 8) & 3 == 0 {
        let names = [
            "sxtab16", "", "sxtab", "sxtah", "uxtab16", "", "uxtab", "uxtah",
        ];
        let base = names.get(((w >> 20) & 7) as usize).copied().unwrap_or("");
        if base.is_empty() {
            return None;
        }
        let mut t;
        if rn == 15 {
            let short = base.replacen("a", "", 1);
            t = Text::new(&format!("{short}{c}")).arm();
            t.push("\t").reg(rd).push(", ").reg(rm);
        } else {
            t = Text::new(&format!("{base}{c}")).arm();
            t.push("\t").reg(rd).push(", ").reg(rn).push(", ").reg(rm);
        }
        let rot = (w >> 10) & 3;
        if rot != 0 {
            let _ = write!(t.s, ", ror #{}", rot * 8);
        }
        return Some(t.done());
    }
    if w & 0x0fa0_0070 == 0x07a0_0050 {
        let mn = if w & (1 << 22) != 0 { "ubfx" } else { "sbfx" };
        let mut t = Text::new(&format!("{mn}{c}")).arm();
        t.push("\t").reg(rd).push(", ").reg(rm);
        let _ = write!(t.s, ", #{}, #{}", (w >> 7) & 31, ((w >> 16) & 31) + 1);
        return Some(t.done());
    }
    if w & 0x0fe0_0070 == 0x07c0_0010 {
        let msb = (w >> 16) & 31;
        let lsb = (w >> 7) & 31;
        let mut t = Text::new(&format!("{}{c}", if rm == 15 { "bfc" } else { "bfi" })).arm();
        t.push("\t").reg(rd);
        if rm != 15 {
            t.push(", ").reg(rm);
        }
        if msb >= lsb {
            let _ = write!(t.s, ", #{lsb}, #{}", msb - lsb + 1);
        } else {
            let _ = write!(t.s, ", (invalid: {lsb}:{msb})");
        }
        return Some(t.done());
    }
    let rev = match w & 0x0fff_0ff0 {
        0x06bf_0f30 => "rev",
        0x06bf_0fb0 => "rev16",
        0x06ff_0fb0 => "revsh",
        0x06ff_0f30 => "rbit",
        _ => return None,
    };
    let mut t = Text::new(&format!("{rev}{c}")).arm();
    t.push("\t").reg(rd).push(", ").reg(rm);
    Some(t.done())
}

/// A32 coprocessor space: `mrc`/`mcr` and `svc`.
fn a32_copro(w: u32, cx: &Ctx<'_>) -> Option<Out> {
    let cond = w >> 28;
    let c = if cond == 14 { "" } else { reg_cond(cond) };
    if w & 0x0f00_0000 == 0x0f00_0000 {
        let mut t = Text::new(&format!("svc{c}")).arm();
        let _ = write!(t.s, "\t0x{:08x}", w & 0xff_ffff);
        t.flow = Flow::Trap;
        return Some(t.done());
    }
    let _ = cx;
    if w & 0x0f00_0010 == 0x0e00_0010 && (w >> 9) & 7 != 5 {
        return Some(copro_xfer(w, c));
    }
    if cond != 15 {
        return copro_generic(w, "", c, cx, true);
    }
    None
}

/// `mrc`/`mcr` (and the `2` forms; `sfx`: the `2` and the condition).
fn copro_xfer(w: u32, sfx: &str) -> Out {
    let load = w & (1 << 20) != 0;
    let rt = (w >> 12) & 15;
    let mut t = Text::new(&format!("{}{sfx}", if load { "mrc" } else { "mcr" })).arm();
    let r = if load && rt == 15 && !sfx.starts_with('2') {
        "APSR_nzcv"
    } else {
        reg(rt)
    };
    let _ = write!(
        t.s,
        "\t{}, {}, {r}, cr{}, cr{}, {{{}}}",
        (w >> 8) & 15,
        (w >> 21) & 7,
        (w >> 16) & 15,
        w & 15,
        (w >> 5) & 7
    );
    if !load && rt == 15 {
        t.push("\t@ <UNPREDICTABLE>");
    }
    t.done()
}

/// Generic coprocessor instructions (`cdp`, `ldc`/`stc`, `mcrr`/`mrrc`) and the FPA's
/// `ldf`/`stf`/`lfm`/`sfm`, as GNU prints them for coprocessors it has no names for.
/// `two`: `2` for the unconditional forms; `c`: the condition; `arm`: A32 (else T32).
fn copro_generic(w: u32, two: &str, c: &str, cx: &Ctx<'_>, arm: bool) -> Option<Out> {
    let cp = (w >> 8) & 15;
    if cp == 10 || cp == 11 || (arm && (4..=6).contains(&cp)) {
        return None;
    }
    let crd = (w >> 12) & 15;
    let rn = (w >> 16) & 15;
    if (w >> 24) & 15 == 0xe {
        if w & 0x10 != 0 || (two.is_empty() && cp == 1) {
            return None;
        }
        let mut t = Text::new(&format!("cdp{two}{c}")).arm();
        let _ = write!(
            t.s,
            "\t{cp}, {}, cr{crd}, cr{rn}, cr{}, {{{}}}",
            (w >> 20) & 15,
            w & 15,
            (w >> 5) & 7
        );
        return Some(t.done());
    }
    if (w >> 25) & 7 != 6 {
        return None;
    }
    let load = w & (1 << 20) != 0;
    let mut t;
    if two.is_empty() && (cp == 1 || cp == 2) {
        let f = crd & 7;
        if cp == 1 {
            let q = match w & 0x0040_8000 {
                0 => "s",
                0x8000 => "d",
                0x0040_0000 => "e",
                _ => "p",
            };
            t = Text::new(&format!("{}{c}{q}", if load { "ldf" } else { "stf" })).arm();
            let _ = write!(t.s, "\tf{f}, ");
        } else {
            let n = match w & 0x0040_8000 {
                0 => 4,
                0x8000 => 1,
                0x0040_0000 => 2,
                _ => 3,
            };
            t = Text::new(&format!("{}{c}", if load { "lfm" } else { "sfm" })).arm();
            let _ = write!(t.s, "\tf{f}, {n}, ");
        }
    } else {
        if (w >> 21) & 15 == 2 {
            let mn = if load { "mrrc" } else { "mcrr" };
            let mut t = Text::new(&format!("{mn}{two}{c}")).arm();
            let _ = write!(
                t.s,
                "\t{cp}, {}, {}, {}, cr{}",
                (w >> 4) & 15,
                reg(crd),
                reg(rn),
                w & 15
            );
            let bad = if load {
                crd == 15 || rn == 15 || crd == rn
            } else {
                crd == 15 || (!two.is_empty() && rn == 15)
            };
            if bad {
                t.push("\t@ <UNPREDICTABLE>");
            }
            return Some(t.done());
        }
        let l = if w & (1 << 22) != 0 { "l" } else { "" };
        t = Text::new(&format!("{}{two}{l}{c}", if load { "ldc" } else { "stc" })).arm();
        let _ = write!(t.s, "\t{cp}, cr{crd}, ");
    }
    // GNU's `%A`.
    let p = w & (1 << 24) != 0;
    let up = w & (1 << 23) != 0;
    let wb = w & (1 << 21) != 0;
    let imm = i64::from(w & 0xff);
    let mut off = imm;
    t.push("[").reg(rn);
    if p || wb {
        off *= 4;
        if !up {
            off = -off;
        }
        if rn != 15 {
            t.comment = off;
        }
    }
    if p {
        if off != 0 {
            let _ = write!(t.s, ", #{off}]");
            if wb {
                t.push("!");
            }
        } else if !up {
            t.push(", #-0]");
        } else {
            t.push("]");
        }
    } else {
        t.push("]");
        if wb {
            if off != 0 {
                let _ = write!(t.s, ", #{off}");
            } else if !up {
                t.push(", #-0");
            }
        } else {
            let m = if !up && imm == 0 { "-" } else { "" };
            let _ = write!(t.s, ", {{{m}{imm}}}");
            t.comment = imm;
        }
    }
    if rn == 15 && (p || wb) {
        t.push("\t@ ");
        let pcv = if arm {
            cx.addr.wrapping_add(8)
        } else {
            (cx.addr & !3).wrapping_add(4)
        };
        t.addr(cx, pcv.wrapping_add(off as u64));
    }
    Some(t.done())
}

fn undefined32(w: u32) -> Out {
    Out {
        text: format!("\t\t@ <UNDEFINED> instruction: 0x{w:08x}"),
        flow: Flow::Invalid,
        target: None,
    }
}

#[cfg(test)]
mod tests {
    use crate::{Arch, Disassembler, Flow};

    fn one(arch: Arch, bytes: &[u8], addr: u64) -> (Flow, Option<u64>, String) {
        let dis = Disassembler::new(arch);
        let i = dis
            .iter(bytes, addr)
            .next()
            .unwrap_or_else(|| unreachable!());
        (i.flow, i.target, i.text)
    }

    #[test]
    fn a32_flow() {
        use Flow::*;
        // bl +8; bne -8; bx lr; pop {r4, pc}; blx r3; ldr pc, [sp], #4; udf #0; svc 0
        let cases: &[(u32, Flow, Option<u64>, &str)] = &[
            (0xeb00_0000, Call, Some(0x1008), "bl\t1008"),
            (0x1aff_fffc, CondJump, Some(0xff8), "bne\tff8"),
            (0xea00_0001, Jump, Some(0x100c), "b\t100c"),
            (0xe12f_ff1e, Return, None, "bx\tlr"),
            (0xe8bd_8010, Return, None, "pop\t{r4, pc}"),
            (0xe12f_ff33, Call, None, "blx\tr3"),
            (
                0xe49d_f004,
                Return,
                None,
                "pop\t{pc}\t\t@ (ldr pc, [sp], #4)",
            ),
            (0xe7f0_00f0, Trap, None, "udf\t#0"),
            (0xef00_0000, Trap, None, "svc\t0x00000000"),
            (
                0xe7fd_4778,
                Invalid,
                None,
                "\t\t@ <UNDEFINED> instruction: 0xe7fd4778",
            ),
            (0xe1a0_f00e, Return, None, "mov\tpc, lr"),
            (0x01a0_f003, CondJump, None, "moveq\tpc, r3"),
            (0xe120_0070, Trap, None, "bkpt\t0x0000"),
        ];
        for &(w, flow, target, text) in cases {
            assert_eq!(
                one(Arch::ARM, &w.to_le_bytes(), 0x1000),
                (flow, target, text.to_owned()),
                "{w:08x}"
            );
        }
        let big = Arch {
            endian: crate::Endian::Big,
            ..Arch::ARM
        };
        assert_eq!(
            one(big, &0xeb00_0000u32.to_be_bytes(), 0x1000).2,
            "bl\t1008"
        );
    }

    #[test]
    fn t32_flow() {
        use Flow::*;
        let cases: &[(&[u8], Flow, Option<u64>, &str)] = &[
            (&[0x00, 0xf0, 0x02, 0xf8], Call, Some(0x1008), "bl\t1008"),
            (&[0x00, 0xf0, 0x02, 0xe8], Call, Some(0x1008), "blx\t1008"),
            (&[0xfe, 0xe7], Jump, Some(0x1000), "b.n\t1000"),
            (&[0x01, 0xd0], CondJump, Some(0x1006), "beq.n\t1006"),
            (
                &[0x40, 0xf0, 0x02, 0x80],
                CondJump,
                Some(0x1008),
                "bne.w\t1008",
            ),
            (&[0x08, 0xb1], CondJump, Some(0x1006), "cbz\tr0, 1006"),
            (&[0x70, 0x47], Return, None, "bx\tlr"),
            (&[0x98, 0x47], Call, None, "blx\tr3"),
            (&[0xf7, 0x46], Return, None, "mov\tpc, lr"),
            (&[0x9f, 0x46], Jump, None, "mov\tpc, r3"),
            (&[0x10, 0xbd], Return, None, "pop\t{r4, pc}"),
            (
                &[0xbd, 0xe8, 0xf0, 0x81],
                Return,
                None,
                "ldmia.w\tsp!, {r4, r5, r6, r7, r8, pc}",
            ),
            (&[0xd0, 0xe8, 0x01, 0xf0], Jump, None, "tbb\t[r0, r1]"),
            (&[0x00, 0xde], Trap, None, "udf\t#0"),
            (&[0x00, 0xdf], Trap, None, "svc\t0"),
            (
                &[0x06, 0xb6],
                Invalid,
                None,
                "\t\t@ <UNDEFINED> instruction: 0xb606",
            ),
            (&[0x4e, 0x4a], Other, None, "ldr\tr2, [pc, #312]\t@ (113c)"),
        ];
        for &(b, flow, target, text) in cases {
            assert_eq!(
                one(Arch::THUMB, b, 0x1000),
                (flow, target, text.to_owned()),
                "{b:02x?}"
            );
        }
    }

    #[test]
    fn it_block_conditions() {
        // ite ne; movne r0, #1; moveq r0, #0; movs r0, #0 (after the block)
        let code = [0x14, 0xbf, 0x01, 0x20, 0x00, 0x20, 0x00, 0x20];
        let dis = Disassembler::new(Arch::THUMB);
        let text: Vec<String> = dis.iter(&code, 0x1000).map(|i| i.text).collect();
        assert_eq!(
            text,
            ["ite\tne", "movne\tr0, #1", "moveq\tr0, #0", "movs\tr0, #0"]
        );
        // Decoding elsewhere forgets the block.
        let dis = Disassembler::new(Arch::THUMB);
        let _ = dis.decode(&code, 0x1000, &crate::PlainAddresses);
        let i = dis.decode(&code[2..], 0x2000, &crate::PlainAddresses);
        assert_eq!(i.map(|i| i.text).as_deref(), Some("movs\tr0, #1"));
    }
}
