//! objdump's disassembly and relocation displays against GNU objdump 2.40.
//!
//! - `golden/F@OPTS`: each line of `tests/golden/LIST` run on the repository's fixture
//!   `tests/data/F` (or this crate's own `tests/data/F`, machines the workspace's fixtures
//!   lack: SPARC, m68k), against GNU's output committed in `tests/golden/` (made by
//!   `tests/regen-golden.sh`): stdout byte for byte and the exit status.
//! - `live/F@OPTS`: the same runs against the GNU objdump on `PATH` (ignored, saying
//!   why, when it is not GNU objdump 2.40).
//! - `corpus/…`: `-d` of the corpus's x86 programs and objects against GNU (ignored
//!   without the corpus or GNU objdump 2.40).
//! - `no-panic/…`: every fixture cut short and with bytes flipped, through `-d -r -R`
//!   and `-D -w`: no panic.
//! - `split/x86-64`: a 96 KiB x86-64 range, which `-d` cuts into parts for threads,
//!   shows as the one-thread path (`-l`, no line information) shows it.
//! - `mapped/…`: each fixture of the list padded past the size from which files are
//!   mapped (whose shown pages are dropped from memory as the text is written): `-d`
//!   and `-D -r` print what they print on the same bytes in memory.

#![allow(
    missing_docs,
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::path::{Path, PathBuf};
use std::process::Command;

use host_trials::{Need, Trials};

fn here() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// The golden list: (fixture, options).
fn list() -> Vec<(String, Vec<String>)> {
    let text = std::fs::read_to_string(here().join("tests/golden/LIST")).unwrap();
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let mut w = l.split(' ');
            let f = w.next().unwrap().to_owned();
            (f, w.map(str::to_owned).collect())
        })
        .collect()
}

/// Where a fixture named in the golden list is, from this crate's directory: the
/// workspace's `tests/data`, else this crate's own.
fn fixture_path(fixture: &str) -> String {
    let shared = format!("../../tests/data/{fixture}");
    if here().join(&shared).is_file() {
        shared
    } else {
        format!("tests/data/{fixture}")
    }
}

/// `out` with the workspace's absolute path made `@ROOT@`, as `regen-golden.sh` saves
/// GNU's output (a separate debug file is named by its full path).
fn rooted(out: (Vec<u8>, i32)) -> (Vec<u8>, i32) {
    let root = here()
        .join("../..")
        .canonicalize()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    let (text, rc) = out;
    if root.is_empty() || !text.windows(root.len()).any(|w| w == root.as_bytes()) {
        return (text, rc);
    }
    let s = String::from_utf8_lossy(&text).replace(&root, "@ROOT@");
    (s.into_bytes(), rc)
}

/// Our objdump's stdout and status, run from this crate's directory as the goldens were.
fn ours(opts: &[String], path: &str) -> (Vec<u8>, i32) {
    let mut args = opts.to_vec();
    args.push(path.to_owned());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let rc = objdump_tool::run("objdump", &args, &mut out, &mut err, false);
    (out, rc)
}

/// GNU objdump's stdout and status, run in this crate's directory.
fn gnu(opts: &[String], path: &str) -> (Vec<u8>, i32) {
    let o = Command::new("objdump")
        .args(opts)
        .arg(path)
        .current_dir(here())
        .env("LC_ALL", "C")
        .output()
        .unwrap();
    (o.stdout, o.status.code().unwrap_or(-1))
}

fn same(what: &str, want: &(Vec<u8>, i32), got: &(Vec<u8>, i32)) -> Result<(), String> {
    if want == got {
        return Ok(());
    }
    let (w, g) = (
        String::from_utf8_lossy(&want.0),
        String::from_utf8_lossy(&got.0),
    );
    let first = w
        .lines()
        .zip(g.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| w.lines().count().min(g.lines().count()));
    Err(format!(
        "{what}: exit {} vs ours {}; first difference at line {}:\n  GNU:  {:?}\n  ours: {:?}",
        want.1,
        got.1,
        first + 1,
        w.lines().nth(first),
        g.lines().nth(first)
    ))
}

fn mangle(data: &[u8], seed: usize) -> Vec<u8> {
    let mut v = data.to_vec();
    let mut x = seed.wrapping_mul(0x9e37_79b9).wrapping_add(1);
    for _ in 0..32 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        if v.is_empty() {
            break;
        }
        let i = x % v.len();
        if let Some(b) = v.get_mut(i) {
            *b ^= (x >> 8) as u8 | 1;
        }
    }
    v
}

