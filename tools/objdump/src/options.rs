//! objdump's command line: GNU's option string and long-option table (objdump.c, 2.40),
//! read with `tools_common::getopt`, into [`Options`].

use std::ffi::OsString;

use tools_common::cnum;
use tools_common::getopt::{Getopt, HasArg, LongOpt, Spec};

/// What a parsed command line asks for.
#[derive(Debug)]
pub enum Command {
    /// Dump the files.
    Run(Box<Options>),
    /// `--help`: the usage text on standard output, status 0.
    Help,
    /// `-i`: the supported formats and architectures (not written yet: GNU's table).
    Info(Box<Options>),
    /// A usage error: the message (may be empty), then the usage on standard error.
    Usage {
        /// The getopt or option message (ends in a newline when not empty).
        msg: String,
        /// The exit status (1, or 2 when no dump option was given).
        status: i32,
    },
    /// A fatal error: `objdump: MSG`, status 1.
    Fatal(String),
}

/// `-W`/`--dwarf` selections, kept as given so the DWARF dump can read them as readelf does.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct DwarfSelect {
    /// `-W` with no letters or `--dwarf` with no names: every section.
    pub all: bool,
    /// Letters given to `-W` (`-Wi` → `"i"`), in order.
    pub letters: String,
    /// Names given to `--dwarf=` (`--dwarf=info,abbrev` → `["info", "abbrev"]`).
    pub names: Vec<String>,
}

/// Every objdump option, as GNU's globals hold them.
#[derive(Debug, Clone, Default)]
#[allow(clippy::struct_excessive_bools)]
pub struct Options {
    /// `-a`: archive member headers.
    pub archive_headers: bool,
    /// `-f`: the BFD file header.
    pub file_header: bool,
    /// `-p`: object-format private headers (program headers, dynamic section, versions).
    pub private_headers: bool,
    /// `-P OPT,…`: target-specific contents.
    pub private_options: Option<String>,
    /// `-h`: section headers.
    pub section_headers: bool,
    /// `-t`: the symbol table.
    pub syms: bool,
    /// `-T`: the dynamic symbol table.
    pub dynamic_syms: bool,
    /// `-r`: relocations (interleaved with `-d`).
    pub reloc: bool,
    /// `-R`: dynamic relocations (interleaved with `-d`).
    pub dynamic_reloc: bool,
    /// `-s`: full contents of sections.
    pub full_contents: bool,
    /// `-d`/`-D`/`-S`: disassemble.
    pub disassemble: bool,
    /// `-D`: disassemble every section, data ranges as code.
    pub disassemble_all: bool,
    /// `--disassemble=SYM`: start at this symbol.
    pub disasm_sym: Option<String>,
    /// `-z`: do not skip runs of zeros.
    pub disassemble_zeroes: bool,
    /// `-S`/`--source-comment`: interleave source.
    pub source: bool,
    /// `--source-comment[=TXT]`: the prefix of source lines.
    pub source_comment: Option<String>,
    /// `-l`: file:line before instructions.
    pub line_numbers: bool,
    /// `--inlines`: with `-l`, the inline chain.
    pub inlines: bool,
    /// `-C[STYLE]`: demangle.
    pub demangle: bool,
    /// The `-C` style, when one was named.
    pub demangle_style: Option<String>,
    /// `--no-recurse-limit`.
    pub no_recurse_limit: bool,
    /// `-M OPT,…` (several `-M` joined with commas, blanks and empty options dropped).
    pub disassembler_options: Option<String>,
    /// `-m ARCH`.
    pub machine: Option<String>,
    /// `-b TARGET`.
    pub target: Option<String>,
    /// `-EB`/`-EL`/`--endian`: `Some(true)` for big.
    pub endian_big: Option<bool>,
    /// `-j NAME` (repeatable), in order.
    pub sections: Vec<String>,
    /// `-w`: wide output.
    pub wide: bool,
    /// `-F`: file offsets.
    pub file_offsets: bool,
    /// `--start-address`.
    pub start_address: Option<u64>,
    /// `--stop-address`.
    pub stop_address: Option<u64>,
    /// `--adjust-vma`.
    pub adjust_vma: u64,
    /// `--prefix-addresses`.
    pub prefix_addresses: bool,
    /// `--no-addresses`.
    pub no_addresses: bool,
    /// `--show-raw-insn` (`Some(true)`) / `--no-show-raw-insn` (`Some(false)`).
    pub show_raw_insn: Option<bool>,
    /// `--insn-width=N`.
    pub insn_width: Option<u64>,
    /// `--visualize-jumps[=color|extended-color|off]`: 0 off, 1 plain, 2 color, 3 extended.
    pub visualize_jumps: u8,
    /// `--show-all-symbols`.
    pub show_all_symbols: bool,
    /// `--special-syms`.
    pub special_syms: bool,
    /// `--file-start-context`.
    pub file_start_context: bool,
    /// `--prefix=DIR`.
    pub prefix: Option<String>,
    /// `--prefix-strip=N`.
    pub prefix_strip: u32,
    /// `-I DIR` (repeatable).
    pub include: Vec<String>,
    /// `-W`/`--dwarf`.
    pub dwarf: Option<DwarfSelect>,
    /// `--dwarf-depth=N`.
    pub dwarf_depth: Option<u64>,
    /// `--dwarf-start=N` (also suppresses the `file format` header).
    pub dwarf_start: Option<u64>,
    /// `--dwarf-check`.
    pub dwarf_check: bool,
    /// `-g`/`-e`: debugging information (`-e`: ctags style).
    pub debugging: bool,
    /// `-e`.
    pub debugging_tags: bool,
    /// `-G`: STABS.
    pub stabs: bool,
    /// `--ctf[=SECTION]`.
    pub ctf: Option<Option<String>>,
    /// `--ctf-parent=NAME`.
    pub ctf_parent: Option<String>,
    /// `--sframe[=SECTION]`.
    pub sframe: Option<Option<String>>,
    /// `-L`/`--process-links`.
    pub process_links: bool,
    /// `-L`: follow links to separate debug files.
    pub follow_links: bool,
    /// `-U MODE`: how to show UTF-8 in names.
    pub unicode: Option<String>,
    /// `--disassembler-color=…`.
    pub disassembler_color: Option<String>,
    /// `-v`/`-V`: print the version (then go on, as GNU does).
    pub version: bool,
    /// The files (operands) in order; `a.out` when none.
    pub files: Vec<String>,
}

