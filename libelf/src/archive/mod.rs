//! `ar` archives: reading, rewriting with replaced members, and building from scratch.
//!
//! An archive is the magic string `!<arch>\n` (or `!<thin>\n` for a GNU thin archive)
//! followed by members. Each member is a 60-byte header — name (16 bytes), date (12),
//! uid (6), gid (6), mode (8, octal), size (10), and the terminator `` `\n `` — then its
//! data, padded with `\n` to an even offset. The fields are ASCII, left-justified and
//! space-padded.
//!
//! Special members, which [`Archive::members`] skips:
//! - GNU symbol index `/` (big-endian 32-bit count, offsets of member headers, NUL-terminated
//!   names), and `/SYM64/`, the same with 64-bit numbers;
//! - GNU long-name table `//`: names ending in `/\n`, referenced from headers as `/123`;
//! - BSD `__.SYMDEF` / `__.SYMDEF SORTED` (ranlib structs `{ ran_strx, ran_off }` with
//!   32-bit fields, little- or big-endian — detected) and `__.SYMDEF_64` (64-bit fields).
//!
//! BSD names longer than 15 bytes (or with spaces) are written `#1/len`; the name is then
//! the first `len` bytes of the data, and the size field counts them.
//!
//! In a thin archive, the ordinary members' data stays in external files named by the
//! members' names; only headers (and the special members) are in the archive.
//!
//! - [`Archive`] reads, zero-copy; [`Member`] is one member, [`ArchiveSymbol`] one entry of
//!   the symbol index.
//! - [`rewrite`] writes an archive again, byte for byte, with members' data replaced as
//!   asked, fixing the size fields and the symbol index.
//! - [`ArchiveBuilder`] writes a new GNU archive.
//!
//! # Example
//!
//! ```
//! use libelf::archive::{Archive, ArchiveBuilder, ArchiveKind};
//!
//! # fn main() -> libelf::Result<()> {
//! let bytes = ArchiveBuilder::new()
//!     .add_member_with_symbols(b"a.o", b"data of a", &[b"foo", b"bar"])
//!     .add_member(b"a_rather_long_name.txt", b"hello\n")
//!     .build()?;
//! let archive = Archive::parse(&bytes)?;
//! assert_eq!(archive.kind(), ArchiveKind::Gnu);
//! let names = archive
//!     .members()
//!     .map(|m| m.map(|m| m.name()))
//!     .collect::<libelf::Result<Vec<_>>>()?;
//! assert_eq!(names, [&b"a.o"[..], b"a_rather_long_name.txt"]);
//! for symbol in archive.symbols() {
//!     let symbol = symbol?;
//!     assert_eq!(archive.member_at(symbol.member_offset())?.name(), b"a.o");
//! }
//! # Ok(())
//! # }
//! ```

mod read;
mod write;

#[cfg(test)]
mod tests;

pub use read::*;
pub use write::*;

/// The magic string of an ordinary archive.
pub const MAGIC: &[u8; 8] = b"!<arch>\n";
/// The magic string of a GNU thin archive.
pub const THIN_MAGIC: &[u8; 8] = b"!<thin>\n";
/// Size of a member header.
pub const HEADER_SIZE: u64 = 60;
/// Whether `data` starts with an `ar` magic string (`!<arch>\n` or `!<thin>\n`).
pub fn is_archive(data: &[u8]) -> bool {
    data.starts_with(MAGIC) || data.starts_with(THIN_MAGIC)
}

/// The path of a thin archive's external member named `name` (as [`Member::name`] gives
/// it) when the archive is at `archive_path`: `name` itself if it is absolute or the
/// archive path has no directory part, else `name` in the archive's directory (GNU's
/// `adjust_relative_path`). Paths are bytes, as archives store them.
///
/// ```
/// use libelf::archive::thin_member_path;
/// assert_eq!(thin_member_path(b"lib/t.a", b"o/a.o"), b"lib/o/a.o");
/// assert_eq!(thin_member_path(b"lib/t.a", b"/abs/a.o"), b"/abs/a.o");
/// assert_eq!(thin_member_path(b"t.a", b"o/a.o"), b"o/a.o");
/// ```
pub fn thin_member_path(archive_path: &[u8], name: &[u8]) -> Vec<u8> {
    let dir_len = archive_path
        .iter()
        .rposition(|&b| b == b'/')
        .map_or(0, |p| p + 1);
    match archive_path.get(..dir_len) {
        Some(dir) if !dir.is_empty() && name.first() != Some(&b'/') => [dir, name].concat(),
        _ => name.to_vec(),
    }
}

/// The terminator of a member header.
const FMAG: &[u8; 2] = b"`\n";
