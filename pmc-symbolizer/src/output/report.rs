//! perf 6.1's `perf report --stdio --no-children --sort [comm,]dso,sym -g none` table,
//! without its random `# (Tip: …)` line.

use rustc_hash::FxHashMap as HashMap;
use std::io::{self, Write};

use super::Resolved;
use crate::profile::FrameId;

/// Sort keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Sort {
    /// `--sort dso,sym`.
    #[default]
    DsoSym,
    /// `--sort comm,dso,sym`.
    CommDsoSym,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum SymKey<'a> {
    /// A symbol: (name, start).
    Named(&'a str, u64),
    /// An unresolved address.
    Addr(u64),
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct RowKey<'a> {
    comm: &'a str,
    dso: &'a str,
    kernel: bool,
    sym: SymKey<'a>,
}

/// A row as told apart before its text: (thread name, image, kernel, (symbol start or
/// address, name pointer, name length)).
type ByFrame = (u32, Option<u32>, bool, (u64, usize, usize));

/// perf's abbreviated sample count: `168 `, `1K`, `104K`.
fn abbreviated(n: u64) -> String {
    if n >= 1_000_000 {
        format!("{}M", n / 1_000_000)
    } else if n >= 1000 {
        format!("{}K", n / 1000)
    } else {
        format!("{n} ")
    }
}

