//! Diagnostics worded as GNU readelf words them.

use std::fmt;
use std::io::Write;

/// Where warnings and errors go, and whether any error happened.
pub struct Diag<'a> {
    err: &'a mut dyn Write,
    /// Set when an error was reported.
    pub errored: bool,
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
            errored: false,
        }
    }

    /// `readelf: Warning: MSG` (MSG carries its own newline, as GNU's do).
    pub fn warn(&mut self, msg: fmt::Arguments<'_>) {
        let _ = write!(self.err, "readelf: Warning: {msg}");
    }

    /// `readelf: Error: MSG`.
    pub fn error(&mut self, msg: fmt::Arguments<'_>) {
        self.errored = true;
        let _ = write!(self.err, "readelf: Error: {msg}");
    }

    /// Raw text on stderr (for continuation lines).
    pub fn raw(&mut self, msg: fmt::Arguments<'_>) {
        let _ = write!(self.err, "{msg}");
    }
}
