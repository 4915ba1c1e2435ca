//! Itanium demangling speed on a committed sample of mangled names (from a
//! large C++ binary and the symbol corpus: long templates, lambdas,
//! `std::function`s), checked against GNU `c++filt` 2.40's output.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic,
    missing_docs
)]

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use libdemangle::{demangle, demangle_text_bytes, Options};

fn read(name: &str) -> String {
    let p = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("benches/data")
        .join(name);
    std::fs::read_to_string(p).unwrap()
}

/// Demangles every name, checking the result against GNU's output.
fn check(names: &[&str], expected: &str, opts: &Options) {
    for (n, want) in names.iter().zip(expected.lines()) {
        let got = demangle(n, opts);
        assert_eq!(got.as_deref().unwrap_or(n), want, "{n}");
    }
}

fn bench(c: &mut Criterion) {
    let text = read("cxx-sample.txt");
    let names: Vec<&str> = text.lines().collect();
    let verbose = Options::default();
    let quiet = Options::default().no_verbose(true);
    check(&names, &read("cxx-sample.gnu.txt"), &verbose);
    check(&names, &read("cxx-sample.gnu-i.txt"), &quiet);

    let mut g = c.benchmark_group("itanium");
    g.throughput(Throughput::Elements(names.len() as u64));
    for (what, opts) in [
        ("demangle (c++filt)", &verbose),
        ("demangle no_verbose (addr2line)", &quiet),
    ] {
        g.bench_function(what, |b| {
            b.iter(|| {
                let mut total = 0;
                for n in &names {
                    total += demangle(n, opts).map_or(0, |d| d.len());
                }
                total
            })
        });
    }
    g.throughput(Throughput::Bytes(text.len() as u64));
    g.bench_function("demangle_text_bytes (c++filt stdin)", |b| {
        b.iter(|| demangle_text_bytes(text.as_bytes(), &verbose).len())
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
