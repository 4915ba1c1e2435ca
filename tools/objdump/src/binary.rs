//! `-b binary`: a file read as BFD's `binary` target reads it, one `.data` section of
//! all its bytes at address 0 (or `--adjust-vma`), with no symbols; `-m MACHINE`
//! picks what `-D` disassembles it as.
//!
//! The displays work on ELF, so the bytes are wrapped in a small relocatable ELF
//! image of the machine's class and byte order whose one section is that `.data`.

use libelf::consts::{
    EM_386, EM_68K, EM_AARCH64, EM_ARM, EM_MIPS, EM_NONE, EM_PPC64, EM_RISCV, EM_S390, EM_SPARCV9,
    EM_X86_64,
};
use libelf::{Class, Endian};
use libmc::{Arch, Machine, Syntax};

/// What `-m NAME` selects: the ELF machine and class the wrapping image gets, whether
/// its bytes are big-endian by default, and the decoder when the ELF machine alone
/// does not say it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BinaryMachine {
    /// `e_machine` of the wrapping image (`EM_NONE` without `-m`).
    pub e_machine: u16,
    /// Whether addresses are 64-bit.
    pub c64: bool,
    /// The byte order when neither `-EB` nor `-EL` is given.
    pub big: bool,
    /// The decoder, where the ELF machine does not name it (i8086, Intel syntax).
    pub arch: Option<Arch>,
}

/// The machine of BFD's architecture name `name` (`objdump -i` lists them), or `None`
/// for a name this objdump does not know.
pub fn machine(name: &str) -> Option<BinaryMachine> {
    let m = |e_machine, c64, big| BinaryMachine {
        e_machine,
        c64,
        big,
        arch: None,
    };
    let intel = |machine| Arch {
        syntax: Syntax::Intel,
        ..Arch::new(machine)
    };
    let with = |arch, e_machine, c64| BinaryMachine {
        arch: Some(arch),
        ..m(e_machine, c64, false)
    };
    let family = name.split(':').next().unwrap_or(name);
    Some(match name {
        "i386" => m(EM_386, false, false),
        "i386:intel" => with(intel(Machine::I386), EM_386, false),
        "i8086" => with(Arch::new(Machine::I8086), EM_386, false),
        "i386:x86-64" => m(EM_X86_64, true, false),
        "i386:x86-64:intel" => with(intel(Machine::X86_64), EM_X86_64, true),
        "i386:x64-32" => with(Arch::new(Machine::X32), EM_X86_64, true),
        "i386:x64-32:intel" => with(intel(Machine::X32), EM_X86_64, true),
        _ if family == "aarch64" => m(EM_AARCH64, true, false),
        _ if family == "arm" || family.starts_with("armv") => m(EM_ARM, false, false),
        "riscv" | "riscv:rv64" => m(EM_RISCV, true, false),
        "riscv:rv32" => with(Arch::new(Machine::RiscV32), EM_RISCV, true),
        _ if family == "mips" => {
            let c64 = name.contains("64") || name.contains("octeon") || name.contains("loongson");
            m(EM_MIPS, c64, false)
        }
        // A binary file's byte order is unknown, which the decoders read as little
        // (s390 and m68k decode big-endian whatever it is).
        _ if family == "powerpc" || family == "rs6000" => m(EM_PPC64, true, false),
        "s390:64-bit" => m(EM_S390, true, true),
        _ if family == "sparc" => m(EM_SPARCV9, true, false),
        _ if family == "m68k" => m(EM_68K, false, true),
        _ => return None,
    })
}

/// The relocatable ELF image holding `data` as its `.data` section at `vma` (made
/// with libelf's editing model).
pub fn wrap(data: &[u8], e_machine: u16, c64: bool, big: bool, vma: u64) -> Vec<u8> {
    use libelf::consts::{SHF_ALLOC, SHF_WRITE, SHT_PROGBITS, SHT_STRTAB};
    use libelf::edit::{Object, SectionData};
    let class = if c64 { Class::Elf64 } else { Class::Elf32 };
    let endian = if big { Endian::Big } else { Endian::Little };
    let mut obj = Object::new(class, endian, libelf::consts::ET_REL, e_machine);
    let d = obj.add_section(
        b".data",
        SHT_PROGBITS,
        u64::from(SHF_ALLOC | SHF_WRITE),
        SectionData::Bytes(data.to_vec()),
    );
    if let Some(s) = obj.sections.get_mut(d) {
        s.header.sh_addr = vma;
    }
    let names = obj.add_section(
        b".shstrtab",
        SHT_STRTAB,
        0,
        SectionData::Bytes(b"\0.data\0.shstrtab\0".to_vec()),
    );
    obj.header.e_shstrndx = u16::try_from(names).unwrap_or(0);
    obj.write().unwrap_or_default()
}

/// The image for a file read without `-m` (no machine: it cannot be disassembled).
pub fn wrap_unknown(data: &[u8], vma: u64) -> Vec<u8> {
    wrap(data, EM_NONE, false, false, vma)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapped_bytes_are_one_data_section() {
        for (m, c64, big) in [(EM_X86_64, true, false), (EM_68K, false, true)] {
            let img = wrap(b"\x55\xc3", m, c64, big, 0x400000);
            let elf = libelf::ElfFile::parse(&img).unwrap();
            assert_eq!(elf.header().e_machine, m);
            let s = elf.section(libelf::read::SectionIndex(1)).unwrap();
            assert_eq!(s.header().sh_addr, 0x400000);
            assert_eq!(s.data().unwrap(), b"\x55\xc3");
            let names = elf.shstrtab().unwrap();
            assert_eq!(names.get(s.header().sh_name).unwrap(), b".data");
        }
    }

    #[test]
    fn machine_names() {
        assert_eq!(machine("i386:x86-64").map(|m| m.e_machine), Some(EM_X86_64));
        assert_eq!(machine("armv7").map(|m| m.e_machine), Some(EM_ARM));
        assert!(machine("powerpc:common64").is_some_and(|m| !m.big && m.c64));
        assert!(machine("mips").is_some_and(|m| !m.big && !m.c64));
        assert_eq!(machine("bogus"), None);
    }
}
