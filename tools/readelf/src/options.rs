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
    /// What applying relocations keeps for the whole run (GNU's statics in
    /// `apply_relocations`), lent to each object's context in turn.
    pub relocs: libelf::reloc::State,
}

impl Options {
    /// Whether any section contents were requested (GNU's `do_dump`).
    pub fn do_dump(&self) -> bool {
        !self.dump_disabled && (!self.dumps.is_empty() || self.debugging || self.debug.any())
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

#[derive(Clone, Copy, PartialEq, Eq)]
enum Arg {
    No,
    Required,
    Optional,
}

/// The long options: name, argument, and the short option or internal code they map to.
const LONG: &[(&str, Arg, &str)] = &[
    ("arch-specific", Arg::No, "A"),
    ("all", Arg::No, "a"),
    ("demangle", Arg::Optional, "C"),
    ("archive-index", Arg::No, "c"),
    ("use-dynamic", Arg::No, "D"),
    ("dynamic", Arg::No, "d"),
    ("headers", Arg::No, "e"),
    ("section-groups", Arg::No, "g"),
    ("help", Arg::No, "H"),
    ("file-header", Arg::No, "h"),
    ("histogram", Arg::No, "I"),
    ("lint", Arg::No, "L"),
    ("enable-checks", Arg::No, "L"),
    ("program-headers", Arg::No, "l"),
    ("segments", Arg::No, "l"),
    ("full-section-name", Arg::No, "N"),
    ("notes", Arg::No, "n"),
    ("process-links", Arg::No, "P"),
    ("string-dump", Arg::Required, "p"),
    ("relocated-dump", Arg::Required, "R"),
    ("relocs", Arg::No, "r"),
    ("section-headers", Arg::No, "S"),
    ("sections", Arg::No, "S"),
    ("symbols", Arg::No, "s"),
    ("syms", Arg::No, "s"),
    ("silent-truncation", Arg::No, "T"),
    ("section-details", Arg::No, "t"),
    ("unicode", Arg::Required, "U"),
    ("unwind", Arg::No, "u"),
    ("version-info", Arg::No, "V"),
    ("version", Arg::No, "v"),
    ("wide", Arg::No, "W"),
    ("hex-dump", Arg::Required, "x"),
    ("decompress", Arg::No, "z"),
    ("no-demangle", Arg::No, "no-demangle"),
    ("recurse-limit", Arg::No, "recurse-limit"),
    ("no-recurse-limit", Arg::No, "no-recurse-limit"),
    ("no-recursion-limit", Arg::No, "no-recurse-limit"),
    ("dyn-syms", Arg::No, "dyn-syms"),
    ("lto-syms", Arg::No, "lto-syms"),
    ("debug-dump", Arg::Optional, "debug-dump"),
    ("dwarf-depth", Arg::Required, "dwarf-depth"),
    ("dwarf-start", Arg::Required, "dwarf-start"),
    ("dwarf-check", Arg::No, "dwarf-check"),
    ("sframe", Arg::Optional, "sframe"),
    ("sym-base", Arg::Optional, "sym-base"),
];

/// Short options and whether they take an argument (`"ACDHILNPR:STU:VWacdeghi:lnp:rstuvw::x:z"`).
fn short(c: char) -> Option<Arg> {
    Some(match c {
        'R' | 'U' | 'i' | 'p' | 'x' => Arg::Required,
        'w' => Arg::Optional,
        'A' | 'C' | 'D' | 'H' | 'I' | 'L' | 'N' | 'P' | 'S' | 'T' | 'V' | 'W' | 'a' | 'c' | 'd'
        | 'e' | 'g' | 'h' | 'l' | 'n' | 'r' | 's' | 't' | 'u' | 'v' | 'z' => Arg::No,
        _ => return None,
    })
}

/// Parse the arguments (without the program name).
///
/// Returns the options, or the exit status when parsing ends the run (`--help`,
/// `--version`, a usage error); the text those print has been written.
pub fn parse(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> Result<Options, i32> {
    let args = match tools_common::atfile::expand(args) {
        Ok(a) => a,
        Err(e) => {
            let _ = writeln!(err, "readelf: {e}");
            return Err(1);
        }
    };
    let mut o = Options::default();
    o.debug.follow_links = true;
    if args.is_empty() {
        return Err(usage(err, false));
    }
    let mut i = 0;
    let mut only_files = false;
    while i < args.len() {
        let a = &args[i];
        i += 1;
        if only_files || a == "-" || !a.starts_with('-') {
            o.files.push(a.clone());
            continue;
        }
        if a == "--" {
            only_files = true;
            continue;
        }
        if let Some(body) = a.strip_prefix("--") {
            let (name, inline) = match body.split_once('=') {
                Some((n, v)) => (n, Some(v.to_string())),
                None => (body, None),
            };
            let Some((full, has, code)) = find_long(name, err)? else {
                let _ = writeln!(err, "readelf: unrecognized option '--{name}'");
                return Err(usage(err, false));
            };
            let value = match (has, inline) {
                (Arg::No, Some(_)) => {
                    let _ = writeln!(err, "readelf: option '--{full}' doesn't allow an argument");
                    return Err(usage(err, false));
                }
                (Arg::Required, None) => match args.get(i) {
                    Some(v) => {
                        i += 1;
                        Some(v.clone())
                    }
                    None => {
                        let _ = writeln!(err, "readelf: option '--{full}' requires an argument");
                        return Err(usage(err, false));
                    }
                },
                (_, v) => v,
            };
            apply(&mut o, code, value, out, err)?;
            continue;
        }
        // A cluster of short options.
        let chars: Vec<char> = a.chars().skip(1).collect();
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            k += 1;
            let Some(has) = short(c) else {
                let _ = writeln!(err, "readelf: invalid option -- '{c}'");
                return Err(usage(err, false));
            };
            let rest: String = chars[k..].iter().collect();
            let value = match has {
                Arg::No => None,
                Arg::Optional => {
                    k = chars.len();
                    (!rest.is_empty()).then_some(rest)
                }
                Arg::Required => {
                    k = chars.len();
                    if !rest.is_empty() {
                        Some(rest)
                    } else if let Some(v) = args.get(i) {
                        i += 1;
                        Some(v.clone())
                    } else {
                        let _ = writeln!(err, "readelf: option requires an argument -- '{c}'");
                        return Err(usage(err, false));
                    }
                }
            };
            apply(&mut o, &c.to_string(), value, out, err)?;
        }
    }
    let anything = o.dynamic
        || o.syms
        || o.reloc
        || o.unwind
        || o.sections
        || o.segments
        || o.header
        || o.do_dump()
        || o.version
        || o.histogram
        || o.arch
        || o.notes
        || o.section_groups
        || o.archive_index
        || o.dyn_syms
        || o.lto_syms;
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

/// Find a long option by exact name or unique prefix. Prefixes matching several options
/// that all do the same thing are not ambiguous (glibc's rule).
fn find_long(
    name: &str,
    err: &mut dyn Write,
) -> Result<Option<(&'static str, Arg, &'static str)>, i32> {
    if let Some(&(n, a, c)) = LONG.iter().find(|(n, _, _)| *n == name) {
        return Ok(Some((n, a, c)));
    }
    let hits: Vec<_> = LONG
        .iter()
        .filter(|(n, _, _)| n.starts_with(name))
        .collect();
    match hits.as_slice() {
        [] => Ok(None),
        [first, rest @ ..] if rest.iter().all(|h| h.1 == first.1 && h.2 == first.2) => {
            Ok(Some((first.0, first.1, first.2)))
        }
        _ => {
            let _ = write!(
                err,
                "readelf: option '--{name}' is ambiguous; possibilities:"
            );
            // glibc lists an option once even when several names spell it.
            let mut seen: Vec<(Arg, &str)> = Vec::new();
            for h in &hits {
                if !seen.contains(&(h.1, h.2)) {
                    seen.push((h.1, h.2));
                    let _ = write!(err, " '--{}'", h.0);
                }
            }
            let _ = writeln!(err);
            Err(usage(err, false))
        }
    }
}

/// C's `strtoul(s, &end, 0)` on an LP64 host: leading white space, an optional sign, then
/// `0x` hex, `0` octal or decimal digits. Returns the value (`u64::MAX` on overflow, the
/// two's complement negation after a `-`) and whether the digits reached the end of `s`
/// (`*end == '\0'`). With no digits at all the value is 0 and `end` is `s` itself, so an
/// empty `s` counts as fully consumed.
pub fn strtoul(s: &str) -> (u64, bool) {
    let b = s.as_bytes();
    let mut i = b
        .iter()
        .position(|c| !matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'))
        .unwrap_or(b.len());
    let negative = match b.get(i) {
        Some(b'-') => {
            i += 1;
            true
        }
        Some(b'+') => {
            i += 1;
            false
        }
        _ => false,
    };
    let digit = |c: Option<&u8>, radix: u32| c.and_then(|&c| char::from(c).to_digit(radix));
    let radix = if b.get(i) == Some(&b'0')
        && matches!(b.get(i + 1), Some(b'x' | b'X'))
        && digit(b.get(i + 2), 16).is_some()
    {
        i += 2;
        16
    } else if b.get(i) == Some(&b'0') {
        8
    } else {
        10
    };
    let first = i;
    let mut value: u64 = 0;
    let mut overflow = false;
    while let Some(d) = digit(b.get(i), radix) {
        match value
            .checked_mul(u64::from(radix))
            .and_then(|v| v.checked_add(u64::from(d)))
        {
            Some(v) => value = v,
            None => overflow = true,
        }
        i += 1;
    }
    if i == first {
        return (0, b.is_empty());
    }
    let value = if overflow {
        u64::MAX
    } else if negative {
        value.wrapping_neg()
    } else {
        value
    };
    (value, i == b.len())
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
}
