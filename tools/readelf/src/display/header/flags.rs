//! GNU's `get_machine_flags`: the words after `Flags: 0x…` in `-h`, per machine.
//!
//! Every machine GNU readelf 2.40 decodes is decoded here, in GNU's order and with GNU's
//! wording (including its quirks: `regmode:23` for `EF_RH850_REGMODE32`, the trailing
//! space of `MSP430x11x1 `, the missing comma of `<unknown MeP copro type>`, …). The
//! constants are in the `ef` submodule, named as binutils' `include/elf/*.h` names them.

use std::fmt::Write as _;

use libelf::consts::*;

use crate::Cx;

mod ef;
#[cfg(test)]
mod tests;

use ef::*;

/// GNU's `get_machine_flags(filedata, e_flags, e_machine)`: the text printed right after
/// `Flags: 0x%lx` in the file header display (empty when `e_flags` is 0 or the machine has
/// no flags GNU knows about).
///
/// `cx` gives the ELF header's `EI_OSABI` and `EI_ABIVERSION`, which the AMDGPU and
/// IA-64 (OpenVMS) decodings depend on.
pub fn machine_flags(cx: &Cx, e_flags: u32, e_machine: u16) -> String {
    let osabi = cx.hdr.e_ident.get(EI_OSABI).copied().unwrap_or(0);
    let abiversion = cx.hdr.e_ident.get(EI_ABIVERSION).copied().unwrap_or(0);
    decode(e_flags, e_machine, osabi, abiversion)
}

/// [`machine_flags`] without the context: the header's `EI_OSABI` and `EI_ABIVERSION`
/// are passed in.
pub fn decode(e_flags: u32, e_machine: u16, osabi: u8, abiversion: u8) -> String {
    let mut buf = String::new();
    if e_flags == 0 {
        return buf;
    }
    let b = &mut buf;
    match e_machine {
        EM_ARC_COMPACT2 | EM_ARC_COMPACT => arc(b, e_flags, e_machine),
        EM_ARM => arm(b, e_flags),
        EM_AVR => avr(b, e_flags),
        EM_BLACKFIN => blackfin(b, e_flags),
        EM_CYGNUS_FRV => frv(b, e_flags),
        EM_68K => m68k(b, e_flags),
        EM_AMDGPU => amdgpu(b, e_flags, osabi, abiversion),
        EM_CYGNUS_MEP => mep(b, e_flags),
        EM_PPC => {
            add_if(b, e_flags & EF_PPC_EMB != 0, ", emb");
            add_if(b, e_flags & EF_PPC_RELOCATABLE != 0, ", relocatable");
            add_if(
                b,
                e_flags & EF_PPC_RELOCATABLE_LIB != 0,
                ", relocatable-lib",
            );
        }
        EM_PPC64 if e_flags & EF_PPC64_ABI != 0 => {
            let _ = write!(b, ", abiv{}", e_flags & EF_PPC64_ABI);
        }
        EM_V800 => v800(b, e_flags),
        EM_V850 | EM_CYGNUS_V850 => v850(b, e_flags),
        EM_M32R | EM_CYGNUS_M32R => {
            add_if(b, e_flags & EF_M32R_ARCH == E_M32R_ARCH, ", m32r");
        }
        EM_MIPS | EM_MIPS_RS3_LE => mips(b, e_flags),
        EM_NDS32 => nds32(b, e_flags),
        EM_NFP => match (e_flags >> 8) & 0xffff {
            E_NFP_MACH_3200 => b.push_str(", NFP-32xx"),
            E_NFP_MACH_6000 => b.push_str(", NFP-6xxx"),
            _ => {}
        },
        EM_RISCV => riscv(b, e_flags),
        EM_SH => sh(b, e_flags),
        EM_OR1K => add_if(b, e_flags & EF_OR1K_NODELAY != 0, ", no delay"),
        EM_SPARCV9 => sparcv9(b, e_flags),
        EM_PARISC => parisc(b, e_flags),
        EM_PJ | EM_PJ_OLD => {
            add_if(
                b,
                e_flags & EF_PICOJAVA_NEWCALLS == EF_PICOJAVA_NEWCALLS,
                ", new calling convention",
            );
            add_if(
                b,
                e_flags & EF_PICOJAVA_GNUCALLS == EF_PICOJAVA_GNUCALLS,
                ", gnu calling convention",
            );
        }
        EM_IA_64 => ia64(b, e_flags, osabi),
        EM_VAX => {
            add_if(b, e_flags & EF_VAX_NONPIC != 0, ", non-PIC");
            add_if(b, e_flags & EF_VAX_DFLOAT != 0, ", D-Float");
            add_if(b, e_flags & EF_VAX_GFLOAT != 0, ", G-Float");
        }
        EM_VISIUM => {
            if e_flags & EF_VISIUM_ARCH_MCM != 0 {
                b.push_str(", mcm");
            } else if e_flags & EF_VISIUM_ARCH_MCM24 != 0 {
                b.push_str(", mcm24");
            }
            add_if(b, e_flags & EF_VISIUM_ARCH_GR6 != 0, ", gr6");
        }
        EM_RL78 => {
            b.push_str(match e_flags & E_FLAG_RL78_CPU_MASK {
                E_FLAG_RL78_ANY_CPU => "",
                E_FLAG_RL78_G10 => ", G10",
                E_FLAG_RL78_G13 => ", G13",
                E_FLAG_RL78_G14 => ", G14",
                _ => "",
            });
            add_if(
                b,
                e_flags & E_FLAG_RL78_64BIT_DOUBLES != 0,
                ", 64-bit doubles",
            );
        }
        EM_RX => rx(b, e_flags),
        EM_S390 => add_if(b, e_flags & EF_S390_HIGH_GPRS != 0, ", highgprs"),
        EM_TI_C6000 => add_if(b, e_flags & EF_C6000_REL != 0, ", relocatable module"),
        EM_MSP430 => msp430(b, e_flags),
        EM_Z80 => b.push_str(match e_flags & EF_Z80_MACH_MSK {
            EF_Z80_MACH_Z80 => ", Z80",
            EF_Z80_MACH_Z180 => ", Z180",
            EF_Z80_MACH_R800 => ", R800",
            EF_Z80_MACH_EZ80_Z80 => ", EZ80",
            EF_Z80_MACH_EZ80_ADL => ", EZ80, ADL",
            EF_Z80_MACH_GBZ80 => ", GBZ80",
            EF_Z80_MACH_Z80N => ", Z80N",
            _ => ", unknown",
        }),
        EM_LOONGARCH => loongarch(b, e_flags),
        _ => {}
    }
    buf
}

