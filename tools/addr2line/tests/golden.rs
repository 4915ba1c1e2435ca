//! Golden tests: our output against GNU addr2line 2.40's, committed beside the
//! fixtures in libdwarf/tests/data (made by libdwarf/tests/data/make.sh).
#![allow(clippy::unwrap_used, clippy::panic)]

use host_trials::{Need, Trials};
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../libdwarf/tests/data")
}

fn ours(args: &[&str], input: &[u8]) -> String {
    let argv: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
    let addr2line_tool::Command::Run(o) = addr2line_tool::Options::parse(&argv) else {
        panic!("bad args {args:?}")
    };
    let mut out = Vec::new();
    addr2line_tool::translate(&o, &mut &input[..], &mut out).unwrap();
    String::from_utf8(out).unwrap()
}

fn check(bin: &str, flags: &[&str], golden: &str) {
    let d = data();
    let exe = d.join(bin);
    let addrs = std::fs::read(d.join(format!("{bin}.addrs"))).unwrap();
    let want = std::fs::read_to_string(d.join(golden)).unwrap();
    let mut args: Vec<&str> = flags.to_vec();
    let e = exe.to_str().unwrap();
    args.extend(["-e", e]);
    let got = ours(&args, &addrs);
    if got != want {
        for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
            assert_eq!(g, w, "{golden}: first difference at line {}", i + 1);
        }
        assert_eq!(
            got.lines().count(),
            want.lines().count(),
            "{golden}: line count"
        );
    }
}

/// The golden comparisons, made for each fixture: trial name, golden file suffix
/// (`FIXTURE.golden-SUFFIX`), flags.
const GOLDEN: [(&str, &str, &[&str]); 3] = [
    ("afi", "afi", &["-a", "-f", "-i"]),
    ("pretty", "afiCps", &["-a", "-f", "-i", "-C", "-p", "-s"]),
    ("plain", "plain", &[]),
];

fn args_and_section() {
    let d = data();
    let e = d.join("inl");
    let e = e.to_str().unwrap();
    // Unknown addresses print ??:0 (with -f, ?? first).
    assert_eq!(ours(&["-f", "-e", e, "0"], b""), "??\n??:0\n");
    assert_eq!(ours(&["-p", "-f", "-e", e, "0"], b""), "?? ??:0\n");
    // -j: offsets into .text give the same answers as the addresses.
    let text = ours(&["-f", "-e", e, "-j", ".text", "0"], b"");
    assert!(!text.starts_with("??\n??:0"), "{text}");
}

/// GNU addr2line's stdout for `flags -e exe` on `input`.
fn gnu(flags: &[&str], exe: &Path, input: &[u8]) -> String {
    let mut cmd = std::process::Command::new("addr2line");
    cmd.args(flags).arg("-e").arg(exe);
    let out = host_trials::run_piped(&mut cmd, input, std::time::Duration::from_secs(60)).unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// Live comparison with GNU addr2line (a trial, ignored without it).
fn live_gnu() {
    let d = data();
    for bin in ["inl", "cxx"] {
        let exe = d.join(bin);
        let addrs = std::fs::read(d.join(format!("{bin}.addrs"))).unwrap();
        for flags in [&["-a", "-f", "-i", "-C"][..], &["-f", "-p", "-i", "-s"][..]] {
            let want = gnu(flags, &exe, &addrs);
            let mut args = flags.to_vec();
            let e = exe.to_str().unwrap();
            args.extend(["-e", e]);
            assert_eq!(ours(&args, &addrs), want, "{bin} {flags:?}");
        }
    }
}

/// Addresses across every executable section (`.init`, `.plt`, `.plt.got`, `.text`,
/// `.fini`), against live GNU addr2line: outside DWARF, BFD names the nearest
/// function symbol below the address *in the same section* (none in `.plt`, so
/// `??`/`??:0`), never a synthetic `name@plt`.
fn every_exec_section_like_gnu() {
    let d = data();
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data");
    let files = [
        d.join("inl"),
        d.join("cxx"),
        root.join("x86_64-exec"),
        root.join("x86_64-dyn"),
        root.join("aarch64-exec"),
        root.join("i386-exec"),
    ];
    for exe in files {
        let bytes = std::fs::read(&exe).unwrap();
        let file = libelf::ElfFile::parse(&bytes).unwrap();
        let mut addrs = String::new();
        for s in file.sections().unwrap() {
            let h = s.header();
            if h.sh_flags & u64::from(libelf::consts::SHF_EXECINSTR) == 0 || h.sh_size == 0 {
                continue;
            }
            let step = (h.sh_size / 64).max(1);
            let mut a = h.sh_addr;
            while a < h.sh_addr + h.sh_size {
                addrs.push_str(&format!("{a:#x}\n"));
                a += step;
            }
        }
        let flags = ["-a", "-f", "-i", "-C"];
        let want = gnu(&flags, &exe, addrs.as_bytes());
        let mut args = flags.to_vec();
        let e = exe.to_str().unwrap();
        args.extend(["-e", e]);
        assert_eq!(ours(&args, addrs.as_bytes()), want, "{}", exe.display());
    }
}

fn main() {
    let mut t = Trials::new();
    let gnu: &'static [Need] = &[Need::GnuTool("addr2line")];
    for bin in ["inl", "cxx"] {
        for (kind, suffix, flags) in GOLDEN {
            t.add(&format!("{bin}_{kind}"), &[], move || {
                check(bin, flags, &format!("{bin}.golden-{suffix}"));
                Ok(())
            });
        }
    }
    t.add_fn("args_and_section", &[], args_and_section);
    t.add_fn("live_gnu", gnu, live_gnu);
    t.add_fn(
        "every_exec_section_like_gnu",
        gnu,
        every_exec_section_like_gnu,
    );
    t.run()
}
