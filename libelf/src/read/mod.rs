//! Zero-copy, lazily parsed views of an ELF object.
//!
//! [`ElfFile::parse`] reads only the ELF header. Section and program headers are decoded
//! on first use and cached; everything else (symbols, relocations, notes…) is decoded as
//! it is iterated. Slices returned borrow from the input (`'data`), not from the view.
//!
//! An unknown class or byte order is an error unless [`ParseOptions::lenient_ident`] asks
//! for GNU readelf's reading (a class other than `ELFCLASS64` read as 32-bit, a byte order
//! other than `ELFDATA2MSB` as little-endian).

mod cursor;
mod dynamic;
mod file;
mod group;
mod hash;
mod note;
mod reloc;
mod section;
mod strtab;
mod symbol;
mod table;
mod version;

pub use cursor::*;
pub use dynamic::*;
pub use file::*;
pub use group::*;
pub use hash::*;
pub use note::*;
pub use reloc::*;
pub use section::*;
pub use strtab::*;
pub use symbol::*;
pub use table::*;
pub use version::*;

/// The ELF file header, class-independent (addresses and offsets widened to 64 bits).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[allow(missing_docs)]
pub struct FileHeader {
    pub e_ident: [u8; 16],
    pub e_type: u16,
    pub e_machine: u16,
    pub e_version: u32,
    pub e_entry: u64,
    pub e_phoff: u64,
    pub e_shoff: u64,
    pub e_flags: u32,
    pub e_ehsize: u16,
    pub e_phentsize: u16,
    pub e_phnum: u16,
    pub e_shentsize: u16,
    pub e_shnum: u16,
    pub e_shstrndx: u16,
}

/// A section header, class-independent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[allow(missing_docs)]
pub struct SectionHeader {
    pub sh_name: u32,
    pub sh_type: u32,
    pub sh_flags: u64,
    pub sh_addr: u64,
    pub sh_offset: u64,
    pub sh_size: u64,
    pub sh_link: u32,
    pub sh_info: u32,
    pub sh_addralign: u64,
    pub sh_entsize: u64,
}

impl SectionHeader {
    /// Whether the section occupies bytes in the file (not `SHT_NOBITS`, not `SHT_NULL`).
    pub fn has_file_data(&self) -> bool {
        self.sh_type != crate::consts::SHT_NOBITS && self.sh_type != crate::consts::SHT_NULL
    }
}

/// A program header, class-independent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[allow(missing_docs)]
pub struct ProgramHeader {
    pub p_type: u32,
    pub p_flags: u32,
    pub p_offset: u64,
    pub p_vaddr: u64,
    pub p_paddr: u64,
    pub p_filesz: u64,
    pub p_memsz: u64,
    pub p_align: u64,
}

/// A symbol table entry, class-independent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[allow(missing_docs)]
pub struct Sym {
    pub st_name: u32,
    pub st_info: u8,
    pub st_other: u8,
    pub st_shndx: u16,
    pub st_value: u64,
    pub st_size: u64,
}

/// A symbol as GNU binutils holds it internally (`Elf_Internal_Sym`): like [`Sym`], but
/// with the section index widened to 32 bits, so that an `SHT_SYMTAB_SHNDX` entry fits
/// and the reserved indexes (`0xff00..=0xffff`) become `0xffff_ff00..=0xffff_ffff`
/// ([`Symbol::gnu_shndx`]). What a drop-in for GNU's tools keeps of a symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[allow(missing_docs)]
pub struct WideSym {
    pub st_name: u32,
    pub st_info: u8,
    pub st_other: u8,
    pub st_shndx: u32,
    pub st_value: u64,
    pub st_size: u64,
}

impl From<&Symbol<'_>> for WideSym {
    fn from(s: &Symbol<'_>) -> Self {
        WideSym {
            st_name: s.sym.st_name,
            st_info: s.sym.st_info,
            st_other: s.sym.st_other,
            st_shndx: s.gnu_shndx(),
            st_value: s.sym.st_value,
            st_size: s.sym.st_size,
        }
    }
}

/// `st_bind`, `st_type` and `st_visibility` for a symbol record.
macro_rules! st_info_accessors {
    ($($ty:ty),*) => {$(
        impl $ty {
            /// `ELF_ST_BIND(st_info)`.
            pub fn st_bind(&self) -> u8 {
                self.st_info >> 4
            }
            /// `ELF_ST_TYPE(st_info)`.
            pub fn st_type(&self) -> u8 {
                self.st_info & 0xf
            }
            /// `ELF_ST_VISIBILITY(st_other)`.
            pub fn st_visibility(&self) -> u8 {
                self.st_other & 0x3
            }
        }
    )*};
}
st_info_accessors!(Sym, WideSym);

/// A REL or RELA relocation, class-independent. `r_addend` is `None` for REL.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[allow(missing_docs)]
pub struct Reloc {
    pub r_offset: u64,
    pub r_info: u64,
    pub r_addend: Option<i64>,
}

