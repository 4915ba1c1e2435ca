//! Fixed-layout records decoded and encoded with goblin's per-class structs through scroll.
//!
//! This is the only module that touches goblin's record types; everything public uses the
//! class-independent structs of [`crate::read`].

use scroll::{Pread, Pwrite};

use crate::read::{CompressionHeader, Dyn, FileHeader, ProgramHeader, Reloc, SectionHeader, Sym};
use crate::{Class, Endian, Error, Result};

fn se(e: Endian) -> scroll::Endian {
    match e {
        Endian::Little => scroll::LE,
        Endian::Big => scroll::BE,
    }
}

fn malformed(what: &'static str, offset: usize) -> Error {
    Error::Malformed {
        what,
        offset: offset as u64,
    }
}

macro_rules! read_rec {
    ($data:expr, $off:expr, $ty:ty, $e:expr, $what:expr) => {
        $data
            .pread_with::<$ty>($off, se($e))
            .map_err(|_| malformed($what, $off))
    };
}

macro_rules! write_rec {
    ($buf:expr, $off:expr, $val:expr, $e:expr) => {
        $buf.pwrite_with($val, $off, se($e))
            .map(|_| ())
            .map_err(|_| Error::Layout("record does not fit its buffer"))
    };
}

/// Size in bytes of a record kind in a class.
pub(crate) fn size_of(kind: Rec, class: Class) -> usize {
    use Class::*;
    match (kind, class) {
        (Rec::Ehdr, Elf32) => 52,
        (Rec::Ehdr, Elf64) => 64,
        (Rec::Shdr, Elf32) => 40,
        (Rec::Shdr, Elf64) => 64,
        (Rec::Phdr, Elf32) => 32,
        (Rec::Phdr, Elf64) => 56,
        (Rec::Sym, Elf32) => 16,
        (Rec::Sym, Elf64) => 24,
        (Rec::Rel, Elf32) => 8,
        (Rec::Rel, Elf64) => 16,
        (Rec::Rela, Elf32) => 12,
        (Rec::Rela, Elf64) => 24,
        (Rec::Dyn, Elf32) => 8,
        (Rec::Dyn, Elf64) => 16,
        (Rec::Chdr, Elf32) => 12,
        (Rec::Chdr, Elf64) => 24,
    }
}

/// Record kinds with a class-dependent layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Rec {
    Ehdr,
    Shdr,
    Phdr,
    Sym,
    Rel,
    Rela,
    Dyn,
    Chdr,
}

/// Decode the ELF header with the given class and byte order.
///
/// goblin's header decoder takes the byte order from `EI_DATA` and rejects values other
/// than LSB/MSB; callers (GNU readelf among them) read such files as little-endian, so
/// the fields are read here one by one with the byte order we were given.
pub(crate) fn ehdr(data: &[u8], class: Class, e: Endian) -> Result<FileHeader> {
    let s = se(e);
    let bad = |_| malformed("ELF header", 0);
    if data.len() < size_of(Rec::Ehdr, class) {
        return Err(malformed("ELF header", 0));
    }
    let mut e_ident = [0u8; 16];
    e_ident.copy_from_slice(data.get(..16).ok_or(malformed("ELF header", 0))?);
    let off = &mut 16usize;
    let u16_ = |o: &mut usize| data.gread_with::<u16>(o, s).map_err(bad);
    let u32_ = |o: &mut usize| data.gread_with::<u32>(o, s).map_err(bad);
    let addr = |o: &mut usize| match class {
        Class::Elf32 => data.gread_with::<u32>(o, s).map(u64::from).map_err(bad),
        Class::Elf64 => data.gread_with::<u64>(o, s).map_err(bad),
    };
    let (e_type, e_machine, e_version) = (u16_(off)?, u16_(off)?, u32_(off)?);
    let [e_entry, e_phoff, e_shoff] = [addr(off)?, addr(off)?, addr(off)?];
    let e_flags = u32_(off)?;
    let mut half = [0u16; 6];
    for h in &mut half {
        *h = u16_(off)?;
    }
    let [e_ehsize, e_phentsize, e_phnum, e_shentsize, e_shnum, e_shstrndx] = half;
    Ok(FileHeader {
        e_ident,
        e_type,
        e_machine,
        e_version,
        e_entry,
        e_phoff,
        e_shoff,
        e_flags,
        e_ehsize,
        e_phentsize,
        e_phnum,
        e_shentsize,
        e_shnum,
        e_shstrndx,
    })
}

/// Narrow a 64-bit field to a 32-bit one, failing if it does not fit.
fn n32(v: u64, what: &'static str) -> Result<u32> {
    u32::try_from(v).map_err(|_| Error::BadValue { what, value: v })
}

