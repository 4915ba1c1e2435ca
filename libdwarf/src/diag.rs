//! BFD's `DWARF error: …` messages for unit headers and line tables it refuses
//! (`parse_comp_unit`, `decode_line_info` in `dwarf2.c`), found by reading the raw
//! bytes where gimli's parse stopped or failed, so a front end can print what GNU
//! addr2line prints.

use gimli::Reader as _;

use crate::Reader;

/// Reads an unsigned value of `n` bytes at `*at`, advancing; `None` past the end.
fn read(r: &Reader, at: &mut usize, n: usize) -> Option<u64> {
    let mut s = r.clone();
    s.skip(*at).ok()?;
    let v = match n {
        1 => u64::from(s.read_u8().ok()?),
        2 => u64::from(s.read_u16().ok()?),
        4 => u64::from(s.read_u32().ok()?),
        _ => s.read_u64().ok()?,
    };
    *at += n;
    Some(v)
}

/// The unit header at `offset` in `.debug_info`, as `parse_comp_unit` checks it:
/// a version other than 2–5 (0 is padding, said nothing of), an address size
/// over 8 or other than 2, 4 and 8.
pub(crate) fn unit_header(info: &Reader, offset: usize) -> Option<String> {
    let mut at = offset;
    let mut offset_size = 4;
    let length = read(info, &mut at, 4)?;
    if length == 0xffff_ffff {
        read(info, &mut at, 8)?;
        offset_size = 8;
    }
    let version = read(info, &mut at, 2)?;
    if !(2..=5).contains(&version) {
        return (version != 0).then(|| {
            format!(
                "DWARF error: found dwarf version '{version}', this reader only handles version 2, 3, 4 and 5 information"
            )
        });
    }
    let addr_size = if version >= 5 {
        read(info, &mut at, 1)?;
        read(info, &mut at, 1)?
    } else {
        read(info, &mut at, offset_size)?;
        read(info, &mut at, 1)?
    };
    if addr_size > 8 {
        return Some(format!(
            "DWARF error: found address size '{addr_size}', this reader can not handle sizes greater than '8'"
        ));
    }
    (!matches!(addr_size, 2 | 4 | 8)).then(|| {
        format!(
            "DWARF error: found address size '{addr_size}', this reader can only handle address sizes '2', '4' and '8'"
        )
    })
}

/// The line table at `offset` in `.debug_line` of a unit of `addr_size`, as
/// `decode_line_info` checks its start: section size, length, version.
pub(crate) fn line_table(line: &Reader, offset: usize, addr_size: u8) -> Option<String> {
    let size = line.len();
    if size < 16 {
        return Some(format!(
            "DWARF error: line info section is too small ({size})"
        ));
    }
    if offset >= size {
        return (offset != 0).then(|| {
            format!(
                "DWARF error: offset ({offset}) greater than or equal to .debug_line size ({size})"
            )
        });
    }
    let mut at = offset;
    let mut length = read(line, &mut at, 4)?;
    if length == 0xffff_ffff {
        length = read(line, &mut at, 8)?;
    } else if length == 0 && addr_size == 8 {
        length = read(line, &mut at, 4)?;
    }
    let remaining = (size - at) as u64;
    if length > remaining {
        return Some(format!(
            "DWARF error: line info data is bigger ({length:#x}) than the space remaining in the section ({remaining:#x})"
        ));
    }
    let version = read(line, &mut at, 2)?;
    (!(2..=5).contains(&version))
        .then(|| format!("DWARF error: unhandled .debug_line version {version}"))
}
