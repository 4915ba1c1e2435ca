//! D names (`_D…`), as `c++filt -s dlang` shows them.
//!
//! The grammar is the D ABI's name mangling (dlang.org/spec/abi.html):
//! a qualified name of length-prefixed identifiers, template instances
//! (`__T`/`__U`) with type, value, symbol and external arguments, nested
//! function signatures, and back references (`Q` + a base-26 offset) to
//! earlier identifiers and types. The output follows GNU libiberty's
//! `dlang_demangle`: the qualified name with the parameter lists of the
//! functions in it (`foo.bar(int)`), no return or variable type, and
//! `initializer for`, `vtable for`, `ClassInfo for` … for the compiler's
//! symbols.
//!
//! Unlike GNU, the work is bounded: nesting deeper than [`MAX_DEPTH`], more
//! than [`MAX_STEPS`] parsing steps (back references can make GNU's work
//! grow exponentially) or output over the caller's limit make the name
//! undemangled.

/// Deepest nesting of types, values and qualified names.
const MAX_DEPTH: u32 = 1024;
/// Most parsing steps for one name.
const MAX_STEPS: u32 = 1 << 20;

/// Demangles a D symbol; `None` if `name` is not one.
pub(crate) fn demangle(name: &str, max_output: usize) -> Option<String> {
    if !name.starts_with("_D") {
        return None;
    }
    if name == "_Dmain" {
        return Some("D main".to_owned());
    }
    let mut d = Demangler {
        s: name.as_bytes(),
        last_backref: name.len(),
        depth: 0,
        steps: 0,
        max_output,
        failed: false,
    };
    let mut out = Vec::new();
    let end = d.mangle(&mut out, 0)?;
    if end != name.len() || d.failed || out.is_empty() {
        return None;
    }
    String::from_utf8(out).ok()
}

struct Demangler<'a> {
    s: &'a [u8],
    /// Where the innermost type back reference being followed is: a nested
    /// one must be before it, so following them ends.
    last_backref: usize,
    depth: u32,
    steps: u32,
    max_output: usize,
    /// Output or work over the limits.
    failed: bool,
}

