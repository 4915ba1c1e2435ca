//! Golden tests: our `c++filt` against GNU c++filt 2.40 output recorded in
//! `tests/data` (see `tests/data/VERSIONS`). The live comparisons with the
//! installed GNU `c++filt` are trials in `tests/live.rs`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::process::Command;

use common::data;

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

/// Every case of `tests/data/cases.list` (NUL bytes, over-long words,
/// `-s none`/`java`/`gnat`, `@file`s) against GNU's recorded answer.
#[test]
fn golden_cases() {
    let exe = env!("CARGO_BIN_EXE_cxxfilt");
    let mut bad = String::new();
    for case in common::cases() {
        if let Some(d) = common::differ(&common::golden(&case), &common::run(exe, &case)) {
            bad.push_str(&format!("case {}: {d}\n", case.name));
        }
    }
    assert!(bad.is_empty(), "{bad}");
}

/// GNU never checks its writes: a full disk ends the output silently and
/// the status stays 0.
#[test]
fn write_errors_are_silent() {
    struct Full;
    impl std::io::Write for Full {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::from_raw_os_error(28))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Err(std::io::Error::from_raw_os_error(28))
        }
    }
    for (args, input) in [
        (&["c++filt"][..], &b"_Z1fv\n"[..]),
        (&["c++filt", "_Z1fv"], b""),
        (&["c++filt", "--help"], b""),
    ] {
        let args: Vec<String> = args.iter().map(|s| (*s).to_owned()).collect();
        let mut err = Vec::new();
        assert_eq!(cxxfilt::run(&args, &mut &input[..], &mut Full, &mut err), 0);
        assert!(err.is_empty());
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
