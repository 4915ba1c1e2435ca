//! `.debug_info`, `.debug_types`, `.debug_abbrev`, and the displays that use the units
//! the info pass finds: `.debug_loc`/`.debug_loclists`, `.debug_ranges`/`.debug_rnglists`.
//!
//! The info pass follows GNU's `process_debug_info`: a first walk over the unit
//! headers that parses every unit's abbreviations (so references into other units
//! resolve), then the display walk that prints each DIE and attribute the way
//! `read_and_display_attr_value` does, and records what later displays need in
//! [`State::units`](super::State) (GNU's `debug_information[]`).

use std::io;

use super::{Dumper, Section};

mod abbrev;
mod die;
pub(crate) mod expr;
mod index;
mod lists;
mod names;
pub(crate) mod out;

use out::Out;

/// GNU's `DEBUG_INFO_UNAVAILABLE` (`(unsigned int) -1`), the value of
/// [`UnitInfo::addr_base`] and [`UnitInfo::ranges_base`] until an attribute sets them.
pub const DEBUG_INFO_UNAVAILABLE: u64 = 0xffff_ffff;

/// What GNU's `debug_information[]` records about a unit for later displays.
#[derive(Debug, Clone, Default)]
pub struct UnitInfo {
    /// Offset of the unit header in `.debug_info`.
    pub offset: u64,
    /// Address size of the unit.
    pub pointer_size: u32,
    /// 4 or 8 (64-bit DWARF).
    pub offset_size: u32,
    /// DWARF version.
    pub dwarf_version: i32,
    /// `DW_AT_low_pc` of the unit DIE.
    pub base_address: u64,
    /// `DW_AT_addr_base`/`DW_AT_GNU_addr_base`, or [`DEBUG_INFO_UNAVAILABLE`].
    pub addr_base: u64,
    /// `DW_AT_GNU_ranges_base`, or [`DEBUG_INFO_UNAVAILABLE`].
    pub ranges_base: u64,
    /// Location list offsets seen in the unit (`loc_offsets`).
    pub loc_offsets: Vec<u64>,
    /// The matching `DW_AT_GNU_locviews` offsets (`u64::MAX`: none).
    pub loc_views: Vec<u64>,
    /// Whether the DIE of each location list had a `DW_AT_frame_base`.
    pub have_frame_base: Vec<bool>,
    /// GNU's `num_loc_offsets` (entries of `loc_offsets` in use).
    pub num_loc_offsets: usize,
    /// GNU's `num_loc_views`.
    pub num_loc_views: usize,
    /// `DW_AT_loclists_base`.
    pub loclists_base: u64,
    /// Range list offsets seen in the unit.
    pub range_lists: Vec<u64>,
    /// `DW_AT_rnglists_base`.
    pub rnglists_base: u64,
    /// `DW_AT_str_offsets_base`.
    pub str_offsets_base: u64,
}

/// Per-file state of the info displays beyond [`State::units`](super::State).
#[derive(Debug, Default)]
pub struct InfoState {
    /// GNU's `num_debug_info_entries`: units recorded (0: not yet).
    pub entries: usize,
    /// The `.debug_info` scan failed (`DEBUG_INFO_UNAVAILABLE`).
    pub unavailable: bool,
    /// Bogus end-of-siblings warnings given so far.
    bogus_warns: u32,
    /// `.debug_cu_index`/`.debug_tu_index` sets, once read.
    indexes: Option<index::Indexes>,
    /// The scan GNU's `load_separate_debug_files` makes at the start of each file is
    /// still to be done.
    prescan_pending: bool,
    /// Warnings are being suppressed (the prescan's are given by `misc`).
    quiet: bool,
}

/// GNU's `load_separate_debug_files` runs `process_debug_info (info, do_loc)` when
/// links are followed or shown and the file has `.debug_str`, `.debug_abbrev` and
/// `.debug_info`: that fills `debug_information[]` before any display. The
/// separate-files code says when (and gives that scan's warnings); the scan itself is
/// made, quietly, by the first display that needs the units, or at once when separate
/// files were found (their displays see the main file's units, as GNU's do).
pub(crate) fn want_prescan(d: &mut Dumper<'_, '_>) {
    d.state.info.prescan_pending = true;
}

