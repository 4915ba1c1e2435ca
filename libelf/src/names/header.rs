//! The file header fields `readelf -h` spells out: class, data, version, OS/ABI, type.

use std::borrow::Cow;

use super::em::*;

/// `e_ident[EI_CLASS]` as readelf prints it after `Class:` (`get_elf_class`):
/// `"none"`, `"ELF32"`, `"ELF64"`, or `None` for other values.
pub fn class(ei_class: u8) -> Option<&'static str> {
    match ei_class {
        0 => Some("none"),
        1 => Some("ELF32"),
        2 => Some("ELF64"),
        _ => None,
    }
}

/// [`class`], or GNU's fallback `<unknown: %x>`.
pub fn class_text(ei_class: u8) -> Cow<'static, str> {
    or_fallback(class(ei_class), || format!("<unknown: {ei_class:x}>"))
}

/// `e_ident[EI_DATA]` as readelf prints it after `Data:` (`get_data_encoding`):
/// `"none"`, `"2's complement, little endian"`, `"2's complement, big endian"`.
pub fn data(ei_data: u8) -> Option<&'static str> {
    match ei_data {
        0 => Some("none"),
        1 => Some("2's complement, little endian"),
        2 => Some("2's complement, big endian"),
        _ => None,
    }
}

/// [`data`], or GNU's fallback `<unknown: %x>`.
pub fn data_text(ei_data: u8) -> Cow<'static, str> {
    or_fallback(data(ei_data), || format!("<unknown: {ei_data:x}>"))
}

/// `e_ident[EI_VERSION]` as readelf prints it on the first `Version:` line:
/// `"1 (current)"`, `"0"`, or the number followed by `" <unknown>"`.
///
/// (The second `Version:` line is `e_version` as `0x%lx`; no table is involved.)
pub fn version_text(ei_version: u8) -> String {
    match ei_version {
        1 => "1 (current)".to_owned(),
        0 => "0".to_owned(),
        v => format!("{v} <unknown>"),
    }
}

/// `e_ident[EI_OSABI]` as readelf prints it after `OS/ABI:` (`get_osabi_name`), or `None`
/// where it prints the [`osabi_text`] fallback.
///
/// Values from 64 up are machine-specific: AMD GPU (HSA, PAL, Mesa3D), ARM (`ARM`,
/// `ARM FDPIC`), MSP430 and Visium (`Standalone App`), TI C6000.
///
/// ```
/// use libelf::names::osabi;
/// assert_eq!(osabi(0, 62), Some("UNIX - System V"));
/// assert_eq!(osabi(3, 62), Some("UNIX - GNU"));
/// assert_eq!(osabi(97, 40), Some("ARM"));
/// assert_eq!(osabi(97, 62), None);
/// ```
pub fn osabi(ei_osabi: u8, e_machine: u16) -> Option<&'static str> {
    let generic = match ei_osabi {
        0 => "UNIX - System V",
        1 => "UNIX - HP-UX",
        2 => "UNIX - NetBSD",
        3 => "UNIX - GNU",
        6 => "UNIX - Solaris",
        7 => "UNIX - AIX",
        8 => "UNIX - IRIX",
        9 => "UNIX - FreeBSD",
        10 => "UNIX - TRU64",
        11 => "Novell - Modesto",
        12 => "UNIX - OpenBSD",
        13 => "VMS - OpenVMS",
        14 => "HP - Non-Stop Kernel",
        15 => "AROS",
        16 => "FenixOS",
        17 => "Nuxi CloudABI",
        18 => "Stratus Technologies OpenVOS",
        _ => "",
    };
    if !generic.is_empty() {
        return Some(generic);
    }
    if ei_osabi < 64 {
        return None;
    }
    match (e_machine, ei_osabi) {
        (EM_AMDGPU, 64) => Some("AMD HSA"),
        (EM_AMDGPU, 65) => Some("AMD PAL"),
        (EM_AMDGPU, 66) => Some("AMD Mesa3D"),
        (EM_ARM, 97) => Some("ARM"),
        (EM_ARM, 65) => Some("ARM FDPIC"),
        (EM_MSP430 | EM_MSP430_OLD | EM_VISIUM, 255) => Some("Standalone App"),
        (EM_TI_C6000, 64) => Some("Bare-metal C6000"),
        (EM_TI_C6000, 65) => Some("Linux C6000"),
        _ => None,
    }
}

