//! Machine-code decoding that prints GNU objdump 2.40's instruction text.
//!
//! `libmc` knows nothing about object files: give it an [`Arch`], bytes and the address of the
//! first byte, and it yields [`Insn`]s — address, length, bytes, a control-flow [`Flow`] class
//! with the static branch target where there is one, and the text GNU `objdump -d` prints in
//! its instruction column (`mov    %rsp,%rbp`, `stp\tx29, x30, [sp, #-16]!`). Addresses
//! inside the text (branch targets, x86 `# addr` comments after RIP-relative operands) are
//! written by a [`Resolver`] the caller supplies, so a caller with symbols can print
//! `call   1040 <puts@plt>` exactly as objdump does.
//!
//! Decoders: [iced-x86] for x86-64, x32 and i386 (AT&T and Intel syntax), [capstone] for
//! AArch64, 32-bit Arm (A32 and Thumb), RISC-V and MIPS, and our own decoders for PowerPC
//! (capstone's crashes), SPARC and m68k (GNU's validity follows its own architecture
//! levels), each with our own GNU printer (see the README for measured agreement).
//! s390x (z/Architecture) is on capstone's SystemZ decoder too, with the z15/z16
//! instructions capstone 5 lacks decoded here.
//!
//! ```
//! use libmc::{Arch, Disassembler, Flow};
//!
//! let dis = Disassembler::new(Arch::X86_64);
//! // push %rbp; mov %rsp,%rbp; call 0x1040; ret
//! let code = [0x55, 0x48, 0x89, 0xe5, 0xe8, 0x37, 0x00, 0x00, 0x00, 0xc3];
//! let lines: Vec<String> = dis
//!     .iter(&code, 0x1000)
//!     .map(|i| format!("{:x}: {}", i.addr, i.text))
//!     .collect();
//! assert_eq!(lines, ["1000: push   %rbp", "1001: mov    %rsp,%rbp", "1004: call   1040", "1009: ret"]);
//!
//! let call = dis.iter(&code[4..], 0x1004).next().unwrap();
//! assert_eq!((call.flow, call.target), (Flow::Call, Some(0x1040)));
//! ```
//!
//! [iced-x86]: https://docs.rs/iced-x86
//! [capstone]: https://docs.rs/capstone

mod aarch64;
mod aarch64_canon;
mod arm;
mod arm_regnames;
mod m68k;
mod mips;
mod mopts;
mod ppc;
mod ppc_raw;
mod riscv;
mod s390;
mod sparc;
mod x86;

use std::fmt;
use std::fmt::Write as _;

/// The machine (instruction set and mode) to decode.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Machine {
    /// x86-64 (`i386:x86-64`).
    X86_64,
    /// x86-64 with 32-bit addresses (`i386:x64-32`, the x32 ABI).
    X32,
    /// 32-bit x86 (`i386`).
    I386,
    /// 16-bit x86 (`i8086`, `-M i8086`).
    I8086,
    /// 64-bit Arm (`aarch64`), A64 instruction set.
    AArch64,
    /// 64-bit RISC-V (`riscv:rv64`) with the C extension.
    RiscV64,
    /// 32-bit RISC-V (`riscv:rv32`) with the C extension.
    RiscV32,
    /// 32-bit MIPS, release 2 (`mips:isa32r2`).
    Mips32,
    /// 64-bit MIPS, release 2 (`mips:isa64r2`), with the n64 register names.
    Mips64,
    /// 64-bit PowerPC (`powerpc:common64`).
    Ppc64,
    /// 32-bit PowerPC (`powerpc:common`): the 64-bit printer with the older branch hints.
    Ppc32,
    /// 64-bit SPARC V9 with VIS 1 (`sparc:v9a`, elf64-sparc), big-endian.
    Sparc64,
    /// 32-bit SPARC V8 (`sparc`, elf32-sparc), big-endian.
    Sparc,
    /// Motorola 680x0 with the 68881 FPU (`m68k`, elf32-m68k), MIT syntax, big-endian.
    M68k,
    /// 32-bit Arm (`arm`), A32 instruction set (objdump's `$a` regions).
    ///
    /// [`Endian::Big`] is for big-endian instruction words (BE32); BE8 objects (`EF_ARM_BE8`)
    /// keep their code little-endian, as objdump reads it.
    Arm,
    /// 32-bit Arm, Thumb/Thumb-2 (T32) instruction set (objdump's `$t` regions).
    ///
    /// The caller picks Thumb or Arm per region as objdump does (mapping symbols `$a`/`$t`/`$d`,
    /// else function symbols with bit 0 set); data (`$d`) is the caller's to print
    /// (`.word\t0x…`). A 32-bit Thumb-2 instruction's [`Insn::bytes`] are its raw bytes in
    /// memory order; objdump shows them as two halfwords (`f8df 2004`).
    Thumb,
    /// IBM z/Architecture, 64-bit (`s390:64-bit`), always big-endian.
    S390x,
}

