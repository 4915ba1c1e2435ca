//! Zero-copy reading of `ar` archives: member headers, names, data and the symbol index.

use super::{FMAG, HEADER_SIZE, MAGIC, THIN_MAGIC};
use crate::{Endian, Error, Result};

/// Which `ar` dialect an archive is written in.
///
/// Decided from the magic string, the symbol index, the long-name table and the name of
/// the first ordinary member, in that order; see [`Archive::kind`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ArchiveKind {
    /// Nothing tells the dialect apart (no members, no special members).
    Unknown,
    /// GNU / System V: `/` symbol index with 32-bit offsets, `//` long names, names ending in `/`.
    Gnu,
    /// GNU with the 64-bit symbol index `/SYM64/`.
    Gnu64,
    /// BSD: `__.SYMDEF` ranlib index with 32-bit fields, `#1/len` names.
    Bsd,
    /// BSD with the 64-bit `__.SYMDEF_64` index.
    Bsd64,
    /// GNU thin archive (`!<thin>\n`): members live in external files.
    Thin,
}

/// The layout of an archive's symbol index.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SymbolIndexKind {
    /// GNU `/`: big-endian 32-bit count and offsets, then NUL-terminated names.
    Gnu,
    /// GNU `/SYM64/`: big-endian 64-bit count and offsets, then NUL-terminated names.
    Gnu64,
    /// BSD `__.SYMDEF` / `__.SYMDEF SORTED`: 32-bit ranlib structs in the given byte order.
    Bsd(Endian),
    /// BSD `__.SYMDEF_64`: 64-bit ranlib structs in the given byte order.
    Bsd64(Endian),
}

impl SymbolIndexKind {
    /// Width in bytes of one offset field.
    pub fn offset_size(self) -> usize {
        match self {
            SymbolIndexKind::Gnu | SymbolIndexKind::Bsd(_) => 4,
            SymbolIndexKind::Gnu64 | SymbolIndexKind::Bsd64(_) => 8,
        }
    }

    /// The byte order of the index's numbers.
    pub fn endian(self) -> Endian {
        match self {
            SymbolIndexKind::Gnu | SymbolIndexKind::Gnu64 => Endian::Big,
            SymbolIndexKind::Bsd(e) | SymbolIndexKind::Bsd64(e) => e,
        }
    }

    /// Size in bytes of one entry of the offset (GNU) or ranlib (BSD) array.
    fn entry_size(self) -> usize {
        match self {
            SymbolIndexKind::Gnu | SymbolIndexKind::Gnu64 => self.offset_size(),
            SymbolIndexKind::Bsd(_) | SymbolIndexKind::Bsd64(_) => 2 * self.offset_size(),
        }
    }

    /// Where the member offset sits inside one entry.
    fn offset_in_entry(self) -> usize {
        match self {
            SymbolIndexKind::Gnu | SymbolIndexKind::Gnu64 => 0,
            SymbolIndexKind::Bsd(_) | SymbolIndexKind::Bsd64(_) => self.offset_size(),
        }
    }
}

/// A special member, recognised by its name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Special {
    /// `/`.
    GnuIndex,
    /// `/SYM64/`.
    Gnu64Index,
    /// `__.SYMDEF`, `__.SYMDEF SORTED`.
    BsdIndex,
    /// `__.SYMDEF_64`, `__.SYMDEF_64 SORTED`.
    Bsd64Index,
    /// `//`.
    LongNames,
}

/// The decoded location of the symbol index inside the archive.
#[derive(Debug, Clone, Copy)]
pub(crate) struct SymbolIndex<'data> {
    pub(crate) kind: SymbolIndexKind,
    /// Offset of the index member's header.
    pub(crate) header_offset: u64,
    /// Offset of the index member's data (after a BSD `#1/` name).
    pub(crate) data_offset: u64,
    /// Offset of the entry array relative to `data_offset`.
    pub(crate) entries_offset: usize,
    /// The entry array: offsets (GNU) or ranlib structs (BSD).
    pub(crate) entries: &'data [u8],
    /// Number of entries (bounded by `entries.len()`).
    pub(crate) count: usize,
    /// The names: consecutive strings (GNU) or a string table (BSD).
    pub(crate) strings: &'data [u8],
}

