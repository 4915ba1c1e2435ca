//! `-p`: BFD's `_bfd_elf_print_private_bfd_data` (program headers, dynamic section,
//! version definitions and references) and the backends' `private flags` lines.

use std::io::{self, Write};

use libelf::consts::*;
use libelf::read::{DynamicTable, SectionIndex, StringTable, VerdefIter, VerneedIter};

use crate::bfd::{log2, Bfd};
use crate::{Cx, Object};

/// `-p`: program headers, dynamic section, version definitions and references.
///
/// Everything `-p` prints for one object.
///
/// # Errors
/// Only errors writing `out`.
pub fn private_headers(
    cx: &mut Cx<'_, '_>,
    obj: &Object<'_>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let elf = &obj.elf;
    let b = Bfd::new(elf);
    let phdrs = elf.program_headers().unwrap_or(&[]);
    if elf.header().e_phnum > 0 {
        writeln!(out, "\nProgram Header:")?;
        for p in phdrs {
            let ty =
                segment_type(p.p_type).map_or_else(|| format!("0x{:x}", p.p_type), str::to_owned);
            writeln!(
                out,
                "{ty:>8} off    0x{} vaddr 0x{} paddr 0x{} align 2**{}",
                b.vma(p.p_offset),
                b.vma(p.p_vaddr),
                b.vma(p.p_paddr),
                log2(p.p_align)
            )?;
            let f = p.p_flags;
            let c = |m: u32, ch: char| if f & m != 0 { ch } else { '-' };
            write!(
                out,
                "         filesz 0x{} memsz 0x{} flags {}{}{}",
                b.vma(p.p_filesz),
                b.vma(p.p_memsz),
                c(PF_R, 'r'),
                c(PF_W, 'w'),
                c(PF_X, 'x')
            )?;
            if f & !(PF_R | PF_W | PF_X) != 0 {
                write!(out, " {:x}", f & !(PF_R | PF_W | PF_X))?;
            }
            writeln!(out)?;
        }
    }
    if !dynamic_section(elf, &b, out)? {
        cx.nonfatal(format_args!(
            "warning: private headers incomplete: bad value"
        ));
        return Ok(());
    }
    versions(elf, out)?;
    arch_private(elf, out)
}

/// `get_segment_type`: BFD's short names.
fn segment_type(t: u32) -> Option<&'static str> {
    Some(match t {
        PT_NULL => "NULL",
        PT_LOAD => "LOAD",
        PT_DYNAMIC => "DYNAMIC",
        PT_INTERP => "INTERP",
        PT_NOTE => "NOTE",
        PT_SHLIB => "SHLIB",
        PT_PHDR => "PHDR",
        PT_TLS => "TLS",
        0x6474_e550 => "EH_FRAME",
        0x6474_e551 => "STACK",
        0x6474_e552 => "RELRO",
        0x6474_e554 => "SFRAME",
        _ => return None,
    })
}

