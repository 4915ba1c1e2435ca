//! Section groups (`SHT_GROUP`): a flag word, then the indexes of the member sections.

use super::{Section, SectionIndex, SymbolIndex, SymbolTable};
use crate::consts::{GRP_COMDAT, STT_SECTION};
use crate::raw;
use crate::{Endian, Error, Result};

/// The contents of a `SHT_GROUP` section.
///
/// The first word is the flags (`GRP_COMDAT`); each following word, in the file's byte
/// order, is a member's section index. Trailing bytes that do not make a word are ignored.
#[derive(Debug, Clone, Copy)]
pub struct GroupSection<'data> {
    flags: u32,
    members: &'data [u8],
    endian: Endian,
}

impl<'data> GroupSection<'data> {
    /// A group over `data`.
    ///
    /// # Errors
    /// [`Error::Malformed`] if `data` is shorter than the flag word.
    pub fn new(data: &'data [u8], endian: Endian) -> Result<Self> {
        let err = Error::Malformed {
            what: "group section (no flag word)",
            offset: 0,
        };
        let flags = raw::uint(data, 0, 4, endian).map_err(|_| err.clone())? as u32;
        Ok(GroupSection {
            flags,
            members: data.get(4..).ok_or(err)?,
            endian,
        })
    }

    /// The group in a section (its type is not checked).
    ///
    /// # Errors
    /// Those of [`Section::data`] and [`GroupSection::new`].
    pub fn parse(section: &Section<'_, 'data>) -> Result<Self> {
        Self::new(section.data()?, section.endian())
    }

    /// The flag word.
    pub fn flags(&self) -> u32 {
        self.flags
    }

    /// Whether `GRP_COMDAT` is set.
    pub fn is_comdat(&self) -> bool {
        self.flags & GRP_COMDAT != 0
    }

    /// Number of members.
    pub fn len(&self) -> usize {
        self.members.len() / 4
    }

    /// Whether the group has no members.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Member `i`, or `None` past the end. The index is as stored: it may name no section.
    pub fn get(&self, i: usize) -> Option<SectionIndex> {
        let off = i.checked_mul(4)?;
        raw::uint(self.members, off, 4, self.endian)
            .ok()
            .map(|v| SectionIndex(v as u32))
    }

