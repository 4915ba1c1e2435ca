//! Disassemble the executable sections of an ELF file with libmc, one line per instruction:
//! `ADDR<TAB>TEXT` (for libmc/scripts/compare.py; not a drop-in objdump).
//!
//! `mcdump ARCH[:OPTIONS] FILE [STARTS]` — ARCH is x86-64, x32, i386, aarch64, riscv64,
//! riscv32, mips, mipsel, ppc64, ppc64le, arm or thumb, OPTIONS as objdump's `-M`; STARTS is a
//! file of hex addresses where decoding restarts (symbol starts), for Arm each optionally
//! followed by `a` or `t`: the instruction set from there on.

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
        "ppc32" => Arch::PPC32,
        "mips64" => Arch::MIPS64,
        "mips64el" => Arch::new(libmc::Machine::Mips64),
        "mipsel" => Arch::new(libmc::Machine::Mips32),
        "sparc64" => Arch::SPARC64,
        "sparc" => Arch::SPARC,
        "m68k" => Arch::M68K,
        "arm" => Arch::ARM,
        "thumb" => Arch::THUMB,
        "s390x" => Arch::S390X,
        a => panic!("unknown arch {a}"),
    }
    .with_options(opts)
    .expect("options");
    let data = std::fs::read(&args[2]).expect("read");
    // STARTS lines: `ADDR` or, for Arm, `ADDR a|t` (the instruction set from there on).
    let mut starts: Vec<(u64, Option<bool>)> = match args.get(3) {
        Some(p) => std::fs::read_to_string(p)
            .expect("starts")
            .lines()
            .filter_map(|l| {
                let mut f = l.split_whitespace();
                let a = u64::from_str_radix(f.next()?, 16).ok()?;
                Some((a, f.next().map(|m| m == "t")))
            })
            .collect(),
        None => Vec::new(),
    };
    starts.sort_unstable();
    let addrs: Vec<u64> = starts.iter().map(|s| s.0).collect();
    let dis = Disassembler::new(arch);
    let thumb = Disassembler::new(Arch {
        machine: libmc::Machine::Thumb,
        ..arch
    });
    let arm = Disassembler::new(Arch {
        machine: libmc::Machine::Arm,
        ..arch
    });
    let out = std::io::stdout();
    let mut out = std::io::BufWriter::new(out.lock());
    for r in elfwalk::code_ranges(&data, &addrs).expect("elf") {
        let k = starts.partition_point(|s| s.0 <= r.addr);
        let dis = match k.checked_sub(1).and_then(|k| starts[k].1) {
            Some(true) => &thumb,
            Some(false) => &arm,
            None => &dis,
        };
        for i in dis.iter(r.bytes, r.addr) {
            writeln!(out, "{:x}\t{}", i.addr, i.text).unwrap();
        }
    }
}
