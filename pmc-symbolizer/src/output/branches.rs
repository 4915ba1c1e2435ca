//! Branch-stack (LBR) edges: how often each `from → to` pair was recorded, symbolized.
//! One line per edge, most frequent first (ties by text):
//! `COUNT FROM -> TO`, each end as `sym+0xOFF (dso)` or `[unknown] (dso) 0xADDR`.

use std::io::{self, Write};

use super::Resolved;
use crate::profile::FrameId;

fn end_text(r: &Resolved<'_>, f: FrameId) -> String {
    match r
        .sym(f)
        .and_then(|s| s.name.as_deref().map(|n| (n, s.offset)))
    {
        Some((name, off)) => format!("{name}+0x{off:x} ({})", r.dso_short(f)),
        None => format!("[unknown] ({}) 0x{:x}", r.dso_short(f), r.addr(f)),
    }
}

/// The edges as (count, from text, to text), most frequent first.
pub fn edges(r: &Resolved<'_>) -> Vec<(u64, String, String)> {
    let mut v: Vec<(u64, String, String)> = r
        .profile
        .edges
        .iter()
        .map(|(&(from, to), &n)| (n, end_text(r, from), end_text(r, to)))
        .collect();
    v.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| (&a.1, &a.2).cmp(&(&b.1, &b.2))));
    v
}

/// Writes the edges.
///
/// # Errors
/// If writing fails.
pub fn write(r: &Resolved<'_>, out: &mut dyn Write) -> io::Result<()> {
    for (n, from, to) in edges(r) {
        writeln!(out, "{n} {from} -> {to}")?;
    }
    Ok(())
}