impl Options {
    /// Whether `-j` lets section `name` through (no `-j`: every section).
    pub fn section_selected(&self, name: &[u8]) -> bool {
        self.sections.is_empty() || self.sections.iter().any(|s| s.as_bytes() == name)
    }
}

// Long-only options get keys outside the short-option letters.
const ADJUST_VMA: char = '\u{100}';
const CTF: char = '\u{101}';
const CTF_PARENT: char = '\u{102}';
const DWARF: char = '\u{103}';
const DWARF_CHECK: char = '\u{104}';
const DWARF_DEPTH: char = '\u{105}';
const DWARF_START: char = '\u{106}';
const ENDIAN: char = '\u{107}';
const FILE_START_CONTEXT: char = '\u{108}';
const INLINES: char = '\u{109}';
const INSN_WIDTH: char = '\u{10a}';
const NO_ADDRESSES: char = '\u{10b}';
const NO_RECURSE_LIMIT: char = '\u{10c}';
const NO_SHOW_RAW_INSN: char = '\u{10d}';
const PREFIX: char = '\u{10e}';
const PREFIX_ADDRESSES: char = '\u{10f}';
const PREFIX_STRIP: char = '\u{110}';
const PROCESS_LINKS: char = '\u{111}';
const RECURSE_LIMIT: char = '\u{112}';
const SFRAME: char = '\u{113}';
const SHOW_ALL_SYMBOLS: char = '\u{114}';
const SHOW_RAW_INSN: char = '\u{115}';
const SOURCE_COMMENT: char = '\u{116}';
const SPECIAL_SYMS: char = '\u{117}';
const START_ADDRESS: char = '\u{118}';
const STOP_ADDRESS: char = '\u{119}';
const VISUALIZE_JUMPS: char = '\u{11a}';
const DISASSEMBLER_COLOR: char = '\u{11b}';

