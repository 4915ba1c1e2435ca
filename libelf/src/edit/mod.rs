//! An owned, editable model of an ELF object, and writing it back to bytes.
//!
//! [`Object::read`] copies a parsed file into the model: the file header, the program
//! headers, every section (header, name and bytes) and every byte range the headers do
//! not describe (gaps, padding, trailing data), so that [`Object::write`] of an
//! unmodified model reproduces the input byte for byte, odd files included.
//!
//! Sections start as raw bytes. Ask for a typed view to edit them
//! ([`Object::symbols_mut`], [`Object::relocations_mut`], [`Object::dynamic_mut`]); it is
//! encoded again when written.
//!
//! # Layout
//! [`Object::write`] keeps the layout held in the model when nothing moved (no section
//! changed size or name, none added or removed), and otherwise lays the file out again
//! ([`Layout::Recompute`]): sections inside a segment keep their offsets (they may
//! shrink, not grow), everything else is packed after them in file order with its
//! alignment, and the section header table goes last. [`Layout::Keep`] writes every
//! offset as the model holds it, like libelf's `ELF_F_LAYOUT`: the caller owns the layout.
//!
//! ```
//! use libelf::edit::{Object, SectionData};
//! use libelf::{consts, Class, Endian};
//!
//! # fn main() -> libelf::Result<()> {
//! let mut obj = Object::new(Class::Elf64, Endian::Little, consts::ET_REL, consts::EM_X86_64);
//! obj.add_section(b".text", consts::SHT_PROGBITS, u64::from(consts::SHF_ALLOC | consts::SHF_EXECINSTR),
//!                 SectionData::Bytes(vec![0xc3]));
//! let bytes = obj.write()?;
//! let file = libelf::ElfFile::parse(&bytes)?;
//! let text = file.section_by_name(b".text")?.expect("written");
//! assert_eq!(text.data()?, &[0xc3]);
//! // Reading it back and writing again gives the same bytes.
//! assert_eq!(Object::read(&file)?.write()?, bytes);
//! # Ok(())
//! # }
//! ```

mod layout;

pub use layout::Layout;

use crate::compression::{self, Compress};
use crate::consts::{
    SHF_ALLOC, SHF_COMPRESSED, SHF_INFO_LINK, SHN_LORESERVE, SHN_XINDEX, SHT_DYNAMIC, SHT_GROUP,
    SHT_REL, SHT_RELA,
};
use crate::raw::{self, Rec};
use crate::read::{
    Dyn, DynamicTable, ElfFile, FileHeader, ProgramHeader, Reloc, RelocTable, SectionHeader, Sym,
};
use crate::{Class, Endian, Error, Result};

/// The contents of a section in the model.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SectionData {
    /// Bytes as stored in the file (compressed sections stay compressed).
    Bytes(Vec<u8>),
    /// Symbols, encoded as `Elf_Sym` records on write.
    Symbols(Vec<Sym>),
    /// Relocations, encoded as `Elf_Rel` or `Elf_Rela` (by `r_addend`) on write.
    Relocations(Vec<Reloc>),
    /// Dynamic entries, encoded as `Elf_Dyn` on write.
    Dynamic(Vec<Dyn>),
    /// Notes, encoded with the alignment given (4 or 8) on write.
    Notes {
        /// The notes in order.
        notes: Vec<NoteEntry>,
        /// Padding of names and descriptors: 4, or 8 for 8-byte aligned note sections.
        align: usize,
    },
}

/// A note in the model.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct NoteEntry {
    /// `n_type`.
    pub n_type: u32,
    /// The owner name without its NUL (written with one; an empty name gets `n_namesz` 0).
    pub name: Vec<u8>,
    /// The descriptor.
    pub desc: Vec<u8>,
}

/// A section in the model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Section {
    /// The header. On [`Layout::Recompute`], `sh_offset`, `sh_size` (except for
    /// `SHT_NOBITS`) and `sh_name` are computed; the rest is written as it is.
    pub header: SectionHeader,
    /// The name. A name not found at `sh_name` in the section name table is added to it.
    pub name: Vec<u8>,
    /// The contents.
    pub data: SectionData,
    /// Where it came from: `(sh_offset, encoded length, name)` when read from a file.
    origin: Option<(u64, u64, Vec<u8>)>,
}

