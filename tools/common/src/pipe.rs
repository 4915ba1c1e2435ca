//! The broken-pipe policy: `readelf -a big | head` ends quietly.
//!
//! GNU's tools die of `SIGPIPE` when the reader of their standard output goes away:
//! nothing is printed. Rust ignores `SIGPIPE`, so a write fails with `EPIPE` instead,
//! and `println!` would panic on it. Our tools (STYLE.md, after ripgrep) stop at the first
//! failed write to standard output, print nothing, and exit with status 0, so a pipeline
//! under `set -o pipefail` does not fail because its reader had seen enough; no tool
//! writes standard output with `print!`.
//!
//! - [`is_broken`] is the test for an `io::Error` that travelled up with `?`;
//! - [`Watch`] remembers a broken pipe for code whose errors become messages on the way
//!   up (addr2line's), so the caller can still tell it was one;
//! - [`status`] turns the end of a run into the exit status by the policy.

use std::io::{self, Write};

/// Whether `e` says the reader of the output went away.
pub fn is_broken(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

/// The exit status of a run that ended with `r`: `Ok(code)` is `code`; a broken pipe
/// is 0 (quietly: the caller prints nothing for it); any other error is `failed`.
pub fn status(r: io::Result<i32>, failed: i32) -> i32 {
    match r {
        Ok(c) => c,
        Err(e) if is_broken(&e) => 0,
        Err(_) => failed,
    }
}

/// A writer that remembers whether a write failed with a broken pipe.
#[derive(Debug)]
pub struct Watch<W> {
    inner: W,
    broken: bool,
}

impl<W: Write> Watch<W> {
    /// `inner`, watched.
    pub fn new(inner: W) -> Self {
        Watch {
            inner,
            broken: false,
        }
    }

    /// Whether a write or flush failed because the reader went away.
    pub fn broken(&self) -> bool {
        self.broken
    }

    fn check<T>(&mut self, r: io::Result<T>) -> io::Result<T> {
        if let Err(e) = &r {
            self.broken |= is_broken(e);
        }
        r
    }
}

impl<W: Write> Write for Watch<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let r = self.inner.write(buf);
        self.check(r)
    }

    fn flush(&mut self) -> io::Result<()> {
        let r = self.inner.flush();
        self.check(r)
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;

    struct Closed;

    impl Write for Closed {
        fn write(&mut self, _: &[u8]) -> io::Result<usize> {
            Err(io::ErrorKind::BrokenPipe.into())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn broken_pipes_end_quietly() {
        let mut w = Watch::new(Closed);
        assert!(!w.broken());
        let e = w.write_all(b"x").unwrap_err();
        assert!(w.broken() && is_broken(&e));
        assert_eq!(status(Err(e), 1), 0);
        assert_eq!(status(Err(io::ErrorKind::Other.into()), 1), 1);
        assert_eq!(status(Ok(2), 1), 2);
        let mut ok = Watch::new(Vec::new());
        ok.write_all(b"x").unwrap();
        assert!(!ok.broken());
    }
}