const fn l(name: &'static str, has_arg: HasArg, val: char) -> LongOpt<char> {
    LongOpt { name, has_arg, val }
}

/// GNU objdump 2.40's options (Debian's build, with libctf), in its table's order.
static SPEC: Spec<char> = Spec {
    short: "CDE:FGHI:LM:P:RSTU:VW::ab:defghij:lm:prstvwxz",
    long: &[
        l("adjust-vma", HasArg::Required, ADJUST_VMA),
        l("all-headers", HasArg::No, 'x'),
        l("architecture", HasArg::Required, 'm'),
        l("archive-headers", HasArg::No, 'a'),
        l("ctf", HasArg::Optional, CTF),
        l("ctf-parent", HasArg::Required, CTF_PARENT),
        l("debugging", HasArg::No, 'g'),
        l("debugging-tags", HasArg::No, 'e'),
        l("demangle", HasArg::Optional, 'C'),
        l("disassemble", HasArg::Optional, 'd'),
        l("disassemble-all", HasArg::No, 'D'),
        l("disassemble-zeroes", HasArg::No, 'z'),
        l("disassembler-options", HasArg::Required, 'M'),
        l("dwarf", HasArg::Optional, DWARF),
        l("dwarf-check", HasArg::No, DWARF_CHECK),
        l("dwarf-depth", HasArg::Required, DWARF_DEPTH),
        l("dwarf-start", HasArg::Required, DWARF_START),
        l("dynamic-reloc", HasArg::No, 'R'),
        l("dynamic-syms", HasArg::No, 'T'),
        l("endian", HasArg::Required, ENDIAN),
        l("file-headers", HasArg::No, 'f'),
        l("file-offsets", HasArg::No, 'F'),
        l("file-start-context", HasArg::No, FILE_START_CONTEXT),
        l("full-contents", HasArg::No, 's'),
        l("headers", HasArg::No, 'h'),
        l("help", HasArg::No, 'H'),
        l("include", HasArg::Required, 'I'),
        l("info", HasArg::No, 'i'),
        l("inlines", HasArg::No, INLINES),
        l("insn-width", HasArg::Required, INSN_WIDTH),
        l("line-numbers", HasArg::No, 'l'),
        l("no-addresses", HasArg::No, NO_ADDRESSES),
        l("no-recurse-limit", HasArg::No, NO_RECURSE_LIMIT),
        l("no-recursion-limit", HasArg::No, NO_RECURSE_LIMIT),
        l("no-show-raw-insn", HasArg::No, NO_SHOW_RAW_INSN),
        l("prefix", HasArg::Required, PREFIX),
        l("prefix-addresses", HasArg::No, PREFIX_ADDRESSES),
        l("prefix-strip", HasArg::Required, PREFIX_STRIP),
        l("private", HasArg::Required, 'P'),
        l("private-headers", HasArg::No, 'p'),
        l("process-links", HasArg::No, PROCESS_LINKS),
        l("recurse-limit", HasArg::No, RECURSE_LIMIT),
        l("recursion-limit", HasArg::No, RECURSE_LIMIT),
        l("reloc", HasArg::No, 'r'),
        l("section", HasArg::Required, 'j'),
        l("section-headers", HasArg::No, 'h'),
        l("sframe", HasArg::Optional, SFRAME),
        l("show-all-symbols", HasArg::No, SHOW_ALL_SYMBOLS),
        l("show-raw-insn", HasArg::No, SHOW_RAW_INSN),
        l("source", HasArg::No, 'S'),
        l("source-comment", HasArg::Optional, SOURCE_COMMENT),
        l("special-syms", HasArg::No, SPECIAL_SYMS),
        l("stabs", HasArg::No, 'G'),
        l("start-address", HasArg::Required, START_ADDRESS),
        l("stop-address", HasArg::Required, STOP_ADDRESS),
        l("syms", HasArg::No, 't'),
        l("target", HasArg::Required, 'b'),
        l("unicode", HasArg::Required, 'U'),
        l("version", HasArg::No, 'V'),
        l("visualize-jumps", HasArg::Optional, VISUALIZE_JUMPS),
        l("wide", HasArg::No, 'w'),
        l("disassembler-color", HasArg::Required, DISASSEMBLER_COLOR),
    ],
};

