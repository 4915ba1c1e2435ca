//! The dynamic section (`SHT_DYNAMIC`, `PT_DYNAMIC`).

use super::Dyn;
use crate::raw::{self, Rec};
use crate::{Class, Endian};

/// A table of dynamic entries over raw bytes (from a section or a segment).
///
/// Iteration yields every whole entry, `DT_NULL` and what follows it included, so a
/// caller can show the padding as GNU readelf does or stop at the first `DT_NULL`.
#[derive(Debug, Clone, Copy)]
pub struct DynamicTable<'data> {
    data: &'data [u8],
    class: Class,
    endian: Endian,
}

impl<'data> DynamicTable<'data> {
    /// A table over `data`.
    pub fn new(data: &'data [u8], class: Class, endian: Endian) -> Self {
        DynamicTable {
            data,
            class,
            endian,
        }
    }

    /// Number of whole entries.
    pub fn len(&self) -> usize {
        self.data.len() / raw::size_of(Rec::Dyn, self.class)
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// All entries in order.
    pub fn iter(&self) -> impl Iterator<Item = Dyn> + '_ {
        let size = raw::size_of(Rec::Dyn, self.class);
        (0..self.len())
            .filter_map(move |i| raw::dynamic(self.data, i * size, self.class, self.endian).ok())
    }

    /// Entries up to and including the first `DT_NULL`.
    pub fn until_null(&self) -> impl Iterator<Item = Dyn> + '_ {
        let mut done = false;
        self.iter().take_while(move |d| {
            let keep = !done;
            done |= d.d_tag == 0;
            keep
        })
    }

    /// The value of the first entry with tag `tag`.
    pub fn find(&self, tag: i64) -> Option<u64> {
        self.until_null().find(|d| d.d_tag == tag).map(|d| d.d_val)
    }
}
