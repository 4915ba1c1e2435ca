//! `-n`: notes (GNU's `process_notes`).
//!
//! Notes come from the `SHT_NOTE` sections, or, when there are none (and always in core
//! files), from the `PT_NOTE` segments. Each note is walked GNU's way
//! (`process_notes_at`): the same size checks and warnings, the same treatment of names
//! that lack their NUL, and the same owner dispatch (`process_note`). The per-owner
//! decoders live in submodules: [`gnu`] (build ID, ABI tag, properties, …), [`other`]
//! (core files, stapsdt, NetBSD, VMS, FDO, hex dumps) and [`build_attr`] (annobin build
//! attribute notes). Type names come from `libelf::names`.

pub mod build_attr;
pub mod gnu;
pub mod other;

use std::io;

use libelf::consts::{
    ELFOSABI_OPENVMS, EM_CYGNUS_V850, EM_IA_64, EM_V800, EM_V850, ET_CORE, ET_REL, PT_NOTE,
    SHT_NOTE,
};
use libelf::names;
use libelf::read::{read_uint, Cursor, SectionHeader};

use crate::Cx;

const SHT_RENESAS_INFO: u32 = 0xa000_0000;

/// `NT_GNU_BUILD_ATTRIBUTE_OPEN`.
pub const NT_GNU_BUILD_ATTRIBUTE_OPEN: u32 = 0x100;
/// `NT_GNU_BUILD_ATTRIBUTE_FUNC`.
pub const NT_GNU_BUILD_ATTRIBUTE_FUNC: u32 = 0x101;

/// One note as GNU's `Elf_Internal_Note` holds it.
#[derive(Debug, Clone, Copy)]
pub struct Note<'d> {
    /// `n_type`.
    pub n_type: u32,
    /// `n_namesz`.
    pub namesz: u64,
    /// `n_descsz`.
    pub descsz: u64,
    /// The name as C code sees `namedata`: the name bytes up to the first NUL. When
    /// `namesz` is 0, GNU's `namedata` points at the bytes after the note header, so this
    /// is those bytes up to their first NUL (or the end of the notes).
    pub name: &'d [u8],
    /// The name field's `namesz` bytes as stored (empty when `namesz` is 0).
    pub name_raw: &'d [u8],
    /// The bytes from the name to the end of the notes (GNU reads past the name field
    /// in a few places).
    pub name_tail: &'d [u8],
    /// The descriptor (`descsz` bytes).
    pub desc: &'d [u8],
    /// The bytes from the descriptor to the end of the notes (GNU reads past short
    /// descriptors in a few places; this bounds those reads).
    pub desc_tail: &'d [u8],
}

impl Note<'_> {
    /// C `startswith (namedata, prefix)`.
    pub fn starts_with(&self, prefix: &[u8]) -> bool {
        self.name.starts_with(prefix)
    }

    /// Byte `i` of the name as C reads it (0 at and past the terminator).
    pub fn name_byte(&self, i: usize) -> u8 {
        self.name.get(i).copied().unwrap_or(0)
    }

    /// Whether this is a GNU build attribute note (`process_note`'s test). Like C's
    /// `strchr`, a NUL matches the set.
    pub fn is_build_attribute(&self) -> bool {
        let in_set = |c: u8| c == 0 || b"*$!+".contains(&c);
        ((self.starts_with(b"GA") && in_set(self.name_byte(2))) || in_set(self.name_byte(0)))
            && (self.n_type == NT_GNU_BUILD_ATTRIBUTE_OPEN
                || self.n_type == NT_GNU_BUILD_ATTRIBUTE_FUNC)
    }
}

/// Read a `width`-byte word of the file's byte order at `off` in `b` (0 if out of range,
/// which callers rule out first).
pub fn word(cx: &Cx, b: &[u8], off: usize, width: usize) -> u64 {
    read_uint(b, off, width, cx.endian()).unwrap_or(0)
}

/// Like [`word`], but a word running past the end of `b` is read with zeros for the
/// missing bytes (where GNU would read whatever follows).
pub fn word_padded(cx: &Cx, b: &[u8], off: usize, width: usize) -> u64 {
    let mut buf = [0u8; 8];
    for (k, slot) in buf.iter_mut().take(width).enumerate() {
        *slot = b.get(off + k).copied().unwrap_or(0);
    }
    read_uint(&buf, 0, width, cx.endian()).unwrap_or(0)
}

/// GNU's `process_notes`.
pub fn process_notes(cx: &mut Cx) -> io::Result<bool> {
    if !cx.o.notes {
        return Ok(true);
    }
    if cx.hdr.e_type != ET_CORE {
        return process_note_sections(cx);
    }
    if cx.hdr.e_phnum > 0 {
        return process_corefile_note_segments(cx);
    }
    writeln!(cx.out, "No notes found file.")?;
    Ok(true)
}

