//! `-t` and `-T`: GNU's `dump_symbols` with BFD's `bfd_elf_print_symbol`
//! (`bfd_print_symbol_vandf`'s 7-character flag column, the section, the size, the
//! version and the visibility).

use std::io::{self, Write};

use libelf::consts::{SHN_ABS, SHN_COMMON, SHN_UNDEF, STB_GLOBAL, STB_LOCAL, STB_WEAK};
use libelf::read::SymbolVersions;
use libelf::ElfFile;
use libsymtab::{Symbol, Symtab};

use crate::bfd::{flags, Bfd};
use crate::{Cx, Object};

/// `STB_GNU_UNIQUE`.
const STB_GNU_UNIQUE: u8 = 10;
/// `STT_OBJECT`, `STT_FUNC`, `STT_SECTION`, `STT_FILE`, `STT_COMMON`, `STT_TLS`,
/// `STT_GNU_IFUNC`.
const STT_OBJECT: u8 = 1;
const STT_FUNC: u8 = 2;
const STT_SECTION: u8 = 3;
const STT_FILE: u8 = 4;
const STT_COMMON: u8 = 5;
const STT_GNU_IFUNC: u8 = 10;
/// ARM's old Thumb function type, read as `STT_FUNC`.
const STT_ARM_TFUNC: u8 = 13;
/// `VER_FLG_BASE`.
const VER_FLG_BASE: u16 = 1;

