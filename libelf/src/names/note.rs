//! Note types as `readelf -n` prints them, and the names inside GNU property notes and
//! `NT_GNU_ABI_TAG`.

use std::borrow::Cow;

use super::borrowed;
use super::em::*;

/// The note-type table GNU readelf picks from a note's owner name (`process_note`).
///
/// The owner is matched by prefix, as readelf does (`"GNU"` also matches `"GNUx"`), on the
/// name up to its first NUL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum NoteOwner {
    /// No name, or one no other variant matches: the generic table (core or object notes).
    Default,
    /// `GNU`.
    Gnu,
    /// `AMDGPU`.
    Amdgpu,
    /// `FreeBSD`: FreeBSD core notes, then the generic table.
    FreeBsd,
    /// `NetBSD-CORE`: NetBSD core notes (machine-dependent ones too).
    NetBsdCore,
    /// `NetBSD` or `PaX`: readelf prints these notes on a line of its own
    /// (`process_netbsd_elf_note`).
    NetBsd,
    /// `OpenBSD`: OpenBSD core notes, then the generic table.
    OpenBsd,
    /// `SPU/…`: the type text is the rest of the owner name, and the owner shows as `SPU`.
    Spu,
    /// `IPF/VMS`: OpenVMS on IA-64.
    IpfVms,
    /// `stapsdt`: SystemTap probes.
    Stapsdt,
}

impl NoteOwner {
    /// Classify a note's owner name (`namesz` bytes, NUL included or not).
    pub fn of(name: &[u8]) -> NoteOwner {
        let name = name.split(|&b| b == 0).next().unwrap_or(&[]);
        let table: [(&[u8], NoteOwner); 11] = [
            (b"GNU", NoteOwner::Gnu),
            (b"AMDGPU", NoteOwner::Amdgpu),
            (b"FreeBSD", NoteOwner::FreeBsd),
            (b"NetBSD-CORE", NoteOwner::NetBsdCore),
            (b"NetBSD", NoteOwner::NetBsd),
            (b"PaX", NoteOwner::NetBsd),
            (b"OpenBSD", NoteOwner::OpenBsd),
            (b"SPU/", NoteOwner::Spu),
            (b"IPF/VMS", NoteOwner::IpfVms),
            (b"stapsdt", NoteOwner::Stapsdt),
            (b"", NoteOwner::Default),
        ];
        table
            .iter()
            .find(|(prefix, _)| name.starts_with(prefix))
            .map_or(NoteOwner::Default, |&(_, owner)| owner)
    }
}

/// The description readelf prints for a note (`process_note`), or `None` where it prints a
/// formatted fallback (see [`note_type_text`]).
///
/// `owner` is the note's name; `e_type` picks the core-file table for unnamed and
/// unrecognised owners; `e_machine` matters for NetBSD core notes only.
///
/// ```
/// use libelf::names::note_type;
/// assert_eq!(note_type(b"GNU\0", 3, 2, 62), Some("NT_GNU_BUILD_ID (unique build ID bitstring)"));
/// assert_eq!(note_type(b"CORE\0", 1, 4, 62), Some("NT_PRSTATUS (prstatus structure)"));
/// assert_eq!(note_type(b"Go\0", 4, 2, 62), Some("GO BUILDID"));
/// assert_eq!(note_type(b"stapsdt\0", 3, 1, 62), Some("NT_STAPSDT (SystemTap probe descriptors)"));
/// ```
pub fn note_type(owner: &[u8], n_type: u32, e_type: u16, e_machine: u16) -> Option<&'static str> {
    borrowed(note_type_text(owner, n_type, e_type, e_machine))
}

