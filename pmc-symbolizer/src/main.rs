//! `pmc-symbolizer`: see the crate documentation.

fn main() {
    std::process::exit(pmc_symbolizer::run(std::env::args().skip(1).collect()));
}
