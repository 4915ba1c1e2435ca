//! A per-unit line index that keeps what the `addr2line` crate drops: the
//! discriminator, and whether a row still has the sequence's initial file register
//! (for BFD's DWARF 5 quirk, below). Rows are chosen exactly as `addr2line` chooses
//! them: the last row at an address wins, and an address belongs to the sequence
//! whose `[start, end)` holds it.

use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

use gimli::Reader as _;

use crate::Reader;

#[derive(Debug, Clone, Copy)]
struct Row {
    addr: u64,
    discriminator: u32,
    /// No `DW_LNS_set_file` moved the file register off its initial value yet.
    initial_file: bool,
}

#[derive(Debug)]
struct Seq {
    start: u64,
    end: u64,
    /// The last row at each address.
    rows: Vec<Row>,
}

#[derive(Debug, Default)]
struct UnitLines {
    seqs: Vec<Seq>,
    /// For DWARF 5 line tables: file entry 0, rendered like `addr2line` renders files.
    file0: Option<Rc<str>>,
}

/// What the line index knows about the row holding an address.
#[derive(Debug, Default, Clone)]
pub(crate) struct RowInfo {
    /// The row's discriminator, when non-zero.
    pub(crate) discriminator: Option<u32>,
    /// BFD (2.40) starts every sequence of a DWARF 5 line table with file entry 0
    /// instead of 1 (`decode_line_info`: `concat_filename (table, 0)` when
    /// `use_dir_and_file_0`), so GNU names entry 0 (the primary source file) for the
    /// rows before the sequence's first `DW_LNS_set_file`. This is that name, when it
    /// applies to the row.
    pub(crate) gnu_file: Option<Rc<str>>,
}

/// (DWARF identity, unit offset) → that unit's line index.
type UnitMap = HashMap<(usize, usize), Rc<UnitLines>>;

/// Cache of parsed line programs, keyed by (DWARF identity, unit offset).
#[derive(Debug, Default)]
pub(crate) struct LineCache {
    units: RefCell<UnitMap>,
}

/// Upper bound on rows parsed from one line program, so hostile input cannot make
/// us allocate without limit (a real program has at most a few rows per byte).
const MAX_ROWS: usize = 1 << 26;

fn parse(unit: gimli::UnitRef<'_, Reader>) -> UnitLines {
    let mut out = UnitLines::default();
    let Some(program) = unit.line_program.clone() else {
        return out;
    };
    let header = program.header();
    if header.version() >= 5 {
        out.file0 = header
            .file(0)
            .and_then(|f| render_file(unit, f, header).ok())
            .map(Rc::from);
    }
    let mut rows = program.rows();
    let mut cur: Vec<Row> = Vec::new();
    let mut n = 0usize;
    // gimli hides DW_LNS_set_file; a row whose file is not entry 1 (the initial
    // value) shows that the register moved. Assemblers only emit set_file when the
    // file changes, so this is exact for their output.
    let mut file_moved = false;
    while let Ok(Some((_, row))) = rows.next_row() {
        n += 1;
        if n > MAX_ROWS {
            break;
        }
        if row.file_index() != 1 {
            file_moved = true;
        }
        if row.end_sequence() {
            if let Some(first) = cur.first() {
                let start = first.addr;
                let end = row.address();
                out.seqs.push(Seq {
                    start,
                    end,
                    rows: std::mem::take(&mut cur),
                });
            }
            file_moved = false;
            continue;
        }
        let r = Row {
            addr: row.address(),
            discriminator: u32::try_from(row.discriminator()).unwrap_or(u32::MAX),
            initial_file: !file_moved,
        };
        match cur.last_mut() {
            Some(last) if last.addr == r.addr => *last = r,
            _ => cur.push(r),
        }
    }
    out.seqs.sort_by_key(|s| s.start);
    out
}

/// `addr2line`'s rendering of a line table file name: the compilation directory,
/// then the entry's directory (unless index 0), then the name; an absolute part
/// replaces what came before.
fn render_file(
    unit: gimli::UnitRef<'_, Reader>,
    file: &gimli::FileEntry<Reader>,
    header: &gimli::LineProgramHeader<Reader>,
) -> gimli::Result<String> {
    let mut path = match &unit.comp_dir {
        Some(d) => d.to_string_lossy()?.into_owned(),
        None => String::new(),
    };
    if file.directory_index() != 0 {
        if let Some(dir) = file.directory(header) {
            path_push(&mut path, &unit.attr_string(dir)?.to_string_lossy()?);
        }
    }
    path_push(
        &mut path,
        &unit.attr_string(file.path_name())?.to_string_lossy()?,
    );
    Ok(path)
}

fn path_push(path: &mut String, p: &str) {
    let fwd_root = |s: &str| s.starts_with('/') || s.get(1..3) == Some(":/");
    let back_root = |s: &str| s.starts_with('\\') || s.get(1..3) == Some(":\\");
    if fwd_root(p) || back_root(p) {
        *path = p.to_owned();
    } else {
        let sep = if back_root(path) { '\\' } else { '/' };
        if !path.is_empty() && !path.ends_with(sep) {
            path.push(sep);
        }
        path.push_str(p);
    }
}

impl LineCache {
    /// What the line index says about the row holding `addr` in `unit`.
    pub(crate) fn row(&self, unit: gimli::UnitRef<'_, Reader>, addr: u64) -> RowInfo {
        let key = (
            std::ptr::from_ref(unit.dwarf) as usize,
            unit.header
                .offset()
                .as_debug_info_offset()
                .map_or(usize::MAX, |o| o.0),
        );
        let lines = {
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
        lines.find(addr).map_or_else(RowInfo::default, |r| RowInfo {
            discriminator: (r.discriminator != 0).then_some(r.discriminator),
            gnu_file: if r.initial_file {
                lines.file0.clone()
            } else {
                None
            },
        })
    }
}

impl UnitLines {
    fn find(&self, addr: u64) -> Option<Row> {
        // Sequences may overlap in odd files; binary search like addr2line does.
        let i = self.seqs.partition_point(|s| s.start <= addr);
        let seq = self.seqs.get(i.checked_sub(1)?)?;
        if addr >= seq.end {
            return None;
        }
        let j = seq.rows.partition_point(|r| r.addr <= addr);
        seq.rows.get(j.checked_sub(1)?).copied()
    }
}
