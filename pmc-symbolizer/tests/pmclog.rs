//! perf.data fixtures converted to hwpmc logs give the same `report` and `folded` as
//! the perf.data itself, byte for byte; a truncated log gives what was read and a
//! warning.

#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};

use pmc_symbolizer::output::{folded, report};
use pmc_symbolizer::pmclog::convert_perf_data;
use pmc_symbolizer::source::Input;
use pmc_symbolizer::{load, Loaded, Options};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

fn opts() -> Options {
    Options::with_symfs(fixtures().join("sysroot"))
}

fn outputs(l: &Loaded) -> Vec<(&'static str, Vec<u8>)> {
    let r = l.resolved();
    let mut out = Vec::new();
    for (name, sort) in [
        ("report", Some(report::Sort::DsoSym)),
        ("report-comm", Some(report::Sort::CommDsoSym)),
        ("folded", None),
    ] {
        let mut v = Vec::new();
        match sort {
            Some(s) => report::write(&r, s, &mut v).unwrap(),
            None => folded::write(&r, folded::FoldOptions::default(), &mut v).unwrap(),
        }
        out.push((name, v));
    }
    out
}

fn convert(name: &str) -> (PathBuf, Vec<u8>) {
    let data = fixtures().join(format!("{name}.data"));
    let (log, warnings) =
        convert_perf_data(Input::Path(&data), Some(&fixtures().join("sysroot"))).unwrap();
    assert!(warnings.is_empty(), "{name}: {warnings:?}");
    (data, log)
}

fn tmp(name: &str, bytes: &[u8]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let p = dir.join(format!("{name}.pmclog"));
    std::fs::write(&p, bytes).unwrap();
    p
}

/// Fixtures whose samples a log carries whole: all but c-group (group reads, which a log
/// cannot express; the converter warns). c-dwarf's stack copies are unwound by the
/// converter and its frames flagged as such.
const FIXTURES: &[&str] = &[
    "c-fp",
    "c-dwarf",
    "c-nocg",
    "c-2events",
    "c-pipe",
    "c-zstd",
    "cpp-fp",
    "rs-fp",
    "th-fp",
    "forkexec-fp",
    // page-faults:u -F 4000: 22 samples, 13 different periods, which the log carries as
    // one PMC per period.
    "c-pf",
];

