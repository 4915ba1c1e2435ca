//! The range list walks of GNU's `display_debug_ranges`.

use super::{
    hex0x, is_max_address, print_bounds, print_hex, print_hex_ns, table_header, Bounds, Cx, Out,
    UnitInfo,
};

const RLE_END: u8 = 0;
const RLE_BASE_ADDRESSX: u8 = 1;
const RLE_STARTX_ENDX: u8 = 2;
const RLE_STARTX_LENGTH: u8 = 3;
const RLE_OFFSET_PAIR: u8 = 4;
const RLE_BASE_ADDRESS: u8 = 5;
const RLE_START_END: u8 = 6;
const RLE_START_LENGTH: u8 = 7;

/// GNU's `display_debug_ranges_list` (`.debug_ranges`): every line shows the
/// list's offset.
fn ranges_list(cx: &mut Cx<'_, '_>, o: &mut Out, start: u64, ps: u32, offset: u64, base: u64) {
    let finish = cx.data.len();
    let Ok(mut s) = usize::try_from(start) else {
        return;
    };
    let mut base = base;
    let n = ps as usize;
    while s < finish {
        cx.diag.maybe_flush(o);
        let b = cx.get(o, &mut s, n, finish);
        if s >= finish {
            break;
        }
        let e = cx.get_signed(o, &mut s, n, finish);
        o.s("    ");
        print_hex(o, offset, 4);
        if b == 0 && e == 0 {
            o.s("<End of list>\n");
            break;
        }
        if is_max_address(b, ps) && !is_max_address(e, ps) {
            base = e;
            print_hex(o, b, ps);
            print_hex(o, e, ps);
            o.s("(base address)\n");
            continue;
        }
        print_hex(o, b.wrapping_add(base), ps);
        print_hex_ns(o, e.wrapping_add(base), ps);
        if b == e {
            o.s(" (start == end)");
        } else if b > e {
            o.s(" (start > end)");
        }
        o.c(b'\n');
    }
}

/// GNU's `display_debug_rnglists_list`; returns where it stopped.
fn rnglists_list(
    cx: &mut Cx<'_, '_>,
    o: &mut Out,
    start: usize,
    finish: usize,
    ps: u32,
    offset_size: u32,
) -> usize {
    let hdr: u64 = if offset_size == 4 { 8 } else { 16 };
    let mut s = start;
    let mut base = 0u64;
    let offset = start as u64;
    loop {
        cx.diag.maybe_flush(o);
        let off = offset + (s - start) as u64;
        if s >= finish {
            cx.diag.warn_o(
                o,
                &format!(
                    "Range list starting at offset {} is not terminated.\n",
                    hex0x(offset)
                ),
            );
            break;
        }
        let rlet = cx.entry_kind(o, &mut s, finish, off);
        let (b, e);
        match rlet {
            RLE_END => {
                o.s("<End of list>\n");
                break;
            }
            RLE_BASE_ADDRESSX => {
                base = cx.uleb(o, &mut s, finish);
                print_hex(o, base, ps);
                o.s("(base address index) ");
                base = cx.indexed_addr(o, base.wrapping_mul(u64::from(ps)).wrapping_add(hdr), ps);
                print_hex(o, base, ps);
                o.s("(base address)\n");
                continue;
            }
            RLE_STARTX_ENDX => {
                let x = cx.uleb(o, &mut s, finish);
                let _y = cx.uleb(o, &mut s, finish);
                b = cx.indexed_addr(o, x.wrapping_mul(u64::from(ps)).wrapping_add(hdr), ps);
                // GNU computes the end from the start's value.
                e = cx.indexed_addr(o, b.wrapping_mul(u64::from(ps)).wrapping_add(hdr), ps);
            }
            RLE_STARTX_LENGTH => {
                let x = cx.uleb(o, &mut s, finish);
                let l = cx.uleb(o, &mut s, finish);
                b = cx.indexed_addr(o, x.wrapping_mul(u64::from(ps)).wrapping_add(hdr), ps);
                e = b.wrapping_add(l);
            }
            RLE_OFFSET_PAIR | RLE_START_END | RLE_START_LENGTH => {
                let kind = match rlet {
                    RLE_OFFSET_PAIR => Bounds::Offsets(base),
                    RLE_START_END => Bounds::StartEnd,
                    _ => Bounds::StartLength,
                };
                (b, e) = cx.bounds(o, &mut s, finish, ps, kind);
            }
            RLE_BASE_ADDRESS => {
                base = cx.base_address(o, &mut s, finish, ps);
                continue;
            }
            _ => {
                cx.diag
                    .error_o(o, &format!("Invalid range list entry type {rlet}\n"));
                break;
            }
        }
        print_bounds(o, b, e, ps, " ");
        o.c(b'\n');
    }
    s
}

