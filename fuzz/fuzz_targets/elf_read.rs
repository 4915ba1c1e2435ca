//! Every read path of libelf over arbitrary bytes: no panic, no hang, no huge allocation.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    libelf::walk::elf(data);
});
