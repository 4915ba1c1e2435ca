//! Writing output files so that a failure never loses or half-writes one.
//!
//! [`write_file`] writes to a temporary file in the destination's directory and renames
//! it over the destination only once everything was written and flushed, so an error
//! (or a crash) leaves an existing file as it was. The new file gets the permissions of
//! the file it replaces, or the usual `0666` less the umask for a new one (the temporary
//! file's own `0600` never shows). A destination that exists and is not a regular file
//! (`/dev/null`, `/dev/stdout`, a FIFO) is written in place: renaming over a device
//! would replace the device node.
//!
//! ```
//! # fn main() -> std::io::Result<()> {
//! let dir = std::env::temp_dir().join(format!("libelf-output-doc-{}", std::process::id()));
//! std::fs::create_dir_all(&dir)?;
//! let path = dir.join("out.o");
//! std::fs::write(&path, b"old")?;
//! // A writer that fails leaves the old contents.
//! let failed: std::io::Result<()> = libelf::output::write_file(&path, |w| {
//!     w.write_all(b"half")?;
//!     Err(std::io::Error::other("compilation failed"))
//! });
//! assert!(failed.is_err());
//! assert_eq!(std::fs::read(&path)?, b"old");
//! libelf::output::write_file(&path, |w| w.write_all(b"new"))?;
//! assert_eq!(std::fs::read(&path)?, b"new");
//! # std::fs::remove_dir_all(&dir)
//! # }
//! ```

use std::fs;
use std::io::{self, BufWriter, Write};
use std::path::Path;

/// Write `path` with what `fill` writes, replacing it only if `fill` and every write
/// succeed (see the [module documentation](self)).
///
/// # Errors
/// The error `fill` returns, or the I/O error creating, writing, flushing or renaming
/// the temporary file; in every case `path` is left as it was and the temporary file
/// is removed.
pub fn write_file<T>(
    path: &Path,
    fill: impl FnOnce(&mut dyn Write) -> io::Result<T>,
) -> io::Result<T> {
    let existing = fs::metadata(path).ok();
    if existing.as_ref().is_some_and(|m| !m.is_file()) {
        let mut w = BufWriter::new(fs::OpenOptions::new().write(true).open(path)?);
        let v = fill(&mut w)?;
        w.flush()?;
        return Ok(v);
    }
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder
        .prefix(".tmp-")
        .suffix(path.file_name().unwrap_or_default());
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        // Created with this mode, so the umask applies as for any new file.
        let mode = existing
            .as_ref()
            .map_or(0o666, |m| m.permissions().mode() & 0o7777);
        builder.permissions(fs::Permissions::from_mode(mode));
    }
    let tmp = builder.tempfile_in(dir)?;
    let mut w = BufWriter::new(tmp);
    let v = fill(&mut w)?;
    let tmp = w.into_inner().map_err(io::IntoInnerError::into_error)?;
    #[cfg(unix)]
    if let Some(m) = &existing {
        // An existing file keeps its mode exactly, whatever the umask.
        tmp.as_file().set_permissions(m.permissions())?;
    }
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(v)
}

/// [`write_file`] with bytes already in memory.
///
/// # Errors
/// As [`write_file`].
pub fn write_bytes(path: &Path, bytes: &[u8]) -> io::Result<()> {
    write_file(path, |w| w.write_all(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("libelf-output-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&d);
        fs::create_dir_all(&d).unwrap_or_default();
        d
    }

    #[test]
    fn failure_keeps_the_old_file_and_leaves_no_temporary() -> io::Result<()> {
        let d = scratch("fail");
        let p = d.join("out");
        fs::write(&p, b"precious")?;
        let r: io::Result<()> = write_file(&p, |w| {
            w.write_all(&[0u8; 100_000])?;
            Err(io::Error::other("no"))
        });
        assert!(r.is_err());
        assert_eq!(fs::read(&p)?, b"precious");
        assert_eq!(
            fs::read_dir(&d)?.count(),
            1,
            "the temporary file is removed"
        );
        fs::remove_dir_all(&d)
    }

    #[cfg(unix)]
    #[test]
    fn permissions_of_the_replaced_file_are_kept() -> io::Result<()> {
        use std::os::unix::fs::PermissionsExt;
        let d = scratch("perm");
        let p = d.join("out");
        fs::write(&p, b"x")?;
        fs::set_permissions(&p, fs::Permissions::from_mode(0o751))?;
        write_bytes(&p, b"y")?;
        assert_eq!(fs::metadata(&p)?.permissions().mode() & 0o7777, 0o751);
        let q = d.join("new");
        write_bytes(&q, b"z")?;
        let mode = fs::metadata(&q)?.permissions().mode() & 0o7777;
        assert_eq!(
            mode & 0o600,
            0o600,
            "a new file is readable and writable by its owner"
        );
        assert_eq!(mode & 0o111, 0, "and not executable");
        fs::remove_dir_all(&d)
    }

    #[test]
    fn a_device_is_written_in_place() -> io::Result<()> {
        write_bytes(Path::new("/dev/null"), b"discarded")?;
        assert!(!fs::metadata("/dev/null")?.file_type().is_file());
        Ok(())
    }
}
