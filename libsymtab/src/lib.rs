//! Symbol tables as a service for readelf, objdump and the symbolizer.
//!
//! [`Symtab::parse`] finds an ELF file's symbol tables and hands out:
//!
//! - **Views** ([`SymbolTableView`]) of `.symtab` and `.dynsym`: every entry with its
//!   raw [`Sym`](libelf::read::Sym), name bytes borrowed from the file, section index
//!   (`SHN_XINDEX` resolved through `SHT_SYMTAB_SHNDX`), version for `.dynsym`, and
//!   the name column GNU readelf prints ([`Symbol::readelf_name`]: `name@@VER`,
//!   `name@VER`, `name@VER (n)`).
//! - **Synthetic PLT entries** ([`Symtab::plt`]): `puts@plt` at the addresses
//!   `objdump -d` labels them, for x86-64, i386, AArch64, ARM, RISC-V and S/390.
//! - **Address lookup** ([`Symtab::find_symbol`]): the symbol covering an address
//!   and the offset into it, from an index sorted by address and built on first use.
//!   [`Symtab::find_symbols_sorted`] answers a sorted batch the same way; a batch small
//!   next to the table gets an index of only the entries that can answer it.
//! - **Name lookup** ([`Symtab::by_name`]): a hash map built on first use.
//! - **addr2line's function symbols** ([`FunctionSymbols`]): the symbols BFD names an
//!   address from when DWARF has no answer, by section, owned and shareable (the
//!   symbol table fallback of `libdwarf::AddrLookup`).
//!
//! [`DynamicSymbols`] is the `readelf -D` path: the dynamic symbol table found through
//! the dynamic section (`DT_SYMTAB`, counted with the hash tables). [`Symtab::parse`]
//! falls back to it for a file with no symbol table section (section headers stripped),
//! so such a file still symbolizes through its dynamic symbols.
//!
//! # The address index
//!
//! It holds the symbols of `.symtab` (or `.dynsym` if there is no `.symtab` with
//! symbols, as objdump does; or those `DT_SYMTAB` points at, without either) and the synthetic PLT entries, except: symbols with no
//! name; undefined, common or absolute symbols and other reserved section indexes;
//! `STT_TLS` symbols of linked files (their values are offsets into the TLS
//! template, not addresses); `STT_FILE` and `STT_SECTION` symbols (but section
//! symbols of `.plt*` and `.got*` sections are kept, named after their section, as
//! objdump keeps them); symbols in sections that take no memory (not `SHF_ALLOC`, in
//! a linked file); and the target's special symbols objdump ignores (ARM and AArch64
//! mapping symbols `$a`, `$t`, `$d`, `$x`…; RISC-V `$x`, `$d` and the assembler's
//! `.L0 ` labels).
//!
//! A symbol covers `[addr, addr + st_size)`. A symbol of size 0 covers up to the next
//! indexed symbol with a greater address or the end of its section, whichever comes
//! first, and always at least its own address. When ranges nest (a function holding a
//! sized local label), the innermost range holding the address wins: the one that
//! starts last.
//!
//! At one address, the symbol chosen is the one `objdump -d` would label it with,
//! following `compare_symbols` in GNU objdump 2.40: first a symbol whose own section
//! holds the address, then not a `gnu_compiled`/`gcc2_compiled` marker, not a file
//! name (`STT_FILE`, or a name ending in `.o`/`.a`), not a section symbol, then
//! `STT_FUNC` before others, `STT_OBJECT` before others, non-local before local,
//! `STB_GLOBAL` before weak, larger `st_size` first, names not starting with `.`
//! first, by name (byte order), and finally the first in table order (synthetic PLT
//! entries after table symbols). So a global function beats a local function at the
//! same address, and a function beats an object.
//!
//! In a relocatable file every section starts at its own 0, so lookups there go
//! through [`Symtab::find_symbol_in_section`].
//!
//! # Example: reading symbols with versions
//!
//! ```
//! use libelf::ElfFile;
//! use libsymtab::Symtab;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // A shared library defining `fib` in two versions (see tests/data/README.md).
//! let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data");
//! let data = std::fs::read(format!("{dir}/x86_64.so"))?;
//! let file = ElfFile::parse(&data)?;
//! let symtab = Symtab::parse(&file)?;
//!
//! // Each dynamic symbol with its version: `@@` marks the default one a new link
//! // binds to, `@` an older (hidden) one kept for programs linked against it.
//! let dynsym = symtab.dynsym().ok_or("no .dynsym")?;
//! let mut defined = Vec::new();
//! for sym in dynsym.iter().filter(|s| s.st_type() == libelf::consts::STT_FUNC) {
//!     let version = sym.version.as_ref().ok_or("no version")?;
//!     let name = String::from_utf8_lossy(version.name.unwrap_or(b"<corrupt>"));
//!     defined.push(format!("{}{}{name} at {:#x}", sym.name(), version.separator(), sym.addr));
//! }
//! assert_eq!(
//!     defined,
//!     [
//!         "fib_sum@@LIBHELLO_2.0 at 0x3c2",
//!         "fib@LIBHELLO_1.0 at 0x3a0",
//!         "fib@@LIBHELLO_2.0 at 0x3a3",
//!     ]
//! );
//! // The column `readelf --dyn-syms` prints, and the label `objdump -d` prints.
//! let fib = dynsym.iter().find(|s| s.addr == 0x3a0).ok_or("no fib")?;
//! assert_eq!(&*fib.readelf_name(), b"fib@LIBHELLO_1.0");
//! assert_eq!(symtab.objdump_name(fib), "fib@LIBHELLO_1.0");
//!
//! // A program needs its versions from other objects: `name@VER (n)`, where n is the
//! // version's index.
//! let data = std::fs::read(format!("{dir}/x86_64-dyn"))?;
//! let file = ElfFile::parse(&data)?;
//! let symtab = Symtab::parse(&file)?;
//! let dynsym = symtab.dynsym().ok_or("no .dynsym")?;
//! let printf = dynsym.iter().find(|s| s.name_bytes() == Some(b"printf")).ok_or("no printf")?;
//! assert_eq!(printf.version.and_then(|v| v.needed), Some(3));
//! assert_eq!(&*printf.readelf_name(), b"printf@GLIBC_2.2.5 (3)");
//!
//! // By address: objdump -d names the PLT entry for printf at 0x5d0.
//! let (sym, offset) = symtab.find_symbol(0x5d4).ok_or("no symbol")?;
//! assert_eq!((sym.display_name().as_ref(), offset), ("printf@plt", 4));
//!
//! // By name, and addresses inside main.
//! let main = symtab.by_name(b"main").ok_or("no main")?;
//! let (found, offset) = symtab.find_symbol(main.addr + 1).ok_or("no symbol")?;
//! assert_eq!((found.name().as_ref(), offset), ("main", 1));
//! # Ok(())
//! # }
//! ```
//!
//! # Modules
//!
//! - `table`: [`SymbolTableView`], entries decoded on first use (all at once, or in
//!   blocks for single lookups); a raw scan for the address index.
//! - `symbol`: [`Symbol`] and its names.
//! - `dynamic`: [`DynamicSymbols`], the `readelf -D` path.
//! - `plt`: synthetic PLT entries, after BFD's `get_synthetic_symtab`.
//! - `addr`: the address index, objdump's preference order, and the reduction of the
//!   index to the entries a batch of lookups needs.
//! - `batch`: [`Symtab::find_symbols_sorted`].
//! - `names`: the name index.
//! - `functions`: [`FunctionSymbols`], BFD's `_bfd_elf_find_function` view.
//!
//! # Cargo features
//!
//! - `demangle` (default): demangled names through libdemangle
//!   ([`Symbol::demangled`], [`SymbolTableView::demangled`]).

