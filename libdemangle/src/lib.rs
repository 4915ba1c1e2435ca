//! Symbol demangling with GNU `c++filt` semantics.
//!
//! `libdemangle` turns mangled linker symbols back into source-level names:
//!
//! * **Itanium C++** (`_Z…`, GCC and Clang on ELF platforms), by a parser for
//!   the Itanium C++ ABI mangling grammar and a printer that follows the
//!   output conventions of GNU libiberty (`{lambda()#1}`, `[abi:cxx11]`,
//!   `[clone .cold]`, `(anonymous namespace)`, literal spellings …);
//! * **Rust legacy** (`_ZN…17h<hash>E`), printed by the `rustc-demangle`
//!   crate once the symbol passes GNU's checks, hash included unless
//!   [`Options::no_verbose`] is set;
//! * **Rust v0** (`_R…`), in GNU's format (`core[1234abcd]::…`, `8: usize`).
//!
//! The scheme is detected automatically, as `c++filt` does: Rust first, then
//! C++. GNU's other styles are there when asked for with [`Style`]: Java
//! (`java`), GNAT Ada (`gnat`) and D (`dlang`). The goal is output
//! byte-identical to GNU `c++filt` 2.40.
//!
//! # Modules
//!
//! * `itanium`: C++ parser (`parse`), component tree (`ast`), printer
//!   (`print`) and tables of builtin types, operators and `std` abbreviations.
//! * `rust`: legacy gatekeeping and the v0 printer.
//! * `ada`, `dlang`: the GNAT and D demanglers.
//!
//! # Example
//!
//! ```
//! use libdemangle::{demangle, demangle_text, Options};
//!
//! let opts = Options::default();
//! assert_eq!(
//!     demangle("_ZNSt6vectorIiSaIiEE9push_backEOi", &opts).as_deref(),
//!     Some("std::vector<int, std::allocator<int> >::push_back(int&&)")
//! );
//! assert_eq!(demangle("main", &opts), None);
//!
//! let opts = Options::default().no_params(true);
//! assert_eq!(demangle("_Z3fooic", &opts).as_deref(), Some("foo"));
//!
//! assert_eq!(
//!     demangle_text("call _Z3fooi@plt", &Options::default()),
//!     "call foo(int)@plt"
//! );
//! ```
//!
//! # Limits
//!
//! Demangling never panics and always terminates quickly. Parser and printer
//! nesting are bounded, back-references are bounded by the nesting limits and
//! a step budget, and output longer than [`Options::max_output`] (1 MiB by
//! default) is refused. With the recursion limit on (the default, as in GNU),
//! C++ names longer than 1024 bytes are refused, as GNU does.
//!
//! # Cargo features
//!
//! None.

#![forbid(unsafe_code)]

mod ada;
mod dlang;
mod itanium;
mod rust;

/// Which mangling schemes to try (`c++filt --format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub enum Style {
    /// Rust (legacy and v0), then Itanium C++.
    #[default]
    Auto,
    /// Itanium C++ only (`gnu-v3`).
    GnuV3,
    /// Rust only.
    Rust,
    /// No demangling: names are returned as they are.
    None,
    /// Java names mangled as Itanium C++ by GCJ (`java`): GNU's
    /// `java_demangle_v3`, which ignores the other options.
    Java,
    /// GNAT Ada names (`gnat`): every name has an answer, in angle
    /// brackets when it is not an Ada name (`<_Z1fv>`).
    Gnat,
    /// D names (`dlang`, `_D…`), as GNU's `dlang_demangle`.
    Dlang,
}

impl Style {
    /// Parses a `c++filt --format` style name (`auto`, `gnu-v3`, `rust`,
    /// `none`, `java`, `gnat`, `dlang`). Returns `None` for other names.
    pub fn from_name(name: &str) -> Option<Style> {
        Some(match name {
            "auto" => Style::Auto,
            "gnu-v3" => Style::GnuV3,
            "rust" => Style::Rust,
            "none" => Style::None,
            "java" => Style::Java,
            "gnat" => Style::Gnat,
            "dlang" => Style::Dlang,
            _ => return None,
        })
    }
}

