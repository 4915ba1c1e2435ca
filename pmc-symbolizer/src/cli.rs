//! The `pmc-symbolizer` command line.

use std::io::Write;
use std::path::PathBuf;

use crate::output::{folded, json, report, script};
use crate::source::Input;
use crate::{load, Options};

const USAGE: &str = "\
usage: pmc-symbolizer COMMAND [options] [FILE]

Reads Linux perf.data FILE (default ./perf.data; `-` for standard input, file or
pipe mode) or a FreeBSD hwpmc log (pmclog, recognized by its content, also on
standard input) and prints a symbolized profile.

commands:
  report      perf report --stdio --no-children --sort dso,sym -g none
  script      perf script (default fields, or -F comm,pid,tid,ip,sym,dso)
  folded      folded stacks (perf script | inferno-collapse-perf)
  flamegraph  SVG flame graph (inferno)
  json        JSON (schema in the crate documentation)
  pprof       gzipped pprof profile.proto (go tool pprof reads it)
  branches    branch-stack (LBR) edges: COUNT FROM -> TO, symbolized
  convert     --to pmclog FILE -o OUT: write perf.data FILE as a FreeBSD hwpmc log
  callgraph   pmcstat -G: call graph text (callers under each sampled function)
  callgrind   pmcstat -F: callgrind format (kcachegrind, callgrind_annotate)
  gmon        pmcstat -g: gprof gmon.out files, -D DIR/EVENT/IMAGE.gmon
              (also pmcstat's own spelling: pmc-symbolizer -R FILE -G OUT ...;
              see pmc-symbolizer callgraph --help)
  addr        llvm-symbolizer-style answers for `[MODULE] ADDR` lines (FILE or stdin,
              --obj MODULE for lines without one)

options:
  -i, --input FILE            input file
  -o, --output FILE           write here (through a temporary file) instead of stdout
  --symfs DIR                 look for every image under DIR
  --buildid-dir DIR           perf's build-id cache (default ~/.debug)
  --debug-file-directory DIR  debug directory searched by build id (repeatable)
  --kallsyms FILE             kernel symbols (/proc/kallsyms format)
  --no-kernel-cache           do not keep (or use) a copy of the running kernel's
                              symbols for this boot in $XDG_CACHE_HOME/pmc-symbolizer
                              (default ~/.cache/pmc-symbolizer): without it each run
                              has the kernel format /proc/kallsyms anew
  -k, --kernel-dir DIR        kernel images from DIR/BASENAME of their recorded path
                              (pmcstat's -k; perf's [kernel.kallsyms]: DIR/vmlinux)
  --debuginfod URLS           ask these debuginfod servers (space-separated; cache and
                              timeout from DEBUGINFOD_CACHE_PATH, DEBUGINFOD_TIMEOUT) for
                              images missing here or without symbols
  --sort KEYS                 report: dso,sym (default) or comm,dso,sym
  -F FIELDS                   script: comm,pid,tid,ip,sym,dso
  --pid, --tid, --kernel      folded: as inferno-collapse-perf's options
  --lines                     json: add source lines and inline frames (DWARF)
  --to pmclog                 convert: the output format
  --obj FILE                  addr: the module of lines that name none
  -h, --help                  this text
";

fn fail(msg: &str) -> i32 {
    eprintln!("pmc-symbolizer: {msg}");
    2
}