/// Encode the ELF header with the given class and byte order (not `EI_DATA`'s, so
/// deliberately inconsistent headers can be written).
pub(crate) fn put_ehdr(buf: &mut [u8], h: &FileHeader, class: Class, e: Endian) -> Result<()> {
    let s = se(e);
    let err = |_| Error::Layout("ELF header does not fit its buffer");
    buf.get_mut(..16)
        .ok_or(Error::Layout("ELF header does not fit its buffer"))?
        .copy_from_slice(&h.e_ident);
    let off = &mut 16usize;
    buf.gwrite_with(h.e_type, off, s).map_err(err)?;
    buf.gwrite_with(h.e_machine, off, s).map_err(err)?;
    buf.gwrite_with(h.e_version, off, s).map_err(err)?;
    for (v, what) in [
        (h.e_entry, "e_entry"),
        (h.e_phoff, "e_phoff"),
        (h.e_shoff, "e_shoff"),
    ] {
        match class {
            Class::Elf32 => buf.gwrite_with(n32(v, what)?, off, s).map_err(err)?,
            Class::Elf64 => buf.gwrite_with(v, off, s).map_err(err)?,
        };
    }
    buf.gwrite_with(h.e_flags, off, s).map_err(err)?;
    for v in [
        h.e_ehsize,
        h.e_phentsize,
        h.e_phnum,
        h.e_shentsize,
        h.e_shnum,
        h.e_shstrndx,
    ] {
        buf.gwrite_with(v, off, s).map_err(err)?;
    }
    Ok(())
}

