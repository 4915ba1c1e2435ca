//! libelf over every fixture of `tests/data/`: reading, byte-identical rewriting, and
//! (de)compressing debug sections, checked against GNU readelf when it is installed.
//!
//! One named test per fixture and check (libtest-mimic), e.g.
//! `cargo test -p elftests --test libelf_roundtrip -- compress-zstd/s390x.o`:
//!
//! - `walk/F`: parse F and walk everything libelf reads (sections, segments, symbols,
//!   relocations, dynamic entries, notes, groups, hash tables, versions), checking that
//!   the pieces agree with each other (relocation symbol indexes in range, hash lookups
//!   find every defined dynamic symbol, the entry point is `_start`…).
//! - `identity/F`: `Object::read` then `write` gives F byte for byte (archives:
//!   `archive::rewrite` with no member replaced).
//! - `compress-K/F` (F with debug sections; K = none, zlib, zlib-gnu, zstd): compress
//!   like `objcopy --compress-debug-sections=K`, write, parse again; every debug section
//!   decompresses to the input's bytes (`.zdebug_*` ↔ `.debug_*`), the other sections and
//!   the segments are untouched, and the output rewrites to itself.
//! - `readelf-K/F`: the same output under GNU readelf: `--debug-dump=info` prints the
//!   same text as for the input (`.zdebug_` read as `.debug_`), and `-a -W` prints no
//!   warning the input did not. Ignored when GNU readelf is not on `PATH`.
//! - `objcopy-refuses/loongarch64-patched.o`: GNU objcopy 2.40 cannot compress an
//!   EM_LOONGARCH object at all; libelf can (the `compress-*` tests of that fixture).

use std::collections::BTreeMap;
use std::path::Path;
use std::process::ExitCode;

use elftests::{fixtures, run_trials, scratch_dir, show_diff, Fixture, FixtureKind, GnuTool};
use libelf::archive::{self, Archive};
use libelf::compression::{Compress, CompressionKind};
use libelf::consts::{
    ELFCOMPRESS_ZLIB, ELFCOMPRESS_ZSTD, ET_CORE, ET_DYN, ET_EXEC, ET_REL, SHF_ALLOC,
    SHF_COMPRESSED, SHN_LORESERVE, SHN_UNDEF, SHN_XINDEX, SHT_DYNAMIC, SHT_DYNSYM, SHT_GNU_HASH,
    SHT_GROUP, SHT_HASH, SHT_NOBITS, SHT_NOTE, SHT_REL, SHT_RELA, SHT_SYMTAB,
};
use libelf::edit::Object;
use libelf::read::{
    find_build_id, DynamicTable, GnuHashTable, GroupSection, NoteIter, RelocTable, Section,
    SymbolTable, SymbolVersions, SysvHashTable,
};
use libelf::ElfFile;
use libtest_mimic::{Failed, Trial};

type Res<T = ()> = Result<T, String>;

/// The compression kinds, with the name `objcopy --compress-debug-sections=` uses.
const KINDS: [(&str, Compress); 4] = [
    ("none", Compress::None),
    ("zlib", Compress::Zlib),
    ("zlib-gnu", Compress::ZlibGnu),
    ("zstd", Compress::Zstd),
];

/// `EM_LOONGARCH`, which GNU objcopy 2.40 does not know.
const EM_LOONGARCH: u16 = 258;

fn main() -> ExitCode {
    let trials = trials().map_err(|e| format!("cannot list the fixtures: {e}"));
    run_trials("libelf_roundtrip", trials)
}

/// Turn a check's `Result` into what libtest-mimic wants.
fn trial(name: String, check: impl FnOnce() -> Res + Send + 'static) -> Trial {
    Trial::test(name, move || check().map_err(Failed::from))
}

