//! Writing `ar` archives: rewriting an existing one with replaced members, and building
//! a new GNU archive.

use super::read::{Archive, Member};
use super::{HEADER_SIZE, MAGIC};
use crate::{Endian, Error, Result};

/// The largest number a 10-character size field holds.
const MAX_SIZE_FIELD: u64 = 9_999_999_999;

/// Write an archive again, replacing the data of the members `replace` asks for.
///
/// `replace` is called once for each ordinary member, in file order (never for the
/// special members). It returns `Ok(None)` to keep the member as it is, or `Ok(Some(data))`
/// to replace its data.
///
/// What the output keeps:
/// - with no member replaced, it is the input byte for byte (headers, padding bytes,
///   special members and all);
/// - a member replaced with data of the same size keeps its header and padding bytes;
/// - a member replaced with data of another size gets its size field rewritten (decimal,
///   left-justified, space-padded to 10 characters) and its padding recomputed (one `\n`
///   if the member ends at an odd offset). A BSD `#1/len` name stays in front of the data,
///   and the size field counts name and data. The other header fields stay as they were.
/// - when members move, the symbol index (GNU `/`, `/SYM64/`, BSD `__.SYMDEF*`) is
///   updated to the members' new header offsets; its size does not change.
///
/// A thin archive is copied unchanged and `replace` is not called: its members' data
/// lives in external files, which are not this function's to write.
///
/// # Errors
/// - Any error from reading a member (see [`Archive::members`]) or from `replace`.
/// - [`Error::TooLarge`] if a replaced member's size does not fit the 10-digit size field.
/// - [`Error::BadArchiveMember`] if members moved and a symbol index entry does not
///   point at a member header, so there is no way to tell where it should point now.
/// - [`Error::Layout`] if a new member offset does not fit a 32-bit symbol index.
pub fn rewrite<'data, F>(archive: &Archive<'data>, mut replace: F) -> Result<Vec<u8>>
where
    F: FnMut(&Member<'data>) -> Result<Option<Vec<u8>>>,
{
    let data = archive.data();
    if archive.is_thin() {
        return Ok(data.to_vec());
    }
    let index = archive.raw_symbol_index();
    let mut out = Vec::with_capacity(data.len());
    out.extend_from_slice(data.get(..MAGIC.len()).unwrap_or(MAGIC));
    // (old header offset, new header offset) of every member, in increasing order.
    let mut moves: Vec<(u64, u64)> = Vec::new();
    // Where the symbol index's data went in the output.
    let mut index_at = None;

    for member in archive.all_members() {
        let member = member?;
        let old = member.header_offset();
        let new = out.len() as u64;
        moves.push((old, new));
        if let Some(index) = index.filter(|i| i.header_offset == old) {
            index_at = Some(new + (index.data_offset - old));
        }
        let bad = |what| Error::BadArchiveMember { what, offset: old };
        let next = member.next_offset().min(data.len() as u64);
        let whole = crate::slice(data, old, next - old, "ar member")
            .map_err(|_| bad("member is out of bounds"))?;
        let replacement = if member.special.is_none() {
            replace(&member)?
        } else {
            None
        };
        let Some(new_data) = replacement else {
            out.extend_from_slice(whole);
            continue;
        };
        let header_size =
            usize::try_from(member.header_size()).map_err(|_| bad("header is too large"))?;
        let head = whole
            .get(..header_size)
            .ok_or_else(|| bad("header is out of bounds"))?;
        if new_data.len() as u64 == member.data_size() {
            // Same size: keep the header and the padding bytes as they were.
            let padding = whole
                .get(usize::try_from(member.end() - old).unwrap_or(usize::MAX)..)
                .unwrap_or(&[]);
            out.extend_from_slice(head);
            out.extend_from_slice(&new_data);
            out.extend_from_slice(padding);
            continue;
        }
        let size = (member.header_size() - HEADER_SIZE)
            .checked_add(new_data.len() as u64)
            .filter(|&s| s <= MAX_SIZE_FIELD)
            .ok_or(Error::TooLarge {
                what: "ar member",
                size: new_data.len() as u64,
                limit: MAX_SIZE_FIELD,
            })?;
        // Name, date, uid, gid, mode as they were; a new size; the terminator; the BSD name.
        out.extend_from_slice(head.get(..48).unwrap_or(&[]));
        push_field(&mut out, size.to_string().as_bytes(), 10)?;
        out.extend_from_slice(head.get(58..).unwrap_or(&[]));
        out.extend_from_slice(&new_data);
        if out.len() % 2 == 1 {
            out.push(b'\n');
        }
    }

    if let (Some(index), Some(index_at)) = (index, index_at) {
        if moves.iter().any(|(old, new)| old != new) {
            update_symbol_index(&mut out, &index, index_at, &moves)?;
        }
    }
    Ok(out)
}

/// Point the symbol index written at `index_at` in `out` at the members' new offsets.
fn update_symbol_index(
    out: &mut [u8],
    index: &super::read::SymbolIndex<'_>,
    index_at: u64,
    moves: &[(u64, u64)],
) -> Result<()> {
    let bad = |what| Error::BadArchiveMember {
        what,
        offset: index.header_offset,
    };
    let width = index.kind.offset_size();
    let endian = index.kind.endian();
    for i in 0..index.count {
        let old = index
            .offset(i)
            .ok_or_else(|| bad("symbol index entry is truncated"))?;
        let new = moves
            .binary_search_by_key(&old, |&(old, _)| old)
            .ok()
            .and_then(|k| moves.get(k))
            .map(|&(_, new)| new)
            .ok_or_else(|| bad("symbol index entry does not point at a member header"))?;
        let bytes = match (width, endian) {
            (4, _) => {
                let new = u32::try_from(new).map_err(|_| {
                    Error::Layout("member offset does not fit the 32-bit symbol index")
                })?;
                match endian {
                    Endian::Big => new.to_be_bytes().to_vec(),
                    Endian::Little => new.to_le_bytes().to_vec(),
                }
            }
            (_, Endian::Big) => new.to_be_bytes().to_vec(),
            (_, Endian::Little) => new.to_le_bytes().to_vec(),
        };
        let at = index
            .offset_field(i)
            .and_then(|f| usize::try_from(index_at).ok()?.checked_add(f))
            .ok_or_else(|| bad("symbol index entry is out of bounds"))?;
        out.get_mut(at..at + bytes.len())
            .ok_or_else(|| bad("symbol index entry is out of bounds"))?
            .copy_from_slice(&bytes);
    }
    Ok(())
}

/// Append `value` left-justified in a field of `width` bytes padded with spaces.
fn push_field(out: &mut Vec<u8>, value: &[u8], width: usize) -> Result<()> {
    if value.len() > width {
        return Err(Error::Layout("ar header field is too long"));
    }
    out.extend_from_slice(value);
    out.resize(out.len() + (width - value.len()), b' ');
    Ok(())
}

/// Append a member header; empty fields are left blank.
fn push_header(out: &mut Vec<u8>, name: &[u8], fields: [&[u8]; 4], size: u64) -> Result<()> {
    if size > MAX_SIZE_FIELD {
        return Err(Error::TooLarge {
            what: "ar member",
            size,
            limit: MAX_SIZE_FIELD,
        });
    }
    let [date, uid, gid, mode] = fields;
    push_field(out, name, 16)?;
    push_field(out, date, 12)?;
    push_field(out, uid, 6)?;
    push_field(out, gid, 6)?;
    push_field(out, mode, 8)?;
    push_field(out, size.to_string().as_bytes(), 10)?;
    out.extend_from_slice(super::FMAG);
    Ok(())
}

/// A member waiting to be written by [`ArchiveBuilder`].
#[derive(Debug, Clone)]
struct NewMember {
    name: Vec<u8>,
    data: Vec<u8>,
    symbols: Vec<Vec<u8>>,
}

/// Builds a new GNU-format archive, the way `ar rcD` (deterministic mode) writes one.
///
/// Headers get date 0, uid 0, gid 0 and mode `644`. Names of up to 15 bytes are stored
/// in the header, ended by `/`; longer names go to a `//` table (entries ending in `/\n`,
/// the table padded to an even size with `\n`) and the header holds `/offset`. The symbol
/// index `/` (or `/SYM64/` if a member offset passes 4 GiB) lists the symbols given with
/// [`ArchiveBuilder::add_member_with_symbols`], in order; it is written when any member has
/// symbols, unless [`ArchiveBuilder::with_symbol_index`] says otherwise.
#[derive(Debug, Clone, Default)]
pub struct ArchiveBuilder {
    members: Vec<NewMember>,
    symbol_index: Option<bool>,
}

impl ArchiveBuilder {
    /// An empty builder.
    pub fn new() -> Self {
        Self::default()
    }

    /// Add a member with no symbols.
    pub fn add_member(&mut self, name: impl Into<Vec<u8>>, data: impl Into<Vec<u8>>) -> &mut Self {
        self.add_member_with_symbols(name, data, core::iter::empty::<&[u8]>())
    }

    /// Add a member that defines `symbols` (listed in the symbol index in this order).
    pub fn add_member_with_symbols<I, S>(
        &mut self,
        name: impl Into<Vec<u8>>,
        data: impl Into<Vec<u8>>,
        symbols: I,
    ) -> &mut Self
    where
        I: IntoIterator<Item = S>,
        S: AsRef<[u8]>,
    {
        self.members.push(NewMember {
            name: name.into(),
            data: data.into(),
            symbols: symbols.into_iter().map(|s| s.as_ref().to_vec()).collect(),
        });
        self
    }

    /// Write the symbol index (even an empty one) or not; by default it is written when a
    /// member has symbols.
    pub fn with_symbol_index(&mut self, write: bool) -> &mut Self {
        self.symbol_index = Some(write);
        self
    }

    /// Lay out and write the archive.
    ///
    /// # Errors
    /// - [`Error::Layout`] if a member name is empty or contains `/`, `\n` or NUL, or a
    ///   symbol name contains NUL.
    /// - [`Error::TooLarge`] if a member or the symbol index is too large for a size field.
    pub fn build(&self) -> Result<Vec<u8>> {
        // The long-name table and each member's name field.
        let mut long_names = Vec::new();
        let mut name_fields = Vec::with_capacity(self.members.len());
        for member in &self.members {
            let name = &member.name;
            if name.is_empty() || name.iter().any(|&b| matches!(b, b'/' | b'\n' | 0)) {
                return Err(Error::Layout(
                    "ar member name is empty or contains '/', '\\n' or NUL",
                ));
            }
            if member.symbols.iter().any(|s| s.contains(&0)) {
                return Err(Error::Layout("ar symbol name contains NUL"));
            }
            if name.len() <= 15 {
                let mut field = name.clone();
                field.push(b'/');
                name_fields.push(field);
            } else {
                name_fields.push(format!("/{}", long_names.len()).into_bytes());
                long_names.extend_from_slice(name);
                long_names.extend_from_slice(b"/\n");
            }
        }
        if long_names.len() % 2 == 1 {
            long_names.push(b'\n');
        }

        let symbol_count: usize = self.members.iter().map(|m| m.symbols.len()).sum();
        let strings_size: usize = self
            .members
            .iter()
            .flat_map(|m| &m.symbols)
            .map(|s| s.len() + 1)
            .sum();
        let with_index = self.symbol_index.unwrap_or(symbol_count > 0);

        // Lay out with 32-bit offsets; switch to /SYM64/ if an offset does not fit.
        let mut width = 4u64;
        let (index_size, offsets) = loop {
            let mut index_size = 0u64;
            let mut at = MAGIC.len() as u64;
            if with_index {
                index_size = width
                    .checked_mul(symbol_count as u64 + 1)
                    .and_then(|s| s.checked_add(strings_size as u64))
                    .ok_or(Error::Layout("symbol index is too large"))?;
                index_size += index_size % 2;
                at += HEADER_SIZE + index_size;
            }
            if !long_names.is_empty() {
                at += HEADER_SIZE + long_names.len() as u64;
            }
            let mut offsets = Vec::with_capacity(self.members.len());
            for member in &self.members {
                offsets.push(at);
                let size = member.data.len() as u64;
                at += HEADER_SIZE + size + size % 2;
            }
            let needs_64 = with_index && offsets.iter().any(|&o| o > u64::from(u32::MAX));
            if width == 4 && needs_64 {
                width = 8;
                continue;
            }
            break (index_size, offsets);
        };

        let mut out = Vec::new();
        out.extend_from_slice(MAGIC);
        if with_index {
            let name: &[u8] = if width == 8 { b"/SYM64/" } else { b"/" };
            push_header(&mut out, name, [b"0", b"0", b"0", b"0"], index_size)?;
            let start = out.len();
            let push = |out: &mut Vec<u8>, v: u64| {
                if width == 8 {
                    out.extend_from_slice(&v.to_be_bytes());
                } else {
                    out.extend_from_slice(&(v as u32).to_be_bytes());
                }
            };
            push(&mut out, symbol_count as u64);
            for (member, &offset) in self.members.iter().zip(&offsets) {
                for _ in &member.symbols {
                    push(&mut out, offset);
                }
            }
            for symbol in self.members.iter().flat_map(|m| &m.symbols) {
                out.extend_from_slice(symbol);
                out.push(0);
            }
            out.resize(start + index_size as usize, 0);
        }
        if !long_names.is_empty() {
            push_header(
                &mut out,
                b"//",
                [b"", b"", b"", b""],
                long_names.len() as u64,
            )?;
            out.extend_from_slice(&long_names);
        }
        for (member, name) in self.members.iter().zip(&name_fields) {
            push_header(
                &mut out,
                name,
                [b"0", b"0", b"0", b"644"],
                member.data.len() as u64,
            )?;
            out.extend_from_slice(&member.data);
            if out.len() % 2 == 1 {
                out.push(b'\n');
            }
        }
        Ok(out)
    }
}
