//! `-I`: bucket list length histograms of the `DT_HASH` and `DT_GNU_HASH` (or
//! `DT_MIPS_XHASH`) tables, printed at the end of GNU's `process_symbol_table` from the
//! tables `process_dynamic_section` read ([`crate::cx::DynamicHash`]).

use std::io::{self, Write};

use crate::Cx;

/// Module marker (`display::run_all` refers to it; the histograms print from
/// [`crate::display::symbols::process_symbol_table`]).
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
        let nbuckets = h.nbuckets.min(buckets.len() as u64) as usize;
        let chains: &[u64] = h.chains.as_deref().unwrap_or(&[]);
        let nchains = h.nchains.min(chains.len() as u64) as usize;
        let (lengths, corrupt) = sysv_lengths(
            buckets.get(..nbuckets).unwrap_or(&[]),
            chains.get(..nchains).unwrap_or(&[]),
        );
        if corrupt > 0 {
            for _ in 0..corrupt {
                cx.diag.error(format_args!("histogram chain is corrupt\n"));
            }
        }
        write_header(&mut out, None, nbuckets as u64);
        write_table(&mut out, &lengths);
    }
    let h = &cx.dynamic.hash;
    if let Some(gnubuckets) = &h.gnubuckets {
        let n = h.ngnubuckets.min(gnubuckets.len() as u64) as usize;
        let chains: &[u64] = h.gnuchains.as_deref().unwrap_or(&[]);
        let nchains = h.ngnuchains.min(chains.len() as u64) as usize;
        let lengths = gnu_lengths(
            gnubuckets.get(..n).unwrap_or(&[]),
            chains.get(..nchains).unwrap_or(&[]),
            h.gnusymidx,
        );
        let name = if cx.dynamic.mips_xhash != 0 {
            ".MIPS.xhash"
        } else {
            ".gnu.hash"
        };
        write_header(&mut out, Some(name), n as u64);
        write_table(&mut out, &lengths);
    }
    cx.out.write_all(&out)?;
    Ok(true)
}

/// Chain lengths of a SysV hash table, walked as GNU walks them, and how many chains were
/// found corrupt (a symbol index out of range or seen before).
fn sysv_lengths(buckets: &[u64], chains: &[u64]) -> (Vec<u64>, usize) {
    let mut lengths = vec![0u64; buckets.len()];
    let mut visited = vec![false; chains.len()];
    let mut corrupt = 0;
    for (len, &first) in lengths.iter_mut().zip(buckets) {
        let mut si = first;
        while si > 0 {
            *len += 1;
            match visited.get_mut(si as usize) {
                Some(v) if !*v && si < chains.len() as u64 => *v = true,
                _ => {
                    corrupt += 1;
                    break;
                }
            }
            si = chains.get(si as usize).copied().unwrap_or(0);
        }
    }
    (lengths, corrupt)
}

/// Chain lengths of a GNU hash table (`chains` from `symidx` on).
fn gnu_lengths(buckets: &[u64], chains: &[u64], symidx: u64) -> Vec<u64> {
    buckets
        .iter()
        .map(|&b| {
            if b == 0 {
                return 0;
            }
            let mut length = 1;
            let mut off = b.wrapping_sub(symidx);
            while let Some(&c) = usize::try_from(off).ok().and_then(|o| chains.get(o)) {
                if c & 1 != 0 {
                    break;
                }
                length += 1;
                off += 1;
            }
            length
        })
        .collect()
}

fn write_header(out: &mut Vec<u8>, name: Option<&str>, n: u64) {
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
}

/// The rows: how many chains have each length, and the share of symbols covered.
fn write_table(out: &mut Vec<u8>, lengths: &[u64]) {
    let n = lengths.len();
    if n == 0 {
        return;
    }
    let maxlength = lengths.iter().copied().max().unwrap_or(0);
    let nsyms: u64 = lengths.iter().sum();
    let mut counts = vec![0u64; maxlength as usize + 1];
    for &l in lengths {
        if let Some(c) = counts.get_mut(l as usize) {
            *c += 1;
        }
    }
    let total = n as f64;
    let c0 = counts.first().copied().unwrap_or(0);
    let _ = writeln!(
        out,
        "      0  {c0:<10} ({:5.1}%)",
        (c0 as f64 * 100.0) / total
    );
    let mut nzero: u64 = 0;
    for (i, &c) in counts.iter().enumerate().skip(1) {
        nzero += c * i as u64;
        let _ = writeln!(
            out,
            "{i:7}  {c:<10} ({:5.1}%)    {:5.1}%",
            (c as f64 * 100.0) / total,
            (nzero as f64 * 100.0) / nsyms as f64
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sysv() {
        // Buckets 0 -> 1 -> 2, 3; chain 2 ends.
        let (l, bad) = sysv_lengths(&[1, 0, 3], &[0, 2, 0, 0]);
        assert_eq!((l, bad), (vec![2, 0, 1], 0));
        // A loop is corrupt.
        let (l, bad) = sysv_lengths(&[1], &[0, 1]);
        assert_eq!((l, bad), (vec![2], 1));
    }

    #[test]
    fn gnu() {
        // symidx 1; chain values: sym1 (cont), sym2 (end), sym3 (end).
        let l = gnu_lengths(&[1, 0, 3], &[0, 1, 1], 1);
        assert_eq!(l, vec![2, 0, 1]);
    }

    #[test]
    fn table() {
        let mut v = Vec::new();
        write_header(&mut v, Some(".gnu.hash"), 3);
        write_table(&mut v, &[2, 0, 1]);
        let s = String::from_utf8(v).unwrap_or_default();
        assert_eq!(
            s,
            "\nHistogram for `.gnu.hash' bucket list length (total of 3 buckets):\n \
             Length  Number     % of total  Coverage\n      0  1          ( 33.3%)\n      \
             1  1          ( 33.3%)     33.3%\n      2  1          ( 33.3%)    100.0%\n"
        );
    }
}
