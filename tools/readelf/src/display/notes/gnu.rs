//! GNU notes (`print_gnu_note`, `print_gnu_property_note`): build ID, ABI tag, gold
//! version, hardware capabilities and program properties.

use std::io;

use libelf::names;

use super::{word, Note};
use crate::util::alt_hex;
use crate::Cx;

const GNU_PROPERTY_STACK_SIZE: u32 = 1;
const GNU_PROPERTY_NO_COPY_ON_PROTECTED: u32 = 2;
const GNU_PROPERTY_UINT32_AND_LO: u32 = 0xb000_0000;
const GNU_PROPERTY_UINT32_AND_HI: u32 = 0xb000_7fff;
const GNU_PROPERTY_UINT32_OR_LO: u32 = 0xb000_8000;
const GNU_PROPERTY_UINT32_OR_HI: u32 = 0xb000_ffff;
const GNU_PROPERTY_1_NEEDED: u32 = GNU_PROPERTY_UINT32_OR_LO;
const GNU_PROPERTY_LOPROC: u32 = 0xc000_0000;
const GNU_PROPERTY_HIPROC: u32 = 0xdfff_ffff;
const GNU_PROPERTY_LOUSER: u32 = 0xe000_0000;

/// GNU's `print_gnu_note`.
pub fn print_gnu_note(cx: &mut Cx, n: &Note) -> io::Result<bool> {
    match n.n_type {
        3 => {
            write!(cx.out, "    Build ID: ")?;
            for b in n.desc {
                write!(cx.out, "{b:02x}")?;
            }
            writeln!(cx.out)?;
        }
        1 => {
            if n.descsz < 16 {
                writeln!(cx.out, "    <corrupt GNU_ABI_TAG>")?;
                return Ok(true);
            }
            let w = |i: usize| word(cx, n.desc, i * 4, 4) as u32;
            let (os, major, minor, sub) = (w(0), w(1), w(2), w(3));
            let osname = names::gnu_abi_tag_os(os);
            writeln!(
                cx.out,
                "    OS: {osname}, ABI: {}.{}.{}",
                major as i32, minor as i32, sub as i32
            )?;
        }
        4 => {
            write!(cx.out, "    Version: ")?;
            let v = n.desc.split(|&b| b == 0).next().unwrap_or(&[]);
            cx.out.write_all(v)?;
            writeln!(cx.out)?;
        }
        2 => {
            write!(cx.out, "      Hardware Capabilities: ")?;
            if n.descsz < 8 {
                cx.diag.error(format_args!("<corrupt GNU_HWCAP>\n"));
                return Ok(false);
            }
            let num = word(cx, n.desc, 0, 4) as u32;
            let mask = word(cx, n.desc, 4, 4) as u32;
            writeln!(
                cx.out,
                "num entries: {}, enabled mask: {mask:x}",
                num as i32
            )?;
        }
        5 => print_gnu_property_note(cx, n)?,
        _ => {
            write!(cx.out, "    Description data: ")?;
            for b in n.desc {
                write!(cx.out, "{b:02x} ")?;
            }
            writeln!(cx.out)?;
        }
    }
    Ok(true)
}

