//! Symbol hash tables: SysV `SHT_HASH` and GNU `SHT_GNU_HASH`.
//!
//! Both map a symbol name to the indexes of the dynamic symbols that may bear it. Every
//! chain walk here is bounded by the table's size, so a looping or unterminated chain
//! ends in an error, never in a hang.

use super::{Section, Symbol, SymbolIndex, SymbolTable};
use crate::consts::{EM_ALPHA, EM_S390, EM_S390_OLD};
use crate::raw;
use crate::{Class, Endian, Error, Result};

/// The SysV ELF hash of a name (gABI "Hash Table").
pub fn sysv_hash(name: &[u8]) -> u32 {
    name.iter().fold(0u32, |h, &c| {
        let h = (h << 4).wrapping_add(u32::from(c));
        let g = h & 0xf000_0000;
        (h ^ (g >> 24)) & !g
    })
}

/// The GNU hash of a name (`h = h * 33 + c`, from 5381).
pub fn gnu_hash(name: &[u8]) -> u32 {
    name.iter().fold(5381u32, |h, &c| {
        h.wrapping_mul(33).wrapping_add(u32::from(c))
    })
}

/// The size of a SysV hash table entry as GNU readelf chooses it: 8 for 64-bit Alpha and
/// S/390 (`EM_ALPHA`, `EM_S390`, the old `EM_S390` number), 4 otherwise.
pub fn sysv_hash_entry_size(machine: u16, class: Class) -> usize {
    match (machine, class) {
        (EM_ALPHA | EM_S390 | EM_S390_OLD, Class::Elf64) => 8,
        _ => 4,
    }
}

/// Bucket list lengths of a hash table, as `readelf -I` shows them.
///
/// [`Histogram::sysv`] and [`Histogram::gnu`] count from the words of a table already
/// read (a tool that reads the tables its own way, as GNU readelf does, through the
/// dynamic segment); [`SysvHashTable::histogram`] and [`GnuHashTable::histogram`] from a
/// parsed table.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Histogram {
    /// The length of each bucket's chain.
    pub lengths: Vec<u32>,
    /// `counts[n]`: how many buckets have a chain of length `n`.
    pub counts: Vec<u64>,
    /// The sum of the lengths.
    pub symbols: u64,
    /// How many chains were corrupt (GNU prints "histogram chain is corrupt" for each); a
    /// corrupt chain's length counts the entries read up to and including the bad one.
    pub corrupt_chains: u64,
}

impl Histogram {
    fn from_lengths(lengths: Vec<u32>, corrupt_chains: u64) -> Self {
        let max = lengths.iter().copied().max().unwrap_or(0) as usize;
        let mut counts = vec![0u64; max + 1];
        for &l in &lengths {
            if let Some(c) = counts.get_mut(l as usize) {
                *c += 1;
            }
        }
        let symbols = lengths.iter().map(|&l| u64::from(l)).sum();
        Histogram {
            lengths,
            counts,
            symbols,
            corrupt_chains,
        }
    }

    /// Whether a chain was corrupt.
    pub fn corrupt(&self) -> bool {
        self.corrupt_chains != 0
    }

    /// The histogram of a SysV hash table from its bucket and chain words, walked as GNU
    /// readelf walks them: a chain is corrupt where it reaches an index past the chains or
    /// one that any chain visited before.
    pub fn sysv(buckets: &[u64], chains: &[u64]) -> Self {
        let mut lengths = vec![0u32; buckets.len()];
        let mut visited = vec![false; chains.len()];
        let mut corrupt = 0;
        for (len, &first) in lengths.iter_mut().zip(buckets) {
            let mut si = first;
            while si > 0 {
                *len = len.saturating_add(1);
                match usize::try_from(si).ok().and_then(|i| visited.get_mut(i)) {
                    Some(v) if !*v => *v = true,
                    _ => {
                        corrupt += 1;
                        break;
                    }
                }
                si = usize::try_from(si)
                    .ok()
                    .and_then(|i| chains.get(i))
                    .copied()
                    .unwrap_or(0);
            }
        }
        Self::from_lengths(lengths, corrupt)
    }

