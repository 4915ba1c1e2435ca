//! `-u`: unwind information (GNU's `process_unwind`).
//!
//! GNU decodes the unwind tables of ARM and TI C6000 (EHABI `.ARM.exidx`/`.ARM.extab`,
//! in [`arm`]), IA-64 and HP-PA; for x86 it says there is nothing processor-specific to
//! decode, and for every other machine that decoding is not supported.

pub mod arm;

use std::io;

use crate::display::symtab_load::{get_symtab, ElfSym};
use crate::Cx;

const EM_386: u16 = 3;
const EM_PARISC: u16 = 15;
const EM_ARM: u16 = 40;
const EM_IA_64: u16 = 50;
const EM_X86_64: u16 = 62;
const EM_TI_C6000: u16 = 140;
const SHT_SYMTAB: u32 = 2;
const SHT_IA_64_UNWIND: u32 = 0x7000_0001;

/// GNU's `process_unwind`.
pub fn process_unwind(cx: &mut Cx) -> io::Result<bool> {
    if !cx.o.unwind || !cx.sections_ok || cx.no_unwind {
        return Ok(true);
    }
    match cx.hdr.e_machine {
        EM_ARM | EM_TI_C6000 => arm::arm_process_unwind(cx),
        EM_IA_64 => ia64_process_unwind(cx),
        EM_PARISC => hppa_process_unwind(cx),
        EM_386 | EM_X86_64 => {
            writeln!(cx.out, "No processor specific unwind information to decode")?;
            Ok(true)
        }
        m => {
            writeln!(
                cx.out,
                "\nThe decoding of unwind sections for machine type {} is not currently supported.",
                libelf::names::machine_text(m)
            )?;
            Ok(true)
        }
    }
}

/// The symbol table GNU's unwinders load: the last `SHT_SYMTAB` section's symbols and
/// strings. `Err(())` when a table cannot be read (GNU then gives up on the file).
pub(crate) struct UnwindSymbols {
    /// The symbols.
    pub syms: Vec<ElfSym>,
    /// The string table (empty when the symbol table has no `sh_link`).
    pub strtab: Vec<u8>,
}

/// The symbol-table scan every unwinder starts with: loads `SHT_SYMTAB` (complaining
/// about a second one) and collects the sections for which `is_unwind` holds.
pub(crate) fn scan_sections(
    cx: &mut Cx,
    is_unwind: impl Fn(&Cx, usize) -> bool,
) -> Result<(Option<UnwindSymbols>, Vec<usize>), ()> {
    let mut aux: Option<UnwindSymbols> = None;
    let mut unwind = Vec::new();
    let count = cx.sections().len().min(cx.hdr.e_shnum as usize);
    for i in 0..count {
        let Some(sh) = cx.sections().get(i).copied() else {
            break;
        };
        if sh.sh_type == SHT_SYMTAB {
            if aux.is_some() {
                cx.diag
                    .error(format_args!("Multiple symbol tables encountered\n"));
            }
            match get_symtab(cx, i) {
                Some((syms, strtab)) => {
                    aux = Some(UnwindSymbols {
                        syms,
                        strtab: strtab.unwrap_or(&[]).to_vec(),
                    });
                }
                None => return Err(()),
            }
        } else if is_unwind(cx, i) {
            unwind.push(i);
        }
    }
    Ok((aux, unwind))
}

/// GNU's `ia64_process_unwind`, as far as finding the tables: the decoding of IA-64
/// unwind descriptors is not implemented, so a file with tables gets their headers only.
fn ia64_process_unwind(cx: &mut Cx) -> io::Result<bool> {
    let Ok((_, unw)) = scan_sections(cx, |cx, i| {
        cx.sections().get(i).map(|s| s.sh_type) == Some(SHT_IA_64_UNWIND)
    }) else {
        return Ok(false);
    };
    if unw.is_empty() {
        writeln!(cx.out, "\nThere are no unwind sections in this file.")?;
    }
    Ok(true)
}

/// GNU's `hppa_process_unwind`, as far as finding the tables (see [`ia64_process_unwind`]).
fn hppa_process_unwind(cx: &mut Cx) -> io::Result<bool> {
    if cx.string_table.is_none() {
        return Ok(false);
    }
    let Ok((_, unw)) = scan_sections(cx, |cx, i| {
        cx.sections()
            .get(i)
            .and_then(|s| cx.section_name(s))
            .is_some_and(|n| n == b".PARISC.unwind")
    }) else {
        return Ok(false);
    };
    if unw.is_empty() {
        writeln!(cx.out, "\nThere are no unwind sections in this file.")?;
    }
    Ok(true)
}