impl<'data> SymbolIndex<'data> {
    /// Decode the index in `member`, whose name said it is one of the `special` kind.
    fn parse(special: Special, member: &Member<'data>) -> Result<Self> {
        let data = member.data.unwrap_or(&[]);
        let bad = |what| Error::BadArchiveMember {
            what,
            offset: member.header_offset,
        };
        let gnu = |kind: SymbolIndexKind| -> Result<Self> {
            let w = kind.offset_size();
            let count = read_uint(data, 0, w, Endian::Big)
                .ok_or_else(|| bad("symbol index is shorter than its count"))?;
            let rest = data.get(w..).unwrap_or(&[]);
            let count = usize::try_from(count)
                .ok()
                .filter(|&c| c.checked_mul(w).is_some_and(|len| len <= rest.len()))
                .ok_or_else(|| bad("symbol index count runs past the end of the index"))?;
            let (entries, strings) = rest.split_at(count * w);
            Ok(SymbolIndex {
                kind,
                header_offset: member.header_offset,
                data_offset: member.data_offset,
                entries_offset: w,
                entries,
                count,
                strings,
            })
        };
        let bsd = |wide: bool| -> Result<Self> {
            for endian in [Endian::Little, Endian::Big] {
                let kind = if wide {
                    SymbolIndexKind::Bsd64(endian)
                } else {
                    SymbolIndexKind::Bsd(endian)
                };
                if let Some(index) = Self::parse_bsd(kind, data, member) {
                    return Ok(index);
                }
            }
            Err(bad("BSD symbol index sizes run past the end of the index"))
        };
        match special {
            Special::GnuIndex => gnu(SymbolIndexKind::Gnu),
            Special::Gnu64Index => gnu(SymbolIndexKind::Gnu64),
            Special::BsdIndex => bsd(false),
            Special::Bsd64Index => bsd(true),
            Special::LongNames => Err(bad("not a symbol index")),
        }
    }

    /// Try to read a BSD ranlib index in one byte order; `None` if the sizes do not fit.
    ///
    /// Layout: `ranlib_size` (bytes of the ranlib array), the array of
    /// `{ ran_strx, ran_off }`, `strtab_size`, the string table.
    fn parse_bsd(kind: SymbolIndexKind, data: &'data [u8], member: &Member<'data>) -> Option<Self> {
        let w = kind.offset_size();
        let endian = kind.endian();
        let array_size = usize::try_from(read_uint(data, 0, w, endian)?).ok()?;
        if array_size % kind.entry_size() != 0 {
            return None;
        }
        let entries = data.get(w..w.checked_add(array_size)?)?;
        let strtab_at = w.checked_add(array_size)?;
        let strtab_size = usize::try_from(read_uint(data, strtab_at, w, endian)?).ok()?;
        let strings_at = strtab_at.checked_add(w)?;
        let strings = data.get(strings_at..strings_at.checked_add(strtab_size)?)?;
        Some(SymbolIndex {
            kind,
            header_offset: member.header_offset,
            data_offset: member.data_offset,
            entries_offset: w,
            entries,
            count: array_size / kind.entry_size(),
            strings,
        })
    }

    /// The member offset recorded in entry `i`.
    pub(crate) fn offset(&self, i: usize) -> Option<u64> {
        let at = i
            .checked_mul(self.kind.entry_size())?
            .checked_add(self.kind.offset_in_entry())?;
        read_uint(
            self.entries,
            at,
            self.kind.offset_size(),
            self.kind.endian(),
        )
    }

    /// Position of entry `i`'s offset field relative to the member's data.
    pub(crate) fn offset_field(&self, i: usize) -> Option<usize> {
        i.checked_mul(self.kind.entry_size())?
            .checked_add(self.kind.offset_in_entry())?
            .checked_add(self.entries_offset)
    }
}

/// Read a `width`-byte (4 or 8) unsigned number at `at`.
pub(crate) fn read_uint(data: &[u8], at: usize, width: usize, endian: Endian) -> Option<u64> {
    let bytes = data.get(at..at.checked_add(width)?)?;
    let mut buf = [0u8; 8];
    match (width, endian) {
        (4, Endian::Big) => buf.get_mut(4..)?.copy_from_slice(bytes),
        (8, Endian::Big) => buf.copy_from_slice(bytes),
        (4, Endian::Little) => buf.get_mut(..4)?.copy_from_slice(bytes),
        (8, Endian::Little) => buf.copy_from_slice(bytes),
        _ => return None,
    }
    Some(match endian {
        Endian::Big => u64::from_be_bytes(buf),
        Endian::Little => u64::from_le_bytes(buf),
    })
}

