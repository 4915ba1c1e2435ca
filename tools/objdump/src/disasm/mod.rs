//! `-d`/`-D`/`--disassemble=SYM`: disassembly through libmc, laid out as GNU objdump
//! 2.40's `disassemble_data`, `disassemble_section` and `disassemble_bytes` lay it out.
//!
//! - [`arch`]: the ELF machine → libmc `Arch` mapping and each machine's raw-byte layout.
//! - [`syms`]: objdump's sorted symbol list and `find_symbol_for_address`.
//! - `lines`: `-l` and `-S` (`show_line`); `source`: `-S`'s source files.
//! - `jumps`: `--visualize-jumps`.
//!
//! A section is cut into symbol ranges (`Job`s) in order; ranges are formatted into
//! buffers (in parallel where the text of one range does not depend on the one before)
//! and written in order through the one writer. A big x86 range (a stripped library's
//! code between two exported symbols) is cut into parts at probable instruction
//! boundaries, checked as they are written (`next_cut`, `parallel_jobs`). What is in
//! flight is a few pieces' text, and the pages of a mapped file's section are dropped
//! from memory once shown (`Sec::release`): peak RSS stays below GNU objdump's, which
//! reads each section whole (`scripts/bench.sh`).

pub mod arch;
mod jumps;
mod lines;
mod pipeline;
mod source;
pub mod syms;

use std::cell::Cell;
use std::fmt::Write as _;
use std::io::{self, Write};

use libelf::consts::{SHF_COMPRESSED, SHF_EXECINSTR, SHT_NOBITS, SHT_NULL};
use libelf::read::{SectionHeader, SectionIndex};
use libelf::{Class, ElfFile};
use libmc::{Arch, Disassembler, Flow, Resolver};
use libsymtab::{Symbol, Symtab};

use crate::relocs::{self, Namer, Rel};
use crate::{Cx, Object};
use arch::{Layout, Target};
use syms::{SectionSyms, Sorted};

/// Bytes of code per parallel piece of work.
const PIECE: usize = 8 * 1024;

/// Ranges of this many bytes of code or more are formatted on the writing thread as
/// their text is written (not held whole in a buffer).
const BIG_RANGE: usize = 24 * 1024;

/// The most a piece's output buffer keeps between pieces (a piece of data or long
/// lines may grow it further for a while).
const PIECE_BUF: usize = 128 * 1024;

/// Bytes of a section shown before their pages are dropped from memory together.
const RELEASE_STEP: usize = 128 * 1024;

/// The largest `SHT_NOBITS` section `-D` shows (its zeros are made in memory); a
/// larger one gets GNU's diagnostics for a failed allocation.
const MAX_NOBITS: u64 = 64 << 20;

/// Output held before a serial range is written out.
const FLUSH_AT: usize = 64 * 1024;

/// What one section's disassembly shares.
struct Sec<'a> {
    index: u32,
    vma: u64,
    size: u64,
    file_offset: u64,
    data: &'a [u8],
    /// The section holds code and has contents (`SEC_CODE | SEC_HAS_CONTENTS`).
    code: bool,
    name: String,
    /// The object, whose mapped pages of `data` are dropped as they are shown.
    obj: &'a Object<'a>,
}

impl Sec<'_> {
    /// Drop the pages of `data[*done..upto]` from memory once at least [`RELEASE_STEP`]
    /// bytes (or, with `all`, any) have been shown since the last time; `*done` moves on.
    /// (The formatting never reads back: the pages would come back from the file.)
    fn release(&self, done: &mut usize, upto: u64, all: bool) {
        let upto = usize::try_from(upto)
            .unwrap_or(usize::MAX)
            .min(self.data.len());
        if upto > *done && (all || upto - *done >= RELEASE_STEP) {
            self.obj
                .release(self.data.get(*done..upto).unwrap_or_default());
            *done = upto;
        }
    }
}

/// Everything the formatting of a range reads (shared between threads).
struct Ctx<'a, 's, 'd> {
    o: &'a crate::options::Options,
    arch: Arch,
    layout: Layout,
    c64: bool,
    /// BFD's `EXEC_P | DYNAMIC`.
    linked: bool,
    syms: SectionSyms<'a, 's, 'd>,
    sec: &'a Sec<'a>,
    /// Sorted dynamic relocations (for `find_symbol_for_address`).
    dynrels: &'a [Rel],
    dyn_namer: Option<&'a Namer<'s, 'd>>,
    /// The relocations shown after instructions, sorted, with their namer and the
    /// address of the section's start in their numbering (`rel_offset`).
    rels: &'a [Rel],
    rel_namer: Option<&'a Namer<'s, 'd>>,
    rel_offset: u64,
    /// Whether relocation lines are printed (`-r`/`-R`).
    show_rels: bool,
    /// Whether the printer gets the relocation of an instruction (relocatable file on
    /// a machine that wants it).
    hand_relocs: bool,
    skip_addr_chars: usize,
    lines: Option<&'a lines::Lines<'a>>,
}

/// One symbol range of a section (one `disassemble_bytes` call).
#[derive(Debug, Clone)]
struct Job {
    start: u64,
    stop: u64,
    insns: bool,
    /// The label line to print first (`\n0000… <sym>:\n`): `Some` with the symbol's
    /// position (if any), `None` for none.
    label: Option<Option<usize>>,
    /// Whether the range has a symbol (GNU looks for jumps to draw only then).
    sym: bool,
    /// Index of the first relocation not yet shown.
    rel_start: usize,
    /// The end of the symbol range (`stop` but for a part of a range split for
    /// threads): instructions are decoded from bytes up to it.
    decode_to: u64,
}

