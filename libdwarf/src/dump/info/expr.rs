//! DWARF expressions as GNU's `decode_location_expression` prints them, and the
//! register names it uses (`regname (n, 1)`).

use super::out::{Endian, Out};
use super::Diag;

/// What an expression needs to know about where it is: its section ([`ExprCx::new`])
/// and its unit ([`ExprCx::unit`]).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ExprCx {
    pointer_size: usize,
    offset_size: usize,
    /// -1 in frame info.
    version: i32,
    cu_offset: u64,
    endian: Endian,
    machine: u16,
    /// The containing section's address and the expression's offset in it (for
    /// pc-relative `DW_OP_GNU_encoded_addr`).
    section_address: u64,
}

impl ExprCx {
    /// An expression in a section of `machine`, in byte order `endian`, loaded at
    /// `section_address`; as in frame info, it belongs to no unit until
    /// [`ExprCx::unit`] says.
    pub(crate) fn new(endian: Endian, machine: u16, section_address: u64) -> Self {
        ExprCx {
            pointer_size: 0,
            offset_size: 0,
            version: -1,
            cu_offset: 0,
            endian,
            machine,
            section_address,
        }
    }

    /// The expression's unit: its address size, offset size, DWARF version and offset.
    pub(crate) fn unit(
        self,
        pointer_size: usize,
        offset_size: usize,
        version: i32,
        cu_offset: u64,
    ) -> Self {
        ExprCx {
            pointer_size,
            offset_size,
            version,
            cu_offset,
            ..self
        }
    }
}

const I386: &[Option<&str>] = &[
    Some("eax"),
    Some("ecx"),
    Some("edx"),
    Some("ebx"),
    Some("esp"),
    Some("ebp"),
    Some("esi"),
    Some("edi"),
    Some("eip"),
    Some("eflags"),
    None,
    Some("st0"),
    Some("st1"),
    Some("st2"),
    Some("st3"),
    Some("st4"),
    Some("st5"),
    Some("st6"),
    Some("st7"),
    None,
    None,
    Some("xmm0"),
    Some("xmm1"),
    Some("xmm2"),
    Some("xmm3"),
    Some("xmm4"),
    Some("xmm5"),
    Some("xmm6"),
    Some("xmm7"),
    Some("mm0"),
    Some("mm1"),
    Some("mm2"),
    Some("mm3"),
    Some("mm4"),
    Some("mm5"),
    Some("mm6"),
    Some("mm7"),
    Some("fcw"),
    Some("fsw"),
    Some("mxcsr"),
    Some("es"),
    Some("cs"),
    Some("ss"),
    Some("ds"),
    Some("fs"),
    Some("gs"),
    None,
    None,
    Some("tr"),
    Some("ldtr"),
];

const X86_64: &[&str] = &[
    "rax", "rdx", "rcx", "rbx", "rsi", "rdi", "rbp", "rsp", "r8", "r9", "r10", "r11", "r12", "r13",
    "r14", "r15", "rip", "xmm0", "xmm1", "xmm2", "xmm3", "xmm4", "xmm5", "xmm6", "xmm7", "xmm8",
    "xmm9", "xmm10", "xmm11", "xmm12", "xmm13", "xmm14", "xmm15", "st0", "st1", "st2", "st3",
    "st4", "st5", "st6", "st7", "mm0", "mm1", "mm2", "mm3", "mm4", "mm5", "mm6", "mm7", "rflags",
    "es", "cs", "ss", "ds", "fs", "gs", "", "", "fs.base", "gs.base", "", "", "tr", "ldtr",
    "mxcsr", "fcw", "fsw", "xmm16", "xmm17", "xmm18", "xmm19", "xmm20", "xmm21", "xmm22", "xmm23",
    "xmm24", "xmm25", "xmm26", "xmm27", "xmm28", "xmm29", "xmm30", "xmm31",
];

const RISCV: &[&str] = &[
    "zero", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4",
    "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
    "t5", "t6", "ft0", "ft1", "ft2", "ft3", "ft4", "ft5", "ft6", "ft7", "fs0", "fs1", "fa0", "fa1",
    "fa2", "fa3", "fa4", "fa5", "fa6", "fa7", "fs2", "fs3", "fs4", "fs5", "fs6", "fs7", "fs8",
    "fs9", "fs10", "fs11", "ft8", "ft9", "ft10", "ft11",
];

