//! Address → source frames.

use std::cell::{OnceCell, RefCell};
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use addr2line::{LookupContinuation, LookupResult, SplitDwarfLoad};
use gimli::Reader as _;
use libelf::ElfFile;

use crate::debugfile;
use crate::lines::{LineCache, RowInfo};
use crate::load::DebugSections;
use crate::{Error, Reader, Result};

type Dwarf = gimli::Dwarf<Reader>;

/// How [`AddrLookup`] finds debug information. Build with [`LookupOptions::default`]
/// and the setters.
#[derive(Debug, Clone)]
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
    /// Fall back to symbol table names when DWARF names no function.
    pub symbols: bool,
    /// Demangling options for [`FunctionName::demangled`].
    pub demangle: libdemangle::Options,
    /// Name files as BFD 2.40 does for DWARF 5 line tables: rows before a sequence's
    /// first `DW_LNS_set_file` get file entry 0 instead of DWARF's default entry 1. Off by
    /// default: DWARF says entry 1 (this is one of GNU addr2line's known DWARF 5 misses).
    pub bfd_dwarf5_file0: bool,
}

impl Default for LookupOptions {
    fn default() -> Self {
        LookupOptions {
            debug_dirs: vec![PathBuf::from("/usr/lib/debug")],
            separate_debug: true,
            supplementary: true,
            split_dwarf: true,
            symbols: true,
            demangle: libdemangle::Options::default(),
            bfd_dwarf5_file0: false,
        }
    }
}

impl LookupOptions {
    /// Adds a debug directory searched after the ones already set.
    #[must_use]
    pub fn debug_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.debug_dirs.push(dir.into());
        self
    }

    /// Replaces the debug directories.
    #[must_use]
    pub fn debug_dirs(mut self, dirs: Vec<PathBuf>) -> Self {
        self.debug_dirs = dirs;
        self
    }

    /// Whether to search for separate debug files (build-id, debuglink).
    #[must_use]
    pub fn separate_debug(mut self, yes: bool) -> Self {
        self.separate_debug = yes;
        self
    }

    /// Whether to load split DWARF (`.dwo`, `.dwp`).
    #[must_use]
    pub fn split_dwarf(mut self, yes: bool) -> Self {
        self.split_dwarf = yes;
        self
    }

    /// Whether to fall back to symbol names.
    #[must_use]
    pub fn symbols(mut self, yes: bool) -> Self {
        self.symbols = yes;
        self
    }
}

/// A function's name in a [`Frame`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct FunctionName {
    /// The name as stored: the linkage (mangled) name if there is one.
    pub raw: String,
    /// The demangled name, if `raw` is a mangled name libdemangle understands.
    pub demangled: Option<String>,
    /// Whether the name came from the symbol table rather than DWARF.
    pub from_symbols: bool,
}