/// Disassemble the object's code sections (all sections with `-D`, the `-j` ones).
///
/// # Errors
/// Only errors writing `out`.
pub fn disassemble(
    cx: &mut Cx<'_, '_>,
    obj: &Object<'_>,
    separate: &[tools_common::input::Input],
    out: &mut dyn Write,
) -> io::Result<()> {
    let elf = &obj.elf;
    // The static symbols of the separate debug files join the object's (`dump_bfd`).
    let separate: Vec<ElfFile<'_>> = separate
        .iter()
        .filter_map(|d| ElfFile::parse(d).ok())
        .collect();
    let separate_syms: Vec<Symtab<'_>> = separate
        .iter()
        .filter_map(|e| Symtab::parse(e).ok())
        .collect();
    let extra: Vec<(&Symtab<'_>, &ElfFile<'_>)> = separate_syms.iter().zip(&separate).collect();
    let target = match obj.binary_arch {
        Some(a) => Target::Mc(a),
        None => arch::machine_for(elf),
    };
    let mut arch = match target {
        Target::Mc(a) => a,
        Target::Unsupported(_) if obj.target == "binary" => {
            cx.nonfatal(format_args!("can't disassemble for architecture UNKNOWN!"));
            cx.stop = true;
            return Ok(());
        }
        Target::Unsupported(m) => {
            cx.nonfatal(format_args!(
                "{}: disassembly of machine {m} (e_machine) is not supported yet",
                obj.name
            ));
            return Ok(());
        }
    };
    if let Some(opts) = &cx.o.disassembler_options {
        arch = match arch.with_options(opts) {
            Ok(a) => a,
            Err(e) => {
                // Each machine's disassembler words its own diagnostics (some say nothing).
                for m in &e.messages {
                    cx.diag.plain(format_args!("{m}\n"));
                }
                e.arch
            }
        };
    }
    if cx.o.dynamic_reloc && relocs::dynamic_relocs(elf).is_none() {
        // dump_bfd's slurp_dynamic_symtab, then disassemble_data's bfd_fatal.
        cx.nonfatal(format_args!("{}: not a dynamic object", obj.name));
        cx.nonfatal(format_args!("{}: invalid operation", obj.name));
        cx.stop = true;
        return Ok(());
    }
    let symtab = match Symtab::parse(elf) {
        Ok(s) => s,
        Err(_) => {
            cx.nonfatal(format_args!("{}: cannot read symbols", obj.name));
            return Ok(());
        }
    };
    let demangle = relocs::demangle_options(cx);
    let sorted = Sorted::new(&symtab, elf, &extra, demangle.clone());
    let machine = elf.header().e_machine;
    let mut layout = arch::layout(machine, elf.endian() == libelf::Endian::Big);
    if obj.target == "binary" && cx.o.endian_big.is_none() {
        // Of unknown byte order, MIPS words are shown as they lie in the file.
        layout.chunk_big |= machine == libelf::consts::EM_MIPS;
    }
    let linked = matches!(
        elf.header().e_type,
        libelf::consts::ET_EXEC | libelf::consts::ET_DYN
    );
    let mut dynrels = relocs::dynamic_relocs(elf).unwrap_or_default();
    relocs::sort(&mut dynrels);
    let dyn_namer = Namer::new(elf, &symtab, true, demangle.clone());
    let static_namer = Namer::new(elf, &symtab, false, demangle);
    let has_reloc = relocs::file_has_reloc(elf);
    let lines = if cx.o.line_numbers || cx.o.source {
        Some(lines::Lines::new(obj, cx.o, relocs::demangle_options(cx)))
    } else {
        None
    };
    let shdrs = elf.section_headers().unwrap_or(&[]);
    let strs = elf.shstrtab().ok();
    let bfd = bfd_sections(elf);
    // A core file's sections are BFD's, made from its program headers.
    let core = core_sections(elf);
    let list: Vec<(usize, SectionHeader, Vec<u8>)> = match &core {
        Some(c) => c.clone(),
        None => shdrs
            .iter()
            .enumerate()
            .filter(|(i, _)| bfd.get(*i).copied().unwrap_or(false))
            .map(|(i, h)| {
                let n = strs
                    .as_ref()
                    .and_then(|t| t.get(h.sh_name).ok())
                    .unwrap_or(b"");
                (i, *h, n.to_vec())
            })
            .collect(),
    };
    release_tables(obj);
    for (i, h, name_v) in &list {
        let (i, h, name_b) = (*i, h, name_v.as_slice());
        let code = h.sh_flags & u64::from(SHF_EXECINSTR) != 0 && h.sh_type != SHT_NOBITS;
        if !cx.o.disassemble_all && cx.o.sections.is_empty() && !code {
            continue;
        }
        if !cx.process_section(name_b) || h.sh_size == 0 {
            continue;
        }
        let name = String::from_utf8_lossy(name_b).into_owned();
        if h.sh_type == SHT_NOBITS && h.sh_size > MAX_NOBITS {
            // BFD's allocation of the zeros fails (GNU reports it, status unchanged);
            // past MAX_NOBITS so do we, rather than print gigabytes of zeros.
            cx.diag.plain(format_args!(
                "error: {}({name}) is too large ({:#x} bytes)\n",
                obj.name, h.sh_size
            ));
            cx.diag.plain(format_args!(
                "Reading section {name} failed because: memory exhausted\n"
            ));
            continue;
        }
        let owned;
        let data: &[u8] = if h.sh_type == SHT_NOBITS {
            owned = std::borrow::Cow::Owned(vec![
                0u8;
                usize::try_from(h.sh_size.min(MAX_NOBITS))
                    .unwrap_or(0)
            ]);
            &owned
        } else if core.is_some() {
            let range = usize::try_from(h.sh_offset)
                .ok()
                .and_then(|o| Some(o..o.checked_add(usize::try_from(h.sh_size).ok()?)?));
            match range.and_then(|r| obj.data.get(r)) {
                Some(d) => d,
                None => continue,
            }
        } else {
            let sec = match elf.section(SectionIndex(i as u32)) {
                Ok(s) => s,
                Err(_) => continue,
            };
            let got = if h.sh_flags & u64::from(SHF_COMPRESSED) != 0 {
                sec.decompressed()
            } else {
                sec.data().map(std::borrow::Cow::Borrowed)
            };
            match got {
                Ok(d) => {
                    owned = d;
                    &owned
                }
                Err(e) => {
                    cx.nonfatal(format_args!("Reading section {name} failed because: {e}"));
                    continue;
                }
            }
        };
        let sec = Sec {
            index: i as u32,
            vma: h.sh_addr,
            size: data.len() as u64,
            file_offset: h.sh_offset,
            data,
            code,
            name,
            obj,
        };
        let ctx_rels;
        let (rels, rel_namer, rel_offset): (&[Rel], Option<&Namer<'_, '_>>, u64) =
            if !dynrels.is_empty() && cx.o.dynamic_reloc {
                (&dynrels, Some(&dyn_namer), sec.vma)
            } else if (cx.o.reloc || layout.needs_relocs) && relocs::has_static(elf, sec.index) {
                let mut r = relocs::static_relocs(elf, sec.index);
                relocs::sort(&mut r);
                ctx_rels = r;
                (&ctx_rels, Some(&static_namer), 0)
            } else {
                (&[], None, 0)
            };
        let syms = SectionSyms {
            all: &sorted,
            order: sorted.for_section(sec.index),
            sec: sec.index,
            has_reloc,
            vma: sec.vma,
            size: sec.size,
        };
        let ctx = Ctx {
            o: cx.o,
            arch,
            layout,
            c64: elf.class() == Class::Elf64,
            linked,
            syms,
            sec: &sec,
            dynrels: &dynrels,
            dyn_namer: Some(&dyn_namer),
            rels,
            rel_namer,
            rel_offset,
            show_rels: cx.o.reloc || cx.o.dynamic_reloc,
            hand_relocs: layout.needs_relocs && !linked,
            skip_addr_chars: 0,
            lines: lines.as_ref(),
        };
        section(cx, ctx, out)?;
    }
    for w in lines.iter().flat_map(lines::Lines::take_warnings) {
        cx.warn(format_args!("{w}"));
    }
    Ok(())
}