/// Parse a header number field: optional spaces, digits in `radix`, optional spaces.
///
/// `None` if there are no digits, anything else is in the field, or the value overflows.
pub(crate) fn parse_number(field: &[u8], radix: u32) -> Option<u64> {
    let s = trim_spaces(field);
    let s = s.get(s.iter().take_while(|&&b| b == b' ').count()..)?;
    if s.is_empty() {
        return None;
    }
    s.iter().try_fold(0u64, |acc, &b| {
        let digit = char::from(b).to_digit(radix)?;
        acc.checked_mul(u64::from(radix))?
            .checked_add(u64::from(digit))
    })
}

/// `field` without trailing spaces.
fn trim_spaces(field: &[u8]) -> &[u8] {
    let end = field.iter().rposition(|&b| b != b' ').map_or(0, |p| p + 1);
    field.get(..end).unwrap_or(&[])
}

/// The special member a BSD name (`#1/` or short) denotes, if any.
fn bsd_special(name: &[u8]) -> Option<Special> {
    match name {
        b"__.SYMDEF" | b"__.SYMDEF SORTED" => Some(Special::BsdIndex),
        b"__.SYMDEF_64" | b"__.SYMDEF_64 SORTED" => Some(Special::Bsd64Index),
        _ => None,
    }
}

/// A parsed `ar` archive: the magic string, the symbol index and the long-name table.
///
/// [`Archive::parse`] walks only the leading special members; the ordinary members are
/// read as they are iterated. Every slice it hands out borrows from the input.
#[derive(Debug, Clone, Copy)]
pub struct Archive<'data> {
    data: &'data [u8],
    thin: bool,
    kind: ArchiveKind,
    symbol_index: Option<SymbolIndex<'data>>,
    long_names: Option<&'data [u8]>,
}

impl<'data> Archive<'data> {
    /// Parse an archive starting with `!<arch>\n` or `!<thin>\n`.
    ///
    /// Reads the special members at the front of the archive (symbol index `/`,
    /// `/SYM64/` or `__.SYMDEF*`, long-name table `//`) up to the first ordinary member.
    ///
    /// # Errors
    /// - [`Error::BadArchiveMagic`] if the input does not start with an `ar` magic string.
    /// - [`Error::BadArchiveMember`] if a leading member's header is truncated or malformed
    ///   (bad terminator, size not a decimal number, data running past the end), or if the
    ///   symbol index's count or sizes do not fit in its member.
    pub fn parse(data: &'data [u8]) -> Result<Self> {
        let magic = data.get(..MAGIC.len()).ok_or(Error::BadArchiveMagic)?;
        let thin = if magic == MAGIC {
            false
        } else if magic == THIN_MAGIC {
            true
        } else {
            return Err(Error::BadArchiveMagic);
        };
        let mut archive = Archive {
            data,
            thin,
            kind: ArchiveKind::Unknown,
            symbol_index: None,
            long_names: None,
        };
        let mut first_name = None;
        let mut offset = MAGIC.len() as u64;
        while offset < data.len() as u64 {
            // Names are not resolved here: a long-name reference before `//` is reported
            // when the member is iterated, not by `parse`.
            let member = archive.read_member(offset, false)?;
            match member.special {
                Some(Special::LongNames) => {
                    if archive.long_names.is_none() {
                        archive.long_names = member.data;
                    }
                }
                Some(special) => {
                    if archive.symbol_index.is_none() {
                        archive.symbol_index = Some(SymbolIndex::parse(special, &member)?);
                    }
                }
                None => {
                    first_name = Some(member.raw_name());
                    break;
                }
            }
            offset = member.next_offset();
        }
        archive.kind = if thin {
            ArchiveKind::Thin
        } else {
            match archive.symbol_index.map(|s| s.kind) {
                Some(SymbolIndexKind::Gnu) => ArchiveKind::Gnu,
                Some(SymbolIndexKind::Gnu64) => ArchiveKind::Gnu64,
                Some(SymbolIndexKind::Bsd(_)) => ArchiveKind::Bsd,
                Some(SymbolIndexKind::Bsd64(_)) => ArchiveKind::Bsd64,
                None if archive.long_names.is_some() => ArchiveKind::Gnu,
                // GNU names always end in `/` (or are `/123` references); BSD names never do.
                None => match first_name {
                    Some(name) if name.starts_with(b"#1/") || !name.contains(&b'/') => {
                        ArchiveKind::Bsd
                    }
                    Some(_) => ArchiveKind::Gnu,
                    None => ArchiveKind::Unknown,
                },
            }
        };
        Ok(archive)
    }