impl FunctionName {
    fn new(raw: String, opts: &libdemangle::Options, from_symbols: bool) -> Self {
        let demangled = libdemangle::demangle(&raw, opts);
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
    pub file: Option<String>,
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
    /// The function, if known.
    pub function: Option<FunctionName>,
    /// Where in the source: the line table's row for the innermost frame, the call
    /// site for the frames around it.
    pub location: Option<Location>,
}

#[derive(Debug)]
struct SymEntry {
    start: u64,
    end: u64,
    name: String,
    file: Option<Arc<str>>,
}

/// Address → frames for one ELF file, with its separate debug files and split units.
///
/// Units, line tables and function tables are parsed on first use and cached (by
/// the `addr2line` crate's lazy `Context`, and our own line index for
/// discriminators). Split units are loaded when an address first falls in them.
pub struct AddrLookup {
    ctx: Option<addr2line::Context<Reader>>,
    symbols: Vec<SymEntry>,
    options: LookupOptions,
    path: Option<PathBuf>,
    dwp: OnceCell<Option<gimli::DwarfPackage<Reader>>>,
    dwo: RefCell<HashMap<u64, Option<Arc<Dwarf>>>>,
    lines: LineCache,
    /// DWARF function names by where their bytes live, demangled once.
    names: RefCell<HashMap<(usize, usize), Option<FunctionName>>>,
    debug_file: Option<PathBuf>,
    warnings: RefCell<Vec<String>>,
}

impl std::fmt::Debug for AddrLookup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AddrLookup")
            .field("has_dwarf", &self.ctx.is_some())
            .field("symbols", &self.symbols.len())
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

impl AddrLookup {
    /// A lookup over `file` with default options. `path`, if given, is where the
    /// file lives: separate debug files, `.dwo` files and the `.dwp` package are
    /// searched relative to it.
    ///
    /// # Errors
    /// If the section headers cannot be read, or gimli rejects the unit index.
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
        let mut sections = DebugSections::load_for_lookup(file)?;
        let mut debug_file = None;
        let mut sup_source: Option<(Option<PathBuf>, Vec<u8>)> = None;
        if !sections.has_info() && options.separate_debug {
            if let Some((p, data)) = find_separate(file, path, &options) {
                if let Ok(elf) = ElfFile::parse(&data) {
                    if let Ok(s) = DebugSections::load_for_lookup(&elf) {
                        if s.has_info() {
                            sections = s;
                            debug_file = Some(p.clone());
                            sup_source = Some((Some(p), data.clone()));
                        }
                    }
                }
            }
        }
        let mut dwarf = sections.dwarf(false)?;
        if options.supplementary {
            let sup = match &sup_source {
                Some((p, data)) => ElfFile::parse(data)
                    .ok()
                    .and_then(|e| find_sup(&e, p.as_deref(), &options)),
                None => find_sup(file, path, &options),
            };
            if let Some(sup) = sup {
                dwarf.sup = Some(Arc::new(sup));
            }
        }
        let ctx = if sections.has_info() || sections.get(".debug_line").is_some() {
            Some(addr2line::Context::from_dwarf(dwarf)?)
        } else {
            None
        };
        let symbols = if options.symbols {
            collect_symbols(file)
        } else {
            Vec::new()
        };
        Ok(AddrLookup {
            ctx,
            symbols,
            options,
            path: path.map(Path::to_path_buf),
            dwp: OnceCell::new(),
            dwo: RefCell::new(HashMap::new()),
            lines: LineCache::default(),
            names: RefCell::new(HashMap::new()),
            debug_file,
            warnings: RefCell::new(Vec::new()),
        })
    }

    /// A lookup over bare DWARF (no ELF file: no symbol fallback, no separate files).
    ///
    /// # Errors
    /// gimli's, if the unit index cannot be read.
    pub fn from_dwarf(dwarf: Dwarf) -> Result<Self> {
        Ok(AddrLookup {
            ctx: Some(addr2line::Context::from_dwarf(dwarf)?),
            symbols: Vec::new(),
            options: LookupOptions::default(),
            path: None,
            dwp: OnceCell::new(),
            dwo: RefCell::new(HashMap::new()),
            lines: LineCache::default(),
            names: RefCell::new(HashMap::new()),
            debug_file: None,
            warnings: RefCell::new(Vec::new()),
        })
    }

    /// Whether any DWARF was found (in the file or a separate debug file).
    pub fn has_dwarf(&self) -> bool {
        self.ctx.is_some()
    }

    /// The separate debug file used, if any.
    pub fn debug_file(&self) -> Option<&Path> {
        self.debug_file.as_deref()
    }

    /// Problems met so far that did not stop a lookup (unreadable `.dwo`, …).
    pub fn warnings(&self) -> Vec<String> {
        self.warnings.borrow().clone()
    }