/// The tag names BFD knows, and whether the value is a string.
fn dynamic_tag(tag: u64, machine: u16) -> Option<(&'static str, bool)> {
    let s = |n: &'static str| Some((n, true));
    let v = |n: &'static str| Some((n, false));
    match tag {
        1 => s("NEEDED"),
        2 => v("PLTRELSZ"),
        3 => v("PLTGOT"),
        4 => v("HASH"),
        5 => v("STRTAB"),
        6 => v("SYMTAB"),
        7 => v("RELA"),
        8 => v("RELASZ"),
        9 => v("RELAENT"),
        10 => v("STRSZ"),
        11 => v("SYMENT"),
        12 => v("INIT"),
        13 => v("FINI"),
        14 => s("SONAME"),
        15 => s("RPATH"),
        16 => v("SYMBOLIC"),
        17 => v("REL"),
        18 => v("RELSZ"),
        19 => v("RELENT"),
        20 => v("PLTREL"),
        21 => v("DEBUG"),
        22 => v("TEXTREL"),
        23 => v("JMPREL"),
        24 => v("BIND_NOW"),
        25 => v("INIT_ARRAY"),
        26 => v("FINI_ARRAY"),
        27 => v("INIT_ARRAYSZ"),
        28 => v("FINI_ARRAYSZ"),
        29 => s("RUNPATH"),
        30 => v("FLAGS"),
        32 => v("PREINIT_ARRAY"),
        33 => v("PREINIT_ARRAYSZ"),
        35 => v("RELRSZ"),
        36 => v("RELR"),
        37 => v("RELRENT"),
        0x6fff_fdf8 => v("CHECKSUM"),
        0x6fff_fdf9 => v("PLTPADSZ"),
        0x6fff_fdfa => v("MOVEENT"),
        0x6fff_fdfb => v("MOVESZ"),
        0x6fff_fdfc => v("FEATURE"),
        0x6fff_fdfd => v("POSFLAG_1"),
        0x6fff_fdfe => v("SYMINSZ"),
        0x6fff_fdff => v("SYMINENT"),
        0x6fff_fefa => s("CONFIG"),
        0x6fff_fefb => s("DEPAUDIT"),
        0x6fff_fefc => s("AUDIT"),
        0x6fff_fefd => v("PLTPAD"),
        0x6fff_fefe => v("MOVETAB"),
        0x6fff_feff => v("SYMINFO"),
        0x6fff_fef5 => v("GNU_HASH"),
        0x6fff_fff9 => v("RELACOUNT"),
        0x6fff_fffa => v("RELCOUNT"),
        0x6fff_fffb => v("FLAGS_1"),
        0x6fff_fff0 => v("VERSYM"),
        0x6fff_fffc => v("VERDEF"),
        0x6fff_fffd => v("VERDEFNUM"),
        0x6fff_fffe => v("VERNEED"),
        0x6fff_ffff => v("VERNEEDNUM"),
        0x7fff_fffd => s("AUXILIARY"),
        0x7fff_fffe => v("USED"),
        0x7fff_ffff => s("FILTER"),
        _ if machine == EM_MIPS => v(mips_dynamic_tag(tag)?),
        _ => None,
    }
}

/// `_bfd_mips_elf_get_target_dtag`.
fn mips_dynamic_tag(tag: u64) -> Option<&'static str> {
    const NAMES: [&str; 0x36] = [
        "",
        "MIPS_RLD_VERSION",
        "MIPS_TIME_STAMP",
        "MIPS_ICHECKSUM",
        "MIPS_IVERSION",
        "MIPS_FLAGS",
        "MIPS_BASE_ADDRESS",
        "MIPS_MSYM",
        "MIPS_CONFLICT",
        "MIPS_LIBLIST",
        "MIPS_LOCAL_GOTNO",
        "MIPS_CONFLICTNO",
        "",
        "",
        "",
        "",
        "MIPS_LIBLISTNO",
        "MIPS_SYMTABNO",
        "MIPS_UNREFEXTNO",
        "MIPS_GOTSYM",
        "MIPS_HIPAGENO",
        "",
        "MIPS_RLD_MAP",
        "MIPS_DELTA_CLASS",
        "MIPS_DELTA_CLASS_NO",
        "MIPS_DELTA_INSTANCE",
        "MIPS_DELTA_INSTANCE_NO",
        "MIPS_DELTA_RELOC",
        "MIPS_DELTA_RELOC_NO",
        "MIPS_DELTA_SYM",
        "MIPS_DELTA_SYM_NO",
        "",
        "MIPS_DELTA_CLASSSYM",
        "MIPS_DELTA_CLASSSYM_NO",
        "MIPS_CXX_FLAGS",
        "MIPS_PIXIE_INIT",
        "MIPS_SYMBOL_LIB",
        "MIPS_LOCALPAGE_GOTIDX",
        "MIPS_LOCAL_GOTIDX",
        "MIPS_HIDDEN_GOTIDX",
        "MIPS_PROTECTED_GOT_IDX",
        "MIPS_OPTIONS",
        "MIPS_INTERFACE",
        "DT_MIPS_DYNSTR_ALIGN",
        "DT_MIPS_INTERFACE_SIZE",
        "DT_MIPS_RLD_TEXT_RESOLVE_ADDR",
        "DT_MIPS_PERF_SUFFIX",
        "DT_MIPS_COMPACT_SIZE",
        "DT_MIPS_GP_VALUE",
        "DT_MIPS_AUX_DYNAMIC",
        "DT_MIPS_PLTGOT",
        "",
        "DT_MIPS_RWPLT",
        "MIPS_RLD_MAP_REL",
    ];
    let i = tag.checked_sub(0x7000_0000)?;
    if i == 0x36 {
        return Some("DT_MIPS_XHASH");
    }
    NAMES.get(i as usize).copied().filter(|n| !n.is_empty())
}

