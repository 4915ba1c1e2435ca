//! The other owners' notes: core files (`print_core_note`), SystemTap probes
//! (`print_stapsdt_note`), NetBSD (`process_netbsd_elf_note`), OpenVMS
//! (`print_ia64_vms_note`), FDO packaging metadata, Renesas V850 notes, and the hex dump
//! GNU falls back to (`print_note_contents_hex`).

use std::io;

use libelf::consts::NT_FILE;
use libelf::read::Cursor;

use super::{word, word_padded, Note};
use crate::util::{alt_hex, vma, Vma};
use crate::Cx;

/// The NUL-terminated string at the start of `b` (all of `b` if there is no NUL).
fn cstr(b: &[u8]) -> &[u8] {
    b.split(|&c| c == 0).next().unwrap_or(b)
}

/// GNU's `print_note_contents_hex`.
pub fn print_note_contents_hex(cx: &mut Cx, n: &Note) -> io::Result<()> {
    if n.descsz != 0 {
        write!(cx.out, "   description data: ")?;
        for b in n.desc {
            write!(cx.out, "{b:02x} ")?;
        }
        if !cx.o.wide {
            writeln!(cx.out)?;
        }
    }
    if cx.o.wide {
        writeln!(cx.out)?;
    }
    Ok(())
}

/// GNU's `print_core_note`: only `NT_FILE` is decoded, and only in 32-bit files (GNU 2.40
/// prints "Cannot decode 64-bit note in 32-bit build" for 64-bit ones).
pub fn print_core_note(cx: &mut Cx, n: &Note) -> io::Result<bool> {
    if n.n_type != NT_FILE {
        if cx.o.wide {
            writeln!(cx.out)?;
        }
        return Ok(true);
    }
    if !cx.is32() {
        writeln!(cx.out, "    Cannot decode 64-bit note in 32-bit build")?;
        return Ok(true);
    }
    let addr = 4usize;
    let desc = n.desc;
    if n.descsz < 2 * addr as u64 {
        cx.diag
            .error(format_args!("    Malformed note - too short for header\n"));
        return Ok(false);
    }
    if desc.last() != Some(&0) {
        cx.diag
            .error(format_args!("    Malformed note - does not end with \\0\n"));
        return Ok(false);
    }
    let count = word(cx, desc, 0, addr);
    let page_size = word(cx, desc, addr, addr);
    let a = addr as u64;
    if count > (u64::MAX - 2 * a) / (3 * a) || n.descsz < 2 * a + count * 3 * a {
        cx.diag.error(format_args!(
            "    Malformed note - too short for supplied file count\n"
        ));
        return Ok(false);
    }
    writeln!(cx.out, "    Page size: {}", vma(page_size, Vma::Dec, true))?;
    writeln!(
        cx.out,
        "    {:>w1$}{:>w2$}{:>w2$}",
        "Start",
        "End",
        "Page Offset",
        w1 = 2 + 2 * addr,
        w2 = 4 + 2 * addr
    )?;
    let mut p = 2 * addr;
    let mut names = (2 * a + count * 3 * a) as usize;
    for _ in 0..count {
        if names >= desc.len() {
            cx.diag.error(format_args!(
                "    Malformed note - filenames end too early\n"
            ));
            return Ok(false);
        }
        // The entries fit: the descriptor was checked against the count.
        let mut entry = Cursor::at(desc, p, cx.endian());
        let [start, end, ofs] =
            [(); 3].map(|_| vma(entry.read_uint(addr).unwrap_or(0), Vma::FullHex, true));
        p += 3 * addr;
        let name = cstr(desc.get(names..).unwrap_or(&[]));
        writeln!(cx.out, "    {start}  {end}  {ofs}")?;
        write!(cx.out, "        ")?;
        cx.out.write_all(name)?;
        writeln!(cx.out)?;
        names += name.len() + 1;
    }
    Ok(true)
}

