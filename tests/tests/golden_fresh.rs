//! The GNU readelf goldens in `tests/golden/readelf/` match the fixtures they were made
//! from (see `tests/regen-golden.sh`).
//!
//! - `golden-complete`: every fixture has a golden for every option set, and every golden
//!   names a fixture that exists.
//! - `golden/F@O…`: when the readelf on `PATH` is the one `tests/golden/VERSIONS` names,
//!   running it again as the script did gives the committed stdout, stderr and exit
//!   status, so goldens cannot go stale after `tests/data/build.sh` (ignored otherwise).

use std::collections::{BTreeMap, BTreeSet};
use std::process::ExitCode;

use elftests::{
    data_dir, fixtures, golden_dir, read_goldens, run_trials, show_diff, GnuTool, Golden,
};
use libtest_mimic::{Failed, Trial};

type Res<T = ()> = Result<T, String>;

fn main() -> ExitCode {
    run_trials("golden_fresh", trials())
}

fn trials() -> Res<Vec<Trial>> {
    let dir = golden_dir().join("readelf");
    let goldens = read_goldens(&dir)?;
    let versions_path = golden_dir().join("VERSIONS");
    let versions = std::fs::read_to_string(&versions_path)
        .map_err(|e| format!("{}: {e}", versions_path.display()))?;
    let readelf =
        GnuTool::find("readelf").filter(|r| versions.lines().any(|l| l == r.version_line));

    let mut out = Vec::new();
    let all = goldens.clone();
    out.push(Trial::test("golden-complete", move || {
        complete(&all).map_err(Failed::from)
    }));
    for g in goldens {
        let r = readelf.clone();
        let ignored = r.is_none();
        out.push(
            Trial::test(format!("golden/{}", g.stem), move || match r {
                Some(r) => fresh(&r, &g).map_err(Failed::from),
                None => Ok(()),
            })
            .with_ignored_flag(ignored),
        );
    }
    Ok(out)
}

/// Every fixture has goldens for the same option sets, and every golden's fixture exists.
fn complete(goldens: &[Golden]) -> Res {
    let names: BTreeSet<String> = fixtures()?.into_iter().map(|f| f.name).collect();
    let mut by_fixture: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for g in goldens {
        if g.opts.is_empty() || g.opts.iter().any(String::is_empty) {
            return Err(format!("{}: an empty option in the name", g.stem));
        }
        if !names.contains(&g.fixture) {
            return Err(format!(
                "{}: no fixture {} in tests/data",
                g.stem, g.fixture
            ));
        }
        by_fixture
            .entry(&g.fixture)
            .or_default()
            .insert(g.opts.join(" "));
    }
    let sets: BTreeSet<String> = by_fixture.values().flatten().cloned().collect();
    if sets.len() < 20 {
        return Err(format!("only {} option sets: {sets:?}", sets.len()));
    }
    for name in &names {
        let have = by_fixture.get(name.as_str()).cloned().unwrap_or_default();
        let missing: Vec<&String> = sets.difference(&have).collect();
        if !missing.is_empty() {
            return Err(format!(
                "{name}: no golden for {missing:?}: run tests/regen-golden.sh"
            ));
        }
    }
    Ok(())
}

/// readelf run again as `tests/regen-golden.sh` ran it gives the golden.
fn fresh(readelf: &GnuTool, g: &Golden) -> Res {
    let mut args = g.opts.clone();
    args.push(g.fixture.clone());
    let o = readelf.run(&args, Some(&data_dir()))?;
    let read = |ext: &str| -> Res<String> {
        let p = g.dir.join(format!("{}.{ext}", g.stem));
        match std::fs::read(&p) {
            Ok(b) => Ok(String::from_utf8_lossy(&b).into_owned()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && ext != "out" => Ok(String::new()),
            Err(e) => Err(format!("{}: {e}", p.display())),
        }
    };
    let cmd = format!("readelf {}", args.join(" "));
    let (want_out, want_err) = (read("out")?, read("err")?);
    let want_rc = match read("rc")?.trim() {
        "" => 0,
        rc => rc
            .parse::<i32>()
            .map_err(|e| format!("{}.rc: {e}", g.stem))?,
    };
    let got_out = String::from_utf8_lossy(&o.stdout);
    if got_out != want_out {
        return Err(show_diff(&format!("{cmd}: stdout"), &want_out, &got_out));
    }
    // GNU names the checkout's absolute path in some warnings (debug-file searches);
    // `tests/regen-golden.sh` writes it as `@DATA@`.
    let data = data_dir().display().to_string();
    let got_err = String::from_utf8_lossy(&o.stderr).replace(&data, "@DATA@");
    if got_err != want_err {
        return Err(show_diff(&format!("{cmd}: stderr"), &want_err, &got_err));
    }
    if o.status.code() != Some(want_rc) {
        return Err(format!(
            "{cmd}: exit status {:?}, golden {want_rc}",
            o.status.code()
        ));
    }
    Ok(())
}
