//! Live comparisons with the installed GNU c++filt 2.40, as trials that are
//! ignored (saying so) on a machine without it: the recorded names under
//! every flag, every case of `tests/data/cases.list`, writing to `/dev/full`,
//! and generated names in the `java` and `gnat` styles.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::process::Command;

use host_trials::{Need, Trials};

const GNU: Need = Need::Gnu240("c++filt");

/// Runs `program` with `flags` on `input`; stdout, stderr and status.
fn pipe(program: &str, flags: &[String], input: &[u8]) -> common::Outcome {
    let out = host_trials::run_piped(
        Command::new(program).args(flags),
        input,
        std::time::Duration::from_secs(60),
    )
    .unwrap();
    common::Outcome {
        stdout: out.stdout,
        stderr: String::from_utf8_lossy(&out.stderr).replace(program, "c++filt"),
        status: out.status.code().unwrap_or(-1),
    }
}

fn compare(flags: &[String], input: &[u8]) -> Result<(), String> {
    let ours = pipe(env!("CARGO_BIN_EXE_cxxfilt"), flags, input);
    let gnu = pipe("c++filt", flags, input);
    match common::differ(&gnu, &ours) {
        Some(d) => Err(format!("flags {flags:?}: {d}")),
        None => Ok(()),
    }
}

/// Names in the shapes of the `java` and `gnat` encodings, made from the
/// pieces each decoder looks at, so that every branch is met.
fn generated(pieces: &[&str], depth: usize) -> Vec<u8> {
    let mut words = vec![String::new()];
    for _ in 0..depth {
        let mut next = Vec::new();
        for w in &words {
            for p in pieces {
                next.push(format!("{w}{p}"));
            }
        }
        words = next;
    }
    let mut out = Vec::new();
    for w in words {
        out.extend_from_slice(w.as_bytes());
        out.push(b'\n');
    }
    out
}

fn main() {
    let mut t = Trials::new();
    let flag_sets: &[&[&str]] = &[
        &[],
        &["-p"],
        &["-i"],
        &["-t"],
        &["-_"],
        &["-r"],
        &["-s", "gnu-v3"],
        &["-s", "rust"],
        &["-s", "java"],
        &["-s", "gnat"],
        &["-s", "dlang"],
        &["-s", "none"],
    ];
    for flags in flag_sets {
        let flags: Vec<String> = flags.iter().map(|s| (*s).to_owned()).collect();
        t.add(&format!("names {}", flags.join(" ")), &[GNU], move || {
            let mut input = std::fs::read(common::data("names.txt")).unwrap();
            input.extend_from_slice(
                b"text _Z1fv, (_ZN1a1bE) x$_Z1gv y._Z1hv\n\xff\xfe _Z1fi\tend\n\
                  nul _Z1fv\0_Z1gv \0\0x\nno newline _Z1fc",
            );
            compare(&flags, &input)
        });
    }
    for case in common::cases() {
        t.add(&format!("case {}", case.name), &[GNU], move || {
            let gnu = common::run("c++filt", &case);
            let ours = common::run(env!("CARGO_BIN_EXE_cxxfilt"), &case);
            common::differ(&gnu, &ours).map_or(Ok(()), Err)
        });
    }
    t.add("full disk", &[GNU, Need::File("/dev/full")], || {
        for args in [&[][..], &["_Z1fv"], &["--help"], &["-v"]] {
            let run = |p: &str| {
                let out = Command::new(p)
                    .args(args)
                    .stdin(std::fs::File::open(common::data("names.txt")).unwrap())
                    .stdout(std::fs::File::create("/dev/full").unwrap())
                    .output()
                    .unwrap();
                (out.status.code(), out.stderr)
            };
            let (gnu, ours) = (run("c++filt"), run(env!("CARGO_BIN_EXE_cxxfilt")));
            if gnu != ours {
                return Err(format!("{args:?}: GNU {gnu:?}, ours {ours:?}"));
            }
        }
        Ok(())
    });
    t.add("java generated", &[GNU], || {
        let mut input = Vec::new();
        for pre in ["_ZN", "_ZNK", "_ZGr", "_ZTJN", "_Z"] {
            for tail in String::from_utf8(generated(
                &[
                    "3foo",
                    "6JArrayI",
                    "E",
                    "i",
                    "b",
                    "P",
                    "S_",
                    "v",
                    "J",
                    "9a__U41_b",
                    "4_$S$",
                    "c",
                ],
                3,
            ))
            .unwrap()
            .lines()
            {
                input.extend_from_slice(format!("{pre}{tail}\n").as_bytes());
            }
        }
        compare(&["-s".into(), "java".into()], &input)
    });
    t.add("gnat generated", &[GNU], || {
        let input = generated(
            &[
                "pkg", "__", "_", "O", "Oadd", "TK", "B", "X", "b", "S", "R", "D", "F", "E", "P",
                "N", "2", ".", "s", "_elabb",
            ],
            3,
        );
        compare(&["-s".into(), "gnat".into()], &input)
    });
    t.add("dlang generated", &[GNU], || {
        let mut input = Vec::new();
        for tail in String::from_utf8(generated(
            &[
                "3foo", "F", "Z", "i", "Qa", "QBa", "M", "x", "Ng", "A", "H", "P", "S1a", "D",
                "__T", "V", "T", "e", "a1_41", "0", "6__initZ", "Na", "K", "Y",
            ],
            3,
        ))
        .unwrap()
        .lines()
        {
            input.extend_from_slice(format!("_D3bar{tail}\n_D{tail}Zv\n").as_bytes());
        }
        compare(&["-s".into(), "dlang".into()], &input)
    });
    t.run();
}
