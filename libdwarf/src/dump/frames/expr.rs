//! DWARF expressions inside CFA instructions: GNU's `decode_location_expression` as
//! `display_debug_frames` calls it (no unit, DWARF version -1, offset size 0), the
//! decoder of `info::expr` reading through the frame display's own readers.

use super::{hex_ns, Cx};
use crate::dump::info::expr::{decode_with, ExprCx, Operands};
use crate::dump::info::out::{Endian, Out};

/// The frame display as the source of an expression's operands, with `ptr_size`-byte
/// addresses.
struct FrameOperands<'c, 'x, 'w, 'a> {
    cx: &'c mut Cx<'x, 'w, 'a>,
    ptr_size: u32,
}

impl Operands for FrameOperands<'_, '_, '_, '_> {
    fn data(&self) -> &[u8] {
        self.cx.data
    }
    fn get(&mut self, _: &mut Out, pos: &mut usize, n: usize, end: usize) -> u64 {
        self.cx.get(pos, n as u32, end)
    }
    fn get_signed(&mut self, _: &mut Out, pos: &mut usize, n: usize, end: usize) -> i64 {
        self.cx.get_signed(pos, n as u32, end)
    }
    fn uleb(&mut self, _: &mut Out, pos: &mut usize, end: usize) -> u64 {
        self.cx.uleb(pos, end)
    }
    fn sleb(&mut self, _: &mut Out, pos: &mut usize, end: usize) -> i64 {
        self.cx.sleb(pos, end)
    }
    fn regname(&self, o: &mut Out, r: u64) {
        o.s(&self.cx.regs.name(r as u32, true));
    }
    fn encoded(&mut self, _: &mut Out, pos: &mut usize, enc: u8, end: usize) -> u64 {
        self.cx.encoded(pos, enc, end, self.ptr_size)
    }
    fn print_addr(&self, o: &mut Out, addr: u64) {
        o.s(&hex_ns(addr, self.ptr_size));
    }
}

/// Print the `len` bytes at `start` as operations separated by `; `.
pub(super) fn decode(cx: &mut Cx<'_, '_, '_>, start: usize, len: usize, ptr_size: u32) {
    // GNU's frame info: no unit, DWARF version -1, offset size 0; the registers and
    // encoded addresses are the frame display's.
    let ecx = ExprCx::new(Endian { big: cx.big }, 0, 0).unit(ptr_size as usize, 0, -1, 0);
    let mut o = Out {
        buf: std::mem::take(&mut cx.o),
    };
    let mut x = FrameOperands { cx, ptr_size };
    decode_with(&mut x, &mut o, start, len as u64, &ecx, 0);
    x.cx.o = o.buf;
}
