//! BFD's names for what it recognises: target (`file format`) names, from the ELF header,
//! as binutils-multiarch's BFD chooses them.

use libelf::consts::*;
use libelf::read::{ProgramHeader, SectionHeader};
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

/// BFD's `abfd->flags` bits that `-f` shows (`bfd-in2.h`).
pub mod flags {
    /// Relocations attached to sections (a relocatable object).
    pub const HAS_RELOC: u32 = 0x1;
    /// An executable (`ET_EXEC`).
    pub const EXEC_P: u32 = 0x2;
    /// A symbol table (`.symtab` or `.dynsym`).
    pub const HAS_SYMS: u32 = 0x10;
    /// A shared object (`ET_DYN`).
    pub const DYNAMIC: u32 = 0x40;
    /// Program headers, and every loaded section page-aligned in the file.
    pub const D_PAGED: u32 = 0x100;
    /// The names `-f` prints, in GNU's order (ELF never sets the others).
    pub const NAMES: [(u32, &str); 10] = [
        (HAS_RELOC, "HAS_RELOC"),
        (EXEC_P, "EXEC_P"),
        (0x4, "HAS_LINENO"),
        (0x8, "HAS_DEBUG"),
        (HAS_SYMS, "HAS_SYMS"),
        (0x20, "HAS_LOCALS"),
        (DYNAMIC, "DYNAMIC"),
        (0x80, "WP_TEXT"),
        (D_PAGED, "D_PAGED"),
        (0x200, "BFD_IS_RELAXABLE"),
    ];
}

/// BFD's section flags (`asection.flags`) that `-h` shows, with their words in GNU's order.
pub mod sec {
    /// The section occupies bytes in the file.
    pub const HAS_CONTENTS: u32 = 0x100;
    /// `SHF_ALLOC`.
    pub const ALLOC: u32 = 0x1;
    /// Allocated and with contents.
    pub const LOAD: u32 = 0x2;
    /// Relocations apply to it (`.o` files).
    pub const RELOC: u32 = 0x4;
    /// Not `SHF_WRITE`.
    pub const READONLY: u32 = 0x8;
    /// `SHF_EXECINSTR`.
    pub const CODE: u32 = 0x10;
    /// Loaded and not code.
    pub const DATA: u32 = 0x20;
    /// Debugging information, recognised by name.
    pub const DEBUGGING: u32 = 0x2000;
    /// `SHF_EXCLUDE`.
    pub const EXCLUDE: u32 = 0x8000;
    /// `SHF_MERGE` (not shown).
    pub const MERGE: u32 = 0x80_0000;
    /// `SHF_STRINGS` (not shown).
    pub const STRINGS: u32 = 0x100_0000;
    /// PowerPC `.sdata*`/`.sbss*`.
    pub const SMALL_DATA: u32 = 0x1000_0000;
    /// `.debug*`, `.zdebug*`, `.note.gnu*` and the like: sizes in octets.
    pub const ELF_OCTETS: u32 = 0x4000_0000;
    /// `SHF_TLS`.
    pub const THREAD_LOCAL: u32 = 0x400;
    /// `SHT_GROUP`.
    pub const GROUP: u32 = 0x20_0000;
    /// `.gnu.linkonce*` and COMDAT groups: `LINK_ONCE_DISCARD`.
    pub const LINK_ONCE: u32 = 0x4_0000;
    /// MIPS `.reginfo` and `.MIPS.abiflags`: `LINK_ONCE_SAME_SIZE` (our own bit).
    pub const LINK_ONCE_SAME_SIZE: u32 = 0x8_0000;
    /// Words of `-h`, in GNU's order (`dump_section_header`).
    pub const NAMES: [(u32, &str); 15] = [
        (HAS_CONTENTS, "CONTENTS"),
        (ALLOC, "ALLOC"),
        (LOAD, "LOAD"),
        (RELOC, "RELOC"),
        (READONLY, "READONLY"),
        (CODE, "CODE"),
        (DATA, "DATA"),
        (DEBUGGING, "DEBUGGING"),
        (EXCLUDE, "EXCLUDE"),
        (SMALL_DATA, "SMALL_DATA"),
        (ELF_OCTETS, "OCTETS"),
        (THREAD_LOCAL, "THREAD_LOCAL"),
        (GROUP, "GROUP"),
        (LINK_ONCE, "LINK_ONCE_DISCARD"),
        (LINK_ONCE_SAME_SIZE, "LINK_ONCE_SAME_SIZE"),
    ];
}

