//! GNU's `show_line`: with `-l`, the function and `file:line` before an instruction
//! when they change; with `-S`, the source lines up to the instruction's line (see
//! [`crate::disasm::source`]). Both from `libdwarf::AddrLookup` (with the symbol table
//! naming functions DWARF does not cover, as BFD's `bfd_find_nearest_line` does).
//!
//! What was shown last (GNU's `prev_functionname`, `prev_line`, `prev_discriminator`
//! and the source files read) lives in [`Lines`] for the whole object, across its
//! sections, as GNU's globals do.

use std::io::Write as _;
use std::path::Path;
use std::sync::{Mutex, PoisonError};

use libdwarf::{AddrLookup, LookupOptions, SymbolHit, SymbolsFrom};

use super::source::{self, Sources};
use crate::options::Options;
use crate::Object;

/// The line lookup of one object.
pub struct Lines<'a> {
    o: &'a Options,
    lookup: Option<AddrLookup>,
    /// Each section's address in the lookup's address space (relocatable objects).
    placed: Vec<u64>,
    demangle: Option<libdemangle::Options>,
    shown: Mutex<Shown>,
}

impl std::fmt::Debug for Lines<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Lines")
            .field(
                "dwarf",
                &self.lookup.as_ref().is_some_and(AddrLookup::has_dwarf),
            )
            .finish()
    }
}

/// What was shown last (`prev_functionname`, `prev_line`, `prev_discriminator`), and
/// the source files read for `-S`.
#[derive(Debug, Default)]
struct Shown {
    function: Option<String>,
    line: Option<u32>,
    discriminator: u32,
    /// BFD's name cache: the name a function named from the symbol table keeps after
    /// its first lookup (see `libdwarf::Frame::later`).
    kept: std::collections::HashMap<(usize, u64), std::sync::Arc<libdwarf::FunctionName>>,
    sources: Sources,
}

impl<'a> Lines<'a> {
    /// The lookup for `obj`.
    pub fn new(obj: &Object<'_>, o: &'a Options, demangle: Option<libdemangle::Options>) -> Self {
        // BFD 2.40 names the rows before a DWARF 5 sequence's first `DW_LNS_set_file`
        // after file entry 0 (the unit's primary file), reads no split units (a
        // skeleton gives its line table only), finds a unit by its line sequences
        // too, leaves out the units it fails on, looks for the `.gnu_debugaltlink`
        // file where it does, and misses what its unit trie misses.
        let mut options = LookupOptions::default();
        options.bfd_dwarf5_file0 = true;
        options.split_dwarf = false;
        options.bfd_line_ranges = true;
        options.bfd_unit_errors = true;
        options.bfd_altlink = true;
        options.bfd_trie_misses = true;
        let lookup = AddrLookup::with_options(&obj.elf, Some(Path::new(obj.path)), options).ok();
        // BFD names functions from objdump's symbols: the static symbol table only (a
        // stripped file's dynamic symbols name none); when the DWARF is in a separate
        // debug file, that file's (`_bfd_dwarf2_stash_syms`).
        let debug = lookup
            .as_ref()
            .and_then(AddrLookup::debug_file)
            .and_then(|p| std::fs::read(p).ok());
        let debug_elf = debug
            .as_deref()
            .and_then(|d| libelf::ElfFile::parse(d).ok());
        let elf = debug_elf.as_ref().unwrap_or(&obj.elf);
        let has_symtab = elf
            .section_headers()
            .is_ok_and(|h| h.iter().any(|s| s.sh_type == libelf::consts::SHT_SYMTAB));
        let symtab = libsymtab::Symtab::parse(elf).ok().filter(|_| has_symtab);
        // BFD's `_bfd_elf_find_function` keeps the function it found last: an address
        // of the same section inside that function's `[value, value + size)` gets it
        // again, though a nearer symbol (an untyped label inside it) starts below the
        // address. objdump asks in address order, so this shows.
        let last: Mutex<Option<(u32, usize)>> = Mutex::new(None);
        let lookup = match (lookup, symtab) {
            (Some(l), Some(st)) => Some(l.with_symbols(SymbolsFrom::new(
                libsymtab::FunctionSymbols::new(&st),
                move |t, section, addr| {
                    let mut last = last.lock().unwrap_or_else(PoisonError::into_inner);
                    let kept = last.and_then(|(sec, i)| {
                        let s = t.symbols().get(i)?;
                        let inside = sec == section && addr >= s.start && addr - s.start < s.size;
                        inside.then_some((i, s))
                    });
                    let (key, s) = match kept {
                        Some(k) => k,
                        None => {
                            let found = t.find(section, addr);
                            *last = found.map(|(i, _)| (section, i));
                            found?
                        }
                    };
                    Some(SymbolHit::new(key, s.start, s.size, &s.name).with_file(s.file.as_ref()))
                },
            ))),
            (l, _) => l,
        };
        // BFD's `bfd_get_mtime`: the member's date in an archive, else the file's.
        let mtime = match &obj.member {
            Some(m) => m.date().ok().map(|d| d as i64),
            None => source::mtime(Path::new(obj.path)),
        };
        Lines {
            o,
            lookup,
            placed: libdwarf::section_addresses(&obj.elf),
            demangle,
            shown: Mutex::new(Shown {
                sources: Sources::new(mtime),
                ..Shown::default()
            }),
        }
    }

