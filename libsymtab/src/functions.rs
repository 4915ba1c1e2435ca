//! The function symbols GNU addr2line names addresses from where DWARF has no answer.

use std::sync::Arc;

use libelf::consts::{
    EM_AARCH64, EM_ARM, EM_PPC64, EM_RISCV, SHF_ALLOC, SHN_LORESERVE, STB_LOCAL, STT_FILE,
    STT_FUNC, STT_NOTYPE, STT_OBJECT, STT_SECTION, STT_TLS, STV_HIDDEN,
};

use crate::Symtab;

/// One symbol of [`FunctionSymbols`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct FunctionSymbol {
    /// The section index (`st_shndx`, `SHN_XINDEX` resolved).
    pub section: u32,
    /// The symbol's value: its address in a linked file, its offset into the
    /// section in a relocatable one.
    pub start: u64,
    /// `st_size`, or 1 for a zero-size symbol (as BFD counts it).
    pub size: u64,
    /// The name (lossily UTF-8).
    pub name: Box<str>,
    /// The source file BFD reports with the symbol: the `STT_FILE` symbol before it,
    /// for a local symbol or a global one before any file symbol that follows symbols.
    pub file: Option<Arc<str>>,
}

/// The symbol table as BFD's `_bfd_elf_find_function` reads it for GNU addr2line
/// (and the DWARF lookup of `libdwarf` falls back on): `.symtab`, or `.dynsym` when
/// `.symtab` has no symbols; the function-like symbols (not `STT_FILE`,
/// `STT_SECTION`, `STT_OBJECT`, `STT_TLS`, nor local hidden zero-size `STT_NOTYPE`
/// annobin markers, nor the mapping symbols of the file's machine), each with the file
/// name BFD reports with it. Of symbols starting at one address of a section only the
/// one BFD picks is kept (the largest, then the first).
///
/// It owns its names, so it outlives the file's bytes, and it is `Sync`.
#[derive(Debug, Default)]
pub struct FunctionSymbols {
    /// Sorted by (section, start), one per start.
    symbols: Vec<FunctionSymbol>,
}

impl FunctionSymbols {
    /// The function symbols of `symtab`.
    pub fn new(symtab: &Symtab<'_>) -> Self {
        let machine = symtab.machine();
        let table = symtab.symtab().filter(|t| t.len() > 1).or(symtab.dynsym());
        let Some(t) = table else {
            return Self::default();
        };
        // BFD's state machine for the file name: the last STT_FILE before a symbol
        // names it if the symbol is local or no symbol came between two STT_FILEs.
        let mut cur: Option<Arc<str>> = None;
        let mut seen_symbol = false;
        let mut file_after_symbol = false;
        let mut v: Vec<(FunctionSymbol, usize)> = Vec::new();
        let opd = OpdEntries::new(symtab);
        for (order, sym) in t.iter().enumerate().skip(1) {
            let ty = sym.st_type();
            if ty == STT_FILE {
                cur = Some(Arc::from(&*sym.name()));
                if seen_symbol {
                    file_after_symbol = true;
                }
                continue;
            }
            seen_symbol = true;
            let e = &sym.sym;
            let local = sym.is_local() || e.st_bind() == STB_LOCAL;
            let annobin =
                e.st_size == 0 && local && ty == STT_NOTYPE && e.st_other & 3 == STV_HIDDEN;
            if matches!(ty, STT_SECTION | STT_OBJECT | STT_TLS) || annobin {
                continue;
            }
            if local && is_mapping_symbol(machine, sym.name_bytes().unwrap_or_default(), ty) {
                continue;
            }
            let Some(section) = sym.shndx.filter(|&i| i != 0 && i < SHN_LORESERVE) else {
                continue;
            };
            let file = if local || !file_after_symbol {
                cur.clone()
            } else {
                None
            };
            // A PowerPC64 ELFv1 function descriptor names the code it points at.
            let (section, start, size) = match &opd {
                Some(o) if o.index == section => {
                    let Some((sec, code)) = o.code(sym.addr) else {
                        continue;
                    };
                    // A size of 24 is the descriptor's, not the code's (BFD says 1).
                    (sec, code, if e.st_size == 24 { 1 } else { e.st_size })
                }
                _ => (section, sym.addr, e.st_size),
            };
            v.push((
                FunctionSymbol {
                    section,
                    start,
                    size: size.max(1),
                    name: sym.name().into(),
                    file,
                },
                order,
            ));
        }
        v.sort_by(|(a, ao), (b, bo)| {
            (a.section, a.start, std::cmp::Reverse(a.size), ao).cmp(&(
                b.section,
                b.start,
                std::cmp::Reverse(b.size),
                bo,
            ))
        });
        v.dedup_by(|(b, _), (a, _)| a.section == b.section && a.start == b.start);
        FunctionSymbols {
            symbols: v.into_iter().map(|(e, _)| e).collect(),
        }
    }