    /// The histogram of a GNU hash table from its bucket words and its chain values
    /// (`chains[0]` is symbol `symoffset`'s): a chain runs to the value with bit 0 set or
    /// the end of `chains`; a bucket below `symoffset` counts one.
    pub fn gnu(buckets: &[u64], chains: &[u64], symoffset: u64) -> Self {
        let lengths = buckets
            .iter()
            .map(|&b| {
                if b == 0 {
                    return 0;
                }
                let mut length = 1u32;
                let mut off = b.wrapping_sub(symoffset);
                while let Some(&c) = usize::try_from(off).ok().and_then(|o| chains.get(o)) {
                    if c & 1 != 0 {
                        break;
                    }
                    length = length.saturating_add(1);
                    off += 1;
                }
                length
            })
            .collect();
        Self::from_lengths(lengths, 0)
    }
}

fn word(data: &[u8], i: u64, width: usize, e: Endian) -> Option<u64> {
    let off = usize::try_from(i).ok()?.checked_mul(width)?;
    raw::uint(data, off, width, e).ok()
}

fn name_is(symbols: &SymbolTable<'_>, index: u64, name: &[u8]) -> Option<bool> {
    let sym = symbols.get(SymbolIndex(u32::try_from(index).ok()?)).ok()?;
    Some(sym.name_bytes().ok()? == name)
}

/// A SysV hash table: `nbucket`, `nchain`, the buckets, then the chains, all entries of
/// 4 bytes (8 on 64-bit Alpha and S/390).
#[derive(Debug, Clone, Copy)]
pub struct SysvHashTable<'data> {
    nbucket: u64,
    nchain: u64,
    buckets: &'data [u8],
    chains: &'data [u8],
    width: usize,
    endian: Endian,
}

impl<'data> SysvHashTable<'data> {
    /// The table in `data`, with entries of `width` bytes (4 or 8).
    ///
    /// # Errors
    /// [`Error::BadValue`] for another width; [`Error::OutOfBounds`] if the header, the
    /// buckets or the chains do not fit in `data`.
    pub fn new(data: &'data [u8], endian: Endian, width: usize) -> Result<Self> {
        if width != 4 && width != 8 {
            return Err(Error::BadValue {
                what: "hash table entry size",
                value: width as u64,
            });
        }
        let w = width as u64;
        let header = crate::slice(data, 0, 2 * w, "hash table header")?;
        let nbucket = raw::uint(header, 0, width, endian)?;
        let nchain = raw::uint(header, width, width, endian)?;
        let size = |n: u64| n.saturating_mul(w);
        let buckets = crate::slice(data, 2 * w, size(nbucket), "hash buckets")?;
        let chains_at = 2 * w + buckets.len() as u64;
        let chains = crate::slice(data, chains_at, size(nchain), "hash chains")?;
        Ok(SysvHashTable {
            nbucket,
            nchain,
            buckets,
            chains,
            width,
            endian,
        })
    }

    /// The table of a `SHT_HASH` section, with the entry size of the file's machine
    /// ([`sysv_hash_entry_size`]).
    ///
    /// # Errors
    /// Those of [`Section::data`] and [`SysvHashTable::new`].
    pub fn parse(section: &Section<'_, 'data>) -> Result<Self> {
        let f = section.file();
        let width = sysv_hash_entry_size(f.header().e_machine, f.class());
        Self::new(section.data()?, f.endian(), width)
    }

    /// Number of buckets.
    pub fn nbucket(&self) -> u64 {
        self.nbucket
    }

    /// Number of chain entries (the number of symbols).
    pub fn nchain(&self) -> u64 {
        self.nchain
    }

    /// Size of an entry: 4 or 8.
    pub fn entry_size(&self) -> usize {
        self.width
    }

    /// Bucket `i`: the first symbol of its chain (0 for none).
    pub fn bucket(&self, i: u64) -> Option<u64> {
        word(self.buckets, i, self.width, self.endian)
    }

    /// Chain entry `i`: the symbol after symbol `i` (0 ends the chain).
    pub fn chain(&self, i: u64) -> Option<u64> {
        word(self.chains, i, self.width, self.endian)
    }

