//! Whatever the edit model accepts, it writes back byte for byte.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some(Err(e)) = libelf::walk::edit_identity(data) {
        panic!("{e}");
    }
});