    /// The dialect of the archive.
    ///
    /// [`ArchiveKind::Thin`] for `!<thin>\n`; otherwise taken from the symbol index
    /// (`/` → `Gnu`, `/SYM64/` → `Gnu64`, `__.SYMDEF` → `Bsd`, `__.SYMDEF_64` → `Bsd64`),
    /// else `Gnu` if there is a `//` table, else from the first member's name (`#1/…` or
    /// no `/` → `Bsd`, a `/` → `Gnu`), else `Unknown` (an empty archive).
    pub fn kind(&self) -> ArchiveKind {
        self.kind
    }

    /// Whether this is a thin archive, whose members' data lives in external files.
    pub fn is_thin(&self) -> bool {
        self.thin
    }

    /// The whole archive, as passed to [`Archive::parse`].
    pub fn data(&self) -> &'data [u8] {
        self.data
    }

    /// The layout of the symbol index, or `None` if the archive has none.
    pub fn symbol_index_kind(&self) -> Option<SymbolIndexKind> {
        self.symbol_index.map(|s| s.kind)
    }

    /// The number of entries in the symbol index (0 if there is none).
    pub fn symbol_count(&self) -> usize {
        self.symbol_index.map_or(0, |s| s.count)
    }

    /// The contents of the GNU long-name table `//`, or `None` if there is none.
    pub fn long_names(&self) -> Option<&'data [u8]> {
        self.long_names
    }

    /// The ordinary members, in file order.
    ///
    /// The special members (`/`, `//`, `/SYM64/`, `__.SYMDEF*`) are skipped; see
    /// [`Archive::symbols`] and [`Archive::long_names`]. The iterator stops after the
    /// first error.
    pub fn members(&self) -> Members<'data> {
        Members {
            archive: *self,
            offset: MAGIC.len() as u64,
            with_special: false,
            done: false,
        }
    }

    /// Every member, special members included (for rewriting).
    pub(crate) fn all_members(&self) -> Members<'data> {
        Members {
            with_special: true,
            ..self.members()
        }
    }

    pub(crate) fn raw_symbol_index(&self) -> Option<SymbolIndex<'data>> {
        self.symbol_index
    }

    /// The entries of the symbol index: each symbol name with the header offset of the
    /// member defining it. Empty if there is no index.
    ///
    /// Use [`Archive::member_at`] to get the member. The iterator stops after the first
    /// error (a name running past the end of the index).
    pub fn symbols(&self) -> Symbols<'data> {
        Symbols {
            index: self.symbol_index,
            next: 0,
            name_at: 0,
        }
    }

    /// The member whose header starts at `offset`, as named by a symbol index entry.
    ///
    /// Special members are returned too.
    ///
    /// # Errors
    /// [`Error::BadArchiveMember`] if `offset` is inside the magic string, past the end, or
    /// does not hold a well-formed member header (which is what a stray offset usually
    /// gives), or if the member's long name cannot be resolved.
    pub fn member_at(&self, offset: u64) -> Result<Member<'data>> {
        if offset < MAGIC.len() as u64 {
            return Err(Error::BadArchiveMember {
                what: "offset is inside the archive magic",
                offset,
            });
        }
        self.read_member(offset, true)
    }

    /// Read the member whose header is at `offset`, resolving `/123` names if `resolve`.
    fn read_member(&self, offset: u64, resolve: bool) -> Result<Member<'data>> {
        let bad = |what| Error::BadArchiveMember { what, offset };
        let len = self.data.len() as u64;
        let header = crate::slice(self.data, offset, HEADER_SIZE, "ar member header")
            .map_err(|_| bad("truncated member header"))?;
        if header.get(58..60) != Some(FMAG.as_slice()) {
            return Err(bad("bad header terminator (not \"`\\n\")"));
        }
        let raw_name = header.get(..16).unwrap_or(&[]);
        let size = parse_number(header.get(48..58).unwrap_or(&[]), 10)
            .ok_or_else(|| bad("size field is not a decimal number"))?;
        let after_header = offset + HEADER_SIZE;

        let mut name = trim_spaces(raw_name);
        let mut special = None;
        let mut bsd_name_len = 0;
        let mut nested_offset = None;
        if let Some(len_field) = raw_name.strip_prefix(b"#1/") {
            // BSD 4.4: the name is the first `len` bytes of the data, NUL-padded.
            let n = parse_number(len_field, 10)
                .ok_or_else(|| bad("BSD name length is not a decimal number"))?;
            if n > size {
                return Err(bad("BSD name is longer than the member"));
            }
            let bytes = crate::slice(self.data, after_header, n, "ar member name")
                .map_err(|_| bad("BSD name runs past the end of the archive"))?;
            let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
            name = bytes.get(..end).unwrap_or(&[]);
            special = bsd_special(name);
            bsd_name_len = n;
        } else if let Some(rest) = raw_name.strip_prefix(b"/") {
            match name {
                b"/" => special = Some(Special::GnuIndex),
                b"//" => special = Some(Special::LongNames),
                b"/SYM64/" => special = Some(Special::Gnu64Index),
                _ if rest.first().is_some_and(u8::is_ascii_digit) => {
                    // `/123`, or `/123:456` in a thin archive: the member whose header is at 456
                    // in the nested archive named by entry 123.
                    let (name_field, origin) = match rest.iter().position(|&b| b == b':') {
                        Some(colon) => (rest.get(..colon).unwrap_or(&[]), rest.get(colon + 1..)),
                        None => (rest, None),
                    };
                    let at = parse_number(name_field, 10)
                        .ok_or_else(|| bad("bad long name reference"))?;
                    if let Some(origin) = origin {
                        nested_offset = Some(
                            parse_number(origin, 10)
                                .ok_or_else(|| bad("bad nested archive offset"))?,
                        );
                    }
                    if resolve {
                        name = self.long_name(at, offset)?;
                    }
                }
                // An unknown special name (such as `/<ECSYMBOLS>/`): keep it as written.
                _ => {}
            }
        } else if let Some(s) = bsd_special(name) {
            special = Some(s);
        } else if let Some(slash) = raw_name.iter().position(|&b| b == b'/') {
            name = raw_name.get(..slash).unwrap_or(&[]);
        }

        let data_offset = after_header + bsd_name_len;
        let (data, end) = if self.thin && special.is_none() {
            // The data is in the file the name points to; the next header follows.
            (None, data_offset)
        } else {
            let end = after_header
                .checked_add(size)
                .filter(|&e| e <= len)
                .ok_or_else(|| bad("member size runs past the end of the archive"))?;
            let data = crate::slice(self.data, data_offset, end - data_offset, "ar member data")
                .map_err(|_| bad("member size runs past the end of the archive"))?;
            (Some(data), end)
        };
        Ok(Member {
            header,
            name,
            header_offset: offset,
            data_offset,
            size,
            data,
            end,
            nested_offset,
            special,
        })
    }

    /// The name at `at` in the long-name table, for the member at `member_offset`.
    ///
    /// Entries end with `/\n` (or `\n` or NUL in other writers); an entry running to the
    /// end of the table is taken as it is.
    fn long_name(&self, at: u64, member_offset: u64) -> Result<&'data [u8]> {
        let bad = |what| Error::BadArchiveMember {
            what,
            offset: member_offset,
        };
        let table = self
            .long_names
            .ok_or_else(|| bad("long name reference but no long name table"))?;
        let rest = usize::try_from(at)
            .ok()
            .and_then(|at| table.get(at..))
            .filter(|rest| !rest.is_empty())
            .ok_or_else(|| bad("long name offset is past the end of the long name table"))?;
        let end = rest
            .iter()
            .position(|&b| b == b'\n' || b == 0)
            .unwrap_or(rest.len());
        let name = rest.get(..end).unwrap_or(&[]);
        Ok(name.strip_suffix(b"/").unwrap_or(name))
    }
}

