//! pmcstat's analysis outputs from the command line, in two spellings:
//!
//! - pmcstat's own: `pmc-symbolizer -R LOG [-r FSROOT] [-k KERNELDIR] [-z DEPTH]
//!   [-G FILE] [-g [-D DIR]] [-F FILE]` (several outputs at once, as pmcstat;
//!   `-R -` reads standard input);
//! - subcommands: `pmc-symbolizer callgraph|callgrind [-o OUT] FILE` and
//!   `pmc-symbolizer gmon -D DIR FILE`, with the same options.
//!
//! Both take perf.data as well as hwpmc logs.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::output::callgraph::{self, CallgraphOptions};
use crate::output::images::Images;
use crate::output::write_atomically;
use crate::source::Input;
use crate::Options;

const USAGE: &str = "\
usage: pmc-symbolizer -R FILE [-r FSROOT] [-k KERNELDIR] [-z DEPTH] [-G OUT] [-g [-D DIR]] [-F OUT]
       pmc-symbolizer callgraph|callgrind [options] [-o OUT] FILE
       pmc-symbolizer gmon [options] [-D DIR] FILE

pmcstat(8)'s offline analysis of FILE (an hwpmc log or Linux perf.data; `-` for
standard input):
  -G OUT        the call graph text (callers under each sampled function)
  -g            one gprof gmon.out per image and event: DIR/EVENT/IMAGE.gmon
  -D DIR        where -g writes (default .)
  -F OUT        the call graph in callgrind format (kcachegrind, callgrind_annotate)
  -z DEPTH      frames per chain in -G and -g arcs (default 16)
  -r FSROOT     look for every image under FSROOT (same as --symfs)
  -k KERNELDIR  kernel and modules: KERNELDIR/BASENAME of their recorded path
                (perf's [kernel.kallsyms]: KERNELDIR/kernel)
  --kallsyms F  kernel symbols (/proc/kallsyms format)
";

fn fail(msg: &str) -> i32 {
    eprintln!("pmc-symbolizer: {msg}");
    2
}

/// Whether `args` (without the program name) is for this module.
pub fn handles(args: &[String]) -> bool {
    match args.first().map(String::as_str) {
        Some("callgraph" | "callgrind" | "gmon") => true,
        Some(a) => {
            a.starts_with('-') && a != "-h" && a != "--help" && args.iter().any(|a| a == "-R")
        }
        None => false,
    }
}

#[derive(Debug, Default)]
struct Args {
    input: Option<String>,
    graph: Option<PathBuf>,
    gprof: bool,
    gmon_dir: Option<PathBuf>,
    callgrind: Option<PathBuf>,
    depth: Option<usize>,
    kernel_dir: Option<PathBuf>,
}

/// Runs the command line `args` (without the program name); returns the exit status.
pub fn main(args: Vec<String>) -> i32 {
    let mut it = args.into_iter().peekable();
    let sub = match it.peek().map(String::as_str) {
        Some(s @ ("callgraph" | "callgrind" | "gmon")) => {
            let s = s.to_string();
            it.next();
            Some(s)
        }
        _ => None,
    };
    let mut a = Args::default();
    let mut opts = Options {
        progress: true,
        ..Options::default()
    };
    let mut output: Option<PathBuf> = None;
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next()
                .ok_or_else(|| format!("option {name} needs a value"))
        };
        let r = (|| -> Result<(), String> {
            match arg.as_str() {
                "-h" | "--help" => return Err(String::new()),
                "-R" | "-i" | "--input" => a.input = Some(value(&arg)?),
                "-G" => a.graph = Some(value(&arg)?.into()),
                "-g" => a.gprof = true,
                "-D" => a.gmon_dir = Some(value(&arg)?.into()),
                "-F" => a.callgrind = Some(value(&arg)?.into()),
                "-o" | "--output" => output = Some(value(&arg)?.into()),
                "-z" => {
                    let v = value(&arg)?;
                    let n: usize = v.parse().map_err(|_| format!("-z {v}: not a depth"))?;
                    if n == 0 {
                        return Err("-z must be at least 1".into());
                    }
                    a.depth = Some(n);
                }
                "-r" | "--symfs" => opts.lookup.symfs = Some(value(&arg)?.into()),
                "-k" | "--kernel-dir" => {
                    let d: PathBuf = value(&arg)?.into();
                    opts.lookup.kernel_dir = Some(d.clone());
                    a.kernel_dir = Some(d);
                }
                "--kallsyms" => opts.lookup.kallsyms = Some(value(&arg)?.into()),
                "--debug-file-directory" => opts.lookup.debug_dirs.push(value(&arg)?.into()),
                s if s.starts_with('-') && s != "-" => return Err(format!("unknown option {s}")),
                _ => {
                    if a.input.is_some() {
                        return Err("more than one input file".into());
                    }
                    a.input = Some(arg.clone());
                }
            }
            Ok(())
        })();
        match r {
            Ok(()) => {}
            Err(e) if e.is_empty() => {
                print!("{USAGE}");
                return 0;
            }
            Err(e) => return fail(&format!("{e}\n{USAGE}")),
        }
    }
    match sub.as_deref() {
        Some("callgraph") => a.graph = Some(output.unwrap_or_else(|| "-".into())),
        Some("callgrind") => a.callgrind = Some(output.unwrap_or_else(|| "-".into())),
        Some(_) => a.gprof = true,
        None => {}
    }
    if a.graph.is_none() && !a.gprof && a.callgrind.is_none() {
        return fail(&format!("nothing to do: give -G, -g or -F\n{USAGE}"));
    }
    run(&a, &opts)
}

fn run(a: &Args, opts: &Options) -> i32 {
    let name = a.input.clone().unwrap_or_else(|| "perf.data".into());
    let src = if name == "-" {
        Input::Stdin
    } else {
        Input::Path(Path::new(&name))
    };
    let loaded = match crate::cli::load_reporting(src, opts, a.callgrind.is_some()) {
        Ok(l) => l,
        Err(status) => return status,
    };
    let r = loaded.resolved();
    let images = Images::open(&r, opts.lookup.symfs.as_deref(), a.kernel_dir.as_deref());
    let depth = a.depth.unwrap_or(CallgraphOptions::default().depth);
    let mut status = 0;
    if let Some(path) = &a.graph {
        let mut buf = Vec::new();
        let res = callgraph::write(&r, &images, CallgraphOptions { depth }, &mut buf);
        status = status.max(emit(path, res.map(|()| buf)));
    }
    if let Some(path) = &a.callgrind {
        let mut buf = Vec::new();
        let res = crate::output::callgrind::write(&r, &images, &mut buf);
        status = status.max(emit(path, res.map(|()| buf)));
    }
    if a.gprof {
        let dir = a.gmon_dir.clone().unwrap_or_else(|| PathBuf::from("."));
        if let Err(e) = crate::output::gmon::write_dir(&r, &images, depth, &dir) {
            eprintln!("pmc-symbolizer: {}: {e}", dir.display());
            status = 1;
        }
    }
    status
}

/// Writes `bytes` to `path` (`-`: standard output); returns the exit status.
fn emit(path: &Path, bytes: std::io::Result<Vec<u8>>) -> i32 {
    let res = bytes.and_then(|b| {
        if path == Path::new("-") {
            let mut out = std::io::stdout().lock();
            out.write_all(&b).and_then(|()| out.flush())
        } else {
            write_atomically(path, &b)
        }
    });
    match res {
        Ok(()) => 0,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("pmc-symbolizer: {}: {e}", path.display());
            1
        }
    }
}
