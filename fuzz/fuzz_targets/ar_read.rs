//! `ar` archives, their members and symbol index over arbitrary bytes.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    libelf::walk::archive(data);
});
