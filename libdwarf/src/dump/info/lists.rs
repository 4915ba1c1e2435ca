//! `.debug_loc`/`.debug_loclists` and `.debug_ranges`/`.debug_rnglists`: GNU's
//! `display_debug_loc` and `display_debug_ranges`, driven by the unit data the info
//! pass records (GNU's `debug_information[]`).

use std::io;

use super::out::{read_leb, Endian, Out};
use super::{expr, hex0x, introduce, Diag, UnitInfo};
use crate::dump::{Dumper, Section, State};

#[path = "loc.rs"]
mod loc;
#[path = "ranges.rs"]
mod ranges;

/// What the list displays share: the section bytes, byte order, diagnostics and
/// the `.debug_addr` section for indexed addresses.
struct Cx<'a, 'w> {
    data: &'a [u8],
    e: Endian,
    diag: Diag<'w>,
    /// `.debug_addr`: name and contents.
    addr: Option<(String, Vec<u8>)>,
    machine: u16,
    sec_address: u64,
    name: String,
    /// Where the section was relocated (GNU's `reloc_at`).
    relocs: &'a [u64],
}

/// How a `DW_LLE_*`/`DW_RLE_*` entry gives its bounds.
#[derive(Clone, Copy)]
enum Bounds {
    /// `*_offset_pair`: two ULEB128 offsets from this base address.
    Offsets(u64),
    /// `*_start_end`: two addresses.
    StartEnd,
    /// `*_start_length`: an address and a ULEB128 length.
    StartLength,
}

impl Cx<'_, '_> {
    /// GNU's `reloc_at`: whether a relocation was applied at `offset`.
    fn reloc_at(&self, offset: u64) -> bool {
        self.relocs.binary_search(&offset).is_ok()
    }

    /// GNU's `SAFE_BYTE_GET_AND_INC` into a 64-bit variable.
    fn get(&mut self, o: &mut Out, pos: &mut usize, n: usize, end: usize) -> u64 {
        let n = self.size_check(o, n);
        self.e.read(self.data, pos, n, end.min(self.data.len()))
    }

    /// The start and end of a list entry given as `kind` at `*pos`, with `ps`-byte
    /// addresses.
    fn bounds(
        &mut self,
        o: &mut Out,
        pos: &mut usize,
        end: usize,
        ps: u32,
        kind: Bounds,
    ) -> (u64, u64) {
        let n = ps as usize;
        match kind {
            Bounds::Offsets(base) => {
                let b = self.uleb(o, pos, end).wrapping_add(base);
                (b, self.uleb(o, pos, end).wrapping_add(base))
            }
            Bounds::StartEnd => {
                let b = self.get(o, pos, n, end);
                (b, self.get(o, pos, n, end))
            }
            Bounds::StartLength => {
                let b = self.get(o, pos, n, end);
                (b, self.uleb(o, pos, end).wrapping_add(b))
            }
        }
    }

    /// A `*_base_address` entry's `ps`-byte address at `*pos`, printed as the new base.
    fn base_address(&mut self, o: &mut Out, pos: &mut usize, end: usize, ps: u32) -> u64 {
        let base = self.get(o, pos, ps as usize, end);
        print_hex(o, base, ps);
        o.s("(base address)\n");
        base
    }

    /// The fields of a `.debug_loclists`/`.debug_rnglists` table header after its length,
    /// at `*pos`: version, address size, segment selector size, offset entry count.
    fn list_header(&mut self, o: &mut Out, pos: &mut usize, end: usize) -> (u64, u32, u64, u32) {
        let version = self.get(o, pos, 2, end);
        let asz = self.get(o, pos, 1, end) as u32;
        let seg = self.get(o, pos, 1, end);
        let count = self.get(o, pos, 4, end) as u32;
        (version, asz, seg, count)
    }

    /// A table header's `count` offset entries of `size` bytes at `*pos`, one a line
    /// (GNU stops at `end` only after 0x10000 of them).
    fn offset_entries(
        &mut self,
        o: &mut Out,
        pos: &mut usize,
        end: usize,
        count: u32,
        size: usize,
    ) {
        for i in 0..count {
            self.diag.maybe_flush(o);
            if *pos >= end && i > 0x10000 {
                break;
            }
            let entry = self.get(o, pos, size, end);
            o.s(&format!("    [{i:>6}] "));
            o.hex0x(entry);
            o.c(b'\n');
        }
    }