/// GNU's `process_note_sections`: every `SHT_NOTE` section (and Renesas V850 notes), or
/// the note segments when there are none.
fn process_note_sections(cx: &mut Cx) -> io::Result<bool> {
    let mut res = true;
    let mut n = 0u32;
    let count = cx.sections().len().min(cx.hdr.e_shnum as usize);
    let v850 = matches!(cx.hdr.e_machine, EM_V800 | EM_V850 | EM_CYGNUS_V850);
    for i in 0..count {
        let Some(sh) = cx.sections().get(i).copied() else {
            break;
        };
        if sh.sh_type == SHT_NOTE {
            if !process_notes_at(
                cx,
                Some((i, &sh)),
                sh.sh_offset,
                sh.sh_size,
                sh.sh_addralign,
            )? {
                res = false;
            }
            n += 1;
        }
        if v850 && sh.sh_type == SHT_RENESAS_INFO {
            if !other::process_v850_notes(cx, sh.sh_offset, sh.sh_size)? {
                res = false;
            }
            n += 1;
        }
    }
    if n == 0 {
        return process_corefile_note_segments(cx);
    }
    Ok(res)
}

/// GNU's `process_corefile_note_segments`: every `PT_NOTE` segment.
fn process_corefile_note_segments(cx: &mut Cx) -> io::Result<bool> {
    if !cx.load_program_headers() {
        return Ok(true);
    }
    let mut res = true;
    let phdrs = cx.phdrs.clone().unwrap_or_default();
    for p in phdrs.iter().take(cx.hdr.e_phnum as usize) {
        if p.p_type == PT_NOTE && !process_notes_at(cx, None, p.p_offset, p.p_filesz, p.p_align)? {
            res = false;
        }
    }
    Ok(res)
}

