//! `libelf::names` against GNU readelf 2.40 on made-up files that hold every value worth
//! trying: each machine number, each section, segment and dynamic tag type per machine
//! and OS/ABI, every `st_info` and `st_other` byte, relocation types 0–300 (and more) on
//! every machine readelf knows, note types per owner, GNU property bits.
//!
//! Each test writes small ELF files to a temporary directory, runs readelf once over a
//! batch of them, and checks every line against our text. Ignored (the trial says
//! why) when `readelf` is missing or is not version 2.40.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

mod common;

use std::path::PathBuf;
use std::process::Command;

use host_trials::{Need, Trials};

use libelf::names;

// ---------------------------------------------------------------------------------------
// Running readelf

/// A scratch directory, removed on drop.
struct Scratch(PathBuf);

impl Scratch {
    fn new(tag: &str) -> Scratch {
        let dir = std::env::temp_dir().join(format!(
            "libelf-names-{tag}-{}-{:?}",
            std::process::id(),
            std::thread::current().id()
        ));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    fn write(&self, name: &str, bytes: &[u8]) -> PathBuf {
        let p = self.0.join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// readelf's stdout for each file, in order (one run per batch of files).
fn readelf_each(args: &[&str], files: &[PathBuf]) -> Vec<String> {
    let mut out = Vec::new();
    for chunk in files.chunks(400) {
        let res = Command::new("readelf")
            .args(args)
            .args(chunk)
            .env("LC_ALL", "C")
            .output()
            .expect("run readelf");
        let text = String::from_utf8_lossy(&res.stdout).into_owned();
        if chunk.len() == 1 {
            out.push(text);
            continue;
        }
        // With several files readelf starts each with "\nFile: NAME\n".
        let mut parts: Vec<String> = Vec::new();
        for line in text.split_inclusive('\n') {
            if line.starts_with("File: ") {
                parts.push(String::new());
            } else if let Some(p) = parts.last_mut() {
                p.push_str(line);
            }
        }
        assert_eq!(parts.len(), chunk.len(), "readelf output for {chunk:?}");
        out.extend(parts);
    }
    out
}

#[derive(Default)]
struct Mismatches {
    checked: usize,
    errors: Vec<String>,
}

impl Mismatches {
    fn prefix(&mut self, ctx: &str, line: Option<&str>, expected: &str) {
        self.checked += 1;
        match line {
            Some(l) if l.starts_with(expected) => {}
            Some(l) => self
                .errors
                .push(format!("{ctx}:\n  want {expected:?}\n  got  {l:?}")),
            None => self.errors.push(format!("{ctx}: no line for {expected:?}")),
        }
    }

    fn equal(&mut self, ctx: &str, got: Option<&str>, expected: &str) {
        self.checked += 1;
        if got != Some(expected) {
            self.errors
                .push(format!("{ctx}:\n  want {expected:?}\n  got  {got:?}"));
        }
    }

    fn finish(self, what: &str, min: usize) {
        eprintln!("{what}: {} lines checked", self.checked);
        assert!(
            self.checked >= min,
            "{what}: only {} lines checked",
            self.checked
        );
        if !self.errors.is_empty() {
            let shown: Vec<&String> = self.errors.iter().take(30).collect();
            panic!(
                "{what}: {} mismatches, first ones:\n{}",
                self.errors.len(),
                shown
                    .iter()
                    .map(|s| s.as_str())
                    .collect::<Vec<_>>()
                    .join("\n")
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// A tiny ELF writer

#[derive(Clone, Default)]
struct Sec {
    name: String,
    sh_type: u32,
    sh_flags: u64,
    data: Vec<u8>,
    link: u32,
    info: u32,
    align: u64,
    entsize: u64,
}

#[derive(Clone, Default)]
struct Seg {
    p_type: u32,
    p_flags: u32,
    data: Vec<u8>,
    /// `p_align`; 0 means 8.
    align: u64,
}

#[derive(Clone)]
struct Elf {
    elf64: bool,
    big: bool,
    class: Option<u8>,
    data_byte: Option<u8>,
    version: u8,
    osabi: u8,
    e_type: u16,
    e_machine: u16,
    e_flags: u32,
    sections: Vec<Sec>,
    segments: Vec<Seg>,
}

impl Elf {
    fn new(e_machine: u16) -> Elf {
        Elf {
            elf64: true,
            big: false,
            class: None,
            data_byte: None,
            version: 1,
            osabi: 0,
            e_type: 1,
            e_machine,
            e_flags: 0,
            sections: Vec::new(),
            segments: Vec::new(),
        }
    }

    fn build(&self) -> Vec<u8> {
        let mut w = W {
            buf: Vec::new(),
            big: self.big,
            elf64: self.elf64,
        };
        let (ehsize, phentsize, shentsize) = if self.elf64 {
            (64, 56, 64)
        } else {
            (52, 32, 40)
        };
        let mut cursor = ehsize + self.segments.len() * phentsize;
        let mut seg_off = Vec::new();
        for s in &self.segments {
            cursor = (cursor + 7) & !7;
            seg_off.push(if s.data.is_empty() { 0 } else { cursor });
            cursor += s.data.len();
        }
        let mut shstr = vec![0u8];
        let mut name_off = Vec::new();
        for s in &self.sections {
            name_off.push(shstr.len());
            shstr.extend_from_slice(s.name.as_bytes());
            shstr.push(0);
        }
        let shstr_name = shstr.len();
        shstr.extend_from_slice(b".shstrtab\0");
        let mut sec_off = Vec::new();
        for s in &self.sections {
            cursor = (cursor + 7) & !7;
            sec_off.push(if s.data.is_empty() { 0 } else { cursor });
            cursor += s.data.len();
        }
        let shstr_off = cursor;
        cursor += shstr.len();
        cursor = (cursor + 7) & !7;
        let shoff = if self.sections.is_empty() { 0 } else { cursor };
        let shnum = if self.sections.is_empty() {
            0
        } else {
            self.sections.len() + 2
        };

        // File header.
        w.buf.extend_from_slice(b"\x7fELF");
        w.buf
            .push(self.class.unwrap_or(if self.elf64 { 2 } else { 1 }));
        w.buf
            .push(self.data_byte.unwrap_or(if self.big { 2 } else { 1 }));
        w.buf.push(self.version);
        w.buf.push(self.osabi);
        w.buf.extend_from_slice(&[0; 8]);
        w.u16(self.e_type);
        w.u16(self.e_machine);
        w.u32(1);
        w.word(0);
        w.word(if self.segments.is_empty() {
            0
        } else {
            ehsize as u64
        });
        w.word(shoff as u64);
        w.u32(self.e_flags);
        w.u16(ehsize as u16);
        w.u16(phentsize as u16);
        w.u16(self.segments.len() as u16);
        w.u16(shentsize as u16);
        w.u16(shnum as u16);
        w.u16(if shnum == 0 { 0 } else { (shnum - 1) as u16 });
        // Program headers: p_vaddr = p_offset so addresses map back to the file.
        for (s, &off) in self.segments.iter().zip(&seg_off) {
            let len = s.data.len() as u64;
            w.u32(s.p_type);
            if self.elf64 {
                w.u32(s.p_flags);
            }
            w.word(off as u64);
            w.word(off as u64);
            w.word(off as u64);
            w.word(len);
            w.word(len);
            if !self.elf64 {
                w.u32(s.p_flags);
            }
            w.word(if s.align == 0 { 8 } else { s.align });
        }
        for (s, &off) in self.segments.iter().zip(&seg_off) {
            if !s.data.is_empty() {
                w.pad_to(off);
                w.buf.extend_from_slice(&s.data);
            }
        }
        for (s, &off) in self.sections.iter().zip(&sec_off) {
            if !s.data.is_empty() {
                w.pad_to(off);
                w.buf.extend_from_slice(&s.data);
            }
        }
        w.pad_to(shstr_off);
        w.buf.extend_from_slice(&shstr);
        if shnum != 0 {
            w.pad_to(shoff);
            w.buf.extend(std::iter::repeat_n(0, shentsize));
            for ((s, &off), &name) in self.sections.iter().zip(&sec_off).zip(&name_off) {
                w.shdr(
                    name as u32,
                    s.sh_type,
                    s.sh_flags,
                    off as u64,
                    s.data.len() as u64,
                    s,
                );
            }
            let strtab = Sec {
                sh_type: 3,
                align: 1,
                ..Sec::default()
            };
            w.shdr(
                shstr_name as u32,
                3,
                0,
                shstr_off as u64,
                shstr.len() as u64,
                &strtab,
            );
        }
        w.buf
    }
}

struct W {
    buf: Vec<u8>,
    big: bool,
    elf64: bool,
}

impl W {
    /// The low `width` bytes of `v` in the file's byte order.
    fn int(&mut self, v: u64, width: usize) {
        if self.big {
            self.buf.extend_from_slice(&v.to_be_bytes()[8 - width..]);
        } else {
            self.buf.extend_from_slice(&v.to_le_bytes()[..width]);
        }
    }
    fn u16(&mut self, v: u16) {
        self.int(v.into(), 2);
    }
    fn u32(&mut self, v: u32) {
        self.int(v.into(), 4);
    }
    fn u64(&mut self, v: u64) {
        self.int(v, 8);
    }
    fn word(&mut self, v: u64) {
        if self.elf64 {
            self.u64(v);
        } else {
            self.u32(v as u32);
        }
    }
    fn pad_to(&mut self, off: usize) {
        assert!(self.buf.len() <= off);
        self.buf.resize(off, 0);
    }
    fn shdr(&mut self, name: u32, ty: u32, flags: u64, off: u64, size: u64, s: &Sec) {
        self.u32(name);
        self.u32(ty);
        self.word(flags);
        self.word(0);
        self.word(off);
        self.word(size);
        self.u32(s.link);
        self.u32(s.info);
        self.word(s.align);
        self.word(s.entsize);
    }
}

/// Encode records with a fresh writer of the file's class and byte order.
fn bytes(elf: &Elf, f: impl FnOnce(&mut W)) -> Vec<u8> {
    let mut w = W {
        buf: Vec::new(),
        big: elf.big,
        elf64: elf.elf64,
    };
    f(&mut w);
    w.buf
}

fn sym(w: &mut W, name: u32, info: u8, other: u8, shndx: u16) {
    w.u32(name);
    if w.elf64 {
        w.buf.push(info);
        w.buf.push(other);
        w.u16(shndx);
        w.u64(0);
        w.u64(0);
    } else {
        w.u32(0);
        w.u32(0);
        w.buf.push(info);
        w.buf.push(other);
        w.u16(shndx);
    }
}

fn note(w: &mut W, name: &[u8], n_type: u32, desc: &[u8]) {
    w.u32(name.len() as u32);
    w.u32(desc.len() as u32);
    w.u32(n_type);
    w.buf.extend_from_slice(name);
    while w.buf.len() % 4 != 0 {
        w.buf.push(0);
    }
    w.buf.extend_from_slice(desc);
    while w.buf.len() % 4 != 0 {
        w.buf.push(0);
    }
}

/// Machine numbers above 0x400 that binutils 2.40 defines.
const HIGH_MACHINES: [u16; 28] = [
    4183, 4185, 4643, 9520, 13104, 16727, 18056, 19951, 21569, 23205, 30288, 30326, 33303, 36901,
    36902, 36929, 36992, 41872, 43975, 44357, 47787, 48879, 57005, 61453, 65200, 65210, 65211,
    65261,
];

fn all_machines() -> Vec<u16> {
    let mut v: Vec<u16> = (0..=0x400).collect();
    v.extend(HIGH_MACHINES);
    v
}

fn padded(name: &str) -> String {
    format!("{name:<17}")
}

// ---------------------------------------------------------------------------------------
// -h

fn file_header() {
    let dir = Scratch::new("hdr");
    let mut m = Mismatches::default();

    // Every machine.
    let machines = all_machines();
    let files: Vec<PathBuf> = machines
        .iter()
        .map(|&e| dir.write(&format!("m{e}"), &Elf::new(e).build()))
        .collect();
    for (out, &e) in readelf_each(&["-h"], &files).iter().zip(&machines) {
        let got = field(out, "Machine:");
        m.equal(&format!("machine {e:#x}"), got, &names::machine_text(e));
    }

    // OS/ABI on the machines that have their own values.
    let mut cases = Vec::new();
    for &e in &[0u16, 62, 40, 224, 105, 0x1059, 221, 140] {
        for osabi in 0..=255u8 {
            let mut elf = Elf::new(e);
            elf.osabi = osabi;
            cases.push((e, osabi, dir.write(&format!("o{e}-{osabi}"), &elf.build())));
        }
    }
    let files: Vec<PathBuf> = cases.iter().map(|c| c.2.clone()).collect();
    for (out, (e, osabi, _)) in readelf_each(&["-h"], &files).iter().zip(&cases) {
        let got = field(out, "OS/ABI:");
        m.equal(
            &format!("osabi {osabi} machine {e}"),
            got,
            &names::osabi_text(*osabi, *e),
        );
    }

    // Class, data, version, type.
    let mut cases = Vec::new();
    for (i, (class, data, version, e_type)) in [
        (1u8, 1u8, 1u8, 0u16),
        (2, 2, 0, 1),
        (1, 0, 2, 2),
        (2, 1, 1, 3),
        (2, 1, 1, 4),
        (2, 1, 1, 5),
        (2, 1, 255, 0xfe00),
        (2, 1, 1, 0xfeff),
        (2, 1, 1, 0xff00),
        (2, 1, 1, 0xffff),
        (2, 1, 1, 0x1234),
        (2, 3, 1, 0xff42),
    ]
    .into_iter()
    .enumerate()
    {
        let mut elf = Elf::new(62);
        elf.class = Some(class);
        elf.elf64 = class == 2;
        elf.data_byte = Some(data);
        elf.big = data == 2;
        elf.version = version;
        elf.e_type = e_type;
        cases.push((
            class,
            data,
            version,
            e_type,
            dir.write(&format!("c{i}"), &elf.build()),
        ));
    }
    let files: Vec<PathBuf> = cases.iter().map(|c| c.4.clone()).collect();
    for (out, (class, data, version, e_type, _)) in readelf_each(&["-h"], &files).iter().zip(&cases)
    {
        m.equal("class", field(out, "Class:"), &names::class_text(*class));
        m.equal("data", field(out, "Data:"), &names::data_text(*data));
        m.equal(
            "version",
            field(out, "Version:"),
            &names::version_text(*version),
        );
        m.equal(
            "type",
            field(out, "Type:"),
            &names::file_type_text(*e_type, false),
        );
    }

    // PIE: the first DT_FLAGS_1 before DT_NULL decides.
    let mut cases = Vec::new();
    for (i, tags) in [
        vec![(0x6fff_fffbu64, 0x0800_0001u64), (0, 0)],
        vec![
            (0x1e, 8),
            (0x6fff_fffb, 1),
            (0x6fff_fffb, 0x0800_0000),
            (0, 0),
        ],
        vec![(0x1e, 8), (0, 0), (0x6fff_fffb, 0x0800_0000)],
        vec![(0x15, 0), (0x6fff_fffb, 0x0800_0000), (0, 0)],
    ]
    .into_iter()
    .enumerate()
    {
        let mut elf = Elf::new(62);
        elf.e_type = 3;
        let dynamic = bytes(&elf, |w| {
            for &(t, v) in &tags {
                w.u64(t);
                w.u64(v);
            }
        });
        elf.segments.push(Seg {
            p_type: 2,
            p_flags: 6,
            data: dynamic,
            align: 8,
        });
        let pie = names::is_pie(tags.iter().map(|&(t, v)| (t as i64, v)));
        cases.push((pie, dir.write(&format!("pie{i}"), &elf.build())));
    }
    let files: Vec<PathBuf> = cases.iter().map(|c| c.1.clone()).collect();
    for (out, (pie, _)) in readelf_each(&["-h"], &files).iter().zip(&cases) {
        m.equal("pie", field(out, "Type:"), &names::file_type_text(3, *pie));
    }
    m.finish("file header", 3000);
}

fn field<'a>(out: &'a str, label: &str) -> Option<&'a str> {
    out.lines()
        .find(|l| l.trim_start().starts_with(label))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim())
}

// ---------------------------------------------------------------------------------------
// -S, -t

/// Machines with their own section, segment or flag names, and a few without.
const SECTION_MACHINES: [u16; 25] = [
    0, 2, 3, 8, 36, 10, 15, 20, 40, 43, 45, 50, 62, 87, 93, 105, 140, 180, 181, 183, 195, 243, 250,
    252, 36992,
];

fn section_type_values() -> Vec<u32> {
    let mut v: Vec<u32> = (0..=0x20).collect();
    v.extend([
        0x5fff_ffff,
        0x6fff_4700,
        0x6fff_4701,
        0x7800_0000,
        0x7803_0000,
        0x780c_0000,
    ]);
    v.extend([
        0x78ff_0000,
        0x7861_0000,
        0x7900_0000,
        0x7fff_fffc,
        0x8000_0000,
        0x8000_0001,
    ]);
    v.extend([0x8000_0100, 0xa000_0000, 0xffff_ffff]);
    v.extend(0x6000_0000..=0x6000_0010);
    v.extend(0x6fff_ffe0..=0x6fff_ffff);
    v.extend(0x7000_0000..=0x7000_0030);
    v.extend(0x7f00_0000..=0x7f00_0008);
    v.extend(0x7fff_fffd..=0x7fff_ffff);
    v
}

fn section_types() {
    let dir = Scratch::new("sht");
    let types = section_type_values();
    let mut cases = Vec::new();
    for &e in &SECTION_MACHINES {
        let osabis: &[u8] = if e == 50 {
            &[0, 1, 3, 6, 13]
        } else {
            &[0, 3, 6]
        };
        for &osabi in osabis {
            let mut elf = Elf::new(e);
            elf.osabi = osabi;
            for (i, &t) in types.iter().enumerate() {
                elf.sections.push(Sec {
                    name: format!("s{i}"),
                    sh_type: t,
                    ..Sec::default()
                });
            }
            cases.push((e, osabi, dir.write(&format!("t{e}-{osabi}"), &elf.build())));
        }
    }
    let files: Vec<PathBuf> = cases.iter().map(|c| c.2.clone()).collect();
    let mut m = Mismatches::default();
    for (out, (e, osabi, _)) in readelf_each(&["-S", "-W"], &files).iter().zip(&cases) {
        let lines = section_lines(out);
        for (i, &t) in types.iter().enumerate() {
            let expected = format!(
                "  [{:2}] {} {:<15} {:016x} ",
                i + 1,
                padded(&format!("s{i}")),
                names::section_type_text(t, *e, *osabi),
                0
            );
            m.prefix(
                &format!("machine {e} osabi {osabi} sh_type {t:#x}"),
                lines.get(i + 1).copied(),
                &expected,
            );
        }
    }
    m.finish("section types", 10_000);
}

fn section_lines(out: &str) -> Vec<&str> {
    out.lines()
        .filter(|l| l.starts_with("  [") && !l.starts_with("  [Nr]"))
        .collect()
}

fn section_flag_values() -> Vec<u64> {
    let mut v: Vec<u64> = (0..64).map(|i| 1u64 << i).collect();
    v.extend([
        0x0ff0_0000,
        0xf000_0000,
        0x3000_0000,
        0x0030_0000,
        0x0130_0000,
        0x7,
    ]);
    v.extend([
        0x1000_0003,
        0x8000_0000_0000_0000,
        0xffff_ffff_0000_0000,
        0x40_0002,
        0x6000_0001,
    ]);
    v
}

fn section_flags() {
    let dir = Scratch::new("shf");
    let flags = section_flag_values();
    let mut cases = Vec::new();
    for &e in &[62u16, 3, 6, 40, 20, 50, 2, 43, 18, 11, 8, 183] {
        for &osabi in &[0u8, 3, 9, 6, 13] {
            for elf64 in [true, false] {
                let mut elf = Elf::new(e);
                elf.osabi = osabi;
                elf.elf64 = elf64;
                for (i, &f) in flags.iter().enumerate() {
                    let f = if elf64 { f } else { f & 0xffff_ffff };
                    elf.sections.push(Sec {
                        name: format!("f{i}"),
                        sh_type: 1,
                        sh_flags: f,
                        ..Sec::default()
                    });
                }
                cases.push((
                    e,
                    osabi,
                    elf64,
                    dir.write(&format!("f{e}-{osabi}-{elf64}"), &elf.build()),
                ));
            }
        }
    }
    let files: Vec<PathBuf> = cases.iter().map(|c| c.3.clone()).collect();
    let mut m = Mismatches::default();
    let letters = readelf_each(&["-S", "-W"], &files);
    let words = readelf_each(&["-t"], &files);
    for ((out, details), (e, osabi, elf64, _)) in letters.iter().zip(&words).zip(&cases) {
        let lines = section_lines(out);
        let word_lines: Vec<&str> = details
            .lines()
            .filter(|l| l.starts_with("       [") && l.contains("]: "))
            .collect();
        let w = if *elf64 { 16 } else { 8 };
        for (i, &f) in flags.iter().enumerate() {
            let f = if *elf64 { f } else { f & 0xffff_ffff };
            let expected = format!(
                "  [{:2}] {} {:<15} {:0w$x} {:06x} {:06x} {:02x} {:>3} ",
                i + 1,
                padded(&format!("f{i}")),
                "PROGBITS",
                0,
                0,
                0,
                0,
                names::section_flags_letters(f, *e, *osabi),
            );
            let ctx = format!("machine {e} osabi {osabi} elf64 {elf64} flags {f:#x}");
            m.prefix(&ctx, lines.get(i + 1).copied(), &expected);
            let words = names::section_flags_words(f, *e, *osabi, *elf64);
            m.equal(&ctx, word_lines.get(i + 1).map(|l| l.trim_start()), &words);
        }
    }
    m.finish("section flags", 15_000);
}

// ---------------------------------------------------------------------------------------
// -l

fn segment_types() {
    let dir = Scratch::new("pt");
    let mut types: Vec<u32> = (0..=0x10).collect();
    types.extend(0x6000_0000..=0x6000_0016);
    types.extend(0x6474_e550..=0x6474_e556);
    types.extend([
        0x5fff_ffff,
        0x6464_e550,
        0x6474_f554,
        0x6474_f555,
        0x65a3_dbe6,
        0x65a3_dbe7,
    ]);
    types.extend([0x65a4_1be6, 0x7fff_ffff, 0x8000_0000, 0xffff_ffff]);
    types.extend(0x6fff_fff7..=0x6fff_ffff);
    types.extend(0x7000_0000..=0x7000_0008);
    let mut cases = Vec::new();
    for &e in &[62u16, 183, 40, 8, 10, 15, 50, 140, 22, 0xa390, 243, 2] {
        for &osabi in &[0u8, 3, 9, 1, 6] {
            let mut elf = Elf::new(e);
            elf.osabi = osabi;
            elf.e_type = 2;
            for &t in &types {
                elf.segments.push(Seg {
                    p_type: t,
                    p_flags: t & 7,
                    ..Seg::default()
                });
            }
            cases.push((e, osabi, dir.write(&format!("p{e}-{osabi}"), &elf.build())));
        }
    }
    let files: Vec<PathBuf> = cases.iter().map(|c| c.2.clone()).collect();
    let mut m = Mismatches::default();
    for (out, (e, osabi, _)) in readelf_each(&["-l", "-W"], &files).iter().zip(&cases) {
        let lines = common::segment_rows(out);
        for (i, &t) in types.iter().enumerate() {
            let name = names::segment_type_text(t, *e, *osabi);
            let expected = format!("  {name:<14.14} 0x000000 ");
            let ctx = format!("machine {e} osabi {osabi} p_type {t:#x}");
            m.prefix(&ctx, lines.get(i).copied(), &expected);
            let flg = format!(" {} 0x8", names::segment_flags_text(t & 7));
            m.prefix(
                &ctx,
                lines.get(i).map(|l| if l.ends_with(&flg) { "" } else { l }),
                "",
            );
        }
    }
    m.finish("segment types", 5_000);
}

// ---------------------------------------------------------------------------------------
// -d

fn dynamic_file(e: u16, osabi: u8, tags: &[(u64, u64)]) -> Elf {
    let mut elf = Elf::new(e);
    elf.osabi = osabi;
    elf.e_type = 3;
    let data = bytes(&elf, |w| {
        for &(t, v) in tags {
            w.u64(t);
            w.u64(v);
        }
        w.u64(0);
        w.u64(0);
    });
    elf.segments.push(Seg {
        p_type: 2,
        p_flags: 6,
        data,
        align: 8,
    });
    elf
}

fn dynamic_lines(out: &str) -> Vec<&str> {
    out.lines().filter(|l| l.starts_with(" 0x")).collect()
}

fn dynamic_tags() {
    let dir = Scratch::new("dt");
    let mut tags: Vec<u64> = (1..=0x40).collect();
    tags.extend(0x6000_0000..=0x6000_0060);
    tags.extend(0x6fff_efff..=0x6fff_f001);
    tags.extend(0x6fff_fdf0..=0x6fff_fe01);
    tags.extend(0x6fff_fef0..=0x6fff_ff00);
    tags.extend(0x6fff_fff0..=0x6fff_ffff);
    tags.extend(0x7000_0000..=0x7000_0040);
    tags.extend(0x7fff_fff0..=0x7fff_ffff);
    tags.extend([0x5fff_ffff, 0x8000_0000, 0x1_0000_0000, u64::MAX]);
    // Tags whose values readelf follows into the file; 0 values keep that harmless.
    let list: Vec<(u64, u64)> = tags.iter().map(|&t| (t, 0)).collect();
    let mut cases = Vec::new();
    for &e in &[
        62u16, 183, 8, 10, 43, 20, 21, 50, 0x9026, 135, 140, 113, 243, 15, 2,
    ] {
        for &osabi in &[0u8, 6] {
            let elf = dynamic_file(e, osabi, &list);
            cases.push((e, osabi, dir.write(&format!("d{e}-{osabi}"), &elf.build())));
        }
    }
    let files: Vec<PathBuf> = cases.iter().map(|c| c.2.clone()).collect();
    let mut m = Mismatches::default();
    for (out, (e, osabi, _)) in readelf_each(&["-d"], &files).iter().zip(&cases) {
        let lines = dynamic_lines(out);
        for (i, &t) in tags.iter().enumerate() {
            let expected = format!(" 0x{t:016x} ({})", names::dynamic_tag_text(t, *e, *osabi));
            m.prefix(
                &format!("machine {e} osabi {osabi} d_tag {t:#x}"),
                lines.get(i).copied(),
                &expected,
            );
        }
    }

    // Flag words.
    let values: Vec<u64> = [
        0u64,
        1,
        2,
        3,
        0x18,
        0x1f,
        0x20,
        0x21,
        0x0800_0001,
        0x7fff_ffff,
    ]
    .into_iter()
    .chain((0..40).map(|i| 1u64 << i))
    .chain([0xffff_ffff_ffff_ffff])
    .collect();
    type FlagText = fn(u64) -> String;
    let kinds: [(u64, u16, FlagText); 6] = [
        (0x1e, 62, names::dt_flags_text),
        (0x6fff_fffb, 62, names::dt_flags_1_text),
        (0x6fff_fdfd, 62, names::dt_posflag_1_text),
        (0x6fff_fdfc, 62, names::dt_feature_1_text),
        (0x6fff_fdf4, 62, names::dt_gnu_flags_1_text),
        (0x7000_0005, 8, names::dt_mips_flags_text),
    ];
    let mut cases = Vec::new();
    for (k, &(tag, e, _)) in kinds.iter().enumerate() {
        let list: Vec<(u64, u64)> = values.iter().map(|&v| (tag, v)).collect();
        cases.push(dir.write(&format!("flags{k}"), &dynamic_file(e, 0, &list).build()));
    }
    for (out, &(tag, _, text)) in readelf_each(&["-d"], &cases).iter().zip(&kinds) {
        let lines = dynamic_lines(out);
        for (i, &v) in values.iter().enumerate() {
            let got = lines.get(i).map(|l| {
                let rest = l.split_once(')').map_or("", |(_, r)| r);
                rest.trim_start()
            });
            m.equal(&format!("d_tag {tag:#x} value {v:#x}"), got, &text(v));
        }
    }
    m.finish("dynamic tags", 8_000);
}

// ---------------------------------------------------------------------------------------
// -s

fn symbols() {
    let dir = Scratch::new("sym");
    let mut shndxs: Vec<u16> = (0..=12).collect();
    shndxs.extend([
        0x100, 0xfeff, 0xfff0, 0xfff1, 0xfff2, 0xfff3, 0xfffe, 0xffff,
    ]);
    shndxs.extend(0xff00..=0xff42);
    // (st_info, st_other, st_shndx)
    let mut syms: Vec<(u8, u8, u16)> = Vec::new();
    syms.extend((0..=255u8).map(|i| (i, 0, 1)));
    syms.extend((0..=255u8).map(|o| (0x12, o, 1)));
    syms.extend(shndxs.iter().map(|&x| (0x11, 0, x)));
    let cases_spec: &[(u16, u8, u16)] = &[
        (62, 0, 1),
        (62, 3, 1),
        (62, 9, 1),
        (62, 6, 1),
        (3, 3, 2),
        (40, 0, 1),
        (43, 0, 1),
        (15, 0, 1),
        (15, 3, 1),
        (8, 0, 1),
        (183, 0, 1),
        (21, 0, 1),
        (243, 0, 1),
        (0x9026, 0, 1),
        (50, 13, 1),
        (50, 13, 2),
        (50, 1, 1),
        (140, 0, 1),
        (2, 0, 1),
        (181, 0, 3),
    ];
    let mut cases = Vec::new();
    for &(e, osabi, e_type) in cases_spec {
        let mut elf = Elf::new(e);
        elf.osabi = osabi;
        elf.e_type = e_type;
        let symtab = bytes(&elf, |w| {
            for &(info, other, shndx) in &syms {
                sym(w, 1, info, other, shndx);
            }
        });
        let entsize = if elf.elf64 { 24 } else { 16 };
        elf.sections.push(Sec {
            name: ".text".into(),
            sh_type: 1,
            sh_flags: 6,
            ..Sec::default()
        });
        elf.sections.push(Sec {
            name: ".symtab".into(),
            sh_type: 2,
            data: symtab,
            link: 3,
            info: 0,
            align: 8,
            entsize,
            ..Sec::default()
        });
        elf.sections.push(Sec {
            name: ".strtab".into(),
            sh_type: 3,
            data: b"\0x\0".to_vec(),
            align: 1,
            ..Sec::default()
        });
        cases.push((
            e,
            osabi,
            e_type,
            dir.write(&format!("s{e}-{osabi}-{e_type}"), &elf.build()),
        ));
    }
    let files: Vec<PathBuf> = cases.iter().map(|c| c.3.clone()).collect();
    let mut m = Mismatches::default();
    for (out, (e, osabi, e_type, _)) in readelf_each(&["-s", "-W"], &files).iter().zip(&cases) {
        let lines: Vec<&str> = out
            .lines()
            .filter(|l| {
                l.split_once(':')
                    .is_some_and(|(n, _)| n.trim().parse::<u32>().is_ok())
            })
            .collect();
        // .text, .symtab, .strtab, .shstrtab and the null section.
        let count = 5;
        for (i, &(info, other, shndx)) in syms.iter().enumerate() {
            let vis = names::symbol_visibility(other, *osabi);
            let rest = other ^ (other & 3);
            let other_text = if *osabi != 6 && rest != 0 {
                format!(
                    " [{}] ",
                    names::symbol_other_text(rest, *e, *osabi, *e_type)
                )
            } else {
                String::new()
            };
            let expected = format!(
                "{i:6}: {:016x} {:5} {:<7} {:<6} {vis:<7}{other_text} {:>4} x",
                0,
                0,
                names::symbol_type_text(info & 0xf, *e, *osabi),
                names::symbol_bind_text(info >> 4, *osabi),
                names::section_index_text(names::widen_shndx(shndx), *e, *osabi, count),
            );
            let ctx = format!(
                "machine {e} osabi {osabi} info {info:#x} other {other:#x} shndx {shndx:#x}"
            );
            m.equal(&ctx, lines.get(i).copied(), &expected);
        }
    }
    m.finish("symbols", 10_000);
}

// ---------------------------------------------------------------------------------------
// -r

fn relocations() {
    let dir = Scratch::new("rel");
    let mut types: Vec<u32> = (0..=300).collect();
    types.extend(1024..=1040);
    types.extend(0x7000_0000..=0x7000_0020);
    types.extend([0xffff, 0xffff_ffff]);
    // (e_machine, e_flags, osabi): every machine, plus MSP430 and NFP variants.
    let mut specs: Vec<(u16, u32, u8)> = all_machines().into_iter().map(|e| (e, 0, 0)).collect();
    specs.extend([(105, 0, 255), (105, 45, 255), (250, 0x32_0000, 0)]);
    let mut cases = Vec::new();
    for &(e, flags, osabi) in &specs {
        let mut elf = Elf::new(e);
        elf.e_flags = flags;
        elf.osabi = osabi;
        // 64-bit MIPS and SPARC v9 keep only 8 bits of type: test them as ELF32.
        let narrow = matches!(e, 8 | 10 | 43);
        if narrow {
            elf.elf64 = false;
            elf.big = e != 10;
        }
        let list: Vec<u32> = types
            .iter()
            .copied()
            .filter(|&t| !narrow || t < 256)
            .collect();
        let rela = bytes(&elf, |w| {
            for (i, &t) in list.iter().enumerate() {
                w.word(i as u64);
                w.word(u64::from(t));
                w.word(0);
            }
        });
        let entsize = if elf.elf64 { 24 } else { 12 };
        elf.sections.push(Sec {
            name: ".rela.x".into(),
            sh_type: 4,
            data: rela,
            align: 8,
            entsize,
            ..Sec::default()
        });
        cases.push((
            e,
            flags,
            osabi,
            list,
            dir.write(&format!("r{e}-{flags}-{osabi}"), &elf.build()),
        ));
    }
    let files: Vec<PathBuf> = cases.iter().map(|c| c.4.clone()).collect();
    let mut m = Mismatches::default();
    for (out, (e, flags, osabi, list, _)) in readelf_each(&["-r", "-W"], &files).iter().zip(&cases)
    {
        let elf64 = list.len() == types.len();
        let w = if elf64 { 16 } else { 8 };
        let lines: Vec<&str> = out
            .lines()
            .filter(|l| l.len() > w && l.as_bytes()[..w].iter().all(u8::is_ascii_hexdigit))
            .collect();
        for (i, &t) in list.iter().enumerate() {
            let ty = match names::reloc_type_for(*e, *flags, *osabi, t) {
                Some(n) => format!("{n:<22}"),
                None => names::reloc_unrecognized_text(t),
            };
            let expected = format!("{i:0w$x}  {:0w$x} {ty}", t);
            m.prefix(
                &format!("machine {e} flags {flags:#x} osabi {osabi} r_type {t}"),
                lines.get(i).copied(),
                &expected,
            );
        }
    }
    m.finish("relocations", 100_000);
}

/// Unnamed section symbols with special indexes show special names in `readelf -r`.
fn relocation_section_symbols() {
    let dir = Scratch::new("rsym");
    let shndxs: Vec<u16> = vec![
        0xfff1, 0xfff2, 0xff00, 0xff01, 0xff02, 0xff03, 0xff04, 0xff20, 0xff3f, 0xffff,
    ];
    let mut cases = Vec::new();
    for &(e, osabi) in &[(62u16, 0u8), (8, 0), (140, 0), (50, 1), (50, 13), (3, 0)] {
        let mut elf = Elf::new(e);
        elf.osabi = osabi;
        elf.elf64 = false;
        let symtab = bytes(&elf, |w| {
            sym(w, 0, 0, 0, 0);
            for &x in &shndxs {
                sym(w, 0, 3, 0, x);
            }
        });
        let rel = bytes(&elf, |w| {
            for i in 0..shndxs.len() {
                w.u32(0);
                w.u32(((i as u32 + 1) << 8) | 1);
            }
        });
        elf.sections.push(Sec {
            name: ".symtab".into(),
            sh_type: 2,
            data: symtab,
            link: 2,
            info: 1,
            align: 4,
            entsize: 16,
            ..Sec::default()
        });
        elf.sections.push(Sec {
            name: ".strtab".into(),
            sh_type: 3,
            data: vec![0],
            align: 1,
            ..Sec::default()
        });
        elf.sections.push(Sec {
            name: ".rel.x".into(),
            sh_type: 9,
            data: rel,
            link: 1,
            align: 4,
            entsize: 8,
            ..Sec::default()
        });
        cases.push((e, osabi, dir.write(&format!("rs{e}-{osabi}"), &elf.build())));
    }
    let files: Vec<PathBuf> = cases.iter().map(|c| c.2.clone()).collect();
    let mut m = Mismatches::default();
    for (out, (e, osabi, _)) in readelf_each(&["-r", "-W"], &files).iter().zip(&cases) {
        let lines: Vec<&str> = out
            .lines()
            .filter(|l| l.starts_with("00000000  "))
            .collect();
        for (i, &x) in shndxs.iter().enumerate() {
            let name = names::reloc_section_symbol_text(names::widen_shndx(x), *e, *osabi);
            let got = lines
                .get(i)
                .map(|l| l.rsplit("   ").next().unwrap_or("").trim_end());
            m.equal(
                &format!("machine {e} osabi {osabi} shndx {x:#x}"),
                got,
                &name,
            );
        }
    }
    m.finish("relocation section symbols", 50);
}

// ---------------------------------------------------------------------------------------
// -n

fn notes() {
    let dir = Scratch::new("nt");
    let owners: &[&[u8]] = &[
        b"",
        b"GNU\0",
        b"GNUx\0",
        b"AMDGPU\0",
        b"FreeBSD\0",
        b"NetBSD-CORE\0",
        b"OpenBSD\0",
        b"IPF/VMS\0",
        b"stapsdt\0",
        b"CORE\0",
        b"LINUX\0",
        b"Go\0",
        b"FDO\0",
        b"XYZ\0",
        b"SPU/abc\0",
    ];
    let mut types: Vec<u32> = (0..=0x30).collect();
    types.extend(0x100..=0x110);
    types.extend(0x200..=0x204);
    types.extend(0x300..=0x30d);
    types.extend(0x400..=0x40b);
    types.extend([
        0x600,
        0x900,
        0x4649_4c45,
        0x5349_4749,
        0x46e6_2b7f,
        0xff00_0000,
    ]);
    types.extend([0xcafe_1a7e, 0x1234_5678, 0xffff_ffff]);
    let mut cases = Vec::new();
    for &e in &[62u16, 2, 42] {
        for &e_type in &[1u16, 4] {
            let mut elf = Elf::new(e);
            elf.e_type = e_type;
            let mut list = Vec::new();
            let data = bytes(&elf, |w| {
                for &owner in owners {
                    for &t in &types {
                        note(w, owner, t, &[]);
                        list.push((owner, t));
                    }
                }
            });
            if e_type == 4 {
                // readelf reads a core file's notes from its PT_NOTE segments.
                elf.segments.push(Seg {
                    p_type: 4,
                    p_flags: 4,
                    data,
                    align: 4,
                });
            } else {
                elf.sections.push(Sec {
                    name: ".note".into(),
                    sh_type: 7,
                    data,
                    align: 4,
                    ..Sec::default()
                });
            }
            cases.push((
                e,
                e_type,
                list,
                dir.write(&format!("n{e}-{e_type}"), &elf.build()),
            ));
        }
    }
    let files: Vec<PathBuf> = cases.iter().map(|c| c.3.clone()).collect();
    let mut m = Mismatches::default();
    for (out, (e, e_type, list, _)) in readelf_each(&["-n"], &files).iter().zip(&cases) {
        let lines: Vec<&str> = out
            .lines()
            .filter(|l| l.contains(" 0x00000000\t"))
            .collect();
        for (i, &(owner, t)) in list.iter().enumerate() {
            let got = lines.get(i).and_then(|l| l.split('\t').nth(1));
            let want = names::note_type_text(owner, t, *e_type, *e);
            let ctx = format!(
                "machine {e} e_type {e_type} owner {:?} n_type {t:#x}",
                String::from_utf8_lossy(owner)
            );
            m.equal(&ctx, got, &want);
        }
    }
    m.finish("notes", 9_000);
}

fn gnu_properties() {
    let dir = Scratch::new("prop");
    let pr_types: Vec<u32> = vec![
        0xc000_0000,
        0xc000_0001,
        0xc000_0002,
        0xc000_8000,
        0xc000_8001,
        0xc000_8002,
        0xc001_0000,
        0xc001_0001,
        0xc001_0002,
        0xb000_8000,
    ];
    let masks: Vec<u32> = std::iter::once(0)
        .chain((0..32).map(|i| 1u32 << i))
        .chain([3, 0xf0f0])
        .collect();
    let mut cases = Vec::new();
    for &e in &[62u16, 3, 6, 183, 40] {
        let mut elf = Elf::new(e);
        elf.elf64 = !matches!(e, 3 | 6 | 40);
        let mut list = Vec::new();
        let data = bytes(&elf, |w| {
            for &t in &pr_types {
                for &mask in &masks {
                    let mut desc = Vec::new();
                    let mut d = W {
                        buf: Vec::new(),
                        big: false,
                        elf64: w.elf64,
                    };
                    d.u32(t);
                    d.u32(4);
                    d.u32(mask);
                    desc.extend(d.buf);
                    while desc.len() % if w.elf64 { 8 } else { 4 } != 0 {
                        desc.push(0);
                    }
                    note(w, b"GNU\0", 5, &desc);
                    list.push((t, mask));
                }
            }
        });
        let align = if elf.elf64 { 8 } else { 4 };
        elf.sections.push(Sec {
            name: ".note.gnu.property".into(),
            sh_type: 7,
            data,
            align,
            ..Sec::default()
        });
        cases.push((e, list, dir.write(&format!("g{e}"), &elf.build())));
    }
    let files: Vec<PathBuf> = cases.iter().map(|c| c.2.clone()).collect();
    let mut m = Mismatches::default();
    for (out, (e, list, _)) in readelf_each(&["-n"], &files).iter().zip(&cases) {
        let lines: Vec<&str> = out
            .lines()
            .filter_map(|l| l.strip_prefix("      Properties: "))
            .collect();
        for (i, &(t, mask)) in list.iter().enumerate() {
            let Some((label, bits)) = names::gnu_property_bits(t, *e) else {
                continue;
            };
            let want = format!("{label}: {}", bits.text(mask));
            m.equal(
                &format!("machine {e} pr_type {t:#x} mask {mask:#x}"),
                lines.get(i).copied(),
                &want,
            );
        }
    }
    m.finish("GNU properties", 1_000);
}

fn main() {
    let mut t = Trials::new();
    t.add_fn("file_header", &[Need::Gnu240("readelf")], file_header);
    t.add_fn("section_types", &[Need::Gnu240("readelf")], section_types);
    t.add_fn("section_flags", &[Need::Gnu240("readelf")], section_flags);
    t.add_fn("segment_types", &[Need::Gnu240("readelf")], segment_types);
    t.add_fn("dynamic_tags", &[Need::Gnu240("readelf")], dynamic_tags);
    t.add_fn("symbols", &[Need::Gnu240("readelf")], symbols);
    t.add_fn("relocations", &[Need::Gnu240("readelf")], relocations);
    t.add_fn(
        "relocation_section_symbols",
        &[Need::Gnu240("readelf")],
        relocation_section_symbols,
    );
    t.add_fn("notes", &[Need::Gnu240("readelf")], notes);
    t.add_fn("gnu_properties", &[Need::Gnu240("readelf")], gnu_properties);
    t.run()
}