fn trials() -> Res<Vec<Trial>> {
    let readelf = GnuTool::find("readelf");
    let objcopy = GnuTool::find("objcopy");
    let mut out = Vec::new();
    let all = fixtures()?;
    if all.len() < 30 {
        return Err(format!(
            "only {} fixtures in tests/data: run tests/data/build.sh",
            all.len()
        ));
    }
    for fx in all {
        let data = fx.read()?;
        let with_debug = match fx.kind {
            FixtureKind::Elf => {
                has_debug_sections(&ElfFile::parse(&data).map_err(|e| e.to_string())?)?
            }
            FixtureKind::Archive => true,
            FixtureKind::ThinArchive => false,
        };
        let f = fx.clone();
        out.push(trial(format!("walk/{}", fx.name), move || walk_fixture(&f)));
        let f = fx.clone();
        out.push(trial(format!("identity/{}", fx.name), move || identity(&f)));
        if !with_debug {
            continue;
        }
        for (kname, kind) in KINDS {
            let f = fx.clone();
            out.push(trial(format!("compress-{kname}/{}", fx.name), move || {
                compress_check(&f, kname, kind)
            }));
            if fx.kind != FixtureKind::Elf {
                continue;
            }
            // readelf before 2.40 cannot read zstd sections.
            let usable = readelf
                .as_ref()
                .filter(|r| kind != Compress::Zstd || r.at_least(2, 40))
                .cloned();
            let ignored = usable.is_none();
            let f = fx.clone();
            out.push(
                trial(
                    format!("readelf-{kname}/{}", fx.name),
                    move || match usable {
                        Some(r) => readelf_check(&r, &f, kname, kind),
                        None => Ok(()),
                    },
                )
                .with_ignored_flag(ignored),
            );
        }
        if fx.name == "loongarch64-patched.o" {
            let f = fx.clone();
            let o = objcopy.clone();
            let ignored = o.is_none();
            out.push(
                trial(format!("objcopy-refuses/{}", fx.name), move || match o {
                    Some(o) => objcopy_refuses(&o, &f),
                    None => Ok(()),
                })
                .with_ignored_flag(ignored),
            );
        }
    }
    Ok(out)
}

// ---------------------------------------------------------------------------------------
// walk

fn e(err: libelf::Error) -> String {
    err.to_string()
}

fn walk_fixture(fx: &Fixture) -> Res {
    let data = fx.read()?;
    match fx.kind {
        FixtureKind::Elf => {
            walk(&ElfFile::parse(&data).map_err(e)?).map_err(|m| format!("{}: {m}", fx.name))
        }
        FixtureKind::Archive => walk_archive(fx, &data),
        FixtureKind::ThinArchive => walk_thin_archive(fx, &data),
    }
}

/// Read everything libelf can read in `file`, checking that the pieces agree.
fn walk(file: &ElfFile<'_>) -> Res {
    let h = *file.header();
    let sections: Vec<Section<'_, '_>> = file.sections().map_err(e)?.collect();
    if sections.len() as u64 != file.section_count() {
        return Err(format!(
            "{} sections listed, section_count() says {}",
            sections.len(),
            file.section_count()
        ));
    }
    if h.e_type != ET_CORE && sections.is_empty() {
        return Err("no section headers".into());
    }
    let nsec = sections.len() as u32;

    for ph in file.program_headers().map_err(e)? {
        file.segment_data(ph).map_err(e)?;
        for note in NoteIter::from_segment(file, ph).map_err(e)? {
            note.map_err(e)?;
        }
    }

    for s in &sections {
        let sh = s.header();
        let idx = s.index().0;
        let name = String::from_utf8_lossy(s.name_bytes().map_err(e)?).into_owned();
        let ctx = |m: String| format!("section [{idx}] {name}: {m}");
        if idx != 0 && name.is_empty() {
            return Err(ctx("empty name".into()));
        }
        let bytes = s.data().map_err(e).map_err(ctx)?;
        if sh.sh_type != SHT_NOBITS && idx != 0 && bytes.len() as u64 != sh.sh_size {
            return Err(ctx(format!(
                "{} bytes, sh_size {}",
                bytes.len(),
                sh.sh_size
            )));
        }
        if let Some(c) = s.compression().map_err(e).map_err(ctx)? {
            let plain = s.decompressed().map_err(e).map_err(ctx)?;
            if plain.len() as u64 != c.uncompressed_size {
                return Err(ctx("decompressed size differs from the header's".into()));
            }
        }
        match sh.sh_type {
            SHT_SYMTAB | SHT_DYNSYM => walk_symbols(s, nsec).map_err(ctx)?,
            SHT_REL | SHT_RELA => walk_relocs(file, s).map_err(ctx)?,
            SHT_DYNAMIC => {
                let table = DynamicTable::new(bytes, file.class(), file.endian());
                if table.until_null().count() == table.len() {
                    return Err(ctx("no DT_NULL".into()));
                }
            }
            SHT_NOTE => {
                for note in NoteIter::from_section(s).map_err(e).map_err(ctx)? {
                    note.map_err(e).map_err(ctx)?;
                }
            }
            SHT_GROUP => {
                let g = GroupSection::parse(s).map_err(e).map_err(ctx)?;
                if let Some(m) = g.members().find(|m| m.0 >= nsec) {
                    return Err(ctx(format!("member section {} out of range", m.0)));
                }
                GroupSection::signature(s).map_err(e).map_err(ctx)?;
            }
            SHT_HASH => walk_sysv_hash(s).map_err(ctx)?,
            SHT_GNU_HASH => walk_gnu_hash(s).map_err(ctx)?,
            _ => {}
        }
    }

    walk_versions(file)?;
    walk_by_type(file, &sections)
}

