//! Section header fields as `readelf -S` / `-t` print them: types, flags, and the names
//! of special section indexes in symbols (`UND`, `ABS`, `COM`, …).

use std::borrow::Cow;
use std::fmt::Write as _;

use super::em::*;
use super::header::osabi_text;
use super::{alt_hex, borrowed};
use crate::consts::{
    ELFOSABI_FREEBSD, ELFOSABI_GNU, ELFOSABI_HPUX, ELFOSABI_NONE, ELFOSABI_OPENVMS,
    ELFOSABI_SOLARIS, SHT_HIOS, SHT_HIPROC, SHT_LOOS, SHT_LOPROC, SHT_LOUSER,
};

/// `sh_type` as readelf prints it in the `Type` column, or `None` where GNU formats the
/// number (see [`section_type_text`]).
///
/// ```
/// use libelf::names::section_type;
/// assert_eq!(section_type(1, 62, 0), Some("PROGBITS"));
/// assert_eq!(section_type(0x7000_0001, 40, 0), Some("ARM_EXIDX"));
/// assert_eq!(section_type(0x7000_0001, 62, 0), Some("X86_64_UNWIND"));
/// assert_eq!(section_type(0x6fff_fff5, 62, 0), Some("GNU_ATTRIBUTES"));
/// assert_eq!(section_type(0x7000_0009, 62, 0), None); // "LOPROC+0x9"
/// ```
pub fn section_type(sh_type: u32, e_machine: u16, ei_osabi: u8) -> Option<&'static str> {
    borrowed(section_type_text(sh_type, e_machine, ei_osabi))
}

/// Exactly what readelf prints for `sh_type` (`get_section_type_name`).
///
/// The generic names come first, whatever the machine; then, by range:
/// `SHT_LOPROC..=SHT_HIPROC` per machine, else `LOPROC+%#x`; `SHT_LOOS..=SHT_HIOS` (IA-64's
/// VMS names, Solaris names when `ei_osabi` is Solaris, else the GNU ones), else `LOOS+%#x`;
/// `SHT_LOUSER..` (V850 only), else `LOUSER+%#x`; and `%08x: <unknown>` below `SHT_LOOS`.
/// `%#x` prints 0 as `0`, so the first value of a range is `LOPROC+0`.
///
/// On IA-64, a processor type whose top byte is `0x78` names an OS/ABI in its next byte,
/// and readelf prints that OS/ABI's name.
pub fn section_type_text(sh_type: u32, e_machine: u16, ei_osabi: u8) -> Cow<'static, str> {
    let generic = match sh_type {
        0 => "NULL",
        1 => "PROGBITS",
        2 => "SYMTAB",
        3 => "STRTAB",
        4 => "RELA",
        19 => "RELR",
        5 => "HASH",
        6 => "DYNAMIC",
        7 => "NOTE",
        8 => "NOBITS",
        9 => "REL",
        10 => "SHLIB",
        11 => "DYNSYM",
        14 => "INIT_ARRAY",
        15 => "FINI_ARRAY",
        16 => "PREINIT_ARRAY",
        0x6fff_fff6 => "GNU_HASH",
        17 => "GROUP",
        18 => "SYMTAB SECTION INDICES",
        0x6fff_fffd => "VERDEF",
        0x6fff_fffe => "VERNEED",
        0x6fff_ffff => "VERSYM",
        0x6fff_fff0 => "VERSYM",
        0x6fff_fffc => "VERDEF",
        0x7fff_fffd => "AUXILIARY",
        0x7fff_ffff => "FILTER",
        0x6fff_fff7 => "GNU_LIBLIST",
        _ => "",
    };
    if !generic.is_empty() {
        return Cow::Borrowed(generic);
    }
    if (SHT_LOPROC..=SHT_HIPROC).contains(&sh_type) {
        if e_machine == EM_IA_64 && sh_type & 0xff00_0000 == 0x7800_0000 {
            return osabi_text(((sh_type >> 16) & 0xff) as u8, e_machine);
        }
        let name = match e_machine {
            EM_ARC | EM_ARC_COMPACT | EM_ARC_COMPACT2 => arc(sh_type),
            EM_MIPS | EM_MIPS_RS3_LE => mips(sh_type),
            EM_PARISC => parisc(sh_type),
            EM_IA_64 => ia64(sh_type),
            EM_X86_64 | EM_L1OM | EM_K1OM => match sh_type {
                0x7000_0001 => Some("X86_64_UNWIND"),
                _ => None,
            },
            EM_AARCH64 => match sh_type {
                0x7000_0003 => Some("AARCH64_ATTRIBUTES"),
                _ => None,
            },
            EM_ARM => arm(sh_type),
            EM_TI_C6000 => tic6x(sh_type),
            EM_MSP430 => msp430(sh_type),
            EM_NFP => nfp(sh_type),
            EM_V800 | EM_V850 | EM_CYGNUS_V850 => v850(sh_type),
            EM_RISCV => match sh_type {
                0x7000_0003 => Some("RISCV_ATTRIBUTES"),
                _ => None,
            },
            EM_CSKY => match sh_type {
                0x7000_0001 => Some("CSKY_ATTRIBUTES"),
                _ => None,
            },
            _ => None,
        };
        return match name {
            Some(s) => Cow::Borrowed(s),
            None => Cow::Owned(format!("LOPROC+{}", alt_hex(sh_type - SHT_LOPROC))),
        };
    }
    if (SHT_LOOS..=SHT_HIOS).contains(&sh_type) {
        let name = if e_machine == EM_IA_64 {
            ia64(sh_type)
        } else if ei_osabi == ELFOSABI_SOLARIS {
            solaris(sh_type)
        } else {
            match sh_type {
                0x6fff_4700 => Some("GNU_INCREMENTAL_INPUTS"),
                0x6fff_fff5 => Some("GNU_ATTRIBUTES"),
                0x6fff_fff6 => Some("GNU_HASH"),
                0x6fff_fff7 => Some("GNU_LIBLIST"),
                _ => None,
            }
        };
        return match name {
            Some(s) => Cow::Borrowed(s),
            None => Cow::Owned(format!("LOOS+{}", alt_hex(sh_type - SHT_LOOS))),
        };
    }
    if sh_type >= SHT_LOUSER {
        let name = match e_machine {
            EM_V800 | EM_V850 | EM_CYGNUS_V850 => v850(sh_type),
            _ => None,
        };
        return match name {
            Some(s) => Cow::Borrowed(s),
            None => Cow::Owned(format!("LOUSER+{}", alt_hex(sh_type - SHT_LOUSER))),
        };
    }
    Cow::Owned(format!("{sh_type:08x}: <unknown>"))
}

