//! MIPS `-A` (GNU's `process_mips_specific`): GNU attributes, `.MIPS.abiflags`, and for
//! dynamic objects the liblist (with `-d`), options, conflicts, the primary GOT and the
//! PLT GOT; for static ones the static GOT.

use std::io;

use libelf::consts::{
    DT_JMPREL, DT_MIPS_CONFLICT, DT_MIPS_CONFLICTNO, DT_MIPS_GOTSYM, DT_MIPS_LIBLIST,
    DT_MIPS_LIBLISTNO, DT_MIPS_LOCAL_GOTNO, DT_MIPS_OPTIONS, DT_MIPS_PLTGOT, DT_MIPS_SYMTABNO,
    DT_PLTGOT, DT_PLTREL, DT_PLTRELSZ, DT_RELA, EM_MIPS, SHT_GNU_ATTRIBUTES,
};
use libelf::read::read_uint;

use super::{display_mips_gnu_attribute, mips_fp_abi, process_attributes};
use crate::display::apply_relocs::{reloc_symindex, slurp_relocs};
use crate::display::symtab_load::ElfSym;
use crate::display::vma::offset_from_vma;
use crate::util::{alt_hex06, vma, Vma};
use crate::Cx;

const SHT_MIPS_OPTIONS: u32 = 0x7000_000d;

/// GNU's `print_mips_ases`.
pub(crate) fn mips_ases(mask: u32) -> String {
    libelf::names::mips_ases_text(mask)
}

/// GNU's `print_mips_isa_ext`.
pub(crate) fn mips_isa_ext(ext: u32) -> String {
    let s = match ext {
        0 => "None",
        1 => "RMI XLR",
        19 => "Cavium Networks Octeon3",
        2 => "Cavium Networks Octeon2",
        3 => "Cavium Networks OcteonP",
        5 => "Cavium Networks Octeon",
        6 => "Toshiba R5900",
        7 => "MIPS R4650",
        8 => "LSI R4010",
        9 => "NEC VR4100",
        10 => "Toshiba R3900",
        11 => "MIPS R10000",
        12 => "Broadcom SB-1",
        13 => "NEC VR4111/VR4181",
        14 => "NEC VR4120",
        15 => "NEC VR5400",
        16 => "NEC VR5500",
        17 => "ST Microelectronics Loongson 2E",
        18 => "ST Microelectronics Loongson 2F",
        20 => "Imagination interAptiv MR2",
        _ => return format!("Unknown ({})", ext as i32),
    };
    s.to_string()
}

/// GNU's `get_mips_reg_size`.
fn reg_size(r: u32) -> i32 {
    match r {
        0 => 0,
        1 => 32,
        2 => 64,
        3 => 128,
        _ => -1,
    }
}

/// The words of the bits of `info` that `words` names, lowest first, each with its own
/// leading space.
fn bit_words(info: u32, words: &[(u32, &str)]) -> String {
    words
        .iter()
        .filter(|(bit, _)| info & bit != 0)
        .map(|(_, w)| *w)
        .collect()
}

/// GNU's `process_mips_fpe_exception`.
pub(crate) fn fpe_exception(mask: u32) -> String {
    if mask == 0 {
        return "0".to_string();
    }
    [
        (0x01, "INEX"),
        (0x02, "UFLO"),
        (0x04, "OFLO"),
        (0x08, "DIV0"),
        (0x10, "INVAL"),
    ]
    .iter()
    .filter(|(b, _)| mask & b != 0)
    .map(|(_, n)| *n)
    .collect::<Vec<_>>()
    .join("|")
}

