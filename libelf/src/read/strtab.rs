//! String tables (`SHT_STRTAB`).

use crate::{Error, Result};

/// A string table: NUL-terminated strings addressed by offset.
#[derive(Debug, Clone, Copy, Default)]
pub struct StringTable<'data> {
    data: &'data [u8],
}

impl<'data> StringTable<'data> {
    /// A string table over `data`.
    pub fn new(data: &'data [u8]) -> Self {
        StringTable { data }
    }

    /// The table's bytes.
    pub fn data(&self) -> &'data [u8] {
        self.data
    }

    /// The string at `offset`, without its terminating NUL.
    ///
    /// # Errors
    /// [`Error::BadStringOffset`] if `offset` is past the end of the table or the string
    /// runs to the end of the table without a NUL.
    pub fn get(&self, offset: u32) -> Result<&'data [u8]> {
        let err = Error::BadStringOffset {
            offset: u64::from(offset),
            size: self.data.len() as u64,
        };
        let rest = self.data.get(offset as usize..).ok_or(err.clone())?;
        let end = rest.iter().position(|&b| b == 0).ok_or(err.clone())?;
        rest.get(..end).ok_or(err)
    }

    /// The string at `offset`, up to the end of the table if it is not terminated.
    ///
    /// This is what GNU readelf prints for a string that runs off its table.
    ///
    /// # Errors
    /// [`Error::BadStringOffset`] if `offset` is past the end of the table.
    pub fn get_lenient(&self, offset: u32) -> Result<&'data [u8]> {
        let rest = self
            .data
            .get(offset as usize..)
            .filter(|r| !r.is_empty())
            .ok_or(Error::BadStringOffset {
                offset: u64::from(offset),
                size: self.data.len() as u64,
            })?;
        Ok(rest.split(|&b| b == 0).next().unwrap_or(rest))
    }
}