/// The usage text for program `prog`; `full` adds the part GNU prints only on standard
/// output (`--help`): the disassembler options and the bug-report address.
pub fn usage(prog: &str, full: bool) -> String {
    let text = include_str!("usage.txt");
    let body = if full {
        text
    } else {
        // On standard error GNU stops after the `-H, --help` line.
        let end = text
            .find("  -H, --help")
            .and_then(|i| text[i..].find('\n').map(|j| i + j + 1));
        end.map_or(text, |e| &text[..e])
    };
    body.replace("{prog}", prog)
}

/// GNU's `parse_vma`: `bfd_scan_vma(s, NULL, 0)`, a C number in any base; trailing junk
/// is ignored as strtoul does.
fn parse_vma(s: &str) -> u64 {
    cnum::strtoul(s.as_bytes(), 0).0
}

/// glibc `atoi`.
fn atoi(s: &str) -> i64 {
    let t = s.trim_start();
    let (neg, digits) = match t.as_bytes().first() {
        Some(b'-') => (true, &t[1..]),
        Some(b'+') => (false, &t[1..]),
        _ => (false, t),
    };
    let mut v: i64 = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        v = v.wrapping_mul(10).wrapping_add(i64::from(b - b'0'));
    }
    if neg {
        v.wrapping_neg()
    } else {
        v
    }
}

/// objdump's `remove_whitespace_and_extra_commas`.
fn clean_m_options(s: &str) -> String {
    let no_ws: String = s.chars().filter(|c| !c.is_ascii_whitespace()).collect();
    no_ws
        .split(',')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join(",")
}

