//! Applying a relocatable object's relocations to a copy of a section's bytes, as GNU
//! readelf does for `-R` (and for the DWARF dumps of `.o` files): GNU's
//! `apply_relocations` with its per-machine tables of the relocation types it knows
//! (`is_32bit_abs_reloc`, `is_64bit_pcrel_reloc`, …) and `target_specific_reloc_handling`.
//!
//! Only the simple data relocations that appear in debug sections are applied; any other
//! type is reported once ("unable to apply unsupported reloc type …") and skipped, as GNU
//! does. The few pieces of state GNU keeps in function-local statics (the last warned-about
//! type and machine, the MSP430/MN10300/RL78 symbol-difference state) live in a
//! thread-local here, so one run behaves like one GNU process.

use std::cell::RefCell;

use libelf::read::{Reloc, SectionHeader};

use crate::display::symtab_load::{get_elf_symbols_at, ElfSym};

use crate::Cx;

const ET_REL: u16 = 1;
const SHT_SYMTAB: u32 = 2;
const SHT_RELA: u32 = 4;
const SHT_REL: u32 = 9;
const SHT_DYNSYM: u32 = 11;
const STT_SECTION: u8 = 3;
const STT_COMMON: u8 = 5;

/// The machine numbers the tables below name (GNU's `elf/common.h`).
#[allow(missing_docs)]
pub mod em {
    pub const SPARC: u16 = 2;
    pub const I386: u16 = 3;
    pub const M68K: u16 = 4;
    pub const IAMCU: u16 = 6;
    pub const I860: u16 = 7;
    pub const MIPS: u16 = 8;
    pub const S370: u16 = 9;
    pub const PARISC: u16 = 15;
    pub const SPARC32PLUS: u16 = 18;
    pub const I960: u16 = 19;
    pub const PPC: u16 = 20;
    pub const PPC64: u16 = 21;
    pub const S390: u16 = 22;
    pub const SPU: u16 = 23;
    pub const V800: u16 = 36;
    pub const MCORE: u16 = 39;
    pub const ARM: u16 = 40;
    pub const SH: u16 = 42;
    pub const SPARCV9: u16 = 43;
    pub const ARC: u16 = 45;
    pub const H8_300: u16 = 46;
    pub const H8_300H: u16 = 47;
    pub const H8S: u16 = 48;
    pub const IA_64: u16 = 50;
    pub const M68HC12: u16 = 53;
    pub const X86_64: u16 = 62;
    pub const M68HC11: u16 = 70;
    pub const VAX: u16 = 75;
    pub const CRIS: u16 = 76;
    pub const MMIX: u16 = 80;
    pub const AVR: u16 = 83;
    pub const FR30: u16 = 84;
    pub const D10V: u16 = 85;
    pub const D30V: u16 = 86;
    pub const V850: u16 = 87;
    pub const M32R: u16 = 88;
    pub const MN10300: u16 = 89;
    pub const MN10200: u16 = 90;
    pub const PJ: u16 = 91;
    pub const OR1K: u16 = 92;
    pub const ARC_COMPACT: u16 = 93;
    pub const XTENSA: u16 = 94;
    pub const PJ_OLD: u16 = 99;
    pub const IP2K: u16 = 101;
    pub const MSP430: u16 = 105;
    pub const BLACKFIN: u16 = 106;
    pub const ALTERA_NIOS2: u16 = 113;
    pub const CRX: u16 = 114;
    pub const XGATE: u16 = 115;
    pub const M32C: u16 = 120;
    pub const SCORE: u16 = 135;
    pub const LATTICEMICO32: u16 = 138;
    pub const TI_C6000: u16 = 140;
    pub const TI_PRU: u16 = 144;
    pub const NDS32: u16 = 167;
    pub const RX: u16 = 173;
    pub const METAG: u16 = 174;
    pub const CR16: u16 = 177;
    pub const L1OM: u16 = 180;
    pub const K1OM: u16 = 181;
    pub const AARCH64: u16 = 183;
    pub const TILEPRO: u16 = 188;
    pub const MICROBLAZE: u16 = 189;
    pub const TILEGX: u16 = 191;
    pub const ARC_COMPACT2: u16 = 195;
    pub const RL78: u16 = 197;
    pub const Z80: u16 = 220;
    pub const VISIUM: u16 = 221;
    pub const FT32: u16 = 222;
    pub const MOXIE: u16 = 223;
    pub const RISCV: u16 = 243;
    pub const BPF: u16 = 247;
    pub const CSKY: u16 = 252;
    pub const LOONGARCH: u16 = 258;
    pub const ADAPTEVA_EPIPHANY: u16 = 0x1223;
    pub const AVR_OLD: u16 = 0x1057;
    pub const MSP430_OLD: u16 = 0x1059;
    pub const MT: u16 = 0x2530;
    pub const CYGNUS_FR30: u16 = 0x3330;
    pub const WEBASSEMBLY: u16 = 0x4157;
    pub const S12Z: u16 = 0x4DEF;
    pub const CYGNUS_FRV: u16 = 0x5441;
    pub const DLX: u16 = 0x5aa5;
    pub const CYGNUS_D10V: u16 = 0x7650;
    pub const CYGNUS_D30V: u16 = 0x7676;
    pub const IP2K_OLD: u16 = 0x8217;
    pub const CYGNUS_V850: u16 = 0x9080;
    pub const ALPHA: u16 = 0x9026;
    pub const S390_OLD: u16 = 0xa390;
    pub const XTENSA_OLD: u16 = 0xabc7;
    pub const XSTORMY16: u16 = 0xad45;
    pub const CYGNUS_MN10300: u16 = 0xbeef;
    pub const CYGNUS_MN10200: u16 = 0xdead;
    pub const CYGNUS_MEP: u16 = 0xF00D;
    pub const M32C_OLD: u16 = 0xFEB0;
    pub const IQ2000: u16 = 0xFEBA;
    pub const NIOS32: u16 = 0xFEBB;
}

/// A relocation as GNU's `Elf_Internal_Rela` holds it: the addend is 0 for REL, and for
/// 64-bit little-endian MIPS `r_info` is already rearranged so that the type is the low
/// byte and the symbol the high word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rela {
    /// `r_offset`.
    pub r_offset: u64,
    /// `r_info`.
    pub r_info: u64,
    /// `r_addend` (sign-extended), 0 for REL.
    pub r_addend: i64,
}