/// Append `s` when `cond` holds.
fn add_if(b: &mut String, cond: bool, s: &str) {
    if cond {
        b.push_str(s);
    }
}

/// C's `%#x` of a 32-bit value.
fn alt_hex(v: u32) -> String {
    crate::util::alt_hex(u64::from(v))
}

/// The set bits of `flags`, lowest first (GNU's `flag = e_flags & -e_flags` loops).
fn bits(flags: u32) -> impl Iterator<Item = u32> {
    (0..32)
        .map(|i| 1u32 << i)
        .filter(move |bit| flags & bit != 0)
}

/// GNU's `decode_ARC_machine_flags`.
fn arc(b: &mut String, e_flags: u32, e_machine: u16) {
    b.push_str(match e_flags & EF_ARC_MACH_MSK {
        EF_ARC_CPU_ARCV2EM => ", ARC EM",
        EF_ARC_CPU_ARCV2HS => ", ARC HS",
        E_ARC_MACH_ARC600 => ", ARC600",
        E_ARC_MACH_ARC601 => ", ARC601",
        E_ARC_MACH_ARC700 => ", ARC700",
        _ if e_machine == EM_ARC_COMPACT => ", Unknown ARCompact",
        _ => ", Unknown ARC",
    });
    b.push_str(match e_flags & EF_ARC_OSABI_MSK {
        E_ARC_OSABI_ORIG => ", (ABI:legacy)",
        E_ARC_OSABI_V2 => ", (ABI:v2)",
        E_ARC_OSABI_V3 => ", v3 no-legacy-syscalls ABI",
        E_ARC_OSABI_V4 => ", v4 ABI",
        _ => ", unrecognised ARC OSABI flag",
    });
}

/// GNU's `decode_ARM_machine_flags`.
fn arm(b: &mut String, e_flags: u32) {
    let eabi = e_flags & EF_ARM_EABIMASK;
    let mut rest = e_flags & !EF_ARM_EABIMASK;
    // "Generic" ARM flags, whatever the EABI version.
    if rest & EF_ARM_RELEXEC != 0 {
        b.push_str(", relocatable executable");
        rest &= !EF_ARM_RELEXEC;
    }
    if rest & EF_ARM_PIC != 0 {
        b.push_str(", position independent");
        rest &= !EF_ARM_PIC;
    }
    // The words for the flag bits this EABI version knows; any other bit left over makes
    // GNU add `<unknown>` at the end.
    let word: fn(u32) -> Option<&'static str> = match eabi {
        EF_ARM_EABI_VER1 => {
            b.push_str(", Version1 EABI");
            |f| match f {
                EF_ARM_SYMSARESORTED => Some(", sorted symbol tables"),
                _ => None,
            }
        }
        EF_ARM_EABI_VER2 => {
            b.push_str(", Version2 EABI");
            |f| match f {
                EF_ARM_SYMSARESORTED => Some(", sorted symbol tables"),
                EF_ARM_DYNSYMSUSESEGIDX => Some(", dynamic symbols use segment index"),
                EF_ARM_MAPSYMSFIRST => Some(", mapping symbols precede others"),
                _ => None,
            }
        }
        EF_ARM_EABI_VER3 => {
            // GNU looks at no flag bits for version 3, and calls none unknown.
            b.push_str(", Version3 EABI");
            return;
        }
        EF_ARM_EABI_VER4 => {
            b.push_str(", Version4 EABI");
            |f| match f {
                EF_ARM_BE8 => Some(", BE8"),
                EF_ARM_LE8 => Some(", LE8"),
                _ => None,
            }
        }
        EF_ARM_EABI_VER5 => {
            b.push_str(", Version5 EABI");
            |f| match f {
                EF_ARM_BE8 => Some(", BE8"),
                EF_ARM_LE8 => Some(", LE8"),
                EF_ARM_ABI_FLOAT_SOFT => Some(", soft-float ABI"),
                EF_ARM_ABI_FLOAT_HARD => Some(", hard-float ABI"),
                _ => None,
            }
        }
        EF_ARM_EABI_UNKNOWN => {
            b.push_str(", GNU EABI");
            |f| match f {
                EF_ARM_INTERWORK => Some(", interworking enabled"),
                EF_ARM_APCS_26 => Some(", uses APCS/26"),
                EF_ARM_APCS_FLOAT => Some(", uses APCS/float"),
                EF_ARM_PIC => Some(", position independent"),
                EF_ARM_ALIGN8 => Some(", 8 bit structure alignment"),
                EF_ARM_NEW_ABI => Some(", uses new ABI"),
                EF_ARM_OLD_ABI => Some(", uses old ABI"),
                EF_ARM_SOFT_FLOAT => Some(", software FP"),
                EF_ARM_VFP_FLOAT => Some(", VFP"),
                EF_ARM_MAVERICK_FLOAT => Some(", Maverick FP"),
                _ => None,
            }
        }
        _ => {
            b.push_str(", <unrecognized EABI>");
            |_| None
        }
    };
    let mut unknown = false;
    for f in bits(rest) {
        match word(f) {
            Some(w) => b.push_str(w),
            None => unknown = true,
        }
    }
    add_if(b, unknown, ", <unknown>");
}

