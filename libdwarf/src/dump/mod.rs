//! GNU readelf 2.40's text for `--debug-dump=` (`dwarf.c`), shared by `readelf -w` and,
//! later, `objdump -W`.
//!
//! A tool describes the object through a [`SectionSource`] (its section headers and
//! names, the bytes of a section, relocating a section; [`ElfSections`] is one over a
//! libelf [`ElfFile`](libelf::ElfFile)), makes a [`Dumper`] with its output, a
//! [`Diagnostics`] sink for GNU-worded warnings and the user's [`DumpOptions`], and asks
//! it to [display](Dumper::display) each section the user selected ([`Selection`] says
//! which kinds were asked for, [`Selection::wants`] whether a section name is one of
//! them). The dumper loads sections as GNU does (the displayed one and the ones its
//! display needs: `.debug_abbrev` for `.debug_info`, `.debug_str`, …), decompressed
//! ([`compression_header`]) and relocated through the source, keeps the ones GNU keeps
//! and frees the rest. What it keeps between sections of the object, and between an
//! object and its separate debug files, is a [`DumpState`] the tool holds.
//!
//! Inside, each display lives in its own module: `info` (info, types, abbrev, loc,
//! ranges), `lines`, `frames`, and `misc` for the smaller ones.

use std::io::{self, Write};
use std::sync::Arc;

pub(crate) mod frames;
pub(crate) mod info;
pub(crate) mod lines;
pub(crate) mod misc;
mod sections;

pub use sections::{
    compression_header, has_display, relocations_apply, CompressionHeaderError, ElfSections,
    ObjectInfo, SectionSource,
};

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
pub(crate) enum Bytes<'a> {
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
pub(crate) struct Section<'a> {
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

    /// A section at index `index` with no relocations (tests).
    #[cfg(test)]
    pub(crate) fn for_test(name: impl Into<String>, data: Bytes<'a>, index: usize) -> Self {
        Section {
            index,
            ..Section::new(name, data)
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

/// Where the displays' diagnostics go (GNU's `warn()` and `error()`): each message is
/// the text after the tool's `NAME: Warning: ` or `NAME: Error: `, with its newline.
pub trait Diagnostics {
    /// A warning.
    fn warn(&mut self, msg: &str);
    /// An error.
    fn error(&mut self, msg: &str);
}

impl<T: Diagnostics + ?Sized> Diagnostics for &mut T {
    fn warn(&mut self, msg: &str) {
        (**self).warn(msg);
    }
    fn error(&mut self, msg: &str) {
        (**self).error(msg);
    }
}

/// How test displays find other sections by name, without an object behind them.
#[cfg(test)]
pub(crate) trait Loader<'a> {
    /// The section named `name` (e.g. `.debug_abbrev`), loaded, or `None`.
    fn load(&mut self, name: &str) -> Option<Section<'a>>;

    /// The section named `name` if it is already loaded.
    fn peek(&mut self, name: &str) -> Option<Section<'a>> {
        self.load(name)
    }
}

/// What the user asked of the dump (readelf's `--debug-dump=…`, `-W`,
/// `--dwarf-depth`, `--dwarf-start`): [`DumpOptions::default`] (nothing selected),
/// then the fields set.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct DumpOptions {
    /// Which kinds of debug section are displayed.
    pub selection: Selection,
    /// `-W`: wide output.
    pub wide: bool,
    /// `--dwarf-depth=N`: DIEs deeper than this are not shown.
    pub depth: Option<u64>,
    /// `--dwarf-start=N`: DIEs before this offset are not shown.
    pub start: Option<u64>,
    /// GNU objdump's way with loaded sections (`dump_dwarf_section`), not readelf's:
    /// `.debug_addr` is freed once displayed (later indexed addresses find it
    /// missing), and a later section of a name already loaded and kept
    /// (`.debug_info`, `.debug_abbrev`: a relocatable object's type units in COMDAT
    /// groups) shows the first one's contents again.
    pub objdump_sections: bool,
}

/// What the dump keeps between sections of one object (the loaded sections) and
/// between an object and its separate debug files (the units the `.debug_info` pass
/// found, …): GNU's globals. Opaque; a tool keeps one per object and hands it to each
/// [`Dumper`] it makes for that object ([`Dumper::with_state`], [`Dumper::into_state`]).
#[derive(Debug, Default)]
pub struct DumpState<'d> {
    dwarf: State,
    cache: sections::Cache<'d>,
}

