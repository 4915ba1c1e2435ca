//! GNU `getopt_long` (glibc 2.36) from a declarative table.
//!
//! A tool describes its options as GNU's sources do, with a `getopt` option string for the
//! short options and a table of long options in GNU's order (the order shows in the
//! ambiguity message), and reads them one by one with [`Getopt`]:
//!
//! - short options combine (`-aW`); an argument attaches or follows (`-xfoo`, `-x foo`),
//!   and the following word is taken even when it starts with `-`; an optional argument
//!   (`w::`) only attaches (`-wi`);
//! - long options take `--opt=val` or, when the argument is required, `--opt val`; an
//!   optional argument only as `--opt=val`;
//! - a long option may be abbreviated to a prefix that names one option, or several
//!   entries that glibc does not tell apart (the same argument kind and value as the first
//!   one matched): `--no-rec` is `--no-recurse-limit` when `--no-recursion-limit` does the
//!   same;
//! - operands and options mix: operands are gathered in order ([`Getopt::operands`]), `--`
//!   ends the options, a lone `-` is an operand; with `POSIXLY_CORRECT` in the environment
//!   the first operand ends the options;
//! - errors are worded as glibc 2.36 words them ([`Error`]), after the program name
//!   `argv[0]` as the user typed it; the first error ends the parse, since every binutils
//!   program prints its usage and exits on it.
//!
//! ```
//! use tools_common::getopt::{Getopt, HasArg, LongOpt, Opt, Spec};
//!
//! static SPEC: Spec<char> = Spec {
//!     short: "ax:w::",
//!     long: &[
//!         LongOpt { name: "all", has_arg: HasArg::No, val: 'a' },
//!         LongOpt { name: "hex-dump", has_arg: HasArg::Required, val: 'x' },
//!     ],
//! };
//! let args: Vec<String> = ["f", "-ax.text", "--hex=3", "-wi", "--", "-g"]
//!     .iter().map(|s| s.to_string()).collect();
//! let mut g = Getopt::new(&SPEC, args).posixly_correct(false);
//! let mut seen = Vec::new();
//! while let Some(r) = g.next() {
//!     let (opt, arg) = r.unwrap();
//!     seen.push((opt.key(), arg));
//! }
//! assert_eq!(seen, [('a', None), ('x', Some(".text".into())), ('x', Some("3".into())),
//!                   ('w', Some("i".into()))]);
//! assert_eq!(g.operands(), ["f", "-g"]);
//! ```

use std::fmt;

/// Whether an option takes an argument (`struct option`'s `has_arg`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HasArg {
    /// `no_argument`.
    No,
    /// `required_argument`: attached (`=val`, `-xval`) or the next word.
    Required,
    /// `optional_argument`: attached only.
    Optional,
}

/// One long option (`struct option`): `val` is what the tool gets back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LongOpt<T: 'static> {
    /// The name, without `--`.
    pub name: &'static str,
    /// Whether it takes an argument.
    pub has_arg: HasArg,
    /// What [`Getopt`] returns for it ([`Opt::Long`]).
    pub val: T,
}

/// A tool's options: GNU's option string and long option table.
#[derive(Debug, Clone, Copy)]
pub struct Spec<T: 'static> {
    /// The `getopt` option string: each letter an option, `:` after it for a required
    /// argument, `::` for an optional one.
    pub short: &'static str,
    /// The long options, in the tool's order.
    pub long: &'static [LongOpt<T>],
}

impl<T> Spec<T> {
    /// Whether `c` is a short option and what argument it takes.
    fn short(&self, c: u8) -> Option<HasArg> {
        if c == b':' || c == b';' {
            return None;
        }
        let s = self.short.as_bytes();
        let at = s.iter().position(|&b| b == c)?;
        Some(match (s.get(at + 1), s.get(at + 2)) {
            (Some(b':'), Some(b':')) => HasArg::Optional,
            (Some(b':'), _) => HasArg::Required,
            _ => HasArg::No,
        })
    }
}

/// An option found: a short letter, or a long option's `val`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Opt<T> {
    /// `-c`.
    Short(char),
    /// `--name`: the table entry's `val`.
    Long(T),
}

