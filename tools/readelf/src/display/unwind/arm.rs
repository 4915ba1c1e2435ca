//! ARM EHABI and TI C6000 unwind tables (GNU's `arm_process_unwind`, `dump_arm_unwind`,
//! `decode_arm_unwind` and the bytecode decoders).
//!
//! Each `.ARM.exidx` entry is two words: a prel31 offset to the function, then either
//! `EXIDX_CANTUNWIND` (1), an inline compact-model entry (bit 31 set), or a prel31 offset
//! to its `.ARM.extab` entry (ARM EHABI §5, §6). In relocatable files the words are
//! relocated (`R_ARM_PREL31`) the way GNU's `get_unwind_section_word` does.

use std::io;

use libelf::consts::{EM_ARM, EM_TI_C6000, SHT_REL, SHT_RELA};
use libelf::read::read_uint;

use super::{scan_sections, AbsAddr, UnwindSymbols};
use crate::display::apply_relocs::{slurp_relocs, Rela};
use crate::display::symtab_load::ElfSym;
use crate::util::{vma, Vma};
use crate::Cx;

const SHT_ARM_EXIDX: u32 = 0x7000_0001;
const SHT_C6000_UNWIND: u32 = 0x7000_0001;

/// GNU's `struct arm_section`: the unwind section whose data (and relocations) is loaded.
#[derive(Debug, Default)]
struct ArmSection<'d> {
    sec: Option<usize>,
    data: Option<&'d [u8]>,
    relas: Vec<Rela>,
    rel_type: u32,
    next_rela: usize,
}

/// The unwinder's view of the symbols (GNU's `arm_unw_aux_info`).
struct Aux {
    syms: Option<UnwindSymbols>,
    /// The `STT_FUNC` symbols with a value, by value.
    funtab: Vec<ElfSym>,
}

impl Aux {
    fn strtab(&self) -> &[u8] {
        self.syms.as_ref().map_or(&[], |s| &s.strtab)
    }
}

/// GNU's `arm_expand_prel31`: sign-extend the 31-bit offset (doubled on C6000) and add
/// `where_`.
fn expand_prel31(machine: u16, word: u64, where_: u64) -> u64 {
    let mut offset = word & 0x7fff_ffff;
    if offset & 0x4000_0000 != 0 {
        offset |= !0x7fff_ffffu64;
    }
    if machine == EM_TI_C6000 {
        offset <<= 1;
    }
    offset.wrapping_add(where_)
}

/// GNU's `find_symbol_for_address` over the function symbols.
fn find_symbol(cx: &Cx, aux: &Aux, addr: AbsAddr) -> (Option<Vec<u8>>, u64) {
    super::find_symbol(cx, &aux.funtab, aux.strtab(), addr)
}

/// GNU's `arm_print_vma_and_name`: `0x…` and ` <name+0x…>`; returns the name.
fn print_vma_and_name(
    cx: &mut Cx,
    aux: &Aux,
    fn_: u64,
    mut addr: AbsAddr,
) -> io::Result<Option<Vec<u8>>> {
    if addr.section == 0 {
        addr.offset = fn_;
    }
    let (name, off) = find_symbol(cx, aux, addr);
    write!(cx.out, "{}", vma(fn_, Vma::PrefixHex, cx.is32()))?;
    if let Some(n) = &name {
        write!(cx.out, " <")?;
        cx.out.write_all(n)?;
        if off != 0 {
            write!(cx.out, "+0x{off:x}")?;
        }
        write!(cx.out, ">")?;
    }
    Ok(name)
}

/// What [`get_word`] found: the (relocated) word, where it points, and the string table
/// offset of the relocation's symbol (`u64::MAX` if none).
struct Word {
    word: u32,
    addr: AbsAddr,
    sym_name: u64,
}

