//! objdump's symbol list for disassembly (`disassemble_data`'s `sorted_syms`): which
//! symbols take part, their BFD flags, GNU's `compare_symbols` order, and
//! `find_symbol_for_address`.
//!
//! GNU sorts the list again for each section, preferring symbols of that section among
//! equal values. Here the list is sorted once without that preference; a section's
//! order is the same list with each run of equal values stably split into the
//! section's symbols first ([`Sorted::for_section`]), which is the order GNU's sort
//! gives.

use std::borrow::Cow;
use std::cmp::Ordering;
use std::sync::OnceLock;

use libelf::consts::{
    EM_AARCH64, EM_ARM, EM_RISCV, SHN_ABS, SHN_COMMON, SHN_LORESERVE, SHN_UNDEF, STB_GLOBAL,
    STB_LOCAL, STB_WEAK, STT_COMMON, STT_FILE, STT_FUNC, STT_OBJECT, STT_SECTION,
};
use libsymtab::{Source, Symbol, Symtab};

/// `BSF_LOCAL`.
pub const LOCAL: u16 = 1;
/// `BSF_GLOBAL`.
pub const GLOBAL: u16 = 2;
/// `BSF_FUNCTION`.
pub const FUNCTION: u16 = 4;
/// `BSF_OBJECT`.
pub const OBJECT: u16 = 8;
/// `BSF_SECTION_SYM`.
pub const SECTION_SYM: u16 = 16;
/// `BSF_DEBUGGING`.
pub const DEBUGGING: u16 = 32;
/// `BSF_FILE`.
pub const FILE: u16 = 64;
/// `BSF_SYNTHETIC`.
pub const SYNTHETIC: u16 = 128;
/// `BSF_WEAK`.
pub const WEAK: u16 = 256;

/// The section of a symbol that is in none (`*ABS*` and the like).
pub const NO_SECTION: u32 = u32::MAX;

/// One symbol of the list.
#[derive(Debug)]
pub struct DSym<'s, 'd> {
    /// `bfd_asymbol_value`.
    pub value: u64,
    /// Its section's index, or [`NO_SECTION`].
    pub sec: u32,
    /// BFD's `value`: section-relative in a linked file too.
    pub raw_value: u64,
    /// BFD flags (the constants of this module).
    pub flags: u16,
    /// `st_size` (0 for section and synthetic symbols, as `compare_symbols` reads it).
    pub size: u64,
    /// The name BFD gives it (`puts@plt`, a section's name).
    pub name: Cow<'d, [u8]>,
    /// The libsymtab symbol.
    pub sym: &'s Symbol<'d>,
    /// Whether the target's `symbol_is_valid` accepts it.
    pub valid: bool,
    label: OnceLock<String>,
}

/// BFD's flags for a table symbol.
pub fn bsf_flags(s: &Symbol<'_>) -> u16 {
    let shndx = u32::from(s.sym.st_shndx);
    let mut f = match s.st_bind() {
        STB_LOCAL => LOCAL,
        STB_GLOBAL if shndx != SHN_UNDEF && shndx != SHN_COMMON => GLOBAL,
        STB_WEAK => WEAK,
        _ => 0,
    };
    f |= match s.st_type() {
        STT_SECTION => SECTION_SYM | DEBUGGING,
        STT_FILE => FILE | DEBUGGING,
        STT_FUNC => FUNCTION,
        STT_COMMON | STT_OBJECT => OBJECT,
        _ => 0,
    };
    if s.plt.is_some() || s.source == Source::Plt {
        f &= !(SECTION_SYM | DEBUGGING);
        f |= SYNTHETIC;
        if f & LOCAL == 0 {
            f |= GLOBAL;
        }
    }
    f
}

/// The target's `symbol_is_valid` (`opcodes/*-dis.c`): ARM hides every `$` name and
/// `__tagsym$$`; AArch64 `$x`/`$d` mapping symbols; RISC-V mapping symbols and the
/// assembler's fake labels.
pub fn symbol_is_valid(machine: u16, name: &[u8]) -> bool {
    match machine {
        EM_ARM => name.first() != Some(&b'$') && !name.starts_with(b"__tagsym$$"),
        EM_AARCH64 => {
            !(name.first() == Some(&b'$')
                && matches!(name.get(1), Some(b'x' | b'd'))
                && matches!(name.get(2), None | Some(b'.')))
        }
        EM_RISCV => {
            !(name == b".L0 "
                || matches!(name, b"$d" | b"$x")
                || name.starts_with(b"$d.")
                || name.starts_with(b"$x.")
                || name.starts_with(b"$xrv"))
        }
        _ => true,
    }
}