#[test]
fn converted_logs_match_perf_data() {
    let mut failures = Vec::new();
    for name in FIXTURES {
        let (data, log) = convert(name);
        let path = tmp(name, &log);
        let want = load(Input::Path(&data), &opts(), false).unwrap();
        let got = load(Input::Path(&path), &opts(), false).unwrap();
        assert!(got.warnings.is_empty(), "{name}: {:?}", got.warnings);
        assert!(want.profile.totals.values().map(|t| t.count).sum::<u64>() > 0);
        for ((kind, w), (_, g)) in outputs(&want).into_iter().zip(outputs(&got)) {
            if w != g {
                failures.push(format!(
                    "{name} {kind}:\n--- perf.data\n{}\n--- pmclog\n{}",
                    String::from_utf8_lossy(&w),
                    String::from_utf8_lossy(&g)
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// c-group: a group read becomes a sample per member with its period, so each event's
/// samples and periods, and the folded stacks, are the perf.data's; that the events were a
/// group is lost (`report` prints two tables, not perf's group table), which is warned.
#[test]
fn group_fixture_keeps_each_member() {
    let data = fixtures().join("c-group.data");
    let (log, warnings) =
        convert_perf_data(Input::Path(&data), Some(&fixtures().join("sysroot"))).unwrap();
    assert!(warnings.iter().any(|w| w.contains("group")), "{warnings:?}");
    let got = load(Input::Path(&tmp("c-group", &log)), &opts(), false).unwrap();
    let want = load(Input::Path(&data), &opts(), false).unwrap();
    let per_event = |l: &Loaded| {
        let mut v = vec![(String::new(), 0u64, 0u64); l.profile.attrs.len()];
        for (k, t) in &l.profile.totals {
            let e = &mut v[k.attr as usize];
            e.0.clone_from(&l.profile.attrs[k.attr as usize].name);
            e.1 += t.count;
            e.2 += t.period;
        }
        v
    };
    assert_eq!(per_event(&got), per_event(&want));
    assert_eq!(per_event(&want).len(), 2);
    let folded = |l: &Loaded| {
        let mut v = Vec::new();
        folded::write(&l.resolved(), folded::FoldOptions::default(), &mut v).unwrap();
        v
    };
    assert_eq!(folded(&got), folded(&want));
}

#[test]
fn truncated_log_gives_what_was_read() {
    let (_, log) = convert("c-fp");
    let whole = load(Input::Path(&tmp("c-fp-whole", &log)), &opts(), false).unwrap();
    let total = |l: &Loaded| l.profile.totals.values().map(|t| t.count).sum::<u64>();
    // Cut in the middle of a record, about halfway through.
    let cut = log.len() / 2 + 3;
    let got = load(Input::Path(&tmp("c-fp-cut", &log[..cut])), &opts(), false).unwrap();
    assert!(
        got.warnings.iter().any(|w| w.contains("truncated")),
        "{:?}",
        got.warnings
    );
    assert!(total(&got) > 0 && total(&got) < total(&whole));
}

/// pmcstat's rule on the converted log: `vaddr = pc − start + pi_vaddr` with the MAP_IN's
/// `start` lands in `cwork`'s executable segment exactly as many sampled PCs as perf's
/// report gives `cwork` (the symbols themselves are checked by the round trip above).
#[test]
fn map_in_start_follows_pmcstats_rule() {
    use libpmclog::{Reader, Record};
    let (_, log) = convert("c-fp");
    let elf_bytes = std::fs::read(fixtures().join("sysroot/tmp/pmcfix/cwork")).unwrap();
    let elf = libelf::ElfFile::parse(&elf_bytes).unwrap();
    let phs = elf.program_headers().unwrap();
    let text = phs
        .iter()
        .find(|p| p.p_type == 1 && p.p_flags & 1 != 0)
        .unwrap();
    let pi_vaddr = text.p_vaddr & !(text.p_align - 1);
    let mut start = None;
    let mut inside = 0;
    for e in Reader::new(&log).unwrap() {
        match e.unwrap().record {
            Record::MapIn { start: s, path, .. } if path.ends_with(b"/cwork") => start = Some(s),
            r @ Record::Callchain { .. } => {
                let (Some(start), Some(pc)) = (start, r.callchain_pcs().and_then(|p| p.get(0)))
                else {
                    continue;
                };
                let vaddr = pc.wrapping_sub(start).wrapping_add(pi_vaddr);
                if vaddr >= pi_vaddr && vaddr < text.p_vaddr + text.p_memsz {
                    assert!(vaddr >= text.p_vaddr, "{pc:#x} → {vaddr:#x}");
                    inside += 1;
                }
            }
            _ => {}
        }
    }
    // c-fp.report: cwork's rows are 26.79 + 26.19 + 1.79 + 1.19 % of 168 samples.
    assert_eq!(inside, 94);
}

/// A hand-written log: a kernel chain continuing into user frames, PROCEXEC naming the
/// process, PMCALLOCATE without a name, and a sample of a PMC never allocated. The image
/// is not on the machine, so its file offset is `pc − start`.
#[test]
fn hand_written_log() {
    use libpmclog::{Layout, Pcs, Record, Writer};
    let mut w = Writer::new(Vec::new(), Layout::LP64_LE);
    w.write(
        0,
        &Record::PmcAllocate {
            pmcid: 7,
            event: 0x42,
            flags: 0,
            rate: 1000,
        },
    )
    .unwrap();
    w.write(
        0,
        &Record::MapIn {
            pid: -1,
            start: 0xffff_ffff_8020_0000,
            path: b"/boot/kernel/kernel",
        },
    )
    .unwrap();
    w.write(
        0,
        &Record::ProcExec {
            pid: 42,
            pmcid: 7,
            base: 0,
            dyn_base: 0,
            path: b"/no-such-dir/sh",
        },
    )
    .unwrap();
    w.write(
        0,
        &Record::MapIn {
            pid: 42,
            start: 0x40_0000,
            path: b"/no-such-dir/sh",
        },
    )
    .unwrap();
    let pcs = [0xffff_ffff_8020_1000, 0x40_1000];
    let cc = |pmcid| Record::Callchain {
        pid: 42,
        tid: 100_042,
        pmcid,
        cpuflags: 3 << 16,
        slots: Pcs::from_values(&pcs),
    };
    w.write(1, &cc(7)).unwrap();
    w.write(2, &cc(8)).unwrap();
    let path = tmp("hand", &w.finish().unwrap());
    let l = load(Input::Path(&path), &Options::default(), false).unwrap();
    assert!(l
        .warnings
        .iter()
        .any(|w| w.contains("1 samples name a PMC")));
    let p = &l.profile;
    assert_eq!(p.attrs.len(), 1);
    assert_eq!(p.attrs[0].name, "event-0x42");
    let (key, t) = p.totals.iter().next().unwrap();
    assert_eq!((p.totals.len(), t.count, t.period), (1, 1, 1000));
    let frames = p.stack_frames(key.stack);
    let f: Vec<_> = frames.iter().map(|&f| p.frames[f as usize]).collect();
    assert!(f[0].kernel && !f[1].kernel);
    let img = |i: usize| &p.machine.images[f[i].loc.image.unwrap() as usize].path;
    assert_eq!(img(1), "/no-such-dir/sh");
    assert_eq!(f[1].loc.addr, 0x1000);
    assert_eq!(img(0), "/boot/kernel/kernel");
    // PROCEXEC named the process; the thread 100042 is of it but was never named.
    assert!(p.machine.comms.iter().any(|c| c == "sh"));
}

/// Cut or damaged logs never panic: every cut point of a converted log, and the log with
/// bytes overwritten, read to a profile or an error.
#[test]
fn damaged_logs_do_not_panic() {
    let (_, log) = convert("c-fp");
    let data: Vec<u8> = log.clone();
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    };
    let mut cases: Vec<Vec<u8>> = (4..data.len())
        .step_by(61)
        .map(|n| data[..n].to_vec())
        .collect();
    for _ in 0..40 {
        let mut d = data.clone();
        for _ in 0..8 {
            let at = (next() % d.len() as u64) as usize;
            d[at] = next() as u8;
        }
        cases.push(d);
    }
    let p = Path::new(env!("CARGO_TARGET_TMPDIR")).join("damaged.pmclog");
    for d in cases {
        std::fs::write(&p, &d).unwrap();
        let _ = load(Input::Path(&p), &opts(), false);
    }
}

/// c-pf's 13 periods become 13 PMCs of one name (the first at the event's base id), read
/// back as one event whose samples keep their own periods: its event count is perf's.
#[test]
fn periods_become_pmcs_of_one_name() {
    use libpmclog::{Reader, Record};
    let (data, log) = convert("c-pf");
    let mut pmcs = Vec::new();
    for e in Reader::new(&log).unwrap() {
        if let Record::PmcAllocateDyn { name, rate, .. } = e.unwrap().record {
            pmcs.push((String::from_utf8_lossy(name).into_owned(), rate));
        }
    }
    assert_eq!(pmcs.len(), 13, "{pmcs:?}");
    assert!(pmcs.iter().all(|(n, _)| n == "page-faults:u"));
    let l = load(Input::Path(&tmp("c-pf", &log)), &opts(), false).unwrap();
    assert_eq!(l.profile.attrs.len(), 1);
    let want = load(Input::Path(&data), &opts(), false).unwrap();
    let period = |l: &Loaded| l.profile.totals.values().map(|t| t.period).sum::<u64>();
    assert_eq!(period(&l), period(&want));
    assert!(period(&l) > 22, "periods vary");
}
