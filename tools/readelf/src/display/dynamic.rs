//! `-d`: the dynamic section (GNU's `process_dynamic_section`), which also fills
//! [`crate::cx::DynamicInfo`] for the displays after it: `dynamic_info[]`,
//! `version_info[]`, the hash tables, and with `-D` the dynamic symbols and strings found
//! through the tags.

mod hash;
pub mod tags;

use std::io::{self, Write};

use libelf::consts::PT_LOAD;
use libelf::names;
use libelf::read::{read_uint, SectionHeader};

use self::tags::*;
use crate::display::symtab_load::get_elf_symbols_at;
use crate::util::{vma, Vma};
use crate::Cx;

pub use self::hash::get_num_dynamic_syms;
use crate::display::vma::offset_from_vma;

/// A dynamic tag as GNU holds it: `d_tag` zero-extended from the file's width.
pub fn tag_of(cx: &Cx, d_tag: i64) -> u64 {
    if cx.is32() {
        d_tag as u64 & 0xffff_ffff
    } else {
        d_tag as u64
    }
}

/// GNU's `get_dynamic_type` for this file's machine and OS/ABI.
pub fn dynamic_type(cx: &Cx, tag: u64) -> String {
    libelf::names::dynamic_tag_text(tag, cx.hdr.e_machine, cx.hdr.e_ident[7]).into_owned()
}