/// One member of an archive: its header, resolved name and data.
///
/// For a thin archive's ordinary members the data is in an external file named by
/// [`Member::name`] (relative to the archive's directory); [`Member::data`] is then `None`.
#[derive(Debug, Clone, Copy)]
pub struct Member<'data> {
    header: &'data [u8],
    name: &'data [u8],
    header_offset: u64,
    data_offset: u64,
    size: u64,
    data: Option<&'data [u8]>,
    /// End of the member's bytes in the archive, before padding.
    end: u64,
    nested_offset: Option<u64>,
    pub(crate) special: Option<Special>,
}

impl<'data> Member<'data> {
    /// The member's name: a GNU name without its `/`, a `//` long name resolved, a BSD
    /// `#1/` name without its NUL padding, a BSD short name without trailing spaces.
    ///
    /// In a thin archive this is the path of the external file.
    pub fn name(&self) -> &'data [u8] {
        self.name
    }

    /// The 16-byte name field of the header, as written.
    pub fn raw_name(&self) -> &'data [u8] {
        self.header.get(..16).unwrap_or(&[])
    }

    /// The 60 raw header bytes.
    pub fn header(&self) -> &'data [u8] {
        self.header
    }

    /// File offset of the header (what symbol index entries hold).
    pub fn header_offset(&self) -> u64 {
        self.header_offset
    }

    /// File offset of the data: after the header and, for `#1/` names, after the name.
    pub fn data_offset(&self) -> u64 {
        self.data_offset
    }

    /// Size of the header: 60, plus the name's length for BSD `#1/` names.
    pub fn header_size(&self) -> u64 {
        self.data_offset - self.header_offset
    }

    /// The header's size field: the data's size, plus the name's length for BSD `#1/`
    /// names. For a thin archive's members, the size of the external file.
    pub fn size(&self) -> u64 {
        self.size
    }

    /// The size of the data alone: [`Member::size`] without a BSD `#1/` name.
    pub fn data_size(&self) -> u64 {
        self.size - (self.header_size() - HEADER_SIZE)
    }

    /// Whether the data lives outside the archive (an ordinary member of a thin archive).
    pub fn is_external(&self) -> bool {
        self.data.is_none()
    }

    /// For a thin archive's member taken from a nested archive (name field `/123:456`):
    /// the offset of the member's header inside the archive named by [`Member::name`].
    pub fn nested_offset(&self) -> Option<u64> {
        self.nested_offset
    }

    /// The member's data, or `None` for an ordinary member of a thin archive, whose data
    /// is in the external file named by [`Member::name`].
    pub fn data(&self) -> Option<&'data [u8]> {
        self.data
    }

    /// The member's data, as a `Result` for use with `?`.
    ///
    /// # Errors
    /// [`Error::ExternalMember`] for an ordinary member of a thin archive.
    pub fn try_data(&self) -> Result<&'data [u8]> {
        self.data.ok_or(Error::ExternalMember {
            offset: self.header_offset,
        })
    }

    /// Offset of the next header: the end of the member, padded to 2 bytes.
    pub(crate) fn next_offset(&self) -> u64 {
        self.end + (self.end & 1)
    }

    /// End of the member's bytes (before padding).
    pub(crate) fn end(&self) -> u64 {
        self.end
    }

    fn field(&self, range: core::ops::Range<usize>, radix: u32, what: &'static str) -> Result<u64> {
        let field = self.header.get(range).unwrap_or(&[]);
        if field.iter().all(|&b| b == b' ') {
            // Some writers leave these fields blank; GNU ar reads them as 0.
            return Ok(0);
        }
        parse_number(field, radix).ok_or(Error::BadArchiveMember {
            what,
            offset: self.header_offset,
        })
    }

    /// The modification time (seconds since the epoch). A blank field reads as 0.
    ///
    /// # Errors
    /// [`Error::BadArchiveMember`] if the field is not a decimal number.
    pub fn date(&self) -> Result<u64> {
        self.field(16..28, 10, "date field is not a decimal number")
    }

    /// The owner's user id. A blank field reads as 0.
    ///
    /// # Errors
    /// [`Error::BadArchiveMember`] if the field is not a decimal number.
    pub fn uid(&self) -> Result<u32> {
        let v = self.field(28..34, 10, "uid field is not a decimal number")?;
        Ok(u32::try_from(v).unwrap_or(u32::MAX))
    }

    /// The owner's group id. A blank field reads as 0.
    ///
    /// # Errors
    /// [`Error::BadArchiveMember`] if the field is not a decimal number.
    pub fn gid(&self) -> Result<u32> {
        let v = self.field(34..40, 10, "gid field is not a decimal number")?;
        Ok(u32::try_from(v).unwrap_or(u32::MAX))
    }

    /// The file mode (octal in the header). A blank field reads as 0.
    ///
    /// # Errors
    /// [`Error::BadArchiveMember`] if the field is not an octal number.
    pub fn mode(&self) -> Result<u32> {
        let v = self.field(40..48, 8, "mode field is not an octal number")?;
        Ok(u32::try_from(v).unwrap_or(u32::MAX))
    }
}