/// An x86-64 executable whose `.text` (no symbols: one range) is 96 KiB of
/// instructions, many with a `c3` byte inside (where `-d` may cut), `ret`s, zero runs
/// and undecodable bytes.
fn big_x86_range() -> Vec<u8> {
    const PIECES: [&[u8]; 13] = [
        &[0x48, 0x83, 0xc3, 0x01],
        &[0x0f, 0x85, 0xc3, 0xf8, 0xff, 0xff],
        &[0xe8, 0xc3, 0x34, 0x03, 0x00],
        &[0xc3],
        &[0x90],
        &[0x66, 0x2e, 0x0f, 0x1f, 0x84, 0, 0, 0, 0, 0],
        &[0x48, 0x89, 0xc3],
        &[0; 10],
        &[0x55, 0x48, 0x89, 0xe5],
        &[0xc3, 0, 0],
        &[0x06],
        &[0x48, 0xb8, 0xc3, 0xc3, 0xc3, 0xc3, 0xc3, 0xc3, 0xc3, 0xc3],
        &[0xc3, 0xcc, 0xcc],
    ];
    let mut code = Vec::new();
    let mut x = 0x2545_f491_u64;
    while code.len() < 96 << 10 {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        code.extend_from_slice(PIECES[(x % PIECES.len() as u64) as usize]);
    }
    let shstr = b"\0.text\0.shstrtab\0";
    let text_off = 0x1000u64;
    let str_off = text_off + code.len() as u64;
    let sh_off = (str_off + shstr.len() as u64 + 7) & !7;
    let mut f = Vec::new();
    f.extend_from_slice(b"\x7fELF\x02\x01\x01\0\0\0\0\0\0\0\0\0");
    for (v, n) in [
        (2u64, 2),
        (62, 2),
        (1, 4),
        (0x40_1000, 8),
        (0, 8),
        (sh_off, 8),
    ] {
        f.extend_from_slice(&v.to_le_bytes()[..n]);
    }
    for (v, n) in [(0u64, 4), (64, 2), (56, 2), (0, 2), (64, 2), (3, 2), (2, 2)] {
        f.extend_from_slice(&v.to_le_bytes()[..n]);
    }
    f.resize(text_off as usize, 0);
    f.extend_from_slice(&code);
    f.extend_from_slice(shstr);
    f.resize(sh_off as usize, 0);
    let section = |f: &mut Vec<u8>, w: [u64; 10]| {
        for (i, v) in w.iter().enumerate() {
            let n = if i < 2 || i == 6 || i == 7 { 4 } else { 8 };
            f.extend_from_slice(&v.to_le_bytes()[..n]);
        }
    };
    section(&mut f, [0; 10]);
    let size = code.len() as u64;
    section(&mut f, [1, 1, 6, 0x40_1000, text_off, size, 0, 0, 16, 0]);
    section(
        &mut f,
        [7, 3, 0, 0, str_off, shstr.len() as u64, 0, 0, 1, 0],
    );
    f
}