/// A byte range of the input that no header, table or section describes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fill {
    /// Where it was.
    pub offset: u64,
    /// Its bytes.
    pub bytes: Vec<u8>,
}

/// An owned, editable ELF object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Object {
    /// The class the object is written in.
    pub class: Class,
    /// The byte order it is written in.
    pub endian: Endian,
    /// The ELF header. Offsets and counts are computed on [`Layout::Recompute`].
    pub header: FileHeader,
    /// The program headers.
    pub segments: Vec<ProgramHeader>,
    /// The sections, the null section 0 included (empty if the file has no section
    /// header table).
    pub sections: Vec<Section>,
    /// Bytes no header describes, kept for byte-identical output.
    pub fills: Vec<Fill>,
    /// Whether the section header table could be read (if not, it is left as the
    /// header describes it and never written).
    sections_read: bool,
    /// Original number of sections and segments, to tell whether anything moved.
    origin_counts: Option<(usize, usize)>,
}

/// A section as [`View`] sees it: its header, name and bytes borrowed from the file.
#[derive(Debug, Clone, Copy)]
pub struct SectionView<'data> {
    /// The header as read.
    pub header: SectionHeader,
    /// The name (empty if the section name table cannot give it).
    pub name: &'data [u8],
    /// The bytes in the file (none for `SHT_NOBITS`; cut at the end of the file).
    pub bytes: &'data [u8],
}

/// Everything [`Object::read`] takes from a file, borrowed rather than copied: the
/// headers, every section's bytes and every byte range no header describes. Writing
/// these parts back where they were gives the file again; describing a file this way
/// (as `elfc --dump` does) needs no copy of it.
#[derive(Debug, Clone)]
pub struct View<'data> {
    /// The file's class.
    pub class: Class,
    /// The file's byte order.
    pub endian: Endian,
    /// The ELF header.
    pub header: FileHeader,
    /// The program headers (empty if the table cannot be read).
    pub segments: Vec<ProgramHeader>,
    /// The sections, section 0 included (empty if the table cannot be read).
    pub sections: Vec<SectionView<'data>>,
    /// The byte ranges no header, table or section describes: `(offset, bytes)`, in
    /// file order.
    pub fills: Vec<(u64, &'data [u8])>,
    /// Whether the section header table could be read.
    pub sections_read: bool,
}

impl<'data> View<'data> {
    /// The parts of a parsed file.
    ///
    /// # Errors
    /// None at present for files [`ElfFile::parse`] accepted.
    pub fn new(file: &ElfFile<'data>) -> Result<Self> {
        let data = file.data();
        let len = data.len() as u64;
        let class = file.class();
        let header = *file.header();
        let segments = file.program_headers().map(<[_]>::to_vec);
        let (segments, segments_read) = match segments {
            Ok(s) => (s, true),
            Err(_) => (Vec::new(), false),
        };
        let shdrs = file.section_headers();
        let (shdrs, sections_read) = match shdrs {
            Ok(s) => (s, true),
            Err(_) => (&[][..], false),
        };
        let names = file.shstrtab().ok();

        // Everything the headers describe, to find what they do not.
        let mut covered: Vec<(u64, u64)> = Vec::with_capacity(3 + shdrs.len() * 2);
        covered.push((0, raw::size_of(Rec::Ehdr, class) as u64));
        let table = |off: u64, n: usize, stride: u16, rec: Rec| {
            let size = raw::size_of(rec, class) as u64;
            (0..n as u64).map(move |i| (off + i * u64::from(stride), size))
        };
        if segments_read {
            covered.extend(table(
                header.e_phoff,
                segments.len(),
                header.e_phentsize,
                Rec::Phdr,
            ));
        }
        if sections_read {
            covered.extend(table(
                header.e_shoff,
                shdrs.len(),
                header.e_shentsize,
                Rec::Shdr,
            ));
        }
        let mut sections = Vec::with_capacity(shdrs.len());
        for sh in shdrs {
            let bytes = if sh.has_file_data() && sh.sh_offset < len {
                let size = sh.sh_size.min(len - sh.sh_offset);
                covered.push((sh.sh_offset, size));
                crate::slice(data, sh.sh_offset, size, "section")?
            } else {
                &[]
            };
            let name = names
                .and_then(|n| n.get(sh.sh_name).ok())
                .unwrap_or_default();
            sections.push(SectionView {
                header: *sh,
                name,
                bytes,
            });
        }
        let fills = uncovered(&mut covered, len)
            .into_iter()
            .filter_map(|(offset, size)| {
                Some((offset, crate::slice(data, offset, size, "gap").ok()?))
            })
            .collect();
        Ok(View {
            class,
            endian: file.endian(),
            header,
            segments,
            sections,
            fills,
            sections_read,
        })
    }
}

