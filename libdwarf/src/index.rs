//! The address index behind [`crate::AddrLookup`].
//!
//! For each compilation unit, two tables are built on first use and kept:
//! - [`Lines`]: the line program's rows, the last row at each address only, in
//!   sequences sorted by start address, with file names rendered once;
//! - [`Funcs`]: every `DW_TAG_subprogram` with addresses and every
//!   `DW_TAG_inlined_subroutine` inside one, as address ranges sorted for binary
//!   search (inline ranges by call depth, then start address), found in one walk
//!   over the unit's DIEs. Names are not read during the walk: a frame's name is
//!   read from its DIE (following `DW_AT_abstract_origin`/`DW_AT_specification`)
//!   when an answer needs it, and cached by the caller.
//!
//! Units are independent, so [`Units::prepare`] builds the tables of many units on
//! several threads at once. The choices of unit, function, inline chain and row
//! follow the `addr2line` crate (0.25) exactly, so answers do not depend on which
//! engine produced them; what is new is the parallel build, a single DIE walk per
//! unit instead of one per function, and the discriminator kept in each row.

use std::cmp::Ordering;
use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};
use std::sync::{Arc, OnceLock};

use gimli::Reader as _;

use crate::Reader;

pub(crate) type Dwarf = gimli::Dwarf<Reader>;
type Unit = gimli::Unit<Reader>;

/// Upper bound on rows kept from one line program, so hostile input cannot make us
/// allocate without limit (a real program has at most a few rows per byte).
const MAX_ROWS: usize = 1 << 26;

/// Names found at the end of DIE references, by (DWARF identity, `.debug_info` offset).
/// The flag says whether the name came from `DW_AT_linkage_name` (or the MIPS one).
/// One per thread: names hold readers of shared sections, and sharing the map would
/// make the threads contend for it and for the readers' reference counts.
pub(crate) type RefNames =
    std::cell::RefCell<rustc_hash::FxHashMap<(usize, usize), Option<(Reader, bool)>>>;

/// How deep `DW_AT_abstract_origin`/`DW_AT_specification` chains are followed.
const NAME_DEPTH: usize = 16;

/// A copy of `dwarf` whose section readers share the same bytes under reference
/// counts of their own: a thread that clones and drops readers all the time (range
/// lists, names) then does not contend with the others for the shared counts.
pub(crate) fn local_copy(dwarf: &Dwarf) -> Dwarf {
    // `Dwarf::borrow` is deprecated in favour of `DwarfSections::borrow`, which would
    // need the sections kept apart from the `Dwarf`; this copy is what it is for.
    #[allow(deprecated)]
    let mut local = dwarf
        .borrow(|r: &Reader| Reader::new(crate::SharedBytes::new(Pinned(r.clone())), r.endian()));
    local.file_type = dwarf.file_type;
    local
}

/// A reader kept alive as the owner of its bytes.
struct Pinned(Reader);

impl AsRef<[u8]> for Pinned {
    fn as_ref(&self) -> &[u8] {
        self.0.bytes()
    }
}

/// A line table row: the last row the program emits at its address.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Row {
    pub(crate) addr: u64,
    pub(crate) file: u64,
    /// 0 when unknown.
    pub(crate) line: u32,
    /// 0 for the left edge.
    pub(crate) column: u32,
    pub(crate) discriminator: u32,
    /// No `DW_LNS_set_file` moved the file register off its initial value yet.
    pub(crate) initial_file: bool,
}

#[derive(Debug)]
struct Seq {
    start: u64,
    end: u64,
    rows: std::ops::Range<usize>,
}

/// One unit's line table.
#[derive(Debug, Default)]
pub(crate) struct Lines {
    /// The file names, rendered when an answer first needs them (a C++ unit names
    /// thousands of headers; few are asked for).
    files: Vec<OnceLock<Arc<str>>>,
    header: Option<gimli::LineProgramHeader<Reader>>,
    seqs: Vec<Seq>,
    rows: Vec<Row>,
    /// No two sequences overlap, so the one holding an address is unique and a
    /// caller's hint (the previous answer's sequence) gives the same one.
    disjoint: bool,
}

impl Lines {
    /// Ends the sequence whose rows start at `start` at address `end`: the start of
    /// the next sequence's rows.
    fn end_sequence(&mut self, start: usize, end: u64) -> usize {
        if let Some(first) = self.rows.get(start) {
            self.seqs.push(Seq {
                start: first.addr,
                end,
                rows: start..self.rows.len(),
            });
        }
        self.rows.len()
    }

    /// Adds row `r` to the sequence whose rows start at `start`; a later row at the
    /// same address replaces the earlier.
    fn push_row(&mut self, start: usize, r: Row) {
        let in_seq = self.rows.len() > start;
        match self.rows.last_mut() {
            Some(last) if in_seq && last.addr == r.addr => *last = r,
            _ => self.rows.push(r),
        }
    }

    /// After the last row: rows after the last end of sequence (from `start`) belong to
    /// no sequence; the sequences sorted, and whether they overlap noted.
    fn finish_rows(&mut self, start: usize) {
        self.rows.truncate(start);
        self.seqs.sort_by_key(|s| s.start);
        self.disjoint = self
            .seqs
            .windows(2)
            .all(|w| matches!(w, [a, b] if a.end <= b.start));
    }

    /// The table of BFD's misread rows ([`crate::bfdline`]): file entry 0 is BFD's
    /// no name (empty), entry 1 `<unknown>`.
    fn from_bfd_rows(rows: &[crate::bfdline::BfdRow]) -> Lines {
        let mut out = Lines::default();
        let mut start = 0usize;
        for &(addr, file, line, discriminator, end) in rows.iter().take(MAX_ROWS) {
            if end {
                start = out.end_sequence(start, addr);
                continue;
            }
            let r = Row {
                addr,
                file: u64::from(file.is_some()),
                line,
                column: 0,
                discriminator,
                initial_file: false,
            };
            out.push_row(start, r);
        }
        out.finish_rows(start);
        out.files = ["", "<unknown>"]
            .iter()
            .map(|n| OnceLock::from(Arc::from(*n)))
            .collect();
        out
    }

    fn parse(unit: gimli::UnitRef<'_, Reader>) -> Lines {
        let mut out = Lines::default();
        let Some(program) = unit.line_program.clone() else {
            return out;
        };
        let mut rows = program.rows();
        let mut start = 0usize;
        // gimli hides DW_LNS_set_file; a row whose file is not entry 1 (the initial
        // value) shows that the register moved. Assemblers only emit set_file when
        // the file changes, so this is exact for their output.
        let mut file_moved = false;
        let mut n = 0usize;
        // A malformed program ends the table where it breaks; the sequences read so
        // far stay usable.
        while let Ok(Some((_, row))) = rows.next_row() {
            n += 1;
            if n > MAX_ROWS {
                break;
            }
            if row.file_index() != 1 {
                file_moved = true;
            }
            if row.end_sequence() {
                start = out.end_sequence(start, row.address());
                file_moved = false;
                continue;
            }
            let r = Row {
                addr: row.address(),
                file: row.file_index(),
                line: u32::try_from(row.line().map_or(0, std::num::NonZeroU64::get))
                    .unwrap_or(u32::MAX),
                column: match row.column() {
                    gimli::ColumnType::LeftEdge => 0,
                    gimli::ColumnType::Column(c) => u32::try_from(c.get()).unwrap_or(u32::MAX),
                },
                discriminator: u32::try_from(row.discriminator()).unwrap_or(u32::MAX),
                initial_file: !file_moved,
            };
            out.push_row(start, r);
        }
        out.finish_rows(start);
        let header = rows.header();
        // Entry 0 always has a slot (empty before DWARF 5), then 1.. while present.
        let mut n = 1;
        while header.file(n).is_some() {
            n += 1;
        }
        out.files = (0..n).map(|_| OnceLock::new()).collect();
        out.header = Some(header.clone());
        out
    }