    /// The warnings met so far (`source file … is more recent than object file`), each
    /// returned once.
    pub fn take_warnings(&self) -> Vec<String> {
        let mut shown = self.shown.lock().unwrap_or_else(PoisonError::into_inner);
        shown.sources.take_warnings()
    }

    /// `show_line` for `addr` in section `sec` (at `sec_vma`).
    pub fn show(&self, sec: u32, sec_vma: u64, addr: u64, out: &mut Vec<u8>) {
        let Some(lookup) = &self.lookup else {
            return;
        };
        let at = self
            .placed
            .get(sec as usize)
            .map_or(addr, |&p| p.wrapping_add(addr.wrapping_sub(sec_vma)));
        let Ok(frames) = lookup.find_frames(at) else {
            return;
        };
        let mut shown = self.shown.lock().unwrap_or_else(PoisonError::into_inner);
        let state = &mut *shown;
        let mut frames = frames;
        if let Some(f) = frames.first_mut() {
            if let Some(l) = &f.later {
                match state.kept.get(&l.function) {
                    Some(name) => f.function = Some(name.clone()),
                    None => {
                        state.kept.insert(l.function, l.name.clone());
                    }
                }
            }
        }
        let Some(f) = frames.first() else {
            return;
        };
        let function = f
            .function
            .as_ref()
            .map(|n| n.raw.as_str())
            .filter(|n| !n.is_empty());
        let loc = f.location.as_ref();
        let line = loc.and_then(|l| l.line).filter(|&l| l > 0);
        let discriminator = loc.and_then(|l| l.discriminator).unwrap_or(0);
        let file = loc
            .and_then(|l| l.file.as_deref())
            .filter(|f| !f.is_empty())
            .map(|f| source::with_prefix(f, self.o));
        if self.o.line_numbers {
            if let Some(func) = function {
                if state.function.as_deref() != Some(func) {
                    let dm = self
                        .demangle
                        .as_ref()
                        .and_then(|d| libdemangle::demangle(func, d));
                    let _ = match dm {
                        Some(d) => writeln!(out, "{d}:"),
                        None => writeln!(out, "{func}():"),
                    };
                    state.line = None;
                }
            }
            if let Some(l) = line {
                if Some(l) != state.line || discriminator != state.discriminator {
                    let file = file.as_deref().unwrap_or("???");
                    let _ = if discriminator > 0 {
                        writeln!(out, "{file}:{l} (discriminator {discriminator})")
                    } else {
                        writeln!(out, "{file}:{l}")
                    };
                }
            }
            if self.o.inlines {
                for inl in frames.iter().skip(1) {
                    let file = inl
                        .location
                        .as_ref()
                        .and_then(|l| l.file.as_deref())
                        .unwrap_or("??");
                    let line = inl.location.as_ref().and_then(|l| l.line).unwrap_or(0);
                    let name = inl.function.as_ref().map_or("??", |n| n.raw.as_str());
                    let _ = writeln!(out, "inlined by {file}:{line} ({name})");
                }
            }
        }
        if self.o.source {
            if let (Some(file), Some(l)) = (&file, line) {
                state.sources.show(file, l, self.o, out);
            }
        }
        if let Some(func) = function {
            if state.function.as_deref() != Some(func) {
                state.function = Some(func.to_owned());
            }
        }
        if line.is_some() {
            state.line = line;
        }
        state.discriminator = discriminator;
    }
}
