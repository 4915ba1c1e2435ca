//! `-r`: relocations (GNU's `process_relocs` and `dump_relocations`), from the
//! `SHT_REL`/`SHT_RELA`/`SHT_RELR` sections or, with `-D`, from the dynamic tags.

use std::io::{self, Write};

use libelf::consts::{
    DT_JMPREL, DT_PLTREL, DT_PLTRELSZ, DT_REL, DT_RELA, DT_RELASZ, DT_RELR, DT_RELRSZ, DT_RELSZ,
    EM_ALPHA, EM_MIPS, EM_SPARCV9, SHT_DYNSYM, SHT_REL, SHT_RELA, SHT_RELR, SHT_SYMTAB,
    STT_GNU_IFUNC, STT_SECTION,
};
use libelf::names;
use libelf::read::RelrTable;

use crate::display::apply_relocs::{slurp_relocs, Rela};
use crate::display::symtab_load::{cstr, get_symbol_version_string, get_symtab, ElfSym};
use crate::display::vma::offset_from_vma;
use crate::util::{print_symbol, vma, SymbolStyle, Vma};
use crate::Cx;

/// The kind of a relocation table (GNU's `relocation_type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelType {
    /// Not known: guessed from the machine.
    Unknown,
    /// `Elf_Rel`.
    Rel,
    /// `Elf_Rela`.
    Rela,
    /// `Elf_Relr`.
    Relr,
}

/// GNU's `dynamic_relocations` table: name, address tag, size tag, kind.
const DYNAMIC_RELOCATIONS: [(&str, u64, u64, RelType); 4] = [
    ("REL", DT_REL, DT_RELSZ, RelType::Rel),
    ("RELA", DT_RELA, DT_RELASZ, RelType::Rela),
    ("RELR", DT_RELR, DT_RELRSZ, RelType::Relr),
    ("PLT", DT_JMPREL, DT_PLTRELSZ, RelType::Unknown),
];

use crate::util::alt_hex as c_alt_hex;

/// GNU's `process_relocs`.
pub fn process_relocs(cx: &mut Cx) -> io::Result<bool> {
    let o = cx.o;
    if !o.reloc || (!cx.sections_ok && !o.using_dynamic) {
        return Ok(true);
    }
    if o.using_dynamic {
        let mut has_dynamic_reloc = false;
        for (name, reloc, size, kind) in DYNAMIC_RELOCATIONS {
            let rel_size = cx.dynamic.tag(size);
            let rel_offset = cx.dynamic.tag(reloc);
            if rel_size == 0 {
                continue;
            }
            has_dynamic_reloc = true;
            let kind = if kind == RelType::Unknown {
                match cx.dynamic.tag(DT_PLTREL) {
                    DT_REL => RelType::Rel,
                    DT_RELA => RelType::Rela,
                    _ => RelType::Unknown,
                }
            } else {
                kind
            };
            writeln!(
                cx.out,
                "\n'{name}' relocation section at offset {} contains {} bytes:",
                c_alt_hex(rel_offset),
                rel_size as i64
            )?;
            let off = offset_from_vma(cx, rel_offset, rel_size);
            let syms = cx.dynamic.symbols.take();
            let strtab = cx.dynamic.strings;
            let r = dump_relocations(cx, off, rel_size, syms.as_deref(), strtab, kind, true);
            cx.dynamic.symbols = syms;
            r?;
        }
        if !has_dynamic_reloc {
            writeln!(cx.out, "\nThere are no dynamic relocations in this file.")?;
        }
        return Ok(true);
    }

    let mut found = false;
    for i in 0..cx.sections().len() {
        let Some(sh) = cx.sections().get(i).copied() else {
            break;
        };
        if !matches!(sh.sh_type, SHT_RELA | SHT_REL | SHT_RELR) {
            continue;
        }
        if sh.sh_size == 0 {
            continue;
        }
        let mut head = Vec::new();
        head.extend_from_slice(b"\nRelocation section ");
        if cx.string_table.is_none() {
            write!(head, "{}", sh.sh_name)?;
        } else {
            write!(head, "'{}'", cx.printable_section_name(&sh))?;
        }
        let num = sh.sh_size.checked_div(sh.sh_entsize).unwrap_or(0);
        writeln!(
            head,
            " at offset {} contains {num} {}:",
            c_alt_hex(sh.sh_offset),
            if num == 1 { "entry" } else { "entries" }
        )?;
        cx.out.write_all(&head)?;
        let kind = match sh.sh_type {
            SHT_RELA => RelType::Rela,
            SHT_REL => RelType::Rel,
            _ => RelType::Relr,
        };
        if sh.sh_link != 0 && u64::from(sh.sh_link) < shnum_of(cx) {
            let Some(symsec) = cx.sections().get(sh.sh_link as usize).copied() else {
                continue;
            };
            if symsec.sh_type != SHT_SYMTAB && symsec.sh_type != SHT_DYNSYM {
                continue;
            }
            let Some((syms, strtab)) = get_symtab(cx, sh.sh_link as usize) else {
                continue;
            };
            dump_relocations(
                cx,
                sh.sh_offset,
                sh.sh_size,
                Some(&syms),
                strtab,
                kind,
                symsec.sh_type == SHT_DYNSYM,
            )?;
        } else {
            dump_relocations(cx, sh.sh_offset, sh.sh_size, None, None, kind, false)?;
        }
        found = true;
    }
    if !found {
        if DYNAMIC_RELOCATIONS
            .iter()
            .any(|&(_, _, size, _)| cx.dynamic.tag(size) != 0)
        {
            write!(cx.out, "\nThere are no static relocations in this file.")?;
            writeln!(
                cx.out,
                "\nTo see the dynamic relocations add --use-dynamic to the command line."
            )?;
        } else {
            writeln!(cx.out, "\nThere are no relocations in this file.")?;
        }
    }
    Ok(true)
}

