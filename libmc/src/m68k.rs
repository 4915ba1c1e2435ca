//! Motorola 680x0 (68000–68060 with the 68881 FPU, `m68k` as objdump names elf32-m68k) with
//! GNU objdump 2.40's MIT-syntax printing.
//!
//! Decoded here from the instruction words, not with capstone: objdump's default `m68k`
//! machine accepts every 680x0 opcode (and ColdFire's after that), which capstone's M68K
//! modes do not follow, and GNU's operand text (`%a6@(8)` is `%fp@(8)`, indexed bases in
//! 64-bit hex, `#0e%g` floats) is built from the raw extension words anyway. Instructions
//! are 2 to 22 bytes; a first word GNU does not know prints as `.short 0x…` (2 bytes).
//! Not decoded yet (printed as `.short`): MMU (`pmove`…), `moves`, `movec`, `chk2`/`cmp2`,
//! `pack`/`unpk`, `callm`/`rtm`, ColdFire-only and coprocessor-0 words.

use std::fmt::Write as _;

use crate::{Flow, Insn, Resolver};

/// Register names by number: data 0–7, address 8–15.
const REG: [&str; 16] = [
    "%d0", "%d1", "%d2", "%d3", "%d4", "%d5", "%d6", "%d7", "%a0", "%a1", "%a2", "%a3", "%a4",
    "%a5", "%fp", "%sp",
];

/// Integer condition names (Bcc/Scc/DBcc field order).
const COND: [&str; 16] = [
    "t", "f", "hi", "ls", "cc", "cs", "ne", "eq", "vc", "vs", "pl", "mi", "ge", "lt", "gt", "le",
];

/// FPU condition names (FBcc/FScc field order).
const FCOND: [&str; 32] = [
    "f", "eq", "ogt", "oge", "olt", "ole", "ogl", "or", "un", "ueq", "ugt", "uge", "ult", "ule",
    "ne", "t", "sf", "seq", "gt", "ge", "lt", "le", "gl", "gle", "ngle", "ngl", "nle", "nlt",
    "nge", "ngt", "sneq", "st",
];

/// A 680x0 decoder/printer.
#[derive(Debug, Default)]
pub(crate) struct M68k;

/// Effective-address classes (which modes an operand may use).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ea {
    /// Every mode.
    All,
    /// Every mode but `An`.
    Data,
    /// `Dn`, `An` and memory, no PC-relative or immediate.
    Alt,
    /// `Dn` and memory, no `An`, PC-relative or immediate.
    DataAlt,
    /// Memory only, no PC-relative or immediate.
    MemAlt,
    /// `(An)`, `d(An)`, indexed, absolute, PC-relative.
    Control,
    /// `(An)`, `(An)+`, `d(An)`, indexed, absolute, PC-relative (`movem` loads).
    CtlPost,
    /// `(An)`, `-(An)`, `d(An)`, indexed, absolute (`movem` stores).
    CtlPre,
    /// Memory, PC-relative included (no `Dn`, `An`, immediate).
    Mem,
    /// `Dn` and control modes (bit fields).
    DnCtl,
    /// `Dn` and control alterable (bit fields that write).
    DnCtlAlt,
}

/// Operand size of an immediate.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sz {
    B,
    W,
    L,
    S,
    D,
    X,
    P,
}

/// The instruction stream: words after the first, with the address of each.
struct Cur<'a> {
    b: &'a [u8],
    pos: usize,
    addr: u64,
}

impl Cur<'_> {
    fn word(&mut self) -> Option<u16> {
        let hi = *self.b.get(self.pos)?;
        let lo = *self.b.get(self.pos + 1)?;
        self.pos += 2;
        Some(u16::from_be_bytes([hi, lo]))
    }
    fn long(&mut self) -> Option<u32> {
        let h = u32::from(self.word()?);
        let l = u32::from(self.word()?);
        Some((h << 16) | l)
    }
    /// Address of the next unread word.
    fn here(&self) -> u64 {
        self.addr.wrapping_add(self.pos as u64)
    }
}

/// An operand's text, with addresses written by the resolver later.
enum Part {
    Text(String),
    Addr(u64),
}

/// The operand list being built.
struct Out<'r> {
    parts: Vec<Part>,
    res: &'r dyn Resolver,
}

impl Out<'_> {
    fn t(&mut self, s: impl Into<String>) {
        self.parts.push(Part::Text(s.into()));
    }
    fn a(&mut self, a: u64) {
        self.parts.push(Part::Addr(a & 0xffff_ffff));
    }
    fn render(&self) -> String {
        let mut s = String::new();
        for p in &self.parts {
            match p {
                Part::Text(t) => s.push_str(t),
                Part::Addr(a) => self.res.address(*a, &mut s),
            }
        }
        s
    }
}

