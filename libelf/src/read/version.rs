//! Symbol versioning: `SHT_GNU_versym`, `SHT_GNU_verdef` and `SHT_GNU_verneed`.
//!
//! Definitions and needs are chains of records linked by byte offsets (`vd_next`,
//! `vda_next`, `vn_next`, `vna_next`). Every walk here is bounded: it stops after the
//! declared count (`sh_info`, `vd_cnt`, `vn_cnt`), a link must move forward by at least a
//! record (GNU readelf's rule), and a zero link ends the chain. Offsets, in items and
//! errors alike, are within the section data, as GNU readelf prints them.

use super::{ElfFile, Section, StringTable, Sym, SymbolIndex};
use crate::consts::{SHN_UNDEF, SHT_GNU_VERDEF, SHT_GNU_VERNEED, SHT_GNU_VERSYM};
/// The version indexes and flags of the gABI (`VER_NDX_*`, `VER_FLG_*`), also here.
pub use crate::consts::{VER_FLG_BASE, VER_FLG_INFO, VER_FLG_WEAK, VER_NDX_GLOBAL, VER_NDX_LOCAL};
use crate::raw;
use crate::{Endian, Error, Result};

/// Versym bit: the symbol is hidden (`name@VER`, not the default `name@@VER`).
pub const VERSYM_HIDDEN: u16 = 0x8000;
/// Versym mask: the version index.
pub const VERSYM_VERSION: u16 = 0x7fff;

const VERDEF: usize = 20;
const VERDAUX: usize = 8;
const VERNEED: usize = 16;
const VERNAUX: usize = 16;

/// The `SHT_GNU_versym` table: one `u16` per symbol of the linked symbol table.
#[derive(Debug, Clone, Copy)]
pub struct VersymTable<'data> {
    data: &'data [u8],
    endian: Endian,
}

impl<'data> VersymTable<'data> {
    /// A table over `data` (a trailing odd byte is ignored).
    pub fn new(data: &'data [u8], endian: Endian) -> Self {
        VersymTable { data, endian }
    }

    /// The table of a section.
    ///
    /// # Errors
    /// Those of [`Section::data`].
    pub fn parse(section: &Section<'_, 'data>) -> Result<Self> {
        Ok(Self::new(section.data()?, section.endian()))
    }

    /// Number of entries.
    pub fn len(&self) -> usize {
        self.data.len() / 2
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The entry of symbol `index`, or `None` past the end.
    pub fn get(&self, index: usize) -> Option<u16> {
        let off = index.checked_mul(2)?;
        raw::uint(self.data, off, 2, self.endian)
            .ok()
            .map(|v| v as u16)
    }

    /// All entries in order.
    pub fn iter(&self) -> impl Iterator<Item = u16> + '_ {
        (0..self.len()).filter_map(move |i| self.get(i))
    }
}

/// A bounded walk along a chain of records linked by `next` offsets.
#[derive(Debug, Clone)]
struct Walk {
    offset: usize,
    /// Records left to read; `None`: until a zero link.
    left: Option<u32>,
    rec: usize,
    next_what: &'static str,
    pending: Option<Error>,
    done: bool,
}

impl Walk {
    /// A walk from `start` (`None`: the start offset overflowed at `parent`).
    fn new(
        start: Option<usize>,
        parent: usize,
        left: Option<u32>,
        rec: usize,
        next_what: &'static str,
    ) -> Self {
        Walk {
            offset: start.unwrap_or(parent),
            left,
            rec,
            next_what,
            pending: start.is_none().then_some(Error::Malformed {
                what: "version aux offset",
                offset: parent as u64,
            }),
            done: left == Some(0),
        }
    }

    /// Read the next record with `read`, then follow its link.
    fn next<'data, T: Linked>(
        &mut self,
        data: &'data [u8],
        endian: Endian,
        what: &'static str,
        read: fn(&'data [u8], usize, Endian) -> Result<T>,
    ) -> Option<Result<T>> {
        if let Some(e) = self.pending.take() {
            self.done = true;
            return Some(Err(e));
        }
        if self.done {
            return None;
        }
        let here = self.offset;
        let item = crate::slice(data, here as u64, self.rec as u64, what)
            .and_then(|_| read(data, here, endian));
        let Ok(item) = item else {
            self.done = true;
            return Some(item);
        };
        self.left = self.left.map(|n| n.saturating_sub(1));
        let bad = Error::Malformed {
            what: self.next_what,
            offset: here as u64,
        };
        match (self.left, item.link()) {
            (Some(0), _) | (None, 0) => self.done = true,
            // A zero link before the count is reached, or one that does not move past the
            // record (GNU readelf: "Invalid vd_next field of …").
            (Some(_), 0) => self.pending = Some(bad),
            (_, n) if (n as usize) < self.rec => self.pending = Some(bad),
            (_, n) => match here.checked_add(n as usize) {
                Some(o) => self.offset = o,
                None => self.pending = Some(bad),
            },
        }
        Some(Ok(item))
    }
}

