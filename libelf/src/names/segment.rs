//! Program header types as `readelf -l` prints them.

use std::borrow::Cow;

use super::em::*;
use super::{alt_hex, borrowed};
use crate::consts::{PT_HIOS, PT_HIPROC, PT_LOOS, PT_LOPROC};

const PT_GNU_MBIND_LO: u32 = 0x6474_e555;
const PT_GNU_MBIND_HI: u32 = 0x6474_f554;

/// `p_type` as readelf prints it in the `Type` column, or `None` where GNU formats the number
/// (see [`segment_type_text`]).
///
/// ```
/// use libelf::names::segment_type;
/// assert_eq!(segment_type(1, 62, 0), Some("LOAD"));
/// assert_eq!(segment_type(0x6474_e551, 62, 0), Some("GNU_STACK"));
/// assert_eq!(segment_type(0x7000_0001, 40, 0), Some("EXIDX"));
/// assert_eq!(segment_type(0x7000_0003, 8, 0), Some("ABIFLAGS"));
/// ```
pub fn segment_type(p_type: u32, e_machine: u16, ei_osabi: u8) -> Option<&'static str> {
    borrowed(segment_type_text(p_type, e_machine, ei_osabi))
}

/// Exactly what readelf prints for `p_type` (`get_segment_type`).
///
/// Generic and GNU/OpenBSD names first; then `PT_LOPROC..=PT_HIPROC` per machine (ARM's
/// `PT_ARM_EXIDX` is plain `EXIDX`, MIPS's drop the `MIPS_` too), else `LOPROC+%#x`;
/// `PT_LOOS..=PT_HIOS`: `GNU_MBIND+%#x` for GNU/FreeBSD, HP-UX and Solaris names, else
/// `LOOS+%#x`; anything else `<unknown>: %lx`. `%#x` prints 0 as `0`.
///
/// `readelf -l` prints this with `%-14.14s`, so longer names are cut: `RISCV_ATTRIBUTES`
/// shows as `RISCV_ATTRIBUT`, `AARCH64_MEMTAG_MTE` as `AARCH64_MEMTAG`.
pub fn segment_type_text(p_type: u32, e_machine: u16, ei_osabi: u8) -> Cow<'static, str> {
    let generic = match p_type {
        0 => "NULL",
        1 => "LOAD",
        2 => "DYNAMIC",
        3 => "INTERP",
        4 => "NOTE",
        5 => "SHLIB",
        6 => "PHDR",
        7 => "TLS",
        0x6474_e550 => "GNU_EH_FRAME",
        0x6474_e551 => "GNU_STACK",
        0x6474_e552 => "GNU_RELRO",
        0x6474_e553 => "GNU_PROPERTY",
        0x6474_e554 => "GNU_SFRAME",
        0x65a3_dbe6 => "OPENBSD_RANDOMIZE",
        0x65a3_dbe7 => "OPENBSD_WXNEEDED",
        0x65a4_1be6 => "OPENBSD_BOOTDATA",
        _ => "",
    };
    if !generic.is_empty() {
        return Cow::Borrowed(generic);
    }
    if (PT_LOPROC..=PT_HIPROC).contains(&p_type) {
        let name = match e_machine {
            EM_AARCH64 => match p_type {
                0x7000_0000 => Some("AARCH64_ARCHEXT"),
                0x7000_0002 => Some("AARCH64_MEMTAG_MTE"),
                _ => None,
            },
            EM_ARM => match p_type {
                0x7000_0001 => Some("EXIDX"),
                _ => None,
            },
            EM_MIPS | EM_MIPS_RS3_LE => match p_type {
                0x7000_0000 => Some("REGINFO"),
                0x7000_0001 => Some("RTPROC"),
                0x7000_0002 => Some("OPTIONS"),
                0x7000_0003 => Some("ABIFLAGS"),
                _ => None,
            },
            EM_PARISC => match p_type {
                0x7000_0000 => Some("PARISC_ARCHEXT"),
                0x7000_0001 => Some("PARISC_UNWIND"),
                0x7000_0002 => Some("PARISC_WEAKORDER"),
                _ => None,
            },
            EM_IA_64 => match p_type {
                0x7000_0000 => Some("IA_64_ARCHEXT"),
                0x7000_0001 => Some("IA_64_UNWIND"),
                _ => None,
            },
            EM_TI_C6000 => match p_type {
                0x7000_0000 => Some("C6000_PHATTR"),
                _ => None,
            },
            EM_S390 | EM_S390_OLD => match p_type {
                0x7000_0000 => Some("S390_PGSTE"),
                _ => None,
            },
            EM_RISCV => match p_type {
                0x7000_0003 => Some("RISCV_ATTRIBUTES"),
                _ => None,
            },
            _ => None,
        };
        return match name {
            Some(s) => Cow::Borrowed(s),
            None => Cow::Owned(format!("LOPROC+{}", alt_hex(p_type - PT_LOPROC))),
        };
    }
    if (PT_LOOS..=PT_HIOS).contains(&p_type) {
        let name = match ei_osabi {
            // ELFOSABI_GNU, ELFOSABI_FREEBSD
            3 | 9 if (PT_GNU_MBIND_LO..=PT_GNU_MBIND_HI).contains(&p_type) => {
                return Cow::Owned(format!("GNU_MBIND+{}", alt_hex(p_type - PT_GNU_MBIND_LO)));
            }
            // ELFOSABI_HPUX
            1 => hpux(p_type, e_machine),
            // ELFOSABI_SOLARIS
            6 => solaris(p_type),
            _ => None,
        };
        return match name {
            Some(s) => Cow::Borrowed(s),
            None => Cow::Owned(format!("LOOS+{}", alt_hex(p_type - PT_LOOS))),
        };
    }
    Cow::Owned(format!("<unknown>: {p_type:x}"))
}

