//! DWARF register names per machine (GNU's `dwarf_regnames_*` tables and
//! `init_dwarf_regnames_by_elf_machine_code`).

use libelf::consts::{
    EM_386, EM_AARCH64, EM_IAMCU, EM_K1OM, EM_L1OM, EM_RISCV, EM_S390, EM_X86_64,
};

use super::riscv_csr::CSRS;

/// Unnamed register in a table.
const N: &str = "";

const I386: &[&str] = &[
    "eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi", "eip", "eflags", N, "st0", "st1",
    "st2", "st3", "st4", "st5", "st6", "st7", N, N, "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5",
    "xmm6", "xmm7", "mm0", "mm1", "mm2", "mm3", "mm4", "mm5", "mm6", "mm7", "fcw", "fsw", "mxcsr",
    "es", "cs", "ss", "ds", "fs", "gs", N, N, "tr", "ldtr", N, N, N, N, N, N, N, N, N, N, N, N, N,
    N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, "k0",
    "k1", "k2", "k3", "k4", "k5", "k6", "k7",
];

const IAMCU: &[&str] = &[
    "eax", "ecx", "edx", "ebx", "esp", "ebp", "esi", "edi", "eip", "eflags", N, N, N, N, N, N, N,
    N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, "es", "cs", "ss", "ds",
    "fs", "gs", N, N, "tr", "ldtr", N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N,
    N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N,
];

const X86_64: &[&str] = &[
    "rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp", "rsp", "r8", "r9", "r10", "r11", "r12", "r13",
    "r14", "r15", "rip", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",
    "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "st0", "st1", "st2", "st3",
    "st4", "st5", "st6", "st7", "mm0", "mm1", "mm2", "mm3", "mm4", "mm5", "mm6", "mm7", "rflags",
    "es", "cs", "ss", "ds", "fs", "gs", N, N, "fs.base", "gs.base", N, N, "tr", "ldtr", "mxcsr",
    "fcw", "fsw", "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23", "xmm24",
    "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31", N, N, N, N, N, N, N, N, N, N, N,
    N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, "k0", "k1", "k2", "k3",
    "k4", "k5", "k6", "k7",
];

const AARCH64: &[&str] = &[
    "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12", "x13", "x14",
    "x15", "x16", "x17", "x18", "x19", "x20", "x21", "x22", "x23", "x24", "x25", "x26", "x27",
    "x28", "x29", "x30", "sp", N, "elr", N, N, N, N, N, N, N, N, N, N, N, N, "vg", "ffr", "p0",
    "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11", "p12", "p13", "p14", "p15",
    "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
    "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26", "v27",
    "v28", "v29", "v30", "v31", "z0", "z1", "z2", "z3", "z4", "z5", "z6", "z7", "z8", "z9", "z10",
    "z11", "z12", "z13", "z14", "z15", "z16", "z17", "z18", "z19", "z20", "z21", "z22", "z23",
    "z24", "z25", "z26", "z27", "z28", "z29", "z30", "z31",
];

const S390: &[&str] = &[
    N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, "f0", "f2", "f4", "f6", "f1", "f3", "f5", "f7",
    "f8", "f10", "f12", "f14", "f9", "f11", "f13", "f15", "cr0", "cr1", "cr2", "cr3", "cr4", "cr5",
    "cr6", "cr7", "cr8", "cr9", "cr10", "cr11", "cr12", "cr13", "cr14", "cr15", "a0", "a1", "a2",
    "a3", "a4", "a5", "a6", "a7", "a8", "a9", "a10", "a11", "a12", "a13", "a14", "a15", "pswm",
    "pswa", N, N, "v16", "v18", "v20", "v22", "v17", "v19", "v21", "v23", "v24", "v26", "v28",
    "v30", "v25", "v27", "v29", "v31",
];

