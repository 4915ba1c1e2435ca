//! A client of debuginfod servers (the protocol elfutils defines): fetch an object's
//! separate debug info or its executable by build-id, into a local cache laid out as
//! elfutils lays it out, so that elfutils' tools and ours share it.
//!
//! - Servers: `DEBUGINFOD_URLS` (space-separated base URLs), tried in order.
//! - Cache: `DEBUGINFOD_CACHE_PATH`, else `$XDG_CACHE_HOME/debuginfod_client`, else
//!   `~/.cache/debuginfod_client`; a file is `CACHE/BUILDID/debuginfo` (or `executable`).
//! - Timeout: `DEBUGINFOD_TIMEOUT` seconds per request (default 90, as elfutils');
//!   `DEBUGINFOD_MAXSIZE` bytes caps a download.
//!
//! A download goes to a temporary file in the cache and is renamed into place only when
//! it is whole and is an ELF file with the build-id asked for: a failed, cut or wrong
//! answer leaves nothing in the cache. A server that is down, slow or answers garbage
//! costs an [`Attempt`] in the error (for a warning), never a hang past the timeout or a
//! wrong file.
//!
//! ```no_run
//! use libdebuginfod::{Client, Kind};
//!
//! let Some(client) = Client::from_env() else { return }; // no DEBUGINFOD_URLS
//! let build_id = [0x92, 0x74, 0xca, 0xe3]; // from the binary's NT_GNU_BUILD_ID note
//! match client.fetch(&build_id, Kind::Debuginfo) {
//!     Ok(path) => println!("debug info in {}", path.display()),
//!     Err(e) => eprintln!("warning: {e}"),
//! }
//! ```

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Duration;

/// What to fetch for a build-id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// The separate debug info file (`/buildid/ID/debuginfo`).
    Debuginfo,
    /// The executable or shared object itself (`/buildid/ID/executable`).
    Executable,
}

impl Kind {
    /// The URL path component and the cache file name.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Debuginfo => "debuginfo",
            Kind::Executable => "executable",
        }
    }
}

/// Why one server did not give the file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attempt {
    /// The server's base URL.
    pub server: String,
    /// What happened (`not found`, `timed out`, `not an ELF file`…).
    pub problem: String,
}

/// Why a fetch failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// The build-id is empty.
    #[error("empty build-id")]
    EmptyBuildId,
    /// No server had it; each attempt says why.
    #[error("debuginfod: no {kind} for build-id {build_id}{}", attempts_text(.attempts))]
    NotFound {
        /// What was asked for.
        kind: &'static str,
        /// The build-id, in hex.
        build_id: String,
        /// One entry per server tried.
        attempts: Vec<Attempt>,
    },
    /// The cache could not be written.
    #[error("debuginfod cache {path}: {source}")]
    Cache {
        /// The path concerned.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
}

fn attempts_text(attempts: &[Attempt]) -> String {
    let mut s = String::new();
    for a in attempts {
        let _ = write!(s, "; {}: {}", a.server, a.problem);
    }
    s
}

/// A debuginfod client: servers, a cache directory, limits.
#[derive(Debug, Clone)]
pub struct Client {
    servers: Vec<String>,
    cache: PathBuf,
    timeout: Duration,
    max_size: u64,
    agent: ureq::Agent,
}

impl Client {
    /// A client for `servers` (base URLs) caching in `cache`, with a 90-second timeout
    /// and no size limit.
    pub fn new(servers: Vec<String>, cache: PathBuf) -> Client {
        Client::build(servers, cache, Duration::from_secs(90), u64::MAX)
    }

    fn build(servers: Vec<String>, cache: PathBuf, timeout: Duration, max_size: u64) -> Client {
        let agent = ureq::Agent::config_builder()
            .timeout_global(Some(timeout))
            .http_status_as_error(false)
            .user_agent(concat!(
                "elftoolchain-rs-debuginfod/",
                env!("CARGO_PKG_VERSION")
            ))
            .build()
            .into();
        let servers = servers
            .into_iter()
            .map(|s| s.trim_end_matches('/').to_owned())
            .filter(|s| !s.is_empty())
            .collect();
        Client {
            servers,
            cache,
            timeout,
            max_size,
            agent,
        }
    }

    /// The client elfutils' environment describes, or `None` when `DEBUGINFOD_URLS` is
    /// unset or empty (debuginfod is off).
    pub fn from_env() -> Option<Client> {
        let urls = std::env::var("DEBUGINFOD_URLS").ok()?;
        Client::from_env_with_urls(&urls)
    }

    /// A client for `urls` (space-separated, as `DEBUGINFOD_URLS` holds them) with the
    /// rest of elfutils' environment (cache, timeout, size limit); `None` if `urls` names
    /// no server or no cache directory can be worked out.
    pub fn from_env_with_urls(urls: &str) -> Option<Client> {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        let servers: Vec<String> = urls.split_ascii_whitespace().map(str::to_owned).collect();
        if servers.is_empty() {
            return None;
        }
        let cache = var("DEBUGINFOD_CACHE_PATH")
            .map(PathBuf::from)
            .or_else(|| var("XDG_CACHE_HOME").map(|d| Path::new(&d).join("debuginfod_client")))
            .or_else(|| var("HOME").map(|h| Path::new(&h).join(".cache/debuginfod_client")))?;
        let timeout = var("DEBUGINFOD_TIMEOUT")
            .and_then(|t| t.trim().parse::<u64>().ok())
            .filter(|&t| t > 0)
            .map_or(Duration::from_secs(90), Duration::from_secs);
        let max_size = var("DEBUGINFOD_MAXSIZE")
            .and_then(|t| t.trim().parse::<u64>().ok())
            .filter(|&t| t > 0)
            .unwrap_or(u64::MAX);
        Some(Client::build(servers, cache, timeout, max_size))
    }