/// The " Local entries:" table of a GOT: the entries from `ent` to `end` of the GOT at
/// `pltgot`, `value` naming the last column. The address after them, or `None` where an
/// entry could not be read (GNU stops the display there).
fn local_got_entries(
    cx: &mut Cx,
    data: Option<&[u8]>,
    (pltgot, mut ent, end): (u64, u64, u64),
    aw: usize,
    value: &str,
) -> io::Result<Option<u64>> {
    writeln!(cx.out, " Local entries:")?;
    writeln!(
        cx.out,
        "  {:>aw$} {:>10} {:>aw$}",
        "Address", "Access", value
    )?;
    while ent < end {
        let r = got_entry(cx, data, pltgot, ent)?;
        writeln!(cx.out)?;
        let Some(next) = r else { return Ok(None) };
        ent = next;
    }
    writeln!(cx.out)?;
    Ok(Some(ent))
}

/// GNU's `print_mips_got_entry`: prints one GOT entry; returns the next address, or
/// `None` (GNU's -1) when the entry runs past the data.
fn got_entry(cx: &mut Cx, data: Option<&[u8]>, pltgot: u64, addr: u64) -> io::Result<Option<u64>> {
    let is32 = cx.is32();
    let w = if is32 { 4 } else { 8 };
    write!(cx.out, "  {} ", vma(addr, Vma::LongHex, is32))?;
    if addr < pltgot.wrapping_add(0xfff0) {
        write!(
            cx.out,
            "{:6}(gp)",
            addr.wrapping_sub(pltgot).wrapping_sub(0x7ff0) as i32
        )?;
    } else {
        write!(cx.out, "{:10}", "")?;
    }
    write!(cx.out, " ")?;
    match data {
        None => write!(cx.out, "{:>w$}", "<unknown>", w = w * 2)?,
        Some(d) => {
            let off = addr.wrapping_sub(pltgot);
            let fits = off
                .checked_add(w as u64)
                .is_some_and(|e| e <= d.len() as u64);
            if !fits {
                cx.diag.warn(format_args!(
                    "MIPS GOT entry extends beyond the end of available data\n"
                ));
                write!(cx.out, "{:>w$}", "<corrupt>", w = w * 2)?;
                return Ok(None);
            }
            let v = read_uint(d, off as usize, w, cx.endian()).unwrap_or(0);
            write!(cx.out, "{}", vma(v, Vma::LongHex, is32))?;
        }
    }
    Ok(Some(addr.wrapping_add(w as u64)))
}

/// GNU's `print_mips_pltgot_entry`.
fn pltgot_entry(cx: &mut Cx, data: &[u8], pltgot: u64, addr: u64) -> io::Result<u64> {
    let is32 = cx.is32();
    let w = if is32 { 4 } else { 8 };
    write!(cx.out, "  {} ", vma(addr, Vma::LongHex, is32))?;
    let off = addr.wrapping_sub(pltgot) as usize;
    let v = read_uint(data, off, w, cx.endian()).unwrap_or(0);
    write!(cx.out, "{}", vma(v, Vma::LongHex, is32))?;
    Ok(addr.wrapping_add(w as u64))
}

/// The symbol columns of a GOT line: value, type, index and name.
fn symbol_columns(cx: &mut Cx, psym: &ElfSym, width: i32) -> io::Result<()> {
    let is32 = cx.is32();
    let ty = libelf::names::symbol_type_text(
        psym.st_type(),
        cx.hdr.e_machine,
        cx.hdr.e_ident.get(7).copied().unwrap_or(0),
    );
    let ndx = libelf::names::section_index_text(
        psym.st_shndx,
        cx.hdr.e_machine,
        cx.hdr.e_ident.get(7).copied().unwrap_or(0),
        u64::from(cx.hdr.e_shnum),
    );
    write!(
        cx.out,
        "{} {ty:<7} {ndx:>3} ",
        vma(psym.st_value, Vma::LongHex, is32)
    )?;
    dynamic_name(cx, psym.st_name, width, 14)
}

/// `print_symbol (width, dynamic name)`, or `<corrupt: %Nld>` for a bad offset.
fn dynamic_name(cx: &mut Cx, st_name: u32, width: i32, corrupt_width: usize) -> io::Result<()> {
    match cx.dynamic.strings {
        Some(s) if (st_name as usize) < s.len() => {
            cx.psym(width, s.get(st_name as usize..).unwrap_or(&[]))?;
        }
        _ => write!(cx.out, "<corrupt: {st_name:>corrupt_width$}>")?,
    }
    Ok(())
}

