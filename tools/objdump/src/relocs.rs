//! Relocation records as BFD reads them (`bfd_canonicalize_reloc`,
//! `bfd_canonicalize_dynamic_reloc`) and their text: the `-r`/`-R` displays
//! (`dump_reloc_set`) and the lines `-d -r`/`-d -R` put after instructions.
//!
//! Static relocations belong to the section a `SHT_REL`/`SHT_RELA` section applies to
//! (one linked to the symbol table; in a linked file not an allocated one); their
//! addresses are section-relative. Dynamic relocations are every `SHT_REL`/`SHT_RELA`
//! section linked to `.dynsym`, with absolute addresses.

use std::io::{self, Write};

use libelf::consts::{SHF_ALLOC, SHT_DYNSYM, SHT_REL, SHT_RELA, SHT_SYMTAB};
use libelf::read::{RelocTable, SectionHeader, SymbolIndex};
use libelf::{Class, ElfFile};
use libsymtab::{Symbol, Symtab};

use crate::{Cx, Object};

/// What a relocation refers to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelSym {
    /// Symbol index 0 or a bad index: BFD's `*ABS*` section symbol.
    Abs,
    /// An entry of `.symtab` (static) or `.dynsym` (dynamic).
    Index(u32),
}

/// One relocation as BFD's `arelent` holds it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rel {
    /// `address`: section-relative for static relocations of a linked file, else
    /// `r_offset`.
    pub address: u64,
    /// The type.
    pub r_type: u32,
    /// The symbol.
    pub sym: RelSym,
    /// The addend (0 for REL).
    pub addend: i64,
}

fn headers<'e>(elf: &'e ElfFile<'_>) -> &'e [SectionHeader] {
    elf.section_headers().unwrap_or(&[])
}

fn index_of(elf: &ElfFile<'_>, ty: u32) -> Option<u32> {
    headers(elf)
        .iter()
        .position(|h| h.sh_type == ty)
        .map(|i| i as u32)
}

fn linked(elf: &ElfFile<'_>) -> bool {
    matches!(
        elf.header().e_type,
        libelf::consts::ET_EXEC | libelf::consts::ET_DYN
    )
}

fn read_table(elf: &ElfFile<'_>, index: usize, nsyms: usize, base: u64, out: &mut Vec<Rel>) {
    let Ok(sec) = elf.section(libelf::read::SectionIndex(index as u32)) else {
        return;
    };
    let Ok(table) = RelocTable::parse(&sec) else {
        return;
    };
    let class = elf.class();
    for r in table.iter() {
        let s = r.r_sym(class);
        out.push(Rel {
            address: r.r_offset.wrapping_sub(base),
            r_type: r.r_type(class),
            sym: if s == 0 || s as usize >= nsyms {
                RelSym::Abs
            } else {
                RelSym::Index(s)
            },
            addend: r.r_addend.unwrap_or(0),
        });
    }
}

fn table_len(elf: &ElfFile<'_>, index: Option<u32>) -> usize {
    index
        .and_then(|i| headers(elf).get(i as usize))
        .map_or(0, |h| {
            let ent = if elf.class() == Class::Elf64 { 24 } else { 16 };
            let ent = if h.sh_entsize >= ent {
                h.sh_entsize
            } else {
                ent
            };
            usize::try_from(h.sh_size / ent).unwrap_or(0)
        })
}

/// The reloc sections BFD attaches to section `target` (their indexes).
pub fn static_sections(elf: &ElfFile<'_>, target: u32) -> Vec<usize> {
    let Some(symtab) = index_of(elf, SHT_SYMTAB) else {
        return Vec::new();
    };
    let hs = headers(elf);
    let link = linked(elf);
    hs.iter()
        .enumerate()
        .filter(|(_, h)| {
            matches!(h.sh_type, SHT_REL | SHT_RELA)
                && h.sh_link == symtab
                && h.sh_info == target
                && target != 0
                && !(link && h.sh_flags & u64::from(SHF_ALLOC) != 0)
                && hs
                    .get(target as usize)
                    .is_some_and(|t| !matches!(t.sh_type, SHT_REL | SHT_RELA))
        })
        .map(|(i, _)| i)
        .collect()
}

/// Whether section `target` has static relocations (BFD's `SEC_RELOC`).
pub fn has_static(elf: &ElfFile<'_>, target: u32) -> bool {
    !static_sections(elf, target).is_empty()
}

/// Whether the file has static relocations at all (BFD's `HAS_RELOC`).
pub fn file_has_reloc(elf: &ElfFile<'_>) -> bool {
    (1..headers(elf).len() as u32).any(|i| has_static(elf, i))
}

