//! Rust symbol demangling: legacy (`_ZN…17h<hash>E`) and v0 (`_R…`).
//!
//! Which symbols count as Rust, and the v0 output format, follow GNU
//! libiberty's `rust-demangle.c` as used by `c++filt` 2.40: in verbose
//! mode (the default) crate roots carry their disambiguator (`core[1a2b…]`)
//! and constants their type (`8: usize`); legacy symbols keep the `::h…`
//! hash. Legacy names are printed by the `rustc-demangle` crate once they
//! pass GNU's checks; v0 names by the printer below.

use std::fmt::Write as _;

/// GNU's `RUST_MAX_RECURSION_COUNT`.
const MAX_RECURSION: u32 = 1024;
/// Hard cap used even when the GNU limit is off.
const HARD_RECURSION: u32 = 1500;

/// Result of trying a symbol as Rust.
pub(crate) fn demangle(
    name: &str,
    verbose: bool,
    recurse_limit: bool,
    max_out: usize,
) -> Option<String> {
    if let Some(rest) = name.strip_prefix("_R") {
        demangle_v0(rest, verbose, recurse_limit, max_out)
    } else if let Some(rest) = name.strip_prefix("_ZN") {
        demangle_legacy(name, rest, verbose, max_out)
    } else {
        None
    }
}

/// Legacy: GNU's acceptance checks, then `rustc-demangle` for printing.
fn demangle_legacy(full: &str, rest: &str, verbose: bool, max_out: usize) -> Option<String> {
    let b = rest.as_bytes();
    // Drop a `.suffix` after the final `E`: the path ends at the last `E`
    // that ends the name or is followed by a `.`. (Checked first, with the
    // hash segment's `17h`, as most C++ names fail here cheaply.)
    let mut len = if b.last() == Some(&b'E') {
        b.len()
    } else if b.contains(&b'.') {
        b.windows(2).rposition(|w| w == b"E.")? + 1
    } else {
        return None;
    };
    len -= 1;
    if !(len > 19 && b.get(len - 19..len - 16) == Some(b"17h".as_slice())) {
        return None;
    }
    if !b
        .iter()
        .all(|&c| c == b'_' || c.is_ascii_alphanumeric() || matches!(c, b'$' | b'.' | b':' | b'@'))
    {
        return None;
    }
    // Every segment must be a well-formed `<len><ident>`; the last is the hash.
    let mut pos = 0;
    let mut last: &[u8] = &[];
    while pos < len {
        let c = *b.get(pos)?;
        if !c.is_ascii_digit() {
            return None;
        }
        let mut n = usize::from(c - b'0');
        pos += 1;
        if c != b'0' {
            while let Some(&d) = b.get(pos).filter(|d| d.is_ascii_digit()) {
                n = n.checked_mul(10)?.checked_add(usize::from(d - b'0'))?;
                pos += 1;
            }
        }
        let end = pos.checked_add(n)?;
        if end > len || n == 0 {
            return None;
        }
        last = b.get(pos..end)?;
        pos = end;
    }
    if !is_legacy_hash(last) {
        return None;
    }
    // Hand `rustc-demangle` the symbol without the suffix.
    let sym = full.get(..3 + len + 1)?;
    let d = rustc_demangle::try_demangle(sym).ok()?;
    let out = if verbose {
        format!("{d}")
    } else {
        format!("{d:#}")
    };
    (out.len() <= max_out).then_some(out)
}

/// `h` followed by 16 lowercase hex digits, at least 5 of them distinct.
fn is_legacy_hash(id: &[u8]) -> bool {
    let Some((&b'h', hex)) = id.split_first() else {
        return false;
    };
    if hex.len() != 16 {
        return false;
    }
    let mut seen: u16 = 0;
    for &c in hex {
        let v = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            _ => return false,
        };
        seen |= 1 << v;
    }
    seen.count_ones() >= 5
}

