//! A GNU addr2line 2.40-compatible front end on [`libdwarf::AddrLookup`].
//!
//! [`run`] takes the command line and returns the exit status; [`Options::parse`]
//! and [`translate`] are the two halves, usable on their own.

use std::collections::BTreeMap;
use std::ffi::OsString;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Mutex, PoisonError};

use libdwarf::{AddrLookup, Frame, LookupOptions, SharedBytes};
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

fn expand_at_files(args: &[OsString]) -> Vec<String> {
    let mut out = Vec::new();
    for a in args {
        let s = a.to_string_lossy().into_owned();
        if let Some(f) = s.strip_prefix('@') {
            if let Ok(text) = std::fs::read_to_string(f) {
                out.extend(text.split_whitespace().map(str::to_owned));
                continue;
            }
        }
        out.push(s);
    }
    out
}

impl Options {
    /// Parses `args` (without the program name) the way GNU getopt_long does:
    /// options and addresses may mix, short options combine, long options may be
    /// abbreviated, `--` ends the options, `@file` reads more arguments.
    pub fn parse(args: &[OsString]) -> Command {
        let args = expand_at_files(args);
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
        Command::Run(o) => match translate(&o, &mut input, &mut out) {
            Ok(()) => 0,
            // The reader went away (`| head`): GNU dies of SIGPIPE without a word;
            // like our other tools, stop quietly.
            Err(_) if out.get_ref().broken => 0,
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

/// GNU `bfd_scan_vma(s, NULL, 16)`: optional `0x`, then hex digits; junk stops it.
fn scan_vma(s: &str) -> u64 {
    scan_vma_bytes(s.as_bytes())
}

fn scan_vma_bytes(s: &[u8]) -> u64 {
    let start = s
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(s.len());
    let s = s.get(start..).unwrap_or_default();
    let s = s
        .strip_prefix(b"0x")
        .or_else(|| s.strip_prefix(b"0X"))
        .unwrap_or(s);
    let mut v: u64 = 0;
    for &c in s {
        let Some(d) = char::from(c).to_digit(16) else {
            break;
        };
        v = v.wrapping_mul(16).wrapping_add(u64::from(d));
    }
    v
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

/// Maps `path` (only the pages read count against our memory), or reads it.
fn load(path: &Path) -> io::Result<Bytes> {
    let f = std::fs::File::open(path)?;
    // SAFETY: the map is read-only and private; addr2line does not write the file, and
    // a file truncated underneath us is the same hazard GNU's fread has.
    #[allow(unsafe_code)]
    match unsafe { memmap2::Mmap::map(&f) } {
        Ok(m) => Ok(Bytes::Map(m)),
        Err(_) => std::fs::read(path).map(Bytes::Vec),
    }
}

struct Ctx<'a> {
    o: &'a Options,
    lookup: AddrLookup,
    class: Class,
    /// (start, size) of SHF_ALLOC sections.
    alloc: Vec<(u64, u64)>,
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
    let md = std::fs::metadata(path).map_err(|_| format!("'{}': No such file", path.display()))?;
    if md.is_dir() {
        return Err(format!("Warning: '{}' is a directory", path.display()));
    }
    let data = SharedBytes::new(load(path).map_err(|e| format!("{}: {e}", path.display()))?);
    let file = ElfFile::parse(&data)
        .map_err(|_| format!("{}: file format not recognized", path.display()))?;
    // bfd_demangle (DMGL_PARAMS | DMGL_ANSI): no DMGL_VERBOSE, so `std::ostream`
    // rather than c++filt's `std::basic_ostream<char, std::char_traits<char> >`.
    let mut demangle = libdemangle::Options::default().no_verbose(true);
    if o.no_recurse_limit {
        demangle = demangle.recurse_limit(false);
    }
    let mut lopts = LookupOptions::default();
    lopts.demangle = demangle;
    // The lookup keeps the bytes and reads the debug sections in place.
    let lookup = AddrLookup::with_bytes(data.clone(), Some(path), lopts)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut alloc = Vec::new();
    let mut section = None;
    if let Ok(secs) = file.sections() {
        for s in secs {
            let h = s.header();
            if h.sh_flags & u64::from(SHF_ALLOC) != 0 {
                alloc.push((h.sh_addr, h.sh_size));
            }
            if let Some(want) = &o.section {
                if section.is_none() && s.name_bytes().ok() == Some(want.as_bytes()) {
                    section = Some((
                        h.sh_addr,
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
        lookup,
        class: file.class(),
        alloc,
        section,
    };
    let w = |e: io::Error| e.to_string();
    if o.addrs.is_empty() {
        // Whole lines are collected from what one read returns and answered as a
        // batch (sorted inside libdwarf); output is flushed before each read that
        // may block, so interactive use (a pipe per address) still works.
        let mut pending: Vec<u64> = Vec::new();
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
            let mut rest = buf;
            while let Some(nl) = rest.iter().position(|&b| b == b'\n') {
                let (line, tail) = rest.split_at(nl);
                rest = tail.get(1..).unwrap_or_default();
                if partial.is_empty() {
                    pending.push(scan_vma_bytes(line));
                } else {
                    partial.extend_from_slice(line);
                    pending.push(scan_vma_bytes(&partial));
                    partial.clear();
                }
            }
            partial.extend_from_slice(rest);
            input.consume(n);
        }
        if !partial.is_empty() {
            ctx.batch(&[scan_vma_bytes(&partial)], out).map_err(w)?;
        }
    } else {
        let addrs: Vec<u64> = o.addrs.iter().map(|a| scan_vma(a)).collect();
        ctx.batch(&addrs, out).map_err(w)?;
    }
    // The process ends next: leave the lookup's tables to the OS instead of
    // freeing millions of small allocations one by one.
    std::mem::forget(ctx);
    Ok(())
}

/// How many addresses are looked up at once (bounds the memory held by answers).
const BATCH: usize = 1 << 17;

/// Batches at least this large are formatted on several threads.
const PARALLEL_PRINT: usize = 2048;

/// An input address and the frames found for it.
type Answer = (u64, Vec<Frame>);

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

    /// The address GNU prints for input `pc`, and the address to look up (if `pc`
    /// falls in an allocated section, or in the `-j` section).
    fn probe(&self, mut pc: u64) -> (u64, Option<u64>) {
        if self.class == Class::Elf32 {
            pc &= 0xffff_ffff;
        }
        let probe = match self.section {
            Some((addr, size)) => (pc < size).then(|| addr.wrapping_add(pc)),
            None => self
                .alloc
                .iter()
                .any(|&(a, s)| pc >= a && pc - a < s)
                .then_some(pc),
        };
        (pc, probe)
    }

    /// Answers `addrs` in order, looking them up `BATCH` at a time. Large batches
    /// are formatted on several threads, each into its own buffer, written in order.
    fn batch(&self, addrs: &[u64], out: &mut dyn Write) -> io::Result<()> {
        for chunk in addrs.chunks(BATCH) {
            let probes: Vec<(u64, Option<u64>)> = chunk.iter().map(|&a| self.probe(a)).collect();
            let wanted: Vec<u64> = probes.iter().filter_map(|p| p.1).collect();
            let mut answers = self.lookup.find_frames_batch(&wanted).into_iter();
            let answered: Vec<Answer> = probes
                .into_iter()
                .map(|(pc, probe)| {
                    let frames = match probe {
                        Some(_) => answers
                            .next()
                            .and_then(std::result::Result::ok)
                            .unwrap_or_default(),
                        None => Vec::new(),
                    };
                    (pc, frames)
                })
                .collect();
            let threads = std::thread::available_parallelism().map_or(1, |n| n.get().min(8));
            if threads < 2 || answered.len() < PARALLEL_PRINT {
                for (pc, frames) in &answered {
                    self.print(*pc, frames, out)?;
                }
                continue;
            }
            self.print_parallel(answered, threads, out)?;
        }
        Ok(())
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
                        let _ = self.print(*pc, frames, &mut buf);
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

    fn print<W: Write + ?Sized>(&self, pc: u64, frames: &[Frame], out: &mut W) -> io::Result<()> {
        if self.o.addresses {
            match self.class {
                Class::Elf32 => write!(out, "0x{pc:08x}")?,
                Class::Elf64 => write!(out, "0x{pc:016x}")?,
            }
            out.write_all(if self.o.pretty { b": " } else { b"\n" })?;
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
    fn scan() {
        assert_eq!(scan_vma("0x1234\n"), 0x1234);
        assert_eq!(scan_vma("  abcZ"), 0xabc);
        assert_eq!(scan_vma("zz"), 0);
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
