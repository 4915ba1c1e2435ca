//! Our objdump against GNU objdump 2.40 (binutils-multiarch) run live, over host files
//! and the corpus's cross-built files of seven machines, for the header and DWARF
//! displays: standard output and exit status must be identical. Trials are ignored,
//! saying why, without GNU objdump 2.40 or the files.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::process::Command;

use host_trials::{Need, Trials};

/// The option sets compared (dpkg-shlibdeps's `-w -f -p -T` among them).
const SETS: &[&[&str]] = &[
    &["-f"],
    &["-h"],
    &["-h", "-w"],
    &["-p"],
    &["-t"],
    &["-T"],
    &["-w", "-f", "-p", "-T"],
    &["-t", "-C"],
    &["-s", "-j", ".rodata"],
    &["-Wi"],
];

const HOST: &[&str] = &[
    "/bin/ls",
    "/usr/lib/x86_64-linux-gnu/libc.so.6",
    "/usr/lib/x86_64-linux-gnu/libstdc++.so.6",
];

const CROSS: &[&str] = &[
    "aarch64/cdemo",
    "aarch64/main.o",
    "armhf/cdemo",
    "armhf/libc.so.6",
    "armhf/main.o",
    "i386/cdemo",
    "i386/main.o",
    "mips/cdemo",
    "mips/main.o",
    "ppc64/cdemo",
    "ppc64/ld64.so.1",
    "riscv64/cdemo",
    "riscv64/main.o",
    "s390x/cdemo",
    "s390x/main.o",
];

fn main() {
    let gnu = Need::Gnu240("objdump");
    let mut t = Trials::new();
    for &f in HOST {
        t.add(&format!("host {f}"), &[gnu, Need::File(f)], move || {
            compare(f)
        });
    }
    let corpus = host_trials::corpus().display().to_string();
    for &c in CROSS {
        let path: &'static str = Box::leak(format!("{corpus}/cross/{c}").into_boxed_str());
        t.add(
            &format!("corpus {c}"),
            &[gnu, Need::File(path)],
            move || compare(path),
        );
    }
    t.run()
}

/// Every option set on `file`, ours and GNU's.
fn compare(file: &str) -> Result<(), String> {
    for set in SETS {
        let mut args: Vec<String> = set.iter().map(|s| (*s).to_owned()).collect();
        args.push(file.to_owned());
        let gnu = Command::new("objdump")
            .args(&args)
            .env("LC_ALL", "C")
            .output()
            .map_err(|e| e.to_string())?;
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let rc = objdump_tool::run("objdump", &args, &mut out, &mut err, false);
        if out != gnu.stdout {
            let (o, g) = (
                String::from_utf8_lossy(&out),
                String::from_utf8_lossy(&gnu.stdout),
            );
            let line = o
                .lines()
                .zip(g.lines())
                .position(|(a, b)| a != b)
                .unwrap_or(0);
            return Err(format!(
                "objdump {}: stdout differs at line {}:\n  ours: {:?}\n  GNU:  {:?}",
                args.join(" "),
                line + 1,
                o.lines().nth(line),
                g.lines().nth(line)
            ));
        }
        if Some(rc) != gnu.status.code() {
            return Err(format!(
                "objdump {}: exit status {rc}, GNU's {:?}",
                args.join(" "),
                gnu.status.code()
            ));
        }
    }
    Ok(())
}