fn walk_symbols(s: &Section<'_, '_>, nsec: u32) -> Res {
    let table = SymbolTable::parse(s).map_err(e)?;
    let entsize = s.header().sh_entsize.max(1);
    if table.len() as u64 != s.header().sh_size / entsize {
        return Err(format!(
            "{} symbols for sh_size {}",
            table.len(),
            s.header().sh_size
        ));
    }
    for sym in table.iter() {
        sym.name_bytes().map_err(e)?;
        let shndx = sym.shndx.unwrap_or(u32::MAX);
        if shndx >= nsec && shndx < SHN_LORESERVE {
            return Err(format!(
                "symbol {} in section {shndx}, out of range",
                sym.index.0
            ));
        }
    }
    Ok(())
}

fn walk_relocs(file: &ElfFile<'_>, s: &Section<'_, '_>) -> Res {
    let table = RelocTable::parse(s).map_err(e)?;
    if table.is_rela() != (s.header().sh_type == SHT_RELA) {
        return Err("REL/RELA mix-up".into());
    }
    let nsyms = match s.header().sh_link {
        0 => 0,
        _ => SymbolTable::parse(&s.link().map_err(e)?).map_err(e)?.len(),
    };
    // In a relocatable file, sh_info names the section the relocations apply to; a
    // compressed target is relocated after decompression.
    let target_size = match (file.header().e_type, s.header().sh_info) {
        (ET_REL, i) => {
            let t = file.section(libelf::read::SectionIndex(i)).map_err(e)?;
            Some(match t.compression().map_err(e)? {
                Some(c) => c.uncompressed_size,
                None => t.header().sh_size,
            })
        }
        _ => None,
    };
    for (i, r) in table.iter().enumerate() {
        let sym = r.r_sym(file.class()) as usize;
        if sym >= nsyms.max(1) {
            return Err(format!("relocation {i}: symbol {sym} of {nsyms}"));
        }
        if let Some(size) = target_size {
            if r.r_offset >= size {
                return Err(format!(
                    "relocation {i}: offset {:#x} past the target section ({size:#x})",
                    r.r_offset
                ));
            }
        }
    }
    Ok(())
}

/// Every named dynamic symbol is found by name through the SysV hash table.
fn walk_sysv_hash(s: &Section<'_, '_>) -> Res {
    let hash = SysvHashTable::parse(s).map_err(e)?;
    let syms = SymbolTable::parse(&s.link().map_err(e)?).map_err(e)?;
    if hash.nchain() != syms.len() as u64 {
        return Err(format!(
            "nchain {} for {} symbols",
            hash.nchain(),
            syms.len()
        ));
    }
    for sym in syms.iter().skip(1) {
        let name = sym.name_bytes().map_err(e)?;
        if name.is_empty() {
            continue;
        }
        // Two symbols may share a name (fib@V1, fib@@V2): either one will do.
        let found = hash.lookup(name, &syms);
        if found.and_then(|f| f.name_bytes().ok()) != Some(name) {
            return Err(format!(
                "hash lookup misses {}",
                String::from_utf8_lossy(name)
            ));
        }
    }
    Ok(())
}

/// Every symbol from `symoffset` on is found by name through the GNU hash table.
fn walk_gnu_hash(s: &Section<'_, '_>) -> Res {
    let hash = GnuHashTable::parse(s).map_err(e)?;
    let syms = SymbolTable::parse(&s.link().map_err(e)?).map_err(e)?;
    // A table whose buckets are all empty (an executable exporting nothing) hashes no
    // symbol, whatever symoffset says.
    if (0..hash.nbuckets()).all(|b| hash.bucket(b).unwrap_or(0) == 0) {
        return Ok(());
    }
    hash.histogram().map_err(e)?;
    for sym in syms.iter().skip(hash.symoffset() as usize) {
        let name = sym.name_bytes().map_err(e)?;
        // Two symbols may share a name (fib@V1, fib@@V2): either one will do.
        let found = hash.lookup(name, &syms);
        if found.and_then(|f| f.name_bytes().ok()) != Some(name) {
            return Err(format!(
                "GNU hash lookup misses {} (symbol {})",
                String::from_utf8_lossy(name),
                sym.index.0
            ));
        }
    }
    Ok(())
}