/// GNU's `process_dynamic_section`.
pub fn process_dynamic_section(cx: &mut Cx) -> io::Result<bool> {
    let o = cx.o;
    if cx.dynamic.size <= 1 {
        if o.dynamic {
            writeln!(cx.out, "\nThere is no dynamic section in this file.")?;
        }
        return Ok(true);
    }
    if !cx.get_dynamic_section() {
        return Ok(false);
    }
    let machine = cx.hdr.e_machine;
    let is_mips = matches!(machine, EM_MIPS | EM_MIPS_RS3_LE);
    let entries: Vec<(u64, u64)> = cx
        .dynamic
        .entries
        .iter()
        .map(|d| (tag_of(cx, d.d_tag), d.d_val))
        .collect();

    // Find the symbol table.
    if cx.dynamic.symbols.is_none() || o.histogram {
        for &(tag, val) in &entries {
            match tag {
                DT_SYMTAB => cx.dynamic.set_tag(DT_SYMTAB, val),
                DT_SYMENT => cx.dynamic.set_tag(DT_SYMENT, val),
                DT_HASH => cx.dynamic.set_tag(DT_HASH, val),
                DT_GNU_HASH => cx.dynamic.gnu_hash = val,
                DT_MIPS_XHASH if is_mips => {
                    cx.dynamic.mips_xhash = val;
                    cx.dynamic.gnu_hash = val;
                }
                _ => {}
            }
        }
        let num = get_num_dynamic_syms(cx);
        let symtab = cx.dynamic.tag(DT_SYMTAB);
        let syment = cx.dynamic.tag(DT_SYMENT);
        if num != 0 && cx.dynamic.symbols.is_none() && symtab != 0 && syment != 0 {
            if !cx.load_program_headers() {
                cx.diag.error(format_args!(
                    "Cannot interpret virtual addresses without program headers.\n"
                ));
                return Ok(false);
            }
            let phdrs = cx.phdrs.clone().unwrap_or_default();
            for p in &phdrs {
                if p.p_type != PT_LOAD {
                    continue;
                }
                if p.p_offset.wrapping_add(p.p_filesz) > cx.file_size() {
                    cx.diag.error(format_args!("Invalid PT_LOAD entry\n"));
                    return Ok(false);
                }
                if symtab >= p.p_vaddr & p.p_align.wrapping_neg()
                    && symtab < p.p_vaddr.wrapping_add(p.p_filesz)
                {
                    let section = SectionHeader {
                        sh_offset: symtab.wrapping_sub(p.p_vaddr).wrapping_add(p.p_offset),
                        sh_size: num.wrapping_mul(syment),
                        sh_entsize: syment,
                        sh_name: cx.string_table.map_or(0, |t| t.len() as u32),
                        ..SectionHeader::default()
                    };
                    if o.checks {
                        if let Some(ds) = cx
                            .dynamic
                            .symtab_section
                            .and_then(|i| cx.sections().get(i).copied())
                        {
                            if ds.sh_offset != section.sh_offset
                                || ds.sh_size != section.sh_size
                                || ds.sh_entsize != section.sh_entsize
                            {
                                cx.diag.warn(format_args!(
                                    "the .dynsym section doesn't match the DT_SYMTAB and DT_SYMENT tags\n"
                                ));
                            }
                        }
                    }
                    let syms = get_elf_symbols_at(cx, &section, None);
                    let bad = syms.as_ref().is_none_or(|s| s.len() as u64 != num);
                    cx.dynamic.symbols = syms;
                    if bad {
                        cx.diag
                            .error(format_args!("Corrupt DT_SYMTAB dynamic entry\n"));
                        return Ok(false);
                    }
                    break;
                }
            }
        }
    }

    // Similarly find a string table.
    if cx.dynamic.strings.is_none() {
        for &(tag, val) in &entries {
            if tag == DT_STRTAB {
                cx.dynamic.set_tag(DT_STRTAB, val);
            }
            if tag == DT_STRSZ {
                cx.dynamic.set_tag(DT_STRSZ, val);
            }
            let strtab = cx.dynamic.tag(DT_STRTAB);
            let len = cx.dynamic.tag(DT_STRSZ);
            if strtab != 0 && len != 0 {
                let offset = offset_from_vma(cx, strtab, len);
                if o.checks {
                    if let Some(ds) = cx
                        .dynamic
                        .strtab_section
                        .and_then(|i| cx.sections().get(i).copied())
                    {
                        if ds.sh_offset != offset || ds.sh_size != len {
                            cx.diag.warn(format_args!(
                                "the .dynstr section doesn't match the DT_STRTAB and DT_STRSZ tags\n"
                            ));
                        }
                    }
                }
                cx.dynamic.strings = cx.get_data(offset, 1, len, Some("dynamic string table"));
                if cx.dynamic.strings.is_none() {
                    cx.diag
                        .error(format_args!("Corrupt DT_STRTAB dynamic entry\n"));
                }
                break;
            }
        }
    }

    // And find the syminfo section if available.
    if cx.dynamic.syminfo.is_none() {
        let mut syminsz = 0u64;
        for &(tag, val) in &entries {
            match tag {
                DT_SYMINENT if val != 4 => {
                    cx.diag.error(format_args!(
                        "Bad value ({}) for SYMINENT entry\n",
                        val as i32
                    ));
                }
                DT_SYMINSZ => syminsz = val,
                DT_SYMINFO => cx.dynamic.syminfo_offset = offset_from_vma(cx, val, syminsz),
                _ => {}
            }
        }
        if cx.dynamic.syminfo_offset != 0 && syminsz != 0 {
            let Some(ext) = cx.get_data(
                cx.dynamic.syminfo_offset,
                1,
                syminsz,
                Some("symbol information"),
            ) else {
                return Ok(false);
            };
            let e = cx.endian();
            let n = (syminsz / 4) as usize;
            let v = (0..n)
                .map(|i| {
                    let a = read_uint(ext, i * 4, 2, e).unwrap_or(0) as u16;
                    let b = read_uint(ext, i * 4 + 2, 2, e).unwrap_or(0) as u16;
                    (a, b)
                })
                .collect();
            cx.dynamic.syminfo = Some(v);
        }
    }

    if o.dynamic && cx.dynamic.addr != 0 {
        let n = entries.len();
        writeln!(
            cx.out,
            "\nDynamic section at offset {:#x} contains {n} {}:",
            cx.dynamic.addr,
            if n == 1 { "entry" } else { "entries" }
        )?;
    }
    if o.dynamic {
        writeln!(
            cx.out,
            "  Tag        Type                         Name/Value"
        )?;
    }
    let is32 = cx.is32();
    let mut line = Vec::new();
    for &(tag, val) in &entries {
        line.clear();
        if o.dynamic {
            let dtype = dynamic_type(cx, tag);
            let width = if is32 { 27 } else { 19 } - dtype.len() as i64;
            let pad = width.unsigned_abs().max(1) as usize;
            write!(
                line,
                " {} ({dtype}){:pad$}",
                vma(tag, Vma::FullHex, is32),
                ""
            )?;
        }
        entry_value(cx, tag, val, &mut line)?;
        if o.dynamic {
            cx.out.write_all(&line)?;
        }
    }
    Ok(true)
}

