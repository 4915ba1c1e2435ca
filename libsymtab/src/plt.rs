//! Synthetic PLT symbols (`puts@plt`), computed as GNU objdump 2.40 computes them
//! (BFD's `get_synthetic_symtab`).
//!
//! - x86-64 and i386 (`elf_x86_64_get_synthetic_symtab`, `elf_i386_get_synthetic_symtab`):
//!   each of `.plt`, `.plt.got`, `.plt.sec` (and `.plt.bnd` on x86-64) is matched
//!   against the linker's PLT templates (lazy, non-lazy, BND, IBT; PIC or not on
//!   i386). Each entry's GOT slot is decoded from its `jmp *slot` and matched with a
//!   dynamic relocation (`JUMP_SLOT`, `GLOB_DAT` or `IRELATIVE`) at that address.
//!   The lazy `.plt` of an IBT or BND PLT is skipped: its entries live in `.plt.sec`.
//!   Besides the IBT PLT binutils 2.40 writes (`endbr64; jmp *slot`), the older form
//!   with a BND prefix (`endbr64; bnd jmp *slot`) is read too, which objdump 2.40 no
//!   longer names.
//! - AArch64, RISC-V and S/390 (`_bfd_elf_get_synthetic_symtab` with the target's
//!   `plt_sym_val`): relocation `i` of `.rela.plt` names entry `i`, at
//!   `.plt + header + i * entry` (AArch64: header 32, entry 16, or 24 with BTI in an
//!   executable or with PAC, from `DT_AARCH64_BTI_PLT`/`DT_AARCH64_PAC_PLT`;
//!   RISC-V: 32 and 16; S/390: 32 and 32).
//! - SPARC (`_bfd_sparc_elf_plt_sym_val`): 64-bit, relocation `i` of `.rela.plt` names
//!   entry `i + 4` of 32 bytes (the header is four entries), and past entry 32768 the
//!   large PLT's blocks of 160 entries of 24-byte code; 32-bit, the relocation's own
//!   address (`r_offset` is in `.plt`).
//! - m68k (`elf_m68k_plt_sym_val`): relocation `i` names entry `i + 1` of the PLT's
//!   entry size, 20 bytes, or 24 for CPU32 and ColdFire ISA B and C (from `e_flags`).
//! - ARM (`elf32_arm_get_synthetic_symtab`): relocation `i` of `.rel.plt` names the
//!   `i`-th entry of `.plt`, whose sizes come from decoding each entry (ARM short or
//!   long entries, an optional Thumb stub, or Thumb-2 only PLTs).
//!
//! - PowerPC64 (`ppc64_elf_get_synthetic_symtab`): relocation `i` of `.rela.plt` names
//!   entry `i` of the glink branch table, 32 bytes after `DT_PPC64_GLINK` (8-byte
//!   entries in ELFv1, 12-byte from entry 0x8000 on; 4-byte in ELFv2), after
//!   `__glink_PLTresolve`, where the first entry branches. (BFD prints a non-zero
//!   addend there with 16 digits; these names use the short form of the others.)
//!
//! Entries are named after the relocation's dynamic symbol, `*ABS*` when it has none,
//! with `+0x<addend>` for a non-zero addend, then `@plt`.

use libelf::consts::{
    DT_AARCH64_BTI_PLT, DT_AARCH64_PAC_PLT, EF_ARM_BE8, EM_386, EM_68K, EM_AARCH64, EM_ARM,
    EM_PPC64, EM_RISCV, EM_S390, EM_SPARC, EM_SPARC32PLUS, EM_SPARCV9, EM_X86_64, ET_DYN, ET_EXEC,
    SHF_ALLOC, SHT_REL, SHT_RELA,
};
use libelf::read::{RelocTable, SectionIndex, Sym, SymbolIndex};
use libelf::{Class, Endian};

use crate::file::FileInfo;
use crate::symbol::{PltInfo, Source, Symbol};
use crate::table::SymbolTableView;