/// GNU's `print_stapsdt_note`: a probe's location, base and semaphore addresses, then its
/// provider, name and argument strings. Succeeds only when the strings end the note.
pub fn print_stapsdt_note(cx: &mut Cx, n: &Note) -> io::Result<bool> {
    let addr = if cx.is32() { 4 } else { 8 };
    let desc = n.desc;
    let too_small = |cx: &mut Cx| -> io::Result<bool> {
        writeln!(cx.out, "  <corrupt - note is too small>")?;
        cx.diag.error(format_args!(
            "corrupt stapdt note - the data size is too small\n"
        ));
        Ok(false)
    };
    if desc.len() < addr * 3 {
        return too_small(cx);
    }
    let mut probe = Cursor::new(desc, cx.endian());
    let [pc, base, sem] = [(); 3].map(|_| probe.read_uint(addr).unwrap_or(0));
    let mut p = 3 * addr;
    let mut strings: [&[u8]; 3] = [&[]; 3];
    for s in &mut strings {
        let rest = desc.get(p..).unwrap_or(&[]);
        if rest.is_empty() {
            return too_small(cx);
        }
        match rest.iter().position(|&b| b == 0) {
            Some(len) => {
                *s = rest.get(..len).unwrap_or(&[]);
                p += len + 1;
            }
            None => return too_small(cx),
        }
    }
    let [provider, probe, args] = strings;
    let is32 = cx.is32();
    write!(cx.out, "    Provider: ")?;
    cx.out.write_all(provider)?;
    write!(cx.out, "\n    Name: ")?;
    cx.out.write_all(probe)?;
    writeln!(
        cx.out,
        "\n    Location: {}, Base: {}, Semaphore: {}",
        vma(pc, Vma::FullHex, is32),
        vma(base, Vma::FullHex, is32),
        vma(sem, Vma::FullHex, is32)
    )?;
    write!(cx.out, "    Arguments: ")?;
    cx.out.write_all(args)?;
    writeln!(cx.out)?;
    Ok(p == desc.len())
}

/// GNU's `print_fdo_note`.
pub fn print_fdo_note(cx: &mut Cx, n: &Note) -> io::Result<bool> {
    if n.descsz > 0 && n.n_type == 0xcafe_1a7e {
        write!(cx.out, "    Packaging Metadata: ")?;
        // `%.*s`: up to descsz bytes, stopping at a NUL.
        cx.out.write_all(cstr(n.desc))?;
        writeln!(cx.out)?;
        return Ok(true);
    }
    Ok(false)
}

/// GNU's `process_netbsd_elf_note` (NetBSD and PaX owners): prints the whole line itself.
pub fn process_netbsd_elf_note(cx: &mut Cx, n: &Note) -> io::Result<bool> {
    let version = || word_padded(cx, n.desc_tail, 0, 4) as u32;
    match n.n_type {
        1 if n.descsz >= 1 => {
            let v = version();
            write!(cx.out, "  NetBSD\t\t0x{:08x}\tIDENT {v} (", n.descsz)?;
            if (v / 10000) % 100 != 0 {
                let patch = (v / 10000) % 100;
                writeln!(
                    cx.out,
                    "{}.{}{}{})",
                    v / 100_000_000,
                    (v / 1_000_000) % 100,
                    if patch > 26 { "Z" } else { "" },
                    char::from(b'A' + ((v / 10000) % 26) as u8)
                )?;
            } else {
                writeln!(
                    cx.out,
                    "{}.{}.{})",
                    v / 100_000_000,
                    (v / 1_000_000) % 100,
                    (v / 100) % 100
                )?;
            }
            return Ok(true);
        }
        5 => {
            write!(cx.out, "  NetBSD\t\t0x{:08x}\tMARCH <", n.descsz)?;
            cx.out.write_all(cstr(n.desc_tail))?;
            writeln!(cx.out, ">")?;
            return Ok(true);
        }
        3 if n.descsz >= 1 => {
            let v = version();
            let f = |bit: u32, s: &'static str| if v & bit != 0 { s } else { "" };
            writeln!(
                cx.out,
                "  NetBSD\t\t0x{:08x}\tPaX <{}{}{}{}{}{}>",
                n.descsz,
                f(0x01, "+mprotect"),
                f(0x02, "-mprotect"),
                f(0x04, "+guard"),
                f(0x08, "-guard"),
                f(0x10, "+ASLR"),
                f(0x20, "-ASLR")
            )?;
            return Ok(true);
        }
        _ => {}
    }
    writeln!(
        cx.out,
        "  NetBSD\t0x{:08x}\tUnknown note type: (0x{:08x})",
        n.descsz, n.n_type
    )?;
    Ok(false)
}

/// Days since 1970-01-01 to (year, month, day), proleptic Gregorian.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let y = yoe + era * 400;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (if m <= 2 { y + 1 } else { y }, m, d)
}

