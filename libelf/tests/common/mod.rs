//! Helpers of libelf's integration tests.

use libelf::archive::{rewrite, Archive};

pub mod archive;

/// The rows of GNU readelf `-l -W`'s program header table in `out` (not the lines of
/// the interpreter's name under them).
#[allow(dead_code)] // not every test binary uses it
pub fn segment_rows(out: &str) -> Vec<&str> {
    out.lines()
        .skip_while(|l| !l.starts_with("  Type "))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .filter(|l| !l.starts_with("      ["))
        .collect()
}