impl Opt<char> {
    /// The letter, for tools whose long options map to short letters.
    pub fn key(self) -> char {
        match self {
            Opt::Short(c) | Opt::Long(c) => c,
        }
    }
}

/// A command-line error, as glibc 2.36's `getopt_long` reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Error {
    /// `unrecognized option '--foo=bar'` (the whole word after `--`).
    Unrecognized(String),
    /// `option '--s' is ambiguous; possibilities: '--sections' '--syms'`.
    Ambiguous {
        /// The word after `--`, `=value` included.
        given: String,
        /// The long options listed, in table order.
        possibilities: Vec<&'static str>,
    },
    /// `option '--wide' doesn't allow an argument` (the full name).
    NoArgumentAllowed(&'static str),
    /// `option '--hex-dump' requires an argument` (the full name).
    ArgumentRequired(&'static str),
    /// `invalid option -- 'q'` (a byte: glibc reads the word byte by byte).
    Invalid(u8),
    /// `option requires an argument -- 'x'`.
    ShortArgumentRequired(char),
}

impl Error {
    /// The whole message as glibc writes it: `PROG: MESSAGE\n`, byte for byte (an
    /// invalid option that is not ASCII is shown as the one byte glibc shows).
    pub fn message(&self, prog: &str) -> Vec<u8> {
        let mut m = format!("{prog}: ").into_bytes();
        match self {
            Error::Invalid(b) => {
                m.extend_from_slice(b"invalid option -- '");
                m.push(*b);
                m.extend_from_slice(b"'");
            }
            e => m.extend_from_slice(e.to_string().as_bytes()),
        }
        m.push(b'\n');
        m
    }
}

impl fmt::Display for Error {
    /// The message without `PROG: ` and the newline (a non-ASCII invalid byte shows as
    /// U+FFFD here; [`Error::message`] has the byte).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Unrecognized(w) => write!(f, "unrecognized option '--{w}'"),
            Error::Ambiguous {
                given,
                possibilities,
            } => {
                write!(f, "option '--{given}' is ambiguous; possibilities:")?;
                possibilities.iter().try_for_each(|p| write!(f, " '--{p}'"))
            }
            Error::NoArgumentAllowed(n) => write!(f, "option '--{n}' doesn't allow an argument"),
            Error::ArgumentRequired(n) => write!(f, "option '--{n}' requires an argument"),
            Error::Invalid(b) if b.is_ascii() => write!(f, "invalid option -- '{}'", *b as char),
            Error::Invalid(_) => write!(f, "invalid option -- '\u{fffd}'"),
            Error::ShortArgumentRequired(c) => {
                write!(f, "option requires an argument -- '{c}'")
            }
        }
    }
}

impl std::error::Error for Error {}

/// The parse: an iterator of `(option, argument)` in command-line order; the operands
/// are in [`Getopt::operands`] once it has ended.
#[derive(Debug)]
pub struct Getopt<'s, T: 'static> {
    spec: &'s Spec<T>,
    args: Vec<String>,
    /// The next word to look at.
    next: usize,
    /// Inside a cluster of short options: the word and the byte to look at next.
    cluster: Option<(usize, usize)>,
    operands: Vec<String>,
    posix: bool,
    done: bool,
}

impl<'s, T: Copy + PartialEq> Getopt<'s, T> {
    /// A parse of `args` (without the program name). `POSIXLY_CORRECT` in the
    /// environment makes the first operand end the options, as in glibc.
    pub fn new(spec: &'s Spec<T>, args: Vec<String>) -> Self {
        Getopt {
            spec,
            args,
            next: 0,
            cluster: None,
            operands: Vec::new(),
            posix: std::env::var_os("POSIXLY_CORRECT").is_some(),
            done: false,
        }
    }

    /// Whether the first operand ends the options (instead of the environment's say).
    #[must_use]
    pub fn posixly_correct(mut self, on: bool) -> Self {
        self.posix = on;
        self
    }

    /// The operands seen so far, in order (all of them once the parse has ended).
    pub fn operands(&self) -> &[String] {
        &self.operands
    }

    /// [`Getopt::operands`], taken.
    pub fn into_operands(self) -> Vec<String> {
        self.operands
    }