/// Records whose `next` field links to the following one.
trait Linked {
    fn link(&self) -> u32;
}

/// An iterator over a chain of records, with its data, byte order and walk.
macro_rules! chain_iter {
    ($(#[$doc:meta])* $iter:ident => $item:ty, $what:expr) => {
        $(#[$doc])*
        #[derive(Debug, Clone)]
        pub struct $iter<'data> {
            data: &'data [u8],
            endian: Endian,
            walk: Walk,
        }

        impl<'data> Iterator for $iter<'data> {
            type Item = Result<$item>;

            fn next(&mut self) -> Option<Self::Item> {
                self.walk.next(self.data, self.endian, $what, <$item>::read)
            }
        }

        impl core::iter::FusedIterator for $iter<'_> {}
    };
    ($iter:ident => $item:ty, $what:expr, top: $sht:literal, $rec:expr, $next:literal, $dt:literal, $noun:literal) => {
        chain_iter! {
            #[doc = concat!("The version ", $noun, " of a `", $sht, "` section.")]
            ///
            /// Yields `Err` once, then `None`, for a record past the end of the data or a bad
            #[doc = concat!("`", $next, "`.")]
            $iter => $item, $what
        }

        impl<'data> $iter<'data> {
            #[doc = concat!("The ", $noun, " in `data`: `count` of them (`sh_info` or `", $dt, "`),")]
            #[doc = concat!("or with `None` until a zero `", $next, "`.")]
            pub fn new(data: &'data [u8], endian: Endian, count: Option<u32>) -> Self {
                $iter {
                    data,
                    endian,
                    walk: Walk::new(Some(0), 0, count, $rec, $next),
                }
            }

            #[doc = concat!("The ", $noun, " of a section, `sh_info` of them.")]
            ///
            /// # Errors
            /// Those of [`Section::data`].
            pub fn parse(section: &Section<'_, 'data>) -> Result<Self> {
                let e = section.endian();
                Ok(Self::new(
                    section.data()?,
                    e,
                    Some(section.header().sh_info),
                ))
            }
        }
    };
}

/// A fixed-width field of a version record.
trait Field: Sized {
    /// Read the field at `*at` and move `*at` past it.
    fn take(d: &[u8], at: &mut usize, e: Endian) -> Result<Self>;
}

impl Field for u16 {
    fn take(d: &[u8], at: &mut usize, e: Endian) -> Result<Self> {
        let v = raw::uint(d, *at, 2, e).map(|v| v as u16)?;
        *at += 2;
        Ok(v)
    }
}

impl Field for u32 {
    fn take(d: &[u8], at: &mut usize, e: Endian) -> Result<Self> {
        let v = raw::uint(d, *at, 4, e).map(|v| v as u32)?;
        *at += 4;
        Ok(v)
    }
}

/// A version record: its struct (fields in file order after `offset`), its decoder and
/// its link. With `'data`, the record also keeps the section data and byte order so it
/// can walk its aux records.
macro_rules! version_record {
    (
        $(#[$doc:meta])* $name:ident $(<$lt:lifetime>)?, link: $link:ident,
        { $($(#[$fdoc:meta])* $f:ident: $t:ty,)* }
    ) => {
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq)]
        #[allow(missing_docs)]
        pub struct $name $(<$lt>)? {
            /// Offset of the record within the section.
            pub offset: usize,
            $($(#[$fdoc])* pub $f: $t,)*
            $(data: &$lt [u8], endian: Endian,)?
        }

        impl $(<$lt>)? Linked for $name $(<$lt>)? {
            fn link(&self) -> u32 {
                self.$link
            }
        }

        impl $(<$lt>)? $name $(<$lt>)? {
            fn read(d: &$($lt)? [u8], off: usize, e: Endian) -> Result<Self> {
                let at = &mut { off };
                Ok($name {
                    offset: off,
                    $($f: <$t as Field>::take(d, at, e)?,)*
                    $(data: d as &$lt [u8], endian: e,)?
                })
            }
        }
    };
}

/// Where a chain of `count` aux records starting `aux` bytes after `offset` begins.
fn aux_walk(offset: usize, aux: u32, count: u32, rec: usize, what: &'static str) -> Walk {
    Walk::new(
        offset.checked_add(aux as usize),
        offset,
        Some(count),
        rec,
        what,
    )
}

version_record! {
    /// A version definition (`Elf_Verdef`).
    Verdef<'data>, link: vd_next, {
        vd_version: u16, vd_flags: u16, vd_ndx: u16, vd_cnt: u16,
        vd_hash: u32, vd_aux: u32, vd_next: u32,
    }
}

impl<'data> Verdef<'data> {
    /// The `Verdaux` records: the version's name first, then its parents.
    ///
    /// Walks `vd_cnt` records, but at least one: GNU readelf and the dynamic linker read
    /// the first (the name) even when `vd_cnt` is 0.
    pub fn aux(&self) -> VerdauxIter<'data> {
        let count = u32::from(self.vd_cnt.max(1));
        VerdauxIter {
            data: self.data,
            endian: self.endian,
            walk: aux_walk(self.offset, self.vd_aux, count, VERDAUX, "vda_next"),
        }
    }
}

version_record! {
    /// An auxiliary version definition record (`Elf_Verdaux`): a name.
    Verdaux, link: vda_next, { vda_name: u32, vda_next: u32, }
}

chain_iter! {
    VerdefIter => Verdef<'data>, "version definition",
    top: "SHT_GNU_verdef", VERDEF, "vd_next", "DT_VERDEFNUM", "definitions"
}

chain_iter! {
    /// The `Verdaux` records of one [`Verdef`].
    VerdauxIter => Verdaux, "version definition aux"
}

version_record! {
    /// A version dependency on one file (`Elf_Verneed`).
    Verneed<'data>, link: vn_next, {
        vn_version: u16, vn_cnt: u16, vn_file: u32, vn_aux: u32, vn_next: u32,
    }
}

impl<'data> Verneed<'data> {
    /// The `Vernaux` records: `vn_cnt` versions needed from the file.
    pub fn aux(&self) -> VernauxIter<'data> {
        VernauxIter {
            data: self.data,
            endian: self.endian,
            walk: aux_walk(
                self.offset,
                self.vn_aux,
                u32::from(self.vn_cnt),
                VERNAUX,
                "vna_next",
            ),
        }
    }
}

version_record! {
    /// A version needed from a file (`Elf_Vernaux`).
    Vernaux, link: vna_next, {
        vna_hash: u32, vna_flags: u16,
        /// The version index symbols use for this version (hidden bit included, if set).
        vna_other: u16,
        vna_name: u32, vna_next: u32,
    }
}

chain_iter! {
    VerneedIter => Verneed<'data>, "version need",
    top: "SHT_GNU_verneed", VERNEED, "vn_next", "DT_VERNEEDNUM", "dependencies"
}

chain_iter! {
    /// The `Vernaux` records of one [`Verneed`].
    VernauxIter => Vernaux, "version need aux"
}

/// A version definition as [`SymbolVersions`] keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VersionDef {
    /// `vd_ndx`.
    pub index: u16,
    /// `vd_flags`.
    pub flags: u16,
    /// `vda_name` of the first `Verdaux` (`u32::MAX` if it could not be read).
    pub name: u32,
}