fn arc(sh_type: u32) -> Option<&'static str> {
    match sh_type {
        0x7000_0001 => Some("ARC_ATTRIBUTES"),
        _ => None,
    }
}

fn mips(sh_type: u32) -> Option<&'static str> {
    Some(match sh_type {
        0x7000_0000 => "MIPS_LIBLIST",
        0x7000_0001 => "MIPS_MSYM",
        0x7000_0002 => "MIPS_CONFLICT",
        0x7000_0003 => "MIPS_GPTAB",
        0x7000_0004 => "MIPS_UCODE",
        0x7000_0005 => "MIPS_DEBUG",
        0x7000_0006 => "MIPS_REGINFO",
        0x7000_0007 => "MIPS_PACKAGE",
        0x7000_0008 => "MIPS_PACKSYM",
        0x7000_0009 => "MIPS_RELD",
        0x7000_000b => "MIPS_IFACE",
        0x7000_000c => "MIPS_CONTENT",
        0x7000_000d => "MIPS_OPTIONS",
        0x7000_0010 => "MIPS_SHDR",
        0x7000_0011 => "MIPS_FDESC",
        0x7000_0012 => "MIPS_EXTSYM",
        0x7000_0013 => "MIPS_DENSE",
        0x7000_0014 => "MIPS_PDESC",
        0x7000_0015 => "MIPS_LOCSYM",
        0x7000_0016 => "MIPS_AUXSYM",
        0x7000_0017 => "MIPS_OPTSYM",
        0x7000_0018 => "MIPS_LOCSTR",
        0x7000_0019 => "MIPS_LINE",
        0x7000_001a => "MIPS_RFDESC",
        0x7000_001b => "MIPS_DELTASYM",
        0x7000_001c => "MIPS_DELTAINST",
        0x7000_001d => "MIPS_DELTACLASS",
        0x7000_001e => "MIPS_DWARF",
        0x7000_001f => "MIPS_DELTADECL",
        0x7000_0020 => "MIPS_SYMBOL_LIB",
        0x7000_0021 => "MIPS_EVENTS",
        0x7000_0022 => "MIPS_TRANSLATE",
        0x7000_0023 => "MIPS_PIXIE",
        0x7000_0024 => "MIPS_XLATE",
        0x7000_0025 => "MIPS_XLATE_DEBUG",
        0x7000_0026 => "MIPS_WHIRL",
        0x7000_0027 => "MIPS_EH_REGION",
        0x7000_0028 => "MIPS_XLATE_OLD",
        0x7000_0029 => "MIPS_PDR_EXCEPTION",
        0x7000_002a => "MIPS_ABIFLAGS",
        0x7000_002b => "MIPS_XHASH",
        _ => return None,
    })
}

