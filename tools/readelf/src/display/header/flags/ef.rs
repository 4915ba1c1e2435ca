//! The `e_flags` constants GNU's `get_machine_flags` uses, named and valued as in
//! binutils 2.40's `include/elf/*.h`, and the machine and OS/ABI numbers
//! `libelf::consts` lacks (from `include/elf/common.h`).

// common.h: machines and OS/ABIs libelf::consts has no name for.
pub const EM_OR1K: u16 = libelf::consts::EM_OPENRISC;
pub const ELFOSABI_AMDGPU_HSA: u8 = 64;

// arc.h
pub const EF_ARC_MACH_MSK: u32 = 0x0000_00ff;
pub const EF_ARC_OSABI_MSK: u32 = 0x0000_0f00;
pub const E_ARC_MACH_ARC600: u32 = 0x0000_0002;
pub const E_ARC_MACH_ARC601: u32 = 0x0000_0004;
pub const E_ARC_MACH_ARC700: u32 = 0x0000_0003;
pub const EF_ARC_CPU_ARCV2EM: u32 = 0x0000_0005;
pub const EF_ARC_CPU_ARCV2HS: u32 = 0x0000_0006;
pub const E_ARC_OSABI_ORIG: u32 = 0x0000_0000;
pub const E_ARC_OSABI_V2: u32 = 0x0000_0200;
pub const E_ARC_OSABI_V3: u32 = 0x0000_0300;
pub const E_ARC_OSABI_V4: u32 = 0x0000_0400;

// arm.h
pub const EF_ARM_RELEXEC: u32 = 0x01;
pub const EF_ARM_INTERWORK: u32 = 0x04;
pub const EF_ARM_APCS_26: u32 = 0x08;
pub const EF_ARM_APCS_FLOAT: u32 = 0x10;
pub const EF_ARM_PIC: u32 = 0x20;
pub const EF_ARM_ALIGN8: u32 = 0x40;
pub const EF_ARM_NEW_ABI: u32 = 0x80;
pub const EF_ARM_OLD_ABI: u32 = 0x100;
pub const EF_ARM_SOFT_FLOAT: u32 = 0x200;
pub const EF_ARM_VFP_FLOAT: u32 = 0x400;
pub const EF_ARM_MAVERICK_FLOAT: u32 = 0x800;
pub const EF_ARM_SYMSARESORTED: u32 = 0x04;
pub const EF_ARM_DYNSYMSUSESEGIDX: u32 = 0x08;
pub const EF_ARM_MAPSYMSFIRST: u32 = 0x10;
pub const EF_ARM_ABI_FLOAT_SOFT: u32 = 0x200;
pub const EF_ARM_ABI_FLOAT_HARD: u32 = 0x400;
pub const EF_ARM_LE8: u32 = 0x0040_0000;
pub const EF_ARM_EABIMASK: u32 = 0xff00_0000;
pub const EF_ARM_EABI_UNKNOWN: u32 = 0x0000_0000;
pub const EF_ARM_EABI_VER1: u32 = 0x0100_0000;
pub const EF_ARM_EABI_VER2: u32 = 0x0200_0000;
pub const EF_ARM_EABI_VER3: u32 = 0x0300_0000;
pub const EF_ARM_EABI_VER4: u32 = 0x0400_0000;
pub const EF_ARM_EABI_VER5: u32 = 0x0500_0000;

// avr.h
pub const EF_AVR_MACH: u32 = 0x7f;
pub const EF_AVR_LINKRELAX_PREPARED: u32 = 0x80;
pub const E_AVR_MACH_AVR1: u32 = 1;
pub const E_AVR_MACH_AVR2: u32 = 2;
pub const E_AVR_MACH_AVR25: u32 = 25;
pub const E_AVR_MACH_AVR3: u32 = 3;
pub const E_AVR_MACH_AVR31: u32 = 31;
pub const E_AVR_MACH_AVR35: u32 = 35;
pub const E_AVR_MACH_AVR4: u32 = 4;
pub const E_AVR_MACH_AVR5: u32 = 5;
pub const E_AVR_MACH_AVR51: u32 = 51;
pub const E_AVR_MACH_AVR6: u32 = 6;
pub const E_AVR_MACH_AVRTINY: u32 = 100;
pub const E_AVR_MACH_XMEGA1: u32 = 101;
pub const E_AVR_MACH_XMEGA2: u32 = 102;
pub const E_AVR_MACH_XMEGA3: u32 = 103;
pub const E_AVR_MACH_XMEGA4: u32 = 104;
pub const E_AVR_MACH_XMEGA5: u32 = 105;
pub const E_AVR_MACH_XMEGA6: u32 = 106;
pub const E_AVR_MACH_XMEGA7: u32 = 107;

