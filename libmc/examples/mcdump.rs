//! Disassemble the executable sections of an ELF file with libmc, one line per instruction:
//! `ADDR<TAB>TEXT` (for libmc/scripts/compare.py; not a drop-in objdump).
//!
//! `mcdump ARCH[:OPTIONS] FILE [STARTS]` — ARCH is x86-64, x32, i386 or aarch64, OPTIONS as
//! objdump's `-M`; STARTS is a file of hex addresses where decoding restarts (symbol starts).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)] // a dev tool

use std::io::Write;

use libmc::{Arch, Disassembler};

#[path = "../tests/common/elfwalk.rs"]
mod elfwalk;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let (arch, opts) = args[1].split_once(':').unwrap_or((&args[1], ""));
    let arch = match arch {
        "x86-64" => Arch::X86_64,
        "x32" => Arch::X32,
        "i386" => Arch::I386,
        "aarch64" => Arch::AARCH64,
        "riscv64" => Arch::RISCV64,
        "riscv32" => Arch::RISCV32,
        "mips" => Arch::MIPS32,
        "ppc64" => Arch::PPC64,
        "ppc64le" => Arch::new(libmc::Machine::Ppc64),
        "mipsel" => Arch::new(libmc::Machine::Mips32),
        "s390x" => Arch::S390X,
        a => panic!("unknown arch {a}"),
    }
    .with_options(opts)
    .expect("options");
    let data = std::fs::read(&args[2]).expect("read");
    let mut starts: Vec<u64> = match args.get(3) {
        Some(p) => std::fs::read_to_string(p)
            .expect("starts")
            .lines()
            .filter_map(|l| u64::from_str_radix(l.trim(), 16).ok())
            .collect(),
        None => Vec::new(),
    };
    starts.sort_unstable();
    let dis = Disassembler::new(arch);
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    for r in elfwalk::code_ranges(&data, &starts).expect("elf") {
        for i in dis.iter(r.bytes, r.addr) {
            writeln!(out, "{:x}\t{}", i.addr, i.text).unwrap();
        }
    }
}