/// The section count GNU compares indexes with (`e_shnum`, extended numbering resolved).
fn shnum_of(cx: &Cx) -> u64 {
    u64::from(cx.hdr.e_shnum).max(cx.sections().len() as u64)
}

/// GNU's `guess_is_rela`: whether `e_machine` uses RELA relocations, with GNU's warning
/// for a machine it does not know (then REL).
pub fn guess_is_rela(cx: &mut Cx) -> bool {
    match cx.hdr.e_machine {
        // REL.
        0x3 | 0x6 | 0x13 | 0x28 | 0x55 | 0x7650 | 0x5aa5 | 0x8 | 0xa | 0x9041 | 0x87 | 0x73
        | 0xfa | 0xf7 => false,
        // RELA.
        0x4 | 0x7 | 0xb7 | 0x1223 | 0x9026 | 0x71 | 0x2d | 0x5d | 0xc3 | 0x53 | 0x1057 | 0x6a
        | 0xb1 | 0x4c | 0x72 | 0xfc | 0x56 | 0x7676 | 0x54 | 0xde | 0x3330 | 0x5441 | 0x30
        | 0x2e | 0x2f | 0x32 | 0x65 | 0x8217 | 0xfeba | 0x8a | 0xfeb0 | 0x78 | 0x58 | 0x27
        | 0xf00d | 0xae | 0x50 | 0x5a | 0xdead | 0x59 | 0xbeef | 0xdf | 0x69 | 0x1059 | 0x2530
        | 0xa7 | 0xfebb | 0x5c | 0x15 | 0x14 | 0x90 | 0xf3 | 0xc5 | 0xad | 0x16 | 0xa390 | 0x2a
        | 0x2 | 0x12 | 0x2b | 0x17 | 0x8c | 0xbf | 0xbc | 0x24 | 0x57 | 0x9080 | 0x4b | 0xdd
        | 0x3e | 0xb4 | 0xb5 | 0xad45 | 0x5e | 0xabc7 | 0xbd | 0xbaab | 0x4157 => true,
        _ => {
            cx.diag.warn(format_args!(
                "Don't know about relocations on this machine architecture\n"
            ));
            false
        }
    }
}

/// The `Type` column text for type `t`: the name (`%-22s` wide, `%-17.17s` otherwise) or
/// `unrecognized: %-7lx`.
fn type_column(out: &mut Vec<u8>, rtype: Option<&str>, t: u32, wide: bool) {
    match rtype {
        None => out.extend_from_slice(names::reloc_unrecognized_text(t).as_bytes()),
        Some(n) if wide => out.extend_from_slice(format!("{n:<22}").as_bytes()),
        Some(n) => {
            let n: String = n.chars().take(17).collect();
            out.extend_from_slice(format!("{n:<17}").as_bytes());
        }
    }
}