/// Versions of the dynamic symbols: what lib.map and glibc make them.
fn walk_versions(file: &ElfFile<'_>) -> Res {
    let Some(dynsym) = file
        .sections()
        .map_err(e)?
        .find(|s| s.header().sh_type == SHT_DYNSYM)
    else {
        return Ok(());
    };
    let versions = SymbolVersions::parse(file).map_err(e)?;
    let syms = SymbolTable::parse(&dynsym).map_err(e)?;
    let mut seen = Vec::new();
    for sym in syms.iter() {
        if let Some(v) = versions.symbol_version(sym.index, &sym.sym) {
            let name = String::from_utf8_lossy(sym.name_bytes().map_err(e)?).into_owned();
            let ver = v.name.map(|n| String::from_utf8_lossy(n).into_owned());
            seen.push(format!(
                "{name}{}{}",
                v.separator(),
                ver.unwrap_or_else(|| "<corrupt>".into())
            ));
        }
    }
    let soname_is_libhello = file
        .section_by_name(b".gnu.version_d")
        .map_err(e)?
        .is_some();
    if soname_is_libhello {
        for want in [
            "fib@LIBHELLO_1.0",
            "fib@@LIBHELLO_2.0",
            "fib_sum@@LIBHELLO_2.0",
        ] {
            if !seen.iter().any(|s| s == want) {
                return Err(format!("no dynamic symbol {want}; have {seen:?}"));
            }
        }
    }
    if file
        .section_by_name(b".gnu.version_r")
        .map_err(e)?
        .is_some()
        && !seen.iter().any(|s| s.contains("@GLIBC_"))
    {
        return Err(format!("no symbol needs a GLIBC_ version; have {seen:?}"));
    }
    Ok(())
}

/// Checks that depend on the file type.
fn walk_by_type(file: &ElfFile<'_>, sections: &[Section<'_, '_>]) -> Res {
    let h = file.header();
    match h.e_type {
        ET_EXEC | ET_DYN => {
            let id = find_build_id(file).ok_or("no build-id note")?;
            if id.len() != 20 {
                return Err(format!("build-id of {} bytes, want 20 (sha1)", id.len()));
            }
            if h.e_type == ET_EXEC {
                // The static programs start at _start.
                let symtab = sections
                    .iter()
                    .find(|s| s.header().sh_type == SHT_SYMTAB)
                    .ok_or("no .symtab")?;
                let syms = SymbolTable::parse(symtab).map_err(e)?;
                let start = syms
                    .iter()
                    .find(|s| s.name_bytes().ok() == Some(b"_start"))
                    .ok_or("no _start symbol")?;
                if start.sym.st_value != h.e_entry {
                    return Err(format!(
                        "e_entry {:#x}, _start at {:#x}",
                        h.e_entry, start.sym.st_value
                    ));
                }
            }
        }
        ET_CORE => {
            let mut types = Vec::new();
            for ph in file.program_headers().map_err(e)? {
                for n in NoteIter::from_segment(file, ph).map_err(e)? {
                    let n = n.map_err(e)?;
                    types.push((String::from_utf8_lossy(n.name).into_owned(), n.n_type));
                }
            }
            // NT_PRSTATUS, NT_PRPSINFO, NT_AUXV from the kernel.
            for t in [1, 3, 6] {
                if !types.iter().any(|(o, ty)| o == "CORE" && *ty == t) {
                    return Err(format!("no CORE note of type {t}; have {types:?}"));
                }
            }
        }
        _ => {}
    }
    Ok(())
}

fn has_debug_sections(file: &ElfFile<'_>) -> Res<bool> {
    Ok(!debug_sections(file)?.is_empty())
}

/// `.debug_*` and `.zdebug_*` sections that are not `SHF_ALLOC`, by name with `.zdebug`
/// read as `.debug`, each decompressed.
fn debug_sections(file: &ElfFile<'_>) -> Res<BTreeMap<Vec<u8>, Vec<u8>>> {
    let mut out = BTreeMap::new();
    let Ok(sections) = file.sections() else {
        return Ok(out);
    };
    for s in sections {
        let name = s.name_bytes().map_err(e)?;
        let Some(base) = debug_base(name) else {
            continue;
        };
        if s.header().sh_flags & u64::from(SHF_ALLOC) != 0 || s.header().sh_type == SHT_NOBITS {
            continue;
        }
        let plain = s
            .decompressed()
            .map_err(|err| format!("{}: {err}", String::from_utf8_lossy(name)))?;
        if out.insert(base, plain.into_owned()).is_some() {
            return Err(format!(
                "two sections named {}",
                String::from_utf8_lossy(name)
            ));
        }
    }
    Ok(out)
}

/// `name` with `.zdebug` read as `.debug` wherever it is (`.rela.zdebug_info`).
fn unz(name: &[u8]) -> Vec<u8> {
    String::from_utf8_lossy(name)
        .replace(".zdebug", ".debug")
        .into_bytes()
}

/// `.debug_x` for `.debug_x` and `.zdebug_x`; `None` for other names.
fn debug_base(name: &[u8]) -> Option<Vec<u8>> {
    let rest = name
        .strip_prefix(b".zdebug")
        .or_else(|| name.strip_prefix(b".debug"))?;
    let mut base = b".debug".to_vec();
    base.extend_from_slice(rest);
    Some(base)
}

// ---------------------------------------------------------------------------------------
// archives

