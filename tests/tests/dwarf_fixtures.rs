//! Our readelf and addr2line on the DWARF fixtures of `tests/data/dwarf/` (gcc and clang,
//! DWARF 4 and 5, `-O2` inline chains, split DWARF with `.dwo` and `.dwp`, compressed
//! sections, a `.gnu_debuglink` pair, a dwz pair, big-endian and 32-bit files) against
//! GNU binutils 2.40's output in `tests/golden/dwarf/`, made by
//! `tests/data/dwarf/regen-golden.sh`. Everything runs in-process from
//! `tests/data/dwarf/`, as the script ran GNU's tools.
//!
//! - `readelf/F@O…`: `readelf O… F` gives GNU's stdout, stderr and exit status.
//! - `addr2line/F@O…`: `addr2line O… -e F < F.addrs` gives GNU's stdout, stderr and exit
//!   status, except for the fixtures of [`A2L_EXEMPT`], where GNU 2.40 is wrong and our
//!   output is compared with another reference instead (each entry says why).
//! - `complete`: every fixture has every golden, and the exemptions name real files.
//! - `twins/F`: an exemption's twin holds the same code and line table as `F`.
//! - `fresh/…` (ignored unless the GNU tools on `PATH` are the ones in
//!   `tests/golden/dwarf/VERSIONS`): GNU's tools still print the goldens.

use std::collections::{BTreeMap, BTreeSet};
use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use elftests::{data_dir, golden_dir, read_goldens, run_trials, show_diff, GnuTool, Golden};
use libtest_mimic::{Failed, Trial};

type Res<T = ()> = Result<T, String>;

/// The addr2line option sets of `regen-golden.sh`.
const A2L_SETS: &[&[&str]] = &[
    &["-f", "-i", "-C", "-a"],
    &["-f", "-i", "-C", "-a", "-p", "-s"],
];

