//! Loading the debug sections of one object as GNU's `dwarf.c` loads them
//! (`load_debug_section`, `load_specific_debug_section`, `free_debug_section`), through
//! the [`SectionSource`] a tool implements.
//!
//! Each kind of debug section has one slot (GNU's `debug_displays[]`); a loaded slot is
//! used as it is until freed, and a displayed section's slot is freed after its display
//! unless it is `.debug_info`, `.debug_abbrev` or `.debug_addr`. Loading decompresses
//! (`SHF_COMPRESSED` zlib/zstd, legacy `ZLIB` headers) and, in a relocatable object,
//! has the tool apply the relocations of the kinds GNU relocates, so GNU's diagnostics
//! about both come where and as often as GNU's.

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;

use libelf::compression::{Compression, CompressionKind};
use libelf::read::{SectionHeader, SectionIndex, StringTable};
use libelf::{Class, ElfFile, Endian};

use super::{Bytes, Diagnostics, Section};

/// `ET_REL`.
const ET_REL: u16 = 1;
/// `SHF_COMPRESSED`.
const SHF_COMPRESSED: u64 = 0x800;
/// `SHT_RELA` and `SHT_REL`.
const SHT_RELA: u32 = 4;
const SHT_REL: u32 = 9;

/// What the displays need to know of the object (from its ELF header).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct ObjectInfo {
    /// ELF32 or ELF64.
    pub class: Class,
    /// The byte order.
    pub endian: Endian,
    /// `e_type`.
    pub e_type: u16,
    /// `e_machine` (register names in frame dumps, address masks).
    pub e_machine: u16,
}

impl ObjectInfo {
    /// The facts of an object with this class, byte order, `e_type` and `e_machine`.
    pub fn new(class: Class, endian: Endian, e_type: u16, e_machine: u16) -> Self {
        ObjectInfo {
            class,
            endian,
            e_type,
            e_machine,
        }
    }

    /// `e_type` is `ET_REL`.
    pub fn relocatable(&self) -> bool {
        self.e_type == ET_REL
    }
}

/// The object whose debug sections are dumped, as a tool reads it: its section
/// headers, the bytes of a section, and relocation. readelf implements it over its
/// own reading of the file (GNU's checks and messages); `objdump -W` will be another.
pub trait SectionSource<'d> {
    /// The object's class, byte order, type and machine.
    fn object(&self) -> ObjectInfo;

    /// The number of section headers.
    fn section_count(&self) -> usize;

    /// Section header `i`.
    fn section_header(&self, i: usize) -> Option<SectionHeader>;

    /// The name of section `i` for comparisons (`None` without a string table or with
    /// an offset out of range).
    fn section_name(&self, i: usize) -> Option<&'d [u8]>;

    /// The name of section `i` as diagnostics print it (GNU's
    /// `printable_section_name`).
    fn printable_section_name(&self, i: usize) -> String;

    /// The bytes of section `i` as they are in the file, or `None` after the tool's
    /// diagnostic (`what` names them: "`.debug_info section data`").
    fn section_data(&mut self, i: usize, what: &str) -> Option<&'d [u8]>;

    /// Whether a relocation section applies to section `i`.
    fn has_relocations(&self, i: usize) -> bool;

    /// Apply the relocations against section `i` to `data` (its contents, already
    /// decompressed). Returns the offsets of the relocations used, or `None` after the
    /// tool's diagnostic when they could not be applied.
    fn relocate(&mut self, i: usize, data: &mut [u8]) -> Option<Vec<u64>>;

    /// The size of the file, when the tool refuses a debug section whose size (its
    /// uncompressed size, if compressed) plus one reaches it, as GNU objdump's
    /// `load_specific_debug_section` does ("Section '…' has an invalid size: 0." on
    /// stdout). `None` (the default, readelf's way): no such check.
    fn size_limit(&self) -> Option<u64> {
        None
    }
}

