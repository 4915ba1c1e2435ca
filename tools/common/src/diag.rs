//! Diagnostics after the program name, and the order of the two output streams.
//!
//! Formats: readelf's `warn`/`error` write `readelf: Warning: MSG` and `readelf: Error:
//! MSG` ([`Diag::warn`], [`Diag::error`]); the BFD tools (addr2line, objdump, nm) write
//! `PROG: MSG` through `non_fatal` ([`Diag::plain`]), with any `Warning: ` inside the
//! message. Messages carry their own newline, as GNU's do.
//!
//! # Interleaving policy
//!
//! GNU's `warn`, `error` and `non_fatal` call `fflush (stdout)` before writing to the
//! unbuffered standard error, so when both streams go to one file or pipe (`2>&1`, a
//! terminal) every diagnostic lands after the output printed before it. Ours:
//!
//! - standard output is buffered (a `BufWriter` of 64 KiB) and shared with the [`Diag`]
//!   through [`SharedOut`]; a `Diag` made [`Diag::with_flush`] flushes it before each
//!   diagnostic, and each diagnostic is one `write` to standard error;
//! - the tool asks [`same_file`] whether the two streams are one file (same device and
//!   inode; `/dev/null` on either side shows nothing). Only then, or when standard error
//!   is a terminal, is the flush needed and standard error left unbuffered; otherwise
//!   nobody can see the order and both streams are written in big blocks ([`Streams`]).
//!
//! The test `one_pipe_keeps_gnus_order` shows the order kept in one buffer.

use std::cell::RefCell;
use std::fmt;
use std::io::{self, Write};

/// Where warnings and errors go, after which program name, and whether any error happened.
pub struct Diag<'a> {
    prog: &'a str,
    err: &'a mut dyn Write,
    flush_stdout: Option<&'a dyn Fn()>,
    /// Set when an error was reported ([`Diag::error`]).
    pub errored: bool,
}

impl fmt::Debug for Diag<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Diag")
            .field("prog", &self.prog)
            .field("errored", &self.errored)
            .finish()
    }
}

impl<'a> Diag<'a> {
    /// Diagnostics of `prog` written to `err`, without flushing anything first.
    pub fn new(prog: &'a str, err: &'a mut dyn Write) -> Self {
        Diag {
            prog,
            err,
            flush_stdout: None,
            errored: false,
        }
    }

    /// Diagnostics of `prog` written to `err`, calling `flush_stdout` before each one
    /// (see the module documentation).
    pub fn with_flush(prog: &'a str, err: &'a mut dyn Write, flush_stdout: &'a dyn Fn()) -> Self {
        Diag {
            prog,
            err,
            flush_stdout: Some(flush_stdout),
            errored: false,
        }
    }

    /// The program name the diagnostics start with.
    pub fn prog(&self) -> &str {
        self.prog
    }

    /// Writes `PROG: ` (when `prog`), `kind` and `msg` in one piece: standard error is
    /// unbuffered, one write per diagnostic rather than one per formatted part.
    fn emit(&mut self, prog: bool, kind: &str, msg: fmt::Arguments<'_>) {
        if let Some(f) = self.flush_stdout {
            f();
        }
        let mut line = String::with_capacity(96);
        if prog {
            line.push_str(self.prog);
            line.push_str(": ");
        }
        line.push_str(kind);
        match msg.as_str() {
            Some(m) => line.push_str(m),
            None => {
                let _ = fmt::Write::write_fmt(&mut line, msg);
            }
        }
        let _ = self.err.write_all(line.as_bytes());
    }

    /// `PROG: Warning: MSG`.
    pub fn warn(&mut self, msg: fmt::Arguments<'_>) {
        self.emit(true, "Warning: ", msg);
    }

    /// `PROG: Error: MSG`; the run will fail.
    pub fn error(&mut self, msg: fmt::Arguments<'_>) {
        self.errored = true;
        self.emit(true, "Error: ", msg);
    }

    /// `PROG: MSG`, BFD's `non_fatal` (the caller decides the exit status).
    pub fn plain(&mut self, msg: fmt::Arguments<'_>) {
        self.emit(true, "", msg);
    }

    /// Raw text on standard error (continuation lines, the usage text).
    pub fn raw(&mut self, msg: fmt::Arguments<'_>) {
        self.emit(false, "", msg);
    }

