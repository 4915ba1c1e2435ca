//! Dynamic section tags and flag words as `readelf -d` prints them.

use std::borrow::Cow;

use super::borrowed;
use super::em::*;
use crate::consts::{DT_HIOS, DT_HIPROC, DT_LOOS, DT_LOPROC, ELFOSABI_SOLARIS};

const OLD_DT_LOOS: u64 = 0x6000_0000;
const OLD_DT_HIOS: u64 = 0x6fff_ffff;

/// `d_tag` as readelf prints it between parentheses in the `Type` column, or `None` where
/// GNU formats the number (see [`dynamic_tag_text`]).
///
/// `d_tag` is the value as readelf holds it: for ELF32 the 32-bit tag zero-extended, not
/// sign-extended.
///
/// ```
/// use libelf::names::dynamic_tag;
/// assert_eq!(dynamic_tag(1, 62, 0), Some("NEEDED"));
/// assert_eq!(dynamic_tag(0x6fff_fef5, 62, 0), Some("GNU_HASH"));
/// assert_eq!(dynamic_tag(0x7000_0035, 8, 0), Some("MIPS_RLD_MAP_REL"));
/// assert_eq!(dynamic_tag(0x7000_0000, 21, 0), Some("PPC64_GLINK"));
/// assert_eq!(dynamic_tag(0x7000_0001, 183, 0), Some("AARCH64_BTI_PLT"));
/// ```
pub fn dynamic_tag(d_tag: u64, e_machine: u16, ei_osabi: u8) -> Option<&'static str> {
    borrowed(dynamic_tag_text(d_tag, e_machine, ei_osabi))
}

/// Exactly what readelf prints for `d_tag` (`get_dynamic_type`).
///
/// Generic names first; then `DT_LOPROC..=DT_HIPROC` per machine (Solaris names on other
/// machines when `ei_osabi` is Solaris), else `Processor Specific: %lx`;
/// `DT_LOOS..=DT_HIOS` (and, on PA-RISC, the old `0x6000_0000..=0x6fff_ffff`): PA-RISC,
/// IA-64 or Solaris names, else `Operating System specific: %lx`; otherwise `<unknown>: %lx`.
pub fn dynamic_tag_text(d_tag: u64, e_machine: u16, ei_osabi: u8) -> Cow<'static, str> {
    if let Some(name) = generic(d_tag) {
        return Cow::Borrowed(name);
    }
    if (DT_LOPROC..=DT_HIPROC).contains(&d_tag) {
        let name = match e_machine {
            EM_AARCH64 => aarch64(d_tag),
            EM_MIPS | EM_MIPS_RS3_LE => mips(d_tag),
            EM_SPARCV9 => match d_tag {
                0x7000_0001 => Some("SPARC_REGISTER"),
                _ => None,
            },
            EM_PPC => match d_tag {
                0x7000_0000 => Some("PPC_GOT"),
                0x7000_0001 => Some("PPC_OPT"),
                _ => None,
            },
            EM_PPC64 => match d_tag {
                0x7000_0000 => Some("PPC64_GLINK"),
                0x7000_0001 => Some("PPC64_OPD"),
                0x7000_0002 => Some("PPC64_OPDSZ"),
                0x7000_0003 => Some("PPC64_OPT"),
                _ => None,
            },
            EM_IA_64 => ia64(d_tag),
            EM_ALPHA => match d_tag {
                0x7000_0000 => Some("ALPHA_PLTRO"),
                _ => None,
            },
            EM_SCORE => score(d_tag),
            EM_TI_C6000 => tic6x(d_tag),
            EM_ALTERA_NIOS2 => match d_tag {
                0x7000_0002 => Some("NIOS2_GP"),
                _ => None,
            },
            EM_RISCV => match d_tag {
                0x7000_0001 => Some("RISCV_VARIANT_CC"),
                _ => None,
            },
            _ if ei_osabi == ELFOSABI_SOLARIS => solaris(d_tag),
            _ => None,
        };
        return match name {
            Some(s) => Cow::Borrowed(s),
            None => Cow::Owned(format!("Processor Specific: {d_tag:x}")),
        };
    }
    if (DT_LOOS..=DT_HIOS).contains(&d_tag)
        || (e_machine == EM_PARISC && (OLD_DT_LOOS..=OLD_DT_HIOS).contains(&d_tag))
    {
        let name = match e_machine {
            EM_PARISC => parisc(d_tag),
            EM_IA_64 => ia64(d_tag),
            _ if ei_osabi == ELFOSABI_SOLARIS => solaris(d_tag),
            _ => None,
        };
        return match name {
            Some(s) => Cow::Borrowed(s),
            None => Cow::Owned(format!("Operating System specific: {d_tag:x}")),
        };
    }
    Cow::Owned(format!("<unknown>: {d_tag:x}"))
}