// bfin.h
pub const EF_BFIN_PIC: u32 = 0x0000_0001;
pub const EF_BFIN_FDPIC: u32 = 0x0000_0002;
pub const EF_BFIN_CODE_IN_L1: u32 = 0x0000_0010;
pub const EF_BFIN_DATA_IN_L1: u32 = 0x0000_0020;

// frv.h
pub const EF_FRV_CPU_MASK: u32 = 0xff00_0000;
pub const EF_FRV_CPU_GENERIC: u32 = 0x0000_0000;
pub const EF_FRV_CPU_FR500: u32 = 0x0100_0000;
pub const EF_FRV_CPU_FR300: u32 = 0x0200_0000;
pub const EF_FRV_CPU_SIMPLE: u32 = 0x0300_0000;
pub const EF_FRV_CPU_TOMCAT: u32 = 0x0400_0000;
pub const EF_FRV_CPU_FR400: u32 = 0x0500_0000;
pub const EF_FRV_CPU_FR550: u32 = 0x0600_0000;
pub const EF_FRV_CPU_FR405: u32 = 0x0700_0000;
pub const EF_FRV_CPU_FR450: u32 = 0x0800_0000;

// m68k.h
pub const EF_M68K_CPU32: u32 = 0x0081_0000;
pub const EF_M68K_M68000: u32 = 0x0100_0000;
pub const EF_M68K_CFV4E: u32 = 0x0000_8000;
pub const EF_M68K_FIDO: u32 = 0x0200_0000;
pub const EF_M68K_ARCH_MASK: u32 = EF_M68K_M68000 | EF_M68K_CPU32 | EF_M68K_CFV4E | EF_M68K_FIDO;
pub const EF_M68K_CF_ISA_MASK: u32 = 0x0f;
pub const EF_M68K_CF_ISA_A_NODIV: u32 = 0x01;
pub const EF_M68K_CF_ISA_A: u32 = 0x02;
pub const EF_M68K_CF_ISA_A_PLUS: u32 = 0x03;
pub const EF_M68K_CF_ISA_B_NOUSP: u32 = 0x04;
pub const EF_M68K_CF_ISA_B: u32 = 0x05;
pub const EF_M68K_CF_ISA_C: u32 = 0x06;
pub const EF_M68K_CF_ISA_C_NODIV: u32 = 0x07;
pub const EF_M68K_CF_MAC_MASK: u32 = 0x30;
pub const EF_M68K_CF_MAC: u32 = 0x10;
pub const EF_M68K_CF_EMAC: u32 = 0x20;
pub const EF_M68K_CF_EMAC_B: u32 = 0x30;
pub const EF_M68K_CF_FLOAT: u32 = 0x40;

