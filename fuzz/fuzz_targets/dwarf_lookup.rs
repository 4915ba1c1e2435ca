//! DWARF from arbitrary ELF bytes through libdwarf's loading (decompression,
//! relocation) and `AddrLookup` (units, lines, inline frames): errors, never a panic or
//! a hang.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(file) = libelf::ElfFile::parse(data) else { return };
    // Sections copied, or (odd lengths) read in place as addr2line does.
    let lookup = if data.len() % 2 == 0 {
        libdwarf::AddrLookup::new(&file, None)
    } else {
        let bytes = libdwarf::SharedBytes::from(data.to_vec());
        libdwarf::AddrLookup::with_bytes(bytes, None, libdwarf::LookupOptions::default())
    };
    let Ok(lookup) = lookup else { return };
    // The symbol table fallback, as addr2line wires it.
    let lookup = match libsymtab::Symtab::parse(&file) {
        Ok(st) => lookup.with_symbols(libdwarf::SymbolsFrom::new(
            libsymtab::FunctionSymbols::new(&st),
            |t, section, addr| {
                let (key, s) = t.find(section, addr)?;
                Some(libdwarf::SymbolHit::new(key, s.start, s.size, &s.name))
            },
        )),
        Err(_) => lookup,
    };
    let mut addrs = vec![0u64, 0x10, 0x1000, 0x40_1000, u64::MAX / 2, u64::MAX];
    // Addresses near the start of each allocated section reach the units' tables.
    if let Ok(secs) = file.sections() {
        for s in secs.take(64) {
            let a = s.header().sh_addr;
            addrs.extend([a, a.wrapping_add(1), a.wrapping_add(s.header().sh_size / 2)]);
        }
    }
    for &addr in &addrs {
        let _ = lookup.find_frames(addr);
    }
    // The batch path (unit tables built and answered on several threads).
    let _ = lookup.find_frames_batch(&addrs);
});
