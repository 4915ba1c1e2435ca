//! Link flags for the `objdump` binary.

fn main() {
    // The decoders' tables hold about 170,000 pointers, each a relative relocation in a
    // position-independent executable: as RELA entries they are 4 MB of `.rela.dyn` the
    // loader reads at every start (2 MB of it resident); packed as RELR (glibc 2.36,
    // binutils 2.38) they are a few kilobytes. See tools/objdump/scripts/bench.sh.
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu")
    {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}
