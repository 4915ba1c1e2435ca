//! `-d`/`-D`/`-S`: disassembly through libmc, laid out as GNU's `disassemble_data`.
//!
//! Not written yet.

use std::io::{self, Write};

use crate::{Cx, Object};

/// Disassemble the object's code sections (all sections with `-D`).
///
/// # Errors
/// Only errors writing `out`.
pub fn disassemble(cx: &mut Cx<'_, '_>, _obj: &Object<'_>, _out: &mut dyn Write) -> io::Result<()> {
    cx.nonfatal(format_args!("-d is not implemented yet"));
    Ok(())
}