/// Byte order of instruction words (AArch64, 32-bit Arm, MIPS and PowerPC have a choice).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endian {
    /// Least significant byte first.
    Little,
    /// Most significant byte first.
    Big,
}

/// x86 assembler syntax (`-M att` / `-M intel`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Syntax {
    /// AT&T syntax (GNU's default): `mov 0x8(%rsp),%rax`.
    Att,
    /// Intel syntax: `mov rax,QWORD PTR [rsp+0x8]`.
    Intel,
}

/// 32-bit Arm core register names (`-M reg-names-…`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ArmRegNames {
    /// `reg-names-gcc`, GNU's default: `r0`…`r9`, `sl`, `fp`, `ip`, `sp`, `lr`, `pc`.
    Gcc,
    /// `reg-names-raw`: `r0`…`r15`.
    Raw,
    /// `reg-names-std`: `r0`…`r12`, `sp`, `lr`, `pc`.
    Std,
    /// `reg-names-apcs`: `a1`…`a4`, `v1`…`v6`, `sl`, `fp`, `ip`, `sp`, `lr`, `pc`.
    Apcs,
    /// `reg-names-atpcs`: `a1`…`a4`, `v1`…`v8`, `IP`, `SP`, `LR`, `PC`.
    Atpcs,
    /// `reg-names-special-atpcs`: `a1`…`a4`, `v1`…`v3`, `WR`, `v5`, `SB`, `SL`, `FP`, `IP`,
    /// `SP`, `LR`, `PC`.
    SpecialAtpcs,
}

/// MIPS register names by ABI (`-M gpr-names=…`, `fpr-names=…`, `reg-names=…`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MipsAbiNames {
    /// `numeric`: `$2`, `$f12`.
    Numeric,
    /// `32`: the o32 names (`v0`, `t0`; `fv0`, `fa0f`).
    O32,
    /// `n32`: the n32 names (`a4`…`a7` for $8…$11; `fv0`, `ft14`).
    N32,
    /// `64`: the n64 names (as n32's general registers; `fv0`, `ft12`).
    N64,
}

/// What to decode and how to print it: the machine plus objdump's `-M` options.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arch {
    /// The instruction set and mode.
    pub machine: Machine,
    /// Byte order of instruction words.
    pub endian: Endian,
    /// x86 syntax.
    pub syntax: Syntax,
    /// `-M suffix`: always print AT&T mnemonic size suffixes (x86).
    pub suffix: bool,
    /// `-M no-aliases`: print the architectural instruction, not its preferred alias.
    ///
    /// Honoured by the AArch64, MIPS and RISC-V printers (`orr x0, xzr, x1` for `mov x0, x1`,
    /// `addu v0,a0,zero` for `move v0,a0`, as GNU) and by PowerPC's, where `-M raw` sets it
    /// (`ori r0,r0,0` for `nop`).
    pub no_aliases: bool,
    /// `-M numeric` (RISC-V): registers as `x5`, `f10` rather than ABI names.
    pub numeric: bool,
    /// `-M reg-names-…` (32-bit Arm): the core register names.
    pub arm_reg_names: ArmRegNames,
    /// `-M gpr-names=…` (MIPS): the general register names; `None` for the machine's own
    /// (o32 for [`Machine::Mips32`], n64 for [`Machine::Mips64`]).
    pub mips_gpr_names: Option<MipsAbiNames>,
    /// `-M fpr-names=…` (MIPS): the FPU register names (GNU's default: numeric).
    pub mips_fpr_names: MipsAbiNames,
    /// `-M hwr-names=…` (MIPS): `rdhwr` registers by number (`$0`), not by the release 2
    /// names (`hwr_cpunum`) GNU prints for MIPS32r2/MIPS64r2 by default.
    pub mips_hwr_numeric: bool,
    /// `-M reg-names=numeric` (MIPS): FPU control registers as `$31`, not `c1_fcsr`.
    pub mips_fcr_numeric: bool,
}

