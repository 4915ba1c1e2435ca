//! Loading symbol tables GNU readelf's way (`get_elf_symbols`, `get_symtab`) and finding a
//! dynamic symbol's version (`get_symbol_version_string`), shared by the relocation,
//! symbol-table and version displays.

use libelf::read::{
    read_uint, SectionHeader, StringTable, Sym, Symbol, SymbolTable, SymbolTableOptions,
};

use crate::display::dynamic::offset_from_vma;
use crate::Cx;

/// `SHN_UNDEF`.
const SHN_UNDEF: u32 = 0;
/// `VERSYM_HIDDEN`.
const VERSYM_HIDDEN: u16 = 0x8000;
/// `VERSYM_VERSION`.
const VERSYM_VERSION: u16 = 0x7fff;
/// `VER_FLG_BASE`.
const VER_FLG_BASE: u16 = 1;
/// `DT_VERSIONTAGIDX(DT_VERSYM)`.
pub const VERSYM_IDX: usize = 15;
/// `DT_VERSIONTAGIDX(DT_VERDEF)`.
pub const VERDEF_IDX: usize = 3;
/// `DT_VERSIONTAGIDX(DT_VERNEED)`.
pub const VERNEED_IDX: usize = 1;

/// A symbol as GNU readelf holds it (`Elf_Internal_Sym`): like [`Sym`], but with the
/// section index widened to 32 bits so an `SHT_SYMTAB_SHNDX` entry fits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ElfSym {
    /// `st_name`.
    pub st_name: u32,
    /// `st_info`.
    pub st_info: u8,
    /// `st_other`.
    pub st_other: u8,
    /// `st_shndx` widened (`SHN_ABS` is `0xffff_fff1`), or the `SHT_SYMTAB_SHNDX` entry
    /// when it is `SHN_XINDEX` and such a section exists.
    pub st_shndx: u32,
    /// `st_value`.
    pub st_value: u64,
    /// `st_size`.
    pub st_size: u64,
}

impl ElfSym {
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

impl From<&Symbol<'_>> for ElfSym {
    /// GNU's internal section index ([`Symbol::gnu_shndx`]): reserved indexes widened,
    /// `SHN_XINDEX` resolved.
    fn from(s: &Symbol<'_>) -> Self {
        ElfSym {
            st_name: s.sym.st_name,
            st_info: s.sym.st_info,
            st_other: s.sym.st_other,
            st_shndx: s.gnu_shndx(),
            st_value: s.sym.st_value,
            st_size: s.sym.st_size,
        }
    }
}

/// The NUL-terminated string at `off` in `table` (to the end of the table if unterminated);
/// empty if `off` is out of range.
pub fn cstr(table: &[u8], off: u64) -> &[u8] {
    let Some(rest) = usize::try_from(off).ok().and_then(|o| table.get(o..)) else {
        return &[];
    };
    rest.split(|&b| b == 0).next().unwrap_or(rest)
}

/// GNU's `get_elf_symbols` for a section of the loaded section headers.
///
/// The section's index (for matching `SHT_SYMTAB_SHNDX` sections) is the first loaded
/// header equal to `sh`. Returns `None`, with GNU's error where it gives one, when the
/// section is empty or cannot be read.
pub fn get_elf_symbols(cx: &mut Cx, sh: &SectionHeader) -> Option<Vec<ElfSym>> {
    let index = cx.sections().iter().position(|s| s == sh);
    get_elf_symbols_at(cx, sh, index)
}

