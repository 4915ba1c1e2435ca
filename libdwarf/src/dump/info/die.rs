//! GNU's `process_debug_info` and `read_and_display_attr_value`.

use std::collections::HashMap;
use std::io;

use super::abbrev::{self, AbbrevSet, AttrSpec};
use super::expr::{self, ExprCx};
use super::index::{self, CuTuSet};
use super::names;
use super::out::{leb, leb_status_msg, Endian, Out};
use super::{introduce, Diag, UnitInfo, DEBUG_INFO_UNAVAILABLE};
use crate::dump::{Dumper, Section};

// Forms.
const F_ADDR: u64 = 0x01;
const F_BLOCK2: u64 = 0x03;
const F_BLOCK4: u64 = 0x04;
const F_DATA2: u64 = 0x05;
const F_DATA4: u64 = 0x06;
const F_DATA8: u64 = 0x07;
const F_STRING: u64 = 0x08;
const F_BLOCK: u64 = 0x09;
const F_BLOCK1: u64 = 0x0a;
const F_DATA1: u64 = 0x0b;
const F_FLAG: u64 = 0x0c;
const F_SDATA: u64 = 0x0d;
const F_STRP: u64 = 0x0e;
const F_UDATA: u64 = 0x0f;
const F_REF_ADDR: u64 = 0x10;
const F_REF1: u64 = 0x11;
const F_REF2: u64 = 0x12;
const F_REF4: u64 = 0x13;
const F_REF8: u64 = 0x14;
const F_REF_UDATA: u64 = 0x15;
const F_INDIRECT: u64 = 0x16;
const F_SEC_OFFSET: u64 = 0x17;
const F_EXPRLOC: u64 = 0x18;
const F_FLAG_PRESENT: u64 = 0x19;
const F_STRX: u64 = 0x1a;
const F_ADDRX: u64 = 0x1b;
const F_REF_SUP4: u64 = 0x1c;
const F_STRP_SUP: u64 = 0x1d;
const F_DATA16: u64 = 0x1e;
const F_LINE_STRP: u64 = 0x1f;
const F_REF_SIG8: u64 = 0x20;
const F_IMPLICIT_CONST: u64 = abbrev::FORM_IMPLICIT_CONST;
const F_LOCLISTX: u64 = 0x22;
const F_RNGLISTX: u64 = 0x23;
const F_REF_SUP8: u64 = 0x24;
const F_STRX1: u64 = 0x25;
const F_STRX2: u64 = 0x26;
const F_STRX3: u64 = 0x27;
const F_STRX4: u64 = 0x28;
const F_ADDRX1: u64 = 0x29;
const F_ADDRX2: u64 = 0x2a;
const F_ADDRX3: u64 = 0x2b;
const F_ADDRX4: u64 = 0x2c;
const F_GNU_ADDR_INDEX: u64 = 0x1f01;
const F_GNU_STR_INDEX: u64 = 0x1f02;
const F_GNU_REF_ALT: u64 = 0x1f20;
const F_GNU_STRP_ALT: u64 = 0x1f21;

// Attributes.
const AT_ORDERING: u64 = 0x09;
const AT_BYTE_SIZE: u64 = 0x0b;
const AT_BIT_SIZE: u64 = 0x0d;
const AT_LOW_PC: u64 = 0x11;
const AT_LANGUAGE: u64 = 0x13;
const AT_VISIBILITY: u64 = 0x17;
const AT_IMPORT: u64 = 0x18;
const AT_STRING_LENGTH: u64 = 0x19;
const AT_INLINE: u64 = 0x20;
const AT_LOWER_BOUND: u64 = 0x22;
const AT_RETURN_ADDR: u64 = 0x2a;
const AT_BIT_STRIDE: u64 = 0x2e;
const AT_UPPER_BOUND: u64 = 0x2f;
const AT_ACCESSIBILITY: u64 = 0x32;
const AT_CALLING_CONVENTION: u64 = 0x36;
const AT_DATA_MEMBER_LOCATION: u64 = 0x38;
const AT_DISCR_LIST: u64 = 0x3d;
const AT_ENCODING: u64 = 0x3e;
const AT_FRAME_BASE: u64 = 0x40;
const AT_IDENTIFIER_CASE: u64 = 0x42;
const AT_SEGMENT: u64 = 0x46;
const AT_STATIC_LINK: u64 = 0x48;
const AT_TYPE: u64 = 0x49;
const AT_USE_LOCATION: u64 = 0x4a;
const AT_VIRTUALITY: u64 = 0x4c;
const AT_VTABLE_ELEM_LOCATION: u64 = 0x4d;
const AT_ALLOCATED: u64 = 0x4e;
const AT_ASSOCIATED: u64 = 0x4f;
const AT_DATA_LOCATION: u64 = 0x50;
const AT_BYTE_STRIDE: u64 = 0x51;
const AT_RANGES: u64 = 0x55;
const AT_DECIMAL_SIGN: u64 = 0x5e;
const AT_ENDIANITY: u64 = 0x65;
const AT_DATA_BIT_OFFSET: u64 = 0x6b;
const AT_STRING_LENGTH_BIT_SIZE: u64 = 0x6f;
const AT_STRING_LENGTH_BYTE_SIZE: u64 = 0x70;
const AT_RANK: u64 = 0x71;
const AT_STR_OFFSETS_BASE: u64 = 0x72;
const AT_ADDR_BASE: u64 = 0x73;
const AT_RNGLISTS_BASE: u64 = 0x74;
const AT_CALL_VALUE: u64 = 0x7e;
const AT_CALL_TARGET: u64 = 0x83;
const AT_CALL_TARGET_CLOBBERED: u64 = 0x84;
const AT_CALL_DATA_VALUE: u64 = 0x86;
const AT_DEFAULTED: u64 = 0x8b;
const AT_LOCLISTS_BASE: u64 = 0x8c;
const AT_LOCATION: u64 = 0x02;
const AT_NAME: u64 = 0x03;
const AT_LINKAGE_NAME: u64 = 0x6e;
const AT_GNU_CALL_SITE_VALUE: u64 = 0x2111;
const AT_GNU_CALL_SITE_DATA_VALUE: u64 = 0x2112;
const AT_GNU_CALL_SITE_TARGET: u64 = 0x2113;
const AT_GNU_CALL_SITE_TARGET_CLOBBERED: u64 = 0x2114;
const AT_GNU_RANGES_BASE: u64 = 0x2132;
const AT_GNU_ADDR_BASE: u64 = 0x2133;
const AT_GNU_LOCVIEWS: u64 = 0x2137;

const MAX_CU_NESTING: i64 = 1 << 8;

/// A unit of GNU's `cu_abbrev_map`: (start, end, abbreviation set).
type MapEnt = (u64, u64, usize);
/// What a type reference resolves to: (set, entry, offset of the DIE's attributes,
/// the unit for `ref_addr`).
type TypeRef = (usize, usize, u64, Option<MapEnt>);

fn is_loc_attr(at: u64) -> bool {
    matches!(
        at,
        AT_FRAME_BASE
            | AT_LOCATION
            | AT_GNU_LOCVIEWS
            | AT_STRING_LENGTH
            | AT_RETURN_ADDR
            | AT_DATA_MEMBER_LOCATION
            | AT_VTABLE_ELEM_LOCATION
            | AT_SEGMENT
            | AT_STATIC_LINK
            | AT_USE_LOCATION
            | AT_CALL_VALUE
            | AT_GNU_CALL_SITE_VALUE
            | AT_CALL_DATA_VALUE
            | AT_GNU_CALL_SITE_DATA_VALUE
            | AT_CALL_TARGET
            | AT_GNU_CALL_SITE_TARGET
            | AT_CALL_TARGET_CLOBBERED
            | AT_GNU_CALL_SITE_TARGET_CLOBBERED
    )
}

/// The other sections the display reads.
#[derive(Default)]
struct Strs<'a> {
    str: Option<Section<'a>>,
    line_str: Option<Section<'a>>,
    str_dwo: Option<Section<'a>>,
    str_index: Option<Section<'a>>,
    str_index_dwo: Option<Section<'a>>,
    addr: Option<Section<'a>>,
    loclists: Option<Section<'a>>,
    rnglists: Option<Section<'a>>,
    loclists_dwo: Option<Section<'a>>,
    rnglists_dwo: Option<Section<'a>>,
}

/// What an attribute needs to know about its unit.
#[derive(Clone, Copy)]
struct UnitCx {
    cu_offset: u64,
    pointer_size: usize,
    offset_size: usize,
    version: i32,
    /// GNU's `debug_info_p`: index into the units.
    unit: Option<usize>,
    this_set: Option<CuTuSet>,
    /// Recording into `debug_information` is on (`num_debug_info_entries == 0`).
    record: bool,
}

enum CacheEnt {
    Ok(usize, Vec<String>),
    Err(Vec<String>),
}

/// One `.debug_info`/`.debug_types` walk.
struct Proc<'s, 'a> {
    data: &'s [u8],
    sec_name: &'s str,
    sec_address: u64,
    dwo: bool,
    e: Endian,
    machine: u16,
    wide: bool,
    abbrev: Section<'a>,
    sets: Vec<AbbrevSet>,
    cache: HashMap<usize, CacheEnt>,
    /// GNU's `cu_abbrev_map`: (unit start, unit end, set).
    map: Vec<(u64, u64, usize)>,
    strs: Strs<'a>,
    level_type_signed: [bool; MAX_CU_NESTING as usize],
    have_frame_base: bool,
    need_base_address: bool,
    memo: HashMap<u64, bool>,
    sel_any: bool,
    follow_links: bool,
    alt_strs: &'s [Vec<u8>],
}

