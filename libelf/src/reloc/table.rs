//! Which relocation types each machine applies, and how: GNU readelf's tables of the
//! types that appear in debug sections (`is_32bit_abs_reloc`, `is_64bit_pcrel_reloc`, …),
//! read for facts and written as one lookup, plus the few more that BFD applies to
//! debug sections.

#![allow(clippy::wildcard_imports)]

use super::{Howto, Op, Target, TypeSet};
use crate::names::em::*;

/// How relocation type `r_type` of `target`'s machine changes the bytes at its place,
/// or `None` if it is not one of the types of `types`.
///
/// Relocations that only make sense with a neighbour (MSP430 and MN10300 `SYM_DIFF`,
/// RL78's stack) are not described here: [`super::Relocator`] keeps their state.
pub fn howto(target: &Target, types: TypeSet, r_type: u32) -> Option<Howto> {
    let (m, t) = (target.machine, r_type);
    if is_none(m, t) {
        return Some(Howto::new(Op::None, 0));
    }
    let h = if is_32bit_abs(m, t) == Some(true) {
        Howto::new(Op::Abs, 4)
    } else if is_32bit_pcrel(m, t) {
        Howto::new(Op::PcRel, 4)
    } else if is_64bit_abs(m, t) {
        Howto::new(Op::Abs, 8)
    } else if is_64bit_pcrel(m, t) {
        Howto::new(Op::PcRel, 8)
    } else if is_24bit_abs(m, t) {
        Howto::new(Op::Abs, 3)
    } else if is_16bit_abs(m, target.uses_msp430x_relocs(), t) {
        Howto::new(Op::Abs, 2)
    } else if is_8bit_abs(m, t) {
        Howto::new(Op::Abs, 1)
    } else if is_6bit_abs(m, t) {
        Howto::new(Op::Set6, 1)
    } else if let Some((size, sub)) = inplace(m, t) {
        let op = match (sub, t) {
            (true, 52) => Op::Sub6,
            (true, _) => Op::Sub,
            (false, _) => Op::Add,
        };
        Howto::new(op, size)
    } else if types == TypeSet::Bfd {
        bfd_extra(m, t)?
    } else {
        return None;
    };
    // R_XTENSA_32, R_PJ_DATA_DIR32 and R_D30V_32_NORMAL are partial_inplace: the
    // stored word is added to the addend even in RELA.
    let partial_inplace = (t == 1 && matches!(m, EM_XTENSA | EM_PJ | EM_PJ_OLD))
        || (t == 12 && matches!(m, EM_D30V | EM_CYGNUS_D30V));
    Some(Howto {
        partial_inplace,
        ..h
    })
}

/// Whether GNU readelf knows the relocation types of `machine` (its
/// `is_32bit_abs_reloc` has an entry for it; it complains about the others).
pub fn knows_machine(machine: u16) -> bool {
    is_32bit_abs(machine, 0).is_some()
}

/// Types BFD applies to debug sections that GNU readelf 2.40 does not.
fn bfd_extra(m: u16, t: u32) -> Option<Howto> {
    let (op, size) = match (m, t) {
        (_, 0) | (EM_RISCV, 51) => (Op::None, 0), // *_NONE, R_RISCV_RELAX
        (EM_X86_64 | EM_L1OM | EM_K1OM, 11) => (Op::Abs, 4), // R_X86_64_32S
        (EM_AARCH64, 259) => (Op::Abs, 2),        // R_AARCH64_ABS16
        (EM_RISCV, 56) => (Op::Abs, 4),           // R_RISCV_SET32
        (EM_LOONGARCH, 47) => (Op::Add, 1),       // R_LARCH_ADD8
        (EM_LOONGARCH, 48) => (Op::Add, 2),
        (EM_LOONGARCH, 50) => (Op::Add, 4),
        (EM_LOONGARCH, 51) => (Op::Add, 8),
        (EM_LOONGARCH, 52) => (Op::Sub, 1), // R_LARCH_SUB8
        (EM_LOONGARCH, 53) => (Op::Sub, 2),
        (EM_LOONGARCH, 55) => (Op::Sub, 4),
        (EM_LOONGARCH, 56) => (Op::Sub, 8),
        _ => return None,
    };
    Some(Howto::new(op, size))
}

