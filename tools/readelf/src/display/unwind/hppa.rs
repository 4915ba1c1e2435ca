//! HP-PA unwind tables (`.PARISC.unwind`), as GNU's `hppa_process_unwind` prints them.
//!
//! Each entry is four 32-bit words: the start and end of a region (relative to the
//! segment holding the table, or relocated by `R_PARISC_SEGREL32` in relocatable files),
//! then two words of descriptor bits (HP-PA 64-bit Runtime Architecture, "Unwind
//! table"). GNU prints the region, the function it is in, and the name of every set bit
//! (with the value of the multi-bit fields).

use std::io;

use super::{
    entry_label, function_symbols, scan_sections, segment_base, segrel_relocs, AbsAddr,
    UnwindSymbols,
};
use crate::util::alt_hex;
use crate::Cx;

/// Bytes per table entry.
const ENTRY: u64 = 16;

/// One table entry: the region and its two descriptor words.
#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    start: AbsAddr,
    end: AbsAddr,
    w1: u32,
    w2: u32,
}

/// A one-bit field: its name and its bit in word 1 (`true`) or word 2, counted from the
/// most significant bit as the runtime architecture numbers them.
type Flag = (&'static str, bool, u32);

/// The fields GNU prints, in its order, before the frame size. `Entry_FR` (4 bits from
/// bit 7) and `Entry_GR` (5 bits from bit 11) print their values; the region description
/// (bits 3–4) and the reserved bits are not printed.
const HEAD: &[Flag] = &[
    ("Cannot_unwind", true, 0),
    ("Millicode", true, 1),
    ("Millicode_save_sr0", true, 2),
    ("Entry_SR", true, 6),
];

const TAIL: &[Flag] = &[
    ("Args_stored", true, 16),
    ("Variable_Frame", true, 17),
    ("Separate_Package_Body", true, 18),
    ("Frame_Extension_Millicode", true, 19),
    ("Stack_Overflow_Check", true, 20),
    ("Two_Instruction_SP_Increment", true, 21),
    ("Ada_Region", true, 22),
    ("cxx_info", true, 23),
    ("cxx_try_catch", true, 24),
    ("sched_entry_seq", true, 25),
    ("Save_SP", true, 27),
    ("Save_RP", true, 28),
    ("Save_MRP_in_frame", true, 29),
    ("extn_ptr_defined", true, 30),
    ("Cleanup_defined", true, 31),
    ("MPE_XL_interrupt_marker", false, 0),
    ("HP_UX_interrupt_marker", false, 1),
    ("Large_frame", false, 2),
    ("Pseudo_SP_Set", false, 3),
];

impl Entry {
    /// The field of `width` bits whose most significant bit is `msb` (numbered from the
    /// word's most significant bit).
    fn field(word: u32, msb: u32, width: u32) -> u32 {
        (word >> (32 - msb - width)) & ((1u32 << width) - 1)
    }

    fn flag(&self, (_, first, bit): Flag) -> bool {
        Self::field(if first { self.w1 } else { self.w2 }, bit, 1) != 0
    }

    /// The descriptor as GNU prints it: each set field's name and a space.
    fn describe(&self) -> String {
        let mut s = String::new();
        for &f in HEAD {
            if self.flag(f) {
                s.push_str(f.0);
                s.push(' ');
            }
        }
        for (name, msb, width) in [("Entry_FR", 7, 4), ("Entry_GR", 11, 5)] {
            let v = Self::field(self.w1, msb, width);
            if v != 0 {
                s.push_str(&format!("{name}={v} "));
            }
        }
        for &f in TAIL {
            if self.flag(f) {
                s.push_str(f.0);
                s.push(' ');
            }
        }
        let frame = self.w2 & 0x07ff_ffff;
        if frame != 0 {
            s.push_str(&format!("Total_frame_size={frame} "));
        }
        s
    }
}

/// GNU's `slurp_hppa_unwind_table`: the entries of section `sec`, relocated. `seg_base`
/// is kept between tables, as GNU keeps it. `None` when something could not be read.
fn slurp(
    cx: &mut Cx,
    syms: Option<&UnwindSymbols>,
    seg_base: &mut u64,
    sec: usize,
) -> Option<Vec<Entry>> {
    let sh = cx.sections().get(sec).copied()?;
    if let Some(base) = segment_base(cx, &sh).ok()? {
        *seg_base = base;
    }
    let table = cx.get_data(sh.sh_offset, 1, sh.sh_size, Some("unwind table"))?;
    let endian = cx.endian();
    let word = |b: &[u8], at: usize| libelf::read::read_uint(b, at, 4, endian).unwrap_or(0);
    let at = |offset: u64| AbsAddr { section: 0, offset };
    let mut entries: Vec<Entry> = table
        .chunks_exact(ENTRY as usize)
        .map(|e| Entry {
            start: at(word(e, 0).wrapping_add(*seg_base)),
            end: at(word(e, 4).wrapping_add(*seg_base)),
            w1: word(e, 8) as u32,
            w2: word(e, 12) as u32,
        })
        .collect();
    let count = entries.len();
    segrel_relocs(
        cx,
        syms,
        sec,
        ("R_PARISC_SEGREL", ENTRY, count),
        |r_offset, to| {
            if let Some(e) = entries.get_mut((r_offset / ENTRY) as usize) {
                match (r_offset % ENTRY) / 4 {
                    0 => e.start = to,
                    1 => e.end = to,
                    _ => {}
                }
            }
        },
    )?;
    Some(entries)
}

/// GNU's `dump_hppa_unwind`.
fn dump(cx: &mut Cx, syms: Option<&UnwindSymbols>, entries: &[Entry]) -> io::Result<()> {
    let funtab = function_symbols(syms);
    let strtab = syms.map_or(&[][..], |s| &s.strtab);
    let mut w = Vec::new();
    for e in entries {
        w.extend(entry_label(cx, &funtab, strtab, e.start));
        w.extend_from_slice(
            format!(
                ">: [0x{:x}-0x{:x}]\n\t{}",
                e.start.offset,
                e.end.offset,
                e.describe()
            )
            .as_bytes(),
        );
    }
    w.push(b'\n');
    cx.out.write_all(&w)
}

/// GNU's `hppa_process_unwind`.
pub fn hppa_process_unwind(cx: &mut Cx) -> io::Result<bool> {
    if cx.string_table.is_none() {
        return Ok(false);
    }
    let is_unwind = |cx: &Cx, i: usize| {
        cx.sections()
            .get(i)
            .and_then(|s| cx.section_name(s))
            .is_some_and(|n| n == b".PARISC.unwind")
    };
    let Ok((syms, found)) = scan_sections(cx, is_unwind) else {
        return Ok(false);
    };
    if found.is_empty() {
        writeln!(cx.out, "\nThere are no unwind sections in this file.")?;
    }
    // The symbol table itself counts here if it has the name.
    let count = cx.sections().len().min(cx.hdr.e_shnum as usize);
    let unw: Vec<usize> = (0..count).filter(|&i| is_unwind(cx, i)).collect();
    let mut res = true;
    let mut seg_base = 0u64;
    for i in unw {
        let Some(sh) = cx.sections().get(i).copied() else {
            continue;
        };
        let num = sh.sh_size / ENTRY;
        let name = cx.printable_section_name(&sh);
        writeln!(
            cx.out,
            "\nUnwind section '{name}' at offset {} contains {num} {}:",
            alt_hex(sh.sh_offset),
            if num == 1 { "entry" } else { "entries" }
        )?;
        match slurp(cx, syms.as_ref(), &mut seg_base, i) {
            Some(entries) => {
                if res && !entries.is_empty() {
                    dump(cx, syms.as_ref(), &entries)?;
                }
            }
            None => res = false,
        }
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn describe() {
        // Entry_GR=1, Save_RP; frame size 8.
        let e = Entry {
            w1: 0x0001_0008,
            w2: 8,
            ..Entry::default()
        };
        assert_eq!(e.describe(), "Entry_GR=1 Save_RP Total_frame_size=8 ");
        let e = Entry {
            w1: 0x4000_0000,
            w2: 0,
            ..Entry::default()
        };
        assert_eq!(e.describe(), "Millicode ");
        let e = Entry {
            w1: 0x81e0_0001,
            w2: 0xf000_0000,
            ..Entry::default()
        };
        assert_eq!(
            e.describe(),
            "Cannot_unwind Entry_FR=15 Cleanup_defined MPE_XL_interrupt_marker \
             HP_UX_interrupt_marker Large_frame Pseudo_SP_Set "
        );
    }
}
