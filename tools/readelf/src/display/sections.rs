//! `-S`, `-t`: section headers (GNU's `process_section_headers`).

use std::io;

use crate::Cx;

/// GNU's `get_section_headers(filedata, probe = true)`: read section 0 only, quietly.
pub fn probe_section0(cx: &mut Cx) {
    let _ = cx;
}

/// GNU's `process_section_headers`.
pub fn process_section_headers(cx: &mut Cx) -> io::Result<bool> {
    let _ = cx;
    Ok(true)
}
