//! Archives: `-c` (the index) and each member through `process_object` (GNU's
//! `process_archive`, with the archive reading of GNU's `elfcomm.c`).
//!
//! The archive is read the way GNU reads it, header by header from the start, so odd
//! archives give GNU's output and GNU's errors: the symbol index (`/` or `/SYM64/`) and
//! the long-name table (`//`) are only recognised as the first members, a member's name
//! is cut at its first `/`, and the walk stops at the first bad header. Members of a thin
//! archive are files named relative to the archive's directory; a member that is itself
//! in a (normal) archive is named `thin.a[nested.a(member.o)]`.

use std::borrow::Cow;
use std::io::{self, Write};

use libelf::archive::{thin_member_path, HEADER_SIZE, MAGIC};

use crate::diag::Diag;
use crate::options::Options;
use crate::RunState;

/// C's `strtoul(s, &end, 10)` on `s`, which ends at its first NUL or its end: the value
/// (wrapped as C wraps a negative one, `u64::MAX` on overflow) and where parsing stopped.
fn strtoul(s: &[u8]) -> (u64, usize) {
    tools_common::cnum::strtoul(s, 10)
}

fn lossy(p: &[u8]) -> String {
    String::from_utf8_lossy(p).into_owned()
}

/// A path given as bytes (names in archives need not be UTF-8).
fn os_path(p: &[u8]) -> &std::path::Path {
    use std::os::unix::ffi::OsStrExt;
    std::path::Path::new(std::ffi::OsStr::from_bytes(p))
}

/// GNU's `struct archive_info`, over the archive's bytes.
struct ArchInfo<'a> {
    file_name: Vec<u8>,
    data: Cow<'a, [u8]>,
    /// Where the next `fread` reads (GNU reads the file sequentially).
    pos: u64,
    index: Vec<u64>,
    sym_table: Option<Vec<u8>>,
    /// The long-name table with a NUL after it (GNU writes NULs into it as it reads).
    longnames: Option<Vec<u8>>,
    longnames_size: u64,
    nested_member_origin: u64,
    is_thin: bool,
    uses_64bit_indices: bool,
    next_arhdr_offset: u64,
    arhdr: [u8; 60],
}

impl<'a> ArchInfo<'a> {
    fn new(file_name: &[u8], data: Cow<'a, [u8]>, is_thin: bool) -> Self {
        ArchInfo {
            file_name: file_name.to_vec(),
            data,
            pos: MAGIC.len() as u64,
            index: Vec::new(),
            sym_table: None,
            longnames: None,
            longnames_size: 0,
            nested_member_origin: 0,
            is_thin,
            uses_64bit_indices: false,
            next_arhdr_offset: MAGIC.len() as u64,
            arhdr: [0; 60],
        }
    }

    /// `fread` of up to `n` bytes at the current position.
    fn read(&mut self, n: u64) -> &[u8] {
        let len = self.data.len() as u64;
        let start = self.pos.min(len);
        let end = start.saturating_add(n).min(len);
        self.pos = self.pos.saturating_add(end - start);
        self.data.get(start as usize..end as usize).unwrap_or(&[])
    }

    /// `fseek(SEEK_SET)`: fails for offsets a `long` cannot hold.
    fn seek(&mut self, off: u64) -> bool {
        if off > i64::MAX as u64 {
            return false;
        }
        self.pos = off;
        true
    }

    /// Read a member header into `arhdr`: the number of bytes read (60, or fewer at the end).
    fn read_header(&mut self) -> usize {
        let got = self.read(HEADER_SIZE).to_vec();
        if let Some(dst) = self.arhdr.get_mut(..got.len()) {
            dst.copy_from_slice(&got);
        }
        got.len()
    }

    /// The archive's name, for messages.
    fn fname(&self) -> String {
        lossy(&self.file_name)
    }

    fn hdr_name(&self) -> &[u8] {
        &self.arhdr[..16]
    }

    fn hdr_fmag_ok(&self) -> bool {
        &self.arhdr[58..60] == b"`\n"
    }

