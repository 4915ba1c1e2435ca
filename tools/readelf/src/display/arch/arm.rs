//! ARM EABI public attributes (`aeabi` vendor), GNU's `display_arm_attribute`.
//!
//! Tag numbers and value names follow the "Addenda to, and Errata in, the ABI for the Arm
//! Architecture" (IHI 0045) as GNU readelf 2.40 spells them.

use std::io;

use super::{display_compatibility, display_tag_value, read_uleb};
use crate::Cx;

/// How a tag's value is shown.
enum Kind {
    /// Decoded by hand (`CPU_arch_profile`, alignment, compatibility, …).
    Special,
    /// A NUL-terminated string.
    Str,
    /// An index into a table of names.
    Table(&'static [&'static str]),
}

const CPU_ARCH: &[&str] = &[
    "Pre-v4",
    "v4",
    "v4T",
    "v5T",
    "v5TE",
    "v5TEJ",
    "v6",
    "v6KZ",
    "v6T2",
    "v6K",
    "v7",
    "v6-M",
    "v6S-M",
    "v7E-M",
    "v8",
    "v8-R",
    "v8-M.baseline",
    "v8-M.mainline",
    "v8.1-A",
    "v8.2-A",
    "v8.3-A",
    "v8.1-M.mainline",
    "v9",
];
const NEEDED: &[&str] = &["Unused", "Needed"];
const ALLOWED: &[&str] = &["Not Allowed", "Allowed"];
const OPT_GOALS: &[&str] = &[
    "None",
    "Prefer Speed",
    "Aggressive Speed",
    "Prefer Size",
    "Aggressive Size",
    "Prefer Debug",
    "Aggressive Debug",
];
const FP_OPT_GOALS: &[&str] = &[
    "None",
    "Prefer Speed",
    "Aggressive Speed",
    "Prefer Size",
    "Aggressive Size",
    "Prefer Accuracy",
    "Aggressive Accuracy",
];

