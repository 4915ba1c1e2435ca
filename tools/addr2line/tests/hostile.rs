//! Hostile and unusual inputs against GNU addr2line 2.40's answers, committed in
//! `tests/golden/NAME.{cmd,in,out,err,rc}` (`cmd`: the GNU program, then one
//! argument a line; `ADDR2LINE_REGEN=1 cargo test -p addr2line-tool --test hostile`
//! rewrites `out`, `err` and `rc` from the GNU programs). Each runs our binary in a
//! scratch directory holding the inputs the arguments name (FIFOs, devices, an
//! empty file, an archive, a 2 GiB zstd bomb made here, …) with a time limit, and
//! compares stdout, stderr and the exit status. `gnu/NAME` checks the golden is
//! still what the GNU program prints (ignored where that program is missing).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::Duration;

use libtest_mimic::{Arguments, Failed, Trial};

fn manifest() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// A 2 GiB `.debug_info` of zeros, zstd-compressed into a 70 KB executable: the
/// frame is 16,384 RLE blocks of 128 KiB. GNU: `DWARF error: section .debug_info
/// is too big` and `??:0`, in 3 MB; we inflated it all (2.1 GB).
fn zstd_bomb() -> Vec<u8> {
    let size: u64 = 1 << 31;
    let block: u64 = 1 << 17;
    let mut frame = 0xFD2F_B528u32.to_le_bytes().to_vec();
    // Frame header: 8-byte content size, a 128 KiB window.
    frame.extend([0xC0, 0x38]);
    frame.extend(size.to_le_bytes());
    let n = size / block;
    for i in 0..n {
        let h = u32::from(i == n - 1) | (1 << 1) | ((block as u32) << 3);
        frame.extend(&h.to_le_bytes()[..3]);
        frame.push(0);
    }
    let mut info = Vec::new();
    // Elf64_Chdr: ELFCOMPRESS_ZSTD, size, alignment 1.
    info.extend(2u32.to_le_bytes());
    info.extend(0u32.to_le_bytes());
    info.extend(size.to_le_bytes());
    info.extend(1u64.to_le_bytes());
    info.extend(frame);
    let text = [0x90u8; 15]
        .iter()
        .chain(&[0xc3])
        .copied()
        .collect::<Vec<u8>>();
    let shstr = b"\0.text\0.debug_info\0.shstrtab\0";
    let (off_text, vaddr) = (0x1000u64, 0x40_1000u64);
    let off_info = off_text + text.len() as u64;
    let off_shstr = off_info + info.len() as u64;
    let shoff = (off_shstr + shstr.len() as u64 + 7) & !7;
    let mut f = Vec::new();
    f.extend(b"\x7fELF\x02\x01\x01");
    f.resize(16, 0);
    f.extend(2u16.to_le_bytes()); // ET_EXEC
    f.extend(62u16.to_le_bytes()); // EM_X86_64
    f.extend(1u32.to_le_bytes());
    f.extend(vaddr.to_le_bytes());
    f.extend(64u64.to_le_bytes()); // e_phoff
    f.extend(shoff.to_le_bytes());
    f.extend(0u32.to_le_bytes());
    for v in [64u16, 56, 1, 64, 4, 3] {
        f.extend(v.to_le_bytes());
    }
    // PT_LOAD R+X over .text.
    f.extend(1u32.to_le_bytes());
    f.extend(5u32.to_le_bytes());
    for v in [off_text, vaddr, vaddr, 16, 16, 0x1000] {
        f.extend(v.to_le_bytes());
    }
    f.resize(off_text as usize, 0);
    f.extend(&text);
    f.extend(&info);
    f.extend(shstr);
    f.resize(shoff as usize, 0);
    let sh = |f: &mut Vec<u8>, name: u32, ty: u32, flags: u64, addr: u64, off: u64, size: u64| {
        f.extend(name.to_le_bytes());
        f.extend(ty.to_le_bytes());
        for v in [flags, addr, off, size] {
            f.extend(v.to_le_bytes());
        }
        f.extend([0u8; 8]);
        f.extend(1u64.to_le_bytes());
        f.extend(0u64.to_le_bytes());
    };
    sh(&mut f, 0, 0, 0, 0, 0, 0);
    sh(&mut f, 1, 1, 6, vaddr, off_text, 16);
    sh(&mut f, 7, 1, 0x800, 0, off_info, info.len() as u64);
    sh(&mut f, 19, 3, 0, 0, off_shstr, shstr.len() as u64);
    f
}

