//! `-W`/`--dwarf`: the DWARF dump through `libdwarf::dump`, as readelf's `-w` prints it
//! (GNU objdump and readelf share `dwarf.c`). objdump walks BFD's sections in BFD's
//! order (`dump_dwarf_section`) and, in a relocatable object, reads them relocated as
//! BFD's `bfd_simple_get_relocated_section_contents` does (`libelf::reloc`, BFD's
//! choices).

use std::io::{self, Write};

use libdwarf::dump::{
    Diagnostics, DumpOptions, Dumper, ElfSections, ObjectInfo, SectionSource, Selection,
};
use libelf::read::{SectionHeader, SectionIndex};
use libelf::ElfFile;

use crate::bfd::Bfd;
use crate::{Cx, Object};

/// `SHT_REL`, `SHT_RELA`.
const SHT_REL: u32 = 9;
const SHT_RELA: u32 = 4;

/// The object's sections for the dump: libelf's reading, plus BFD's relocation of a
/// relocatable object's debug sections.
struct Sections<'f, 'd> {
    inner: ElfSections<'f, 'd>,
    file: &'f ElfFile<'d>,
}

impl<'d> SectionSource<'d> for Sections<'_, 'd> {
    fn object(&self) -> ObjectInfo {
        self.inner.object()
    }

    fn section_count(&self) -> usize {
        self.inner.section_count()
    }

    fn section_header(&self, i: usize) -> Option<SectionHeader> {
        self.inner.section_header(i)
    }

    fn section_name(&self, i: usize) -> Option<&'d [u8]> {
        self.inner.section_name(i)
    }

    fn printable_section_name(&self, i: usize) -> String {
        self.inner.printable_section_name(i)
    }

    fn section_data(&mut self, i: usize, what: &str) -> Option<&'d [u8]> {
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

/// The selection `-W`/`--dwarf` made (GNU's `dwarf_select_sections_*`).
fn selection(cx: &mut Cx<'_, '_>) -> (Selection, bool) {
    let Some(d) = &cx.o.dwarf else {
        return (Selection::default(), false);
    };
    if d.all {
        return (Selection::all(), true);
    }
    let mut s = Selection::default();
    let mut warnings = s.by_letters(&d.letters);
    if !d.names.is_empty() {
        warnings.extend(s.by_names(&d.names.join(",")));
    }
    for w in warnings {
        cx.diag.warn(format_args!("{w}"));
    }
    (s, false)
}

/// Dump the selected DWARF sections of the object, in BFD's section order.
///
/// # Errors
/// Only errors writing `out`.
pub fn dump(cx: &mut Cx<'_, '_>, obj: &Object<'_>, out: &mut dyn Write) -> io::Result<()> {
    let (sel, all) = selection(cx);
    let b = Bfd::new(&obj.elf);
    let mut opts = DumpOptions::default();
    opts.selection = sel;
    opts.wide = cx.o.wide;
    opts.depth = cx.o.dwarf_depth;
    opts.start = cx.o.dwarf_start;
    let mut src = Sections {
        inner: ElfSections::new(&obj.elf),
        file: &obj.elf,
    };
    let mut diag = Diag(cx);
    let mut d = Dumper::new(out, &mut diag, &mut src, opts);
    for s in &b.sections {
        if s.name.is_empty() || !sel.wants(s.name, all) {
            continue;
        }
        d.display(s.elf_index as usize)?;
    }
    Ok(())
}
