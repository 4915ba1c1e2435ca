//! `-a` (`print_arelt_descr`) and `-f` (`dump_bfd_header`).

use std::io::{self, Write};

use crate::bfd::{self, Bfd};
use crate::Object;

/// `-a`: for an archive member, `rw-r--r-- 0/0   1712 Jan  1 00:00 1970 name`; for a
/// file, its name.
pub(super) fn archive_header(obj: &Object<'_>, out: &mut dyn Write) -> io::Result<()> {
    if let Some(m) = &obj.member {
        if let (Ok(mode), Ok(uid), Ok(gid), Ok(date)) = (m.mode(), m.uid(), m.gid(), m.date()) {
            write!(
                out,
                "{} {uid}/{gid} {:6} {} ",
                mode_string(mode),
                m.data_size(),
                ctime_posix(date as i64)
            )?;
        }
    }
    writeln!(out, "{}", obj.name)
}

/// `ls -l`'s permission letters for `mode`, without the file type.
fn mode_string(mode: u32) -> String {
    let bit = |m: u32, c: char| if mode & m != 0 { c } else { '-' };
    let exec =
        |x: u32, special: u32, set: char, unset: char| match (mode & x != 0, mode & special != 0) {
            (true, true) => set,
            (false, true) => unset,
            (true, false) => 'x',
            (false, false) => '-',
        };
    [
        bit(0o400, 'r'),
        bit(0o200, 'w'),
        exec(0o100, 0o4000, 's', 'S'),
        bit(0o040, 'r'),
        bit(0o020, 'w'),
        exec(0o010, 0o2000, 's', 'S'),
        bit(0o004, 'r'),
        bit(0o002, 'w'),
        exec(0o001, 0o1000, 't', 'T'),
    ]
    .iter()
    .collect()
}

/// `ctime`'s `Mmm dd hh:mm` and year, as `print_arelt_descr` cuts it (`%.12s %.4s`), in UTC.
fn ctime_posix(t: i64) -> String {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let (y, m, d, hour, minute, _) = tools_common::time::utc_fields(t);
    let month = MONTHS.get((m - 1) as usize).copied().unwrap_or("???");
    format!("{month} {d:2} {hour:02}:{minute:02} {y}")
}

/// `-f`: `architecture: NAME, flags 0x…:`, the flag names, and the start address.
pub(super) fn file_header(obj: &Object<'_>, out: &mut dyn Write) -> io::Result<()> {
    if obj.target == "binary" {
        // BFD's binary target: no architecture until disassembly applies `-m`, and
        // 32-bit addresses.
        return writeln!(
            out,
            "architecture: UNKNOWN!, flags 0x00000000:\n\nstart address 0x00000000"
        );
    }
    let b = Bfd::new(&obj.elf);
    let core = obj.elf.header().e_type == libelf::consts::ET_CORE;
    let fl = if core { 0 } else { b.flags };
    writeln!(
        out,
        "architecture: {}, flags 0x{fl:08x}:",
        bfd::arch_name(&obj.elf)
    )?;
    let names: Vec<&str> = bfd::flags::NAMES
        .iter()
        .filter(|(f, _)| fl & f != 0)
        .map(|(_, n)| *n)
        .collect();
    write!(out, "{}", names.join(", "))?;
    writeln!(out, "\nstart address 0x{}", b.vma(obj.elf.header().e_entry))
}