/// Demangling options, mirroring `c++filt`'s flags.
///
/// Build with [`Options::default`] and the builder-style setters.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Options {
    params: bool,
    verbose: bool,
    types: bool,
    strip_underscore: bool,
    recurse_limit: bool,
    style: Style,
    max_output: usize,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            params: true,
            verbose: true,
            types: false,
            strip_underscore: false,
            recurse_limit: true,
            style: Style::Auto,
            max_output: 1 << 20,
        }
    }
}

impl Options {
    /// Omits function parameter lists and clone suffixes (`c++filt -p`).
    #[must_use]
    pub fn no_params(mut self, yes: bool) -> Self {
        self.params = !yes;
        self
    }

    /// Hides implementation details (`c++filt -i`): `std::string` instead of
    /// its full `basic_string<…>` spelling, Rust hashes and disambiguators.
    #[must_use]
    pub fn no_verbose(mut self, yes: bool) -> Self {
        self.verbose = !yes;
        self
    }

    /// Also demangles bare type encodings such as `i` or `PKc` (`c++filt -t`).
    #[must_use]
    pub fn types(mut self, yes: bool) -> Self {
        self.types = yes;
        self
    }

    /// Ignores one leading underscore (`c++filt -_`).
    #[must_use]
    pub fn strip_underscore(mut self, yes: bool) -> Self {
        self.strip_underscore = yes;
        self
    }

    /// Enables GNU's recursion limits (the default; `c++filt -R` / `-r`).
    /// Even when disabled, hard internal limits keep demangling bounded.
    #[must_use]
    pub fn recurse_limit(mut self, yes: bool) -> Self {
        self.recurse_limit = yes;
        self
    }

    /// Selects the mangling schemes to try (`c++filt -s`).
    #[must_use]
    pub fn style(mut self, style: Style) -> Self {
        self.style = style;
        self
    }

    /// The style set by [`Options::style`].
    pub fn get_style(&self) -> Style {
        self.style
    }

    /// Refuses to produce demangled names longer than `bytes`.
    #[must_use]
    pub fn max_output(mut self, bytes: usize) -> Self {
        self.max_output = bytes;
        self
    }
}

/// Demangles one symbol name, as `c++filt` does for a command-line argument.
///
/// A leading `.` or `$` is skipped (a `.` is kept in front of the result),
/// and with [`Options::strip_underscore`] one leading `_` too.
///
/// Returns `None` if `name` is not a mangled name this crate can demangle;
/// `c++filt` then prints the name unchanged.
pub fn demangle(name: &str, opts: &Options) -> Option<String> {
    let b = name.as_bytes();
    let mut skip = 0;
    if matches!(b.first(), Some(b'.' | b'$')) {
        skip = 1;
    }
    if opts.strip_underscore && b.get(skip) == Some(&b'_') {
        skip += 1;
    }
    let rest = name.get(skip..)?;
    let flags = itanium::Flags {
        params: opts.params,
        verbose: opts.verbose,
        types: opts.types,
        recurse_limit: opts.recurse_limit,
        max_output: opts.max_output,
        java: false,
    };
    let rust = || rust::demangle(rest, opts.verbose, opts.recurse_limit, opts.max_output);
    let out = match opts.style {
        Style::None => Some(rest.to_owned()),
        Style::Auto => rust().or_else(|| itanium::demangle(rest, &flags)),
        Style::GnuV3 => itanium::demangle(rest, &flags),
        Style::Rust => rust(),
        Style::Java => demangle_java(rest, opts.max_output),
        Style::Gnat => Some(ada::demangle(rest)),
        Style::Dlang => dlang::demangle(rest, opts.max_output),
    }?;
    if b.first() == Some(&b'.') {
        Some(format!(".{out}"))
    } else {
        Some(out)
    }
}

/// GNU's `java_demangle_v3`: Itanium with Java output, parameters shown,
/// no implementation details hidden or shown beyond its fixed choice (not
/// verbose), GNU's recursion limit on, no bare types. A NUL decoded from a
/// `__U0_` escape ends the name, as in GNU's C string.
fn demangle_java(name: &str, max_output: usize) -> Option<String> {
    let flags = itanium::Flags {
        params: true,
        verbose: false,
        types: false,
        recurse_limit: true,
        max_output,
        java: true,
    };
    let mut out = itanium::demangle(name, &flags)?;
    if let Some(nul) = out.find('\0') {
        out.truncate(nul);
    }
    Some(out)
}