/// One BFD section: an ELF section as `_bfd_elf_make_section_from_shdr` turns it into one.
#[derive(Debug, Clone)]
pub struct Section<'a> {
    /// BFD's index (`-h`'s `Idx`): the order BFD made the sections in.
    pub index: usize,
    /// The ELF section index.
    pub elf_index: u32,
    /// The name (from `.shstrtab`; made up for a core file's sections).
    pub name: std::borrow::Cow<'a, [u8]>,
    /// The ELF section header.
    pub hdr: SectionHeader,
    /// BFD's flags ([`sec`]).
    pub flags: u32,
    /// Load address (`lma`): from the `PT_LOAD` holding the section, else `sh_addr`.
    pub lma: u64,
    /// log2 of the alignment.
    pub align_power: u32,
}

impl Section<'_> {
    /// `vma`: `sh_addr`.
    pub fn vma(&self) -> u64 {
        self.hdr.sh_addr
    }

    /// The size BFD gives: `sh_size`.
    pub fn size(&self) -> u64 {
        self.hdr.sh_size
    }
}

/// What BFD makes of one ELF object: its file flags, architecture and sections.
#[derive(Debug)]
pub struct Bfd<'a> {
    /// `abfd->flags` ([`flags`]).
    pub flags: u32,
    /// The sections in BFD's order.
    pub sections: Vec<Section<'a>>,
    /// ELF section index → index in `sections`.
    pub by_elf: Vec<Option<usize>>,
    /// ELF index of the (first) `SHT_SYMTAB`, 0 if none.
    pub symtab: u32,
    /// ELF index of the (first) `SHT_DYNSYM`, 0 if none.
    pub dynsym: u32,
    /// Whether addresses are 64-bit (`bfd_printf_vma` width 16, else 8).
    pub wide: bool,
    /// Whether the section groups were set up (`setup_group`, on the first `SHF_GROUP`
    /// section), which makes every group section at once.
    groups_done: bool,
}

/// BFD's `bfd_log2`: the smallest `n` with `2**n >= x`.
pub fn log2(x: u64) -> u32 {
    if x <= 1 {
        0
    } else {
        64 - (x - 1).leading_zeros()
    }
}

/// `minpagesize` of the target, which decides `D_PAGED`.
fn min_page_size(elf: &ElfFile<'_>) -> u64 {
    match elf.header().e_machine {
        EM_SPARCV9 | EM_68K => 0x2000,
        _ if target_name(elf).starts_with("elf32-little")
            || target_name(elf).starts_with("elf32-big")
            || target_name(elf).starts_with("elf64-little")
            || target_name(elf).starts_with("elf64-big") =>
        {
            1
        }
        _ => 0x1000,
    }
}

/// `SHF_GNU_RETAIN`-free flags: the section flag bits BFD looks at.
const SHF_WRITE_: u64 = 0x1;
const SHF_ALLOC_: u64 = 0x2;
const SHF_EXECINSTR_: u64 = 0x4;
const SHF_MERGE_: u64 = 0x10;
const SHF_STRINGS_: u64 = 0x20;
const SHF_TLS_: u64 = 0x400;
const SHF_GROUP_: u64 = 0x200;
const SHF_EXCLUDE_: u64 = 0x8000_0000;

