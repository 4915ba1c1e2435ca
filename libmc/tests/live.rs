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
/// `libc6-powerpc-cross` and `libc6-mipsel-cross` (Debian's cross compilers pull them in).
const LIBC_PPC32: &str = "/usr/powerpc-linux-gnu/lib/libc.so.6";
const LIBC_MIPSEL: &str = "/usr/mipsel-linux-gnu/lib/libc.so.6";
/// `libc6-mips64-cross` (pulled in by `gcc-mips64-linux-gnuabi64`).
const LIBC_MIPS64: &str = "/usr/mips64-linux-gnuabi64/lib/libc.so.6";
const LIBM_MIPS64: &str = "/usr/mips64-linux-gnuabi64/lib/libm.so.6";
const LIBC_SPARC64: &str = "/usr/sparc64-linux-gnu/lib/libc.so.6";
const LIBM_SPARC64: &str = "/usr/sparc64-linux-gnu/lib/libm.so.6";
const LIBC_M68K: &str = "/usr/m68k-linux-gnu/lib/libc.so.6";
const LIBM_M68K: &str = "/usr/m68k-linux-gnu/lib/libm.so.6";
const LIBC_S390X: &str = "/usr/s390x-linux-gnu/lib/libc.so.6";
const LIBSTDCXX_S390X: &str = "/usr/s390x-linux-gnu/lib/libstdc++.so.6.0.30";
const LIBC_S390X_CORPUS: &str = "/work/corpus/cross/s390x/libc.so.6";
const LIBC_RV64: &str = "/usr/riscv64-linux-gnu/lib/libc.so.6";
const LIBC_RV64_CORPUS: &str = "/work/corpus/cross/riscv64/libc.so.6";
const LIBC_ARMHF: &str = "/usr/arm-linux-gnueabihf/lib/libc.so.6";
const LIBSTDCXX_ARMHF: &str = "/usr/arm-linux-gnueabihf/lib/libstdc++.so.6";

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
    let x86 = matches!(
        arch.machine,
        Machine::X86_64 | Machine::X32 | Machine::I386 | Machine::I8086
    );
    tally(
        &format!("{file} {opts}"),
        &lines,
        &ours,
        |t| noann(t, x86),
        floor,
    )
}