fn parisc(sh_type: u32) -> Option<&'static str> {
    Some(match sh_type {
        0x7000_0000 => "PARISC_EXT",
        0x7000_0001 => "PARISC_UNWIND",
        0x7000_0002 => "PARISC_DOC",
        0x7000_0003 => "PARISC_ANNOT",
        0x7000_0008 => "PARISC_SYMEXTN",
        0x7000_0009 => "PARISC_STUBS",
        0x7000_0004 => "PARISC_DLKM",
        _ => return None,
    })
}

fn ia64(sh_type: u32) -> Option<&'static str> {
    Some(match sh_type {
        0x7000_0000 => "IA_64_EXT",
        0x7000_0001 => "IA_64_UNWIND",
        0x7900_0000 => "IA_64_PRIORITY_INIT",
        0x6000_0000 => "VMS_TRACE",
        0x6000_0001 => "VMS_TIE_SIGNATURES",
        0x6000_0002 => "VMS_DEBUG",
        0x6000_0003 => "VMS_DEBUG_STR",
        0x6000_0004 => "VMS_LINKAGES",
        0x6000_0005 => "VMS_SYMBOL_VECTOR",
        0x6000_0006 => "VMS_FIXUP",
        _ => return None,
    })
}

fn arm(sh_type: u32) -> Option<&'static str> {
    Some(match sh_type {
        0x7000_0001 => "ARM_EXIDX",
        0x7000_0002 => "ARM_PREEMPTMAP",
        0x7000_0003 => "ARM_ATTRIBUTES",
        0x7000_0004 => "ARM_DEBUGOVERLAY",
        0x7000_0005 => "ARM_OVERLAYSECTION",
        _ => return None,
    })
}

fn tic6x(sh_type: u32) -> Option<&'static str> {
    Some(match sh_type {
        0x7000_0001 => "C6000_UNWIND",
        0x7000_0002 => "C6000_PREEMPTMAP",
        0x7000_0003 => "C6000_ATTRIBUTES",
        0x7f00_0000 => "TI_ICODE",
        0x7f00_0001 => "TI_XREF",
        0x7f00_0002 => "TI_HANDLER",
        0x7f00_0003 => "TI_INITINFO",
        0x7f00_0004 => "TI_PHATTRS",
        _ => return None,
    })
}

fn msp430(sh_type: u32) -> Option<&'static str> {
    Some(match sh_type {
        0x7f00_0005 => "MSP430_SEC_FLAGS",
        0x7f00_0006 => "MSP430_SYM_ALIASES",
        0x7000_0003 => "MSP430_ATTRIBUTES",
        _ => return None,
    })
}

fn nfp(sh_type: u32) -> Option<&'static str> {
    Some(match sh_type {
        0x7000_0001 => "NFP_MECONFIG",
        0x7000_0002 => "NFP_INITREG",
        // SHT_NFP_UDEBUG is SHT_LOUSER, where readelf never asks NFP: unreachable, as in GNU.
        0x8000_0000 => "NFP_UDEBUG",
        _ => return None,
    })
}

fn v850(sh_type: u32) -> Option<&'static str> {
    Some(match sh_type {
        0x7000_0000 => "V850 Small Common",
        0x7000_0001 => "V850 Tiny Common",
        0x7000_0002 => "V850 Zero Common",
        0x8000_0000 => "RENESAS IOP",
        0xa000_0000 => "RENESAS INFO",
        _ => return None,
    })
}