/// A [`SectionSource`] over a file libelf has parsed, read libelf's way: section names
/// from the section name table, contents checked against the file, no diagnostics of
/// its own. It does not relocate: a relocatable object's debug sections are dumped as
/// they are stored (a tool that needs them relocated implements
/// [`SectionSource::relocate`] itself, as readelf does).
#[derive(Debug)]
pub struct ElfSections<'f, 'd> {
    file: &'f ElfFile<'d>,
    headers: &'f [SectionHeader],
    names: Option<StringTable<'d>>,
}

impl<'f, 'd> ElfSections<'f, 'd> {
    /// The sections of `file` (none if its section header table cannot be read).
    pub fn new(file: &'f ElfFile<'d>) -> Self {
        ElfSections {
            file,
            headers: file.section_headers().unwrap_or(&[]),
            names: file.shstrtab().ok(),
        }
    }
}

impl<'d> SectionSource<'d> for ElfSections<'_, 'd> {
    fn object(&self) -> ObjectInfo {
        let h = self.file.header();
        ObjectInfo::new(self.file.class(), self.file.endian(), h.e_type, h.e_machine)
    }

    fn section_count(&self) -> usize {
        self.headers.len()
    }

    fn section_header(&self, i: usize) -> Option<SectionHeader> {
        self.headers.get(i).copied()
    }

    fn section_name(&self, i: usize) -> Option<&'d [u8]> {
        let sh = self.headers.get(i)?;
        self.names.as_ref()?.get(sh.sh_name).ok()
    }

    fn printable_section_name(&self, i: usize) -> String {
        self.section_name(i).map_or_else(
            || "<corrupt>".to_string(),
            |n| String::from_utf8_lossy(n).into_owned(),
        )
    }

    fn section_data(&mut self, i: usize, _what: &str) -> Option<&'d [u8]> {
        let i = u32::try_from(i).ok()?;
        self.file
            .section(SectionIndex(i))
            .and_then(|s| s.data())
            .ok()
    }

    fn has_relocations(&self, _i: usize) -> bool {
        false
    }

    fn relocate(&mut self, _i: usize, _data: &mut [u8]) -> Option<Vec<u64>> {
        Some(Vec::new())
    }
}

/// Why a compressed section's header cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CompressionHeaderError {
    /// `SHF_COMPRESSED` data shorter than an `Elf_Chdr`.
    TooSmall,
    /// `ch_type` is neither zlib nor zstd.
    UnsupportedType(u32),
}

/// The compression of a section with flags `sh_flags` and contents `data`, as GNU
/// readelf reads it: an `Elf_Chdr` when `SHF_COMPRESSED` is set, else a legacy `ZLIB`
/// header (a NUL, then a big-endian size) at the start of more than 12 bytes. `None`:
/// not compressed. A declared size of 0 is returned as it is (GNU then uses the data
/// as it is).
///
/// # Errors
/// [`CompressionHeaderError`] when `SHF_COMPRESSED` data is too short for its header
/// or has an unknown `ch_type`.
pub fn compression_header(
    sh_flags: u64,
    data: &[u8],
    class: Class,
    endian: Endian,
) -> Result<Option<Compression>, CompressionHeaderError> {
    let (kind, header_size, uncompressed_size) = if sh_flags & SHF_COMPRESSED != 0 {
        let is32 = class == Class::Elf32;
        let header_size = if is32 { 12 } else { 24 };
        if data.len() < header_size {
            return Err(CompressionHeaderError::TooSmall);
        }
        let rd = |off, w| libelf::read::read_uint(data, off, w, endian).unwrap_or(0);
        let kind = match rd(0, 4) as u32 {
            1 => CompressionKind::Zlib,
            2 => CompressionKind::Zstd,
            t => return Err(CompressionHeaderError::UnsupportedType(t)),
        };
        (kind, header_size, if is32 { rd(4, 4) } else { rd(8, 8) })
    } else if data.len() > 12 && data.starts_with(b"ZLIB\0") {
        let size = libelf::read::read_uint(data, 4, 8, Endian::Big).unwrap_or(0);
        (CompressionKind::ZlibGnu, 12, size)
    } else {
        return Ok(None);
    };
    Ok(Some(Compression {
        kind,
        header: None,
        header_size,
        uncompressed_size,
    }))
}