/// A dynamic relocation, as the x86 matcher keeps it.
#[derive(Debug, Clone, Copy)]
struct DynReloc {
    addr: u64,
    r_type: u32,
    sym: u32,
    addend: i64,
}

/// The synthetic PLT symbols of a linked file, in objdump's order; empty when the
/// machine is not supported or the file has no PLT.
pub(crate) fn synthesize<'data>(
    info: &FileInfo<'data>,
    dynsym: Option<&SymbolTableView<'data>>,
) -> Vec<Symbol<'data>> {
    let Some(ctx) = Ctx::linked(info, dynsym).filter(|c| c.dynsym.len() > 1) else {
        return Vec::new();
    };
    match info.machine() {
        EM_X86_64 | EM_386 => ctx.x86(),
        EM_AARCH64 => {
            let (bti, pac) = info.dynamic_section().map_or((false, false), |d| {
                (
                    d.find(DT_AARCH64_BTI_PLT as i64).is_some(),
                    d.find(DT_AARCH64_PAC_PLT as i64).is_some(),
                )
            });
            let exec = info.header.e_type == ET_EXEC;
            let entry = if pac || (bti && exec) { 24 } else { 16 };
            ctx.generic(b".rela.plt", 32, entry)
        }
        EM_RISCV => ctx.generic(b".rela.plt", 32, 16),
        EM_S390 => ctx.generic(b".rela.plt", 32, 32),
        EM_ARM => ctx.arm(),
        EM_SPARCV9 | EM_SPARC | EM_SPARC32PLUS => ctx.sparc(),
        EM_68K => ctx.m68k(),
        EM_PPC64 => ctx.ppc64(),
        _ => Vec::new(),
    }
}

/// The sections whose entries [`synthesize`] names on x86-64 (`x64`) or i386.
fn x86_sections(x64: bool) -> &'static [&'static [u8]] {
    if x64 {
        &[b".plt", b".plt.got", b".plt.sec", b".plt.bnd"]
    } else {
        &[b".plt", b".plt.got", b".plt.sec"]
    }
}

/// On x86-64 and i386, addresses `[lo, hi)` holding every entry [`synthesize`] can
/// return, whole (the hull of the PLT sections; empty without them), found without
/// synthesizing them; `None` on other machines.
pub(crate) fn x86_span(info: &FileInfo<'_>) -> Option<(u64, u64)> {
    let x64 = match info.machine() {
        EM_X86_64 => true,
        EM_386 => false,
        _ => return None,
    };
    let ranges = x86_sections(x64).iter().filter_map(|name| {
        let (_, s) = info.section_by_name(name)?;
        Some((s.sh_addr, s.sh_addr.saturating_add(s.sh_size)))
    });
    Some(
        ranges
            .reduce(|a, b| (a.0.min(b.0), a.1.max(b.1)))
            .unwrap_or((0, 0)),
    )
}

/// The x86-64 PLT entries as Linux perf 6.1 names them (`dso__synthesize_plt_symbols`):
/// relocation `i` of `.rela.plt` names the `.plt` entry at `.plt + 16 + 16 i`, the PLT
/// itself not decoded (so `.plt.sec` and `.plt.got` entries get no name, and an
/// `IRELATIVE` relocation names its slot with no symbol). Empty for other machines.
pub(crate) fn by_reloc_index<'data>(
    info: &FileInfo<'data>,
    dynsym: Option<&SymbolTableView<'data>>,
) -> Vec<Symbol<'data>> {
    match Ctx::linked(info, dynsym) {
        Some(ctx) if info.machine() == EM_X86_64 => ctx.generic(b".rela.plt", 16, 16),
        _ => Vec::new(),
    }
}

struct Ctx<'a, 'data> {
    info: &'a FileInfo<'data>,
    dynsym: &'a SymbolTableView<'data>,
    dynsym_sec: u32,
}