/// Solaris OS types. Those that collide with the generic GNU names above never show.
fn solaris(sh_type: u32) -> Option<&'static str> {
    Some(match sh_type {
        0x6fff_ffee => "SUNW_ancillary",
        0x6fff_ffef => "SUNW_capchain",
        0x6fff_fff0 => "SUNW_capinfo",
        0x6fff_fff1 => "SUNW_symsort",
        0x6fff_fff2 => "SUNW_tlssort",
        0x6fff_fff3 => "SUNW_LDYNSYM",
        0x6fff_fff4 => "SUNW_dof",
        0x6fff_fff5 => "SUNW_cap",
        0x6fff_fff6 => "SUNW_SIGNATURE",
        0x6fff_fff7 => "SUNW_ANNOTATE",
        0x6fff_fff8 => "SUNW_DEBUGSTR",
        0x6fff_fff9 => "SUNW_DEBUG",
        0x6fff_fffa => "SUNW_move",
        0x6fff_fffb => "SUNW_COMDAT",
        0x6fff_fffc => "SUNW_syminfo",
        0x6fff_fffd => "SUNW_verdef",
        0x6fff_fffe => "SUNW_verneed",
        0x6fff_ffff => "SUNW_versym",
        0x7000_0000 => "SPARC_GOTDATA",
        _ => return None,
    })
}

const SHF_WRITE: u64 = 0x1;
const SHF_ALLOC: u64 = 0x2;
const SHF_EXECINSTR: u64 = 0x4;
const SHF_MERGE: u64 = 0x10;
const SHF_STRINGS: u64 = 0x20;
const SHF_INFO_LINK: u64 = 0x40;
const SHF_LINK_ORDER: u64 = 0x80;
const SHF_OS_NONCONFORMING: u64 = 0x100;
const SHF_GROUP: u64 = 0x200;
const SHF_TLS: u64 = 0x400;
const SHF_COMPRESSED: u64 = 0x800;
const SHF_GNU_RETAIN: u64 = 0x20_0000;
const SHF_GNU_MBIND: u64 = 0x100_0000;
const SHF_EXCLUDE: u64 = 0x8000_0000;
const SHF_MASKOS: u64 = 0x0ff0_0000;
const SHF_MASKPROC: u64 = 0xf000_0000;

/// The generic flag letters (`W A X M S I L O G T E C`) for one flag bit.
fn generic_flag(flag: u64) -> Option<(char, &'static str)> {
    Some(match flag {
        SHF_WRITE => ('W', "WRITE"),
        SHF_ALLOC => ('A', "ALLOC"),
        SHF_EXECINSTR => ('X', "EXEC"),
        SHF_MERGE => ('M', "MERGE"),
        SHF_STRINGS => ('S', "STRINGS"),
        SHF_INFO_LINK => ('I', "INFO LINK"),
        SHF_LINK_ORDER => ('L', "LINK ORDER"),
        SHF_OS_NONCONFORMING => ('O', "OS NONCONF"),
        SHF_GROUP => ('G', "GROUP"),
        SHF_TLS => ('T', "TLS"),
        SHF_EXCLUDE => ('E', "EXCLUDE"),
        SHF_COMPRESSED => ('C', "COMPRESSED"),
        _ => return None,
    })
}