impl<'d> DumpState<'d> {
    /// Show the sections dumped from now on as loaded from `name` (GNU's
    /// `do_follow_links` set again, as objdump's `-g` does after the links are loaded).
    pub fn set_loaded_from(&mut self, name: &str) {
        self.dwarf.loaded_from = Some(name.to_string());
    }

    /// The state to dump the separate debug file at `path` with, after this object's
    /// own sections: what the DWARF displays keep moves along (give it back with
    /// [`DumpState::end_separate`]); the loaded sections stay with this object.
    pub fn begin_separate<'e>(&mut self, path: &str) -> DumpState<'e> {
        let main_from = self.dwarf.loaded_from.clone();
        let mut dwarf = std::mem::take(&mut self.dwarf);
        self.dwarf.loaded_from = main_from;
        dwarf.loaded_from = Some(path.to_string());
        DumpState {
            dwarf,
            cache: sections::Cache::default(),
        }
    }

    /// Take back what a separate file's dump kept (see [`DumpState::begin_separate`]);
    /// this object's sections are again shown as loaded from this object (objdump
    /// displays the separate files first).
    pub fn end_separate(&mut self, separate: DumpState<'_>) {
        let main_from = self.dwarf.loaded_from.take();
        self.dwarf = separate.dwarf;
        self.dwarf.loaded_from = main_from;
    }
}

/// Where a dumper's sections come from.
enum Source<'w, 'a> {
    /// An object, loaded through the slots of GNU's `debug_displays[]`.
    Object(&'w mut dyn SectionSource<'a>),
    /// Sections by name (tests).
    #[cfg(test)]
    Named(&'w mut dyn Loader<'a>),
}

/// GNU's DWARF dumper for one object: displays its debug sections, in GNU readelf's
/// text, to `out`, with diagnostics to `diag`, loading the sections a display needs
/// through the tool's [`SectionSource`].
pub struct Dumper<'w, 'a> {
    /// Standard output.
    pub(crate) out: &'w mut dyn Write,
    /// GNU's `warn()` and `error()`.
    pub(crate) diag: &'w mut dyn Diagnostics,
    /// The sections.
    src: Source<'w, 'a>,
    /// The loaded sections.
    cache: sections::Cache<'a>,
    /// What the user asked for.
    pub(crate) opts: DumpOptions,
    /// The file's `e_machine` (register names in frame dumps).
    pub(crate) machine: u16,
    /// ELF64 (GNU's `eh_addr_size` default of 8) or ELF32 (4).
    pub(crate) is64: bool,
    /// Big-endian file.
    pub(crate) big_endian: bool,
    /// `e_type` is `ET_REL`.
    #[allow(dead_code)]
    pub(crate) relocatable: bool,
    /// State GNU keeps between displays of one file (units found by `.debug_info`,
    /// used by `.debug_loc` and `.debug_ranges`).
    pub(crate) state: State,
}

impl std::fmt::Debug for Dumper<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Dumper").field("opts", &self.opts).finish()
    }
}

/// Per-file state GNU keeps in globals between debug displays (`debug_information`).
#[derive(Debug, Default)]
pub(crate) struct State {
    /// Filled by the `.debug_info` pass; each display module may add what it needs.
    pub(crate) units: Vec<info::UnitInfo>,
    /// Whether the `.debug_info` pass has run for this file.
    pub(crate) info_scanned: bool,
    /// The rest of the info pass's per-file state (GNU's `num_debug_info_entries`,
    /// CU/TU index sets).
    pub(crate) info: info::InfoState,
    /// The `.debug_str` contents of the separate debug files found for this file
    /// (GNU's `first_separate_info` list, in order), for `DW_FORM_GNU_strp_alt`;
    /// filled by whoever loads separate files. Empty: no links available.
    pub(crate) separate_debug_str: Vec<Vec<u8>>,
    /// The last `.debug_addr` loaded for this file or one of its separate files: GNU
    /// keeps it loaded, so a `.dwo` file's `DW_FORM_addrx` values are read from the
    /// main file's `.debug_addr`.
    pub(crate) debug_addr: Option<Section<'static>>,
    /// The last full `.debug_line` headers, for `.debug_line.<foo>` fragments.
    pub(crate) lines: lines::Saved,
    /// GNU's `section->filename` while separate debug files are followed: the file the
    /// displayed sections come from (the main file as named on the command line, or a
    /// separate file's path), printed by `introduce` as "(loaded from …)". `None` when
    /// no separate files were found.
    pub(crate) loaded_from: Option<String>,
    /// The `misc` displays' per-file state (the `.debug_info` unit scan, …).
    pub(crate) misc: misc::MiscState,
    /// GNU's one-time "Only DWARF 2 and 3 pubnames" warning has been given.
    pub(crate) pubnames_version_warned: bool,
}