/// The value part of one entry (GNU's `switch (entry->d_tag)`), recording what it tells in
/// `cx.dynamic`; the text goes to `w` (only printed with `-d`).
fn entry_value(cx: &mut Cx, tag: u64, val: u64, w: &mut Vec<u8>) -> io::Result<()> {
    let is32 = cx.is32();
    let hex = |v: u64| vma(v, Vma::PrefixHex, is32);
    match tag {
        DT_FLAGS => writeln!(w, "{}", names::dt_flags_text(val))?,
        DT_AUXILIARY | DT_FILTER | DT_CONFIG | DT_DEPAUDIT | DT_AUDIT => {
            w.extend_from_slice(match tag {
                DT_AUXILIARY => b"Auxiliary library",
                DT_FILTER => b"Filter library",
                DT_CONFIG => b"Configuration file",
                DT_DEPAUDIT => b"Dependency audit library",
                _ => b"Audit library",
            });
            match cx.dynamic.name(val) {
                Some(n) => {
                    w.extend_from_slice(b": [");
                    w.extend_from_slice(n);
                    w.extend_from_slice(b"]\n");
                }
                None => writeln!(w, ": {}", hex(val))?,
            }
        }
        DT_FEATURE => writeln!(w, "{}", names::dt_feature_1_text(val))?,
        DT_POSFLAG_1 => writeln!(w, "{}", names::dt_posflag_1_text(val))?,
        DT_FLAGS_1 => writeln!(w, "{}", names::dt_flags_1_text(val))?,
        DT_GNU_FLAGS_1 => writeln!(w, "{}", names::dt_gnu_flags_1_text(val))?,
        DT_PLTREL => {
            cx.dynamic.set_tag(tag, val);
            writeln!(w, "{}", dynamic_type(cx, val))?;
        }
        DT_NULL | DT_NEEDED | DT_PLTGOT | DT_HASH | DT_STRTAB | DT_SYMTAB | DT_RELA | DT_INIT
        | DT_FINI | DT_SONAME | DT_RPATH | DT_SYMBOLIC | DT_REL | DT_RELR | DT_DEBUG
        | DT_TEXTREL | DT_JMPREL | DT_RUNPATH => {
            cx.dynamic.set_tag(tag, val);
            let name = cx.dynamic.name(val);
            let label: Option<&[u8]> = match tag {
                DT_NEEDED => Some(b"Shared library"),
                DT_SONAME => Some(b"Library soname"),
                DT_RPATH => Some(b"Library rpath"),
                DT_RUNPATH => Some(b"Library runpath"),
                _ => None,
            };
            match (name, label) {
                (Some(n), Some(l)) => {
                    w.extend_from_slice(l);
                    w.extend_from_slice(b": [");
                    w.extend_from_slice(n);
                    w.push(b']');
                    if tag == DT_NEEDED && cx.dynamic.interpreter.as_deref() == Some(n) {
                        w.extend_from_slice(b" program interpreter");
                    }
                }
                _ => w.extend_from_slice(hex(val).as_bytes()),
            }
            w.push(b'\n');
        }
        DT_PLTRELSZ | DT_RELASZ | DT_STRSZ | DT_RELSZ | DT_RELAENT | DT_RELRENT | DT_RELRSZ
        | DT_SYMENT | DT_RELENT | DT_PLTPADSZ | DT_MOVEENT | DT_MOVESZ | DT_PREINIT_ARRAYSZ
        | DT_INIT_ARRAYSZ | DT_FINI_ARRAYSZ | DT_GNU_CONFLICTSZ | DT_GNU_LIBLISTSZ => {
            if let Some(slot) = cx.dynamic.info.get_mut(tag as usize) {
                if matches!(
                    tag,
                    DT_PLTRELSZ
                        | DT_RELASZ
                        | DT_STRSZ
                        | DT_RELSZ
                        | DT_RELAENT
                        | DT_RELRENT
                        | DT_RELRSZ
                        | DT_SYMENT
                        | DT_RELENT
                ) {
                    *slot = val;
                }
            }
            writeln!(w, "{val} (bytes)")?;
        }
        DT_VERDEFNUM | DT_VERNEEDNUM | DT_RELACOUNT | DT_RELCOUNT => writeln!(w, "{val}")?,
        DT_SYMINSZ | DT_SYMINENT | DT_SYMINFO | DT_USED | DT_INIT_ARRAY | DT_FINI_ARRAY => {
            if tag == DT_USED {
                if let Some(n) = cx.dynamic.name(val).filter(|n| !n.is_empty()) {
                    w.extend_from_slice(b"Not needed object: [");
                    w.extend_from_slice(n);
                    w.extend_from_slice(b"]\n");
                    return Ok(());
                }
            }
            writeln!(w, "{}", hex(val))?;
        }
        DT_BIND_NOW => w.push(b'\n'),
        DT_GNU_PRELINKED => match iso_time(val as i64) {
            Some(t) => writeln!(w, "{t}")?,
            None => write!(w, "<corrupt time val: {val:x}")?,
        },
        DT_GNU_HASH => {
            cx.dynamic.gnu_hash = val;
            writeln!(w, "{}", hex(val))?;
        }
        _ => {
            if (DT_VERSYM..=DT_VERNEEDNUM).contains(&tag) {
                if let Some(slot) = usize::try_from(DT_VERNEEDNUM - tag)
                    .ok()
                    .and_then(|i| cx.dynamic.version_info.get_mut(i))
                {
                    *slot = val;
                }
            }
            if !cx.o.dynamic {
                return Ok(());
            }
            match cx.hdr.e_machine {
                EM_AARCH64 => {
                    if !matches!(tag, DT_AARCH64_BTI_PLT | DT_AARCH64_PAC_PLT) {
                        w.extend_from_slice(hex(val).as_bytes());
                    }
                    w.push(b'\n');
                }
                EM_MIPS | EM_MIPS_RS3_LE => mips_val(cx, tag, val, w)?,
                EM_PARISC => {
                    if tag == DT_HP_DLD_FLAGS {
                        w.extend_from_slice(parisc_flags(val).as_bytes());
                    } else {
                        w.extend_from_slice(hex(val).as_bytes());
                    }
                    w.push(b'\n');
                }
                EM_IA_64 => {
                    ia64_val(tag, val, is32, w)?;
                    w.push(b'\n');
                }
                _ => writeln!(w, "{}", hex(val))?,
            }
        }
    }
    Ok(())
}

