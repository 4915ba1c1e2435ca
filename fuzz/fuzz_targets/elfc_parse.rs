//! elfc descriptions from arbitrary text: errors, never a panic, a hang or a giant
//! allocation; and whatever compiles reads back through libelf.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else { return };
    if let Ok(bytes) = elfc::compile(text) {
        libelf::walk::elf(&bytes);
    }
});