fn demangle_v0(rest: &str, verbose: bool, recurse_limit: bool, max_out: usize) -> Option<String> {
    let b = rest.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_uppercase) {
        return None;
    }
    let end = b.iter().position(|&c| c == b'.').unwrap_or(b.len());
    let sym = b.get(..end)?;
    if !sym.iter().all(|&c| c == b'_' || c.is_ascii_alphanumeric()) {
        return None;
    }
    let mut d = V0 {
        sym,
        next: 0,
        errored: false,
        skipping: false,
        verbose,
        limit: if recurse_limit {
            MAX_RECURSION
        } else {
            HARD_RECURSION
        },
        recursion: 0,
        bound_lifetime_depth: 0,
        out: String::new(),
        max_out,
    };
    d.path(true);
    if !d.errored && d.next < sym.len() {
        d.skipping = true;
        d.path(false);
    }
    if d.next != sym.len() {
        d.errored = true;
    }
    if d.errored {
        None
    } else {
        Some(d.out)
    }
}

/// An identifier: ASCII part and optional punycode part.
#[derive(Clone, Copy, Default)]
struct Ident<'a> {
    ascii: Option<&'a [u8]>,
    punycode: Option<&'a [u8]>,
}

struct V0<'a> {
    sym: &'a [u8],
    next: usize,
    errored: bool,
    skipping: bool,
    verbose: bool,
    limit: u32,
    recursion: u32,
    bound_lifetime_depth: u64,
    out: String,
    max_out: usize,
}

impl<'a> V0<'a> {
    fn peek(&self) -> u8 {
        self.sym.get(self.next).copied().unwrap_or(0)
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == c {
            self.next += 1;
            true
        } else {
            false
        }
    }

    fn next_char(&mut self) -> u8 {
        let c = self.peek();
        if c == 0 {
            self.errored = true;
        } else {
            self.next += 1;
        }
        c
    }

    fn print(&mut self, s: &str) {
        if self.errored || self.skipping {
            return;
        }
        if self.out.len() + s.len() > self.max_out {
            self.errored = true;
            return;
        }
        self.out.push_str(s);
    }

    fn print_u64(&mut self, x: u64) {
        self.print(&x.to_string());
    }

    fn enter(&mut self) -> bool {
        self.recursion += 1;
        if self.recursion > self.limit {
            self.errored = true;
            return false;
        }
        true
    }

    fn integer_62(&mut self) -> u64 {
        if self.eat(b'_') {
            return 0;
        }
        let mut x: u64 = 0;
        while !self.eat(b'_') && !self.errored {
            let c = self.next_char();
            x = x.wrapping_mul(62);
            let v = match c {
                b'0'..=b'9' => c - b'0',
                b'a'..=b'z' => 10 + c - b'a',
                b'A'..=b'Z' => 36 + c - b'A',
                _ => {
                    self.errored = true;
                    return 0;
                }
            };
            x = x.wrapping_add(u64::from(v));
        }
        x.wrapping_add(1)
    }

    fn opt_integer_62(&mut self, tag: u8) -> u64 {
        if !self.eat(tag) {
            return 0;
        }
        self.integer_62().wrapping_add(1)
    }

    fn hex_nibbles(&mut self) -> (usize, u64) {
        let mut len = 0;
        let mut value: u64 = 0;
        while !self.eat(b'_') {
            value = value.wrapping_shl(4);
            let c = self.next_char();
            let v = match c {
                b'0'..=b'9' => c - b'0',
                b'a'..=b'f' => 10 + c - b'a',
                _ => {
                    self.errored = true;
                    return (0, 0);
                }
            };
            value |= u64::from(v);
            len += 1;
        }
        (len, value)
    }