impl<'a, 'data> Ctx<'a, 'data> {
    /// The context of a linked file (executable or shared object) with a `.dynsym`
    /// section; `None` otherwise.
    fn linked(
        info: &'a FileInfo<'data>,
        dynsym: Option<&'a SymbolTableView<'data>>,
    ) -> Option<Self> {
        let dynsym = dynsym?;
        let dynsym_sec = dynsym.section_index()?.0;
        matches!(info.header.e_type, ET_EXEC | ET_DYN).then_some(Ctx {
            info,
            dynsym,
            dynsym_sec,
        })
    }
}

/// A non-lazy x86 PLT layout: the bytes an entry starts with, where the GOT
/// displacement is, where the instruction using it ends, and the entry size.
#[derive(Debug, Clone, Copy)]
struct Layout {
    start: &'static [u8],
    got: usize,
    insn_end: u64,
    entry: u64,
    pic: bool,
}

const X64_LAZY: Layout = Layout::jump(&[0xff, 0x35], 16, false);
const X64_PLAIN: Layout = Layout::jump(&[0xff, 0x25], 8, false);
const X64_BND: Layout = Layout::jump(&[0xf2, 0xff, 0x25], 8, false);
/// The IBT PLT of binutils before 2.39, with a BND prefix on the jump.
const X64_IBT_BND: Layout = Layout::jump(&[0xf3, 0x0f, 0x1e, 0xfa, 0xf2, 0xff, 0x25], 16, false);
/// The IBT PLT of binutils 2.39 on (and of x32 always).
const X64_IBT: Layout = Layout::jump(&[0xf3, 0x0f, 0x1e, 0xfa, 0xff, 0x25], 16, false);
const I386_PLAIN: [Layout; 2] = [
    Layout::jump(&[0xff, 0x25], 8, false),
    Layout::jump(&[0xff, 0xa3], 8, true),
];
const I386_IBT: [Layout; 2] = [
    Layout::jump(&[0xf3, 0x0f, 0x1e, 0xfb, 0xff, 0x25], 16, false),
    Layout::jump(&[0xf3, 0x0f, 0x1e, 0xfb, 0xff, 0xa3], 16, true),
];

impl Layout {
    /// An entry that starts with an indirect jump (or push) through the GOT: its
    /// opcode bytes `start`, then the 4-byte displacement, in entries of `entry` bytes.
    const fn jump(start: &'static [u8], entry: u64, pic: bool) -> Layout {
        Layout {
            start,
            got: start.len(),
            insn_end: start.len() as u64 + 4,
            entry,
            pic,
        }
    }
}

/// One matched x86 PLT section.
struct Matched<'data> {
    section: u32,
    addr: u64,
    data: &'data [u8],
    layout: Layout,
    /// Lazy PLT: entry 0 is PLT0 and is skipped.
    lazy: bool,
}