    /// The members in order.
    pub fn members(&self) -> impl Iterator<Item = SectionIndex> + '_ {
        (0..self.len()).filter_map(move |i| self.get(i))
    }

    /// The signature of a group section, as GNU readelf finds it: the name of symbol
    /// `sh_info` in the symbol table `sh_link`, or, when that symbol is an `STT_SECTION`
    /// symbol, the name of its section.
    ///
    /// # Errors
    /// [`Error::BadSectionIndex`] for a bad `sh_link` or a section symbol's bad section
    /// index; [`Error::Malformed`] if `sh_info` is not a symbol of the table;
    /// [`Error::BadStringOffset`] for a bad name; those of [`SymbolTable::parse`].
    pub fn signature(section: &Section<'_, 'data>) -> Result<&'data [u8]> {
        let symbols = SymbolTable::parse(&section.link()?)?;
        let sym = symbols.get(SymbolIndex(section.header().sh_info))?;
        if sym.sym.st_type() != STT_SECTION {
            return sym.name_bytes();
        }
        let index = sym.shndx.filter(|&i| i != 0).unwrap_or(u32::MAX);
        section.file().section(SectionIndex(index))?.name_bytes()
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::consts::{EI_CLASS, EI_DATA, EV_CURRENT, SHT_GROUP, SHT_STRTAB, SHT_SYMTAB};
    use crate::raw::{put_ehdr, put_shdr, size_of, Rec};
    use crate::read::{FileHeader, SectionHeader};
    use crate::{Class, ElfFile};

    /// A section for [`build_elf`]: name, type, data, `sh_link`, `sh_info`, `sh_entsize`.
    pub(crate) type TestSection<'a> = (&'a str, u32, Vec<u8>, u32, u32, u64);

    /// A relocatable ELF file with a null section, `sections` (data 8-aligned after the
    /// header), then `.shstrtab` and the section header table.
    pub(crate) fn build_elf(
        class: Class,
        e: Endian,
        machine: u16,
        sections: &[TestSection],
    ) -> Vec<u8> {
        let mut out = vec![0u8; size_of(Rec::Ehdr, class)];
        let mut names = vec![0u8];
        let mut headers = vec![SectionHeader::default()];
        let all = sections
            .iter()
            .cloned()
            .chain([(".shstrtab", SHT_STRTAB, Vec::new(), 0, 0, 0)]);
        for (i, (name, sh_type, mut data, sh_link, sh_info, sh_entsize)) in all.enumerate() {
            let sh_name = names.len() as u32;
            names.extend(name.as_bytes().iter().chain(&[0]));
            if i == sections.len() {
                data = names.clone();
            }
            out.resize(out.len().next_multiple_of(8), 0);
            let (sh_offset, sh_size) = (out.len() as u64, data.len() as u64);
            out.extend(data);
            headers.push(SectionHeader {
                sh_name,
                sh_type,
                sh_offset,
                sh_size,
                sh_link,
                sh_info,
                sh_entsize,
                sh_addralign: 8,
                ..Default::default()
            });
        }
        out.resize(out.len().next_multiple_of(8), 0);
        let shoff = out.len();
        let shsize = size_of(Rec::Shdr, class);
        out.resize(shoff + headers.len() * shsize, 0);
        for (i, h) in headers.iter().enumerate() {
            put_shdr(&mut out, shoff + i * shsize, h, class, e).unwrap();
        }
        let mut e_ident = [0u8; 16];
        e_ident[..4].copy_from_slice(b"\x7fELF");
        e_ident[EI_CLASS] = if class == Class::Elf64 { 2 } else { 1 };
        e_ident[EI_DATA] = if e == Endian::Big { 2 } else { 1 };
        e_ident[6] = EV_CURRENT;
        let h = FileHeader {
            e_ident,
            e_type: 1,
            e_machine: machine,
            e_version: 1,
            e_shoff: shoff as u64,
            e_ehsize: size_of(Rec::Ehdr, class) as u16,
            e_shentsize: shsize as u16,
            e_shnum: headers.len() as u16,
            e_shstrndx: (headers.len() - 1) as u16,
            ..Default::default()
        };
        put_ehdr(&mut out, &h, class, e).unwrap();
        out
    }

    /// Encode 32-bit words in byte order `e`.
    pub(crate) fn words(v: &[u32], e: Endian) -> Vec<u8> {
        let one = |w: &u32| {
            if e == Endian::Big {
                w.to_be_bytes()
            } else {
                w.to_le_bytes()
            }
        };
        v.iter().flat_map(one).collect()
    }

    /// One symbol in class `c` and byte order `e`: name, info, shndx.
    pub(crate) fn sym(c: Class, e: Endian, name: u32, info: u8, shndx: u16) -> Vec<u8> {
        let mut b = vec![0u8; size_of(Rec::Sym, c)];
        let s = crate::read::Sym {
            st_name: name,
            st_info: info,
            st_shndx: shndx,
            ..Default::default()
        };
        raw::put_sym(&mut b, 0, &s, c, e).unwrap();
        b
    }

    #[test]
    fn groups_all_classes_and_orders() {
        for (c, e) in [
            (Class::Elf32, Endian::Little),
            (Class::Elf32, Endian::Big),
            (Class::Elf64, Endian::Little),
            (Class::Elf64, Endian::Big),
        ] {
            #[rustfmt::skip]
            let group = words(&[
                GRP_COMDAT, // flags
                4, 5,       // members: .text.f, .data.f
            ], e);
            #[rustfmt::skip]
            let symtab = [
                sym(c, e, 0, 0, 0),                     // 0: null
                sym(c, e, 1, 0x12, 4),                  // 1: "f", GLOBAL FUNC in .text.f
                sym(c, e, 0, STT_SECTION, 5),           // 2: section symbol of .data.f
            ].concat();
            let strtab = b"\0f\0".to_vec();
            let secs: Vec<TestSection> = vec![
                (".group", SHT_GROUP, group, 3, 1, 4), // 1: signature symbol 1
                (".group", SHT_GROUP, words(&[0, 4], e), 3, 2, 4), // 2: signature symbol 2
                (
                    ".symtab",
                    SHT_SYMTAB,
                    symtab,
                    6,
                    1,
                    size_of(Rec::Sym, c) as u64,
                ), // 3
                (".text.f", 1, vec![0xc3], 0, 0, 0),   // 4
                (".data.f", 1, vec![0; 4], 0, 0, 0),   // 5
                (".strtab", SHT_STRTAB, strtab, 0, 0, 0), // 6
            ];
            let bytes = build_elf(c, e, 62, &secs);
            let file = ElfFile::parse(&bytes).unwrap();
            let s1 = file.section(SectionIndex(1)).unwrap();
            let g = GroupSection::parse(&s1).unwrap();
            assert!(g.is_comdat() && g.len() == 2);
            assert_eq!(
                g.members().collect::<Vec<_>>(),
                [SectionIndex(4), SectionIndex(5)]
            );
            assert_eq!(g.get(2), None);
            assert_eq!(GroupSection::signature(&s1).unwrap(), b"f");
            let s2 = file.section(SectionIndex(2)).unwrap();
            let g = GroupSection::parse(&s2).unwrap();
            assert_eq!((g.flags(), g.is_comdat(), g.len()), (0, false, 1));
            assert_eq!(GroupSection::signature(&s2).unwrap(), b".data.f");
        }
    }

    #[test]
    fn malformed_groups() {
        let e = Endian::Big;
        assert!(matches!(
            GroupSection::new(&[0, 0, 1], e),
            Err(Error::Malformed { .. })
        ));
        // Only the flag word, and a trailing partial member.
        let g = GroupSection::new(&[0, 0, 0, 1, 0, 0, 0, 7, 0xff], e).unwrap();
        assert_eq!((g.is_comdat(), g.len()), (true, 1));
        assert_eq!(g.members().collect::<Vec<_>>(), [SectionIndex(7)]);
        assert!(GroupSection::new(&[1, 0, 0, 0], Endian::Little)
            .unwrap()
            .is_empty());
        // A signature symbol index out of range, and a bad sh_link.
        let secs: Vec<TestSection> = vec![
            (".group", SHT_GROUP, words(&[1], e), 2, 9, 4),
            (".symtab", SHT_SYMTAB, vec![0; 16], 0, 0, 16),
            (".group", SHT_GROUP, words(&[1], e), 99, 0, 4),
        ];
        let bytes = build_elf(Class::Elf32, e, 3, &secs);
        let file = ElfFile::parse(&bytes).unwrap();
        assert!(GroupSection::signature(&file.section(SectionIndex(1)).unwrap()).is_err());
        let bad_link = GroupSection::signature(&file.section(SectionIndex(3)).unwrap());
        assert!(matches!(
            bad_link,
            Err(Error::BadSectionIndex { index: 99, .. })
        ));
    }
}