const S390: &[&str] = &[
    "f0", "f2", "f4", "f6", "f1", "f3", "f5", "f7", "f8", "f10", "f12", "f14", "f9", "f11", "f13",
    "f15", "cr0", "cr1", "cr2", "cr3", "cr4", "cr5", "cr6", "cr7", "cr8", "cr9", "cr10", "cr11",
    "cr12", "cr13", "cr14", "cr15", "a0", "a1", "a2", "a3", "a4", "a5", "a6", "a7", "a8", "a9",
    "a10", "a11", "a12", "a13", "a14", "a15", "pswm", "pswa", "", "", "v16", "v18", "v20", "v22",
    "v17", "v19", "v21", "v23", "v24", "v26", "v28", "v30", "v25", "v27", "v29", "v31",
];

/// GNU's register name for DWARF register `r` on `machine`, if it has one.
pub(crate) fn reg_name(machine: u16, r: u32) -> Option<&'static str> {
    let r = r as usize;
    let name = match machine {
        3 => I386.get(r).copied().flatten().or(match r {
            93..=100 => ["k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7"]
                .get(r - 93)
                .copied(),
            _ => None,
        }),
        6 => match r {
            0..=9 => I386.get(r).copied().flatten(),
            40..=49 => I386.get(r).copied().flatten(),
            _ => None,
        },
        62 | 180 | 181 => X86_64.get(r).copied().or(match r {
            118..=125 => ["k0", "k1", "k2", "k3", "k4", "k5", "k6", "k7"]
                .get(r - 118)
                .copied(),
            _ => None,
        }),
        183 => match r {
            0..=30 => X_REGS.get(r).copied(),
            31 => Some("sp"),
            33 => Some("elr"),
            46 => Some("vg"),
            47 => Some("ffr"),
            48..=63 => P_REGS.get(r - 48).copied(),
            64..=95 => V_REGS.get(r - 64).copied(),
            96..=127 => Z_REGS.get(r - 96).copied(),
            _ => None,
        },
        22 => match r {
            16..=83 => S390.get(r - 16).copied(),
            _ => None,
        },
        243 => match r {
            0..=63 => RISCV.get(r).copied(),
            96..=127 => V_REGS.get(r - 96).copied(),
            _ => None,
        },
        _ => None,
    };
    name.filter(|n| !n.is_empty())
}

const X_REGS: &[&str] = &[
    "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12", "x13", "x14",
    "x15", "x16", "x17", "x18", "x19", "x20", "x21", "x22", "x23", "x24", "x25", "x26", "x27",
    "x28", "x29", "x30",
];
const P_REGS: &[&str] = &[
    "p0", "p1", "p2", "p3", "p4", "p5", "p6", "p7", "p8", "p9", "p10", "p11", "p12", "p13", "p14",
    "p15",
];
const V_REGS: &[&str] = &[
    "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9", "v10", "v11", "v12", "v13", "v14",
    "v15", "v16", "v17", "v18", "v19", "v20", "v21", "v22", "v23", "v24", "v25", "v26", "v27",
    "v28", "v29", "v30", "v31",
];
const Z_REGS: &[&str] = &[
    "z0", "z1", "z2", "z3", "z4", "z5", "z6", "z7", "z8", "z9", "z10", "z11", "z12", "z13", "z14",
    "z15", "z16", "z17", "z18", "z19", "z20", "z21", "z22", "z23", "z24", "z25", "z26", "z27",
    "z28", "z29", "z30", "z31",
];

/// `regname (r, 1)`: the name, else `r<N>` (N as a C `int`).
pub(crate) fn regname(o: &mut Out, machine: u16, r: u64) {
    let r = r as u32;
    match reg_name(machine, r) {
        Some(n) => o.s(n),
        None => {
            o.c(b'r');
            o.sdec(i64::from(r as i32));
        }
    }
}

/// GNU's `display_block`: `<delim><len> byte block: xx xx …`; returns the end.
pub(crate) fn display_block(
    o: &mut Out,
    data: &[u8],
    pos: usize,
    length: u64,
    end: usize,
    delim: u8,
) -> usize {
    o.c(delim);
    o.dec(length);
    o.s(" byte block: ");
    if pos > end {
        return end;
    }
    let n = usize::try_from(length).unwrap_or(usize::MAX).min(end - pos);
    for &b in data.get(pos..pos + n).unwrap_or(&[]) {
        o.hex(u64::from(b));
        o.c(b' ');
    }
    pos + n
}

