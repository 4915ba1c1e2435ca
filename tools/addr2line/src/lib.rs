//! A GNU addr2line 2.40-compatible front end on [`libdwarf::AddrLookup`].
//!
//! [`run`] takes the command line and returns the exit status; [`Options::parse`]
//! and [`translate`] are the two halves, usable on their own.

mod addr;

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc, Mutex, OnceLock, PoisonError};

use addr::Addr;

use libdwarf::{AddrLookup, Frame, LookupOptions, SharedBytes, SymbolHit, SymbolsFrom};
use libelf::consts::SHF_ALLOC;
use libelf::{Class, ElfFile};

const USAGE: &str = "Usage: addr2line [option(s)] [addr(s)]
 Convert addresses into line number/file name pairs.
 If no addresses are specified on the command line, they will be read from stdin
 The options are:
  @<file>                Read options from <file>
  -a --addresses         Show addresses
  -b --target=<bfdname>  Set the binary file format
  -e --exe=<executable>  Set the input file name (default is a.out)
  -i --inlines           Unwind inlined functions
  -j --section=<name>    Read section-relative offsets instead of addresses
  -p --pretty-print      Make the output easier to read for humans
  -s --basenames         Strip directory names
  -f --functions         Show function names
  -C --demangle[=style]  Demangle function names
  -R --recurse-limit     Enable a limit on recursion whilst demangling.  [Default]
  -r --no-recurse-limit  Disable a limit on recursion whilst demangling
  -h --help              Display this information
  -v --version           Display the program's version

addr2line: supported targets: elf64-x86-64 elf32-i386 elf32-iamcu elf32-x86-64 pei-i386 pe-x86-64 pei-x86-64 elf64-little elf64-big elf32-little elf32-big pe-bigobj-x86-64 pe-i386 pdb srec symbolsrec verilog tekhex binary ihex plugin
Report bugs to <https://sourceware.org/bugzilla/>
";

const VERSION: &str = "GNU addr2line (GNU Binutils for Debian) 2.40
Copyright (C) 2023 Free Software Foundation, Inc.
This program is free software; you may redistribute it under the terms of
the GNU General Public License version 3 or (at your option) any later version.
This program has absolutely no warranty.
";

/// The parsed command line.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Options {
    /// `-a`: print each address first.
    pub addresses: bool,
    /// `-f`: print function names.
    pub functions: bool,
    /// `-i`: print the inline callers too.
    pub inlines: bool,
    /// `-p`: one line per frame.
    pub pretty: bool,
    /// `-s`: strip directories from file names.
    pub basenames: bool,
    /// `-C`: demangle.
    pub demangle: bool,
    /// `-r` / `-R`: the demangler's recursion limit (on by default).
    pub no_recurse_limit: bool,
    /// `-e`: the file (default `a.out`).
    pub exe: PathBuf,
    /// `-j`: addresses are offsets into this section.
    pub section: Option<String>,
    /// `-b`: the BFD target (accepted, ELF only).
    pub target: Option<String>,
    /// Addresses given as arguments.
    pub addrs: Vec<String>,
}

/// What the command line asks for.
#[derive(Debug)]
#[non_exhaustive]
pub enum Command {
    /// Translate addresses.
    Run(Options),
    /// `--help`.
    Help,
    /// `--version`.
    Version,
    /// A bad option: the message to print before the usage.
    Usage(String),
    /// A fatal error reading `@file` arguments: the message (status 1, no usage).
    Fatal(String),
}

const LONG: &[(&str, bool, char)] = &[
    ("addresses", false, 'a'),
    ("basenames", false, 's'),
    ("demangle", false, 'C'),
    ("exe", true, 'e'),
    ("functions", false, 'f'),
    ("inlines", false, 'i'),
    ("pretty-print", false, 'p'),
    ("recurse-limit", false, 'R'),
    ("recursion-limit", false, 'R'),
    ("no-recurse-limit", false, 'r'),
    ("no-recursion-limit", false, 'r'),
    ("section", true, 'j'),
    ("target", true, 'b'),
    ("help", false, 'H'),
    ("version", false, 'V'),
];

