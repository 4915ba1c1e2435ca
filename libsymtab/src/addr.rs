//! Address → symbol: ranges sorted by address, with inferred sizes.
//!
//! [`RangeIndex`] is the algorithm, independent of ELF: items sorted by `(space, start)`
//! (least preferred first among equal keys), each covering `[start, end)`. A lookup
//! returns the item with the greatest position (so the greatest start, then the most
//! preferred) whose range holds the address. Each item links to the nearest earlier
//! item that holds its start, so a lookup that lands on a range ending before the
//! address walks out through the ranges that enclose it (a function around a sized
//! label, say) instead of scanning.
//!
//! [`Rank`] is the preference between symbols at one address, after GNU objdump's
//! `compare_symbols`.

use std::borrow::Cow;
use std::cmp::{Ordering, Reverse};

/// One range to index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Item<T> {
    /// Address space: 0 in a linked file, the section index in a relocatable one.
    pub space: u32,
    /// First address.
    pub start: u64,
    /// Size; 0 asks for one to be inferred.
    pub size: u64,
    /// Where an inferred size must stop (the end of the symbol's section), if known.
    pub limit: Option<u64>,
    /// What the range stands for.
    pub payload: T,
}

const NONE: u32 = u32::MAX;

/// Ranges sorted by `(space, start)` with inferred ends and enclosing-range links.
#[derive(Debug, Clone)]
pub(crate) struct RangeIndex<T> {
    /// Each space and the positions `[begin, end)` of its ranges, sorted by space.
    spaces: Vec<(u32, usize, usize)>,
    starts: Vec<u64>,
    ends: Vec<u64>,
    parents: Vec<u32>,
    payloads: Vec<T>,
}

impl<T> Default for RangeIndex<T> {
    fn default() -> Self {
        Self {
            spaces: Vec::new(),
            starts: Vec::new(),
            ends: Vec::new(),
            parents: Vec::new(),
            payloads: Vec::new(),
        }
    }
}

/// The end of an item given the start of the next item in its space with a greater
/// start: `start + size`, or for size 0 up to the next start or the limit (whichever is
/// first), covering at least the start itself.
pub(crate) fn item_end<T>(item: &Item<T>, next_start: Option<u64>) -> u64 {
    if item.size != 0 {
        return item.start.saturating_add(item.size);
    }
    let bound = min_bound(next_start, item.limit);
    let floor = item.start.saturating_add(1);
    bound.map_or(floor, |b| b.max(floor))
}