impl<'a> Bfd<'a> {
    /// Build BFD's view of `elf` (as `elf_object_p` and `bfd_section_from_shdr` do).
    pub fn new(elf: &ElfFile<'a>) -> Self {
        if elf.header().e_type == ET_CORE {
            return Self::core(elf);
        }
        let h = elf.header();
        let shdrs: &[SectionHeader] = elf.section_headers().unwrap_or(&[]);
        let phdrs: &[ProgramHeader] = elf.program_headers().unwrap_or(&[]);
        let mut fl = 0;
        match h.e_type {
            ET_EXEC => fl |= flags::EXEC_P,
            ET_DYN => fl |= flags::DYNAMIC,
            _ => {}
        }
        if h.e_phnum > 0 {
            fl |= flags::D_PAGED;
        }
        let page = min_page_size(elf);
        for s in shdrs.iter().skip(1) {
            if s.sh_size != 0
                && s.sh_flags & SHF_ALLOC_ != 0
                && s.sh_type != SHT_NOBITS
                && s.sh_addr.wrapping_sub(s.sh_offset) % page != 0
            {
                fl &= !flags::D_PAGED;
            }
        }
        let first = |t: u32| {
            shdrs
                .iter()
                .position(|s| s.sh_type == t)
                .map_or(0, |i| i as u32)
        };
        let symtab = first(SHT_SYMTAB);
        let dynsym = first(SHT_DYNSYM);
        if symtab != 0 || dynsym != 0 {
            fl |= flags::HAS_SYMS;
        }
        let shstrtab = elf
            .shstrtab()
            .unwrap_or_else(|_| libelf::read::StringTable::new(&[]));
        let mut b = Bfd {
            flags: fl,
            sections: Vec::new(),
            by_elf: vec![None; shdrs.len()],
            symtab,
            dynsym,
            wide: elf.class() == Class::Elf64,
            groups_done: false,
        };
        let linked = |i: usize| shdrs.get(i).map(|s| s.sh_link as usize);
        let mut reloc_targets = Vec::new();
        for (i, s) in shdrs.iter().enumerate().skip(1) {
            let name = shstrtab.get(s.sh_name).unwrap_or(b"");
            let make = match s.sh_type {
                SHT_NULL | SHT_SYMTAB_SHNDX | SHT_SHLIB => false,
                SHT_SYMTAB => {
                    i as u32 == symtab && s.sh_flags & SHF_ALLOC_ != 0 && fl & flags::DYNAMIC != 0
                }
                SHT_STRTAB => {
                    i as u32 != elf.shstrndx()
                        && !(symtab != 0 && linked(symtab as usize) == Some(i))
                }
                SHT_REL | SHT_RELA | SHT_RELR => {
                    let exec_alloc =
                        fl & (flags::DYNAMIC | flags::EXEC_P) != 0 && s.sh_flags & SHF_ALLOC_ != 0;
                    let tgt = shdrs.get(s.sh_info as usize);
                    let bad = exec_alloc
                        || s.sh_type == SHT_RELR
                        || s.sh_link == 0
                        || s.sh_link != symtab
                        || s.sh_info == 0
                        || tgt.is_none_or(|t| t.sh_type == SHT_REL || t.sh_type == SHT_RELA);
                    if !bad {
                        reloc_targets.push(s.sh_info as usize);
                    }
                    bad
                }
                _ => true,
            };
            if make && b.by_elf.get(i).is_some_and(Option::is_none) {
                b.make(elf, i, name, s, phdrs);
                if s.sh_flags & SHF_GROUP_ != 0 && !b.groups_done {
                    b.groups_done = true;
                    for (j, g) in shdrs.iter().enumerate() {
                        let valid = g.sh_type == SHT_GROUP
                            && g.sh_entsize == 4
                            && g.sh_size >= 8
                            && g.sh_size % 4 == 0;
                        if valid && b.by_elf.get(j).is_some_and(Option::is_none) {
                            let gname = shstrtab.get(g.sh_name).unwrap_or(b"");
                            b.make(elf, j, gname, g, phdrs);
                        }
                    }
                }
            }
        }
        for t in reloc_targets {
            if let Some(&Some(k)) = b.by_elf.get(t) {
                if let Some(x) = b.sections.get_mut(k) {
                    x.flags |= sec::RELOC;
                }
            }
            b.flags |= flags::HAS_RELOC;
        }
        b
    }