/// Where an expression's operands come from and how its registers and addresses are
/// shown: a unit's expression ([`decode`]), or one in a CFA instruction (the frame
/// display, whose reads and messages are its own).
pub(crate) trait Operands {
    /// The bytes positions index.
    fn data(&self) -> &[u8];
    /// GNU's `SAFE_BYTE_GET_AND_INC` of `n` bytes at `*pos`, not past `end`.
    fn get(&mut self, o: &mut Out, pos: &mut usize, n: usize, end: usize) -> u64;
    /// GNU's `SAFE_SIGNED_BYTE_GET_AND_INC`.
    fn get_signed(&mut self, o: &mut Out, pos: &mut usize, n: usize, end: usize) -> i64;
    /// GNU's `READ_ULEB` into a 64-bit variable, with its messages.
    fn uleb(&mut self, o: &mut Out, pos: &mut usize, end: usize) -> u64;
    /// GNU's `READ_SLEB` into a 64-bit variable, with its messages.
    fn sleb(&mut self, o: &mut Out, pos: &mut usize, end: usize) -> i64;
    /// `regname (r, 1)`.
    fn regname(&self, o: &mut Out, r: u64);
    /// A register operand: its number, then its name in parentheses.
    fn register(&self, o: &mut Out, r: u64) {
        o.dec(r);
        o.s(" (");
        self.regname(o, r);
        o.c(b')');
    }
    /// GNU's `get_encoded_value` with encoding `enc` at `*pos`.
    fn encoded(&mut self, o: &mut Out, pos: &mut usize, enc: u8, end: usize) -> u64;
    /// An encoded address as `DW_OP_GNU_encoded_addr` prints it (`print_hex_ns`).
    fn print_addr(&self, o: &mut Out, addr: u64);
}

/// The operands of an expression in a unit: `data` in the unit's byte order, messages
/// through `diag` after the pending output.
struct UnitOperands<'a, 'b, 'w> {
    data: &'a [u8],
    diag: &'b mut Diag<'w>,
    cx: ExprCx,
}

impl Operands for UnitOperands<'_, '_, '_> {
    fn data(&self) -> &[u8] {
        self.data
    }
    fn get(&mut self, _: &mut Out, pos: &mut usize, n: usize, end: usize) -> u64 {
        self.cx.endian.read(self.data, pos, n, end)
    }
    fn get_signed(&mut self, _: &mut Out, pos: &mut usize, n: usize, end: usize) -> i64 {
        self.cx.endian.read_signed(self.data, pos, n, end)
    }
    fn uleb(&mut self, o: &mut Out, pos: &mut usize, end: usize) -> u64 {
        self.leb(o, pos, end, false)
    }
    fn sleb(&mut self, o: &mut Out, pos: &mut usize, end: usize) -> i64 {
        self.leb(o, pos, end, true) as i64
    }
    fn regname(&self, o: &mut Out, r: u64) {
        regname(o, self.cx.machine, r);
    }
    fn encoded(&mut self, o: &mut Out, pos: &mut usize, enc: u8, end: usize) -> u64 {
        encoded_value(o, self, pos, enc, end)
    }
    fn print_addr(&self, o: &mut Out, addr: u64) {
        let nb = if self.cx.pointer_size == 0 {
            2
        } else {
            self.cx.pointer_size
        };
        let masked = if nb >= 8 {
            addr
        } else {
            addr & ((1u64 << (nb * 8)) - 1)
        };
        o.hex_w(masked, nb * 2);
    }
}

impl UnitOperands<'_, '_, '_> {
    fn leb(&mut self, o: &mut Out, pos: &mut usize, end: usize, signed: bool) -> u64 {
        let (v, m) = super::out::read_leb(self.data, pos, end, signed, 64);
        if let Some(m) = m {
            self.diag.error_o(o, m);
        }
        v
    }
}

/// GNU's `decode_location_expression` of `data[pos..pos+length]` (clamped to
/// `data`). Returns whether the expression needs a frame base.
pub(crate) fn decode(
    o: &mut Out,
    diag: &mut Diag<'_>,
    data: &[u8],
    pos: usize,
    length: u64,
    cx: &ExprCx,
    depth: u32,
) -> bool {
    let mut x = UnitOperands {
        data,
        diag,
        cx: *cx,
    };
    decode_with(&mut x, o, pos, length, cx, depth)
}

