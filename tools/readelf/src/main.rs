//! readelf(1): see the crate documentation of `readelf`.

fn main() -> std::process::ExitCode {
    let args: Vec<String> = std::env::args_os()
        .skip(1)
        .map(|a| a.to_string_lossy().into_owned())
        .collect();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::with_capacity(1 << 16, stdout.lock());
    let mut err = std::io::stderr().lock();
    let code = readelf::run(&args, &mut out, &mut err);
    std::process::ExitCode::from(code as u8)
}
