//! `-r`: relocations (GNU's `process_relocs`).

use std::io;

use crate::Cx;

/// GNU's `process_relocs`.
pub fn process_relocs(cx: &mut Cx) -> io::Result<bool> {
    let _ = cx;
    Ok(true)
}
