//! The pipeline stages on the committed fixtures: reading + aggregation (file, zstd,
//! pipe), symbolization, and the report and folded outputs.
//! For the 100k-sample comparison with perf (CPU time and peak RSS ratios for `report`
//! and both `folded` baselines), see scripts/compare-perf.sh.

use std::path::PathBuf;

use criterion::{criterion_group, criterion_main, Criterion};
use pmc_symbolizer::output::{folded, report};
use pmc_symbolizer::profile::Profile;
use pmc_symbolizer::source::read_perf_data_bytes;
use pmc_symbolizer::{load, source::Input, Options};

fn fixture(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures")
        .join(name)
}

fn bench(c: &mut Criterion) {
    for name in ["c-fp.data", "c-zstd.data", "c-pipe.data", "rs-fp.data"] {
        let Ok(data) = std::fs::read(fixture(name)) else {
            continue;
        };
        c.bench_function(&format!("read+aggregate {name}"), |b| {
            b.iter(|| {
                let mut p = Profile::new(false);
                let _ = read_perf_data_bytes(&data, &mut |a, e| p.add(a, e));
                p.totals.len()
            })
        });
        // What `report` does: leaves only, totals per thread name.
        c.bench_function(&format!("read+aggregate leaves {name}"), |b| {
            b.iter(|| {
                let mut p = Profile::new(false);
                p.leaf_only = true;
                p.merge_threads = true;
                let _ = read_perf_data_bytes(&data, &mut |a, e| p.add(a, e));
                p.totals.len()
            })
        });
    }
    let opts = Options::with_symfs(fixture("sysroot"));
    let path = fixture("rs-fp.data");
    c.bench_function("load+symbolize rs-fp.data", |b| {
        b.iter(|| load(Input::Path(&path), &opts, false).map(|l| l.symbols.frames.len()))
    });
    let report_opts = Options {
        leaf_only: true,
        merge_threads: true,
        ..opts.clone()
    };
    c.bench_function("load+symbolize leaves rs-fp.data", |b| {
        b.iter(|| load(Input::Path(&path), &report_opts, false).map(|l| l.symbols.frames.len()))
    });
    if let Ok(loaded) = load(Input::Path(&path), &opts, false) {
        let r = loaded.resolved();
        c.bench_function("report rs-fp.data", |b| {
            b.iter(|| {
                let mut out = Vec::new();
                let _ = report::write(&r, report::Sort::DsoSym, &mut out);
                out.len()
            })
        });
        c.bench_function("folded rs-fp.data", |b| {
            b.iter(|| {
                let mut out = Vec::new();
                let _ = folded::write(&r, folded::FoldOptions::default(), &mut out);
                out.len()
            })
        });
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
