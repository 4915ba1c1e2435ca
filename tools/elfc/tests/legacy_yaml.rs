//! The legacy Elftoolchain YAML descriptions (`tests/legacy/*.yaml`, copied verbatim from
//! Elftoolchain's `test/libelf/tset/common`), each compiled in its four class/byte-order
//! variants: structural checks with libelf, then live GNU `readelf -a -W` (skipped
//! without it).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::path::{Path, PathBuf};
use std::process::Command;

use libelf::{Class, ElfFile, Endian};

fn legacy_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/legacy")
}

const VARIANTS: [(Class, Endian, &str); 4] = [
    (Class::Elf32, Endian::Little, "lsb32"),
    (Class::Elf64, Endian::Little, "lsb64"),
    (Class::Elf32, Endian::Big, "msb32"),
    (Class::Elf64, Endian::Big, "msb64"),
];

/// Every description, by file stem.
fn descriptions() -> Vec<(String, String)> {
    let mut v: Vec<(String, String)> = std::fs::read_dir(legacy_dir())
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .map(|p| {
            (
                p.file_stem().unwrap().to_string_lossy().into_owned(),
                std::fs::read_to_string(&p).unwrap(),
            )
        })
        .collect();
    v.sort();
    v
}

fn compile(stem: &str, text: &str, class: Class, endian: Endian) -> Vec<u8> {
    let opts = elfc::Options::new()
        .with_class(class)
        .with_endian(endian)
        .with_file_name(format!("{stem}.yaml"));
    elfc::compile_yaml(text, &opts).unwrap_or_else(|e| panic!("{e}"))
}

/// The ELF header fields, read by hand so that objects libelf would refuse still check:
/// `[e_type, e_machine, e_version, e_entry, e_phoff, e_shoff, e_flags, e_ehsize,
/// e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx]`.
fn ehdr(b: &[u8]) -> [u64; 13] {
    let wide = b[4] == 2;
    let big = b[5] == 2;
    let mut off = 16;
    let mut take = |n: usize| {
        let s = &b[off..off + n];
        off += n;
        let mut v = 0u64;
        for i in 0..n {
            let byte = if big { s[i] } else { s[n - 1 - i] };
            v = v << 8 | u64::from(byte);
        }
        v
    };
    let a = if wide { 8 } else { 4 };
    [
        take(2),
        take(2),
        take(4),
        take(a),
        take(a),
        take(a),
        take(4),
        take(2),
        take(2),
        take(2),
        take(2),
        take(2),
        take(2),
    ]
}