/// Drop the pages of the symbol and relocation tables from memory: their entries have
/// been decoded into the sorted list and `dynrels` (what is read again comes back from
/// the file). The string tables stay: labels borrow their names.
fn release_tables(obj: &Object<'_>) {
    use libelf::consts::{SHT_DYNSYM, SHT_REL, SHT_RELA, SHT_SYMTAB};
    let elf = &obj.elf;
    for (i, h) in elf.section_headers().unwrap_or(&[]).iter().enumerate() {
        if matches!(h.sh_type, SHT_SYMTAB | SHT_DYNSYM | SHT_REL | SHT_RELA) {
            if let Ok(data) = elf.section(SectionIndex(i as u32)).and_then(|s| s.data()) {
                obj.release(data);
            }
        }
    }
}

/// BFD's sections of a core file (`bfd_section_from_phdr`): `loadN` for each `PT_LOAD`
/// (N its program header's index) with its file bytes, code when executable; `None`
/// for other files. A segment with more memory than file bytes is split in two
/// (`loadNa`, `loadNb`), the second without contents.
fn core_sections(elf: &ElfFile<'_>) -> Option<Vec<(usize, SectionHeader, Vec<u8>)>> {
    use libelf::consts::{ET_CORE, PF_X, PT_LOAD, SHF_ALLOC, SHT_PROGBITS};
    if elf.header().e_type != ET_CORE {
        return None;
    }
    let mut out = Vec::new();
    for (i, ph) in elf.program_headers().unwrap_or(&[]).iter().enumerate() {
        if ph.p_type != PT_LOAD {
            continue;
        }
        let split = ph.p_memsz > ph.p_filesz && ph.p_filesz > 0;
        let name = format!("load{i}{}", if split { "a" } else { "" });
        let mut flags = u64::from(SHF_ALLOC);
        if ph.p_flags & PF_X != 0 {
            flags |= u64::from(SHF_EXECINSTR);
        }
        let h = SectionHeader {
            sh_type: if ph.p_filesz > 0 {
                SHT_PROGBITS
            } else {
                SHT_NOBITS
            },
            sh_flags: flags,
            sh_addr: ph.p_vaddr,
            sh_offset: ph.p_offset,
            sh_size: if ph.p_filesz > 0 {
                ph.p_filesz
            } else {
                ph.p_memsz
            },
            ..SectionHeader::default()
        };
        out.push((1000 + i, h, name.into_bytes()));
    }
    Some(out)
}

/// Which section header indexes BFD makes sections of (the rest are symbol and string
/// tables and relocations it reads as parts of other sections).
fn bfd_sections(elf: &ElfFile<'_>) -> Vec<bool> {
    use libelf::consts::{SHT_REL, SHT_RELA, SHT_STRTAB, SHT_SYMTAB, SHT_SYMTAB_SHNDX};
    let hs = elf.section_headers().unwrap_or(&[]);
    let shstrndx = elf.header().e_shstrndx as usize;
    let symtab = hs.iter().position(|h| h.sh_type == SHT_SYMTAB);
    let symstr = symtab.and_then(|i| hs.get(i)).map(|h| h.sh_link as usize);
    hs.iter()
        .enumerate()
        .map(|(i, h)| match h.sh_type {
            SHT_NULL | SHT_SYMTAB | SHT_SYMTAB_SHNDX => false,
            SHT_STRTAB => i != shstrndx && Some(i) != symstr,
            SHT_REL | SHT_RELA => relocs::static_sections(elf, h.sh_info)
                .iter()
                .all(|&r| r != i),
            _ => i != 0,
        })
        .collect()
}

/// Print the address `v` as `bfd_sprintf_vma` does (full width).
fn vma_full(c64: bool, v: u64, out: &mut String) {
    if c64 {
        let _ = write!(out, "{v:016x}");
    } else {
        let _ = write!(out, "{:08x}", v as u32);
    }
}

/// `objdump_print_value` with leading zeros skipped.
fn value_short(v: u64, c64: bool, out: &mut String) {
    if c64 {
        let _ = write!(out, "{v:x}");
    } else {
        let _ = write!(out, "{:x}", v as u32);
    }
}

impl<'s, 'd> Ctx<'_, 's, 'd> {
    /// `objdump_print_addr_with_sym`.
    fn addr_with_sym(
        &self,
        sym: Option<(&Symbol<'d>, u64)>,
        label: Option<&str>,
        vma: u64,
        skip_zeroes: bool,
        out: &mut String,
    ) {
        if !self.o.no_addresses {
            if skip_zeroes {
                value_short(vma, self.c64, out);
            } else {
                vma_full(self.c64, vma, out);
            }
            out.push(' ');
        }
        match sym {
            None => {
                out.push('<');
                out.push_str(&self.sec.name);
                let sa = self.sec.vma;
                if vma < sa {
                    out.push_str("-0x");
                    value_short(sa - vma, self.c64, out);
                } else if vma > sa {
                    out.push_str("+0x");
                    value_short(vma - sa, self.c64, out);
                }
                out.push('>');
            }
            Some((s, value)) => {
                out.push('<');
                match label {
                    Some(l) => out.push_str(l),
                    None => out.push_str(&self.syms.all.name_of(s)),
                }

                if value == vma || (self.linked && s.is_undefined()) {
                } else if value > vma {
                    out.push_str("-0x");
                    value_short(value - vma, self.c64, out);
                } else {
                    out.push_str("+0x");
                    value_short(vma - value, self.c64, out);
                }
                out.push('>');
            }
        }
        self.file_offset_note(vma, out);
    }

    /// `-F`'s ` (File Offset: 0x…)` after an address.
    fn file_offset_note(&self, vma: u64, out: &mut String) {
        if self.o.file_offsets {
            let off = self
                .sec
                .file_offset
                .wrapping_add(vma.wrapping_sub(self.sec.vma));
            let _ = write!(out, " (File Offset: 0x{off:x})");
        }
    }

    /// `find_symbol_for_address`, with the dynamic relocation step.
    fn find(&self, vma: u64, require_sec: bool) -> Option<(&Symbol<'d>, u64, Option<&str>)> {
        let (p, dyn_ok) = self.syms.find(vma, require_sec)?;
        if let (true, Some(namer)) = (dyn_ok, self.dyn_namer) {
            let r = self.dynrels;
            let lo = r.partition_point(|x| x.address < vma);
            for x in r.iter().skip(lo).take_while(|x| x.address == vma) {
                if !namer.is_abs(x) {
                    if let Some(s) = namer.symbol(x) {
                        return Some((s, s.addr, None));
                    }
                }
            }
        }
        let d = self.syms.at(p)?;
        Some((d.sym, d.value, Some(self.syms.label_at(p))))
    }

    /// `objdump_print_addr` (`skip_zeroes` false with `--prefix-addresses`).
    fn print_addr(&self, vma: u64, reloc: Option<&Rel>, out: &mut String) {
        let skip_zeroes = !self.o.prefix_addresses;
        if self.syms.is_empty() {
            if !self.o.no_addresses {
                out.push_str("0x");
                if skip_zeroes {
                    value_short(vma, self.c64, out);
                } else {
                    vma_full(self.c64, vma, out);
                }
            }
            self.file_offset_note(vma, out);
            return;
        }
        let mut vma = vma;
        if let Some(s) = reloc.and_then(|r| self.rel_namer.and_then(|n| n.symbol(r))) {
            vma = vma.wrapping_add(s.addr);
            if s.is_undefined() {
                return self.addr_with_sym(Some((s, s.addr)), None, vma, skip_zeroes, out);
            }
        }
        match self.find(vma, false) {
            Some((s, v, l)) => self.addr_with_sym(Some((s, v)), l, vma, skip_zeroes, out),
            None => self.addr_with_sym(None, None, vma, skip_zeroes, out),
        }
    }
}