impl Options {
    /// Parses `args` (without the program name) the way GNU getopt_long does:
    /// options and addresses may mix, short options combine, long options may be
    /// abbreviated, `--` ends the options, `@file` reads more arguments.
    pub fn parse(args: &[OsString]) -> Command {
        let args: Vec<String> = args
            .iter()
            .map(|a| a.to_string_lossy().into_owned())
            .collect();
        let args = match tools_common::atfile::expand(&args) {
            Ok(a) => a,
            Err(e) => return Command::Fatal(format!("addr2line: {e}")),
        };
        let mut o = Options {
            exe: PathBuf::from("a.out"),
            ..Options::default()
        };
        let mut it = args.into_iter();
        let mut help = false;
        let mut version = false;
        while let Some(a) = it.next() {
            if a == "--" {
                o.addrs.extend(it.by_ref());
                break;
            }
            let mut apply = |c: char, val: Option<String>, o: &mut Options| match c {
                'a' => o.addresses = true,
                's' => o.basenames = true,
                'C' => o.demangle = true,
                'e' => o.exe = PathBuf::from(val.unwrap_or_default()),
                'f' => o.functions = true,
                'i' => o.inlines = true,
                'p' => o.pretty = true,
                'R' => o.no_recurse_limit = false,
                'r' => o.no_recurse_limit = true,
                'j' => o.section = val,
                'b' => o.target = val,
                'H' | 'h' => help = true,
                _ => version = true,
            };
            if let Some(long) = a.strip_prefix("--") {
                let (name, val) = match long.split_once('=') {
                    Some((n, v)) => (n, Some(v.to_owned())),
                    None => (long, None),
                };
                let exact = LONG.iter().find(|l| l.0 == name);
                let matches: Vec<_> = LONG.iter().filter(|l| l.0.starts_with(name)).collect();
                let hit = match exact {
                    Some(e) => e,
                    None => match matches.as_slice() {
                        [one] => *one,
                        [] => {
                            return Command::Usage(format!("addr2line: unrecognized option '{a}'"))
                        }
                        [first, rest @ ..] if rest.iter().all(|r| r.2 == first.2) => *first,
                        _ => {
                            return Command::Usage(format!("addr2line: option '{a}' is ambiguous"))
                        }
                    },
                };
                let val = if hit.1 {
                    match val {
                        Some(v) => Some(v),
                        None => match it.next() {
                            Some(v) => Some(v),
                            None => {
                                return Command::Usage(format!(
                                    "addr2line: option '--{}' requires an argument",
                                    hit.0
                                ))
                            }
                        },
                    }
                } else {
                    if val.is_some() && hit.2 != 'C' {
                        return Command::Usage(format!(
                            "addr2line: option '--{}' doesn't allow an argument",
                            hit.0
                        ));
                    }
                    None
                };
                apply(hit.2, val, &mut o);
            } else if a.len() > 1 && a.starts_with('-') {
                let chars: Vec<char> = a.chars().skip(1).collect();
                let mut i = 0;
                while let Some(&c) = chars.get(i) {
                    i += 1;
                    match c {
                        'e' | 'j' | 'b' => {
                            let rest: String = chars.get(i..).unwrap_or_default().iter().collect();
                            let val = if rest.is_empty() {
                                match it.next() {
                                    Some(v) => v,
                                    None => {
                                        return Command::Usage(format!(
                                            "addr2line: option requires an argument -- '{c}'"
                                        ))
                                    }
                                }
                            } else {
                                rest
                            };
                            apply(c, Some(val), &mut o);
                            break;
                        }
                        'C' | 'a' | 's' | 'f' | 'i' | 'p' | 'R' | 'r' | 'H' | 'h' | 'V' | 'v' => {
                            apply(c, None, &mut o)
                        }
                        _ => return Command::Usage(format!("addr2line: invalid option -- '{c}'")),
                    }
                }
            } else {
                o.addrs.push(a);
            }
        }
        if help {
            Command::Help
        } else if version {
            Command::Version
        } else {
            Command::Run(o)
        }
    }
}

