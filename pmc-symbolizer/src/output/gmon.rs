//! pmcstat's `-g`: one BSD gprof `gmon.out` per (image, event), as
//! `usr.sbin/pmcstat/pmcpl_gprof.c` writes them, at `DIR/EVENT/IMAGE.gmon`
//! (`IMAGE~NNN.gmon` when two images share a basename).
//!
//! Layout (the image's byte order and word size; 40-byte header on 64-bit images):
//! `struct gmonhdr {u_long lpc = pi_start; u_long hpc; int ncnt = header +
//! 2·nbuckets; int version = 0x00051879; int profrate = 0; int histcounter_type = 0;
//! int spare[3]}` (GNU gprof's `GMON_HDRSIZE_BSD44_*`), then `nbuckets =
//! ceil((pi_end − pi_start) / FUNCTION_ALIGNMENT)` 16-bit counters (saturating), a
//! sample at virtual address `v` counting in bucket `(v − pi_start) / FUNCTION_ALIGNMENT`,
//! then `struct rawarc {u_long frompc; u_long selfpc; long count}` records: for each
//! leaf function of the `-G` call graph that has more than one caller (pmcstat's
//! test), each caller → callee pair of the tree below it within one image, with the
//! caller's count.
//!
//! One deliberate difference: pmcstat writes `hpc = pi_end`, which makes GNU gprof's
//! bucket width `(pi_end − pi_start) / nbuckets` a little under FUNCTION_ALIGNMENT when
//! the text's size is not a multiple of it, so gprof moves samples towards lower
//! addresses (on the C fixture, 10 of `cmp_int`'s 45 samples land in `frame_dummy`).
//! Here `hpc = pi_start + nbuckets · FUNCTION_ALIGNMENT`, the end of the last bucket.
//!
//! Only images whose ELF file is found have files (pmcstat ignores samples in images it
//! cannot read), and only if their text range is plausible for the file's size (it sizes
//! the histogram); samples outside the image's text are not counted. Event names become
//! directory names with `/` turned into `_`.

use std::io;
use std::path::{Path, PathBuf};

use rustc_hash::FxHashMap;

use super::callgraph::{self, Graph};
use super::images::{ImageFile, Images, Names};
use super::Resolved;

/// `GMONVERSION`.
const GMONVERSION: u32 = 0x0005_1879;

/// One gmon file being built.
#[derive(Debug)]
struct GmonFile {
    buckets: Vec<u16>,
    arcs: Vec<(u64, u64, u64)>,
}

fn put(out: &mut Vec<u8>, v: u64, wide: bool, le: bool) {
    match (wide, le) {
        (true, true) => out.extend_from_slice(&v.to_le_bytes()),
        (true, false) => out.extend_from_slice(&v.to_be_bytes()),
        (false, true) => out.extend_from_slice(&(v as u32).to_le_bytes()),
        (false, false) => out.extend_from_slice(&(v as u32).to_be_bytes()),
    }
}

fn encode(file: &ImageFile, g: &GmonFile) -> Vec<u8> {
    let (w, le) = (file.is_64, file.little_endian);
    let word = if w { 8 } else { 4 };
    let header = 2 * word + 4 * 6;
    let mut out = Vec::with_capacity(header + g.buckets.len() * 2 + g.arcs.len() * 3 * word);
    // pmcstat writes `hpc = pi_end`; GNU gprof takes the bucket width from
    // `(hpc − lpc) / nbuckets`, which is then a little under FUNCTION_ALIGNMENT unless
    // the text's size is a multiple of it, and shifts samples towards lower addresses
    // (into the previous function near a boundary). The end of the last bucket keeps
    // the width exact.
    let fa = file.function_alignment();
    put(&mut out, file.pi_start, w, le);
    put(&mut out, file.pi_start + g.buckets.len() as u64 * fa, w, le);
    let ncnt = header + g.buckets.len() * 2;
    for v in [ncnt as u64, u64::from(GMONVERSION), 0, 0, 0, 0] {
        put(&mut out, v, false, le);
    }
    for &b in &g.buckets {
        out.extend_from_slice(&if le { b.to_le_bytes() } else { b.to_be_bytes() });
    }
    for &(from, to, count) in &g.arcs {
        put(&mut out, from, w, le);
        put(&mut out, to, w, le);
        put(&mut out, count, w, le);
    }
    out
}

