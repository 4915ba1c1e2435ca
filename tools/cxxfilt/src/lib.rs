//! `c++filt`: demangle C++, Rust, Java, Ada and D symbol names, a drop-in for
//! GNU c++filt 2.40.
//!
//! Names given as arguments are demangled one per line. Without names, standard
//! input is copied to standard output with every embedded mangled word (a run of
//! `[A-Za-z0-9_$.]` and NULs, cut at its first NUL as GNU does) demangled. The
//! options are GNU's (`c++filt --help`), and `@file` reads further arguments
//! from a file as libiberty's `expandargv` does. As in GNU, write errors (a full
//! disk) end the output silently with status 0. See the README for details.

#![forbid(unsafe_code)]

use std::io::{self, BufRead, Write};

use libdemangle::{Options, Style};
use tools_common::getopt::{Getopt, HasArg, LongOpt, Spec};

const fn l(name: &'static str, val: char) -> LongOpt<char> {
    LongOpt {
        name,
        has_arg: if val == 's' {
            HasArg::Required
        } else {
            HasArg::No
        },
        val,
    }
}

/// c++filt 2.40's options, long ones in its order (which its ambiguity message shows).
static SPEC: Spec<char> = Spec {
    short: "_hinprRs:tv",
    long: &[
        l("strip-underscore", '_'),
        l("format", 's'),
        l("help", 'h'),
        l("no-params", 'p'),
        l("no-strip-underscores", 'n'),
        l("no-verbose", 'i'),
        l("types", 't'),
        l("version", 'v'),
        l("recurse-limit", 'R'),
        l("recursion-limit", 'R'),
        l("no-recurse-limit", 'r'),
        l("no-recursion-limit", 'r'),
    ],
};

/// What the command line asks for.
#[derive(Debug)]
enum Action {
    Demangle {
        opts: Options,
        names: Vec<String>,
    },
    Help,
    Version,
    /// Print glibc's message and the usage on stderr, exit 1.
    Usage(Vec<u8>),
    /// Print the message on stderr, exit 1.
    Fail(String),
}

/// Runs `c++filt` with `args` (including the program name in `args[0]`).
/// Returns the exit status.
pub fn run(
    args: &[String],
    stdin: &mut dyn BufRead,
    stdout: &mut dyn Write,
    stderr: &mut dyn Write,
) -> i32 {
    let prog = args.first().map_or("c++filt", String::as_str);
    let args = match tools_common::atfile::expand(args.get(1..).unwrap_or(&[])) {
        Ok(a) => a,
        Err(msg) => {
            let _ = writeln!(stderr, "{prog}: {msg}");
            return 1;
        }
    };
    let result = match parse_args(prog, &args) {
        Action::Help => usage(prog, stdout)
            .and_then(|()| stdout.flush())
            .map(|()| 0),
        Action::Version => version(stdout).map(|()| 0),
        Action::Usage(msg) => {
            let _ = stderr.write_all(&msg);
            let _ = usage(prog, stderr);
            Ok(1)
        }
        Action::Fail(msg) => {
            let _ = stderr.write_all(msg.as_bytes());
            Ok(1)
        }
        Action::Demangle { opts, names } => {
            if names.is_empty() {
                if opts.get_style() == Style::None {
                    // GNU knows no word alphabet for this style.
                    let _ = writeln!(
                        stderr,
                        "{prog}: Internal error: no symbol alphabet for current style"
                    );
                    return 1;
                }
                filter(&opts, stdin, stdout).map(|()| 0)
            } else {
                names
                    .iter()
                    .try_for_each(|n| {
                        let d = libdemangle::demangle(n, &opts);
                        stdout.write_all(d.as_deref().unwrap_or(n).as_bytes())?;
                        stdout.write_all(b"\n")
                    })
                    .and_then(|()| stdout.flush())
                    .map(|()| 0)
            }
        }
    };
    // A closed pipe ends the output quietly with status 0 (tools_common::pipe);
    // GNU c++filt never checks its writes, so any other write error (a full
    // disk) does the same (it stops here rather than reading the rest of the
    // input to write nothing).
    tools_common::pipe::status(result, 0)
}

/// Copies `input` to `out`, demangling embedded names.
///
/// Input is taken a buffer at a time: every complete line in it is demangled
/// and written at once (a newline always ends a word, so this is the same as
/// going line by line), and the output is flushed before waiting for more
/// input, so an interactive reader still gets each line as soon as it is
/// complete, as with GNU's flush after every newline.
fn filter(opts: &Options, input: &mut dyn BufRead, out: &mut dyn Write) -> io::Result<()> {
    // The start of a line whose end has not been read yet.
    let mut partial = Vec::new();
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            break;
        }
        let taken = chunk.len();
        match chunk.iter().rposition(|&b| b == b'\n') {
            Some(last) => {
                let (lines, rest) = chunk.split_at(last + 1);
                let demangled = if partial.is_empty() {
                    libdemangle::demangle_text_bytes(lines, opts)
                } else {
                    partial.extend_from_slice(lines);
                    let d = libdemangle::demangle_text_bytes(&partial, opts);
                    partial.clear();
                    d
                };
                partial.extend_from_slice(rest);
                out.write_all(&demangled)?;
                out.flush()?;
            }
            None => partial.extend_from_slice(chunk),
        }
        input.consume(taken);
    }
    if !partial.is_empty() {
        out.write_all(&libdemangle::demangle_text_bytes(&partial, opts))?;
    }
    out.flush()
}