    fn make(
        &mut self,
        elf: &ElfFile<'a>,
        i: usize,
        name: &'a [u8],
        s: &SectionHeader,
        phdrs: &[ProgramHeader],
    ) {
        let mut f = 0;
        if s.sh_type != SHT_NOBITS {
            f |= sec::HAS_CONTENTS;
        }
        if s.sh_type == SHT_GROUP {
            f |= sec::GROUP;
        }
        if s.sh_flags & SHF_ALLOC_ != 0 {
            f |= sec::ALLOC;
            if s.sh_type != SHT_NOBITS {
                f |= sec::LOAD;
            }
        }
        if s.sh_flags & SHF_WRITE_ == 0 {
            f |= sec::READONLY;
        }
        if s.sh_flags & SHF_EXECINSTR_ != 0 {
            f |= sec::CODE;
        } else if f & sec::LOAD != 0 {
            f |= sec::DATA;
        }
        if s.sh_flags & SHF_MERGE_ != 0 {
            f |= sec::MERGE;
        }
        if s.sh_flags & SHF_STRINGS_ != 0 {
            f |= sec::STRINGS;
        }
        if s.sh_flags & SHF_TLS_ != 0 {
            f |= sec::THREAD_LOCAL;
        }
        if s.sh_flags & SHF_EXCLUDE_ != 0 {
            f |= sec::EXCLUDE;
        }
        if f & sec::ALLOC == 0 && name.first() == Some(&b'.') {
            let p = |x: &[u8]| name.starts_with(x);
            if p(b".debug")
                || p(b".gnu.debuglto_.debug_")
                || p(b".gnu.linkonce.wi.")
                || p(b".zdebug")
            {
                f |= sec::DEBUGGING | sec::ELF_OCTETS;
            } else if p(b".gnu.build.attributes") || p(b".note.gnu") {
                f |= sec::ELF_OCTETS;
            } else if p(b".line") || p(b".stab") || name == b".gdb_index" {
                f |= sec::DEBUGGING;
            }
        }
        if name.starts_with(b".gnu.linkonce") && s.sh_flags & 0x200 == 0 {
            f |= sec::LINK_ONCE;
        }
        if s.sh_type == SHT_GROUP && s.sh_size >= 8 {
            // GRP_COMDAT in the group's flag word.
            let word = elf
                .section(libelf::read::SectionIndex(i as u32))
                .and_then(|x| x.data())
                .ok()
                .and_then(|d| d.get(..4))
                .and_then(|w| <[u8; 4]>::try_from(w).ok());
            if let Some(w) = word {
                let v = match elf.endian() {
                    Endian::Big => u32::from_be_bytes(w),
                    Endian::Little => u32::from_le_bytes(w),
                };
                if v & 1 != 0 {
                    f |= sec::LINK_ONCE;
                }
            }
        }
        if elf.header().e_machine == EM_PPC64
            && (name.starts_with(b".sbss") || name.starts_with(b".sdata"))
        {
            f |= sec::SMALL_DATA;
        }
        if elf.header().e_machine == EM_MIPS {
            match (s.sh_type, name) {
                (0x7000_0006, b".reginfo") if s.sh_size == 24 => f |= sec::LINK_ONCE_SAME_SIZE,
                (0x7000_002a, b".MIPS.abiflags") => f |= sec::LINK_ONCE_SAME_SIZE,
                (0x7000_0005, b".mdebug") => f |= sec::DEBUGGING,
                _ => {}
            }
        }
        let a = s.sh_addralign & s.sh_addralign.wrapping_neg();
        let mut lma = s.sh_addr;
        if f & sec::ALLOC != 0 {
            let all_zero = phdrs.iter().all(|p| p.p_paddr == 0);
            let nload = phdrs
                .iter()
                .filter(|p| p.p_type == PT_LOAD && p.p_memsz != 0)
                .count();
            if !(all_zero && nload > 1) {
                for p in phdrs {
                    if ((p.p_type == PT_LOAD && s.sh_flags & SHF_TLS_ == 0) || p.p_type == PT_TLS)
                        && in_segment(s, p)
                    {
                        lma = if f & sec::LOAD == 0 {
                            p.p_paddr.wrapping_add(s.sh_addr).wrapping_sub(p.p_vaddr)
                        } else {
                            p.p_paddr.wrapping_add(s.sh_offset).wrapping_sub(p.p_offset)
                        };
                        if s.sh_addr >= p.p_vaddr
                            && s.sh_addr.wrapping_add(s.sh_size)
                                <= p.p_vaddr.wrapping_add(p.p_memsz)
                        {
                            break;
                        }
                    }
                }
            }
        }
        let mut hdr = *s;
        let mut align_power = log2(a);
        if f & sec::DEBUGGING != 0 && f & sec::HAS_CONTENTS != 0 && f & sec::ELF_OCTETS != 0 {
            // objdump opens files with BFD_DECOMPRESS: sizes and alignments are the
            // uncompressed ones.
            let c = elf
                .section(libelf::read::SectionIndex(i as u32))
                .ok()
                .and_then(|x| x.compression().ok().flatten());
            if let Some(c) = c {
                hdr.sh_size = c.uncompressed_size;
                align_power = c.header.map_or(0, |h| log2(h.ch_addralign));
            }
        }
        let k = self.sections.len();
        self.sections.push(Section {
            index: k,
            elf_index: i as u32,
            name: std::borrow::Cow::Borrowed(name),
            hdr,
            flags: f,
            lma,
            align_power,
        });
        if let Some(e) = self.by_elf.get_mut(i) {
            *e = Some(k);
        }
    }

    /// `elf_core_file_p`: a core file's sections are its segments (`load1`, `note0`…,
    /// split in `a`/`b` parts where only some of the memory is in the file), each note
    /// segment followed by the pseudo-sections of its notes (`.reg/PID`, `.reg`,
    /// `.auxv`…). No flags, no symbols.
    fn core(elf: &ElfFile<'a>) -> Self {
        let mut b = Bfd {
            flags: 0,
            sections: Vec::new(),
            by_elf: Vec::new(),
            symtab: 0,
            dynsym: 0,
            wide: elf.class() == Class::Elf64,
            groups_done: true,
        };
        let phdrs = elf.program_headers().unwrap_or(&[]);
        for (i, p) in phdrs.iter().enumerate() {
            let kind: &str = match p.p_type {
                PT_NULL => "null",
                PT_LOAD => "load",
                PT_DYNAMIC => "dynamic",
                PT_INTERP => "interp",
                PT_NOTE => "note",
                PT_SHLIB => "shlib",
                PT_PHDR => "phdr",
                0x6474_e550 => "eh_frame_hdr",
                0x6474_e551 => "stack",
                0x6474_e552 => "relro",
                0x6474_e554 => "sframe",
                _ => "proc",
            };
            let split = p.p_memsz > 0 && p.p_filesz > 0 && p.p_memsz > p.p_filesz;
            if p.p_filesz > 0 {
                let mut f = sec::HAS_CONTENTS;
                if p.p_type == PT_LOAD {
                    f |= sec::ALLOC | sec::LOAD;
                    if p.p_flags & PF_X != 0 {
                        f |= sec::CODE;
                    }
                }
                if p.p_flags & PF_W == 0 {
                    f |= sec::READONLY;
                }
                let name = format!("{kind}{i}{}", if split { "a" } else { "" });
                b.pseudo(
                    name,
                    p.p_vaddr,
                    p.p_paddr,
                    p.p_filesz,
                    p.p_offset,
                    log2(p.p_align),
                    f,
                );
            }
            if p.p_memsz > p.p_filesz {
                let vma = p.p_vaddr.wrapping_add(p.p_filesz);
                let mut align = vma & vma.wrapping_neg();
                if align == 0 || align > p.p_align {
                    align = p.p_align;
                }
                let mut f = 0;
                if p.p_type == PT_LOAD {
                    f |= sec::ALLOC;
                    if p.p_flags & PF_X != 0 {
                        f |= sec::CODE;
                    }
                }
                if p.p_flags & PF_W == 0 {
                    f |= sec::READONLY;
                }
                let name = format!("{kind}{i}{}", if split { "b" } else { "" });
                b.pseudo(
                    name,
                    vma,
                    p.p_paddr.wrapping_add(p.p_filesz),
                    p.p_memsz - p.p_filesz,
                    p.p_offset.wrapping_add(p.p_filesz),
                    log2(align),
                    f,
                );
            }
            if p.p_type == PT_NOTE && p.p_filesz > 0 {
                b.core_notes(elf, p);
            }
        }
        b
    }

