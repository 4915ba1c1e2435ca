//! What the command-line tools (`readelf`, `addr2line`, `cxxfilt`, `elfc`, objdump next)
//! share, so that each GNU behaviour lives in one place. Tools may depend on this crate;
//! libraries never do.
//!
//! - [`atfile`]: libiberty's `expandargv`, the `@file` expansion every binutils program
//!   runs before parsing its options.
//! - [`cnum`]: C's `strtoul`, as GNU reads numbers in arguments and headers.
//! - [`getopt`]: glibc's `getopt_long` from a declarative table, with its diagnostics.
//! - [`diag`]: warnings and errors after the program name, and the order of standard
//!   output and standard error when both go to one place.
//! - [`input`]: opening an input file as GNU's tools check it, mapped or read.
//! - [`pipe`]: what a closed standard output does (nothing loud).
//! - [`time`]: the calendar fields of a time stamp (archive member dates, `DT_*` stamps).
//!
//! ```
//! use tools_common::atfile;
//!
//! // An argument naming no file is left as it is.
//! let args = vec!["-h".to_owned(), "@/no/such/file".to_owned()];
//! assert_eq!(atfile::expand(&args).unwrap(), args);
//! ```

pub mod atfile;
pub mod cnum;
pub mod diag;
pub mod getopt;
pub mod input;
pub mod pipe;
pub mod time;

pub use diag::Diag;

/// A fresh scratch directory for a test.
#[cfg(test)]
#[allow(clippy::unwrap_used)]
fn scratch(tag: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}
