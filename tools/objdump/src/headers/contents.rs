//! `-s`: GNU's `dump_data` and `dump_section`.

use std::io::{self, Write};

use crate::bfd::{sec, Bfd};
use crate::{Cx, Object};

/// `-s`: section contents in hex and ASCII (`dump_data`).
///
/// `Contents of section NAME:` and 16 bytes a line, in hex and ASCII.
///
/// # Errors
/// Only errors writing `out`.
pub fn contents(cx: &mut Cx<'_, '_>, obj: &Object<'_>, out: &mut dyn Write) -> io::Result<()> {
    let o = cx.o;
    let b = Bfd::new(&obj.elf);
    for s in &b.sections {
        if !cx.process_section(&s.name) || s.flags & sec::HAS_CONTENTS == 0 || s.size() == 0 {
            continue;
        }
        // -s shows the bytes as they are in the file, compressed or not.
        let size = s.hdr.sh_size;
        let raw = obj
            .elf
            .section_headers()
            .ok()
            .and_then(|h| h.get(s.elf_index as usize))
            .map_or(size, |h| h.sh_size);
        let size = raw;
        let vma = s.vma();
        let start = match o.start_address {
            Some(a) if a >= vma => a - vma,
            _ => 0,
        };
        let stop = match o.stop_address {
            None => size,
            Some(a) if a < vma => 0,
            Some(a) => (a - vma).min(size),
        };
        if start >= stop {
            continue;
        }
        let name = String::from_utf8_lossy(&s.name);
        write!(out, "Contents of section {name}:")?;
        if o.file_offsets {
            write!(
                out,
                "  (Starting at file offset: 0x{:x})",
                s.hdr.sh_offset.wrapping_add(start)
            )?;
        }
        writeln!(out)?;
        let data = usize::try_from(s.hdr.sh_offset)
            .ok()
            .and_then(|o| obj.data.get(o..)?.get(..usize::try_from(size).ok()?));
        let data = match data {
            Some(d) => d,
            None => {
                cx.nonfatal(format_args!(
                    "Reading section {name} failed because: file truncated"
                ));
                continue;
            }
        };
        let digits = |v: u64| {
            let t = b.vma(v);
            let z = t.len() - t.trim_start_matches('0').len();
            (t.len() - z).max(1)
        };
        let width = 4
            .max(digits(start.wrapping_add(vma)))
            .max(digits(stop.wrapping_add(vma).wrapping_sub(1)));
        let mut off = start;
        while off < stop {
            let a = b.vma(off.wrapping_add(vma));
            let a = if a.len() >= width {
                a.get(a.len() - width..).unwrap_or(&a).to_owned()
            } else {
                format!("{a:0>width$}")
            };
            let mut line = format!(" {a} ");
            let mut ascii = String::new();
            for j in off..off + 16 {
                if j < stop {
                    let c = data.get(j as usize).copied().unwrap_or(0);
                    line.push_str(&format!("{c:02x}"));
                    ascii.push(if (0x20..0x7f).contains(&c) {
                        c as char
                    } else {
                        '.'
                    });
                } else {
                    line.push_str("  ");
                    ascii.push(' ');
                }
                if j & 3 == 3 {
                    line.push(' ');
                }
            }
            line.push(' ');
            line.push_str(&ascii);
            writeln!(out, "{line}")?;
            off += 16;
        }
    }
    Ok(())
}
