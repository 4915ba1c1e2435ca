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
    count: usize,
    zero_fill: bool,
    lenient_names: bool,
    class: Class,
    endian: Endian,
    strings: StringTable<'data>,
    shndx: Option<&'data [u8]>,
}

/// How [`SymbolTable::from_parts`] reads a table. The default reads it as the gABI says:
/// entries `sh_entsize` apart, as many as fit, names NUL-terminated. The other settings
/// are the leniencies of GNU readelf, which a drop-in for it asks for one by one.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SymbolTableOptions {
    /// The step between entries: `None` for `sh_entsize` (or the record's size when
    /// smaller); GNU readelf steps by the record's own size whatever `sh_entsize` says.
    pub stride: Option<usize>,
    /// The number of entries: `None` for as many whole entries as the data holds; GNU
    /// readelf takes `sh_size / sh_entsize` (or a count from the hash tables with `-D`).
    pub count: Option<usize>,
    /// Read the bytes an entry lacks at the end of the data as zeros instead of failing
    /// (GNU readelf's buffer ends in a NUL it adds, and its last entry may run into it).
    pub zero_fill: bool,
    /// Names that run to the end of the string table without a NUL end there (GNU
    /// readelf) instead of being an error.
    pub lenient_names: bool,
}

impl SymbolTableOptions {
    /// GNU readelf's reading (`get_elf_symbols`): `count` entries of the record's own
    /// size for `class`, zero-filled at the end, lenient names.
    pub fn gnu_readelf(class: Class, count: usize) -> Self {
        SymbolTableOptions {
            stride: Some(raw::size_of(Rec::Sym, class)),
            count: Some(count),
            zero_fill: true,
            lenient_names: true,
        }
    }
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

    /// The section index as GNU binutils holds it internally (`Elf_Internal_Sym`): the
    /// `SHT_SYMTAB_SHNDX` entry for `SHN_XINDEX` when there is one, otherwise `st_shndx`
    /// with the reserved values (`0xff00..=0xffff`) widened to `0xffff_ff00..`
    /// ([`crate::names::widen_shndx`]).
    pub fn gnu_shndx(&self) -> u32 {
        match self.shndx {
            Some(v) if u32::from(self.sym.st_shndx) == SHN_XINDEX => v,
            _ => crate::names::widen_shndx(self.sym.st_shndx),
        }
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
        let mut t = Self::from_parts(
            data,
            section.header().sh_entsize,
            file.class(),
            file.endian(),
            strings,
            shndx,
            SymbolTableOptions::default(),
        );
        t.section = section.index();
        Ok(t)
    }

    /// A table over raw bytes (a section's, or a table found some other way, such as
    /// through `DT_SYMTAB`), with the string table `strings` and the `SHT_SYMTAB_SHNDX`
    /// data `shndx`, read as `options` say. `sh_entsize` is the stride unless `options`
    /// sets one. [`SymbolTable::section`] is 0.
    pub fn from_parts(
        data: &'data [u8],
        sh_entsize: u64,
        class: Class,
        endian: Endian,
        strings: StringTable<'data>,
        shndx: Option<&'data [u8]>,
        options: SymbolTableOptions,
    ) -> Self {
        let min = raw::size_of(Rec::Sym, class);
        let entsize = match options.stride.or_else(|| usize::try_from(sh_entsize).ok()) {
            Some(e) if e >= min => e,
            _ => min,
        };
        SymbolTable {
            section: SectionIndex(0),
            data,
            entsize,
            count: options.count.unwrap_or(data.len() / entsize),
            zero_fill: options.zero_fill,
            lenient_names: options.lenient_names,
            class,
            endian,
            strings,
            shndx,
        }
    }

    /// The index of the section holding the table.
    pub fn section(&self) -> SectionIndex {
        self.section
    }

    /// The string table used for names.
    pub fn strings(&self) -> StringTable<'data> {
        self.strings
    }

    /// Number of entries: whole entries in the data, or the count the options gave.
    pub fn len(&self) -> usize {
        self.count
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
        let (sym, shndx) = self.entry(index)?;
        Ok(Symbol {
            index,
            sym,
            shndx,
            name: if self.lenient_names {
                self.strings.get_lenient(sym.st_name)
            } else {
                self.strings.get(sym.st_name)
            },
        })
    }

    /// The entry at `index` and its section index (`st_shndx`, or its
    /// `SHT_SYMTAB_SHNDX` entry for `SHN_XINDEX`): [`SymbolTable::get`] without the name,
    /// for a caller that reads names only where it needs them.
    ///
    /// # Errors
    /// [`Error::Malformed`] if `index` is out of range.
    pub fn entry(&self, index: SymbolIndex) -> Result<(Sym, Option<u32>)> {
        let i = index.0 as usize;
        if i >= self.len() {
            return Err(Error::Malformed {
                what: "symbol index",
                offset: u64::from(index.0),
            });
        }
        let at = i.checked_mul(self.entsize).ok_or(Error::Malformed {
            what: "symbol index",
            offset: u64::from(index.0),
        })?;
        let sym = match raw::sym(self.data, at, self.class, self.endian) {
            Err(_) if self.zero_fill => {
                // Room for the largest record (ELF64's 24 bytes).
                let mut rec = [0u8; 24];
                let tail = self.data.get(at..).unwrap_or_default();
                let n = tail.len().min(rec.len());
                if let (Some(d), Some(s)) = (rec.get_mut(..n), tail.get(..n)) {
                    d.copy_from_slice(s);
                }
                raw::sym(&rec, 0, self.class, self.endian)?
            }
            r => r?,
        };
        let shndx = if u32::from(sym.st_shndx) == SHN_XINDEX {
            self.shndx
                .and_then(|d| raw::uint(d, i.checked_mul(4)?, 4, self.endian).ok())
                .map(|v| v as u32)
        } else {
            Some(u32::from(sym.st_shndx))
        };
        Ok((sym, shndx))
    }

    /// All symbols, the null symbol 0 included; an entry that cannot be read (past the
    /// data, without [`SymbolTableOptions::zero_fill`]) ends the walk.
    pub fn iter(&self) -> impl Iterator<Item = Symbol<'data>> + '_ {
        let n = u32::try_from(self.len()).unwrap_or(u32::MAX);
        (0..n).map_while(move |i| self.get(SymbolIndex(i)).ok())
    }
}