/// GNU's `decode_location_expression` of the `length` bytes at `pos` of `x`'s data
/// (clamped to it), for any [`Operands`]; in frame info (`cx.version` -1) the
/// operations that refer to a unit are not decoded. Returns whether the expression
/// needs a frame base.
pub(crate) fn decode_with<X: Operands + ?Sized>(
    x: &mut X,
    o: &mut Out,
    pos: usize,
    length: u64,
    cx: &ExprCx,
    depth: u32,
) -> bool {
    let end = usize::try_from(length)
        .ok()
        .and_then(|l| pos.checked_add(l))
        .unwrap_or(usize::MAX)
        .min(x.data().len());
    let mut p = pos;
    let mut need_frame_base = false;
    let ref_size = if cx.version == 2 {
        cx.pointer_size
    } else {
        cx.offset_size
    };
    while p < end {
        let op = x.data().get(p).copied().unwrap_or(0);
        p += 1;
        match op {
            0x03 => {
                let v = x.get(o, &mut p, cx.pointer_size, end);
                o.s("DW_OP_addr: ");
                o.hex(v);
            }
            0x06 => o.s("DW_OP_deref"),
            0x08..=0x0f => {
                // DW_OP_const1u, const1s, const2u, … const8s: the size doubles every
                // second opcode, the odd ones are signed.
                let n = 1usize << ((op - 0x08) >> 1);
                o.s("DW_OP_const");
                o.dec(n as u64);
                if op & 1 == 0 {
                    let v = x.get(o, &mut p, n, end);
                    o.s("u: ");
                    o.dec(v);
                } else {
                    let v = x.get_signed(o, &mut p, n, end);
                    o.s("s: ");
                    o.sdec(v);
                }
            }
            0x10 => {
                let v = x.uleb(o, &mut p, end);
                o.s("DW_OP_constu: ");
                o.dec(v);
            }
            0x11 => {
                let v = x.sleb(o, &mut p, end);
                o.s("DW_OP_consts: ");
                o.sdec(v);
            }
            0x12 => o.s("DW_OP_dup"),
            0x13 => o.s("DW_OP_drop"),
            0x14 => o.s("DW_OP_over"),
            0x15 => {
                let v = x.get(o, &mut p, 1, end);
                o.s("DW_OP_pick: ");
                o.dec(v);
            }
            0x16 => o.s("DW_OP_swap"),
            0x17 => o.s("DW_OP_rot"),
            0x18 => o.s("DW_OP_xderef"),
            0x19 => o.s("DW_OP_abs"),
            0x1a => o.s("DW_OP_and"),
            0x1b => o.s("DW_OP_div"),
            0x1c => o.s("DW_OP_minus"),
            0x1d => o.s("DW_OP_mod"),
            0x1e => o.s("DW_OP_mul"),
            0x1f => o.s("DW_OP_neg"),
            0x20 => o.s("DW_OP_not"),
            0x21 => o.s("DW_OP_or"),
            0x22 => o.s("DW_OP_plus"),
            0x23 => {
                let v = x.uleb(o, &mut p, end);
                o.s("DW_OP_plus_uconst: ");
                o.dec(v);
            }
            0x24 => o.s("DW_OP_shl"),
            0x25 => o.s("DW_OP_shr"),
            0x26 => o.s("DW_OP_shra"),
            0x27 => o.s("DW_OP_xor"),
            0x28 | 0x2f => {
                let v = x.get_signed(o, &mut p, 2, end);
                o.s(if op == 0x28 {
                    "DW_OP_bra: "
                } else {
                    "DW_OP_skip: "
                });
                o.sdec(v);
            }
            0x29 => o.s("DW_OP_eq"),
            0x2a => o.s("DW_OP_ge"),
            0x2b => o.s("DW_OP_gt"),
            0x2c => o.s("DW_OP_le"),
            0x2d => o.s("DW_OP_lt"),
            0x2e => o.s("DW_OP_ne"),
            0x30..=0x4f => {
                o.s("DW_OP_lit");
                o.dec(u64::from(op - 0x30));
            }
            0x50..=0x6f => {
                let n = u64::from(op - 0x50);
                o.s("DW_OP_reg");
                x.register(o, n);
            }
            0x70..=0x8f => {
                let n = u64::from(op - 0x70);
                let v = x.sleb(o, &mut p, end);
                o.s("DW_OP_breg");
                x.register(o, n);
                o.s(": ");
                o.sdec(v);
            }
            0x90 => {
                let v = x.uleb(o, &mut p, end);
                o.s("DW_OP_regx: ");
                x.register(o, v);
            }
            0x91 => {
                need_frame_base = true;
                let v = x.sleb(o, &mut p, end);
                o.s("DW_OP_fbreg: ");
                o.sdec(v);
            }
            0x92 => {
                let v = x.uleb(o, &mut p, end);
                let s = x.sleb(o, &mut p, end);
                o.s("DW_OP_bregx: ");
                x.register(o, v);
                o.c(b' ');
                o.sdec(s);
            }
            0x93 => {
                let v = x.uleb(o, &mut p, end);
                o.s("DW_OP_piece: ");
                o.dec(v);
            }
            0x94 | 0x95 => {
                let v = x.get(o, &mut p, 1, end);
                o.s(if op == 0x94 {
                    "DW_OP_deref_size: "
                } else {
                    "DW_OP_xderef_size: "
                });
                o.dec(v);
            }
            0x96 => o.s("DW_OP_nop"),
            0x97 => o.s("DW_OP_push_object_address"),
            0x98 | 0x99 => {
                let (n, name) = if op == 0x98 {
                    (2, "DW_OP_call2: ")
                } else {
                    (4, "DW_OP_call4: ")
                };
                let v = x.get_signed(o, &mut p, n, end);
                o.s(name);
                angle(o, (v as u64).wrapping_add(cx.cu_offset));
            }
            // The operations naming a DIE by its section offset (and, for the implicit
            // pointers, an offset into its value): none in frame info.
            0x9a | 0xfd | 0xa0 | 0xf2 => {
                let name = match op {
                    0x9a => "DW_OP_call_ref",
                    0xfd => "DW_OP_GNU_variable_value",
                    0xa0 => "DW_OP_implicit_pointer",
                    _ => "DW_OP_GNU_implicit_pointer",
                };
                if cx.version == -1 {
                    in_frame_info(o, name);
                    return need_frame_base;
                }
                let v = x.get(o, &mut p, ref_size, end);
                let offset = matches!(op, 0xa0 | 0xf2).then(|| x.sleb(o, &mut p, end));
                o.s(name);
                o.s(": ");
                angle(o, v);
                if let Some(s) = offset {
                    o.c(b' ');
                    o.sdec(s);
                }
            }
            0x9b => o.s("DW_OP_form_tls_address"),
            0x9c => o.s("DW_OP_call_frame_cfa"),
            0x9d => {
                o.s("DW_OP_bit_piece: ");
                let v = x.uleb(o, &mut p, end);
                o.s("size: ");
                o.dec(v);
                o.c(b' ');
                let v = x.uleb(o, &mut p, end);
                o.s("offset: ");
                o.dec(v);
                o.c(b' ');
            }
            0x9e => {
                o.s("DW_OP_implicit_value");
                let v = x.uleb(o, &mut p, end);
                p = display_block(o, x.data(), p, v, end, b' ');
            }
            0x9f => o.s("DW_OP_stack_value"),
            0xe0 => o.s("DW_OP_GNU_push_tls_address or DW_OP_HP_unknown"),
            0xf0 => o.s("DW_OP_GNU_uninit"),
            0xf1 => {
                let mut enc = 0u8;
                if p < end {
                    enc = x.data().get(p).copied().unwrap_or(0);
                    p += 1;
                }
                let addr = x.encoded(o, &mut p, enc, end);
                o.s("DW_OP_GNU_encoded_addr: fmt:");
                o.hex_w(u64::from(enc), 2);
                o.s(" addr:");
                x.print_addr(o, addr);
            }
            0xa3 | 0xf3 => {
                let mut len = x.uleb(o, &mut p, end);
                let avail = (end - p.min(end)) as u64;
                if len > avail {
                    len = avail;
                }
                o.s(if op == 0xa3 {
                    "DW_OP_entry_value: ("
                } else {
                    "DW_OP_GNU_entry_value: ("
                });
                if depth < 64 && decode_with(x, o, p, len, cx, depth + 1) {
                    need_frame_base = true;
                }
                o.c(b')');
                p += len as usize;
            }
            0xa4 | 0xf4 => {
                let v = x.uleb(o, &mut p, end);
                o.s(if op == 0xa4 {
                    "DW_OP_const_type: "
                } else {
                    "DW_OP_GNU_const_type: "
                });
                angle(o, cx.cu_offset.wrapping_add(v));
                o.c(b' ');
                let n = x.get(o, &mut p, 1, end);
                p = display_block(o, x.data(), p, n, end, b' ');
            }
            0xa5 | 0xf5 => {
                let v = x.uleb(o, &mut p, end);
                o.s(if op == 0xa5 {
                    "DW_OP_regval_type: "
                } else {
                    "DW_OP_GNU_regval_type: "
                });
                x.register(o, v);
                let v = x.uleb(o, &mut p, end);
                o.c(b' ');
                angle(o, cx.cu_offset.wrapping_add(v));
            }
            0xa6 | 0xf6 => {
                let v = x.get(o, &mut p, 1, end);
                o.s(if op == 0xa6 {
                    "DW_OP_deref_type: "
                } else {
                    "DW_OP_GNU_deref_type: "
                });
                o.dec(v);
                let v = x.uleb(o, &mut p, end);
                o.c(b' ');
                angle(o, cx.cu_offset.wrapping_add(v));
            }
            0xa8 | 0xf7 | 0xa9 | 0xf9 => {
                let v = x.uleb(o, &mut p, end);
                o.s(match op {
                    0xa8 => "DW_OP_convert ",
                    0xf7 => "DW_OP_GNU_convert ",
                    0xa9 => "DW_OP_reinterpret ",
                    _ => "DW_OP_GNU_reinterpret ",
                });
                angle(
                    o,
                    if v != 0 {
                        cx.cu_offset.wrapping_add(v)
                    } else {
                        0
                    },
                );
            }
            0xfa => {
                let v = x.get(o, &mut p, 4, end);
                o.s("DW_OP_GNU_parameter_ref: ");
                angle(o, cx.cu_offset.wrapping_add(v));
            }
            0xa1 | 0xfb | 0xfc => {
                let v = x.uleb(o, &mut p, end);
                o.s(match op {
                    0xa1 => "DW_OP_addrx ",
                    0xfb => "DW_OP_GNU_addr_index ",
                    _ => "DW_OP_GNU_const_index ",
                });
                angle(o, v);
            }
            0xe1 => o.s("DW_OP_HP_is_value"),
            0xe2 => o.s("DW_OP_HP_fltconst4"),
            0xe3 => o.s("DW_OP_HP_fltconst8"),
            0xe4 => o.s("DW_OP_HP_mod_range"),
            0xe5 => o.s("DW_OP_HP_unmod_range"),
            0xe6 => o.s("DW_OP_HP_tls"),
            0xf8 => o.s("DW_OP_PGI_omp_thread_num"),
            _ => {
                if op >= 0xe0 {
                    o.s("(User defined location op ");
                } else {
                    o.s("(Unknown location op ");
                }
                o.hex0x(u64::from(op));
                o.c(b')');
                return need_frame_base;
            }
        }
        if p < end {
            o.s("; ");
        }
    }
    need_frame_base
}

