//! Address → source frames.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock, PoisonError};

use gimli::Reader as _;
use libelf::ElfFile;
use rustc_hash::FxHashMap;

use crate::debugfile;
use crate::fallback::{Demangle, SymbolHit, SymbolSource};
use crate::index::{Dwarf, RefNames, SplitLoad, SplitLoader, Units};
use crate::load::{DebugSections, SharedBytes};
use crate::{Error, Reader, Result};

/// How [`AddrLookup`] finds debug information: [`LookupOptions::default`] with the
/// fields to change set (`options.split_dwarf = false`) or through the setters.
#[derive(Clone)]
#[non_exhaustive]
pub struct LookupOptions {
    /// Global debug directories (`/usr/lib/debug` by default), searched for
    /// `.build-id/xx/rest.debug` and `.gnu_debuglink` targets.
    pub debug_dirs: Vec<PathBuf>,
    /// Look for a separate debug file when the file has no `.debug_info`.
    pub separate_debug: bool,
    /// Load supplementary files (`.gnu_debugaltlink`, `.debug_sup`).
    pub supplementary: bool,
    /// Load split units from `.dwo` files and a `.dwp` package.
    pub split_dwarf: bool,
    /// Fall back to symbol table names when DWARF names no function (from the
    /// source given to [`AddrLookup::with_symbols`]).
    pub symbols: bool,
    /// What fills [`FunctionName::demangled`]; `None` (the default) leaves it empty.
    pub demangle: Option<Arc<dyn Demangle>>,
    /// Name files as BFD 2.40 does for DWARF 5 line tables: rows before a sequence's
    /// first `DW_LNS_set_file` get file entry 0 instead of DWARF's default entry 1. Off by
    /// default: DWARF says entry 1 (this is one of GNU addr2line's known DWARF 5 misses).
    pub bfd_dwarf5_file0: bool,
    /// Let a unit's line sequences lead to it as well as its declared ranges, as BFD
    /// does once it has read the unit's line table (padding after a unit's last
    /// function then still has the line of the row before it). Off by default: every
    /// line table is then read up front.
    pub bfd_line_ranges: bool,
    /// Leave out the units BFD 2.40 fails on as it does: a unit DIE whose range list
    /// it cannot read (in `.zdebug_rnglists`, or with `DW_RLE_*x` entries) or with a
    /// form it cannot read (`DW_FORM_ref_sup4`, `DW_FORM_strp_sup`…) ends the units
    /// read; a unit with such a form in another DIE, or (with `.zdebug_rnglists`) a
    /// function with `DW_AT_ranges`, is skipped. A DWARF 5 line table of another
    /// offset size than its unit's is read as BFD misreads it (its entries' offsets
    /// with the unit's size; see the `bfdline` module): the unit is skipped where
    /// that fails, else its rows are BFD's. A row without a file name takes the file
    /// of the symbol that names the function, when one does.
    /// Off by default.
    pub bfd_unit_errors: bool,
    /// Find and read the `.gnu_debugaltlink` file as BFD 2.40 does: only where
    /// `debugfile::bfd_altlink_paths` says (an absolute link name is joined to the
    /// file's directory too, so it is found only from a file named without one), never
    /// a `.debug_sup` file. Without it, a name kept there (`DW_FORM_GNU_strp_alt`) is
    /// no name, and a function whose abstract origin or specification is there makes
    /// its unit answer nothing. An empty name is no name either: in a language whose
    /// names are linkage names (C) the function then has none, not the symbol
    /// table's. Off by default.
    pub bfd_altlink: bool,
    /// Find no unit for the last address of a 256-byte block (`0x…ff`) where BFD
    /// 2.40's unit trie misses it: once more than 16 ranges of units, line sequences
    /// and functions share the block (an off-by-one of BFD's; see the `trie` module).
    /// Off by default.
    pub bfd_trie_misses: bool,
    /// Threads used to build unit tables and answer batches; 0 (the default) for
    /// one per available CPU, at most 8.
    pub threads: usize,
}

impl Default for LookupOptions {
    fn default() -> Self {
        LookupOptions {
            debug_dirs: vec![PathBuf::from("/usr/lib/debug")],
            separate_debug: true,
            supplementary: true,
            split_dwarf: true,
            symbols: true,
            demangle: None,
            bfd_dwarf5_file0: false,
            bfd_line_ranges: false,
            bfd_unit_errors: false,
            bfd_altlink: false,
            bfd_trie_misses: false,
            threads: 0,
        }
    }
}

impl std::fmt::Debug for LookupOptions {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LookupOptions")
            .field("debug_dirs", &self.debug_dirs)
            .field("separate_debug", &self.separate_debug)
            .field("supplementary", &self.supplementary)
            .field("split_dwarf", &self.split_dwarf)
            .field("symbols", &self.symbols)
            .field("demangle", &self.demangle.is_some())
            .field("bfd_dwarf5_file0", &self.bfd_dwarf5_file0)
            .field("bfd_line_ranges", &self.bfd_line_ranges)
            .field("bfd_unit_errors", &self.bfd_unit_errors)
            .field("bfd_altlink", &self.bfd_altlink)
            .field("bfd_trie_misses", &self.bfd_trie_misses)
            .field("threads", &self.threads)
            .finish()
    }
}

