//! The location list walks of GNU's `display_debug_loc`.

use super::{
    hex0x, introduce, is_max_address, print_bounds, print_hex, print_view, table_header, Bounds,
    Cx, Out, UnitInfo,
};
use crate::dump::Section;

/// How the section is to be read.
pub(super) struct Opts {
    pub(super) is_loclists: bool,
    pub(super) is_dwo: bool,
    pub(super) header_size: u64,
    pub(super) loaded_from: Option<String>,
}

const LLE_END: u8 = 0;
const LLE_BASE_ADDRESSX: u8 = 1;
const LLE_STARTX_ENDX: u8 = 2;
const LLE_STARTX_LENGTH: u8 = 3;
const LLE_OFFSET_PAIR: u8 = 4;
const LLE_DEFAULT: u8 = 5;
const LLE_BASE_ADDRESS: u8 = 6;
const LLE_START_END: u8 = 7;
const LLE_START_LENGTH: u8 = 8;
const LLE_VIEW_PAIR: u8 = 9;

/// How a `DW_LLE_offset_pair`, `_start_end` or `_start_length` entry gives its bounds.
fn lle_bounds(lle: u8, base: u64) -> Bounds {
    match lle {
        LLE_OFFSET_PAIR => Bounds::Offsets(base),
        LLE_START_END => Bounds::StartEnd,
        _ => Bounds::StartLength,
    }
}

/// "views at %8.8lx for:\n    %*s ".
fn views_at(o: &mut Out, off: u64) {
    o.s("views at ");
    o.hex_w(off, 8);
    o.s(" for:\n             ");
}

fn not_terminated(cx: &mut Cx<'_, '_>, o: &mut Out, offset: u64) {
    cx.diag.warn_o(
        o,
        &format!(
            "Location list starting at offset {} is not terminated.\n",
            hex0x(offset)
        ),
    );
}

fn frame_and_order(o: &mut Out, need: bool, has_fb: bool, b: u64, e: u64, vb: u64, ve: u64) {
    if need && !has_fb {
        o.s(" [without DW_AT_frame_base]");
    }
    if b == e && vb == ve {
        o.s(" (start == end)");
    } else if b > e || (b == e && vb > ve) {
        o.s(" (start > end)");
    }
    o.c(b'\n');
}

/// Reads and prints the two views of a view pair at `*v`.
fn view_pair(cx: &mut Cx<'_, '_>, o: &mut Out, v: &mut usize, end: usize, ps: u32) -> (u64, u64) {
    let vb = cx.uleb(o, v, end);
    print_view(o, vb, ps);
    let ve = cx.uleb(o, v, end);
    print_view(o, ve, ps);
    (vb, ve)
}

/// The rest of a list entry whose expression of `length` bytes is at `*s`: the
/// addresses shown, the expression, then the notes on frame base and order (from
/// `at`: the addresses shown, the entry's begin and end, its views). False (with
/// GNU's warning) where the expression runs past the section.
fn entry_expr(
    cx: &mut Cx<'_, '_>,
    o: &mut Out,
    s: &mut usize,
    length: u64,
    l: &ListAt,
    at: [u64; 6],
) -> bool {
    let (p, offset, has_fb) = (&l.p, l.offset, l.has_fb);
    let [shown_b, shown_e, b, e, vb, ve] = at;
    if length > cx.data.len().saturating_sub(*s) as u64 {
        not_terminated(cx, o, offset);
        return false;
    }
    print_hex(o, shown_b, p.ps);
    print_hex(o, shown_e, p.ps);
    o.c(b'(');
    let need = cx.expr(o, *s, length, p.ps, p.os, p.version, p.cu_offset);
    o.c(b')');
    frame_and_order(o, need, has_fb, b, e, vb, ve);
    *s += length as usize;
    true
}