/// pmcstat's sample names: `basename.gmon`, else `basename~NNN.gmon`, given to the
/// images in order.
fn sample_names(r: &Resolved<'_>) -> Vec<String> {
    let mut taken: std::collections::HashSet<String> = std::collections::HashSet::new();
    let mut out = Vec::new();
    for img in &r.profile.machine.images {
        let base = img.path.rsplit('/').next().unwrap_or(&img.path);
        let mut name = format!("{base}.gmon");
        let mut n = 0;
        while taken.contains(&name) && n < 999 {
            n += 1;
            name = format!("{base}~{n:03}.gmon");
        }
        taken.insert(name.clone());
        out.push(name);
    }
    out
}

/// Writes the gmon files under `dir`; returns their paths.
///
/// # Errors
/// If a directory or file cannot be written.
pub fn write_dir(
    r: &Resolved<'_>,
    images: &Images,
    depth: usize,
    dir: &Path,
) -> io::Result<Vec<PathBuf>> {
    let p = r.profile;
    // (attr, image) → file.
    let mut files: FxHashMap<(u32, u32), GmonFile> = FxHashMap::default();
    for (key, t) in &p.totals {
        let Some(leaf) = key.stack.and_then(|n| p.nodes.get(n as usize)) else {
            continue;
        };
        let Some(frame) = p.frames.get(leaf.frame as usize) else {
            continue;
        };
        let Some((img, file)) = frame.loc.image.and_then(|i| images.get(i).map(|f| (i, f))) else {
            continue;
        };
        let v = file.vaddr(frame.loc.addr);
        if v < file.pi_start || v >= file.pi_end || !file.text_plausible() {
            continue;
        }
        let fa = file.function_alignment();
        let g = files.entry((key.attr, img)).or_insert_with(|| GmonFile {
            buckets: vec![0; (file.pi_end - file.pi_start).div_ceil(fa) as usize],
            arcs: Vec::new(),
        });
        if let Some(b) = g.buckets.get_mut(((v - file.pi_start) / fa) as usize) {
            *b = b.saturating_add(u16::try_from(t.count).unwrap_or(u16::MAX));
        }
    }
    if depth > 1 {
        let (graphs, keys) = callgraph::build(r, images, depth);
        let names = Names::new(r, images, &keys);
        for (attr, g) in graphs.iter().enumerate() {
            let roots = callgraph::order(r, &names, g, g.roots.values().copied().collect());
            for root in roots {
                if g.nodes.get(root).is_some_and(|n| n.children.len() > 1) {
                    arcs(r, &names, g, root, attr as u32, &mut files);
                }
            }
        }
    }
    let names = sample_names(r);
    let mut written = Vec::new();
    let mut keys: Vec<(u32, u32)> = files.keys().copied().collect();
    keys.sort_unstable();
    for (attr, img) in keys {
        let (Some(g), Some(file)) = (files.get(&(attr, img)), images.get(img)) else {
            continue;
        };
        let event = p
            .attrs
            .get(attr as usize)
            .map_or_else(|| format!("event{attr}"), |a| a.name.replace('/', "_"));
        let sub = dir.join(event);
        std::fs::create_dir_all(&sub)?;
        let name = names
            .get(img as usize)
            .cloned()
            .unwrap_or_else(|| format!("image{img}.gmon"));
        let path = sub.join(name);
        super::write_atomically(&path, &encode(file, g))?;
        written.push(path);
    }
    Ok(written)
}

/// Appends the arcs of the tree below `n`: each child (a caller) in the same image as
/// its node (the callee) gives `caller → callee` with the caller's count.
fn arcs(
    r: &Resolved<'_>,
    names: &Names,
    g: &Graph,
    n: usize,
    attr: u32,
    files: &mut FxHashMap<(u32, u32), GmonFile>,
) {
    let Some(node) = g.nodes.get(n) else { return };
    for c in callgraph::order(r, names, g, node.children.clone()) {
        let Some(child) = g.nodes.get(c) else {
            continue;
        };
        if child.key.image == node.key.image {
            if let Some(f) = files.get_mut(&(attr, node.key.image)) {
                f.arcs.push((child.key.addr, node.key.addr, child.count));
            }
        }
        if !child.children.is_empty() {
            arcs(r, names, g, c, attr, files);
        }
    }
}
