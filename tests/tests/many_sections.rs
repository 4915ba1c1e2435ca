//! Objects with more than 65,535 sections (`e_shnum` 0, the count in section 0's
//! `sh_size`, `e_shstrndx` `SHN_XINDEX` with the index in its `sh_link`): our readelf
//! must print them as GNU readelf 2.40 does in every display.
//!
//! The object is generated at test time (`elftests::many_sections::object`, 70,008
//! sections). GNU's output is megabytes, so `tests/golden/many-sections/NAME.sum` keeps
//! its size and CRC-32, its exit status, its whole stderr and a trimmed stdout (the first
//! and last lines and every line about the sections and symbols around the 16-bit
//! boundaries), which failure messages diff against ours.
//!
//! - `many-sections/OPTS`: our output against the committed summary. A missing summary
//!   fails.
//! - `many-sections-fresh/OPTS`: when the readelf on `PATH` is the one
//!   `tests/golden/VERSIONS` names, GNU's output for the same object still gives the
//!   committed summary (ignored otherwise). `ELFTESTS_REGEN=1` writes the summaries from
//!   GNU's output instead.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use elftests::{golden_dir, show_diff, GnuTool};
use libtest_mimic::{Arguments, Failed, Trial};

type Res<T = ()> = Result<T, String>;

/// The file name the object is written as (GNU's messages name it).
const OBJECT: &str = "many-sections.o";

/// The option sets, each run as `readelf OPTS many-sections.o`.
const SETS: &[&str] = &[
    "-h",
    "-S",
    "-S -W",
    "-t -W",
    "-s -W",
    "-g",
    "-r -W",
    "-a -W",
    "-e",
    "-x 70003",
    "-x 70005 -R 70002",
    "-p 65535",
];

/// Lines with one of these words are kept in the trimmed output.
const WORDS: &[&str] = &[
    "g1",
    "ext",
    ".group",
    ".symtab_shndx",
    ".text.g1",
    ".rela.text.g1",
];

/// Lines with a decimal word in one of these ranges are kept too: the sections and
/// symbols around 0xff00 and 0xffff, f65299's section symbol, and the last ones.
const NUMBERS: &[std::ops::RangeInclusive<u64>] = &[
    65_278..=65_282,
    65_300..=65_300,
    65_533..=65_537,
    70_000..=70_010,
    140_000..=140_010,
];

/// Whether the trimmed output keeps this line.
fn keep(line: &str) -> bool {
    line.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.'))
        .any(|w| {
            WORDS.contains(&w)
                || w.parse::<u64>()
                    .is_ok_and(|n| NUMBERS.iter().any(|r| r.contains(&n)))
        })
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let scratch = std::env::temp_dir().join(format!("elftests-many-{}", std::process::id()));
    let obj = scratch.join(OBJECT);
    if let Err(e) = std::fs::create_dir_all(&scratch)
        .and_then(|()| std::fs::write(&obj, elftests::many_sections::object(70_000)))
    {
        eprintln!("many_sections: {}: {e}", scratch.display());
        return ExitCode::FAILURE;
    }
    let versions = std::fs::read_to_string(golden_dir().join("VERSIONS")).unwrap_or_default();
    let gnu = GnuTool::find("readelf").filter(|r| versions.lines().any(|l| l == r.version_line));
    let regen = std::env::var_os("ELFTESTS_REGEN").is_some();
    let mut trials = Vec::new();
    for set in SETS {
        let dir = scratch.clone();
        trials.push(Trial::test(format!("many-sections/{set}"), move || {
            ours(&dir, set).map_err(Failed::from)
        }));
        let (dir, g) = (scratch.clone(), gnu.clone());
        let ignored = g.is_none();
        trials.push(
            Trial::test(format!("many-sections-fresh/{set}"), move || match g {
                Some(g) => fresh(&g, &dir, set, regen).map_err(Failed::from),
                None => Ok(()),
            })
            .with_ignored_flag(ignored),
        );
    }
    let code = libtest_mimic::run(&args, trials).exit_code();
    let _ = std::fs::remove_dir_all(&scratch);
    code
}

fn golden_path(set: &str) -> PathBuf {
    let stem = set.split_whitespace().collect::<Vec<_>>().join("@");
    golden_dir()
        .join("many-sections")
        .join(format!("{stem}.sum"))
}

/// The summary of one run: status, sizes and CRCs, stderr, trimmed stdout.
fn summary(set: &str, status: i32, out: &[u8], err: &[u8]) -> String {
    let text = String::from_utf8_lossy(out);
    let lines: Vec<&str> = text.lines().collect();
    let n = lines.len();
    let mut s = format!(
        "# readelf {set} {OBJECT}\nstatus {status}\nstdout {} bytes, {n} lines, crc32 {:08x}\n",
        out.len(),
        crc32fast::hash(out)
    );
    s.push_str("--- stderr\n");
    s.push_str(&String::from_utf8_lossy(err));
    s.push_str("--- stdout, trimmed (line number: text)\n");
    for (i, l) in lines.iter().enumerate() {
        if i < 24 || i + 24 >= n || keep(l) {
            s.push_str(&format!("{}: {l}\n", i + 1));
        }
    }
    s
}

fn committed(set: &str) -> Res<String> {
    let p = golden_path(set);
    std::fs::read_to_string(&p).map_err(|e| {
        format!(
            "{}: {e} (make it with ELFTESTS_REGEN=1 cargo test -p elftests --test many_sections)",
            p.display()
        )
    })
}

fn ours(dir: &Path, set: &str) -> Res {
    let want = committed(set)?;
    let mut args: Vec<String> = set.split_whitespace().map(str::to_string).collect();
    args.push(dir.join(OBJECT).to_string_lossy().into_owned());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let rc = readelf::run(&args, &mut out, &mut err);
    // Messages name the file by the path given; the summary has the bare name.
    let prefix = format!("{}/", dir.display());
    let out = String::from_utf8_lossy(&out).replace(&prefix, "");
    let err = String::from_utf8_lossy(&err).replace(&prefix, "");
    let got = summary(set, rc, out.as_bytes(), err.as_bytes());
    if got != want {
        return Err(show_diff("summary", &want, &got));
    }
    Ok(())
}

fn fresh(gnu: &GnuTool, dir: &Path, set: &str, regen: bool) -> Res {
    let mut args: Vec<&str> = set.split_whitespace().collect();
    args.push(OBJECT);
    let o = gnu.run(&args, Some(dir))?;
    let got = summary(set, o.status.code().unwrap_or(-1), &o.stdout, &o.stderr);
    if regen {
        let p = golden_path(set);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).map_err(|e| e.to_string())?;
        }
        return std::fs::write(&p, got).map_err(|e| format!("{}: {e}", p.display()));
    }
    let want = committed(set)?;
    if got != want {
        return Err(show_diff("GNU's summary (stale golden?)", &want, &got));
    }
    Ok(())
}
