//! `-S`, `-t`: section headers (GNU's `process_section_headers`), and loading the section
//! header table the way GNU does.

use std::io::{self, Write};

use libelf::consts::*;
use libelf::read::{parse_table, SectionHeader, Stride};

use crate::util::{vma, Vma};
use crate::Cx;

const SHF_GNU_MBIND: u64 = 0x0100_0000;
const EM_L1OM: u16 = 180;
const EM_K1OM: u16 = 181;
const EM_OLD_SPARCV9: u16 = 11;

/// Read `num` section headers GNU's way: `num * e_shentsize` bytes must be in the file,
/// and the records are decoded with their own size as stride (GNU reads an array of
/// external records). Warnings only when `probe` is false.
fn read_section_headers(cx: &mut Cx, probe: bool) -> bool {
    let size = u64::from(cx.hdr.e_shentsize);
    let num = if probe { 1 } else { u64::from(cx.hdr.e_shnum) };
    if size == 0 || num == 0 || cx.hdr.e_shoff == 0 {
        return false;
    }
    let rec = SectionHeader::size(cx.class()) as u64;
    if size < rec {
        if !probe {
            cx.diag.error(format_args!(
                "The e_shentsize field in the ELF header is less than the size of an ELF section header\n"
            ));
        }
        return false;
    }
    if !probe && size > rec {
        cx.diag.warn(format_args!(
            "The e_shentsize field in the ELF header is larger than the size of an ELF section header\n"
        ));
    }
    let reason = if probe { None } else { Some("section headers") };
    let Some(bytes) = cx.get_data(cx.hdr.e_shoff, size, num, reason) else {
        return false;
    };
    let Ok(v) =
        parse_table::<SectionHeader>(bytes, num as usize, Stride::Record, cx.class(), cx.endian())
    else {
        return false;
    };
    for (i, sh) in v.iter().enumerate() {
        if !probe && u64::from(sh.sh_link) > num {
            cx.diag.warn(format_args!(
                "Section {i} has an out of range sh_link value of {}\n",
                sh.sh_link
            ));
        }
        if !probe && sh.sh_flags & u64::from(SHF_INFO_LINK) != 0 && u64::from(sh.sh_info) > num {
            cx.diag.warn(format_args!(
                "Section {i} has an out of range sh_info value of {}\n",
                sh.sh_info
            ));
        }
    }
    cx.shdrs = Some(v);
    true
}

/// GNU's `get_section_headers(filedata, probe = true)`: section 0 only, quietly, for
/// extended numbering.
pub fn probe_section0(cx: &mut Cx) {
    read_section_headers(cx, true);
}

/// GNU's `get_section_headers(filedata, false)` (cached).
pub fn load_section_headers(cx: &mut Cx) -> bool {
    cx.shdrs.is_some() || read_section_headers(cx, false)
}

/// The name of a section type as GNU's `get_section_type_name` gives it.
pub fn type_name(cx: &Cx, sh_type: u32) -> String {
    libelf::names::section_type_text(sh_type, cx.hdr.e_machine, cx.hdr.e_ident[EI_OSABI])
        .into_owned()
}

/// GNU's `get_elf_section_flags`: letters (`-S`) or words (`-t`).
pub fn section_flags(cx: &Cx, flags: u64) -> String {
    let (machine, osabi) = (cx.hdr.e_machine, cx.hdr.e_ident[EI_OSABI]);
    if cx.o.section_details {
        libelf::names::section_flags_words(flags, machine, osabi, !cx.is32())
    } else {
        libelf::names::section_flags_letters(flags, machine, osabi)
    }
}

/// GNU's `CHECK_ENTSIZE_VALUES`.
fn check_entsize(cx: &mut Cx, i: usize, expected: u64) {
    let Some(sh) = cx.shdrs.as_mut().and_then(|v| v.get_mut(i)) else {
        return;
    };
    if sh.sh_entsize != expected {
        let got = sh.sh_entsize;
        sh.sh_entsize = expected;
        cx.diag.error(format_args!(
            "Section {i} has invalid sh_entsize of {got:x}\n"
        ));
        cx.diag.error(format_args!(
            "(Using the expected size of {expected:x} for the rest of this dump)\n"
        ));
    }
}

