//! `-A`: architecture-specific information (GNU's `process_arch_specific`, with
//! `process_gnu_liblist`, which GNU runs just before it).
//!
//! Most machines keep build attributes in a section GNU's `process_attributes` walks:
//! `A`, then vendor subsections (`aeabi`, `gnu`, `riscv`, …), each holding tagged
//! sub-subsections (file, section or symbol attributes) of ULEB128 tags and values
//! (ARM IHI 0045 "Build Attributes"). The vendor's public tags are decoded per machine
//! ([`arm`], [`other`]); the `gnu` vendor's tags by the machine's GNU decoder, here.
//! MIPS adds its ABI flags, options, conflicts, liblist and GOT ([`mips`]).

pub mod arm;
pub mod mips;
pub mod other;

use std::io;

use libelf::consts::{
    EM_68K, EM_ARC, EM_ARC_COMPACT, EM_ARC_COMPACT2, EM_ARM, EM_CSKY, EM_MIPS, EM_MIPS_RS3_LE,
    EM_MSP430, EM_NDS32, EM_PPC, EM_PPC64, EM_RISCV, EM_S390, EM_SPARC, EM_SPARC32PLUS, EM_SPARCV9,
    EM_TI_C6000, SHT_GNU_ATTRIBUTES, SHT_GNU_LIBLIST,
};

use crate::Cx;

const EM_S390_OLD: u16 = 0xa390;

/// `SHT_ARM_ATTRIBUTES`, `SHT_RISCV_ATTRIBUTES`, `SHT_MSP430_ATTRIBUTES`,
/// `SHT_C6000_ATTRIBUTES`.
const SHT_PROC_ATTRIBUTES_3: u32 = 0x7000_0003;
/// `SHT_ARC_ATTRIBUTES`, `SHT_CSKY_ATTRIBUTES`.
const SHT_PROC_ATTRIBUTES_1: u32 = 0x7000_0001;

/// A vendor's public attribute decoder: reads one tag and its value at `p`, returns the
/// new position (never past `end`).
pub type PublicDisplay = fn(&mut Cx, &[u8], usize, usize) -> io::Result<usize>;
/// A machine's decoder for `gnu` vendor tags (`display_proc_gnu_attribute`): given the
/// tag already read.
pub type GnuDisplay = fn(&mut Cx, &[u8], usize, u32, usize) -> Pos;

/// What an attribute decoder returns: where the next attribute starts.
pub type Pos = io::Result<usize>;

/// GNU's `process_arch_specific`.
pub fn process_arch_specific(cx: &mut Cx) -> io::Result<bool> {
    // GNU turns -A off when the section headers could not be read.
    if !cx.o.arch || !cx.sections_ok {
        return Ok(true);
    }
    let mut res = process_gnu_liblist(cx)?;
    let r = match cx.hdr.e_machine {
        EM_ARC | EM_ARC_COMPACT | EM_ARC_COMPACT2 => process_attributes(
            cx,
            Some(b"ARC"),
            SHT_PROC_ATTRIBUTES_1,
            Some(other::display_arc_attribute),
            Some(display_generic_attribute),
        )?,
        EM_ARM => process_attributes(
            cx,
            Some(b"aeabi"),
            SHT_PROC_ATTRIBUTES_3,
            Some(arm::display_arm_attribute),
            Some(display_generic_attribute),
        )?,
        EM_MIPS | EM_MIPS_RS3_LE => mips::process_mips_specific(cx)?,
        EM_MSP430 => process_attributes(
            cx,
            Some(b"mspabi"),
            SHT_PROC_ATTRIBUTES_3,
            Some(other::display_msp430_attribute),
            Some(display_msp430_gnu_attribute),
        )?,
        EM_RISCV => process_attributes(
            cx,
            Some(b"riscv"),
            SHT_PROC_ATTRIBUTES_3,
            Some(other::display_riscv_attribute),
            Some(display_generic_attribute),
        )?,
        EM_NDS32 => process_nds32_specific(cx)?,
        EM_68K => process_attributes(
            cx,
            None,
            SHT_GNU_ATTRIBUTES,
            None,
            Some(display_m68k_gnu_attribute),
        )?,
        EM_PPC | EM_PPC64 => process_attributes(
            cx,
            None,
            SHT_GNU_ATTRIBUTES,
            None,
            Some(display_power_gnu_attribute),
        )?,
        EM_S390 | EM_S390_OLD => process_attributes(
            cx,
            None,
            SHT_GNU_ATTRIBUTES,
            None,
            Some(display_s390_gnu_attribute),
        )?,
        EM_SPARC | EM_SPARC32PLUS | EM_SPARCV9 => process_attributes(
            cx,
            None,
            SHT_GNU_ATTRIBUTES,
            None,
            Some(display_sparc_gnu_attribute),
        )?,
        EM_TI_C6000 => process_attributes(
            cx,
            Some(b"c6xabi"),
            SHT_PROC_ATTRIBUTES_3,
            Some(other::display_tic6x_attribute),
            Some(display_generic_attribute),
        )?,
        EM_CSKY => process_attributes(
            cx,
            Some(b"csky"),
            SHT_PROC_ATTRIBUTES_1,
            Some(other::display_csky_attribute),
            None,
        )?,
        _ => process_attributes(
            cx,
            Some(b"gnu"),
            SHT_GNU_ATTRIBUTES,
            Some(display_public_gnu_attributes),
            Some(display_generic_attribute),
        )?,
    };
    res &= r;
    Ok(res)
}

