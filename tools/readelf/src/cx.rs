//! The per-object context every display works with: GNU readelf's `Filedata`.
//!
//! GNU readelf reads tables with its own rules (a section header table is decoded with
//! the record's own stride whatever `e_shentsize` says, a count comes from the patched
//! header, …) and its output depends on them, so the context keeps its own copies of the
//! header and tables, filled in by the displays in the order GNU fills them.

use std::io::Write;

use libelf::read::{Dyn, FileHeader, ProgramHeader, SectionHeader};

use libelf::{Class, ElfFile, Endian};

use crate::diag::Diag;
use crate::options::Options;
use libelf::read::WideSym as ElfSym;

mod load;

/// The hash tables read through `DT_HASH` and `DT_GNU_HASH`/`DT_MIPS_XHASH` (GNU's
/// `nbuckets`, `buckets`, `ngnubuckets`, … fields), for `-I` and `-D`.
///
/// Filled by `get_num_dynamic_syms` in the dynamic display, and only when `-I` is given or
/// `-D` without `--dyn-syms`, as GNU fills them.
#[derive(Debug, Default, Clone)]
pub struct DynamicHash {
    /// `DT_HASH` bucket count (0 when the table could not be read).
    pub nbuckets: u64,
    /// `DT_HASH` chain count.
    pub nchains: u64,
    /// `DT_HASH` buckets.
    pub buckets: Option<Vec<u64>>,
    /// `DT_HASH` chains.
    pub chains: Option<Vec<u64>>,
    /// `DT_GNU_HASH` bucket count (0 when the table could not be read).
    pub ngnubuckets: u64,
    /// `DT_GNU_HASH` chain count.
    pub ngnuchains: u64,
    /// `DT_GNU_HASH` buckets.
    pub gnubuckets: Option<Vec<u64>>,
    /// `DT_GNU_HASH` chains (from `symndx` on).
    pub gnuchains: Option<Vec<u64>>,
    /// `DT_MIPS_XHASH` translation table.
    pub mipsxlat: Option<Vec<u64>>,
    /// `DT_GNU_HASH` `symndx`: the first symbol in the table.
    pub gnusymidx: u64,
}

/// The size of GNU's `dynamic_info[]`: the tags up to `DT_RELRENT` (37). Not the gABI's
/// `DT_ENCODING` (32), whatever the name says.
pub const DT_ENCODING: usize = 38;

/// What the dynamic section says (GNU's `dynamic_*` fields), filled by the dynamic display.
#[derive(Debug, Clone)]
pub struct DynamicInfo<'d> {
    /// File offset of the dynamic table (`PT_DYNAMIC` or `.dynamic`).
    pub addr: u64,
    /// Its size in bytes.
    pub size: u64,
    /// The entries, up to and including the first `DT_NULL` (GNU's `dynamic_section`).
    pub entries: Vec<Dyn>,
    /// Whether `entries` was read (GNU caches it on first use).
    pub loaded: bool,
    /// The dynamic string table and its length (`DT_STRTAB`/`.dynstr`).
    pub strings: Option<&'d [u8]>,
    /// The dynamic symbols (`.dynsym`, or found through `DT_SYMTAB` with `-D`).
    pub symbols: Option<Vec<ElfSym>>,
    /// Index of the section holding the dynamic symbols, if known.
    pub symtab_section: Option<usize>,
    /// Index of the section holding the dynamic strings, if known.
    pub strtab_section: Option<usize>,
    /// `dynamic_info[DT_*]` for tags below [`DT_ENCODING`] (38), by tag.
    pub info: [u64; DT_ENCODING],
    /// `DT_GNU_HASH`.
    pub gnu_hash: u64,
    /// `DT_MIPS_XHASH`.
    pub mips_xhash: u64,
    /// `version_info[DT_VERSIONTAGIDX(tag)]`: `DT_VERSYM`, `DT_VERDEF`, `DT_VERNEED`, … by index.
    pub version_info: [u64; 16],
    /// The program interpreter (`PT_INTERP`).
    pub interpreter: Option<Vec<u8>>,
    /// The hash tables, when read.
    pub hash: DynamicHash,
    /// `DT_SYMINFO` entries as `(si_boundto, si_flags)` (GNU's `dynamic_syminfo`).
    pub syminfo: Option<Vec<(u16, u16)>>,
    /// File offset of the `DT_SYMINFO` table (GNU's `dynamic_syminfo_offset`).
    pub syminfo_offset: u64,
}