/// GNU's `debug_displays[]`: each kind's uncompressed and compressed names, and whether
/// its sections are relocated when loaded. The index is GNU's
/// `dwarf_section_display_enum`.
pub(crate) const SLOTS: &[(&str, &str, bool)] = &[
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

/// Slots GNU keeps loaded after displaying them.
pub(crate) const ABBREV: usize = 0;
pub(crate) const INFO: usize = 3;
const LINE: usize = 4;
pub(crate) const DEBUG_ADDR: usize = 39;

/// The slot of the kind named `name` (its uncompressed name), as GNU's callers of
/// `load_debug_section` name them.
pub(crate) fn slot_named(name: &str) -> Option<usize> {
    SLOTS.iter().position(|(u, _, _)| *u == name)
}

/// The slot `display_debug_section` picks for a section named `name`, with the name
/// the display is given.
/// Whether GNU's `debug_displays[]` has a display for a section of this name (its
/// uncompressed or compressed name; `.debug_line.*`): what objdump's
/// `dump_dwarf_section` dispatches on.
pub fn has_display(name: &str) -> bool {
    display_slot(name).is_some()
}

pub(crate) fn display_slot(name: &str) -> Option<(usize, String)> {
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
pub(crate) struct Cache<'d> {
    slots: Vec<Option<Section<'d>>>,
    /// The first section of each name, made on first use (objects with thousands of
    /// sections look names up for every display).
    first_by_name: Option<HashMap<&'d [u8], usize>>,
}

impl<'d> Cache<'d> {
    /// What slot `slot` holds.
    pub(crate) fn get(&self, slot: usize) -> Option<&Section<'d>> {
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
    pub(crate) fn free(&mut self, slot: usize) {
        if let Some(s) = self.slots.get_mut(slot) {
            *s = None;
        }
    }

    /// GNU's `find_section`: the first section called `name`.
    pub(crate) fn find_section(
        &mut self,
        src: &dyn SectionSource<'d>,
        name: &str,
    ) -> Option<usize> {
        let map = self.first_by_name.get_or_insert_with(|| {
            let mut m = HashMap::new();
            for i in 0..src.section_count() {
                if let Some(n) = src.section_name(i) {
                    m.entry(n).or_insert(i);
                }
            }
            m
        });
        map.get(name.as_bytes()).copied()
    }
}

/// A section with no contents (what GNU leaves loaded when decompression fails).
fn empty_section<'d>(name: &str, sh: &SectionHeader, i: usize) -> Section<'d> {
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
pub(crate) fn load_specific<'d>(
    src: &mut dyn SectionSource<'d>,
    cache: &mut Cache<'d>,
    diag: &mut dyn Diagnostics,
    out: &mut dyn Write,
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
    let sh = src.section_header(i)?;
    let raw = src.section_data(i, &format!("{name} section data"))?;
    let obj = src.object();
    let header = compression_header(sh.sh_flags, raw, obj.class, obj.endian);
    if let Some(limit) = src.size_limit().filter(|&l| l != 0) {
        let size = match &header {
            Ok(Some(c)) => c.uncompressed_size,
            _ => raw.len() as u64,
        };
        if size.saturating_add(1) >= limit {
            // GNU frees the section before printing its size; nothing stays loaded.
            // (An output error shows again at the dump's next write.)
            let _ = write!(out, "\nSection '{name}' has an invalid size: 0.\n");
            return None;
        }
    }
    let mut data = Bytes::Borrowed(raw);
    match header {
        Ok(None) => {}
        Ok(Some(c)) if c.uncompressed_size == 0 => {
            // A declared size of 0: GNU keeps the data after the header as it is.
            data = Bytes::Borrowed(raw.get(c.header_size..).unwrap_or(&[]));
        }
        Ok(Some(c)) => {
            match libelf::compression::decompress(&c, raw, libelf::compression::DEFAULT_LIMIT) {
                Ok(d) => data = Bytes::from(d),
                Err(_) => {
                    let p = src.printable_section_name(i);
                    diag.error(&format!("Unable to decompress section {p}\n"));
                    cache.set(slot, empty_section(name, &sh, i));
                    return None;
                }
            }
        }
        Err(e) => {
            match e {
                CompressionHeaderError::TooSmall => diag.warn(&format!(
                    "compressed section {name} is too small to contain a compression header\n"
                )),
                // GNU prints the unsigned type with %d.
                CompressionHeaderError::UnsupportedType(t) => diag.warn(&format!(
                    "section '{name}' has unsupported compress type: {}\n",
                    t as i32
                )),
            }
            cache.set(slot, empty_section(name, &sh, i));
            return None;
        }
    }
    let mut relocs: Arc<[u64]> = Arc::from(Vec::new());
    let relocate = SLOTS.get(slot).is_some_and(|s| s.2);
    if relocate && obj.relocatable() && src.has_relocations(i) {
        let mut buf = data.to_vec();
        match src.relocate(i, &mut buf) {
            Some(mut offs) => {
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
pub(crate) fn load_debug_section<'d>(
    src: &mut dyn SectionSource<'d>,
    cache: &mut Cache<'d>,
    diag: &mut dyn Diagnostics,
    out: &mut dyn Write,
    name: &str,
) -> Option<Section<'d>> {
    let slot = slot_named(name)?;
    let (u, c, _) = SLOTS.get(slot).copied()?;
    let (i, n) = match cache.find_section(src, u) {
        Some(i) => (i, u),
        None if !c.is_empty() => (cache.find_section(src, c)?, c),
        None => return None,
    };
    load_specific(src, cache, diag, out, slot, i, n)
}

/// Whether a relocation section of an object with these section headers applies to
/// section `i` (GNU's test before relocating, and before readelf's "NOTE: This section
/// has relocations against it"): a non-empty `SHT_REL`/`SHT_RELA` section whose
/// `sh_info` is `i` and whose `sh_link` is a section index. A helper for
/// [`SectionSource::has_relocations`]; `shnum` is the object's section count
/// (`e_shnum`, or section 0's `sh_size`).
pub fn relocations_apply(headers: &[SectionHeader], shnum: usize, i: usize) -> bool {
    headers.iter().take(shnum).any(|r| {
        (r.sh_type == SHT_RELA || r.sh_type == SHT_REL)
            && r.sh_info as usize == i
            && r.sh_size != 0
            && (r.sh_link as usize) < shnum
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(slot_named(".debug_addr"), Some(DEBUG_ADDR));
    }

    #[test]
    fn compression_headers() {
        let read = |flags, data: &[u8], class| {
            compression_header(flags, data, class, Endian::Little)
                .map(|c| c.map(|c| (c.kind, c.header_size, c.uncompressed_size)))
        };
        let mut chdr = vec![0u8; 24];
        chdr[0] = 1;
        chdr[8] = 0x10;
        let ch = SHF_COMPRESSED;
        assert_eq!(
            read(ch, &chdr, Class::Elf64),
            Ok(Some((CompressionKind::Zlib, 24, 0x10)))
        );
        assert_eq!(
            read(ch, &chdr[..20], Class::Elf64),
            Err(CompressionHeaderError::TooSmall)
        );
        chdr[0] = 7;
        let e = Err(CompressionHeaderError::UnsupportedType(7));
        assert_eq!(read(ch, &chdr, Class::Elf64), e);
        // A legacy header's size is big-endian whatever the file's byte order.
        let z = b"ZLIB\0\0\0\0\0\0\x01\0x";
        assert_eq!(
            read(0, z, Class::Elf32),
            Ok(Some((CompressionKind::ZlibGnu, 12, 256)))
        );
        assert_eq!(read(0, &z[..12], Class::Elf32), Ok(None));
    }
}