/// GNU's `read_leb128` (unsigned): value, bytes read and status (bit 0: ran out of data;
/// bit 1: bits lost).
pub fn read_leb128(b: &[u8], p: usize, end: usize) -> (u64, usize, u32) {
    libelf::leb128::read(b, p, end, false)
}

/// GNU's `READ_ULEB` into a variable of `bits` bits (32 or 64): reports running out of
/// data or a value too large for the variable, as GNU does.
pub fn read_uleb(cx: &mut Cx, b: &[u8], p: &mut usize, end: usize, bits: u32) -> u64 {
    let (val, len, mut status) = read_leb128(b, *p, end);
    *p += len;
    let var = if bits == 32 {
        u64::from(val as u32)
    } else {
        val
    };
    if var != val {
        status |= 2;
    }
    if status & 1 != 0 {
        cx.diag
            .error(format_args!("end of data encountered whilst reading LEB\n"));
    } else if status & 2 != 0 {
        cx.diag.error(format_args!(
            "read LEB value is too large to store in destination variable\n"
        ));
    }
    var
}

/// `strnlen (b + p, maxlen)`.
pub fn strnlen(b: &[u8], p: usize, maxlen: usize) -> usize {
    let s = b.get(p..).unwrap_or(&[]);
    let s = s.get(..maxlen.min(s.len())).unwrap_or(s);
    s.iter().position(|&c| c == 0).unwrap_or(s.len())
}

/// `print_symbol (maxlen, p)` for a string attribute, then step past it: the shared part
/// of GNU's string-valued tags (`p < end - 1` checked by the caller).
pub fn print_string_value(cx: &mut Cx, b: &[u8], p: usize, end: usize) -> io::Result<usize> {
    let maxlen = end - p - 1;
    cx.psym(maxlen as i32, b.get(p..).unwrap_or(&[]))?;
    Ok(p + strnlen(b, p, maxlen) + 1)
}

/// `flag = %d, vendor = …`: the value of `Tag_compatibility` (ARM, GNU, C6000).
pub fn display_compatibility(cx: &mut Cx, b: &[u8], mut p: usize, end: usize) -> Pos {
    let val = read_uleb(cx, b, &mut p, end, 32) as u32;
    write!(cx.out, "flag = {}, vendor = ", val as i32)?;
    vendor_line(cx, b, p, end)
}

/// The vendor string of `Tag_compatibility` (`<corrupt>` when at most its NUL is left),
/// then a newline.
fn vendor_line(cx: &mut Cx, b: &[u8], p: usize, end: usize) -> Pos {
    let p = if p + 1 < end {
        print_string_value(cx, b, p, end)?
    } else {
        write!(cx.out, "<corrupt>")?;
        end
    };
    writeln!(cx.out)?;
    Ok(p)
}

/// GNU's check of a length against the room around it: `Bad WHAT length (LEN > ROOM)`
/// and `len` cut to `room` when it is longer. Returns whether it was.
fn cut_length(cx: &mut Cx, what: &str, len: &mut u64, room: u64) -> bool {
    if *len <= room {
        return false;
    }
    cx.diag.error(format_args!(
        "Bad {what} length ({} > {})\n",
        *len as u32, room as u32
    ));
    *len = room;
    true
}

/// GNU's `display_tag_value`: `Tag_unknown_N: ` for a positive `tag`, then a string
/// (odd tags) or a number.
pub fn display_tag_value(cx: &mut Cx, b: &[u8], mut p: usize, end: usize, tag: i32) -> Pos {
    if tag > 0 {
        write!(cx.out, "  Tag_unknown_{tag}: ")?;
    }
    if p >= end {
        cx.diag.warn(format_args!("<corrupt tag>\n"));
    } else if tag & 1 != 0 {
        let maxlen = end - p - 1;
        write!(cx.out, "\"")?;
        if maxlen > 0 {
            p = print_string_value(cx, b, p, end)?;
        } else {
            write!(cx.out, "<corrupt string tag>")?;
            p = end;
        }
        writeln!(cx.out, "\"")?;
    } else {
        let val = read_uleb(cx, b, &mut p, end, 64);
        writeln!(cx.out, "{} (0x{val:x})", val as i64)?;
    }
    Ok(p.min(end))
}

