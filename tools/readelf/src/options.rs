//! Command-line parsing with GNU `getopt_long` behaviour, as readelf 2.40 uses it:
//! options and files may be mixed (arguments are permuted), `--` ends the options, short
//! flags combine (`-aW`), arguments attach or follow (`-x.text`, `-x .text`), long
//! options may be abbreviated to any unique prefix (`--file-h`), and `@file` reads more
//! arguments from a file.

use std::io::Write;

/// How a section's contents are to be dumped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DumpKind {
    /// `-x`: hex dump.
    Hex,
    /// `-p`: strings.
    Strings,
    /// `-R`: hex dump after applying relocations.
    Relocated,
}

/// A section named on the command line for `-x`, `-p` or `-R`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DumpTarget {
    /// By index (`-x 3`).
    Index(u64),
    /// By name (`-x .text`).
    Name(Vec<u8>),
}

/// How `-U`/`--unicode` shows multibyte characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Unicode {
    /// `default`: as the locale does (treated as `locale`).
    #[default]
    Default,
    /// `locale`.
    Locale,
    /// `escape`: `\uXXXX`.
    Escape,
    /// `invalid`: `{hex}`... shown as invalid.
    Invalid,
    /// `hex`: `<0x..>`.
    Hex,
    /// `highlight`: escapes, highlighted.
    Highlight,
}

/// What the command line asked for (GNU readelf's `do_*` flags).
#[derive(Debug, Clone, Default)]
#[allow(missing_docs)]
pub struct Options {
    pub syms: bool,
    pub dyn_syms: bool,
    pub lto_syms: bool,
    pub reloc: bool,
    pub unwind: bool,
    pub dynamic: bool,
    pub header: bool,
    pub sections: bool,
    pub section_details: bool,
    pub section_groups: bool,
    pub segments: bool,
    pub version: bool,
    pub histogram: bool,
    pub arch: bool,
    pub notes: bool,
    pub archive_index: bool,
    pub using_dynamic: bool,
    pub wide: bool,
    pub checks: bool,
    pub check_all: bool,
    pub demangle: bool,
    pub silent_truncation: bool,
    pub decompress: bool,
    pub process_links: bool,
    /// `-w`/`--debug-dump` was given (with what it selected, as given).
    pub debug_dump: Option<String>,
    /// The DWARF displays selected by `-w`/`--debug-dump`.
    pub debug: libdwarf::dump::Selection,
    /// `-w`/`--debug-dump` without an argument: everything (GNU's `do_debugging`).
    pub debugging: bool,
    pub dwarf_depth: Option<u64>,
    pub dwarf_start: Option<u64>,
    pub sym_base: u32,
    pub unicode: Unicode,
    /// `-x`, `-p`, `-R` requests in command-line order.
    pub dumps: Vec<(DumpTarget, DumpKind)>,
    /// The files, in order.
    pub files: Vec<String>,
    /// Set once a file's section headers could not be processed: GNU then turns off
    /// section dumps for every later file too.
    pub dump_disabled: bool,
}

impl Options {
    /// Whether any section contents were requested (GNU's `do_dump`).
    pub fn do_dump(&self) -> bool {
        !self.dump_disabled && (!self.dumps.is_empty() || self.debugging || self.debug.any())
    }

    /// Whether anything but the archive index and LTO symbols is asked for (GNU's test
    /// before it walks an archive's members after `-c`).
    pub fn wants_members(&self) -> bool {
        self.dynamic
            || self.syms
            || self.reloc
            || self.unwind
            || self.sections
            || self.segments
            || self.header
            || self.do_dump()
            || self.version
            || self.histogram
            || self.arch
            || self.notes
            || self.section_groups
            || self.dyn_syms
    }

