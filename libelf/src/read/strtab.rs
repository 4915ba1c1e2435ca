//! String tables (`SHT_STRTAB`).

use std::cmp::Ordering;

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

/// Finds strings in a string table, suffixes of longer strings included, in time
/// logarithmic in the table's size: where `s` followed by a NUL first occurs, as a linear
/// search would find it (`table.windows(..).position(..)`), without that search's cost
/// when every string of a large table is looked up.
///
/// ```
/// use libelf::read::StringFinder;
/// let table = b"\0.rela.text\0.text\0x\0";
/// let f = StringFinder::new(table);
/// assert_eq!(f.find(b".text"), Some(6)); // the tail of `.rela.text`, first
/// assert_eq!(f.find(b".rela.text"), Some(1));
/// assert_eq!(f.find(b"x"), Some(18));
/// assert_eq!(f.find(b""), Some(0));
/// assert_eq!(f.find(b".data"), None);
/// ```
#[derive(Debug, Clone)]
pub struct StringFinder<'data> {
    data: &'data [u8],
    /// `(start, end)` of each NUL-terminated string (`end` at its NUL), in table order.
    strings: Vec<(u32, u32)>,
    /// The strings sorted by their bytes read backwards, so that the strings ending in a
    /// given suffix are one run; each with its first 8 bytes backwards as a number (most
    /// comparisons end there, without reading the table) and its length.
    by_tail: Vec<Tail>,
    /// A segment tree over `by_tail`: the smallest string number in each node's range.
    tree: Vec<u32>,
}

/// A string in [`StringFinder`]'s order.
#[derive(Debug, Clone, Copy)]
struct Tail {
    key: u64,
    index: u32,
    len: u32,
}

/// The first 8 bytes of `s` read backwards, big-endian, padded with zeros (strings hold
/// no NUL, so the padding sorts before any byte, as the end of a string does).
fn tail_key(s: &[u8]) -> u64 {
    let mut k = 0u64;
    for j in 0..8 {
        k <<= 8;
        if let Some(&b) = s.len().checked_sub(j + 1).and_then(|i| s.get(i)) {
            k |= u64::from(b);
        }
    }
    k
}

impl<'data> StringFinder<'data> {
    /// Index the NUL-terminated strings of `data` (bytes after the last NUL are not a
    /// string: nothing can be found there). Tables of 4 GiB or more are indexed up to
    /// 4 GiB.
    pub fn new(data: &'data [u8]) -> Self {
        let data = data.get(..u32::MAX as usize).unwrap_or(data);
        let mut strings = Vec::new();
        let mut start = 0usize;
        for nul in memchr::memchr_iter(0, data) {
            strings.push((start as u32, nul as u32));
            start = nul + 1;
        }
        let bytes = |i: u32| -> &[u8] {
            let (s, e) = strings.get(i as usize).copied().unwrap_or_default();
            data.get(s as usize..e as usize).unwrap_or_default()
        };
        let mut by_tail: Vec<Tail> = (0..strings.len() as u32)
            .map(|i| {
                let b = bytes(i);
                Tail {
                    key: tail_key(b),
                    index: i,
                    len: b.len() as u32,
                }
            })
            .collect();
        by_tail.sort_unstable_by(|a, b| {
            a.key
                .cmp(&b.key)
                .then_with(|| bytes(a.index).iter().rev().cmp(bytes(b.index).iter().rev()))
                .then(a.index.cmp(&b.index))
        });
        let n = by_tail.len();
        let mut tree = vec![u32::MAX; 2 * n];
        for (t, b) in tree.iter_mut().skip(n).zip(&by_tail) {
            *t = b.index;
        }
        for i in (1..n).rev() {
            let m = tree
                .get(2 * i)
                .copied()
                .unwrap_or(u32::MAX)
                .min(tree.get(2 * i + 1).copied().unwrap_or(u32::MAX));
            if let Some(t) = tree.get_mut(i) {
                *t = m;
            }
        }
        StringFinder {
            data,
            strings,
            by_tail,
            tree,
        }
    }

