//! Integration tests on the committed fixtures (tests/data, see make.sh there).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use std::path::Path;

use libdwarf::{
    gimli, AddrLookup, DebugSections, LookupOptions, SharedBytes, SymbolHit, SymbolSource,
    SymbolsFrom,
};
use libelf::ElfFile;
use proptest::prelude::*;

fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(name),
    )
    .unwrap()
}

/// libsymtab's function symbols as the lookup's symbol table fallback.
fn function_symbols(file: &ElfFile<'_>) -> impl SymbolSource {
    let st = libsymtab::Symtab::parse(file).unwrap();
    SymbolsFrom::new(libsymtab::FunctionSymbols::new(&st), |t, section, addr| {
        let (i, s) = t.find(section, addr)?;
        Some(SymbolHit::new(i, s.start, s.size, &s.name).with_file(s.file.as_ref()))
    })
}

#[test]
fn inline_stack_innermost_first() {
    let data = fixture("inl");
    let file = ElfFile::parse(&data).unwrap();
    let lookup = AddrLookup::new(&file, None).unwrap();
    assert!(lookup.has_dwarf());
    let st = libsymtab::Symtab::parse(&file).unwrap();
    let work = st.by_name(b"work").unwrap();
    // Somewhere in work() the inlined sq/sum_sq frames appear, innermost first.
    let mut saw_inline = false;
    for a in work.addr..work.addr + work.sym.st_size {
        let frames = lookup.find_frames(a).unwrap();
        let names: Vec<_> = frames
            .iter()
            .map(|f| f.function.as_ref().unwrap().raw.clone())
            .collect();
        assert_eq!(names.last().map(String::as_str), Some("work"));
        if names.len() >= 2 {
            saw_inline = true;
            assert!(names[0] == "sq" || names[0] == "sum_sq", "{names:?}");
        }
    }
    assert!(saw_inline);
}

#[test]
fn batch_matches_single() {
    let data = fixture("cxx");
    let file = ElfFile::parse(&data).unwrap();
    let lookup = AddrLookup::new(&file, None).unwrap();
    let addrs: Vec<u64> = (0x1000..0x1400)
        .rev()
        .step_by(7)
        .chain([0, u64::MAX, 0x1100])
        .collect();
    let batch = lookup.find_frames_batch(&addrs);
    assert_eq!(batch.len(), addrs.len());
    for (a, b) in addrs.iter().zip(batch) {
        assert_eq!(lookup.find_frames(*a).unwrap(), b.unwrap());
    }
}

#[test]
fn demangled_names() {
    let data = fixture("cxx");
    let file = ElfFile::parse(&data).unwrap();
    let plain = AddrLookup::new(&file, None).unwrap();
    let opts = libdemangle::Options::default();
    let demangle =
        LookupOptions::default().demangler(move |s: &str| libdemangle::demangle(s, &opts));
    let lookup = AddrLookup::with_options(&file, None, demangle).unwrap();
    let st = libsymtab::Symtab::parse(&file).unwrap();
    let total = st.by_name(b"_ZNK2ns3BoxIlE5totalEv").unwrap();
    let f = lookup.find_frames(total.addr).unwrap();
    let func = f.last().unwrap().function.as_ref().unwrap();
    assert_eq!(func.raw, "_ZNK2ns3BoxIlE5totalEv");
    assert_eq!(
        func.demangled.as_deref(),
        Some("ns::Box<long>::total() const")
    );
    // Without a demangler, names stay as they are.
    let f = plain.find_frames(total.addr).unwrap();
    let func = f.last().unwrap().function.as_ref().unwrap();
    assert_eq!(
        (func.raw.as_str(), func.demangled.as_deref()),
        ("_ZNK2ns3BoxIlE5totalEv", None)
    );
}

#[test]
fn relocatable_object() {
    let data = fixture("inl.o");
    let file = ElfFile::parse(&data).unwrap();
    let secs = DebugSections::load(&file).unwrap();
    assert_eq!(secs.skipped_relocations(), 0);
    let lookup = AddrLookup::new(&file, None)
        .unwrap()
        .with_symbols(function_symbols(&file));
    // work() is at .text offset 0: its DWARF low_pc is relocated to 0.
    let f = lookup.find_frames(0).unwrap();
    assert_eq!(f.last().unwrap().function.as_ref().unwrap().raw, "work");
    // main, in .text.startup, is placed after .text as BFD places it: the symbol
    // table fallback finds it there, at the same place as DWARF does.
    let st = libsymtab::Symtab::parse(&file).unwrap();
    let main = st.by_name(b"main").unwrap();
    let shndx = main.shndx.unwrap() as usize;
    let at = libdwarf::section_addresses(&file)[shndx] + main.addr;
    assert_ne!(at, main.addr);
    assert_eq!(lookup.symbol_name(at), Some("main"));
    let f = lookup.find_frames(at).unwrap();
    assert_eq!(f.last().unwrap().function.as_ref().unwrap().raw, "main");
}

