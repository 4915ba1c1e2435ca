//! libmc's text against GNU objdump 2.40's for committed byte sequences (tests/data/*.golden,
//! written by scripts/golden.py from GNU's output): no GNU needed.

#![allow(missing_docs, clippy::unwrap_used, clippy::expect_used, clippy::panic)] // a test

use libmc::{Arch, Disassembler};

fn hex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(s.get(i..i + 2).unwrap(), 16).unwrap())
        .collect()
}

/// Decode each fixture line's bytes at its address; the text and length must be GNU's.
fn check(arch: Arch, fixture: &str) {
    check_with(arch, fixture, false);
}

/// [`check`]; with `in_order`, one disassembler decodes every line in turn (RISC-V's
/// `# addr` comments complete values earlier `lui`/`auipc` lines began), else each line
/// gets a fresh one.
fn check_with(arch: Arch, fixture: &str, in_order: bool) {
    let mut dis = Disassembler::new(arch);
    let mut bad = Vec::new();
    let mut n = 0;
    for line in fixture.lines().filter(|l| !l.starts_with('#')) {
        let mut f = line.splitn(3, '\t');
        let (addr, bytes, text) = (f.next().unwrap(), f.next().unwrap(), f.next().unwrap());
        let addr = u64::from_str_radix(addr, 16).unwrap();
        let bytes = hex(bytes);
        if !in_order {
            dis = Disassembler::new(arch);
        }
        let insn = dis.iter(&bytes, addr).next().unwrap();
        n += 1;
        if insn.text != text || insn.len() != bytes.len() {
            bad.push(format!(
                "{addr:x} {bytes:02x?}\n  GNU  {text}\n  ours {} ({} bytes)",
                insn.text,
                insn.len()
            ));
        }
    }
    assert!(n > 10, "fixture too small");
    assert!(
        bad.is_empty(),
        "{} of {n} differ:\n{}",
        bad.len(),
        bad.join("\n")
    );
}

#[test]
fn riscv64() {
    check(Arch::RISCV64, include_str!("data/riscv64.golden"));
}

#[test]
fn riscv64_address_comments() {
    check_with(Arch::RISCV64, include_str!("data/riscv64-run.golden"), true);
}

#[test]
fn riscv64_no_aliases_numeric() {
    let arch = Arch::RISCV64.with_options("no-aliases,numeric").unwrap();
    check(arch, include_str!("data/riscv64-no-aliases-numeric.golden"));
}

#[test]
fn mips32_big_endian() {
    check(Arch::MIPS32, include_str!("data/mips.golden"));
}

#[test]
fn ppc64_big_endian() {
    check(Arch::PPC64, include_str!("data/ppc64.golden"));
}

#[test]
fn mips64_big_endian() {
    check(Arch::MIPS64, include_str!("data/mips64.golden"));
}

#[test]
fn mips_no_aliases() {
    let arch = |a: Arch| a.with_options("no-aliases").unwrap();
    check(
        arch(Arch::MIPS32),
        include_str!("data/mips-no-aliases.golden"),
    );
    check(
        arch(Arch::MIPS64),
        include_str!("data/mips64-no-aliases.golden"),
    );
}

/// `-M reg-names=numeric` (`$2`, `$f12`, `$31` for `c1_fcsr`) and `gpr-names=64,fpr-names=32`
/// (`a4`, `fv0f`) on o32 code.
#[test]
fn mips_register_names() {
    let arch = |o: &str| Arch::MIPS32.with_options(o).unwrap();
    check(
        arch("reg-names=numeric"),
        include_str!("data/mips-reg-names-numeric.golden"),
    );
    check(
        arch("gpr-names=64,fpr-names=32"),
        include_str!("data/mips-gpr64-fpr32.golden"),
    );
}

/// `-M raw`: base instructions for the extended mnemonics (`ori r0,r0,0`, `bc 12,eq,…`,
/// `rlwinm`, `mtspr 8,r0`), and `.long` for branches whose BO the raw forms reject.
#[test]
fn ppc_raw() {
    let raw = |a: Arch| a.with_options("raw").unwrap();
    check(raw(Arch::PPC64), include_str!("data/ppc64-raw.golden"));
    check(raw(Arch::PPC32), include_str!("data/ppc32-raw.golden"));
    let dis = Disassembler::new(raw(Arch::PPC32));
    let insn = dis.iter(&[0x40, 0xa2, 0xff, 0xf0], 0x1000).next().unwrap();
    assert_eq!(
        (insn.text.as_str(), insn.flow, insn.target),
        (".long 0x40a2fff0", libmc::Flow::Invalid, None)
    );
    let insn = dis.iter(&[0x41, 0x82, 0x00, 0x10], 0x1000).next().unwrap();
    assert_eq!(
        (insn.text.as_str(), insn.flow, insn.target),
        ("bc      12,eq,1010", libmc::Flow::CondJump, Some(0x1010))
    );
}