/// Runs addr2line with `args` (including the program name); returns the exit status.
pub fn run(args: &[OsString]) -> i32 {
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(
        1 << 16,
        PipeWatch {
            inner: stdout.lock(),
            broken: false,
        },
    );
    let stdin = io::stdin();
    // A large buffer so a file or pipe on stdin arrives in big batches.
    let mut input = io::BufReader::with_capacity(1 << 21, stdin.lock());
    let code = match Options::parse(args.get(1..).unwrap_or_default()) {
        Command::Help => {
            let _ = out.write_all(USAGE.as_bytes());
            0
        }
        Command::Version => {
            let _ = out.write_all(VERSION.as_bytes());
            0
        }
        Command::Usage(msg) => {
            eprintln!("{msg}");
            eprint!("{USAGE}");
            1
        }
        Command::Fatal(msg) => {
            eprintln!("{msg}");
            1
        }
        Command::Run(o) => match translate(&o, &mut input, &mut out) {
            Ok(()) => 0,
            // The reader went away (`| head`): GNU dies of SIGPIPE without a word;
            // like our other tools, stop quietly.
            Err(_) if out.get_ref().broken => 0,
            // An empty file: GNU fails without a word.
            Err(msg) if msg.is_empty() => 1,
            Err(msg) => {
                let _ = out.flush();
                eprintln!("addr2line: {msg}");
                1
            }
        },
    };
    let _ = out.flush();
    code
}

/// A writer that remembers whether a write failed with a broken pipe.
struct PipeWatch<W> {
    inner: W,
    broken: bool,
}

impl<W: Write> PipeWatch<W> {
    fn check<T>(&mut self, r: io::Result<T>) -> io::Result<T> {
        if let Err(e) = &r {
            self.broken |= e.kind() == io::ErrorKind::BrokenPipe;
        }
        r
    }
}

impl<W: Write> Write for PipeWatch<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let r = self.inner.write(buf);
        self.check(r)
    }

    fn flush(&mut self) -> io::Result<()> {
        let r = self.inner.flush();
        self.check(r)
    }
}

/// A file's bytes: memory-mapped when possible, read into memory otherwise.
enum Bytes {
    Map(memmap2::Mmap),
    Vec(Vec<u8>),
}

impl AsRef<[u8]> for Bytes {
    fn as_ref(&self) -> &[u8] {
        match self {
            Bytes::Map(m) => m,
            Bytes::Vec(v) => v,
        }
    }
}

/// Maps the regular file `f` (only the pages read count against our memory), or
/// reads it.
fn load(mut f: std::fs::File) -> io::Result<Bytes> {
    // SAFETY: the map is read-only and private; addr2line does not write the file, and
    // a file truncated underneath us is the same hazard GNU's fread has.
    #[allow(unsafe_code)]
    match unsafe { memmap2::Mmap::map(&f) } {
        Ok(m) => Ok(Bytes::Map(m)),
        Err(_) => {
            let mut v = Vec::new();
            io::Read::read_to_end(&mut f, &mut v)?;
            Ok(Bytes::Vec(v))
        }
    }
}

/// The targets `-b` accepts (GNU's list, and `default`).
const TARGETS: &[&str] = &[
    "elf64-x86-64",
    "elf32-i386",
    "elf32-iamcu",
    "elf32-x86-64",
    "pei-i386",
    "pe-x86-64",
    "pei-x86-64",
    "elf64-little",
    "elf64-big",
    "elf32-little",
    "elf32-big",
    "pe-bigobj-x86-64",
    "pe-i386",
    "pdb",
    "srec",
    "symbolsrec",
    "verilog",
    "tekhex",
    "binary",
    "ihex",
    "plugin",
    "default",
];

/// An I/O error's text as C's `strerror` gives it (without Rust's ` (os error N)`).
fn os_message(e: &io::Error) -> String {
    let m = e.to_string();
    m.split(" (os error").next().unwrap_or(&m).to_owned()
}