#[cfg(test)]
mod whole_file_tests {
    use crate::display::notes::testelf::{build, run, words, Sec};

    /// An ARM EHABI prel31 from `place` to `target`.
    fn prel31(target: u32, place: u32) -> u32 {
        target.wrapping_sub(place) & 0x7fff_ffff
    }

    /// An ELF32 symbol: name, value, info, shndx.
    fn sym(name: u32, value: u32, info: u8, shndx: u16) -> Vec<u8> {
        let mut v = words(&[name, value, 0]);
        v.extend([info, 0]);
        v.extend(shndx.to_le_bytes());
        v
    }

    fn sample() -> Vec<u8> {
        let (text, exidx, extab) = (0x1000u32, 0x2000u32, 0x2100u32);
        #[rustfmt::skip]
        let index = words(&[
            prel31(text, exidx), 1,                              // f: cantunwind
            prel31(text + 0x10, exidx + 8), 0x80a8_b0b0,         // g: inline, pop {r4, r14}
            prel31(text + 0x20, exidx + 16),                     // h: in .ARM.extab
            prel31(extab, exidx + 20),
            prel31(text + 0x30, exidx + 24), 0x8300_0000,        // reserved index 3
        ]);
        #[rustfmt::skip]
        let table = words(&[
            0x8101_b2ff,    // index 1, one more word; vsp = vsp + ULEB…
            0x03c8_10b0,    // …0xff 0x03; pop {D17-D16}; finish
        ]);
        let symtab = [
            sym(0, 0, 0, 0),
            sym(1, text, 0x12, 1),
            sym(3, text + 0x11, 0x12, 1),
        ]
        .concat();
        let secs = [
            Sec {
                name: ".text",
                sh_type: 1,
                flags: 6,
                addr: u64::from(text),
                data: vec![0; 0x40],
                align: 4,
                ..Sec::default()
            },
            Sec {
                name: ".ARM.exidx",
                sh_type: 0x7000_0001,
                flags: 0x82,
                addr: u64::from(exidx),
                data: index,
                link: 1,
                align: 4,
                ..Sec::default()
            },
            Sec {
                name: ".ARM.extab",
                sh_type: 1,
                flags: 2,
                addr: u64::from(extab),
                data: table,
                align: 4,
                ..Sec::default()
            },
            Sec {
                name: ".symtab",
                sh_type: 2,
                data: symtab,
                link: 5,
                info: 1,
                entsize: 16,
                align: 4,
                ..Sec::default()
            },
            Sec {
                name: ".strtab",
                sh_type: 3,
                data: b"\0f\0g\0".to_vec(),
                align: 1,
                ..Sec::default()
            },
        ];
        build(false, 2, 40, &secs)
    }

    #[test]
    fn arm_unwind_as_gnu_prints_it() {
        if let Ok(dir) = std::env::var("READELF_TEST_DUMP") {
            let _ = std::fs::write(format!("{dir}/unwind.o"), sample());
        }
        let (out, err, ok) = run(&sample(), |o| o.unwind = true);
        let want = concat!(
            "\nUnwind section '.ARM.exidx' at offset 0x78 contains 4 entries:\n",
            "\n0x1000 <f>: 0x1 [cantunwind]\n",
            "\n0x1010 <g>: 0x80a8b0b0\n",
            "  Compact model index: 0\n",
            "  0xa8      pop {r4, r14}\n",
            "  0xb0      finish\n",
            "  0xb0      finish\n",
            "\n0x1020 <g+0x10>: @0x2100\n",
            "  Compact model index: 1\n",
            "  0xb2 0xff 0x03 vsp = vsp + 2560\n",
            "  0xc8 0x10 pop {D17}\n",
            "  0xb0      finish\n",
            "\n0x1030 <g+0x20>: 0x83000000\n",
            "  Compact model index: 3\n",
            "  [reserved]\n\n",
        );
        assert_eq!(out, want);
        assert_eq!(
            err,
            "readelf: Warning: Unknown ARM compact model index encountered\n"
        );
        // GNU ignores the result of decoding inline entries.
        assert!(ok);
    }

    #[test]
    fn other_machines() {
        let bytes = build(true, 1, 183, &[]);
        let (out, _, ok) = run(&bytes, |o| o.unwind = true);
        assert_eq!(
            out,
            "\nThe decoding of unwind sections for machine type AArch64 is not currently supported.\n"
        );
        assert!(ok);
        let bytes = build(true, 1, 62, &[]);
        let (out, _, _) = run(&bytes, |o| o.unwind = true);
        assert_eq!(out, "No processor specific unwind information to decode\n");
    }
}
