//! Live comparisons with GNU binutils: PLT names and labels against `objdump -d`,
//! symbol names against `readelf -s -W` and `readelf -D --dyn-syms -W`.
//!
//! Inputs: the fixtures of `tests/data`, the cross-built programs and libraries of
//! the corpus (`$CORPUS`, default `/work/corpus`), system libraries, and small
//! programs compiled here with whatever cross compilers are installed (PIE, non-PIE,
//! IBT, BTI, PAC, ARM long PLT, an IFUNC for `*ABS*+0x…@plt`). Each check runs as one
//! trial per input group and machine (`plt_names/fixtures/aarch64`…); a trial whose
//! inputs, compiler or GNU tool the host lacks is ignored and says which.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use host_trials::{Need, Trials};

use libelf::consts::{
    EM_386, EM_AARCH64, EM_ARM, EM_MIPS, EM_PPC64, EM_RISCV, EM_S390, EM_X86_64, ET_DYN, ET_EXEC,
    ET_REL,
};
use libelf::read::SectionIndex;
use libelf::ElfFile;
use libsymtab::{DynamicSymbols, Source, Symbol, Symtab};

/// stdout of a command, or `None` if it cannot be run.
fn run(tool: &str, args: &[&str], file: &Path) -> Option<String> {
    let out = Command::new(tool).args(args).arg(file).output().ok()?;
    Some(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// The GNU objdump that reads `machine`.
fn objdump_for(machine: u16) -> Option<&'static str> {
    Some(match machine {
        EM_X86_64 | EM_386 => "objdump",
        EM_AARCH64 => "aarch64-linux-gnu-objdump",
        EM_ARM => "arm-linux-gnueabihf-objdump",
        EM_RISCV => "riscv64-linux-gnu-objdump",
        EM_S390 => "s390x-linux-gnu-objdump",
        EM_MIPS => "mips-linux-gnu-objdump",
        EM_PPC64 => "powerpc64-linux-gnu-objdump",
        _ => return None,
    })
}

/// Machines whose PLT entries libsymtab names.
fn plt_supported(machine: u16) -> bool {
    matches!(
        machine,
        EM_X86_64 | EM_386 | EM_AARCH64 | EM_ARM | EM_RISCV | EM_S390
    )
}

fn is_elf(p: &Path) -> bool {
    std::fs::read(p).is_ok_and(|d| d.starts_with(b"\x7fELF"))
}

fn corpus() -> PathBuf {
    host_trials::corpus()
}

/// Every ELF file of `dir`, sorted.
fn elf_files_in(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| p.is_file() && is_elf(p));
    v.sort();
    v
}

