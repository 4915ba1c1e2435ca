//! Symbol fields as `readelf -s` prints them: type, binding, visibility and the other
//! `st_other` bits; also symbol version flags (`readelf -V`).

use std::borrow::Cow;

use super::borrowed;
use super::em::*;
use crate::consts::{ELFOSABI_FREEBSD, ELFOSABI_GNU, ELFOSABI_OPENVMS, ELFOSABI_SOLARIS};

/// `ELF_ST_TYPE(st_info)` as readelf prints it in the `Type` column, or `None` where GNU
/// formats the number (see [`symbol_type_text`]).
///
/// ```
/// use libelf::names::symbol_type;
/// assert_eq!(symbol_type(2, 62, 0), Some("FUNC"));
/// assert_eq!(symbol_type(10, 62, 3), Some("IFUNC"));
/// assert_eq!(symbol_type(10, 62, 0), None); // "<OS specific>: 10"
/// assert_eq!(symbol_type(13, 40, 0), Some("THUMB_FUNC"));
/// ```
pub fn symbol_type(st_type: u8, e_machine: u16, ei_osabi: u8) -> Option<&'static str> {
    borrowed(symbol_type_text(st_type, e_machine, ei_osabi))
}

/// Exactly what readelf prints for a symbol type (`get_symbol_type`).
///
/// Generic names (including GNU's `RELC` and `SRELC`); processor types: ARM `THUMB_FUNC`,
/// SPARC v9 `REGISTER`, PA-RISC `PARISC_MILLI`, else `<processor specific>: %d`; OS types:
/// PA-RISC `HP_OPAQUE`, `HP_STUB`, `IFUNC` for GNU and FreeBSD OS/ABI, else
/// `<OS specific>: %d`; anything else `<unknown>: %d`.
pub fn symbol_type_text(st_type: u8, e_machine: u16, ei_osabi: u8) -> Cow<'static, str> {
    let name = match st_type {
        0 => "NOTYPE",
        1 => "OBJECT",
        2 => "FUNC",
        3 => "SECTION",
        4 => "FILE",
        5 => "COMMON",
        6 => "TLS",
        8 => "RELC",
        9 => "SRELC",
        13..=15 => {
            return match (e_machine, st_type) {
                (EM_ARM, 13) => Cow::Borrowed("THUMB_FUNC"),
                (EM_SPARCV9, 13) => Cow::Borrowed("REGISTER"),
                (EM_PARISC, 13) => Cow::Borrowed("PARISC_MILLI"),
                _ => Cow::Owned(format!("<processor specific>: {st_type}")),
            }
        }
        10..=12 => {
            return match (e_machine, st_type) {
                (EM_PARISC, 11) => Cow::Borrowed("HP_OPAQUE"),
                (EM_PARISC, 12) => Cow::Borrowed("HP_STUB"),
                (_, 10) if matches!(ei_osabi, ELFOSABI_GNU | ELFOSABI_FREEBSD) => {
                    Cow::Borrowed("IFUNC")
                }
                _ => Cow::Owned(format!("<OS specific>: {st_type}")),
            }
        }
        _ => return Cow::Owned(format!("<unknown>: {st_type}")),
    };
    Cow::Borrowed(name)
}

/// `ELF_ST_BIND(st_info)` as readelf prints it in the `Bind` column, or `None` where GNU
/// formats the number (see [`symbol_bind_text`]).
///
/// ```
/// use libelf::names::symbol_bind;
/// assert_eq!(symbol_bind(1, 0), Some("GLOBAL"));
/// assert_eq!(symbol_bind(10, 3), Some("UNIQUE"));
/// assert_eq!(symbol_bind(10, 0), None); // "<OS specific>: 10"
/// ```
pub fn symbol_bind(st_bind: u8, ei_osabi: u8) -> Option<&'static str> {
    borrowed(symbol_bind_text(st_bind, ei_osabi))
}

/// Exactly what readelf prints for a symbol binding (`get_symbol_binding`): `LOCAL`,
/// `GLOBAL`, `WEAK`, `UNIQUE` (`STB_GNU_UNIQUE` with GNU OS/ABI only), else
/// `<processor specific>: %d`, `<OS specific>: %d` or `<unknown>: %d`.
pub fn symbol_bind_text(st_bind: u8, ei_osabi: u8) -> Cow<'static, str> {
    match st_bind {
        0 => Cow::Borrowed("LOCAL"),
        1 => Cow::Borrowed("GLOBAL"),
        2 => Cow::Borrowed("WEAK"),
        13..=15 => Cow::Owned(format!("<processor specific>: {st_bind}")),
        10 if ei_osabi == ELFOSABI_GNU => Cow::Borrowed("UNIQUE"),
        10..=12 => Cow::Owned(format!("<OS specific>: {st_bind}")),
        _ => Cow::Owned(format!("<unknown>: {st_bind}")),
    }
}

/// The `Vis` column of `readelf -s`.
///
/// With a Solaris OS/ABI readelf names the whole `st_other` byte: `EXPORTED`, `SINGLETON`,
/// `ELIMINATE` for 4–6, else as below. Otherwise it names `ELF_ST_VISIBILITY(st_other)`:
/// `DEFAULT`, `INTERNAL`, `HIDDEN`, `PROTECTED`, and `<unknown>` for anything else (GNU then
/// also reports `Unrecognized visibility value: %u` as an error).
///
/// Other bits of `st_other` (non-Solaris) follow in brackets; see [`symbol_other_text`].
pub fn symbol_visibility(st_other: u8, ei_osabi: u8) -> &'static str {
    let v = if ei_osabi == ELFOSABI_SOLARIS {
        match st_other {
            4 => return "EXPORTED",
            5 => return "SINGLETON",
            6 => return "ELIMINATE",
            v => v,
        }
    } else {
        st_other & 3
    };
    match v {
        0 => "DEFAULT",
        1 => "INTERNAL",
        2 => "HIDDEN",
        3 => "PROTECTED",
        _ => "<unknown>",
    }
}

