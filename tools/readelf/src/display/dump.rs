//! `-x`, `-p`, `-R`, `-z` and `-w`: section contents (GNU's `process_section_contents`).

use std::io;

use crate::Cx;

/// GNU's `process_section_contents`.
pub fn process_section_contents(cx: &mut Cx) -> io::Result<bool> {
    let _ = cx;
    Ok(true)
}
