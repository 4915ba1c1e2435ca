//! Helpers the pmcstat-output tests share.

#![allow(clippy::unwrap_used, dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

/// `fixtures/`.
pub fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

/// A fresh directory for test `tag` in the target's temporary directory.
pub fn scratch(tag: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `cmd`'s standard output, or why it failed.
pub fn run(cmd: &mut Command) -> Result<String, String> {
    let out = cmd.output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err(format!("{cmd:?}: {}", String::from_utf8_lossy(&out.stderr)));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// `pmc-symbolizer convert --to pmclog` of fixture `name` into `dir`: (perf.data, log).
pub fn convert(name: &str, dir: &Path) -> Result<(PathBuf, PathBuf), String> {
    let data = fixtures().join(format!("{name}.data"));
    let log = dir.join(format!("{name}.pmclog"));
    run(Command::new(env!("CARGO_BIN_EXE_pmc-symbolizer"))
        .args(["convert", "--to", "pmclog", "--symfs"])
        .arg(fixtures().join("sysroot"))
        .arg("-o")
        .arg(&log)
        .arg(&data))?;
    Ok((data, log))
}