/// The scan [`want_prescan`] asked for, if not yet made.
pub(crate) fn prescan(d: &mut Dumper<'_, '_>) -> io::Result<()> {
    if !d.state.info.prescan_pending {
        return Ok(());
    }
    d.state.info.prescan_pending = false;
    let Some(sec) = d.load(".debug_info") else {
        return Ok(());
    };
    d.state.info.quiet = true;
    let r = die::process(d, &sec, ".debug_abbrev", true, false);
    d.state.info.quiet = false;
    r.map(|_| ())
}

/// GNU's `warn`/`error`, counting warnings.
pub(crate) struct Diag<'w> {
    out_diag: &'w mut dyn super::Diagnostics,
    count: u64,
    quiet: bool,
    /// Standard output, for displays that write their output as they go: the
    /// `*_o` methods write what is pending there before the diagnostic, as GNU's
    /// `warn`/`error` flush stdout first (so the two streams interleave as GNU's do).
    sink: Option<&'w mut dyn io::Write>,
    /// The first error writing to `sink`, returned by [`Diag::finish`].
    sink_error: Option<io::Error>,
}

impl<'w> Diag<'w> {
    /// Diagnostics through `out_diag`, not writing any output.
    pub(crate) fn new(out_diag: &'w mut dyn super::Diagnostics, quiet: bool) -> Self {
        Diag {
            out_diag,
            count: 0,
            quiet,
            sink: None,
            sink_error: None,
        }
    }

    /// Diagnostics that first write out the pending output given to the `*_o`
    /// methods (and [`Diag::maybe_flush`]) to `sink`.
    pub(crate) fn with_sink(
        out_diag: &'w mut dyn super::Diagnostics,
        quiet: bool,
        sink: &'w mut dyn io::Write,
    ) -> Self {
        Diag {
            sink: Some(sink),
            ..Diag::new(out_diag, quiet)
        }
    }

    /// Writes `o` to the sink (if any), keeping the first write error.
    fn write_pending(&mut self, o: &mut Out) {
        if let Some(w) = self.sink.as_mut() {
            if self.sink_error.is_none() {
                if let Err(e) = o.flush(&mut **w) {
                    self.sink_error = Some(e);
                }
            }
            o.buf.clear();
        }
    }

    /// Writes `o` to the sink when it has grown large.
    #[inline]
    pub(crate) fn maybe_flush(&mut self, o: &mut Out) {
        if o.is_large() {
            self.write_pending(o);
        }
    }

    /// Writes all of `o` to the sink, then returns the first write error, if any.
    pub(crate) fn finish(&mut self, o: &mut Out) -> io::Result<()> {
        self.write_pending(o);
        match self.sink_error.take() {
            Some(e) => Err(e),
            None => Ok(()),
        }
    }

    /// [`Diag::warn`] after writing out the pending output `o`.
    pub(crate) fn warn_o(&mut self, o: &mut Out, m: &str) {
        if !self.quiet {
            self.write_pending(o);
        }
        self.warn(m);
    }

    /// [`Diag::error`] after writing out the pending output `o`.
    pub(crate) fn error_o(&mut self, o: &mut Out, m: &str) {
        if !self.quiet {
            self.write_pending(o);
        }
        self.error(m);
    }

    pub(crate) fn warn(&mut self, m: &str) {
        self.count += 1;
        if !self.quiet {
            self.out_diag.warn(m);
        }
    }
    pub(crate) fn error(&mut self, m: &str) {
        self.count += 1;
        if !self.quiet {
            self.out_diag.error(m);
        }
    }
}

/// GNU's `load_cu_tu_indexes`: reads the unit sets of a DWARF package file's
/// `.debug_cu_index`/`.debug_tu_index` once per file (GNU does this before every
/// debug display, through `find_cu_tu_set`, giving its warnings the first time).
pub fn load_cu_tu_indexes(d: &mut Dumper<'_, '_>) {
    if d.state.info.indexes.is_some() {
        return;
    }
    let cu = d.load(".debug_cu_index");
    let tu = d.load(".debug_tu_index");
    let e = out::Endian { big: d.big_endian };
    let mut diag = Diag::new(&mut *d.diag, false);
    let mut ix = index::Indexes::default();
    if let Some(s) = cu {
        ix.cu = index::read_sets(&s.data, &s.name, e, &mut diag);
    }
    if let Some(s) = tu {
        ix.tu = index::read_sets(&s.data, &s.name, e, &mut diag);
    }
    d.state.info.indexes = Some(ix);
}