#[test]
fn ppc32_big_endian() {
    check(Arch::PPC32, include_str!("data/ppc32.golden"));
}

#[test]
fn sparc64() {
    check(Arch::SPARC64, include_str!("data/sparc64.golden"));
}

#[test]
fn m68k() {
    check(Arch::M68K, include_str!("data/m68k.golden"));
}

#[test]
fn s390x() {
    check(Arch::S390X, include_str!("data/s390x.golden"));
}

#[test]
fn x86_64_att() {
    check(Arch::X86_64, include_str!("data/x86-64.golden"));
}

#[test]
fn x86_64_intel() {
    let arch = Arch::X86_64.with_options("intel").unwrap();
    check(arch, include_str!("data/x86-64-intel.golden"));
}

#[test]
fn i386_att() {
    check(Arch::I386, include_str!("data/i386.golden"));
}

#[test]
fn i386_intel() {
    let arch = Arch::I386.with_options("intel").unwrap();
    check(arch, include_str!("data/i386-intel.golden"));
}

#[test]
fn aarch64() {
    check(Arch::AARCH64, include_str!("data/aarch64.golden"));
}

#[test]
fn aarch64_no_aliases() {
    let arch = Arch::AARCH64.with_options("no-aliases").unwrap();
    check(arch, include_str!("data/aarch64-no-aliases.golden"));
}

#[test]
fn arm_a32() {
    check(Arch::ARM, include_str!("data/arm.golden"));
}

/// Thumb lines outside IT blocks, each decoded alone.
#[test]
fn thumb() {
    check(Arch::THUMB, include_str!("data/thumb.golden"));
}

/// `-M reg-names-…`: A32 under the special ATPCS names, Thumb under the raw and APCS ones
/// (the PC/SP-relative forms keep GNU's literal `pc`/`sp`).
#[test]
fn arm_reg_names() {
    let arch = |a: Arch, o: &str| a.with_options(o).unwrap();
    check(
        arch(Arch::ARM, "reg-names-special-atpcs"),
        include_str!("data/arm-reg-names-special-atpcs.golden"),
    );
    check(
        arch(Arch::THUMB, "reg-names-raw"),
        include_str!("data/thumb-reg-names-raw.golden"),
    );
    check(
        arch(Arch::THUMB, "reg-names-apcs"),
        include_str!("data/thumb-reg-names-apcs.golden"),
    );
}

/// A run of Thumb code with IT blocks, decoded in order (the conditions come from the `it`).
#[test]
fn thumb_it_blocks() {
    check_with(Arch::THUMB, include_str!("data/thumb-run.golden"), true);
}

/// Addresses as objdump prints them with symbols.
struct Syms;

impl libmc::Resolver for Syms {
    fn address(&self, addr: u64, out: &mut String) {
        out.push_str(&format!("{addr:x}"));
        if addr == 0x1040 {
            out.push_str(" <puts@plt>");
        }
    }
}

#[test]
fn resolver_writes_targets_and_rip_comments() {
    let dis = Disassembler::new(Arch::X86_64.with_options("intel").unwrap());
    // sub rsp,8; call 0x1040; lea rax,[rip+0x30] (→ 0x1040)
    let code = [
        0x48, 0x83, 0xec, 0x08, 0xe8, 0x37, 0x00, 0x00, 0x00, 0x48, 0x8d, 0x05, 0x30, 0x00, 0x00,
        0x00,
    ];
    let text: Vec<String> = dis
        .iter_with(&code, 0x1000, &Syms)
        .map(|i| i.text)
        .collect();
    assert_eq!(
        text,
        [
            "sub    rsp,0x8",
            "call   1040 <puts@plt>",
            "lea    rax,[rip+0x30]        # 1040 <puts@plt>"
        ]
    );
    let a64 = Disassembler::new(Arch::AARCH64);
    // bl +0x40; b.ne -4; ret; udf #0
    let code = [
        0x10, 0x00, 0x00, 0x94, 0xe1, 0xff, 0xff, 0x54, 0xc0, 0x03, 0x5f, 0xd6, 0, 0, 0, 0,
    ];
    let v: Vec<_> = a64
        .iter_with(&code, 0x1000, &Syms)
        .map(|i| (i.flow, i.target, i.text))
        .collect();
    use libmc::Flow::*;
    assert_eq!(
        v,
        [
            (Call, Some(0x1040), "bl\t1040 <puts@plt>".to_owned()),
            (CondJump, Some(0x1000), "b.ne\t1000  // b.any".to_owned()),
            (Return, None, "ret".to_owned()),
            (Trap, None, "udf\t#0".to_owned()),
        ]
    );
}

