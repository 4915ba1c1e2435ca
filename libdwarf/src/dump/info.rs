//! `.debug_info`, `.debug_types`, `.debug_abbrev`, and the displays that use the units
//! the info pass finds: `.debug_loc`/`.debug_loclists`, `.debug_ranges`/`.debug_rnglists`.

use std::io;

use super::{Dumper, Section};

/// What GNU's `debug_information[]` records about a unit for later displays.
#[derive(Debug, Clone, Default)]
pub struct UnitInfo {
    /// Offset of the unit header in `.debug_info`.
    pub offset: u64,
}

/// GNU's `display_debug_abbrev`.
///
/// # Errors
/// Only output errors.
pub fn display_abbrev(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_info`.
///
/// # Errors
/// Only output errors.
pub fn display_info(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_types`.
///
/// # Errors
/// Only output errors.
pub fn display_types(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_loc`.
///
/// # Errors
/// Only output errors.
pub fn display_loc(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_ranges`.
///
/// # Errors
/// Only output errors.
pub fn display_ranges(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}