    /// The rendered name of file entry `index` (`unit` is the unit the table
    /// belongs to).
    pub(crate) fn file(&self, unit: gimli::UnitRef<'_, Reader>, index: u64) -> Option<Arc<str>> {
        let slot = self.files.get(usize::try_from(index).ok()?)?;
        Some(
            slot.get_or_init(|| {
                self.header
                    .as_ref()
                    .and_then(|h| Some((h, h.file(index)?)))
                    .map_or_else(
                        || Arc::from(""),
                        |(h, f)| Arc::from(render_file(unit, f, h).unwrap_or_default().as_str()),
                    )
            })
            .clone(),
        )
    }

    /// For DWARF 5 line tables: file entry 0 (see `LookupOptions::bfd_dwarf5_file0`).
    pub(crate) fn file0(&self, unit: gimli::UnitRef<'_, Reader>) -> Option<Arc<str>> {
        self.header
            .as_ref()
            .filter(|h| h.version() >= 5)
            .and_then(|_| self.file(unit, 0))
    }

    /// The row holding `probe`.
    pub(crate) fn find(&self, probe: u64, hint: &mut usize) -> Option<&Row> {
        // Sorted probes mostly fall in the sequence the previous one did.
        let seq = find_range(&self.seqs, self.disjoint, hint, probe, |s| (s.start, s.end))?;
        let rows = self.rows.get(seq.rows.clone())?;
        let i = match rows.binary_search_by(|r| r.addr.cmp(&probe)) {
            Ok(i) => i,
            Err(0) => return None,
            Err(i) => i - 1,
        };
        rows.get(i)
    }

    fn ranges(&self) -> impl Iterator<Item = gimli::Range> + '_ {
        self.seqs.iter().map(|s| gimli::Range {
            begin: s.start,
            end: s.end,
        })
    }
}

/// A line table file name as BFD's `concat_filename` renders it: a name starting
/// with `/` as it is; else the compilation directory (unless the entry's directory
/// starts with `/`), the entry's directory (not directory 0 before DWARF 5) and the
/// name, joined with `/` whatever the directory looks like (`C:\src` + `main.c` →
/// `C:\src/main.c`; `/a/` + `b.c` → `/a//b.c`).
fn render_file(
    unit: gimli::UnitRef<'_, Reader>,
    file: &gimli::FileEntry<Reader>,
    header: &gimli::LineProgramHeader<Reader>,
) -> gimli::Result<String> {
    let name = unit
        .attr_string(file.path_name())?
        .to_string_lossy()?
        .into_owned();
    if name.starts_with('/') {
        return Ok(name);
    }
    // Directory 0 is the compilation directory: before DWARF 5 implicitly (not
    // joined), from DWARF 5 on as an entry of its own, which GNU joins (clang
    // writes a relative one: `.` + `.` + `src/main.c`).
    let mut subdir = None;
    if file.directory_index() != 0 || header.version() >= 5 {
        if let Some(dir) = file.directory(header) {
            subdir = Some(unit.attr_string(dir)?.to_string_lossy()?.into_owned());
        }
    }
    let mut dir = match &subdir {
        Some(s) if s.starts_with('/') => None,
        _ => match &unit.comp_dir {
            Some(d) => Some(d.to_string_lossy()?.into_owned()),
            None => None,
        },
    };
    if dir.is_none() {
        dir = subdir.take();
    }
    Ok(match (dir, subdir) {
        (None, _) => name,
        (Some(d), None) => format!("{d}/{name}"),
        (Some(d), Some(s)) => format!("{d}/{s}/{name}"),
    })
}

/// The item of `items` (sorted by start) whose `[start, end)` holds `probe`, found by
/// binary search as the `addr2line` crate does; when no two items overlap, `hint` (the
/// previous answer's index, updated) is tried first.
pub(crate) fn find_range<'a, T>(
    items: &'a [T],
    disjoint: bool,
    hint: &mut usize,
    probe: u64,
    range: impl Fn(&T) -> (u64, u64),
) -> Option<&'a T> {
    let hinted = items.get(*hint).filter(|t| {
        let (start, end) = range(t);
        disjoint && probe >= start && probe < end
    });
    if hinted.is_some() {
        return hinted;
    }
    let i = items
        .binary_search_by(|t| {
            let (start, end) = range(t);
            if probe < start {
                Ordering::Greater
            } else if probe >= end {
                Ordering::Less
            } else {
                Ordering::Equal
            }
        })
        .ok()?;
    *hint = i;
    items.get(i)
}

/// The range attributes of a DIE.
#[derive(Default)]
struct RangeAttrs {
    low_pc: Option<u64>,
    high_pc: Option<u64>,
    size: Option<u64>,
    ranges: Option<gimli::RangeListsOffset<usize>>,
    /// Ignore a `DW_FORM_rnglistx` `DW_AT_ranges`, as BFD 2.40 does.
    no_rnglistx: bool,
}

impl RangeAttrs {
    /// Takes `attr` if it is a range attribute; says whether it was.
    fn take(&mut self, unit: gimli::UnitRef<'_, Reader>, attr: &gimli::Attribute<Reader>) -> bool {
        match attr.name() {
            gimli::DW_AT_low_pc => {
                self.low_pc = address(unit, attr.value());
            }
            gimli::DW_AT_high_pc => match attr.value() {
                gimli::AttributeValue::Udata(v) => self.size = Some(v),
                v => {
                    if let Some(a) = address(unit, v) {
                        self.high_pc = Some(a);
                    }
                }
            },
            gimli::DW_AT_ranges => {
                if self.no_rnglistx
                    && matches!(attr.value(), gimli::AttributeValue::DebugRngListsIndex(_))
                {
                    return true;
                }
                if let Ok(Some(o)) = unit.attr_ranges_offset(attr.value()) {
                    self.ranges = Some(o);
                }
            }
            _ => return false,
        }
        true
    }

    /// Calls `f` with each non-empty range; says whether there was one.
    fn for_each(&self, unit: gimli::UnitRef<'_, Reader>, mut f: impl FnMut(u64, u64)) -> bool {
        let mut any = false;
        let mut add = |begin: u64, end: u64| {
            if begin < end {
                f(begin, end);
                any = true;
            }
        };
        if let Some(o) = self.ranges {
            if let Ok(mut list) = unit.ranges(o) {
                while let Ok(Some(r)) = list.next() {
                    add(r.begin, r.end);
                }
            }
        } else if let (Some(b), Some(e)) = (self.low_pc, self.high_pc) {
            add(b, e);
        } else if let (Some(b), Some(size)) = (self.low_pc, self.size) {
            // A -1 tombstone wraps and is dropped as empty.
            add(b, b.wrapping_add(size));
        }
        any
    }
}