    /// Raw bytes on standard error (messages that need not be UTF-8).
    pub fn raw_bytes(&mut self, msg: &[u8]) {
        if let Some(f) = self.flush_stdout {
            f();
        }
        let _ = self.err.write_all(msg);
    }
}

/// Standard output shared with a [`Diag`], so that diagnostics can flush it first: wrap
/// the writer in a `RefCell`, write through `SharedOut(&cell)`, and give the `Diag` a
/// closure flushing the cell ([`SharedOut::flusher`]).
pub struct SharedOut<'a, 'b>(pub &'a RefCell<&'b mut dyn Write>);

impl fmt::Debug for SharedOut<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SharedOut")
    }
}

impl SharedOut<'_, '_> {
    /// A closure that flushes the shared writer (errors are left for the next write to
    /// meet, as GNU ignores `fflush`'s).
    pub fn flusher<'c, 'd: 'c>(cell: &'c RefCell<&'d mut dyn Write>) -> impl Fn() + use<'c, 'd> {
        move || {
            if let Ok(mut o) = cell.try_borrow_mut() {
                let _ = o.flush();
            }
        }
    }
}

impl Write for SharedOut<'_, '_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().write(buf)
    }
    fn write_all(&mut self, buf: &[u8]) -> io::Result<()> {
        self.0.borrow_mut().write_all(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        self.0.borrow_mut().flush()
    }
}

/// Where a run writes: its standard output and error, and whether the two are one file
/// (so that each diagnostic flushes the output first; see the module documentation).
pub struct Io<'a> {
    /// Standard output.
    pub out: &'a mut dyn Write,
    /// Standard error.
    pub err: &'a mut dyn Write,
    /// Whether `out` and `err` go to one file.
    pub same_file: bool,
}

impl fmt::Debug for Io<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Io")
            .field("same_file", &self.same_file)
            .finish()
    }
}

/// Run `body` with `io.out` shared with a [`Diag`] of `prog` writing to `io.err`, by the
/// policy of the module documentation: when the two are one file, each diagnostic
/// flushes the output first.
pub fn with_shared_out<R>(
    prog: &str,
    io: Io<'_>,
    body: impl FnOnce(&mut SharedOut<'_, '_>, &mut Diag<'_>) -> R,
) -> R {
    let cell = RefCell::new(io.out);
    let mut shared = SharedOut(&cell);
    let flush = SharedOut::flusher(&cell);
    let mut diag = if io.same_file {
        Diag::with_flush(prog, io.err, &flush)
    } else {
        Diag::new(prog, io.err)
    };
    body(&mut shared, &mut diag)
}

/// A tool's `main`: the program name (`argv[0]`, else `default_prog`) and the arguments
/// after it, as text (invalid UTF-8 becomes U+FFFD), handed to `run` with the process's
/// [`Streams`]; both streams are flushed after it, and its status is the process's.
pub fn main(
    default_prog: &str,
    run: impl FnOnce(&str, &[String], Io<'_>) -> i32,
) -> std::process::ExitCode {
    let mut argv = std::env::args_os().map(|a| a.to_string_lossy().into_owned());
    let prog = argv.next().unwrap_or_else(|| default_prog.to_owned());
    let args: Vec<String> = argv.collect();
    let mut s = Streams::new();
    let code = run(&prog, &args, s.io());
    let _ = s.out.flush();
    let _ = s.err.flush();
    // Exit statuses are 0..=255; GNU's tools use 0 and 1.
    std::process::ExitCode::from(code as u8)
}

/// The metadata of an open standard stream (`fstat` of a duplicate of it).
fn stat(fd: std::os::fd::BorrowedFd<'_>) -> Option<std::fs::Metadata> {
    let f = std::fs::File::from(fd.try_clone_to_owned().ok()?);
    f.metadata().ok()
}

/// Whether standard output and standard error are the same file (`2>&1`, one terminal,
/// one pipe), so that the order of their writes shows. `/dev/null` on either side
/// shows nothing. When in doubt, yes.
pub fn same_file(out: &io::Stdout, err: &io::Stderr) -> bool {
    use std::os::fd::AsFd;
    use std::os::unix::fs::{FileTypeExt, MetadataExt};
    let (Some(a), Some(b)) = (stat(out.as_fd()), stat(err.as_fd())) else {
        return true;
    };
    // Linux's /dev/null: character device 1:3.
    let is_null = |m: &std::fs::Metadata| m.file_type().is_char_device() && m.rdev() == 0x103;
    if is_null(&a) || is_null(&b) {
        return false;
    }
    a.dev() == b.dev() && a.ino() == b.ino()
}

/// The process's standard streams set up by the policy of the module documentation.
pub struct Streams {
    /// Buffered standard output.
    pub out: io::BufWriter<io::StdoutLock<'static>>,
    /// Standard error: unbuffered when the order shows, else buffered.
    pub err: Box<dyn Write>,
    /// Whether diagnostics must flush `out` first (the two are one file).
    pub same_file: bool,
}

impl Streams {
    /// The streams as a run writes to them.
    pub fn io(&mut self) -> Io<'_> {
        Io {
            out: &mut self.out,
            err: &mut self.err,
            same_file: self.same_file,
        }
    }

    /// Standard output and error of this process.
    pub fn new() -> Self {
        use std::io::IsTerminal;
        let (stdout, stderr) = (io::stdout(), io::stderr());
        let same = same_file(&stdout, &stderr);
        let err: Box<dyn Write> = if same || stderr.is_terminal() {
            Box::new(stderr.lock())
        } else {
            Box::new(io::BufWriter::with_capacity(1 << 16, stderr.lock()))
        };
        Streams {
            out: io::BufWriter::with_capacity(1 << 16, stdout.lock()),
            err,
            same_file: same,
        }
    }
}

impl fmt::Debug for Streams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Streams")
            .field("same_file", &self.same_file)
            .finish()
    }
}

