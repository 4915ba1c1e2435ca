//! Which relocation types each machine applies, and how: GNU readelf 2.40's tables of
//! the types that appear in debug sections (`is_32bit_abs_reloc`, `is_64bit_pcrel_reloc`,
//! `is_none_reloc`, …), read for facts and written as one table per machine, plus the few
//! more that BFD applies to debug sections.

#![allow(clippy::wildcard_imports)]

use super::{Howto, Op, Target, TypeSet};
use crate::names::em::*;

const ABS16: (Op, u8) = (Op::Abs, 2);
const ABS24: (Op, u8) = (Op::Abs, 3);
const ABS32: (Op, u8) = (Op::Abs, 4);
const ABS64: (Op, u8) = (Op::Abs, 8);
const ABS8: (Op, u8) = (Op::Abs, 1);
const ADD16: (Op, u8) = (Op::Add, 2);
const ADD32: (Op, u8) = (Op::Add, 4);
const ADD64: (Op, u8) = (Op::Add, 8);
const ADD8: (Op, u8) = (Op::Add, 1);
const NONE: (Op, u8) = (Op::None, 0);
const PC32: (Op, u8) = (Op::PcRel, 4);
const PC64: (Op, u8) = (Op::PcRel, 8);
const SET6: (Op, u8) = (Op::Set6, 1);
const SUB16: (Op, u8) = (Op::Sub, 2);
const SUB32: (Op, u8) = (Op::Sub, 4);
const SUB6: (Op, u8) = (Op::Sub6, 1);
const SUB64: (Op, u8) = (Op::Sub, 8);
const SUB8: (Op, u8) = (Op::Sub, 1);

/// How relocation type `r_type` of `target`'s machine changes the bytes at its place,
/// or `None` if it is not one of the types of `types`.
///
/// Relocations that only make sense with a neighbour (MSP430 and MN10300 `SYM_DIFF`,
/// RL78's stack) are not described here: [`super::Relocator`] keeps their state.
pub fn howto(target: &Target, types: TypeSet, r_type: u32) -> Option<Howto> {
    let (m, t) = (target.machine, r_type);
    let known = readelf_types(m, target.uses_msp430x_relocs())
        .and_then(|types| types.iter().find(|e| e.0 == t))
        .map(|e| e.1);
    let (op, size) = match known {
        Some(h) => h,
        None if types == TypeSet::Bfd => bfd_extra(m, t)?,
        None => return None,
    };
    // R_XTENSA_32, R_PJ_DATA_DIR32 and R_D30V_32_NORMAL are partial_inplace: the
    // stored word is added to the addend even in RELA.
    let partial_inplace = (t == 1 && matches!(m, EM_XTENSA | EM_PJ | EM_PJ_OLD))
        || (t == 12 && matches!(m, EM_D30V | EM_CYGNUS_D30V));
    Some(Howto {
        partial_inplace,
        ..Howto::new(op, size)
    })
}

/// Whether GNU readelf knows the relocation types of `machine` (it complains about the
/// others, in its `is_32bit_abs_reloc`).
pub fn knows_machine(machine: u16) -> bool {
    readelf_types(machine, false).is_some()
}