/// Records a unit's `DW_AT_{what}_base` in `field`, with GNU's warning when the unit
/// at `unit` already had one (GNU's text for `str_offsets` lacks the opening
/// parenthesis).
fn set_base(o: &mut Out, diag: &mut Diag<'_>, unit: u64, field: &mut u64, what: &str, v: u64) {
    if *field != 0 {
        let open = if what == "str_offsets" { "" } else { "(" };
        diag.warn_o(
            o,
            &format!(
                "CU @ {} has multiple {what}_base values {open}{} and {})",
                super::hex0x(unit),
                super::hex0x(*field),
                super::hex0x(v)
            ),
        );
    }
    *field = v;
}

/// Reads an unsigned LEB128 at `*p` (bounded by `end`), reporting GNU's errors.
#[inline]
fn uleb(data: &[u8], p: &mut usize, end: usize, o: &mut Out, diag: &mut Diag<'_>) -> u64 {
    leb_d(data, p, end, o, diag, false)
}

/// Reads a LEB128 at `*p` into a 64-bit variable, reporting GNU's errors.
#[inline]
fn leb_d(
    data: &[u8],
    p: &mut usize,
    end: usize,
    o: &mut Out,
    diag: &mut Diag<'_>,
    signed: bool,
) -> u64 {
    let (v, m) = super::out::read_leb(data, p, end, signed, 64);
    if let Some(m) = m {
        diag.error_o(o, m);
    }
    v
}

/// Reads a signed LEB128 at `*p` (bounded by `end`), reporting GNU's errors.
fn sleb(data: &[u8], p: &mut usize, end: usize, o: &mut Out, diag: &mut Diag<'_>) -> i64 {
    leb_d(data, p, end, o, diag, true) as i64
}

/// The C string at `off` in `sec`, or GNU's complaint.
/// The string at `off` in `sec` for `DW_FORM_{form}`, or GNU's placeholder text
/// (with its warning when `off` is past the end of section `name`).
fn fetch_section_string<'x>(
    o: &mut Out,
    diag: &mut Diag<'_>,
    sec: Option<&'x Section<'_>>,
    off: u64,
    form: &str,
    name: &str,
) -> &'x [u8] {
    let Some(s) = sec else {
        return if name == ".debug_str" {
            b"<no .debug_str section>"
        } else {
            b"<no .debug_line_str section>"
        };
    };
    if off >= s.data.len() as u64 {
        diag.warn_o(
            o,
            &format!("DW_FORM_{form} offset too big: {}\n", super::hex0x(off)),
        );
        return b"<offset is too big>";
    }
    match cstr_at(s, off) {
        Ok(b) => b,
        Err(()) if name == ".debug_str" => b"<no NUL byte at end of .debug_str section>",
        Err(()) => b"<no NUL byte at end of .debug_line_str section>",
    }
}

fn cstr_at<'x>(sec: &'x Section<'_>, off: u64) -> Result<&'x [u8], ()> {
    let d = &sec.data[..];
    let s = usize::try_from(off)
        .ok()
        .and_then(|o| d.get(o..))
        .ok_or(())?;
    match s.iter().position(|&b| b == 0) {
        Some(n) => Ok(s.get(..n).unwrap_or(s)),
        None => Err(()),
    }
}

