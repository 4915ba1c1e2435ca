//! `-h`: GNU's `dump_headers` and `dump_section_header`.

use std::io::{self, Write};

use crate::bfd::{sec, Bfd};
use crate::{Cx, Object};

/// `-h`: the section headers (`dump_headers`).
///
/// `Sections:`, the column header, and two lines per section (one with `-w`).
///
/// # Errors
/// Only errors writing `out`.
pub fn section_headers(
    cx: &mut Cx<'_, '_>,
    obj: &Object<'_>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let o = cx.o;
    let b = Bfd::new(&obj.elf);
    let shown: Vec<_> = b
        .sections
        .iter()
        .filter(|s| cx.process_section(&s.name))
        .collect();
    let mut name_width = 13;
    if o.wide {
        name_width = shown
            .iter()
            .map(|s| s.name.len())
            .fold(name_width, usize::max);
    }
    let vma_width = if b.wide { 18 } else { 10 };
    writeln!(out, "Sections:")?;
    write!(
        out,
        "Idx {:<name_width$} Size      {:<vma_width$}{:<vma_width$}File off  Algn",
        "Name", "VMA", "LMA"
    )?;
    if o.wide {
        write!(out, "  Flags")?;
    }
    writeln!(out)?;
    for s in shown {
        let name = String::from_utf8_lossy(&s.name);
        write!(
            out,
            "{:3} {name:<name_width$} {:08x}  {}  {}  {:08x}  2**{}",
            s.index,
            s.size(),
            b.vma(s.vma()),
            b.vma(s.lma),
            s.hdr.sh_offset,
            s.align_power
        )?;
        if !o.wide {
            write!(out, "\n                ")?;
        }
        write!(out, "  ")?;
        let words: Vec<&str> = sec::NAMES
            .iter()
            .filter(|(f, _)| s.flags & f != 0)
            .map(|(_, n)| *n)
            .collect();
        writeln!(out, "{}", words.join(", "))?;
    }
    Ok(())
}