/// GNU's `decode_AVR_machine_flags`.
fn avr(b: &mut String, e_flags: u32) {
    b.push_str(match e_flags & EF_AVR_MACH {
        E_AVR_MACH_AVR1 => ", avr:1",
        E_AVR_MACH_AVR2 => ", avr:2",
        E_AVR_MACH_AVR25 => ", avr:25",
        E_AVR_MACH_AVR3 => ", avr:3",
        E_AVR_MACH_AVR31 => ", avr:31",
        E_AVR_MACH_AVR35 => ", avr:35",
        E_AVR_MACH_AVR4 => ", avr:4",
        E_AVR_MACH_AVR5 => ", avr:5",
        E_AVR_MACH_AVR51 => ", avr:51",
        E_AVR_MACH_AVR6 => ", avr:6",
        E_AVR_MACH_AVRTINY => ", avr:100",
        E_AVR_MACH_XMEGA1 => ", avr:101",
        E_AVR_MACH_XMEGA2 => ", avr:102",
        E_AVR_MACH_XMEGA3 => ", avr:103",
        E_AVR_MACH_XMEGA4 => ", avr:104",
        E_AVR_MACH_XMEGA5 => ", avr:105",
        E_AVR_MACH_XMEGA6 => ", avr:106",
        E_AVR_MACH_XMEGA7 => ", avr:107",
        _ => ", avr:<unknown>",
    });
    add_if(b, e_flags & EF_AVR_LINKRELAX_PREPARED != 0, ", link-relax");
}

/// `EM_BLACKFIN`.
fn blackfin(b: &mut String, e_flags: u32) {
    add_if(b, e_flags & EF_BFIN_PIC != 0, ", PIC");
    add_if(b, e_flags & EF_BFIN_FDPIC != 0, ", FDPIC");
    add_if(b, e_flags & EF_BFIN_CODE_IN_L1 != 0, ", code in L1");
    add_if(b, e_flags & EF_BFIN_DATA_IN_L1 != 0, ", data in L1");
}

/// `EM_CYGNUS_FRV`.
fn frv(b: &mut String, e_flags: u32) {
    b.push_str(match e_flags & EF_FRV_CPU_MASK {
        EF_FRV_CPU_GENERIC => "",
        EF_FRV_CPU_FR300 => ", fr300",
        EF_FRV_CPU_FR400 => ", fr400",
        EF_FRV_CPU_FR405 => ", fr405",
        EF_FRV_CPU_FR450 => ", fr450",
        EF_FRV_CPU_FR500 => ", fr500",
        EF_FRV_CPU_FR550 => ", fr550",
        EF_FRV_CPU_SIMPLE => ", simple",
        EF_FRV_CPU_TOMCAT => ", tomcat",
        _ => ", fr???",
    });
}

/// `EM_68K`: the 680x0 family, or the ColdFire ISA, FPU and MAC.
fn m68k(b: &mut String, e_flags: u32) {
    match e_flags & EF_M68K_ARCH_MASK {
        EF_M68K_M68000 => b.push_str(", m68000"),
        EF_M68K_CPU32 => b.push_str(", cpu32"),
        EF_M68K_FIDO => b.push_str(", fido_a"),
        _ => {
            let (isa, additional) = match e_flags & EF_M68K_CF_ISA_MASK {
                EF_M68K_CF_ISA_A_NODIV => ("A", Some(", nodiv")),
                EF_M68K_CF_ISA_A => ("A", None),
                EF_M68K_CF_ISA_A_PLUS => ("A+", None),
                EF_M68K_CF_ISA_B_NOUSP => ("B", Some(", nousp")),
                EF_M68K_CF_ISA_B => ("B", None),
                EF_M68K_CF_ISA_C => ("C", None),
                EF_M68K_CF_ISA_C_NODIV => ("C", Some(", nodiv")),
                _ => ("unknown", None),
            };
            b.push_str(", cf, isa ");
            b.push_str(isa);
            if let Some(a) = additional {
                b.push_str(a);
            }
            add_if(b, e_flags & EF_M68K_CF_FLOAT != 0, ", float");
            let mac = match e_flags & EF_M68K_CF_MAC_MASK {
                EF_M68K_CF_MAC => Some("mac"),
                EF_M68K_CF_EMAC => Some("emac"),
                EF_M68K_CF_EMAC_B => Some("emac_b"),
                _ => None,
            };
            if let Some(m) = mac {
                b.push_str(", ");
                b.push_str(m);
            }
        }
    }
}

