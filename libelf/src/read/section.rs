//! [`Section`]: one section of an [`ElfFile`].

use std::borrow::Cow;

use super::{ElfFile, SectionHeader, SectionIndex};
use crate::compression::{self, Compression};
use crate::{Endian, Result};

/// A section of an [`ElfFile`]: its index, header, name and bytes.
#[derive(Debug, Clone, Copy)]
pub struct Section<'file, 'data> {
    pub(crate) file: &'file ElfFile<'data>,
    pub(crate) index: SectionIndex,
    pub(crate) header: &'file SectionHeader,
}

impl<'file, 'data> Section<'file, 'data> {
    /// The file the section belongs to.
    pub fn file(&self) -> &'file ElfFile<'data> {
        self.file
    }

    /// The byte order of its file, which its contents are read in.
    pub fn endian(&self) -> Endian {
        self.file.endian()
    }

    /// Its index in the section header table.
    pub fn index(&self) -> SectionIndex {
        self.index
    }

    /// Its header.
    pub fn header(&self) -> &'file SectionHeader {
        self.header
    }

    /// Its name, as bytes (names need not be UTF-8).
    ///
    /// # Errors
    /// Those of [`ElfFile::shstrtab`], and [`Error::BadStringOffset`](crate::Error::BadStringOffset) for a bad `sh_name`.
    pub fn name_bytes(&self) -> Result<&'data [u8]> {
        self.file.shstrtab()?.get(self.header.sh_name)
    }

    /// Its name, lossily decoded as UTF-8.
    ///
    /// # Errors
    /// Those of [`Section::name_bytes`].
    pub fn name(&self) -> Result<Cow<'data, str>> {
        Ok(String::from_utf8_lossy(self.name_bytes()?))
    }

    /// Its bytes in the file, as stored (compressed sections stay compressed).
    ///
    /// `SHT_NOBITS` and `SHT_NULL` sections have no bytes in the file: an empty slice.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`](crate::Error::OutOfBounds) if `sh_offset`/`sh_size` do not fit in the file.
    pub fn data(&self) -> Result<&'data [u8]> {
        if !self.header.has_file_data() {
            return Ok(&[]);
        }
        crate::slice(
            self.file.data(),
            self.header.sh_offset,
            self.header.sh_size,
            "section",
        )
    }

    /// How the section is compressed, if it is: `SHF_COMPRESSED` with its header, or a
    /// legacy `.zdebug*` section that starts with `ZLIB`.
    ///
    /// # Errors
    /// Those of [`Section::data`], and [`Error::Malformed`](crate::Error::Malformed) for a truncated header.
    pub fn compression(&self) -> Result<Option<Compression>> {
        let name = self.name_bytes().unwrap_or(b"");
        compression::detect(
            self.header,
            name,
            self.data()?,
            self.file.class(),
            self.file.endian(),
        )
    }

    /// Its bytes, decompressed if the section is compressed; borrowed otherwise.
    ///
    /// # Errors
    /// Those of [`Section::compression`] and of [`compression::decompress`].
    pub fn decompressed(&self) -> Result<Cow<'data, [u8]>> {
        let data = self.data()?;
        match self.compression()? {
            None => Ok(Cow::Borrowed(data)),
            Some(c) => {
                compression::decompress(&c, data, compression::DEFAULT_LIMIT).map(Cow::Owned)
            }
        }
    }

    /// The section its `sh_link` names.
    ///
    /// # Errors
    /// [`Error::BadSectionIndex`](crate::Error::BadSectionIndex) if `sh_link` is out of range.
    pub fn link(&self) -> Result<Section<'file, 'data>> {
        self.file.section(SectionIndex(self.header.sh_link))
    }
}
