//! `-w`/`--debug-dump`: GNU's `display_debug_section` and the section loading behind
//! it (`load_debug_section`, `load_specific_debug_section`), handing each section to
//! `libdwarf::dump` with a loader for the other sections a display needs.
//!
//! Sections are loaded when a display first asks for them, as GNU loads them: each kind
//! has one slot (GNU's `debug_displays[]`), a loaded slot is used as it is until freed,
//! and a displayed section's slot is freed after its display unless it is
//! `.debug_info`, `.debug_abbrev` or `.debug_addr`. Loading decompresses and, in a
//! relocatable object, applies the relocations of the kinds GNU relocates, so GNU's
//! diagnostics about both come where and as often as GNU's.

use std::cell::RefCell;
use std::collections::HashMap;
use std::io::{self, Write};
use std::sync::Arc;

use libdwarf::dump::{self, Bytes, Dumper, Loader, Section};
use libelf::compression::{Compression, CompressionKind};

use crate::Cx;

const SHT_NOBITS: u32 = 8;
const SHT_RELA: u32 = 4;
const SHT_REL: u32 = 9;
const ET_REL: u16 = 1;
const SHF_COMPRESSED: u64 = 0x800;

/// GNU's `debug_displays[]`: each kind's uncompressed and compressed names, and whether
/// its sections are relocated when loaded. The index is GNU's
/// `dwarf_section_display_enum`.
const SLOTS: &[(&str, &str, bool)] = &[
    (".debug_abbrev", ".zdebug_abbrev", false),
    (".debug_aranges", ".zdebug_aranges", true),
    (".debug_frame", ".zdebug_frame", true),
    (".debug_info", ".zdebug_info", true),
    (".debug_line", ".zdebug_line", true),
    (".debug_pubnames", ".zdebug_pubnames", false),
    (".debug_gnu_pubnames", ".zdebug_gnu_pubnames", false),
    (".eh_frame", "", true),
    (".debug_macinfo", ".zdebug_macinfo", false),
    (".debug_macro", ".zdebug_macro", true),
    (".debug_str", ".zdebug_str", false),
    (".debug_line_str", ".zdebug_line_str", false),
    (".debug_loc", ".zdebug_loc", true),
    (".debug_loclists", ".zdebug_loclists", true),
    (".debug_loclists.dwo", ".zdebug_loclists.dwo", true),
    (".debug_pubtypes", ".zdebug_pubtypes", false),
    (".debug_gnu_pubtypes", ".zdebug_gnu_pubtypes", false),
    (".debug_ranges", ".zdebug_ranges", true),
    (".debug_rnglists", ".zdebug_rnglists", true),
    (".debug_rnglists.dwo", ".zdebug_rnglists.dwo", true),
    (".debug_static_func", ".zdebug_static_func", false),
    (".debug_static_vars", ".zdebug_static_vars", false),
    (".debug_types", ".zdebug_types", true),
    (".debug_weaknames", ".zdebug_weaknames", false),
    (".gdb_index", "", false),
    (".debug_names", "", false),
    (".trace_info", "", true),
    (".trace_abbrev", "", false),
    (".trace_aranges", "", false),
    (".debug_info.dwo", ".zdebug_info.dwo", true),
    (".debug_abbrev.dwo", ".zdebug_abbrev.dwo", false),
    (".debug_types.dwo", ".zdebug_types.dwo", true),
    (".debug_line.dwo", ".zdebug_line.dwo", true),
    (".debug_loc.dwo", ".zdebug_loc.dwo", true),
    (".debug_macro.dwo", ".zdebug_macro.dwo", true),
    (".debug_macinfo.dwo", ".zdebug_macinfo.dwo", false),
    (".debug_str.dwo", ".zdebug_str.dwo", true),
    (".debug_str_offsets", ".zdebug_str_offsets", true),
    (".debug_str_offsets.dwo", ".zdebug_str_offsets.dwo", true),
    (".debug_addr", ".zdebug_addr", true),
    (".debug_cu_index", "", false),
    (".debug_tu_index", "", false),
    (".gnu_debuglink", "", false),
    (".gnu_debugaltlink", "", false),
    (".debug_sup", "", false),
    // GNU's `separate_debug_str`: a second `.debug_str` kind, for separate files.
    (".debug_str", ".zdebug_str", false),
    (".note.gnu.build-id", "", false),
];

