//! Spot checks across machines. `libelf/tests/names_readelf.rs` (fixtures) and
//! `libelf/tests/names_readelf_synth.rs` (made-up files) compare with GNU readelf itself.

use super::*;

/// `assert_eq!(got, want)` for each `got => want` row, one line a check.
macro_rules! check {
    ($($got:expr => $want:expr),* $(,)?) => {
        $(assert_eq!($got, $want, "{}", stringify!($got));)*
    };
}

const EM_386: u16 = 3;
const EM_MIPS: u16 = 8;
const EM_SPARC: u16 = 2;
const EM_PPC: u16 = 20;
const EM_PPC64: u16 = 21;
const EM_S390: u16 = 22;
const EM_ARM: u16 = 40;
const EM_SH: u16 = 42;
const EM_IA_64: u16 = 50;
const EM_X86_64: u16 = 62;
const EM_AARCH64: u16 = 183;
const EM_RISCV: u16 = 243;
const EM_LOONGARCH: u16 = 258;
const EM_ALPHA: u16 = 0x9026;
const EM_68K: u16 = 4;

#[test]
fn machines() {
    for (m, name) in [
        (EM_X86_64, "Advanced Micro Devices X86-64"),
        (EM_AARCH64, "AArch64"),
        (EM_MIPS, "MIPS R3000"),
        (EM_S390, "IBM S/390"),
        (0xa390, "IBM S/390"),
        (EM_RISCV, "RISC-V"),
        (EM_PPC64, "PowerPC64"),
        (EM_386, "Intel 80386"),
        (EM_ARM, "ARM"),
        (EM_LOONGARCH, "LoongArch"),
        (EM_ALPHA, "Alpha"),
        (0, "None"),
        (177, "Xilinx MicroBlaze"), // EM_CR16: GNU's slip, kept
        (0xfeb0, "Altera Nios"),    // EM_M32C_OLD
    ] {
        assert_eq!(machine(m), Some(name), "machine {m:#x}");
    }
    check! {
        machine(0x1234) => None,
        machine_text(0x1234) => "<unknown>: 0x1234",
        machine_text(300) => "<unknown>: 0x12c",
    }
}

#[test]
fn header_fields() {
    check! {
        class_text(2) => "ELF64",
        class_text(7) => "<unknown: 7>",
        data_text(1) => "2's complement, little endian",
        data_text(2) => "2's complement, big endian",
        data_text(0) => "none",
        version_text(1) => "1 (current)",
        version_text(0) => "0",
        version_text(3) => "3 <unknown>",
        osabi_text(0, EM_X86_64) => "UNIX - System V",
        osabi_text(9, EM_X86_64) => "UNIX - FreeBSD",
        osabi_text(64, 224) => "AMD HSA",
        osabi_text(64, EM_X86_64) => "<unknown: 40>",
        osabi_text(255, 105) => "Standalone App",
        osabi_text(20, 105) => "<unknown: 14>",
        file_type_text(1, false) => "REL (Relocatable file)",
        file_type_text(2, true) => "EXEC (Executable file)",
        file_type_text(3, false) => "DYN (Shared object file)",
        file_type_text(3, true) => "DYN (Position-Independent Executable file)",
        file_type_text(4, false) => "CORE (Core file)",
        file_type_text(0xff01, false) => "Processor Specific: (ff01)",
        file_type_text(0xfe10, false) => "OS Specific: (fe10)",
        file_type_text(9, false) => "<unknown>: 9",
    }
    assert!(!is_pie(std::iter::empty()));
    assert!(is_pie([(1, 5), (0x6fff_fffb, 0x0800_0000)]));
}

