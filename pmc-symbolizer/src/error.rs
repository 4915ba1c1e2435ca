//! Errors.

use std::path::PathBuf;

/// What can go wrong reading an input.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An input file could not be opened or read.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// A legacy `PERFFILE` (version 1) file: perf itself stopped writing these long ago.
    #[error("legacy perf.data version 1 ('PERFFILE' magic) is not supported; re-record with a current perf")]
    LegacyPerfFile,
    /// Not a perf.data file.
    #[error("not a perf.data file (magic {0:02x?})")]
    BadMagic([u8; 8]),
    /// The perf.data file is malformed before any record could be read.
    #[error("malformed perf.data: {0}")]
    Malformed(String),
    /// An address list line could not be read.
    #[error("line {line}: {msg}")]
    AddressList {
        /// 1-based line number.
        line: usize,
        /// What is wrong.
        msg: String,
    },
}

/// `Result` with this crate's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
