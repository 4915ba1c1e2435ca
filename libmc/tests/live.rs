//! libmc's text against GNU objdump 2.40's over whole system and corpus libraries, as in
//! scripts/compare.py: each trial runs `objdump -d -w --no-show-raw-insn [-M OPTS] FILE`,
//! restarts decoding at GNU's symbol labels, and compares every instruction line with GNU's
//! ` <sym+off>` annotations (and x86 `# addr` comments) removed. Trials are ignored, saying
//! why, without the GNU objdump or the file.

#![allow(missing_docs)]

use std::collections::HashMap;
use std::process::Command;

use host_trials::{Need, Trials};
use libmc::{Arch, Disassembler, Machine};

mod common;
use common::elfwalk::code_ranges;

const LIBC64: &str = "/usr/lib/x86_64-linux-gnu/libc.so.6";
const LIBM64: &str = "/usr/lib/x86_64-linux-gnu/libm.so.6";
const LIBC32: &str = "/usr/i686-linux-gnu/lib/libc.so.6";
const LIBC32_CORPUS: &str = "/work/corpus/cross/i386/libc.so.6";
const LIBC_A64: &str = "/usr/aarch64-linux-gnu/lib/libc.so.6";
const LIBC_A64_CORPUS: &str = "/work/corpus/cross/aarch64/libc.so.6";
const LIBC_MIPS: &str = "/usr/mips-linux-gnu/lib/libc.so.6";
const LIBC_MIPS_CORPUS: &str = "/work/corpus/cross/mips/libc.so.6";
const LIBC_PPC64: &str = "/usr/powerpc64-linux-gnu/lib/libc.so.6";
const LIBC_PPC64_CORPUS: &str = "/work/corpus/cross/ppc64/libc.so.6";
const LIBC_S390X: &str = "/usr/s390x-linux-gnu/lib/libc.so.6";
const LIBSTDCXX_S390X: &str = "/usr/s390x-linux-gnu/lib/libstdc++.so.6.0.30";
const LIBC_S390X_CORPUS: &str = "/work/corpus/cross/s390x/libc.so.6";
const LIBC_RV64: &str = "/usr/riscv64-linux-gnu/lib/libc.so.6";
const LIBC_RV64_CORPUS: &str = "/work/corpus/cross/riscv64/libc.so.6";

/// Remove ` <sym+off>` annotations (and on x86 the `# addr` comment).
fn noann(text: &str, x86: bool) -> String {
    let text = match (x86, text.split_once("        # ")) {
        (true, Some((head, _))) => head,
        _ => text,
    };
    let mut out = String::with_capacity(text.len());
    let mut depth = 0usize;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if depth == 0 && c == ' ' && chars.peek() == Some(&'<') {
            chars.next();
            depth = 1;
        } else if depth > 0 {
            match c {
                '<' => depth += 1,
                '>' => depth -= 1,
                _ => {}
            }
        } else {
            out.push(c);
        }
    }
    out.trim_end().to_owned()
}

fn compare(arch: Arch, objdump: &str, opts: &str, file: &str, floor: f64) -> Result<(), String> {
    let mut cmd = Command::new(objdump);
    cmd.args(["-d", "-w", "--no-show-raw-insn"]);
    if !opts.is_empty() {
        cmd.args(["-M", opts]);
    }
    let out = cmd
        .arg(file)
        .env("LC_ALL", "C")
        .output()
        .map_err(|e| e.to_string())?;
    let gnu = String::from_utf8_lossy(&out.stdout);
    let mut lines = Vec::new();
    let mut starts = Vec::new();
    for l in gnu.lines() {
        if let Some((a, rest)) = l.split_once(":\t") {
            if let Ok(a) = u64::from_str_radix(a.trim_start(), 16) {
                if rest != "..." {
                    lines.push((a, rest.to_owned()));
                }
                continue;
            }
        }
        if let Some((a, _)) = l.split_once(" <") {
            if l.ends_with(">:") {
                if let Ok(a) = u64::from_str_radix(a, 16) {
                    starts.push(a);
                }
            }
        }
    }
    starts.sort_unstable();
    let data = std::fs::read(file).map_err(|e| e.to_string())?;
    let dis = Disassembler::new(arch.with_options(opts).map_err(|e| e.to_string())?);
    let mut ours = HashMap::new();
    for r in code_ranges(&data, &starts)? {
        for i in dis.iter(r.bytes, r.addr) {
            ours.insert(i.addr, i.text);
        }
    }
    let x86 = !matches!(
        arch.machine,
        Machine::AArch64
            | Machine::RiscV64
            | Machine::RiscV32
            | Machine::Mips32
            | Machine::Ppc64
            | Machine::S390x
    );
    let mut same = 0usize;
    let mut diffs = Vec::new();
    for (a, g) in &lines {
        let g = noann(g, x86);
        match ours.get(a) {
            Some(o) if noann(o, x86) == g => same += 1,
            o => diffs.push(format!("{a:x}\n  GNU  {g}\n  ours {o:?}")),
        }
    }
    let pct = 100.0 * same as f64 / lines.len().max(1) as f64;
    eprintln!(
        "{file} {opts}: {same} of {} lines identical ({pct:.3}%)",
        lines.len()
    );
    if lines.len() < 1000 || pct < floor {
        diffs.truncate(30);
        return Err(format!(
            "{same} of {} lines identical ({pct:.3}% < {floor}%):\n{}",
            lines.len(),
            diffs.join("\n")
        ));
    }
    Ok(())
}

