//! GNU readelf 2.40's text for `--debug-dump=` (`dwarf.c`), shared by `readelf -w` and,
//! later, `objdump -W`.
//!
//! The caller (a tool) decides which sections to display ([`Selection`] says which
//! kinds were asked for, [`Selection::wants`] whether a section name is one of them),
//! loads each one (decompressed, relocated) and hands it to [`display_section`] with a
//! [`Dumper`]: the output, a sink for GNU-worded warnings, and a loader for the other
//! sections a display needs (`.debug_abbrev` for `.debug_info`, `.debug_str`, …).
//!
//! Each display lives in its own module: [`info`] (info, types, abbrev), [`lines`],
//! [`frames`], and [`misc`] for the smaller ones.

use std::io::{self, Write};
use std::sync::Arc;

pub mod frames;
pub mod info;
pub mod lines;
pub mod misc;

/// Which `--debug-dump` kinds were asked for (GNU's `do_debug_*` flags).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[allow(missing_docs)]
#[non_exhaustive]
pub struct Selection {
    pub info: bool,
    pub abbrevs: bool,
    /// `rawline` (raw) and/or `decodedline` (decoded).
    pub lines_raw: bool,
    pub lines_decoded: bool,
    pub pubnames: bool,
    pub pubtypes: bool,
    pub aranges: bool,
    pub ranges: bool,
    pub frames: bool,
    pub frames_interp: bool,
    pub macinfo: bool,
    pub str: bool,
    pub loc: bool,
    pub gdb_index: bool,
    pub trace_info: bool,
    pub trace_abbrevs: bool,
    pub trace_aranges: bool,
    pub addr: bool,
    pub cu_index: bool,
    pub links: bool,
    pub follow_links: bool,
    /// `follow-links` was given (GNU counts it as a dump request).
    pub follow_links_requested: bool,
    pub str_offsets: bool,
}

/// The `--debug-dump=NAME` words and `-wX` letters (GNU's `debug_option_table`).
const OPTIONS: &[(char, &str)] = &[
    ('A', "addr"),
    ('a', "abbrev"),
    ('c', "cu_index"),
    ('F', "frames-interp"),
    ('f', "frames"),
    ('g', "gdb_index"),
    ('i', "info"),
    ('K', "follow-links"),
    ('k', "links"),
    ('L', "decodedline"),
    ('l', "rawline"),
    ('l', "line"),
    ('m', "macro"),
    ('N', "no-follow-links"),
    ('O', "str-offsets"),
    ('o', "loc"),
    ('p', "pubnames"),
    ('R', "Ranges"),
    ('r', "aranges"),
    ('r', "ranges"),
    ('s', "str"),
    ('T', "trace_aranges"),
    ('t', "pubtypes"),
    ('U', "trace_info"),
    ('u', "trace_abbrev"),
];

impl Selection {
    /// Everything (`-w` or `--debug-dump` with no argument; GNU's
    /// `dwarf_select_sections_all`).
    pub fn all() -> Self {
        Selection {
            info: true,
            abbrevs: true,
            lines_raw: true,
            lines_decoded: false,
            pubnames: true,
            pubtypes: true,
            aranges: true,
            ranges: true,
            frames: true,
            frames_interp: false,
            macinfo: true,
            str: true,
            loc: true,
            gdb_index: true,
            trace_info: true,
            trace_abbrevs: true,
            trace_aranges: true,
            addr: true,
            cu_index: true,
            links: true,
            follow_links: true,
            follow_links_requested: false,
            str_offsets: true,
        }
    }

    fn set(&mut self, option: &str) {
        match option {
            "addr" => self.addr = true,
            "abbrev" => self.abbrevs = true,
            "cu_index" => self.cu_index = true,
            "frames-interp" => self.frames_interp = true,
            "frames" => self.frames = true,
            "gdb_index" => self.gdb_index = true,
            "info" => self.info = true,
            "follow-links" => {
                self.follow_links = true;
                self.follow_links_requested = true;
            }
            "links" => self.links = true,
            "decodedline" => self.lines_decoded = true,
            "rawline" | "line" => self.lines_raw = true,
            "macro" => self.macinfo = true,
            "no-follow-links" => self.follow_links = false,
            "str-offsets" => self.str_offsets = true,
            "loc" => self.loc = true,
            "pubnames" => self.pubnames = true,
            "Ranges" => self.ranges = true,
            "aranges" | "ranges" => self.aranges = true,
            "str" => self.str = true,
            "trace_aranges" => self.trace_aranges = true,
            "pubtypes" => self.pubtypes = true,
            "trace_info" => self.trace_info = true,
            "trace_abbrev" => self.trace_abbrevs = true,
            _ => {}
        }
        if self.frames_interp {
            self.frames = true;
        }
    }