    /// `strtoul(ar_size)` with `ar_fmag[0]` made a NUL.
    fn hdr_size(&self) -> u64 {
        strtoul(&self.arhdr[48..58]).0
    }
}

/// GNU's `process_archive_index_and_symbols`.
fn read_index(arch: &mut ArchInfo, entry: u64, read_symbols: bool, diag: &mut Diag) -> bool {
    let fname = arch.fname();
    let mut size = arch.hdr_size();
    if (size as i64) < 0 {
        diag.error(format_args!(
            "{fname}: invalid archive header size: {}\n",
            size as i64
        ));
        return false;
    }
    size += size & 1;
    arch.next_arhdr_offset = arch
        .next_arhdr_offset
        .wrapping_add(HEADER_SIZE)
        .wrapping_add(size);
    if !read_symbols {
        let to = arch.pos.saturating_add(size);
        if !arch.seek(to) {
            diag.error(format_args!(
                "{fname}: failed to skip archive symbol table\n"
            ));
            return false;
        }
    } else {
        if size < entry {
            diag.error(format_args!("{fname}: the archive index is empty\n"));
            return false;
        }
        let num_bytes = arch.read(entry).to_vec();
        if num_bytes.len() as u64 != entry {
            diag.error(format_args!("{fname}: failed to read archive index\n"));
            return false;
        }
        let index_num = num_bytes.iter().fold(0u64, |v, &b| (v << 8) | u64::from(b));
        size -= entry;
        if index_num.checked_mul(entry).is_none_or(|n| size < n) || size < index_num {
            diag.error(format_args!(
                "{fname}: the archive index is supposed to have 0x{index_num:x} entries of {entry} bytes, but the size is only 0x{size:x}\n"
            ));
            return false;
        }
        let table = arch.read(index_num * entry).to_vec();
        if table.len() as u64 != index_num * entry {
            diag.error(format_args!("{fname}: failed to read archive index\n"));
            return false;
        }
        arch.index = table
            .chunks(entry as usize)
            .map(|c| c.iter().fold(0u64, |v, &b| (v << 8) | u64::from(b)))
            .collect();
        size -= index_num * entry;
        if size < 1 {
            diag.error(format_args!(
                "{fname}: the archive has an index but no symbols\n"
            ));
            return false;
        }
        let syms = arch.read(size).to_vec();
        if syms.len() as u64 != size {
            diag.error(format_args!(
                "{fname}: failed to read archive index symbol table\n"
            ));
            return false;
        }
        arch.sym_table = Some(syms);
    }
    let got = arch.read_header();
    if got != 60 && got != 0 {
        diag.error(format_args!(
            "{fname}: failed to read archive header following archive index\n"
        ));
        return false;
    }
    true
}

/// GNU's `setup_archive`: read the index (when `read_symbols`) and the long-name table.
fn setup_archive(
    arch: &mut ArchInfo,
    read_symbols: bool,
    out: &mut dyn Write,
    diag: &mut Diag,
) -> io::Result<bool> {
    let fname = arch.fname();
    let got = arch.read_header();
    if got != 60 {
        if got == 0 {
            return Ok(true);
        }
        diag.error(format_args!("{fname}: failed to read archive header\n"));
        return Ok(false);
    }
    if arch.hdr_name() == b"/               " {
        if !read_index(arch, 4, read_symbols, diag) {
            return Ok(false);
        }
    } else if arch.hdr_name() == b"/SYM64/         " {
        arch.uses_64bit_indices = true;
        if !read_index(arch, 8, read_symbols, diag) {
            return Ok(false);
        }
    } else if read_symbols {
        writeln!(out, "{fname} has no archive index")?;
    }
    if arch.hdr_name() == b"//              " {
        let size = arch.hdr_size();
        arch.longnames_size = size;
        if size < 8 {
            diag.error(format_args!(
                "{fname}: long name table is too small, (size = {})\n",
                size as i64
            ));
            return Ok(false);
        }
        if size > arch.data.len() as u64 || (size as i64) < 0 {
            diag.error(format_args!(
                "{fname}: long name table is too big, (size = {size:#x})\n"
            ));
            return Ok(false);
        }
        arch.next_arhdr_offset = arch
            .next_arhdr_offset
            .wrapping_add(HEADER_SIZE)
            .wrapping_add(size);
        let mut names = arch.read(size).to_vec();
        if names.len() as u64 != size {
            arch.longnames = None;
            diag.error(format_args!(
                "{fname}: failed to read long symbol name string table\n"
            ));
            return Ok(false);
        }
        if size & 1 != 0 {
            arch.read(1);
        }
        names.push(0);
        arch.longnames = Some(names);
    }
    Ok(true)
}

