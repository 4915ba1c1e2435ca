//! Live check of `libelf::names` against GNU readelf 2.40 on the committed fixtures.
//!
//! For every ELF file in `tests/data/`, run `readelf -h`, `-S -W`, `-l -W`, `-d`, `-r -W`
//! and `-s -W`, read the numbers with libelf, and check that each line readelf printed
//! carries the text our tables give for those numbers, in the same order. Ignored (the trial
//! says why) when `readelf` is missing or is not version 2.40.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use host_trials::{Need, Trials};

use libelf::names;
use libelf::read::{DynamicTable, RelocTable, Section, SymbolTable};
use libelf::{Class, ElfFile};

const SHT_REL: u32 = 9;
const SHT_RELA: u32 = 4;
const SHT_SYMTAB: u32 = 2;
const SHT_DYNSYM: u32 = 11;
const PT_DYNAMIC: u32 = 2;

fn readelf(args: &[&str], file: &Path) -> String {
    let out = Command::new("readelf")
        .args(args)
        .arg(file)
        .env("LC_ALL", "C")
        .output()
        .expect("run readelf");
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn fixtures() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map(|rd| rd.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    out.retain(|p| {
        std::fs::read(p)
            .map(|b| b.starts_with(b"\x7fELF"))
            .unwrap_or(false)
    });
    out.sort();
    out
}

/// Counts what was checked, and collects mismatches.
#[derive(Default)]
struct Report {
    checked: std::collections::BTreeMap<&'static str, usize>,
    errors: Vec<String>,
}

impl Report {
    /// Each of `expected` starts its row of `readelf ARGS FILE` (the rows: the lines
    /// `row` accepts); readelf is not run when nothing is expected.
    fn expect_rows(
        &mut self,
        what: &'static str,
        file: &Path,
        args: &[&str],
        row: impl Fn(&str) -> bool,
        expected: &[String],
    ) {
        if expected.is_empty() {
            return;
        }
        let out = readelf(args, file);
        let mut rows = out.lines().filter(|l| row(l));
        for e in expected {
            self.expect(what, file, rows.next(), e);
        }
    }

    fn expect(&mut self, what: &'static str, file: &Path, line: Option<&str>, expected: &str) {
        *self.checked.entry(what).or_default() += 1;
        match line {
            Some(l) if l.starts_with(expected) => {}
            Some(l) => self.errors.push(format!(
                "{}: {what}: expected a line starting with\n    {expected:?}\n got {l:?}",
                file.display()
            )),
            None => self.errors.push(format!(
                "{}: {what}: readelf printed no line for {expected:?}",
                file.display()
            )),
        }
    }
}

struct Ctx<'a> {
    path: &'a Path,
    file: &'a ElfFile<'a>,
    machine: u16,
    osabi: u8,
    elf64: bool,
}

impl Ctx<'_> {
    /// Hex width of addresses in readelf's wide tables.
    fn w(&self) -> usize {
        if self.elf64 {
            16
        } else {
            8
        }
    }

    /// Each section of one of `types` that `parse` reads.
    fn tables<'a, T>(
        &'a self,
        types: &'a [u32],
        parse: impl Fn(&Section<'a, 'a>) -> libelf::Result<T> + 'a,
    ) -> impl Iterator<Item = T> + 'a {
        let sections = self.file.sections().into_iter().flatten();
        sections
            .filter(|s| types.contains(&s.header().sh_type))
            .filter_map(move |s| parse(&s).ok())
    }
}

fn names_match_gnu_readelf_on_fixtures() {
    let mut report = Report::default();
    let files = fixtures();
    assert!(files.len() >= 8, "fixtures not found");
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        let Ok(file) = ElfFile::parse(&bytes) else {
            continue;
        };
        let h = *file.header();
        let ctx = Ctx {
            path,
            file: &file,
            machine: h.e_machine,
            osabi: h.e_ident[7],
            elf64: file.class() == Class::Elf64,
        };
        check_header(&ctx, &mut report);
        check_sections(&ctx, &mut report);
        check_segments(&ctx, &mut report);
        check_dynamic(&ctx, &mut report);
        check_relocs(&ctx, &mut report);
        check_symbols(&ctx, &mut report);
    }
    eprintln!("checked: {:?}", report.checked);
    for what in ["header", "section", "segment", "dynamic", "reloc", "symbol"] {
        assert!(
            report.checked.get(what).copied().unwrap_or(0) > 0,
            "no {what} lines checked"
        );
    }
    if !report.errors.is_empty() {
        let mut msg = String::new();
        for e in report.errors.iter().take(40) {
            let _ = writeln!(msg, "{e}");
        }
        panic!("{} mismatches:\n{msg}", report.errors.len());
    }
}

