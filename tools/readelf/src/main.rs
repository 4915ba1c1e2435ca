//! readelf(1): see the crate documentation of `readelf`.

use std::io::{IsTerminal, Write};
use std::os::fd::AsFd;

/// The metadata of an open standard stream (`fstat` of a duplicate of it).
fn stat(fd: std::os::fd::BorrowedFd<'_>) -> Option<std::fs::Metadata> {
    let f = std::fs::File::from(fd.try_clone_to_owned().ok()?);
    f.metadata().ok()
}

/// Whether stdout and stderr are the same file (`2>&1`, one terminal, one pipe), so
/// that the order of their writes shows. `/dev/null` on either side shows nothing.
/// When in doubt, yes.
fn same_file(out: &std::io::Stdout, err: &std::io::Stderr) -> bool {
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

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let stdout = std::io::stdout();
    let stderr = std::io::stderr();
    let same = same_file(&stdout, &stderr);
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let code = if same || stderr.is_terminal() {
        // Unbuffered, as GNU's stderr is: each diagnostic is written when it is made.
        let mut err = stderr.lock();
        readelf::run_streams(&args, &mut out, &mut err, same)
    } else {
        // A file or pipe of its own: nothing sees when the diagnostics are written.
        let mut err = std::io::BufWriter::with_capacity(1 << 16, stderr.lock());
        let code = readelf::run_streams(&args, &mut out, &mut err, same);
        let _ = err.flush();
        code
    };
    std::process::ExitCode::from(code as u8)
}