/// Reads the attributes in `specs` whose names `want` accepts and hands them to
/// `f`, skipping the others in runs (gimli skips fixed-size forms without
/// decoding them). Says whether every attribute could be read or skipped.
fn read_some(
    entries: &mut gimli::EntriesRaw<'_, '_, Reader>,
    specs: &[gimli::AttributeSpecification],
    want: impl Fn(gimli::DwAt) -> bool,
    mut f: impl FnMut(gimli::Attribute<Reader>),
) -> bool {
    let mut run = 0;
    for (i, spec) in specs.iter().enumerate() {
        if !want(spec.name()) {
            continue;
        }
        if entries
            .skip_attributes(specs.get(run..i).unwrap_or_default())
            .is_err()
        {
            return false;
        }
        match entries.read_attribute(*spec) {
            Ok(attr) => f(attr),
            Err(_) => return false,
        }
        run = i + 1;
    }
    entries
        .skip_attributes(specs.get(run..).unwrap_or_default())
        .is_ok()
}

/// Whether `abbrev` carries `DW_AT_declaration` (a declaration, not a definition).
fn is_declaration(abbrev: &gimli::Abbreviation) -> bool {
    abbrev
        .attributes()
        .iter()
        .any(|a| a.name() == gimli::DW_AT_declaration)
}

/// Hands `f` the name attributes (see `is_name_attr`) of the DIE at `offset` in `u`,
/// in order; `None` if the DIE cannot be read.
fn name_attrs(
    u: gimli::UnitRef<'_, Reader>,
    offset: gimli::UnitOffset<usize>,
    f: impl FnMut(gimli::Attribute<Reader>),
) -> Option<()> {
    let mut entries = u.entries_raw(Some(offset)).ok()?;
    let abbrev = entries.read_abbreviation().ok()??;
    read_some(&mut entries, abbrev.attributes(), is_name_attr, f);
    Some(())
}

fn is_range_attr(name: gimli::DwAt) -> bool {
    matches!(
        name,
        gimli::DW_AT_low_pc | gimli::DW_AT_high_pc | gimli::DW_AT_ranges
    )
}

fn is_name_attr(name: gimli::DwAt) -> bool {
    matches!(
        name,
        gimli::DW_AT_linkage_name
            | gimli::DW_AT_MIPS_linkage_name
            | gimli::DW_AT_name
            | gimli::DW_AT_abstract_origin
            | gimli::DW_AT_specification
    )
}

/// The string `v` gives, as `UnitRef::attr_string` reads it, but finding the end of
/// a `.debug_str` string with memchr (gimli looks at a byte at a time, and linkage
/// names run to hundreds of bytes: that scan was 3% of symbolizing a C++ program).
fn attr_str(u: gimli::UnitRef<'_, Reader>, v: gimli::AttributeValue<Reader>) -> Option<Reader> {
    use gimli::Section as _;
    let offset = match v {
        gimli::AttributeValue::DebugStrRef(o) => o,
        gimli::AttributeValue::DebugStrOffsetsIndex(i) => u
            .dwarf
            .debug_str_offsets
            .get_str_offset(u.header.format(), u.str_offsets_base, i)
            .ok()?,
        v => return u.attr_string(v).ok(),
    };
    let section = u.dwarf.debug_str.reader();
    let rest = section.bytes().get(offset.0..)?;
    let end = offset.0.checked_add(memchr::memchr(0, rest)?)?;
    Some(section.range(offset.0..end))
}

fn address(unit: gimli::UnitRef<'_, Reader>, v: gimli::AttributeValue<Reader>) -> Option<u64> {
    match v {
        gimli::AttributeValue::Addr(a) => Some(a),
        gimli::AttributeValue::DebugAddrIndex(i) => unit.address(i).ok(),
        _ => None,
    }
}

/// A function's or inlined call's address range.
#[derive(Debug, Clone, Copy)]
struct Span {
    begin: u64,
    end: u64,
    /// Inline call depth (0 for functions and for the outermost inlined calls).
    depth: u32,
    /// Index into `Funcs::funcs` (for function spans) or `Funcs::inlined`.
    item: u32,
}

#[derive(Debug)]
struct Func {
    die: usize,
    /// The start of its first range.
    low: u64,
    /// BFD's `arange.low`: the start of its first range, grown by the ranges
    /// that abut it.
    bfd_low: u64,
    /// This function's inline spans in `Funcs::inline_spans`.
    inlines: std::ops::Range<usize>,
}

/// A DIE reference as an attribute gives it.
#[derive(Debug, Clone, Copy)]
pub(crate) enum DieRef {
    /// `DW_FORM_ref*`: inside the same unit.
    Unit(usize),
    /// `DW_FORM_ref_addr`: a `.debug_info` offset.
    Info(usize),
    /// `DW_FORM_ref_sup*`/`DW_FORM_GNU_ref_alt`: in the supplementary file.
    Sup(usize),
}

impl DieRef {
    fn from_value(v: &gimli::AttributeValue<Reader>) -> Option<DieRef> {
        match *v {
            gimli::AttributeValue::UnitRef(o) => Some(DieRef::Unit(o.0)),
            gimli::AttributeValue::DebugInfoRef(o) => Some(DieRef::Info(o.0)),
            gimli::AttributeValue::DebugInfoRefSup(o) => Some(DieRef::Sup(o.0)),
            _ => None,
        }
    }

    /// A key for the DIE referred to from a unit at `.debug_info` offset `base`:
    /// its `.debug_info` offset, with the top bit set for the supplementary file.
    pub(crate) fn info_offset(self, base: usize) -> usize {
        match self {
            DieRef::Unit(o) => base.wrapping_add(o),
            DieRef::Info(o) => o,
            DieRef::Sup(o) => o | !(usize::MAX >> 1),
        }
    }

    fn value(self) -> gimli::AttributeValue<Reader> {
        match self {
            DieRef::Unit(o) => gimli::AttributeValue::UnitRef(gimli::UnitOffset(o)),
            DieRef::Info(o) => gimli::AttributeValue::DebugInfoRef(gimli::DebugInfoOffset(o)),
            DieRef::Sup(o) => gimli::AttributeValue::DebugInfoRefSup(gimli::DebugInfoOffset(o)),
        }
    }
}

/// An inlined call: its DIE and call site.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Inlined {
    pub(crate) die: usize,
    /// The call's `DW_AT_abstract_origin`, when that alone names it (the DIE has no
    /// other name attribute): read during the walk, so an answer goes straight to
    /// the origin instead of reading the call's DIE again.
    pub(crate) origin: Option<DieRef>,
    pub(crate) call_file: Option<u64>,
    pub(crate) call_line: u32,
    pub(crate) call_column: u32,
    /// BFD's `arange.low` of the call (see `Func::bfd_low`); 0 without ranges.
    pub(crate) bfd_low: u64,
}

/// A unit's functions and inlined calls.
#[derive(Debug, Default)]
pub(crate) struct Funcs {
    spans: Vec<Span>,
    /// No two function spans overlap (see `Lines::disjoint`).
    disjoint: bool,
    funcs: Vec<Func>,
    inline_spans: Vec<Span>,
    inlined: Vec<Inlined>,
    /// The split unit the DIEs live in, when the unit is a skeleton whose `.dwo`
    /// was found.
    pub(crate) dwo: Option<(Arc<Dwarf>, Unit)>,
}

/// What a lookup found in one unit: the function's DIE and the inline chain,
/// outermost first.
#[derive(Debug, Default)]
pub(crate) struct Hit {
    pub(crate) function: Option<usize>,
    /// The start of the function's first range.
    pub(crate) function_low: u64,
    /// BFD's `arange.low` of the function (see `Func::bfd_low`).
    pub(crate) function_bfd_low: u64,
    pub(crate) inlined: Vec<Inlined>,
}

