//! Input files: checked as GNU's tools check them, opened without blocking, mapped (or,
//! when small, read).
//!
//! [`open`] does what GNU does before reading a file, in GNU's order and words, for the
//! two families of tools ([`Checks`]): readelf's own `process_file`, and binutils'
//! `get_file_size` (bucomm.c) that the BFD tools (addr2line, objdump, nm) run (and a
//! third, near the second, for elfc). Then it
//! opens the file with `O_NONBLOCK`, so that a FIFO put in place of the file after the
//! check cannot hang the open, and checks the open file again.
//!
//! # Mapping and `SIGBUS`
//!
//! A file of [`SMALL`] bytes or more is mapped read-only (`MAP_PRIVATE`): only the pages
//! a display reads are read and count against memory, which is how our readelf keeps
//! GNU's time and peak memory on big files ([`Input::release_pages`] lets go of pages a
//! display is done with). The hazard: another process may change or truncate the file
//! while it is mapped. A change shows through the mapping (we never write to it, so no
//! page is copied); every read of the bytes is bounds-checked against the length the map
//! had when made, so a change gives output as inconsistent as the file, never a read
//! outside the mapping. A truncation does worse: touching a page past the new end of the
//! file raises `SIGBUS` and the process dies of it, where GNU, reading with `fread`,
//! would print an error about a short read. This is accepted because our tools only read
//! their inputs, a file rewritten under a reader gives meaningless output either way, and
//! the signal ends the run visibly (status 135 in a shell) without writing anything but
//! the standard output seen so far; `elfc --dump -o OUT` may leave its temporary file
//! beside OUT. Files under [`SMALL`] bytes (most objects) are read instead: one `read`
//! costs less than a map and its page faults, and such files are immune to the hazard.

use std::fmt;
use std::io::{self, Read};
use std::path::Path;

/// Files shorter than this are read into memory rather than mapped.
pub const SMALL: u64 = 64 << 10;

/// A file's bytes: mapped, or read into memory.
#[derive(Debug)]
pub enum Input {
    /// A read-only private map of the whole file.
    Map(memmap2::Mmap),
    /// The bytes, read.
    Vec(Vec<u8>),
}

impl std::ops::Deref for Input {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Input::Map(m) => m,
            Input::Vec(v) => v,
        }
    }
}

impl AsRef<[u8]> for Input {
    fn as_ref(&self) -> &[u8] {
        self
    }
}

impl Input {
    /// Drops the mapped pages of `start..end`, rounded out to whole pages, from our
    /// resident set: they stay in the page cache and a later read brings them back.
    /// Nothing happens to bytes read into memory.
    pub fn release_pages(&self, start: usize, end: usize) {
        // The page size of the ports this suite builds for; where pages are bigger the
        // start may not be aligned, `madvise` fails with EINVAL and nothing is dropped.
        const PAGE: usize = 4096;
        if let Input::Map(m) = self {
            let start = start & !(PAGE - 1);
            let end = end.min(m.len());
            if start >= end {
                return;
            }
            // SAFETY: the mapping is read-only and file-backed: MADV_DONTNEED only drops
            // page table entries, and the next read faults the same file contents back
            // in. The range lies inside the mapping (checked above).
            #[allow(unsafe_code)]
            let _ = unsafe {
                m.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, start, end - start)
            };
        }
    }

    /// [`Input::release_pages`] for `part`, a slice of these bytes (a section, an archive
    /// member's): the pages it lies on leave our resident set. A slice from elsewhere is
    /// left alone.
    pub fn release_slice(&self, part: &[u8]) {
        let base = self.as_ptr() as usize;
        let at = part.as_ptr() as usize;
        if let Some(start) = at.checked_sub(base) {
            if start.saturating_add(part.len()) <= self.len() && !part.is_empty() {
                self.release_pages(start, start + part.len());
            }
        }
    }
}

/// Whose checks [`open`] makes, and whose words its errors use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Checks {
    /// readelf's `process_file`.
    Readelf,
    /// binutils' `get_file_size` (addr2line, objdump, nm, …): an empty file is refused
    /// without a word.
    Bucomm,
    /// A regular file of any size, worded as [`Checks::Bucomm`] except that a directory
    /// is "not an ordinary file" too (elfc's input).
    Regular,
}

