//! `-s`, `--dyn-syms`, `-D -s`: symbol tables (GNU's `process_symbol_table`, which also
//! prints `-I`'s histograms), `--lto-syms` (`process_lto_symbol_tables`), and the
//! `DT_SYMINFO` table `-d` shows (`process_syminfo`).
//!
//! Tables can hold millions of symbols, so each line is built straight into one output
//! buffer with hand-rolled number formatting, and the buffer goes to the writer in large
//! blocks.

use std::io;

use libelf::consts::{
    DT_HASH, ELFOSABI_FREEBSD, ELFOSABI_GNU, ELFOSABI_HPUX, ELFOSABI_OPENVMS, ELFOSABI_SOLARIS,
    EM_AARCH64, EM_ALPHA, EM_ARM, EM_IA_64, EM_K1OM, EM_L1OM, EM_MIPS, EM_PARISC, EM_PPC64,
    EM_RISCV, EM_SPARCV9, EM_TI_C6000, EM_X86_64, SHT_DYNSYM, SHT_SYMTAB, STB_LOCAL, STT_SECTION,
};
use libelf::read::{SectionHeader, SymbolVersion};

use crate::display::histogram;
use crate::display::symtab_load::{self, cstr, ElfSym};
use crate::util::{print_symbol, SymbolStyle};
use crate::Cx;

mod lto;

pub use lto::process_lto_symbol_tables;

/// GNU's internal (`elf/internal.h`) reserved section indexes: `0xffffff00` and up.
const SHN_LORESERVE: u32 = 0xffff_ff00;
const SHN_HIPROC: u32 = 0xffff_ff1f;
const SHN_LOOS: u32 = 0xffff_ff20;
const SHN_HIOS: u32 = 0xffff_ff3f;
const SHN_ABS: u32 = 0xffff_fff1;
const SHN_COMMON: u32 = 0xffff_fff2;

/// GNU's `process_symbol_table`.
pub fn process_symbol_table(cx: &mut Cx) -> io::Result<bool> {
    let o = cx.o;
    // GNU's process_object turns -s and --dyn-syms off when the section headers could not
    // be processed, unless -D is given.
    let (syms, dyn_syms) = if cx.sections_ok || o.using_dynamic {
        (o.syms, o.dyn_syms)
    } else {
        (false, false)
    };
    if !syms && !dyn_syms && !o.histogram {
        return Ok(true);
    }
    let has_hash = cx.dynamic.tag(DT_HASH) != 0 || cx.dynamic.gnu_hash != 0;
    if has_hash
        && syms
        && o.using_dynamic
        && cx.dynamic.strings.is_some()
        && cx.dynamic.symbols.is_some()
    {
        dynamic_image_symbols(cx)?;
    } else if (dyn_syms || (syms && !o.using_dynamic)) && cx.shdrs.is_some() {
        section_symbols(cx, syms)?;
    } else if syms {
        writeln!(
            cx.out,
            "\nDynamic symbol information is not available for displaying symbols."
        )?;
    }
    histogram::print_histograms(cx)
}

/// `-D -s`: the symbols found through the dynamic tags.
fn dynamic_image_symbols(cx: &mut Cx) -> io::Result<()> {
    let symbols = cx.dynamic.symbols.take().unwrap_or_default();
    let strtab = cx.dynamic.strings;
    let n = symbols.len();
    let mut p = Printer::new(cx);
    p.buf
        .extend_from_slice(b"\nSymbol table for image contains ");
    put_udec(&mut p.buf, n as u64);
    p.buf
        .extend_from_slice(if n == 1 { b" entry:\n" } else { b" entries:\n" });
    p.column_header();
    let res = symbols
        .iter()
        .enumerate()
        .try_for_each(|(si, sym)| p.symbol(cx, si as u64, sym, None, strtab));
    cx.dynamic.symbols = Some(symbols);
    res?;
    p.finish(cx)
}