/// The dynamic entries as readelf reads them: the `.dynamic` section, else `PT_DYNAMIC`.
fn dynamic_entries(ctx: &Ctx<'_>) -> Vec<(u64, u64)> {
    let f = ctx.file;
    let data = match f.section_by_name(b".dynamic") {
        Ok(Some(s)) => s.data().ok(),
        _ => f.program_headers().ok().and_then(|phs| {
            phs.iter()
                .find(|p| p.p_type == PT_DYNAMIC)
                .and_then(|p| f.segment_data(p).ok())
        }),
    };
    let Some(data) = data else { return Vec::new() };
    DynamicTable::new(data, f.class(), f.endian())
        .until_null()
        .map(|d| {
            let tag = d.d_tag as u64;
            // readelf zero-extends 32-bit tags.
            (if ctx.elf64 { tag } else { tag & 0xffff_ffff }, d.d_val)
        })
        .collect()
}

fn check_header(ctx: &Ctx<'_>, r: &mut Report) {
    let out = readelf(&["-h"], ctx.path);
    let h = ctx.file.header();
    let field = |label: &str| {
        out.lines()
            .find(|l| l.trim_start().starts_with(label))
            .map(|l| l.split_once(':').map_or("", |(_, v)| v.trim()).to_owned())
    };
    let pie = names::is_pie(dynamic_entries(ctx).into_iter().map(|(t, v)| (t as i64, v)));
    let checks = [
        ("Class:", names::class_text(h.e_ident[4]).into_owned()),
        ("Data:", names::data_text(h.e_ident[5]).into_owned()),
        ("Version:", names::version_text(h.e_ident[6])),
        (
            "OS/ABI:",
            names::osabi_text(ctx.osabi, ctx.machine).into_owned(),
        ),
        ("Type:", names::file_type_text(h.e_type, pie).into_owned()),
        ("Machine:", names::machine_text(ctx.machine).into_owned()),
    ];
    for (label, want) in checks {
        let got = field(label);
        r.expect("header", ctx.path, got.as_deref(), &want);
        if let Some(g) = &got {
            if g != &want {
                r.errors
                    .push(format!("{}: {label} {g:?} != {want:?}", ctx.path.display()));
            }
        }
    }
}

fn check_sections(ctx: &Ctx<'_>, r: &mut Report) {
    let Ok(sections) = ctx.file.sections() else {
        return;
    };
    let out = readelf(&["-S", "-W"], ctx.path);
    let lines: Vec<&str> = out
        .lines()
        .filter(|l| l.starts_with("  [") && !l.starts_with("  [Nr]"))
        .collect();
    for (i, s) in sections.enumerate() {
        let sh = s.header();
        let name = s.name().map(|n| n.into_owned()).unwrap_or_default();
        let w = ctx.w();
        let expected = format!(
            "  [{i:2}] {name:<17} {:<15} {:0w$x} {:06x} {:06x} {:02x} {:>3} ",
            names::section_type_text(sh.sh_type, ctx.machine, ctx.osabi),
            sh.sh_addr,
            sh.sh_offset,
            sh.sh_size,
            sh.sh_entsize,
            names::section_flags_letters(sh.sh_flags, ctx.machine, ctx.osabi),
        );
        r.expect("section", ctx.path, lines.get(i).copied(), &expected);
    }
}

fn check_segments(ctx: &Ctx<'_>, r: &mut Report) {
    let Ok(phs) = ctx.file.program_headers() else {
        return;
    };
    if phs.is_empty() {
        return;
    }
    let out = readelf(&["-l", "-W"], ctx.path);
    let lines = common::segment_rows(&out);
    for (i, p) in phs.iter().enumerate() {
        let expected = format!(
            // readelf -l truncates the type to 14 columns (`%-14.14s`).
            "  {:<14.14} 0x{:06x} ",
            names::segment_type_text(p.p_type, ctx.machine, ctx.osabi),
            p.p_offset
        );
        r.expect("segment", ctx.path, lines.get(i).copied(), &expected);
        if let Some(l) = lines.get(i) {
            let flags = format!(" {} 0x", names::segment_flags_text(p.p_flags));
            r.expect(
                "segment flags",
                ctx.path,
                l.contains(&flags).then_some(""),
                "",
            );
        }
    }
}

