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
use tools_common::getopt::{Getopt, HasArg, LongOpt, Spec};
use tools_common::{input, pipe, Diag};

/// GNU's usage text for a program run as `prog`.
fn usage(prog: &str) -> String {
    format!(
        "Usage: {prog} [option(s)] [addr(s)]
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

{prog}: supported targets: elf64-x86-64 elf32-i386 elf32-iamcu elf32-x86-64 pei-i386 pe-x86-64 pei-x86-64 elf64-little elf64-big elf32-little elf32-big pe-bigobj-x86-64 pe-i386 pdb srec symbolsrec verilog tekhex binary ihex plugin
Report bugs to <https://sourceware.org/bugzilla/>
"
    )
}

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
    /// `--demangle=STYLE`: the demangling style (GNU's `cplus_demangle_set_style`).
    pub demangle_style: Option<libdemangle::Style>,
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
    /// A bad option: glibc's message (`PROG: …\n`, not always UTF-8), printed
    /// before the usage on standard error.
    Usage(Vec<u8>),
    /// A fatal error (`@file` arguments, an unknown demangling style): the message
    /// without its newline (status 1, no usage).
    Fatal(String),
}

const fn l(name: &'static str, has_arg: HasArg, val: char) -> LongOpt<char> {
    LongOpt { name, has_arg, val }
}

/// addr2line 2.40's options, long ones in its order (which its ambiguity message shows).
static SPEC: Spec<char> = Spec {
    short: "ab:Ce:rRsfHhij:pVv",
    long: &[
        l("addresses", HasArg::No, 'a'),
        l("basenames", HasArg::No, 's'),
        l("demangle", HasArg::Optional, 'C'),
        l("exe", HasArg::Required, 'e'),
        l("functions", HasArg::No, 'f'),
        l("inlines", HasArg::No, 'i'),
        l("pretty-print", HasArg::No, 'p'),
        l("recurse-limit", HasArg::No, 'R'),
        l("recursion-limit", HasArg::No, 'R'),
        l("no-recurse-limit", HasArg::No, 'r'),
        l("no-recursion-limit", HasArg::No, 'r'),
        l("section", HasArg::Required, 'j'),
        l("target", HasArg::Required, 'b'),
        l("help", HasArg::No, 'H'),
        l("version", HasArg::No, 'V'),
    ],
};

impl Options {
    /// Parses `args` (without the program name) the way GNU getopt_long does
    /// (`tools_common::getopt`): options and addresses may mix, short options combine,
    /// long options may be abbreviated, `--` ends the options, `@file` reads more
    /// arguments. As in GNU, `--help` and `--version` end the parse where they stand.
    pub fn parse(args: &[OsString]) -> Command {
        Self::parse_as("addr2line", args)
    }

    /// [`Options::parse`] for a program run as `prog` (named in the messages).
    pub fn parse_as(prog: &str, args: &[OsString]) -> Command {
        let args = match tools_common::atfile::expand_os(args) {
            Ok(a) => a,
            Err(e) => return Command::Fatal(format!("{prog}: {e}")),
        };
        let mut o = Options {
            exe: PathBuf::from("a.out"),
            ..Options::default()
        };
        let mut g = Getopt::new(&SPEC, args);
        for r in g.by_ref() {
            let (c, val) = match r {
                Ok((opt, val)) => (opt.key(), val),
                Err(e) => return Command::Usage(e.message(prog)),
            };
            match c {
                'a' => o.addresses = true,
                's' => o.basenames = true,
                'C' => {
                    o.demangle = true;
                    if let Some(v) = val {
                        match libdemangle::Style::from_name(&v) {
                            Some(style) => o.demangle_style = Some(style),
                            None => {
                                return Command::Fatal(format!(
                                    "{prog}: unknown demangling style `{v}'"
                                ))
                            }
                        }
                    }
                }
                'e' => o.exe = PathBuf::from(val.unwrap_or_default()),
                'f' => o.functions = true,
                'i' => o.inlines = true,
                'p' => o.pretty = true,
                'R' => o.no_recurse_limit = false,
                'r' => o.no_recurse_limit = true,
                'j' => o.section = val,
                'b' => o.target = val,
                'H' | 'h' => return Command::Help,
                _ => return Command::Version,
            }
        }
        o.addrs = g.into_operands();
        Command::Run(o)
    }
}