/// Count GNU's lines that libmc printed the same (after `norm` on both); an error listing
/// the first differences when fewer than `floor` percent (or fewer than 1000 lines) are.
fn tally(
    what: &str,
    lines: &[(u64, String)],
    ours: &HashMap<u64, String>,
    norm: impl Fn(&str) -> String,
    floor: f64,
) -> Result<(), String> {
    let mut same = 0usize;
    let mut diffs = Vec::new();
    for (a, g) in lines {
        let g = norm(g);
        match ours.get(a) {
            Some(o) if norm(o) == g => same += 1,
            o => diffs.push(format!("{a:x}\n  GNU  {g}\n  ours {o:?}")),
        }
    }
    let pct = 100.0 * same as f64 / lines.len().max(1) as f64;
    eprintln!(
        "{what}: {same} of {} lines identical ({pct:.3}%)",
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

/// 32-bit Arm: GNU's choice of Arm or Thumb per line read from its raw-byte column
/// (`e59f3004` Arm, `4a4e` / `f8df 2004` Thumb); decoding restarts in that mode at every
/// label and wherever GNU's mode changes. `$d` data (`.word`) is the caller's, not compared.
fn compare_arm(objdump: &str, file: &str, floor: f64) -> Result<(), String> {
    let out = Command::new(objdump)
        .args(["-d", "-w", file])
        .env("LC_ALL", "C")
        .output()
        .map_err(|e| e.to_string())?;
    let gnu = String::from_utf8_lossy(&out.stdout);
    let mut lines = Vec::new();
    let mut starts: Vec<(u64, bool)> = Vec::new();
    let (mut label, mut mode) = (false, None);
    for l in gnu.lines() {
        if let Some((a, rest)) = l.split_once(":\t") {
            if let Ok(a) = u64::from_str_radix(a.trim_start(), 16) {
                let Some((raw, text)) = rest.split_once('\t') else {
                    continue;
                };
                if [".word\t", ".short\t", ".byte\t"]
                    .iter()
                    .any(|d| text.starts_with(d))
                {
                    continue;
                }
                let thumb = !(raw.len() == 9 && !raw.starts_with(' ') && !raw[..8].contains(' '));
                if label || mode != Some(thumb) {
                    starts.push((a, thumb));
                }
                (label, mode) = (false, Some(thumb));
                lines.push((a, text.to_owned()));
                continue;
            }
        }
        if l.ends_with(">:") && l.contains(" <") {
            label = true;
        }
    }
    starts.sort_unstable();
    let addrs: Vec<u64> = starts.iter().map(|s| s.0).collect();
    let data = std::fs::read(file).map_err(|e| e.to_string())?;
    let thumb = Disassembler::new(Arch::THUMB);
    let arm = Disassembler::new(Arch::ARM);
    let mut ours = HashMap::new();
    for r in code_ranges(&data, &addrs)? {
        let k = starts.partition_point(|s| s.0 <= r.addr);
        let dis = match k.checked_sub(1).and_then(|k| starts.get(k)) {
            Some((_, true)) => &thumb,
            _ => &arm,
        };
        for i in dis.iter(r.bytes, r.addr) {
            ours.insert(i.addr, i.text);
        }
    }
    let ann = |t: &str| {
        // ` <sym+off>` after an address; Arm's own `<UNDEFINED>`, `<illegal …>` stay.
        let mut out = String::new();
        let mut rest = t;
        while let Some(k) = rest.find(" <") {
            let (head, tail) = rest.split_at(k);
            out.push_str(head);
            let after_hex = head.chars().last().is_some_and(|c| c.is_ascii_hexdigit());
            match (after_hex, tail.find('>')) {
                (true, Some(e)) => rest = tail.get(e + 1..).unwrap_or_default(),
                _ => {
                    out.push_str(" <");
                    rest = tail.get(2..).unwrap_or_default();
                }
            }
        }
        out.push_str(rest);
        out.trim_end().to_owned()
    };
    tally(file, &lines, &ours, ann, floor)
}

fn main() {
    let mut t = Trials::new();
    for (name, file) in [("arm_libc", LIBC_ARMHF), ("arm_libstdcxx", LIBSTDCXX_ARMHF)] {
        t.add(
            name,
            &[Need::Gnu240("objdump"), Need::File(file)],
            move || compare_arm("objdump", file, 99.8),
        );
    }
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
        ("ppc32_libc", Arch::PPC32, "", "objdump", LIBC_PPC32, 100.0),
        (
            "mipsel_libc",
            Arch::new(Machine::Mips32),
            "",
            "objdump",
            LIBC_MIPSEL,
            100.0,
        ),
        (
            "mips64_libc",
            Arch::MIPS64,
            "",
            "objdump",
            LIBC_MIPS64,
            100.0,
        ),
        (
            "riscv64_libc_no_aliases",
            Arch::RISCV64,
            "no-aliases",
            "riscv64-linux-gnu-objdump",
            LIBC_RV64,
            100.0,
        ),
        (
            "aarch64_corpus_libc_no_aliases",
            Arch::AARCH64,
            "no-aliases",
            "aarch64-linux-gnu-objdump",
            LIBC_A64_CORPUS,
            99.0,
        ),
        (
            "mips_libc_no_aliases",
            Arch::MIPS32,
            "no-aliases",
            "mips-linux-gnu-objdump",
            LIBC_MIPS,
            100.0,
        ),
        (
            "mips64_libm",
            Arch::MIPS64,
            "",
            "objdump",
            LIBM_MIPS64,
            100.0,
        ),
        (
            "sparc64_libc",
            Arch::SPARC64,
            "",
            "sparc64-linux-gnu-objdump",
            LIBC_SPARC64,
            100.0,
        ),
        (
            "sparc64_libm",
            Arch::SPARC64,
            "",
            "sparc64-linux-gnu-objdump",
            LIBM_SPARC64,
            100.0,
        ),
        (
            "m68k_libc",
            Arch::M68K,
            "",
            "m68k-linux-gnu-objdump",
            LIBC_M68K,
            99.9,
        ),
        (
            "m68k_libm",
            Arch::M68K,
            "",
            "m68k-linux-gnu-objdump",
            LIBM_M68K,
            99.9,
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