#[test]
fn section_types() {
    check! {
        section_type_text(18, EM_X86_64, 0) => "SYMTAB SECTION INDICES",
        section_type_text(0x6fff_fff6, EM_X86_64, 0) => "GNU_HASH",
        section_type_text(0x6fff_fff5, EM_X86_64, 0) => "GNU_ATTRIBUTES",
        section_type_text(0x6fff_fff5, EM_X86_64, 6) => "SUNW_cap",
        section_type_text(0x6fff_4700, EM_ARM, 3) => "GNU_INCREMENTAL_INPUTS",
        section_type_text(0x6000_0000, EM_X86_64, 0) => "LOOS+0",
        section_type_text(0x6000_0005, EM_IA_64, 0) => "VMS_SYMBOL_VECTOR",
        section_type_text(0x7000_0001, EM_ARM, 0) => "ARM_EXIDX",
        section_type_text(0x7000_0003, EM_ARM, 0) => "ARM_ATTRIBUTES",
        section_type_text(0x7000_0003, EM_AARCH64, 0) => "AARCH64_ATTRIBUTES",
        section_type_text(0x7000_0003, EM_RISCV, 0) => "RISCV_ATTRIBUTES",
        section_type_text(0x7000_001e, EM_MIPS, 0) => "MIPS_DWARF",
        section_type_text(0x7000_002a, EM_MIPS, 0) => "MIPS_ABIFLAGS",
        section_type_text(0x7000_0001, EM_X86_64, 0) => "X86_64_UNWIND",
        section_type_text(0x7000_0001, EM_386, 0) => "LOPROC+0x1",
        section_type_text(0x7000_0000, EM_386, 0) => "LOPROC+0",
        section_type_text(0x7803_0000, EM_IA_64, 0) => "UNIX - GNU",
        section_type_text(0x7850_0000, EM_IA_64, 0) => "<unknown: 50>",
        section_type_text(0x8000_0000, EM_X86_64, 0) => "LOUSER+0",
        section_type_text(0x8000_0000, 87, 0) => "RENESAS IOP",
        section_type_text(0x20, EM_X86_64, 0) => "00000020: <unknown>",
        section_type(0x20, EM_X86_64, 0) => None,
    }
}

#[test]
fn section_flags() {
    check! {
        section_flags_letters(0, EM_X86_64, 0) => "",
        section_flags_letters(0x42, EM_X86_64, 0) => "AI",
        section_flags_letters(0x8000_0000, EM_ARM, 0) => "E",
        section_flags_letters(0x2000_0006, EM_ARM, 0) => "AXy",
        section_flags_letters(0x1000_0000, EM_PPC, 0) => "v",
        section_flags_letters(0x1000_0000, EM_386, 0) => "p",
        section_flags_letters(0x3000_0000, EM_386, 0) => "p",
        section_flags_letters(0x20_0000, EM_X86_64, 3) => "R",
        section_flags_letters(0x20_0000, EM_X86_64, 0) => "o",
        section_flags_letters(0x120_0000, EM_X86_64, 0) => "o",
        section_flags_letters(0x100_0000, EM_X86_64, 0) => "D",
        section_flags_letters(0x1_0000_0000, EM_X86_64, 0) => "x",
        section_flags_words(0, EM_X86_64, 0, true) => "[0000000000000000]: ",
        section_flags_words(0x20_0003, EM_X86_64, 3, true) => "[0000000000200003]: WRITE, ALLOC, GNU_RETAIN",
        section_flags_words(0x4820_0000, EM_SPARC, 0, false) => "[48200000]: ORDERED, OS (08200000)",
        section_flags_words(0x1_1000_0000, EM_X86_64, 0, true) => "[0000000110000000]: PROC (0000000010000000), UNKNOWN (0000000100000000)",
        section_flags_words(0x1_0000_0000, EM_IA_64, 13, true) => "[0000000100000000]: VMS_GLOBAL",
    }
}

