//! Parse the headers and every symbol of a large shared library.
//!
//! The file is `$LIBELF_BENCH_FILE`, else the corpus's `libLLVM-14.so.1` under
//! `$CORPUS` (default `/work/corpus`), else the system's libc.so.6, else the repository's
//! `tests/data/x86_64.so` (so that `cargo test --all-targets` always runs it once).

#![allow(clippy::unwrap_used, clippy::expect_used)] // a bench: failing loudly is the point

use criterion::{criterion_group, criterion_main, Criterion};
use libelf::consts::{SHT_DYNSYM, SHT_SYMTAB};
use libelf::read::SymbolTable;
use libelf::ElfFile;

/// Parse everything `readelf -S -s` needs and return (sections, symbols, name bytes).
fn parse(data: &[u8]) -> (usize, usize, usize) {
    let file = ElfFile::parse(data).unwrap();
    let sections = file.section_headers().unwrap().len();
    let mut symbols = 0;
    let mut name_bytes = 0;
    for s in file.sections().unwrap() {
        name_bytes += s.name_bytes().map_or(0, <[u8]>::len);
        let t = s.header().sh_type;
        if t == SHT_SYMTAB || t == SHT_DYNSYM {
            let table = SymbolTable::parse(&s).unwrap();
            for sym in table.iter() {
                symbols += 1;
                name_bytes += sym.name_bytes().map_or(0, <[u8]>::len);
            }
        }
    }
    (sections, symbols, name_bytes)
}

fn bench(c: &mut Criterion) {
    let Some(path) = host_trials::bench_library("LIBELF_BENCH_FILE") else {
        eprintln!("no input file for the bench");
        return;
    };
    let data = std::fs::read(&path).unwrap();
    let expected = parse(&data);
    assert!(expected.1 > 0, "{}: no symbols", path.display());
    let mut g = c.benchmark_group("parse");
    g.sample_size(20);
    g.bench_function("headers+symbols", |b| {
        b.iter(|| assert_eq!(parse(std::hint::black_box(&data)), expected))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