impl LookupOptions {
    /// Demangles names with `demangle` (see [`Demangle`]).
    #[must_use]
    pub fn demangler(mut self, demangle: impl Demangle + 'static) -> Self {
        self.demangle = Some(Arc::new(demangle));
        self
    }

    /// How many threads batches use (0: one per CPU, at most 8).
    #[must_use]
    pub fn threads(mut self, n: usize) -> Self {
        self.threads = n;
        self
    }

    fn thread_count(&self) -> usize {
        match self.threads {
            0 => std::thread::available_parallelism().map_or(1, |n| n.get().min(8)),
            n => n,
        }
    }
}

/// A function's name in a [`Frame`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct FunctionName {
    /// The name as stored: the linkage (mangled) name if there is one.
    pub raw: String,
    /// The demangled name, if `raw` is a mangled name the lookup's
    /// [`LookupOptions::demangle`] understands.
    pub demangled: Option<String>,
    /// Whether the name came from the symbol table rather than DWARF.
    pub from_symbols: bool,
}

impl FunctionName {
    fn new(raw: String, demangle: Option<&Arc<dyn Demangle>>, from_symbols: bool) -> Self {
        let demangled = demangle.and_then(|d| d.demangle(&raw));
        FunctionName {
            raw,
            demangled,
            from_symbols,
        }
    }

    /// The demangled name if there is one, else the raw name.
    pub fn display(&self) -> &str {
        self.demangled.as_deref().unwrap_or(&self.raw)
    }
}

/// A source position.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Location {
    /// The file, joined with its directory and the unit's compilation directory.
    pub file: Option<Arc<str>>,
    /// The line; `None` for line 0 or unknown.
    pub line: Option<u32>,
    /// The column; `None` when unknown, `Some(0)` for the left edge.
    pub column: Option<u32>,
    /// The line table's discriminator, when non-zero (innermost frame only).
    pub discriminator: Option<u32>,
}

/// One frame of the inline stack at an address.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Frame {
    /// The function, if known (shared between the frames that name it).
    pub function: Option<Arc<FunctionName>>,
    /// Where in the source: the line table's row for the innermost frame, the call
    /// site for the frames around it.
    pub location: Option<Location>,
    /// For a function named from the symbol table (C++ without a linkage name):
    /// the name BFD keeps for it once it has looked it up, which GNU addr2line
    /// prints for every later address in the function in the same run.
    pub later: Option<LaterName>,
}

/// The name BFD gives a function at its later lookups (see [`Frame::later`]): the
/// symbol's if the symbol found the first time starts where the function's first
/// range does (`main.cold` when that range runs on into `main`), else the DWARF
/// name (`main`).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct LaterName {
    /// Which function: its unit (by index) and DIE offset, within this lookup.
    pub function: (usize, u64),
    /// The name.
    pub name: Arc<FunctionName>,
}

/// An allocated section: (address in the lookup, size, index, `sh_addr`).
type AllocSection = (u64, u64, u32, u64);

/// The symbol table fallback: allocated sections, and the source of their symbols.
#[derive(Default)]
struct Symbols {
    /// Each allocated section, in section order.
    sections: Vec<AllocSection>,
    /// The same sorted by address, when no two overlap (then the section holding an
    /// address is unique and found by binary search; else GNU's order decides).
    by_addr: Option<Vec<AllocSection>>,
    /// Where the names come from ([`AddrLookup::with_symbols`]).
    source: Option<Box<dyn SymbolSource>>,
}

/// A DWARF function name and whether it came from `DW_AT_linkage_name`.
type DwarfName = (Arc<FunctionName>, bool);

/// How many sorted addresses a batch thread answers at a time.
const PIECE: usize = 1024;

/// Function names already read and demangled, by DIE and by string.
#[derive(Debug, Default)]
struct NameCache {
    /// (DWARF identity, `.debug_info` offset of the DIE) → name.
    /// The flag: the name came from `DW_AT_linkage_name`.
    by_die: FxHashMap<(usize, usize), Option<DwarfName>>,
    /// (DWARF identity, `.debug_info` offset of an inlined call's abstract origin, or
    /// with the top bit set, of a supplementary file's DIE) → the call's name.
    by_origin: FxHashMap<(usize, usize), Option<DwarfName>>,
    /// Symbol key → name, for the symbol table fallback.
    by_sym: FxHashMap<usize, Arc<FunctionName>>,
    /// Where a name's bytes live → name (many DIEs share one string). Per thread:
    /// sharing the names would make the threads contend for their reference counts.
    by_str: FxHashMap<(usize, usize), Arc<FunctionName>>,
    /// Names at the end of abstract origin / specification references.
    refs: RefNames,
    /// (unit, file entry) → this thread's copy of the file name (a shared one would
    /// make the threads contend for its reference count).
    files: FxHashMap<(usize, u64), Option<Arc<str>>>,
    /// Where the previous answer was found: (unit, line sequence, function span).
    hint: (usize, usize, usize),
}