fn generic(d_tag: u64) -> Option<&'static str> {
    Some(match d_tag {
        0x0 => "NULL",
        0x1 => "NEEDED",
        0x2 => "PLTRELSZ",
        0x3 => "PLTGOT",
        0x4 => "HASH",
        0x5 => "STRTAB",
        0x6 => "SYMTAB",
        0x7 => "RELA",
        0x8 => "RELASZ",
        0x9 => "RELAENT",
        0xa => "STRSZ",
        0xb => "SYMENT",
        0xc => "INIT",
        0xd => "FINI",
        0xe => "SONAME",
        0xf => "RPATH",
        0x10 => "SYMBOLIC",
        0x11 => "REL",
        0x12 => "RELSZ",
        0x13 => "RELENT",
        0x24 => "RELR",
        0x23 => "RELRSZ",
        0x25 => "RELRENT",
        0x14 => "PLTREL",
        0x15 => "DEBUG",
        0x16 => "TEXTREL",
        0x17 => "JMPREL",
        0x18 => "BIND_NOW",
        0x19 => "INIT_ARRAY",
        0x1a => "FINI_ARRAY",
        0x1b => "INIT_ARRAYSZ",
        0x1c => "FINI_ARRAYSZ",
        0x1d => "RUNPATH",
        0x1e => "FLAGS",
        0x20 => "PREINIT_ARRAY",
        0x21 => "PREINIT_ARRAYSZ",
        0x22 => "SYMTAB_SHNDX",
        0x6fff_fdf8 => "CHECKSUM",
        0x6fff_fdf9 => "PLTPADSZ",
        0x6fff_fdfa => "MOVEENT",
        0x6fff_fdfb => "MOVESZ",
        0x6fff_fdfc => "FEATURE",
        0x6fff_fdfd => "POSFLAG_1",
        0x6fff_fdfe => "SYMINSZ",
        0x6fff_fdff => "SYMINENT",
        0x6fff_fe00 => "ADDRRNGLO",
        0x6fff_fefa => "CONFIG",
        0x6fff_fefb => "DEPAUDIT",
        0x6fff_fefc => "AUDIT",
        0x6fff_fefd => "PLTPAD",
        0x6fff_fefe => "MOVETAB",
        0x6fff_feff => "SYMINFO",
        0x6fff_fff0 => "VERSYM",
        0x6fff_fef7 => "TLSDESC_GOT",
        0x6fff_fef6 => "TLSDESC_PLT",
        0x6fff_fff9 => "RELACOUNT",
        0x6fff_fffa => "RELCOUNT",
        0x6fff_fffb => "FLAGS_1",
        0x6fff_fffc => "VERDEF",
        0x6fff_fffd => "VERDEFNUM",
        0x6fff_fffe => "VERNEED",
        0x6fff_ffff => "VERNEEDNUM",
        0x7fff_fffd => "AUXILIARY",
        0x7fff_fffe => "USED",
        0x7fff_ffff => "FILTER",
        0x6fff_fdf5 => "GNU_PRELINKED",
        0x6fff_fef8 => "GNU_CONFLICT",
        0x6fff_fdf6 => "GNU_CONFLICTSZ",
        0x6fff_fef9 => "GNU_LIBLIST",
        0x6fff_fdf7 => "GNU_LIBLISTSZ",
        0x6fff_fef5 => "GNU_HASH",
        0x6fff_fdf4 => "GNU_FLAGS_1",
        _ => return None,
    })
}

