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

pub use cx::Cx;
use diag::Diag;
use options::Options;

/// Run readelf with `args` (without the program name); returns the exit status.
pub fn run(args: &[String], out: &mut dyn Write, err: &mut dyn Write) -> i32 {
    run_streams(args, out, err, true)
}

/// [`run`], saying whether `out` and `err` go to the same file. When they do, each
/// diagnostic flushes `out` first, as GNU's `warn`/`error` flush stdout, so the two
/// interleave as GNU's do; when they do not, nothing can see the order between them
/// and `out` is only written when its buffer fills.
pub fn run_streams(
    args: &[String],
    out: &mut dyn Write,
    err: &mut dyn Write,
    same_file: bool,
) -> i32 {
    let mut opts = match options::parse(args, out, err) {
        Ok(o) => o,
        Err(code) => {
            let _ = out.flush();
            return code;
        }
    };
    let show_name = opts.files.len() > 1;
    // GNU keeps some counters and caches in statics for the life of the process.
    display::groups::reset_run_state();
    display::notes::reset_run_state();
    display::apply_relocs::reset_run_state();
    display::unwind::ia64::reset_run_state();
    let cell = std::cell::RefCell::new(out);
    let mut shared = diag::SharedOut(&cell);
    let flush = || {
        if let Ok(mut o) = cell.try_borrow_mut() {
            let _ = o.flush();
        }
    };
    let mut diag = if same_file {
        Diag::with_flush(err, &flush)
    } else {
        Diag::new(err)
    };
    let mut failed = false;
    for f in opts.files.clone() {
        match process_file(&mut opts, &f, show_name, &mut shared, &mut diag) {
            Ok(true) => {}
            Ok(false) => failed = true,
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return 0,
            Err(_) => failed = true,
        }
    }
    match shared.flush() {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => 0,
        _ => i32::from(failed),
    }
}

/// Map a file read-only: memory-mapped when possible, read into memory otherwise.
enum Bytes {
    Map(memmap2::Mmap),
    Vec(Vec<u8>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Map(m) => m,
            Bytes::Vec(v) => v,
        }
    }
}

impl Bytes {
    /// Drop the mapped pages of `start..end` (rounded out to whole pages) from our
    /// resident set (they stay in the page cache and come back on the next access).
    fn release_pages(&self, start: usize, end: usize) {
        if let Bytes::Map(m) = self {
            const PAGE: usize = 4096;
            let start = start & !(PAGE - 1);
            let end = end.min(m.len());
            if start >= end {
                return;
            }
            // SAFETY: the mapping is read-only and file-backed: MADV_DONTNEED only drops
            // page table entries; the next read faults the same file contents back in.
            // The range lies inside the mapping (checked above) and starts on a page.
            #[allow(unsafe_code)]
            let _ = unsafe {
                m.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, start, end - start)
            };
        }
    }
}

fn load(path: &str) -> io::Result<Bytes> {
    let f = std::fs::File::open(path)?;
    // SAFETY: the map is read-only and private; readelf does not write the file, and a
    // file truncated underneath us is the same hazard GNU readelf's fread has.
    #[allow(unsafe_code)]
    match unsafe { memmap2::Mmap::map(&f) } {
        Ok(m) => {
            // Random access: no read-ahead and no mapping of neighbouring pages, so only
            // the pages a display reads count against our memory.
            let _ = m.advise(memmap2::Advice::Random);
            Ok(Bytes::Map(m))
        }
        Err(_) => std::fs::read(path).map(Bytes::Vec),
    }
}

/// GNU's `process_file`: check the path, then process an archive or an object.
fn process_file(
    o: &mut Options,
    path: &str,
    show_name: bool,
    out: &mut dyn Write,
    diag: &mut Diag,
) -> io::Result<bool> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            diag.error(format_args!("'{path}': No such file\n"));
            return Ok(false);
        }
        Err(e) => {
            let msg = e.to_string();
            let msg = msg.split(" (os error").next().unwrap_or(&msg);
            diag.error(format_args!(
                "Could not locate '{path}'.  System error message: {msg}\n"
            ));
            return Ok(false);
        }
    };
    if !meta.is_file() {
        diag.error(format_args!("'{path}' is not an ordinary file\n"));
        return Ok(false);
    }
    let data = match load(path) {
        Ok(d) => d,
        Err(_) => {
            diag.error(format_args!("Input file '{path}' is not readable.\n"));
            return Ok(false);
        }
    };
    if data.len() < 8 {
        diag.error(format_args!("{path}: Failed to read file's magic number\n"));
        return Ok(false);
    }
    if data.starts_with(libelf::archive::MAGIC) || data.starts_with(libelf::archive::THIN_MAGIC) {
        let release = |start: usize, end: usize| data.release_pages(start, end);
        return display::archive::process_archive(o, path, &data, out, diag, &release);
    }
    if o.archive_index && !o.check_all {
        diag.error(format_args!(
            "File {path} is not an archive so its index cannot be displayed.\n"
        ));
    }
    process_object(o, path, &data, show_name, out, diag)
}

/// GNU's `process_object`: every display, in GNU's order.
pub fn process_object(
    o: &mut Options,
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
    let elf = match libelf::ElfFile::parse(data) {
        Ok(e) => e,
        Err(_) => {
            diag.error(format_args!(
                "Not an ELF file - it has the wrong magic bytes at the start\n"
            ));
            return Ok(false);
        }
    };
    let mut cx = Cx::new(o, &elf, data, name, out, diag);
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