/// Writes the report.
///
/// # Errors
/// If writing fails.
pub fn write(r: &Resolved<'_>, sort: Sort, out: &mut dyn Write) -> io::Result<()> {
    let p = r.profile;
    writeln!(
        out,
        "# To display the perf.data header info, please use --header/--header-only options."
    )?;
    writeln!(out, "#")?;
    writeln!(out, "#")?;
    writeln!(out, "# Total Lost Samples: {}", p.lost)?;
    writeln!(out, "#")?;
    // One table per event, or per event group (perf's group view), in attr order.
    let mut tables: Vec<Vec<u32>> = Vec::new();
    for a in 0..p.attrs.len() as u32 {
        if tables.iter().any(|t| t.contains(&a)) {
            continue;
        }
        match p.groups.iter().find(|g| g.first() == Some(&a)) {
            Some(g) => tables.push(g.clone()),
            None => tables.push(vec![a]),
        }
    }
    let mut first = true;
    for members in &tables {
        // Totals merged first by what tells rows apart without their text (thread name,
        // image, mode, symbol start and name, or address), then by the row's text:
        // images of one short name and equal names of distinct symbols share a row.
        let mut by_frame: HashMap<ByFrame, (FrameId, Vec<u64>, u64)> = HashMap::default();
        for (key, t) in &p.totals {
            let Some(col) = members.iter().position(|&m| m == key.attr) else {
                continue;
            };
            let Some(leaf) = key.stack.and_then(|n| p.nodes.get(n as usize)) else {
                continue;
            };
            let f = leaf.frame;
            let sym = match r.sym(f).and_then(|s| s.name.as_ref().map(|n| (n, s.start))) {
                Some((name, start)) => (start, name.as_ptr() as usize, name.len()),
                None => (r.addr(f), 0, usize::MAX),
            };
            let comm = if sort == Sort::CommDsoSym {
                key.comm
            } else {
                0
            };
            let image = p.frames.get(f as usize).and_then(|fr| fr.loc.image);
            let e = by_frame
                .entry((comm, image, r.is_kernel(f), sym))
                .or_insert_with(|| (f, vec![0; members.len()], 0));
            if let Some(v) = e.1.get_mut(col) {
                *v = v.saturating_add(t.period);
            }
            e.2 += t.count;
        }
        let mut rows: HashMap<RowKey<'_>, (Vec<u64>, u64)> = HashMap::default();
        for ((comm, _, _, _), (f, periods, count)) in by_frame {
            let sym = match r.sym(f).and_then(|s| s.name.as_ref().map(|n| (n, s.start))) {
                Some((name, start)) => SymKey::Named(name, start),
                None => SymKey::Addr(r.addr(f)),
            };
            let row = RowKey {
                comm: if sort == Sort::CommDsoSym {
                    r.comm(comm)
                } else {
                    ""
                },
                dso: r.dso_short(f),
                kernel: r.is_kernel(f),
                sym,
            };
            let e = rows
                .entry(row)
                .or_insert_with(|| (vec![0; members.len()], 0));
            for (v, x) in e.0.iter_mut().zip(&periods) {
                *v = v.saturating_add(*x);
            }
            e.1 += count;
        }
        if rows.is_empty() {
            continue;
        }
        if !first {
            writeln!(out)?;
            writeln!(out)?;
        }
        first = false;
        let names: Vec<&str> = members
            .iter()
            .map(|&m| p.attrs.get(m as usize).map_or("", |a| a.name.as_str()))
            .collect();
        let mut totals = vec![0u64; members.len()];
        for (v, _) in rows.values() {
            for (t, x) in totals.iter_mut().zip(v) {
                *t = t.saturating_add(*x);
            }
        }
        let count: u64 = rows.values().map(|v| v.1).sum();
        if members.len() > 1 {
            writeln!(
                out,
                "# Samples: {} of events 'anon group {{ {} }}'",
                abbreviated(count),
                names.join(", ")
            )?;
        } else {
            writeln!(
                out,
                "# Samples: {} of event '{}'",
                abbreviated(count),
                names.first().unwrap_or(&"")
            )?;
        }
        writeln!(
            out,
            "# Event count (approx.): {}",
            totals.iter().fold(0u64, |a, &b| a.saturating_add(b))
        )?;
        writeln!(out, "#")?;
        let mut rows: Vec<(RowKey<'_>, (Vec<u64>, u64))> = rows.into_iter().collect();
        rows.sort_by(|(a, x), (b, y)| {
            y.0.cmp(&x.0)
                .then_with(|| a.comm.cmp(b.comm))
                .then_with(|| a.dso.cmp(b.dso))
                .then_with(|| a.sym.cmp(&b.sym))
        });
        let sym_text = |k: &RowKey<'_>| {
            let mode = if k.kernel { "[k]" } else { "[.]" };
            match &k.sym {
                SymKey::Named(n, _) => format!("{mode} {n}"),
                SymKey::Addr(a) => format!("{mode} 0x{a:016x}"),
            }
        };
        let unresolved = rows.iter().any(|(k, _)| matches!(k.sym, SymKey::Addr(_)));
        let mut w_dso = "Shared Object".len();
        let mut w_sym = "Symbol".len();
        let mut w_comm = "Command".len();
        for (k, _) in &rows {
            w_dso = w_dso.max(k.dso.len());
            w_comm = w_comm.max(k.comm.len());
            w_sym = w_sym.max(match &k.sym {
                SymKey::Named(n, _) => n.len() + 4,
                SymKey::Addr(_) => 16 + 4 + 2,
            });
        }
        if unresolved {
            w_dso = w_dso.max(16);
        }
        let w_over = 8 * members.len();
        let comm_cols = sort == Sort::CommDsoSym;
        let mut head = format!("# {:>w_over$}  ", "Overhead");
        let mut dots = format!("# {}  ", ".".repeat(w_over));
        if comm_cols {
            head.push_str(&format!("{:<w_comm$}  ", "Command"));
            dots.push_str(&format!("{}  ", ".".repeat(w_comm)));
        }
        head.push_str(&format!(
            "{:<w_dso$}  {:<w_sym$}",
            "Shared Object", "Symbol"
        ));
        dots.push_str(&format!("{}  {}", ".".repeat(w_dso), ".".repeat(w_sym)));
        writeln!(out, "{head}")?;
        writeln!(out, "{dots}")?;
        writeln!(out, "#")?;
        for (k, (periods, _)) in &rows {
            let mut line = String::new();
            for (i, (period, total)) in periods.iter().zip(&totals).enumerate() {
                let pct = if *total == 0 {
                    0.0
                } else {
                    100.0 * *period as f64 / *total as f64
                };
                if i == 0 {
                    line.push_str(&format!("{pct:>9.2}%"));
                } else {
                    line.push_str(&format!("  {pct:>5.2}%"));
                }
            }
            line.push_str("  ");
            if comm_cols {
                line.push_str(&format!("{:<w_comm$}  ", k.comm));
            }
            line.push_str(&format!("{:<w_dso$}  {}", k.dso, sym_text(k)));
            writeln!(out, "{line}")?;
        }
    }
    writeln!(out)?;
    writeln!(out)?;
    writeln!(out, "#")?;
    writeln!(out, "#")?;
    Ok(())
}