/// The name of an AMDGPU `EF_AMDGPU_MACH` value (`gfx…`), if GNU knows it.
fn amdgpu_mach(mach: u32) -> Option<&'static str> {
    Some(match mach {
        EF_AMDGPU_MACH_AMDGCN_GFX600 => "gfx600",
        EF_AMDGPU_MACH_AMDGCN_GFX601 => "gfx601",
        EF_AMDGPU_MACH_AMDGCN_GFX700 => "gfx700",
        EF_AMDGPU_MACH_AMDGCN_GFX701 => "gfx701",
        EF_AMDGPU_MACH_AMDGCN_GFX702 => "gfx702",
        EF_AMDGPU_MACH_AMDGCN_GFX703 => "gfx703",
        EF_AMDGPU_MACH_AMDGCN_GFX704 => "gfx704",
        EF_AMDGPU_MACH_AMDGCN_GFX801 => "gfx801",
        EF_AMDGPU_MACH_AMDGCN_GFX802 => "gfx802",
        EF_AMDGPU_MACH_AMDGCN_GFX803 => "gfx803",
        EF_AMDGPU_MACH_AMDGCN_GFX810 => "gfx810",
        EF_AMDGPU_MACH_AMDGCN_GFX900 => "gfx900",
        EF_AMDGPU_MACH_AMDGCN_GFX902 => "gfx902",
        EF_AMDGPU_MACH_AMDGCN_GFX904 => "gfx904",
        EF_AMDGPU_MACH_AMDGCN_GFX906 => "gfx906",
        EF_AMDGPU_MACH_AMDGCN_GFX908 => "gfx908",
        EF_AMDGPU_MACH_AMDGCN_GFX909 => "gfx909",
        EF_AMDGPU_MACH_AMDGCN_GFX90C => "gfx90c",
        EF_AMDGPU_MACH_AMDGCN_GFX1010 => "gfx1010",
        EF_AMDGPU_MACH_AMDGCN_GFX1011 => "gfx1011",
        EF_AMDGPU_MACH_AMDGCN_GFX1012 => "gfx1012",
        EF_AMDGPU_MACH_AMDGCN_GFX1030 => "gfx1030",
        EF_AMDGPU_MACH_AMDGCN_GFX1031 => "gfx1031",
        EF_AMDGPU_MACH_AMDGCN_GFX1032 => "gfx1032",
        EF_AMDGPU_MACH_AMDGCN_GFX1033 => "gfx1033",
        EF_AMDGPU_MACH_AMDGCN_GFX602 => "gfx602",
        EF_AMDGPU_MACH_AMDGCN_GFX705 => "gfx705",
        EF_AMDGPU_MACH_AMDGCN_GFX805 => "gfx805",
        EF_AMDGPU_MACH_AMDGCN_GFX1035 => "gfx1035",
        EF_AMDGPU_MACH_AMDGCN_GFX1034 => "gfx1034",
        EF_AMDGPU_MACH_AMDGCN_GFX90A => "gfx90a",
        EF_AMDGPU_MACH_AMDGCN_GFX940 => "gfx940",
        EF_AMDGPU_MACH_AMDGCN_GFX1013 => "gfx1013",
        EF_AMDGPU_MACH_AMDGCN_GFX1036 => "gfx1036",
        _ => return None,
    })
}

/// GNU's `decode_AMDGPU_machine_flags`: the GPU, then the xnack and sramecc features as
/// the OS/ABI (and for HSA its version) encodes them.
fn amdgpu(b: &mut String, e_flags: u32, osabi: u8, abiversion: u8) {
    // HSA v2 used another encoding, which GNU does not decode.
    if osabi == ELFOSABI_AMDGPU_HSA && abiversion < ELFABIVERSION_AMDGPU_HSA_V3 {
        return;
    }
    let mach = e_flags & EF_AMDGPU_MACH;
    match amdgpu_mach(mach) {
        Some(name) => {
            b.push_str(", ");
            b.push_str(name);
        }
        None => {
            let _ = write!(b, ", <unknown AMDGPU GPU type: {}>", alt_hex(mach));
        }
    }
    let mut rest = e_flags & !EF_AMDGPU_MACH;
    if osabi != ELFOSABI_AMDGPU_HSA || abiversion == ELFABIVERSION_AMDGPU_HSA_V3 {
        // HSA v3 and the other OS/ABIs.
        if rest & EF_AMDGPU_FEATURE_XNACK_V3 != 0 {
            b.push_str(", xnack on");
            rest &= !EF_AMDGPU_FEATURE_XNACK_V3;
        }
        if rest & EF_AMDGPU_FEATURE_SRAMECC_V3 != 0 {
            b.push_str(", sramecc on");
            rest &= !EF_AMDGPU_FEATURE_SRAMECC_V3;
        }
    } else {
        // HSA v4 and later.
        match rest & EF_AMDGPU_FEATURE_XNACK_V4 {
            EF_AMDGPU_FEATURE_XNACK_UNSUPPORTED_V4 => {}
            EF_AMDGPU_FEATURE_XNACK_ANY_V4 => b.push_str(", xnack any"),
            EF_AMDGPU_FEATURE_XNACK_OFF_V4 => b.push_str(", xnack off"),
            EF_AMDGPU_FEATURE_XNACK_ON_V4 => b.push_str(", xnack on"),
            x => {
                let _ = write!(b, ", <unknown xnack value: {}>", alt_hex(x));
            }
        }
        rest &= !EF_AMDGPU_FEATURE_XNACK_V4;
        match rest & EF_AMDGPU_FEATURE_SRAMECC_V4 {
            EF_AMDGPU_FEATURE_SRAMECC_UNSUPPORTED_V4 => {}
            EF_AMDGPU_FEATURE_SRAMECC_ANY_V4 => b.push_str(", sramecc any"),
            EF_AMDGPU_FEATURE_SRAMECC_OFF_V4 => b.push_str(", sramecc off"),
            EF_AMDGPU_FEATURE_SRAMECC_ON_V4 => b.push_str(", sramecc on"),
            x => {
                let _ = write!(b, ", <unknown sramecc value: {}>", alt_hex(x));
            }
        }
        rest &= !EF_AMDGPU_FEATURE_SRAMECC_V4;
    }
    if rest != 0 {
        let _ = write!(b, ", unknown flags bits: {}", alt_hex(rest));
    }
}