#[test]
fn section_indexes() {
    let t = |x: u16, m: u16, o: u8| section_index_text(widen_shndx(x), m, o, 20);
    check! {
        t(0, EM_X86_64, 0) => "UND",
        t(0xfff1, EM_X86_64, 0) => "ABS",
        t(0xfff2, EM_X86_64, 0) => "COM",
        t(0xff02, EM_X86_64, 0) => "LARGE_COM",
        t(0xff02, EM_386, 0) => "PRC[0xff02]",
        t(0xff03, EM_MIPS, 0) => "SCOM",
        t(0xff04, EM_MIPS, 0) => "SUND",
        t(0xff00, 140, 0) => "SCOM",
        t(0xff00, EM_IA_64, 1) => "ANSI_COM",
        t(0xff20, EM_X86_64, 0) => "OS [0xff20]",
        t(0xffff, EM_X86_64, 0) => "RSV[0xffff]",
        t(7, EM_X86_64, 0) => "  7",
        t(20, EM_X86_64, 0) => "bad section index[ 20]",
        section_index_text(70000, EM_X86_64, 0, 80000) => "70000",
        section_index_text(70000, EM_X86_64, 0, 0) => "70000",
        reloc_section_symbol_text(widen_shndx(0xfff1), EM_X86_64, 0) => "ABS",
        reloc_section_symbol_text(widen_shndx(0xff03), EM_MIPS, 0) => "SCOMMON",
        reloc_section_symbol_text(widen_shndx(0xff02), EM_X86_64, 0) => "LARGE_COMMON",
        reloc_section_symbol_text(widen_shndx(0xff05), EM_X86_64, 0) => "<section 0xffffff05>",
    }
}

#[test]
fn segment_types() {
    check! {
        segment_type_text(0x6474_e550, EM_X86_64, 0) => "GNU_EH_FRAME",
        segment_type_text(0x6474_e552, EM_X86_64, 0) => "GNU_RELRO",
        segment_type_text(0x6474_e553, EM_X86_64, 0) => "GNU_PROPERTY",
        segment_type_text(0x6474_e554, EM_X86_64, 0) => "GNU_SFRAME",
        segment_type_text(0x6474_e555, EM_X86_64, 3) => "GNU_MBIND+0",
        segment_type_text(0x6474_e556, EM_X86_64, 9) => "GNU_MBIND+0x1",
        segment_type_text(0x6474_e556, EM_X86_64, 0) => "LOOS+0x474e556",
        segment_type_text(0x7000_0001, EM_ARM, 0) => "EXIDX",
        segment_type_text(0x7000_0003, EM_MIPS, 0) => "ABIFLAGS",
        segment_type_text(0x7000_0000, EM_S390, 0) => "S390_PGSTE",
        segment_type_text(0x7000_0002, EM_AARCH64, 0) => "AARCH64_MEMTAG_MTE",
        segment_type_text(0x7000_0003, EM_RISCV, 0) => "RISCV_ATTRIBUTES",
        segment_type_text(0x7000_0003, EM_X86_64, 0) => "LOPROC+0x3",
        segment_type_text(0x6000_0000, 15, 1) => "HP_TLS",
        segment_type_text(0x6fff_fffa, EM_SPARC, 6) => "PT_SUNWBSS",
        segment_type_text(0x9000_0000, EM_X86_64, 0) => "<unknown>: 90000000",
        segment_flags_text(6) => "RW ",
        segment_flags_text(0) => "   ",
    }
}

