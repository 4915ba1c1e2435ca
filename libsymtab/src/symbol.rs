//! [`Symbol`]: one entry of a symbol table, or a synthetic PLT entry.

use std::borrow::Cow;

use libelf::consts::{SHN_LORESERVE, SHN_UNDEF, SHN_XINDEX, STB_LOCAL, STT_SECTION};
use libelf::read::{SectionIndex, Sym, SymbolIndex, SymbolVersion};

/// Where a [`Symbol`] comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Source {
    /// A `SHT_SYMTAB` section (`.symtab`).
    Symtab,
    /// A `SHT_DYNSYM` section (`.dynsym`).
    Dynsym,
    /// The dynamic symbol table found through the dynamic section (`DT_SYMTAB`), as
    /// `readelf -D` reads it.
    Dynamic,
    /// A synthetic PLT entry (`name@plt`), as objdump makes them.
    Plt,
}

/// What a synthetic PLT entry points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct PltInfo {
    /// The PLT section holding the entry (`.plt`, `.plt.sec`, `.plt.got`…).
    pub section: SectionIndex,
    /// Index of the relocation's symbol in `.dynsym`; 0 when the relocation has none
    /// (`R_*_IRELATIVE`), which GNU names `*ABS*`.
    pub target: SymbolIndex,
    /// The relocation type (`R_X86_64_JUMP_SLOT`, `R_X86_64_GLOB_DAT`…).
    pub r_type: u32,
    /// The relocation's addend (0 for REL), shown as `name+0x…@plt` when not 0.
    pub addend: i64,
    /// Whether the file is ELFCLASS32 (the addend is then shown as 32 bits).
    pub(crate) class32: bool,
}

/// One symbol: a table entry with its name, resolved section and version, or a
/// synthetic PLT entry.
///
/// Names borrow from the file's bytes. GNU readelf's name column is
/// [`Symbol::readelf_name`]; objdump's label text (without versions) is
/// [`Symbol::display_name`].
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Symbol<'data> {
    /// Which table it comes from.
    pub source: Source,
    /// Index in its table. For a PLT entry: the index of its target in `.dynsym`.
    pub index: SymbolIndex,
    /// The raw entry. For a PLT entry: the target's entry with `st_value` the entry's
    /// address, `st_size` the entry's size, `st_shndx` the PLT section (saturated to
    /// `u16`) and binding `STB_GLOBAL` unless the target is local.
    pub sym: Sym,
    /// The section index: `st_shndx`, or the `SHT_SYMTAB_SHNDX` entry when `st_shndx`
    /// is `SHN_XINDEX` (`None` if that entry is missing). Reserved indexes
    /// (`SHN_ABS`, `SHN_COMMON`…) are kept as they are.
    pub shndx: Option<u32>,
    /// The address the index uses: `st_value`, plus the section's `sh_addr` in a
    /// relocatable file, minus the Thumb bit for ARM functions (as BFD does).
    pub addr: u64,
    /// The version GNU readelf prints after the name (`.dynsym` and the dynamic table
    /// only): `@@VER`, `@VER` or `@VER (n)`.
    pub version: Option<SymbolVersion<'data>>,
    /// The raw `SHT_GNU_versym` entry, if the table has versions.
    pub versym: Option<u16>,
    /// For a synthetic PLT entry: what it points at.
    pub plt: Option<PltInfo>,
    /// The name from the string table; `None` if `st_name` is past its end.
    pub(crate) name: Option<&'data [u8]>,
    /// The name readelf shows: the section's name for an unnamed `STT_SECTION` symbol,
    /// else `name`. `None` prints as `<corrupt>`.
    pub(crate) shown: Option<&'data [u8]>,
}

/// [`Symbol::in_section`] of an entry `sym` with the resolved section index `shndx`.
pub(crate) fn in_section(sym: &Sym, shndx: Option<u32>) -> bool {
    let raw = u32::from(sym.st_shndx);
    raw != SHN_UNDEF
        && (raw < SHN_LORESERVE || raw == SHN_XINDEX)
        && shndx.is_some_and(|s| s != SHN_UNDEF)
}

/// What GNU prints for a name it cannot read.
pub const CORRUPT: &str = "<corrupt>";

