//! readelf(1), a drop-in replacement for GNU readelf 2.40 built on libelf.
//!
//! Same options (`options`), same output byte for byte, same diagnostics
//! (`readelf: Warning: …`, `readelf: Error: …`) and the same exit status. Each display
//! lives in its own module under `display`, called in the order GNU readelf prints them
//! (`process_object`).
//!
//! ```no_run
//! let args = vec!["-h".to_string(), "/bin/ls".to_string()];
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! let status = readelf::run(&args, &mut out, &mut err);
//! assert_eq!(status, 0);
//! assert!(String::from_utf8_lossy(&out).contains("ELF Header:"));
//! ```

pub mod cx;
pub mod diag;
pub mod display;
pub mod options;
pub mod util;

use std::io::{self, Write};

use tools_common::diag::Io;
use tools_common::{input, pipe};

pub use cx::{Cx, RunState};
use diag::Diag;
use options::Options;

/// Run readelf with `args` (without the program name); returns the exit status.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    let io = Io {
        out,
        err,
        same_file: true,
    };
    run_streams("readelf", args, io)
}

/// [`run`] as `prog` (`argv[0]`, named in option errors), writing to `io`. When its two
/// streams go to the same file, each diagnostic flushes the output first, as GNU's
/// `warn`/`error` flush stdout, so the two interleave as GNU's do; when they do not,
/// nothing can see the order between them and the output is only written when its buffer
/// fills (`tools_common::diag`). A closed output ends the run quietly with status 0
/// (`tools_common::pipe`).
pub fn run_streams(prog: &str, args: &[String], io: Io<'_>) -> i32 {
    let mut opts = match options::parse_as(prog, args, io.out, io.err) {
        Ok(o) => o,
        Err(code) => {
            let _ = io.out.flush();
            return code;
        }
    };
    let show_name = opts.files.len() > 1;
    // GNU keeps some counters and caches in statics for the life of the process: here
    // they live in one value for the run.
    let mut run = RunState::default();
    diag::with_shared_out(diag::PROG, io, |shared, diag| {
        let mut failed = false;
        for f in opts.files.clone() {
            match process_file(&mut opts, &mut run, &f, show_name, shared, diag) {
                Ok(true) => {}
                Ok(false) => failed = true,
                Err(e) if pipe::is_broken(&e) => return 0,
                Err(_) => failed = true,
            }
        }
        pipe::status(
            shared.flush().map(|()| i32::from(failed)),
            i32::from(failed),
        )
    })
}

/// GNU's `process_file`: check the path, then process an archive or an object.
fn process_file(
    o: &mut Options,
    run: &mut RunState,
    path: &str,
    show_name: bool,
    out: &mut dyn Write,
    diag: &mut Diag,
) -> io::Result<bool> {
    let data = match input::open(std::path::Path::new(path), input::Checks::Readelf) {
        Ok(d) => d,
        Err(e) => {
            diag.error(format_args!("{e}\n"));
            return Ok(false);
        }
    };
    if data.len() < 8 {
        diag.error(format_args!("{path}: Failed to read file's magic number\n"));
        return Ok(false);
    }
    if data.starts_with(libelf::archive::MAGIC) || data.starts_with(libelf::archive::THIN_MAGIC) {
        let release = |start: usize, end: usize| data.release_pages(start, end);
        return display::archive::process_archive(o, run, path, &data, out, diag, &release);
    }
    if o.archive_index && !o.check_all {
        diag.error(format_args!(
            "File {path} is not an archive so its index cannot be displayed.\n"
        ));
    }
    process_object(o, run, path, &data, show_name, out, diag)
}

/// GNU's `process_object`: every display, in GNU's order.
pub fn process_object(
    o: &mut Options,
    run: &mut RunState,
    name: &str,
    data: &[u8],
    show_name: bool,
    out: &mut dyn Write,
    diag: &mut Diag,
) -> io::Result<bool> {
    // GNU reads the 16 identification bytes and the rest of the header first.
    let class64 = data.get(4) == Some(&2);
    if data.len() < if class64 { 64 } else { 52 } {
        diag.error(format_args!("{name}: Failed to read file header\n"));
        return Ok(false);
    }
    if show_name {
        writeln!(out, "\nFile: {name}")?;
    }
    let elf = match libelf::ElfFile::parse_with(data, libelf::read::ParseOptions::gnu_readelf()) {
        Ok(e) => e,
        Err(_) => {
            diag.error(format_args!(
                "Not an ELF file - it has the wrong magic bytes at the start\n"
            ));
            return Ok(false);
        }
    };
    let mut cx = Cx::new(o, run, &elf, data, name, out, diag);
    let res = display::run_all(&mut cx);
    let (failed, no_unwind) = (cx.section_headers_failed, cx.no_unwind);
    let follow_links_off = cx.follow_links_off;
    drop(cx);
    if follow_links_off {
        // GNU's `load_separate_debug_files` turns following links off for good.
        o.debug.follow_links = false;
    }
    if failed {
        o.section_headers_failed();
    }
    if no_unwind {
        // GNU: section groups that cannot be processed turn unwind display off for good.
        o.unwind = false;
    }
    res
}