/// The `.MIPS.abiflags` section.
fn abiflags(cx: &mut Cx) -> io::Result<bool> {
    let Some(i) = cx.find_section(b".MIPS.abiflags") else {
        return Ok(true);
    };
    let Some(sect) = cx.sections().get(i).copied() else {
        return Ok(true);
    };
    if sect.sh_size != 24 {
        cx.diag
            .error(format_args!("Corrupt MIPS ABI Flags section.\n"));
        return Ok(false);
    }
    let Some(d) = cx.get_data(
        sect.sh_offset,
        1,
        sect.sh_size,
        Some("MIPS ABI Flags section"),
    ) else {
        return Ok(true);
    };
    let e = cx.endian();
    let u = |off: usize, w: usize| read_uint(d, off, w, e).unwrap_or(0) as u32;
    let version = u(0, 2);
    let (isa_level, isa_rev) = (u(2, 1), u(3, 1));
    let (gpr, cpr1, cpr2) = (u(4, 1), u(5, 1), u(6, 1));
    let fp_abi = u(7, 1);
    let isa_ext = u(8, 4);
    let ases = u(12, 4);
    let (flags1, flags2) = (u(16, 4), u(20, 4));
    writeln!(cx.out, "\nMIPS ABI Flags Version: {version}")?;
    write!(cx.out, "\nISA: MIPS{isa_level}")?;
    if isa_rev > 1 {
        write!(cx.out, "r{isa_rev}")?;
    }
    write!(cx.out, "\nGPR size: {}", reg_size(gpr))?;
    write!(cx.out, "\nCPR1 size: {}", reg_size(cpr1))?;
    write!(cx.out, "\nCPR2 size: {}", reg_size(cpr2))?;
    writeln!(cx.out, "\nFP ABI: {}", mips_fp_abi(fp_abi))?;
    write!(cx.out, "ISA Extension: {}", mips_isa_ext(isa_ext))?;
    write!(cx.out, "\nASEs:{}", mips_ases(ases))?;
    write!(cx.out, "\nFLAGS 1: {flags1:08x}")?;
    writeln!(cx.out, "\nFLAGS 2: {flags2:08x}")?;
    Ok(true)
}

/// The static GOT of an object without dynamic section.
fn static_got(cx: &mut Cx) -> io::Result<()> {
    let Some(i) = cx.find_section(b".got") else {
        return Ok(());
    };
    let Some(sect) = cx.sections().get(i).copied() else {
        return Ok(());
    };
    let pltgot = sect.sh_addr;
    let is32 = cx.is32();
    let w: u64 = if is32 { 4 } else { 8 };
    let end = pltgot.wrapping_add(sect.sh_size);
    let data = cx.get_data(
        sect.sh_offset,
        end.wrapping_sub(pltgot),
        1,
        Some("Global Offset Table data"),
    );
    let mut ent = pltgot;
    writeln!(cx.out, "\nStatic GOT:")?;
    writeln!(
        cx.out,
        " Canonical gp value: {}\n",
        vma(ent.wrapping_add(0x7ff0), Vma::LongHex, is32)
    )?;
    let endian = cx.endian();
    let word_at = |d: &[u8], off: u64| -> Option<u64> {
        let end = off.checked_add(w)?;
        if end > d.len() as u64 {
            return None;
        }
        read_uint(d, off as usize, w as usize, endian).ok()
    };
    let aw = (w * 2) as usize;
    if let Some(d) = data {
        if word_at(d, ent - pltgot) == Some(0) {
            writeln!(cx.out, " Reserved entries:")?;
            writeln!(
                cx.out,
                "  {:>aw$} {:>10} {:>aw$}",
                "Address", "Access", "Value"
            )?;
            let r = got_entry(cx, data, pltgot, ent)?;
            writeln!(cx.out)?;
            let Some(next) = r else { return Ok(()) };
            ent = next;
            if word_at(d, ent - pltgot).is_some_and(|v| v >> (w * 8 - 1) != 0) {
                let r = got_entry(cx, data, pltgot, ent)?;
                writeln!(cx.out)?;
                let Some(next) = r else { return Ok(()) };
                ent = next;
            }
            writeln!(cx.out)?;
        }
    }
    if data.is_some() && ent < end {
        local_got_entries(cx, data, (pltgot, ent, end), aw, "Value")?;
    }
    Ok(())
}