/// The committed fixtures of `tests/data`.
fn fixture_files() -> Vec<PathBuf> {
    elf_files_in(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data"))
}

/// The corpus's cross-built programs and libraries (its libcs included) and host files.
fn corpus_files() -> Vec<PathBuf> {
    let cross = corpus().join("cross");
    let mut arches: Vec<PathBuf> = std::fs::read_dir(&cross)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    arches.sort();
    let mut v: Vec<PathBuf> = arches.iter().flat_map(|a| elf_files_in(a)).collect();
    v.extend(elf_files_in(&corpus().join("host/lib")));
    v.extend(elf_files_in(&corpus().join("host/obj")));
    v.push(corpus().join("host/bin/ls"));
    v.retain(|p| is_elf(p));
    v
}

/// The system's libraries and `ls`.
const SYSTEM_FILES: &[&str] = &[
    "/usr/lib/x86_64-linux-gnu/libc.so.6",
    "/usr/lib/x86_64-linux-gnu/libm.so.6",
    "/usr/lib/x86_64-linux-gnu/libstdc++.so.6",
    "/usr/lib/x86_64-linux-gnu/libz.so.1",
    "/usr/lib/x86_64-linux-gnu/libgcc_s.so.1",
    "/usr/bin/ls",
];

/// Large symbol tables for `batch_lookup`, where the host has them.
const LARGE_FILES: &[(&str, &str)] = &[
    (
        "libc-debug",
        "/usr/lib/debug/.build-id/93/ac61ec5a8eb1396f9fbd350e3169a558528a40.debug",
    ),
    (
        "libpython",
        "/root/.pyenv/versions/3.11.7/lib/libpython3.11.so.1.0",
    ),
];

const PROGRAM: &str = r#"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static int impl(void) { return 42; }
static int (*resolve(void))(void) { return impl; }
int myifunc(void) __attribute__((ifunc("resolve")));
int main(int argc, char **argv) {
    char *p = malloc(16);
    strcpy(p, argv[0]);
    puts(p);
    free(p);
    printf("%d\n", myifunc());
    return atoi(argc > 1 ? argv[1] : "0");
}
"#;

const X86: &str = "gcc";
const I386: &str = "i686-linux-gnu-gcc";
const A64: &str = "aarch64-linux-gnu-gcc";
const ARM: &str = "arm-linux-gnueabihf-gcc";
const IBT: &[&str] = &["-fcf-protection=full", "-Wl,-z,ibtplt"];
const BTI: &[&str] = &["-mbranch-protection=standard", "-Wl,-z,force-bti"];
const IBT_NOPIE: &[&str] = &["-fcf-protection=full", "-Wl,-z,ibtplt", "-no-pie"];
const BTI_NOPIE: &[&str] = &[
    "-mbranch-protection=standard",
    "-Wl,-z,force-bti",
    "-no-pie",
];

/// The programs built here from [`PROGRAM`]: (compiler, name, flags).
const VARIANTS: &[(&str, &str, &[&str])] = &[
    (X86, "x86_64-pie", &[]),
    (X86, "x86_64-nopie", &["-no-pie"]),
    (X86, "x86_64-ibt", IBT),
    (X86, "x86_64-ibt-nopie", IBT_NOPIE),
    (X86, "x86_64-lib.so", &["-shared", "-fPIC"]),
    (I386, "i386-pie", &[]),
    (I386, "i386-nopie", &["-no-pie"]),
    (I386, "i386-ibt", IBT),
    (I386, "i386-ibt-nopie", IBT_NOPIE),
    (I386, "i386-lib.so", &["-shared", "-fPIC"]),
    (A64, "aarch64-pie", &[]),
    (A64, "aarch64-bti-nopie", BTI_NOPIE),
    (A64, "aarch64-bti-pie", BTI),
    (
        A64,
        "aarch64-pac",
        &["-mbranch-protection=standard", "-Wl,-z,pac-plt"],
    ),
    (ARM, "armhf-pie", &[]),
    (ARM, "armhf-long-plt", &["-Wl,--long-plt"]),
    (ARM, "armhf-thumb", &["-mthumb"]),
    ("riscv64-linux-gnu-gcc", "riscv64-pie", &[]),
    ("s390x-linux-gnu-gcc", "s390x-pie", &[]),
];

/// Build one variant of [`PROGRAM`] into `dir` (its compiler is installed).
fn build(dir: &Path, cc: &str, name: &str, flags: &[&str]) -> Result<PathBuf, String> {
    let src = dir.join("p.c");
    std::fs::write(&src, PROGRAM).map_err(|e| format!("{}: {e}", src.display()))?;
    let exe = dir.join(name);
    let out = Command::new(cc)
        .args(["-O0", "-o"])
        .arg(&exe)
        .args(flags)
        .arg(&src)
        .output()
        .map_err(|e| format!("{cc}: {e}"))?;
    if !out.status.success() {
        return Err(format!(
            "{cc} {flags:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(exe)
}

/// `addr <label>:` lines of objdump -d, with the section they are in.
fn objdump_labels(text: &str) -> Vec<(String, u64, String)> {
    let mut section = String::new();
    let mut out = Vec::new();
    for line in text.lines() {
        if let Some(s) = line
            .strip_prefix("Disassembly of section ")
            .and_then(|s| s.strip_suffix(':'))
        {
            section = s.to_owned();
            continue;
        }
        let Some((addr, rest)) = line.split_once(' ') else {
            continue;
        };
        let Some(label) = rest.strip_prefix('<').and_then(|r| r.strip_suffix(">:")) else {
            continue;
        };
        if let Ok(a) = u64::from_str_radix(addr, 16) {
            out.push((section.clone(), a, label.to_owned()));
        }
    }
    out
}

/// Whether an objdump label is `sym+0x…` or `sym-0x…` rather than a symbol.
fn has_offset(label: &str) -> bool {
    let Some(i) = label.rfind("0x") else {
        return false;
    };
    i > 0
        && matches!(label.as_bytes()[i - 1], b'+' | b'-')
        && label[i + 2..].bytes().all(|b| b.is_ascii_hexdigit())
}

fn load(path: &Path) -> Option<Vec<u8>> {
    std::fs::read(path).ok()
}

/// PLT entry names against the `<name@plt>` labels of `objdump -d` (the one for the
/// files' machine).
fn plt_names(paths: &[PathBuf]) -> Result<(), String> {
    let mut compared = 0;
    let mut entries = 0;
    let mut failures = Vec::new();
    for path in paths {
        let Some(data) = load(path) else { continue };
        let Ok(file) = ElfFile::parse(&data) else {
            continue;
        };
        let h = file.header();
        if !matches!(h.e_type, ET_EXEC | ET_DYN) || !plt_supported(h.e_machine) {
            continue;
        }
        let Some(tool) = objdump_for(h.e_machine) else {
            return Err(format!("no objdump for machine {}", h.e_machine));
        };
        let plt_sections: Vec<&str> = [".plt", ".plt.sec", ".plt.got", ".plt.bnd"]
            .into_iter()
            .filter(|n| file.section_by_name(n.as_bytes()).ok().flatten().is_some())
            .collect();
        if plt_sections.is_empty() {
            continue;
        }
        let mut args = vec!["-d"];
        for s in &plt_sections {
            args.extend(["-j", s]);
        }
        let Some(text) = run(tool, &args, path) else {
            return Err(format!("{tool} {args:?} {} did not run", path.display()));
        };
        let gnu: BTreeSet<(u64, String)> = objdump_labels(&text)
            .into_iter()
            .filter(|(_, _, l)| l.ends_with("@plt"))
            .map(|(_, a, l)| (a, l))
            .collect();
        let symtab = Symtab::parse(&file).unwrap();
        // The PLT entries objdump labels: those that are the preferred symbol at their
        // address.
        let ours: BTreeSet<(u64, String)> = symtab
            .plt()
            .iter()
            .filter(|p| {
                symtab
                    .find_symbol(p.addr)
                    .is_some_and(|(s, off)| off == 0 && std::ptr::eq(s, *p))
            })
            .map(|p| (p.addr, p.display_name().into_owned()))
            .collect();
        compared += 1;
        entries += gnu.len();
        if gnu != ours {
            let missing: Vec<_> = gnu.difference(&ours).take(5).collect();
            let extra: Vec<_> = ours.difference(&gnu).take(5).collect();
            failures.push(format!(
                "{}: objdump has {} entries, we have {}; missing {missing:x?}, extra {extra:x?}",
                path.display(),
                gnu.len(),
                ours.len()
            ));
        }
    }
    eprintln!("compared PLT names of {compared} files, {entries} entries");
    outcome(&failures, entries)
}

/// The trial's result: the first 40 failures, or a failure if nothing was compared.
fn outcome(failures: &[String], compared: usize) -> Result<(), String> {
    if !failures.is_empty() {
        let shown: Vec<_> = failures.iter().take(40).cloned().collect();
        return Err(format!(
            "{} mismatches:\n{}",
            failures.len(),
            shown.join("\n")
        ));
    }
    if compared == 0 {
        return Err("nothing was compared".into());
    }
    Ok(())
}

/// Check every label `objdump -d` prints in `path` against the symbol we find there.
fn check_labels(path: &Path, failures: &mut Vec<String>) -> Option<usize> {
    let data = load(path)?;
    let file = ElfFile::parse(&data).ok()?;
    let tool = objdump_for(file.header().e_machine)?;
    let text = run(tool, &["-d"], path)?;
    let symtab = Symtab::parse(&file).ok()?;
    let rel = file.header().e_type == ET_REL;
    let mut n = 0;
    for (section, addr, label) in objdump_labels(&text) {
        if has_offset(&label) {
            continue;
        }
        let found: Option<(&Symbol<'_>, u64)> = if rel {
            let Ok(Some(s)) = file.section_by_name(section.as_bytes()) else {
                continue;
            };
            symtab.find_symbol_in_section(SectionIndex(s.index().0), addr)
        } else {
            symtab.find_symbol(addr)
        };
        n += 1;
        let ours = found.map(|(s, off)| (symtab.objdump_name(s), off));
        if ours.as_ref() != Some(&(label.clone(), 0)) {
            // objdump shows the section's name where it has no symbol.
            if ours.is_none() && label == section {
                continue;
            }
            failures.push(format!(
                "{}: {section} {addr:#x}: objdump <{label}>, we {ours:?}",
                path.display()
            ));
        }
    }
    Some(n)
}

/// The labels of `objdump -d` against the symbols we find at their addresses (files
/// over 4 MiB left out; ELFv1 PowerPC64 has no trial: its labels are the dot-symbols
/// objdump makes from `.opd`, which libsymtab does not).
fn labels(paths: &[PathBuf]) -> Result<(), String> {
    let mut failures = Vec::new();
    let mut labels = 0;
    let mut files = 0;
    for path in paths {
        if std::fs::metadata(path).map_or(true, |m| m.len() > 4 << 20) {
            continue;
        }
        if let Some(n) = check_labels(path, &mut failures) {
            files += 1;
            labels += n;
        }
    }
    eprintln!("compared {labels} objdump -d labels in {files} files");
    outcome(&failures, labels)
}

/// One table of `readelf -s`: its title line and `(index, value, name column)` rows.
type Table = (String, Vec<(u32, u64, String)>);

fn readelf_tables(text: &str) -> Vec<Table> {
    let mut out: Vec<Table> = Vec::new();
    for line in text.lines() {
        if line.starts_with("Symbol table ") {
            out.push((line.to_owned(), Vec::new()));
            continue;
        }
        let Some((_, rows)) = out.last_mut() else {
            continue;
        };
        let f: Vec<&str> = line.split_whitespace().collect();
        let Some(idx) = f.first().and_then(|s| s.strip_suffix(':')) else {
            continue;
        };
        let (Ok(idx), Some(Ok(value))) = (
            idx.parse::<u32>(),
            f.get(1).map(|v| u64::from_str_radix(v, 16)),
        ) else {
            continue;
        };
        // "bad section index[ 48]" takes the place of Ndx for an index past the end.
        let name_at = match f.get(6) {
            Some(&"bad") => f
                .iter()
                .skip(8)
                .position(|t| t.ends_with(']'))
                .map_or(7, |p| p + 9),
            _ => 7,
        };
        rows.push((
            idx,
            value,
            f.get(name_at..).map(|r| r.join(" ")).unwrap_or_default(),
        ));
    }
    out
}

/// Whether readelf prints this row's name column as we can compare it: plain ASCII,
/// no extra `st_other` bits, and type, binding and index printed as one word.
fn comparable(s: &Symbol<'_>) -> bool {
    let name = s.readelf_name();
    let shndx = s.sym.st_shndx;
    name.iter().all(|b| (0x20..0x7f).contains(b))
        && !name.windows(2).any(|w| w == b"  ")
        && !name.starts_with(b" ")
        && !name.ends_with(b" ")
        && s.sym.st_other & !3 == 0
        && matches!(s.st_type(), 0..=6 | 10)
        && matches!(s.st_bind(), 0..=2 | 10)
        && (shndx < 0xff00 || matches!(shndx, 0xfff1 | 0xfff2 | 0xffff))
}

/// Compare a table of ours with one of readelf's; `what` names it in failures.
fn compare_rows(
    what: &str,
    ours: &libsymtab::SymbolTableView<'_>,
    gnu: &Table,
    failures: &mut Vec<String>,
) -> usize {
    let (title, rows) = gnu;
    let want = format!(" contains {} entr", ours.len());
    if !title.contains(&want) {
        failures.push(format!("{what}: {title:?}, we have {} entries", ours.len()));
        return 0;
    }
    let mut n = 0;
    for &(idx, value, ref name) in rows {
        let Some(s) = ours.get(libelf::read::SymbolIndex(idx)) else {
            failures.push(format!("{what}: no symbol {idx}"));
            continue;
        };
        if s.sym.st_value != value {
            failures.push(format!(
                "{what} {idx}: value {value:#x}, ours {:#x}",
                s.sym.st_value
            ));
        }
        if !comparable(s) {
            continue;
        }
        n += 1;
        let mine = String::from_utf8_lossy(&s.readelf_name()).into_owned();
        if &mine != name {
            failures.push(format!("{what} {idx}: readelf {name:?}, ours {mine:?}"));
        }
    }
    n
}

/// Symbol names with versions against `readelf -s -W`.
fn symbol_names(paths: &[PathBuf]) -> Result<(), String> {
    let mut failures = Vec::new();
    let mut rows = 0;
    let mut tables = 0;
    for path in paths {
        let Some(data) = load(path) else { continue };
        let Ok(file) = ElfFile::parse(&data) else {
            continue;
        };
        let Ok(symtab) = Symtab::parse(&file) else {
            continue;
        };
        let Some(text) = run("readelf", &["-s", "-W"], path) else {
            return Err(format!("readelf -s -W {} did not run", path.display()));
        };
        let gnu = readelf_tables(&text);
        if gnu.len() != symtab.tables().len() {
            failures.push(format!(
                "{}: readelf shows {} tables, we have {}",
                path.display(),
                gnu.len(),
                symtab.tables().len()
            ));
            continue;
        }
        for (ours, g) in symtab.tables().iter().zip(&gnu) {
            let name =
                String::from_utf8_lossy(ours.section_name().unwrap_or_default()).into_owned();
            if !g.0.contains(&format!("'{name}'")) {
                failures.push(format!("{}: table {:?} vs {name}", path.display(), g.0));
                continue;
            }
            let what = format!("{} {name}", path.display());
            rows += compare_rows(&what, ours, g, &mut failures);
            tables += 1;
        }
    }
    eprintln!("compared {rows} readelf -s rows in {tables} tables");
    outcome(&failures, rows)
}

/// A copy of `data` without section headers: readelf -D must then use `DT_SYMTAB`.
fn without_sections(data: &[u8]) -> Option<Vec<u8>> {
    let mut d = data.to_vec();
    match d.get(4) {
        Some(2) => {
            d.get_mut(40..48)?.fill(0); // e_shoff
            d.get_mut(60..64)?.fill(0); // e_shnum, e_shstrndx
        }
        Some(1) => {
            d.get_mut(32..36)?.fill(0);
            d.get_mut(48..52)?.fill(0);
        }
        _ => return None,
    }
    Some(d)
}

/// `readelf -D -s -W` (symbols through `DT_SYMTAB`) against [`DynamicSymbols`], on each
/// file and on a copy without section headers.
fn dynamic_symbols(group: &str, paths: &[PathBuf]) -> Result<(), String> {
    let tmp =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("libsymtab-live-nosections-{group}"));
    std::fs::create_dir_all(&tmp).unwrap();
    let mut failures = Vec::new();
    let (mut rows, mut dt_tables) = (0, 0);
    for (n, path) in paths.iter().enumerate() {
        let Some(data) = load(path) else { continue };
        let Ok(file) = ElfFile::parse(&data) else {
            continue;
        };
        if file.header().e_type != ET_DYN && file.header().e_type != ET_EXEC {
            continue;
        }
        let stripped = without_sections(&data).unwrap();
        let copy = tmp.join(format!(
            "{n}-{}",
            path.file_name().unwrap().to_string_lossy()
        ));
        std::fs::write(&copy, &stripped).unwrap();
        for (p, bytes, dt) in [(path, &data, false), (&copy, &stripped, true)] {
            let file = ElfFile::parse(bytes).unwrap();
            let ours = DynamicSymbols::parse(&file);
            let Some(text) = run("readelf", &["-D", "-s", "-W"], p) else {
                continue;
            };
            let gnu = readelf_tables(&text);
            let what = format!(
                "{} (-D{})",
                path.display(),
                if dt { ", no sections" } else { "" }
            );
            match (ours, gnu.first()) {
                (Ok(Some(d)), Some(g)) => {
                    rows += compare_rows(&what, &d.table, g, &mut failures);
                    dt_tables += usize::from(dt);
                }
                (Ok(None), None) | (Err(_), None) => {}
                (ours, g) => failures.push(format!(
                    "{what}: readelf {:?}, ours {:?}",
                    g.map(|g| &g.0),
                    ours.map(|o| o.map(|d| d.table.len()))
                )),
            }
        }
    }
    eprintln!("compared {rows} readelf -D rows; {dt_tables} tables through DT_SYMTAB");
    outcome(&failures, dt_tables)
}

/// A lookup's answer, comparable across two `Symtab`s of one file.
type Answer = Option<(Source, u32, u64, bool, u64)>;

fn answer(found: Option<(&Symbol<'_>, u64)>) -> Answer {
    found.map(|(s, off)| (s.source, s.index.0, s.addr, s.plt.is_some(), off))
}

/// `find_symbols_sorted(addrs)`, as [`Answer`]s.
fn batched(symtab: &Symtab<'_>, addrs: &[u64]) -> Vec<Answer> {
    symtab
        .find_symbols_sorted(addrs)
        .into_iter()
        .map(answer)
        .collect()
}

/// `find_symbols_sorted` on batches of addresses (small ones, answered through a
/// reduced index, and all at once) against `find_symbol` on a second `Symtab`: at, in
/// and just past every indexed range, and spread over the whole span. Needs no GNU
/// tool: the answers of `find_symbol` are what `labels` checks against objdump.
fn batch_lookup(paths: &[PathBuf]) -> Result<(), String> {
    let mut failures = Vec::new();
    let mut lookups = 0usize;
    for path in paths {
        let Some(data) = load(path) else { continue };
        let Ok(file) = ElfFile::parse(&data) else {
            continue;
        };
        let (Ok(single), Ok(batch)) = (Symtab::parse(&file), Symtab::parse(&file)) else {
            continue;
        };
        if single.is_relocatable() {
            continue;
        }
        let mut addrs: Vec<u64> = Vec::new();
        for r in single.ranges() {
            let mid = r.start + (r.end - r.start) / 2;
            addrs.extend([r.start, r.start.wrapping_sub(1), mid, r.end - 1, r.end]);
        }
        let (Some(&lo), Some(&hi)) = (addrs.iter().min(), addrs.iter().max()) else {
            continue;
        };
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for _ in 0..2000 {
            addrs.push(lo.wrapping_add(next() % hi.wrapping_sub(lo).max(1)));
        }
        addrs.sort_unstable();
        let want: Vec<_> = addrs
            .iter()
            .map(|&a| answer(single.find_symbol(a)))
            .collect();
        // Batches of 1 to 64 addresses picked at random strides, each on a new Symtab
        // (the first lookup through the whole index would end the reducing).
        for _ in 0..12 {
            let len = (next() % 64 + 1) as usize;
            let stride = (next() % 97 + 1) as usize;
            let first = (next() as usize) % addrs.len();
            let picks: Vec<usize> = (0..len)
                .map(|k| (first + k * stride) % addrs.len())
                .collect::<std::collections::BTreeSet<_>>()
                .into_iter()
                .collect();
            let sub: Vec<u64> = picks.iter().map(|&i| addrs[i]).collect();
            let Ok(fresh) = Symtab::parse(&file) else {
                continue;
            };
            let got = batched(&fresh, &sub);
            lookups += sub.len();
            for (k, &i) in picks.iter().enumerate() {
                if got[k] != want[i] {
                    failures.push(format!(
                        "{}: {:#x} in a batch of {}: {:?}, find_symbol {:?}",
                        path.display(),
                        addrs[i],
                        sub.len(),
                        got[k],
                        want[i]
                    ));
                }
            }
        }
        lookups += addrs.len();
        if batched(&batch, &addrs) != want {
            failures.push(format!("{}: the whole batch differs", path.display()));
        }
    }
    eprintln!("compared {lookups} batched lookups");
    outcome(&failures, lookups)
}

/// The machine of an ELF file, if it is one.
fn machine_of(path: &Path) -> Option<u16> {
    let data = load(path)?;
    ElfFile::parse(&data).ok().map(|f| f.header().e_machine)
}

/// A short name for a machine in trial names.
fn machine_name(m: u16) -> String {
    match m {
        EM_X86_64 => "x86_64".into(),
        EM_386 => "i386".into(),
        EM_AARCH64 => "aarch64".into(),
        EM_ARM => "arm".into(),
        EM_RISCV => "riscv".into(),
        EM_S390 => "s390".into(),
        EM_MIPS => "mips".into(),
        EM_PPC64 => "ppc64".into(),
        m => format!("em{m}"),
    }
}

/// Add the four checks over one group of inputs, split by machine for the objdump ones.
fn add_group(t: &mut Trials, group: &str, needs: &[Need], paths: Vec<PathBuf>) {
    let readelf = Need::GnuTool("readelf");
    let with = |n: Need| needs.iter().copied().chain([n]).collect::<Vec<_>>();
    let files = paths.clone();
    t.add(&format!("batch_lookup/{group}"), needs, move || {
        batch_lookup(&files)
    });
    let files = paths.clone();
    t.add(
        &format!("symbol_names/{group}"),
        &with(readelf),
        move || symbol_names(&files),
    );
    let files = paths.clone();
    let g = group.to_owned();
    t.add(
        &format!("dynamic_symbols/{group}"),
        &with(readelf),
        move || dynamic_symbols(&g, &files),
    );
    let mut by_machine: std::collections::BTreeMap<u16, Vec<PathBuf>> = Default::default();
    for p in paths {
        if let Some(m) = machine_of(&p) {
            by_machine.entry(m).or_default().push(p);
        }
    }
    for (m, files) in by_machine {
        let Some(tool) = objdump_for(m) else { continue };
        let name = machine_name(m);
        let has_plt = files.iter().any(|p| {
            load(p).is_some_and(|d| {
                ElfFile::parse(&d).is_ok_and(|f| {
                    matches!(f.header().e_type, ET_EXEC | ET_DYN)
                        && [".plt", ".plt.sec"]
                            .iter()
                            .any(|n| f.section_by_name(n.as_bytes()).ok().flatten().is_some())
                })
            })
        });
        if plt_supported(m) && has_plt {
            let f = files.clone();
            t.add(
                &format!("plt_names/{group}/{name}"),
                &with(Need::GnuTool(tool)),
                move || plt_names(&f),
            );
        }
        if m != EM_PPC64 {
            t.add(
                &format!("labels/{group}/{name}"),
                &with(Need::GnuTool(tool)),
                move || labels(&files),
            );
        }
    }
}

fn main() {
    let mut t = Trials::new();
    add_group(&mut t, "fixtures", &[], fixture_files());
    let corpus_dir: &'static str =
        Box::leak(corpus().to_string_lossy().into_owned().into_boxed_str());
    add_group(&mut t, "corpus", &[Need::File(corpus_dir)], corpus_files());
    let system: Vec<PathBuf> = SYSTEM_FILES.iter().map(PathBuf::from).collect();
    add_group(&mut t, "system", &[Need::File(SYSTEM_FILES[0])], system);
    // Large tables: a libc debug file (Debian 12.11's libc6-dbg, by build id) and a
    // libpython with its `.symtab`.
    for (name, file) in LARGE_FILES {
        let files = vec![PathBuf::from(file)];
        t.add(
            &format!("batch_lookup/{name}"),
            &[Need::File(file)],
            move || batch_lookup(&files),
        );
    }
    // The programs built here: a variant whose compiler is missing is an ignored trial.
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("libsymtab-live");
    let mut built = Vec::new();
    for &(cc, name, flags) in VARIANTS {
        let cc_need = Need::Program(cc);
        if cc_need.missing().is_none() {
            let d = dir.clone();
            std::fs::create_dir_all(&d).unwrap();
            match build(&d, cc, name, flags) {
                Ok(exe) => built.push(exe),
                Err(e) => t.add(&format!("build/{name}"), &[], move || Err(e)),
            }
        } else {
            t.add(&format!("build/{name}"), &[cc_need], || Ok(()));
        }
    }
    add_group(&mut t, "built", &[], built);
    t.run()
}
