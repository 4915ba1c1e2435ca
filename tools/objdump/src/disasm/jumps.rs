//! `--visualize-jumps[=color|=extended-color]`: the ASCII-art column GNU objdump 2.40
//! draws between the address and the raw bytes for jumps that stay inside one symbol's
//! range.
//!
//! The facts this follows (measured against GNU and read in its `objdump.c`):
//! - Before a range with a symbol is shown, the range is decoded once more from its
//!   start to its end with no zero-skipping; each instruction whose printer reports a
//!   branch, conditional branch or call with a target inside the range is a jump.
//! - Jumps to one target are one arrow with several sources. Arrows are ordered by span
//!   (then lowest address) and packed into levels, each arrow on the first level where
//!   it overlaps no arrow already there; level 0 is the rightmost column.
//! - Each level is three characters wide; every line (the zero-skipping `...` lines
//!   aside) gets the column plus one space. Sources draw `/`, `\` or `+` and a line to
//!   the right edge; targets `>`, `\` or `/` and an arrowhead `>` (`X` where a source
//!   and a target meet); arrows passing by draw `|`. The first arrow in order to claim a
//!   character keeps it.
//! - Only some of GNU's printers report branches: i386 and Arm for direct branches and
//!   calls; MIPS, RISC-V and SPARC for every branch, call and return, an unknown target
//!   counting as address 0. AArch64, PowerPC, s390 and m68k report none, so no column.
//! - Colors: each arrow's color is a byte of libiberty's `iterative_hash` of its target
//!   (8 bytes, host order); `color` prints `ESC[3Nm` with N = 1 + hash % 7,
//!   `extended-color` `ESC[38;5;Nm` with N = 124 + hash % 108, `ESC[0m` back to none.
//!   The last color is remembered as a signed `char`, so a hash of 128 or more is
//!   printed again before each of its characters.

use std::collections::HashMap;
use std::io::Write as _;

use libmc::{Flow, Insn, Machine, Resolver};

/// One arrow: its sources, its target and its place.
#[derive(Debug, Clone)]
struct Jump {
    from: Vec<u64>,
    to: u64,
    lo: u64,
    hi: u64,
    level: usize,
    color: u8,
}

impl Jump {
    fn overlaps(&self, other: &Jump) -> bool {
        self.hi >= other.lo && self.lo <= other.hi
    }
}

/// The arrows of one range, drawn line by line.
#[derive(Debug)]
pub(super) struct Arrows {
    /// In drawing order (level groups, each in the order its arrows joined it).
    jumps: Vec<Jump>,
    /// Characters of the column: three per level.
    width: usize,
    /// 1 plain, 2 color, 3 extended color.
    style: u8,
    line: Vec<u8>,
    colors: Vec<u8>,
}

/// The target GNU's printer reports for a jump of `insn` on `machine`, if it reports one.
pub(super) fn reported_target(machine: Machine, insn: &Insn<'_>) -> Option<u64> {
    let branch = matches!(
        insn.flow,
        Flow::Call | Flow::Jump | Flow::CondJump | Flow::Return
    );
    match machine {
        // i386-dis.c: an instruction whose operand is a pc-relative target (`xbegin`
        // too), never an indirect one.
        Machine::X86_64 | Machine::X32 | Machine::I386 | Machine::I8086 => insn.target,
        // arm-dis.c: only the immediate branches.
        Machine::Arm | Machine::Thumb if branch => insn.target,
        // mips-dis.c and riscv-dis.c type every jump, target or not (then 0).
        Machine::Mips32 | Machine::Mips64 | Machine::RiscV64 | Machine::RiscV32 if branch => {
            Some(insn.target.unwrap_or(0))
        }
        // sparc-dis.c likewise, but V9's `return` has no branch flag in its table.
        Machine::Sparc | Machine::Sparc64 if branch && !insn.text.starts_with("return") => {
            Some(insn.target.unwrap_or(0))
        }
        _ => None,
    }
}