/// What GNU keeps in function-local statics across one process.
#[derive(Debug, Default)]
struct Statics {
    /// `apply_relocations`: the last unsupported type warned about.
    prev_reloc: u32,
    /// `is_32bit_abs_reloc`: the last unknown machine warned about.
    prev_warn: u16,
    msp430_saved: Option<ElfSym>,
    mn10300_saved: Option<ElfSym>,
    rl78_sym1: u64,
    rl78_sym2: u64,
    rl78_value: u64,
}

thread_local! {
    static STATICS: RefCell<Statics> = RefCell::new(Statics::default());
}

fn with_statics<R>(f: impl FnOnce(&mut Statics) -> R) -> R {
    STATICS.with(|s| f(&mut s.borrow_mut()))
}

/// Reset the state GNU keeps in statics for a whole run.
pub fn reset_run_state() {
    STATICS.with(|s| *s.borrow_mut() = Statics::default());
}

use crate::util::alt_hex as hash_x;

/// GNU's `get_reloc_type`.
pub fn reloc_type(cx: &Cx, r_info: u64) -> u32 {
    if cx.is32() {
        return (r_info & 0xff) as u32;
    }
    match cx.hdr.e_machine {
        em::MIPS | em::SPARCV9 => (r_info & 0xff) as u32,
        _ => (r_info & 0xffff_ffff) as u32,
    }
}

/// GNU's `get_reloc_symindex`.
pub fn reloc_symindex(cx: &Cx, r_info: u64) -> u64 {
    if cx.is32() {
        r_info >> 8
    } else {
        r_info >> 32
    }
}

/// GNU's `slurp_rela_relocs`/`slurp_rel_relocs`: the relocations in `size` bytes at
/// `offset`, or `None` (with GNU's error) if they are not in the file.
pub fn slurp_relocs(cx: &mut Cx, offset: u64, size: u64, rela: bool) -> Option<Vec<Rela>> {
    let reason = if cx.is32() {
        "32-bit relocation data"
    } else {
        "64-bit relocation data"
    };
    let bytes = cx.get_data(offset, 1, size, Some(reason))?;
    let (class, endian) = (cx.class(), cx.endian());
    let ent = Reloc::size(rela, class);
    let mips64el = !cx.is32() && cx.hdr.e_machine == em::MIPS && cx.hdr.e_ident[5] != 2;
    let n = bytes.len() / ent;
    let mut v = Vec::with_capacity(n);
    for i in 0..n {
        let Ok(r) = Reloc::parse(bytes, i * ent, rela, class, endian) else {
            break;
        };
        let mut info = r.r_info;
        if mips64el {
            info = ((info & 0xffff_ffff) << 32)
                | ((info >> 56) & 0xff)
                | ((info >> 40) & 0xff00)
                | ((info >> 24) & 0x00ff_0000)
                | ((info >> 8) & 0xff00_0000);
        }
        v.push(Rela {
            r_offset: r.r_offset,
            r_info: info,
            r_addend: r.r_addend.unwrap_or(0),
        });
    }
    Some(v)
}

/// GNU's `get_symbol_type` (for the "unexpected symbol type" warning).
fn symbol_type_name(cx: &Cx, t: u8) -> String {
    let m = cx.hdr.e_machine;
    match t {
        0 => "NOTYPE".into(),
        1 => "OBJECT".into(),
        2 => "FUNC".into(),
        3 => "SECTION".into(),
        4 => "FILE".into(),
        5 => "COMMON".into(),
        6 => "TLS".into(),
        8 => "RELC".into(),
        9 => "SRELC".into(),
        13 if m == em::ARM => "THUMB_FUNC".into(),
        13 if m == em::SPARCV9 => "REGISTER".into(),
        13 if m == em::PARISC => "PARISC_MILLI".into(),
        13..=15 => format!("<processor specific>: {t}"),
        10..=12 if m == em::PARISC && t == 10 => "HP_OPAQUE".into(),
        10..=12 if m == em::PARISC && t == 11 => "HP_STUB".into(),
        10 if matches!(cx.hdr.e_ident[7], 3 | 9) => "IFUNC".into(),
        10..=12 => format!("<OS specific>: {t}"),
        _ => format!("<unknown>: {t}"),
    }
}

fn uses_msp430x_relocs(cx: &Cx) -> bool {
    cx.hdr.e_machine == em::MSP430 && ((cx.hdr.e_flags & 0xff) == 45 || cx.hdr.e_ident[7] == 0)
}

/// Read `size` bytes at `off` as an integer in the file's byte order (GNU's `byte_get`).
fn byte_get(buf: &[u8], off: usize, size: usize, big: bool) -> u64 {
    let Some(b) = off.checked_add(size).and_then(|e| buf.get(off..e)) else {
        return 0;
    };
    if big {
        b.iter().fold(0u64, |v, &x| (v << 8) | u64::from(x))
    } else {
        b.iter().rev().fold(0u64, |v, &x| (v << 8) | u64::from(x))
    }
}

/// Store the low `size` bytes of `v` at `off` in the file's byte order (GNU's `byte_put`).
fn byte_put(buf: &mut [u8], off: usize, v: u64, size: usize, big: bool) {
    let Some(b) = off.checked_add(size).and_then(|e| buf.get_mut(off..e)) else {
        return;
    };
    for (i, x) in b.iter_mut().enumerate() {
        let shift = if big { 8 * (size - 1 - i) } else { 8 * i };
        *x = if shift < 64 { (v >> shift) as u8 } else { 0 };
    }
}

/// GNU's `IN_RANGE(start, end, start + off, n)` for a buffer of `len` bytes.
fn in_range(len: usize, off: u64, n: u64) -> bool {
    off < len as u64 && off.checked_add(n).is_some_and(|e| e <= len as u64)
}

/// GNU's unsigned `read_leb128`: (bytes read, status).
fn uleb_len(buf: &[u8]) -> (usize, i32) {
    let (_, n, status) = libelf::leb128::read(buf, 0, buf.len(), false);
    (n, status as i32)
}

