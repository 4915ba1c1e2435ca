//! One module per display, each a `process_*` function called in GNU's order by
//! [`run_all`] (GNU readelf's `process_object`). Each returns `Ok(false)` when GNU's
//! returns false (that makes the exit status 1) and `Err` only for output errors.

pub mod apply_relocs;
pub mod arch;
pub mod archive;
pub mod debug;
pub mod dump;
pub mod dynamic;
pub mod groups;
pub mod header;
pub mod histogram;
pub mod notes;
pub mod relocs;
pub mod sections;
pub mod segments;
pub mod symbols;
pub mod symtab_load;
pub mod unwind;
pub mod version;
pub mod vma;

#[cfg(test)]
mod tests;

use std::io;

use crate::Cx;

/// GNU's `process_object` once the file header is read.
pub fn run_all(cx: &mut Cx) -> io::Result<bool> {
    let mut res = true;
    // GNU probes section 0 for extended numbering before printing the header.
    sections::probe_section0(cx);
    if !header::process_file_header(cx)? {
        return Ok(false);
    }
    cx.shdrs = None;
    cx.sections_ok = sections::process_section_headers(cx)?;
    cx.section_headers_failed = !cx.sections_ok;
    if !groups::process_section_groups(cx)? {
        cx.no_unwind = true;
    }
    segments::process_program_headers(cx)?;
    res &= dynamic::process_dynamic_section(cx)?;
    res &= relocs::process_relocs(cx)?;
    res &= unwind::process_unwind(cx)?;
    res &= symbols::process_symbol_table(cx)?;
    res &= symbols::process_lto_symbol_tables(cx)?;
    res &= symbols::process_syminfo(cx)?;
    res &= version::process_version_sections(cx)?;
    let separate = if cx.hdr.e_shstrndx != 0 && (cx.o.debugging || cx.o.debug.any()) {
        debug::load_separate_debug_files(cx)?
    } else {
        Vec::new()
    };
    res &= dump::process_section_contents(cx)?;
    for path in &separate {
        res &= debug::process_separate(cx, path)?;
    }
    res &= notes::process_notes(cx)?;
    res &= arch::process_arch_specific(cx)?;
    // -I is printed by the symbol table display in GNU (process_symbol_table).
    let _ = histogram::NAME;
    Ok(res)
}
