//! What the tables need to know about their file, read once and shared.

use libelf::consts::{ET_REL, PT_LOAD, SHF_ALLOC, SHT_DYNAMIC};
use libelf::read::{DynamicTable, FileHeader, ProgramHeader, SectionHeader};
use libelf::{Class, ElfFile, Endian};

/// The parts of an [`ElfFile`] the symbol views use, copied out of it so that views
/// borrow only the file's bytes (`'data`) and not the `ElfFile` itself.
#[derive(Debug)]
pub(crate) struct FileInfo<'data> {
    pub data: &'data [u8],
    pub class: Class,
    pub endian: Endian,
    pub header: FileHeader,
    /// Section headers; empty if the file has none or they cannot be read.
    pub sections: Vec<SectionHeader>,
    /// Section names, read leniently (to the end of `.shstrtab` if unterminated);
    /// `None` where `sh_name` is past the end of the table or there is no table.
    pub names: Vec<Option<&'data [u8]>>,
    /// Program headers; empty if the file has none or they cannot be read.
    pub segments: Vec<ProgramHeader>,
    /// Whether the program headers could be read (an empty table reads fine).
    pub segments_ok: bool,
}

impl<'data> FileInfo<'data> {
    /// Copy what we need out of `file`. Unreadable section or program header tables give
    /// empty lists; the caller decides whether that is an error.
    pub fn new(file: &ElfFile<'data>) -> Self {
        let sections = file
            .section_headers()
            .map(<[_]>::to_vec)
            .unwrap_or_default();
        let shstrtab = file.shstrtab().ok();
        let names = sections
            .iter()
            .map(|s| shstrtab.and_then(|t| t.get_lenient(s.sh_name).ok()))
            .collect();
        let segments = file.program_headers().map(<[_]>::to_vec);
        Self {
            data: file.data(),
            class: file.class(),
            endian: file.endian(),
            header: *file.header(),
            sections,
            names,
            segments_ok: segments.is_ok(),
            segments: segments.unwrap_or_default(),
        }
    }

    /// `e_machine`.
    pub fn machine(&self) -> u16 {
        self.header.e_machine
    }

    /// Whether the file is relocatable (`ET_REL`): its sections all start at their own 0.
    pub fn is_rel(&self) -> bool {
        self.header.e_type == ET_REL
    }

    /// The header of section `index`.
    pub fn section(&self, index: u32) -> Option<&SectionHeader> {
        self.sections.get(index as usize)
    }

    /// The name of section `index`.
    pub fn section_name(&self, index: u32) -> Option<&'data [u8]> {
        self.names.get(index as usize).copied().flatten()
    }

    /// The first section named `name`, with its index.
    pub fn section_by_name(&self, name: &[u8]) -> Option<(u32, &SectionHeader)> {
        let i = self.names.iter().position(|n| *n == Some(name))?;
        Some((i as u32, self.sections.get(i)?))
    }

    /// The bytes of section `index` in the file (`None` for `SHT_NOBITS`, or out of bounds).
    pub fn section_data(&self, index: u32) -> Option<&'data [u8]> {
        let s = self.section(index)?;
        if !s.has_file_data() {
            return None;
        }
        let start = usize::try_from(s.sh_offset).ok()?;
        let len = usize::try_from(s.sh_size).ok()?;
        self.data.get(start..start.checked_add(len)?)
    }

    /// The address range `[start, end)` of section `index`: `sh_addr` and `sh_size`.
    ///
    /// In a linked file only `SHF_ALLOC` sections have addresses; in a relocatable file
    /// every section does (usually starting at 0).
    pub fn section_range(&self, index: u32) -> Option<(u64, u64)> {
        let s = self.section(index)?;
        if index == 0 || (!self.is_rel() && s.sh_flags & u64::from(SHF_ALLOC) == 0) {
            return None;
        }
        Some((s.sh_addr, s.sh_addr.saturating_add(s.sh_size)))
    }

    /// In a file without section headers, the address range `[start, end)` of the
    /// `PT_LOAD` segment holding `addr`: what stands for a symbol's section there.
    pub fn segment_range(&self, addr: u64) -> Option<(u64, u64)> {
        if !self.sections.is_empty() {
            return None;
        }
        self.segments
            .iter()
            .filter(|p| p.p_type == PT_LOAD)
            .map(|p| (p.p_vaddr, p.p_vaddr.saturating_add(p.p_memsz)))
            .find(|&(lo, hi)| lo <= addr && addr < hi)
    }

    /// The entries of the first `SHT_DYNAMIC` section.
    pub fn dynamic_section(&self) -> Option<DynamicTable<'data>> {
        let i = self
            .sections
            .iter()
            .position(|s| s.sh_type == SHT_DYNAMIC)?;
        let data = self.section_data(i as u32)?;
        Some(DynamicTable::new(data, self.class, self.endian))
    }
}
