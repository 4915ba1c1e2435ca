//! `-u`: unwind information (GNU's `process_unwind`).
//!
//! GNU decodes the unwind tables of ARM and TI C6000 (EHABI `.ARM.exidx`/`.ARM.extab`,
//! in [`arm`]), IA-64 and HP-PA; for x86 it says there is nothing processor-specific to
//! decode, and for every other machine that decoding is not supported.

pub mod arm;
pub mod hppa;
pub mod ia64;

use std::io;

use libelf::consts::{
    EM_386, EM_ARM, EM_IA_64, EM_PARISC, EM_TI_C6000, EM_X86_64, PT_LOAD, SHT_RELA, SHT_SYMTAB,
    STT_FUNC,
};
use libelf::read::SectionHeader;

use crate::display::apply_relocs::{reloc_symindex, reloc_type, slurp_relocs};
use crate::display::symtab_load::{get_symtab, ElfSym};
use crate::Cx;

/// GNU's `process_unwind`.
pub fn process_unwind(cx: &mut Cx) -> io::Result<bool> {
    if !cx.o.unwind || !cx.sections_ok || cx.no_unwind {
        return Ok(true);
    }
    match cx.hdr.e_machine {
        EM_ARM | EM_TI_C6000 => arm::arm_process_unwind(cx),
        EM_IA_64 => ia64::ia64_process_unwind(cx),
        EM_PARISC => hppa::hppa_process_unwind(cx),
        EM_386 | EM_X86_64 => {
            writeln!(cx.out, "No processor specific unwind information to decode")?;
            Ok(true)
        }
        m => {
            writeln!(
                cx.out,
                "\nThe decoding of unwind sections for machine type {} is not currently supported.",
                libelf::names::machine_text(m)
            )?;
            Ok(true)
        }
    }
}

/// GNU's `struct absaddr`: a section index (0 for none) and an offset.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct AbsAddr {
    /// The section index (`SHN_UNDEF`: the offset is an address).
    pub section: u32,
    /// The offset in the section, or the address.
    pub offset: u64,
}

/// The `STT_FUNC` symbols with a non-zero value, sorted by value (GNU's `funtab`).
pub(crate) fn function_symbols(syms: Option<&UnwindSymbols>) -> Vec<ElfSym> {
    let mut funtab: Vec<ElfSym> = syms
        .map(|s| {
            s.syms
                .iter()
                .filter(|s| s.st_value != 0 && s.st_type() == STT_FUNC)
                .copied()
                .collect()
        })
        .unwrap_or_default();
    funtab.sort_by_key(|s| s.st_value);
    funtab
}

/// The start of an IA-64 or HP-PA unwind table entry: `\n<`, the function's name and
/// `+offset` into it when [`find_symbol`] finds one (GNU leaves the brackets empty
/// otherwise), for the caller to close.
pub(crate) fn entry_label(cx: &Cx, funtab: &[ElfSym], strtab: &[u8], addr: AbsAddr) -> Vec<u8> {
    let mut w = b"\n<".to_vec();
    if let (Some(name), offset) = find_symbol(cx, funtab, strtab, addr) {
        w.extend_from_slice(&name);
        if offset != 0 {
            w.extend_from_slice(format!("+{offset:x}").as_bytes());
        }
    }
    w
}

/// GNU's `find_symbol_for_address` over `funtab` (sorted by value): the name of the
/// closest symbol at or below `addr` (within 1 MiB) and the distance, or no name and
/// the address. ARM addresses and values lose their Thumb bit first.
pub(crate) fn find_symbol(
    cx: &Cx,
    funtab: &[ElfSym],
    strtab: &[u8],
    mut addr: AbsAddr,
) -> (Option<Vec<u8>>, u64) {
    let arm = cx.hdr.e_machine == EM_ARM;
    if arm {
        addr.offset &= !1;
    }
    let (mut beg, mut end) = (0usize, funtab.len());
    let mut dist = 0x10_0000u64;
    let mut best: Option<&ElfSym> = None;
    while beg < end {
        let mid = beg + (end - beg) / 2;
        let Some(sym) = funtab.get(mid) else { break };
        let mut value = sym.st_value;
        if arm {
            value &= !1;
        }
        if sym.st_name != 0
            && (addr.section == 0 || addr.section == sym.st_shndx)
            && addr.offset >= value
            && addr.offset - value < dist
        {
            best = Some(sym);
            dist = addr.offset - value;
            if dist == 0 {
                break;
            }
        }
        if addr.offset < value {
            end = mid;
        } else {
            beg = mid + 1;
        }
    }
    match best {
        Some(b) => {
            let name = match strtab.get(b.st_name as usize..) {
                Some(rest) if (b.st_name as usize) < strtab.len() => {
                    rest.split(|&c| c == 0).next().unwrap_or(rest).to_vec()
                }
                _ => b"<corrupt>".to_vec(),
            };
            (Some(name), dist)
        }
        None => (None, addr.offset),
    }
}