fn main() {
    let mut t = Trials::new();
    let cases: &[(&str, Arch, &str, &'static str, &'static str, f64)] = &[
        (
            "x86_64_libc_att",
            Arch::X86_64,
            "",
            "objdump",
            LIBC64,
            100.0,
        ),
        (
            "x86_64_libc_intel",
            Arch::X86_64,
            "intel",
            "objdump",
            LIBC64,
            100.0,
        ),
        (
            "x86_64_libm_att",
            Arch::X86_64,
            "",
            "objdump",
            LIBM64,
            100.0,
        ),
        (
            "x86_64_libm_intel",
            Arch::X86_64,
            "intel",
            "objdump",
            LIBM64,
            100.0,
        ),
        ("i386_libc_att", Arch::I386, "", "objdump", LIBC32, 100.0),
        (
            "i386_libc_intel",
            Arch::I386,
            "intel",
            "objdump",
            LIBC32,
            100.0,
        ),
        (
            "i386_corpus_libc_att",
            Arch::I386,
            "",
            "objdump",
            LIBC32_CORPUS,
            100.0,
        ),
        (
            "i386_corpus_libc_intel",
            Arch::I386,
            "intel",
            "objdump",
            LIBC32_CORPUS,
            100.0,
        ),
        (
            "aarch64_libc",
            Arch::AARCH64,
            "",
            "aarch64-linux-gnu-objdump",
            LIBC_A64,
            99.0,
        ),
        (
            "aarch64_corpus_libc",
            Arch::AARCH64,
            "",
            "aarch64-linux-gnu-objdump",
            LIBC_A64_CORPUS,
            99.0,
        ),
        (
            "riscv64_libc",
            Arch::RISCV64,
            "",
            "riscv64-linux-gnu-objdump",
            LIBC_RV64,
            100.0,
        ),
        (
            "riscv64_corpus_libc",
            Arch::RISCV64,
            "",
            "riscv64-linux-gnu-objdump",
            LIBC_RV64_CORPUS,
            100.0,
        ),
        (
            "mips_libc",
            Arch::MIPS32,
            "",
            "mips-linux-gnu-objdump",
            LIBC_MIPS,
            100.0,
        ),
        (
            "mips_corpus_libc",
            Arch::MIPS32,
            "",
            "mips-linux-gnu-objdump",
            LIBC_MIPS_CORPUS,
            100.0,
        ),
        (
            "ppc64_libc",
            Arch::PPC64,
            "",
            "powerpc64-linux-gnu-objdump",
            LIBC_PPC64,
            99.99,
        ),
        (
            "ppc64_corpus_libc",
            Arch::PPC64,
            "",
            "powerpc64-linux-gnu-objdump",
            LIBC_PPC64_CORPUS,
            99.99,
        ),
        (
            "s390x_libc",
            Arch::S390X,
            "",
            "s390x-linux-gnu-objdump",
            LIBC_S390X,
            100.0,
        ),
        (
            "s390x_libstdcxx",
            Arch::S390X,
            "",
            "s390x-linux-gnu-objdump",
            LIBSTDCXX_S390X,
            100.0,
        ),
        (
            "s390x_corpus_libc",
            Arch::S390X,
            "",
            "s390x-linux-gnu-objdump",
            LIBC_S390X_CORPUS,
            100.0,
        ),
    ];
    for &(name, arch, opts, objdump, file, floor) in cases {
        t.add(
            name,
            &[Need::Gnu240(objdump), Need::File(file)],
            move || compare(arch, objdump, opts, file, floor),
        );
    }
    t.run();
}
