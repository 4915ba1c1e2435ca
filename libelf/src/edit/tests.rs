use super::*;
use crate::consts;

/// A repository fixture: a small x86-64 executable with a build-id note.
fn fixture_exec() -> Vec<u8> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/x86_64-exec");
    std::fs::read(path).unwrap()
}

/// Adds an empty `.strtab`; its index.
fn add_strtab(obj: &mut Object) -> usize {
    obj.add_section(
        b".strtab",
        consts::SHT_STRTAB,
        0,
        SectionData::Bytes(vec![0]),
    )
}

/// Adds a `.symtab` of `syms` linked to `strtab`; its index.
fn add_symtab(obj: &mut Object, strtab: usize, syms: Vec<Sym>) -> usize {
    let symtab = obj.add_section(
        b".symtab",
        consts::SHT_SYMTAB,
        0,
        SectionData::Symbols(syms),
    );
    obj.sections[symtab].header.sh_link = strtab as u32;
    symtab
}

#[test]
fn from_scratch_round_trips() {
    for class in [Class::Elf32, Class::Elf64] {
        for endian in [Endian::Little, Endian::Big] {
            let mut obj = Object::new(class, endian, consts::ET_REL, consts::EM_RISCV);
            let text = obj.add_section(
                b".text",
                consts::SHT_PROGBITS,
                u64::from(consts::SHF_ALLOC | consts::SHF_EXECINSTR),
                SectionData::Bytes(vec![0x13, 0, 0, 0]),
            );
            let strtab = add_strtab(&mut obj);
            let name = obj.add_string(strtab, b"main").unwrap();
            let main = Sym {
                st_name: name,
                st_info: (consts::STB_GLOBAL << 4) | consts::STT_FUNC,
                st_shndx: text as u16,
                st_size: 4,
                ..Default::default()
            };
            let symtab = add_symtab(&mut obj, strtab, vec![Sym::default(), main]);
            obj.sections[symtab].header.sh_info = 1;
            let bytes = obj.write().unwrap();
            let file = ElfFile::parse(&bytes).unwrap();
            assert_eq!(file.class(), class);
            assert_eq!(file.endian(), endian);
            let sec = file.section_by_name(b".symtab").unwrap().unwrap();
            let table = crate::read::SymbolTable::parse(&sec).unwrap();
            let main = table.get(crate::read::SymbolIndex(1)).unwrap();
            assert_eq!(main.name_bytes().unwrap(), b"main");
            assert_eq!(main.shndx, Some(text as u32));
            // Read back, write again: the same bytes.
            assert_eq!(Object::read(&file).unwrap().write().unwrap(), bytes);
        }
    }
}

#[test]
fn remove_section_renumbers() {
    let mut obj = Object::new(
        Class::Elf64,
        Endian::Little,
        consts::ET_REL,
        consts::EM_X86_64,
    );
    let a = obj.add_section(b".a", consts::SHT_PROGBITS, 0, SectionData::Bytes(vec![1]));
    let b = obj.add_section(b".b", consts::SHT_PROGBITS, 0, SectionData::Bytes(vec![2]));
    let strtab = add_strtab(&mut obj);
    let in_section = |i: usize| Sym {
        st_shndx: i as u16,
        ..Default::default()
    };
    let syms = vec![Sym::default(), in_section(b), in_section(a)];
    let symtab = add_symtab(&mut obj, strtab, syms);
    obj.remove_section(a).unwrap();
    let symtab = symtab - 1;
    assert_eq!(obj.sections[symtab].header.sh_link, (strtab - 1) as u32);
    let syms = obj.symbols_mut(symtab).unwrap();
    assert_eq!(syms[1].st_shndx, (b - 1) as u16);
    assert_eq!(syms[2].st_shndx, 0);
    let bytes = obj.write().unwrap();
    let file = ElfFile::parse(&bytes).unwrap();
    assert!(file.section_by_name(b".a").unwrap().is_none());
    assert_eq!(
        file.section_by_name(b".b")
            .unwrap()
            .unwrap()
            .data()
            .unwrap(),
        &[2]
    );
}

#[test]
fn odd_files_round_trip() {
    let data = fixture_exec();
    // Truncated: the section header table and the last sections are past the end.
    for cut in [data.len() / 2, data.len() - 1, 200, 64] {
        let part = &data[..cut];
        let file = ElfFile::parse(part).unwrap();
        let out = Object::read(&file).unwrap().write().unwrap();
        assert!(out == part, "cut at {cut}");
    }
    // No section headers at all.
    let mut nosh = data.clone();
    nosh[0x28..0x30].fill(0); // e_shoff
    nosh[0x3c..0x40].fill(0); // e_shnum, e_shstrndx
    let file = ElfFile::parse(&nosh).unwrap();
    assert!(file.section_headers().unwrap().is_empty());
    assert!(Object::read(&file).unwrap().write().unwrap() == nosh);
}

#[test]
fn compression_changes_only_debug_sections() {
    let mut obj = Object::new(Class::Elf64, Endian::Big, consts::ET_REL, consts::EM_S390);
    let info: Vec<u8> = (0..4000u32).map(|i| (i % 7) as u8).collect();
    obj.add_section(
        b".debug_info",
        consts::SHT_PROGBITS,
        0,
        SectionData::Bytes(info.clone()),
    );
    obj.add_section(
        b".text",
        consts::SHT_PROGBITS,
        6,
        SectionData::Bytes(vec![7; 100]),
    );
    let plain = obj.write().unwrap();
    for kind in [Compress::Zlib, Compress::ZlibGnu, Compress::Zstd] {
        let mut o = obj.clone();
        assert_eq!(o.compress_debug_sections(kind).unwrap(), 1);
        let bytes = o.write().unwrap();
        let file = ElfFile::parse(&bytes).unwrap();
        let name: &[u8] = if kind == Compress::ZlibGnu {
            b".zdebug_info"
        } else {
            b".debug_info"
        };
        let s = file.section_by_name(name).unwrap().unwrap();
        assert!(s.compression().unwrap().is_some());
        assert_eq!(&*s.decompressed().unwrap(), info.as_slice());
        // And back.
        let mut back = Object::read(&file).unwrap();
        back.compress_debug_sections(Compress::None).unwrap();
        let again = back.write().unwrap();
        let f2 = ElfFile::parse(&again).unwrap();
        let s2 = f2.section_by_name(b".debug_info").unwrap().unwrap();
        assert!(s2.compression().unwrap().is_none());
        assert_eq!(s2.data().unwrap(), info.as_slice());
    }
    let _ = plain;
}

#[test]
fn notes_edit_round_trips() {
    let data = fixture_exec();
    let file = ElfFile::parse(&data).unwrap();
    let mut obj = Object::read(&file).unwrap();
    let idx = obj
        .sections
        .iter()
        .position(|s| s.name == b".note.gnu.build-id")
        .unwrap();
    // Decoding alone changes nothing.
    obj.notes_mut(idx).unwrap();
    assert!(obj.write().unwrap() == data);
    // Change the build-id in place (same size): still laid out as before.
    let notes = obj.notes_mut(idx).unwrap();
    assert_eq!(notes[0].name, b"GNU");
    notes[0].desc.iter_mut().for_each(|b| *b = 0xab);
    let out = obj.write().unwrap();
    assert_eq!(out.len(), data.len());
    let f2 = ElfFile::parse(&out).unwrap();
    assert_eq!(crate::read::find_build_id(&f2).unwrap(), &[0xab; 20][..]);
}