    /// The symbol indexes on bucket `b`'s chain (none if `b` is out of range).
    pub fn chain_iter(&self, b: u64) -> SysvChainIter<'data> {
        SysvChainIter {
            table: *self,
            next: self.bucket(b).unwrap_or(0),
            steps: 0,
        }
    }

    /// The symbol named `name`: hash it, then walk its bucket's chain in `symbols`.
    /// Returns `None` if absent or the chain is corrupt before it is found.
    pub fn lookup(&self, name: &[u8], symbols: &SymbolTable<'data>) -> Option<Symbol<'data>> {
        let b = u64::from(sysv_hash(name)).checked_rem(self.nbucket)?;
        self.chain_iter(b)
            .map_while(|r| r.ok())
            .find(|&i| name_is(symbols, i, name) == Some(true))
            .and_then(|i| symbols.get(SymbolIndex(i as u32)).ok())
    }

    /// The bucket list lengths, counted as GNU readelf counts them ([`Histogram::sysv`]).
    pub fn histogram(&self) -> Histogram {
        let buckets: Vec<u64> = (0..self.nbucket).filter_map(|b| self.bucket(b)).collect();
        let chains: Vec<u64> = (0..self.nchain).filter_map(|c| self.chain(c)).collect();
        Histogram::sysv(&buckets, &chains)
    }
}

/// The symbol indexes on a SysV hash chain.
///
/// Yields `Err` once, then `None`, for an index past `nchain` or a chain longer than
/// `nchain` (a loop).
#[derive(Debug, Clone)]
pub struct SysvChainIter<'data> {
    table: SysvHashTable<'data>,
    next: u64,
    steps: u64,
}

impl Iterator for SysvChainIter<'_> {
    type Item = Result<u64>;

    fn next(&mut self) -> Option<Self::Item> {
        let si = self.next;
        if si == 0 {
            return None;
        }
        self.next = 0;
        self.steps += 1;
        if self.steps > self.table.nchain {
            return Some(Err(Error::Loop { what: "hash chain" }));
        }
        match self.table.chain(si) {
            Some(n) if si < self.table.nchain => {
                self.next = n;
                Some(Ok(si))
            }
            _ => Some(Err(Error::BadValue {
                what: "hash chain symbol index",
                value: si,
            })),
        }
    }
}

impl core::iter::FusedIterator for SysvChainIter<'_> {}

/// A GNU hash table: `nbuckets`, `symoffset`, `bloom_size`, `bloom_shift` (4 bytes
/// each), the Bloom filter (`bloom_size` words of the class's address size), the buckets
/// and the chain values (4 bytes each).
#[derive(Debug, Clone, Copy)]
pub struct GnuHashTable<'data> {
    nbuckets: u32,
    symoffset: u32,
    bloom_shift: u32,
    bloom: &'data [u8],
    buckets: &'data [u8],
    chains: &'data [u8],
    width: usize,
    endian: Endian,
}

impl<'data> GnuHashTable<'data> {
    /// The table in `data`; Bloom words are 4 bytes in ELF32, 8 in ELF64. The chains run
    /// to the end of `data`.
    ///
    /// # Errors
    /// [`Error::OutOfBounds`] if the header, the Bloom filter or the buckets do not fit
    /// in `data`.
    pub fn new(data: &'data [u8], endian: Endian, class: Class) -> Result<Self> {
        let width = class.addr_size();
        let header = crate::slice(data, 0, 16, "GNU hash header")?;
        let h = |i: usize| raw::uint(header, i * 4, 4, endian).map(|v| v as u32);
        let (nbuckets, symoffset, bloom_size, bloom_shift) = (h(0)?, h(1)?, h(2)?, h(3)?);
        let bloom_len = u64::from(bloom_size) * width as u64;
        let bloom = crate::slice(data, 16, bloom_len, "GNU hash Bloom filter")?;
        let at = 16 + bloom_len;
        let buckets = crate::slice(data, at, u64::from(nbuckets) * 4, "GNU hash buckets")?;
        let chains = data.get(at as usize + buckets.len()..).unwrap_or_default();
        Ok(GnuHashTable {
            nbuckets,
            symoffset,
            bloom_shift,
            bloom,
            buckets,
            chains,
            width,
            endian,
        })
    }

    /// The table of a `SHT_GNU_HASH` section.
    ///
    /// # Errors
    /// Those of [`Section::data`] and [`GnuHashTable::new`].
    pub fn parse(section: &Section<'_, 'data>) -> Result<Self> {
        Self::new(section.data()?, section.endian(), section.file().class())
    }