/// The printer's view of objdump's `print_address_func`.
struct Addresses<'c, 'a, 's, 'd> {
    ctx: &'c Ctx<'a, 's, 'd>,
    reloc: Cell<Option<Rel>>,
}

impl Resolver for Addresses<'_, '_, '_, '_> {
    fn address(&self, addr: u64, out: &mut String) {
        let r = self.reloc.get();
        self.ctx.print_addr(addr, r.as_ref(), out);
    }
}

/// `disassemble_section` for one section: plan the ranges, then format them.
fn section(cx: &mut Cx<'_, '_>, mut ctx: Ctx<'_, '_, '_>, out: &mut dyn Write) -> io::Result<()> {
    let o = cx.o;
    let sec = ctx.sec;
    let datasize = sec.size;
    let mut addr_offset = match o.start_address {
        Some(s) if s >= sec.vma => s - sec.vma,
        _ => 0,
    };
    let mut stop_offset = match o.stop_address {
        None => datasize,
        Some(s) if s < sec.vma => 0,
        Some(s) => (s - sec.vma).min(datasize),
    };
    if addr_offset >= stop_offset {
        return Ok(());
    }
    if !o.no_addresses && !o.prefix_addresses {
        let mut buf = String::new();
        vma_full(ctx.c64, sec.vma.wrapping_add(sec.size), &mut buf);
        let mut skip = buf.bytes().take_while(|&b| b == b'0').count();
        if skip == buf.len() && sec.vma != 0 {
            skip = 0;
        }
        if skip != 0 {
            skip = (skip - 1) & !3;
        }
        ctx.skip_addr_chars = skip;
    }
    writeln!(out, "\nDisassembly of section {}:", sec.name)?;
    let ss = &ctx.syms;
    let mut place = 0usize;
    let mut sym = ss
        .find(sec.vma.wrapping_add(addr_offset), true)
        .map(|(p, _)| {
            place = p;
            p
        });
    let mut do_print = o.disasm_sym.is_none();
    #[derive(PartialEq)]
    enum Until {
        Stop,
        Function,
        Next,
    }
    let mut until = Until::Stop;
    let mut jobs: Vec<Job> = Vec::new();
    let mut rel_pos = ctx
        .rels
        .partition_point(|r| r.address < ctx.rel_offset.wrapping_add(addr_offset));
    while addr_offset < stop_offset {
        let addr = sec.vma.wrapping_add(addr_offset);
        let cur = sym.and_then(|p| ss.at(p));
        if let (Some(s), Some(want)) = (cur, o.disasm_sym.as_deref()) {
            if do_print {
                match until {
                    Until::Function => {
                        if s.flags & syms::FUNCTION != 0 {
                            do_print = false;
                        }
                    }
                    Until::Stop => {}
                    Until::Next => {
                        if !is_local_label(&s.name) {
                            do_print = false;
                        }
                    }
                }
            } else {
                let raw = String::from_utf8_lossy(&s.name);
                let name = match ctx.syms.all.demangle() {
                    Some(d) => libdemangle::demangle(&raw, d).unwrap_or_else(|| raw.to_string()),
                    None => raw.to_string(),
                };
                if name == want {
                    do_print = true;
                    if s.flags & syms::FUNCTION != 0 {
                        if s.sym.sym.st_size > 0 {
                            stop_offset = addr_offset.saturating_add(s.sym.sym.st_size);
                            until = Until::Stop;
                        } else {
                            until = Until::Function;
                        }
                    } else {
                        until = Until::Next;
                    }
                }
            }
        }
        let label = (!o.prefix_addresses && do_print).then_some(sym);
        let cur_val = sym.map(|p| ss.value(p));
        let nextsym = match (sym, cur_val) {
            (Some(p), Some(v)) if v > addr => Some(p),
            (None, _) => None,
            (Some(_), Some(v)) => {
                while place < ss.len()
                    && !(ss.in_section(place) && ss.value(place) > v && ss.ok(false, place))
                {
                    place += 1;
                }
                (place < ss.len()).then_some(place)
            }
            _ => None,
        };
        let mut nextstop = match (cur_val, nextsym) {
            (Some(v), _) if v > addr => v.wrapping_sub(sec.vma),
            (_, None) => stop_offset,
            (_, Some(n)) => ss.value(n).wrapping_sub(sec.vma),
        };
        if nextstop > stop_offset || nextstop <= addr_offset {
            nextstop = stop_offset;
        }
        let insns = match cur {
            None => true,
            Some(s) => {
                o.disassemble_all
                    || s.sec != sec.index
                    || s.value > addr
                    || (s.flags & syms::OBJECT == 0
                        && !contains(&s.name, b"gnu_compiled")
                        && !contains(&s.name, b"gcc2_compiled"))
                    || s.flags & syms::FUNCTION != 0
            }
        };
        if do_print {
            jobs.push(Job {
                start: addr_offset,
                stop: nextstop,
                insns,
                label,
                sym: sym.is_some(),
                rel_start: rel_pos,
                decode_to: nextstop,
            });
            rel_pos = ctx
                .rels
                .partition_point(|r| r.address < ctx.rel_offset.wrapping_add(nextstop));
        }
        addr_offset = nextstop;
        sym = nextsym;
    }
    run_jobs(cx, &ctx, &jobs, out)
}

/// The label line(s) before a range: `\n`, the address with its symbol, `:\n` (and
/// with `--show-all-symbols` every other symbol there).
fn label_text(ctx: &Ctx<'_, '_, '_>, sym: Option<usize>, addr: u64, label: &mut Vec<u8>) {
    let ss = &ctx.syms;
    let mut text = String::with_capacity(64);
    // The label of symbol `p` (none: the section's), then `:`.
    let line = |p: Option<usize>, text: &mut String| {
        let cur = p.and_then(|p| Some((p, ss.at(p)?)));
        let (s, l) = match cur {
            Some((p, s)) => (Some((s.sym, s.value)), Some(ss.label_at(p))),
            None => (None, None),
        };
        ctx.addr_with_sym(s, l, addr, false, text);
        text.push_str(":\n");
    };
    text.push('\n');
    line(sym, &mut text);
    if let (Some(p0), true) = (sym, ctx.o.show_all_symbols) {
        let mut q = p0 + 1;
        while let Some(s) = ss.at(q) {
            if s.value != addr {
                break;
            }
            if s.valid {
                if !ss.in_section(q) {
                    break;
                }
                line(Some(q), &mut text);
            }
            q += 1;
        }
    }
    label.extend_from_slice(text.as_bytes());
}

