//! Every fixture × output against perf 6.1's (and inferno-collapse-perf's) own output,
//! byte for byte. Fixtures, binaries and goldens: fixtures/ (record.sh, goldens.sh).

use std::path::{Path, PathBuf};

use libtest_mimic::{Arguments, Failed, Trial};
use pmc_symbolizer::output::{folded, report, script};
use pmc_symbolizer::source::Input;
use pmc_symbolizer::{load, Options};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

fn render(data: &Path, kind: &str) -> Result<Vec<u8>, Failed> {
    let opts = Options::with_symfs(fixtures().join("sysroot"));
    let loaded = load(Input::Path(data), &opts, kind.starts_with("script"))
        .map_err(|e| Failed::from(e.to_string()))?;
    if !loaded.warnings.is_empty() {
        return Err(format!("unexpected warnings: {:?}", loaded.warnings).into());
    }
    let r = loaded.resolved();
    let mut out = Vec::new();
    let res = match kind {
        "report" => report::write(&r, report::Sort::DsoSym, &mut out),
        "report-comm" => report::write(&r, report::Sort::CommDsoSym, &mut out),
        "script" => script::write(&r, script::Fields::Default, &mut out),
        "script-F" => script::write(&r, script::Fields::CommPidTidIpSymDso, &mut out),
        "folded" => folded::write(&r, folded::FoldOptions::default(), &mut out),
        "folded-tid" => {
            let o = folded::FoldOptions {
                tid: true,
                ..Default::default()
            };
            folded::write(&r, o, &mut out)
        }
        "folded-pid-kernel" => {
            let o = folded::FoldOptions {
                pid: true,
                kernel: true,
                ..Default::default()
            };
            folded::write(&r, o, &mut out)
        }
        _ => return Err(format!("unknown output {kind}").into()),
    };
    res.map_err(|e| Failed::from(e.to_string()))?;
    Ok(out)
}

fn check(data: PathBuf, golden: PathBuf, kind: String) -> Result<(), Failed> {
    let want = std::fs::read(&golden).map_err(|e| format!("{}: {e}", golden.display()))?;
    let got = render(&data, &kind)?;
    if got == want {
        return Ok(());
    }
    let got = String::from_utf8_lossy(&got);
    let want = String::from_utf8_lossy(&want);
    let line = got
        .lines()
        .zip(want.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| got.lines().count().min(want.lines().count()));
    Err(format!(
        "{} differs from {} at line {}:\n ours: {:?}\n perf: {:?}",
        kind,
        golden.display(),
        line + 1,
        got.lines().nth(line),
        want.lines().nth(line)
    )
    .into())
}

fn main() {
    let args = Arguments::from_args();
    let dir = fixtures();
    let mut trials = Vec::new();
    let mut names: Vec<_> = std::fs::read_dir(dir.join("golden"))
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.path()).collect())
        .unwrap_or_default();
    names.sort();
    for golden in names {
        let Some(file) = golden
            .file_name()
            .and_then(|n| n.to_str())
            .map(str::to_string)
        else {
            continue;
        };
        let Some((stem, kind)) = file.split_once('.') else {
            continue;
        };
        let data = dir.join(format!("{stem}.data"));
        let kind = kind.to_string();
        trials.push(Trial::test(file.clone(), move || check(data, golden, kind)));
    }
    assert!(trials.len() >= 50, "golden files missing");
    libtest_mimic::run(&args, trials).exit();
}