// amdgpu.h
pub const ELFABIVERSION_AMDGPU_HSA_V3: u8 = 1;
pub const EF_AMDGPU_MACH: u32 = 0x0ff;
pub const EF_AMDGPU_MACH_AMDGCN_GFX600: u32 = 0x020;
pub const EF_AMDGPU_MACH_AMDGCN_GFX601: u32 = 0x021;
pub const EF_AMDGPU_MACH_AMDGCN_GFX700: u32 = 0x022;
pub const EF_AMDGPU_MACH_AMDGCN_GFX701: u32 = 0x023;
pub const EF_AMDGPU_MACH_AMDGCN_GFX702: u32 = 0x024;
pub const EF_AMDGPU_MACH_AMDGCN_GFX703: u32 = 0x025;
pub const EF_AMDGPU_MACH_AMDGCN_GFX704: u32 = 0x026;
pub const EF_AMDGPU_MACH_AMDGCN_GFX801: u32 = 0x028;
pub const EF_AMDGPU_MACH_AMDGCN_GFX802: u32 = 0x029;
pub const EF_AMDGPU_MACH_AMDGCN_GFX803: u32 = 0x02a;
pub const EF_AMDGPU_MACH_AMDGCN_GFX810: u32 = 0x02b;
pub const EF_AMDGPU_MACH_AMDGCN_GFX900: u32 = 0x02c;
pub const EF_AMDGPU_MACH_AMDGCN_GFX902: u32 = 0x02d;
pub const EF_AMDGPU_MACH_AMDGCN_GFX904: u32 = 0x02e;
pub const EF_AMDGPU_MACH_AMDGCN_GFX906: u32 = 0x02f;
pub const EF_AMDGPU_MACH_AMDGCN_GFX908: u32 = 0x030;
pub const EF_AMDGPU_MACH_AMDGCN_GFX909: u32 = 0x031;
pub const EF_AMDGPU_MACH_AMDGCN_GFX90C: u32 = 0x032;
pub const EF_AMDGPU_MACH_AMDGCN_GFX1010: u32 = 0x033;
pub const EF_AMDGPU_MACH_AMDGCN_GFX1011: u32 = 0x034;
pub const EF_AMDGPU_MACH_AMDGCN_GFX1012: u32 = 0x035;
pub const EF_AMDGPU_MACH_AMDGCN_GFX1030: u32 = 0x036;
pub const EF_AMDGPU_MACH_AMDGCN_GFX1031: u32 = 0x037;
pub const EF_AMDGPU_MACH_AMDGCN_GFX1032: u32 = 0x038;
pub const EF_AMDGPU_MACH_AMDGCN_GFX1033: u32 = 0x039;
pub const EF_AMDGPU_MACH_AMDGCN_GFX602: u32 = 0x03a;
pub const EF_AMDGPU_MACH_AMDGCN_GFX705: u32 = 0x03b;
pub const EF_AMDGPU_MACH_AMDGCN_GFX805: u32 = 0x03c;
pub const EF_AMDGPU_MACH_AMDGCN_GFX1035: u32 = 0x03d;
pub const EF_AMDGPU_MACH_AMDGCN_GFX1034: u32 = 0x03e;
pub const EF_AMDGPU_MACH_AMDGCN_GFX90A: u32 = 0x03f;
pub const EF_AMDGPU_MACH_AMDGCN_GFX940: u32 = 0x040;
pub const EF_AMDGPU_MACH_AMDGCN_GFX1013: u32 = 0x042;
pub const EF_AMDGPU_MACH_AMDGCN_GFX1036: u32 = 0x045;
pub const EF_AMDGPU_FEATURE_XNACK_V3: u32 = 0x100;
pub const EF_AMDGPU_FEATURE_SRAMECC_V3: u32 = 0x200;
pub const EF_AMDGPU_FEATURE_XNACK_V4: u32 = 0x300;
pub const EF_AMDGPU_FEATURE_XNACK_UNSUPPORTED_V4: u32 = 0x000;
pub const EF_AMDGPU_FEATURE_XNACK_ANY_V4: u32 = 0x100;
pub const EF_AMDGPU_FEATURE_XNACK_OFF_V4: u32 = 0x200;
pub const EF_AMDGPU_FEATURE_XNACK_ON_V4: u32 = 0x300;
pub const EF_AMDGPU_FEATURE_SRAMECC_V4: u32 = 0xc00;
pub const EF_AMDGPU_FEATURE_SRAMECC_UNSUPPORTED_V4: u32 = 0x000;
pub const EF_AMDGPU_FEATURE_SRAMECC_ANY_V4: u32 = 0x400;
pub const EF_AMDGPU_FEATURE_SRAMECC_OFF_V4: u32 = 0x800;
pub const EF_AMDGPU_FEATURE_SRAMECC_ON_V4: u32 = 0xc00;