impl Reloc {
    /// The symbol index of `r_info` (`ELF32_R_SYM` / `ELF64_R_SYM`).
    ///
    /// 64-bit little-endian MIPS packs `r_info` differently; see [`Reloc::mips64el_info`].
    pub fn r_sym(&self, class: crate::Class) -> u32 {
        match class {
            crate::Class::Elf32 => (self.r_info >> 8) as u32,
            crate::Class::Elf64 => (self.r_info >> 32) as u32,
        }
    }

    /// The relocation type of `r_info` (`ELF32_R_TYPE` / `ELF64_R_TYPE`).
    pub fn r_type(&self, class: crate::Class) -> u32 {
        match class {
            crate::Class::Elf32 => (self.r_info & 0xff) as u32,
            crate::Class::Elf64 => (self.r_info & 0xffff_ffff) as u32,
        }
    }

    /// Decode `r_info` as 64-bit little-endian MIPS lays it out: a 32-bit symbol index,
    /// then one byte each of `r_ssym`, `r_type3`, `r_type2`, `r_type`.
    ///
    /// Returns `(sym, ssym, type, type2, type3)`.
    pub fn mips64el_info(&self) -> (u32, u8, u8, u8, u8) {
        let i = self.r_info;
        (
            (i & 0xffff_ffff) as u32,
            (i >> 32) as u8,
            (i >> 56) as u8,
            (i >> 48) as u8,
            (i >> 40) as u8,
        )
    }
}

/// A dynamic section entry, class-independent (`d_tag` sign-extended).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[allow(missing_docs)]
pub struct Dyn {
    pub d_tag: i64,
    pub d_val: u64,
}

/// The header of an `SHF_COMPRESSED` section, class-independent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
#[allow(missing_docs)]
pub struct CompressionHeader {
    pub ch_type: u32,
    pub ch_size: u64,
    pub ch_addralign: u64,
}

/// Decoding single records at an offset, for callers (like a drop-in readelf) that walk
/// tables with their own rules.
macro_rules! record_parse {
    ($ty:ty, $doc:literal, |$d:ident, $o:ident, $c:ident, $e:ident| $body:expr) => {
        impl $ty {
            #[doc = $doc]
            ///
            /// # Errors
            /// [`crate::Error::Malformed`] if the record does not fit in `data` at `offset`.
            pub fn parse(
                $d: &[u8],
                $o: usize,
                $c: crate::Class,
                $e: crate::Endian,
            ) -> crate::Result<Self> {
                $body
            }

            /// Size of the record in the file for `class`.
            pub fn size(class: crate::Class) -> usize {
                crate::raw::size_of(<$ty>::REC, class)
            }
        }
    };
}

impl SectionHeader {
    const REC: crate::raw::Rec = crate::raw::Rec::Shdr;
}
impl ProgramHeader {
    const REC: crate::raw::Rec = crate::raw::Rec::Phdr;
}
impl Sym {
    const REC: crate::raw::Rec = crate::raw::Rec::Sym;
}
impl Dyn {
    const REC: crate::raw::Rec = crate::raw::Rec::Dyn;
}
impl FileHeader {
    const REC: crate::raw::Rec = crate::raw::Rec::Ehdr;
}

record_parse!(
    SectionHeader,
    "Decode a section header at `offset`.",
    |d, o, c, e| crate::raw::shdr(d, o, c, e)
);
record_parse!(
    ProgramHeader,
    "Decode a program header at `offset`.",
    |d, o, c, e| crate::raw::phdr(d, o, c, e)
);
record_parse!(Sym, "Decode a symbol at `offset`.", |d, o, c, e| {
    crate::raw::sym(d, o, c, e)
});
record_parse!(Dyn, "Decode a dynamic entry at `offset`.", |d, o, c, e| {
    crate::raw::dynamic(d, o, c, e)
});
record_parse!(FileHeader, "Decode the ELF header at the start of `data` (`offset` must be 0 or the header is read at `data[offset..]`).", |d, o, c, e| crate::raw::ehdr(d.get(o..).unwrap_or(&[]), c, e));

impl Reloc {
    /// Decode a REL (`rela == false`) or RELA entry at `offset`.
    ///
    /// # Errors
    /// [`crate::Error::Malformed`] if the record does not fit in `data` at `offset`.
    pub fn parse(
        data: &[u8],
        offset: usize,
        rela: bool,
        class: crate::Class,
        endian: crate::Endian,
    ) -> crate::Result<Self> {
        crate::raw::reloc(data, offset, rela, class, endian)
    }

    /// Size of a REL or RELA record in the file for `class`.
    pub fn size(rela: bool, class: crate::Class) -> usize {
        crate::raw::size_of(
            if rela {
                crate::raw::Rec::Rela
            } else {
                crate::raw::Rec::Rel
            },
            class,
        )
    }
}

/// Read an unsigned integer of 1, 2, 4 or 8 bytes at `offset` in the given byte order.
///
/// # Errors
/// [`crate::Error::Malformed`] if it does not fit in `data`, or `width` is not 1, 2, 4 or 8.
pub fn read_uint(
    data: &[u8],
    offset: usize,
    width: usize,
    endian: crate::Endian,
) -> crate::Result<u64> {
    if !matches!(width, 1 | 2 | 4 | 8) {
        return Err(crate::Error::BadValue {
            what: "integer width",
            value: width as u64,
        });
    }
    crate::raw::uint(data, offset, width, endian)
}