/// A class-dependent field width: 32 bits in ELFCLASS32 records, 64 bits in ELFCLASS64.
trait Word: Sized {
    /// The field as the class-independent 64-bit value.
    fn widen(self) -> u64;
    /// The 64-bit value in this width, failing (naming the field) if it does not fit.
    fn narrow(v: u64, what: &'static str) -> Result<Self>;
}

impl Word for u32 {
    fn widen(self) -> u64 {
        u64::from(self)
    }
    fn narrow(v: u64, what: &'static str) -> Result<Self> {
        n32(v, what)
    }
}

impl Word for u64 {
    fn widen(self) -> u64 {
        self
    }
    fn narrow(v: u64, _what: &'static str) -> Result<Self> {
        Ok(v)
    }
}

/// Decoder and encoder for a record whose 32- and 64-bit layouts have the same fields:
/// `keep` fields have one width in both classes, `word` fields are class-wide words and
/// `pad64` fields exist (as zero) only in the 64-bit layout.
macro_rules! class_record {
    (
        $read:ident, $write:ident, $what:literal, $ours:ident,
        $t32:ty, $t64:ty,
        keep: [$($k:ident),*], word: [$($w:ident),*] $(, pad64: [$($p:ident),*])?
    ) => {
        pub(crate) fn $read(data: &[u8], off: usize, class: Class, e: Endian) -> Result<$ours> {
            Ok(match class {
                Class::Elf32 => {
                    let r = read_rec!(data, off, $t32, e, $what)?;
                    $ours { $($k: r.$k,)* $($w: Word::widen(r.$w),)* }
                }
                Class::Elf64 => {
                    let r = read_rec!(data, off, $t64, e, $what)?;
                    $ours { $($k: r.$k,)* $($w: Word::widen(r.$w),)* }
                }
            })
        }

        pub(crate) fn $write(
            buf: &mut [u8],
            off: usize,
            v: &$ours,
            class: Class,
            e: Endian,
        ) -> Result<()> {
            match class {
                Class::Elf32 => {
                    type R = $t32;
                    let r = R {
                        $($k: v.$k,)*
                        $($w: Word::narrow(v.$w, stringify!($w))?,)*
                    };
                    write_rec!(buf, off, r, e)
                }
                Class::Elf64 => {
                    type R = $t64;
                    let r = R {
                        $($k: v.$k,)*
                        $($w: Word::narrow(v.$w, stringify!($w))?,)*
                        $($($p: 0,)*)?
                    };
                    write_rec!(buf, off, r, e)
                }
            }
        }
    };
}

class_record!(
    shdr, put_shdr, "section header", SectionHeader,
    goblin::elf32::section_header::SectionHeader,
    goblin::elf64::section_header::SectionHeader,
    keep: [sh_name, sh_type, sh_link, sh_info],
    word: [sh_flags, sh_addr, sh_offset, sh_size, sh_addralign, sh_entsize]
);

class_record!(
    phdr, put_phdr, "program header", ProgramHeader,
    goblin::elf32::program_header::ProgramHeader,
    goblin::elf64::program_header::ProgramHeader,
    keep: [p_type, p_flags],
    word: [p_offset, p_vaddr, p_paddr, p_filesz, p_memsz, p_align]
);

class_record!(
    sym, put_sym, "symbol", Sym,
    goblin::elf32::sym::Sym,
    goblin::elf64::sym::Sym,
    keep: [st_name, st_info, st_other, st_shndx],
    word: [st_value, st_size]
);

class_record!(
    chdr, put_chdr, "compression header", CompressionHeader,
    goblin::elf::compression_header::compression_header32::CompressionHeader,
    goblin::elf::compression_header::compression_header64::CompressionHeader,
    keep: [ch_type],
    word: [ch_size, ch_addralign],
    pad64: [ch_reserved]
);

pub(crate) fn reloc(data: &[u8], off: usize, rela: bool, class: Class, e: Endian) -> Result<Reloc> {
    Ok(match (class, rela) {
        (Class::Elf32, false) => {
            let r = read_rec!(data, off, goblin::elf32::reloc::Rel, e, "relocation")?;
            Reloc {
                r_offset: r.r_offset.into(),
                r_info: r.r_info.into(),
                r_addend: None,
            }
        }
        (Class::Elf32, true) => {
            let r = read_rec!(data, off, goblin::elf32::reloc::Rela, e, "relocation")?;
            Reloc {
                r_offset: r.r_offset.into(),
                r_info: r.r_info.into(),
                r_addend: Some(r.r_addend.into()),
            }
        }
        (Class::Elf64, false) => {
            let r = read_rec!(data, off, goblin::elf64::reloc::Rel, e, "relocation")?;
            Reloc {
                r_offset: r.r_offset,
                r_info: r.r_info,
                r_addend: None,
            }
        }
        (Class::Elf64, true) => {
            let r = read_rec!(data, off, goblin::elf64::reloc::Rela, e, "relocation")?;
            Reloc {
                r_offset: r.r_offset,
                r_info: r.r_info,
                r_addend: Some(r.r_addend),
            }
        }
    })
}

pub(crate) fn put_reloc(buf: &mut [u8], off: usize, r: &Reloc, c: Class, e: Endian) -> Result<()> {
    match (c, r.r_addend) {
        (Class::Elf32, None) => {
            let v = goblin::elf32::reloc::Rel {
                r_offset: n32(r.r_offset, "r_offset")?,
                r_info: n32(r.r_info, "r_info")?,
            };
            write_rec!(buf, off, v, e)
        }
        (Class::Elf32, Some(a)) => {
            let v = goblin::elf32::reloc::Rela {
                r_offset: n32(r.r_offset, "r_offset")?,
                r_info: n32(r.r_info, "r_info")?,
                r_addend: i32::try_from(a).map_err(|_| Error::BadValue {
                    what: "r_addend",
                    value: a as u64,
                })?,
            };
            write_rec!(buf, off, v, e)
        }
        (Class::Elf64, None) => {
            let v = goblin::elf64::reloc::Rel {
                r_offset: r.r_offset,
                r_info: r.r_info,
            };
            write_rec!(buf, off, v, e)
        }
        (Class::Elf64, Some(a)) => {
            let v = goblin::elf64::reloc::Rela {
                r_offset: r.r_offset,
                r_info: r.r_info,
                r_addend: a,
            };
            write_rec!(buf, off, v, e)
        }
    }
}

pub(crate) fn dynamic(data: &[u8], off: usize, class: Class, e: Endian) -> Result<Dyn> {
    Ok(match class {
        Class::Elf32 => {
            let d = read_rec!(data, off, goblin::elf32::dynamic::Dyn, e, "dynamic entry")?;
            Dyn {
                d_tag: i64::from(d.d_tag as i32),
                d_val: d.d_val.into(),
            }
        }
        Class::Elf64 => {
            let d = read_rec!(data, off, goblin::elf64::dynamic::Dyn, e, "dynamic entry")?;
            Dyn {
                d_tag: d.d_tag as i64,
                d_val: d.d_val,
            }
        }
    })
}

pub(crate) fn put_dynamic(buf: &mut [u8], off: usize, d: &Dyn, c: Class, e: Endian) -> Result<()> {
    match c {
        Class::Elf32 => {
            let v = goblin::elf32::dynamic::Dyn {
                d_tag: d.d_tag as i32 as u32,
                d_val: n32(d.d_val, "d_val")?,
            };
            write_rec!(buf, off, v, e)
        }
        Class::Elf64 => {
            let v = goblin::elf64::dynamic::Dyn {
                d_tag: d.d_tag as u64,
                d_val: d.d_val,
            };
            write_rec!(buf, off, v, e)
        }
    }
}

/// Read an unsigned integer of `width` bytes (1, 2, 4 or 8).
pub(crate) fn uint(data: &[u8], off: usize, width: usize, e: Endian) -> Result<u64> {
    let s = se(e);
    let r = match width {
        1 => data.pread_with::<u8>(off, s).map(u64::from),
        2 => data.pread_with::<u16>(off, s).map(u64::from),
        4 => data.pread_with::<u32>(off, s).map(u64::from),
        _ => data.pread_with::<u64>(off, s),
    };
    r.map_err(|_| malformed("integer", off))
}

/// Write an unsigned integer of `width` bytes (1, 2, 4 or 8), truncating `v`.
pub(crate) fn put_uint(buf: &mut [u8], off: usize, width: usize, v: u64, e: Endian) -> Result<()> {
    let s = se(e);
    let r = match width {
        1 => buf.pwrite_with(v as u8, off, s),
        2 => buf.pwrite_with(v as u16, off, s),
        4 => buf.pwrite_with(v as u32, off, s),
        _ => buf.pwrite_with(v, off, s),
    };
    r.map(|_| ())
        .map_err(|_| Error::Layout("integer does not fit its buffer"))
}
