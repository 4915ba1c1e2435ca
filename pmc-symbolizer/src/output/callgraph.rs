//! pmcstat's `-G FILE` call graph text (`usr.sbin/pmcstat/pmcpl_callgraph.c`).
//!
//! For each event (PMC), `@ NAME [N samples]` and a blank line, then one tree per
//! *leaf* function (the sampled PC rounded to its symbol's start): its callers below
//! it, their callers below them, up to `depth` frames (pmcstat's `-z`, default 16)
//! counting the leaf. A line is
//! `INDENT PCT%  [COUNT] PAD INDENT NAME[ @ IMAGE]`: `depth` spaces, `100.0% ` when
//! the node has all of its parent's samples, else `%05.2f% `, then ` [N] ` padded to
//! 12 columns, `depth` spaces again, the raw symbol name (or `%p` of the address), and
//! ` @ IMAGE` when the image differs from the previous line's (reset at each tree).
//! A blank line follows each tree. Percentages are of the event's samples for a leaf
//! and of the parent node's samples below it. Counts are samples, not periods.
//!
//! As pmcstat: events come in the reverse order of their allocation (its PMC list is
//! built by inserting at the head) and events without samples print nothing; a sample
//! whose leaf is in no mapping is dropped, a caller in no mapping is skipped (the
//! current code's `continue`), return addresses are looked up as they are.
//!
//! Where pmcstat leaves it open: pmcstat sorts with `qsort` by count only, so ties come
//! out in no defined order. Here ties are broken by name (bytewise), then image path,
//! then address, all ascending. Differences: images pmcstat could not open (a library
//! missing from the sysroot) are kept, their addresses printed as file offsets, where
//! pmcstat drops such samples; symbols come from our symbolizer (perf's rules, PLT
//! entries included), named by their raw names from the image file where it is found.

use std::io::{self, Write};

use rustc_hash::FxHashMap;

use super::images::{func_key, FuncKey, Images, Names};
use super::Resolved;

/// Call graph options.
#[derive(Debug, Clone, Copy)]
pub struct CallgraphOptions {
    /// Frames per chain, the leaf included (pmcstat's `-z`, default 16).
    pub depth: usize,
}

impl Default for CallgraphOptions {
    fn default() -> Self {
        CallgraphOptions { depth: 16 }
    }
}

/// A call graph node: a function and its samples under its parent (its callers are
/// its children).
#[derive(Debug)]
pub(crate) struct Node {
    pub(crate) key: FuncKey,
    pub(crate) count: u64,
    pub(crate) children: Vec<usize>,
}

/// One event's trees: the arena and its roots.
#[derive(Debug, Default)]
pub(crate) struct Graph {
    pub(crate) nodes: Vec<Node>,
    pub(crate) roots: FxHashMap<FuncKey, usize>,
    pub(crate) total: u64,
}

impl Graph {
    fn child(&mut self, parent: usize, key: FuncKey) -> usize {
        let found = self
            .nodes
            .get(parent)
            .and_then(|p| {
                p.children
                    .iter()
                    .find(|&&c| self.nodes.get(c).is_some_and(|n| n.key == key))
            })
            .copied();
        if let Some(c) = found {
            return c;
        }
        let id = self.new_node(key);
        if let Some(p) = self.nodes.get_mut(parent) {
            p.children.push(id);
        }
        id
    }

    fn new_node(&mut self, key: FuncKey) -> usize {
        self.nodes.push(Node {
            key,
            count: 0,
            children: Vec::new(),
        });
        self.nodes.len() - 1
    }
}

