//! `pmc-symbolizer`: see the crate documentation.

fn main() {
    keep_freed_memory();
    std::process::exit(pmc_symbolizer::run(std::env::args().skip(1).collect()));
}

/// Tells glibc's allocator to keep memory it is given back for later allocations: large
/// blocks from its heap rather than mappings of their own, and the top of the heap not
/// returned to the kernel. A run builds and drops large tables one after the other (an
/// address index per image); each fresh mapping costs a page fault per page touched,
/// and each unmapping a TLB flush on every core running one of our threads. The process
/// is short-lived, so keeping freed memory costs no more than its peak.
#[cfg(all(target_os = "linux", target_env = "gnu"))]
fn keep_freed_memory() {
    // SAFETY: `mallopt` only sets allocator parameters; called before any thread starts.
    #[allow(unsafe_code)]
    unsafe {
        libc::mallopt(libc::M_MMAP_THRESHOLD, 64 << 20);
        libc::mallopt(libc::M_TRIM_THRESHOLD, 256 << 20);
    }
}

#[cfg(not(all(target_os = "linux", target_env = "gnu")))]
fn keep_freed_memory() {}
