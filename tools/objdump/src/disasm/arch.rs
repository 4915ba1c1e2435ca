//! The one place that maps an ELF file to what libmc decodes, and how GNU lays out that
//! machine's raw bytes (`bytes_per_line`, `bytes_per_chunk`, display byte order: the
//! values each `opcodes/*-dis.c` printer sets in `disassemble_info`).
//!
//! A machine added to libmc plugs in here: one arm in [`machine_for`] and one row in
//! [`layout`].

use libelf::consts::{
    EM_386, EM_68K, EM_AARCH64, EM_ARM, EM_IAMCU, EM_MIPS, EM_PPC, EM_PPC64, EM_RISCV, EM_S390,
    EM_SPARC, EM_SPARC32PLUS, EM_SPARCV9, EM_X86_64,
};
use libelf::{Class, ElfFile, Endian};
use libmc::{Arch, Machine};

/// How a machine's raw instruction bytes are shown (GNU's `disassemble_info` fields).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Layout {
    /// Bytes shown on one line before the text (`bytes_per_line`; GNU's default is 4).
    pub bytes_per_line: usize,
    /// Bytes printed together as one hex number (`bytes_per_chunk`; 1 = single bytes).
    pub bytes_per_chunk: usize,
    /// Whether a chunk is printed most significant byte first (`display_endian`).
    pub chunk_big: bool,
    /// Whether the chunk is the instruction's length (RISC-V: 2 or 4 bytes).
    pub chunk_is_insn: bool,
    /// Whether branches have one delay slot (MIPS): the bytes after one are never
    /// skipped as zeros (`branch_delay_insns`).
    pub delay_slot: bool,
    /// What the printer says for bytes it cannot decode is part of the text; nothing
    /// to lay out here, but the machine needs the relocation handed to the printer
    /// in relocatable files (`disassembler_needs_relocs`).
    pub needs_relocs: bool,
}

/// The machine of an ELF file as objdump disassembles it: the libmc [`Arch`] when libmc
/// decodes it, else the name GNU's `bfd_printable_arch_mach` gives the architecture.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// libmc decodes it.
    Mc(Arch),
    /// libmc does not (yet): the machine's name, for the report.
    Unsupported(u16),
}

/// Map the ELF header (machine, class, byte order, flags) to libmc's machine.
pub fn machine_for(elf: &ElfFile<'_>) -> Target {
    let h = elf.header();
    let c64 = elf.class() == Class::Elf64;
    let big = elf.endian() == Endian::Big;
    let machine = match h.e_machine {
        EM_X86_64 if c64 => Some(Machine::X86_64),
        EM_X86_64 => Some(Machine::X32),
        EM_386 | EM_IAMCU => Some(Machine::I386),
        EM_AARCH64 => Some(Machine::AArch64),
        EM_RISCV if c64 => Some(Machine::RiscV64),
        EM_RISCV => Some(Machine::RiscV32),
        EM_MIPS if !c64 => Some(Machine::Mips32),
        EM_MIPS => Some(Machine::Mips64),
        EM_PPC64 => Some(Machine::Ppc64),
        EM_PPC => Some(Machine::Ppc32),
        EM_S390 if c64 => Some(Machine::S390x),
        // elf32-sparc with EF_SPARC_32PLUS is `sparc:v8plus`: V9 instructions.
        EM_SPARCV9 | EM_SPARC32PLUS => Some(Machine::Sparc64),
        EM_SPARC => Some(Machine::Sparc),
        EM_68K => Some(Machine::M68k),
        EM_ARM => Some(Machine::Arm),
        _ => None,
    };
    match machine {
        Some(m) => {
            let mut arch = Arch::new(m);
            if big {
                arch.endian = libmc::Endian::Big;
            }
            Target::Mc(arch)
        }
        None => Target::Unsupported(h.e_machine),
    }
}

/// GNU's raw-byte layout for `e_machine` (`big`: the file's byte order).
pub fn layout(e_machine: u16, big: bool) -> Layout {
    let base = Layout {
        bytes_per_line: 4,
        bytes_per_chunk: 1,
        chunk_big: big,
        chunk_is_insn: false,
        delay_slot: false,
        needs_relocs: false,
    };
    match e_machine {
        // i386-dis.c: 7 bytes a line, single bytes.
        EM_X86_64 | EM_386 | EM_IAMCU => Layout {
            bytes_per_line: 7,
            ..base
        },
        // aarch64-dis.c: one 4-byte word, printed as a little-endian number.
        EM_AARCH64 => Layout {
            bytes_per_chunk: 4,
            chunk_big: false,
            needs_relocs: true,
            ..base
        },
        // arm-dis.c: 4 bytes a line; ARM words or Thumb halfwords.
        EM_ARM => Layout {
            bytes_per_chunk: 4,
            needs_relocs: true,
            ..base
        },
        // riscv-dis.c: 8 bytes a line, the instruction as one 2- or 4-byte chunk.
        EM_RISCV => Layout {
            bytes_per_line: 8,
            bytes_per_chunk: 4,
            chunk_big: false,
            chunk_is_insn: true,
            ..base
        },
        // mips-dis.c: 4-byte words in the file's order, branch delay slots.
        EM_MIPS => Layout {
            bytes_per_chunk: 4,
            delay_slot: true,
            ..base
        },
        // m68k-dis.c: 6 bytes a line in 2-byte big-endian words.
        EM_68K => Layout {
            bytes_per_line: 6,
            bytes_per_chunk: 2,
            ..base
        },
        // SPARC delays branches as MIPS does.
        EM_SPARC | EM_SPARC32PLUS | EM_SPARCV9 => Layout {
            delay_slot: true,
            ..base
        },
        // s390-dis.c: 6 bytes a line.
        libelf::consts::EM_S390 => Layout {
            bytes_per_line: 6,
            ..base
        },
        _ => base,
    }
}
