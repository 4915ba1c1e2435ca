//! The binary's two streams (`tools_common::diag`, `tools_common::pipe`): diagnostics
//! keep their place in the output when both streams go to one file, as GNU's do, and a
//! reader that goes away (`readelf -a big | head`) ends the run quietly with status 0.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used)]

use std::io::Read;
use std::process::{Command, Stdio};

const READELF: &str = env!("CARGO_BIN_EXE_readelf");

fn fixture() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../libdwarf/tests/data/cxx").to_owned()
}

#[test]
fn diagnostics_keep_their_place_in_one_file() {
    let f = fixture();
    let header = Command::new(READELF).args(["-h", &f]).output().unwrap();
    assert!(header.status.success());
    let dir = std::env::temp_dir().join(format!("readelf-streams-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let both = dir.join("both");
    let file = std::fs::File::create(&both).unwrap();
    let status = Command::new(READELF)
        .args(["-h", &f, "/no/such/file", &f])
        .stdout(file.try_clone().unwrap())
        .stderr(file)
        .status()
        .unwrap();
    assert_eq!(status.code(), Some(1));
    let block = format!("\nFile: {f}\n{}", String::from_utf8_lossy(&header.stdout));
    // GNU readelf 2.40 gives this order (its `error` flushes stdout first).
    assert_eq!(
        std::fs::read_to_string(&both).unwrap(),
        format!("{block}readelf: Error: '/no/such/file': No such file\n{block}")
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_reader_that_goes_away_ends_the_run_quietly() {
    let f = fixture();
    // Far more output than a pipe holds.
    let mut args = vec!["-a".to_owned(), "-W".to_owned()];
    args.extend(std::iter::repeat_n(f, 200));
    let mut child = Command::new(READELF)
        .args(&args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Some output arrives, then the reader goes away.
    let mut first = [0u8; 16];
    let mut reader = child.stdout.take().unwrap();
    reader.read_exact(&mut first).unwrap();
    assert!(first.starts_with(b"\nFile: "));
    drop(reader);
    let out = child.wait_with_output().unwrap();
    assert_eq!(
        (
            out.status.code(),
            String::from_utf8_lossy(&out.stderr).as_ref()
        ),
        (Some(0), "")
    );
}
