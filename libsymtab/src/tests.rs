//! Unit tests on the fixtures of `tests/data` and on small files built here.

use super::*;
use libelf::consts::{
    EM_X86_64, ET_DYN, ET_EXEC, SHF_ALLOC, SHF_EXECINSTR, SHN_ABS, SHN_XINDEX, SHT_PROGBITS,
    SHT_STRTAB, SHT_SYMTAB_SHNDX, STB_WEAK, STT_NOTYPE, STT_TLS,
};
use proptest::prelude::*;

fn fixture(name: &str) -> Vec<u8> {
    let path = format!("{}/../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The symbol tables of a fixture (its bytes leaked for the test's lifetime).
fn fixture_symtab(name: &str) -> Symtab<'static> {
    let data: &'static [u8] = Box::leak(fixture(name).into_boxed_slice());
    Symtab::parse(&ElfFile::parse(data).unwrap()).unwrap()
}

fn lossy(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// A section for [`build`]: name, type, flags, address, bytes, link, info, entsize.
#[derive(Clone)]
struct Sec {
    name: &'static str,
    sh_type: u32,
    flags: u64,
    addr: u64,
    data: Vec<u8>,
    link: u32,
    info: u32,
    entsize: u64,
}

fn sec(name: &'static str, sh_type: u32, flags: u32, addr: u64, data: Vec<u8>) -> Sec {
    Sec {
        name,
        sh_type,
        flags: u64::from(flags),
        addr,
        data,
        link: 0,
        info: 0,
        entsize: 0,
    }
}

/// An ELF64 little-endian x86-64 file of type `e_type` with the null section, then
/// `secs`, then `.shstrtab`. Section data follows the header; the section header table
/// comes last.
fn build(e_type: u16, secs: &[Sec]) -> Vec<u8> {
    let mut shstrtab = vec![0u8];
    let mut names = Vec::new();
    for s in secs.iter().map(|s| s.name).chain([".shstrtab"]) {
        names.push(shstrtab.len() as u32);
        shstrtab.extend_from_slice(s.as_bytes());
        shstrtab.push(0);
    }
    let mut out = vec![0u8; 64];
    let mut offsets = Vec::new();
    for s in secs {
        while out.len() % 8 != 0 {
            out.push(0);
        }
        offsets.push(out.len() as u64);
        out.extend_from_slice(&s.data);
    }
    let shstr_off = out.len() as u64;
    out.extend_from_slice(&shstrtab);
    while out.len() % 8 != 0 {
        out.push(0);
    }
    let shoff = out.len() as u64;
    out.extend_from_slice(&[0u8; 64]);
    let mut shdr = |name: u32, s: &Sec, off: u64| {
        out.extend_from_slice(&name.to_le_bytes());
        out.extend_from_slice(&s.sh_type.to_le_bytes());
        out.extend_from_slice(&s.flags.to_le_bytes());
        out.extend_from_slice(&s.addr.to_le_bytes());
        out.extend_from_slice(&off.to_le_bytes());
        out.extend_from_slice(&(s.data.len() as u64).to_le_bytes());
        out.extend_from_slice(&s.link.to_le_bytes());
        out.extend_from_slice(&s.info.to_le_bytes());
        out.extend_from_slice(&1u64.to_le_bytes());
        out.extend_from_slice(&s.entsize.to_le_bytes());
    };
    for ((s, &n), &off) in secs.iter().zip(&names).zip(&offsets) {
        shdr(n, s, off);
    }
    let shstr = Sec {
        data: shstrtab.clone(),
        ..sec(".shstrtab", SHT_STRTAB, 0, 0, Vec::new())
    };
    shdr(names[secs.len()], &shstr, shstr_off);
    let nsec = secs.len() as u16 + 2;
    let h = &mut out[..64];
    h[..4].copy_from_slice(b"\x7fELF");
    h[4] = 2; // ELFCLASS64
    h[5] = 1; // ELFDATA2LSB
    h[6] = 1; // EV_CURRENT
    h[16..18].copy_from_slice(&e_type.to_le_bytes());
    h[18..20].copy_from_slice(&EM_X86_64.to_le_bytes());
    h[20..24].copy_from_slice(&1u32.to_le_bytes());
    h[40..48].copy_from_slice(&shoff.to_le_bytes());
    h[52..54].copy_from_slice(&64u16.to_le_bytes()); // e_ehsize
    h[58..60].copy_from_slice(&64u16.to_le_bytes()); // e_shentsize
    h[60..62].copy_from_slice(&nsec.to_le_bytes()); // e_shnum
    h[62..64].copy_from_slice(&(nsec - 1).to_le_bytes()); // e_shstrndx
    out
}

/// A symbol for [`symtab`]: name, type, binding, section index, value, size.
type S = (&'static str, u8, u8, u16, u64, u64);

/// `.symtab` and `.strtab` section bodies for `syms` (the null symbol is added).
fn symtab(syms: &[S]) -> (Vec<u8>, Vec<u8>) {
    let mut strtab = vec![0u8];
    let mut table = vec![0u8; 24];
    for &(name, ty, bind, shndx, value, size) in syms {
        let off = strtab.len() as u32;
        strtab.extend_from_slice(name.as_bytes());
        strtab.push(0);
        table.extend_from_slice(&off.to_le_bytes());
        table.push((bind << 4) | ty);
        table.push(0);
        table.extend_from_slice(&shndx.to_le_bytes());
        table.extend_from_slice(&value.to_le_bytes());
        table.extend_from_slice(&size.to_le_bytes());
    }
    (table, strtab)
}

/// A linked file: `.text` at 0x1000 (0x400 bytes, section 1), `.data` at 0x2000 (0x100
/// bytes, section 2), a non-alloc `.comment` (section 3), then `.symtab` with `syms`.
fn linked(e_type: u16, syms: &[S]) -> Vec<u8> {
    let (table, strtab) = symtab(syms);
    let alloc_x = SHF_ALLOC | SHF_EXECINSTR;
    build(
        e_type,
        &[
            sec(".text", SHT_PROGBITS, alloc_x, 0x1000, vec![0xc3; 0x400]),
            sec(".data", SHT_PROGBITS, SHF_ALLOC, 0x2000, vec![0; 0x100]),
            sec(".comment", SHT_PROGBITS, 0, 0, vec![0; 0x10]),
            Sec {
                link: 5,
                info: 1,
                entsize: 24,
                ..sec(".symtab", SHT_SYMTAB, 0, 0, table)
            },
            sec(".strtab", SHT_STRTAB, 0, 0, strtab),
        ],
    )
}

fn found(st: &Symtab<'_>, addr: u64) -> Option<(String, u64)> {
    st.find_symbol(addr)
        .map(|(s, off)| (s.display_name().into_owned(), off))
}

#[test]
fn preference_and_sizes() {
    let (f, o, n) = (STT_FUNC, STT_OBJECT, STT_NOTYPE);
    let (g, l, w) = (STB_GLOBAL, STB_LOCAL, STB_WEAK);
    let data = linked(
        ET_EXEC,
        &[
            ("local_f", f, l, 1, 0x1000, 0x10),
            ("global_f", f, g, 1, 0x1000, 0x10), // global beats local
            ("obj", o, g, 1, 0x1000, 0x10),      // function beats object
            ("weak_f", f, w, 1, 0x1020, 0x10),
            ("strong_f", f, g, 1, 0x1020, 0x8), // global beats weak, before size
            ("label", n, l, 1, 0x1040, 0),      // up to the next symbol
            ("outer", f, g, 1, 0x1100, 0x100),
            ("inner", f, l, 1, 0x1180, 0x10), // nested: innermost wins
            ("tail", n, g, 1, 0x13f0, 0),     // up to the end of .text
            ("var", o, g, 2, 0x2010, 4),
            ("abs", n, g, SHN_ABS as u16, 0x1050, 0),
            ("tls", STT_TLS, g, 2, 0x8, 8),
            ("note", o, g, 3, 0x0, 4),
            ("$x", n, l, 1, 0x1300, 0),
            ("", f, g, 1, 0x1310, 4),
        ],
    );
    let file = ElfFile::parse(&data).unwrap();
    let st = Symtab::parse(&file).unwrap();
    let s = |n: &str, o| Some((n.to_owned(), o));
    assert_eq!(found(&st, 0xfff), None);
    assert_eq!(found(&st, 0x1000), s("global_f", 0));
    assert_eq!(found(&st, 0x100f), s("global_f", 0xf));
    assert_eq!(found(&st, 0x1010), None); // gap between sized symbols
    assert_eq!(found(&st, 0x1024), s("strong_f", 4));
    assert_eq!(found(&st, 0x102c), s("weak_f", 0xc)); // strong_f ends at 0x1028
    assert_eq!(found(&st, 0x1050), s("label", 0x10)); // abs is not indexed
    assert_eq!(found(&st, 0x10ff), s("label", 0xbf));
    assert_eq!(found(&st, 0x1185), s("inner", 5));
    assert_eq!(found(&st, 0x11a0), s("outer", 0xa0));
    assert_eq!(found(&st, 0x1200), None);
    // `$x` is a mapping symbol only on ARM, AArch64 and RISC-V; the unnamed symbol at
    // 0x1310 is not indexed, so `$x` runs to `tail`.
    assert_eq!(found(&st, 0x1312), s("$x", 0x12));
    assert_eq!(found(&st, 0x13ff), s("tail", 0xf));
    assert_eq!(found(&st, 0x1400), None);
    assert_eq!(found(&st, 0x2012), s("var", 2));
    assert_eq!(found(&st, 0x8), None); // TLS offsets are not addresses
    let sec1 = SectionIndex(1);
    assert!(st.find_symbol_in_section(sec1, 0x1185).is_some());
    assert!(st.find_symbol_in_section(SectionIndex(2), 0x1185).is_none());
    // The preferred symbol comes last among those at one address.
    let at_1000: Vec<_> = st
        .ranges()
        .filter(|r| r.start == 0x1000)
        .map(|r| (r.symbol.display_name().into_owned(), r.preferred))
        .collect();
    assert_eq!(
        at_1000,
        [
            ("obj".to_owned(), false),
            ("local_f".to_owned(), false),
            ("global_f".to_owned(), true)
        ]
    );
    // Lookups by name prefer defined, then global symbols.
    assert_eq!(st.by_name(b"inner").map(|s| s.addr), Some(0x1180));
    assert_eq!(st.by_name_all(b"obj").count(), 1);
    assert!(st.by_name(b"nothing").is_none());
    assert_eq!(
        st.find_symbols(&[0x1000, 0x1010])
            .iter()
            .filter(|r| r.is_some())
            .count(),
        1
    );
}

#[test]
fn relocatable_uses_section_spaces() {
    let data = fixture("x86_64.o");
    let file = ElfFile::parse(&data).unwrap();
    let st = Symtab::parse(&file).unwrap();
    assert!(st.is_relocatable());
    assert_eq!(st.find_symbol(0), None);
    let text = file.section_by_name(b".text").unwrap().unwrap().index();
    let (sym, off) = st.find_symbol_in_section(text, 4).unwrap();
    assert_eq!((sym.name().as_ref(), off), ("total_area.constprop.0", 4));
    // Section symbols show their section's name in readelf.
    let t = st.symtab().unwrap();
    assert_eq!(t.section_name(), Some(&b".symtab"[..]));
    assert_eq!(lossy(&t.symbols()[2].readelf_name()), ".text");
    assert_eq!(t.symbols()[2].name_bytes(), Some(&b""[..]));
}

#[test]
fn extended_numbering_names_section_symbols() {
    // e_shnum is 0 in this file; the count is in section 0 and readelf uses it.
    let st = fixture_symtab("x86_64-extnum.o");
    let t = st.symtab().unwrap();
    assert_eq!(lossy(&t.symbols()[2].readelf_name()), ".text");
}

#[test]
fn xindex_resolves_through_symtab_shndx() {
    let (mut table, strtab) = symtab(&[
        ("far", STT_FUNC, STB_GLOBAL, SHN_XINDEX as u16, 0x1000, 4),
        (
            "missing",
            STT_FUNC,
            STB_GLOBAL,
            SHN_XINDEX as u16,
            0x1004,
            4,
        ),
    ]);
    table.truncate(24 * 3);
    // SHT_SYMTAB_SHNDX entries: 0 for the null symbol, 1 for "far"; none for "missing".
    let shndx = [0u32, 1].iter().flat_map(|v| v.to_le_bytes()).collect();
    let data = build(
        ET_EXEC,
        &[
            sec(
                ".text",
                SHT_PROGBITS,
                SHF_ALLOC | SHF_EXECINSTR,
                0x1000,
                vec![0; 16],
            ),
            Sec {
                link: 3,
                entsize: 24,
                ..sec(".symtab", SHT_SYMTAB, 0, 0, table)
            },
            sec(".strtab", SHT_STRTAB, 0, 0, strtab),
            Sec {
                link: 2,
                ..sec(".symtab_shndx", SHT_SYMTAB_SHNDX, 0, 0, shndx)
            },
        ],
    );
    let file = ElfFile::parse(&data).unwrap();
    let st = Symtab::parse(&file).unwrap();
    let t = st.symtab().unwrap();
    assert_eq!(t.symbols()[1].shndx, Some(1));
    assert!(t.symbols()[1].in_section());
    assert_eq!(t.symbols()[2].shndx, None);
    assert_eq!(found(&st, 0x1002), Some(("far".into(), 2)));
    assert_eq!(found(&st, 0x1006), None);
}

#[test]
fn one_symtab_shared_by_threads() {
    fn assert_sync<T: Sync + Send>() {}
    assert_sync::<Symtab<'static>>();
    let st = fixture_symtab("x86_64-dyn");
    // Every thread asks before any index exists: they race to build the address,
    // name and PLT indexes, and all get the same answers.
    let answers: Vec<_> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..4)
            .map(|_| {
                s.spawn(|| {
                    (
                        found(&st, 0x5f1),
                        found(&st, 0x5d4),
                        st.by_name(b"main").map(|m| m.addr),
                    )
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let main = st.by_name(b"main").map(|m| m.addr);
    assert_eq!(main, Some(0x5f0));
    for a in answers {
        assert_eq!(
            a,
            (
                Some(("main".into(), 1)),
                Some(("printf@plt".into(), 4)),
                main
            )
        );
    }
}

#[test]
fn dynamic_fixture_names_and_plt() {
    let st = fixture_symtab("x86_64-dyn");
    let dynsym = st.dynsym().unwrap();
    let names: Vec<String> = dynsym.iter().map(|s| lossy(&s.readelf_name())).collect();
    assert_eq!(
        names,
        [
            "",
            "__libc_start_main@GLIBC_2.34 (2)",
            "_ITM_deregisterTMCloneTable",
            "printf@GLIBC_2.2.5 (3)",
            "__gmon_start__",
            "_ITM_registerTMCloneTable",
            "__cxa_finalize@GLIBC_2.2.5 (3)",
        ]
    );
    let plt: Vec<(u64, String)> = st
        .plt()
        .iter()
        .map(|s| (s.addr, s.display_name().into_owned()))
        .collect();
    assert_eq!(
        plt,
        [
            (0x5d0, "printf@plt".to_owned()),
            (0x5e0, "__cxa_finalize@plt".to_owned())
        ]
    );
    assert_eq!(st.plt()[0].plt.map(|p| p.r_type), Some(7)); // R_X86_64_JUMP_SLOT
    assert_eq!(st.plt()[1].plt.map(|p| p.r_type), Some(6)); // R_X86_64_GLOB_DAT
    assert_eq!(st.by_name(b"printf@plt").map(|s| s.addr), Some(0x5d0));
    assert_eq!(st.by_name_all(b"printf@plt").count(), 1);
    // The undefined printf in .dynsym is found by name too.
    assert!(st.by_name(b"printf").is_some_and(Symbol::is_undefined));
    assert_eq!(st.objdump_name(&dynsym.symbols()[3]), "printf@GLIBC_2.2.5");
    assert_eq!(found(&st, 0x5f0), Some(("main".into(), 0)));
    let (tables, names) = st.parse_all();
    assert!(tables > 10 && names > 10);
}

#[test]
fn shared_library_versions() {
    let st = fixture_symtab("x86_64.so");
    let dynsym = st.dynsym().unwrap();
    let shown: Vec<String> = dynsym.iter().map(|s| lossy(&s.readelf_name())).collect();
    assert!(shown.contains(&"fib@LIBHELLO_1.0".to_owned()));
    assert!(shown.contains(&"fib@@LIBHELLO_2.0".to_owned()));
    assert!(shown.contains(&"LIBHELLO_2.0".to_owned()));
    // objdump's labels on the dynamic symbols: hidden @, default @@.
    let fib: Vec<String> = dynsym
        .iter()
        .filter(|s| s.name_bytes() == Some(b"fib"))
        .map(|s| st.objdump_name(s))
        .collect();
    assert_eq!(fib, ["fib@LIBHELLO_1.0", "fib@@LIBHELLO_2.0"]);
}

#[test]
fn dynamic_info_path_matches_sections() {
    for name in [
        "x86_64-dyn",
        "i386-dyn",
        "x86_64.so",
        "mips-dyn",
        "aarch64.so",
    ] {
        let data = fixture(name);
        let file = ElfFile::parse(&data).unwrap();
        let by_section = DynamicSymbols::parse(&file).unwrap().unwrap();
        assert_eq!(by_section.count_from, SymbolCount::Section);
        let Some(by_dt) = DynamicSymbols::from_dynamic(&file).unwrap() else {
            panic!("{name}: no DT_SYMTAB table");
        };
        assert_eq!(by_dt.count_from, SymbolCount::HashTables);
        assert!(by_dt.symtab_addr != 0);
        assert!(by_dt.unmapped.is_empty(), "{name}: {:x?}", by_dt.unmapped);
        let a: Vec<_> = by_section
            .table
            .iter()
            .map(|s| (s.sym, s.readelf_name()))
            .collect();
        let b: Vec<_> = by_dt
            .table
            .iter()
            .map(|s| (s.sym, s.readelf_name()))
            .collect();
        assert_eq!(a, b, "{name}");
        assert_eq!(by_dt.table.source(), Source::Dynamic);
        assert_eq!(by_dt.table.section_index(), None);
    }
    // aarch64-dyn's .gnu.hash has only empty buckets: no count, so no table.
    let data = fixture("aarch64-dyn");
    let file = ElfFile::parse(&data).unwrap();
    assert!(DynamicSymbols::from_dynamic(&file).unwrap().is_none());
    // No dynamic section at all.
    let data = fixture("x86_64-exec");
    let file = ElfFile::parse(&data).unwrap();
    assert!(DynamicSymbols::parse(&file).unwrap().is_none());
}

#[test]
fn plt_with_addend_and_local_target() {
    let class32 = PltInfo {
        section: SectionIndex(1),
        target: SymbolIndex(0),
        r_type: 42,
        addend: -4,
        class32: true,
    };
    let mut s = Symbol {
        source: Source::Plt,
        index: SymbolIndex(0),
        sym: libelf::read::Sym::default(),
        shndx: Some(1),
        addr: 0,
        version: None,
        versym: None,
        plt: Some(class32),
        name: Some(b"*ABS*"),
        shown: Some(b"*ABS*"),
    };
    assert_eq!(s.display_name(), "*ABS*+0xfffffffc@plt");
    s.plt = Some(PltInfo {
        addend: 0x1234,
        class32: false,
        ..class32
    });
    assert_eq!(s.display_name(), "*ABS*+0x1234@plt");
    s.plt = Some(PltInfo {
        addend: 0,
        ..class32
    });
    assert_eq!(s.display_name(), "*ABS*@plt");
}

#[cfg(feature = "demangle")]
#[test]
fn demangling_keeps_suffixes() {
    let opts = libdemangle::Options::default();
    assert_eq!(
        demangle_name("_Z3fooi@plt", &opts).as_deref(),
        Some("foo(int)@plt")
    );
    assert_eq!(
        demangle_name("_ZNSt9exceptionD2Ev@@GLIBCXX_3.4", &opts).as_deref(),
        Some("std::exception::~exception()@@GLIBCXX_3.4")
    );
    assert_eq!(demangle_name("main", &opts), None);
    let data = linked(ET_EXEC, &[("_Z3fooi", STT_FUNC, STB_GLOBAL, 1, 0x1000, 4)]);
    let file = ElfFile::parse(&data).unwrap();
    let st = Symtab::parse(&file).unwrap();
    let t = st.symtab().unwrap();
    assert_eq!(t.demangled(SymbolIndex(1), &opts), Some("foo(int)"));
    assert_eq!(t.demangled(SymbolIndex(0), &opts), None);
    assert_eq!(t.demangled(SymbolIndex(9), &opts), None);
}

#[test]
fn corrupt_names_and_tables() {
    let (table, _) = symtab(&[("x", STT_FUNC, STB_GLOBAL, 1, 0x1000, 4)]);
    // An empty string table: every name is corrupt, the symbol is not indexed.
    let data = build(
        ET_DYN,
        &[
            sec(".text", SHT_PROGBITS, SHF_ALLOC, 0x1000, vec![0; 8]),
            Sec {
                link: 3,
                entsize: 24,
                ..sec(".symtab", SHT_SYMTAB, 0, 0, table)
            },
            sec(".strtab", SHT_STRTAB, 0, 0, Vec::new()),
        ],
    );
    let file = ElfFile::parse(&data).unwrap();
    let st = Symtab::parse(&file).unwrap();
    let s = &st.symtab().unwrap().symbols()[1];
    assert_eq!(s.name_bytes(), None);
    assert_eq!(s.name(), CORRUPT);
    assert_eq!(lossy(&s.readelf_name()), CORRUPT);
    assert_eq!(found(&st, 0x1000), None);
    // A symbol table past the end of the file is left out with a warning.
    let mut data = data;
    let shoff = u64::from_le_bytes(data[40..48].try_into().unwrap()) as usize;
    let symtab_hdr = shoff + 2 * 64;
    data[symtab_hdr + 24..symtab_hdr + 32].copy_from_slice(&u64::MAX.to_le_bytes());
    let file = ElfFile::parse(&data).unwrap();
    let st = Symtab::parse(&file).unwrap();
    assert!(st.symtab().is_none());
    assert!(matches!(st.warnings(), [Error::Table { section: 2, .. }]));
    assert!(st.plt().is_empty());
}

/// Symbols for the property test: small values and sizes in `.text` or `.data`.
fn arb_sym() -> impl Strategy<Value = (u8, u8, u16, u64, u64, u8)> {
    (
        prop_oneof![Just(STT_FUNC), Just(STT_OBJECT), Just(STT_NOTYPE)],
        prop_oneof![Just(STB_GLOBAL), Just(STB_LOCAL), Just(STB_WEAK)],
        1u16..3,
        0u64..0x48,
        prop_oneof![Just(0u64), 1u64..0x20],
        0u8..6,
    )
}

const NAMES: [&str; 6] = ["a", "b", ".c", "d", "e", "f"];

/// The symbols [`arb_sym`] generated, named and placed in their sections.
fn placed(raw: &[(u8, u8, u16, u64, u64, u8)]) -> Vec<S> {
    raw.iter()
        .map(|&(ty, bind, shndx, value, size, name)| {
            let base = if shndx == 1 { 0x1000 } else { 0x2000 };
            (NAMES[name as usize], ty, bind, shndx, base + value, size)
        })
        .collect()
}

/// The documented rule, by brute force: among indexed symbols covering `addr`, the one
/// with the greatest address, then preferred as objdump prefers.
fn naive_lookup(syms: &[S], addr: u64) -> Option<(String, u64)> {
    let section_end = |shndx: u16| if shndx == 1 { 0x1400 } else { 0x2100 };
    let end = |s: &S| {
        if s.5 != 0 {
            return s.4 + s.5;
        }
        let next = syms.iter().map(|o| o.4).filter(|&v| v > s.4).min();
        let bound = next.map_or(section_end(s.3), |n| n.min(section_end(s.3)));
        bound.max(s.4 + 1)
    };
    let key = |s: &S| {
        (
            s.1 != STT_FUNC,
            s.1 != STT_OBJECT,
            s.2 == STB_LOCAL,
            s.2 != STB_GLOBAL,
            Reverse(s.5),
            s.0.starts_with('.'),
            s.0,
        )
    };
    syms.iter()
        .filter(|s| s.4 <= addr && addr < end(s))
        .max_by(|a, b| a.4.cmp(&b.4).then_with(|| key(b).cmp(&key(a))))
        .map(|s| (s.0.to_owned(), addr - s.4))
}

use std::cmp::Reverse;

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn symtab_lookup_matches_naive(raw in proptest::collection::vec(arb_sym(), 0..24)) {
        let syms = placed(&raw);
        let data = linked(ET_EXEC, &syms);
        let file = ElfFile::parse(&data).unwrap();
        let st = Symtab::parse(&file).unwrap();
        for addr in (0xff8..0x1060).chain(0x1ff8..0x2060).chain([0x13ff, 0x1400, 0x20ff, 0x2100]) {
            prop_assert_eq!(found(&st, addr), naive_lookup(&syms, addr), "addr {:#x}", addr);
        }
    }

    /// Batches answered through a reduced index: as one by one through the whole one.
    #[test]
    fn batch_lookup_matches_single(
        raw in proptest::collection::vec(arb_sym(), 0..24),
        mut addrs in proptest::collection::vec(
            prop_oneof![0xff8u64..0x1060, 0x1ff8u64..0x2060, 0x13f8u64..0x1408, 0x20f8u64..0x2108],
            0..16,
        ),
    ) {
        let syms = placed(&raw);
        let data = linked(ET_EXEC, &syms);
        let file = ElfFile::parse(&data).unwrap();
        let batch = Symtab::parse(&file).unwrap();
        let single = Symtab::parse(&file).unwrap();
        addrs.sort_unstable();
        let got = names(batch.find_symbols_reduced(&addrs));
        let want = names(addrs.iter().map(|&a| single.find_symbol(a)).collect());
        prop_assert_eq!(got, want, "addrs {:x?}", addrs);
    }

    /// Damaged fixtures: every entry point returns, whatever the bytes.
    #[test]
    fn damaged_files_do_not_panic(
        which in 0usize..6,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..24),
    ) {
        let name = ["x86_64-dyn", "i386-dyn", "aarch64-dyn", "x86_64.so", "armhf.so", "x86_64.o"][which];
        let mut data = fixture(name);
        for (at, byte) in edits {
            let i = at.index(data.len());
            data[i] = byte;
        }
        let Ok(file) = ElfFile::parse(&data) else { return Ok(()) };
        if let Ok(st) = Symtab::parse(&file) {
            st.parse_all();
            for t in st.tables() {
                for s in t.iter() {
                    let _ = (s.readelf_name(), s.display_name(), st.objdump_name(s));
                }
            }
            for a in [0u64, 0x400, 0x5d0, 0x1000, u64::MAX] {
                let _ = st.find_symbol(a);
                let _ = st.find_symbol_in_section(SectionIndex(1), a);
            }
            let _ = st.plt().len();
            let _ = st.by_name(b"printf");
            let _ = st.ranges().count();
        }
        for d in [DynamicSymbols::parse(&file), DynamicSymbols::from_dynamic(&file)] {
            if let Ok(Some(d)) = d {
                let _ = d.table.iter().map(|s| s.readelf_name().len()).sum::<usize>();
            }
        }
    }
}

/// With its section headers gone, a shared object still has its dynamic symbols: the
/// table `DT_SYMTAB` points at, with their versions, for lookups by address and name.
#[test]
fn no_section_headers_falls_back_to_the_dynamic_symbols() {
    let data = fixture("x86_64.so");
    let full = Symtab::parse(&ElfFile::parse(&data).unwrap()).unwrap();
    let mut bare = data.clone();
    bare[0x28..0x30].fill(0); // e_shoff
    bare[0x3c..0x40].fill(0); // e_shnum, e_shstrndx
    let file = ElfFile::parse(&bare).unwrap();
    let st = Symtab::parse(&file).unwrap();
    assert!(st.warnings().is_empty(), "{:?}", st.warnings());
    assert_eq!(st.tables().len(), 1);
    let dynamic = st.dynsym().unwrap();
    assert_eq!(dynamic.source(), Source::Dynamic);
    let want: Vec<_> = full
        .dynsym()
        .unwrap()
        .iter()
        .map(|s| full.objdump_name(s))
        .collect();
    let got: Vec<_> = dynamic.iter().map(|s| st.objdump_name(s)).collect();
    assert_eq!(got, want);
    let mut looked_up = 0;
    for s in full.dynsym().unwrap().iter() {
        let (Some(name), value) = (s.name_bytes(), s.sym.st_value) else {
            continue;
        };
        if value == 0 || name.is_empty() {
            continue;
        }
        assert_eq!(st.by_name(name).and_then(|b| b.name_bytes()), Some(name));
        let hit = st.find_symbol(value).map(|(h, off)| (h.sym.st_value, off));
        assert_eq!(hit, Some((value, 0)), "{}", lossy(name));
        looked_up += 1;
    }
    assert!(looked_up > 0);
}

/// Entries decoded a block at a time by `get` (before the whole table is) are the
/// entries `symbols()` decodes, and `filter_raw` keeps what filtering `iter()` keeps.
#[test]
fn lazy_entries_match_full_decode() {
    for name in [
        "x86_64-dyn",
        "x86_64.so",
        "i386-dyn",
        "mips.so",
        "armhf.so",
        "x86_64.o",
    ] {
        let lazy = fixture_symtab(name);
        let full = fixture_symtab(name);
        for (t, (lt, ft)) in lazy.tables().iter().zip(full.tables()).enumerate() {
            assert!(ft.len() > 1, "{name}: table {t} is empty");
            // Backwards, so that blocks are decoded out of order.
            for i in (0..lt.len() + 2).rev() {
                let i = SymbolIndex(i as u32);
                assert_eq!(
                    lt.get(i),
                    ft.symbols().get(i.0 as usize),
                    "{name}: {t}/{i:?}"
                );
            }
            let funcs: Vec<_> = lt.filter_raw(|_, s| s.st_type() == STT_FUNC).collect();
            let want: Vec<_> = ft.iter().filter(|s| s.st_type() == STT_FUNC).collect();
            assert!(!want.is_empty(), "{name}: table {t} has no functions");
            assert_eq!(funcs, want, "{name}: table {t}");
        }
    }
}

/// Lookup answers by name, index and offset, comparable across two `Symtab`s.
fn names(found: Vec<Option<(&Symbol<'_>, u64)>>) -> Vec<Option<(String, u32, u64)>> {
    found
        .into_iter()
        .map(|f| f.map(|(s, off)| (s.display_name().into_owned(), s.index.0, off)))
        .collect()
}

/// Every linked fixture: batches of addresses at, around and between symbols, through
/// the reduced index and through `find_symbols_sorted`, answer as `find_symbol` does.
#[test]
fn batch_lookup_matches_single_on_fixtures() {
    let dir = format!("{}/../tests/data", env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Ok(data) = std::fs::read(&path) else {
            continue;
        };
        let Ok(file) = ElfFile::parse(&data) else {
            continue;
        };
        let Ok(single) = Symtab::parse(&file) else {
            continue;
        };
        if single.is_relocatable() {
            let batch = Symtab::parse(&file).unwrap();
            let all_none = batch.find_symbols_sorted(&[0, 0x10, 0x40]);
            assert!(all_none.iter().all(Option::is_none), "{}", path.display());
            continue;
        }
        // At, around, in the middle of and just past every symbol, and a walk over
        // the whole span.
        let mut addrs: Vec<u64> = Vec::new();
        let syms = single
            .tables()
            .iter()
            .flat_map(|t| t.iter())
            .chain(single.plt());
        for s in syms {
            let (a, size) = (s.addr, s.sym.st_size);
            let end = a.wrapping_add(size);
            addrs.extend([a, a.wrapping_sub(1), a + 1, a + size / 2, end, end + 1]);
        }
        let ranges = single.ranges().map(|r| (r.start, r.end));
        let Some((lo, hi)) = ranges.reduce(|a, b| (a.0.min(b.0), a.1.max(b.1))) else {
            continue;
        };
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..500 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            addrs.push(lo + x % (hi - lo + 0x40));
        }
        addrs.sort_unstable();
        addrs.dedup();
        let want = names(addrs.iter().map(|&a| single.find_symbol(a)).collect());
        assert!(want.iter().any(Option::is_some), "{}", path.display());
        // The whole batch, then small batches (which `find_symbols_sorted` reduces).
        let batch = Symtab::parse(&file).unwrap();
        assert_eq!(
            names(batch.find_symbols_reduced(&addrs)),
            want,
            "{}",
            path.display()
        );
        for (n, (chunk, want)) in addrs.chunks(7).zip(want.chunks(7)).enumerate() {
            let fresh = Symtab::parse(&file).unwrap();
            let got = if n % 2 == 0 {
                fresh.find_symbols_reduced(chunk)
            } else {
                fresh.find_symbols_sorted(chunk)
            };
            assert_eq!(names(got), want, "{}: {chunk:x?}", path.display());
        }
        // Once the whole index is built, it answers.
        assert_eq!(names(batch.find_symbols_sorted(&addrs)), want);
        checked += 1;
    }
    assert!(checked >= 15, "{checked} linked fixtures");
}