/// `(index, name, type, size)` of sections as described.
type Sec = (usize, &'static str, u32, u64);

const NULL: u32 = 0;
const PROGBITS: u32 = 1;
const STRTAB: u32 = 3;
const NOBITS: u32 = 8;
const VERDEF: u32 = 0x6fff_fffd;
const VERNEED: u32 = 0x6fff_fffe;

/// What each description says about its sections (empty: no section header table).
fn expected_sections(stem: &str) -> Vec<Sec> {
    match stem {
        "newscn" | "newscn2" => vec![
            (0, "", NULL, 0),
            (1, ".shstrtab", STRTAB, 1 + 10 + 8),
            (2, ".foobar", PROGBITS, 8),
        ],
        "rdwr" | "rdwr1" => vec![
            (0, "", NULL, 0),
            (1, ".progbits", PROGBITS, 11),
            (2, ".shstrtab", STRTAB, 1 + 10 + 10),
        ],
        "rdwr2" => vec![
            (0, "", NULL, 0),
            (1, ".progbits", PROGBITS, 24),
            (2, ".shstrtab", STRTAB, 1 + 10 + 10),
        ],
        "shdr" => vec![
            (0, "", NULL, 0),
            (1, ".shstrtab", STRTAB, 1 + 10 + 8 + 19),
            (2, ".dynsym", PROGBITS, 0),
        ],
        "u1" => vec![(0, "", NULL, 0), (1, ".shstrtab", STRTAB, 11)],
        "versioning" => vec![
            (0, "", NULL, 0),
            (1, ".gnu.version_d", VERDEF, 20 + 8),
            (2, ".gnu.version_r", VERNEED, 16 + 16),
            (3, ".shstrtab", STRTAB, 1 + 10 + 15 + 15),
        ],
        "xscn-1" => vec![(0, "", PROGBITS, 0), (1, ".shstrtab", STRTAB, 11)],
        "xscn-2" => vec![(0, "", NULL, 65538), (65537, ".shstrtab", STRTAB, 11)],
        "xscn-3" => vec![(0, "", PROGBITS, 65538), (65537, ".shstrtab", STRTAB, 11)],
        "zerosection" => vec![
            (0, "", NULL, 0),
            (1, ".shstrtab", STRTAB, 1 + 10 + 13),
            (2, ".zerosection", NOBITS, 0),
        ],
        _ => Vec::new(),
    }
}

/// Structural checks of one compiled variant against its description.
fn check_structure(stem: &str, b: &[u8], class: Class, endian: Endian) {
    let wide = class == Class::Elf64;
    assert_eq!(&b[..4], b"\x7fELF", "{stem}");
    assert_eq!(b[4], if wide { 2 } else { 1 }, "{stem}: ei_class");
    assert_eq!(
        b[5],
        if endian == Endian::Big { 2 } else { 1 },
        "{stem}: ei_data"
    );
    let h = ehdr(b);
    let ones = if wide { u64::MAX } else { 0xffff_ffff };
    match stem {
        "check_elf" | "fsize" | "getclass" => {
            assert_eq!((b[7], b[8]), (9, 1), "{stem}: FreeBSD ABI 1");
            assert_eq!(
                (h[0], h[3], h[5], h[6], h[11]),
                (1, 0xdead_beef, 0, 3, 0),
                "{stem}"
            );
        }
        "ehdr" | "xlate" => {
            assert_eq!(
                h,
                [
                    1,
                    0x42,
                    1,
                    0xF0F0_F0F0,
                    0x0E0E_0E0E,
                    0xD0D0_D0D0,
                    0x4b,
                    0x0A0A,
                    0xB0B0,
                    0x0C0C,
                    0xD0D0,
                    0x0E0E,
                    0xF0F0
                ],
                "{stem}"
            );
        }
        "ehdr-malformed-1" => {
            assert_eq!(
                h,
                [
                    0xff03,
                    0x42,
                    0xffff_ffff,
                    ones,
                    ones,
                    ones,
                    0x4b,
                    62,
                    228,
                    0,
                    8192,
                    0,
                    0
                ],
                "{stem}"
            );
            assert_eq!(b.len(), if wide { 64 } else { 52 }, "{stem}: header only");
        }
        "newehdr" => assert_eq!((h[0], h[5], h[11]), (0, 0, 0), "{stem}"),
        "phdr" | "u1" => {
            let file = ElfFile::parse(b).unwrap();
            let ph = file.program_headers().unwrap();
            if stem == "phdr" {
                assert_eq!(ph.len(), 3);
                let got: Vec<_> = ph
                    .iter()
                    .map(|p| {
                        (
                            p.p_type, p.p_offset, p.p_vaddr, p.p_paddr, p.p_filesz, p.p_memsz,
                            p.p_flags, p.p_align,
                        )
                    })
                    .collect();
                assert_eq!(
                    got,
                    [
                        (0, 1, 2, 3, 4, 5, 1, 1),
                        (0x7000_0000, 6, 7, 8, 9, 10, 4, 4),
                        (3, 11, 12, 13, 14, 15, 2, 8)
                    ]
                );
            } else {
                assert_eq!(ph.len(), 1);
                assert_eq!(
                    (
                        ph[0].p_offset,
                        ph[0].p_vaddr,
                        ph[0].p_filesz,
                        ph[0].p_memsz,
                        ph[0].p_flags,
                        ph[0].p_align
                    ),
                    (0x0F0F_0F0F, 0xA0A0_A0A0, 0x1234, 0x5678, 5, 64)
                );
            }
            assert_eq!(h[4], if wide { 64 } else { 52 }, "{stem}: e_phoff");
        }
        _ => {}
    }
    let want = expected_sections(stem);
    if want.is_empty() {
        if !matches!(stem, "ehdr" | "xlate" | "ehdr-malformed-1") {
            assert_eq!((h[5], h[11]), (0, 0), "{stem}: no section header table");
        }
        return;
    }
    if stem == "xscn-1" {
        // e_shnum 0 with a section 0 that does not give the count: no section headers
        // to a reader, on purpose. Check the two headers by hand.
        assert_eq!(h[11], 0, "{stem}: e_shnum");
        let shoff = h[5] as usize;
        let entsize = h[10] as usize;
        for (i, _, ty, size) in want {
            let at = shoff + i * entsize + 4;
            let w = &b[at..at + 4];
            let t = if endian == Endian::Big {
                u32::from_be_bytes(w.try_into().unwrap())
            } else {
                u32::from_le_bytes(w.try_into().unwrap())
            };
            assert_eq!(t, ty, "{stem}: section {i} type");
            let _ = size;
        }
        return;
    }
    let file = ElfFile::parse(b).unwrap_or_else(|e| panic!("{stem}: {e}"));
    let count = want.last().unwrap().0 as u64 + 1;
    assert_eq!(file.section_count(), count, "{stem}: section count");
    let by_index: Vec<_> = file.sections().unwrap().collect();
    for (i, name, ty, size) in want {
        let s = &by_index[i];
        let h = s.header();
        assert_eq!(h.sh_type, ty, "{stem}: section {i} type");
        assert_eq!(h.sh_size, size, "{stem}: section {i} size");
        if !name.is_empty() {
            assert_eq!(s.name().unwrap(), name, "{stem}: section {i} name");
        }
    }
    // Contents as described.
    let data = |name: &[u8]| {
        file.section_by_name(name)
            .unwrap()
            .unwrap()
            .data()
            .unwrap()
            .to_vec()
    };
    match stem {
        "newscn" | "newscn2" => {
            let want: Vec<u8> = if endian == Endian::Big {
                [0x01234567u32.to_be_bytes(), 0x89ABCDEFu32.to_be_bytes()].concat()
            } else {
                [0x01234567u32.to_le_bytes(), 0x89ABCDEFu32.to_le_bytes()].concat()
            };
            assert_eq!(data(b".foobar"), want);
            if stem == "newscn" {
                assert_eq!(by_index[2].header().sh_offset, 2048);
            }
        }
        "rdwr2" => assert_eq!(data(b".progbits"), b"hello worldgoodbye world"),
        "rdwr" | "rdwr1" => {
            assert_eq!(data(b".progbits"), b"hello world");
            assert_eq!(h[0], if stem == "rdwr1" { 3 } else { 1 });
        }
        "shdr" => {
            let s1 = by_index[1].header();
            assert_eq!(
                (s1.sh_offset, s1.sh_link, s1.sh_info, s1.sh_flags),
                (256, u32::MAX, u32::MAX, 0x22)
            );
            let s2 = by_index[2].header();
            assert_eq!(
                (s2.sh_offset, s2.sh_link, s2.sh_info, s2.sh_addralign),
                (128, 0xdead_c0de, 0xcafe_babe, 8)
            );
            assert_eq!(
                data(b".shstrtab"),
                b"\0.shstrtab\0.dynsym\0yet another string\0"
            );
        }
        "versioning" => {
            let d = data(b".gnu.version_d");
            let half = |o: usize| {
                let w = [d[o], d[o + 1]];
                if endian == Endian::Big {
                    u16::from_be_bytes(w)
                } else {
                    u16::from_le_bytes(w)
                }
            };
            assert_eq!(
                (half(0), half(4), half(6)),
                (1, 1, 1),
                "vd_version, vd_ndx, vd_cnt"
            );
        }
        "xscn-2" | "xscn-3" => {
            assert_eq!((h[11], h[12]), (0, 0xffff), "{stem}: extended numbering");
            assert_eq!(file.shstrndx(), 65537);
            assert_eq!(by_index[0].header().sh_link, 65537);
            assert!(by_index[1..65537]
                .iter()
                .all(|s| *s.header() == Default::default()));
        }
        "zerosection" => assert_eq!(by_index[2].header().sh_offset, 2048),
        _ => {}
    }
}

#[test]
fn every_description_compiles_in_four_variants() {
    let all = descriptions();
    assert_eq!(all.len(), 20, "legacy descriptions found");
    for (stem, text) in &all {
        for (class, endian, _) in VARIANTS {
            let b = compile(stem, text, class, endian);
            check_structure(stem, &b, class, endian);
        }
    }
}

/// The readelf diagnostics each description asks for by the values it gives, so that
/// "clean" is checked everywhere else. Each line must appear; nothing else may.
fn intended_diagnostics(stem: &str, wide: bool) -> &'static [&'static str] {
    match stem {
        // Explicit header values pointing outside the file (the xlate tests' patterns).
        "ehdr" | "xlate" => &[
            "Reading 192334688 bytes extends past end of file for section headers",
            "Section headers are not available!",
            "Too many program headers - 0xc0c - the file is not that big",
            "The e_shentsize field in the ELF header is larger than the size of an ELF section header",
        ],
        // Out-of-range sh_link and sh_info given on purpose.
        "shdr" if wide => &[
            "Section 1 has an out of range sh_link value of 4294967295",
            "Section 2 has an out of range sh_link value of 3735929054",
            "[ 1]: Unexpected value (4294967295) in info field.",
            "[ 2]: Unexpected value (3405691582) in info field.",
        ],
        "shdr" => &[
            "Section 1 has an out of range sh_link value of 4294967295",
            "Section 2 has an out of range sh_link value of 3735929054",
            "[ 1]: Unexpected value (4294967295) in info field.",
            "[ 2]: Unexpected value (3405691582) in info field.",
            "section 1: sh_link value of 4294967295 is larger than the number of sections",
            "section 2: sh_link value of 3735929054 is larger than the number of sections",
        ],
        // Version sections without sh_link: the legacy default 0 is not a string table.
        "versioning" => &[
            "[ 1]: Link field (0) should index a string section.",
            "[ 2]: Link field (0) should index a string section.",
        ],
        // "Malformed extended section numbering": e_shnum 0, section 0 not SHT_NULL.
        "xscn-1" => &[
            "possibly corrupt ELF file header - it has a non-zero section header offset, but no section headers",
        ],
        // The deliberately broken header: offsets of all ones with zero counts.
        "ehdr-malformed-1" => &[
            "possibly corrupt ELF file header - it has a non-zero section header offset, but no section headers",
            "possibly corrupt ELF header - it has a non-zero program header offset, but no program headers",
        ],
        _ => &[],
    }
}

