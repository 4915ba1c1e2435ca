//! Golden tests: our `c++filt` against GNU c++filt 2.40 output recorded in
//! `tests/data` (see `tests/data/VERSIONS`), plus a live comparison with the
//! installed GNU `c++filt` when there is one.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::process::{Command, Stdio};

fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

fn ours(flags: &[&str], input: &[u8]) -> Vec<u8> {
    let mut args = vec!["c++filt".to_owned()];
    args.extend(flags.iter().map(|s| (*s).to_owned()));
    let mut out = Vec::new();
    let mut err = Vec::new();
    let code = cxxfilt::run(&args, &mut &input[..], &mut out, &mut err);
    assert_eq!(code, 0, "stderr: {}", String::from_utf8_lossy(&err));
    out
}

/// Compares line by line and reports every difference between rulers.
fn check(flags: &[&str], golden: &str) {
    let input = std::fs::read(data("names.txt")).unwrap();
    let expected = std::fs::read_to_string(data(golden)).unwrap();
    let got = String::from_utf8(ours(flags, &input)).unwrap();
    let names = String::from_utf8(input).unwrap();
    let mut bad = String::new();
    for ((n, e), g) in names.lines().zip(expected.lines()).zip(got.lines()) {
        if e != g {
            bad.push_str(&format!("{n}\n  expected: {e}\n  got:      {g}\n"));
        }
    }
    assert_eq!(expected.lines().count(), got.lines().count(), "line count");
    assert!(bad.is_empty(), "\n{:-<60}\n{bad}{:-<60}", "", "");
}

#[test]
fn golden_default() {
    check(&[], "names.gnu");
}

#[test]
fn golden_no_params() {
    check(&["-p"], "names.p.gnu");
}

#[test]
fn golden_no_verbose() {
    check(&["-i"], "names.i.gnu");
}

#[test]
fn golden_as_arguments() {
    let names = std::fs::read_to_string(data("names.txt")).unwrap();
    let expected = std::fs::read_to_string(data("names.gnu")).unwrap();
    let names: Vec<&str> = names.lines().collect();
    let got = String::from_utf8(ours(&names, b"")).unwrap();
    assert_eq!(got, expected);
}

/// Runs the installed GNU c++filt, if any, on `input` with `flags`.
fn gnu(flags: &[&str], input: &[u8]) -> Option<Vec<u8>> {
    use std::io::Write;
    let mut child = Command::new("c++filt")
        .args(flags)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let input = input.to_vec();
    let writer = std::thread::spawn(move || stdin.write_all(&input));
    let out = child.wait_with_output().ok()?;
    writer.join().ok()?.ok()?;
    Some(out.stdout)
}

#[test]
fn live_comparison_with_gnu() {
    let mut input = std::fs::read(data("names.txt")).unwrap();
    input.extend_from_slice(
        b"text _Z1fv, (_ZN1a1bE) x$_Z1gv y._Z1hv\n\xff\xfe _Z1fi\tend\nno newline _Z1fc",
    );
    for flags in [
        &[][..],
        &["-p"],
        &["-i"],
        &["-t"],
        &["-_"],
        &["-r"],
        &["-s", "gnu-v3"],
        &["-s", "rust"],
    ] {
        let Some(expected) = gnu(flags, &input) else {
            eprintln!("c++filt not available; skipping live comparison");
            return;
        };
        let got = ours(flags, &input);
        assert_eq!(
            String::from_utf8_lossy(&got),
            String::from_utf8_lossy(&expected),
            "flags {flags:?}"
        );
    }
}

#[test]
fn binary_end_to_end() {
    let exe = env!("CARGO_BIN_EXE_cxxfilt");
    let out = Command::new(exe)
        .args(["_Z1fv", "_ZN1a1bE"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(out.stdout, b"f()\na::b\n");
    let out = Command::new(exe)
        .arg("--definitely-not-an-option")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("unrecognized option"));
}
