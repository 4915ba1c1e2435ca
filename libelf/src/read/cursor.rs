//! [`Cursor`]: reading integers one after another in a file's byte order.

use crate::{Endian, Error, Result};

/// A position in a byte slice that reads integers in one byte order, for the many small
/// formats inside ELF sections (notes, attributes, unwind tables, archive indexes).
///
/// A read that does not fit leaves the cursor where it was and returns
/// [`Error::Malformed`] naming the offset.
///
/// ```
/// use libelf::read::Cursor;
/// use libelf::Endian;
/// let mut c = Cursor::new(&[1, 0, 0, 0, 0x12, 0x34, 9], Endian::Little);
/// assert_eq!(c.read_u32()?, 1);
/// assert_eq!(c.read_uint(2)?, 0x3412);
/// assert!(c.read_u16().is_err());
/// assert_eq!((c.offset(), c.remaining()), (6, 1));
/// assert_eq!(c.bytes(1)?, &[9]);
/// assert!(c.is_empty());
/// # Ok::<(), libelf::Error>(())
/// ```
#[derive(Debug, Clone, Copy)]
pub struct Cursor<'data> {
    data: &'data [u8],
    pos: usize,
    endian: Endian,
}

impl<'data> Cursor<'data> {
    /// A cursor at the start of `data`.
    pub fn new(data: &'data [u8], endian: Endian) -> Self {
        Cursor {
            data,
            pos: 0,
            endian,
        }
    }

    /// A cursor at `offset` in `data` (past the end, every read fails).
    pub fn at(data: &'data [u8], offset: usize, endian: Endian) -> Self {
        Cursor {
            data,
            pos: offset,
            endian,
        }
    }

    /// The byte order of the reads.
    pub fn endian(&self) -> Endian {
        self.endian
    }

    /// Where the next read starts, from the start of the data.
    pub fn offset(&self) -> usize {
        self.pos
    }

    /// How many bytes are left.
    pub fn remaining(&self) -> usize {
        self.data.len().saturating_sub(self.pos)
    }

    /// Whether nothing is left.
    pub fn is_empty(&self) -> bool {
        self.remaining() == 0
    }

    /// The next `n` bytes.
    ///
    /// # Errors
    /// [`Error::Malformed`] if fewer are left.
    pub fn bytes(&mut self, n: usize) -> Result<&'data [u8]> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.data.len());
        let b = end
            .and_then(|e| self.data.get(self.pos..e))
            .ok_or(Error::Malformed {
                what: "bytes past the end of the data",
                offset: self.pos as u64,
            })?;
        self.pos += n;
        Ok(b)
    }

    /// Skip `n` bytes.
    ///
    /// # Errors
    /// [`Error::Malformed`] if fewer are left.
    pub fn skip(&mut self, n: usize) -> Result<()> {
        self.bytes(n).map(|_| ())
    }

    /// An unsigned integer of 1, 2, 4 or 8 bytes.
    ///
    /// # Errors
    /// [`Error::BadValue`] for another width; [`Error::Malformed`] if it does not fit.
    pub fn read_uint(&mut self, width: usize) -> Result<u64> {
        let v = super::read_uint(self.data, self.pos, width, self.endian)?;
        self.pos += width;
        Ok(v)
    }

    /// A byte.
    ///
    /// # Errors
    /// [`Error::Malformed`] at the end of the data.
    pub fn read_u8(&mut self) -> Result<u8> {
        self.read_uint(1).map(|v| v as u8)
    }

    /// A 16-bit integer.
    ///
    /// # Errors
    /// [`Error::Malformed`] if it does not fit.
    pub fn read_u16(&mut self) -> Result<u16> {
        self.read_uint(2).map(|v| v as u16)
    }

    /// A 32-bit integer.
    ///
    /// # Errors
    /// [`Error::Malformed`] if it does not fit.
    pub fn read_u32(&mut self) -> Result<u32> {
        self.read_uint(4).map(|v| v as u32)
    }

    /// A 64-bit integer.
    ///
    /// # Errors
    /// [`Error::Malformed`] if it does not fit.
    pub fn read_u64(&mut self) -> Result<u64> {
        self.read_uint(8)
    }
}