    /// GNU's `dwarf_select_sections_by_names`: comma-separated words. Returns the
    /// selection and GNU's warnings for unknown words.
    pub fn by_names(&mut self, names: &str) -> Vec<String> {
        let mut warnings = Vec::new();
        let mut p = names;
        while !p.is_empty() {
            let hit = OPTIONS.iter().find(|(_, o)| {
                p.strip_prefix(o)
                    .is_some_and(|rest| rest.is_empty() || rest.starts_with(','))
            });
            match hit {
                Some((_, o)) => {
                    self.set(o);
                    p = p.get(o.len()..).unwrap_or("");
                }
                None => {
                    warnings.push(format!("Unrecognized debug option '{p}'\n"));
                    match p.find(',') {
                        Some(i) => p = p.get(i..).unwrap_or(""),
                        None => break,
                    }
                }
            }
            p = p.strip_prefix(',').unwrap_or(p);
        }
        warnings
    }

    /// GNU's `dwarf_select_sections_by_letters`. Returns GNU's warnings.
    pub fn by_letters(&mut self, letters: &str) -> Vec<String> {
        let mut warnings = Vec::new();
        for c in letters.chars() {
            match OPTIONS.iter().find(|(l, _)| *l == c) {
                Some((_, o)) => self.set(o),
                None => warnings.push(format!("Unrecognized debug letter option '{c}'\n")),
            }
        }
        warnings
    }

    /// Whether anything is selected (GNU's result of the select functions: any
    /// option with a non-zero value, so `follow-links` counts, `no-follow-links`
    /// does not).
    pub fn any(&self) -> bool {
        self.follow_links_requested
            || *self
                != Selection {
                    follow_links: self.follow_links,
                    follow_links_requested: false,
                    ..Selection::default()
                }
    }

    /// Whether a section of this name is dumped (GNU's test in
    /// `process_section_headers` that requests `DEBUG_DUMP` for it), `all` being
    /// GNU's `do_debugging` (plain `-w`).
    pub fn wants(&self, name: &[u8], all: bool) -> bool {
        let Ok(name) = std::str::from_utf8(name) else {
            return false;
        };
        if let Some(n) = name
            .strip_prefix(".debug_")
            .or_else(|| name.strip_prefix(".zdebug_"))
        {
            let s = |p: &str| n.starts_with(p);
            return all
                || (self.info && (s("info") || s("types")))
                || (self.abbrevs && s("abbrev"))
                || ((self.lines_raw || self.lines_decoded) && (n == "line" || s("line.")))
                || (self.pubnames && (s("pubnames") || s("gnu_pubnames")))
                || (self.pubtypes && (s("pubtypes") || s("gnu_pubtypes")))
                || (self.aranges && s("aranges"))
                || (self.ranges && (s("ranges") || s("rnglists")))
                || (self.frames && s("frame"))
                || (self.macinfo && (s("macinfo") || s("macro")))
                || (self.str && s("str"))
                || (self.links && s("sup"))
                || (self.str_offsets && s("str_offsets"))
                || (self.loc && (s("loc") || s("loclists")))
                || (self.addr && s("addr"))
                || (self.cu_index && (s("cu_index") || s("tu_index")))
                || (self.gdb_index && n == "names");
        }
        if (all || self.info) && name.starts_with(".gnu.linkonce.wi.") {
            return true;
        }
        if self.frames && name == ".eh_frame" {
            return true;
        }
        if self.gdb_index && (name == ".gdb_index" || name == ".debug_names") {
            return true;
        }
        if let Some(n) = name.strip_prefix(".trace_") {
            return all
                || (self.trace_info && n == "info")
                || (self.trace_abbrevs && n == "abbrev")
                || (self.trace_aranges && n == "aranges");
        }
        (all || self.links)
            && (name.starts_with(".gnu_debuglink") || name.starts_with(".gnu_debugaltlink"))
    }
}

/// A section's contents: borrowed from the file, or shared (decompressed or relocated
/// data, which a loader keeps and hands out without copying).
#[derive(Clone)]
pub enum Bytes<'a> {
    /// Straight from the file.
    Borrowed(&'a [u8]),
    /// Made by the loader (kept as the vector it was made in: turning a large
    /// decompressed section into an `Arc<[u8]>` would copy it, briefly doubling it).
    Shared(Arc<Vec<u8>>),
}

impl Bytes<'_> {
    /// The contents as an owned vector.
    pub fn into_owned(self) -> Vec<u8> {
        self.to_vec()
    }

    /// The same contents, not borrowed from the file.
    pub fn into_static(self) -> Bytes<'static> {
        match self {
            Bytes::Borrowed(b) => Bytes::Shared(Arc::new(b.to_vec())),
            Bytes::Shared(a) => Bytes::Shared(a),
        }
    }
}

impl std::ops::Deref for Bytes<'_> {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Borrowed(b) => b,
            Bytes::Shared(a) => a,
        }
    }
}

