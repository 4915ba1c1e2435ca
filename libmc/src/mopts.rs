//! objdump's `-M` options per machine, with GNU objdump 2.40's diagnostics for the ones a
//! machine does not take (each disassembler words its own, and some say nothing).

use crate::{Arch, ArmRegNames, Machine, MipsAbiNames, Syntax};

/// Why an option was not applied: `Some(message)` where GNU prints one, `None` where GNU
/// is silent (it ignores the option, or takes it but libmc does not honour it).
pub(crate) type NotApplied = Option<String>;

/// Apply one option `opt` to `arch`; `rest` is the option string from `opt` to its end,
/// which several of GNU's messages quote.
pub(crate) fn apply(arch: &mut Arch, opt: &str, rest: &str) -> Result<(), NotApplied> {
    match arch.machine {
        Machine::X86_64 | Machine::X32 | Machine::I386 | Machine::I8086 => x86(arch, opt),
        Machine::AArch64 => match opt {
            "no-aliases" => set(&mut arch.no_aliases, true),
            "aliases" => set(&mut arch.no_aliases, false),
            "notes" => Ok(()),
            "no-notes" => Err(None),
            _ => Err(Some(format!("unrecognised disassembler option: {rest}"))),
        },
        Machine::Arm | Machine::Thumb => arm(arch, opt, rest),
        Machine::Mips32 | Machine::Mips64 => mips(arch, opt),
        Machine::RiscV64 | Machine::RiscV32 => riscv(arch, opt),
        Machine::Ppc64 | Machine::Ppc32 => {
            if opt == "raw" {
                arch.no_aliases = true;
                Ok(())
            } else if PPC_CPUS.contains(&opt) {
                Err(None)
            } else {
                Err(Some(format!("warning: ignoring unknown -M{rest} option")))
            }
        }
        Machine::S390x => match opt {
            // z/Architecture mode, the only one libmc decodes (GNU's default).
            "zarch" => Ok(()),
            "esa" | "insnlength" => Err(None),
            _ => Err(Some(format!("unknown S/390 disassembler option: {rest}"))),
        },
        // SPARC and m68k take no options and say nothing about them.
        _ => Err(None),
    }
}

/// Set an option's flag.
fn set(flag: &mut bool, value: bool) -> Result<(), NotApplied> {
    *flag = value;
    Ok(())
}

fn x86(arch: &mut Arch, opt: &str) -> Result<(), NotApplied> {
    match opt {
        "intel" | "intel-mnemonic" => arch.syntax = Syntax::Intel,
        "att" | "att-mnemonic" => arch.syntax = Syntax::Att,
        "suffix" => arch.suffix = true,
        "x86-64" => arch.machine = Machine::X86_64,
        "i386" => arch.machine = Machine::I386,
        "i8086" => arch.machine = Machine::I8086,
        // GNU's i386 disassembler ignores what it does not know without a word.
        _ => return Err(None),
    }
    Ok(())
}

fn arm(arch: &mut Arch, opt: &str, rest: &str) -> Result<(), NotApplied> {
    if let Some(set) = opt.strip_prefix("reg-names-") {
        arch.arm_reg_names = match set {
            "gcc" => ArmRegNames::Gcc,
            "raw" => ArmRegNames::Raw,
            "std" => ArmRegNames::Std,
            "apcs" => ArmRegNames::Apcs,
            "atpcs" => ArmRegNames::Atpcs,
            "special-atpcs" => ArmRegNames::SpecialAtpcs,
            _ => return Err(Some(format!("unrecognised register name set: {rest}"))),
        };
        return Ok(());
    }
    match opt {
        "force-thumb" => arch.machine = Machine::Thumb,
        "no-force-thumb" => {}
        o if o.starts_with("coproc") => return Err(None),
        _ => return Err(Some(format!("unrecognised disassembler option: {rest}"))),
    }
    Ok(())
}

/// GNU's `ARCH` values for `cp0-names=`, `hwr-names=` and `reg-names=`, and whether the
/// architecture has the release 2 hardware register names.
fn mips_arch(name: &str) -> Option<bool> {
    const R2: &[&str] = &[
        "mips32r2",
        "mips32r3",
        "mips32r5",
        "mips32r6",
        "mips64r2",
        "mips64r3",
        "mips64r5",
        "mips64r6",
        "interaptiv-mr2",
    ];
    const OTHER: &[&str] = &[
        "numeric",
        "r3000",
        "r3900",
        "r4000",
        "r4010",
        "vr4100",
        "vr4111",
        "vr4120",
        "r4300",
        "r4400",
        "r4600",
        "r4650",
        "r5000",
        "vr5400",
        "vr5500",
        "r5900",
        "r6000",
        "rm7000",
        "rm9000",
        "r8000",
        "r10000",
        "r12000",
        "r14000",
        "r16000",
        "mips5",
        "mips32",
        "mips64",
        "sb1",
        "loongson2e",
        "loongson2f",
        "loongson3a",
        "gs464",
        "gs464e",
        "gs264e",
        "octeon",
        "octeon+",
        "octeon2",
        "octeon3",
        "xlr",
        "xlp",
    ];
    if R2.contains(&name) {
        Some(true)
    } else if OTHER.contains(&name) {
        Some(false)
    } else {
        None
    }
}

/// GNU's `ABI` values.
fn mips_abi(name: &str) -> Option<MipsAbiNames> {
    Some(match name {
        "numeric" => MipsAbiNames::Numeric,
        "32" => MipsAbiNames::O32,
        "n32" => MipsAbiNames::N32,
        "64" => MipsAbiNames::N64,
        _ => return None,
    })
}

