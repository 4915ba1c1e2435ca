//! `-V`: symbol versioning sections (GNU's `process_version_sections`): the version
//! definitions (`SHT_GNU_verdef`), the versions needed (`SHT_GNU_verneed`) and the
//! per-symbol version table (`SHT_GNU_versym`).

use std::io::{self, Write};

use libelf::consts::{SHT_GNU_VERDEF, SHT_GNU_VERNEED, SHT_GNU_VERSYM};
use libelf::names::version_flags_text;
use libelf::read::{read_uint, SectionHeader};

use crate::display::symtab_load::{
    cstr, get_elf_symbols, VERDAUX_SIZE, VERDEF_IDX, VERDEF_SIZE, VERNAUX_SIZE, VERNEED_IDX,
    VERNEED_SIZE, VERSYM_IDX,
};
use crate::display::vma::offset_from_vma;
use crate::util::alt_hex06;
use crate::Cx;

/// A field of a record in `data` at `off` (0 if out of range: callers check bounds first).
fn get(cx: &Cx, data: &[u8], off: u64, width: usize) -> u64 {
    usize::try_from(off)
        .ok()
        .and_then(|o| read_uint(data, o, width, cx.endian()).ok())
        .unwrap_or(0)
}

/// The fields of the record at `off` in `data`, of the widths `layout` gives one after
/// another (as [`get`] reads each).
fn fields<const N: usize>(cx: &Cx, data: &[u8], off: u64, layout: [usize; N]) -> [u64; N] {
    let mut at = off;
    layout.map(|width| {
        let v = get(cx, data, at, width);
        at += width as u64;
        v
    })
}

/// GNU's `process_version_sections`.
pub fn process_version_sections(cx: &mut Cx) -> io::Result<bool> {
    if !cx.o.version || !cx.sections_ok {
        return Ok(true);
    }
    let mut found = false;
    for i in 0..cx.sections().len() {
        let Some(sh) = cx.sections().get(i).copied() else {
            break;
        };
        match sh.sh_type {
            SHT_GNU_VERDEF => {
                found = true;
                verdef(cx, &sh)?;
            }
            SHT_GNU_VERNEED => {
                found = true;
                verneed(cx, &sh)?;
            }
            SHT_GNU_VERSYM => versym(cx, &sh, &mut found)?,
            _ => {}
        }
    }
    if !found {
        writeln!(cx.out, "\nNo version information found in this file.")?;
    }
    Ok(true)
}

/// The `Addr:`/`Offset:`/`Link:` line under a section title.
fn addr_line(cx: &mut Cx, sh: &SectionHeader, link_name: &str) -> io::Result<()> {
    writeln!(
        cx.out,
        " Addr: 0x{:016x}  Offset: 0x{:08x}  Link: {} ({link_name})",
        sh.sh_addr, sh.sh_offset, sh.sh_link
    )
}

fn entries(n: u64) -> &'static str {
    if n == 1 {
        "entry"
    } else {
        "entries"
    }
}

/// The title and `Addr:` lines of a verdef or verneed section, then its bytes (`None`,
/// with GNU's error, when they are not in the file).
fn heading<'d>(
    cx: &mut Cx<'_, 'd, '_>,
    sh: &SectionHeader,
    title: &str,
    what: &str,
) -> io::Result<Option<&'d [u8]>> {
    let info = u64::from(sh.sh_info);
    writeln!(
        cx.out,
        "\n{title} '{}' contains {info} {}:",
        cx.printable_section_name(sh),
        entries(info)
    )?;
    let link = cx.printable_section_name_from_index(u64::from(sh.sh_link));
    addr_line(cx, sh, &link)?;
    Ok(cx.get_data(sh.sh_offset, 1, sh.sh_size, Some(what)))
}