/// Exactly what readelf prints after the data size of a note; unknown types read
/// `Unknown note type: (0x%08x)`.
///
/// For `SPU/` owners it is the rest of the owner name. For `NetBSD` and `PaX` owners readelf
/// prints its own line; this gives the keyword it uses there (`IDENT`, `MARCH`, `PaX`) or
/// the unknown-type text.
pub fn note_type_text(owner: &[u8], n_type: u32, e_type: u16, e_machine: u16) -> Cow<'static, str> {
    let name = match NoteOwner::of(owner) {
        NoteOwner::Default => default(n_type, e_type),
        NoteOwner::Gnu => gnu(n_type),
        NoteOwner::Amdgpu => match n_type {
            32 => Some("NT_AMDGPU_METADATA (code object metadata)"),
            _ => None,
        },
        NoteOwner::FreeBsd => freebsd(n_type).or_else(|| default(n_type, e_type)),
        NoteOwner::NetBsdCore => return netbsd_core(n_type, e_machine),
        NoteOwner::NetBsd => match n_type {
            1 => Some("IDENT"),
            3 => Some("PaX"),
            5 => Some("MARCH"),
            _ => None,
        },
        NoteOwner::OpenBsd => openbsd(n_type).or_else(|| default(n_type, e_type)),
        NoteOwner::Spu => {
            let name = owner.split(|&b| b == 0).next().unwrap_or(&[]);
            let rest = name.get(4..).unwrap_or(&[]);
            return Cow::Owned(String::from_utf8_lossy(rest).into_owned());
        }
        NoteOwner::IpfVms => ia64_vms(n_type),
        NoteOwner::Stapsdt => match n_type {
            3 => Some("NT_STAPSDT (SystemTap probe descriptors)"),
            _ => None,
        },
    };
    match name {
        Some(s) => Cow::Borrowed(s),
        None => Cow::Owned(unknown(n_type)),
    }
}

fn unknown(n_type: u32) -> String {
    format!("Unknown note type: (0x{n_type:08x})")
}

/// `get_note_type`: core notes for `ET_CORE`, a few object notes otherwise.
fn default(n_type: u32, e_type: u16) -> Option<&'static str> {
    const ET_CORE: u16 = 4;
    if e_type == ET_CORE {
        core(n_type)
    } else {
        Some(match n_type {
            1 => "NT_VERSION (version)",
            2 => "NT_ARCH (architecture)",
            0x100 => "OPEN",
            0x101 => "func",
            4 => "GO BUILDID",
            0xcafe_1a7e => "FDO_PACKAGING_METADATA",
            _ => return None,
        })
    }
}

fn core(n_type: u32) -> Option<&'static str> {
    Some(match n_type {
        6 => "NT_AUXV (auxiliary vector)",
        1 => "NT_PRSTATUS (prstatus structure)",
        2 => "NT_FPREGSET (floating point registers)",
        3 => "NT_PRPSINFO (prpsinfo structure)",
        4 => "NT_TASKSTRUCT (task structure)",
        0xff00_0000 => "NT_GDB_TDESC (GDB XML target description)",
        0x46e6_2b7f => "NT_PRXFPREG (user_xfpregs structure)",
        0x100 => "NT_PPC_VMX (ppc Altivec registers)",
        0x102 => "NT_PPC_VSX (ppc VSX registers)",
        0x103 => "NT_PPC_TAR (ppc TAR register)",
        0x104 => "NT_PPC_PPR (ppc PPR register)",
        0x105 => "NT_PPC_DSCR (ppc DSCR register)",
        0x106 => "NT_PPC_EBB (ppc EBB registers)",
        0x107 => "NT_PPC_PMU (ppc PMU registers)",
        0x108 => "NT_PPC_TM_CGPR (ppc checkpointed GPR registers)",
        0x109 => "NT_PPC_TM_CFPR (ppc checkpointed floating point registers)",
        0x10a => "NT_PPC_TM_CVMX (ppc checkpointed Altivec registers)",
        0x10b => "NT_PPC_TM_CVSX (ppc checkpointed VSX registers)",
        0x10c => "NT_PPC_TM_SPR (ppc TM special purpose registers)",
        0x10d => "NT_PPC_TM_CTAR (ppc checkpointed TAR register)",
        0x10e => "NT_PPC_TM_CPPR (ppc checkpointed PPR register)",
        0x10f => "NT_PPC_TM_CDSCR (ppc checkpointed DSCR register)",
        0x200 => "NT_386_TLS (x86 TLS information)",
        0x201 => "NT_386_IOPERM (x86 I/O permissions)",
        0x202 => "NT_X86_XSTATE (x86 XSAVE extended state)",
        0x203 => "NT_X86_CET (x86 CET state)",
        0x300 => "NT_S390_HIGH_GPRS (s390 upper register halves)",
        0x301 => "NT_S390_TIMER (s390 timer register)",
        0x302 => "NT_S390_TODCMP (s390 TOD comparator register)",
        0x303 => "NT_S390_TODPREG (s390 TOD programmable register)",
        0x304 => "NT_S390_CTRS (s390 control registers)",
        0x305 => "NT_S390_PREFIX (s390 prefix register)",
        0x306 => "NT_S390_LAST_BREAK (s390 last breaking event address)",
        0x307 => "NT_S390_SYSTEM_CALL (s390 system call restart data)",
        0x308 => "NT_S390_TDB (s390 transaction diagnostic block)",
        0x309 => "NT_S390_VXRS_LOW (s390 vector registers 0-15 upper half)",
        0x30a => "NT_S390_VXRS_HIGH (s390 vector registers 16-31)",
        0x30b => "NT_S390_GS_CB (s390 guarded-storage registers)",
        0x30c => "NT_S390_GS_BC (s390 guarded-storage broadcast control)",
        0x400 => "NT_ARM_VFP (arm VFP registers)",
        0x401 => "NT_ARM_TLS (AArch TLS registers)",
        0x402 => "NT_ARM_HW_BREAK (AArch hardware breakpoint registers)",
        0x403 => "NT_ARM_HW_WATCH (AArch hardware watchpoint registers)",
        0x404 => "NT_ARM_SYSTEM_CALL (AArch system call number)",
        0x405 => "NT_ARM_SVE (AArch SVE registers)",
        0x406 => "NT_ARM_PAC_MASK (AArch pointer authentication code masks)",
        0x407 => "NT_ARM_PACA_KEYS (ARM pointer authentication address keys)",
        0x408 => "NT_ARM_PACG_KEYS (ARM pointer authentication generic keys)",
        0x409 => "NT_ARM_TAGGED_ADDR_CTRL (AArch tagged address control)",
        0x40a => "NT_ARM_PAC_ENABLED_KEYS (AArch64 pointer authentication enabled keys)",
        0x600 => "NT_ARC_V2 (ARC HS accumulator/extra registers)",
        0x900 => "NT_RISCV_CSR (RISC-V control and status registers)",
        0xa => "NT_PSTATUS (pstatus structure)",
        0xc => "NT_FPREGS (floating point registers)",
        0xd => "NT_PSINFO (psinfo structure)",
        0x10 => "NT_LWPSTATUS (lwpstatus_t structure)",
        0x11 => "NT_LWPSINFO (lwpsinfo_t structure)",
        0x12 => "NT_WIN32PSTATUS (win32_pstatus structure)",
        0x5349_4749 => "NT_SIGINFO (siginfo_t data)",
        0x4649_4c45 => "NT_FILE (mapped files)",
        _ => return None,
    })
}