    /// A section that is no ELF section (core files).
    #[allow(clippy::too_many_arguments)]
    fn pseudo(
        &mut self,
        name: String,
        vma: u64,
        lma: u64,
        size: u64,
        pos: u64,
        align: u32,
        f: u32,
    ) {
        let name = std::borrow::Cow::Owned(name.into_bytes());
        let hdr = SectionHeader {
            sh_type: SHT_PROGBITS,
            sh_addr: vma,
            sh_offset: pos,
            sh_size: size,
            ..SectionHeader::default()
        };
        self.sections.push(Section {
            index: self.sections.len(),
            elf_index: u32::MAX,
            name,
            hdr,
            flags: f,
            lma,
            align_power: align,
        });
    }

    /// `elfcore_grok_note` for one note segment of a Linux core file.
    fn core_notes(&mut self, elf: &ElfFile<'a>, p: &ProgramHeader) {
        let Ok(data) = elf.segment_data(p) else {
            return;
        };
        let Ok(notes) = libelf::read::NoteIter::new(data, elf.endian(), p.p_align) else {
            return;
        };
        let machine = elf.header().e_machine;
        let c64 = elf.class() == Class::Elf64;
        let mut pid = 0u32;
        for n in notes.map_while(Result::ok) {
            let pos = p.p_offset.wrapping_add(n.desc_offset as u64);
            let size = u64::from(n.n_descsz);
            let linux = n.name == b"LINUX";
            let rd32 = |off: usize| -> Option<u32> {
                let b: [u8; 4] = n.desc.get(off..off + 4)?.try_into().ok()?;
                Some(match elf.endian() {
                    Endian::Big => u32::from_be_bytes(b),
                    Endian::Little => u32::from_le_bytes(b),
                })
            };
            match n.n_type {
                // NT_PRSTATUS: the registers, at the machine's offset in prstatus.
                1 => {
                    let layout = match (machine, n.n_descsz) {
                        (EM_X86_64, 336) => Some((32, 112, 216)),
                        (EM_X86_64, 296) | (EM_386, 144) => {
                            Some((24, 72, if machine == EM_386 { 68 } else { 216 }))
                        }
                        (EM_AARCH64, 392) => Some((32, 112, 272)),
                        (EM_ARM, 148) => Some((24, 72, 72)),
                        _ => None,
                    };
                    if let Some((pid_off, reg_off, reg_size)) = layout {
                        pid = rd32(pid_off).unwrap_or(0);
                        self.core_pseudo(".reg", pid, reg_size, pos + reg_off);
                    }
                }
                2 => self.core_pseudo(".reg2", pid, size, pos),
                0x46e6_2b7f if linux => self.core_pseudo(".reg-xfp", pid, size, pos),
                0x202 if linux => self.core_pseudo(".reg-xstate", pid, size, pos),
                6 => self.pseudo(
                    ".auxv".to_owned(),
                    0,
                    0,
                    size,
                    pos,
                    1 + if c64 { 2 } else { 1 },
                    sec::HAS_CONTENTS,
                ),
                0x4649_4c45 => self.core_pseudo(".note.linuxcore.file", pid, size, pos),
                0x5349_4749 => self.core_pseudo(".note.linuxcore.siginfo", pid, size, pos),
                // NT_GDB_TDESC, written by GDB's gcore.
                0xff00_0000 if n.name == b"GDB" => self.core_pseudo(".gdb-tdesc", pid, size, pos),
                _ => {}
            }
        }
    }