/// GNU's `get_elf_symbols` for `sh`, which is section `index` (`None` for a made-up
/// section, like the one `-D` builds from `DT_SYMTAB`).
pub fn get_elf_symbols_at(
    cx: &mut Cx,
    sh: &SectionHeader,
    index: Option<usize>,
) -> Option<Vec<ElfSym>> {
    if sh.sh_size == 0 {
        return None;
    }
    if sh.sh_entsize == 0 || sh.sh_entsize > sh.sh_size {
        let name = cx.printable_section_name(sh);
        cx.diag.error(format_args!(
            "Section {name} has an invalid sh_entsize of {}\n",
            crate::util::alt_hex(sh.sh_entsize)
        ));
        return None;
    }
    if sh.sh_size > cx.file_size() {
        let name = cx.printable_section_name(sh);
        cx.diag.error(format_args!(
            "Section {name} has an invalid sh_size of {:#x}\n",
            sh.sh_size
        ));
        return None;
    }
    let number = sh.sh_size / sh.sh_entsize;
    let rec = Sym::size(cx.class()) as u64;
    if number.saturating_mul(rec) > sh.sh_size.saturating_add(1) {
        let name = cx.printable_section_name(sh);
        cx.diag.error(format_args!(
            "Size ({:#x}) of section {name} is not a multiple of its sh_entsize ({:#x})\n",
            sh.sh_size, sh.sh_entsize
        ));
        return None;
    }
    let esyms = cx.get_data(sh.sh_offset, 1, sh.sh_size, Some("symbols"))?;
    let mut shndx: Option<&[u8]> = None;
    for k in 0..cx.symtab_shndx.len() {
        let Some(&ent) = cx.symtab_shndx.get(k) else {
            break;
        };
        let Some(eh) = cx.sections().get(ent).copied() else {
            continue;
        };
        if Some(eh.sh_link as usize) != index {
            continue;
        }
        if shndx.is_some() {
            cx.diag.error(format_args!(
                "Multiple symbol table index sections associated with the same symbol section\n"
            ));
        }
        shndx = Some(cx.get_data(
            eh.sh_offset,
            1,
            eh.sh_size,
            Some("symbol table section indices"),
        )?);
        if eh.sh_size / 4 < number {
            let name = cx.printable_section_name(&eh);
            cx.diag.error(format_args!(
                "Index section {name} has an sh_size of {} - expected {}\n",
                crate::util::alt_hex(eh.sh_size),
                crate::util::alt_hex(sh.sh_size)
            ));
            return None;
        }
    }
    // GNU reads `number` records of the natural size, which may run one byte into the
    // NUL it appends to the buffer.
    let table = SymbolTable::from_parts(
        esyms,
        sh.sh_entsize,
        cx.class(),
        cx.endian(),
        StringTable::default(),
        shndx,
        SymbolTableOptions::gnu_readelf(cx.class(), usize::try_from(number).ok()?),
    );
    Some(table.iter().map(|s| ElfSym::from(&s)).collect())
}

/// GNU's `get_symtab`: the symbols of section `symsec` and its string table (`None` when
/// `sh_link` is 0). Returns `None` when either cannot be read.
pub fn get_symtab<'d>(
    cx: &mut Cx<'_, 'd, '_>,
    symsec: usize,
) -> Option<(Vec<ElfSym>, Option<&'d [u8]>)> {
    let sh = *cx.sections().get(symsec)?;
    let syms = get_elf_symbols_at(cx, &sh, Some(symsec))?;
    if sh.sh_link == 0 {
        return Some((syms, None));
    }
    if sh.sh_link >= cx.hdr.e_shnum {
        cx.diag
            .error(format_args!("Bad sh_link in symbol table section\n"));
        return None;
    }
    let strsec = *cx.sections().get(sh.sh_link as usize)?;
    let strtab = cx.get_data(strsec.sh_offset, 1, strsec.sh_size, Some("string table"))?;
    Some((syms, Some(strtab)))
}

/// How a symbol's version is shown (GNU's `enum versioned_symbol_info`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VersionedSymbolInfo {
    /// Found in the needed versions: `name@VER` (or `name@VER (n)` in symbol tables).
    Undefined,
    /// Hidden: `name@VER`.
    Hidden,
    /// The default version: `name@@VER`.
    Public,
}