impl<'data> Ctx<'_, 'data> {
    /// The symbol for entry at `addr` in `section` of size `size`, for relocation
    /// `(r_type, sym, addend)`.
    fn entry(
        &self,
        section: u32,
        addr: u64,
        size: u64,
        r_type: u32,
        sym: u32,
        addend: i64,
    ) -> Symbol<'data> {
        // Relocation symbol 0, or one past the table, is BFD's `*ABS*`.
        let target = (sym != 0)
            .then(|| self.dynsym.entry_and_shown(SymbolIndex(sym)))
            .flatten();
        let (base, name) = match target {
            Some(t) => t,
            None => (Sym::default(), Some(&b"*ABS*"[..])),
        };
        let bind = if base.st_bind() == libelf::consts::STB_LOCAL {
            libelf::consts::STB_LOCAL
        } else {
            libelf::consts::STB_GLOBAL
        };
        let sym_entry = Sym {
            st_info: (bind << 4) | base.st_type(),
            st_shndx: u16::try_from(section).unwrap_or(u16::MAX),
            st_value: addr,
            st_size: size,
            ..base
        };
        Symbol {
            source: Source::Plt,
            index: SymbolIndex(if target.is_some() { sym } else { 0 }),
            sym: sym_entry,
            shndx: Some(section),
            addr,
            version: None,
            versym: None,
            plt: Some(PltInfo {
                section: SectionIndex(section),
                target: SymbolIndex(if target.is_some() { sym } else { 0 }),
                r_type,
                addend,
                class32: self.info.class == Class::Elf32,
            }),
            name,
            shown: name,
        }
    }

    /// Relocation sections linked to `.dynsym`.
    fn dynamic_reloc_sections(&self) -> impl Iterator<Item = (u32, RelocTable<'data>)> + '_ {
        let info = self.info;
        info.sections.iter().enumerate().filter_map(move |(i, s)| {
            if s.sh_link != self.dynsym_sec || !matches!(s.sh_type, SHT_REL | SHT_RELA) {
                return None;
            }
            let data = info.section_data(i as u32)?;
            let t = RelocTable::new(
                data,
                s.sh_type == SHT_RELA,
                s.sh_entsize,
                info.class,
                info.endian,
            );
            Some((i as u32, t))
        })
    }

    fn x86(&self) -> Vec<Symbol<'data>> {
        let info = self.info;
        let x64 = info.machine() == EM_X86_64;
        let valid = |t: u32| match x64 {
            true => matches!(t, 6 | 7 | 37),  // GLOB_DAT, JUMP_SLOT, IRELATIVE
            false => matches!(t, 6 | 7 | 42), // GLOB_DAT, JUMP_SLOT, IRELATIVE
        };
        // BFD searches all dynamic relocations and then checks the type of the one it
        // lands on; keeping only those of the right types finds the same ones (unless
        // a slot has relocations of both kinds) and saves sorting RELATIVE ones.
        let mut relocs: Vec<DynReloc> = Vec::new();
        for (_, t) in self.dynamic_reloc_sections() {
            relocs.extend(t.iter().filter_map(|r| {
                let r_type = r.r_type(info.class);
                valid(r_type).then(|| DynReloc {
                    addr: r.r_offset,
                    r_type,
                    sym: r.r_sym(info.class),
                    addend: r.r_addend.unwrap_or(0),
                })
            }));
        }
        if relocs.is_empty() {
            return Vec::new();
        }
        relocs.sort_by_key(|r| r.addr);
        let names = x86_sections(x64);
        let plts = if x64 {
            self.match_x64(names)
        } else {
            self.match_i386(names)
        };
        // i386 PIC entries address the GOT relative to _GLOBAL_OFFSET_TABLE_: the start
        // of .got.plt, else of .got.
        let mut got_base = 0;
        if !x64 && plts.iter().any(|p| p.layout.pic) {
            let got = info
                .section_by_name(b".got.plt")
                .or_else(|| info.section_by_name(b".got"));
            match got {
                Some((_, s)) => got_base = s.sh_addr,
                None => return Vec::new(),
            }
        }
        let mut out = Vec::new();
        for p in &plts {
            let count = p.data.len() as u64 / p.layout.entry;
            let mut k = u64::from(p.lazy);
            while k < count {
                let offset = k * p.layout.entry;
                k += 1;
                let Some(disp) = read_i32_le(p.data, offset, p.layout.got) else {
                    break;
                };
                let got = if x64 {
                    p.addr
                        .wrapping_add(offset)
                        .wrapping_add(disp as u64)
                        .wrapping_add(p.layout.insn_end)
                } else {
                    got_base.wrapping_add(disp as u64)
                };
                let Some(r) = bfd_bsearch(&relocs, got) else {
                    continue;
                };
                out.push(self.entry(
                    p.section,
                    p.addr.wrapping_add(offset),
                    p.layout.entry,
                    r.r_type,
                    r.sym,
                    r.addend,
                ));
            }
        }
        out
    }

    /// The PLT section `name`, its address and bytes, if present and not empty.
    fn plt_section(&self, name: &[u8]) -> Option<(u32, u64, &'data [u8])> {
        let (i, s) = self.info.section_by_name(name)?;
        if s.sh_size == 0 {
            return None;
        }
        Some((i, s.sh_addr, self.info.section_data(i)?))
    }

    /// x86-64 PLT sections, matched as `elf_x86_64_get_synthetic_symtab` does
    /// (including its habit of keeping the last BND/IBT layout for later sections).
    fn match_x64(&self, names: &[&[u8]]) -> Vec<Matched<'data>> {
        let mut non_lazy = X64_PLAIN;
        self.match_sections(names, |name, c| {
            let mut found: Option<(Layout, bool)> = None;
            let mut skip = false;
            if name == b".plt" && c.len() >= 32 {
                if c.starts_with(&[0xff, 0x35]) && c.get(6..8) == Some(&[0xff, 0x25]) {
                    // A lazy IBT PLT (endbr64; pushq; jmp) names its entries in .plt.sec.
                    if c.get(16..21) == Some(&[0xf3, 0x0f, 0x1e, 0xfa, 0x68]) {
                        skip = true;
                    } else {
                        found = Some((X64_LAZY, true));
                    }
                } else if c.starts_with(&[0xff, 0x35]) && c.get(6..9) == Some(&[0xf2, 0xff, 0x25]) {
                    // Lazy BND or IBT PLT: its entries are named in .plt.sec/.plt.bnd.
                    skip = true;
                }
            }
            if found.is_none()
                && !skip
                && c.len() as u64 >= non_lazy.entry
                && c.starts_with(non_lazy.start)
            {
                found = Some((non_lazy, false));
            }
            if found.is_none() && !skip {
                if c.len() as u64 >= X64_BND.entry && c.starts_with(X64_BND.start) {
                    non_lazy = X64_BND;
                    found = Some((X64_BND, false));
                } else if let Some(ibt) = [X64_IBT_BND, X64_IBT]
                    .into_iter()
                    .find(|l| c.len() as u64 >= l.entry && c.starts_with(l.start))
                {
                    non_lazy = ibt;
                    found = Some((ibt, false));
                }
            }
            found
        })
    }

    /// The PLT sections among `names` that `classify` gives a layout (and whether it
    /// is lazy), in order.
    fn match_sections(
        &self,
        names: &[&[u8]],
        mut classify: impl FnMut(&[u8], &'data [u8]) -> Option<(Layout, bool)>,
    ) -> Vec<Matched<'data>> {
        let mut out = Vec::new();
        for &name in names {
            let Some((section, addr, data)) = self.plt_section(name) else {
                continue;
            };
            if let Some((layout, lazy)) = classify(name, data) {
                out.push(Matched {
                    section,
                    addr,
                    data,
                    layout,
                    lazy,
                });
            }
        }
        out
    }

    /// i386 PLT sections, matched as `elf_i386_get_synthetic_symtab` does.
    fn match_i386(&self, names: &[&[u8]]) -> Vec<Matched<'data>> {
        let mut non_lazy = I386_PLAIN;
        self.match_sections(names, |name, c| {
            let mut found: Option<(Layout, bool)> = None;
            let mut skip = false;
            if name == b".plt" && c.len() >= 32 {
                let pic = if c.starts_with(&[0xff, 0x35]) {
                    Some(false)
                } else if c.starts_with(&[0xff, 0xb3]) {
                    Some(true)
                } else {
                    None
                };
                if let Some(pic) = pic {
                    // The first lazy IBT entry starts with endbr32; pushl.
                    if c.get(16..21) == Some(&[0xf3, 0x0f, 0x1e, 0xfb, 0x68]) {
                        skip = true;
                    } else {
                        let lazy = Layout {
                            start: &[],
                            got: 2,
                            insn_end: 6,
                            entry: 16,
                            pic,
                        };
                        found = Some((lazy, true));
                    }
                }
            }
            if found.is_none() && !skip {
                let [abs, pic] = non_lazy;
                if c.len() as u64 >= abs.entry {
                    if c.starts_with(abs.start) {
                        found = Some((abs, false));
                    } else if c.starts_with(pic.start) {
                        found = Some((pic, false));
                    }
                }
            }
            if found.is_none() && !skip {
                let [abs, pic] = I386_IBT;
                if c.len() as u64 >= abs.entry {
                    if c.starts_with(abs.start) {
                        non_lazy = I386_IBT;
                        found = Some((abs, false));
                    } else if c.starts_with(pic.start) {
                        non_lazy = I386_IBT;
                        found = Some((pic, false));
                    }
                }
            }
            found
        })
    }

    /// The relocations of `relplt_name`, if it is linked to `.dynsym`.
    fn plt_relocs(&self, relplt_name: &[u8]) -> Option<RelocTable<'data>> {
        let (i, s) = self.info.section_by_name(relplt_name)?;
        if s.sh_link != self.dynsym_sec || !matches!(s.sh_type, SHT_REL | SHT_RELA) {
            return None;
        }
        let data = self.info.section_data(i)?;
        Some(RelocTable::new(
            data,
            s.sh_type == SHT_RELA,
            s.sh_entsize,
            self.info.class,
            self.info.endian,
        ))
    }

    /// `_bfd_elf_get_synthetic_symtab`: relocation `i` names the entry at
    /// `.plt + header + i * entry`.
    fn generic(&self, relplt_name: &[u8], header: u64, entry: u64) -> Vec<Symbol<'data>> {
        self.indexed(relplt_name, entry, |plt, i, _| {
            plt.wrapping_add(header).wrapping_add(i.wrapping_mul(entry))
        })
    }

    /// `_bfd_elf_get_synthetic_symtab` with the target's `plt_sym_val`: relocation `i`
    /// (with its `r_offset`) names the entry at `addr(.plt address, i, r_offset)`.
    fn indexed(
        &self,
        relplt_name: &[u8],
        entry: u64,
        addr: impl Fn(u64, u64, u64) -> u64,
    ) -> Vec<Symbol<'data>> {
        let Some(relocs) = self.plt_relocs(relplt_name) else {
            return Vec::new();
        };
        let Some((plt, s)) = self.info.section_by_name(b".plt") else {
            return Vec::new();
        };
        let class = self.info.class;
        relocs
            .iter()
            .enumerate()
            .map(|(i, r)| {
                self.entry(
                    plt,
                    addr(s.sh_addr, i as u64, r.r_offset),
                    entry,
                    r.r_type(class),
                    r.r_sym(class),
                    r.r_addend.unwrap_or(0),
                )
            })
            .collect()
    }

    /// `_bfd_sparc_elf_plt_sym_val`.
    fn sparc(&self) -> Vec<Symbol<'data>> {
        if self.info.class == Class::Elf32 {
            return self.indexed(b".rela.plt", 12, |_, _, r_offset| r_offset);
        }
        self.indexed(b".rela.plt", 32, |plt, i, _| {
            plt.wrapping_add(sparc64_entry(i))
        })
    }

    /// `elf_m68k_plt_sym_val`: entry `i + 1` of `elf_m68k_get_plt_info`'s size.
    fn m68k(&self) -> Vec<Symbol<'data>> {
        let size = m68k_entry_size(self.info.header.e_flags);
        self.indexed(b".rela.plt", size, |plt, i, _| {
            plt.wrapping_add((i + 1).wrapping_mul(size))
        })
    }

    /// `elf32_arm_get_synthetic_symtab`: entry sizes come from decoding the PLT.
    fn arm(&self) -> Vec<Symbol<'data>> {
        let Some(relocs) = self.plt_relocs(b".rel.plt") else {
            return Vec::new();
        };
        let Some((plt, addr, data)) = self.plt_section(b".plt") else {
            return Vec::new();
        };
        let code_le =
            self.info.endian == Endian::Little || self.info.header.e_flags & EF_ARM_BE8 != 0;
        let word = |off: u64, w: usize| -> Option<u32> {
            let off = usize::try_from(off).ok()?;
            let b = data.get(off..off.checked_add(w)?)?;
            let fold = |a: u32, &x: &u8| (a << 8) | u32::from(x);
            Some(if code_le {
                b.iter().rev().fold(0, fold)
            } else {
                b.iter().fold(0, fold)
            })
        };
        // PLT0: ARM (str lr, [sp, #-4]!) or Thumb-2 only.
        let first = word(0, 4);
        let (mut offset, thumb_only) = match first {
            Some(0xe52d_e004) => (20u64, false),
            Some(0xf8df_b500) => (16u64, true),
            _ => return Vec::new(),
        };
        let class = self.info.class;
        let mut out = Vec::new();
        for r in relocs.iter() {
            let size = if thumb_only {
                16
            } else {
                let mut size = 0;
                if word(offset, 2) == Some(0x4778) {
                    size += 4; // bx pc; nop
                }
                match word(offset + size, 4).map(|w| w & 0xffff_ff00) {
                    Some(0xe28f_c200) => size + 16,
                    Some(0xe28f_c600) => size + 12,
                    _ => break,
                }
            };
            out.push(self.entry(
                plt,
                addr.wrapping_add(offset),
                size,
                r.r_type(class),
                r.r_sym(class),
                r.r_addend.unwrap_or(0),
            ));
            offset += size;
        }
        out
    }
}

