//! pmcstat's `-F` callgrind files read by valgrind's `callgrind_annotate`: for each
//! perf.data fixture and its conversion to an hwpmc log, the program totals are the
//! samples of each event, and the per-function self costs are our own `report`'s
//! per-symbol sample counts (a trial, ignored without `callgrind_annotate`; it comes with
//! Debian's valgrind package, which `.ci/run` does not install).
//!
//! The C fixtures are compared function by function. For C++ and Rust, callgrind names
//! functions as pmcstat does (`addr2line -C` text with return types and parameters, or
//! the raw mangled symbol where there is no DWARF) and our report as perf does, so
//! there each image's multiset of self costs is compared.

#![allow(clippy::indexing_slicing)]

use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

use host_trials::Need;

mod common;
use common::{convert, each_leaf, fixture_trials, pmcstat, run, scratch};
use pmc_symbolizer::output::folded::tidy;

/// A function: by name (parameters cut), or by address when unresolved.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
enum Func {
    Name(String),
    Addr(u64),
}

/// (image basename, function) → samples per event.
type Costs = BTreeMap<(String, Func), Vec<u64>>;

fn ours(input: &Path) -> (Vec<u64>, Costs) {
    let mut totals = Vec::new();
    let mut costs = Costs::new();
    each_leaf(input, |r, f, attr, count| {
        let n = r.profile.attrs.len();
        totals.resize(n, 0);
        if r.profile.frames[f as usize].loc.image.is_none() {
            return;
        }
        let func = match r.name(f) {
            Some(name) => Func::Name(tidy(name)),
            None => Func::Addr(r.addr(f)),
        };
        let image = r.dso_short(f).to_string();
        costs.entry((image, func)).or_insert_with(|| vec![0; n])[attr] += count;
        totals[attr] += count;
    });
    (totals, costs)
}

fn number(t: &str) -> Option<u64> {
    t.replace(',', "").parse().ok()
}

/// callgrind_annotate's totals and `file:function [object]` rows.
fn annotate(text: &str, n: usize) -> Result<(Vec<u64>, Costs), String> {
    let mut totals = Vec::new();
    let mut costs = Costs::new();
    let mut body = false;
    for l in text.lines() {
        if l.ends_with("PROGRAM TOTALS") {
            totals = l.split_whitespace().filter_map(number).collect::<Vec<_>>();
            continue;
        }
        if l.ends_with("file:function") {
            body = true;
            continue;
        }
        if !body || l.starts_with('-') || l.trim().is_empty() {
            continue;
        }
        let mut rest = l.trim_start();
        let mut v = Vec::new();
        for _ in 0..n {
            let (num, tail) = rest
                .split_once(' ')
                .ok_or_else(|| format!("odd row {l:?}"))?;
            v.push(number(num).ok_or_else(|| format!("odd row {l:?}"))?);
            rest = tail.trim_start();
            if rest.starts_with('(') {
                let end = rest.find("%)").ok_or_else(|| format!("odd row {l:?}"))?;
                rest = rest[end + 2..].trim_start();
            }
        }
        // pmcstat's synthetic root has no object (and no cost).
        if rest == ":root" {
            continue;
        }
        let (what, object) = rest
            .rsplit_once(" [")
            .ok_or_else(|| format!("odd row {l:?}"))?;
        let object = object.trim_end_matches(']');
        let (_, func) = what
            .split_once(':')
            .ok_or_else(|| format!("odd row {l:?}"))?;
        let func = match func.strip_prefix("0x") {
            Some(h) => Func::Addr(u64::from_str_radix(h, 16).map_err(|e| e.to_string())?),
            None => Func::Name(tidy(func)),
        };
        let image = object.rsplit('/').next().unwrap_or(object).to_string();
        costs.insert((image, func), v);
    }
    Ok((totals, costs))
}

/// Each image's self costs, sorted.
fn per_image(c: &Costs) -> BTreeMap<String, Vec<Vec<u64>>> {
    let mut out: BTreeMap<String, Vec<Vec<u64>>> = BTreeMap::new();
    for ((image, _), v) in c {
        out.entry(image.clone()).or_default().push(v.clone());
    }
    for v in out.values_mut() {
        v.sort();
    }
    out
}

fn check(fixture: &str, strict: bool) -> Result<(), String> {
    let dir = scratch(&format!("callgrind-{fixture}"));
    let (data, log) = convert(fixture, &dir)?;
    let (want_totals, want) = ours(&data);
    for (tag, input) in [("data", &data), ("log", &log)] {
        let out = dir.join(format!("{tag}.callgrind"));
        pmcstat(input, "-F", &out)?;
        let text = run(Command::new("callgrind_annotate")
            .args(["--threshold=100", "--auto=no"])
            .arg(&out))?;
        let (totals, got) = annotate(&text, want_totals.len())?;
        if totals != want_totals {
            return Err(format!(
                "{fixture} {tag}: totals {totals:?}, we {want_totals:?}\n{text}"
            ));
        }
        // callgrind_annotate leaves out functions without self cost.
        let got: Costs = got
            .into_iter()
            .filter(|(_, v)| v.iter().any(|&x| x > 0))
            .collect();
        let ok = if strict {
            got == want
        } else {
            per_image(&got) == per_image(&want)
        };
        if !ok {
            return Err(format!(
                "{fixture} {tag}:\n callgrind {got:?}\n ours      {want:?}\n{text}"
            ));
        }
    }
    Ok(())
}

fn main() {
    let needs = [Need::File("/usr/bin/callgrind_annotate")];
    fixture_trials("callgrind_annotate_reads_", &needs, check);
}