/// `-s`/`--dyn-syms`: every `SHT_SYMTAB` (with `-s`) and `SHT_DYNSYM` section.
fn section_symbols(cx: &mut Cx, syms: bool) -> io::Result<()> {
    let shnum = u64::from(cx.hdr.e_shnum);
    let mut p = Printer::new(cx);
    for i in 0..shnum as usize {
        let Some(sh) = cx.sections().get(i).copied() else {
            break;
        };
        if (sh.sh_type != SHT_SYMTAB && sh.sh_type != SHT_DYNSYM)
            || (!syms && sh.sh_type == SHT_SYMTAB)
        {
            continue;
        }
        let name = cx.printable_section_name(&sh);
        if sh.sh_entsize == 0 {
            p.buf.extend_from_slice(b"\nSymbol table '");
            p.buf.extend_from_slice(name.as_bytes());
            p.buf.extend_from_slice(b"' has a sh_entsize of zero!\n");
            continue;
        }
        let num_syms = sh.sh_size / sh.sh_entsize;
        p.buf.extend_from_slice(b"\nSymbol table '");
        p.buf.extend_from_slice(name.as_bytes());
        p.buf.extend_from_slice(b"' contains ");
        put_udec(&mut p.buf, num_syms);
        p.buf.extend_from_slice(if num_syms == 1 {
            b" entry:\n"
        } else {
            b" entries:\n"
        });
        p.column_header();
        // Errors from loading go to stderr; keep stdout in step first.
        p.flush(cx)?;
        let Some(symtab) = symtab_load::get_elf_symbols_at(cx, &sh, Some(i)) else {
            continue;
        };
        let strtab: Option<&[u8]> = if u64::from(sh.sh_link) == u64::from(cx.hdr.e_shstrndx) {
            cx.string_table
        } else if u64::from(sh.sh_link) < shnum {
            match cx.sections().get(sh.sh_link as usize).copied() {
                Some(ss) => cx.get_data(ss.sh_offset, 1, ss.sh_size, Some("string table")),
                None => None,
            }
        } else {
            None
        };
        for (si, sym) in symtab.iter().enumerate() {
            p.symbol(cx, si as u64, sym, Some(&sh), strtab)?;
        }
    }
    p.finish(cx)
}

/// Builds symbol lines into one buffer.
struct Printer {
    buf: Vec<u8>,
    scratch: Vec<u8>,
    style: SymbolStyle,
    is32: bool,
    sym_base: u32,
}

impl Printer {
    /// Flush the output buffer when it grows past this.
    const FLUSH_AT: usize = 1 << 16;

    fn new(cx: &Cx) -> Self {
        Printer {
            buf: Vec::with_capacity(Self::FLUSH_AT + 4096),
            scratch: Vec::with_capacity(64),
            style: SymbolStyle::of(cx.o),
            is32: cx.is32(),
            sym_base: cx.o.sym_base,
        }
    }

