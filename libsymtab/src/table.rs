//! [`SymbolTableView`]: the symbols of one table, decoded on first use.

use std::sync::Arc;
use std::sync::OnceLock;

use libelf::consts::{
    EM_ARM, SHN_LORESERVE, SHN_UNDEF, SHN_XINDEX, STT_FUNC, STT_GNU_IFUNC, STT_SECTION,
};
use libelf::read::{
    Section, SectionIndex, StringTable, Sym, SymbolIndex, SymbolTable, SymbolVersions,
};
use libelf::{Class, Endian};

use crate::file::FileInfo;
use crate::symbol::{Source, Symbol};

/// Where the entries of a table are read from.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Raw<'data> {
    /// A symbol table section, through libelf (entry size and `SHT_SYMTAB_SHNDX`
    /// handled there).
    Section {
        /// The table.
        table: SymbolTable<'data>,
        /// The section's bytes when its entries are packed records of the class's
        /// size (as they always are but in broken files): read directly, the fast
        /// path, but for `SHN_XINDEX` entries.
        packed: Option<&'data [u8]>,
    },
    /// `count` packed records of the class's size at the start of `data`, with names in
    /// `strings` (the `DT_SYMTAB` path).
    Packed {
        data: &'data [u8],
        count: usize,
        strings: StringTable<'data>,
    },
}

impl<'data> Raw<'data> {
    /// The table of `section`, read through `table`.
    pub(crate) fn section(table: SymbolTable<'data>, section: &Section<'_, 'data>) -> Self {
        let class = section.file().class();
        let packed = section.data().ok().filter(|d| {
            section.header().sh_entsize == sym_size(class) as u64
                && d.len() / sym_size(class) == table.len()
        });
        Raw::Section { table, packed }
    }

    fn len(&self) -> usize {
        match self {
            Raw::Section { table, .. } => table.len(),
            Raw::Packed { count, .. } => *count,
        }
    }

    fn strings(&self) -> StringTable<'data> {
        match self {
            Raw::Section { table, .. } => table.strings(),
            Raw::Packed { strings, .. } => *strings,
        }
    }

    /// Entry `i` and its resolved section index.
    fn get(&self, i: usize, class: Class, endian: Endian) -> Option<(Sym, Option<u32>)> {
        match self {
            Raw::Section { table, packed } => {
                if let Some(data) = packed {
                    let sym = decode_sym(data, i.checked_mul(sym_size(class))?, class, endian)?;
                    if u32::from(sym.st_shndx) != SHN_XINDEX {
                        return Some((sym, Some(u32::from(sym.st_shndx))));
                    }
                }
                table.entry(SymbolIndex(u32::try_from(i).ok()?)).ok()
            }
            Raw::Packed { data, count, .. } => {
                if i >= *count {
                    return None;
                }
                let size = sym_size(class);
                let sym = decode_sym(data, i.checked_mul(size)?, class, endian)?;
                // No SHT_SYMTAB_SHNDX here: an SHN_XINDEX entry has no section.
                let shndx =
                    (u32::from(sym.st_shndx) != SHN_XINDEX).then_some(u32::from(sym.st_shndx));
                Some((sym, shndx))
            }
        }
    }
}

/// A block of `CHUNK` entries, decoded on first use.
type Block<'data> = OnceLock<Box<[Symbol<'data>]>>;

/// How many entries [`SymbolTableView::get`] decodes at a time: few, since a lookup
/// wants one entry (a batch of 500 to 2,500 lookups in a large table is a sixth faster
/// with 4 than with 16; decoding whole tables goes through `symbols()` instead).
pub(crate) const CHUNK: usize = 4;

/// Size of a symbol table entry of `class`.
pub(crate) fn sym_size(class: Class) -> usize {
    match class {
        Class::Elf32 => 16,
        Class::Elf64 => 24,
    }
}

/// The `N`-byte unsigned integer at `at` of `rec` (`N` known at compile time, so the
/// loop unrolls).
fn uint<const N: usize>(rec: &[u8], at: usize, big: bool) -> Option<u64> {
    let b: [u8; N] = rec.get(at..at.checked_add(N)?)?.try_into().ok()?;
    let fold = |acc: u64, &x: &u8| acc << 8 | u64::from(x);
    Some(if big {
        b.iter().fold(0, fold)
    } else {
        b.iter().rev().fold(0, fold)
    })
}