#[test]
fn symbols_only() {
    let data = fixture("inl");
    let file = ElfFile::parse(&data).unwrap();
    let opts = LookupOptions::default();
    let bare = AddrLookup::with_options(&file, None, opts.clone()).unwrap();
    let lookup = AddrLookup::with_options(&file, None, opts)
        .unwrap()
        .with_symbols(function_symbols(&file));
    let st = libsymtab::Symtab::parse(&file).unwrap();
    let main = st.by_name(b"main").unwrap();
    assert_eq!(lookup.symbol_name(main.addr), Some("main"));
    // No source given: no symbol names.
    assert_eq!(bare.symbol_name(main.addr), None);
    // An address DWARF does not cover (the PLT, before any unit) is named by its
    // symbol alone.
    let start = st.by_name(b"_start").unwrap();
    let f = lookup.find_frames(start.addr).unwrap();
    let func = f.first().unwrap().function.as_ref().unwrap();
    assert_eq!((func.raw.as_str(), func.from_symbols), ("_start", true));
    assert!(bare.find_frames(start.addr).unwrap().is_empty());
}

fn debug_sections(data: &[u8]) -> Vec<(String, Vec<u8>)> {
    let file = ElfFile::parse(data).unwrap();
    let mut v = Vec::new();
    for s in file.sections().unwrap() {
        let n = s.name().unwrap().into_owned();
        if n.starts_with(".debug") {
            v.push((n, s.decompressed().unwrap().into_owned()));
        }
    }
    v
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    /// Hostile DWARF: flip bytes in the debug sections; lookups must not panic.
    #[test]
    fn mutated_dwarf_never_panics(seed in any::<u64>(), flips in proptest::collection::vec((any::<u32>(), any::<u8>()), 1..64)) {
        static DATA: std::sync::OnceLock<Vec<(String, Vec<u8>)>> = std::sync::OnceLock::new();
        let base = DATA.get_or_init(|| debug_sections(&fixture("cxx")));
        let mut secs = base.clone();
        for (i, (pos, val)) in flips.iter().enumerate() {
            let k = (seed as usize).wrapping_add(i) % secs.len();
            let s = &mut secs[k].1;
            if !s.is_empty() {
                let p = *pos as usize % s.len();
                s[p] = *val;
            }
        }
        let ds = DebugSections::from_raw(gimli::RunTimeEndian::Little, secs);
        let dwarf = ds.dwarf(false).unwrap();
        if let Ok(ctx) = addr2line_ctx(dwarf) {
            for a in (0x1000u64..0x1400).step_by(13) {
                let _ = ctx(a);
            }
        }
    }
}

fn addr2line_ctx(dwarf: gimli::Dwarf<libdwarf::Reader>) -> Result<impl Fn(u64) -> usize, ()> {
    let lookup = libdwarf::AddrLookup::from_dwarf(dwarf).map_err(|_| ())?;
    Ok(move |a| lookup.find_frames(a).map(|f| f.len()).unwrap_or(0))
}

/// Inputs the `dwarf_lookup` fuzz target once crashed on (tests/data/fuzz), replayed
/// the way the target runs them: every one must load and answer without a panic.
#[test]
fn fuzz_regressions() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz");
    let mut n = 0;
    for e in std::fs::read_dir(dir).unwrap() {
        let data = std::fs::read(e.unwrap().path()).unwrap();
        n += 1;
        let Ok(file) = ElfFile::parse(&data) else {
            continue;
        };
        let Ok(lookup) = AddrLookup::new(&file, None) else {
            continue;
        };
        let addrs = [0u64, 0x10, 0x1000, 0x40_1000, u64::MAX / 2, u64::MAX];
        for &a in &addrs {
            let _ = lookup.find_frames(a);
        }
        let _ = lookup.find_frames_batch(&addrs);
    }
    assert!(n > 0);
}

#[test]
fn shared_bytes_read_in_place_and_answer_alike() {
    let data = fixture("cxx");
    let shared = SharedBytes::from(data.clone());
    let range = shared.as_ptr() as usize..shared.as_ptr() as usize + shared.len();
    let file = ElfFile::parse(&shared).unwrap();
    // In place: the section reader points into the file's bytes.
    let in_place = DebugSections::load_shared(&file, &shared).unwrap();
    let info = in_place.get(".debug_info").unwrap();
    assert!(range.contains(&(info.bytes().as_ptr() as usize)));
    // Copied: it does not.
    let copied = DebugSections::load(&file).unwrap();
    let info2 = copied.get(".debug_info").unwrap();
    assert!(!range.contains(&(info2.bytes().as_ptr() as usize)));
    assert_eq!(info.bytes(), info2.bytes());

    let by_copy = AddrLookup::new(&file, None).unwrap();
    let by_bytes = AddrLookup::with_bytes(shared.clone(), None, LookupOptions::default()).unwrap();
    let addrs: Vec<u64> = (0x1000..0x1400).collect();
    let a = by_copy.find_frames_batch(&addrs);
    let b = by_bytes.find_frames_batch(&addrs);
    assert_eq!(
        a.into_iter().map(Result::unwrap).collect::<Vec<_>>(),
        b.into_iter().map(Result::unwrap).collect::<Vec<_>>()
    );
    assert!(AddrLookup::with_bytes(
        SharedBytes::from(vec![0u8; 16]),
        None,
        LookupOptions::default()
    )
    .is_err());
}