/// GNU's `print_gnu_property_note`: `      Properties: ` and each property, separated by
/// `, ` with `-W` and by a newline and a tab otherwise.
fn print_gnu_property_note(cx: &mut Cx, n: &Note) -> io::Result<()> {
    let size: u64 = if cx.is32() { 4 } else { 8 };
    write!(cx.out, "      Properties: ")?;
    if n.descsz < 8 || n.descsz % size != 0 {
        writeln!(
            cx.out,
            "<corrupt GNU_PROPERTY_TYPE, size = {}>",
            alt_hex(n.descsz)
        )?;
        return Ok(());
    }
    let desc = n.desc;
    let end = desc.len();
    let mut ptr = 0usize;
    let machine = cx.hdr.e_machine;
    while ptr < end {
        if end - ptr < 8 {
            writeln!(cx.out, "<corrupt descsz: {}>", alt_hex(n.descsz))?;
            break;
        }
        let ty = word(cx, desc, ptr, 4) as u32;
        let datasz = word(cx, desc, ptr + 4, 4) as u32;
        ptr += 8;
        if datasz as usize > end - ptr {
            writeln!(
                cx.out,
                "<corrupt type ({}) datasz: {}>",
                alt_hex(u64::from(ty)),
                alt_hex(u64::from(datasz))
            )?;
            break;
        }
        let data = desc.get(ptr..ptr + datasz as usize).unwrap_or(&[]);
        let text = describe_property(cx, machine, ty, data, size);
        let text = match text {
            Some(t) => t,
            None => {
                let mut s = if ty < GNU_PROPERTY_LOPROC {
                    format!("<unknown type {} data: ", alt_hex(u64::from(ty)))
                } else if ty < GNU_PROPERTY_LOUSER {
                    format!("<processor-specific type {} data: ", alt_hex(u64::from(ty)))
                } else {
                    format!(
                        "<application-specific type {} data: ",
                        alt_hex(u64::from(ty))
                    )
                };
                for b in data {
                    s.push_str(&format!("{b:02x} "));
                }
                s.push('>');
                s
            }
        };
        write!(cx.out, "{text}")?;
        ptr += ((u64::from(datasz) + (size - 1)) & !(size - 1)) as usize;
        if ptr == end {
            break;
        }
        // GNU steps past the end when the padding runs over; the loop then stops.
        if cx.o.wide {
            write!(cx.out, ", ")?;
        } else {
            write!(cx.out, "\n\t")?;
        }
    }
    writeln!(cx.out)?;
    Ok(())
}

/// The text for one property, or `None` for GNU's generic `<… type … data: …>` dump.
fn describe_property(cx: &Cx, machine: u16, ty: u32, data: &[u8], size: u64) -> Option<String> {
    let datasz = data.len() as u32;
    let corrupt = |what: &str| format!("{what}: <corrupt length: {}> ", alt_hex(u64::from(datasz)));
    // A 4-byte property whose bits libelf names.
    let bits_property = |(what, bits): (&str, names::GnuPropertyBits)| {
        if datasz != 4 {
            return Some(corrupt(what));
        }
        Some(format!(
            "{what}: {}",
            bits.text(word(cx, data, 0, 4) as u32)
        ))
    };
    if (GNU_PROPERTY_LOPROC..=GNU_PROPERTY_HIPROC).contains(&ty) {
        return bits_property(names::gnu_property_bits(ty, machine)?);
    }
    match ty {
        GNU_PROPERTY_STACK_SIZE => {
            if u64::from(datasz) != size {
                Some(corrupt("stack size"))
            } else {
                Some(format!(
                    "stack size: {}",
                    alt_hex(word(cx, data, 0, size as usize))
                ))
            }
        }
        GNU_PROPERTY_NO_COPY_ON_PROTECTED => {
            let mut s = "no copy on protected ".to_string();
            if datasz != 0 {
                s.push_str(&format!(
                    "<corrupt length: {}> ",
                    alt_hex(u64::from(datasz))
                ));
            }
            Some(s)
        }
        _ if (GNU_PROPERTY_UINT32_AND_LO..=GNU_PROPERTY_UINT32_AND_HI).contains(&ty)
            || (GNU_PROPERTY_UINT32_OR_LO..=GNU_PROPERTY_UINT32_OR_HI).contains(&ty) =>
        {
            if ty == GNU_PROPERTY_1_NEEDED {
                if let Some(named) = names::gnu_property_bits(ty, machine) {
                    return bits_property(named);
                }
            }
            let mut s = if ty <= GNU_PROPERTY_UINT32_AND_HI {
                format!("UINT32_AND ({}): ", alt_hex(u64::from(ty)))
            } else {
                format!("UINT32_OR ({}): ", alt_hex(u64::from(ty)))
            };
            if datasz != 4 {
                s.push_str(&format!(
                    "<corrupt length: {}> ",
                    alt_hex(u64::from(datasz))
                ));
            } else {
                s.push_str(&alt_hex(word(cx, data, 0, 4)));
            }
            Some(s)
        }
        _ => None,
    }
}
