//! Itanium C++ ABI demangler (the `_Z` scheme used by GCC and Clang).
//!
//! The parser follows the mangling grammar of the Itanium C++ ABI; the
//! printer reproduces the output conventions of GNU libiberty's
//! `cp-demangle.c`, so results match `c++filt`.

mod ast;
mod parse;
mod print;
mod tables;

use ast::{Kind, Text};
use parse::Parser;

/// GNU's `DEMANGLE_RECURSION_LIMIT`: with the limit on, names needing more
/// than this many components (twice the length) are refused.
const RECURSION_LIMIT: usize = 2048;
/// Input cap when the GNU limit is off.
const MAX_INPUT: usize = 1 << 20;

/// Settings for one demangling.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Flags {
    pub(crate) params: bool,
    pub(crate) verbose: bool,
    pub(crate) types: bool,
    pub(crate) recurse_limit: bool,
    pub(crate) max_output: usize,
}

/// Demangles an Itanium C++ symbol (or, with `types`, a bare type).
pub(crate) fn demangle(name: &str, flags: &Flags) -> Option<String> {
    let s = name.as_bytes();
    enum What {
        Mangled,
        Ctors,
        Dtors,
        Type,
    }
    let what = if s.starts_with(b"_Z") {
        What::Mangled
    } else if s.len() >= 11
        && s.starts_with(b"_GLOBAL_")
        && matches!(s.get(8), Some(b'.' | b'_' | b'$'))
        && matches!(s.get(9), Some(b'D' | b'I'))
        && s.get(10) == Some(&b'_')
    {
        if s.get(9) == Some(&b'I') {
            What::Ctors
        } else {
            What::Dtors
        }
    } else if flags.types {
        What::Type
    } else {
        return None;
    };
    if flags.recurse_limit && s.len().saturating_mul(2) > RECURSION_LIMIT {
        return None;
    }
    if s.len() > MAX_INPUT || s.contains(&0) {
        return None;
    }
    let mut p = Parser::new(s, flags.params, flags.verbose, flags.recurse_limit);
    loop {
        let root = match what {
            What::Mangled => p.mangled_name(true),
            What::Type => p.d_type(),
            What::Ctors | What::Dtors => {
                p.advance(11);
                let inner = global_inner(&mut p, s);
                p.advance(s.len());
                let k = if matches!(what, What::Ctors) {
                    Kind::GlobalConstructors
                } else {
                    Kind::GlobalDestructors
                };
                p.comp(k, inner, None)
            }
        };
        let root = if flags.params && !p.at_end() {
            None
        } else {
            root
        };
        match root {
            Some(r) => {
                let printer = print::Printer::new(s, &p.nodes, flags.max_output);
                return printer.finish(r);
            }
            None if p.unresolved_name_state == -1 => {
                p.unresolved_name_state = 0;
                p.reset();
            }
            None => return None,
        }
    }
}

/// The symbol after `_GLOBAL_?I_`: a mangled encoding or a plain name.
fn global_inner(p: &mut Parser<'_>, s: &[u8]) -> Option<ast::Id> {
    if s.get(11) == Some(&b'_') && s.get(12) == Some(&b'Z') {
        p.advance(2);
        p.encoding_pub()
    } else {
        let len = u32::try_from(s.len().checked_sub(11)?).ok()?;
        if len == 0 {
            return None;
        }
        p.raw_name(Text::Input(11, len))
    }
}