/// GNU's `display_raw_attribute`: a hex and ASCII dump of `b[p..end]`.
pub fn display_raw_attribute(cx: &mut Cx, b: &[u8], p: usize, end: usize) -> io::Result<()> {
    let bytes = b.get(p..end).unwrap_or(&[]);
    for (k, line) in bytes.chunks(16).enumerate() {
        write!(cx.out, "  0x{:08x} ", k * 16)?;
        for j in 0..16 {
            match line.get(j) {
                Some(c) => write!(cx.out, "{c:02x}")?,
                None => write!(cx.out, "  ")?,
            }
            if j & 3 == 3 {
                write!(cx.out, " ")?;
            }
        }
        for &c in line {
            let ch = if (b' '..0x7f).contains(&c) { c } else { b'.' };
            cx.out.write_all(&[ch])?;
        }
        writeln!(cx.out)?;
    }
    writeln!(cx.out)?;
    Ok(())
}

/// GNU's `display_public_gnu_attributes`: the public tags of the `gnu` vendor on
/// machines without their own decoder.
fn display_public_gnu_attributes(cx: &mut Cx, b: &[u8], p: usize, end: usize) -> Pos {
    write!(cx.out, "  Unknown GNU attribute: ")?;
    let s = b.get(p..).unwrap_or(&[]);
    cx.out.write_all(s.split(|&c| c == 0).next().unwrap_or(s))?;
    writeln!(cx.out)?;
    let start = p + strnlen(b, p, end.saturating_sub(p));
    display_raw_attribute(cx, b, start, end)?;
    Ok(end)
}

/// GNU's `display_generic_attribute`.
fn display_generic_attribute(cx: &mut Cx, b: &[u8], p: usize, tag: u32, end: usize) -> Pos {
    if tag == 0 {
        return Ok(end);
    }
    display_tag_value(cx, b, p, end, tag as i32)
}

/// GNU's `display_gnu_attribute`: `Tag_compatibility`, or the machine's decoder for
/// tags with bit 1 clear, or the generic value.
fn display_gnu_attribute(
    cx: &mut Cx,
    b: &[u8],
    mut p: usize,
    proc_: Option<GnuDisplay>,
    end: usize,
) -> Pos {
    let tag = read_uleb(cx, b, &mut p, end, 32) as u32;
    if tag == 32 {
        let val = read_uleb(cx, b, &mut p, end, 32) as u32;
        write!(cx.out, "flag = {}, vendor = ", val as i32)?;
        if p == end {
            writeln!(cx.out, "<corrupt>")?;
            cx.diag.warn(format_args!("corrupt vendor attribute\n"));
        } else {
            p = vendor_line(cx, b, p, end)?;
        }
        return Ok(p);
    }
    if tag & 2 == 0 {
        if let Some(f) = proc_ {
            return f(cx, b, p, tag, end);
        }
    }
    display_tag_value(cx, b, p, end, tag as i32)
}

/// A `gnu` vendor tag decoded by name: `  NAME: ` then `<corrupt>` when no value is left.
fn gnu_tag_header(cx: &mut Cx, name: &str, p: usize, end: usize) -> io::Result<bool> {
    write!(cx.out, "  {name}: ")?;
    if p == end {
        writeln!(cx.out, "<corrupt>")?;
        return Ok(false);
    }
    Ok(true)
}

/// A `Tag_GNU_*` attribute whose value picks one of `names`: the header, the value in
/// parentheses when it is above `max`, then `names[val & (names.len() - 1)]` and a newline
/// (nothing for a `None`).
fn gnu_enum_tag(
    cx: &mut Cx,
    b: &[u8],
    p: &mut usize,
    end: usize,
    (tag, max): (&str, u32),
    names: &[Option<&str>],
) -> io::Result<()> {
    if !gnu_tag_header(cx, tag, *p, end)? {
        return Ok(());
    }
    let val = read_uleb(cx, b, p, end, 32) as u32;
    if val > max {
        write!(cx.out, "({val:#x}), ")?;
    }
    let mask = names.len().saturating_sub(1);
    if let Some(Some(name)) = names.get(val as usize & mask) {
        writeln!(cx.out, "{name}")?;
    }
    Ok(())
}

/// GNU's `display_m68k_gnu_attribute`.
fn display_m68k_gnu_attribute(cx: &mut Cx, b: &[u8], mut p: usize, tag: u32, end: usize) -> Pos {
    if tag == 4 {
        let names = [
            Some("unspecified hard/soft float"),
            Some("hard float"),
            Some("soft float"),
            None,
        ];
        gnu_enum_tag(cx, b, &mut p, end, ("Tag_GNU_M68K_ABI_FP", 3), &names)?;
        return Ok(p);
    }
    display_tag_value(cx, b, p, end, (tag & 1) as i32)
}