#[test]
fn dynamic_tags() {
    check! {
        dynamic_tag_text(0x6fff_fffb, EM_X86_64, 0) => "FLAGS_1",
        dynamic_tag_text(0x24, EM_X86_64, 0) => "RELR",
        dynamic_tag_text(0x7000_0003, EM_AARCH64, 0) => "AARCH64_PAC_PLT",
        dynamic_tag_text(0x7000_0036, EM_MIPS, 0) => "MIPS_XHASH",
        dynamic_tag_text(0x7000_0003, EM_PPC64, 0) => "PPC64_OPT",
        dynamic_tag_text(0x7000_0001, EM_PPC, 0) => "PPC_OPT",
        dynamic_tag_text(0x7000_0001, 43, 0) => "SPARC_REGISTER",
        dynamic_tag_text(0x7000_0001, EM_SPARC, 6) => "SPARC_REGISTER",
        dynamic_tag_text(0x7000_0001, EM_SPARC, 0) => "Processor Specific: 70000001",
        dynamic_tag_text(0x6000_000d, EM_X86_64, 0) => "Operating System specific: 6000000d",
        dynamic_tag_text(0x6000_000d, EM_X86_64, 6) => "SUNW_AUXILIARY",
        dynamic_tag_text(0x6000_000d, EM_IA_64, 0) => "VMS_SUBTYPE",
        dynamic_tag_text(0x6000_0000, 15, 0) => "HP_LOAD_MAP",
        dynamic_tag_text(0x6000_0000, EM_X86_64, 0) => "<unknown>: 60000000",
        dynamic_tag_text(0x6fff_f001, EM_X86_64, 0) => "<unknown>: 6ffff001",
        dynamic_tag_text(u64::MAX, EM_X86_64, 0) => "<unknown>: ffffffffffffffff",
        dt_flags_text(0) => "",
        dt_flags_text(0x8) => "BIND_NOW",
        dt_flags_1_text(0) => "Flags: None",
        dt_flags_1_text(0x0800_0001) => "Flags: NOW PIE",
        dt_flags_1_text(0x8000_0000) => "Flags: 80000000",
        dt_posflag_1_text(3) => "Flags: LAZYLOAD GROUPPERM",
        dt_feature_1_text(5) => "Flags: PARINIT 4",
        dt_gnu_flags_1_text(1) => "Flags: UNIQUE",
        dt_mips_flags_text(2) => "NOTPOT",
        dt_mips_flags_text(0) => "NONE",
        dt_flags_1_name(0x0800_0000) => Some("PIE"),
        dt_flags_name(0x10) => Some("STATIC_TLS"),
        dt_flags_name(0x20) => None,
    }
}

#[test]
fn symbols() {
    check! {
        symbol_type_text(0, EM_X86_64, 0) => "NOTYPE",
        symbol_type_text(6, EM_X86_64, 0) => "TLS",
        symbol_type_text(7, EM_X86_64, 0) => "<unknown>: 7",
        symbol_type_text(8, EM_X86_64, 0) => "RELC",
        symbol_type_text(10, EM_X86_64, 9) => "IFUNC",
        symbol_type_text(10, EM_X86_64, 0) => "<OS specific>: 10",
        symbol_type_text(13, 43, 0) => "REGISTER",
        symbol_type_text(13, EM_SPARC, 0) => "<processor specific>: 13",
        symbol_type_text(11, 15, 0) => "HP_OPAQUE",
        symbol_bind_text(2, 0) => "WEAK",
        symbol_bind_text(10, 9) => "<OS specific>: 10",
        symbol_bind_text(13, 0) => "<processor specific>: 13",
        symbol_bind_text(5, 0) => "<unknown>: 5",
        symbol_visibility(2, 0) => "HIDDEN",
        symbol_visibility(0x83, 0) => "PROTECTED",
        symbol_visibility(5, 6) => "SINGLETON",
        symbol_visibility(0x80, 6) => "<unknown>",
        symbol_other_text(0, EM_AARCH64, 0, 1) => "",
        symbol_other_text(0x84, EM_AARCH64, 0, 1) => "VARIANT_PCS | 4",
        symbol_other_text(0xa0, EM_MIPS, 0, 1) => "MICROMIPS, MIPS PIC",
        symbol_other_text(0x20, EM_PPC64, 0, 1) => "<localentry>: 1",
        symbol_other_text(0xc0, EM_PPC64, 0, 1) => "<localentry>: 64",
        symbol_other_text(0xe0, EM_PPC64, 0, 1) => "<other>: e0",
        symbol_other_text(0x84, EM_RISCV, 0, 1) => "4",
        symbol_other_text(0x88, EM_ALPHA, 0, 1) => "STD GPLOAD",
        symbol_other_text(0x04, EM_ALPHA, 0, 1) => "<unknown>",
        symbol_other_text(0x94, EM_IA_64, 13, 2) => "VEC STD",
        symbol_other_text(0x94, EM_IA_64, 13, 1) => "STD",
        version_flags_text(4) => "INFO",
        version_flags_text(0x15) => "BASE | INFO | <unknown>",
        group_flags_text(0) => "",
        group_flags_text(1) => "COMDAT ",
        group_flags_text(0x1010_0002) => "[0x10100002: <OS specific><PROC specific><unknown>]",
        compression_type(2) => Some("ZSTD"),
        compression_type(3) => None,
    }
}