thread_local! {
    /// GNU's `do_follow_links` turned off: `load_separate_debug_files` clears it for the
    /// rest of the run (later files and archive members too) when a file has no
    /// separate debug files.
    static FOLLOW_LINKS_OFF: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Reset the state GNU keeps in globals for a whole run.
pub fn reset_run_state() {
    FOLLOW_LINKS_OFF.with(|f| f.set(false));
}

/// What was selected, with following links turned off once GNU turns it off.
fn selection(cx: &Cx) -> dump::Selection {
    let mut s = cx.o.debug;
    if FOLLOW_LINKS_OFF.with(std::cell::Cell::get) {
        s.follow_links = false;
    }
    s
}

/// Slots GNU keeps loaded after displaying them.
const ABBREV: usize = 0;
const INFO: usize = 3;
const LINE: usize = 4;
const DEBUG_ADDR: usize = 39;

/// The slot of the kind named `name` (its uncompressed name), as GNU's callers of
/// `load_debug_section` name them.
fn slot_named(name: &str) -> Option<usize> {
    SLOTS.iter().position(|(u, _, _)| *u == name)
}

/// The slot `display_debug_section` picks for a section named `name`, with the name
/// the display is given.
fn display_slot(name: &str) -> Option<(usize, String)> {
    SLOTS.iter().enumerate().find_map(|(i, (u, c, _))| {
        if *u == name {
            Some((i, (*u).to_string()))
        } else if i == LINE && name.starts_with(".debug_line.") {
            Some((i, name.to_string()))
        } else if !c.is_empty() && *c == name {
            Some((i, (*c).to_string()))
        } else {
            None
        }
    })
}

/// The loaded debug sections of one object (GNU's `debug_displays[].section`), freed
/// with the object.
#[derive(Debug, Default)]
pub struct DebugCache<'d> {
    slots: Vec<Option<Section<'d>>>,
    /// The first section of each name, made on first use (objects with thousands of
    /// sections look names up for every display).
    first_by_name: Option<HashMap<&'d [u8], usize>>,
}

impl<'d> DebugCache<'d> {
    fn get(&self, slot: usize) -> Option<&Section<'d>> {
        self.slots.get(slot).and_then(Option::as_ref)
    }

    fn set(&mut self, slot: usize, sec: Section<'d>) {
        if self.slots.len() <= slot {
            self.slots.resize(slot + 1, None);
        }
        if let Some(s) = self.slots.get_mut(slot) {
            *s = Some(sec);
        }
    }

    /// GNU's `free_debug_section`.
    fn free(&mut self, slot: usize) {
        if let Some(s) = self.slots.get_mut(slot) {
            *s = None;
        }
    }
}

/// GNU's `find_section`: the first section called `name`.
fn find_section<'d>(cx: &Cx<'_, 'd, '_>, cache: &mut DebugCache<'d>, name: &str) -> Option<usize> {
    let map = cache.first_by_name.get_or_insert_with(|| {
        let mut m = HashMap::new();
        for (i, sh) in cx.sections().iter().enumerate() {
            if let Some(n) = cx.section_name(sh) {
                m.entry(n).or_insert(i);
            }
        }
        m
    });
    map.get(name.as_bytes()).copied()
}