/// Copies of the x86-64 executable (DWARF 5) with a damaged line table or unit
/// header, which GNU reports as `DWARF error: …` at the first lookup.
fn damaged_dwarf(dir: &Path, x: &[u8]) {
    let file = libelf::ElfFile::parse(x).unwrap();
    let shoff = file.header().e_shoff as usize;
    let find = |name: &[u8]| {
        let s = file
            .sections()
            .unwrap()
            .find(|s| s.name_bytes().ok() == Some(name))
            .unwrap();
        let h = s.header();
        (s.index().0 as usize, h.sh_offset as usize, h.sh_size)
    };
    let write = |name: &str, edit: &dyn Fn(&mut Vec<u8>)| {
        let mut v = x.to_vec();
        edit(&mut v);
        std::fs::write(dir.join(name), v).unwrap();
    };
    let (i, line, size) = find(b".debug_line");
    // sh_size of .debug_line cut to a third: the table is longer than what is left.
    write("trunc-line", &|v| {
        let at = shoff + i * 64 + 32;
        v[at..at + 8].copy_from_slice(&(size / 3).to_le_bytes());
    });
    write("badver-line", &|v| {
        v[line + 4..line + 6].copy_from_slice(&1u16.to_le_bytes())
    });
    let (_, info, _) = find(b".debug_info");
    write("addr16-info", &|v| v[info + 7] = 16);
    write("addr3-info", &|v| v[info + 7] = 3);
    write("badver-info", &|v| {
        v[info + 4..info + 6].copy_from_slice(&7u16.to_le_bytes())
    });
}

/// The scratch directory with every input the goldens name.
fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("addr2line-hostile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("dir")).unwrap();
    let data = manifest().join("../../tests/data");
    let here = manifest().join("tests/data");
    let copy = |from: &Path, to: &str| {
        std::fs::copy(from, dir.join(to)).unwrap();
    };
    copy(&data.join("x86_64-exec"), "x");
    copy(&data.join("libhello.a"), "libhello.a");
    for f in ["win4", "win5", "coldxx.o", "coldxx"] {
        copy(&here.join(f), f);
    }
    // The ARM executable with its DWARF renamed away: names from the symbol table.
    let arm = std::fs::read(data.join("armhf-exec")).unwrap();
    let mut renamed = arm.clone();
    for i in 0..arm.len() {
        if arm[i..].starts_with(b".debug_") {
            renamed[i + 1] = b'x';
        }
    }
    std::fs::write(dir.join("arm-nodbg"), renamed).unwrap();
    std::fs::write(dir.join("bomb.elf"), zstd_bomb()).unwrap();
    damaged_dwarf(&dir, &std::fs::read(data.join("x86_64-exec")).unwrap());
    std::fs::write(dir.join("empty"), b"").unwrap();
    std::fs::write(dir.join("args1"), "-a @args2").unwrap();
    std::fs::write(dir.join("args2"), "-f @args1").unwrap();
    std::fs::write(dir.join("args3"), "'0x400178 0x1' \"-f\" -e x").unwrap();
    let fifo = Command::new("mkfifo").arg(dir.join("fifo")).status();
    assert!(fifo.is_ok_and(|s| s.success()), "mkfifo failed");
    dir
}

struct Golden {
    name: String,
    program: String,
    args: Vec<String>,
    stdin: Vec<u8>,
    out: Vec<u8>,
    err: Vec<u8>,
    rc: i32,
}