fn ea_ok(class: Ea, mode: u16, reg: u16) -> bool {
    // 0 Dn, 1 An, 2 (An), 3 (An)+, 4 -(An), 5 d(An), 6 idx, 7.0 abs.w, 7.1 abs.l,
    // 7.2 d(PC), 7.3 idx(PC), 7.4 #imm.
    let m = if mode == 7 { 7 + reg } else { mode };
    if m > 11 {
        return false;
    }
    let ok: &[u16] = match class {
        Ea::All => &[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        Ea::Data => &[0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        Ea::Alt => &[0, 1, 2, 3, 4, 5, 6, 7, 8],
        Ea::DataAlt => &[0, 2, 3, 4, 5, 6, 7, 8],
        Ea::MemAlt => &[2, 3, 4, 5, 6, 7, 8],
        Ea::Control => &[2, 5, 6, 7, 8, 9, 10],
        Ea::CtlPost => &[2, 3, 5, 6, 7, 8, 9, 10],
        Ea::CtlPre => &[2, 4, 5, 6, 7, 8],
        Ea::Mem => &[2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        Ea::DnCtl => &[0, 2, 5, 6, 7, 8, 9, 10],
        Ea::DnCtlAlt => &[0, 2, 5, 6, 7, 8],
    };
    ok.contains(&m)
}

/// C's `%g` (six significant digits).
fn fmt_g(v: f64) -> String {
    if v.is_nan() {
        return if v.is_sign_negative() { "-nan" } else { "nan" }.to_owned();
    }
    if v.is_infinite() {
        return if v < 0.0 { "-inf" } else { "inf" }.to_owned();
    }
    if v == 0.0 {
        return if v.is_sign_negative() { "-0" } else { "0" }.to_owned();
    }
    let e = format!("{v:.5e}");
    let (mant, exp) = e.split_once('e').unwrap_or((&e, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    let strip = |s: &str| -> String {
        if s.contains('.') {
            s.trim_end_matches('0').trim_end_matches('.').to_owned()
        } else {
            s.to_owned()
        }
    };
    if !(-4..6).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", strip(mant), exp.abs())
    } else {
        let decimals = (5 - exp).max(0) as usize;
        strip(&format!("{v:.decimals$}"))
    }
}

/// The 96-bit 68881 extended format as a double.
fn ext_to_f64(w: [u16; 6]) -> f64 {
    let sign = w[0] & 0x8000 != 0;
    let exp = i32::from(w[0] & 0x7fff);
    let mant = (u64::from(w[2]) << 48)
        | (u64::from(w[3]) << 32)
        | (u64::from(w[4]) << 16)
        | u64::from(w[5]);
    let v = if exp == 0x7fff {
        if mant << 1 == 0 {
            f64::INFINITY
        } else {
            f64::NAN
        }
    } else {
        (mant as f64) * 2f64.powi(exp - 16383 - 63)
    };
    if sign {
        -v
    } else {
        v
    }
}

/// Decode an effective address of `class` into `out`.
fn ea(c: &mut Cur<'_>, out: &mut Out<'_>, mode: u16, reg: u16, class: Ea, size: Sz) -> Option<()> {
    if !ea_ok(class, mode, reg) {
        return None;
    }
    let an = REG.get(usize::from(reg) + 8).copied().unwrap_or("?");
    match mode {
        0 => out.t(REG.get(usize::from(reg)).copied().unwrap_or("?")),
        1 => out.t(an),
        2 => out.t(format!("{an}@")),
        3 => out.t(format!("{an}@+")),
        4 => out.t(format!("{an}@-")),
        5 => {
            let d = c.word()? as i16;
            out.t(format!("{an}@({d})"));
        }
        6 => indexed(c, out, Some(an))?,
        _ => match reg {
            0 => {
                let v = c.word()? as i16;
                out.a(i64::from(v) as u64);
            }
            1 => {
                let v = c.long()?;
                out.a(u64::from(v));
            }
            2 => {
                let at = c.here();
                let d = c.word()? as i16;
                out.t("%pc@(");
                out.a(at.wrapping_add(i64::from(d) as u64));
                out.t(")");
            }
            3 => indexed(c, out, None)?,
            _ => {
                let text = match size {
                    Sz::B => format!("#{}", c.word()? as u8 as i8),
                    Sz::W => format!("#{}", c.word()? as i16),
                    Sz::L => format!("#{}", c.long()? as i32),
                    Sz::S => format!("#0e{}", fmt_g(f64::from(f32::from_bits(c.long()?)))),
                    Sz::D => {
                        let h = u64::from(c.long()?);
                        let l = u64::from(c.long()?);
                        format!("#0e{}", fmt_g(f64::from_bits((h << 32) | l)))
                    }
                    Sz::X => {
                        let mut w = [0u16; 6];
                        for x in &mut w {
                            *x = c.word()?;
                        }
                        format!("#0e{}", fmt_g(ext_to_f64(w)))
                    }
                    Sz::P => {
                        for _ in 0..6 {
                            c.word()?;
                        }
                        return None;
                    }
                };
                out.t(text);
            }
        },
    }
    Some(())
}

/// Indexed and memory-indirect modes; `base` is `None` for the PC.
fn indexed(c: &mut Cur<'_>, out: &mut Out<'_>, base: Option<&str>) -> Option<()> {
    let at = c.here();
    let w = c.word()?;
    let scale = ["", ":2", ":4", ":8"]
        .get(usize::from((w >> 9) & 3))
        .copied()
        .unwrap_or("");
    let mut idx = format!(
        "{}:{}{scale}",
        REG.get(usize::from(w >> 12)).copied().unwrap_or("?"),
        if w & 0x800 != 0 { 'l' } else { 'w' }
    );
    let pc = base.is_none();
    let print_base = |out: &mut Out<'_>, b: Option<&str>, disp: u64, zpc: bool| match b {
        None if !zpc => {
            out.t("%pc@(");
            out.a(disp);
        }
        None => out.t(format!("%zpc@({disp:x}")),
        Some("") => out.t(format!("@({disp:x}")),
        Some(r) => out.t(format!("{r}@({disp:x}")),
    };
    if w & 0x100 == 0 {
        let mut d = i64::from(w as u8 as i8) as u64;
        if pc {
            d = d.wrapping_add(at);
        }
        print_base(out, base, d, false);
        out.t(format!(",{idx})"));
        return Some(());
    }
    // Full extension word (68020).
    let mut b = base;
    let mut zpc = false;
    if w & 0x80 != 0 {
        if pc {
            zpc = true;
        } else {
            b = Some("");
        }
    }
    if w & 0x40 != 0 {
        idx.clear();
    }
    let mut disp: u64 = match (w >> 4) & 3 {
        2 => i64::from(c.word()? as i16) as u64,
        3 => i64::from(c.long()? as i32) as u64,
        _ => 0,
    };
    if pc && !zpc {
        disp = disp.wrapping_add(at);
    }
    if w & 7 == 0 {
        print_base(out, b, disp, zpc);
        if !idx.is_empty() {
            out.t(format!(",{idx}"));
        }
        out.t(")");
        return Some(());
    }
    let outer: u64 = match w & 3 {
        2 => i64::from(c.word()? as i16) as u64,
        3 => i64::from(c.long()? as i32) as u64,
        _ => 0,
    };
    print_base(out, b, disp, zpc);
    if w & 4 == 0 && !idx.is_empty() {
        out.t(format!(",{idx}"));
        idx.clear();
    }
    out.t(format!(")@({outer:x}"));
    if !idx.is_empty() {
        out.t(format!(",{idx}"));
    }
    out.t(")");
    Some(())
}

/// `movem` register list (bit 0 = `%d0` unless `reversed`, for predecrement).
fn reglist(mask: u16, reversed: bool) -> String {
    let mut m: u32 = 0;
    for r in 0..16 {
        let bit = if reversed { 0x8000 >> r } else { 1 << r };
        if mask & bit != 0 {
            m |= 1 << r;
        }
    }
    if m == 0 {
        return "#0".to_owned();
    }
    let mut s = String::new();
    let mut r = 0;
    while r < 16 {
        if m & (1 << r) != 0 {
            if !s.is_empty() {
                s.push('/');
            }
            s.push_str(REG.get(r).copied().unwrap_or("?"));
            let first = r;
            while r + 1 < 16 && m & (1 << (r + 1)) != 0 {
                r += 1;
            }
            if r > first {
                s.push('-');
                s.push_str(REG.get(r).copied().unwrap_or("?"));
            }
        }
        r += 1;
    }
    s
}

/// `fmovem` data register list (bit 7 = `%fp0` unless `reversed`).
fn freglist(mask: u16, reversed: bool) -> String {
    let mut m: u32 = 0;
    for r in 0..8 {
        let bit = if reversed { 1 << r } else { 0x80 >> r };
        if mask & bit != 0 {
            m |= 1 << r;
        }
    }
    if m == 0 {
        return "#0".to_owned();
    }
    let mut s = String::new();
    let mut r = 0;
    while r < 8 {
        if m & (1 << r) != 0 {
            if !s.is_empty() {
                s.push('/');
            }
            let _ = write!(s, "%fp{r}");
            let first = r;
            while r + 1 < 8 && m & (1 << (r + 1)) != 0 {
                r += 1;
            }
            if r > first {
                let _ = write!(s, "-%fp{r}");
            }
        }
        r += 1;
    }
    s
}

/// Result of decoding one instruction.
struct Dec {
    mn: String,
    flow: Flow,
    target: Option<u64>,
}

impl Dec {
    fn new(mn: impl Into<String>) -> Dec {
        Dec {
            mn: mn.into(),
            flow: Flow::Other,
            target: None,
        }
    }
    fn flow(mut self, f: Flow, t: Option<u64>) -> Dec {
        self.flow = f;
        self.target = t.map(|t| t & 0xffff_ffff);
        self
    }
}

fn size_of(ss: u16) -> Option<(char, Sz)> {
    match ss {
        0 => Some(('b', Sz::B)),
        1 => Some(('w', Sz::W)),
        2 => Some(('l', Sz::L)),
        _ => None,
    }
}

impl M68k {
    pub(crate) fn new() -> M68k {
        M68k
    }

    pub(crate) fn decode<'a>(&self, bytes: &'a [u8], addr: u64, res: &dyn Resolver) -> Insn<'a> {
        let mut c = Cur {
            b: bytes,
            pos: 0,
            addr,
        };
        let mut out = Out {
            parts: Vec::new(),
            res,
        };
        let dec = c.word().and_then(|op| {
            insn(op, &mut c, &mut out, addr).or_else(|| {
                // objdump's default machine tries ColdFire's table when 680x0's fails.
                c.pos = 2;
                out.parts.clear();
                coldfire(op, &mut c, &mut out)
            })
        });
        match dec {
            Some(d) => {
                let len = c.pos.min(bytes.len());
                let raw = bytes.get(..len).unwrap_or(bytes);
                let ops = out.render();
                let text = if ops.is_empty() {
                    d.mn
                } else {
                    format!("{} {ops}", d.mn)
                };
                Insn::new(addr, raw, d.flow, d.target, text)
            }
            None => {
                let raw = bytes.get(..2).unwrap_or(bytes);
                let text = match raw {
                    [h, l] => format!(".short 0x{:04x}", u16::from_be_bytes([*h, *l])),
                    _ => {
                        let list: Vec<String> = raw.iter().map(|b| format!("0x{b:02x}")).collect();
                        format!(".byte {}", list.join(","))
                    }
                };
                Insn::new(addr, raw, Flow::Invalid, None, text)
            }
        }
    }
}

/// Decode the instruction whose first word is `op`.
fn insn(op: u16, c: &mut Cur<'_>, o: &mut Out<'_>, addr: u64) -> Option<Dec> {
    let mode = (op >> 3) & 7;
    let reg = op & 7;
    let r9 = (op >> 9) & 7;
    let ss = (op >> 6) & 3;
    let dn = |r: u16| REG.get(usize::from(r)).copied().unwrap_or("?");
    let an = |r: u16| REG.get(usize::from(r) + 8).copied().unwrap_or("?");
    match op >> 12 {
        0x0 => group0(op, c, o),
        0x1..=0x3 => {
            let (sz, s) = match op >> 12 {
                1 => ('b', Sz::B),
                3 => ('w', Sz::W),
                _ => ('l', Sz::L),
            };
            let dmode = (op >> 6) & 7;
            let src = if sz == 'b' { Ea::Data } else { Ea::All };
            if dmode == 1 {
                if sz == 'b' {
                    return None;
                }
                ea(c, o, mode, reg, src, s)?;
                o.t(format!(",{}", an(r9)));
                return Some(Dec::new(format!("movea{sz}")));
            }
            ea(c, o, mode, reg, src, s)?;
            o.t(",");
            ea(c, o, dmode, r9, Ea::DataAlt, s)?;
            Some(Dec::new(format!("move{sz}")))
        }
        0x4 => group4(op, c, o),
        0x5 => {
            if ss == 3 {
                let cc = usize::from((op >> 8) & 15);
                let name = COND.get(cc)?;
                if mode == 1 {
                    let at = c.here();
                    let d = c.word()? as i16;
                    let t = at.wrapping_add(i64::from(d) as u64);
                    o.t(format!("{},", dn(reg)));
                    o.a(t);
                    return Some(Dec::new(format!("db{name}")).flow(Flow::CondJump, Some(t)));
                }
                if mode == 7 && (2..=4).contains(&reg) {
                    let mn = match reg {
                        2 => {
                            o.t(format!("#{}", c.word()? as i16));
                            format!("trap{name}w")
                        }
                        3 => {
                            o.t(format!("#{}", c.long()? as i32));
                            format!("trap{name}l")
                        }
                        _ => format!("trap{name}"),
                    };
                    return Some(Dec::new(mn).flow(Flow::Trap, None));
                }
                ea(c, o, mode, reg, Ea::DataAlt, Sz::B)?;
                return Some(Dec::new(format!("s{name}")));
            }
            let (sz, s) = size_of(ss)?;
            let q = if r9 == 0 { 8 } else { r9 };
            o.t(format!("#{q},"));
            // GNU's table lets `subqb` (not `addqb`) name an address register.
            let class = if sz == 'b' && op & 0x100 == 0 {
                Ea::DataAlt
            } else {
                Ea::Alt
            };
            ea(c, o, mode, reg, class, s)?;
            let base = if op & 0x100 != 0 { "subq" } else { "addq" };
            Some(Dec::new(format!("{base}{sz}")))
        }
        0x6 => {
            let cc = usize::from((op >> 8) & 15);
            let name = match cc {
                0 => "bra",
                1 => "bsr",
                _ => COND.get(cc)?,
            };
            let name = if cc > 1 {
                format!("b{name}")
            } else {
                name.to_owned()
            };
            let at = c.here();
            let (d, sfx) = match op & 0xff {
                0 => (i64::from(c.word()? as i16), 'w'),
                0xff => (i64::from(c.long()? as i32), 'l'),
                b => (i64::from(b as u8 as i8), 's'),
            };
            let t = at.wrapping_add(d as u64);
            o.a(t);
            let flow = match cc {
                0 => Flow::Jump,
                1 => Flow::Call,
                _ => Flow::CondJump,
            };
            Some(Dec::new(format!("{name}{sfx}")).flow(flow, Some(t)))
        }
        0x7 => {
            if op & 0x100 != 0 {
                return None;
            }
            o.t(format!("#{},{}", op as u8 as i8, dn(r9)));
            Some(Dec::new("moveq"))
        }
        0x8 | 0x9 | 0xb | 0xc | 0xd => arith(op, c, o),
        0xe => shift(op, c, o),
        0xf => fpu(op, c, o, addr),
        _ => None,
    }
}

/// The ColdFire forms objdump's default machine falls back to (their masks ignore the
/// effective-address mode of a data-register operand), and 68020 `callm`/`rtm`.
fn coldfire(op: u16, c: &mut Cur<'_>, o: &mut Out<'_>) -> Option<Dec> {
    let d = REG.get(usize::from(op & 7)).copied().unwrap_or("?");
    let unary = match op & 0xfff8 {
        0x00c0 => Some("bitrev"),
        0x02c0 => Some("byterev"),
        0x04c0 => Some("ff1"),
        _ => None,
    };
    if let Some(mn) = unary {
        o.t(d);
        return Some(Dec::new(mn));
    }
    let one = match op & 0xffc0 {
        0x4080 => Some("negxl"),
        0x4480 => Some("negl"),
        0x4680 => Some("notl"),
        _ => None,
    };
    if let Some(mn) = one {
        o.t(d);
        return Some(Dec::new(mn));
    }
    if op & 0xffc0 == 0x46c0 {
        o.t(format!("{d},%sr"));
        return Some(Dec::new("move"));
    }
    let (mode, reg) = ((op >> 3) & 7, op & 7);
    if op & 0xf100 == 0x7100 {
        // mvs/mvz
        let kind = if op & 0x80 != 0 { "mvz" } else { "mvs" };
        let (sz, s) = if op & 0x40 != 0 {
            ('w', Sz::W)
        } else {
            ('b', Sz::B)
        };
        ea(c, o, mode, reg, Ea::All, s)?;
        o.t(format!(
            ",{}",
            REG.get(usize::from((op >> 9) & 7)).copied().unwrap_or("?")
        ));
        return Some(Dec::new(format!("{kind}{sz}")));
    }
    if op & 0xf1c0 == 0xa140 {
        let n = (op >> 9) & 7;
        o.t(format!("#{},", if n == 0 { -1 } else { i32::from(n) }));
        ea(c, o, mode, reg, Ea::Alt, Sz::L)?;
        return Some(Dec::new("mov3ql"));
    }
    if op & 0xfff0 == 0x06c0 {
        o.t(REG.get(usize::from(op & 15)).copied().unwrap_or("?"));
        return Some(Dec::new("rtm").flow(Flow::Return, None));
    }
    if op & 0xffc0 == 0x06c0 {
        let n = c.word()?;
        o.t(format!("#{},", n as u8 as i8));
        ea(c, o, (op >> 3) & 7, op & 7, Ea::Control, Sz::L)?;
        return Some(Dec::new("callm").flow(Flow::Call, None));
    }
    let (mn, imm) = match op & 0xffc0 {
        0x0080 => ("oril", Sz::L),
        0x0280 => ("andil", Sz::L),
        0x0480 => ("subil", Sz::L),
        0x0680 => ("addil", Sz::L),
        0x0a80 => ("eoril", Sz::L),
        0x0c00 => ("cmpib", Sz::B),
        0x0c40 => ("cmpiw", Sz::W),
        0x0c80 => ("cmpil", Sz::L),
        _ => return None,
    };
    let v = match imm {
        Sz::B => i32::from(c.word()? as u8 as i8),
        Sz::W => i32::from(c.word()? as i16),
        _ => c.long()? as i32,
    };
    o.t(format!("#{v},{d}"));
    Some(Dec::new(mn))
}

/// Immediate arithmetic, bit operations, `movep`, `cas`.
fn group0(op: u16, c: &mut Cur<'_>, o: &mut Out<'_>) -> Option<Dec> {
    let mode = (op >> 3) & 7;
    let reg = op & 7;
    let r9 = (op >> 9) & 7;
    let ss = (op >> 6) & 3;
    let dn = |r: u16| REG.get(usize::from(r)).copied().unwrap_or("?");
    if op & 0x100 != 0 {
        if mode == 1 {
            // movep
            let sz = if ss & 1 != 0 { 'l' } else { 'w' };
            let d = c.word()? as i16;
            let mem = format!(
                "{}@({d})",
                REG.get(usize::from(reg) + 8).copied().unwrap_or("?")
            );
            if ss & 2 == 0 {
                o.t(format!("{mem},{}", dn(r9)));
            } else {
                o.t(format!("{},{mem}", dn(r9)));
            }
            return Some(Dec::new(format!("movep{sz}")));
        }
        let name = ["btst", "bchg", "bclr", "bset"].get(usize::from(ss))?;
        o.t(format!("{},", dn(r9)));
        let class = if ss == 0 { Ea::Data } else { Ea::DataAlt };
        ea(c, o, mode, reg, class, Sz::B)?;
        return Some(Dec::new(*name));
    }
    let kind = r9;
    if kind == 4 {
        // Static bit operations.
        let name = ["btst", "bchg", "bclr", "bset"].get(usize::from(ss))?;
        let n = c.word()?;
        o.t(format!("#{},", n as u8 as i8));
        let class = if ss == 0 { Ea::Data } else { Ea::DataAlt };
        if ss == 0 && mode == 7 && reg == 4 {
            return None;
        }
        ea(c, o, mode, reg, class, Sz::B)?;
        return Some(Dec::new(*name));
    }
    if ss == 3 {
        // cas / cas2 (68020).
        let sz = match (op >> 9) & 3 {
            1 => 'b',
            2 => 'w',
            3 => 'l',
            _ => return None,
        };
        if op & 0x800 == 0 {
            return None;
        }
        if op & 0x3f == 0x3c && sz != 'b' {
            let e1 = c.word()?;
            let e2 = c.word()?;
            let rn = |e: u16| {
                let r = REG.get(usize::from(e >> 12)).copied().unwrap_or("?");
                if e & 0x8000 != 0 {
                    format!("{r}@")
                } else {
                    format!("@({r})")
                }
            };
            o.t(format!(
                "{},{},{},{},{},{}",
                dn(e1 & 7),
                dn(e2 & 7),
                dn((e1 >> 6) & 7),
                dn((e2 >> 6) & 7),
                rn(e1),
                rn(e2)
            ));
            return Some(Dec::new(format!("cas2{sz}")));
        }
        let e = c.word()?;
        if e & 0xfe38 != 0 {
            return None;
        }
        o.t(format!("{},{},", dn(e & 7), dn((e >> 6) & 7)));
        ea(c, o, mode, reg, Ea::MemAlt, Sz::B)?;
        return Some(Dec::new(format!("cas{sz}")));
    }
    let name = match kind {
        0 => "ori",
        1 => "andi",
        2 => "subi",
        3 => "addi",
        5 => "eori",
        6 => "cmpi",
        _ => return None,
    };
    let (sz, s) = size_of(ss)?;
    // To %ccr / %sr.
    if mode == 7 && reg == 4 && matches!(kind, 0 | 1 | 5) {
        let w = c.word()?;
        match sz {
            'b' => o.t(format!("#{},%ccr", w as u8 as i8)),
            'w' => o.t(format!("#{},%sr", w as i16)),
            _ => return None,
        }
        return Some(Dec::new(format!("{name}{sz}")));
    }
    let imm = match s {
        Sz::B => format!("#{}", c.word()? as u8 as i8),
        Sz::W => format!("#{}", c.word()? as i16),
        _ => format!("#{}", c.long()? as i32),
    };
    o.t(format!("{imm},"));
    let class = if kind == 6 { Ea::Data } else { Ea::DataAlt };
    if kind == 6 && mode == 7 && reg == 4 {
        return None;
    }
    ea(c, o, mode, reg, class, s)?;
    Some(Dec::new(format!("{name}{sz}")))
}

/// Miscellaneous (`0x4xxx`).
fn group4(op: u16, c: &mut Cur<'_>, o: &mut Out<'_>) -> Option<Dec> {
    let mode = (op >> 3) & 7;
    let reg = op & 7;
    let r9 = (op >> 9) & 7;
    let ss = (op >> 6) & 3;
    let dn = |r: u16| REG.get(usize::from(r)).copied().unwrap_or("?");
    let an = |r: u16| REG.get(usize::from(r) + 8).copied().unwrap_or("?");
    match op {
        0x4e70 => return Some(Dec::new("reset")),
        0x4e71 => return Some(Dec::new("nop")),
        0x4e72 => {
            o.t(format!("#{}", c.word()? as i16));
            return Some(Dec::new("stop"));
        }
        0x4e73 => return Some(Dec::new("rte").flow(Flow::Return, None)),
        0x4e74 => {
            o.t(format!("#{}", c.word()? as i16));
            return Some(Dec::new("rtd").flow(Flow::Return, None));
        }
        0x4e75 => return Some(Dec::new("rts").flow(Flow::Return, None)),
        0x4e76 => return Some(Dec::new("trapv").flow(Flow::Trap, None)),
        0x4e77 => return Some(Dec::new("rtr").flow(Flow::Return, None)),
        0x4afc => return Some(Dec::new("illegal").flow(Flow::Trap, None)),
        _ => {}
    }
    match op & 0xfff0 {
        0x4e40 => {
            o.t(format!("#{}", op & 15));
            return Some(Dec::new("trap").flow(Flow::Trap, None));
        }
        0x4e50 if op & 8 == 0 => {
            o.t(format!("{},#{}", an(reg), c.word()? as i16));
            return Some(Dec::new("linkw"));
        }
        0x4e50 => {
            o.t(an(reg));
            return Some(Dec::new("unlk"));
        }
        0x4e60 => {
            if op & 8 == 0 {
                o.t(format!("{},%usp", an(reg)));
            } else {
                o.t(format!("%usp,{}", an(reg)));
            }
            return Some(Dec::new("movel"));
        }
        _ => {}
    }
    if op & 0xfff8 == 0x4808 {
        o.t(format!("{},#{}", an(reg), c.long()? as i32));
        return Some(Dec::new("linkl"));
    }
    if op & 0xfff8 == 0x4848 {
        o.t(format!("#{reg}"));
        return Some(Dec::new("bkpt").flow(Flow::Trap, None));
    }
    if op & 0xfff8 == 0x4840 {
        o.t(dn(reg));
        return Some(Dec::new("swap"));
    }
    if op & 0xfff8 == 0x4880 {
        o.t(dn(reg));
        return Some(Dec::new("extw"));
    }
    if op & 0xfff8 == 0x48c0 {
        o.t(dn(reg));
        return Some(Dec::new("extl"));
    }
    if op & 0xfff8 == 0x49c0 {
        o.t(dn(reg));
        return Some(Dec::new("extbl"));
    }
    if op & 0x1c0 == 0x1c0 {
        ea(c, o, mode, reg, Ea::Control, Sz::L)?;
        o.t(format!(",{}", an(r9)));
        return Some(Dec::new("lea"));
    }
    if op & 0x140 == 0x100 {
        let (sz, s) = if op & 0x80 != 0 {
            ('w', Sz::W)
        } else {
            ('l', Sz::L)
        };
        ea(c, o, mode, reg, Ea::Data, s)?;
        o.t(format!(",{}", dn(r9)));
        return Some(Dec::new(format!("chk{sz}")).flow(Flow::Other, None));
    }
    match op & 0xffc0 {
        0x40c0 => {
            o.t("%sr,");
            ea(c, o, mode, reg, Ea::DataAlt, Sz::W)?;
            return Some(Dec::new("movew"));
        }
        0x42c0 => {
            o.t("%ccr,");
            ea(c, o, mode, reg, Ea::DataAlt, Sz::W)?;
            return Some(Dec::new("movew"));
        }
        0x44c0 => {
            ea(c, o, mode, reg, Ea::Data, Sz::W)?;
            o.t(",%ccr");
            return Some(Dec::new("movew"));
        }
        0x46c0 => {
            ea(c, o, mode, reg, Ea::Data, Sz::W)?;
            o.t(",%sr");
            return Some(Dec::new("movew"));
        }
        0x4800 => {
            ea(c, o, mode, reg, Ea::DataAlt, Sz::B)?;
            return Some(Dec::new("nbcd"));
        }
        0x4840 => {
            ea(c, o, mode, reg, Ea::Control, Sz::L)?;
            return Some(Dec::new("pea"));
        }
        0x4ac0 => {
            ea(c, o, mode, reg, Ea::DataAlt, Sz::B)?;
            return Some(Dec::new("tas"));
        }
        0x4e80 => {
            ea(c, o, mode, reg, Ea::Control, Sz::L)?;
            return Some(Dec::new("jsr").flow(Flow::Call, None));
        }
        0x4ec0 => {
            ea(c, o, mode, reg, Ea::Control, Sz::L)?;
            return Some(Dec::new("jmp").flow(Flow::Jump, None));
        }
        0x4880 | 0x48c0 | 0x4c80 | 0x4cc0 => {
            let sz = if op & 0x40 != 0 { 'l' } else { 'w' };
            let mask = c.word()?;
            if op & 0x400 == 0 {
                let list = reglist(mask, mode == 4);
                o.t(format!("{list},"));
                ea(c, o, mode, reg, Ea::CtlPre, Sz::L)?;
            } else {
                ea(c, o, mode, reg, Ea::CtlPost, Sz::L)?;
                o.t(format!(",{}", reglist(mask, false)));
            }
            return Some(Dec::new(format!("movem{sz}")));
        }
        0x4c00 | 0x4c40 => {
            let e = c.word()?;
            if e & 0x83f8 != 0 {
                return None;
            }
            let signed = e & 0x800 != 0;
            let quad = e & 0x400 != 0;
            let dl = (e >> 12) & 7;
            let dh = e & 7;
            ea(c, o, mode, reg, Ea::Data, Sz::L)?;
            let u = if signed { 's' } else { 'u' };
            if op & 0x40 == 0 {
                if quad {
                    o.t(format!(",{},{}", dn(dh), dn(dl)));
                } else {
                    o.t(format!(",{}", dn(dl)));
                }
                return Some(Dec::new(format!("mul{u}l")));
            }
            let mn = if quad {
                o.t(format!(",{},{}", dn(dh), dn(dl)));
                format!("div{u}l")
            } else {
                o.t(format!(",{},{}", dn(dh), dn(dl)));
                format!("div{u}ll")
            };
            return Some(Dec::new(mn));
        }
        _ => {}
    }
    if ss == 3 {
        return None;
    }
    let (sz, s) = size_of(ss)?;
    let name = match (op >> 8) & 15 {
        0 => "negx",
        2 => "clr",
        4 => "neg",
        6 => "not",
        10 => {
            let class = if sz == 'b' { Ea::Data } else { Ea::All };
            ea(c, o, mode, reg, class, s)?;
            return Some(Dec::new(format!("tst{sz}")));
        }
        _ => return None,
    };
    ea(c, o, mode, reg, Ea::DataAlt, s)?;
    Some(Dec::new(format!("{name}{sz}")))
}

/// `or`/`sub`/`cmp`/`eor`/`and`/`add` and their `a`/`x`/`m` forms, multiply/divide word,
/// BCD, `exg`.
fn arith(op: u16, c: &mut Cur<'_>, o: &mut Out<'_>) -> Option<Dec> {
    let mode = (op >> 3) & 7;
    let reg = op & 7;
    let r9 = (op >> 9) & 7;
    let ss = (op >> 6) & 3;
    let to_ea = op & 0x100 != 0;
    let dn = |r: u16| REG.get(usize::from(r)).copied().unwrap_or("?");
    let an = |r: u16| REG.get(usize::from(r) + 8).copied().unwrap_or("?");
    let top = op >> 12;
    let base = match top {
        0x8 => "or",
        0x9 => "sub",
        0xb => "cmp",
        0xc => "and",
        _ => "add",
    };
    if ss == 3 {
        match top {
            0x8 | 0xc => {
                let name = match (top, to_ea) {
                    (0x8, false) => "divuw",
                    (0x8, true) => "divsw",
                    (_, false) => "muluw",
                    _ => "mulsw",
                };
                ea(c, o, mode, reg, Ea::Data, Sz::W)?;
                o.t(format!(",{}", dn(r9)));
                return Some(Dec::new(name));
            }
            _ => {
                let (sz, s) = if to_ea { ('l', Sz::L) } else { ('w', Sz::W) };
                ea(c, o, mode, reg, Ea::All, s)?;
                o.t(format!(",{}", an(r9)));
                return Some(Dec::new(format!("{base}a{sz}")));
            }
        }
    }
    if top == 0x8 && to_ea && mode <= 1 && (ss == 1 || ss == 2) {
        let adj = c.word()? as i16;
        let mn = if ss == 1 { "pack" } else { "unpk" };
        if mode == 0 {
            o.t(format!("{},{},#{adj}", dn(reg), dn(r9)));
        } else {
            o.t(format!("{}@-,{}@-,#{adj}", an(reg), an(r9)));
        }
        return Some(Dec::new(mn));
    }
    let (sz, s) = size_of(ss)?;
    if !to_ea {
        let class = if top == 0x8 || top == 0xc || (sz == 'b' && top != 0xb) {
            Ea::Data
        } else {
            Ea::All
        };
        ea(c, o, mode, reg, class, s)?;
        o.t(format!(",{}", dn(r9)));
        return Some(Dec::new(format!("{base}{sz}")));
    }
    match top {
        0xb => {
            if mode == 1 {
                o.t(format!("{}@+,{}@+", an(reg), an(r9)));
                return Some(Dec::new(format!("cmpm{sz}")));
            }
            o.t(format!("{},", dn(r9)));
            ea(c, o, mode, reg, Ea::DataAlt, s)?;
            return Some(Dec::new(format!("eor{sz}")));
        }
        0x8 | 0xc if mode <= 1 => {
            return match (top, ss, mode) {
                (_, 0, 0) => {
                    o.t(format!("{},{}", dn(reg), dn(r9)));
                    Some(Dec::new(if top == 0x8 { "sbcd" } else { "abcd" }))
                }
                (_, 0, _) => {
                    o.t(format!("{}@-,{}@-", an(reg), an(r9)));
                    Some(Dec::new(if top == 0x8 { "sbcd" } else { "abcd" }))
                }
                (0xc, 1, 0) => {
                    o.t(format!("{},{}", dn(r9), dn(reg)));
                    Some(Dec::new("exg"))
                }
                (0xc, 1, _) => {
                    o.t(format!("{},{}", an(r9), an(reg)));
                    Some(Dec::new("exg"))
                }
                (0xc, 2, 1) => {
                    o.t(format!("{},{}", dn(r9), an(reg)));
                    Some(Dec::new("exg"))
                }
                _ => None,
            };
        }
        0x9 | 0xd if mode <= 1 => {
            if mode == 0 {
                o.t(format!("{},{}", dn(reg), dn(r9)));
            } else {
                o.t(format!("{}@-,{}@-", an(reg), an(r9)));
            }
            return Some(Dec::new(format!("{base}x{sz}")));
        }
        _ => {}
    }
    o.t(format!("{},", dn(r9)));
    ea(c, o, mode, reg, Ea::MemAlt, s)?;
    Some(Dec::new(format!("{base}{sz}")))
}

/// Shifts, rotates and bit fields (`0xexxx`).
fn shift(op: u16, c: &mut Cur<'_>, o: &mut Out<'_>) -> Option<Dec> {
    let mode = (op >> 3) & 7;
    let reg = op & 7;
    let r9 = (op >> 9) & 7;
    let ss = (op >> 6) & 3;
    let dn = |r: u16| REG.get(usize::from(r)).copied().unwrap_or("?");
    let dir = if op & 0x100 != 0 { 'l' } else { 'r' };
    let kinds = ["as", "ls", "rox", "ro"];
    if ss != 3 {
        let (sz, _) = size_of(ss)?;
        let kind = kinds.get(usize::from((op >> 3) & 3))?;
        if op & 0x20 != 0 {
            o.t(format!("{},{}", dn(r9), dn(reg)));
        } else {
            let n = if r9 == 0 { 8 } else { r9 };
            o.t(format!("#{n},{}", dn(reg)));
        }
        return Some(Dec::new(format!("{kind}{dir}{sz}")));
    }
    if op & 0x800 == 0 {
        let kind = kinds.get(usize::from((op >> 9) & 3))?;
        ea(c, o, mode, reg, Ea::MemAlt, Sz::W)?;
        return Some(Dec::new(format!("{kind}{dir}w")));
    }
    // Bit fields.
    let kind = (op >> 8) & 7;
    let name = [
        "bftst", "bfextu", "bfchg", "bfexts", "bfclr", "bfffo", "bfset", "bfins",
    ]
    .get(usize::from(kind))?;
    let e = c.word()?;
    if e & 0x8000 != 0 || (e & 0x800 != 0 && e & 0x600 != 0) || (e & 0x20 != 0 && e & 0x18 != 0) {
        return None;
    }
    let off = if e & 0x800 != 0 {
        dn((e >> 6) & 7).to_owned()
    } else {
        format!("{}", (e >> 6) & 31)
    };
    let width = if e & 0x20 != 0 {
        dn(e & 7).to_owned()
    } else {
        format!("{}", e & 31)
    };
    let class = match kind {
        0 | 1 | 3 | 5 => Ea::DnCtl,
        _ => Ea::DnCtlAlt,
    };
    let r = dn((e >> 12) & 7);
    match kind {
        7 => {
            o.t(format!("{r},"));
            ea(c, o, mode, reg, class, Sz::L)?;
            o.t(format!(",{off},{width}"));
        }
        1 | 3 | 5 => {
            ea(c, o, mode, reg, class, Sz::L)?;
            o.t(format!(",{off},{width},{r}"));
        }
        _ => {
            ea(c, o, mode, reg, class, Sz::L)?;
            o.t(format!(",{off},{width}"));
        }
    }
    Some(Dec::new(*name))
}

/// The 68881/68882 FPU (coprocessor 1).
fn fpu(op: u16, c: &mut Cur<'_>, o: &mut Out<'_>, addr: u64) -> Option<Dec> {
    let _ = addr;
    if op & 0xff00 == 0xf400 && op & 0x18 != 0 {
        // 68040 cache control: cinv/cpush {line, page, all}.
        let caches = ["nc", "dc", "ic", "bc"].get(usize::from((op >> 6) & 3))?;
        let kind = if op & 0x20 != 0 { "cpush" } else { "cinv" };
        let an = REG.get(usize::from(op & 7) + 8).copied().unwrap_or("?");
        return Some(match (op >> 3) & 3 {
            1 => {
                o.t(format!("{caches},{an}@"));
                Dec::new(format!("{kind}l"))
            }
            2 => {
                o.t(format!("{caches},{an}@"));
                Dec::new(format!("{kind}p"))
            }
            _ => {
                o.t(*caches);
                Dec::new(format!("{kind}a"))
            }
        });
    }
    if (op >> 9) & 7 != 1 {
        return None;
    }
    let mode = (op >> 3) & 7;
    let reg = op & 7;
    let dn = |r: u16| REG.get(usize::from(r)).copied().unwrap_or("?");
    match (op >> 6) & 7 {
        0 => fgen(op, c, o),
        1 => {
            let e = c.word()?;
            if e & 0xffc0 != 0 {
                return None;
            }
            let cond = FCOND.get(usize::from(e & 0x3f))?;
            if mode == 1 {
                let at = c.here();
                let d = c.word()? as i16;
                let t = at.wrapping_add(i64::from(d) as u64);
                o.t(format!("{},", dn(reg)));
                o.a(t);
                return Some(Dec::new(format!("fdb{cond}")).flow(Flow::CondJump, Some(t)));
            }
            if mode == 7 && (2..=4).contains(&reg) {
                let mn = match reg {
                    2 => {
                        o.t(format!("#{}", c.word()? as i16));
                        format!("ftrap{cond}w")
                    }
                    3 => {
                        o.t(format!("#{}", c.long()? as i32));
                        format!("ftrap{cond}l")
                    }
                    _ => format!("ftrap{cond}"),
                };
                return Some(Dec::new(mn).flow(Flow::Trap, None));
            }
            ea(c, o, mode, reg, Ea::DataAlt, Sz::B)?;
            Some(Dec::new(format!("fs{cond}")))
        }
        2 | 3 => {
            let cond = FCOND.get(usize::from(op & 0x3f))?;
            let at = c.here();
            let long = op & 0x40 != 0;
            let d = if long {
                i64::from(c.long()? as i32)
            } else {
                i64::from(c.word()? as i16)
            };
            if !long && op & 0x3f == 0 && d == 0 {
                return Some(Dec::new("fnop"));
            }
            let t = at.wrapping_add(d as u64);
            o.a(t);
            let mn = if long {
                format!("fb{cond}l")
            } else {
                format!("fb{cond}")
            };
            let flow = if op & 0x3f == 15 {
                Flow::Jump
            } else {
                Flow::CondJump
            };
            Some(Dec::new(mn).flow(flow, Some(t)))
        }
        4 => {
            ea(c, o, mode, reg, Ea::CtlPre, Sz::L)?;
            Some(Dec::new("fsave"))
        }
        5 => {
            ea(c, o, mode, reg, Ea::CtlPost, Sz::L)?;
            Some(Dec::new("frestore"))
        }
        _ => None,
    }
}

/// FPU general instructions (`0xf200`).
fn fgen(op: u16, c: &mut Cur<'_>, o: &mut Out<'_>) -> Option<Dec> {
    let mode = (op >> 3) & 7;
    let reg = op & 7;
    let e = c.word()?;
    let class = e >> 13;
    let rx = (e >> 10) & 7;
    let ry = (e >> 7) & 7;
    let opmode = e & 0x7f;
    let fmt = |f: u16| -> Option<(char, Sz)> {
        Some(match f {
            0 => ('l', Sz::L),
            1 => ('s', Sz::S),
            2 => ('x', Sz::X),
            3 => ('p', Sz::P),
            4 => ('w', Sz::W),
            5 => ('d', Sz::D),
            6 => ('b', Sz::B),
            _ => return None,
        })
    };
    match class {
        0 | 2 => {
            if class == 2 && rx == 7 {
                // fmovecr
                if op & 0x3f != 0 {
                    return None;
                }
                o.t(format!("#{},%fp{ry}", e & 0x7f));
                return Some(Dec::new("fmovecrx"));
            }
            if class == 0 && op & 0x3f != 0 {
                return None;
            }
            let name = fop_name(opmode)?;
            let (sfx, s) = if class == 0 { ('x', Sz::X) } else { fmt(rx)? };
            let src_ok = |o: &mut Out<'_>, c: &mut Cur<'_>| -> Option<()> {
                if class == 0 {
                    o.t(format!("%fp{rx}"));
                    Some(())
                } else {
                    let cls = if matches!(sfx, 'l' | 'w' | 'b' | 's') {
                        Ea::Data
                    } else {
                        Ea::Mem
                    };
                    ea(c, o, mode, reg, cls, s)
                }
            };
            if (0x30..=0x37).contains(&opmode) {
                src_ok(o, c)?;
                o.t(format!(",%fp{},%fp{ry}", opmode & 7));
                return Some(Dec::new(format!("fsincos{sfx}")));
            }
            src_ok(o, c)?;
            if opmode == 0x3a {
                if ry != 0 {
                    return None;
                }
            } else {
                o.t(format!(",%fp{ry}"));
            }
            Some(Dec::new(format!("{name}{sfx}")))
        }
        3 => {
            let (sfx, s) = fmt(rx)?;
            o.t(format!("%fp{ry},"));
            let cls = if matches!(sfx, 'l' | 'w' | 'b' | 's') {
                Ea::DataAlt
            } else {
                Ea::MemAlt
            };
            ea(c, o, mode, reg, cls, s)?;
            if sfx == 'p' {
                let k = e & 0x7f;
                if rx == 3 {
                    o.t(format!("{{#{}}}", ((k as i8) << 1) >> 1));
                } else {
                    o.t(format!(
                        "{{{}}}",
                        REG.get(usize::from(k >> 4)).copied().unwrap_or("?")
                    ));
                }
            } else if opmode != 0 {
                return None;
            }
            Some(Dec::new(format!("fmove{sfx}")))
        }
        4 | 5 => {
            if e & 0x3ff != 0 {
                return None;
            }
            let regs: Vec<&str> = [(1, "%fpiar"), (2, "%fpsr"), (4, "%fpcr")]
                .iter()
                .filter(|(b, _)| rx & b != 0)
                .map(|(_, n)| *n)
                .collect();
            let list = if regs.is_empty() {
                "#0".to_owned()
            } else {
                regs.join("/")
            };
            let (mn, cls) = if regs.len() > 1 {
                ("fmoveml", Ea::Mem)
            } else if rx == 1 {
                ("fmovel", Ea::All)
            } else {
                ("fmovel", Ea::Data)
            };
            if class == 4 {
                ea(c, o, mode, reg, cls, Sz::L)?;
                o.t(format!(",{list}"));
            } else {
                o.t(format!("{list},"));
                let cls = if regs.len() > 1 {
                    Ea::MemAlt
                } else if rx == 1 {
                    Ea::Alt
                } else {
                    Ea::DataAlt
                };
                ea(c, o, mode, reg, cls, Sz::L)?;
            }
            Some(Dec::new(mn))
        }
        _ => {
            // fmovem data registers.
            let m = (e >> 11) & 3;
            if e & 0x700 != 0 {
                return None;
            }
            let list = if m & 1 != 0 {
                if e & 0x8f != 0 {
                    return None;
                }
                REG.get(usize::from((e >> 4) & 7))
                    .copied()
                    .unwrap_or("?")
                    .to_owned()
            } else {
                freglist(e & 0xff, mode == 4)
            };
            if class == 6 {
                ea(c, o, mode, reg, Ea::CtlPost, Sz::L)?;
                o.t(format!(",{list}"));
            } else {
                o.t(format!("{list},"));
                ea(c, o, mode, reg, Ea::CtlPre, Sz::L)?;
            }
            Some(Dec::new("fmovemx"))
        }
    }
}

/// FPU operation names by opmode.
fn fop_name(opmode: u16) -> Option<&'static str> {
    Some(match opmode {
        0x00 => "fmove",
        0x01 => "fint",
        0x02 => "fsinh",
        0x03 => "fintrz",
        0x04 => "fsqrt",
        0x06 => "flognp1",
        0x08 => "fetoxm1",
        0x09 => "ftanh",
        0x0a => "fatan",
        0x0c => "fasin",
        0x0d => "fatanh",
        0x0e => "fsin",
        0x0f => "ftan",
        0x10 => "fetox",
        0x11 => "ftwotox",
        0x12 => "ftentox",
        0x14 => "flogn",
        0x15 => "flog10",
        0x16 => "flog2",
        0x18 => "fabs",
        0x19 => "fcosh",
        0x1a => "fneg",
        0x1c => "facos",
        0x1d => "fcos",
        0x1e => "fgetexp",
        0x1f => "fgetman",
        0x20 => "fdiv",
        0x21 => "fmod",
        0x22 => "fadd",
        0x23 => "fmul",
        0x24 => "fsgldiv",
        0x25 => "frem",
        0x26 => "fscale",
        0x27 => "fsglmul",
        0x28 => "fsub",
        0x30..=0x37 => "fsincos",
        0x38 => "fcmp",
        0x3a => "ftst",
        0x40 => "fsmove",
        0x41 => "fssqrt",
        0x44 => "fdmove",
        0x45 => "fdsqrt",
        0x58 => "fsabs",
        0x5a => "fsneg",
        0x5c => "fdabs",
        0x5e => "fdneg",
        0x60 => "fsdiv",
        0x62 => "fsadd",
        0x63 => "fsmul",
        0x64 => "fddiv",
        0x66 => "fdadd",
        0x67 => "fdmul",
        0x68 => "fssub",
        0x6c => "fdsub",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use crate::{Arch, Disassembler, Flow};

    fn one(code: &[u8], addr: u64) -> (String, usize, Flow, Option<u64>) {
        let dis = Disassembler::new(Arch::M68K);
        let i = dis.iter(code, addr).next().unwrap();
        (i.text.clone(), i.len(), i.flow, i.target)
    }

    #[test]
    fn flow_and_targets() {
        use Flow::*;
        let t = |s: &str| s.to_owned();
        // bsrl +0x100
        assert_eq!(
            one(&[0x61, 0xff, 0, 0, 1, 0], 0x1000),
            (t("bsrl 1102"), 6, Call, Some(0x1102))
        );
        // beqs -4; braw +0x10
        assert_eq!(
            one(&[0x67, 0xfc], 0x1000),
            (t("beqs ffe"), 2, CondJump, Some(0xffe))
        );
        assert_eq!(
            one(&[0x60, 0x00, 0x00, 0x10], 0x1000),
            (t("braw 1012"), 4, Jump, Some(0x1012))
        );
        // dbf %d3,-6
        assert_eq!(
            one(&[0x51, 0xcb, 0xff, 0xfa], 0x1000),
            (t("dbf %d3,ffc"), 4, CondJump, Some(0xffc))
        );
        assert_eq!(one(&[0x4e, 0x75], 0), (t("rts"), 2, Return, None));
        assert_eq!(one(&[0x4e, 0x40], 0), (t("trap #0"), 2, Trap, None));
        assert_eq!(one(&[0x4e, 0x90], 0), (t("jsr %a0@"), 2, Call, None));
        assert_eq!(
            one(&[0xff, 0xff], 0),
            (t(".short 0xffff"), 2, Invalid, None)
        );
        // movel %fp@(8),%d0 (4 bytes); truncated: `.short`.
        assert_eq!(one(&[0x20, 0x2e, 0x00, 0x08], 0).0, "movel %fp@(8),%d0");
        assert_eq!(one(&[0x20, 0x2e, 0x00], 0).1, 2);
        // lea with a PC-relative index: `%pc@(addr,%d0:l:4)`.
        assert_eq!(
            one(&[0x4b, 0xfb, 0x0c, 0x10], 0x100).0,
            "lea %pc@(112,%d0:l:4),%a5"
        );
    }
}