/// Whether BFD's `bfd_is_local_label` holds for an ELF name (`.L…`, `..`, `_.L_`).
fn is_local_label(name: &[u8]) -> bool {
    name.starts_with(b".L") || name.starts_with(b"..") || name.starts_with(b"_.L_")
}

fn contains(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// Format the jobs into buffers (in parallel where possible) and write them in order.
fn run_jobs(
    cx: &mut Cx<'_, '_>,
    ctx: &Ctx<'_, '_, '_>,
    jobs: &[Job],
    out: &mut dyn Write,
) -> io::Result<()> {
    let threads = if ctx.lines.is_some()
        || matches!(
            ctx.arch.machine,
            libmc::Machine::RiscV64 | libmc::Machine::RiscV32
        )
        || cx.o.visualize_jumps != 0
    {
        1
    } else {
        std::thread::available_parallelism()
            .map_or(1, |n| n.get())
            .min(8)
    };
    let mut failures = Vec::new();
    if threads == 1 {
        let dis = Disassembler::new(ctx.arch);
        let mut sbuf = Vec::with_capacity(FLUSH_AT + 4096);
        let mut done = 0;
        for j in jobs {
            serial_job(ctx, &dis, j, &mut failures, &mut sbuf, out)?;
            ctx.sec.release(&mut done, j.stop, false);
        }
        ctx.sec.release(&mut done, ctx.sec.size, true);
    } else {
        parallel_jobs(ctx, jobs, threads, &mut failures, out)?;
    }
    for f in failures {
        cx.nonfatal(format_args!("{f}"));
    }
    Ok(())
}

/// One unit of [`parallel_jobs`]' ordered work.
enum Work<'j> {
    /// A run of small ranges, formatted together by a worker.
    Piece(&'j [Job]),
    /// A part of a big range cut by [`next_cut`] (`first`: the range's first),
    /// formatted by a worker; shown when it starts where the part before it ended.
    Part { job: Job, first: bool },
    /// A big range formatted on the writing thread as it is written.
    Serial(&'j Job),
    /// The last part of a cut range, formatted on the writing thread from where the
    /// part before it ended.
    Tail(Job),
}

/// What a worker made of a [`Work`].
#[derive(Default)]
enum Made {
    /// Nothing (a [`Work::Serial`] or [`Work::Tail`]).
    #[default]
    Nothing,
    /// The failures of a piece's ranges.
    Piece(Vec<String>),
    /// A part's failure, and where its last line ends.
    Part(Option<String>, usize),
}

/// [`run_jobs`] on `threads` worker threads: runs of small ranges make pieces of about
/// [`PIECE`] bytes of code (a range of more is a piece of its own), and a range of
/// [`BIG_RANGE`] bytes or more is cut into parts ([`next_cut`]) or, where it cannot
/// be, formatted on this thread and written as it goes. The workers format pieces and
/// parts ahead of the writing, at most `threads + 1` of them ([`pipeline::ordered`]);
/// this thread writes them in order. The pages of the section shown are dropped from
/// memory as the output moves on.
fn parallel_jobs(
    ctx: &Ctx<'_, '_, '_>,
    jobs: &[Job],
    threads: usize,
    failures: &mut Vec<String>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let plan = Plan {
        ctx,
        jobs,
        cut: None,
    };
    let format_part = |job: &Job, buf: &mut Vec<u8>| {
        buf.clear();
        let dis = Disassembler::new(ctx.arch);
        let mut end = 0;
        let err = format_range(ctx, &dis, job, buf, None, &mut end);
        (err, end)
    };
    let from_at = |job: &Job, at: usize| Job {
        start: at as u64,
        rel_start: ctx
            .rels
            .partition_point(|r| r.address < ctx.rel_offset.wrapping_add(at as u64)),
        ..job.clone()
    };
    let dis = Disassembler::new(ctx.arch);
    let mut sbuf = Vec::with_capacity(FLUSH_AT + 4096);
    let mut done = 0;
    // Where the cut range being written has got to; `None` once it stopped at a failure.
    let mut at = Some(0usize);
    pipeline::ordered(
        plan,
        threads,
        threads + 1,
        PIECE_BUF,
        |w, buf| match w {
            Work::Piece(piece) => {
                let dis = Disassembler::new(ctx.arch);
                Made::Piece(
                    piece
                        .iter()
                        .filter_map(|j| format_job(ctx, &dis, j, buf, None))
                        .collect(),
                )
            }
            Work::Part { job, .. } => {
                let (err, end) = format_part(job, buf);
                Made::Part(err, end)
            }
            Work::Serial(_) | Work::Tail(_) => Made::Nothing,
        },
        |w, buf, made| {
            match (&w, made) {
                (Work::Piece(_), Made::Piece(e)) => {
                    out.write_all(buf)?;
                    failures.extend(e);
                }
                (Work::Part { job, first }, Made::Part(err, end)) => {
                    if *first {
                        at = usize::try_from(job.start).ok();
                    }
                    let stop = usize::try_from(job.stop).unwrap_or(usize::MAX);
                    // Skipped: the range stopped, or the part before ran over all of this one.
                    if let Some(from) = at.filter(|&a| a < stop) {
                        let (err, end) = if usize::try_from(job.start) == Ok(from) {
                            (err, end)
                        } else {
                            format_part(&from_at(job, from), buf)
                        };
                        out.write_all(buf)?;
                        at = match err {
                            Some(e) => {
                                failures.push(e);
                                None
                            }
                            None => Some(end),
                        };
                    }
                }
                (Work::Serial(job), _) => {
                    serial_job(ctx, &dis, job, failures, &mut sbuf, out)?;
                }
                (Work::Tail(job), _) => {
                    let stop = usize::try_from(job.stop).unwrap_or(usize::MAX);
                    if let Some(from) = at.filter(|&a| a < stop) {
                        serial_job(ctx, &dis, &from_at(job, from), failures, &mut sbuf, out)?;
                    }
                }
                _ => {}
            }
            ctx.sec.release(&mut done, w.stop(), false);
            Ok(())
        },
    )?;
    ctx.sec.release(&mut done, ctx.sec.size, true);
    Ok(())
}

impl Work<'_> {
    /// Where the ranges of this work stop.
    fn stop(&self) -> u64 {
        match self {
            Work::Piece(p) => p.last().map_or(0, |j| j.stop),
            Work::Part { job, .. } | Work::Tail(job) => job.stop,
            Work::Serial(job) => job.stop,
        }
    }
}

/// The [`Work`] of [`parallel_jobs`], made as the workers reach it (a big range is cut
/// part by part, so that its pages are read only as it is shown).
struct Plan<'c, 'a, 's, 'd> {
    ctx: &'c Ctx<'a, 's, 'd>,
    /// The ranges not yet planned.
    jobs: &'c [Job],
    /// The big range being cut, with where its next part starts and whether that
    /// part is its first.
    cut: Option<(&'c Job, usize, bool)>,
}

impl<'c> Iterator for Plan<'c, '_, '_, '_> {
    type Item = Work<'c>;

    fn next(&mut self) -> Option<Work<'c>> {
        let ctx = self.ctx;
        if let Some((job, from, first)) = self.cut {
            let stop = usize::try_from(job.stop).unwrap_or(usize::MAX);
            return Some(match next_cut(ctx.sec.data, from, stop) {
                Some(cut) => {
                    self.cut = Some((job, cut, false));
                    Work::Part {
                        job: part_of(ctx, job, from, cut, first),
                        first,
                    }
                }
                None => {
                    self.cut = None;
                    Work::Tail(part_of(ctx, job, from, stop, first))
                }
            });
        }
        let mut bytes = 0u64;
        for (i, j) in self.jobs.iter().enumerate() {
            let len = j.stop - j.start;
            if len >= PIECE as u64 {
                if i > 0 {
                    let (run, rest) = self.jobs.split_at(i);
                    self.jobs = rest;
                    return Some(Work::Piece(run));
                }
                self.jobs = self.jobs.get(1..).unwrap_or_default();
                if len < BIG_RANGE as u64 {
                    return Some(Work::Piece(std::slice::from_ref(j)));
                }
                let from = usize::try_from(j.start).unwrap_or(usize::MAX);
                if can_split(ctx, j) {
                    let stop = usize::try_from(j.stop).unwrap_or(usize::MAX);
                    if next_cut(ctx.sec.data, from, stop).is_some() {
                        self.cut = Some((j, from, true));
                        return self.next();
                    }
                }
                return Some(Work::Serial(j));
            }
            bytes += len;
            if bytes >= PIECE as u64 {
                let (run, rest) = self.jobs.split_at(i + 1);
                self.jobs = rest;
                return Some(Work::Piece(run));
            }
        }
        if self.jobs.is_empty() {
            return None;
        }
        let run = std::mem::take(&mut self.jobs);
        Some(Work::Piece(run))
    }
}

