//! [`ElfFile`]: the entry point of reading.

use std::sync::OnceLock;

use super::{FileHeader, ProgramHeader, Section, SectionHeader};
use crate::consts::{
    EI_CLASS, EI_DATA, ELFCLASS32, ELFCLASS64, ELFDATA2LSB, ELFDATA2MSB, PN_XNUM, SHN_XINDEX,
};
use crate::raw::{self, Rec};
use crate::{Class, Endian, Error, Result};

/// Index of a section in the section header table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub struct SectionIndex(pub u32);

/// An ELF object parsed from borrowed bytes.
///
/// Only the ELF header is read by [`ElfFile::parse`]; the section and program header
/// tables are read, checked and cached the first time they are asked for, so a file with
/// a broken section header table still shows its ELF header and segments.
#[derive(Debug)]
pub struct ElfFile<'data> {
    data: &'data [u8],
    class: Class,
    endian: Endian,
    header: FileHeader,
    sections: OnceLock<Result<Vec<SectionHeader>>>,
    segments: OnceLock<Result<Vec<ProgramHeader>>>,
}

/// What identification byte `index` of `data` means among `known`; an unknown value is
/// an error, or the first of `known` when `lenient`.
fn ident<T: Copy>(
    data: &[u8],
    index: usize,
    what: &'static str,
    known: [(u8, T); 2],
    lenient: bool,
) -> Result<T> {
    let byte = data.get(index).copied().unwrap_or(0);
    let [(_, first), _] = known;
    match known.iter().find(|(k, _)| *k == byte) {
        Some(&(_, v)) => Ok(v),
        None if lenient => Ok(first),
        None => Err(Error::BadValue {
            what,
            value: u64::from(byte),
        }),
    }
}

/// The ELF magic number.
pub const ELF_MAGIC: &[u8; 4] = b"\x7fELF";

/// How [`ElfFile::parse_with`] reads the identification bytes.
///
/// The default is strict: a class other than `ELFCLASS32`/`ELFCLASS64` or a byte order
/// other than `ELFDATA2LSB`/`ELFDATA2MSB` is an error.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct ParseOptions {
    /// Read an unknown class as 32-bit and an unknown byte order as little-endian, as
    /// GNU readelf does (only `ELFCLASS64` means 64-bit, only `ELFDATA2MSB` big-endian).
    pub lenient_ident: bool,
}

impl ParseOptions {
    /// GNU readelf's reading: [`ParseOptions::lenient_ident`] on.
    pub const fn gnu_readelf() -> Self {
        ParseOptions {
            lenient_ident: true,
        }
    }
}

impl<'data> ElfFile<'data> {
    /// Parse the ELF header of `data`, strictly ([`ParseOptions::default`]).
    ///
    /// # Errors
    /// [`Error::BadMagic`] if `data` does not start with `\x7fELF`;
    /// [`Error::BadValue`] if its class or byte order is not one ELF defines;
    /// [`Error::Malformed`] if it is shorter than the ELF header of its class.
    pub fn parse(data: &'data [u8]) -> Result<Self> {
        Self::parse_with(data, ParseOptions::default())
    }

    /// Parse the ELF header of `data` with `options`.
    ///
    /// # Errors
    /// As [`ElfFile::parse`]; with [`ParseOptions::lenient_ident`] an unknown class or
    /// byte order is not an error.
    pub fn parse_with(data: &'data [u8], options: ParseOptions) -> Result<Self> {
        if data.get(..4) != Some(&ELF_MAGIC[..]) {
            return Err(Error::BadMagic);
        }
        let lenient = options.lenient_ident;
        let classes = [(ELFCLASS32, Class::Elf32), (ELFCLASS64, Class::Elf64)];
        let class = ident(data, EI_CLASS, "EI_CLASS", classes, lenient)?;
        let orders = [(ELFDATA2LSB, Endian::Little), (ELFDATA2MSB, Endian::Big)];
        let endian = ident(data, EI_DATA, "EI_DATA", orders, lenient)?;
        let header = raw::ehdr(data, class, endian)?;
        Ok(ElfFile {
            data,
            class,
            endian,
            header,
            sections: OnceLock::new(),
            segments: OnceLock::new(),
        })
    }