/// Address → frames for one ELF file, with its separate debug files and split units.
///
/// Each unit's line table and function ranges are built on first use and kept
/// ([`AddrLookup::find_frames_batch`] builds the units a batch needs on several
/// threads, then answers the batch on several threads). Split units are loaded
/// when an address first falls in their skeleton. `AddrLookup` is `Sync`.
pub struct AddrLookup {
    units: Option<Units>,
    symbols: Symbols,
    options: LookupOptions,
    path: Option<PathBuf>,
    dwp: OnceLock<Option<gimli::DwarfPackage<Reader>>>,
    dwo: Mutex<HashMap<u64, Option<Arc<Dwarf>>>>,
    /// One name cache per worker thread; worker `k` only ever locks cache `k`.
    names: Vec<Mutex<NameCache>>,
    debug_file: Option<PathBuf>,
    warnings: Mutex<Vec<String>>,
    /// BFD's `DWARF error: …` messages not yet taken.
    errors: Mutex<Vec<String>>,
}

impl std::fmt::Debug for AddrLookup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AddrLookup")
            .field("has_dwarf", &self.units.is_some())
            .field("symbols", &self.symbols.source.is_some())
            .field("path", &self.path)
            .field("debug_file", &self.debug_file)
            .finish_non_exhaustive()
    }
}