/// GNU's `get_file_size` checks, then opens `path` without blocking (a FIFO put in
/// place after the check cannot hang the open) and checks the open file again.
/// `Err("")`: an empty file, which GNU refuses without a word.
fn open_regular(path: &Path) -> Result<std::fs::File, String> {
    use std::os::unix::fs::OpenOptionsExt;
    let shown = path.display();
    let check = |md: &std::fs::Metadata| {
        if md.is_dir() {
            Err(format!("Warning: '{shown}' is a directory"))
        } else if !md.is_file() {
            Err(format!("Warning: '{shown}' is not an ordinary file"))
        } else if md.len() == 0 {
            Err(String::new())
        } else {
            Ok(())
        }
    };
    match std::fs::metadata(path) {
        Ok(md) => check(&md)?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(format!("'{shown}': No such file"))
        }
        Err(e) => {
            return Err(format!(
                "Warning: could not locate '{shown}'.  reason: {}",
                os_message(&e)
            ))
        }
    }
    // O_NONBLOCK has this value on the Linux ports this suite builds for (x86,
    // ARM, RISC-V, PowerPC, s390x, LoongArch); a regular file ignores it.
    const O_NONBLOCK: i32 = 0o4000;
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(O_NONBLOCK)
        .open(path)
        .map_err(|e| format!("{shown}: {}", os_message(&e)))?;
    let md = f
        .metadata()
        .map_err(|e| format!("{shown}: {}", os_message(&e)))?;
    check(&md)?;
    Ok(f)
}

struct Ctx<'a> {
    o: &'a Options,
    /// `None` for `-b binary` (no sections, no symbols: every answer is `??`).
    lookup: Option<AddrLookup>,
    /// The file's bytes, for the symbol table of `symbol+offset` addresses.
    data: SharedBytes,
    /// (name, value) of the symbols BFD reads, in its order, made on first use.
    symbols: OnceLock<Vec<(Vec<u8>, u64)>>,
    demangle: libdemangle::Options,
    /// BFD's cache of names for functions named from the symbol table: once one is
    /// looked up, later addresses in it get the name kept then (`Frame::later`).
    later: Mutex<std::collections::HashMap<(usize, u64), Arc<libdwarf::FunctionName>>>,
    class: Class,
    /// (start, size, address in the lookup) of SHF_ALLOC sections, in section
    /// order: the lookup address differs from the start in a relocatable object,
    /// whose sections BFD places apart (`libdwarf::section_addresses`).
    alloc: Vec<(u64, u64, u64)>,
    /// `-j`: (address, size) of the section.
    section: Option<(u64, u64)>,
}

