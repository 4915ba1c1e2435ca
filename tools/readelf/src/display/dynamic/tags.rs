//! Dynamic tag numbers as binutils 2.40 defines them (`include/elf/common.h` and the
//! machine headers), and glibc's `gmtime` for the time-stamp tags. The names are in
//! [`libelf::names`].

// Tags (binutils include/elf/common.h).
pub(crate) const DT_NULL: u64 = 0;
pub(crate) const DT_NEEDED: u64 = 1;
pub(crate) const DT_PLTRELSZ: u64 = 2;
pub(crate) const DT_PLTGOT: u64 = 3;
pub(crate) const DT_HASH: u64 = 4;
pub(crate) const DT_STRTAB: u64 = 5;
pub(crate) const DT_SYMTAB: u64 = 6;
pub(crate) const DT_RELA: u64 = 7;
pub(crate) const DT_RELASZ: u64 = 8;
pub(crate) const DT_RELAENT: u64 = 9;
pub(crate) const DT_STRSZ: u64 = 10;
pub(crate) const DT_SYMENT: u64 = 11;
pub(crate) const DT_INIT: u64 = 12;
pub(crate) const DT_FINI: u64 = 13;
pub(crate) const DT_SONAME: u64 = 14;
pub(crate) const DT_RPATH: u64 = 15;
pub(crate) const DT_SYMBOLIC: u64 = 16;
pub(crate) const DT_REL: u64 = 17;
pub(crate) const DT_RELSZ: u64 = 18;
pub(crate) const DT_RELENT: u64 = 19;
pub(crate) const DT_PLTREL: u64 = 20;
pub(crate) const DT_DEBUG: u64 = 21;
pub(crate) const DT_TEXTREL: u64 = 22;
pub(crate) const DT_JMPREL: u64 = 23;
pub(crate) const DT_BIND_NOW: u64 = 24;
pub(crate) const DT_INIT_ARRAY: u64 = 25;
pub(crate) const DT_FINI_ARRAY: u64 = 26;
pub(crate) const DT_INIT_ARRAYSZ: u64 = 27;
pub(crate) const DT_FINI_ARRAYSZ: u64 = 28;
pub(crate) const DT_RUNPATH: u64 = 29;
pub(crate) const DT_FLAGS: u64 = 30;
pub(crate) const DT_PREINIT_ARRAYSZ: u64 = 33;
pub(crate) const DT_RELRSZ: u64 = 35;
pub(crate) const DT_RELR: u64 = 36;
pub(crate) const DT_RELRENT: u64 = 37;
pub(crate) const OLD_DT_LOOS: u64 = 0x6000_0000;
pub(crate) const DT_LOOS: u64 = 0x6000_000d;
pub(crate) const DT_LOPROC: u64 = 0x7000_0000;
pub(crate) const DT_GNU_FLAGS_1: u64 = 0x6fff_fdf4;
pub(crate) const DT_GNU_PRELINKED: u64 = 0x6fff_fdf5;
pub(crate) const DT_GNU_CONFLICTSZ: u64 = 0x6fff_fdf6;
pub(crate) const DT_GNU_LIBLISTSZ: u64 = 0x6fff_fdf7;
pub(crate) const DT_PLTPADSZ: u64 = 0x6fff_fdf9;
pub(crate) const DT_MOVEENT: u64 = 0x6fff_fdfa;
pub(crate) const DT_MOVESZ: u64 = 0x6fff_fdfb;
pub(crate) const DT_FEATURE: u64 = 0x6fff_fdfc;
pub(crate) const DT_POSFLAG_1: u64 = 0x6fff_fdfd;
pub(crate) const DT_SYMINSZ: u64 = 0x6fff_fdfe;
pub(crate) const DT_SYMINENT: u64 = 0x6fff_fdff;
pub(crate) const DT_GNU_HASH: u64 = 0x6fff_fef5;
pub(crate) const DT_CONFIG: u64 = 0x6fff_fefa;
pub(crate) const DT_DEPAUDIT: u64 = 0x6fff_fefb;
pub(crate) const DT_AUDIT: u64 = 0x6fff_fefc;
pub(crate) const DT_SYMINFO: u64 = 0x6fff_feff;
pub(crate) const DT_VERSYM: u64 = 0x6fff_fff0;
pub(crate) const DT_RELACOUNT: u64 = 0x6fff_fff9;
pub(crate) const DT_RELCOUNT: u64 = 0x6fff_fffa;
pub(crate) const DT_FLAGS_1: u64 = 0x6fff_fffb;
pub(crate) const DT_VERDEFNUM: u64 = 0x6fff_fffd;
pub(crate) const DT_VERNEEDNUM: u64 = 0x6fff_ffff;
pub(crate) const DT_AUXILIARY: u64 = 0x7fff_fffd;
pub(crate) const DT_USED: u64 = 0x7fff_fffe;
pub(crate) const DT_FILTER: u64 = 0x7fff_ffff;

