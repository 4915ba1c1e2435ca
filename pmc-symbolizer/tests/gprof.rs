//! pmcstat's `-g` gmon files read by GNU gprof: for each perf.data fixture and its
//! conversion to an hwpmc log, `gprof -b -p IMAGE FILE` on every file we write prints
//! the functions, sample counts and percentages our own `report` gives that image (a
//! trial, ignored without GNU gprof; `.ci/run` installs binutils).
//!
//! gprof leaves out some local symbols (names with `$`, suffixes such as `.isra.0`) and
//! gives their samples to the symbol before them, so the C++ and Rust fixtures are
//! checked on their image totals only.

#![allow(clippy::indexing_slicing)]

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use host_trials::Need;

mod common;
use common::{convert, each_leaf, fixture_trials, fixtures, run, scratch};

/// Our report's leaf counts for each (event, image basename): function → samples.
type Expected = BTreeMap<(String, String), BTreeMap<String, u64>>;

fn expected(input: &Path) -> Expected {
    let mut out = Expected::new();
    each_leaf(input, |r, leaf, attr, count| {
        let Some(name) = r.name(leaf) else {
            return;
        };
        let event = r.profile.attrs[attr].name.replace('/', "_");
        *out.entry((event, r.dso_short(leaf).to_string()))
            .or_default()
            .entry(name.to_string())
            .or_default() += count;
    });
    out
}

/// gprof's flat profile rows: (percent text, samples, name).
fn flat(text: &str) -> Result<Vec<(String, u64, String)>, String> {
    let per = text
        .lines()
        .find_map(|l| l.strip_prefix("Each sample counts as "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|v| v.parse::<f64>().ok())
        .ok_or_else(|| format!("no sample size in\n{text}"))?;
    let mut rows = Vec::new();
    let mut body = false;
    for l in text.lines() {
        if l.trim_start().starts_with("time ") {
            body = true;
            continue;
        }
        if !body || l.trim().is_empty() {
            continue;
        }
        let t: Vec<&str> = l.split_whitespace().collect();
        if t.len() < 4 {
            return Err(format!("odd row {l:?}"));
        }
        let secs: f64 = t[2].parse().map_err(|_| format!("odd row {l:?}"))?;
        let mut rest = &t[3..];
        if rest.len() > 3 && rest[..3].iter().all(|x| x.parse::<f64>().is_ok()) {
            rest = &rest[3..];
        }
        rows.push((
            t[0].to_string(),
            (secs / per).round() as u64,
            rest.join(" "),
        ));
    }
    Ok(rows)
}

fn check(fixture: &str, strict: bool) -> Result<(), String> {
    let dir = scratch(&format!("gprof-{fixture}"));
    let sysroot = fixtures().join("sysroot");
    let (data, log) = convert(fixture, &dir)?;
    let want = expected(&data);
    for (tag, input) in [("data", &data), ("log", &log)] {
        let out = dir.join(tag);
        run(Command::new(env!("CARGO_BIN_EXE_pmc-symbolizer"))
            .arg("gmon")
            .arg("--symfs")
            .arg(&sysroot)
            .arg("-D")
            .arg(&out)
            .arg(input))?;
        let mut seen = 0;
        for ((event, image), funcs) in &want {
            let gmon = out.join(event).join(format!("{image}.gmon"));
            let elf = sysroot.join("tmp/pmcfix").join(image);
            if !elf.exists() {
                if gmon.exists() {
                    return Err(format!("{}: written for an image not here", gmon.display()));
                }
                continue;
            }
            seen += 1;
            let text = run(Command::new("gprof")
                .env("LC_ALL", "C")
                .args(["-b", "-p"])
                .arg(&elf)
                .arg(&gmon))?;
            let rows = flat(&text)?;
            let total: u64 = funcs.values().sum();
            let got_total: u64 = rows.iter().map(|r| r.1).sum();
            if got_total != total {
                return Err(format!(
                    "{fixture} {tag} {event}/{image}: gprof counts {got_total} samples, we {total}\n{text}"
                ));
            }
            if !strict {
                continue;
            }
            let got: BTreeMap<String, (u64, String)> = rows
                .into_iter()
                .map(|(pct, n, name)| (name, (n, pct)))
                .collect();
            let want: BTreeMap<String, (u64, String)> = funcs
                .iter()
                .map(|(name, &n)| {
                    let pct = 100.0 * n as f64 / total as f64;
                    (name.clone(), (n, format!("{pct:.2}")))
                })
                .collect();
            if got != want {
                return Err(format!(
                    "{fixture} {tag} {event}/{image}:\n gprof {got:?}\n ours  {want:?}\n{text}"
                ));
            }
        }
        if seen == 0 {
            return Err(format!("{fixture}: no image of ours to check"));
        }
    }
    Ok(())
}

fn main() {
    fixture_trials("gprof_reads_gmon_of_", &[Need::GnuTool("gprof")], check);
}
