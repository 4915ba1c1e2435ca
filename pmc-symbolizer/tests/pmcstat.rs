//! pmcstat's outputs (`-G` call graph text, `-g` gmon files, `-F` callgrind) on a
//! hand-written hwpmc log and on perf.data fixtures. The expected texts were written by
//! hand from pmcstat's rules (pmclog.md §8, profile-outputs.md §4.5) and the samples the
//! log holds, not copied from our output.

#![allow(clippy::unwrap_used, clippy::indexing_slicing)]

use std::path::{Path, PathBuf};
use std::process::Command;

use libpmclog::{Layout, Pcs, Record, Writer, CC_USERSPACE};

mod common;
use common::fixtures;

fn scratch(tag: &str) -> PathBuf {
    common::scratch(&format!("pmcstat-{tag}"))
}

/// Where `cwork` (pi_vaddr 0x1000) is mapped in the hand-written log.
const CWORK: u64 = 0x5555_5555_4000;
const MISSING: u64 = 0x7000_0000_0000;
const KERNEL: u64 = 0xffff_ffff_8020_0000;

/// The runtime address of `cwork`'s ELF virtual address `v`.
fn cw(v: u64) -> u64 {
    CWORK + v - 0x1000
}

// cwork's functions (readelf -s): main 0x1090, cmp_int 0x11c0, hash_loop 0x11e0,
// fib 0x1230, sort_work 0x1280, run 0x1330.
const MAIN: u64 = 0x1090;
const CMP_INT: u64 = 0x11c0;
const HASH_LOOP: u64 = 0x11e0;
const FIB: u64 = 0x1230;
const SORT_WORK: u64 = 0x1280;
const RUN: u64 = 0x1330;

/// A log writer with `pmcs` allocated (id, name; rate 1000) and `maps` mapped (pid,
/// start, path).
fn log_with(pmcs: &[(u32, &[u8])], maps: &[(i32, u64, &[u8])]) -> Writer<Vec<u8>> {
    let mut w = Writer::new(Vec::new(), Layout::LP64_LE);
    for &(pmcid, name) in pmcs {
        w.write(
            0,
            &Record::PmcAllocateDyn {
                pmcid,
                event: 0,
                flags: 0,
                rate: Some(1000),
                name,
            },
        )
        .unwrap();
    }
    for &(pid, start, path) in maps {
        w.write(0, &Record::MapIn { pid, start, path }).unwrap();
    }
    w
}

/// Two PMCs, `cycles` allocated before `instructions`; process 42 maps `cwork` (in the
/// sysroot) and `/lib/libmissing.so` (not there); the kernel is not there either.
fn hand_log() -> Vec<u8> {
    let mut w = log_with(
        &[(0x100, b"cycles"), (0x101, b"instructions")],
        &[
            (-1, KERNEL, b"/boot/kernel/kernel"),
            (42, CWORK, b"/tmp/pmcfix/cwork"),
            (42, MISSING, b"/lib/libmissing.so"),
        ],
    );
    let user = 3 << 16 | CC_USERSPACE;
    let samples: Vec<(u32, u32, Vec<u64>, usize)> = vec![
        // 1: hash_loop ← main ← libmissing+0x1234, three times
        (
            0x100,
            user,
            vec![cw(HASH_LOOP + 0x10), cw(MAIN + 0x20), MISSING + 0x1234],
            3,
        ),
        // 2: hash_loop ← run ← main, twice
        (
            0x100,
            user,
            vec![cw(HASH_LOOP + 0x30), cw(RUN + 0x10), cw(MAIN + 0x20)],
            2,
        ),
        // 3: cmp_int ← libmissing+0x500 ← sort_work
        (
            0x100,
            user,
            vec![cw(CMP_INT + 4), MISSING + 0x500, cw(SORT_WORK + 0x40)],
            1,
        ),
        // 4: fib alone
        (0x100, user, vec![cw(FIB + 8)], 1),
        // 5: a leaf in no mapping: dropped
        (0x100, user, vec![0x1234, cw(MAIN + 0x20)], 1),
        // 6: a caller in no mapping: skipped
        (0x100, user, vec![cw(FIB + 0x10), 0x10, cw(RUN + 8)], 1),
        // 7: a kernel chain continuing into the process
        (0x100, 3 << 16, vec![KERNEL + 0x1000, cw(MAIN + 0x20)], 1),
        // 8: the other PMC
        (0x101, user, vec![cw(MAIN + 0x20)], 1),
    ];
    for (pmcid, cpuflags, pcs, n) in samples {
        for _ in 0..n {
            w.write(
                1,
                &Record::Callchain {
                    pid: 42,
                    tid: 100,
                    pmcid,
                    cpuflags,
                    slots: Pcs::from_values(&pcs),
                },
            )
            .unwrap();
        }
    }
    w.finish().unwrap()
}

