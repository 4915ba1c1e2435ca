//! Lookup speed on the committed C++ fixture, asserting the answers.
#![allow(clippy::unwrap_used, missing_docs)] // a bench: failing loudly is the point

use std::path::Path;

use criterion::{criterion_group, criterion_main, Criterion};
use libdwarf::AddrLookup;
use libelf::ElfFile;

fn bench(c: &mut Criterion) {
    let data = std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/cxx")).unwrap();
    let file = ElfFile::parse(&data).unwrap();
    let st = libsymtab::Symtab::parse(&file).unwrap();
    let total = st.by_name(b"_ZNK2ns3BoxIlE5totalEv").unwrap();
    let addrs: Vec<u64> = (total.addr..total.addr + total.sym.st_size).collect();
    c.bench_function("cold: build + look up one function", |b| {
        b.iter(|| {
            let l = AddrLookup::new(&file, None).unwrap();
            let f = l.find_frames(total.addr).unwrap();
            assert_eq!(
                f.last().unwrap().function.as_ref().unwrap().raw,
                "_ZNK2ns3BoxIlE5totalEv"
            );
        })
    });
    let l = AddrLookup::new(&file, None).unwrap();
    c.bench_function("warm: batch over one function", |b| {
        b.iter(|| {
            let r = l.find_frames_batch(&addrs);
            assert!(r.iter().all(|f| f
                .as_ref()
                .unwrap()
                .last()
                .unwrap()
                .function
                .as_ref()
                .unwrap()
                .raw
                == "_ZNK2ns3BoxIlE5totalEv"));
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
