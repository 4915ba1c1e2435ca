//! Locating and reading the dynamic section GNU's way (`locate_dynamic_section`,
//! `get_dynamic_section`), shared by `-h` (PIE detection), `-l` and `-d`.

use libelf::consts::{PT_DYNAMIC, SHT_NOBITS};
use libelf::read::Dyn;

use crate::Cx;

/// GNU's `locate_dynamic_section`: the `.dynamic` section inside `PT_DYNAMIC`, or the
/// segment itself; sets `cx.dynamic.addr` and `size` (at least 1).
pub fn locate_dynamic_section(cx: &mut Cx) {
    let (mut addr, mut size) = (0u64, 0u64);
    if cx.hdr.e_phnum != 0 && super::segments::load_program_headers(cx) {
        let dynseg = cx
            .phdrs
            .as_deref()
            .unwrap_or(&[])
            .iter()
            .find(|p| p.p_type == PT_DYNAMIC)
            .copied();
        if let Some(p) = dynseg {
            addr = p.p_offset;
            size = p.p_filesz;
            if cx.shdrs.is_some() {
                if let Some(sec) = cx
                    .find_section(b".dynamic")
                    .and_then(|i| cx.sections().get(i).copied())
                {
                    if sec.sh_size == 0 || sec.sh_type == SHT_NOBITS {
                        addr = 0;
                        size = 0;
                    } else {
                        addr = sec.sh_offset;
                        size = sec.sh_size;
                    }
                }
            }
            if addr > cx.file_size() || size > cx.file_size() - addr {
                addr = 0;
                size = 0;
            }
        }
    }
    cx.dynamic.addr = addr;
    cx.dynamic.size = if size != 0 { size } else { 1 };
}

/// GNU's `get_dynamic_section` (cached in `cx.dynamic.entries`): the entries of the
/// dynamic table at `cx.dynamic.addr`, up to and including the first `DT_NULL`.
pub fn get_dynamic_section(cx: &mut Cx) -> bool {
    if cx.dynamic.loaded {
        return true;
    }
    let Some(bytes) = cx.get_data(cx.dynamic.addr, 1, cx.dynamic.size, Some("dynamic section"))
    else {
        return false;
    };
    let (class, endian) = (cx.class(), cx.endian());
    let rec = Dyn::size(class);
    let mut v = Vec::new();
    let mut off = 0;
    while off + rec <= bytes.len() {
        let Ok(d) = Dyn::parse(bytes, off, class, endian) else {
            break;
        };
        v.push(d);
        off += rec;
        if d.d_tag == 0 {
            break;
        }
    }
    cx.dynamic.entries = v;
    cx.dynamic.loaded = true;
    true
}

/// GNU's `is_pie`: `DF_1_PIE` in the first `DT_FLAGS_1` entry.
pub fn is_pie(cx: &mut Cx) -> bool {
    if cx.dynamic.size == 0 {
        locate_dynamic_section(cx);
    }
    if cx.dynamic.size <= 1 || !get_dynamic_section(cx) {
        return false;
    }
    const DT_FLAGS_1: i64 = 0x6fff_fffb;
    const DF_1_PIE: u64 = 0x0800_0000;
    cx.dynamic
        .entries
        .iter()
        .find(|d| d.d_tag == DT_FLAGS_1)
        .is_some_and(|d| d.d_val & DF_1_PIE != 0)
}