#![forbid(unsafe_code)]

mod addr;
mod batch;
mod dynamic;
mod error;
mod file;
mod functions;
mod names;
mod plt;
mod symbol;
mod table;

use std::sync::Arc;
use std::sync::OnceLock;

use libelf::consts::{
    EM_AARCH64, EM_ARM, EM_RISCV, SHT_DYNSYM, SHT_SYMTAB, STB_GLOBAL, STB_LOCAL, STT_COMMON,
    STT_FILE, STT_FUNC, STT_OBJECT, STT_SECTION, STT_TLS,
};
use libelf::read::{SectionIndex, SymbolIndex, SymbolTable, SymbolVersions, VER_FLG_BASE};
use libelf::ElfFile;

use addr::{Item, RangeIndex, Rank};
use file::FileInfo;
use names::{NameIndex, SymRef, PLT};

pub use dynamic::{DynamicSymbols, SymbolCount};
pub use error::{Error, Result};
pub use functions::{FunctionSymbol, FunctionSymbols};
#[cfg(feature = "demangle")]
pub use symbol::demangle_name;
pub use symbol::{PltInfo, Source, Symbol, CORRUPT};
pub use table::SymbolTableView;

/// The symbol tables of one ELF file, with lazily built address and name indexes.
///
/// Borrows only the file's bytes, so it can outlive the [`ElfFile`] it was parsed
/// from. Indexes are built on first use and cached (in `OnceLock`s), so one `Symtab`
/// is `Sync`: threads can share it, and the first to need an index builds it.
#[derive(Debug)]
pub struct Symtab<'data> {
    info: Arc<FileInfo<'data>>,
    tables: Vec<SymbolTableView<'data>>,
    warnings: Vec<Error>,
    plt: OnceLock<Vec<Symbol<'data>>>,
    by_addr: OnceLock<RangeIndex<SymRef>>,
    by_name: OnceLock<NameIndex<'data>>,
}