fn member_names(ar: &Archive<'_>) -> Res<Vec<String>> {
    ar.members()
        .map(|m| m.map(|m| String::from_utf8_lossy(m.name()).into_owned()))
        .collect::<libelf::Result<Vec<_>>>()
        .map_err(e)
}

/// The archive holds the two objects, the long name comes from `//`, every member walks,
/// and every symbol index entry names a member that defines the symbol.
fn walk_archive(fx: &Fixture, data: &[u8]) -> Res {
    let ar = Archive::parse(data).map_err(e)?;
    if ar.kind() != archive::ArchiveKind::Gnu {
        return Err(format!("kind {:?}, want Gnu", ar.kind()));
    }
    let names = member_names(&ar)?;
    let want = ["x86_64.o", "a_member_with_a_long_name.o"];
    if names != want {
        return Err(format!("members {names:?}, want {want:?}"));
    }
    let long = ar.long_names().ok_or("no // long-name table")?;
    if !long.starts_with(b"a_member_with_a_long_name.o/\n") {
        return Err(format!("long names {:?}", String::from_utf8_lossy(long)));
    }
    for m in ar.members() {
        let m = m.map_err(e)?;
        let bytes = m.data().ok_or("member without data")?;
        let name = String::from_utf8_lossy(m.name()).into_owned();
        // The members are the fixtures of the same name.
        let file =
            std::fs::read(fx.path.with_file_name(&name)).map_err(|err| format!("{name}: {err}"))?;
        if bytes != file.as_slice() {
            return Err(format!("member {name} differs from tests/data/{name}"));
        }
        walk(&ElfFile::parse(bytes).map_err(e)?).map_err(|err| format!("member {name}: {err}"))?;
    }
    check_symbol_index(&ar, |m| Ok(m.data().map(<[u8]>::to_vec)))?;
    if ar.symbol_count() < 4 {
        return Err(format!("{} symbols in the index", ar.symbol_count()));
    }
    Ok(())
}

/// Each symbol index entry points at a member (read with `data_of`) whose `.symtab`
/// defines the symbol globally.
fn check_symbol_index(
    ar: &Archive<'_>,
    data_of: impl Fn(&archive::Member<'_>) -> Res<Option<Vec<u8>>>,
) -> Res {
    for sym in ar.symbols() {
        let sym = sym.map_err(e)?;
        let name = String::from_utf8_lossy(sym.name()).into_owned();
        let m = ar.member_at(sym.member_offset()).map_err(e)?;
        let bytes = data_of(&m)?.ok_or_else(|| format!("{name}: member without data"))?;
        let file = ElfFile::parse(&bytes).map_err(e)?;
        let symtab = file
            .sections()
            .map_err(e)?
            .find(|s| s.header().sh_type == SHT_SYMTAB)
            .ok_or("member without .symtab")?;
        let table = SymbolTable::parse(&symtab).map_err(e)?;
        let defined = table.iter().any(|s| {
            s.name_bytes().ok() == Some(sym.name())
                && s.sym.st_bind() != 0
                && s.sym.st_shndx != SHN_UNDEF as u16
        });
        if !defined {
            return Err(format!(
                "index says {name} is in {}, which does not define it",
                String::from_utf8_lossy(m.name())
            ));
        }
    }
    Ok(())
}

/// The thin archive's members are external files beside it, of the sizes its headers say.
fn walk_thin_archive(fx: &Fixture, data: &[u8]) -> Res {
    let ar = Archive::parse(data).map_err(e)?;
    if !ar.is_thin() || ar.kind() != archive::ArchiveKind::Thin {
        return Err(format!("kind {:?}, want Thin", ar.kind()));
    }
    let names = member_names(&ar)?;
    let want = ["x86_64.o", "a_member_with_a_long_name.o"];
    if names != want {
        return Err(format!("members {names:?}, want {want:?}"));
    }
    let dir = fx.path.parent().ok_or("no directory")?.to_path_buf();
    let external = |m: &archive::Member<'_>| -> Res<Option<Vec<u8>>> {
        if !m.is_external() || m.try_data().is_ok() {
            return Err("a thin archive's member has data inside".into());
        }
        let path = dir.join(String::from_utf8_lossy(m.name()).as_ref());
        let bytes = std::fs::read(&path).map_err(|err| format!("{}: {err}", path.display()))?;
        if bytes.len() as u64 != m.size() {
            return Err(format!(
                "{}: {} bytes, header says {}",
                path.display(),
                bytes.len(),
                m.size()
            ));
        }
        Ok(Some(bytes))
    };
    for m in ar.members() {
        let m = m.map_err(e)?;
        let bytes = external(&m)?.unwrap_or_default();
        walk(&ElfFile::parse(&bytes).map_err(e)?)?;
    }
    check_symbol_index(&ar, external)
}

// ---------------------------------------------------------------------------------------
// identity

