//! Batches of address lookups answered without building the whole address index.
//!
//! A profile names a few addresses of most images it touches: building the index of a
//! large table (every entry filtered, all sorted, names compared at every shared
//! address) costs far more than the lookups. [`Symtab::find_symbols_sorted`] instead
//! indexes only the entries that can answer the batch ([`Reduction`]): two passes over
//! the raw entries, and names read only where they decide something.

use crate::addr::{RangeIndex, Reduction};
use crate::names::SymRef;
use crate::{Symbol, Symtab};

/// A batch with more addresses than the table has entries over this gets the whole
/// index: the reduced one would hold most of it anyway.
const REDUCED_MAX_SHARE: usize = 4;

impl<'data> Symtab<'data> {
    /// [`Symtab::find_symbol`] for each of `addrs`, which should be sorted ascending;
    /// the answers come in the order given.
    ///
    /// When the address index is not built yet and the batch is small next to the
    /// table, only the entries that can answer one of `addrs` are indexed, for this call
    /// (two passes over the table, names read only where they matter), not the whole
    /// table: much cheaper for a few addresses in a large table. The answers are those
    /// of [`Symtab::find_symbol`] all the same. Unsorted `addrs` are looked up one by
    /// one through the whole index.
    pub fn find_symbols_sorted(&self, addrs: &[u64]) -> Vec<Option<(&Symbol<'data>, u64)>> {
        if self.info.is_rel() || addrs.is_empty() {
            return vec![None; addrs.len()];
        }
        let table = self.addr_source().map_or(0, |(_, v)| v.len());
        let reduce = self.by_addr.get().is_none()
            && addrs.len().saturating_mul(REDUCED_MAX_SHARE) <= table
            && addrs.is_sorted();
        if !reduce {
            return self.find_symbols(addrs);
        }
        self.find_symbols_reduced(addrs)
    }

    /// [`Symtab::find_symbols_sorted`] through an index of the entries that can answer
    /// one of `addrs` (sorted ascending; a linked file).
    pub(crate) fn find_symbols_reduced(&self, addrs: &[u64]) -> Vec<Option<(&Symbol<'data>, u64)>> {
        let index = self.reduced_index(addrs);
        addrs.iter().map(|&a| self.found_in(&index, 0, a)).collect()
    }

    /// The index of the entries that can answer one of `addrs` (sorted ascending) in a
    /// linked file (see [`Reduction`]).
    fn reduced_index(&self, addrs: &[u64]) -> RangeIndex<SymRef> {
        let mut reduction = Reduction::new(addrs);
        let mut maybe = Vec::new();
        self.each_table_candidate(|c| {
            if reduction.observe(&c.item, || self.candidate_wanted(&c)) {
                maybe.push(c);
            }
        });
        // The PLT entries, unless they are not made yet and cannot matter: synthesizing
        // them (decoding the PLT, matching relocations) can cost more than the rest.
        let plt_span = (self.plt.get().is_none())
            .then(|| crate::plt::x86_span(&self.info))
            .flatten();
        if !plt_span.is_some_and(|(lo, hi)| reduction.settled(lo, hi)) {
            maybe.extend(
                self.plt_candidates()
                    .filter(|c| reduction.observe(&c.item, || self.candidate_wanted(c))),
            );
        }
        reduction.finish();
        let mut items: Vec<_> = maybe
            .into_iter()
            .filter_map(|c| {
                let item = reduction.select(c.item)?;
                self.candidate_wanted(&c).then_some(item)
            })
            .collect();
        self.sort_items(&mut items);
        RangeIndex::from_sorted(&items)
    }
}
