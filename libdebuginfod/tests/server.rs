//! The client against Debian's real `debuginfod` server (a trial ignored, saying so, where
//! it is not installed; `.ci/run` installs it), and against small servers of our own
//! that are down, hang, cut their answer short, or answer garbage or the wrong file.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use host_trials::{DebuginfodServer, Need, Trials};
use libdebuginfod::{Client, Error, Kind};

/// The stripped program and its debug file (`tests/data/dwarf`, a debuglink pair).
fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../tests/data/dwarf")
        .join(name)
}

fn build_id(path: &Path) -> Vec<u8> {
    let data = std::fs::read(path).unwrap();
    let file = libelf::ElfFile::parse(&data).unwrap();
    libelf::read::find_build_id(&file).unwrap().to_vec()
}

/// A fresh scratch directory.
fn scratch(tag: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("debuginfod-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Every file under `dir`, recursively.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else {
                out.push(p);
            }
        }
    }
    out
}

/// A port nothing listens on (bound, then released).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A one-thread HTTP server answering every request with `reply(path)`.
fn serve(reply: impl Fn(&str, &mut TcpStream) + Send + 'static) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mut line = String::new();
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            if reader.read_line(&mut line).is_err() {
                continue;
            }
            // Skip the headers.
            let mut h = String::new();
            while reader.read_line(&mut h).is_ok_and(|n| n > 2) {
                h.clear();
            }
            let path = line.split_whitespace().nth(1).unwrap_or("").to_owned();
            reply(&path, &mut stream);
        }
    });
    url
}

fn respond(stream: &mut TcpStream, status: &str, body: &[u8], claimed_len: usize) {
    let _ = write!(
        stream,
        "HTTP/1.1 {status}\r\nContent-Length: {claimed_len}\r\nConnection: close\r\n\r\n"
    );
    let _ = stream.write_all(body);
}

/// A server answering every request with the whole of file `path`.
fn serve_whole(path: PathBuf) -> String {
    let body = std::fs::read(path).unwrap();
    serve(move |_, s| respond(s, "200 OK", &body, body.len()))
}

fn not_found(e: Result<PathBuf, Error>) -> Vec<String> {
    match e {
        Err(Error::NotFound { attempts, .. }) => attempts.into_iter().map(|a| a.problem).collect(),
        other => panic!("expected NotFound, got {other:?}"),
    }
}

/// Debian's debuginfod over a directory holding the fixture pair.
fn real_server(dir: &Path) -> DebuginfodServer {
    for f in ["debuglink-exec", "debuglink-exec.debug"] {
        std::fs::copy(fixture(f), dir.join("files").join(f)).unwrap();
    }
    let id = libdebuginfod::hex(&build_id(&fixture("debuglink-exec")));
    DebuginfodServer::start(&dir.join("files"), &dir.join("db.sqlite"), &id).unwrap()
}

fn real_server_trial() -> Result<(), String> {
    let dir = scratch("real");
    std::fs::create_dir_all(dir.join("files")).unwrap();
    let server = real_server(&dir);
    let cache = dir.join("cache");
    let client = Client::new(vec![server.url.clone()], cache.clone());
    let exec = fixture("debuglink-exec");
    let id = build_id(&exec);

    let debug = client
        .fetch(&id, Kind::Debuginfo)
        .map_err(|e| e.to_string())?;
    assert_eq!(debug, cache.join(libdebuginfod::hex(&id)).join("debuginfo"));
    assert!(
        std::fs::read(&debug).unwrap() == std::fs::read(fixture("debuglink-exec.debug")).unwrap()
    );
    let got = client
        .fetch(&id, Kind::Executable)
        .map_err(|e| e.to_string())?;
    assert!(std::fs::read(got).unwrap() == std::fs::read(&exec).unwrap());
    assert_eq!(
        not_found(client.fetch(&[0x12, 0x34, 0x56], Kind::Debuginfo)),
        ["not found"]
    );

    // The debug info that exists only on the server gives file:line answers.
    let data = std::fs::read(&exec).unwrap();
    let file = libelf::ElfFile::parse(&data).unwrap();
    let alone = libdwarf::AddrLookup::new(&file, None).unwrap();
    let debug_data = std::fs::read(&debug).unwrap();
    let debug_file = libelf::ElfFile::parse(&debug_data).unwrap();
    let with = libdwarf::AddrLookup::new(&debug_file, None).unwrap();
    // `first_perimeter`, from the program's own symbol table: main.c line 17 (GNU
    // addr2line on the debug file says `./src/main.c:17`).
    let st = libsymtab::Symtab::parse(&file).unwrap();
    let func = st.by_name(b"first_perimeter").unwrap().addr;
    assert!(!alone.has_dwarf(), "the fixture is meant to be stripped");
    let frames = with.find_frames(func).unwrap();
    let loc = frames
        .last()
        .and_then(|f| f.location.clone())
        .expect("a location");
    assert_eq!(loc.line, Some(17), "{loc:?}");
    assert!(
        loc.file.as_deref().is_some_and(|f| f.ends_with("main.c")),
        "{loc:?}"
    );

    // Once cached, the server is not needed.
    drop(server);
    assert_eq!(
        client
            .fetch(&id, Kind::Debuginfo)
            .map_err(|e| e.to_string())?,
        debug
    );
    // Nothing but the two files in the cache: no temporary files left.
    let mut left = files_under(&cache);
    left.sort();
    assert_eq!(left.len(), 2, "{left:?}");
    Ok(())
}

