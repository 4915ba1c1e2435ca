//! `-V`: symbol versioning sections (GNU's `process_version_sections`).

use std::io;

use crate::Cx;

/// GNU's `process_version_sections`.
pub fn process_version_sections(cx: &mut Cx) -> io::Result<bool> {
    let _ = cx;
    Ok(true)
}