fn read_file(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).map_err(|source| Error::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Locks `m`, taking the data of a poisoned lock as it is (the caches hold no
/// invariants a panic could break half-way).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(PoisonError::into_inner)
}

impl AddrLookup {
    /// A lookup over `file` with default options. `path`, if given, is where the
    /// file lives: separate debug files, `.dwo` files and the `.dwp` package are
    /// searched relative to it.
    ///
    /// # Errors
    /// If the section headers cannot be read.
    pub fn new(file: &ElfFile<'_>, path: Option<&Path>) -> Result<Self> {
        Self::with_options(file, path, LookupOptions::default())
    }

    /// Like [`AddrLookup::new`], with `options`.
    ///
    /// # Errors
    /// As for [`AddrLookup::new`].
    pub fn with_options(
        file: &ElfFile<'_>,
        path: Option<&Path>,
        options: LookupOptions,
    ) -> Result<Self> {
        Self::build(file, None, path, options)
    }

    /// A lookup over the ELF file in `bytes`, which the lookup keeps: its debug
    /// sections are read in place (those stored compressed or needing relocation
    /// are still copied), so nothing is copied up front and only the parts that
    /// are read are touched. Otherwise as [`AddrLookup::with_options`].
    ///
    /// # Errors
    /// If `bytes` is not an ELF file, or as for [`AddrLookup::new`].
    pub fn with_bytes(
        bytes: SharedBytes,
        path: Option<&Path>,
        options: LookupOptions,
    ) -> Result<Self> {
        let file = ElfFile::parse(&bytes)?;
        Self::build(&file, Some(&bytes), path, options)
    }

    fn build(
        file: &ElfFile<'_>,
        bytes: Option<&SharedBytes>,
        path: Option<&Path>,
        options: LookupOptions,
    ) -> Result<Self> {
        let mut sections = DebugSections::load_for_lookup(file, bytes)?;
        let mut errors = sections.errors().to_vec();
        let mut debug_file = None;
        let mut sup_source: Option<(Option<PathBuf>, SharedBytes)> = None;
        if !sections.has_info() && !sections.info_unreadable() && options.separate_debug {
            if let Some((p, data)) = find_separate(file, path, &options) {
                let data = SharedBytes::from(data);
                if let Ok(elf) = ElfFile::parse(&data) {
                    if let Ok(s) = DebugSections::load_for_lookup(&elf, Some(&data)) {
                        if s.has_info() || s.info_unreadable() {
                            errors.extend_from_slice(s.errors());
                            sections = s;
                            debug_file = Some(p.clone());
                            sup_source = Some((Some(p), data.clone()));
                        }
                    }
                }
            }
        }
        // BFD 2.40 looks for `.zdebug_rnglist` (sic), so never finds these.
        let zdebug_rnglists = match &sup_source {
            Some((_, data)) => ElfFile::parse(data)
                .ok()
                .is_some_and(|e| has_section(&e, b".zdebug_rnglists")),
            None => has_section(file, b".zdebug_rnglists"),
        };
        let mut dwarf = sections.dwarf(false)?;
        let mut alt_missing = false;
        if options.supplementary {
            let mut sup_of = |e: &ElfFile<'_>, p: Option<&Path>| {
                if options.bfd_altlink {
                    let found = find_sup_bfd(e, p, &options);
                    alt_missing = found.is_none() && debugfile::debugaltlink(e).is_some();
                    found
                } else {
                    find_sup(e, p, &options)
                }
            };
            let sup = match &sup_source {
                Some((p, data)) => ElfFile::parse(data)
                    .ok()
                    .and_then(|e| sup_of(&e, p.as_deref())),
                None => sup_of(file, path),
            };
            if let Some(sup) = sup {
                dwarf.sup = Some(Arc::new(sup));
            }
        }
        // BFD reads nothing more once `.debug_info` is unreadable.
        let units = (!sections.info_unreadable()
            && (sections.has_info() || sections.get(".debug_line").is_some()))
        .then(|| {
            let quirks = crate::index::BfdQuirks {
                line_ranges: options.bfd_line_ranges,
                unit_errors: options.bfd_unit_errors,
                no_rnglists: zdebug_rnglists,
                alt_missing,
                by_lang: options.bfd_altlink,
            };
            Units::new(Arc::new(dwarf), quirks)
        });
        let symbols = if options.symbols {
            alloc_sections(file)
        } else {
            Symbols::default()
        };
        if let Some(u) = &units {
            errors.extend(u.errors.iter().cloned());
        }
        let lookup = Self::assemble(units, symbols, options, path, debug_file);
        *lock(&lookup.errors) = errors;
        Ok(lookup)
    }

    fn assemble(
        units: Option<Units>,
        symbols: Symbols,
        options: LookupOptions,
        path: Option<&Path>,
        debug_file: Option<PathBuf>,
    ) -> Self {
        let names = (0..options.thread_count().max(1))
            .map(|_| Mutex::default())
            .collect();
        AddrLookup {
            units,
            symbols,
            options,
            path: path.map(Path::to_path_buf),
            dwp: OnceLock::new(),
            dwo: Mutex::new(HashMap::new()),
            names,
            debug_file,
            warnings: Mutex::new(Vec::new()),
            errors: Mutex::new(Vec::new()),
        }
    }

    /// A lookup over bare DWARF (no ELF file: no symbol fallback, no separate files).
    ///
    /// # Errors
    /// None at present (malformed units are skipped).
    pub fn from_dwarf(dwarf: gimli::Dwarf<Reader>) -> Result<Self> {
        Ok(Self::assemble(
            Some(Units::new(
                Arc::new(dwarf),
                crate::index::BfdQuirks::default(),
            )),
            Symbols::default(),
            LookupOptions::default(),
            None,
            None,
        ))
    }

    /// The lookup with `source` as its symbol table fallback (if
    /// [`LookupOptions::symbols`]): it names the function where DWARF names none,
    /// and where BFD prefers the symbol's name to DWARF's (C++ functions without a
    /// linkage name). libsymtab's `FunctionSymbols` is the source GNU addr2line's
    /// answers need (wired in through [`crate::SymbolsFrom`]).
    #[must_use]
    pub fn with_symbols(mut self, source: impl SymbolSource + 'static) -> Self {
        self.symbols.source = Some(Box::new(source));
        self
    }

    /// Whether any DWARF was found (in the file or a separate debug file).
    pub fn has_dwarf(&self) -> bool {
        self.units.is_some()
    }

    /// The separate debug file used, if any.
    pub fn debug_file(&self) -> Option<&Path> {
        self.debug_file.as_deref()
    }

    /// Problems met so far that did not stop a lookup (unreadable `.dwo`, …).
    pub fn warnings(&self) -> Vec<String> {
        lock(&self.warnings).clone()
    }

    /// The messages GNU tools print (after `PROGRAM: `) for DWARF they could not
    /// read, such as `DWARF error: section .debug_info is too big`, met since the
    /// last call; each is returned once.
    pub fn take_errors(&self) -> Vec<String> {
        std::mem::take(&mut *lock(&self.errors))
    }

    /// The frames at `addr`, innermost inline frame first. Empty if nothing is known.
    ///
    /// When DWARF has no function for `addr`, the innermost frame's function comes
    /// from the symbol table (if [`LookupOptions::symbols`]).
    ///
    /// # Errors
    /// None at present: malformed DWARF gives a shorter answer. (The `Result`
    /// leaves room for errors that must be reported.)
    pub fn find_frames(&self, addr: u64) -> Result<Vec<Frame>> {
        let Some(cache) = self.names.first() else {
            return Ok(Vec::new());
        };
        Ok(self.frames(addr, &mut lock(cache)))
    }

    /// [`AddrLookup::find_frames`] for many addresses, answered in the caller's order.
    /// The units the addresses fall in are built first, on several threads; then
    /// the distinct addresses, sorted, are answered in contiguous shares, one per
    /// thread.
    pub fn find_frames_batch(&self, addrs: &[u64]) -> Vec<Result<Vec<Frame>>> {
        self.map_batch_owned(addrs, |frames| frames)
            .into_iter()
            .map(Ok)
            .collect()
    }

    /// Like [`AddrLookup::find_frames_batch`], handing each distinct address's frames
    /// to `f` on the thread that found them (so formatting, say, runs in parallel
    /// too) and returning `f`'s results in the caller's order (cloned for addresses
    /// asked for more than once).
    pub fn map_batch<T, F>(&self, addrs: &[u64], f: F) -> Vec<T>
    where
        T: Send + Clone + Default,
        F: Fn(&[Frame]) -> T + Sync,
    {
        self.map_batch_owned(addrs, |frames| f(&frames))
    }

    /// [`AddrLookup::map_batch`] handing `f` the frames themselves.
    fn map_batch_owned<T, F>(&self, addrs: &[u64], f: F) -> Vec<T>
    where
        T: Send + Clone + Default,
        F: Fn(Vec<Frame>) -> T + Sync,
    {
        let mut sorted: Vec<u64> = addrs.to_vec();
        sorted.sort_unstable();
        sorted.dedup();
        let threads = self.names.len();
        if let Some(units) = &self.units {
            units.prepare(&sorted, self, threads);
        }
        // Pieces of the sorted addresses, taken in turn by the threads (neighbouring
        // addresses share units and names; some stretches cost more than others).
        let pieces: Vec<&[u64]> = sorted.chunks(PIECE).collect();
        let f = &f;
        let answers: Vec<Vec<T>> = if pieces.len() <= 1 || threads <= 1 {
            pieces
                .iter()
                .map(|c| self.answer(c, self.names.first(), f))
                .collect()
        } else {
            // The pieces not yet taken: even threads take from the front, odd ones
            // from the back, so two threads each walk their own end of the program
            // (hints hold, and a unit's names are mostly read by one thread only).
            let untaken = Mutex::new(0..pieces.len());
            let slots: Vec<Mutex<Vec<T>>> = pieces.iter().map(|_| Mutex::default()).collect();
            std::thread::scope(|s| {
                for (t, cache) in self.names.iter().take(pieces.len()).enumerate() {
                    let (untaken, slots, pieces) = (&untaken, &slots, &pieces);
                    s.spawn(move || loop {
                        let taken = {
                            let mut u = lock(untaken);
                            if t % 2 == 0 {
                                u.next()
                            } else {
                                u.next_back()
                            }
                        };
                        let Some(k) = taken else { break };
                        let (Some(piece), Some(slot)) = (pieces.get(k), slots.get(k)) else {
                            break;
                        };
                        let a = self.answer(piece, Some(cache), f);
                        *lock(slot) = a;
                    });
                }
            });
            slots
                .into_iter()
                .map(|m| m.into_inner().unwrap_or_else(PoisonError::into_inner))
                .collect()
        };
        let mut flat: Vec<T> = answers.into_iter().flatten().collect();
        // Each answer moves to the last caller slot asking for its address and is
        // cloned for the earlier ones.
        let slots: Vec<Option<usize>> =
            addrs.iter().map(|a| sorted.binary_search(a).ok()).collect();
        let mut last = vec![usize::MAX; flat.len()];
        for (i, s) in slots.iter().enumerate() {
            if let Some(l) = s.and_then(|s| last.get_mut(s)) {
                *l = i;
            }
        }
        slots
            .iter()
            .enumerate()
            .map(|(i, s)| {
                s.and_then(|s| {
                    let take = last.get(s) == Some(&i);
                    let v = flat.get_mut(s)?;
                    Some(if take { std::mem::take(v) } else { v.clone() })
                })
                .unwrap_or_default()
            })
            .collect()
    }

    fn answer<T>(
        &self,
        addrs: &[u64],
        cache: Option<&Mutex<NameCache>>,
        f: &(dyn Fn(Vec<Frame>) -> T + Sync),
    ) -> Vec<T> {
        let Some(cache) = cache else {
            return addrs.iter().map(|_| f(Vec::new())).collect();
        };
        let mut cache = lock(cache);
        addrs
            .iter()
            .map(|&a| f(self.frames(a, &mut cache)))
            .collect()
    }

    fn frames(&self, addr: u64, cache: &mut NameCache) -> Vec<Frame> {
        let mut frames = Vec::new();
        if let Some(units) = &self.units {
            self.dwarf_frames(units, addr, cache, &mut frames);
        }
        if self.options.symbols && frames.first().is_none_or(|f| f.function.is_none()) {
            if let Some(sym) = self.symbol(addr) {
                let function = Some(self.symbol_function(&sym, cache));
                match frames.first_mut() {
                    Some(f) => {
                        f.function = function;
                        // BFD asks the symbol table for a file too when the line
                        // table gave none: the symbol's `STT_FILE`.
                        if self.options.bfd_unit_errors {
                            if let Some(loc) = f.location.as_mut() {
                                if loc.file.as_deref().is_none_or(str::is_empty) {
                                    loc.file = sym.file.cloned();
                                }
                            }
                        }
                    }
                    None => {
                        let location = sym.file.map(|f| Location {
                            file: Some(f.clone()),
                            ..Location::default()
                        });
                        frames.push(Frame {
                            function,
                            location,
                            later: None,
                        });
                    }
                }
            }
        }
        frames
    }

    /// The DWARF frames at `addr`: from the first unit (of those whose ranges hold
    /// it) that has a function or a line row there.
    fn dwarf_frames(&self, units: &Units, addr: u64, cache: &mut NameCache, out: &mut Vec<Frame>) {
        if self.options.bfd_trie_misses && addr & 0xff == 0xff && units.bfd_trie(self).misses(addr)
        {
            return;
        }
        for u in units.candidates(addr) {
            let Some(entry) = units.units.get(u) else {
                continue;
            };
            let funcs = entry.funcs(&units.dwarf, self);
            let lines = entry.lines(&units.dwarf);
            // The unit the line table belongs to (the skeleton for split units).
            let primary = gimli::UnitRef::new(&units.dwarf, &entry.unit);
            if cache.hint.0 != u {
                cache.hint = (u, 0, 0);
            }
            let hit = funcs.find(addr, &mut cache.hint.2);
            let row = lines.find(addr, &mut cache.hint.1);
            if hit.is_none() && row.is_none() {
                continue;
            }
            let file_name = |cache: &mut NameCache, index: u64| -> Option<Arc<str>> {
                cache
                    .files
                    .entry((u, index))
                    .or_insert_with(|| lines.file(primary, index).map(|f| Arc::from(&*f)))
                    .clone()
            };
            let mut loc = row.map(|r| {
                let line = (r.line != 0).then_some(r.line);
                let file = if r.initial_file && self.options.bfd_dwarf5_file0 {
                    lines.file0(primary)
                } else {
                    None
                };
                Location {
                    file: file.or_else(|| file_name(cache, r.file)),
                    line,
                    column: line.map(|_| r.column),
                    discriminator: (r.discriminator != 0).then_some(r.discriminator),
                }
            });
            let Some(hit) = hit else {
                out.push(Frame {
                    function: None,
                    location: loc,
                    later: None,
                });
                return;
            };
            let (dwarf, unit) = match &funcs.dwo {
                Some((d, u)) => (&**d, u),
                None => (&*units.dwarf, &entry.unit),
            };
            let base = unit
                .header
                .offset()
                .as_debug_info_offset()
                .map_or(0, |o| o.0);
            // A name's string, read and demangled once per thread.
            let demangled = |by_str: &mut FxHashMap<_, _>, (r, linkage): (Reader, bool)| {
                let bytes = r.bytes();
                let skey = (bytes.as_ptr() as usize, bytes.len());
                if let Some(n) = by_str.get(&skey) {
                    return Some((Arc::clone(n), linkage));
                }
                let raw = r.to_string_lossy().ok()?.into_owned();
                // An empty name is none; for BFD it is still the function's (see
                // `LookupOptions::bfd_altlink`).
                if raw.is_empty() && !self.options.bfd_altlink {
                    return None;
                }
                let n = Arc::new(FunctionName::new(
                    raw,
                    self.options.demangle.as_ref(),
                    false,
                ));
                by_str.insert(skey, n.clone());
                Some((n, linkage))
            };
            let dwarf_id = std::ptr::from_ref(dwarf) as usize;
            let name = |cache: &mut NameCache, die: usize| -> Option<DwarfName> {
                let key = (dwarf_id, base.wrapping_add(die));
                if let Some(n) = cache.by_die.get(&key) {
                    return n.clone();
                }
                let n = units
                    .die_name(dwarf, unit, die, &cache.refs)
                    .and_then(|r| demangled(&mut cache.by_str, r));
                cache.by_die.insert(key, n.clone());
                n
            };
            let call_name = |cache: &mut NameCache, call: &crate::index::Inlined| {
                let Some(origin) = call.origin else {
                    return name(cache, call.die);
                };
                let key = (dwarf_id, origin.info_offset(base));
                if let Some(n) = cache.by_origin.get(&key) {
                    return n.clone();
                }
                let n = units
                    .origin_name(dwarf, unit, origin, &cache.refs)
                    .and_then(|r| demangled(&mut cache.by_str, r));
                cache.by_origin.insert(key, n.clone());
                n
            };
            // BFD names the innermost inlined call as it names a function (below):
            // without a linkage name in a language that mangles, the first lookup
            // gives the nearest symbol's name, later ones the name it then keeps. BFD
            // never reads a split unit's .dwo, whose language the skeleton does not
            // give: there the DWARF name stands, as in llvm-symbolizer.
            // For BFD (`bfd_altlink`) names say themselves whether they are linkage
            // names: by the language of the unit each was read in.
            let by_name = self.options.bfd_altlink;
            let linkage_lang = !by_name && (name_is_linkage(entry.lang) || funcs.dwo.is_some());
            for (k, call) in hit.inlined.iter().rev().enumerate() {
                let mut later = None;
                let function = match call_name(cache, call) {
                    Some((n, false)) if k == 0 && self.options.symbols && !linkage_lang => {
                        let found = self
                            .symbol(addr)
                            .map(|sym| (self.symbol_function(&sym, cache), sym.start));
                        let keeps = match &found {
                            Some((s, start)) if *start == call.bfd_low => s.clone(),
                            _ => n.clone(),
                        };
                        later = Some(LaterName {
                            function: (u, base.wrapping_add(call.die) as u64),
                            name: keeps,
                        });
                        Some(found.map_or(n, |f| f.0))
                    }
                    other => other.map(|n| n.0),
                };
                out.push(Frame {
                    function,
                    location: loc,
                    later,
                });
                loc = Some(Location {
                    file: call.call_file.and_then(|f| file_name(cache, f)),
                    line: (call.call_line != 0).then_some(call.call_line),
                    column: (call.call_column != 0).then_some(call.call_column),
                    discriminator: None,
                });
            }
            let mut later = None;
            let function = match hit.function.and_then(|die| name(cache, die)) {
                // BFD takes a function's name from the symbol table when DWARF gives
                // no linkage name and the language mangles (C++ functions with
                // internal linkage: `(anonymous namespace)::f(int)`, not `f`): for
                // the function holding the address, the nearest symbol below it; for
                // a function around inlined calls, the symbol starting where the
                // function does (BFD renames the function once it has looked it up).
                Some((n, false))
                    if self.options.symbols && (by_name || !name_is_linkage(entry.lang)) =>
                {
                    let probe = if hit.inlined.is_empty() {
                        addr
                    } else {
                        hit.function_low
                    };
                    let found = match self.symbol(probe) {
                        Some(sym) if hit.inlined.is_empty() || sym.start == probe => {
                            Some((self.symbol_function(&sym, cache), sym.start))
                        }
                        _ => None,
                    };
                    if hit.inlined.is_empty() {
                        let keeps = match &found {
                            Some((s, start)) if *start == hit.function_bfd_low => s.clone(),
                            _ => n.clone(),
                        };
                        later = hit.function.map(|die| LaterName {
                            function: (u, base.wrapping_add(die) as u64),
                            name: keeps,
                        });
                    }
                    Some(found.map_or(n, |f| f.0))
                }
                other => other.map(|n| n.0),
            };
            out.push(Frame {
                function,
                location: loc,
                later,
            });
            return;
        }
    }

    fn symbol_function(&self, sym: &SymbolHit<'_>, cache: &mut NameCache) -> Arc<FunctionName> {
        cache
            .by_sym
            .entry(sym.key)
            .or_insert_with(|| {
                Arc::new(FunctionName::new(
                    sym.name.to_owned(),
                    self.options.demangle.as_ref(),
                    true,
                ))
            })
            .clone()
    }

    /// The source location of `addr` (the innermost frame's).
    ///
    /// # Errors
    /// As for [`AddrLookup::find_frames`].
    pub fn find_location(&self, addr: u64) -> Result<Option<Location>> {
        Ok(self
            .find_frames(addr)?
            .into_iter()
            .next()
            .and_then(|f| f.location))
    }

    /// The symbol table name for `addr`: the innermost symbol whose range holds it,
    /// else (as BFD's `elf_find_function` does, e.g. for padding after a function)
    /// the nearest symbol starting before it.
    pub fn symbol_name(&self, addr: u64) -> Option<&str> {
        self.symbol(addr).map(|s| s.name)
    }

    /// The fallback symbol for `addr`, its start in the lookup's addresses.
    fn symbol(&self, addr: u64) -> Option<SymbolHit<'_>> {
        let source = self.symbols.source.as_deref()?;
        // The first allocated section holding the address (GNU addr2line tries the
        // sections in order), then the symbol in it starting nearest below.
        let holds = |&&(a, size, ..): &&AllocSection| addr >= a && addr - a < size;
        let &(at, _, section, sh_addr) = match &self.symbols.by_addr {
            Some(sorted) => {
                crate::index::find_range(sorted, true, &mut 0, addr, |&(a, size, ..)| {
                    (a, a.saturating_add(size))
                })
                .filter(|s| holds(s))?
            }
            None => self.symbols.sections.iter().find(holds)?,
        };
        // A relocatable object's section placed apart: its symbols move with it.
        let mut hit = source.function_at(section, (addr - at).wrapping_add(sh_addr))?;
        hit.start = hit.start.wrapping_sub(sh_addr).wrapping_add(at);
        Some(hit)
    }

    fn load_split_uncached(&self, load: &SplitLoad<'_>) -> Option<Arc<Dwarf>> {
        // A .dwp package beside the file first.
        let dwp = self.dwp.get_or_init(|| {
            let p = self.path.as_ref()?;
            let mut name = p.clone().into_os_string();
            name.push(".dwp");
            let data = SharedBytes::from(std::fs::read(PathBuf::from(name)).ok()?);
            let elf = ElfFile::parse(&data).ok()?;
            DebugSections::load_for_lookup(&elf, Some(&data))
                .ok()?
                .package()
                .ok()
        });
        if let Some(dwp) = dwp {
            match dwp.find_cu(load.dwo_id, load.parent) {
                Ok(Some(d)) => return Some(Arc::new(d)),
                Ok(None) => {}
                Err(e) => lock(&self.warnings).push(format!("dwp: {e}")),
            }
        }
        let name = load
            .path
            .as_ref()
            .and_then(|p| p.to_string_lossy().ok().map(|s| PathBuf::from(&*s)))?;
        let comp_dir = load
            .comp_dir
            .as_ref()
            .and_then(|p| p.to_string_lossy().ok().map(|s| PathBuf::from(&*s)));
        let mut candidates = Vec::new();
        if name.is_absolute() {
            candidates.push(name.clone());
        } else if let Some(c) = &comp_dir {
            candidates.push(c.join(&name));
        }
        if let Some(dir) = self.path.as_ref().and_then(|p| p.parent()) {
            candidates.push(dir.join(&name));
            if let Some(base) = name.file_name() {
                candidates.push(dir.join(base));
            }
        }
        for c in candidates {
            let Ok(data) = std::fs::read(&c).map(SharedBytes::from) else {
                continue;
            };
            let Ok(elf) = ElfFile::parse(&data) else {
                continue;
            };
            let Ok(secs) = DebugSections::load_for_lookup(&elf, Some(&data)) else {
                continue;
            };
            let Ok(mut d) = secs.dwarf(true) else {
                continue;
            };
            d.make_dwo(load.parent);
            if dwo_matches(&d, load.dwo_id) {
                return Some(Arc::new(d));
            }
            lock(&self.warnings).push(format!("{}: DWO id mismatch", c.display()));
        }
        None
    }
}