// mep.h
pub const EF_MEP_CPU_MASK: u32 = 0xff00_0000;
pub const EF_MEP_CPU_MEP: u32 = 0x0000_0000;
pub const EF_MEP_CPU_C2: u32 = 0x0100_0000;
pub const EF_MEP_CPU_C3: u32 = 0x0200_0000;
pub const EF_MEP_CPU_C4: u32 = 0x0400_0000;
pub const EF_MEP_CPU_C5: u32 = 0x0800_0000;
pub const EF_MEP_CPU_H1: u32 = 0x1000_0000;
pub const EF_MEP_COP_MASK: u32 = 0x00ff_0000;
pub const EF_MEP_COP_NONE: u32 = 0x0000_0000;
pub const EF_MEP_COP_AVC: u32 = 0x0001_0000;
pub const EF_MEP_COP_AVC2: u32 = 0x0002_0000;
pub const EF_MEP_COP_FMAX: u32 = 0x0003_0000;
pub const EF_MEP_COP_IVC2: u32 = 0x0006_0000;
pub const EF_MEP_LIBRARY: u32 = 0x0000_0100;
pub const EF_MEP_INDEX_MASK: u32 = 0x0000_00ff;
pub const EF_MEP_ALL_FLAGS: u32 = 0xffff_01ff;

// ppc.h, ppc64.h
pub const EF_PPC_EMB: u32 = 0x8000_0000;
pub const EF_PPC_RELOCATABLE: u32 = 0x0001_0000;
pub const EF_PPC_RELOCATABLE_LIB: u32 = 0x0000_8000;
pub const EF_PPC64_ABI: u32 = 3;

// v850.h
pub const EF_V850_ARCH: u32 = 0xf000_0000;
pub const E_V850_ARCH: u32 = 0x0000_0000;
pub const E_V850E_ARCH: u32 = 0x1000_0000;
pub const E_V850E1_ARCH: u32 = 0x2000_0000;
pub const E_V850E2_ARCH: u32 = 0x3000_0000;
pub const E_V850E2V3_ARCH: u32 = 0x4000_0000;
pub const E_V850E3V5_ARCH: u32 = 0x6000_0000;
pub const EF_RH850_ABI: u32 = 0xf000_0000;
pub const EF_V800_850E3: u32 = 0x0010_0000;
pub const EF_RH850_FPU_DOUBLE: u32 = 0x0000_0001;
pub const EF_RH850_FPU_SINGLE: u32 = 0x0000_0002;
pub const EF_RH850_REGMODE22: u32 = 0x0000_0020;
pub const EF_RH850_REGMODE32: u32 = 0x0000_0040;
pub const EF_RH850_GP_FIX: u32 = 0x0000_0100;
pub const EF_RH850_GP_NOFIX: u32 = 0x0000_0200;
pub const EF_RH850_EP_FIX: u32 = 0x0000_0400;
pub const EF_RH850_EP_NOFIX: u32 = 0x0000_0800;
pub const EF_RH850_TP_FIX: u32 = 0x0000_1000;
pub const EF_RH850_TP_NOFIX: u32 = 0x0000_2000;
pub const EF_RH850_REG2_RESERVE: u32 = 0x0000_4000;
pub const EF_RH850_REG2_NORESERVE: u32 = 0x0000_8000;

// m32r.h
pub const EF_M32R_ARCH: u32 = 0x3000_0000;
pub const E_M32R_ARCH: u32 = 0x0000_0000;

