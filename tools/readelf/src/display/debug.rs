//! `-w`/`--debug-dump`: load a debug section the way GNU's `load_specific_debug_section`
//! does (decompressed, relocated in relocatable objects) and hand it to
//! `libdwarf::dump`, with a loader for the other sections a display needs.

use std::collections::HashMap;
use std::io;
use std::sync::Arc;

use libdwarf::dump::{self, Bytes, Dumper, Loader, Section};

use crate::Cx;

const SHT_NOBITS: u32 = 8;
const ET_REL: u16 = 1;

/// Section `i`'s contents as the DWARF displays see them, or `None` after GNU's message.
fn load_section<'d>(cx: &mut Cx<'_, 'd, '_>, i: usize) -> Option<Section<'d>> {
    let sh = cx.sections().get(i).copied()?;
    let name = String::from_utf8_lossy(cx.section_name(&sh).unwrap_or(b"")).into_owned();
    let raw = cx.get_data(sh.sh_offset, 1, sh.sh_size, Some("section contents"))?;
    let mut data = Bytes::Borrowed(raw);
    match libelf::compression::detect(&sh, name.as_bytes(), raw, cx.class(), cx.endian()) {
        Ok(Some(c)) => {
            match libelf::compression::decompress(&c, raw, libelf::compression::DEFAULT_LIMIT) {
                Ok(d) => data = Bytes::from(d),
                Err(_) => {
                    let p = cx.printable_section_name(&sh);
                    cx.diag
                        .warn(format_args!("Unable to decompress section {p}\n"));
                    return None;
                }
            }
        }
        Ok(None) => {}
        Err(_) => return None,
    }
    let mut relocs: Arc<[u64]> = Arc::from(Vec::new());
    if cx.hdr.e_type == ET_REL {
        let mut buf = data.to_vec();
        if let Some(rs) = super::apply_relocs::apply_relocations(cx, i, &mut buf) {
            // GNU's `reloc_info`, for `reloc_at`.
            let mut offs: Vec<u64> = rs.iter().map(|r| r.r_offset).collect();
            offs.sort_unstable();
            relocs = Arc::from(offs);
        }
        data = Bytes::from(buf);
    }
    Some(Section {
        name,
        data,
        address: sh.sh_addr,
        file_offset: sh.sh_offset,
        index: i,
        relocs,
    })
}

/// The other sections, loaded on demand and kept for the object (GNU's
/// `load_debug_section`: the first section with the uncompressed name, else with the
/// `.zdebug_` one).
struct Preloaded<'d> {
    sections: HashMap<String, Section<'d>>,
}

impl<'d> Loader<'d> for Preloaded<'d> {
    fn load(&mut self, name: &str) -> Option<Section<'d>> {
        if let Some(s) = self.sections.get(name) {
            return Some(s.clone());
        }
        let z = name
            .strip_prefix(".debug_")
            .map(|b| format!(".zdebug_{b}"))?;
        self.sections.get(&z).cloned()
    }
}

fn preload<'d>(cx: &mut Cx<'_, 'd, '_>) -> Preloaded<'d> {
    let mut sections = HashMap::new();
    for i in 0..cx.sections().len() {
        let Some(sh) = cx.sections().get(i).copied() else {
            break;
        };
        if sh.sh_type == SHT_NOBITS || sh.sh_size == 0 {
            continue;
        }
        let Some(name) = cx.section_name(&sh) else {
            continue;
        };
        let interesting = [
            &b".debug_"[..],
            b".zdebug_",
            b".eh_frame",
            b".gdb_index",
            b".gnu_debug",
            b".trace_",
            b".note.gnu.build-id",
        ]
        .iter()
        .any(|p| name.starts_with(p));
        let name = String::from_utf8_lossy(name).into_owned();
        if !interesting || sections.contains_key(&name) {
            continue;
        }
        if let Some(s) = load_section(cx, i) {
            sections.insert(name, s);
        }
    }
    Preloaded { sections }
}

/// Whether GNU's `debug_displays` table has a display for a section of this name.
fn recognised(name: &str) -> bool {
    if name.starts_with(".gnu.linkonce.wi.") || name.starts_with(".debug_line.") {
        return true;
    }
    const NAMES: &str = "abbrev abbrev.dwo info info.dwo types types.dwo loc loc.dwo \
        loclists loclists.dwo ranges rnglists rnglists.dwo line line.dwo frame aranges \
        pubnames pubtypes gnu_pubnames gnu_pubtypes macinfo macinfo.dwo macro macro.dwo \
        str line_str str.dwo str_offsets str_offsets.dwo addr static_func static_vars \
        weaknames";
    // These have no `.zdebug_` name in GNU's table.
    const PLAIN_ONLY: &str = "cu_index tu_index sup names";
    let known = |list: &str, b: &str| list.split_whitespace().any(|n| n == b);
    if let Some(b) = name.strip_prefix(".debug_") {
        return known(NAMES, b) || known(PLAIN_ONLY, b);
    }
    if let Some(b) = name.strip_prefix(".zdebug_") {
        return known(NAMES, b);
    }
    matches!(
        name,
        ".eh_frame"
            | ".trace_info"
            | ".trace_abbrev"
            | ".trace_aranges"
            | ".gnu_debuglink"
            | ".gnu_debugaltlink"
            | ".gdb_index"
            | ".note.gnu.build-id"
    )
}