/// `sh_flags` as the letters of readelf's `Flg` column (`get_elf_section_flags` without `-t`).
///
/// Bits are taken from the lowest up. Besides the generic letters: `l` (x86-64 large),
/// `y` (ARM purecode), `v` (PowerPC VLE), `R` (`SHF_GNU_RETAIN`, GNU/FreeBSD OS/ABI),
/// `D` (`SHF_GNU_MBIND`, GNU/FreeBSD/none OS/ABI); any other OS bit gives one `o` for all
/// of them, any other processor bit one `p`, and any other bit `x`.
///
/// ```
/// use libelf::names::section_flags_letters;
/// assert_eq!(section_flags_letters(0x6, 62, 0), "AX");
/// assert_eq!(section_flags_letters(0x1000_0003, 62, 0), "WAl");
/// assert_eq!(section_flags_letters(0x30, 3, 0), "MS");
/// // A processor bit clears every bit from 28 up, those above 31 too.
/// assert_eq!(section_flags_letters(0x3_6000_0006, 62, 0), "AXp");
/// assert_eq!(section_flags_letters(0x3_0000_0006, 62, 0), "AXxx");
/// ```
pub fn section_flags_letters(sh_flags: u64, e_machine: u16, ei_osabi: u8) -> String {
    let mut out = String::new();
    let mut flags = sh_flags;
    while flags != 0 {
        let flag = flags & flags.wrapping_neg();
        flags &= !flag;
        let c = if let Some((c, _)) = generic_flag(flag) {
            c
        } else if matches!(e_machine, EM_X86_64 | EM_L1OM | EM_K1OM) && flag == 0x1000_0000 {
            'l'
        } else if e_machine == EM_ARM && flag == 0x2000_0000 {
            'y'
        } else if e_machine == EM_PPC && flag == 0x1000_0000 {
            'v'
        } else if flag & SHF_MASKOS != 0 {
            let gnu = matches!(ei_osabi, ELFOSABI_GNU | ELFOSABI_FREEBSD);
            if gnu && flag == SHF_GNU_RETAIN {
                'R'
            } else if (gnu || ei_osabi == ELFOSABI_NONE) && flag == SHF_GNU_MBIND {
                'D'
            } else {
                flags &= !SHF_MASKOS;
                'o'
            }
        } else if flag & SHF_MASKPROC != 0 {
            // readelf clears with `~SHF_MASKPROC` computed in 32 bits and then widened
            // (0x0fff_ffff): every bit from 28 up goes, so one `p` stands for all of them.
            flags &= u64::from(!(SHF_MASKPROC as u32));
            'p'
        } else {
            'x'
        };
        out.push(c);
    }
    out
}

/// The word for one flag bit in `readelf -t`, or `None` if it is not named there.
fn flag_word(flag: u64, e_machine: u16, ei_osabi: u8) -> Option<&'static str> {
    if let Some((_, w)) = generic_flag(flag) {
        return Some(w);
    }
    let mut word = match e_machine {
        EM_IA_64 => match flag {
            0x1000_0000 => Some("SHORT"),
            0x2000_0000 => Some("NORECOV"),
            _ if ei_osabi == ELFOSABI_OPENVMS => match flag {
                0x1_0000_0000 => Some("VMS_GLOBAL"),
                0x2_0000_0000 => Some("VMS_OVERLAID"),
                0x4_0000_0000 => Some("VMS_SHARED"),
                0x8_0000_0000 => Some("VMS_VECTOR"),
                0x10_0000_0000 => Some("VMS_ALLOC_64BIT"),
                0x20_0000_0000 => Some("VMS_PROTECTED"),
                _ => None,
            },
            _ => None,
        },
        EM_386 | EM_IAMCU | EM_X86_64 | EM_L1OM | EM_K1OM | EM_OLD_SPARCV9 | EM_SPARC32PLUS
        | EM_SPARCV9 | EM_SPARC => match flag {
            0x4000_0000 => Some("ORDERED"),
            _ => None,
        },
        EM_ARM => match flag {
            0x1000_0000 => Some("ENTRYSECT"),
            0x2000_0000 => Some("ARM_PURECODE"),
            0x8000_0000 => Some("COMDEF"),
            _ => None,
        },
        EM_PPC => match flag {
            0x1000_0000 => Some("VLE"),
            _ => None,
        },
        _ => None,
    };
    let gnu = matches!(ei_osabi, ELFOSABI_GNU | ELFOSABI_FREEBSD);
    if gnu && flag == SHF_GNU_RETAIN {
        word = Some("GNU_RETAIN");
    }
    if (gnu || ei_osabi == ELFOSABI_NONE) && flag == SHF_GNU_MBIND {
        word = Some("GNU_MBIND");
    }
    word
}