impl Default for DynamicInfo<'_> {
    fn default() -> Self {
        DynamicInfo {
            addr: 0,
            size: 0,
            entries: Vec::new(),
            strings: None,
            symbols: None,
            symtab_section: None,
            strtab_section: None,
            info: [0; DT_ENCODING],
            gnu_hash: 0,
            mips_xhash: 0,
            version_info: [0; 16],
            interpreter: None,
            loaded: false,
            hash: DynamicHash::default(),
            syminfo: None,
            syminfo_offset: 0,
        }
    }
}

impl<'d> DynamicInfo<'d> {
    /// `dynamic_info[tag]`: 0 for a tag not recorded (at or past [`DT_ENCODING`]).
    pub fn tag(&self, tag: u64) -> u64 {
        usize::try_from(tag)
            .ok()
            .and_then(|t| self.info.get(t))
            .copied()
            .unwrap_or(0)
    }

    /// Record `dynamic_info[tag] = val` (nothing for a tag past [`DT_ENCODING`]).
    pub fn set_tag(&mut self, tag: u64, val: u64) {
        if let Some(slot) = usize::try_from(tag).ok().and_then(|t| self.info.get_mut(t)) {
            *slot = val;
        }
    }

    /// The dynamic string at `off` if it is valid (GNU's `valid_dynamic_name` and
    /// `get_dynamic_name`): to its NUL or the end of the table.
    pub fn name(&self, off: u64) -> Option<&'d [u8]> {
        let rest = self.strings?.get(usize::try_from(off).ok()?..)?;
        rest.split(|&b| b == 0).next().filter(|_| !rest.is_empty())
    }
}

/// The ELF header as GNU readelf keeps it (`Elf_Internal_Ehdr`): libelf's reading of the
/// stored header, with the section count, the name table index and the program header
/// count widened to 32 bits so that extended numbering (`sh_size`, `sh_link` and
/// `sh_info` of section 0) resolves into them without loss.
///
/// The other fields are the stored header's, reached through `Deref`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Header {
    /// The header as stored in the file, read by libelf.
    pub file: FileHeader,
    /// The section count (`e_shnum`, or section 0's `sh_size` once resolved).
    pub e_shnum: u32,
    /// The section name table index (`e_shstrndx`, or section 0's `sh_link`).
    pub e_shstrndx: u32,
    /// The program header count (`e_phnum`, or section 0's `sh_info` for `PN_XNUM`).
    pub e_phnum: u32,
}

impl Header {
    /// The stored header, nothing resolved yet.
    pub fn new(file: &FileHeader) -> Self {
        Header {
            file: *file,
            e_shnum: u32::from(file.e_shnum),
            e_shstrndx: u32::from(file.e_shstrndx),
            e_phnum: u32::from(file.e_phnum),
        }
    }
}

impl std::ops::Deref for Header {
    type Target = FileHeader;
    fn deref(&self) -> &FileHeader {
        &self.file
    }
}

/// What GNU readelf keeps in statics for the life of the process: one value per run,
/// shared by every file and archive member of the run (GNU's function-local statics).
///
/// `run_streams` makes one and hands it to every [`Cx`] as [`Cx::run`]; a caller that
/// processes objects itself (the fuzz targets) makes a fresh one per run, so nothing is
/// left to reset. A display with run-wide state adds one field here, of a plain-data type
/// declared in this module (so that `cx` imports nothing from the displays).
#[derive(Debug, Default)]
pub struct RunState {
    /// `process_section_groups`' error counters.
    pub groups: GroupErrors,
    /// What the GNU build attribute notes remember between notes and files.
    pub build_attr: BuildAttrState,
    /// The IA-64 unwind decoder's last region length (GNU's static `unw_rlen`, which sizes
    /// the P4 spill mask of the next descriptor).
    pub ia64_rlen: u64,
    /// Relocation state GNU keeps in statics: paired relocations in progress and the
    /// warnings already given once.
    pub relocs: libelf::reloc::State,
}

/// `process_section_groups`' statics: warnings GNU gives once per run.
#[derive(Debug, Default, Clone, Copy)]
pub struct GroupErrors {
    /// `num_group_errors`: member-index-past-the-last-section errors given.
    pub overlarge_index: u32,
    /// `num_errs`: section-already-in-a-group errors given.
    pub already_in_group: u32,
    /// Whether the section-0-in-a-group warning was given.
    pub warned_section0: bool,
}