    /// The symbol naming `addr` of `section` (both as in the file: `addr` is a value
    /// like the symbols'): the one there starting nearest at or below `addr`, whether
    /// or not its size reaches `addr` (BFD names padding after a function after it),
    /// with its position in [`FunctionSymbols::symbols`].
    pub fn find(&self, section: u32, addr: u64) -> Option<(usize, &FunctionSymbol)> {
        let list = &self.symbols;
        let lo = list.partition_point(|s| s.section < section);
        let hi = list
            .partition_point(|s| s.section < section || (s.section == section && s.start <= addr));
        let i = hi.checked_sub(1).filter(|&i| i >= lo)?;
        list.get(i).map(|s| (i, s))
    }

    /// Every symbol, sorted by section and start.
    pub fn symbols(&self) -> &[FunctionSymbol] {
        &self.symbols
    }
}

/// Whether a local symbol is one BFD's backend for `machine` never takes as a
/// function: ARM, AArch64 and RISC-V mapping symbols (`$a`, `$t`, `$d`, `$x`,
/// `$d.1`, …; ARM also takes only untyped and function symbols). These are the
/// answers of the GNU addr2line built for the file's machine
/// (`arm-linux-gnueabihf-addr2line`, …); a generic build knows no mapping symbols.
fn is_mapping_symbol(machine: u16, name: &[u8], ty: u8) -> bool {
    // `$` and a letter, then the end or a `.`.
    let map = |letters: &[u8]| match name {
        [b'$', c, rest @ ..] => letters.contains(c) && matches!(rest, [] | [b'.', ..]),
        _ => false,
    };
    match machine {
        // STT_ARM_TFUNC is 13.
        EM_ARM => !matches!(ty, STT_NOTYPE | STT_FUNC | 13) || map(b"abcdefghijklmnopqrstuvwxyz"),
        EM_AARCH64 => map(b"xdmfp"),
        EM_RISCV => name.starts_with(b"$d") || name.starts_with(b"$x"),
        _ => false,
    }
}

/// The `.opd` section of a linked PowerPC64 ELFv1 file, whose entries are function
/// descriptors: BFD's `ppc64_elf_maybe_function_sym` reads a symbol there as the
/// function at the code address its descriptor's first doubleword holds.
struct OpdEntries<'a, 'data> {
    index: u32,
    addr: u64,
    data: &'data [u8],
    info: &'a crate::file::FileInfo<'data>,
}

impl<'a, 'data> OpdEntries<'a, 'data> {
    fn new(symtab: &'a Symtab<'data>) -> Option<Self> {
        let info = &*symtab.info;
        if symtab.machine() != EM_PPC64 || info.header.e_flags & 3 >= 2 || info.is_rel() {
            return None;
        }
        let (index, h) = info.section_by_name(b".opd")?;
        Some(OpdEntries {
            index,
            addr: h.sh_addr,
            data: info.section_data(index)?,
            info,
        })
    }

    /// The section and address of the code the descriptor at `addr` points at.
    fn code(&self, addr: u64) -> Option<(u32, u64)> {
        let off = usize::try_from(addr.checked_sub(self.addr)?).ok()?;
        let b: [u8; 8] = self.data.get(off..off.checked_add(8)?)?.try_into().ok()?;
        let code = match self.info.endian {
            libelf::Endian::Big => u64::from_be_bytes(b),
            libelf::Endian::Little => u64::from_le_bytes(b),
        };
        let sec = self.info.sections.iter().position(|h| {
            h.sh_flags & u64::from(SHF_ALLOC) != 0
                && h.sh_addr <= code
                && code - h.sh_addr < h.sh_size
        })?;
        Some((u32::try_from(sec).ok()?, code))
    }
}