    /// Warns that the section "contains" `what` (GNU's words for a table header it
    /// cannot read); returns `false`, the display's result.
    fn contains(&mut self, o: &mut Out, what: std::fmt::Arguments<'_>) -> bool {
        let m = format!("The {} section contains {what}", self.name);
        self.diag.warn_o(o, &m);
        false
    }

    /// A `DW_LLE_*`/`DW_RLE_*` entry's line starts with its offset `off`; returns its kind,
    /// the byte at `*pos`.
    fn entry_kind(&mut self, o: &mut Out, pos: &mut usize, end: usize, off: u64) -> u8 {
        o.s("    ");
        print_hex(o, off, 4);
        self.get(o, pos, 1, end) as u8
    }

    /// GNU's `SAFE_SIGNED_BYTE_GET_AND_INC` into a 64-bit variable.
    fn get_signed(&mut self, o: &mut Out, pos: &mut usize, n: usize, end: usize) -> u64 {
        let n = self.size_check(o, n);
        self.e
            .read_signed(self.data, pos, n, end.min(self.data.len())) as u64
    }

    fn size_check(&mut self, o: &mut Out, n: usize) -> usize {
        if n > 8 {
            self.diag.error_o(
                o,
                &format!(
                    "internal error: attempt to read {n} bytes of data in to 8 sized variable"
                ),
            );
            8
        } else {
            n
        }
    }

    /// GNU's `READ_ULEB` into a 64-bit variable.
    fn uleb(&mut self, o: &mut Out, pos: &mut usize, end: usize) -> u64 {
        self.uleb_bits(o, pos, end, 64)
    }

    /// GNU's `READ_ULEB` into a variable of `bits` bits.
    fn uleb_bits(&mut self, o: &mut Out, pos: &mut usize, end: usize, bits: u32) -> u64 {
        let (v, m) = read_leb(self.data, pos, end, false, bits);
        if let Some(m) = m {
            self.diag.error_o(o, m);
        }
        v
    }

    /// GNU's `READ_ULEB` into a 32-bit variable.
    fn uleb32(&mut self, o: &mut Out, pos: &mut usize, end: usize) -> u32 {
        self.uleb_bits(o, pos, end, 32) as u32
    }

    /// GNU's `fetch_indexed_addr`.
    fn indexed_addr(&mut self, o: &mut Out, offset: u64, n: u32) -> u64 {
        let Some((aname, adata)) = &self.addr else {
            self.diag.warn_o(
                o,
                "Cannot fetch indexed address: the .debug_addr section is missing\n",
            );
            return 0;
        };
        let size = adata.len() as u64;
        if offset.checked_add(u64::from(n)).is_none_or(|x| x > size) {
            let m = format!("Offset into section {} too big: {}\n", aname, hex0x(offset));
            self.diag.warn_o(o, &m);
            return 0;
        }
        let start = usize::try_from(offset).unwrap_or(usize::MAX);
        self.e
            .get(adata.get(start..).unwrap_or(&[]), (n as usize).min(8))
    }

    /// GNU's `decode_location_expression` for a unit's list entry.
    #[allow(clippy::too_many_arguments)]
    fn expr(
        &mut self,
        o: &mut Out,
        pos: usize,
        length: u64,
        pointer_size: u32,
        offset_size: u32,
        version: i32,
        cu_offset: u64,
    ) -> bool {
        let cx = expr::ExprCx::new(self.e, self.machine, self.sec_address).unit(
            pointer_size as usize,
            offset_size as usize,
            version,
            cu_offset,
        );
        expr::decode(o, &mut self.diag, self.data, pos, length, &cx, 0)
    }
}

/// The value mask GNU's `print_hex` applies (x86 shift semantics for odd sizes).
/// The fields of a `.debug_loclists` or `.debug_rnglists` table header, from `Length:`
/// on, one a line.
fn table_header(o: &mut Out, length: u64, version: u64, asz: u32, seg: u64, count: u32) {
    o.s("Length:          ");
    o.hex0x(length);
    o.s("\n  DWARF version:   ");
    o.dec(version);
    o.s("\n  Address size:    ");
    o.dec(u64::from(asz));
    o.s("\n  Segment size:    ");
    o.dec(seg);
    o.s("\n  Offset entries:  ");
    o.dec(u64::from(count));
    o.c(b'\n');
}

