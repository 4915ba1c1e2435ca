//! The attribute values of DWARF 5 directory and file name tables, as GNU's
//! `read_and_display_attr_value` shows them (attribute 0, no unit).

use std::io;

use super::{cstr, read_sleb, read_uleb, AltHex, Buf, Dumper};

/// `DW_OP_addrx`, whose blocks GNU does not dump.
const DW_OP_ADDRX: u8 = 0xa1;

/// The string sections the tables refer to.
#[derive(Debug, Default)]
pub(super) struct Strings<'s> {
    /// `.debug_line_str`.
    pub line_str: Option<&'s [u8]>,
    /// `.debug_str` (GNU's `fetch_indirect_string`).
    pub str: Option<&'s [u8]>,
    /// `.debug_str_offsets` (or `.dwo`) and the string section it indexes.
    pub str_offsets: Option<&'s [u8]>,
    /// The string section for indexed strings.
    pub str_indexed: Option<&'s [u8]>,
    /// Whether the line section is a `.dwo` one.
    pub dwo: bool,
    /// `.debug_loclists`.
    pub loclists: Option<&'s [u8]>,
    /// `.debug_loclists.dwo`.
    pub loclists_dwo: Option<&'s [u8]>,
    /// `.debug_rnglists`.
    pub rnglists: Option<&'s [u8]>,
    /// `.debug_rnglists.dwo`.
    pub rnglists_dwo: Option<&'s [u8]>,
    /// `.debug_addr`.
    pub addr: Option<&'s [u8]>,
}

/// A string GNU's fetchers return: the bytes or one of its placeholders.
pub(super) fn fetch_string<'s>(
    d: &mut Dumper<'_, '_>,
    sec: Option<&'s [u8]>,
    offset: u64,
    missing: &'static str,
    form: &str,
    no_nul: &'static str,
) -> &'s [u8] {
    let Some(data) = sec else {
        return missing.as_bytes();
    };
    if offset >= data.len() as u64 {
        d.warn(&format!(
            "DW_FORM_{form} offset too big: {}\n",
            AltHex(offset)
        ));
        return b"<offset is too big>";
    }
    let start = offset as usize;
    let rest = data.get(start..).unwrap_or(&[]);
    match rest.iter().position(|&c| c == 0) {
        Some(n) => rest.get(..n).unwrap_or(&[]),
        None => no_nul.as_bytes(),
    }
}

/// GNU's `fetch_indirect_line_string`.
pub(super) fn line_string<'s>(d: &mut Dumper<'_, '_>, s: &Strings<'s>, offset: u64) -> &'s [u8] {
    fetch_string(
        d,
        s.line_str,
        offset,
        "<no .debug_line_str section>",
        "line_strp",
        "<no NUL byte at end of .debug_line_str section>",
    )
}

/// GNU's `fetch_indirect_string`.
fn indirect_string<'s>(d: &mut Dumper<'_, '_>, s: &Strings<'s>, offset: u64) -> &'s [u8] {
    fetch_string(
        d,
        s.str,
        offset,
        "<no .debug_str section>",
        "strp",
        "<no NUL byte at end of .debug_str section>",
    )
}

/// GNU's `fetch_indexed_string` with no unit (base 0).
fn indexed_string<'s>(
    d: &mut Dumper<'_, '_>,
    s: &Strings<'s>,
    idx: u64,
    offset_size: u8,
) -> &'s [u8] {
    let Some(index) = s.str_offsets else {
        return if s.dwo {
            b"<no .debug_str_offsets.dwo section>"
        } else {
            b"<no .debug_str_offsets section>"
        };
    };
    let Some(strs) = s.str_indexed else {
        return if s.dwo {
            b"<no .debug_str.dwo section>"
        } else {
            b"<no .debug_str section>"
        };
    };
    let osz = u64::from(offset_size);
    let index_offset = idx.wrapping_mul(osz);
    if index_offset
        .checked_add(osz)
        .is_none_or(|e| e > index.len() as u64)
    {
        let name = if s.dwo {
            ".debug_str.dwo"
        } else {
            ".debug_str"
        };
        d.warn(&format!(
            "string index of {idx} converts to an offset of {} which is too big for section {name}",
            AltHex(index_offset)
        ));
        return b"<string index too big>";
    }
    let str_offset = Buf {
        data: index,
        big: d.big_endian,
    }
    .get(index_offset as usize, usize::from(offset_size));
    if str_offset >= strs.len() as u64 {
        d.warn(&format!(
            "indirect offset too big: {}\n",
            AltHex(str_offset)
        ));
        return b"<indirect index offset is too big>";
    }
    let rest = strs.get(str_offset as usize..).unwrap_or(&[]);
    match rest.iter().position(|&c| c == 0) {
        Some(n) => rest.get(..n).unwrap_or(&[]),
        None => b"<no NUL byte at end of section>",
    }
}