impl<'data> Symbol<'data> {
    /// The name in the string table, as bytes; `None` if `st_name` is past the end of
    /// the table. For a PLT entry: the target's name (`*ABS*` when it has none).
    pub fn name_bytes(&self) -> Option<&'data [u8]> {
        self.name
    }

    /// [`Symbol::name_bytes`], lossily decoded as UTF-8; `<corrupt>` if unreadable.
    pub fn name(&self) -> Cow<'data, str> {
        match self.name {
            Some(n) => String::from_utf8_lossy(n),
            None => Cow::Borrowed(CORRUPT),
        }
    }

    /// The name as BFD (objdump, nm) knows it, as bytes: the section's name for an
    /// unnamed `STT_SECTION` symbol; `target[+0xaddend]@plt` for a PLT entry; else the
    /// string table name (`<corrupt>` if unreadable).
    pub fn display_name_bytes(&self) -> Cow<'data, [u8]> {
        if let Some(p) = &self.plt {
            let mut out = self.name.unwrap_or(b"*ABS*").to_vec();
            if p.addend != 0 {
                let a = if p.class32 {
                    format!("+0x{:x}", p.addend as u32)
                } else {
                    format!("+0x{:x}", p.addend as u64)
                };
                out.extend_from_slice(a.as_bytes());
            }
            out.extend_from_slice(b"@plt");
            return Cow::Owned(out);
        }
        Cow::Borrowed(self.shown.unwrap_or(CORRUPT.as_bytes()))
    }

    /// [`Symbol::display_name_bytes`], lossily decoded as UTF-8.
    pub fn display_name(&self) -> Cow<'data, str> {
        match self.display_name_bytes() {
            Cow::Borrowed(b) => String::from_utf8_lossy(b),
            Cow::Owned(v) => Cow::Owned(String::from_utf8_lossy(&v).into_owned()),
        }
    }

    /// The name column of GNU readelf's `-s`/`--dyn-syms` (with `-W`, before any
    /// truncation or escaping): the section's name for an unnamed `STT_SECTION`
    /// symbol whose section index is below the number of sections, `<corrupt>` for an
    /// unreadable name, then the version: `name@@VER` (default), `name@VER` (hidden) or
    /// `name@VER (n)` (needed from another object, `n` its version index).
    pub fn readelf_name(&self) -> Cow<'data, [u8]> {
        let base = self.shown.unwrap_or(CORRUPT.as_bytes());
        let Some(v) = &self.version else {
            return Cow::Borrowed(base);
        };
        let mut out = base.to_vec();
        out.extend_from_slice(v.separator().as_bytes());
        out.extend_from_slice(v.name.unwrap_or(CORRUPT.as_bytes()));
        if let Some(n) = v.needed {
            out.extend_from_slice(format!(" ({n})").as_bytes());
        }
        Cow::Owned(out)
    }

    /// `ELF_ST_TYPE(st_info)`.
    pub fn st_type(&self) -> u8 {
        self.sym.st_type()
    }

    /// `ELF_ST_BIND(st_info)`.
    pub fn st_bind(&self) -> u8 {
        self.sym.st_bind()
    }

    /// Whether the symbol is defined in a section of this file: neither `SHN_UNDEF` nor
    /// a reserved index (`SHN_ABS`, `SHN_COMMON`…), and its `SHN_XINDEX` entry exists.
    pub fn in_section(&self) -> bool {
        in_section(&self.sym, self.shndx)
    }

    /// Whether `st_shndx` is `SHN_UNDEF`.
    pub fn is_undefined(&self) -> bool {
        u32::from(self.sym.st_shndx) == SHN_UNDEF
    }

    /// Whether the binding is `STB_LOCAL`.
    pub fn is_local(&self) -> bool {
        self.sym.st_bind() == STB_LOCAL
    }

    /// Whether it is a section symbol (`STT_SECTION`).
    pub fn is_section(&self) -> bool {
        self.sym.st_type() == STT_SECTION
    }

    /// The demangled [`Symbol::display_name`], or `None` if it is not mangled.
    ///
    /// As objdump (`bfd_demangle`) does, a suffix from the first `@` on (`@plt`,
    /// `@@VER`) is kept aside and put back after the demangled name.
    #[cfg(feature = "demangle")]
    pub fn demangled(&self, opts: &libdemangle::Options) -> Option<String> {
        demangle_name(&self.display_name(), opts)
    }
}

/// Demangle `name` as objdump does (`bfd_demangle`): a suffix from the first `@` on
/// (`@plt`, `@@GLIBC_2.2.5`) is put back after the demangled part. Returns `None` if
/// the part before `@` is not a mangled name.
#[cfg(feature = "demangle")]
pub fn demangle_name(name: &str, opts: &libdemangle::Options) -> Option<String> {
    let (base, suffix) = match name.find('@') {
        Some(at) => name.split_at(at),
        None => (name, ""),
    };
    let mut out = libdemangle::demangle(base, opts)?;
    out.push_str(suffix);
    Some(out)
}