/// The dynamic-tag values process_mips_specific collects.
#[derive(Default)]
struct MipsDyn {
    liblist_offset: u64,
    liblistno: u64,
    conflictsno: u64,
    options_offset: u64,
    conflicts_offset: u64,
    pltrelsz: u64,
    pltrel: u64,
    pltgot: u64,
    mips_pltgot: u64,
    jmprel: u64,
    local_gotno: u64,
    gotsym: u64,
    symtabno: u64,
}

/// GNU's `process_mips_specific`.
pub fn process_mips_specific(cx: &mut Cx) -> io::Result<bool> {
    let mut res = process_attributes(
        cx,
        None,
        SHT_GNU_ATTRIBUTES,
        None,
        Some(display_mips_gnu_attribute),
    )?;
    if !abiflags(cx)? {
        res = false;
    }
    if cx.dynamic.entries.is_empty() {
        static_got(cx)?;
        return Ok(res);
    }
    let mut m = MipsDyn::default();
    let entries = cx.dynamic.entries.clone();
    for e in &entries {
        if e.d_tag == 0 {
            break;
        }
        let v = e.d_val;
        match e.d_tag as u64 {
            DT_MIPS_LIBLIST => m.liblist_offset = offset_from_vma(cx, v, m.liblistno * 20),
            DT_MIPS_LIBLISTNO => m.liblistno = v,
            DT_MIPS_OPTIONS => m.options_offset = offset_from_vma(cx, v, 0),
            DT_MIPS_CONFLICT => m.conflicts_offset = offset_from_vma(cx, v, m.conflictsno * 4),
            DT_MIPS_CONFLICTNO => m.conflictsno = v,
            DT_PLTGOT => m.pltgot = v,
            DT_MIPS_LOCAL_GOTNO => m.local_gotno = v,
            DT_MIPS_GOTSYM => m.gotsym = v,
            DT_MIPS_SYMTABNO => m.symtabno = v,
            DT_MIPS_PLTGOT => m.mips_pltgot = v,
            DT_PLTREL => m.pltrel = v,
            DT_PLTRELSZ => m.pltrelsz = v,
            DT_JMPREL => m.jmprel = v,
            _ => {}
        }
    }
    // GNU keeps these in size_t, which is 64-bit here; nothing to narrow.
    if m.liblist_offset != 0 && m.liblistno != 0 && cx.o.dynamic && !liblist(cx, &m)? {
        res = false;
    }
    if m.options_offset != 0 {
        match options(cx, &m)? {
            Some(true) => {}
            Some(false) => res = false,
            None => return Ok(false),
        }
    }
    if m.conflicts_offset != 0 && m.conflictsno != 0 && !conflicts(cx, &m)? {
        return Ok(false);
    }
    if m.pltgot != 0 && m.local_gotno != 0 && !primary_got(cx, &m)? {
        return Ok(false);
    }
    if m.mips_pltgot != 0 && m.jmprel != 0 && m.pltrel != 0 && m.pltrelsz != 0 && !plt_got(cx, &m)?
    {
        return Ok(false);
    }
    Ok(res)
}