#[test]
fn relocations() {
    for (m, t, name) in [
        (EM_X86_64, 42, "R_X86_64_REX_GOTPCRELX"),
        (EM_386, 43, "R_386_GOT32X"),
        (EM_AARCH64, 1027, "R_AARCH64_RELATIVE"),
        (EM_AARCH64, 1028, "R_AARCH64_TLS_DTPMOD64"),
        (EM_ARM, 40, "R_ARM_V4BX"),
        (EM_RISCV, 43, "R_RISCV_ALIGN"),
        (EM_PPC, 10, "R_PPC_REL24"),
        (EM_PPC64, 116, "R_PPC64_REL24_NOTOC"),
        (EM_S390, 26, "R_390_GOTENT"),
        (EM_MIPS, 126, "R_MIPS_COPY"),
        (EM_LOONGARCH, 66, "R_LARCH_B26"),
        (EM_LOONGARCH, 100, "R_LARCH_RELAX"),
        (EM_SPARC, 80, "R_SPARC_GOTDATA_HIX22"),
        (43, 80, "R_SPARC_GOTDATA_HIX22"),
        (EM_SH, 164, "R_SH_JMP_SLOT"),
        (EM_IA_64, 134, "R_IA64_LTOFF22X"),
        (EM_ALPHA, 24, "R_ALPHA_COPY"),
        (EM_68K, 22, "R_68K_RELATIVE"),
        (0xa390, 26, "R_390_GOTENT"),
        (180, 42, "R_X86_64_REX_GOTPCRELX"),
    ] {
        assert_eq!(reloc_type(m, t), Some(name), "machine {m:#x} type {t}");
    }
    check! {
        reloc_type(EM_X86_64, 9999) => None,
        reloc_type(1, 1) => None,
        reloc_unrecognized_text(0x2a) => "unrecognized: 2a     ",
        reloc_type_text(EM_X86_64, 0x1_0000) => "unrecognized: 10000  ",
    }
    // MSP430 and NFP look at the header.
    check! {
        reloc_type_for(105, 0, 255, 1) => Some("R_MSP430_32"),
        reloc_type_for(105, 45, 255, 1) => Some("R_MSP430_ABS32"),
        reloc_type(105, 1) => Some("R_MSP430_ABS32"),
        reloc_type_field(0x1234_5678_9abc_def0, EM_X86_64, true) => 0x9abc_def0,
        reloc_type_field(0x1234_5678_9abc_def0, EM_MIPS, true) => 0xf0,
        reloc_type_field(0x1234_5678, EM_X86_64, false) => 0x78,
        sparc_olo10_data(0xffff_ff21) => -1,
        sparc_olo10_data(0x0000_0521) => 5,
        alpha_lituse(3) => Some("JSR"),
        alpha_lituse(7) => None,
    }
}

