//! `.debug_loc`/`.debug_loclists` and `.debug_ranges`/`.debug_rnglists`.

use std::io;

use crate::dump::{Dumper, Section};

/// GNU's `display_debug_loc`.
pub(super) fn display_loc(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}

/// GNU's `display_debug_ranges`.
pub(super) fn display_ranges(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    let _ = (d, sec);
    Ok(true)
}
