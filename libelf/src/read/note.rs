//! Notes: `SHT_NOTE` sections and `PT_NOTE` segments, and the common GNU note payloads.
//!
//! A note is `n_namesz`, `n_descsz`, `n_type` (three words of the file's byte order), the
//! owner name, then the descriptor, each padded to the note alignment (gABI "Note
//! Section"). The reader is generic over owners (GNU, CORE, LINUX, FreeBSD, Go, stapsdt…);
//! [`GnuAbiTag`] and [`GnuPropertyIter`] decode two GNU descriptors.

use super::{ElfFile, ProgramHeader, Section};
use crate::consts::{NT_GNU_BUILD_ID, PT_NOTE, SHT_NOTE};
use crate::raw;
use crate::{Class, Endian, Error, Result};

/// Owner name of GNU notes.
pub const ELF_NOTE_GNU: &[u8] = b"GNU";
/// `NT_GNU_BUILD_ATTRIBUTE_OPEN`: annobin build attributes of a range.
pub const NT_GNU_BUILD_ATTRIBUTE_OPEN: u32 = 0x100;
/// `NT_GNU_BUILD_ATTRIBUTE_FUNC`: annobin build attributes of a function.
pub const NT_GNU_BUILD_ATTRIBUTE_FUNC: u32 = 0x101;
/// `NT_STAPSDT`: a SystemTap probe (owner `stapsdt`).
pub const NT_STAPSDT: u32 = 3;
/// `NT_GO_BUILDID`: the Go build ID (owner `Go`).
pub const NT_GO_BUILDID: u32 = 4;
/// `GNU_ABI_TAG_LINUX`: OS word of an `NT_GNU_ABI_TAG` note.
pub const GNU_ABI_TAG_LINUX: u32 = 0;
/// `GNU_ABI_TAG_HURD`.
pub const GNU_ABI_TAG_HURD: u32 = 1;
/// `GNU_ABI_TAG_SOLARIS`.
pub const GNU_ABI_TAG_SOLARIS: u32 = 2;
/// `GNU_ABI_TAG_FREEBSD`.
pub const GNU_ABI_TAG_FREEBSD: u32 = 3;
/// `GNU_ABI_TAG_NETBSD`.
pub const GNU_ABI_TAG_NETBSD: u32 = 4;
/// `GNU_ABI_TAG_SYLLABLE`.
pub const GNU_ABI_TAG_SYLLABLE: u32 = 5;
/// `GNU_ABI_TAG_NACL`.
pub const GNU_ABI_TAG_NACL: u32 = 6;
/// `GNU_PROPERTY_STACK_SIZE`: the stack size, an address-sized word.
pub const GNU_PROPERTY_STACK_SIZE: u32 = 1;
/// `GNU_PROPERTY_NO_COPY_ON_PROTECTED`: no data.
pub const GNU_PROPERTY_NO_COPY_ON_PROTECTED: u32 = 2;
/// `GNU_PROPERTY_1_NEEDED` (`GNU_PROPERTY_UINT32_OR_LO`).
pub const GNU_PROPERTY_1_NEEDED: u32 = 0xb000_8000;
/// `GNU_PROPERTY_LOPROC`: first processor-specific property.
pub const GNU_PROPERTY_LOPROC: u32 = 0xc000_0000;
/// `GNU_PROPERTY_AARCH64_FEATURE_1_AND`: BTI, PAC bits.
pub const GNU_PROPERTY_AARCH64_FEATURE_1_AND: u32 = 0xc000_0000;
/// `GNU_PROPERTY_X86_FEATURE_1_AND`: IBT, SHSTK bits.
pub const GNU_PROPERTY_X86_FEATURE_1_AND: u32 = 0xc000_0002;
/// `GNU_PROPERTY_X86_FEATURE_2_NEEDED`.
pub const GNU_PROPERTY_X86_FEATURE_2_NEEDED: u32 = 0xc000_8001;
/// `GNU_PROPERTY_X86_ISA_1_NEEDED`.
pub const GNU_PROPERTY_X86_ISA_1_NEEDED: u32 = 0xc000_8002;
/// `GNU_PROPERTY_X86_FEATURE_2_USED`.
pub const GNU_PROPERTY_X86_FEATURE_2_USED: u32 = 0xc001_0001;
/// `GNU_PROPERTY_X86_ISA_1_USED`.
pub const GNU_PROPERTY_X86_ISA_1_USED: u32 = 0xc001_0002;