fn gnu(n_type: u32) -> Option<&'static str> {
    Some(match n_type {
        1 => "NT_GNU_ABI_TAG (ABI version tag)",
        2 => "NT_GNU_HWCAP (DSO-supplied software HWCAP info)",
        3 => "NT_GNU_BUILD_ID (unique build ID bitstring)",
        4 => "NT_GNU_GOLD_VERSION (gold version)",
        5 => "NT_GNU_PROPERTY_TYPE_0",
        0x100 => "NT_GNU_BUILD_ATTRIBUTE_OPEN",
        0x101 => "NT_GNU_BUILD_ATTRIBUTE_FUNC",
        _ => return None,
    })
}

fn freebsd(n_type: u32) -> Option<&'static str> {
    Some(match n_type {
        7 => "NT_THRMISC (thrmisc structure)",
        8 => "NT_PROCSTAT_PROC (proc data)",
        9 => "NT_PROCSTAT_FILES (files data)",
        10 => "NT_PROCSTAT_VMMAP (vmmap data)",
        11 => "NT_PROCSTAT_GROUPS (groups data)",
        12 => "NT_PROCSTAT_UMASK (umask data)",
        13 => "NT_PROCSTAT_RLIMIT (rlimit data)",
        14 => "NT_PROCSTAT_OSREL (osreldate data)",
        15 => "NT_PROCSTAT_PSSTRINGS (ps_strings data)",
        16 => "NT_PROCSTAT_AUXV (auxv data)",
        17 => "NT_PTLWPINFO (ptrace_lwpinfo structure)",
        0x200 => "NT_X86_SEGBASES (x86 segment base registers)",
        _ => return None,
    })
}

fn openbsd(n_type: u32) -> Option<&'static str> {
    Some(match n_type {
        10 => "OpenBSD procinfo structure",
        11 => "OpenBSD ELF auxiliary vector data",
        20 => "OpenBSD regular registers",
        21 => "OpenBSD floating point registers",
        23 => "OpenBSD window cookie",
        _ => return None,
    })
}