/// `tests/expected/NAME`: an output written by hand from pmcstat's rules.
fn expected(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/expected")
        .join(name);
    std::fs::read_to_string(path).unwrap()
}

fn bin() -> Command {
    Command::new(env!("CARGO_BIN_EXE_pmc-symbolizer"))
}

fn run_ok(cmd: &mut Command) -> String {
    common::run(cmd).unwrap()
}

/// `pmc-symbolizer callgraph EXTRA --symfs SYMFS INPUT`.
fn callgraph(extra: &[&str], symfs: &Path, input: &Path) -> String {
    run_ok(
        bin()
            .arg("callgraph")
            .args(extra)
            .arg("--symfs")
            .arg(symfs)
            .arg(input),
    )
}

/// pmcstat's rules applied by hand to `hand_log` (expected/hand.callgraph):
/// `instructions` first (pmcstat's PMC list is built at its head); 9 `cycles` samples
/// (sample 5 dropped); leaves by count, ties by name (`0xffff…` < `cmp_int` bytewise);
/// `100.0%` where a node has all its parent's samples; ` @ IMAGE` on each change of
/// image; the missing library's frames as file offsets (its MAP_IN start is offset 0).
/// `run` under `main`'s libmissing caller names its image again: the image changed from
/// the previous *line*.
#[test]
fn callgraph_of_a_hand_written_log() {
    let want = expected("hand.callgraph");
    let dir = scratch("hand");
    let log = dir.join("hand.pmclog");
    std::fs::write(&log, hand_log()).unwrap();
    let sysroot = fixtures().join("sysroot");
    // The subcommand, to standard output.
    let got = callgraph(&[], &sysroot, &log);
    assert_eq!(got, want);
    // pmcstat's spelling, to a file, and from standard input.
    let out = dir.join("g.txt");
    common::pmcstat(&log, "-G", &out).unwrap();
    assert_eq!(std::fs::read_to_string(&out).unwrap(), want);
    let got = run_ok(
        bin()
            .args(["-R", "-", "-r"])
            .arg(&sysroot)
            .args(["-G", "-"])
            .stdin(std::fs::File::open(&log).unwrap()),
    );
    assert_eq!(got, want);
    // -z 2: the leaf and one caller.
    let got = callgraph(&["-z", "2"], &sysroot, &log);
    assert!(
        got.contains("\n 60.00%  [3]         main\n 40.00%  [2]         run\n\n"),
        "{got}"
    );
}

