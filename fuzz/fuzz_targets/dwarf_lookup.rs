//! DWARF from arbitrary ELF bytes through libdwarf's loading (decompression,
//! relocation) and `AddrLookup` (units, lines, inline frames): errors, never a panic or
//! a hang.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(file) = libelf::ElfFile::parse(data) else { return };
    let Ok(lookup) = libdwarf::AddrLookup::new(&file, None) else { return };
    for addr in [0u64, 0x10, 0x1000, 0x40_1000, u64::MAX / 2] {
        let _ = lookup.find_frames(addr);
    }
});