pub(crate) const DT_MIPS_XHASH: u64 = 0x7000_0036;
pub(crate) const DT_MIPS_FLAGS: u64 = 0x7000_0005;
pub(crate) const DT_MIPS_IVERSION: u64 = 0x7000_0004;
pub(crate) const DT_MIPS_TIME_STAMP: u64 = 0x7000_0002;
pub(crate) const DT_AARCH64_BTI_PLT: u64 = DT_LOPROC + 1;
pub(crate) const DT_AARCH64_PAC_PLT: u64 = DT_LOPROC + 3;
pub(crate) const DT_HP_DLD_FLAGS: u64 = OLD_DT_LOOS + 1;
pub(crate) const DT_IA_64_PLT_RESERVE: u64 = DT_LOPROC;
pub(crate) const DT_IA_64_VMS_LINKTIME: u64 = DT_LOOS + 40;
pub(crate) const DT_IA_64_VMS_LNKFLAGS: u64 = DT_LOOS + 8;

// Machines (binutils include/elf/common.h).
pub(crate) const EM_MIPS: u16 = 8;
pub(crate) const EM_MIPS_RS3_LE: u16 = 10;
pub(crate) const EM_PARISC: u16 = 15;
pub(crate) const EM_IA_64: u16 = 50;
pub(crate) const EM_AARCH64: u16 = 183;

/// glibc's `gmtime` for `t`: `(tm_year + 1900, month 1-12, day, hour, minute, second)`, or
/// `None` where glibc fails (the year does not fit an `int`).
pub fn gmtime(t: i64) -> Option<(i64, u32, u32, u32, u32, u32)> {
    let days = t.div_euclid(86_400);
    let secs = t.rem_euclid(86_400);
    // Howard Hinnant's civil_from_days.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    i32::try_from(y - 1900).ok()?;
    Some((
        y,
        m as u32,
        d as u32,
        (secs / 3600) as u32,
        (secs % 3600 / 60) as u32,
        (secs % 60) as u32,
    ))
}

/// `%04u-%02u-%02uT%02u:%02u:%02u` of [`gmtime`], as GNU prints it (the year as C's
/// `unsigned int`).
pub fn iso_time(t: i64) -> Option<String> {
    let (y, mo, d, h, mi, s) = gmtime(t)?;
    let year = ((y - 1900) as i32).wrapping_add(1900) as u32;
    Some(format!("{year:04}-{mo:02}-{d:02}T{h:02}:{mi:02}:{s:02}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times() {
        assert_eq!(iso_time(0).unwrap(), "1970-01-01T00:00:00");
        assert_eq!(iso_time(951_782_400).unwrap(), "2000-02-29T00:00:00");
        assert_eq!(iso_time(-1).unwrap(), "1969-12-31T23:59:59");
        assert!(gmtime(i64::MAX).is_none());
    }
}