fn identity(fx: &Fixture) -> Res {
    let data = fx.read()?;
    let out = match fx.kind {
        FixtureKind::Elf => {
            let file = ElfFile::parse(&data).map_err(e)?;
            Object::read(&file).map_err(e)?.write().map_err(e)?
        }
        FixtureKind::Archive | FixtureKind::ThinArchive => {
            let ar = Archive::parse(&data).map_err(e)?;
            archive::rewrite(&ar, |_| Ok(None)).map_err(e)?
        }
    };
    same_bytes(&data, &out)
}

fn same_bytes(want: &[u8], got: &[u8]) -> Res {
    if want == got {
        return Ok(());
    }
    let at = want
        .iter()
        .zip(got)
        .position(|(a, b)| a != b)
        .unwrap_or(want.len().min(got.len()));
    Err(format!(
        "output differs from the input: {} bytes vs {}, first difference at offset {at:#x}",
        got.len(),
        want.len()
    ))
}

// ---------------------------------------------------------------------------------------
// compression

/// Compress (or decompress) the debug sections of an ELF file and write it.
fn compress_elf(data: &[u8], kind: Compress) -> Res<Vec<u8>> {
    let file = ElfFile::parse(data).map_err(e)?;
    let mut obj = Object::read(&file).map_err(e)?;
    obj.compress_debug_sections(kind).map_err(e)?;
    obj.write().map_err(e)
}

fn compress_check(fx: &Fixture, kname: &str, kind: Compress) -> Res {
    let data = fx.read()?;
    match fx.kind {
        FixtureKind::Elf => {
            let out = compress_elf(&data, kind)?;
            check_compressed(&data, &out, kind)
        }
        FixtureKind::Archive | FixtureKind::ThinArchive => {
            let ar = Archive::parse(&data).map_err(e)?;
            let out = archive::rewrite(&ar, |m| match m.data() {
                Some(d) => compress_elf(d, kind)
                    .map(Some)
                    .map_err(|_| libelf::Error::Compress("member")),
                None => Ok(None),
            })
            .map_err(e)?;
            let new = Archive::parse(&out).map_err(e)?;
            if member_names(&new)? != member_names(&ar)? {
                return Err("member names changed".into());
            }
            for (a, b) in ar.members().zip(new.members()) {
                let (a, b) = (a.map_err(e)?, b.map_err(e)?);
                let (a, b) = (a.try_data().map_err(e)?, b.try_data().map_err(e)?);
                check_compressed(a, b, kind).map_err(|m| format!("{kname}: {m}"))?;
            }
            // The index now points at the moved members.
            check_symbol_index(&new, |m| Ok(m.data().map(<[u8]>::to_vec)))
        }
    }
}

/// `out` is `input` with its debug sections compressed as `kind` says and nothing else
/// changed.
fn check_compressed(input: &[u8], out: &[u8], kind: Compress) -> Res {
    let a = ElfFile::parse(input).map_err(e)?;
    let b = ElfFile::parse(out).map_err(|err| format!("output does not parse: {err}"))?;
    walk(&b).map_err(|m| format!("output: {m}"))?;
    same_debug_contents(&a, &b)?;
    debug_sections_in_form(&b, kind)?;
    rest_unchanged(&a, &b)?;
    // The output reads back and writes to itself.
    let again = Object::read(&b).map_err(e)?.write().map_err(e)?;
    same_bytes(out, &again).map_err(|m| format!("rewriting the output: {m}"))
}

/// Every debug section of `a` is in `b` (`.zdebug_x` read as `.debug_x`) and
/// decompresses to the same bytes.
fn same_debug_contents(a: &ElfFile<'_>, b: &ElfFile<'_>) -> Res {
    let (da, db) = (debug_sections(a)?, debug_sections(b)?);
    if da.keys().collect::<Vec<_>>() != db.keys().collect::<Vec<_>>() {
        return Err(format!(
            "debug sections {:?} became {:?}",
            da.keys()
                .map(|k| String::from_utf8_lossy(k))
                .collect::<Vec<_>>(),
            db.keys()
                .map(|k| String::from_utf8_lossy(k))
                .collect::<Vec<_>>()
        ));
    }
    for (name, bytes) in &da {
        if db.get(name) != Some(bytes) {
            return Err(format!(
                "{} does not decompress to the input's bytes",
                String::from_utf8_lossy(name)
            ));
        }
    }

    Ok(())
}

