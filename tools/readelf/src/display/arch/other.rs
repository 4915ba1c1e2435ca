//! Public attributes of the other vendors GNU decodes: RISC-V (`riscv`), ARC, TI C6000
//! (`c6xabi`), MSP430 (`mspabi`) and C-SKY (`csky`).

use std::io;

use super::{display_compatibility, display_tag_value, print_string_value, read_uleb, Pos};
use crate::Cx;

/// GNU's `display_riscv_attribute`.
pub fn display_riscv_attribute(cx: &mut Cx, b: &[u8], mut p: usize, end: usize) -> Pos {
    let tag = read_uleb(cx, b, &mut p, end, 64);
    let name = match tag {
        5 => "Tag_RISCV_arch",
        8 => "Tag_RISCV_priv_spec",
        10 => "Tag_RISCV_priv_spec_minor",
        12 => "Tag_RISCV_priv_spec_revision",
        6 => "Tag_RISCV_unaligned_access",
        4 => "Tag_RISCV_stack_align",
        _ => return display_tag_value(cx, b, p, end, tag as i32),
    };
    write!(cx.out, "  {name}: ")?;
    match tag {
        8 | 10 | 12 => {
            let val = read_uleb(cx, b, &mut p, end, 64);
            writeln!(cx.out, "{val}")?;
        }
        6 => match read_uleb(cx, b, &mut p, end, 64) {
            0 => writeln!(cx.out, "No unaligned access")?,
            1 => writeln!(cx.out, "Unaligned access")?,
            _ => {}
        },
        4 => {
            let val = read_uleb(cx, b, &mut p, end, 64);
            writeln!(cx.out, "{val}-bytes")?;
        }
        _ => p = display_tag_value(cx, b, p, end, -1)?,
    }
    Ok(p)
}

/// GNU's `display_arc_attribute`.
pub fn display_arc_attribute(cx: &mut Cx, b: &[u8], mut p: usize, end: usize) -> Pos {
    let tag = read_uleb(cx, b, &mut p, end, 32) as u32;
    let mut val = || read_uleb(cx, b, &mut p, end, 32) as u32;
    match tag {
        4 | 5 | 10 | 11 => {
            // Named values by number, and the text for any other.
            let sda: &[&str] = &["Absent", "MWDT", "GNU"];
            let (name, values, other) = match tag {
                4 => (
                    "Tag_ARC_PCS_config",
                    &[
                        "Absent/Non standard",
                        "Bare metal/mwdt",
                        "Bare metal/newlib",
                        "Linux/uclibc",
                        "Linux/glibc",
                    ][..],
                    "Unknown",
                ),
                5 => (
                    "Tag_ARC_CPU_base",
                    &["Absent", "ARC6xx", "ARC7xx", "ARCEM", "ARCHS"][..],
                    "Absent",
                ),
                10 => ("Tag_ARC_ABI_sda", sda, "Unknown"),
                _ => ("Tag_ARC_ABI_pic", sda, "Unknown"),
            };
            let v = val();
            let s = usize::try_from(v)
                .ok()
                .and_then(|i| values.get(i))
                .copied()
                .unwrap_or(other);
            writeln!(cx.out, "  {name}: {s}")?;
        }
        6 => {
            let v = val();
            write!(cx.out, "  Tag_ARC_CPU_variation: ")?;
            match v {
                0 => writeln!(cx.out, "Absent")?,
                1..=15 => writeln!(cx.out, "Core{v}")?,
                _ => writeln!(cx.out, "Unknown")?,
            }
        }
        7 => {
            write!(cx.out, "  Tag_ARC_CPU_name: ")?;
            return display_tag_value(cx, b, p, end, -1);
        }
        8 | 12 | 13 | 14 => {
            // Two-valued: the text for non-zero, then for zero.
            let (name, set, unset) = match tag {
                8 => ("Tag_ARC_ABI_rf16", "yes", "no"),
                12 => ("Tag_ARC_ABI_tls", "r25", "none"),
                13 => ("Tag_ARC_ABI_enumsize", "default", "smallest"),
                _ => ("Tag_ARC_ABI_exceptions", "OPTFP", "default"),
            };
            let v = val();
            writeln!(cx.out, "  {name}: {}", if v != 0 { set } else { unset })?;
        }
        9 => {
            let v = val();
            writeln!(cx.out, "  Tag_ARC_ABI_osver: v{}", v as i32)?;
        }
        15 | 18 | 20 => {
            let name = match tag {
                15 => "Tag_ARC_ABI_double_size",
                18 => "Tag_ARC_ISA_mpy_option",
                _ => "Tag_ARC_ATR_version",
            };
            let v = val();
            writeln!(cx.out, "  {name}: {}", v as i32)?;
        }
        16 | 17 => {
            let name = if tag == 16 {
                "Tag_ARC_ISA_config"
            } else {
                "Tag_ARC_ISA_apex"
            };
            write!(cx.out, "  {name}: ")?;
            return display_tag_value(cx, b, p, end, -1);
        }
        _ => return display_tag_value(cx, b, p, end, (tag & 1) as i32),
    }
    Ok(p)
}

