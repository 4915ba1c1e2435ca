//! The dynamic symbol table as `readelf -D` finds it: through the dynamic section.
//!
//! GNU readelf 2.40 (`process_dynamic_section`, `get_num_dynamic_syms`) reads
//! `DT_SYMTAB`, `DT_SYMENT`, `DT_STRTAB`, `DT_STRSZ`, the hash tables and the version
//! tags from the dynamic section (the `.dynamic` section if there are section headers,
//! else `PT_DYNAMIC`), maps each address to a file offset through the `PT_LOAD`
//! segments (`offset_from_vma`), and counts the symbols with the hash tables: `nchain`
//! of `DT_HASH`, raised to one past the last symbol any `DT_GNU_HASH` chain reaches.
//!
//! When the file has a `SHT_DYNSYM` section readelf 2.40 shows that section instead
//! (with `-D` too); [`DynamicSymbols::parse`] does the same, and
//! [`DynamicSymbols::from_dynamic`] always takes the `DT_SYMTAB` path.

use std::sync::Arc;

use libelf::consts::{
    DT_GNU_HASH, DT_HASH, DT_STRSZ, DT_STRTAB, DT_SYMENT, DT_SYMTAB, DT_VERDEF, DT_VERNEED,
    DT_VERSYM, PT_DYNAMIC, PT_LOAD, SHT_DYNSYM, SHT_NOBITS,
};
use libelf::read::{
    sysv_hash_entry_size, DynamicTable, ProgramHeader, StringTable, SymbolVersions, VerdefIter,
    VerneedIter, VersymTable,
};
use libelf::{Class, ElfFile};

use crate::file::FileInfo;
use crate::symbol::Source;
use crate::table::{sym_size, Raw, SymbolTableView};
use crate::{Error, Result};

/// How the number of dynamic symbols was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum SymbolCount {
    /// From the `SHT_DYNSYM` section's size.
    Section,
    /// From the hash tables (`DT_HASH` `nchain`, `DT_GNU_HASH` chains).
    HashTables,
}

/// The dynamic symbol table of a file, found as `readelf -D --dyn-syms` finds it.
#[derive(Debug)]
#[non_exhaustive]
pub struct DynamicSymbols<'data> {
    /// The symbols (with versions from the version tags).
    pub table: SymbolTableView<'data>,
    /// `DT_SYMTAB` (0 when the `SHT_DYNSYM` section was used and there is none).
    pub symtab_addr: u64,
    /// How the count was found.
    pub count_from: SymbolCount,
    /// Addresses that no `PT_LOAD` segment maps, which GNU then uses as file offsets
    /// ("Virtual address 0x… not located in any PT_LOAD segment").
    pub unmapped: Vec<u64>,
}

/// The values of the dynamic tags the table needs; 0 when absent, as readelf keeps them.
#[derive(Debug, Default, Clone, Copy)]
struct Tags {
    symtab: u64,
    syment: u64,
    hash: u64,
    gnu_hash: u64,
    strtab: u64,
    strsz: u64,
    versym: u64,
    verdef: u64,
    verneed: u64,
}

impl Tags {
    /// The last value of each tag up to the first `DT_NULL`.
    fn read(table: &DynamicTable<'_>) -> Self {
        let mut t = Tags::default();
        for d in table.until_null() {
            let v = d.d_val;
            match d.d_tag as u64 {
                DT_SYMTAB => t.symtab = v,
                DT_SYMENT => t.syment = v,
                DT_HASH => t.hash = v,
                DT_GNU_HASH => t.gnu_hash = v,
                DT_STRTAB => t.strtab = v,
                DT_STRSZ => t.strsz = v,
                DT_VERSYM => t.versym = v,
                DT_VERDEF => t.verdef = v,
                DT_VERNEED => t.verneed = v,
                _ => {}
            }
        }
        t
    }
}

/// Maps addresses to file offsets as GNU readelf's `offset_from_vma` does.
struct Mapper<'a, 'data> {
    info: &'a FileInfo<'data>,
    unmapped: Vec<u64>,
}

