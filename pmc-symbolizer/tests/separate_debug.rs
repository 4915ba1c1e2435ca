//! Symbols from elsewhere than the sampled file, checked against the report the full
//! sysroot gives:
//! - a debuginfod server: Debian's real `debuginfod` (a trial ignored, saying so, where it
//!   is not installed; `.ci/run` installs it) serves the C fixture's program, which the
//!   local sysroot lacks; a server that is down costs a warning and changes nothing else;
//! - `.gnu_debuglink`: the program stripped, its symbols in `.debug/cwork.debug` beside it
//!   (made with GNU objcopy).

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::{Path, PathBuf};
use std::process::Command;

use host_trials::{DebuginfodServer, Need, Trials};

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

fn scratch(tag: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("pmc-debuginfod-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `report` of c-fp.data with these extra options: (stdout, stderr).
fn report(symfs: &Path, extra: &[&str], cache: &Path) -> (String, String) {
    let out = host_trials::output_ok(
        Command::new(env!("CARGO_BIN_EXE_pmc-symbolizer"))
            .arg("report")
            .arg("--symfs")
            .arg(symfs)
            .args(extra)
            .arg(fixtures().join("c-fp.data"))
            .env("DEBUGINFOD_CACHE_PATH", cache)
            .env("DEBUGINFOD_TIMEOUT", "5")
            .env_remove("DEBUGINFOD_URLS"),
    );
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// A sysroot with the fixture's libraries but not its program `cwork`.
fn partial_sysroot(dir: &Path) -> PathBuf {
    let root = dir.join("sysroot/tmp/pmcfix");
    std::fs::create_dir_all(&root).unwrap();
    for e in std::fs::read_dir(fixtures().join("sysroot/tmp/pmcfix")).unwrap() {
        let p = e.unwrap().path();
        if p.file_name().is_some_and(|n| n != "cwork") {
            std::fs::copy(&p, root.join(p.file_name().unwrap())).unwrap();
        }
    }
    dir.join("sysroot")
}

fn build_id(path: &Path) -> String {
    let data = std::fs::read(path).unwrap();
    let file = libelf::ElfFile::parse(&data).unwrap();
    libdebuginfod::hex(libelf::read::find_build_id(&file).unwrap())
}

fn served_by_debuginfod() -> Result<(), String> {
    let dir = scratch("real");
    let full = report(&fixtures().join("sysroot"), &[], &dir.join("cache0")).0;
    let sysroot = partial_sysroot(&dir);
    let without = report(&sysroot, &[], &dir.join("cache1")).0;
    assert_ne!(
        without, full,
        "the program is meant to be missing from the partial sysroot"
    );
    std::fs::create_dir_all(dir.join("files")).unwrap();
    let cwork = fixtures().join("sysroot/tmp/pmcfix/cwork");
    std::fs::copy(&cwork, dir.join("files/cwork")).unwrap();
    let server = DebuginfodServer::start(
        &dir.join("files"),
        &dir.join("db.sqlite"),
        &build_id(&cwork),
    )?;
    let (with, err) = report(
        &sysroot,
        &["--debuginfod", &server.url],
        &dir.join("cache2"),
    );
    assert_eq!(with, full, "stderr: {err}");
    Ok(())
}

fn server_down() -> Result<(), String> {
    let dir = scratch("down");
    let sysroot = partial_sysroot(&dir);
    let without = report(&sysroot, &[], &dir.join("cache1")).0;
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("http://127.0.0.1:{port}");
    let (out, err) = report(&sysroot, &["--debuginfod", &url], &dir.join("cache2"));
    assert_eq!(out, without);
    assert!(err.contains("debuginfod"), "no warning: {err:?}");
    Ok(())
}

fn objcopy(dir: &Path, args: &[&str]) {
    let st = Command::new("objcopy")
        .args(args)
        .current_dir(dir)
        .status()
        .unwrap();
    assert!(st.success(), "objcopy {args:?}");
}

fn gnu_debuglink() -> Result<(), String> {
    let dir = scratch("debuglink");
    let full = report(&fixtures().join("sysroot"), &[], &dir.join("cache0")).0;
    let sysroot = partial_sysroot(&dir);
    let bin = sysroot.join("tmp/pmcfix");
    std::fs::copy(
        fixtures().join("sysroot/tmp/pmcfix/cwork"),
        bin.join("full"),
    )
    .unwrap();
    objcopy(&bin, &["--only-keep-debug", "full", "cwork.debug"]);
    objcopy(
        &bin,
        &[
            "--strip-all",
            "--add-gnu-debuglink=cwork.debug",
            "full",
            "cwork",
        ],
    );
    std::fs::create_dir_all(bin.join(".debug")).unwrap();
    std::fs::rename(bin.join("cwork.debug"), bin.join(".debug/cwork.debug")).unwrap();
    std::fs::remove_file(bin.join("full")).unwrap();
    let (out, err) = report(&sysroot, &[], &dir.join("cache1"));
    assert_eq!(out, full, "stderr: {err}");
    // A debug file with another CRC is not used.
    std::fs::write(bin.join(".debug/cwork.debug"), b"not the debug file").unwrap();
    assert_ne!(report(&sysroot, &[], &dir.join("cache2")).0, full);
    Ok(())
}

fn main() {
    let mut t = Trials::new();
    t.add(
        "served_by_debuginfod",
        &[Need::Program("debuginfod")],
        served_by_debuginfod,
    );
    t.add("server_down", &[], server_down);
    t.add("gnu_debuglink", &[Need::GnuTool("objcopy")], gnu_debuglink);
    t.run()
}
