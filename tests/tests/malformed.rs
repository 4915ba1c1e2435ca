//! Deliberately malformed or unusual objects, described in elfc's notation
//! (`tests/malformed/`), compiled at test time and displayed by our readelf: stdout,
//! stderr and exit status must be GNU readelf 2.40's (`tests/golden/malformed/`).
//!
//! `NAME.opts` holds one set of options a line; line 1's goldens are
//! `NAME.{out,err,rc}`, line K's (K ≥ 2) `NAME.K.{out,err,rc}`. The `.out` must exist
//! (it is written even when empty); `.err` and `.rc` are left out when empty or 0.
//!
//! - `malformed/NAME[.K]`: our readelf against the goldens.
//! - `malformed-fresh/NAME[.K]`: when the readelf on `PATH` is the one
//!   `tests/golden/VERSIONS` names, GNU's output for the same object is still the
//!   committed golden (ignored otherwise). With `ELFTESTS_REGEN=1` it writes the goldens
//!   from GNU's output instead (as `tests/regen-golden.sh` also does).

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use elftests::{golden_dir, show_diff, GnuTool};
use libtest_mimic::{Arguments, Failed, Trial};

type Res<T = ()> = Result<T, String>;

/// One run: an object and a line of options.
struct Run {
    /// The description's name (the object is `NAME.o`).
    name: String,
    /// The golden's stem: `NAME` for line 1, `NAME.K` for line K.
    stem: String,
    /// The options.
    opts: Vec<String>,
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("malformed");
    let runs = match runs(&dir) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("malformed: {e}");
            return ExitCode::FAILURE;
        }
    };
    // The objects are compiled once, into a scratch directory, and named as GNU saw them;
    // a description that does not compile fails its trials.
    let scratch = std::env::temp_dir().join(format!("elftests-malformed-{}", std::process::id()));
    if let Err(e) =
        std::fs::create_dir_all(&scratch).and_then(|()| std::env::set_current_dir(&scratch))
    {
        eprintln!("malformed: {}: {e}", scratch.display());
        return ExitCode::FAILURE;
    }
    let mut compiled: BTreeMap<String, Arc<Res>> = BTreeMap::new();
    for r in &runs {
        compiled
            .entry(r.name.clone())
            .or_insert_with(|| Arc::new(compile(&dir, &r.name)));
    }
    let versions = std::fs::read_to_string(golden_dir().join("VERSIONS")).unwrap_or_default();
    let gnu = GnuTool::find("readelf").filter(|r| versions.lines().any(|l| l == r.version_line));
    let regen = std::env::var_os("ELFTESTS_REGEN").is_some();
    let mut trials = Vec::new();
    let stems: Vec<String> = runs.iter().map(|r| r.stem.clone()).collect();
    trials.push(Trial::test("malformed-complete", move || {
        complete(&stems).map_err(Failed::from)
    }));
    for r in runs {
        let r = Arc::new(r);
        let built = compiled
            .get(&r.name)
            .cloned()
            .unwrap_or_else(|| Arc::new(Ok(())));
        let (r1, b1) = (r.clone(), built.clone());
        trials.push(Trial::test(format!("malformed/{}", r.stem), move || {
            (*b1).clone().and_then(|()| ours(&r1)).map_err(Failed::from)
        }));
        let g = gnu.clone();
        let ignored = g.is_none();
        trials.push(
            Trial::test(format!("malformed-fresh/{}", r.stem), move || match g {
                Some(g) => (*built)
                    .clone()
                    .and_then(|()| fresh(&g, &scratch_path(&r.name), &r, regen))
                    .map_err(Failed::from),
                None => Ok(()),
            })
            .with_ignored_flag(ignored),
        );
    }
    let code = libtest_mimic::run(&args, trials).exit_code();
    if let Ok(cwd) = std::env::current_dir() {
        let _ = std::fs::remove_dir_all(cwd);
    }
    code
}

/// Every golden belongs to a run (a run without one fails in its own trial).
fn complete(stems: &[String]) -> Res {
    let dir = golden_dir().join("malformed");
    let mut stray = Vec::new();
    for e in std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let name = e.map_err(|e| e.to_string())?.file_name();
        let name = name.to_string_lossy();
        let stem = name.rsplit_once('.').map_or(&*name, |(s, _)| s);
        if !stems.iter().any(|s| s == stem) {
            stray.push(name.into_owned());
        }
    }
    if stray.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "goldens without a description: {}",
            stray.join(", ")
        ))
    }
}