/// GNU's `fetch_indexed_value` with no unit base: the offset at index `idx` past the
/// section's header, or `None` after GNU's warning.
fn indexed_value(d: &mut Dumper<'_, '_>, sec: Option<&[u8]>, name: &str, idx: u64) -> Option<u64> {
    let Some(data) = sec else {
        d.warn(&format!("Unable to locate {name} section\n"));
        return None;
    };
    if data.len() < 4 {
        d.warn(&format!(
            "Section {name} is too small to contain an value indexed from another section!\n"
        ));
        return None;
    }
    let b = Buf {
        data,
        big: d.big_endian,
    };
    let (psize, bias) = if b.get(0, 4) == 0xffff_ffff {
        (8u64, 20u64)
    } else {
        (4, 12)
    };
    let offset = idx.wrapping_mul(psize).wrapping_add(bias);
    if offset.wrapping_add(psize) > data.len() as u64 {
        d.warn(&format!(
            "Offset into section {name} too big: {}\n",
            AltHex(offset)
        ));
        return None;
    }
    Some(b.get(offset as usize, psize as usize))
}

/// GNU's `get_FORM_name`.
pub(super) fn form_name(form: u64) -> String {
    let n = match form {
        0 => return "DW_FORM value: 0".to_string(),
        0x01 => "addr",
        0x03 => "block2",
        0x04 => "block4",
        0x05 => "data2",
        0x06 => "data4",
        0x07 => "data8",
        0x08 => "string",
        0x09 => "block",
        0x0a => "block1",
        0x0b => "data1",
        0x0c => "flag",
        0x0d => "sdata",
        0x0e => "strp",
        0x0f => "udata",
        0x10 => "ref_addr",
        0x11 => "ref1",
        0x12 => "ref2",
        0x13 => "ref4",
        0x14 => "ref8",
        0x15 => "ref_udata",
        0x16 => "indirect",
        0x17 => "sec_offset",
        0x18 => "exprloc",
        0x19 => "flag_present",
        0x1a => "strx",
        0x1b => "addrx",
        0x1c => "ref_sup4",
        0x1d => "strp_sup",
        0x1e => "data16",
        0x1f => "line_strp",
        0x20 => "ref_sig8",
        0x21 => "implicit_const",
        0x22 => "loclistx",
        0x23 => "rnglistx",
        0x24 => "ref_sup8",
        0x25 => "strx1",
        0x26 => "strx2",
        0x27 => "strx3",
        0x28 => "strx4",
        0x29 => "addrx1",
        0x2a => "addrx2",
        0x2b => "addrx3",
        0x2c => "addrx4",
        0x1f01 => "GNU_addr_index",
        0x1f02 => "GNU_str_index",
        0x1f20 => "GNU_ref_alt",
        0x1f21 => "GNU_strp_alt",
        _ => return format!("Unknown FORM value: {form:x}"),
    };
    format!("DW_FORM_{n}")
}

/// The unit parameters a value is read with.
#[derive(Debug, Clone, Copy)]
pub(super) struct ValueCx {
    pub offset_size: u8,
    pub version: u16,
}

