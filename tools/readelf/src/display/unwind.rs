//! `-u`: unwind information (GNU's `process_unwind`).

use std::io;

use crate::Cx;

/// GNU's `process_unwind`.
pub fn process_unwind(cx: &mut Cx) -> io::Result<bool> {
    let _ = cx;
    Ok(true)
}
