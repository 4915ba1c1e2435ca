//! The smaller displays: aranges, pubnames, macros, strings, string offsets, addresses,
//! CU/TU indexes, links, `.debug_sup`, `.gdb_index`, `.debug_names`.

use std::io;

use super::{Dumper, Section};

/// GNU's `display_debug_aranges`.
///
/// # Errors
/// Only output errors.
pub fn display_aranges(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_pubnames`.
///
/// # Errors
/// Only output errors.
pub fn display_pubnames(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_gnu_pubnames`.
///
/// # Errors
/// Only output errors.
pub fn display_gnu_pubnames(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_macinfo`.
///
/// # Errors
/// Only output errors.
pub fn display_macinfo(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_macro`.
///
/// # Errors
/// Only output errors.
pub fn display_macro(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_str`.
///
/// # Errors
/// Only output errors.
pub fn display_str(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_str_offsets`.
///
/// # Errors
/// Only output errors.
pub fn display_str_offsets(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_addr`.
///
/// # Errors
/// Only output errors.
pub fn display_addr(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_cu_index`.
///
/// # Errors
/// Only output errors.
pub fn display_cu_index(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_links`.
///
/// # Errors
/// Only output errors.
pub fn display_links(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_sup`.
///
/// # Errors
/// Only output errors.
pub fn display_sup(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_gdb_index`.
///
/// # Errors
/// Only output errors.
pub fn display_gdb_index(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_names`.
///
/// # Errors
/// Only output errors.
pub fn display_debug_names(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_not_supported`.
///
/// # Errors
/// Only output errors.
pub fn display_not_supported(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}
