//! The one error type of this crate.

/// What went wrong while loading or reading DWARF.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The ELF container could not be read.
    #[error("ELF: {0}")]
    Elf(#[from] libelf::Error),
    /// gimli rejected the DWARF data.
    #[error("DWARF: {0}")]
    Dwarf(#[from] gimli::Error),
    /// A relocation in a relocatable object could not be applied.
    #[error("relocation {index} in section {section}: {what}")]
    Reloc {
        /// The relocation section's index.
        section: u32,
        /// The index of the relocation in it.
        index: usize,
        /// What was wrong.
        what: &'static str,
    },
    /// Reading a separate debug file failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: std::path::PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

/// `Result` with this crate's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
