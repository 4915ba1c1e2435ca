//! `-h`: the ELF file header (GNU's `process_file_header`).

use std::io;

use crate::Cx;

/// GNU's `process_file_header`.
pub fn process_file_header(cx: &mut Cx) -> io::Result<bool> {
    let _ = cx;
    Ok(true)
}
