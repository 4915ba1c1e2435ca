//! Name → symbol: a hash map over the names of every table, built on first use.

use std::collections::HashMap;

/// Where a symbol lives in a [`Symtab`](crate::Symtab): table number (position in
/// `tables()`, or [`PLT`] for the synthetic PLT entries) and index in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct SymRef {
    pub table: u16,
    pub index: u32,
}

/// The table number of synthetic PLT entries.
pub(crate) const PLT: u16 = u16::MAX;

/// Names (borrowed from the file) to the symbols bearing them, in table order.
///
/// Each name maps to the first of its symbols; `next` chains the others.
#[derive(Debug, Default)]
pub(crate) struct NameIndex<'data> {
    map: HashMap<&'data [u8], u32>,
    refs: Vec<SymRef>,
    next: Vec<u32>,
}

const END: u32 = u32::MAX;

impl<'data> NameIndex<'data> {
    /// Index `(name, ref)` pairs given in table order.
    pub(crate) fn build(pairs: Vec<(&'data [u8], SymRef)>) -> Self {
        let n = pairs.len().min(END as usize);
        let mut index = Self {
            map: HashMap::with_capacity(n),
            refs: Vec::with_capacity(n),
            next: Vec::with_capacity(n),
        };
        // Backwards, each symbol becomes the head of its name's chain, so chains end up
        // in table order.
        for (name, r) in pairs.into_iter().take(n).rev() {
            let at = index.refs.len() as u32;
            index.refs.push(r);
            index.next.push(index.map.insert(name, at).unwrap_or(END));
        }
        index
    }

    /// The symbols named `name`, in table order.
    pub(crate) fn get(&self, name: &[u8]) -> impl Iterator<Item = SymRef> + '_ {
        let mut at = self.map.get(name).copied().unwrap_or(END);
        std::iter::from_fn(move || {
            let r = *self.refs.get(at as usize)?;
            // Links always point to an earlier entry, so the walk ends.
            at = self.next.get(at as usize).copied().unwrap_or(END);
            Some(r)
        })
    }

    /// Number of distinct names.
    pub(crate) fn len(&self) -> usize {
        self.map.len()
    }
}