/// GNU's `target_specific_reloc_handling` for one relocation: true if it was handled here.
fn target_specific(cx: &mut Cx, rp: &Rela, buf: &mut [u8], syms: &[ElfSym]) -> bool {
    let rtype = reloc_type(cx, rp.r_info);
    let idx = reloc_symindex(cx, rp.r_info);
    let num = syms.len() as u64;
    let big = cx.hdr.e_ident[5] == 2;
    let sym = |i: u64| syms.get(i as usize).copied().unwrap_or_default();
    match cx.hdr.e_machine {
        em::MSP430 | em::MSP430_OLD => {
            let x = uses_msp430x_relocs(cx);
            let diff = match rtype {
                10 | 12 if x => return false,
                10 | 12 | 21 | 23 => {
                    if idx >= num {
                        cx.diag.error(format_args!(
                            "MSP430 SYM_DIFF reloc contains invalid symbol index {idx}\n"
                        ));
                    } else {
                        with_statics(|s| s.msp430_saved = Some(sym(idx)));
                    }
                    return true;
                }
                1 | 3 => true,
                5 | 9 | 11 => !x,
                2 | 15 | 22 => x,
                _ => {
                    if with_statics(|s| s.msp430_saved.is_some()) {
                        cx.diag.error(format_args!(
                            "Unhandled MSP430 reloc type found after SYM_DIFF reloc\n"
                        ));
                    }
                    return false;
                }
            };
            if !diff {
                return false;
            }
            let Some(saved) = with_statics(|s| s.msp430_saved) else {
                return false;
            };
            let (size, leb_ret) = match rtype {
                1 => (4, 0),
                11 | 22 => {
                    if rp.r_offset < buf.len() as u64 {
                        let (n, st) = uleb_len(buf.get(rp.r_offset as usize..).unwrap_or(&[]));
                        (n, st)
                    } else {
                        (0, 0)
                    }
                }
                _ => (2, 0),
            };
            if leb_ret != 0 || size == 0 || size > 8 {
                cx.diag.error(format_args!(
                    "MSP430 ULEB128 field at {} contains invalid ULEB128 value\n",
                    hash_x(rp.r_offset)
                ));
            } else if idx >= num {
                cx.diag.error(format_args!(
                    "MSP430 reloc contains invalid symbol index {idx}\n"
                ));
            } else {
                let value = (rp.r_addend as u64)
                    .wrapping_add(sym(idx).st_value.wrapping_sub(saved.st_value));
                if in_range(buf.len(), rp.r_offset, size as u64) {
                    byte_put(buf, rp.r_offset as usize, value, size, big);
                } else {
                    cx.diag.error(format_args!(
                        "MSP430 sym diff reloc contains invalid offset: {}\n",
                        hash_x(rp.r_offset)
                    ));
                }
            }
            with_statics(|s| s.msp430_saved = None);
            true
        }
        em::MN10300 | em::CYGNUS_MN10300 => match rtype {
            34 => true,
            33 => {
                if idx >= num {
                    cx.diag.error(format_args!(
                        "MN10300_SYM_DIFF reloc contains invalid symbol index {idx}\n"
                    ));
                } else {
                    with_statics(|s| s.mn10300_saved = Some(sym(idx)));
                }
                true
            }
            1 | 2 => {
                let Some(saved) = with_statics(|s| s.mn10300_saved) else {
                    return false;
                };
                let size = if rtype == 1 { 4 } else { 2 };
                if idx >= num {
                    cx.diag.error(format_args!(
                        "MN10300 reloc contains invalid symbol index {idx}\n"
                    ));
                } else {
                    let value = (rp.r_addend as u64)
                        .wrapping_add(sym(idx).st_value.wrapping_sub(saved.st_value));
                    if in_range(buf.len(), rp.r_offset, size as u64) {
                        byte_put(buf, rp.r_offset as usize, value, size, big);
                    } else {
                        cx.diag.error(format_args!(
                            "MN10300 sym diff reloc contains invalid offset: {}\n",
                            hash_x(rp.r_offset)
                        ));
                    }
                }
                with_statics(|s| s.mn10300_saved = None);
                true
            }
            _ => {
                if with_statics(|s| s.mn10300_saved.is_some()) {
                    cx.diag.error(format_args!(
                        "Unhandled MN10300 reloc type found after SYM_DIFF reloc\n"
                    ));
                }
                false
            }
        },
        em::RL78 => match rtype {
            0x80 => {
                with_statics(|s| s.rl78_sym1 = s.rl78_sym2);
                if idx >= num {
                    cx.diag.error(format_args!(
                        "RL78_SYM reloc contains invalid symbol index {idx}\n"
                    ));
                } else {
                    let v = sym(idx).st_value.wrapping_add(rp.r_addend as u64);
                    with_statics(|s| s.rl78_sym2 = v);
                }
                true
            }
            0x83 => {
                with_statics(|s| {
                    s.rl78_value = s.rl78_sym1.wrapping_sub(s.rl78_sym2);
                    s.rl78_sym1 = 0;
                    s.rl78_sym2 = 0;
                });
                true
            }
            0x41 | 0x43 => {
                let size = if rtype == 0x41 { 4 } else { 2 };
                let value = with_statics(|s| s.rl78_value);
                if in_range(buf.len(), rp.r_offset, size as u64) {
                    byte_put(buf, rp.r_offset as usize, value, size, big);
                } else {
                    cx.diag.error(format_args!(
                        "RL78 sym diff reloc contains invalid offset: {}\n",
                        hash_x(rp.r_offset)
                    ));
                }
                with_statics(|s| s.rl78_value = 0);
                true
            }
            _ => false,
        },
        _ => false,
    }
}

/// `target_specific_reloc_handling(filedata, NULL, …)`: the end of one reloc section.
fn target_specific_done(cx: &Cx) {
    match cx.hdr.e_machine {
        em::MSP430 | em::MSP430_OLD => with_statics(|s| s.msp430_saved = None),
        em::MN10300 | em::CYGNUS_MN10300 => with_statics(|s| s.mn10300_saved = None),
        em::RL78 => with_statics(|s| {
            s.rl78_sym1 = 0;
            s.rl78_sym2 = 0;
        }),
        _ => {}
    }
}