/// `EM_CYGNUS_MEP`.
fn mep(b: &mut String, e_flags: u32) {
    b.push_str(match e_flags & EF_MEP_CPU_MASK {
        EF_MEP_CPU_MEP => ", generic MeP",
        EF_MEP_CPU_C2 => ", MeP C2",
        EF_MEP_CPU_C3 => ", MeP C3",
        EF_MEP_CPU_C4 => ", MeP C4",
        EF_MEP_CPU_C5 => ", MeP C5",
        EF_MEP_CPU_H1 => ", MeP H1",
        _ => ", <unknown MeP cpu type>",
    });
    b.push_str(match e_flags & EF_MEP_COP_MASK {
        EF_MEP_COP_NONE => "",
        EF_MEP_COP_AVC => ", AVC coprocessor",
        EF_MEP_COP_AVC2 => ", AVC2 coprocessor",
        EF_MEP_COP_FMAX => ", FMAX coprocessor",
        EF_MEP_COP_IVC2 => ", IVC2 coprocessor",
        // GNU's text has no leading comma here.
        _ => "<unknown MeP copro type>",
    });
    add_if(b, e_flags & EF_MEP_LIBRARY != 0, ", Built for Library");
    if e_flags & EF_MEP_INDEX_MASK != 0 {
        let _ = write!(
            b,
            ", Configuration Index: {}",
            alt_hex(e_flags & EF_MEP_INDEX_MASK)
        );
    }
    if e_flags & !EF_MEP_ALL_FLAGS != 0 {
        let _ = write!(
            b,
            ", unknown flags bits: {}",
            alt_hex(e_flags & !EF_MEP_ALL_FLAGS)
        );
    }
}

/// `EM_V800` (RH850).
fn v800(b: &mut String, e_flags: u32) {
    let none = |mask: u32| e_flags & mask == 0;
    add_if(b, e_flags & EF_RH850_ABI == EF_RH850_ABI, ", RH850 ABI");
    add_if(b, e_flags & EF_V800_850E3 != 0, ", V3 architecture");
    add_if(
        b,
        none(EF_RH850_FPU_DOUBLE | EF_RH850_FPU_SINGLE),
        ", FPU not used",
    );
    add_if(
        b,
        none(EF_RH850_REGMODE22 | EF_RH850_REGMODE32),
        ", regmode: COMMON",
    );
    add_if(
        b,
        none(EF_RH850_GP_FIX | EF_RH850_GP_NOFIX),
        ", r4 not used",
    );
    add_if(
        b,
        none(EF_RH850_EP_FIX | EF_RH850_EP_NOFIX),
        ", r30 not used",
    );
    add_if(
        b,
        none(EF_RH850_TP_FIX | EF_RH850_TP_NOFIX),
        ", r5 not used",
    );
    add_if(
        b,
        none(EF_RH850_REG2_RESERVE | EF_RH850_REG2_NORESERVE),
        ", r2 not used",
    );
    for f in bits(e_flags & 0xffff) {
        b.push_str(match f {
            EF_RH850_FPU_DOUBLE => ", double precision FPU",
            EF_RH850_FPU_SINGLE => ", single precision FPU",
            EF_RH850_REGMODE22 => ", regmode:22",
            // Sic: GNU prints 23 for the 32-register mode.
            EF_RH850_REGMODE32 => ", regmode:23",
            EF_RH850_GP_FIX => ", r4 fixed",
            EF_RH850_GP_NOFIX => ", r4 free",
            EF_RH850_EP_FIX => ", r30 fixed",
            EF_RH850_EP_NOFIX => ", r30 free",
            EF_RH850_TP_FIX => ", r5 fixed",
            EF_RH850_TP_NOFIX => ", r5 free",
            EF_RH850_REG2_RESERVE => ", r2 fixed",
            EF_RH850_REG2_NORESERVE => ", r2 free",
            _ => "",
        });
    }
}

/// `EM_V850` and `EM_CYGNUS_V850`.
fn v850(b: &mut String, e_flags: u32) {
    b.push_str(match e_flags & EF_V850_ARCH {
        E_V850E3V5_ARCH => ", v850e3v5",
        E_V850E2V3_ARCH => ", v850e2v3",
        E_V850E2_ARCH => ", v850e2",
        E_V850E1_ARCH => ", v850e1",
        E_V850E_ARCH => ", v850e",
        E_V850_ARCH => ", v850",
        _ => ", unknown v850 architecture variant",
    });
}

