//! Outputs: perf's `report` and `script` text, folded stacks, flame graphs, pprof, JSON.

use std::io::{self, Write};

use crate::profile::{FrameId, Profile};
use crate::symbolize::{FrameSym, Symbols};

pub mod branches;
pub mod callgraph;
pub mod callgrind;
pub mod folded;
pub mod gmon;
pub mod images;
pub mod json;
pub mod pprof;

pub mod report;
pub mod script;

/// A symbolized profile: what every output reads.
#[derive(Debug)]
pub struct Resolved<'a> {
    /// The aggregated samples.
    pub profile: &'a Profile,
    /// Names for its frames.
    pub symbols: &'a Symbols,
}

const UNKNOWN: &str = "[unknown]";

impl Resolved<'_> {
    /// Writes the `report` (by comm, dso, sym), `script`, `folded` and `json` outputs one
    /// after another to `out`, stopping at the first error: what the fuzz target and the
    /// malformed-input tests run over every profile they read.
    pub fn write_text_outputs(&self, out: &mut dyn Write) -> io::Result<()> {
        report::write(self, report::Sort::CommDsoSym, out)?;
        script::write(self, script::Fields::Default, out)?;
        folded::write(self, folded::FoldOptions::default(), out)?;
        json::write(self, out)
    }

    /// The frame's symbol information.
    pub fn sym(&self, f: FrameId) -> Option<&FrameSym> {
        self.symbols.frames.get(f as usize)
    }

    /// The function name of frame `f`, if resolved.
    pub fn name(&self, f: FrameId) -> Option<&str> {
        self.sym(f).and_then(|s| s.name.as_deref())
    }

    /// The inline frames perf shows above frame `f` (innermost first): only for frames
    /// of DWARF-unwound stacks, as perf 6.1 does.
    pub fn inlined(&self, f: FrameId) -> Vec<&str> {
        let expand = self
            .profile
            .frames
            .get(f as usize)
            .is_some_and(|fr| fr.inline);
        let Some(src) = self
            .sym(f)
            .and_then(|s| s.source.as_ref())
            .filter(|_| expand)
        else {
            return Vec::new();
        };
        let n = src.frames.len().saturating_sub(1);
        src.frames
            .iter()
            .take(n)
            .filter_map(|(func, _, _)| func.as_deref())
            .collect()
    }

    /// perf's short dso name for frame `f` (`[unknown]` outside any mapping).
    pub fn dso_short(&self, f: FrameId) -> &str {
        self.image(f).map_or(UNKNOWN, |i| i.short_name())
    }

    /// The dso path of frame `f` as perf script prints it.
    pub fn dso_path(&self, f: FrameId) -> &str {
        match self.image(f) {
            Some(i) if i.kernel => "[kernel.kallsyms]",
            Some(i) => &i.path,
            None => UNKNOWN,
        }
    }

    fn image(&self, f: FrameId) -> Option<&crate::process::Image> {
        let frame = self.profile.frames.get(f as usize)?;
        self.profile.machine.images.get(frame.loc.image? as usize)
    }

    /// The address of frame `f`: the file offset in its image, else the address.
    pub fn addr(&self, f: FrameId) -> u64 {
        self.profile
            .frames
            .get(f as usize)
            .map_or(0, |fr| fr.loc.addr)
    }

    /// Whether frame `f` is a kernel address.
    pub fn is_kernel(&self, f: FrameId) -> bool {
        self.profile
            .frames
            .get(f as usize)
            .is_some_and(|fr| fr.kernel)
    }

    /// The name of thread-name id `c`.
    pub fn comm(&self, c: u32) -> &str {
        self.profile
            .machine
            .comms
            .get(c as usize)
            .map_or("", String::as_str)
    }
}

/// Writes `bytes` to `path` through a temporary file in the same directory, renamed
/// on success.
///
/// # Errors
/// If the file cannot be written.
pub fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> io::Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let name = path
        .file_name()
        .map_or_else(|| "out".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(".{name}.tmp{}", std::process::id()));
    let res = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    res
}
