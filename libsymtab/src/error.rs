//! The one error type of libsymtab.

/// What went wrong while reading symbol tables.
///
/// Construction is cheap (static strings and integers); nothing here allocates.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// libelf could not read a structure the tables depend on.
    #[error(transparent)]
    Elf(#[from] libelf::Error),
    /// A symbol table section could not be read; the table is left out.
    #[error("symbol table section {section}: {source}")]
    Table {
        /// Index of the section.
        section: u32,
        /// What libelf said.
        #[source]
        source: libelf::Error,
    },
    /// Virtual addresses from the dynamic section cannot be mapped to the file.
    #[error("cannot interpret virtual addresses without program headers")]
    NoProgramHeaders,
    /// A `PT_LOAD` segment runs past the end of the file (GNU: "Invalid PT_LOAD entry").
    #[error("invalid PT_LOAD entry {index}: offset {offset:#x} + size {size:#x} is past the end of the file")]
    InvalidLoad {
        /// Index of the program header.
        index: usize,
        /// `p_offset`.
        offset: u64,
        /// `p_filesz`.
        size: u64,
    },
    /// The table `DT_SYMTAB` names cannot be read with the count the hash tables give
    /// (GNU: "Corrupt DT_SYMTAB dynamic entry").
    #[error("corrupt DT_SYMTAB dynamic entry at address {addr:#x}")]
    CorruptDynamicSymtab {
        /// `DT_SYMTAB`.
        addr: u64,
    },
}

/// `Result` with libsymtab's [`Error`].
pub type Result<T, E = Error> = core::result::Result<T, E>;