impl<'data> Mapper<'_, 'data> {
    /// The file offset of `vma` for an object of `size` bytes: the first `PT_LOAD` with
    /// `vma >= (p_vaddr & -p_align)` and `vma + size <= p_vaddr + p_filesz`. Without one,
    /// GNU uses the address itself (and warns); so do we, noting it in `unmapped`.
    fn offset(&mut self, vma: u64, size: u64) -> u64 {
        let hit = self.info.segments.iter().find(|s| {
            s.p_type == PT_LOAD
                && vma >= s.p_vaddr & s.p_align.wrapping_neg()
                && vma.wrapping_add(size) <= s.p_vaddr.wrapping_add(s.p_filesz)
        });
        match hit {
            Some(s) => vma.wrapping_sub(s.p_vaddr).wrapping_add(s.p_offset),
            None => {
                self.unmapped.push(vma);
                vma
            }
        }
    }

    /// `len` bytes at file offset `off`, if they are in the file.
    fn bytes(&self, off: u64, len: u64) -> Option<&'data [u8]> {
        let start = usize::try_from(off).ok()?;
        let len = usize::try_from(len).ok()?;
        self.info.data.get(start..start.checked_add(len)?)
    }

    fn word(&self, off: u64, width: usize) -> Option<u64> {
        let b = self.bytes(off, width as u64)?;
        let fold = |a: u64, &x: &u8| (a << 8) | u64::from(x);
        Some(match self.info.endian {
            libelf::Endian::Little => b.iter().rev().fold(0, fold),
            libelf::Endian::Big => b.iter().fold(0, fold),
        })
    }

    /// `get_num_dynamic_syms`: the symbol count the hash tables imply (0 if none).
    fn count(&mut self, tags: &Tags) -> u64 {
        let mut num = 0u64;
        if tags.hash != 0 {
            let w = sysv_hash_entry_size(self.info.machine(), self.info.class);
            let off = self.offset(tags.hash, 16);
            if let Some(n) = self.sysv_count(off, w) {
                num = n;
            }
        }
        if tags.gnu_hash != 0 {
            if let Some(n) = self.gnu_count(tags.gnu_hash, num) {
                num = n;
            }
        }
        num
    }

    /// The SysV hash part of `get_num_dynamic_syms`: `nchain`, if `nbucket` and
    /// `nchain` are not 0 and the buckets and chains are in the file.
    fn sysv_count(&self, off: u64, width: usize) -> Option<u64> {
        let w = width as u64;
        let nb = self.word(off, width)?;
        let nc = self.word(off.checked_add(w)?, width)?;
        let buckets_at = off.checked_add(2 * w)?;
        self.bytes(buckets_at, nb.checked_mul(w)?)?;
        self.bytes(buckets_at.checked_add(nb * w)?, nc.checked_mul(w)?)?;
        (nb != 0 && nc != 0).then_some(nc)
    }

    /// The GNU hash part of `get_num_dynamic_syms`, starting from `num`.
    fn gnu_count(&mut self, vma: u64, mut num: u64) -> Option<u64> {
        let off = self.offset(vma, 16);
        let nbuckets = self.word(off, 4)?;
        let symidx = self.word(off.checked_add(4)?, 4)?;
        let bitmask_words = self.word(off.checked_add(8)?, 4)?;
        let word_size = match self.info.class {
            Class::Elf32 => 4,
            Class::Elf64 => 8,
        };
        let buckets_vma = vma
            .wrapping_add(16)
            .wrapping_add(bitmask_words.wrapping_mul(word_size));
        let boff = self.offset(buckets_vma, 4);
        let buckets: Vec<u64> = (0..nbuckets)
            .map(|i| self.word(boff.checked_add(i.checked_mul(4)?)?, 4))
            .collect::<Option<_>>()?;
        let mut maxchain: Option<u64> = None;
        for &b in buckets.iter().filter(|&&b| b != 0) {
            if b < symidx {
                return None;
            }
            maxchain = Some(maxchain.map_or(b, |m| m.max(b)));
        }
        let mut maxchain = maxchain? - symidx;
        let coff = self.offset(
            buckets_vma.wrapping_add(4u64.wrapping_mul(nbuckets.wrapping_add(maxchain))),
            4,
        );
        // Walk the last chain to its end (bit 0 set).
        let mut k = 0u64;
        loop {
            let v = self.word(coff.checked_add(k.checked_mul(4)?)?, 4)?;
            maxchain = maxchain.checked_add(1)?;
            k += 1;
            if v & 1 != 0 {
                break;
            }
        }
        let choff = self.offset(buckets_vma.wrapping_add(4u64.wrapping_mul(nbuckets)), 4);
        let chains = self.bytes(choff, maxchain.checked_mul(4)?)?;
        let chain = |i: u64| -> Option<u64> {
            let at = usize::try_from(i.checked_mul(4)?).ok()?;
            let b = chains.get(at..at.checked_add(4)?)?;
            let fold = |a: u64, &x: &u8| (a << 8) | u64::from(x);
            Some(match self.info.endian {
                libelf::Endian::Little => b.iter().rev().fold(0, fold),
                libelf::Endian::Big => b.iter().fold(0, fold),
            })
        };
        for &b in buckets.iter().filter(|&&b| b != 0) {
            let mut si = b;
            let mut off = b - symidx;
            loop {
                if si >= num {
                    num = si.saturating_add(1);
                }
                si = si.saturating_add(1);
                if off >= maxchain {
                    break;
                }
                let v = chain(off)?;
                off += 1;
                if v & 1 != 0 {
                    break;
                }
            }
        }
        Some(num)
    }
}