fn main() {
    // Run by the "environment" trial in a child process with its own environment.
    if std::env::args().any(|a| a == "env_probe") {
        let c = Client::from_env().unwrap();
        println!(
            "servers={:?} cache={}",
            c.servers(),
            c.cache_path(&[1, 2], Kind::Debuginfo).display()
        );
        std::process::exit(0);
    }
    let mut t = Trials::new();
    t.add(
        "real_debuginfod_server",
        &[Need::Program("debuginfod")],
        real_server_trial,
    );

    t.add("server_down", &[], || {
        let dir = scratch("down");
        let client = Client::new(
            vec![format!("http://127.0.0.1:{}", free_port())],
            dir.join("cache"),
        );
        let problems = not_found(client.fetch(&[1, 2, 3, 4], Kind::Debuginfo));
        assert_eq!(problems.len(), 1);
        assert!(files_under(&dir).is_empty());
        Ok(())
    });

    t.add("garbage_answer", &[], || {
        let url = serve(|_, s| respond(s, "200 OK", b"0123456789", 10));
        let dir = scratch("garbage");
        let client = Client::new(vec![url], dir.join("cache"));
        assert_eq!(
            not_found(client.fetch(&[1, 2, 3, 4], Kind::Debuginfo)),
            ["not an ELF file"]
        );
        assert!(files_under(&dir).is_empty(), "{:?}", files_under(&dir));
        Ok(())
    });

    t.add("wrong_file_answered", &[], || {
        // An ELF file, but not the one asked for.
        let url = serve_whole(fixture("debuglink-exec"));
        let dir = scratch("wrong");
        let client = Client::new(vec![url], dir.join("cache"));
        let problems = not_found(client.fetch(&[0xaa; 20], Kind::Executable));
        assert!(
            problems[0].starts_with("answered build-id "),
            "{problems:?}"
        );
        assert!(files_under(&dir).is_empty());
        Ok(())
    });

    t.add("answer_cut_short", &[], || {
        let url = serve(|_, s| {
            let body = std::fs::read(fixture("debuglink-exec")).unwrap();
            respond(s, "200 OK", &body[..100], body.len());
        });
        let dir = scratch("cut");
        let client = Client::new(vec![url], dir.join("cache"));
        let id = build_id(&fixture("debuglink-exec"));
        let problems = not_found(client.fetch(&id, Kind::Executable));
        assert_eq!(problems.len(), 1);
        assert!(files_under(&dir).is_empty());
        Ok(())
    });

    t.add("hanging_server_times_out", &[], || {
        let url = serve(|_, _s| std::thread::sleep(Duration::from_secs(30)));
        let dir = scratch("hang");
        let client = Client::new(vec![url], dir.join("cache")).with_timeout(Duration::from_secs(1));
        let start = Instant::now();
        let problems = not_found(client.fetch(&[1, 2, 3, 4], Kind::Debuginfo));
        assert!(
            start.elapsed() < Duration::from_secs(10),
            "{:?}",
            start.elapsed()
        );
        assert_eq!(problems, ["timed out"]);
        Ok(())
    });

    t.add("size_limit", &[], || {
        let url = serve_whole(fixture("debuglink-exec"));
        let dir = scratch("limit");
        let client = Client::new(vec![url], dir.join("cache")).with_max_size(100);
        let id = build_id(&fixture("debuglink-exec"));
        not_found(client.fetch(&id, Kind::Executable));
        assert!(files_under(&dir).is_empty());
        Ok(())
    });

    t.add("next_server_after_a_failure", &[], || {
        let bad = serve(|_, s| respond(s, "500 Internal Server Error", b"", 0));
        let good = serve(|path, s| {
            let body = std::fs::read(fixture("debuglink-exec.debug")).unwrap();
            if path.ends_with("/debuginfo") {
                respond(s, "200 OK", &body, body.len());
            } else {
                respond(s, "404 Not Found", b"", 0);
            }
        });
        let dir = scratch("next");
        let client = Client::new(vec![bad, good], dir.join("cache"));
        let id = build_id(&fixture("debuglink-exec"));
        let got = client
            .fetch(&id, Kind::Debuginfo)
            .map_err(|e| e.to_string())?;
        assert!(
            std::fs::read(got).unwrap() == std::fs::read(fixture("debuglink-exec.debug")).unwrap()
        );
        let problems = not_found(client.fetch(&id, Kind::Executable));
        assert_eq!(problems, ["HTTP status 500", "not found"]);
        Ok(())
    });

    t.add("environment", &[], || {
        // `from_env` is checked in a child process (this program with `env_probe`), so
        // the environment of the other trials is left alone.
        let exe = std::env::current_exe().unwrap();
        let out = Command::new(exe)
            .args(["--exact", "env_probe", "--ignored", "--nocapture"])
            .env("DEBUGINFOD_URLS", "http://a.invalid/  http://b.invalid")
            .env("DEBUGINFOD_CACHE_PATH", "/tmp/dcache")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(text.contains("servers=[\"http://a.invalid\", \"http://b.invalid\"] cache=/tmp/dcache/0102/debuginfo"), "{text}");
        Ok(())
    });
    t.run()
}
