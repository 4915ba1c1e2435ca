//! GNU build attribute notes (annobin's `NT_GNU_BUILD_ATTRIBUTE_OPEN` and `_FUNC`):
//! GNU's `print_gnu_build_attribute_name` and `print_gnu_build_attribute_description`.
//!
//! The name field encodes the attribute (`GA`, a type character, an attribute byte or
//! name, then its value); the descriptor gives the address range it applies to. GNU keeps
//! the last ranges and its symbol table cache in statics that outlive one file; they live
//! in the run's state here ([`crate::cx::BuildAttrState`]).

use std::io;

use libelf::consts::{SHT_SYMTAB, STB_GLOBAL, STB_LOCAL, STT_FILE, STT_FUNC, STT_OBJECT};
use libelf::read::Sym;

use super::{word, Note, NT_GNU_BUILD_ATTRIBUTE_OPEN};
use crate::cx::BuildAttrCache;
use crate::display::symtab_load::get_symtab;
use crate::util::alt_hex;
use crate::Cx;

/// What GNU's cache is keyed on, its `Filedata`: one per file named on the command line,
/// but shared by all the members of an archive (so members see the first member's
/// symbols, as in GNU).
fn cache_key(cx: &Cx) -> (String, usize) {
    match cx.name.strip_suffix(')').and_then(|n| n.split_once('(')) {
        Some((archive, _)) => (archive.to_string(), 0),
        None => (cx.name.to_string(), cx.data.as_ptr() as usize),
    }
}

/// GNU's `get_symbol_for_build_attribute`: the symbol at `offset` that names a range,
/// with its name.
fn symbol_for(cx: &mut Cx, offset: u64, is_open: bool) -> Option<(Sym, Vec<u8>)> {
    let key = cache_key(cx);
    let cached = cx.run.build_attr.cache.as_ref().map(|c| &c.key);
    if cx.shdrs.is_some() && cached != Some(&key) {
        let mut loaded = BuildAttrCache {
            key,
            ..BuildAttrCache::default()
        };
        let count = cx.sections().len().min(cx.hdr.e_shnum as usize);
        for i in 0..count {
            let is_symtab = cx.sections().get(i).map(|s| s.sh_type) == Some(SHT_SYMTAB);
            if is_symtab {
                if let Some((syms, strtab)) = get_symtab(cx, i) {
                    loaded.symbols = syms
                        .iter()
                        .map(|s| Sym {
                            st_name: s.st_name,
                            st_info: s.st_info,
                            st_other: s.st_other,
                            // Not looked at: only values, sizes, types and names are.
                            st_shndx: 0,
                            st_value: s.st_value,
                            st_size: s.st_size,
                        })
                        .collect();
                    loaded.strings = strtab.unwrap_or(&[]).to_vec();
                    break;
                }
            }
        }
        cx.run.build_attr.cache = Some(loaded);
    }
    {
        let c = cx.run.build_attr.cache.as_ref()?;
        let (syms, strtab) = (&c.symbols, &c.strings);
        let mut saved: Option<&Sym> = None;
        let mut k = 0usize;
        while k < syms.len() {
            let Some(sym) = syms.get(k) else { break };
            k += 1;
            if sym.st_value != offset {
                continue;
            }
            let Some(name) = strtab.get(sym.st_name as usize..) else {
                continue;
            };
            let at = |i: usize| name.get(i).copied().unwrap_or(0);
            if at(0) == 0 {
                continue;
            }
            // Mapping symbols ($a, $d, $x, …).
            if at(0) == b'$' && at(1) != 0 && at(2) == 0 {
                continue;
            }
            if is_open {
                match sym.st_type() {
                    STT_OBJECT | STT_FILE => {
                        saved = Some(sym);
                        if sym.st_size != 0 {
                            break;
                        }
                        continue;
                    }
                    STT_FUNC => continue,
                    _ => {}
                }
                match sym.st_bind() {
                    STB_GLOBAL if saved.is_none_or(|s| s.st_type() != STT_OBJECT) => {
                        saved = Some(sym);
                    }
                    STB_LOCAL if saved.is_none() => saved = Some(sym),
                    _ => {}
                }
            } else {
                if sym.st_type() != STT_FUNC {
                    continue;
                }
                saved = Some(sym);
                break;
            }
        }
        let s = saved?;
        let name = strtab.get(s.st_name as usize..).unwrap_or(&[]);
        let name = name.split(|&b| b == 0).next().unwrap_or(name).to_vec();
        Some((*s, name))
    }
}

