//! Print the symbol covering each address given on the command line, as
//! `addr name+offset`, and the synthetic PLT entries with `--plt`.
//!
//! ```text
//! cargo run -p libsymtab --example symbolize -- FILE [--plt] [ADDR...]
//! ```

use std::process::ExitCode;

use libelf::ElfFile;
use libsymtab::Symtab;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: symbolize FILE [--plt] [ADDR...]");
        return ExitCode::FAILURE;
    };
    let data = match std::fs::read(path) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("symbolize: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let symtab = match ElfFile::parse(&data)
        .map_err(libsymtab::Error::from)
        .and_then(|f| Symtab::parse(&f))
    {
        Ok(s) => s,
        Err(e) => {
            eprintln!("symbolize: {path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    for arg in args.iter().skip(1) {
        if arg == "--plt" {
            for s in symtab.plt() {
                println!("{:016x} <{}>", s.addr, s.display_name());
            }
            continue;
        }
        let digits = arg.trim_start_matches("0x");
        let Ok(addr) = u64::from_str_radix(digits, 16) else {
            eprintln!("symbolize: bad address {arg}");
            continue;
        };
        match symtab.find_symbol(addr) {
            Some((s, 0)) => println!("{addr:#x} {}", symtab.objdump_name(s)),
            Some((s, off)) => println!("{addr:#x} {}+{off:#x}", symtab.objdump_name(s)),
            None => println!("{addr:#x} ??"),
        }
    }
    ExitCode::SUCCESS
}