/// Size of the fixed note header (`n_namesz`, `n_descsz`, `n_type`).
const HEADER: usize = 12;

fn word(data: &[u8], off: usize, e: Endian) -> Option<u32> {
    raw::uint(data, off, 4, e).ok().map(|v| v as u32)
}

fn align_up(v: u64, align: u64) -> Option<u64> {
    Some(v.checked_add(align - 1)? & !(align - 1))
}

/// The note alignment GNU readelf uses for a section's `sh_addralign` or a segment's
/// `p_align`: 4 for values up to 4, 8 for 8.
///
/// # Errors
/// [`Error::BadValue`] for any other value (GNU: "Corrupt note: alignment %ld, expecting
/// 4 or 8").
pub fn note_alignment(align: u64) -> Result<usize> {
    match align {
        0..=4 => Ok(4),
        8 => Ok(8),
        value => Err(Error::BadValue {
            what: "note alignment",
            value,
        }),
    }
}

/// One note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Note<'data> {
    /// Offset of the note header within the note data.
    pub offset: usize,
    /// Offset of the descriptor within the note data.
    pub desc_offset: usize,
    /// The raw `n_namesz` (the NUL terminator included, if any).
    pub n_namesz: u32,
    /// The raw `n_descsz`.
    pub n_descsz: u32,
    /// The note type.
    pub n_type: u32,
    /// The owner name: `n_namesz` bytes with trailing NULs removed.
    pub name: &'data [u8],
    /// The descriptor: `n_descsz` bytes.
    pub desc: &'data [u8],
    endian: Endian,
}

impl<'data> Note<'data> {
    /// The byte order the note was read with.
    pub fn endian(&self) -> Endian {
        self.endian
    }

    /// Whether the owner is `GNU`.
    pub fn is_gnu(&self) -> bool {
        self.name == ELF_NOTE_GNU
    }

    /// The build ID bytes, if this is a GNU `NT_GNU_BUILD_ID` note.
    pub fn build_id(&self) -> Option<&'data [u8]> {
        (self.is_gnu() && self.n_type == NT_GNU_BUILD_ID).then_some(self.desc)
    }

    /// Decode the descriptor as an `NT_GNU_ABI_TAG` (the caller checks owner and type).
    ///
    /// # Errors
    /// [`Error::Malformed`] if the descriptor is shorter than four words.
    pub fn gnu_abi_tag(&self) -> Result<GnuAbiTag> {
        let w = |i: usize| word(self.desc, i * 4, self.endian);
        match (w(0), w(1), w(2), w(3)) {
            (Some(os), Some(major), Some(minor), Some(patch)) => Ok(GnuAbiTag {
                os,
                major,
                minor,
                patch,
            }),
            _ => Err(Error::Malformed {
                what: "GNU ABI tag note",
                offset: self.desc_offset as u64,
            }),
        }
    }

    /// Iterate the properties of an `NT_GNU_PROPERTY_TYPE_0` descriptor (the caller checks
    /// owner and type). See [`GnuPropertyIter::new`].
    ///
    /// # Errors
    /// Those of [`GnuPropertyIter::new`].
    pub fn gnu_properties(&self, class: Class) -> Result<GnuPropertyIter<'data>> {
        GnuPropertyIter::new(self.desc, self.endian, class)
    }
}

