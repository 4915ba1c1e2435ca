//! `-w`/`--debug-dump`: GNU's `display_debug_section`, on `libdwarf::dump`.
//!
//! The dump loads, decompresses, caches and frees the debug sections itself (GNU's
//! `debug_displays[]` slots); readelf gives it the object through a
//! [`SectionSource`]: its section headers and names, its reads of the file (with
//! GNU's `get_data` checks and messages) and its relocation of a section
//! (`apply_relocs`). What the dump keeps between sections lives in the object's
//! context (`Cx::dump`); whether links are followed, in `Cx::follow_links_off` and
//! then the run's options.

use std::cell::RefCell;
use std::io::{self, Write};

use libdwarf::dump::{Diagnostics, DumpOptions, Dumper, ObjectInfo, SectionSource};

use crate::Cx;

const SHT_NOBITS: u32 = 8;

/// What was selected, with following links turned off once GNU turns it off.
fn options(cx: &Cx) -> DumpOptions {
    let mut s = cx.o.debug;
    if cx.follow_links_off {
        s.follow_links = false;
    }
    let mut o = DumpOptions::default();
    o.selection = s;
    o.wide = cx.o.wide;
    o.depth = cx.o.dwarf_depth;
    o.start = cx.o.dwarf_start;
    o
}

/// The object's sections as the DWARF dump reads them, through the shared context.
struct Sections<'s, 'c, 'a, 'd, 'e>(&'s RefCell<&'c mut Cx<'a, 'd, 'e>>);

impl<'d> SectionSource<'d> for Sections<'_, '_, '_, 'd, '_> {
    fn object(&self) -> ObjectInfo {
        let cx = self.0.borrow();
        ObjectInfo::new(cx.class(), cx.endian(), cx.hdr.e_type, cx.hdr.e_machine)
    }

    fn section_count(&self) -> usize {
        self.0.borrow().sections().len()
    }

    fn section_header(&self, i: usize) -> Option<libelf::read::SectionHeader> {
        self.0.borrow().sections().get(i).copied()
    }

    fn section_name(&self, i: usize) -> Option<&'d [u8]> {
        let cx = self.0.borrow();
        cx.sections().get(i).and_then(|sh| cx.section_name(sh))
    }

    fn printable_section_name(&self, i: usize) -> String {
        let cx = self.0.borrow();
        cx.sections()
            .get(i)
            .map(|sh| cx.printable_section_name(sh))
            .unwrap_or_default()
    }

    fn section_data(&mut self, i: usize, what: &str) -> Option<&'d [u8]> {
        let mut cx = self.0.borrow_mut();
        let sh = cx.sections().get(i).copied()?;
        cx.get_data(sh.sh_offset, 1, sh.sh_size, Some(what))
    }

    fn has_relocations(&self, i: usize) -> bool {
        self.0.borrow().has_relocs(i)
    }

    fn relocate(&mut self, i: usize, data: &mut [u8]) -> Option<Vec<u64>> {
        let mut cx = self.0.borrow_mut();
        let rs = super::apply_relocs::apply_relocations(&mut cx, i, data)?;
        Some(rs.iter().map(|r| r.r_offset).collect())
    }
}

/// Standard output and diagnostics through the shared context.
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

impl Diagnostics for Out<'_, '_, '_, '_, '_> {
    fn warn(&mut self, msg: &str) {
        self.0.borrow_mut().diag.warn(format_args!("{msg}"));
    }
    fn error(&mut self, msg: &str) {
        self.0.borrow_mut().diag.error(format_args!("{msg}"));
    }
}

/// Runs `f` with a [`Dumper`] for the object: its output, diagnostics, DWARF state and
/// its debug sections.
fn with_dumper<R>(cx: &mut Cx, f: impl FnOnce(&mut Dumper<'_, '_>) -> R) -> R {
    let options = options(cx);
    let state = std::mem::take(&mut cx.dump);
    let shared = RefCell::new(&mut *cx);
    let mut out = Out(&shared);
    let mut diag = Out(&shared);
    let mut sections = Sections(&shared);
    let mut d = Dumper::new(&mut out, &mut diag, &mut sections, options).with_state(state);
    let r = f(&mut d);
    let state = d.into_state();
    cx.dump = state;
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
    with_dumper(cx, |d| d.display(i))
}

/// GNU's `load_separate_debug_files` (called from `process_object` before
/// `process_section_contents` when a debug dump was asked for): prints GNU's messages
/// and returns the separate files to display afterwards.
pub fn load_separate_debug_files(cx: &mut Cx) -> io::Result<Vec<String>> {
    let name = cx.name.to_string();
    let following = options(cx).selection.follow_links;
    let found = with_dumper(cx, |d| d.load_separate_debug_files(&name))?;
    if found.is_empty() && following {
        cx.follow_links_off = true;
    }
    Ok(found)
}

/// GNU's loop over the separate files in `process_object`: their section headers and
/// debug sections, with the DWARF state shared with the main file.
pub fn process_separate(cx: &mut Cx, path: &str) -> io::Result<bool> {
    let Ok(data) = std::fs::read(path) else {
        return Ok(true);
    };
    let Ok(elf) = libelf::ElfFile::parse_with(&data, libelf::read::ParseOptions::gnu_readelf())
    else {
        return Ok(true);
    };
    let state = cx.dump.begin_separate(path);
    let mut sub = Cx::new(
        cx.o,
        &mut *cx.run,
        &elf,
        &data,
        path,
        &mut *cx.out,
        &mut *cx.diag,
    );
    sub.dump = state;
    sub.follow_links_off = cx.follow_links_off;
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
    let state = std::mem::take(&mut sub.dump);
    drop(sub);
    cx.dump.end_separate(state);
    Ok(res)
}
