//! Decode + print throughput per architecture, over the code of a system library when the
//! host has it (x86-64 and i386 libc, AArch64 libc of the cross toolchain or the corpus),
//! else over the bytes of the committed golden fixtures.

#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing
)]

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use libmc::{Arch, Disassembler};

#[path = "../tests/common/elfwalk.rs"]
mod elfwalk;

/// Up to 4 MiB of code from the first of `files` that exists, else the fixture's bytes.
fn code(files: &[&str], fixture: &str) -> (String, Vec<u8>) {
    for f in files {
        if let Ok(data) = std::fs::read(f) {
            if let Ok(ranges) = elfwalk::code_ranges(&data, &[]) {
                let mut v = Vec::new();
                for r in ranges {
                    let _ = r.addr;
                    v.extend_from_slice(r.bytes);
                }
                v.truncate(4 << 20);
                return ((*f).to_owned(), v);
            }
        }
    }
    let mut v = Vec::new();
    for l in fixture.lines().filter(|l| !l.starts_with('#')) {
        let hex = l.split('\t').nth(1).unwrap_or_default();
        for i in (0..hex.len()).step_by(2) {
            v.push(u8::from_str_radix(&hex[i..i + 2], 16).unwrap_or(0));
        }
    }
    ("fixture".to_owned(), v)
}

fn bench(c: &mut Criterion) {
    let cases: &[(&str, Arch, &[&str], &str)] = &[
        (
            "x86-64",
            Arch::X86_64,
            &["/usr/lib/x86_64-linux-gnu/libc.so.6"],
            include_str!("../tests/data/x86-64.golden"),
        ),
        (
            "x86-64-intel",
            Arch::X86_64.with_options("intel").unwrap(),
            &["/usr/lib/x86_64-linux-gnu/libc.so.6"],
            include_str!("../tests/data/x86-64-intel.golden"),
        ),
        (
            "i386",
            Arch::I386,
            &[
                "/usr/i686-linux-gnu/lib/libc.so.6",
                "/work/corpus/cross/i386/libc.so.6",
            ],
            include_str!("../tests/data/i386.golden"),
        ),
        (
            "aarch64",
            Arch::AARCH64,
            &[
                "/usr/aarch64-linux-gnu/lib/libc.so.6",
                "/work/corpus/cross/aarch64/libc.so.6",
            ],
            include_str!("../tests/data/aarch64.golden"),
        ),
        (
            "riscv64",
            Arch::RISCV64,
            &[
                "/usr/riscv64-linux-gnu/lib/libc.so.6",
                "/work/corpus/cross/riscv64/libc.so.6",
            ],
            include_str!("../tests/data/riscv64.golden"),
        ),
        (
            "mips",
            Arch::MIPS32,
            &[
                "/usr/mips-linux-gnu/lib/libc.so.6",
                "/work/corpus/cross/mips/libc.so.6",
            ],
            include_str!("../tests/data/mips.golden"),
        ),
        (
            "ppc64",
            Arch::PPC64,
            &[
                "/usr/powerpc64-linux-gnu/lib/libc.so.6",
                "/work/corpus/cross/ppc64/libc.so.6",
            ],
            include_str!("../tests/data/ppc64.golden"),
        ),
        (
            "sparc64",
            Arch::SPARC64,
            &["/usr/sparc64-linux-gnu/lib/libc.so.6"],
            include_str!("../tests/data/sparc64.golden"),
        ),
        (
            "m68k",
            Arch::M68K,
            &["/usr/m68k-linux-gnu/lib/libc.so.6"],
            include_str!("../tests/data/m68k.golden"),
        ),
        (
            "thumb",
            Arch::THUMB,
            &["/usr/arm-linux-gnueabihf/lib/libc.so.6"],
            include_str!("../tests/data/thumb.golden"),
        ),
        (
            "arm",
            Arch::ARM,
            &[],
            include_str!("../tests/data/arm.golden"),
        ),
        (
            "s390x",
            Arch::S390X,
            &[
                "/usr/s390x-linux-gnu/lib/libc.so.6",
                "/work/corpus/cross/s390x/libc.so.6",
            ],
            include_str!("../tests/data/s390x.golden"),
        ),
    ];
    let mut g = c.benchmark_group("decode_print");
    g.sample_size(10);
    for &(name, arch, files, fixture) in cases {
        let (src, bytes) = code(files, fixture);
        let dis = Disassembler::new(arch);
        g.throughput(Throughput::Bytes(bytes.len() as u64));
        g.bench_function(format!("{name} ({src})"), |b| {
            b.iter(|| {
                dis.iter(&bytes, 0x1000)
                    .map(|i| i.text.len())
                    .sum::<usize>()
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