/// The lesser of two bounds, either of which may be missing.
fn min_bound(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

impl<T: Copy> RangeIndex<T> {
    /// Build from items sorted by `(space, start)`, least preferred first among equal
    /// keys. Items with more than `u32::MAX - 1` entries are cut there.
    pub(crate) fn from_sorted(items: &[Item<T>]) -> Self {
        let items = items.get(..items.len().min(NONE as usize)).unwrap_or(items);
        // Ends, from the back: the next distinct key bounds a zero-sized item.
        let mut ends = Vec::with_capacity(items.len());
        let mut following: Option<(u32, u64)> = None;
        let mut prev: Option<(u32, u64)> = None;
        for it in items.iter().rev() {
            let key = (it.space, it.start);
            if prev.is_some_and(|p| p != key) {
                following = prev;
            }
            prev = Some(key);
            let next = following.filter(|f| f.0 == it.space).map(|f| f.1);
            ends.push(item_end(it, next));
        }
        ends.reverse();
        // Parents: the greatest earlier position whose range holds this start. A stack
        // of candidates; one ending at or before a start never holds a later start.
        let mut parents = Vec::with_capacity(items.len());
        let mut stack: Vec<u32> = Vec::new();
        let mut space = None;
        for (i, it) in items.iter().enumerate() {
            if space != Some(it.space) {
                stack.clear();
                space = Some(it.space);
            }
            while let Some(&top) = stack.last() {
                if ends.get(top as usize).is_some_and(|&e| e <= it.start) {
                    stack.pop();
                } else {
                    break;
                }
            }
            parents.push(stack.last().copied().unwrap_or(NONE));
            stack.push(i as u32);
        }
        let mut spaces: Vec<(u32, usize, usize)> = Vec::new();
        for (i, it) in items.iter().enumerate() {
            match spaces.last_mut() {
                Some(last) if last.0 == it.space => last.2 = i + 1,
                _ => spaces.push((it.space, i, i + 1)),
            }
        }
        Self {
            spaces,
            starts: items.iter().map(|i| i.start).collect(),
            ends,
            parents,
            payloads: items.iter().map(|i| i.payload).collect(),
        }
    }

    /// Number of ranges.
    pub(crate) fn len(&self) -> usize {
        self.starts.len()
    }

    /// The position of the range holding `addr` in `space`: the greatest position whose
    /// `[start, end)` holds it.
    pub(crate) fn find(&self, space: u32, addr: u64) -> Option<usize> {
        let s = self.spaces.binary_search_by_key(&space, |s| s.0).ok()?;
        let &(_, begin, end) = self.spaces.get(s)?;
        let pos = self.starts.get(begin..end)?.partition_point(|&a| a <= addr);
        let mut i = (begin + pos).checked_sub(1).filter(|&i| i >= begin)?;
        loop {
            if *self.ends.get(i)? > addr {
                return Some(i);
            }
            let p = *self.parents.get(i)?;
            if p == NONE {
                return None;
            }
            i = p as usize;
        }
    }

    /// Range `i`: `(space, start, end, payload)`.
    pub(crate) fn get(&self, i: usize) -> Option<(u32, u64, u64, T)> {
        let s = self.spaces.partition_point(|s| s.2 <= i);
        let space = self.spaces.get(s)?.0;
        Some((
            space,
            *self.starts.get(i)?,
            *self.ends.get(i)?,
            *self.payloads.get(i)?,
        ))
    }

    /// The start of range `i` (cheaper than [`RangeIndex::get`]).
    pub(crate) fn start(&self, i: usize) -> Option<u64> {
        self.starts.get(i).copied()
    }

    /// The payload of range `i`.
    pub(crate) fn payload(&self, i: usize) -> Option<T> {
        self.payloads.get(i).copied()
    }
}

/// The items of one space that can answer a sorted batch of lookups, found in two
/// passes over the candidate items without sorting them all: an index built from the
/// items [`Reduction::select`] keeps answers every address of the batch as the index of
/// all wanted items would.
///
/// For an address `a` of the batch let `S(a)` be the greatest wanted start `<= a`. The
/// items holding `a` are sized items whose `[start, start + size)` holds it and
/// zero-sized items at `S(a)` (a zero-sized item at a lower start ends at the next
/// start, `<= S(a)`). So the items kept are the sized ones holding an address of the
/// batch and the zero-sized ones at some `S(a)`, the latter with their limit lowered to
/// the next wanted start after `S(a)` (the end the whole index gives them; among the
/// kept items the next start may be later, or missing). Sorting the kept items as the
/// whole index sorts its items keeps their relative order, so the greatest position
/// holding each address is the same item.
///
/// Pass 1 ([`Reduction::observe`]) sees every candidate and asks whether it is wanted
/// only when it would change the greatest or least wanted start of its slot (the
/// batch's addresses cut the address line into slots); it also tells which items may
/// be kept. Pass 2 ([`Reduction::select`]) picks among those.
#[derive(Debug)]
pub(crate) struct Reduction<'q> {
    /// The batch, sorted ascending.
    queries: &'q [u64],
    /// Where to look for a start's slot.
    buckets: Buckets,
    /// Per slot `k` (the starts `s` with `queries[k-1] < s <= queries[k]`; the last
    /// slot: starts above every query), the greatest wanted start; after
    /// [`Reduction::finish`] the greatest wanted start of slots `0..=k`: `S(queries[k])`.
    greatest: Vec<Option<u64>>,
    /// Per slot, the least wanted start; after [`Reduction::finish`] the least of slots
    /// `k+1..`: the next wanted start after `S(queries[k])`.
    least: Vec<Option<u64>>,
}