impl Object {
    /// An empty object with a null section 0 and the usual header fields.
    pub fn new(class: Class, endian: Endian, e_type: u16, e_machine: u16) -> Self {
        let mut e_ident = [0u8; 16];
        e_ident[..4].copy_from_slice(crate::read::ELF_MAGIC);
        e_ident[4] = if class == Class::Elf64 { 2 } else { 1 };
        e_ident[5] = if endian == Endian::Big { 2 } else { 1 };
        e_ident[6] = 1;
        let header = FileHeader {
            e_ident,
            e_type,
            e_machine,
            e_version: 1,
            e_ehsize: raw::size_of(Rec::Ehdr, class) as u16,
            e_shentsize: raw::size_of(Rec::Shdr, class) as u16,
            ..Default::default()
        };
        Object {
            class,
            endian,
            header,
            segments: Vec::new(),
            sections: vec![Section {
                header: SectionHeader::default(),
                name: Vec::new(),
                data: SectionData::Bytes(Vec::new()),
                origin: None,
            }],
            fills: Vec::new(),
            sections_read: true,
            origin_counts: None,
        }
    }

    /// Copy a parsed file into the model (a [`View`] of it, copied).
    ///
    /// A section header or program header table that cannot be read is kept as the ELF
    /// header describes it (and its bytes as fills), so odd files still round-trip.
    /// Sections reaching past the end of the file keep the bytes that exist.
    ///
    /// # Errors
    /// None at present for files [`ElfFile::parse`] accepted; the `Result` leaves room
    /// for checks to come.
    pub fn read(file: &ElfFile<'_>) -> Result<Self> {
        let v = View::new(file)?;
        let sections: Vec<Section> = v
            .sections
            .iter()
            .map(|s| Section {
                header: s.header,
                origin: Some((s.header.sh_offset, s.bytes.len() as u64, s.name.to_vec())),
                name: s.name.to_vec(),
                data: SectionData::Bytes(s.bytes.to_vec()),
            })
            .collect();
        let fills = v
            .fills
            .iter()
            .map(|&(offset, bytes)| Fill {
                offset,
                bytes: bytes.to_vec(),
            })
            .collect();
        Ok(Object {
            class: v.class,
            endian: v.endian,
            header: v.header,
            origin_counts: Some((sections.len(), v.segments.len())),
            segments: v.segments,
            sections,
            fills,
            sections_read: v.sections_read,
        })
    }