/// `DT_PPC64_GLINK`: the address 32 bytes before the first glink branch table entry.
const DT_PPC64_GLINK: i64 = 0x7000_0000;

impl<'data> Ctx<'_, 'data> {
    /// `ppc64_elf_get_synthetic_symtab`'s names for a linked file: `__glink_PLTresolve`
    /// where the first glink entry branches to, then relocation `i` of `.rela.plt`
    /// names entry `i` of the glink branch table, which starts 32 bytes after
    /// `DT_PPC64_GLINK` (ELFv1: 8-byte entries, 12 from entry 0x8000 on; ELFv2: 4).
    fn ppc64(&self) -> Vec<Symbol<'data>> {
        let info = self.info;
        let abi = info.header.e_flags & 3;
        if abi == 1 && info.section_by_name(b".opd").is_none() {
            return Vec::new();
        }
        let Some(mut glink) = info
            .dynamic_section()
            .and_then(|d| d.find(DT_PPC64_GLINK))
            .map(|v| v.wrapping_add(32))
        else {
            return Vec::new();
        };
        // The .glink section rarely survives the link: the section holding the table.
        let Some((sec, h)) = info.sections.iter().enumerate().find(|(_, h)| {
            h.sh_flags & u64::from(SHF_ALLOC) != 0
                && h.sh_addr <= glink
                && glink - h.sh_addr < h.sh_size
        }) else {
            return Vec::new();
        };
        let sec = sec as u32;
        let data = info.section_data(sec).unwrap_or_default();
        let word = |addr: u64| -> Option<u32> {
            let off = usize::try_from(addr.checked_sub(h.sh_addr)?).ok()?;
            let b: [u8; 4] = data.get(off..off.checked_add(4)?)?.try_into().ok()?;
            Some(match info.endian {
                Endian::Little => u32::from_le_bytes(b),
                Endian::Big => u32::from_be_bytes(b),
            })
        };
        // The first entry (or the word after it) is a `b` to the resolver stub.
        let resolver = [0u64, 4].into_iter().find_map(|off| {
            let insn = word(glink.wrapping_add(off))? ^ 0x4800_0000;
            (insn & !0x03ff_fffc == 0).then(|| {
                glink
                    .wrapping_add(off)
                    .wrapping_add(u64::from(insn ^ 0x0200_0000))
                    .wrapping_sub(0x0200_0000)
            })
        });
        let Some(relocs) = self.plt_relocs(b".rela.plt") else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if let Some(addr) = resolver.filter(|&a| a != 0) {
            const NAME: &[u8] = b"__glink_PLTresolve";
            out.push(Symbol {
                source: Source::Plt,
                index: SymbolIndex(0),
                sym: Sym {
                    st_info: libelf::consts::STB_GLOBAL << 4,
                    st_shndx: u16::try_from(sec).unwrap_or(u16::MAX),
                    st_value: addr,
                    ..Sym::default()
                },
                shndx: Some(sec),
                addr,
                version: None,
                versym: None,
                plt: None,
                name: Some(NAME),
                shown: Some(NAME),
            });
        }
        let class = info.class;
        for (i, r) in relocs.iter().enumerate() {
            let size = match (abi < 2, i >= 0x8000) {
                (true, false) => 8,
                (true, true) => 12,
                (false, _) => 4,
            };
            out.push(self.entry(
                sec,
                glink,
                size,
                r.r_type(class),
                r.r_sym(class),
                r.r_addend.unwrap_or(0),
            ));
            glink = glink.wrapping_add(size);
        }
        out
    }
}