/// `Dynamic Section:`, when there is a `.dynamic` section. False when a string could
/// not be read (GNU stops the display there).
fn dynamic_section(
    elf: &libelf::ElfFile<'_>,
    b: &Bfd<'_>,
    out: &mut dyn Write,
) -> io::Result<bool> {
    let Some(s) = b.sections.iter().find(|s| *s.name == *b".dynamic") else {
        return Ok(true);
    };
    writeln!(out, "\nDynamic Section:")?;
    let Ok(sec) = elf.section(SectionIndex(s.elf_index)) else {
        return Ok(false);
    };
    let Ok(data) = sec.data() else {
        return Ok(false);
    };
    let strings = elf
        .section(SectionIndex(s.hdr.sh_link))
        .and_then(|l| l.data())
        .map(StringTable::new)
        .ok();
    let machine = elf.header().e_machine;
    let table = DynamicTable::new(data, elf.class(), elf.endian());
    for d in table.iter() {
        if d.d_tag == 0 {
            break;
        }
        let known = dynamic_tag(d.d_tag as u64, machine);
        let name = known.map_or_else(|| format!("0x{:x}", d.d_tag as u64), |(n, _)| n.to_owned());
        write!(out, "  {name:<20} ")?;
        if known.is_some_and(|(_, s)| s) {
            let Some(text) = strings.as_ref().and_then(|t| t.get(d.d_val as u32).ok()) else {
                return Ok(false);
            };
            out.write_all(text)?;
        } else {
            write!(out, "0x{}", b.vma(d.d_val))?;
        }
        writeln!(out)?;
    }
    Ok(true)
}

/// `Version definitions:` and `Version References:`.
fn versions(elf: &libelf::ElfFile<'_>, out: &mut dyn Write) -> io::Result<()> {
    let Ok(sections) = elf.sections() else {
        return Ok(());
    };
    let sections: Vec<_> = sections.collect();
    fn strings<'d>(s: &libelf::read::Section<'_, 'd>) -> StringTable<'d> {
        s.link()
            .and_then(|l| l.data())
            .map(StringTable::new)
            .unwrap_or_default()
    }
    let name = |t: &StringTable<'_>, off: u32| {
        t.get(off).map_or_else(
            |_| "<corrupt>".to_owned(),
            |n| String::from_utf8_lossy(n).into_owned(),
        )
    };
    if let Some(s) = sections
        .iter()
        .find(|s| s.header().sh_type == SHT_GNU_VERDEF && s.header().sh_info != 0)
    {
        writeln!(out, "\nVersion definitions:")?;
        let t = strings(s);
        if let Ok(defs) = VerdefIter::parse(s) {
            for d in defs.map_while(Result::ok) {
                let mut aux = d.aux().map_while(Result::ok);
                let first = aux
                    .next()
                    .map_or_else(|| "<corrupt>".to_owned(), |a| name(&t, a.vda_name));
                writeln!(
                    out,
                    "{} 0x{:02x} 0x{:08x} {first}",
                    d.vd_ndx, d.vd_flags, d.vd_hash
                )?;
                let rest: Vec<String> = aux.map(|a| name(&t, a.vda_name)).collect();
                if !rest.is_empty() {
                    write!(out, "\t")?;
                    for r in rest {
                        write!(out, "{r} ")?;
                    }
                    writeln!(out)?;
                }
            }
        }
    }
    if let Some(s) = sections
        .iter()
        .find(|s| s.header().sh_type == SHT_GNU_VERNEED && s.header().sh_info != 0)
    {
        writeln!(out, "\nVersion References:")?;
        let t = strings(s);
        if let Ok(needs) = VerneedIter::parse(s) {
            for n in needs.map_while(Result::ok) {
                writeln!(out, "  required from {}:", name(&t, n.vn_file))?;
                for a in n.aux().map_while(Result::ok) {
                    writeln!(
                        out,
                        "    0x{:08x} 0x{:02x} {:02} {}",
                        a.vna_hash,
                        a.vna_flags,
                        a.vna_other,
                        name(&t, a.vna_name)
                    )?;
                }
            }
        }
    }
    Ok(())
}

