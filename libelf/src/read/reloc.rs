//! Relocations: `SHT_REL`, `SHT_RELA` and `SHT_RELR`.

use super::{Reloc, Section};
use crate::consts::SHT_RELA;
use crate::raw::{self, Rec};
use crate::{Class, Endian, Result};

/// Decode a table of REL or RELA entries from raw bytes.
///
/// `entsize` is the stride (`sh_entsize`); smaller or zero values fall back to the
/// size of the record. Trailing bytes that do not make a whole entry are ignored.
#[derive(Debug, Clone, Copy)]
pub struct RelocTable<'data> {
    data: &'data [u8],
    rela: bool,
    entsize: usize,
    class: Class,
    endian: Endian,
}

impl<'data> RelocTable<'data> {
    /// A table over `data`.
    pub fn new(data: &'data [u8], rela: bool, entsize: u64, class: Class, endian: Endian) -> Self {
        let min = raw::size_of(if rela { Rec::Rela } else { Rec::Rel }, class);
        let entsize = match usize::try_from(entsize) {
            Ok(e) if e >= min => e,
            _ => min,
        };
        RelocTable {
            data,
            rela,
            entsize,
            class,
            endian,
        }
    }

    /// The table of a `SHT_REL` or `SHT_RELA` section.
    ///
    /// # Errors
    /// Those of [`Section::data`].
    pub fn parse(section: &Section<'_, 'data>) -> Result<Self> {
        let f = section.file();
        Ok(Self::new(
            section.data()?,
            section.header().sh_type == SHT_RELA,
            section.header().sh_entsize,
            f.class(),
            f.endian(),
        ))
    }

    /// Whether entries carry an addend.
    pub fn is_rela(&self) -> bool {
        self.rela
    }

    /// Number of whole entries.
    pub fn len(&self) -> usize {
        self.data.len() / self.entsize
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entries in order.
    pub fn iter(&self) -> impl Iterator<Item = Reloc> + '_ {
        (0..self.len()).filter_map(move |i| {
            raw::reloc(
                self.data,
                i * self.entsize,
                self.rela,
                self.class,
                self.endian,
            )
            .ok()
        })
    }
}

/// Decode a `SHT_RELR` table into the addresses it relocates.
///
/// An even entry is an address; an odd entry is a bitmap of the next `8 * wordsize - 1`
/// words after the last address (gABI "Relative Relocation Table").
#[derive(Debug, Clone, Copy)]
pub struct RelrTable<'data> {
    data: &'data [u8],
    class: Class,
    endian: Endian,
}

impl<'data> RelrTable<'data> {
    /// A table over `data`.
    pub fn new(data: &'data [u8], class: Class, endian: Endian) -> Self {
        RelrTable {
            data,
            class,
            endian,
        }
    }

    /// The raw entries.
    pub fn entries(&self) -> impl Iterator<Item = u64> + '_ {
        let w = self.class.addr_size();
        (0..self.data.len() / w)
            .filter_map(move |i| raw::uint(self.data, i * w, w, self.endian).ok())
    }

    /// The relocated addresses, in table order.
    pub fn addresses(&self) -> impl Iterator<Item = u64> + '_ {
        let w = self.class.addr_size() as u64;
        let bits = 8 * w - 1;
        let mut base = 0u64;
        self.entries().flat_map(move |e| {
            let mut out = Vec::new();
            if e & 1 == 0 {
                out.push(e);
                base = e.wrapping_add(w);
            } else {
                let mut map = e >> 1;
                let mut addr = base;
                while map != 0 {
                    if map & 1 != 0 {
                        out.push(addr);
                    }
                    map >>= 1;
                    addr = addr.wrapping_add(w);
                }
                base = base.wrapping_add(bits * w);
            }
            out
        })
    }
}
