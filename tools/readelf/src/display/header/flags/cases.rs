//! `e_flags` values no fixture has, with the text GNU readelf 2.40 gives them: checked
//! against our decoder by the unit tests and against GNU readelf by `tests/flags_live.rs`.

#![allow(dead_code)] // each includer uses what it needs

use libelf::consts::*;

/// `(e_machine, e_flags, EI_OSABI, EI_ABIVERSION, expected text)`.
pub type Case = (u16, u32, u8, u8, &'static str);

/// Values no fixture has, with the text GNU's `get_machine_flags` gives them.
pub const CASES: &[Case] = &[
    // No flags: nothing, whatever the machine.
    (EM_ARM, 0, 0, 0, ""),
    (EM_MIPS, 0, 0, 0, ""),
    (EM_MSP430, 0, 0, 0, ""),
    (EM_IA_64, 0, 0, 0, ""),
    // A machine GNU has no decoder for.
    (EM_X86_64, 0x1234, 0, 0, ""),
    (EM_AARCH64, 0xffff_ffff, 0, 0, ""),
    // ARC.
    (EM_ARC_COMPACT2, 0x0000_0405, 0, 0, ", ARC EM, v4 ABI"),
    (EM_ARC_COMPACT2, 0x0000_0306, 0, 0, ", ARC HS, v3 no-legacy-syscalls ABI"),
    (EM_ARC_COMPACT, 0x0000_0002, 0, 0, ", ARC600, (ABI:legacy)"),
    (EM_ARC_COMPACT, 0x0000_0204, 0, 0, ", ARC601, (ABI:v2)"),
    (EM_ARC_COMPACT, 0x0000_0203, 0, 0, ", ARC700, (ABI:v2)"),
    (EM_ARC_COMPACT, 0x0000_0100, 0, 0, ", Unknown ARCompact, unrecognised ARC OSABI flag"),
    (EM_ARC_COMPACT2, 0x0000_0500, 0, 0, ", Unknown ARC, unrecognised ARC OSABI flag"),
    // ARM, every EABI version.
    (EM_ARM, 0x0500_0200, 0, 0, ", Version5 EABI, soft-float ABI"),
    (EM_ARM, 0x0580_0400, 0, 0, ", Version5 EABI, hard-float ABI, BE8"),
    (EM_ARM, 0x0540_0000, 0, 0, ", Version5 EABI, LE8"),
    (EM_ARM, 0x0500_0002, 0, 0, ", Version5 EABI, <unknown>"),
    (EM_ARM, 0x0500_0021, 0, 0, ", relocatable executable, position independent, Version5 EABI"),
    (EM_ARM, 0x0480_0000, 0, 0, ", Version4 EABI, BE8"),
    (EM_ARM, 0x0400_0200, 0, 0, ", Version4 EABI, <unknown>"),
    (EM_ARM, 0x0300_ffff, 0, 0, ", relocatable executable, position independent, Version3 EABI"),
    (EM_ARM, 0x0200_001c, 0, 0, ", Version2 EABI, sorted symbol tables, dynamic symbols use segment index, mapping symbols precede others"),
    (EM_ARM, 0x0200_0040, 0, 0, ", Version2 EABI, <unknown>"),
    (EM_ARM, 0x0100_0004, 0, 0, ", Version1 EABI, sorted symbol tables"),
    (EM_ARM, 0x0100_0018, 0, 0, ", Version1 EABI, <unknown>"),
    (EM_ARM, 0x0000_0004, 0, 0, ", GNU EABI, interworking enabled"),
    (EM_ARM, 0x0000_0ffe, 0, 0, ", position independent, GNU EABI, interworking enabled, uses APCS/26, uses APCS/float, 8 bit structure alignment, uses new ABI, uses old ABI, software FP, VFP, Maverick FP, <unknown>"),
    (EM_ARM, 0x0000_0600, 0, 0, ", GNU EABI, software FP, VFP"),
    (EM_ARM, 0x0600_0000, 0, 0, ", <unrecognized EABI>"),
    (EM_ARM, 0x0600_0021, 0, 0, ", relocatable executable, position independent, <unrecognized EABI>"),
    (EM_ARM, 0x0600_0200, 0, 0, ", <unrecognized EABI>, <unknown>"),
    // AVR.
    (EM_AVR, 0x0000_0085, 0, 0, ", avr:5, link-relax"),
    (EM_AVR, 0x0000_0019, 0, 0, ", avr:25"),
    (EM_AVR, 0x0000_0064, 0, 0, ", avr:100"),
    (EM_AVR, 0x0000_006b, 0, 0, ", avr:107"),
    (EM_AVR, 0x0000_0080, 0, 0, ", avr:<unknown>, link-relax"),
    (EM_AVR, 0x0000_0007, 0, 0, ", avr:<unknown>"),
    // Blackfin.
    (EM_BLACKFIN, 0x0000_0033, 0, 0, ", PIC, FDPIC, code in L1, data in L1"),
    (EM_BLACKFIN, 0x0000_0004, 0, 0, ""),
    // FR-V.
    (EM_CYGNUS_FRV, 0x0100_0000, 0, 0, ", fr500"),
    (EM_CYGNUS_FRV, 0x0800_0000, 0, 0, ", fr450"),
    (EM_CYGNUS_FRV, 0x0400_0000, 0, 0, ", tomcat"),
    (EM_CYGNUS_FRV, 0x0000_0001, 0, 0, ""),
    (EM_CYGNUS_FRV, 0x0900_0000, 0, 0, ", fr???"),
    // 68K and ColdFire.
    (EM_68K, 0x0100_0000, 0, 0, ", m68000"),
    (EM_68K, 0x0081_0000, 0, 0, ", cpu32"),
    (EM_68K, 0x0200_0000, 0, 0, ", fido_a"),
    (EM_68K, 0x0000_0012, 0, 0, ", cf, isa A, mac"),
    (EM_68K, 0x0000_0061, 0, 0, ", cf, isa A, nodiv, float, emac"),
    (EM_68K, 0x0000_8077, 0, 0, ", cf, isa C, nodiv, float, emac_b"),
    (EM_68K, 0x0000_0004, 0, 0, ", cf, isa B, nousp"),
    (EM_68K, 0x0000_0003, 0, 0, ", cf, isa A+"),
    (EM_68K, 0x0000_0040, 0, 0, ", cf, isa unknown, float"),
    // AMDGPU: HSA v2 (nothing), v3, v4 and the other OS/ABIs.
    (EM_AMDGPU, 0x0000_0030, 64, 0, ""),
    (EM_AMDGPU, 0x0000_0330, 64, 1, ", gfx908, xnack on, sramecc on"),
    (EM_AMDGPU, 0x0000_0f3f, 64, 2, ", gfx90a, xnack on, sramecc on"),
    (EM_AMDGPU, 0x0000_0540, 64, 3, ", gfx940, xnack any, sramecc any"),
    (EM_AMDGPU, 0x0000_0a2c, 64, 2, ", gfx900, xnack off, sramecc off"),
    (EM_AMDGPU, 0x0000_1045, 64, 2, ", gfx1036, unknown flags bits: 0x1000"),
    (EM_AMDGPU, 0x0000_0c00, 64, 2, ", <unknown AMDGPU GPU type: 0>, sramecc on"),
    (EM_AMDGPU, 0x0000_0441, 65, 0, ", <unknown AMDGPU GPU type: 0x41>, unknown flags bits: 0x400"),
    (EM_AMDGPU, 0x0000_0136, 66, 0, ", gfx1030, xnack on"),
    (EM_AMDGPU, 0x0000_0036, 0, 0, ", gfx1030"),
    // MeP.
    (EM_CYGNUS_MEP, 0x0102_0101, 0, 0, ", MeP C2, AVC2 coprocessor, Built for Library, Configuration Index: 0x1"),
    (EM_CYGNUS_MEP, 0x0006_0000, 0, 0, ", generic MeP, IVC2 coprocessor"),
    (EM_CYGNUS_MEP, 0x0305_0000, 0, 0, ", <unknown MeP cpu type><unknown MeP copro type>"),
    (EM_CYGNUS_MEP, 0x1003_0200, 0, 0, ", MeP H1, FMAX coprocessor, unknown flags bits: 0x200"),
    // PowerPC.
    (EM_PPC, 0x8001_8000, 0, 0, ", emb, relocatable, relocatable-lib"),
    (EM_PPC, 0x0000_0001, 0, 0, ""),
    (EM_PPC64, 0x0000_0002, 0, 0, ", abiv2"),
    (EM_PPC64, 0x0000_0003, 0, 0, ", abiv3"),
    (EM_PPC64, 0x0000_0004, 0, 0, ""),
    // V800 (RH850).
    (EM_V800, 0xf010_5561, 0, 0, ", RH850 ABI, V3 architecture, double precision FPU, regmode:22, regmode:23, r4 fixed, r30 fixed, r5 fixed, r2 fixed"),
    (EM_V800, 0x0000_aa82, 0, 0, ", regmode: COMMON, single precision FPU, r4 free, r30 free, r5 free, r2 free"),
    (EM_V800, 0x0001_0000, 0, 0, ", FPU not used, regmode: COMMON, r4 not used, r30 not used, r5 not used, r2 not used"),
    // V850.
    (EM_V850, 0x6000_0000, 0, 0, ", v850e3v5"),
    (EM_CYGNUS_V850, 0x2000_0001, 0, 0, ", v850e1"),
    (EM_V850, 0x0000_0001, 0, 0, ", v850"),
    (EM_V850, 0x5000_0000, 0, 0, ", unknown v850 architecture variant"),
    // M32R.
    (EM_M32R, 0x0000_0001, 0, 0, ", m32r"),
    (EM_CYGNUS_M32R, 0x1000_0000, 0, 0, ""),
    // MIPS.
    (EM_MIPS, 0x0000_0001, 0, 0, ", noreorder, mips1"),
    (EM_MIPS, 0x8000_0000, 0, 0, ", mips64r2"),
    (EM_MIPS, 0x6000_0427, 0, 0, ", noreorder, pic, cpic, abi2, nan2008, mips64"),
    (EM_MIPS, 0x2000_0107, 0, 0, ", noreorder, pic, cpic, 32bitmode, mips3"),
    (EM_MIPS, 0x9000_1600, 0, 0, ", nan2008, fp64, o32, mips32r6"),
    (EM_MIPS_RS3_LE, 0xa000_0090, 0, 0, ", ugen_reserved, odk first, mips64r6"),
    (EM_MIPS, 0x708b_2000, 0, 0, ", octeon, o64, mips32r2"),
    (EM_MIPS, 0x80a0_3000, 0, 0, ", loongson-2e, eabi32, mips64r2"),
    (EM_MIPS, 0x3093_4000, 0, 0, ", interaptiv-mr2, eabi64, mips4"),
    (EM_MIPS, 0x7e01_5000, 0, 0, ", unknown CPU, unknown ABI, mdmx, mips16, micromips, mips32r2"),
    (EM_MIPS, 0xf000_0000, 0, 0, ", unknown ISA"),
    // NDS32.
    (EM_NDS32, 0x0000_0000, 0, 0, ""),
    (EM_NDS32, 0x1000_0000, 0, 0, ", ABI v0, Andes ELF V1.3 or older, Andes Star v1.0, N1213HC, MAC, PERF1, 16b"),
    (EM_NDS32, 0x2000_0001, 0, 0, ", ABI v0, Andes ELF V1.3.1, Andes Star v1.0, N1213HC, MAC, PERF1"),
    (EM_NDS32, 0x1000_6310, 0, 0, ", ABI v1, Andes ELF V1.3 or older, Andes Star v1.0, MFUSR_PC, MAC, DIV, 16b, PERF1"),
    (EM_NDS32, 0x1010_0010, 0, 0, ", ABI v1, Andes ELF V1.3 or older, Andes Star v1.0"),
    (EM_NDS32, 0x303f_f922, 0, 0, ", ABI v2, Andes ELF V1.4, Andes Star v3.0, EX9, MAC_DX, DIV_DX, IFC, FPU_SP, FPU_DP, FPU_REG:8/4, AUDIO, STR, 16REG, SATURATION, ENCRP, L2C"),
    (EM_NDS32, 0x21c2_4131, 0, 0, ", ABI v2fp, Andes ELF V1.3.1, Andes Star v2.0, [B8], 16b, FPU_MAC, FPU_REG:32/32, VIDEO"),
    (EM_NDS32, 0x4140_0c43, 0, 0, ", AABI, <unrecognized ELF version number>, Andes Star v3.0m, PERF2, FPU_SP, FPU_MAC, FPU_REG:16/8"),
    (EM_NDS32, 0x5000_0050, 0, 0, ", ABI2 FP+, Andes ELF V1.3 or older, <unrecognized architecture>"),
    (EM_NDS32, 0x3000_0070, 0, 0, ", <unrecognized ABI>, Andes ELF V1.3 or older, Andes Star v3.0"),
    // NFP.
    (EM_NFP, 0x0032_0000, 0, 0, ", NFP-32xx"),
    (EM_NFP, 0x0060_0001, 0, 0, ", NFP-6xxx"),
    (EM_NFP, 0x0000_0001, 0, 0, ""),
    // RISC-V.
    (EM_RISCV, 0x0000_0001, 0, 0, ", RVC, soft-float ABI"),
    (EM_RISCV, 0x0000_0002, 0, 0, ", single-float ABI"),
    (EM_RISCV, 0x0000_0009, 0, 0, ", RVC, RVE, soft-float ABI"),
    (EM_RISCV, 0x0000_0017, 0, 0, ", RVC, TSO, quad-float ABI"),
    // SH.
    (EM_SH, 0x0000_0009, 0, 0, ", sh4"),
    (EM_SH, 0x0000_8117, 0, 0, ", sh2a-or-sh4, pic, fdpic"),
    (EM_SH, 0x0000_000a, 0, 0, ", sh5"),
    (EM_SH, 0x0000_0018, 0, 0, ", sh2a-or-sh3e"),
    (EM_SH, 0x0000_0007, 0, 0, ", unknown ISA"),
    (EM_SH, 0x0000_0100, 0, 0, ", unknown ISA, pic"),
    // OpenRISC.
    (EM_OPENRISC, 0x0000_0001, 0, 0, ", no delay"),
    (EM_OPENRISC, 0x0000_0002, 0, 0, ""),
    // SPARC v9.
    (EM_SPARCV9, 0x0000_0002, 0, 0, ", rmo"),
    (EM_SPARCV9, 0x0080_0f01, 0, 0, ", v8+, ultrasparcI, ultrasparcIII, halr1, ledata, pso"),
    (EM_SPARCV9, 0x0000_0200, 0, 0, ", ultrasparcI, tso"),
    (EM_SPARCV9, 0x0000_0003, 0, 0, ""),
    // PA-RISC.
    (EM_PARISC, 0x0000_0210, 0, 0, ", PA-RISC 1.1"),
    (EM_PARISC, 0x0008_0214, 0, 0, ", PA-RISC 2.0, wide"),
    (EM_PARISC, 0x0057_020b, 0, 0, ", PA-RISC 1.0, trapnil, ext, lsb, no kabp, lazyswap"),
    (EM_PARISC, 0x0000_0001, 0, 0, ""),
    // picoJava.
    (EM_PJ, 0x0000_0030, 0, 0, ", new calling convention, gnu calling convention"),
    (EM_PJ_OLD, 0x0000_0010, 0, 0, ", new calling convention"),
    // IA-64, with and without OpenVMS.
    (EM_IA_64, 0x0000_0010, 0, 0, ", 64-bit"),
    (EM_IA_64, 0x0000_0001, 0, 0, ", 32-bit"),
    (EM_IA_64, 0x0000_01f0, 0, 0, ", 64-bit, reduced fp model, no function descriptors, constant gp, absolute"),
    (EM_IA_64, 0x0000_0050, 0, 0, ", 64-bit, constant gp"),
    (EM_IA_64, 0x0000_0017, 13, 0, ", 64-bit, vms_linkages, abort"),
    (EM_IA_64, 0x0000_0011, 13, 0, ", 64-bit, warning"),
    (EM_IA_64, 0x0000_0012, 13, 0, ", 64-bit, error"),
    (EM_IA_64, 0x0000_0010, 13, 0, ", 64-bit"),
    (EM_IA_64, 0x0000_0017, 0, 0, ", 64-bit"),
    // VAX.
    (EM_VAX, 0x0000_0301, 0, 0, ", non-PIC, D-Float, G-Float"),
    // Visium.
    (EM_VISIUM, 0x0000_0007, 0, 0, ", mcm, gr6"),
    (EM_VISIUM, 0x0000_0002, 0, 0, ", mcm24"),
    // RL78.
    (EM_RL78, 0x0000_0005, 0, 0, ", G10, 64-bit doubles"),
    (EM_RL78, 0x0000_0008, 0, 0, ", G13"),
    (EM_RL78, 0x0000_000c, 0, 0, ", G14"),
    (EM_RL78, 0x0000_0002, 0, 0, ""),
    // RX.
    (EM_RX, 0x0000_03cf, 0, 0, ", 64-bit doubles, dsp, pid, RX ABI, uses String instructions, V2, V3"),
    (EM_RX, 0x0000_0040, 0, 0, ", bans String instructions"),
    (EM_RX, 0x0000_0080, 0, 0, ""),
    // S/390.
    (EM_S390, 0x0000_0001, 0, 0, ", highgprs"),
    (EM_S390, 0x0000_0002, 0, 0, ""),
    // TI C6000.
    (EM_TI_C6000, 0x0000_0001, 0, 0, ", relocatable module"),
    (EM_TI_C6000, 0x0000_0002, 0, 0, ""),
    // MSP430.
    (EM_MSP430, 0x0000_002d, 0, 0, ": architecture variant: MSP430X"),
    (EM_MSP430, 0x0000_006e, 0, 0, ": architecture variant: MSP430x11x1 "),
    (EM_MSP430, 0x0000_000b, 0, 0, ": architecture variant: MSP430x11"),
    (EM_MSP430, 0x0000_0014, 0, 0, ": architecture variant: : unknown"),
    (EM_MSP430, 0x0000_0100, 0, 0, ": architecture variant: : unknown: unknown extra flag bits also present"),
    (EM_MSP430, 0x0001_002c, 0, 0, ": architecture variant: MSP430x44: unknown extra flag bits also present"),
    // Z80.
    (EM_Z80, 0x0000_0001, 0, 0, ", Z80"),
    (EM_Z80, 0x0000_0084, 0, 0, ", EZ80, ADL"),
    (EM_Z80, 0x0000_0006, 0, 0, ", Z80N"),
    (EM_Z80, 0x0000_0100, 0, 0, ", unknown"),
    // LoongArch.
    (EM_LOONGARCH, 0x0000_0001, 0, 0, ", SOFT-FLOAT, OBJ-v0"),
    (EM_LOONGARCH, 0x0000_0042, 0, 0, ", SINGLE-FLOAT, OBJ-v1"),
    (EM_LOONGARCH, 0x0000_0003, 0, 0, ", DOUBLE-FLOAT, OBJ-v0"),
    (EM_LOONGARCH, 0x0000_0080, 0, 0, ""),
    (EM_LOONGARCH, 0x0000_0004, 0, 0, ", OBJ-v0"),
];