/// The offset in `.plt` of a 64-bit SPARC PLT entry for relocation `i`: 32-byte
/// entries after a header of four; from entry 32768 on, blocks of 160 entries whose
/// code is 24 bytes each (their pointers follow the block).
fn sparc64_entry(i: u64) -> u64 {
    const ENTRY: u64 = 32;
    const LARGE: u64 = 32768;
    let i = i.saturating_add(4);
    if i < LARGE {
        return i * ENTRY;
    }
    let j = (i - LARGE) % 160;
    (i - j).wrapping_mul(ENTRY).wrapping_add(j * 24)
}

/// An m68k PLT entry's size by `e_flags` (`elf_m68k_get_plt_info` on the machine
/// `elf32_m68k_object_p` takes from them): 24 bytes for CPU32 and ColdFire ISA B and
/// C, else 20.
fn m68k_entry_size(e_flags: u32) -> u64 {
    const M68000: u32 = 0x0100_0000;
    const CPU32: u32 = 0x0081_0000;
    const CFV4E: u32 = 0x0000_8000;
    const FIDO: u32 = 0x0200_0000;
    let arch = e_flags & (M68000 | CPU32 | CFV4E | FIDO);
    let coldfire = arch != M68000 && arch != FIDO && arch != CPU32;
    if arch == CPU32 || (coldfire && matches!(e_flags & 0x0f, 4..=7)) {
        24
    } else {
        20
    }
}

