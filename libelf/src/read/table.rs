//! Tables of fixed-size records decoded with the caller's stride.
//!
//! [`ElfFile`](super::ElfFile) reads its header tables with the entry size the ELF header
//! declares. A program that must read them another way (GNU readelf decodes a section or
//! program header table as an array of the external record, whatever `e_shentsize` or
//! `e_phentsize` says) reads the table's bytes itself and decodes them here.

use super::{Dyn, ProgramHeader, SectionHeader, Sym};
use crate::{Class, Endian, Error, Result};

/// A fixed-size ELF record that libelf decodes class-independently.
pub trait Record: Sized {
    /// Size of the record in the file for `class`.
    fn record_size(class: Class) -> usize;
    /// Decode the record at `offset` in `data`.
    ///
    /// # Errors
    /// [`Error::Malformed`] if it does not fit in `data`.
    fn parse_at(data: &[u8], offset: usize, class: Class, endian: Endian) -> Result<Self>;
}

macro_rules! record {
    ($($ty:ty),*) => {$(
        impl Record for $ty {
            fn record_size(class: Class) -> usize {
                <$ty>::size(class)
            }
            fn parse_at(data: &[u8], offset: usize, class: Class, endian: Endian) -> Result<Self> {
                <$ty>::parse(data, offset, class, endian)
            }
        }
    )*};
}
record!(SectionHeader, ProgramHeader, Sym, Dyn);

/// Where each record of a table starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stride {
    /// Every `n` bytes: the table's declared entry size (`e_shentsize`, `sh_entsize`, …).
    /// Less than the record size is an error.
    Bytes(usize),
    /// Every record size, whatever entry size the file declares (GNU readelf's reading).
    Record,
}

/// Decode `count` records of type `T` laid out from the start of `data` every `stride`.
///
/// Nothing is allocated before the whole table is known to lie in `data`.
///
/// ```
/// use libelf::read::{parse_table, ProgramHeader, Stride};
/// use libelf::{Class, Endian};
/// // Two 32-bit program headers declared 40 bytes apart: the padding is skipped.
/// let mut bytes = vec![0u8; 80];
/// bytes[0] = 1; // PT_LOAD
/// bytes[40] = 2; // PT_DYNAMIC
/// let v: Vec<ProgramHeader> =
///     parse_table(&bytes, 2, Stride::Bytes(40), Class::Elf32, Endian::Little)?;
/// assert_eq!((v[0].p_type, v[1].p_type), (1, 2));
/// // Read as GNU readelf reads it, the second record starts at 32.
/// let v: Vec<ProgramHeader> = parse_table(&bytes, 2, Stride::Record, Class::Elf32, Endian::Little)?;
/// assert_eq!(v[1].p_type, 0);
/// # Ok::<(), libelf::Error>(())
/// ```
///
/// # Errors
/// [`Error::BadValue`] if a [`Stride::Bytes`] stride is smaller than the record;
/// [`Error::OutOfBounds`] if the table does not fit in `data`.
pub fn parse_table<T: Record>(
    data: &[u8],
    count: usize,
    stride: Stride,
    class: Class,
    endian: Endian,
) -> Result<Vec<T>> {
    let rec = T::record_size(class);
    let step = match stride {
        Stride::Record => rec,
        Stride::Bytes(n) if n < rec => {
            return Err(Error::BadValue {
                what: "table entry size",
                value: n as u64,
            })
        }
        Stride::Bytes(n) => n,
    };
    let end = match count.checked_sub(1) {
        None => return Ok(Vec::new()),
        Some(last) => last.checked_mul(step).and_then(|o| o.checked_add(rec)),
    };
    if end.is_none_or(|e| e > data.len()) {
        return Err(Error::OutOfBounds {
            what: "table",
            offset: 0,
            size: (count as u64).saturating_mul(step as u64),
            len: data.len() as u64,
        });
    }
    (0..count)
        .map(|i| T::parse_at(data, i * step, class, endian))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::{ElfFile, ParseOptions};

    #[test]
    fn stride_and_bounds() {
        let bytes = [0u8; 100];
        let le = Endian::Little;
        // Three 32-bit section headers (40 bytes) need 120 bytes.
        let r = parse_table::<SectionHeader>(&bytes, 3, Stride::Record, Class::Elf32, le);
        assert!(matches!(r, Err(Error::OutOfBounds { .. })));
        let r = parse_table::<SectionHeader>(&bytes, 2, Stride::Bytes(39), Class::Elf32, le);
        assert!(matches!(r, Err(Error::BadValue { .. })));
        let r = parse_table::<SectionHeader>(&bytes, 2, Stride::Bytes(60), Class::Elf32, le);
        assert_eq!(r.map(|v| v.len()), Ok(2));
        let r = parse_table::<Dyn>(&bytes, 0, Stride::Bytes(usize::MAX), Class::Elf64, le);
        assert_eq!(r, Ok(Vec::new()));
        let r = parse_table::<Sym>(&bytes, usize::MAX, Stride::Record, Class::Elf64, le);
        assert!(r.is_err());
    }

    #[test]
    fn unknown_ident_strict_or_lenient() {
        // (EI_CLASS, EI_DATA, the field refused, what GNU readelf's leniency reads)
        for (class, data, what, bad, lenient) in [
            (3, 1, "EI_CLASS", 3, (Class::Elf32, Endian::Little)), // no such class
            (2, 0, "EI_DATA", 0, (Class::Elf64, Endian::Little)),  // ELFDATANONE
        ] {
            let mut h = vec![0u8; 64];
            h[..4].copy_from_slice(b"\x7fELF");
            h[4] = class;
            h[5] = data;
            assert!(
                matches!(ElfFile::parse(&h), Err(Error::BadValue { what: w, value })
                    if w == what && value == bad),
                "{what}"
            );
            let f = ElfFile::parse_with(&h, ParseOptions::gnu_readelf());
            assert_eq!(
                f.map(|f| (f.class(), f.endian())).ok(),
                Some(lenient),
                "{what}"
            );
        }
    }
}