/// `get_netbsd_elfcore_note_type`: machine-independent types below 32, then per machine
/// `PT_GETREGS` / `PT_GETFPREGS` (at 32+0/+2 on Alpha and SPARC, 32+3/+5 and the old
/// `PT___GETREGS40` at 32+1 on SuperH, 32+1/+3 elsewhere), else `PT_FIRSTMACH+%d`.
fn netbsd_core(n_type: u32, e_machine: u16) -> Cow<'static, str> {
    const FIRSTMACH: u32 = 32;
    let name = match n_type {
        1 => Some("NetBSD procinfo structure"),
        2 => Some("NetBSD ELF auxiliary vector data"),
        24 => Some("PT_LWPSTATUS (ptrace_lwpstatus structure)"),
        _ if n_type < FIRSTMACH => return Cow::Owned(unknown(n_type)),
        _ => {
            let m = n_type - FIRSTMACH;
            match e_machine {
                EM_OLD_ALPHA | EM_ALPHA | EM_SPARC | EM_SPARC32PLUS | EM_SPARCV9 => match m {
                    0 => Some("PT_GETREGS (reg structure)"),
                    2 => Some("PT_GETFPREGS (fpreg structure)"),
                    _ => None,
                },
                EM_SH => match m {
                    1 => Some("PT___GETREGS40 (old reg structure)"),
                    3 => Some("PT_GETREGS (reg structure)"),
                    5 => Some("PT_GETFPREGS (fpreg structure)"),
                    _ => None,
                },
                _ => match m {
                    1 => Some("PT_GETREGS (reg structure)"),
                    3 => Some("PT_GETFPREGS (fpreg structure)"),
                    _ => None,
                },
            }
        }
    };
    match name {
        Some(s) => Cow::Borrowed(s),
        // GNU prints the difference of two unsigned ints with %d.
        None => Cow::Owned(format!(
            "PT_FIRSTMACH+{}",
            n_type.wrapping_sub(FIRSTMACH) as i32
        )),
    }
}

fn ia64_vms(n_type: u32) -> Option<&'static str> {
    Some(match n_type {
        1 => "NT_VMS_MHD (module header)",
        2 => "NT_VMS_LNM (language name)",
        3 => "NT_VMS_SRC (source files)",
        4 => "NT_VMS_TITLE",
        5 => "NT_VMS_EIDC (consistency check)",
        6 => "NT_VMS_FPMODE (FP mode)",
        101 => "NT_VMS_LINKTIME",
        102 => "NT_VMS_IMGNAM (image name)",
        103 => "NT_VMS_IMGID (image id)",
        104 => "NT_VMS_LINKID (link id)",
        105 => "NT_VMS_IMGBID (build id)",
        106 => "NT_VMS_GSTNAM (sym table name)",
        107 => "NT_VMS_ORIG_DYN",
        108 => "NT_VMS_PATCHTIME",
        _ => return None,
    })
}

/// The V850/RH850 `.note.renesas` entry names (`get_v850_elf_note_type`), or `None`
/// (GNU prints `Unknown note type: (0x%08x)`).
pub fn v850_note_type(n_type: u32) -> Option<&'static str> {
    Some(match n_type {
        1 => "Alignment of 8-byte objects",
        2 => "Sizeof double and long double",
        3 => "Type of FPU support needed",
        4 => "Use of SIMD instructions",
        5 => "Use of cache",
        6 => "Use of MMU",
        _ => return None,
    })
}

/// The OS name in an `NT_GNU_ABI_TAG` note (`OS: %s, ABI: …`): `Linux`, `Hurd`, `Solaris`,
/// `FreeBSD`, `NetBSD`, `Syllable`, `NaCl`, else `Unknown`.
pub fn gnu_abi_tag_os(os: u32) -> &'static str {
    match os {
        0 => "Linux",
        1 => "Hurd",
        2 => "Solaris",
        3 => "FreeBSD",
        4 => "NetBSD",
        5 => "Syllable",
        6 => "NaCl",
        _ => "Unknown",
    }
}

