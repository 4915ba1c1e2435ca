//! The header displays: `-a -f -p -P -h -t -T -r -R -s` (GNU's `dump_bfd_header`,
//! `dump_bfd_private_header`, `dump_headers`, `dump_symbols`, `dump_relocs`,
//! `dump_dynamic_relocs`, `dump_data`).
//!
//! BFD's view of the object (its flags, sections and their flags) is [`crate::bfd::Bfd`].

use std::io::{self, Write};

use crate::{Cx, Object};

mod contents;
mod filehdr;
mod private;
mod sections;
mod syms;

pub use contents::contents;
pub use private::private_headers;
pub use sections::section_headers;
pub use syms::{dynamic_symtab_check, symbols};

/// Whether the object has a section (as BFD lists them) named `name`.
pub fn has_section(obj: &Object<'_>, name: &str) -> bool {
    crate::bfd::Bfd::new(&obj.elf)
        .sections
        .iter()
        .any(|s| *s.name == *name.as_bytes())
}

/// `-a`: the archive member header (`print_arelt_descr`).
///
/// # Errors
/// Only errors writing `out`.
pub fn archive_header(
    _cx: &mut Cx<'_, '_>,
    obj: &Object<'_>,
    out: &mut dyn Write,
) -> io::Result<()> {
    filehdr::archive_header(obj, out)
}

/// `-f`: architecture, BFD flags and start address (`dump_bfd_header`).
///
/// # Errors
/// Only errors writing `out`.
pub fn file_header(_cx: &mut Cx<'_, '_>, obj: &Object<'_>, out: &mut dyn Write) -> io::Result<()> {
    filehdr::file_header(obj, out)
}

/// `-P OPTS`: target-specific contents (`dump_target_specific`).
///
/// # Errors
/// Only errors writing `out`.
pub fn private_options(
    cx: &mut Cx<'_, '_>,
    _obj: &Object<'_>,
    _opts: &str,
    _out: &mut dyn Write,
) -> io::Result<()> {
    // BFD has `-P` displays only for XCOFF, PE and Mach-O (`objdump_private_desc`); on
    // ELF GNU says so and goes on, the exit status unchanged.
    cx.diag.plain(format_args!(
        "option -P/--private not supported by this file\n"
    ));
    Ok(())
}

/// `-r` without `-d`: the static relocations (`dump_relocs`).
///
/// # Errors
/// Only errors writing `out`.
pub fn relocs(cx: &mut Cx<'_, '_>, obj: &Object<'_>, out: &mut dyn Write) -> io::Result<()> {
    crate::relocs::dump_static(cx, obj, out)
}

/// `-R` without `-d`: the dynamic relocations (`dump_dynamic_relocs`).
///
/// # Errors
/// Only errors writing `out`.
pub fn dynamic_relocs(
    cx: &mut Cx<'_, '_>,
    obj: &Object<'_>,
    out: &mut dyn Write,
) -> io::Result<()> {
    crate::relocs::dump_dynamic(cx, obj, out)
}