impl Funcs {
    /// `no_rnglistx`: function ranges given by `DW_FORM_rnglistx` are ignored (BFD).
    fn parse(unit: gimli::UnitRef<'_, Reader>, no_rnglistx: bool) -> Funcs {
        let new_range = || RangeAttrs {
            no_rnglistx,
            ..RangeAttrs::default()
        };
        let mut out = Funcs::default();
        let Ok(mut entries) = unit.entries_raw(None) else {
            return out;
        };
        // (depth, function index, inline depth of the children) for the open
        // subprograms and inlined calls around the current DIE; `None` for a
        // subprogram without addresses, whose subtree belongs to no function.
        let mut stack: Vec<(isize, Option<u32>, u32)> = Vec::new();
        // Inline spans with their function index, before grouping.
        let mut inl: Vec<(u32, Span)> = Vec::new();
        // Added to the cursor's depth: a cursor restarted past a skipped subtree
        // counts from 0 again.
        let mut base = 0isize;
        while !entries.is_empty() {
            let die = entries.next_offset().0;
            let depth = entries.next_depth().saturating_add(base);
            let abbrev = match entries.read_abbreviation() {
                Ok(Some(a)) => a,
                Ok(None) => continue,
                Err(_) => break,
            };
            while stack.last().is_some_and(|s| s.0 >= depth) {
                stack.pop();
            }
            let owner = stack.last().and_then(|s| s.1.map(|f| (f, s.2)));
            let ok = match abbrev.tag() {
                gimli::DW_TAG_subprogram => {
                    let mut r = new_range();
                    let mut sibling = None;
                    let want = |n| is_range_attr(n) || n == gimli::DW_AT_sibling;
                    let ok = read_some(&mut entries, abbrev.attributes(), want, |a| {
                        if let gimli::AttributeValue::UnitRef(o) = a.value() {
                            sibling = Some(o);
                        } else {
                            r.take(unit, &a);
                        }
                    });
                    let index = u32::try_from(out.funcs.len()).unwrap_or(u32::MAX);
                    let spans = &mut out.spans;
                    // BFD's first arange: the first range, grown by the ranges
                    // that abut one it already has (`arange_add`).
                    let mut aranges: Vec<(u64, u64)> = Vec::new();
                    let mut first = None;
                    let has = r.for_each(unit, |begin, end| {
                        first.get_or_insert(begin);
                        if begin != end {
                            let n = aranges.len();
                            match aranges.iter_mut().find(|a| a.1 == begin || a.0 == end) {
                                Some(a) if a.1 == begin => a.1 = end,
                                Some(a) => a.0 = begin,
                                None if n < 64 => aranges.push((begin, end)),
                                None => {}
                            }
                        }
                        spans.push(Span {
                            begin,
                            end,
                            depth: 0,
                            item: index,
                        });
                    });
                    if has {
                        out.funcs.push(Func {
                            die,
                            low: first.unwrap_or_default(),
                            bfd_low: aranges.first().map_or(0, |a| a.0),
                            inlines: 0..0,
                        });
                    }
                    // A declaration's children are its parameters: nothing with code.
                    // Its subtree (29% of the DIE bytes of a GCC C++ program) is
                    // skipped when DW_AT_sibling says where it ends (forward only, so
                    // hostile input cannot loop).
                    let skip_to = sibling.filter(|o| {
                        ok && !has && o.0 > die && abbrev.has_children() && is_declaration(abbrev)
                    });
                    if let Some(e) = skip_to.and_then(|o| unit.entries_raw(Some(o)).ok()) {
                        entries = e;
                        base = depth;
                        continue;
                    }
                    if abbrev.has_children() {
                        stack.push((depth, has.then_some(index), 0));
                    }
                    ok
                }
                gimli::DW_TAG_inlined_subroutine if owner.is_some() => {
                    let (func, inline_depth) = owner.unwrap_or_default();
                    let mut r = new_range();
                    let mut call = Inlined {
                        die,
                        origin: None,
                        call_file: None,
                        call_line: 0,
                        call_column: 0,
                        bfd_low: 0,
                    };
                    // The origin names the call when it is the only name attribute.
                    let mut origins = 0;
                    let mut named = false;
                    for a in abbrev.attributes() {
                        match a.name() {
                            gimli::DW_AT_abstract_origin => origins += 1,
                            n => named |= is_name_attr(n),
                        }
                    }
                    let by_origin = origins == 1 && !named;
                    let want = |n| {
                        is_range_attr(n)
                            || matches!(
                                n,
                                gimli::DW_AT_call_file
                                    | gimli::DW_AT_call_line
                                    | gimli::DW_AT_call_column
                            )
                            || (by_origin && n == gimli::DW_AT_abstract_origin)
                    };
                    let ok = read_some(&mut entries, abbrev.attributes(), want, |attr| {
                        if r.take(unit, &attr) {
                            return;
                        }
                        match attr.name() {
                            gimli::DW_AT_call_file => {
                                // DWARF 5 made file index 0 a real entry (LLVM uses it).
                                if let gimli::AttributeValue::FileIndex(fi) = attr.value() {
                                    if fi > 0 || unit.header.version() >= 5 {
                                        call.call_file = Some(fi);
                                    }
                                }
                            }
                            gimli::DW_AT_call_line => {
                                call.call_line = attr.udata_value().map_or(0, |v| v as u32);
                            }
                            gimli::DW_AT_call_column => {
                                call.call_column = attr.udata_value().map_or(0, |v| v as u32);
                            }
                            gimli::DW_AT_abstract_origin => {
                                call.origin = DieRef::from_value(&attr.value());
                            }
                            _ => {}
                        }
                    });
                    let item = u32::try_from(out.inlined.len()).unwrap_or(u32::MAX);
                    // BFD's first arange: the first range, grown by later ones that abut it.
                    let mut first: Option<(u64, u64)> = None;
                    r.for_each(unit, |begin, end| match &mut first {
                        None => first = Some((begin, end)),
                        Some(a) if a.1 == begin => a.1 = end,
                        Some(a) if a.0 == end => a.0 = begin,
                        Some(_) => {}
                    });
                    call.bfd_low = first.map_or(0, |a| a.0);
                    out.inlined.push(call);
                    let has = r.for_each(unit, |begin, end| {
                        inl.push((
                            func,
                            Span {
                                begin,
                                end,
                                depth: inline_depth,
                                item,
                            },
                        ));
                    });
                    // A call without ranges (BFD ignores `DW_FORM_rnglistx` ones) holds
                    // no address: the calls inside it take its depth.
                    if abbrev.has_children() {
                        let d = if has {
                            inline_depth.saturating_add(1)
                        } else {
                            inline_depth
                        };
                        stack.push((depth, Some(func), d));
                    }
                    ok
                }
                _ => entries.skip_attributes(abbrev.attributes()).is_ok(),
            };
            if !ok {
                break;
            }
        }
        // Binary search needs the spans sorted; ties keep DIE order (items grow in
        // DIE order, so the item and end as tie-breaks give a stable sort's order).
        out.spans.sort_unstable_by_key(|s| (s.begin, s.item, s.end));
        out.disjoint = out
            .spans
            .windows(2)
            .all(|w| matches!(w, [a, b] if a.end <= b.begin));
        // Inline spans grouped by function, then in "breadth-first" order (depth,
        // then start) so the span at a given depth can be found by binary search.
        inl.sort_unstable_by_key(|(f, s)| (*f, s.depth, s.begin, s.item, s.end));
        out.inline_spans.reserve_exact(inl.len());
        let mut i = 0;
        while let Some(&(f, _)) = inl.get(i) {
            let start = i;
            while inl.get(i).is_some_and(|x| x.0 == f) {
                i += 1;
            }
            if let Some(func) = out.funcs.get_mut(f as usize) {
                func.inlines = start..i;
            }
        }
        out.inline_spans.extend(inl.into_iter().map(|(_, s)| s));
        out
    }