/// GNU's `get_unwind_section_word`: the word at `word_offset` of section `sec`, relocated
/// by an `R_ARM_PREL31` (`R_C6000_PREL31`) relocation against it. `None` when GNU's fails.
fn get_word<'d>(
    cx: &mut Cx<'_, 'd, '_>,
    aux: &Aux,
    arm_sec: &mut ArmSection<'d>,
    sec: Option<usize>,
    word_offset: u64,
) -> Option<Word> {
    let sec = sec?;
    let sh = cx.sections().get(sec).copied()?;
    let mut addr = AbsAddr::default();
    let mut sym_name = u64::MAX;
    if arm_sec.sec != Some(sec) {
        arm_sec.sec = Some(sec);
        arm_sec.data = cx.get_data(sh.sh_offset, 1, sh.sh_size, Some("unwind data"));
        arm_sec.relas = Vec::new();
        arm_sec.next_rela = 0;
        let count = cx.sections().len().min(cx.hdr.e_shnum as usize);
        for r in 0..count {
            let Some(rs) = cx.sections().get(r).copied() else {
                break;
            };
            if rs.sh_info as usize >= count
                || rs.sh_info as usize != sec
                || (rs.sh_type != SHT_REL && rs.sh_type != SHT_RELA)
            {
                continue;
            }
            arm_sec.rel_type = rs.sh_type;
            arm_sec.relas = slurp_relocs(cx, rs.sh_offset, rs.sh_size, rs.sh_type == SHT_RELA)?;
            break;
        }
    }
    let data = arm_sec.data?;
    if sh.sh_size < 4 || word_offset > sh.sh_size - 4 {
        return None;
    }
    let mut word = read_uint(data, usize::try_from(word_offset).ok()?, 4, cx.endian()).ok()? as u32;
    let n = arm_sec.relas.len();
    let mut rp = arm_sec.next_rela;
    let mut wrapped = false;
    while rp != n {
        let Some(mut r) = arm_sec.relas.get(rp).copied() else {
            break;
        };
        if r.r_offset > word_offset && !wrapped {
            rp = 0;
            wrapped = true;
            match arm_sec.relas.first() {
                Some(first) => r = *first,
                None => break,
            }
        }
        if r.r_offset > word_offset {
            break;
        }
        if r.r_offset & 3 != 0 {
            cx.diag.warn(format_args!(
                "Skipping unexpected relocation at offset {}\n",
                crate::util::alt_hex(r.r_offset)
            ));
            rp += 1;
            continue;
        }
        if r.r_offset < word_offset {
            rp += 1;
            continue;
        }
        let Some(syms) = aux.syms.as_ref() else {
            rp += 1;
            continue;
        };
        let mut offset = if arm_sec.rel_type == SHT_REL {
            let mut o = u64::from(word & 0x7fff_ffff);
            if o & 0x4000_0000 != 0 {
                o |= !0x7fff_ffffu64;
            }
            o
        } else {
            r.r_addend as u64
        };
        let symndx = r.r_info >> 8;
        let Some(sym) = syms.syms.get(symndx as usize).copied() else {
            cx.diag.error(format_args!(
                "Bad symbol index in unwind relocation ({symndx} > {})\n",
                syms.syms.len()
            ));
            break;
        };
        offset = offset.wrapping_add(sym.st_value);
        let mut prelval = offset.wrapping_sub(sh.sh_addr.wrapping_add(r.r_offset));
        let r_type = (r.r_info & 0xff) as u32;
        let machine = cx.hdr.e_machine;
        let (none, prel31, what) = if machine == EM_ARM {
            ("R_ARM_NONE", "R_ARM_PREL31", "ARM")
        } else if machine == EM_TI_C6000 {
            ("R_C6000_NONE", "R_C6000_PREL31", "C6000")
        } else {
            cx.diag.warn(format_args!(
                "Only TI and ARM unwinders are currently supported\n"
            ));
            break;
        };
        let Some(relname) = libelf::names::reloc_type(machine, r_type) else {
            cx.diag.warn(format_args!(
                "Skipping unknown {what} relocation type: {}\n",
                r_type as i32
            ));
            rp += 1;
            continue;
        };
        if relname == none {
            rp += 1;
            continue;
        }
        if relname != prel31 {
            cx.diag.warn(format_args!(
                "Skipping unexpected {what} relocation type {relname}\n"
            ));
            rp += 1;
            continue;
        }
        if machine == EM_TI_C6000 {
            prelval >>= 1;
        }
        word = (word & !0x7fff_ffff) | (prelval & 0x7fff_ffff) as u32;
        addr = AbsAddr {
            section: sym.st_shndx,
            offset,
        };
        sym_name = u64::from(sym.st_name);
        break;
    }
    arm_sec.next_rela = rp;
    Some(Word {
        word,
        addr,
        sym_name,
    })
}