    /// Append a section and return its index. Its offset is chosen when written.
    pub fn add_section(
        &mut self,
        name: &[u8],
        sh_type: u32,
        sh_flags: u64,
        data: SectionData,
    ) -> usize {
        if self.sections.is_empty() {
            self.sections.push(Section {
                header: SectionHeader::default(),
                name: Vec::new(),
                data: SectionData::Bytes(Vec::new()),
                origin: None,
            });
        }
        let (align, entsize) = match &data {
            SectionData::Bytes(_) => (1, 0),
            SectionData::Notes { align, .. } => (*align as u64, 0),
            SectionData::Symbols(_) => (
                self.class.addr_size() as u64,
                raw::size_of(Rec::Sym, self.class) as u64,
            ),
            SectionData::Relocations(r) => {
                let rec = if r.first().is_some_and(|r| r.r_addend.is_some()) {
                    Rec::Rela
                } else {
                    Rec::Rel
                };
                (
                    self.class.addr_size() as u64,
                    raw::size_of(rec, self.class) as u64,
                )
            }
            SectionData::Dynamic(_) => (
                self.class.addr_size() as u64,
                raw::size_of(Rec::Dyn, self.class) as u64,
            ),
        };
        self.sections.push(Section {
            header: SectionHeader {
                sh_type,
                sh_flags,
                sh_addralign: align,
                sh_entsize: entsize,
                ..Default::default()
            },
            name: name.to_vec(),
            data,
            origin: None,
        });
        self.sections.len() - 1
    }

    /// Remove section `index`, renumbering the references to later sections: `sh_link`,
    /// `sh_info` of relocation sections and `SHF_INFO_LINK` sections, `e_shstrndx`,
    /// symbols' `st_shndx` and their `SHT_SYMTAB_SHNDX` entries, and group members.
    /// References to the removed section become 0.
    ///
    /// # Errors
    /// [`Error::BadSectionIndex`] if `index` is 0 or out of range; errors decoding the
    /// symbol tables and groups it renumbers.
    pub fn remove_section(&mut self, index: usize) -> Result<()> {
        if index == 0 || index >= self.sections.len() {
            return Err(Error::BadSectionIndex {
                index: index as u32,
                count: self.sections.len() as u32,
            });
        }
        let map = |i: u32| -> u32 {
            match (i as usize).cmp(&index) {
                std::cmp::Ordering::Less => i,
                std::cmp::Ordering::Equal => 0,
                std::cmp::Ordering::Greater => i - 1,
            }
        };
        let shstrndx = self.shstrndx();
        self.sections.remove(index);
        if shstrndx != 0 {
            self.set_shstrndx(map(shstrndx));
        }
        // Section 0's `sh_link` is `e_shstrndx` under extended numbering, set above.
        for i in 1..self.sections.len() {
            let Some(s) = self.sections.get_mut(i) else {
                continue;
            };
            s.header.sh_link = map(s.header.sh_link);
            let t = s.header.sh_type;
            if t == SHT_REL || t == SHT_RELA || s.header.sh_flags & u64::from(SHF_INFO_LINK) != 0 {
                s.header.sh_info = map(s.header.sh_info);
            }
            match t {
                crate::consts::SHT_SYMTAB | crate::consts::SHT_DYNSYM => {
                    for sym in self.symbols_mut(i)? {
                        let x = u32::from(sym.st_shndx);
                        if x != 0 && x < SHN_LORESERVE {
                            sym.st_shndx = map(x) as u16;
                        }
                    }
                }
                // Group members from the second word; extended section indexes of
                // symbols (`SHN_XINDEX`) from the first.
                SHT_GROUP | crate::consts::SHT_SYMTAB_SHNDX => {
                    let first = if t == SHT_GROUP { 4 } else { 0 };
                    let (endian, s) = (self.endian, self.section_mut(i)?);
                    if let SectionData::Bytes(b) = &mut s.data {
                        for off in (first..b.len().saturating_sub(3)).step_by(4) {
                            let v = raw::uint(b, off, 4, endian)?;
                            raw::put_uint(b, off, 4, u64::from(map(v as u32)), endian)?;
                        }
                    }
                }
                _ => {}
            }
        }
        Ok(())
    }

    fn section_mut(&mut self, index: usize) -> Result<&mut Section> {
        let count = self.sections.len() as u32;
        self.sections.get_mut(index).ok_or(Error::BadSectionIndex {
            index: index as u32,
            count,
        })
    }

    /// The index of the section name string table, resolving `SHN_XINDEX`.
    pub fn shstrndx(&self) -> u32 {
        match u32::from(self.header.e_shstrndx) {
            SHN_XINDEX => self.sections.first().map_or(0, |s| s.header.sh_link),
            n => n,
        }
    }