    fn flush(&mut self, cx: &mut Cx) -> io::Result<()> {
        if !self.buf.is_empty() {
            cx.out.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    fn finish(mut self, cx: &mut Cx) -> io::Result<()> {
        self.flush(cx)
    }

    fn column_header(&mut self) {
        self.buf.extend_from_slice(if self.is32 {
            b"   Num:    Value  Size Type    Bind   Vis      Ndx Name\n"
        } else {
            b"   Num:    Value          Size Type    Bind   Vis      Ndx Name\n"
        });
    }

    /// GNU's `print_dynamic_symbol`: one line for symbol `si`; `section` is the symbol
    /// table's section (`None` for the table found through the dynamic tags).
    fn symbol<'d>(
        &mut self,
        cx: &mut Cx<'_, 'd, '_>,
        si: u64,
        psym: &ElfSym,
        section: Option<&SectionHeader>,
        strtab: Option<&'d [u8]>,
    ) -> io::Result<()> {
        let buf = &mut self.buf;
        put_idec_w(buf, si as i64, 6);
        buf.extend_from_slice(b": ");
        put_hex_w(buf, psym.st_value, if self.is32 { 8 } else { 16 });
        buf.push(b' ');
        put_size(buf, psym.st_size, self.sym_base);
        let (machine, osabi) = (cx.hdr.e_machine, cx.hdr.e_ident[7]);
        buf.push(b' ');
        put_type(buf, psym.st_type(), machine, osabi);
        buf.push(b' ');
        put_binding(buf, psym.st_bind(), osabi);
        buf.push(b' ');
        if osabi == ELFOSABI_SOLARIS {
            let v: &[u8] = match psym.st_other {
                4 => b"EXPORTED",
                5 => b"SINGLETON",
                6 => b"ELIMINATE",
                o => visibility(cx, o),
            };
            put_left(buf, v, 7);
        } else {
            let vis = psym.st_visibility();
            put_left(buf, visibility(cx, vis), 7);
            let other = psym.st_other ^ vis;
            if other != 0 {
                buf.extend_from_slice(b" [");
                put_other(buf, cx, other);
                buf.extend_from_slice(b"] ");
            }
        }
        buf.push(b' ');
        // Already GNU's internal index: reserved values widened, `SHN_XINDEX` resolved
        // through `SHT_SYMTAB_SHNDX` (where 0xff00.. are ordinary section numbers).
        let shndx = psym.st_shndx;
        self.scratch.clear();
        put_index_type(
            &mut self.scratch,
            machine,
            osabi,
            u64::from(cx.hdr.e_shnum),
            shndx,
        );
        put_right(buf, &self.scratch, 4);
        buf.push(b' ');

        // The name runs to its NUL or the end of the table (GNU's `get_data` adds a NUL);
        // an offset at or past the end is `<corrupt>`.
        let sstr: &[u8] = if psym.st_type() == STT_SECTION
            && u64::from(shndx) < u64::from(cx.hdr.e_shnum)
            && cx.shdrs.is_some()
            && psym.st_name == 0
        {
            match (cx.sections().get(shndx as usize), cx.string_table) {
                (Some(sh), Some(t)) => t
                    .get(sh.sh_name as usize..)
                    .filter(|r| !r.is_empty())
                    .unwrap_or(b"<corrupt>"),
                _ => b"<corrupt>",
            }
        } else {
            match strtab {
                Some(t) => t
                    .get(psym.st_name as usize..)
                    .filter(|r| !r.is_empty())
                    .unwrap_or(b"<corrupt>"),
                None => b"<corrupt>",
            }
        };

        let is_dynsym = section.is_none_or(|s| s.sh_type == SHT_DYNSYM);
        let version = symtab_load::get_symbol_version_string(cx, is_dynsym, strtab, si, psym);

        let buf = &mut self.buf;
        let mut len_avail: i32 = 21;
        let vname = |v: &SymbolVersion<'d>| v.name.unwrap_or(b"<corrupt>");
        if !self.style.wide {
            if let Some(v) = &version {
                len_avail -= (v.separator().len() + vname(v).len()) as i32;
                if let Some(n) = v.needed {
                    len_avail -= 3 + dec_len(u64::from(n)) as i32;
                }
            }
        }
        put_name(buf, len_avail, sstr, self.style);
        if let Some(v) = &version {
            buf.extend_from_slice(v.separator().as_bytes());
            buf.extend_from_slice(vname(v));
            if let Some(n) = v.needed {
                buf.extend_from_slice(b" (");
                put_udec(buf, u64::from(n));
                buf.push(b')');
            }
        }
        buf.push(b'\n');

        if let Some(sec) = section {
            if psym.st_bind() == STB_LOCAL
                && si >= u64::from(sec.sh_info)
                && machine != EM_MIPS
                && osabi != ELFOSABI_SOLARIS
            {
                let name = cx.printable_section_name(sec);
                cx.diag.warn(format_args!(
                    "local symbol {si} found at index >= {name}'s sh_info value of {}\n",
                    sec.sh_info
                ));
            }
        }
        if self.buf.len() >= Self::FLUSH_AT {
            self.flush(cx)?;
        }
        Ok(())
    }
}

/// GNU's `print_symbol` on the NUL-terminated name at the start of `name`, with a fast
/// path for the usual name: printable ASCII that needs no demangling, padding or
/// truncation.
fn put_name(buf: &mut Vec<u8>, width: i32, name: &[u8], st: SymbolStyle) {
    let end = plain_len(name);
    if !st.demangle
        && width > 0
        && name.get(end).is_none_or(|&b| b == 0)
        && (st.wide || end <= width as usize)
    {
        buf.extend_from_slice(name.get(..end).unwrap_or(&[]));
        return;
    }
    print_symbol(buf, width, cstr(name, 0), st);
}

/// Length of the leading run of printable ASCII (0x20..0x7e) in `s`, eight bytes at a time.
fn plain_len(s: &[u8]) -> usize {
    const ONES: u64 = 0x0101_0101_0101_0101;
    const HIGH: u64 = 0x8080_8080_8080_8080;
    let mut i = 0;
    while let Some(chunk) = s.get(i..i + 8).and_then(|c| <[u8; 8]>::try_from(c).ok()) {
        let x = u64::from_le_bytes(chunk);
        // Some byte below 0x20, or at or above 0x7f.
        let low = x.wrapping_sub(ONES * 0x20) & !x & HIGH;
        let high = (x.wrapping_add(ONES) | x) & HIGH;
        if low | high != 0 {
            break;
        }
        i += 8;
    }
    while let Some(&b) = s.get(i) {
        if !(0x20..0x7f).contains(&b) {
            break;
        }
        i += 1;
    }
    i
}

/// GNU's `get_symbol_type`, padded as `%-7s`.
fn put_type(buf: &mut Vec<u8>, t: u8, machine: u16, osabi: u8) {
    let s: &[u8] = match t {
        0 => b"NOTYPE",
        1 => b"OBJECT",
        2 => b"FUNC",
        3 => b"SECTION",
        4 => b"FILE",
        5 => b"COMMON",
        6 => b"TLS",
        8 => b"RELC",
        9 => b"SRELC",
        13 if machine == EM_ARM => b"THUMB_FUNC",
        13 if machine == EM_SPARCV9 => b"REGISTER",
        13 if machine == EM_PARISC => b"PARISC_MILLI",
        11 if machine == EM_PARISC => b"HP_OPAQUE",
        12 if machine == EM_PARISC => b"HP_STUB",
        10 if osabi == ELFOSABI_GNU || osabi == ELFOSABI_FREEBSD => b"IFUNC",
        _ => return put_unnamed(buf, t, 7),
    };
    put_left(buf, s, 7);
}

/// A symbol type or binding `v` with no name: its class (processor or OS specific, or
/// unknown) and number, padded to `width`.
fn put_unnamed(buf: &mut Vec<u8>, v: u8, width: usize) {
    let start = buf.len();
    buf.extend_from_slice(match v {
        13..=15 => &b"<processor specific>: "[..],
        10..=12 => b"<OS specific>: ",
        _ => b"<unknown>: ",
    });
    put_udec(buf, u64::from(v));
    pad_to(buf, start, width);
}

/// GNU's `get_symbol_binding`, padded as `%-6s`.
fn put_binding(buf: &mut Vec<u8>, b: u8, osabi: u8) {
    let s: &[u8] = match b {
        0 => b"LOCAL",
        1 => b"GLOBAL",
        2 => b"WEAK",
        10 if osabi == ELFOSABI_GNU => b"UNIQUE",
        _ => return put_unnamed(buf, b, 6),
    };
    put_left(buf, s, 6);
}

/// GNU's `get_symbol_visibility`.
fn visibility(cx: &mut Cx, v: u8) -> &'static [u8] {
    match v {
        0 => b"DEFAULT",
        1 => b"INTERNAL",
        2 => b"HIDDEN",
        3 => b"PROTECTED",
        _ => {
            cx.diag
                .error(format_args!("Unrecognized visibility value: {v}\n"));
            b"<unknown>"
        }
    }
}

