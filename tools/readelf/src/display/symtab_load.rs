//! Loading symbol tables GNU readelf's way (`get_elf_symbols`, `get_symtab`) and finding a
//! dynamic symbol's version (`get_symbol_version_string`), shared by the relocation,
//! symbol-table and version displays.

use libelf::consts::SHN_UNDEF;
use libelf::read::{
    resolve_symbol_version, SectionHeader, StringTable, Sym, SymbolTable, SymbolTableOptions,
    SymbolVersion, VersionDef, VersionNeed, VersionRecords,
};
use libelf::Endian;

use crate::display::vma::offset_from_vma;
use crate::Cx;

/// `DT_VERSIONTAGIDX(DT_VERSYM)`.
pub const VERSYM_IDX: usize = 15;
/// `DT_VERSIONTAGIDX(DT_VERDEF)`.
pub const VERDEF_IDX: usize = 3;
/// `DT_VERSIONTAGIDX(DT_VERNEED)`.
pub const VERNEED_IDX: usize = 1;

/// A symbol as GNU readelf holds it (`Elf_Internal_Sym`): libelf's [`libelf::read::WideSym`].
pub use libelf::read::WideSym as ElfSym;

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

/// Size of `Elf_External_Verdef`.
pub const VERDEF_SIZE: u64 = 20;
/// Size of `Elf_External_Verdaux`.
pub const VERDAUX_SIZE: u64 = 8;
/// Size of `Elf_External_Verneed`.
pub const VERNEED_SIZE: u64 = 16;
/// Size of `Elf_External_Vernaux`.
pub const VERNAUX_SIZE: u64 = 16;

/// The version records of one dynamic symbol, read as GNU's `get_symbol_version_string`
/// reads them: again for each symbol, at the file offsets of the `DT_VERSYM`,
/// `DT_VERDEF` and `DT_VERNEED` addresses, each record through `get_data` (with its
/// error when it is not in the file, then read as zeros).
struct GnuVersionRecords<'c, 'a, 'd, 'e> {
    cx: &'c mut Cx<'a, 'd, 'e>,
    strtab: Option<&'d [u8]>,
    si: u64,
    /// File offset of the next `Verdef` (`None` before the walk starts).
    def_off: Option<u64>,
    /// Offset and `vd_aux` of the last `Verdef` read.
    def_last: (u64, u64),
    /// The last `Verdef` read ended the chain.
    defs_done: bool,
    /// File offset of the current `Verneed` (`None` before the walk starts).
    need_off: Option<u64>,
    /// `vn_next` of the current `Verneed`.
    vn_next: u64,
    /// File offset of the next `Vernaux` of the current `Verneed`, while in its chain.
    aux_off: Option<u64>,
    needs_done: bool,
}

impl<'d> GnuVersionRecords<'_, '_, 'd, '_> {
    /// `size` bytes at file offset `off`; GNU's error when they are not in the file.
    fn record(&mut self, off: u64, size: u64, what: &str) -> Option<&'d [u8]> {
        // The usual case without `get_data`'s checks (the same bytes it would return).
        let data: &'d [u8] = self.cx.data;
        let fast = usize::try_from(off)
            .ok()
            .and_then(|o| data.get(o..o.checked_add(usize::try_from(size).ok()?)?));
        fast.or_else(|| self.cx.get_data(off, size, 1, Some(what)))
    }

    /// The `width`-byte field at `at` of a record (0 if it is not there), folded
    /// inline: this runs for every version record of every dynamic symbol.
    #[inline]
    fn field(&self, rec: &[u8], at: usize, width: usize) -> u64 {
        let bytes = rec.get(at..at.saturating_add(width)).unwrap_or_default();
        let push = |v: u64, &b: &u8| v << 8 | u64::from(b);
        match self.cx.endian() {
            Endian::Little => bytes.iter().rev().fold(0, push),
            Endian::Big => bytes.iter().fold(0, push),
        }
    }
}

