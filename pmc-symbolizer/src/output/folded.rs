//! Brendan Gregg's folded stacks, as `perf script | inferno-collapse-perf` prints them:
//! `comm;root;…;leaf period`, sorted bytewise, one line per distinct stack, only the
//! first event's samples. The value is the summed period, except where
//! `inferno-collapse-perf` cannot see one: when the event's name is shorter than
//! another event's in the file (perf script pads it), the value is the sample count.

use std::collections::BTreeMap;
use std::io::{self, Write};

use rustc_hash::FxHashMap;

use super::Resolved;
use crate::profile::FrameId;

/// Folding options.
#[derive(Debug, Clone, Copy, Default)]
pub struct FoldOptions {
    /// Prefix stacks with `comm-PID` (inferno's `--pid`).
    pub pid: bool,
    /// Prefix stacks with `comm-PID/TID` (inferno's `--tid`).
    pub tid: bool,
    /// Append `_[k]` to kernel frames (inferno's `--kernel`).
    pub kernel: bool,
}

/// A function name tidied as collapse-perf does: `;` → `:`, the parameter list (a
/// top-level `(` not opening a Go method receiver or `(anonymous namespace)`) cut off.
pub fn tidy(name: &str) -> String {
    let name = name.replace(';', ":");
    let mut depth = 0i32;
    let mut after_dot = false;
    let mut cut = name.len();
    for (i, c) in name.char_indices() {
        match c {
            '<' | '{' | '[' => depth += 1,
            '>' | '}' | ']' | ')' => depth -= 1,
            '(' => {
                let rest = name.get(i..).unwrap_or_default();
                if depth == 0 && !after_dot && !rest.starts_with("(anonymous namespace)") {
                    cut = i;
                    break;
                }
                depth += 1;
            }
            _ => {}
        }
        after_dot = c == '.';
    }
    let mut name = name;
    name.truncate(cut);
    name
}

/// The folded name of frame `f`.
pub fn frame_name(r: &Resolved<'_>, f: FrameId) -> String {
    match r.name(f) {
        Some(n) => tidy(n),
        None => {
            let dso = r.dso_path(f);
            if dso == "[unknown]" {
                "[unknown]".to_string()
            } else {
                format!("[{}]", dso.rsplit('/').next().unwrap_or(dso))
            }
        }
    }
}

/// The folded stacks with their summed periods, sorted.
pub fn fold(r: &Resolved<'_>, opts: FoldOptions) -> BTreeMap<String, u64> {
    fold_sorted(r, opts).into_iter().collect()
}

/// No name path (a stack whose frames all have no text).
const NO_PATH: u32 = u32::MAX;

/// The folded stacks with their summed periods, sorted bytewise (each stack once).
///
/// Stacks are first merged by their text without writing it: each frame's text (its
/// name, `_[k]`, its inline frames) is interned once, each stack node becomes a path of
/// those texts (interned, parent first, so nodes that only differ in offsets share
/// one), and totals are summed per (thread name, process, thread, path). Only then is
/// each distinct line written out, once.
pub fn fold_sorted(r: &Resolved<'_>, opts: FoldOptions) -> Vec<(String, u64)> {
    fold_lines(r, opts)
        .iter()
        .map(|(s, n)| (String::from_utf8_lossy(s).into_owned(), n))
        .collect()
}

