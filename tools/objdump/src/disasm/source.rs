//! `-S`/`--source`: the source lines GNU objdump prints before an instruction
//! (`show_line`'s source part, `print_line`, `dump_lines`), and the `--prefix`,
//! `--prefix-strip` rewriting of absolute file names shared with `-l`.
//!
//! A file is read when a line of it is first wanted: from its name as DWARF gives it
//! (relative to the working directory), else from `DIR/BASENAME` for each `-I DIR`; a
//! file found nowhere is left out silently, as GNU does.

use std::collections::HashMap;
use std::path::Path;

use crate::options::Options;

/// Lines shown before the wanted one when a file is entered (`SHOW_PRECEDING_CONTEXT_LINES`).
const CONTEXT: u32 = 5;

/// A source file read for `-S`.
#[derive(Debug)]
struct File {
    text: Vec<u8>,
    /// Where each line starts; a last line without an end of line is not a line.
    starts: Vec<usize>,
    /// The line shown last.
    last_line: u32,
    /// The highest line shown.
    max_printed: u32,
    /// Nothing has been shown from it yet (for `--file-start-context`).
    first: bool,
}

impl File {
    fn new(text: Vec<u8>) -> File {
        let mut starts = Vec::new();
        let mut start = 0;
        let mut i = 0;
        // A line ends at `\n`, `\n\r`, `\r` or `\r\n` (GNU's `index_file`).
        while let Some(&b) = text.get(i) {
            if b == b'\n' || b == b'\r' {
                let other = if b == b'\n' { b'\r' } else { b'\n' };
                if text.get(i + 1) == Some(&other) {
                    i += 1;
                }
                starts.push(start);
                start = i + 1;
            }
            i += 1;
        }
        File {
            text,
            starts,
            last_line: 0,
            max_printed: 0,
            first: true,
        }
    }

    /// `print_line`: line `index` (from 0), up to its end of line or a NUL byte.
    fn print(&self, index: u32, comment: Option<&str>, out: &mut Vec<u8>) {
        let Some(&start) = self.starts.get(index as usize) else {
            return;
        };
        let rest = self.text.get(start..).unwrap_or_default();
        if let (Some(c), Some(&b)) = (comment, rest.first()) {
            if b != 0 {
                out.extend_from_slice(c.as_bytes());
            }
        }
        let len = rest
            .iter()
            .position(|&b| matches!(b, b'\n' | b'\r' | 0))
            .unwrap_or(rest.len());
        out.extend_from_slice(rest.get(..len).unwrap_or_default());
        out.push(b'\n');
    }
}

/// The source files of one object (GNU's `print_files`), by the name looked up.
#[derive(Debug, Default)]
pub struct Sources {
    /// `None` for a file that could not be read.
    files: HashMap<String, Option<File>>,
    /// The object's modification time (seconds), for the "more recent" warning.
    mtime: Option<i64>,
    warnings: Vec<String>,
}

impl Sources {
    /// No files yet; `mtime` is the object's modification time.
    pub fn new(mtime: Option<i64>) -> Sources {
        Sources {
            mtime,
            ..Sources::default()
        }
    }

    /// The warnings met so far, each returned once.
    pub fn take_warnings(&mut self) -> Vec<String> {
        std::mem::take(&mut self.warnings)
    }

    /// The source lines to print before an instruction at `line` of `name`.
    pub fn show(&mut self, name: &str, line: u32, o: &Options, out: &mut Vec<u8>) {
        if !self.files.contains_key(name) {
            let f = self.open(name, o);
            self.files.insert(name.to_owned(), f);
        }
        let Some(Some(p)) = self.files.get_mut(name) else {
            return;
        };
        if line == p.last_line {
            return;
        }
        let mut from = if o.file_start_context && p.first {
            1
        } else {
            let mut l = line.saturating_sub(CONTEXT).max(1);
            if p.max_printed >= l {
                l = if p.max_printed < line {
                    p.max_printed + 1
                } else {
                    line
                };
            }
            l
        };
        // `dump_lines`: lines `from..=line`.
        from = from.max(1);
        let comment = o.source_comment.as_deref();
        for l in from..=line {
            p.print(l - 1, comment, out);
        }
        p.max_printed = p.max_printed.max(line);
        p.last_line = line;
        p.first = false;
    }

    /// `update_source_path`: the file under its own name, else under each `-I`
    /// directory by its base name.
    fn open(&mut self, name: &str, o: &Options) -> Option<File> {
        let mut found = std::fs::read(name).ok().map(|t| (t, name.to_owned()));
        if found.is_none() {
            let base = name.rsplit('/').next().unwrap_or(name);
            found = o.include.iter().find_map(|dir| {
                let p = format!("{dir}/{base}");
                std::fs::read(&p).ok().map(|t| (t, p))
            });
        }
        let (text, path) = found?;
        if let (Some(src), Some(obj)) = (mtime(Path::new(&path)), self.mtime) {
            if src > obj {
                self.warnings.push(format!(
                    "source file {name} is more recent than object file"
                ));
            }
        }
        Some(File::new(text))
    }
}

/// A file's modification time in seconds since the epoch.
pub fn mtime(path: &Path) -> Option<i64> {
    use std::os::unix::fs::MetadataExt as _;
    std::fs::metadata(path).ok().map(|m| m.mtime())
}

/// `--prefix=DIR` and `--prefix-strip=N` applied to an absolute file name: the first N
/// directories dropped, DIR put before the rest (other names as they are).
pub fn with_prefix(name: &str, o: &Options) -> String {
    let Some(prefix) = o.prefix.as_deref() else {
        return name.to_owned();
    };
    if !name.starts_with('/') {
        return name.to_owned();
    }
    let mut rest = name;
    let mut level = 0;
    // GNU skips the leading `/`, then keeps the name from the Nth separator on.
    for (i, c) in name.char_indices().skip(1) {
        if level >= o.prefix_strip {
            break;
        }
        if c == '/' {
            rest = name.get(i..).unwrap_or(name);
            level += 1;
        }
    }
    format!("{prefix}{rest}")
}