    /// What GNU's `process_object` does when `process_section_headers` fails: the
    /// displays that need section headers are turned off, for this file and every later
    /// one (GNU keeps its options in globals).
    pub fn section_headers_failed(&mut self) {
        self.unwind = false;
        self.version = false;
        self.dump_disabled = true;
        self.arch = false;
        if !self.using_dynamic {
            self.syms = false;
            self.dyn_syms = false;
            self.reloc = false;
        }
    }
}

use tools_common::getopt::{Getopt, HasArg, LongOpt, Opt, Spec};

/// One long option: name, argument, and the short option or internal code it maps to.
const fn l(name: &'static str, has_arg: HasArg, val: &'static str) -> LongOpt<&'static str> {
    LongOpt { name, has_arg, val }
}

const NO: HasArg = HasArg::No;
const REQ: HasArg = HasArg::Required;
const OPT: HasArg = HasArg::Optional;

/// readelf 2.40's options, long ones in its order (which its ambiguity message shows).
static SPEC: Spec<&str> = Spec {
    short: "ACDHILNPR:STU:VWacdeghi:lnp:rstuvw::x:z",
    long: &[
        l("arch-specific", NO, "A"),
        l("all", NO, "a"),
        l("demangle", OPT, "C"),
        l("archive-index", NO, "c"),
        l("use-dynamic", NO, "D"),
        l("dynamic", NO, "d"),
        l("headers", NO, "e"),
        l("section-groups", NO, "g"),
        l("help", NO, "H"),
        l("file-header", NO, "h"),
        l("histogram", NO, "I"),
        l("lint", NO, "L"),
        l("enable-checks", NO, "L"),
        l("program-headers", NO, "l"),
        l("segments", NO, "l"),
        l("full-section-name", NO, "N"),
        l("notes", NO, "n"),
        l("process-links", NO, "P"),
        l("string-dump", REQ, "p"),
        l("relocated-dump", REQ, "R"),
        l("relocs", NO, "r"),
        l("section-headers", NO, "S"),
        l("sections", NO, "S"),
        l("symbols", NO, "s"),
        l("syms", NO, "s"),
        l("silent-truncation", NO, "T"),
        l("section-details", NO, "t"),
        l("unicode", REQ, "U"),
        l("unwind", NO, "u"),
        l("version-info", NO, "V"),
        l("version", NO, "v"),
        l("wide", NO, "W"),
        l("hex-dump", REQ, "x"),
        l("decompress", NO, "z"),
        l("no-demangle", NO, "no-demangle"),
        l("recurse-limit", NO, "recurse-limit"),
        l("no-recurse-limit", NO, "no-recurse-limit"),
        l("no-recursion-limit", NO, "no-recurse-limit"),
        l("dyn-syms", NO, "dyn-syms"),
        l("lto-syms", NO, "lto-syms"),
        l("debug-dump", OPT, "debug-dump"),
        l("dwarf-depth", REQ, "dwarf-depth"),
        l("dwarf-start", REQ, "dwarf-start"),
        l("dwarf-check", NO, "dwarf-check"),
        l("sframe", OPT, "sframe"),
        l("sym-base", OPT, "sym-base"),
    ],
};