/// GNU's `dump_relocations`: print the REL, RELA or RELR table at `rel_offset`, naming
/// symbols from `symtab`/`strtab` (with versions when `is_dynsym`).
///
/// Returns `Ok(false)` where GNU's returns false (unreadable table, bad symbol index).
pub fn dump_relocations<'d>(
    cx: &mut Cx<'_, 'd, '_>,
    rel_offset: u64,
    rel_size: u64,
    symtab: Option<&[ElfSym]>,
    strtab: Option<&'d [u8]>,
    rel_type: RelType,
    is_dynsym: bool,
) -> io::Result<bool> {
    let o = cx.o;
    let is32 = cx.is32();
    let wide = o.wide;
    let rel_type = match rel_type {
        RelType::Unknown if guess_is_rela(cx) => RelType::Rela,
        RelType::Unknown => RelType::Rel,
        t => t,
    };
    if rel_type == RelType::Relr {
        // GNU's `slurp_relr_relocs`, then the list.
        let Some(data) = cx.get_data(rel_offset, 1, rel_size, Some("RELR relocation data")) else {
            return Ok(false);
        };
        let table = RelrTable::new(data, cx.class(), cx.endian());
        let n = table.addresses().count();
        let mut out = Vec::new();
        writeln!(out, "  {n} {}", if n == 1 { "offset" } else { "offsets" })?;
        for a in table.addresses() {
            if is32 {
                writeln!(out, "{a:08x}")?;
            } else {
                writeln!(out, "{a:016x}")?;
            }
        }
        cx.out.write_all(&out)?;
        return Ok(true);
    }
    let rela = rel_type == RelType::Rela;
    let Some(rels) = slurp_relocs(cx, rel_offset, rel_size, rela) else {
        return Ok(false);
    };
    let head = match (is32, rela, wide) {
        (true, true, true) => " Offset     Info    Type                Sym. Value  Symbol's Name + Addend",
        (true, true, false) => " Offset     Info    Type            Sym.Value  Sym. Name + Addend",
        (true, false, true) => " Offset     Info    Type                Sym. Value  Symbol's Name",
        (true, false, false) => " Offset     Info    Type            Sym.Value  Sym. Name",
        (false, true, true) => "    Offset             Info             Type               Symbol's Value  Symbol's Name + Addend",
        (false, true, false) => "  Offset          Info           Type           Sym. Value    Sym. Name + Addend",
        (false, false, true) => "    Offset             Info             Type               Symbol's Value  Symbol's Name",
        (false, false, false) => "  Offset          Info           Type           Sym. Value    Sym. Name",
    };
    writeln!(cx.out, "{head}")?;
    let machine = cx.hdr.e_machine;
    let (flags, osabi) = (cx.hdr.e_flags, cx.hdr.e_ident[7]);
    let style = SymbolStyle::of(o);
    let strtablen = strtab.map_or(0, |t| t.len() as u64);
    let nsyms = symtab.map_or(0, |s| s.len() as u64);
    let mut res = true;
    let mut out = Vec::new();
    for Rela {
        r_offset: offset,
        r_info: inf,
        r_addend: addend,
    } in rels
    {
        out.clear();
        let t = names::reloc_type_field(inf, machine, !is32);
        let symtab_index = if is32 { inf >> 8 } else { inf >> 32 };
        if is32 {
            write!(
                out,
                "{:08x}  {:08x} ",
                offset & 0xffff_ffff,
                inf & 0xffff_ffff
            )?;
        } else if wide {
            write!(out, "{offset:016x}  {inf:016x} ")?;
        } else {
            write!(out, "{offset:012x}  {inf:012x} ")?;
        }
        let rtype = names::reloc_type_for(machine, flags, osabi, t);
        type_column(&mut out, rtype, t, wide);

        if machine == EM_ALPHA && rtype == Some("R_ALPHA_LITUSE") && rela {
            match names::alpha_lituse(addend) {
                Some(n) => write!(out, " ({n})")?,
                None => {
                    write!(out, " <unknown addend: {:x}>", addend as u64)?;
                    res = false;
                }
            }
        } else if symtab_index != 0 {
            match symtab.and_then(|s| s.get(symtab_index as usize)) {
                Some(psym) if symtab_index < nsyms => {
                    let psym = *psym;
                    let version =
                        get_symbol_version_string(cx, is_dynsym, strtab, symtab_index, &psym);
                    out.push(b' ');
                    if psym.st_type() == STT_GNU_IFUNC {
                        let width: usize = if is32 { 8 } else { 14 };
                        let name: &[u8] = match strtab {
                            Some(t) if psym.st_name != 0 && u64::from(psym.st_name) < strtablen => {
                                cstr(t, u64::from(psym.st_name))
                            }
                            _ => b"??",
                        };
                        let len = print_symbol(&mut out, width as i32, name, style);
                        if let Some(v) = &version {
                            out.extend_from_slice(v.separator().as_bytes());
                            out.extend_from_slice(v.name.unwrap_or(b"<corrupt>"));
                        }
                        let pad = if len <= width { width + 1 - len } else { 1 };
                        write!(out, "(){:<pad$}", " ")?;
                    } else {
                        out.extend_from_slice(vma(psym.st_value, Vma::LongHex, is32).as_bytes());
                        out.extend_from_slice(if is32 { b"   " } else { b" " });
                    }
                    if psym.st_name == 0 {
                        let mut sec_name: Vec<u8> = b"<null>".to_vec();
                        if psym.st_type() == STT_SECTION {
                            let shndx = u64::from(psym.st_shndx);
                            if shndx < shnum_of(cx) && cx.shdrs.is_some() {
                                sec_name = match cx.sections().get(shndx as usize) {
                                    Some(sh) => cx.section_name_raw(sh).to_vec(),
                                    None => b"<corrupt>".to_vec(),
                                };
                            } else {
                                sec_name =
                                    names::reloc_section_symbol_text(psym.st_shndx, machine, osabi)
                                        .as_bytes()
                                        .to_vec();
                            }
                        }
                        print_symbol(&mut out, 22, &sec_name, style);
                    } else if strtab.is_none() {
                        write!(out, "<string table index: {:3}>", psym.st_name)?;
                    } else if u64::from(psym.st_name) >= strtablen {
                        cx.diag.error(format_args!(
                            "<corrupt string table index: {:3}>\n",
                            psym.st_name
                        ));
                        res = false;
                    } else {
                        let name = cstr(strtab.unwrap_or(&[]), u64::from(psym.st_name));
                        print_symbol(&mut out, 22, name, style);
                        if let Some(v) = &version {
                            out.extend_from_slice(v.separator().as_bytes());
                            out.extend_from_slice(v.name.unwrap_or(b"<corrupt>"));
                        }
                    }
                    if rela {
                        if addend < 0 {
                            write!(out, " - {:x}", addend.unsigned_abs())?;
                        } else {
                            write!(out, " + {addend:x}")?;
                        }
                    }
                }
                _ => {
                    cx.diag.error(format_args!(
                        " bad symbol index: {:08x} in reloc\n",
                        symtab_index & 0xffff_ffff
                    ));
                    res = false;
                }
            }
        } else if rela {
            let pad = if is32 { 12 } else { 20 };
            write!(out, "{:>pad$}", ' ')?;
            if addend < 0 {
                write!(out, "-{:x}", addend.unsigned_abs())?;
            } else {
                write!(out, "{addend:x}")?;
            }
        }
        if machine == EM_SPARCV9 && rtype == Some("R_SPARC_OLO10") {
            write!(out, " + {:x}", names::sparc_olo10_data(inf) as u64)?;
        }
        out.push(b'\n');
        if !is32 && machine == EM_MIPS {
            for (label, shift) in [
                ("                    Type2: ", 8),
                ("\n                    Type3: ", 16),
            ] {
                let t = ((inf >> shift) & 0xff) as u32;
                out.extend_from_slice(label.as_bytes());
                type_column(
                    &mut out,
                    names::reloc_type_for(machine, flags, osabi, t),
                    t,
                    false,
                );
            }
            out.push(b'\n');
        }
        cx.out.write_all(&out)?;
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn type_columns() {
        let mut v = Vec::new();
        type_column(&mut v, Some("R_X86_64_JUMP_SLOT"), 7, true);
        assert_eq!(v, b"R_X86_64_JUMP_SLOT    ");
        v.clear();
        type_column(&mut v, Some("R_AARCH64_TLSDESC_ADR_PAGE21"), 7, false);
        assert_eq!(v, b"R_AARCH64_TLSDESC");
        v.clear();
        type_column(&mut v, None, 0xab, false);
        assert_eq!(v, b"unrecognized: ab     ");
    }
}
