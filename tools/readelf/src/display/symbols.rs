//! `-s`, `--dyn-syms`: symbol tables (GNU's `process_symbol_table`), and `process_syminfo`.

use std::io;

use crate::Cx;

/// GNU's `process_symbol_table`.
pub fn process_symbol_table(cx: &mut Cx) -> io::Result<bool> {
    let _ = cx;
    Ok(true)
}

/// GNU's `process_syminfo`.
pub fn process_syminfo(cx: &mut Cx) -> io::Result<bool> {
    let _ = cx;
    Ok(true)
}