/// The most bytes of code in a part of a big range ([`next_cut`]).
const MAX_PART: usize = 2 * PIECE;

/// Whether a big range may be cut for threads into parts of [`PIECE`] to [`MAX_PART`]
/// bytes ([`next_cut`]): only x86 code (other machines' printers carry state from one
/// instruction to the next), and not with relocations handed to the printer or `-l`.
fn can_split(ctx: &Ctx<'_, '_, '_>, job: &Job) -> bool {
    use libmc::Machine::{I386, I8086, X32, X86_64};
    matches!(ctx.arch.machine, X86_64 | X32 | I386 | I8086)
        && job.insns
        && !ctx.hand_relocs
        && ctx.lines.is_none()
}

/// Where the part of a big range starting at `from` ends: right after a `ret` byte
/// (`c3`), [`PIECE`] to [`MAX_PART`] bytes on and at least half a piece before `stop`
/// (probably an instruction boundary, which [`parallel_jobs`] checks). `None`: the
/// rest of the range is its last part.
fn next_cut(data: &[u8], from: usize, stop: usize) -> Option<usize> {
    let stop = stop.min(data.len());
    let lo = from.saturating_add(PIECE);
    let hi = from
        .saturating_add(MAX_PART)
        .min(stop.saturating_sub(PIECE / 2));
    // The byte before the cut is not zero, so no zero run (`...`) reaches the cut: a
    // part shows what the whole range shows up to its end.
    (lo..hi).find(|&t| data.get(t - 1) == Some(&0xc3) && data.get(t).is_some_and(|&b| b != 0))
}

/// The part `from..to` of range `job` (with its label if `first`).
fn part_of(ctx: &Ctx<'_, '_, '_>, job: &Job, from: usize, to: usize, first: bool) -> Job {
    let start = from as u64;
    Job {
        start,
        stop: to as u64,
        label: if first { job.label } else { None },
        rel_start: if first {
            job.rel_start
        } else {
            ctx.rels
                .partition_point(|r| r.address < ctx.rel_offset.wrapping_add(start))
        },
        decode_to: job.stop,
        ..job.clone()
    }
}

/// The Arm mapping symbols around `vma` in this section: the kind (`a`, `t`, `d`) of
/// the last one at or before it (GNU's `mapping_symbol_for_insn`), and the address of
/// the next one after it.
fn arm_mapping(ctx: &Ctx<'_, '_, '_>, vma: u64) -> (Option<u8>, Option<u64>) {
    let m = &ctx.syms.all.mapping;
    let sec = ctx.syms.sec;
    let i = m.partition_point(|&(s, a, _)| (s, a) <= (sec, vma));
    let kind = i
        .checked_sub(1)
        .and_then(|j| m.get(j))
        .filter(|&&(s, _, k)| s == sec && k != b'x')
        .map(|&(_, _, k)| k);
    let next = m.get(i).filter(|&&(s, _, _)| s == sec).map(|&(_, a, _)| a);
    (kind, next)
}

/// Data in Arm code (`$d`): a `.word` at a word-aligned address, else a `.short` or
/// `.byte` up to the alignment, the next mapping symbol or the range's end, as GNU's
/// Arm printer prints it.
fn arm_data<'b>(
    ctx: &Ctx<'_, '_, '_>,
    bytes: &'b [u8],
    vma: u64,
    left: usize,
) -> Option<libmc::Insn<'b>> {
    let m = &ctx.syms.all.mapping;
    let sec = ctx.syms.sec;
    let i = m.partition_point(|&(s, a, _)| (s, a) <= (sec, vma));
    let to_next = m
        .get(i)
        .filter(|&&(s, _, _)| s == sec)
        .map_or(usize::MAX, |&(_, a, _)| {
            usize::try_from(a - vma).unwrap_or(usize::MAX)
        });
    // Words at word-aligned addresses; a halfword or byte up to the alignment.
    let n = match left.min(to_next).min(bytes.len()) {
        0 => return None,
        n if n >= 4 && vma % 4 == 0 => 4,
        n if n >= 2 && vma % 2 == 0 => 2,
        _ => 1,
    };
    let raw = bytes.get(..n)?;
    let big = ctx.layout.chunk_big;
    let v = raw.iter().enumerate().fold(0u32, |v, (k, &b)| {
        if big {
            (v << 8) | u32::from(b)
        } else {
            v | (u32::from(b) << (8 * k))
        }
    });
    let text = match n {
        4 => format!(".word\t0x{v:08x}"),
        2 => format!(".short\t0x{v:04x}"),
        _ => format!(".byte\t0x{v:02x}"),
    };
    Some(libmc::Insn::data(vma, raw, text))
}

/// Whether a machine whose disassembler reads a whole 4-byte word finds fewer bytes left
/// (GNU's `perror_memory`: `Address 0x… is out of bounds.`, and the range ends there).
fn out_of_bounds(machine: libmc::Machine, left: usize) -> bool {
    use libmc::Machine as M;
    left < 4
        && matches!(
            machine,
            M::AArch64 | M::Ppc64 | M::Ppc32 | M::Mips32 | M::Mips64 | M::Sparc | M::Sparc64
        )
}

/// Writes out what a range has formatted so far (false: stop, the write failed).
type Flush<'f> = &'f mut dyn FnMut(&mut Vec<u8>) -> bool;

