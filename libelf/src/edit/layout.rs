//! Laying out and writing an [`Object`].

use std::collections::HashMap;

use super::{encode, intern, Object, SectionData};
use crate::consts::{SHN_LORESERVE, SHT_NOBITS, SHT_STRTAB};
use crate::raw::{self, Rec};
use crate::{Error, Result};

/// How [`Object::write_with`] places things in the file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Layout {
    /// Write every header, section and fill where the model says (libelf's
    /// `ELF_F_LAYOUT`): the caller owns offsets, sizes and counts.
    Keep,
    /// Compute section offsets and sizes, the section header table's place, counts and
    /// the section name table; sections inside segments stay where they are.
    Recompute,
}

/// The largest file [`Layout::Keep`] will produce: 1 TiB. Beyond that an offset in the
/// model is taken to be a mistake rather than a request.
const MAX_OUTPUT: u64 = 1 << 40;

fn align_up(pos: u64, align: u64) -> Result<u64> {
    if align <= 1 {
        return Ok(pos);
    }
    pos.div_ceil(align)
        .checked_mul(align)
        .ok_or(Error::Layout("offset overflows"))
}

fn end(off: u64, size: u64) -> Result<u64> {
    off.checked_add(size)
        .ok_or(Error::Layout("offset overflows"))
}

/// Offsets of the records of a table: `(offset, stride, count)`.
fn table_end(off: u64, stride: u16, count: usize, rec_size: usize) -> Result<u64> {
    if count == 0 {
        return Ok(0);
    }
    let last = (count as u64 - 1)
        .checked_mul(u64::from(stride))
        .and_then(|x| x.checked_add(off))
        .ok_or(Error::Layout("table offset overflows"))?;
    end(last, rec_size as u64)
}

/// Write the object exactly where the model places everything.
pub(super) fn write_kept(obj: &Object) -> Result<Vec<u8>> {
    let (class, endian, h) = (obj.class, obj.endian, &obj.header);
    let ehdr = raw::size_of(Rec::Ehdr, class);
    let mut size = ehdr as u64;
    let write_shdrs = obj.sections_read && !obj.sections.is_empty();
    let sh_size = raw::size_of(Rec::Shdr, class);
    let ph_size = raw::size_of(Rec::Phdr, class);
    if u64::from(h.e_shentsize) < sh_size as u64 && write_shdrs {
        return Err(Error::Layout(
            "e_shentsize is smaller than a section header",
        ));
    }
    if u64::from(h.e_phentsize) < ph_size as u64 && !obj.segments.is_empty() {
        return Err(Error::Layout(
            "e_phentsize is smaller than a program header",
        ));
    }
    let shnum = if write_shdrs { obj.sections.len() } else { 0 };
    for (off, stride, count, rec_size) in [
        (h.e_shoff, h.e_shentsize, shnum, sh_size),
        (h.e_phoff, h.e_phentsize, obj.segments.len(), ph_size),
    ] {
        size = size.max(table_end(off, stride, count, rec_size)?);
    }
    let mut datas = Vec::with_capacity(obj.sections.len());
    for s in &obj.sections {
        let d = encode(&s.data, class, endian)?;
        if s.header.has_file_data() && !d.is_empty() {
            size = size.max(end(s.header.sh_offset, d.len() as u64)?);
        }
        datas.push(d);
    }
    for f in &obj.fills {
        size = size.max(end(f.offset, f.bytes.len() as u64)?);
    }
    if size > MAX_OUTPUT {
        return Err(Error::TooLarge {
            what: "output file",
            size,
            limit: MAX_OUTPUT,
        });
    }
    let mut out = vec![0u8; size as usize];
    let mut put = |off: u64, bytes: &[u8]| -> Result<()> {
        let start = off as usize;
        out.get_mut(start..start + bytes.len())
            .ok_or(Error::Layout("range outside the output"))?
            .copy_from_slice(bytes);
        Ok(())
    };
    for f in &obj.fills {
        put(f.offset, &f.bytes)?;
    }
    for (s, d) in obj.sections.iter().zip(&datas) {
        if s.header.has_file_data() && !d.is_empty() {
            put(s.header.sh_offset, d)?;
        }
    }
    for (i, p) in obj.segments.iter().enumerate() {
        let off = h.e_phoff + i as u64 * u64::from(h.e_phentsize);
        raw::put_phdr(&mut out, off as usize, p, class, endian)?;
    }
    if write_shdrs {
        for (i, s) in obj.sections.iter().enumerate() {
            let off = h.e_shoff + i as u64 * u64::from(h.e_shentsize);
            raw::put_shdr(&mut out, off as usize, &s.header, class, endian)?;
        }
    }
    raw::put_ehdr(&mut out, h, class, endian)?;
    Ok(out)
}

