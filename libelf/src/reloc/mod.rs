//! Applying relocations to a section's bytes: what each machine's relocation types do
//! (size, PC-relative or not, in-place add or subtract, the paired relocations some
//! machines use) and a [`Relocator`] that applies one relocation section to a buffer.
//!
//! This is what a tool that reads the debug sections of a relocatable (`ET_REL`)
//! object needs: their offsets into other sections are left for the linker, as
//! relocations against section symbols. Only the data relocations that appear in
//! such sections are known (absolute and PC-relative words, RISC-V's and LoongArch's
//! `ADD`/`SUB` pairs, MSP430 and MN10300 `SYM_DIFF` pairs, RL78's stack); any other
//! type is reported and left alone, as GNU readelf does. Every offset is checked;
//! nothing panics on a damaged file.
//!
//! GNU readelf's own choices are explicit [`Options`] ([`Options::readelf`]): its set
//! of types ([`TypeSet::Readelf`]), skipping relocations against symbols of other
//! types, its arithmetic for `SUB` relocations, and saying once only that a type (or a
//! machine) is not known. The state GNU keeps in statics across a whole run is a
//! [`State`] value that the caller owns.
//!
//! # Example
//!
//! ```
//! use libelf::reloc::{Options, Rel, Relocator, State, Sym, Target};
//! use libelf::{Class, Endian};
//!
//! // An x86-64 `.debug_info` word that points 0x10 bytes into `.debug_abbrev`,
//! // whose section symbol is symbol 3, and whose section is laid out at 0x400.
//! let target = Target::new(libelf::consts::EM_X86_64, Class::Elf64, Endian::Little);
//! let mut data = [0u8; 8];
//! let relocs = [Rel {
//!     offset: 4,
//!     r_type: 10, // R_X86_64_32
//!     sym: 3,
//!     addend: Some(0x10),
//! }];
//! let mut state = State::default();
//! let mut problems = Vec::new();
//! let skipped = Relocator::new(target, Options::bfd(), &mut state).apply(
//!     &mut data,
//!     0,
//!     &relocs,
//!     |index| (index == 3).then_some(Sym { value: 0x400, st_type: 3 }),
//!     |p| problems.push(p),
//! );
//! assert_eq!((skipped, problems.len()), (0, 0));
//! assert_eq!(data, [0, 0, 0, 0, 0x10, 0x04, 0, 0]);
//! ```
//!
//! For a whole file, [`relocate_section`] finds the relocation sections that target a
//! section and their symbol tables.

use crate::consts::{SHT_REL, SHT_RELA};
use crate::names::em::{
    EM_CYGNUS_MN10300, EM_MIPS, EM_MN10300, EM_MSP430, EM_MSP430_OLD, EM_PARISC, EM_RL78, EM_SH,
    EM_SPARCV9,
};
use crate::read::{Reloc, RelocTable, SectionIndex, SymbolIndex, SymbolTable};
use crate::{Class, ElfFile, Endian, Result};

mod table;
#[cfg(test)]
mod tests;

pub use table::{howto, knows_machine};

/// The machine whose relocations are applied, and what else decides how.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Target {
    /// `e_machine`.
    pub machine: u16,
    /// The file's class (how `r_info` splits into symbol and type).
    pub class: Class,
    /// The file's byte order (of the words relocated).
    pub endian: Endian,
    /// `e_flags` (MSP430X relocation numbering).
    pub flags: u32,
    /// `e_ident[EI_OSABI]` (MSP430X relocation numbering).
    pub osabi: u8,
}

impl Target {
    /// A target with `e_flags` and `EI_OSABI` 0.
    pub fn new(machine: u16, class: Class, endian: Endian) -> Self {
        Target {
            machine,
            class,
            endian,
            flags: 0,
            osabi: 0,
        }
    }

    /// The target `file` describes.
    pub fn of(file: &ElfFile<'_>) -> Self {
        let h = file.header();
        Target {
            flags: h.e_flags,
            osabi: h.e_ident[7],
            ..Target::new(h.e_machine, file.class(), file.endian())
        }
    }

    /// Whether an MSP430 object numbers its relocations as MSP430X does (GNU's
    /// `uses_msp430x_relocs`).
    pub fn uses_msp430x_relocs(&self) -> bool {
        self.machine == EM_MSP430 && ((self.flags & 0xff) == 45 || self.osabi == 0)
    }