    /// Number of buckets.
    pub fn nbuckets(&self) -> u32 {
        self.nbuckets
    }

    /// Index of the first symbol the table covers.
    pub fn symoffset(&self) -> u32 {
        self.symoffset
    }

    /// Number of Bloom filter words.
    pub fn bloom_size(&self) -> u32 {
        (self.bloom.len() / self.width) as u32
    }

    /// The Bloom filter's second hash shift.
    pub fn bloom_shift(&self) -> u32 {
        self.bloom_shift
    }

    /// Bloom filter word `i`.
    pub fn bloom_word(&self, i: u32) -> Option<u64> {
        word(self.bloom, u64::from(i), self.width, self.endian)
    }

    /// Bucket `i`: the first symbol of its chain (0 for none).
    pub fn bucket(&self, i: u32) -> Option<u32> {
        word(self.buckets, u64::from(i), 4, self.endian).map(|v| v as u32)
    }

    /// Number of chain values in the data (to its end).
    pub fn chain_len(&self) -> u32 {
        (self.chains.len() / 4).try_into().unwrap_or(u32::MAX)
    }

    /// The chain value of symbol `index` (its hash, bit 0 set on the last of a chain).
    pub fn chain_value(&self, index: u32) -> Option<u32> {
        let i = index.checked_sub(self.symoffset)?;
        word(self.chains, u64::from(i), 4, self.endian).map(|v| v as u32)
    }

    /// Whether the Bloom filter allows a name with hash `h` (always true with no filter).
    pub fn bloom_allows(&self, h: u32) -> bool {
        let bits = (self.width * 8) as u32;
        let Some(w) = (h / bits).checked_rem(self.bloom_size()) else {
            return true;
        };
        let Some(word) = self.bloom_word(w) else {
            return true;
        };
        let h2 = h.checked_shr(self.bloom_shift).unwrap_or(0);
        let mask = (1u64 << (h % bits)) | (1u64 << (h2 % bits));
        word & mask == mask
    }

    /// The `(symbol index, chain value)` pairs on bucket `b`'s chain.
    pub fn chain_iter(&self, b: u32) -> GnuChainIter<'data> {
        GnuChainIter {
            table: *self,
            next: self.bucket(b).unwrap_or(0),
        }
    }

    /// The symbol named `name`: Bloom filter, bucket, then the chain, comparing hashes
    /// before names. Returns `None` if absent or the chain is corrupt before it is found.
    pub fn lookup(&self, name: &[u8], symbols: &SymbolTable<'data>) -> Option<Symbol<'data>> {
        let h = gnu_hash(name);
        if !self.bloom_allows(h) {
            return None;
        }
        let b = h.checked_rem(self.nbuckets)?;
        self.chain_iter(b)
            .map_while(|r| r.ok())
            .find(|&(i, v)| v | 1 == h | 1 && name_is(symbols, i.into(), name) == Some(true))
            .and_then(|(i, _)| symbols.get(SymbolIndex(i)).ok())
    }

    /// The number of chain values up to the end of the chain of the highest bucket, as
    /// GNU readelf computes it; the table covers symbols `symoffset..symoffset + n`.
    ///
    /// # Errors
    /// [`Error::Malformed`] if every bucket is empty or one is below `symoffset`;
    /// [`Error::OutOfBounds`] if the last chain runs off the end of the data.
    pub fn chain_count(&self) -> Result<u32> {
        let mut max = None;
        for b in (0..self.nbuckets).filter_map(|b| self.bucket(b)) {
            if b != 0 && b < self.symoffset {
                return Err(Error::Malformed {
                    what: "GNU hash bucket below symoffset",
                    offset: u64::from(b),
                });
            }
            max = max.max((b != 0).then_some(b));
        }
        let first = max.ok_or(Error::Malformed {
            what: "GNU hash table with no symbols",
            offset: 0,
        })? - self.symoffset;
        (first..self.chain_len())
            .find(|&i| word(self.chains, i.into(), 4, self.endian).is_some_and(|v| v & 1 != 0))
            .map(|i| i + 1)
            .ok_or(Error::OutOfBounds {
                what: "GNU hash chain",
                offset: u64::from(first) * 4,
                size: 4,
                len: self.chains.len() as u64,
            })
    }

    /// The number of dynamic symbols the table implies: `symoffset` plus
    /// [`GnuHashTable::chain_count`].
    ///
    /// # Errors
    /// Those of [`GnuHashTable::chain_count`].
    pub fn symbol_count(&self) -> Result<u32> {
        let n = self.chain_count()?;
        n.checked_add(self.symoffset).ok_or(Error::BadValue {
            what: "GNU hash symoffset",
            value: self.symoffset.into(),
        })
    }

    /// The bucket list lengths, counted as GNU readelf counts them ([`Histogram::gnu`]
    /// over the [`GnuHashTable::chain_count`] chain values).
    ///
    /// # Errors
    /// Those of [`GnuHashTable::chain_count`].
    pub fn histogram(&self) -> Result<Histogram> {
        let nchains = self.chain_count()?;
        let buckets: Vec<u64> = (0..self.nbuckets)
            .map(|b| self.bucket(b).map_or(0, u64::from))
            .collect();
        let chains: Vec<u64> = (0..nchains)
            .filter_map(|i| word(self.chains, i.into(), 4, self.endian))
            .collect();
        Ok(Histogram::gnu(&buckets, &chains, self.symoffset.into()))
    }
}