/// Iterator over an archive's members; see [`Archive::members`].
#[derive(Debug, Clone)]
pub struct Members<'data> {
    archive: Archive<'data>,
    offset: u64,
    with_special: bool,
    done: bool,
}

impl<'data> Iterator for Members<'data> {
    type Item = Result<Member<'data>>;

    fn next(&mut self) -> Option<Self::Item> {
        // Each step advances by at least one header, so this ends.
        while !self.done && self.offset < self.archive.data.len() as u64 {
            match self.archive.read_member(self.offset, true) {
                Ok(member) => {
                    self.offset = member.next_offset();
                    if self.with_special || member.special.is_none() {
                        return Some(Ok(member));
                    }
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(e));
                }
            }
        }
        None
    }
}

impl core::iter::FusedIterator for Members<'_> {}

/// One entry of the symbol index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArchiveSymbol<'data> {
    name: &'data [u8],
    member_offset: u64,
}

impl<'data> ArchiveSymbol<'data> {
    /// The symbol's name.
    pub fn name(&self) -> &'data [u8] {
        self.name
    }

    /// The header offset of the member that defines it; see [`Archive::member_at`].
    pub fn member_offset(&self) -> u64 {
        self.member_offset
    }
}

/// Iterator over the symbol index; see [`Archive::symbols`].
#[derive(Debug, Clone)]
pub struct Symbols<'data> {
    index: Option<SymbolIndex<'data>>,
    next: usize,
    /// Where the next GNU name starts in the string area.
    name_at: usize,
}

