//! Finding separate debug files: build-id directories, `.gnu_debuglink` (CRC-32
//! checked), `.gnu_debugaltlink` and `.debug_sup` supplementary files.

use std::path::{Path, PathBuf};

use libelf::{ElfFile, Endian};

/// The `.gnu_debuglink` of `file`: the debug file's name and its CRC-32.
pub fn debuglink(file: &ElfFile<'_>) -> Option<(PathBuf, u32)> {
    let sec = file.section_by_name(b".gnu_debuglink").ok()??;
    let data = sec.data().ok()?;
    let nul = data.iter().position(|&b| b == 0)?;
    let name = data.get(..nul)?;
    let crc_off = (nul + 4) & !3;
    let c = data.get(crc_off..crc_off.checked_add(4)?)?;
    let c: [u8; 4] = c.try_into().ok()?;
    let crc = match file.endian() {
        Endian::Little => u32::from_le_bytes(c),
        Endian::Big => u32::from_be_bytes(c),
    };
    Some((bytes_path(name), crc))
}

/// The `.gnu_debugaltlink` of `file`: the supplementary file's name and build-id.
pub fn debugaltlink<'data>(file: &ElfFile<'data>) -> Option<(PathBuf, &'data [u8])> {
    let sec = file.section_by_name(b".gnu_debugaltlink").ok()??;
    let data = sec.data().ok()?;
    let nul = data.iter().position(|&b| b == 0)?;
    Some((bytes_path(data.get(..nul)?), data.get(nul + 1..)?))
}

/// The file name in a DWARF 5 `.debug_sup` section, if this is not itself the
/// supplementary file.
pub fn debug_sup(file: &ElfFile<'_>) -> Option<PathBuf> {
    let sec = file.section_by_name(b".debug_sup").ok()??;
    let data = sec.data().ok()?;
    // version (u16), is_supplementary (u8), filename (NUL-terminated), checksum.
    let is_sup = *data.get(2)?;
    if is_sup != 0 {
        return None;
    }
    let rest = data.get(3..)?;
    let nul = rest.iter().position(|&b| b == 0)?;
    let name = rest.get(..nul)?;
    if name.is_empty() {
        return None;
    }
    Some(bytes_path(name))
}

#[cfg(unix)]
fn bytes_path(b: &[u8]) -> PathBuf {
    use std::os::unix::ffi::OsStrExt;
    PathBuf::from(std::ffi::OsStr::from_bytes(b))
}

#[cfg(not(unix))]
fn bytes_path(b: &[u8]) -> PathBuf {
    PathBuf::from(String::from_utf8_lossy(b).into_owned())
}

/// The GNU debuglink CRC-32 of `data` (the usual IEEE CRC-32).
pub fn crc32(data: &[u8]) -> u32 {
    crc32fast::hash(data)
}

/// `DIR/.build-id/xx/rest.debug` candidates for `build_id`, one per debug directory.
pub fn build_id_paths(build_id: &[u8], debug_dirs: &[PathBuf]) -> Vec<PathBuf> {
    let Some((first, rest)) = build_id.split_first() else {
        return Vec::new();
    };
    if rest.is_empty() {
        return Vec::new();
    }
    let hex: String = rest.iter().map(|b| format!("{b:02x}")).collect();
    debug_dirs
        .iter()
        .map(|d| {
            d.join(".build-id")
                .join(format!("{first:02x}"))
                .join(format!("{hex}.debug"))
        })
        .collect()
}

/// Where GDB and BFD look for a `.gnu_debuglink` target `name` of the file at `path`:
/// beside it, in `.debug/` beside it, then under each debug directory (with the
/// file's directory appended, then bare).
pub fn debuglink_paths(path: Option<&Path>, name: &Path, debug_dirs: &[PathBuf]) -> Vec<PathBuf> {
    if name.is_absolute() {
        return vec![name.to_path_buf()];
    }
    let dir = path
        .and_then(Path::parent)
        .map(|p| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf()))
        .unwrap_or_default();
    let mut v = vec![dir.join(name), dir.join(".debug").join(name)];
    for d in debug_dirs {
        let rel = dir.strip_prefix("/").unwrap_or(&dir);
        v.push(d.join(rel).join(name));
        v.push(d.join(name));
    }
    v
}

