//! `-l`: program headers (GNU's `process_program_headers`).

use std::io;

use crate::Cx;

/// GNU's `process_program_headers`.
pub fn process_program_headers(cx: &mut Cx) -> io::Result<bool> {
    let _ = cx;
    Ok(true)
}