fn main() {
    let mut t = Trials::new();
    let objdump = Need::Gnu240("objdump");
    for (fixture, opts) in list() {
        // As regen-golden.sh names it (`/` made `_`).
        let name = format!("{fixture}@{}", opts.join("@")).replace('/', "_");
        let path = fixture_path(&fixture);
        let (o, p) = (opts.clone(), path.clone());
        let golden = name.clone();
        t.add(&format!("golden/{name}"), &[], move || {
            let dir = here().join("tests/golden");
            let out =
                std::fs::read(dir.join(format!("{golden}.out"))).map_err(|e| e.to_string())?;
            let rc = std::fs::read_to_string(dir.join(format!("{golden}.rc")))
                .map_err(|e| e.to_string())?;
            let want = (out, rc.trim().parse::<i32>().map_err(|e| e.to_string())?);
            same(&golden, &want, &rooted(ours(&o, &p)))
        });
        t.add(&format!("live/{name}"), &[objdump], move || {
            same(
                &name,
                &rooted(gnu(&opts, &path)),
                &rooted(ours(&opts, &path)),
            )
        });
    }
    let corpus = host_trials::corpus();
    for dir in ["dbg/c/O2-g", "dbg/cxx/O2-g", "cross/i386", "host/obj"] {
        let d = corpus.join(dir);
        let leaked: &'static str = Box::leak(d.display().to_string().into_boxed_str());
        t.add(
            &format!("corpus/{dir}"),
            &[objdump, Need::File(leaked)],
            move || {
                let mut files: Vec<PathBuf> = std::fs::read_dir(leaked)
                    .map_err(|e| e.to_string())?
                    .filter_map(|e| Some(e.ok()?.path()))
                    .filter(|p| p.is_file() && p.extension().is_none_or(|e| e != "txt"))
                    .collect();
                files.sort();
                for f in files {
                    let f = f.display().to_string();
                    for opts in [&["-d"][..], &["-d", "-r"][..]] {
                        let opts: Vec<String> = opts.iter().map(|s| (*s).to_owned()).collect();
                        same(&format!("{f} {opts:?}"), &gnu(&opts, &f), &ours(&opts, &f))?;
                    }
                }
                Ok(())
            },
        );
    }
    t.add("split/x86-64", &[], || {
        let elf = big_x86_range();
        let run = |opts: &[&str]| {
            let args: Vec<String> = opts.iter().map(|s| (*s).to_owned()).collect();
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let rc = objdump_tool::run_bytes(&args, "big", &elf, &mut out, &mut err);
            (out, rc)
        };
        let parts = run(&["-d", "-r"]);
        let text = String::from_utf8_lossy(&parts.0);
        if text.lines().count() < 20_000 || !text.contains("movabs $0xc3c3c3c3c3c3c3c3,%rax") {
            return Err(format!(
                "not the expected disassembly:\n{}",
                &text[..2000.min(text.len())]
            ));
        }
        same("split -d", &run(&["-d", "-l", "-r"]), &parts)
    });
    let mut mapped: Vec<String> = list().into_iter().map(|(f, _)| f).collect();
    mapped.sort();
    mapped.dedup();
    for fixture in mapped {
        t.add(&format!("mapped/{fixture}"), &[], move || {
            let mut bytes =
                std::fs::read(here().join(fixture_path(&fixture))).map_err(|e| e.to_string())?;
            bytes.resize(bytes.len() + tools_common::input::SMALL as usize, 0);
            let tmp = std::env::temp_dir().join(format!(
                "objdump-mapped-{}-{}",
                std::process::id(),
                fixture.replace('/', "_")
            ));
            std::fs::write(&tmp, &bytes).map_err(|e| e.to_string())?;
            let path = tmp.display().to_string();
            let mut result = Ok(());
            for opts in [&["-d"][..], &["-D", "-r"][..]] {
                let opts: Vec<String> = opts.iter().map(|s| (*s).to_owned()).collect();
                let (mut out, mut err) = (Vec::new(), Vec::new());
                let rc = objdump_tool::run_bytes(&opts, &path, &bytes, &mut out, &mut err);
                result = result.and_then(|()| {
                    same(
                        &format!("{fixture} {opts:?}"),
                        &(out, rc),
                        &ours(&opts, &path),
                    )
                });
            }
            let _ = std::fs::remove_file(&tmp);
            result
        });
    }
    let data = here().join("../../tests/data");
    let mut fixtures: Vec<PathBuf> = std::fs::read_dir(&data)
        .unwrap()
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| {
            p.is_file()
                && p.extension()
                    .is_none_or(|e| e != "sh" && e != "md" && e != "tsv")
        })
        .collect();
    fixtures.sort();
    for f in fixtures {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        t.add(&format!("no-panic/{name}"), &[], move || {
            let bytes = std::fs::read(&f).map_err(|e| e.to_string())?;
            let mut inputs = vec![bytes.clone()];
            for cut in [bytes.len() / 2, bytes.len().saturating_sub(7)] {
                inputs.push(bytes.get(..cut).unwrap_or_default().to_vec());
            }
            for seed in 0..8 {
                inputs.push(mangle(&bytes, seed));
            }
            for input in inputs {
                for opts in [&["-d", "-r", "-R"][..], &["-D", "-w", "-l"][..]] {
                    let args: Vec<String> = opts.iter().map(|s| (*s).to_owned()).collect();
                    let (mut out, mut err) = (Vec::new(), Vec::new());
                    let _ = objdump_tool::run_bytes(&args, "fuzz", &input, &mut out, &mut err);
                }
            }
            Ok(())
        });
    }
    t.run()
}