/// Make sure section names are in the section name table, creating one if needed.
fn place_names(obj: &mut Object) -> Result<()> {
    if obj.sections.len() <= 1 {
        return Ok(());
    }
    let mut idx = obj.shstrndx() as usize;
    let usable = obj.sections.get(idx).is_some_and(|s| {
        idx != 0 && s.header.sh_type == SHT_STRTAB && matches!(s.data, SectionData::Bytes(_))
    });
    if !usable {
        idx = obj.add_section(b".shstrtab", SHT_STRTAB, 0, SectionData::Bytes(vec![0]));
        obj.set_shstrndx(idx as u32);
    }
    let name_at = |obj: &Object, off: u32| -> Option<Vec<u8>> {
        match obj.sections.get(idx).map(|t| &t.data) {
            Some(SectionData::Bytes(b)) => crate::read::StringTable::new(b)
                .get(off)
                .ok()
                .map(<[u8]>::to_vec),
            _ => None,
        }
    };
    let stale: Vec<usize> = (1..obj.sections.len())
        .filter(|&i| {
            obj.sections.get(i).is_some_and(|s| {
                name_at(obj, s.header.sh_name).as_deref() != Some(s.name.as_slice())
            })
        })
        .collect();
    if stale.is_empty() {
        return Ok(());
    }
    // Rebuild the table from the names, as objcopy does, unless another section uses it
    // as its string table: then only the stale names are appended, so offsets stay valid.
    let shared = obj
        .sections
        .iter()
        .any(|s| s.header.sh_link as usize == idx);
    let mut offsets: Vec<(usize, u32)> = Vec::new();
    let table = if shared {
        // Only the stale names are added, each found in the table as it stands (its own
        // strings and their tails) or appended once.
        let Some(SectionData::Bytes(old)) = obj.sections.get(idx).map(|t| &t.data) else {
            return Ok(());
        };
        let mut table = old.clone();
        let finder = crate::read::StringFinder::new(old);
        let mut added: HashMap<&[u8], u32> = HashMap::new();
        for i in stale {
            let Some(name) = obj.sections.get(i).map(|s| s.name.as_slice()) else {
                continue;
            };
            let off = match finder.find(name).or_else(|| added.get(name).copied()) {
                Some(o) => o,
                None => {
                    let o = table.len() as u32;
                    table.extend_from_slice(name);
                    table.push(0);
                    added.insert(name, o);
                    o
                }
            };
            offsets.push((i, off));
        }
        table
    } else {
        // Rebuilt from the names, as objcopy does: longest names first, so that shorter
        // ones can share their tails (`.rela.text`, `.text`); each name goes where it
        // first occurs, whole or as a tail, else it is appended.
        let name = |i: usize| obj.sections.get(i).map_or(&b""[..], |s| s.name.as_slice());
        let mut order: Vec<usize> = (1..obj.sections.len()).collect();
        order.sort_by_key(|&i| std::cmp::Reverse(name(i).len()));
        // The names in that order, NUL-terminated: the first string of `listed` ending
        // in a name is the earliest placed name that can hold it. `end_of` tells which
        // one a NUL ends.
        let mut listed = Vec::new();
        let mut end_of = HashMap::with_capacity(order.len());
        for (k, &i) in order.iter().enumerate() {
            listed.extend_from_slice(name(i));
            end_of.insert(listed.len() as u32, k);
            listed.push(0);
        }
        let finder = crate::read::StringFinder::new(&listed);
        let mut table = vec![0u8];
        for (k, &i) in order.iter().enumerate() {
            let s = name(i);
            let holder = if s.contains(&0) {
                None
            } else {
                finder
                    .find(s)
                    .and_then(|at| end_of.get(&(at + s.len() as u32)).copied())
            };
            let off = match holder {
                _ if s.is_empty() => 0,
                // A name with a NUL inside: found the slow way.
                None => intern(&mut table, s),
                Some(h) if h < k => {
                    let (j, at) = order
                        .get(h)
                        .zip(offsets.get(h))
                        .map_or((0, 0), |(&j, &(_, at))| (j, at));
                    at + (name(j).len() - s.len()) as u32
                }
                Some(_) => {
                    let o = table.len() as u32;
                    table.extend_from_slice(s);
                    table.push(0);
                    o
                }
            };
            offsets.push((i, off));
        }
        table
    };
    for (i, off) in offsets {
        if let Some(s) = obj.sections.get_mut(i) {
            s.header.sh_name = off;
        }
    }
    if let Some(t) = obj.sections.get_mut(idx) {
        t.data = SectionData::Bytes(table);
    }
    Ok(())
}

