//! The progress spinner (indicatif) on stderr: drawn when stderr is a terminal and the
//! run has gone on past the delay, never when stderr is not a terminal. The CLI runs
//! with its stderr on a pseudo-terminal (openpty) or on a pipe; the delay is set to 0
//! through `PMC_SYMBOLIZER_PROGRESS_AFTER_MS`, which makes every run a long one.

// Test helpers: a failure to open the terminal or to spawn is a failed test.
#![allow(clippy::unwrap_used, clippy::expect_used)]
// openpty has no safe wrapper in std.
#![allow(unsafe_code)]

use std::io::Read;
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Command, Stdio};

const FIXTURES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures");

/// A report of the `th-fp` fixture, with stderr on `stderr` and the given delay.
fn report(stderr: Stdio, after_ms: &str) -> std::process::Child {
    Command::new(env!("CARGO_BIN_EXE_pmc-symbolizer"))
        .args(["report", "--symfs"])
        .arg(format!("{FIXTURES}/sysroot"))
        .arg(format!("{FIXTURES}/th-fp.data"))
        .env("PMC_SYMBOLIZER_PROGRESS_AFTER_MS", after_ms)
        .stdout(Stdio::null())
        .stderr(stderr)
        .spawn()
        .unwrap()
}

/// A pseudo-terminal of 24×80: (master, slave).
fn openpty() -> (OwnedFd, OwnedFd) {
    let (mut master, mut slave) = (-1, -1);
    let size = libc::winsize {
        ws_row: 24,
        ws_col: 80,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty writes two descriptors into the given ints; no name buffer, no
    // termios, the window size is read only.
    let rc = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(rc, 0, "openpty: {}", std::io::Error::last_os_error());
    // SAFETY: both descriptors were just opened and are owned by nobody else.
    unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) }
}

/// Everything written to the terminal until its last writer closed it.
fn drain(master: OwnedFd) -> String {
    let mut f = std::fs::File::from(master);
    let mut out = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match f.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => out.extend_from_slice(buf.get(..n).unwrap()),
            // Linux answers EIO once the slave side is closed everywhere.
            Err(_) => break,
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn spinner_drawn_on_a_terminal_after_the_delay() {
    let (master, slave) = openpty();
    let mut child = report(Stdio::from(slave), "0");
    // (The parent's copy of the slave went into the Command and is closed by now.)
    let text = drain(master);
    assert!(child.wait().unwrap().success());
    assert!(
        text.contains("symbolizing 4 images"),
        "no spinner on the terminal: {text:?}"
    );
}

#[test]
fn no_spinner_before_the_delay() {
    let (master, slave) = openpty();
    let mut child = report(Stdio::from(slave), "600000");
    let text = drain(master);
    assert!(child.wait().unwrap().success());
    assert!(!text.contains("symbolizing"), "spinner too early: {text:?}");
}

#[test]
fn no_spinner_when_stderr_is_not_a_terminal() {
    let child = report(Stdio::piped(), "0");
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(!text.contains("symbolizing"), "spinner on a pipe: {text:?}");
    assert!(!text.contains('\x1b'), "terminal codes on a pipe: {text:?}");
}