// mips.h
pub const EF_MIPS_NOREORDER: u32 = 0x0000_0001;
pub const EF_MIPS_PIC: u32 = 0x0000_0002;
pub const EF_MIPS_CPIC: u32 = 0x0000_0004;
pub const EF_MIPS_UCODE: u32 = 0x0000_0010;
pub const EF_MIPS_ABI2: u32 = 0x0000_0020;
pub const EF_MIPS_OPTIONS_FIRST: u32 = 0x0000_0080;
pub const EF_MIPS_32BITMODE: u32 = 0x0000_0100;
pub const EF_MIPS_FP64: u32 = 0x0000_0200;
pub const EF_MIPS_NAN2008: u32 = 0x0000_0400;
pub const EF_MIPS_ARCH_ASE_MDMX: u32 = 0x0800_0000;
pub const EF_MIPS_ARCH_ASE_M16: u32 = 0x0400_0000;
pub const EF_MIPS_ARCH_ASE_MICROMIPS: u32 = 0x0200_0000;
pub const EF_MIPS_ARCH: u32 = 0xf000_0000;
pub const E_MIPS_ARCH_1: u32 = 0x0000_0000;
pub const E_MIPS_ARCH_2: u32 = 0x1000_0000;
pub const E_MIPS_ARCH_3: u32 = 0x2000_0000;
pub const E_MIPS_ARCH_4: u32 = 0x3000_0000;
pub const E_MIPS_ARCH_5: u32 = 0x4000_0000;
pub const E_MIPS_ARCH_32: u32 = 0x5000_0000;
pub const E_MIPS_ARCH_64: u32 = 0x6000_0000;
pub const E_MIPS_ARCH_32R2: u32 = 0x7000_0000;
pub const E_MIPS_ARCH_64R2: u32 = 0x8000_0000;
pub const E_MIPS_ARCH_32R6: u32 = 0x9000_0000;
pub const E_MIPS_ARCH_64R6: u32 = 0xa000_0000;
pub const EF_MIPS_ABI: u32 = 0x0000_f000;
pub const E_MIPS_ABI_O32: u32 = 0x0000_1000;
pub const E_MIPS_ABI_O64: u32 = 0x0000_2000;
pub const E_MIPS_ABI_EABI32: u32 = 0x0000_3000;
pub const E_MIPS_ABI_EABI64: u32 = 0x0000_4000;
pub const EF_MIPS_MACH: u32 = 0x00ff_0000;
pub const E_MIPS_MACH_3900: u32 = 0x0081_0000;
pub const E_MIPS_MACH_4010: u32 = 0x0082_0000;
pub const E_MIPS_MACH_4100: u32 = 0x0083_0000;
pub const E_MIPS_MACH_4650: u32 = 0x0085_0000;
pub const E_MIPS_MACH_4120: u32 = 0x0087_0000;
pub const E_MIPS_MACH_4111: u32 = 0x0088_0000;
pub const E_MIPS_MACH_SB1: u32 = 0x008a_0000;
pub const E_MIPS_MACH_OCTEON: u32 = 0x008b_0000;
pub const E_MIPS_MACH_XLR: u32 = 0x008c_0000;
pub const E_MIPS_MACH_OCTEON2: u32 = 0x008d_0000;
pub const E_MIPS_MACH_OCTEON3: u32 = 0x008e_0000;
pub const E_MIPS_MACH_5400: u32 = 0x0091_0000;
pub const E_MIPS_MACH_5900: u32 = 0x0092_0000;
pub const E_MIPS_MACH_IAMR2: u32 = 0x0093_0000;
pub const E_MIPS_MACH_5500: u32 = 0x0098_0000;
pub const E_MIPS_MACH_9000: u32 = 0x0099_0000;
pub const E_MIPS_MACH_LS2E: u32 = 0x00a0_0000;
pub const E_MIPS_MACH_LS2F: u32 = 0x00a1_0000;
pub const E_MIPS_MACH_GS464: u32 = 0x00a2_0000;
pub const E_MIPS_MACH_GS464E: u32 = 0x00a3_0000;
pub const E_MIPS_MACH_GS264E: u32 = 0x00a4_0000;