/// The instruction at a position of a range, decoded at an address with a resolver:
/// the Arm mode there (`a`, `t`, `d`; 0 elsewhere) and the instruction.
pub(super) type DecodeAt<'f, 'b> =
    dyn Fn(usize, u64, &dyn Resolver) -> (u8, Option<libmc::Insn<'b>>) + 'f;

/// `disassemble_jumps`: the range decoded again from start to stop with no zeros
/// skipped, for the jumps `--visualize-jumps` draws. The relocation handed to the
/// printer is the range's first only (GNU does not advance it in this pass), for the
/// instruction at it or within the previous instruction's length before it.
pub(super) fn find<'b>(
    ctx: &super::Ctx<'_, '_, '_>,
    job: &super::Job,
    stop: usize,
    decode_at: &DecodeAt<'_, 'b>,
) -> Option<Arrows> {
    let mut pos = usize::try_from(job.start).unwrap_or(stop);
    let mut prev = 1u64;
    let first_rel = ctx
        .rels
        .get(job.rel_start)
        .filter(|_| ctx.hand_relocs)
        .map(|r| r.address.wrapping_sub(ctx.rel_offset));
    let mut found = Vec::new();
    while pos < stop {
        let addr = ctx.sec.vma.wrapping_add(pos as u64);
        let at = match first_rel.map(|r| r.wrapping_sub(pos as u64)) {
            Some(d) if d < prev => 0,
            _ => addr,
        };
        let insn = decode_at(pos, at, &libmc::PlainAddresses).1?;
        found.push((addr, reported_target(ctx.arch.machine, &insn)));
        prev = insn.len().max(1) as u64;
        pos += insn.len().max(1);
    }
    let base = ctx.sec.vma;
    Arrows::new(
        ctx.o.visualize_jumps,
        base.wrapping_add(job.start),
        base.wrapping_add(stop as u64),
        found,
    )
}

/// libiberty's `iterative_hash` of a `bfd_vma` (8 bytes, little-endian host) with
/// initial value 0: Bob Jenkins' lookup2 on a key shorter than one 12-byte block.
fn hash_vma(v: u64) -> u32 {
    let (mut a, mut b, mut c) = (0x9e37_79b9u32, 0x9e37_79b9u32, 8u32);
    a = a.wrapping_add(v as u32);
    b = b.wrapping_add((v >> 32) as u32);
    // Bob Jenkins' mix.
    a = a.wrapping_sub(b).wrapping_sub(c) ^ (c >> 13);
    b = b.wrapping_sub(c).wrapping_sub(a) ^ (a << 8);
    c = c.wrapping_sub(a).wrapping_sub(b) ^ (b >> 13);
    a = a.wrapping_sub(b).wrapping_sub(c) ^ (c >> 12);
    b = b.wrapping_sub(c).wrapping_sub(a) ^ (a << 16);
    c = c.wrapping_sub(a).wrapping_sub(b) ^ (b >> 5);
    a = a.wrapping_sub(b).wrapping_sub(c) ^ (c >> 3);
    b = b.wrapping_sub(c).wrapping_sub(a) ^ (a << 10);
    c.wrapping_sub(a).wrapping_sub(b) ^ (b >> 15)
}