impl AsRef<[u8]> for Bytes<'_> {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl<'a> From<&'a [u8]> for Bytes<'a> {
    fn from(b: &'a [u8]) -> Self {
        Bytes::Borrowed(b)
    }
}

impl From<Vec<u8>> for Bytes<'_> {
    fn from(v: Vec<u8>) -> Self {
        Bytes::Shared(Arc::new(v))
    }
}

impl std::fmt::Debug for Bytes<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Bytes({} bytes)", self.len())
    }
}

/// A loaded debug section: its bytes (decompressed and, for relocatable objects,
/// relocated) and where it was.
#[derive(Debug, Clone)]
pub struct Section<'a> {
    /// The name as GNU prints it (`.debug_info`, `.zdebug_info`, …).
    pub name: String,
    /// The contents.
    pub data: Bytes<'a>,
    /// `sh_addr`.
    pub address: u64,
    /// `sh_offset`.
    pub file_offset: u64,
    /// The section index.
    pub index: usize,
    /// The offsets (`r_offset`) of the relocations against the section when the loader
    /// applied them (GNU's `reloc_info`: every entry of the relocation section it used),
    /// sorted. Empty when nothing was relocated.
    pub relocs: Arc<[u64]>,
}

impl<'a> Section<'a> {
    /// A section with no relocations.
    pub fn new(name: impl Into<String>, data: impl Into<Bytes<'a>>) -> Self {
        Section {
            name: name.into(),
            data: data.into(),
            address: 0,
            file_offset: 0,
            index: 0,
            relocs: Arc::from(Vec::new()),
        }
    }

    /// GNU's `reloc_at`: whether a relocation was found at `offset`.
    pub fn reloc_at(&self, offset: u64) -> bool {
        self.relocs.binary_search(&offset).is_ok()
    }

    /// The same section, not borrowed from the file.
    pub fn into_static(self) -> Section<'static> {
        Section {
            name: self.name,
            data: self.data.into_static(),
            address: self.address,
            file_offset: self.file_offset,
            index: self.index,
            relocs: self.relocs,
        }
    }
}

/// How the caller finds other sections by name (GNU's `load_debug_section`): the first
/// section with the uncompressed name, else the compressed (`.zdebug_`) one.
pub trait Loader<'a> {
    /// The section named `name` (e.g. `.debug_abbrev`), loaded, or `None`.
    fn load(&mut self, name: &str) -> Option<Section<'a>>;

    /// The section named `name` if it is already loaded, without loading it (GNU's
    /// direct reads of `debug_displays[…].section`, as `fetch_indexed_addr` does).
    /// By default the same as [`Loader::load`].
    fn peek(&mut self, name: &str) -> Option<Section<'a>> {
        self.load(name)
    }
}

/// The state a display works with.
pub struct Dumper<'w, 'a> {
    /// Standard output.
    pub out: &'w mut dyn Write,
    /// GNU's `warn()`: the text after `readelf: Warning: ` (with its newline).
    pub warn: &'w mut dyn FnMut(&str),
    /// GNU's `error()`: the text after `readelf: Error: `.
    pub error: &'w mut dyn FnMut(&str),
    /// Loads other sections.
    pub loader: &'w mut dyn Loader<'a>,
    /// What was selected.
    pub selection: Selection,
    /// `-W`.
    pub wide: bool,
    /// `--dwarf-depth=N`.
    pub depth: Option<u64>,
    /// `--dwarf-start=N`.
    pub start: Option<u64>,
    /// The file's `e_machine` (register names in frame dumps).
    pub machine: u16,
    /// ELF64 (GNU's `eh_addr_size` default of 8) or ELF32 (4).
    pub is64: bool,
    /// Big-endian file.
    pub big_endian: bool,
    /// `e_type` is `ET_REL`.
    pub relocatable: bool,
    /// State GNU keeps between displays of one file (units found by `.debug_info`,
    /// used by `.debug_loc` and `.debug_ranges`).
    pub state: &'w mut State,
}

impl std::fmt::Debug for Dumper<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dumper")
            .field("selection", &self.selection)
            .finish()
    }
}