/// A DIE or index operand: `<%#x>`.
fn angle(o: &mut Out, v: u64) {
    o.c(b'<');
    o.hex0x(v);
    o.c(b'>');
}

/// An operation frame info cannot have (it refers to a unit): `(NAME in frame info)`.
fn in_frame_info(o: &mut Out, name: &str) {
    o.c(b'(');
    o.s(name);
    o.s(" in frame info)");
}

/// GNU's `get_encoded_value` (for `DW_OP_GNU_encoded_addr`).
fn encoded_value(
    o: &mut Out,
    x: &mut UnitOperands<'_, '_, '_>,
    pos: &mut usize,
    enc: u8,
    end: usize,
) -> u64 {
    let cx = x.cx;
    let size = match enc & 7 {
        2 => 2,
        3 => 4,
        4 => 8,
        _ => cx.pointer_size,
    };
    if *pos >= end || size > end - *pos {
        x.diag
            .warn_o(o, "Encoded value extends past end of section\n");
        *pos = end;
        return 0;
    }
    let raw = cx.endian.get(x.data.get(*pos..).unwrap_or(&[]), size);
    let mut v = if enc & 8 != 0 {
        super::out::sign_extend(raw, size) as u64
    } else {
        raw
    };
    if enc & 0x70 == 0x10 {
        v = v.wrapping_add(cx.section_address.wrapping_add(*pos as u64));
    }
    *pos += size;
    v
}
