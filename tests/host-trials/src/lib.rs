//! Tests that need something outside the repository — a GNU tool on `PATH`, a compiler, a
//! file of the host system, the corpus — as [libtest-mimic] trials. On a machine that lacks
//! what a trial needs, the trial is *ignored*, and its name says what was missing; it never
//! passes silently. CI (`.ci/run`) installs what the trials of the workspace need, so there
//! they all run.
//!
//! ```no_run
//! use host_trials::{Need, Trials};
//!
//! let mut t = Trials::new();
//! t.add("libc_versions", &[Need::GnuTool("readelf"), Need::File("/usr/lib/x86_64-linux-gnu/libc.so.6")], || {
//!     // compare our reading of libc.so.6 with `readelf -V`; return Err(text) on a difference
//!     Ok(())
//! });
//! t.run();
//! ```
//!
//! [libtest-mimic]: https://docs.rs/libtest-mimic

use std::path::Path;
use std::process::{Command, Stdio};

pub use libtest_mimic::Failed;
use libtest_mimic::{Arguments, Trial};

/// Something a trial needs from the host.
#[derive(Debug, Clone, Copy)]
pub enum Need {
    /// A GNU binutils program on `PATH` whose `--version` starts with `GNU ` (any version).
    GnuTool(&'static str),
    /// GNU binutils 2.40 exactly (its output is what the trial compares with).
    Gnu240(&'static str),
    /// A program on `PATH` that runs with `--version`.
    Program(&'static str),
    /// One of these programs (`llvm-ar`, `llvm-ar-14`).
    OneOf(&'static [&'static str]),
    /// A file (or directory) at this path.
    File(&'static str),
}

impl Need {
    /// `None` if the host has it, else why the trial cannot run.
    pub fn missing(&self) -> Option<String> {
        match *self {
            Need::GnuTool(p) => match version_line(p) {
                Some(l) if l.starts_with("GNU ") => None,
                Some(l) => Some(format!("{p} is not GNU ({l})")),
                None => Some(format!("no {p} on PATH")),
            },
            Need::Gnu240(p) => match version_line(p) {
                Some(l) if l.starts_with("GNU ") && l.ends_with(" 2.40") => None,
                Some(l) => Some(format!("{p} is not GNU {p} 2.40 ({l})")),
                None => Some(format!("no {p} on PATH")),
            },
            Need::Program(p) => version_line(p).is_none().then(|| format!("no {p} on PATH")),
            Need::OneOf(ps) => (!ps.iter().any(|p| version_line(p).is_some()))
                .then(|| format!("none of {} on PATH", ps.join(", "))),
            Need::File(f) => (!Path::new(f).exists()).then(|| format!("no {f}")),
        }
    }
}

/// The first line `program --version` prints, if it runs and succeeds.
fn version_line(program: &str) -> Option<String> {
    let out = Command::new(program)
        .arg("--version")
        .env("LC_ALL", "C")
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    if !out.status.success() {
        return None;
    }
    let text = String::from_utf8_lossy(&out.stdout);
    Some(
        text.lines()
            .next()
            .unwrap_or_default()
            .trim_end()
            .to_owned(),
    )
}

/// A set of trials, run by [`Trials::run`] with libtest's command-line options.
#[derive(Debug, Default)]
pub struct Trials {
    trials: Vec<Trial>,
}

impl Trials {
    /// No trials yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// A trial that runs `test` when the host has everything in `needs`, and is ignored
    /// otherwise with the first missing thing in its name (`name [ignored: no ar on PATH]`).
    /// `test` fails with the message it returns.
    pub fn add<F>(&mut self, name: &str, needs: &[Need], test: F)
    where
        F: FnOnce() -> Result<(), String> + Send + 'static,
    {
        let missing = needs.iter().find_map(Need::missing);
        let trial = match missing {
            None => Trial::test(name, move || test().map_err(Failed::from)),
            Some(why) => {
                Trial::test(format!("{name} [ignored: {why}]"), || Ok(())).with_ignored_flag(true)
            }
        };
        self.trials.push(trial);
    }

    /// [`Trials::add`] for a test that fails by panicking (`assert!`, `unwrap`).
    pub fn add_fn(&mut self, name: &str, needs: &[Need], test: fn()) {
        self.add(name, needs, move || {
            test();
            Ok(())
        });
    }

    /// Run the trials with the process's arguments and exit with libtest's status.
    pub fn run(self) -> ! {
        libtest_mimic::run(&Arguments::from_args(), self.trials).exit()
    }
}

/// Debian's `debuginfod` server on 127.0.0.1, serving the ELF files of one directory; killed
/// on drop. For trials that need [`Need::Program`]`("debuginfod")`.
#[derive(Debug)]
pub struct DebuginfodServer {
    child: std::process::Child,
    /// `http://127.0.0.1:PORT`.
    pub url: String,
}

impl DebuginfodServer {
    /// Start a server over `files` (its database in `db`) and wait, up to 30 s, until it
    /// serves `/buildid/READY/executable` (the hex build-id of a file in `files`).
    ///
    /// # Errors
    /// Why it could not be started, or that it never became ready.
    pub fn start(files: &Path, db: &Path, ready: &str) -> Result<Self, String> {
        use std::io::{Read, Write};
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| format!("no free port: {e}"))?
            .port();
        let child = Command::new("debuginfod")
            .arg("-F")
            .arg(files)
            .arg("-p")
            .arg(port.to_string())
            .arg("-d")
            .arg(db)
            .args(["-t", "0", "-g", "0"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("debuginfod: {e}"))?;
        let server = DebuginfodServer {
            child,
            url: format!("http://127.0.0.1:{port}"),
        };
        let start = std::time::Instant::now();
        while start.elapsed() < std::time::Duration::from_secs(30) {
            if let Ok(mut s) = std::net::TcpStream::connect(("127.0.0.1", port)) {
                let req = format!("GET /buildid/{ready}/executable HTTP/1.0\r\n\r\n");
                let mut head = [0u8; 12];
                if s.write_all(req.as_bytes()).is_ok()
                    && s.read_exact(&mut head).is_ok()
                    && head.ends_with(b"200")
                {
                    return Ok(server);
                }
            }
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        Err(format!("debuginfod did not serve {ready} within 30 s"))
    }
}

/// Runs `command` to completion and returns what it wrote.
///
/// # Panics
/// If it cannot be started or does not exit 0 (saying which command, and its standard
/// error): for tests, where the program is known to be there.
#[allow(clippy::panic)] // a test helper: failing loudly is the point
pub fn output_ok(command: &mut Command) -> std::process::Output {
    let out = command
        .output()
        .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    assert!(
        out.status.success(),
        "{command:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// Starts `command` with its standard input, output and error each a pipe.
///
/// # Errors
/// If the program cannot be started.
pub fn spawn_piped(command: &mut Command) -> std::io::Result<std::process::Child> {
    command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
}

impl Drop for DebuginfodServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `cmd` with `stdin` written to it from another thread (so a program that writes
/// before it has read everything cannot deadlock the test), stdout and stderr captured.
/// The child is killed after `limit`, which is an error: a hang is a failure, not a wait.
///
/// # Errors
/// The program could not be started or waited for, or it ran past `limit`.
pub fn run_piped(
    cmd: &mut Command,
    stdin: &[u8],
    limit: std::time::Duration,
) -> Result<std::process::Output, String> {
    use std::io::{Read, Write};
    let what = format!("{:?}", cmd.get_program());
    let mut child = spawn_piped(cmd).map_err(|e| format!("{what}: {e}"))?;
    let feed = child.stdin.take().map(|mut input| {
        let data = stdin.to_vec();
        // A program may stop reading (an error before its input): a broken pipe is fine.
        std::thread::spawn(move || drop(input.write_all(&data)))
    });
    let drain = |r: Option<Box<dyn Read + Send>>| {
        std::thread::spawn(move || {
            let mut buf = Vec::new();
            if let Some(mut r) = r {
                let _ = r.read_to_end(&mut buf);
            }
            buf
        })
    };
    let out = drain(
        child
            .stdout
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
    let err = drain(
        child
            .stderr
            .take()
            .map(|s| Box::new(s) as Box<dyn Read + Send>),
    );
    let start = std::time::Instant::now();
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break status,
            Ok(None) if start.elapsed() > limit => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!("{what}: no answer in {} s", limit.as_secs()));
            }
            Ok(None) => std::thread::sleep(std::time::Duration::from_millis(10)),
            Err(e) => return Err(format!("{what}: {e}")),
        }
    };
    if let Some(f) = feed {
        let _ = f.join();
    }
    let stdout = out
        .join()
        .map_err(|_| format!("{what}: stdout reader died"))?;
    let stderr = err
        .join()
        .map_err(|_| format!("{what}: stderr reader died"))?;
    Ok(std::process::Output {
        status,
        stdout,
        stderr,
    })
}

/// The corpus directory: `$CORPUS`, default `/work/corpus` (built by
/// `shared/corpus/build.sh`); trials that use it name the files they need with [`Need::File`].
pub fn corpus() -> std::path::PathBuf {
    std::env::var_os("CORPUS").map_or_else(|| "/work/corpus".into(), Into::into)
}

/// A bench's input: the file `$ENV_VAR` names, else the corpus's `libLLVM-14.so.1`, else
/// the system's libc.so.6, else the repository's `tests/data/x86_64.so` (so that
/// `cargo test --all-targets` always runs a bench once, even on a bare machine).
pub fn bench_file(env_var: &str) -> Option<std::path::PathBuf> {
    let fixture = concat!(env!("CARGO_MANIFEST_DIR"), "/../data/x86_64.so");
    [
        std::env::var_os(env_var).map(std::path::PathBuf::from),
        Some(corpus().join("host/lib/libLLVM-14.so.1")),
        Some("/usr/lib/x86_64-linux-gnu/libc.so.6".into()),
        Some(fixture.into()),
    ]
    .into_iter()
    .flatten()
    .find(|p| p.exists())
}