/// What our addr2line output is compared with, for a fixture where GNU 2.40 is wrong.
#[derive(Debug, Clone, Copy)]
enum Oracle {
    /// GNU 2.40's golden for another fixture, byte for byte, for each option set: a
    /// twin built from the same sources with the same flags, with the same `.text`
    /// bytes at the same address and the same line table (the `twins/F` trial checks
    /// it), on which GNU is right.
    GnuTwin(&'static str),
    /// llvm-symbolizer 14's output for this fixture or such a twin
    /// (`tests/golden/dwarf/llvm-symbolizer/F.out`), frame by frame: the same functions,
    /// files and lines at every address where llvm has line information (llvm prints
    /// line 0 where GNU prints `?`, a column, and no discriminator), and GNU's frames at
    /// the others (see [`with_gnu_symbols`]).
    Llvm(&'static str),
}

/// An addr2line fixture whose GNU goldens are not what DWARF says.
#[derive(Debug)]
struct Exemption {
    fixture: &'static str,
    oracle: Oracle,
    /// What GNU 2.40 gets wrong there.
    reason: &'static str,
}

/// The addr2line exemptions. For each, the trial checks that our output equals the
/// oracle's, and also that GNU's golden does not (so a stale entry fails).
const A2L_EXEMPT: &[Exemption] = &[
    Exemption {
        fixture: "gcc-split-exec",
        oracle: Oracle::GnuTwin("gcc-dw5-exec"),
        reason: "GNU 2.40 addr2line does not read .dwo files: without the split units it \
                 shows no inline frames and names each address by its symbol",
    },
    Exemption {
        fixture: "gcc-dw4-split-exec",
        oracle: Oracle::GnuTwin("gcc-dw4-exec"),
        reason: "GNU 2.40 addr2line does not read .dwp packages (nor .dwo files): no \
                 inline frames, names from the symbol table",
    },
    Exemption {
        fixture: "clang-split-exec",
        oracle: Oracle::Llvm("clang-dw5-exec"),
        reason: "GNU 2.40 addr2line does not read .dwp packages; llvm-symbolizer 14 reads \
                 this one but misses inline frames in it, so the reference is llvm on the \
                 unsplit twin",
    },
    Exemption {
        fixture: "clang-dw5-exec",
        oracle: Oracle::Llvm("clang-dw5-exec"),
        reason: "GNU 2.40 ignores the DW_AT_ranges (DW_FORM_rnglistx) of clang's DWARF 5 \
                 inlined subroutines: those frames are missing and the innermost \
                 location is given the next outer function's name",
    },
    Exemption {
        fixture: "clang-dw5-zstd-exec",
        oracle: Oracle::Llvm("clang-dw5-exec"),
        reason: "as clang-dw5-exec, whose zstd-compressed copy this is (llvm-symbolizer 14 \
                 cannot read zstd sections)",
    },
    Exemption {
        fixture: "clang-s390x-exec",
        oracle: Oracle::Llvm("clang-s390x-exec"),
        reason: "as clang-dw5-exec (rnglistx inlined subroutines), big-endian",
    },
    Exemption {
        fixture: "dwz-a",
        oracle: Oracle::GnuTwin("gcc-dw5-exec"),
        reason: "GNU 2.40 names the innermost frame after the enclosing function when the \
                 inlined subroutine's abstract origin is in the dwz common file \
                 (DW_FORM_GNU_ref_alt); dwz-a was gcc-dw5-exec before dwz",
    },
    Exemption {
        fixture: "dwz-b",
        oracle: Oracle::GnuTwin("gcc-dw5-other-exec"),
        reason: "as dwz-a; dwz-b was gcc-dw5-other-exec before dwz",
    },
];

fn dwarf_data() -> PathBuf {
    data_dir().join("dwarf")
}

fn dwarf_golden() -> PathBuf {
    golden_dir().join("dwarf")
}

fn main() -> ExitCode {
    // Every trial names its fixture relative to tests/data/dwarf, as the goldens do.
    let trials = std::env::set_current_dir(dwarf_data())
        .map_err(|e| e.to_string())
        .and_then(|()| trials());
    run_trials("dwarf_fixtures", trials)
}

fn trials() -> Res<Vec<Trial>> {
    let readelf_goldens = read_goldens(&dwarf_golden().join("readelf"))?;
    let a2l_goldens = read_goldens(&dwarf_golden().join("addr2line"))?;
    let versions_path = dwarf_golden().join("VERSIONS");
    let versions = std::fs::read_to_string(&versions_path)
        .map_err(|e| format!("{}: {e}", versions_path.display()))?;
    let gnu = |p: &str| GnuTool::find(p).filter(|t| versions.lines().any(|l| l == t.version_line));
    let (gnu_readelf, gnu_addr2line) = (gnu("readelf"), gnu("addr2line"));

    let mut out = Vec::new();
    let (r, a) = (readelf_goldens.clone(), a2l_goldens.clone());
    out.push(Trial::test("complete", move || {
        complete(&r, &a).map_err(Failed::from)
    }));
    for e in A2L_EXEMPT {
        let (Oracle::GnuTwin(twin) | Oracle::Llvm(twin)) = e.oracle;
        if twin != e.fixture {
            out.push(Trial::test(format!("twins/{}", e.fixture), move || {
                same_code(e.fixture, twin).map_err(Failed::from)
            }));
        }
    }
    push_checks(
        &mut out,
        "readelf",
        readelf_goldens,
        check_readelf,
        gnu_readelf,
        false,
    );
    push_checks(
        &mut out,
        "addr2line",
        a2l_goldens,
        check_addr2line,
        gnu_addr2line,
        true,
    );
    Ok(out)
}

/// For each golden of `tool`, the check of ours against it, and the check that the GNU
/// tool still prints it (ignored without that tool). With `addrs`, GNU reads the
/// fixture's `.addrs` file on stdin.
fn push_checks(
    out: &mut Vec<Trial>,
    tool: &str,
    goldens: Vec<Golden>,
    check: fn(&Golden) -> Res,
    gnu: Option<GnuTool>,
    addrs: bool,
) {
    for g in goldens {
        let fresh = g.clone();
        out.push(Trial::test(format!("{tool}/{}", g.stem), move || {
            check(&g).map_err(Failed::from)
        }));
        let gnu = gnu.clone();
        let ignored = gnu.is_none();
        out.push(
            Trial::test(format!("fresh/{tool}/{}", fresh.stem), move || {
                let Some(t) = &gnu else { return Ok(()) };
                let input = addrs.then(|| PathBuf::from(format!("{}.addrs", fresh.fixture)));
                fresh_check(&t.program, &fresh, input.as_deref()).map_err(Failed::from)
            })
            .with_ignored_flag(ignored),
        );
    }
}

fn read(path: &Path) -> Res<Vec<u8>> {
    std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// GNU names this directory's absolute path in some warnings; the goldens say `@DATA@`.
fn normalise(err: &[u8]) -> Vec<u8> {
    let dir = dwarf_data().display().to_string();
    text(err).replace(&dir, "@DATA@").into_bytes()
}

/// Stdout, stderr and exit status of one run.
struct Run {
    out: Vec<u8>,
    err: Vec<u8>,
    rc: i32,
}

impl Run {
    fn golden(g: &Golden) -> Res<Run> {
        Ok(Run {
            out: g.read("out")?,
            err: g.read("err")?,
            rc: g.status()?,
        })
    }

    /// Equal to `want` (GNU's), or a message saying where not.
    fn expect(&self, want: &Run, what: &str) -> Res {
        if self.out != want.out {
            return Err(show_diff(
                &format!("{what}: stdout"),
                &text(&want.out),
                &text(&self.out),
            ));
        }
        if self.rc != want.rc {
            return Err(format!(
                "{what}: exit status {}, GNU's {}",
                self.rc, want.rc
            ));
        }
        if self.err != want.err {
            return Err(show_diff(
                &format!("{what}: stderr"),
                &text(&want.err),
                &text(&self.err),
            ));
        }
        Ok(())
    }
}

fn command_line(tool: &str, g: &Golden) -> String {
    match tool {
        "readelf" => format!("readelf {} {}", g.opts.join(" "), g.fixture),
        _ => format!(
            "addr2line {} -e {} < {}.addrs",
            g.opts.join(" "),
            g.fixture,
            g.fixture
        ),
    }
}

fn ours_readelf(opts: &[String], fixture: &str) -> Run {
    let mut args = opts.to_vec();
    args.push(fixture.to_string());
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let rc = readelf::run(&args, &mut out, &mut err);
    Run {
        out,
        err: normalise(&err),
        rc,
    }
}

fn check_readelf(g: &Golden) -> Res {
    let ours = ours_readelf(&g.opts, &g.fixture);
    let gnu = Run::golden(g)?;
    let what = command_line("readelf", g);
    ours.expect(&gnu, &what)
}

fn ours_addr2line(opts: &[String], fixture: &str) -> Res<Run> {
    let mut args: Vec<OsString> = opts.iter().map(OsString::from).collect();
    args.extend(["-e".into(), fixture.into()]);
    let addr2line_tool::Command::Run(o) = addr2line_tool::Options::parse(&args) else {
        return Err(format!("addr2line options {args:?} not accepted"));
    };
    let input = read(Path::new(&format!("{fixture}.addrs")))?;
    let mut out = Vec::new();
    // As addr2line_tool::run: the message after "addr2line: ", status 1.
    let (err, rc) = match addr2line_tool::translate(&o, &mut &input[..], &mut out) {
        Ok(()) => (Vec::new(), 0),
        Err(msg) => (format!("addr2line: {msg}\n").into_bytes(), 1),
    };
    Ok(Run { out, err, rc })
}

fn check_addr2line(g: &Golden) -> Res {
    let ours = ours_addr2line(&g.opts, &g.fixture)?;
    let gnu = Run::golden(g)?;
    let what = command_line("addr2line", g);
    let Some(e) = A2L_EXEMPT.iter().find(|e| e.fixture == g.fixture) else {
        return ours.expect(&gnu, &what);
    };
    let why = format!("{what} (exempt from GNU's golden: {})", e.reason);
    match e.oracle {
        Oracle::GnuTwin(twin) => {
            let twin_golden = Golden {
                stem: g.stem.replacen(&g.fixture, twin, 1),
                fixture: twin.to_string(),
                ..g.clone()
            };
            let want = Run::golden(&twin_golden)?;
            if gnu.out == want.out {
                return Err(format!(
                    "{why}: GNU's golden equals its twin {twin}'s: remove the exemption"
                ));
            }
            ours.expect(&want, &format!("{why}, against GNU on {twin}"))
        }
        Oracle::Llvm(twin) => {
            let basenames = g.opts.iter().any(|o| o == "-s");
            let llvm = parse_llvm(
                &text(&read(
                    &dwarf_golden()
                        .join("llvm-symbolizer")
                        .join(format!("{twin}.out")),
                )?),
                basenames,
            )?;
            let gnu_frames = parse_gnu(&text(&gnu.out))?;
            let want = with_gnu_symbols(llvm, &gnu_frames)?;
            if gnu_frames == want {
                return Err(format!(
                    "{why}: GNU's golden agrees with llvm-symbolizer: remove the exemption"
                ));
            }
            if ours.rc != 0 || !ours.err.is_empty() {
                return Err(format!(
                    "{why}: exit status {}, stderr {:?}",
                    ours.rc,
                    text(&ours.err)
                ));
            }
            let got = parse_gnu(&text(&ours.out))?;
            same_frames(&got, &want)
                .map_err(|e| format!("{why}, against llvm-symbolizer on {twin}: {e}"))
        }
    }
}

/// llvm-symbolizer's frames where it has line information, GNU's where it has none:
/// there the name comes from the symbol table, where llvm and GNU differ by design
/// (llvm takes the nearest symbol before the address in any section, GNU one in the
/// address's own section, ending at most at the address), and GNU's answer is the one
/// addr2line promises.
fn with_gnu_symbols(llvm: Frames, gnu: &Frames) -> Res<Frames> {
    if llvm.len() != gnu.len() {
        return Err(format!(
            "llvm-symbolizer has {} addresses, GNU {}",
            llvm.len(),
            gnu.len()
        ));
    }
    llvm.into_iter()
        .zip(gnu)
        .map(|((a, l), (b, g))| {
            if a != *b {
                Err(format!("llvm-symbolizer's address {a:#x}, GNU's {b:#x}"))
            } else if l.iter().all(|f| f.file == "??") {
                Ok((a, g.clone()))
            } else {
                Ok((a, l))
            }
        })
        .collect()
}

/// One frame of a location: function, file, line (`None` for GNU's `?` / llvm's 0).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Frame {
    function: String,
    file: String,
    line: Option<u32>,
}

/// Each address with its frames, innermost first.
type Frames = Vec<(u64, Vec<Frame>)>;

fn hex(s: &str) -> Option<u64> {
    u64::from_str_radix(s.strip_prefix("0x")?, 16).ok()
}

/// `FILE:LINE`, maybe followed by ` (discriminator N)` (GNU) or `:COLUMN` (llvm).
fn location(s: &str, column: bool) -> Res<(String, Option<u32>)> {
    let s = s.split(" (discriminator ").next().unwrap_or(s);
    let s = if column {
        s.rsplit_once(':').map_or(s, |(a, _)| a)
    } else {
        s
    };
    let (file, line) = s
        .rsplit_once(':')
        .ok_or_else(|| format!("no line number in {s:?}"))?;
    let line = match line {
        "?" | "0" => None,
        n => Some(n.parse().map_err(|e| format!("line {n:?}: {e}"))?),
    };
    Ok((file.to_string(), line))
}

/// GNU addr2line's output with `-a -f -i`, with or without `-p`.
fn parse_gnu(s: &str) -> Res<Frames> {
    let mut out: Frames = Vec::new();
    let mut lines = s.lines();
    while let Some(l) = lines.next() {
        if let Some((addr, rest)) = l.split_once(": ").filter(|(a, _)| hex(a).is_some()) {
            // -p: "ADDR: FUNC at LOC", then " (inlined by) FUNC at LOC".
            out.push((hex(addr).unwrap_or_default(), vec![pretty_frame(rest)?]));
        } else if let Some(rest) = l.strip_prefix(" (inlined by) ") {
            let frame = pretty_frame(rest)?;
            out.last_mut()
                .ok_or("an inlined-by line before any address")?
                .1
                .push(frame);
        } else if let Some(addr) = hex(l) {
            out.push((addr, Vec::new()));
        } else {
            let loc = lines.next().ok_or("a function without a location")?;
            let (file, line) = location(loc, false)?;
            push_frame(&mut out, l, file, line)?;
        }
    }
    Ok(out)
}

fn pretty_frame(s: &str) -> Res<Frame> {
    let (function, loc) = s
        .rsplit_once(" at ")
        .or_else(|| s.split_once(' '))
        .ok_or_else(|| format!("no location in {s:?}"))?;
    let (file, line) = location(loc, false)?;
    Ok(Frame {
        function: function.to_string(),
        file,
        line,
    })
}

/// llvm-symbolizer's default output with `-a -f -i`: blocks of an address line and
/// function/`FILE:LINE:COLUMN` pairs, a blank line after each. With `basenames`, file
/// names lose their directories, as addr2line `-s` prints them.
fn parse_llvm(s: &str, basenames: bool) -> Res<Frames> {
    let mut out: Frames = Vec::new();
    let mut lines = s.lines().filter(|l| !l.is_empty());
    while let Some(l) = lines.next() {
        if let Some(addr) = hex(l) {
            out.push((addr, Vec::new()));
            continue;
        }
        let loc = lines.next().ok_or("a function without a location")?;
        let (mut file, line) = location(loc, true)?;
        if basenames {
            file = file.rsplit('/').next().unwrap_or(&file).to_string();
        }
        push_frame(&mut out, l, file, line)?;
    }
    Ok(out)
}

/// Adds the frame of `function` at `file`:`line` to the last address of `out`.
fn push_frame(out: &mut Frames, function: &str, file: String, line: Option<u32>) -> Res {
    let frame = Frame {
        function: function.to_string(),
        file,
        line,
    };
    out.last_mut()
        .ok_or("a function before any address")?
        .1
        .push(frame);
    Ok(())
}

/// The same addresses with the same frames, or the (first few) addresses that differ.
fn same_frames(got: &Frames, want: &Frames) -> Res {
    if got.len() != want.len() {
        return Err(format!("{} addresses, want {}", got.len(), want.len()));
    }
    let mut bad = Vec::new();
    for ((a, g), (b, w)) in got.iter().zip(want) {
        if a != b {
            return Err(format!("address {a:#x}, want {b:#x}"));
        }
        if g != w {
            bad.push(format!("at {a:#x}:\n  got  {g:?}\n  want {w:?}"));
        }
    }
    if bad.is_empty() {
        return Ok(());
    }
    let n = bad.len();
    bad.truncate(8);
    Err(format!(
        "{n} of {} addresses differ:\n{}",
        got.len(),
        bad.join("\n")
    ))
}

/// `twin` holds the same code as `fixture`: the same `.text` bytes at the same address,
/// the same line table (GNU's `--debug-dump=decodedline` of the file's own
/// `.debug_line`; the bytes may differ in `.debug_line_str` offsets) and the same
/// address list.
fn same_code(fixture: &str, twin: &str) -> Res {
    let text_section = |name: &str| -> Res<(u64, Vec<u8>)> {
        let data = read(Path::new(name))?;
        let elf = libelf::ElfFile::parse(&data).map_err(|e| format!("{name}: {e}"))?;
        let sections = elf.sections().map_err(|e| format!("{name}: {e}"))?;
        for s in sections {
            if s.name_bytes().ok() == Some(&b".text"[..]) {
                let bytes = s.data().map_err(|e| format!("{name}: {e}"))?;
                return Ok((s.header().sh_addr, bytes.to_vec()));
            }
        }
        Err(format!("{name}: no .text"))
    };
    if text_section(fixture)? != text_section(twin)? {
        return Err(format!("{fixture} and {twin}: .text differs"));
    }
    let lines = |f: &str| -> Res<String> {
        let g = dwarf_golden()
            .join("readelf")
            .join(format!("{f}@--debug-dump=decodedline.out"));
        Ok(own_line_table(&text(&read(&g)?)))
    };
    let (a, b) = (lines(fixture)?, lines(twin)?);
    if a.is_empty() || a != b {
        return Err(show_diff(
            &format!("{fixture} and {twin}: line tables"),
            &b,
            &a,
        ));
    }
    let addrs = |f: &str| read(Path::new(&format!("{f}.addrs")));
    if addrs(fixture)? != addrs(twin)? {
        return Err(format!("{fixture}.addrs and {twin}.addrs differ"));
    }
    Ok(())
}

/// The file's own decoded line table in GNU's `--debug-dump=decodedline` output: from
/// its "Contents of the .debug_line section" line (without the "(loaded from F)" GNU
/// adds when it also shows separate files) to the next "Contents of" line.
fn own_line_table(s: &str) -> String {
    let mut lines = s
        .lines()
        .skip_while(|l| !l.starts_with("Contents of the .debug_line section"));
    let mut out = String::new();
    if lines.next().is_some() {
        for l in lines.take_while(|l| !l.starts_with("Contents of ")) {
            out.push_str(l);
            out.push('\n');
        }
    }
    out.trim_end().to_string()
}

/// The ELF files of tests/data/dwarf, sorted.
fn elf_fixtures() -> Res<Vec<String>> {
    let dir = dwarf_data();
    let mut out = Vec::new();
    for entry in std::fs::read_dir(&dir).map_err(|e| format!("{}: {e}", dir.display()))? {
        let path = entry.map_err(|e| format!("{}: {e}", dir.display()))?.path();
        if path.is_file() && read(&path)?.starts_with(b"\x7fELF") {
            if let Some(name) = path.file_name() {
                out.push(name.to_string_lossy().into_owned());
            }
        }
    }
    out.sort();
    Ok(out)
}

/// Every fixture in `MANIFEST.tsv` and no other; every fixture has a readelf golden for
/// every option set, every `F.addrs` an addr2line golden for each of [`A2L_SETS`]; the
/// exemptions name fixtures with goldens and references that exist.
fn complete(readelf: &[Golden], a2l: &[Golden]) -> Res {
    let fixtures = elf_fixtures()?;
    let manifest = text(&read(Path::new("MANIFEST.tsv"))?);
    let listed: Vec<String> = {
        let mut v: Vec<String> = manifest
            .lines()
            .skip(1)
            .filter_map(|l| l.split('\t').next().map(str::to_string))
            .collect();
        v.sort();
        v
    };
    if listed != fixtures {
        return Err(format!(
            "MANIFEST.tsv lists {listed:?}, the directory holds {fixtures:?}"
        ));
    }
    let mut sets: BTreeMap<&str, BTreeSet<String>> = BTreeMap::new();
    for g in readelf {
        sets.entry(&g.fixture).or_default().insert(g.opts.join(" "));
    }
    let all: BTreeSet<String> = sets.values().flatten().cloned().collect();
    if all.len() < 19 {
        return Err(format!("only {} readelf option sets: {all:?}", all.len()));
    }
    for f in &fixtures {
        let have = sets.remove(f.as_str()).unwrap_or_default();
        if have != all {
            return Err(format!(
                "{f}: no readelf golden for {:?}: run tests/data/dwarf/regen-golden.sh",
                all.difference(&have).collect::<Vec<_>>()
            ));
        }
    }
    if let Some(stray) = sets.keys().next() {
        return Err(format!(
            "readelf goldens for {stray}, which is not a fixture"
        ));
    }
    let with_addrs: BTreeSet<&str> = fixtures
        .iter()
        .filter(|f| Path::new(&format!("{f}.addrs")).is_file())
        .map(String::as_str)
        .collect();
    let want: BTreeSet<(String, String)> = with_addrs
        .iter()
        .flat_map(|f| A2L_SETS.iter().map(move |s| (f.to_string(), s.join(" "))))
        .collect();
    let have: BTreeSet<(String, String)> = a2l
        .iter()
        .map(|g| (g.fixture.clone(), g.opts.join(" ")))
        .collect();
    if have != want || with_addrs.len() < 15 {
        return Err(format!(
            "addr2line goldens: missing {:?}, extra {:?}",
            want.difference(&have).collect::<Vec<_>>(),
            have.difference(&want).collect::<Vec<_>>()
        ));
    }
    for e in A2L_EXEMPT {
        if !with_addrs.contains(e.fixture) {
            return Err(format!(
                "exemption for {}, which has no addresses",
                e.fixture
            ));
        }
        let reference = match e.oracle {
            Oracle::GnuTwin(t) => dwarf_golden()
                .join("addr2line")
                .join(format!("{t}@-f@-i@-C@-a.out")),
            Oracle::Llvm(t) => dwarf_golden()
                .join("llvm-symbolizer")
                .join(format!("{t}.out")),
        };
        if !reference.is_file() {
            return Err(format!("{}: no {}", e.fixture, reference.display()));
        }
    }
    Ok(())
}

/// GNU's tool (`program`), run again as `regen-golden.sh` ran it, prints the golden.
fn fresh_check(program: &str, g: &Golden, input: Option<&Path>) -> Res {
    let mut cmd = Command::new(program);
    cmd.args(&g.opts);
    let tool = if input.is_some() {
        cmd.args(["-e", &g.fixture]);
        "addr2line"
    } else {
        cmd.arg(&g.fixture);
        "readelf"
    };
    let stdin = match input {
        Some(p) => {
            Stdio::from(std::fs::File::open(p).map_err(|e| format!("{}: {e}", p.display()))?)
        }
        None => Stdio::null(),
    };
    let o = cmd
        .current_dir(dwarf_data())
        .env("LC_ALL", "C")
        .env("LANG", "C")
        .env("COLUMNS", "80")
        .stdin(stdin)
        .output()
        .map_err(|e| format!("running {program}: {e}"))?;
    let got = Run {
        out: o.stdout,
        err: normalise(&o.stderr),
        rc: o.status.code().unwrap_or(-1),
    };
    got.expect(&Run::golden(g)?, &format!("GNU {}", command_line(tool, g)))
}