/// The relocation types GNU readelf applies for `machine` (its MSP430 numbering
/// `msp430x`), and how; `None` for a machine it does not know.
#[rustfmt::skip]
fn readelf_types(machine: u16, msp430x: bool) -> Option<&'static [(u32, (Op, u8))]> {
    Some(match machine {
        EM_MSP430 if msp430x => &[(1, ABS32), (2, ABS16)],
        EM_SPARC | EM_SPARC32PLUS | EM_SPARCV9 => &[(0, NONE), (3, ABS32), (6, PC32), (23, ABS32), (32, ABS64), (46, PC64), (54, ABS64)],
        EM_386 | EM_SH => &[(0, NONE), (1, ABS32), (2, PC32)],
        EM_68K | EM_TILEPRO => &[(0, NONE), (1, ABS32), (4, PC32)],
        EM_IAMCU | EM_MICROBLAZE => &[(1, ABS32), (2, PC32)],
        EM_860 | EM_S370 | EM_MCORE | EM_PJ | EM_PJ_OLD | EM_RX | EM_RL78 | EM_CSKY | EM_CYGNUS_FRV | EM_XSTORMY16 => &[(1, ABS32)],
        EM_MIPS => &[(0, NONE), (2, ABS32), (18, ABS64)],
        EM_PARISC => &[(0, NONE), (1, ABS32), (2, ABS32), (9, PC32), (41, ABS32), (72, PC64), (80, ABS64)],
        EM_960 | EM_MT | EM_IQ2000 => &[(2, ABS32)],
        EM_PPC => &[(0, NONE), (1, ABS32), (26, PC32)],
        EM_PPC64 => &[(0, NONE), (1, ABS32), (26, PC32), (38, ABS64), (44, PC64)],
        EM_S390 | EM_S390_OLD => &[(0, NONE), (4, ABS32), (5, PC32), (22, ABS64), (23, PC64)],
        EM_SPU => &[(6, ABS32), (13, PC32)],
        EM_V800 => &[(51, ABS32)],
        EM_ARM => &[(0, NONE), (2, ABS32), (3, PC32)],
        EM_ARC | EM_MN10300 | EM_TI_C6000 => &[(0, NONE), (1, ABS32), (2, ABS16)],
        EM_H8_300 | EM_H8_300H | EM_H8S => &[(1, ABS32), (17, ABS16)],
        EM_IA_64 => &[(0, NONE), (36, ABS32), (37, ABS32), (38, ABS64), (39, ABS64), (78, PC64), (79, PC64), (100, ABS32), (101, ABS32)],
        EM_68HC12 | EM_68HC11 | EM_V850 | EM_CYGNUS_V850 => &[(6, ABS32)],
        EM_X86_64 | EM_L1OM | EM_K1OM => &[(0, NONE), (1, ABS64), (2, PC32), (10, ABS32), (24, PC64)],
        EM_VAX => &[(1, ABS32), (4, PC32)],
        EM_CRIS => &[(0, NONE), (3, ABS32)],
        EM_MMIX | EM_CYGNUS_MEP => &[(4, ABS32)],
        EM_AVR | EM_AVR_OLD => &[(0, NONE), (1, ABS32), (4, ABS16), (30, NONE), (31, NONE), (32, NONE), (36, PC32)],
        EM_FR30 | EM_LATTICEMICO32 | EM_CR16 | EM_CYGNUS_FR30 | EM_DLX => &[(3, ABS32)],
        EM_D10V | EM_CYGNUS_D10V => &[(3, ABS16), (6, ABS32)],
        EM_D30V | EM_CYGNUS_D30V => &[(12, ABS32)],
        EM_M32R => &[(0, NONE), (34, ABS32)],
        EM_MN10200 | EM_CYGNUS_MN10200 => &[(1, ABS32), (2, ABS16), (4, ABS24)],
        EM_OR1K => &[(0, NONE), (1, ABS32), (2, ABS16), (9, PC32)],
        EM_ARC_COMPACT | EM_ARC_COMPACT2 => &[(0, NONE), (2, ABS16), (4, ABS32), (49, PC32)],
        EM_XTENSA | EM_XTENSA_OLD => &[(0, NONE), (1, ABS32), (14, PC32), (17, NONE), (18, NONE), (19, NONE), (57, NONE), (58, NONE), (59, NONE), (60, NONE), (61, NONE), (62, NONE)],
        EM_IP2K | EM_IP2K_OLD => &[(1, ABS16), (2, ABS32)],
        EM_MSP430 | EM_MSP430_OLD => &[(1, ABS32), (5, ABS16)],
        EM_BLACKFIN => &[(18, ABS32)],
        EM_ALTERA_NIOS2 => &[(0, NONE), (12, ABS32), (13, ABS16)],
        EM_CRX => &[(15, ABS32)],
        EM_XGATE => &[(3, ABS16), (4, ABS32)],
        EM_M32C | EM_M32C_OLD => &[(1, ABS16), (3, ABS32)],
        EM_SCORE => &[(8, ABS32)],
        EM_TI_PRU => &[(0, NONE), (8, ABS16), (11, ABS32), (65, NONE), (66, NONE), (67, NONE)],
        EM_NDS32 => &[(0, NONE), (19, ABS16), (20, ABS32), (205, NONE), (206, NONE), (207, NONE), (208, NONE)],
        EM_METAG => &[(2, ABS32), (3, NONE)],
        EM_AARCH64 => &[(0, NONE), (1, ABS32), (256, NONE), (257, ABS64), (258, ABS32), (260, PC64), (261, PC32)],
        EM_TILEGX => &[(0, NONE), (1, ABS64), (2, ABS32), (5, PC64), (6, PC32)],
        EM_Z80 => &[(0, NONE), (1, ABS8), (4, ABS16), (5, ABS24), (6, ABS32)],
        EM_VISIUM => &[(2, ABS16), (3, ABS32), (6, PC32)],
        EM_FT32 => &[(0, NONE), (1, ABS32), (2, ABS16), (5, ABS24)],
        EM_MOXIE | EM_WEBASSEMBLY => &[(0, NONE), (1, ABS32)],
        EM_RISCV => &[(0, NONE), (1, ABS32), (2, ABS64), (33, ADD8), (34, ADD16), (35, ADD32), (36, ADD64), (37, SUB8), (38, SUB16), (39, SUB32), (40, SUB64), (52, SUB6), (53, SET6), (54, ABS8), (55, ABS16), (57, PC32)],
        EM_BPF => &[(11, ABS32)],
        EM_LOONGARCH => &[(1, ABS32), (2, ABS64), (99, PC32)],
        EM_ADAPTEVA_EPIPHANY => &[(0, NONE), (3, ABS32), (5, ABS16), (6, PC32)],
        EM_S12Z => &[(6, ABS32), (7, ABS32)],
        EM_ALPHA => &[(0, NONE), (1, ABS32), (2, ABS64), (10, PC32), (11, PC64)],
        EM_CYGNUS_MN10300 => &[(1, ABS32), (2, ABS16)],
        EM_NIOS32 => &[(0, NONE), (1, ABS32), (9, ABS16)],
        _ => return None,
    })
}

/// Types BFD applies to debug sections that GNU readelf 2.40 does not.
fn bfd_extra(m: u16, t: u32) -> Option<(Op, u8)> {
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
    Some((op, size))
}
