//! objdump(1): see the crate documentation of `objdump_tool`.

use std::io::Write;

fn main() -> std::process::ExitCode {
    let mut argv = std::env::args_os().map(|a| a.to_string_lossy().into_owned());
    let prog = argv.next().unwrap_or_else(|| "objdump".to_owned());
    let args: Vec<String> = argv.collect();
    // Buffered streams; stderr unbuffered where the order of the two shows.
    let mut s = tools_common::diag::Streams::new();
    let code = objdump_tool::run(&prog, &args, &mut s.out, &mut s.err, s.same_file);
    let _ = s.out.flush();
    let _ = s.err.flush();
    std::process::ExitCode::from(code as u8)
}