/// GNU's `get_symbol_other`: the machine-specific meaning of the other `st_other` bits
/// (`other` is non-zero).
fn put_other(buf: &mut Vec<u8>, cx: &mut Cx, other: u8) {
    let machine = cx.hdr.e_machine;
    let done = match machine {
        EM_ALPHA => {
            buf.extend_from_slice(match other {
                0x80 => &b"NOPV"[..],
                0x88 => b"STD GPLOAD",
                _ => {
                    cx.diag.error(format_args!(
                        "Unrecognized alpha specific other value: {other}\n"
                    ));
                    b"<unknown>"
                }
            });
            true
        }
        EM_AARCH64 if other & 0x80 != 0 => {
            buf.extend_from_slice(b"VARIANT_PCS");
            let rest = other & !0x80;
            if rest != 0 {
                buf.extend_from_slice(b" | ");
                put_hex(buf, u64::from(rest));
            }
            true
        }
        EM_MIPS => {
            let s: &[u8] = match other {
                4 => b"OPTIONAL",
                8 => b"MIPS PLT",
                0x20 => b"MIPS PIC",
                0x80 => b"MICROMIPS",
                0xa0 => b"MICROMIPS, MIPS PIC",
                0xf0 => b"MIPS16",
                _ => b"",
            };
            buf.extend_from_slice(s);
            !s.is_empty()
        }
        EM_IA_64 if cx.hdr.e_ident[7] == ELFOSABI_OPENVMS => {
            ia64_vms_other(buf, cx, other);
            true
        }
        EM_PPC64 if other & !(7 << 5) == 0 => {
            // Always true here: the local entry field is all there is.
            let mut v = u32::from(other >> 5);
            if v >= 2 {
                v = ((1u32 << v) >> 2) << 2;
            }
            buf.extend_from_slice(b"<localentry>: ");
            put_udec(buf, u64::from(v));
            true
        }
        EM_RISCV => {
            // GNU writes " VARIANT_CC", then overwrites the buffer with " %x" if other bits
            // remain, and prints it without the leading space.
            let rest = other & !0x80;
            if rest != 0 {
                put_hex(buf, u64::from(rest));
            } else {
                buf.extend_from_slice(b"VARIANT_CC");
            }
            true
        }
        _ => false,
    };
    if !done {
        buf.extend_from_slice(b"<other>: ");
        put_hex(buf, u64::from(other));
    }
}