/// GNU's `dynamic_section_mips_val`.
fn mips_val(cx: &mut Cx, tag: u64, val: u64, w: &mut Vec<u8>) -> io::Result<()> {
    let is32 = cx.is32();
    match tag {
        DT_MIPS_FLAGS => w.extend_from_slice(names::dt_mips_flags_text(val).as_bytes()),
        DT_MIPS_IVERSION => match cx.dynamic.name(val) {
            Some(n) => {
                w.extend_from_slice(b"Interface Version: ");
                w.extend_from_slice(n);
            }
            None => write!(w, "Interface Version: <corrupt: {val:x}>")?,
        },
        DT_MIPS_TIME_STAMP => {
            let t = iso_time(val as i64).unwrap_or_else(|| "<corrupt>".to_string());
            write!(w, "Time Stamp: {t}")?;
        }
        0x7000_0001 | 0x7000_000a | 0x7000_000b | 0x7000_0010 | 0x7000_0011 | 0x7000_0012
        | 0x7000_0014 | 0x7000_0018 | 0x7000_001a | 0x7000_001c | 0x7000_001e | 0x7000_0021
        | 0x7000_002f => w.extend_from_slice(vma(val, Vma::Dec, is32).as_bytes()),
        _ => {
            if tag == DT_MIPS_XHASH {
                cx.dynamic.mips_xhash = val;
                cx.dynamic.gnu_hash = val;
            }
            w.extend_from_slice(vma(val, Vma::PrefixHex, is32).as_bytes());
        }
    }
    w.push(b'\n');
    Ok(())
}