/// [`osabi`], or GNU's fallback `<unknown: %x>`.
pub fn osabi_text(ei_osabi: u8, e_machine: u16) -> Cow<'static, str> {
    or_fallback(osabi(ei_osabi, e_machine), || {
        format!("<unknown: {ei_osabi:x}>")
    })
}

/// `e_type` as readelf prints it after `Type:` (`get_file_type`), or `None` where it prints
/// the [`file_type_text`] fallback.
///
/// GNU 2.40 calls an `ET_DYN` file a PIE (`"DYN (Position-Independent Executable file)"`)
/// exactly when its dynamic section has `DF_1_PIE` in the first `DT_FLAGS_1`; pass that
/// in as `pie` (see [`is_pie`]). Otherwise it is `"DYN (Shared object file)"`.
pub fn file_type(e_type: u16, pie: bool) -> Option<&'static str> {
    match e_type {
        0 => Some("NONE (None)"),
        1 => Some("REL (Relocatable file)"),
        2 => Some("EXEC (Executable file)"),
        3 if pie => Some("DYN (Position-Independent Executable file)"),
        3 => Some("DYN (Shared object file)"),
        4 => Some("CORE (Core file)"),
        _ => None,
    }
}

/// [`file_type`], or GNU's fallbacks: `Processor Specific: (%x)` for `ET_LOPROC..=ET_HIPROC`,
/// `OS Specific: (%x)` for `ET_LOOS..=ET_HIOS`, `<unknown>: %x` otherwise.
pub fn file_type_text(e_type: u16, pie: bool) -> Cow<'static, str> {
    or_fallback(file_type(e_type, pie), || match e_type {
        0xff00..=0xffff => format!("Processor Specific: ({e_type:x})"),
        0xfe00..=0xfeff => format!("OS Specific: ({e_type:x})"),
        _ => format!("<unknown>: {e_type:x}"),
    })
}

/// GNU readelf 2.40's PIE test (`is_pie`), given the dynamic entries as `(d_tag, d_val)`.
///
/// readelf reads the dynamic section (the `.dynamic` section named in the section headers
/// if there is one, else the `PT_DYNAMIC` segment), stops after the first `DT_NULL`, and
/// answers by the first `DT_FLAGS_1` entry: `DF_1_PIE` (`0x0800_0000`) set or not. No
/// `DT_FLAGS_1`, or no dynamic section, means not a PIE.
///
/// ```
/// use libelf::names::is_pie;
/// assert!(is_pie([(0x6fff_fffb, 0x0800_0001), (0, 0)]));
/// assert!(!is_pie([(0x1e, 0x8), (0, 0), (0x6fff_fffb, 0x0800_0000)]));
/// ```
pub fn is_pie<I: IntoIterator<Item = (i64, u64)>>(dynamic: I) -> bool {
    const DT_FLAGS_1: i64 = 0x6fff_fffb;
    const DF_1_PIE: u64 = 0x0800_0000;
    for (tag, val) in dynamic {
        if tag == DT_FLAGS_1 {
            return val & DF_1_PIE != 0;
        }
        if tag == 0 {
            break;
        }
    }
    false
}

/// `Cow::Borrowed(name)`, or the owned fallback.
pub(crate) fn or_fallback(
    name: Option<&'static str>,
    fallback: impl FnOnce() -> String,
) -> Cow<'static, str> {
    match name {
        Some(s) => Cow::Borrowed(s),
        None => Cow::Owned(fallback()),
    }
}