/// `readelf -a -W` of `bytes`: (status success, stdout, stderr), or `None` without it.
fn readelf(bytes: &[u8], name: &str) -> Option<(bool, String, String)> {
    let path = std::env::temp_dir().join(format!("elfc-legacy-{}-{name}", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new("readelf")
        .args(["-a", "-W"])
        .arg(&path)
        .output();
    let _ = std::fs::remove_file(&path);
    match out {
        Ok(o) => Some((
            o.status.success(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )),
        Err(_) => None,
    }
}

#[test]
fn readelf_reads_every_variant_as_described() {
    let mut clean = 0;
    for (stem, text) in descriptions() {
        for (class, endian, tag) in VARIANTS {
            let b = compile(&stem, &text, class, endian);
            let Some((ok, out, err)) = readelf(&b, &format!("{stem}.{tag}")) else {
                eprintln!("readelf not found: skipping the live check");
                return;
            };
            let want = intended_diagnostics(&stem, class == Class::Elf64);
            let lines: Vec<&str> = err
                .lines()
                .map(|l| {
                    l.trim_start_matches("readelf: ")
                        .trim_start_matches("Warning: ")
                        .trim_start_matches("Error: ")
                })
                .collect();
            for w in want {
                assert!(
                    lines.contains(w),
                    "{stem}.{tag}: expected `{w}` from readelf:\n{err}"
                );
            }
            for l in &lines {
                assert!(
                    want.contains(l),
                    "{stem}.{tag}: unexpected readelf diagnostic `{l}`:\n{err}"
                );
            }
            if want.is_empty() {
                assert!(ok && err.is_empty(), "{stem}.{tag}: {err}");
                clean += 1;
            }
            if stem == "ehdr-malformed-1" {
                for f in [
                    "Size of this header:               62 (bytes)",
                    "Size of program headers:           228 (bytes)",
                    "Size of section headers:           8192 (bytes)",
                    "Version:                           0xffffffff",
                ] {
                    assert!(out.contains(f), "{stem}.{tag}: `{f}` in\n{out}");
                }
            }
        }
    }
    assert_eq!(clean, 14 * 4, "well-formed variants read cleanly");
}

#[test]
fn cli_yaml_variants() {
    let exe = env!("CARGO_BIN_EXE_elfc");
    let src = legacy_dir().join("rdwr.yaml");
    let dir = std::env::temp_dir();
    for (class, data, c) in [("32", "lsb", 1u8), ("64", "msb", 2)] {
        let out = dir.join(format!(
            "elfc-legacy-cli-{}-{class}{data}",
            std::process::id()
        ));
        let st = Command::new(exe)
            .args(["--yaml", "--class", class, "--data", data, "-o"])
            .arg(&out)
            .arg(&src)
            .status()
            .unwrap();
        assert!(st.success());
        let b = std::fs::read(&out).unwrap();
        let _ = std::fs::remove_file(&out);
        assert_eq!((b[4], b[5]), (c, c));
    }
    let bad = Command::new(exe)
        .args(["--yaml", "-"])
        .stdin(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut ch| {
            use std::io::Write;
            ch.stdin
                .take()
                .unwrap()
                .write_all(b"ehdr: !Ehdr\n  e_bogus: 1\n")?;
            ch.wait_with_output()
        })
        .unwrap();
    assert!(!bad.status.success());
    let msg = String::from_utf8_lossy(&bad.stderr);
    assert!(
        msg.contains("<stdin>:2:3: error: `!Ehdr`: unknown key `e_bogus`"),
        "{msg}"
    );
}

#[test]
fn yaml_errors_have_positions() {
    let opts = elfc::Options::new().with_file_name("t.yaml");
    let cases = [
        (
            "sections:\n - !Section\n   sh_type: SHT_BOGUS\n",
            "t.yaml:3:13: error: `sh_type`: unknown value `SHT_BOGUS`",
        ),
        (
            "sections:\n - !Section\n   sh_name: .x\n",
            "t.yaml:3:13: error: section name `.x` is not in the section name string table",
        ),
        (
            "ehdr: !Ehdr\n  e_ident: !Ident\n    ei_class: ELFCLASS32\n  e_entry: 0x100000000\n",
            "t.yaml:4:12: error: `e_entry`: 0x100000000 does not fit in 4 bytes",
        ),
        ("ehdr: &a 1\n", "t.yaml:1:7: error: `&` is not supported"),
        (
            "sections:\n - !Section\n   sh_addralign: 3\n   sh_type: SHT_PROGBITS\n",
            "t.yaml:3:18: error: `sh_addralign` is not a power of two",
        ),
        (
            "sections:\n - !Section\n   sh_index: 2\n - !Section\n   sh_index: 1\n",
            "t.yaml:5:14: error: `sh_index` 1 is taken",
        ),
    ];
    for (src, want) in cases {
        let e = elfc::compile_yaml(src, &opts).unwrap_err().to_string();
        assert!(e.starts_with(want), "{src:?}: {e}");
    }
    // Hostile sizes are refused, not allocated.
    let huge = "ehdr: !Ehdr\n  e_ident: !Ident\n    ei_class: ELFCLASS64\nsections:\n - !Section\n   sh_type: SHT_PROGBITS\n   sh_offset: 0x7fffffffffff\n   sh_data: [ 1 ]\n";
    let e = elfc::compile_yaml(huge, &opts).unwrap_err().to_string();
    assert!(e.contains("limit"), "{e}");
}