/// GNU's `read_and_display_attr_value` for a line table column (delimiter tab,
/// pointer size 0, unit offset 0). Prints unless `do_loc`; returns the position after
/// the value.
#[allow(clippy::too_many_arguments)]
pub(super) fn attr_value(
    d: &mut Dumper<'_, '_>,
    s: &Strings<'_>,
    b: &Buf<'_>,
    vc: ValueCx,
    form: u64,
    pos: usize,
    end: usize,
    do_loc: bool,
) -> io::Result<usize> {
    let mut form = form;
    let mut data = pos;
    let mut implicit_const: i64 = 0;
    // DW_FORM_indirect chains: each link consumes at least one byte.
    for _ in 0..=b.data.len() {
        if data > end || (data == end && form != 0x19) {
            d.warn("Corrupt attribute\n");
            return Ok(data);
        }
        if d.opts.wide && !do_loc {
            let name = form_name(form);
            let short = if name.starts_with('D') {
                name.get(8..).unwrap_or("")
            } else {
                name.as_str()
            };
            write!(d.out, "\t({short})")?;
        }
        if form != 0x16 {
            break;
        }
        form = read_uleb(d, b, &mut data, end);
        if !do_loc {
            write!(d.out, "\t{}", form_name(form))?;
        }
        if form == 0x21 {
            implicit_const = read_sleb(d, b, &mut data, end);
        }
    }
    let osz = usize::from(vc.offset_size);
    let mut uvalue: u64 = 0;
    let mut uvalue_hi: u64 = 0;
    match form {
        0x10 => {
            if vc.version == 2 {
                uvalue = b.safe_get_inc(&mut data, 0, end);
            } else {
                uvalue = b.safe_get_inc(&mut data, osz, end);
            }
        }
        0x01 => uvalue = b.safe_get_inc(&mut data, 0, end),
        0x1d | 0x0e | 0x1f | 0x17 | 0x1f20 | 0x1f21 => {
            uvalue = b.safe_get_inc(&mut data, osz, end);
        }
        0x19 => uvalue = 1,
        0x11 | 0x0c | 0x0b | 0x25 | 0x29 => uvalue = b.safe_get_inc(&mut data, 1, end),
        0x12 | 0x05 | 0x26 | 0x2a => uvalue = b.safe_get_inc(&mut data, 2, end),
        0x27 | 0x2b => uvalue = b.safe_get_inc(&mut data, 3, end),
        0x1c | 0x13 | 0x06 | 0x28 | 0x2c => uvalue = b.safe_get_inc(&mut data, 4, end),
        0x24 | 0x14 | 0x07 | 0x20 => uvalue = b.safe_get_inc(&mut data, 8, end),
        0x1e => {
            uvalue = b.safe_get_inc(&mut data, 8, end);
            uvalue_hi = b.safe_get_inc(&mut data, 8, end);
            if b.big {
                std::mem::swap(&mut uvalue, &mut uvalue_hi);
            }
        }
        0x0d => uvalue = read_sleb(d, b, &mut data, end) as u64,
        0x1f02 | 0x1a | 0x15 | 0x0f | 0x1f01 | 0x1b | 0x22 | 0x23 => {
            uvalue = read_uleb(d, b, &mut data, end);
        }
        0x21 => uvalue = implicit_const as u64,
        _ => {}
    }
    let out = &mut *d.out;
    match form {
        0x10 | 0x11 | 0x12 | 0x13 | 0x1c | 0x15 | 0x1d => {
            if !do_loc {
                write!(out, "\t<{}>", AltHex(uvalue))?;
            }
        }
        0x1f20 => {
            if !do_loc {
                if d.opts.wide {
                    write!(out, "\t<{}>", AltHex(uvalue))?;
                } else {
                    write!(out, "\t<alt {}>", AltHex(uvalue))?;
                }
            }
        }
        0x06 | 0x01 | 0x17 | 0x24 | 0x14 | 0x07 => {
            if !do_loc {
                write!(out, "\t{}", AltHex(uvalue))?;
            }
        }
        0x19 | 0x0c | 0x0b | 0x05 | 0x0d => {
            if !do_loc {
                write!(out, "\t{}", uvalue as i64)?;
            }
        }
        0x0f => {
            if !do_loc {
                write!(out, "\t{uvalue}")?;
            }
        }
        0x21 => {
            if !do_loc {
                write!(out, "\t{implicit_const}")?;
            }
        }
        0x1e => {
            if !do_loc {
                if uvalue_hi == 0 {
                    write!(out, " {}", AltHex(uvalue))?;
                } else {
                    write!(out, " {}{uvalue:016x}", AltHex(uvalue_hi))?;
                }
            }
        }
        0x08 => {
            let sv = cstr(b.data, data, end);
            if !do_loc {
                out.write_all(b"\t")?;
                out.write_all(sv)?;
            }
            data = data.saturating_add(sv.len());
            if data < end {
                data += 1;
            }
        }
        0x09 | 0x18 | 0x0a | 0x03 | 0x04 => {
            let len = match form {
                0x0a => b.safe_get_inc(&mut data, 1, end),
                0x03 => b.safe_get_inc(&mut data, 2, end),
                0x04 => b.safe_get_inc(&mut data, 4, end),
                _ => read_uleb(d, b, &mut data, end),
            };
            let mut len = len;
            let mut block_start = data;
            if block_start >= end {
                d.warn("Block ends prematurely\n");
                len = 0;
                block_start = end;
            }
            let max = end.saturating_sub(block_start) as u64;
            if len > max {
                d.warn(&format!(
                    "Corrupt attribute block length: {}\n",
                    AltHex(len)
                ));
                len = max;
            }
            data = block_start.saturating_add(len as usize);
            if !do_loc {
                let (op, _) = b.safe_get(block_start, 1, end);
                if op as u8 != DW_OP_ADDRX {
                    let out = &mut *d.out;
                    write!(out, "\t{len} byte block: ")?;
                    let bytes = b
                        .data
                        .get(block_start..block_start.saturating_add(len as usize))
                        .unwrap_or(&[]);
                    for &c in bytes {
                        write!(out, "{c:x} ")?;
                    }
                    data = block_start.saturating_add(bytes.len());
                }
            }
        }
        0x0e => {
            if !do_loc {
                let sv = indirect_string(d, s, uvalue);
                string_value(d, "indirect string, offset", uvalue, sv)?;
            }
        }
        0x1f => {
            if !do_loc {
                let sv = line_string(d, s, uvalue);
                string_value(d, "indirect line string, offset", uvalue, sv)?;
            }
        }
        0x1f02 | 0x1a | 0x25 | 0x26 | 0x27 | 0x28 => {
            if !do_loc {
                let sv = indexed_string(d, s, uvalue, vc.offset_size);
                string_value(d, "indexed string", uvalue, sv)?;
            }
        }
        0x1f21 => {
            if !do_loc {
                let label = if d.opts.wide {
                    "offset"
                } else {
                    "alt indirect string, offset"
                };
                // The alternate file's strings are not available here; GNU shows
                // nothing when links are not followed.
                let sv = if d.opts.selection.follow_links {
                    "<no links available>"
                } else {
                    ""
                };
                write!(out, "\t({label}: {}) {sv}", AltHex(uvalue))?;
            }
        }
        0x20 => {
            if !do_loc {
                let label = if d.opts.wide { "" } else { "signature" };
                write!(out, "\t{label}: {}", AltHex(uvalue))?;
            }
        }
        0x22 | 0x23 => {
            if !do_loc {
                let (sec, name) = match (form == 0x22, s.dwo) {
                    (true, false) => (s.loclists, ".debug_loclists"),
                    (true, true) => (s.loclists_dwo, ".debug_loclists.dwo"),
                    (false, false) => (s.rnglists, ".debug_rnglists"),
                    (false, true) => (s.rnglists_dwo, ".debug_rnglists.dwo"),
                };
                let mut idx = indexed_value(d, sec, name, uvalue);
                if s.dwo {
                    if let Some(v) = idx.as_mut() {
                        *v = v.wrapping_add(if vc.offset_size == 8 { 20 } else { 12 });
                    }
                }
                if let Some(v) = idx {
                    write!(d.out, "\t(index: {}): {}", AltHex(uvalue), AltHex(v))?;
                }
            }
        }
        0x1f01 | 0x1b | 0x29 | 0x2a | 0x2b | 0x2c => {
            if !do_loc {
                // No unit: GNU looks the index up at offset 0 with a pointer size of 0.
                if s.addr.is_none() {
                    d.warn("Cannot fetch indexed address: the .debug_addr section is missing\n");
                }
                write!(d.out, "\t(index: {}): 0", AltHex(uvalue))?;
            }
        }
        _ => {
            d.warn(&format!("Unrecognized form: {}\n", AltHex(form)));
            data = data.saturating_add(1);
        }
    }
    Ok(data)
}

/// A string form's value as GNU shows it: `\t(LABEL: 0x…): ` (`offset` for the label
/// with `-W`), then the string.
fn string_value(d: &mut Dumper<'_, '_>, label: &str, uvalue: u64, sv: &[u8]) -> io::Result<()> {
    let label = if d.opts.wide { "offset" } else { label };
    write!(d.out, "\t({label}: {}): ", AltHex(uvalue))?;
    d.out.write_all(sv)
}