    fn ident(&mut self) -> Ident<'a> {
        let mut id = Ident::default();
        let is_puny = self.eat(b'u');
        let c = self.next_char();
        if !c.is_ascii_digit() {
            self.errored = true;
            return id;
        }
        let mut len = usize::from(c - b'0');
        if c != b'0' {
            while self.peek().is_ascii_digit() {
                let d = self.next_char();
                len = len.wrapping_mul(10).wrapping_add(usize::from(d - b'0'));
            }
        }
        self.eat(b'_');
        let start = self.next;
        let Some(end) = start.checked_add(len).filter(|&e| e <= self.sym.len()) else {
            self.errored = true;
            return id;
        };
        self.next = end;
        let Some(mut ascii) = self.sym.get(start..end) else {
            self.errored = true;
            return id;
        };
        if is_puny {
            let split = ascii.iter().rposition(|&c| c == b'_');
            let (a, p) = match split {
                Some(i) => (
                    ascii.get(..i).unwrap_or(&[]),
                    ascii.get(i + 1..).unwrap_or(&[]),
                ),
                None => (&[][..], ascii),
            };
            if p.is_empty() {
                self.errored = true;
                return id;
            }
            ascii = a;
            id.punycode = Some(p);
        }
        if !ascii.is_empty() {
            id.ascii = Some(ascii);
        }
        id
    }

    fn print_ident(&mut self, id: Ident<'_>) {
        if self.errored || self.skipping {
            return;
        }
        let ascii = id.ascii.unwrap_or(&[]);
        let Some(puny) = id.punycode else {
            self.print(std::str::from_utf8(ascii).unwrap_or(""));
            return;
        };
        if let Some(s) = decode_punycode(ascii, puny, &mut self.errored) {
            self.print(&s);
        }
    }

    fn print_lifetime(&mut self, lt: u64) {
        self.print("'");
        if lt == 0 {
            self.print("_");
            return;
        }
        let depth = self.bound_lifetime_depth.wrapping_sub(lt);
        if depth < 26 {
            let c = char::from(b'a' + u8::try_from(depth).unwrap_or(0));
            let mut buf = [0u8; 4];
            self.print(c.encode_utf8(&mut buf));
        } else {
            self.print("_");
            self.print_u64(depth);
        }
    }

    fn binder(&mut self) {
        if self.errored {
            return;
        }
        let n = self.opt_integer_62(b'G');
        if self.skipping {
            // Nothing is printed, so nothing would end a loop over a count
            // of up to 2^64 lifetimes (GNU loops on).
            self.bound_lifetime_depth = self.bound_lifetime_depth.wrapping_add(n);
            return;
        }
        if n > 0 {
            self.print("for<");
            let mut i = 0;
            while i < n && !self.errored {
                if i > 0 {
                    self.print(", ");
                }
                self.bound_lifetime_depth = self.bound_lifetime_depth.wrapping_add(1);
                self.print_lifetime(1);
                i += 1;
            }
            self.print("> ");
        }
    }

    /// Follows a back-reference: runs `f` at the referenced position.
    /// Items printed by `item`, separated by `sep`, up to the closing `E`; how many.
    fn list(&mut self, sep: &str, item: fn(&mut Self)) -> usize {
        let mut n = 0;
        while !self.errored && !self.eat(b'E') {
            if n > 0 {
                self.print(sep);
            }
            item(self);
            n += 1;
        }
        n
    }

    fn backref(&mut self, f: fn(&mut Self)) {
        let target = self.integer_62();
        if self.skipping || self.errored {
            return;
        }
        let Ok(target) = usize::try_from(target) else {
            self.errored = true;
            return;
        };
        // Positions are relative to the start after `_R`. Like GNU, forward
        // references are allowed; the recursion limit bounds them.
        if target >= self.sym.len() {
            self.errored = true;
            return;
        }
        let old = self.next;
        self.next = target;
        f(self);
        self.next = old;
    }

    fn path(&mut self, in_value: bool) {
        if self.errored {
            return;
        }
        if self.enter() {
            self.path_inner(in_value);
        }
        self.recursion -= 1;
    }

    fn path_value(&mut self) {
        self.path(true);
    }

    fn path_type(&mut self) {
        self.path(false);
    }

    fn path_inner(&mut self, in_value: bool) {
        let tag = self.next_char();
        match tag {
            b'C' => {
                let dis = self.opt_integer_62(b's');
                let name = self.ident();
                self.print_ident(name);
                if self.verbose {
                    let mut s = String::new();
                    let _ = write!(s, "[{dis:x}]");
                    self.print(&s);
                }
            }
            b'N' => {
                let ns = self.next_char();
                if !ns.is_ascii_alphabetic() {
                    self.errored = true;
                    return;
                }
                self.path(in_value);
                let dis = self.opt_integer_62(b's');
                let name = self.ident();
                let has_name = name.ascii.is_some() || name.punycode.is_some();
                if ns.is_ascii_uppercase() {
                    self.print("::{");
                    match ns {
                        b'C' => self.print("closure"),
                        b'S' => self.print("shim"),
                        _ => {
                            let mut buf = [0u8; 4];
                            self.print(char::from(ns).encode_utf8(&mut buf));
                        }
                    }
                    if has_name {
                        self.print(":");
                        self.print_ident(name);
                    }
                    self.print("#");
                    self.print_u64(dis);
                    self.print("}");
                } else if has_name {
                    self.print("::");
                    self.print_ident(name);
                }
            }
            b'M' | b'X' | b'Y' => {
                if tag != b'Y' {
                    self.opt_integer_62(b's');
                    let was = self.skipping;
                    self.skipping = true;
                    self.path(in_value);
                    self.skipping = was;
                }
                self.print("<");
                self.ty();
                if tag != b'M' {
                    self.print(" as ");
                    self.path(false);
                }
                self.print(">");
            }
            b'I' => {
                self.path(in_value);
                if in_value {
                    self.print("::");
                }
                self.print("<");
                self.list(", ", Self::generic_arg);
                self.print(">");
            }
            b'B' => {
                if in_value {
                    self.backref(Self::path_value);
                } else {
                    self.backref(Self::path_type);
                }
            }
            _ => self.errored = true,
        }
    }

    fn generic_arg(&mut self) {
        if self.eat(b'L') {
            let lt = self.integer_62();
            self.print_lifetime(lt);
        } else if self.eat(b'K') {
            self.konst();
        } else {
            self.ty();
        }
    }

    fn ty(&mut self) {
        if self.errored {
            return;
        }
        let tag = self.next_char();
        if let Some(b) = basic_type(tag) {
            self.print(b);
            return;
        }
        if self.enter() {
            self.ty_inner(tag);
        }
        self.recursion -= 1;
    }

    fn ty_inner(&mut self, tag: u8) {
        match tag {
            b'R' | b'Q' => {
                self.print("&");
                if self.eat(b'L') {
                    let lt = self.integer_62();
                    if lt != 0 {
                        self.print_lifetime(lt);
                        self.print(" ");
                    }
                }
                if tag != b'R' {
                    self.print("mut ");
                }
                self.ty();
            }
            b'P' | b'O' => {
                self.print(if tag == b'P' { "*const " } else { "*mut " });
                self.ty();
            }
            b'A' | b'S' => {
                self.print("[");
                self.ty();
                if tag == b'A' {
                    self.print("; ");
                    self.konst();
                }
                self.print("]");
            }
            b'T' => {
                self.print("(");
                let i = self.list(", ", Self::ty);
                if i == 1 {
                    self.print(",");
                }
                self.print(")");
            }
            b'F' => {
                let old = self.bound_lifetime_depth;
                self.binder();
                if self.eat(b'U') {
                    self.print("unsafe ");
                }
                if self.eat(b'K') {
                    let abi: Vec<u8> = if self.eat(b'C') {
                        b"C".to_vec()
                    } else {
                        let id = self.ident();
                        match (id.ascii, id.punycode) {
                            (Some(a), None) => a.to_vec(),
                            _ => {
                                self.errored = true;
                                self.bound_lifetime_depth = old;
                                return;
                            }
                        }
                    };
                    self.print("extern \"");
                    let abi: String = abi
                        .iter()
                        .map(|&c| if c == b'_' { '-' } else { char::from(c) })
                        .collect();
                    self.print(&abi);
                    self.print("\" ");
                }
                self.print("fn(");
                self.list(", ", Self::ty);
                self.print(")");
                if !self.eat(b'u') {
                    self.print(" -> ");
                    self.ty();
                }
                self.bound_lifetime_depth = old;
            }
            b'D' => {
                self.print("dyn ");
                let old = self.bound_lifetime_depth;
                self.binder();
                self.list(" + ", Self::dyn_trait);
                self.bound_lifetime_depth = old;
                if !self.eat(b'L') {
                    self.errored = true;
                    return;
                }
                let lt = self.integer_62();
                if lt != 0 {
                    self.print(" + ");
                    self.print_lifetime(lt);
                }
            }
            b'B' => self.backref(Self::ty),
            _ => {
                self.next -= 1;
                self.path(false);
            }
        }
    }

    fn path_maybe_open_generics(&mut self) -> bool {
        let mut open = false;
        if self.errored {
            return false;
        }
        if self.enter() {
            if self.eat(b'B') {
                let target = self.integer_62();
                if !self.skipping && !self.errored {
                    match usize::try_from(target) {
                        Ok(t) if t < self.sym.len() => {
                            let old = self.next;
                            self.next = t;
                            open = self.path_maybe_open_generics();
                            self.next = old;
                        }
                        _ => self.errored = true,
                    }
                }
            } else if self.eat(b'I') {
                self.path(false);
                self.print("<");
                open = true;
                self.list(", ", Self::generic_arg);
            } else {
                self.path(false);
            }
        }
        self.recursion -= 1;
        open
    }

    fn dyn_trait(&mut self) {
        if self.errored {
            return;
        }
        let mut open = self.path_maybe_open_generics();
        while self.eat(b'p') {
            self.print(if open { ", " } else { "<" });
            open = true;
            let name = self.ident();
            self.print_ident(name);
            self.print(" = ");
            self.ty();
        }
        if open {
            self.print(">");
        }
    }

    fn konst(&mut self) {
        if self.errored {
            return;
        }
        if self.enter() {
            self.konst_inner();
        }
        self.recursion -= 1;
    }

    fn konst_inner(&mut self) {
        if self.eat(b'B') {
            self.backref(Self::konst);
            return;
        }
        let tag = self.next_char();
        match tag {
            b'p' => {
                self.print("_");
                return;
            }
            b'h' | b't' | b'm' | b'y' | b'o' | b'j' => self.const_uint(),
            b'a' | b's' | b'l' | b'x' | b'n' | b'i' => {
                if self.eat(b'n') {
                    self.print("-");
                }
                self.const_uint();
            }
            b'b' => {
                let (len, v) = self.hex_nibbles();
                match (len, v) {
                    (1, 0) => self.print("false"),
                    (1, 1) => self.print("true"),
                    _ => self.errored = true,
                }
            }
            b'c' => {
                let (len, v) = self.hex_nibbles();
                if len == 0 || len > 8 {
                    self.errored = true;
                    return;
                }
                self.print("'");
                match v {
                    0x09 => self.print("\\t"),
                    0x0d => self.print("\\r"),
                    0x0a => self.print("\\n"),
                    0x21..=0x7d => {
                        let c = char::from(u8::try_from(v).unwrap_or(b'?'));
                        let mut buf = [0u8; 4];
                        self.print(c.encode_utf8(&mut buf));
                    }
                    _ => {
                        let s = format!("\\u{{{v:x}}}");
                        self.print(&s);
                    }
                }
                self.print("'");
            }
            _ => {
                self.errored = true;
                return;
            }
        }
        if !self.errored && self.verbose {
            self.print(": ");
            self.print(basic_type(tag).unwrap_or(""));
        }
    }

    fn const_uint(&mut self) {
        if self.errored {
            return;
        }
        let (len, v) = self.hex_nibbles();
        if self.errored {
            return;
        }
        if len > 16 {
            // GNU prints the `len` bytes ending at the current position, which
            // is one past the digits (it includes the `_` terminator).
            let digits = self.sym.get(self.next - len..self.next).unwrap_or(&[]);
            let s = format!("0x{}", std::str::from_utf8(digits).unwrap_or(""));
            self.print(&s);
        } else if len > 0 {
            self.print_u64(v);
        } else {
            self.errored = true;
        }
    }
}