/// GNU build attribute note state (`print_gnu_build_attribute_description`'s statics).
#[derive(Debug, Default, Clone)]
pub struct BuildAttrState {
    /// `global_offset`, `global_end`, `func_offset`, `func_end`.
    pub ranges: [u64; 4],
    /// GNU's `ba_cache`: the symbols of the file it was loaded for.
    pub cache: Option<BuildAttrCache>,
}

/// The symbols `ba_cache` holds: what names an address range.
#[derive(Debug, Default, Clone)]
pub struct BuildAttrCache {
    /// The object the cache was loaded for (an archive's members share one: GNU keys the
    /// cache on its `Filedata`).
    pub key: (String, usize),
    /// The first `SHT_SYMTAB`'s symbols.
    pub symbols: Vec<libelf::read::Sym>,
    /// Its string table.
    pub strings: Vec<u8>,
}

/// One object being displayed.
pub struct Cx<'a, 'd, 'e> {
    /// The command line.
    pub o: &'a Options,
    /// The object, parsed by libelf (for the tables GNU reads the standard way).
    pub elf: &'a ElfFile<'d>,
    /// The bytes from the start of the object to the end of the file (for an archive
    /// member, the rest of the archive: GNU checks reads against the file's size).
    pub data: &'d [u8],
    /// Its name as GNU prints it (`archive(member)` for archive members).
    pub name: &'a str,
    /// Standard output.
    pub out: &'a mut dyn Write,
    /// Standard error.
    pub diag: &'a mut Diag<'e>,
    /// What lives for the whole run (GNU's statics).
    pub run: &'a mut RunState,
    /// The ELF header, with extended numbering resolved once section 0 is read.
    pub hdr: Header,
    /// The section headers, once loaded (`None`: not loaded or unreadable).
    pub shdrs: Option<Vec<SectionHeader>>,
    /// The section name string table (GNU's `string_table`).
    pub string_table: Option<&'d [u8]>,
    /// The program headers, once loaded.
    pub phdrs: Option<Vec<ProgramHeader>>,
    /// What the dynamic section says.
    pub dynamic: DynamicInfo<'d>,
    /// Indexes of the `SHT_SYMTAB_SHNDX` sections (GNU's `symtab_shndx_list`, newest first).
    pub symtab_shndx: Vec<usize>,
    /// Whether `process_section_headers` succeeded.
    pub sections_ok: bool,
    /// Whether `process_section_headers` ran and failed (GNU then turns displays off).
    pub section_headers_failed: bool,
    /// Set when section groups could not be processed (GNU then skips unwind info).
    pub no_unwind: bool,
    /// For each section in a group, the group's member list as GNU's
    /// `section_headers_groups[i]->root` walks it (last member first).
    pub section_group: Vec<Option<std::rc::Rc<Vec<usize>>>>,
    /// Sections `-w`/`--debug-dump` asked for (GNU's `DEBUG_DUMP` requests).
    pub debug_sects: Vec<usize>,
    /// What the DWARF displays keep between sections of this object (the loaded
    /// debug sections, the units found, …).
    pub dump: libdwarf::dump::DumpState<'d>,
    /// GNU's `do_follow_links` turned off by `load_separate_debug_files` (a file with
    /// no separate debug files): for the rest of the run, through the options.
    pub follow_links_off: bool,
}

impl std::fmt::Debug for Cx<'_, '_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cx").field("name", &self.name).finish()
    }
}

impl<'a, 'd, 'e> Cx<'a, 'd, 'e> {
    /// A context for one object.
    pub fn new(
        o: &'a Options,
        run: &'a mut RunState,
        elf: &'a ElfFile<'d>,
        data: &'d [u8],
        name: &'a str,
        out: &'a mut dyn Write,
        diag: &'a mut Diag<'e>,
    ) -> Self {
        Cx {
            o,
            run,
            elf,
            data,
            name,
            out,
            diag,
            hdr: Header::new(elf.header()),
            shdrs: None,
            string_table: None,
            phdrs: None,
            dynamic: DynamicInfo::default(),
            symtab_shndx: Vec::new(),
            sections_ok: false,
            section_headers_failed: false,
            no_unwind: false,
            section_group: Vec::new(),
            debug_sects: Vec::new(),
            dump: Default::default(),
            follow_links_off: false,
        }
    }

