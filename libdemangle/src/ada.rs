//! GNAT (Ada) names, as `c++filt -s gnat` shows them.
//!
//! GNAT's encoding (described in GCC's `exp_dbug.ads`) joins lower-case unit
//! and entity names with `__`, spells operators as `O<name>`, and appends
//! suffixes for overloading (`__3`), task bodies (`TKB`), protected
//! subprograms (`P`, `N`), nested bodies (`X`, `Xb`, `Xn`), stream
//! attributes (`SR`, `SW`, `SI`, `SO`), controlled-type operations (`DF`,
//! `DA`), entry bodies and barriers (`_B`/`_E` + number + `s`) and
//! compiler-made subprograms (`___elabb`, `___size`…). GNU libiberty
//! decodes a subset of these; what it does not decode, and anything that is
//! not a GNAT name at all, it prints in angle brackets (`<_Z1fv>`), so this
//! style always has an answer.

/// Operators: encoding and Ada spelling (printed in double quotes).
const OPERATORS: &[(&str, &str)] = &[
    ("Oabs", "abs"),
    ("Oand", "and"),
    ("Omod", "mod"),
    ("Onot", "not"),
    ("Oor", "or"),
    ("Orem", "rem"),
    ("Oxor", "xor"),
    ("Oeq", "="),
    ("One", "/="),
    ("Olt", "<"),
    ("Ole", "<="),
    ("Ogt", ">"),
    ("Oge", ">="),
    ("Oadd", "+"),
    ("Osubtract", "-"),
    ("Oconcat", "&"),
    ("Omultiply", "*"),
    ("Odivide", "/"),
    ("Oexpon", "**"),
];

/// Compiler-made subprograms after `___`: encoding (without the first `_`)
/// and what is printed. Whatever follows one of them is ignored.
const SPECIALS: &[(&str, &str)] = &[
    ("_elabb", "'Elab_Body"),
    ("_elabs", "'Elab_Spec"),
    ("_size", "'Size"),
    ("_alignment", "'Alignment"),
    ("_assign", ".\":=\""),
];

/// Demangles a GNAT name; anything else comes back in angle brackets (as it
/// is if it already starts with `<`). A leading `_ada_` (library-level
/// subprograms) is dropped first, also from the bracketed answer.
pub(crate) fn demangle(name: &str) -> String {
    let name = name.strip_prefix("_ada_").unwrap_or(name);
    match decode(name.as_bytes()) {
        Some(out) => out,
        None if name.starts_with('<') => name.to_owned(),
        None => format!("<{name}>"),
    }
}

/// A cursor over the mangled bytes; reading past the end gives 0, as the C
/// string GNU walks would.
struct Cursor<'a> {
    s: &'a [u8],
    pos: usize,
}

impl Cursor<'_> {
    fn at(&self, k: usize) -> u8 {
        self.s.get(self.pos + k).copied().unwrap_or(0)
    }

    fn rest(&self) -> &[u8] {
        self.s.get(self.pos..).unwrap_or(&[])
    }

    fn skip_while(&mut self, f: impl Fn(u8) -> bool) {
        while self.pos < self.s.len() && f(self.at(0)) {
            self.pos += 1;
        }
    }
}