fn hpux(p_type: u32, e_machine: u16) -> Option<&'static str> {
    match e_machine {
        EM_PARISC => Some(match p_type {
            0x6000_0000 => "HP_TLS",
            0x6000_0001 => "HP_CORE_NONE",
            0x6000_0002 => "HP_CORE_VERSION",
            0x6000_0003 => "HP_CORE_KERNEL",
            0x6000_0004 => "HP_CORE_COMM",
            0x6000_0005 => "HP_CORE_PROC",
            0x6000_0006 => "HP_CORE_LOADABLE",
            0x6000_0007 => "HP_CORE_STACK",
            0x6000_0008 => "HP_CORE_SHM",
            0x6000_0009 => "HP_CORE_MMF",
            0x6000_0010 => "HP_PARALLEL",
            0x6000_0011 => "HP_FASTBIND",
            0x6000_0012 => "HP_OPT_ANNOT",
            0x6000_0013 => "HP_HSL_ANNOT",
            0x6000_0014 => "HP_STACK",
            0x6000_0015 => "HP_CORE_UTSNAME",
            _ => return None,
        }),
        EM_IA_64 => Some(match p_type {
            0x6000_0000 => "HP_TLS",
            0x6000_0012 => "HP_OPT_ANNOT",
            0x6000_0013 => "HP_HSL_ANNOT",
            0x6000_0014 => "HP_STACK",
            _ => return None,
        }),
        _ => None,
    }
}

/// Solaris names; `PT_SUNW_EH_FRAME` is `GNU_EH_FRAME` above and never shows.
fn solaris(p_type: u32) -> Option<&'static str> {
    Some(match p_type {
        0x6464_e550 => "PT_SUNW_UNWIND",
        0x6474_e550 => "PT_SUNW_EH_FRAME",
        0x6fff_fff7 => "PT_LOSUNW",
        0x6fff_fffa => "PT_SUNWBSS",
        0x6fff_fffb => "PT_SUNWSTACK",
        0x6fff_fffc => "PT_SUNWDTRACE",
        0x6fff_fffd => "PT_SUNWCAP",
        0x6fff_ffff => "PT_HISUNW",
        _ => return None,
    })
}

/// `p_flags` as the three-letter `Flg` column of `readelf -l`: `R`, `W`, `E` or a space
/// each, for `PF_R`, `PF_W`, `PF_X`. Other bits are not shown.
///
/// ```
/// assert_eq!(libelf::names::segment_flags_text(5), "R E");
/// ```
pub fn segment_flags_text(p_flags: u32) -> String {
    [(4, 'R'), (2, 'W'), (1, 'E')]
        .iter()
        .map(|&(bit, c)| if p_flags & bit != 0 { c } else { ' ' })
        .collect()
}