#[test]
fn shared_bytes_copy_compressed_sections() {
    // zlib-compressed debug sections cannot be read in place: they are inflated.
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/data/dwarf/gcc-dw4-zlib-exec");
    let shared = SharedBytes::from(std::fs::read(path).unwrap());
    let range = shared.as_ptr() as usize..shared.as_ptr() as usize + shared.len();
    let file = ElfFile::parse(&shared).unwrap();
    let secs = DebugSections::load_shared(&file, &shared).unwrap();
    let info = secs.get(".debug_info").unwrap();
    assert!(!range.contains(&(info.bytes().as_ptr() as usize)));
    let copied = DebugSections::load(&file).unwrap();
    assert_eq!(info.bytes(), copied.get(".debug_info").unwrap().bytes());
    assert!(info.bytes().len() > 100);
}

/// The function, file name and line GNU addr2line gives for `addr` (innermost frame).
fn where_is(lookup: &AddrLookup, addr: u64) -> (String, String, u32) {
    let frames = lookup.find_frames(addr).unwrap();
    let f = frames.first().unwrap();
    let loc = f.location.as_ref().unwrap();
    let file = loc.file.as_deref().unwrap();
    let base = file.rsplit('/').next().unwrap().to_string();
    (
        f.function.as_ref().unwrap().raw.clone(),
        base,
        loc.line.unwrap(),
    )
}

/// A PC-relative relocation in a debug section is placed at that section's address
/// (BFD's `P`), not at the relocation section's: rel_pcrel.o's DW_AT_stmt_list is
/// `.Ldebug_line0 - . + offset`, and objcopy moved its .debug_info to 0x100, so the
/// value is 0 - 0x100 (GNU objdump --dwarf=info prints `DW_AT_stmt_list : 0xffffff00`,
/// and GNU addr2line reports offset 4294967040 as past the end of .debug_line).
#[test]
fn pc_relative_debug_relocation_is_placed_at_its_section() {
    let data = fixture("rel_pcrel.o");
    let sections = DebugSections::load(&ElfFile::parse(&data).unwrap()).unwrap();
    assert_eq!(sections.skipped_relocations(), 0);
    let dwarf = sections.dwarf(false).unwrap();
    // (`Dwarf::unit` would read the line program, which is not there.)
    let header = dwarf.units().next().unwrap().unwrap();
    let abbrevs = dwarf.abbreviations(&header).unwrap();
    let mut entries = header.entries(&abbrevs);
    let (_, cu) = entries.next_dfs().unwrap().unwrap();
    let stmt = cu.attr_value(gimli::DW_AT_stmt_list).unwrap().unwrap();
    assert_eq!(
        stmt,
        gimli::AttributeValue::DebugLineRef(gimli::DebugLineOffset(0xffff_ff00))
    );
}

/// Objects that keep their relocations: an `ld -r` output (relocated, as BFD does for
/// any relocatable object) and a `-Wl,-q` executable (linked: its relocations are not
/// applied again). Expected values are GNU addr2line 2.40's (`addr2line -f -e`).
#[test]
fn kept_relocations_as_gnu_addr2line() {
    let data = fixture("rel_ld_r.o");
    let file = ElfFile::parse(&data).unwrap();
    let lookup = AddrLookup::new(&file, None).unwrap();
    assert_eq!(where_is(&lookup, 0x8), ("g".into(), "rel_m.c".into(), 2));
    assert_eq!(where_is(&lookup, 0x30), ("f".into(), "rel_t.c".into(), 2));

    let data = fixture("rel_q");
    let file = ElfFile::parse(&data).unwrap();
    assert!(file
        .sections()
        .unwrap()
        .any(|s| s.name_bytes() == Ok(b".rela.debug_info")));
    let lookup = AddrLookup::new(&file, None).unwrap();
    assert_eq!(where_is(&lookup, 0x1139), ("g".into(), "rel_m.c".into(), 2));
    assert_eq!(
        where_is(&lookup, 0x1150),
        ("main".into(), "rel_m.c".into(), 3)
    );
}
