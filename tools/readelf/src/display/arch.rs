//! `-A`: architecture-specific information (GNU's `process_arch_specific`).

use std::io;

use crate::Cx;

/// GNU's `process_arch_specific`.
pub fn process_arch_specific(cx: &mut Cx) -> io::Result<bool> {
    let _ = cx;
    Ok(true)
}