fn aarch64(d_tag: u64) -> Option<&'static str> {
    Some(match d_tag {
        0x7000_0001 => "AARCH64_BTI_PLT",
        0x7000_0003 => "AARCH64_PAC_PLT",
        0x7000_0005 => "AARCH64_VARIANT_PCS",
        _ => return None,
    })
}

fn mips(d_tag: u64) -> Option<&'static str> {
    Some(match d_tag {
        0x7000_0001 => "MIPS_RLD_VERSION",
        0x7000_0002 => "MIPS_TIME_STAMP",
        0x7000_0003 => "MIPS_ICHECKSUM",
        0x7000_0004 => "MIPS_IVERSION",
        0x7000_0005 => "MIPS_FLAGS",
        0x7000_0006 => "MIPS_BASE_ADDRESS",
        0x7000_0007 => "MIPS_MSYM",
        0x7000_0008 => "MIPS_CONFLICT",
        0x7000_0009 => "MIPS_LIBLIST",
        0x7000_000a => "MIPS_LOCAL_GOTNO",
        0x7000_000b => "MIPS_CONFLICTNO",
        0x7000_0010 => "MIPS_LIBLISTNO",
        0x7000_0011 => "MIPS_SYMTABNO",
        0x7000_0012 => "MIPS_UNREFEXTNO",
        0x7000_0013 => "MIPS_GOTSYM",
        0x7000_0014 => "MIPS_HIPAGENO",
        0x7000_0016 => "MIPS_RLD_MAP",
        0x7000_0035 => "MIPS_RLD_MAP_REL",
        0x7000_0017 => "MIPS_DELTA_CLASS",
        0x7000_0018 => "MIPS_DELTA_CLASS_NO",
        0x7000_0019 => "MIPS_DELTA_INSTANCE",
        0x7000_001a => "MIPS_DELTA_INSTANCE_NO",
        0x7000_001b => "MIPS_DELTA_RELOC",
        0x7000_001c => "MIPS_DELTA_RELOC_NO",
        0x7000_001d => "MIPS_DELTA_SYM",
        0x7000_001e => "MIPS_DELTA_SYM_NO",
        0x7000_0020 => "MIPS_DELTA_CLASSSYM",
        0x7000_0021 => "MIPS_DELTA_CLASSSYM_NO",
        0x7000_0022 => "MIPS_CXX_FLAGS",
        0x7000_0023 => "MIPS_PIXIE_INIT",
        0x7000_0024 => "MIPS_SYMBOL_LIB",
        0x7000_0025 => "MIPS_LOCALPAGE_GOTIDX",
        0x7000_0026 => "MIPS_LOCAL_GOTIDX",
        0x7000_0027 => "MIPS_HIDDEN_GOTIDX",
        0x7000_0028 => "MIPS_PROTECTED_GOTIDX",
        0x7000_0029 => "MIPS_OPTIONS",
        0x7000_002a => "MIPS_INTERFACE",
        0x7000_002b => "MIPS_DYNSTR_ALIGN",
        0x7000_002c => "MIPS_INTERFACE_SIZE",
        0x7000_002d => "MIPS_RLD_TEXT_RESOLVE_ADDR",
        0x7000_002e => "MIPS_PERF_SUFFIX",
        0x7000_002f => "MIPS_COMPACT_SIZE",
        0x7000_0030 => "MIPS_GP_VALUE",
        0x7000_0031 => "MIPS_AUX_DYNAMIC",
        0x7000_0032 => "MIPS_PLTGOT",
        0x7000_0034 => "MIPS_RWPLT",
        0x7000_0036 => "MIPS_XHASH",
        _ => return None,
    })
}

