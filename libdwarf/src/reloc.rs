//! Applying relocations to debug sections of relocatable (`ET_REL`) objects.
//!
//! Only the relocation types that appear in debug sections are handled: absolute
//! data relocations of 16, 32 and 64 bits, and RISC-V's `ADD`/`SUB`/`SET` pairs.
//! Other types are counted and skipped (the word keeps its stored value).

use libelf::consts::{SHT_REL, SHT_RELA};
use libelf::read::{RelocTable, SectionIndex, SymbolIndex, SymbolTable};
use libelf::{Class, ElfFile, Endian};

use crate::Result;

/// What a relocation does to the bytes at `r_offset`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    /// Store `S + A` in a word of this many bytes.
    Abs(usize),
    /// Store `S + A - P`.
    Pc(usize),
    /// Add `S + A` to the stored word.
    Add(usize),
    /// Subtract `S + A` from the stored word.
    Sub(usize),
    /// Low six bits: subtract / set (RISC-V `SUB6`, `SET6`).
    Sub6,
    Set6,
    /// Ignore (e.g. `R_RISCV_RELAX`, `*_NONE`).
    Nop,
}

// e_machine values used here.
const EM_386: u16 = 3;
const EM_SPARC: u16 = 2;
const EM_MIPS: u16 = 8;
const EM_PPC: u16 = 20;
const EM_PPC64: u16 = 21;
const EM_S390: u16 = 22;
const EM_ARM: u16 = 40;
const EM_SPARCV9: u16 = 43;
const EM_X86_64: u16 = 62;
const EM_AARCH64: u16 = 183;
const EM_RISCV: u16 = 243;
const EM_LOONGARCH: u16 = 258;

fn op(machine: u16, class: Class, ty: u32) -> Option<Op> {
    use Op::*;
    let r = match (machine, ty) {
        (_, 0) => Nop,
        (EM_X86_64, 1) => Abs(8),
        (EM_X86_64, 2) => Pc(4),
        (EM_X86_64, 10 | 11) => Abs(4),
        (EM_X86_64, 24) => Pc(8),
        (EM_386, 1) => Abs(4),
        (EM_386, 2) => Pc(4),
        (EM_AARCH64, 257) => Abs(8),
        (EM_AARCH64, 258) => Abs(4),
        (EM_AARCH64, 259) => Abs(2),
        (EM_AARCH64, 260) => Pc(8),
        (EM_AARCH64, 261) => Pc(4),
        (EM_RISCV, 1) => Abs(4),
        (EM_RISCV, 2) => Abs(8),
        (EM_RISCV, 33) => Add(1),
        (EM_RISCV, 34) => Add(2),
        (EM_RISCV, 35) => Add(4),
        (EM_RISCV, 36) => Add(8),
        (EM_RISCV, 37) => Sub(1),
        (EM_RISCV, 38) => Sub(2),
        (EM_RISCV, 39) => Sub(4),
        (EM_RISCV, 40) => Sub(8),
        (EM_RISCV, 51) => Nop, // R_RISCV_RELAX
        (EM_RISCV, 52) => Sub6,
        (EM_RISCV, 53) => Set6,
        (EM_RISCV, 54) => Abs(1),
        (EM_RISCV, 55) => Abs(2),
        (EM_RISCV, 56) => Abs(4),
        (EM_RISCV, 57) => Pc(4),
        (EM_PPC64, 38) => Abs(8),
        (EM_PPC64 | EM_PPC, 1) => Abs(4),
        (EM_PPC64 | EM_PPC, 26) => Pc(4),
        (EM_S390, 4) => Abs(4),
        (EM_S390, 22) => Abs(8),
        (EM_S390, 5) => Pc(4),
        (EM_ARM, 2) => Abs(4),
        (EM_ARM, 3) => Pc(4),
        (EM_MIPS, 2) => Abs(4),
        (EM_MIPS, 18) => Abs(8),
        (EM_SPARC | EM_SPARCV9, 3 | 23) => Abs(4),
        (EM_SPARC | EM_SPARCV9, 32 | 54) => Abs(8),
        (EM_LOONGARCH, 1) => Abs(4),
        (EM_LOONGARCH, 2) => Abs(8),
        (EM_LOONGARCH, 47) => Add(1),
        (EM_LOONGARCH, 48) => Add(2),
        (EM_LOONGARCH, 50) => Add(4),
        (EM_LOONGARCH, 51) => Add(8),
        (EM_LOONGARCH, 52) => Sub(1),
        (EM_LOONGARCH, 53) => Sub(2),
        (EM_LOONGARCH, 55) => Sub(4),
        (EM_LOONGARCH, 56) => Sub(8),
        _ => return None,
    };
    // A 64-bit word on a 32-bit machine is still only what the table says.
    let _ = class;
    Some(r)
}

fn read_word(data: &[u8], off: usize, size: usize, endian: Endian) -> Option<u64> {
    let b = data.get(off..off.checked_add(size)?)?;
    let mut v: u64 = 0;
    match endian {
        Endian::Little => {
            for (i, x) in b.iter().enumerate() {
                v |= u64::from(*x) << (8 * i);
            }
        }
        Endian::Big => {
            for x in b {
                v = (v << 8) | u64::from(*x);
            }
        }
    }
    Some(v)
}