    fn set_shstrndx(&mut self, index: u32) {
        let extended = self.header.e_shstrndx == SHN_XINDEX as u16 && self.origin_counts.is_some();
        if index < SHN_LORESERVE && !extended {
            self.header.e_shstrndx = index as u16;
            if let Some(s0) = self.sections.first_mut() {
                s0.header.sh_link = 0;
            }
        } else {
            self.header.e_shstrndx = SHN_XINDEX as u16;
            if let Some(s0) = self.sections.first_mut() {
                s0.header.sh_link = index;
            }
        }
    }

    /// The symbols of section `index`, decoded for editing.
    ///
    /// # Errors
    /// [`Error::BadSectionIndex`]; [`Error::Malformed`] if the bytes are not a whole
    /// number of `sh_entsize`-sized symbols of the standard size.
    pub fn symbols_mut(&mut self, index: usize) -> Result<&mut Vec<Sym>> {
        self.decoded_mut(
            index,
            |h, b, class, endian| {
                let size = raw::size_of(Rec::Sym, class);
                check_records(h, b, size, "symbol table")?;
                let syms = (0..b.len() / size)
                    .map(|i| raw::sym(b, i * size, class, endian))
                    .collect::<Result<Vec<_>>>()?;
                Ok(SectionData::Symbols(syms))
            },
            |d| match d {
                SectionData::Symbols(v) => Some(v),
                _ => None,
            },
        )
    }

    /// The relocations of section `index` (`SHT_REL` or `SHT_RELA`), decoded for editing.
    ///
    /// # Errors
    /// As [`Object::symbols_mut`].
    pub fn relocations_mut(&mut self, index: usize) -> Result<&mut Vec<Reloc>> {
        self.decoded_mut(
            index,
            |h, b, class, endian| {
                let rela = h.sh_type == SHT_RELA;
                let size = raw::size_of(if rela { Rec::Rela } else { Rec::Rel }, class);
                check_records(h, b, size, "relocation table")?;
                let v = RelocTable::new(b, rela, size as u64, class, endian)
                    .iter()
                    .collect();
                Ok(SectionData::Relocations(v))
            },
            |d| match d {
                SectionData::Relocations(v) => Some(v),
                _ => None,
            },
        )
    }

    /// The entries of a `SHT_DYNAMIC` section, decoded for editing.
    ///
    /// # Errors
    /// As [`Object::symbols_mut`].
    pub fn dynamic_mut(&mut self, index: usize) -> Result<&mut Vec<Dyn>> {
        self.decoded_mut(
            index,
            |h, b, class, endian| {
                if h.sh_type != SHT_DYNAMIC {
                    return Err(wrong_kind(h));
                }
                check_records(h, b, raw::size_of(Rec::Dyn, class), "dynamic section")?;
                Ok(SectionData::Dynamic(
                    DynamicTable::new(b, class, endian).iter().collect(),
                ))
            },
            |d| match d {
                SectionData::Dynamic(v) => Some(v),
                _ => None,
            },
        )
    }

    /// The notes of a `SHT_NOTE` section, decoded for editing.
    ///
    /// # Errors
    /// [`Error::BadSectionIndex`]; [`Error::Malformed`] if the section does not decode
    /// into notes that encode back to the same bytes (odd padding, extra NULs in names),
    /// so that an edit never silently changes what it did not touch.
    pub fn notes_mut(&mut self, index: usize) -> Result<&mut Vec<NoteEntry>> {
        self.decoded_mut(
            index,
            |h, b, class, endian| {
                if h.sh_type != crate::consts::SHT_NOTE {
                    return Err(wrong_kind(h));
                }
                let iter = crate::read::NoteIter::new(b, endian, h.sh_addralign)?;
                let align = iter.align();
                let notes = iter
                    .map(|n| {
                        n.map(|n| NoteEntry {
                            n_type: n.n_type,
                            name: n.name.to_vec(),
                            desc: n.desc.to_vec(),
                        })
                    })
                    .collect::<Result<Vec<_>>>()?;
                let data = SectionData::Notes { notes, align };
                if encode(&data, class, endian)?.as_ref() != b {
                    return Err(Error::Malformed {
                        what: "note section that does not encode back to its bytes",
                        offset: h.sh_offset,
                    });
                }
                Ok(data)
            },
            |d| match d {
                SectionData::Notes { notes, .. } => Some(notes),
                _ => None,
            },
        )
    }