    /// The type of relocation `r_info` (GNU readelf's `get_reloc_type`): for 64-bit MIPS
    /// and SPARC only the low byte. 64-bit little-endian MIPS `r_info` must have been
    /// put in the usual order first ([`Target::decode`] does).
    pub fn r_type(&self, r_info: u64) -> u32 {
        match self.class {
            Class::Elf32 => (r_info & 0xff) as u32,
            Class::Elf64 if matches!(self.machine, EM_MIPS | EM_SPARCV9) => (r_info & 0xff) as u32,
            Class::Elf64 => (r_info & 0xffff_ffff) as u32,
        }
    }

    /// The symbol index of `r_info` (GNU readelf's `get_reloc_symindex`).
    pub fn r_sym(&self, r_info: u64) -> u64 {
        match self.class {
            Class::Elf32 => r_info >> 8,
            Class::Elf64 => r_info >> 32,
        }
    }

    /// A relocation as read from its table, with its type and symbol taken apart
    /// (64-bit little-endian MIPS `r_info` included).
    pub fn decode(&self, r: &Reloc) -> Rel {
        let (sym, r_type) = if self.class == Class::Elf64
            && self.machine == EM_MIPS
            && self.endian == Endian::Little
        {
            let (sym, _, t, _, _) = r.mips64el_info();
            (u64::from(sym), u32::from(t))
        } else {
            (self.r_sym(r.r_info), self.r_type(r.r_info))
        };
        Rel {
            offset: r.r_offset,
            r_type,
            sym,
            addend: r.r_addend,
        }
    }
}

/// What a relocation type does to the field at its place `P`, given the value `S` of
/// its symbol and its addend `A` (in REL, the field itself).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Op {
    /// Nothing (`R_*_NONE` and the like).
    None,
    /// Store `S + A`.
    Abs,
    /// Store `S + A - P`.
    PcRel,
    /// Add `S + A` to the field (RISC-V `ADD32` …).
    Add,
    /// Subtract `S + A` from the field (RISC-V `SUB32` …).
    Sub,
    /// Set the low six bits of a byte to `S + A` (RISC-V `SET6`).
    Set6,
    /// Subtract `S + A` from the low six bits of a byte (RISC-V `SUB6`).
    Sub6,
}

/// How one relocation type applies.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Howto {
    /// What it does.
    pub op: Op,
    /// The size of the field in bytes (0 for [`Op::None`]).
    pub size: u8,
    /// BFD's `partial_inplace`: the field is added to the addend even in RELA.
    pub partial_inplace: bool,
}

impl Howto {
    fn new(op: Op, size: u8) -> Self {
        Howto {
            op,
            size,
            partial_inplace: false,
        }
    }

    /// Whether the field's stored value takes part (in-place arithmetic).
    fn in_place(&self) -> bool {
        matches!(self.op, Op::Add | Op::Sub | Op::Sub6)
    }
}

/// Which relocation types are applied.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TypeSet {
    /// Those GNU readelf 2.40 applies in its relocated dumps.
    Readelf,
    /// Those, and the types BFD also applies to debug sections: `R_*_NONE` (type 0) on
    /// every machine, x86-64 `32S`, AArch64 `ABS16`, RISC-V `RELAX` and `SET32`,
    /// LoongArch `ADD`/`SUB`.
    Bfd,
}

/// How relocations are applied where tools differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Options {
    /// Which types are known.
    pub types: TypeSet,
    /// Skip (with [`Problem::UnexpectedSymbolType`]) a relocation against a symbol
    /// whose type is none of `NOTYPE`, `OBJECT`, `FUNC`, `SECTION`, `COMMON`.
    pub check_symbol_type: bool,
    /// GNU readelf's arithmetic for the subtracting types: the field becomes
    /// `field + A - S` instead of `field - (S + A)`.
    pub sub_adds_addend: bool,
    /// Report [`Problem::Unsupported`] and [`Problem::UnknownMachine`] each time; when
    /// false, only when the type (machine) differs from the last one reported through
    /// the same [`State`], as GNU readelf does.
    pub report_repeats: bool,
}

impl Options {
    /// GNU readelf's choices.
    pub const fn readelf() -> Self {
        Options {
            types: TypeSet::Readelf,
            check_symbol_type: true,
            sub_adds_addend: true,
            report_repeats: false,
        }
    }

