//! Itanium C++ ABI demangler (the `_Z` scheme used by GCC and Clang).
//!
//! The parser follows the mangling grammar of the Itanium C++ ABI; the
//! printer reproduces the output conventions of GNU libiberty's
//! `cp-demangle.c`, so results match `c++filt`.

mod ast;
mod parse;
mod print;
mod tables;

use std::cell::RefCell;

use ast::{Id, Kind, Node, Text};
use parse::Parser;

/// GNU's `DEMANGLE_RECURSION_LIMIT`: with the limit on, names needing more
/// than this many components (twice the length) are refused.
const RECURSION_LIMIT: usize = 2048;
/// Input cap when the GNU limit is off.
const MAX_INPUT: usize = 1 << 20;

/// Buffers reused by successive demanglings on a thread, so that a
/// demangling allocates little more than its result.
#[derive(Default)]
struct Scratch {
    nodes: Vec<Node>,
    subs: Vec<Id>,
    print: print::Buffers,
}

/// Buffers larger than this many elements are not kept for the next name.
const KEEP_BUFFERS: usize = 1 << 16;

thread_local! {
    static SCRATCH: RefCell<Scratch> = RefCell::new(Scratch::default());
}

/// Settings for one demangling.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Flags {
    pub(crate) params: bool,
    pub(crate) verbose: bool,
    pub(crate) types: bool,
    pub(crate) recurse_limit: bool,
    pub(crate) max_output: usize,
    /// Java output (GNU's `java_demangle_v3`): `.` between names, Java
    /// builtin type names, `JArray<T>` as `T[]`, no `*`, return types after
    /// the parameters, `__U<hex>_` escapes decoded.
    pub(crate) java: bool,
}

/// Demangles an Itanium C++ symbol (or, with `types`, a bare type).
pub(crate) fn demangle(name: &str, flags: &Flags) -> Option<String> {
    let s = name.as_bytes();
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
    // The thread's buffers, or fresh ones if they are unavailable (in use
    // further up the stack, or the thread is exiting).
    let with_scratch = |scratch: &mut Scratch| {
        let out = demangle_in(name, what, flags, scratch);
        print::trim_vec(&mut scratch.nodes, KEEP_BUFFERS);
        print::trim_vec(&mut scratch.subs, KEEP_BUFFERS);
        scratch.print.trim(KEEP_BUFFERS);
        out
    };
    SCRATCH
        .try_with(|cell| match cell.try_borrow_mut() {
            Ok(mut scratch) => with_scratch(&mut scratch),
            Err(_) => with_scratch(&mut Scratch::default()),
        })
        .unwrap_or_else(|_| with_scratch(&mut Scratch::default()))
}

/// What kind of symbol is being demangled.
#[derive(Clone, Copy)]
enum What {
    Mangled,
    Ctors,
    Dtors,
    Type,
}

/// Parses and prints `name`, working in `scratch`'s buffers.
fn demangle_in(name: &str, what: What, flags: &Flags, scratch: &mut Scratch) -> Option<String> {
    let s = name.as_bytes();
    let buffers = (
        std::mem::take(&mut scratch.nodes),
        std::mem::take(&mut scratch.subs),
    );
    let mut p = Parser::new(s, flags.params, flags.verbose, flags.recurse_limit, buffers);
    p.java = flags.java;
    let out = loop {
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
                let bufs = std::mem::take(&mut scratch.print);
                let mut printer = print::Printer::new(name, &p.nodes, flags.max_output, bufs);
                printer.java = flags.java;
                printer.ret_postfix = flags.java;
                let (out, bufs) = printer.finish(r);
                scratch.print = bufs;
                break out;
            }
            None if p.unresolved_name_state == -1 => {
                p.unresolved_name_state = 0;
                p.reset();
            }
            None => break None,
        }
    };
    (scratch.nodes, scratch.subs) = p.into_buffers();
    out
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