// nds32.h
pub const EF_NDS_ARCH: u32 = 0xf000_0000;
pub const EF_NDS_ARCH_SHIFT: u32 = 28;
pub const E_NDS_ARCH_STAR_V1_0: u32 = 0x1000_0000;
pub const E_NDS_ARCH_STAR_V2_0: u32 = 0x2000_0000;
pub const E_NDS_ARCH_STAR_V3_0: u32 = 0x3000_0000;
pub const E_NDS_ARCH_STAR_V3_M: u32 = 0x4000_0000;
pub const EF_NDS_INST: u32 = 0x0fff_ff00;
pub const E_NDS32_HAS_MFUSR_PC_INST: u32 = 0x0000_0100;
pub const E_NDS32_HAS_EXT_INST: u32 = 0x0000_0200;
pub const E_NDS32_HAS_EXT2_INST: u32 = 0x0000_0400;
pub const E_NDS32_HAS_FPU_INST: u32 = 0x0000_0800;
pub const E_NDS32_HAS_AUDIO_INST: u32 = 0x0000_1000;
pub const E_NDS32_HAS_DIV_INST: u32 = 0x0000_2000;
pub const E_NDS32_HAS_DIV_DX_INST: u32 = 0x0000_2000;
pub const E_NDS32_HAS_16BIT_INST: u32 = 0x0000_4000;
pub const E_NDS32_HAS_STRING_INST: u32 = 0x0000_8000;
pub const E_NDS32_HAS_REDUCED_REGS: u32 = 0x0001_0000;
pub const E_NDS32_HAS_VIDEO_INST: u32 = 0x0002_0000;
pub const E_NDS32_HAS_ENCRIPT_INST: u32 = 0x0004_0000;
pub const E_NDS32_HAS_FPU_DP_INST: u32 = 0x0008_0000;
pub const E_NDS32_HAS_NO_MAC_INST: u32 = 0x0010_0000;
pub const E_NDS32_HAS_MAC_DX_INST: u32 = 0x0010_0000;
pub const E_NDS32_HAS_L2C_INST: u32 = 0x0020_0000;
pub const E_NDS32_FPU_REG_CONF_SHIFT: u32 = 22;
pub const E_NDS32_FPU_REG_CONF: u32 = 0x3 << E_NDS32_FPU_REG_CONF_SHIFT;
pub const E_NDS32_FPU_REG_8SP_4DP: u32 = 0x0;
pub const E_NDS32_FPU_REG_16SP_8DP: u32 = 0x1;
pub const E_NDS32_FPU_REG_32SP_16DP: u32 = 0x2;
pub const E_NDS32_FPU_REG_32SP_32DP: u32 = 0x3;
pub const E_NDS32_HAS_FPU_MAC_INST: u32 = 0x0100_0000;
pub const EF_NDS_ABI: u32 = 0x0000_00f0;
pub const EF_NDS_ABI_SHIFT: u32 = 4;
pub const E_NDS_ABI_V0: u32 = 0x0000_0000;
pub const E_NDS_ABI_V1: u32 = 0x0000_0010;
pub const E_NDS_ABI_V2: u32 = 0x0000_0020;
pub const E_NDS_ABI_V2FP: u32 = 0x0000_0030;
pub const E_NDS_ABI_AABI: u32 = 0x0000_0040;
pub const E_NDS_ABI_V2FP_PLUS: u32 = 0x0000_0050;
pub const EF_NDS32_ELF_VERSION: u32 = 0x0000_000f;
pub const EF_NDS32_ELF_VERSION_SHIFT: u32 = 0;
pub const E_NDS32_ELF_VER_1_2: u32 = 0x0;
pub const E_NDS32_ELF_VER_1_3: u32 = 0x1;
pub const E_NDS32_ELF_VER_1_4: u32 = 0x2;

// nfp.h
pub const E_NFP_MACH_3200: u32 = 0x3200;
pub const E_NFP_MACH_6000: u32 = 0x6000;

// riscv.h
pub const EF_RISCV_RVC: u32 = 0x0001;
pub const EF_RISCV_FLOAT_ABI: u32 = 0x0006;
pub const EF_RISCV_FLOAT_ABI_SOFT: u32 = 0x0000;
pub const EF_RISCV_FLOAT_ABI_SINGLE: u32 = 0x0002;
pub const EF_RISCV_FLOAT_ABI_DOUBLE: u32 = 0x0004;
pub const EF_RISCV_FLOAT_ABI_QUAD: u32 = 0x0006;
pub const EF_RISCV_RVE: u32 = 0x0008;
pub const EF_RISCV_TSO: u32 = 0x0010;