/// The state of one unwind-instruction decoder (GNU's locals and `ADVANCE` macro).
struct Decoder<'s, 'd> {
    word: u32,
    remaining: u32,
    more_words: u32,
    data_offset: u64,
    data_sec: Option<usize>,
    arm_sec: &'s mut ArmSection<'d>,
}

impl<'d> Decoder<'_, 'd> {
    /// The next opcode byte, printed as GNU prints it: `Some(Some(op))`; `Some(None)` at
    /// the end of the bytecode; `None` when the next word cannot be read.
    fn next_op(&mut self, cx: &mut Cx<'_, 'd, '_>, aux: &Aux) -> io::Result<Option<Option<u32>>> {
        if !self.advance(cx, aux) {
            return Ok(None);
        }
        if self.remaining == 0 {
            return Ok(Some(None));
        }
        self.remaining -= 1;
        let op = self.word >> 24;
        self.word <<= 8;
        write!(cx.out, "  0x{op:02x} ")?;
        Ok(Some(Some(op)))
    }

    /// GNU's `ADVANCE`: load the next word when this one is used up. `false` when the word
    /// cannot be read (GNU returns false from the decoder).
    fn advance(&mut self, cx: &mut Cx<'_, 'd, '_>, aux: &Aux) -> bool {
        if self.remaining == 0 && self.more_words != 0 {
            self.data_offset = self.data_offset.wrapping_add(4);
            match get_word(cx, aux, self.arm_sec, self.data_sec, self.data_offset) {
                Some(w) => self.word = w.word,
                None => return false,
            }
            self.remaining = 4;
            self.more_words -= 1;
        }
        true
    }

    /// GNU's `GET_OP`: the next opcode byte, printed; `Err(false)` after
    /// `[Truncated opcode]` or a failed read.
    fn get_op(&mut self, cx: &mut Cx<'_, 'd, '_>, aux: &Aux) -> io::Result<Result<u32, bool>> {
        if !self.advance(cx, aux) {
            return Ok(Err(false));
        }
        if self.remaining == 0 {
            writeln!(cx.out, "[Truncated opcode]")?;
            return Ok(Err(false));
        }
        self.remaining -= 1;
        let op = self.word >> 24;
        self.word <<= 8;
        write!(cx.out, "0x{op:02x} ")?;
        Ok(Ok(op))
    }

    /// The register mask of a two-byte `pop`: the bits of `op` under `high`, then the
    /// next opcode byte; `Ok(None)` after `Refuse to unwind` for `0x80 0x00`.
    fn pop_mask(
        &mut self,
        cx: &mut Cx<'_, 'd, '_>,
        aux: &Aux,
        op: u32,
        high: u32,
    ) -> io::Result<Result<Option<u32>, bool>> {
        let op2 = match self.get_op(cx, aux)? {
            Ok(b) => b,
            Err(r) => return Ok(Err(r)),
        };
        if op == 0x80 && op2 == 0 {
            write!(cx.out, "Refuse to unwind")?;
            return Ok(Ok(None));
        }
        Ok(Ok(Some(((op & high) << 8) | op2)))
    }

    /// A ULEB128 operand of up to nine opcode bytes ([`Decoder::get_op`] each):
    /// `Ok(None)` when the ninth still has its continuation bit.
    fn get_uleb(
        &mut self,
        cx: &mut Cx<'_, 'd, '_>,
        aux: &Aux,
    ) -> io::Result<Result<Option<u64>, bool>> {
        let mut buf = Vec::with_capacity(9);
        for _ in 0..9 {
            let b = match self.get_op(cx, aux)? {
                Ok(b) => b,
                Err(r) => return Ok(Err(r)),
            };
            buf.push(b as u8);
            if b & 0x80 == 0 {
                return Ok(Ok(Some(uleb(&buf))));
            }
        }
        Ok(Ok(None))
    }
}