/// The bytes of the dynamic section as readelf locates it: `PT_DYNAMIC`, replaced by
/// the `.dynamic` section when there are section headers.
fn dynamic_table<'data>(info: &FileInfo<'data>) -> Option<DynamicTable<'data>> {
    let seg = info.segments.iter().find(|s| s.p_type == PT_DYNAMIC)?;
    let (off, size) = if info.sections.is_empty() {
        (seg.p_offset, seg.p_filesz)
    } else {
        let (_, s) = info.section_by_name(b".dynamic")?;
        if s.sh_size == 0 {
            return None;
        }
        if s.sh_type == SHT_NOBITS {
            (s.sh_offset, 0)
        } else {
            (s.sh_offset, s.sh_size)
        }
    };
    let start = usize::try_from(off).ok()?;
    let len = usize::try_from(size).ok()?;
    let data = info.data.get(start..start.checked_add(len)?)?;
    Some(DynamicTable::new(data, info.class, info.endian))
}

impl<'data> DynamicSymbols<'data> {
    /// The dynamic symbols as `readelf -D --dyn-syms` 2.40 shows them: the `SHT_DYNSYM`
    /// section if there is one, else the table `DT_SYMTAB` points at
    /// ([`DynamicSymbols::from_dynamic`]).
    ///
    /// Returns `Ok(None)` when there is no table to show.
    ///
    /// # Errors
    /// Those of [`DynamicSymbols::from_dynamic`], and [`Error::Table`] if the
    /// `SHT_DYNSYM` section cannot be read.
    pub fn parse(file: &ElfFile<'data>) -> Result<Option<Self>> {
        let info = Arc::new(FileInfo::new(file));
        let section = file
            .sections()
            .ok()
            .and_then(|mut it| it.find(|s| s.header().sh_type == SHT_DYNSYM));
        let Some(section) = section else {
            return Self::locate(info);
        };
        let raw = libelf::read::SymbolTable::parse(&section).map_err(|source| Error::Table {
            section: section.index().0,
            source,
        })?;
        let versions = SymbolVersions::parse(file).ok();
        let table = SymbolTableView::new(
            info,
            Source::Dynsym,
            Some(section.index()),
            Raw::section(raw, &section),
            versions,
        );
        Ok(Some(DynamicSymbols {
            table,
            symtab_addr: 0,
            count_from: SymbolCount::Section,
            unmapped: Vec::new(),
        }))
    }

    /// The table `DT_SYMTAB` points at, with `DT_SYMENT`-sized entries counted from the
    /// hash tables, names from `DT_STRTAB`/`DT_STRSZ` and versions from `DT_VERSYM`,
    /// `DT_VERDEF` and `DT_VERNEED`, as readelf reads it when the file has no
    /// `SHT_DYNSYM` section. Entries are packed at the standard size, as readelf reads
    /// them, whatever `DT_SYMENT` says.
    ///
    /// Returns `Ok(None)` when there is no dynamic section, no `DT_SYMTAB`, `DT_SYMENT`,
    /// `DT_STRTAB` or `DT_STRSZ`, the hash tables give no count, the string table is not
    /// in the file, or no `PT_LOAD` holds `DT_SYMTAB`. (MIPS `DT_MIPS_XHASH` is not
    /// read.)
    ///
    /// # Errors
    /// [`Error::NoProgramHeaders`] if the program headers cannot be read;
    /// [`Error::InvalidLoad`] for a `PT_LOAD` past the end of the file met before the one
    /// holding `DT_SYMTAB`; [`Error::CorruptDynamicSymtab`] if `DT_SYMENT` is smaller
    /// than a symbol or the table does not fit in the file.
    pub fn from_dynamic(file: &ElfFile<'data>) -> Result<Option<Self>> {
        Self::locate(Arc::new(FileInfo::new(file)))
    }