/// An iterator over the notes in a section's or segment's bytes.
///
/// Yields `Err` once and then `None` when a note is truncated or its sizes run past the
/// end of the data; [`NoteIter::offset`] then tells where the bad note starts. Offsets,
/// in notes and errors alike, are within the data (as GNU readelf prints them).
#[derive(Debug, Clone)]
pub struct NoteIter<'data> {
    data: &'data [u8],
    endian: Endian,
    align: usize,
    offset: usize,
    done: bool,
}

impl<'data> NoteIter<'data> {
    /// Notes in `data`, aligned as [`note_alignment`] maps `align`.
    ///
    /// # Errors
    /// Those of [`note_alignment`].
    pub fn new(data: &'data [u8], endian: Endian, align: u64) -> Result<Self> {
        Ok(NoteIter {
            data,
            endian,
            align: note_alignment(align)?,
            offset: 0,
            done: false,
        })
    }

    /// The notes of a `SHT_NOTE` section, aligned by its `sh_addralign`. A section of
    /// another type gives no notes.
    ///
    /// # Errors
    /// Those of [`Section::data`] and [`note_alignment`].
    pub fn from_section(section: &Section<'_, 'data>) -> Result<Self> {
        let h = section.header();
        let (data, align) = match h.sh_type {
            SHT_NOTE => (section.data()?, h.sh_addralign),
            _ => (&[][..], 4),
        };
        Self::new(data, section.endian(), align)
    }

    /// The notes of a `PT_NOTE` segment, aligned by its `p_align`. A segment of another
    /// type gives no notes.
    ///
    /// # Errors
    /// Those of [`ElfFile::segment_data`] and [`note_alignment`].
    pub fn from_segment(file: &ElfFile<'data>, ph: &ProgramHeader) -> Result<Self> {
        let (data, align) = match ph.p_type {
            PT_NOTE => (file.segment_data(ph)?, ph.p_align),
            _ => (&[][..], 4),
        };
        Self::new(data, file.endian(), align)
    }

    /// The alignment in use: 4 or 8.
    pub fn align(&self) -> usize {
        self.align
    }

    /// Offset within the data of the next note, or of the bad note after an error.
    pub fn offset(&self) -> usize {
        self.offset
    }

    /// The raw `(n_namesz, n_descsz, n_type)` of the note header at `offset` within the
    /// data, if 12 bytes are there (GNU readelf prints them for a bad note).
    pub fn header_at(&self, offset: usize) -> Option<(u32, u32, u32)> {
        let w = |i: usize| word(self.data, offset.checked_add(i)?, self.endian);
        Some((w(0)?, w(4)?, w(8)?))
    }

    fn parse(&self) -> Result<(Note<'data>, usize)> {
        let off = self.offset;
        let err = |what| Error::Malformed {
            what,
            offset: off as u64,
        };
        let (n_namesz, n_descsz, n_type) = self
            .header_at(off)
            .ok_or_else(|| err("note header (fewer than 12 bytes left)"))?;
        let remaining = self.data.len().saturating_sub(off) as u64;
        let a = self.align as u64;
        let sizes = || err("note with invalid namesz and/or descsz");
        let desc_at = align_up(HEADER as u64 + u64::from(n_namesz), a).ok_or_else(sizes)?;
        let next = align_up(desc_at + u64::from(n_descsz), a).ok_or_else(sizes)?;
        if next > remaining {
            return Err(sizes());
        }
        // All three are now within `remaining`, which fits in usize.
        let (desc_at, next) = (desc_at as usize, next as usize);
        let note = self.data.get(off..off + next).ok_or_else(sizes)?;
        let name_raw = note
            .get(HEADER..HEADER + n_namesz as usize)
            .ok_or_else(sizes)?;
        let name_len = name_raw.iter().rposition(|&b| b != 0).map_or(0, |p| p + 1);
        let note = Note {
            offset: off,
            desc_offset: off + desc_at,
            n_namesz,
            n_descsz,
            n_type,
            name: name_raw.get(..name_len).unwrap_or_default(),
            desc: note
                .get(desc_at..desc_at + n_descsz as usize)
                .ok_or_else(sizes)?,
            endian: self.endian,
        };
        Ok((note, off + next))
    }
}