impl Arrows {
    /// Find the arrows of the range `[lo, hi)` from its instructions (in address
    /// order: address, what the printer reported); `None` when there are none.
    pub(super) fn new(
        style: u8,
        lo: u64,
        hi: u64,
        insns: impl IntoIterator<Item = (u64, Option<u64>)>,
    ) -> Option<Arrows> {
        // Merge the jumps to one target, the latest source's arrow first (GNU keeps its
        // list newest first).
        let mut found: Vec<(u64, u64)> = insns
            .into_iter()
            .filter_map(|(at, t)| t.filter(|&t| t >= lo && t < hi).map(|t| (at, t)))
            .collect();
        if found.is_empty() {
            return None;
        }
        found.reverse();
        let mut by_target: HashMap<u64, usize> = HashMap::new();
        let mut merged: Vec<Jump> = Vec::new();
        for (from, to) in found {
            match by_target.get(&to) {
                Some(&i) => {
                    if let Some(j) = merged.get_mut(i) {
                        j.from.push(from);
                        j.lo = j.lo.min(from);
                        j.hi = j.hi.max(from);
                    }
                }
                None => {
                    by_target.insert(to, merged.len());
                    merged.push(Jump {
                        from: vec![from],
                        to,
                        lo: from.min(to),
                        hi: from.max(to),
                        level: 0,
                        color: hash_vma(to) as u8,
                    });
                }
            }
        }
        // Shortest first, then lowest; stable.
        merged.sort_by_key(|j| (j.hi - j.lo, j.lo));
        // Levels: each round takes the first arrow left and every later one that
        // overlaps none taken in this round.
        let mut jumps = Vec::with_capacity(merged.len());
        let mut left = merged;
        let mut level = 0;
        while !left.is_empty() {
            let start = jumps.len();
            let mut rest = Vec::new();
            for mut j in left {
                let free = jumps
                    .get(start..)
                    .unwrap_or_default()
                    .iter()
                    .all(|g: &Jump| !g.overlaps(&j));
                if free {
                    j.level = level;
                    jumps.push(j);
                } else {
                    rest.push(j);
                }
            }
            left = rest;
            level += 1;
        }
        let width = level * 3;
        Some(Arrows {
            jumps,
            width,
            style,
            line: vec![b' '; width],
            colors: vec![0; width],
        })
    }

    /// The column for the line at `addr`, and its space.
    pub(super) fn draw(&mut self, addr: u64, out: &mut Vec<u8>) {
        let w = self.width;
        let levels = w / 3;
        self.jumps.retain(|j| j.hi >= addr);
        let (line, colors) = (&mut self.line, &mut self.colors);
        line.fill(b' ');
        colors.fill(0);
        for j in self.jumps.iter().filter(|j| j.lo <= addr) {
            let at = (levels - 1 - j.level) * 3;
            let source = j.from.contains(&addr);
            if !source && j.to != addr {
                if line.get(at) == Some(&b' ') {
                    set(line, colors, at, b'|', j.color);
                }
                continue;
            }
            // The line to the right edge, its end, then the corner.
            for i in at + 1..w - 1 {
                if line.get(i) == Some(&b' ') {
                    set(line, colors, i, b'-', j.color);
                }
            }
            let (tip, over) = if source { (b'-', b'>') } else { (b'>', b'-') };
            match line.get(w - 1) {
                Some(b' ') => set(line, colors, w - 1, tip, j.color),
                Some(&c) if c == over => set(line, colors, w - 1, b'X', j.color),
                _ => {}
            }
            if line.get(at) == Some(&b' ') {
                let corner = if source {
                    match (addr <= j.to, j.lo == addr, j.hi == addr) {
                        (true, true, _) => b'/',
                        (false, _, true) => b'\\',
                        _ => b'+',
                    }
                } else if j.lo < addr {
                    if j.hi > addr {
                        b'>'
                    } else {
                        b'\\'
                    }
                } else {
                    b'/'
                };
                set(line, colors, at, corner, j.color);
            }
        }
        if self.style < 2 {
            out.extend_from_slice(line);
            out.push(b' ');
            return;
        }
        // objdump keeps the last color in a (signed) char.
        let mut last: i32 = 0;
        for i in 0..=w {
            let c = colors.get(i).copied().unwrap_or(0);
            if i32::from(c) != last {
                if c == 0 {
                    out.extend_from_slice(b"\x1b[0m");
                } else if self.style == 3 {
                    let _ = write!(out, "\x1b[38;5;{}m", 124 + u32::from(c) % 108);
                } else {
                    let _ = write!(out, "\x1b[{}m", 31 + u32::from(c) % 7);
                }
                last = i32::from(c as i8);
            }
            out.push(line.get(i).copied().unwrap_or(b' '));
        }
    }
}