/// GNU's `display_power_gnu_attribute`.
fn display_power_gnu_attribute(cx: &mut Cx, b: &[u8], mut p: usize, tag: u32, end: usize) -> Pos {
    match tag {
        4 => {
            if !gnu_tag_header(cx, "Tag_GNU_Power_ABI_FP", p, end)? {
                return Ok(p);
            }
            let val = read_uleb(cx, b, &mut p, end, 32) as u32;
            if val > 15 {
                write!(cx.out, "({val:#x}), ")?;
            }
            write!(
                cx.out,
                "{}",
                match val & 3 {
                    0 => "unspecified hard/soft float, ",
                    1 => "hard float, ",
                    2 => "soft float, ",
                    _ => "single-precision hard float, ",
                }
            )?;
            writeln!(
                cx.out,
                "{}",
                match val & 0xc {
                    0 => "unspecified long double",
                    4 => "128-bit IBM long double",
                    8 => "64-bit long double",
                    _ => "128-bit IEEE long double",
                }
            )?;
            Ok(p)
        }
        8 => {
            let names = [
                Some("unspecified"),
                Some("generic"),
                Some("AltiVec"),
                Some("SPE"),
            ];
            gnu_enum_tag(cx, b, &mut p, end, ("Tag_GNU_Power_ABI_Vector", 3), &names)?;
            Ok(p)
        }
        12 => {
            let names = [
                Some("unspecified"),
                Some("r3/r4"),
                Some("memory"),
                Some("???"),
            ];
            let tag = ("Tag_GNU_Power_ABI_Struct_Return", 2);
            gnu_enum_tag(cx, b, &mut p, end, tag, &names)?;
            Ok(p)
        }
        _ => display_tag_value(cx, b, p, end, (tag & 1) as i32),
    }
}

/// GNU's `display_s390_gnu_attribute`.
fn display_s390_gnu_attribute(cx: &mut Cx, b: &[u8], mut p: usize, tag: u32, end: usize) -> Pos {
    if tag == 8 {
        write!(cx.out, "  Tag_GNU_S390_ABI_Vector: ")?;
        let val = read_uleb(cx, b, &mut p, end, 32) as u32;
        match val {
            0 => writeln!(cx.out, "any")?,
            1 => writeln!(cx.out, "software")?,
            2 => writeln!(cx.out, "hardware")?,
            _ => writeln!(cx.out, "??? ({})", val as i32)?,
        }
        return Ok(p);
    }
    display_tag_value(cx, b, p, end, (tag & 1) as i32)
}

/// `a|b|c` for the set bits of `mask` in `names` order, or `0`.
fn bar_list(mask: u32, names: &[(u32, &str)]) -> String {
    if mask == 0 {
        return "0".to_string();
    }
    names
        .iter()
        .filter(|(bit, _)| mask & bit != 0)
        .map(|(_, n)| *n)
        .collect::<Vec<_>>()
        .join("|")
}

/// GNU's `display_sparc_gnu_attribute`.
fn display_sparc_gnu_attribute(cx: &mut Cx, b: &[u8], mut p: usize, tag: u32, end: usize) -> Pos {
    const HWCAPS: [(u32, &str); 16] = [
        (0x1, "mul32"),
        (0x2, "div32"),
        (0x4, "fsmuld"),
        (0x8, "v8plus"),
        (0x10, "popc"),
        (0x20, "vis"),
        (0x40, "vis2"),
        (0x80, "ASIBlkInit"),
        (0x100, "fmaf"),
        (0x400, "vis3"),
        (0x800, "hpc"),
        (0x1000, "random"),
        (0x2000, "trans"),
        (0x4000, "fjfmau"),
        (0x8000, "ima"),
        (0x10000, "cspare"),
    ];
    const HWCAPS2: [(u32, &str); 11] = [
        (0x1, "fjathplus"),
        (0x2, "vis3b"),
        (0x4, "adp"),
        (0x8, "sparc5"),
        (0x10, "mwait"),
        (0x20, "xmpmul"),
        (0x40, "xmont2"),
        (0x80, "nsec"),
        (0x1000, "fjathhpc"),
        (0x2000, "fjdes"),
        (0x10000, "fjaes"),
    ];
    if tag == 4 || tag == 8 {
        let val = read_uleb(cx, b, &mut p, end, 32) as u32;
        let (name, table): (&str, &[(u32, &str)]) = if tag == 4 {
            ("Tag_GNU_Sparc_HWCAPS", &HWCAPS)
        } else {
            ("Tag_GNU_Sparc_HWCAPS2", &HWCAPS2)
        };
        writeln!(cx.out, "  {name}: {}", bar_list(val, table))?;
        return Ok(p);
    }
    display_tag_value(cx, b, p, end, tag as i32)
}