/// Decode an `Elf32_Sym` or `Elf64_Sym` at `off`.
pub(crate) fn decode_sym(data: &[u8], off: usize, class: Class, e: Endian) -> Option<Sym> {
    let rec = data.get(off..off.checked_add(sym_size(class))?)?;
    let big = e == Endian::Big;
    let byte = |at: usize| rec.get(at).copied();
    Some(match class {
        Class::Elf32 => Sym {
            st_name: uint::<4>(rec, 0, big)? as u32,
            st_value: uint::<4>(rec, 4, big)?,
            st_size: uint::<4>(rec, 8, big)?,
            st_info: byte(12)?,
            st_other: byte(13)?,
            st_shndx: uint::<2>(rec, 14, big)? as u16,
        },
        Class::Elf64 => Sym {
            st_name: uint::<4>(rec, 0, big)? as u32,
            st_info: byte(4)?,
            st_other: byte(5)?,
            st_shndx: uint::<2>(rec, 6, big)? as u16,
            st_value: uint::<8>(rec, 8, big)?,
            st_size: uint::<8>(rec, 16, big)?,
        },
    })
}

/// The symbols of one table (`.symtab`, `.dynsym`, or the dynamic table `DT_SYMTAB`
/// points at), decoded on first use: all at once for [`SymbolTableView::symbols`] and
/// [`SymbolTableView::iter`], a block of 4 entries around the one asked for
/// for [`SymbolTableView::get`] (a lookup that needs a few symbols of a large table
/// decodes those, not the table).
///
/// Entries keep their table order, so `symbols()[i].index.0 == i`.
#[derive(Debug)]
pub struct SymbolTableView<'data> {
    pub(crate) info: Arc<FileInfo<'data>>,
    source: Source,
    section: Option<SectionIndex>,
    raw: Raw<'data>,
    versions: Option<SymbolVersions<'data>>,
    entries: OnceLock<Vec<Symbol<'data>>>,
    /// Blocks of `CHUNK` entries decoded by [`SymbolTableView::get`] before (or
    /// instead of) `entries`.
    chunks: OnceLock<Box<[Block<'data>]>>,
    #[cfg(feature = "demangle")]
    demangled: OnceLock<Vec<OnceLock<Option<Box<str>>>>>,
}

impl<'data> SymbolTableView<'data> {
    pub(crate) fn new(
        info: Arc<FileInfo<'data>>,
        source: Source,
        section: Option<SectionIndex>,
        raw: Raw<'data>,
        versions: Option<SymbolVersions<'data>>,
    ) -> Self {
        Self {
            info,
            source,
            section,
            raw,
            versions,
            entries: OnceLock::new(),
            chunks: OnceLock::new(),
            #[cfg(feature = "demangle")]
            demangled: OnceLock::new(),
        }
    }

    /// Which kind of table this is: [`Source::Symtab`], [`Source::Dynsym`] or
    /// [`Source::Dynamic`].
    pub fn source(&self) -> Source {
        self.source
    }

    /// The index of the table's section; `None` for the table found through
    /// `DT_SYMTAB`.
    pub fn section_index(&self) -> Option<SectionIndex> {
        self.section
    }