/// GNU's `get_ia64_symbol_other` for OpenVMS.
fn ia64_vms_other(buf: &mut Vec<u8>, cx: &mut Cx, other: u8) {
    let mut parts: Vec<&[u8]> = Vec::new();
    if matches!(cx.hdr.e_type, 2 | 3) {
        let ft = (other & 0x30) >> 4;
        parts.push(match ft {
            0 => b"CA",
            1 => b"VEC",
            2 => b"FD",
            _ => b"RSV",
        });
    }
    parts.push(match (other & 0xc0) >> 6 {
        0 => b"IGN",
        1 => b"RSV",
        2 => b"STD",
        _ => b"LNK",
    });
    for (k, p) in parts.iter().enumerate() {
        if k > 0 {
            buf.push(b' ');
        }
        buf.extend_from_slice(p);
    }
}

/// GNU's `get_symbol_index_type` for an internal section index.
fn put_index_type(buf: &mut Vec<u8>, machine: u16, osabi: u8, shnum: u64, t: u32) {
    let s: &[u8] = match t {
        0 => b"UND",
        SHN_ABS => b"ABS",
        SHN_COMMON => b"COM",
        _ if t == SHN_LORESERVE && machine == EM_IA_64 && osabi == ELFOSABI_HPUX => b"ANSI_COM",
        _ if matches!(machine, EM_X86_64 | EM_L1OM | EM_K1OM) && t == SHN_LORESERVE + 2 => {
            b"LARGE_COM"
        }
        _ if (t == SHN_LORESERVE + 3 && machine == EM_MIPS)
            || (t == SHN_LORESERVE && machine == EM_TI_C6000) =>
        {
            b"SCOM"
        }
        _ if t == SHN_LORESERVE + 4 && machine == EM_MIPS => b"SUND",
        _ => {
            if t >= SHN_LORESERVE {
                buf.extend_from_slice(if t <= SHN_HIPROC {
                    b"PRC[0x"
                } else if (SHN_LOOS..=SHN_HIOS).contains(&t) {
                    b"OS [0x"
                } else {
                    b"RSV[0x"
                });
                put_hex_w(buf, u64::from(t & 0xffff), 4);
                buf.push(b']');
            } else if shnum != 0 && u64::from(t) >= shnum {
                buf.extend_from_slice(b"bad section index[");
                put_idec_w(buf, i64::from(t as i32), 3);
                buf.push(b']');
            } else {
                put_idec_w(buf, i64::from(t as i32), 3);
            }
            return;
        }
    };
    buf.extend_from_slice(s);
}

/// GNU's `print_dynamic_symbol_size`: the Size column in the `--sym-base` base.
fn put_size(buf: &mut Vec<u8>, v: u64, base: u32) {
    match base {
        8 => put_oct_w(buf, v, 5),
        10 => put_udec_w(buf, v, 5),
        16 => {
            buf.extend_from_slice(b"0x");
            put_hex_w(buf, v, 5);
        }
        _ => {
            if v <= 99999 {
                put_idec_w(buf, v as i64, 5);
            } else {
                buf.extend_from_slice(b"0x");
                put_hex(buf, v);
            }
        }
    }
}