    /// The same client with another per-request timeout.
    pub fn with_timeout(self, timeout: Duration) -> Client {
        Client::build(self.servers, self.cache, timeout, self.max_size)
    }

    /// The same client with a cap on the size of a download.
    pub fn with_max_size(self, max_size: u64) -> Client {
        Client::build(self.servers, self.cache, self.timeout, max_size)
    }

    /// The servers, in the order they are tried.
    pub fn servers(&self) -> &[String] {
        &self.servers
    }

    /// Where `kind` for `build_id` is (or would be) cached.
    pub fn cache_path(&self, build_id: &[u8], kind: Kind) -> PathBuf {
        self.cache.join(hex(build_id)).join(kind.name())
    }

    /// The local path of `kind` for `build_id`: from the cache, else downloaded from the
    /// first server that has it (and checked: an ELF file carrying that build-id).
    ///
    /// # Errors
    /// [`Error::NotFound`] with what each server answered; [`Error::Cache`] if the cache
    /// directory cannot be written.
    pub fn fetch(&self, build_id: &[u8], kind: Kind) -> Result<PathBuf, Error> {
        if build_id.is_empty() {
            return Err(Error::EmptyBuildId);
        }
        let target = self.cache_path(build_id, kind);
        if std::fs::metadata(&target).is_ok_and(|m| m.is_file() && m.len() > 0) {
            return Ok(target);
        }
        let dir = target.parent().unwrap_or(&self.cache).to_path_buf();
        let mut attempts = Vec::new();
        for server in &self.servers {
            let url = format!("{server}/buildid/{}/{}", hex(build_id), kind.name());
            match self.download(&url, &dir, build_id) {
                Ok(tmp) => {
                    tmp.persist(&target).map_err(|e| Error::Cache {
                        path: target.clone(),
                        source: e.error,
                    })?;
                    return Ok(target);
                }
                Err(Failure::Cache(e)) => return Err(e),
                Err(Failure::Server(problem)) => attempts.push(Attempt {
                    server: server.clone(),
                    problem,
                }),
            }
        }
        Err(Error::NotFound {
            kind: kind.name(),
            build_id: hex(build_id),
            attempts,
        })
    }

    /// GET `url` into a new temporary file in `dir`; the file when the answer is a whole
    /// ELF file with `build_id` (dropped, and so removed, otherwise).
    fn download(
        &self,
        url: &str,
        dir: &Path,
        build_id: &[u8],
    ) -> Result<tempfile::NamedTempFile, Failure> {
        let response = self
            .agent
            .get(url)
            .call()
            .map_err(|e| Failure::Server(problem_of(&e)))?;
        let status = response.status().as_u16();
        if status == 404 {
            return Err(Failure::Server("not found".into()));
        }
        if status != 200 {
            return Err(Failure::Server(format!("HTTP status {status}")));
        }
        std::fs::create_dir_all(dir).map_err(|source| {
            Failure::Cache(Error::Cache {
                path: dir.to_path_buf(),
                source,
            })
        })?;
        let mut tmp = tempfile::Builder::new()
            .prefix(".tmp.")
            .tempfile_in(dir)
            .map_err(|source| {
                Failure::Cache(Error::Cache {
                    path: dir.to_path_buf(),
                    source,
                })
            })?;
        let body = response.into_body().into_with_config().limit(self.max_size);
        copy_limited(&mut body.reader(), tmp.as_file_mut())
            .and_then(|()| check_elf(tmp.path(), build_id))
            .map_err(Failure::Server)?;
        Ok(tmp)
    }
}

/// A server's failure (try the next) or the cache's (give up).
enum Failure {
    Server(String),
    Cache(Error),
}

/// A short description of a request error.
fn problem_of(e: &ureq::Error) -> String {
    match e {
        ureq::Error::Timeout(_) => "timed out".into(),
        ureq::Error::Io(io) => format!("{io}"),
        other => format!("{other}"),
    }
}

/// Copy the body to the file; a read or write error, or a body over the size limit, is
/// the server's problem (a full disk is reported the same way, with its text).
fn copy_limited(body: &mut impl Read, file: &mut std::fs::File) -> Result<(), String> {
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let n = match body.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(format!("reading the answer: {e}")),
        };
        let chunk = buf.get(..n).unwrap_or_default();
        file.write_all(chunk)
            .map_err(|e| format!("writing the cache: {e}"))?;
    }
    file.flush().map_err(|e| format!("writing the cache: {e}"))
}

/// Whether the downloaded file is an ELF object with this build-id.
fn check_elf(path: &Path, build_id: &[u8]) -> Result<(), String> {
    let data = std::fs::read(path).map_err(|e| format!("reading the download: {e}"))?;
    let file = libelf::ElfFile::parse(&data).map_err(|_| "not an ELF file".to_owned())?;
    match libelf::read::find_build_id(&file) {
        Some(id) if id == build_id => Ok(()),
        Some(id) => Err(format!("answered build-id {}", hex(id))),
        None => Err("answered a file without a build-id".into()),
    }
}

/// Lower-case hex, as build-ids appear in URLs and cache paths.
pub fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}
