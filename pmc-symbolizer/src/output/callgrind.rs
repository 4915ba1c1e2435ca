//! pmcstat's `-F FILE`: the call graph in callgrind format (kcachegrind,
//! `callgrind_annotate`), as `usr.sbin/pmcstat/pmcpl_calltree.c` writes it.
//!
//! One node per (image, function) for all events together, linked caller → callee
//! from a synthetic root: each sample walks its chain from the leaf outwards up to the
//! first frame in no mapping, then adds one to every arc root → outermost → … → leaf
//! and to the leaf's self cost. Arcs estimate call counts as pmcstat does: a sample
//! counts a new call on an arc unless the arc was also taken by the previous sample of
//! the event (a call-generation counter).
//!
//! Text: `version: 1`, `creator: pmcstat`, `positions: instr line`,
//! `events: NAME_IDX …` (characters other than ASCII letters and digits become `_`),
//! `summary: N …` (samples per event), then the nodes breadth first from the root:
//! `fn=root` / `0x0 1 0…`, and for each other node `ob=IMAGE`, `fl=FILE` / `fn=FUNC`
//! (from the DWARF line table at the function's start, as pmcstat's `addr2line -Cfe`;
//! else `fl=???` and the raw symbol name, or `%p` of the address), its self cost at
//! the function's start (`ADDR LINE COST…`), and per callee `cob=`, `cfi=`, `cfn=`,
//! `calls=N ADDR LINE` and the inclusive cost at the caller's start. Per-instruction
//! costs (pmcstat's instruction dumping) are not written.
//!
//! Nodes, arcs and the BFS follow the samples' order, so the file is deterministic for
//! a given input.

use std::io::{self, Write};

use rustc_hash::FxHashMap;

use super::images::{func_key, FuncKey, Images, Names};
use super::Resolved;
use crate::profile::{FrameId, Key};

#[derive(Debug)]
struct Arc {
    child: usize,
    samples: Vec<u64>,
    callid: Vec<u64>,
    calls: u64,
}

#[derive(Debug)]
struct Node {
    key: Option<FuncKey>,
    samples: Vec<u64>,
    arcs: Vec<Arc>,
}

#[derive(Debug)]
struct Tree {
    nodes: Vec<Node>,
    by_key: FxHashMap<FuncKey, usize>,
    callid: Vec<u64>,
    npmcs: usize,
}

impl Tree {
    fn node(&mut self, k: FuncKey) -> usize {
        if let Some(&n) = self.by_key.get(&k) {
            return n;
        }
        self.nodes.push(Node {
            key: Some(k),
            samples: vec![0; self.npmcs],
            arcs: Vec::new(),
        });
        let n = self.nodes.len() - 1;
        self.by_key.insert(k, n);
        n
    }

    /// pmcpl_ct_node_update with `v = 1`, `cd = 1`.
    fn update(&mut self, parent: usize, child: usize, pmc: usize) {
        let now = self.callid.get(pmc).copied().unwrap_or(0);
        let npmcs = self.npmcs;
        let Some(p) = self.nodes.get_mut(parent) else {
            return;
        };
        if let Some(a) = p.arcs.iter_mut().find(|a| a.child == child) {
            if let Some(s) = a.samples.get_mut(pmc) {
                *s += 1;
            }
            if let Some(c) = a.callid.get_mut(pmc) {
                if now.saturating_sub(*c) > 1 {
                    a.calls += 1;
                }
                *c = now;
            }
            return;
        }
        let mut a = Arc {
            child,
            samples: vec![0; npmcs],
            callid: vec![0; npmcs],
            calls: 1,
        };
        if let (Some(s), Some(c)) = (a.samples.get_mut(pmc), a.callid.get_mut(pmc)) {
            *s = 1;
            *c = now;
        }
        p.arcs.push(a);
    }
}

/// `NAME_IDX` with every character but ASCII letters and digits turned into `_`, at
/// most 39 bytes (pmcstat's `char name[40]`).
fn event_name(name: &str, idx: usize) -> String {
    let mut s = format!("{name}_{idx}");
    let mut cut = s.len().min(39);
    while !s.is_char_boundary(cut) {
        cut -= 1;
    }
    s.truncate(cut);
    s.chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '_' })
        .collect()
}