fn write_word(data: &mut [u8], off: usize, size: usize, endian: Endian, v: u64) -> Option<()> {
    let b = data.get_mut(off..off.checked_add(size)?)?;
    let n = b.len();
    for (i, x) in b.iter_mut().enumerate() {
        let shift = match endian {
            Endian::Little => 8 * i,
            Endian::Big => 8 * (n - 1 - i),
        };
        *x = (v >> shift) as u8;
    }
    Some(())
}

/// Applies every relocation section that targets section `target` to `data` (the
/// target's contents). A symbol's value is taken relative to its section's entry in
/// `bases` (addresses by section index; `sh_addr` where it has none). Returns how
/// many relocations were skipped because their type is not handled or their offset
/// or symbol is out of range.
///
/// # Errors
/// Those of reading the relocation and symbol tables.
pub(crate) fn relocate(
    file: &ElfFile<'_>,
    target: SectionIndex,
    data: &mut [u8],
    bases: &[u64],
) -> Result<usize> {
    let machine = file.header().e_machine;
    let class = file.class();
    let endian = file.endian();
    let mut skipped = 0usize;
    for sec in file.sections()? {
        let h = sec.header();
        if (h.sh_type != SHT_RELA && h.sh_type != SHT_REL) || h.sh_info != target.0 {
            continue;
        }
        let table = RelocTable::parse(&sec)?;
        let symtab = match sec.link().and_then(|l| SymbolTable::parse(&l)) {
            Ok(s) => s,
            Err(_) => {
                skipped = skipped.saturating_add(table.len());
                continue;
            }
        };
        for r in table.iter() {
            let (sym, ty) = if machine == EM_MIPS && class == Class::Elf64 {
                if endian == Endian::Little {
                    let (s, _, t, _, _) = r.mips64el_info();
                    (s, u32::from(t))
                } else {
                    ((r.r_info >> 32) as u32, (r.r_info & 0xff) as u32)
                }
            } else {
                (r.r_sym(class), r.r_type(class))
            };
            let Some(o) = op(machine, class, ty) else {
                skipped = skipped.saturating_add(1);
                continue;
            };
            if o == Op::Nop {
                continue;
            }
            let s = if sym == 0 {
                0
            } else {
                match symtab.get(SymbolIndex(sym)) {
                    Ok(s) => {
                        let base = match s.shndx {
                            Some(i) if i != 0 && i < 0xff00 => {
                                match usize::try_from(i).ok().and_then(|i| bases.get(i)) {
                                    Some(&b) => b,
                                    None => file
                                        .section(SectionIndex(i))
                                        .map(|x| x.header().sh_addr)
                                        .unwrap_or(0),
                                }
                            }
                            _ => 0,
                        };
                        s.sym.st_value.wrapping_add(base)
                    }
                    Err(_) => {
                        skipped = skipped.saturating_add(1);
                        continue;
                    }
                }
            };
            let Ok(off) = usize::try_from(r.r_offset) else {
                skipped = skipped.saturating_add(1);
                continue;
            };
            let size = match o {
                Op::Abs(n) | Op::Pc(n) | Op::Add(n) | Op::Sub(n) => n,
                Op::Sub6 | Op::Set6 => 1,
                Op::Nop => 0,
            };
            let Some(old) = read_word(data, off, size, endian) else {
                skipped = skipped.saturating_add(1);
                continue;
            };
            // REL: the addend is the stored word (sign-extended).
            let a = match r.r_addend {
                Some(a) => a as u64,
                None => {
                    let bits = (size * 8) as u32;
                    if bits >= 64 {
                        old
                    } else {
                        let sh = 64 - bits;
                        (((old << sh) as i64) >> sh) as u64
                    }
                }
            };
            let sa = s.wrapping_add(a);
            let new = match o {
                Op::Abs(_) => sa,
                Op::Pc(_) => sa.wrapping_sub(h.sh_addr.wrapping_add(r.r_offset)),
                Op::Add(_) => old.wrapping_add(sa),
                Op::Sub(_) => old.wrapping_sub(sa),
                Op::Sub6 => (old & !0x3f) | (old.wrapping_sub(sa) & 0x3f),
                Op::Set6 => (old & !0x3f) | (sa & 0x3f),
                Op::Nop => old,
            };
            if write_word(data, off, size, endian, new).is_none() {
                skipped = skipped.saturating_add(1);
            }
        }
    }
    Ok(skipped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_round_trip() {
        let mut d = [0u8; 8];
        write_word(&mut d, 0, 4, Endian::Big, 0x1234_5678).unwrap();
        assert_eq!(d[..4], [0x12, 0x34, 0x56, 0x78]);
        assert_eq!(read_word(&d, 0, 4, Endian::Big), Some(0x1234_5678));
        write_word(&mut d, 0, 8, Endian::Little, 0x0102_0304_0506_0708).unwrap();
        assert_eq!(
            read_word(&d, 0, 8, Endian::Little),
            Some(0x0102_0304_0506_0708)
        );
        assert_eq!(read_word(&d, 6, 4, Endian::Little), None);
        assert!(write_word(&mut d, usize::MAX, 4, Endian::Little, 1).is_none());
    }

    #[test]
    fn ops_known() {
        assert_eq!(op(EM_X86_64, Class::Elf64, 1), Some(Op::Abs(8)));
        assert_eq!(op(EM_386, Class::Elf32, 1), Some(Op::Abs(4)));
        assert_eq!(op(EM_RISCV, Class::Elf64, 39), Some(Op::Sub(4)));
        assert_eq!(op(EM_X86_64, Class::Elf64, 9999), None);
    }
}