/// Whether GNU's `apply_relocations` could find relocations for section `i` (a
/// relocation section targeting it), so that the contents must be copied first.
fn may_relocate(cx: &Cx, i: usize) -> bool {
    if cx.hdr.e_type != ET_REL {
        return false;
    }
    let shnum = cx.hdr.e_shnum as usize;
    cx.sections().iter().take(shnum).any(|r| {
        (r.sh_type == SHT_RELA || r.sh_type == SHT_REL)
            && r.sh_info as usize == i
            && r.sh_size != 0
            && (r.sh_link as usize) < shnum
    })
}

/// A section with no contents (what GNU leaves loaded when decompression fails).
fn empty_section<'d>(name: &str, sh: &libelf::read::SectionHeader, i: usize) -> Section<'d> {
    Section {
        address: sh.sh_addr,
        file_offset: sh.sh_offset,
        index: i,
        ..Section::new(name, Bytes::Borrowed(&[]))
    }
}

/// GNU's `load_specific_debug_section`: section `i` into `slot`, named `name`. A slot
/// already loaded is used as it is. `None` when GNU's returns false (after its
/// message); GNU may then leave something loaded in the slot, and so does this.
fn load_specific<'d>(
    cx: &mut Cx<'_, 'd, '_>,
    cache: &mut DebugCache<'d>,
    slot: usize,
    i: usize,
    name: &str,
) -> Option<Section<'d>> {
    if let Some(s) = cache.get(slot) {
        return Some(Section {
            name: name.to_string(),
            ..s.clone()
        });
    }
    let sh = cx.sections().get(i).copied()?;
    let raw = cx.get_data(
        sh.sh_offset,
        1,
        sh.sh_size,
        Some(&format!("{name} section data")),
    )?;
    let mut data = Bytes::Borrowed(raw);
    let mut uncompressed = None;
    if sh.sh_flags & SHF_COMPRESSED != 0 {
        let (hsize, big) = (
            if cx.is32() { 12 } else { 24 },
            cx.endian() == libelf::Endian::Big,
        );
        if raw.len() < hsize {
            cx.diag.warn(format_args!(
                "compressed section {name} is too small to contain a compression header\n"
            ));
            cache.set(slot, empty_section(name, &sh, i));
            return None;
        }
        let get = |off: usize, n: usize| -> u64 {
            let b = raw.get(off..off + n).unwrap_or(&[]);
            let fold = |v: u64, x: &u8| (v << 8) | u64::from(*x);
            if big {
                b.iter().fold(0, fold)
            } else {
                b.iter().rev().fold(0, fold)
            }
        };
        let ch_type = get(0, 4);
        let ch_size = if cx.is32() { get(4, 4) } else { get(8, 8) };
        let kind = match ch_type {
            1 => CompressionKind::Zlib,
            2 => CompressionKind::Zstd,
            t => {
                // GNU prints the unsigned type with %d.
                let t = t as u32 as i32;
                cx.diag.warn(format_args!(
                    "section '{name}' has unsupported compress type: {t}\n"
                ));
                cache.set(slot, empty_section(name, &sh, i));
                return None;
            }
        };
        uncompressed = Some((kind, hsize, ch_size));
    } else if raw.len() > 12 && raw.starts_with(b"ZLIB\0") {
        let size = raw
            .get(4..12)
            .unwrap_or(&[])
            .iter()
            .fold(0u64, |v, x| (v << 8) | u64::from(*x));
        uncompressed = Some((CompressionKind::ZlibGnu, 12, size));
    }
    if let Some((kind, header_size, size)) = uncompressed.filter(|u| u.2 != 0) {
        let c = Compression {
            kind,
            header: None,
            header_size,
            uncompressed_size: size,
        };
        match libelf::compression::decompress(&c, raw, libelf::compression::DEFAULT_LIMIT) {
            Ok(d) => data = Bytes::from(d),
            Err(_) => {
                let p = cx.printable_section_name(&sh);
                cx.diag
                    .error(format_args!("Unable to decompress section {p}\n"));
                cache.set(slot, empty_section(name, &sh, i));
                return None;
            }
        }
    } else if let Some((_, header_size, _)) = uncompressed {
        // A declared size of 0: GNU keeps the data after the header as it is.
        data = Bytes::Borrowed(raw.get(header_size..).unwrap_or(&[]));
    }
    let mut relocs: Arc<[u64]> = Arc::from(Vec::new());
    let relocate = SLOTS.get(slot).is_some_and(|s| s.2);
    if relocate && may_relocate(cx, i) {
        let mut buf = data.to_vec();
        match super::apply_relocs::apply_relocations(cx, i, &mut buf) {
            Some(rs) => {
                let mut offs: Vec<u64> = rs.iter().map(|r| r.r_offset).collect();
                offs.sort_unstable();
                relocs = Arc::from(offs);
                data = Bytes::from(buf);
            }
            None => {
                // GNU's section stays loaded, unrelocated.
                cache.set(
                    slot,
                    Section {
                        data,
                        ..empty_section(name, &sh, i)
                    },
                );
                return None;
            }
        }
    }
    let sec = Section {
        relocs,
        data,
        ..empty_section(name, &sh, i)
    };
    cache.set(slot, sec.clone());
    Some(sec)
}