/// True for bytes that may appear in a symbol: `[A-Za-z0-9_$.]`.
pub const fn is_symbol_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'_' | b'$' | b'.')
}

/// The bytes c++filt's token loop collects into a word: [`is_symbol_byte`]
/// (1), and NUL (2: GNU tests `strchr(valid_symbols, c)`, which finds the
/// string's terminator for `c == 0`); 0 for the others.
// Evaluated at compile time: an out-of-range index would not compile.
#[allow(clippy::indexing_slicing)]
static SYMBOL_BYTES: [u8; 256] = {
    let mut t = [0; 256];
    let mut b = 0;
    while b < t.len() {
        t[b] = if b == 0 {
            2
        } else if is_symbol_byte(b as u8) {
            1
        } else {
            0
        };
        b += 1;
    }
    t
};

/// A byte of a c++filt word (NUL included), by table.
fn is_sym(b: &u8) -> bool {
    SYMBOL_BYTES.get(usize::from(*b)).is_some_and(|&k| k != 0)
}

/// A byte of a c++filt word other than NUL, by table.
fn is_name(b: &u8) -> bool {
    SYMBOL_BYTES.get(usize::from(*b)) == Some(&1)
}

/// Longest word `c++filt` collects before demangling it.
const MAX_WORD: usize = 32766;

/// Demangles every mangled word embedded in `text`, as `c++filt` does when
/// reading standard input. Words are runs of `[A-Za-z0-9_$.]`; everything
/// else, and words that do not demangle, are copied unchanged.
///
/// As in GNU c++filt, a NUL byte belongs to a word, and a word is handled
/// as the C string it is to GNU: only its part before the first NUL is
/// demangled or copied, the rest of the word is dropped. A word is at most
/// 32766 bytes; the byte that would make it longer is copied as it is and
/// starts the next word after it.
pub fn demangle_text(text: &str, opts: &Options) -> String {
    let out = demangle_text_bytes(text.as_bytes(), opts);
    // Only whole ASCII words are replaced, by UTF-8 text, so this holds.
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// Byte-oriented [`demangle_text`]: non-UTF-8 input is passed through.
pub fn demangle_text_bytes(text: &[u8], opts: &Options) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() + text.len() / 2);
    // Validated once: words are ASCII, so they are then slices of a `str`.
    let valid = std::str::from_utf8(text).ok();
    let mut i = 0;
    while i < text.len() {
        let start = i;
        let limit = text.len().min(start.saturating_add(MAX_WORD));
        let rest = text.get(start..limit).unwrap_or(&[]);
        // GNU's word is a C string: it ends at its first NUL (and may then
        // be empty, which `-s gnat` still answers, with `<>`); the rest of
        // the token, up to a separator, is dropped.
        let named = rest.iter().position(|b| !is_name(b)).unwrap_or(rest.len());
        let end = start + named;
        i = end;
        if rest.get(named) == Some(&0) {
            let tail = rest.get(named..).unwrap_or(&[]);
            i += tail.iter().position(|b| !is_sym(b)).unwrap_or(tail.len());
        }
        if let Some(word) = text.get(start..end).filter(|_| i > start) {
            let s = match valid {
                Some(v) => v.get(start..end).unwrap_or(""),
                None => std::str::from_utf8(word).unwrap_or(""),
            };
            match demangle(s, opts) {
                Some(d) => out.extend_from_slice(d.as_bytes()),
                None => out.extend_from_slice(word),
            }
        }
        // The byte that ended the word (a separator, or the first byte past
        // an over-long word) is echoed as is, and so are the separators
        // after it.
        if i < text.len() {
            let sep = text.get(i + 1..).unwrap_or(&[]);
            let end = i + 1 + sep.iter().position(is_sym).unwrap_or(sep.len());
            out.extend_from_slice(text.get(i..end).unwrap_or(&[]));
            i = end;
        }
    }
    out
}

#[cfg(test)]
mod tests;