/// `Iterator` for a walk over `self.$bytes` that yields what `self.parse()` gives (an
/// item and the offset of the next) and stops after the end or the first error.
macro_rules! parse_iter {
    ($iter:ident => $item:ident, $bytes:ident) => {
        impl<'data> Iterator for $iter<'data> {
            type Item = Result<$item<'data>>;

            fn next(&mut self) -> Option<Self::Item> {
                if self.done || self.offset >= self.$bytes.len() {
                    return None;
                }
                Some(
                    self.parse()
                        .map(|(item, next)| {
                            self.offset = next;
                            item
                        })
                        .inspect_err(|_| self.done = true),
                )
            }
        }

        impl core::iter::FusedIterator for $iter<'_> {}
    };
}

parse_iter!(NoteIter => Note, data);

/// The GNU build ID of a file: the first GNU `NT_GNU_BUILD_ID` note in a `SHT_NOTE`
/// section, else in a `PT_NOTE` segment.
///
/// Best effort: unreadable tables and bad notes are skipped. Returns `None` if no build
/// ID is found.
pub fn find_build_id<'data>(file: &ElfFile<'data>) -> Option<&'data [u8]> {
    let first =
        |it: Result<NoteIter<'data>>| it.ok()?.map_while(|n| n.ok()).find_map(|n| n.build_id());
    if let Ok(mut sections) = file.sections() {
        if let Some(id) = sections.find_map(|s| first(NoteIter::from_section(&s))) {
            return Some(id);
        }
    }
    file.program_headers()
        .ok()?
        .iter()
        .find_map(|ph| first(NoteIter::from_segment(file, ph)))
}

/// The descriptor of an `NT_GNU_ABI_TAG` note: the OS and its earliest ABI version.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GnuAbiTag {
    /// `GNU_ABI_TAG_*`.
    pub os: u32,
    /// Major version.
    pub major: u32,
    /// Minor version.
    pub minor: u32,
    /// Subminor version.
    pub patch: u32,
}

impl GnuAbiTag {
    /// The OS name GNU readelf prints, if known.
    pub fn os_name(&self) -> Option<&'static str> {
        Some(match self.os {
            GNU_ABI_TAG_LINUX => "Linux",
            GNU_ABI_TAG_HURD => "Hurd",
            GNU_ABI_TAG_SOLARIS => "Solaris",
            GNU_ABI_TAG_FREEBSD => "FreeBSD",
            GNU_ABI_TAG_NETBSD => "NetBSD",
            GNU_ABI_TAG_SYLLABLE => "Syllable",
            GNU_ABI_TAG_NACL => "NaCl",
            _ => return None,
        })
    }
}

/// One property of an `NT_GNU_PROPERTY_TYPE_0` note.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GnuProperty<'data> {
    /// Offset of the property within the descriptor.
    pub offset: usize,
    /// `pr_type`.
    pub pr_type: u32,
    /// `pr_datasz`.
    pub pr_datasz: u32,
    /// `pr_datasz` bytes of data.
    pub data: &'data [u8],
    endian: Endian,
}

impl GnuProperty<'_> {
    /// The data as an integer when it is 4 or 8 bytes long (bitmasks, stack size).
    pub fn value(&self) -> Option<u64> {
        match self.data.len() {
            4 | 8 => raw::uint(self.data, 0, self.data.len(), self.endian).ok(),
            _ => None,
        }
    }
}

/// An iterator over the properties of an `NT_GNU_PROPERTY_TYPE_0` descriptor.
///
/// Each property is `pr_type`, `pr_datasz` (two words), then the data padded to 8 bytes
/// in ELF64 and 4 in ELF32. Yields `Err` once, then `None`, for a property whose header
/// or data runs past the descriptor.
#[derive(Debug, Clone)]
pub struct GnuPropertyIter<'data> {
    desc: &'data [u8],
    endian: Endian,
    align: usize,
    offset: usize,
    done: bool,
}