/// A needed version as [`SymbolVersions`] keeps it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct VersionNeed {
    /// `vna_other`: the index symbols use.
    pub index: u16,
    /// `vna_flags`.
    pub flags: u16,
    /// `vna_name`.
    pub name: u32,
    /// `vn_file` of the `Verneed` it belongs to.
    pub file: u32,
}

/// The version of one dynamic symbol, as GNU readelf prints it after the name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SymbolVersion<'data> {
    /// The version name; `None` if its string or the index is corrupt (GNU prints
    /// `<corrupt>`).
    pub name: Option<&'data [u8]>,
    /// The raw versym entry.
    pub versym: u16,
    /// `Some(vna_other)` when the version is needed from another object: `name@VER (n)`.
    pub needed: Option<u16>,
}

impl SymbolVersion<'_> {
    /// Whether the versym entry has the hidden bit.
    pub fn hidden(&self) -> bool {
        self.versym & VERSYM_HIDDEN != 0
    }

    /// What goes between symbol and version name: `@@` for a default (public) definition,
    /// `@` for a hidden definition or a needed version.
    pub fn separator(&self) -> &'static str {
        if self.needed.is_some() || self.hidden() {
            "@"
        } else {
            "@@"
        }
    }
}

/// Version index → version name, for a file's dynamic symbols.
///
/// Built once from the versym, verdef and verneed tables; the definitions and needs are
/// read until the end of their chains or the first error (a bad chain just ends early).
#[derive(Debug, Clone, Default)]
pub struct SymbolVersions<'data> {
    versym: Option<VersymTable<'data>>,
    strings: StringTable<'data>,
    defs: Option<Vec<VersionDef>>,
    needs: Option<Vec<VersionNeed>>,
}