/// `-t` (`dynamic` false) or `-T` (true): a symbol table (`dump_symbols`).
///
/// `SYMBOL TABLE:` or `DYNAMIC SYMBOL TABLE:` and one line per symbol. The static
/// symbols of the separate debug files `separate` (their contents) follow the object's,
/// as `dump_bfd` adds them.
///
/// # Errors
/// Only errors writing `out`.
pub fn symbols(
    cx: &mut Cx<'_, '_>,
    obj: &Object<'_>,
    dynamic: bool,
    separate: &[tools_common::input::Input],
    out: &mut dyn Write,
) -> io::Result<()> {
    let b = Bfd::new(&obj.elf);
    if dynamic && b.dynsym == 0 && b.flags & flags::DYNAMIC != 0 {
        // bfd_fatal after slurp_dynamic_symtab (said there).
        return Ok(());
    }
    let mut files: Vec<&ElfFile<'_>> = vec![&obj.elf];
    let parsed: Vec<ElfFile<'_>> = separate
        .iter()
        .filter(|_| !dynamic)
        .filter_map(|d| ElfFile::parse(d).ok())
        .collect();
    files.extend(&parsed);
    let tables: Vec<(Bfd<'_>, Option<Symtab<'_>>)> = files
        .iter()
        .map(|e| (Bfd::new(e), Symtab::parse(e).ok()))
        .collect();
    let lists: Vec<(&ElfFile<'_>, &Bfd<'_>, &[Symbol<'_>])> = files
        .iter()
        .zip(&tables)
        .map(|(e, (b, st))| {
            let view = st
                .as_ref()
                .and_then(|s| if dynamic { s.dynsym() } else { s.symtab() });
            let list = match view {
                Some(v) if dynamic || b.flags & flags::HAS_SYMS != 0 => {
                    v.symbols().get(1..).unwrap_or(&[])
                }
                _ => &[],
            };
            (*e, b, list)
        })
        .collect();
    writeln!(
        out,
        "{}",
        if dynamic {
            "DYNAMIC SYMBOL TABLE:"
        } else {
            "SYMBOL TABLE:"
        }
    )?;
    if lists.iter().all(|l| l.2.is_empty()) {
        writeln!(out, "no symbols")?;
    }
    for (elf, b, list) in lists {
        symbol_lines(cx, elf, b, list, dynamic, out)?;
    }
    out.write_all(b"\n\n")
}

/// The lines of `dump_symbols` for `list`, symbols of `elf`.
fn symbol_lines(
    cx: &mut Cx<'_, '_>,
    elf: &ElfFile<'_>,
    b: &Bfd<'_>,
    list: &[Symbol<'_>],
    dynamic: bool,
    out: &mut dyn Write,
) -> io::Result<()> {
    let versions = version_tables(elf, b);
    let machine = elf.header().e_machine;
    let relocatable = b.flags & (flags::EXEC_P | flags::DYNAMIC) == 0;
    let demangle = cx.o.demangle.then(|| demangle_options(cx.o));
    for s in list {
        let shndx = s.shndx.unwrap_or(u32::MAX);
        let raw = s.sym.st_shndx;
        let section = if raw == SHN_UNDEF as u16 {
            Some(&b"*UND*"[..])
        } else if raw == SHN_ABS as u16 {
            Some(&b"*ABS*"[..])
        } else if raw == SHN_COMMON as u16 {
            Some(&b"*COM*"[..])
        } else {
            None
        };
        let bsec = if section.is_none() {
            b.section_of(shndx)
        } else {
            None
        };
        let sec_name: &[u8] = section.or(bsec.map(|x| &*x.name)).unwrap_or(b"*ABS*");
        if !cx.process_section(sec_name) {
            continue;
        }
        let name = s.display_name_bytes();
        if !cx.o.special_syms && target_special(machine, &name) {
            continue;
        }
        let common = raw == SHN_COMMON as u16;
        // ARM: BFD takes the Thumb bit off function addresses as it reads them.
        let st_value = if machine == libelf::consts::EM_ARM
            && matches!(s.sym.st_info & 0xf, STT_FUNC | STT_GNU_IFUNC)
        {
            s.sym.st_value & !1
        } else {
            s.sym.st_value
        };
        let value = if common {
            s.sym.st_size
        } else if relocatable {
            st_value.wrapping_add(bsec.map_or(0, |x| x.vma()))
        } else {
            st_value
        };
        let mut line = Vec::new();
        line.extend_from_slice(b.vma(value).as_bytes());
        line.push(b' ');
        line.extend_from_slice(flag_column(s, dynamic, machine).as_bytes());
        line.push(b' ');
        line.extend_from_slice(sec_name);
        line.push(b'\t');
        let size = if common {
            s.sym.st_value
        } else {
            s.sym.st_size
        };
        line.extend_from_slice(b.vma(size).as_bytes());
        if let Some(v) = &versions {
            let versym = if dynamic { s.versym.unwrap_or(0) } else { 0 };
            if let Some((text, hidden)) = version_string(v, versym) {
                let t = String::from_utf8_lossy(text);
                let col = if hidden {
                    format!(" ({t}){}", " ".repeat(10usize.saturating_sub(t.len())))
                } else {
                    format!("  {t:<11}")
                };
                line.extend_from_slice(col.as_bytes());
            }
        }
        match s.sym.st_other {
            0 => {}
            1 => line.extend_from_slice(b" .internal"),
            2 => line.extend_from_slice(b" .hidden"),
            3 => line.extend_from_slice(b" .protected"),
            o => line.extend_from_slice(format!(" 0x{o:02x}").as_bytes()),
        }
        line.push(b' ');
        match demangle
            .as_ref()
            .filter(|_| !name.is_empty())
            .and_then(|opts| bfd_demangle(&String::from_utf8_lossy(&name), opts))
        {
            Some(d) => line.extend_from_slice(d.as_bytes()),
            None => line.extend_from_slice(&name),
        }
        line.push(b'\n');
        out.write_all(&line)?;
    }
    Ok(())
}

/// GNU's `slurp_dynamic_symtab` (for `-T` and `-R`, after `-h`): `FILE: not a dynamic
/// object` for a file without `.dynsym` that is not a shared object.
///
/// A shared object without `.dynsym` is GNU's `bfd_fatal`: `FILE: invalid operation`.
pub fn dynamic_symtab_check(cx: &mut Cx<'_, '_>, obj: &Object<'_>) {
    let b = Bfd::new(&obj.elf);
    if b.dynsym != 0 {
        return;
    }
    if b.flags & flags::DYNAMIC == 0 {
        cx.nonfatal(format_args!("{}: not a dynamic object", obj.name));
    } else {
        cx.nonfatal(format_args!("{}: invalid operation", obj.name));
    }
}

/// `bfd_print_symbol_vandf`'s flag column.
fn flag_column(s: &Symbol<'_>, dynamic: bool, machine: u16) -> String {
    let bind = s.sym.st_info >> 4;
    let mut ty = s.sym.st_info & 0xf;
    if machine == libelf::consts::EM_ARM && ty == STT_ARM_TFUNC {
        ty = STT_FUNC;
    }
    let undef_or_common = s.sym.st_shndx == SHN_UNDEF as u16 || s.sym.st_shndx == SHN_COMMON as u16;
    let local = bind == STB_LOCAL;
    let global = bind == STB_GLOBAL && !undef_or_common;
    let debugging = ty == STT_SECTION || ty == STT_FILE;
    [
        match (local, global) {
            (true, true) => '!',
            (true, false) => 'l',
            (false, true) => 'g',
            (false, false) if bind == STB_GNU_UNIQUE => 'u',
            _ => ' ',
        },
        if bind == STB_WEAK { 'w' } else { ' ' },
        ' ',
        ' ',
        if ty == STT_GNU_IFUNC { 'i' } else { ' ' },
        if debugging {
            'd'
        } else if dynamic {
            'D'
        } else {
            ' '
        },
        match ty {
            STT_FUNC => 'F',
            STT_FILE => 'f',
            STT_OBJECT | STT_COMMON => 'O',
            _ => ' ',
        },
    ]
    .iter()
    .collect()
}

/// The version tables, when BFD would look at them: a `SHT_GNU_versym` section and
/// definitions or needs (`elf_dynversym` and `elf_dynverdef`/`elf_dynverref`).
fn version_tables<'a>(elf: &libelf::ElfFile<'a>, _b: &Bfd<'a>) -> Option<SymbolVersions<'a>> {
    let shdrs = elf.section_headers().ok()?;
    let has = |t: u32, info: bool| {
        shdrs
            .iter()
            .any(|s| s.sh_type == t && (!info || s.sh_info != 0))
    };
    use libelf::consts::{SHT_GNU_VERDEF, SHT_GNU_VERNEED, SHT_GNU_VERSYM};
    if !has(SHT_GNU_VERSYM, false) || !(has(SHT_GNU_VERDEF, true) || has(SHT_GNU_VERNEED, true)) {
        return None;
    }
    SymbolVersions::parse(elf).ok()
}

/// `_bfd_elf_get_symbol_version_string` with `base_p`: the text and whether it is
/// hidden (printed in parentheses).
fn version_string<'a>(v: &SymbolVersions<'a>, versym: u16) -> Option<(&'a [u8], bool)> {
    let mut hidden = versym & 0x8000 != 0;
    let vernum = versym & 0x7fff;
    if vernum == 0 {
        return Some((b"", hidden));
    }
    if vernum == 1 && v.def(1).is_none_or(|d| d.flags == VER_FLG_BASE) {
        return Some((b"Base", hidden));
    }
    if let Some(d) = v.def(vernum) {
        return Some((v.string(d.name).unwrap_or(b"<corrupt>"), hidden));
    }
    match v.need(vernum) {
        Some(n) => {
            hidden = true;
            Some((v.string(n.name).unwrap_or(b""), hidden))
        }
        None => Some((b"<corrupt>", hidden)),
    }
}

/// objdump's demangling options: parameters, no verbose forms, the chosen style.
pub(crate) fn demangle_options(o: &crate::options::Options) -> libdemangle::Options {
    let mut opts = libdemangle::Options::default()
        .no_verbose(true)
        .recurse_limit(!o.no_recurse_limit);
    if let Some(style) = o
        .demangle_style
        .as_deref()
        .and_then(libdemangle::Style::from_name)
    {
        opts = opts.style(style);
    }
    opts
}

/// `bfd_demangle`: a leading `.` is kept aside, as is a suffix from the first `@`.
pub(crate) fn bfd_demangle(name: &str, opts: &libdemangle::Options) -> Option<String> {
    let (dot, rest) = match name.strip_prefix('.') {
        Some(r) => (".", r),
        None => ("", name),
    };
    let d = libsymtab::demangle_name(rest, opts)?;
    Some(format!("{dot}{d}"))
}

/// `bfd_is_target_special_symbol`: mapping symbols (libsymtab's list), and for RISC-V
/// also empty names and local labels (`_bfd_elf_is_local_label_name`).
fn target_special(machine: u16, name: &[u8]) -> bool {
    libsymtab::special_symbol(machine, name)
        || (machine == libelf::consts::EM_RISCV && (name.is_empty() || local_label(name)))
}

/// `_bfd_elf_is_local_label_name`: `.L…`, `..…`, `_.L_…`, and the assembler's `L<digits>`
/// labels with a `^A`/`^B` part.
fn local_label(name: &[u8]) -> bool {
    if name.starts_with(b".L") || name.starts_with(b"..") || name.starts_with(b"_.L_") {
        return true;
    }
    let Some(rest) = name.strip_prefix(b"L") else {
        return false;
    };
    if !rest.first().is_some_and(u8::is_ascii_digit) {
        return false;
    }
    let tail = rest.get(1..).unwrap_or(&[]);
    if tail.first() == Some(&1) {
        return true;
    }
    let mut marked = false;
    for &c in tail {
        if c == 1 || c == 2 {
            marked = true;
        } else if !c.is_ascii_digit() {
            return false;
        }
    }
    marked
}