    /// [`DynamicSymbols::from_dynamic`] of the file `info` describes.
    pub(crate) fn locate(info: Arc<FileInfo<'data>>) -> Result<Option<Self>> {
        let Some(dynamic) = dynamic_table(&info) else {
            return Ok(None);
        };
        let tags = Tags::read(&dynamic);
        let mut map = Mapper {
            info: &info,
            unmapped: Vec::new(),
        };
        let count = map.count(&tags);
        if count == 0 || tags.symtab == 0 || tags.syment == 0 {
            return Ok(None);
        }
        if !info.segments_ok {
            return Err(Error::NoProgramHeaders);
        }
        let Some(symtab_off) = symtab_offset(&info.segments, tags.symtab, info.data.len())? else {
            return Ok(None);
        };
        let corrupt = Error::CorruptDynamicSymtab { addr: tags.symtab };
        let entry = sym_size(info.class) as u64;
        let size = count.checked_mul(tags.syment).ok_or(corrupt.clone())?;
        // readelf reads `size / syment` entries of the standard size from `size` bytes.
        if count
            .checked_mul(entry)
            .is_none_or(|n| n > size.saturating_add(1))
        {
            return Err(corrupt);
        }
        let data = map.bytes(symtab_off, size).ok_or(corrupt)?;
        if tags.strtab == 0 || tags.strsz == 0 {
            return Ok(None);
        }
        let str_off = map.offset(tags.strtab, tags.strsz);
        let Some(strings) = map.bytes(str_off, tags.strsz).map(StringTable::new) else {
            return Ok(None);
        };
        let versions = versions(&mut map, &tags, count, strings);
        let unmapped = map.unmapped;
        let count = usize::try_from(count).unwrap_or(usize::MAX);
        let raw = Raw::Packed {
            data,
            count,
            strings,
        };
        let table = SymbolTableView::new(info, Source::Dynamic, None, raw, versions);
        Ok(Some(DynamicSymbols {
            table,
            symtab_addr: tags.symtab,
            count_from: SymbolCount::HashTables,
            unmapped,
        }))
    }
}

/// Where `DT_SYMTAB` is in the file: the first `PT_LOAD` with
/// `(p_vaddr & -p_align) <= vma < p_vaddr + p_filesz`. Every `PT_LOAD` looked at must
/// lie in the file.
fn symtab_offset(segments: &[ProgramHeader], vma: u64, file_len: usize) -> Result<Option<u64>> {
    for (index, s) in segments.iter().enumerate() {
        if s.p_type != PT_LOAD {
            continue;
        }
        if s.p_offset
            .checked_add(s.p_filesz)
            .is_none_or(|end| end > file_len as u64)
        {
            return Err(Error::InvalidLoad {
                index,
                offset: s.p_offset,
                size: s.p_filesz,
            });
        }
        if vma >= s.p_vaddr & s.p_align.wrapping_neg() && vma < s.p_vaddr.wrapping_add(s.p_filesz) {
            return Ok(Some(vma.wrapping_sub(s.p_vaddr).wrapping_add(s.p_offset)));
        }
    }
    Ok(None)
}

/// The version tables the version tags point at; `None` without `DT_VERSYM`.
fn versions<'data>(
    map: &mut Mapper<'_, 'data>,
    tags: &Tags,
    count: u64,
    strings: StringTable<'data>,
) -> Option<SymbolVersions<'data>> {
    if tags.versym == 0 {
        return None;
    }
    let endian = map.info.endian;
    let data = map.info.data;
    let rest = |off: u64| usize::try_from(off).ok().and_then(|o| data.get(o..));
    let vs_off = map.offset(tags.versym, count.saturating_mul(2));
    let versym = rest(vs_off).map(|d| {
        let len = usize::try_from(count.saturating_mul(2)).unwrap_or(usize::MAX);
        VersymTable::new(d.get(..len.min(d.len())).unwrap_or(d), endian)
    });
    let verdef = (tags.verdef != 0)
        .then(|| map.offset(tags.verdef, 20))
        .and_then(rest)
        .map(|d| VerdefIter::new(d, endian, None));
    let verneed = (tags.verneed != 0)
        .then(|| map.offset(tags.verneed, 16))
        .and_then(rest)
        .map(|d| VerneedIter::new(d, endian, None));
    Some(SymbolVersions::new(versym, verdef, verneed, strings))
}