/// GNU's option parsing (`tools_common::getopt`): options may follow names, `--`
/// ends options, long options may be abbreviated to a unique prefix.
fn parse_args(prog: &str, args: &[String]) -> Action {
    let mut opts = Options::default();
    let mut g = Getopt::new(&SPEC, args.to_vec());
    for r in g.by_ref() {
        let action = match r {
            Ok((opt, value)) => apply(prog, &mut opts, opt.key(), value),
            Err(e) => Some(Action::Usage(e.message(prog))),
        };
        if let Some(a) = action {
            return a;
        }
    }
    Action::Demangle {
        opts,
        names: g.into_operands(),
    }
}

/// Applies one option; returns an action that ends parsing, if any.
fn apply(prog: &str, opts: &mut Options, letter: char, value: Option<String>) -> Option<Action> {
    let o = opts.clone();
    *opts = match letter {
        'h' => return Some(Action::Help),
        'v' => return Some(Action::Version),
        'n' => o.strip_underscore(false),
        '_' => o.strip_underscore(true),
        'p' => o.no_params(true),
        'r' => o.recurse_limit(false),
        'R' => o.recurse_limit(true),
        't' => o.types(true),
        'i' => o.no_verbose(true),
        's' => {
            let v = value.unwrap_or_default();
            match Style::from_name(&v) {
                Some(style) => o.style(style),
                None => {
                    return Some(Action::Fail(format!(
                        "{prog}: unknown demangling style `{v}'\n"
                    )))
                }
            }
        }
        _ => o,
    };
    None
}

fn usage(prog: &str, w: &mut dyn Write) -> io::Result<()> {
    write!(
        w,
        "Usage: {prog} [options] [mangled names]\n\
Options are:\n  \
[-_|--strip-underscore]     Ignore first leading underscore\n  \
[-n|--no-strip-underscore]  Do not ignore a leading underscore (default)\n  \
[-p|--no-params]            Do not display function arguments\n  \
[-i|--no-verbose]           Do not show implementation details (if any)\n  \
[-R|--recurse-limit]        Enable a limit on recursion whilst demangling.  [Default]\n  \
]-r|--no-recurse-limit]     Disable a limit on recursion whilst demangling\n  \
[-t|--types]                Also attempt to demangle type encodings\n  \
[-s|--format {{none,auto,gnu-v3,java,gnat,dlang,rust}}]\n  \
[@<file>]                   Read extra options from <file>\n  \
[-h|--help]                 Display this information\n  \
[-v|--version]              Show the version information\n\
Demangled names are displayed to stdout.\n\
If a name cannot be demangled it is just echoed to stdout.\n\
If no names are provided on the command line, stdin is read.\n"
    )
}