/// The backend's own lines after the generic ones (`private flags = …`).
fn arch_private(elf: &libelf::ElfFile<'_>, out: &mut dyn Write) -> io::Result<()> {
    let h = elf.header();
    let fl = h.e_flags;
    match h.e_machine {
        EM_ARM => writeln!(
            out,
            "{}",
            arm_flags(fl, h.e_ident.get(EI_OSABI).copied().unwrap_or(0))
        ),
        EM_AARCH64 => {
            write!(out, "private flags = 0x{fl:x}:")?;
            if fl != 0 {
                write!(out, " <Unrecognised flag bits set>")?;
            }
            writeln!(out)
        }
        EM_PPC64 if fl != 0 => {
            write!(out, "private flags = 0x{fl:x}:")?;
            if fl & 3 != 0 {
                write!(out, " [abiv{}]", fl & 3)?;
            }
            writeln!(out)
        }
        EM_MIPS => mips_private(elf, out),
        _ => Ok(()),
    }
}

/// `elf32_arm_print_private_bfd_data`'s line.
fn arm_flags(flags: u32, osabi: u8) -> String {
    let mut s = format!("private flags = 0x{flags:x}:");
    let mut f = flags;
    let mut add = |t: &str| s.push_str(t);
    match f >> 24 {
        0 => {
            if f & 0x04 != 0 {
                add(" [interworking enabled]");
            }
            add(if f & 0x08 != 0 {
                " [APCS-26]"
            } else {
                " [APCS-32]"
            });
            add(if f & 0x400 != 0 {
                " [VFP float format]"
            } else if f & 0x800 != 0 {
                " [Maverick float format]"
            } else {
                " [FPA float format]"
            });
            if f & 0x10 != 0 {
                add(" [floats passed in float registers]");
            }
            if f & 0x20 != 0 {
                add(" [position independent]");
            }
            if f & 0x80 != 0 {
                add(" [new ABI]");
            }
            if f & 0x100 != 0 {
                add(" [old ABI]");
            }
            if f & 0x200 != 0 {
                add(" [software FP]");
            }
            f &= !(0x04 | 0x08 | 0x10 | 0x20 | 0x80 | 0x100 | 0x200 | 0x400 | 0x800);
        }
        1 => {
            add(" [Version1 EABI]");
            add(if f & 0x04 != 0 {
                " [sorted symbol table]"
            } else {
                " [unsorted symbol table]"
            });
            f &= !0x04;
        }
        2 => {
            add(" [Version2 EABI]");
            add(if f & 0x04 != 0 {
                " [sorted symbol table]"
            } else {
                " [unsorted symbol table]"
            });
            if f & 0x08 != 0 {
                add(" [dynamic symbols use segment index]");
            }
            if f & 0x10 != 0 {
                add(" [mapping symbols precede others]");
            }
            f &= !(0x04 | 0x08 | 0x10);
        }
        3 => add(" [Version3 EABI]"),
        v @ (4 | 5) => {
            if v == 4 {
                add(" [Version4 EABI]");
            } else {
                add(" [Version5 EABI]");
                if f & 0x200 != 0 {
                    add(" [soft-float ABI]");
                }
                if f & 0x400 != 0 {
                    add(" [hard-float ABI]");
                }
                f &= !(0x200 | 0x400);
            }
            if f & 0x80_0000 != 0 {
                add(" [BE8]");
            }
            if f & 0x40_0000 != 0 {
                add(" [LE8]");
            }
            f &= !(0x80_0000 | 0x40_0000);
        }
        _ => add(" <EABI version unrecognised>"),
    }
    f &= 0x00ff_ffff;
    if f & 0x01 != 0 {
        add(" [relocatable executable]");
    }
    if f & 0x20 != 0 {
        add(" [position independent]");
    }
    if osabi == 65 {
        add(" [FDPIC ABI supplement]");
    }
    f &= !(0x01 | 0x20);
    if f != 0 {
        add(" <Unrecognised flag bits set>");
    }
    s
}

