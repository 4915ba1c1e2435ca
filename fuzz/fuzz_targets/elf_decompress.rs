//! The decompressors behind `SHF_COMPRESSED` and `.zdebug` with a lying header: the first
//! byte picks the kind and class, the next eight the declared size, the rest is the stream.
#![no_main]
use libelf::compression::{decompress, detect};
use libelf::read::SectionHeader;
use libelf::{Class, Endian};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&sel, rest)) = data.split_first() else { return };
    let class = if sel & 1 == 0 { Class::Elf32 } else { Class::Elf64 };
    let endian = if sel & 2 == 0 { Endian::Little } else { Endian::Big };
    let gnu = sel & 4 != 0;
    let header = SectionHeader {
        sh_flags: if gnu { 0 } else { u64::from(libelf::consts::SHF_COMPRESSED) },
        ..Default::default()
    };
    let name: &[u8] = if gnu { b".zdebug_info" } else { b".debug_info" };
    if let Ok(Some(c)) = detect(&header, name, rest, class, endian) {
        // A small limit keeps the fuzzer fast; the cap logic is what is under test.
        let _ = decompress(&c, rest, 1 << 24);
    }
});
