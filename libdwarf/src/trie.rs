//! A model of the trie BFD 2.40 finds units in (`dwarf2.c`), kept only to say which
//! addresses it misses.
//!
//! BFD files each unit's address ranges (its own, its line sequences', its
//! functions') in a 256-way trie on the address bytes, most significant first. A
//! node is a leaf of up to 16 ranges (a range of the same unit that overlaps or
//! touches one there widens it instead) until one more arrives: it then becomes an
//! interior node and its ranges go to the children they cover, cut to the node's
//! span. A leaf of the last level (one address) just grows.
//!
//! The cut takes the span's last address as the end of the range, one short: in a
//! node whose children are single addresses (a 256-byte block, the eighth level),
//! the last child gets no range that runs on past the block. So once such a block
//! has had more than 16 ranges, BFD finds no unit for its last address (`0x…ff`):
//! objdump shows no line there, and names the function from the symbol table.

use std::collections::BTreeMap;

/// Entries a leaf holds before it splits (BFD's `TRIE_LEAF_SIZE`).
const LEAF_SIZE: usize = 16;

/// One node: a leaf of `(unit, begin, end)` ranges with room for `room`, or the
/// children by address byte.
#[derive(Debug)]
enum Node {
    Leaf {
        ranges: Vec<(usize, u64, u64)>,
        room: usize,
    },
    Interior(BTreeMap<u8, Node>),
}

impl Node {
    fn leaf() -> Node {
        Node::Leaf {
            ranges: Vec::new(),
            room: LEAF_SIZE,
        }
    }
}

/// Whether `[b1, e1)` and `[b2, e2)` overlap or touch, as BFD tells (ranges with
/// the same start or the same end always do).
fn touching(b1: u64, e1: u64, b2: u64, e2: u64) -> bool {
    if b1 == b2 || e1 == e2 {
        return true;
    }
    let ((_, e_lo), (b_hi, _)) = if b1 <= b2 {
        ((b1, e1), (b2, e2))
    } else {
        ((b2, e2), (b1, e1))
    };
    b_hi <= e_lo
}

/// The trie of one file's units.
#[derive(Debug)]
pub(crate) struct BfdTrie {
    root: Node,
}

impl Default for BfdTrie {
    fn default() -> Self {
        BfdTrie { root: Node::leaf() }
    }
}

impl BfdTrie {
    /// Files `[begin, end)` of `unit` (empty ranges are not filed).
    pub(crate) fn insert(&mut self, unit: usize, begin: u64, end: u64) {
        if begin != end {
            insert(&mut self.root, 0, 0, unit, begin, end);
        }
    }

    /// Whether BFD finds no range holding `addr`.
    pub(crate) fn misses(&self, addr: u64) -> bool {
        let mut node = &self.root;
        let mut bits = 0u32;
        loop {
            match node {
                Node::Leaf { ranges, .. } => {
                    return !ranges.iter().any(|&(_, b, e)| b <= addr && addr < e);
                }
                Node::Interior(children) => {
                    let shift = 56u32.saturating_sub(bits);
                    let ch = ((addr >> shift) & 0xff) as u8;
                    match children.get(&ch) {
                        Some(n) => node = n,
                        None => return true,
                    }
                    bits += 8;
                }
            }
        }
    }
}

/// Files `[begin, end)` of `unit` in `node`, which covers the addresses whose top
/// `bits` bits are those of `pc`.
fn insert(node: &mut Node, pc: u64, bits: u32, unit: usize, begin: u64, end: u64) {
    if let Node::Leaf { ranges, room } = node {
        for r in ranges.iter_mut() {
            if r.0 == unit && touching(begin, end, r.1, r.2) {
                r.1 = r.1.min(begin);
                r.2 = r.2.max(end);
                return;
            }
        }
        if ranges.len() < *room {
            ranges.push((unit, begin, end));
            return;
        }
        if bits >= 64 {
            // The last level: the leaf grows.
            *room = room.saturating_mul(2);
            ranges.push((unit, begin, end));
            return;
        }
        // Full: the leaf becomes an interior node holding what it held.
        let old = std::mem::take(ranges);
        *node = Node::Interior(BTreeMap::new());
        for (u, b, e) in old {
            insert(node, pc, bits, u, b, e);
        }
    }
    let Node::Interior(children) = node else {
        return;
    };
    // Cut to the node's span, whose last address BFD takes for the end.
    let (mut lo, mut hi) = (begin, end);
    if bits > 0 {
        let last = pc.wrapping_add(u64::MAX >> bits);
        lo = lo.max(pc);
        hi = hi.min(last);
    }
    let shift = 56 - bits;
    let from = (lo >> shift) & 0xff;
    let to = (hi.wrapping_sub(1) >> shift) & 0xff;
    for ch in from..=to {
        let child = children.entry(ch as u8).or_insert_with(Node::leaf);
        insert(
            child,
            pc.wrapping_add(ch << shift),
            bits + 8,
            unit,
            begin,
            end,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_full_block_loses_its_last_address() {
        let mut t = BfdTrie::default();
        // 17 units with a range each over 0x1000..0x1200: every level splits down
        // to the 256-byte blocks, whose last addresses then hold nothing.
        for u in 0..17 {
            t.insert(u, 0x1000, 0x1200);
        }
        assert!(!t.misses(0x1000));
        assert!(!t.misses(0x10fe));
        assert!(t.misses(0x10ff));
        assert!(t.misses(0x11ff));
        assert!(t.misses(0x1200));
        // Ranges of one unit that touch are one entry: no split.
        let mut t = BfdTrie::default();
        for k in 0..80u64 {
            t.insert(0, 0x1000 + k * 4, 0x1004 + k * 4);
        }
        assert!(!t.misses(0x10ff));
        assert!(t.misses(0x1140));
    }
}
