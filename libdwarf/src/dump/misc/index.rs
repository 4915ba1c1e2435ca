//! The index sections: `.debug_cu_index`/`.debug_tu_index`, `.gdb_index`,
//! `.debug_names`.

use std::io;

use super::{hex_ns, hx, introduce, Rd, KIND_NAMES};
use crate::dump::{Dumper, Section};

/// GNU's `get_DW_SECT_short_name`.
fn sect_name(s: u64) -> String {
    match s {
        1 => "info".into(),
        2 => "types".into(),
        3 => "abbrev".into(),
        4 => "line".into(),
        5 => "loc".into(),
        6 => "str_off".into(),
        7 => "macinfo".into(),
        8 => "macro".into(),
        _ => format!("{}", s as u32 as i32),
    }
}

/// GNU's `process_cu_tu_index` with `do_display`.
pub(super) fn display_cu_index(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let r = Rd::new(&sec.data, d.big_endian);
    let limit = r.len();
    if limit < 24 {
        d.warn(&format!(
            "Section {} is too small to contain a CU/TU header\n",
            sec.name
        ));
        return Ok(false);
    }
    let mut phash = 0usize;
    let version = r.get(&mut phash, 4, limit);
    let mut ncols = 0u64;
    if version >= 2 {
        ncols = r.get(&mut phash, 4, limit);
    }
    let nused = r.get(&mut phash, 4, limit);
    let nslots = r.get(&mut phash, 4, limit);
    introduce(d, sec, false)?;
    writeln!(d.out, "  Version:                 {version}")?;
    if version >= 2 {
        writeln!(d.out, "  Number of columns:       {ncols}")?;
    }
    writeln!(d.out, "  Number of used entries:  {nused}")?;
    writeln!(d.out, "  Number of slots:         {nslots}\n")?;
    let nslots_us = nslots as usize;
    if nslots.saturating_mul(12) > (limit - phash) as u64 {
        let s = if nslots == 1 { "slot" } else { "slots" };
        d.warn(&format!(
            "Section {} is too small for {nslots} {s}\n",
            sec.name
        ));
        return Ok(false);
    }
    let pindex = phash + nslots_us * 8;
    let ppool = pindex + nslots_us * 4;
    let sig = |i: usize| r.val(phash + i * 8, 8);
    let row_of = |i: usize| r.val(pindex + i * 4, 4);
    let mut out = String::new();
    if version == 1 {
        for i in 0..nslots_us {
            let signature = sig(i);
            if signature == 0 {
                continue;
            }
            let j = row_of(i) as usize;
            let mut list = ppool + j * 4;
            out.push_str(&format!(
                "  [{:3}] Signature:  {}  Sections: ",
                i,
                hx(signature)
            ));
            loop {
                if list >= limit {
                    d.out.write_all(out.as_bytes())?;
                    d.warn(&format!("Section {} too small for shndx pool\n", sec.name));
                    return Ok(false);
                }
                let shndx = r.peek(list, 4, limit);
                if shndx == 0 {
                    break;
                }
                out.push_str(&format!(" {}", shndx as u32 as i32));
                list += 4;
            }
            out.push('\n');
        }
    } else if version == 2 {
        let poffsets = ppool + ncols as usize * 4;
        let psizes = poffsets + (nused as usize).saturating_mul(ncols as usize * 4);
        let is_tu = sec.name == ".debug_tu_index";
        let total = (nused.wrapping_add(1)).saturating_mul(ncols.saturating_mul(4));
        if nused == 0xffff_ffff || total > (limit - ppool) as u64 {
            d.warn(&format!(
                "Section {} too small for offset and size tables\n",
                sec.name
            ));
            return Ok(false);
        }
        let ncols = ncols as usize;
        let label = if is_tu { "signature" } else { "dwo_id" };
        let heads: String = (0..ncols)
            .map(|j| format!(" {:>8}", sect_name(r.peek(ppool + j * 4, 4, limit))))
            .collect();
        // The slots in use and their rows.
        let used = || {
            (0..nslots_us)
                .map(|i| (i, row_of(i)))
                .filter(|&(_, row)| row != 0)
        };
        out.push_str("  Offset table\n");
        out.push_str(&format!("  slot  {label:<16}  {heads}\n"));
        for (i, row) in used() {
            if row > nused {
                d.out.write_all(out.as_bytes())?;
                d.warn(&format!(
                    "Row index ({row}) is larger than number of used entries ({nused})\n"
                ));
                return Ok(false);
            }
            let prow = poffsets + (row as usize - 1) * ncols * 4;
            out.push_str(&format!("  [{:3}] {}", i, hx(sig(i))));
            for j in 0..ncols {
                let v = r.peek(prow + j * 4, 4, limit);
                out.push_str(&format!(" {:8}", v as u32 as i32));
            }
            out.push('\n');
        }
        out.push_str("\n  Size table\n");
        out.push_str(&format!("  slot  {label:<16}  {heads}\n"));
        for (i, row) in used() {
            let prow = psizes + (row as usize - 1) * ncols * 4;
            out.push_str(&format!("  [{:3}] {}", i, hx(sig(i))));
            for j in 0..ncols {
                let p = prow + j * 4;
                if limit < 4 || p > limit - 4 {
                    out.push('\n');
                    d.out.write_all(out.as_bytes())?;
                    d.warn(&format!(
                        "Too many rows/columns in DWARF index section {}\n",
                        sec.name
                    ));
                    return Ok(false);
                }
                let v = r.peek(p, 4, limit);
                out.push_str(&format!(" {:8}", v as u32 as i32));
            }
            out.push('\n');
        }
    } else {
        out.push_str(&format!(
            "  Unsupported version ({})\n",
            version as u32 as i32
        ));
    }
    out.push('\n');
    d.out.write_all(out.as_bytes())?;
    Ok(true)
}