/// GNU's `process_notes_at`: the notes of `section`, or of the `length` bytes at file
/// offset `offset`, aligned to `align`.
fn process_notes_at(
    cx: &mut Cx,
    section: Option<(usize, &SectionHeader)>,
    offset: u64,
    length: u64,
    align: u64,
) -> io::Result<bool> {
    if length == 0 {
        return Ok(false);
    }
    let data = match section {
        Some((_, sh)) => {
            if sh.sh_size == 0 || sh.sh_type == libelf::consts::SHT_NOBITS {
                let name = cx.printable_section_name(sh);
                writeln!(cx.out, "Section '{name}' has no data to dump.")?;
                None
            } else {
                cx.get_data(sh.sh_offset, 1, sh.sh_size, Some("section contents"))
            }
        }
        None => cx.get_data(offset, 1, length, Some("notes")),
    };
    let Some(data) = data else {
        return Ok(false);
    };
    // GNU walks `length` bytes of the buffer; for a section they are the same.
    let data = data
        .get(..usize::try_from(length).unwrap_or(usize::MAX))
        .unwrap_or(data);
    // In relocatable objects GNU relocates the notes first (stapsdt addresses, build
    // attribute ranges).
    let mut relocated: Vec<u8>;
    let data: &[u8] = match section {
        Some((index, _)) if cx.hdr.e_type == ET_REL => {
            relocated = data.to_vec();
            if crate::display::apply_relocs::apply_relocations(cx, index, &mut relocated).is_none()
            {
                return Ok(false);
            }
            &relocated
        }
        _ => data,
    };

    writeln!(cx.out)?;
    match section {
        Some((_, sh)) => {
            let name = cx.printable_section_name(sh);
            writeln!(cx.out, "Displaying notes found in: {name}")?;
        }
        None => writeln!(
            cx.out,
            "Displaying notes found at file offset 0x{offset:08x} with length 0x{length:08x}:"
        )?,
    }

    let align = if align < 4 {
        4
    } else if align != 4 && align != 8 {
        cx.diag.warn(format_args!(
            "Corrupt note: alignment {}, expecting 4 or 8\n",
            align as i64
        ));
        return Ok(false);
    } else {
        align
    };

    writeln!(cx.out, "  {:<20} {:<10}\tDescription", "Owner", "Data size")?;

    let vms = cx.hdr.e_machine == EM_IA_64 && cx.hdr.e_ident.get(7) == Some(&ELFOSABI_OPENVMS);
    let mut res = true;
    let mut ext = 0usize;
    let end = data.len();
    while ext < end {
        let mut data_remaining = (end - ext) as u64;
        // The fixed part: three 4-byte words, or three 8-byte words for OpenVMS.
        let min_notesz: u64 = if vms { 24 } else { 12 };
        if data_remaining < min_notesz {
            if data_remaining == 1 {
                cx.diag.warn(format_args!(
                    "Corrupt note: only 1 byte remains, not enough for a full note\n"
                ));
            } else {
                cx.diag.warn(format_args!(
                    "Corrupt note: only {data_remaining} bytes remain, not enough for a full note\n"
                ));
            }
            break;
        }
        data_remaining -= min_notesz;
        // The header fits: `min_notesz` bytes remain.
        let mut header = Cursor::at(data, ext, cx.endian());
        let [namesz, descsz, n_type] =
            [(); 3].map(|_| header.read_uint(min_notesz as usize / 3).unwrap_or(0));
        let n_type = n_type as u32;
        let (desc_rel, next_rel);
        if vms {
            // The name starts at 24; descriptor and next note are 8-aligned after it.
            let d = align_up(namesz, 8);
            desc_rel = d;
            next_rel = d.wrapping_add(align_up(descsz, 8));
        } else {
            // Offsets relative to the name (GNU's `descdata - namedata`).
            let d = align_up(12u64.wrapping_add(namesz), align).wrapping_sub(12);
            desc_rel = d;
            next_rel = align_up(12u64.wrapping_add(d).wrapping_add(descsz), align).wrapping_sub(12);
        }
        let desc_span = next_rel.wrapping_sub(desc_rel);
        if desc_rel < namesz
            || desc_rel > data_remaining
            || desc_span < descsz
            || desc_span > data_remaining - desc_rel
        {
            cx.diag.warn(format_args!(
                "note with invalid namesz and/or descsz found at offset {}\n",
                alt_hex(ext as u64)
            ));
            cx.diag.warn(format_args!(
                " type: {}, namesize: {}, descsize: {}, alignment: {}\n",
                alt_hex(u64::from(n_type)),
                alt_hex(namesz),
                alt_hex(descsz),
                align
            ));
            break;
        }
        let name_at = ext + min_notesz as usize;
        let desc_at = name_at + desc_rel as usize;
        let raw = data.get(name_at..name_at + namesz as usize).unwrap_or(&[]);
        let name = if namesz == 0 {
            let rest = data.get(name_at..).unwrap_or(&[]);
            rest.split(|&b| b == 0).next().unwrap_or(rest)
        } else {
            raw.split(|&b| b == 0).next().unwrap_or(raw)
        };
        let note = Note {
            n_type,
            namesz,
            descsz,
            name,
            name_raw: raw,
            name_tail: data.get(name_at..).unwrap_or(&[]),
            desc: data.get(desc_at..desc_at + descsz as usize).unwrap_or(&[]),
            desc_tail: data.get(desc_at..).unwrap_or(&[]),
        };
        ext = name_at + next_rel as usize;
        if !process_note(cx, &note)? {
            res = false;
        }
    }
    Ok(res)
}

/// `ELF_ALIGN_UP` on 64-bit values (wrapping, as in C).
fn align_up(v: u64, align: u64) -> u64 {
    v.wrapping_add(align - 1) & !(align - 1)
}

use crate::util::alt_hex;