    /// The function holding `probe` and the inlined calls holding it, outermost first.
    pub(crate) fn find(&self, probe: u64, hint: &mut usize) -> Option<Hit> {
        let span = find_range(&self.spans, self.disjoint, hint, probe, |s| {
            (s.begin, s.end)
        })?;
        let func = self.funcs.get(span.item as usize)?;
        let mut hit = Hit {
            function: Some(func.die),
            function_low: func.low,
            function_bfd_low: func.bfd_low,
            inlined: Vec::new(),
        };
        let mut spans = self
            .inline_spans
            .get(func.inlines.clone())
            .unwrap_or_default();
        // Bounded by the number of spans: each step consumes at least one.
        loop {
            let depth = u32::try_from(hit.inlined.len()).unwrap_or(u32::MAX);
            let found = spans.binary_search_by(|s| {
                if s.depth > depth {
                    Ordering::Greater
                } else if s.depth < depth {
                    Ordering::Less
                } else if s.begin > probe {
                    Ordering::Greater
                } else if s.end <= probe {
                    Ordering::Less
                } else {
                    Ordering::Equal
                }
            });
            let Ok(i) = found else { break };
            let Some(call) = spans.get(i).and_then(|s| self.inlined.get(s.item as usize)) else {
                break;
            };
            hit.inlined.push(*call);
            spans = spans.get(i + 1..).unwrap_or_default();
        }
        Some(hit)
    }
}

/// What is needed to find a skeleton unit's split unit.
#[derive(Debug)]
pub(crate) struct SplitLoad<'a> {
    pub(crate) dwo_id: gimli::DwoId,
    pub(crate) comp_dir: Option<Reader>,
    pub(crate) path: Option<Reader>,
    pub(crate) parent: &'a Arc<Dwarf>,
}

/// Finds split units (`.dwo` files, a `.dwp` package).
pub(crate) trait SplitLoader: Sync {
    /// The DWARF of the split unit `load` describes, if it can be found.
    fn load(&self, load: &SplitLoad<'_>) -> Option<Arc<Dwarf>>;
}

/// One unit of `.debug_info` and its lazily built tables.
#[derive(Debug)]
pub(crate) struct UnitEntry {
    pub(crate) offset: usize,
    pub(crate) unit: Unit,
    /// The unit DIE's `DW_AT_language`.
    pub(crate) lang: Option<gimli::DwLang>,
    lines: OnceLock<Lines>,
    funcs: OnceLock<Funcs>,
    /// Read functions as BFD 2.40 does (`BfdQuirks::unit_errors`).
    bfd: bool,
    /// Read the line table as BFD misreads it ([`crate::bfdline`]).
    misread: bool,
}

impl UnitEntry {
    fn new(offset: usize, unit: Unit) -> Self {
        UnitEntry {
            offset,
            unit,
            lang: None,
            lines: OnceLock::new(),
            funcs: OnceLock::new(),
            bfd: false,
            misread: false,
        }
    }

    /// The unit's line table (line tables always live in the main file).
    pub(crate) fn lines(&self, dwarf: &Dwarf) -> &Lines {
        self.lines.get_or_init(|| {
            let u = gimli::UnitRef::new(dwarf, &self.unit);
            match self
                .misread
                .then(|| crate::bfdline::misread_rows(u))
                .flatten()
            {
                Some(rows) => Lines::from_bfd_rows(&rows),
                None => Lines::parse(u),
            }
        })
    }

    /// The unit's functions, from its split unit when it is a skeleton.
    pub(crate) fn funcs(&self, dwarf: &Arc<Dwarf>, loader: &dyn SplitLoader) -> &Funcs {
        self.funcs_with(dwarf, dwarf, loader)
    }

    /// [`UnitEntry::funcs`], reading range lists through `local` (a copy of `dwarf`
    /// with reference counts of the calling thread's own).
    pub(crate) fn funcs_with(
        &self,
        dwarf: &Arc<Dwarf>,
        local: &Dwarf,
        loader: &dyn SplitLoader,
    ) -> &Funcs {
        self.funcs.get_or_init(|| {
            if let Some((d, u)) = self.split(dwarf, loader) {
                let mut f = Funcs::parse(gimli::UnitRef::new(&d, &u), self.bfd);
                f.dwo = Some((d, u));
                f
            } else {
                Funcs::parse(gimli::UnitRef::new(local, &self.unit), self.bfd)
            }
        })
    }

    fn split(&self, dwarf: &Arc<Dwarf>, loader: &dyn SplitLoader) -> Option<(Arc<Dwarf>, Unit)> {
        let dwo_id = self.unit.dwo_id?;
        let path = match self.unit.dwo_name() {
            Ok(Some(v)) => Some(dwarf.attr_string(&self.unit, v).ok()?),
            Ok(None) => None,
            Err(_) => return None,
        };
        let d = loader.load(&SplitLoad {
            dwo_id,
            comp_dir: self.unit.comp_dir.clone(),
            path,
            parent: dwarf,
        })?;
        let header = d.units().next().ok()??;
        let mut u = d.unit(header).ok()?;
        u.copy_relocated_attributes(&self.unit);
        Some((d, u))
    }
}

#[derive(Debug)]
struct UnitRange {
    begin: u64,
    end: u64,
    /// The least `begin` of this and every later range (in end order).
    min_begin: u64,
    unit: usize,
}

/// The units of one DWARF file and the address ranges that lead to them.
#[derive(Debug)]
pub(crate) struct Units {
    pub(crate) dwarf: Arc<Dwarf>,
    /// Compilation, partial and skeleton units (and type units for BFD), in
    /// `.debug_info` order.
    pub(crate) units: Vec<UnitEntry>,
    ranges: Vec<UnitRange>,
    /// The supplementary file's units, in order.
    pub(crate) sup_units: Vec<(usize, Unit)>,
    /// BFD's messages for the unit headers and line tables it would refuse.
    pub(crate) errors: Vec<String>,
    /// Try the units holding an address in `.debug_info` order (BFD's), not by the
    /// end of the range that holds it.
    unit_order: bool,
    /// See [`BfdQuirks::alt_missing`].
    alt_missing: bool,
    /// See [`BfdQuirks::by_lang`].
    by_lang: bool,
    /// BFD's trie of the units' ranges ([`Units::bfd_trie`]).
    trie: OnceLock<crate::trie::BfdTrie>,
}

/// BFD's message for the line table of a unit gimli could not read, if that is
/// what failed.
fn line_error(dwarf: &Dwarf, header: gimli::UnitHeader<Reader>) -> Option<String> {
    let abbrevs = dwarf.abbreviations(&header).ok()?;
    let mut entries = header.entries(&abbrevs);
    let (_, die) = entries.next_dfs().ok()??;
    let gimli::AttributeValue::DebugLineRef(off) =
        die.attr_value(gimli::DW_AT_stmt_list).ok()??
    else {
        return None;
    };
    use gimli::Section as _;
    crate::diag::line_table(dwarf.debug_line.reader(), off.0, header.address_size())
}

/// Which of BFD 2.40's failures [`Units::new`] reproduces.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct BfdQuirks {
    /// Units are found by their line sequences too (see `LookupOptions::bfd_line_ranges`).
    pub(crate) line_ranges: bool,
    /// Leave out the units BFD cannot read (see `LookupOptions::bfd_unit_errors`).
    pub(crate) unit_errors: bool,
    /// `.debug_rnglists` came from `.zdebug_rnglists`, which BFD 2.40 does not find.
    pub(crate) no_rnglists: bool,
    /// BFD would not find the `.gnu_debugaltlink` file (see
    /// `LookupOptions::bfd_altlink`).
    pub(crate) alt_missing: bool,
    /// Names say whether they are linkage names ([`Units::die_name`]'s flag): by the
    /// language of the unit each is read in, as BFD decides (a name reached in a
    /// `dwz` partial unit, which has no language, is not).
    pub(crate) by_lang: bool,
}