    /// BFD's choices (what the DWARF readers of GNU addr2line and objdump see).
    pub const fn bfd() -> Self {
        Options {
            types: TypeSet::Bfd,
            check_symbol_type: false,
            sub_adds_addend: false,
            report_repeats: true,
        }
    }
}

impl Default for Options {
    fn default() -> Self {
        Options::bfd()
    }
}

/// One relocation, its type and symbol taken apart ([`Target::decode`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rel {
    /// `r_offset`: where in the section.
    pub offset: u64,
    /// The relocation type.
    pub r_type: u32,
    /// The symbol index.
    pub sym: u64,
    /// `r_addend`, `None` in a REL section.
    pub addend: Option<i64>,
}

/// What a relocation needs of its symbol.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Sym {
    /// `S`: the symbol's value (plus its section's address, where the caller lays
    /// sections out).
    pub value: u64,
    /// `STT_*`.
    pub st_type: u8,
}

/// A relocation that was not applied, or a damaged pair.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    /// The machine has no table ([`knows_machine`]); reported before the
    /// [`Problem::Unsupported`] of the same relocation.
    UnknownMachine {
        /// `e_machine`.
        machine: u16,
    },
    /// The type is not one of the known ones.
    Unsupported {
        /// The relocation type.
        r_type: u32,
    },
    /// The field does not lie within the section.
    BadOffset {
        /// `r_offset`.
        offset: u64,
    },
    /// There is no such symbol.
    BadSymbol {
        /// The symbol index.
        index: u64,
    },
    /// The symbol's type is not one a data relocation may use
    /// ([`Options::check_symbol_type`]).
    UnexpectedSymbolType {
        /// The relocation's number in its section, from 0.
        number: usize,
        /// `STT_*`.
        st_type: u8,
    },
    /// The first of a pair (MSP430/MN10300 `SYM_DIFF`, RL78 `SYM`) names no symbol.
    PairFirstBadSymbol {
        /// The symbol index.
        index: u64,
    },
    /// The second of a `SYM_DIFF` pair names no symbol.
    PairBadSymbol {
        /// The symbol index.
        index: u64,
    },
    /// The field of the second of a pair does not lie within the section.
    PairBadOffset {
        /// `r_offset`.
        offset: u64,
    },
    /// The MSP430 ULEB128 field of a pair is not a valid one.
    PairBadUleb {
        /// `r_offset`.
        offset: u64,
    },
    /// A `SYM_DIFF` is followed by a type that cannot end the pair.
    PairUnhandled,
}

/// What stays between relocations and sections: the first half of a pair, and which
/// problems were last reported ([`Options::report_repeats`]). GNU readelf keeps one
/// for a whole run (RL78's computed value outlives its section there).
#[derive(Debug, Clone, Default)]
pub struct State {
    msp430_saved: Option<u64>,
    mn10300_saved: Option<u64>,
    rl78_sym1: u64,
    rl78_sym2: u64,
    rl78_value: u64,
    last_unsupported: u32,
    last_unknown_machine: u16,
}

/// Applies relocation sections, one at a time, to section contents.
#[derive(Debug)]
pub struct Relocator<'s> {
    target: Target,
    options: Options,
    state: &'s mut State,
}

/// The bytes of one section being relocated.
struct Buf<'b> {
    data: &'b mut [u8],
    endian: Endian,
}

impl Buf<'_> {
    /// Whether `size` bytes at `off` lie within (GNU's `IN_RANGE`).
    fn fits(&self, off: u64, size: u64) -> bool {
        off < self.data.len() as u64
            && off
                .checked_add(size)
                .is_some_and(|e| e <= self.data.len() as u64)
    }

    fn field(&self, off: u64, size: u8) -> Option<&[u8]> {
        let start = usize::try_from(off).ok()?;
        self.data.get(start..start.checked_add(usize::from(size))?)
    }

    /// The field of `size` bytes at `off`, or 0 where it does not fit.
    fn get(&self, off: u64, size: u8) -> u64 {
        let Some(b) = self.field(off, size) else {
            return 0;
        };
        let fold = |v: u64, x: &u8| (v << 8) | u64::from(*x);
        match self.endian {
            Endian::Big => b.iter().fold(0, fold),
            Endian::Little => b.iter().rev().fold(0, fold),
        }
    }

    /// Stores the low `size` bytes of `v` at `off` (nothing where it does not fit).
    fn put(&mut self, off: u64, size: u8, v: u64) {
        let endian = self.endian;
        let Some(b) = usize::try_from(off)
            .ok()
            .and_then(|s| Some(s..s.checked_add(usize::from(size))?))
            .and_then(|r| self.data.get_mut(r))
        else {
            return;
        };
        let n = b.len();
        for (i, x) in b.iter_mut().enumerate() {
            let byte = match endian {
                Endian::Little => i,
                Endian::Big => n - 1 - i,
            };
            *x = v.checked_shr(8 * byte as u32).unwrap_or(0) as u8;
        }
    }
}