fn basic_type(tag: u8) -> Option<&'static str> {
    Some(match tag {
        b'b' => "bool",
        b'c' => "char",
        b'e' => "str",
        b'u' => "()",
        b'a' => "i8",
        b's' => "i16",
        b'l' => "i32",
        b'x' => "i64",
        b'n' => "i128",
        b'i' => "isize",
        b'h' => "u8",
        b't' => "u16",
        b'm' => "u32",
        b'y' => "u64",
        b'o' => "u128",
        b'j' => "usize",
        b'f' => "f32",
        b'd' => "f64",
        b'z' => "!",
        b'p' => "_",
        b'v' => "...",
        _ => return None,
    })
}

/// RFC 3492 punycode decoding as done by libiberty: returns `None` (with no
/// error) if the delta stream ends early, and sets `errored` on a bad digit.
fn decode_punycode(ascii: &[u8], puny: &[u8], errored: &mut bool) -> Option<String> {
    const BASE: u64 = 36;
    const T_MIN: u64 = 1;
    const T_MAX: u64 = 26;
    const SKEW: u64 = 38;
    let mut out: Vec<u32> = ascii.iter().map(|&c| u32::from(c)).collect();
    let mut damp: u64 = 700;
    let mut bias: u64 = 72;
    let mut i: u64 = 0;
    let mut c: u64 = 0x80;
    let mut pos = 0;
    while pos < puny.len() {
        let mut delta: u64 = 0;
        let mut w: u64 = 1;
        let mut k: u64 = 0;
        loop {
            k += BASE;
            let t = k.saturating_sub(bias).clamp(T_MIN, T_MAX);
            let d = *puny.get(pos)?;
            pos += 1;
            let d = match d {
                b'a'..=b'z' => u64::from(d - b'a'),
                b'0'..=b'9' => 26 + u64::from(d - b'0'),
                _ => {
                    *errored = true;
                    return None;
                }
            };
            delta = delta.wrapping_add(d.wrapping_mul(w));
            w = w.wrapping_mul(BASE - t);
            if d < t {
                break;
            }
        }
        let len = out.len() as u64 + 1;
        i = i.wrapping_add(delta);
        c = c.wrapping_add(i / len);
        i %= len;
        if out.len() > 1 << 16 {
            *errored = true;
            return None;
        }
        let at = usize::try_from(i).ok()?;
        out.insert(at.min(out.len()), u32::try_from(c).unwrap_or(0xFFFD));
        // Bias adaptation.
        delta /= damp;
        damp = 2;
        delta += delta / len;
        k = 0;
        while delta > ((BASE - T_MIN) * T_MAX) / 2 {
            delta /= BASE - T_MIN;
            k += BASE;
        }
        bias = k + ((BASE - T_MIN + 1) * delta) / (delta + SKEW);
        i += 1;
    }
    Some(
        out.into_iter()
            .map(|u| char::from_u32(u).unwrap_or('\u{FFFD}'))
            .collect(),
    )
}