/// GNU's `display_view_pair_list`.
fn view_pair_list(cx: &mut Cx<'_, '_>, o: &mut Out, vstart: &mut usize, ps: u32, vlistend: u64) {
    let end = usize::try_from(vlistend)
        .unwrap_or(usize::MAX)
        .min(cx.data.len());
    o.c(b'\n');
    while *vstart < end {
        cx.diag.maybe_flush(o);
        let off = *vstart as u64;
        let vb = cx.uleb(o, vstart, end);
        if *vstart == end {
            break;
        }
        let ve = cx.uleb(o, vstart, end);
        o.s("    ");
        o.hex_w(off, 8);
        o.c(b' ');
        print_view(o, vb, ps);
        print_view(o, ve, ps);
        o.s("location view pair\n");
    }
    o.c(b'\n');
}

/// What a list's walk needs to know besides where it starts: its unit's
/// parameters and base address, the list's offset (for warnings) and whether
/// the DIE has a `DW_AT_frame_base`.
struct ListAt {
    start: usize,
    vstart: Option<usize>,
    p: U,
    base: u64,
    offset: u64,
    has_fb: bool,
}

/// A unit's parameters for its lists.
struct U {
    cu_offset: u64,
    ps: u32,
    os: u32,
    version: i32,
}

fn unit_params(cx: &mut Cx<'_, '_>, o: &mut Out, u: &UnitInfo, i: usize) -> Option<U> {
    if u.pointer_size < 2 || u.pointer_size > 8 {
        cx.diag.warn_o(
            o,
            &format!(
                "Invalid pointer size ({}) in debug info for entry {}\n",
                u.pointer_size as i32, i
            ),
        );
        return None;
    }
    Some(U {
        cu_offset: u.offset,
        ps: u.pointer_size,
        os: u.offset_size,
        version: u.dwarf_version,
    })
}

/// GNU's `display_loc_list` (`.debug_loc`).
fn loc_list(cx: &mut Cx<'_, '_>, o: &mut Out, l: &mut ListAt) {
    let p = &l.p;
    let end = cx.data.len();
    let ps = p.ps as usize;
    let mut base = l.base;
    let mut s = l.start;
    loop {
        cx.diag.maybe_flush(o);
        let off = s as u64;
        let (mut vb, mut ve) = (u64::MAX, u64::MAX);
        if 2 * ps > end.saturating_sub(s) {
            not_terminated(cx, o, l.offset);
            break;
        }
        o.s("    ");
        print_hex(o, off, 4);
        let b = cx.get(o, &mut s, ps, end);
        let e = cx.get(o, &mut s, ps, end);
        // An object file's 0/0 pair can be one whose addresses are still to be
        // relocated: GNU ends the list only where no relocation was applied.
        if b == 0 && e == 0 && !cx.reloc_at(off) && !cx.reloc_at(off + ps as u64) {
            o.s("<End of list>\n");
            break;
        }
        if is_max_address(b, p.ps) && !is_max_address(e, p.ps) {
            base = e;
            print_hex(o, b, p.ps);
            print_hex(o, e, p.ps);
            o.s("(base address)\n");
            continue;
        }
        if let Some(v) = l.vstart.as_mut() {
            let voff = *v as u64;
            (vb, ve) = view_pair(cx, o, v, end, p.ps);
            views_at(o, voff);
        }
        if 2 > end.saturating_sub(s) {
            not_terminated(cx, o, l.offset);
            break;
        }
        let length = cx.get(o, &mut s, 2, end);
        let (sb, se) = (b.wrapping_add(base), e.wrapping_add(base));
        if !entry_expr(cx, o, &mut s, length, l, [sb, se, b, e, vb, ve]) {
            break;
        }
    }
    l.start = s;
}