/// GNU's `print_vms_time`: an OpenVMS time (100 ns units since 1858-11-17) as ISO 8601.
fn vms_time(t: i64) -> String {
    const VMS_EPOCH_OFFSET: i64 = 35_067_168_000_000_000;
    const VMS_GRANULARITY_FACTOR: i64 = 10_000_000;
    if t < i64::MIN + VMS_EPOCH_OFFSET {
        return String::new();
    }
    let secs = (t - VMS_EPOCH_OFFSET) / VMS_GRANULARITY_FACTOR;
    let (days, rem) = (secs.div_euclid(86400), secs.rem_euclid(86400));
    let (y, m, d) = civil_from_days(days);
    format!(
        "{:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}",
        (y as i32) as u32,
        rem / 3600,
        (rem / 60) % 60,
        rem % 60
    )
}

/// GNU's `print_ia64_vms_note`.
pub fn print_ia64_vms_note(cx: &mut Cx, n: &Note) -> io::Result<bool> {
    let d = n.desc;
    let maxlen = n.descsz as u32;
    let fail = |cx: &mut Cx| -> io::Result<bool> {
        writeln!(cx.out, "  <corrupt - data size is too small>")?;
        cx.diag
            .error(format_args!("corrupt IA64 note: data size is too small\n"));
        Ok(false)
    };
    if maxlen < 2 || u64::from(maxlen) != n.descsz {
        return fail(cx);
    }
    // `%.*s` of the whole descriptor.
    let upto = |b: &[u8]| cstr(b).to_vec();
    let w8 = |cx: &Cx, off: usize| word(cx, d, off, 8);
    match n.n_type {
        1 => {
            if maxlen <= 36 {
                return fail(cx);
            }
            let tail = d.get(34..).unwrap_or(&[]);
            let l = cstr(tail).len();
            let fixed = |b: &[u8], at: usize| cstr(b.get(at..at + 17).unwrap_or(&[])).to_vec();
            write!(cx.out, "    Creation date  : ")?;
            cx.out.write_all(&fixed(d, 0))?;
            write!(cx.out, "\n    Last patch date: ")?;
            cx.out.write_all(&fixed(d, 17))?;
            writeln!(cx.out)?;
            if l + 34 < maxlen as usize {
                write!(cx.out, "    Module name    : ")?;
                cx.out.write_all(cstr(tail))?;
                writeln!(cx.out)?;
                if l + 35 < maxlen as usize {
                    write!(cx.out, "    Module version : ")?;
                    cx.out
                        .write_all(cstr(n.desc_tail.get(34 + l + 1..).unwrap_or(&[])))?;
                    writeln!(cx.out)?;
                } else {
                    writeln!(cx.out, "    Module version : <missing>")?;
                }
            } else {
                writeln!(cx.out, "    Module name    : <missing>")?;
                writeln!(cx.out, "    Module version : <missing>")?;
            }
        }
        2 => {
            write!(cx.out, "   Language: ")?;
            cx.out.write_all(&upto(d))?;
            writeln!(cx.out)?;
        }
        6 => {
            write!(cx.out, "   Floating Point mode: ")?;
            if maxlen < 8 {
                return fail(cx);
            }
            writeln!(cx.out, "0x{:016x}", w8(cx, 0))?;
        }
        101 | 108 => {
            let what = if n.n_type == 101 { "Link" } else { "Patch" };
            write!(cx.out, "   {what} time: ")?;
            if maxlen < 8 {
                return fail(cx);
            }
            writeln!(cx.out, "{}", vms_time(w8(cx, 0) as i64))?;
        }
        107 => {
            if maxlen < 34 {
                return fail(cx);
            }
            writeln!(
                cx.out,
                "   Major id: {},  minor id: {}",
                word(cx, d, 0, 4) as u32,
                word(cx, d, 4, 4) as u32
            )?;
            writeln!(cx.out, "   Last modified  : {}", vms_time(w8(cx, 8) as i64))?;
            writeln!(cx.out, "   Link flags  : 0x{:016x}", w8(cx, 16))?;
            writeln!(
                cx.out,
                "   Header flags: 0x{:08x}",
                word(cx, d, 24, 4) as u32
            )?;
            write!(cx.out, "   Image id    : ")?;
            cx.out.write_all(&upto(d.get(32..).unwrap_or(&[])))?;
            writeln!(cx.out)?;
        }
        102 | 106 | 103 | 104 => {
            let what = match n.n_type {
                102 => "    Image name: ",
                106 => "    Global symbol table name: ",
                103 => "    Image id: ",
                _ => "    Linker id: ",
            };
            write!(cx.out, "{what}")?;
            cx.out.write_all(&upto(d))?;
            writeln!(cx.out)?;
        }
        _ => return Ok(false),
    }
    Ok(true)
}