/// The `DT_MIPS_LIBLIST` table (with `-d`).
fn liblist(cx: &mut Cx, m: &MipsDyn) -> io::Result<bool> {
    let Some(elib) = cx.get_data(
        m.liblist_offset,
        20,
        m.liblistno,
        Some("liblist section data"),
    ) else {
        return Ok(false);
    };
    let n = m.liblistno;
    writeln!(
        cx.out,
        "\nSection '.liblist' contains {n} {}:",
        if n == 1 { "entry" } else { "entries" }
    )?;
    writeln!(
        cx.out,
        "     Library              Time Stamp          Checksum   Version Flags"
    )?;
    let e = cx.endian();
    for cnt in 0..n as usize {
        let w = |k: usize| read_uint(elib, cnt * 20 + k * 4, 4, e).unwrap_or(0);
        let (l_name, time, checksum, version, flags) = (w(0), w(1), w(2), w(3), w(4));
        write!(cx.out, "{cnt:3}: ")?;
        match cx.dynamic.strings {
            Some(s) if (l_name as usize) < s.len() => {
                cx.psym(20, s.get(l_name as usize..).unwrap_or(&[]))?;
            }
            _ => write!(cx.out, "<corrupt: {l_name:9}>")?,
        }
        let ck = if checksum == 0 {
            format!("{:>10}", 0)
        } else {
            format!("{:>#10x}", checksum)
        };
        write!(
            cx.out,
            " {} {ck} {version:<7}",
            super::iso_time(time as i64)
        )?;
        if flags == 0 {
            writeln!(cx.out, " NONE")?;
            continue;
        }
        let mut f = flags;
        for (name, bit) in [
            (" EXACT_MATCH", 1u64),
            (" IGNORE_INT_VER", 2),
            (" REQUIRE_MINOR", 4),
            (" EXPORTS", 8),
            (" DELAY_LOAD", 0x10),
            (" DELTA", 0x20),
        ] {
            if f & bit != 0 {
                write!(cx.out, "{name}")?;
                f ^= bit;
            }
        }
        if f != 0 {
            write!(cx.out, " {f:#x}")?;
        }
        writeln!(cx.out)?;
    }
    Ok(true)
}

