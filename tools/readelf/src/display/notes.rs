//! `-n`: notes (GNU's `process_notes`).

use std::io;

use crate::Cx;

/// GNU's `process_notes`.
pub fn process_notes(cx: &mut Cx) -> io::Result<bool> {
    let _ = cx;
    Ok(true)
}