/// A candidate for the address index: its item, and for a table entry (not a PLT
/// entry) the entry, whose name decides whether it is wanted.
#[derive(Debug, Clone, Copy)]
struct Candidate {
    item: Item<SymRef>,
    entry: Option<(libelf::read::Sym, Option<u32>)>,
}

/// One range of the address index: a symbol and the addresses it covers.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub struct AddrRange<'a, 'data> {
    /// The section index in a relocatable file (its address space), else 0.
    pub space: u32,
    /// First address covered.
    pub start: u64,
    /// One past the last address covered (the symbol's size, or the inferred one).
    pub end: u64,
    /// Whether this is the symbol lookups at `start` return (the preferred one among
    /// symbols at that address).
    pub preferred: bool,
    /// The symbol.
    pub symbol: &'a Symbol<'data>,
}

impl<'data> Symtab<'data> {
    /// Find the `SHT_SYMTAB` and `SHT_DYNSYM` sections of `file`. Nothing is decoded
    /// yet beyond the section headers and the version definitions and needs.
    ///
    /// A file with no symbol table section (its section headers stripped, say) gets the
    /// dynamic symbols its dynamic section points at, as `readelf -D` finds them
    /// ([`DynamicSymbols::from_dynamic`], [`Source::Dynamic`]), when it has them.
    ///
    /// A symbol table whose bytes cannot be read is left out, with an
    /// [`Error::Table`] in [`Symtab::warnings`], as is a dynamic symbol table that
    /// cannot be read.
    ///
    /// # Errors
    /// [`Error::Elf`] if the section header table cannot be read.
    pub fn parse(file: &ElfFile<'data>) -> Result<Self> {
        let sections = file.sections()?;
        let info = Arc::new(FileInfo::new(file));
        let mut versions: Option<Option<SymbolVersions<'data>>> = None;
        let mut tables = Vec::new();
        let mut warnings = Vec::new();
        for section in sections {
            let (source, t) = match section.header().sh_type {
                SHT_SYMTAB => (Source::Symtab, SHT_SYMTAB),
                SHT_DYNSYM => (Source::Dynsym, SHT_DYNSYM),
                _ => continue,
            };
            let raw = match SymbolTable::parse(&section) {
                Ok(raw) => raw,
                Err(source) => {
                    warnings.push(Error::Table {
                        section: section.index().0,
                        source,
                    });
                    continue;
                }
            };
            let v = (t == SHT_DYNSYM)
                .then(|| {
                    versions
                        .get_or_insert_with(|| SymbolVersions::parse(file).ok())
                        .clone()
                })
                .flatten();
            tables.push(SymbolTableView::new(
                info.clone(),
                source,
                Some(section.index()),
                table::Raw::section(raw, &section),
                v,
            ));
        }
        if tables.is_empty() && warnings.is_empty() {
            match DynamicSymbols::locate(info.clone()) {
                Ok(Some(dynamic)) => tables.push(dynamic.table),
                Ok(None) => {}
                Err(e) => warnings.push(e),
            }
        }
        Ok(Self {
            info,
            tables,
            warnings,
            plt: OnceLock::new(),
            by_addr: OnceLock::new(),
            by_name: OnceLock::new(),
        })
    }