/// The static relocations of section `target`, in table order.
pub fn static_relocs(elf: &ElfFile<'_>, target: u32) -> Vec<Rel> {
    let mut out = Vec::new();
    let nsyms = table_len(elf, index_of(elf, SHT_SYMTAB));
    let base = if linked(elf) {
        headers(elf).get(target as usize).map_or(0, |h| h.sh_addr)
    } else {
        0
    };
    for i in static_sections(elf, target) {
        read_table(elf, i, nsyms, base, &mut out);
    }
    out
}

/// The dynamic relocations in table order, or `None` when the file has no `.dynsym`
/// (BFD's "invalid operation").
pub fn dynamic_relocs(elf: &ElfFile<'_>) -> Option<Vec<Rel>> {
    let dynsym = index_of(elf, SHT_DYNSYM)?;
    let nsyms = table_len(elf, Some(dynsym));
    let mut out = Vec::new();
    for (i, h) in headers(elf).iter().enumerate() {
        if matches!(h.sh_type, SHT_REL | SHT_RELA) && h.sh_link == dynsym {
            read_table(elf, i, nsyms, 0, &mut out);
        }
    }
    Some(out)
}

/// Sort by address, keeping table order among equals (`compare_relocs`).
pub fn sort(rels: &mut [Rel]) {
    rels.sort_by_key(|r| r.address);
}

/// Names what relocations refer to, as objdump prints them.
#[derive(Debug)]
pub struct Namer<'s, 'd> {
    symtab: &'s Symtab<'d>,
    machine: u16,
    demangle: Option<libdemangle::Options>,
    dynamic: bool,
    section_names: Vec<Vec<u8>>,
}

impl<'s, 'd> Namer<'s, 'd> {
    /// A namer for the static (`dynamic` false) or dynamic relocations of `elf`.
    pub fn new(
        elf: &ElfFile<'_>,
        symtab: &'s Symtab<'d>,
        dynamic: bool,
        demangle: Option<libdemangle::Options>,
    ) -> Self {
        let strs = elf.shstrtab().ok();
        let section_names = headers(elf)
            .iter()
            .map(|h| {
                strs.as_ref()
                    .and_then(|t| t.get(h.sh_name).ok())
                    .unwrap_or(b"")
                    .to_vec()
            })
            .collect();
        Namer {
            symtab,
            machine: elf.header().e_machine,
            demangle,
            dynamic,
            section_names,
        }
    }

    /// The libsymtab symbol of `r`, if it has one.
    pub fn symbol(&self, r: &Rel) -> Option<&'s Symbol<'d>> {
        let RelSym::Index(i) = r.sym else {
            return None;
        };
        let t = if self.dynamic {
            self.symtab.dynsym()
        } else {
            self.symtab.symtab()
        }?;
        t.get(SymbolIndex(i))
    }

    /// BFD's howto name of the type: the ELF name, except where BFD's howto table
    /// keeps an older one.
    pub fn howto(&self, r_type: u32) -> Option<&'static str> {
        match (self.machine, r_type) {
            // elf32-arm.c: R_ARM_BASE_PREL and R_ARM_GOT_BREL under their old names.
            (libelf::consts::EM_ARM, 25) => Some("R_ARM_GOTPC"),
            (libelf::consts::EM_ARM, 26) => Some("R_ARM_GOT32"),
            _ => libelf::names::reloc_type(self.machine, r_type),
        }
    }

    /// The symbol text (`objdump_print_symname`): name, version, demangled with `-C`;
    /// `None` when BFD's name is empty (the interleave prints the section's name).
    pub fn symbol_text(&self, r: &Rel) -> Option<String> {
        let Some(s) = self.symbol(r) else {
            return Some("*ABS*".to_owned());
        };
        if s.display_name_bytes().is_empty() {
            return None;
        }
        Some(symname(self.symtab, s, self.demangle.as_ref()))
    }

    /// The section name of the relocation's symbol (for unnamed symbols).
    pub fn section_text(&self, r: &Rel) -> String {
        let name = self
            .symbol(r)
            .and_then(|s| s.shndx)
            .and_then(|i| self.section_names.get(i as usize))
            .filter(|n| !n.is_empty());
        match name {
            Some(n) => String::from_utf8_lossy(n).into_owned(),
            None => "*unknown*".to_owned(),
        }
    }

    /// Whether the symbol of `r` is in the absolute section (or is `*ABS*`).
    pub fn is_abs(&self, r: &Rel) -> bool {
        self.symbol(r)
            .is_none_or(|s| u32::from(s.sym.st_shndx) == libelf::consts::SHN_ABS)
    }
}

/// objdump's `objdump_print_symname`: the name with its version, demangled with `-C`.
pub fn symname<'d>(
    symtab: &Symtab<'d>,
    sym: &Symbol<'d>,
    demangle: Option<&libdemangle::Options>,
) -> String {
    let full = symtab.objdump_name(sym);
    if let Some(o) = demangle {
        let base_len = sym.display_name().len().min(full.len());
        if let Some((base, ver)) = full.split_at_checked(base_len) {
            if let Some(d) = libsymtab::demangle_name(base, o) {
                return format!("{d}{ver}");
            }
        }
    }
    full
}