fn mask(n: u32) -> u64 {
    let n = if n == 0 { 2 } else { n };
    let s = n.wrapping_mul(4) & 63;
    !((u64::MAX << s) << s)
}

/// GNU's `print_hex`: `%0*lx ` with `2 * n` digits.
fn print_hex(o: &mut Out, v: u64, n: u32) {
    print_hex_ns(o, v, n);
    o.c(b' ');
}

/// A list entry's start and end, and GNU's note (after `sep`) when they are equal or
/// the wrong way round.
fn print_bounds(o: &mut Out, b: u64, e: u64, ps: u32, sep: &str) {
    print_hex(o, b, ps);
    print_hex(o, e, ps);
    if b == e {
        o.s(sep);
        o.s("(start == end)");
    } else if b > e {
        o.s(sep);
        o.s("(start > end)");
    }
}

/// GNU's `print_hex_ns`.
fn print_hex_ns(o: &mut Out, v: u64, n: u32) {
    let w = if n == 0 { 2 } else { n };
    o.hex_w(v & mask(n), (w as usize).saturating_mul(2).min(64));
}

/// GNU's `print_view`: `v%0*lx ` with `2 * n - 1` digits.
fn print_view(o: &mut Out, v: u64, n: u32) {
    let w = if n == 0 { 2 } else { n };
    o.c(b'v');
    o.hex_w(
        v & mask(n),
        (w as usize).saturating_mul(2).saturating_sub(1).min(64),
    );
    o.c(b' ');
}

/// GNU's `is_max_address`.
fn is_max_address(addr: u64, pointer_size: u32) -> bool {
    let bits = pointer_size.wrapping_mul(8).wrapping_sub(1) & 63;
    let m = !((u64::MAX << 1) << bits);
    addr & m == m
}

/// The list displays' context for `sec`, writing to the dumper's output as they go,
/// and the per-file state (for the units the info pass recorded).
fn make_cx<'a, 'w>(d: &'w mut Dumper<'_, '_>, sec: &'a Section<'_>) -> (Cx<'a, 'w>, &'w State) {
    // GNU keeps the last `.debug_addr` it loaded: a `.dwo` file has none and uses the
    // main file's.
    let addr = d
        .peek(".debug_addr")
        .or_else(|| d.state.debug_addr.clone())
        .map(|a| (a.name, a.data.into_owned()));
    let Dumper {
        out,
        diag,
        state,
        machine,
        big_endian,
        ..
    } = d;
    let cx = Cx {
        data: sec.data.as_ref(),
        e: Endian { big: *big_endian },
        diag: Diag::with_sink(&mut **diag, false, &mut **out),
        addr,
        machine: *machine,
        sec_address: sec.address,
        name: sec.name.clone(),
        relocs: &sec.relocs,
    };
    (cx, &*state)
}

/// GNU's `display_debug_loc`.
pub(super) fn display_loc(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let mut o = Out::new();
    if say_empty(d, &mut o, sec)? {
        return Ok(false);
    }
    let is_loclists = sec.name.contains("debug_loclists");
    let is_dwo = sec.name.rsplit('.').next() == Some("dwo");
    let mut header_size = 0u64;
    if is_loclists {
        let e = Endian { big: d.big_endian };
        let data = sec.data.as_ref();
        let end = data.len();
        let mut p = 0usize;
        let mut len = e.read(data, &mut p, 4, end);
        if len == 0xffff_ffff {
            len = e.read(data, &mut p, 8, end);
        }
        let _ = len;
        let version = e.read(data, &mut p, 2, end);
        let _address_size = e.read(data, &mut p, 1, end);
        let seg = e.read(data, &mut p, 1, end);
        let bad = if version != 5 {
            Some(("corrupt or unsupported version number", version))
        } else {
            (seg != 0).then_some(("unsupported segment selector size", seg))
        };
        if let Some((what, v)) = bad {
            d.warn(&format!("The {} section contains {what}: {v}.\n", sec.name));
            return Ok(false);
        }
        let count = e.read(data, &mut p, 4, end);
        if count != 0 {
            let loaded_from = d.state.loaded_from.clone();
            introduce(&mut o, sec, loaded_from.as_deref());
            let (mut cx, _) = make_cx(d, sec);
            let r = loc::offset_entry_loclists(&mut cx, &mut o);
            cx.diag.finish(&mut o)?;
            return Ok(r);
        }
        header_size = p as u64;
    }
    let Some(n) = units_found(d, sec)? else {
        return Ok(false);
    };
    let loaded_from = d.state.loaded_from.clone();
    let (mut cx, state) = make_cx(d, sec);
    let units = state.units.get(..n).unwrap_or(&[]);
    let opts = loc::Opts {
        is_loclists,
        is_dwo,
        header_size,
        loaded_from,
    };
    let r = loc::display(&mut cx, &mut o, sec, units, &opts);
    cx.diag.finish(&mut o)?;
    Ok(r)
}

