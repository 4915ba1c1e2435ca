//! Addresses to file offsets through the `PT_LOAD` segments (GNU's `offset_from_vma`),
//! which the dynamic, relocation, symbol-version and hash displays all need.

use libelf::consts::PT_LOAD;

use crate::Cx;

/// GNU's `offset_from_vma`: the file offset of address `addr` (whose object is `size`
/// bytes long) through the `PT_LOAD` segments, or `addr` itself with GNU's warning.
pub fn offset_from_vma(cx: &mut Cx, addr: u64, size: u64) -> u64 {
    if !cx.load_program_headers() {
        cx.diag.warn(format_args!(
            "Cannot interpret virtual addresses without program headers.\n"
        ));
        return addr;
    }
    for p in cx.phdrs.as_deref().unwrap_or(&[]) {
        if p.p_type != PT_LOAD {
            continue;
        }
        if addr >= p.p_vaddr & p.p_align.wrapping_neg()
            && addr.wrapping_add(size) <= p.p_vaddr.wrapping_add(p.p_filesz)
        {
            return addr.wrapping_sub(p.p_vaddr).wrapping_add(p.p_offset);
        }
    }
    cx.diag.warn(format_args!(
        "Virtual address {} not located in any PT_LOAD segment.\n",
        crate::util::alt_hex(addr)
    ));
    addr
}