/// Why a file could not be used. [`fmt::Display`] gives GNU's message, without the
/// `PROG: ` / `PROG: Error: ` prefix and newline the tool adds.
#[derive(Debug)]
pub struct OpenError {
    path: String,
    checks: Checks,
    /// What went wrong.
    pub kind: OpenErrorKind,
}

/// What went wrong opening a file.
#[derive(Debug)]
#[non_exhaustive]
pub enum OpenErrorKind {
    /// It does not exist.
    Missing,
    /// `stat` failed otherwise.
    Stat(io::Error),
    /// A directory.
    Directory,
    /// Neither a regular file nor a directory (a device, FIFO, socket).
    NotRegular,
    /// Empty ([`Checks::Bucomm`] only; GNU says nothing).
    Empty,
    /// It could not be opened or read.
    Read(io::Error),
}

impl OpenError {
    /// Whether GNU fails here without a word ([`OpenErrorKind::Empty`]).
    pub fn is_silent(&self) -> bool {
        matches!(self.kind, OpenErrorKind::Empty)
    }
}

/// An I/O error's text as C's `strerror` gives it (without Rust's ` (os error N)`).
pub fn strerror(e: &io::Error) -> String {
    let m = e.to_string();
    m.split(" (os error").next().unwrap_or(&m).to_owned()
}

impl fmt::Display for OpenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use OpenErrorKind as K;
        let p = &self.path;
        match (self.checks, &self.kind) {
            (_, K::Missing) => write!(f, "'{p}': No such file"),
            (_, K::Empty) => Ok(()),
            (Checks::Readelf, K::Stat(e)) => write!(
                f,
                "Could not locate '{p}'.  System error message: {}",
                strerror(e)
            ),
            (Checks::Readelf, K::Directory | K::NotRegular) => {
                write!(f, "'{p}' is not an ordinary file")
            }
            (Checks::Readelf, K::Read(_)) => write!(f, "Input file '{p}' is not readable."),
            (Checks::Bucomm | Checks::Regular, K::Stat(e)) => write!(
                f,
                "Warning: could not locate '{p}'.  reason: {}",
                strerror(e)
            ),
            (Checks::Bucomm, K::Directory) => write!(f, "Warning: '{p}' is a directory"),
            (Checks::Bucomm, K::NotRegular) | (Checks::Regular, K::Directory | K::NotRegular) => {
                write!(f, "Warning: '{p}' is not an ordinary file")
            }
            (Checks::Bucomm | Checks::Regular, K::Read(e)) => write!(f, "{p}: {}", strerror(e)),
        }
    }
}

impl std::error::Error for OpenError {}

/// The checks on a file's metadata, in GNU's order.
fn check(md: &std::fs::Metadata, checks: Checks) -> Result<(), OpenErrorKind> {
    if md.is_dir() {
        Err(OpenErrorKind::Directory)
    } else if !md.is_file() {
        Err(OpenErrorKind::NotRegular)
    } else if checks == Checks::Bucomm && md.len() == 0 {
        Err(OpenErrorKind::Empty)
    } else {
        Ok(())
    }
}

/// The file at `path`, checked as `checks` says (see the module documentation).
///
/// # Errors
/// Why the file cannot be used, worded as GNU words it.
pub fn open(path: &Path, checks: Checks) -> Result<Input, OpenError> {
    let fail = |kind| OpenError {
        path: path.display().to_string(),
        checks,
        kind,
    };
    match std::fs::metadata(path) {
        Ok(md) => check(&md, checks).map_err(fail)?,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Err(fail(OpenErrorKind::Missing)),
        Err(e) => return Err(fail(OpenErrorKind::Stat(e))),
    }
    let mut f = open_nonblocking(path).map_err(|e| fail(OpenErrorKind::Read(e)))?;
    let md = f.metadata().map_err(|e| fail(OpenErrorKind::Read(e)))?;
    check(&md, checks).map_err(fail)?;
    if md.len() < SMALL {
        let mut v = Vec::new();
        f.read_to_end(&mut v)
            .map_err(|e| fail(OpenErrorKind::Read(e)))?;
        return Ok(Input::Vec(v));
    }
    // SAFETY: a read-only private map of a regular file we never write; what another
    // process changing or truncating the file does is in the module documentation.
    #[allow(unsafe_code)]
    match unsafe { memmap2::Mmap::map(&f) } {
        Ok(m) => {
            // Random access: no read-ahead and no mapping of neighbouring pages, so only
            // the pages a display reads count against our memory.
            let _ = m.advise(memmap2::Advice::Random);
            Ok(Input::Map(m))
        }
        Err(_) => {
            let mut v = Vec::new();
            f.read_to_end(&mut v)
                .map_err(|e| fail(OpenErrorKind::Read(e)))?;
            Ok(Input::Vec(v))
        }
    }
}