/// An ARM/AArch64/RISC-V mapping symbol's kind (`a`, `t`, `x` or `d`), if `name` is one.
pub fn mapping_kind(machine: u16, name: &[u8]) -> Option<u8> {
    if !matches!(machine, EM_ARM | EM_AARCH64 | EM_RISCV) || name.first() != Some(&b'$') {
        return None;
    }
    let k = *name.get(1)?;
    (matches!(k, b'a' | b't' | b'x' | b'd') && matches!(name.get(2), None | Some(b'.')))
        .then_some(k)
}

/// PowerPC64 ELFv1's synthetic dot-symbols (`ppc64_elf_get_synthetic_symtab`): for each
/// function descriptor symbol in `.opd`, `.name` at the code address the descriptor
/// holds (in a relocatable file, the `R_PPC64_ADDR64` relocation's target): the
/// descriptor's symbol, the entry address and the code section's index.
fn ppc64_dot_symbols<'s, 'd>(
    elf: &libelf::ElfFile<'_>,
    table: &'s libsymtab::SymbolTableView<'d>,
) -> Vec<(&'s Symbol<'d>, u64, u32)> {
    const R_PPC64_ADDR64: u32 = 38;
    let h = elf.header();
    if h.e_machine != libelf::consts::EM_PPC64 || h.e_flags & 3 >= 2 {
        return Vec::new();
    }
    let Ok(Some(opd)) = elf.section_by_name(b".opd") else {
        return Vec::new();
    };
    let opd_index = opd.index().0;
    let opd_addr = opd.header().sh_addr;
    let Ok(data) = opd.data() else {
        return Vec::new();
    };
    let shdrs = elf.section_headers().unwrap_or(&[]);
    let rel = h.e_type == libelf::consts::ET_REL;
    let relocs = if rel {
        crate::relocs::static_relocs(elf, opd_index)
    } else {
        Vec::new()
    };
    let big = elf.endian() == libelf::Endian::Big;
    let mut out = Vec::new();
    for s in table.iter().skip(1) {
        if s.shndx != Some(opd_index)
            || s.st_type() == STT_SECTION
            || s.display_name_bytes().is_empty()
        {
            continue;
        }
        let off = s.addr.wrapping_sub(opd_addr);
        let found = if rel {
            relocs
                .iter()
                .find(|r| r.address == off && r.r_type == R_PPC64_ADDR64)
                .and_then(|r| {
                    let crate::relocs::RelSym::Index(i) = r.sym else {
                        return None;
                    };
                    let t = table.get(libelf::read::SymbolIndex(i))?;
                    Some((t.addr.wrapping_add(r.addend as u64), t.shndx?))
                })
        } else {
            usize::try_from(off)
                .ok()
                .and_then(|o| data.get(o..o.checked_add(8)?))
                .and_then(|b| <[u8; 8]>::try_from(b).ok())
                .map(|b| {
                    if big {
                        u64::from_be_bytes(b)
                    } else {
                        u64::from_le_bytes(b)
                    }
                })
                .and_then(|entry| {
                    let sec = shdrs.iter().position(|h| {
                        h.sh_flags & u64::from(libelf::consts::SHF_ALLOC) != 0
                            && h.sh_type != libelf::consts::SHT_NOBITS
                            && entry >= h.sh_addr
                            && entry - h.sh_addr < h.sh_size
                            && h.sh_flags & u64::from(libelf::consts::SHF_EXECINSTR) != 0
                    })?;
                    Some((entry, sec as u32))
                })
        };
        if let Some((entry, sec)) = found {
            out.push((s, entry, sec));
        }
    }
    // One symbol a descriptor: a global one before a weak one before a local one.
    let rank = |s: &Symbol<'_>| match s.st_bind() {
        STB_GLOBAL => 0,
        STB_WEAK => 1,
        _ => 2,
    };
    out.sort_by_key(|&(s, _, _)| (s.addr, rank(s)));
    out.dedup_by_key(|&mut (s, _, _)| s.addr);
    out
}

/// The whole list, in `compare_symbols` order without the section preference.
#[derive(Debug)]
pub struct Sorted<'s, 'd> {
    /// The symbols.
    pub syms: Vec<DSym<'s, 'd>>,
    /// For each section index, the first section index with the same name (GNU
    /// compares sections by name).
    pub name_class: Vec<u32>,
    /// Mapping symbols (ARM, AArch64, RISC-V): (section, address, kind), sorted.
    pub mapping: Vec<(u32, u64, u8)>,
    machine: u16,
    symtab: &'s Symtab<'d>,
    demangle: Option<libdemangle::Options>,
}