/// Format one range on this thread, writing its text out as it grows.
fn serial_job(
    ctx: &Ctx<'_, '_, '_>,
    dis: &Disassembler,
    job: &Job,
    failures: &mut Vec<String>,
    buf: &mut Vec<u8>,
    out: &mut dyn Write,
) -> io::Result<()> {
    buf.clear();
    let mut err = None;
    let mut flush = |b: &mut Vec<u8>| match out.write_all(b) {
        Ok(()) => {
            b.clear();
            true
        }
        Err(e) => {
            err = Some(e);
            false
        }
    };
    if let Some(e) = format_job(ctx, dis, job, buf, Some(&mut flush)) {
        failures.push(e);
    }
    if let Some(e) = err {
        return Err(e);
    }
    out.write_all(buf)
}

/// Append raw bytes `bytes[from..to]` as chunks of `bpc`, each followed by a space
/// (a chunk past `limit` prints as nothing but its space).
fn raw_chunks(
    out: &mut Vec<u8>,
    data: &[u8],
    from: usize,
    to: usize,
    bpc: usize,
    big: bool,
    limit: usize,
) {
    fn hex(out: &mut Vec<u8>, b: u8) {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        for nib in [b >> 4, b & 15] {
            out.push(HEX.get(usize::from(nib)).copied().unwrap_or(b'0'));
        }
    }
    let bpc = bpc.max(1);
    let mut j = from;
    while j < to {
        if j + bpc <= limit {
            if let Some(chunk) = data.get(j..j + bpc) {
                if big {
                    chunk.iter().for_each(|&b| hex(out, b));
                } else {
                    chunk.iter().rev().for_each(|&b| hex(out, b));
                }
            }
        }
        out.push(b' ');
        j += bpc;
    }
}

/// `disassemble_bytes` for one range; returns a message for a failure GNU reports.
fn format_job(
    ctx: &Ctx<'_, '_, '_>,
    dis: &Disassembler,
    job: &Job,
    out: &mut Vec<u8>,
    flush: Option<Flush<'_>>,
) -> Option<String> {
    format_range(ctx, dis, job, out, flush, &mut 0)
}

/// [`format_job`], telling in `end` where the last line shown ends (the first
/// instruction boundary at or after `job.stop`) when all went well.
fn format_range(
    ctx: &Ctx<'_, '_, '_>,
    dis: &Disassembler,
    job: &Job,
    out: &mut Vec<u8>,
    mut flush: Option<Flush<'_>>,
    end: &mut usize,
) -> Option<String> {
    let o = ctx.o;
    let sec = ctx.sec;
    let data = sec.data;
    if let Some(sym) = job.label {
        label_text(ctx, sym, ctx.sec.vma.wrapping_add(job.start), out);
    }
    let stop = usize::try_from(job.stop)
        .unwrap_or(data.len())
        .min(data.len());
    let mut pos = usize::try_from(job.start).unwrap_or(stop);
    let show_raw = if o.prefix_addresses {
        o.show_raw_insn == Some(true)
    } else {
        o.show_raw_insn != Some(false)
    };
    let insn_width = o
        .insn_width
        .map(|w| usize::try_from(w).unwrap_or(usize::MAX).clamp(1, 1 << 16));
    let mut opl = insn_width.unwrap_or(if job.insns { 4 } else { 16 });
    let mut rel_i = job.rel_start;
    let resolver = Addresses {
        ctx,
        reloc: Cell::new(None),
    };
    let mut text = String::with_capacity(128);
    let mut abuf = String::with_capacity(24);
    let mut prev_delay = false;
    // The range's end (a part of a split range stops before it).
    let range_end = usize::try_from(job.decode_to)
        .unwrap_or(data.len())
        .min(data.len());
    let decode_end = if !o.disassemble_all && sec.code {
        range_end
    } else {
        data.len()
    };
    let mut bpc = 1usize;
    // 32-bit Arm: the mode of each position (mapping symbols, else the range symbol's
    // Thumb bit) and a Thumb decoder beside the Arm one.
    let arm = ctx.arch.machine == libmc::Machine::Arm;
    let thumb_dis = arm.then(|| {
        Disassembler::new(Arch {
            machine: libmc::Machine::Thumb,
            ..ctx.arch
        })
    });
    let range_thumb = job
        .label
        .flatten()
        .and_then(|p| ctx.syms.at(p))
        // Before the first symbol the label names the next one: Arm state there, as GNU.
        .is_some_and(|s| {
            s.sym.sym.st_value & 1 != 0 && s.value & !1 <= sec.vma.wrapping_add(job.start)
        });
    // The instruction at a position: the Arm mode there and what decodes.
    let decode_at = |pos: usize, at: u64, res: &dyn Resolver| {
        let slice = data
            .get(pos..decode_end.max(pos + 1).min(data.len()))
            .unwrap_or_default();
        let addr = sec.vma.wrapping_add(pos as u64);
        let mode = if arm {
            arm_mapping(ctx, addr)
                .0
                .unwrap_or(if range_thumb { b't' } else { b'a' })
        } else {
            0
        };
        let dis_here = match (&thumb_dis, mode) {
            (Some(t), b't') => t,
            _ => dis,
        };
        let insn = if mode == b'd' {
            arm_data(ctx, slice, addr, stop - pos)
        } else {
            dis_here.decode(slice, at, res)
        };
        (mode, insn)
    };
    let mut arrows = if o.visualize_jumps != 0 && job.sym {
        jumps::find(ctx, job, stop, &decode_at)
    } else {
        None
    };
    while pos < stop {
        let mut octets;
        let mut need_nl = false;
        resolver.reloc.set(None);
        let zeros = if o.disassemble_zeroes {
            0
        } else {
            data.get(pos..stop)
                .unwrap_or_default()
                .iter()
                .take_while(|&&b| b == 0)
                .count()
        };
        if !o.disassemble_zeroes
            && !prev_delay
            && (zeros >= 8 || (pos + zeros == stop && zeros < 3))
        {
            octets = zeros;
            if pos + octets != stop {
                octets &= !3;
            }
            if o.file_offsets && pos + octets < stop {
                let msg = format!(
                    "\t... (skipping {} zeroes, resuming at file offset: 0x{:x})\n",
                    octets,
                    sec.file_offset + (pos + octets) as u64
                );
                out.extend_from_slice(msg.as_bytes());
            } else {
                out.extend_from_slice(b"\t...\n");
            }
        } else {
            let addr = sec.vma.wrapping_add(pos as u64);
            if let Some(l) = ctx.lines {
                l.show(sec.index, sec.vma, addr, out);
            }
            if o.no_addresses {
                out.push(b'\t');
            } else if !o.prefix_addresses {
                addr_column(ctx, addr, out);
                out.extend_from_slice(b":\t");
            } else {
                abuf.clear();
                ctx.syms_find_print(addr, &mut abuf);
                out.extend_from_slice(abuf.as_bytes());
                out.push(b' ');
            }
            if let Some(a) = arrows.as_mut() {
                a.draw(addr, out);
            }
            text.clear();
            let mut asc = [0u8; 64];
            let mut asc_len = 0;
            if job.insns {
                if ctx.hand_relocs {
                    if let Some(r) = ctx.rels.get(rel_i) {
                        let dist = r
                            .address
                            .wrapping_sub(ctx.rel_offset)
                            .wrapping_sub(pos as u64) as i64;
                        // Arm and AArch64 say a relocation may not start inside an
                        // instruction (`max_reloc_offset_into_insn` 0): only one at its
                        // first byte is the instruction's.
                        if dist == 0 {
                            resolver.reloc.set(Some(*r));
                        }
                    }
                }
                // With the relocation handed over, the printer ignores the pc (the field
                // is the addend): GNU's aarch64/arm printers decode at address 0.
                let at = if resolver.reloc.get().is_some() {
                    0
                } else {
                    addr
                };
                let (mode, decoded) = decode_at(pos, at, &resolver);
                let avail = decode_end.max(pos + 1).min(data.len()).saturating_sub(pos);
                if mode != b'd' && out_of_bounds(ctx.arch.machine, avail) {
                    let _ = writeln!(text, "Address 0x{addr:x} is out of bounds.");
                    out.extend_from_slice(text.as_bytes());
                    out.push(b'\n');
                    return None;
                }
                match decoded {
                    Some(insn) => {
                        octets = insn.len().max(1);
                        text.push_str(&insn.text);
                        prev_delay = ctx.layout.delay_slot
                            && matches!(
                                insn.flow,
                                Flow::Call | Flow::Jump | Flow::CondJump | Flow::Return
                            );
                        bpc = if mode == b'd' {
                            octets
                        } else if mode == b't' {
                            2
                        } else if ctx.layout.chunk_is_insn {
                            if octets % 4 == 0 {
                                4
                            } else {
                                2
                            }
                        } else {
                            ctx.layout.bytes_per_chunk
                        };
                    }
                    None => return Some("disassemble_fn returned length 0".to_owned()),
                }
                if insn_width.is_none() {
                    opl = ctx.layout.bytes_per_line;
                }
            } else {
                octets = opl.min(stop - pos);
                let bytes = data.get(pos..pos + octets).unwrap_or_default();
                for (slot, &b) in asc.iter_mut().zip(bytes) {
                    *slot = if (0x20..0x7f).contains(&b) { b } else { b'.' };
                    asc_len += 1;
                }
            }
            let mut pb = 0;
            let big = ctx.layout.chunk_big;
            if show_raw {
                pb = octets;
                if pb > opl && !o.prefix_addresses && !o.wide {
                    pb = opl;
                }
                raw_chunks(out, data, pos, pos + pb, bpc, big, range_end);
                let mut k = pb;
                while k < opl {
                    for _ in 0..bpc {
                        out.extend_from_slice(b"  ");
                    }
                    out.push(b' ');
                    k += bpc;
                }
                if job.insns {
                    out.push(b'\t');
                } else {
                    out.extend_from_slice(b"    ");
                }
            }
            if !job.insns {
                out.extend_from_slice(asc.get(..asc_len).unwrap_or_default());
            } else {
                out.extend_from_slice(text.as_bytes());
            }
            if show_raw {
                while pb < octets {
                    out.push(b'\n');
                    let j = pos + pb;
                    if o.no_addresses {
                        out.push(b'\t');
                    } else {
                        addr_column(ctx, sec.vma.wrapping_add(j as u64), out);
                        out.extend_from_slice(b":\t");
                    }
                    if let Some(a) = arrows.as_mut() {
                        a.draw(sec.vma.wrapping_add(j as u64), out);
                    }
                    pb = (pb + opl).min(octets);
                    raw_chunks(out, data, j, pos + pb, bpc, big, range_end);
                }
            }
            if !o.wide {
                out.push(b'\n');
            } else {
                need_nl = true;
            }
        }
        let end = ctx.rel_offset.wrapping_add((pos + octets) as u64);
        while let Some(r) = ctx.rels.get(rel_i) {
            if r.address >= end {
                break;
            }
            if ctx.show_rels {
                reloc_line(ctx, r, out);
                need_nl = false;
            }
            rel_i += 1;
        }
        if need_nl {
            out.push(b'\n');
        }
        pos += octets;
        if out.len() >= FLUSH_AT {
            if let Some(f) = flush.as_mut() {
                if !f(out) {
                    return None;
                }
            }
        }
    }
    *end = pos;
    None
}