impl<'data> GnuPropertyIter<'data> {
    /// The properties in `desc`.
    ///
    /// # Errors
    /// [`Error::Malformed`] if `desc` is shorter than 8 bytes or not a multiple of the
    /// class's alignment (GNU: "<corrupt GNU_PROPERTY_TYPE, size = …>").
    pub fn new(desc: &'data [u8], endian: Endian, class: Class) -> Result<Self> {
        let align = class.addr_size();
        if desc.len() < 8 || desc.len() % align != 0 {
            return Err(Error::Malformed {
                what: "GNU property note size",
                offset: 0,
            });
        }
        Ok(GnuPropertyIter {
            desc,
            endian,
            align,
            offset: 0,
            done: false,
        })
    }

    fn parse(&self) -> Result<(GnuProperty<'data>, usize)> {
        let off = self.offset;
        let err = |what| Error::Malformed {
            what,
            offset: off as u64,
        };
        let w = |i: usize| word(self.desc, off.checked_add(i)?, self.endian);
        let (pr_type, pr_datasz) = w(0).zip(w(4)).ok_or_else(|| err("GNU property header"))?;
        let start = off + 8;
        let data = start
            .checked_add(pr_datasz as usize)
            .and_then(|end| self.desc.get(start..end))
            .ok_or_else(|| err("GNU property datasz"))?;
        let padded = align_up(u64::from(pr_datasz), self.align as u64).unwrap_or(u64::MAX);
        let next = usize::try_from(padded)
            .ok()
            .and_then(|p| start.checked_add(p))
            .unwrap_or(usize::MAX);
        let prop = GnuProperty {
            offset: off,
            pr_type,
            pr_datasz,
            data,
            endian: self.endian,
        };
        Ok((prop, next))
    }
}