impl Default for Streams {
    fn default() -> Self {
        Self::new()
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use std::rc::Rc;

    /// A writer into a buffer other writers share: one pipe both streams go to.
    #[derive(Clone, Default)]
    struct Pipe(Rc<RefCell<Vec<u8>>>);

    impl Write for Pipe {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.borrow_mut().extend_from_slice(buf);
            Ok(buf.len())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn formats() {
        let mut err = Vec::new();
        let mut d = Diag::new("readelf", &mut err);
        d.warn(format_args!("w {}\n", 1));
        assert!(!d.errored);
        d.error(format_args!("e\n"));
        assert!(d.errored);
        d.plain(format_args!("'x': No such file\n"));
        d.raw(format_args!("  raw\n"));
        d.raw_bytes(b"\xff\n");
        assert_eq!(d.prog(), "readelf");
        assert_eq!(
            err,
            b"readelf: Warning: w 1\nreadelf: Error: e\nreadelf: 'x': No such file\n  raw\n\xff\n"
        );
    }

    /// What one pipe that both streams go to receives, with standard output buffered
    /// and shared with a `Diag` that flushes it first (`flush`) or not.
    fn one_pipe(flush: bool) -> String {
        let pipe = Pipe::default();
        let mut buffered = io::BufWriter::with_capacity(1 << 16, pipe.clone());
        let mut err = pipe.clone();
        let out: &mut dyn Write = &mut buffered;
        let cell = RefCell::new(out);
        let flusher = SharedOut::flusher(&cell);
        let mut shared = SharedOut(&cell);
        let mut d = if flush {
            Diag::with_flush("readelf", &mut err, &flusher)
        } else {
            Diag::new("readelf", &mut err)
        };
        writeln!(shared, "line 1").unwrap();
        d.warn(format_args!("after line 1\n"));
        writeln!(shared, "line 2").unwrap();
        d.error(format_args!("after line 2\n"));
        shared.flush().unwrap();
        let text = pipe.0.borrow().clone();
        String::from_utf8(text).unwrap()
    }

    #[test]
    fn one_pipe_keeps_gnus_order() {
        assert_eq!(
            one_pipe(true),
            "line 1\nreadelf: Warning: after line 1\nline 2\nreadelf: Error: after line 2\n"
        );
        // Without the flush the diagnostics would overtake the buffered lines.
        assert_eq!(
            one_pipe(false),
            "readelf: Warning: after line 1\nreadelf: Error: after line 2\nline 1\nline 2\n"
        );
    }
}