const RISCV: &[&str] = &[
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4",
    "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
    "t5", "t6", "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1",
    "fa2", "fa3", "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8",
    "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11", N, N, N, N, N, N, N, N, N, N, N, N, N, N,
    N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, N, "v0", "v1", "v2", "v3", "v4", "v5", "v6",
    "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14", "v15", "v16", "v17", "v18", "v19", "v20",
    "v21", "v22", "v23", "v24", "v25", "v26", "v27", "v28", "v29", "v30", "v31",
];

#[derive(Debug, Clone, Copy)]
enum Kind {
    None,
    Table(&'static [&'static str]),
    Riscv,
}

/// The register naming of one machine.
#[derive(Debug, Clone, Copy)]
pub(super) struct Regs {
    kind: Kind,
    /// AArch64 (`DW_CFA_GNU_window_save` is `DW_CFA_AARCH64_negate_ra_state`).
    pub(super) aarch64: bool,
}

impl Regs {
    /// GNU's `init_dwarf_regnames_by_elf_machine_code`.
    pub(super) fn for_machine(machine: u16) -> Self {
        let kind = match machine {
            EM_386 => Kind::Table(I386),
            EM_IAMCU => Kind::Table(IAMCU),
            EM_X86_64 | EM_L1OM | EM_K1OM => Kind::Table(X86_64),
            EM_AARCH64 => Kind::Table(AARCH64),
            EM_S390 => Kind::Table(S390),
            EM_RISCV => Kind::Riscv,
            _ => Kind::None,
        };
        Regs {
            kind,
            aarch64: machine == EM_AARCH64,
        }
    }

    /// GNU's `dwarf_regnames_count` (0: no table, registers limited to 1024).
    pub(super) fn count(&self) -> u32 {
        match self.kind {
            Kind::None => 0,
            Kind::Table(t) => u32::try_from(t.len()).unwrap_or(u32::MAX),
            Kind::Riscv => 8192,
        }
    }

    fn lookup(&self, regno: u32) -> Option<String> {
        let table = |t: &[&str]| {
            t.get(usize::try_from(regno).ok()?)
                .filter(|n| !n.is_empty())
                .map(|n| (*n).to_string())
        };
        match self.kind {
            Kind::None => None,
            Kind::Table(t) => table(t),
            Kind::Riscv => {
                if (regno as usize) < RISCV.len() {
                    table(RISCV)
                } else if (4096..=8191).contains(&regno) {
                    let csr = regno - 4096;
                    Some(
                        CSRS.binary_search_by_key(&csr, |&(v, _)| u32::from(v))
                            .ok()
                            .and_then(|i| CSRS.get(i))
                            .map_or_else(|| format!("csr{csr}"), |(_, n)| (*n).to_string()),
                    )
                } else {
                    None
                }
            }
        }
    }

    /// GNU's `regname`: `rN (name)`, or the bare name with `name_only`, or `rN` when
    /// the register has no name (N printed as a signed int, as GNU's `%d` does).
    pub(super) fn name(&self, regno: u32, name_only: bool) -> String {
        match self.lookup(regno) {
            Some(n) if name_only => n,
            Some(n) => format!("r{} ({n})", regno as i32),
            None => format!("r{}", regno as i32),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_sizes() {
        assert_eq!(I386.len(), 101);
        assert_eq!(IAMCU.len(), 101);
        assert_eq!(X86_64.len(), 126);
        assert_eq!(AARCH64.len(), 128);
        assert_eq!(S390.len(), 84);
        assert_eq!(RISCV.len(), 128);
    }

    #[test]
    fn names() {
        let x = Regs::for_machine(EM_X86_64);
        assert_eq!(x.name(7, false), "r7 (rsp)");
        assert_eq!(x.name(7, true), "rsp");
        assert_eq!(x.name(56, true), "r56");
        let r = Regs::for_machine(EM_RISCV);
        assert_eq!(r.name(4096 + 0xc00, true), "cycle");
        assert_eq!(r.name(4096 + 0xfff, true), "csr4095");
        assert_eq!(r.name(200, false), "r200");
        let a = Regs::for_machine(40);
        assert_eq!(a.name(14, false), "r14");
        assert_eq!(a.name(u32::MAX, false), "r-1");
    }
}