/// GNU's `display_loclists_list` (`.debug_loclists`).
fn loclists_list(cx: &mut Cx<'_, '_>, o: &mut Out, l: &mut ListAt) {
    let p = &l.p;
    let end = cx.data.len();
    let mut base = l.base;
    let mut s = l.start;
    let (mut vb, mut ve) = (u64::MAX, u64::MAX);
    loop {
        cx.diag.maybe_flush(o);
        let (b, e);
        let off = s as u64;
        if s >= end {
            not_terminated(cx, o, l.offset);
            break;
        }
        let llet = cx.entry_kind(o, &mut s, end, off);
        if matches!(llet, LLE_OFFSET_PAIR | LLE_START_END | LLE_START_LENGTH) {
            if let Some(v) = l.vstart.as_mut() {
                let voff = *v as u64;
                (vb, ve) = view_pair(cx, o, v, end, p.ps);
                views_at(o, voff);
            }
        }
        match llet {
            LLE_END => {
                o.s("<End of list>\n");
                break;
            }
            LLE_BASE_ADDRESSX => {
                let idx = cx.uleb(o, &mut s, end);
                print_hex(o, idx, p.ps);
                o.s("(index into .debug_addr) ");
                base = cx.indexed_addr(o, idx, p.ps);
                print_hex(o, base, p.ps);
                o.s("(base address)\n");
                continue;
            }
            LLE_STARTX_ENDX => {
                let x = cx.uleb(o, &mut s, end);
                b = cx.indexed_addr(o, x, p.ps);
                let y = cx.uleb(o, &mut s, end);
                e = cx.indexed_addr(o, y, p.ps);
            }
            LLE_STARTX_LENGTH => {
                let x = cx.uleb(o, &mut s, end);
                b = cx.indexed_addr(o, x, p.ps);
                e = cx.uleb(o, &mut s, end).wrapping_add(b);
            }
            LLE_DEFAULT => {
                b = 0;
                e = 0;
            }
            LLE_OFFSET_PAIR | LLE_START_END | LLE_START_LENGTH => {
                (b, e) = cx.bounds(o, &mut s, end, p.ps, lle_bounds(llet, base));
            }
            LLE_BASE_ADDRESS => {
                base = cx.base_address(o, &mut s, end, p.ps);
                continue;
            }
            LLE_VIEW_PAIR => {
                if l.vstart.is_some() {
                    o.s("View pair entry in loclist with locviews attribute\n");
                }
                (vb, ve) = view_pair(cx, o, &mut s, end, p.ps);
                o.s("views for:\n");
                continue;
            }
            _ => {
                cx.diag
                    .error_o(o, &format!("Invalid location list entry type {llet}\n"));
                return;
            }
        }
        if s == end {
            not_terminated(cx, o, l.offset);
            break;
        }
        let length = cx.uleb(o, &mut s, end);
        if !entry_expr(cx, o, &mut s, length, l, [b, e, b, e, vb, ve]) {
            break;
        }
        vb = u64::MAX;
        ve = u64::MAX;
    }
    if vb != u64::MAX || ve != u64::MAX {
        o.s("Trailing view pair not used in a range");
    }
    l.start = s;
}

/// `print_addr_index`: `[%d]` right-aligned in 8 columns and a space.
fn addr_index(o: &mut Out, idx: u32) {
    let t = format!("[{}]", idx as i32);
    o.s(&format!("{t:>8} "));
}