/// PA-RISC OS tags. `DT_HP_EPLTREL` and `DT_HP_EPLTRELSZ` read `HP_GST_EPLTREL(SZ)`, as in GNU.
fn parisc(d_tag: u64) -> Option<&'static str> {
    Some(match d_tag {
        0x6000_0000 => "HP_LOAD_MAP",
        0x6000_0001 => "HP_DLD_FLAGS",
        0x6000_0002 => "HP_DLD_HOOK",
        0x6000_0003 => "HP_UX10_INIT",
        0x6000_0004 => "HP_UX10_INITSZ",
        0x6000_0005 => "HP_PREINIT",
        0x6000_0006 => "HP_PREINITSZ",
        0x6000_0007 => "HP_NEEDED",
        0x6000_0008 => "HP_TIME_STAMP",
        0x6000_0009 => "HP_CHECKSUM",
        0x6000_000a => "HP_GST_SIZE",
        0x6000_000b => "HP_GST_VERSION",
        0x6000_000c => "HP_GST_HASHVAL",
        0x6000_000d => "HP_GST_EPLTREL",
        0x6000_000e => "HP_GST_EPLTRELSZ",
        0x6000_000f => "HP_FILTERED",
        0x6000_0010 => "HP_FILTER_TLS",
        0x6000_0011 => "HP_COMPAT_FILTERED",
        0x6000_0012 => "HP_LAZYLOAD",
        0x6000_0013 => "HP_BIND_NOW_COUNT",
        0x6000_0014 => "PLT",
        0x6000_0015 => "PLT_SIZE",
        0x6000_0016 => "DLT",
        0x6000_0017 => "DLT_SIZE",
        _ => return None,
    })
}

fn ia64(d_tag: u64) -> Option<&'static str> {
    Some(match d_tag {
        0x7000_0000 => "IA_64_PLT_RESERVE",
        0x6000_000d => "VMS_SUBTYPE",
        0x6000_000f => "VMS_IMGIOCNT",
        0x6000_0015 => "VMS_LNKFLAGS",
        0x6000_0017 => "VMS_VIR_MEM_BLK_SIZ",
        0x6000_0019 => "VMS_IDENT",
        0x6000_001d => "VMS_NEEDED_IDENT",
        0x6000_001f => "VMS_IMG_RELA_CNT",
        0x6000_0021 => "VMS_SEG_RELA_CNT",
        0x6000_0023 => "VMS_FIXUP_RELA_CNT",
        0x6000_0025 => "VMS_FIXUP_NEEDED",
        0x6000_0027 => "VMS_SYMVEC_CNT",
        0x6000_002b => "VMS_XLATED",
        0x6000_002d => "VMS_STACKSIZE",
        0x6000_002f => "VMS_UNWINDSZ",
        0x6000_0031 => "VMS_UNWIND_CODSEG",
        0x6000_0033 => "VMS_UNWIND_INFOSEG",
        0x6000_0035 => "VMS_LINKTIME",
        0x6000_0037 => "VMS_SEG_NO",
        0x6000_0039 => "VMS_SYMVEC_OFFSET",
        0x6000_003b => "VMS_SYMVEC_SEG",
        0x6000_003d => "VMS_UNWIND_OFFSET",
        0x6000_003f => "VMS_UNWIND_SEG",
        0x6000_0041 => "VMS_STRTAB_OFFSET",
        0x6000_0043 => "VMS_SYSVER_OFFSET",
        0x6000_0045 => "VMS_IMG_RELA_OFF",
        0x6000_0047 => "VMS_SEG_RELA_OFF",
        0x6000_0049 => "VMS_FIXUP_RELA_OFF",
        0x6000_004b => "VMS_PLTGOT_OFFSET",
        0x6000_004d => "VMS_PLTGOT_SEG",
        0x6000_004f => "VMS_FPMODE",
        _ => return None,
    })
}

fn score(d_tag: u64) -> Option<&'static str> {
    Some(match d_tag {
        0x7000_0001 => "SCORE_BASE_ADDRESS",
        0x7000_0002 => "SCORE_LOCAL_GOTNO",
        0x7000_0003 => "SCORE_SYMTABNO",
        0x7000_0004 => "SCORE_GOTSYM",
        0x7000_0005 => "SCORE_UNREFEXTNO",
        0x7000_0006 => "SCORE_HIPAGENO",
        _ => return None,
    })
}