/// GNU's `print_mips_fp_abi_value`.
pub fn mips_fp_abi(val: u32) -> String {
    match val {
        0 => "Hard or soft float".to_string(),
        1 => "Hard float (double precision)".to_string(),
        2 => "Hard float (single precision)".to_string(),
        3 => "Soft float".to_string(),
        4 => "Hard float (MIPS32r2 64-bit FPU 12 callee-saved)".to_string(),
        5 => "Hard float (32-bit CPU, Any FPU)".to_string(),
        6 => "Hard float (32-bit CPU, 64-bit FPU)".to_string(),
        7 => "Hard float compat (32-bit CPU, 64-bit FPU)".to_string(),
        8 => "NaN 2008 compatibility".to_string(),
        _ => format!("??? ({})", val as i32),
    }
}

/// GNU's `display_mips_gnu_attribute`.
pub fn display_mips_gnu_attribute(
    cx: &mut Cx,
    b: &[u8],
    mut p: usize,
    tag: u32,
    end: usize,
) -> Pos {
    match tag {
        4 => {
            write!(cx.out, "  Tag_GNU_MIPS_ABI_FP: ")?;
            let val = read_uleb(cx, b, &mut p, end, 32) as u32;
            writeln!(cx.out, "{}", mips_fp_abi(val))?;
            Ok(p)
        }
        8 => {
            write!(cx.out, "  Tag_GNU_MIPS_ABI_MSA: ")?;
            let val = read_uleb(cx, b, &mut p, end, 32) as u32;
            match val {
                0 => writeln!(cx.out, "Any MSA or not")?,
                1 => writeln!(cx.out, "128-bit MSA")?,
                _ => writeln!(cx.out, "??? ({})", val as i32)?,
            }
            Ok(p)
        }
        _ => display_tag_value(cx, b, p, end, (tag & 1) as i32),
    }
}

/// GNU's `display_msp430_gnu_attribute`.
fn display_msp430_gnu_attribute(cx: &mut Cx, b: &[u8], mut p: usize, tag: u32, end: usize) -> Pos {
    if tag == 4 {
        write!(cx.out, "  Tag_GNU_MSP430_Data_Region: ")?;
        let val = read_uleb(cx, b, &mut p, end, 64);
        match val {
            2 => writeln!(cx.out, "Any Region")?,
            1 => writeln!(cx.out, "Lower Region Only")?,
            _ => writeln!(cx.out, "??? ({val})")?,
        }
        return Ok(p);
    }
    display_tag_value(cx, b, p, end, (tag & 1) as i32)
}

