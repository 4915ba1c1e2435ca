//! GNU's `load_debug_info` as far as these displays need it: the units of
//! `.debug_info` (or `.debug_info.dwo`) with their `DW_AT_addr_base`, and the
//! `DW_AT_dwo_name`/`DW_AT_comp_dir`/`DW_AT_GNU_dwo_id` links of split units.

use gimli::{AttributeValue, DebugInfoOffset, EndianSlice, RunTimeEndian};

use super::{hx, Rd};
use crate::dump::{Dumper, Section};

/// One unit of GNU's `debug_information` table.
#[derive(Debug, Clone, Default)]
pub(crate) struct UnitRec {
    /// Offset of the unit header.
    pub(crate) cu_offset: u64,
    /// Address size (GNU's `pointer_size`).
    pub(crate) pointer_size: u8,
    /// The unit's DWARF version.
    pub(crate) version: u16,
    /// `DW_AT_addr_base`/`DW_AT_GNU_addr_base`, if seen.
    pub(crate) addr_base: Option<u64>,
}

/// What the DWO links of a unit say (GNU's `dwo_info` entries, in DIE order).
#[derive(Debug, Clone)]
pub(crate) enum DwoItem {
    /// `DW_AT_dwo_name`/`DW_AT_GNU_dwo_name`.
    Name(Vec<u8>),
    /// `DW_AT_comp_dir`.
    Dir(Vec<u8>),
    /// `DW_AT_GNU_dwo_id` (8 bytes as stored).
    Id(Vec<u8>),
}

/// The result of GNU's `load_debug_info` for one file.
#[derive(Debug, Clone, Default)]
pub struct InfoScan {
    /// `None`: GNU's `DEBUG_INFO_UNAVAILABLE`.
    pub(crate) units: Option<Vec<UnitRec>>,
    /// DWO link attributes: (unit offset, item), in DIE order.
    pub(crate) dwo: Vec<(u64, DwoItem)>,
}

/// GNU's `load_debug_info`: scan `.debug_info` (else `.debug_info.dwo`) once per file.
pub(crate) fn load_debug_info(d: &mut Dumper<'_, '_>) -> InfoScan {
    if let Some(s) = &d.state.misc.info {
        return s.clone();
    }
    let mut scan = InfoScan::default();
    let mut found = false;
    for (info, abbrev) in [
        (".debug_info", ".debug_abbrev"),
        (".debug_info.dwo", ".debug_abbrev.dwo"),
    ] {
        if let Some(sec) = d.load(info) {
            if let Some(s) = scan_info(d, &sec, abbrev) {
                scan = s;
                found = true;
                break;
            }
        }
    }
    if !found {
        // GNU's one `load_debug_info` is not tried again once it has failed.
        d.state.info.unavailable = true;
    }
    d.state.misc.info = Some(scan.clone());
    scan
}