impl<'data> SymbolVersions<'data> {
    /// From raw tables (for instance those the dynamic segment points at). `strings` is
    /// the dynamic string table.
    pub fn new(
        versym: Option<VersymTable<'data>>,
        verdef: Option<VerdefIter<'data>>,
        verneed: Option<VerneedIter<'data>>,
        strings: StringTable<'data>,
    ) -> Self {
        let defs = verdef.map(|it| {
            it.map_while(|d| d.ok())
                .map(|d| VersionDef {
                    index: d.vd_ndx,
                    flags: d.vd_flags,
                    name: d
                        .aux()
                        .next()
                        .and_then(|a| a.ok())
                        .map_or(u32::MAX, |a| a.vda_name),
                })
                .collect()
        });
        let needs = verneed.map(|it| {
            it.map_while(|n| n.ok())
                .flat_map(|n| {
                    n.aux().map_while(|a| a.ok()).map(move |a| VersionNeed {
                        index: a.vna_other,
                        flags: a.vna_flags,
                        name: a.vna_name,
                        file: n.vn_file,
                    })
                })
                .collect()
        });
        SymbolVersions {
            versym,
            strings,
            defs,
            needs,
        }
    }

    /// From the file's first `SHT_GNU_versym`, `SHT_GNU_verdef` and `SHT_GNU_verneed`
    /// sections (any may be missing), with the string table the definitions or needs link
    /// to.
    ///
    /// # Errors
    /// Those of [`ElfFile::sections`]; tables whose data cannot be read are left out.
    pub fn parse(file: &ElfFile<'data>) -> Result<Self> {
        let find = |t: u32| file.sections().ok()?.find(|s| s.header().sh_type == t);
        file.section_headers()?;
        let (vs, vd, vn) = (
            find(SHT_GNU_VERSYM),
            find(SHT_GNU_VERDEF),
            find(SHT_GNU_VERNEED),
        );
        let strings = vd
            .or(vn)
            .and_then(|s| s.link().and_then(|l| l.data()).ok())
            .map(StringTable::new)
            .unwrap_or_default();
        Ok(Self::new(
            vs.and_then(|s| VersymTable::parse(&s).ok()),
            vd.and_then(|s| VerdefIter::parse(&s).ok()),
            vn.and_then(|s| VerneedIter::parse(&s).ok()),
            strings,
        ))
    }

    /// The versym table, if any.
    pub fn versym(&self) -> Option<&VersymTable<'data>> {
        self.versym.as_ref()
    }

    /// A string of the table, running to its end if unterminated (as GNU readelf reads
    /// it); `None` if the offset is past the end.
    pub fn string(&self, offset: u32) -> Option<&'data [u8]> {
        self.strings.get_lenient(offset).ok()
    }

    /// The first definition whose `vd_ndx` is `index`.
    pub fn def(&self, index: u16) -> Option<&VersionDef> {
        self.defs.as_ref()?.iter().find(|d| d.index == index)
    }

    /// The first needed version whose `vna_other` is `index`.
    pub fn need(&self, index: u16) -> Option<&VersionNeed> {
        self.needs.as_ref()?.iter().find(|n| n.index == index)
    }

    /// The version of dynamic symbol `index`, following GNU readelf's
    /// `get_symbol_version_string` ([`resolve_symbol_version`] over these tables): `None`
    /// for a local or unversioned symbol, for the base definition, or when no table has
    /// the index.
    ///
    /// A defined symbol (`st_shndx` not `SHN_UNDEF`) is looked up among the definitions
    /// first (unless its entry is `0x8001`), skipping a definition whose name is the
    /// symbol's own; then among the needs, by the whole entry hidden bit included.
    pub fn symbol_version(&self, index: SymbolIndex, sym: &Sym) -> Option<SymbolVersion<'data>> {
        let mut source = TableSource {
            versions: self,
            index: index.0 as usize,
            def: 0,
            need: 0,
        };
        resolve_symbol_version(
            &mut source,
            sym.st_name,
            u32::from(sym.st_shndx) != SHN_UNDEF,
        )
    }
}

