//! readelf(1): see the crate documentation of `readelf`.

fn main() -> std::process::ExitCode {
    tools_common::diag::main("readelf", readelf::run_streams)
}