/// The single-entry cache GNU keeps of the nested archive a thin archive refers to.
#[derive(Default)]
struct Nested {
    arch: Option<ArchInfo<'static>>,
    /// The name of the nested archive last asked for.
    file_name: Option<Vec<u8>>,
}

/// GNU's `setup_nested_archive`: open `path` unless it is the one already open.
fn setup_nested(nested: &mut Nested, path: &[u8], diag: &mut Diag) -> bool {
    if nested.file_name.as_deref() == Some(path) && nested.arch.is_some() {
        return true;
    }
    nested.arch = None;
    nested.file_name = None;
    let Some(bytes) = read_nested(path) else {
        return false;
    };
    let mut a = ArchInfo::new(path, Cow::Owned(bytes), false);
    nested.file_name = Some(path.to_vec());
    let mut sink = io::sink();
    let ok = setup_archive(&mut a, false, &mut sink, diag).unwrap_or(false);
    nested.arch = Some(a);
    ok
}

/// GNU's `get_archive_member_name`: the current header's member name.
fn member_name(
    arch: &mut ArchInfo,
    nested: Option<&mut Nested>,
    diag: &mut Diag,
) -> Option<Vec<u8>> {
    if arch.arhdr[0] == b'/' {
        if arch.longnames.is_none() || arch.longnames_size == 0 {
            diag.error(format_args!(
                "Archive member uses long names, but no longname table found\n"
            ));
            return None;
        }
        arch.nested_member_origin = 0;
        // strtoul runs from ar_name + 1 up to the NUL put at ar_fmag[0].
        let field = arch.arhdr[1..58].to_vec();
        let (k, endp) = strtoul(&field);
        if arch.is_thin && field.get(endp) == Some(&b':') {
            arch.nested_member_origin = strtoul(field.get(endp + 1..).unwrap_or(&[])).0;
        }
        let size = arch.longnames_size;
        if k > size {
            diag.error(format_args!(
                "Found long name index ({}) beyond end of long name table\n",
                k as i64
            ));
            return None;
        }
        let names = arch.longnames.as_mut()?;
        let mut j = k as usize;
        let size = size as usize;
        while j < size && !matches!(names.get(j), Some(b'\n' | 0) | None) {
            j += 1;
        }
        if j > 0 && names.get(j - 1) == Some(&b'/') {
            j -= 1;
        }
        j = j.min(size);
        if let Some(b) = names.get_mut(j) {
            *b = 0;
        }
        let k = k as usize;
        let name = names
            .get(k..)
            .map(|s| s.split(|&b| b == 0).next().unwrap_or(s).to_vec())
            .unwrap_or_default();
        if !arch.is_thin || arch.nested_member_origin == 0 {
            return Some(name);
        }
        if k >= j {
            diag.error(format_args!("Invalid Thin archive member name\n"));
            return None;
        }
        let path = thin_member_path(&arch.file_name, names.get(k..j).unwrap_or(&[]));
        if let Some(nested) = nested {
            if setup_nested(nested, &path, diag) {
                let origin = arch.nested_member_origin;
                if let Some(na) = nested.arch.as_mut() {
                    if let Some(n) = member_name_at(na, origin, None, diag) {
                        return Some(n);
                    }
                }
            }
        }
        return Some(name);
    }
    let raw = arch.hdr_name();
    let cut = raw.iter().position(|&b| b == b'/').unwrap_or(raw.len());
    let name = raw.get(..cut).unwrap_or(raw);
    Some(name.split(|&b| b == 0).next().unwrap_or(name).to_vec())
}