/// GNU's `print_gnu_build_attribute_description`: the range an attribute applies to.
pub fn print_description(cx: &mut Cx, n: &Note) -> io::Result<bool> {
    let is_open = n.n_type == NT_GNU_BUILD_ATTRIBUTE_OPEN;
    let [mut g_off, mut g_end, mut f_off, mut f_end] = cx.run.build_attr.ranges;
    let (start, mut end) = match n.descsz {
        0 => {
            let (off, e) = if is_open {
                (g_off, g_end)
            } else {
                (f_off, f_end)
            };
            if e > off {
                writeln!(
                    cx.out,
                    "    Applies to region from {} to {}",
                    alt_hex(off),
                    alt_hex(e)
                )?;
            } else {
                writeln!(cx.out, "    Applies to region from {}", alt_hex(off))?;
            }
            return Ok(true);
        }
        4 => (word(cx, n.desc, 0, 4), 0),
        8 => (word(cx, n.desc, 0, 4), word(cx, n.desc, 4, 4)),
        16 => (word(cx, n.desc, 0, 8), word(cx, n.desc, 8, 8)),
        _ => {
            cx.diag.error(format_args!(
                "    <invalid description size: {:x}>\n",
                n.descsz
            ));
            write!(cx.out, "    <invalid descsz>")?;
            return Ok(false);
        }
    };
    let mut sym = symbol_for(cx, start, is_open);
    if sym.is_none() && is_open {
        sym = symbol_for(cx, start.wrapping_add(2), is_open);
    }
    if let Some((s, _)) = &sym {
        if end == 0 && s.st_size > 0 {
            end = start.wrapping_add(s.st_size);
        }
    }
    write!(cx.out, "    Applies to region from {}", alt_hex(start))?;
    if is_open {
        let aligned = g_end.wrapping_add(15) & !15;
        if g_end > 0 && start > aligned {
            let a = cx.section_by_address(start);
            if a.is_some() && a == cx.section_by_address(g_end) {
                cx.diag.warn(format_args!(
                    "Gap in build notes detected from {} to {}\n",
                    alt_hex(g_end.wrapping_add(1)),
                    alt_hex(start.wrapping_sub(1))
                ));
            }
        }
        g_off = start;
        if end != 0 {
            write!(cx.out, " to {}", alt_hex(end))?;
            g_end = end;
        }
    } else {
        f_off = start;
        if end != 0 {
            write!(cx.out, " to {}", alt_hex(end))?;
            f_end = end;
        }
    }
    cx.run.build_attr.ranges = [g_off, g_end, f_off, f_end];
    if let Some((_, name)) = &sym {
        write!(cx.out, " (")?;
        cx.out.write_all(name)?;
        write!(cx.out, ")")?;
    }
    writeln!(cx.out)?;
    Ok(true)
}