fn has_prefix_plt_got(name: &[u8]) -> bool {
    name.starts_with(b".plt") || name.starts_with(b".got")
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

fn file_like(name: &[u8]) -> bool {
    name.len() > 2
        && matches!(
            name.get(name.len().wrapping_sub(2)..),
            Some([b'.', b'o' | b'a'])
        )
}

/// `compare_symbols` after the value and section tests.
fn compare_rest(a: &DSym<'_, '_>, b: &DSym<'_, '_>) -> Ordering {
    let gnu = |s: &DSym<'_, '_>| {
        contains(&s.name, b"gnu_compiled") || contains(&s.name, b"gcc2_compiled")
    };
    let file = |s: &DSym<'_, '_>| s.flags & FILE != 0 || file_like(&s.name);
    // false sorts first for these (the flag puts a symbol later)
    let later = |f: fn(&DSym<'_, '_>) -> bool| f(a).cmp(&f(b));
    gnu(a)
        .cmp(&gnu(b))
        .then_with(|| file(a).cmp(&file(b)))
        .then_with(|| later(|s| s.flags & DEBUGGING != 0))
        .then_with(|| later(|s| s.flags & SECTION_SYM != 0))
        .then_with(|| later(|s| s.flags & FUNCTION == 0))
        .then_with(|| later(|s| s.flags & OBJECT == 0))
        .then_with(|| later(|s| s.flags & LOCAL != 0))
        .then_with(|| later(|s| s.flags & GLOBAL == 0))
        .then_with(|| b.size.cmp(&a.size))
        .then_with(|| later(|s| s.name.first() == Some(&b'.')))
        .then_with(|| a.name.cmp(&b.name))
}

impl<'s, 'd> Sorted<'s, 'd> {
    /// The list of `symtab` (`.symtab`, else `.dynsym`, then the synthetic PLT
    /// symbols), with `remove_useless_symbols` applied, sorted.
    pub fn new(
        symtab: &'s Symtab<'d>,
        elf: &libelf::ElfFile<'_>,
        separate: &[(&'s Symtab<'d>, &libelf::ElfFile<'_>)],
        demangle: Option<libdemangle::Options>,
    ) -> Self {
        let machine = elf.header().e_machine;
        let shdrs = elf.section_headers().unwrap_or(&[]);
        let names: Vec<&[u8]> = shdrs
            .iter()
            .map(|h| {
                elf.shstrtab()
                    .ok()
                    .and_then(|t| t.get(h.sh_name).ok())
                    .unwrap_or(b"")
            })
            .collect();
        let mut first: std::collections::HashMap<&[u8], u32> = std::collections::HashMap::new();
        let name_class: Vec<u32> = names
            .iter()
            .enumerate()
            .map(|(i, n)| *first.entry(n).or_insert(i as u32))
            .collect();
        let table = symtab.symtab().filter(|t| t.len() > 1);
        // A separate debug file's static symbols come after the object's; its sections
        // are matched to the object's by name (`sym_ok`).
        let extra: Vec<_> = separate
            .iter()
            .filter_map(|(st, e)| Some((st.symtab().filter(|t| t.len() > 1)?, *e)))
            .collect();
        let table = if table.is_none() && extra.is_empty() {
            symtab.dynsym().filter(|t| t.len() > 1)
        } else {
            table
        };
        let mut syms = Vec::with_capacity(
            table.map_or(0, |t| t.len())
                + extra.iter().map(|(t, _)| t.len()).sum::<usize>()
                + symtab.plt().len(),
        );
        let mut mapping = Vec::new();
        let shnum = shdrs.len() as u32;
        let linked = matches!(
            elf.header().e_type,
            libelf::consts::ET_EXEC | libelf::consts::ET_DYN
        );
        // For each separate file, its section indices as the object's (by name).
        let maps: Vec<Vec<u32>> = extra
            .iter()
            .map(|(_, e)| {
                let strs = e.shstrtab().ok();
                e.section_headers()
                    .unwrap_or(&[])
                    .iter()
                    .map(|h| {
                        strs.as_ref()
                            .and_then(|t| t.get(h.sh_name).ok())
                            .and_then(|n| first.get(n).copied())
                            .unwrap_or(NO_SECTION)
                    })
                    .collect()
            })
            .collect();
        let mut add = |s: &'s Symbol<'d>, synthetic: bool, map: Option<&[u32]>| {
            let flags = bsf_flags(s);
            let name = s.display_name_bytes();
            let shndx = s.shndx.unwrap_or(SHN_ABS);
            if !synthetic
                && (name.is_empty()
                    || (flags & (DEBUGGING | SECTION_SYM) != 0 && !has_prefix_plt_got(&name))
                    || shndx == SHN_UNDEF
                    || shndx == SHN_COMMON)
            {
                return;
            }
            let sec = match map {
                _ if shndx == 0 || shndx >= SHN_LORESERVE => NO_SECTION,
                None if shndx < shnum => shndx,
                None => NO_SECTION,
                Some(m) => m.get(shndx as usize).copied().unwrap_or(NO_SECTION),
            };
            if let Some(k) = mapping_kind(machine, &name) {
                mapping.push((sec, s.addr, k));
            }
            let size = if flags & (SECTION_SYM | SYNTHETIC) != 0 {
                0
            } else {
                s.sym.st_size
            };
            let sec_vma = if linked && sec != NO_SECTION {
                shdrs.get(sec as usize).map_or(0, |h| h.sh_addr)
            } else {
                0
            };
            syms.push(DSym {
                value: s.addr,
                raw_value: s.addr.wrapping_sub(sec_vma),
                sec,
                flags,
                size,
                valid: symbol_is_valid(machine, &name),
                name,
                sym: s,
                label: OnceLock::new(),
            });
        };
        if let Some(t) = table {
            for s in t.iter().skip(1) {
                add(s, false, None);
            }
        }
        for ((t, _), map) in extra.iter().zip(&maps) {
            for s in t.iter().skip(1) {
                add(s, false, Some(map));
            }
        }
        for s in symtab.plt() {
            add(s, true, None);
        }
        if let Some(t) = table {
            for (s, entry, sec) in ppc64_dot_symbols(elf, t) {
                let sec_vma = shdrs.get(sec as usize).map_or(0, |h| h.sh_addr);
                let flags = (bsf_flags(s) & !(SECTION_SYM | DEBUGGING)) | SYNTHETIC;
                // The name without its version (`fib@@LIBHELLO_2.0` → `.fib`).
                let full = s.display_name_bytes();
                let base = full.split(|&c| c == b'@').next().unwrap_or_default();
                let mut name = b".".to_vec();
                name.extend_from_slice(base);
                let label = OnceLock::new();
                let _ = label.set(String::from_utf8_lossy(&name).into_owned());
                syms.push(DSym {
                    value: entry,
                    raw_value: entry.wrapping_sub(sec_vma),
                    sec,
                    flags,
                    size: 0,
                    valid: true,
                    name: Cow::Owned(name),
                    sym: s,
                    label,
                });
            }
        }
        syms.sort_by(|a, b| a.value.cmp(&b.value).then_with(|| compare_rest(a, b)));
        mapping.sort_unstable();
        Sorted {
            syms,
            name_class,
            mapping,
            machine,
            symtab,
            demangle,
        }
    }

    /// The `-C` options, if demangling.
    pub fn demangle(&self) -> Option<&libdemangle::Options> {
        self.demangle.as_ref()
    }

    /// The machine whose `symbol_is_valid` applies.
    pub fn machine(&self) -> u16 {
        self.machine
    }

    fn class(&self, sec: u32) -> u32 {
        self.name_class.get(sec as usize).copied().unwrap_or(sec)
    }

    /// Whether symbol `i` is in a section named as section `sec` is.
    pub fn same_section(&self, i: usize, sec: u32) -> bool {
        self.syms
            .get(i)
            .is_some_and(|s| s.sec != NO_SECTION && self.class(s.sec) == self.class(sec))
    }

    /// GNU's order while section `sec` is disassembled.
    pub fn for_section(&self, sec: u32) -> Vec<u32> {
        let mut order = Vec::with_capacity(self.syms.len());
        let mut i = 0;
        while let Some(first) = self.syms.get(i) {
            let v = first.value;
            let mut j = i;
            while self.syms.get(j).is_some_and(|s| s.value == v) {
                j += 1;
            }
            if j - i == 1 {
                order.push(i as u32);
            } else {
                order.extend(
                    (i..j)
                        .filter(|&k| self.same_section(k, sec))
                        .map(|k| k as u32),
                );
                order.extend(
                    (i..j)
                        .filter(|&k| !self.same_section(k, sec))
                        .map(|k| k as u32),
                );
            }
            i = j;
        }
        order
    }

    /// The label objdump prints for symbol `i` (demangled with `-C`, versioned).
    pub fn label(&self, i: usize) -> &str {
        match self.syms.get(i) {
            Some(s) => s.label.get_or_init(|| self.name_of(s.sym)),
            None => "",
        }
    }

    /// objdump's `objdump_print_symname` text for any symbol of the file.
    pub fn name_of(&self, sym: &Symbol<'d>) -> String {
        crate::relocs::symname(self.symtab, sym, self.demangle.as_ref())
    }

    /// Whether `sym` is from `.dynsym`.
    pub fn is_dynamic(sym: &Symbol<'_>) -> bool {
        sym.source == Source::Dynsym
    }
}

/// The view of the list while one section is disassembled: GNU's `sorted_syms` after
/// `qsort` with `compare_section` set.
#[derive(Debug)]
pub struct SectionSyms<'a, 's, 'd> {
    /// The list.
    pub all: &'a Sorted<'s, 'd>,
    /// Indexes into `all.syms`, in GNU's order for this section.
    pub order: Vec<u32>,
    /// The section.
    pub sec: u32,
    /// Whether the file has relocations (BFD's `HAS_RELOC`).
    pub has_reloc: bool,
    /// The section's address and size.
    pub vma: u64,
    /// The section's size.
    pub size: u64,
}

impl<'s, 'd> SectionSyms<'_, 's, 'd> {
    /// The index in `all.syms` of position `p` of this order.
    pub fn index(&self, p: usize) -> Option<usize> {
        self.order.get(p).map(|&i| i as usize)
    }

    /// The symbol at position `p` of this order.
    pub fn at(&self, p: usize) -> Option<&DSym<'s, 'd>> {
        self.all.syms.get(self.index(p)?)
    }

    /// The label of position `p`.
    pub fn label_at(&self, p: usize) -> &str {
        self.index(p).map_or("", |i| self.all.label(i))
    }

    /// `value` of position `p` (`u64::MAX` past the end).
    pub fn value(&self, p: usize) -> u64 {
        self.at(p).map_or(u64::MAX, |s| s.value)
    }

    /// Whether position `p` is in a section named as this one.
    pub fn in_section(&self, p: usize) -> bool {
        self.index(p)
            .is_some_and(|i| self.all.same_section(i, self.sec))
    }

    /// `sym_ok`.
    pub fn ok(&self, want_section: bool, p: usize) -> bool {
        (!want_section || self.in_section(p)) && self.at(p).is_some_and(|s| s.valid)
    }

    /// Number of symbols.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// GNU's `find_symbol_for_address` without the dynamic-relocation step: the position
    /// of the symbol for `vma`, and whether the caller may still look at dynamic
    /// relocations (not an exact hit, not synthetic, no section required).
    pub fn find(&self, vma: u64, require_sec: bool) -> Option<(usize, bool)> {
        let n = self.len();
        if n == 0 {
            return None;
        }
        let (mut min, mut max) = (0usize, n);
        while min + 1 < max {
            let t = (max + min) / 2;
            let v = self.value(t);
            if v > vma {
                max = t;
            } else if v < vma {
                min = t;
            } else {
                min = t;
                break;
            }
        }
        let mut place = min;
        while place > 0 && self.value(place) == self.value(place - 1) {
            place -= 1;
        }
        let mut m = place;
        let pv = self.value(place);
        while m < max && self.value(m) == pv {
            if self.ok(true, m) {
                return Some((m, false));
            }
            m += 1;
        }
        let want = require_sec
            || (self.has_reloc && vma >= self.vma && vma < self.vma.wrapping_add(self.size));
        if !self.ok(want, place) {
            let mut newplace = None::<usize>;
            for i in (0..m).rev() {
                if self.ok(want, i) {
                    if let Some(np) = newplace {
                        if self.value(i) != self.value(np) {
                            break;
                        }
                    }
                    newplace = Some(i);
                }
            }
            match newplace {
                Some(np) => place = np,
                None => {
                    if let Some(i) = (place + 1..n).find(|&i| self.ok(want, i)) {
                        place = i;
                    }
                }
            }
            if !self.ok(want, place) {
                return None;
            }
        }
        let dyn_ok = !want
            && self
                .at(place)
                .is_some_and(|s| s.raw_value != vma && s.flags & SYNTHETIC == 0);
        Some((place, dyn_ok))
    }
}