/// The text readelf prints inside `[` `]` after the visibility when `st_other` has bits
/// besides the visibility (`get_symbol_other`); `other` is `st_other` with the visibility
/// bits cleared. Returns `""` for 0 (readelf prints no brackets then).
///
/// - AArch64: `VARIANT_PCS`, or `VARIANT_PCS | %x` with the remaining bits.
/// - MIPS: `OPTIONAL`, `MIPS PLT`, `MIPS PIC`, `MICROMIPS`, `MICROMIPS, MIPS PIC`, `MIPS16`.
/// - PowerPC64: `<localentry>: N`, N the local entry offset in bytes (fields 0–6 only).
/// - RISC-V: `VARIANT_CC`, then the remaining bits as `%x` (which replace the name if any).
/// - Alpha: `NOPV`, `STD GPLOAD`, else `<unknown>` (GNU also reports an error).
/// - IA-64 OpenVMS: function type (`CA`, `VEC`, `FD`, `RSV`, for `ET_EXEC`/`ET_DYN` only) and
///   linkage (`IGN`, `RSV`, `STD`, `LNK`).
/// - otherwise `<other>: %x`.
///
/// ```
/// use libelf::names::symbol_other_text;
/// assert_eq!(symbol_other_text(0x80, 183, 0, 1), "VARIANT_PCS");
/// assert_eq!(symbol_other_text(0x60, 21, 0, 1), "<localentry>: 8");
/// assert_eq!(symbol_other_text(0x80, 243, 0, 1), "VARIANT_CC");
/// assert_eq!(symbol_other_text(0x08, 8, 0, 1), "MIPS PLT");
/// assert_eq!(symbol_other_text(0x40, 62, 0, 1), "<other>: 40");
/// ```
pub fn symbol_other_text(
    other: u8,
    e_machine: u16,
    ei_osabi: u8,
    e_type: u16,
) -> Cow<'static, str> {
    if other == 0 {
        return Cow::Borrowed("");
    }
    let name: Option<Cow<'static, str>> = match e_machine {
        EM_ALPHA => Some(Cow::Borrowed(match other {
            0x80 => "NOPV",
            0x88 => "STD GPLOAD",
            _ => "<unknown>",
        })),
        EM_AARCH64 => {
            if other & 0x80 != 0 {
                let rest = other & !0x80;
                Some(if rest == 0 {
                    Cow::Borrowed("VARIANT_PCS")
                } else {
                    Cow::Owned(format!("VARIANT_PCS | {rest:x}"))
                })
            } else {
                None
            }
        }
        EM_MIPS => match other {
            0x04 => Some("OPTIONAL"),
            0x08 => Some("MIPS PLT"),
            0x20 => Some("MIPS PIC"),
            0x80 => Some("MICROMIPS"),
            0xa0 => Some("MICROMIPS, MIPS PIC"),
            0xf0 => Some("MIPS16"),
            _ => None,
        }
        .map(Cow::Borrowed),
        EM_IA_64 if ei_osabi == ELFOSABI_OPENVMS => Some(Cow::Owned(ia64_vms_other(other, e_type))),
        EM_PPC64 => {
            let field = u32::from(other >> 5);
            if other & !0xe0 == 0 && field <= 6 {
                // ppc64_decode_local_entry: 0 and 1 are themselves, else (1 << n) rounded to 4.
                let bytes = if field >= 2 {
                    ((1u32 << field) >> 2) << 2
                } else {
                    field
                };
                Some(Cow::Owned(format!("<localentry>: {bytes}")))
            } else {
                None
            }
        }
        EM_RISCV => {
            let mut s = String::new();
            let mut rest = other;
            if rest & 0x80 != 0 {
                s.push_str(" VARIANT_CC");
                rest &= !0x80;
            }
            if rest != 0 {
                s = format!(" {rest:x}");
            }
            Some(Cow::Owned(s.get(1..).unwrap_or("").to_owned()))
        }
        _ => None,
    };
    name.unwrap_or_else(|| Cow::Owned(format!("<other>: {other:x}")))
}

/// IA-64 OpenVMS `st_other`: function type (images only) and linkage, space-separated.
fn ia64_vms_other(other: u8, e_type: u16) -> String {
    let mut parts = Vec::new();
    // ET_EXEC, ET_DYN
    if e_type == 2 || e_type == 3 {
        parts.push(match (other & 0x30) >> 4 {
            0 => "CA",
            1 => "VEC",
            2 => "FD",
            _ => "RSV",
        });
    }
    parts.push(match (other & 0xc0) >> 6 {
        0 => "IGN",
        1 => "RSV",
        2 => "STD",
        _ => "LNK",
    });
    parts.join(" ")
}

/// Version definition / need flags as `readelf -V` prints them (`get_ver_flags`): `none`
/// for 0, else `BASE`, `WEAK`, `INFO` and `<unknown>` for other bits, joined by `" | "`.
///
/// ```
/// assert_eq!(libelf::names::version_flags_text(0), "none");
/// assert_eq!(libelf::names::version_flags_text(3), "BASE | WEAK");
/// ```
pub fn version_flags_text(flags: u16) -> String {
    if flags == 0 {
        return "none".to_owned();
    }
    let mut parts = Vec::new();
    for (bit, name) in [(1, "BASE"), (2, "WEAK"), (4, "INFO")] {
        if flags & bit != 0 {
            parts.push(name);
        }
    }
    if flags & !7 != 0 {
        parts.push("<unknown>");
    }
    parts.join(" | ")
}
