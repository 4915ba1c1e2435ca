//! `-W`/`--dwarf`: the DWARF dump through `libdwarf::dump`, as readelf's `-w` prints it
//! (GNU objdump and readelf share `dwarf.c`). objdump walks BFD's sections in BFD's
//! order (`dump_dwarf_section`) and, in a relocatable object, reads them relocated as
//! BFD's `bfd_simple_get_relocated_section_contents` does (`libelf::reloc`, BFD's
//! choices).

use std::io::{self, Write};

use libdwarf::dump::{
    Diagnostics, DumpOptions, DumpState, Dumper, ElfSections, ObjectInfo, SectionSource, Selection,
};
use libelf::read::{SectionHeader, SectionIndex};
use libelf::ElfFile;

use crate::bfd::Bfd;
use crate::{Cx, Object};

/// `SHT_REL`, `SHT_RELA`.
const SHT_REL: u32 = 9;
const SHT_RELA: u32 = 4;
/// `SHF_COMPRESSED`.
const SHF_COMPRESSED: u64 = 0x800;

/// The zeros a section without contents reads as, up to 16 MiB (a bigger one is
/// refused as too big for its file before it is read, or not shown). Allocated zeroed
/// on first use: its pages are not resident until read.
fn zeros(len: u64) -> Option<&'static [u8]> {
    static ZEROS: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    ZEROS
        .get_or_init(|| vec![0; 16 << 20])
        .get(..usize::try_from(len).ok()?)
}

/// The object's sections for the dump: libelf's reading, plus BFD's relocation of a
/// relocatable object's debug sections.
struct Sections<'f, 'd> {
    inner: ElfSections<'f, 'd>,
    file: &'f ElfFile<'d>,
    /// A separate debug file: BFD opens it without BFD_DECOMPRESS, so GNU 2.40 reads
    /// its compressed sections as they are stored.
    raw: bool,
}

impl<'f, 'd> Sections<'f, 'd> {
    /// The sections of `file`; `raw` for a separate debug file.
    fn new(file: &'f ElfFile<'d>, raw: bool) -> Self {
        Sections {
            inner: ElfSections::new(file),
            file,
            raw,
        }
    }
}

impl<'d> SectionSource<'d> for Sections<'_, 'd> {
    fn object(&self) -> ObjectInfo {
        self.inner.object()
    }

    fn section_count(&self) -> usize {
        self.inner.section_count()
    }

    fn section_header(&self, i: usize) -> Option<SectionHeader> {
        let mut h = self.inner.section_header(i)?;
        if self.raw {
            h.sh_flags &= !SHF_COMPRESSED;
        }
        Some(h)
    }

    fn section_name(&self, i: usize) -> Option<&'d [u8]> {
        self.inner.section_name(i)
    }

    fn printable_section_name(&self, i: usize) -> String {
        self.inner.printable_section_name(i)
    }

    fn section_data(&mut self, i: usize, what: &str) -> Option<&'d [u8]> {
        // BFD reads a section without contents (`SHT_NOBITS`, as a separate debug
        // file's copies of the allocated sections are) as zeros.
        let h = self.inner.section_header(i)?;
        if h.sh_type == libelf::consts::SHT_NOBITS {
            return zeros(h.sh_size);
        }
        self.inner.section_data(i, what)
    }

    fn has_relocations(&self, i: usize) -> bool {
        self.file.header().e_type == libelf::consts::ET_REL
            && self.file.section_headers().is_ok_and(|hs| {
                hs.iter().any(|h| {
                    (h.sh_type == SHT_REL || h.sh_type == SHT_RELA) && h.sh_info as usize == i
                })
            })
    }

    fn size_limit(&self) -> Option<u64> {
        Some(self.file.data().len() as u64)
    }

    fn relocate(&mut self, i: usize, data: &mut [u8]) -> Option<Vec<u64>> {
        let index = SectionIndex(u32::try_from(i).ok()?);
        libelf::reloc::relocate_section(
            self.file,
            index,
            data,
            libelf::reloc::Options::bfd(),
            |_| 0,
        )
        .ok()?;
        let mut offsets = Vec::new();
        for sec in self.file.sections().ok()? {
            let h = sec.header();
            if (h.sh_type == SHT_REL || h.sh_type == SHT_RELA) && h.sh_info as usize == i {
                if let Ok(t) = libelf::read::RelocTable::parse(&sec) {
                    offsets.extend(t.iter().map(|r| r.r_offset));
                }
            }
        }
        Some(offsets)
    }
}

/// Diagnostics of the dump: `objdump: Warning: …` / `objdump: Error: …`.
struct Diag<'c, 'r, 'd>(&'c mut Cx<'r, 'd>);

impl Diagnostics for Diag<'_, '_, '_> {
    fn warn(&mut self, msg: &str) {
        self.0.diag.warn(format_args!("{msg}"));
    }
    fn error(&mut self, msg: &str) {
        self.0.diag.error(format_args!("{msg}"));
    }
}

/// The selection `-W`/`--dwarf` made (GNU's `dwarf_select_sections_*`), with links
/// followed unless `-WN` said not to (binutils-multiarch follows them by default).
fn selection(cx: &mut Cx<'_, '_>, warn: bool) -> (Selection, bool) {
    let Some(d) = &cx.o.dwarf else {
        return (Selection::default(), false);
    };
    if d.all {
        return (Selection::all(), true);
    }
    let mut s = Selection::default();
    s.follow_links = true;
    let mut warnings = s.by_letters(&d.letters);
    if !d.names.is_empty() {
        warnings.extend(s.by_names(&d.names.join(",")));
    }
    if warn {
        for w in warnings {
            cx.diag.warn(format_args!("{w}"));
        }
    }
    (s, false)
}