/// GNU's `process_attributes`: every section of type `proc_type` or
/// `SHT_GNU_ATTRIBUTES`.
pub fn process_attributes(
    cx: &mut Cx,
    public_name: Option<&[u8]>,
    proc_type: u32,
    display_pub: Option<PublicDisplay>,
    display_proc_gnu: Option<GnuDisplay>,
) -> io::Result<bool> {
    let mut res = true;
    let count = cx.sections().len().min(cx.hdr.e_shnum as usize);
    for i in 0..count {
        let Some(sect) = cx.sections().get(i).copied() else {
            break;
        };
        if sect.sh_type != proc_type && sect.sh_type != SHT_GNU_ATTRIBUTES {
            continue;
        }
        let Some(b) = cx.get_data(sect.sh_offset, 1, sect.sh_size, Some("attributes")) else {
            res = false;
            continue;
        };
        let size = b.len();
        let first = b.first().copied().unwrap_or(0);
        if first != b'A' {
            write!(cx.out, "Unknown attributes version '")?;
            cx.out.write_all(&[first])?;
            writeln!(cx.out, "'({first}) - expecting 'A'")?;
            res = false;
            continue;
        }
        let endian = cx.endian();
        let word = |at: usize| libelf::read::read_uint(b, at, 4, endian).unwrap_or(0);
        let mut section_len = sect.sh_size - 1;
        let mut p = 1usize;
        while section_len > 0 {
            if section_len <= 4 {
                cx.diag
                    .error(format_args!("Tag section ends prematurely\n"));
                res = false;
                break;
            }
            let mut attr_len = word(p);
            p += 4;
            if cut_length(cx, "attribute", &mut attr_len, section_len) {
                res = false;
            } else if attr_len < 5 {
                cx.diag.error(format_args!(
                    "Attribute length of {} is too small\n",
                    attr_len as u32
                ));
                res = false;
                break;
            }
            section_len -= attr_len;
            attr_len -= 4;
            let namelen =
                (strnlen(b, p, usize::try_from(attr_len).unwrap_or(usize::MAX)) + 1) as u64;
            if namelen >= attr_len {
                cx.diag
                    .error(format_args!("Corrupt attribute section name\n"));
                res = false;
                break;
            }
            write!(cx.out, "Attribute Section: ")?;
            let name = b.get(p..).unwrap_or(&[]);
            let name = name.split(|&c| c == 0).next().unwrap_or(name);
            cx.psym(i32::MAX, name)?;
            writeln!(cx.out)?;
            let mut public_section = public_name.is_some_and(|pn| pn == name);
            let gnu_section = name == b"gnu";
            p += namelen as usize;
            attr_len -= namelen;
            while attr_len > 0 && p < size {
                if attr_len < 6 {
                    cx.diag
                        .error(format_args!("Unused bytes at end of section\n"));
                    res = false;
                    section_len = 0;
                    break;
                }
                let tag = b.get(p).copied().unwrap_or(0);
                p += 1;
                let mut sz = word(p);
                if cut_length(cx, "subsection", &mut sz, attr_len) {
                    res = false;
                }
                if sz < 6 {
                    cx.diag
                        .error(format_args!("Bad subsection length ({} < 6)\n", sz as u32));
                    res = false;
                    section_len = 0;
                    break;
                }
                attr_len -= sz;
                let end = (p + sz as usize - 1).min(size);
                p += 4;
                match tag {
                    1 => writeln!(cx.out, "File Attributes")?,
                    2 | 3 => {
                        if tag == 2 {
                            write!(cx.out, "Section Attributes:")?;
                        } else {
                            write!(cx.out, "Symbol Attributes:")?;
                        }
                        loop {
                            let val = read_uleb(cx, b, &mut p, end, 32) as u32;
                            if val == 0 {
                                break;
                            }
                            write!(cx.out, " {}", val as i32)?;
                        }
                        writeln!(cx.out)?;
                    }
                    _ => {
                        writeln!(cx.out, "Unknown tag: {tag}")?;
                        public_section = false;
                    }
                }
                match (public_section, display_pub, gnu_section, display_proc_gnu) {
                    (true, Some(f), _, _) => {
                        while p < end {
                            p = f(cx, b, p, end)?;
                        }
                    }
                    (_, _, true, Some(g)) => {
                        while p < end {
                            p = display_gnu_attribute(cx, b, p, Some(g), end)?;
                        }
                    }
                    _ => {
                        if p < end {
                            writeln!(cx.out, "  Unknown attribute:")?;
                            display_raw_attribute(cx, b, p, end)?;
                            p = end;
                        } else {
                            attr_len = 0;
                        }
                    }
                }
            }
        }
    }
    Ok(res)
}

/// GNU's `process_nds32_specific`: the `.nds32_e_flags` section.
fn process_nds32_specific(cx: &mut Cx) -> io::Result<bool> {
    let Some(i) = cx.find_section(b".nds32_e_flags") else {
        return Ok(true);
    };
    let Some(sect) = cx.sections().get(i).copied() else {
        return Ok(true);
    };
    if sect.sh_size < 4 {
        return Ok(true);
    }
    writeln!(cx.out, "\nNDS32 elf flags section:")?;
    let Some(buf) = cx.get_data(sect.sh_offset, 1, 4, Some("NDS32 elf flags section")) else {
        return Ok(false);
    };
    let flag = libelf::read::read_uint(buf, 0, 4, cx.endian()).unwrap_or(0);
    let s = match flag & 3 {
        0 => "(VEC_SIZE):\tNo entry.",
        1 => "(VEC_SIZE):\t4 bytes",
        2 => "(VEC_SIZE):\t16 bytes",
        _ => "(VEC_SIZE):\treserved",
    };
    writeln!(cx.out, "{s}")?;
    Ok(true)
}

/// `%04u-%02u-%02uT%02u:%02u:%02u` of a `time_t` in UTC (GNU's liblist time stamps).
pub fn iso_time(t: i64) -> String {
    let (y, m, d, h, mi, s) = crate::display::dynamic::tags::utc_fields(t);
    format!("{y:04}-{m:02}-{d:02}T{h:02}:{mi:02}:{s:02}")
}

