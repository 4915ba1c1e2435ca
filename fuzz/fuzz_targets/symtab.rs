//! libsymtab over arbitrary ELF bytes: parse, every table, address lookups
//! (including around each symbol), `by_name` of every name, the PLT, the
//! objdump labels and demangled names. No panic, no hang, no huge allocation.
#![no_main]
libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Ok(file) = libelf::ElfFile::parse(data) else {
        return;
    };
    let Ok(st) = libsymtab::Symtab::parse(&file) else {
        return;
    };
    let _ = st.warnings().len();
    let _ = (st.machine(), st.is_relocatable());
    let _ = st.parse_all();
    let opts = libdemangle::Options::default();
    let mut names = Vec::new();
    for t in st.tables() {
        for s in t.iter().take(4096) {
            let _ = st.objdump_name(s);
            let _ = s.readelf_name();
            let _ = s.demangled(&opts);
            if let Some(n) = s.name_bytes() {
                names.push(n);
            }
            let a = s.addr;
            let size = s.sym.st_size;
            for addr in [a, a.wrapping_sub(1), a.wrapping_add(size), a.wrapping_add(1)] {
                let _ = st.find_symbol(addr);
                if let Some(sh) = s.shndx {
                    let _ = st.find_symbol_in_section(libelf::read::SectionIndex(sh), addr);
                }
            }
        }
    }
    for n in names {
        let _ = st.by_name(n);
        let _ = st.by_name_all(n).count();
    }
    for p in st.plt().iter().take(4096) {
        let label = p.display_name_bytes();
        let _ = st.by_name(&label);
        let _ = st.by_name_all(&label).count();
        let _ = st.objdump_name(p);
    }
    let _ = st.ranges().take(8192).count();
    let _ = st.find_symbols(&[0, 1, u64::MAX, 0x1000, 0x400000]);
});