/// GNU's `is_32bit_abs_reloc`; `None` for a machine it does not know (it is the table
/// that decides which machines are known).
fn is_32bit_abs(m: u16, t: u32) -> Option<bool> {
    match m {
        EM_386 | EM_IAMCU => Some(t == 1),
        EM_68K => Some(t == 1),
        EM_860 => Some(t == 1),
        EM_960 => Some(t == 2),
        EM_AARCH64 => Some(t == 258 || t == 1),
        EM_BPF => Some(t == 11),
        EM_ADAPTEVA_EPIPHANY => Some(t == 3),
        EM_ALPHA => Some(t == 1),
        EM_ARC => Some(t == 1),
        EM_ARC_COMPACT | EM_ARC_COMPACT2 => Some(t == 4),
        EM_ARM => Some(t == 2),
        EM_AVR_OLD | EM_AVR => Some(t == 1),
        EM_BLACKFIN => Some(t == 0x12),
        EM_CRIS => Some(t == 3),
        EM_CR16 => Some(t == 3),
        EM_CRX => Some(t == 15),
        EM_CSKY => Some(t == 1),
        EM_CYGNUS_FRV => Some(t == 1),
        EM_CYGNUS_D10V | EM_D10V => Some(t == 6),
        EM_CYGNUS_D30V | EM_D30V => Some(t == 12),
        EM_DLX => Some(t == 3),
        EM_CYGNUS_FR30 | EM_FR30 => Some(t == 3),
        EM_FT32 => Some(t == 1),
        EM_H8S | EM_H8_300 | EM_H8_300H => Some(t == 1),
        EM_IA_64 => Some(matches!(t, 0x64 | 0x65 | 0x24 | 0x25)),
        EM_IP2K_OLD | EM_IP2K => Some(t == 2),
        EM_IQ2000 => Some(t == 2),
        EM_LATTICEMICO32 => Some(t == 3),
        EM_LOONGARCH => Some(t == 1),
        EM_M32C_OLD | EM_M32C => Some(t == 3),
        EM_M32R => Some(t == 34),
        EM_68HC11 | EM_68HC12 => Some(t == 6),
        EM_S12Z => Some(t == 7 || t == 6),
        EM_MCORE => Some(t == 1),
        EM_CYGNUS_MEP => Some(t == 4),
        EM_METAG => Some(t == 2),
        EM_MICROBLAZE => Some(t == 1),
        EM_MIPS => Some(t == 2),
        EM_MMIX => Some(t == 4),
        EM_CYGNUS_MN10200 | EM_MN10200 => Some(t == 1),
        EM_CYGNUS_MN10300 | EM_MN10300 => Some(t == 1),
        EM_MOXIE => Some(t == 1),
        EM_MSP430_OLD | EM_MSP430 => Some(t == 1),
        EM_MT => Some(t == 2),
        EM_NDS32 => Some(t == 20),
        EM_ALTERA_NIOS2 => Some(t == 12),
        EM_NIOS32 => Some(t == 1),
        EM_OR1K => Some(t == 1),
        EM_PARISC => Some(matches!(t, 1 | 2 | 41)),
        EM_PJ | EM_PJ_OLD => Some(t == 1),
        EM_PPC64 => Some(t == 1),
        EM_PPC => Some(t == 1),
        EM_TI_PRU => Some(t == 11),
        EM_RISCV => Some(t == 1),
        EM_RL78 => Some(t == 1),
        EM_RX => Some(t == 1),
        EM_S370 => Some(t == 1),
        EM_S390_OLD | EM_S390 => Some(t == 4),
        EM_SCORE => Some(t == 8),
        EM_SH => Some(t == 1),
        EM_SPARC32PLUS | EM_SPARCV9 | EM_SPARC => Some(t == 3 || t == 23),
        EM_SPU => Some(t == 6),
        EM_TI_C6000 => Some(t == 1),
        EM_TILEGX => Some(t == 2),
        EM_TILEPRO => Some(t == 1),
        EM_CYGNUS_V850 | EM_V850 => Some(t == 6),
        EM_V800 => Some(t == 0x33),
        EM_VAX => Some(t == 1),
        EM_VISIUM => Some(t == 3),
        EM_WEBASSEMBLY => Some(t == 1),
        EM_X86_64 | EM_L1OM | EM_K1OM => Some(t == 10),
        EM_XGATE => Some(t == 4),
        EM_XSTORMY16 => Some(t == 1),
        EM_XTENSA_OLD | EM_XTENSA => Some(t == 1),
        EM_Z80 => Some(t == 6),
        _ => None,
    }
}