/// `DT_HP_DLD_FLAGS` words (GNU's `dynamic_section_parisc_val`).
pub(crate) fn parisc_flags(val: u64) -> String {
    const FLAGS: [(u64, &str); 17] = [
        (0x00001, "HP_DEBUG_PRIVATE"),
        (0x00002, "HP_DEBUG_CALLBACK"),
        (0x00004, "HP_DEBUG_CALLBACK_BOR"),
        (0x00008, "HP_NO_ENVVAR"),
        (0x00010, "HP_BIND_NOW"),
        (0x00020, "HP_BIND_NONFATAL"),
        (0x00040, "HP_BIND_VERBOSE"),
        (0x00080, "HP_BIND_RESTRICTED"),
        (0x00100, "HP_BIND_SYMBOLIC"),
        (0x00200, "HP_RPATH_FIRST"),
        (0x00400, "HP_BIND_DEPTH_FIRST"),
        (0x00800, "HP_GST"),
        (0x01000, "HP_SHLIB_FIXED"),
        (0x02000, "HP_MERGE_SHLIB_SEG"),
        (0x04000, "HP_NODELETE"),
        (0x08000, "HP_GROUP"),
        (0x10000, "HP_PROTECT_LINKAGE_TABLE"),
    ];
    let mut s = String::new();
    let mut v = val;
    let mut first = true;
    for (bit, name) in FLAGS {
        if v & bit != 0 {
            if !first {
                s.push(' ');
            }
            s.push_str(name);
            first = false;
            v ^= bit;
        }
    }
    if v != 0 || first {
        if !first {
            s.push(' ');
        }
        s.push_str(&format!("{v:x}"));
    }
    s
}

/// GNU's `dynamic_section_ia64_val` without the newline.
fn ia64_val(tag: u64, val: u64, is32: bool, w: &mut Vec<u8>) -> io::Result<()> {
    let hex = |v: u64| vma(v, Vma::PrefixHex, is32);
    match tag {
        DT_IA_64_PLT_RESERVE => write!(w, "{} -- {}", hex(val), hex(val.wrapping_add(24)))?,
        DT_IA_64_VMS_LINKTIME => {
            const VMS_EPOCH_OFFSET: i64 = 35_067_168_000_000_000;
            let t = val as i64;
            if t >= i64::MIN + VMS_EPOCH_OFFSET {
                let u = (t - VMS_EPOCH_OFFSET) / 10_000_000;
                if let Some(s) = iso_time(u) {
                    w.extend_from_slice(s.as_bytes());
                }
            }
        }
        DT_IA_64_VMS_LNKFLAGS => {
            w.extend_from_slice(hex(val).as_bytes());
            const LF: [(u64, &str); 15] = [
                (0x0001, " CALL_DEBUG"),
                (0x0002, " NOP0BUFS"),
                (0x0004, " P0IMAGE"),
                (0x0008, " MKTHREADS"),
                (0x0010, " UPCALLS"),
                (0x0020, " IMGSTA"),
                (0x0040, " INITIALIZE"),
                (0x0080, " MAIN"),
                (0x0200, " EXE_INIT"),
                (0x0400, " TBK_IN_IMG"),
                (0x0800, " DBG_IN_IMG"),
                (0x1000, " TBK_IN_DSF"),
                (0x2000, " DBG_IN_DSF"),
                (0x4000, " SIGNATURES"),
                (0x8000, " REL_SEG_OFF"),
            ];
            for (bit, s) in LF {
                if val & bit != 0 {
                    w.extend_from_slice(s.as_bytes());
                }
            }
        }
        _ => w.extend_from_slice(hex(val).as_bytes()),
    }
    Ok(())
}