    /// `_bfd_elfcore_make_pseudosection`: `NAME/PID`, and `NAME` for the first thread.
    fn core_pseudo(&mut self, name: &str, pid: u32, size: u64, pos: u64) {
        self.pseudo(
            format!("{name}/{pid}"),
            0,
            0,
            size,
            pos,
            2,
            sec::HAS_CONTENTS,
        );
        if !self.sections.iter().any(|s| *s.name == *name.as_bytes()) {
            self.pseudo(name.to_owned(), 0, 0, size, pos, 2, sec::HAS_CONTENTS);
        }
    }

    /// The BFD section made from ELF section `index`, if any.
    pub fn section_of(&self, index: u32) -> Option<&Section<'a>> {
        let k = (*self.by_elf.get(index as usize)?)?;
        self.sections.get(k)
    }

    /// `bfd_printf_vma`: 16 hex digits for 64-bit files, 8 for 32-bit ones.
    pub fn vma(&self, v: u64) -> String {
        if self.wide {
            format!("{v:016x}")
        } else {
            format!("{:08x}", v as u32)
        }
    }
}

/// `ELF_SECTION_IN_SEGMENT` (VMAs checked, not strict) for the `PT_LOAD` and `PT_TLS`
/// segments `_bfd_elf_make_section_from_shdr` asks about.
fn in_segment(s: &SectionHeader, p: &ProgramHeader) -> bool {
    let tls = s.sh_flags & SHF_TLS_ != 0;
    if !tls && p.p_type == PT_TLS {
        return false;
    }
    if s.sh_flags & SHF_ALLOC_ == 0 && p.p_type == PT_LOAD {
        return false;
    }
    // .tbss takes no room in segments other than PT_TLS.
    let size = if tls && s.sh_type == SHT_NOBITS && p.p_type != PT_TLS {
        0
    } else {
        s.sh_size
    };
    let within = |start: u64, base: u64, len: u64| {
        start >= base
            && (start - base)
                .checked_add(size)
                .is_some_and(|end| end <= len)
    };
    (s.sh_type == SHT_NOBITS || within(s.sh_offset, p.p_offset, p.p_filesz))
        && (s.sh_flags & SHF_ALLOC_ == 0 || within(s.sh_addr, p.p_vaddr, p.p_memsz))
}

/// `bfd_printable_arch_mach`: the architecture `-f` names, as the machine's BFD backend
/// sets it from the ELF header (and, for ARM, the build attributes).
pub fn arch_name(elf: &ElfFile<'_>) -> String {
    let h = elf.header();
    let c64 = elf.class() == Class::Elf64;
    let named = |s: &str| s.to_owned();
    if target_name(elf).ends_with("-little") || target_name(elf).ends_with("-big") {
        return named("UNKNOWN!");
    }
    match h.e_machine {
        EM_X86_64 if c64 => named("i386:x86-64"),
        EM_X86_64 => named("i386:x64-32"),
        EM_386 => named("i386"),
        EM_IAMCU => named("iamcu"),
        EM_AARCH64 if c64 => named("aarch64"),
        EM_AARCH64 => named("aarch64:ilp32"),
        EM_ARM => named(arm_mach(elf)),
        EM_MIPS => named(mips_mach(h.e_flags, c64)),
        EM_PPC64 => named("powerpc:common64"),
        EM_PPC => named("powerpc:common"),
        EM_RISCV if c64 => named("riscv:rv64"),
        EM_RISCV => named("riscv:rv32"),
        EM_S390 if c64 => named("s390:64-bit"),
        EM_S390 => named("s390:31-bit"),
        EM_SPARCV9 => named("sparc:v9"),
        EM_SPARC32PLUS => named("sparc:v8plus"),
        EM_SPARC => named("sparc"),
        EM_68K => named("m68k"),
        EM_ALPHA => named("alpha"),
        EM_IA_64 => named("ia64-elf64"),
        EM_SH => named("sh"),
        EM_PARISC => named("hppa1.1"),
        EM_M32R => named("m32r"),
        _ => named("UNKNOWN!"),
    }
}