/// GNU's `get_archive_member_name_at`: the name of the member whose header is at `offset`.
fn member_name_at(
    arch: &mut ArchInfo,
    offset: u64,
    nested: Option<&mut Nested>,
    diag: &mut Diag,
) -> Option<Vec<u8>> {
    let fname = arch.fname();
    if !arch.seek(offset) {
        diag.error(format_args!("{fname}: failed to seek to next file name\n"));
        return None;
    }
    if arch.read_header() != 60 {
        diag.error(format_args!("{fname}: failed to read archive header\n"));
        return None;
    }
    if !arch.hdr_fmag_ok() {
        diag.error(format_args!(
            "{fname}: did not find a valid archive header\n"
        ));
        return None;
    }
    member_name(arch, nested, diag)
}

/// GNU's `make_qualified_name`.
fn qualified_name(arch: &ArchInfo, nested: &Nested, member: &[u8]) -> Vec<u8> {
    let mut q = arch.file_name.clone();
    if arch.is_thin && arch.nested_member_origin != 0 {
        q.push(b'[');
        q.extend_from_slice(nested.file_name.as_deref().unwrap_or(b"<corrupt>"));
        q.push(b'(');
        q.extend_from_slice(member);
        q.extend_from_slice(b")]");
    } else if arch.is_thin {
        q.push(b'[');
        q.extend_from_slice(member);
        q.push(b']');
    } else {
        q.push(b'(');
        q.extend_from_slice(member);
        q.push(b')');
    }
    q
}

/// The bytes of a nested archive. GNU reads it with `fread` as it goes, so a device or
/// FIFO named by a thin archive is read as far as GNU would look at it, never to its
/// (maybe endless) end: at most [`NESTED_NON_FILE_LIMIT`] bytes of anything that is not a
/// regular file.
fn read_nested(path: &[u8]) -> Option<Vec<u8>> {
    use std::io::Read;
    let f = std::fs::File::open(os_path(path)).ok()?;
    if f.metadata().ok()?.is_file() {
        return std::fs::read(os_path(path)).ok();
    }
    let mut v = Vec::new();
    f.take(NESTED_NON_FILE_LIMIT).read_to_end(&mut v).ok()?;
    Some(v)
}

/// How much of a nested "archive" that is not a regular file is read.
const NESTED_NON_FILE_LIMIT: u64 = 1 << 16;

/// GNU's `open_file` for a thin archive's member: the file's bytes, if it is a regular
/// file whose ELF header and section headers can be read.
fn open_member(path: &[u8], diag: &mut Diag) -> Option<Vec<u8>> {
    let meta = std::fs::metadata(os_path(path)).ok()?;
    if !meta.is_file() {
        return None;
    }
    let data = std::fs::read(os_path(path)).ok()?;
    let is64 = data.get(4) == Some(&2);
    if data.len() < if is64 { 64 } else { 52 } {
        return None;
    }
    let endian = if data.get(5) == Some(&2) {
        libelf::Endian::Big
    } else {
        libelf::Endian::Little
    };
    let class = if is64 {
        libelf::Class::Elf64
    } else {
        libelf::Class::Elf32
    };
    let rd = |off, w| libelf::read::read_uint(&data, off, w, endian).unwrap_or(0);
    let (shoff, shentsize, shnum) = if is64 {
        (rd(40, 8), rd(58, 2), rd(60, 2))
    } else {
        (rd(32, 4), rd(46, 2), rd(48, 2))
    };
    if shentsize == 0 || shnum == 0 || shoff == 0 {
        return None;
    }
    let rec = libelf::read::SectionHeader::size(class) as u64;
    if shentsize < rec {
        diag.error(format_args!(
            "The e_shentsize field in the ELF header is less than the size of an ELF section header\n"
        ));
        return None;
    }
    if shentsize > rec {
        diag.warn(format_args!(
            "The e_shentsize field in the ELF header is larger than the size of an ELF section header\n"
        ));
    }
    let amt = shentsize * shnum;
    let fs = data.len() as u64;
    if shoff > fs || amt > fs - shoff {
        diag.error(format_args!(
            "Reading {amt} bytes extends past end of file for section headers\n"
        ));
        return None;
    }
    let table = data.get(shoff as usize..(shoff + amt) as usize)?;
    for i in 0..shnum {
        let Ok(sh) = libelf::read::SectionHeader::parse(table, (i * rec) as usize, class, endian)
        else {
            return None;
        };
        if u64::from(sh.sh_link) > shnum {
            diag.warn(format_args!(
                "Section {i} has an out of range sh_link value of {}\n",
                sh.sh_link
            ));
        }
        if sh.sh_flags & 0x40 != 0 && u64::from(sh.sh_info) > shnum {
            diag.warn(format_args!(
                "Section {i} has an out of range sh_info value of {}\n",
                sh.sh_info
            ));
        }
    }
    Some(data)
}