/// `_bfd_mips_elf_print_private_bfd_data`: the flags line, then the
/// `.MIPS.abiflags` block when the file has a valid one.
fn mips_private(elf: &libelf::ElfFile<'_>, out: &mut dyn Write) -> io::Result<()> {
    let f = elf.header().e_flags;
    write!(out, "private flags = {f:x}:")?;
    let abi = match f & 0xf000 {
        0x1000 => " [abi=O32]",
        0x2000 => " [abi=O64]",
        0x3000 => " [abi=EABI32]",
        0x4000 => " [abi=EABI64]",
        0 if f & 0x20 != 0 => " [abi=N32]",
        0 if elf.class() == libelf::Class::Elf64 => " [abi=64]",
        0 => " [no abi set]",
        _ => " [abi unknown]",
    };
    write!(out, "{abi}")?;
    let isa = match f & 0xf000_0000 {
        0x0000_0000 => " [mips1]",
        0x1000_0000 => " [mips2]",
        0x2000_0000 => " [mips3]",
        0x3000_0000 => " [mips4]",
        0x4000_0000 => " [mips5]",
        0x5000_0000 => " [mips32]",
        0x6000_0000 => " [mips64]",
        0x7000_0000 => " [mips32r2]",
        0x8000_0000 => " [mips64r2]",
        0x9000_0000 => " [mips32r6]",
        0xa000_0000 => " [mips64r6]",
        _ => " [unknown ISA]",
    };
    write!(out, "{isa}")?;
    for (bit, text) in [
        (0x0800_0000, " [mdmx]"),
        (0x0400_0000, " [mips16]"),
        (0x0200_0000, " [micromips]"),
        (0x400, " [nan2008]"),
        (0x200, " [old fp64]"),
    ] {
        if f & bit != 0 {
            write!(out, "{text}")?;
        }
    }
    write!(
        out,
        "{}",
        if f & 0x100 != 0 {
            " [32bitmode]"
        } else {
            " [not 32bitmode]"
        }
    )?;
    for (bit, text) in [
        (0x1, " [noreorder]"),
        (0x2, " [PIC]"),
        (0x4, " [CPIC]"),
        (0x8, " [XGOT]"),
        (0x10, " [UCODE]"),
    ] {
        if f & bit != 0 {
            write!(out, "{text}")?;
        }
    }
    writeln!(out)?;
    let Some(a) = mips_abiflags(elf) else {
        return Ok(());
    };
    let reg = |r: u8| match r {
        0 => 0,
        1 => 32,
        2 => 64,
        3 => 128,
        _ => -1,
    };
    write!(out, "\nMIPS ABI Flags Version: {}\n", a.version)?;
    write!(out, "\nISA: MIPS{}", a.isa_level)?;
    if a.isa_rev > 1 {
        write!(out, "r{}", a.isa_rev)?;
    }
    write!(out, "\nGPR size: {}", reg(a.gpr_size))?;
    write!(out, "\nCPR1 size: {}", reg(a.cpr1_size))?;
    write!(out, "\nCPR2 size: {}", reg(a.cpr2_size))?;
    let fp = match a.fp_abi {
        0 => "Hard or soft float".to_owned(),
        1 => "Hard float (double precision)".to_owned(),
        2 => "Hard float (single precision)".to_owned(),
        3 => "Soft float".to_owned(),
        4 => "Hard float (MIPS32r2 64-bit FPU 12 callee-saved)".to_owned(),
        5 => "Hard float (32-bit CPU, Any FPU)".to_owned(),
        6 => "Hard float (32-bit CPU, 64-bit FPU)".to_owned(),
        7 => "Hard float compat (32-bit CPU, 64-bit FPU)".to_owned(),
        v => format!("??? ({v})"),
    };
    writeln!(out, "\nFP ABI: {fp}")?;
    const EXT: [&str; 21] = [
        "None",
        "RMI XLR",
        "Cavium Networks Octeon2",
        "Cavium Networks OcteonP",
        "",
        "Cavium Networks Octeon",
        "Toshiba R5900",
        "MIPS R4650",
        "LSI R4010",
        "NEC VR4100",
        "Toshiba R3900",
        "MIPS R10000",
        "Broadcom SB-1",
        "NEC VR4111/VR4181",
        "NEC VR4120",
        "NEC VR5400",
        "NEC VR5500",
        "ST Microelectronics Loongson 2E",
        "ST Microelectronics Loongson 2F",
        "Cavium Networks Octeon3",
        "Imagination interAptiv MR2",
    ];
    match EXT.get(a.isa_ext as usize).filter(|e| !e.is_empty()) {
        Some(e) => write!(out, "ISA Extension: {e}")?,
        None => write!(out, "ISA Extension: Unknown ({})", a.isa_ext as i32)?,
    }
    write!(out, "\nASEs:{}", libelf::names::mips_ases_text(a.ases))?;
    write!(out, "\nFLAGS 1: {:08x}", a.flags1)?;
    write!(out, "\nFLAGS 2: {:08x}", a.flags2)?;
    writeln!(out)
}