/// A bitmask-valued GNU property readelf decodes into names (`print_gnu_property_note`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum GnuPropertyBits {
    /// `GNU_PROPERTY_X86_ISA_1_USED` / `_NEEDED`: `x86-64-baseline`, `x86-64-v2`, ….
    X86Isa1,
    /// `GNU_PROPERTY_X86_COMPAT_ISA_1_USED` / `_NEEDED`: `i486`, `586`, `686`, `SSE`, ….
    X86CompatIsa1,
    /// `GNU_PROPERTY_X86_COMPAT_2_ISA_1_USED` / `_NEEDED`: `CMOV`, `SSE`, … (`<None>` for 0).
    X86Compat2Isa1,
    /// `GNU_PROPERTY_X86_FEATURE_1_AND`: `IBT`, `SHSTK`, `LAM_U48`, `LAM_U57` (`<None>` for 0).
    X86Feature1,
    /// `GNU_PROPERTY_X86_FEATURE_2_USED` / `_NEEDED`: `x86`, `x87`, `MMX`, … (`<None>` for 0).
    X86Feature2,
    /// `GNU_PROPERTY_AARCH64_FEATURE_1_AND`: `BTI`, `PAC`.
    Aarch64Feature1,
    /// `GNU_PROPERTY_1_NEEDED`: `indirect external access`.
    Needed1,
}

impl GnuPropertyBits {
    /// The name of one bit, or `None` (GNU prints `<unknown: %x>` with the bit's value).
    pub fn bit_name(self, bit: u32) -> Option<&'static str> {
        const X86_ISA_1: [&str; 4] = ["x86-64-baseline", "x86-64-v2", "x86-64-v3", "x86-64-v4"];
        const X86_COMPAT_ISA_1: [&str; 18] = [
            "i486", "586", "686", "SSE", "SSE2", "SSE3", "SSSE3", "SSE4_1", "SSE4_2", "AVX",
            "AVX2", "AVX512F", "AVX512CD", "AVX512ER", "AVX512PF", "AVX512VL", "AVX512DQ",
            "AVX512BW",
        ];
        const X86_COMPAT_2_ISA_1: [&str; 25] = [
            "CMOV",
            "SSE",
            "SSE2",
            "SSE3",
            "SSSE3",
            "SSE4_1",
            "SSE4_2",
            "AVX",
            "AVX2",
            "FMA",
            "AVX512F",
            "AVX512CD",
            "AVX512ER",
            "AVX512PF",
            "AVX512VL",
            "AVX512DQ",
            "AVX512BW",
            "AVX512_4FMAPS",
            "AVX512_4VNNIW",
            "AVX512_BITALG",
            "AVX512_IFMA",
            "AVX512_VBMI",
            "AVX512_VBMI2",
            "AVX512_VNNI",
            "AVX512_BF16",
        ];
        const X86_FEATURE_1: [&str; 4] = ["IBT", "SHSTK", "LAM_U48", "LAM_U57"];
        const X86_FEATURE_2: [&str; 12] = [
            "x86", "x87", "MMX", "XMM", "YMM", "ZMM", "FXSR", "XSAVE", "XSAVEOPT", "XSAVEC", "TMM",
            "MASK",
        ];
        const AARCH64_FEATURE_1: [&str; 2] = ["BTI", "PAC"];
        const NEEDED_1: [&str; 1] = ["indirect external access"];
        let names: &[&'static str] = match self {
            GnuPropertyBits::X86Isa1 => &X86_ISA_1,
            GnuPropertyBits::X86CompatIsa1 => &X86_COMPAT_ISA_1,
            GnuPropertyBits::X86Compat2Isa1 => &X86_COMPAT_2_ISA_1,
            GnuPropertyBits::X86Feature1 => &X86_FEATURE_1,
            GnuPropertyBits::X86Feature2 => &X86_FEATURE_2,
            GnuPropertyBits::Aarch64Feature1 => &AARCH64_FEATURE_1,
            GnuPropertyBits::Needed1 => &NEEDED_1,
        };
        if !bit.is_power_of_two() {
            return None;
        }
        names.get(bit.trailing_zeros() as usize).copied()
    }

    /// A whole bitmask as readelf prints it: the bits lowest first, by name or as
    /// `<unknown: %x>`, joined by `", "`. Zero prints `<None>` for the kinds GNU says so for
    /// (compat-2 ISA, feature 1 and 2) and nothing for the others.
    ///
    /// ```
    /// use libelf::names::GnuPropertyBits;
    /// assert_eq!(GnuPropertyBits::X86Feature1.text(3), "IBT, SHSTK");
    /// assert_eq!(GnuPropertyBits::X86Isa1.text(0x11), "x86-64-baseline, <unknown: 10>");
    /// assert_eq!(GnuPropertyBits::X86Feature2.text(0), "<None>");
    /// ```
    pub fn text(self, bitmask: u32) -> String {
        if bitmask == 0 {
            return match self {
                GnuPropertyBits::X86Compat2Isa1
                | GnuPropertyBits::X86Feature1
                | GnuPropertyBits::X86Feature2 => "<None>".to_owned(),
                _ => String::new(),
            };
        }
        let mut parts = Vec::new();
        let mut rest = bitmask;
        while rest != 0 {
            let bit = rest & rest.wrapping_neg();
            rest &= !bit;
            parts.push(match self.bit_name(bit) {
                Some(s) => s.to_owned(),
                None => format!("<unknown: {bit:x}>"),
            });
        }
        parts.join(", ")
    }
}