/// Runs the command line `args` (without the program name); returns the exit status.
pub fn main(args: Vec<String>) -> i32 {
    if crate::pmcstat::handles(&args) {
        return crate::pmcstat::main(args);
    }
    let mut it = args.into_iter();
    let Some(cmd) = it.next() else {
        eprint!("{USAGE}");
        return 2;
    };
    if cmd == "-h" || cmd == "--help" {
        print!("{USAGE}");
        return 0;
    }
    let mut opts = Options {
        progress: true,
        ..Options::default()
    };
    opts.lookup.kernel_cache = crate::symbolize::default_kernel_cache();
    let mut input: Option<String> = None;
    let mut output: Option<PathBuf> = None;
    let mut sort = report::Sort::DsoSym;
    let mut fields = script::Fields::Default;
    let mut fold = folded::FoldOptions::default();
    let mut obj: Option<PathBuf> = None;
    let mut to = String::new();
    while let Some(a) = it.next() {
        let (name, inline) = match a.split_once('=') {
            Some((n, v)) if n.starts_with("--") => (n.to_string(), Some(v.to_string())),
            _ => (a.clone(), None),
        };
        let value = |it: &mut std::vec::IntoIter<String>| inline.clone().or_else(|| it.next());
        macro_rules! need {
            () => {
                match value(&mut it) {
                    Some(v) => v,
                    None => return fail(&format!("option {name} needs a value")),
                }
            };
        }
        match name.as_str() {
            "-h" | "--help" => {
                print!("{USAGE}");
                return 0;
            }
            "-i" | "--input" => input = Some(need!()),
            "-o" | "--output" => output = Some(need!().into()),
            "--symfs" => opts.lookup.symfs = Some(need!().into()),
            "--buildid-dir" => opts.lookup.buildid_dir = Some(need!().into()),
            "--debug-file-directory" => opts.lookup.debug_dirs.push(need!().into()),
            "--kallsyms" => opts.lookup.kallsyms = Some(need!().into()),
            "--no-kernel-cache" => opts.lookup.kernel_cache = None,
            "-k" | "--kernel-dir" => opts.lookup.kernel_dir = Some(need!().into()),
            "--debuginfod" => {
                let urls = need!();
                match libdebuginfod::Client::from_env_with_urls(&urls) {
                    Some(c) => opts.lookup.debuginfod = Some(c),
                    None => return fail(&format!("--debuginfod {urls:?}: no server or cache")),
                }
            }
            "--sort" | "-s" => {
                sort = match need!().as_str() {
                    "dso,sym" => report::Sort::DsoSym,
                    "comm,dso,sym" => report::Sort::CommDsoSym,
                    other => return fail(&format!("unsupported --sort {other}")),
                }
            }
            "-F" | "--fields" => {
                fields = match need!().as_str() {
                    "comm,pid,tid,ip,sym,dso" => script::Fields::CommPidTidIpSymDso,
                    other => return fail(&format!("unsupported -F {other}")),
                }
            }
            "--pid" => fold.pid = true,
            "--tid" => fold.tid = true,
            "--kernel" => fold.kernel = true,
            "--lines" => opts.lookup.lines = true,
            "--to" => to = need!(),
            "--obj" | "--exe" | "-e" => obj = Some(PathBuf::from(need!())),
            s if s.starts_with('-') && s != "-" => return fail(&format!("unknown option {s}")),
            _ => {
                if input.is_some() {
                    return fail("more than one input file");
                }
                input = Some(a);
            }
        }
    }
    if cmd == "convert" {
        return convert_command(
            &to,
            input.as_deref(),
            output.as_deref(),
            opts.lookup.symfs.as_deref(),
        );
    }
    if cmd == "addr" {
        return addr_command(input.as_deref(), obj.as_deref());
    }
    let input_name = input.unwrap_or_else(|| "perf.data".into());
    let src = if input_name == "-" {
        Input::Stdin
    } else {
        Input::Path(input_name.as_ref())
    };
    let keep = cmd == "script";
    opts.leaf_only = cmd == "report";
    opts.merge_threads = cmd == "report" || (cmd == "folded" && !fold.pid && !fold.tid);
    if !matches!(
        cmd.as_str(),
        "report" | "script" | "folded" | "flamegraph" | "json" | "pprof" | "branches"
    ) {
        return fail(&format!("unknown command {cmd}\n{USAGE}"));
    }
    let loaded = match load_reporting(src, &opts, keep) {
        Ok(l) => l,
        Err(status) => return status,
    };
    let r = loaded.resolved();
    let mut buf: Vec<u8> = Vec::new();
    let stdout = std::io::stdout();
    let mut lock = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let out: &mut dyn Write = if output.is_some() {
        &mut buf
    } else {
        &mut lock
    };
    let res = match cmd.as_str() {
        "report" => report::write(&r, sort, out),
        "script" => script::write(&r, fields, out),
        "folded" => folded::write(&r, fold, out),
        "flamegraph" => crate::output::folded::flamegraph(&r, fold, out),
        "pprof" => crate::output::pprof::write(&r, out),
        "branches" => crate::output::branches::write(&r, out),
        _ => json::write(&r, out),
    };
    let res = res.and_then(|()| out.flush());
    let res = match (&output, res) {
        (Some(path), Ok(())) => crate::output::write_atomically(path, &buf),
        (_, r) => r,
    };
    match res {
        Ok(()) => 0,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => 0,
        Err(e) => {
            eprintln!("pmc-symbolizer: {e}");
            1
        }
    }
}

/// [`load`], its error and warnings printed; `Err` holds the exit status.
pub(crate) fn load_reporting(
    src: Input<'_>,
    opts: &Options,
    keep: bool,
) -> Result<crate::Loaded, i32> {
    let loaded = load(src, opts, keep).map_err(|e| {
        eprintln!("pmc-symbolizer: {e}");
        1
    })?;
    for w in &loaded.warnings {
        eprintln!("pmc-symbolizer: warning: {w}");
    }
    Ok(loaded)
}

fn addr_command(input: Option<&str>, obj: Option<&std::path::Path>) -> i32 {
    use std::io::Read;
    let text = match input {
        Some(p) if p != "-" => std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}")),
        _ => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .map(|_| s)
                .map_err(|e| format!("<stdin>: {e}"))
        }
    };
    let text = match text {
        Ok(t) => t,
        Err(e) => {
            eprintln!("pmc-symbolizer: {e}");
            return 1;
        }
    };
    let reqs = match crate::addrlist::parse(&text) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("pmc-symbolizer: {e}");
            return 1;
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match crate::addrlist::answer(&reqs, obj, &mut out).and_then(|()| out.flush()) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("pmc-symbolizer: {e}");
            1
        }
    }
}

fn convert_command(
    to: &str,
    input: Option<&str>,
    output: Option<&std::path::Path>,
    symfs: Option<&std::path::Path>,
) -> i32 {
    if to != "pmclog" {
        return fail("convert needs --to pmclog");
    }
    let Some(output) = output else {
        return fail("convert needs -o OUT");
    };
    let name = input.unwrap_or("perf.data");
    let src = if name == "-" {
        Input::Stdin
    } else {
        Input::Path(name.as_ref())
    };
    let (log, warnings) = match crate::pmclog::convert_perf_data(src, symfs) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("pmc-symbolizer: {e}");
            return 1;
        }
    };
    for w in &warnings {
        eprintln!("pmc-symbolizer: warning: {w}");
    }
    match crate::output::write_atomically(output, &log) {
        Ok(()) => 0,
        Err(e) => {
            eprintln!("pmc-symbolizer: {}: {e}", output.display());
            1
        }
    }
}