/// GNU's `is_32bit_abs_reloc` (which also complains, once per machine, about machines it
/// does not know).
fn is_32bit_abs(cx: &mut Cx, t: u32) -> bool {
    use em::*;
    let m = cx.hdr.e_machine;
    match m {
        I386 | IAMCU => t == 1,
        M68K => t == 1,
        I860 => t == 1,
        I960 => t == 2,
        AARCH64 => t == 258 || t == 1,
        BPF => t == 11,
        ADAPTEVA_EPIPHANY => t == 3,
        ALPHA => t == 1,
        ARC => t == 1,
        ARC_COMPACT | ARC_COMPACT2 => t == 4,
        ARM => t == 2,
        AVR_OLD | AVR => t == 1,
        BLACKFIN => t == 0x12,
        CRIS => t == 3,
        CR16 => t == 3,
        CRX => t == 15,
        CSKY => t == 1,
        CYGNUS_FRV => t == 1,
        CYGNUS_D10V | D10V => t == 6,
        CYGNUS_D30V | D30V => t == 12,
        DLX => t == 3,
        CYGNUS_FR30 | FR30 => t == 3,
        FT32 => t == 1,
        H8S | H8_300 | H8_300H => t == 1,
        IA_64 => matches!(t, 0x64 | 0x65 | 0x24 | 0x25),
        IP2K_OLD | IP2K => t == 2,
        IQ2000 => t == 2,
        LATTICEMICO32 => t == 3,
        LOONGARCH => t == 1,
        M32C_OLD | M32C => t == 3,
        M32R => t == 34,
        M68HC11 | M68HC12 => t == 6,
        S12Z => t == 7 || t == 6,
        MCORE => t == 1,
        CYGNUS_MEP => t == 4,
        METAG => t == 2,
        MICROBLAZE => t == 1,
        MIPS => t == 2,
        MMIX => t == 4,
        CYGNUS_MN10200 | MN10200 => t == 1,
        CYGNUS_MN10300 | MN10300 => t == 1,
        MOXIE => t == 1,
        MSP430_OLD | MSP430 => t == 1,
        MT => t == 2,
        NDS32 => t == 20,
        ALTERA_NIOS2 => t == 12,
        NIOS32 => t == 1,
        OR1K => t == 1,
        PARISC => matches!(t, 1 | 2 | 41),
        PJ | PJ_OLD => t == 1,
        PPC64 => t == 1,
        PPC => t == 1,
        TI_PRU => t == 11,
        RISCV => t == 1,
        RL78 => t == 1,
        RX => t == 1,
        S370 => t == 1,
        S390_OLD | S390 => t == 4,
        SCORE => t == 8,
        SH => t == 1,
        SPARC32PLUS | SPARCV9 | SPARC => t == 3 || t == 23,
        SPU => t == 6,
        TI_C6000 => t == 1,
        TILEGX => t == 2,
        TILEPRO => t == 1,
        CYGNUS_V850 | V850 => t == 6,
        V800 => t == 0x33,
        VAX => t == 1,
        VISIUM => t == 3,
        WEBASSEMBLY => t == 1,
        X86_64 | L1OM | K1OM => t == 10,
        XGATE => t == 4,
        XSTORMY16 => t == 1,
        XTENSA_OLD | XTENSA => t == 1,
        Z80 => t == 6,
        _ => {
            let prev = with_statics(|s| std::mem::replace(&mut s.prev_warn, m));
            if prev != m {
                cx.diag.error(format_args!(
                    "Missing knowledge of 32-bit reloc types used in DWARF sections of machine number {m}\n"
                ));
            }
            false
        }
    }
}

/// GNU's `is_32bit_pcrel_reloc`.
fn is_32bit_pcrel(m: u16, t: u32) -> bool {
    use em::*;
    match m {
        I386 | IAMCU => t == 2,
        M68K => t == 4,
        AARCH64 => t == 261,
        ADAPTEVA_EPIPHANY => t == 6,
        ALPHA => t == 10,
        ARC_COMPACT | ARC_COMPACT2 => t == 49,
        ARM => t == 3,
        AVR_OLD | AVR => t == 36,
        LOONGARCH => t == 99,
        MICROBLAZE => t == 2,
        OR1K => t == 9,
        PARISC => t == 9,
        PPC => t == 26,
        PPC64 => t == 26,
        RISCV => t == 57,
        S390_OLD | S390 => t == 5,
        SH => t == 2,
        SPARC32PLUS | SPARCV9 | SPARC => t == 6,
        SPU => t == 13,
        TILEGX => t == 6,
        TILEPRO => t == 4,
        VISIUM => t == 6,
        X86_64 | L1OM | K1OM => t == 2,
        VAX => t == 4,
        XTENSA_OLD | XTENSA => t == 14,
        _ => false,
    }
}

/// GNU's `is_64bit_abs_reloc`.
fn is_64bit_abs(m: u16, t: u32) -> bool {
    use em::*;
    match m {
        AARCH64 => t == 257,
        ALPHA => t == 2,
        IA_64 => t == 0x26 || t == 0x27,
        LOONGARCH => t == 2,
        PARISC => t == 80,
        PPC64 => t == 38,
        RISCV => t == 2,
        SPARC32PLUS | SPARCV9 | SPARC => t == 32 || t == 54,
        X86_64 | L1OM | K1OM => t == 1,
        S390_OLD | S390 => t == 22,
        TILEGX => t == 1,
        MIPS => t == 18,
        _ => false,
    }
}

/// GNU's `is_64bit_pcrel_reloc`.
fn is_64bit_pcrel(m: u16, t: u32) -> bool {
    use em::*;
    match m {
        AARCH64 => t == 260,
        ALPHA => t == 11,
        IA_64 => t == 0x4e || t == 0x4f,
        PARISC => t == 72,
        PPC64 => t == 44,
        SPARC32PLUS | SPARCV9 | SPARC => t == 46,
        X86_64 | L1OM | K1OM => t == 24,
        S390_OLD | S390 => t == 23,
        TILEGX => t == 5,
        _ => false,
    }
}