/// TI C6000 tags. readelf asks this table only for processor tags, so the two OS tags
/// (`C6000_GSYM_OFFSET`, `C6000_GSTR_OFFSET`) never show, as in GNU.
fn tic6x(d_tag: u64) -> Option<&'static str> {
    Some(match d_tag {
        0x6000_000d => "C6000_GSYM_OFFSET",
        0x6000_000f => "C6000_GSTR_OFFSET",
        0x7000_0000 => "C6000_DSBT_BASE",
        0x7000_0001 => "C6000_DSBT_SIZE",
        0x7000_0002 => "C6000_PREEMPTMAP",
        0x7000_0003 => "C6000_DSBT_INDEX",
        _ => return None,
    })
}

fn solaris(d_tag: u64) -> Option<&'static str> {
    Some(match d_tag {
        0x6000_000d => "SUNW_AUXILIARY",
        0x6000_000e => "SUNW_RTLDINF",
        0x6000_000f => "SUNW_FILTER",
        0x6000_0010 => "SUNW_CAP",
        0x6000_0011 => "SUNW_SYMTAB",
        0x6000_0012 => "SUNW_SYMSZ",
        0x6000_0013 => "SUNW_SORTENT",
        0x6000_0014 => "SUNW_SYMSORT",
        0x6000_0015 => "SUNW_SYMSORTSZ",
        0x6000_0016 => "SUNW_TLSSORT",
        0x6000_0017 => "SUNW_TLSSORTSZ",
        0x6000_0018 => "SUNW_CAPINFO",
        0x6000_0019 => "SUNW_STRPAD",
        0x6000_001a => "SUNW_CAPCHAIN",
        0x6000_001b => "SUNW_LDMACH",
        0x6000_001d => "SUNW_CAPCHAINENT",
        0x6000_001f => "SUNW_CAPCHAINSZ",
        0x6000_0021 => "SUNW_PARENT",
        0x6000_0023 => "SUNW_ASLR",
        0x6000_0025 => "SUNW_RELAX",
        0x6000_0029 => "SUNW_NXHEAP",
        0x6000_002b => "SUNW_NXSTACK",
        0x7000_0001 => "SPARC_REGISTER",
        0x7fff_fffd => "AUXILIARY",
        0x7fff_fffe => "USED",
        0x7fff_ffff => "FILTER",
        _ => return None,
    })
}

/// `DT_FLAGS` bit names (`DF_*`), lowest bit first.
const DF_NAMES: [&str; 5] = ["ORIGIN", "SYMBOLIC", "TEXTREL", "BIND_NOW", "STATIC_TLS"];

/// `DT_FLAGS_1` bit names (`DF_1_*`), bit 0 first, as readelf tests them.
const DF_1_NAMES: [&str; 31] = [
    "NOW",
    "GLOBAL",
    "GROUP",
    "NODELETE",
    "LOADFLTR",
    "INITFIRST",
    "NOOPEN",
    "ORIGIN",
    "DIRECT",
    "TRANS",
    "INTERPOSE",
    "NODEFLIB",
    "NODUMP",
    "CONFALT",
    "ENDFILTEE",
    "DISPRELDNE",
    "DISPRELPND",
    "NODIRECT",
    "IGNMULDEF",
    "NOKSYMS",
    "NOHDR",
    "EDITED",
    "NORELOC",
    "SYMINTPOSE",
    "GLOBAUDIT",
    "SINGLETON",
    "STUB",
    "PIE",
    "KMOD",
    "WEAKFILTER",
    "NOCOMMON",
];

/// The name of one `DT_FLAGS_1` bit (`DF_1_PIE` → `"PIE"`), or `None`.
pub fn dt_flags_1_name(bit: u64) -> Option<&'static str> {
    bit_name(&DF_1_NAMES, bit)
}