impl<'d> VersionRecords<'d> for GnuVersionRecords<'_, '_, 'd, '_> {
    fn versym(&mut self) -> Option<u16> {
        let addr = self.cx.dynamic.version_info[VERSYM_IDX];
        let si = self.si;
        let offset = offset_from_vma(self.cx, addr, 2u64.wrapping_add(si.wrapping_mul(2)));
        let rec = self.record(offset.wrapping_add(si.wrapping_mul(2)), 2, "version data")?;
        Some(self.field(rec, 0, 2) as u16)
    }

    fn next_def(&mut self) -> Option<VersionDef> {
        let verdef = self.cx.dynamic.version_info[VERDEF_IDX];
        if self.defs_done || verdef == 0 {
            return None;
        }
        let off = match self.def_off {
            Some(off) => off,
            None => offset_from_vma(self.cx, verdef, VERDEF_SIZE),
        };
        let (flags, index, aux, next) = match self.record(off, VERDEF_SIZE, "version def") {
            None => (0, 0, 0, 0),
            Some(r) => (
                self.field(r, 2, 2) as u16,
                self.field(r, 4, 2) as u16,
                self.field(r, 12, 4),
                self.field(r, 16, 4),
            ),
        };
        self.def_last = (off, aux);
        self.def_off = Some(off.wrapping_add(next));
        self.defs_done = next == 0;
        Some(VersionDef {
            index,
            flags,
            name: 0,
        })
    }

    fn def_name(&mut self) -> Option<u32> {
        let (off, aux) = self.def_last;
        let rec = self.record(off.wrapping_add(aux), VERDAUX_SIZE, "version def aux")?;
        Some(self.field(rec, 0, 4) as u32)
    }

    fn has_needs(&self) -> bool {
        self.cx.dynamic.version_info[VERNEED_IDX] != 0
    }

    fn next_need(&mut self) -> Option<VersionNeed> {
        loop {
            if self.needs_done {
                return None;
            }
            if let Some(aoff) = self.aux_off {
                let (flags, other, name, next) =
                    match self.record(aoff, VERNAUX_SIZE, "version need aux (3)") {
                        None => (0, 0, 0, 0),
                        Some(a) => (
                            self.field(a, 4, 2) as u16,
                            self.field(a, 6, 2) as u16,
                            self.field(a, 8, 4) as u32,
                            self.field(a, 12, 4),
                        ),
                    };
                if next == 0 {
                    // The end of this Verneed's chain: on to the next Verneed.
                    self.aux_off = None;
                    let vn_next = self.vn_next;
                    self.need_off = self.need_off.map(|o| o.wrapping_add(vn_next));
                    self.needs_done = vn_next == 0;
                } else {
                    self.aux_off = Some(aoff.wrapping_add(next));
                }
                return Some(VersionNeed {
                    index: other,
                    flags,
                    name,
                    file: 0,
                });
            }
            let off = match self.need_off {
                Some(off) => off,
                None => offset_from_vma(
                    self.cx,
                    self.cx.dynamic.version_info[VERNEED_IDX],
                    VERNEED_SIZE,
                ),
            };
            self.need_off = Some(off);
            let Some(r) = self.record(off, VERNEED_SIZE, "version need") else {
                self.needs_done = true;
                return None;
            };
            let (aux, next) = (self.field(r, 8, 4), self.field(r, 12, 4));
            self.vn_next = next;
            self.aux_off = Some(off.wrapping_add(aux));
        }
    }

    fn string(&self, offset: u32) -> Option<&'d [u8]> {
        let t = self.strtab?;
        (u64::from(offset) < t.len() as u64).then(|| cstr(t, u64::from(offset)))
    }
}

/// GNU's `get_symbol_version_string`: the version of dynamic symbol `si` (`psym`) through
/// `DT_VERSYM`, `DT_VERDEF` and `DT_VERNEED`, names from `strtab` (libelf's
/// [`resolve_symbol_version`] over the records as GNU reads them).
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
    if !is_dynsym || cx.dynamic.version_info[VERSYM_IDX] == 0 {
        return None;
    }
    let mut records = GnuVersionRecords {
        cx,
        strtab,
        si,
        def_off: None,
        def_last: (0, 0),
        defs_done: false,
        need_off: None,
        vn_next: 0,
        aux_off: None,
        needs_done: false,
    };
    resolve_symbol_version(&mut records, psym.st_name, psym.st_shndx != SHN_UNDEF)
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