/// How BFD fails on a unit.
enum Refusal {
    /// `parse_comp_unit` fails: no unit from here on is read.
    Stop,
    /// The unit's line table or DIEs cannot be read: it answers nothing.
    Unit,
    /// Its line table is read wrong, but not so wrong that BFD gives up (see
    /// [`crate::bfdline`]).
    Misread,
}

/// Whether and how BFD 2.40 fails on `unit`: a unit DIE whose `DW_AT_ranges` it
/// cannot read (`.zdebug_rnglists`; `DW_RLE_*x` entries) or with a form it cannot
/// read (`DW_FORM_ref_sup4`…) stops the reading of units; such a form in another DIE,
/// a DWARF 5 line table whose offset size differs from the unit's (BFD reads its
/// `DW_FORM_line_strp` names with the unit's size), or a function's `DW_AT_ranges` it
/// cannot read, makes the unit answer nothing.
fn bfd_refusal(dwarf: &Dwarf, unit: &Unit, quirks: BfdQuirks) -> Option<Refusal> {
    let no_rnglists = quirks.no_rnglists;
    let u = gimli::UnitRef::new(dwarf, unit);
    let v5 = unit.header.version() >= 5;
    // Forms BFD 2.40 cannot read (`read_attribute_value`): in the unit DIE they stop
    // the reading of units, in any other DIE they fail the unit.
    let unread = |a: &gimli::Abbreviation| {
        a.attributes().iter().any(|s| {
            matches!(
                s.form(),
                gimli::DW_FORM_ref_sup4
                    | gimli::DW_FORM_ref_sup8
                    | gimli::DW_FORM_strp_sup
                    | gimli::DW_FORM_GNU_addr_index
                    | gimli::DW_FORM_GNU_str_index
            )
        })
    };
    let mut bad_form = false;
    let mut misread = false;
    if let Ok(mut raw) = unit.entries_raw(None) {
        let mut top = true;
        while !raw.is_empty() {
            let Ok(a) = raw.read_abbreviation() else {
                break;
            };
            let Some(a) = a else { continue };
            if unread(a) {
                if top {
                    return Some(Refusal::Stop);
                }
                bad_form = true;
                break;
            }
            // A function whose abstract origin or specification is in the
            // `.gnu_debugaltlink` file BFD did not find (`find_abstract_instance`).
            if quirks.alt_missing
                && is_function(a.tag())
                && a.attributes().iter().any(|s| {
                    s.form() == gimli::DW_FORM_GNU_ref_alt
                        && matches!(
                            s.name(),
                            gimli::DW_AT_abstract_origin | gimli::DW_AT_specification
                        )
                })
            {
                bad_form = true;
                break;
            }
            top = false;
            if raw.skip_attributes(a.attributes()).is_err() {
                break;
            }
        }
    }
    let mut entries = unit.entries();
    let (_, top) = entries.next_dfs().ok()??;
    if let Ok(Some(v)) = top.attr_value(gimli::DW_AT_ranges) {
        if v5 && no_rnglists {
            return Some(Refusal::Stop);
        }
        // BFD 2.40 ignores a `DW_FORM_rnglistx` `DW_AT_ranges` (not an integer form).
        let offset = match v {
            gimli::AttributeValue::DebugRngListsIndex(_) => None,
            v => u.attr_ranges_offset(v).ok().flatten(),
        };
        if let Some(o) = offset {
            if v5
                && dwarf
                    .ranges
                    .raw_ranges(o, unit.encoding())
                    .is_ok_and(|mut r| {
                        std::iter::from_fn(|| r.next().ok().flatten()).any(|e| {
                            matches!(
                                e,
                                gimli::RawRngListEntry::BaseAddressx { .. }
                                    | gimli::RawRngListEntry::StartxEndx { .. }
                                    | gimli::RawRngListEntry::StartxLength { .. }
                            )
                        })
                    })
            {
                return Some(Refusal::Stop);
            }
        }
    }
    if let Some(p) = &unit.line_program {
        let h = p.header();
        let strp = |f: &gimli::FileEntryFormat| {
            matches!(f.form, gimli::DW_FORM_line_strp | gimli::DW_FORM_strp)
        };
        if h.version() >= 5
            && h.format() != unit.header.format()
            && (h.directory_entry_format().iter().any(strp)
                || h.file_name_entry_format().iter().any(strp))
        {
            if crate::bfdline::misread_rows(u).is_none() {
                return Some(Refusal::Unit);
            }
            misread = true;
        }
    }
    if bad_form {
        return Some(Refusal::Unit);
    }
    if v5 && no_rnglists {
        let mut e = unit.entries();
        while let Ok(Some((_, d))) = e.next_dfs() {
            if matches!(
                d.tag(),
                gimli::DW_TAG_subprogram | gimli::DW_TAG_inlined_subroutine
            ) && d.attr(gimli::DW_AT_ranges).ok().flatten().is_some()
            {
                return Some(Refusal::Unit);
            }
        }
    }
    misread.then_some(Refusal::Misread)
}

/// The `DW_AT_language` of `u`'s unit DIE.
fn unit_lang(u: gimli::UnitRef<'_, Reader>) -> Option<gimli::DwLang> {
    let mut entries = u.entries_raw(None).ok()?;
    let abbrev = entries.read_abbreviation().ok()??;
    for spec in abbrev.attributes() {
        let attr = entries.read_attribute(*spec).ok()?;
        if let gimli::AttributeValue::Language(l) = attr.value() {
            return Some(l);
        }
    }
    None
}

fn is_function(tag: gimli::DwTag) -> bool {
    matches!(
        tag,
        gimli::DW_TAG_subprogram | gimli::DW_TAG_inlined_subroutine | gimli::DW_TAG_entry_point
    )
}

