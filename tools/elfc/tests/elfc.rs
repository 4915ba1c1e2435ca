//! Round trips of the committed fixtures, hostile descriptions, and the command line
//! (malformed objects checked against GNU readelf are trials of `tests/readelf.rs`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::path::{Path, PathBuf};
use std::process::Command;

use proptest::prelude::*;

mod common;
use common::{compile, BASE};

/// How long one run of the binary may take before the test calls it a hang.
const LIMIT: std::time::Duration = std::time::Duration::from_secs(60);

fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data")
}

#[test]
fn fixtures_round_trip() {
    let mut n = 0;
    for entry in std::fs::read_dir(data_dir()).unwrap() {
        let path = entry.unwrap().path();
        if !path.is_file() {
            continue;
        }
        let bytes = std::fs::read(&path).unwrap();
        if !bytes.starts_with(b"\x7fELF") {
            continue;
        }
        let text = elfc::dump(&bytes).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let again = elfc::compile(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(again == bytes, "{}: round trip differs", path.display());
        n += 1;
    }
    assert!(n >= 30, "only {n} ELF fixtures found");
}

#[test]
fn cli_compiles_dumps_and_reports_errors() {
    let exe = env!("CARGO_BIN_EXE_elfc");
    let dir = std::env::temp_dir();
    let src = dir.join(format!("elfc-cli-{}.elfc", std::process::id()));
    let obj = dir.join(format!("elfc-cli-{}.o", std::process::id()));
    std::fs::write(&src, BASE).unwrap();
    let st = compile(&["--class", "32", "--data", "msb"], &obj, &src);
    assert!(st.status.success());
    let bytes = std::fs::read(&obj).unwrap();
    assert_eq!(&bytes[4..6], &[1, 2]);
    let dump = Command::new(exe).arg("--dump").arg(&obj).output().unwrap();
    assert!(dump.status.success());
    let out = host_trials::run_piped(Command::new(exe).arg("-"), &dump.stdout, LIMIT).unwrap();
    assert_eq!(out.stdout, bytes);
    std::fs::write(&src, "header {\n  type: REL\n  bogus: 1\n}\n").unwrap();
    let bad = Command::new(exe)
        .arg("-o")
        .arg(&obj)
        .arg(&src)
        .output()
        .unwrap();
    assert!(!bad.status.success());
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains(&format!(
            "{}:3:3: error: unknown header field `bogus`",
            src.display()
        )),
        "{err}"
    );
    let _ = std::fs::remove_file(&src);
    let _ = std::fs::remove_file(&obj);
}

/// Issue 10 §2: a failing compilation or dump leaves an existing OUT untouched (it used
/// to be truncated to 0 bytes), and no temporary file is left behind.
#[test]
fn failure_leaves_the_output_untouched() {
    let dir = std::env::temp_dir().join(format!("elfc-keep-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (src, out) = (dir.join("bad.elfc"), dir.join("out.o"));
    std::fs::write(&src, "header { bogus: 1 }\n").unwrap();
    std::fs::write(&out, b"precious").unwrap();
    for args in [&[][..], &["--yaml"], &["--dump"]] {
        let st = compile(args, &out, &src);
        assert!(!st.status.success(), "{args:?}");
        assert_eq!(std::fs::read(&out).unwrap(), b"precious", "{args:?}");
    }
    let names: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "a temporary file was left: {names:?}");
    // A successful compilation replaces it.
    std::fs::write(&src, BASE).unwrap();
    assert!(compile(&[], &out, &src).status.success());
    assert!(std::fs::read(&out).unwrap().starts_with(b"\x7fELF"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue 10 §1: a directory, a FIFO or a device is refused as GNU's tools refuse it
/// (`elfc /dev/zero` used to read without end), with a failure status.
#[test]
fn non_regular_inputs_are_refused() {
    let exe = env!("CARGO_BIN_EXE_elfc");
    for (args, path) in [
        (&[][..], "/dev/zero"),
        (&["--dump"][..], "/dev/zero"),
        (&["--yaml"][..], "/dev/zero"),
        (&[][..], "/"),
    ] {
        let out = Command::new(exe).args(args).arg(path).output().unwrap();
        assert!(!out.status.success(), "{args:?} {path}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            format!("elfc: Warning: '{path}' is not an ordinary file\n")
        );
    }
    let out = Command::new(exe).arg("/nonexistent/x").output().unwrap();
    assert!(!out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        "elfc: '/nonexistent/x': No such file\n"
    );
}

fn hostile_expr() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        any::<u64>().prop_map(|n| format!("{n:#x}")),
        Just("sizeof(.a)".to_owned()),
        Just("offset(.b)".to_owned()),
        Just("addr(l)".to_owned()),
        Just("$class".to_owned()),
        Just("0xffffffffffff".to_owned()),
    ];
    leaf.prop_recursive(8, 64, 2, |inner| {
        (
            inner.clone(),
            prop::sample::select(vec!["+", "-", "*", "/", "%", "<<", ">>", "|", "&"]),
            inner,
        )
            .prop_map(|(a, op, b)| format!("({a} {op} {b})"))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Hostile descriptions give an object or an error, never a panic or a giant
    /// allocation (every size is capped at elfc::MAX_OUTPUT).
    #[test]
    fn hostile_descriptions_do_not_crash(
        e in hostile_expr(),
        field in prop::sample::select(vec!["size", "offset", "addr", "align", "link", "entsize"]),
        item in prop::sample::select(vec!["zeros", "align", "u8", "u64", "addr"]),
    ) {
        let text = format!(
            "section .a {{ {field}: {e} label l {item} {e} }}\nsection .b {{ hex \"00\" }}\nheader {{ e_shoff: {e} }}"
        );
        if let Ok(bytes) = elfc::compile(&text) {
            prop_assert!(bytes.len() as u64 <= elfc::MAX_OUTPUT);
        }
    }

    /// Arbitrary text never panics the parser.
    #[test]
    fn arbitrary_text_does_not_crash(s in "[ -~\n]{0,200}") {
        let _ = elfc::compile(&s);
    }

    /// Raw dumps of compiled objects compile back to the same bytes.
    #[test]
    fn dump_compile_is_identity(words in prop::collection::vec(any::<u32>(), 0..16), c32 in any::<bool>(), msb in any::<bool>()) {
        let list: Vec<String> = words.iter().map(|w| w.to_string()).collect();
        let text = if list.is_empty() {
            "section .d { }".to_owned()
        } else {
            format!("section .d {{ u32 {} }}", list.join(", "))
        };
        let text = format!("header {{ class: {} data: {} }}\n{text}", if c32 { 32 } else { 64 }, if msb { "msb" } else { "lsb" });
        let bytes = elfc::compile(&text).unwrap();
        prop_assert_eq!(elfc::compile(&elfc::dump(&bytes).unwrap()).unwrap(), bytes);
    }
}

/// Inputs the fuzzer found slow (`tests/regress/`): each must fail fast. The first one,
/// 289 bytes of nested `-(`, took 7.5 s before the expression rules were memoised.
#[test]
fn fuzz_regressions_fail_fast() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/regress");
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let start = std::time::Instant::now();
        let _ = elfc::compile(&text);
        let took = start.elapsed();
        assert!(
            took < std::time::Duration::from_secs(2),
            "{}: {took:?}",
            path.display()
        );
    }
}