/// The version records [`resolve_symbol_version`] walks for one symbol, read as the
/// walk asks for them.
///
/// [`SymbolVersions`] serves them from tables read once; a tool that must read the
/// records the way GNU readelf does (again for every symbol, from the file offsets the
/// dynamic tags give, with a diagnostic for each record it cannot read) implements this
/// itself.
pub trait VersionRecords<'data> {
    /// The symbol's versym entry; `None` if it cannot be read.
    fn versym(&mut self) -> Option<u16>;
    /// The next definition of the chain (`vd_ndx`, `vd_flags`; `name` unused), `None`
    /// at its end. GNU reads a record it cannot read as zeros, and ends the chain there.
    fn next_def(&mut self) -> Option<VersionDef>;
    /// `vda_name` of the first auxiliary entry of the definition [`Self::next_def`]
    /// returned last; `None` if it cannot be read.
    fn def_name(&mut self) -> Option<u32>;
    /// Whether there are needed versions at all (GNU: a `DT_VERNEED` tag).
    fn has_needs(&self) -> bool;
    /// The next needed version, the `Vernaux` entries of each `Verneed` in turn; `None`
    /// at the end.
    fn next_need(&mut self) -> Option<VersionNeed>;
    /// The version name at `offset` of the dynamic string table, running to the end of
    /// the table if unterminated; `None` if out of range.
    fn string(&self, offset: u32) -> Option<&'data [u8]>;
}

/// GNU readelf's `get_symbol_version_string` over `records`, for a symbol named by
/// `st_name` that is `defined` (`st_shndx` is not `SHN_UNDEF`).
///
/// Returns `None` for an unversioned symbol (versym 0 or unreadable), for the base
/// definition, or when neither the definitions nor the needs have the index; a version
/// index past every definition, with needs present but none matching, gives a version
/// without a name (`<corrupt>`).
pub fn resolve_symbol_version<'data, R: VersionRecords<'data> + ?Sized>(
    records: &mut R,
    st_name: u32,
    defined: bool,
) -> Option<SymbolVersion<'data>> {
    let versym = records.versym()?;
    if versym == 0 {
        return None;
    }
    let want = versym & VERSYM_VERSION;
    let found = |name, needed| {
        Some(SymbolVersion {
            name,
            versym,
            needed,
        })
    };
    let mut max_def = 0;
    if defined && versym != (VERSYM_HIDDEN | 1) {
        while let Some(d) = records.next_def() {
            max_def = max_def.max(d.index & VERSYM_VERSION);
            if d.index != want {
                continue;
            }
            if d.index == 1 && d.flags == VER_FLG_BASE {
                return None;
            }
            match records.def_name() {
                Some(name) if name != st_name => return found(records.string(name), None),
                _ => break,
            }
        }
    }
    if records.has_needs() {
        while let Some(n) = records.next_need() {
            if n.index == versym {
                return found(records.string(n.name), Some(n.index));
            }
        }
        if (max_def != 0 || want != 1) && want > max_def {
            return found(None, None);
        }
    }
    None
}

/// [`VersionRecords`] over the tables of a [`SymbolVersions`].
struct TableSource<'a, 'data> {
    versions: &'a SymbolVersions<'data>,
    index: usize,
    /// The next definition to hand out (the last one handed out is `def - 1`).
    def: usize,
    need: usize,
}

impl<'data> VersionRecords<'data> for TableSource<'_, 'data> {
    fn versym(&mut self) -> Option<u16> {
        self.versions.versym?.get(self.index)
    }

    fn next_def(&mut self) -> Option<VersionDef> {
        let d = self.versions.defs.as_ref()?.get(self.def).copied();
        self.def += 1;
        d
    }

    fn def_name(&mut self) -> Option<u32> {
        let d = self.versions.defs.as_ref()?.get(self.def.checked_sub(1)?)?;
        (d.name != u32::MAX).then_some(d.name)
    }

    fn has_needs(&self) -> bool {
        self.versions.needs.is_some()
    }