/// GNU's `process_section_headers`: load the headers and the name table, run GNU's
/// sanity checks, and print them for `-S`/`-t`.
pub fn process_section_headers(cx: &mut Cx) -> io::Result<bool> {
    let o = cx.o;
    if cx.hdr.e_shnum == 0 {
        if cx.hdr.e_shoff != 0 {
            cx.diag.warn(format_args!(
                "possibly corrupt ELF file header - it has a non-zero section header offset, but no section headers\n"
            ));
            return Ok(false);
        } else if o.sections {
            writeln!(cx.out, "\nThere are no sections in this file.")?;
        }
        return Ok(true);
    }
    if o.sections && !o.header {
        let n = cx.hdr.e_shnum;
        if n == 1 {
            writeln!(
                cx.out,
                "There is {n} section header, starting at offset {}:",
                crate::util::alt_hex(cx.hdr.e_shoff)
            )?;
        } else {
            writeln!(
                cx.out,
                "There are {n} section headers, starting at offset {}:",
                crate::util::alt_hex(cx.hdr.e_shoff)
            )?;
        }
    }
    if !load_section_headers(cx) {
        return Ok(false);
    }
    let shnum = u64::from(cx.hdr.e_shnum);
    let shstrndx = u64::from(cx.hdr.e_shstrndx);
    if shstrndx != 0 && shstrndx < shnum {
        if let Some(sh) = cx.sections().get(shstrndx as usize).copied() {
            if sh.sh_size != 0 {
                cx.string_table = cx.get_data(sh.sh_offset, 1, sh.sh_size, Some("string table"));
            }
        }
    }
    // Sanity checks that fill in file data, in section order.
    let is32 = cx.is32();
    let n = cx.sections().len();
    for i in 0..n {
        let Some(sh) = cx.sections().get(i).copied() else {
            break;
        };
        let (sym, rel, rela, relr) = if is32 {
            (16, 8, 12, 4)
        } else {
            (24, 16, 24, 8)
        };
        match sh.sh_type {
            SHT_DYNSYM => {
                if cx.dynamic.symbols.is_some() {
                    cx.diag.error(format_args!(
                        "File contains multiple dynamic symbol tables\n"
                    ));
                    continue;
                }
                check_entsize(cx, i, sym);
                let Some(sh) = cx.sections().get(i).copied() else {
                    break;
                };
                cx.dynamic.symbols = crate::display::symtab_load::get_elf_symbols(cx, &sh);
                cx.dynamic.symtab_section = Some(i);
            }
            SHT_STRTAB if cx.section_name_raw(&sh) == b".dynstr" => {
                if cx.dynamic.strings.is_some() {
                    cx.diag.error(format_args!(
                        "File contains multiple dynamic string tables\n"
                    ));
                    continue;
                }
                cx.dynamic.strings =
                    cx.get_data(sh.sh_offset, 1, sh.sh_size, Some("dynamic strings"));
                cx.dynamic.strtab_section = Some(i);
            }
            SHT_SYMTAB_SHNDX => cx.symtab_shndx.insert(0, i),
            SHT_SYMTAB => check_entsize(cx, i, sym),
            SHT_GROUP => check_entsize(cx, i, 4),
            SHT_REL | SHT_RELA => {
                check_entsize(cx, i, if sh.sh_type == SHT_REL { rel } else { rela });
                if o.checks && sh.sh_size == 0 {
                    let name = String::from_utf8_lossy(cx.section_name_raw(&sh)).into_owned();
                    cx.diag.warn(format_args!(
                        "Section '{name}': zero-sized relocation section\n"
                    ));
                }
            }
            SHT_RELR => check_entsize(cx, i, relr),
            SHT_NOTE | SHT_PROGBITS if o.checks && sh.sh_size == 0 => {
                let name = String::from_utf8_lossy(cx.section_name_raw(&sh)).into_owned();
                cx.diag.warn(format_args!(
                    "Section '{name}': has a size of zero - is this intended ?\n"
                ));
            }
            _ => {}
        }
    }
    // `-w`/`--debug-dump`: which sections the DWARF displays will show.
    if o.debugging || o.debug.any() {
        for i in 0..n {
            let Some(sh) = cx.sections().get(i).copied() else {
                break;
            };
            let name = cx.section_name(&sh).unwrap_or(b"");
            if o.debug.wants(name, o.debugging) {
                cx.debug_sects.push(i);
            }
        }
    }
    if !o.sections {
        return Ok(true);
    }
    print_section_headers(cx)?;
    Ok(true)
}