/// Parse `args` (without the program name) as GNU objdump 2.40 does; `prog` names the
/// program in messages.
pub fn parse(prog: &str, args: &[OsString]) -> Command {
    let args = match tools_common::atfile::expand_os(args) {
        Ok(a) => a,
        Err(e) => return Command::Fatal(e.to_string()),
    };
    let mut o = Options::default();
    let mut seen = false;
    let mut info = false;
    let mut g = Getopt::new(&SPEC, args);
    for r in g.by_ref() {
        let (c, val) = match r {
            Ok((opt, val)) => (opt.key(), val),
            Err(e) => {
                return Command::Usage {
                    msg: String::from_utf8_lossy(&e.message(prog)).into_owned(),
                    status: 1,
                }
            }
        };
        let arg = val.clone().unwrap_or_default();
        match c {
            'm' => o.machine = Some(arg),
            'M' => {
                let joined = match o.disassembler_options.take() {
                    Some(prev) => format!("{prev},{arg}"),
                    None => arg,
                };
                o.disassembler_options = Some(clean_m_options(&joined));
            }
            'j' => o.sections.push(arg),
            'F' => o.file_offsets = true,
            'l' => o.line_numbers = true,
            'b' => o.target = Some(arg),
            'C' => {
                o.demangle = true;
                if let Some(v) = val {
                    if libdemangle::Style::from_name(&v).is_none() {
                        return Command::Fatal(format!("unknown demangling style `{v}'"));
                    }
                    o.demangle_style = Some(v);
                }
            }
            RECURSE_LIMIT => o.no_recurse_limit = false,
            NO_RECURSE_LIMIT => o.no_recurse_limit = true,
            'w' => o.wide = true,
            ADJUST_VMA => o.adjust_vma = parse_vma(&arg),
            START_ADDRESS => {
                let v = parse_vma(&arg);
                o.start_address = Some(v);
                if o.stop_address.is_some_and(|s| s <= v) {
                    return Command::Fatal(
                        "error: the start address should be before the end address".into(),
                    );
                }
            }
            STOP_ADDRESS => {
                let v = parse_vma(&arg);
                o.stop_address = Some(v);
                if o.start_address.is_some_and(|s| v <= s) {
                    return Command::Fatal(
                        "error: the stop address should be after the start address".into(),
                    );
                }
            }
            PREFIX => o.prefix = Some(arg.trim_end_matches('/').to_owned()),
            // An int: glibc's atoi keeps the low 32 bits of strtol's value.
            PREFIX_STRIP => match u32::try_from(atoi(&arg) as i32) {
                Ok(n) => o.prefix_strip = n,
                Err(_) => return Command::Fatal("error: prefix strip must be non-negative".into()),
            },
            INSN_WIDTH => {
                // `insn_width` is an int: strtoul's value, truncated, must be positive.
                let v = cnum::strtoul(arg.as_bytes(), 0).0;
                if v as i32 <= 0 {
                    return Command::Fatal("error: instruction width must be positive".into());
                }
                o.insn_width = Some(v & 0x7fff_ffff);
            }
            INLINES => o.inlines = true,
            VISUALIZE_JUMPS => {
                o.visualize_jumps = match val.as_deref() {
                    None => 1,
                    Some("color") => 2,
                    Some("extended-color") => 3,
                    Some("off") => 0,
                    Some(_) => {
                        // GNU's `nonfatal` here only sets the exit status (see lib.rs).
                        1
                    }
                };
            }
            DISASSEMBLER_COLOR => o.disassembler_color = Some(arg),
            'E' => match arg.as_str() {
                "B" => o.endian_big = Some(true),
                "L" => o.endian_big = Some(false),
                _ => {
                    return Command::Usage {
                        msg: format!("{prog}: unrecognized -E option\n"),
                        status: 1,
                    }
                }
            },
            ENDIAN => {
                if !arg.is_empty() && "big".starts_with(&arg) {
                    o.endian_big = Some(true);
                } else if !arg.is_empty() && "little".starts_with(&arg) {
                    o.endian_big = Some(false);
                } else {
                    return Command::Usage {
                        msg: format!("{prog}: unrecognized --endian type `{arg}'\n"),
                        status: 1,
                    };
                }
            }
            'f' => (o.file_header, seen) = (true, true),
            'i' => (info, seen) = (true, true),
            'I' => o.include.push(arg),
            'p' => (o.private_headers, seen) = (true, true),
            'P' => (o.private_options, seen) = (Some(arg), true),
            // GNU's -x: -a -f -h -p -r -t.
            'x' => {
                for flag in [
                    &mut o.archive_headers,
                    &mut o.file_header,
                    &mut o.section_headers,
                    &mut o.private_headers,
                    &mut o.reloc,
                    &mut o.syms,
                ] {
                    *flag = true;
                }
                seen = true;
            }
            't' => (o.syms, seen) = (true, true),
            'T' => (o.dynamic_syms, seen) = (true, true),
            'd' => {
                o.disassemble = true;
                o.disasm_sym = val;
                seen = true;
            }
            'z' => o.disassemble_zeroes = true,
            'D' => {
                o.disassemble = true;
                o.disassemble_all = true;
                seen = true;
            }
            'S' => {
                o.disassemble = true;
                o.source = true;
                seen = true;
            }
            SOURCE_COMMENT => {
                o.disassemble = true;
                o.source = true;
                o.source_comment = Some(val.unwrap_or_else(|| "# ".into()));
                seen = true;
            }
            'g' => (o.debugging, seen) = (true, true),
            'e' => {
                o.debugging = true;
                o.debugging_tags = true;
                o.demangle = true;
                seen = true;
            }
            'L' => {
                o.process_links = true;
                o.follow_links = true;
            }
            'W' => {
                seen = true;
                let d = o.dwarf.get_or_insert_with(DwarfSelect::default);
                match val {
                    Some(v) => d.letters.push_str(&v),
                    None => d.all = true,
                }
            }
            DWARF => {
                seen = true;
                let d = o.dwarf.get_or_insert_with(DwarfSelect::default);
                match val {
                    Some(v) => d.names.extend(v.split(',').map(str::to_owned)),
                    None => d.all = true,
                }
            }
            DWARF_DEPTH => o.dwarf_depth = Some(cnum::strtoul(arg.as_bytes(), 0).0),
            DWARF_START => o.dwarf_start = Some(cnum::strtoul(arg.as_bytes(), 0).0),
            DWARF_CHECK => o.dwarf_check = true,
            CTF => (o.ctf, seen) = (Some(val), true),
            CTF_PARENT => o.ctf_parent = Some(arg),
            SFRAME => (o.sframe, seen) = (Some(val), true),
            'G' => (o.stabs, seen) = (true, true),
            's' => (o.full_contents, seen) = (true, true),
            'r' => (o.reloc, seen) = (true, true),
            'R' => (o.dynamic_reloc, seen) = (true, true),
            'a' => (o.archive_headers, seen) = (true, true),
            'h' => (o.section_headers, seen) = (true, true),
            'v' | 'V' => (o.version, seen) = (true, true),
            'U' => {
                let mode = match arg.as_str() {
                    "default" | "d" => "default",
                    "locale" | "l" => "locale",
                    "escape" | "e" => "escape",
                    "invalid" | "i" => "invalid",
                    "hex" | "x" => "hex",
                    "highlight" | "h" => "highlight",
                    _ => return Command::Fatal(format!("invalid argument to -U/--unicode: {arg}")),
                };
                o.unicode = Some(mode.into());
            }
            FILE_START_CONTEXT => o.file_start_context = true,
            NO_ADDRESSES => o.no_addresses = true,
            NO_SHOW_RAW_INSN => o.show_raw_insn = Some(false),
            SHOW_RAW_INSN => o.show_raw_insn = Some(true),
            PREFIX_ADDRESSES => o.prefix_addresses = true,
            PROCESS_LINKS => o.process_links = true,
            SHOW_ALL_SYMBOLS => o.show_all_symbols = true,
            SPECIAL_SYMS => o.special_syms = true,
            'H' => return Command::Help,
            _ => {
                return Command::Usage {
                    msg: String::new(),
                    status: 1,
                }
            }
        }
    }
    o.files = g.into_operands();
    if !seen {
        return Command::Usage {
            msg: String::new(),
            status: 2,
        };
    }
    if info {
        return Command::Info(Box::new(o));
    }
    Command::Run(Box::new(o))
}

