//! FreeBSD hwpmc(4) logs (the format `pmcstat -O` writes and pmclog(3) reads): a zero-copy
//! reader of every record type and a writer that lays records out as the kernel does.
//!
//! A log is a stream of records with no file header, each a multiple of 4 bytes: a 16-byte
//! header (`0xEE << 24 | type << 16 | length`, a spare word, the TSC) and the fields. Logs
//! are in the recording machine's byte order, with 4- or 8-byte addresses; the reader
//! works both out ([`Layout::detect`]) and refuses the FreeBSD 6–11 layout, whose
//! 12-byte headers and type numbers differ, by name rather than misreading it. Where the
//! kernel and libpmc disagree (PMCALLOCATEDYN's name offset) both readings are accepted.
//! A log cut short mid-record (common: logs often end without CLOSELOG) yields every
//! whole record, then [`Error::Truncated`].
//!
//! The format is described field by field in the project's `shared/formats/pmclog.md`,
//! read from FreeBSD's `hwpmc_logging.c` (the writer) and `libpmc/pmclog.c` (the reader).
//!
//! ```
//! use libpmclog::{Layout, Pcs, Reader, Record, Writer};
//!
//! // Write a small log: INITIALIZE, a mapping, one sample, CLOSELOG.
//! let mut w = Writer::new(Vec::new(), Layout::LP64_LE);
//! w.write(0, &Record::Initialize {
//!     version: 0x0A00_0000, cpu: 0x400, tsc_freq: 0, ts_sec: 0, ts_nsec: 0,
//!     cpuid: b"GenuineIntel-6-55-4",
//! })?;
//! w.write(1, &Record::MapIn { pid: 42, start: 0x40_0000, path: b"/bin/sh" })?;
//! let pcs = [0x40_1234, 0x40_1000];
//! w.write(2, &Record::Callchain {
//!     pid: 42, tid: 100042, pmcid: 0x1000, cpuflags: 1, slots: Pcs::from_values(&pcs),
//! })?;
//! w.write(3, &Record::CloseLog)?;
//! let log = w.finish()?;
//!
//! // Read it back.
//! let reader = Reader::new(&log)?;
//! assert_eq!(reader.layout(), Layout::LP64_LE);
//! let mut samples = 0;
//! for entry in reader {
//!     if let Some(pcs) = entry?.record.callchain_pcs() {
//!         assert_eq!(pcs.iter().collect::<Vec<u64>>(), [0x40_1234, 0x40_1000]);
//!         samples += 1;
//!     }
//! }
//! assert_eq!(samples, 1);
//! # Ok::<(), libpmclog::Error>(())
//! ```

mod layout;
mod read;
mod record;
mod write;

#[cfg(test)]
mod tests;

pub use layout::{AddrSize, ByteOrder, Layout};
pub use read::{Entry, Reader, HEADER_LEN, MAGIC};
pub use record::{
    types, Part, Pcs, Record, CC_MULTIPART, CC_USERSPACE, PART_CALLCHAIN, PMC_ID_INVALID,
};
pub use write::{encode, Writer};

/// What can go wrong reading or writing a log. Offsets are byte offsets in the log.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The log has no bytes.
    #[error("empty log")]
    Empty,
    /// A record does not start with the 0xEE magic byte: not a pmclog, or a damaged one.
    #[error("bad record magic {magic:#04x} at offset {offset} (not a hwpmc log?)")]
    BadMagic {
        /// Where the record starts.
        offset: u64,
        /// The byte found where the magic should be.
        magic: u8,
    },
    /// A record's length is shorter than a header, so the log cannot be framed further.
    #[error("record at offset {offset} has length {len}, shorter than its header")]
    BadLength {
        /// Where the record starts.
        offset: u64,
        /// Its length field.
        len: usize,
    },
    /// The log ends inside a record.
    #[error("log truncated at offset {offset}: a record of {need} bytes, {have} bytes left")]
    Truncated {
        /// Where the partial record starts.
        offset: u64,
        /// Its length (or a header's, if not even that is there).
        need: usize,
        /// The bytes there are.
        have: usize,
    },
    /// A record too short for the fields of its type (the next one is read normally).
    #[error("record of type {kind} at offset {offset} is too short for its fields ({len} bytes)")]
    ShortRecord {
        /// Where the record starts.
        offset: u64,
        /// Its type.
        kind: u8,
        /// Its length.
        len: usize,
    },
    /// The FreeBSD 6–11 layout (12-byte headers, other type numbers).
    #[error("hwpmc log of the legacy layout (FreeBSD 6 to 11, PMC_VERSION {version:#010x}) is not supported")]
    Legacy {
        /// The version its INITIALIZE record gives.
        version: u32,
    },
    /// A record that does not fit the 16-bit length field.
    #[error("record of type {kind} would be {len} bytes, more than a log record can hold")]
    TooLong {
        /// Its type.
        kind: u8,
        /// Its encoded length.
        len: usize,
    },
    /// Writing the log failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
}