/// GNU's `process_gnu_liblist`: `SHT_GNU_LIBLIST` sections (prelink).
fn process_gnu_liblist(cx: &mut Cx) -> io::Result<bool> {
    let mut res = true;
    let count = cx.sections().len().min(cx.hdr.e_shnum as usize);
    for i in 0..count {
        let Some(section) = cx.sections().get(i).copied() else {
            break;
        };
        if section.sh_type != SHT_GNU_LIBLIST || section.sh_link as usize >= count {
            continue;
        }
        let Some(elib) = cx.get_data(
            section.sh_offset,
            1,
            section.sh_size,
            Some("liblist section data"),
        ) else {
            res = false;
            continue;
        };
        let string_sec = cx
            .sections()
            .get(section.sh_link as usize)
            .copied()
            .unwrap_or_default();
        let strtab = cx.get_data(
            string_sec.sh_offset,
            1,
            string_sec.sh_size,
            Some("liblist string table"),
        );
        let Some(strtab) = strtab.filter(|_| section.sh_entsize == 20) else {
            res = false;
            continue;
        };
        let num = section.sh_size / 20;
        let name = cx.printable_section_name(&section);
        writeln!(
            cx.out,
            "\nLibrary list section '{name}' contains {num} entries:"
        )?;
        writeln!(
            cx.out,
            "     Library              Time Stamp          Checksum   Version Flags"
        )?;
        let endian = cx.endian();
        let w = |at: usize| libelf::read::read_uint(elib, at, 4, endian).unwrap_or(0);
        for cnt in 0..num as usize {
            let base = cnt * 20;
            let l_name = w(base);
            let time = w(base + 4) as u32 as i32 as i64;
            let checksum = w(base + 8);
            let version = w(base + 12) as u32 as i32;
            let flags = w(base + 16) as u32 as i32;
            write!(cx.out, "{cnt:3}: ")?;
            let lib: &[u8] = if (l_name as usize) < strtab.len() {
                let s = strtab.get(l_name as usize..).unwrap_or(&[]);
                s.split(|&c| c == 0).next().unwrap_or(s)
            } else {
                b"<corrupt>"
            };
            let lib = if cx.o.wide {
                lib
            } else {
                lib.get(..20.min(lib.len())).unwrap_or(lib)
            };
            cx.out.write_all(lib)?;
            for _ in lib.len()..20 {
                write!(cx.out, " ")?;
            }
            let ck = if checksum == 0 {
                format!("{:010}", 0)
            } else {
                format!("{checksum:#010x}")
            };
            writeln!(
                cx.out,
                " {} {ck} {:<7} {:<7}",
                iso_time(time),
                version,
                flags
            )?;
        }
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn leb128() {
        assert_eq!(read_leb128(&[0x05], 0, 1), (5, 1, 0));
        assert_eq!(read_leb128(&[0xe5, 0x8e, 0x26], 0, 3), (624_485, 3, 0));
        // Ran out of data.
        assert_eq!(read_leb128(&[0x80], 0, 1).2, 1);
        assert_eq!(read_leb128(&[], 0, 0), (0, 0, 1));
        // Too many bits for 64.
        let big = [0xff; 10];
        let mut v = big.to_vec();
        v.push(0x7f);
        assert_eq!(read_leb128(&v, 0, v.len()).2 & 2, 2);
    }

    #[test]
    fn times_and_lists() {
        assert_eq!(iso_time(0), "1970-01-01T00:00:00");
        assert_eq!(iso_time(951_782_400), "2000-02-29T00:00:00");
        assert_eq!(bar_list(0, &[(1, "a")]), "0");
        assert_eq!(bar_list(5, &[(1, "a"), (2, "b"), (4, "c")]), "a|c");
        assert_eq!(strnlen(b"ab\0c", 0, 10), 2);
        assert_eq!(strnlen(b"abc", 1, 1), 1);
    }
}

#[cfg(test)]
mod whole_file_tests {
    use libelf::consts::{EM_68K, EM_ARC_COMPACT2, EM_PPC, SHT_GNU_ATTRIBUTES};

    use crate::display::notes::testelf::{build, expect_gnu, run, Sec};

    /// A build attributes section: `A`, then one vendor subsection of file attributes.
    fn attributes(vendor: &str, attrs: &[u8]) -> Vec<u8> {
        let file_len = (1 + 4 + attrs.len()) as u32;
        let sub_len = 4 + vendor.len() as u32 + 1 + file_len;
        let mut v = vec![b'A'];
        v.extend(sub_len.to_le_bytes());
        v.extend(vendor.as_bytes());
        v.push(0);
        v.push(1);
        v.extend(file_len.to_le_bytes());
        v.extend(attrs);
        v
    }

    /// GNU 2.40 on ARM attributes of known, out-of-range and unknown tags.
    #[test]
    fn arm_attributes_as_gnu_prints_them() {
        #[rustfmt::skip]
        let attrs = [
            &[5u8][..], b"7-A\0",   // Tag_CPU_name
            &[6, 10],               // Tag_CPU_arch: v7
            &[7, b'A'],             // Tag_CPU_arch_profile
            &[10, 3],               // Tag_FP_arch: VFPv3
            &[24, 1],               // Tag_ABI_align_needed
            &[25, 1],               // Tag_ABI_align_preserved
            &[34, 1],               // Tag_CPU_unaligned_access
            &[44, 9],               // Tag_DIV_use: out of range
            &[98, 0x85, 0x01],      // an unknown even tag, ULEB 133
            &[99], b"odd\0",        // an unknown odd tag
        ]
        .concat();
        let secs = [Sec::new(
            ".ARM.attributes",
            0x7000_0003,
            attributes("aeabi", &attrs),
            1,
        )];
        expect_gnu(
            "attrs",
            &build(false, 1, 40, &secs),
            |o| o.arch = true,
            true,
        );
    }

    /// `tag value` pairs (all below 128) as one attribute section of `vendor`.
    fn tagged(machine: u16, name: &'static str, sh_type: u32, vendor: &str, tags: &[u8]) -> String {
        let mut attrs = Vec::new();
        for &t in tags {
            for v in match (machine, t) {
                (EM_68K, _) => &[0u8, 1, 2, 3, 4][..],
                (EM_PPC, _) => &[0, 3, 5][..],
                _ => &[0, 1][..],
            } {
                attrs.extend([t, *v]);
            }
        }
        let secs = [Sec::new(name, sh_type, attributes(vendor, &attrs), 1)];
        let (out, err, ok) = run(&build(false, 1, machine, &secs), |o| o.arch = true);
        assert_eq!(err, "");
        assert!(ok);
        out
    }

    /// GNU 2.40's output for attributes whose value picks a name or prints as a number
    /// (values past the names, and m68k's value 3 that GNU prints nothing for).
    #[test]
    fn value_tags_as_gnu_prints_them() {
        let gnu = |m, tags: &[u8]| tagged(m, ".gnu.attributes", SHT_GNU_ATTRIBUTES, "gnu", tags);
        assert_eq!(
            gnu(EM_68K, &[4]),
            concat!(
                "Attribute Section: gnu\n",
                "File Attributes\n",
                "  Tag_GNU_M68K_ABI_FP: unspecified hard/soft float\n",
                "  Tag_GNU_M68K_ABI_FP: hard float\n",
                "  Tag_GNU_M68K_ABI_FP: soft float\n",
                "  Tag_GNU_M68K_ABI_FP:   Tag_GNU_M68K_ABI_FP: (0x4), unspecified hard/soft float\n",
            )
        );
        assert_eq!(
            gnu(EM_PPC, &[8, 12]),
            concat!(
                "Attribute Section: gnu\n",
                "File Attributes\n",
                "  Tag_GNU_Power_ABI_Vector: unspecified\n",
                "  Tag_GNU_Power_ABI_Vector: SPE\n",
                "  Tag_GNU_Power_ABI_Vector: (0x5), generic\n",
                "  Tag_GNU_Power_ABI_Struct_Return: unspecified\n",
                "  Tag_GNU_Power_ABI_Struct_Return: (0x3), ???\n",
                "  Tag_GNU_Power_ABI_Struct_Return: (0x5), r3/r4\n",
            )
        );
        let arc = tagged(
            EM_ARC_COMPACT2,
            ".ARC.attributes",
            0x7000_0001,
            "ARC",
            &[8, 12, 13, 14, 15, 18, 20],
        );
        assert_eq!(
            arc,
            concat!(
                "Attribute Section: ARC\n",
                "File Attributes\n",
                "  Tag_ARC_ABI_rf16: no\n",
                "  Tag_ARC_ABI_rf16: yes\n",
                "  Tag_ARC_ABI_tls: none\n",
                "  Tag_ARC_ABI_tls: r25\n",
                "  Tag_ARC_ABI_enumsize: smallest\n",
                "  Tag_ARC_ABI_enumsize: default\n",
                "  Tag_ARC_ABI_exceptions: default\n",
                "  Tag_ARC_ABI_exceptions: OPTFP\n",
                "  Tag_ARC_ABI_double_size: 0\n",
                "  Tag_ARC_ABI_double_size: 1\n",
                "  Tag_ARC_ISA_mpy_option: 0\n",
                "  Tag_ARC_ISA_mpy_option: 1\n",
                "  Tag_ARC_ATR_version: 0\n",
                "  Tag_ARC_ATR_version: 1\n",
            )
        );
    }

    #[test]
    fn corrupt_attributes() {
        // A subsection claiming more bytes than the section has, on RISC-V.
        let mut data = attributes("riscv", &[4, 16, 5, b'r', b'v', 0]);
        if let Some(b) = data.get_mut(1) {
            *b = 0x40;
        }
        let secs = [Sec::new(".riscv.attributes", 0x7000_0003, data, 1)];
        expect_gnu(
            "riscv-attrs",
            &build(true, 1, 243, &secs),
            |o| o.arch = true,
            false,
        );
    }
}
