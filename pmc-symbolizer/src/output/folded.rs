//! Brendan Gregg's folded stacks, as `perf script | inferno-collapse-perf` prints them:
//! `comm;root;…;leaf period`, sorted bytewise, one line per distinct stack, only the
//! first event's samples. The value is the summed period, except where
//! `inferno-collapse-perf` cannot see one: when the event's name is shorter than
//! another event's in the file (perf script pads it), the value is the sample count.

use std::collections::BTreeMap;
use std::io::{self, Write};

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
    let p = r.profile;
    // Each frame's and each thread name's text made once.
    let mut names: Vec<Option<String>> = vec![None; p.frames.len()];
    let mut comms: Vec<Option<String>> = vec![None; p.machine.comms.len()];
    let mut out: rustc_hash::FxHashMap<String, u64> = rustc_hash::FxHashMap::default();
    let Some(first) = p.first_attr else {
        return BTreeMap::new();
    };
    // perf script right-aligns event names to the longest one; inferno then finds no
    // period before a padded name and counts samples instead. Do the same.
    let w = p.attrs.iter().map(|a| a.name.len()).max().unwrap_or(0);
    let use_count = p
        .attrs
        .get(first as usize)
        .is_some_and(|a| a.name.len() < w);
    let mut frames = Vec::new();
    for (key, t) in &p.totals {
        if key.attr != first || key.stack.is_none() {
            continue;
        }
        let comm = match comms.get_mut(key.comm as usize) {
            Some(Some(c)) => c.as_str(),
            Some(slot) => slot.insert(r.comm(key.comm).replace(' ', "_")).as_str(),
            None => "",
        };
        let mut s = if opts.tid {
            format!("{comm}-{}/{}", key.pid, key.tid)
        } else if opts.pid {
            format!("{comm}-{}", key.pid)
        } else {
            comm.to_string()
        };
        frames.clear();
        let mut cur = key.stack;
        while let Some(n) = cur.and_then(|i| p.nodes.get(i as usize)) {
            frames.push(n.frame);
            cur = n.parent;
        }
        for &f in frames.iter().rev() {
            let Some(slot) = names.get_mut(f as usize) else {
                continue;
            };
            let name = slot.get_or_insert_with(|| {
                let mut n = frame_name(r, f);
                if opts.kernel && r.is_kernel(f) {
                    n.push_str("_[k]");
                }
                n
            });
            s.push(';');
            s.push_str(name);
            for inl in r.inlined(f).into_iter().rev() {
                s.push(';');
                s.push_str(&tidy(inl));
            }
        }
        let e = out.entry(s).or_default();
        *e = e.saturating_add(if use_count { t.count } else { t.period });
    }
    out.into_iter().collect()
}

/// Writes the folded stacks.
///
/// # Errors
/// If writing fails.
pub fn write(r: &Resolved<'_>, opts: FoldOptions, out: &mut dyn Write) -> io::Result<()> {
    for (stack, n) in fold(r, opts) {
        writeln!(out, "{stack} {n}")?;
    }
    Ok(())
}

/// Writes an SVG flame graph of the folded stacks (inferno's defaults).
///
/// # Errors
/// If writing fails or inferno rejects the input.
pub fn flamegraph(r: &Resolved<'_>, opts: FoldOptions, out: &mut dyn Write) -> io::Result<()> {
    let lines: Vec<String> = fold(r, opts)
        .into_iter()
        .map(|(s, n)| format!("{s} {n}"))
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