/// GNU's `display_tic6x_attribute`.
pub fn display_tic6x_attribute(cx: &mut Cx, b: &[u8], mut p: usize, end: usize) -> Pos {
    let tag = read_uleb(cx, b, &mut p, end, 32) as u32;
    let table: (&str, &[(u32, &str)]) = match tag {
        4 => (
            "Tag_ISA",
            &[
                (0, "None"),
                (1, "C62x"),
                (3, "C67x"),
                (4, "C67x+"),
                (6, "C64x"),
                (7, "C64x+"),
                (8, "C674x"),
            ],
        ),
        6 => (
            "Tag_ABI_wchar_t",
            &[(0, "Not used"), (1, "2 bytes"), (2, "4 bytes")],
        ),
        8 => (
            "Tag_ABI_stack_align_needed",
            &[(0, "8-byte"), (1, "16-byte")],
        ),
        10 => (
            "Tag_ABI_stack_align_preserved",
            &[(0, "8-byte"), (1, "16-byte")],
        ),
        12 => (
            "Tag_ABI_DSBT",
            &[(0, "DSBT addressing not used"), (1, "DSBT addressing used")],
        ),
        14 => (
            "Tag_ABI_PID",
            &[
                (0, "Data addressing position-dependent"),
                (1, "Data addressing position-independent, GOT near DP"),
                (2, "Data addressing position-independent, GOT far from DP"),
            ],
        ),
        16 => (
            "Tag_ABI_PIC",
            &[
                (0, "Code addressing position-dependent"),
                (1, "Code addressing position-independent"),
            ],
        ),
        18 => (
            "Tag_ABI_array_object_alignment",
            &[(0, "8-byte"), (1, "4-byte"), (2, "16-byte")],
        ),
        20 => (
            "Tag_ABI_array_object_align_expected",
            &[(0, "8-byte"), (1, "4-byte"), (2, "16-byte")],
        ),
        32 => {
            write!(cx.out, "  Tag_ABI_compatibility: ")?;
            return display_compatibility(cx, b, p, end);
        }
        67 => {
            write!(cx.out, "  Tag_ABI_conformance: ")?;
            return quoted_string(cx, b, p, end);
        }
        _ => return display_tag_value(cx, b, p, end, tag as i32),
    };
    let (name, values) = table;
    write!(cx.out, "  {name}: ")?;
    let val = read_uleb(cx, b, &mut p, end, 32) as u32;
    match values.iter().find(|(v, _)| *v == val) {
        Some((_, s)) => writeln!(cx.out, "{s}")?,
        None => writeln!(cx.out, "??? ({})", val as i32)?,
    }
    Ok(p)
}

/// A string value in quotes (`"<corrupt>"` when at most its NUL is left), then a newline.
fn quoted_string(cx: &mut Cx, b: &[u8], p: usize, end: usize) -> io::Result<usize> {
    write!(cx.out, "\"")?;
    let p = if p + 1 < end {
        print_string_value(cx, b, p, end)?
    } else {
        write!(cx.out, "<corrupt>")?;
        end
    };
    writeln!(cx.out, "\"")?;
    Ok(p)
}

