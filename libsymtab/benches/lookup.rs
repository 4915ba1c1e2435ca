//! Build the symbol indexes of a large shared library and look up 100k addresses.
//!
//! The file is `$LIBSYMTAB_BENCH_FILE`, else the corpus's `libLLVM-14.so.1` under
//! `$CORPUS` (default `/work/corpus`), else the system's libc.so.6, else the repository's
//! `tests/data/x86_64.so` (so that `cargo test --all-targets` always runs it once).
//!
//! ```text
//! cargo bench -p libsymtab --bench lookup
//! ```

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)] // a bench: failing loudly is the point

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use libelf::ElfFile;
use libsymtab::Symtab;

const LOOKUPS: usize = 100_000;

/// `LOOKUPS` addresses spread over the indexed ranges (a fixed pseudo-random walk),
/// plus a few that nothing covers.
fn probes(symtab: &Symtab<'_>) -> Vec<u64> {
    let ranges: Vec<(u64, u64)> = symtab.ranges().map(|r| (r.start, r.end)).collect();
    assert!(!ranges.is_empty(), "nothing indexed");
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    (0..LOOKUPS)
        .map(|i| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            if i % 1000 == 0 {
                return u64::MAX - (x & 0xffff); // covered by nothing
            }
            let (start, end) = ranges[(x % ranges.len() as u64) as usize];
            start + (x >> 32) % (end - start).max(1)
        })
        .collect()
}

/// Look every probe up; returns (found, sum of offsets).
fn lookup_all(symtab: &Symtab<'_>, probes: &[u64]) -> (usize, u64) {
    let mut found = 0;
    let mut sum = 0u64;
    for &a in probes {
        if let Some((_, off)) = symtab.find_symbol(black_box(a)) {
            found += 1;
            sum = sum.wrapping_add(off);
        }
    }
    (found, sum)
}

/// Check the answers against a linear scan of the ranges: the last range (greatest
/// start, then most preferred) that covers the address.
fn verify(symtab: &Symtab<'_>, probes: &[u64]) {
    let ranges: Vec<_> = symtab.ranges().collect();
    for &a in probes.iter().step_by(97) {
        let naive = ranges
            .iter()
            .rev()
            .find(|r| r.start <= a && a < r.end)
            .map(|r| (r.symbol as *const _, a - r.start));
        let got = symtab.find_symbol(a).map(|(s, off)| (s as *const _, off));
        assert_eq!(got, naive, "address {a:#x}");
    }
}

fn bench(c: &mut Criterion) {
    let Some(path) = host_trials::bench_file("LIBSYMTAB_BENCH_FILE") else {
        eprintln!("no input file for the bench");
        return;
    };
    let data = std::fs::read(&path).unwrap();
    let file = ElfFile::parse(&data).unwrap();
    let symtab = Symtab::parse(&file).unwrap();
    let sizes = symtab.parse_all();
    let probes = probes(&symtab);
    let expected = lookup_all(&symtab, &probes);
    verify(&symtab, &probes);
    assert!(expected.0 >= LOOKUPS * 99 / 100, "{expected:?}");
    eprintln!(
        "{}: {} ranges indexed, {} names, {} PLT entries",
        path.display(),
        sizes.0,
        sizes.1,
        symtab.plt().len()
    );

    let mut g = c.benchmark_group("symtab");
    g.sample_size(10);
    g.bench_function("build indexes", |b| {
        b.iter(|| {
            let file = ElfFile::parse(black_box(&data)).unwrap();
            let st = Symtab::parse(&file).unwrap();
            assert_eq!(st.parse_all(), sizes);
        })
    });
    g.bench_function("build + 100k lookups", |b| {
        b.iter(|| {
            let file = ElfFile::parse(black_box(&data)).unwrap();
            let st = Symtab::parse(&file).unwrap();
            assert_eq!(lookup_all(&st, &probes), expected);
        })
    });
    g.sample_size(30);
    g.bench_function("100k lookups (warm)", |b| {
        b.iter(|| assert_eq!(lookup_all(&symtab, &probes), expected))
    });
    // Names as `by_name` knows them: a PLT entry by its `target@plt` name (an
    // `R_*_IRELATIVE` slot has no target symbol: `*ABS*+0x…@plt`), any other
    // symbol by its string-table name.
    let names: Vec<std::borrow::Cow<'_, [u8]>> = symtab
        .ranges()
        .filter_map(|r| match r.symbol.plt {
            Some(_) => Some(r.symbol.display_name_bytes()),
            None => r.symbol.name_bytes().map(std::borrow::Cow::Borrowed),
        })
        .filter(|n| !n.is_empty())
        .take(LOOKUPS)
        .collect();
    g.bench_function("name lookups (warm)", |b| {
        b.iter(|| {
            let hits = names
                .iter()
                .filter(|n| symtab.by_name(black_box(n)).is_some())
                .count();
            assert_eq!(hits, names.len());
        })
    });
    g.finish();
    bench_batches(c, &data, &probes);
}

/// Parse, then look up a sorted batch of `n` addresses: one by one (the whole index is
/// built) against `find_symbols_sorted` (an index of the entries that can answer).
fn bench_batches(c: &mut Criterion, data: &[u8], probes: &[u64]) {
    let mut g = c.benchmark_group("batch");
    g.sample_size(30);
    g.bench_function("parse only", |b| {
        b.iter(|| {
            let st = Symtab::parse(&ElfFile::parse(black_box(data)).unwrap()).unwrap();
            black_box(st.tables().len())
        })
    });
    for n in [3, 50, 500, 2500] {
        let mut batch: Vec<u64> = probes.iter().step_by(LOOKUPS / n).copied().collect();
        batch.sort_unstable();
        let symtab = || Symtab::parse(&ElfFile::parse(black_box(data)).unwrap()).unwrap();
        let answers = |found: Vec<Option<(&libsymtab::Symbol<'_>, u64)>>| -> Vec<_> {
            found
                .into_iter()
                .map(|f| f.map(|(s, off)| (s.index, s.addr, off)))
                .collect()
        };
        let (st1, st2) = (symtab(), symtab());
        let want = answers(batch.iter().map(|&a| st1.find_symbol(a)).collect());
        assert_eq!(answers(st2.find_symbols_sorted(&batch)), want);
        g.bench_function(format!("parse + {n} sorted lookups, find_symbol"), |b| {
            b.iter(|| {
                let st = symtab();
                let found = batch.iter().filter(|&&a| st.find_symbol(a).is_some());
                black_box(found.count())
            })
        });
        g.bench_function(
            format!("parse + {n} sorted lookups, find_symbols_sorted"),
            |b| {
                b.iter(|| {
                    let st = symtab();
                    let found = st.find_symbols_sorted(&batch);
                    black_box(found.iter().filter(|f| f.is_some()).count())
                })
            },
        );
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