/// Writes the callgrind file. Samples are taken in recorded order from the profile's
/// per-sample records when it kept them, else from its totals.
///
/// # Errors
/// If writing fails.
pub fn write(r: &Resolved<'_>, images: &Images, out: &mut dyn Write) -> io::Result<()> {
    let p = r.profile;
    let npmcs = p.attrs.len();
    let mut tree = Tree {
        nodes: vec![Node {
            key: None,
            samples: vec![0; npmcs],
            arcs: Vec::new(),
        }],
        by_key: FxHashMap::default(),
        callid: vec![0; npmcs],
        npmcs,
    };
    let mut keys: Vec<(FuncKey, FrameId)> = Vec::new();
    let mut chains: FxHashMap<Option<u32>, Vec<(FuncKey, FrameId)>> = FxHashMap::default();
    let mut feed = |tree: &mut Tree, key: &Key| {
        let chain = chains.entry(key.stack).or_insert_with(|| {
            p.stack_frames(key.stack)
                .into_iter()
                .map_while(|f| func_key(r, images, f).map(|k| (k, f)))
                .collect()
        });
        if chain.is_empty() {
            return;
        }
        let pmc = key.attr as usize;
        if let Some(c) = tree.callid.get_mut(pmc) {
            *c += 1;
        }
        let mut parent = 0;
        for &(k, f) in chain.iter().rev() {
            let n = tree.node(k);
            if n + 1 == tree.nodes.len() {
                keys.push((k, f));
            }
            tree.update(parent, n, pmc);
            parent = n;
        }
        if let Some(s) = tree
            .nodes
            .get_mut(parent)
            .and_then(|n| n.samples.get_mut(pmc))
        {
            *s += 1;
        }
    };
    match &p.samples {
        Some(samples) => {
            for s in samples {
                feed(&mut tree, &s.key);
            }
        }
        None => {
            let mut entries: Vec<_> = p.totals.iter().collect();
            entries.sort_unstable_by_key(|(k, _)| **k);
            for (k, t) in entries {
                for _ in 0..t.count {
                    feed(&mut tree, k);
                }
            }
        }
    }
    let names = Names::new(r, images, &keys);
    // Source positions of the function starts, per image.
    let mut per_image: FxHashMap<u32, Vec<u64>> = FxHashMap::default();
    for k in tree.nodes.iter().filter_map(|n| n.key) {
        per_image.entry(k.image).or_default().push(k.addr);
    }
    let mut lines: FxHashMap<FuncKey, (String, String, u32)> = FxHashMap::default();
    for (img, mut addrs) in per_image {
        let Some(file) = images.get(img) else {
            continue;
        };
        addrs.sort_unstable();
        addrs.dedup();
        for (a, l) in addrs.iter().zip(file.addr2line(&addrs)) {
            if let Some(l) = l {
                lines.insert(
                    FuncKey {
                        image: img,
                        addr: *a,
                        named: false,
                    },
                    l,
                );
            }
        }
    }
    let line_of = |k: &FuncKey| lines.get(&FuncKey { named: false, ..*k });
    let image_path = |k: &FuncKey| super::callgraph::image_path(r, k.image);

    writeln!(out, "version: 1")?;
    writeln!(out, "creator: pmcstat")?;
    writeln!(out, "positions: instr line")?;
    let events: Vec<String> = p
        .attrs
        .iter()
        .enumerate()
        .map(|(i, a)| event_name(&a.name, i))
        .collect();
    writeln!(
        out,
        "events:{}",
        events.iter().map(|e| format!(" {e}")).collect::<String>()
    )?;
    let mut summary = vec![0u64; npmcs];
    if let Some(root) = tree.nodes.first() {
        for a in &root.arcs {
            for (s, v) in summary.iter_mut().zip(&a.samples) {
                *s += v;
            }
        }
    }
    writeln!(out, "summary:{}", costs(&summary))?;
    let mut seen = vec![false; tree.nodes.len()];
    let mut queue = std::collections::VecDeque::from([0usize]);
    if let Some(s) = seen.first_mut() {
        *s = true;
    }
    while let Some(n) = queue.pop_front() {
        let Some(node) = tree.nodes.get(n) else {
            continue;
        };
        let (paddr, pline) = match &node.key {
            None => {
                writeln!(out, "fn=root")?;
                writeln!(out, "0x0 1{}", costs(&vec![0; npmcs]))?;
                (0, 0)
            }
            Some(k) => {
                writeln!(out, "ob={}", image_path(k))?;
                let fline = match line_of(k) {
                    Some((func, file, line)) => {
                        writeln!(out, "fl={file}")?;
                        writeln!(out, "fn={func}")?;
                        *line
                    }
                    None => {
                        writeln!(out, "fl=???")?;
                        writeln!(out, "fn={}", names.get(k))?;
                        0
                    }
                };
                writeln!(out, "{:#x} {fline}{}", k.addr, costs(&node.samples))?;
                (k.addr, fline)
            }
        };
        for a in &node.arcs {
            let Some(ck) = tree.nodes.get(a.child).and_then(|c| c.key) else {
                continue;
            };
            writeln!(out, "cob={}", image_path(&ck))?;
            let line = match line_of(&ck) {
                Some((func, file, line)) => {
                    writeln!(out, "cfi={file}")?;
                    writeln!(out, "cfn={func}")?;
                    *line
                }
                None => {
                    writeln!(out, "cfi=???")?;
                    writeln!(out, "cfn={}", names.get(&ck))?;
                    0
                }
            };
            writeln!(out, "calls={} {:#x} {line}", a.calls, ck.addr)?;
            writeln!(out, "{paddr:#x} {pline}{}", costs(&a.samples))?;
            if let Some(s) = seen.get_mut(a.child) {
                if !*s {
                    *s = true;
                    queue.push_back(a.child);
                }
            }
        }
    }
    Ok(())
}

/// ` N` per value.
fn costs(v: &[u64]) -> String {
    v.iter().map(|x| format!(" {x}")).collect()
}
