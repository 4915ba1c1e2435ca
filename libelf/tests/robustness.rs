//! Arbitrary and mutated bytes never make libelf panic, hang or allocate wildly, and
//! every input the fuzzers ever crashed on is replayed here (`tests/malformed/`).

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::indexing_slicing,
    clippy::panic
)]

use proptest::prelude::*;

/// A small valid object to mutate: an ELF64 LSB relocatable built by the edit model,
/// with a symbol table, a relocation section and a compressed debug section.
fn seed(class: libelf::Class, endian: libelf::Endian) -> Vec<u8> {
    use libelf::consts::*;
    use libelf::edit::{Object, SectionData};
    use libelf::read::{Reloc, Sym};
    let mut obj = Object::new(class, endian, ET_REL, EM_AARCH64);
    let text = obj.add_section(
        b".text",
        SHT_PROGBITS,
        6,
        SectionData::Bytes(vec![0xd6, 0x5f, 0x03, 0xc0]),
    );
    let strtab = obj.add_section(b".strtab", SHT_STRTAB, 0, SectionData::Bytes(vec![0]));
    let name = obj.add_string(strtab, b"f").unwrap();
    let symtab = obj.add_section(
        b".symtab",
        SHT_SYMTAB,
        0,
        SectionData::Symbols(vec![
            Sym::default(),
            Sym {
                st_name: name,
                st_info: 0x12,
                st_shndx: text as u16,
                st_size: 4,
                ..Default::default()
            },
        ]),
    );
    obj.sections[symtab].header.sh_link = strtab as u32;
    obj.sections[symtab].header.sh_info = 1;
    let rela = obj.add_section(
        b".rela.text",
        SHT_RELA,
        0,
        SectionData::Relocations(vec![Reloc {
            r_offset: 0,
            r_info: if class == libelf::Class::Elf64 {
                (1 << 32) | 283
            } else {
                (1 << 8) | 2
            },
            r_addend: Some(-4),
        }]),
    );
    obj.sections[rela].header.sh_link = symtab as u32;
    obj.sections[rela].header.sh_info = text as u32;
    obj.add_section(
        b".debug_str",
        SHT_PROGBITS,
        0,
        SectionData::Bytes(b"hello hello hello hello\0".repeat(20)),
    );
    obj.compress_debug_sections(libelf::compression::Compress::Zlib)
        .unwrap();
    obj.write().unwrap()
}

fn check(data: &[u8]) {
    libelf::walk::elf(data);
    libelf::walk::archive(data);
    if let Some(Err(e)) = libelf::walk::edit_identity(data) {
        panic!("{e}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn arbitrary_bytes(data in proptest::collection::vec(any::<u8>(), 0..512)) {
        check(&data);
    }

    #[test]
    fn arbitrary_bytes_after_elf_magic(tail in proptest::collection::vec(any::<u8>(), 0..512)) {
        let data = [&b"\x7fELF"[..], &tail].concat();
        check(&data);
    }

    #[test]
    fn mutated_object(
        which in 0usize..4,
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
        cut in any::<prop::sample::Index>(),
        truncate in any::<bool>(),
    ) {
        use libelf::{Class, Endian};
        let (class, endian) = [(Class::Elf64, Endian::Little), (Class::Elf64, Endian::Big),
                               (Class::Elf32, Endian::Little), (Class::Elf32, Endian::Big)][which];
        let mut data = seed(class, endian);
        for (i, b) in edits {
            let i = i.index(data.len());
            data[i] = b;
        }
        if truncate {
            data.truncate(cut.index(data.len() + 1));
        }
        check(&data);
    }

    #[test]
    fn mutated_archive(
        edits in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..8),
    ) {
        let obj = seed(libelf::Class::Elf64, libelf::Endian::Little);
        let mut b = libelf::archive::ArchiveBuilder::new();
        b.add_member_with_symbols("a_rather_long_member_name.o", obj.clone(), [&b"f"[..]]);
        b.add_member("b.o", obj);
        let mut data = b.build().unwrap();
        for (i, v) in edits {
            let i = i.index(data.len());
            data[i] = v;
        }
        check(&data);
    }
}

#[test]
fn seeds_are_valid_and_round_trip() {
    use libelf::{Class, Endian};
    for class in [Class::Elf32, Class::Elf64] {
        for endian in [Endian::Little, Endian::Big] {
            let data = seed(class, endian);
            assert!(libelf::walk::elf(&data) != 0);
            assert_eq!(libelf::walk::edit_identity(&data), Some(Ok(())));
        }
    }
}

/// Every file under `tests/malformed/` (crashes the fuzzers found) goes through every path.
#[test]
fn malformed_regressions() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/malformed");
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "md") {
            continue;
        }
        let data = std::fs::read(&path).unwrap();
        check(&data);
        n += 1;
    }
    eprintln!("replayed {n} malformed inputs");
}
