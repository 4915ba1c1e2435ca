//! `-W`/`--dwarf`: the DWARF dump through `libdwarf::dump`, as readelf's `-w` prints it.
//!
//! Not written yet.

use std::io::{self, Write};

use crate::{Cx, Object};

/// Dump the selected DWARF sections of the object.
///
/// # Errors
/// Only errors writing `out`.
pub fn dump(cx: &mut Cx<'_, '_>, _obj: &Object<'_>, _out: &mut dyn Write) -> io::Result<()> {
    cx.nonfatal(format_args!("-W is not implemented yet"));
    Ok(())
}