/// Unwrap a [`Decoder`] result inside a decoder returning `io::Result<bool>`.
macro_rules! unwrap_op {
    ($e:expr) => {
        match $e? {
            Ok(op) => op,
            Err(r) => return Ok(r),
        }
    };
}

/// [`Decoder::get_op`], unwrapped with [`unwrap_op`].
macro_rules! get_op {
    ($d:expr, $cx:expr, $aux:expr) => {
        unwrap_op!($d.get_op($cx, $aux))
    };
}

/// [`Decoder::next_op`] inside a decoder returning `io::Result<bool>`: `None` at the end
/// of the opcodes; a failed read returns `false`.
macro_rules! next_op {
    ($d:expr, $cx:expr, $aux:expr) => {
        match $d.next_op($cx, $aux)? {
            Some(op) => op,
            None => return Ok(false),
        }
    };
}

/// `pop {r4, r5, …}`-style register lists: names for the set bits of `mask`.
fn reg_list(mask: u32, bits: u32, name: impl Fn(u32) -> String) -> String {
    (0..bits)
        .filter(|i| mask & (1 << i) != 0)
        .map(name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// `pop {D8-D10}`-style ranges: after `lead`, the registers `first` to `first + more`
/// of `bank` (just `first` when `more` is 0).
fn pop_range(cx: &mut Cx, lead: &str, bank: &str, first: u32, more: u32) -> io::Result<()> {
    write!(cx.out, "{lead}pop {{{bank}{first}")?;
    if more != 0 {
        write!(cx.out, "-{bank}{}", first + more)?;
    }
    write!(cx.out, "}}")
}

/// Unsigned LEB128 of `buf` (GNU's `read_leb128` without the status).
fn uleb(buf: &[u8]) -> u64 {
    libelf::leb128::read(buf, 0, buf.len(), false).0
}

/// GNU's `decode_arm_unwind_bytecode`.
fn decode_arm_bytecode<'d>(
    cx: &mut Cx<'_, 'd, '_>,
    aux: &Aux,
    d: &mut Decoder<'_, 'd>,
) -> io::Result<bool> {
    let mut res = true;
    while let Some(op) = next_op!(d, cx, aux) {
        if op & 0xc0 == 0x00 {
            write!(cx.out, "     vsp = vsp + {}", ((op & 0x3f) << 2) + 4)?;
        } else if op & 0xc0 == 0x40 {
            write!(cx.out, "     vsp = vsp - {}", ((op & 0x3f) << 2) + 4)?;
        } else if op & 0xf0 == 0x80 {
            if let Some(mask) = unwrap_op!(d.pop_mask(cx, aux, op, 0x0f)) {
                let regs = reg_list(mask, 12, |i| format!("r{}", 4 + i));
                write!(cx.out, "pop {{{regs}}}")?;
            }
        } else if op & 0xf0 == 0x90 {
            if op == 0x9d || op == 0x9f {
                write!(cx.out, "     [Reserved]")?;
            } else {
                write!(cx.out, "     vsp = r{}", op & 0x0f)?;
            }
        } else if op & 0xf0 == 0xa0 {
            let end = 4 + (op & 0x07);
            let mut regs: Vec<String> = (4..=end).map(|i| format!("r{i}")).collect();
            if op & 0x08 != 0 {
                regs.push("r14".to_string());
            }
            write!(cx.out, "     pop {{{}}}", regs.join(", "))?;
        } else if op == 0xb0 {
            write!(cx.out, "     finish")?;
        } else if op == 0xb1 || op == 0xc7 {
            let op2 = get_op!(d, cx, aux);
            if op2 == 0 || op2 & 0xf0 != 0 {
                write!(cx.out, "[Spare]")?;
            } else {
                let regs = if op == 0xb1 {
                    reg_list(op2 & 0x0f, 12, |i| format!("r{i}"))
                } else {
                    reg_list(op2 & 0x0f, 4, |i| format!("wCGR{i}"))
                };
                write!(cx.out, "pop {{{regs}}}")?;
            }
        } else if op == 0xb2 {
            match unwrap_op!(d.get_uleb(cx, aux)) {
                None => {
                    cx.diag.error(format_args!("corrupt change to vsp\n"));
                    res = false;
                }
                Some(v) => {
                    let offset = v.wrapping_mul(4).wrapping_add(0x204);
                    write!(cx.out, "vsp = vsp + {}", offset as i64)?;
                }
            }
        } else if op == 0xb3 || op == 0xc8 || op == 0xc9 {
            let op2 = get_op!(d, cx, aux);
            let mut first = op2 >> 4;
            let last = op2 & 0x0f;
            if op == 0xc8 {
                first += 16;
            }
            pop_range(cx, "", "D", first, last)?;
        } else if op == 0xb4 {
            write!(cx.out, "     pop {{ra_auth_code}}")?;
        } else if op == 0xb5 {
            write!(cx.out, "     vsp as modifier for PAC validation")?;
        } else if op & 0xf8 == 0xb8 || op & 0xf8 == 0xd0 {
            pop_range(cx, "", "D", 8, op & 0x07)?;
        } else if (0xc0..=0xc5).contains(&op) {
            pop_range(cx, "     ", "wR", 10, op & 0x07)?;
        } else if op == 0xc6 {
            let op2 = get_op!(d, cx, aux);
            let (first, last) = (op2 >> 4, op2 & 0x0f);
            pop_range(cx, "", "wR", first, last)?;
        } else {
            write!(cx.out, "     [unsupported opcode]")?;
            res = false;
        }
        writeln!(cx.out)?;
    }
    Ok(res)
}

/// `tic6x_unwind_regnames`.
const TIC6X_REGS: [&str; 16] = [
    "A15",
    "B15",
    "B14",
    "B13",
    "B12",
    "B11",
    "B10",
    "B3",
    "A14",
    "A13",
    "A12",
    "A11",
    "A10",
    "[invalid reg 13]",
    "[invalid reg 14]",
    "[invalid reg 15]",
];

/// GNU's `decode_tic6x_unwind_regmask`.
fn tic6x_regmask(mut mask: u32) -> String {
    let mut s = String::new();
    let mut i: i32 = 12;
    while mask != 0 {
        if mask & 1 != 0 {
            s.push_str(TIC6X_REGS.get(i.max(0) as usize).copied().unwrap_or(""));
            if mask > 1 {
                s.push_str(", ");
            }
        }
        mask >>= 1;
        i -= 1;
    }
    s
}

/// GNU's `decode_tic6x_unwind_bytecode`.
fn decode_tic6x_bytecode<'d>(
    cx: &mut Cx<'_, 'd, '_>,
    aux: &Aux,
    d: &mut Decoder<'_, 'd>,
) -> io::Result<bool> {
    while let Some(op) = next_op!(d, cx, aux) {
        if op & 0xc0 == 0x00 {
            write!(cx.out, "     sp = sp + {}", ((op & 0x3f) << 3) + 8)?;
        } else if op & 0xc0 == 0x80 {
            if let Some(mask) = unwrap_op!(d.pop_mask(cx, aux, op, 0x1f)) {
                let kind = if op & 0x20 != 0 {
                    "pop compact {"
                } else {
                    "pop {"
                };
                write!(cx.out, "{kind}{}}}", tic6x_regmask(mask))?;
            }
        } else if op & 0xf0 == 0xc0 {
            let mut regpos: Vec<(u32, u32)> = Vec::new();
            let mut i = 0u32;
            while (regpos.len() as u32) < (op & 0xf) {
                let op2 = get_op!(d, cx, aux);
                if op2 >> 4 != 0xf {
                    regpos.push((i * 2, op2 >> 4));
                }
                if op2 & 0xf != 0xf {
                    regpos.push((i * 2 + 1, op2 & 0xf));
                }
                i += 1;
            }
            write!(cx.out, "pop frame {{")?;
            if regpos.is_empty() {
                write!(cx.out, "*corrupt* - no registers specified")?;
            } else {
                let mut reg = regpos.len() - 1;
                let mut k = i * 2;
                while k > 0 {
                    let name = match regpos.get(reg) {
                        Some(&(off, r)) if off == k - 1 => {
                            reg = reg.saturating_sub(1);
                            TIC6X_REGS.get(r as usize).copied().unwrap_or("")
                        }
                        _ => "[pad]",
                    };
                    write!(cx.out, "{name}")?;
                    if k > 1 {
                        write!(cx.out, ", ")?;
                    }
                    k -= 1;
                }
            }
            write!(cx.out, "}}")?;
        } else if op == 0xd0 {
            write!(cx.out, "     MOV FP, SP")?;
        } else if op == 0xd1 {
            write!(cx.out, "     __c6xabi_pop_rts")?;
        } else if op == 0xd2 {
            let Some(v) = unwrap_op!(d.get_uleb(cx, aux)) else {
                cx.diag
                    .warn(format_args!("Corrupt stack pointer adjustment detected\n"));
                return Ok(false);
            };
            let offset = v.wrapping_mul(8).wrapping_add(0x408);
            write!(cx.out, "sp = sp + {}", offset as i64)?;
        } else if op & 0xf0 == 0xe0 {
            if op & 0x0f == 7 {
                write!(cx.out, "     RETURN")?;
            } else {
                let r = TIC6X_REGS.get((op & 0x0f) as usize).copied().unwrap_or("");
                write!(cx.out, "     MV {r}, B3")?;
            }
        } else {
            write!(cx.out, "     [unsupported opcode]")?;
        }
        writeln!(cx.out)?;
    }
    Ok(true)
}