impl<'a> Proc<'_, 'a> {
    /// GNU's `find_and_process_abbrev_set`; `first_pass` searches the parsed sets.
    fn abbrev_set(
        &mut self,
        base: u64,
        size: u64,
        offset: u64,
        first_pass: bool,
        o: &mut Out,
        diag: &mut Diag<'_>,
    ) -> Option<usize> {
        let secsize = self.abbrev.data.len() as u64;
        if base >= secsize || size > secsize - base {
            diag.warn_o(o, &format!(
                "Debug info is corrupted, abbrev size ({}) is larger than abbrev section size ({})\n",
                super::hex0x(base.wrapping_add(size)),
                super::hex0x(secsize)
            ));
            return None;
        }
        if offset >= size {
            diag.warn_o(o, &format!(
                "Debug info is corrupted, abbrev offset ({}) is larger than abbrev section size ({})\n",
                super::hex0x(offset),
                super::hex0x(size)
            ));
            return None;
        }
        let start = (base + offset) as usize;
        let end = (base + size) as usize;
        match self.cache.get(&start) {
            Some(CacheEnt::Ok(i, errs)) => {
                if !first_pass {
                    for e in errs {
                        diag.error_o(o, e);
                    }
                }
                return Some(*i);
            }
            Some(CacheEnt::Err(errs)) => {
                for e in errs {
                    diag.error_o(o, e);
                }
                return None;
            }
            None => {}
        }
        let mut errs = Vec::new();
        let set = abbrev::parse_set(&self.abbrev.data, start, end, &self.abbrev.name, &mut errs);
        for e in &errs {
            diag.error_o(o, e);
        }
        match set {
            Some(s) => {
                let i = self.sets.len();
                self.sets.push(s);
                self.cache.insert(start, CacheEnt::Ok(i, errs));
                Some(i)
            }
            None => {
                self.cache.insert(start, CacheEnt::Err(errs));
                None
            }
        }
    }

    /// GNU's `find_abbrev_map_by_offset`.
    fn map_for(&self, off: u64) -> Option<(u64, u64, usize)> {
        let i = self.map.partition_point(|m| m.1 <= off);
        self.map.get(i).copied().filter(|m| m.0 <= off && m.1 > off)
    }

    /// GNU's `skip_attr_bytes`.
    #[allow(clippy::too_many_arguments)]
    fn skip_attr(
        &self,
        form: u64,
        mut p: usize,
        end: usize,
        u: &UnitCx,
        o: &mut Out,
        diag: &mut Diag<'_>,
        depth: u32,
    ) -> Option<(usize, u64)> {
        let d = self.data;
        let e = self.e;
        let mut inc: u64 = 0;
        let uvalue = match form {
            F_REF_ADDR => {
                if u.version == 2 {
                    e.read(d, &mut p, u.pointer_size, end)
                } else if u.version > 2 {
                    e.read(d, &mut p, u.offset_size, end)
                } else {
                    return None;
                }
            }
            F_ADDR => e.read(d, &mut p, u.pointer_size, end),
            F_STRP | F_LINE_STRP | F_SEC_OFFSET | F_GNU_REF_ALT | F_GNU_STRP_ALT => {
                e.read(d, &mut p, u.offset_size, end)
            }
            F_FLAG_PRESENT => 1,
            F_REF1 | F_FLAG | F_DATA1 | F_STRX1 | F_ADDRX1 => e.read(d, &mut p, 1, end),
            F_STRX3 | F_ADDRX3 => e.read(d, &mut p, 3, end),
            F_REF2 | F_DATA2 | F_STRX2 | F_ADDRX2 => e.read(d, &mut p, 2, end),
            F_REF4 | F_DATA4 | F_STRX4 | F_ADDRX4 => e.read(d, &mut p, 4, end),
            F_SDATA => sleb(d, &mut p, end, o, diag) as u64,
            F_REF_UDATA | F_UDATA | F_GNU_STR_INDEX | F_STRX | F_GNU_ADDR_INDEX | F_ADDRX
            | F_LOCLISTX | F_RNGLISTX => uleb(d, &mut p, end, o, diag),
            F_REF8 => e.read(d, &mut p, 8, end),
            F_DATA8 | F_REF_SIG8 => {
                inc = 8;
                0
            }
            F_DATA16 => {
                inc = 16;
                0
            }
            F_STRING => {
                let s = d.get(p..end).unwrap_or(&[]);
                inc = s.iter().position(|&b| b == 0).unwrap_or(s.len()) as u64 + 1;
                0
            }
            F_BLOCK | F_EXPRLOC => {
                let v = uleb(d, &mut p, end, o, diag);
                inc = v;
                v
            }
            F_BLOCK1 => {
                let v = e.read(d, &mut p, 1, end);
                inc = v;
                v
            }
            F_BLOCK2 => {
                let v = e.read(d, &mut p, 2, end);
                inc = v;
                v
            }
            F_BLOCK4 => {
                let v = e.read(d, &mut p, 4, end);
                inc = v;
                v
            }
            F_INDIRECT => {
                let f = uleb(d, &mut p, end, o, diag);
                if f == F_IMPLICIT_CONST {
                    let (_, n, _) = leb(d, p, end, false);
                    p += n;
                }
                if depth > 64 {
                    return None;
                }
                return self.skip_attr(f, p, end, u, o, diag, depth + 1);
            }
            _ => return None,
        };
        let avail = end.saturating_sub(p) as u64;
        if inc <= avail {
            p += inc as usize;
        } else {
            p = end;
        }
        Some((p, uvalue))
    }

    /// GNU's `get_type_abbrev_from_form`: the abbreviation of the DIE a type
    /// reference points at, the DIE's data offset (after the abbrev number), and
    /// the unit map entry for `ref_addr`.
    #[allow(clippy::too_many_arguments)]
    fn type_abbrev(
        &self,
        form: u64,
        uvalue: u64,
        cu_offset: u64,
        cu_end: usize,
        o: &mut Out,
        diag: &mut Diag<'_>,
        abbrev_num: &mut u64,
    ) -> Option<TypeRef> {
        *abbrev_num = 0;
        let size = self.data.len() as u64;
        // Values are C `unsigned long`.
        let target = match form {
            F_GNU_REF_ALT | F_REF_SIG8 => return None,
            F_REF_ADDR => {
                if uvalue >= size {
                    let m = format!(
                        "Unable to resolve ref_addr form: uvalue {:x} > section size {:x} ({})\n",
                        uvalue, size, self.sec_name
                    );
                    diag.warn_o(o, &m);
                    return None;
                }
                uvalue
            }
            F_REF_SUP4 | F_REF_SUP8 => uvalue,
            F_REF1 | F_REF2 | F_REF4 | F_REF8 | F_REF_UDATA => {
                let sum = uvalue.wrapping_add(cu_offset);
                if sum < uvalue || sum > cu_end as u64 {
                    let m = format!(
                        "Unable to resolve ref form: uvalue {:x} + cu_offset {:x} > CU size {:x}\n",
                        uvalue, cu_offset, cu_end
                    );
                    diag.warn_o(o, &m);
                    return None;
                }
                sum
            }
            _ => {
                let m = format!(
                    "Unexpected form {form:x} encountered whilst finding abbreviation for type\n"
                );
                diag.warn_o(o, &m);
                return None;
            }
        };
        let Some(m) = self.map_for(target) else {
            diag.warn_o(
                o,
                &format!(
                    "Unable to find abbreviations for CU offset {}\n",
                    super::hex0x(target)
                ),
            );
            return None;
        };
        let set = self.sets.get(m.2)?;
        let mut p = usize::try_from(target).unwrap_or(usize::MAX);
        let n = uleb(self.data, &mut p, self.data.len(), o, diag);
        *abbrev_num = n;
        let map_ret = if form == F_REF_ADDR { Some(m) } else { None };
        match set.find_index(n) {
            Some(i) => Some((m.2, i, p as u64, map_ret)),
            None => {
                diag.warn_o(o, &format!("Unable to find entry for abbreviation {n}\n"));
                None
            }
        }
    }

    /// The signedness of the type that `DW_AT_type` (of form `form`, value `uvalue`)
    /// refers to: false where the reference cannot be followed.
    #[allow(clippy::too_many_arguments)]
    fn referenced_signedness(
        &mut self,
        o: &mut Out,
        diag: &mut Diag<'_>,
        form: u64,
        uvalue: u64,
        end: usize,
        u: &UnitCx,
        nesting: u32,
    ) -> bool {
        let mut num = 0;
        let Some((s2, e2, p2, m)) =
            self.type_abbrev(form, uvalue, u.cu_offset, end, o, diag, &mut num)
        else {
            return false;
        };
        let (end2, cu2) = match m {
            Some(m) => (m.1 as usize, m.0),
            None => (end, u.cu_offset),
        };
        let u2 = UnitCx {
            cu_offset: cu2,
            ..*u
        };
        self.type_signedness(o, diag, s2, e2, p2 as usize, end2, &u2, nesting)
    }

    /// GNU's `get_type_signedness`; prints names in wide mode.
    #[allow(clippy::too_many_arguments)]
    fn type_signedness(
        &mut self,
        o: &mut Out,
        diag: &mut Diag<'_>,
        set: usize,
        entry: usize,
        mut p: usize,
        end: usize,
        u: &UnitCx,
        nesting: u32,
    ) -> bool {
        let mut is_signed = false;
        if nesting > 20 {
            return false;
        }
        let n_attrs = self
            .sets
            .get(set)
            .and_then(|s| s.entries.get(entry).map(|e| s.attrs(e).len()))
            .unwrap_or(0);
        for k in 0..n_attrs {
            let Some(a) = self
                .sets
                .get(set)
                .and_then(|s| s.entries.get(entry).and_then(|e| s.attrs(e).get(k)))
                .copied()
            else {
                break;
            };
            if a.at == 0 {
                break;
            }
            let orig = p;
            let Some((np, uvalue)) = self.skip_attr(a.form, p, end, u, o, diag, 0) else {
                return is_signed;
            };
            p = np;
            match a.at {
                AT_LINKAGE_NAME | AT_NAME if self.wide => {
                    if a.form == F_STRP {
                        let name = self.fetch_indirect_string(o, diag, uvalue);
                        o.s(", ");
                        o.b(name);
                    } else if a.form == F_STRING {
                        o.s(", ");
                        o.cstr(self.data.get(orig..end).unwrap_or(&[]));
                    }
                }
                AT_TYPE => {
                    is_signed =
                        self.referenced_signedness(o, diag, a.form, uvalue, end, u, nesting + 1);
                }
                AT_ENCODING => {
                    is_signed = !matches!(uvalue, 1 | 2 | 7 | 8 | 0xe);
                }
                _ => {}
            }
        }
        is_signed
    }

    /// GNU's `fetch_indirect_string`. Like GNU's, whose result is a `printf`
    /// argument, it is called before the text it follows is written, so its warning
    /// comes first; `o` is only written out before the warning.
    /// Prints a string form's value: `label` (or `(offset: ` when wide), the offset, `sep`, the string.
    fn show_string_form(&self, o: &mut Out, delim: u8, label: &str, off: u64, sep: &str, v: &[u8]) {
        o.c(delim);
        o.s(if self.wide { "(offset: " } else { label });
        o.hex0x(off);
        o.s(sep);
        o.b(v);
    }

    fn fetch_indirect_string(&self, o: &mut Out, diag: &mut Diag<'_>, off: u64) -> &[u8] {
        fetch_section_string(o, diag, self.strs.str.as_ref(), off, "strp", ".debug_str")
    }

    /// GNU's `fetch_alt_indirect_string` (called before the text it follows is
    /// written, as [`Proc::fetch_indirect_string`] is).
    fn fetch_alt_string(&self, o: &mut Out, diag: &mut Diag<'_>, off: u64) -> &[u8] {
        if !self.follow_links {
            return b"";
        }
        if self.alt_strs.is_empty() {
            return b"<no links available>";
        }
        for s in self.alt_strs {
            let Some(rest) = usize::try_from(off).ok().and_then(|x| s.get(x..)) else {
                continue;
            };
            if rest.is_empty() {
                continue;
            }
            return match rest.iter().position(|&b| b == 0) {
                Some(n) => rest.get(..n).unwrap_or(rest),
                None => b"<no NUL byte at end of alt .debug_str section>",
            };
        }
        diag.warn_o(
            o,
            &format!(
                "DW_FORM_GNU_strp_alt offset ({}) too big or no string sections available\n",
                super::hex0x(off)
            ),
        );
        b"<offset is too big>"
    }

    /// GNU's `fetch_indirect_line_string` (called before the text it follows is
    /// written, as [`Proc::fetch_indirect_string`] is).
    fn fetch_line_string(&self, o: &mut Out, diag: &mut Diag<'_>, off: u64) -> &[u8] {
        fetch_section_string(
            o,
            diag,
            self.strs.line_str.as_ref(),
            off,
            "line_strp",
            ".debug_line_str",
        )
    }

    /// GNU's `fetch_indexed_string` (called before the text it follows is written,
    /// as [`Proc::fetch_indirect_string`] is).
    fn fetch_indexed_string(
        &self,
        o: &mut Out,
        diag: &mut Diag<'_>,
        idx: u64,
        u: &UnitCx,
        base: u64,
    ) -> &[u8] {
        let (str_sec, idx_sec) = if self.dwo {
            (&self.strs.str_dwo, &self.strs.str_index_dwo)
        } else {
            (&self.strs.str, &self.strs.str_index)
        };
        let Some(idx_sec) = idx_sec else {
            return if self.dwo {
                b"<no .debug_str_offsets.dwo section>"
            } else {
                b"<no .debug_str_offsets section>"
            };
        };
        let Some(str_sec) = str_sec else {
            return if self.dwo {
                b"<no .debug_str.dwo section>"
            } else {
                b"<no .debug_str section>"
            };
        };
        let os = u.offset_size as u64;
        let mut index_offset = idx.wrapping_mul(os);
        if let Some(set) = &u.this_set {
            index_offset = index_offset.wrapping_add(set.offsets[index::SECT_STR_OFFSETS]);
        }
        index_offset = index_offset.wrapping_add(base);
        if index_offset.wrapping_add(os) > idx_sec.data.len() as u64 {
            let m = format!(
                "string index of {idx} converts to an offset of {} which is too big for section {}",
                super::hex0x(index_offset),
                str_sec.name
            );
            diag.warn_o(o, &m);
            return b"<string index too big>";
        }
        let str_off = self
            .e
            .get(
                idx_sec.data.get(index_offset as usize..).unwrap_or(&[]),
                u.offset_size,
            )
            .wrapping_sub(str_sec.address);
        if str_off >= str_sec.data.len() as u64 {
            let m = format!("indirect offset too big: {}\n", super::hex0x(str_off));
            diag.warn_o(o, &m);
            return b"<indirect index offset is too big>";
        }
        match cstr_at(str_sec, str_off) {
            Ok(b) => b,
            Err(()) => b"<no NUL byte at end of section>",
        }
    }

    /// GNU's `fetch_indexed_addr`.
    fn indexed_addr(&self, o: &mut Out, diag: &mut Diag<'_>, off: u64, n: usize) -> u64 {
        let Some(s) = &self.strs.addr else {
            diag.warn_o(
                o,
                "Cannot fetch indexed address: the .debug_addr section is missing\n",
            );
            return 0;
        };
        if off.wrapping_add(n as u64) > s.data.len() as u64 {
            diag.warn_o(
                o,
                &format!(
                    "Offset into section {} too big: {}\n",
                    s.name,
                    super::hex0x(off)
                ),
            );
            return 0;
        }
        self.e.get(s.data.get(off as usize..).unwrap_or(&[]), n)
    }

    /// The main attribute display (`read_and_display_attr_value`).
    #[allow(clippy::too_many_arguments)]
    fn attr_value(
        &mut self,
        o: &mut Out,
        diag: &mut Diag<'_>,
        units: &mut [UnitInfo],
        u: &UnitCx,
        attribute: u64,
        form: u64,
        implicit: i64,
        mut p: usize,
        end: usize,
        do_loc: bool,
        delim: u8,
        level: i64,
        depth: u32,
    ) -> usize {
        let d = self.data;
        let e = self.e;
        let orig = p;
        if p > end || (p == end && form != F_FLAG_PRESENT) {
            diag.warn_o(o, "Corrupt attribute\n");
            return p;
        }
        if self.wide && !do_loc {
            o.c(delim);
            o.c(b'(');
            match names::form_str(form) {
                Some(n) => o.s(n.strip_prefix("DW_FORM_").unwrap_or(n)),
                None => {
                    o.s("Unknown FORM value: ");
                    o.hex(form);
                }
            }
            o.c(b')');
        }
        let mut uvalue: u64 = 0;
        let mut uvalue_hi: u64 = 0;
        let mut block_start: Option<usize> = None;
        match form {
            F_REF_ADDR => {
                if u.version == 2 {
                    uvalue = e.read(d, &mut p, u.pointer_size, end);
                } else if u.version > 2 {
                    uvalue = e.read(d, &mut p, u.offset_size, end);
                } else {
                    diag.error_o(
                        o,
                        "Internal error: DW_FORM_ref_addr is not supported in DWARF version 1.\n",
                    );
                }
            }
            F_ADDR => uvalue = e.read(d, &mut p, u.pointer_size, end),
            F_STRP_SUP | F_STRP | F_LINE_STRP | F_SEC_OFFSET | F_GNU_REF_ALT | F_GNU_STRP_ALT => {
                uvalue = e.read(d, &mut p, u.offset_size, end)
            }
            F_FLAG_PRESENT => uvalue = 1,
            F_REF1 | F_FLAG | F_DATA1 | F_STRX1 | F_ADDRX1 => uvalue = e.read(d, &mut p, 1, end),
            F_REF2 | F_DATA2 | F_STRX2 | F_ADDRX2 => uvalue = e.read(d, &mut p, 2, end),
            F_STRX3 | F_ADDRX3 => uvalue = e.read(d, &mut p, 3, end),
            F_REF_SUP4 | F_REF4 | F_DATA4 | F_STRX4 | F_ADDRX4 => {
                uvalue = e.read(d, &mut p, 4, end)
            }
            F_REF_SUP8 | F_REF8 | F_DATA8 | F_REF_SIG8 => uvalue = e.read(d, &mut p, 8, end),
            F_DATA16 => {
                uvalue = e.read(d, &mut p, 8, end);
                uvalue_hi = e.read(d, &mut p, 8, end);
                if e.big {
                    std::mem::swap(&mut uvalue, &mut uvalue_hi);
                }
            }
            F_SDATA => uvalue = sleb(d, &mut p, end, o, diag) as u64,
            F_GNU_STR_INDEX | F_STRX | F_REF_UDATA | F_UDATA | F_GNU_ADDR_INDEX | F_ADDRX
            | F_LOCLISTX | F_RNGLISTX => uvalue = uleb(d, &mut p, end, o, diag),
            F_INDIRECT => {
                let f = uleb(d, &mut p, end, o, diag);
                if !do_loc {
                    o.c(delim);
                    names::write_form(o, f);
                }
                let mut imp = implicit;
                if f == F_IMPLICIT_CONST {
                    imp = sleb(d, &mut p, end, o, diag);
                }
                if depth > 64 {
                    return p;
                }
                return self.attr_value(
                    o,
                    diag,
                    units,
                    u,
                    attribute,
                    f,
                    imp,
                    p,
                    end,
                    do_loc,
                    delim,
                    level,
                    depth + 1,
                );
            }
            F_IMPLICIT_CONST => uvalue = implicit as u64,
            _ => {}
        }

        match form {
            F_REF_ADDR => {
                if !do_loc {
                    o.c(delim);
                    o.c(b'<');
                    o.hex0x(uvalue);
                    o.c(b'>');
                }
            }
            F_GNU_REF_ALT => {
                if !do_loc {
                    o.c(delim);
                    o.s(if self.wide { "<" } else { "<alt " });
                    o.hex0x(uvalue);
                    o.c(b'>');
                }
            }
            F_REF1 | F_REF2 | F_REF4 | F_REF_SUP4 | F_REF_UDATA => {
                if !do_loc {
                    o.c(delim);
                    o.c(b'<');
                    o.hex0x(uvalue.wrapping_add(u.cu_offset));
                    o.c(b'>');
                }
            }
            F_DATA4 | F_ADDR | F_SEC_OFFSET => {
                if !do_loc {
                    o.c(delim);
                    o.hex0x(uvalue);
                }
            }
            F_FLAG_PRESENT | F_FLAG | F_DATA1 | F_DATA2 | F_SDATA => {
                if !do_loc {
                    o.c(delim);
                    o.sdec(uvalue as i64);
                }
            }
            F_UDATA => {
                if !do_loc {
                    o.c(delim);
                    o.dec(uvalue);
                }
            }
            F_IMPLICIT_CONST => {
                if !do_loc {
                    o.c(delim);
                    o.sdec(implicit);
                }
            }
            F_REF_SUP8 | F_REF8 | F_DATA8 => {
                if !do_loc {
                    let mut v = uvalue;
                    if form == F_REF8 {
                        v = v.wrapping_add(u.cu_offset);
                    }
                    o.c(delim);
                    o.hex0x(v);
                }
            }
            F_DATA16 => {
                if !do_loc {
                    o.c(b' ');
                    if uvalue_hi == 0 {
                        o.hex0x(uvalue);
                    } else {
                        o.hex0x(uvalue_hi);
                        o.hex_w(uvalue, 16);
                    }
                }
            }
            F_STRING => {
                let s = d.get(p..end).unwrap_or(&[]);
                let n = s.iter().position(|&b| b == 0).unwrap_or(s.len());
                if !do_loc {
                    o.c(delim);
                    o.b(s.get(..n).unwrap_or(s));
                }
                p += n;
                if p < end {
                    p += 1;
                }
            }
            F_BLOCK | F_EXPRLOC | F_BLOCK1 | F_BLOCK2 | F_BLOCK4 => {
                uvalue = match form {
                    F_BLOCK | F_EXPRLOC => uleb(d, &mut p, end, o, diag),
                    F_BLOCK1 => e.read(d, &mut p, 1, end),
                    F_BLOCK2 => e.read(d, &mut p, 2, end),
                    _ => e.read(d, &mut p, 4, end),
                };
                let mut bs = p;
                if bs >= end {
                    diag.warn_o(o, "Block ends prematurely\n");
                    uvalue = 0;
                    bs = end;
                }
                let max = (end - bs) as u64;
                if uvalue > max {
                    diag.warn_o(
                        o,
                        &format!("Corrupt attribute block length: {}\n", super::hex0x(uvalue)),
                    );
                    uvalue = max;
                }
                p = bs + uvalue as usize;
                if !do_loc {
                    let op = if bs < end {
                        d.get(bs).copied().unwrap_or(0)
                    } else {
                        0
                    };
                    if op != 0xa1 {
                        p = expr::display_block(o, d, bs, uvalue, end, delim);
                    }
                }
                block_start = Some(bs);
            }
            F_STRP | F_LINE_STRP => {
                if !do_loc {
                    let (v, label) = if form == F_STRP {
                        let v = self.fetch_indirect_string(o, diag, uvalue);
                        (v, "(indirect string, offset: ")
                    } else {
                        let v = self.fetch_line_string(o, diag, uvalue);
                        (v, "(indirect line string, offset: ")
                    };
                    self.show_string_form(o, delim, label, uvalue, "): ", v);
                }
            }
            F_GNU_STR_INDEX | F_STRX | F_STRX1 | F_STRX2 | F_STRX3 | F_STRX4 => {
                if !do_loc {
                    let base = u
                        .unit
                        .and_then(|i| units.get(i))
                        .map_or(0, |x| x.str_offsets_base);
                    let v = self.fetch_indexed_string(o, diag, uvalue, u, base);
                    self.show_string_form(o, delim, "(indexed string: ", uvalue, "): ", v);
                }
            }
            F_GNU_STRP_ALT => {
                if !do_loc {
                    let v = self.fetch_alt_string(o, diag, uvalue);
                    let label = "(alt indirect string, offset: ";
                    self.show_string_form(o, delim, label, uvalue, ") ", v);
                }
            }
            F_REF_SIG8 => {
                if !do_loc {
                    o.c(delim);
                    o.s(if self.wide { "" } else { "signature" });
                    o.s(": ");
                    o.hex0x(uvalue);
                }
            }
            F_GNU_ADDR_INDEX | F_ADDRX | F_ADDRX1 | F_ADDRX2 | F_ADDRX3 | F_ADDRX4 | F_LOCLISTX
            | F_RNGLISTX => {
                if !do_loc {
                    let unit = u.unit.and_then(|i| units.get(i));
                    let idx: u64 = if form == F_LOCLISTX {
                        if self.dwo {
                            let v = self.indexed_value(o, diag, uvalue, true, true, 0);
                            if v != u64::MAX {
                                v.wrapping_add(if u.offset_size == 8 { 20 } else { 12 })
                            } else {
                                v
                            }
                        } else if let Some(x) = unit {
                            if (uvalue as usize) < x.num_loc_offsets && uvalue < usize::MAX as u64 {
                                x.loc_offsets.get(uvalue as usize).copied().unwrap_or(0)
                            } else {
                                diag.warn_o(o, &format!("loc_offset {uvalue} too big\n"));
                                u64::MAX
                            }
                        } else {
                            self.indexed_value(o, diag, uvalue, true, false, 0)
                        }
                    } else if form == F_RNGLISTX {
                        if self.dwo {
                            let v = self.indexed_value(o, diag, uvalue, false, true, 0);
                            if v != u64::MAX {
                                v.wrapping_add(if u.offset_size == 8 { 20 } else { 12 })
                            } else {
                                v
                            }
                        } else {
                            let base = unit.map_or(0, |x| x.rnglists_base);
                            let v = self.indexed_value(o, diag, uvalue, false, false, base);
                            if v != u64::MAX {
                                v.wrapping_add(base)
                            } else {
                                v
                            }
                        }
                    } else {
                        let mut base = match unit {
                            None => 0,
                            Some(x) if x.addr_base == DEBUG_INFO_UNAVAILABLE => 0,
                            Some(x) => x.addr_base,
                        };
                        base = base.wrapping_add(uvalue.wrapping_mul(u.pointer_size as u64));
                        self.indexed_addr(o, diag, base, u.pointer_size)
                    };
                    if idx != u64::MAX {
                        o.c(delim);
                        o.s("(index: ");
                        o.hex0x(uvalue);
                        o.s("): ");
                        o.hex0x(idx);
                    }
                }
            }
            F_STRP_SUP => {
                if !do_loc {
                    o.c(delim);
                    o.c(b'<');
                    o.hex0x(uvalue.wrapping_add(u.cu_offset));
                    o.c(b'>');
                }
            }
            F_INDIRECT => {}
            _ => {
                diag.warn_o(o, &format!("Unrecognized form: {}\n", super::hex0x(form)));
                p += 1;
            }
        }

        if self.sel_any && u.record {
            if let Some(ui) = u.unit {
                self.record(o, diag, units, ui, u, attribute, form, uvalue);
            }
        }

        if do_loc || attribute == 0 {
            return p;
        }
        self.attr_extra(
            o,
            diag,
            u,
            attribute,
            form,
            uvalue,
            p,
            end,
            orig,
            block_start,
            level,
        );
        p
    }

    /// GNU's `fetch_indexed_value`: `loclists` picks `.debug_loclists` over
    /// `.debug_rnglists`; `u64::MAX` when it fails.
    fn indexed_value(
        &self,
        o: &mut Out,
        diag: &mut Diag<'_>,
        idx: u64,
        loclists: bool,
        dwo: bool,
        base: u64,
    ) -> u64 {
        let (sec, uname) = match (loclists, dwo) {
            (true, false) => (&self.strs.loclists, ".debug_loclists"),
            (true, true) => (&self.strs.loclists_dwo, ".debug_loclists.dwo"),
            (false, false) => (&self.strs.rnglists, ".debug_rnglists"),
            (false, true) => (&self.strs.rnglists_dwo, ".debug_rnglists.dwo"),
        };
        let Some(s) = sec else {
            diag.warn_o(o, &format!("Unable to locate {uname} section\n"));
            return u64::MAX;
        };
        let data = &s.data[..];
        if data.len() < 4 {
            diag.warn_o(
                o,
                &format!(
                    "Section {} is too small to contain an value indexed from another section!\n",
                    s.name
                ),
            );
            return u64::MAX;
        }
        let (ps, bias) = if self.e.get(data, 4) == 0xffff_ffff {
            (8u64, 20u64)
        } else {
            (4, 12)
        };
        let mut off = idx.wrapping_mul(ps);
        off = off.wrapping_add(if base != 0 { base } else { bias });
        if off.wrapping_add(ps) > data.len() as u64 {
            diag.warn_o(
                o,
                &format!(
                    "Offset into section {} too big: {}\n",
                    s.name,
                    super::hex0x(off)
                ),
            );
            return u64::MAX;
        }
        self.e
            .get(data.get(off as usize..).unwrap_or(&[]), ps as usize)
    }

    /// The `debug_information[]` recording part of `read_and_display_attr_value`.
    #[allow(clippy::too_many_arguments)]
    fn record(
        &mut self,
        o: &mut Out,
        diag: &mut Diag<'_>,
        units: &mut [UnitInfo],
        ui: usize,
        u: &UnitCx,
        attribute: u64,
        form: u64,
        uvalue: u64,
    ) {
        let loclists_for_index = if form == F_LOCLISTX && is_loc_attr(attribute) {
            let (num, base) = units
                .get(ui)
                .map_or((0, 0), |x| (x.num_loc_offsets as u64, x.loclists_base));
            Some(self.indexed_value(o, diag, num, true, false, base))
        } else {
            None
        };
        let rng_index = if form == F_RNGLISTX && attribute == AT_RANGES {
            Some(self.indexed_value(o, diag, uvalue, false, false, 0))
        } else {
            None
        };
        let Some(x) = units.get_mut(ui) else { return };
        let mut uvalue = uvalue;
        match attribute {
            AT_LOCLISTS_BASE => {
                set_base(o, diag, x.offset, &mut x.loclists_base, "loclists", uvalue)
            }
            AT_RNGLISTS_BASE => {
                set_base(o, diag, x.offset, &mut x.rnglists_base, "rnglists", uvalue)
            }
            AT_STR_OFFSETS_BASE => {
                set_base(
                    o,
                    diag,
                    x.offset,
                    &mut x.str_offsets_base,
                    "str_offsets",
                    uvalue,
                );
            }
            a if is_loc_attr(a) => {
                if a == AT_FRAME_BASE {
                    self.have_frame_base = true;
                }
                if (u.version < 4 && (form == F_DATA4 || form == F_DATA8))
                    || form == F_SEC_OFFSET
                    || form == F_LOCLISTX
                {
                    let num = x.num_loc_offsets;
                    if let Some(v) = loclists_for_index {
                        uvalue = v;
                    } else if let Some(set) = &u.this_set {
                        uvalue = uvalue.wrapping_add(set.offsets[index::SECT_LOC]);
                    }
                    set_at(&mut x.have_frame_base, num, self.have_frame_base);
                    if a != AT_GNU_LOCVIEWS {
                        uvalue = uvalue.wrapping_add(x.loclists_base);
                        if x.num_loc_offsets > x.num_loc_views {
                            diag.warn_o(o, "More location offset attributes than DW_AT_GNU_locview attributes\n");
                        } else {
                            set_at(&mut x.loc_offsets, num, uvalue);
                            x.num_loc_offsets += 1;
                        }
                    } else {
                        let num = x.num_loc_views;
                        if num > x.num_loc_offsets {
                            diag.warn_o(o, "More DW_AT_GNU_locview attributes than location offset attributes\n");
                        } else {
                            set_at(&mut x.loc_views, num, uvalue);
                            x.num_loc_views += 1;
                        }
                    }
                }
            }
            AT_LOW_PC if self.need_base_address => x.base_address = uvalue,
            AT_GNU_ADDR_BASE | AT_ADDR_BASE => x.addr_base = uvalue,
            AT_GNU_RANGES_BASE => x.ranges_base = uvalue,
            AT_RANGES
                if (u.version < 4 && (form == F_DATA4 || form == F_DATA8))
                    || form == F_SEC_OFFSET
                    || form == F_RNGLISTX =>
            {
                if let Some(v) = rng_index {
                    uvalue = v;
                }
                x.range_lists.push(uvalue);
            }
            _ => {}
        }
    }

    /// The "further information" part of `read_and_display_attr_value`.
    #[allow(clippy::too_many_arguments)]
    fn attr_extra(
        &mut self,
        o: &mut Out,
        diag: &mut Diag<'_>,
        u: &UnitCx,
        attribute: u64,
        form: u64,
        uvalue: u64,
        data: usize,
        end: usize,
        orig: usize,
        block_start: Option<usize>,
        level: i64,
    ) {
        let tab_then = |o: &mut Out, s: &str| {
            o.c(b'\t');
            o.s(s);
        };
        match attribute {
            AT_TYPE if (0..MAX_CU_NESTING).contains(&level) && uvalue < end as u64 => {
                let key = uvalue.wrapping_add(u.cu_offset) ^ (form << 56);
                let cached = if self.wide {
                    None
                } else {
                    self.memo.get(&key).copied()
                };
                let is_signed = if let Some(s) = cached {
                    s
                } else {
                    let before = diag.count;
                    let s = self.referenced_signedness(o, diag, form, uvalue, end, u, 0);
                    if diag.count == before && !self.wide {
                        self.memo.insert(key, s);
                    }
                    s
                };
                if let Some(slot) = self.level_type_signed.get_mut(level as usize) {
                    *slot = is_signed;
                }
            }
            AT_INLINE => tab_then(
                o,
                match uvalue {
                    0 => "(not inlined)",
                    1 => "(inlined)",
                    2 => "(declared as inline but ignored)",
                    3 => "(declared as inline and inlined)",
                    _ => {
                        o.s("\t  (Unknown inline attribute value: ");
                        o.hex0x(uvalue);
                        o.c(b')');
                        return;
                    }
                },
            ),
            AT_LANGUAGE => {
                let s = match uvalue {
                    0x1 => "(ANSI C)",
                    0x2 => "(non-ANSI C)",
                    0x3 => "(Ada)",
                    0x4 => "(C++)",
                    0x5 => "(Cobol 74)",
                    0x6 => "(Cobol 85)",
                    0x7 => "(FORTRAN 77)",
                    0x8 => "(Fortran 90)",
                    0x9 => "(ANSI Pascal)",
                    0xa => "(Modula 2)",
                    0xb => "(Java)",
                    0xc => "(ANSI C99)",
                    0xd => "(ADA 95)",
                    0xe => "(Fortran 95)",
                    0xf => "(PLI)",
                    0x10 => "(Objective C)",
                    0x11 => "(Objective C++)",
                    0x12 => "(Unified Parallel C)",
                    0x13 => "(D)",
                    0x14 => "(Python)",
                    0x15 => "(OpenCL)",
                    0x16 => "(Go)",
                    0x17 => "(Modula 3)",
                    0x18 => "(Haskell)",
                    0x19 => "(C++03)",
                    0x1a => "(C++11)",
                    0x1b => "(OCaml)",
                    0x1c => "(Rust)",
                    0x1d => "(C11)",
                    0x1e => "(Swift)",
                    0x1f => "(Julia)",
                    0x20 => "(Dylan)",
                    0x21 => "(C++14)",
                    0x22 => "(Fortran 03)",
                    0x23 => "(Fortran 08)",
                    0x24 => "(RenderScript)",
                    0x8001 => "(MIPS assembler)",
                    0x8765 => "(Unified Parallel C)",
                    _ => {
                        o.c(b'\t');
                        if (0x8000..=0xffff).contains(&uvalue) {
                            o.s("(implementation defined: ");
                        } else {
                            o.s("(unknown: ");
                        }
                        o.hex0x(uvalue);
                        o.c(b')');
                        return;
                    }
                };
                tab_then(o, s);
            }
            AT_ENCODING => {
                let s = match uvalue {
                    0x0 => "(void)",
                    0x1 => "(machine address)",
                    0x2 => "(boolean)",
                    0x3 => "(complex float)",
                    0x4 => "(float)",
                    0x5 => "(signed)",
                    0x6 => "(signed char)",
                    0x7 => "(unsigned)",
                    0x8 => "(unsigned char)",
                    0x9 => "(imaginary float)",
                    0xf => "(decimal float)",
                    0xa => "(packed_decimal)",
                    0xb => "(numeric_string)",
                    0xc => "(edited)",
                    0xd => "(signed_fixed)",
                    0xe => "(unsigned_fixed)",
                    0x10 => "(unicode string)",
                    0x11 => "(UCS)",
                    0x12 => "(ASCII)",
                    0x80 => "(HP_float80)",
                    0x81 => "(HP_complex_float80)",
                    0x82 => "(HP_float128)",
                    0x83 => "(HP_complex_float128)",
                    0x84 => "(HP_floathpintel)",
                    0x85 => "(HP_imaginary_float80)",
                    0x86 => "(HP_imaginary_float128)",
                    0x87..=0xff => "(user defined type)",
                    _ => "(unknown type)",
                };
                tab_then(o, s);
            }
            AT_ACCESSIBILITY => tab_then(
                o,
                match uvalue {
                    1 => "(public)",
                    2 => "(protected)",
                    3 => "(private)",
                    _ => "(unknown accessibility)",
                },
            ),
            AT_VISIBILITY => tab_then(
                o,
                match uvalue {
                    1 => "(local)",
                    2 => "(exported)",
                    3 => "(qualified)",
                    _ => "(unknown visibility)",
                },
            ),
            AT_ENDIANITY => tab_then(
                o,
                match uvalue {
                    0 => "(default)",
                    1 => "(big)",
                    2 => "(little)",
                    0x40..=0xff => "(user specified)",
                    _ => "(unknown endianity)",
                },
            ),
            AT_VIRTUALITY => tab_then(
                o,
                match uvalue {
                    0 => "(none)",
                    1 => "(virtual)",
                    2 => "(pure_virtual)",
                    _ => "(unknown virtuality)",
                },
            ),
            AT_IDENTIFIER_CASE => tab_then(
                o,
                match uvalue {
                    0 => "(case_sensitive)",
                    1 => "(up_case)",
                    2 => "(down_case)",
                    3 => "(case_insensitive)",
                    _ => "(unknown case)",
                },
            ),
            AT_CALLING_CONVENTION => tab_then(
                o,
                match uvalue {
                    1 => "(normal)",
                    2 => "(program)",
                    3 => "(nocall)",
                    4 => "(pass by ref)",
                    5 => "(pass by value)",
                    0x40 => "(Rensas SH)",
                    0x41 => "(Borland fastcall i386)",
                    0x42..=0xff => "(user defined)",
                    _ => "(unknown convention)",
                },
            ),
            AT_ORDERING => tab_then(
                o,
                match uvalue {
                    255 | u64::MAX => "(undefined)",
                    0 => "(row major)",
                    1 => "(column major)",
                    _ => "",
                },
            ),
            AT_DECIMAL_SIGN => tab_then(
                o,
                match uvalue {
                    1 => "(unsigned)",
                    2 => "(leading overpunch)",
                    3 => "(trailing overpunch)",
                    4 => "(leading separate)",
                    5 => "(trailing separate)",
                    _ => "(unrecognised)",
                },
            ),
            AT_DEFAULTED => tab_then(
                o,
                match uvalue {
                    0 => "(no)",
                    1 => "(in class)",
                    2 => "(out of class)",
                    _ => "(unrecognised)",
                },
            ),
            AT_DISCR_LIST => {
                o.c(b'\t');
                self.discr_list(o, diag, form, uvalue, data, level);
            }
            a if is_loc_attr(a)
                || matches!(
                    a,
                    AT_LOCLISTS_BASE
                        | AT_RNGLISTS_BASE
                        | AT_STR_OFFSETS_BASE
                        | AT_ALLOCATED
                        | AT_ASSOCIATED
                        | AT_DATA_LOCATION
                        | AT_BYTE_STRIDE
                        | AT_UPPER_BOUND
                        | AT_LOWER_BOUND
                        | AT_RANK
                ) =>
            {
                let locish = is_loc_attr(a)
                    || matches!(a, AT_LOCLISTS_BASE | AT_RNGLISTS_BASE | AT_STR_OFFSETS_BASE);
                if a == AT_GNU_LOCVIEWS {
                    // Not in GNU's display list: nothing further.
                    return;
                }
                if a == AT_FRAME_BASE {
                    self.have_frame_base = true;
                }
                if locish
                    && ((u.version < 4 && (form == F_DATA4 || form == F_DATA8))
                        || form == F_SEC_OFFSET
                        || form == F_LOCLISTX)
                    && a != AT_RNGLISTS_BASE
                    && a != AT_STR_OFFSETS_BASE
                {
                    o.s(" (location list)");
                }
                if let Some(bs) = block_start {
                    o.s("\t(");
                    let need = expr::decode(o, diag, self.data, bs, uvalue, &self.expr_cx(u), 0);
                    o.c(b')');
                    if need && !self.have_frame_base {
                        o.s(" [without DW_AT_frame_base]");
                    }
                }
            }
            AT_DATA_BIT_OFFSET
            | AT_BYTE_SIZE
            | AT_BIT_SIZE
            | AT_STRING_LENGTH_BYTE_SIZE
            | AT_STRING_LENGTH_BIT_SIZE
            | AT_BIT_STRIDE
                if form == F_EXPRLOC =>
            {
                o.s("\t(");
                let bs = block_start.unwrap_or(data);
                expr::decode(o, diag, self.data, bs, uvalue, &self.expr_cx(u), 0);
                o.c(b')');
            }
            AT_IMPORT => {
                let mut num = 0;
                let found = self.type_abbrev(form, uvalue, u.cu_offset, end, o, diag, &mut num);
                match found {
                    None => {
                        if form != F_GNU_REF_ALT {
                            diag.warn_o(o, &format!(
                                "Offset {} used as value for DW_AT_import attribute of DIE at offset {} is too big.\n",
                                super::hex0x(uvalue),
                                super::hex0x(orig as u64)
                            ));
                        }
                    }
                    Some((s, e, _, _)) => {
                        o.s("\t[Abbrev Number: ");
                        o.sdec(num as i64);
                        o.s(" (");
                        let tag = self
                            .sets
                            .get(s)
                            .and_then(|x| x.entries.get(e))
                            .map_or(0, |x| x.tag);
                        names::write_tag(o, tag);
                        o.s(")]");
                    }
                }
            }
            _ => {}
        }
    }

    fn expr_cx(&self, u: &UnitCx) -> ExprCx {
        ExprCx::new(self.e, self.machine, self.sec_address).unit(
            u.pointer_size,
            u.offset_size,
            u.version,
            u.cu_offset,
        )
    }

    /// GNU's `display_discr_list`.
    fn discr_list(
        &self,
        o: &mut Out,
        diag: &mut Diag<'_>,
        form: u64,
        uvalue: u64,
        data: usize,
        level: i64,
    ) {
        if uvalue == 0 {
            o.s("[default]");
            return;
        }
        if !matches!(form, F_BLOCK | F_BLOCK1 | F_BLOCK2 | F_BLOCK4) {
            o.s("<corrupt>\n");
            diag.warn_o(o, "corrupt discr_list - not using a block form\n");
            return;
        }
        let end = data;
        let mut p = data.saturating_sub(uvalue as usize);
        if uvalue < 2 {
            o.s("<corrupt>\n");
            diag.warn_o(o, "corrupt discr_list - block not long enough\n");
            return;
        }
        let is_signed = if level > 0 && level <= MAX_CU_NESTING {
            self.level_type_signed
                .get((level - 1) as usize)
                .copied()
                .unwrap_or(false)
        } else {
            false
        };
        let print_leb = |o: &mut Out, diag: &mut Diag<'_>, p: &mut usize| {
            let (v, n, st) = leb(self.data, *p, end, is_signed);
            *p += n;
            if let Some(m) = leb_status_msg(st) {
                diag.error_o(o, m);
            } else if is_signed {
                o.sdec(v as i64);
            } else {
                o.dec(v);
            }
        };
        o.c(b'(');
        while p < end {
            let disc = self.data.get(p).copied().unwrap_or(0);
            p += 1;
            match disc {
                0 => {
                    o.s("label ");
                    print_leb(o, diag, &mut p);
                }
                1 => {
                    o.s("range ");
                    print_leb(o, diag, &mut p);
                    o.s("..");
                    print_leb(o, diag, &mut p);
                }
                _ => {
                    o.s("<corrupt>\n");
                    diag.warn_o(
                        o,
                        &format!(
                            "corrupt discr_list - unrecognized discriminant byte {}\n",
                            super::hex0x(u64::from(disc))
                        ),
                    );
                    return;
                }
            }
            if p < end {
                o.s(", ");
            }
        }
        o.s(if is_signed {
            ")(signed)"
        } else {
            ")(unsigned)"
        });
    }
}