/// The label readelf prints before a bitmask-valued GNU property, and how to decode the
/// bitmask: e.g. `("x86 ISA used", X86Isa1)` for `GNU_PROPERTY_X86_ISA_1_USED` on x86.
///
/// Processor properties (`0xc000_0000..=0xdfff_ffff`) count on x86-64, i386 and IAMCU
/// (x86) and AArch64 only; `GNU_PROPERTY_1_NEEDED` (`0xb000_8000`) on every machine.
/// Other properties (`stack size`, `no copy on protected`, `UINT32_AND (%#x)`,
/// `UINT32_OR (%#x)`, unknown ones) have values readelf formats itself.
pub fn gnu_property_bits(pr_type: u32, e_machine: u16) -> Option<(&'static str, GnuPropertyBits)> {
    use GnuPropertyBits::*;
    if pr_type == 0xb000_8000 {
        return Some(("1_needed", Needed1));
    }
    match e_machine {
        EM_X86_64 | EM_IAMCU | EM_386 => Some(match pr_type {
            0xc001_0002 => ("x86 ISA used", X86Isa1),
            0xc000_8002 => ("x86 ISA needed", X86Isa1),
            0xc000_0002 => ("x86 feature", X86Feature1),
            0xc001_0001 => ("x86 feature used", X86Feature2),
            0xc000_8001 => ("x86 feature needed", X86Feature2),
            0xc000_0000 => ("x86 ISA used", X86CompatIsa1),
            0xc000_0001 => ("x86 ISA needed", X86CompatIsa1),
            0xc001_0000 => ("x86 ISA used", X86Compat2Isa1),
            0xc000_8000 => ("x86 ISA needed", X86Compat2Isa1),
            _ => return None,
        }),
        EM_AARCH64 if pr_type == 0xc000_0000 => Some(("AArch64 feature", Aarch64Feature1)),
        _ => None,
    }
}

/// The text readelf prints for the attribute byte of a GNU build attribute note's name
/// (`print_gnu_build_attribute_name`): `<version>`, `<stack prot>`, `<relro>`,
/// `<stack size>`, `<tool>`, `<ABI>`, `<PIC>`, `<short enum>` for 1–8. Other printable
/// bytes start a literal attribute name; others read `<unknown:_%d>`.
pub fn gnu_build_attribute(attr: u8) -> Option<&'static str> {
    Some(match attr {
        1 => "<version>",
        2 => "<stack prot>",
        3 => "<relro>",
        4 => "<stack size>",
        5 => "<tool>",
        6 => "<ABI>",
        7 => "<PIC>",
        8 => "<short enum>",
        _ => return None,
    })
}

/// The decoded value of a numeric GNU build attribute: `<PIC>` (7) values `static`,
/// `pic`, `PIC`, `pie`, `PIE`; `<stack prot>` (2) values `off`, `on`, `all`, `strong`,
/// `explicit`. `None` means readelf prints the number in hex.
pub fn gnu_build_attribute_value(attr: u8, value: u64) -> Option<&'static str> {
    const PIC: [&str; 5] = ["static", "pic", "PIC", "pie", "PIE"];
    const STACK_PROT: [&str; 5] = ["off", "on", "all", "strong", "explicit"];
    let table: &[&'static str] = match attr {
        7 => &PIC,
        2 => &STACK_PROT,
        _ => return None,
    };
    usize::try_from(value)
        .ok()
        .and_then(|i| table.get(i).copied())
}
