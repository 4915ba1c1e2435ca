//! `-l`: program headers (GNU's `process_program_headers`).

use std::io::{self, Write};

use libelf::consts::*;
use libelf::read::{ProgramHeader, SectionHeader};

use crate::util::{vma, Vma};
use crate::Cx;

const PT_GNU_SFRAME: u32 = 0x6474_e554;
const PT_GNU_MBIND_LO: u32 = 0x6474_e555;
const PT_GNU_MBIND_HI: u32 = PT_GNU_MBIND_LO + 4096 - 1;

/// GNU's `ELF_TBSS_SPECIAL`.
pub fn tbss_special(s: &SectionHeader, p: &ProgramHeader) -> bool {
    s.sh_flags & u64::from(SHF_TLS) != 0 && s.sh_type == SHT_NOBITS && p.p_type != PT_TLS
}

/// GNU's `ELF_SECTION_IN_SEGMENT_1(sec, seg, check_vma = 1, strict)`.
pub fn section_in_segment(s: &SectionHeader, p: &ProgramHeader, strict: bool) -> bool {
    let tls = s.sh_flags & u64::from(SHF_TLS) != 0;
    let alloc = s.sh_flags & u64::from(SHF_ALLOC) != 0;
    let size = if tbss_special(s, p) { 0 } else { s.sh_size };
    let t = p.p_type;
    let tls_ok = (tls && (t == PT_TLS || t == PT_GNU_RELRO || t == PT_LOAD))
        || (!tls && t != PT_TLS && t != PT_PHDR);
    let alloc_ok = !(!alloc
        && (t == PT_LOAD
            || t == PT_DYNAMIC
            || t == PT_GNU_EH_FRAME
            || t == PT_GNU_STACK
            || t == PT_GNU_RELRO
            || t == PT_GNU_SFRAME
            || (PT_GNU_MBIND_LO..=PT_GNU_MBIND_HI).contains(&t)));
    let off = s.sh_offset.wrapping_sub(p.p_offset);
    let file_ok = s.sh_type == SHT_NOBITS
        || (s.sh_offset >= p.p_offset
            && (!strict || off <= p.p_filesz.wrapping_sub(1))
            && off.wrapping_add(size) <= p.p_filesz);
    let addr = s.sh_addr.wrapping_sub(p.p_vaddr);
    let vma_ok = !alloc
        || (s.sh_addr >= p.p_vaddr
            && (!strict || addr <= p.p_memsz.wrapping_sub(1))
            && addr.wrapping_add(size) <= p.p_memsz);
    let edge_ok = (t != PT_DYNAMIC && t != PT_NOTE)
        || s.sh_size != 0
        || p.p_memsz == 0
        || ((s.sh_type == SHT_NOBITS || (s.sh_offset > p.p_offset && off < p.p_filesz))
            && (!alloc || (s.sh_addr > p.p_vaddr && addr < p.p_memsz)));
    tls_ok && alloc_ok && file_ok && vma_ok && edge_ok
}

fn flags3(f: u32) -> [char; 3] {
    [
        if f & PF_R != 0 { 'R' } else { ' ' },
        if f & PF_W != 0 { 'W' } else { ' ' },
        if f & PF_X != 0 { 'E' } else { ' ' },
    ]
}