impl SplitLoader for AddrLookup {
    fn load(&self, load: &SplitLoad<'_>) -> Option<Arc<Dwarf>> {
        if !self.options.split_dwarf {
            return None;
        }
        let id = load.dwo_id.0;
        if let Some(d) = lock(&self.dwo).get(&id) {
            return d.clone();
        }
        let d = self.load_split_uncached(load);
        lock(&self.dwo).insert(id, d.clone());
        d
    }
}

/// Whether the first unit of a `.dwo` carries `id` (or carries no id at all).
fn dwo_matches(d: &Dwarf, id: gimli::DwoId) -> bool {
    let mut units = d.units();
    match units.next() {
        Ok(Some(h)) => match d.unit(h) {
            Ok(u) => u.dwo_id.is_none_or(|x| x == id),
            Err(_) => false,
        },
        _ => false,
    }
}

/// Finds and reads a separate debug file by build-id, then `.gnu_debuglink`.
fn find_separate(
    file: &ElfFile<'_>,
    path: Option<&Path>,
    options: &LookupOptions,
) -> Option<(PathBuf, Vec<u8>)> {
    if let Some(id) = libelf::read::find_build_id(file) {
        for p in debugfile::build_id_paths(id, &options.debug_dirs) {
            if let Ok(data) = read_file(&p) {
                return Some((p, data));
            }
        }
    }
    let (name, crc) = debugfile::debuglink(file)?;
    for p in debugfile::debuglink_paths(path, &name, &options.debug_dirs) {
        if path.is_some_and(|me| me == p) {
            continue;
        }
        if let Ok(data) = read_file(&p) {
            if debugfile::crc32(&data) == crc {
                return Some((p, data));
            }
        }
    }
    None
}