impl<'q> Reduction<'q> {
    /// Start for `queries`, which must be sorted ascending.
    pub(crate) fn new(queries: &'q [u64]) -> Self {
        let slots = queries.len() + 1;
        Self {
            queries,
            buckets: Buckets::new(queries),
            greatest: vec![None; slots],
            least: vec![None; slots],
        }
    }

    /// The slot of `start`: the position of the first query `>= start`.
    fn slot(&self, start: u64) -> usize {
        let q = self.queries;
        let b = &self.buckets;
        match (q.first(), q.last()) {
            (Some(&first), Some(&last)) if first < start && start <= last => {
                // `first < start <= last`: the bucket is one of `b.first`'s but the last.
                let at = ((start - first) >> b.shift) as usize;
                let lo = b.first.get(at).map_or(0, |&i| i as usize);
                let hi = b.first.get(at + 1).map_or(q.len(), |&i| i as usize);
                let within = q.get(lo..hi).unwrap_or(q);
                lo + within.partition_point(|&x| x < start)
            }
            (Some(&first), _) if start <= first => 0,
            _ => q.len(),
        }
    }

    /// Pass 1: a candidate item; `wanted` says whether it belongs in the index (called
    /// only when the answer matters). Returns whether the item may be kept: pass 2
    /// needs to see only those.
    pub(crate) fn observe<T>(&mut self, item: &Item<T>, wanted: impl FnOnce() -> bool) -> bool {
        let start = item.start;
        let k = self.slot(start);
        let (Some(&q), Some(greatest)) = (self.queries.get(k), self.greatest.get_mut(k)) else {
            // Above every query: only the least start counts (the next start after
            // the last `S`).
            if let Some(least) = self.least.get_mut(k) {
                if least.is_none_or(|l| start < l) && wanted() {
                    *least = Some(start);
                }
            }
            return false;
        };
        let above = greatest.is_none_or(|g| start > g);
        // Slot 0's least start is no query's next start.
        let least = self.least.get_mut(k).filter(|_| k > 0);
        let below = least.as_ref().is_some_and(|l| l.is_none_or(|l| start < l));
        if (above || below) && wanted() {
            if above {
                *greatest = Some(start);
            }
            if let Some(l) = least.filter(|_| below) {
                *l = Some(start);
            }
        }
        if item.size != 0 {
            return q < item_end(item, None);
        }
        // At the greatest wanted start of its slot so far (or unwanted there): it may
        // end up at `S(q)`.
        greatest.is_none_or(|g| g == start)
    }

    /// During pass 1: whether items that start in `[lo, hi)` and end by `hi`, not
    /// observed yet, can be left out without changing any answer: no query at or
    /// above `lo` has its greatest wanted start (so far) below `hi`. For a query below
    /// `lo` such items start above it (a later next start than the one it sees does not
    /// change what holds it); for one whose greatest start is `hi` or more they end
    /// before it and start below that start.
    pub(crate) fn settled(&self, lo: u64, hi: u64) -> bool {
        if lo >= hi {
            return true;
        }
        let j = self.queries.partition_point(|&q| q < lo);
        if j >= self.queries.len() {
            return true;
        }
        let greatest = self.greatest.iter().take(j + 1).flatten().max();
        greatest.is_some_and(|&g| g >= hi)
    }

    /// End of pass 1.
    pub(crate) fn finish(&mut self) {
        let mut run = None;
        for g in &mut self.greatest {
            run = run.max(*g);
            *g = run;
        }
        let mut after: Option<u64> = None;
        for l in self.least.iter_mut().rev() {
            let here = *l;
            *l = after;
            after = min_bound(after, here);
        }
    }

