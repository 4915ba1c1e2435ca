//! Helpers shared by the workspace's integration tests (`tests/tests/*.rs`).
//!
//! - [`fixtures`]: the committed fixtures under `tests/data/` (see its `README.md` and
//!   `build.sh`), each classified as an ELF file, an `ar` archive or a thin archive.
//! - [`GnuTool`]: a GNU binutils program found on `PATH` (live comparisons are skipped,
//!   not failed, when it is missing), run with `LC_ALL=C`.
//! - [`show_diff`]: expected against got between rulers, for failure messages.
//! - [`run_trials`]: the `main` of a libtest-mimic test.
//!
//! Golden outputs of GNU readelf live in `tests/golden/` ([`golden_dir`]); they are made by
//! `tests/regen-golden.sh` and never from our own output.

pub mod many_sections;

use std::ffi::OsStr;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Output, Stdio};

use libtest_mimic::{Arguments, Trial};

/// The `main` of a libtest-mimic test named `name`: runs `trials` with the command
/// line's arguments, or fails saying why they could not be listed.
pub fn run_trials(name: &str, trials: Result<Vec<Trial>, String>) -> ExitCode {
    match trials {
        Ok(trials) => libtest_mimic::run(&Arguments::from_args(), trials).exit_code(),
        Err(e) => {
            eprintln!("{name}: {e}");
            ExitCode::FAILURE
        }
    }
}

/// `tests/data/`: the fixtures.
pub fn data_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("data")
}

/// `tests/golden/`: reference outputs of the GNU tools.
pub fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("golden")
}

/// What a fixture file holds, from its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FixtureKind {
    /// An ELF file (`\x7fELF`).
    Elf,
    /// An `ar` archive (`!<arch>\n`).
    Archive,
    /// A GNU thin archive (`!<thin>\n`): its members are other files in `tests/data/`.
    ThinArchive,
}

/// One fixture file of `tests/data/`.
#[derive(Debug, Clone)]
pub struct Fixture {
    /// The file name, which is also the name tests use for it.
    pub name: String,
    /// Its path.
    pub path: PathBuf,
    /// What it holds.
    pub kind: FixtureKind,
}

impl Fixture {
    /// Read the whole file.
    ///
    /// # Errors
    /// The I/O error, with the path.
    pub fn read(&self) -> Result<Vec<u8>, String> {
        std::fs::read(&self.path).map_err(|e| format!("{}: {e}", self.path.display()))
    }
}

/// Every fixture in `tests/data/`, sorted by name: the files that start with an ELF or
/// `ar` magic string (sources, scripts and notes are left out).
///
/// # Errors
/// An I/O error reading the directory or a file, with the path.
pub fn fixtures() -> Result<Vec<Fixture>, String> {
    let dir = data_dir();
    let entries = std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut out = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| format!("{}: {e}", dir.display()))?;
        let path = entry.path();
        if !path.is_file() {
            continue;
        }
        let mut magic = Vec::with_capacity(8);
        {
            use std::io::Read;
            let f = std::fs::File::open(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            f.take(8)
                .read_to_end(&mut magic)
                .map_err(|e| format!("{}: {e}", path.display()))?;
        }
        let kind = if magic.starts_with(b"\x7fELF") {
            FixtureKind::Elf
        } else if magic == b"!<arch>\n" {
            FixtureKind::Archive
        } else if magic == b"!<thin>\n" {
            FixtureKind::ThinArchive
        } else {
            continue;
        };
        let name = entry.file_name().to_string_lossy().into_owned();
        out.push(Fixture { name, path, kind });
    }
    out.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(out)
}

/// A GNU binutils program found on `PATH`.
#[derive(Debug, Clone)]
pub struct GnuTool {
    /// The program name (`readelf`, `objcopy`…).
    pub program: String,
    /// The first line of `--version`, e.g. `GNU readelf (GNU Binutils for Debian) 2.40`.
    pub version_line: String,
    /// Major and minor version, e.g. `(2, 40)`.
    pub version: (u32, u32),
}

impl GnuTool {
    /// Find `program` on `PATH`; `None` if it is missing, does not run, or is not GNU.
    pub fn find(program: &str) -> Option<GnuTool> {
        let out = Command::new(program)
            .arg("--version")
            .env("LC_ALL", "C")
            .stdin(Stdio::null())
            .output()
            .ok()?;
        let text = String::from_utf8_lossy(&out.stdout);
        let line = text.lines().next()?.to_string();
        if !out.status.success() || !line.starts_with("GNU ") {
            return None;
        }
        let last = line.split_whitespace().last()?;
        let mut parts = last.split('.').map(|p| p.parse::<u32>());
        let version = match (parts.next(), parts.next()) {
            (Some(Ok(a)), Some(Ok(b))) => (a, b),
            _ => (0, 0),
        };
        Some(GnuTool {
            program: program.to_string(),
            version_line: line,
            version,
        })
    }