/// Whether the options ask for anything but the archive index (GNU's test before it
/// walks the members after `-c`).
fn wants_members(o: &Options) -> bool {
    o.wants_members()
}

/// `-c`: print the archive's symbol index. Returns GNU's `ret` (false after an error).
fn print_index(
    arch: &mut ArchInfo,
    nested: &mut Nested,
    out: &mut dyn Write,
    diag: &mut Diag,
) -> io::Result<bool> {
    let fname = arch.fname();
    let Some(syms) = arch.sym_table.clone() else {
        diag.error(format_args!(
            "{fname}: unable to dump the index as none was found\n"
        ));
        return Ok(true);
    };
    let sym_size = syms.len();
    writeln!(
        out,
        "Index of archive {fname}: ({} entries, {} bytes in the symbol table)",
        arch.index.len(),
        if sym_size == 0 {
            "0".to_string()
        } else {
            format!("{sym_size:#x}")
        }
    )?;
    let mut ret = true;
    let mut l = 0usize;
    let index = arch.index.clone();
    let mut text = Vec::new();
    for (i, &off) in index.iter().enumerate() {
        if i == 0 || index.get(i - 1) != Some(&off) {
            if let Some(name) = member_name_at(arch, off, Some(nested), diag) {
                text.extend_from_slice(b"Contents of binary ");
                text.extend_from_slice(&qualified_name(arch, nested, &name));
                let _ = writeln!(text, " at offset 0x{off:x}");
            }
        }
        if l >= sym_size {
            diag.error(format_args!(
                "{fname}: end of the symbol table reached before the end of the index\n"
            ));
            ret = false;
            break;
        }
        let rest = syms.get(l..).unwrap_or(&[]);
        let len = rest.iter().position(|&b| b == 0).unwrap_or(rest.len());
        text.push(b'\t');
        text.extend_from_slice(rest.get(..len).unwrap_or(rest));
        text.push(b'\n');
        l += len + 1;
        if text.len() > 1 << 16 {
            out.write_all(&text)?;
            text.clear();
        }
    }
    out.write_all(&text)?;
    if arch.uses_64bit_indices {
        l = (l + 7) & !7;
    } else {
        l += l & 1;
    }
    if l < sym_size {
        let n = sym_size - l;
        if n == 1 {
            diag.error(format_args!(
                "{fname}: {n} byte remains in the symbol table, but without corresponding entries in the index table\n"
            ));
        } else {
            diag.error(format_args!(
                "{fname}: {n} bytes remain in the symbol table, but without corresponding entries in the index table\n"
            ));
        }
        ret = false;
    }
    Ok(ret)
}

/// How many bytes of members are displayed between two releases of the archive's pages
/// (peak memory: at most this much more than releasing after each member).
pub const RELEASE_EVERY: usize = 256 << 10;