/// `NAME.o` in the scratch directory (the current directory).
fn scratch_path(name: &str) -> PathBuf {
    PathBuf::from(format!("{name}.o"))
}

/// Every description with each line of its options, sorted by name.
fn runs(dir: &Path) -> Res<Vec<Run>> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter_map(|n| n.strip_suffix(".elfc").map(str::to_string))
        .collect();
    names.sort();
    let mut out = Vec::new();
    for name in names {
        let p = dir.join(format!("{name}.opts"));
        let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
        let lines: Vec<&str> = text.lines().filter(|l| !l.trim().is_empty()).collect();
        if lines.is_empty() {
            return Err(format!("{}: no options", p.display()));
        }
        for (k, line) in lines.iter().enumerate() {
            let stem = if k == 0 {
                name.clone()
            } else {
                format!("{name}.{}", k + 1)
            };
            out.push(Run {
                name: name.clone(),
                stem,
                opts: line.split_whitespace().map(str::to_string).collect(),
            });
        }
    }
    Ok(out)
}

fn compile(dir: &Path, name: &str) -> Res {
    let p = dir.join(format!("{name}.elfc"));
    let text = std::fs::read_to_string(&p).map_err(|e| format!("{}: {e}", p.display()))?;
    let bytes = elfc::compile(&text).map_err(|e| format!("{name}.elfc: {e}"))?;
    std::fs::write(scratch_path(name), &bytes).map_err(|e| format!("{name}.o: {e}"))
}

fn golden(stem: &str, ext: &str) -> PathBuf {
    golden_dir().join("malformed").join(format!("{stem}.{ext}"))
}

/// The committed goldens of a run: stdout (required), stderr, exit status.
fn committed(stem: &str) -> Res<(Vec<u8>, Vec<u8>, i32)> {
    let read = |ext: &str, required: bool| -> Res<Vec<u8>> {
        let p = golden(stem, ext);
        match std::fs::read(&p) {
            Ok(b) => Ok(b),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && !required => Ok(Vec::new()),
            Err(e) => Err(format!(
                "{}: {e} (goldens come from GNU: ELFTESTS_REGEN=1 cargo test -p elftests --test malformed -- malformed-fresh)",
                p.display()
            )),
        }
    };
    let out = read("out", true)?;
    let err = read("err", false)?;
    let rc = String::from_utf8_lossy(&read("rc", false)?)
        .trim()
        .to_string();
    let rc = if rc.is_empty() {
        0
    } else {
        rc.parse()
            .map_err(|_| format!("{}: not a number", golden(stem, "rc").display()))?
    };
    Ok((out, err, rc))
}

fn compare(who: &str, want: &(Vec<u8>, Vec<u8>, i32), got: &(Vec<u8>, Vec<u8>, i32)) -> Res {
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    if got.0 != want.0 {
        return Err(show_diff(
            &format!("{who} stdout"),
            &text(&want.0),
            &text(&got.0),
        ));
    }
    if got.2 != want.2 {
        return Err(format!("{who} exit status {}, golden {}", got.2, want.2));
    }
    if got.1 != want.1 {
        return Err(show_diff(
            &format!("{who} stderr"),
            &text(&want.1),
            &text(&got.1),
        ));
    }
    Ok(())
}

fn ours(r: &Run) -> Res {
    let want = committed(&r.stem)?;
    let mut args = r.opts.clone();
    args.push(scratch_path(&r.name).to_string_lossy().into_owned());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let rc = readelf::run(&args, &mut out, &mut err);
    compare("our", &want, &(out, err, rc))
}

fn fresh(gnu: &GnuTool, obj: &Path, r: &Run, regen: bool) -> Res {
    let mut args: Vec<String> = r.opts.clone();
    args.push(obj.to_string_lossy().into_owned());
    let o = gnu.run(&args, None)?;
    let got = (o.stdout, o.stderr, o.status.code().unwrap_or(-1));
    if regen {
        let write = |ext: &str, b: &[u8], keep: bool| -> Res {
            let p = golden(&r.stem, ext);
            if keep {
                std::fs::write(&p, b).map_err(|e| format!("{}: {e}", p.display()))
            } else {
                match std::fs::remove_file(&p) {
                    Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                        Err(format!("{}: {e}", p.display()))
                    }
                    _ => Ok(()),
                }
            }
        };
        write("out", &got.0, true)?;
        write("err", &got.1, !got.1.is_empty())?;
        return write("rc", format!("{}\n", got.2).as_bytes(), got.2 != 0);
    }
    compare("GNU's", &committed(&r.stem)?, &got)
}