/// Per-file state GNU keeps in globals between debug displays (`debug_information`).
#[derive(Debug, Default)]
pub struct State {
    /// Filled by the `.debug_info` pass; each display module may add what it needs.
    pub units: Vec<info::UnitInfo>,
    /// Whether the `.debug_info` pass has run for this file.
    pub info_scanned: bool,
    /// The rest of the info pass's per-file state (GNU's `num_debug_info_entries`,
    /// CU/TU index sets).
    pub info: info::InfoState,
    /// The `.debug_str` contents of the separate debug files found for this file
    /// (GNU's `first_separate_info` list, in order), for `DW_FORM_GNU_strp_alt`;
    /// filled by whoever loads separate files. Empty: no links available.
    pub separate_debug_str: Vec<Vec<u8>>,
    /// The last `.debug_addr` loaded for this file or one of its separate files: GNU
    /// keeps it loaded, so a `.dwo` file's `DW_FORM_addrx` values are read from the
    /// main file's `.debug_addr`.
    pub debug_addr: Option<Section<'static>>,
    /// The last full `.debug_line` headers, for `.debug_line.<foo>` fragments.
    pub lines: lines::Saved,
    /// GNU's `section->filename` while separate debug files are followed: the file the
    /// displayed sections come from (the main file as named on the command line, or a
    /// separate file's path), printed by `introduce` as "(loaded from …)". `None` when
    /// no separate files were found.
    pub loaded_from: Option<String>,
    /// The `misc` displays' per-file state (the `.debug_info` unit scan, …).
    pub misc: misc::MiscState,
    /// GNU's one-time "Only DWARF 2 and 3 pubnames" warning has been given.
    pub pubnames_version_warned: bool,
}

#[cfg(test)]
impl<'w, 'a> Dumper<'w, 'a> {
    /// A dumper as readelf makes one for an x86-64 ELF64 little-endian executable,
    /// nothing selected; tests set the fields they need.
    pub(crate) fn for_test(
        out: &'w mut dyn Write,
        warn: &'w mut dyn FnMut(&str),
        error: &'w mut dyn FnMut(&str),
        loader: &'w mut dyn Loader<'a>,
        state: &'w mut State,
    ) -> Self {
        Dumper {
            out,
            warn,
            error,
            loader,
            selection: Selection::default(),
            wide: false,
            depth: None,
            start: None,
            machine: 62,
            is64: true,
            big_endian: false,
            relocatable: false,
            state,
        }
    }
}

impl Dumper<'_, '_> {
    /// GNU's `warn`.
    pub fn warn(&mut self, msg: &str) {
        (self.warn)(msg);
    }
}

/// GNU's `display_debug_section` after loading: pick the display for `sec.name` and run
/// it. Returns GNU's result (false makes the exit status 1).
///
/// # Errors
/// Only output errors.
pub fn display_section(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let mut name = sec.name.as_str();
    if name.starts_with(".gnu.linkonce.wi.") {
        name = ".debug_info";
    }
    let base = name
        .strip_prefix(".zdebug_")
        .map(|b| format!(".debug_{b}"))
        .unwrap_or_else(|| name.to_string());
    match base.as_str() {
        ".debug_abbrev" | ".debug_abbrev.dwo" | ".trace_abbrev" => info::display_abbrev(d, sec),
        ".debug_info" | ".debug_info.dwo" | ".trace_info" => info::display_info(d, sec),
        ".debug_types" | ".debug_types.dwo" => info::display_types(d, sec),
        ".debug_loc" | ".debug_loclists" | ".debug_loclists.dwo" | ".debug_loc.dwo" => {
            info::display_loc(d, sec)
        }
        ".debug_ranges" | ".debug_rnglists" | ".debug_rnglists.dwo" => info::display_ranges(d, sec),
        n if n == ".debug_line" || n.starts_with(".debug_line.") || n == ".debug_line.dwo" => {
            lines::display_lines(d, sec)
        }
        ".debug_frame" | ".eh_frame" => frames::display_frames(d, sec),
        ".debug_aranges" | ".trace_aranges" => misc::display_aranges(d, sec),
        ".debug_pubnames" | ".debug_pubtypes" => misc::display_pubnames(d, sec),
        ".debug_gnu_pubnames" | ".debug_gnu_pubtypes" => misc::display_gnu_pubnames(d, sec),
        ".debug_macinfo" | ".debug_macinfo.dwo" => misc::display_macinfo(d, sec),
        ".debug_macro" | ".debug_macro.dwo" => misc::display_macro(d, sec),
        ".debug_str" | ".debug_line_str" | ".debug_str.dwo" => misc::display_str(d, sec),
        ".debug_str_offsets" | ".debug_str_offsets.dwo" => misc::display_str_offsets(d, sec),
        ".debug_addr" => misc::display_addr(d, sec),
        ".debug_cu_index" | ".debug_tu_index" => misc::display_cu_index(d, sec),
        ".gnu_debuglink" | ".gnu_debugaltlink" => misc::display_links(d, sec),
        ".debug_sup" => misc::display_sup(d, sec),
        ".gdb_index" => misc::display_gdb_index(d, sec),
        ".debug_names" => misc::display_debug_names(d, sec),
        ".debug_static_func" | ".debug_static_vars" | ".debug_weaknames" | ".note.gnu.build-id" => {
            misc::display_not_supported(d, sec)
        }
        _ => {
            writeln!(d.out, "Unrecognized debug section: {}", sec.name)?;
            Ok(false)
        }
    }
}