/// GNU's `print_v850_note`: the value line for one V850 note; false when unrecognised.
fn print_v850_note(cx: &mut Cx, n_type: u32, desc: &[u8]) -> io::Result<bool> {
    if desc.len() != 4 {
        return Ok(false);
    }
    let val = word(cx, desc, 0, 4) as u32;
    if val == 0 {
        writeln!(cx.out, "not set")?;
        return Ok(true);
    }
    let s = match (n_type, val) {
        (1, 1) => Some("4-byte"),
        (1, 2) => Some("8-byte"),
        (2, 1) => Some("4-bytes"),
        (2, 2) => Some("8-bytes"),
        (3, 1) => Some("FPU-2.0"),
        (3, 2) => Some("FPU-3.0"),
        (4..=6, 1) => Some("yes"),
        _ => None,
    };
    if let Some(s) = s {
        writeln!(cx.out, "{s}")?;
        return Ok(true);
    }
    writeln!(cx.out, "unknown value: {val:x}")?;
    Ok(false)
}

/// GNU's two warnings for a V850 note whose `what` size runs past the section.
fn corrupt_v850_note(cx: &mut Cx, what: &str, at: u64, (n_type, namesz, descsz): (u32, u64, u64)) {
    cx.diag.warn(format_args!(
        "corrupt {what} found in note at offset {}\n",
        alt_hex(at)
    ));
    cx.diag.warn(format_args!(
        " type: {}, namesize: {}, descsize: {}\n",
        alt_hex(u64::from(n_type)),
        alt_hex(namesz),
        alt_hex(descsz)
    ));
}

/// GNU's `process_v850_notes`: the notes in a Renesas `SHT_RENESAS_INFO` section.
pub fn process_v850_notes(cx: &mut Cx, offset: u64, length: u64) -> io::Result<bool> {
    if length == 0 {
        return Ok(false);
    }
    let Some(data) = cx.get_data(offset, 1, length, Some("v850 notes")) else {
        return Ok(false);
    };
    writeln!(
        cx.out,
        "\nDisplaying contents of Renesas V850 notes section at offset {} with length {}:",
        alt_hex(offset),
        alt_hex(length)
    )?;
    let end = data.len() as u64;
    let mut res = true;
    let mut ext = 0u64;
    // GNU requires a whole header and one more byte before each note.
    while ext + 12 < end {
        let at = ext as usize;
        let mut header = Cursor::at(data, at, cx.endian());
        let [mut namesz, descsz, n_type] = [(); 3].map(|_| header.read_u32().map_or(0, u64::from));
        let n_type = n_type as u32;
        let name = ext + 12;
        let mut desc = name + ((namesz + 3) & !3);
        if desc >= end {
            cx.diag.warn(format_args!(
                "Corrupt note: name size is too big: {namesz:x}\n"
            ));
            desc = name;
            namesz = 0;
        }
        let next = desc + ((descsz + 3) & !3);
        if next > end {
            corrupt_v850_note(cx, "descsz", ext, (n_type, namesz, descsz));
            break;
        }
        ext = next;
        if name + namesz > end {
            corrupt_v850_note(cx, "namesz", ext, (n_type, namesz, descsz));
            break;
        }
        match libelf::names::v850_note_type(n_type) {
            Some(t) => write!(cx.out, "  {t}: ")?,
            None => write!(cx.out, "  Unknown note type: (0x{n_type:08x}): ")?,
        }
        let d = data
            .get(desc as usize..(desc + descsz) as usize)
            .unwrap_or(&[]);
        if !print_v850_note(cx, n_type, d)? {
            res = false;
            writeln!(
                cx.out,
                "<corrupt sizes: namesz: {}, descsz: {}>",
                alt_hex(namesz),
                alt_hex(descsz)
            )?;
        }
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(-1), (1969, 12, 31));
        // 1858-11-17 00:00 is VMS time 0.
        assert_eq!(vms_time(35_067_168_000_000_000), "1970-01-01T00:00:00");
    }
}
