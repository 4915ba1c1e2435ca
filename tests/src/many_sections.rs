//! A generated relocatable object with more sections than a 16-bit `e_shnum` can count,
//! for the extended-numbering tests (`tests/tests/many_sections.rs`).
//!
//! It is made at test time instead of being committed: 70,000 sections make a 6 MB file
//! that compresses badly. What `gcc -c -ffunction-sections` writes for 70,000 functions has
//! the same shape (checked by hand against GNU readelf: see `tests/golden/many-sections/
//! README.md`): `e_shnum` 0 and `e_shstrndx` `SHN_XINDEX` with the real values in section
//! 0, symbols in sections from 0xff00 up through `SHT_SYMTAB_SHNDX`, and a COMDAT group
//! and relocations whose section indexes do not fit in 16 bits.

/// The section layout of [`object`] for `n` function sections (`.text.f0` is section 1).
#[derive(Debug, Clone, Copy)]
pub struct Layout {
    /// The number of `.text.fN` sections.
    pub functions: u32,
}

impl Layout {
    /// `.group`, the COMDAT group of `g1`.
    pub fn group(&self) -> u32 {
        self.functions + 1
    }
    /// `.text.g1`, the group's code.
    pub fn group_text(&self) -> u32 {
        self.functions + 2
    }
    /// `.rela.text.g1`.
    pub fn rela(&self) -> u32 {
        self.functions + 3
    }
    /// `.symtab`.
    pub fn symtab(&self) -> u32 {
        self.functions + 4
    }
    /// `.symtab_shndx`.
    pub fn symtab_shndx(&self) -> u32 {
        self.functions + 5
    }
    /// `.strtab`.
    pub fn strtab(&self) -> u32 {
        self.functions + 6
    }
    /// `.shstrtab`, the last section.
    pub fn shstrtab(&self) -> u32 {
        self.functions + 7
    }
    /// The section count (what section 0's `sh_size` says).
    pub fn count(&self) -> u32 {
        self.functions + 8
    }
}

struct Shdr {
    name: u32,
    kind: u32,
    flags: u64,
    offset: u64,
    size: u64,
    link: u32,
    info: u32,
    align: u64,
    entsize: u64,
}

impl Shdr {
    /// Section `name` (its `.shstrtab` offset) of type `kind` with `flags`, at file
    /// offset and size `place`; no link, info, alignment or entry size yet.
    fn new(name: u32, kind: u32, flags: u64, place: (u64, u64)) -> Self {
        let (offset, size) = place;
        Shdr {
            name,
            kind,
            flags,
            offset,
            size,
            link: 0,
            info: 0,
            align: 0,
            entsize: 0,
        }
    }

    /// With `sh_link` and `sh_info`.
    fn link(self, link: u32, info: u32) -> Self {
        Shdr { link, info, ..self }
    }

    /// With `sh_addralign` and `sh_entsize`.
    fn align(self, align: u64, entsize: u64) -> Self {
        Shdr {
            align,
            entsize,
            ..self
        }
    }
}

/// Appends `data` to `file`; its file offset and size.
fn put(file: &mut Vec<u8>, data: &[u8]) -> (u64, u64) {
    let at = file.len() as u64;
    file.extend_from_slice(data);
    (at, data.len() as u64)
}

