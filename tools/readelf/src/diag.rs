//! Diagnostics worded as GNU readelf words them: `readelf: Warning: …` and
//! `readelf: Error: …`, flushing standard output first when the order shows. The type is
//! the tools' shared one ([`tools_common::diag`]), made with [`PROG`].

pub use tools_common::diag::{with_shared_out, Diag, SharedOut};

/// The name readelf's own diagnostics start with (GNU's `program_name` is fixed; only
/// glibc's option errors name `argv[0]`).
pub const PROG: &str = "readelf";