/// GNU's `display_debug_rnglists`.
pub(super) fn rnglists(cx: &mut Cx<'_, '_>, o: &mut Out) -> bool {
    let finish = cx.data.len();
    let mut s = 0usize;
    while s < finish {
        cx.diag.maybe_flush(o);
        let offset = s as u64;
        let mut len = cx.get(o, &mut s, 4, finish);
        let offset_size = if len == 0xffff_ffff {
            len = cx.get(o, &mut s, 8, finish);
            8u32
        } else {
            4
        };
        if len > (finish - s) as u64 {
            // A length with a relocation against it may be wrong (GNU takes the rest).
            if cx.reloc_at((s as u64).wrapping_sub(u64::from(offset_size))) {
                len = (finish - s) as u64;
            } else {
                cx.diag.warn_o(o, &format!(
                    "The length field ({}) in the debug_rnglists header is wrong - the section is too small\n",
                    hex0x(len)
                ));
                return false;
            }
        }
        let end = s + len as usize;
        let (version, asz, seg, mut count) = cx.list_header(o, &mut s, finish);
        o.s(" Table at Offset: ");
        o.hex0x(offset);
        o.s(":\n  ");
        table_header(o, len, version, asz, seg, count);
        if seg != 0 {
            return cx.contains(
                o,
                format_args!("unsupported segment selector size: {seg}.\n"),
            );
        }
        if version < 5 {
            cx.diag.warn_o(
                o,
                "Only DWARF version 5+ debug_rnglists info is currently supported.\n",
            );
            return false;
        }
        let table_start = s;
        if count != 0 {
            o.s("\n   Offsets starting at ");
            o.hex0x(s as u64);
            o.s(":\n");
            cx.offset_entries(o, &mut s, finish, count, offset_size as usize);
        } else {
            count = 1;
        }
        for _ in 0..count {
            cx.diag.maybe_flush(o);
            let indx = s.wrapping_sub(table_start) as u64;
            o.s("\n  Offset: ");
            o.hex0x(s as u64);
            o.s(", Index: ");
            o.hex0x(indx);
            o.s("\n    Offset   Begin    End\n");
            s = rnglists_list(cx, o, s, end, asz, offset_size);
            if s >= end {
                break;
            }
        }
        s = end;
        if s < finish {
            o.c(b'\n');
        }
    }
    o.c(b'\n');
    true
}

/// GNU's `display_debug_ranges` for `.debug_ranges`, after loading the units.
pub(super) fn ranges(cx: &mut Cx<'_, '_>, o: &mut Out, units: &[UnitInfo]) -> bool {
    let mut entries: Vec<(u64, &UnitInfo)> = units
        .iter()
        .flat_map(|u| u.range_lists.iter().map(move |&r| (r, u)))
        .collect();
    if entries.is_empty() {
        o.s("No range lists in .debug_info section.\n");
        return true;
    }
    entries.sort_by_key(|e| e.0);
    o.s("\n    Offset   Begin    End\n");
    let bytes = cx.data.len() as u64;
    let mut last_offset = 0u64;
    for (i, (offset, u)) in entries.iter().enumerate() {
        cx.diag.maybe_flush(o);
        let ps = u.pointer_size;
        if !(2..=8).contains(&ps) {
            cx.diag.warn_o(
                o,
                &format!(
                    "Corrupt pointer size ({}) in debug entry at offset {}\n",
                    ps as i32,
                    hex0x(*offset)
                ),
            );
            continue;
        }
        if *offset > bytes {
            cx.diag.warn_o(
                o,
                &format!("Corrupt offset ({}) in range entry {i}\n", hex0x(*offset)),
            );
            continue;
        }
        let next = offset.wrapping_add(u.rnglists_base);
        if i > 0 && last_offset == *offset {
            continue;
        }
        last_offset = *offset;
        ranges_list(cx, o, next, ps, *offset, u.base_address);
    }
    o.c(b'\n');
    true
}