parse_iter!(GnuPropertyIter => GnuProperty, desc);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::consts::{NT_GNU_ABI_TAG, NT_GNU_PROPERTY_TYPE_0};

    #[rustfmt::skip]
    const LE4: &[u8] = &[
        // note 0 at 0x00: GNU build ID
        4, 0, 0, 0,             // n_namesz = 4
        4, 0, 0, 0,             // n_descsz = 4
        3, 0, 0, 0,             // n_type = NT_GNU_BUILD_ID
        b'G', b'N', b'U', 0,    // "GNU\0"
        0xde, 0xad, 0xbe, 0xef, // desc
        // note 1 at 0x14: Go, name padded with two NULs, desc of 5 bytes padded to 8
        4, 0, 0, 0,             // n_namesz = 4
        5, 0, 0, 0,             // n_descsz = 5
        4, 0, 0, 0,             // n_type = NT_GO_BUILDID
        b'G', b'o', 0, 0,       // "Go\0\0"
        1, 2, 3, 4, 5, 0, 0, 0, // desc + padding
        // note 2 at 0x2c: empty name, no desc
        0, 0, 0, 0,             // n_namesz = 0
        0, 0, 0, 0,             // n_descsz = 0
        7, 0, 0, 0,             // n_type = 7
    ];

    /// All notes, which must parse.
    fn notes(data: &[u8], e: Endian, align: u64) -> Vec<Note<'_>> {
        let it = NoteIter::new(data, e, align).unwrap();
        it.collect::<Result<_>>().unwrap()
    }

    /// Offset, descriptor offset, type, name and descriptor of a note.
    fn brief<'a>(n: &Note<'a>) -> (usize, usize, u32, &'a [u8], &'a [u8]) {
        (n.offset, n.desc_offset, n.n_type, n.name, n.desc)
    }

    #[test]
    fn little_endian_align4() {
        let n = notes(LE4, Endian::Little, 4);
        assert_eq!(n.len(), 3);
        assert_eq!(
            brief(&n[0]),
            (0, 16, 3, &b"GNU"[..], &[0xde, 0xad, 0xbe, 0xef][..])
        );
        assert_eq!(n[0].build_id(), Some(&[0xde, 0xad, 0xbe, 0xef][..]));
        assert_eq!(
            brief(&n[1]),
            (0x14, 0x24, 4, &b"Go"[..], &[1, 2, 3, 4, 5][..])
        );
        assert_eq!(
            (n[1].n_namesz, n[1].n_descsz, n[1].build_id()),
            (4, 5, None)
        );
        assert_eq!(brief(&n[2]), (0x2c, 0x38, 7, &b""[..], &b""[..]));
    }

    #[rustfmt::skip]
    const BE8: &[u8] = &[
        // note at 0x00: GNU property, ELF64 big-endian, alignment 8
        0, 0, 0, 4,             // n_namesz = 4
        0, 0, 0, 0x20,          // n_descsz = 32
        0, 0, 0, 5,             // n_type = NT_GNU_PROPERTY_TYPE_0
        b'G', b'N', b'U', 0,    // "GNU\0" (12 + 4 = 16: already aligned to 8)
        // property 0 at desc+0x00
        0xc0, 0, 0x80, 0x02,    // pr_type = GNU_PROPERTY_X86_ISA_1_NEEDED
        0, 0, 0, 4,             // pr_datasz = 4
        0, 0, 0, 1,             // baseline
        0, 0, 0, 0,             // padding to 8
        // property 1 at desc+0x10
        0, 0, 0, 1,             // pr_type = GNU_PROPERTY_STACK_SIZE
        0, 0, 0, 8,             // pr_datasz = 8
        0, 0, 0, 0, 0, 0x10, 0, 0, // 0x100000
        // note at 0x30: CORE, name of 5 padded to 8 (12 + 5 -> 24)
        0, 0, 0, 5,             // n_namesz = 5
        0, 0, 0, 1,             // n_descsz = 1
        0, 0, 0, 1,             // n_type = NT_PRSTATUS
        b'C', b'O', b'R', b'E', 0, 0, 0, 0, 0, 0, 0, 0, // "CORE\0" + padding to 24
        0x42, 0, 0, 0, 0, 0, 0, 0, // desc + padding
    ];

    #[test]
    fn big_endian_align8_properties() {
        let n = notes(BE8, Endian::Big, 8);
        assert_eq!(n.len(), 2);
        assert!(n[0].is_gnu() && n[0].n_type == NT_GNU_PROPERTY_TYPE_0);
        let it = n[0].gnu_properties(Class::Elf64).unwrap();
        let props: Vec<_> = it
            .map(|p| p.unwrap())
            .map(|p| (p.offset, p.pr_type, p.value()))
            .collect();
        let want = [
            (0, GNU_PROPERTY_X86_ISA_1_NEEDED, Some(1)),
            (0x10, GNU_PROPERTY_STACK_SIZE, Some(1 << 20)),
        ];
        assert_eq!(props, want);
        assert_eq!(brief(&n[1]), (0x30, 0x48, 1, &b"CORE"[..], &[0x42][..]));
        // Read with alignment 4 the same bytes go wrong after the CORE note.
        let v: Vec<_> = NoteIter::new(BE8, Endian::Big, 4).unwrap().collect();
        assert_eq!(v.len(), 3);
        assert!(v[0].is_ok() && v[1].is_ok() && v[2].is_err());
    }

    #[test]
    #[rustfmt::skip]
    fn elf32_properties_align4() {
        let desc: &[u8] = &[
            0xc0, 0, 0, 2,  // pr_type = GNU_PROPERTY_X86_FEATURE_1_AND
            0, 0, 0, 4,     // pr_datasz = 4
            0, 0, 0, 3,     // IBT | SHSTK (no padding in ELF32)
            0, 0, 0, 2,     // pr_type = GNU_PROPERTY_NO_COPY_ON_PROTECTED
            0, 0, 0, 0,     // pr_datasz = 0
        ];
        let props: Vec<_> = GnuPropertyIter::new(desc, Endian::Big, Class::Elf32).unwrap().collect::<Result<_>>().unwrap();
        assert_eq!(props.iter().map(|p| (p.offset, p.pr_type, p.value())).collect::<Vec<_>>(),
            [(0, GNU_PROPERTY_X86_FEATURE_1_AND, Some(3)), (12, GNU_PROPERTY_NO_COPY_ON_PROTECTED, None)]);
        // 20 bytes is not a multiple of 8: corrupt in ELF64.
        assert!(GnuPropertyIter::new(desc, Endian::Big, Class::Elf64).is_err());
        assert!(GnuPropertyIter::new(&desc[..4], Endian::Big, Class::Elf32).is_err());
        // pr_datasz runs past the descriptor: one error, then nothing.
        let bad: &[u8] = &[2, 0, 0, 0, /* pr_datasz */ 0xff, 0xff, 0xff, 0xff];
        let v: Vec<_> = GnuPropertyIter::new(bad, Endian::Little, Class::Elf32).unwrap().collect();
        assert_eq!(v.len(), 1);
        assert!(v[0].is_err());
    }

    #[test]
    #[rustfmt::skip]
    fn abi_tag_both_orders() {
        let le: &[u8] = &[
            4, 0, 0, 0,  0x10, 0, 0, 0,  1, 0, 0, 0,  b'G', b'N', b'U', 0, // header, "GNU"
            0, 0, 0, 0,  3, 0, 0, 0,  2, 0, 0, 0,  0, 0, 0, 0,             // Linux 3.2.0
        ];
        let n = NoteIter::new(le, Endian::Little, 4).unwrap().next().unwrap().unwrap();
        assert_eq!(n.n_type, NT_GNU_ABI_TAG);
        let t = n.gnu_abi_tag().unwrap();
        assert_eq!((t.os_name(), t.major, t.minor, t.patch), (Some("Linux"), 3, 2, 0));
        let be: &[u8] = &[
            0, 0, 0, 4,  0, 0, 0, 0x0c,  0, 0, 0, 1,  b'G', b'N', b'U', 0, // descsz = 12: short
            0, 0, 0, 3,  0, 0, 0, 13,  0, 0, 0, 0,                         // FreeBSD 13.0
        ];
        let n = NoteIter::new(be, Endian::Big, 4).unwrap().next().unwrap().unwrap();
        assert!(n.gnu_abi_tag().is_err());
    }

    #[test]
    fn malformed_notes_error_once() {
        // Truncated header: 8 bytes.
        let mut it = NoteIter::new(&LE4[..8], Endian::Little, 4).unwrap();
        assert!(matches!(
            it.next(),
            Some(Err(Error::Malformed { offset: 0, .. }))
        ));
        assert!(it.next().is_none());
        // A good note, then a truncated descriptor: error at the second note's offset.
        let mut it = NoteIter::new(&LE4[..0x22], Endian::Little, 4).unwrap();
        assert!(it.next().unwrap().is_ok());
        assert!(matches!(
            it.next(),
            Some(Err(Error::Malformed { offset: 0x14, .. }))
        ));
        assert_eq!(it.offset(), 0x14);
        assert_eq!(it.header_at(0x14), Some((4, 5, 4)));
        assert!(it.next().is_none());
        // Sizes near u32::MAX must not overflow.
        #[rustfmt::skip]
        let huge: &[u8] = &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 1, 0, 0, 0, 0, 0, 0, 0];
        for align in [4, 8] {
            let v: Vec<_> = NoteIter::new(huge, Endian::Little, align)
                .unwrap()
                .collect();
            assert_eq!(v.len(), 1);
            assert!(v[0].is_err());
        }
    }

    #[test]
    fn alignment_rules() {
        assert_eq!(note_alignment(0).unwrap(), 4);
        assert_eq!(note_alignment(1).unwrap(), 4);
        assert_eq!(note_alignment(4).unwrap(), 4);
        assert_eq!(note_alignment(8).unwrap(), 8);
        let err = note_alignment(16);
        assert!(matches!(err, Err(Error::BadValue { value: 16, .. })));
        assert_eq!(NoteIter::new(&[], Endian::Big, 0).unwrap().count(), 0);
    }
}