/// GNU's `process_note`: the owner and type line, then the owner's decoder.
fn process_note(cx: &mut Cx, n: &Note) -> io::Result<bool> {
    let mut owner: &[u8] = if n.namesz == 0 { b"(NONE)" } else { n.name };
    let nt: Vec<u8> = if n.namesz == 0 {
        // A nameless note takes the generic table whatever its bytes say.
        names::note_type_text(b"", n.n_type, cx.hdr.e_type, cx.hdr.e_machine)
            .into_owned()
            .into_bytes()
    } else if (n.starts_with(b"NetBSD") && !n.starts_with(b"NetBSD-CORE")) || n.starts_with(b"PaX")
    {
        return other::process_netbsd_elf_note(cx, n);
    } else if n.starts_with(b"SPU/") {
        owner = b"SPU";
        n.name.get(4..).unwrap_or(&[]).to_vec()
    } else {
        names::note_type_text(n.name, n.n_type, cx.hdr.e_type, cx.hdr.e_machine)
            .into_owned()
            .into_bytes()
    };

    write!(cx.out, "  ")?;
    if n.is_build_attribute() {
        // Its failures show in the output; GNU ignores the result here.
        let _ = build_attr::print_name(cx, n)?;
    } else {
        cx.psym(-20, owner)?;
    }
    write!(cx.out, " 0x{:08x}\t", n.descsz)?;
    cx.out.write_all(&nt)?;
    if cx.o.wide {
        write!(cx.out, "\t")?;
    } else {
        writeln!(cx.out)?;
    }

    if n.starts_with(b"IPF/VMS") {
        other::print_ia64_vms_note(cx, n)
    } else if n.starts_with(b"GNU") {
        gnu::print_gnu_note(cx, n)
    } else if n.starts_with(b"stapsdt") {
        other::print_stapsdt_note(cx, n)
    } else if n.starts_with(b"CORE") {
        other::print_core_note(cx, n)
    } else if n.starts_with(b"FDO") {
        other::print_fdo_note(cx, n)
    } else if n.is_build_attribute() {
        build_attr::print_description(cx, n)
    } else {
        // AMDGPU metadata too: GNU is built without msgpack, so it dumps it as hex.
        other::print_note_contents_hex(cx, n)?;
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alignment_and_hex() {
        assert_eq!(align_up(13, 4), 16);
        assert_eq!(align_up(16, 8), 16);
        assert_eq!(align_up(u64::MAX, 4), 0);
        assert_eq!(alt_hex(0), "0");
        assert_eq!(alt_hex(0x1c), "0x1c");
    }

    #[test]
    fn build_attribute_names() {
        let n = |name: &'static [u8], t: u32| Note {
            n_type: t,
            namesz: name.len() as u64 + 1,
            descsz: 0,
            name,
            name_raw: name,
            name_tail: name,
            desc: &[],
            desc_tail: &[],
        };
        assert!(n(b"GA$\x013p1", 0x100).is_build_attribute());
        assert!(n(b"*\x07", 0x101).is_build_attribute());
        // An empty name matches, like C's strchr on the terminator.
        assert!(n(b"", 0x100).is_build_attribute());
        assert!(!n(b"GNU", 0x100).is_build_attribute());
        assert!(!n(b"GA$", 3).is_build_attribute());
    }
}

#[cfg(test)]
pub(crate) mod testelf;

#[cfg(test)]
mod whole_file_tests {
    use super::testelf::{build, expect_gnu, note, run, words, Sec};

    /// GNU 2.40 on GNU build ID, ABI tag and property notes, a Go note and a truncated
    /// one, plain and with `-W`.
    #[test]
    fn notes_as_gnu_prints_them() {
        let mut notes = Vec::new();
        notes.extend(note("GNU", 3, &[0xde, 0xad, 0xbe, 0xef]));
        notes.extend(note("GNU", 1, &words(&[0, 3, 2, 0])));
        #[rustfmt::skip]
        let props = words(&[
            0xc000_0002, 4, 3, 0,        // x86 feature: IBT, SHSTK (+ padding)
            0xc000_8002, 4, 1, 0,        // x86 ISA needed: baseline
            1, 8, 0x1000, 0,             // stack size (64-bit)
        ]);
        notes.extend(note("GNU", 5, &props));
        notes.extend(note("Go", 4, b"abc"));
        notes.extend(words(&[4, 0x100, 1]));
        notes.extend(b"GNU\0");
        let secs = [Sec {
            flags: 2,
            ..Sec::new(".note.test", 7, notes, 4)
        }];
        let bytes = build(true, 1, 62, &secs);
        expect_gnu("notes", &bytes, |o| o.notes = true, true);
        let (wide, _, _) = run(&bytes, |o| {
            o.notes = true;
            o.wide = true;
        });
        assert!(wide.contains(concat!(
            "NT_GNU_PROPERTY_TYPE_0\t      Properties: x86 feature: IBT, SHSTK, ",
            "x86 ISA needed: x86-64-baseline, stack size: 0x1000\n"
        )));
    }
}

#[cfg(test)]
mod v850_tests {
    use super::testelf::{build, note, run, words, Sec};

    /// GNU 2.40 on a Renesas V850 notes section whose second note's descriptor runs past
    /// the section: the first note, then the two warnings.
    #[test]
    fn v850_notes_as_gnu_prints_them() {
        let mut data = note("REN", 1, &words(&[1]));
        data.extend(words(&[4, 0x40, 2]));
        data.extend(b"REN\0");
        data.extend(words(&[1]));
        let secs = [Sec::new(".note.renesas", 0xa000_0000, data, 4)];
        let (out, err, ok) = run(&build(false, 1, 87, &secs), |o| o.notes = true);
        assert!(
            out.ends_with(" with length 0x28:\n  Alignment of 8-byte objects: 4-byte\n"),
            "{out}"
        );
        assert_eq!(
            err,
            concat!(
                "readelf: Warning: corrupt descsz found in note at offset 0x14\n",
                "readelf: Warning:  type: 0x2, namesize: 0x4, descsize: 0x40\n",
            )
        );
        assert!(ok);
    }
}
