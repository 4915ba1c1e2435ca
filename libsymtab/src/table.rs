//! [`SymbolTableView`]: the symbols of one table, decoded on first use.

use std::sync::Arc;
use std::sync::OnceLock;

use libelf::consts::{
    EM_ARM, SHN_LORESERVE, SHN_UNDEF, SHN_XINDEX, STT_FUNC, STT_GNU_IFUNC, STT_SECTION,
};
use libelf::read::{SectionIndex, StringTable, Sym, SymbolIndex, SymbolTable, SymbolVersions};
use libelf::{Class, Endian};

use crate::file::FileInfo;
use crate::symbol::{Source, Symbol};

/// Where the entries of a table are read from.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Raw<'data> {
    /// A symbol table section, through libelf (entry size and `SHT_SYMTAB_SHNDX`
    /// handled there).
    Section(SymbolTable<'data>),
    /// `count` packed records of the class's size at the start of `data`, with names in
    /// `strings` (the `DT_SYMTAB` path).
    Packed {
        data: &'data [u8],
        count: usize,
        strings: StringTable<'data>,
    },
}

impl<'data> Raw<'data> {
    fn len(&self) -> usize {
        match self {
            Raw::Section(t) => t.len(),
            Raw::Packed { count, .. } => *count,
        }
    }

    fn strings(&self) -> StringTable<'data> {
        match self {
            Raw::Section(t) => t.strings(),
            Raw::Packed { strings, .. } => *strings,
        }
    }

    /// Entry `i` and its resolved section index.
    fn get(&self, i: usize, class: Class, endian: Endian) -> Option<(Sym, Option<u32>)> {
        match self {
            Raw::Section(t) => {
                let s = t.get(SymbolIndex(u32::try_from(i).ok()?)).ok()?;
                Some((s.sym, s.shndx))
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

/// Size of a symbol table entry of `class`.
pub(crate) fn sym_size(class: Class) -> usize {
    match class {
        Class::Elf32 => 16,
        Class::Elf64 => 24,
    }
}

fn uint(data: &[u8], off: usize, width: usize, e: Endian) -> Option<u64> {
    let bytes = data.get(off..off.checked_add(width)?)?;
    let fold = |acc: u64, &b: &u8| (acc << 8) | u64::from(b);
    Some(match e {
        Endian::Little => bytes.iter().rev().fold(0, fold),
        Endian::Big => bytes.iter().fold(0, fold),
    })
}

/// Decode an `Elf32_Sym` or `Elf64_Sym` at `off`.
pub(crate) fn decode_sym(data: &[u8], off: usize, class: Class, e: Endian) -> Option<Sym> {
    let at = |rel: usize, w: usize| uint(data, off.checked_add(rel)?, w, e);
    Some(match class {
        Class::Elf32 => Sym {
            st_name: at(0, 4)? as u32,
            st_value: at(4, 4)?,
            st_size: at(8, 4)?,
            st_info: at(12, 1)? as u8,
            st_other: at(13, 1)? as u8,
            st_shndx: at(14, 2)? as u16,
        },
        Class::Elf64 => Sym {
            st_name: at(0, 4)? as u32,
            st_info: at(4, 1)? as u8,
            st_other: at(5, 1)? as u8,
            st_shndx: at(6, 2)? as u16,
            st_value: at(8, 8)?,
            st_size: at(16, 8)?,
        },
    })
}

/// The symbols of one table (`.symtab`, `.dynsym`, or the dynamic table `DT_SYMTAB`
/// points at), decoded all at once the first time one is asked for.
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

    /// The entry at `index`, or `None` past the end.
    pub fn get(&self, index: SymbolIndex) -> Option<&Symbol<'data>> {
        self.symbols().get(index.0 as usize)
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
        let (sym, shndx) = self.raw.get(i, info.class, info.endian)?;
        let index = SymbolIndex(u32::try_from(i).ok()?);
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