    /// Whether the file is ELF32 (GNU's `is_32bit_elf`).
    pub fn is32(&self) -> bool {
        self.elf.class() == Class::Elf32
    }

    /// The class.
    pub fn class(&self) -> Class {
        self.elf.class()
    }

    /// The byte order.
    pub fn endian(&self) -> Endian {
        self.elf.endian()
    }

    /// The file size GNU checks reads against.
    pub fn file_size(&self) -> u64 {
        self.data.len() as u64
    }

    /// The loaded section headers (empty if none).
    pub fn sections(&self) -> &[SectionHeader] {
        self.shdrs.as_deref().unwrap_or(&[])
    }

    /// GNU's `get_data`: `nmemb` records of `size` bytes at `offset`, or `None` with
    /// GNU's error when `reason` is given and the range is not in the file.
    pub fn get_data(
        &mut self,
        offset: u64,
        size: u64,
        nmemb: u64,
        reason: Option<&str>,
    ) -> Option<&'d [u8]> {
        if size == 0 || nmemb == 0 {
            return None;
        }
        let Some(amt) = size.checked_mul(nmemb).filter(|a| *a != u64::MAX) else {
            if let Some(r) = reason {
                self.diag.error(format_args!(
                    "Size overflow prevents reading {nmemb} elements of size {size} for {r}\n"
                ));
            }
            return None;
        };
        let fs = self.file_size();
        if offset > fs || amt > fs - offset {
            if let Some(r) = reason {
                self.diag.error(format_args!(
                    "Reading {amt} bytes extends past end of file for {r}\n"
                ));
            }
            return None;
        }
        self.data.get(offset as usize..(offset + amt) as usize)
    }

    /// GNU's `section_name_print`: the name, `<no-strings>` or `<corrupt>`, as raw bytes.
    pub fn section_name_raw(&self, sh: &SectionHeader) -> &'d [u8] {
        match self.string_table {
            None => b"<no-strings>",
            Some(t) => match t.get(sh.sh_name as usize..) {
                Some(rest) if !rest.is_empty() => rest.split(|&b| b == 0).next().unwrap_or(rest),
                _ => b"<corrupt>",
            },
        }
    }

    /// GNU's `section_name` for comparisons: the name bytes, or `None` if there is no
    /// string table or the offset is out of range.
    pub fn section_name(&self, sh: &SectionHeader) -> Option<&'d [u8]> {
        let t = self.string_table?;
        let rest = t.get(sh.sh_name as usize..).filter(|r| !r.is_empty())?;
        rest.split(|&b| b == 0).next()
    }

    /// GNU's `printable_section_name`.
    pub fn printable_section_name(&self, sh: &SectionHeader) -> String {
        crate::util::printable_name(self.section_name_raw(sh))
    }

    /// GNU's `printable_section_name_from_index`.
    pub fn printable_section_name_from_index(&self, ndx: u64) -> String {
        match self.sections().get(ndx as usize) {
            Some(sh) if ndx < u64::from(self.hdr.e_shnum) || self.hdr.e_shnum == 0 => {
                self.printable_section_name(sh)
            }
            _ => "<corrupt>".to_string(),
        }
    }

    /// GNU's `print_symbol (width, s)` onto stdout; returns the characters printed.
    pub fn psym(&mut self, width: i32, s: &[u8]) -> std::io::Result<usize> {
        let mut v = Vec::new();
        let n = crate::util::print_symbol(&mut v, width, s, crate::util::SymbolStyle::of(self.o));
        self.out.write_all(&v)?;
        Ok(n)
    }

    /// GNU's `find_section_by_address`: the first section whose address range holds `addr`.
    pub fn section_by_address(&self, addr: u64) -> Option<usize> {
        let count = self.sections().len().min(self.hdr.e_shnum as usize);
        self.sections()
            .iter()
            .take(count)
            .position(|s| addr >= s.sh_addr && addr < s.sh_addr.wrapping_add(s.sh_size))
    }

    /// GNU's `find_section`: the first section with this name.
    pub fn find_section(&self, name: &[u8]) -> Option<usize> {
        self.sections()
            .iter()
            .position(|s| self.section_name(s) == Some(name))
    }
}