fn goldens() -> Vec<Golden> {
    let g = manifest().join("tests/golden");
    let mut names: Vec<String> = std::fs::read_dir(&g)
        .unwrap()
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "cmd").then(|| p.file_stem()?.to_str().map(str::to_owned))?
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|name| {
            let read = |ext: &str| std::fs::read(g.join(format!("{name}.{ext}")));
            let cmd = String::from_utf8(read("cmd").unwrap()).unwrap();
            let mut lines = cmd.lines().map(str::to_owned);
            let program = lines.next().unwrap();
            Golden {
                program,
                args: lines.collect(),
                stdin: read("in").unwrap_or_default(),
                out: read("out").unwrap(),
                err: read("err").unwrap(),
                rc: String::from_utf8(read("rc").unwrap())
                    .unwrap()
                    .trim()
                    .parse()
                    .unwrap(),
                name,
            }
        })
        .collect()
}

/// Runs `program` as `addr2line` (the name GNU's messages show, as its goldens were
/// made) with `args` in `dir`; kills it after 60 s (a hang fails).
fn run(program: &Path, dir: &Path, args: &[String], stdin: &[u8]) -> (Vec<u8>, Vec<u8>, i32) {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(program);
    cmd.arg0("addr2line").args(args).current_dir(dir);
    let out = host_trials::run_piped(&mut cmd, stdin, Duration::from_secs(60))
        .unwrap_or_else(|e| panic!("{args:?}: {e}"));
    (out.stdout, out.stderr, out.status.code().unwrap_or(-1))
}

fn compare(what: &str, g: &Golden, got: (Vec<u8>, Vec<u8>, i32)) -> Result<(), Failed> {
    let text = |b: &[u8]| String::from_utf8_lossy(b).into_owned();
    for (stream, got, want) in [("stdout", &got.0, &g.out), ("stderr", &got.1, &g.err)] {
        if got != want {
            return Err(format!(
                "{what}: {stream}\n--- got\n{}--- want\n{}",
                text(got),
                text(want)
            )
            .into());
        }
    }
    if got.2 != g.rc {
        return Err(format!("{what}: status {} (want {})", got.2, g.rc).into());
    }
    Ok(())
}

/// Whether `program` is a GNU addr2line.
fn gnu_present(program: &str) -> bool {
    Command::new(program)
        .arg("--version")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains("GNU addr2line"))
}

fn main() -> ExitCode {
    let args = Arguments::from_args();
    let dir = scratch();
    let ours = PathBuf::from(env!("CARGO_BIN_EXE_addr2line"));
    let mut trials = Vec::new();
    for g in goldens() {
        let g = std::sync::Arc::new(g);
        let (d, o, g1) = (dir.clone(), ours.clone(), g.clone());
        trials.push(Trial::test(format!("ours/{}", g.name), move || {
            compare("ours", &g1, run(&o, &d, &g1.args, &g1.stdin))
        }));
        let present = gnu_present(&g.program);
        let d = dir.clone();
        let program = g.program.clone();
        if !present {
            eprintln!("gnu/{}: ignored, {program} is not installed", g.name);
        }
        trials.push(
            Trial::test(format!("gnu/{}", g.name), move || {
                let got = run(Path::new(&program), &d, &g.args, &g.stdin);
                if std::env::var_os("ADDR2LINE_REGEN").is_some() {
                    let at = manifest().join("tests/golden");
                    let write = |ext: &str, b: &[u8]| {
                        std::fs::write(at.join(format!("{}.{ext}", g.name)), b)
                    };
                    write("out", &got.0)?;
                    write("err", &got.1)?;
                    write("rc", format!("{}\n", got.2).as_bytes())?;
                    return Ok(());
                }
                compare(&program, &g, got)
            })
            .with_ignored_flag(!present),
        );
    }
    let code = libtest_mimic::run(&args, trials).exit_code();
    let _ = std::fs::remove_dir_all(&dir);
    code
}