/// Translates the addresses in `o.addrs` (or, if there are none, those read line by
/// line from `input`) and writes GNU addr2line's output to `out`.
///
/// # Errors
/// The message GNU prints (after `addr2line: `) when the file cannot be used.
pub fn translate(o: &Options, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), String> {
    let path = o.exe.as_path();
    let f = open_regular(path)?;
    let binary = match o.target.as_deref() {
        None => false,
        Some(t) if TARGETS.contains(&t) => t == "binary",
        Some(_) => return Err(format!("{}: invalid bfd target", path.display())),
    };
    let data =
        SharedBytes::new(load(f).map_err(|e| format!("{}: {}", path.display(), os_message(&e)))?);
    // bfd_demangle (DMGL_PARAMS | DMGL_ANSI): no DMGL_VERBOSE, so `std::ostream`
    // rather than c++filt's `std::basic_ostream<char, std::char_traits<char> >`.
    let mut demangle = libdemangle::Options::default().no_verbose(true);
    if o.no_recurse_limit {
        demangle = demangle.recurse_limit(false);
    }
    if binary {
        // BFD's `binary` target: one section holding the file, no DWARF, no symbols.
        let ctx = Ctx {
            o,
            lookup: None,
            data: data.clone(),
            symbols: OnceLock::new(),
            demangle,
            later: Mutex::default(),
            class: Class::Elf32,
            alloc: Vec::new(),
            section: None,
        };
        return ctx.run(input, out);
    }
    if data.starts_with(libelf::archive::MAGIC) || data.starts_with(libelf::archive::THIN_MAGIC) {
        return Err(format!(
            "{}: cannot get addresses from archive",
            path.display()
        ));
    }
    let file = ElfFile::parse(&data)
        .map_err(|_| format!("{}: file format not recognized", path.display()))?;
    let mut lopts = LookupOptions::default();
    if o.demangle {
        let d = demangle.clone();
        lopts = lopts.demangler(move |s: &str| libdemangle::demangle(s, &d));
    }
    // The lookup keeps the bytes and reads the debug sections in place; names where
    // DWARF has none come from the symbol table as BFD reads it.
    let lookup = AddrLookup::with_bytes(data.clone(), Some(path), lopts)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let lookup = match libsymtab::Symtab::parse(&file) {
        Ok(st) => lookup.with_symbols(SymbolsFrom::new(
            libsymtab::FunctionSymbols::new(&st),
            |t, section, addr| {
                let (key, s) = t.find(section, addr)?;
                Some(SymbolHit::new(key, s.start, s.size, &s.name).with_file(s.file.as_ref()))
            },
        )),
        Err(_) => lookup,
    };
    let mut alloc = Vec::new();
    let mut section = None;
    let placed = libdwarf::section_addresses(&file);
    if let Ok(secs) = file.sections() {
        for (i, s) in secs.enumerate() {
            let h = s.header();
            let at = placed.get(i).copied().unwrap_or(h.sh_addr);
            if h.sh_flags & u64::from(SHF_ALLOC) != 0 {
                alloc.push((h.sh_addr, h.sh_size, at));
            }
            if let Some(want) = &o.section {
                if section.is_none() && s.name_bytes().ok() == Some(want.as_bytes()) {
                    section = Some((
                        at,
                        if h.sh_flags & u64::from(SHF_ALLOC) != 0 {
                            h.sh_size
                        } else {
                            0
                        },
                    ));
                }
            }
        }
    }
    if let Some(want) = &o.section {
        if section.is_none() {
            return Err(format!("{}: cannot find section {want}", path.display()));
        }
    }
    let ctx = Ctx {
        o,
        lookup: Some(lookup),
        data: data.clone(),
        symbols: OnceLock::new(),
        demangle,
        later: Mutex::default(),
        class: file.class(),
        alloc,
        section,
    };
    let r = ctx.run(input, out);
    // The process ends next: leave the lookup's tables to the OS instead of
    // freeing millions of small allocations one by one.
    std::mem::forget(ctx);
    r
}

impl Ctx<'_> {
    /// Answers the addresses of the command line, or those read from `input`.
    fn run(&self, input: &mut dyn BufRead, out: &mut dyn Write) -> Result<(), String> {
        let (o, ctx) = (self.o, self);
        let w = |e: io::Error| e.to_string();
        if o.addrs.is_empty() {
            // Whole lines are collected from what one read returns and answered as a
            // batch (sorted inside libdwarf); output is flushed before each read that
            // may block, so interactive use (a pipe per address) still works.
            let mut pending: Vec<Addr> = Vec::new();
            let mut partial: Vec<u8> = Vec::new();
            loop {
                ctx.batch(&pending, out).map_err(w)?;
                pending.clear();
                out.flush().map_err(w)?;
                let buf = match input.fill_buf() {
                    Ok(b) => b,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                    Err(_) => break,
                };
                if buf.is_empty() {
                    break;
                }
                let n = buf.len();
                addr::pieces(buf, &mut partial, |p| pending.push(addr::parse(p)));
                input.consume(n);
            }
            if !partial.is_empty() {
                ctx.batch(&[addr::parse(&partial)], out).map_err(w)?;
            }
        } else {
            let addrs: Vec<Addr> = o.addrs.iter().map(|a| addr::parse(a.as_bytes())).collect();
            ctx.batch(&addrs, out).map_err(w)?;
        }
        Ok(())
    }
}

/// How many addresses are looked up at once (bounds the memory held by answers).
const BATCH: usize = 1 << 17;

/// Batches at least this large are formatted on several threads.
const PARALLEL_PRINT: usize = 2048;