/// MIPS: GNU ignores unknown options and values silently.
fn mips(arch: &mut Arch, opt: &str) -> Result<(), NotApplied> {
    if opt == "no-aliases" {
        arch.no_aliases = true;
        return Ok(());
    }
    let Some((key, value)) = opt.split_once('=') else {
        return Err(None);
    };
    match key {
        "gpr-names" => arch.mips_gpr_names = Some(mips_abi(value).ok_or(None)?),
        "fpr-names" => arch.mips_fpr_names = mips_abi(value).ok_or(None)?,
        "hwr-names" => arch.mips_hwr_numeric = !mips_arch(value).ok_or(None)?,
        // libmc prints no coprocessor 0 register (GNU's `mfc0` names).
        "cp0-names" => mips_arch(value).map(|_| ()).ok_or(None)?,
        "reg-names" => {
            let abi = mips_abi(value);
            let r2 = mips_arch(value);
            if abi.is_none() && r2.is_none() {
                return Err(None);
            }
            if let Some(abi) = abi {
                arch.mips_gpr_names = Some(abi);
                arch.mips_fpr_names = abi;
            }
            if let Some(r2) = r2 {
                arch.mips_hwr_numeric = !r2;
            }
            if value == "numeric" {
                arch.mips_fcr_numeric = true;
            }
        }
        _ => return Err(None),
    }
    Ok(())
}

fn riscv(arch: &mut Arch, opt: &str) -> Result<(), NotApplied> {
    match opt.split_once('=') {
        Some(("priv-spec", v)) if ["1.9.1", "1.10", "1.11", "1.12"].contains(&v) => Err(None),
        Some(("priv-spec", _)) => Err(Some(format!("unknown privileged spec set by {opt}"))),
        Some((key, _)) => Err(Some(format!("unrecognized disassembler option: {key}"))),
        None => match opt {
            "no-aliases" => set(&mut arch.no_aliases, true),
            "numeric" => set(&mut arch.numeric, true),
            _ => Err(Some(format!("unrecognized disassembler option: {opt}"))),
        },
    }
}

/// The CPU and extension names GNU's PowerPC disassembler takes (`objdump --help`).
const PPC_CPUS: &[&str] = &[
    "403",
    "405",
    "440",
    "464",
    "476",
    "601",
    "603",
    "604",
    "620",
    "7400",
    "7410",
    "7450",
    "7455",
    "750cl",
    "gekko",
    "broadway",
    "821",
    "850",
    "860",
    "a2",
    "altivec",
    "any",
    "booke",
    "booke32",
    "cell",
    "com",
    "e200z2",
    "e200z4",
    "e300",
    "e500",
    "e500mc",
    "e500mc64",
    "e5500",
    "e6500",
    "e500x2",
    "efs",
    "efs2",
    "lsp",
    "power4",
    "power5",
    "power6",
    "power7",
    "power8",
    "power9",
    "power10",
    "libresoc",
    "future",
    "ppc",
    "ppc32",
    "32",
    "ppc64",
    "64",
    "ppc64bridge",
    "ppcps",
    "pwr",
    "pwr2",
    "pwr4",
    "pwr5",
    "pwr5x",
    "pwr6",
    "pwr7",
    "pwr8",
    "pwr9",
    "pwr10",
    "pwrx",
    "raw",
    "spe",
    "spe2",
    "titan",
    "vle",
    "vsx",
];

#[cfg(test)]
mod tests {
    use crate::Arch;

    /// GNU objdump 2.40's diagnostics (`objdump -d -M OPTIONS` on each machine).
    #[test]
    fn gnu_messages() {
        let cases: &[(Arch, &str, &[&str])] = &[
            (
                Arch::AARCH64,
                "no-aliases,bogus,x",
                &[
                    "unrecognised disassembler option: bogus,x",
                    "unrecognised disassembler option: x",
                ],
            ),
            (
                Arch::ARM,
                "no-aliases,bogus,x",
                &[
                    "unrecognised disassembler option: no-aliases,bogus,x",
                    "unrecognised disassembler option: bogus,x",
                    "unrecognised disassembler option: x",
                ],
            ),
            (
                Arch::ARM,
                "reg-names-foo,x,force-thumb",
                &[
                    "unrecognised register name set: reg-names-foo,x,force-thumb",
                    "unrecognised disassembler option: x,force-thumb",
                ],
            ),
            (
                Arch::PPC64,
                "raw,bogus,x",
                &[
                    "warning: ignoring unknown -Mbogus,x option",
                    "warning: ignoring unknown -Mx option",
                ],
            ),
            (
                Arch::RISCV64,
                "numeric=1,priv-spec=1.10,priv-spec=2,x",
                &[
                    "unrecognized disassembler option: numeric",
                    "unknown privileged spec set by priv-spec=2",
                    "unrecognized disassembler option: x",
                ],
            ),
            (
                Arch::S390X,
                "bogus,x",
                &[
                    "unknown S/390 disassembler option: bogus,x",
                    "unknown S/390 disassembler option: x",
                ],
            ),
            (Arch::X86_64, "bogus,gpr-names=foo", &[]),
            (Arch::MIPS32, "bogus,gpr-names=foo", &[]),
            (Arch::SPARC64, "bogus,gpr-names=foo", &[]),
            (Arch::M68K, "bogus,gpr-names=foo", &[]),
        ];
        for (arch, opts, want) in cases {
            let got = arch.with_options(opts).err().map(|e| e.messages);
            let want: Vec<String> = want.iter().map(|m| (*m).to_owned()).collect();
            assert_eq!(got, Some(want), "{arch:?} {opts}");
        }
    }
}