/// The `SHT_MIPS_OPTIONS` section through `DT_MIPS_OPTIONS`. `None` when GNU returns false
/// from process_mips_specific altogether.
fn options(cx: &mut Cx, m: &MipsDyn) -> io::Result<Option<bool>> {
    let count = cx.sections().len().min(cx.hdr.e_shnum as usize);
    let Some(sect) = cx
        .sections()
        .iter()
        .take(count)
        .find(|s| s.sh_type == SHT_MIPS_OPTIONS)
        .copied()
    else {
        cx.diag
            .error(format_args!("No MIPS_OPTIONS header found\n"));
        return Ok(None);
    };
    if sect.sh_size < 8 {
        cx.diag
            .error(format_args!("The MIPS options section is too small.\n"));
        return Ok(None);
    }
    let Some(eopt) = cx.get_data(m.options_offset, 1, sect.sh_size, Some("options")) else {
        return Ok(Some(false));
    };
    let e = cx.endian();
    let size = sect.sh_size;
    let mut offset = 0u64;
    let mut cnt = 0i32;
    while offset <= size - 8 {
        let optsize = read_uint(eopt, offset as usize + 1, 1, e).unwrap_or(0);
        if optsize < 8 || optsize > size - offset {
            cx.diag
                .error(format_args!("Invalid size ({optsize}) for MIPS option\n"));
            return Ok(None);
        }
        offset += optsize;
        cnt += 1;
    }
    let name = cx.printable_section_name(&sect);
    writeln!(
        cx.out,
        "\nSection '{name}' contains {cnt} {}:",
        if cnt == 1 { "entry" } else { "entries" }
    )?;
    let mut offset = 0usize;
    let is_mips = cx.hdr.e_machine == EM_MIPS;
    while cnt > 0 {
        cnt -= 1;
        let at = offset;
        let b = |k: usize, w: usize| read_uint(eopt, at + k, w, e).unwrap_or(0);
        let kind = b(0, 1) as u32;
        let osize = b(1, 1) as usize;
        let section = b(2, 2) as u16;
        let info = b(4, 4) as u32;
        match kind {
            0 => write!(cx.out, " NULL       {section} {info:x}")?,
            1 => {
                write!(cx.out, " REGINFO    ")?;
                let (need, w) = if is_mips { (8 + 24, 4) } else { (8 + 32, 8) };
                if osize < need {
                    writeln!(cx.out, "<corrupt>")?;
                    cx.diag
                        .error(format_args!("Truncated MIPS REGINFO option\n"));
                    // GNU stops after this option, but still dumps its bytes.
                    cnt = 0;
                } else {
                    let r = |k: usize| b(8 + k * 4, 4) as u32;
                    if is_mips {
                        writeln!(cx.out, "GPR {:08x}  GP 0x{:x}", r(0), r(5))?;
                        writeln!(
                            cx.out,
                            "            CPR0 {:08x}  CPR1 {:08x}  CPR2 {:08x}  CPR3 {:08x}",
                            r(1),
                            r(2),
                            r(3),
                            r(4)
                        )?;
                    } else {
                        // Elf64_External_RegInfo: gprmask, pad, cprmask[4], gp_value (8 bytes).
                        let gp = b(8 + 24, w);
                        writeln!(cx.out, "GPR {:08x}  GP 0x{gp:x}", r(0))?;
                        writeln!(
                            cx.out,
                            "            CPR0 {:08x}  CPR1 {:08x}  CPR2 {:08x}  CPR3 {:08x}",
                            r(2),
                            r(3),
                            r(4),
                            r(5)
                        )?;
                    }
                    offset += osize;
                    continue;
                }
            }
            2 => {
                write!(
                    cx.out,
                    " EXCEPTIONS fpe_min({}) fpe_max({})",
                    fpe_exception(info & 0x1f),
                    fpe_exception((info & 0x1f00) >> 8)
                )?;
                let words = [
                    (0x10000, " PAGE0"),
                    (0x20000, " SMM"),
                    (0x40000, " FPDBUG"),
                    (0x80000, " DISMISS"),
                ];
                cx.out.write_all(bit_words(info, &words).as_bytes())?;
            }
            3 => {
                write!(cx.out, " PAD       ")?;
                let words = [(1, " PREFIX"), (2, " POSTFIX"), (4, " SYMBOL")];
                cx.out.write_all(bit_words(info, &words).as_bytes())?;
            }
            4 => {
                write!(cx.out, " HWPATCH   ")?;
                let words = [
                    (1, " R4KEOP"),
                    (2, " R8KPFETCH"),
                    (4, " R5KEOP"),
                    (8, " R5KCVTL"),
                ];
                cx.out.write_all(bit_words(info, &words).as_bytes())?;
            }
            5 => write!(cx.out, " FILL       ")?,
            6 => write!(cx.out, " TAGS       ")?,
            7 | 8 => {
                write!(
                    cx.out,
                    "{}",
                    if kind == 7 {
                        " HWAND     "
                    } else {
                        " HWOR      "
                    }
                )?;
                let words = [(1, " R4KEOP_CHECKED"), (2, " R4KEOP_CLEAN")];
                cx.out.write_all(bit_words(info, &words).as_bytes())?;
            }
            9 | 10 => write!(
                cx.out,
                " {}  {}  self-contained {}",
                if kind == 9 { "GP_GROUP" } else { "IDENT   " },
                alt_hex06(u64::from(info & 0xffff)),
                alt_hex06(u64::from(info >> 16))
            )?,
            _ => write!(cx.out, " {:3} ???     {section} {info:x}", kind as i32)?,
        }
        let mut len = 8usize;
        while len < osize {
            let datum = eopt.get(at + len).copied().unwrap_or(0);
            if (0x20..0x7f).contains(&datum) {
                cx.out.write_all(&[datum])?;
            } else {
                write!(cx.out, "\\{datum:03o}")?;
            }
            len += 1;
        }
        writeln!(cx.out)?;
        offset += osize;
    }
    Ok(Some(true))
}