/// GNU's `display_gdb_index`.
pub(super) fn display_gdb_index(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    introduce(d, sec, false)?;
    let r = Rd::new(&sec.data, false);
    let size = r.len();
    if size < 24 {
        d.warn(&format!("Truncated header in the {} section.\n", sec.name));
        return Ok(false);
    }
    let version = r.val(0, 4);
    writeln!(d.out, "Version {version}")?;
    if !(3..=8).contains(&version) {
        d.warn(&format!("Unsupported version {version}.\n"));
        return Ok(false);
    }
    if version < 4 {
        d.warn("The address table data in version 3 may be wrong.\n");
    }
    if version < 5 {
        d.warn("Version 4 does not support case insensitive lookups.\n");
    }
    if version < 6 {
        d.warn("Version 5 does not include inlined functions.\n");
    }
    if version < 7 {
        d.warn("Version 6 does not include symbol attributes.\n");
    }
    let cu_list = r.val(4, 4) as usize;
    let tu_list = r.val(8, 4) as usize;
    let addr_tab = r.val(12, 4) as usize;
    let sym_tab = r.val(16, 4) as usize;
    let pool = r.val(20, 4) as usize;
    if cu_list > size
        || tu_list > size
        || addr_tab > size
        || sym_tab > size
        || pool > size
        || tu_list < cu_list
        || addr_tab < tu_list
        || sym_tab < addr_tab
        || pool < sym_tab
    {
        d.warn(&format!("Corrupt header in the {} section.\n", sec.name));
        return Ok(false);
    }
    let cu_n = (tu_list - cu_list) / 16;
    let tu_n = (addr_tab - tu_list) / 24;
    let addr_n = (sym_tab - addr_tab) / 20;
    let slots = (pool - sym_tab) / 8;
    let mut out = String::from("\nCU table:\n");
    for i in 0..cu_n {
        let off = r.val(cu_list + i * 16, 8);
        let len = r.val(cu_list + i * 16 + 8, 8);
        out.push_str(&format!(
            "[{:3}] {} - {}\n",
            i,
            hx(off),
            hx(off.wrapping_add(len).wrapping_sub(1))
        ));
    }
    out.push_str("\nTU table:\n");
    for i in 0..tu_n {
        let b = tu_list + i * 24;
        out.push_str(&format!(
            "[{:3}] {} {} {}\n",
            i,
            hx(r.val(b, 8)),
            hx(r.val(b + 8, 8)),
            hex_ns(r.val(b + 16, 8), 8)
        ));
    }
    out.push_str("\nAddress table:\n");
    for i in 0..addr_n {
        let b = addr_tab + i * 20;
        out.push_str(&format!(
            "{} {} {}\n",
            hex_ns(r.val(b, 8), 8),
            hex_ns(r.val(b + 8, 8), 8),
            r.val(b + 16, 4)
        ));
    }
    out.push_str("\nSymbol table:\n");
    d.out.write_all(out.as_bytes())?;
    out.clear();
    let pool_size = size - pool;
    for i in 0..slots {
        let name_offset = r.val(sym_tab + i * 8, 4) as usize;
        let cu_vec = r.val(sym_tab + i * 8 + 4, 4) as usize;
        if name_offset == 0 && cu_vec == 0 {
            continue;
        }
        if name_offset >= pool_size {
            out.push_str(&format!("[{i:3}] <corrupt offset: {name_offset:x}>"));
            d.out.write_all(out.as_bytes())?;
            out.clear();
            d.warn(&format!(
                "Corrupt name offset of 0x{name_offset:x} found for symbol table slot {i}\n"
            ));
        } else {
            out.push_str(&format!("[{i:3}] "));
            let name = r.cstr(pool + name_offset, size);
            out.push_str(&String::from_utf8_lossy(name));
            out.push(':');
        }
        if pool_size < 4 || cu_vec > pool_size - 4 {
            out.push_str(&format!("<invalid CU vector offset: {cu_vec:x}>\n"));
            d.out.write_all(out.as_bytes())?;
            out.clear();
            d.warn(&format!(
                "Corrupt CU vector offset of 0x{cu_vec:x} found for symbol table slot {i}\n"
            ));
            continue;
        }
        let num = r.val(pool + cu_vec, 4);
        if num.saturating_mul(4) > (size - (pool + cu_vec + 4)) as u64 {
            out.push_str(&format!("<invalid number of CUs: {}>\n", num as u32 as i32));
            d.out.write_all(out.as_bytes())?;
            out.clear();
            d.warn(&format!(
                "Invalid number of CUs (0x{num:x}) for symbol table slot {i}\n"
            ));
            continue;
        }
        if num > 1 {
            out.push('\n');
        }
        for j in 0..num as usize {
            let cu = r.val(pool + cu_vec + 4 + j * 4, 4);
            let is_static = (cu >> 31) & 1 != 0;
            let kind = ((cu >> 28) & 7) as usize;
            let cu = cu & 0x00ff_ffff;
            let sep = if num > 1 { '\t' } else { ' ' };
            if cu >= cu_n as u64 {
                out.push_str(&format!("{sep}T{}", cu - cu_n as u64));
            } else {
                out.push_str(&format!("{sep}{cu}"));
            }
            out.push_str(&format!(
                " [{}, {}]",
                if is_static { "static" } else { "global" },
                KIND_NAMES.get(kind).copied().unwrap_or("")
            ));
            if num > 1 {
                out.push('\n');
            }
        }
        if num <= 1 {
            out.push('\n');
        }
        if out.len() > 1 << 16 {
            d.out.write_all(out.as_bytes())?;
            out.clear();
        }
    }
    d.out.write_all(out.as_bytes())?;
    Ok(true)
}

/// GNU's `display_debug_names`.
pub(super) fn display_debug_names(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    super::names::display(d, sec)
}