    fn next_need(&mut self) -> Option<VersionNeed> {
        let n = self.versions.needs.as_ref()?.get(self.need).copied();
        self.need += 1;
        n
    }

    fn string(&self, offset: u32) -> Option<&'data [u8]> {
        self.versions.string(offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Encode `(value, width)` fields in byte order `e`.
    fn enc(fields: &[(u64, usize)], e: Endian) -> Vec<u8> {
        let mut out = Vec::new();
        for &(v, w) in fields {
            let b = v.to_le_bytes();
            let mut f = b[..w].to_vec();
            if e == Endian::Big {
                f.reverse();
            }
            out.extend(f);
        }
        out
    }

    const STRINGS: &[u8] = b"\0libfoo.so\0V1\0V2\0libbar.so\0B1\0";
    const LIBFOO: u64 = 1;
    const V1: u64 = 11;
    const V2: u64 = 14;
    const LIBBAR: u64 = 17;
    const B1: u64 = 27;

    #[rustfmt::skip]
    fn verdef(e: Endian) -> Vec<u8> {
        enc(&[
            // 0x00: Verdef of the file itself
            (1, 2), (1, 2),         // vd_version = 1, vd_flags = VER_FLG_BASE
            (1, 2), (1, 2),         // vd_ndx = 1, vd_cnt = 1
            (0x1234, 4),            // vd_hash
            (20, 4), (28, 4),       // vd_aux = 20, vd_next = 28
            (LIBFOO, 4), (0, 4),    // 0x14: vda_name = "libfoo.so", vda_next = 0
            // 0x1c: Verdef V1
            (1, 2), (0, 2), (2, 2), (1, 2), (0x5678, 4), (20, 4), (28, 4),
            (V1, 4), (0, 4),        // 0x30: vda_name = "V1"
            // 0x38: Verdef V2, parent V1, last (vd_next = 0)
            (1, 2), (0, 2), (3, 2), (2, 2), (0x9abc, 4), (20, 4), (0, 4),
            (V2, 4), (8, 4),        // 0x4c: vda_name = "V2", vda_next = 8
            (V1, 4), (0, 4),        // 0x54: vda_name = "V1" (parent), vda_next = 0
        ], e)
    }

    #[rustfmt::skip]
    fn verneed(e: Endian) -> Vec<u8> {
        enc(&[
            // 0x00: Verneed on libbar.so, two versions
            (1, 2), (2, 2),         // vn_version = 1, vn_cnt = 2
            (LIBBAR, 4),            // vn_file = "libbar.so"
            (16, 4), (0, 4),        // vn_aux = 16, vn_next = 0
            // 0x10: Vernaux B1
            (0x1111, 4),            // vna_hash
            (0, 2), (4, 2),         // vna_flags = 0, vna_other = 4
            (B1, 4), (16, 4),       // vna_name = "B1", vna_next = 16
            // 0x20: Vernaux V1, weak
            (0x2222, 4), (VER_FLG_WEAK.into(), 2), (5, 2), (V1, 4), (0, 4),
        ], e)
    }

    #[test]
    fn verdef_both_orders() {
        for e in [Endian::Little, Endian::Big] {
            let data = verdef(e);
            let defs = all_ok(VerdefIter::new(&data, e, Some(3)));
            let brief: Vec<_> = defs
                .iter()
                .map(|d| (d.offset, d.vd_flags, d.vd_ndx, d.vd_cnt))
                .collect();
            assert_eq!(brief, [(0, 1, 1, 1), (0x1c, 0, 2, 1), (0x38, 0, 3, 2)]);
            assert_eq!(
                (defs[1].vd_hash, defs[1].vd_aux, defs[1].vd_next),
                (0x5678, 20, 28)
            );
            let aux: Vec<_> = defs[2]
                .aux()
                .map(|a| a.map(|a| (a.offset, a.vda_name)))
                .collect::<Result<_>>()
                .unwrap();
            assert_eq!(aux, [(0x4c, V2 as u32), (0x54, V1 as u32)]);
            // Without a count the walk ends at vd_next = 0.
            assert_eq!(VerdefIter::new(&data, e, None).count(), 3);
            // A smaller count stops early without error.
            let two = VerdefIter::new(&data, e, Some(2));
            assert_eq!(two.map(Result::unwrap).count(), 2);
        }
    }

    #[test]
    fn verneed_both_orders() {
        for e in [Endian::Little, Endian::Big] {
            let data = verneed(e);
            let needs = all_ok(VerneedIter::new(&data, e, Some(1)));
            assert_eq!(needs.len(), 1);
            assert_eq!(
                (needs[0].vn_version, needs[0].vn_cnt, needs[0].vn_file),
                (1, 2, LIBBAR as u32)
            );
            let aux = all_ok(needs[0].aux());
            let brief: Vec<_> = aux
                .iter()
                .map(|a| (a.offset, a.vna_flags, a.vna_other, a.vna_name))
                .collect();
            assert_eq!(
                brief,
                [(0x10, 0, 4, B1 as u32), (0x20, VER_FLG_WEAK, 5, V1 as u32)]
            );
            assert_eq!(aux[0].vna_hash, 0x1111);
        }
    }

    /// The items of a walk that must all be `Ok`.
    fn all_ok<T>(it: impl Iterator<Item = Result<T>>) -> Vec<T> {
        it.map(Result::unwrap).collect()
    }

    /// The items of a walk, with `Ok` as `true`.
    fn shape<T>(it: impl Iterator<Item = Result<T>>) -> Vec<bool> {
        it.take(100).map(|r| r.is_ok()).collect()
    }

    #[test]
    fn malformed_chains_end_with_error() {
        let e = Endian::Little;
        let mut data = verdef(e);
        // Declared count beyond the chain: vd_next = 0 before the 4th record.
        assert_eq!(
            shape(VerdefIter::new(&data, e, Some(4))),
            [true, true, true, false]
        );
        // A link that does not move past the record (would overlap or repeat).
        data[16] = 4; // first vd_next = 4
        assert_eq!(shape(VerdefIter::new(&data, e, Some(3))), [true, false]);
        data[16] = 28;
        // vd_aux far out of range.
        data[12..16].copy_from_slice(&u32::MAX.to_le_bytes());
        let first = VerdefIter::new(&data, e, Some(3)).next().unwrap().unwrap();
        assert_eq!(shape(first.aux()), [false]);
        // An aux chain whose vda_next = 0 before vd_cnt is reached.
        let mut data = verdef(e);
        data[0x38 + 6] = 3; // vd_cnt = 3 for V2
        let third = VerdefIter::new(&data, e, None).nth(2).unwrap().unwrap();
        assert_eq!(shape(third.aux()), [true, true, false]);
        // Truncated data: the second record runs off the end.
        assert_eq!(
            shape(VerdefIter::new(&data[..0x28], e, Some(3))),
            [true, false]
        );
        // A chain of vd_next = 20 through zeroes, with no count, stops at the end of data.
        let mut long = vec![0u8; 20 * 1000];
        for r in long.chunks_mut(20) {
            r[16] = 20;
        }
        let v = shape(VerdefIter::new(&long, e, None));
        assert!(v.len() == 100 && v.iter().all(|&ok| ok));
        assert_eq!(VerdefIter::new(&long, e, Some(u32::MAX)).count(), 1001);
        // Vernaux looping to itself (vna_next = 0 with vn_cnt = 2 left).
        let mut need = verneed(e);
        need[0x1c] = 0;
        let n = VerneedIter::new(&need, e, Some(1)).next().unwrap().unwrap();
        assert_eq!(shape(n.aux()), [true, false]);
        assert_eq!(shape(VerneedIter::new(&need[..8], e, Some(1))), [false]);
    }

    #[test]
    fn symbol_version_names() {
        let e = Endian::Big;
        let (vd, vn) = (verdef(e), verneed(e));
        // versym of symbols 0..8
        let vs = [0, 1, 2, 0x8003, 4, 5, 9, 1].map(|v| (v, 2));
        let vs = enc(&vs, e);
        let v = SymbolVersions::new(
            Some(VersymTable::new(&vs, e)),
            Some(VerdefIter::new(&vd, e, Some(3))),
            Some(VerneedIter::new(&vn, e, Some(1))),
            StringTable::new(STRINGS),
        );
        let show = |i: u32, st_name: u64, st_shndx: u16| {
            let sym = Sym {
                st_name: st_name as u32,
                st_shndx,
                ..Sym::default()
            };
            let sv = v.symbol_version(SymbolIndex(i), &sym)?;
            let name = String::from_utf8_lossy(sv.name.unwrap_or(b"<corrupt>")).into_owned();
            let needed = sv.needed.map(|n| format!(" ({n})")).unwrap_or_default();
            Some(format!("{}{name}{needed}", sv.separator()))
        };
        assert_eq!(show(0, 50, 5), None); // local
        assert_eq!(show(1, 50, 5), None); // global, base version
        assert_eq!(show(2, 50, 5).as_deref(), Some("@@V1"));
        assert_eq!(show(2, V1, 5), None); // the version's own symbol
        assert_eq!(show(3, 50, 5).as_deref(), Some("@V2"));
        assert_eq!(show(4, 50, 0).as_deref(), Some("@B1 (4)"));
        assert_eq!(show(5, 50, 0).as_deref(), Some("@V1 (5)"));
        assert_eq!(show(6, 50, 5).as_deref(), Some("@@<corrupt>"));
        assert_eq!(show(99, 50, 5), None); // past the versym table
        assert_eq!(v.def(3).map(|d| v.string(d.name)), Some(Some(&b"V2"[..])));
        let need = v.need(4).map(|n| (n.file, n.flags));
        assert_eq!(need, Some((LIBBAR as u32, 0)));
        assert_eq!(v.versym().map(|t| t.iter().count()), Some(8));
    }

    /// Records served from lists, counting what the walk asked for.
    struct Mock {
        versym: Option<u16>,
        defs: Vec<VersionDef>,
        def_names: Vec<Option<u32>>,
        needs: Option<Vec<VersionNeed>>,
        asked: (usize, usize),
    }

    impl VersionRecords<'static> for Mock {
        fn versym(&mut self) -> Option<u16> {
            self.versym
        }
        fn next_def(&mut self) -> Option<VersionDef> {
            self.asked.0 += 1;
            self.defs.get(self.asked.0 - 1).copied()
        }
        fn def_name(&mut self) -> Option<u32> {
            self.def_names.get(self.asked.0 - 1).copied().flatten()
        }
        fn has_needs(&self) -> bool {
            self.needs.is_some()
        }
        fn next_need(&mut self) -> Option<VersionNeed> {
            self.asked.1 += 1;
            self.needs.as_ref()?.get(self.asked.1 - 1).copied()
        }
        fn string(&self, offset: u32) -> Option<&'static [u8]> {
            STRINGS.get(offset as usize..)?.split(|&b| b == 0).next()
        }
    }

    #[test]
    fn resolve_walks_lazily_as_gnu() {
        let def = |index, name| VersionDef {
            index,
            flags: 0,
            name,
        };
        let need = |index, name| VersionNeed {
            index,
            flags: 0,
            name,
            file: 0,
        };
        let mock = |versym, def_names: Vec<Option<u32>>, needs| Mock {
            versym: Some(versym),
            defs: vec![def(2, 0), def(3, 0), def(5, 0)],
            def_names,
            needs,
            asked: (0, 0),
        };
        // Found among the definitions: the walk stops there, needs untouched.
        let mut m = mock(
            3,
            vec![None, Some(V2 as u32)],
            Some(vec![need(4, B1 as u32)]),
        );
        let v = resolve_symbol_version(&mut m, 0, true).unwrap();
        assert_eq!(
            (v.name, v.needed, m.asked),
            (Some(&b"V2"[..]), None, (2, 0))
        );
        // The matching definition's aux cannot be read: on to the needs (GNU).
        let mut m = mock(4, vec![None; 3], Some(vec![need(4, B1 as u32)]));
        let v = resolve_symbol_version(&mut m, 0, true).unwrap();
        assert_eq!(
            (v.name, v.needed, v.separator()),
            (Some(&b"B1"[..]), Some(4), "@")
        );
        let mut m = mock(3, vec![None; 3], Some(vec![need(4, B1 as u32)]));
        // Index 3 defined but unnamed, not needed, not past the last definition: none.
        assert!(resolve_symbol_version(&mut m, 0, true).is_none());
        // Past every definition, needs present: a version without a name.
        let mut m = mock(0x8009, vec![], Some(vec![]));
        let v = resolve_symbol_version(&mut m, 0, true).unwrap();
        assert_eq!((v.name, v.separator()), (None, "@"));
        // An undefined symbol skips the definitions; an unreadable versym has no version.
        let mut m = mock(2, vec![Some(V1 as u32)], None);
        assert!(resolve_symbol_version(&mut m, 0, false).is_none());
        assert_eq!(m.asked, (0, 0));
        m.versym = None;
        assert!(resolve_symbol_version(&mut m, 0, true).is_none());
    }
}
