//! Link flags for the `objdump` binary.

fn main() {
    // The decoders' tables hold about 170,000 pointers. In a position-independent
    // executable each is a relative relocation the loader applies at every start, which
    // makes the 1.3 MB of `.data.rel.ro` they sit in private, dirty and resident whatever
    // part of it a run reads (and, as RELA, adds 4 MB of `.rela.dyn` to read). Linked as
    // a fixed-address executable the pointers are resolved here, and those pages stay
    // clean file pages read only where touched: 1 MB less peak RSS on `-d` of libc. The
    // price is no address randomisation of objdump's own image (libraries, heap and
    // stacks are still randomised). See tools/objdump/scripts/bench.sh.
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux")
        && std::env::var("CARGO_CFG_TARGET_ENV").as_deref() == Ok("gnu")
    {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