    /// Section `index`'s contents in one decoded view: still-raw bytes are decoded with
    /// `decode` first (and stay raw if that fails); `view` picks the view out, and a
    /// section already decoded into another view is [`wrong_kind`].
    fn decoded_mut<T>(
        &mut self,
        index: usize,
        decode: impl FnOnce(&SectionHeader, &[u8], Class, Endian) -> Result<SectionData>,
        view: impl FnOnce(&mut SectionData) -> Option<&mut T>,
    ) -> Result<&mut T> {
        let (class, endian) = (self.class, self.endian);
        let s = self.section_mut(index)?;
        if let SectionData::Bytes(b) = &s.data {
            s.data = decode(&s.header, b, class, endian)?;
        }
        let header = s.header;
        view(&mut s.data).ok_or_else(|| wrong_kind(&header))
    }

    /// Add `s` to string table section `index` (reusing an existing copy, suffixes
    /// included) and return its offset.
    ///
    /// # Errors
    /// [`Error::BadSectionIndex`]; [`Error::Malformed`] if the section is not raw bytes.
    pub fn add_string(&mut self, index: usize, s: &[u8]) -> Result<u32> {
        let sec = self.section_mut(index)?;
        match &mut sec.data {
            SectionData::Bytes(b) => Ok(intern(b, s)),
            _ => Err(wrong_kind(&sec.header)),
        }
    }