/// A symbol's version, as [`get_symbol_version_string`] finds it.
#[derive(Debug, Clone, Copy)]
pub struct SymbolVersion<'d> {
    /// The version name (or `<corrupt>`).
    pub name: &'d [u8],
    /// How to show it.
    pub info: VersionedSymbolInfo,
    /// `vna_other` of the needed version (when `info` is `Undefined`).
    pub vna_other: u16,
}

/// Read a `width`-byte integer at file offset `off` (GNU's `get_data` into a buffer and
/// `BYTE_GET`); `None` with GNU's error when it is not in the file.
fn get_record<'d>(cx: &mut Cx<'_, 'd, '_>, off: u64, size: u64, what: &str) -> Option<&'d [u8]> {
    cx.get_data(off, size, 1, Some(what))
}

fn field(rec: &[u8], at: usize, width: usize, cx: &Cx) -> u64 {
    read_uint(rec, at, width, cx.endian()).unwrap_or(0)
}

/// GNU's `get_symbol_version_string`: the version of dynamic symbol `si` (`psym`) through
/// `DT_VERSYM`, `DT_VERDEF` and `DT_VERNEED`, names from `strtab`.
///
/// Returns `None` for a symbol from a non-dynamic table, without a version, or with the
/// base version.
pub fn get_symbol_version_string<'d>(
    cx: &mut Cx<'_, 'd, '_>,
    is_dynsym: bool,
    strtab: Option<&'d [u8]>,
    si: u64,
    psym: &ElfSym,
) -> Option<SymbolVersion<'d>> {
    let versym = cx.dynamic.version_info[VERSYM_IDX];
    if !is_dynsym || versym == 0 {
        return None;
    }
    let strtab_size = strtab.map_or(0, |t| t.len() as u64);
    let name_at = |off: u64| -> &'d [u8] {
        match strtab {
            Some(t) if off < strtab_size => cstr(t, off),
            _ => b"<corrupt>",
        }
    };
    let offset = offset_from_vma(cx, versym, 2u64.wrapping_add(si.wrapping_mul(2)));
    let data = get_record(
        cx,
        offset.wrapping_add(si.wrapping_mul(2)),
        2,
        "version data",
    )?;
    let vers_data = field(data, 0, 2, cx) as u16;
    if vers_data == 0 {
        return None;
    }
    let mut info = if vers_data & VERSYM_HIDDEN != 0 {
        VersionedSymbolInfo::Hidden
    } else {
        VersionedSymbolInfo::Public
    };
    let mut max_vd_ndx: u16 = 0;
    let verdef = cx.dynamic.version_info[VERDEF_IDX];
    if psym.st_shndx != SHN_UNDEF && vers_data != 0x8001 && verdef != 0 {
        let mut off = offset_from_vma(cx, verdef, 20);
        let (mut vd_ndx, mut vd_aux, mut vd_next, mut vd_flags);
        loop {
            match get_record(cx, off, 20, "version def") {
                None => {
                    (vd_ndx, vd_aux, vd_next, vd_flags) = (0u16, 0u64, 0u64, 0u16);
                }
                Some(r) => {
                    vd_flags = field(r, 2, 2, cx) as u16;
                    vd_ndx = field(r, 4, 2, cx) as u16;
                    vd_aux = field(r, 12, 4, cx);
                    vd_next = field(r, 16, 4, cx);
                }
            }
            if vd_ndx & VERSYM_VERSION > max_vd_ndx {
                max_vd_ndx = vd_ndx & VERSYM_VERSION;
            }
            off = off.wrapping_add(vd_next);
            if vd_ndx == vers_data & VERSYM_VERSION || vd_next == 0 {
                break;
            }
        }
        if vd_ndx == vers_data & VERSYM_VERSION {
            if vd_ndx == 1 && vd_flags == VER_FLG_BASE {
                return None;
            }
            off = off.wrapping_sub(vd_next).wrapping_add(vd_aux);
            if let Some(r) = get_record(cx, off, 8, "version def aux") {
                let vda_name = field(r, 0, 4, cx);
                if u64::from(psym.st_name) != vda_name {
                    return Some(SymbolVersion {
                        name: name_at(vda_name),
                        info,
                        vna_other: 0,
                    });
                }
            }
        }
    }
    let verneed = cx.dynamic.version_info[VERNEED_IDX];
    if verneed != 0 {
        let mut offset = offset_from_vma(cx, verneed, 16);
        let (mut vna_other, mut vna_name);
        loop {
            let Some(r) = get_record(cx, offset, 16, "version need") else {
                (vna_other, vna_name) = (0, 0);
                break;
            };
            let vn_aux = field(r, 8, 4, cx);
            let vn_next = field(r, 12, 4, cx);
            let mut vna_off = offset.wrapping_add(vn_aux);
            let mut vna_next;
            loop {
                match get_record(cx, vna_off, 16, "version need aux (3)") {
                    None => (vna_next, vna_other, vna_name) = (0, 0, 0),
                    Some(a) => {
                        vna_other = field(a, 6, 2, cx) as u16;
                        vna_next = field(a, 12, 4, cx);
                        vna_name = field(a, 8, 4, cx);
                    }
                }
                vna_off = vna_off.wrapping_add(vna_next);
                if vna_other == vers_data || vna_next == 0 {
                    break;
                }
            }
            if vna_other == vers_data {
                break;
            }
            offset = offset.wrapping_add(vn_next);
            if vn_next == 0 {
                break;
            }
        }
        if vna_other == vers_data {
            info = VersionedSymbolInfo::Undefined;
            return Some(SymbolVersion {
                name: name_at(vna_name),
                info,
                vna_other,
            });
        } else if (max_vd_ndx != 0 || vers_data & VERSYM_VERSION != 1)
            && vers_data & VERSYM_VERSION > max_vd_ndx
        {
            return Some(SymbolVersion {
                name: b"<corrupt>",
                info,
                vna_other: 0,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_strings() {
        assert_eq!(cstr(b"ab\0cd\0", 0), b"ab");
        assert_eq!(cstr(b"ab\0cd\0", 3), b"cd");
        assert_eq!(cstr(b"ab\0cd", 3), b"cd");
        assert_eq!(cstr(b"ab", 9), b"");
    }

    #[test]
    fn widened_symbols() {
        use libelf::{Class, Endian};
        // st_name 1, st_info 0x12, st_other 2, st_shndx SHN_ABS, value 5, size 6; then
        // an entry with SHN_XINDEX whose SHT_SYMTAB_SHNDX entry is 0x12345, cut short by
        // one byte (GNU reads into the NUL after its buffer).
        let mut d = vec![1, 0, 0, 0, 0x12, 2, 0xf1, 0xff];
        d.extend_from_slice(&5u64.to_le_bytes());
        d.extend_from_slice(&6u64.to_le_bytes());
        d.extend_from_slice(&[0, 0, 0, 0, 0, 0, 0xff, 0xff]);
        d.extend_from_slice(&[0; 15]);
        let shndx = [0, 0, 0, 0, 0x45, 0x23, 0x01, 0];
        let opts = SymbolTableOptions::gnu_readelf(Class::Elf64, 2);
        let t = SymbolTable::from_parts(
            &d,
            24,
            Class::Elf64,
            Endian::Little,
            StringTable::default(),
            Some(&shndx),
            opts,
        );
        let v: Vec<ElfSym> = t.iter().map(|s| ElfSym::from(&s)).collect();
        let [e, x] = v.as_slice() else {
            panic!("two symbols expected, got {v:?}");
        };
        assert_eq!((e.st_shndx, e.st_value, e.st_size), (0xffff_fff1, 5, 6));
        assert_eq!((e.st_bind(), e.st_type(), e.st_visibility()), (1, 2, 2));
        assert_eq!(x.st_shndx, 0x12345);
    }
}