/// Calls `f(i, v, m)` for each byte position `i` of `base` and each of the
/// values 0, 0x7f, 0x80 and 0xff `v`, with `m` a copy of `base` whose byte `i`
/// is `v` (tests of hostile input).
#[cfg(test)]
pub(crate) fn each_byte_set(base: &[u8], mut f: impl FnMut(usize, u8, &[u8])) {
    for i in 0..base.len() {
        for v in [0u8, 0x7f, 0x80, 0xff] {
            let mut m = base.to_vec();
            if let Some(b) = m.get_mut(i) {
                *b = v;
            }
            f(i, v, &m);
        }
    }
}

/// Diagnostics through two closures (tests).
#[cfg(test)]
struct FnDiag<'w>(&'w mut dyn FnMut(&str), &'w mut dyn FnMut(&str));

#[cfg(test)]
impl Diagnostics for FnDiag<'_> {
    fn warn(&mut self, msg: &str) {
        (self.0)(msg);
    }
    fn error(&mut self, msg: &str) {
        (self.1)(msg);
    }
}

#[cfg(test)]
impl<'w, 'a> Dumper<'w, 'a> {
    /// A dumper as readelf makes one for an x86-64 ELF64 little-endian executable,
    /// nothing selected, sections found by name through `loader`; tests set the
    /// fields they need.
    pub(crate) fn for_test(
        out: &'w mut dyn Write,
        warn: &'w mut dyn FnMut(&str),
        error: &'w mut dyn FnMut(&str),
        loader: &'w mut dyn Loader<'a>,
        state: &mut State,
    ) -> Self {
        Dumper {
            out,
            // Leaked (tests only): a reference keeps the dumper free of drop glue.
            diag: Box::leak(Box::new(FnDiag(warn, error))),
            src: Source::Named(loader),
            cache: sections::Cache::default(),
            opts: DumpOptions::default(),
            machine: 62,
            is64: true,
            big_endian: false,
            relocatable: false,
            state: std::mem::take(state),
        }
    }
}

/// Runs `f` on a [`Dumper::for_test`] dumper over `loader` and `state`: what it wrote to
/// standard output, and its warnings followed by its errors (tests).
#[cfg(test)]
pub(crate) fn capture<'a>(
    loader: &mut dyn Loader<'a>,
    state: &mut State,
    f: impl FnOnce(&mut Dumper<'_, 'a>),
) -> (String, String) {
    let mut out = Vec::new();
    let (mut warns, mut errs) = (String::new(), String::new());
    {
        let mut w = |m: &str| warns.push_str(m);
        let mut e = |m: &str| errs.push_str(m);
        f(&mut Dumper::for_test(
            &mut out, &mut w, &mut e, loader, state,
        ));
    }
    (String::from_utf8_lossy(&out).into_owned(), warns + &errs)
}

impl<'w, 'a> Dumper<'w, 'a> {
    /// A dumper for the object `sections` reads, writing to `out`, with diagnostics to
    /// `diag`, and a fresh [`DumpState`] (see [`Dumper::with_state`]).
    pub fn new(
        out: &'w mut dyn Write,
        diag: &'w mut dyn Diagnostics,
        sections: &'w mut dyn SectionSource<'a>,
        options: DumpOptions,
    ) -> Self {
        let obj = sections.object();
        Dumper {
            out,
            diag,
            src: Source::Object(sections),
            cache: sections::Cache::default(),
            opts: options,
            machine: obj.e_machine,
            is64: obj.class == libelf::Class::Elf64,
            big_endian: obj.endian == libelf::Endian::Big,
            relocatable: obj.relocatable(),
            state: State::default(),
        }
    }

    /// The same dumper, going on from `state` (what earlier dumpers of this object
    /// kept).
    #[must_use]
    pub fn with_state(mut self, state: DumpState<'a>) -> Self {
        self.state = state.dwarf;
        self.cache = state.cache;
        self
    }

