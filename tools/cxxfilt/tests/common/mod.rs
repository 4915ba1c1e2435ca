//! What the golden tests and the live trials share: the case list of
//! `tests/data/cases.list` and running our binary on a case.

#![allow(dead_code, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::os::unix::process::CommandExt;
use std::path::PathBuf;
use std::process::{Command, Stdio};

/// A file under `tests/data`.
pub fn data(name: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name)
}

/// One c++filt run of `cases.list`.
#[derive(Debug, Clone)]
pub struct Case {
    pub name: String,
    /// Standard input, a path relative to `tests/data/cases`, if any.
    pub stdin: Option<String>,
    pub args: Vec<String>,
}

/// The cases of `tests/data/cases.list`.
pub fn cases() -> Vec<Case> {
    let list = std::fs::read_to_string(data("cases.list")).unwrap();
    list.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let mut f = l.split('\t');
            let name = f.next().unwrap().to_owned();
            let stdin = f.next().unwrap();
            let args = f.next().unwrap_or("");
            Case {
                name,
                stdin: (stdin != "-").then(|| stdin.to_owned()),
                args: args
                    .split(' ')
                    .filter(|a| !a.is_empty())
                    .map(str::to_owned)
                    .collect(),
            }
        })
        .collect()
}

/// What a run printed and its status.
#[derive(Debug, PartialEq, Eq)]
pub struct Outcome {
    pub stdout: Vec<u8>,
    pub stderr: String,
    pub status: i32,
}

/// Runs `program` (as `c++filt` in `argv[0]`) on `case` in `tests/data/cases`.
pub fn run(program: &str, case: &Case) -> Outcome {
    let dir = data("cases");
    let stdin = match &case.stdin {
        Some(f) => Stdio::from(std::fs::File::open(dir.join(f)).unwrap()),
        None => Stdio::null(),
    };
    let out = Command::new(program)
        .arg0("c++filt")
        .args(&case.args)
        .current_dir(&dir)
        .stdin(stdin)
        .output()
        .unwrap();
    Outcome {
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
        status: out.status.code().unwrap_or(-1),
    }
}

/// GNU's recorded outcome of `case`.
pub fn golden(case: &Case) -> Outcome {
    let f = |ext: &str| data("cases").join(format!("{}.{ext}", case.name));
    Outcome {
        stdout: std::fs::read(f("out")).unwrap(),
        stderr: std::fs::read_to_string(f("err")).unwrap(),
        status: std::fs::read_to_string(f("rc"))
            .unwrap()
            .trim()
            .parse()
            .unwrap(),
    }
}

/// A readable difference between two outcomes, or `None`.
pub fn differ(expected: &Outcome, got: &Outcome) -> Option<String> {
    (expected != got).then(|| {
        format!(
            "expected status {} stderr {:?} stdout\n{}\ngot status {} stderr {:?} stdout\n{}",
            expected.status,
            expected.stderr,
            String::from_utf8_lossy(&expected.stdout),
            got.status,
            got.stderr,
            String::from_utf8_lossy(&got.stdout),
        )
    })
}