    /// Pass 2: `item` (one of the candidates of pass 1) as the reduced index takes it,
    /// or `None` if it cannot hold any query. The caller still checks that it is wanted.
    pub(crate) fn select<T>(&self, item: Item<T>) -> Option<Item<T>> {
        let k = self.slot(item.start);
        let &q = self.queries.get(k)?;
        if item.size != 0 {
            return (q < item_end(&item, None)).then_some(item);
        }
        if self.greatest.get(k).copied().flatten() != Some(item.start) {
            return None;
        }
        let next = self.least.get(k).copied().flatten();
        Some(Item {
            limit: min_bound(item.limit, next),
            ..item
        })
    }
}

/// The span of a sorted batch cut into a power of two of equal buckets (about one per
/// address), each with the position of the first address at or after its start: the
/// slot of a start is then searched for among the addresses of its bucket only.
#[derive(Debug)]
struct Buckets {
    /// Bucket `i` covers offsets from the first address `[i << shift, (i + 1) << shift)`.
    shift: u32,
    /// Per bucket, and one past the last: the position of the first address `>=` its
    /// start.
    first: Vec<u32>,
}

impl Buckets {
    fn new(queries: &[u64]) -> Self {
        let (Some(&lo), Some(&hi)) = (queries.first(), queries.last()) else {
            return Self {
                shift: 0,
                first: Vec::new(),
            };
        };
        let count_bits = queries.len().next_power_of_two().trailing_zeros();
        let span_bits = u64::BITS - hi.wrapping_sub(lo).leading_zeros();
        let shift = span_bits.saturating_sub(count_bits);
        let count = (hi.wrapping_sub(lo) >> shift) as usize + 1;
        let mut first = Vec::with_capacity(count + 1);
        let mut j = 0;
        for b in 0..=count {
            let bound = u128::from(lo) + ((b as u128) << shift);
            while queries.get(j).is_some_and(|&q| u128::from(q) < bound) {
                j += 1;
            }
            first.push(j as u32);
        }
        Self { shift, first }
    }
}

/// What GNU objdump's `compare_symbols` looks at, for one symbol at one address.
#[derive(Debug, Clone)]
pub(crate) struct Rank<'a> {
    /// The symbol's own section holds its address (objdump prefers symbols of the
    /// section being disassembled; an address is disassembled in the section holding it).
    pub in_section: bool,
    /// The name contains `gnu_compiled` or `gcc2_compiled`.
    pub gnu_compiled: bool,
    /// `STT_FILE`, or a name ending in `.o` or `.a`.
    pub file_like: bool,
    /// `STT_FILE` or `STT_SECTION` (BFD's `BSF_DEBUGGING`).
    pub debugging: bool,
    /// `STT_SECTION`.
    pub section_sym: bool,
    /// `STT_FUNC`.
    pub function: bool,
    /// `STT_OBJECT` or `STT_COMMON`.
    pub object: bool,
    /// `STB_LOCAL`.
    pub local: bool,
    /// `STB_GLOBAL` (for a PLT entry: not local).
    pub global: bool,
    /// `st_size` (0 for section symbols and PLT entries).
    pub size: u64,
    /// The name as BFD knows it.
    pub name: Cow<'a, [u8]>,
}

impl Rank<'_> {
    /// objdump's order: `Less` if `self` is preferred to `other`.
    pub(crate) fn cmp_objdump(&self, other: &Self) -> Ordering {
        let key = |r: &Self| {
            (
                !r.in_section,
                r.gnu_compiled,
                r.file_like,
                r.debugging,
                r.section_sym,
                !r.function,
                !r.object,
                r.local,
                !r.global,
                Reverse(r.size),
                r.name.first() == Some(&b'.'),
            )
        };
        key(self)
            .cmp(&key(other))
            .then_with(|| self.name.as_ref().cmp(other.name.as_ref()))
    }
}

/// Whether `name` contains `needle`.
pub(crate) fn contains(name: &[u8], needle: &[u8]) -> bool {
    name.windows(needle.len()).any(|w| w == needle)
}

