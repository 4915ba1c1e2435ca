//! elfc(1): see the crate documentation.

fn main() -> std::process::ExitCode {
    elfc::run(std::env::args_os().skip(1).collect())
}
