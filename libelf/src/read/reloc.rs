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

    /// Number of whole entries (`size / wordsize`, as GNU readelf counts them).
    pub fn len(&self) -> usize {
        self.data.len() / self.class.addr_size()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The relocated addresses, in table order.
    ///
    /// Address arithmetic wraps, as GNU readelf's does, so a malformed table yields
    /// wrapped addresses rather than an error.
    pub fn addresses(&self) -> RelrAddresses<'data> {
        RelrAddresses {
            table: *self,
            next: 0,
            base: 0,
            map: 0,
            addr: 0,
        }
    }
}

/// The addresses of a [`RelrTable`], decoded entry by entry without allocating.
#[derive(Debug, Clone)]
pub struct RelrAddresses<'data> {
    table: RelrTable<'data>,
    /// Index of the next entry to read.
    next: usize,
    /// Where the next bitmap entry starts.
    base: u64,
    /// The bits of the current bitmap not yet shifted out.
    map: u64,
    /// The address of the lowest bit of `map`.
    addr: u64,
}

impl Iterator for RelrAddresses<'_> {
    type Item = u64;

    fn next(&mut self) -> Option<u64> {
        let w = self.table.class.addr_size();
        let step = w as u64;
        loop {
            while self.map != 0 {
                let (bit, addr) = (self.map & 1, self.addr);
                self.map >>= 1;
                self.addr = self.addr.wrapping_add(step);
                if bit != 0 {
                    return Some(addr);
                }
            }
            let at = self.next.checked_mul(w)?;
            let e = raw::uint(self.table.data, at, w, self.table.endian).ok()?;
            self.next += 1;
            if e & 1 == 0 {
                self.base = e.wrapping_add(step);
                return Some(e);
            }
            self.map = e >> 1;
            self.addr = self.base;
            self.base = self.base.wrapping_add((8 * step - 1).wrapping_mul(step));
        }
    }
}

impl core::iter::FusedIterator for RelrAddresses<'_> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn relr_addresses() {
        // 0x1000, then a bitmap of words 1 and 3 after it, then 0x2000.
        let mut data = Vec::new();
        for v in [0x1000u64, (0b101 << 1) | 1, 0x2000] {
            data.extend_from_slice(&v.to_le_bytes());
        }
        let t = RelrTable::new(&data, Class::Elf64, Endian::Little);
        assert_eq!(t.len(), 3);
        let got: Vec<u64> = t.addresses().collect();
        assert_eq!(got, [0x1000, 0x1008, 0x1018, 0x2000]);
        // ELF32 big-endian; two bitmaps in a row: the second starts 31 words later.
        let mut data = Vec::new();
        for v in [0x100u32, 0b11, 0b11] {
            data.extend_from_slice(&v.to_be_bytes());
        }
        let t = RelrTable::new(&data, Class::Elf32, Endian::Big);
        let got: Vec<u64> = t.addresses().collect();
        assert_eq!(got, [0x100, 0x104, 0x104 + 31 * 4]);
        // A trailing partial entry is not read; an empty table yields nothing.
        assert_eq!(
            RelrTable::new(&data[..5], Class::Elf32, Endian::Big).len(),
            1
        );
        assert_eq!(
            RelrTable::new(&[], Class::Elf64, Endian::Big)
                .addresses()
                .count(),
            0
        );
    }
}