/// `sh_flags` as `readelf -t` prints it: `[%0Nx]: ` then the flag words joined by `", "`,
/// then `OS (%0Nx)`, `PROC (%0Nx)`, `UNKNOWN (%0Nx)` for the unnamed bits of each kind,
/// where N is 16 for ELF64 and 8 for ELF32.
///
/// ```
/// use libelf::names::section_flags_words;
/// assert_eq!(section_flags_words(0x6, 62, 0, true), "[0000000000000006]: ALLOC, EXEC");
/// assert_eq!(section_flags_words(0x32, 3, 0, false), "[00000032]: ALLOC, MERGE, STRINGS");
/// ```
pub fn section_flags_words(sh_flags: u64, e_machine: u16, ei_osabi: u8, elf64: bool) -> String {
    let width = if elf64 { 16 } else { 8 };
    let mut out = format!("[{sh_flags:0width$x}]: ");
    let mut first = true;
    let (mut os, mut proc, mut unknown) = (0u64, 0u64, 0u64);
    let mut flags = sh_flags;
    while flags != 0 {
        let flag = flags & flags.wrapping_neg();
        flags &= !flag;
        if let Some(w) = flag_word(flag, e_machine, ei_osabi) {
            if !first {
                out.push_str(", ");
            }
            first = false;
            out.push_str(w);
        } else if flag & SHF_MASKOS != 0 {
            os |= flag;
        } else if flag & SHF_MASKPROC != 0 {
            proc |= flag;
        } else {
            unknown |= flag;
        }
    }
    for (label, bits) in [("OS", os), ("PROC", proc), ("UNKNOWN", unknown)] {
        if bits != 0 {
            if !first {
                out.push_str(", ");
            }
            first = false;
            let _ = write!(out, "{label} ({bits:0width$x})");
        }
    }
    out
}

/// Widen a 16-bit `st_shndx` the way readelf does before naming it: reserved values
/// (`0xff00..=0xffff`) become `0xffff_ff00..=0xffff_ffff`, others stay.
///
/// Pass the result, or the 32-bit index from `SHT_SYMTAB_SHNDX` when `st_shndx` is
/// `SHN_XINDEX` and that table exists, to [`section_index_text`].
pub fn widen_shndx(st_shndx: u16) -> u32 {
    if st_shndx >= 0xff00 {
        u32::from(st_shndx) | 0xffff_0000
    } else {
        u32::from(st_shndx)
    }
}

/// The `Ndx` column of `readelf -s` (`get_symbol_index_type`), for an index widened by
/// [`widen_shndx`].
///
/// Names: `UND`, `ABS`, `COM`; `ANSI_COM` (IA-64, HP-UX), `LARGE_COM` (x86-64), `SCOM`
/// (MIPS, TI C6000), `SUND` (MIPS). Other reserved values print as `PRC[0x%04x]`,
/// `OS [0x%04x]` or `RSV[0x%04x]`; an ordinary index as `%3d`, or
/// `bad section index[%3d]` when `section_count` is nonzero and the index is not below it.
/// `section_count` is the real number of sections (`sh_size` of section 0 when
/// `e_shnum` is 0), as readelf uses it.
///
/// ```
/// use libelf::names::{section_index_text, widen_shndx};
/// assert_eq!(section_index_text(widen_shndx(0), 62, 0, 10), "UND");
/// assert_eq!(section_index_text(widen_shndx(0xfff1), 62, 0, 10), "ABS");
/// assert_eq!(section_index_text(widen_shndx(0xff02), 62, 0, 10), "LARGE_COM");
/// assert_eq!(section_index_text(widen_shndx(3), 62, 0, 10), "  3");
/// assert_eq!(section_index_text(widen_shndx(12), 62, 0, 10), "bad section index[ 12]");
/// ```
pub fn section_index_text(
    shndx: u32,
    e_machine: u16,
    ei_osabi: u8,
    section_count: u64,
) -> Cow<'static, str> {
    if let Some(name) = section_index(shndx, e_machine, ei_osabi) {
        return Cow::Borrowed(name);
    }
    let low = shndx & 0xffff;
    Cow::Owned(match shndx {
        0xffff_ff00..=0xffff_ff1f => format!("PRC[0x{low:04x}]"),
        0xffff_ff20..=0xffff_ff3f => format!("OS [0x{low:04x}]"),
        0xffff_ff40.. => format!("RSV[0x{low:04x}]"),
        // GNU prints the unsigned index with %d.
        _ if section_count != 0 && u64::from(shndx) >= section_count => {
            format!("bad section index[{:3}]", shndx as i32)
        }
        _ => format!("{:3}", shndx as i32),
    })
}

