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
    Ok(FileHeader {
        e_ident,
        e_type: u16_(off)?,
        e_machine: u16_(off)?,
        e_version: u32_(off)?,
        e_entry: addr(off)?,
        e_phoff: addr(off)?,
        e_shoff: addr(off)?,
        e_flags: u32_(off)?,
        e_ehsize: u16_(off)?,
        e_phentsize: u16_(off)?,
        e_phnum: u16_(off)?,
        e_shentsize: u16_(off)?,
        e_shnum: u16_(off)?,
        e_shstrndx: u16_(off)?,
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

pub(crate) fn shdr(data: &[u8], off: usize, class: Class, e: Endian) -> Result<SectionHeader> {
    Ok(match class {
        Class::Elf32 => {
            let s = read_rec!(
                data,
                off,
                goblin::elf32::section_header::SectionHeader,
                e,
                "section header"
            )?;
            SectionHeader {
                sh_name: s.sh_name,
                sh_type: s.sh_type,
                sh_flags: s.sh_flags.into(),
                sh_addr: s.sh_addr.into(),
                sh_offset: s.sh_offset.into(),
                sh_size: s.sh_size.into(),
                sh_link: s.sh_link,
                sh_info: s.sh_info,
                sh_addralign: s.sh_addralign.into(),
                sh_entsize: s.sh_entsize.into(),
            }
        }
        Class::Elf64 => {
            let s = read_rec!(
                data,
                off,
                goblin::elf64::section_header::SectionHeader,
                e,
                "section header"
            )?;
            SectionHeader {
                sh_name: s.sh_name,
                sh_type: s.sh_type,
                sh_flags: s.sh_flags,
                sh_addr: s.sh_addr,
                sh_offset: s.sh_offset,
                sh_size: s.sh_size,
                sh_link: s.sh_link,
                sh_info: s.sh_info,
                sh_addralign: s.sh_addralign,
                sh_entsize: s.sh_entsize,
            }
        }
    })
}

pub(crate) fn put_shdr(
    buf: &mut [u8],
    off: usize,
    s: &SectionHeader,
    class: Class,
    e: Endian,
) -> Result<()> {
    match class {
        Class::Elf32 => {
            let r = goblin::elf32::section_header::SectionHeader {
                sh_name: s.sh_name,
                sh_type: s.sh_type,
                sh_flags: n32(s.sh_flags, "sh_flags")?,
                sh_addr: n32(s.sh_addr, "sh_addr")?,
                sh_offset: n32(s.sh_offset, "sh_offset")?,
                sh_size: n32(s.sh_size, "sh_size")?,
                sh_link: s.sh_link,
                sh_info: s.sh_info,
                sh_addralign: n32(s.sh_addralign, "sh_addralign")?,
                sh_entsize: n32(s.sh_entsize, "sh_entsize")?,
            };
            write_rec!(buf, off, r, e)
        }
        Class::Elf64 => {
            let r = goblin::elf64::section_header::SectionHeader {
                sh_name: s.sh_name,
                sh_type: s.sh_type,
                sh_flags: s.sh_flags,
                sh_addr: s.sh_addr,
                sh_offset: s.sh_offset,
                sh_size: s.sh_size,
                sh_link: s.sh_link,
                sh_info: s.sh_info,
                sh_addralign: s.sh_addralign,
                sh_entsize: s.sh_entsize,
            };
            write_rec!(buf, off, r, e)
        }
    }
}

pub(crate) fn phdr(data: &[u8], off: usize, class: Class, e: Endian) -> Result<ProgramHeader> {
    Ok(match class {
        Class::Elf32 => {
            let p = read_rec!(
                data,
                off,
                goblin::elf32::program_header::ProgramHeader,
                e,
                "program header"
            )?;
            ProgramHeader {
                p_type: p.p_type,
                p_flags: p.p_flags,
                p_offset: p.p_offset.into(),
                p_vaddr: p.p_vaddr.into(),
                p_paddr: p.p_paddr.into(),
                p_filesz: p.p_filesz.into(),
                p_memsz: p.p_memsz.into(),
                p_align: p.p_align.into(),
            }
        }
        Class::Elf64 => {
            let p = read_rec!(
                data,
                off,
                goblin::elf64::program_header::ProgramHeader,
                e,
                "program header"
            )?;
            ProgramHeader {
                p_type: p.p_type,
                p_flags: p.p_flags,
                p_offset: p.p_offset,
                p_vaddr: p.p_vaddr,
                p_paddr: p.p_paddr,
                p_filesz: p.p_filesz,
                p_memsz: p.p_memsz,
                p_align: p.p_align,
            }
        }
    })
}

pub(crate) fn put_phdr(
    buf: &mut [u8],
    off: usize,
    p: &ProgramHeader,
    class: Class,
    e: Endian,
) -> Result<()> {
    match class {
        Class::Elf32 => {
            let r = goblin::elf32::program_header::ProgramHeader {
                p_type: p.p_type,
                p_flags: p.p_flags,
                p_offset: n32(p.p_offset, "p_offset")?,
                p_vaddr: n32(p.p_vaddr, "p_vaddr")?,
                p_paddr: n32(p.p_paddr, "p_paddr")?,
                p_filesz: n32(p.p_filesz, "p_filesz")?,
                p_memsz: n32(p.p_memsz, "p_memsz")?,
                p_align: n32(p.p_align, "p_align")?,
            };
            write_rec!(buf, off, r, e)
        }
        Class::Elf64 => {
            let r = goblin::elf64::program_header::ProgramHeader {
                p_type: p.p_type,
                p_flags: p.p_flags,
                p_offset: p.p_offset,
                p_vaddr: p.p_vaddr,
                p_paddr: p.p_paddr,
                p_filesz: p.p_filesz,
                p_memsz: p.p_memsz,
                p_align: p.p_align,
            };
            write_rec!(buf, off, r, e)
        }
    }
}

pub(crate) fn sym(data: &[u8], off: usize, class: Class, e: Endian) -> Result<Sym> {
    Ok(match class {
        Class::Elf32 => {
            let s = read_rec!(data, off, goblin::elf32::sym::Sym, e, "symbol")?;
            Sym {
                st_name: s.st_name,
                st_info: s.st_info,
                st_other: s.st_other,
                st_shndx: s.st_shndx,
                st_value: s.st_value.into(),
                st_size: s.st_size.into(),
            }
        }
        Class::Elf64 => {
            let s = read_rec!(data, off, goblin::elf64::sym::Sym, e, "symbol")?;
            Sym {
                st_name: s.st_name,
                st_info: s.st_info,
                st_other: s.st_other,
                st_shndx: s.st_shndx,
                st_value: s.st_value,
                st_size: s.st_size,
            }
        }
    })
}

pub(crate) fn put_sym(buf: &mut [u8], off: usize, s: &Sym, class: Class, e: Endian) -> Result<()> {
    match class {
        Class::Elf32 => {
            let r = goblin::elf32::sym::Sym {
                st_name: s.st_name,
                st_info: s.st_info,
                st_other: s.st_other,
                st_shndx: s.st_shndx,
                st_value: n32(s.st_value, "st_value")?,
                st_size: n32(s.st_size, "st_size")?,
            };
            write_rec!(buf, off, r, e)
        }
        Class::Elf64 => {
            let r = goblin::elf64::sym::Sym {
                st_name: s.st_name,
                st_info: s.st_info,
                st_other: s.st_other,
                st_shndx: s.st_shndx,
                st_value: s.st_value,
                st_size: s.st_size,
            };
            write_rec!(buf, off, r, e)
        }
    }
}

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

pub(crate) fn put_reloc(
    buf: &mut [u8],
    off: usize,
    r: &Reloc,
    class: Class,
    e: Endian,
) -> Result<()> {
    match (class, r.r_addend) {
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

pub(crate) fn put_dynamic(
    buf: &mut [u8],
    off: usize,
    d: &Dyn,
    class: Class,
    e: Endian,
) -> Result<()> {
    match class {
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

pub(crate) fn chdr(data: &[u8], class: Class, e: Endian) -> Result<CompressionHeader> {
    Ok(match class {
        Class::Elf32 => {
            let c = read_rec!(
                data,
                0,
                goblin::elf::compression_header::compression_header32::CompressionHeader,
                e,
                "compression header"
            )?;
            CompressionHeader {
                ch_type: c.ch_type,
                ch_size: c.ch_size.into(),
                ch_addralign: c.ch_addralign.into(),
            }
        }
        Class::Elf64 => {
            let c = read_rec!(
                data,
                0,
                goblin::elf::compression_header::compression_header64::CompressionHeader,
                e,
                "compression header"
            )?;
            CompressionHeader {
                ch_type: c.ch_type,
                ch_size: c.ch_size,
                ch_addralign: c.ch_addralign,
            }
        }
    })
}

pub(crate) fn put_chdr(
    buf: &mut [u8],
    c: &CompressionHeader,
    class: Class,
    e: Endian,
) -> Result<()> {
    match class {
        Class::Elf32 => {
            let v = goblin::elf::compression_header::compression_header32::CompressionHeader {
                ch_type: c.ch_type,
                ch_size: n32(c.ch_size, "ch_size")?,
                ch_addralign: n32(c.ch_addralign, "ch_addralign")?,
            };
            write_rec!(buf, 0, v, e)
        }
        Class::Elf64 => {
            let v = goblin::elf::compression_header::compression_header64::CompressionHeader {
                ch_type: c.ch_type,
                ch_reserved: 0,
                ch_size: c.ch_size,
                ch_addralign: c.ch_addralign,
            };
            write_rec!(buf, 0, v, e)
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