fn version(w: &mut dyn Write) -> io::Result<()> {
    write!(
        w,
        "c++filt (elftoolchain-rs) {}\n\
Output compatible with GNU c++filt 2.40.\n\
This program is free software; you may redistribute it under the terms of\n\
the BSD 2-clause license.  This program has absolutely no warranty.\n",
        env!("CARGO_PKG_VERSION")
    )?;
    w.flush()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run_str(args: &[&str], input: &str) -> (i32, String, String) {
        let args: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
        let mut out = Vec::new();
        let mut err = Vec::new();
        let code = run(&args, &mut input.as_bytes(), &mut out, &mut err);
        (
            code,
            String::from_utf8(out).unwrap(),
            String::from_utf8(err).unwrap(),
        )
    }

    #[test]
    fn names_as_arguments() {
        let (code, out, _) = run_str(&["c++filt", "_Z1fv", "main"], "");
        assert_eq!(code, 0);
        assert_eq!(out, "f()\nmain\n");
    }

    #[test]
    fn stdin_in_small_buffers() {
        // Lines and words split across reads come out as from one read.
        let input = "a _Z1fv b\n_ZN3foo3barEv\n\nx_Z1gv _Z3bazi";
        let (_, whole, _) = run_str(&["c++filt"], input);
        assert_eq!(whole, "a f() b\nfoo::bar()\n\nx_Z1gv baz(int)");
        for cap in 1..8 {
            let mut r = io::BufReader::with_capacity(cap, input.as_bytes());
            let mut out = Vec::new();
            filter(&Options::default(), &mut r, &mut out).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), whole, "buffer of {cap}");
        }
    }

    #[test]
    fn stdin_embedded_words() {
        let (_, out, _) = run_str(&["c++filt"], "call _Z1fi@plt\n<_ZN1a1bE+0x10>\n");
        assert_eq!(out, "call f(int)@plt\n<a::b+0x10>\n");
    }

    #[test]
    fn every_spelling_of_each_flag() {
        for a in ["-p", "--no-params", "--no-p"] {
            assert_eq!(run_str(&["c++filt", a, "_Z1fi"], "").1, "f\n", "{a}");
        }
        for a in ["-i", "--no-verbose"] {
            assert_eq!(
                run_str(&["c++filt", a, "_Z1fSs"], "").1,
                "f(std::string)\n",
                "{a}"
            );
        }
        for a in ["-t", "--types"] {
            assert_eq!(
                run_str(&["c++filt", a, "PKc"], "").1,
                "char const*\n",
                "{a}"
            );
        }
        for a in ["-_", "--strip-underscore"] {
            assert_eq!(run_str(&["c++filt", a, "__Z1fv"], "").1, "f()\n", "{a}");
        }
        for a in ["-n", "--no-strip-underscores", "--no-strip-underscore"] {
            assert_eq!(
                run_str(&["c++filt", "-_", a, "__Z1fv"], "").1,
                "__Z1fv\n",
                "{a}"
            );
        }
        for a in [
            "-r",
            "--no-recurse-limit",
            "--no-recursion-limit",
            "-R",
            "--recurse-limit",
        ] {
            assert_eq!(run_str(&["c++filt", a, "_Z1fv"], "").1, "f()\n", "{a}");
        }
        for a in [
            &["-s", "gnu-v3"][..],
            &["-sgnu-v3"],
            &["--format=gnu-v3"],
            &["--format", "gnu-v3"],
        ] {
            let mut args = vec!["c++filt"];
            args.extend_from_slice(a);
            args.push("_Z1fv");
            assert_eq!(run_str(&args, "").1, "f()\n", "{a:?}");
        }
        assert_eq!(
            run_str(&["c++filt", "-s", "rust", "_Z1fv"], "").1,
            "_Z1fv\n"
        );
        assert_eq!(run_str(&["c++filt", "-pi", "_Z1fSs"], "").1, "f\n");
    }

    #[test]
    fn help_version_and_errors() {
        let (code, out, _) = run_str(&["c++filt", "--help"], "");
        assert_eq!(code, 0);
        assert!(out.starts_with("Usage: c++filt [options] [mangled names]\n"));
        let (code, out, _) = run_str(&["c++filt", "-v"], "");
        assert_eq!(code, 0);
        assert!(out.contains("c++filt"));
        // The first line of stderr (the usage follows on the others).
        for (args, want) in [
            (&["-x"][..], "c++filt: invalid option -- 'x'"),
            (&["--bogus"], "c++filt: unrecognized option '--bogus'"),
            (&["-s"], "c++filt: option requires an argument -- 's'"),
            (
                &["--format"],
                "c++filt: option '--format' requires an argument",
            ),
            (
                &["--help=3"],
                "c++filt: option '--help' doesn't allow an argument",
            ),
            (
                &["--no"],
                "c++filt: option '--no' is ambiguous; possibilities: '--no-params' \
                 '--no-strip-underscores' '--no-verbose' '--no-recurse-limit' \
                 '--no-recursion-limit'",
            ),
        ] {
            let argv: Vec<&str> = std::iter::once("c++filt")
                .chain(args.iter().copied())
                .collect();
            let (code, _, err) = run_str(&argv, "");
            assert_eq!(code, 1, "{args:?}");
            assert_eq!(err.lines().next(), Some(want), "{args:?}");
            assert!(err.contains("\nUsage: c++filt "), "{args:?}");
        }
        let (code, _, err) = run_str(&["c++filt", "-s", "cobol"], "");
        assert_eq!(code, 1);
        assert_eq!(err, "c++filt: unknown demangling style `cobol'\n");
        // `--no-strip` names two spellings of one option: not ambiguous.
        let (code, out, _) = run_str(&["c++filt", "--no-strip", "_Z1fv"], "");
        assert_eq!((code, out.as_str()), (0, "f()\n"));
    }

    #[test]
    fn double_dash_and_at_file() {
        assert_eq!(
            run_str(&["c++filt", "--", "-p", "_Z1fv"], "").1,
            "-p\nf()\n"
        );
        let dir = std::env::temp_dir().join(format!("cxxfilt-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let f = dir.join("args");
        std::fs::write(&f, "-p 'Z' _Z1fi\n").unwrap();
        let at = format!("@{}", f.display());
        assert_eq!(run_str(&["c++filt", &at], "").1, "Z\nf\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    proptest::proptest! {
        /// Any command line (without `@`) parses without a panic; a usage error is one
        /// line of glibc's, names are words of the command line.
        #[test]
        fn random_argv_never_panics(words in proptest::collection::vec("-{0,2}[_hinprRstv=:é-]{0,5}", 0..8)) {
            match parse_args("c++filt", &words) {
                Action::Usage(m) => {
                    proptest::prop_assert!(m.starts_with(b"c++filt: ") && m.ends_with(b"\n"))
                }
                // Names are words of the command line, in order.
                Action::Demangle { names, .. } => {
                    proptest::prop_assert!(names.iter().all(|n| words.contains(n)))
                }
                _ => {}
            }
        }
    }
}