/// objdump's file-name heuristic: longer than 2 bytes and ending in `.o` or `.a`.
pub(crate) fn file_like_name(name: &[u8]) -> bool {
    name.len() > 2 && (name.ends_with(b".o") || name.ends_with(b".a"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The answer by definition: the greatest position whose range holds `addr`, with
    /// ends computed by scanning all items.
    fn naive(items: &[Item<u32>], space: u32, addr: u64) -> Option<usize> {
        let end = |i: usize| {
            let it = &items[i];
            let next = items
                .iter()
                .filter(|o| o.space == it.space && o.start > it.start)
                .map(|o| o.start)
                .min();
            item_end(it, next)
        };
        (0..items.len())
            .filter(|&i| items[i].space == space && items[i].start <= addr && addr < end(i))
            .max()
    }

    fn sorted(mut v: Vec<Item<u32>>) -> Vec<Item<u32>> {
        // Stable: among equal keys the generated order stands for the preference.
        v.sort_by_key(|i| (i.space, i.start));
        for (n, it) in v.iter_mut().enumerate() {
            it.payload = n as u32;
        }
        v
    }

    fn item() -> impl Strategy<Value = Item<u32>> {
        (
            0u32..3,
            0u64..200,
            prop_oneof![Just(0u64), 1u64..40, Just(u64::MAX)],
            proptest::option::of(0u64..260),
        )
            .prop_map(|(space, start, size, limit)| Item {
                space,
                start,
                size,
                limit,
                payload: 0,
            })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn find_matches_linear_scan(items in proptest::collection::vec(item(), 0..60)) {
            let items = sorted(items);
            let index = RangeIndex::from_sorted(&items);
            prop_assert_eq!(index.len(), items.len());
            for space in 0..3 {
                for addr in 0..280u64 {
                    prop_assert_eq!(index.find(space, addr), naive(&items, space, addr),
                        "space {} addr {}", space, addr);
                }
            }
        }

        #[test]
        fn find_matches_linear_scan_wide(
            starts in proptest::collection::vec((any::<u64>(), any::<u64>()), 0..40),
            probes in proptest::collection::vec(any::<u64>(), 0..40),
        ) {
            let items = sorted(starts.into_iter().map(|(start, size)| Item {
                space: 0, start, size: size % 3 * (size >> 2), limit: None, payload: 0,
            }).collect());
            let index = RangeIndex::from_sorted(&items);
            let near = items.iter().flat_map(|i| [i.start, i.start.wrapping_add(1), i.start.wrapping_sub(1)]);
            for addr in probes.into_iter().chain(near) {
                prop_assert_eq!(index.find(0, addr), naive(&items, 0, addr));
            }
        }
    }

    /// Items in "table order" with whether each is wanted and its rank among items at
    /// one start (a stand-in for objdump's order); payload: the position.
    type Table = Vec<(Item<u32>, bool, u8)>;

    /// The answers of an index over `items` (sorted by start, then rank, then table
    /// order) for `queries`, as table positions.
    fn answers(table: &Table, mut items: Vec<Item<u32>>, queries: &[u64]) -> Vec<Option<u32>> {
        items.sort_by_key(|i| (i.start, table[i.payload as usize].2, i.payload));
        let index = RangeIndex::from_sorted(&items);
        queries
            .iter()
            .map(|&q| index.find(0, q).and_then(|i| index.payload(i)))
            .collect()
    }

    /// The whole index's answers and the reduced one's, for sorted `queries`.
    fn whole_and_reduced(table: &Table, queries: &[u64]) -> (Vec<Option<u32>>, Vec<Option<u32>>) {
        whole_and_reduced_late(table, queries, (0, 0))
    }

    /// As [`whole_and_reduced`], the items that start in `[lo, hi)` and end by `hi`
    /// observed last, and only if [`Reduction::settled`] says they may matter.
    fn whole_and_reduced_late(
        table: &Table,
        queries: &[u64],
        (lo, hi): (u64, u64),
    ) -> (Vec<Option<u32>>, Vec<Option<u32>>) {
        let wanted: Vec<Item<u32>> = table.iter().filter(|t| t.1).map(|t| t.0).collect();
        let whole = answers(table, wanted, queries);
        let late = |i: &Item<u32>| {
            let end = if i.size != 0 {
                Some(item_end(i, None))
            } else {
                i.limit.map(|l| l.max(i.start + 1))
            };
            lo <= i.start && i.start < hi && end.is_some_and(|e| e <= hi)
        };
        let mut r = Reduction::new(queries);
        let mut maybe: Vec<_> = table
            .iter()
            .filter(|(item, wanted, _)| !late(item) && r.observe(item, || *wanted))
            .collect();
        if !r.settled(lo, hi) {
            maybe.extend(
                table
                    .iter()
                    .filter(|(item, wanted, _)| late(item) && r.observe(item, || *wanted)),
            );
        }
        r.finish();
        let kept = maybe
            .iter()
            .filter_map(|(item, wanted, _)| r.select(*item).filter(|_| *wanted))
            .collect();
        (whole, answers(table, kept, queries))
    }

    fn table_of(raw: Vec<(u64, u64, Option<u64>, bool, u8)>) -> Table {
        raw.into_iter()
            .enumerate()
            .map(|(n, (start, size, limit, wanted, rank))| {
                let item = Item {
                    space: 0,
                    start,
                    size,
                    limit,
                    payload: n as u32,
                };
                (item, wanted, rank)
            })
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1024))]

        #[test]
        fn reduced_index_answers_as_whole(
            raw in proptest::collection::vec((
                0u64..200,
                prop_oneof![Just(0u64), 1u64..40, Just(u64::MAX)],
                proptest::option::of(0u64..260),
                proptest::bool::weighted(0.8),
                0u8..3,
            ), 0..60),
            mut queries in proptest::collection::vec(0u64..280, 0..24),
        ) {
            let table = table_of(raw);
            // Also the addresses next to the starts and ends.
            queries.extend(table.iter().step_by(3).flat_map(|(i, _, _)| {
                [i.start, i.start + 1, i.start.saturating_sub(1), i.start.saturating_add(i.size)]
            }));
            queries.sort_unstable();
            let (whole, reduced) = whole_and_reduced(&table, &queries);
            prop_assert_eq!(whole, reduced, "queries {:?}", queries);
        }

        /// Items confined to `[lo, hi)` (PLT entries) left out when `settled` says so.
        #[test]
        fn reduced_index_leaves_out_settled_items(
            raw in proptest::collection::vec((
                0u64..60,
                prop_oneof![Just(0u64), 1u64..8],
                proptest::option::of(0u64..70),
                proptest::bool::weighted(0.8),
                0u8..3,
            ), 0..40),
            mut queries in proptest::collection::vec(0u64..70, 0..12),
            lo in 0u64..60,
            len in 0u64..20,
            mask in any::<u64>(),
        ) {
            let table = table_of(raw);
            let hi = lo + len;
            // Some of the addresses next to the edges.
            let edges = table.iter().flat_map(|(i, _, _)| {
                [i.start, i.start.saturating_add(i.size).saturating_sub(1)]
            });
            let near = [lo.saturating_sub(1), lo, hi.saturating_sub(1), hi].into_iter().chain(edges);
            queries.extend(near.enumerate().filter(|(n, _)| mask >> (n % 64) & 1 == 1).map(|(_, q)| q));
            queries.sort_unstable();
            let (whole, reduced) = whole_and_reduced_late(&table, &queries, (lo, hi));
            prop_assert_eq!(whole, reduced, "queries {:?}", queries);
        }

        #[test]
        fn reduced_index_answers_as_whole_wide(
            raw in proptest::collection::vec((
                any::<u64>(),
                prop_oneof![Just(0u64), any::<u64>()],
                proptest::option::of(any::<u64>()),
                any::<bool>(),
                0u8..3,
            ), 0..40),
            probes in proptest::collection::vec(any::<u64>(), 0..40),
        ) {
            let table = table_of(raw);
            let mut queries: Vec<u64> = table
                .iter()
                .flat_map(|(i, _, _)| [i.start, i.start.wrapping_add(1), i.start.wrapping_sub(1)])
                .chain(probes)
                .collect();
            queries.sort_unstable();
            let (whole, reduced) = whole_and_reduced(&table, &queries);
            prop_assert_eq!(whole, reduced);
        }
    }

    proptest! {
        #[test]
        fn slots_by_bucket_match_binary_search(
            mut queries in proptest::collection::vec(
                prop_oneof![0u64..100, any::<u64>(), (u64::MAX - 100)..=u64::MAX], 0..40),
            starts in proptest::collection::vec(
                prop_oneof![0u64..100, any::<u64>(), (u64::MAX - 100)..=u64::MAX], 0..40),
        ) {
            queries.sort_unstable();
            let r = Reduction::new(&queries);
            for s in starts.into_iter().chain(queries.iter().flat_map(|&q| {
                [q, q.wrapping_add(1), q.wrapping_sub(1)]
            })) {
                prop_assert_eq!(r.slot(s), queries.partition_point(|&q| q < s), "start {}", s);
            }
        }
    }

    #[test]
    fn reduced_keeps_zero_sized_ends() {
        // A zero-sized item without a limit at 0x10, then one at 0x40 and a sized one
        // at 0x80: for 0x8 and 0x20 only 0x10 is kept, and must still end at 0x40, not
        // 0x11.
        let raw = vec![
            (0x10, 0, None, true, 0),
            (0x40, 0, None, true, 0),
            (0x80, 8, None, true, 0),
        ];
        let table = table_of(raw);
        let queries = [0x8, 0x20];
        let (whole, reduced) = whole_and_reduced(&table, &queries);
        assert_eq!(whole, [None, Some(0)]);
        assert_eq!(reduced, whole);
    }

    #[test]
    fn nested_and_zero_sized() {
        let it = |start, size, limit| Item {
            space: 0,
            start,
            size,
            limit,
            payload: start as u32,
        };
        // A function [0x100, 0x200) with a sized label [0x150, 0x160) inside, a
        // zero-sized label at 0x180 and a zero-sized symbol at 0x300 bounded by 0x340.
        let items = [
            it(0x100, 0x100, None),
            it(0x150, 0x10, None),
            it(0x180, 0, None),
            it(0x300, 0, Some(0x340)),
        ];
        let index = RangeIndex::from_sorted(&items);
        let find = |a| index.find(0, a).and_then(|i| index.get(i)).map(|g| g.3);
        assert_eq!(find(0xff), None);
        assert_eq!(find(0x100), Some(0x100));
        assert_eq!(find(0x155), Some(0x150));
        assert_eq!(find(0x170), Some(0x100)); // back out to the enclosing function
        assert_eq!(find(0x180), Some(0x180)); // up to the next symbol at 0x300
        assert_eq!(find(0x2ff), Some(0x180));
        assert_eq!(find(0x33f), Some(0x300));
        assert_eq!(find(0x340), None);
        assert_eq!(index.get(2).map(|g| g.2), Some(0x300));
    }

    #[test]
    fn objdump_order() {
        let r = |name: &'static [u8], function, local, size| Rank {
            in_section: true,
            gnu_compiled: false,
            file_like: false,
            debugging: false,
            section_sym: false,
            function,
            object: false,
            local,
            global: !local,
            size,
            name: Cow::Borrowed(name),
        };
        let f = r(b"f", true, true, 0);
        let g = r(b"g", false, false, 0);
        assert_eq!(f.cmp_objdump(&g), Ordering::Less); // function over global
        let h = r(b"h", true, false, 0);
        assert_eq!(h.cmp_objdump(&f), Ordering::Less); // global over local
        let big = r(b"z", true, false, 8);
        assert_eq!(big.cmp_objdump(&h), Ordering::Less); // larger first
        let dot = r(b".a", true, false, 8);
        assert_eq!(big.cmp_objdump(&dot), Ordering::Less); // '.' names last
        assert!(file_like_name(b"crt1.o") && !file_like_name(b".o"));
        assert!(contains(b"__gnu_compiled_c", b"gnu_compiled"));
    }
}