/// Candidates for a supplementary (`.gnu_debugaltlink`/`.debug_sup`) file `name`
/// referenced by the file at `path`.
pub fn sup_paths(
    path: Option<&Path>,
    name: &Path,
    build_id: Option<&[u8]>,
    debug_dirs: &[PathBuf],
) -> Vec<PathBuf> {
    let mut v = Vec::new();
    if name.is_absolute() {
        v.push(name.to_path_buf());
    } else if let Some(dir) = path.and_then(Path::parent) {
        v.push(dir.join(name));
    } else {
        v.push(name.to_path_buf());
    }
    if let Some(id) = build_id {
        v.extend(build_id_paths(id, debug_dirs));
    }
    v
}

/// Where BFD 2.40 (`bfd_follow_gnu_debugaltlink`) looks for a `.gnu_debugaltlink`
/// target `name` of the file at `path`, in order: the directory part of `path` as
/// given, then its `.debug/`, then `/usr/lib/debug` and `/usr/lib/debug/usr` and each
/// debug directory followed by the file's real directory. Each is that directory
/// with `name` appended as text, even when `name` is absolute (`/a/` + `/b/c.debug`
/// gives `/a//b/c.debug`): an absolute name is only found from a file named
/// without a directory.
pub fn bfd_altlink_paths(path: &Path, name: &Path, debug_dirs: &[PathBuf]) -> Vec<PathBuf> {
    let joined = |dir: &std::ffi::OsStr| {
        let mut s = dir.to_os_string();
        s.push(name.as_os_str());
        PathBuf::from(s)
    };
    let with_slash = |p: &Path| {
        let mut s = p.as_os_str().to_os_string();
        if !p.as_os_str().is_empty() && !p.as_os_str().as_encoded_bytes().ends_with(b"/") {
            s.push("/");
        }
        s
    };
    // `PATH`'s directory as written ("" for a bare name), with its `/`.
    let dir = with_slash(path.parent().unwrap_or(Path::new("")));
    let canon = std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf());
    let canon_dir = with_slash(canon.parent().unwrap_or(Path::new("")));
    let mut v = vec![joined(&dir), {
        let mut d = dir.clone();
        d.push(".debug/");
        joined(&d)
    }];
    let roots = ["/usr/lib/debug", "/usr/lib/debug/usr"];
    for root in roots
        .iter()
        .map(PathBuf::from)
        .chain(debug_dirs.iter().cloned())
    {
        let mut d = root.into_os_string();
        d.push(&canon_dir);
        let p = joined(&d);
        if !v.contains(&p) {
            v.push(p);
        }
    }
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn build_id_layout() {
        let p = build_id_paths(&[0xab, 0xcd, 0x01], &[PathBuf::from("/usr/lib/debug")]);
        assert_eq!(
            p,
            vec![PathBuf::from("/usr/lib/debug/.build-id/ab/cd01.debug")]
        );
        assert!(build_id_paths(&[0xab], &[PathBuf::from("/x")]).is_empty());
    }

    #[test]
    fn bfd_altlink_joins_as_text() {
        let p = bfd_altlink_paths(
            Path::new("/nonexistent/d/prog"),
            Path::new("/x/common.debug"),
            &[],
        );
        assert_eq!(p[0], PathBuf::from("/nonexistent/d//x/common.debug"));
        assert_eq!(p[1], PathBuf::from("/nonexistent/d/.debug//x/common.debug"));
        assert_eq!(
            p[2],
            PathBuf::from("/usr/lib/debug/nonexistent/d//x/common.debug")
        );
        let p = bfd_altlink_paths(Path::new("prog"), Path::new("/x/common.debug"), &[]);
        assert_eq!(p[0], PathBuf::from("/x/common.debug"));
        assert_eq!(p[1], PathBuf::from(".debug//x/common.debug"));
    }

    #[test]
    fn crc_known() {
        // Same CRC as binutils' bfd_calc_gnu_debuglink_crc32.
        assert_eq!(crc32(b"123456789"), 0xcbf4_3926);
    }

    #[test]
    fn debuglink_order() {
        let v = debuglink_paths(
            Some(Path::new("/nonexistent/bin/x")),
            Path::new("x.debug"),
            &[PathBuf::from("/usr/lib/debug")],
        );
        assert_eq!(v[0], PathBuf::from("/nonexistent/bin/x.debug"));
        assert_eq!(v[1], PathBuf::from("/nonexistent/bin/.debug/x.debug"));
        assert_eq!(
            v[2],
            PathBuf::from("/usr/lib/debug/nonexistent/bin/x.debug")
        );
    }
}
