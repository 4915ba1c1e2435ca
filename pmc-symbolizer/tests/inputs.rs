//! Inputs that are not perf's everyday files: truncated, legacy, piped, mismatched.

// Test helpers: a failure to spawn or write is a failed test.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

fn tmpdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("pmc-symbolizer-test-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> (i32, String, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_pmc-symbolizer"));
    cmd.args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = cmd.spawn().unwrap();
    if let Some(data) = stdin {
        use std::io::Write;
        let mut w = child.stdin.take().unwrap();
        let data = data.to_vec();
        std::thread::spawn(move || {
            let _ = w.write_all(&data);
        });
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn symfs() -> String {
    fixtures().join("sysroot").display().to_string()
}

/// Runs `cmd --symfs SYSROOT -o DIR/out c-fp.data`, checks it succeeded silently on
/// stdout, and returns the output file.
fn run_to_file(cmd: &str, dir: &Path) -> PathBuf {
    let o = dir.join("out");
    let data = fixtures().join("c-fp.data");
    let args = [
        cmd,
        "--symfs",
        &symfs(),
        "-o",
        o.to_str().unwrap(),
        data.to_str().unwrap(),
    ];
    let (code, out, err) = run(&args, None);
    assert_eq!(code, 0, "{err}");
    assert!(out.is_empty());
    o
}

/// `report` of fixture `name` read from standard input is perf's (`golden/NAME.report`).
fn stdin_report_is_perfs(name: &str) {
    let data = std::fs::read(fixtures().join(format!("{name}.data"))).unwrap();
    let (code, out, err) = run(&["report", "--symfs", &symfs(), "-"], Some(&data));
    assert_eq!(code, 0, "{err}");
    let golden = fixtures().join(format!("golden/{name}.report"));
    assert_eq!(out, std::fs::read_to_string(golden).unwrap());
}

#[test]
fn pipe_mode_on_stdin_matches_perf() {
    stdin_report_is_perfs("c-pipe");
}

#[test]
fn file_mode_on_stdin_is_read_too() {
    stdin_report_is_perfs("c-fp");
}

#[test]
fn truncated_file_gives_what_was_read_and_a_warning() {
    let dir = tmpdir("trunc");
    let data = std::fs::read(fixtures().join("c-fp.data")).unwrap();
    let cut = dir.join("cut.data");
    std::fs::write(&cut, &data[..data.len() / 2]).unwrap();
    let (code, out, err) = run(
        &["report", "--symfs", &symfs(), cut.to_str().unwrap()],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("warning: file is truncated"), "{err}");
    assert!(out.contains("[.] hash_loop"), "{out}");
    // Fewer samples than the whole file's 168.
    let samples: u64 = out
        .lines()
        .find_map(|l| l.strip_prefix("# Samples: "))
        .and_then(|l| l.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    assert!(samples > 0 && samples < 168, "{samples}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn truncated_pipe_gives_a_warning() {
    let data = std::fs::read(fixtures().join("c-pipe.data")).unwrap();
    let cut = &data[..data.len() - 5];
    let (code, out, err) = run(&["report", "--symfs", &symfs(), "-"], Some(cut));
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("warning: stream is truncated"), "{err}");
    assert!(out.contains("[.] hash_loop"));
}

#[test]
fn legacy_v1_file_is_a_clear_error() {
    let dir = tmpdir("v1");
    let mut data = b"PERFFILE".to_vec();
    data.extend_from_slice(&[0u8; 200]);
    let f = dir.join("v1.data");
    std::fs::write(&f, &data).unwrap();
    let (code, _, err) = run(&["report", f.to_str().unwrap()], None);
    assert_eq!(code, 1);
    assert!(err.contains("legacy perf.data version 1"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn not_perf_data_is_an_error() {
    let (code, _, err) = run(&["report", "-"], Some(b"hello world, not perf"));
    assert_eq!(code, 1);
    assert!(err.contains("not a perf.data file"), "{err}");
    let (code, _, err) = run(&["report", "-"], Some(b""));
    assert_eq!(code, 1);
    assert!(err.contains("too short"), "{err}");
}

#[test]
fn build_id_mismatch_is_reported_and_not_used() {
    // A sysroot where cwork is another program: the header's build id does not match.
    let dir = tmpdir("bid");
    let bin = dir.join("tmp/pmcfix");
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::copy(
        fixtures().join("sysroot/tmp/pmcfix/thwork"),
        bin.join("cwork"),
    )
    .unwrap();
    let data = fixtures().join("c-fp.data");
    let (code, out, err) = run(
        &[
            "report",
            "--symfs",
            dir.to_str().unwrap(),
            data.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(err.contains("build-id mismatch"), "{err}");
    assert!(!out.contains("hash_loop"), "{out}");
    assert!(!out.contains("spin_a"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn output_file_is_written() {
    let dir = tmpdir("out");
    let o = run_to_file("folded", &dir);
    let want = std::fs::read_to_string(fixtures().join("golden/c-fp.folded")).unwrap();
    assert_eq!(std::fs::read_to_string(&o).unwrap(), want);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn json_and_flamegraph() {
    let data = fixtures().join("c-fp.data");
    let (code, out, err) = run(&["json", "--symfs", &symfs(), data.to_str().unwrap()], None);
    assert_eq!(code, 0, "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["version"], 1);
    assert_eq!(v["events"][0]["name"], "cpu-clock:u");
    assert_eq!(v["events"][0]["samples"], 168);
    assert_eq!(v["events"][0]["period"], 168168168u64);
    let stacks = v["stacks"].as_array().unwrap();
    let total: u64 = stacks.iter().map(|s| s["period"].as_u64().unwrap()).sum();
    assert_eq!(total, 168168168);
    let (code, svg, err) = run(
        &["flamegraph", "--symfs", &symfs(), data.to_str().unwrap()],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(svg.starts_with("<?xml"));
    assert!(svg.contains("hash_loop"));
    assert!(
        svg.contains("all (168,168,168 samples, 100%)"),
        "root title"
    );
}

#[test]
fn pprof_decodes_and_agrees_with_report() {
    use prost::Message;
    let dir = tmpdir("pprof");
    let o = run_to_file("pprof", &dir);
    let gz = std::fs::read(&o).unwrap();
    let mut raw = Vec::new();
    std::io::Read::read_to_end(&mut flate2::read::GzDecoder::new(&gz[..]), &mut raw).unwrap();
    let p = pmc_symbolizer::output::pprof::Profile::decode(&raw[..]).unwrap();
    let name = |i: i64| p.string_table[i as usize].clone();
    assert_eq!(name(p.sample_type[1].r#type), "cpu-clock:u");
    let total: i64 = p.sample.iter().map(|s| s.value[1]).sum();
    assert_eq!(total, 168_168_168);
    // Flat time of hash_loop: samples whose leaf location is in hash_loop (26.19% in perf).
    let func_of = |loc: u64| {
        let l = &p.location[(loc - 1) as usize];
        let f = &p.function[(l.line[0].function_id - 1) as usize];
        name(f.name)
    };
    let flat: i64 = p
        .sample
        .iter()
        .filter(|s| func_of(s.location_id[0]) == "hash_loop")
        .map(|s| s.value[1])
        .sum();
    assert_eq!(flat, 44 * 1_001_001);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn address_list_matches_llvm_symbolizer() {
    let dir = fixtures();
    let input = std::fs::read(dir.join("addr/cwork.in")).unwrap();
    let obj = dir.join("sysroot/tmp/pmcfix/cwork");
    let (code, out, err) = run(&["addr", "--obj", obj.to_str().unwrap()], Some(&input));
    assert_eq!(code, 0, "{err}");
    let want = std::fs::read_to_string(dir.join("addr/cwork.llvm-symbolizer")).unwrap();
    assert_eq!(out, want);
}

#[test]
fn fuzz_regressions_are_errors_or_profiles_never_panics() {
    // Inputs the perf_data fuzz target once crashed on (fixtures/fuzz/).
    let dir = fixtures().join("fuzz");
    let mut n = 0;
    for e in std::fs::read_dir(&dir).unwrap() {
        let data = std::fs::read(e.unwrap().path()).unwrap();
        let mut p = pmc_symbolizer::profile::Profile::new(true);
        let _ = pmc_symbolizer::source::read_perf_data_bytes(&data, &mut |a, ev| p.add(a, ev));
        // Every output, as the fuzz target runs them.
        use pmc_symbolizer::output::Resolved;
        let symbols = pmc_symbolizer::symbolize::Symbols::default();
        let r = Resolved {
            profile: &p,
            symbols: &symbols,
        };
        let _ = r.write_text_outputs(&mut std::io::sink());
        n += 1;
    }
    assert!(n > 0);
}

#[test]
fn deferred_totals_are_the_same_totals() {
    // Per-node slots (what `load` uses) against the plain map, on files with several
    // threads and names, two events, and group reads; with and without callers.
    let names = [
        "th-fp.data",
        "forkexec-fp.data",
        "c-2events.data",
        "c-group.data",
    ];
    for name in names {
        let data = std::fs::read(fixtures().join(name)).unwrap();
        for leaf_only in [false, true] {
            let totals = |defer: bool| {
                let mut p = pmc_symbolizer::profile::Profile::new(false);
                p.merge_threads = true;
                p.leaf_only = leaf_only;
                p.defer_totals = defer;
                pmc_symbolizer::source::read_perf_data_bytes(&data, &mut |a, ev| p.add(a, ev))
                    .unwrap();
                p.finish();
                let mut t: Vec<_> = p.totals.into_iter().collect();
                t.sort_by_key(|(k, _)| *k);
                t
            };
            let plain = totals(false);
            assert!(!plain.is_empty(), "{name}");
            assert_eq!(totals(true), plain, "{name} leaf_only {leaf_only}");
        }
    }
}