    /// What this dumper keeps for the next dumper of the object.
    pub fn into_state(self) -> DumpState<'a> {
        DumpState {
            dwarf: self.state,
            cache: self.cache,
        }
    }

    /// GNU's `warn`.
    pub(crate) fn warn(&mut self, msg: &str) {
        self.diag.warn(msg);
    }

    /// GNU's `error`.
    pub(crate) fn error(&mut self, msg: &str) {
        self.diag.error(msg);
    }

    /// GNU's `load_debug_section`: the section named `name` (e.g. `.debug_abbrev`, or
    /// its `.zdebug_` twin), loaded, or `None`.
    pub(crate) fn load(&mut self, name: &str) -> Option<Section<'a>> {
        match &mut self.src {
            Source::Object(src) => sections::load_debug_section(
                *src,
                &mut self.cache,
                &mut *self.diag,
                &mut *self.out,
                name,
            ),
            #[cfg(test)]
            Source::Named(l) => l.load(name),
        }
    }

    /// The section named `name` if it is already loaded, without loading it (GNU's
    /// direct reads of `debug_displays[…].section`, as `fetch_indexed_addr` does).
    pub(crate) fn peek(&mut self, name: &str) -> Option<Section<'a>> {
        match &mut self.src {
            Source::Object(_) => {
                let slot = sections::slot_named(name)?;
                self.cache.get(slot).cloned()
            }
            #[cfg(test)]
            Source::Named(l) => l.peek(name),
        }
    }

    /// GNU's `display_debug_section` for section `index`, once the tool has checked
    /// that it has contents: loads it (decompressed, relocated) and displays it, then
    /// frees it unless GNU keeps it. An unknown name gets GNU's "Unrecognized debug
    /// section". Returns GNU's result (false makes the exit status 1).
    ///
    /// # Errors
    /// Only output errors.
    pub fn display(&mut self, index: usize) -> io::Result<bool> {
        #[allow(irrefutable_let_patterns)]
        let Source::Object(src) = &mut self.src
        else {
            return Ok(true);
        };
        let mut name = String::from_utf8_lossy(src.section_name(index).unwrap_or(b"")).into_owned();
        if name.starts_with(".gnu.linkonce.wi.") {
            name = ".debug_info".to_string();
        }
        let Some((slot, display_name)) = sections::display_slot(&name) else {
            let p = src.printable_section_name(index);
            writeln!(self.out, "Unrecognized debug section: {p}")?;
            return Ok(false);
        };
        // A second section of the same name is loaded afresh, and not kept (readelf).
        let secondary =
            !self.opts.objdump_sections && self.cache.find_section(&**src, &name) != Some(index);
        if secondary {
            self.cache.free(slot);
        }
        let sec = sections::load_specific(
            *src,
            &mut self.cache,
            &mut *self.diag,
            &mut *self.out,
            slot,
            index,
            &display_name,
        );
        let Some(sec) = sec else {
            return Ok(true);
        };
        // GNU's `find_cu_tu_set` (for `section_subset`) reads the CU/TU indexes, with
        // their warnings, before the display.
        info::load_cu_tu_indexes(self);
        let res = display_section(self, &sec);
        let keep_addr = !self.opts.objdump_sections;
        if secondary
            || !(matches!(slot, sections::INFO | sections::ABBREV)
                || (slot == sections::DEBUG_ADDR && keep_addr))
        {
            self.cache.free(slot);
            if slot == sections::DEBUG_ADDR && !keep_addr {
                // GNU's one `.debug_addr` is gone, the copy kept for `.dwo` files too.
                self.state.debug_addr = None;
            }
        }
        res
    }

    /// GNU's `load_separate_debug_files` for this object, named `main_filename` as on
    /// the command line: prints GNU's messages ("… Found separate debug object file:
    /// …", the `--debug-dump=links` list of DWO links, …) and returns the separate
    /// files found, in the order GNU then displays their sections (each with a
    /// [`DumpState::begin_separate`] state). An empty list is GNU's `false`, after
    /// which GNU stops following links for the rest of the run.
    ///
    /// # Errors
    /// Only output errors.
    pub fn load_separate_debug_files(&mut self, main_filename: &str) -> io::Result<Vec<String>> {
        let found = misc::load_separate_debug_files(self, main_filename)?;
        if !found.is_empty() {
            self.state.loaded_from = Some(main_filename.to_string());
        }
        Ok(found)
    }
}

/// GNU's `display_debug_section` after loading: pick the display for `sec.name` and run
/// it. Returns GNU's result (false makes the exit status 1).
///
/// # Errors
/// Only output errors.
pub(crate) fn display_section(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
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