/// GNU's `display_debug_section` for section `i`.
pub fn display_debug_section(cx: &mut Cx, i: usize) -> io::Result<bool> {
    let Some(sh) = cx.sections().get(i).copied() else {
        return Ok(true);
    };
    let print_name = cx.printable_section_name(&sh);
    if sh.sh_size == 0 {
        writeln!(cx.out, "\nSection '{print_name}' has no debugging data.")?;
        return Ok(true);
    }
    if sh.sh_type == SHT_NOBITS {
        writeln!(
            cx.out,
            "section '{print_name}' has the NOBITS type - its contents are unreliable."
        )?;
        return Ok(false);
    }
    let Some(sec) = load_section(cx, i) else {
        return Ok(true);
    };
    let mut loader = match cx.debug_cache.take() {
        Some(sections) => Preloaded { sections },
        None => preload(cx),
    };
    let o = cx.o;
    let (is64, big) = (!cx.is32(), cx.endian() == libelf::Endian::Big);
    let (machine, relocatable) = (cx.hdr.e_machine, cx.hdr.e_type == ET_REL);
    let diag = &mut *cx.diag;
    let diag = std::cell::RefCell::new(diag);
    let mut warn = |m: &str| diag.borrow_mut().warn(format_args!("{m}"));
    let diag2 = &diag;
    let mut error = |m: &str| diag2.borrow_mut().error(format_args!("{m}"));
    let mut d = Dumper {
        out: &mut *cx.out,
        warn: &mut warn,
        error: &mut error,
        loader: &mut loader,
        selection: o.debug,
        wide: o.wide,
        depth: o.dwarf_depth,
        start: o.dwarf_start,
        machine,
        is64,
        big_endian: big,
        relocatable,
        state: &mut cx.dwarf_state,
    };
    // GNU's `find_cu_tu_set` (for `section_subset`) reads the CU/TU indexes, with
    // their warnings, before every display of a section it recognises.
    if recognised(&sec.name) {
        dump::info::load_cu_tu_indexes(&mut d);
    }
    let res = dump::display_section(&mut d, &sec);
    cx.debug_cache = Some(loader.sections);
    res
}

/// GNU's `load_separate_debug_files` (called from `process_object` before
/// `process_section_contents` when a debug dump was asked for): prints GNU's messages
/// and returns the separate files to display afterwards.
pub fn load_separate_debug_files(cx: &mut Cx) -> io::Result<Vec<String>> {
    let mut loader = match cx.debug_cache.take() {
        Some(sections) => Preloaded { sections },
        None => preload(cx),
    };
    let o = cx.o;
    let (is64, big) = (!cx.is32(), cx.endian() == libelf::Endian::Big);
    let (machine, relocatable) = (cx.hdr.e_machine, cx.hdr.e_type == ET_REL);
    let name = cx.name.to_string();
    let diag = &mut *cx.diag;
    let diag = std::cell::RefCell::new(diag);
    let mut warn = |m: &str| diag.borrow_mut().warn(format_args!("{m}"));
    let diag2 = &diag;
    let mut error = |m: &str| diag2.borrow_mut().error(format_args!("{m}"));
    let mut d = Dumper {
        out: &mut *cx.out,
        warn: &mut warn,
        error: &mut error,
        loader: &mut loader,
        selection: o.debug,
        wide: o.wide,
        depth: o.dwarf_depth,
        start: o.dwarf_start,
        machine,
        is64,
        big_endian: big,
        relocatable,
        state: &mut cx.dwarf_state,
    };
    let found = dump::misc::load_separate_debug_files(&mut d, &name)?;
    cx.debug_cache = Some(loader.sections);
    if !found.is_empty() {
        cx.dwarf_state.loaded_from = Some(name);
    }
    Ok(found)
}

/// GNU's loop over the separate files in `process_object`: their section headers and
/// debug sections, with the DWARF state shared with the main file.
pub fn process_separate(cx: &mut Cx, path: &str) -> io::Result<bool> {
    let Ok(data) = std::fs::read(path) else {
        return Ok(true);
    };
    let Ok(elf) = libelf::ElfFile::parse(&data) else {
        return Ok(true);
    };
    let state = std::mem::take(&mut cx.dwarf_state);
    let mut sub = Cx::new(cx.o, &elf, &data, path, &mut *cx.out, &mut *cx.diag);
    sub.dwarf_state = state;
    sub.dwarf_state.loaded_from = Some(path.to_string());
    super::sections::probe_section0(&mut sub);
    sub.shdrs = None;
    let mut res = super::sections::process_section_headers(&mut sub)?;
    if res {
        for i in sub.debug_sects.clone() {
            if !display_debug_section(&mut sub, i)? {
                res = false;
            }
        }
    }
    cx.dwarf_state = std::mem::take(&mut sub.dwarf_state);
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::recognised;

    #[test]
    fn recognised_follows_gnus_display_table() {
        for n in [
            ".debug_info",
            ".zdebug_info",
            ".debug_line.foo",
            ".debug_cu_index",
            ".gnu.linkonce.wi.x",
            ".eh_frame",
            ".trace_info",
            ".debug_str_offsets.dwo",
        ] {
            assert!(recognised(n), "{n}");
        }
        for n in [
            ".debug_foo",
            ".zdebug_cu_index",
            ".zdebug_line.foo",
            ".text",
        ] {
            assert!(!recognised(n), "{n}");
        }
    }
}
