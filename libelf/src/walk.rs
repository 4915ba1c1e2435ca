//! Walk everything a parser can be asked for: the body of the fuzz targets and property
//! tests. Not part of the stable API.

use crate::consts::{
    PT_NOTE, SHT_DYNAMIC, SHT_DYNSYM, SHT_GNU_HASH, SHT_GNU_VERDEF, SHT_GNU_VERNEED, SHT_GROUP,
    SHT_HASH, SHT_NOTE, SHT_REL, SHT_RELA, SHT_RELR, SHT_SYMTAB,
};
use crate::read::{
    DynamicTable, GnuHashTable, GroupSection, NoteIter, RelocTable, RelrTable, SymbolTable,
    SymbolVersions, SysvHashTable, VerdefIter, VerneedIter,
};
use crate::ElfFile;

/// Parse `data` as an ELF object and touch every table, ignoring errors. Returns a
/// number derived from what was read, so the work cannot be optimised away.
pub fn elf(data: &[u8]) -> u64 {
    let Ok(file) = ElfFile::parse(data) else {
        return 0;
    };
    let mut n = file.section_count() ^ u64::from(file.shstrndx()) ^ file.segment_count();
    if let Ok(phdrs) = file.program_headers() {
        for ph in phdrs {
            n = n.wrapping_add(file.segment_data(ph).map_or(0, |d| d.len() as u64));
            if ph.p_type == PT_NOTE {
                if let Ok(notes) = NoteIter::from_segment(&file, ph) {
                    n = n.wrapping_add(notes.flatten().map(|x| u64::from(x.n_type)).sum::<u64>());
                }
            }
        }
    }
    let versions = SymbolVersions::parse(&file).ok();
    let Ok(sections) = file.sections() else {
        return n;
    };
    for s in sections {
        n = n.wrapping_add(s.name_bytes().map_or(0, |b| b.len() as u64));
        let Ok(data) = s.data() else { continue };
        let (class, endian, h) = (file.class(), file.endian(), s.header());
        match h.sh_type {
            SHT_SYMTAB | SHT_DYNSYM => {
                if let Ok(t) = SymbolTable::parse(&s) {
                    for sym in t.iter() {
                        n = n.wrapping_add(sym.sym.st_value);
                        if let Some(v) = versions
                            .as_ref()
                            .and_then(|v| v.symbol_version(sym.index, &sym.sym))
                        {
                            n = n.wrapping_add(v.name.map_or(1, |x| x.len() as u64));
                        }
                        n = n.wrapping_add(sym.name_bytes().map_or(0, |b| b.len() as u64));
                    }
                }
            }
            SHT_REL | SHT_RELA => {
                for r in
                    RelocTable::new(data, h.sh_type == SHT_RELA, h.sh_entsize, class, endian).iter()
                {
                    n = n.wrapping_add(r.r_offset);
                }
            }
            SHT_RELR => {
                for a in RelrTable::new(data, class, endian)
                    .addresses()
                    .take(1 << 20)
                {
                    n = n.wrapping_add(a);
                }
            }
            SHT_DYNAMIC => {
                for d in DynamicTable::new(data, class, endian).iter() {
                    n = n.wrapping_add(d.d_val);
                }
            }
            SHT_NOTE => {
                if let Ok(notes) = NoteIter::from_section(&s) {
                    n = n.wrapping_add(notes.flatten().map(|x| x.desc.len() as u64).sum::<u64>());
                }
            }
            SHT_GNU_VERDEF => {
                for d in VerdefIter::parse(&s).into_iter().flatten().flatten() {
                    n = n.wrapping_add(d.aux().flatten().count() as u64);
                }
            }
            SHT_GNU_VERNEED => {
                for d in VerneedIter::parse(&s).into_iter().flatten().flatten() {
                    n = n.wrapping_add(d.aux().flatten().count() as u64);
                }
            }
            SHT_GROUP => {
                if let Ok(g) = GroupSection::parse(&s) {
                    n = n.wrapping_add(g.members().map(|m| u64::from(m.0)).sum::<u64>());
                }
            }
            SHT_HASH => {
                if let Ok(h) = SysvHashTable::parse(&s) {
                    n = n.wrapping_add(h.histogram().symbols);
                }
            }
            SHT_GNU_HASH => {
                if let Ok(h) = GnuHashTable::parse(&s) {
                    n = n.wrapping_add(h.histogram().map_or(0, |h| h.symbols));
                }
            }
            _ => {}
        }
        if let Ok(d) = s.decompressed() {
            n = n.wrapping_add(d.len() as u64);
        }
    }
    n
}

/// Parse `data` as an `ar` archive and walk its members (each as an ELF object) and its
/// symbol index, ignoring errors.
pub fn archive(data: &[u8]) -> u64 {
    let Ok(ar) = crate::archive::Archive::parse(data) else {
        return 0;
    };
    let mut n = 0u64;
    for m in ar.members().flatten() {
        n = n.wrapping_add(m.name().len() as u64);
        if let Some(d) = m.data() {
            n = n.wrapping_add(elf(d));
        }
    }
    for s in ar.symbols().flatten() {
        n = n.wrapping_add(s.member_offset());
    }
    n
}

/// Read `data` into the edit model and write it back; the output should equal the input.
///
/// Returns `None` when the input is not an ELF object the model accepts, else whether
/// it came back byte for byte (`Err` says how it did not). Any `Err` is a libelf bug:
/// the `elf_edit` fuzz target and the robustness tests assert `Ok`.
pub fn edit_identity(data: &[u8]) -> Option<std::result::Result<(), String>> {
    let file = ElfFile::parse(data).ok()?;
    let obj = crate::edit::Object::read(&file).ok()?;
    Some(match obj.write() {
        Ok(out) if out == data => Ok(()),
        Ok(_) => Err("read -> write is not byte-identical".to_owned()),
        Err(e) => Err(format!("read -> write failed: {e}")),
    })
}
