//! Diagnostics worded as GNU readelf words them.

use std::cell::RefCell;
use std::fmt;
use std::io::Write;

/// Where warnings and errors go, and whether any error happened.
///
/// Like GNU's `warn`/`error`, which call `fflush (stdout)` first, a diagnostic flushes
/// standard output before it is written, so the two streams interleave as GNU's do when
/// they go to the same place (`2>&1`).
pub struct Diag<'a> {
    err: &'a mut dyn Write,
    flush_stdout: Option<&'a dyn Fn()>,
    /// Set when an error was reported.
    pub errored: bool,
}

/// Standard output shared with a [`Diag`], so diagnostics can flush it first.
pub struct SharedOut<'a, 'b>(pub &'a RefCell<&'b mut dyn Write>);

impl Write for SharedOut<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> std::io::Result<()> {
        self.0.borrow_mut().write_all(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.borrow_mut().flush()
    }
}

impl fmt::Debug for Diag<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Diag")
            .field("errored", &self.errored)
            .finish()
    }
}

impl<'a> Diag<'a> {
    /// Diagnostics written to `err`.
    pub fn new(err: &'a mut dyn Write) -> Self {
        Diag {
            err,
            flush_stdout: None,
            errored: false,
        }
    }

    /// Diagnostics written to `err`, calling `flush_stdout` before each one.
    pub fn with_flush(err: &'a mut dyn Write, flush_stdout: &'a dyn Fn()) -> Self {
        Diag {
            err,
            flush_stdout: Some(flush_stdout),
            errored: false,
        }
    }

    fn flush_stdout(&mut self) {
        if let Some(f) = self.flush_stdout {
            f();
        }
    }

    /// Writes `prefix` and `msg` to `err` in one piece (stderr is unbuffered: one
    /// write per diagnostic, not one per formatted part).
    fn emit(&mut self, prefix: &str, msg: fmt::Arguments<'_>) {
        let mut line = String::with_capacity(96);
        line.push_str(prefix);
        match msg.as_str() {
            Some(m) => line.push_str(m),
            None => {
                let _ = fmt::Write::write_fmt(&mut line, msg);
            }
        }
        let _ = self.err.write_all(line.as_bytes());
    }

    /// `readelf: Warning: MSG` (MSG carries its own newline, as GNU's do).
    pub fn warn(&mut self, msg: fmt::Arguments<'_>) {
        self.flush_stdout();
        self.emit("readelf: Warning: ", msg);
    }

    /// `readelf: Error: MSG`.
    pub fn error(&mut self, msg: fmt::Arguments<'_>) {
        self.flush_stdout();
        self.errored = true;
        self.emit("readelf: Error: ", msg);
    }

    /// Raw text on stderr (for continuation lines).
    pub fn raw(&mut self, msg: fmt::Arguments<'_>) {
        self.flush_stdout();
        self.emit("", msg);
    }
}