/// GNU's `process_syminfo` (shown with `-d`).
pub fn process_syminfo(cx: &mut Cx) -> io::Result<bool> {
    let Some(syminfo) = cx.dynamic.syminfo.as_ref() else {
        return Ok(true);
    };
    if !cx.o.dynamic {
        return Ok(true);
    }
    let (Some(symbols), Some(strings)) = (cx.dynamic.symbols.as_ref(), cx.dynamic.strings) else {
        return Ok(false);
    };
    let style = SymbolStyle::of(cx.o);
    let nent = syminfo.len();
    let mut buf = Vec::with_capacity(64 * (nent + 2));
    buf.extend_from_slice(b"\nDynamic info segment at offset 0x");
    put_hex(&mut buf, cx.dynamic.syminfo_offset);
    buf.extend_from_slice(b" contains ");
    put_udec(&mut buf, nent as u64);
    buf.extend_from_slice(if nent == 1 {
        b" entry:\n"
    } else {
        b" entries:\n"
    });
    buf.extend_from_slice(b" Num: Name                           BoundTo     Flags\n");
    let dyn_name = |off: u64| -> Option<&[u8]> {
        ((off as usize) < strings.len() && off <= usize::MAX as u64).then(|| cstr(strings, off))
    };
    for (i, &(boundto, flags)) in syminfo.iter().enumerate() {
        put_idec_w(&mut buf, i as i64, 4);
        buf.extend_from_slice(b": ");
        match symbols.get(i) {
            None => buf.extend_from_slice(b"<corrupt index>"),
            Some(s) => match dyn_name(u64::from(s.st_name)) {
                Some(name) => {
                    print_symbol(&mut buf, 30, name, style);
                }
                None => {
                    buf.extend_from_slice(b"<corrupt: ");
                    put_idec_w(&mut buf, i64::from(s.st_name), 19);
                    buf.push(b'>');
                }
            },
        }
        buf.push(b' ');
        match boundto {
            0xffff => buf.extend_from_slice(b"SELF       "),
            0xfffe => buf.extend_from_slice(b"PARENT     "),
            _ => {
                let name = (boundto > 0)
                    .then(|| cx.dynamic.entries.get(usize::from(boundto)))
                    .flatten()
                    .and_then(|d| dyn_name(d.d_val));
                match name {
                    Some(name) => {
                        print_symbol(&mut buf, 10, name, style);
                        buf.push(b' ');
                    }
                    None => {
                        let start = buf.len();
                        put_udec(&mut buf, u64::from(boundto));
                        pad_to(&mut buf, start, 10);
                        buf.push(b' ');
                    }
                }
            }
        }
        for (bit, word) in [
            (1u16, &b" DIRECT"[..]),
            (2, b" PASSTHRU"),
            (4, b" COPY"),
            (8, b" LAZYLOAD"),
        ] {
            if flags & bit != 0 {
                buf.extend_from_slice(word);
            }
        }
        buf.push(b'\n');
    }
    cx.out.write_all(&buf)?;
    Ok(true)
}

// Number formatting, as printf does it, straight into the buffer.

/// The digits of `v` in `radix` (8, 10 or 16), right-aligned in a stack buffer; returns
/// the buffer and where the digits start.
fn digits(v: u64, radix: u64) -> ([u8; 24], usize) {
    // Constant divisors let the compiler use multiplications and shifts.
    match radix {
        8 => digits_in::<8>(v),
        16 => digits_in::<16>(v),
        _ => digits_in::<10>(v),
    }
}

fn digits_in<const R: u64>(mut v: u64) -> ([u8; 24], usize) {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut tmp = [b'0'; 24];
    let mut i = tmp.len();
    loop {
        i -= 1;
        if let Some(d) = tmp.get_mut(i) {
            *d = DIGITS.get((v % R) as usize).copied().unwrap_or(b'0');
        }
        v /= R;
        if v == 0 || i == 0 {
            break;
        }
    }
    (tmp, i)
}

/// Right-align `s` (and a leading `-` if `neg`) in `width` columns, padding with `fill`.
fn put_padded(buf: &mut Vec<u8>, neg: bool, s: &[u8], width: usize, fill: u8) {
    let len = s.len() + usize::from(neg);
    if fill == b'0' && neg {
        buf.push(b'-');
    }
    if len < width {
        buf.resize(buf.len() + width - len, fill);
    }
    if fill != b'0' && neg {
        buf.push(b'-');
    }
    buf.extend_from_slice(s);
}

/// `%u`.
pub(crate) fn put_udec(buf: &mut Vec<u8>, v: u64) {
    let (d, i) = digits(v, 10);
    buf.extend_from_slice(d.get(i..).unwrap_or(&[]));
}

/// Number of decimal digits of `v`.
fn dec_len(v: u64) -> usize {
    24 - digits(v, 10).1
}

/// `%*d`: right-aligned in `width`.
pub(crate) fn put_idec_w(buf: &mut Vec<u8>, v: i64, width: usize) {
    let (d, i) = digits(v.unsigned_abs(), 10);
    put_padded(buf, v < 0, d.get(i..).unwrap_or(&[]), width, b' ');
}