/// GNU's `introduce (section, false)`.
fn introduce(o: &mut Out, sec: &Section<'_>, loaded_from: Option<&str>) {
    o.s("Contents of the ");
    o.s(&sec.name);
    if let Some(f) = loaded_from {
        o.s(" section (loaded from ");
        o.s(f);
        o.s("):\n\n");
    } else {
        o.s(" section:\n\n");
    }
}

/// GNU's `display_debug_abbrev`.
///
/// # Errors
/// Only output errors.
pub fn display_abbrev(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    load_cu_tu_indexes(d);
    let mut o = Out::new();
    introduce(&mut o, sec, d.state.loaded_from.as_deref());
    let data = &sec.data[..];
    let mut start = Some(0usize);
    let mut guard = 0usize;
    while let Some(off) = start {
        guard += 1;
        if guard > data.len() + 1 {
            break;
        }
        // find_and_process_abbrev_set (section, 0, size, offset, NULL).
        if data.is_empty() {
            o.flush(d.out)?;
            d.warn(
                "Debug info is corrupted, abbrev size (0) is larger than abbrev section size (0)\n",
            );
            break;
        }
        if off >= data.len() {
            o.flush(d.out)?;
            d.warn(&format!(
                "Debug info is corrupted, abbrev offset ({}) is larger than abbrev section size ({})\n",
                hex0x(off as u64),
                hex0x(data.len() as u64)
            ));
            break;
        }
        let mut errors = Vec::new();
        let set = abbrev::parse_set(data, off, data.len(), &sec.name, &mut errors);
        if !errors.is_empty() {
            o.flush(d.out)?;
            for e in &errors {
                d.error(e);
            }
        }
        let Some(set) = set else { break };
        if !set.entries.is_empty() {
            o.s("  Number TAG (");
            o.hex0x(off as u64);
            o.s(")\n");
        }
        for e in &set.entries {
            o.s("   ");
            o.sdec(e.number as i64);
            o.s("      ");
            names::write_tag(&mut o, e.tag);
            o.s("    [");
            o.s(if e.children {
                "has children"
            } else {
                "no children"
            });
            o.s("]\n");
            for a in set.attrs(e) {
                o.s("    ");
                let n = o.buf.len();
                names::write_at(&mut o, a.at);
                for _ in o.buf.len() - n..18 {
                    o.c(b' ');
                }
                o.c(b' ');
                names::write_form(&mut o, a.form);
                if a.form == abbrev::FORM_IMPLICIT_CONST {
                    o.s(": ");
                    o.sdec(a.implicit);
                }
                o.c(b'\n');
            }
            o.maybe_flush(d.out)?;
        }
        start = set.next;
    }
    o.s("\n");
    o.flush(d.out)?;
    Ok(true)
}

/// `%#x` as a `String`.
pub(crate) fn hex0x(v: u64) -> String {
    if v == 0 {
        "0".to_string()
    } else {
        format!("{v:#x}")
    }
}

/// GNU's `display_debug_info`.
///
/// # Errors
/// Only output errors.
pub fn display_info(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    prescan(d)?;
    let abbrev = abbrev_section_for(&sec.name);
    die::process(d, sec, abbrev, false, sec.name.starts_with(".trace_info"))
}

/// GNU's `display_debug_types`.
///
/// # Errors
/// Only output errors.
pub fn display_types(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    prescan(d)?;
    let abbrev = abbrev_section_for(&sec.name);
    die::process(d, sec, abbrev, false, true)
}

fn abbrev_section_for(name: &str) -> &'static str {
    if name.starts_with(".trace_") {
        ".trace_abbrev"
    } else if name.ends_with(".dwo") {
        ".debug_abbrev.dwo"
    } else {
        ".debug_abbrev"
    }
}

/// GNU's `load_debug_info`: scans `.debug_info` (else `.debug_info.dwo`) once per
/// file, without output, filling [`State::units`](super::State). Returns the number
/// of units recorded (0 when there is no usable `.debug_info`).
///
/// # Errors
/// Only output errors.
pub fn load_debug_info(d: &mut Dumper<'_, '_>) -> io::Result<usize> {
    prescan(d)?;
    if d.state.info.unavailable {
        return Ok(0);
    }
    if d.state.info.entries > 0 {
        return Ok(d.state.info.entries);
    }
    for (name, abbrev) in [
        (".debug_info", ".debug_abbrev"),
        (".debug_info.dwo", ".debug_abbrev.dwo"),
    ] {
        if let Some(sec) = d.load(name) {
            if die::process(d, &sec, abbrev, true, false)? {
                d.state.info_scanned = true;
                return Ok(d.state.info.entries);
            }
        }
    }
    d.state.info.unavailable = true;
    Ok(0)
}