/// `EM_MIPS` and `EM_MIPS_RS3_LE`.
fn mips(b: &mut String, e_flags: u32) {
    add_if(b, e_flags & EF_MIPS_NOREORDER != 0, ", noreorder");
    add_if(b, e_flags & EF_MIPS_PIC != 0, ", pic");
    add_if(b, e_flags & EF_MIPS_CPIC != 0, ", cpic");
    add_if(b, e_flags & EF_MIPS_UCODE != 0, ", ugen_reserved");
    add_if(b, e_flags & EF_MIPS_ABI2 != 0, ", abi2");
    add_if(b, e_flags & EF_MIPS_OPTIONS_FIRST != 0, ", odk first");
    add_if(b, e_flags & EF_MIPS_32BITMODE != 0, ", 32bitmode");
    add_if(b, e_flags & EF_MIPS_NAN2008 != 0, ", nan2008");
    add_if(b, e_flags & EF_MIPS_FP64 != 0, ", fp64");
    b.push_str(match e_flags & EF_MIPS_MACH {
        E_MIPS_MACH_3900 => ", 3900",
        E_MIPS_MACH_4010 => ", 4010",
        E_MIPS_MACH_4100 => ", 4100",
        E_MIPS_MACH_4111 => ", 4111",
        E_MIPS_MACH_4120 => ", 4120",
        E_MIPS_MACH_4650 => ", 4650",
        E_MIPS_MACH_5400 => ", 5400",
        E_MIPS_MACH_5500 => ", 5500",
        E_MIPS_MACH_5900 => ", 5900",
        E_MIPS_MACH_SB1 => ", sb1",
        E_MIPS_MACH_9000 => ", 9000",
        E_MIPS_MACH_LS2E => ", loongson-2e",
        E_MIPS_MACH_LS2F => ", loongson-2f",
        E_MIPS_MACH_GS464 => ", gs464",
        E_MIPS_MACH_GS464E => ", gs464e",
        E_MIPS_MACH_GS264E => ", gs264e",
        E_MIPS_MACH_OCTEON => ", octeon",
        E_MIPS_MACH_OCTEON2 => ", octeon2",
        E_MIPS_MACH_OCTEON3 => ", octeon3",
        E_MIPS_MACH_XLR => ", xlr",
        E_MIPS_MACH_IAMR2 => ", interaptiv-mr2",
        // Not in the MIPS ABI (a GNU extension): 0 says nothing.
        0 => "",
        _ => ", unknown CPU",
    });
    b.push_str(match e_flags & EF_MIPS_ABI {
        E_MIPS_ABI_O32 => ", o32",
        E_MIPS_ABI_O64 => ", o64",
        E_MIPS_ABI_EABI32 => ", eabi32",
        E_MIPS_ABI_EABI64 => ", eabi64",
        // Likewise a GNU extension.
        0 => "",
        _ => ", unknown ABI",
    });
    add_if(b, e_flags & EF_MIPS_ARCH_ASE_MDMX != 0, ", mdmx");
    add_if(b, e_flags & EF_MIPS_ARCH_ASE_M16 != 0, ", mips16");
    add_if(b, e_flags & EF_MIPS_ARCH_ASE_MICROMIPS != 0, ", micromips");
    b.push_str(match e_flags & EF_MIPS_ARCH {
        E_MIPS_ARCH_1 => ", mips1",
        E_MIPS_ARCH_2 => ", mips2",
        E_MIPS_ARCH_3 => ", mips3",
        E_MIPS_ARCH_4 => ", mips4",
        E_MIPS_ARCH_5 => ", mips5",
        E_MIPS_ARCH_32 => ", mips32",
        E_MIPS_ARCH_32R2 => ", mips32r2",
        E_MIPS_ARCH_32R6 => ", mips32r6",
        E_MIPS_ARCH_64 => ", mips64",
        E_MIPS_ARCH_64R2 => ", mips64r2",
        E_MIPS_ARCH_64R6 => ", mips64r6",
        _ => ", unknown ISA",
    });
}

