//! GNU's `display_debug_names` (`.debug_names`, DWARF 5 name index).

use std::io;

use super::{hex_ns, hx, indirect_string, introduce, read_uleb, Rd};
use crate::dump::{Dumper, Section};

fn warn_short(d: &mut Dumper<'_, '_>, sec: &Section<'_>, unit_start: usize, len: u64) {
    d.warn(&format!(
        "Debug info is corrupted, {} header at {} has length {}\n",
        sec.name,
        hx(unit_start as u64),
        hx(len)
    ));
}

/// One entry attribute value, shown with `=` the way GNU's
/// `read_and_display_attr_value` shows the forms an index entry uses.
fn attr_value(
    d: &mut Dumper<'_, '_>,
    r: &Rd<'_>,
    pos: &mut usize,
    end: usize,
    form: u64,
    offset_size: usize,
    show: bool,
) -> String {
    let fixed = |n: usize, pos: &mut usize| r.get(pos, n, end);
    let (v, kind) = match form {
        0x11 | 0x0c | 0x0b | 0x25 | 0x29 => (fixed(1, pos), form),
        0x12 | 0x05 | 0x26 | 0x2a => (fixed(2, pos), form),
        0x27 | 0x2b => (fixed(3, pos), form),
        0x13 | 0x06 | 0x28 | 0x2c | 0x1c => (fixed(4, pos), form),
        0x14 | 0x07 | 0x20 | 0x24 => (fixed(8, pos), form),
        0x17 | 0x0e | 0x1f => (fixed(offset_size, pos), form),
        0x19 => (1, form),
        0x0f | 0x15 | 0x1a | 0x1b | 0x22 | 0x23 => (read_uleb(d, r, pos, end, 64), form),
        0x0d => {
            let (v, n, _) = r.leb(*pos, end);
            *pos += n;
            let sv = if n > 0 && n < 10 && v & (1u64 << (7 * n - 1)) != 0 {
                v | (!0u64 << (7 * n))
            } else {
                v
            };
            (sv, form)
        }
        _ => {
            return if show {
                format!("={}", super::form_name(form))
            } else {
                String::new()
            }
        }
    };
    if !show {
        return String::new();
    }
    match kind {
        0x11..=0x15 => format!("=<{}>", hx(v)),
        0x06 | 0x17 => format!("={}", hx(v)),
        0x19 | 0x0c | 0x0b | 0x05 | 0x0d => format!("={}", v as i64),
        0x0f => format!("={v}"),
        0x07 | 0x20 => format!("=0x{}", hex_ns(v, 8)),
        _ => format!("={}", hx(v)),
    }
}