    /// Problems met while parsing that left a table out.
    pub fn warnings(&self) -> &[Error] {
        &self.warnings
    }

    /// Every symbol table section, in section order.
    pub fn tables(&self) -> &[SymbolTableView<'data>] {
        &self.tables
    }

    /// The first `SHT_SYMTAB` table.
    pub fn symtab(&self) -> Option<&SymbolTableView<'data>> {
        self.tables.iter().find(|t| t.source() == Source::Symtab)
    }

    /// The first `SHT_DYNSYM` table, or in a file without symbol table sections the
    /// table `DT_SYMTAB` points at.
    pub fn dynsym(&self) -> Option<&SymbolTableView<'data>> {
        self.tables
            .iter()
            .find(|t| matches!(t.source(), Source::Dynsym | Source::Dynamic))
    }

    /// `e_machine` of the file.
    pub fn machine(&self) -> u16 {
        self.info.machine()
    }

    /// Whether the file is relocatable (`ET_REL`).
    pub fn is_relocatable(&self) -> bool {
        self.info.is_rel()
    }

    /// The synthetic PLT entries (`puts@plt`), computed on first use; empty for
    /// machines without support or files without a PLT.
    pub fn plt(&self) -> &[Symbol<'data>] {
        self.plt
            .get_or_init(|| plt::synthesize(&self.info, self.dynsym()))
    }

    /// The x86-64 PLT entries as Linux perf 6.1 names them: relocation `i` of
    /// `.rela.plt` names the `.plt` entry at `.plt + 16 + 16 i` (the PLT is not decoded;
    /// an `IRELATIVE` relocation gives an entry whose [`PltInfo::target`] is 0). Empty for
    /// other machines and files without those sections. Computed on each call.
    pub fn plt_by_reloc_index(&self) -> Vec<Symbol<'data>> {
        plt::by_reloc_index(&self.info, self.dynsym())
    }

    /// The symbol `r` refers to.
    fn symbol(&self, r: SymRef) -> Option<&Symbol<'data>> {
        if r.table == PLT {
            return self.plt().get(r.index as usize);
        }
        self.tables
            .get(usize::from(r.table))?
            .get(SymbolIndex(r.index))
    }

    /// The table the address index draws from: `.symtab` if it has symbols, else
    /// `.dynsym` (objdump's choice), else the dynamic symbols of a file without either.
    fn addr_source(&self) -> Option<(usize, &SymbolTableView<'data>)> {
        let pick = |s: Source| {
            self.tables
                .iter()
                .enumerate()
                .find(|(_, t)| t.source() == s && t.len() > 1)
        };
        pick(Source::Symtab)
            .or_else(|| pick(Source::Dynsym))
            .or_else(|| pick(Source::Dynamic))
    }

    /// The address index, built on first use. The table's entries are read raw; only
    /// those whose filtering needs their name (section and file symbols, and the
    /// targets with special symbols) and those sharing an address with another are
    /// decoded.
    fn addr_index(&self) -> &RangeIndex<SymRef> {
        self.by_addr.get_or_init(|| {
            let n = self.addr_source().map_or(0, |(_, v)| v.len());
            let mut items = Vec::with_capacity(n.saturating_add(self.plt().len()));
            self.each_table_candidate(|c| {
                if self.candidate_wanted(&c) {
                    items.push(c.item);
                }
            });
            items.extend(self.plt_candidates().map(|c| c.item));
            self.sort_items(&mut items);
            RangeIndex::from_sorted(&items)
        })
    }

    /// Each candidate for the address index from the symbol table, in table order: the
    /// item of each symbol defined in a section that takes memory, before its name is
    /// looked at ([`Symtab::candidate_wanted`]). (A plain loop: a batch runs it over
    /// every entry.)
    fn each_table_candidate(&self, mut f: impl FnMut(Candidate)) {
        let Some((t, view)) = self.addr_source() else {
            return;
        };
        for i in 0..view.len() {
            // As `iter()`: an entry that cannot be read ends the table.
            let Some((sym, shndx)) = view.entry(i) else {
                break;
            };
            let r = SymRef {
                table: t as u16,
                index: i as u32,
            };
            let addr = table::symbol_addr(&self.info, &sym, shndx);
            if let Some(item) = self.item(&sym, shndx, addr, false, r) {
                f(Candidate {
                    item,
                    entry: Some((sym, shndx)),
                });
            }
        }
    }

    /// The candidates for the address index from the synthetic PLT entries, in order
    /// (all wanted).
    fn plt_candidates(&self) -> impl Iterator<Item = Candidate> + use<'_, 'data> {
        self.plt().iter().enumerate().filter_map(move |(i, s)| {
            let r = SymRef {
                table: PLT,
                index: i as u32,
            };
            let item = self.item(&s.sym, s.shndx, s.addr, s.is_section(), r)?;
            Some(Candidate { item, entry: None })
        })
    }

    /// Whether a candidate for the address index belongs in it:
    /// a PLT entry always, a table entry as [`Symtab::table_entry_wanted`] says.
    fn candidate_wanted(&self, c: &Candidate) -> bool {
        let Some((sym, shndx)) = &c.entry else {
            return true;
        };
        self.tables
            .get(usize::from(c.item.payload.table))
            .is_some_and(|view| self.table_entry_wanted(view, sym, *shndx))
    }

    /// Sort index items by address, then least preferred first (a lookup takes the
    /// last). `items` come in table order, then PLT order. Among equals objdump's
    /// (stable) sort keeps table order and takes the first, so table order is reversed
    /// here, and a stable sort keeps it; runs at one address are then ordered by rank.
    fn sort_items(&self, items: &mut [Item<SymRef>]) {
        items.reverse();
        items.sort_by_key(|i| (i.space, i.start));
        for run in items.chunk_by_mut(|a, b| (a.space, a.start) == (b.space, b.start)) {
            if run.len() < 2 {
                continue;
            }
            let mut ranked: Vec<(Rank<'_>, Item<SymRef>)> = run
                .iter()
                .filter_map(|i| Some((self.rank_of(i.payload)?, *i)))
                .collect();
            ranked.sort_by(|a, b| {
                b.0.cmp_objdump(&a.0)
                    .then_with(|| b.1.payload.cmp(&a.1.payload))
            });
            for (slot, (_, item)) in run.iter_mut().zip(ranked) {
                *slot = item;
            }
        }
    }

    /// Whether a table entry belongs in the address index as far as its name and type
    /// go (see [the crate documentation](crate#the-address-index)). Reads the name only
    /// where more than its being empty matters.
    fn table_entry_wanted(
        &self,
        view: &SymbolTableView<'data>,
        sym: &libelf::read::Sym,
        shndx: Option<u32>,
    ) -> bool {
        let info = &*self.info;
        let ty = sym.st_type();
        // In a linked file a TLS symbol's value is an offset into the TLS template.
        if ty == STT_TLS && !info.is_rel() {
            return false;
        }
        let section_sym = ty == STT_SECTION;
        let file_sym = ty == STT_FILE;
        let special = matches!(info.machine(), EM_ARM | EM_AARCH64 | EM_RISCV);
        if !section_sym && !file_sym && !special {
            return view.has_name(sym);
        }
        let Some(name) = view.names(sym, shndx).1 else {
            return false;
        };
        let significant = name.starts_with(b".plt") || name.starts_with(b".got");
        !(name.is_empty()
            || ((section_sym || file_sym) && !significant)
            || special_symbol(info.machine(), name))
    }

    /// The index item of a symbol with entry `sym`, section index `shndx` and address
    /// `addr`, if it is defined in a section that takes memory.
    fn item(
        &self,
        sym: &libelf::read::Sym,
        shndx: Option<u32>,
        addr: u64,
        section_sym: bool,
        r: SymRef,
    ) -> Option<Item<SymRef>> {
        let info = &*self.info;
        if !symbol::in_section(sym, shndx) {
            return None;
        }
        let shndx = shndx?;
        let (lo, hi) = info
            .section_range(shndx)
            .or_else(|| info.segment_range(addr))?;
        Some(Item {
            space: if info.is_rel() { shndx } else { 0 },
            start: addr,
            size: if section_sym { 0 } else { sym.st_size },
            limit: (lo <= addr && addr <= hi).then_some(hi),
            payload: r,
        })
    }

    /// What objdump's `compare_symbols` looks at for the symbol `r` refers to; a table
    /// entry is read raw, not decoded.
    fn rank_of(&self, r: SymRef) -> Option<Rank<'_>> {
        if r.table == PLT {
            let s = self.plt().get(r.index as usize)?;
            return Some(self.rank(&s.sym, s.shndx, s.addr, true, s.display_name_bytes()));
        }
        let view = self.tables.get(usize::from(r.table))?;
        let (sym, shndx) = view.entry(r.index as usize)?;
        let addr = table::symbol_addr(&self.info, &sym, shndx);
        let shown = view.names(&sym, shndx).1.unwrap_or(CORRUPT.as_bytes());
        Some(self.rank(&sym, shndx, addr, false, std::borrow::Cow::Borrowed(shown)))
    }

    /// What objdump's `compare_symbols` looks at for a symbol with entry `sym`, section
    /// index `shndx`, address `addr` and name `name` ([`Symbol::display_name_bytes`]);
    /// `synthetic` for a PLT entry.
    fn rank<'s>(
        &self,
        s: &libelf::read::Sym,
        shndx: Option<u32>,
        addr: u64,
        synthetic: bool,
        name: std::borrow::Cow<'s, [u8]>,
    ) -> Rank<'s> {
        let ty = s.st_type();
        let section_sym = ty == STT_SECTION;
        let file_sym = ty == STT_FILE;
        let local = s.st_bind() == STB_LOCAL;
        let range = shndx.and_then(|i| self.info.section_range(i));
        Rank {
            in_section: range.is_some_and(|(lo, hi)| lo <= addr && addr < hi),
            gnu_compiled: addr::contains(&name, b"gnu_compiled")
                || addr::contains(&name, b"gcc2_compiled"),
            file_like: file_sym || addr::file_like_name(&name),
            debugging: section_sym || file_sym,
            section_sym,
            function: ty == STT_FUNC,
            object: ty == STT_OBJECT || ty == STT_COMMON,
            local,
            global: if synthetic {
                !local
            } else {
                s.st_bind() == STB_GLOBAL
            },
            size: if section_sym || synthetic {
                0
            } else {
                s.st_size
            },
            name,
        }
    }

    /// The symbol covering `addr` and the offset of `addr` into it, as described in
    /// [the crate documentation](crate#the-address-index). The index is built on the
    /// first call.
    ///
    /// Returns `None` if no indexed symbol covers `addr`, and always in a relocatable
    /// file (use [`Symtab::find_symbol_in_section`] there).
    pub fn find_symbol(&self, addr: u64) -> Option<(&Symbol<'data>, u64)> {
        if self.info.is_rel() {
            return None;
        }
        self.found(0, addr)
    }

    /// Like [`Symtab::find_symbol`], for an address in `section`: in a relocatable file
    /// the symbols of that section only (`addr` is then `sh_addr` plus the offset,
    /// usually just the offset); in a linked file the symbol `find_symbol` returns, if
    /// it belongs to `section`.
    pub fn find_symbol_in_section(
        &self,
        section: SectionIndex,
        addr: u64,
    ) -> Option<(&Symbol<'data>, u64)> {
        if self.info.is_rel() {
            return self.found(section.0, addr);
        }
        self.found(0, addr)
            .filter(|(s, _)| s.shndx == Some(section.0))
    }

    /// [`Symtab::find_symbol`] for each address, in the order given.
    pub fn find_symbols(&self, addrs: &[u64]) -> Vec<Option<(&Symbol<'data>, u64)>> {
        addrs.iter().map(|&a| self.find_symbol(a)).collect()
    }

    fn found(&self, space: u32, addr: u64) -> Option<(&Symbol<'data>, u64)> {
        self.found_in(self.addr_index(), space, addr)
    }

    /// The symbol `index` (the address index, or one reduced for a batch) answers for
    /// `addr` in `space`, and the offset into it.
    fn found_in(
        &self,
        index: &RangeIndex<SymRef>,
        space: u32,
        addr: u64,
    ) -> Option<(&Symbol<'data>, u64)> {
        let i = index.find(space, addr)?;
        let start = index.start(i)?;
        Some((self.symbol(index.payload(i)?)?, addr.wrapping_sub(start)))
    }

    /// Every range of the address index, sorted by `(space, start)`; at one start, the
    /// preferred symbol comes last.
    pub fn ranges(&self) -> impl Iterator<Item = AddrRange<'_, 'data>> + '_ {
        let index = self.addr_index();
        (0..index.len()).filter_map(move |i| {
            let (space, start, end, r) = index.get(i)?;
            let next = index.get(i + 1);
            let preferred = next.is_none_or(|n| (n.0, n.1) != (space, start));
            Some(AddrRange {
                space,
                start,
                end,
                preferred,
                symbol: self.symbol(r)?,
            })
        })
    }

    /// The name index, built on first use.
    fn name_index(&self) -> &NameIndex<'data> {
        self.by_name.get_or_init(|| {
            let mut pairs = Vec::new();
            for (t, view) in self.tables.iter().enumerate() {
                for s in view.iter() {
                    if let Some(n) = s.name.filter(|n| !n.is_empty()) {
                        let r = SymRef {
                            table: t as u16,
                            index: s.index.0,
                        };
                        pairs.push((n, r));
                    }
                }
            }
            NameIndex::build(pairs)
        })
    }

    /// Every symbol named `name` (string table names, without versions), in table
    /// order; for a name ending in `@plt`, the synthetic PLT entries of that name.
    pub fn by_name_all<'a>(
        &'a self,
        name: &'a [u8],
    ) -> impl Iterator<Item = &'a Symbol<'data>> + 'a {
        let plt = name
            .ends_with(b"@plt")
            .then(|| {
                self.plt()
                    .iter()
                    .filter(move |s| s.display_name_bytes().as_ref() == name)
            })
            .into_iter()
            .flatten();
        self.name_index()
            .get(name)
            .filter_map(move |r| self.symbol(r))
            .chain(plt)
    }

    /// The symbol named `name` (see [`Symtab::by_name_all`]), preferring a defined
    /// symbol, then global over weak over local, then the first in table order
    /// (`.symtab` before `.dynsym`).
    pub fn by_name(&self, name: &[u8]) -> Option<&Symbol<'data>> {
        let rank = |s: &Symbol<'_>| {
            let bind = match s.st_bind() {
                STB_GLOBAL => 0,
                STB_LOCAL => 2,
                _ => 1,
            };
            (s.is_undefined(), bind)
        };
        let best = self
            .name_index()
            .get(name)
            .filter_map(|r| self.symbol(r))
            .enumerate()
            .min_by_key(|(i, s)| (rank(s), *i))
            .map(|(_, s)| s);
        best.or_else(|| {
            name.ends_with(b"@plt")
                .then(|| {
                    self.plt()
                        .iter()
                        .find(|s| s.display_name_bytes().as_ref() == name)
                })
                .flatten()
        })
    }

    /// Number of distinct names in the name index (builds it).
    pub fn name_count(&self) -> usize {
        self.name_index().len()
    }

    /// The label GNU objdump 2.40 prints for `sym` (`<label>:`, without `-C`): its
    /// [`Symbol::display_name`], and for a `.dynsym` symbol the version as BFD gives
    /// it: `@@VER` for a default version, `@VER` for a hidden one or one needed from
    /// another object, `@@Base` for the base version, nothing when unversioned.
    pub fn objdump_name(&self, sym: &Symbol<'data>) -> String {
        let mut out = sym.display_name().into_owned();
        let dynamic = matches!(sym.source, Source::Dynsym | Source::Dynamic);
        if !dynamic || sym.is_section() || sym.plt.is_some() {
            return out;
        }
        let (Some(versym), Some(versions)) = (sym.versym, self.dynsym().and_then(|d| d.versions()))
        else {
            return out;
        };
        let vernum = versym & libelf::read::VERSYM_VERSION;
        let mut hidden = versym & libelf::read::VERSYM_HIDDEN != 0 || sym.is_undefined();
        let version: Option<std::borrow::Cow<'_, [u8]>> = if vernum == 0 {
            None
        } else if vernum == 1 && versions.def(1).is_none_or(|d| d.flags == VER_FLG_BASE) {
            Some(std::borrow::Cow::Borrowed(b"Base"))
        } else if let Some(d) = versions.def(vernum) {
            versions.string(d.name).map(std::borrow::Cow::Borrowed)
        } else if let Some(n) = versions.need(vernum) {
            hidden = true;
            versions.string(n.name).map(std::borrow::Cow::Borrowed)
        } else {
            Some(std::borrow::Cow::Borrowed(CORRUPT.as_bytes()))
        };
        if let Some(v) = version.filter(|v| !v.is_empty()) {
            out.push_str(if hidden { "@" } else { "@@" });
            out.push_str(&String::from_utf8_lossy(&v));
        }
        out
    }

    /// Decode every table and build every index now (for benchmarks and warm-up).
    #[doc(hidden)]
    pub fn parse_all(&self) -> (usize, usize) {
        for t in &self.tables {
            t.symbols();
        }
        (self.addr_index().len(), self.name_count())
    }
}

/// Symbols objdump's `symbol_is_valid` rejects through the target
/// (`bfd_is_target_special_symbol`): ARM and AArch64 mapping and tag symbols (`$`, a
/// lower-case letter, then nothing or `.`), RISC-V mapping symbols and the
/// assembler's `.L0 ` fake labels.
pub fn special_symbol(machine: u16, name: &[u8]) -> bool {
    match machine {
        EM_ARM | EM_AARCH64 => {
            name.first() == Some(&b'$')
                && name.get(1).is_some_and(u8::is_ascii_lowercase)
                && matches!(name.get(2), None | Some(b'.'))
        }
        EM_RISCV => {
            matches!(name, b"$d" | b"$x")
                || name.starts_with(b"$d.")
                || name.starts_with(b"$x.")
                || name.starts_with(b"$xrv")
                // The assembler's fake labels for relaxation (FAKE_LABEL_NAME).
                || name.starts_with(b".L0 ")
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests;