/// GNU's `display_loc_list_dwo` (`.debug_loc.dwo`, `DW_LLE_GNU_*` entries).
fn loc_list_dwo(cx: &mut Cx<'_, '_>, o: &mut Out, l: &mut ListAt) {
    let (offset, has_fb) = (l.offset, l.has_fb);
    let p = &l.p;
    let end = cx.data.len();
    let mut s = l.start;
    loop {
        cx.diag.maybe_flush(o);
        o.s("    ");
        print_hex(o, s as u64, 4);
        if s >= end {
            not_terminated(cx, o, offset);
            break;
        }
        let et = cx.get(o, &mut s, 1, end) as u8;
        if matches!(et, 2..=4) {
            if let Some(v) = l.vstart.as_mut() {
                let voff = *v as u64;
                let x = cx.uleb(o, v, end);
                print_view(o, x, 8);
                let y = cx.uleb(o, v, end);
                print_view(o, y, 8);
                views_at(o, voff);
            }
        }
        match et {
            0 => {
                o.s("<End of list>\n");
                break;
            }
            1 => {
                let idx = cx.uleb32(o, &mut s, end);
                addr_index(o, idx);
                let pad = 9 + if l.vstart.is_some() { 12 } else { 0 };
                for _ in 0..pad {
                    o.c(b' ');
                }
                o.s("(base address selection entry)\n");
                continue;
            }
            2 => {
                let a = cx.uleb32(o, &mut s, end);
                addr_index(o, a);
                let b = cx.uleb32(o, &mut s, end);
                addr_index(o, b);
            }
            3 => {
                let a = cx.uleb32(o, &mut s, end);
                addr_index(o, a);
                let l = cx.get(o, &mut s, 4, end);
                o.hex_w(l, 8);
                o.c(b' ');
            }
            4 => {
                let a = cx.get(o, &mut s, 4, end);
                o.hex_w(a, 8);
                o.c(b' ');
                let b = cx.get(o, &mut s, 4, end);
                o.hex_w(b, 8);
                o.c(b' ');
            }
            _ => {
                cx.diag
                    .warn_o(o, &format!("Unknown location list entry type 0x{et:x}.\n"));
                break;
            }
        }
        if 2 > end.saturating_sub(s) {
            not_terminated(cx, o, offset);
            break;
        }
        let length = cx.get(o, &mut s, 2, end);
        if length > end.saturating_sub(s) as u64 {
            not_terminated(cx, o, offset);
            break;
        }
        o.c(b'(');
        let need = cx.expr(o, s, length, p.ps, p.os, p.version, p.cu_offset);
        o.c(b')');
        if need && !has_fb {
            o.s(" [without DW_AT_frame_base]");
        }
        o.c(b'\n');
        s += length as usize;
    }
    l.start = s;
}

/// GNU's `display_offset_entry_loclists`: a `.debug_loclists` with offset tables,
/// shown without the units.
pub(super) fn offset_entry_loclists(cx: &mut Cx<'_, '_>, o: &mut Out) -> bool {
    let end = cx.data.len();
    let mut s = 0usize;
    loop {
        cx.diag.maybe_flush(o);
        o.s("Table at Offset ");
        o.hex0x(s as u64);
        o.c(b'\n');
        let mut length = cx.get(o, &mut s, 4, end);
        let is64 = length == 0xffff_ffff;
        if is64 {
            length = cx.get(o, &mut s, 8, end);
        }
        let (version, asz, seg, count) = cx.list_header(o, &mut s, end);
        o.s("  ");
        table_header(o, length, version, asz, seg, count);
        if version < 5 {
            return cx.contains(
                o,
                format_args!("a corrupt or unsupported version number: {version}.\n"),
            );
        }
        if seg != 0 {
            return cx.contains(
                o,
                format_args!("an unsupported segment selector size: {seg}.\n"),
            );
        }
        if count == 0 {
            return cx.contains(o, format_args!("a table without offset\n"));
        }
        o.s("\n   Offset Entries starting at ");
        o.hex0x(s as u64);
        o.s(":\n");
        cx.offset_entries(o, &mut s, end, count, if is64 { 8 } else { 4 });
        o.c(b'\n');
        let mut i = 0u32;
        let mut j = 1u32;
        while i < count {
            cx.diag.maybe_flush(o);
            if s >= end && i > 0x10000 {
                break;
            }
            let mut base = 0u64;
            let off = s as u64;
            if j != i {
                o.s(&format!("   Offset Entry {i}\n"));
                j = i;
            }
            let lle = cx.entry_kind(o, &mut s, end, off);
            let (b, f);
            match lle {
                LLE_END => {
                    o.s("<End of list>\n\n");
                    i += 1;
                    continue;
                }
                LLE_BASE_ADDRESSX => {
                    base = cx.uleb(o, &mut s, end);
                    print_hex(o, base, asz);
                    o.s("(index into .debug_addr) ");
                    base = cx.indexed_addr(o, base, asz);
                    print_hex(o, base, asz);
                    o.s("(base address)\n");
                    continue;
                }
                LLE_STARTX_ENDX => {
                    let x = cx.uleb(o, &mut s, end);
                    b = cx.indexed_addr(o, x, asz);
                    let y = cx.uleb(o, &mut s, end);
                    f = cx.indexed_addr(o, y, asz);
                }
                LLE_STARTX_LENGTH => {
                    let x = cx.uleb(o, &mut s, end);
                    b = cx.indexed_addr(o, x, asz);
                    f = cx.uleb(o, &mut s, end).wrapping_add(b);
                }
                LLE_OFFSET_PAIR | LLE_START_END | LLE_START_LENGTH => {
                    (b, f) = cx.bounds(o, &mut s, end, asz, lle_bounds(lle, base));
                }
                LLE_DEFAULT => {
                    b = 0;
                    f = 0;
                }
                LLE_BASE_ADDRESS => {
                    // GNU's base starts again at 0 with the next entry.
                    cx.base_address(o, &mut s, end, asz);
                    continue;
                }
                _ => {
                    cx.diag
                        .error_o(o, &format!("Invalid location list entry type {lle}\n"));
                    return false;
                }
            }
            let _ = base;
            if s == end {
                not_terminated(cx, o, off);
                break;
            }
            print_bounds(o, b, f, asz, "");
            let length = cx.uleb(o, &mut s, end);
            if length > end.saturating_sub(s) as u64 {
                not_terminated(cx, o, off);
                break;
            }
            cx.expr(o, s, length, asz, asz, version as i32, 0);
            s += length as usize;
            o.c(b'\n');
        }
        o.c(b'\n');
        if s >= end {
            break;
        }
    }
    true
}