/// GNU's search for the `PT_LOAD` segment holding section `sh` (IA-64 and HP-PA
/// tables are relative to it): its `p_vaddr`, `Ok(None)` when none holds it or there are
/// no program headers, `Err(())` when they cannot be read.
pub(crate) fn segment_base(cx: &mut Cx, sh: &SectionHeader) -> Result<Option<u64>, ()> {
    if cx.hdr.e_phnum == 0 {
        return Ok(None);
    }
    if !cx.load_program_headers() {
        return Err(());
    }
    let phdrs = cx.phdrs.as_deref().unwrap_or(&[]);
    Ok(phdrs
        .iter()
        .take(cx.hdr.e_phnum as usize)
        .find(|p| {
            p.p_type == PT_LOAD
                && sh.sh_addr >= p.p_vaddr
                && sh.sh_addr.wrapping_add(sh.sh_size) <= p.p_vaddr.wrapping_add(p.p_memsz)
        })
        .map(|p| p.p_vaddr))
}

/// The segment-relative relocations GNU applies to an IA-64 or HP-PA unwind table
/// (section `sec`, `count` entries of `entry` bytes): every `SHT_RELA` section for it,
/// each relocation of a type whose name starts with `prefix` (others are skipped with
/// GNU's warnings) gives `apply(r_offset, symbol value + addend)`. `None` when a
/// relocation section cannot be read.
pub(crate) fn segrel_relocs(
    cx: &mut Cx,
    syms: Option<&UnwindSymbols>,
    sec: usize,
    (prefix, entry, count): (&str, u64, usize),
    mut apply: impl FnMut(u64, AbsAddr),
) -> Option<()> {
    let nsyms = syms.map_or(0, |s| s.syms.len() as u64);
    let shnum = cx.hdr.e_shnum as usize;
    let relsecs: Vec<SectionHeader> = cx
        .sections()
        .iter()
        .take(shnum)
        .filter(|r| r.sh_type == SHT_RELA && r.sh_info as usize == sec)
        .copied()
        .collect();
    let machine = cx.hdr.e_machine;
    for rs in relsecs {
        for rp in slurp_relocs(cx, rs.sh_offset, rs.sh_size, true)? {
            let r_type = reloc_type(cx, rp.r_info);
            let Some(name) = libelf::names::reloc_type(machine, r_type) else {
                cx.diag
                    .warn(format_args!("Skipping unknown relocation type: {r_type}\n"));
                continue;
            };
            if !name.starts_with(prefix) {
                cx.diag.warn(format_args!(
                    "Skipping unexpected relocation type: {name}\n"
                ));
                continue;
            }
            let i = rp.r_offset / entry;
            if i >= count as u64 {
                cx.diag.warn(format_args!(
                    "Skipping reloc with overlarge offset: {}\n",
                    crate::util::alt_hex(i)
                ));
                continue;
            }
            let sym_ndx = reloc_symindex(cx, rp.r_info) as u32;
            if u64::from(sym_ndx) >= nsyms {
                cx.diag.warn(format_args!(
                    "Skipping reloc with invalid symbol index: {sym_ndx}\n"
                ));
                continue;
            }
            let Some(sym) = syms.and_then(|s| s.syms.get(sym_ndx as usize)) else {
                continue;
            };
            // GNU keeps the section in an unsigned short.
            apply(
                rp.r_offset,
                AbsAddr {
                    section: u32::from(sym.st_shndx as u16),
                    offset: sym.st_value.wrapping_add(rp.r_addend as u64),
                },
            );
        }
    }
    Some(())
}

/// The symbol table GNU's unwinders load: the last `SHT_SYMTAB` section's symbols and
/// strings. `Err(())` when a table cannot be read (GNU then gives up on the file).
pub(crate) struct UnwindSymbols {
    /// The symbols.
    pub syms: Vec<ElfSym>,
    /// The string table (empty when the symbol table has no `sh_link`).
    pub strtab: Vec<u8>,
}

/// The symbol-table scan every unwinder starts with: loads `SHT_SYMTAB` (complaining
/// about a second one) and collects the sections for which `is_unwind` holds.
pub(crate) fn scan_sections(
    cx: &mut Cx,
    is_unwind: impl Fn(&Cx, usize) -> bool,
) -> Result<(Option<UnwindSymbols>, Vec<usize>), ()> {
    let mut aux: Option<UnwindSymbols> = None;
    let mut unwind = Vec::new();
    let count = cx.sections().len().min(cx.hdr.e_shnum as usize);
    for i in 0..count {
        let Some(sh) = cx.sections().get(i).copied() else {
            break;
        };
        if sh.sh_type == SHT_SYMTAB {
            if aux.is_some() {
                cx.diag
                    .error(format_args!("Multiple symbol tables encountered\n"));
            }
            match get_symtab(cx, i) {
                Some((syms, strtab)) => {
                    aux = Some(UnwindSymbols {
                        syms,
                        strtab: strtab.unwrap_or(&[]).to_vec(),
                    });
                }
                None => return Err(()),
            }
        } else if is_unwind(cx, i) {
            unwind.push(i);
        }
    }
    Ok((aux, unwind))
}