/// c-fp.data: the `fib` tree from its folded stacks (golden/c-fp.folded, made by
/// perf + inferno): two samples, fib×9 ← run ← main ← libc and fib×14 ← run ← main ←
/// libc, cut at 16 frames; the tie at depth 9 goes to `fib` before `run`. The same text
/// from the perf.data and from its conversion to an hwpmc log.
#[test]
fn callgraph_of_c_fp() {
    let sysroot = fixtures().join("sysroot");
    let data = fixtures().join("c-fp.data");
    let from_data = callgraph(&[], &sysroot, &data);
    let mut fib = String::from("01.19%  [2]        fib @ /tmp/pmcfix/cwork\n");
    for d in 1..=8 {
        fib += &format!("{:d$}100.0%  [2]        {:d$}fib\n", "", "");
    }
    fib += &format!("{:9}50.00%  [1]        {:9}fib\n", "", "");
    for d in 10..=13 {
        fib += &format!("{:d$}100.0%  [1]        {:d$}fib\n", "", "");
    }
    fib += &format!("{:14}100.0%  [1]        {:14}run\n", "", "");
    fib += &format!("{:15}100.0%  [1]        {:15}main\n", "", "");
    fib += &format!("{:9}50.00%  [1]        {:9}run\n", "", "");
    fib += &format!("{:10}100.0%  [1]        {:10}main\n", "", "");
    fib += &format!(
        "{:11}100.0%  [1]        {:11}0x2724a @ /usr/lib/x86_64-linux-gnu/libc.so.6\n\n",
        "", ""
    );
    assert!(from_data.starts_with("@ cpu-clock:u [168 samples]\n\n26.79%  [45]       cmp_int @ /tmp/pmcfix/cwork\n\n26.19%  [44]       hash_loop @ /tmp/pmcfix/cwork\n 100.0%  [44]        main\n"), "{from_data}");
    assert!(from_data.contains(&fib), "{from_data}\n--- want\n{fib}");
    let dir = scratch("cfp");
    let log = dir.join("c-fp.pmclog");
    run_ok(
        bin()
            .args(["convert", "--to", "pmclog", "--symfs"])
            .arg(&sysroot)
            .arg("-o")
            .arg(&log)
            .arg(&data),
    );
    let from_log = callgraph(&[], &sysroot, &log);
    assert_eq!(from_log, from_data);
}

fn u64_at(b: &[u8], at: usize) -> u64 {
    u64::from_le_bytes(b[at..at + 8].try_into().unwrap())
}

fn u32_at(b: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(b[at..at + 4].try_into().unwrap())
}

/// `-g` on the hand-written log, byte by byte: `cwork`'s text is 0x1000..0x13ad, so 236
/// four-byte buckets (amd64 userland's FUNCTION_ALIGNMENT) after a 40-byte header; the
/// leaf PCs land in buckets (v − 0x1000) / 4; the only leaf with more than one caller,
/// `hash_loop`, gives the arcs main → hash_loop (3), run → hash_loop (2) and
/// main → run (2), and none for the missing library or the kernel.
#[test]
fn gmon_of_a_hand_written_log() {
    let dir = scratch("gmon");
    let log = dir.join("hand.pmclog");
    std::fs::write(&log, hand_log()).unwrap();
    let out = dir.join("g");
    run_ok(
        bin()
            .args(["-R"])
            .arg(&log)
            .arg("-r")
            .arg(fixtures().join("sysroot"))
            .args(["-g", "-D"])
            .arg(&out),
    );
    let mut files: Vec<String> = walk(&out);
    files.sort();
    assert_eq!(files, ["cycles/cwork.gmon", "instructions/cwork.gmon"]);
    let header = |b: &[u8]| {
        assert_eq!(u64_at(b, 0), 0x1000);
        assert_eq!(u64_at(b, 8), 0x1000 + 236 * 4);
        assert_eq!(u32_at(b, 16), 40 + 236 * 2);
        assert_eq!(u32_at(b, 20), 0x0005_1879);
        assert_eq!(&b[24..40], &[0; 16]);
    };
    let buckets = |b: &[u8]| -> Vec<(usize, u16)> {
        (0..236)
            .map(|i| (i, u16::from_le_bytes([b[40 + 2 * i], b[41 + 2 * i]])))
            .filter(|&(_, n)| n > 0)
            .collect()
    };
    let cycles = std::fs::read(out.join("cycles/cwork.gmon")).unwrap();
    header(&cycles);
    assert_eq!(
        buckets(&cycles),
        [
            (0x1c4 / 4, 1),
            (0x1f0 / 4, 3),
            (0x210 / 4, 2),
            (0x238 / 4, 1),
            (0x240 / 4, 1)
        ]
    );
    let arcs: Vec<(u64, u64, u64)> = cycles[512..]
        .chunks(24)
        .map(|c| (u64_at(c, 0), u64_at(c, 8), u64_at(c, 16)))
        .collect();
    assert_eq!(
        arcs,
        [(MAIN, HASH_LOOP, 3), (RUN, HASH_LOOP, 2), (MAIN, RUN, 2)]
    );
    let instr = std::fs::read(out.join("instructions/cwork.gmon")).unwrap();
    header(&instr);
    assert_eq!(buckets(&instr), [(0xb0 / 4, 1)]);
    assert_eq!(instr.len(), 512);
}

