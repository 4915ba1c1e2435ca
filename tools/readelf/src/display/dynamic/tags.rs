//! Dynamic tag numbers as binutils 2.40 defines them (`include/elf/common.h` and the
//! machine headers), and glibc's `gmtime` for the time-stamp tags. The names are in
//! [`libelf::names`].

pub(crate) use libelf::consts::{
    DT_AARCH64_BTI_PLT, DT_AARCH64_PAC_PLT, DT_AUDIT, DT_AUXILIARY, DT_BIND_NOW, DT_CONFIG,
    DT_DEBUG, DT_DEPAUDIT, DT_FEATURE, DT_FILTER, DT_FINI, DT_FINI_ARRAY, DT_FINI_ARRAYSZ,
    DT_FLAGS, DT_FLAGS_1, DT_GNU_CONFLICTSZ, DT_GNU_FLAGS_1, DT_GNU_HASH, DT_GNU_LIBLISTSZ,
    DT_GNU_PRELINKED, DT_HASH, DT_HP_DLD_FLAGS, DT_IA_64_PLT_RESERVE, DT_IA_64_VMS_LINKTIME,
    DT_IA_64_VMS_LNKFLAGS, DT_INIT, DT_INIT_ARRAY, DT_INIT_ARRAYSZ, DT_JMPREL, DT_MIPS_FLAGS,
    DT_MIPS_IVERSION, DT_MIPS_TIME_STAMP, DT_MIPS_XHASH, DT_MOVEENT, DT_MOVESZ, DT_NEEDED, DT_NULL,
    DT_PLTGOT, DT_PLTPADSZ, DT_PLTREL, DT_PLTRELSZ, DT_POSFLAG_1, DT_PREINIT_ARRAYSZ, DT_REL,
    DT_RELA, DT_RELACOUNT, DT_RELAENT, DT_RELASZ, DT_RELCOUNT, DT_RELENT, DT_RELR, DT_RELRENT,
    DT_RELRSZ, DT_RELSZ, DT_RPATH, DT_RUNPATH, DT_SONAME, DT_STRSZ, DT_STRTAB, DT_SYMBOLIC,
    DT_SYMENT, DT_SYMINENT, DT_SYMINFO, DT_SYMINSZ, DT_SYMTAB, DT_TEXTREL, DT_USED, DT_VERDEFNUM,
    DT_VERNEEDNUM, DT_VERSYM, EM_AARCH64, EM_IA_64, EM_MIPS, EM_MIPS_RS3_LE, EM_PARISC,
};

/// glibc's `gmtime` for `t`: `(tm_year + 1900, month 1-12, day, hour, minute, second)`, or
/// `None` where glibc fails (the year does not fit an `int`).
pub fn gmtime(t: i64) -> Option<(i64, u32, u32, u32, u32, u32)> {
    let tm = utc_fields(t);
    i32::try_from(tm.0 - 1900).ok()?;
    Some(tm)
}

/// The UTC `(year, month 1-12, day, hour, minute, second)` of `t`, for any year.
pub fn utc_fields(t: i64) -> (i64, u32, u32, u32, u32, u32) {
    tools_common::time::utc_fields(t)
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