    fn string(&self, i: u32) -> &'data [u8] {
        let (s, e) = self.strings.get(i as usize).copied().unwrap_or_default();
        self.data.get(s as usize..e as usize).unwrap_or_default()
    }

    /// The smallest string number among `by_tail[lo..hi]`.
    fn min_in(&self, lo: usize, hi: usize) -> u32 {
        let n = self.by_tail.len();
        let (mut lo, mut hi, mut m) = (lo + n, hi + n, u32::MAX);
        while lo < hi {
            if lo & 1 == 1 {
                m = m.min(self.tree.get(lo).copied().unwrap_or(u32::MAX));
                lo += 1;
            }
            if hi & 1 == 1 {
                hi -= 1;
                m = m.min(self.tree.get(hi).copied().unwrap_or(u32::MAX));
            }
            lo /= 2;
            hi /= 2;
        }
        m
    }

    /// Where `t` sorts against the strings ending in `s` (`Equal`: it is one of them).
    fn tail_cmp(&self, t: &Tail, s: &[u8], s_key: u64) -> Ordering {
        let k = (t.len as usize).min(s.len()).min(8);
        let mask = if k == 0 { 0 } else { !0u64 << (64 - 8 * k) };
        match (t.key & mask).cmp(&(s_key & mask)) {
            Ordering::Equal => {}
            o => return o,
        }
        if (t.len as usize) < s.len() && k < 8 {
            return Ordering::Less;
        }
        if k < 8 {
            return Ordering::Equal;
        }
        // Both 8 bytes or longer and alike there: compare the rest backwards.
        let t = self.string(t.index);
        let k = t.len().min(s.len());
        let tail = t.get(t.len() - k..).unwrap_or_default();
        match tail
            .iter()
            .rev()
            .cmp(s.get(s.len() - k..).unwrap_or_default().iter().rev())
        {
            Ordering::Equal if t.len() < s.len() => Ordering::Less,
            o => o,
        }
    }

    /// The offset of the first occurrence of `s` followed by a NUL, if any.
    pub fn find(&self, s: &[u8]) -> Option<u32> {
        if s.contains(&0) {
            // Spans several strings: rare enough for a plain search.
            let mut needle = s.to_vec();
            needle.push(0);
            return memchr::memmem::find(self.data, &needle).map(|p| p as u32);
        }
        let key = tail_key(s);
        let lo = self
            .by_tail
            .partition_point(|t| self.tail_cmp(t, s, key) == Ordering::Less);
        // The run of strings ending in `s`, usually short: galloped, not bisected.
        let rest = self.by_tail.get(lo..).unwrap_or_default();
        let mut step = 1;
        while rest
            .get(step - 1)
            .is_some_and(|t| self.tail_cmp(t, s, key) == Ordering::Equal)
        {
            step *= 2;
        }
        let window = rest.get(..step.min(rest.len())).unwrap_or_default();
        let hi = lo + window.partition_point(|t| self.tail_cmp(t, s, key) == Ordering::Equal);
        if lo == hi {
            return None;
        }
        let first = self.min_in(lo, hi);
        let (_, end) = self.strings.get(first as usize).copied()?;
        Some(end - s.len() as u32)
    }
}

#[cfg(test)]
mod tests {
    use super::StringFinder;
    use proptest::prelude::*;

    fn linear(table: &[u8], s: &[u8]) -> Option<u32> {
        let mut needle = s.to_vec();
        needle.push(0);
        table
            .windows(needle.len())
            .position(|w| w == needle.as_slice())
            .map(|p| p as u32)
    }

    proptest! {
        #[test]
        fn finds_what_a_linear_search_finds(
            table in prop::collection::vec(prop::sample::select(vec![0u8, b'a', b'b', b'.']), 0..64),
            s in prop::collection::vec(prop::sample::select(vec![0u8, b'a', b'b', b'.']), 0..6),
        ) {
            prop_assert_eq!(StringFinder::new(&table).find(&s), linear(&table, &s));
        }

        /// Long strings alike in their last 8 bytes and more: the full comparison.
        #[test]
        fn long_tails_too(
            table in prop::collection::vec(prop::sample::select(vec![0u8, b'a', b'a', b'a', b'a', b'a', b'a', b'b']), 0..200),
            s in prop::collection::vec(prop::sample::select(vec![b'a', b'a', b'a', b'b']), 0..14),
        ) {
            prop_assert_eq!(StringFinder::new(&table).find(&s), linear(&table, &s));
        }
    }
}