// sh.h
pub const EF_SH_MACH_MASK: u32 = 0x1f;
pub const EF_SH1: u32 = 1;
pub const EF_SH2: u32 = 2;
pub const EF_SH3: u32 = 3;
pub const EF_SH_DSP: u32 = 4;
pub const EF_SH3_DSP: u32 = 5;
pub const EF_SH4AL_DSP: u32 = 6;
pub const EF_SH3E: u32 = 8;
pub const EF_SH4: u32 = 9;
pub const EF_SH5: u32 = 10;
pub const EF_SH2E: u32 = 11;
pub const EF_SH4A: u32 = 12;
pub const EF_SH2A: u32 = 13;
pub const EF_SH4_NOFPU: u32 = 16;
pub const EF_SH4A_NOFPU: u32 = 17;
pub const EF_SH4_NOMMU_NOFPU: u32 = 18;
pub const EF_SH2A_NOFPU: u32 = 19;
pub const EF_SH3_NOMMU: u32 = 20;
pub const EF_SH2A_SH4_NOFPU: u32 = 21;
pub const EF_SH2A_SH3_NOFPU: u32 = 22;
pub const EF_SH2A_SH4: u32 = 23;
pub const EF_SH2A_SH3E: u32 = 24;
pub const EF_SH_PIC: u32 = 0x100;
pub const EF_SH_FDPIC: u32 = 0x8000;

// or1k.h
pub const EF_OR1K_NODELAY: u32 = 1;

// sparc.h
pub const EF_SPARC_32PLUS: u32 = 0x00_0100;
pub const EF_SPARC_SUN_US1: u32 = 0x00_0200;
pub const EF_SPARC_HAL_R1: u32 = 0x00_0400;
pub const EF_SPARC_SUN_US3: u32 = 0x00_0800;
pub const EF_SPARC_LEDATA: u32 = 0x80_0000;
pub const EF_SPARCV9_MM: u32 = 0x3;
pub const EF_SPARCV9_TSO: u32 = 0x0;
pub const EF_SPARCV9_PSO: u32 = 0x1;
pub const EF_SPARCV9_RMO: u32 = 0x2;

// hppa.h
pub const EF_PARISC_TRAPNIL: u32 = 0x0001_0000;
pub const EF_PARISC_EXT: u32 = 0x0002_0000;
pub const EF_PARISC_LSB: u32 = 0x0004_0000;
pub const EF_PARISC_WIDE: u32 = 0x0008_0000;
pub const EF_PARISC_NO_KABP: u32 = 0x0010_0000;
pub const EF_PARISC_LAZYSWAP: u32 = 0x0040_0000;
pub const EF_PARISC_ARCH: u32 = 0x0000_ffff;
pub const EFA_PARISC_1_0: u32 = 0x020b;
pub const EFA_PARISC_1_1: u32 = 0x0210;
pub const EFA_PARISC_2_0: u32 = 0x0214;

// pj.h
pub const EF_PICOJAVA_NEWCALLS: u32 = 0x0000_0010;
pub const EF_PICOJAVA_GNUCALLS: u32 = 0x0000_0020;

// ia64.h
pub const EF_IA_64_ABI64: u32 = 1 << 4;
pub const EF_IA_64_REDUCEDFP: u32 = 1 << 5;
pub const EF_IA_64_CONS_GP: u32 = 1 << 6;
pub const EF_IA_64_NOFUNCDESC_CONS_GP: u32 = 1 << 7;
pub const EF_IA_64_ABSOLUTE: u32 = 1 << 8;
pub const EF_IA_64_VMS_COMCOD: u32 = 0x03;
pub const EF_IA_64_VMS_COMCOD_SUCCESS: u32 = 0;
pub const EF_IA_64_VMS_COMCOD_WARNING: u32 = 1;
pub const EF_IA_64_VMS_COMCOD_ERROR: u32 = 2;
pub const EF_IA_64_VMS_COMCOD_ABORT: u32 = 3;
pub const EF_IA_64_VMS_LINKAGES: u32 = 0x04;

// vax.h
pub const EF_VAX_NONPIC: u32 = 0x0001;
pub const EF_VAX_DFLOAT: u32 = 0x0100;
pub const EF_VAX_GFLOAT: u32 = 0x0200;

// visium.h
pub const EF_VISIUM_ARCH_MCM: u32 = 0x01;
pub const EF_VISIUM_ARCH_MCM24: u32 = 0x02;
pub const EF_VISIUM_ARCH_GR6: u32 = 0x04;