/// GNU's `process_program_headers`: print `-l` and locate the dynamic section and the
/// interpreter for the displays after it.
pub fn process_program_headers(cx: &mut Cx) -> io::Result<bool> {
    let o = cx.o;
    let is32 = cx.is32();
    if cx.hdr.e_phnum == 0 {
        cx.dynamic.addr = 0;
        cx.dynamic.size = 1;
        if cx.hdr.e_phoff != 0 {
            cx.diag.warn(format_args!(
                "possibly corrupt ELF header - it has a non-zero program header offset, but no program headers\n"
            ));
        } else if o.segments {
            writeln!(cx.out, "\nThere are no program headers in this file.")?;
        }
        return Ok(true);
    }
    let mut w: Vec<u8> = Vec::with_capacity(4096);
    if o.segments && !o.header {
        let _ = writeln!(w, "\nElf file type is {}", cx.file_type());
        let _ = writeln!(w, "Entry point 0x{:x}", cx.hdr.e_entry);
        let n = cx.hdr.e_phnum;
        if n == 1 {
            let _ = writeln!(
                w,
                "There is {n} program header, starting at offset {}",
                cx.hdr.e_phoff
            );
        } else {
            let _ = writeln!(
                w,
                "There are {n} program headers, starting at offset {}",
                cx.hdr.e_phoff
            );
        }
    }
    if !cx.load_program_headers() {
        cx.out.write_all(&w)?;
        cx.dynamic.addr = 0;
        cx.dynamic.size = 1;
        return Ok(true);
    }
    if o.segments {
        w.extend_from_slice(b"\nProgram Headers:\n");
        if is32 {
            w.extend_from_slice(
                b"  Type           Offset   VirtAddr   PhysAddr   FileSiz MemSiz  Flg Align\n",
            );
        } else if o.wide {
            w.extend_from_slice(
                b"  Type           Offset   VirtAddr           PhysAddr           FileSiz  MemSiz   Flg Align\n",
            );
        } else {
            w.extend_from_slice(
                b"  Type           Offset             VirtAddr           PhysAddr\n",
            );
            w.extend_from_slice(
                b"                 FileSiz            MemSiz              Flags  Align\n",
            );
        }
    }
    let phdrs = cx.phdrs.clone().unwrap_or_default();
    let (mut dynamic_addr, mut dynamic_size) = (0u64, 0u64);
    let mut previous_load = false;
    for (i, p) in phdrs.iter().enumerate() {
        if o.segments {
            let tn = libelf::names::segment_type_text(
                p.p_type,
                cx.hdr.e_machine,
                cx.hdr.e_ident[EI_OSABI],
            );
            let tn: String = tn.chars().take(14).collect();
            let _ = write!(w, "  {tn:<14} ");
            let [r, wr, x] = flags3(p.p_flags);
            if is32 {
                let _ = write!(
                    w,
                    "0x{:06x} 0x{:08x} 0x{:08x} 0x{:05x} 0x{:05x} {r}{wr}{x} {}",
                    p.p_offset,
                    p.p_vaddr,
                    p.p_paddr,
                    p.p_filesz,
                    p.p_memsz,
                    crate::util::alt_hex(p.p_align)
                );
            } else if o.wide {
                let _ = write!(
                    w,
                    "0x{:06x} {} {} 0x{:06x} 0x{:06x} {r}{wr}{x} {}",
                    p.p_offset,
                    vma(p.p_vaddr, Vma::FullHex, false),
                    vma(p.p_paddr, Vma::FullHex, false),
                    p.p_filesz,
                    p.p_memsz,
                    crate::util::alt_hex(p.p_align)
                );
            } else {
                let _ = write!(
                    w,
                    "{} {} {}\n                 {} {}  {r}{wr}{x}    {}",
                    vma(p.p_offset, Vma::FullHex, false),
                    vma(p.p_vaddr, Vma::FullHex, false),
                    vma(p.p_paddr, Vma::FullHex, false),
                    vma(p.p_filesz, Vma::FullHex, false),
                    vma(p.p_memsz, Vma::FullHex, false),
                    vma(p.p_align, Vma::PrefixHex, false)
                );
            }
            w.push(b'\n');
        }
        match p.p_type {
            PT_LOAD => {
                if p.p_memsz < p.p_filesz {
                    cx.diag.error(format_args!(
                        "the segment's file size is larger than its memory size\n"
                    ));
                }
                previous_load = true;
            }
            PT_PHDR => {
                if i > 0 && previous_load {
                    cx.diag.error(format_args!(
                        "the PHDR segment must occur before any LOAD segment\n"
                    ));
                }
                if cx.hdr.e_machine != EM_PARISC {
                    let covered = phdrs.iter().skip(1).any(|l| {
                        l.p_type == PT_LOAD
                            && l.p_offset <= p.p_offset
                            && l.p_offset.wrapping_add(l.p_filesz)
                                >= p.p_offset.wrapping_add(p.p_filesz)
                            && l.p_vaddr <= p.p_vaddr
                            && l.p_vaddr.wrapping_add(l.p_filesz)
                                >= p.p_vaddr.wrapping_add(p.p_filesz)
                    });
                    if !covered {
                        cx.diag.error(format_args!(
                            "the PHDR segment is not covered by a LOAD segment\n"
                        ));
                    }
                }
            }
            PT_DYNAMIC => {
                if dynamic_addr != 0 {
                    cx.diag
                        .error(format_args!("more than one dynamic segment\n"));
                }
                dynamic_addr = p.p_offset;
                dynamic_size = p.p_filesz;
                let mut skip_check = false;
                if cx.shdrs.is_some() {
                    match cx
                        .find_section(b".dynamic")
                        .and_then(|i| cx.sections().get(i).copied())
                    {
                        Some(sec) if sec.sh_size != 0 => {
                            if sec.sh_type == SHT_NOBITS {
                                dynamic_addr = 0;
                                dynamic_size = 0;
                                skip_check = true;
                            } else {
                                dynamic_addr = sec.sh_offset;
                                dynamic_size = sec.sh_size;
                                if o.checks
                                    && (dynamic_addr != p.p_offset || dynamic_size != p.p_filesz)
                                {
                                    cx.diag.warn(format_args!(
                                        "the .dynamic section is not the same as the dynamic segment\n"
                                    ));
                                }
                            }
                        }
                        _ => {
                            cx.diag.error(format_args!(
                                "no .dynamic section in the dynamic segment\n"
                            ));
                            skip_check = true;
                        }
                    }
                }
                if !skip_check
                    && (dynamic_addr > cx.file_size()
                        || dynamic_size > cx.file_size() - dynamic_addr)
                {
                    cx.diag.error(format_args!(
                        "the dynamic segment offset + size exceeds the size of the file\n"
                    ));
                    dynamic_addr = 0;
                    dynamic_size = 0;
                }
            }
            PT_INTERP => {
                let fs = cx.file_size();
                if p.p_offset >= fs
                    || p.p_filesz > fs - p.p_offset
                    || p.p_filesz.wrapping_sub(1) >= u64::MAX - 1
                {
                    cx.diag
                        .error(format_args!("Unable to find program interpreter name\n"));
                } else {
                    let bytes = cx
                        .data
                        .get(p.p_offset as usize..(p.p_offset + p.p_filesz) as usize)
                        .unwrap_or(&[]);
                    let name = bytes.split(|&b| b == 0).next().unwrap_or(bytes).to_vec();
                    if o.segments {
                        w.extend_from_slice(b"      [Requesting program interpreter: ");
                        w.extend_from_slice(&name);
                        w.extend_from_slice(b"]\n");
                    }
                    cx.dynamic.interpreter = Some(name);
                }
            }
            _ => {}
        }
    }
    if o.segments && cx.shdrs.is_some() && cx.string_table.is_some() {
        w.extend_from_slice(b"\n Section to Segment mapping:\n  Segment Sections...\n");
        let secs = cx.sections().to_vec();
        let shnum = cx.hdr.e_shnum as usize;
        for (i, p) in phdrs.iter().enumerate() {
            let _ = write!(w, "   {i:02}     ");
            for s in secs.iter().take(shnum).skip(1) {
                if !tbss_special(s, p) && section_in_segment(s, p, true) {
                    let _ = write!(w, "{} ", cx.printable_section_name(s));
                }
            }
            w.push(b'\n');
        }
    }
    cx.out.write_all(&w)?;
    cx.dynamic.addr = dynamic_addr;
    cx.dynamic.size = if dynamic_size != 0 { dynamic_size } else { 1 };
    Ok(true)
}