    /// The name of the table's section (`.symtab`, `.dynsym`), if it has one and it can
    /// be read.
    pub fn section_name(&self) -> Option<&'data [u8]> {
        self.info.section_name(self.section?.0)
    }

    /// The string table names are read from.
    pub fn strings(&self) -> StringTable<'data> {
        self.raw.strings()
    }

    /// The version tables used for [`Symbol::version`], if the table has versions.
    pub fn versions(&self) -> Option<&SymbolVersions<'data>> {
        self.versions.as_ref()
    }

    /// Number of entries, the null symbol 0 included.
    pub fn len(&self) -> usize {
        self.raw.len()
    }

    /// Whether the table has no entries at all.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// All entries in table order (decoded on the first call).
    pub fn symbols(&self) -> &[Symbol<'data>] {
        self.entries
            .get_or_init(|| (0..self.raw.len()).map_while(|i| self.decode(i)).collect())
    }

    /// The entry at `index`, or `None` past the end. Decodes only the block of
    /// 4 entries holding it (unless the whole table is decoded already).
    pub fn get(&self, index: SymbolIndex) -> Option<&Symbol<'data>> {
        let i = index.0 as usize;
        if let Some(all) = self.entries.get() {
            return all.get(i);
        }
        // Whether an entry decodes depends only on whether its bytes are there, so an
        // entry that decodes has every entry before it decoding too: a block decoded
        // alone holds what `symbols()` would.
        let len = self.raw.len();
        if i >= len {
            return None;
        }
        let chunks = self
            .chunks
            .get_or_init(|| (0..len.div_ceil(CHUNK)).map(|_| OnceLock::new()).collect());
        let block = chunks.get(i / CHUNK)?.get_or_init(|| {
            let lo = i / CHUNK * CHUNK;
            (lo..len.min(lo + CHUNK))
                .map_while(|j| self.decode(j))
                .collect()
        });
        block.get(i % CHUNK)
    }

    /// Entry `i` and its section index, without its name, version or [`Symbol`]:
    /// what a scan of every entry reads. `None` past the end.
    pub(crate) fn entry(&self, i: usize) -> Option<(Sym, Option<u32>)> {
        self.raw.get(i, self.info.class, self.info.endian)
    }

    /// Entry `index` and the name readelf shows for it (`shown` of [`Symbol`]), without
    /// decoding the rest of the [`Symbol`] (its version): `None` where
    /// [`SymbolTableView::get`] has no entry.
    pub(crate) fn entry_and_shown(&self, index: SymbolIndex) -> Option<(Sym, Option<&'data [u8]>)> {
        let (sym, shndx) = self.entry(index.0 as usize)?;
        Some((sym, self.names(&sym, shndx).1))
    }

    /// The entries whose address ([`Symbol::addr`]) and raw entry `keep` accepts, in
    /// table order. Every entry is read but only those kept are decoded, so finding a
    /// few symbols of a large table this way is cheaper than going through
    /// [`SymbolTableView::iter`].
    pub fn filter_raw<'a, F: FnMut(u64, &Sym) -> bool>(
        &'a self,
        mut keep: F,
    ) -> impl Iterator<Item = &'a Symbol<'data>> {
        (0..self.len())
            .map_while(move |i| Some((i, self.entry(i)?)))
            .filter(move |(_, (sym, shndx))| keep(symbol_addr(&self.info, sym, *shndx), sym))
            .filter_map(move |(i, _)| self.get(SymbolIndex(u32::try_from(i).ok()?)))
    }

    /// The name of an entry and the name GNU readelf shows for it (`shown` of
    /// [`Symbol`]): the section's name for an unnamed section symbol.
    pub(crate) fn names(
        &self,
        sym: &Sym,
        shndx: Option<u32>,
    ) -> (Option<&'data [u8]>, Option<&'data [u8]>) {
        let info = &*self.info;
        let name = self.raw.strings().get_lenient(sym.st_name).ok();
        // GNU readelf shows an unnamed section symbol by its section's name when the
        // index is below the number of sections (extended numbering resolved).
        let shown = match shndx {
            Some(s)
                if sym.st_type() == STT_SECTION
                    && sym.st_name == 0
                    && (s as usize) < info.sections.len() =>
            {
                info.section_name(s)
            }
            _ => name,
        };
        (name, shown)
    }

    /// Whether the name of an entry (at `st_name` of the string table) is there and not
    /// empty, without finding its end.
    pub(crate) fn has_name(&self, sym: &Sym) -> bool {
        let data = self.raw.strings().data();
        data.get(sym.st_name as usize).is_some_and(|&b| b != 0)
    }

    /// All entries in table order.
    pub fn iter(&self) -> std::slice::Iter<'_, Symbol<'data>> {
        self.symbols().iter()
    }

    /// The demangled name of entry `index` (see [`Symbol::demangled`]), computed once
    /// and cached; `None` if it is not mangled or out of range.
    #[cfg(feature = "demangle")]
    pub fn demangled(&self, index: SymbolIndex, opts: &libdemangle::Options) -> Option<&str> {
        let cells = self
            .demangled
            .get_or_init(|| (0..self.len()).map(|_| OnceLock::new()).collect());
        let cell = cells.get(index.0 as usize)?;
        cell.get_or_init(|| {
            self.get(index)
                .and_then(|s| s.demangled(opts))
                .map(String::into_boxed_str)
        })
        .as_deref()
    }

    /// Decode entry `i` into a [`Symbol`].
    fn decode(&self, i: usize) -> Option<Symbol<'data>> {
        let info = &*self.info;
        let (sym, shndx) = self.entry(i)?;
        let index = SymbolIndex(u32::try_from(i).ok()?);
        let (name, shown) = self.names(&sym, shndx);
        let (version, versym) = match &self.versions {
            Some(v) => (
                v.symbol_version(index, &sym),
                v.versym().and_then(|t| t.get(i)),
            ),
            None => (None, None),
        };
        Some(Symbol {
            source: self.source,
            index,
            addr: symbol_addr(info, &sym, shndx),
            sym,
            shndx,
            version,
            versym,
            plt: None,
            name,
            shown,
        })
    }
}

/// The address BFD gives a symbol: `st_value`, plus `sh_addr` of its section in a
/// relocatable file; ARM functions lose their Thumb bit.
pub(crate) fn symbol_addr(info: &FileInfo<'_>, sym: &Sym, shndx: Option<u32>) -> u64 {
    let mut addr = sym.st_value;
    if info.machine() == EM_ARM && matches!(sym.st_type(), STT_FUNC | STT_GNU_IFUNC) {
        addr &= !1;
    }
    let raw = u32::from(sym.st_shndx);
    let regular = raw != SHN_UNDEF && (raw < SHN_LORESERVE || raw == SHN_XINDEX);
    if info.is_rel() && regular {
        if let Some(s) = shndx.and_then(|s| info.section(s)) {
            addr = addr.wrapping_add(s.sh_addr);
        }
    }
    addr
}
