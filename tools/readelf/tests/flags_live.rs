//! `e_flags` as our readelf decodes them against GNU readelf 2.40: on the fixtures, on the
//! corpus's cross-built files, on the crafted values of `src/display/header/flags/cases.rs`,
//! and on a sweep of values over every machine GNU decodes. Both readelfs read the same
//! files (crafted headers go into one archive); trials are ignored, saying why, without
//! GNU readelf 2.40 or the corpus.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Command;

use host_trials::{Need, Trials};
use libelf::consts::*;

#[path = "../src/display/header/flags/cases.rs"]
mod cases;
use cases::CASES;

fn main() {
    let readelf = Need::Gnu240("readelf");
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let corpus = host_trials::corpus().display().to_string();
    let cross: &'static str = Box::leak(format!("{corpus}/cross").into_boxed_str());
    let mut t = Trials::new();
    let fixtures = here.join("../../tests/data");
    t.add("fixtures", &[readelf], move || {
        fixtures_match_gnu("readelf", &elf_files(&fixtures));
        Ok(())
    });
    t.add("corpus_cross", &[readelf, Need::File(cross)], move || {
        fixtures_match_gnu("readelf", &elf_files(Path::new(cross)));
        Ok(())
    });
    t.add("table", &[readelf], || {
        table_matches_gnu("readelf");
        Ok(())
    });
    t.add("sweep", &[readelf], || {
        sweep_matches_gnu("readelf");
        Ok(())
    });
    t.run()
}

/// The command for GNU readelf 2.40, if it is installed (other versions decode some
/// flags differently).
/// What GNU readelf prints after `Flags: 0x…`, for each file, in order.
fn gnu_flags(readelf: &str, files: &[PathBuf]) -> Vec<String> {
    let out = Command::new(readelf)
        .arg("-h")
        .args(files)
        .output()
        .expect("run readelf");
    flags_lines(&out.stdout)
}

/// What our readelf prints after `Flags: 0x…`, for each file, in order.
fn our_flags(files: &[PathBuf]) -> Vec<String> {
    let mut args = vec!["readelf".to_owned(), "-h".to_owned()];
    args.extend(files.iter().map(|f| f.to_string_lossy().into_owned()));
    let (mut out, mut err) = (Vec::new(), Vec::new());
    readelf::run(&args, &mut out, &mut err);
    flags_lines(&out)
}

/// The text after each `Flags: 0x…` of `readelf -h` output.
fn flags_lines(out: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(out)
        .lines()
        .filter_map(|l| l.trim_start().strip_prefix("Flags:"))
        .map(|rest| {
            let rest = rest.trim_start();
            let hex_end = rest
                .char_indices()
                .skip(2)
                .find(|(_, c)| !c.is_ascii_hexdigit())
                .map_or(rest.len(), |(i, _)| i);
            rest.get(hex_end..).unwrap_or("").to_string()
        })
        .collect()
}

/// The ELF files among the committed fixtures and the cross corpus.
fn elf_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut todo: Vec<PathBuf> = vec![dir.to_path_buf()];
    while let Some(dir) = todo.pop() {
        let Ok(rd) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in rd.flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if std::fs::read(&p).is_ok_and(|d| d.starts_with(b"\x7fELF") && d.len() >= 64) {
                files.push(p);
            }
        }
    }
    files.sort();
    files
}

/// Every ELF fixture against GNU readelf, when it is installed.
fn fixtures_match_gnu(readelf: &str, files: &[PathBuf]) {
    assert!(!files.is_empty(), "no ELF files");
    for f in files {
        let gnu = gnu_flags(readelf, std::slice::from_ref(f));
        assert_eq!(gnu.len(), 1, "{}", f.display());
        assert_eq!(our_flags(std::slice::from_ref(f)), gnu, "{}", f.display());
    }
}

/// A 52-byte little-endian ELF32 header with these fields and no tables.
fn header(machine: u16, flags: u32, osabi: u8, abiver: u8) -> Vec<u8> {
    let mut h = vec![
        0x7f, b'E', b'L', b'F', 1, 1, 1, osabi, abiver, 0, 0, 0, 0, 0, 0, 0,
    ];
    h.extend_from_slice(&1u16.to_le_bytes()); // e_type: ET_REL
    h.extend_from_slice(&machine.to_le_bytes());
    h.extend_from_slice(&1u32.to_le_bytes()); // e_version
    h.extend_from_slice(&[0; 12]); // e_entry, e_phoff, e_shoff
    h.extend_from_slice(&flags.to_le_bytes());
    h.extend_from_slice(&52u16.to_le_bytes()); // e_ehsize
    h.extend_from_slice(&[0; 10]); // e_phentsize … e_shstrndx
    h
}