    /// Encode section `index`'s contents as they will be written.
    ///
    /// # Errors
    /// [`Error::BadValue`] if a value does not fit the class (a 64-bit address in ELF32).
    pub fn section_bytes(&self, index: usize) -> Result<std::borrow::Cow<'_, [u8]>> {
        let s = self.sections.get(index).ok_or(Error::BadSectionIndex {
            index: index as u32,
            count: self.sections.len() as u32,
        })?;
        encode(&s.data, self.class, self.endian)
    }

    /// Compress or decompress every debug section (`.debug_*` and `.zdebug_*`, not
    /// `SHF_ALLOC`) like `objcopy --compress-debug-sections=KIND` (or
    /// `--decompress-debug-sections` for [`Compress::None`]).
    ///
    /// As objcopy does, a section is left uncompressed when compressing would not make
    /// it smaller. [`Compress::ZlibGnu`] renames `.debug_*` to `.zdebug_*`, the other
    /// kinds rename `.zdebug_*` back. Returns how many sections changed.
    ///
    /// # Errors
    /// Those of [`compression::decompress`] for sections already compressed.
    pub fn compress_debug_sections(&mut self, kind: Compress) -> Result<usize> {
        let (class, endian) = (self.class, self.endian);
        let mut renamed = Vec::new();
        let mut changed = 0;
        for (i, s) in self.sections.iter_mut().enumerate() {
            let Some(base) = debug_base(&s.name) else {
                continue;
            };
            let SectionData::Bytes(bytes) = &s.data else {
                continue;
            };
            if s.header.sh_flags & u64::from(SHF_ALLOC) != 0 || !s.header.has_file_data() {
                continue;
            }
            let (plain, align) =
                match compression::detect(&s.header, &s.name, bytes, class, endian)? {
                    Some(c) => (
                        compression::decompress(&c, bytes, compression::DEFAULT_LIMIT)?,
                        c.header.map_or(s.header.sh_addralign, |h| h.ch_addralign),
                    ),
                    None => (bytes.clone(), s.header.sh_addralign),
                };
            let mut header = s.header;
            header.sh_flags &= !u64::from(SHF_COMPRESSED);
            header.sh_addralign = align;
            let mut name = b".debug".to_vec();
            let mut data = plain;
            // GNU readelf and gdb do not know `.zdebug_cu_index`/`.zdebug_tu_index` (the
            // legacy scheme predates DWARF packages), and GNU readelf 2.40 shows only one of
            // several `.zdebug_info` sections (DWARF 5 type units in COMDAT groups), so those
            // stay uncompressed and readable; objcopy 2.40 compresses them and loses them.
            let legacy_unknown = matches!(base, b"_cu_index" | b"_tu_index")
                || s.header.sh_flags & u64::from(crate::consts::SHF_GROUP) != 0;
            let wanted = match kind {
                Compress::ZlibGnu if legacy_unknown => None,
                Compress::None => None,
                k => Some(k),
            };
            if let Some(k) = wanted.filter(|_| !data.is_empty()) {
                let packed = compression::compress(k, &data, class, endian, align)?;
                // As objcopy does: keep the section as it is if compressing does not help.
                if packed.len() < data.len() {
                    data = packed;
                    if k == Compress::ZlibGnu {
                        name = b".zdebug".to_vec();
                        header.sh_addralign = 1;
                    } else {
                        header.sh_flags |= u64::from(SHF_COMPRESSED);
                        header.sh_addralign = class.addr_size() as u64;
                    }
                }
            }
            name.extend_from_slice(base);
            if name != s.name {
                renamed.push((i, s.name.clone(), name.clone()));
            }
            if data != *bytes || name != s.name || header != s.header {
                changed += 1;
                s.data = SectionData::Bytes(data);
                s.name = name;
                s.header = header;
            }
        }
        // Relocation sections named after their target follow it (`.rela.zdebug_info`).
        for (target, old, new) in renamed {
            for s in &mut self.sections {
                let t = s.header.sh_type;
                if (t == SHT_REL || t == SHT_RELA) && s.header.sh_info as usize == target {
                    for prefix in [&b".rela"[..], b".rel"] {
                        if s.name.strip_prefix(prefix) == Some(old.as_slice()) {
                            s.name = [prefix, new.as_slice()].concat();
                            break;
                        }
                    }
                }
            }
        }
        Ok(changed)
    }

    /// Write the object, keeping the model's layout when nothing moved and laying it
    /// out again otherwise (see the module documentation).
    ///
    /// # Errors
    /// Those of [`Object::write_with`].
    pub fn write(&self) -> Result<Vec<u8>> {
        self.write_with(if self.is_unmoved()? {
            Layout::Keep
        } else {
            Layout::Recompute
        })
    }

    /// Write the object with the given layout policy.
    ///
    /// # Errors
    /// [`Error::Layout`] if a section inside a segment grew or a table does not fit;
    /// [`Error::BadValue`] if a value does not fit the class.
    pub fn write_with(&self, layout: Layout) -> Result<Vec<u8>> {
        match layout {
            Layout::Keep => layout::write_kept(self),
            Layout::Recompute => {
                let mut obj = self.clone();
                layout::recompute(&mut obj)?;
                layout::write_kept(&obj)
            }
        }
    }

    /// Whether every section still has its original offset, size and name, and no
    /// section or segment was added or removed.
    fn is_unmoved(&self) -> Result<bool> {
        if self.origin_counts != Some((self.sections.len(), self.segments.len())) {
            return Ok(false);
        }
        for (i, s) in self.sections.iter().enumerate() {
            let Some((off, len, name)) = &s.origin else {
                return Ok(false);
            };
            if *off != s.header.sh_offset
                || name != &s.name
                || self.section_bytes(i)?.len() as u64 != *len
            {
                return Ok(false);
            }
        }
        Ok(true)
    }
}

/// For a debug section name (`.debug_X` or `.zdebug_X`), the part after the prefix.
fn debug_base(name: &[u8]) -> Option<&[u8]> {
    name.strip_prefix(b".zdebug")
        .or_else(|| name.strip_prefix(b".debug"))
}

fn wrong_kind(h: &SectionHeader) -> Error {
    Error::BadValue {
        what: "section type for this view",
        value: u64::from(h.sh_type),
    }
}