/// GNU's `print_gnu_build_attribute_name`: the attribute in place of the owner name,
/// padded to the owner column.
pub fn print_name(cx: &mut Cx, n: &Note) -> io::Result<bool> {
    let wide = cx.o.wide;
    // The name as GNU sees it: `namesz` bytes, with a NUL written after them when the
    // last one is not NUL, then whatever follows in the notes.
    let raw = n.name_raw;
    let namesz = raw.len();
    let terminated = raw.last() == Some(&0);
    let byte = |i: usize| -> u8 {
        if i < namesz {
            raw.get(i).copied().unwrap_or(0)
        } else if i == namesz && !terminated {
            0
        } else {
            n.name_tail.get(i).copied().unwrap_or(0)
        }
    };
    // The C string at `i`.
    let cstr_at = |i: usize| -> Vec<u8> {
        let mut v = Vec::new();
        let mut k = i;
        while k < n.name_tail.len().max(namesz + 1) {
            let c = byte(k);
            if c == 0 {
                break;
            }
            v.push(c);
            k += 1;
        }
        v
    };
    let corrupt_size = |cx: &mut Cx| -> io::Result<bool> {
        cx.diag.error(format_args!(
            "corrupt name field in GNU build attribute note: size = {}\n",
            n.namesz as i64
        ));
        cx.psym(-20, b"  <corrupt name>")?;
        Ok(false)
    };
    if n.namesz < 2 {
        return corrupt_size(cx);
    }
    let mut left: i64 = if wide { 28 } else { 20 };
    let mut pos = 0usize;
    if byte(0) == b'G' && byte(1) == b'A' {
        if n.namesz < 4 {
            return corrupt_size(cx);
        }
        write!(cx.out, "GA")?;
        pos += 2;
        left -= 2;
    }
    let name_type = byte(pos);
    if !matches!(name_type, b'*' | b'$' | b'+' | b'!') {
        cx.diag.error(format_args!(
            "unrecognised attribute type in name field: {}\n",
            name_type as i8
        ));
        cx.psym(-20, b"<unknown name type>")?;
        return Ok(false);
    }
    cx.out.write_all(&[name_type])?;
    left -= 1;
    pos += 1;
    let attr = byte(pos);
    let known = match attr {
        1 => Some(("<version>", &b"$"[..])),
        2 => Some(("<stack prot>", &b"!+*"[..])),
        3 => Some(("<relro>", &b"+!"[..])),
        4 => Some(("<stack size>", &b"*"[..])),
        5 => Some(("<tool>", &b"$"[..])),
        6 => Some(("<ABI>", &b"$*"[..])),
        7 => Some(("<PIC>", &b"*"[..])),
        8 => Some(("<short enum>", &b"+!"[..])),
        _ => None,
    };
    let mut text: Option<String> = None;
    let expected: &[u8] = match known {
        Some((t, e)) => {
            text = Some(t.to_string());
            pos += 1;
            e
        }
        None => {
            if (0x20..0x7f).contains(&attr) {
                // `strnlen (name, namesz - offset) + 1`, capped to the space left.
                // strnlen is bounded by the name field.
                let s = cstr_at(pos);
                let mut len = s.len().min(namesz.saturating_sub(pos)) as i64 + 1;
                if len > left && !wide {
                    len = left;
                }
                let shown = s.get(..(len.max(0) as usize).min(s.len())).unwrap_or(&s);
                cx.out.write_all(shown)?;
                write!(cx.out, ":")?;
                left -= len;
                pos = (pos as i64 + len).max(0) as usize;
            } else {
                cx.diag.error(format_args!(
                    "unrecognised byte in name field: {}\n",
                    attr as i8
                ));
                text = Some(format!("<unknown:_{}>", attr as i8));
                pos += 1;
            }
            b"*$!+"
        }
    };
    if let Some(t) = &text {
        write!(cx.out, "{t}")?;
        left -= t.len() as i64;
    }
    if !expected.contains(&name_type) {
        cx.diag.warn(format_args!(
            "attribute does not have an expected type ({})\n",
            char::from(name_type)
        ));
    }
    if pos > namesz {
        cx.diag.error(format_args!(
            "corrupt name field: namesz: {} but parsing gets to {}\n",
            n.namesz, pos
        ));
        return Ok(false);
    }
    if left < 1 && !wide {
        return Ok(true);
    }
    match name_type {
        b'*' => {
            let mut bytes = namesz - pos;
            // The name always ends with a NUL; it is not part of the value.
            bytes = bytes.saturating_sub(1);
            if bytes > 8 {
                cx.diag.error(format_args!(
                    "corrupt numeric name field: too many bytes in the value: {bytes:x}\n"
                ));
                bytes = 8;
            }
            let mut val = 0u64;
            for k in 0..bytes {
                val |= u64::from(byte(pos + k)) << (8 * k);
            }
            // GNU_BUILD_ATTRIBUTE_PIC (7) and _STACK_PROT (2) name their values 0-4.
            let names: &[&str] = match attr {
                7 => &["static", "pic", "PIC", "pie", "PIE"],
                2 => &["off", "on", "all", "strong", "explicit"],
                _ => &[],
            };
            let decoded = usize::try_from(val).ok().and_then(|v| names.get(v));
            if let Some(d) = decoded {
                cx.psym(-(left as i32), d.as_bytes())?;
                left = 0;
            } else if val == 0 {
                write!(cx.out, "0x0")?;
                left -= 3;
            } else {
                let s = if wide {
                    format!("0x{val:x}")
                } else {
                    format!("0x{val:0w$x}", w = left.max(0) as usize)
                };
                write!(cx.out, "{s}")?;
                left -= s.len() as i64;
            }
        }
        b'$' => left -= cx.psym(-(left as i32), &cstr_at(pos))? as i64,
        b'+' => left -= cx.psym(-(left as i32), b"true")? as i64,
        _ => left -= cx.psym(-(left as i32), b"false")? as i64,
    }
    if wide && left > 0 {
        write!(cx.out, "{:<w$}", " ", w = left as usize)?;
    }
    Ok(true)
}