/// Finds and loads the `.gnu_debugaltlink` file of `file` as BFD 2.40 does (see
/// [`LookupOptions::bfd_altlink`]): the first candidate that exists, if it is ELF.
fn find_sup_bfd(file: &ElfFile<'_>, path: Option<&Path>, options: &LookupOptions) -> Option<Dwarf> {
    let (name, _) = debugfile::debugaltlink(file)?;
    let path = path?;
    let p = debugfile::bfd_altlink_paths(path, &name, &options.debug_dirs)
        .into_iter()
        .find(|p| p.is_file())?;
    let data = read_file(&p).map(SharedBytes::from).ok()?;
    let elf = ElfFile::parse(&data).ok()?;
    let s = DebugSections::load_for_lookup(&elf, Some(&data)).ok()?;
    s.dwarf(false).ok()
}

/// Finds and loads the supplementary file of `file`.
fn find_sup(file: &ElfFile<'_>, path: Option<&Path>, options: &LookupOptions) -> Option<Dwarf> {
    let (name, id) = match debugfile::debugaltlink(file) {
        Some((n, id)) => (n, Some(id)),
        None => (debugfile::debug_sup(file)?, None),
    };
    for p in debugfile::sup_paths(path, &name, id, &options.debug_dirs) {
        let Ok(data) = read_file(&p).map(SharedBytes::from) else {
            continue;
        };
        let Ok(elf) = ElfFile::parse(&data) else {
            continue;
        };
        let Ok(s) = DebugSections::load_for_lookup(&elf, Some(&data)) else {
            continue;
        };
        if let Ok(d) = s.dwarf(false) {
            return Some(d);
        }
    }
    None
}