/// GNU's `decode_NDS32_machine_flags`.
fn nds32(b: &mut String, e_flags: u32) {
    const ABI_STRINGS: [&str; 6] = ["ABI v0", "ABI v1", "ABI v2", "ABI v2fp", "AABI", "ABI2 FP+"];
    const VER_STRINGS: [&str; 3] = [
        "Andes ELF V1.3 or older",
        "Andes ELF V1.3.1",
        "Andes ELF V1.4",
    ];
    const ARCH_STRINGS: [&str; 5] = [
        "",
        "Andes Star v1.0",
        "Andes Star v2.0",
        "Andes Star v3.0",
        "Andes Star v3.0m",
    ];
    let abi = e_flags & EF_NDS_ABI;
    let arch = e_flags & EF_NDS_ARCH;
    let config = e_flags & EF_NDS_INST;
    let version = e_flags & EF_NDS32_ELF_VERSION;
    let pick = |table: &[&'static str], i: u32| table.get(i as usize).copied().unwrap_or("");

    match abi {
        E_NDS_ABI_V0 | E_NDS_ABI_V1 | E_NDS_ABI_V2 | E_NDS_ABI_V2FP | E_NDS_ABI_AABI
        | E_NDS_ABI_V2FP_PLUS => {
            let _ = write!(b, ", {}", pick(&ABI_STRINGS, abi >> EF_NDS_ABI_SHIFT));
        }
        _ => b.push_str(", <unrecognized ABI>"),
    }
    match version {
        E_NDS32_ELF_VER_1_2 | E_NDS32_ELF_VER_1_3 | E_NDS32_ELF_VER_1_4 => {
            let _ = write!(
                b,
                ", {}",
                pick(&VER_STRINGS, version >> EF_NDS32_ELF_VERSION_SHIFT)
            );
        }
        _ => b.push_str(", <unrecognized ELF version number>"),
    }
    if abi == E_NDS_ABI_V0 {
        // The old ABI, only used by the N1213HC, which has performance extension 1.
        b.push_str(", Andes Star v1.0, N1213HC, MAC, PERF1");
        add_if(b, arch == E_NDS_ARCH_STAR_V1_0, ", 16b");
        return;
    }
    match arch {
        E_NDS_ARCH_STAR_V1_0 | E_NDS_ARCH_STAR_V2_0 | E_NDS_ARCH_STAR_V3_0
        | E_NDS_ARCH_STAR_V3_M => {
            let _ = write!(b, ", {}", pick(&ARCH_STRINGS, arch >> EF_NDS_ARCH_SHIFT));
        }
        _ => {
            // The architecture says how to read the rest: GNU stops here.
            b.push_str(", <unrecognized architecture>");
            return;
        }
    }
    let old_elf = version <= E_NDS32_ELF_VER_1_3;
    if arch == E_NDS_ARCH_STAR_V1_0 {
        add_if(b, config & E_NDS32_HAS_MFUSR_PC_INST != 0, ", MFUSR_PC");
        add_if(b, config & E_NDS32_HAS_NO_MAC_INST == 0, ", MAC");
        add_if(b, config & E_NDS32_HAS_DIV_INST != 0, ", DIV");
        add_if(b, config & E_NDS32_HAS_16BIT_INST != 0, ", 16b");
    } else {
        if config & E_NDS32_HAS_MFUSR_PC_INST != 0 {
            b.push_str(if old_elf { ", [B8]" } else { ", EX9" });
        }
        add_if(b, config & E_NDS32_HAS_MAC_DX_INST != 0, ", MAC_DX");
        add_if(b, config & E_NDS32_HAS_DIV_DX_INST != 0, ", DIV_DX");
        if config & E_NDS32_HAS_16BIT_INST != 0 {
            b.push_str(if old_elf { ", 16b" } else { ", IFC" });
        }
    }
    add_if(b, config & E_NDS32_HAS_EXT_INST != 0, ", PERF1");
    add_if(b, config & E_NDS32_HAS_EXT2_INST != 0, ", PERF2");
    let fpu_sp = config & E_NDS32_HAS_FPU_INST != 0;
    let fpu_dp = config & E_NDS32_HAS_FPU_DP_INST != 0;
    let fpu_mac = config & E_NDS32_HAS_FPU_MAC_INST != 0;
    add_if(b, fpu_sp, ", FPU_SP");
    add_if(b, fpu_dp, ", FPU_DP");
    add_if(b, fpu_mac, ", FPU_MAC");
    if fpu_sp || fpu_dp || fpu_mac {
        b.push_str(
            match (config & E_NDS32_FPU_REG_CONF) >> E_NDS32_FPU_REG_CONF_SHIFT {
                E_NDS32_FPU_REG_8SP_4DP => ", FPU_REG:8/4",
                E_NDS32_FPU_REG_16SP_8DP => ", FPU_REG:16/8",
                E_NDS32_FPU_REG_32SP_16DP => ", FPU_REG:32/16",
                E_NDS32_FPU_REG_32SP_32DP => ", FPU_REG:32/32",
                _ => "",
            },
        );
    }
    add_if(b, config & E_NDS32_HAS_AUDIO_INST != 0, ", AUDIO");
    add_if(b, config & E_NDS32_HAS_STRING_INST != 0, ", STR");
    add_if(b, config & E_NDS32_HAS_REDUCED_REGS != 0, ", 16REG");
    if config & E_NDS32_HAS_VIDEO_INST != 0 {
        b.push_str(if old_elf { ", VIDEO" } else { ", SATURATION" });
    }
    add_if(b, config & E_NDS32_HAS_ENCRIPT_INST != 0, ", ENCRP");
    add_if(b, config & E_NDS32_HAS_L2C_INST != 0, ", L2C");
}

/// `EM_RISCV`.
fn riscv(b: &mut String, e_flags: u32) {
    add_if(b, e_flags & EF_RISCV_RVC != 0, ", RVC");
    add_if(b, e_flags & EF_RISCV_RVE != 0, ", RVE");
    add_if(b, e_flags & EF_RISCV_TSO != 0, ", TSO");
    b.push_str(match e_flags & EF_RISCV_FLOAT_ABI {
        EF_RISCV_FLOAT_ABI_SOFT => ", soft-float ABI",
        EF_RISCV_FLOAT_ABI_SINGLE => ", single-float ABI",
        EF_RISCV_FLOAT_ABI_DOUBLE => ", double-float ABI",
        EF_RISCV_FLOAT_ABI_QUAD => ", quad-float ABI",
        _ => "",
    });
}

/// `EM_SH`.
fn sh(b: &mut String, e_flags: u32) {
    b.push_str(match e_flags & EF_SH_MACH_MASK {
        EF_SH1 => ", sh1",
        EF_SH2 => ", sh2",
        EF_SH3 => ", sh3",
        EF_SH_DSP => ", sh-dsp",
        EF_SH3_DSP => ", sh3-dsp",
        EF_SH4AL_DSP => ", sh4al-dsp",
        EF_SH3E => ", sh3e",
        EF_SH4 => ", sh4",
        EF_SH5 => ", sh5",
        EF_SH2E => ", sh2e",
        EF_SH4A => ", sh4a",
        EF_SH2A => ", sh2a",
        EF_SH4_NOFPU => ", sh4-nofpu",
        EF_SH4A_NOFPU => ", sh4a-nofpu",
        EF_SH2A_NOFPU => ", sh2a-nofpu",
        EF_SH3_NOMMU => ", sh3-nommu",
        EF_SH4_NOMMU_NOFPU => ", sh4-nommu-nofpu",
        EF_SH2A_SH4_NOFPU => ", sh2a-nofpu-or-sh4-nommu-nofpu",
        EF_SH2A_SH3_NOFPU => ", sh2a-nofpu-or-sh3-nommu",
        EF_SH2A_SH4 => ", sh2a-or-sh4",
        EF_SH2A_SH3E => ", sh2a-or-sh3e",
        _ => ", unknown ISA",
    });
    add_if(b, e_flags & EF_SH_PIC != 0, ", pic");
    add_if(b, e_flags & EF_SH_FDPIC != 0, ", fdpic");
}

/// `EM_SPARCV9`.
fn sparcv9(b: &mut String, e_flags: u32) {
    add_if(b, e_flags & EF_SPARC_32PLUS != 0, ", v8+");
    add_if(b, e_flags & EF_SPARC_SUN_US1 != 0, ", ultrasparcI");
    add_if(b, e_flags & EF_SPARC_SUN_US3 != 0, ", ultrasparcIII");
    add_if(b, e_flags & EF_SPARC_HAL_R1 != 0, ", halr1");
    add_if(b, e_flags & EF_SPARC_LEDATA != 0, ", ledata");
    b.push_str(match e_flags & EF_SPARCV9_MM {
        EF_SPARCV9_TSO => ", tso",
        EF_SPARCV9_PSO => ", pso",
        EF_SPARCV9_RMO => ", rmo",
        _ => "",
    });
}

/// `EM_PARISC`.
fn parisc(b: &mut String, e_flags: u32) {
    b.push_str(match e_flags & EF_PARISC_ARCH {
        EFA_PARISC_1_0 => ", PA-RISC 1.0",
        EFA_PARISC_1_1 => ", PA-RISC 1.1",
        EFA_PARISC_2_0 => ", PA-RISC 2.0",
        _ => "",
    });
    add_if(b, e_flags & EF_PARISC_TRAPNIL != 0, ", trapnil");
    add_if(b, e_flags & EF_PARISC_EXT != 0, ", ext");
    add_if(b, e_flags & EF_PARISC_LSB != 0, ", lsb");
    add_if(b, e_flags & EF_PARISC_WIDE != 0, ", wide");
    add_if(b, e_flags & EF_PARISC_NO_KABP != 0, ", no kabp");
    add_if(b, e_flags & EF_PARISC_LAZYSWAP != 0, ", lazyswap");
}

/// `EM_IA_64` (with the OpenVMS completion code when `EI_OSABI` says OpenVMS).
fn ia64(b: &mut String, e_flags: u32, osabi: u8) {
    b.push_str(if e_flags & EF_IA_64_ABI64 != 0 {
        ", 64-bit"
    } else {
        ", 32-bit"
    });
    add_if(b, e_flags & EF_IA_64_REDUCEDFP != 0, ", reduced fp model");
    if e_flags & EF_IA_64_NOFUNCDESC_CONS_GP != 0 {
        b.push_str(", no function descriptors, constant gp");
    } else if e_flags & EF_IA_64_CONS_GP != 0 {
        b.push_str(", constant gp");
    }
    add_if(b, e_flags & EF_IA_64_ABSOLUTE != 0, ", absolute");
    if osabi == ELFOSABI_OPENVMS {
        add_if(b, e_flags & EF_IA_64_VMS_LINKAGES != 0, ", vms_linkages");
        // The two-bit code has all four values named, so GNU's "Unrecognised IA64 VMS
        // Command Code" warning cannot happen.
        b.push_str(match e_flags & EF_IA_64_VMS_COMCOD {
            EF_IA_64_VMS_COMCOD_SUCCESS => "",
            EF_IA_64_VMS_COMCOD_WARNING => ", warning",
            EF_IA_64_VMS_COMCOD_ERROR => ", error",
            EF_IA_64_VMS_COMCOD_ABORT => ", abort",
            _ => ", <unknown>",
        });
    }
}

/// `EM_RX`.
fn rx(b: &mut String, e_flags: u32) {
    add_if(
        b,
        e_flags & E_FLAG_RX_64BIT_DOUBLES != 0,
        ", 64-bit doubles",
    );
    add_if(b, e_flags & E_FLAG_RX_DSP != 0, ", dsp");
    add_if(b, e_flags & E_FLAG_RX_PID != 0, ", pid");
    add_if(b, e_flags & E_FLAG_RX_ABI != 0, ", RX ABI");
    if e_flags & E_FLAG_RX_SINSNS_SET != 0 {
        b.push_str(if e_flags & E_FLAG_RX_SINSNS_YES != 0 {
            ", uses String instructions"
        } else {
            ", bans String instructions"
        });
    }
    add_if(b, e_flags & E_FLAG_RX_V2 != 0, ", V2");
    add_if(b, e_flags & E_FLAG_RX_V3 != 0, ", V3");
}

/// `EM_MSP430`.
#[allow(non_upper_case_globals)] // GNU's names, `E_MSP430_MACH_MSP430x11` and the like.
fn msp430(b: &mut String, e_flags: u32) {
    b.push_str(": architecture variant: ");
    b.push_str(match e_flags & EF_MSP430_MACH {
        E_MSP430_MACH_MSP430x11 => "MSP430x11",
        // Sic: GNU's name has a trailing space.
        E_MSP430_MACH_MSP430x11x1 => "MSP430x11x1 ",
        E_MSP430_MACH_MSP430x12 => "MSP430x12",
        E_MSP430_MACH_MSP430x13 => "MSP430x13",
        E_MSP430_MACH_MSP430x14 => "MSP430x14",
        E_MSP430_MACH_MSP430x15 => "MSP430x15",
        E_MSP430_MACH_MSP430x16 => "MSP430x16",
        E_MSP430_MACH_MSP430x31 => "MSP430x31",
        E_MSP430_MACH_MSP430x32 => "MSP430x32",
        E_MSP430_MACH_MSP430x33 => "MSP430x33",
        E_MSP430_MACH_MSP430x41 => "MSP430x41",
        E_MSP430_MACH_MSP430x42 => "MSP430x42",
        E_MSP430_MACH_MSP430x43 => "MSP430x43",
        E_MSP430_MACH_MSP430x44 => "MSP430x44",
        E_MSP430_MACH_MSP430X => "MSP430X",
        _ => ": unknown",
    });
    add_if(
        b,
        e_flags & !EF_MSP430_MACH != 0,
        ": unknown extra flag bits also present",
    );
}

/// `EM_LOONGARCH`: the float ABI, then the object file ABI version.
fn loongarch(b: &mut String, e_flags: u32) {
    b.push_str(match e_flags & EF_LOONGARCH_ABI_MODIFIER_MASK {
        EF_LOONGARCH_ABI_SOFT_FLOAT => ", SOFT-FLOAT",
        EF_LOONGARCH_ABI_SINGLE_FLOAT => ", SINGLE-FLOAT",
        EF_LOONGARCH_ABI_DOUBLE_FLOAT => ", DOUBLE-FLOAT",
        _ => "",
    });
    b.push_str(match e_flags & EF_LOONGARCH_OBJABI_MASK {
        0 => ", OBJ-v0",
        EF_LOONGARCH_OBJABI_V1 => ", OBJ-v1",
        _ => "",
    });
}