impl Demangler<'_> {
    /// The byte at `i`, 0 past the end (as in the C string GNU walks).
    fn at(&self, i: usize) -> u8 {
        self.s.get(i).copied().unwrap_or(0)
    }

    fn starts(&self, i: usize, with: &[u8]) -> bool {
        self.s.get(i..).is_some_and(|r| r.starts_with(with))
    }

    fn push(&mut self, out: &mut Vec<u8>, bytes: &[u8]) {
        if out.len() + bytes.len() > self.max_output {
            self.failed = true;
            return;
        }
        out.extend_from_slice(bytes);
    }

    /// Counts a step and enters one nesting level; `None` over the limits.
    fn enter(&mut self) -> Option<()> {
        self.steps += 1;
        if self.failed || self.depth >= MAX_DEPTH || self.steps > MAX_STEPS {
            self.failed = true;
            return None;
        }
        self.depth += 1;
        Some(())
    }

    fn leave<T>(&mut self, r: Option<T>) -> Option<T> {
        self.depth -= 1;
        r
    }

    /// A decimal number up to `u32::MAX` that is not at the end of the name.
    fn number(&self, mut i: usize) -> Option<(u64, usize)> {
        if !self.at(i).is_ascii_digit() {
            return None;
        }
        let mut v: u64 = 0;
        while self.at(i).is_ascii_digit() {
            v = v * 10 + u64::from(self.at(i) - b'0');
            if v > u64::from(u32::MAX) {
                return None;
            }
            i += 1;
        }
        (i < self.s.len()).then_some((v, i))
    }

    /// Two hex digits.
    fn hex_byte(&self, i: usize) -> Option<u8> {
        let hi = char::from(self.at(i)).to_digit(16)?;
        let lo = char::from(self.at(i + 1)).to_digit(16)?;
        u8::try_from(hi * 16 + lo).ok()
    }

    fn is_call_convention(&self, i: usize) -> bool {
        matches!(self.at(i), b'F' | b'U' | b'V' | b'W' | b'R' | b'Y')
    }

    /// A back reference's offset: base 26, upper-case letters for the
    /// higher digits, a lower-case one for the last.
    fn backref_offset(&self, mut i: usize) -> Option<(u64, usize)> {
        let mut v: u64 = 0;
        while self.at(i).is_ascii_alphabetic() {
            if v > (u64::MAX - 25) / 26 {
                return None;
            }
            v *= 26;
            let c = self.at(i);
            if c.is_ascii_lowercase() {
                v += u64::from(c - b'a');
                return (v > 0 && v <= i64::MAX as u64).then_some((v, i + 1));
            }
            v += u64::from(c - b'A');
            i += 1;
        }
        None
    }

    /// `Q` + offset at `i`: where it points and where the reference ends.
    fn backref(&self, i: usize) -> Option<(usize, usize)> {
        if self.at(i) != b'Q' {
            return None;
        }
        let (off, next) = self.backref_offset(i + 1)?;
        let off = usize::try_from(off).ok().filter(|&o| o <= i)?;
        Some((i - off, next))
    }

    /// Does a symbol name start at `i`?
    fn is_symbol_name(&self, i: usize) -> bool {
        if self.at(i).is_ascii_digit() || self.starts(i, b"__T") || self.starts(i, b"__U") {
            return true;
        }
        self.at(i) == b'Q'
            && self
                .backref_offset(i + 1)
                .and_then(|(off, _)| usize::try_from(off).ok())
                .is_some_and(|off| off <= i && self.at(i - off).is_ascii_digit())
    }

    fn symbol_backref(&mut self, out: &mut Vec<u8>, i: usize) -> Option<usize> {
        let (target, next) = self.backref(i)?;
        let (len, start) = self.number(target)?;
        let len = usize::try_from(len).ok()?;
        if self.s.len() - start < len {
            return None;
        }
        self.lname(out, start, len)?;
        Some(next)
    }

    fn type_backref(&mut self, out: &mut Vec<u8>, i: usize, function: bool) -> Option<usize> {
        if i >= self.last_backref {
            return None;
        }
        let saved = self.last_backref;
        self.last_backref = i;
        let r = self.backref(i).and_then(|(target, next)| {
            let done = if function {
                self.function_type(out, target)
            } else {
                self.d_type(out, target)
            };
            done.map(|_| next)
        });
        self.last_backref = saved;
        r
    }

    fn call_convention(&mut self, out: &mut Vec<u8>, i: usize) -> Option<usize> {
        let shown: &[u8] = match self.at(i) {
            b'F' => b"",
            b'U' => b"extern(C) ",
            b'W' => b"extern(Windows) ",
            b'V' => b"extern(Pascal) ",
            b'R' => b"extern(C++) ",
            b'Y' => b"extern(Objective-C) ",
            _ => return None,
        };
        self.push(out, shown);
        Some(i + 1)
    }

    fn type_modifiers(&mut self, out: &mut Vec<u8>, mut i: usize) -> Option<usize> {
        loop {
            match (self.at(i), self.at(i + 1)) {
                (0, _) => return None,
                (b'x', _) => {
                    self.push(out, b" const");
                    return Some(i + 1);
                }
                (b'y', _) => {
                    self.push(out, b" immutable");
                    return Some(i + 1);
                }
                (b'O', _) => {
                    self.push(out, b" shared");
                    i += 1;
                }
                (b'N', b'g') => {
                    self.push(out, b" inout");
                    i += 2;
                }
                (b'N', _) => return None,
                _ => return Some(i),
            }
        }
    }

    fn attributes(&mut self, out: &mut Vec<u8>, mut i: usize) -> Option<usize> {
        if self.at(i) == 0 {
            return None;
        }
        while self.at(i) == b'N' {
            let shown: &[u8] = match self.at(i + 1) {
                b'a' => b"pure ",
                b'b' => b"nothrow ",
                b'c' => b"ref ",
                b'd' => b"@property ",
                b'e' => b"@trusted ",
                b'f' => b"@safe ",
                b'i' => b"@nogc ",
                b'j' => b"return ",
                b'l' => b"scope ",
                b'm' => b"@live ",
                // Parameter marks (inout, vector, return, typeof(*null)):
                // the attributes are over.
                b'g' | b'h' | b'k' | b'n' => break,
                _ => return None,
            };
            self.push(out, shown);
            i += 2;
        }
        Some(i)
    }

    /// A function type without its return type: the calling convention
    /// into `call`, the attributes into `attrs`, `(parameters)` into `args`.
    fn function_no_return(
        &mut self,
        args: &mut Vec<u8>,
        call: &mut Vec<u8>,
        attrs: &mut Vec<u8>,
        i: usize,
    ) -> Option<usize> {
        let i = self.call_convention(call, i)?;
        let i = self.attributes(attrs, i)?;
        self.push(args, b"(");
        let i = self.function_args(args, i)?;
        self.push(args, b")");
        Some(i)
    }

    /// A function type, shown as `call return(parameters) attributes`.
    fn function_type(&mut self, out: &mut Vec<u8>, i: usize) -> Option<usize> {
        if self.at(i) == 0 {
            return None;
        }
        // Printed as: calling convention, return type, parameters,
        // attributes.
        let (mut args, mut attrs) = (Vec::new(), Vec::new());
        let i = self.function_no_return(&mut args, out, &mut attrs, i)?;
        let mut ret = Vec::new();
        let i = self.d_type(&mut ret, i)?;
        self.push(out, &ret);
        self.push(out, &args);
        self.push(out, b" ");
        self.push(out, &attrs);
        Some(i)
    }

    fn function_args(&mut self, out: &mut Vec<u8>, mut i: usize) -> Option<usize> {
        let mut n = 0;
        while self.at(i) != 0 {
            match self.at(i) {
                b'X' => {
                    self.push(out, b"...");
                    return Some(i + 1);
                }
                b'Y' => {
                    if n != 0 {
                        self.push(out, b", ");
                    }
                    self.push(out, b"...");
                    return Some(i + 1);
                }
                b'Z' => return Some(i + 1),
                _ => {}
            }
            if n != 0 {
                self.push(out, b", ");
            }
            n += 1;
            if self.at(i) == b'M' {
                self.push(out, b"scope ");
                i += 1;
            }
            if self.at(i) == b'N' && self.at(i + 1) == b'k' {
                self.push(out, b"return ");
                i += 2;
            }
            match self.at(i) {
                b'I' => {
                    self.push(out, b"in ");
                    i += 1;
                    if self.at(i) == b'K' {
                        self.push(out, b"ref ");
                        i += 1;
                    }
                }
                b'J' => {
                    self.push(out, b"out ");
                    i += 1;
                }
                b'K' => {
                    self.push(out, b"ref ");
                    i += 1;
                }
                b'L' => {
                    self.push(out, b"lazy ");
                    i += 1;
                }
                _ => {}
            }
            i = self.d_type(out, i)?;
        }
        Some(i)
    }

    fn d_type(&mut self, out: &mut Vec<u8>, i: usize) -> Option<usize> {
        self.enter()?;
        let r = self.d_type_inner(out, i);
        self.leave(r)
    }

    /// `prefix(T)`.
    fn wrapped(&mut self, out: &mut Vec<u8>, prefix: &[u8], i: usize) -> Option<usize> {
        self.push(out, prefix);
        let i = self.d_type(out, i)?;
        self.push(out, b")");
        Some(i)
    }

    fn d_type_inner(&mut self, out: &mut Vec<u8>, i: usize) -> Option<usize> {
        let basic: &[u8] = match self.at(i) {
            0 => return None,
            b'O' => return self.wrapped(out, b"shared(", i + 1),
            b'x' => return self.wrapped(out, b"const(", i + 1),
            b'y' => return self.wrapped(out, b"immutable(", i + 1),
            b'N' => {
                return match self.at(i + 1) {
                    b'g' => self.wrapped(out, b"inout(", i + 2),
                    b'h' => self.wrapped(out, b"__vector(", i + 2),
                    b'n' => {
                        self.push(out, b"typeof(*null)");
                        Some(i + 2)
                    }
                    _ => None,
                };
            }
            b'A' => {
                let i = self.d_type(out, i + 1)?;
                self.push(out, b"[]");
                return Some(i);
            }
            b'G' => {
                let start = i + 1;
                let mut end = start;
                while self.at(end).is_ascii_digit() {
                    end += 1;
                }
                let j = self.d_type(out, end)?;
                let digits = self.s.get(start..end).unwrap_or(&[]);
                self.push(out, b"[");
                self.push(out, digits);
                self.push(out, b"]");
                return Some(j);
            }
            b'H' => {
                let mut key = Vec::new();
                let i = self.d_type(&mut key, i + 1)?;
                let i = self.d_type(out, i)?;
                self.push(out, b"[");
                self.push(out, &key);
                self.push(out, b"]");
                return Some(i);
            }
            b'P' if !self.is_call_convention(i + 1) => {
                let i = self.d_type(out, i + 1)?;
                self.push(out, b"*");
                return Some(i);
            }
            // A function pointer: no `*`.
            b'P' => return self.function_pointer(out, i + 1),
            b'F' | b'U' | b'W' | b'V' | b'R' | b'Y' => return self.function_pointer(out, i),
            b'C' | b'S' | b'E' | b'T' => return self.qualified(out, i + 1, false),
            b'D' => {
                let mut mods = Vec::new();
                let i = self.type_modifiers(&mut mods, i + 1)?;
                let i = if self.at(i) == b'Q' {
                    self.type_backref(out, i, true)?
                } else {
                    self.function_type(out, i)?
                };
                self.push(out, b"delegate");
                self.push(out, &mods);
                return Some(i);
            }
            b'B' => return self.tuple(out, i + 1),
            b'Q' => return self.type_backref(out, i, false),
            b'z' => {
                let shown: &[u8] = match self.at(i + 1) {
                    b'i' => b"cent",
                    b'k' => b"ucent",
                    _ => return None,
                };
                self.push(out, shown);
                return Some(i + 2);
            }
            b'n' => b"typeof(null)",
            b'v' => b"void",
            b'g' => b"byte",
            b'h' => b"ubyte",
            b's' => b"short",
            b't' => b"ushort",
            b'i' => b"int",
            b'k' => b"uint",
            b'l' => b"long",
            b'm' => b"ulong",
            b'f' => b"float",
            b'd' => b"double",
            b'e' => b"real",
            b'o' => b"ifloat",
            b'p' => b"idouble",
            b'j' => b"ireal",
            b'q' => b"cfloat",
            b'r' => b"cdouble",
            b'c' => b"creal",
            b'b' => b"bool",
            b'a' => b"char",
            b'u' => b"wchar",
            b'w' => b"dchar",
            _ => return None,
        };
        self.push(out, basic);
        Some(i + 1)
    }

    fn function_pointer(&mut self, out: &mut Vec<u8>, i: usize) -> Option<usize> {
        let i = self.function_type(out, i)?;
        self.push(out, b"function");
        Some(i)
    }

    fn identifier(&mut self, out: &mut Vec<u8>, i: usize) -> Option<usize> {
        self.enter()?;
        let r = self.identifier_inner(out, i);
        self.leave(r)
    }

    fn identifier_inner(&mut self, out: &mut Vec<u8>, i: usize) -> Option<usize> {
        match self.at(i) {
            0 => return None,
            b'Q' => return self.symbol_backref(out, i),
            _ => {}
        }
        if self.starts(i, b"__T") || self.starts(i, b"__U") {
            return self.template(out, i, None);
        }
        let (len, start) = self.number(i)?;
        let len = usize::try_from(len).ok().filter(|&l| l > 0)?;
        if self.s.len() - start < len {
            return None;
        }
        if len >= 5 && (self.starts(start, b"__T") || self.starts(start, b"__U")) {
            return self.template(out, start, Some(len));
        }
        // `__S<digits>`: a made-up parent that keeps local symbols apart.
        if len >= 4
            && self.starts(start, b"__S")
            && self
                .s
                .get(start + 3..start + len)
                .is_some_and(|d| d.iter().all(u8::is_ascii_digit))
        {
            return self.identifier(out, start + len);
        }
        self.lname(out, start, len)
    }

    /// A plain identifier of `len` bytes at `i`, or one of the compiler's
    /// names, which describe the name before them.
    fn lname(&mut self, out: &mut Vec<u8>, i: usize, len: usize) -> Option<usize> {
        let about: &[(&[u8], &[u8])] = &[
            (b"__initZ", b"initializer for "),
            (b"__vtblZ", b"vtable for "),
            (b"__ClassZ", b"ClassInfo for "),
            (b"__InterfaceZ", b"Interface for "),
            (b"__ModuleInfoZ", b"ModuleInfo for "),
        ];
        match len {
            6 if self.starts(i, b"__ctor") => {
                self.push(out, b"this");
                return Some(i + len);
            }
            6 if self.starts(i, b"__dtor") => {
                self.push(out, b"~this");
                return Some(i + len);
            }
            10 if self.starts(i, b"__postblitMFZ") => {
                self.push(out, b"this(this)");
                return Some(i + len + 3);
            }
            _ => {}
        }
        if let Some((_, prefix)) = about
            .iter()
            .find(|(name, _)| name.len() == len + 1 && self.starts(i, name))
        {
            // Before what is there, and in place of the `.` that was put
            // before this name.
            if out.len() + prefix.len() > self.max_output {
                self.failed = true;
                return None;
            }
            out.splice(0..0, prefix.iter().copied());
            out.pop();
            return Some(i + len);
        }
        let name = self.s.get(i..i + len)?;
        self.push(out, name);
        Some(i + len)
    }

    fn integer(&mut self, out: &mut Vec<u8>, i: usize, ty: u8) -> Option<usize> {
        match ty {
            b'a' | b'u' | b'w' => {
                let (v, next) = self.number(i)?;
                self.push(out, b"'");
                if ty == b'a' && (0x20..0x7f).contains(&v) {
                    self.push(out, &[v as u8]);
                } else {
                    let (prefix, width) = match ty {
                        b'a' => ("\\x", 2),
                        b'u' => ("\\u", 4),
                        _ => ("\\U", 8),
                    };
                    let hex = format!("{v:0width$x}");
                    self.push(out, prefix.as_bytes());
                    self.push(out, hex.as_bytes());
                }
                self.push(out, b"'");
                Some(next)
            }
            b'b' => {
                let (v, next) = self.number(i)?;
                self.push(out, if v != 0 { b"true" } else { b"false" });
                Some(next)
            }
            _ => {
                let digits = self
                    .s
                    .get(i..)?
                    .iter()
                    .take_while(|b| b.is_ascii_digit())
                    .count();
                if digits == 0 {
                    return None;
                }
                let d = self.s.get(i..i + digits)?;
                self.push(out, d);
                let suffix: &[u8] = match ty {
                    b'h' | b't' | b'k' => b"u",
                    b'l' => b"L",
                    b'm' => b"uL",
                    _ => b"",
                };
                self.push(out, suffix);
                Some(i + digits)
            }
        }
    }

    /// A floating-point value in hexadecimal.
    fn real(&mut self, out: &mut Vec<u8>, mut i: usize) -> Option<usize> {
        for (code, shown) in [
            (&b"NAN"[..], &b"NaN"[..]),
            (b"INF", b"Inf"),
            (b"NINF", b"-Inf"),
        ] {
            if self.starts(i, code) {
                self.push(out, shown);
                return Some(i + code.len());
            }
        }
        if self.at(i) == b'N' {
            self.push(out, b"-");
            i += 1;
        }
        if !self.at(i).is_ascii_hexdigit() {
            return None;
        }
        self.push(out, b"0x");
        self.push(out, &[self.at(i), b'.']);
        i += 1;
        while self.at(i).is_ascii_hexdigit() {
            self.push(out, &[self.at(i)]);
            i += 1;
        }
        if self.at(i) != b'P' {
            return None;
        }
        self.push(out, b"p");
        i += 1;
        if self.at(i) == b'N' {
            self.push(out, b"-");
            i += 1;
        }
        while self.at(i).is_ascii_digit() {
            self.push(out, &[self.at(i)]);
            i += 1;
        }
        Some(i)
    }

    /// A string literal: `a`/`w`/`d`, length, `_`, the bytes in hex.
    fn string(&mut self, out: &mut Vec<u8>, i: usize) -> Option<usize> {
        let ty = self.at(i);
        let (len, mut j) = self.number(i + 1)?;
        if self.at(j) != b'_' {
            return None;
        }
        j += 1;
        self.push(out, b"\"");
        for _ in 0..len {
            let c = self.hex_byte(j)?;
            match c {
                b'\t' => self.push(out, b"\\t"),
                b'\n' => self.push(out, b"\\n"),
                b'\r' => self.push(out, b"\\r"),
                0x0c => self.push(out, b"\\f"),
                0x0b => self.push(out, b"\\v"),
                0x20..=0x7e => self.push(out, &[c]),
                _ => {
                    self.push(out, b"\\x");
                    self.push(out, &[self.at(j), self.at(j + 1)]);
                }
            }
            j += 2;
        }
        self.push(out, b"\"");
        if ty != b'a' {
            self.push(out, &[ty]);
        }
        Some(j)
    }

    /// `count` values separated by `, ` (pairs joined by `:` for an
    /// associative array), between `open` and `)`/`]`.
    fn values(&mut self, out: &mut Vec<u8>, i: usize, pairs: bool, open: &[u8]) -> Option<usize> {
        let (count, mut i) = self.number(i)?;
        self.push(out, open);
        for k in 0..count {
            i = self.value(out, i, None, 0)?;
            if pairs {
                self.push(out, b":");
                i = self.value(out, i, None, 0)?;
            }
            if k + 1 != count {
                self.push(out, b", ");
            }
        }
        self.push(out, if open == b"(" { b")" } else { b"]" });
        Some(i)
    }

    fn value(&mut self, out: &mut Vec<u8>, i: usize, name: Option<&[u8]>, ty: u8) -> Option<usize> {
        self.enter()?;
        let r = self.value_inner(out, i, name, ty);
        self.leave(r)
    }

    fn value_inner(
        &mut self,
        out: &mut Vec<u8>,
        i: usize,
        name: Option<&[u8]>,
        ty: u8,
    ) -> Option<usize> {
        match self.at(i) {
            b'n' => {
                self.push(out, b"null");
                Some(i + 1)
            }
            b'N' => {
                self.push(out, b"-");
                self.integer(out, i + 1, ty)
            }
            b'i' => self.integer(out, i + 1, ty),
            b'0'..=b'9' => self.integer(out, i, ty),
            b'e' => self.real(out, i + 1),
            b'c' => {
                let i = self.real(out, i + 1)?;
                self.push(out, b"+");
                if self.at(i) != b'c' {
                    return None;
                }
                let i = self.real(out, i + 1)?;
                self.push(out, b"i");
                Some(i)
            }
            b'a' | b'w' | b'd' => self.string(out, i),
            b'A' => self.values(out, i + 1, ty == b'H', b"["),
            b'S' => {
                self.number(i + 1)?;
                if let Some(n) = name {
                    self.push(out, n);
                }
                self.values(out, i + 1, false, b"(")
            }
            b'f' => {
                if !self.starts(i + 1, b"_D") || !self.is_symbol_name(i + 3) {
                    return None;
                }
                self.mangle(out, i + 1)
            }
            _ => None,
        }
    }

    /// `_D` qualified-name (`Z` | type): the name, the type dropped.
    fn mangle(&mut self, out: &mut Vec<u8>, i: usize) -> Option<usize> {
        let i = self.qualified(out, i + 2, true)?;
        if self.at(i) == b'Z' {
            return Some(i + 1);
        }
        let mut ty = Vec::new();
        self.d_type(&mut ty, i)
    }

    /// Identifiers joined by `.`; a function among them is followed by its
    /// parameter list (and, with `suffix_modifiers`, its `this` modifiers).
    fn qualified(&mut self, out: &mut Vec<u8>, i: usize, suffix_modifiers: bool) -> Option<usize> {
        self.enter()?;
        let r = self.qualified_inner(out, i, suffix_modifiers);
        self.leave(r)
    }

    fn qualified_inner(
        &mut self,
        out: &mut Vec<u8>,
        mut i: usize,
        suffix_modifiers: bool,
    ) -> Option<usize> {
        let mut n = 0;
        loop {
            if self.at(i) == b'0' {
                // Anonymous scopes.
                while self.at(i) == b'0' {
                    i += 1;
                }
            } else {
                if n != 0 {
                    self.push(out, b".");
                }
                n += 1;
                i = self.identifier(out, i)?;
                if self.at(i) == b'M' || self.is_call_convention(i) {
                    i = self.nested_function(out, i, suffix_modifiers);
                }
            }
            if !self.is_symbol_name(i) {
                return Some(i);
            }
        }
    }

    /// The parameters of a function in a qualified name, if what is at `i`
    /// is one (with a return type after it); else nothing is taken.
    fn nested_function(
        &mut self,
        out: &mut Vec<u8>,
        start: usize,
        suffix_modifiers: bool,
    ) -> usize {
        let saved = out.len();
        let mut mods = Vec::new();
        let mut i = Some(start);
        if self.at(start) == b'M' {
            i = self.type_modifiers(&mut mods, start + 1);
            out.truncate(saved);
        }
        let i = i.and_then(|i| {
            let mut dump = Vec::new();
            self.function_no_return(out, &mut Vec::new(), &mut dump, i)
        });
        if suffix_modifiers {
            self.push(out, &mods);
        }
        match i {
            Some(i) if i < self.s.len() => i,
            _ => {
                out.truncate(saved);
                start
            }
        }
    }

    fn tuple(&mut self, out: &mut Vec<u8>, i: usize) -> Option<usize> {
        let (count, mut i) = self.number(i)?;
        self.push(out, b"Tuple!(");
        for k in 0..count {
            i = self.d_type(out, i)?;
            if k + 1 != count {
                self.push(out, b", ");
            }
        }
        self.push(out, b")");
        Some(i)
    }

    /// A template's symbol argument. Old compilers put the symbol's length
    /// before a name that may itself start with a digit, so the split of the
    /// digits is searched for, as GNU does: from the whole number down, the
    /// first that makes a name of that length, and last the digits as part
    /// of the name.
    fn symbol_param(&mut self, out: &mut Vec<u8>, i: usize) -> Option<usize> {
        if self.starts(i, b"_D") && self.is_symbol_name(i + 2) {
            return self.mangle(out, i);
        }
        if self.at(i) == b'Q' {
            return self.qualified(out, i, false);
        }
        let (len, end) = self.number(i)?;
        if len == 0 {
            return None;
        }
        let saved = out.len();
        let mut size = len;
        let mut at = end;
        let mut last = false;
        loop {
            let mut from = at;
            if size == 0 {
                size = len;
                from = at;
                at = end;
                last = true;
            }
            let got = if self.is_symbol_name(from) {
                self.qualified(out, from, false)
            } else if self.starts(from, b"_D") && self.is_symbol_name(from + 2) {
                self.mangle(out, from)
            } else {
                Some(from)
            };
            if let Some(g) = got {
                if last || (g - from) as u64 == size {
                    return Some(g);
                }
            }
            if last || self.failed {
                return None;
            }
            size /= 10;
            out.truncate(saved);
            at = at.saturating_sub(1);
        }
    }

    fn template_args(&mut self, out: &mut Vec<u8>, mut i: usize) -> Option<usize> {
        let mut n = 0;
        while self.at(i) != 0 {
            if self.at(i) == b'Z' {
                return Some(i + 1);
            }
            if n != 0 {
                self.push(out, b", ");
            }
            n += 1;
            if self.at(i) == b'H' {
                i += 1;
            }
            i = match self.at(i) {
                b'S' => self.symbol_param(out, i + 1)?,
                b'T' => self.d_type(out, i + 1)?,
                b'V' => {
                    let mut ty = self.at(i + 1);
                    if ty == b'Q' {
                        let (target, _) = self.backref(i + 1)?;
                        ty = self.at(target);
                    }
                    let mut name = Vec::new();
                    let j = self.d_type(&mut name, i + 1)?;
                    self.value(out, j, Some(&name), ty)?
                }
                b'X' => {
                    let (len, start) = self.number(i + 1)?;
                    let len = usize::try_from(len).ok()?;
                    let raw = self.s.get(start..start.checked_add(len)?)?;
                    self.push(out, raw);
                    start + len
                }
                _ => return None,
            };
        }
        Some(i)
    }

    /// `__T`/`__U` name args `Z` at `i`, `len` bytes long if known.
    fn template(&mut self, out: &mut Vec<u8>, i: usize, len: Option<usize>) -> Option<usize> {
        if !self.is_symbol_name(i + 3) || self.at(i + 3) == b'0' {
            return None;
        }
        let j = self.identifier(out, i + 3)?;
        let mut args = Vec::new();
        let j = self.template_args(&mut args, j)?;
        self.push(out, b"!(");
        self.push(out, &args);
        self.push(out, b")");
        match len {
            Some(l) if j - i != l => None,
            _ => Some(j),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::demangle;

    #[test]
    fn d_names() {
        for (m, d) in [
            ("_Dmain", Some("D main")),
            ("_D3foo3barFZv", Some("foo.bar()")),
            ("_D3foo3bari", Some("foo.bar")),
            ("_D3foo3Bar6__initZ", Some("initializer for foo.Bar")),
            ("_D3foo", None),
            ("_Z1fv", None),
        ] {
            assert_eq!(demangle(m, 1 << 20).as_deref(), d, "{m}");
        }
    }
}