/// The name [`section_index_text`] gives a special index, or `None` for the formatted ones.
pub fn section_index(shndx: u32, e_machine: u16, ei_osabi: u8) -> Option<&'static str> {
    const LORESERVE: u32 = 0xffff_ff00;
    match shndx {
        0 => Some("UND"),
        0xffff_fff1 => Some("ABS"),
        0xffff_fff2 => Some("COM"),
        LORESERVE if e_machine == EM_IA_64 && ei_osabi == ELFOSABI_HPUX => Some("ANSI_COM"),
        0xffff_ff02 if matches!(e_machine, EM_X86_64 | EM_L1OM | EM_K1OM) => Some("LARGE_COM"),
        0xffff_ff03 if e_machine == EM_MIPS => Some("SCOM"),
        LORESERVE if e_machine == EM_TI_C6000 => Some("SCOM"),
        0xffff_ff04 if e_machine == EM_MIPS => Some("SUND"),
        _ => None,
    }
}

/// The name `readelf -r` shows for a relocation against an unnamed `STT_SECTION` symbol
/// whose index is special (`dump_relocations`): `ABS`, `COMMON`, `SCOMMON` (MIPS,
/// TI C6000), `SUNDEF` (MIPS), `LARGE_COMMON` (x86-64), `ANSI_COM` (IA-64 HP-UX),
/// `VMS_SYMVEC` (IA-64 OpenVMS), else `<section 0x%x>`.
///
/// `shndx` is widened as by [`widen_shndx`]. readelf uses the section's own name instead
/// when `shndx` is below the section count; that case is the caller's.
pub fn reloc_section_symbol_text(shndx: u32, e_machine: u16, ei_osabi: u8) -> Cow<'static, str> {
    let name = match shndx {
        0xffff_fff1 => Some("ABS"),
        0xffff_fff2 => Some("COMMON"),
        0xffff_ff03 if e_machine == EM_MIPS => Some("SCOMMON"),
        0xffff_ff00 if e_machine == EM_TI_C6000 => Some("SCOMMON"),
        0xffff_ff04 if e_machine == EM_MIPS => Some("SUNDEF"),
        0xffff_ff02 if matches!(e_machine, EM_X86_64 | EM_L1OM | EM_K1OM) => Some("LARGE_COMMON"),
        0xffff_ff00 if e_machine == EM_IA_64 && ei_osabi == ELFOSABI_HPUX => Some("ANSI_COM"),
        0xffff_ff20 if e_machine == EM_IA_64 && ei_osabi == ELFOSABI_OPENVMS => Some("VMS_SYMVEC"),
        _ => None,
    };
    match name {
        Some(s) => Cow::Borrowed(s),
        None => Cow::Owned(format!("<section {shndx:#x}>")),
    }
}

/// Section group flags as `readelf -g` prints them before the group name
/// (`get_group_flags`): `""` for 0, `"COMDAT "` for `GRP_COMDAT`, else
/// `[0x%x: <OS specific><PROC specific><unknown>]` with the parts that apply.
pub fn group_flags_text(flags: u32) -> Cow<'static, str> {
    match flags {
        0 => Cow::Borrowed(""),
        1 => Cow::Borrowed("COMDAT "),
        _ => Cow::Owned(format!(
            "[0x{flags:x}: {}{}{}]",
            if flags & 0x0ff0_0000 != 0 {
                "<OS specific>"
            } else {
                ""
            },
            if flags & 0xf000_0000 != 0 {
                "<PROC specific>"
            } else {
                ""
            },
            if flags & !(1 | 0x0ff0_0000 | 0xf000_0000) != 0 {
                "<unknown>"
            } else {
                ""
            },
        )),
    }
}

/// `ch_type` of a compressed section as `readelf -t` prints it: `ZLIB`, `ZSTD`, or `None`
/// (GNU prints `[<unknown>: 0x%x]`).
pub fn compression_type(ch_type: u32) -> Option<&'static str> {
    match ch_type {
        1 => Some("ZLIB"),
        2 => Some("ZSTD"),
        _ => None,
    }
}