/// Whether `file` has a section called `name`.
fn has_section(file: &ElfFile<'_>, name: &[u8]) -> bool {
    file.sections()
        .is_ok_and(|mut s| s.any(|s| s.name_bytes().is_ok_and(|n| n == name)))
}

/// The allocated sections the symbol table fallback looks addresses up in: each
/// at its address in the lookup (a relocatable object's placed apart, see
/// [`crate::place`]).
fn alloc_sections(file: &ElfFile<'_>) -> Symbols {
    let mut out = Symbols::default();
    let placed = crate::place::section_addresses(file);
    if let Ok(secs) = file.sections() {
        for s in secs {
            let h = s.header();
            if h.sh_flags & u64::from(libelf::consts::SHF_ALLOC) != 0 && h.sh_size != 0 {
                let i = s.index().0;
                let at = placed.get(i as usize).copied().unwrap_or(h.sh_addr);
                out.sections.push((at, h.sh_size, i, h.sh_addr));
            }
        }
    }
    let mut sorted = out.sections.clone();
    sorted.sort_by_key(|s| s.0);
    let disjoint = sorted
        .windows(2)
        .all(|w| matches!(w, [a, b] if a.0.saturating_add(a.1) <= b.0));
    out.by_addr = disjoint.then_some(sorted);
    out
}

/// BFD's `mangle_style (lang) == 0`: languages whose `DW_AT_name` is already the
/// linkage name (C, Fortran 77, Pascal, COBOL, PL/I, UPC, MIPS assembler, HP
/// languages). For any other (C++, Rust, Ada, D, newer codes, unknown) BFD prefers
/// the symbol table's name over a plain `DW_AT_name`.
pub(crate) fn name_is_linkage(lang: Option<gimli::DwLang>) -> bool {
    matches!(
        lang,
        Some(
            gimli::DW_LANG_C89
                | gimli::DW_LANG_C
                | gimli::DW_LANG_Cobol74
                | gimli::DW_LANG_Cobol85
                | gimli::DW_LANG_Fortran77
                | gimli::DW_LANG_Pascal83
                | gimli::DW_LANG_PLI
                | gimli::DW_LANG_C99
                | gimli::DW_LANG_UPC
                | gimli::DW_LANG_C11
                | gimli::DW_LANG_Mips_Assembler
                // GNU's DW_LANG_Upc and the HP Basic91, IMacro and assembler codes.
                | gimli::DwLang(0x8765 | 0x8004 | 0x8006 | 0x8007)
        )
    )
}