/// GNU's `is_32bit_pcrel_reloc`.
fn is_32bit_pcrel(m: u16, t: u32) -> bool {
    match m {
        EM_386 | EM_IAMCU => t == 2,
        EM_68K => t == 4,
        EM_AARCH64 => t == 261,
        EM_ADAPTEVA_EPIPHANY => t == 6,
        EM_ALPHA => t == 10,
        EM_ARC_COMPACT | EM_ARC_COMPACT2 => t == 49,
        EM_ARM => t == 3,
        EM_AVR_OLD | EM_AVR => t == 36,
        EM_LOONGARCH => t == 99,
        EM_MICROBLAZE => t == 2,
        EM_OR1K => t == 9,
        EM_PARISC => t == 9,
        EM_PPC => t == 26,
        EM_PPC64 => t == 26,
        EM_RISCV => t == 57,
        EM_S390_OLD | EM_S390 => t == 5,
        EM_SH => t == 2,
        EM_SPARC32PLUS | EM_SPARCV9 | EM_SPARC => t == 6,
        EM_SPU => t == 13,
        EM_TILEGX => t == 6,
        EM_TILEPRO => t == 4,
        EM_VISIUM => t == 6,
        EM_X86_64 | EM_L1OM | EM_K1OM => t == 2,
        EM_VAX => t == 4,
        EM_XTENSA_OLD | EM_XTENSA => t == 14,
        _ => false,
    }
}

/// GNU's `is_64bit_abs_reloc`.
fn is_64bit_abs(m: u16, t: u32) -> bool {
    match m {
        EM_AARCH64 => t == 257,
        EM_ALPHA => t == 2,
        EM_IA_64 => t == 0x26 || t == 0x27,
        EM_LOONGARCH => t == 2,
        EM_PARISC => t == 80,
        EM_PPC64 => t == 38,
        EM_RISCV => t == 2,
        EM_SPARC32PLUS | EM_SPARCV9 | EM_SPARC => t == 32 || t == 54,
        EM_X86_64 | EM_L1OM | EM_K1OM => t == 1,
        EM_S390_OLD | EM_S390 => t == 22,
        EM_TILEGX => t == 1,
        EM_MIPS => t == 18,
        _ => false,
    }
}

/// GNU's `is_64bit_pcrel_reloc`.
fn is_64bit_pcrel(m: u16, t: u32) -> bool {
    match m {
        EM_AARCH64 => t == 260,
        EM_ALPHA => t == 11,
        EM_IA_64 => t == 0x4e || t == 0x4f,
        EM_PARISC => t == 72,
        EM_PPC64 => t == 44,
        EM_SPARC32PLUS | EM_SPARCV9 | EM_SPARC => t == 46,
        EM_X86_64 | EM_L1OM | EM_K1OM => t == 24,
        EM_S390_OLD | EM_S390 => t == 23,
        EM_TILEGX => t == 5,
        _ => false,
    }
}

/// GNU's `is_24bit_abs_reloc`.
fn is_24bit_abs(m: u16, t: u32) -> bool {
    match m {
        EM_CYGNUS_MN10200 | EM_MN10200 => t == 4,
        EM_FT32 => t == 5,
        EM_Z80 => t == 5,
        _ => false,
    }
}