    /// The frames at `addr`, innermost inline frame first. Empty if nothing is known.
    ///
    /// When DWARF has no function for `addr`, the innermost frame's function comes
    /// from the symbol table (if [`LookupOptions::symbols`]).
    ///
    /// # Errors
    /// gimli's, for malformed DWARF met on the way.
    pub fn find_frames(&self, addr: u64) -> Result<Vec<Frame>> {
        let mut frames = Vec::new();
        // addr2line computes `probe + 1`, which overflows (a panic in debug builds)
        // at u64::MAX; no DWARF range can hold that address anyway.
        if let Some(ctx) = self.ctx.as_ref().filter(|_| addr != u64::MAX) {
            let mut r = ctx.find_frames(addr);
            let mut iter = loop {
                match r {
                    LookupResult::Output(x) => break x?,
                    LookupResult::Load { load, continuation } => {
                        let d = self.load_split(&load);
                        r = continuation.resume(d);
                    }
                }
            };
            // addr2line bounds the inline depth by the DIE tree; bound it anyway.
            for _ in 0..4096 {
                let Some(f) = iter.next()? else { break };
                let function = match f.function {
                    Some(n) => self.dwarf_name(&n)?,
                    None => None,
                };
                let location = f.location.map(|l| Location {
                    file: l.file.map(str::to_owned),
                    line: l.line.filter(|&n| n != 0),
                    column: l.column,
                    discriminator: None,
                });
                frames.push(Frame { function, location });
            }
            if let Some(first) = frames.first_mut() {
                if let Some(loc) = first.location.as_mut() {
                    let row = self.row_info(ctx, addr);
                    loc.discriminator = row.discriminator;
                    if let Some(f) = row.gnu_file.filter(|_| self.options.bfd_dwarf5_file0) {
                        loc.file = Some(f.to_string());
                    }
                }
            }
        }
        if self.options.symbols {
            let need = frames.first().is_none_or(|f| f.function.is_none());
            if need {
                if let Some(sym) = self.symbol(addr) {
                    let function = Some(FunctionName::new(
                        sym.name.clone(),
                        &self.options.demangle,
                        true,
                    ));
                    match frames.first_mut() {
                        Some(f) => f.function = function,
                        None => {
                            let location = sym.file.as_ref().map(|f| Location {
                                file: Some(f.to_string()),
                                ..Location::default()
                            });
                            frames.push(Frame { function, location });
                        }
                    }
                }
            }
        }
        Ok(frames)
    }

    /// [`AddrLookup::find_frames`] for many addresses, answered in the caller's order.
    /// The addresses are visited in sorted order so each unit is parsed once and
    /// neighbouring lookups share caches.
    pub fn find_frames_batch(&self, addrs: &[u64]) -> Vec<Result<Vec<Frame>>> {
        let mut order: Vec<usize> = (0..addrs.len()).collect();
        order.sort_by_key(|&i| addrs.get(i).copied().unwrap_or(0));
        let mut out: Vec<Option<Result<Vec<Frame>>>> = (0..addrs.len()).map(|_| None).collect();
        // The slot answering the previous (sorted) address, reused for repeats.
        let mut last: Option<(u64, usize)> = None;
        for i in order {
            let Some(&a) = addrs.get(i) else { continue };
            let r = match last {
                Some((la, j)) if la == a => match out.get(j) {
                    Some(Some(Ok(f))) => Ok(f.clone()),
                    _ => self.find_frames(a),
                },
                _ => self.find_frames(a),
            };
            if r.is_ok() {
                last = Some((a, i));
            }
            if let Some(slot) = out.get_mut(i) {
                *slot = Some(r);
            }
        }
        out.into_iter()
            .map(|r| r.unwrap_or_else(|| Ok(Vec::new())))
            .collect()
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
        self.symbol(addr).map(|s| s.name.as_str())
    }

    fn symbol(&self, addr: u64) -> Option<&SymEntry> {
        let i = self.symbols.partition_point(|s| s.start <= addr);
        let before = self.symbols.get(..i)?;
        // Ranges rarely nest deeply; bound the backwards walk.
        before
            .iter()
            .rev()
            .take(64)
            .find(|s| addr < s.end)
            .or_else(|| before.last())
    }

    /// The name of a DWARF function, converted and demangled on first sight only.
    fn dwarf_name(&self, n: &addr2line::FunctionName<Reader>) -> Result<Option<FunctionName>> {
        let bytes = n.name.bytes();
        let key = (bytes.as_ptr() as usize, bytes.len());
        if let Some(f) = self.names.borrow().get(&key) {
            return Ok(f.clone());
        }
        let raw = n.raw_name()?.into_owned();
        let f = (!raw.is_empty()).then(|| FunctionName::new(raw, &self.options.demangle, false));
        self.names.borrow_mut().insert(key, f.clone());
        Ok(f)
    }

    fn row_info(&self, ctx: &addr2line::Context<Reader>, addr: u64) -> RowInfo {
        let mut r = ctx.find_dwarf_and_unit(addr);
        // Split units have been loaded by find_frames already; do not load again.
        let unit = loop {
            match r {
                LookupResult::Output(x) => break x,
                LookupResult::Load { continuation, .. } => r = continuation.resume(None),
            }
        };
        unit.map_or_else(RowInfo::default, |u| self.lines.row(u, addr))
    }