/// An input address and the frames found for it (`None`: not in a section, so
/// not looked up).
type Answer = (u64, Option<Vec<Frame>>);

/// Addresses in a piece each formatting thread takes.
const PRINT_PIECE: usize = 1024;

impl Ctx<'_> {
    fn name<'f>(&self, f: &'f Frame) -> &'f str {
        match &f.function {
            None => "??",
            Some(n) if n.raw.is_empty() => "??",
            Some(n) if self.o.demangle => n.display(),
            Some(n) => &n.raw,
        }
    }

    /// GNU's `lookup_symbol`: the value of the first symbol called `name` (else the
    /// first whose demangled name is `name`) plus `offset`; 0 if there is none.
    fn symbol_value(&self, name: &[u8], offset: u64) -> u64 {
        let syms = self.symbols.get_or_init(|| {
            let Ok(file) = ElfFile::parse(&self.data) else {
                return Vec::new();
            };
            let Ok(st) = libsymtab::Symtab::parse(&file) else {
                return Vec::new();
            };
            let table = st.symtab().filter(|t| t.len() > 1).or(st.dynsym());
            table.map_or_else(Vec::new, |t| {
                t.iter()
                    .skip(1)
                    .map(|s| (s.display_name_bytes().into_owned(), s.sym.st_value))
                    .collect()
            })
        });
        let exact = syms.iter().find(|(n, _)| n == name);
        let found = exact.or_else(|| {
            let want = std::str::from_utf8(name).ok()?;
            syms.iter().find(|(n, _)| {
                std::str::from_utf8(n)
                    .ok()
                    .and_then(|n| libdemangle::demangle(n, &self.demangle))
                    .is_some_and(|d| d == want)
            })
        });
        found.map_or(0, |(_, v)| v.wrapping_add(offset))
    }

    /// The address GNU prints for input `a`, and the address to look up (if it
    /// falls in an allocated section, or in the `-j` section).
    fn probe(&self, a: &Addr) -> (u64, Option<u64>) {
        let mut pc = match a {
            Addr::Value(v) => *v,
            Addr::Symbol(name, offset) => {
                if self.lookup.is_none() {
                    0
                } else {
                    self.symbol_value(name, *offset)
                }
            }
        };
        if self.lookup.is_none() {
            // `binary` has 32-bit addresses: GNU prints the low half.
            return (pc & 0xffff_ffff, None);
        }
        if self.class == Class::Elf32 {
            pc &= 0xffff_ffff;
        }
        let probe = match self.section {
            Some((addr, size)) => (pc < size).then(|| addr.wrapping_add(pc)),
            // GNU takes the first section (in header order) holding the address.
            None => self
                .alloc
                .iter()
                .find(|&&(a, s, _)| pc >= a && pc - a < s)
                .map(|&(a, _, at)| at.wrapping_add(pc - a)),
        };
        (pc, probe)
    }

    /// Answers `addrs` in order, looking them up `BATCH` at a time. Large batches
    /// are formatted on several threads, each into its own buffer, written in order.
    fn batch(&self, addrs: &[Addr], out: &mut dyn Write) -> io::Result<()> {
        for chunk in addrs.chunks(BATCH) {
            let probes: Vec<(u64, Option<u64>)> = chunk.iter().map(|a| self.probe(a)).collect();
            let wanted: Vec<u64> = probes.iter().filter_map(|p| p.1).collect();
            let (mut answers, mut errors) = match &self.lookup {
                Some(l) if !wanted.is_empty() => {
                    (l.find_frames_batch(&wanted).into_iter(), l.take_errors())
                }
                _ => (Vec::new().into_iter(), Vec::new()),
            };
            let mut answered: Vec<Answer> = probes
                .into_iter()
                .map(|(pc, probe)| {
                    let frames = probe.map(|_| {
                        answers
                            .next()
                            .and_then(std::result::Result::ok)
                            .unwrap_or_default()
                    });
                    (pc, frames)
                })
                .collect();
            self.apply_later_names(&mut answered);
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
            if threads < 2 || answered.len() < PARALLEL_PRINT || !errors.is_empty() {
                for (pc, frames) in &answered {
                    // GNU's DWARF errors come with the first lookup, after the
                    // address (BFD flushes stdout before it writes them).
                    let errs = if frames.is_some() {
                        std::mem::take(&mut errors)
                    } else {
                        Vec::new()
                    };
                    self.print(*pc, frames.as_deref().unwrap_or_default(), &errs, out)?;
                }
                continue;
            }
            self.print_parallel(answered, threads, out)?;
        }
        Ok(())
    }

    /// BFD's name cache, in input order: the first lookup in a function named from
    /// the symbol table prints that symbol (`main.cold`); later ones print the name
    /// BFD kept then (`main`, or `main.cold` when its range runs on into `main`).
    fn apply_later_names(&self, answered: &mut [Answer]) {
        let mut kept = self.later.lock().unwrap_or_else(PoisonError::into_inner);
        for frame in answered
            .iter_mut()
            .filter_map(|a| a.1.as_mut()?.first_mut())
        {
            let Some(l) = &frame.later else { continue };
            match kept.get(&l.function) {
                Some(name) => frame.function = Some(name.clone()),
                None => {
                    kept.insert(l.function, l.name.clone());
                }
            }
        }
    }

    /// Formats `answered` on `threads` threads, a piece at a time (each thread takes
    /// the next piece, formats it into a buffer and frees its frames), and writes the
    /// pieces in order as they come. Buffers go back to the threads once written, and
    /// at most a few pieces wait at a time, so memory stays small.
    fn print_parallel(
        &self,
        answered: Vec<Answer>,
        threads: usize,
        out: &mut dyn Write,
    ) -> io::Result<()> {
        let mut pieces: Vec<Mutex<Vec<Answer>>> = Vec::new();
        let mut rest = answered.into_iter().peekable();
        while rest.peek().is_some() {
            pieces.push(Mutex::new(rest.by_ref().take(PRINT_PIECE).collect()));
        }
        let next = AtomicUsize::new(0);
        let free: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());
        let take = |m: &Mutex<Vec<Vec<u8>>>| m.lock().unwrap_or_else(PoisonError::into_inner).pop();
        std::thread::scope(|s| {
            let (tx, rx) = mpsc::sync_channel::<(usize, Vec<u8>)>(threads * 2);
            for _ in 0..threads {
                let (tx, next, pieces, free) = (tx.clone(), &next, &pieces, &free);
                s.spawn(move || loop {
                    let k = next.fetch_add(1, Ordering::Relaxed);
                    let Some(piece) = pieces.get(k) else { break };
                    let part =
                        std::mem::take(&mut *piece.lock().unwrap_or_else(PoisonError::into_inner));
                    let mut buf = take(free).unwrap_or_default();
                    buf.clear();
                    for (pc, frames) in &part {
                        // Writing to a Vec cannot fail.
                        let _ =
                            self.print(*pc, frames.as_deref().unwrap_or_default(), &[], &mut buf);
                    }
                    drop(part);
                    if tx.send((k, buf)).is_err() {
                        break;
                    }
                });
            }
            drop(tx);
            // In order: piece `want` is written next; earlier arrivals wait.
            let mut waiting: BTreeMap<usize, Vec<u8>> = BTreeMap::new();
            let mut want = 0;
            for (k, buf) in rx {
                waiting.insert(k, buf);
                while let Some(buf) = waiting.remove(&want) {
                    // On a write error the receiver goes, and the threads stop.
                    out.write_all(&buf)?;
                    free.lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .push(buf);
                    want += 1;
                }
            }
            Ok(())
        })
    }

    /// Writes the answer for `pc`; `errors` (GNU's DWARF errors met looking it up)
    /// go to stderr after the address, stdout flushed first as BFD does.
    fn print<W: Write + ?Sized>(
        &self,
        pc: u64,
        frames: &[Frame],
        errors: &[String],
        out: &mut W,
    ) -> io::Result<()> {
        if self.o.addresses {
            match self.class {
                Class::Elf32 => write!(out, "0x{pc:08x}")?,
                Class::Elf64 => write!(out, "0x{pc:016x}")?,
            }
            out.write_all(if self.o.pretty { b": " } else { b"\n" })?;
        }
        if !errors.is_empty() {
            out.flush()?;
            for e in errors {
                eprintln!("addr2line: {e}");
            }
        }
        if frames.is_empty() {
            if self.o.functions {
                out.write_all(if self.o.pretty { b"?? " } else { b"??\n" })?;
            }
            return out.write_all(b"??:0\n");
        }
        let n = if self.o.inlines { frames.len() } else { 1 };
        // GNU keeps the innermost row's discriminator for every inline frame it prints.
        let discriminator = frames
            .first()
            .and_then(|f| f.location.as_ref())
            .and_then(|l| l.discriminator);
        for (i, f) in frames.iter().take(n).enumerate() {
            if i > 0 && self.o.pretty {
                out.write_all(b" (inlined by) ")?;
            }
            if self.o.functions {
                out.write_all(self.name(f).as_bytes())?;
                out.write_all(if self.o.pretty { b" at " } else { b"\n" })?;
            }
            let loc = f.location.as_ref();
            let mut file = loc.and_then(|l| l.file.as_deref()).unwrap_or("??");
            if self.o.basenames {
                file = Path::new(file)
                    .file_name()
                    .and_then(|s| s.to_str())
                    .unwrap_or(file);
                if let Some(p) = file.rfind('/') {
                    file = file.get(p + 1..).unwrap_or(file);
                }
            }
            out.write_all(file.as_bytes())?;
            match loc.and_then(|l| l.line) {
                Some(line) => {
                    let mut n = itoa::Buffer::new();
                    out.write_all(b":")?;
                    out.write_all(n.format(line).as_bytes())?;
                    if let Some(d) = discriminator {
                        out.write_all(b" (discriminator ")?;
                        out.write_all(n.format(d).as_bytes())?;
                        out.write_all(b")")?;
                    }
                    out.write_all(b"\n")?;
                }
                None => out.write_all(b":?\n")?,
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn os(v: &[&str]) -> Vec<OsString> {
        v.iter().map(OsString::from).collect()
    }

    #[test]
    fn stdin_batches_keep_order_and_last_line() {
        let exe = concat!(env!("CARGO_MANIFEST_DIR"), "/../../libdwarf/tests/data/inl");
        let Command::Run(o) = Options::parse(&os(&["-a", "-e", exe])) else {
            panic!("not run")
        };
        // Tiny reads: lines split across fill_buf calls, no final newline.
        let text = b"0x30\n0x10\n  0X20";
        let mut input = io::BufReader::with_capacity(3, &text[..]);
        let mut out = Vec::new();
        assert!(translate(&o, &mut input, &mut out).is_ok());
        let out = String::from_utf8_lossy(&out);
        let addrs: Vec<&str> = out.lines().filter(|l| l.starts_with("0x")).collect();
        assert_eq!(
            addrs,
            [
                "0x0000000000000030",
                "0x0000000000000010",
                "0x0000000000000020"
            ]
        );
    }

    #[test]
    fn parse_mixed() {
        let Command::Run(o) = Options::parse(&os(&[
            "-afiCe",
            "x",
            "0x10",
            "--pretty",
            "--sec=.text",
            "20",
        ])) else {
            panic!("not run")
        };
        assert!(o.addresses && o.functions && o.inlines && o.demangle && o.pretty);
        assert_eq!(o.exe, PathBuf::from("x"));
        assert_eq!(o.section.as_deref(), Some(".text"));
        assert_eq!(o.addrs, vec!["0x10", "20"]);
        assert!(matches!(Options::parse(&os(&["-x"])), Command::Usage(_)));
        assert!(matches!(Options::parse(&os(&["--help"])), Command::Help));
        assert!(matches!(Options::parse(&os(&["-v"])), Command::Version));
        assert!(matches!(Options::parse(&os(&["--xyz"])), Command::Usage(_)));
    }
}