/// GNU's `display_msp430_attribute`.
pub fn display_msp430_attribute(cx: &mut Cx, b: &[u8], mut p: usize, end: usize) -> Pos {
    let tag = read_uleb(cx, b, &mut p, end, 64);
    let table: (&str, &[&str]) = match tag {
        4 => ("Tag_ISA", &["None", "MSP430", "MSP430X"]),
        6 => ("Tag_Code_Model", &["None", "Small", "Large"]),
        8 => (
            "Tag_Data_Model",
            &["None", "Small", "Large", "Restricted Large"],
        ),
        _ => {
            write!(cx.out, "  <unknown tag {}>: ", tag as i64)?;
            if tag & 1 != 0 {
                p = quoted_string(cx, b, p, end)?;
            } else {
                let val = read_uleb(cx, b, &mut p, end, 64);
                writeln!(cx.out, "{} (0x{val:x})", val as i64)?;
            }
            return Ok(p);
        }
    };
    let (name, values) = table;
    write!(cx.out, "  {name}: ")?;
    let val = read_uleb(cx, b, &mut p, end, 64);
    match values.get(val as usize) {
        Some(s) if val < values.len() as u64 => writeln!(cx.out, "{s}")?,
        _ => writeln!(cx.out, "??? ({})", val as i64)?,
    }
    Ok(p)
}

/// GNU's `display_csky_attribute`.
pub fn display_csky_attribute(cx: &mut Cx, b: &[u8], mut p: usize, end: usize) -> Pos {
    let tag = read_uleb(cx, b, &mut p, end, 64);
    if tag >= 0x17 {
        return display_tag_value(cx, b, p, end, -1);
    }
    match tag {
        4 | 5 | 0x15 => {
            let name = match tag {
                4 => "Tag_CSKY_ARCH_NAME:\t\t",
                5 => "Tag_CSKY_CPU_NAME:\t\t",
                _ => "Tag_CSKY_FPU_NUMBER_MODULE:\t",
            };
            write!(cx.out, "  {name}")?;
            display_tag_value(cx, b, p, end, -1)
        }
        6 | 7 => {
            let name = if tag == 6 {
                "Tag_CSKY_ISA_FLAGS:\t\t"
            } else {
                "Tag_CSKY_ISA_EXT_FLAGS:\t"
            };
            write!(cx.out, "  {name}")?;
            display_tag_value(cx, b, p, end, 0)
        }
        8 | 0x10 | 0x11 => {
            // The text for values 1 and up; nothing after the label for others.
            let (label, values): (&str, &[&str]) = match tag {
                8 => ("Tag_CSKY_DSP_VERSION:\t\t", &["DSP Extension", "DSP 2.0"]),
                0x10 => (
                    "Tag_CSKY_FPU_VERSION:\t\t",
                    &["ABIV1 FPU Version 1", "FPU Version 2"],
                ),
                _ => ("Tag_CSKY_FPU_ABI:\t\t", &["Soft", "SoftFP", "Hard"]),
            };
            write!(cx.out, "  {label}")?;
            let v = read_uleb(cx, b, &mut p, end, 64);
            let text = v
                .checked_sub(1)
                .and_then(|i| usize::try_from(i).ok())
                .and_then(|i| values.get(i));
            if let Some(text) = text {
                writeln!(cx.out, "{text}")?;
            }
            Ok(p)
        }
        9 => {
            write!(cx.out, "  Tag_CSKY_VDSP_VERSION:\t")?;
            let v = read_uleb(cx, b, &mut p, end, 64);
            writeln!(cx.out, "VDSP Version {}", v as i64)?;
            Ok(p)
        }
        0x12..=0x14 => {
            let v = read_uleb(cx, b, &mut p, end, 64);
            if v == 1 {
                let name = match tag {
                    0x12 => "Tag_CSKY_FPU_ROUNDING:\t",
                    0x13 => "Tag_CSKY_FPU_DENORMAL:\t",
                    _ => "Tag_CSKY_FPU_Exception:\t",
                };
                writeln!(cx.out, "  {name}Needed")?;
            }
            Ok(p)
        }
        0x16 => {
            write!(cx.out, "  Tag_CSKY_FPU_HARDFP:\t\t")?;
            let v = read_uleb(cx, b, &mut p, end, 64);
            if v & 1 != 0 {
                write!(cx.out, " Half")?;
            }
            if v & 2 != 0 {
                write!(cx.out, " Single")?;
            }
            if v & 4 != 0 {
                write!(cx.out, " Double")?;
            }
            writeln!(cx.out)?;
            Ok(p)
        }
        _ => display_tag_value(cx, b, p, end, tag as i32),
    }
}
