//! Decode random bytes for every `libmc::Arch` (and x86 Intel syntax, the other machines' `-M`
//! printing options): never a panic, every
//! byte covered by exactly one instruction, every instruction with text.
#![no_main]

use libfuzzer_sys::fuzz_target;
use libmc::{Arch, Disassembler, Syntax};

fuzz_target!(|data: &[u8]| {
    let Some((&sel, code)) = data.split_first() else {
        return;
    };
    let n = Arch::ALL.len();
    let Some(&base) = Arch::ALL.get(usize::from(sel) % n) else {
        return;
    };
    let arch = if sel as usize / n % 2 == 1 {
        // Intel syntax on x86; elsewhere the -M options that change the printing.
        Arch {
            syntax: Syntax::Intel,
            no_aliases: true,
            numeric: true,
            arm_reg_names: libmc::ArmRegNames::Raw,
            mips_gpr_names: Some(libmc::MipsAbiNames::Numeric),
            mips_fpr_names: libmc::MipsAbiNames::N64,
            mips_hwr_numeric: true,
            mips_fcr_numeric: true,
            ..base
        }
    } else {
        base
    };
    let dis = Disassembler::new(arch);
    let addr = u64::from(sel).wrapping_mul(0x1_0000_1001);
    let mut covered = 0usize;
    for insn in dis.iter(code, addr) {
        assert!(!insn.bytes.is_empty());
        assert!(!insn.text.is_empty());
        assert_eq!(insn.addr, addr.wrapping_add(covered as u64));
        covered += insn.len();
    }
    assert_eq!(covered, code.len());
});
