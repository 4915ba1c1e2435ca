//! Helpers the pmcstat-output tests share.

#![allow(clippy::unwrap_used, dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use host_trials::{Need, Trials};
use pmc_symbolizer::output::Resolved;
use pmc_symbolizer::profile::FrameId;
use pmc_symbolizer::source::Input;
use pmc_symbolizer::{load, Options};

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

/// The perf.data fixtures each pmcstat output is checked on, with whether functions are
/// compared one by one (C) or only each image's costs (C++ and Rust, whose names other
/// tools spell differently).
pub const FIXTURES: [(&str, bool); 8] = [
    ("c-fp", true),
    ("c-nocg", true),
    ("c-2events", true),
    ("c-zstd", true),
    ("th-fp", true),
    ("forkexec-fp", true),
    ("cpp-fp", false),
    ("rs-fp", false),
];

/// Runs one trial `{prefix}{fixture}` for each of [`FIXTURES`], needing `needs`:
/// `check(fixture, strict)`.
pub fn fixture_trials(prefix: &str, needs: &[Need], check: fn(&str, bool) -> Result<(), String>) {
    let mut t = Trials::new();
    for (fixture, strict) in FIXTURES {
        t.add(&format!("{prefix}{fixture}"), needs, move || {
            check(fixture, strict)
        });
    }
    t.run();
}

/// Each sample leaf our `report` counts in `input` (read with the fixtures' sysroot):
/// `f(names, leaf frame, event index, samples)`.
pub fn each_leaf(input: &Path, mut f: impl FnMut(&Resolved<'_>, FrameId, usize, u64)) {
    let opts = Options::with_symfs(fixtures().join("sysroot"));
    let l = load(Input::Path(input), &opts, false).unwrap();
    let r = l.resolved();
    for (key, t) in &r.profile.totals {
        if let Some(leaf) = key.stack.and_then(|n| r.profile.nodes.get(n as usize)) {
            f(&r, leaf.frame, key.attr as usize, t.count);
        }
    }
}

/// `pmc-symbolizer` with pmcstat's options: `-R input -r` the fixtures' sysroot, then
/// `output` (`-F` or `-G`) to `out`.
pub fn pmcstat(input: &Path, output: &str, out: &Path) -> Result<String, String> {
    run(Command::new(env!("CARGO_BIN_EXE_pmc-symbolizer"))
        .arg("-R")
        .arg(input)
        .arg("-r")
        .arg(fixtures().join("sysroot"))
        .arg(output)
        .arg(out))
}