/// GNU's `decode_arm_unwind`: a personality routine or compact model entry, then its
/// unwind instructions. With `remaining == 0` the first word is read from `data_sec`.
#[allow(clippy::too_many_arguments)]
fn decode_arm_unwind<'d>(
    cx: &mut Cx<'_, 'd, '_>,
    aux: &Aux,
    mut word: u32,
    mut remaining: u32,
    data_offset: u64,
    data_sec: Option<usize>,
    arm_sec: &mut ArmSection<'d>,
) -> io::Result<bool> {
    let machine = cx.hdr.e_machine;
    let mut more_words = 0u32;
    let mut addr = AbsAddr::default();
    let mut sym_name = u64::MAX;
    let mut res = true;
    if remaining == 0 {
        let Some(w) = get_word(cx, aux, arm_sec, data_sec, data_offset) else {
            return Ok(false);
        };
        (word, addr, sym_name) = (w.word, w.addr, w.sym_name);
        remaining = 4;
    }
    let mut d = Decoder {
        word,
        remaining,
        more_words,
        data_offset,
        data_sec,
        arm_sec,
    };
    let per_index: i32;
    if word & 0x8000_0000 == 0 {
        let base = data_sec
            .and_then(|s| cx.sections().get(s))
            .map_or(0, |s| s.sh_addr);
        let fn_ = expand_prel31(machine, u64::from(word), base.wrapping_add(data_offset));
        write!(cx.out, "  Personality routine: ")?;
        let strtab_len = aux.strtab().len() as u64;
        let procname = if fn_ == 0 && addr.section == 0 && addr.offset == 0 && sym_name < strtab_len
        {
            let rest = aux.strtab().get(sym_name as usize..).unwrap_or(&[]);
            let name = rest.split(|&c| c == 0).next().unwrap_or(rest).to_vec();
            write!(cx.out, "{} <", vma(fn_, Vma::PrefixHex, cx.is32()))?;
            cx.out.write_all(&name)?;
            write!(cx.out, ">")?;
            Some(name)
        } else {
            print_vma_and_name(cx, aux, fn_, addr)?
        };
        writeln!(cx.out)?;
        let gcc = procname.as_deref().is_some_and(|p| {
            [
                &b"__gcc_personality_v0"[..],
                b"__gxx_personality_v0",
                b"__gcj_personality_v0",
                b"__gnu_objc_personality_v0",
            ]
            .iter()
            .any(|g| p.starts_with(g))
        });
        if !gcc {
            return Ok(true);
        }
        d.remaining = 0;
        d.more_words = 1;
        if !d.advance(cx, aux) {
            return Ok(false);
        }
        if d.remaining == 0 {
            writeln!(cx.out, "  [Truncated data]")?;
            return Ok(false);
        }
        d.more_words = d.word >> 24;
        d.word <<= 8;
        d.remaining -= 1;
        per_index = -1;
    } else {
        if machine == EM_ARM && word & 0x7000_0000 != 0 {
            cx.diag.warn(format_args!(
                "Corrupt ARM compact model table entry: {word:x} \n"
            ));
            res = false;
        }
        per_index = ((word >> 24) & 0x7f) as i32;
        writeln!(cx.out, "  Compact model index: {per_index}")?;
        if per_index == 0 {
            more_words = 0;
            d.word <<= 8;
            d.remaining = d.remaining.wrapping_sub(1);
        } else if per_index < 3 {
            more_words = (word >> 16) & 0xff;
            d.word <<= 16;
            d.remaining = d.remaining.wrapping_sub(2);
        }
        d.more_words = more_words;
    }
    match machine {
        EM_ARM => {
            if per_index < 3 {
                if !decode_arm_bytecode(cx, aux, &mut d)? {
                    res = false;
                }
            } else {
                cx.diag.warn(format_args!(
                    "Unknown ARM compact model index encountered\n"
                ));
                writeln!(cx.out, "  [reserved]")?;
                res = false;
            }
        }
        EM_TI_C6000 => {
            if per_index < 3 {
                if !decode_tic6x_bytecode(cx, aux, &mut d)? {
                    res = false;
                }
            } else if per_index < 5 {
                let w = d.word;
                if (w >> 17) & 0x7f == 0x7f {
                    writeln!(cx.out, "  Restore stack from frame pointer")?;
                } else {
                    writeln!(cx.out, "  Stack increment {}", (w >> 14) & 0x1fc)?;
                }
                write!(cx.out, "  Registers restored: ")?;
                if per_index == 4 {
                    write!(cx.out, " (compact) ")?;
                }
                writeln!(cx.out, "{}", tic6x_regmask((w >> 4) & 0x1fff))?;
                writeln!(
                    cx.out,
                    "  Return register: {}",
                    TIC6X_REGS.get((w & 0xf) as usize).copied().unwrap_or("")
                )?;
            } else {
                writeln!(cx.out, "  [reserved ({per_index})]")?;
            }
        }
        m => {
            cx.diag.error(format_args!(
                "Unsupported architecture type {m} encountered when decoding unwind table\n"
            ));
            res = false;
        }
    }
    Ok(res)
}