impl<'s> Relocator<'s> {
    /// A relocator for `target`'s relocations, keeping what lasts in `state`.
    pub fn new(target: Target, options: Options, state: &'s mut State) -> Self {
        Relocator {
            target,
            options,
            state,
        }
    }

    /// Applies `relocs` (the entries of one relocation section, in order) to `data`,
    /// the contents of the section they target, laid out at `address` (`P` is
    /// `address + r_offset`). `symbol` gives symbol `index`, `None` past the end of the
    /// table. A relocation that cannot be applied leaves the bytes alone and is handed
    /// to `problem`. Returns how many relocations were not applied.
    pub fn apply(
        &mut self,
        data: &mut [u8],
        address: u64,
        relocs: &[Rel],
        mut symbol: impl FnMut(u64) -> Option<Sym>,
        mut problem: impl FnMut(Problem),
    ) -> usize {
        let mut buf = Buf {
            data,
            endian: self.target.endian,
        };
        let mut skipped = 0usize;
        for (number, r) in relocs.iter().enumerate() {
            if !self.apply_one(&mut buf, address, number, r, &mut symbol, &mut problem) {
                skipped = skipped.saturating_add(1);
            }
        }
        self.end_section();
        skipped
    }

    /// One relocation: false if it was not applied.
    fn apply_one(
        &mut self,
        buf: &mut Buf<'_>,
        address: u64,
        number: usize,
        r: &Rel,
        symbol: &mut impl FnMut(u64) -> Option<Sym>,
        problem: &mut impl FnMut(Problem),
    ) -> bool {
        let m = self.target.machine;
        if let Some(applied) = self.pair(buf, r, symbol, problem) {
            return applied;
        }
        let Some(h) = howto(&self.target, self.options.types, r.r_type) else {
            let report = self.options.report_repeats;
            if !knows_machine(m) && (report || self.state.last_unknown_machine != m) {
                self.state.last_unknown_machine = m;
                problem(Problem::UnknownMachine { machine: m });
            }
            if report || self.state.last_unsupported != r.r_type {
                self.state.last_unsupported = r.r_type;
                problem(Problem::Unsupported { r_type: r.r_type });
            }
            return false;
        };
        if h.op == Op::None {
            return true;
        }
        if !buf.fits(r.offset, u64::from(h.size)) {
            problem(Problem::BadOffset { offset: r.offset });
            return false;
        }
        let Some(sym) = symbol(r.sym) else {
            problem(Problem::BadSymbol { index: r.sym });
            return false;
        };
        // STT_SECTION 3, STT_COMMON 5.
        if self.options.check_symbol_type && r.sym != 0 && sym.st_type != 5 && sym.st_type > 3 {
            problem(Problem::UnexpectedSymbolType {
                number,
                st_type: sym.st_type,
            });
            return false;
        }
        // SH uses RELA but keeps the addend in place.
        let rela = r.addend.filter(|_| m != EM_SH);
        let subtract = matches!(h.op, Op::Sub | Op::Sub6);
        let mut addend = rela.map_or(0, |a| a as u64);
        if subtract && !self.options.sub_adds_addend {
            addend = addend.wrapping_neg();
        }
        let cur = buf.get(r.offset, h.size);
        if rela.is_none() || h.partial_inplace || h.in_place() {
            addend = addend.wrapping_add(if h.op == Op::Sub6 { cur & 0x3f } else { cur });
        }
        let s = sym.value;
        let v = match h.op {
            Op::PcRel => {
                // On HPPA, all PC-relative relocations are biased by 8.
                if m == EM_PARISC {
                    addend = addend.wrapping_sub(8);
                }
                addend
                    .wrapping_add(s)
                    .wrapping_sub(address.wrapping_add(r.offset))
            }
            Op::Set6 => (addend.wrapping_add(s) & 0x3f) | (cur & 0xc0),
            Op::Sub6 => (addend.wrapping_sub(s) & 0x3f) | (cur & 0xc0),
            Op::Sub => addend.wrapping_sub(s),
            Op::Abs | Op::Add | Op::None => addend.wrapping_add(s),
        };
        buf.put(r.offset, h.size, v);
        true
    }

