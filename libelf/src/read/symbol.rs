//! Symbol tables (`SHT_SYMTAB`, `SHT_DYNSYM`) and their extended section indexes.

use super::{Section, SectionIndex, StringTable, Sym};
use crate::consts::{SHN_XINDEX, SHT_SYMTAB_SHNDX};
use crate::raw::{self, Rec};
use crate::{Class, Endian, Error, Result};

/// Index of a symbol in its table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct SymbolIndex(pub u32);

/// A symbol table with its string table and, if present, its `SHT_SYMTAB_SHNDX` section.
#[derive(Debug, Clone, Copy)]
pub struct SymbolTable<'data> {
    section: SectionIndex,
    data: &'data [u8],
    entsize: usize,
    class: Class,
    endian: Endian,
    strings: StringTable<'data>,
    shndx: Option<&'data [u8]>,
}

/// One symbol: the entry, its index, its name and its resolved section index.
#[derive(Debug, Clone)]
pub struct Symbol<'data> {
    /// Index in the table.
    pub index: SymbolIndex,
    /// The raw entry.
    pub sym: Sym,
    /// The section index: `st_shndx`, or the `SHT_SYMTAB_SHNDX` entry when `st_shndx` is
    /// `SHN_XINDEX` (`None` if that entry is missing).
    pub shndx: Option<u32>,
    name: Result<&'data [u8], Error>,
}

impl<'data> Symbol<'data> {
    /// The name, as bytes.
    ///
    /// # Errors
    /// [`Error::BadStringOffset`] if `st_name` is not a string in the string table.
    pub fn name_bytes(&self) -> Result<&'data [u8]> {
        self.name.clone()
    }
}

impl<'data> SymbolTable<'data> {
    /// The symbol table in `section`, with the string table of its `sh_link` and the
    /// `SHT_SYMTAB_SHNDX` section linked to it, if any.
    ///
    /// A string table that cannot be read gives an empty one (names then fail one by one).
    ///
    /// # Errors
    /// Those of [`Section::data`].
    pub fn parse(section: &Section<'_, 'data>) -> Result<Self> {
        let file = section.file();
        let data = section.data()?;
        let strings = section
            .link()
            .and_then(|s| s.data())
            .map(StringTable::new)
            .unwrap_or_default();
        let shndx = file.sections()?.find_map(|s| {
            (s.header().sh_type == SHT_SYMTAB_SHNDX && s.header().sh_link == section.index().0)
                .then(|| s.data().ok())
                .flatten()
        });
        let min = raw::size_of(Rec::Sym, file.class());
        let entsize = match usize::try_from(section.header().sh_entsize) {
            Ok(e) if e >= min => e,
            _ => min,
        };
        Ok(SymbolTable {
            section: section.index(),
            data,
            entsize,
            class: file.class(),
            endian: file.endian(),
            strings,
            shndx,
        })
    }

    /// The index of the section holding the table.
    pub fn section(&self) -> SectionIndex {
        self.section
    }

    /// The string table used for names.
    pub fn strings(&self) -> StringTable<'data> {
        self.strings
    }

    /// Number of whole entries in the table.
    pub fn len(&self) -> usize {
        self.data.len() / self.entsize
    }

    /// Whether the table has no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The symbol at `index`.
    ///
    /// # Errors
    /// [`Error::Malformed`] if `index` is out of range.
    pub fn get(&self, index: SymbolIndex) -> Result<Symbol<'data>> {
        let i = index.0 as usize;
        if i >= self.len() {
            return Err(Error::Malformed {
                what: "symbol index",
                offset: u64::from(index.0),
            });
        }
        let sym = raw::sym(self.data, i * self.entsize, self.class, self.endian)?;
        let shndx = if u32::from(sym.st_shndx) == SHN_XINDEX {
            self.shndx
                .and_then(|d| raw::uint(d, i.checked_mul(4)?, 4, self.endian).ok())
                .map(|v| v as u32)
        } else {
            Some(u32::from(sym.st_shndx))
        };
        Ok(Symbol {
            index,
            sym,
            shndx,
            name: self.strings.get(sym.st_name),
        })
    }

    /// All symbols, the null symbol 0 included.
    pub fn iter(&self) -> impl Iterator<Item = Symbol<'data>> + '_ {
        (0..self.len() as u32).filter_map(move |i| self.get(SymbolIndex(i)).ok())
    }
}