/// `_bfd_elf_mips_mach`: the MIPS machine from `EF_MIPS_ARCH` (and `EF_MIPS_MACH`).
fn mips_mach(e_flags: u32, c64: bool) -> &'static str {
    match e_flags & 0x00ff_0000 {
        0x0081_0000 => return "mips:3900",
        0x0082_0000 => return "mips:4010",
        0x0083_0000 => return "mips:4100",
        0x0085_0000 => return "mips:4650",
        0x0087_0000 => return "mips:4120",
        0x0088_0000 => return "mips:4111",
        0x008a_0000 => return "mips:sb1",
        0x008b_0000 => return "mips:octeon",
        0x008c_0000 => return "mips:xlr",
        0x008d_0000 => return "mips:octeon2",
        0x008e_0000 => return "mips:octeon3",
        0x0091_0000 => return "mips:5400",
        0x0092_0000 => return "mips:5900",
        0x0098_0000 => return "mips:5500",
        0x0099_0000 => return "mips:9000",
        0x00a0_0000 => return "mips:loongson_2e",
        0x00a1_0000 => return "mips:loongson_2f",
        0x00a2_0000 => return "mips:gs464",
        0x00a3_0000 => return "mips:gs464e",
        0x00a4_0000 => return "mips:gs264e",
        _ => {}
    }
    match e_flags & 0xf000_0000 {
        0x1000_0000 => "mips:6000",
        0x2000_0000 => "mips:4000",
        0x3000_0000 => "mips:8000",
        0x4000_0000 => "mips:mips5",
        0x5000_0000 => "mips:isa32",
        0x6000_0000 => "mips:isa64",
        0x7000_0000 => "mips:isa32r2",
        0x8000_0000 => "mips:isa64r2",
        0x9000_0000 => "mips:isa32r6",
        0xa000_0000 => "mips:isa64r6",
        _ if c64 => "mips:4000",
        _ => "mips:3000",
    }
}

