//! perf 6.1's `perf report --stdio --no-children --sort [comm,]dso,sym -g none` table,
//! without its random `# (Tip: …)` line.

use rustc_hash::FxHashMap as HashMap;
use std::io::{self, Write};

use super::Resolved;

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

/// The rows of one table: their keys, and per row its periods (one per event of the
/// table, flat) and sample count.
struct Rows<'a> {
    m: usize,
    keys: Vec<RowKey<'a>>,
    periods: Vec<u64>,
    counts: Vec<u64>,
}

impl<'a> Rows<'a> {
    /// A new row of `key`, its index.
    fn push(&mut self, key: RowKey<'a>) -> usize {
        self.keys.push(key);
        self.periods.extend(std::iter::repeat_n(0, self.m));
        self.counts.push(0);
        self.keys.len() - 1
    }

    fn add(&mut self, row: usize, col: usize, period: u64, count: u64) {
        if let Some(v) = self.periods.get_mut(row * self.m + col) {
            *v = v.saturating_add(period);
        }
        if let Some(c) = self.counts.get_mut(row) {
            *c += count;
        }
    }

    fn periods_of(&self, row: usize) -> Option<&[u64]> {
        self.periods.get(row * self.m..(row + 1) * self.m)
    }

    /// The rows in perf's order: by periods, highest first, then by thread name, image
    /// and symbol. Images are compared by rank (there are few), so that names are
    /// compared only between rows of equal periods in one image.
    fn order(&self) -> Vec<usize> {
        let mut dsos: Vec<&str> = self.keys.iter().map(|k| k.dso).collect();
        dsos.sort_unstable();
        dsos.dedup();
        let rank = |d: &str| dsos.binary_search(&d).unwrap_or(0);
        let mut order: Vec<(usize, usize)> = (0..self.keys.len())
            .map(|i| (i, self.keys.get(i).map_or(0, |k| rank(k.dso))))
            .collect();
        order.sort_unstable_by(|&(a, da), &(b, db)| {
            let (pa, ka) = (self.periods_of(a).unwrap_or_default(), self.keys.get(a));
            let (pb, kb) = (self.periods_of(b).unwrap_or_default(), self.keys.get(b));
            pb.cmp(pa).then_with(|| match (ka, kb) {
                (Some(ka), Some(kb)) => same_or_cmp(ka.comm, kb.comm)
                    .then(da.cmp(&db))
                    .then_with(|| ka.sym.cmp(&kb.sym))
                    .then(ka.kernel.cmp(&kb.kernel)),
                _ => std::cmp::Ordering::Equal,
            })
        });
        order.into_iter().map(|(i, _)| i).collect()
    }
}

/// `a.cmp(b)`, without a call for the same string (the empty thread name of every row
/// under `--sort dso,sym`).
fn same_or_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    if std::ptr::eq(a, b) {
        std::cmp::Ordering::Equal
    } else {
        a.cmp(b)
    }
}

/// `s` left-aligned in `width` columns (of bytes: perf pads by bytes too).
fn padded(out: &mut dyn Write, s: &str, width: usize) -> io::Result<()> {
    const SPACES: [u8; 64] = [b' '; 64];
    out.write_all(s.as_bytes())?;
    let mut left = width.saturating_sub(s.len());
    while left > 0 {
        let n = left.min(SPACES.len());
        out.write_all(SPACES.get(..n).unwrap_or_default())?;
        left -= n;
    }
    Ok(())
}

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
        let m = members.len();
        // Row totals, flat: row `i` has periods `periods[i * m..(i + 1) * m]`.
        let mut table = Rows {
            m,
            keys: Vec::new(),
            periods: Vec::new(),
            counts: Vec::new(),
        };
        let mut by_frame: HashMap<ByFrame, usize> = HashMap::default();
        let mut by_key: HashMap<RowKey<'_>, usize> = HashMap::default();
        for (key, t) in &p.totals {
            let Some(col) = members.iter().position(|&m| m == key.attr) else {
                continue;
            };
            let Some(leaf) = key.stack.and_then(|n| p.nodes.get(n as usize)) else {
                continue;
            };
            let f = leaf.frame;
            let named = r.sym(f).and_then(|s| s.name.as_ref().map(|n| (n, s.start)));
            let sym = match named {
                Some((name, start)) => (start, name.as_ptr() as usize, name.len()),
                None => (r.addr(f), 0, usize::MAX),
            };
            let comm = if sort == Sort::CommDsoSym {
                key.comm
            } else {
                0
            };
            let image = p.frames.get(f as usize).and_then(|fr| fr.loc.image);
            let kernel = r.is_kernel(f);
            let row = *by_frame
                .entry((comm, image, kernel, sym))
                .or_insert_with(|| {
                    let row = RowKey {
                        comm: if sort == Sort::CommDsoSym {
                            r.comm(comm)
                        } else {
                            ""
                        },
                        dso: r.dso_short(f),
                        kernel,
                        sym: match named {
                            Some((name, start)) => SymKey::Named(name, start),
                            None => SymKey::Addr(r.addr(f)),
                        },
                    };
                    *by_key
                        .entry(row)
                        .or_insert_with_key(|k| table.push(k.clone()))
                });
            table.add(row, col, t.period, t.count);
        }
        if table.keys.is_empty() {
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
        let mut totals = vec![0u64; m];
        for row in table.periods.chunks_exact(m.max(1)) {
            for (t, x) in totals.iter_mut().zip(row) {
                *t = t.saturating_add(*x);
            }
        }
        let count: u64 = table.counts.iter().sum();
        if m > 1 {
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
        let order = table.order();
        let keys = &table.keys;
        let unresolved = keys.iter().any(|k| matches!(k.sym, SymKey::Addr(_)));
        let mut w_dso = "Shared Object".len();
        let mut w_sym = "Symbol".len();
        let mut w_comm = "Command".len();
        for k in keys {
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
        let w_over = 8 * m;
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
        for i in order {
            let (Some(k), Some(periods)) = (keys.get(i), table.periods_of(i)) else {
                continue;
            };
            for (c, (period, total)) in periods.iter().zip(&totals).enumerate() {
                let pct = if *total == 0 {
                    0.0
                } else {
                    100.0 * *period as f64 / *total as f64
                };
                if c == 0 {
                    write!(out, "{pct:>9.2}%")?;
                } else {
                    write!(out, "  {pct:>5.2}%")?;
                }
            }
            out.write_all(b"  ")?;
            if comm_cols {
                padded(out, k.comm, w_comm + 2)?;
            }
            padded(out, k.dso, w_dso + 2)?;
            out.write_all(if k.kernel { b"[k] " } else { b"[.] " })?;
            match &k.sym {
                SymKey::Named(n, _) => {
                    out.write_all(n.as_bytes())?;
                    out.write_all(b"\n")?;
                }
                SymKey::Addr(a) => writeln!(out, "0x{a:016x}")?,
            }
        }
    }
    writeln!(out)?;
    writeln!(out)?;
    writeln!(out, "#")?;
    writeln!(out, "#")?;
    Ok(())
}