/// GNU's `display_debug_names`.
pub(super) fn display(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    introduce(d, sec, false)?;
    let str_sec = d.load(".debug_str");
    let r = Rd::new(&sec.data, d.big_endian);
    let section_end = r.len();
    let mut hdr = 0usize;
    while hdr < section_end {
        let unit_start = hdr;
        let (unit_length, offset_size) = r.initial_length(&mut hdr, section_end);
        if unit_length > (section_end - hdr) as u64 || unit_length < 2 + 2 + 4 * 7 {
            warn_short(d, sec, unit_start, unit_length);
            return Ok(false);
        }
        let unit_end = hdr + unit_length as usize;
        let version = r.get(&mut hdr, 2, unit_end);
        writeln!(d.out, "Version {version}")?;
        if version != 5 {
            d.warn("Only DWARF version 5 .debug_names is currently supported.\n");
            return Ok(false);
        }
        let padding = r.get(&mut hdr, 2, unit_end);
        if padding != 0 {
            d.warn(&format!(
                "Padding field of .debug_names must be 0 (found 0x{padding:x})\n"
            ));
        }
        let cu_count = r.get(&mut hdr, 4, unit_end);
        if cu_count == 0 {
            d.warn("Compilation unit count must be >= 1 in .debug_names\n");
        }
        let ltu_count = r.get(&mut hdr, 4, unit_end);
        let ftu_count = r.get(&mut hdr, 4, unit_end);
        let bucket_count = r.get(&mut hdr, 4, unit_end);
        let name_count = r.get(&mut hdr, 4, unit_end);
        let abbrev_size = r.get(&mut hdr, 4, unit_end);
        let mut aug_size = r.get(&mut hdr, 4, unit_end);
        if aug_size % 4 != 0 {
            d.warn(&format!(
                "Augmentation string length {aug_size} must be rounded up to a multiple of 4 in .debug_names.\n"
            ));
            aug_size = (aug_size + 3) & !3 & 0xffff_ffff;
        }
        if aug_size > (unit_end - hdr) as u64 {
            warn_short(d, sec, unit_start, unit_length);
            return Ok(false);
        }
        let mut out = String::from("Augmentation string:");
        let aug = sec.data.get(hdr..hdr + aug_size as usize).unwrap_or(&[]);
        let mut printable = true;
        for &c in aug {
            out.push_str(&format!(" {c:02x}"));
            if c != 0 && !(0x20..0x7f).contains(&c) {
                printable = false;
            }
        }
        hdr += aug_size as usize;
        if printable {
            out.push_str("  (\"");
            for &c in aug.iter().take_while(|&&c| c != 0) {
                out.push(char::from(c));
            }
            out.push_str("\")");
        }
        // Foreign type units are named by their 8-byte signatures.
        let tables = [
            ("CU", cu_count, offset_size, false),
            ("TU", ltu_count, offset_size, false),
            ("Foreign TU", ftu_count, 8, true),
        ];
        for (what, count, size, signature) in tables {
            out.push_str(&format!("\n{what} table:\n"));
            if count.saturating_mul(size as u64) > (unit_end - hdr) as u64 {
                d.out.write_all(out.as_bytes())?;
                warn_short(d, sec, unit_start, unit_length);
                return Ok(false);
            }
            for i in 0..count {
                let v = r.get(&mut hdr, size, unit_end);
                let v = if signature { hex_ns(v, 8) } else { hx(v) };
                out.push_str(&format!("[{i:3}] {v}\n"));
            }
        }
        out.push('\n');
        d.out.write_all(out.as_bytes())?;
        let xtra = bucket_count
            .saturating_mul(4)
            .saturating_add(name_count.saturating_mul(4 + 2 * offset_size as u64))
            .saturating_add(abbrev_size);
        if xtra > (unit_end - hdr) as u64 {
            d.warn(&format!(
                "Entry pool offset ({}) exceeds unit size {} for unit {} in the debug_names\n",
                hx(xtra),
                hx((unit_end - unit_start) as u64),
                hx(unit_start as u64)
            ));
            return Ok(false);
        }
        let buckets = hdr;
        let hashes = buckets + bucket_count as usize * 4;
        let str_offs = hashes + name_count as usize * 4;
        let entry_offs = str_offs + name_count as usize * offset_size;
        let abbrev_table = entry_offs + name_count as usize * offset_size;
        let abbrev_end = abbrev_table + abbrev_size as usize;
        let entry_pool = abbrev_end;
        let filled = (0..bucket_count as usize)
            .filter(|&i| r.val(buckets + i * 4, 4) != 0)
            .count();
        let bk = if bucket_count == 1 {
            "bucket"
        } else {
            "buckets"
        };
        writeln!(d.out, "Used {filled} of {bucket_count} {bk}.")?;
        if bucket_count != 0 {
            let (mut prev, mut clashes, mut longest, mut this) = (0u64, 0usize, 0usize, 0usize);
            for i in 0..name_count as usize {
                let h = r.val(hashes + i * 4, 4);
                if i > 0 {
                    if prev % bucket_count == h % bucket_count {
                        clashes += 1;
                        this += 1;
                        longest = longest.max(this);
                    } else {
                        this = 0;
                    }
                }
                prev = h;
            }
            writeln!(
                d.out,
                "Out of {name_count} items there are {clashes} bucket clashes (longest of {longest} entries)."
            )?;
            if name_count != (filled + clashes) as u64 {
                d.warn(&format!(
                    "The name_count ({name_count}) is not the same as the used bucket_count ({filled}) + the hash clash count ({clashes})"
                ));
            }
        }
        // The abbreviation table: tag number -> where its DWARF tag starts.
        let mut abbrevs: Vec<(u64, usize)> = Vec::new();
        let mut ap = abbrev_table;
        while ap < abbrev_end {
            let tag = read_uleb(d, &r, &mut ap, abbrev_end, 64);
            if tag == 0 {
                break;
            }
            if abbrevs.iter().any(|&(t, _)| t == tag) {
                d.warn(&format!(
                    "Duplicate abbreviation tag {tag} in unit {} in the debug_names section\n",
                    hx(unit_start as u64)
                ));
            }
            abbrevs.push((tag, ap));
            ap += r.leb(ap, abbrev_end).1;
            loop {
                let x = read_uleb(d, &r, &mut ap, abbrev_end, 64);
                let f = read_uleb(d, &r, &mut ap, abbrev_end, 64);
                if (x == 0 && f == 0) || ap >= abbrev_end {
                    break;
                }
            }
        }
        writeln!(d.out, "\nSymbol table:")?;
        for namei in 0..name_count as usize {
            let string_offset = r.peek(str_offs + namei * offset_size, offset_size, unit_end);
            let entry_offset = r.peek(entry_offs + namei * offset_size, offset_size, unit_end);
            let hash = r.val(hashes + namei * 4, 4);
            let name = indirect_string(d, str_sec.as_ref(), string_offset);
            let mut line = format!("[{namei:3}] #{hash:08x} ");
            line.push_str(&String::from_utf8_lossy(&name));
            line.push(':');
            let start = entry_pool.saturating_add(entry_offset as usize);
            let mut ep = start;
            let mut tagno: i64 = -2;
            let mut second = u64::MAX;
            let mut guard = 0usize;
            loop {
                guard += 1;
                if guard > unit_end + 2 {
                    break;
                }
                let tag = read_uleb(d, &r, &mut ep, unit_end, 64);
                if tagno == -1 {
                    second = tag;
                    tagno = 0;
                    ep = start;
                    continue;
                }
                if tag == 0 {
                    break;
                }
                if tagno >= 0 {
                    let sep = if tagno == 0 && second == 0 {
                        " "
                    } else {
                        "\n\t"
                    };
                    line.push_str(&format!("{sep}<{tag}>"));
                }
                let Some(&(_, mut ap)) = abbrevs.iter().find(|&&(t, _)| t == tag) else {
                    d.warn(&format!(
                        "Undefined abbreviation tag {} in unit {} in the debug_names section\n",
                        tag as i64,
                        hx(unit_start as u64)
                    ));
                    break;
                };
                let dtag = read_uleb(d, &r, &mut ap, abbrev_end, 64);
                if tagno >= 0 {
                    let name = dw_name(dtag, "TAG", |t| gimli::DwTag(t).static_string());
                    line.push_str(&format!(" {name}"));
                }
                loop {
                    let x = read_uleb(d, &r, &mut ap, abbrev_end, 64);
                    let f = read_uleb(d, &r, &mut ap, abbrev_end, 64);
                    if x == 0 && f == 0 {
                        break;
                    }
                    if tagno >= 0 {
                        let idx = dw_name(x, "IDX", |t| gimli::DwIdx(t).static_string());
                        line.push_str(&format!(" {idx}"));
                    }
                    let v = attr_value(d, &r, &mut ep, unit_end, f, offset_size, tagno >= 0);
                    line.push_str(&v);
                    if ap >= abbrev_end {
                        break;
                    }
                }
                tagno += 1;
            }
            if tagno <= 0 {
                line.push_str(" <no entries>");
            }
            line.push('\n');
            d.out.write_all(line.as_bytes())?;
        }
        hdr = unit_end;
    }
    Ok(true)
}

/// The name gimli's `name` gives `v`, else GNU's `Unknown KIND value: %x`.
fn dw_name(v: u64, kind: &str, name: impl Fn(u16) -> Option<&'static str>) -> String {
    u16::try_from(v)
        .ok()
        .and_then(name)
        .map_or_else(|| format!("Unknown {kind} value: {v:x}"), str::to_string)
}