/// GNU's `is_16bit_abs_reloc`.
fn is_16bit_abs(m: u16, msp430x: bool, t: u32) -> bool {
    match m {
        EM_ARC | EM_ARC_COMPACT | EM_ARC_COMPACT2 => t == 2,
        EM_ADAPTEVA_EPIPHANY => t == 5,
        EM_AVR_OLD | EM_AVR => t == 4,
        EM_CYGNUS_D10V | EM_D10V => t == 3,
        EM_FT32 => t == 2,
        EM_H8S | EM_H8_300 | EM_H8_300H => t == 17,
        EM_IP2K_OLD | EM_IP2K => t == 1,
        EM_M32C_OLD | EM_M32C => t == 1,
        EM_CYGNUS_MN10200 | EM_MN10200 => t == 2,
        EM_CYGNUS_MN10300 | EM_MN10300 => t == 2,
        EM_MSP430 if msp430x => t == 2,
        EM_MSP430 | EM_MSP430_OLD => t == 5,
        EM_NDS32 => t == 19,
        EM_ALTERA_NIOS2 => t == 13,
        EM_NIOS32 => t == 9,
        EM_OR1K => t == 2,
        EM_RISCV => t == 55,
        EM_TI_PRU => t == 8,
        EM_TI_C6000 => t == 2,
        EM_VISIUM => t == 2,
        EM_XGATE => t == 3,
        EM_Z80 => t == 4,
        _ => false,
    }
}

/// GNU's `is_8bit_abs_reloc`.
fn is_8bit_abs(m: u16, t: u32) -> bool {
    match m {
        EM_RISCV => t == 54,
        EM_Z80 => t == 1,
        _ => false,
    }
}

/// GNU's `is_6bit_abs_reloc`.
fn is_6bit_abs(m: u16, t: u32) -> bool {
    m == EM_RISCV && t == 53
}

/// GNU's in-place add/sub tables (all RISC-V): `(size, subtract)`.
fn inplace(m: u16, t: u32) -> Option<(u8, bool)> {
    if m != EM_RISCV {
        return None;
    }
    Some(match t {
        39 => (4, true),
        35 => (4, false),
        40 => (8, true),
        36 => (8, false),
        38 => (2, true),
        34 => (2, false),
        37 => (1, true),
        33 => (1, false),
        52 => (1, true),
        _ => return None,
    })
}

/// GNU's `is_none_reloc`.
fn is_none(m: u16, t: u32) -> bool {
    match m {
        EM_386 | EM_68K | EM_ADAPTEVA_EPIPHANY | EM_ALPHA | EM_ALTERA_NIOS2 | EM_ARC
        | EM_ARC_COMPACT2 | EM_ARC_COMPACT | EM_ARM | EM_CRIS | EM_FT32 | EM_IA_64 | EM_K1OM
        | EM_L1OM | EM_M32R | EM_MIPS | EM_MN10300 | EM_MOXIE | EM_NIOS32 | EM_OR1K | EM_PARISC
        | EM_PPC64 | EM_PPC | EM_RISCV | EM_S390 | EM_S390_OLD | EM_SH | EM_SPARC32PLUS
        | EM_SPARC | EM_SPARCV9 | EM_TILEGX | EM_TILEPRO | EM_TI_C6000 | EM_X86_64 | EM_Z80
        | EM_WEBASSEMBLY => t == 0,
        EM_AARCH64 => t == 0 || t == 256,
        EM_AVR_OLD | EM_AVR => matches!(t, 0 | 30 | 31 | 32),
        EM_METAG => t == 3,
        EM_NDS32 => matches!(t, 0 | 205..=208),
        EM_TI_PRU => matches!(t, 0 | 65..=67),
        EM_XTENSA_OLD | EM_XTENSA => matches!(t, 0 | 17..=19 | 57..=62),
        _ => false,
    }
}