    /// The words from `from` on are all operands; the parse ends.
    fn rest_are_operands(&mut self, from: usize) {
        self.operands
            .extend(self.args.get(from..).unwrap_or_default().iter().cloned());
        self.next = self.args.len();
        self.done = true;
    }

    /// The word after the current one, as an option's argument.
    fn take_next(&mut self) -> Option<String> {
        let w = self.args.get(self.next)?.clone();
        self.next += 1;
        Some(w)
    }

    fn short(&mut self, word: usize, at: usize) -> Result<(Opt<T>, Option<String>), Error> {
        let w = self.args.get(word).map_or("", String::as_str);
        let bytes = w.as_bytes();
        let c = bytes.get(at).copied().unwrap_or(0);
        let rest = at + 1;
        let more = rest < bytes.len();
        self.cluster = more.then_some((word, rest));
        let Some(has) = self.spec.short(c) else {
            return Err(Error::Invalid(c));
        };
        // An option letter is ASCII, so `rest` is on a character boundary.
        let attached = || w.get(rest..).unwrap_or_default().to_owned();
        let arg = match has {
            HasArg::No => None,
            HasArg::Optional => {
                self.cluster = None;
                more.then(attached)
            }
            HasArg::Required => {
                self.cluster = None;
                if more {
                    Some(attached())
                } else {
                    Some(
                        self.take_next()
                            .ok_or(Error::ShortArgumentRequired(char::from(c)))?,
                    )
                }
            }
        };
        Ok((Opt::Short(char::from(c)), arg))
    }

    /// glibc's `process_long_option` for the word after `--`.
    fn long(&mut self, body: &str) -> Result<(Opt<T>, Option<String>), Error> {
        let (name, inline) = match body.split_once('=') {
            Some((n, v)) => (n, Some(v.to_owned())),
            None => (body, None),
        };
        let long = self.spec.long;
        let found = match long.iter().find(|o| o.name == name) {
            Some(o) => o,
            None => {
                // The first prefix match, and the later ones glibc tells apart from it.
                let mut first: Option<&LongOpt<T>> = None;
                let mut ambiguous = Vec::new();
                for o in long.iter().filter(|o| o.name.starts_with(name)) {
                    match first {
                        None => first = Some(o),
                        Some(f) if f.has_arg != o.has_arg || f.val != o.val => {
                            if ambiguous.is_empty() {
                                ambiguous.push(f.name);
                            }
                            ambiguous.push(o.name);
                        }
                        Some(_) => {}
                    }
                }
                if !ambiguous.is_empty() {
                    return Err(Error::Ambiguous {
                        given: body.to_owned(),
                        possibilities: ambiguous,
                    });
                }
                first.ok_or_else(|| Error::Unrecognized(body.to_owned()))?
            }
        };
        let arg = match (found.has_arg, inline) {
            (HasArg::No, Some(_)) => return Err(Error::NoArgumentAllowed(found.name)),
            (HasArg::Required, None) => Some(
                self.take_next()
                    .ok_or(Error::ArgumentRequired(found.name))?,
            ),
            (_, v) => v,
        };
        Ok((Opt::Long(found.val), arg))
    }
}