/// A `*_next` field: its name (for the warning) and the size of its record.
type NextField = (&'static str, u64);

const VD_NEXT: NextField = ("vd_next", VERDEF_SIZE);
const VDA_NEXT: NextField = ("vda_next", VERDAUX_SIZE);
const VN_NEXT: NextField = ("vn_next", VERNEED_SIZE);
const VNA_NEXT: NextField = ("vna_next", VERNAUX_SIZE);

/// One step of GNU's walk along a `*_next` link from record `count` of `limit` at `*pos`.
/// A link shorter than a record (other than the 0 of the last entry) writes the lines
/// so far, warns, sets `count` to `limit` and stops the walk; a link past the end of the
/// section (`size`) stops it; otherwise `*pos` moves on by `next`. Returns whether the
/// walk goes on.
fn follow(
    cx: &mut Cx,
    w: &mut Vec<u8>,
    (&(name, record), next): (&NextField, u64),
    (count, limit): (&mut u64, u64),
    pos: &mut u64,
    size: u64,
) -> io::Result<bool> {
    let last = *count + 1 == limit;
    if next < record && !(last && next == 0) {
        cx.out.write_all(w)?;
        w.clear();
        cx.diag
            .warn(format_args!("Invalid {name} field of {next:x}\n"));
        *count = limit;
        return Ok(false);
    }
    if next > size - *pos {
        return Ok(false);
    }
    *pos += next;
    Ok(true)
}

/// GNU's walk over the `sh_info` records of a version section, each linked to the next
/// by the field `link` names: `record` shows the record at the offset it gets into `w`
/// and returns the link's value (`None`: the walk stops there). Returns how many records
/// were walked.
fn walk(
    cx: &mut Cx,
    sh: &SectionHeader,
    w: &mut Vec<u8>,
    link: &NextField,
    mut record: impl FnMut(&mut Cx, &mut Vec<u8>, u64) -> io::Result<Option<u64>>,
) -> io::Result<u64> {
    let (info, size) = (u64::from(sh.sh_info), sh.sh_size);
    let mut idx = 0u64;
    let mut cnt = 0u64;
    while cnt < info {
        if idx + link.1 > size {
            break;
        }
        let Some(next) = record(cx, w, idx)? else {
            break;
        };
        if !follow(cx, w, (link, next), (&mut cnt, info), &mut idx, size)? {
            break;
        }
        cnt += 1;
    }
    Ok(cnt)
}

/// One `SHT_GNU_verdef` section.
fn verdef(cx: &mut Cx, sh: &SectionHeader) -> io::Result<()> {
    let info = u64::from(sh.sh_info);
    let Some(edefs) = heading(
        cx,
        sh,
        "Version definition section",
        "version definition section",
    )?
    else {
        return Ok(());
    };
    let size = sh.sh_size;
    let mut w = Vec::new();
    let cnt = walk(cx, sh, &mut w, &VD_NEXT, |cx, w, idx| {
        let mut vstart = idx;
        let [vd_version, vd_flags, vd_ndx, vd_cnt, _hash, vd_aux, vd_next] =
            fields(cx, edefs, vstart, [2, 2, 2, 2, 4, 4, 4]);
        write!(
            w,
            "  {}: Rev: {vd_version}  Flags: {}  Index: {vd_ndx}  Cnt: {vd_cnt}  ",
            alt_hex06(idx),
            version_flags_text(vd_flags as u16)
        )?;
        if vd_aux > size - vstart {
            return Ok(None);
        }
        vstart += vd_aux;
        if vstart + VERDAUX_SIZE > size {
            return Ok(None);
        }
        let mut vda_name = get(cx, edefs, vstart, 4);
        let mut vda_next = get(cx, edefs, vstart + 4, 4);
        match cx.dynamic.name(vda_name) {
            Some(n) => {
                w.extend_from_slice(b"Name: ");
                w.extend_from_slice(n);
                w.push(b'\n');
            }
            None => writeln!(w, "Name index: {vda_name}")?,
        }
        let mut isum = idx + vd_aux;
        let mut j = 1u64;
        while j < vd_cnt {
            let link = (&VDA_NEXT, vda_next);
            if !follow(cx, w, link, (&mut j, vd_cnt), &mut vstart, size)? {
                break;
            }
            isum += vda_next;
            if vstart + VERDAUX_SIZE > size {
                break;
            }
            vda_name = get(cx, edefs, vstart, 4);
            vda_next = get(cx, edefs, vstart + 4, 4);
            match cx.dynamic.name(vda_name) {
                Some(n) => {
                    write!(w, "  {}: Parent {j}: ", alt_hex06(isum))?;
                    w.extend_from_slice(n);
                    w.push(b'\n');
                }
                None => writeln!(
                    w,
                    "  {}: Parent {j}, name index: {vda_name}",
                    alt_hex06(isum)
                )?,
            }
            j += 1;
        }
        if j < vd_cnt {
            w.extend_from_slice(b"  Version def aux past end of section\n");
        }
        Ok(Some(vd_next))
    })?;
    if cnt < info {
        w.extend_from_slice(b"  Version definition past end of section\n");
    }
    cx.out.write_all(&w)
}

/// One `SHT_GNU_verneed` section.
fn verneed(cx: &mut Cx, sh: &SectionHeader) -> io::Result<()> {
    let info = u64::from(sh.sh_info);
    let Some(eneed) = heading(cx, sh, "Version needs section", "Version Needs section")? else {
        return Ok(());
    };
    let size = sh.sh_size;
    let mut w = Vec::new();
    let cnt = walk(cx, sh, &mut w, &VN_NEXT, |cx, w, idx| {
        let mut vstart = idx;
        let [vn_version, vn_cnt, vn_file, vn_aux, vn_next] =
            fields(cx, eneed, vstart, [2, 2, 4, 4, 4]);
        write!(w, "  {}: Version: {vn_version}", alt_hex06(idx))?;
        match cx.dynamic.name(vn_file) {
            Some(n) => {
                w.extend_from_slice(b"  File: ");
                w.extend_from_slice(n);
            }
            None => write!(w, "  File: {vn_file:x}")?,
        }
        writeln!(w, "  Cnt: {vn_cnt}")?;
        if vn_aux > size - vstart {
            return Ok(None);
        }
        vstart += vn_aux;
        let mut isum = idx + vn_aux;
        let mut j = 0u64;
        while j < vn_cnt {
            if vstart + VERNAUX_SIZE > size {
                break;
            }
            let [_hash, vna_flags, vna_other, vna_name, vna_next] =
                fields(cx, eneed, vstart, [4, 2, 2, 4, 4]);
            match cx.dynamic.name(vna_name) {
                Some(n) => {
                    write!(w, "  {}:   Name: ", alt_hex06(isum))?;
                    w.extend_from_slice(n);
                }
                None => write!(w, "  {}:   Name index: {vna_name:x}", alt_hex06(isum))?,
            }
            writeln!(
                w,
                "  Flags: {}  Version: {vna_other}",
                version_flags_text(vna_flags as u16)
            )?;
            let link = (&VNA_NEXT, vna_next);
            if !follow(cx, w, link, (&mut j, vn_cnt), &mut vstart, size)? {
                break;
            }
            isum += vna_next;
            j += 1;
        }
        if j < vn_cnt {
            cx.out.write_all(w)?;
            w.clear();
            cx.diag.warn(format_args!(
                "Missing Version Needs auxiliary information\n"
            ));
        }
        Ok(Some(vn_next))
    })?;
    cx.out.write_all(&w)?;
    if cnt < info {
        cx.diag
            .warn(format_args!("Missing Version Needs information\n"));
    }
    Ok(())
}

/// A chain of version records GNU searches for a symbol's version: records of `record`
/// bytes (read as `what`), each with a 4-byte link to the next at `next_at` and a 2-byte
/// key at `key_at`.
struct Chain {
    record: u64,
    what: &'static str,
    next_at: u64,
    key_at: u64,
}

/// Where a search along a [`Chain`] stopped: the last record read, its link and its key.
struct Found<'d> {
    record: Option<&'d [u8]>,
    next: u64,
    key: u64,
}

