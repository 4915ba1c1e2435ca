//! Our readelf against GNU readelf 2.40's committed output (`tests/golden/readelf/`):
//! for every fixture and option set, the same stdout, the same stderr and the same exit
//! status. Runs in-process from `tests/data/`, as `tests/regen-golden.sh` ran GNU's.

use std::process::ExitCode;

use elftests::{data_dir, golden_dir, read_goldens, show_diff, Golden};
use libtest_mimic::{Arguments, Failed, Trial};

fn main() -> ExitCode {
    let args = Arguments::from_args();
    // Every trial names its fixture relative to tests/data, as the goldens do.
    if let Err(e) = std::env::set_current_dir(data_dir()) {
        eprintln!("readelf_golden: {e}");
        return ExitCode::FAILURE;
    }
    let goldens = match read_goldens(&golden_dir().join("readelf")) {
        Ok(g) => g,
        Err(e) => {
            eprintln!("readelf_golden: {e}");
            return ExitCode::FAILURE;
        }
    };
    let trials = goldens
        .into_iter()
        .map(|g| {
            Trial::test(format!("readelf/{}", g.stem), move || {
                check(&g).map_err(Failed::from)
            })
        })
        .collect();
    libtest_mimic::run(&args, trials).exit_code()
}

/// Known stderr differences, for the `--debug-dump` goldens of one fixture (stdout and
/// exit status are still compared):
/// - `x86_64-extnum.o`: with extended section numbering GNU 2.40 looks up its debug
///   sections in the wrong name table and warns about `.note.gnu.build-id`; we do not
///   reproduce that bug.
fn stderr_exempt(g: &Golden) -> bool {
    g.fixture == "x86_64-extnum.o" && g.opts.iter().any(|o| o.starts_with("--debug-dump"))
}

fn check(g: &Golden) -> Result<(), String> {
    let mut args = g.opts.clone();
    args.push(g.fixture.clone());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let rc = readelf::run(&args, &mut out, &mut err);
    let want_out = g.read("out")?;
    let want_err = g.read("err")?;
    let want_rc = g.status()?;
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    if out != want_out {
        return Err(show_diff("stdout", &text(&want_out), &text(&out)));
    }
    if rc != want_rc {
        return Err(format!("exit status {rc}, GNU's {want_rc}"));
    }
    if err != want_err && !stderr_exempt(g) {
        return Err(show_diff("stderr", &text(&want_err), &text(&err)));
    }
    Ok(())
}