impl<T: Copy + PartialEq> Iterator for Getopt<'_, T> {
    type Item = Result<(Opt<T>, Option<String>), Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        let r = if let Some((word, at)) = self.cluster {
            self.short(word, at)
        } else {
            loop {
                let Some(w) = self.args.get(self.next) else {
                    self.done = true;
                    return None;
                };
                let i = self.next;
                if w == "--" {
                    self.rest_are_operands(i + 1);
                    return None;
                }
                if w == "-" || !w.starts_with('-') {
                    if self.posix {
                        self.rest_are_operands(i);
                        return None;
                    }
                    let w = w.clone();
                    self.operands.push(w);
                    self.next += 1;
                    continue;
                }
                self.next += 1;
                break match w.strip_prefix("--") {
                    Some(body) => {
                        let body = body.to_owned();
                        self.long(&body)
                    }
                    None => self.short(i, 1),
                };
            }
        };
        if r.is_err() {
            self.done = true;
        }
        Some(r)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]

    use super::*;

    use HasArg::{No, Optional as Opt_, Required as Req};

    /// A part of readelf 2.40's long options, in its order.
    const LONG: &[(&str, HasArg, char)] = &[
        ("all", No, 'a'),
        ("file-header", No, 'h'),
        ("program-headers", No, 'l'),
        ("segments", No, 'l'),
        ("string-dump", Req, 'p'),
        ("symbols", No, 's'),
        ("syms", No, 's'),
        ("wide", No, 'W'),
        ("hex-dump", Req, 'x'),
        ("no-recurse-limit", No, 'r'),
        ("no-recursion-limit", No, 'r'),
        ("debug-dump", Opt_, 'w'),
        ("sym-base", Opt_, 'b'),
    ];

    fn spec() -> &'static Spec<char> {
        static SPEC: std::sync::OnceLock<Spec<char>> = std::sync::OnceLock::new();
        SPEC.get_or_init(|| Spec {
            short: "aWhsx:w::p:",
            long: LONG
                .iter()
                .map(|&(name, has_arg, val)| LongOpt { name, has_arg, val })
                .collect::<Vec<_>>()
                .leak(),
        })
    }

    type Parsed = (Vec<(char, Option<String>)>, Vec<String>, Option<Error>);

    fn parse(args: &[&str]) -> Parsed {
        parse_with(args, false)
    }

    fn parse_with(args: &[&str], posix: bool) -> Parsed {
        let args = args.iter().map(|s| (*s).to_owned()).collect();
        let mut g = Getopt::new(spec(), args).posixly_correct(posix);
        let mut opts = Vec::new();
        let mut err = None;
        for r in g.by_ref() {
            match r {
                Ok((o, a)) => opts.push((o.key(), a)),
                Err(e) => err = Some(e),
            }
        }
        (opts, g.into_operands(), err)
    }

    fn opts(args: &[&str]) -> Vec<(char, Option<String>)> {
        let (o, _, e) = parse(args);
        assert_eq!(e, None, "{args:?}");
        o
    }

    fn a(s: &str) -> Option<String> {
        Some(s.to_owned())
    }

    fn err(args: &[&str]) -> String {
        String::from_utf8(parse(args).2.unwrap().message("readelf")).unwrap()
    }

    #[test]
    fn combined_short_flags() {
        assert_eq!(opts(&["-aW"]), [('a', None), ('W', None)]);
        assert_eq!(
            opts(&["-a", "-W", "-h"]),
            [('a', None), ('W', None), ('h', None)]
        );
    }

    #[test]
    fn short_arguments_attached_or_next() {
        assert_eq!(opts(&["-x.text"]), [('x', a(".text"))]);
        assert_eq!(opts(&["-x", ".text"]), [('x', a(".text"))]);
        // The rest of a cluster is the argument, and the next word even with a dash.
        assert_eq!(opts(&["-ax3"]), [('a', None), ('x', a("3"))]);
        assert_eq!(opts(&["-x", "-h"]), [('x', a("-h"))]);
        assert_eq!(opts(&["-x", ""]), [('x', a(""))]);
    }

    #[test]
    fn optional_arguments_only_attached() {
        assert_eq!(opts(&["-w"]), [('w', None)]);
        assert_eq!(opts(&["-wi"]), [('w', a("i"))]);
        let (o, files, _) = parse(&["-w", "i"]);
        assert_eq!((o, files), (vec![('w', None)], vec!["i".to_owned()]));
        assert_eq!(opts(&["--debug-dump=info"]), [('w', a("info"))]);
        assert_eq!(opts(&["--debug-dump="]), [('w', a(""))]);
        let (o, files, _) = parse(&["--debug-dump", "info"]);
        assert_eq!((o, files), (vec![('w', None)], vec!["info".to_owned()]));
    }

    #[test]
    fn long_arguments_inline_or_next() {
        assert_eq!(opts(&["--hex-dump=.data"]), [('x', a(".data"))]);
        assert_eq!(opts(&["--hex-dump", ".data"]), [('x', a(".data"))]);
        assert_eq!(opts(&["--hex-dump", "--wide"]), [('x', a("--wide"))]);
        assert_eq!(opts(&["--hex-dump="]), [('x', a(""))]);
        assert_eq!(opts(&["--hex-dump=a=b"]), [('x', a("a=b"))]);
    }

    #[test]
    fn abbreviations() {
        assert_eq!(opts(&["--file-h"]), [('h', None)]);
        assert_eq!(opts(&["--hex=1"]), [('x', a("1"))]);
        // Several names for one thing are not ambiguous; an exact name wins.
        assert_eq!(opts(&["--no-rec"]), [('r', None)]);
        assert_eq!(opts(&["--symb"]), [('s', None)]);
        assert_eq!(opts(&["--syms"]), [('s', None)]);
        assert_eq!(opts(&["--se"]), [('l', None)]);
    }

    /// Each message as readelf 2.40 on glibc 2.36 printed it for the same words.
    #[test]
    fn diagnostics_as_glibc_words_them() {
        for (args, want) in [
            (&["--foo"][..], "unrecognized option '--foo'"),
            (&["--foo=bar"], "unrecognized option '--foo=bar'"),
            (&["-q"], "invalid option -- 'q'"),
            (&["-a:"], "invalid option -- ':'"),
            (&["-x"], "option requires an argument -- 'x'"),
            (&["--wide=3"], "option '--wide' doesn't allow an argument"),
            // The full name of the option matched.
            (
                &["--no-rec=1"],
                "option '--no-recurse-limit' doesn't allow an argument",
            ),
            (&["--hex"], "option '--hex-dump' requires an argument"),
            // The value is shown.
            (
                &["--sym=3"],
                "option '--sym=3' is ambiguous; possibilities: '--symbols' '--sym-base'",
            ),
            // Only entries differing from the first match are listed, so `--syms` (the
            // same as `--symbols`) is left out above but listed when the first match
            // differs, as in readelf 2.40's `--s` (… '--symbols' '--syms' …).
            (
                &["--s"],
                "option '--s' is ambiguous; possibilities: '--segments' '--string-dump' \
                 '--symbols' '--syms' '--sym-base'",
            ),
        ] {
            assert_eq!(err(args), format!("readelf: {want}\n"), "{args:?}");
        }
        // glibc reads bytes: the first byte of a multibyte letter is shown alone.
        assert_eq!(
            parse(&["-é"]).2.unwrap().message("readelf"),
            b"readelf: invalid option -- '\xc3'\n"
        );
    }

    #[test]
    fn first_error_ends_the_parse() {
        let (o, files, e) = parse(&["-a", "-q", "-W", "f"]);
        assert_eq!(o, [('a', None)]);
        assert!(files.is_empty());
        assert_eq!(e, Some(Error::Invalid(b'q')));
    }

    #[test]
    fn operands_permuted_dash_and_double_dash() {
        let (o, files, _) = parse(&["f1", "-a", "-", "f2", "--", "-W", "--x"]);
        assert_eq!(o, [('a', None)]);
        assert_eq!(files, ["f1", "-", "f2", "-W", "--x"]);
        assert_eq!(parse(&["--"]).1, Vec::<String>::new());
    }

    #[test]
    fn posixly_correct_stops_at_the_first_operand() {
        let (o, files, _) = parse_with(&["-a", "f", "-W"], true);
        assert_eq!(o, [('a', None)]);
        assert_eq!(files, ["f", "-W"]);
    }

    proptest::proptest! {
        /// Any command line parses without a panic into options, operands (never more
        /// than the words) and at most one error, whose message ends its line.
        #[test]
        fn random_argv_never_panics(
            words in proptest::collection::vec("(-{0,3}[a-zWxwp=:é-]{0,6}|[^\\x00]{0,4})", 0..12),
            posix in proptest::bool::ANY,
        ) {
            let args: Vec<&str> = words.iter().map(String::as_str).collect();
            let (opts, files, err) = parse_with(&args, posix);
            proptest::prop_assert!(files.len() <= words.len());
            proptest::prop_assert!(opts.len() <= words.iter().map(String::len).sum::<usize>());
            if let Some(e) = err {
                proptest::prop_assert!(e.message("p").ends_with(b"\n"));
            }
        }
    }
}