#[cfg(test)]
#[allow(clippy::unwrap_used, clippy::panic)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Options {
        let args: Vec<OsString> = args.iter().map(OsString::from).collect();
        match parse("objdump", &args) {
            Command::Run(o) => *o,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn combined_and_long() {
        let o = run(&[
            "-dr",
            "--start-addr=0x10",
            "-M",
            " intel ,",
            "-M",
            "suffix",
            "f",
        ]);
        assert!(o.disassemble && o.reloc);
        assert_eq!(o.start_address, Some(0x10));
        assert_eq!(o.disassembler_options.as_deref(), Some("intel,suffix"));
        assert_eq!(o.files, ["f"]);
        let o = run(&["-x", "--disassemble=main", "-Wi", "--dwarf=info,abbrev"]);
        assert!(o.file_header && o.syms && o.archive_headers);
        assert_eq!(o.disasm_sym.as_deref(), Some("main"));
        let d = o.dwarf.unwrap();
        assert_eq!((d.letters.as_str(), d.names.len()), ("i", 2));
    }

    #[test]
    fn errors() {
        let args: Vec<OsString> = vec!["a.out".into()];
        assert!(matches!(
            parse("objdump", &args),
            Command::Usage { status: 2, .. }
        ));
        let args: Vec<OsString> = ["-d", "--stop-address=4", "--start-address=8"]
            .iter()
            .map(OsString::from)
            .collect();
        match parse("objdump", &args) {
            Command::Fatal(m) => assert!(m.contains("start address should be before")),
            other => panic!("{other:?}"),
        }
        let args: Vec<OsString> = vec!["--bogus".into()];
        match parse("objdump", &args) {
            Command::Usage { msg, status: 1 } => {
                assert_eq!(msg, "objdump: unrecognized option '--bogus'\n")
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn usage_on_stderr_stops_at_help() {
        let short = usage("od", false);
        assert!(short.starts_with("Usage: od <option(s)> <file(s)>\n"));
        assert!(short.ends_with("Display this information\n"));
        assert!(usage("od", true).contains("od: supported targets:"));
    }
}
