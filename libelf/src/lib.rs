//! Read, edit and write ELF objects and `ar` archives.
//!
//! libelf is the foundation of the suite: every other crate gets its bytes through it.
//!
//! - [`read`]: zero-copy views over `&[u8]`: [`ElfFile`] and its file header, section and
//!   program headers, string tables, symbols, relocations (REL, RELA, RELR), dynamic
//!   entries, notes, symbol versions, section groups and hash tables. Every class,
//!   byte order and machine; extended numbering (`SHN_XINDEX`, `PN_XNUM`). Nothing is
//!   parsed until asked, and every offset and size from the file is checked.
//! - [`compression`]: `SHF_COMPRESSED` (zlib, zstd) and legacy `.zdebug` sections, both ways.
//! - [`edit`]: an owned, editable [`edit::Object`] built from a file or from scratch; writing
//!   it back unmodified reproduces the input byte for byte.
//! - [`archive`]: `ar` archives (GNU and BSD names, 32/64-bit symbol index, thin archives).
//! - [`reloc`]: what each machine's relocation types do, and applying them to a
//!   section's bytes (the debug sections of relocatable objects).
//! - [`consts`]: the gABI constants.
//! - [`output`]: writing a file so that it is replaced whole or not at all.
//!
//! # Example
//!
//! ```
//! use libelf::ElfFile;
//!
//! # fn main() -> libelf::Result<()> {
//! // A minimal ELF64 header: 64 bytes, no sections, no segments.
//! let mut bytes = vec![0u8; 64];
//! bytes[..4].copy_from_slice(b"\x7fELF");
//! bytes[4] = 2; // ELFCLASS64
//! bytes[5] = 1; // ELFDATA2LSB
//! bytes[6] = 1; // EV_CURRENT
//! bytes[16] = 1; // ET_REL
//! bytes[52] = 64; // e_ehsize
//! let file = ElfFile::parse(&bytes)?;
//! assert_eq!(file.class(), libelf::Class::Elf64);
//! assert_eq!(file.header().e_type, libelf::consts::ET_REL);
//! assert_eq!(file.section_headers()?.len(), 0);
//! # Ok(())
//! # }
//! ```
//!
//! # Applying relocations
//!
//! In a relocatable object, what the debug sections say about code and about each other
//! waits for the linker, as relocations. A reader applies them to a copy of the
//! section, with the sections laid out where it wants them ([`reloc`]):
//!
//! ```
//! use libelf::read::SectionIndex;
//! use libelf::reloc::{relocate_section, Options};
//!
//! # fn main() -> libelf::Result<()> {
//! let bytes = include_bytes!("../../tests/data/x86_64.o");
//! let file = libelf::ElfFile::parse(bytes)?;
//! let text = file.section_by_name(b".text")?.expect("a .text").index();
//! let aranges = file.section_by_name(b".debug_aranges")?.expect("a .debug_aranges");
//! let mut data = aranges.data()?.to_vec();
//! // Lay .text out at 0x1000, everything else at 0.
//! let at = |i: SectionIndex| if i == text { 0x1000 } else { 0 };
//! let skipped = relocate_section(&file, aranges.index(), &mut data, Options::bfd(), at)?;
//! assert_eq!(skipped, 0);
//! // The first address range (after the 16-byte header) now starts at .text.
//! assert_eq!(data[16..24], 0x1000u64.to_le_bytes());
//! # Ok(())
//! # }
//! ```
//!
//! # Cargo features
//! None yet: compression (flate2, zstd) is always built.

#![forbid(unsafe_code)]

pub mod archive;
pub mod compression;
pub mod consts;
pub mod edit;
mod error;
pub mod leb128;
pub mod names;
pub mod output;
mod raw;
pub mod read;
pub mod reloc;
#[doc(hidden)]
pub mod walk;

pub use error::{Error, Result};
pub use read::ElfFile;

/// ELF file class: the width of addresses and offsets.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    /// `ELFCLASS32`.
    Elf32,
    /// `ELFCLASS64`.
    Elf64,
}

impl Class {
    /// Size in bytes of an address in this class.
    pub fn addr_size(self) -> usize {
        match self {
            Class::Elf32 => 4,
            Class::Elf64 => 8,
        }
    }
}

/// Byte order of the file's multi-byte fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endian {
    /// `ELFDATA2LSB`.
    Little,
    /// `ELFDATA2MSB`.
    Big,
}

/// Check that `offset..offset+size` lies within `data` and return it.
///
/// # Errors
/// [`Error::OutOfBounds`] if it does not (overflow included).
pub(crate) fn slice<'d>(
    data: &'d [u8],
    offset: u64,
    size: u64,
    what: &'static str,
) -> Result<&'d [u8]> {
    let err = || Error::OutOfBounds {
        what,
        offset,
        size,
        len: data.len() as u64,
    };
    let start = usize::try_from(offset).map_err(|_| err())?;
    let len = usize::try_from(size).map_err(|_| err())?;
    let end = start.checked_add(len).ok_or_else(err)?;
    data.get(start..end).ok_or_else(err)
}
