//! addr2line(1): see the library crate.

fn main() {
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    let code = addr2line_tool::run(&args);
    std::process::exit(code);
}
