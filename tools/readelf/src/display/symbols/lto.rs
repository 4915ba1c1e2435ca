//! `--lto-syms`: GCC's LTO symbol tables (`.gnu.lto_.symtab.*`, with their
//! `.gnu.lto_.ext_symtab.*` extensions), GNU's `process_lto_symbol_tables`.

use std::io;

use libelf::read::{read_uint, SectionHeader};

use super::{put_hex_w, put_right};
use crate::util::{print_symbol, SymbolStyle};
use crate::Cx;

const PREFIX: &[u8] = b".gnu.lto_.symtab.";

/// GNU's `process_lto_symbol_tables`: every section whose name starts with
/// `.gnu.lto_.symtab.`.
pub fn process_lto_symbol_tables(cx: &mut Cx) -> io::Result<bool> {
    if !cx.o.lto_syms || cx.shdrs.is_none() {
        return Ok(true);
    }
    let mut res = true;
    let shnum = cx.hdr.e_shnum as usize;
    for i in 0..shnum {
        let Some(sh) = cx.sections().get(i).copied() else {
            break;
        };
        if cx.section_name(&sh).is_some_and(|n| n.starts_with(PREFIX)) {
            res &= display_lto_symtab(cx, &sh)?;
        }
    }
    Ok(res)
}

/// `names[v]`, or GNU's error for an unknown `what` and `<unknown: v>`.
fn lto_name(cx: &mut Cx, names: &[&str], what: &str, v: u32) -> String {
    match usize::try_from(v).ok().and_then(|i| names.get(i)) {
        Some(n) => (*n).to_string(),
        None => {
            cx.diag
                .error(format_args!("Unknown LTO symbol {what} encountered: {v}\n"));
            format!("<unknown: {v}>")
        }
    }
}

/// GNU's `get_lto_kind`.
fn kind_name(cx: &mut Cx, kind: u8) -> String {
    let names = ["DEF", "WEAKDEF", "UNDEF", "WEAKUNDEF", "COMMON"];
    lto_name(cx, &names, "definition", u32::from(kind))
}

/// GNU's `get_lto_visibility`.
fn visibility_name(cx: &mut Cx, vis: u8) -> String {
    let names = ["DEFAULT", "PROTECTED", "INTERNAL", "HIDDEN"];
    lto_name(cx, &names, "visibility", u32::from(vis))
}

/// GNU's `get_lto_sym_type`.
fn sym_type_name(cx: &mut Cx, t: u32) -> String {
    lto_name(cx, &["UNKNOWN", "FUNCTION", "VARIABLE"], "type", t)
}

/// The bytes up to the NUL (or the end) at the start of `s`.
fn c_str(s: &[u8]) -> &[u8] {
    s.split(|&b| b == 0).next().unwrap_or(s)
}