/// Runs addr2line with `args` (including the program name); returns the exit status.
pub fn run(args: &[OsString]) -> i32 {
    let prog = args
        .first()
        .map_or_else(|| "addr2line".into(), |p| p.to_string_lossy());
    let stdout = io::stdout();
    let mut out = io::BufWriter::with_capacity(1 << 16, pipe::Watch::new(stdout.lock()));
    let stdin = io::stdin();
    // A large buffer so a file or pipe on stdin arrives in big batches.
    let mut input = io::BufReader::with_capacity(1 << 21, stdin.lock());
    let mut stderr = io::stderr().lock();
    let mut diag = Diag::new(&prog, &mut stderr);
    let code = match Options::parse_as(&prog, args.get(1..).unwrap_or_default()) {
        Command::Help => {
            let _ = out.write_all(usage(&prog).as_bytes());
            0
        }
        Command::Version => {
            let _ = out.write_all(VERSION.as_bytes());
            0
        }
        Command::Usage(msg) => {
            diag.raw_bytes(&msg);
            diag.raw(format_args!("{}", usage(&prog)));
            1
        }
        Command::Fatal(msg) => {
            diag.raw(format_args!("{msg}\n"));
            1
        }
        Command::Run(o) => match translate(&o, &mut input, &mut out) {
            Ok(()) => 0,
            // The reader went away (`| head`): quietly (tools_common::pipe).
            Err(_) if out.get_ref().broken() => 0,
            // An empty file: GNU fails without a word.
            Err(msg) if msg.is_empty() => 1,
            Err(msg) => {
                // GNU's non_fatal flushes stdout first.
                let _ = out.flush();
                diag.plain(format_args!("{msg}\n"));
                1
            }
        },
    };
    let _ = out.flush();
    code
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
    let data = input::open(path, input::Checks::Bucomm).map_err(|e| e.to_string())?;
    let binary = match o.target.as_deref() {
        None => false,
        Some(t) if TARGETS.contains(&t) => t == "binary",
        Some(_) => return Err(format!("{}: invalid bfd target", path.display())),
    };
    let data = SharedBytes::new(data);
    // bfd_demangle (DMGL_PARAMS | DMGL_ANSI): no DMGL_VERBOSE, so `std::ostream`
    // rather than c++filt's `std::basic_ostream<char, std::char_traits<char> >`.
    let mut demangle = libdemangle::Options::default().no_verbose(true);
    if let Some(style) = o.demangle_style {
        demangle = demangle.style(style);
    }
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

    /// What GNU addr2line 2.40 (glibc 2.36) does with these command lines.
    #[test]
    fn parse_as_gnu() {
        let usage_msg = |args: &[&str]| match Options::parse_as("/tmp/a2l", &os(args)) {
            Command::Usage(m) => String::from_utf8_lossy(&m).into_owned(),
            c => panic!("{args:?}: {c:?}"),
        };
        assert_eq!(usage_msg(&["-q"]), "/tmp/a2l: invalid option -- 'q'\n");
        assert_eq!(usage_msg(&["-Cx"]), "/tmp/a2l: invalid option -- 'x'\n");
        assert_eq!(
            usage_msg(&["--foo=1"]),
            "/tmp/a2l: unrecognized option '--foo=1'\n"
        );
        assert_eq!(
            usage_msg(&["-e"]),
            "/tmp/a2l: option requires an argument -- 'e'\n"
        );
        assert_eq!(
            usage_msg(&["--addresses=1"]),
            "/tmp/a2l: option '--addresses' doesn't allow an argument\n"
        );
        assert_eq!(
            usage_msg(&["--=x"]),
            "/tmp/a2l: option '--=x' is ambiguous; possibilities: '--addresses' \
             '--basenames' '--demangle' '--exe' '--functions' '--inlines' '--pretty-print' \
             '--recurse-limit' '--recursion-limit' '--no-recurse-limit' \
             '--no-recursion-limit' '--section' '--target' '--help' '--version'\n"
        );
        assert!(usage("/tmp/a2l").starts_with("Usage: /tmp/a2l [option(s)] [addr(s)]\n"));
        // `--re` is `--recurse-limit` and `--recursion-limit`, the same thing.
        assert!(matches!(Options::parse(&os(&["--re"])), Command::Run(_)));
        // --help and --version act where they stand, before a later bad option.
        assert!(matches!(Options::parse(&os(&["-h", "-q"])), Command::Help));
        assert!(matches!(
            Options::parse(&os(&["-q", "-h"])),
            Command::Usage(_)
        ));
        // An optional style, checked at once.
        let Command::Run(o) = Options::parse(&os(&["--demangle=rust"])) else {
            panic!("not run")
        };
        assert!(o.demangle && o.demangle_style == Some(libdemangle::Style::Rust));
        let Command::Fatal(m) = Options::parse_as("addr2line", &os(&["--de=x"])) else {
            panic!("not fatal")
        };
        assert_eq!(m, "addr2line: unknown demangling style `x'");
    }

    proptest::proptest! {
        /// Any command line (without `@`: no files are read) parses without a panic.
        #[test]
        fn random_argv_never_panics(args in proptest::collection::vec("-{0,2}[aCefijprsRbHhVv=:x-]{0,5}", 0..8)) {
            let parsed = Options::parse(&os(&args.iter().map(String::as_str).collect::<Vec<_>>()));
            match parsed {
                Command::Usage(m) => {
                    proptest::prop_assert!(m.starts_with(b"addr2line: ") && m.ends_with(b"\n"))
                }
                Command::Run(o) => proptest::prop_assert!(o.addrs.iter().all(|a| args.contains(a))),
                _ => {}
            }
        }
    }
}