/// [`fold_sorted`]'s lines, in one buffer.
fn fold_lines(r: &Resolved<'_>, opts: FoldOptions) -> FoldedLines {
    let p = r.profile;
    let Some(first) = p.first_attr else {
        return FoldedLines {
            text: Vec::new(),
            lines: Vec::new(),
        };
    };
    // perf script right-aligns event names to the longest one; inferno then finds no
    // period before a padded name and counts samples instead. Do the same.
    let w = p.attrs.iter().map(|a| a.name.len()).max().unwrap_or(0);
    let use_count = p
        .attrs
        .get(first as usize)
        .is_some_and(|a| a.name.len() < w);
    // Each frame's text, interned: frame → text id (None: a frame with no slot).
    let mut texts: Vec<String> = Vec::new();
    let mut text_ids: FxHashMap<String, u32> = FxHashMap::default();
    let mut frame_text: Vec<Option<u32>> = vec![None; p.frames.len()];
    // Each node's path of texts: node → path id; paths are (parent path, text). A
    // node comes after its parent (ids grow from the root), so one pass in id order
    // finds every parent's path made.
    let mut paths: Vec<(u32, u32)> = Vec::new();
    let mut path_ids: FxHashMap<(u32, u32), u32> = FxHashMap::default();
    let mut node_path: Vec<u32> = Vec::with_capacity(p.nodes.len());
    for nd in &p.nodes {
        let base = nd
            .parent
            .and_then(|q| node_path.get(q as usize).copied())
            .unwrap_or(NO_PATH);
        let f = nd.frame;
        let text = match frame_text.get(f as usize) {
            Some(Some(t)) => Some(*t),
            Some(None) => {
                let mut t = frame_name(r, f);
                if opts.kernel && r.is_kernel(f) {
                    t.push_str("_[k]");
                }
                for inl in r.inlined(f).into_iter().rev() {
                    t.push(';');
                    t.push_str(&tidy(inl));
                }
                let id = match text_ids.get(&t) {
                    Some(&id) => id,
                    None => {
                        let id = texts.len() as u32;
                        texts.push(t.clone());
                        text_ids.insert(t, id);
                        id
                    }
                };
                if let Some(slot) = frame_text.get_mut(f as usize) {
                    *slot = Some(id);
                }
                Some(id)
            }
            None => None,
        };
        // A node without text shares its parent's path.
        let path = match text {
            Some(t) => *path_ids.entry((base, t)).or_insert_with(|| {
                paths.push((base, t));
                (paths.len() - 1) as u32
            }),
            None => base,
        };
        node_path.push(path);
    }
    // (thread name, pid, tid, path) → total.
    let mut lines: FxHashMap<(u32, i32, i32, u32), u64> = FxHashMap::default();
    for (key, t) in &p.totals {
        let Some(stack) = key.stack else { continue };
        if key.attr != first {
            continue;
        }
        let path = node_path.get(stack as usize).copied().unwrap_or(NO_PATH);
        let (pid, tid) = match (opts.tid, opts.pid) {
            (true, _) => (key.pid, key.tid),
            (false, true) => (key.pid, 0),
            _ => (0, 0),
        };
        let e = lines.entry((key.comm, pid, tid, path)).or_default();
        *e = e.saturating_add(if use_count { t.count } else { t.period });
    }
    // Each path's text length (with the `;` before each frame), parents first.
    let mut path_len: Vec<usize> = Vec::with_capacity(paths.len());
    for &(parent, text) in &paths {
        let base = path_len.get(parent as usize).copied().unwrap_or(0);
        let own = texts.get(text as usize).map_or(0, String::len);
        path_len.push(base + 1 + own);
    }
    let mut comms: Vec<Option<String>> = vec![None; p.machine.comms.len()];
    let mut num = itoa::Buffer::new();
    let mut out = FoldedLines {
        text: Vec::new(),
        lines: Vec::with_capacity(lines.len()),
    };
    for ((comm, pid, tid, path), n) in lines {
        let start = out.text.len();
        let comm = match comms.get_mut(comm as usize) {
            Some(Some(c)) => c.as_str(),
            Some(slot) => slot.insert(r.comm(comm).replace(' ', "_")).as_str(),
            None => "",
        };
        out.text.extend_from_slice(comm.as_bytes());
        if opts.tid || opts.pid {
            out.text.push(b'-');
            out.text.extend_from_slice(num.format(pid).as_bytes());
        }
        if opts.tid {
            out.text.push(b'/');
            out.text.extend_from_slice(num.format(tid).as_bytes());
        }
        // The path's text, written from its end as the parents are walked.
        let len = path_len.get(path as usize).copied().unwrap_or(0);
        let end = out.text.len() + len;
        out.text.resize(end, b';');
        let mut at = end;
        let mut cur = path;
        while let Some(&(parent, text)) = paths.get(cur as usize) {
            let t = texts.get(text as usize).map_or(&[][..], |t| t.as_bytes());
            let from = at.saturating_sub(t.len());
            if let Some(dst) = out.text.get_mut(from..at) {
                dst.copy_from_slice(t);
            }
            // (the `;` before it is already there)
            at = from.saturating_sub(1);
            cur = parent;
        }
        out.lines.push((start, end, n));
    }
    let text = &out.text;
    let line = |&(a, b, _): &(usize, usize, u64)| text.get(a..b).unwrap_or_default();
    out.lines.sort_unstable_by(|a, b| line(a).cmp(line(b)));
    // Keys can still meet in one line (thread names `a b` and `a_b`; a frame whose
    // inline frames make the text another stack has): merge them.
    out.lines.dedup_by(|later, kept| {
        let same = line(later) == line(kept);
        if same {
            kept.2 = kept.2.saturating_add(later.2);
        }
        same
    });
    out
}

/// Folded stacks: the lines' text, one after the other, and each line's
/// `(start, end, total)` in it, in bytewise order of the text.
struct FoldedLines {
    text: Vec<u8>,
    lines: Vec<(usize, usize, u64)>,
}

impl FoldedLines {
    fn iter(&self) -> impl Iterator<Item = (&[u8], u64)> {
        self.lines
            .iter()
            .map(|&(a, b, n)| (self.text.get(a..b).unwrap_or_default(), n))
    }
}

/// Writes the folded stacks.
///
/// # Errors
/// If writing fails.
pub fn write(r: &Resolved<'_>, opts: FoldOptions, out: &mut dyn Write) -> io::Result<()> {
    let mut num = itoa::Buffer::new();
    for (stack, n) in fold_lines(r, opts).iter() {
        out.write_all(stack)?;
        out.write_all(b" ")?;
        out.write_all(num.format(n).as_bytes())?;
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// Writes an SVG flame graph of the folded stacks (inferno's defaults).
///
/// # Errors
/// If writing fails or inferno rejects the input.
pub fn flamegraph(r: &Resolved<'_>, opts: FoldOptions, out: &mut dyn Write) -> io::Result<()> {
    let lines: Vec<String> = fold_lines(r, opts)
        .iter()
        .map(|(s, n)| format!("{} {n}", String::from_utf8_lossy(s)))
        .collect();
    let mut o = inferno::flamegraph::Options::default();
    inferno::flamegraph::from_lines(&mut o, lines.iter().map(String::as_str), out)
        .map_err(io::Error::other)
}

#[cfg(test)]
mod tests {
    use super::tidy;

    #[test]
    fn tidy_names() {
        assert_eq!(tidy("foo(int, char)"), "foo");
        assert_eq!(tidy("a;b"), "a:b");
        assert_eq!(tidy("std::map<int, f(x)>::at"), "std::map<int, f(x)>::at");
        assert_eq!(
            tidy("(anonymous namespace)::f(int)"),
            "(anonymous namespace)::f"
        );
        assert_eq!(tidy("net/http.(*Client).Do"), "net/http.(*Client).Do");
    }
}