#[test]
fn notes() {
    let t = |owner: &[u8], n: u32, e_type: u16| note_type_text(owner, n, e_type, EM_X86_64);
    check! {
        t(b"GNU\0", 1, 2) => "NT_GNU_ABI_TAG (ABI version tag)",
        t(b"GNU\0", 5, 2) => "NT_GNU_PROPERTY_TYPE_0",
        t(b"GNU\0", 0x100, 1) => "NT_GNU_BUILD_ATTRIBUTE_OPEN",
        t(b"GNU\0", 9, 1) => "Unknown note type: (0x00000009)",
        t(b"CORE\0", 0x46494c45, 4) => "NT_FILE (mapped files)",
        t(b"LINUX\0", 0x202, 4) => "NT_X86_XSTATE (x86 XSAVE extended state)",
        t(b"LINUX\0", 0x202, 2) => "Unknown note type: (0x00000202)",
        t(b"", 1, 1) => "NT_VERSION (version)",
        t(b"Go\0", 4, 2) => "GO BUILDID",
        t(b"FDO\0", 0xcafe_1a7e, 2) => "FDO_PACKAGING_METADATA",
        t(b"FreeBSD\0", 7, 4) => "NT_THRMISC (thrmisc structure)",
        t(b"FreeBSD\0", 1, 4) => "NT_PRSTATUS (prstatus structure)",
        t(b"OpenBSD\0", 20, 4) => "OpenBSD regular registers",
        t(b"NetBSD-CORE\0", 33, 4) => "PT_GETREGS (reg structure)",
        t(b"NetBSD-CORE\0", 40, 4) => "PT_FIRSTMACH+8",
        t(b"NetBSD-CORE\0", 7, 4) => "Unknown note type: (0x00000007)",
        note_type_text(b"NetBSD-CORE\0", 32, 4, EM_SPARC) => "PT_GETREGS (reg structure)",
        note_type_text(b"NetBSD-CORE\0", 33, 4, EM_SH) => "PT___GETREGS40 (old reg structure)",
        t(b"NetBSD\0", 1, 2) => "IDENT",
        t(b"SPU/foo\0", 1, 4) => "foo",
        t(b"stapsdt\0", 3, 1) => "NT_STAPSDT (SystemTap probe descriptors)",
        t(b"IPF/VMS\0", 101, 1) => "NT_VMS_LINKTIME",
        t(b"AMDGPU\0", 32, 1) => "NT_AMDGPU_METADATA (code object metadata)",
        NoteOwner::of(b"GNU") => NoteOwner::Gnu,
        NoteOwner::of(b"PaX\0") => NoteOwner::NetBsd,
        NoteOwner::of(b"Xen\0") => NoteOwner::Default,
        v850_note_type(6) => Some("Use of MMU"),
        gnu_abi_tag_os(0) => "Linux",
        gnu_abi_tag_os(9) => "Unknown",
        gnu_build_attribute(7) => Some("<PIC>"),
        gnu_build_attribute(b'G') => None,
        gnu_build_attribute_value(7, 4) => Some("PIE"),
        gnu_build_attribute_value(2, 3) => Some("strong"),
        gnu_build_attribute_value(2, 5) => None,
        gnu_build_attribute_value(4, 0) => None,
    }
}

#[test]
fn gnu_properties() {
    check! {
        gnu_property_bits(0xc000_0002, EM_X86_64) => Some(("x86 feature", GnuPropertyBits::X86Feature1)),
        gnu_property_bits(0xc000_0000, EM_AARCH64) => Some(("AArch64 feature", GnuPropertyBits::Aarch64Feature1)),
        gnu_property_bits(0xc000_0000, EM_ARM) => None,
        gnu_property_bits(0xb000_8000, EM_ARM) => Some(("1_needed", GnuPropertyBits::Needed1)),
        GnuPropertyBits::Aarch64Feature1.text(3) => "BTI, PAC",
        GnuPropertyBits::Aarch64Feature1.text(0) => "",
        GnuPropertyBits::X86Isa1.text(0xf) => "x86-64-baseline, x86-64-v2, x86-64-v3, x86-64-v4",
        GnuPropertyBits::X86Compat2Isa1.text(0) => "<None>",
        GnuPropertyBits::X86CompatIsa1.bit_name(1) => Some("i486"),
        GnuPropertyBits::X86Feature2.bit_name(1 << 11) => Some("MASK"),
        GnuPropertyBits::Needed1.text(3) => "indirect external access, <unknown: 2>",
    }
}

#[test]
fn alt_hex_is_c_percent_hash_x() {
    check! {
        alt_hex(0) => "0",
        alt_hex(0x1f) => "0x1f",
    }
}