fn walk(dir: &Path) -> Vec<String> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            for f in walk(&p) {
                out.push(format!("{}/{f}", p.file_name().unwrap().to_string_lossy()));
            }
        } else {
            out.push(p.file_name().unwrap().to_string_lossy().into_owned());
        }
    }
    out
}

/// `-F` on the hand-written log, derived by hand from pmcpl_calltree.c's rules: nodes per
/// (image, function) for both PMCs, created and linked root → outermost → leaf in sample
/// order; a chain stops at its first frame in no mapping (sample 6 is `fib` alone,
/// sample 5 is dropped); `calls` counts a new call when the arc's last sample is not the
/// event's previous one (root → main: samples 4, 5, then 9: two calls); self costs at
/// the function start with the line GNU `addr2line -Cfe cwork` gives there (main 49,
/// hash_loop 15, fib 20, cmp_int 26, sort_work 29, run 39); `???` and `%p` for images
/// without a file; nodes breadth first.
#[test]
fn callgrind_of_a_hand_written_log() {
    let dir = scratch("callgrind");
    let log = dir.join("hand.pmclog");
    std::fs::write(&log, hand_log()).unwrap();
    let got = run_ok(
        bin()
            .args(["callgrind", "--symfs"])
            .arg(fixtures().join("sysroot"))
            .arg(&log),
    );
    assert_eq!(got, expected("hand.callgrind"));
}

/// `-k DIR`: kernel frames named from `DIR/kernel` (fixtures/kernel/kernel, a stand-in
/// linked at 0xffffffff80200000; see fixtures/src/kern.c), in the call graph and in
/// `report`; without it they stay addresses. A kernel chain vm_page_alloc+2 ←
/// vm_fault+4 ← trap+3 continuing into the process's `main`.
#[test]
fn kernel_dir() {
    let mut w = log_with(
        &[(1, b"cycles")],
        &[
            (-1, KERNEL, b"/boot/kernel/kernel"),
            (42, CWORK, b"/tmp/pmcfix/cwork"),
        ],
    );
    let pcs = [
        KERNEL + 2,
        KERNEL + 5 + 4,
        KERNEL + 0xe + 3,
        cw(MAIN + 0x20),
    ];
    for _ in 0..2 {
        w.write(
            1,
            &Record::Callchain {
                pid: 42,
                tid: 100,
                pmcid: 1,
                cpuflags: 0,
                slots: Pcs::from_values(&pcs),
            },
        )
        .unwrap();
    }
    let dir = scratch("kernel");
    let log = dir.join("k.pmclog");
    std::fs::write(&log, w.finish().unwrap()).unwrap();
    let sysroot = fixtures().join("sysroot");
    let kdir = fixtures().join("kernel");
    let got = run_ok(
        bin()
            .arg("-R")
            .arg(&log)
            .arg("-r")
            .arg(&sysroot)
            .arg("-k")
            .arg(&kdir)
            .args(["-G", "-"]),
    );
    assert_eq!(
        got,
        "\
@ cycles [2 samples]

100.0%  [2]        vm_page_alloc @ /boot/kernel/kernel
 100.0%  [2]         vm_fault
  100.0%  [2]          trap
   100.0%  [2]           main @ /tmp/pmcfix/cwork

"
    );
    let without = callgraph(&[], &sysroot, &log);
    assert!(
        without.contains("100.0%  [2]        0xffffffff80200002 @ /boot/kernel/kernel\n"),
        "{without}"
    );
    let report = run_ok(
        bin()
            .arg("report")
            .arg("--symfs")
            .arg(&sysroot)
            .arg("-k")
            .arg(&kdir)
            .arg(&log),
    );
    assert!(
        report.contains("   100.00%  kernel         [k] vm_page_alloc\n"),
        "{report}"
    );
}