/// The `DT_MIPS_CONFLICT` list; false when GNU gives up on -A.
fn conflicts(cx: &mut Cx, m: &MipsDyn) -> io::Result<bool> {
    let Some(syms) = cx.dynamic.symbols.clone() else {
        cx.diag.error(format_args!(
            "conflict list found without a dynamic symbol table\n"
        ));
        return Ok(false);
    };
    let n = m.conflictsno;
    if n > cx.file_size() / 4 {
        cx.diag.error(format_args!(
            "Overlarge number of conflicts detected: {n:x}\n"
        ));
        return Ok(false);
    }
    let w: u64 = if cx.is32() { 4 } else { 8 };
    let Some(data) = cx.get_data(m.conflicts_offset, w, n, Some("conflict")) else {
        return Ok(false);
    };
    writeln!(
        cx.out,
        "\nSection '.conflict' contains {n} {}:",
        if n == 1 { "entry" } else { "entries" }
    )?;
    writeln!(cx.out, "  Num:    Index       Value  Name")?;
    let e = cx.endian();
    for cnt in 0..n as usize {
        let c = read_uint(data, cnt * w as usize, w as usize, e).unwrap_or(0);
        write!(cx.out, "{cnt:5}: {c:8}  ")?;
        match syms.get(c as usize) {
            None => write!(cx.out, "<corrupt symbol index>")?,
            Some(psym) => {
                write!(cx.out, "{} ", vma(psym.st_value, Vma::FullHex, cx.is32()))?;
                dynamic_name(cx, psym.st_name, 25, 14)?;
            }
        }
        writeln!(cx.out)?;
    }
    Ok(true)
}

/// The primary GOT; false when GNU gives up on -A.
fn primary_got(cx: &mut Cx, m: &MipsDyn) -> io::Result<bool> {
    let is32 = cx.is32();
    let w: u64 = if is32 { 4 } else { 8 };
    let pltgot = m.pltgot;
    let local_end = pltgot.wrapping_add(m.local_gotno.wrapping_mul(w));
    if m.symtabno < m.gotsym {
        cx.diag.error(format_args!(
            "The GOT symbol offset ({}) is greater than the symbol table size ({})\n",
            m.gotsym, m.symtabno
        ));
        return Ok(false);
    }
    let global_end = local_end.wrapping_add((m.symtabno - m.gotsym).wrapping_mul(w));
    if global_end < local_end {
        cx.diag
            .error(format_args!("Too many GOT symbols: {}\n", m.symtabno));
        return Ok(false);
    }
    let offset = offset_from_vma(cx, pltgot, global_end.wrapping_sub(pltgot));
    let data = cx.get_data(
        offset,
        global_end.wrapping_sub(pltgot),
        1,
        Some("Global Offset Table data"),
    );
    let aw = (w * 2) as usize;
    writeln!(cx.out, "\nPrimary GOT:")?;
    writeln!(
        cx.out,
        " Canonical gp value: {}\n",
        vma(pltgot.wrapping_add(0x7ff0), Vma::LongHex, is32)
    )?;
    writeln!(cx.out, " Reserved entries:")?;
    writeln!(
        cx.out,
        "  {:>aw$} {:>10} {:>aw$} Purpose",
        "Address", "Access", "Initial"
    )?;
    let mut ent = pltgot;
    let r = got_entry(cx, data, pltgot, ent)?;
    writeln!(cx.out, " Lazy resolver")?;
    let Some(next) = r else { return Ok(true) };
    ent = next;
    if let Some(d) = data {
        let off = ent.wrapping_sub(pltgot);
        let msb = off
            .checked_add(w)
            .filter(|e| *e <= d.len() as u64)
            .and_then(|_| read_uint(d, off as usize, w as usize, cx.endian()).ok())
            .is_some_and(|v| v >> (w * 8 - 1) != 0);
        if msb {
            let r = got_entry(cx, data, pltgot, ent)?;
            writeln!(cx.out, " Module pointer (GNU extension)")?;
            let Some(next) = r else { return Ok(true) };
            ent = next;
        }
    }
    writeln!(cx.out)?;
    if data.is_some() && ent < local_end {
        let range = (pltgot, ent, local_end);
        let Some(next) = local_got_entries(cx, data, range, aw, "Initial")? else {
            return Ok(true);
        };
        ent = next;
    }
    if data.is_some() && m.gotsym < m.symtabno {
        writeln!(cx.out, " Global entries:")?;
        writeln!(
            cx.out,
            "  {:>aw$} {:>10} {:>aw$} {:>aw$} {:<7} {:>3} Name",
            "Address", "Access", "Initial", "Sym.Val.", "Type", "Ndx"
        )?;
        let sym_width = (if is32 { 80 } else { 160 }) - 28 - (w as i32) * 6 - 1;
        let syms = cx.dynamic.symbols.clone();
        let mut i = m.gotsym;
        while i < m.symtabno {
            let r = got_entry(cx, data, pltgot, ent)?;
            write!(cx.out, " ")?;
            match &syms {
                None => write!(cx.out, "<no dynamic symbols>")?,
                Some(s) => match s.get(i as usize) {
                    Some(psym) => symbol_columns(cx, psym, sym_width)?,
                    None => write!(
                        cx.out,
                        "<symbol index {i} exceeds number of dynamic symbols>"
                    )?,
                },
            }
            writeln!(cx.out)?;
            match r {
                Some(next) => ent = next,
                None => break,
            }
            i += 1;
        }
        writeln!(cx.out)?;
    }
    Ok(true)
}

