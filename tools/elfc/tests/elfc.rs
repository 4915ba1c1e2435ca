//! Round trips of the committed fixtures, malformed objects checked against GNU readelf,
//! hostile descriptions, and the command line.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use proptest::prelude::*;

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

/// A small object the malformed cases start from.
const BASE: &str = r#"
header { type: REL machine: X86_64 }
section .text { flags: ALLOC | EXECINSTR align: 16 label f hex "31c0c3" }
section .strtab { }
section .symtab { sym { name: f bind: GLOBAL type: FUNC section: .text value: addr(f) size: 3 } }
"#;

/// `readelf -S -W` on the object compiled from `text`: (stdout, stderr), or `None`
/// without GNU readelf.
fn readelf(text: &str, name: &str) -> Option<(String, String)> {
    let bytes = elfc::compile(text).unwrap_or_else(|e| panic!("{e}"));
    let path = std::env::temp_dir().join(format!("elfc-test-{}-{name}.o", std::process::id()));
    std::fs::write(&path, &bytes).unwrap();
    let out = Command::new("readelf")
        .args(["-S", "-W"])
        .arg(&path)
        .output();
    let _ = std::fs::remove_file(&path);
    match out {
        Ok(o) => Some((
            String::from_utf8_lossy(&o.stdout).into_owned(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        )),
        Err(_) => {
            eprintln!("readelf not found: skipping the live comparison");
            None
        }
    }
}

#[test]
fn well_formed_base_reads_cleanly() {
    let Some((out, err)) = readelf(BASE, "base") else {
        return;
    };
    assert!(err.is_empty(), "{err}");
    assert!(out.contains("There are 5 section headers"), "{out}");
    assert!(out.contains(".symtab           SYMTAB"), "{out}");
}

#[test]
fn malformed_truncated_section_table() {
    // Claim ten section headers where five are written: the table runs off the end.
    let text = format!("{BASE}\nheader {{ e_shnum: 10 }}");
    let Some((out, err)) = readelf(&text, "trunc") else {
        return;
    };
    assert!(
        err.contains("extends past end of file for section headers"),
        "{out}{err}"
    );
}

#[test]
fn malformed_bad_sh_link() {
    let text = BASE.replace("section .symtab {", "section .symtab { sh_link: 42");
    let Some((out, err)) = readelf(&text, "link") else {
        return;
    };
    let line = out
        .lines()
        .find(|l| l.contains(".symtab"))
        .unwrap_or_default();
    assert!(line.split_whitespace().any(|w| w == "42"), "{out}{err}");
    // The symbol name still resolved through .strtab.
    let bytes = elfc::compile(&text).unwrap();
    assert!(bytes.windows(2).any(|w| w == b"f\0"));
}

#[test]
fn malformed_bad_string_offset() {
    let text = BASE.replace("section .text {", "section .text { sh_name: 0x1000");
    let Some((out, err)) = readelf(&text, "name") else {
        return;
    };
    assert!(out.contains("<corrupt>"), "{out}{err}");
}

#[test]
fn malformed_huge_count() {
    let text = format!("{BASE}\nheader {{ e_shnum: 0xfff0 }}");
    let Some((out, err)) = readelf(&text, "count") else {
        return;
    };
    assert!(out.contains("There are 65520 section headers"), "{out}");
    assert!(err.contains("Error: Reading"), "{err}");
}

#[test]
fn cli_compiles_dumps_and_reports_errors() {
    let exe = env!("CARGO_BIN_EXE_elfc");
    let dir = std::env::temp_dir();
    let src = dir.join(format!("elfc-cli-{}.elfc", std::process::id()));
    let obj = dir.join(format!("elfc-cli-{}.o", std::process::id()));
    std::fs::write(&src, BASE).unwrap();
    let st = Command::new(exe)
        .args(["--class", "32", "--data", "msb", "-o"])
        .arg(&obj)
        .arg(&src)
        .status()
        .unwrap();
    assert!(st.success());
    let bytes = std::fs::read(&obj).unwrap();
    assert_eq!(&bytes[4..6], &[1, 2]);
    let dump = Command::new(exe).arg("--dump").arg(&obj).output().unwrap();
    assert!(dump.status.success());
    let mut child = Command::new(exe)
        .arg("-")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    std::io::Write::write_all(&mut child.stdin.take().unwrap(), &dump.stdout).unwrap();
    let out = child.wait_with_output().unwrap();
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
    let exe = env!("CARGO_BIN_EXE_elfc");
    let dir = std::env::temp_dir().join(format!("elfc-keep-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (src, out) = (dir.join("bad.elfc"), dir.join("out.o"));
    std::fs::write(&src, "header { bogus: 1 }\n").unwrap();
    std::fs::write(&out, b"precious").unwrap();
    for args in [&["-o"][..], &["--yaml", "-o"], &["--dump", "-o"]] {
        let st = Command::new(exe)
            .args(args)
            .arg(&out)
            .arg(&src)
            .output()
            .unwrap();
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
    let st = Command::new(exe)
        .arg("-o")
        .arg(&out)
        .arg(&src)
        .status()
        .unwrap();
    assert!(st.success());
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