/// The decoded name, or `None` where GNU gives up.
fn decode(s: &[u8]) -> Option<String> {
    if !s.first()?.is_ascii_lowercase() {
        return None;
    }
    let mut c = Cursor { s, pos: 0 };
    let mut out = String::with_capacity(s.len() + 8);
    loop {
        // An entity: a lower-case identifier (single `_` inside it) or an
        // operator.
        if c.at(0).is_ascii_lowercase() {
            let start = c.pos;
            c.pos += 1;
            loop {
                let (a, b) = (c.at(0), c.at(1));
                let inside = a.is_ascii_lowercase()
                    || a.is_ascii_digit()
                    || (a == b'_' && (b.is_ascii_lowercase() || b.is_ascii_digit()));
                if !inside {
                    break;
                }
                c.pos += 1;
            }
            out.push_str(std::str::from_utf8(s.get(start..c.pos)?).ok()?);
        } else if c.at(0) == b'O' {
            let rest = c.rest();
            let &(code, op) = OPERATORS
                .iter()
                .find(|(code, _)| rest.starts_with(code.as_bytes()))?;
            c.pos += code.len();
            out.push('"');
            out.push_str(op);
            out.push('"');
        } else {
            return None;
        }

        // Upper-case suffixes.
        match (c.at(0), c.at(1), c.at(2), c.at(3)) {
            (b'T', b'K', b'B', 0) => return Some(out),
            (b'T', b'K', b'_', b'_') => {
                c.pos += 4;
                out.push('.');
                continue;
            }
            (b'T', b'K', ..) => return None,
            (b'E', 0, ..) => return None,
            (b'P' | b'N', 0, ..) => return Some(out),
            (b'S', 0, ..) => return None,
            _ => {}
        }
        if c.at(0) == b'X' {
            c.pos += 1;
            c.skip_while(|b| b == b'n' || b == b'b');
        }
        if c.at(0) == b'S' && c.at(1) != 0 && matches!(c.at(2), b'_' | 0) {
            out.push_str(match c.at(1) {
                b'R' => "'Read",
                b'W' => "'Write",
                b'I' => "'Input",
                b'O' => "'Output",
                _ => return None,
            });
            c.pos += 2;
        } else if c.at(0) == b'D' {
            out.push_str(match c.at(1) {
                b'F' => ".Finalize",
                b'A' => ".Adjust",
                _ => return None,
            });
            return Some(out);
        }

        // Separators.
        if c.at(0) == b'_' {
            match (c.at(1), c.at(2), c.at(3)) {
                (b'_', d, _) if d.is_ascii_digit() => {
                    // An overloading number, maybe with a nested-body mark.
                    c.pos += 3;
                    loop {
                        let (a, b) = (c.at(0), c.at(1));
                        if a.is_ascii_digit() || (a == b'_' && b.is_ascii_digit()) {
                            c.pos += 1;
                        } else {
                            break;
                        }
                    }
                    if c.at(0) == b'X' {
                        c.pos += 1;
                        c.skip_while(|b| b == b'n' || b == b'b');
                    }
                }
                (b'_', b'_', next) if next != b'_' => {
                    c.pos += 2;
                    let rest = c.rest();
                    let &(_, shown) = SPECIALS
                        .iter()
                        .find(|(code, _)| rest.starts_with(code.as_bytes()))?;
                    out.push_str(shown);
                    return Some(out);
                }
                (b'_', ..) => {
                    c.pos += 2;
                    out.push('.');
                    continue;
                }
                (b'B' | b'E', ..) => {
                    c.pos += 2;
                    c.skip_while(|b| b.is_ascii_digit());
                    return (c.at(0) == b's' && c.at(1) == 0).then_some(out);
                }
                _ => return None,
            }
        }

        // A nested subprogram's number.
        if c.at(0) == b'.' && c.at(1).is_ascii_digit() {
            c.pos += 2;
            c.skip_while(|b| b.is_ascii_digit());
        }
        return (c.pos >= s.len()).then_some(out);
    }
}

#[cfg(test)]
mod tests {
    use super::demangle;

    #[test]
    fn gnat_names() {
        for (m, d) in [
            ("_Z1fv", "<_Z1fv>"),
            ("_ada_pkg__f", "pkg.f"),
            ("_ada_Pkg", "<Pkg>"),
            ("<x>", "<x>"),
            ("pkg__Oadd", "pkg.\"+\""),
            ("pkg__f__2", "pkg.f"),
            ("pkg__f__2_1", "pkg.f"),
            ("pkg__f__2Xb", "pkg.f"),
            ("pkg__tTKB", "pkg.t"),
            ("pkg__tTK__inner", "pkg.t.inner"),
            ("pkg__tSR", "pkg.t'Read"),
            ("pkg__tSW__3", "pkg.t'Write"),
            ("pkg__tDFxyz", "pkg.t.Finalize"),
            ("pkg___elabb", "pkg'Elab_Body"),
            ("pkg___elabsZZ", "pkg'Elab_Spec"),
            ("pkg___assign", "pkg.\":=\""),
            ("pkg__e_B12s", "pkg.e"),
            ("pkg__f.3", "pkg.f"),
            ("pkg__fP", "pkg.f"),
            ("pkg__fE", "<pkg__fE>"),
            ("pkg__fS", "<pkg__fS>"),
            ("pkg__f__2__g", "<pkg__f__2__g>"),
            ("a_b_1", "a_b_1"),
            ("a__", "<a__>"),
        ] {
            assert_eq!(demangle(m), d, "{m}");
        }
    }
}