    /// Whether the version is at least `major.minor`.
    pub fn at_least(&self, major: u32, minor: u32) -> bool {
        self.version >= (major, minor)
    }

    /// Run the program with `args` under `LC_ALL=C`, in `dir` if given.
    ///
    /// # Errors
    /// The error from starting it.
    pub fn run<I, S>(&self, args: I, dir: Option<&Path>) -> Result<Output, String>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<OsStr>,
    {
        let mut cmd = Command::new(&self.program);
        cmd.args(args)
            .env("LC_ALL", "C")
            .env("LANG", "C")
            .env("COLUMNS", "80")
            .stdin(Stdio::null());
        if let Some(dir) = dir {
            cmd.current_dir(dir);
        }
        cmd.output()
            .map_err(|e| format!("running {}: {e}", self.program))
    }
}

/// A failure message showing `expected` and `got` between rulers, with the first line
/// that differs pointed out.
pub fn show_diff(what: &str, expected: &str, got: &str) -> String {
    let first = expected
        .lines()
        .zip(got.lines())
        .position(|(a, b)| a != b)
        .unwrap_or_else(|| expected.lines().count().min(got.lines().count()));
    let ruler = "-".repeat(72);
    let mut s = String::new();
    let _ = writeln!(s, "{what}: outputs differ (first at line {})", first + 1);
    let _ = writeln!(s, "expected:\n{ruler}\n{expected}\n{ruler}");
    let _ = writeln!(s, "got:\n{ruler}\n{got}\n{ruler}");
    s
}

/// A fresh scratch directory `base/name` for a test's output files (`base` is
/// `env!("CARGO_TARGET_TMPDIR")` in an integration test). Whatever was there is removed.
///
/// # Errors
/// The I/O error creating it.
pub fn scratch_dir(base: &Path, name: &str) -> Result<PathBuf, String> {
    let dir = base.join(name.replace(['/', ':', ' '], "_"));
    if dir.exists() {
        std::fs::remove_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    }
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    Ok(dir)
}

/// A golden: `F@O1@O2….out`, with its `.err` and `.rc` beside it.
#[derive(Debug, Clone)]
pub struct Golden {
    /// The name without `.out`.
    pub stem: String,
    /// The fixture's file name.
    pub fixture: String,
    /// The options, in order.
    pub opts: Vec<String>,
    /// The directory holding the golden.
    pub dir: PathBuf,
}

/// The goldens in `dir`, sorted by name.
///
/// # Errors
/// The I/O error, with the path.
pub fn read_goldens(dir: &Path) -> Result<Vec<Golden>, String> {
    let entries = std::fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut out = Vec::new();
    for entry in entries {
        let name = entry
            .map_err(|e| format!("{}: {e}", dir.display()))?
            .file_name()
            .to_string_lossy()
            .into_owned();
        let Some(stem) = name.strip_suffix(".out") else {
            continue;
        };
        let mut parts = stem.split('@');
        let fixture = parts.next().unwrap_or_default().to_string();
        let opts: Vec<String> = parts.map(str::to_string).collect();
        out.push(Golden {
            stem: stem.to_string(),
            fixture,
            opts,
            dir: dir.to_path_buf(),
        });
    }
    out.sort_by(|a, b| a.stem.cmp(&b.stem));
    Ok(out)
}

impl Golden {
    /// The golden's `ext` file (`out`, `err`, `rc`): empty when `err`/`rc` is absent.
    ///
    /// # Errors
    /// The I/O error, with the path.
    pub fn read(&self, ext: &str) -> Result<Vec<u8>, String> {
        let p = self.dir.join(format!("{}.{ext}", self.stem));
        match std::fs::read(&p) {
            Ok(b) => Ok(b),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && ext != "out" => Ok(Vec::new()),
            Err(e) => Err(format!("{}: {e}", p.display())),
        }
    }

    /// The exit status GNU gave (from `.rc`, 0 when absent).
    ///
    /// # Errors
    /// The I/O error, with the path.
    pub fn status(&self) -> Result<i32, String> {
        let rc = self.read("rc")?;
        Ok(String::from_utf8_lossy(&rc).trim().parse().unwrap_or(0))
    }
}