/// A `jalr` completing an `auipc` address has that address as its target (GNU's
/// riscv printer reports it; `--visualize-jumps` draws it).
#[test]
fn riscv_call_pair_target() {
    let dis = Disassembler::new(Arch::RISCV64);
    // auipc ra,0x0; jalr ra; ret
    let code = [0x97, 0x00, 0x00, 0x00, 0xe7, 0x80, 0x00, 0x00, 0x82, 0x80];
    let v: Vec<_> = dis
        .iter(&code, 0x25e)
        .map(|i| (i.flow, i.target, i.text))
        .collect();
    use libmc::Flow::*;
    assert_eq!(
        v,
        [
            (Other, None, "auipc\tra,0x0".to_owned()),
            (Call, Some(0x25e), "jalr\tra # 25e".to_owned()),
            (Return, None, "ret".to_owned()),
        ]
    );
}

#[test]
fn options() {
    let a = Arch::X86_64.with_options("intel,suffix").unwrap();
    assert_eq!((a.syntax, a.suffix), (libmc::Syntax::Intel, true));
    let e = Arch::X86_64.with_options("intel,bogus").unwrap_err();
    assert_eq!(e.arch.syntax, libmc::Syntax::Intel);
    assert_eq!(e.unknown, ["bogus"]);
    // GNU's i386 disassembler ignores unknown options silently; AArch64's names them.
    assert_eq!(e.to_string(), "");
    let e = Arch::AARCH64.with_options("bogus").unwrap_err();
    assert_eq!(e.to_string(), "unrecognised disassembler option: bogus");
    assert!(Arch::AARCH64.with_options("no-aliases").unwrap().no_aliases);
    assert!(Arch::AARCH64.with_options("intel").is_err());
    let t = Arch::ARM.with_options("force-thumb").unwrap();
    assert_eq!(t.machine, libmc::Machine::Thumb);
    let r = Arch::ARM.with_options("reg-names-raw").unwrap();
    assert_eq!(r.arm_reg_names, libmc::ArmRegNames::Raw);
    assert!(Arch::ARM.with_options("reg-names-bogus").is_err());
    // `rdhwr v0,$2`: GNU names the release 2 hardware registers unless told otherwise.
    let rdhwr = |a: Arch| {
        let dis = Disassembler::new(a);
        let text = dis.iter(&[0x7c, 0x02, 0x10, 0x3b], 0).next().unwrap().text;
        text
    };
    assert_eq!(rdhwr(Arch::MIPS32), "rdhwr\tv0,hwr_cc");
    let numeric = Arch::MIPS32.with_options("hwr-names=numeric").unwrap();
    assert_eq!(rdhwr(numeric), "rdhwr\tv0,$2");
}

#[test]
fn every_arch_covers_every_byte() {
    let bytes: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 13) as u8)
        .collect();
    for &arch in Arch::ALL {
        let dis = Disassembler::new(arch);
        let n: usize = dis.iter(&bytes, 0).map(|i| i.len()).sum();
        assert_eq!(n, bytes.len(), "{arch:?}");
    }
}

#[test]
fn every_arch_covers_every_byte_with_printing_options() {
    let bytes: Vec<u8> = (0..8192u32)
        .map(|i| (i.wrapping_mul(2654435761) >> 11) as u8)
        .collect();
    let opts = [
        "no-aliases",
        "raw",
        "reg-names-raw",
        "reg-names-special-atpcs",
        "reg-names=numeric,fpr-names=32",
        "numeric,no-aliases",
    ];
    for &base in Arch::ALL {
        for o in opts {
            let arch = base.with_options(o).unwrap_or_else(|e| e.arch);
            let dis = Disassembler::new(arch);
            let n: usize = dis
                .iter(&bytes, 0x1000)
                .inspect(|i| assert!(!i.text.is_empty(), "{arch:?} {:x}", i.addr))
                .map(|i| i.len())
                .sum();
            assert_eq!(n, bytes.len(), "{arch:?} {o}");
        }
    }
}

/// Inputs the fuzzer found (fuzz/artifacts/mc_decode), decoded with the fuzz target's checks.
#[test]
fn fuzz_regressions() {
    let cases: &[(Arch, &[u8])] = &[(Arch::X86_64, &[0x09, 0xc8, 0x9b, 0x48, 0x9b])];
    for &(arch, code) in cases {
        let dis = Disassembler::new(arch);
        let mut n = 0;
        for i in dis.iter(code, 0) {
            assert!(
                !i.text.is_empty() && !i.bytes.is_empty(),
                "{arch:?} {code:02x?}"
            );
            n += i.len();
        }
        assert_eq!(n, code.len());
    }
}
