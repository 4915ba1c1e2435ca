//! perf.data written record by record in the test (pipe mode), for what these VMs cannot
//! record: branch stacks (LBR), JIT maps and AArch64 `--call-graph dwarf` samples.

// Test helpers: a failure to spawn or write is a failed test.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const SAMPLE_IP: u64 = 1;
const SAMPLE_TID: u64 = 1 << 1;
const SAMPLE_PERIOD: u64 = 1 << 8;
const SAMPLE_BRANCH_STACK: u64 = 1 << 11;
const SAMPLE_REGS_USER: u64 = 1 << 12;
const SAMPLE_STACK_USER: u64 = 1 << 13;
const BRANCH_ANY: u64 = 1 << 3;

/// A pipe-mode perf.data under construction.
struct Writer {
    out: Vec<u8>,
}

impl Writer {
    fn new(sample_type: u64, branch_sample_type: u64) -> Self {
        Self::with_regs(sample_type, branch_sample_type, 0, 0)
    }

    /// A writer whose event also samples the user registers in `regs_user` and
    /// `stack_user` bytes of user stack.
    fn with_regs(
        sample_type: u64,
        branch_sample_type: u64,
        regs_user: u64,
        stack_user: u32,
    ) -> Self {
        let mut w = Writer {
            out: b"PERFILE2".to_vec(),
        };
        w.out.extend_from_slice(&16u64.to_le_bytes());
        // PERF_RECORD_HEADER_ATTR: a 128-byte perf_event_attr, then its ids.
        let mut attr = Vec::new();
        attr.extend_from_slice(&1u32.to_le_bytes()); // PERF_TYPE_SOFTWARE
        attr.extend_from_slice(&128u32.to_le_bytes()); // size
        attr.extend_from_slice(&0u64.to_le_bytes()); // config: cpu-clock
        attr.extend_from_slice(&1000u64.to_le_bytes()); // sample_period
        attr.extend_from_slice(&sample_type.to_le_bytes());
        attr.extend_from_slice(&0u64.to_le_bytes()); // read_format
        attr.extend_from_slice(&0u64.to_le_bytes()); // flags
        attr.extend_from_slice(&[0u8; 8]); // wakeup, bp_type
        attr.extend_from_slice(&[0u8; 16]); // config1, config2
        attr.extend_from_slice(&branch_sample_type.to_le_bytes());
        attr.extend_from_slice(&regs_user.to_le_bytes()); // sample_regs_user
        attr.extend_from_slice(&stack_user.to_le_bytes()); // sample_stack_user
        attr.resize(128, 0);
        attr.extend_from_slice(&1u64.to_le_bytes()); // id
        w.record(64, 0, &attr);
        w
    }

    fn record(&mut self, ty: u32, misc: u16, body: &[u8]) {
        let size = u16::try_from(8 + body.len()).unwrap();
        self.out.extend_from_slice(&ty.to_le_bytes());
        self.out.extend_from_slice(&misc.to_le_bytes());
        self.out.extend_from_slice(&size.to_le_bytes());
        self.out.extend_from_slice(body);
    }

    fn padded(s: &str) -> Vec<u8> {
        let mut b = s.as_bytes().to_vec();
        b.push(0);
        b.resize(b.len().div_ceil(8) * 8, 0);
        b
    }

    fn comm(&mut self, pid: u32, name: &str) {
        let mut b = Vec::new();
        b.extend_from_slice(&pid.to_le_bytes());
        b.extend_from_slice(&pid.to_le_bytes());
        b.extend_from_slice(&Self::padded(name));
        self.record(3, 0, &b);
    }

    fn mmap(&mut self, pid: u32, start: u64, len: u64, pgoff: u64, path: &str) {
        let mut b = Vec::new();
        b.extend_from_slice(&pid.to_le_bytes());
        b.extend_from_slice(&pid.to_le_bytes());
        for v in [start, len, pgoff] {
            b.extend_from_slice(&v.to_le_bytes());
        }
        b.extend_from_slice(&Self::padded(path));
        self.record(1, 2, &b);
    }

    fn sample(&mut self, pid: u32, ip: u64, branches: Option<&[(u64, u64)]>) {
        let mut b = Vec::new();
        b.extend_from_slice(&ip.to_le_bytes());
        b.extend_from_slice(&pid.to_le_bytes());
        b.extend_from_slice(&pid.to_le_bytes());
        b.extend_from_slice(&1000u64.to_le_bytes());
        if let Some(br) = branches {
            b.extend_from_slice(&(br.len() as u64).to_le_bytes());
            for &(from, to) in br {
                b.extend_from_slice(&from.to_le_bytes());
                b.extend_from_slice(&to.to_le_bytes());
                b.extend_from_slice(&0u64.to_le_bytes());
            }
        }
        self.record(9, 2, &b);
    }
}

fn fixtures() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures")
}

