//! DWARF expressions inside CFA instructions (GNU's `decode_location_expression` as
//! `display_debug_frames` calls it: no unit, DWARF version -1, offset size 0).

use std::io::Write as _;

use super::{hex_ns, hx, Cx};

/// Nesting bound for `DW_OP_entry_value` (hostile input only).
const MAX_DEPTH: u32 = 64;

/// GNU's `display_block`: `delim` then `N byte block: ` and the bytes in hex.
fn block(cx: &mut Cx<'_, '_, '_>, pos: &mut usize, len: u64, end: usize, delim: char) {
    let _ = write!(cx.o, "{delim}{len} byte block: ");
    let avail = end.saturating_sub(*pos) as u64;
    let n = len.min(avail) as usize;
    for i in 0..n {
        let b = cx.byte(*pos + i);
        let _ = write!(cx.o, "{b:x} ");
    }
    *pos += n;
}

/// Operations without operands.
fn simple_name(op: u8) -> Option<&'static str> {
    Some(match op {
        0x06 => "DW_OP_deref",
        0x12 => "DW_OP_dup",
        0x13 => "DW_OP_drop",
        0x14 => "DW_OP_over",
        0x16 => "DW_OP_swap",
        0x17 => "DW_OP_rot",
        0x18 => "DW_OP_xderef",
        0x19 => "DW_OP_abs",
        0x1a => "DW_OP_and",
        0x1b => "DW_OP_div",
        0x1c => "DW_OP_minus",
        0x1d => "DW_OP_mod",
        0x1e => "DW_OP_mul",
        0x1f => "DW_OP_neg",
        0x20 => "DW_OP_not",
        0x21 => "DW_OP_or",
        0x22 => "DW_OP_plus",
        0x24 => "DW_OP_shl",
        0x25 => "DW_OP_shr",
        0x26 => "DW_OP_shra",
        0x27 => "DW_OP_xor",
        0x29 => "DW_OP_eq",
        0x2a => "DW_OP_ge",
        0x2b => "DW_OP_gt",
        0x2c => "DW_OP_le",
        0x2d => "DW_OP_lt",
        0x2e => "DW_OP_ne",
        0x96 => "DW_OP_nop",
        0x97 => "DW_OP_push_object_address",
        0x9b => "DW_OP_form_tls_address",
        0x9c => "DW_OP_call_frame_cfa",
        0x9f => "DW_OP_stack_value",
        0xe0 => "DW_OP_GNU_push_tls_address or DW_OP_HP_unknown",
        0xf0 => "DW_OP_GNU_uninit",
        0xe1 => "DW_OP_HP_is_value",
        0xe2 => "DW_OP_HP_fltconst4",
        0xe3 => "DW_OP_HP_fltconst8",
        0xe4 => "DW_OP_HP_mod_range",
        0xe5 => "DW_OP_HP_unmod_range",
        0xe6 => "DW_OP_HP_tls",
        0xf8 => "DW_OP_PGI_omp_thread_num",
        _ => return None,
    })
}