    fn load_split(&self, load: &SplitDwarfLoad<Reader>) -> Option<Arc<Dwarf>> {
        if !self.options.split_dwarf {
            return None;
        }
        let id = load.dwo_id.0;
        if let Some(d) = self.dwo.borrow().get(&id) {
            return d.clone();
        }
        let d = self.load_split_uncached(load);
        self.dwo.borrow_mut().insert(id, d.clone());
        d
    }

    fn load_split_uncached(&self, load: &SplitDwarfLoad<Reader>) -> Option<Arc<Dwarf>> {
        // A .dwp package beside the file first.
        let dwp = self.dwp.get_or_init(|| {
            let p = self.path.as_ref()?;
            let mut name = p.clone().into_os_string();
            name.push(".dwp");
            let data = std::fs::read(PathBuf::from(name)).ok()?;
            let elf = ElfFile::parse(&data).ok()?;
            DebugSections::load_for_lookup(&elf).ok()?.package().ok()
        });
        if let Some(dwp) = dwp {
            match dwp.find_cu(load.dwo_id, &load.parent) {
                Ok(Some(d)) => return Some(Arc::new(d)),
                Ok(None) => {}
                Err(e) => self.warnings.borrow_mut().push(format!("dwp: {e}")),
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
            let Ok(data) = std::fs::read(&c) else {
                continue;
            };
            let Ok(elf) = ElfFile::parse(&data) else {
                continue;
            };
            let Ok(secs) = DebugSections::load_for_lookup(&elf) else {
                continue;
            };
            let Ok(mut d) = secs.dwarf(true) else {
                continue;
            };
            d.make_dwo(&load.parent);
            if dwo_matches(&d, load.dwo_id) {
                return Some(Arc::new(d));
            }
            self.warnings
                .borrow_mut()
                .push(format!("{}: DWO id mismatch", c.display()));
        }
        None
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

/// Finds and loads the supplementary file of `file`.
fn find_sup(file: &ElfFile<'_>, path: Option<&Path>, options: &LookupOptions) -> Option<Dwarf> {
    let (name, id) = match debugfile::debugaltlink(file) {
        Some((n, id)) => (n, Some(id)),
        None => (debugfile::debug_sup(file)?, None),
    };
    for p in debugfile::sup_paths(path, &name, id, &options.debug_dirs) {
        let Ok(data) = read_file(&p) else { continue };
        let Ok(elf) = ElfFile::parse(&data) else {
            continue;
        };
        let Ok(s) = DebugSections::load_for_lookup(&elf) else {
            continue;
        };
        if let Ok(d) = s.dwarf(false) {
            return Some(d);
        }
    }
    None
}

fn collect_symbols(file: &ElfFile<'_>) -> Vec<SymEntry> {
    let Ok(st) = libsymtab::Symtab::parse(file) else {
        return Vec::new();
    };
    // The file name BFD's elf_find_function reports with a symbol: the last
    // STT_FILE before it, for a local symbol or while no symbol has followed that
    // STT_FILE (GNU's file_after_symbol_seen state).
    let mut files: Vec<Option<Arc<str>>> = Vec::new();
    let table = st.symtab().or(st.dynsym());
    if let Some(t) = table {
        let mut cur: Option<Arc<str>> = None;
        let mut seen_symbol = false;
        let mut file_after_symbol = false;
        for sym in t.iter() {
            if sym.st_type() == libelf::consts::STT_FILE {
                cur = Some(Arc::from(&*sym.name()));
                if seen_symbol {
                    file_after_symbol = true;
                }
                files.push(None);
                continue;
            }
            seen_symbol = true;
            files.push(if sym.is_local() || !file_after_symbol {
                cur.clone()
            } else {
                None
            });
        }
    }
    let source = table.map(libsymtab::SymbolTableView::source);
    let mut v: Vec<SymEntry> = st
        .ranges()
        .filter(|r| r.preferred && r.space == 0)
        .map(|r| {
            let file = if Some(r.symbol.source) == source {
                files.get(r.symbol.index.0 as usize).cloned().flatten()
            } else {
                None
            };
            SymEntry {
                start: r.start,
                end: r.end,
                name: r.symbol.name().into_owned(),
                file,
            }
        })
        .collect();
    v.sort_by_key(|s| s.start);
    v
}