    /// The relocations that come in pairs (GNU readelf's
    /// `target_specific_reloc_handling`): `Some(applied)` if `r` was one of them.
    fn pair(
        &mut self,
        buf: &mut Buf<'_>,
        r: &Rel,
        symbol: &mut impl FnMut(u64) -> Option<Sym>,
        problem: &mut impl FnMut(Problem),
    ) -> Option<bool> {
        let t = r.r_type;
        let addend = r.addend.unwrap_or(0) as u64;
        let s = &mut *self.state;
        match self.target.machine {
            EM_MSP430 | EM_MSP430_OLD => {
                let x = self.target.uses_msp430x_relocs();
                let diff = match t {
                    10 | 12 if x => return None,
                    // R_MSP430_SYM_DIFF, R_MSP430X_SYM_DIFF, …
                    10 | 12 | 21 | 23 => {
                        match symbol(r.sym) {
                            Some(sym) => s.msp430_saved = Some(sym.value),
                            None => problem(Problem::PairFirstBadSymbol { index: r.sym }),
                        }
                        return Some(true);
                    }
                    1 | 3 => true,
                    5 | 9 | 11 => !x,
                    2 | 15 | 22 => x,
                    _ => {
                        if s.msp430_saved.is_some() {
                            problem(Problem::PairUnhandled);
                        }
                        return None;
                    }
                };
                if !diff {
                    return None;
                }
                let saved = s.msp430_saved?;
                let size = match t {
                    1 => Some(4),
                    11 | 22 => match usize::try_from(r.offset)
                        .ok()
                        .and_then(|o| buf.data.get(o..))
                    {
                        Some(rest) if r.offset < buf.data.len() as u64 => match uleb_len(rest) {
                            (n @ 1..=8, 0) => Some(n as u8),
                            _ => None,
                        },
                        _ => None,
                    },
                    _ => Some(2),
                };
                let applied = match size {
                    None => {
                        problem(Problem::PairBadUleb { offset: r.offset });
                        false
                    }
                    Some(size) => self.put_diff(buf, r, size, saved, symbol, problem),
                };
                self.state.msp430_saved = None;
                Some(applied)
            }
            EM_MN10300 | EM_CYGNUS_MN10300 => match t {
                34 => Some(true), // R_MN10300_ALIGN
                33 => {
                    // R_MN10300_SYM_DIFF
                    match symbol(r.sym) {
                        Some(sym) => s.mn10300_saved = Some(sym.value),
                        None => problem(Problem::PairFirstBadSymbol { index: r.sym }),
                    }
                    Some(true)
                }
                1 | 2 => {
                    let saved = s.mn10300_saved?;
                    let size = if t == 1 { 4 } else { 2 };
                    let applied = self.put_diff(buf, r, size, saved, symbol, problem);
                    self.state.mn10300_saved = None;
                    Some(applied)
                }
                _ => {
                    if s.mn10300_saved.is_some() {
                        problem(Problem::PairUnhandled);
                    }
                    None
                }
            },
            EM_RL78 => match t {
                0x80 => {
                    // R_RL78_SYM
                    s.rl78_sym1 = s.rl78_sym2;
                    match symbol(r.sym) {
                        Some(sym) => s.rl78_sym2 = sym.value.wrapping_add(addend),
                        None => problem(Problem::PairFirstBadSymbol { index: r.sym }),
                    }
                    Some(true)
                }
                0x83 => {
                    // R_RL78_OPsub
                    s.rl78_value = s.rl78_sym1.wrapping_sub(s.rl78_sym2);
                    s.rl78_sym1 = 0;
                    s.rl78_sym2 = 0;
                    Some(true)
                }
                0x41 | 0x43 => {
                    // R_RL78_ABS32, R_RL78_ABS16
                    let size = if t == 0x41 { 4 } else { 2 };
                    let fits = buf.fits(r.offset, size);
                    if fits {
                        buf.put(r.offset, size as u8, s.rl78_value);
                    } else {
                        problem(Problem::PairBadOffset { offset: r.offset });
                    }
                    s.rl78_value = 0;
                    Some(fits)
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// The second of a `SYM_DIFF` pair: the field becomes `A + S - saved`.
    fn put_diff(
        &mut self,
        buf: &mut Buf<'_>,
        r: &Rel,
        size: u8,
        saved: u64,
        symbol: &mut impl FnMut(u64) -> Option<Sym>,
        problem: &mut impl FnMut(Problem),
    ) -> bool {
        let Some(sym) = symbol(r.sym) else {
            problem(Problem::PairBadSymbol { index: r.sym });
            return false;
        };
        if !buf.fits(r.offset, u64::from(size)) {
            problem(Problem::PairBadOffset { offset: r.offset });
            return false;
        }
        let v = (r.addend.unwrap_or(0) as u64).wrapping_add(sym.value.wrapping_sub(saved));
        buf.put(r.offset, size, v);
        true
    }

    /// The end of a relocation section: a pair left open is dropped.
    fn end_section(&mut self) {
        let s = &mut *self.state;
        s.msp430_saved = None;
        s.mn10300_saved = None;
        s.rl78_sym1 = 0;
        s.rl78_sym2 = 0;
    }
}

/// GNU's unsigned `read_leb128` as far as the MSP430 pairs need it: (bytes read,
/// status: bit 0 set if it runs off the end, bit 1 if bits are lost).
fn uleb_len(buf: &[u8]) -> (usize, u8) {
    let mut status = 1;
    let mut shift = 0u32;
    let mut result = 0u64;
    let mut n = 0;
    for &byte in buf {
        n += 1;
        let (lost, mask) = if shift < 64 {
            result |= u64::from(byte & 0x7f) << shift;
            let lost = (u64::from(byte) ^ (result >> shift)) as u8;
            let mask = (0x7f ^ ((0x7fu64 << shift) >> shift)) as u8;
            shift += 7;
            (lost, mask)
        } else {
            (byte, 0x7f)
        };
        if lost & mask != 0 {
            status |= 2;
        }
        if byte & 0x80 == 0 {
            status &= !1;
            break;
        }
    }
    (n, status)
}

/// Applies to `data` (the contents of section `index` of `file`) every `SHT_REL` and
/// `SHT_RELA` section that targets it, with the symbols of the table each links to.
/// A symbol's value `S` is its `st_value` plus `base` of its section (0 for absolute,
/// common and undefined symbols, and for symbol 0); the section itself is laid out at
/// `base(index)`. Returns how many relocations were not applied (a relocation section
/// whose symbol table cannot be read counts whole).
///
/// # Errors
/// Those of reading the section headers and relocation tables.
pub fn relocate_section(
    file: &ElfFile<'_>,
    index: SectionIndex,
    data: &mut [u8],
    options: Options,
    base: impl Fn(SectionIndex) -> u64,
) -> Result<usize> {
    let target = Target::of(file);
    let mut state = State::default();
    let mut skipped = 0usize;
    for sec in file.sections()? {
        let h = sec.header();
        if (h.sh_type != SHT_RELA && h.sh_type != SHT_REL) || h.sh_info != index.0 {
            continue;
        }
        let table = RelocTable::parse(&sec)?;
        let Ok(symtab) = sec.link().and_then(|l| SymbolTable::parse(&l)) else {
            skipped = skipped.saturating_add(table.len());
            continue;
        };
        let relocs: Vec<Rel> = table.iter().map(|r| target.decode(&r)).collect();
        let symbol = |i: u64| {
            if i == 0 {
                return Some(Sym::default());
            }
            let s = symtab.get(SymbolIndex(u32::try_from(i).ok()?)).ok()?;
            let b = match s.shndx {
                Some(i) if i != 0 && i < 0xff00 => base(SectionIndex(i)),
                _ => 0,
            };
            Some(Sym {
                value: s.sym.st_value.wrapping_add(b),
                st_type: s.sym.st_type(),
            })
        };
        let n = Relocator::new(target, options, &mut state).apply(
            data,
            base(index),
            &relocs,
            symbol,
            |_| {},
        );
        skipped = skipped.saturating_add(n);
    }
    Ok(skipped)
}