/// Put one crafted header per case in an archive (one file to write, however many
/// cases), run GNU readelf on it, and compare member by member.
fn check_against_gnu(readelf: &str, tag: &str, cases: &[(u16, u32, u8, u8)]) {
    let mut ar = b"!<arch>\n".to_vec();
    for (i, &(m, f, osabi, abiver)) in cases.iter().enumerate() {
        let h = header(m, f, osabi, abiver);
        let name = format!("{i}.o/");
        let member = format!(
            "{name:<16}{:<12}{:<6}{:<6}{:<8}{:<10}`\n",
            0,
            0,
            0,
            644,
            h.len()
        );
        ar.extend_from_slice(member.as_bytes());
        ar.extend_from_slice(&h);
        if h.len() % 2 == 1 {
            ar.push(b'\n');
        }
    }
    let path = std::env::temp_dir().join(format!("readelf-flags-{tag}-{}.a", std::process::id()));
    std::fs::write(&path, &ar).expect("write archive");
    let gnu = gnu_flags(readelf, std::slice::from_ref(&path));
    let ours = our_flags(std::slice::from_ref(&path));
    let _ = std::fs::remove_file(&path);
    assert_eq!(gnu.len(), cases.len());
    assert_eq!(ours.len(), cases.len());
    let wrong: Vec<String> = cases
        .iter()
        .zip(gnu.iter().zip(&ours))
        .filter(|(_, (g, got))| got != g)
        .map(|(&(m, f, osabi, abiver), (g, got))| {
            format!(
                "e_machine {m:#x}, e_flags {f:#x}, EI_OSABI {osabi}, EI_ABIVERSION {abiver}: \
                 got {got:?}, GNU {g:?}"
            )
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// The table's values against GNU readelf on crafted headers, when it is installed.
fn table_matches_gnu(readelf: &str) {
    let cases: Vec<_> = CASES.iter().map(|&(m, f, o, a, _)| (m, f, o, a)).collect();
    check_against_gnu(readelf, "table", &cases);
}

/// Many flag values on every machine GNU decodes, against GNU readelf, when it is
/// installed: each single bit, all bits, every value of each byte, and pseudo-random
/// values.
fn sweep_matches_gnu(readelf: &str) {
    let machines = [
        EM_ARC_COMPACT,
        EM_ARC_COMPACT2,
        EM_ARM,
        EM_AVR,
        EM_BLACKFIN,
        EM_CYGNUS_FRV,
        EM_68K,
        EM_AMDGPU,
        EM_CYGNUS_MEP,
        EM_PPC,
        EM_PPC64,
        EM_V800,
        EM_V850,
        EM_CYGNUS_V850,
        EM_M32R,
        EM_CYGNUS_M32R,
        EM_MIPS,
        EM_MIPS_RS3_LE,
        EM_NDS32,
        EM_NFP,
        EM_RISCV,
        EM_SH,
        EM_OPENRISC,
        EM_SPARCV9,
        EM_PARISC,
        EM_PJ,
        EM_PJ_OLD,
        EM_IA_64,
        EM_VAX,
        EM_VISIUM,
        EM_RL78,
        EM_RX,
        EM_S390,
        EM_TI_C6000,
        EM_MSP430,
        EM_Z80,
        EM_LOONGARCH,
        EM_X86_64,
        EM_SPARC,
    ];
    let mut seed: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut cases = Vec::new();
    for &m in &machines {
        // Every value of each byte, where the enumerated fields live.
        for shift in [0, 8, 16, 24] {
            cases.extend((0..=0xffu32).map(|v| (m, v << shift, 0, 0)));
        }
        let mut values: Vec<u32> = (0..32).map(|i| 1u32 << i).collect();
        values.push(u32::MAX);
        for _ in 0..40 {
            let r = next();
            // Dense values, sparse ones, and small ones (where most fields live).
            values.push(r as u32);
            values.push((r as u32) & ((r >> 32) as u32) & ((r >> 16) as u32));
            values.push((r >> 40) as u32 & 0xfff);
        }
        let abis: &[(u8, u8)] = match m {
            EM_AMDGPU => &[(0, 0), (64, 0), (64, 1), (64, 2), (64, 3), (65, 0), (66, 0)],
            EM_IA_64 => &[(0, 0), (13, 0)],
            _ => &[(0, 0)],
        };
        for &(osabi, abiver) in abis {
            cases.extend(values.iter().map(|&v| (m, v, osabi, abiver)));
        }
    }
    // AMDGPU's machine and feature bits together, for each OS/ABI encoding.
    for (osabi, abiver) in [(64, 1), (64, 2), (65, 0)] {
        cases.extend(
            (0..0x1000u32)
                .step_by(3)
                .map(|v| (EM_AMDGPU, v, osabi, abiver)),
        );
    }
    check_against_gnu(readelf, "sweep", &cases);
}