/// `%*u`: right-aligned in `width`.
fn put_udec_w(buf: &mut Vec<u8>, v: u64, width: usize) {
    let (d, i) = digits(v, 10);
    put_padded(buf, false, d.get(i..).unwrap_or(&[]), width, b' ');
}

/// `%*o`: right-aligned in `width`.
fn put_oct_w(buf: &mut Vec<u8>, v: u64, width: usize) {
    let (d, i) = digits(v, 8);
    put_padded(buf, false, d.get(i..).unwrap_or(&[]), width, b' ');
}

/// `%x`.
pub(crate) fn put_hex(buf: &mut Vec<u8>, v: u64) {
    put_hex_w(buf, v, 1);
}

/// `%0*x`: at least `min` digits, zero-padded.
pub(crate) fn put_hex_w(buf: &mut Vec<u8>, v: u64, min: usize) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    if min == 16 || (min == 8 && v <= u64::from(u32::MAX)) {
        // The common fixed-width case: every nibble, most significant first.
        for k in (0..min).rev() {
            let nib = (v >> (4 * k)) & 0xf;
            buf.push(HEX.get(nib as usize).copied().unwrap_or(b'0'));
        }
        return;
    }
    let (d, i) = digits(v, 16);
    put_padded(buf, false, d.get(i..).unwrap_or(&[]), min, b'0');
}

/// Left-align what was written since `start` in `width` columns.
fn pad_to(buf: &mut Vec<u8>, start: usize, width: usize) {
    let len = buf.len() - start;
    if len < width {
        buf.resize(buf.len() + width - len, b' ');
    }
}

/// `%-*s`.
fn put_left(buf: &mut Vec<u8>, s: &[u8], width: usize) {
    buf.extend_from_slice(s);
    if s.len() < width {
        buf.resize(buf.len() + width - s.len(), b' ');
    }
}