// The checks mirror GNU's two switch statements arm for arm; folding the inner `if`s into
// guards would let a type fall through to the arms after it.
#[allow(clippy::collapsible_match)]
fn print_section_headers(cx: &mut Cx) -> io::Result<()> {
    let o = cx.o;
    let (is32, wide, details) = (cx.is32(), o.wide, o.section_details);
    let shnum = u64::from(cx.hdr.e_shnum);
    let mut w: Vec<u8> = Vec::with_capacity(4096);
    if shnum > 1 {
        w.extend_from_slice(b"\nSection Headers:\n");
    } else {
        w.extend_from_slice(b"\nSection Header:\n");
    }
    let head: &[&str] = match (is32, wide, details) {
        (true, _, true) => &["  [Nr] Name", "       Type            Addr     Off    Size   ES   Lk Inf Al"],
        (true, _, false) => &["  [Nr] Name              Type            Addr     Off    Size   ES Flg Lk Inf Al"],
        (false, true, true) => &["  [Nr] Name", "       Type            Address          Off    Size   ES   Lk Inf Al"],
        (false, true, false) => {
            &["  [Nr] Name              Type            Address          Off    Size   ES Flg Lk Inf Al"]
        }
        (false, false, true) => &[
            "  [Nr] Name",
            "       Type              Address          Offset            Link",
            "       Size              EntSize          Info              Align",
        ],
        (false, false, false) => &[
            "  [Nr] Name              Type             Address           Offset",
            "       Size              EntSize          Flags  Link  Info  Align",
        ],
    };
    for h in head {
        w.extend_from_slice(h.as_bytes());
        w.push(b'\n');
    }
    if details {
        w.extend_from_slice(b"       Flags\n");
    }
    let secs: Vec<SectionHeader> = cx.sections().to_vec();
    let e_type = cx.hdr.e_type;
    let dynamic_obj = e_type == ET_EXEC || e_type == ET_DYN;
    let style = crate::util::SymbolStyle::of(o);
    for (i, sh) in secs.iter().enumerate() {
        let link_type = secs.get(sh.sh_link as usize).map(|s| s.sh_type);
        let link_bad = sh.sh_link == 0 || u64::from(sh.sh_link) >= shnum;
        match sh.sh_type {
            SHT_REL | SHT_RELA if sh.sh_link == 0 && dynamic_obj => {}
            SHT_REL | SHT_RELA | SHT_SYMTAB_SHNDX | SHT_GROUP | SHT_HASH | SHT_GNU_HASH
            | SHT_GNU_VERSYM => {
                if link_bad || !matches!(link_type, Some(SHT_SYMTAB | SHT_DYNSYM)) {
                    cx.diag.warn(format_args!(
                        "[{i:2}]: Link field ({}) should index a symtab section.\n",
                        sh.sh_link
                    ));
                }
            }
            SHT_DYNAMIC | SHT_SYMTAB | SHT_DYNSYM | SHT_GNU_VERNEED | SHT_GNU_VERDEF
            | SHT_GNU_LIBLIST => {
                if link_bad || link_type != Some(SHT_STRTAB) {
                    cx.diag.warn(format_args!(
                        "[{i:2}]: Link field ({}) should index a string section.\n",
                        sh.sh_link
                    ));
                }
            }
            SHT_INIT_ARRAY | SHT_FINI_ARRAY | SHT_PREINIT_ARRAY if sh.sh_link != 0 => {
                cx.diag.warn(format_args!(
                    "[{i:2}]: Unexpected value ({}) in link field.\n",
                    sh.sh_link
                ));
            }
            _ => {}
        }
        let info_type = secs.get(sh.sh_info as usize).map(|s| s.sh_type);
        match sh.sh_type {
            SHT_REL | SHT_RELA if sh.sh_info == 0 && dynamic_obj => {}
            SHT_REL | SHT_RELA => {
                let ok = sh.sh_info != 0
                    && u64::from(sh.sh_info) < shnum
                    && info_type.is_some_and(|t| {
                        matches!(
                            t,
                            SHT_PROGBITS
                                | SHT_NOBITS
                                | SHT_NOTE
                                | SHT_INIT_ARRAY
                                | SHT_FINI_ARRAY
                                | SHT_PREINIT_ARRAY
                        ) || t >= SHT_LOOS
                    });
                if !ok {
                    cx.diag.warn(format_args!(
                        "[{i:2}]: Info field ({}) should index a relocatable section.\n",
                        sh.sh_info
                    ));
                }
            }
            SHT_DYNAMIC | SHT_HASH | SHT_SYMTAB_SHNDX | SHT_INIT_ARRAY | SHT_FINI_ARRAY
            | SHT_PREINIT_ARRAY => {
                if sh.sh_info != 0 {
                    cx.diag.warn(format_args!(
                        "[{i:2}]: Unexpected value ({}) in info field.\n",
                        sh.sh_info
                    ));
                }
            }
            SHT_GROUP | SHT_SYMTAB | SHT_DYNSYM | SHT_NOBITS => {}
            _ if sh.sh_flags & u64::from(SHF_INFO_LINK) != 0 => {
                if sh.sh_info < 1 || u64::from(sh.sh_info) >= shnum {
                    cx.diag.warn(format_args!(
                        "[{i:2}]: Expected link to another section in info field"
                    ));
                }
            }
            _ if sh.sh_type < SHT_LOOS && sh.sh_flags & SHF_GNU_MBIND == 0 && sh.sh_info != 0 => {
                cx.diag.warn(format_args!(
                    "[{i:2}]: Unexpected value ({}) in info field.\n",
                    sh.sh_info
                ));
            }
            _ => {}
        }
        if sh.sh_size > cx.file_size()
            && sh.sh_type != SHT_NOBITS
            && sh.sh_type != SHT_NULL
            && sh.sh_type < SHT_LOOS
        {
            cx.diag.warn(format_args!(
                "Size of section {i} is larger than the entire file!\n"
            ));
        }

        let _ = write!(w, "  [{i:2}] ");
        if details {
            let _ = writeln!(w, "{}", cx.printable_section_name(sh));
            w.extend_from_slice(b"      ");
        } else {
            crate::util::print_symbol(&mut w, -17, cx.section_name_raw(sh), style);
        }
        let tn = type_name(cx, sh.sh_type);
        if wide {
            let _ = write!(w, " {tn:<15} ");
        } else {
            let t: String = tn.chars().take(15).collect();
            let _ = write!(w, " {t:<15} ");
        }
        let flags = if details {
            String::new()
        } else {
            section_flags(cx, sh.sh_flags)
        };
        if is32 {
            let _ = write!(
                w,
                "{} {:06x} {:06x} {:02x}",
                vma(sh.sh_addr, Vma::LongHex, true),
                sh.sh_offset,
                sh.sh_size,
                sh.sh_entsize
            );
            if details {
                w.extend_from_slice(b"  ");
            } else {
                let _ = write!(w, " {flags:>3} ");
            }
            let mut link_too_big: Option<&str> = None;
            if u64::from(sh.sh_link) >= shnum {
                link_too_big = Some("");
                if matches!(
                    cx.hdr.e_machine,
                    EM_386
                        | EM_IAMCU
                        | EM_X86_64
                        | EM_L1OM
                        | EM_K1OM
                        | EM_OLD_SPARCV9
                        | EM_SPARC32PLUS
                        | EM_SPARCV9
                        | EM_SPARC
                ) {
                    if sh.sh_link == 0xff00 {
                        link_too_big = Some("BEFORE");
                    } else if sh.sh_link == 0xff01 {
                        link_too_big = Some("AFTER");
                    }
                }
            }
            if details {
                match link_too_big {
                    Some(l) if !l.is_empty() => {
                        let _ = write!(w, "<{l}> ");
                    }
                    _ => {
                        let _ = write!(w, "{:2} ", sh.sh_link);
                    }
                }
                let _ = writeln!(w, "{:3} {:2}", sh.sh_info, sh.sh_addralign);
            } else {
                let _ = writeln!(w, "{:2} {:3} {:2}", sh.sh_link, sh.sh_info, sh.sh_addralign);
            }
            if link_too_big == Some("") {
                cx.diag.warn(format_args!(
                    "section {i}: sh_link value of {} is larger than the number of sections\n",
                    sh.sh_link
                ));
            }
        } else if wide {
            let _ = write!(w, "{}", vma(sh.sh_addr, Vma::LongHex, false));
            let _ = write!(w, " {:06x}", sh.sh_offset);
            let _ = write!(w, " {:06x}", sh.sh_size);
            let _ = write!(w, " {:02x}", sh.sh_entsize);
            if details {
                w.extend_from_slice(b"  ");
            } else {
                let _ = write!(w, " {flags:>3} ");
            }
            let _ = write!(w, "{:2} {:3} ", sh.sh_link, sh.sh_info);
            let _ = writeln!(w, "{:2}", sh.sh_addralign);
        } else if details {
            let _ = write!(w, " {}", vma(sh.sh_addr, Vma::LongHex, false));
            let _ = write!(w, "  {:016x}", sh.sh_offset);
            let _ = write!(w, "  {}\n       ", sh.sh_link);
            let _ = write!(
                w,
                "{} {}",
                vma(sh.sh_size, Vma::LongHex, false),
                vma(sh.sh_entsize, Vma::LongHex, false)
            );
            let _ = writeln!(w, "  {:<16}  {}", sh.sh_info, sh.sh_addralign);
        } else {
            let _ = write!(w, " {}", vma(sh.sh_addr, Vma::LongHex, false));
            let _ = write!(w, "  {:08x}", sh.sh_offset);
            let _ = write!(w, "\n       {}", vma(sh.sh_size, Vma::LongHex, false));
            let _ = write!(w, "  {}", vma(sh.sh_entsize, Vma::LongHex, false));
            let _ = write!(w, " {flags:>3} ");
            let _ = writeln!(
                w,
                "     {:2}   {:3}     {}",
                sh.sh_link, sh.sh_info, sh.sh_addralign
            );
        }
        if details {
            let _ = writeln!(w, "       {}", section_flags(cx, sh.sh_flags));
            if sh.sh_flags & u64::from(SHF_COMPRESSED) != 0 {
                if let Some(buf) = cx.get_data(sh.sh_offset, 1, 24, Some("compression header")) {
                    match libelf::compression::detect(sh, b"", buf, cx.class(), cx.endian()) {
                        Ok(Some(c)) => {
                            let h = c.header.unwrap_or_default();
                            let kind = match h.ch_type {
                                ELFCOMPRESS_ZLIB => "ZLIB, ".to_string(),
                                ELFCOMPRESS_ZSTD => "ZSTD, ".to_string(),
                                t => format!("[<unknown>: 0x{t:x}], "),
                            };
                            let _ = writeln!(
                                w,
                                "       {kind}{}, {}",
                                vma(h.ch_size, Vma::LongHex, is32),
                                h.ch_addralign
                            );
                        }
                        _ => w.extend_from_slice(b"       [<corrupt>]\n"),
                    }
                }
            }
        }
        if w.len() > 1 << 16 {
            cx.out.write_all(&w)?;
            w.clear();
        }
    }
    if !details {
        w.extend_from_slice(
            b"Key to Flags:\n  W (write), A (alloc), X (execute), M (merge), S (strings), I (info),\n  L (link order), O (extra OS processing required), G (group), T (TLS),\n  C (compressed), x (unknown), o (OS specific), E (exclude),\n  ",
        );
        match cx.hdr.e_ident[EI_OSABI] {
            ELFOSABI_GNU | ELFOSABI_FREEBSD => w.extend_from_slice(b"R (retain), D (mbind), "),
            0 => w.extend_from_slice(b"D (mbind), "),
            _ => {}
        }
        match cx.hdr.e_machine {
            EM_X86_64 | EM_L1OM | EM_K1OM => w.extend_from_slice(b"l (large), "),
            EM_ARM => w.extend_from_slice(b"y (purecode), "),
            EM_PPC => w.extend_from_slice(b"v (VLE), "),
            _ => {}
        }
        w.extend_from_slice(b"p (processor specific)\n");
    }
    cx.out.write_all(&w)
}