impl<'data> Iterator for Symbols<'data> {
    type Item = Result<ArchiveSymbol<'data>>;

    fn next(&mut self) -> Option<Self::Item> {
        let index = self.index?;
        if self.next >= index.count {
            return None;
        }
        let i = self.next;
        self.next += 1;
        let result = (|| {
            let bad = |what| Error::BadArchiveMember {
                what,
                offset: index.header_offset,
            };
            let member_offset = index
                .offset(i)
                .ok_or_else(|| bad("symbol index entry is truncated"))?;
            let name_at = match index.kind {
                SymbolIndexKind::Gnu | SymbolIndexKind::Gnu64 => self.name_at,
                SymbolIndexKind::Bsd(_) | SymbolIndexKind::Bsd64(_) => {
                    let strx = read_uint(
                        index.entries,
                        i * index.kind.entry_size(),
                        index.kind.offset_size(),
                        index.kind.endian(),
                    )
                    .ok_or_else(|| bad("symbol index entry is truncated"))?;
                    usize::try_from(strx).unwrap_or(usize::MAX)
                }
            };
            let rest = index
                .strings
                .get(name_at..)
                .ok_or_else(|| bad("symbol name is past the end of the symbol index"))?;
            let len = rest
                .iter()
                .position(|&b| b == 0)
                .ok_or_else(|| bad("symbol name runs past the end of the symbol index"))?;
            self.name_at = name_at + len + 1;
            Ok(ArchiveSymbol {
                name: rest.get(..len).unwrap_or(&[]),
                member_offset,
            })
        })();
        if result.is_err() {
            self.index = None;
        }
        Some(result)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.index.map_or(0, |i| i.count.saturating_sub(self.next));
        (0, Some(left))
    }
}

impl core::iter::FusedIterator for Symbols<'_> {}
