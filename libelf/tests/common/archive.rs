//! Helpers shared by the archive unit tests (`src/archive/tests.rs`) and the host trials
//! (`tests/host.rs`): views of an archive as plain vectors, and a scratch directory with
//! small objects compiled by the host's C compiler.

#![allow(dead_code, clippy::unwrap_used, clippy::panic)] // each user takes what it needs

use super::{rewrite, Archive}; // the includer's imports: `crate::archive` or `libelf::archive`
use std::path::{Path, PathBuf};
use std::process::Command;

pub fn names(archive: &Archive<'_>) -> Vec<Vec<u8>> {
    archive
        .members()
        .map(|m| m.unwrap().name().to_vec())
        .collect()
}

pub fn symbols(archive: &Archive<'_>) -> Vec<(Vec<u8>, u64)> {
    archive
        .symbols()
        .map(|s| s.unwrap())
        .map(|s| (s.name().to_vec(), s.member_offset()))
        .collect()
}

/// (symbol, name of the member its index entry points at), checking the offset is a header.
pub fn resolved_symbols(archive: &Archive<'_>) -> Vec<(Vec<u8>, Vec<u8>)> {
    archive
        .symbols()
        .map(|s| s.unwrap())
        .map(|s| {
            (
                s.name().to_vec(),
                archive
                    .member_at(s.member_offset())
                    .unwrap()
                    .name()
                    .to_vec(),
            )
        })
        .collect()
}

pub fn identity(bytes: &[u8]) -> Vec<u8> {
    rewrite(&Archive::parse(bytes).unwrap(), |_| Ok(None)).unwrap()
}

/// A temporary directory removed on drop.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static N: AtomicUsize = AtomicUsize::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("libelf-ar-{}-{tag}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
    pub fn path(&self, name: &str) -> PathBuf {
        self.0.join(name)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The first of `names` that runs (`--version` succeeds).
pub fn find_tool(names: &[&'static str]) -> Option<&'static str> {
    names.iter().copied().find(|name| {
        Command::new(name)
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success())
    })
}

/// Run `tool args` in `dir`; panic on failure (the tool exists when this is called).
pub fn run(dir: &Path, tool: &str, args: &[&str]) -> Vec<u8> {
    host_trials::output_ok(Command::new(tool).args(args).current_dir(dir)).stdout
}

/// Compile small objects with the host's `cc` into `dir` (the caller checked it is there),
/// and write a non-object member `odd.txt`.
pub fn compile_objects(dir: &TempDir) {
    let sources = [
        ("a.c", "int foo(void) { return 1; }\nint bar;\n"),
        (
            "long_named_object_file.c",
            "int a_very_long_function_name(void) { return 2; }\n",
        ),
        ("s.c", "int ab = 3;\n"),
    ];
    for (name, text) in sources {
        std::fs::write(dir.path(name), text).unwrap();
        let obj = name.replace(".c", ".o");
        let status = Command::new("cc")
            .args(["-c", name, "-o", &obj])
            .current_dir(&dir.0)
            .status()
            .unwrap();
        assert!(status.success(), "cc -c {name} failed");
    }
    std::fs::write(dir.path("odd.txt"), "odd").unwrap();
}

pub fn lines(out: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(out)
        .lines()
        .map(str::to_owned)
        .collect()
}