/// GNU's `load_debug_section`: the first section with the kind's uncompressed name,
/// else with its compressed one, loaded into the kind's slot.
fn load_debug_section<'d>(
    cx: &mut Cx<'_, 'd, '_>,
    cache: &mut DebugCache<'d>,
    name: &str,
) -> Option<Section<'d>> {
    let slot = slot_named(name)?;
    let (u, c, _) = SLOTS.get(slot).copied()?;
    // Without section headers there are no sections to find.
    cx.shdrs.as_ref()?;
    let (i, n) = match find_section(cx, cache, u) {
        Some(i) => (i, u),
        None if !c.is_empty() => (find_section(cx, cache, c)?, c),
        None => return None,
    };
    load_specific(cx, cache, slot, i, n)
}

/// The loader the displays use: loads through the object's [`DebugCache`].
struct Lazy<'s, 'c, 'a, 'd, 'e> {
    cx: &'s RefCell<&'c mut Cx<'a, 'd, 'e>>,
    cache: &'s mut DebugCache<'d>,
}

impl<'d> Loader<'d> for Lazy<'_, '_, '_, 'd, '_> {
    fn load(&mut self, name: &str) -> Option<Section<'d>> {
        let mut cx = self.cx.borrow_mut();
        load_debug_section(&mut cx, self.cache, name)
    }

    fn peek(&mut self, name: &str) -> Option<Section<'d>> {
        let slot = slot_named(name)?;
        self.cache.get(slot).cloned()
    }
}

/// Standard output through the shared context.
struct Out<'s, 'c, 'a, 'd, 'e>(&'s RefCell<&'c mut Cx<'a, 'd, 'e>>);

impl Write for Out<'_, '_, '_, '_, '_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().out.write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.borrow_mut().out.write_all(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.borrow_mut().out.flush()
    }
}