/// Compute offsets, sizes and counts (see [`Layout::Recompute`]).
pub(super) fn recompute(obj: &mut Object) -> Result<()> {
    place_names(obj)?;
    let class = obj.class;
    let lens: Vec<u64> = (0..obj.sections.len())
        .map(|i| obj.section_bytes(i).map(|b| b.len() as u64))
        .collect::<Result<_>>()?;
    let segs: Vec<(u64, u64)> = obj
        .segments
        .iter()
        .filter(|p| p.p_filesz > 0)
        .map(|p| (p.p_offset, p.p_offset.saturating_add(p.p_filesz)))
        .collect();
    let in_segment = |off: u64, len: u64| {
        segs.iter()
            .any(|&(s, e)| off >= s && off.saturating_add(len.max(1)) <= e.max(s + 1))
    };

    // Pinned: sections read from the file that lie inside a segment.
    let ehdr = raw::size_of(Rec::Ehdr, class) as u64;
    let ph_size = raw::size_of(Rec::Phdr, class);
    let mut pinned_end = ehdr;
    if !obj.segments.is_empty() && obj.header.e_phoff == 0 {
        obj.header.e_phoff = ehdr;
    }
    obj.header.e_phentsize = if obj.segments.is_empty() {
        obj.header.e_phentsize
    } else {
        ph_size as u16
    };
    pinned_end = pinned_end.max(table_end(
        obj.header.e_phoff,
        ph_size as u16,
        obj.segments.len(),
        ph_size,
    )?);
    for &(_, e) in &segs {
        pinned_end = pinned_end.max(e);
    }
    let mut floating = Vec::new();
    for (i, (s, &len)) in obj.sections.iter_mut().zip(&lens).enumerate() {
        if i == 0 {
            continue;
        }
        let pinned = s
            .origin
            .as_ref()
            .filter(|(off, olen, _)| in_segment(*off, *olen));
        match pinned {
            Some((off, olen, _)) => {
                if s.header.has_file_data() {
                    if len > *olen {
                        return Err(Error::Layout("a section inside a segment grew"));
                    }
                    s.header.sh_size = len;
                    pinned_end = pinned_end.max(end(*off, len)?);
                }
                s.header.sh_offset = *off;
            }
            None => floating.push((s.origin.as_ref().map_or(u64::MAX, |o| o.0), i)),
        }
    }
    // A program header table that grew must not run into a pinned section.
    let ph_end = table_end(
        obj.header.e_phoff,
        ph_size as u16,
        obj.segments.len(),
        ph_size,
    )?;
    let clash = obj.sections.iter().skip(1).any(|s| {
        s.header.has_file_data()
            && s.origin.is_some()
            && s.header.sh_offset < ph_end
            && s.header.sh_offset >= obj.header.e_phoff
            && in_segment(s.header.sh_offset, s.header.sh_size)
    });
    if clash {
        return Err(Error::Layout(
            "the program header table does not fit before the first section",
        ));
    }
    obj.fills
        .retain(|f| f.offset.saturating_add(f.bytes.len() as u64) <= pinned_end);

    floating.sort_unstable();
    let mut pos = pinned_end;
    for (_, i) in floating {
        let (Some(s), Some(&len)) = (obj.sections.get_mut(i), lens.get(i)) else {
            continue;
        };
        let off = align_up(pos, s.header.sh_addralign)?;
        s.header.sh_offset = off;
        if s.header.sh_type != SHT_NOBITS {
            s.header.sh_size = len;
            if s.header.has_file_data() {
                pos = end(off, len)?;
            }
        }
    }

    // The section header table, with extended numbering where counts overflow.
    let n = obj.sections.len();
    if n == 0 {
        obj.header.e_shoff = 0;
        obj.header.e_shnum = 0;
    } else {
        obj.header.e_shoff = align_up(pos, class.addr_size() as u64)?;
        obj.header.e_shentsize = raw::size_of(Rec::Shdr, class) as u16;
        // Extended numbering when the count needs it, or when the file used it already.
        let big = n as u64 >= u64::from(SHN_LORESERVE)
            || (obj.header.e_shnum == 0 && obj.origin_counts.is_some());
        obj.header.e_shnum = if big { 0 } else { n as u16 };
        if let Some(s0) = obj.sections.first_mut() {
            s0.header.sh_size = if big { n as u64 } else { 0 };
        }
        let shstrndx = obj.shstrndx();
        obj.set_shstrndx(shstrndx);
        obj.sections_read = true;
    }
    let m = obj.segments.len();
    if m >= usize::from(crate::consts::PN_XNUM) {
        obj.header.e_phnum = crate::consts::PN_XNUM;
        match obj.sections.first_mut() {
            Some(s0) => s0.header.sh_info = m as u32,
            None => return Err(Error::Layout("too many segments without a section 0")),
        }
    } else {
        obj.header.e_phnum = m as u16;
    }
    if m == 0 && obj.origin_counts.is_none_or(|(_, segs)| segs == 0) {
        obj.header.e_phoff = 0;
    }
    Ok(())
}