/// Each debug section of `b` is compressed as `kind` says, or left plain (where
/// compressing would not make it smaller); at least one is compressed.
fn debug_sections_in_form(b: &ElfFile<'_>, kind: Compress) -> Res {
    let mut compressed = 0;
    for s in b.sections().map_err(e)? {
        let name = s.name_bytes().map_err(e)?;
        if debug_base(name).is_none() || s.header().sh_flags & u64::from(SHF_ALLOC) != 0 {
            continue;
        }
        let c = s.compression().map_err(e)?;
        let shown = String::from_utf8_lossy(name);
        let zname = name.starts_with(b".zdebug");
        let ok = match (kind, c.map(|c| c.kind)) {
            (_, None) => !zname,
            (Compress::Zlib, Some(CompressionKind::Zlib)) => !zname,
            (Compress::Zstd, Some(CompressionKind::Zstd)) => !zname,
            (Compress::ZlibGnu, Some(CompressionKind::ZlibGnu)) => zname,
            _ => false,
        };
        if !ok {
            return Err(format!("{shown}: compression {c:?} after {kind:?}"));
        }
        if let Some(c) = c {
            compressed += 1;
            if let Some(ch) = c.header {
                let want = if kind == Compress::Zlib {
                    ELFCOMPRESS_ZLIB
                } else {
                    ELFCOMPRESS_ZSTD
                };
                if ch.ch_type != want || s.header().sh_flags & u64::from(SHF_COMPRESSED) == 0 {
                    return Err(format!(
                        "{shown}: ch_type {} flags {:#x}",
                        ch.ch_type,
                        s.header().sh_flags
                    ));
                }
            }
        }
    }
    if kind != Compress::None && compressed == 0 {
        return Err("no debug section was compressed".into());
    }
    Ok(())
}