/// An ELF64 little-endian x86-64 `ET_REL` object with `functions` one-byte functions
/// `f0`… each in its own section `.text.fN`, a COMDAT group `g1` whose code calls the
/// undefined `ext`, and a symbol table with a section symbol per section and a global
/// per function. `e_shnum` and `e_shstrndx` are the escape values (0 and `SHN_XINDEX`)
/// whatever the count, as GNU as writes them past 0xff00 sections.
pub fn object(functions: u32) -> Vec<u8> {
    let l = Layout { functions };
    let mut shstr = vec![0u8];
    let mut strtab = vec![0u8];
    let add = |t: &mut Vec<u8>, s: &str| -> u32 {
        let at = t.len() as u32;
        t.extend_from_slice(s.as_bytes());
        t.push(0);
        at
    };
    let mut file = vec![0u8; 64];
    let align = |f: &mut Vec<u8>, a: usize| f.resize(f.len().div_ceil(a) * a, 0);
    let mut sh: Vec<Shdr> = Vec::with_capacity(l.count() as usize);
    sh.push(Shdr::new(0, 0, 0, (0, u64::from(l.count()))).link(l.shstrtab(), 0));
    for i in 0..functions {
        let name = add(&mut shstr, &format!(".text.f{i}"));
        sh.push(Shdr::new(name, 1, 6, (file.len() as u64, 1)).align(1, 0));
        file.push(0xc3);
    }
    // Symbols: null, a section symbol per .text section and .text.g1, then the globals.
    let first_global = functions + 2;
    let g1_sym = first_global + functions;
    let ext_sym = g1_sym + 1;
    align(&mut file, 4);
    let group_at = file.len() as u64;
    for w in [1u32, l.group_text()] {
        file.extend_from_slice(&w.to_le_bytes());
    }
    sh.push(
        Shdr::new(add(&mut shstr, ".group"), 17, 0, (group_at, 8))
            .link(l.symtab(), g1_sym)
            .align(4, 4),
    );
    let text_at = file.len() as u64;
    file.extend_from_slice(&[0xe8, 0, 0, 0, 0, 0xc3, 0, 0, 0, 0]);
    sh.push(Shdr::new(add(&mut shstr, ".text.g1"), 1, 0x206, (text_at, 10)).align(1, 0));
    align(&mut file, 8);
    let rela_at = file.len() as u64;
    // call ext (R_X86_64_PLT32), and a 32-bit reference to f65300's section symbol
    // (R_X86_64_32), whose section needs SHT_SYMTAB_SHNDX.
    let far = functions.min(65_300);
    for (off, sym, kind, addend) in [(1u64, ext_sym, 4u64, -4i64), (6, far, 10, 0)] {
        file.extend_from_slice(&off.to_le_bytes());
        file.extend_from_slice(&((u64::from(sym) << 32) | kind).to_le_bytes());
        file.extend_from_slice(&addend.to_le_bytes());
    }
    sh.push(
        Shdr::new(add(&mut shstr, ".rela.text.g1"), 4, 0x240, (rela_at, 48))
            .link(l.symtab(), l.group_text())
            .align(8, 24),
    );
    let mut syms: Vec<(u32, u8, u32, u64)> = vec![(0, 0, 0, 0)]; // name, info, shndx, size
    for s in 1..=functions {
        syms.push((0, 3, s, 0));
    }
    syms.push((0, 3, l.group_text(), 0));
    for i in 0..functions {
        let name = add(&mut strtab, &format!("f{i}"));
        syms.push((name, 0x12, i + 1, 1));
    }
    syms.push((add(&mut strtab, "g1"), 0x12, l.group_text(), 10));
    syms.push((add(&mut strtab, "ext"), 0x10, 0, 0));
    let symtab_at = file.len() as u64;
    let mut shndx = Vec::with_capacity(syms.len() * 4);
    for &(name, info, ndx, size) in &syms {
        let (short, ext) = if ndx >= 0xff00 {
            (0xffffu16, ndx)
        } else {
            (ndx as u16, 0)
        };
        file.extend_from_slice(&name.to_le_bytes());
        file.push(info);
        file.push(0);
        file.extend_from_slice(&short.to_le_bytes());
        file.extend_from_slice(&0u64.to_le_bytes());
        file.extend_from_slice(&size.to_le_bytes());
        shndx.extend_from_slice(&ext.to_le_bytes());
    }
    let symtab = (symtab_at, (syms.len() * 24) as u64);
    sh.push(
        Shdr::new(add(&mut shstr, ".symtab"), 2, 0, symtab)
            .link(l.strtab(), first_global)
            .align(8, 24),
    );
    let shndx = put(&mut file, &shndx);
    sh.push(
        Shdr::new(add(&mut shstr, ".symtab_shndx"), 18, 0, shndx)
            .link(l.symtab(), 0)
            .align(4, 4),
    );
    let strtab = put(&mut file, &strtab);
    sh.push(Shdr::new(add(&mut shstr, ".strtab"), 3, 0, strtab).align(1, 0));
    let name = add(&mut shstr, ".shstrtab");
    let shstrtab = (file.len() as u64, shstr.len() as u64);
    sh.push(Shdr::new(name, 3, 0, shstrtab).align(1, 0));
    file.extend_from_slice(&shstr);
    align(&mut file, 8);
    let shoff = file.len() as u64;
    for s in &sh {
        for w in [s.name, s.kind] {
            file.extend_from_slice(&w.to_le_bytes());
        }
        for d in [s.flags, 0, s.offset, s.size] {
            file.extend_from_slice(&d.to_le_bytes());
        }
        for w in [s.link, s.info] {
            file.extend_from_slice(&w.to_le_bytes());
        }
        for d in [s.align, s.entsize] {
            file.extend_from_slice(&d.to_le_bytes());
        }
    }
    let mut h = Vec::with_capacity(64);
    h.extend_from_slice(b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0");
    h.extend_from_slice(&1u16.to_le_bytes()); // ET_REL
    h.extend_from_slice(&62u16.to_le_bytes()); // EM_X86_64
    h.extend_from_slice(&1u32.to_le_bytes());
    h.extend_from_slice(&0u64.to_le_bytes()); // e_entry
    h.extend_from_slice(&0u64.to_le_bytes()); // e_phoff
    h.extend_from_slice(&shoff.to_le_bytes());
    h.extend_from_slice(&0u32.to_le_bytes()); // e_flags
    for v in [64u16, 0, 0, 64, 0, 0xffff] {
        h.extend_from_slice(&v.to_le_bytes());
    }
    file.splice(0..64, h);
    file
}