/// The address column: `bfd_sprintf_vma`, `skip_addr_chars` dropped, leading zeros
/// as spaces.
fn addr_column(ctx: &Ctx<'_, '_, '_>, addr: u64, out: &mut Vec<u8>) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let (digits, v) = if ctx.c64 {
        (16, addr)
    } else {
        (8, addr & 0xffff_ffff)
    };
    let mut zeros = true;
    for k in (0..digits - ctx.skip_addr_chars.min(digits)).rev() {
        let d = ((v >> (4 * k)) & 15) as usize;
        if zeros && d == 0 && k != 0 {
            out.push(b' ');
        } else {
            zeros = false;
            out.push(HEX.get(d).copied().unwrap_or(b'0'));
        }
    }
}

/// One interleaved relocation line.
fn reloc_line(ctx: &Ctx<'_, '_, '_>, r: &Rel, out: &mut Vec<u8>) {
    let mut s = String::with_capacity(64);
    s.push_str(if ctx.o.wide { "\t" } else { "\t\t\t" });
    if !ctx.o.no_addresses {
        value_short(
            ctx.sec
                .vma
                .wrapping_sub(ctx.rel_offset)
                .wrapping_add(r.address),
            ctx.c64,
            &mut s,
        );
        s.push_str(": ");
    }
    let Some(namer) = ctx.rel_namer else {
        return;
    };
    match namer.howto(r.r_type) {
        Some(n) => {
            s.push_str(n);
            s.push('\t');
        }
        None => {
            let _ = write!(s, "{}\t", r.r_type);
        }
    }
    match namer.symbol_text(r) {
        Some(t) => s.push_str(&t),
        None => s.push_str(&namer.section_text(r)),
    }
    if r.addend != 0 {
        if r.addend < 0 {
            s.push_str("-0x");
            value_short(r.addend.unsigned_abs(), ctx.c64, &mut s);
        } else {
            s.push_str("+0x");
            value_short(r.addend as u64, ctx.c64, &mut s);
        }
    }
    s.push('\n');
    out.extend_from_slice(s.as_bytes());
}

impl Ctx<'_, '_, '_> {
    /// `--prefix-addresses`: the address with its symbol, the section required.
    fn syms_find_print(&self, addr: u64, out: &mut String) {
        if self.syms.is_empty() {
            return self.print_addr(addr, None, out);
        }
        match self.syms.find(addr, true) {
            Some((p, _)) => self.addr_with_sym(
                self.syms.at(p).map(|s| (s.sym, s.value)),
                Some(self.syms.label_at(p)),
                addr,
                false,
                out,
            ),
            None => self.addr_with_sym(None, None, addr, false, out),
        }
    }
}