/// GNU's `process_archive` for the archive `path` holding `data`.
///
/// `release(start, end)` drops the pages of `data[start..end]` from memory (they come
/// back from the page cache when read again). It is called for the whole archive once
/// the members displayed since the last call add up to [`RELEASE_EVERY`] bytes: GNU
/// reads each member into buffers it frees, so its peak memory is about one member's,
/// not the archive's. (Releasing after every member cost a system call and refaulting
/// the archive's shared pages per member: `-wL` on libc.a took 2.5x GNU's time.)
pub fn process_archive(
    o: &mut Options,
    run: &mut RunState,
    path: &str,
    data: &[u8],
    out: &mut dyn Write,
    diag: &mut Diag,
    release: &dyn Fn(usize, usize),
) -> io::Result<bool> {
    let mut released_to = 0usize;
    let is_thin = data.starts_with(libelf::archive::THIN_MAGIC);
    let mut arch = ArchInfo::new(path.as_bytes(), Cow::Borrowed(data), is_thin);
    let mut nested = Nested::default();
    if !setup_archive(&mut arch, o.archive_index, out, diag)? {
        return Ok(false);
    }
    let mut ret = true;
    if o.archive_index {
        ret = print_index(&mut arch, &mut nested, out, diag)?;
        if !wants_members(o) {
            // GNU reports success for an index-only run whatever happened above.
            return Ok(true);
        }
    }
    loop {
        let fname = arch.fname();
        let next = arch.next_arhdr_offset;
        if !arch.seek(next) {
            diag.error(format_args!(
                "{fname}: failed to seek to next archive header\n"
            ));
            ret = false;
            break;
        }
        let got = arch.read_header();
        if got != 60 {
            if got == 0 {
                break;
            }
            diag.error(format_args!("{fname}: failed to read archive header\n"));
            ret = false;
            break;
        }
        if !arch.hdr_fmag_ok() {
            diag.error(format_args!(
                "{fname}: did not find a valid archive header\n"
            ));
            ret = false;
            break;
        }
        arch.next_arhdr_offset = arch.next_arhdr_offset.wrapping_add(HEADER_SIZE);
        let member_size = arch.hdr_size();
        let Some(name) = member_name(&mut arch, Some(&mut nested), diag) else {
            diag.error(format_args!("{fname}: bad archive file name\n"));
            ret = false;
            break;
        };
        // The name `process_object` prints ("File: …").
        let qualified = lossy(&qualified_name(&arch, &nested, &name));
        if is_thin && arch.nested_member_origin == 0 {
            // An external member: a file of its own.
            let member_path = thin_member_path(path.as_bytes(), &name);
            let Some(bytes) = open_member(&member_path, diag) else {
                diag.error(format_args!(
                    "Input file '{}' is not readable.\n",
                    lossy(&member_path)
                ));
                ret = false;
                break;
            };
            if !crate::process_object(o, run, &qualified, &bytes, true, out, diag)? {
                ret = false;
            }
        } else if is_thin {
            // A member of a normal archive a thin archive refers to.
            let Some(na) = nested.arch.as_ref() else {
                diag.error(format_args!(
                    "{qualified}: contains corrupt thin archive: {}\n",
                    String::from_utf8_lossy(&name)
                ));
                ret = false;
                break;
            };
            let start = arch.nested_member_origin.saturating_add(HEADER_SIZE);
            // GNU reads such a member with a file size of zero: only the ELF header
            // can be read, every later read fails.
            let rest = na.data.get(start as usize..).unwrap_or(&[]);
            let hdr_len = if rest.get(4) == Some(&2) { 64 } else { 52 };
            let bytes = rest.get(..hdr_len.min(rest.len())).unwrap_or(&[]).to_vec();
            if !crate::process_object(o, run, &qualified, &bytes, true, out, diag)? {
                ret = false;
            }
        } else {
            let start = arch.next_arhdr_offset;
            let bytes = data.get(start as usize..).unwrap_or(&[]);
            let ok = crate::process_object(o, run, &qualified, bytes, true, out, diag)?;
            let member_end = usize::try_from(start.saturating_add(member_size))
                .unwrap_or(usize::MAX)
                .min(data.len());
            if member_end.saturating_sub(released_to) >= RELEASE_EVERY {
                release(0, data.len());
                released_to = member_end;
            }
            if !ok {
                ret = false;
            }
            arch.next_arhdr_offset = arch
                .next_arhdr_offset
                .wrapping_add(member_size.wrapping_add(1) & !1);
            // Stop looping with a "negative" member size.
            if arch.next_arhdr_offset < member_size {
                arch.next_arhdr_offset = u64::MAX;
            }
        }
    }
    Ok(ret)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_strtoul() {
        assert_eq!(strtoul(b"1234      "), (1234, 4));
        assert_eq!(strtoul(b"   42`\n"), (42, 5));
        assert_eq!(strtoul(b"abc"), (0, 0));
        assert_eq!(strtoul(b"-1"), (u64::MAX, 2));
        assert_eq!(strtoul(b"99999999999999999999999"), (u64::MAX, 23));
        assert_eq!(strtoul(b"12\x0034"), (12, 2));
        assert_eq!(strtoul(b"12:34"), (12, 2));
    }

    fn run(args: &[&str], data: &[u8]) -> (String, String, bool) {
        let mut o = crate::options::parse(
            &args.iter().map(|s| s.to_string()).collect::<Vec<_>>(),
            &mut Vec::new(),
            &mut Vec::new(),
        )
        .unwrap();
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let ok = {
            let mut diag = Diag::new("readelf", &mut err);
            process_archive(
                &mut o,
                &mut RunState::default(),
                "t.a",
                data,
                &mut out,
                &mut diag,
                &|_, _| {},
            )
            .unwrap()
        };
        (
            String::from_utf8_lossy(&out).into_owned(),
            String::from_utf8_lossy(&err).into_owned(),
            ok,
        )
    }

    fn hdr(name: &str, size: usize) -> Vec<u8> {
        let h = format!("{name:<16}{:<12}{:<6}{:<6}{:<8}{size:<10}`\n", 0, 0, 0, 644);
        assert_eq!(h.len(), 60);
        h.into_bytes()
    }

    #[test]
    fn index_and_bad_header() {
        // An index of two symbols in one member at offset 0x58, then a broken header.
        let mut a = b"!<arch>\n".to_vec();
        let mut idx = vec![0, 0, 0, 2, 0, 0, 0, 0x58, 0, 0, 0, 0x58];
        idx.extend_from_slice(b"foo\0bar\0");
        a.extend(hdr("/", idx.len()));
        a.extend(&idx);
        a.extend(hdr("m.o/", 0));
        a.extend(b"garbage!");
        let (out, err, ok) = run(&["-c", "t.a"], &a);
        assert_eq!(
            out,
            "Index of archive t.a: (2 entries, 0x8 bytes in the symbol table)\n\
             Contents of binary t.a(m.o) at offset 0x58\n\tfoo\n\tbar\n"
        );
        assert_eq!(err, "");
        assert!(ok);
        // With another display the members are walked: m.o is empty, then a bad header.
        let (_, err, ok) = run(&["-c", "-h", "t.a"], &a);
        assert!(
            err.contains("t.a(m.o): Failed to read file header"),
            "{err}"
        );
        assert!(err.contains("t.a: failed to read archive header"), "{err}");
        assert!(!ok);
    }

    #[test]
    fn no_index() {
        let mut a = b"!<arch>\n".to_vec();
        a.extend(hdr("m.o/", 0));
        let (out, err, ok) = run(&["-c", "t.a"], &a);
        assert_eq!(out, "t.a has no archive index\n");
        assert_eq!(
            err,
            "readelf: Error: t.a: unable to dump the index as none was found\n"
        );
        assert!(ok);
    }
}