/// GNU's `process_debug_info` with `do_loc`: the unit table, or `None` after GNU's
/// warning when the section cannot be walked.
pub(crate) fn scan_info(
    d: &mut Dumper<'_, '_>,
    sec: &Section<'_>,
    abbrev_name: &str,
) -> Option<InfoScan> {
    let r = Rd::new(&sec.data, d.big_endian);
    let end = r.len();
    // First pass: count the units, checking their lengths.
    let mut p = 0usize;
    let mut num_units = 0usize;
    while p < end {
        let mut length = r.get(&mut p, 4, end);
        if length == 0xffff_ffff {
            length = r.get(&mut p, 8, end);
        } else if (0xffff_fff0..0xffff_ffff).contains(&length) {
            d.warn(&format!(
                "Reserved length value ({}) found in section {}\n",
                hx(length),
                sec.name
            ));
            return None;
        }
        if length > (end - p) as u64 {
            d.warn(&format!(
                "Corrupt unit length (got {} expected at most {}) in section {}\n",
                hx(length),
                hx((end - p) as u64),
                sec.name
            ));
            return None;
        }
        p += length as usize;
        num_units += 1;
    }
    if num_units == 0 {
        d.error(&format!("No comp units in {} section ?\n", sec.name));
        return None;
    }
    // GNU's `process_debug_info` loads these (the lists for their bases, which this
    // scan does not need) and reads strings from whatever is loaded.
    let abbrev = d.load(abbrev_name);
    for n in [
        ".debug_loclists",
        ".debug_rnglists",
        ".debug_loclists.dwo",
        ".debug_rnglists.dwo",
    ] {
        let _ = d.load(n);
    }
    let Some(abbrev) = abbrev else {
        d.warn(&format!("Unable to locate {abbrev_name} section!\n"));
        return None;
    };
    let str_sec = d.peek(".debug_str");
    let line_str_sec = d.peek(".debug_line_str");
    let stroff_sec = d.peek(".debug_str_offsets");

    let endian = if d.big_endian {
        RunTimeEndian::Big
    } else {
        RunTimeEndian::Little
    };
    let debug_info = gimli::DebugInfo::new(&sec.data, endian);
    let debug_abbrev = gimli::DebugAbbrev::new(&abbrev.data, endian);

    let mut units = Vec::new();
    let mut dwo = Vec::new();
    let mut need_dwo = false;
    let mut start = 0usize;
    let mut do_types = false;
    while start < end {
        let cu_offset = start as u64;
        let mut hp = start;
        let (length, offset_size) = r.initial_length(&mut hp, end);
        let end_cu = hp.saturating_add(length as usize).min(end);
        let version = r.get(&mut hp, 2, end_cu) as u16;
        let mut unit_type = 1u64;
        let mut pointer_size: i64 = -1;
        if version >= 5 {
            unit_type = r.get(&mut hp, 1, end_cu);
            do_types = unit_type == 2;
            pointer_size = r.get(&mut hp, 1, end_cu) as i64;
        }
        let _abbrev_offset = r.get(&mut hp, offset_size, end_cu);
        if version < 5 {
            pointer_size = r.get(&mut hp, 1, end_cu) as i64;
        }
        if !(2..=8).contains(&pointer_size) {
            d.warn(&format!(
                "Invalid pointer size ({pointer_size}) in compunit header, using {offset_size} instead\n"
            ));
            pointer_size = offset_size as i64;
        }
        start = end_cu.max(start + 1);
        let index = units.len();
        units.push(UnitRec::default());
        if !do_types {
            if let Some(u) = units.get_mut(index) {
                *u = UnitRec {
                    cu_offset,
                    pointer_size: pointer_size as u8,
                    version,
                    addr_base: None,
                };
            }
        }
        if !(2..=5).contains(&version) {
            d.warn(&format!(
                "CU at offset {} contains corrupt or unsupported version number: {version}.\n",
                hx(cu_offset)
            ));
            continue;
        }
        if !matches!(unit_type, 1..=5) {
            d.warn(&format!(
                "CU at offset {} contains corrupt or unsupported unit type: {unit_type}.\n",
                hx(cu_offset)
            ));
            continue;
        }
        // The root DIE's attributes, through gimli.
        let Ok(header) = debug_info.header_from_offset(DebugInfoOffset(cu_offset as usize)) else {
            continue;
        };
        let Ok(abbrevs) = header.abbreviations(&debug_abbrev) else {
            continue;
        };
        let mut cursor = header.entries(&abbrevs);
        let Ok(Some((_, root))) = cursor.next_dfs() else {
            continue;
        };
        if matches!(root.tag().0, 0x11 | 0x4a) {
            need_dwo = true;
        }
        // GNU skips the units that end before --dwarf-start, their links to .dwo
        // files included.
        let unit_end = cu_offset.wrapping_add(header.length_including_self() as u64);
        if d.opts.start.is_some_and(|start| unit_end <= start) {
            need_dwo = false;
        }
        let specs: Vec<u16> = abbrevs
            .get(root.code())
            .map(|a| a.attributes().iter().map(|s| s.form().0).collect())
            .unwrap_or_default();
        let mut str_offsets_base = 0u64;
        let mut attrs = root.attrs();
        let mut guard = 0usize;
        while let Ok(Some(attr)) = attrs.next() {
            let form = specs.get(guard).copied().unwrap_or(0);
            guard += 1;
            if guard > 10_000 {
                break;
            }
            let v = attr.raw_value();
            match attr.name().0 {
                0x73 | 0x2133 => {
                    if let (Some(u), Some(b)) = (units.get_mut(index), uval(&v)) {
                        if !do_types {
                            u.addr_base = Some(b);
                        }
                    }
                }
                0x72 => {
                    if let Some(b) = uval(&v) {
                        str_offsets_base = b;
                    }
                }
                0x76 | 0x2130 | 0x1b if need_dwo => {
                    let s = match v {
                        AttributeValue::DebugStrRef(o) => {
                            Some(cstr_at(str_sec.as_ref(), o.0 as u64))
                        }
                        AttributeValue::DebugLineStrRef(o) if attr.name().0 == 0x1b => {
                            Some(cstr_at(line_str_sec.as_ref(), o.0 as u64))
                        }
                        AttributeValue::DebugStrOffsetsIndex(i) => Some(super::indexed_string(
                            d,
                            stroff_sec.as_ref(),
                            str_sec.as_ref(),
                            false,
                            i.0 as u64,
                            offset_size as u64,
                            str_offsets_base,
                        )),
                        AttributeValue::String(s) => Some(s.slice().to_vec()),
                        _ => None,
                    };
                    match s {
                        Some(s) if attr.name().0 == 0x1b => dwo.push((cu_offset, DwoItem::Dir(s))),
                        Some(s) => dwo.push((cu_offset, DwoItem::Name(s))),
                        None => d.warn(&format!(
                            "Unsupported form ({}) for attribute {}\n",
                            super::form_name(u64::from(form)),
                            attr.name().static_string().unwrap_or("<unknown>")
                        )),
                    }
                }
                0x2131 if need_dwo => {
                    if let AttributeValue::Data8(x) = v {
                        let b = if d.big_endian {
                            x.to_be_bytes()
                        } else {
                            x.to_le_bytes()
                        };
                        dwo.push((cu_offset, DwoItem::Id(b.to_vec())));
                    }
                }
                _ => {}
            }
        }
    }
    Some(InfoScan {
        units: Some(units),
        dwo,
    })
}

/// An attribute's value as GNU's `uvalue`.
fn uval(v: &AttributeValue<EndianSlice<'_, RunTimeEndian>>) -> Option<u64> {
    Some(match *v {
        AttributeValue::Data1(x) => u64::from(x),
        AttributeValue::Data2(x) => u64::from(x),
        AttributeValue::Data4(x) => u64::from(x),
        AttributeValue::Data8(x) => x,
        AttributeValue::Udata(x) => x,
        AttributeValue::Sdata(x) => x as u64,
        AttributeValue::SecOffset(x) => x as u64,
        AttributeValue::DebugAddrBase(x) => x.0 as u64,
        AttributeValue::DebugStrOffsetsBase(x) => x.0 as u64,
        _ => return None,
    })
}

/// GNU's `fetch_indirect_string` (quietly).
fn cstr_at(sec: Option<&Section<'_>>, offset: u64) -> Vec<u8> {
    let Some(s) = sec else {
        return b"<no .debug_str section>".to_vec();
    };
    if offset >= s.data.len() as u64 {
        return b"<offset is too big>".to_vec();
    }
    Rd::new(&s.data, false)
        .cstr(offset as usize, s.data.len())
        .to_vec()
}