/// The `(symbol index, chain value)` pairs on a GNU hash chain, up to the value with bit
/// 0 set.
///
/// Yields `Err` once, then `None`, for a symbol below `symoffset` or a chain that runs
/// off the end of the data.
#[derive(Debug, Clone)]
pub struct GnuChainIter<'data> {
    table: GnuHashTable<'data>,
    next: u32,
}

impl Iterator for GnuChainIter<'_> {
    type Item = Result<(u32, u32)>;

    fn next(&mut self) -> Option<Self::Item> {
        let i = self.next;
        if i == 0 {
            return None;
        }
        self.next = 0;
        let Some(v) = self.table.chain_value(i) else {
            return Some(Err(Error::BadValue {
                what: "GNU hash chain symbol index",
                value: i.into(),
            }));
        };
        if v & 1 == 0 {
            // Index u32::MAX has no successor; 0 ends the walk.
            self.next = i.checked_add(1).unwrap_or(0);
        }
        Some(Ok((i, v)))
    }
}

impl core::iter::FusedIterator for GnuChainIter<'_> {}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consts::{
        EM_386, EM_PPC, EM_X86_64, SHT_DYNSYM, SHT_GNU_HASH, SHT_HASH, SHT_STRTAB,
    };
    use crate::raw::{size_of, Rec};
    use crate::read::group::tests::{build_elf, sym, TestSection};
    use crate::read::SectionIndex;
    use crate::ElfFile;

    /// Encode `(value, width)` fields in byte order `e`.
    fn enc(fields: &[(u64, usize)], e: Endian) -> Vec<u8> {
        let one = |&(v, w): &(u64, usize)| {
            let b = v.to_le_bytes();
            let mut f = b[..w].to_vec();
            if e == Endian::Big {
                f.reverse();
            }
            f
        };
        fields.iter().flat_map(one).collect()
    }

    #[test]
    fn hash_functions() {
        assert_eq!((sysv_hash(b""), gnu_hash(b"")), (0, 5381));
        assert_eq!(
            (sysv_hash(b"printf"), gnu_hash(b"printf")),
            (0x077905a6, 0x156b2bb8)
        );
    }

    /// A file with `.dynsym` (bar, baz, foo), `.dynstr`, `.hash` and `.gnu.hash`.
    #[rustfmt::skip]
    fn file(class: Class, e: Endian, machine: u16) -> Vec<u8> {
        let w = sysv_hash_entry_size(machine, class);
        let b = class.addr_size();
        let dynsym = [
            sym(class, e, 0, 0, 0),    // 0: null
            sym(class, e, 1, 0x12, 1), // 1: bar (SysV bucket 0, GNU bucket 0)
            sym(class, e, 5, 0x12, 1), // 2: baz (SysV bucket 0, GNU bucket 0)
            sym(class, e, 9, 0x12, 1), // 3: foo (SysV bucket 1, GNU bucket 1)
        ].concat();
        let hash = enc(&[
            (2, w), (4, w),         // nbucket = 2, nchain = 4
            (2, w), (3, w),         // buckets: baz, foo
            (0, w), (0, w), (1, w), (0, w), // chains: baz -> bar -> end, foo -> end
        ], e);
        let bloom = if b == 8 { 0x0400_0000_0000_420c } else { 0x0400_420c };
        let gnu = enc(&[
            (2, 4), (1, 4),         // nbuckets = 2, symoffset = 1
            (1, 4), (6, 4),         // bloom_size = 1, bloom_shift = 6
            (bloom, b),             // bloom[0]: the bits of bar, baz, foo
            (1, 4), (3, 4),         // buckets: bar, foo
            (0x0b88_60ba, 4),       // bar's hash, bit 0 clear: the chain goes on
            (0x0b88_60c3, 4),       // baz's hash | 1: last of bucket 0
            (0x0b88_7389, 4),       // foo's hash (odd): last of bucket 1
        ], e);
        let secs: Vec<TestSection> = vec![
            (".dynsym", SHT_DYNSYM, dynsym, 2, 1, size_of(Rec::Sym, class) as u64),
            (".dynstr", SHT_STRTAB, b"\0bar\0baz\0foo\0".to_vec(), 0, 0, 0),
            (".hash", SHT_HASH, hash, 1, 0, w as u64),
            (".gnu.hash", SHT_GNU_HASH, gnu, 1, 0, 0),
        ];
        build_elf(class, e, machine, &secs)
    }

    #[test]
    fn both_tables_all_classes_and_orders() {
        for (c, e, m, w) in [
            (Class::Elf64, Endian::Big, EM_S390, 8),
            (Class::Elf32, Endian::Big, EM_PPC, 4),
            (Class::Elf32, Endian::Little, EM_386, 4),
            (Class::Elf64, Endian::Little, EM_X86_64, 4),
        ] {
            let bytes = file(c, e, m);
            let f = ElfFile::parse(&bytes).unwrap();
            let section = |i| f.section(SectionIndex(i)).unwrap();
            let syms = SymbolTable::parse(&section(1)).unwrap();
            let sysv = SysvHashTable::parse(&section(3)).unwrap();
            let gnu = GnuHashTable::parse(&section(4)).unwrap();
            assert_eq!(
                (sysv.entry_size(), sysv.nbucket(), sysv.nchain()),
                (w, 2, 4)
            );
            assert_eq!(
                sysv.chain_iter(0).collect::<Result<Vec<_>>>().unwrap(),
                [2, 1]
            );
            let header = (
                gnu.nbuckets(),
                gnu.symoffset(),
                gnu.bloom_size(),
                gnu.bloom_shift(),
            );
            assert_eq!(header, (2, 1, 1, 6));
            let chain: Vec<_> = gnu.chain_iter(0).map(|r| r.unwrap().0).collect();
            assert_eq!(chain, [1, 2]);
            assert_eq!(
                (gnu.chain_count().unwrap(), gnu.symbol_count().unwrap()),
                (3, 4)
            );
            for (name, index) in [(&b"bar"[..], 1), (b"baz", 2), (b"foo", 3)] {
                assert_eq!(sysv.lookup(name, &syms).map(|s| s.index.0), Some(index));
                assert_eq!(gnu.lookup(name, &syms).map(|s| s.index.0), Some(index));
            }
            for missing in [&b"qux"[..], b"", b"fo"] {
                assert!(sysv.lookup(missing, &syms).is_none());
                assert!(gnu.lookup(missing, &syms).is_none());
            }
            let want = Histogram {
                lengths: vec![2, 1],
                counts: vec![0, 1, 1],
                symbols: 3,
                corrupt_chains: 0,
            };
            assert_eq!(sysv.histogram(), want);
            assert_eq!(gnu.histogram().unwrap(), want);
        }
    }

    /// The items of a walk, with `Ok` as `true`.
    fn shape<T>(it: impl Iterator<Item = Result<T>>) -> Vec<bool> {
        it.take(100).map(|r| r.is_ok()).collect()
    }

    #[test]
    fn malformed_sysv() {
        let e = Endian::Little;
        // Counts that do not fit, and bad entry sizes.
        let huge = enc(&[(u64::from(u32::MAX), 4), (1, 4), (0, 4)], e);
        let err = SysvHashTable::new(&huge, e, 4);
        assert!(matches!(err, Err(Error::OutOfBounds { .. })));
        let huge = enc(&[(1, 8), (u64::MAX, 8), (0, 8)], e);
        assert!(SysvHashTable::new(&huge, e, 8).is_err());
        assert!(SysvHashTable::new(&[0; 8], e, 2).is_err());
        assert!(SysvHashTable::new(&[0; 7], e, 4).is_err());
        #[rustfmt::skip]
        let t = enc(&[
            (2, 4), (4, 4),         // nbucket = 2, nchain = 4
            (1, 4), (9, 4),         // buckets: 1, 9 (past nchain)
            (0, 4), (2, 4), (1, 4), (0, 4), // chains: 1 -> 2 -> 1 -> ... a loop
        ], e);
        let t = SysvHashTable::new(&t, e, 4).unwrap();
        assert_eq!(shape(t.chain_iter(0)), [true, true, true, true, false]);
        assert!(matches!(
            t.chain_iter(0).last(),
            Some(Err(Error::Loop { .. }))
        ));
        assert_eq!(shape(t.chain_iter(1)), [false]);
        assert!(t.chain_iter(7).next().is_none());
        let h = t.histogram();
        // GNU counts a loop up to the first symbol seen twice, and the bad index itself.
        assert!(h.corrupt());
        assert_eq!((h.lengths, h.corrupt_chains), (vec![3, 1], 2));
        // Two buckets sharing a chain: the second walk meets a visited symbol.
        let h = Histogram::sysv(&[1, 1, 0], &[0, 0]);
        assert_eq!(
            (h.lengths, h.counts, h.corrupt_chains),
            (vec![1, 1, 0], vec![1, 2], 1)
        );
        // GNU: symoffset 1; chains of 2 and 1; a bucket below symoffset counts one.
        let h = Histogram::gnu(&[1, 0, 3, 0x7fff_ffff_ffff], &[0, 1, 1], 1);
        assert_eq!((h.lengths, h.symbols), (vec![2, 0, 1, 1], 4));
    }

    #[test]
    fn malformed_gnu() {
        let e = Endian::Big;
        assert!(GnuHashTable::new(&[0; 15], e, Class::Elf64).is_err());
        // bloom_size too large for the data.
        let t = enc(&[(1, 4), (1, 4), (0x1000_0000, 4), (0, 4)], e);
        let err = GnuHashTable::new(&t, e, Class::Elf64);
        assert!(matches!(err, Err(Error::OutOfBounds { .. })));
        #[rustfmt::skip]
        let t = enc(&[
            (1, 4), (1, 4),         // nbuckets = 1, symoffset = 1
            (1, 4), (200, 4),       // bloom_size = 1, bloom_shift = 200 (nonsense)
            (u64::MAX, 4),          // bloom: everything allowed
            (1, 4),                 // bucket 0: symbol 1
            (2, 4), (4, 4),         // a chain never terminated
        ], e);
        let t = GnuHashTable::new(&t, e, Class::Elf32).unwrap();
        assert!(t.bloom_allows(gnu_hash(b"x")));
        assert_eq!(shape(t.chain_iter(0)), [true, true, false]);
        assert!(matches!(t.chain_count(), Err(Error::OutOfBounds { .. })));
        assert!(t.histogram().is_err() && t.symbol_count().is_err());
        // A bucket below symoffset.
        let t = enc(&[(2, 4), (5, 4), (0, 4), (0, 4), (3, 4), (0, 4), (1, 4)], e);
        let t = GnuHashTable::new(&t, e, Class::Elf64).unwrap();
        assert!(matches!(t.chain_count(), Err(Error::Malformed { .. })));
        assert_eq!(shape(t.chain_iter(0)), [false]);
        // No symbols at all, and no buckets: nothing found, no division by zero.
        let t = enc(&[(1, 4), (1, 4), (0, 4), (0, 4), (0, 4)], e);
        let t = GnuHashTable::new(&t, e, Class::Elf64).unwrap();
        assert!(t.chain_count().is_err() && t.chain_iter(0).next().is_none());
        let t = enc(&[(0, 4), (1, 4), (0, 4), (0, 4)], e);
        let t = GnuHashTable::new(&t, e, Class::Elf64).unwrap();
        assert!(t.bloom_allows(0) && t.chain_iter(0).next().is_none());
    }
}