impl Chain {
    /// GNU's walk from `offset` to the record whose key is `want` or the end of the chain
    /// (a zero link, or a record that cannot be read, whose key is then `missing`).
    /// Returns the offset after the last link followed, and where the walk stopped.
    fn find<'d>(
        &self,
        cx: &mut Cx<'_, 'd, '_>,
        mut offset: u64,
        want: u64,
        missing: u64,
    ) -> (u64, Found<'d>) {
        let mut found = Found {
            record: None,
            next: 0,
            key: missing,
        };
        while let Some(r) = cx.get_data(offset, self.record, 1, Some(self.what)) {
            found.next = get(cx, r, self.next_at, 4);
            found.key = get(cx, r, self.key_at, 2);
            found.record = Some(r);
            offset = offset.wrapping_add(found.next);
            if found.key == want || found.next == 0 {
                return (offset, found);
            }
        }
        found.next = 0;
        found.key = missing;
        (offset, found)
    }
}

/// The name GNU finds for versym value `d` through `DT_VERNEED` and `DT_VERDEF`
/// (`None`: no name; `Err(())`: GNU stops before printing the name and the padding).
fn versym_name<'d>(
    cx: &mut Cx<'_, 'd, '_>,
    d: u16,
    strtab: &'d [u8],
    str_size: u64,
) -> Result<Option<&'d [u8]>, ()> {
    const INVALID: &[u8] = b"*invalid*";
    let mut name: Option<&'d [u8]> = None;
    let mut invalid = false;
    let verneed = cx.dynamic.version_info[VERNEED_IDX];
    if verneed != 0 {
        let mut offset = offset_from_vma(cx, verneed, VERNEED_SIZE);
        while let Some(evn) = cx.get_data(offset, VERNEED_SIZE, 1, Some("version need")) {
            let vn_aux = get(cx, evn, 8, 4);
            let vn_next = get(cx, evn, 12, 4);
            let aux = Chain {
                record: VERNAUX_SIZE,
                what: "version need aux (2)",
                next_at: 12,
                key_at: 6,
            };
            let (_, found) = aux.find(cx, offset.wrapping_add(vn_aux), u64::from(d), 0);
            if found.key == u64::from(d) {
                let vna_name = found.record.map_or(0, |a| get(cx, a, 8, 4));
                if vna_name >= str_size {
                    invalid = true;
                    name = Some(INVALID);
                } else {
                    name = Some(cstr(strtab, vna_name));
                }
                break;
            }
            offset = offset.wrapping_add(vn_next);
            if vn_next == 0 {
                break;
            }
        }
    }
    let verdef = cx.dynamic.version_info[VERDEF_IDX];
    let want = u64::from(d & 0x7fff);
    if d != 0x8001 && verdef != 0 {
        let defs = Chain {
            record: VERDEF_SIZE,
            what: "version def",
            next_at: 16,
            key_at: 4,
        };
        let start = offset_from_vma(cx, verdef, VERDEF_SIZE);
        let (offset, found) = defs.find(cx, start, want, want + 1);
        if found.key == want {
            let vd_aux = found.record.map_or(0, |r| get(cx, r, 12, 4));
            let at = offset.wrapping_sub(found.next).wrapping_add(vd_aux);
            let Some(evda) = cx.get_data(at, VERDAUX_SIZE, 1, Some("version def aux")) else {
                return Err(());
            };
            let vda_name = get(cx, evda, 0, 4);
            if vda_name >= str_size {
                name = Some(INVALID);
            } else if name.is_some() && !invalid {
                name = Some(b"*both*");
            } else {
                name = Some(cstr(strtab, vda_name));
            }
        }
    }
    Ok(name)
}

