//! `-g`: section groups (GNU's `process_section_groups`).

use std::io;

use crate::Cx;

/// GNU's `process_section_groups`.
pub fn process_section_groups(cx: &mut Cx) -> io::Result<bool> {
    let _ = cx;
    Ok(true)
}