/// pmcstat's call graph trees, one per event (by attr index), and the frames they name.
pub(crate) fn build(
    r: &Resolved<'_>,
    images: &Images,
    depth: usize,
) -> (Vec<Graph>, Vec<(FuncKey, u32)>) {
    let p = r.profile;
    let mut graphs: Vec<Graph> = (0..p.attrs.len()).map(|_| Graph::default()).collect();
    let mut keys: Vec<(FuncKey, u32)> = Vec::new();
    // Deterministic input order (the totals are a hash map).
    let mut entries: Vec<_> = p.totals.iter().collect();
    entries.sort_unstable_by_key(|(k, _)| **k);
    for (key, t) in entries {
        let Some(g) = graphs.get_mut(key.attr as usize) else {
            continue;
        };
        let frames = p.stack_frames(key.stack);
        let Some(&leaf) = frames.first() else {
            continue;
        };
        let Some(lk) = func_key(r, images, leaf) else {
            continue;
        };
        keys.push((lk, leaf));
        let mut parent = match g.roots.get(&lk) {
            Some(&n) => n,
            None => {
                let n = g.new_node(lk);
                g.roots.insert(lk, n);
                n
            }
        };
        if let Some(n) = g.nodes.get_mut(parent) {
            n.count += t.count;
        }
        g.total += t.count;
        for &f in frames.iter().take(depth.max(1)).skip(1) {
            let Some(k) = func_key(r, images, f) else {
                continue;
            };
            keys.push((k, f));
            parent = g.child(parent, k);
            if let Some(n) = g.nodes.get_mut(parent) {
                n.count += t.count;
            }
        }
    }
    (graphs, keys)
}

/// `v` (nodes of `g`) sorted as printed: count descending, then name, image path and
/// address ascending.
pub(crate) fn order(r: &Resolved<'_>, names: &Names, g: &Graph, mut v: Vec<usize>) -> Vec<usize> {
    v.sort_by(|&a, &b| {
        let (Some(x), Some(y)) = (g.nodes.get(a), g.nodes.get(b)) else {
            return std::cmp::Ordering::Equal;
        };
        y.count
            .cmp(&x.count)
            .then_with(|| names.get(&x.key).cmp(names.get(&y.key)))
            .then_with(|| image_path(r, x.key.image).cmp(image_path(r, y.key.image)))
            .then_with(|| x.key.addr.cmp(&y.key.addr))
    });
    v
}

/// Writes the call graph text.
///
/// # Errors
/// If writing fails.
pub fn write(
    r: &Resolved<'_>,
    images: &Images,
    opts: CallgraphOptions,
    out: &mut dyn Write,
) -> io::Result<()> {
    let p = r.profile;
    let (graphs, keys) = build(r, images, opts.depth);
    let names = Names::new(r, images, &keys);
    for (a, g) in graphs.iter().enumerate().rev() {
        if g.roots.is_empty() {
            continue;
        }
        let name = p.attrs.get(a).map_or("", |x| x.name.as_str());
        writeln!(out, "@ {name} [{} samples]", g.total)?;
        writeln!(out)?;
        let roots = order(r, &names, g, g.roots.values().copied().collect());
        for root in roots {
            let mut prev_image = None;
            let mut stack = vec![(root, 0usize, g.total)];
            while let Some((n, depth, parent_total)) = stack.pop() {
                let Some(node) = g.nodes.get(n) else { continue };
                let mut line = String::new();
                line.push_str(&" ".repeat(depth));
                if node.count == parent_total {
                    line.push_str("100.0% ");
                } else {
                    let pct = 100.0 * node.count as f64 / parent_total.max(1) as f64;
                    line.push_str(&format!("{pct:05.2}% "));
                }
                let field = format!(" [{}] ", node.count);
                line.push_str(&field);
                line.push_str(&" ".repeat(12usize.saturating_sub(field.len())));
                line.push_str(&" ".repeat(depth));
                line.push_str(names.get(&node.key));
                if prev_image != Some(node.key.image) {
                    prev_image = Some(node.key.image);
                    line.push_str(" @ ");
                    line.push_str(image_path(r, node.key.image));
                }
                writeln!(out, "{line}")?;
                for c in order(r, &names, g, node.children.clone()).into_iter().rev() {
                    stack.push((c, depth + 1, node.count));
                }
            }
            writeln!(out)?;
        }
    }
    Ok(())
}

pub(crate) fn image_path<'a>(r: &Resolved<'a>, image: u32) -> &'a str {
    r.profile
        .machine
        .images
        .get(image as usize)
        .map_or("", |i| i.path.as_str())
}