impl Arch {
    /// x86-64, AT&T syntax.
    pub const X86_64: Arch = Arch::new(Machine::X86_64);
    /// x32, AT&T syntax.
    pub const X32: Arch = Arch::new(Machine::X32);
    /// i386, AT&T syntax.
    pub const I386: Arch = Arch::new(Machine::I386);
    /// Little-endian AArch64.
    pub const AARCH64: Arch = Arch::new(Machine::AArch64);
    /// RV64GC RISC-V.
    pub const RISCV64: Arch = Arch::new(Machine::RiscV64);
    /// RV32GC RISC-V.
    pub const RISCV32: Arch = Arch::new(Machine::RiscV32);
    /// Big-endian 64-bit PowerPC (`elf64-powerpc`).
    pub const PPC64: Arch = Arch {
        endian: Endian::Big,
        ..Arch::new(Machine::Ppc64)
    };
    /// Big-endian 32-bit PowerPC (`elf32-powerpc`).
    pub const PPC32: Arch = Arch {
        endian: Endian::Big,
        ..Arch::new(Machine::Ppc32)
    };
    /// Big-endian MIPS64r2 (`elf64-tradbigmips`).
    pub const MIPS64: Arch = Arch {
        endian: Endian::Big,
        ..Arch::new(Machine::Mips64)
    };
    /// Big-endian MIPS32r2 (`elf32-tradbigmips`).
    pub const MIPS32: Arch = Arch {
        endian: Endian::Big,
        ..Arch::new(Machine::Mips32)
    };

    /// 64-bit SPARC V9 (`elf64-sparc`, `sparc:v9a`).
    pub const SPARC64: Arch = Arch {
        endian: Endian::Big,
        ..Arch::new(Machine::Sparc64)
    };
    /// 32-bit SPARC V8 (`elf32-sparc`).
    pub const SPARC: Arch = Arch {
        endian: Endian::Big,
        ..Arch::new(Machine::Sparc)
    };

    /// Motorola 680x0 (`elf32-m68k`).
    pub const M68K: Arch = Arch {
        endian: Endian::Big,
        ..Arch::new(Machine::M68k)
    };
    /// Little-endian 32-bit Arm, A32 (Arm state).
    pub const ARM: Arch = Arch::new(Machine::Arm);
    /// Little-endian 32-bit Arm, T32 (Thumb state).
    pub const THUMB: Arch = Arch::new(Machine::Thumb);

    /// IBM z/Architecture (`elf64-s390`, `s390:64-bit`), big-endian.
    pub const S390X: Arch = Arch {
        endian: Endian::Big,
        ..Arch::new(Machine::S390x)
    };

    /// `machine`, little-endian, with GNU's default options.
    pub const fn new(machine: Machine) -> Arch {
        Arch {
            machine,
            endian: Endian::Little,
            syntax: Syntax::Att,
            suffix: false,
            no_aliases: false,
            numeric: false,
            arm_reg_names: ArmRegNames::Gcc,
            mips_gpr_names: None,
            mips_fpr_names: MipsAbiNames::Numeric,
            mips_hwr_numeric: false,
            mips_fcr_numeric: false,
        }
    }

    /// Every machine libmc decodes, with default options (for tests and fuzzing).
    pub const ALL: &'static [Arch] = &[
        Arch::X86_64,
        Arch::X32,
        Arch::I386,
        Arch::new(Machine::I8086),
        Arch::AARCH64,
        Arch {
            endian: Endian::Big,
            ..Arch::AARCH64
        },
        Arch::RISCV64,
        Arch::RISCV32,
        Arch::MIPS32,
        Arch::new(Machine::Mips32),
        Arch::PPC64,
        Arch::new(Machine::Ppc64),
        Arch::PPC32,
        Arch::MIPS64,
        Arch::new(Machine::Mips64),
        Arch::SPARC64,
        Arch::SPARC,
        Arch::M68K,
        Arch::ARM,
        Arch::THUMB,
        Arch {
            endian: Endian::Big,
            ..Arch::ARM
        },
        Arch {
            endian: Endian::Big,
            ..Arch::THUMB
        },
        Arch::S390X,
    ];

    /// Apply a `-M` option string (comma-separated, as objdump accepts it, e.g. `intel,suffix`).
    ///
    /// Options that do not apply to the machine are collected in the error, which still
    /// carries the `Arch` with the options that did apply (objdump warns and goes on).
    ///
    /// # Errors
    /// [`UnknownOptions`] naming the options this machine does not take.
    pub fn with_options(mut self, options: &str) -> Result<Arch, UnknownOptions> {
        let mut unknown = Vec::new();
        let mut messages = Vec::new();
        let mut at = 0;
        for part in options.split(',') {
            // GNU's messages quote the option string from this option to its end.
            let rest = options.get(at..).unwrap_or_default();
            at += part.len() + 1;
            let opt = part.trim();
            if opt.is_empty() {
                continue;
            }
            if let Err(msg) = mopts::apply(&mut self, opt, rest) {
                unknown.push(opt.to_owned());
                messages.extend(msg);
            }
        }
        if unknown.is_empty() {
            Ok(self)
        } else {
            Err(UnknownOptions {
                arch: self,
                unknown,
                messages,
            })
        }
    }
}