/// Runs `f` with a [`Dumper`] for the object: its output, diagnostics, DWARF state and
/// a loader over its debug sections.
fn with_dumper<R>(cx: &mut Cx, f: impl FnOnce(&mut Dumper<'_, '_>) -> R) -> R {
    let o = cx.o;
    let (is64, big) = (!cx.is32(), cx.endian() == libelf::Endian::Big);
    let (machine, relocatable) = (cx.hdr.e_machine, cx.hdr.e_type == ET_REL);
    let selection = selection(cx);
    let mut state = std::mem::take(&mut cx.dwarf_state);
    let mut cache = std::mem::take(&mut cx.debug_cache);
    let r = {
        let shared = RefCell::new(&mut *cx);
        let mut out = Out(&shared);
        let mut warn = |m: &str| shared.borrow_mut().diag.warn(format_args!("{m}"));
        let mut error = |m: &str| shared.borrow_mut().diag.error(format_args!("{m}"));
        let mut loader = Lazy {
            cx: &shared,
            cache: &mut cache,
        };
        let mut d = Dumper {
            out: &mut out,
            warn: &mut warn,
            error: &mut error,
            loader: &mut loader,
            selection,
            wide: o.wide,
            depth: o.dwarf_depth,
            start: o.dwarf_start,
            machine,
            is64,
            big_endian: big,
            relocatable,
            state: &mut state,
        };
        f(&mut d)
    };
    cx.dwarf_state = state;
    cx.debug_cache = cache;
    r
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
    let mut name = String::from_utf8_lossy(cx.section_name(&sh).unwrap_or(b"")).into_owned();
    if name.starts_with(".gnu.linkonce.wi.") {
        name = ".debug_info".to_string();
    }
    let Some((slot, display_name)) = display_slot(&name) else {
        writeln!(cx.out, "Unrecognized debug section: {print_name}")?;
        return Ok(false);
    };
    // A second section of the same name is loaded afresh, and not kept.
    let mut cache = std::mem::take(&mut cx.debug_cache);
    let secondary = find_section(cx, &mut cache, &name) != Some(i);
    if secondary {
        cache.free(slot);
    }
    let sec = load_specific(cx, &mut cache, slot, i, &display_name);
    cx.debug_cache = cache;
    let Some(sec) = sec else {
        return Ok(true);
    };
    let res = with_dumper(cx, |d| {
        // GNU's `find_cu_tu_set` (for `section_subset`) reads the CU/TU indexes, with
        // their warnings, before the display.
        dump::info::load_cu_tu_indexes(d);
        dump::display_section(d, &sec)
    });
    if secondary || !matches!(slot, INFO | ABBREV | DEBUG_ADDR) {
        cx.debug_cache.free(slot);
    }
    res
}

/// GNU's `load_separate_debug_files` (called from `process_object` before
/// `process_section_contents` when a debug dump was asked for): prints GNU's messages
/// and returns the separate files to display afterwards.
pub fn load_separate_debug_files(cx: &mut Cx) -> io::Result<Vec<String>> {
    let name = cx.name.to_string();
    let following = selection(cx).follow_links;
    let found = with_dumper(cx, |d| dump::misc::load_separate_debug_files(d, &name))?;
    if !found.is_empty() {
        cx.dwarf_state.loaded_from = Some(name);
    } else if following {
        FOLLOW_LINKS_OFF.with(|f| f.set(true));
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
    let relocs = std::mem::take(&mut cx.relocs);
    let mut sub = Cx::new(cx.o, &elf, &data, path, &mut *cx.out, &mut *cx.diag);
    sub.dwarf_state = state;
    sub.relocs = relocs;
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
    cx.relocs = std::mem::take(&mut sub.relocs);
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::{display_slot, slot_named, SLOTS};

    #[test]
    fn display_slots_follow_gnus_table() {
        assert_eq!(SLOTS.len(), 47);
        for (n, want) in [
            (".debug_info", ".debug_info"),
            (".zdebug_info", ".zdebug_info"),
            (".debug_line.foo", ".debug_line.foo"),
            (".debug_line.dwo", ".debug_line.dwo"),
            (".debug_cu_index", ".debug_cu_index"),
            (".eh_frame", ".eh_frame"),
            (".trace_info", ".trace_info"),
            (".debug_str_offsets.dwo", ".debug_str_offsets.dwo"),
        ] {
            assert_eq!(display_slot(n).map(|s| s.1), Some(want.to_string()), "{n}");
        }
        assert_eq!(display_slot(".debug_line.dwo").map(|s| s.0), Some(4));
        for n in [
            ".debug_foo",
            ".zdebug_cu_index",
            ".zdebug_line.foo",
            ".text",
            "",
        ] {
            assert!(display_slot(n).is_none(), "{n}");
        }
        assert_eq!(slot_named(".debug_str"), Some(10));
        assert_eq!(slot_named(".debug_addr"), Some(super::DEBUG_ADDR));
    }
}