/// One `SHT_GNU_versym` section.
fn versym(cx: &mut Cx, sh: &SectionHeader, found: &mut bool) -> io::Result<()> {
    let shnum = cx.sections().len() as u64;
    if u64::from(sh.sh_link) >= shnum {
        return Ok(());
    }
    let Some(link_section) = cx.sections().get(sh.sh_link as usize).copied() else {
        return Ok(());
    };
    let total = sh.sh_size / 2;
    if u64::from(link_section.sh_link) >= shnum {
        return Ok(());
    }
    *found = true;
    let Some(symbols) = get_elf_symbols(cx, &link_section) else {
        return Ok(());
    };
    let num_syms = symbols.len() as u64;
    let Some(string_sec) = cx.sections().get(link_section.sh_link as usize).copied() else {
        return Ok(());
    };
    let Some(strtab) = cx.get_data(
        string_sec.sh_offset,
        1,
        string_sec.sh_size,
        Some("version string table"),
    ) else {
        return Ok(());
    };
    writeln!(
        cx.out,
        "\nVersion symbols section '{}' contains {total} {}:",
        cx.printable_section_name(sh),
        entries(total)
    )?;
    let link = cx.printable_section_name(&link_section);
    addr_line(cx, sh, &link)?;
    let off = offset_from_vma(
        cx,
        cx.dynamic.version_info[VERSYM_IDX],
        total.wrapping_mul(2),
    );
    let Some(edata) = cx.get_data(off, 2, total, Some("version symbol data")) else {
        return Ok(());
    };
    let str_size = string_sec.sh_size;
    let mut w = Vec::new();
    let mut cnt = 0u64;
    while cnt < total {
        write!(w, "  {cnt:03x}:")?;
        let mut j = 0u64;
        while j < 4 && cnt + j < total {
            let d = get(cx, edata, (cnt + j) * 2, 2) as u16;
            j += 1;
            match d {
                0 => w.extend_from_slice(b"   0 (*local*)    "),
                1 => w.extend_from_slice(b"   1 (*global*)   "),
                _ => {
                    write!(
                        w,
                        "{:4x}{}",
                        d & 0x7fff,
                        if d & 0x8000 != 0 { 'h' } else { ' ' }
                    )?;
                    let mut nn = 5usize;
                    if cnt + j > num_syms {
                        cx.out.write_all(&w)?;
                        w.clear();
                        cx.diag
                            .warn(format_args!("invalid index into symbol array\n"));
                        continue;
                    }
                    let Ok(name) = versym_name(cx, d, strtab, str_size) else {
                        continue;
                    };
                    if let Some(name) = name {
                        let pad = 12 - name.len() as i64;
                        let width = pad.unsigned_abs().max(1) as usize;
                        w.push(b'(');
                        w.extend_from_slice(name);
                        write!(w, "{:<width$}", ")")?;
                        nn += 1 + name.len() + width;
                    }
                    if nn < 18 {
                        write!(w, "{:>pad$}", ' ', pad = 18 - nn)?;
                    }
                }
            }
        }
        w.push(b'\n');
        cnt += 4;
        if w.len() > 1 << 16 {
            cx.out.write_all(&w)?;
            w.clear();
        }
    }
    cx.out.write_all(&w)
}