fn check_records(h: &SectionHeader, b: &[u8], size: usize, what: &'static str) -> Result<()> {
    let entsize_ok = h.sh_entsize == size as u64 || h.sh_entsize == 0;
    if !entsize_ok || b.len() % size != 0 || b.len() as u64 != h.sh_size {
        return Err(Error::Malformed {
            what,
            offset: h.sh_offset,
        });
    }
    Ok(())
}

/// Encode a section's contents.
fn encode(data: &SectionData, class: Class, endian: Endian) -> Result<std::borrow::Cow<'_, [u8]>> {
    use std::borrow::Cow;
    fn records<T>(
        v: &[T],
        size: usize,
        mut put: impl FnMut(&mut [u8], usize, &T) -> Result<()>,
    ) -> Result<Vec<u8>> {
        let mut out = vec![0u8; v.len() * size];
        for (i, r) in v.iter().enumerate() {
            put(&mut out, i * size, r)?;
        }
        Ok(out)
    }
    Ok(match data {
        SectionData::Bytes(b) => Cow::Borrowed(b),
        SectionData::Symbols(v) => {
            Cow::Owned(records(v, raw::size_of(Rec::Sym, class), |b, o, s| {
                raw::put_sym(b, o, s, class, endian)
            })?)
        }
        SectionData::Relocations(v) => {
            let rela = v.first().is_some_and(|r| r.r_addend.is_some());
            let size = raw::size_of(if rela { Rec::Rela } else { Rec::Rel }, class);
            Cow::Owned(records(v, size, |b, o, r| {
                let r = Reloc {
                    r_addend: if rela {
                        Some(r.r_addend.unwrap_or(0))
                    } else {
                        None
                    },
                    ..*r
                };
                raw::put_reloc(b, o, &r, class, endian)
            })?)
        }
        SectionData::Notes { notes, align } => {
            let pad = |n: usize| n.div_ceil(*align) * *align;
            let mut out = Vec::new();
            for n in notes {
                let namesz = if n.name.is_empty() {
                    0
                } else {
                    n.name.len() + 1
                };
                let mut h = [0u8; 12];
                for (i, v) in [namesz, n.desc.len(), n.n_type as usize]
                    .into_iter()
                    .enumerate()
                {
                    let v = u32::try_from(v).map_err(|_| Error::BadValue {
                        what: "note size",
                        value: v as u64,
                    })?;
                    raw::put_uint(&mut h, i * 4, 4, u64::from(v), endian)?;
                }
                out.extend_from_slice(&h);
                let start = out.len();
                out.extend_from_slice(&n.name);
                out.resize(start + pad(namesz), 0);
                let start = out.len();
                out.extend_from_slice(&n.desc);
                out.resize(start + pad(n.desc.len()), 0);
            }
            Cow::Owned(out)
        }
        SectionData::Dynamic(v) => {
            Cow::Owned(records(v, raw::size_of(Rec::Dyn, class), |b, o, d| {
                raw::put_dynamic(b, o, d, class, endian)
            })?)
        }
    })
}

/// Find `s` NUL-terminated in a string table (as a whole string or a suffix) or append it.
fn intern(table: &mut Vec<u8>, s: &[u8]) -> u32 {
    let mut needle = s.to_vec();
    needle.push(0);
    if let Some(pos) = table
        .windows(needle.len())
        .position(|w| w == needle.as_slice())
    {
        return pos as u32;
    }
    if table.is_empty() {
        table.push(0);
    }
    let pos = table.len();
    table.extend_from_slice(&needle);
    pos as u32
}

/// The parts of `0..len` not covered by any range, as `(offset, size)`.
fn uncovered(ranges: &mut [(u64, u64)], len: u64) -> Vec<(u64, u64)> {
    ranges.sort_unstable();
    let mut out = Vec::new();
    let mut pos = 0u64;
    for &(off, size) in ranges.iter() {
        if off > pos {
            out.push((pos, off.min(len) - pos));
        }
        pos = pos.max(off.saturating_add(size));
        if pos >= len {
            break;
        }
    }
    if pos < len {
        out.push((pos, len - pos));
    }
    out.retain(|&(_, s)| s > 0);
    out
}

#[cfg(test)]
mod tests;