/// `%*s`.
fn put_right(buf: &mut Vec<u8>, s: &[u8], width: usize) {
    if s.len() < width {
        buf.resize(buf.len() + width - s.len(), b' ');
    }
    buf.extend_from_slice(s);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The name column of `--dyn-syms -W` (versions included) agrees with libsymtab's
    /// `readelf_name` on every fixture. Ours follows GNU through the dynamic tags,
    /// libsymtab reads the version sections; on well-formed files they must agree.
    #[test]
    fn versions_agree_with_libsymtab() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data");
        let entries = std::fs::read_dir(&dir).unwrap();
        let mut checked = 0;
        for e in entries.flatten() {
            let path = e.path();
            let Ok(data) = std::fs::read(&path) else {
                continue;
            };
            let Ok(file) = libelf::ElfFile::parse(&data) else {
                continue;
            };
            let Ok(symtab) = libsymtab::Symtab::parse(&file) else {
                continue;
            };
            let Some(dynsym) = symtab.dynsym() else {
                continue;
            };
            let args = vec![
                "--dyn-syms".to_string(),
                "-W".to_string(),
                path.to_string_lossy().into_owned(),
            ];
            let (mut out, mut err) = (Vec::new(), Vec::new());
            crate::run(&args, &mut out, &mut err);
            let text = String::from_utf8_lossy(&out);
            let lines: Vec<&str> = text
                .lines()
                .skip_while(|l| !l.starts_with("Symbol table '.dynsym'"))
                .skip(2)
                .take_while(|l| !l.is_empty())
                .collect();
            assert_eq!(lines.len(), dynsym.len(), "{}", path.display());
            for (line, sym) in lines.iter().zip(dynsym.iter()) {
                let want = String::from_utf8_lossy(&sym.readelf_name()).into_owned();
                assert!(
                    line.ends_with(&format!(" {want}")),
                    "{}: {line:?} vs {want:?}",
                    path.display()
                );
            }
            checked += 1;
        }
        assert!(checked > 0, "no fixture with dynamic symbols");
    }

    fn s(f: impl FnOnce(&mut Vec<u8>)) -> String {
        let mut v = Vec::new();
        f(&mut v);
        String::from_utf8(v).unwrap_or_default()
    }

    #[test]
    fn numbers() {
        assert_eq!(s(|b| put_idec_w(b, 7, 6)), "     7");
        assert_eq!(s(|b| put_idec_w(b, -7, 3)), " -7");
        assert_eq!(s(|b| put_idec_w(b, 1234567, 6)), "1234567");
        assert_eq!(s(|b| put_hex_w(b, 0x1234, 16)), "0000000000001234");
        assert_eq!(s(|b| put_hex_w(b, u64::MAX, 8)), "ffffffffffffffff");
        assert_eq!(s(|b| put_hex(b, 0)), "0");
        assert_eq!(s(|b| put_hex(b, 0xabc)), "abc");
        assert_eq!(s(|b| put_oct_w(b, 8, 1)), "10");
        assert_eq!(s(|b| put_hex_w(b, 0x123, 5)), "00123");
        assert_eq!(s(|b| put_hex_w(b, 0x1_0000_0000, 8)), "100000000");
        assert_eq!(s(|b| put_udec(b, u64::MAX)), "18446744073709551615");
        assert_eq!(dec_len(0), 1);
        assert_eq!(dec_len(10), 2);
    }

    #[test]
    fn sizes() {
        assert_eq!(s(|b| put_size(b, 24, 0)), "   24");
        assert_eq!(s(|b| put_size(b, 100000, 0)), "0x186a0");
        assert_eq!(s(|b| put_size(b, 24, 16)), "0x00018");
        assert_eq!(s(|b| put_size(b, 24, 8)), "   30");
        assert_eq!(s(|b| put_size(b, 123456, 10)), "123456");
    }

    #[test]
    fn names() {
        assert_eq!(s(|b| put_type(b, 2, EM_X86_64, 0)), "FUNC   ");
        assert_eq!(s(|b| put_type(b, 10, EM_X86_64, 0)), "<OS specific>: 10");
        assert_eq!(s(|b| put_type(b, 10, EM_X86_64, ELFOSABI_GNU)), "IFUNC  ");
        assert_eq!(s(|b| put_type(b, 13, EM_ARM, 0)), "THUMB_FUNC");
        assert_eq!(s(|b| put_type(b, 7, EM_ARM, 0)), "<unknown>: 7");
        assert_eq!(s(|b| put_binding(b, 10, ELFOSABI_GNU)), "UNIQUE");
        assert_eq!(s(|b| put_binding(b, 10, 0)), "<OS specific>: 10");
        assert_eq!(s(|b| put_binding(b, 2, 0)), "WEAK  ");
        assert_eq!(libelf::names::widen_shndx(0xfff1), SHN_ABS);
        let ndx = |m: u16, osabi: u8, shnum: u64, t: u16| {
            s(|b| put_index_type(b, m, osabi, shnum, libelf::names::widen_shndx(t)))
        };
        for (machine, osabi, shnum, shndx, want) in [
            (EM_X86_64, 0, 30, 0, "UND"),
            (EM_X86_64, 0, 30, 0xfff1, "ABS"),
            (EM_X86_64, 0, 30, 0xff02, "LARGE_COM"),
            (EM_MIPS, 0, 30, 0xff03, "SCOM"),
            (EM_MIPS, 0, 30, 0xff04, "SUND"),
            (EM_TI_C6000, 0, 30, 0xff00, "SCOM"),
            (EM_IA_64, ELFOSABI_HPUX, 30, 0xff00, "ANSI_COM"),
            (EM_ARM, 0, 30, 0xff01, "PRC[0xff01]"),
            (EM_ARM, 0, 30, 0xff21, "OS [0xff21]"),
            (EM_ARM, 0, 30, 0xffff, "RSV[0xffff]"),
            (EM_ARM, 0, 30, 7, "  7"),
            (EM_ARM, 0, 30, 31, "bad section index[ 31]"),
            (EM_ARM, 0, 0, 31, " 31"),
        ] {
            assert_eq!(
                ndx(machine, osabi, shnum, shndx),
                want,
                "{machine} {shndx:#x}"
            );
        }
        // An SHT_SYMTAB_SHNDX entry past 0xffff is just a number.
        assert_eq!(s(|b| put_index_type(b, EM_ARM, 0, 70001, 70000)), "70000");
        assert_eq!(plain_len(b"abcdefghijklmnop\0x"), 16);
        assert_eq!(plain_len(b"abcdefghij\x7fklmnop"), 10);
        assert_eq!(plain_len(b"abcdefgh\x1fijkl"), 8);
        assert_eq!(plain_len(b"ab\xffcdefghijkl"), 2);
        assert_eq!(plain_len(b"~~~~~~~~ "), 9);
    }
}