/// GNU's `display_debug_loc` after the section checks.
pub(super) fn display(
    cx: &mut Cx<'_, '_>,
    o: &mut Out,
    sec: &Section<'_>,
    units: &[UnitInfo],
    opts: &Opts,
) -> bool {
    let bytes = cx.data.len() as u64;
    let offs = |u: &UnitInfo, j: usize| u.loc_offsets.get(j).copied().unwrap_or(0);
    let views = |u: &UnitInfo, j: usize| u.loc_views.get(j).copied().unwrap_or(0);
    let mut locs_sorted = true;
    let mut seen_first = false;
    let mut first = 0usize;
    let (mut last_offset, mut last_view) = (0u64, 0u64);
    for (i, u) in units.iter().enumerate() {
        let num = u.num_loc_offsets;
        if locs_sorted && num != 0 {
            let mut j = 0;
            if !seen_first {
                last_offset = offs(u, 0);
                last_view = views(u, 0);
                first = i;
                seen_first = true;
                j = 1;
            }
            while j < num {
                let (a, v) = (offs(u, j), views(u, j));
                if last_offset > a || (last_offset == a && last_view > v) {
                    locs_sorted = false;
                    break;
                }
                last_offset = a;
                last_view = v;
                j += 1;
            }
        }
    }
    if !seen_first {
        cx.diag
            .error_o(o, "No location lists in .debug_info section!\n");
    }
    if let Some(u) = units.get(first) {
        if u.num_loc_offsets > 0
            && offs(u, 0) != opts.header_size
            && views(u, 0) != opts.header_size
        {
            cx.diag.warn_o(
                o,
                &format!(
                    "Location lists in {} section start at {} rather than {}\n",
                    sec.name,
                    hex0x(offs(u, 0)),
                    hex0x(opts.header_size)
                ),
            );
        }
    }
    introduce(o, sec, opts.loaded_from.as_deref());
    if cx.reloc_at(0) {
        o.s(
            " Warning: This section has relocations - addresses seen here may not be accurate.\n\n",
        );
    }
    o.s("    Offset   Begin            End              Expression\n");

    let mut start: u64 = 0;
    let mut vstart: Option<u64>;
    let mut array: Vec<usize> = Vec::new();
    for (i, u) in units.iter().enumerate().skip(first) {
        let num = u.num_loc_offsets;
        if !locs_sorted {
            array = (0..num).collect();
            array.sort_by(|&a, &b| {
                offs(u, a)
                    .cmp(&offs(u, b))
                    .then(views(u, a).cmp(&views(u, b)))
            });
        }
        let idx = |k: usize| {
            if locs_sorted {
                k
            } else {
                array.get(k).copied().unwrap_or(0)
            }
        };
        if u.dwarf_version == 5 {
            let j = idx(0);
            let offset = if num != 0 { offs(u, j) } else { 0 };
            let voffset = if u.num_loc_views != 0 { views(u, j) } else { 0 };
            let h = start.wrapping_add(opts.header_size);
            if h == offset || h == voffset {
                start = h;
            }
        }
        let mut adjacent = true;
        for k in 0..num {
            cx.diag.maybe_flush(o);
            let j = idx(k);
            if k > 0 {
                let pj = idx(k - 1);
                if offs(u, pj) == offs(u, j) && views(u, pj) == views(u, j) {
                    continue;
                }
            }
            let has_fb = u.have_frame_base.get(j).copied().unwrap_or(false);
            let offset = offs(u, j);
            let next = offset;
            let voffset = views(u, j);
            let vnext = (voffset != u64::MAX).then_some(voffset);

            if let Some(vn) = vnext.filter(|&vn| vn < next) {
                let mut vs = usize::try_from(vn).unwrap_or(usize::MAX);
                view_pair_list(cx, o, &mut vs, u.pointer_size, next);
                if start == vn {
                    start = vs as u64;
                }
            }
            if start < next {
                let to = match vnext {
                    Some(vn) if vn < next => voffset,
                    _ => offset,
                };
                cx.diag.warn_o(
                    o,
                    &format!(
                        "There is a hole [{} - {}] in {} section.\n",
                        hex0x(start),
                        hex0x(to),
                        sec.name
                    ),
                );
            } else if start > next {
                cx.diag.warn_o(
                    o,
                    &format!(
                        "There is an overlap [{} - {}] in {} section.\n",
                        hex0x(start),
                        hex0x(offset),
                        sec.name
                    ),
                );
            }
            start = next;
            vstart = vnext;
            if offset >= bytes {
                cx.diag.warn_o(
                    o,
                    &format!(
                        "Offset {} is bigger than {} section size.\n",
                        hex0x(offset),
                        sec.name
                    ),
                );
                continue;
            }
            if vnext.is_some() && voffset >= bytes {
                cx.diag.warn_o(
                    o,
                    &format!(
                        "View Offset {} is bigger than {} section size.\n",
                        hex0x(voffset),
                        sec.name
                    ),
                );
                continue;
            }
            let mut s = start as usize;
            let mut vs = vstart.map(|v| v as usize);
            if opts.is_loclists && opts.is_dwo {
                cx.diag.warn_o(o, "DWO is not yet supported.\n");
            } else if let Some(p) = unit_params(cx, o, u, i) {
                let mut l = ListAt {
                    start: s,
                    vstart: vs,
                    p,
                    base: u.base_address,
                    offset,
                    has_fb,
                };
                if opts.is_loclists {
                    loclists_list(cx, o, &mut l);
                } else if opts.is_dwo {
                    loc_list_dwo(cx, o, &mut l);
                } else {
                    loc_list(cx, o, &mut l);
                }
                s = l.start;
                vs = l.vstart;
            }
            start = s as u64;
            vstart = vs.map(|v| v as u64);
            if adjacent {
                if let Some(vn) = vnext {
                    if vn != start && vstart != Some(next) {
                        adjacent = false;
                        cx.diag.warn_o(o, "Hole and overlap detection requires adjacent view lists and loclists.\n");
                    }
                }
            }
            if vnext.is_some() && vnext == Some(start) {
                let mut s = start as usize;
                view_pair_list(cx, o, &mut s, u.pointer_size, vstart.unwrap_or(0));
                start = s as u64;
            }
        }
    }
    if start < bytes {
        let n = bytes - start;
        if n == 1 {
            cx.diag.warn_o(
                o,
                &format!(
                    "There is {n} unused byte at the end of section {}\n",
                    sec.name
                ),
            );
        } else {
            cx.diag.warn_o(
                o,
                &format!(
                    "There are {n} unused bytes at the end of section {}\n",
                    sec.name
                ),
            );
        }
    }
    o.c(b'\n');
    true
}
