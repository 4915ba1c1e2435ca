//! Deliberately malformed objects, described in elfc's notation (`tests/malformed/`),
//! compiled at test time and displayed by our readelf: stdout, stderr and exit status
//! must be GNU readelf 2.40's (`tests/golden/malformed/`, from `tests/regen-golden.sh`).

use std::path::Path;
use std::process::ExitCode;

use elftests::show_diff;
use libtest_mimic::{Arguments, Failed, Trial};

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("malformed");
    let mut names: Vec<String> = match std::fs::read_dir(&dir) {
        Ok(rd) => rd
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter_map(|n| n.strip_suffix(".elfc").map(str::to_string))
            .collect(),
        Err(e) => {
            eprintln!("malformed: {}: {e}", dir.display());
            return ExitCode::FAILURE;
        }
    };
    names.sort();
    // The objects are written to a scratch directory and named as GNU saw them.
    let scratch = std::env::temp_dir().join(format!("elftests-malformed-{}", std::process::id()));
    if let Err(e) =
        std::fs::create_dir_all(&scratch).and_then(|()| std::env::set_current_dir(&scratch))
    {
        eprintln!("malformed: {}: {e}", scratch.display());
        return ExitCode::FAILURE;
    }
    let trials = names
        .into_iter()
        .map(|n| {
            let dir = dir.clone();
            Trial::test(format!("malformed/{n}"), move || {
                check(&dir, &n).map_err(Failed::from)
            })
        })
        .collect();
    let code = libtest_mimic::run(&args, trials).exit_code();
    let _ = std::fs::remove_dir_all(&scratch);
    code
}

fn read(p: &Path) -> Result<Vec<u8>, String> {
    match std::fs::read(p) {
        Ok(b) => Ok(b),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(format!("{}: {e}", p.display())),
    }
}

fn check(dir: &Path, name: &str) -> Result<(), String> {
    let text =
        std::fs::read_to_string(dir.join(format!("{name}.elfc"))).map_err(|e| e.to_string())?;
    let bytes = elfc::compile(&text).map_err(|e| format!("{name}.elfc: {e}"))?;
    let obj = format!("{name}.o");
    std::fs::write(&obj, &bytes).map_err(|e| e.to_string())?;
    let opts =
        std::fs::read_to_string(dir.join(format!("{name}.opts"))).map_err(|e| e.to_string())?;
    let mut args: Vec<String> = opts.split_whitespace().map(str::to_string).collect();
    args.push(obj);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let rc = readelf::run(&args, &mut out, &mut err);
    let golden = dir.join("../golden/malformed");
    let want_out = read(&golden.join(format!("{name}.out")))?;
    let want_err = read(&golden.join(format!("{name}.err")))?;
    let want_rc: i32 = String::from_utf8_lossy(&read(&golden.join(format!("{name}.rc")))?)
        .trim()
        .parse()
        .unwrap_or(0);
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    if out != want_out {
        return Err(show_diff("stdout", &text(&want_out), &text(&out)));
    }
    if rc != want_rc {
        return Err(format!("exit status {rc}, GNU's {want_rc}"));
    }
    if err != want_err {
        return Err(show_diff("stderr", &text(&want_err), &text(&err)));
    }
    Ok(())
}
