//! `cxxfilt`: the `c++filt` command.

fn main() {
    let args: Vec<String> = std::env::args().collect();
    // Big reads: the filter demangles whole buffers of lines at a time.
    let mut stdin = std::io::BufReader::with_capacity(1 << 16, std::io::stdin().lock());
    let code = cxxfilt::run(
        &args,
        &mut stdin,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    std::process::exit(code);
}
