//! `-I`: bucket list length histograms of the `DT_HASH` and `DT_GNU_HASH` (or
//! `DT_MIPS_XHASH`) tables, printed at the end of GNU's `process_symbol_table` from the
//! tables `process_dynamic_section` read ([`crate::cx::DynamicHash`]).

use std::io::{self, Write};

use libelf::read::Histogram;

use crate::Cx;

/// Module marker (`display::run_all` refers to it; the histograms print from
/// the symbol display, `symbols::process_symbol_table`).
pub const NAME: &str = "histogram";

/// Print the histograms `-I` asks for (nothing when the tables were not read, e.g. an
/// object without a dynamic section, or a `.gnu.hash` whose buckets are all empty).
///
/// Returns `Ok(false)` where GNU's `process_symbol_table` fails.
pub fn print_histograms(cx: &mut Cx) -> io::Result<bool> {
    if !cx.o.histogram {
        return Ok(true);
    }
    let mut out = Vec::new();
    let h = &cx.dynamic.hash;
    if let Some(buckets) = &h.buckets {
        let chains: &[u64] = h.chains.as_deref().unwrap_or(&[]);
        let hist = Histogram::sysv(prefix(buckets, h.nbuckets), prefix(chains, h.nchains));
        for _ in 0..hist.corrupt_chains {
            cx.diag.error(format_args!("histogram chain is corrupt\n"));
        }
        write_table(&mut out, None, &hist);
    }
    let h = &cx.dynamic.hash;
    if let Some(gnubuckets) = &h.gnubuckets {
        let chains: &[u64] = h.gnuchains.as_deref().unwrap_or(&[]);
        let hist = Histogram::gnu(
            prefix(gnubuckets, h.ngnubuckets),
            prefix(chains, h.ngnuchains),
            h.gnusymidx,
        );
        let name = if cx.dynamic.mips_xhash != 0 {
            ".MIPS.xhash"
        } else {
            ".gnu.hash"
        };
        write_table(&mut out, Some(name), &hist);
    }
    cx.out.write_all(&out)?;
    Ok(true)
}

/// The first `n` words of `v` (all of them if it is shorter).
fn prefix(v: &[u64], n: u64) -> &[u64] {
    v.get(..usize::try_from(n).unwrap_or(usize::MAX).min(v.len()))
        .unwrap_or(v)
}

/// The heading, then how many chains have each length and the share of symbols covered.
fn write_table(out: &mut Vec<u8>, name: Option<&str>, hist: &Histogram) {
    let n = hist.lengths.len();
    let what = if n == 1 { "bucket" } else { "buckets" };
    let _ = match name {
        None => write!(
            out,
            "\nHistogram for bucket list length (total of {n} {what}):\n"
        ),
        Some(s) => write!(
            out,
            "\nHistogram for `{s}' bucket list length (total of {n} {what}):\n"
        ),
    };
    out.extend_from_slice(b" Length  Number     % of total  Coverage\n");
    if n == 0 {
        return;
    }
    let total = n as f64;
    let nsyms = hist.symbols as f64;
    let mut nzero: u64 = 0;
    for (i, &c) in hist.counts.iter().enumerate() {
        let share = (c as f64 * 100.0) / total;
        if i == 0 {
            let _ = writeln!(out, "      0  {c:<10} ({share:5.1}%)");
            continue;
        }
        nzero += c * i as u64;
        let _ = writeln!(
            out,
            "{i:7}  {c:<10} ({share:5.1}%)    {:5.1}%",
            (nzero as f64 * 100.0) / nsyms
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table() {
        let mut v = Vec::new();
        write_table(
            &mut v,
            Some(".gnu.hash"),
            &Histogram::gnu(&[1, 0, 3], &[0, 1, 1], 1),
        );
        let s = String::from_utf8(v).unwrap_or_default();
        assert_eq!(
            s,
            "\nHistogram for `.gnu.hash' bucket list length (total of 3 buckets):\n \
             Length  Number     % of total  Coverage\n      0  1          ( 33.3%)\n      \
             1  1          ( 33.3%)     33.3%\n      2  1          ( 33.3%)    100.0%\n"
        );
        let mut v = Vec::new();
        write_table(&mut v, None, &Histogram::sysv(&[], &[]));
        assert!(v.ends_with(b"(total of 0 buckets):\n Length  Number     % of total  Coverage\n"));
    }
}