/// `elf32_arm_object_p`: the ARM machine from `Tag_CPU_arch` of the `aeabi` build
/// attributes (no attribute: plain `arm`).
fn arm_mach(elf: &ElfFile<'_>) -> &'static str {
    const SHT_ARM_ATTRIBUTES: u32 = 0x7000_0003;
    const EF_ARM_MAVERICK_FLOAT: u32 = 0x800;
    if elf.header().e_flags & EF_ARM_MAVERICK_FLOAT != 0 && elf.header().e_flags & 0xff00_0000 == 0
    {
        return "ep9312";
    }
    let data = elf
        .sections()
        .ok()
        .and_then(|mut ss| {
            ss.find(|s| s.header().sh_type == SHT_ARM_ATTRIBUTES)
                .and_then(|s| s.data().ok())
        })
        .unwrap_or(&[]);
    let be = elf.endian() == Endian::Big;
    let (arch, name) = arm_cpu_arch(data, be);
    match arch {
        0 => "armv3m",
        1 => "armv4",
        2 => "armv4t",
        3 => "armv5t",
        4 => match name.as_deref() {
            Some(b"IWMMXT2") => "iwmmxt2",
            Some(b"IWMMXT") => "iwmmxt",
            Some(b"XSCALE") => "xscale",
            _ => "armv5te",
        },
        5 => "armv5tej",
        6 => "armv6",
        7 => "armv6kz",
        8 => "armv6t2",
        9 => "armv6k",
        10 => "armv7",
        11 => "armv6-m",
        12 => "armv6s-m",
        13 => "armv7e-m",
        14 => "armv8-a",
        15 => "armv8-r",
        16 => "armv8-m.base",
        17 => "armv8-m.main",
        21 => "armv8.1-m.main",
        22 => "armv9-a",
        _ => "arm",
    }
}

/// `Tag_CPU_arch` (6) and `Tag_CPU_name` (5) of the file-scope `aeabi` attributes.
fn arm_cpu_arch(d: &[u8], be: bool) -> (u64, Option<Vec<u8>>) {
    let (mut arch, mut name) = (0, None);
    let Some(mut rest) = d.strip_prefix(b"A") else {
        return (arch, name);
    };
    // Subsections: length (including itself), vendor name, then tagged blocks.
    while let Some(len) = u32_field(rest, be) {
        let len = len as usize;
        let Some(sub) = rest.get(4..len) else { break };
        rest = rest.get(len..).unwrap_or(&[]);
        let Some(nul) = sub.iter().position(|&c| c == 0) else {
            break;
        };
        if sub.get(..nul) != Some(&b"aeabi"[..]) {
            continue;
        }
        let mut blocks = sub.get(nul + 1..).unwrap_or(&[]);
        while let (Some(&tag), Some(size)) = (
            blocks.first(),
            blocks.get(1..).and_then(|b| u32_field(b, be)),
        ) {
            let size = size as usize;
            let Some(block) = blocks.get(5..size) else {
                break;
            };
            blocks = blocks.get(size..).unwrap_or(&[]);
            if tag == 1 {
                file_attrs(block, &mut arch, &mut name);
            }
        }
    }
    (arch, name)
}

/// A 4-byte length field at the start of `d`.
fn u32_field(d: &[u8], be: bool) -> Option<u32> {
    let b: [u8; 4] = d.get(..4)?.try_into().ok()?;
    Some(if be {
        u32::from_be_bytes(b)
    } else {
        u32::from_le_bytes(b)
    })
}

/// The attributes of a `Tag_File` block: ULEB128 tags, with ULEB128 or NUL-terminated
/// values as ARM's rules say (4, 5, 67 and odd tags above 32 are strings; 32 is a
/// number and a string).
fn file_attrs(mut b: &[u8], arch: &mut u64, name: &mut Option<Vec<u8>>) {
    let uleb = |b: &mut &[u8]| -> Option<u64> {
        let (v, n) = libelf::leb128::uleb128(b)?;
        *b = b.get(n..).unwrap_or(&[]);
        Some(v)
    };
    let string = |b: &mut &[u8]| -> Vec<u8> {
        let n = b.iter().position(|&c| c == 0).unwrap_or(b.len());
        let s = b.get(..n).unwrap_or(&[]).to_vec();
        *b = b.get(n + 1..).unwrap_or(&[]);
        s
    };
    while !b.is_empty() {
        let Some(t) = uleb(&mut b) else { return };
        if t == 32 {
            uleb(&mut b);
            string(&mut b);
        } else if matches!(t, 4 | 5 | 67) || (t > 32 && t % 2 == 1) {
            let s = string(&mut b);
            if t == 5 {
                *name = Some(s);
            }
        } else {
            let Some(v) = uleb(&mut b) else { return };
            if t == 6 {
                *arch = v;
            }
        }
    }
}

/// Whether BFD's `elf_object_p` (or, for `ET_CORE`, `elf_core_file_p`) accepts the
/// file: the header checks, a readable section header table whose links are in range,
/// readable program headers, and sections `bfd_section_from_shdr` can make. GNU
/// says `file format not recognized` for anything else.
pub fn recognized(elf: &ElfFile<'_>) -> bool {
    let h = elf.header();
    let c64 = elf.class() == Class::Elf64;
    let (ehsize, shsize, phsize, symsize) = if c64 {
        (64, 64, 56, 24)
    } else {
        (52, 40, 32, 16)
    };
    if h.e_ident.get(6) != Some(&1) {
        return false;
    }
    let core = h.e_type == ET_CORE;
    let filesize = elf.data().len() as u64;
    if !core {
        if h.e_shoff < ehsize && (h.e_type == ET_REL || h.e_shnum != 0) {
            return false;
        }
        if h.e_shentsize != shsize && h.e_shnum != 0 {
            return false;
        }
    }
    if h.e_phnum > 0 && (u64::from(h.e_phnum) > filesize / phsize || elf.program_headers().is_err())
    {
        return false;
    }
    if core || h.e_shoff < ehsize {
        return true;
    }
    let Ok(shdrs) = elf.section_headers() else {
        return false;
    };
    let n = shdrs.len() as u64;
    let x86_or_sparc = matches!(
        h.e_machine,
        EM_386 | EM_IAMCU | EM_X86_64 | EM_SPARC | EM_SPARC32PLUS | EM_SPARCV9 | 11
    );
    let names = elf.shstrtab().ok();
    let shstrndx_ok = shdrs
        .get(elf.shstrndx() as usize)
        .is_some_and(|s| elf.shstrndx() != 0 && s.sh_type == SHT_STRTAB);
    for s in shdrs.iter().skip(1) {
        if u64::from(s.sh_link) >= n
            && !(x86_or_sparc && (s.sh_link == 0xff00 || s.sh_link == 0xff01))
        {
            return false;
        }
        if (s.sh_flags & 0x40 != 0 || s.sh_type == SHT_REL || s.sh_type == SHT_RELA)
            && u64::from(s.sh_info) >= n
        {
            return false;
        }
    }
    if !shstrndx_ok {
        return true;
    }
    // bfd_section_from_shdr for every section.
    for s in shdrs.iter().skip(1) {
        if s.sh_type == SHT_NULL {
            continue;
        }
        if names.as_ref().is_none_or(|t| t.get(s.sh_name).is_err()) {
            return false;
        }
        let ok = match s.sh_type {
            SHT_SYMTAB | SHT_DYNSYM => {
                s.sh_entsize == symsize
                    && (s.sh_size == 0
                        || u64::from(s.sh_info)
                            .checked_mul(s.sh_entsize)
                            .is_some_and(|v| v <= s.sh_size))
            }
            SHT_REL => s.sh_entsize == if c64 { 16 } else { 8 },
            SHT_RELA => s.sh_entsize == if c64 { 24 } else { 12 },
            SHT_RELR => s.sh_entsize == if c64 { 8 } else { 4 },
            SHT_GNU_VERSYM => s.sh_entsize == 2,
            SHT_GROUP => s.sh_entsize == 4 && s.sh_size >= 4 && s.sh_size % 4 == 0,
            SHT_DYNAMIC => u64::from(s.sh_link) <= n,
            _ => true,
        };
        if !ok {
            return false;
        }
    }
    true
}
