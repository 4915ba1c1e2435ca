//! The unit sets of a DWARF package file's `.debug_cu_index`/`.debug_tu_index`
//! (GNU's `process_cu_tu_index (section, 0)`, version 2 tables).

use super::out::Endian;
use super::Diag;

/// `DW_SECT_ABBREV`.
pub(crate) const SECT_ABBREV: usize = 3;
/// `DW_SECT_LOC`.
pub(crate) const SECT_LOC: usize = 5;
/// `DW_SECT_STR_OFFSETS`.
pub(crate) const SECT_STR_OFFSETS: usize = 6;
const SECT_MAX: usize = 8;

/// One unit's contributions (GNU's `struct cu_tu_set`).
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct CuTuSet {
    pub(crate) offsets: [u64; SECT_MAX],
    pub(crate) sizes: [u64; SECT_MAX],
}

/// The CU and TU sets of a file.
#[derive(Debug, Default)]
pub(crate) struct Indexes {
    pub(crate) cu: Vec<CuTuSet>,
    pub(crate) tu: Vec<CuTuSet>,
}

impl Indexes {
    /// GNU's `find_cu_tu_set_v2`.
    pub(crate) fn find(&self, offset: u64, types: bool) -> Option<CuTuSet> {
        let (sets, col) = if types { (&self.tu, 2) } else { (&self.cu, 1) };
        sets.iter()
            .find(|s| s.offsets.get(col) == Some(&offset))
            .copied()
    }
}

/// Reads one index section's sets (empty unless it is a valid version 2 table).
pub(crate) fn read_sets(data: &[u8], name: &str, e: Endian, diag: &mut Diag<'_>) -> Vec<CuTuSet> {
    if data.is_empty() {
        diag.warn(&format!("Section {name} is empty\n"));
        return Vec::new();
    }
    if data.len() < 24 {
        diag.warn(&format!(
            "Section {name} is too small to contain a CU/TU header\n"
        ));
        return Vec::new();
    }
    let limit = data.len();
    let mut p = 0usize;
    let version = e.read(data, &mut p, 4, limit);
    let ncols = if version >= 2 {
        e.read(data, &mut p, 4, limit) as usize
    } else {
        0
    };
    let nused = e.read(data, &mut p, 4, limit) as usize;
    let nslots = e.read(data, &mut p, 4, limit) as usize;
    let phash = p;
    let pindex = phash + nslots * 8;
    let ppool = pindex + nslots * 4;
    if nslots.checked_mul(12).is_none_or(|t| t > limit - phash) {
        let s = if nslots == 1 { "" } else { "s" };
        diag.warn(&format!(
            "Section {name} is too small for {nslots} slot{s}\n"
        ));
        return Vec::new();
    }
    if version != 2 {
        return Vec::new();
    }
    let poffsets = ppool + ncols * 4;
    let psizes = poffsets + nused * ncols * 4;
    let total = ncols.checked_mul(4).and_then(|t| t.checked_mul(nused + 1));
    if nused == u32::MAX as usize || total.is_none_or(|t| t > limit.saturating_sub(ppool)) {
        diag.warn(&format!(
            "Section {name} too small for offset and size tables\n"
        ));
        return Vec::new();
    }
    let get4 = |at: usize| -> u64 {
        let mut q = at;
        e.read(data, &mut q, 4, limit)
    };
    // Only rows the hash table names get filled; the rest (all alike: zeros) are
    // one record at the end, so `nused` (up to 2^32 with no columns) costs nothing.
    let filled = (0..nslots)
        .map(|i| get4(pindex + i * 4) as usize)
        .filter(|&r| r <= nused)
        .max()
        .unwrap_or(0);
    let mut sets = vec![CuTuSet::default(); filled];
    if nused > filled {
        sets.push(CuTuSet::default());
    }
    for pass in 0..2 {
        for i in 0..nslots {
            let row = get4(pindex + i * 4) as usize;
            if row == 0 {
                continue;
            }
            if row > nused {
                if pass == 0 {
                    diag.warn(&format!(
                        "Row index ({row}) is larger than number of used entries ({nused})\n"
                    ));
                    return Vec::new();
                }
                continue;
            }
            let base = if pass == 0 { poffsets } else { psizes };
            let prow = base + (row - 1) * ncols * 4;
            for j in 0..ncols {
                let pp = prow + j * 4;
                if pass == 1 && pp > limit.saturating_sub(4) {
                    diag.warn(&format!(
                        "Too many rows/columns in DWARF index section {name}\n"
                    ));
                    return sets;
                }
                let val = get4(pp);
                let sect = get4(ppool + j * 4) as usize;
                if sect >= SECT_MAX {
                    diag.warn(&format!("Overlarge Dwarf section index detected: {sect}\n"));
                } else if let Some(s) = sets.get_mut(row - 1) {
                    let col = if pass == 0 {
                        s.offsets.get_mut(sect)
                    } else {
                        s.sizes.get_mut(sect)
                    };
                    if let Some(c) = col {
                        *c = val;
                    }
                }
            }
        }
    }
    sets
}