    /// The whole input.
    pub fn data(&self) -> &'data [u8] {
        self.data
    }

    /// The class used to decode the file.
    pub fn class(&self) -> Class {
        self.class
    }

    /// The byte order used to decode the file.
    pub fn endian(&self) -> Endian {
        self.endian
    }

    /// The ELF header, as stored (extended numbering not resolved; see
    /// [`ElfFile::section_count`], [`ElfFile::shstrndx`], [`ElfFile::segment_count`]).
    pub fn header(&self) -> &FileHeader {
        &self.header
    }

    /// Section header 0, if the file has a section header table that holds it.
    fn section0(&self) -> Option<SectionHeader> {
        let h = &self.header;
        if h.e_shoff == 0 {
            return None;
        }
        let off = usize::try_from(h.e_shoff).ok()?;
        if usize::from(h.e_shentsize) < raw::size_of(Rec::Shdr, self.class) {
            return None;
        }
        raw::shdr(self.data, off, self.class, self.endian).ok()
    }

    /// Number of section headers, resolving extended numbering (`e_shnum == 0` with the
    /// count in section 0's `sh_size`).
    pub fn section_count(&self) -> u64 {
        match self.header.e_shnum {
            0 => self.section0().map_or(0, |s| s.sh_size),
            n => u64::from(n),
        }
    }

    /// Index of the section name string table, resolving `SHN_XINDEX` (then the index is
    /// in section 0's `sh_link`).
    pub fn shstrndx(&self) -> u32 {
        match u32::from(self.header.e_shstrndx) {
            SHN_XINDEX => self.section0().map_or(0, |s| s.sh_link),
            n => n,
        }
    }

    /// Number of program headers, resolving `PN_XNUM` (then the count is in section 0's
    /// `sh_info`).
    pub fn segment_count(&self) -> u64 {
        match self.header.e_phnum {
            PN_XNUM => self
                .section0()
                .map_or(u64::from(PN_XNUM), |s| u64::from(s.sh_info)),
            n => u64::from(n),
        }
    }

    /// The table kept in `cell`, read on first use: `count` records of `entsize` bytes
    /// (at least the size of a `kind` record) starting at `offset`; none when `offset`
    /// or `count` is 0.
    #[allow(clippy::too_many_arguments)]
    fn table<'s, T>(
        &'s self,
        cell: &'s OnceLock<Result<Vec<T>>>,
        offset: u64,
        count: u64,
        entsize: u16,
        kind: Rec,
        what: &'static str,
        read: fn(&[u8], usize, Class, Endian) -> Result<T>,
    ) -> Result<&'s [T]> {
        cell.get_or_init(|| {
            if offset == 0 || count == 0 {
                return Ok(Vec::new());
            }
            let min = raw::size_of(kind, self.class);
            if usize::from(entsize) < min {
                return Err(Error::BadValue {
                    what,
                    value: u64::from(entsize),
                });
            }
            let size = count
                .checked_mul(u64::from(entsize))
                .ok_or(Error::BadValue { what, value: count })?;
            // The table must lie in the file before anything is allocated for it.
            let bytes = crate::slice(self.data, offset, size, what)?;
            (0..count as usize)
                .map(|i| read(bytes, i * usize::from(entsize), self.class, self.endian))
                .collect()
        })
        .as_deref()
        .map_err(Clone::clone)
    }

    /// The section header table, including the null section 0.
    ///
    /// Returns an empty slice when `e_shoff` is 0.
    ///
    /// # Errors
    /// [`Error::BadValue`] if `e_shentsize` is smaller than a section header;
    /// [`Error::OutOfBounds`] if the table does not fit in the file.
    pub fn section_headers(&self) -> Result<&[SectionHeader]> {
        self.table(
            &self.sections,
            self.header.e_shoff,
            self.section_count(),
            self.header.e_shentsize,
            Rec::Shdr,
            "section header table",
            raw::shdr,
        )
    }

    /// The program header table.
    ///
    /// Returns an empty slice when `e_phoff` is 0 or there are no program headers.
    ///
    /// # Errors
    /// [`Error::BadValue`] if `e_phentsize` is smaller than a program header;
    /// [`Error::OutOfBounds`] if the table does not fit in the file.
    pub fn program_headers(&self) -> Result<&[ProgramHeader]> {
        self.table(
            &self.segments,
            self.header.e_phoff,
            self.segment_count(),
            self.header.e_phentsize,
            Rec::Phdr,
            "program header table",
            raw::phdr,
        )
    }

    /// The section at `index`.
    ///
    /// # Errors
    /// Those of [`ElfFile::section_headers`]; [`Error::BadSectionIndex`] if out of range.
    pub fn section(&self, index: SectionIndex) -> Result<Section<'_, 'data>> {
        let headers = self.section_headers()?;
        let header = headers
            .get(index.0 as usize)
            .ok_or(Error::BadSectionIndex {
                index: index.0,
                count: headers.len() as u32,
            })?;
        Ok(Section {
            file: self,
            index,
            header,
        })
    }

    /// All sections, section 0 included.
    ///
    /// # Errors
    /// Those of [`ElfFile::section_headers`].
    pub fn sections(&self) -> Result<impl Iterator<Item = Section<'_, 'data>> + '_> {
        let headers = self.section_headers()?;
        Ok(headers.iter().enumerate().map(move |(i, header)| Section {
            file: self,
            index: SectionIndex(i as u32),
            header,
        }))
    }

    /// The first section whose name is `name`.
    ///
    /// Returns `Ok(None)` if there is none (sections whose names cannot be read are
    /// skipped).
    ///
    /// # Errors
    /// Those of [`ElfFile::section_headers`].
    pub fn section_by_name(&self, name: &[u8]) -> Result<Option<Section<'_, 'data>>> {
        Ok(self.sections()?.find(|s| s.name_bytes().ok() == Some(name)))
    }

    /// The section name string table.
    ///
    /// # Errors
    /// Those of [`ElfFile::section`] for [`ElfFile::shstrndx`], and of its data.
    pub fn shstrtab(&self) -> Result<super::StringTable<'data>> {
        let s = self.section(SectionIndex(self.shstrndx()))?;
        Ok(super::StringTable::new(s.data()?))
    }

    /// The bytes of a segment in the file (`p_offset`, `p_filesz`).
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] if the segment does not fit in the file.
    pub fn segment_data(&self, ph: &ProgramHeader) -> Result<&'data [u8]> {
        crate::slice(self.data, ph.p_offset, ph.p_filesz, "segment")
    }

    /// Map a virtual address to a file offset through the `PT_LOAD` segments.
    ///
    /// Returns `None` if no loaded segment holds the address in its file image, or the
    /// program headers cannot be read.
    pub fn vaddr_to_offset(&self, addr: u64) -> Option<u64> {
        self.program_headers()
            .ok()?
            .iter()
            .filter(|p| p.p_type == crate::consts::PT_LOAD)
            .find(|p| addr >= p.p_vaddr && addr - p.p_vaddr < p.p_filesz)
            .and_then(|p| p.p_offset.checked_add(addr - p.p_vaddr))
    }
}