/// Parse the arguments (without the program name), as `readelf`.
///
/// Returns the options, or the exit status when parsing ends the run (`--help`,
/// `--version`, a usage error); the text those print has been written.
pub fn parse(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> Result<Options, i32> {
    parse_as("readelf", args, out, err)
}

/// [`parse`] for a program run as `prog` (`argv[0]`, which glibc's option errors name;
/// readelf's own messages say `readelf`).
pub fn parse_as(
    prog: &str,
    args: &[String],
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<Options, i32> {
    let args = match tools_common::atfile::expand(args) {
        Ok(a) => a,
        Err(e) => {
            // libiberty names `argv[0]` too.
            let _ = writeln!(err, "{prog}: {e}");
            return Err(1);
        }
    };
    let mut o = Options::default();
    o.debug.follow_links = true;
    if args.is_empty() {
        return Err(usage(err, false));
    }
    let mut g = Getopt::new(&SPEC, args);
    for r in g.by_ref() {
        match r {
            Ok((Opt::Short(c), value)) => {
                apply(&mut o, c.encode_utf8(&mut [0; 4]), value, out, err)?
            }
            Ok((Opt::Long(code), value)) => apply(&mut o, code, value, out, err)?,
            Err(e) => {
                let _ = err.write_all(&e.message(prog));
                return Err(usage(err, false));
            }
        }
    }
    o.files = g.into_operands();
    let anything = o.wants_members() || o.archive_index || o.lto_syms;
    if !anything {
        if o.checks {
            o.check_all = true;
            o.dynamic = true;
            o.syms = true;
            o.reloc = true;
            o.unwind = true;
            o.sections = true;
            o.segments = true;
            o.header = true;
            o.version = true;
            o.histogram = true;
            o.arch = true;
            o.notes = true;
            o.section_groups = true;
            o.archive_index = true;
            o.dyn_syms = true;
            o.lto_syms = true;
            o.debug_dump = Some(String::new());
            o.debugging = true;
            o.debug = libdwarf::dump::Selection::all();
        } else {
            return Err(usage(err, false));
        }
    }
    if o.files.is_empty() {
        let _ = writeln!(err, "readelf: Warning: Nothing to do.");
        return Err(usage(err, false));
    }
    Ok(o)
}

/// C's `strtoul(s, &end, 0)` on an LP64 host: leading white space, an optional sign, then
/// `0x` hex, `0` octal or decimal digits. Returns the value (`u64::MAX` on overflow, the
/// two's complement negation after a `-`) and whether the digits reached the end of `s`
/// (`*end == '\0'`). With no digits at all the value is 0 and `end` is `s` itself, so an
/// empty `s` counts as fully consumed.
pub fn strtoul(s: &str) -> (u64, bool) {
    let (v, end) = tools_common::cnum::strtoul(s.as_bytes(), 0);
    (v, end == s.len())
}

/// `(int) strtoul (s, &end, 0)`: the low 32 bits as a signed `int`, as GNU stores them.
fn strtoul_int(s: &str) -> (i32, bool) {
    let (v, all) = strtoul(s);
    (v as u32 as i32, all)
}

fn apply(
    o: &mut Options,
    code: &str,
    value: Option<String>,
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> Result<(), i32> {
    // `--debug-dump=` gives an empty argument, which is not the same as none.
    let no_value = value.is_none();
    let v = value.unwrap_or_default();
    match code {
        "H" => return Err(usage(out, true)),
        "a" => {
            o.syms = true;
            o.reloc = true;
            o.unwind = true;
            o.dynamic = true;
            o.header = true;
            o.sections = true;
            o.section_groups = true;
            o.segments = true;
            o.version = true;
            o.histogram = true;
            o.arch = true;
            o.notes = true;
        }
        "g" => o.section_groups = true,
        "t" | "N" => {
            o.sections = true;
            o.section_details = true;
        }
        "e" => {
            o.header = true;
            o.sections = true;
            o.segments = true;
        }
        "A" => o.arch = true,
        "D" => o.using_dynamic = true,
        "r" => o.reloc = true,
        "u" => o.unwind = true,
        "h" => o.header = true,
        "l" => o.segments = true,
        "s" => o.syms = true,
        "S" => o.sections = true,
        "d" => o.dynamic = true,
        "I" => o.histogram = true,
        "n" => o.notes = true,
        "c" => o.archive_index = true,
        "L" => o.checks = true,
        "P" => o.process_links = true,
        "x" | "p" | "R" => {
            let kind = match code {
                "x" => DumpKind::Hex,
                "p" => DumpKind::Strings,
                _ => DumpKind::Relocated,
            };
            // GNU's `request_dump`: `int section = strtoul (optarg, &cp, 0)`, a number
            // when all of it was digits and the int is not negative, a name otherwise.
            let target = match strtoul_int(&v) {
                (n, true) if n >= 0 => DumpTarget::Index(n as u64),
                _ => DumpTarget::Name(v.into_bytes()),
            };
            o.dumps.push((target, kind));
        }
        "z" => o.decompress = true,
        "w" | "debug-dump" => {
            if no_value {
                o.debugging = true;
                o.debug = libdwarf::dump::Selection::all();
            } else {
                o.debugging = false;
                let warnings = if code == "w" {
                    o.debug.by_letters(&v)
                } else {
                    o.debug.by_names(&v)
                };
                for w in warnings {
                    let _ = write!(err, "readelf: Warning: {w}");
                }
            }
            o.debug_dump = Some(v);
        }
        // `int dwarf_cutoff_level = strtoul (…)`, where -1 means no limit; a more negative
        // level hides every DIE. libdwarf reads the level back as `v as i64`.
        "dwarf-depth" => {
            let level = strtoul_int(&v).0;
            o.dwarf_depth = (level != -1).then_some(i64::from(level) as u64);
        }
        // `unsigned long dwarf_start_die = strtoul (…)`.
        "dwarf-start" => o.dwarf_start = Some(strtoul(&v).0),
        "dwarf-check" | "sframe" | "recurse-limit" | "no-recurse-limit" => {}
        "dyn-syms" => o.dyn_syms = true,
        "lto-syms" => o.lto_syms = true,
        "v" => {
            let _ = out.write_all(include_str!("version.txt").as_bytes());
            return Err(0);
        }
        "V" => o.version = true,
        "W" => o.wide = true,
        "T" => o.silent_truncation = true,
        "C" => {
            o.demangle = true;
            if !v.is_empty()
                && !matches!(
                    v.as_str(),
                    "auto" | "gnu-v3" | "gnu" | "rust" | "java" | "gnat" | "dlang" | "none"
                )
            {
                let _ = write!(err, "readelf: Error: unknown demangling style `{v}'");
            }
        }
        "no-demangle" => o.demangle = false,
        "U" => {
            o.unicode = match v.as_str() {
                "default" | "d" => Unicode::Default,
                "locale" | "l" => Unicode::Locale,
                "escape" | "e" => Unicode::Escape,
                "invalid" | "i" => Unicode::Invalid,
                "hex" | "x" => Unicode::Hex,
                "highlight" | "h" => Unicode::Highlight,
                _ => {
                    let _ = write!(err, "readelf: Error: invalid argument to -U/--unicode: {v}");
                    o.unicode
                }
            }
        }
        "sym-base" => {
            // `int sym_base = strtoul (optarg, NULL, 0)`, then anything but 8, 10, 16 is 0.
            o.sym_base = match strtoul_int(&v).0 {
                b @ (8 | 10 | 16) => b as u32,
                _ => 0,
            }
        }
        _ => {
            let _ = writeln!(err, "readelf: Error: Invalid option '-{code}'");
            return Err(usage(err, false));
        }
    }
    Ok(())
}

/// Print the usage text; returns the exit status GNU uses (0 on stdout, 1 on stderr).
fn usage(w: &mut dyn Write, to_stdout: bool) -> i32 {
    let text = include_str!("usage.txt");
    if to_stdout {
        let _ = w.write_all(text.as_bytes());
        0
    } else {
        // The bug-report line is only printed on stdout.
        let body = text.rsplit_once("Report bugs to").map_or(text, |(b, _)| b);
        let _ = w.write_all(body.as_bytes());
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(args: &[&str]) -> Result<Options, i32> {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        parse(&args, &mut Vec::new(), &mut Vec::new())
    }

    #[test]
    fn at_file_errors_are_gnus() {
        let mut err = Vec::new();
        let dir = std::env::temp_dir().display().to_string();
        let r = parse(&[format!("@{dir}")], &mut Vec::new(), &mut err);
        assert_eq!(r.unwrap_err(), 1);
        assert_eq!(
            String::from_utf8_lossy(&err),
            "readelf: error: @-file refers to a directory\n"
        );
    }

    #[test]
    fn spellings() {
        let o = p(&["-aW", "f"]).unwrap();
        assert!(o.syms && o.wide && o.notes && !o.dyn_syms);
        assert_eq!(o.files, ["f"]);
        let o = p(&["--file-h", "f", "--wide"]).unwrap();
        assert!(o.header && o.wide);
        let o = p(&[
            "-x.text",
            "-x",
            "3",
            "--hex-dump=.data",
            "--string-dump",
            ".comment",
            "f",
        ])
        .unwrap();
        assert_eq!(
            o.dumps[0],
            (DumpTarget::Name(b".text".to_vec()), DumpKind::Hex)
        );
        assert_eq!(o.dumps[1], (DumpTarget::Index(3), DumpKind::Hex));
        assert_eq!(
            o.dumps[3],
            (DumpTarget::Name(b".comment".to_vec()), DumpKind::Strings)
        );
        let o = p(&["--symb", "f"]).unwrap();
        assert!(o.syms);
        let o = p(&["--sy", "-W", "f"]);
        assert_eq!(o.unwrap_err(), 1); // --symbols/--syms and --sym-base differ
        let mut err = Vec::new();
        let _ = parse(
            &["--sym".to_string(), "f".to_string()],
            &mut Vec::new(),
            &mut err,
        );
        let err = String::from_utf8(err).unwrap();
        assert!(err.starts_with(
            "readelf: option '--sym' is ambiguous; possibilities: '--symbols' '--sym-base'\n"
        ));
        assert_eq!(p(&["--s", "f"]).unwrap_err(), 1); // ambiguous
        assert_eq!(p(&["-q", "f"]).unwrap_err(), 1);
        assert_eq!(p(&["-x"]).unwrap_err(), 1);
        assert_eq!(p(&["f"]).unwrap_err(), 1);
        assert_eq!(p(&["-h"]).unwrap_err(), 1);
        assert_eq!(p(&["-H"]).unwrap_err(), 0);
        assert_eq!(p(&["-v"]).unwrap_err(), 0);
        let o = p(&["-wi", "--", "-h"]).unwrap();
        assert_eq!(o.debug_dump.as_deref(), Some("i"));
        assert_eq!(o.files, ["-h"]);
        let o = p(&["--sym-base=16", "-s", "f"]).unwrap();
        assert_eq!(o.sym_base, 16);
    }

    #[test]
    fn numbers() {
        assert_eq!(strtoul("0x10"), (16, true));
        assert_eq!(strtoul("010"), (8, true));
        assert_eq!(strtoul(" +12"), (12, true));
        assert_eq!(strtoul(".text"), (0, false));
        assert_eq!(strtoul(""), (0, true));
        assert_eq!(strtoul("12abc"), (12, false));
        assert_eq!(strtoul("0x1fz"), (0x1f, false));
        assert_eq!(strtoul("0x"), (0, false));
        assert_eq!(strtoul("09"), (0, false));
        assert_eq!(strtoul("-1"), (u64::MAX, true));
        assert_eq!(strtoul("-4294967295"), (0xffff_ffff_0000_0001, true));
        assert_eq!(strtoul("99999999999999999999"), (u64::MAX, true));
        assert_eq!(strtoul_int("4294967297"), (1, true));
        assert_eq!(strtoul_int("-1"), (-1, true));
    }

    /// The first line of stderr for `args`, and the status.
    fn first_err(args: &[&str]) -> (String, i32) {
        let args: Vec<String> = args.iter().map(|s| s.to_string()).collect();
        let mut err = Vec::new();
        let code = parse_as("readelf", &args, &mut Vec::new(), &mut err).unwrap_err();
        let err = String::from_utf8_lossy(&err).into_owned();
        (err.lines().next().unwrap_or_default().to_owned(), code)
    }

    #[test]
    fn option_errors_as_gnu_readelf_2_40() {
        // Each line as GNU readelf 2.40 (glibc 2.36) printed it, before its usage text.
        for (args, want) in [
            (&["--foo", "f"][..], "readelf: unrecognized option '--foo'"),
            (
                &["--foo=bar", "f"],
                "readelf: unrecognized option '--foo=bar'",
            ),
            (&["-q", "f"], "readelf: invalid option -- 'q'"),
            (&["-hU"], "readelf: option requires an argument -- 'U'"),
            (
                &["-h", "--hex"],
                "readelf: option '--hex-dump' requires an argument",
            ),
            (
                &["--wide=3", "f"],
                "readelf: option '--wide' doesn't allow an argument",
            ),
            (
                &["--no-rec=1", "f"],
                "readelf: option '--no-recurse-limit' doesn't allow an argument",
            ),
            (
                &["--sym=3", "f"],
                "readelf: option '--sym=3' is ambiguous; possibilities: '--symbols' '--sym-base'",
            ),
            (
                &["--re", "f"],
                "readelf: option '--re' is ambiguous; possibilities: '--relocated-dump' \
                 '--relocs' '--recurse-limit'",
            ),
            (
                &["--s", "f"],
                "readelf: option '--s' is ambiguous; possibilities: '--section-groups' \
                 '--segments' '--string-dump' '--section-headers' '--sections' '--symbols' \
                 '--syms' '--silent-truncation' '--section-details' '--sframe' '--sym-base'",
            ),
            (&["-i", "x", "f"], "readelf: Error: Invalid option '-i'"),
            (&["-x", "f"], "readelf: Warning: Nothing to do."),
        ] {
            assert_eq!(first_err(args), (want.to_owned(), 1), "{args:?}");
        }
        // glibc names the program as it was run.
        let mut err = Vec::new();
        let _ = parse_as("/tmp/re", &["-q".to_owned()], &mut Vec::new(), &mut err);
        assert!(err.starts_with(b"/tmp/re: invalid option -- 'q'\nUsage: readelf "));
    }

    #[test]
    fn no_recurse_limit_abbreviated_and_debug_dump_forms() {
        assert!(p(&["--no-rec", "-h", "f"]).is_ok());
        let o = p(&["--debug-dump=info", "f"]).unwrap();
        assert_eq!(o.debug_dump.as_deref(), Some("info"));
        // Without `=` the argument is not taken: "info" is a file.
        let o = p(&["--debug-dump", "info", "f"]).unwrap();
        assert_eq!(o.files, ["info", "f"]);
        assert!(o.debugging);
        let o = p(&["-w", "f"]).unwrap();
        assert!(o.debugging);
    }

    /// Words and pieces of words that mean something to readelf's parser.
    const PIECES: &[&str] = &[
        "-",
        "--",
        "-a",
        "-W",
        "-x",
        "-w",
        "-wi",
        "--debug-dump",
        "--debug-dump=",
        "=",
        "--hex",
        "--s",
        "--sym-base=",
        "--dwarf-depth=",
        "-U",
        "--unicode=",
        "-C",
        "--demangle=",
        "x",
        "f",
        "é",
        "0x",
        "-1",
        "99999999999999999999",
        "-p",
        "-R",
        "--dwarf-start",
        "-i",
        "-H",
        "-v",
        "-L",
        "--lint",
        "info,zz",
        "-q",
        "\u{0}",
    ];

    proptest::proptest! {
        /// Random command lines never panic, and every outcome is options naming a file
        /// or a status of 0 or 1.
        #[test]
        fn random_argv_never_panics(
            words in proptest::collection::vec(
                proptest::collection::vec(proptest::sample::select(PIECES), 1..4),
                0..7,
            ),
        ) {
            let args: Vec<String> = words.iter().map(|w| w.concat()).collect();
            match parse(&args, &mut Vec::new(), &mut Vec::new()) {
                Ok(o) => proptest::prop_assert!(!o.files.is_empty()),
                Err(code) => proptest::prop_assert!(code == 0 || code == 1),
            }
        }
    }
}