/// `-M` options that [`Arch::with_options`] did not recognise for the machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownOptions {
    /// The `Arch` with every recognised option applied.
    pub arch: Arch,
    /// The options not recognised or not honoured, as given.
    pub unknown: Vec<String>,
    /// GNU objdump's diagnostics for them, one line each without the `objdump: ` prefix
    /// (`unrecognised disassembler option: bogus`); empty where GNU says nothing (x86, MIPS,
    /// SPARC and m68k ignore unknown options silently).
    pub messages: Vec<String>,
}

impl fmt::Display for UnknownOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.messages.join("\n"))
    }
}

impl std::error::Error for UnknownOptions {}

/// How an instruction transfers control.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Flow {
    /// Falls through to the next instruction.
    Other,
    /// A call (direct or indirect).
    Call,
    /// An unconditional jump (direct or indirect).
    Jump,
    /// A conditional jump.
    CondJump,
    /// A return.
    Return,
    /// A trap, software interrupt, halt or undefined-instruction marker.
    Trap,
    /// Bytes that do not decode.
    Invalid,
}

/// One decoded instruction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Insn<'a> {
    /// Address of the first byte.
    pub addr: u64,
    /// The instruction's bytes (`bytes.len()` is its length).
    pub bytes: &'a [u8],
    /// How it transfers control.
    pub flow: Flow,
    /// The static target of a direct branch or call.
    pub target: Option<u64>,
    /// GNU objdump's text for the instruction column (no address, no raw bytes).
    pub text: String,
}

impl<'a> Insn<'a> {
    /// An instruction of `bytes` at `addr`.
    pub(crate) fn new(
        addr: u64,
        bytes: &'a [u8],
        flow: Flow,
        target: Option<u64>,
        text: String,
    ) -> Insn<'a> {
        Insn {
            addr,
            bytes,
            flow,
            target,
            text,
        }
    }

    /// Bytes a caller shows as data with the text it chose (objdump's `.word\t0x…` for
    /// the `$d` ranges of Arm code): [`Flow::Invalid`], no target.
    pub fn data(addr: u64, bytes: &'a [u8], text: String) -> Insn<'a> {
        Insn::new(addr, bytes, Flow::Invalid, None, text)
    }

    /// The instruction's length in bytes.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether the instruction has no bytes (never true for a decoded instruction).
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }
}

/// Writes addresses that appear in instruction text, as objdump's `print_address_func` does.
///
/// objdump with symbols writes `1040 <puts@plt>`; with none, `0x1040`. The default writes
/// the bare hexadecimal address (`1040`).
pub trait Resolver {
    /// Append the text for address `addr` to `out`.
    fn address(&self, addr: u64, out: &mut String) {
        let _ = write!(out, "{addr:x}");
    }
}

/// The default [`Resolver`]: bare hexadecimal addresses.
#[derive(Debug, Clone, Copy, Default)]
pub struct PlainAddresses;

impl Resolver for PlainAddresses {}

/// The first four bytes of `raw` (zero-padded) as a word in the given byte order.
pub(crate) fn word32(raw: &[u8], big: bool) -> u32 {
    let mut w = [0u8; 4];
    for (d, s) in w.iter_mut().zip(raw) {
        *d = *s;
    }
    if big {
        u32::from_be_bytes(w)
    } else {
        u32::from_le_bytes(w)
    }
}

/// A decoder and printer for one [`Arch`].
#[derive(Debug)]
pub struct Disassembler {
    arch: Arch,
    inner: Inner,
}

#[derive(Debug)]
enum Inner {
    X86(x86::X86),
    AArch64(aarch64::A64),
    RiscV(Box<riscv::RiscV>),
    Mips(mips::Mips),
    Ppc(ppc::Ppc),
    Sparc(sparc::Sparc),
    M68k(m68k::M68k),
    Arm(Box<arm::Arm>),
    S390(s390::S390),
}