/// GNU's `is_24bit_abs_reloc`.
fn is_24bit_abs(m: u16, t: u32) -> bool {
    use em::*;
    match m {
        CYGNUS_MN10200 | MN10200 => t == 4,
        FT32 => t == 5,
        Z80 => t == 5,
        _ => false,
    }
}

/// GNU's `is_16bit_abs_reloc`.
fn is_16bit_abs(cx: &Cx, t: u32) -> bool {
    use em::*;
    match cx.hdr.e_machine {
        ARC | ARC_COMPACT | ARC_COMPACT2 => t == 2,
        ADAPTEVA_EPIPHANY => t == 5,
        AVR_OLD | AVR => t == 4,
        CYGNUS_D10V | D10V => t == 3,
        FT32 => t == 2,
        H8S | H8_300 | H8_300H => t == 17,
        IP2K_OLD | IP2K => t == 1,
        M32C_OLD | M32C => t == 1,
        CYGNUS_MN10200 | MN10200 => t == 2,
        CYGNUS_MN10300 | MN10300 => t == 2,
        MSP430 if uses_msp430x_relocs(cx) => t == 2,
        MSP430 | MSP430_OLD => t == 5,
        NDS32 => t == 19,
        ALTERA_NIOS2 => t == 13,
        NIOS32 => t == 9,
        OR1K => t == 2,
        RISCV => t == 55,
        TI_PRU => t == 8,
        TI_C6000 => t == 2,
        VISIUM => t == 2,
        XGATE => t == 3,
        Z80 => t == 4,
        _ => false,
    }
}

/// GNU's `is_8bit_abs_reloc`.
fn is_8bit_abs(m: u16, t: u32) -> bool {
    match m {
        em::RISCV => t == 54,
        em::Z80 => t == 1,
        _ => false,
    }
}

/// GNU's `is_6bit_abs_reloc`.
fn is_6bit_abs(m: u16, t: u32) -> bool {
    m == em::RISCV && t == 53
}

/// GNU's `is_6bit_inplace_sub_reloc`.
fn is_6bit_inplace_sub(m: u16, t: u32) -> bool {
    m == em::RISCV && t == 52
}