/// A little-endian `i32` at `base + off`.
fn read_i32_le(data: &[u8], base: u64, off: usize) -> Option<i64> {
    let at = usize::try_from(base).ok()?.checked_add(off)?;
    let b: [u8; 4] = data.get(at..at.checked_add(4)?)?.try_into().ok()?;
    Some(i64::from(i32::from_le_bytes(b)))
}

/// BFD's binary search over relocations sorted by address: some relocation at `addr`.
fn bfd_bsearch(relocs: &[DynReloc], addr: u64) -> Option<&DynReloc> {
    let mut p = relocs.first()?;
    let (mut min, mut max) = (0usize, relocs.len());
    while min + 1 < max {
        let mid = (min + max) / 2;
        let r = relocs.get(mid)?;
        match addr.cmp(&r.addr) {
            std::cmp::Ordering::Greater => min = mid,
            std::cmp::Ordering::Less => max = mid,
            std::cmp::Ordering::Equal => {
                p = r;
                break;
            }
        }
    }
    (p.addr == addr).then_some(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sparc64_large_plt() {
        assert_eq!(sparc64_entry(0), 128);
        assert_eq!(sparc64_entry(2), 192);
        // Entry 32768 (relocation 32764) starts the first block of 160.
        assert_eq!(sparc64_entry(32763), 32767 * 32);
        assert_eq!(sparc64_entry(32764), 32768 * 32);
        assert_eq!(sparc64_entry(32765), 32768 * 32 + 24);
        assert_eq!(sparc64_entry(32764 + 160), (32768 + 160) * 32);
    }

    #[test]
    fn m68k_plt_entry_sizes() {
        assert_eq!(m68k_entry_size(0), 20); // 68020 and up
        assert_eq!(m68k_entry_size(0x0100_0000), 20); // 68000
        assert_eq!(m68k_entry_size(0x0081_0000), 24); // CPU32
        assert_eq!(m68k_entry_size(0x02), 20); // ColdFire ISA A
        assert_eq!(m68k_entry_size(0x05), 24); // ISA B
        assert_eq!(m68k_entry_size(0x0000_8000 | 0x06), 24); // V4e, ISA C
    }
}
