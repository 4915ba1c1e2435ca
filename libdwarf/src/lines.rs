//! A per-unit line index that keeps discriminators (which the `addr2line` crate
//! drops). Rows are chosen exactly as `addr2line` chooses them: the last row at an
//! address wins, and an address belongs to the sequence whose `[start, end)` holds it.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use crate::Reader;

#[derive(Debug)]
struct Seq {
    start: u64,
    end: u64,
    /// (address, discriminator) with the last row at each address.
    rows: Vec<(u64, u32)>,
}

/// (DWARF identity, unit offset) → that unit's sequences.
type UnitMap = HashMap<(usize, usize), Rc<Vec<Seq>>>;

/// Cache of parsed line programs, keyed by (DWARF identity, unit offset).
#[derive(Debug, Default)]
pub(crate) struct LineCache {
    units: RefCell<UnitMap>,
}

/// Upper bound on rows parsed from one line program, so hostile input cannot make
/// us allocate without limit (a real program has at most a few rows per byte).
const MAX_ROWS: usize = 1 << 26;

fn parse(unit: gimli::UnitRef<'_, Reader>) -> Vec<Seq> {
    let mut seqs = Vec::new();
    let Some(program) = unit.line_program.clone() else {
        return seqs;
    };
    let mut rows = program.rows();
    let mut cur: Vec<(u64, u32)> = Vec::new();
    let mut n = 0usize;
    while let Ok(Some((_, row))) = rows.next_row() {
        n += 1;
        if n > MAX_ROWS {
            break;
        }
        if row.end_sequence() {
            if let Some(&(start, _)) = cur.first() {
                let end = row.address();
                seqs.push(Seq {
                    start,
                    end,
                    rows: std::mem::take(&mut cur),
                });
            }
            continue;
        }
        let a = row.address();
        let d = u32::try_from(row.discriminator()).unwrap_or(u32::MAX);
        match cur.last_mut() {
            Some(last) if last.0 == a => last.1 = d,
            _ => cur.push((a, d)),
        }
    }
    seqs.sort_by_key(|s| s.start);
    seqs
}

impl LineCache {
    /// The non-zero discriminator of the row holding `addr` in `unit`'s line table.
    pub(crate) fn discriminator(&self, unit: gimli::UnitRef<'_, Reader>, addr: u64) -> Option<u32> {
        let key = (
            std::ptr::from_ref(unit.dwarf) as usize,
            unit.header
                .offset()
                .as_debug_info_offset()
                .map_or(usize::MAX, |o| o.0),
        );
        let seqs = {
            let cached = self.units.borrow().get(&key).cloned();
            match cached {
                Some(s) => s,
                None => {
                    let s = Rc::new(parse(unit));
                    self.units.borrow_mut().insert(key, s.clone());
                    s
                }
            }
        };
        // Sequences may overlap in odd files; binary search like addr2line does.
        let i = seqs.partition_point(|s| s.start <= addr);
        let seq = seqs.get(i.checked_sub(1)?)?;
        if addr >= seq.end {
            return None;
        }
        let j = seq.rows.partition_point(|r| r.0 <= addr);
        let (_, d) = *seq.rows.get(j.checked_sub(1)?)?;
        (d != 0).then_some(d)
    }
}