fn print_vma(out: &mut dyn Write, c64: bool, v: u64) -> io::Result<()> {
    if c64 {
        write!(out, "{v:016x}")
    } else {
        write!(out, "{:08x}", v as u32)
    }
}

/// `dump_reloc_set`: the column header and one line a relocation.
fn dump_set(
    cx: &Cx<'_, '_>,
    obj: &Object<'_>,
    namer: &Namer<'_, '_>,
    rels: &[Rel],
    out: &mut dyn Write,
) -> io::Result<()> {
    let c64 = obj.elf.class() == Class::Elf64;
    let width = if c64 { 9 } else { 1 };
    writeln!(out, "OFFSET {:w$} TYPE {:12} VALUE", "", "", w = width)?;
    let o = cx.o;
    for r in rels {
        if o.start_address.is_some_and(|s| r.address < s)
            || o.stop_address.is_some_and(|s| r.address > s)
        {
            continue;
        }
        print_vma(out, c64, r.address)?;
        match namer.howto(r.r_type) {
            Some(n) => write!(out, " {n:<16}  ")?,
            None => write!(out, " {:<16}  ", r.r_type)?,
        }
        match namer.symbol(r) {
            None => out.write_all(b"*ABS*")?,
            Some(s) => {
                out.write_all(symname(namer.symtab, s, namer.demangle.as_ref()).as_bytes())?
            }
        }
        if r.addend != 0 {
            let (sign, a) = if r.addend < 0 {
                ("-", r.addend.unsigned_abs())
            } else {
                ("+", r.addend as u64)
            };
            write!(out, "{sign}0x")?;
            print_vma(out, c64, a)?;
        }
        out.write_all(b"\n")?;
    }
    Ok(())
}

/// The demangling options of `-C`, if given.
pub fn demangle_options(cx: &Cx<'_, '_>) -> Option<libdemangle::Options> {
    cx.o.demangle.then(|| {
        let mut d = libdemangle::Options::default();
        if let Some(s) =
            cx.o.demangle_style
                .as_deref()
                .and_then(libdemangle::Style::from_name)
        {
            d = d.style(s);
        }
        d.recurse_limit(!cx.o.no_recurse_limit).no_verbose(true)
    })
}

/// `-r` (`dump_relocs`): each section with relocations, as selected by `-j`.
///
/// # Errors
/// Only errors writing `out`.
pub fn dump_static(cx: &mut Cx<'_, '_>, obj: &Object<'_>, out: &mut dyn Write) -> io::Result<()> {
    let elf = &obj.elf;
    let Ok(symtab) = Symtab::parse(elf) else {
        return Ok(());
    };
    let namer = Namer::new(elf, &symtab, false, demangle_options(cx));
    let n = headers(elf).len();
    for i in 1..n as u32 {
        if !has_static(elf, i) {
            continue;
        }
        let name = namer
            .section_names
            .get(i as usize)
            .cloned()
            .unwrap_or_default();
        if !cx.process_section(&name) {
            continue;
        }
        write!(
            out,
            "RELOCATION RECORDS FOR [{}]:",
            String::from_utf8_lossy(&name)
        )?;
        let rels = static_relocs(elf, i);
        if rels.is_empty() {
            out.write_all(b" (none)\n\n")?;
            continue;
        }
        out.write_all(b"\n")?;
        dump_set(cx, obj, &namer, &rels, out)?;
        out.write_all(b"\n\n")?;
    }
    Ok(())
}

/// `-R` (`dump_dynamic_relocs`).
///
/// # Errors
/// Only errors writing `out`.
pub fn dump_dynamic(cx: &mut Cx<'_, '_>, obj: &Object<'_>, out: &mut dyn Write) -> io::Result<()> {
    let elf = &obj.elf;
    let Some(rels) = dynamic_relocs(elf) else {
        cx.nonfatal(format_args!("{}: not a dynamic object", obj.name));
        cx.nonfatal(format_args!("{}: invalid operation", obj.name));
        cx.stop = true;
        return Ok(());
    };
    let Ok(symtab) = Symtab::parse(elf) else {
        return Ok(());
    };
    let namer = Namer::new(elf, &symtab, true, demangle_options(cx));
    out.write_all(b"DYNAMIC RELOCATION RECORDS")?;
    if rels.is_empty() {
        return out.write_all(b" (none)\n\n");
    }
    out.write_all(b"\n")?;
    dump_set(cx, obj, &namer, &rels, out)?;
    out.write_all(b"\n\n")
}