/// GNU's `display_lto_symtab`.
fn display_lto_symtab(cx: &mut Cx, sh: &SectionHeader) -> io::Result<bool> {
    let name = cx.printable_section_name(sh);
    if sh.sh_size == 0 {
        writeln!(cx.out, "\nLTO Symbol table '{name}' is empty!")?;
        return Ok(true);
    }
    if sh.sh_size > cx.file_size() {
        cx.diag.error(format_args!(
            "Section {name} has an invalid sh_size of {:#x}\n",
            sh.sh_size
        ));
        return Ok(false);
    }
    let Some(data) = cx.get_data(sh.sh_offset, sh.sh_size, 1, Some("LTO symbols")) else {
        return Ok(false);
    };

    // The extension table: one version byte, then a type and section kind per symbol.
    let mut ext: Option<(String, &[u8])> = None;
    let suffix = cx
        .section_name(sh)
        .and_then(|n| n.get(PREFIX.len()..))
        .unwrap_or(b"");
    let mut ext_name = b".gnu.lto_.ext_symtab.".to_vec();
    ext_name.extend_from_slice(suffix);
    if let Some(eh) = cx
        .find_section(&ext_name)
        .and_then(|i| cx.sections().get(i).copied())
    {
        let ename = cx.printable_section_name(&eh);
        if eh.sh_size < 3 {
            cx.diag.error(format_args!(
                "LTO Symbol extension table '{ename}' is empty!\n"
            ));
        } else if let Some(d) =
            cx.get_data(eh.sh_offset, eh.sh_size, 1, Some("LTO ext symbol data"))
        {
            if d.first() != Some(&1) {
                cx.diag.error(format_args!(
                    "Unexpected version number in symbol extension table\n"
                ));
            }
            ext = Some((ename, d.get(1..).unwrap_or(&[])));
        }
    }

    let style = SymbolStyle::of(cx.o);
    let mut buf: Vec<u8> = Vec::new();
    buf.push(b'\n');
    match &ext {
        // GNU passes printable_section_name twice to one printf: both share its static
        // buffer, which holds the symbol table's name, evaluated last.
        Some(_) if cx.o.wide => buf.extend_from_slice(
            format!("LTO Symbol table '{name}' and extension table '{name}' contain:\n").as_bytes(),
        ),
        Some((ename, _)) => buf.extend_from_slice(
            format!("LTO Symbol table '{name}'\n and extension table '{ename}' contain:\n")
                .as_bytes(),
        ),
        None => buf.extend_from_slice(format!("LTO Symbol table '{name}' contains:\n").as_bytes()),
    }
    if ext.is_some() {
        buf.extend_from_slice(
            b"  Comdat_Key       Kind  Visibility     Size      Slot      Type  Section Name\n",
        );
    } else {
        buf.extend_from_slice(b"  Comdat_Key       Kind  Visibility     Size      Slot Name\n");
    }

    let endian = cx.endian();
    let mut ext_data: Option<&[u8]> = ext.as_ref().map(|(_, d)| *d);
    let mut pos = 0usize;
    let end = data.len();
    let mut ok = true;
    while pos < end {
        let rest = data.get(pos..).unwrap_or(&[]);
        let sym_name = c_str(rest);
        pos += sym_name.len() + 1;
        if pos >= end {
            ok = false;
            break;
        }
        let comdat = c_str(data.get(pos..).unwrap_or(&[]));
        pos += comdat.len() + 1;
        if pos >= end || pos + 14 > end {
            ok = false;
            break;
        }
        let kind = data.get(pos).copied().unwrap_or(0);
        let vis = data.get(pos + 1).copied().unwrap_or(0);
        let size = read_uint(data, pos + 2, 8, endian).unwrap_or(0);
        let slot = read_uint(data, pos + 10, 4, endian).unwrap_or(0);
        pos += 14;
        let comdat: &[u8] = if comdat.is_empty() { b"-" } else { comdat };
        let kind = kind_name(cx, kind);
        let vis = visibility_name(cx, vis);
        let common = |buf: &mut Vec<u8>| {
            buf.extend_from_slice(b"  ");
            put_right(buf, comdat, 10);
            buf.push(b' ');
            put_right(buf, kind.as_bytes(), 10);
            buf.push(b' ');
            put_right(buf, vis.as_bytes(), 11);
            buf.push(b' ');
            put_hex_w(buf, size, 8);
            buf.extend_from_slice(b"  ");
            put_hex_w(buf, slot, 8);
        };
        match ext_data {
            Some(e) if e.len() >= 2 => {
                // GNU reads these through a (signed) `char *`.
                let sext = |b: Option<&u8>| b.map_or(0, |&b| b as i8 as i32 as u32);
                let (t, sec_kind) = (sext(e.first()), sext(e.get(1)));
                ext_data = e.get(2..);
                let t = sym_type_name(cx, t);
                common(&mut buf);
                buf.push(b' ');
                put_right(&mut buf, t.as_bytes(), 9);
                buf.push(b' ');
                put_hex_w(&mut buf, u64::from(sec_kind), 8);
                buf.extend_from_slice(b" _");
                print_symbol(&mut buf, 6, sym_name, style);
            }
            Some(_) => {
                cx.diag
                    .error(format_args!("Ran out of LTO symbol extension data\n"));
                ext_data = None;
            }
            None => {
                common(&mut buf);
                buf.extend_from_slice(b" _");
                print_symbol(&mut buf, 21, sym_name, style);
            }
        }
        buf.push(b'\n');
    }
    if ok && ext_data.is_some_and(|e| !e.is_empty()) {
        cx.diag.error(format_args!(
            "Data remains in the LTO symbol extension table\n"
        ));
        ok = false;
    }
    cx.out.write_all(&buf)?;
    if !ok {
        cx.diag.error(format_args!(
            "Buffer overrun encountered whilst decoding LTO symbol table\n"
        ));
    }
    Ok(ok)
}