fn check_dynamic(ctx: &Ctx<'_>, r: &mut Report) {
    let entries = dynamic_entries(ctx);
    if entries.is_empty() {
        return;
    }
    let out = readelf(&["-d"], ctx.path);
    let lines: Vec<&str> = out.lines().filter(|l| l.starts_with(" 0x")).collect();
    for (i, &(tag, val)) in entries.iter().enumerate() {
        let w = ctx.w();
        let name = names::dynamic_tag_text(tag, ctx.machine, ctx.osabi);
        let expected = format!(" 0x{tag:0w$x} ({name})");
        let line = lines.get(i).copied();
        r.expect("dynamic", ctx.path, line, &expected);
        let value = match (tag, ctx.machine) {
            (0x1e, _) => Some(names::dt_flags_text(val)),
            (0x6fff_fffb, _) => Some(names::dt_flags_1_text(val)),
            (0x6fff_fdfd, _) => Some(names::dt_posflag_1_text(val)),
            (0x7000_0005, 8) => Some(names::dt_mips_flags_text(val)),
            _ => None,
        };
        if let (Some(v), Some(l)) = (value, line) {
            let ok = l.trim_end().ends_with(&format!(" {v}"));
            r.expect("dynamic value", ctx.path, ok.then_some(""), "");
            if !ok {
                r.errors.push(format!(
                    "{}: dynamic value {v:?} not in {l:?}",
                    ctx.path.display()
                ));
            }
        }
    }
}

fn check_relocs(ctx: &Ctx<'_>, r: &mut Report) {
    let mut expected = Vec::new();
    let w = ctx.w();
    for table in ctx.tables(&[SHT_REL, SHT_RELA], |s| RelocTable::parse(s)) {
        for rel in table.iter() {
            let rt = names::reloc_type_field(rel.r_info, ctx.machine, ctx.elf64);
            let h = ctx.file.header();
            let ty = match names::reloc_type_for(ctx.machine, h.e_flags, ctx.osabi, rt) {
                Some(n) => format!("{n:<22}"),
                None => names::reloc_unrecognized_text(rt),
            };
            let info = if ctx.elf64 {
                rel.r_info
            } else {
                rel.r_info & 0xffff_ffff
            };
            expected.push(format!("{:0w$x}  {info:0w$x} {ty}", rel.r_offset));
        }
    }
    let row = |l: &str| {
        let mut it = l.splitn(3, "  ");
        let a = it.next().unwrap_or("");
        a.len() == w && a.bytes().all(|b| b.is_ascii_hexdigit()) && it.next().is_some()
    };
    r.expect_rows("reloc", ctx.path, &["-r", "-W"], row, &expected);
}

fn check_symbols(ctx: &Ctx<'_>, r: &mut Report) {
    let count = ctx.file.section_count();
    let mut expected = Vec::new();
    let w = ctx.w();
    for table in ctx.tables(&[SHT_SYMTAB, SHT_DYNSYM], |s| SymbolTable::parse(s)) {
        for sym in table.iter() {
            let st = sym.sym;
            let size = if st.st_size <= 99_999 {
                format!("{:5}", st.st_size)
            } else {
                format!("0x{:x}", st.st_size)
            };
            let vis = names::symbol_visibility(st.st_other, ctx.osabi);
            let other_bits = st.st_other ^ st.st_visibility();
            let other = if ctx.osabi != 6 && other_bits != 0 {
                let h = ctx.file.header();
                format!(
                    " [{}] ",
                    names::symbol_other_text(other_bits, ctx.machine, ctx.osabi, h.e_type)
                )
            } else {
                String::new()
            };
            // readelf widens reserved indexes unless SHT_SYMTAB_SHNDX supplies the real one.
            let shndx = match sym.shndx {
                Some(x) if st.st_shndx == 0xffff => x,
                _ => names::widen_shndx(st.st_shndx),
            };
            expected.push(format!(
                "{:6}: {:0w$x} {size} {:<7} {:<6} {vis:<7}{other} {:>4} ",
                sym.index.0,
                st.st_value,
                names::symbol_type_text(st.st_type(), ctx.machine, ctx.osabi),
                names::symbol_bind_text(st.st_bind(), ctx.osabi),
                names::section_index_text(shndx, ctx.machine, ctx.osabi, count),
            ));
        }
    }
    let row = |l: &str| {
        l.split_once(':').is_some_and(|(n, _)| {
            !n.trim().is_empty() && n.trim().bytes().all(|b| b.is_ascii_digit())
        })
    };
    r.expect_rows("symbol", ctx.path, &["-s", "-W"], row, &expected);
}

fn main() {
    let mut t = Trials::new();
    t.add_fn(
        "names_match_gnu_readelf_on_fixtures",
        &[Need::Gnu240("readelf")],
        names_match_gnu_readelf_on_fixtures,
    );
    t.run()
}