// rl78.h
pub const E_FLAG_RL78_64BIT_DOUBLES: u32 = 1 << 0;
pub const E_FLAG_RL78_CPU_MASK: u32 = 0x0c;
pub const E_FLAG_RL78_ANY_CPU: u32 = 0x00;
pub const E_FLAG_RL78_G10: u32 = 0x04;
pub const E_FLAG_RL78_G13: u32 = 0x08;
pub const E_FLAG_RL78_G14: u32 = 0x0c;

// rx.h
pub const E_FLAG_RX_64BIT_DOUBLES: u32 = 1 << 0;
pub const E_FLAG_RX_DSP: u32 = 1 << 1;
pub const E_FLAG_RX_PID: u32 = 1 << 2;
pub const E_FLAG_RX_ABI: u32 = 1 << 3;
pub const E_FLAG_RX_SINSNS_SET: u32 = 1 << 6;
pub const E_FLAG_RX_SINSNS_YES: u32 = 1 << 7;
pub const E_FLAG_RX_V2: u32 = 1 << 8;
pub const E_FLAG_RX_V3: u32 = 1 << 9;

// s390.h
pub const EF_S390_HIGH_GPRS: u32 = 0x0000_0001;

// tic6x.h
pub const EF_C6000_REL: u32 = 0x1;

// msp430.h
pub const EF_MSP430_MACH: u32 = 0xff;
#[allow(non_upper_case_globals)]
pub const E_MSP430_MACH_MSP430x11: u32 = 11;
#[allow(non_upper_case_globals)]
pub const E_MSP430_MACH_MSP430x11x1: u32 = 110;
#[allow(non_upper_case_globals)]
pub const E_MSP430_MACH_MSP430x12: u32 = 12;
#[allow(non_upper_case_globals)]
pub const E_MSP430_MACH_MSP430x13: u32 = 13;
#[allow(non_upper_case_globals)]
pub const E_MSP430_MACH_MSP430x14: u32 = 14;
#[allow(non_upper_case_globals)]
pub const E_MSP430_MACH_MSP430x15: u32 = 15;
#[allow(non_upper_case_globals)]
pub const E_MSP430_MACH_MSP430x16: u32 = 16;
#[allow(non_upper_case_globals)]
pub const E_MSP430_MACH_MSP430x31: u32 = 31;
#[allow(non_upper_case_globals)]
pub const E_MSP430_MACH_MSP430x32: u32 = 32;
#[allow(non_upper_case_globals)]
pub const E_MSP430_MACH_MSP430x33: u32 = 33;
#[allow(non_upper_case_globals)]
pub const E_MSP430_MACH_MSP430x41: u32 = 41;
#[allow(non_upper_case_globals)]
pub const E_MSP430_MACH_MSP430x42: u32 = 42;
#[allow(non_upper_case_globals)]
pub const E_MSP430_MACH_MSP430x43: u32 = 43;
#[allow(non_upper_case_globals)]
pub const E_MSP430_MACH_MSP430x44: u32 = 44;
pub const E_MSP430_MACH_MSP430X: u32 = 45;

// z80.h
pub const EF_Z80_MACH_Z80: u32 = 0x01;
pub const EF_Z80_MACH_Z180: u32 = 0x02;
pub const EF_Z80_MACH_R800: u32 = 0x03;
pub const EF_Z80_MACH_EZ80_Z80: u32 = 0x04;
pub const EF_Z80_MACH_EZ80_ADL: u32 = 0x84;
pub const EF_Z80_MACH_GBZ80: u32 = 0x05;
pub const EF_Z80_MACH_Z80N: u32 = 0x06;
pub const EF_Z80_MACH_MSK: u32 = 0xff;

// loongarch.h
pub const EF_LOONGARCH_ABI_SOFT_FLOAT: u32 = 0x1;
pub const EF_LOONGARCH_ABI_SINGLE_FLOAT: u32 = 0x2;
pub const EF_LOONGARCH_ABI_DOUBLE_FLOAT: u32 = 0x3;
pub const EF_LOONGARCH_ABI_MODIFIER_MASK: u32 = 0x7;
pub const EF_LOONGARCH_OBJABI_V1: u32 = 0x40;
pub const EF_LOONGARCH_OBJABI_MASK: u32 = 0xc0;