/// GNU's "section is empty" line for an empty `sec`: whether it was said.
fn say_empty(d: &mut Dumper<'_, '_>, o: &mut Out, sec: &Section<'_>) -> io::Result<bool> {
    if !sec.data.is_empty() {
        return Ok(false);
    }
    o.s(&format!("\nThe {} section is empty.\n", sec.name));
    o.flush(d.out)?;
    Ok(true)
}

/// How many units the `.debug_info` pass found (running it if it has not run), or
/// `None` after GNU's warning that `sec` cannot be interpreted without them.
fn units_found(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<Option<usize>> {
    if super::load_debug_info(d)? == 0 {
        d.warn(&format!(
            "Unable to load/parse the .debug_info section, so cannot interpret the {} section.\n",
            sec.name
        ));
        return Ok(None);
    }
    Ok(Some(d.state.info.entries.min(d.state.units.len())))
}

/// GNU's `display_debug_ranges`.
pub(super) fn display_ranges(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let mut o = Out::new();
    if say_empty(d, &mut o, sec)? {
        return Ok(false);
    }
    introduce(&mut o, sec, d.state.loaded_from.as_deref());
    if sec.name.contains("debug_rnglists") {
        let (mut cx, _) = make_cx(d, sec);
        let r = ranges::rnglists(&mut cx, &mut o);
        cx.diag.finish(&mut o)?;
        return Ok(r);
    }
    o.flush(d.out)?;
    let Some(n) = units_found(d, sec)? else {
        return Ok(false);
    };
    let (mut cx, state) = make_cx(d, sec);
    let units = state.units.get(..n).unwrap_or(&[]);
    let r = ranges::ranges(&mut cx, &mut o, units);
    cx.diag.finish(&mut o)?;
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dump::Bytes;
    use crate::dump::{capture, Loader, State};

    struct NoSections;
    impl<'a> Loader<'a> for NoSections {
        fn load(&mut self, _name: &str) -> Option<Section<'a>> {
            None
        }
    }

    fn run(name: &str, data: &[u8], units: Vec<UnitInfo>) -> (String, String) {
        run_relocated(name, data, units, &[])
    }

    fn run_relocated(
        name: &str,
        data: &[u8],
        units: Vec<UnitInfo>,
        relocs: &[u64],
    ) -> (String, String) {
        let mut state = State::default();
        state.info.entries = units.len();
        state.units = units;
        let sec = Section {
            name: name.to_string(),
            data: Bytes::from(data.to_vec()),
            address: 0,
            file_offset: 0,
            index: 1,
            relocs: relocs.into(),
        };
        capture(&mut NoSections, &mut state, |d| {
            let _ = if name.contains("loc") {
                display_loc(d, &sec)
            } else {
                display_ranges(d, &sec)
            };
        })
    }

    fn unit(loc: Vec<u64>, ranges: Vec<u64>) -> UnitInfo {
        UnitInfo {
            pointer_size: 8,
            offset_size: 4,
            dwarf_version: 4,
            base_address: 0x1000,
            num_loc_offsets: loc.len(),
            num_loc_views: loc.len(),
            loc_views: vec![u64::MAX; loc.len()],
            have_frame_base: vec![true; loc.len()],
            loc_offsets: loc,
            range_lists: ranges,
            ..UnitInfo::default()
        }
    }

    fn loc_section() -> Vec<u8> {
        let mut v = Vec::new();
        v.extend(0x10u64.to_le_bytes());
        v.extend(0x20u64.to_le_bytes());
        v.extend([1, 0, 0x55]); // DW_OP_reg5
        v.extend([0u8; 16]);
        v
    }

    /// Output and diagnostics in the order they reach a file both go to.
    struct Log<'l>(&'l std::cell::RefCell<String>);
    impl std::io::Write for Log<'_> {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0.borrow_mut().push_str(&String::from_utf8_lossy(buf));
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// The output before a diagnostic is written before it, as GNU's `warn` flushes
    /// stdout first.
    #[test]
    fn diagnostics_come_after_the_output_before_them() {
        let log = std::cell::RefCell::new(String::new());
        let mut out = Log(&log);
        let mut w = |m: &str| log.borrow_mut().push_str(&format!("W: {m}"));
        let mut e = |m: &str| log.borrow_mut().push_str(&format!("E: {m}"));
        let mut state = State::default();
        state.info.entries = 1;
        let mut data = loc_section();
        data.extend([0u8; 4]);
        data.extend(loc_section());
        state.units = vec![unit(vec![0, 0x27], vec![])];
        let mut loader = NoSections;
        let mut d = Dumper::for_test(&mut out, &mut w, &mut e, &mut loader, &mut state);
        let sec = Section::new(".debug_loc", data);
        assert!(display_loc(&mut d, &sec).is_ok());
        let log = log.into_inner();
        let first = log.find("00000013 <End of list>").unwrap_or(usize::MAX);
        let hole = log
            .find("W: There is a hole [0x23 - 0x27] in .debug_loc section.\n")
            .unwrap_or(0);
        let second = log.find("00000027 0000000000001010").unwrap_or(0);
        assert!(first < hole && hole < second, "{log}");
    }

    #[test]
    fn shows_a_location_list() {
        let (out, warns) = run(".debug_loc", &loc_section(), vec![unit(vec![0], vec![])]);
        assert_eq!(warns, "");
        assert_eq!(
            out,
            "Contents of the .debug_loc section:\n\n    Offset   Begin            End              Expression\n    00000000 0000000000001010 0000000000001020 (DW_OP_reg5 (rdi))\n    00000013 <End of list>\n\n"
        );
    }

    /// A 0/0 pair with relocations against it is an entry of an object file's list,
    /// not its end (GNU's PR 18374 check).
    #[test]
    fn relocated_zero_pair_is_an_entry() {
        let mut v = Vec::new();
        v.extend([0u8; 16]);
        v.extend([1, 0, 0x55]); // DW_OP_reg5
        v.extend([0u8; 16]);
        let units = || vec![unit(vec![0], vec![])];
        let (out, _) = run_relocated(".debug_loc", &v, units(), &[0, 8]);
        assert_eq!(
            out,
            "Contents of the .debug_loc section:\n\n Warning: This section has relocations - addresses seen here may not be accurate.\n\n    Offset   Begin            End              Expression\n    00000000 0000000000001000 0000000000001000 (DW_OP_reg5 (rdi)) (start == end)\n    00000013 <End of list>\n\n"
        );
        let (out, _) = run(".debug_loc", &v, units());
        assert!(out.ends_with("    00000000 <End of list>\n\n"), "{out}");
    }

    #[test]
    fn shows_range_lists() {
        let mut v = Vec::new();
        for x in [0x10u64, 0x20, 0, 0] {
            v.extend(x.to_le_bytes());
        }
        let (out, _) = run(".debug_ranges", &v, vec![unit(vec![], vec![0])]);
        assert_eq!(
            out,
            "Contents of the .debug_ranges section:\n\n\n    Offset   Begin    End\n    00000000 0000000000001010 0000000000001020\n    00000000 <End of list>\n\n"
        );
    }

    #[test]
    fn hostile_input_does_not_panic() {
        let base = loc_section();
        crate::dump::each_byte_set(&base, |i, _, m| {
            for name in [
                ".debug_loc",
                ".debug_loc.dwo",
                ".debug_loclists",
                ".debug_ranges",
                ".debug_rnglists",
            ] {
                let _ = run(name, m, vec![unit(vec![0, 5, 100], vec![3, 0, 99])]);
                let _ = run(
                    name,
                    m.get(..i).unwrap_or(&[]),
                    vec![unit(vec![0], vec![0])],
                );
            }
        });
    }
}
