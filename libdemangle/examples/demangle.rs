//! Demangles standard input line by line, like `c++filt` (a tiny driver for
//! measurements; the real tool is `tools/cxxfilt`).
use std::io::{BufRead, Write};

fn main() -> std::io::Result<()> {
    let opts = libdemangle::Options::default();
    let stdin = std::io::stdin();
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for line in stdin.lock().split(b'\n') {
        let line = line?;
        out.write_all(&libdemangle::demangle_text_bytes(&line, &opts))?;
        out.write_all(b"\n")?;
    }
    Ok(())
}
