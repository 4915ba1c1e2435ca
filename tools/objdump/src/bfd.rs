//! BFD's names for what it recognises: target (`file format`) names, from the ELF header,
//! as binutils-multiarch's BFD chooses them.

use libelf::consts::*;
use libelf::{Class, ElfFile, Endian};

/// `EF_MIPS_ABI2`: an n32 object.
const EF_MIPS_ABI2: u32 = 0x20;
/// `ELFOSABI_ARM_FDPIC`.
const ELFOSABI_ARM_FDPIC: u8 = 65;

/// The BFD target name of `elf` (`abfd->xvec->name`): the machine's own ELF target when
/// binutils-multiarch has one, else the generic `elf64-little` and kin.
pub fn target_name(elf: &ElfFile<'_>) -> &'static str {
    let h = elf.header();
    let big = elf.endian() == Endian::Big;
    let c64 = elf.class() == Class::Elf64;
    let osabi = h.e_ident[7];
    let pick = |l: &'static str, b: &'static str| if big { b } else { l };
    let named = match (h.e_machine, c64) {
        (EM_X86_64, true) => Some("elf64-x86-64"),
        (EM_X86_64, false) => Some("elf32-x86-64"),
        (EM_386, false) => Some("elf32-i386"),
        (EM_IAMCU, false) => Some("elf32-iamcu"),
        (EM_AARCH64, true) => Some(pick("elf64-littleaarch64", "elf64-bigaarch64")),
        (EM_AARCH64, false) => Some(pick("elf32-littleaarch64", "elf32-bigaarch64")),
        (EM_ARM, false) if osabi == ELFOSABI_ARM_FDPIC => {
            Some(pick("elf32-littlearm-fdpic", "elf32-bigarm-fdpic"))
        }
        (EM_ARM, false) => Some(pick("elf32-littlearm", "elf32-bigarm")),
        (EM_ALPHA, true) => Some("elf64-alpha"),
        (EM_PARISC, false) => Some("elf32-hppa-linux"),
        (EM_IA_64, true) => Some(pick("elf64-ia64-little", "elf64-ia64-big")),
        (EM_M32R, false) => Some(pick("elf32-m32rle-linux", "elf32-m32r-linux")),
        (EM_68K, false) if big => Some("elf32-m68k"),
        (EM_MIPS, false) if h.e_flags & EF_MIPS_ABI2 != 0 => {
            Some(pick("elf32-ntradlittlemips", "elf32-ntradbigmips"))
        }
        (EM_MIPS, false) => Some(pick("elf32-tradlittlemips", "elf32-tradbigmips")),
        (EM_MIPS, true) => Some(pick("elf64-tradlittlemips", "elf64-tradbigmips")),
        (EM_PPC, false) => Some(pick("elf32-powerpcle", "elf32-powerpc")),
        (EM_PPC64, true) => Some(pick("elf64-powerpcle", "elf64-powerpc")),
        (EM_RISCV, true) => Some(pick("elf64-littleriscv", "elf64-bigriscv")),
        (EM_RISCV, false) => Some(pick("elf32-littleriscv", "elf32-bigriscv")),
        (EM_S390, false) if big => Some("elf32-s390"),
        (EM_S390, true) if big => Some("elf64-s390"),
        (EM_SH, false) => Some(pick("elf32-sh-linux", "elf32-shbig-linux")),
        (EM_SPARC | EM_SPARC32PLUS, false) if big => Some("elf32-sparc"),
        (EM_SPARCV9, true) if big => Some("elf64-sparc"),
        _ => None,
    };
    named.unwrap_or(match (c64, big) {
        (true, false) => "elf64-little",
        (true, true) => "elf64-big",
        (false, false) => "elf32-little",
        (false, true) => "elf32-big",
    })
}
