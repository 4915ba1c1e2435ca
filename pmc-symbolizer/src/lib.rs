//! Performance-counter samples to symbolized profiles.
//!
//! `pmc-symbolizer` reads Linux `perf.data` (file and pipe mode, zstd-compressed,
//! several events, group reads) and address lists, maps every sampled address to the
//! image and file offset it came from, symbolizes each image once in one sorted batch
//! on the workspace's own stack (libelf, libsymtab, libdwarf, libdemangle), and
//! writes perf's `report` and `script` text byte for byte, folded stacks as
//! `inferno-collapse-perf` prints them, flame graphs and JSON; and, for FreeBSD hwpmc logs
//! and perf.data alike, pmcstat's call graph text, gprof gmon files and callgrind files
//! ([`pmcstat`]).
//!
//! The pipeline, one module per stage: [`source`] (perf.data → [`events::Event`]) →
//! [`process`] (per-process address spaces) → [`profile`] (aggregation while
//! streaming; [`unwind`] for `--call-graph dwarf` stacks) → [`symbolize`] → [`output`].
//! [`addrlist`] answers llvm-symbolizer-style address lists.
//!
//! # Example
//!
//! ```
//! use pmc_symbolizer::{Options, run};
//! use pmc_symbolizer::output::report::Sort;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures");
//! let opts = Options::with_symfs(format!("{dir}/sysroot"));
//! let loaded = pmc_symbolizer::load(
//!     pmc_symbolizer::source::Input::Path(format!("{dir}/c-fp.data").as_ref()),
//!     &opts,
//!     false,
//! )?;
//! let mut text = Vec::new();
//! pmc_symbolizer::output::report::write(&loaded.resolved(), Sort::DsoSym, &mut text)?;
//! let text = String::from_utf8(text)?;
//! assert!(text.contains("[.] hash_loop"));
//! # let _ = run;
//! # Ok(())
//! # }
//! ```

pub mod addrlist;
pub mod error;
pub mod events;
pub mod output;
pub mod pmclog;
pub mod pmcstat;
pub mod process;
pub mod profile;
pub mod source;
pub mod symbolize;
pub mod unwind;

use std::path::PathBuf;

pub use error::{Error, Result};

/// Lookup options shared by every command.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Where and how images and their symbols are looked up (`--symfs`,
    /// `--buildid-dir`, `--debug-file-directory` (default `/usr/lib/debug`),
    /// `--kallsyms`, `-k`, `--lines`, `--debuginfod`).
    pub lookup: symbolize::SymbolizeOptions,
    /// Show a progress line on stderr when it is a terminal and the run passes a
    /// second.
    pub progress: bool,
    /// Keep only each sample's own frame, not its callers (all `report` needs): faster
    /// and smaller. See [`profile::Profile::leaf_only`].
    pub leaf_only: bool,
    /// Keep totals per thread name, not per process and thread (enough for `report`
    /// and `folded` without `--pid`/`--tid`): memory then follows the distinct stacks
    /// only. See [`profile::Profile::merge_threads`].
    pub merge_threads: bool,
}

impl Options {
    /// The default options with perf's `--symfs DIR`: every image path is looked up
    /// under `dir`.
    pub fn with_symfs(dir: impl Into<PathBuf>) -> Self {
        let mut opts = Options::default();
        opts.lookup.symfs = Some(dir.into());
        opts
    }
}

/// A spinner on stderr that stays hidden until a second has passed (or the
/// milliseconds in `PMC_SYMBOLIZER_PROGRESS_AFTER_MS`, which tests set to 0).
struct Progress {
    bar: Option<indicatif::ProgressBar>,
    start: std::time::Instant,
    after: std::time::Duration,
    shown: bool,
}

impl Progress {
    fn new(enabled: bool) -> Self {
        use std::io::IsTerminal;
        let bar = (enabled && std::io::stderr().is_terminal()).then(|| {
            // A spinner and the message: the default style would draw an empty bar.
            indicatif::ProgressBar::with_draw_target(None, indicatif::ProgressDrawTarget::hidden())
                .with_style(indicatif::ProgressStyle::default_spinner())
        });
        let after = std::env::var("PMC_SYMBOLIZER_PROGRESS_AFTER_MS")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(1000);
        Progress {
            bar,
            start: std::time::Instant::now(),
            after: std::time::Duration::from_millis(after),
            shown: false,
        }
    }

    fn set(&mut self, msg: impl Into<std::borrow::Cow<'static, str>>) {
        let Some(bar) = &self.bar else { return };
        if !self.shown && self.start.elapsed() >= self.after {
            bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            bar.enable_steady_tick(std::time::Duration::from_millis(120));
            self.shown = true;
        }
        bar.set_message(msg);
    }

    fn finish(&self) {
        if let Some(bar) = &self.bar {
            bar.finish_and_clear();
        }
    }
}

/// A read and symbolized profile.
#[derive(Debug)]
pub struct Loaded {
    /// The aggregated samples.
    pub profile: profile::Profile,
    /// Their names.
    pub symbols: symbolize::Symbols,
    /// Everything worth telling the user.
    pub warnings: Vec<String>,
}

impl Loaded {
    /// The view the outputs read.
    pub fn resolved(&self) -> output::Resolved<'_> {
        output::Resolved {
            profile: &self.profile,
            symbols: &self.symbols,
        }
    }
}

/// Reads `input` (perf.data or an hwpmc log), aggregates it (keeping per-sample records if `keep_samples`) and
/// symbolizes it.
///
/// # Errors
/// As [`source::read_perf_data`] (or [`pmclog::read_pmclog`] for an hwpmc log).
pub fn load(input: source::Input<'_>, opts: &Options, keep_samples: bool) -> Result<Loaded> {
    let mut profile = profile::Profile::new(keep_samples);
    profile.leaf_only = opts.leaf_only;
    profile.merge_threads = opts.merge_threads;
    profile.defer_totals = !keep_samples;
    if let source::Input::Path(path) = input {
        if let Ok(m) = std::fs::metadata(path) {
            profile.reserve_for(m.len());
        }
    }
    if !opts.leaf_only {
        profile.unwinder = Some(unwind::StackUnwinder::new(opts.lookup.symfs.clone()));
    }
    let mut progress = Progress::new(opts.progress);
    let mut n = 0u64;
    let summary = pmclog::read_any(input, opts.lookup.symfs.as_deref(), &mut |attrs, ev| {
        n += 1;
        if n % 65536 == 0 {
            progress.set(format!("reading: {n} records"));
        }
        profile.add(attrs, ev);
    })?;
    profile.finish();
    progress.set(format!(
        "symbolizing {} images",
        profile.machine.images.len()
    ));
    let mut sopts = opts.lookup.clone();
    if sopts.debug_dirs.is_empty() {
        sopts.debug_dirs.push(PathBuf::from("/usr/lib/debug"));
    }
    let symbols = symbolize::symbolize(&profile, &sopts);
    progress.finish();
    let mut warnings = summary.warnings;
    warnings.extend(symbols.warnings.iter().cloned());
    Ok(Loaded {
        profile,
        symbols,
        warnings,
    })
}

/// The command-line entry point; returns the exit status.
pub fn run(args: Vec<String>) -> i32 {
    cli::main(args)
}

mod cli;

/// A deterministic pseudo-random source for tests (xorshift): each call gives a number
/// below its argument.
#[cfg(test)]
pub(crate) fn test_rand(mut seed: u64) -> impl FnMut(u64) -> u64 {
    move |n| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    }
}