/// GNU's `dump_arm_unwind`: every entry of one index table.
fn dump_arm_unwind(cx: &mut Cx, aux: &mut Aux, exidx: usize) -> io::Result<bool> {
    let Some(sh) = cx.sections().get(exidx).copied() else {
        return Ok(false);
    };
    let mut exidx_sec = ArmSection::default();
    let mut extab_sec = ArmSection::default();
    let exidx_len = (sh.sh_size / 8) as u32;
    aux.funtab = super::function_symbols(aux.syms.as_ref());
    let aux: &Aux = aux;
    let machine = cx.hdr.e_machine;
    let shnum = cx.hdr.e_shnum as usize;
    let mut res = true;
    for i in 0..u64::from(exidx_len) {
        writeln!(cx.out)?;
        let Some(f) = get_word(cx, aux, &mut exidx_sec, Some(exidx), 8 * i) else {
            return Ok(false);
        };
        let Some(e) = get_word(cx, aux, &mut exidx_sec, Some(exidx), 8 * i + 4) else {
            return Ok(false);
        };
        let (exidx_fn, fn_addr) = (f.word, f.addr);
        let (exidx_entry, entry_addr) = (e.word, e.addr);
        if exidx_fn & 0x8000_0000 != 0 {
            cx.diag
                .warn(format_args!("corrupt index table entry: {exidx_fn:x}\n"));
            res = false;
        }
        let fn_ = expand_prel31(machine, u64::from(exidx_fn), sh.sh_addr.wrapping_add(8 * i));
        print_vma_and_name(cx, aux, fn_, fn_addr)?;
        write!(cx.out, ": ")?;
        let is32 = cx.is32();
        if exidx_entry == 1 {
            writeln!(
                cx.out,
                "{} [cantunwind]",
                vma(u64::from(exidx_entry), Vma::PrefixHex, is32)
            )?;
        } else if exidx_entry & 0x8000_0000 != 0 {
            writeln!(
                cx.out,
                "{}",
                vma(u64::from(exidx_entry), Vma::PrefixHex, is32)
            )?;
            decode_arm_unwind(cx, aux, exidx_entry, 4, 0, None, &mut ArmSection::default())?;
        } else {
            let table = expand_prel31(
                machine,
                u64::from(exidx_entry),
                sh.sh_addr.wrapping_add(8 * i + 4),
            );
            writeln!(cx.out, "@{}", vma(table, Vma::PrefixHex, is32))?;
            let (table_sec, table_offset) =
                if entry_addr.section != 0 && (entry_addr.section as usize) < shnum {
                    let ts = entry_addr.section as usize;
                    let ts_sh = cx.sections().get(ts).copied().unwrap_or_default();
                    if entry_addr.offset > ts_sh.sh_size {
                        let name = cx.printable_section_name(&ts_sh);
                        cx.diag.warn(format_args!(
                            "Unwind entry contains corrupt offset ({}) into section {name}\n",
                            crate::util::alt_hex(entry_addr.offset)
                        ));
                        res = false;
                        continue;
                    }
                    (Some(ts), entry_addr.offset)
                } else {
                    match cx.section_by_address(table) {
                        Some(ts) => {
                            let a = cx.sections().get(ts).map_or(0, |s| s.sh_addr);
                            (Some(ts), table.wrapping_sub(a))
                        }
                        None => (None, 0),
                    }
                };
            if table_sec.is_none() {
                cx.diag.warn(format_args!(
                    "Could not locate .ARM.extab section containing {}.\n",
                    crate::util::alt_hex(table)
                ));
                res = false;
                continue;
            }
            if !decode_arm_unwind(cx, aux, 0, 0, table_offset, table_sec, &mut extab_sec)? {
                res = false;
            }
        }
    }
    writeln!(cx.out)?;
    Ok(res)
}

