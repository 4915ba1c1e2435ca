//! Files, archives and objects: GNU's `display_file`, `display_any_bfd` and
//! `display_object_bfd` (in `display_any`).

use std::io::{self, Write};
use std::path::Path;

use libelf::archive::Archive;
use libelf::ElfFile;
use tools_common::input;

use crate::{bfd, Cx};

/// Archives nested deeper than this are refused, as GNU refuses them.
const MAX_NESTING: usize = 100;

/// One ELF object to display: a file, or a member of an archive.
#[derive(Debug)]
pub struct Object<'a> {
    /// The name GNU prints: the path for a file, the member name for an archive member.
    pub name: String,
    /// The path of the file on the command line (the archive's, for a member).
    pub path: &'a str,
    /// The object's bytes.
    pub data: &'a [u8],
    /// The parsed ELF file.
    pub elf: ElfFile<'a>,
    /// BFD's target name (`elf64-x86-64`).
    pub target: &'static str,
    /// The archive member header, for `-a`.
    pub member: Option<libelf::archive::Member<'a>>,
    /// The opened file `data` lies in, when mapped: displays that are done with a part
    /// of the bytes drop its pages from memory ([`Object::release`]).
    pub input: Option<&'a input::Input>,
    /// `-b binary`: the decoder `-m` chose where the wrapping image's ELF machine does
    /// not name it (see [`crate::binary`]).
    pub binary_arch: Option<libmc::Arch>,
}

impl Object<'_> {
    /// Drops the pages of `part` (bytes of this object that have been displayed) from
    /// the resident set, when the file is mapped: they stay in the page cache and come
    /// back if read again.
    pub fn release(&self, part: &[u8]) {
        if let Some(i) = self.input {
            i.release_slice(part);
        }
    }
}

/// GNU's `display_file`: check and open `path`, then show the archive or object in it.
///
/// # Errors
/// Only errors writing `out`.
pub fn display_file(cx: &mut Cx<'_, '_>, path: &str, out: &mut dyn Write) -> io::Result<()> {
    let data = match input::open(Path::new(path), input::Checks::Bucomm) {
        Ok(d) => d,
        Err(e) if e.is_silent() => {
            cx.failed = true;
            return Ok(());
        }
        Err(e) => {
            cx.nonfatal(format_args!("{e}"));
            return Ok(());
        }
    };
    let bytes = Bytes {
        data: &data,
        input: Some(&data),
    };
    display_any(cx, path, path, bytes, None, 0, out)
}

/// [`display_file`] on bytes already read: the archive or object in `data`, named
/// `name` (for tests and fuzzing).
///
/// # Errors
/// Only errors writing `out`.
pub fn display_data(
    cx: &mut Cx<'_, '_>,
    name: &str,
    data: &[u8],
    out: &mut dyn Write,
) -> io::Result<()> {
    let bytes = Bytes { data, input: None };
    display_any(cx, name, name, bytes, None, 0, out)
}

/// An object's or archive's bytes, and the opened file they lie in when it is mapped.
#[derive(Clone, Copy)]
struct Bytes<'a> {
    data: &'a [u8],
    input: Option<&'a input::Input>,
}

/// GNU's `display_any_bfd`: an archive's members (recursively), or one object
/// (`display_object_bfd`).
fn display_any<'a>(
    cx: &mut Cx<'_, '_>,
    path: &'a str,
    name: &str,
    bytes: Bytes<'a>,
    member: Option<libelf::archive::Member<'a>>,
    level: usize,
    out: &mut dyn Write,
) -> io::Result<()> {
    let data = bytes.data;
    if cx.o.target.as_deref() == Some("binary") {
        return display_binary(cx, path, name, data, out);
    }
    if !libelf::archive::is_archive(data) {
        // GNU's `display_object_bfd`: an ELF object (or core file), or BFD's complaint.
        let elf = match ElfFile::parse(data) {
            Ok(e) if bfd::recognized(&e) => e,
            _ => {
                cx.nonfatal(format_args!("{name}: file format not recognized"));
                return Ok(());
            }
        };
        let obj = Object {
            name: name.to_owned(),
            path,
            data,
            target: bfd::target_name(&elf),
            elf,
            member,
            input: bytes.input,
            binary_arch: None,
        };
        return crate::dump_object(cx, &obj, out);
    }
    let ar = match Archive::parse(data) {
        Ok(a) => a,
        Err(_) => {
            cx.nonfatal(format_args!("{name}: file format not recognized"));
            return Ok(());
        }
    };
    if level == 0 {
        writeln!(out, "In archive {name}:")?;
    } else if level > MAX_NESTING {
        cx.nonfatal(format_args!("Archive nesting is too deep"));
        return Ok(());
    } else {
        writeln!(out, "In nested archive {name}:")?;
    }
    for m in ar.members() {
        let m = match m {
            Ok(m) => m,
            Err(_) => {
                cx.nonfatal(format_args!("{name}: malformed archive"));
                break;
            }
        };
        if cx.stop {
            break;
        }
        let mname = String::from_utf8_lossy(m.name()).into_owned();
        let Some(mdata) = m.data() else {
            // A thin archive's member lives in its own file, named relative to the
            // archive's directory; GNU shows it under that path.
            let p = libelf::archive::thin_member_path(path.as_bytes(), m.name());
            let p = String::from_utf8_lossy(&p).into_owned();
            match std::fs::read(&p) {
                Ok(read) => {
                    let b = Bytes {
                        data: &read,
                        input: None,
                    };
                    display_any(cx, path, &p, b, Some(m), level + 1, out)?;
                }
                Err(_) => cx.nonfatal(format_args!("{p}: file format not recognized")),
            }
            continue;
        };
        let b = Bytes {
            data: mdata,
            input: bytes.input,
        };
        display_any(cx, path, &mname, b, Some(m), level + 1, out)?;
    }
    Ok(())
}

/// `-b binary`: the whole file as one `.data` section ([`crate::binary`]); `-m` names
/// the machine to disassemble it as.
fn display_binary(
    cx: &mut Cx<'_, '_>,
    path: &str,
    name: &str,
    data: &[u8],
    out: &mut dyn Write,
) -> io::Result<()> {
    let vma = cx.o.adjust_vma;
    let (image, binary_arch) = match cx.o.machine.as_deref() {
        None => (crate::binary::wrap_unknown(data, vma), None),
        Some(m) => match crate::binary::machine(m) {
            Some(bm) => {
                let big = cx.o.endian_big.unwrap_or(bm.big);
                let arch = bm.arch.map(|mut a| {
                    if cx.o.endian_big == Some(true) {
                        a.endian = libmc::Endian::Big;
                    }
                    a
                });
                (
                    crate::binary::wrap(data, bm.e_machine, bm.c64, big, vma),
                    arch,
                )
            }
            None => {
                // GNU names the file first, then stops at the machine.
                write!(out, "\n{name}:     file format binary\n\n")?;
                cx.nonfatal(format_args!("can't use supplied machine {m}"));
                cx.stop = true;
                return Ok(());
            }
        },
    };
    let Ok(elf) = ElfFile::parse(&image) else {
        cx.nonfatal(format_args!("{name}: file format not recognized"));
        return Ok(());
    };
    let obj = Object {
        name: name.to_owned(),
        path,
        data: &image,
        target: "binary",
        elf,
        member: None,
        input: None,
        binary_arch,
    };
    crate::dump_object(cx, &obj, out)
}