/// Whether `-g`/`-e` dumps the DWARF: GNU's `dump_bfd` does when there is no STABS
/// debugging information (`dwarf_select_sections_all`, then `dump_dwarf`) and `-W`
/// was not given.
pub fn debugging_as_dwarf(cx: &Cx<'_, '_>, obj: &Object<'_>) -> bool {
    cx.o.debugging
        && cx.o.dwarf.is_none()
        && !Bfd::new(&obj.elf)
            .sections
            .iter()
            .any(|s| &*s.name == b".stab")
}

/// The dump's options for this run.
fn options(cx: &mut Cx<'_, '_>, warn: bool) -> (DumpOptions, bool) {
    let (sel, all) = if cx.o.dwarf.is_none() && cx.o.debugging {
        (Selection::all(), true)
    } else {
        selection(cx, warn)
    };
    let mut opts = DumpOptions::default();
    opts.selection = sel;
    opts.wide = cx.o.wide;
    opts.depth = cx.o.dwarf_depth;
    opts.start = cx.o.dwarf_start;
    opts.objdump_sections = true;
    (opts, all)
}

/// Display the debug sections of `elf` GNU's `dump_dwarf` would (only `SEC_DEBUGGING`
/// ones for a separate debug file), in BFD's order.
fn dump_sections<'d>(
    d: &mut Dumper<'_, 'd>,
    elf: &ElfFile<'d>,
    opts: &DumpOptions,
    all: bool,
    main: bool,
) -> io::Result<()> {
    let b = Bfd::new(elf);
    for s in &b.sections {
        // A separate file is opened without BFD_DECOMPRESS: GNU 2.40 reads its
        // compressed sections as they are and shows nothing of them on stdout.
        if s.name.is_empty()
            || (!main && s.flags & crate::bfd::sec::DEBUGGING == 0)
            || !opts.selection.wants(&s.name, all)
            || !(s.name.starts_with(b".gnu.linkonce.wi.")
                || libdwarf::dump::has_display(&String::from_utf8_lossy(&s.name)))
        {
            continue;
        }
        d.display(s.elf_index as usize)?;
    }
    Ok(())
}

/// What GNU's `dump_bfd` does first when DWARF is dumped, before the `file format`
/// line: `load_separate_debug_files` (its messages), then the debug sections of each
/// separate file found. Returns the dump's state for the object's own sections, and
/// the separate files whose symbols join the object's (none without follow-links).
///
/// # Errors
/// Only errors writing `out`.
pub fn prepare<'d>(
    cx: &mut Cx<'_, '_>,
    obj: &Object<'d>,
    out: &mut dyn Write,
) -> io::Result<(DumpState<'d>, Vec<String>)> {
    let (opts, all) = options(cx, true);
    let debugging = cx.o.dwarf.is_none();
    let mut src = Sections::new(&obj.elf, false);
    let mut diag = Diag(cx);
    // `-g` selects its sections only after the links are loaded.
    let mut load_opts = opts;
    if debugging {
        load_opts.selection = Selection::default();
        load_opts.selection.follow_links = true;
    }
    let mut d = Dumper::new(out, &mut diag, &mut src, load_opts);
    let found = d.load_separate_debug_files(&obj.name)?;
    let mut state = d.into_state();
    if !opts.selection.follow_links {
        return Ok((state, Vec::new()));
    }
    for path in &found {
        let Ok(data) = std::fs::read(path) else {
            continue;
        };
        let Ok(elf) = ElfFile::parse(&data) else {
            continue;
        };
        let mut ssrc = Sections::new(&elf, true);
        let sep = state.begin_separate(path);
        let mut d = Dumper::new(out, &mut diag, &mut ssrc, opts).with_state(sep);
        dump_sections(&mut d, &elf, &opts, all, false)?;
        state.end_separate(d.into_state());
    }
    Ok((state, found))
}

/// `-S` without `-W`: GNU's `dump_bfd` still loads the separate debug files first
/// (`might_need_separate_debug_info`), printing what `load_separate_debug_files`
/// prints, and dumps nothing of them. Returns the separate files found (their symbols
/// join the object's).
///
/// # Errors
/// Only errors writing `out`.
pub fn load_links(
    cx: &mut Cx<'_, '_>,
    obj: &Object<'_>,
    out: &mut dyn Write,
) -> io::Result<Vec<String>> {
    let mut opts = DumpOptions::default();
    opts.selection.follow_links = true;
    let mut src = Sections::new(&obj.elf, false);
    let mut diag = Diag(cx);
    let mut d = Dumper::new(out, &mut diag, &mut src, opts);
    d.load_separate_debug_files(&obj.name)
}

/// Dump the selected DWARF sections of the object, in BFD's section order, going on
/// from the state [`prepare`] left.
///
/// # Errors
/// Only errors writing `out`.
pub fn dump<'d>(
    cx: &mut Cx<'_, '_>,
    obj: &Object<'d>,
    state: DumpState<'d>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let (opts, all) = options(cx, false);
    let mut state = state;
    if cx.o.dwarf.is_none() {
        // `-g`'s `dwarf_select_sections_all` follows links again: the sections are
        // shown as loaded from the object.
        state.set_loaded_from(&obj.name);
    }
    let mut src = Sections::new(&obj.elf, false);
    let mut diag = Diag(cx);
    let mut d = Dumper::new(out, &mut diag, &mut src, opts).with_state(state);
    dump_sections(&mut d, &obj.elf, &opts, all, true)
}