/// Opens `path` for reading with `O_NONBLOCK`, so that a FIFO does not wait for a
/// writer (a regular file ignores the flag).
pub fn open_nonblocking(path: &Path) -> io::Result<std::fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::panic)]

    use super::*;

    fn scratch(tag: &str) -> std::path::PathBuf {
        crate::scratch(&format!("input-{tag}"))
    }

    fn msg(path: &str, checks: Checks) -> String {
        match open(Path::new(path), checks) {
            Ok(_) => panic!("{path} opened"),
            Err(e) => e.to_string(),
        }
    }

    #[test]
    fn small_files_read_big_files_mapped() {
        let d = scratch("sizes");
        let small = d.join("small");
        std::fs::write(&small, b"\x7fELF").unwrap();
        let big = d.join("big");
        std::fs::write(&big, vec![7u8; SMALL as usize]).unwrap();
        let s = open(&small, Checks::Readelf).unwrap();
        assert!(matches!(s, Input::Vec(_)));
        assert_eq!(&*s, b"\x7fELF");
        let b = open(&big, Checks::Bucomm).unwrap();
        assert!(matches!(b, Input::Map(_)));
        assert_eq!(b.len(), SMALL as usize);
        b.release_pages(0, b.len());
        assert!(b.iter().all(|&x| x == 7), "pages come back after release");
        b.release_slice(&b[5000..9000]);
        b.release_slice(&[7u8; 4]);
        assert!(
            b.iter().all(|&x| x == 7),
            "pages of a part come back after release"
        );
        // readelf reads an empty file (and says it has no magic number); bucomm refuses.
        let empty = d.join("empty");
        std::fs::write(&empty, b"").unwrap();
        assert!(open(&empty, Checks::Readelf).unwrap().is_empty());
        let e = open(&empty, Checks::Bucomm).unwrap_err();
        assert!(e.is_silent());
        assert_eq!(e.to_string(), "");
    }

    #[test]
    fn gnus_words() {
        use Checks::{Bucomm, Readelf, Regular};
        // As readelf 2.40 and addr2line 2.40 word them for these paths.
        for (path, checks, want) in [
            ("/no/such", Readelf, "'/no/such': No such file"),
            ("/no/such", Bucomm, "'/no/such': No such file"),
            ("/", Readelf, "'/' is not an ordinary file"),
            ("/", Bucomm, "Warning: '/' is a directory"),
            ("/", Regular, "Warning: '/' is not an ordinary file"),
            ("/dev/null", Readelf, "'/dev/null' is not an ordinary file"),
            (
                "/dev/null",
                Bucomm,
                "Warning: '/dev/null' is not an ordinary file",
            ),
            // ENOTDIR is not ENOENT.
            (
                "/dev/null/x",
                Readelf,
                "Could not locate '/dev/null/x'.  System error message: Not a directory",
            ),
            (
                "/dev/null/x",
                Bucomm,
                "Warning: could not locate '/dev/null/x'.  reason: Not a directory",
            ),
        ] {
            assert_eq!(msg(path, checks), want, "{path} {checks:?}");
        }
    }

    #[test]
    fn a_fifo_does_not_hang() {
        let d = scratch("fifo");
        let fifo = d.join("fifo");
        let ok = std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .is_ok_and(|s| s.success());
        if !ok {
            // mkfifo is in coreutils, on every machine the tests run on; say so loudly.
            panic!("mkfifo failed");
        }
        assert!(open_nonblocking(&fifo).is_ok(), "opened without a writer");
        let e = open(&fifo, Checks::Bucomm).unwrap_err();
        assert!(matches!(e.kind, OpenErrorKind::NotRegular));
    }
}