/// GNU's `display_debug_loc`.
///
/// # Errors
/// Only output errors.
pub fn display_loc(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    prescan(d)?;
    lists::display_loc(d, sec)
}

/// GNU's `display_debug_ranges`.
///
/// # Errors
/// Only output errors.
pub fn display_ranges(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    prescan(d)?;
    lists::display_ranges(d, sec)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dump::Bytes;
    use crate::dump::{capture, Loader, Selection, State};
    use std::collections::HashMap;

    struct Map(HashMap<&'static str, Vec<u8>>);
    impl<'a> Loader<'a> for Map {
        fn load(&mut self, name: &str) -> Option<Section<'a>> {
            self.0.get(name).map(|d| sec(name, d.clone()))
        }
    }

    fn sec(name: &str, data: Vec<u8>) -> Section<'static> {
        Section::for_test(name.to_string(), Bytes::from(data), 1)
    }

    /// Runs `f` on `info` with `abbrev` and returns (stdout, warnings).
    fn run(
        abbrev: &[u8],
        info: &[u8],
        f: fn(&mut Dumper<'_, '_>, &Section<'_>) -> io::Result<bool>,
        name: &str,
    ) -> (String, String) {
        let mut loader = Map(HashMap::from([(".debug_abbrev", abbrev.to_vec())]));
        let s = sec(name, info.to_vec());
        capture(&mut loader, &mut State::default(), |d| {
            d.opts.selection = Selection {
                info: true,
                ..Selection::default()
            };
            let _ = f(d, &s);
        })
    }

    const ABBREV: &[u8] = &[
        1, 0x11, 1, 0x03, 0x08, 0x13, 0x0b, 0, 0, // compile_unit: name string, language data1
        2, 0x24, 0, 0x0b, 0x0b, 0x3e, 0x0b, 0x02, 0x18, 0, 0, // base_type
        0,
    ];

    fn cu() -> Vec<u8> {
        let body: Vec<u8> = [
            &[4u8, 0][..],             // version 4
            &[0, 0, 0, 0],             // abbrev offset
            &[8],                      // pointer size
            &[1, b'a', 0, 0x1d],       // CU: "a", C11
            &[2, 4, 5, 2, 0x91, 0x7c], // base_type: size 4, signed, fbreg -4
            &[0],
        ]
        .concat();
        let mut v = (body.len() as u32).to_le_bytes().to_vec();
        v.extend(body);
        v
    }

    #[test]
    fn displays_a_unit() {
        let (out, warns) = run(ABBREV, &cu(), display_info, ".debug_info");
        assert_eq!(warns, "");
        let want = "Contents of the .debug_info section:\n\n  Compilation Unit @ offset 0:\n   Length:        0x12 (32-bit)\n   Version:       4\n   Abbrev Offset: 0\n   Pointer Size:  8\n <0><b>: Abbrev Number: 1 (DW_TAG_compile_unit)\n    <c>   DW_AT_name        : a\n    <e>   DW_AT_language    : 29\t(C11)\n <1><f>: Abbrev Number: 2 (DW_TAG_base_type)\n    <10>   DW_AT_byte_size   : 4\n    <11>   DW_AT_encoding    : 5\t(signed)\n    <12>   DW_AT_location    : 2 byte block: 91 7c \t(DW_OP_fbreg: -4) [without DW_AT_frame_base]\n <1><15>: Abbrev Number: 0\n\n";
        assert_eq!(out, want);
    }

    /// Zeros are 4-byte empty units. GNU prints each (header and two warnings); a
    /// section of millions of them (an inflated zstd bomb) made us reserve a record
    /// per unit up front (98 GB for 2 GiB), as GNU does before it dies of it. Past
    /// `MAX_RECORDED_UNITS` units the display is refused, records grow as units are
    /// read, and a few empty units still print as GNU prints them.
    #[test]
    fn empty_units_do_not_reserve_by_count() {
        let (out, warns) = run(&[0], &[0; 8], display_info, ".debug_info");
        let unit = |o: &str| {
            format!("  Compilation Unit @ offset {o}:\n   Length:        0 (32-bit)\n   Version:       0\n   Abbrev Offset: 0\n   Pointer Size:  4\n")
        };
        // GNU readelf 2.40's output for 8 zero bytes.
        let want = format!(
            "Contents of the .debug_info section:\n\n{}{}\n",
            unit("0"),
            unit("0x4")
        );
        assert_eq!(out, want);
        let warn = |o: &str| {
            format!("Invalid pointer size (0) in compunit header, using 4 instead\nCU at offset {o} contains corrupt or unsupported version number: 0.\n")
        };
        assert_eq!(warns, warn("0") + &warn("0x4"));

        let many = vec![0u8; 4 * ((1 << 22) + 1)];
        let (out, warns) = run(&[0], &many, display_info, ".debug_info");
        assert_eq!(out, "");
        assert_eq!(warns, "Out of memory: 4194305 units in section .debug_info would need 536871040 bytes of unit records\n");
    }

    /// Output and diagnostics in the order they reach a file both go to.
    struct Log<'l>(&'l std::cell::RefCell<String>);
    impl io::Write for Log<'_> {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().push_str(&String::from_utf8_lossy(buf));
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The info display writes its output before a diagnostic, as GNU's `warn`
    /// flushes stdout first; and a string fetch warns before the text of its
    /// attribute value, as GNU's is a `printf` argument.
    #[test]
    fn info_output_comes_before_a_diagnostic() {
        let abbrev: &[u8] = &[
            1, 0x11, 0, 0x25, 0x08, 0x03, 0x0e, 0,
            0, // compile_unit: producer string, name strp
            0,
        ];
        let body: Vec<u8> = [
            &[4u8, 0][..], // version 4
            &[0, 0, 0, 0], // abbrev offset
            &[8],          // pointer size
            &[1, b'p', 0], // CU: producer "p"
            &[0, 1, 0, 0], // name: .debug_str offset 0x100 (too big)
        ]
        .concat();
        let mut info = (body.len() as u32).to_le_bytes().to_vec();
        info.extend(body);
        let log = std::cell::RefCell::new(String::new());
        let mut out = Log(&log);
        let mut w = |m: &str| log.borrow_mut().push_str(&format!("W: {m}"));
        let mut e = |m: &str| log.borrow_mut().push_str(&format!("E: {m}"));
        let mut loader = Map(HashMap::from([
            (".debug_abbrev", abbrev.to_vec()),
            (".debug_str", b"x\0".to_vec()),
        ]));
        let mut state = State::default();
        let mut d = Dumper::for_test(&mut out, &mut w, &mut e, &mut loader, &mut state);
        d.opts.selection = Selection {
            info: true,
            ..Selection::default()
        };
        assert!(display_info(&mut d, &sec(".debug_info", info)).is_ok());
        let log = log.into_inner();
        let want = "Contents of the .debug_info section:\n\n  Compilation Unit @ offset 0:\n   Length:        0xe (32-bit)\n   Version:       4\n   Abbrev Offset: 0\n   Pointer Size:  8\n <0><b>: Abbrev Number: 1 (DW_TAG_compile_unit)\n    <c>   DW_AT_producer    : p\n    <e>   DW_AT_name        :W: DW_FORM_strp offset too big: 0x100\n (indirect string, offset: 0x100): <offset is too big>\n\n";
        assert_eq!(log, want);
    }

    #[test]
    fn displays_abbrevs() {
        let (out, _) = run(ABBREV, ABBREV, display_abbrev, ".debug_abbrev");
        assert!(out.starts_with("Contents of the .debug_abbrev section:\n\n  Number TAG (0)\n   1      DW_TAG_compile_unit    [has children]\n    DW_AT_name         DW_FORM_string\n"));
        assert!(out.contains("    DW_AT value: 0     DW_FORM value: 0\n"));
    }

    #[test]
    fn hostile_input_does_not_panic() {
        let base = cu();
        crate::dump::each_byte_set(&base, |i, v, m| {
            let _ = run(ABBREV, m, display_info, ".debug_info");
            let mut a = ABBREV.to_vec();
            if let Some(b) = a.get_mut(i % ABBREV.len()) {
                *b = v;
            }
            let _ = run(&a, &base, display_info, ".debug_info");
            let _ = run(&a, &a, display_abbrev, ".debug_abbrev");
        });
        let _ = run(ABBREV, &base[..7], display_info, ".debug_info");
    }
}