impl Units {
    /// Reads the unit headers and the units' address ranges (from `DW_AT_ranges`,
    /// then `.debug_aranges`, then `DW_AT_low_pc`/`DW_AT_high_pc`, then the line
    /// table's sequences), as the `addr2line` crate does. With `line_ranges`, every
    /// unit's line sequences lead to it as well (as in BFD, which adds them to the
    /// unit's ranges once it has read the line table).
    pub(crate) fn new(dwarf: Arc<Dwarf>, quirks: BfdQuirks) -> Units {
        let line_ranges = quirks.line_ranges;
        let mut aranges = Vec::new();
        let mut headers = dwarf.debug_aranges.headers();
        while let Ok(Some(h)) = headers.next() {
            aranges.push((h.debug_info_offset().0, h.offset()));
        }
        aranges.sort_by_key(|a| a.0);

        let mut units = Vec::new();
        let mut ranges = Vec::new();
        let mut errors = Vec::new();
        let info = {
            use gimli::Section as _;
            dwarf.debug_info.reader().clone()
        };
        let mut iter = dwarf.units();
        // Where the next header starts, to say what stopped gimli's walk.
        let mut next_at = 0usize;
        loop {
            let header = match iter.next() {
                Ok(Some(h)) => h,
                Ok(None) => break,
                Err(_) => {
                    errors.extend(crate::diag::unit_header(&info, next_at));
                    break;
                }
            };
            let Some(offset) = header.offset().as_debug_info_offset() else {
                continue;
            };
            next_at = offset.0.saturating_add(header.length_including_self());
            if let Some(e) = crate::diag::unit_header(&info, offset.0) {
                errors.push(e);
                continue;
            }
            let mut need_range = match header.type_() {
                // BFD reads a DWARF 5 type unit as any other: it has no ranges, but its
                // line table (often the compilation unit's) leads to it, and it names no
                // function (so the symbol table does).
                gimli::UnitType::Type { .. } if line_ranges => true,
                gimli::UnitType::Type { .. } | gimli::UnitType::SplitType { .. } => continue,
                gimli::UnitType::Partial => false,
                _ => true,
            };
            let unit = match dwarf.unit(header.clone()) {
                Ok(u) => u,
                Err(_) => {
                    errors.extend(line_error(&dwarf, header));
                    continue;
                }
            };
            let mut misread = false;
            if quirks.unit_errors {
                match bfd_refusal(&dwarf, &unit, quirks) {
                    Some(Refusal::Stop) => break,
                    Some(Refusal::Unit) => continue,
                    Some(Refusal::Misread) => misread = true,
                    None => {}
                }
            }
            let id = units.len();
            let mut entry = UnitEntry::new(offset.0, unit);
            entry.bfd = quirks.unit_errors;
            entry.misread = misread;
            let u = gimli::UnitRef::new(&dwarf, &entry.unit);
            let mut push = |begin, end| {
                ranges.push(UnitRange {
                    begin,
                    end,
                    min_begin: 0,
                    unit: id,
                });
            };
            let mut lang = None;
            if need_range {
                let mut r = RangeAttrs::default();
                let Ok(mut entries) = u.entries_raw(None) else {
                    continue;
                };
                let Ok(Some(abbrev)) = entries.read_abbreviation() else {
                    continue;
                };
                for spec in abbrev.attributes() {
                    let Ok(attr) = entries.read_attribute(*spec) else {
                        break;
                    };
                    if let gimli::AttributeValue::Language(l) = attr.value() {
                        lang = Some(l);
                    }
                    r.take(u, &attr);
                }
                if r.ranges.is_none() {
                    // Every set for this unit (there should be one; more are seen).
                    let first = aranges.partition_point(|a| a.0 < offset.0);
                    let sets = aranges.get(first..).unwrap_or_default();
                    for &(_, at) in sets.iter().take_while(|a| a.0 == offset.0) {
                        let Ok(h) = dwarf.debug_aranges.header(at) else {
                            continue;
                        };
                        let mut e = h.entries();
                        loop {
                            match e.next() {
                                Ok(Some(a)) => {
                                    if a.length() != 0 {
                                        let rg = a.range();
                                        push(rg.begin, rg.end);
                                        need_range = false;
                                    }
                                }
                                Ok(None) => break,
                                // Skip an entry that overflows; stop at others.
                                Err(gimli::Error::AddressOverflow) => continue,
                                Err(_) => break,
                            }
                        }
                    }
                }
                if need_range {
                    need_range = !r.for_each(u, &mut push);
                }
            }
            if need_range || line_ranges {
                // No declared ranges: use the line table's sequences.
                for rg in entry.lines(&dwarf).ranges() {
                    push(rg.begin, rg.end);
                }
            }
            entry.lang = lang;
            units.push(entry);
        }
        ranges.sort_by_key(|r| r.end);
        let mut min = u64::MAX;
        for r in ranges.iter_mut().rev() {
            min = min.min(r.begin);
            r.min_begin = min;
        }

        let mut sup_units = Vec::new();
        if let Some(sup) = dwarf.sup() {
            let mut iter = sup.units();
            while let Ok(Some(h)) = iter.next() {
                let Some(o) = h.offset().as_debug_info_offset() else {
                    continue;
                };
                if let Ok(u) = sup.unit(h) {
                    sup_units.push((o.0, u));
                }
            }
        }
        Units {
            dwarf,
            units,
            ranges,
            sup_units,
            errors,
            unit_order: line_ranges,
            alt_missing: quirks.alt_missing,
            by_lang: quirks.by_lang,
            trie: OnceLock::new(),
        }
    }

    /// BFD's trie of the units' ranges (see [`crate::trie`]), built on first use
    /// from every unit: the units' own ranges first (BFD reads every unit DIE on
    /// its first miss), then each unit's line sequences and functions.
    pub(crate) fn bfd_trie(&self, loader: &dyn SplitLoader) -> &crate::trie::BfdTrie {
        self.trie.get_or_init(|| {
            let mut t = crate::trie::BfdTrie::default();
            for (i, e) in self.units.iter().enumerate() {
                let u = gimli::UnitRef::new(&self.dwarf, &e.unit);
                let mut r = RangeAttrs {
                    no_rnglistx: true,
                    ..RangeAttrs::default()
                };
                if let Ok(mut entries) = u.entries_raw(None) {
                    if let Ok(Some(abbrev)) = entries.read_abbreviation() {
                        for spec in abbrev.attributes() {
                            let Ok(attr) = entries.read_attribute(*spec) else {
                                break;
                            };
                            r.take(u, &attr);
                        }
                    }
                }
                r.for_each(u, |b, end| t.insert(i, b, end));
            }
            // BFD reads the line table at offset 0 once, for the first unit that
            // asks (a type unit, often), and files its sequences for that unit only.
            let mut zero_read = false;
            for (i, e) in self.units.iter().enumerate() {
                let at_zero = e
                    .unit
                    .line_program
                    .as_ref()
                    .is_some_and(|p| p.header().offset().0 == 0);
                if !(at_zero && zero_read) {
                    for rg in e.lines(&self.dwarf).ranges() {
                        t.insert(i, rg.begin, rg.end);
                    }
                }
                zero_read |= at_zero;
                let f = e.funcs(&self.dwarf, loader);
                for s in f.spans.iter().chain(&f.inline_spans) {
                    t.insert(i, s.begin, s.end);
                }
            }
            t
        })
    }