/// The PLT GOT (`DT_MIPS_PLTGOT`); false when GNU gives up on -A.
fn plt_got(cx: &mut Cx, m: &MipsDyn) -> io::Result<bool> {
    let rel_offset = offset_from_vma(cx, m.jmprel, m.pltrelsz);
    let Some(rels) = slurp_relocs(cx, rel_offset, m.pltrelsz, m.pltrel == DT_RELA) else {
        return Ok(false);
    };
    let count = rels.len();
    let is32 = cx.is32();
    let w: u64 = if is32 { 4 } else { 8 };
    let end = m
        .mips_pltgot
        .wrapping_add((2 + count as u64).wrapping_mul(w));
    let offset = offset_from_vma(cx, m.mips_pltgot, end.wrapping_sub(m.mips_pltgot));
    let Some(data) = cx.get_data(
        offset,
        end.wrapping_sub(m.mips_pltgot),
        1,
        Some("Procedure Linkage Table data"),
    ) else {
        return Ok(false);
    };
    let aw = (w * 2) as usize;
    writeln!(cx.out, "\nPLT GOT:\n")?;
    writeln!(cx.out, " Reserved entries:")?;
    writeln!(cx.out, "  {:>aw$} {:>aw$} Purpose", "Address", "Initial")?;
    let mut ent = pltgot_entry(cx, data, m.mips_pltgot, m.mips_pltgot)?;
    writeln!(cx.out, " PLT lazy resolver")?;
    ent = pltgot_entry(cx, data, m.mips_pltgot, ent)?;
    writeln!(cx.out, " Module pointer")?;
    writeln!(cx.out)?;
    writeln!(cx.out, " Entries:")?;
    writeln!(
        cx.out,
        "  {:>aw$} {:>aw$} {:>aw$} {:<7} {:>3} Name",
        "Address", "Initial", "Sym.Val.", "Type", "Ndx"
    )?;
    let sym_width = (if is32 { 80 } else { 160 }) - 17 - (w as i32) * 6 - 1;
    let syms = cx.dynamic.symbols.clone().unwrap_or_default();
    for r in &rels {
        // GNU's get_reloc_symindex (64-bit little-endian MIPS infos are reordered by
        // slurp_relocs, so the index is in the high word as usual).
        let idx = reloc_symindex(cx, r.r_info);
        ent = pltgot_entry(cx, data, m.mips_pltgot, ent)?;
        write!(cx.out, " ")?;
        match syms.get(idx as usize) {
            None => write!(cx.out, "<corrupt symbol index: {idx}>")?,
            Some(psym) => symbol_columns(cx, psym, sym_width)?,
        }
        writeln!(cx.out)?;
    }
    writeln!(cx.out)?;
    Ok(true)
}