/// Print the `len` bytes at `start` as operations separated by `; `.
pub(super) fn decode(cx: &mut Cx<'_, '_, '_>, start: usize, len: usize, ptr_size: u32, depth: u32) {
    let end = start.saturating_add(len).min(cx.data.len());
    let mut p = start;
    while p < end {
        let op = cx.byte(p);
        p += 1;
        if let Some(name) = simple_name(op) {
            cx.o.extend_from_slice(name.as_bytes());
            if p < end {
                cx.o.extend_from_slice(b"; ");
            }
            continue;
        }
        match op {
            0x03 => {
                let v = cx.get(&mut p, ptr_size, end);
                let _ = write!(cx.o, "DW_OP_addr: {v:x}");
            }
            0x08 | 0x0a | 0x0c | 0x0e => {
                let (n, name) = match op {
                    0x08 => (1, "DW_OP_const1u"),
                    0x0a => (2, "DW_OP_const2u"),
                    0x0c => (4, "DW_OP_const4u"),
                    _ => (8, "DW_OP_const8u"),
                };
                let v = cx.get(&mut p, n, end);
                let _ = write!(cx.o, "{name}: {v}");
            }
            0x09 | 0x0b | 0x0d | 0x0f => {
                let (n, name) = match op {
                    0x09 => (1, "DW_OP_const1s"),
                    0x0b => (2, "DW_OP_const2s"),
                    0x0d => (4, "DW_OP_const4s"),
                    _ => (8, "DW_OP_const8s"),
                };
                let v = cx.get_signed(&mut p, n, end);
                let _ = write!(cx.o, "{name}: {v}");
            }
            0x10 => {
                let v = cx.uleb(&mut p, end);
                let _ = write!(cx.o, "DW_OP_constu: {v}");
            }
            0x11 => {
                let v = cx.sleb(&mut p, end);
                let _ = write!(cx.o, "DW_OP_consts: {v}");
            }
            0x15 => {
                let v = cx.get(&mut p, 1, end);
                let _ = write!(cx.o, "DW_OP_pick: {v}");
            }
            0x23 => {
                let v = cx.uleb(&mut p, end);
                let _ = write!(cx.o, "DW_OP_plus_uconst: {v}");
            }
            0x28 | 0x2f => {
                let v = cx.get_signed(&mut p, 2, end);
                let name = if op == 0x28 {
                    "DW_OP_bra"
                } else {
                    "DW_OP_skip"
                };
                let _ = write!(cx.o, "{name}: {v}");
            }
            0x30..=0x4f => {
                let _ = write!(cx.o, "DW_OP_lit{}", op - 0x30);
            }
            0x50..=0x6f => {
                let r = u32::from(op - 0x50);
                let n = cx.regs.name(r, true);
                let _ = write!(cx.o, "DW_OP_reg{r} ({n})");
            }
            0x70..=0x8f => {
                let r = u32::from(op - 0x70);
                let v = cx.sleb(&mut p, end);
                let n = cx.regs.name(r, true);
                let _ = write!(cx.o, "DW_OP_breg{r} ({n}): {v}");
            }
            0x90 => {
                let r = cx.uleb(&mut p, end);
                let n = cx.regs.name(r as u32, true);
                let _ = write!(cx.o, "DW_OP_regx: {r} ({n})");
            }
            0x91 => {
                let v = cx.sleb(&mut p, end);
                let _ = write!(cx.o, "DW_OP_fbreg: {v}");
            }
            0x92 => {
                let r = cx.uleb(&mut p, end);
                let v = cx.sleb(&mut p, end);
                let n = cx.regs.name(r as u32, true);
                let _ = write!(cx.o, "DW_OP_bregx: {r} ({n}) {v}");
            }
            0x93 => {
                let v = cx.uleb(&mut p, end);
                let _ = write!(cx.o, "DW_OP_piece: {v}");
            }
            0x94 | 0x95 => {
                let v = cx.get(&mut p, 1, end);
                let name = if op == 0x94 {
                    "DW_OP_deref_size"
                } else {
                    "DW_OP_xderef_size"
                };
                let _ = write!(cx.o, "{name}: {v}");
            }
            0x98 | 0x99 => {
                let (n, name) = if op == 0x98 {
                    (2, "DW_OP_call2")
                } else {
                    (4, "DW_OP_call4")
                };
                let v = cx.get_signed(&mut p, n, end);
                let _ = write!(cx.o, "{name}: <{}>", hx(v as u64));
            }
            0x9a => {
                cx.o.extend_from_slice("(DW_OP_call_ref in frame info)".as_bytes());
                return;
            }
            0x9d => {
                cx.o.extend_from_slice("DW_OP_bit_piece: ".as_bytes());
                let v = cx.uleb(&mut p, end);
                let _ = write!(cx.o, "size: {v} ");
                let v = cx.uleb(&mut p, end);
                let _ = write!(cx.o, "offset: {v} ");
            }
            0x9e => {
                cx.o.extend_from_slice("DW_OP_implicit_value".as_bytes());
                let v = cx.uleb(&mut p, end);
                block(cx, &mut p, v, end, ' ');
            }
            0xf1 => {
                let mut encoding = 0u8;
                if p < end {
                    encoding = cx.byte(p);
                    p += 1;
                }
                let addr = cx.encoded(&mut p, encoding, end, ptr_size);
                let _ = write!(
                    cx.o,
                    "DW_OP_GNU_encoded_addr: fmt:{encoding:02x} addr:{}",
                    hex_ns(addr, ptr_size)
                );
            }
            0xa0 => {
                cx.o.extend_from_slice("(DW_OP_implicit_pointer in frame info)".as_bytes());
                return;
            }
            0xf2 => {
                cx.o.extend_from_slice("(DW_OP_GNU_implicit_pointer in frame info)".as_bytes());
                return;
            }
            0xa3 | 0xf3 => {
                let v = cx.uleb(&mut p, end);
                let n = v.min((end - p) as u64) as usize;
                let name = if op == 0xa3 {
                    "DW_OP_entry_value"
                } else {
                    "DW_OP_GNU_entry_value"
                };
                let _ = write!(cx.o, "{name}: (");
                if depth < MAX_DEPTH {
                    decode(cx, p, n, ptr_size, depth + 1);
                }
                cx.o.push(b')');
                p += n;
            }
            0xa4 | 0xf4 => {
                let v = cx.uleb(&mut p, end);
                let name = if op == 0xa4 {
                    "DW_OP_const_type"
                } else {
                    "DW_OP_GNU_const_type"
                };
                let _ = write!(cx.o, "{name}: <{}> ", hx(v));
                let n = cx.get(&mut p, 1, end);
                block(cx, &mut p, n, end, ' ');
            }
            0xa5 | 0xf5 => {
                let r = cx.uleb(&mut p, end);
                let name = if op == 0xa5 {
                    "DW_OP_regval_type"
                } else {
                    "DW_OP_GNU_regval_type"
                };
                let n = cx.regs.name(r as u32, true);
                let _ = write!(cx.o, "{name}: {r} ({n})");
                let v = cx.uleb(&mut p, end);
                let _ = write!(cx.o, " <{}>", hx(v));
            }
            0xa6 | 0xf6 => {
                let s = cx.get(&mut p, 1, end);
                let name = if op == 0xa6 {
                    "DW_OP_deref_type"
                } else {
                    "DW_OP_GNU_deref_type"
                };
                let _ = write!(cx.o, "{name}: {s}");
                let v = cx.uleb(&mut p, end);
                let _ = write!(cx.o, " <{}>", hx(v));
            }
            0xa8 | 0xf7 | 0xa9 | 0xf9 => {
                let v = cx.uleb(&mut p, end);
                let name = match op {
                    0xa8 => "DW_OP_convert",
                    0xf7 => "DW_OP_GNU_convert",
                    0xa9 => "DW_OP_reinterpret",
                    _ => "DW_OP_GNU_reinterpret",
                };
                let _ = write!(cx.o, "{name} <{}>", hx(v));
            }
            0xfa => {
                let v = cx.get(&mut p, 4, end);
                let _ = write!(cx.o, "DW_OP_GNU_parameter_ref: <{}>", hx(v));
            }
            0xa1 | 0xfb | 0xfc => {
                let v = cx.uleb(&mut p, end);
                let name = match op {
                    0xa1 => "DW_OP_addrx",
                    0xfb => "DW_OP_GNU_addr_index",
                    _ => "DW_OP_GNU_const_index",
                };
                let _ = write!(cx.o, "{name} <{}>", hx(v));
            }
            0xfd => {
                cx.o.extend_from_slice("(DW_OP_GNU_variable_value in frame info)".as_bytes());
                return;
            }
            _ => {
                if op >= 0xe0 {
                    let _ = write!(cx.o, "(User defined location op {})", hx(u64::from(op)));
                } else {
                    let _ = write!(cx.o, "(Unknown location op {})", hx(u64::from(op)));
                }
                return;
            }
        }
        if p < end {
            cx.o.extend_from_slice(b"; ");
        }
    }
}