/// GNU's `arm_process_unwind` (ARM and TI C6000).
pub fn arm_process_unwind(cx: &mut Cx) -> io::Result<bool> {
    let sec_type = if cx.hdr.e_machine == EM_ARM {
        SHT_ARM_EXIDX
    } else {
        SHT_C6000_UNWIND
    };
    if cx.string_table.is_none() {
        return Ok(false);
    }
    let Ok((syms, unw)) = scan_sections(cx, |cx, i| {
        cx.sections().get(i).map(|s| s.sh_type) == Some(sec_type)
    }) else {
        return Ok(false);
    };
    if unw.is_empty() {
        writeln!(cx.out, "\nThere are no unwind sections in this file.")?;
        return Ok(true);
    }
    let mut aux = Aux {
        syms,
        funtab: Vec::new(),
    };
    let eh_addr_size: u64 = if cx.is32() { 4 } else { 8 };
    let mut res = true;
    for i in unw {
        let Some(sh) = cx.sections().get(i).copied() else {
            continue;
        };
        let num = sh.sh_size / (2 * eh_addr_size);
        let name = cx.printable_section_name(&sh);
        writeln!(
            cx.out,
            "\nUnwind section '{name}' at offset {} contains {num} {}:",
            crate::util::alt_hex(sh.sh_offset),
            if num == 1 { "entry" } else { "entries" }
        )?;
        if !dump_arm_unwind(cx, &mut aux, i)? {
            res = false;
        }
    }
    Ok(res)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prel31() {
        assert_eq!(expand_prel31(EM_ARM, 0x10, 0x100), 0x110);
        // Bit 30 set: a negative offset.
        assert_eq!(expand_prel31(EM_ARM, 0x7fff_fff0, 0x100), 0xf0);
        assert_eq!(expand_prel31(EM_TI_C6000, 0x10, 0x100), 0x120);
    }

    #[test]
    fn helpers() {
        assert_eq!(uleb(&[0x81, 0x01]), 0x81);
        assert_eq!(reg_list(0b101, 12, |i| format!("r{}", 4 + i)), "r4, r6");
        assert_eq!(tic6x_regmask(0b11), "A10, A11");
    }
}
