//! The binary against a reader that goes away (`addr2line … | head -1`).
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::io::{Read, Write};
use std::process::Command;

#[test]
fn broken_pipe_is_quiet() {
    let exe = concat!(env!("CARGO_MANIFEST_DIR"), "/../../libdwarf/tests/data/cxx");
    let mut child = host_trials::spawn_piped(
        Command::new(env!("CARGO_BIN_EXE_addr2line")).args(["-f", "-i", "-C", "-e", exe]),
    )
    .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let mut first = [0u8; 1];
    // One address answered, proving the pipe works; then the reader goes away and
    // far more output than a pipe buffer holds follows.
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"0x1000\n").unwrap();
    stdin.flush().unwrap();
    stdout.read_exact(&mut first).unwrap();
    drop(stdout);
    let many = "0x1000\n".repeat(200_000);
    let _ = stdin.write_all(many.as_bytes());
    drop(stdin);
    let out = child.wait_with_output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    assert_eq!(out.status.code(), Some(0));
}