/// The name of one `DT_FLAGS` bit (`DF_BIND_NOW` → `"BIND_NOW"`), or `None`.
pub fn dt_flags_name(bit: u64) -> Option<&'static str> {
    bit_name(&DF_NAMES, bit)
}

fn bit_name(names: &[&'static str], bit: u64) -> Option<&'static str> {
    if !bit.is_power_of_two() {
        return None;
    }
    names.get(bit.trailing_zeros() as usize).copied()
}

/// The value column of a `DT_FLAGS` entry (`print_dynamic_flags`): each set bit, lowest first,
/// as its name or `unknown`, separated by spaces; empty for 0.
///
/// ```
/// assert_eq!(libelf::names::dt_flags_text(0x18), "BIND_NOW STATIC_TLS");
/// assert_eq!(libelf::names::dt_flags_text(0x21), "ORIGIN unknown");
/// ```
pub fn dt_flags_text(d_val: u64) -> String {
    let mut out = Vec::new();
    let mut flags = d_val;
    while flags != 0 {
        let bit = flags & flags.wrapping_neg();
        flags &= !bit;
        out.push(dt_flags_name(bit).unwrap_or("unknown"));
    }
    out.join(" ")
}

/// `Flags:` followed by ` NAME` for each known bit in `names` order and ` %lx` for the rest,
/// or ` None` for 0: the value column of `DT_FLAGS_1`, `DT_POSFLAG_1`, `DT_FEATURE` and
/// `DT_GNU_FLAGS_1`.
fn flags_words(d_val: u64, names: &[&str]) -> String {
    if d_val == 0 {
        return "Flags: None".to_owned();
    }
    let mut out = String::from("Flags:");
    let mut rest = d_val;
    for (i, name) in names.iter().enumerate() {
        let bit = 1u64 << i;
        if rest & bit != 0 {
            out.push(' ');
            out.push_str(name);
            rest ^= bit;
        }
    }
    if rest != 0 {
        out.push_str(&format!(" {rest:x}"));
    }
    out
}

/// The value column of a `DT_FLAGS_1` entry, e.g. `"Flags: NOW PIE"`, `"Flags: None"`.
pub fn dt_flags_1_text(d_val: u64) -> String {
    flags_words(d_val, &DF_1_NAMES)
}

/// The value column of a `DT_POSFLAG_1` entry: `LAZYLOAD`, `GROUPPERM`.
pub fn dt_posflag_1_text(d_val: u64) -> String {
    flags_words(d_val, &["LAZYLOAD", "GROUPPERM"])
}

/// The value column of a `DT_FEATURE` entry: `PARINIT`, `CONFEXP`.
pub fn dt_feature_1_text(d_val: u64) -> String {
    flags_words(d_val, &["PARINIT", "CONFEXP"])
}

/// The value column of a `DT_GNU_FLAGS_1` entry: `UNIQUE`.
pub fn dt_gnu_flags_1_text(d_val: u64) -> String {
    flags_words(d_val, &["UNIQUE"])
}

/// The value column of a MIPS `DT_MIPS_FLAGS` entry (`RHF_*`): `NONE` for 0, else the names
/// of the known bits (0–14) separated by spaces. Unknown bits are not shown.
pub fn dt_mips_flags_text(d_val: u64) -> String {
    const RHF: [&str; 15] = [
        "QUICKSTART",
        "NOTPOT",
        "NO_LIBRARY_REPLACEMENT",
        "NO_MOVE",
        "SGI_ONLY",
        "GUARANTEE_INIT",
        "DELTA_C_PLUS_PLUS",
        "GUARANTEE_START_INIT",
        "PIXIE",
        "DEFAULT_DELAY_LOAD",
        "REQUICKSTART",
        "REQUICKSTARTED",
        "CORD",
        "NO_UNRES_UNDEF",
        "RLD_ORDER_SAFE",
    ];
    if d_val == 0 {
        return "NONE".to_owned();
    }
    let names: Vec<&str> = RHF
        .iter()
        .enumerate()
        .filter(|(i, _)| d_val & (1u64 << i) != 0)
        .map(|(_, n)| *n)
        .collect();
    names.join(" ")
}
