//! `.debug_line`: GNU's `display_debug_lines` (raw and decoded).

use std::io;

use super::{Dumper, Section};

/// GNU's `display_debug_lines`.
///
/// # Errors
/// Only output errors.
pub fn display_lines(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}