/// GNU's `arm_attr_public_tags`, in its order.
const TAGS: &[(u32, &str, Kind)] = &[
    (4, "CPU_raw_name", Kind::Str),
    (5, "CPU_name", Kind::Str),
    (6, "CPU_arch", Kind::Table(CPU_ARCH)),
    (7, "CPU_arch_profile", Kind::Special),
    (8, "ARM_ISA_use", Kind::Table(&["No", "Yes"])),
    (
        9,
        "THUMB_ISA_use",
        Kind::Table(&["No", "Thumb-1", "Thumb-2", "Yes"]),
    ),
    (
        10,
        "FP_arch",
        Kind::Table(&[
            "No",
            "VFPv1",
            "VFPv2",
            "VFPv3",
            "VFPv3-D16",
            "VFPv4",
            "VFPv4-D16",
            "FP for ARMv8",
            "FPv5/FP-D16 for ARMv8",
        ]),
    ),
    (11, "WMMX_arch", Kind::Table(&["No", "WMMXv1", "WMMXv2"])),
    (
        12,
        "Advanced_SIMD_arch",
        Kind::Table(&[
            "No",
            "NEONv1",
            "NEONv1 with Fused-MAC",
            "NEON for ARMv8",
            "NEON for ARMv8.1",
        ]),
    ),
    (
        13,
        "PCS_config",
        Kind::Table(&[
            "None",
            "Bare platform",
            "Linux application",
            "Linux DSO",
            "PalmOS 2004",
            "PalmOS (reserved)",
            "SymbianOS 2004",
            "SymbianOS (reserved)",
        ]),
    ),
    (
        14,
        "ABI_PCS_R9_use",
        Kind::Table(&["V6", "SB", "TLS", "Unused"]),
    ),
    (
        15,
        "ABI_PCS_RW_data",
        Kind::Table(&["Absolute", "PC-relative", "SB-relative", "None"]),
    ),
    (
        16,
        "ABI_PCS_RO_data",
        Kind::Table(&["Absolute", "PC-relative", "None"]),
    ),
    (
        17,
        "ABI_PCS_GOT_use",
        Kind::Table(&["None", "direct", "GOT-indirect"]),
    ),
    (
        18,
        "ABI_PCS_wchar_t",
        Kind::Table(&["None", "??? 1", "2", "??? 3", "4"]),
    ),
    (19, "ABI_FP_rounding", Kind::Table(NEEDED)),
    (
        20,
        "ABI_FP_denormal",
        Kind::Table(&["Unused", "Needed", "Sign only"]),
    ),
    (21, "ABI_FP_exceptions", Kind::Table(NEEDED)),
    (22, "ABI_FP_user_exceptions", Kind::Table(NEEDED)),
    (
        23,
        "ABI_FP_number_model",
        Kind::Table(&["Unused", "Finite", "RTABI", "IEEE 754"]),
    ),
    (24, "ABI_align_needed", Kind::Special),
    (25, "ABI_align_preserved", Kind::Special),
    (
        26,
        "ABI_enum_size",
        Kind::Table(&["Unused", "small", "int", "forced to int"]),
    ),
    (
        27,
        "ABI_HardFP_use",
        Kind::Table(&["As Tag_FP_arch", "SP only", "Reserved", "Deprecated"]),
    ),
    (
        28,
        "ABI_VFP_args",
        Kind::Table(&["AAPCS", "VFP registers", "custom", "compatible"]),
    ),
    (
        29,
        "ABI_WMMX_args",
        Kind::Table(&["AAPCS", "WMMX registers", "custom"]),
    ),
    (30, "ABI_optimization_goals", Kind::Table(OPT_GOALS)),
    (31, "ABI_FP_optimization_goals", Kind::Table(FP_OPT_GOALS)),
    (32, "compatibility", Kind::Special),
    (34, "CPU_unaligned_access", Kind::Table(&["None", "v6"])),
    (36, "FP_HP_extension", Kind::Table(ALLOWED)),
    (
        38,
        "ABI_FP_16bit_format",
        Kind::Table(&["None", "IEEE 754", "Alternative Format"]),
    ),
    (42, "MPextension_use", Kind::Table(ALLOWED)),
    (
        44,
        "DIV_use",
        Kind::Table(&[
            "Allowed in Thumb-ISA, v7-R or v7-M",
            "Not allowed",
            "Allowed in v7-A with integer division extension",
        ]),
    ),
    (
        46,
        "DSP_extension",
        Kind::Table(&["Follow architecture", "Allowed"]),
    ),
    (
        48,
        "MVE_arch",
        Kind::Table(&["No MVE", "MVE Integer only", "MVE Integer and FP"]),
    ),
    (
        50,
        "PAC_extension",
        Kind::Table(&[
            "No PAC/AUT instructions",
            "PAC/AUT instructions permitted in the NOP space",
            "PAC/AUT instructions permitted in the NOP and in the non-NOP space",
        ]),
    ),
    (
        52,
        "BTI_extension",
        Kind::Table(&[
            "BTI instructions not permitted",
            "BTI instructions permitted in the NOP space",
            "BTI instructions permitted in the NOP and in the non-NOP space",
        ]),
    ),
    (
        74,
        "BTI_use",
        Kind::Table(&[
            "Compiled without branch target enforcement",
            "Compiled with branch target enforcement",
        ]),
    ),
    (
        76,
        "PACRET_use",
        Kind::Table(&[
            "Compiled without return address signing and authentication",
            "Compiled with return address signing and authentication",
        ]),
    ),
    (64, "nodefaults", Kind::Special),
    (65, "also_compatible_with", Kind::Special),
    (66, "T2EE_use", Kind::Table(ALLOWED)),
    (67, "conformance", Kind::Str),
    (
        68,
        "Virtualization_use",
        Kind::Table(&[
            "Not Allowed",
            "TrustZone",
            "Virtualization Extensions",
            "TrustZone and Virtualization Extensions",
        ]),
    ),
    (70, "MPextension_use_legacy", Kind::Table(ALLOWED)),
];

