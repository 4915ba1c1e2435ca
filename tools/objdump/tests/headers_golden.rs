//! Our objdump against GNU objdump 2.40's output, committed in `tests/golden-headers/` by
//! `tests/regen-golden-headers.sh`: `FIXTURE@OPTS.out` is GNU's standard output for
//! `objdump OPTS tests/data/FIXTURE` run from the workspace root (options joined by `_`),
//! `FIXTURE@OPTS.rc` its exit status when not 0. Needs nothing outside the repository.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};

fn main() {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let root = here.join("../..").canonicalize().expect("workspace root");
    let golden = here.join("tests/golden-headers");
    let mut outs: Vec<PathBuf> = std::fs::read_dir(&golden)
        .expect("tests/golden-headers")
        .map(|e| e.expect("entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "out"))
        .collect();
    outs.sort();
    assert!(outs.len() > 100, "golden files missing");
    // GNU ran from the workspace root on relative paths; so do we.
    std::env::set_current_dir(&root).expect("cd to the workspace root");
    let trials = outs
        .into_iter()
        .map(|p| {
            let stem = p.file_stem().unwrap().to_string_lossy().into_owned();
            Trial::test(stem.clone(), move || check(&p, &stem))
        })
        .collect();
    libtest_mimic::run(&Arguments::from_args(), trials).exit()
}

/// Run ours as GNU ran and compare standard output and exit status.
fn check(out: &Path, stem: &str) -> Result<(), Failed> {
    let (fixture, opts) = stem.split_once('@').ok_or("bad golden name")?;
    let mut args: Vec<String> = opts.split('_').map(str::to_owned).collect();
    args.push(format!("tests/data/{fixture}"));
    let want = std::fs::read(out)?;
    let want_rc: i32 = std::fs::read_to_string(out.with_extension("rc"))
        .map_or(0, |s| s.trim().parse().unwrap_or(-1));
    let (mut got, mut err) = (Vec::new(), Vec::new());
    let rc = objdump_tool::run("objdump", &args, &mut got, &mut err, false);
    if got != want {
        let (g, w) = (
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&want),
        );
        let line = g
            .lines()
            .zip(w.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| g.lines().count().min(w.lines().count()));
        return Err(format!(
            "stdout differs from GNU's at line {}:\n  ours: {:?}\n  GNU:  {:?}",
            line + 1,
            g.lines().nth(line),
            w.lines().nth(line)
        )
        .into());
    }
    if rc != want_rc {
        return Err(format!(
            "exit status {rc}, GNU's {want_rc}; stderr: {}",
            String::from_utf8_lossy(&err)
        )
        .into());
    }
    Ok(())
}