    /// The units whose ranges hold `probe`, in the order they are tried.
    pub(crate) fn candidates(&self, probe: u64) -> impl Iterator<Item = usize> + '_ {
        // BFD tries the units holding an address in `.debug_info` order.
        let sorted = self.unit_order.then(|| {
            let mut v: Vec<usize> = self.ranges_holding(probe).collect();
            v.sort_unstable();
            v.dedup();
            v
        });
        let direct = sorted.is_none().then(|| self.ranges_holding(probe));
        sorted
            .into_iter()
            .flatten()
            .chain(direct.into_iter().flatten())
    }

    fn ranges_holding(&self, probe: u64) -> impl Iterator<Item = usize> + '_ {
        let end = probe.saturating_add(1);
        let pos = match self.ranges.binary_search_by_key(&probe, |r| r.end) {
            Ok(i) => i + 1,
            Err(i) => i,
        };
        self.ranges
            .get(pos..)
            .unwrap_or_default()
            .iter()
            .take_while(move |r| end > r.min_begin)
            .filter(move |r| probe < r.end && end > r.begin)
            .map(|r| r.unit)
    }

    /// Builds the tables of the units that the addresses in `probes` lead to first,
    /// on up to `threads` threads.
    pub(crate) fn prepare(&self, probes: &[u64], loader: &dyn SplitLoader, threads: usize) {
        let mut want: Vec<usize> = probes
            .iter()
            .filter_map(|&p| self.candidates(p).next())
            .collect();
        want.sort_unstable();
        want.dedup();
        want.retain(|&u| {
            self.units
                .get(u)
                .is_some_and(|e| e.funcs.get().is_none() || e.lines.get().is_none())
        });
        // Biggest first, for balance.
        want.sort_by_key(|&u| {
            std::cmp::Reverse(
                self.units
                    .get(u)
                    .map_or(0, |e| e.unit.header.length_including_self()),
            )
        });
        let build = |u: usize, local: &Dwarf| {
            if let Some(e) = self.units.get(u) {
                e.lines(&self.dwarf);
                e.funcs_with(&self.dwarf, local, loader);
            }
        };
        let threads = threads.min(want.len());
        if threads <= 1 {
            want.into_iter().for_each(|u| build(u, &self.dwarf));
            return;
        }
        let next = AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| {
                    let local = local_copy(&self.dwarf);
                    while let Some(&u) = want.get(next.fetch_add(1, AtomicOrdering::Relaxed)) {
                        build(u, &local);
                    }
                });
            }
        });
    }

    /// The unit of `units` (sorted by offset) holding the DIE at `.debug_info`
    /// offset `offset`, with the DIE's offset inside it.
    fn unit_at<T>(
        units: &[T],
        key: impl Fn(&T) -> (usize, &Unit),
        offset: usize,
    ) -> Option<(&Unit, gimli::UnitOffset<usize>)> {
        // The last unit starting before `offset` (never at it: a unit's header is there).
        let i = units.partition_point(|u| key(u).0 < offset);
        let (_, unit) = key(units.get(i.checked_sub(1)?)?);
        let o = gimli::DebugInfoOffset(offset).to_unit_offset(&unit.header)?;
        Some((unit, o))
    }

    /// A name attribute's string ([`attr_str`]); for BFD (`alt_missing`), one kept
    /// in the `.gnu_debugaltlink` file it did not find is empty.
    fn name_str(
        &self,
        u: gimli::UnitRef<'_, Reader>,
        v: gimli::AttributeValue<Reader>,
    ) -> Option<Reader> {
        match v {
            gimli::AttributeValue::DebugStrRefSup(_) if self.alt_missing => {
                use gimli::Section as _;
                let mut empty = u.dwarf.debug_str.reader().clone();
                empty.truncate(0).ok()?;
                Some(empty)
            }
            v => attr_str(u, v),
        }
    }

    /// The name of the function or inlined call whose DIE is at `die` in `unit`
    /// (of `dwarf`): its linkage name, else its name, else the name its abstract
    /// origin or specification gives, taking the attributes in order as the
    /// `addr2line` crate does.
    pub(crate) fn die_name(
        &self,
        dwarf: &Dwarf,
        unit: &Unit,
        die: usize,
        refs: &RefNames,
    ) -> Option<(Reader, bool)> {
        let u = gimli::UnitRef::new(dwarf, unit);
        let mut name = None;
        name_attrs(u, gimli::UnitOffset(die), |attr| match attr.name() {
            gimli::DW_AT_linkage_name | gimli::DW_AT_MIPS_linkage_name => {
                if let Some(v) = self.name_str(u, attr.value()) {
                    name = Some((v, true));
                }
            }
            gimli::DW_AT_name => {
                if name.is_none() {
                    let linkage = self.by_lang && crate::lookup::name_is_linkage(unit_lang(u));
                    name = self.name_str(u, attr.value()).map(|v| (v, linkage));
                }
            }
            _ => {
                if name.is_none() {
                    name = self.ref_name(dwarf, unit, attr.value(), NAME_DEPTH, refs);
                }
            }
        })?;
        name
    }

    /// The name an inlined call's abstract origin gives it (what [`Units::die_name`]
    /// gives the call's DIE when the origin is its only name attribute).
    pub(crate) fn origin_name(
        &self,
        dwarf: &Dwarf,
        unit: &Unit,
        origin: DieRef,
        refs: &RefNames,
    ) -> Option<(Reader, bool)> {
        self.ref_name(dwarf, unit, origin.value(), NAME_DEPTH, refs)
    }

    /// The name at the other end of a reference, following further references;
    /// cached in `refs` (many inlined calls share an abstract
    /// origin, in every part of the program).
    fn ref_name(
        &self,
        dwarf: &Dwarf,
        unit: &Unit,
        value: gimli::AttributeValue<Reader>,
        depth: usize,
        refs: &RefNames,
    ) -> Option<(Reader, bool)> {
        if depth == 0 {
            return None;
        }
        let (dwarf, unit, offset) = match value {
            gimli::AttributeValue::UnitRef(o) => (dwarf, unit, o),
            gimli::AttributeValue::DebugInfoRef(o) => {
                // References between units only resolve in the main file.
                if std::ptr::eq(dwarf, &*self.dwarf) {
                    let (u, o) = Self::unit_at(&self.units, |e| (e.offset, &e.unit), o.0)?;
                    (dwarf, u, o)
                } else if let Some(sup) = self.dwarf.sup().filter(|s| std::ptr::eq(dwarf, *s)) {
                    let (u, o) = Self::unit_at(&self.sup_units, |(o, u)| (*o, u), o.0)?;
                    (sup, u, o)
                } else {
                    return None;
                }
            }
            gimli::AttributeValue::DebugInfoRefSup(o) => {
                let sup = self.dwarf.sup()?;
                let (u, o) = Self::unit_at(&self.sup_units, |(o, u)| (*o, u), o.0)?;
                (sup, u, o)
            }
            _ => return None,
        };
        let key = (
            std::ptr::from_ref(dwarf) as usize,
            unit.header
                .offset()
                .as_debug_info_offset()
                .map_or(0, |o| o.0)
                .wrapping_add(offset.0),
        );
        if let Some(n) = refs.borrow().get(&key) {
            return n.clone();
        }
        // Resolved with the map released (it recurses).
        let n = self.ref_name_uncached(gimli::UnitRef::new(dwarf, unit), offset, depth, refs);
        refs.borrow_mut().insert(key, n.clone());
        n
    }

    fn ref_name_uncached(
        &self,
        u: gimli::UnitRef<'_, Reader>,
        offset: gimli::UnitOffset<usize>,
        depth: usize,
        refs: &RefNames,
    ) -> Option<(Reader, bool)> {
        let mut name = None;
        let mut linkage = None;
        let mut next = None;
        name_attrs(u, offset, |attr| match attr.name() {
            gimli::DW_AT_linkage_name | gimli::DW_AT_MIPS_linkage_name => {
                if linkage.is_none() {
                    linkage = self.name_str(u, attr.value());
                }
            }
            gimli::DW_AT_name => {
                if let Some(v) = self.name_str(u, attr.value()) {
                    name = Some(v);
                }
            }
            _ => next = Some(attr.value()),
        })?;
        if let Some(l) = linkage {
            return Some((l, true));
        }
        if let Some(n) = name {
            let linkage = self.by_lang && crate::lookup::name_is_linkage(unit_lang(u));
            return Some((n, linkage));
        }
        self.ref_name(u.dwarf, u.unit, next?, depth - 1, refs)
    }
}