/// Nothing but the debug sections changed from `a` to `b`: the section headers (but
/// offsets, sizes, names and the compression flag of debug sections), the other
/// sections' bytes, the segments, the ELF header's fields that say what the file is.
fn rest_unchanged(a: &ElfFile<'_>, b: &ElfFile<'_>) -> Res {
    let (sa, sb): (Vec<_>, Vec<_>) = (
        a.sections().map_err(e)?.collect(),
        b.sections().map_err(e)?.collect(),
    );
    if sa.len() != sb.len() {
        return Err(format!("{} sections became {}", sa.len(), sb.len()));
    }
    let shstrndx = a.shstrndx();
    if (a.section_count(), shstrndx) != (b.section_count(), b.shstrndx()) {
        return Err(format!(
            "section count and shstrndx {:?} became {:?}",
            (a.section_count(), shstrndx),
            (b.section_count(), b.shstrndx())
        ));
    }
    // Section 0 holds the extended numbering (e_shnum = 0, e_shstrndx = SHN_XINDEX) of
    // x86_64-extnum.o; a file laid out again may use the plain fields instead, as it has
    // fewer than SHN_LORESERVE sections.
    let extended = a.header().e_shnum == 0 || u32::from(a.header().e_shstrndx) == SHN_XINDEX;
    for (x, y) in sa.iter().zip(&sb).skip(usize::from(extended)) {
        let (hx, hy) = (x.header(), y.header());
        let name = x.name_bytes().map_err(e)?;
        let shown = String::from_utf8_lossy(name);
        let is_debug = debug_base(name).is_some() && hx.sh_flags & u64::from(SHF_ALLOC) == 0;
        let keep = !u64::from(SHF_COMPRESSED);
        let same_header = hx.sh_type == hy.sh_type
            && hx.sh_flags & keep == hy.sh_flags & keep
            && hx.sh_addr == hy.sh_addr
            && hx.sh_link == hy.sh_link
            && hx.sh_info == hy.sh_info
            && hx.sh_entsize == hy.sh_entsize;
        if !same_header {
            return Err(format!("{shown}: header {hx:?} became {hy:?}"));
        }
        // Like objcopy, libelf renames `.rela.debug_x` with `.debug_x`.
        let (nx, ny) = (unz(name), unz(y.name_bytes().map_err(e)?));
        if nx != ny {
            return Err(format!("{shown} was renamed to {}", y.name().map_err(e)?));
        }
        if !is_debug && x.index().0 != shstrndx && x.data().map_err(e)? != y.data().map_err(e)? {
            return Err(format!("{shown}: contents changed"));
        }
    }
    if a.program_headers().map_err(e)? != b.program_headers().map_err(e)? {
        return Err("program headers changed".into());
    }
    // The segments' bytes are the same, but for the ELF header (e_shoff moves).
    let ehsize = usize::from(a.header().e_ehsize);
    for ph in a.program_headers().map_err(e)? {
        let (mut x, mut y) = (
            a.segment_data(ph).map_err(e)?.to_vec(),
            b.segment_data(ph).map_err(e)?.to_vec(),
        );
        let skip = (ehsize as u64).saturating_sub(ph.p_offset) as usize;
        for v in [&mut x, &mut y] {
            v.iter_mut().take(skip).for_each(|byte| *byte = 0);
        }
        if x != y {
            return Err(format!("segment at {:#x} changed", ph.p_offset));
        }
    }
    let h = (*a.header(), *b.header());
    if (
        h.0.e_type,
        h.0.e_machine,
        h.0.e_flags,
        h.0.e_entry,
        h.0.e_phnum,
    ) != (
        h.1.e_type,
        h.1.e_machine,
        h.1.e_flags,
        h.1.e_entry,
        h.1.e_phnum,
    ) {
        return Err(format!("ELF header {:?} became {:?}", h.0, h.1));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// GNU tools

/// GNU readelf sees the same DWARF in the output, and no new warning.
fn readelf_check(readelf: &GnuTool, fx: &Fixture, kname: &str, kind: Compress) -> Res {
    let data = fx.read()?;
    let out = compress_elf(&data, kind)?;
    // Same file name in another directory, so messages naming the file compare equal.
    let dir = scratch_dir(
        Path::new(env!("CARGO_TARGET_TMPDIR")),
        &format!("readelf-{kname}-{}", fx.name),
    )?;
    let out_path = dir.join(&fx.name);
    std::fs::write(&out_path, &out).map_err(|err| format!("{}: {err}", out_path.display()))?;
    let in_dir = fx.path.parent().ok_or("no directory")?;
    let run = |args: &[&str], d: &Path| -> Res<(String, String, Option<i32>)> {
        let mut all: Vec<&str> = args.to_vec();
        all.push(&fx.name);
        let o = readelf.run(&all, Some(d))?;
        let text = |b: &[u8]| String::from_utf8_lossy(b).replace(".zdebug_", ".debug_");
        Ok((text(&o.stdout), text(&o.stderr), o.status.code()))
    };

    let want = run(&["--debug-dump=info"], in_dir)?;
    let got = run(&["--debug-dump=info"], &dir)?;
    if want.0 != got.0 {
        return Err(show_diff(
            "readelf --debug-dump=info (stdout)",
            &want.0,
            &got.0,
        ));
    }
    if !want.0.contains("DW_TAG_compile_unit") {
        return Err("readelf printed no compile unit".into());
    }
    no_new_warnings("--debug-dump=info", &want, &got)?;
    let want = run(&["-a", "-W"], in_dir)?;
    let got = run(&["-a", "-W"], &dir)?;
    no_new_warnings("-a -W", &want, &got)
}

/// readelf's stderr for the output has no line its stderr for the input lacks, and the
/// exit status is the same. (Fewer warnings are fine: readelf 2.40 warns "data size is
/// too big" about the notes of x86_64-extnum.o, whose extended numbering the output
/// need not keep.)
fn no_new_warnings(
    opts: &str,
    want: &(String, String, Option<i32>),
    got: &(String, String, Option<i32>),
) -> Res {
    let new: Vec<&str> = got
        .1
        .lines()
        .filter(|l| !want.1.lines().any(|w| w == *l))
        .collect();
    if !new.is_empty() {
        return Err(format!(
            "readelf {opts} warns about the output only:\n{}",
            new.join("\n")
        ));
    }
    if want.2 != got.2 {
        return Err(format!(
            "readelf {opts}: exit status {:?}, for the input {:?}",
            got.2, want.2
        ));
    }
    Ok(())
}

/// GNU objcopy 2.40 does not recognise an EM_LOONGARCH object, so it cannot compress
/// its debug sections; libelf compresses them (and the `compress-*` tests check the
/// result). A newer objcopy may accept the file: then this only checks that libelf does.
fn objcopy_refuses(objcopy: &GnuTool, fx: &Fixture) -> Res {
    let data = fx.read()?;
    let file = ElfFile::parse(&data).map_err(e)?;
    if file.header().e_machine != EM_LOONGARCH {
        return Err(format!(
            "e_machine {}, want EM_LOONGARCH",
            file.header().e_machine
        ));
    }
    let dir = scratch_dir(Path::new(env!("CARGO_TARGET_TMPDIR")), "objcopy-loongarch")?;
    let out = dir.join("out.o");
    let o = objcopy.run(
        [
            "--compress-debug-sections=zlib".as_ref(),
            fx.path.as_os_str(),
            out.as_os_str(),
        ],
        None,
    )?;
    let stderr = String::from_utf8_lossy(&o.stderr);
    if objcopy.version == (2, 40)
        && (o.status.success() || !stderr.contains("Unable to recognise the format"))
    {
        return Err(format!(
            "objcopy 2.40 was expected to refuse the file; status {:?}, stderr: {stderr}",
            o.status.code()
        ));
    }
    for (_, kind) in KINDS {
        let out = compress_elf(&data, kind)?;
        check_compressed(&data, &out, kind)?;
        let b = ElfFile::parse(&out).map_err(e)?;
        if b.header().e_machine != EM_LOONGARCH {
            return Err("e_machine changed".into());
        }
    }
    Ok(())
}