/// `Elf_Internal_ABIFlags_v0`.
struct AbiFlags {
    version: u16,
    isa_level: u8,
    isa_rev: u8,
    gpr_size: u8,
    cpr1_size: u8,
    cpr2_size: u8,
    fp_abi: u8,
    isa_ext: u32,
    ases: u32,
    flags1: u32,
    flags2: u32,
}

/// The `SHT_MIPS_ABIFLAGS` section (24 bytes, version 0), if the file has one.
fn mips_abiflags(elf: &libelf::ElfFile<'_>) -> Option<AbiFlags> {
    const SHT_MIPS_ABIFLAGS: u32 = 0x7000_002a;
    let s = elf
        .sections()
        .ok()?
        .find(|s| s.header().sh_type == SHT_MIPS_ABIFLAGS)?;
    let d = s.data().ok()?;
    let be = elf.endian() == libelf::Endian::Big;
    let u16_at = |p: usize| -> Option<u16> {
        let b: [u8; 2] = d.get(p..p + 2)?.try_into().ok()?;
        Some(if be {
            u16::from_be_bytes(b)
        } else {
            u16::from_le_bytes(b)
        })
    };
    let u32_at = |p: usize| -> Option<u32> {
        let b: [u8; 4] = d.get(p..p + 4)?.try_into().ok()?;
        Some(if be {
            u32::from_be_bytes(b)
        } else {
            u32::from_le_bytes(b)
        })
    };
    let version = u16_at(0)?;
    if version != 0 || d.len() < 24 {
        return None;
    }
    Some(AbiFlags {
        version,
        isa_level: *d.get(2)?,
        isa_rev: *d.get(3)?,
        gpr_size: *d.get(4)?,
        cpr1_size: *d.get(5)?,
        cpr2_size: *d.get(6)?,
        fp_abi: *d.get(7)?,
        isa_ext: u32_at(8)?,
        ases: u32_at(12)?,
        flags1: u32_at(16)?,
        flags2: u32_at(20)?,
    })
}