/// GNU's in-place add/sub tables (all RISC-V): `(size, subtract)`.
fn inplace(m: u16, t: u32) -> Option<(usize, bool)> {
    if m != em::RISCV {
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
    use em::*;
    match m {
        I386 | M68K | ADAPTEVA_EPIPHANY | ALPHA | ALTERA_NIOS2 | ARC | ARC_COMPACT2
        | ARC_COMPACT | ARM | CRIS | FT32 | IA_64 | K1OM | L1OM | M32R | MIPS | MN10300 | MOXIE
        | NIOS32 | OR1K | PARISC | PPC64 | PPC | RISCV | S390 | S390_OLD | SH | SPARC32PLUS
        | SPARC | SPARCV9 | TILEGX | TILEPRO | TI_C6000 | X86_64 | Z80 | WEBASSEMBLY => t == 0,
        AARCH64 => t == 0 || t == 256,
        AVR_OLD | AVR => matches!(t, 0 | 30 | 31 | 32),
        METAG => t == 3,
        NDS32 => matches!(t, 0 | 205..=208),
        TI_PRU => matches!(t, 0 | 65..=67),
        XTENSA_OLD | XTENSA => matches!(t, 0 | 17..=19 | 57..=62),
        _ => false,
    }
}

/// GNU's `apply_relocations`: apply to `buf` (the contents of section `section`) the
/// relocations of the first REL/RELA section that targets it, in a relocatable object.
///
/// Returns the relocations applied (empty when the file is not `ET_REL` or nothing
/// targets the section), or `None` when GNU's returns false (the reloc section's link
/// is not a symbol table, or its relocations cannot be read).
pub fn apply_relocations(cx: &mut Cx, section: usize, buf: &mut [u8]) -> Option<Vec<Rela>> {
    if cx.hdr.e_type != ET_REL {
        return Some(Vec::new());
    }
    let shnum = cx.hdr.e_shnum as usize;
    let m = cx.hdr.e_machine;
    let big = cx.hdr.e_ident[5] == 2;
    for ri in 0..shnum {
        let Some(relsec) = cx.sections().get(ri).copied() else {
            break;
        };
        if (relsec.sh_type != SHT_RELA && relsec.sh_type != SHT_REL)
            || relsec.sh_info as usize >= shnum
            || relsec.sh_info as usize != section
            || relsec.sh_size == 0
            || relsec.sh_link as usize >= shnum
        {
            continue;
        }
        let symsec = cx.sections().get(relsec.sh_link as usize).copied()?;
        if symsec.sh_type != SHT_SYMTAB && symsec.sh_type != SHT_DYNSYM {
            return None;
        }
        let relocs = slurp_relocs(
            cx,
            relsec.sh_offset,
            relsec.sh_size,
            relsec.sh_type == SHT_RELA,
        )?;
        // SH uses RELA but keeps the addend in place.
        let is_rela = relsec.sh_type == SHT_RELA && m != em::SH;
        let syms =
            get_elf_symbols_at(cx, &symsec, Some(relsec.sh_link as usize)).unwrap_or_default();
        for (n, rp) in relocs.iter().enumerate() {
            apply_one(cx, section, &relsec, n, rp, buf, &syms, is_rela, big);
        }
        target_specific_done(cx);
        return Some(relocs);
    }
    Some(Vec::new())
}

#[allow(clippy::too_many_arguments)]
fn apply_one(
    cx: &mut Cx,
    section: usize,
    relsec: &SectionHeader,
    n: usize,
    rp: &Rela,
    buf: &mut [u8],
    syms: &[ElfSym],
    is_rela: bool,
    big: bool,
) {
    let m = cx.hdr.e_machine;
    let t = reloc_type(cx, rp.r_info);
    if target_specific(cx, rp, buf, syms) || is_none(m, t) {
        return;
    }
    let mut subtract = false;
    let mut in_place = false;
    let size: usize = if is_32bit_abs(cx, t) || is_32bit_pcrel(m, t) {
        4
    } else if is_64bit_abs(m, t) || is_64bit_pcrel(m, t) {
        8
    } else if is_24bit_abs(m, t) {
        3
    } else if is_16bit_abs(cx, t) {
        2
    } else if is_8bit_abs(m, t) || is_6bit_abs(m, t) {
        1
    } else if let Some((size, sub)) = inplace(m, t) {
        subtract = sub;
        in_place = true;
        size
    } else {
        let prev = with_statics(|s| std::mem::replace(&mut s.prev_reloc, t));
        if prev != t {
            let name = section_name(cx, section);
            cx.diag.warn(format_args!(
                "unable to apply unsupported reloc type {} to section {name}\n",
                t as i32
            ));
        }
        return;
    };
    if !in_range(buf.len(), rp.r_offset, size as u64) {
        let name = section_name(cx, section);
        cx.diag.warn(format_args!(
            "skipping invalid relocation offset {} in section {name}\n",
            hash_x(rp.r_offset)
        ));
        return;
    }
    let off = rp.r_offset as usize;
    let sym_index = reloc_symindex(cx, rp.r_info);
    let sym = match syms.get(sym_index as usize) {
        Some(s) if sym_index < syms.len() as u64 => *s,
        _ => {
            let name = section_name(cx, section);
            cx.diag.warn(format_args!(
                "skipping invalid relocation symbol index {} in section {name}\n",
                hash_x(sym_index)
            ));
            return;
        }
    };
    let st_type = sym.st_type();
    if sym_index != 0 && st_type != STT_COMMON && st_type > STT_SECTION {
        let tn = symbol_type_name(cx, st_type);
        let rname = cx.printable_section_name(relsec);
        cx.diag.warn(format_args!(
            "skipping unexpected symbol type {tn} in section {rname} relocation {n}\n"
        ));
        return;
    }
    let mut addend: u64 = 0;
    if is_rela {
        addend = addend.wrapping_add(rp.r_addend as u64);
    }
    // R_XTENSA_32, R_PJ_DATA_DIR32 and R_D30V_32_NORMAL are partial_inplace.
    let partial = (t == 1 && matches!(m, em::XTENSA | em::PJ | em::PJ_OLD))
        || (t == 12 && matches!(m, em::D30V | em::CYGNUS_D30V));
    if !is_rela || partial || in_place {
        let cur = byte_get(buf, off, size, big);
        addend = addend.wrapping_add(if is_6bit_inplace_sub(m, t) {
            cur & 0x3f
        } else {
            cur
        });
    }
    let value = sym.st_value;
    if is_32bit_pcrel(m, t) || is_64bit_pcrel(m, t) {
        // On HPPA, all pc-relative relocations are biased by 8.
        if m == em::PARISC {
            addend = addend.wrapping_sub(8);
        }
        let v = addend.wrapping_add(value).wrapping_sub(rp.r_offset);
        byte_put(buf, off, v, size, big);
    } else if is_6bit_abs(m, t) || is_6bit_inplace_sub(m, t) {
        addend = if subtract {
            addend.wrapping_sub(value)
        } else {
            addend.wrapping_add(value)
        };
        let v = (addend & 0x3f) | (byte_get(buf, off, size, big) & 0xc0);
        byte_put(buf, off, v, size, big);
    } else if subtract {
        byte_put(buf, off, addend.wrapping_sub(value), size, big);
    } else {
        byte_put(buf, off, addend.wrapping_add(value), size, big);
    }
}

fn section_name(cx: &Cx, section: usize) -> String {
    cx.sections()
        .get(section)
        .map(|s| cx.printable_section_name(s))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn put_get_round_trip() {
        let mut b = [0u8; 8];
        byte_put(&mut b, 1, 0x0011_2233_4455, 3, false);
        assert_eq!(b, [0, 0x55, 0x44, 0x33, 0, 0, 0, 0]);
        assert_eq!(byte_get(&b, 1, 3, false), 0x33_4455);
        byte_put(&mut b, 4, 0xaabb_ccdd, 4, true);
        assert_eq!(&b[4..], &[0xaa, 0xbb, 0xcc, 0xdd]);
        assert_eq!(byte_get(&b, 4, 4, true), 0xaabb_ccdd);
        // Out of range: no panic, no write.
        byte_put(&mut b, 6, 1, 4, true);
        assert_eq!(byte_get(&b, 6, 4, true), 0);
        assert!(in_range(8, 4, 4));
        assert!(!in_range(8, 5, 4));
        assert!(!in_range(8, u64::MAX, 4));
    }

    #[test]
    fn machine_tables() {
        use em::*;
        // x86-64: R_X86_64_64 (8), R_X86_64_PC32 (4), R_X86_64_32 via the abs table.
        assert!(is_64bit_abs(X86_64, 1));
        assert!(is_32bit_pcrel(X86_64, 2));
        assert!(is_64bit_pcrel(X86_64, 24));
        assert!(is_none(X86_64, 0));
        // AArch64 R_AARCH64_NONE is 0 and 256.
        assert!(is_none(AARCH64, 256));
        assert!(is_64bit_abs(AARCH64, 257));
        assert!(is_32bit_pcrel(AARCH64, 261));
        // s390x, PPC64, MIPS.
        assert!(is_64bit_abs(S390, 22));
        assert!(is_64bit_pcrel(PPC64, 44));
        assert!(is_64bit_abs(MIPS, 18));
        // RISC-V in-place arithmetic.
        assert_eq!(inplace(RISCV, 39), Some((4, true)));
        assert_eq!(inplace(RISCV, 36), Some((8, false)));
        assert_eq!(inplace(RISCV, 52), Some((1, true)));
        assert!(is_6bit_abs(RISCV, 53));
        assert!(is_8bit_abs(RISCV, 54));
        assert_eq!(inplace(X86_64, 39), None);
    }

    /// A minimal relocatable object: `.data` (the given bytes), one REL or RELA section
    /// against it, a symbol table with one symbol (value 0x1000, type `st_type`), and the
    /// section name table.
    struct Obj {
        is64: bool,
        big: bool,
        machine: u16,
        rela: bool,
        data: Vec<u8>,
        /// (offset, type, symbol, addend)
        relocs: Vec<(u64, u32, u32, i64)>,
        st_type: u8,
    }

    impl Obj {
        fn bytes(&self) -> Vec<u8> {
            let (is64, big) = (self.is64, self.big);
            let mut v: Vec<u8> = Vec::new();
            let put = |v: &mut Vec<u8>, x: u64, n: usize| {
                for i in 0..n {
                    let sh = if big { 8 * (n - 1 - i) } else { 8 * i };
                    v.push((x >> sh) as u8);
                }
            };
            let w = if is64 { 8 } else { 4 };
            let ehsize = if is64 { 64 } else { 52 };
            // Section contents after the header.
            let mut body = Vec::new();
            let data_off = ehsize;
            body.extend_from_slice(&self.data);
            let rel_off = data_off + body.len() as u64;
            for &(off, t, sym, addend) in &self.relocs {
                put(&mut body, off, w);
                let info = if is64 {
                    if self.machine == em::MIPS && !big {
                        // sym (LE word), ssym, type3, type2, type as bytes.
                        u64::from(sym) | (u64::from(t) << 56)
                    } else {
                        (u64::from(sym) << 32) | u64::from(t)
                    }
                } else {
                    (u64::from(sym) << 8) | u64::from(t & 0xff)
                };
                put(&mut body, info, w);
                if self.rela {
                    put(&mut body, addend as u64, w);
                }
            }
            let rel_size = data_off + body.len() as u64 - rel_off;
            let sym_off = data_off + body.len() as u64;
            let symsz = if is64 { 24 } else { 16 };
            body.extend(std::iter::repeat_n(0, symsz));
            if is64 {
                put(&mut body, 0, 4);
                body.push(self.st_type);
                body.push(0);
                put(&mut body, 1, 2);
                put(&mut body, 0x1000, 8);
                put(&mut body, 0, 8);
            } else {
                put(&mut body, 0, 4);
                put(&mut body, 0x1000, 4);
                put(&mut body, 0, 4);
                body.push(self.st_type);
                body.push(0);
                put(&mut body, 1, 2);
            }
            let str_off = data_off + body.len() as u64;
            let names = b"\0.data\0.rel\0.symtab\0.shstrtab\0";
            body.extend_from_slice(names);
            while body.len() % 8 != 0 {
                body.push(0);
            }
            let shoff = data_off + body.len() as u64;
            // ELF header.
            v.extend_from_slice(b"\x7fELF");
            v.push(if is64 { 2 } else { 1 });
            v.push(if big { 2 } else { 1 });
            v.push(1);
            v.extend_from_slice(&[0; 9]);
            put(&mut v, 1, 2); // ET_REL
            put(&mut v, u64::from(self.machine), 2);
            put(&mut v, 1, 4);
            put(&mut v, 0, w);
            put(&mut v, 0, w);
            put(&mut v, shoff, w);
            put(&mut v, 0, 4);
            put(&mut v, ehsize, 2);
            put(&mut v, 0, 2);
            put(&mut v, 0, 2);
            put(&mut v, if is64 { 64 } else { 40 }, 2);
            put(&mut v, 5, 2);
            put(&mut v, 4, 2);
            v.extend_from_slice(&body);
            let rel_type = if self.rela { SHT_RELA } else { SHT_REL };
            let relent = match (is64, self.rela) {
                (true, true) => 24,
                (true, false) => 16,
                (false, true) => 12,
                (false, false) => 8,
            };
            let secs: [(u32, u32, u64, u64, u32, u32, u64); 5] = [
                (0, 0, 0, 0, 0, 0, 0),
                (1, 1, data_off, self.data.len() as u64, 0, 0, 0),
                (7, rel_type, rel_off, rel_size, 3, 1, relent),
                (
                    12,
                    SHT_SYMTAB,
                    sym_off,
                    2 * symsz as u64,
                    4,
                    1,
                    symsz as u64,
                ),
                (20, 3, str_off, names.len() as u64, 0, 0, 0),
            ];
            for (name, t, off, size, link, info, ent) in secs {
                put(&mut v, u64::from(name), 4);
                put(&mut v, u64::from(t), 4);
                put(&mut v, 0, w); // flags
                put(&mut v, 0, w); // addr
                put(&mut v, off, w);
                put(&mut v, size, w);
                put(&mut v, u64::from(link), 4);
                put(&mut v, u64::from(info), 4);
                put(&mut v, 1, w);
                put(&mut v, ent, w);
            }
            v
        }

        /// Apply the relocations to `.data`: the bytes, and what went to stderr.
        fn apply(&self) -> (Vec<u8>, String) {
            let bytes = self.bytes();
            let elf = libelf::ElfFile::parse(&bytes).expect("test object parses");
            let o = crate::options::Options::default();
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let buf = {
                let mut diag = crate::diag::Diag::new(&mut err);
                let mut cx = Cx::new(&o, &elf, &bytes, "t.o", &mut out, &mut diag);
                let (class, endian) = (cx.class(), cx.endian());
                let shoff = cx.hdr.e_shoff as usize;
                let rec = SectionHeader::size(class);
                cx.shdrs = Some(
                    (0..5)
                        .map(|i| {
                            SectionHeader::parse(&bytes, shoff + i * rec, class, endian).unwrap()
                        })
                        .collect(),
                );
                let strtab = cx.sections()[4];
                cx.string_table = cx.get_data(strtab.sh_offset, 1, strtab.sh_size, None);
                let mut buf = self.data.clone();
                assert!(apply_relocations(&mut cx, 1, &mut buf).is_some());
                buf
            };
            (buf, String::from_utf8(err).unwrap())
        }
    }

    fn obj(is64: bool, big: bool, machine: u16, rela: bool, data: &[u8]) -> Obj {
        Obj {
            is64,
            big,
            machine,
            rela,
            data: data.to_vec(),
            relocs: Vec::new(),
            st_type: 0,
        }
    }

    #[test]
    fn x86_64() {
        let mut o = obj(true, false, em::X86_64, true, &[0; 24]);
        o.relocs = vec![
            (0, 1, 1, 4),   // R_X86_64_64: S + A
            (8, 2, 1, -4),  // R_X86_64_PC32: S + A - P
            (12, 10, 1, 1), // R_X86_64_32
            (16, 0, 1, 9),  // R_X86_64_NONE
        ];
        let (b, err) = o.apply();
        assert_eq!(&b[0..8], &0x1004u64.to_le_bytes());
        assert_eq!(&b[8..12], &(0x1000u32 - 4 - 8).to_le_bytes());
        assert_eq!(&b[12..16], &0x1001u32.to_le_bytes());
        assert_eq!(&b[16..24], &[0; 8]);
        assert_eq!(err, "");
    }

    #[test]
    fn i386_rel_in_place() {
        let mut o = obj(
            false,
            false,
            em::I386,
            false,
            &[0x10, 0, 0, 0, 0xfc, 0xff, 0xff, 0xff],
        );
        o.relocs = vec![(0, 1, 1, 0), (4, 2, 1, 0)]; // R_386_32, R_386_PC32
        let (b, _) = o.apply();
        assert_eq!(&b[0..4], &0x1010u32.to_le_bytes());
        assert_eq!(&b[4..8], &(0x1000u32 - 4 - 4).to_le_bytes());
    }

    #[test]
    fn aarch64_and_arm() {
        let mut o = obj(true, false, em::AARCH64, true, &[0; 16]);
        // ABS64, PREL32, ABS32, NONE (256).
        o.relocs = vec![
            (0, 257, 1, 2),
            (8, 261, 1, 0),
            (12, 258, 1, 3),
            (12, 256, 1, 7),
        ];
        let (b, _) = o.apply();
        assert_eq!(&b[0..8], &0x1002u64.to_le_bytes());
        assert_eq!(&b[8..12], &(0x1000u32 - 8).to_le_bytes());
        assert_eq!(&b[12..16], &0x1003u32.to_le_bytes());

        let mut o = obj(false, false, em::ARM, false, &[1, 0, 0, 0, 0, 0, 0, 0]);
        o.relocs = vec![(0, 2, 1, 0), (4, 3, 1, 0)]; // R_ARM_ABS32, R_ARM_REL32
        let (b, _) = o.apply();
        assert_eq!(&b[0..4], &0x1001u32.to_le_bytes());
        assert_eq!(&b[4..8], &(0x1000u32 - 4).to_le_bytes());
    }

    #[test]
    fn riscv_in_place_arithmetic() {
        let mut data = vec![0u8; 16];
        data[0..4].copy_from_slice(&100u32.to_le_bytes());
        data[4..8].copy_from_slice(&0x2000u32.to_le_bytes());
        data[8] = 0xc5; // SET6 keeps the top two bits
        data[9] = 0xc5; // SUB6 works on the low six
        let mut o = obj(true, false, em::RISCV, true, &data);
        o.relocs = vec![
            (0, 35, 1, 1),  // ADD32: in place + S + A
            (4, 39, 1, 0),  // SUB32: in place - S
            (8, 53, 1, 2),  // SET6
            (9, 52, 1, 0),  // SUB6
            (10, 54, 1, 3), // SET8
        ];
        let (b, _) = o.apply();
        assert_eq!(&b[0..4], &(100u32 + 0x1000 + 1).to_le_bytes());
        assert_eq!(&b[4..8], &0x1000u32.to_le_bytes());
        assert_eq!(b[8], 0xc0 | 0x02);
        assert_eq!(b[9], 0xc0 | ((5u64.wrapping_sub(0x1000)) & 0x3f) as u8);
        assert_eq!(b[10], 0x03);
    }

    #[test]
    fn big_endian_machines() {
        let mut o = obj(true, true, em::PPC64, true, &[0; 12]);
        o.relocs = vec![(0, 38, 1, 5), (8, 26, 1, 0)]; // ADDR64, REL32
        let (b, _) = o.apply();
        assert_eq!(&b[0..8], &0x1005u64.to_be_bytes());
        assert_eq!(&b[8..12], &(0x1000u32 - 8).to_be_bytes());

        let mut o = obj(true, true, em::S390, true, &[0; 12]);
        o.relocs = vec![(0, 22, 1, 0), (8, 5, 1, 0)]; // R_390_64, R_390_PC32
        let (b, _) = o.apply();
        assert_eq!(&b[0..8], &0x1000u64.to_be_bytes());
        assert_eq!(&b[8..12], &(0x1000u32 - 8).to_be_bytes());

        let mut o = obj(false, true, em::MIPS, false, &[0, 0, 0, 7]);
        o.relocs = vec![(0, 2, 1, 0)]; // R_MIPS_32, in place
        let (b, _) = o.apply();
        assert_eq!(b, 0x1007u32.to_be_bytes());
    }

    #[test]
    fn mips64_little_endian_info() {
        let mut o = obj(true, false, em::MIPS, true, &[0; 8]);
        o.relocs = vec![(0, 18, 1, 1)]; // R_MIPS_64 with GNU's r_info byte order
        let (b, err) = o.apply();
        assert_eq!(b, 0x1001u64.to_le_bytes());
        assert_eq!(err, "");
    }

    #[test]
    fn skipped_relocations() {
        let mut o = obj(true, false, em::X86_64, true, &[0; 8]);
        o.relocs = vec![
            (6, 1, 1, 0),  // runs off the end
            (0, 1, 7, 0),  // no such symbol
            (0, 42, 1, 0), // a type GNU does not apply
        ];
        let (b, err) = o.apply();
        assert_eq!(b, [0; 8]);
        assert_eq!(
            err,
            "readelf: Warning: skipping invalid relocation offset 0x6 in section .data\n\
             readelf: Warning: skipping invalid relocation symbol index 0x7 in section .data\n\
             readelf: Warning: unable to apply unsupported reloc type 42 to section .data\n"
        );
        // A TLS symbol is not a valid target (functions, objects and sections are).
        let mut o = obj(true, false, em::X86_64, true, &[0; 8]);
        o.st_type = 6;
        o.relocs = vec![(0, 1, 1, 0)];
        let (b, err) = o.apply();
        assert_eq!(b, [0; 8]);
        assert_eq!(
            err,
            "readelf: Warning: skipping unexpected symbol type TLS in section .rel relocation 0\n"
        );
    }

    #[test]
    fn leb() {
        assert_eq!(uleb_len(&[0x85, 0x01, 0xff]), (2, 0));
        assert_eq!(uleb_len(&[0x85]), (1, 1));
        assert_eq!(uleb_len(&[]), (0, 1));
    }
}
