//! Tests for [`super::machine_flags`]: a table of values no fixture has, worked out from
//! GNU's code (`cases.rs`), and fixture values. The comparisons with GNU readelf on real
//! files and crafted headers are trials of `tests/flags_live.rs`.

use std::path::Path;

#[path = "cases.rs"]
mod cases;
use super::{decode, machine_flags};
use crate::diag::Diag;
use crate::options::Options;
use crate::Cx;
use cases::CASES;

#[test]
fn table() {
    let wrong: Vec<String> = CASES
        .iter()
        .filter_map(|&(machine, flags, osabi, abiver, want)| {
            let got = decode(flags, machine, osabi, abiver);
            (got != want).then(|| {
                format!(
                    "e_machine {machine:#x}, e_flags {flags:#x}, EI_OSABI {osabi}, \
                     EI_ABIVERSION {abiver}: got {got:?}, want {want:?}"
                )
            })
        })
        .collect();
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// [`machine_flags`] through a real [`Cx`] on the bytes of an ELF file.
fn ours(data: &[u8]) -> String {
    let o = Options::default();
    let elf = libelf::ElfFile::parse(data).expect("an ELF file");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let mut diag = Diag::new("readelf", &mut err);
    let mut run = crate::RunState::default();
    let cx = Cx::new(&o, &mut run, &elf, data, "test", &mut out, &mut diag);
    machine_flags(&cx, cx.hdr.e_flags, cx.hdr.e_machine)
}

/// Fixture values checked without GNU readelf (`readelf -h FILE | grep Flags`, 2.40).
#[test]
fn fixtures_known() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data");
    let known = [
        ("armhf-exec", ", Version5 EABI, hard-float ABI"),
        ("armhf.o", ", Version5 EABI"),
        ("mips-dyn", ", noreorder, pic, cpic, o32, mips32r2"),
        ("riscv64-exec", ", RVC, double-float ABI"),
        ("ppc64-exec", ", abiv1"),
        ("ppc64.o", ""),
        ("loongarch64-patched.o", ", DOUBLE-FLOAT, OBJ-v1"),
        ("s390x-exec", ""),
        ("x86_64-exec", ""),
    ];
    for (name, want) in known {
        let Ok(data) = std::fs::read(here.join(name)) else {
            continue;
        };
        assert_eq!(ours(&data), want, "{name}");
    }
}