fn set_at<T: Copy + Default>(v: &mut Vec<T>, i: usize, val: T) {
    if v.len() <= i {
        v.resize(i + 1, T::default());
    }
    if let Some(s) = v.get_mut(i) {
        *s = val;
    }
}

/// A copy of `s` that outlives its file's data.
fn owned_section(s: &Section<'_>) -> Section<'static> {
    s.clone().into_static()
}

fn load<'a>(d: &mut Dumper<'_, 'a>, name: &str) -> Option<Section<'a>> {
    d.load(name)
}

/// More units than this in one section are refused: GNU's record per unit
/// (`GNU_UNIT_RECORD` bytes) would take gigabytes, and no real file has a
/// fraction of this many (a hostile one: 4-byte empty units, inflated).
const MAX_RECORDED_UNITS: usize = 1 << 22;

/// The size of GNU readelf's `debug_info` record, for the refusal message.
const GNU_UNIT_RECORD: u64 = 128;

/// GNU's `process_debug_info`. Returns GNU's result.
pub(super) fn process(
    d: &mut Dumper<'_, '_>,
    sec: &Section<'_>,
    abbrev_name: &str,
    do_loc: bool,
    do_types_arg: bool,
) -> io::Result<bool> {
    let mut o = Out::new();
    let alt_strs = std::mem::take(&mut d.state.separate_debug_str);
    let res = process_inner(d, sec, abbrev_name, do_loc, do_types_arg, &mut o, &alt_strs);
    d.state.separate_debug_str = alt_strs;
    let res = res?;
    o.flush(d.out)?;
    Ok(res)
}

fn process_inner(
    d: &mut Dumper<'_, '_>,
    sec: &Section<'_>,
    abbrev_name: &str,
    do_loc: bool,
    do_types_arg: bool,
    o: &mut Out,
    alt_strs: &[Vec<u8>],
) -> io::Result<bool> {
    let data = &sec.data[..];
    let end = data.len();
    let e = Endian { big: d.big_endian };
    let mut do_types = do_types_arg;
    super::load_cu_tu_indexes(d);

    // Load everything first (the loader borrows the dumper).
    let mut strs = Strs::default();
    if !do_loc {
        strs.str = load(d, ".debug_str");
        strs.line_str = load(d, ".debug_line_str");
        strs.str_dwo = load(d, ".debug_str.dwo");
        strs.str_index = load(d, ".debug_str_offsets");
        strs.str_index_dwo = load(d, ".debug_str_offsets.dwo");
        strs.addr = load(d, ".debug_addr");
        // GNU keeps the last `.debug_addr` it loaded (a `.dwo` file has none).
        match &strs.addr {
            Some(a) => d.state.debug_addr = Some(owned_section(a)),
            None => strs.addr = d.state.debug_addr.clone(),
        }
    }
    let abbrev_sec = load(d, abbrev_name);
    strs.loclists = load(d, ".debug_loclists");
    strs.rnglists = load(d, ".debug_rnglists");
    strs.loclists_dwo = load(d, ".debug_loclists.dwo");
    strs.rnglists_dwo = load(d, ".debug_rnglists.dwo");

    let sel = d.opts.selection;
    let loaded_from = d.state.loaded_from.clone();
    let (machine, wide, start_die, cutoff) = (
        d.machine,
        d.opts.wide,
        d.opts.start.unwrap_or(0),
        d.opts.depth.map_or(-1i64, |v| v as i64),
    );
    let state = &mut d.state;
    // Output is written out before each diagnostic (and when it grows large), as
    // GNU's stdout is flushed before each warning.
    let mut diag = Diag::with_sink(&mut *d.diag, state.info.quiet, &mut *d.out);

    // Count the units, checking lengths.
    let mut num_units = 0usize;
    let mut p = 0usize;
    while p < end {
        let mut length = e.read(data, &mut p, 4, end);
        if length == 0xffff_ffff {
            length = e.read(data, &mut p, 8, end);
        } else if (0xffff_fff0..0xffff_ffff).contains(&length) {
            diag.warn_o(
                o,
                &format!(
                    "Reserved length value ({length:#x}) found in section {}\n",
                    sec.name
                ),
            );
            return diag.finish(o).map(|()| false);
        }
        if length > (end - p) as u64 {
            diag.warn_o(
                o,
                &format!(
                    "Corrupt unit length (got {} expected at most {}) in section {}\n",
                    super::hex0x(length),
                    super::hex0x((end - p) as u64),
                    sec.name
                ),
            );
            return diag.finish(o).map(|()| false);
        }
        p += length as usize;
        num_units += 1;
    }
    if num_units == 0 {
        diag.error_o(o, &format!("No comp units in {} section ?\n", sec.name));
        return diag.finish(o).map(|()| false);
    }
    let flags = do_loc || sel.loc || sel.ranges || sel.info;
    // GNU allocates a record per unit here; slots grow as units are read instead, and
    // a count no real file has (GNU's allocation fails) is refused up front.
    let fresh = flags && state.info.entries == 0 && !state.info.unavailable && !do_types;
    if fresh {
        if num_units > MAX_RECORDED_UNITS {
            diag.error_o(
                o,
                &format!(
                    "Out of memory: {num_units} units in section {} would need {} bytes of unit records\n",
                    sec.name,
                    (num_units as u64).saturating_mul(GNU_UNIT_RECORD)
                ),
            );
            return diag.finish(o).map(|()| false);
        }
        state.units = Vec::new();
    }
    let Some(abbrev_sec) = abbrev_sec else {
        diag.warn_o(o, &format!("Unable to locate {abbrev_name} section!\n"));
        return diag.finish(o).map(|()| false);
    };
    if !do_loc && start_die == 0 {
        introduce(o, sec, loaded_from.as_deref());
    }

    let mut pr = Proc {
        data,
        sec_name: &sec.name,
        sec_address: sec.address,
        dwo: sec.name.ends_with(".dwo"),
        e,
        machine,
        wide,
        abbrev: abbrev_sec,
        sets: Vec::new(),
        cache: HashMap::new(),
        map: Vec::new(),
        strs,
        level_type_signed: [false; MAX_CU_NESTING as usize],
        have_frame_base: false,
        need_base_address: false,
        memo: HashMap::new(),
        sel_any: flags,
        follow_links: sel.follow_links,
        alt_strs,
    };
    let indexes = state.info.indexes.take().unwrap_or_default();
    let abbrev_size = pr.abbrev.data.len() as u64;

    // First pass: the abbreviations of every unit.
    let mut p = 0usize;
    while p < end {
        let cu_offset = p as u64;
        let mut h = p;
        let mut length = e.read(data, &mut h, 4, end);
        let offset_size = if length == 0xffff_ffff {
            length = e.read(data, &mut h, 8, end);
            8
        } else {
            4
        };
        let end_cu = h.saturating_add(length as usize).min(end);
        let version = e.read(data, &mut h, 2, end_cu);
        let set = indexes.find(cu_offset, do_types);
        let mut unit_type = 1;
        if version >= 5 {
            unit_type = e.read(data, &mut h, 1, end_cu);
            do_types = unit_type == 2;
            e.read(data, &mut h, 1, end_cu);
        }
        let abbrev_offset = e.read(data, &mut h, offset_size, end_cu);
        let (base, size) = match &set {
            None => (0, abbrev_size),
            Some(s) => (s.offsets[index::SECT_ABBREV], s.sizes[index::SECT_ABBREV]),
        };
        let list = pr.abbrev_set(base, size, abbrev_offset, true, o, &mut diag);
        let _ = unit_type;
        p = end_cu.max(p + 1);
        if let Some(i) = list {
            if pr.sets.get(i).is_some_and(|s| !s.entries.is_empty()) {
                pr.map.push((cu_offset, p as u64, i));
            }
        }
    }
    // Keep the map sorted for lookups (units are in order already).
    pr.map.sort_by_key(|m| m.0);

    // Second pass: display.
    do_types = do_types_arg;
    let mut p = 0usize;
    let mut unit = 0usize;
    let bogus = &mut state.info.bogus_warns;
    let units = &mut state.units;
    let entries_before = state.info.entries;
    let mut attr_buf: Vec<AttrSpec> = Vec::new();
    let recording_allowed = entries_before == 0 && !state.info.unavailable;
    while p < end {
        let cu_offset = p as u64;
        let mut h = p;
        let mut length = e.read(data, &mut h, 4, end);
        let offset_size: usize = if length == 0xffff_ffff {
            length = e.read(data, &mut h, 8, end);
            8
        } else {
            4
        };
        let end_cu = h.saturating_add(length as usize).min(end);
        let version = e.read(data, &mut h, 2, end_cu);
        let this_set = indexes.find(cu_offset, do_types);
        let mut unit_type = 1u64;
        let mut pointer_size: u64 = 255;
        if version >= 5 {
            unit_type = e.read(data, &mut h, 1, end_cu);
            do_types = unit_type == 2;
            pointer_size = e.read(data, &mut h, 1, end_cu);
        }
        let abbrev_offset = e.read(data, &mut h, offset_size, end_cu);
        let (abase, asize) = match &this_set {
            None => (0, abbrev_size),
            Some(s) => (s.offsets[index::SECT_ABBREV], s.sizes[index::SECT_ABBREV]),
        };
        if version < 5 {
            pointer_size = e.read(data, &mut h, 1, end_cu);
        }
        let mut dwo_id = None;
        if unit_type == 5 || unit_type == 4 {
            dwo_id = Some(e.read(data, &mut h, 8, end_cu));
        }
        if !(2..=8).contains(&pointer_size) {
            diag.warn_o(o, &format!(
                "Invalid pointer size ({pointer_size}) in compunit header, using {offset_size} instead\n"
            ));
            pointer_size = offset_size as u64;
        }
        let (mut signature, mut type_offset) = (0, 0);
        if do_types {
            signature = e.read(data, &mut h, 8, end_cu);
            type_offset = e.read(data, &mut h, offset_size, end_cu);
        }
        let next = end_cu.max(p + 1);
        if start_die >= end_cu as u64 {
            p = next;
            unit += 1;
            continue;
        }
        if fresh {
            // Units skipped by `--dwarf-start` keep empty records.
            units.resize(unit, UnitInfo::default());
            units.push(UnitInfo::default());
        }
        if flags && recording_allowed && unit < units.len() && !do_types {
            if let Some(x) = units.get_mut(unit) {
                *x = UnitInfo {
                    pointer_size: pointer_size as u32,
                    offset_size: offset_size as u32,
                    dwarf_version: version as i32,
                    offset: cu_offset,
                    addr_base: DEBUG_INFO_UNAVAILABLE,
                    ranges_base: DEBUG_INFO_UNAVAILABLE,
                    ..UnitInfo::default()
                };
            }
        }
        if !do_loc && start_die == 0 {
            o.s("  Compilation Unit @ offset ");
            o.hex0x(cu_offset);
            o.s(":\n   Length:        ");
            o.hex0x(length);
            o.s(if offset_size == 8 {
                " (64-bit)\n"
            } else {
                " (32-bit)\n"
            });
            o.s("   Version:       ");
            o.dec(version);
            o.c(b'\n');
            if version >= 5 {
                o.s("   Unit Type:     ");
                o.s(names::ut_name(unit_type).unwrap_or("unknown"));
                o.s(" (");
                o.hex(unit_type);
                o.s(")\n");
            }
            o.s("   Abbrev Offset: ");
            o.hex0x(abbrev_offset);
            o.s("\n   Pointer Size:  ");
            o.dec(pointer_size);
            o.c(b'\n');
            if do_types {
                o.s("   Signature:     ");
                o.hex0x(signature);
                o.s("\n   Type Offset:   ");
                o.hex0x(type_offset);
                o.c(b'\n');
            }
            if let Some(id) = dwo_id {
                o.s("   DWO ID:        ");
                o.hex0x(id);
                o.c(b'\n');
            }
            if let Some(s) = &this_set {
                o.s("   Section contributions:\n");
                for (label, k) in [
                    ("    .debug_abbrev.dwo:       ", 3usize),
                    ("    .debug_line.dwo:         ", 4),
                    ("    .debug_loc.dwo:          ", 5),
                    ("    .debug_str_offsets.dwo:  ", 6),
                ] {
                    o.s(label);
                    o.hex0x(s.offsets.get(k).copied().unwrap_or(0));
                    o.s("  ");
                    o.hex0x(s.sizes.get(k).copied().unwrap_or(0));
                    o.c(b'\n');
                }
            }
        }
        let mut tags = h;
        p = next;
        let this_unit = unit;
        unit += 1;
        if !(2..=5).contains(&version) {
            diag.warn_o(
                o,
                &format!(
                    "CU at offset {} contains corrupt or unsupported version number: {}.\n",
                    super::hex0x(cu_offset),
                    version
                ),
            );
            continue;
        }
        if !matches!(unit_type, 1..=5) {
            diag.warn_o(
                o,
                &format!(
                    "CU at offset {} contains corrupt or unsupported unit type: {}.\n",
                    super::hex0x(cu_offset),
                    unit_type
                ),
            );
            continue;
        }
        let list = pr.abbrev_set(abase, asize, abbrev_offset, false, o, &mut diag);
        let u_base = UnitCx {
            cu_offset,
            pointer_size: pointer_size as usize,
            offset_size,
            version: version as i32,
            unit: if this_unit < units.len() {
                Some(this_unit)
            } else {
                None
            },
            this_set,
            record: recording_allowed,
        };
        let mut level: i64 = 0;
        let mut last_level: i64 = 0;
        let mut saved_level: i64 = -1;
        let stop = end_cu;
        while tags < stop {
            diag.maybe_flush(o);
            let die_offset = tags as u64;
            let abbrev_number = uleb(data, &mut tags, stop, o, &mut diag);
            if abbrev_number == 0 {
                if level == 0 && stop == end {
                    let rest = data.get(tags..stop).unwrap_or(&[]);
                    if rest.iter().all(|&b| b == 0) {
                        break;
                    }
                }
                if !do_loc && die_offset >= start_die && (cutoff == -1 || level < cutoff) {
                    o.s(" <");
                    o.sdec(level);
                    o.s("><");
                    o.hex(die_offset);
                    o.s(">: Abbrev Number: 0\n");
                }
                level -= 1;
                if level < 0 && *bogus < 3 {
                    diag.warn_o(
                        o,
                        &format!(
                            "Bogus end-of-siblings marker detected at offset {:x} in {} section\n",
                            die_offset, sec.name
                        ),
                    );
                    *bogus += 1;
                    if *bogus == 3 {
                        diag.warn_o(
                            o,
                            "Further warnings about bogus end-of-sibling markers suppressed\n",
                        );
                    }
                }
                if start_die != 0 && level < saved_level {
                    state.info.indexes = Some(indexes);
                    return diag.finish(o).map(|()| true);
                }
                continue;
            }
            let mut do_printing = true;
            if !do_loc {
                if start_die != 0 && die_offset < start_die {
                    do_printing = false;
                } else {
                    if start_die != 0 && die_offset == start_die {
                        saved_level = level;
                    }
                    do_printing = cutoff == -1 || level < cutoff;
                    if do_printing {
                        o.s(" <");
                        o.sdec(level);
                        o.s("><");
                        o.hex(die_offset);
                        o.s(">: Abbrev Number: ");
                        o.dec(abbrev_number);
                    } else if cutoff == -1 || last_level < cutoff {
                        o.s(" <");
                        o.sdec(level);
                        o.s("><");
                        o.hex(die_offset);
                        o.s(">: ...\n");
                    }
                    last_level = level;
                }
            }
            let entry = list.and_then(|l| {
                pr.sets
                    .get(l)
                    .and_then(|s| s.find(abbrev_number).map(|e| (l, e.tag, e.children)))
            });
            let Some((set_i, tag, children)) = entry else {
                if !do_loc && do_printing {
                    o.c(b'\n');
                }
                diag.warn_o(
                    o,
                    &format!(
                        "DIE at offset {} refers to abbreviation number {} which does not exist\n",
                        super::hex0x(die_offset),
                        abbrev_number
                    ),
                );
                state.info.indexes = Some(indexes);
                return diag.finish(o).map(|()| false);
            };
            if !do_loc && do_printing {
                o.s(" (");
                names::write_tag(o, tag);
                o.s(")\n");
            }
            match tag {
                0x11 | 0x4a => pr.need_base_address = true,
                0x03 | 0x2e => {
                    pr.need_base_address = false;
                    pr.have_frame_base = false;
                }
                _ => pr.need_base_address = false,
            }
            let quiet = do_loc || !do_printing;
            // The attribute list: copied out so the sets can be read meanwhile.
            attr_buf.clear();
            if let Some(s) = pr.sets.get(set_i) {
                if let Some(e) = s.find(abbrev_number) {
                    attr_buf.extend_from_slice(s.attrs(e));
                }
            }
            for &a in attr_buf.iter() {
                if a.at == 0 {
                    break;
                }
                if !quiet {
                    o.s("    <");
                    o.hex(tags as u64);
                    o.c(b'>');
                    o.s("   ");
                    let n = o.buf.len();
                    names::write_at(o, a.at);
                    for _ in o.buf.len() - n..18 {
                        o.c(b' ');
                    }
                    o.c(b':');
                }
                tags = pr.attr_value(
                    o, &mut diag, units, &u_base, a.at, a.form, a.implicit, tags, stop, quiet,
                    b' ', level, 0,
                );
                if !quiet {
                    o.c(b'\n');
                }
            }
            if let Some(x) = u_base.unit.and_then(|i| units.get_mut(i)) {
                if x.num_loc_offsets == x.num_loc_views + 1 {
                    set_at(&mut x.loc_views, x.num_loc_views, u64::MAX);
                    x.num_loc_views += 1;
                } else if x.num_loc_views == x.num_loc_offsets + 1 {
                    diag.warn_o(o, "DIE has locviews without loclist\n");
                    x.num_loc_views -= 1;
                }
            }
            if children {
                level += 1;
            }
        }
    }
    state.info.indexes = Some(indexes);
    if fresh {
        state.units.resize(num_units, UnitInfo::default());
    }
    if flags && state.info.entries == 0 && !state.info.unavailable && !do_types {
        state.info.entries = num_units.min(state.units.len());
    }
    if !do_loc {
        o.c(b'\n');
    }
    diag.finish(o).map(|()| true)
}