fn run(args: &[&str], stdin: &[u8]) -> (i32, String, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_pmc-symbolizer"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut w = child.stdin.take().unwrap();
    let data = stdin.to_vec();
    std::thread::spawn(move || std::io::Write::write_all(&mut w, &data));
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn branch_stack_edges_are_counted_and_symbolized() {
    // cwork from the sysroot mapped at a PIE base; its text is at file offset = vaddr.
    // hash_loop 0x11e0, main 0x1090, fib 0x1230 (nm).
    let base = 0x5555_5555_4000u64;
    let mut w = Writer::new(
        SAMPLE_IP | SAMPLE_TID | SAMPLE_PERIOD | SAMPLE_BRANCH_STACK,
        BRANCH_ANY,
    );
    w.comm(100, "cwork");
    w.mmap(100, base + 0x1000, 0x1000, 0x1000, "/tmp/pmcfix/cwork");
    let call = (base + 0x10b2, base + 0x11e0); // main → hash_loop
    let ret = (base + 0x1220, base + 0x10b7); // hash_loop → main
    let rec = (base + 0x1250, base + 0x1230); // fib → fib
    for _ in 0..3 {
        w.sample(100, base + 0x1210, Some(&[ret, call, rec]));
    }
    w.sample(100, base + 0x1210, Some(&[call]));
    let sysroot = fixtures().join("sysroot");
    let (code, out, err) = run(
        &["branches", "--symfs", sysroot.to_str().unwrap(), "-"],
        &w.out,
    );
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out,
        "4 main+0x22 (cwork) -> hash_loop+0x0 (cwork)\n\
         3 fib+0x20 (cwork) -> fib+0x0 (cwork)\n\
         3 hash_loop+0x40 (cwork) -> main+0x27 (cwork)\n"
    );
    // The samples themselves are in the report as usual.
    let (_, report, _) = run(
        &["report", "--symfs", sysroot.to_str().unwrap(), "-"],
        &w.out,
    );
    assert!(
        report.contains("100.00%  cwork          [.] hash_loop"),
        "{report}"
    );
}

#[test]
fn jit_perf_map_names_anonymous_code() {
    let dir = std::env::temp_dir().join(format!("pmc-jit-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("tmp")).unwrap();
    std::fs::write(
        dir.join("tmp/perf-4242.map"),
        "7f0000001000 100 jitted_fn\n7f0000001100 80 LazyCompile:*hot app.js:3\n",
    )
    .unwrap();
    let mut w = Writer::new(SAMPLE_IP | SAMPLE_TID | SAMPLE_PERIOD, 0);
    w.comm(4242, "node");
    w.mmap(4242, 0x7f00_0000_0000, 0x10000, 0, "//anon");
    w.sample(4242, 0x7f00_0000_1010, None);
    w.sample(4242, 0x7f00_0000_1120, None);
    w.sample(4242, 0x7f00_0000_1130, None);
    w.sample(4242, 0x7f00_0000_9000, None);
    let (code, out, err) = run(&["report", "--symfs", dir.to_str().unwrap(), "-"], &w.out);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("    50.00%  perf-4242.map     [.] LazyCompile:*hot app.js:3\n"),
        "{out}"
    );
    assert!(
        out.contains("    25.00%  perf-4242.map     [.] jitted_fn\n"),
        "{out}"
    );
    assert!(
        out.contains("    25.00%  perf-4242.map     [.] 0x00007f0000009000\n"),
        "{out}"
    );
    let (_, script, _) = run(&["script", "--symfs", dir.to_str().unwrap(), "-"], &w.out);
    assert!(
        script.contains("jitted_fn+0x10 (/tmp/perf-4242.map)"),
        "{script}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn aarch64_dwarf_stacks_unwind_through_cfi() {
    // unw-aarch64 (fixtures/src/unw-aarch64.c, built -O2 -fomit-frame-pointer, static,
    // text at 0x400000 = file offset 0) ran under qemu-aarch64 and wrote what perf's
    // `--call-graph dwarf` would sample inside inner(): pc, sp, x29, x30 and 1024 bytes
    // of stack (fixtures/unw-aarch64.cap). x29 is 0, so only .eh_frame can unwind it.
    let cap = std::fs::read(fixtures().join("unw-aarch64.cap")).unwrap();
    let word = |i: usize| u64::from_le_bytes(cap[i * 8..i * 8 + 8].try_into().unwrap());
    let (pc, sp, fp, lr) = (word(0), word(1), word(2), word(3));
    let stack = &cap[32..];
    // x29, x30, sp, pc: perf_regs bits 29..=32, sampled in bit order.
    let mask = 0xfu64 << 29;
    let mut w = Writer::with_regs(
        SAMPLE_IP | SAMPLE_TID | SAMPLE_PERIOD | SAMPLE_REGS_USER | SAMPLE_STACK_USER,
        0,
        mask,
        u32::try_from(stack.len()).unwrap(),
    );
    w.comm(7, "unw");
    w.mmap(7, 0x40_0000, 0x1000, 0, "/tmp/pmcfix/unw-aarch64");
    let mut b = Vec::new();
    for v in [
        pc,
        7u64 | (7 << 32),
        1000,
        2, /* PERF_SAMPLE_REGS_ABI_64 */
        fp,
        lr,
        sp,
        pc,
    ] {
        b.extend_from_slice(&v.to_le_bytes());
    }
    b.extend_from_slice(&(stack.len() as u64).to_le_bytes());
    b.extend_from_slice(stack);
    b.extend_from_slice(&(stack.len() as u64).to_le_bytes()); // dyn_size
    for _ in 0..2 {
        w.record(9, 2, &b);
    }
    let sysroot = fixtures().join("sysroot");
    let (code, out, err) = run(
        &["folded", "--symfs", sysroot.to_str().unwrap(), "-"],
        &w.out,
    );
    assert_eq!(code, 0, "{err}");
    // Folded stacks count periods: two samples of 1000.
    assert_eq!(out, "unw;_start;outer;middle;inner 2000\n");
}