/// `Tag_ABI_align_needed` / `_preserved` values.
fn align_text(val: u32, preserved: bool) -> String {
    match val {
        0 => "None".to_string(),
        1 if preserved => "8-byte, except leaf SP".to_string(),
        1 => "8-byte".to_string(),
        2 if preserved => "8-byte".to_string(),
        2 => "4-byte".to_string(),
        3 => "??? 3".to_string(),
        v if v <= 12 => format!("8-byte and up to {}-byte extended", 1u32 << v),
        v => format!("??? ({})", v as i32),
    }
}

/// GNU's `display_arm_attribute`: one public `aeabi` tag.
pub fn display_arm_attribute(cx: &mut Cx, b: &[u8], mut p: usize, end: usize) -> io::Result<usize> {
    let tag = read_uleb(cx, b, &mut p, end, 32) as u32;
    let Some((_, name, kind)) = TAGS.iter().find(|(t, _, _)| *t == tag) else {
        return display_tag_value(cx, b, p, end, tag as i32);
    };
    write!(cx.out, "  Tag_{name}: ")?;
    match kind {
        Kind::Str => display_tag_value(cx, b, p, end, -1),
        Kind::Table(table) => {
            let val = read_uleb(cx, b, &mut p, end, 32) as u32;
            match table.get(val as usize) {
                Some(s) => writeln!(cx.out, "{s}")?,
                None => writeln!(cx.out, "??? ({})", val as i32)?,
            }
            Ok(p)
        }
        Kind::Special => {
            match tag {
                7 => {
                    let val = read_uleb(cx, b, &mut p, end, 32) as u32;
                    match val {
                        0 => writeln!(cx.out, "None")?,
                        0x41 => writeln!(cx.out, "Application")?,
                        0x52 => writeln!(cx.out, "Realtime")?,
                        0x4d => writeln!(cx.out, "Microcontroller")?,
                        0x53 => writeln!(cx.out, "Application or Realtime")?,
                        v => writeln!(cx.out, "??? ({})", v as i32)?,
                    }
                }
                24 | 25 => {
                    let val = read_uleb(cx, b, &mut p, end, 32) as u32;
                    writeln!(cx.out, "{}", align_text(val, tag == 25))?;
                }
                32 => p = display_compatibility(cx, b, p, end)?,
                64 => {
                    if p < end {
                        p += 1;
                    }
                    writeln!(cx.out, "True")?;
                }
                65 => {
                    let val = read_uleb(cx, b, &mut p, end, 32) as u32;
                    if val == 6 {
                        let v = read_uleb(cx, b, &mut p, end, 32) as u32;
                        match CPU_ARCH.get(v as usize) {
                            Some(s) => writeln!(cx.out, "{s}")?,
                            None => writeln!(cx.out, "??? ({})", v as i32)?,
                        }
                    } else {
                        writeln!(cx.out, "???")?;
                    }
                    while p < end {
                        let c = b.get(p).copied().unwrap_or(0);
                        p += 1;
                        if c == 0 {
                            break;
                        }
                    }
                }
                _ => writeln!(cx.out, "<unknown: {}>", tag as i32)?,
            }
            Ok(p)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn alignment_names() {
        assert_eq!(align_text(1, false), "8-byte");
        assert_eq!(align_text(1, true), "8-byte, except leaf SP");
        assert_eq!(align_text(2, true), "8-byte");
        assert_eq!(align_text(4, false), "8-byte and up to 16-byte extended");
        assert_eq!(align_text(13, false), "??? (13)");
    }

    #[test]
    fn tag_table_is_gnus() {
        let find = |t: u32| TAGS.iter().find(|(x, _, _)| *x == t).map(|(_, n, _)| *n);
        assert_eq!(find(5), Some("CPU_name"));
        assert_eq!(find(34), Some("CPU_unaligned_access"));
        assert_eq!(find(33), None);
    }
}
