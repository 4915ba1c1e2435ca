//! What the command-line tools (`readelf`, `addr2line`, `cxxfilt`, …) share, so that each
//! GNU behaviour lives in one place. Tools may depend on this crate; libraries never do.
//!
//! - [`atfile`]: libiberty's `expandargv`, the `@file` expansion every binutils program
//!   runs before parsing its options.
//!
//! ```
//! use tools_common::atfile;
//!
//! // An argument naming no file is left as it is.
//! let args = vec!["-h".to_owned(), "@/no/such/file".to_owned()];
//! assert_eq!(atfile::expand(&args).unwrap(), args);
//! ```

pub mod atfile;