fn set(line: &mut [u8], colors: &mut [u8], i: usize, ch: u8, color: u8) {
    if let (Some(l), Some(c)) = (line.get_mut(i), colors.get_mut(i)) {
        *l = ch;
        *c = color;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `as` of jumps that cross (`jmp 3f; 1: nop; je 4f; jmp 1b; 2: nop; jne 2b;
    /// 3: nop; jmp 1b; jmp 5f; 4: nop; jl 3b; jmp 2b; 5: ret`): each line's address
    /// and the target its instruction jumps to.
    const LINES: [(u64, Option<u64>); 13] = [
        (0x0, Some(0xa)),
        (0x2, None),
        (0x3, Some(0xf)),
        (0x5, Some(0x2)),
        (0x7, None),
        (0x8, Some(0x7)),
        (0xa, None),
        (0xb, Some(0x2)),
        (0xd, Some(0x14)),
        (0xf, None),
        (0x10, Some(0xa)),
        (0x12, Some(0x7)),
        (0x14, None),
    ];

    fn arrows(style: u8) -> Arrows {
        Arrows::new(style, 0, 0x15, LINES).unwrap()
    }

    #[test]
    fn columns_as_gnu_draws_them() {
        // GNU objdump 2.40 `-d --visualize-jumps` of that object.
        let want = [
            "/----------- ",
            "|        /-> ",
            "|  /-----|-- ",
            "|  |     +-- ",
            "|  |  /--|-> ",
            "|  |  +--|-- ",
            ">--|--|--|-> ",
            "|  |  |  \\-- ",
            "|  |  |  /-- ",
            "|  \\--|--|-> ",
            "\\-----|--|-- ",
            "      \\--|-- ",
            "         \\-> ",
        ];
        let mut a = arrows(1);
        for ((addr, _), want) in LINES.iter().zip(want) {
            let mut out = Vec::new();
            a.draw(*addr, &mut out);
            assert_eq!(String::from_utf8_lossy(&out), want, "at {addr:#x}");
        }
    }

    #[test]
    fn colors_as_gnu_prints_them() {
        // The line at 0x3 with `=color` and `=extended-color`: the arrow to 0xf has a
        // hash of 128 or more, so its color is printed before each of its characters.
        for (style, first, second, third) in [
            (2, "31", "35", "37"),
            (3, "38;5;194", "38;5;160", "38;5;141"),
        ] {
            let mut out = Vec::new();
            let mut a = arrows(style);
            for (addr, _) in LINES.iter().take(3) {
                out.clear();
                a.draw(*addr, &mut out);
            }
            let esc = |n: &str| format!("\x1b[{n}m");
            let mut want = format!("{}|\x1b[0m  {}/", esc(first), esc(second));
            for _ in 0..5 {
                want.push_str(&esc(second));
                want.push('-');
            }
            want.push_str(&format!(
                "{}|{}-{}-\x1b[0m ",
                esc(third),
                esc(second),
                esc(second)
            ));
            assert_eq!(String::from_utf8_lossy(&out), want, "style {style}");
        }
    }

    #[test]
    fn no_arrows_without_jumps_inside() {
        assert!(Arrows::new(1, 0x10, 0x20, [(0x10, Some(0x20)), (0x14, Some(0x8))]).is_none());
        assert!(Arrows::new(1, 0x10, 0x20, [(0x10, None)]).is_none());
    }

    #[test]
    fn which_printers_report_targets() {
        let raw = [0u8; 4];
        let at = |flow, target, text: &str| Insn {
            addr: 0,
            bytes: &raw,
            flow,
            target,
            text: text.to_owned(),
        };
        let ret = at(Flow::Return, None, "jr\tra");
        assert_eq!(reported_target(Machine::Mips32, &ret), Some(0));
        assert_eq!(reported_target(Machine::RiscV64, &ret), Some(0));
        assert_eq!(reported_target(Machine::X86_64, &ret), None);
        let b = at(Flow::Jump, Some(0x40), "b\t40");
        assert_eq!(reported_target(Machine::AArch64, &b), None);
        assert_eq!(reported_target(Machine::Ppc64, &b), None);
        assert_eq!(reported_target(Machine::Arm, &b), Some(0x40));
        let xbegin = at(Flow::Other, Some(0x40), "xbegin 40");
        assert_eq!(reported_target(Machine::X86_64, &xbegin), Some(0x40));
        let v9 = at(Flow::Return, None, "return  %i7 + 8");
        assert_eq!(reported_target(Machine::Sparc64, &v9), None);
    }
}