impl Disassembler {
    /// A disassembler for `arch`.
    pub fn new(arch: Arch) -> Disassembler {
        let inner = match arch.machine {
            Machine::AArch64 => Inner::AArch64(aarch64::A64::new(arch)),
            Machine::RiscV64 | Machine::RiscV32 => Inner::RiscV(Box::new(riscv::RiscV::new(arch))),
            Machine::Mips32 | Machine::Mips64 => Inner::Mips(mips::Mips::new(arch)),
            Machine::Ppc64 | Machine::Ppc32 => Inner::Ppc(ppc::Ppc::new(arch)),
            Machine::Sparc64 | Machine::Sparc => Inner::Sparc(sparc::Sparc::new(arch)),
            Machine::M68k => Inner::M68k(m68k::M68k::new()),
            Machine::Arm | Machine::Thumb => Inner::Arm(Box::new(arm::Arm::new(arch))),
            Machine::S390x => Inner::S390(s390::S390::new(arch)),
            _ => Inner::X86(x86::X86::new(arch)),
        };
        Disassembler { arch, inner }
    }

    /// The `Arch` it decodes.
    pub fn arch(&self) -> Arch {
        self.arch
    }

    /// Decode the instruction at the start of `bytes` (at address `addr`), printing addresses
    /// with `resolver`. `None` only when `bytes` is empty.
    ///
    /// RISC-V text depends on what came before, as objdump's does: a value `lui`/`auipc`
    /// put in a register is remembered (inside this `Disassembler`, through `&self`) until
    /// an instruction completes an address with it and prints ` # addr`. Decode in address
    /// order, with one `Disassembler` per run of code, to get GNU's comments.
    ///
    /// Thumb text depends on the `it` instruction before it, in the same way: the condition
    /// suffixes of the instructions of an IT block come from the state the `it` set, kept
    /// while decoding goes on at the address following the previous instruction.
    pub fn decode<'a>(
        &self,
        bytes: &'a [u8],
        addr: u64,
        resolver: &dyn Resolver,
    ) -> Option<Insn<'a>> {
        if bytes.is_empty() {
            return None;
        }
        Some(match &self.inner {
            Inner::X86(x) => x.decode(bytes, addr, resolver),
            Inner::AArch64(a) => a.decode(bytes, addr, resolver),
            Inner::RiscV(r) => r.decode(bytes, addr, resolver),
            Inner::Mips(m) => m.decode(bytes, addr, resolver),
            Inner::Ppc(p) => p.decode(bytes, addr, resolver),
            Inner::Sparc(s) => s.decode(bytes, addr, resolver),
            Inner::M68k(m) => m.decode(bytes, addr, resolver),
            Inner::Arm(a) => a.decode(bytes, addr, resolver),
            Inner::S390(z) => z.decode(bytes, addr, resolver),
        })
    }

    /// The instructions of `bytes` (first byte at `addr`) in order, addresses printed bare.
    pub fn iter<'d, 'a>(&'d self, bytes: &'a [u8], addr: u64) -> Insns<'d, 'a> {
        self.iter_with(bytes, addr, &PlainAddresses)
    }

    /// The instructions of `bytes` (first byte at `addr`) in order, addresses printed by
    /// `resolver`.
    pub fn iter_with<'d, 'a>(
        &'d self,
        bytes: &'a [u8],
        addr: u64,
        resolver: &'d dyn Resolver,
    ) -> Insns<'d, 'a> {
        Insns {
            dis: self,
            bytes,
            addr,
            resolver,
        }
    }
}

/// Iterator over the instructions of a byte range; see [`Disassembler::iter`].
pub struct Insns<'d, 'a> {
    dis: &'d Disassembler,
    bytes: &'a [u8],
    addr: u64,
    resolver: &'d dyn Resolver,
}

impl fmt::Debug for Insns<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Insns")
            .field("arch", &self.dis.arch)
            .field("addr", &self.addr)
            .field("remaining", &self.bytes.len())
            .finish()
    }
}

impl<'a> Iterator for Insns<'_, 'a> {
    type Item = Insn<'a>;

    fn next(&mut self) -> Option<Insn<'a>> {
        let insn = self.dis.decode(self.bytes, self.addr, self.resolver)?;
        let n = insn.bytes.len().clamp(1, self.bytes.len());
        self.bytes = self.bytes.get(n..).unwrap_or_default();
        self.addr = self.addr.wrapping_add(n as u64);
        Some(insn)
    }
}
