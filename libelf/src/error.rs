//! The one error type of libelf.

/// What went wrong while reading, editing or writing an ELF object or archive.
///
/// Every variant names what was wrong and, where the problem sits in the file, where.
/// Construction is cheap (static strings and integers); nothing here allocates.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The input does not start with `\x7fELF`.
    #[error("not an ELF file: bad magic")]
    BadMagic,
    /// The input does not start with an `ar` magic string.
    #[error("not an ar archive: bad magic")]
    BadArchiveMagic,
    /// A range named by the file does not fit in the file.
    #[error(
        "{what} at offset {offset:#x} with size {size:#x} is past the end of the file ({len:#x})"
    )]
    OutOfBounds {
        /// What was being read.
        what: &'static str,
        /// Start of the range.
        offset: u64,
        /// Length of the range.
        size: u64,
        /// Length of the data the range was checked against.
        len: u64,
    },
    /// A structure could not be decoded.
    #[error("malformed {what} at offset {offset:#x}")]
    Malformed {
        /// What was being read.
        what: &'static str,
        /// Where it was.
        offset: u64,
    },
    /// A field holds a value that cannot be used.
    #[error("bad {what}: {value:#x}")]
    BadValue {
        /// The field.
        what: &'static str,
        /// Its value.
        value: u64,
    },
    /// A section index is out of range.
    #[error("section index {index} is out of range ({count} sections)")]
    BadSectionIndex {
        /// The index.
        index: u32,
        /// How many sections there are.
        count: u32,
    },
    /// A string table offset is past the end of the table or the string is not terminated.
    #[error("string at offset {offset:#x} is past the end of its table ({size:#x})")]
    BadStringOffset {
        /// Offset in the table.
        offset: u64,
        /// Size of the table.
        size: u64,
    },
    /// A compressed section uses an algorithm we do not know.
    #[error("unsupported compression type {0:#x}")]
    UnsupportedCompression(u32),
    /// A compressed section does not decompress.
    #[error("section data does not decompress: {0}")]
    Decompress(&'static str),
    /// A compressed section decompresses to another size than its header says.
    #[error("decompressed size {actual:#x} differs from declared size {declared:#x}")]
    DecompressedSize {
        /// What the header said.
        declared: u64,
        /// What came out (capped at the declared size plus one).
        actual: u64,
    },
    /// A declared size is beyond what we are willing to allocate.
    #[error("declared size {size:#x} of {what} exceeds the limit {limit:#x}")]
    TooLarge {
        /// What was declared.
        what: &'static str,
        /// The declared size.
        size: u64,
        /// The limit.
        limit: u64,
    },
    /// A walk (hash chain, version chain, link) went on for longer than its data allows.
    #[error("{what} does not terminate")]
    Loop {
        /// The walk.
        what: &'static str,
    },
    /// The object cannot be laid out as asked.
    #[error("layout: {0}")]
    Layout(&'static str),
    /// Compression on write failed.
    #[error("compression failed: {0}")]
    Compress(&'static str),
    /// An `ar` archive member (its header, name, size or a special member's contents) is
    /// malformed; `offset` is where the member's header starts.
    #[error("ar member at offset {offset:#x}: {what}")]
    BadArchiveMember {
        /// What was wrong.
        what: &'static str,
        /// File offset of the member's header.
        offset: u64,
    },
    /// The data of a thin archive's member lives in an external file, not in the archive.
    #[error("ar member at offset {offset:#x} is stored outside the archive (thin archive)")]
    ExternalMember {
        /// File offset of the member's header.
        offset: u64,
    },
}

/// `Result` with libelf's [`Error`].
pub type Result<T, E = Error> = core::result::Result<T, E>;
