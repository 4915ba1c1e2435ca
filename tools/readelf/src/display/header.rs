//! `-h`: the ELF file header (GNU's `process_file_header`).

use std::io::{self, Write};

use libelf::consts::*;

use crate::util::{vma, Vma};
use crate::Cx;

pub mod flags;

/// GNU's `process_file_header`: print `-h`, and resolve extended numbering from
/// section 0 for everything after it.
pub fn process_file_header(cx: &mut Cx) -> io::Result<bool> {
    let h = cx.hdr;
    if h.e_ident.get(..4) != Some(&b"\x7fELF"[..]) {
        cx.diag.error(format_args!(
            "Not an ELF file - it has the wrong magic bytes at the start\n"
        ));
        return Ok(false);
    }
    let s0 = cx.shdrs.as_ref().and_then(|v| v.first()).copied();
    if cx.o.header {
        let mut w: Vec<u8> = Vec::with_capacity(2048);
        w.extend_from_slice(b"ELF Header:\n  Magic:   ");
        for b in h.e_ident {
            let _ = write!(w, "{b:02x} ");
        }
        w.push(b'\n');
        use libelf::names;
        let _ = writeln!(
            w,
            "  Class:                             {}",
            names::class_text(h.e_ident[EI_CLASS])
        );
        let _ = writeln!(
            w,
            "  Data:                              {}",
            names::data_text(h.e_ident[EI_DATA])
        );
        let _ = writeln!(
            w,
            "  Version:                           {}",
            names::version_text(h.e_ident[EI_VERSION])
        );
        let _ = writeln!(
            w,
            "  OS/ABI:                            {}",
            names::osabi_text(h.e_ident[EI_OSABI], h.e_machine)
        );
        let _ = writeln!(
            w,
            "  ABI Version:                       {}",
            h.e_ident[EI_ABIVERSION]
        );
        let ft = cx.file_type();
        let _ = writeln!(w, "  Type:                              {ft}");
        let _ = writeln!(
            w,
            "  Machine:                           {}",
            names::machine_text(h.e_machine)
        );
        let _ = writeln!(
            w,
            "  Version:                           0x{:x}",
            h.e_version
        );
        let _ = writeln!(
            w,
            "  Entry point address:               {}",
            vma(h.e_entry, Vma::PrefixHex, cx.is32())
        );
        let _ = writeln!(
            w,
            "  Start of program headers:          {} (bytes into file)",
            h.e_phoff as i64
        );
        let _ = writeln!(
            w,
            "  Start of section headers:          {} (bytes into file)",
            h.e_shoff as i64
        );
        let _ = writeln!(
            w,
            "  Flags:                             0x{:x}{}",
            h.e_flags,
            flags::machine_flags(cx, h.e_flags, h.e_machine)
        );
        let _ = writeln!(
            w,
            "  Size of this header:               {} (bytes)",
            h.e_ehsize
        );
        let _ = writeln!(
            w,
            "  Size of program headers:           {} (bytes)",
            h.e_phentsize
        );
        let _ = write!(w, "  Number of program headers:         {}", h.e_phnum);
        if let Some(s0) = s0 {
            if h.e_phnum == u32::from(PN_XNUM) && s0.sh_info != 0 {
                let _ = write!(w, " ({})", s0.sh_info);
            }
        }
        w.push(b'\n');
        let _ = writeln!(
            w,
            "  Size of section headers:           {} (bytes)",
            h.e_shentsize
        );
        let _ = write!(w, "  Number of section headers:         {}", h.e_shnum);
        if let Some(s0) = s0 {
            if cx.hdr.e_shnum == 0 {
                cx.hdr.e_shnum = s0.sh_size as u32;
                let _ = write!(w, " ({})", cx.hdr.e_shnum);
            }
        }
        w.push(b'\n');
        let _ = write!(w, "  Section header string table index: {}", h.e_shstrndx);
        if let Some(s0) = s0 {
            if cx.hdr.e_shstrndx == 0xffff {
                cx.hdr.e_shstrndx = s0.sh_link;
                let _ = write!(w, " ({})", cx.hdr.e_shstrndx);
            }
        }
        if cx.hdr.e_shstrndx != 0 && cx.hdr.e_shstrndx >= cx.hdr.e_shnum {
            cx.hdr.e_shstrndx = 0;
            w.extend_from_slice(b" <corrupt: out of range>");
        }
        w.push(b'\n');
        cx.out.write_all(&w)?;
    }
    if let Some(s0) = s0 {
        if cx.hdr.e_phnum == u32::from(PN_XNUM) && s0.sh_info != 0 {
            cx.phdrs = None;
            cx.hdr.e_phnum = s0.sh_info;
        }
        if cx.hdr.e_shnum == 0 {
            cx.hdr.e_shnum = s0.sh_size as u32;
        }
        if cx.hdr.e_shstrndx == 0xffff {
            cx.hdr.e_shstrndx = s0.sh_link;
        }
        if cx.hdr.e_shstrndx >= cx.hdr.e_shnum {
            cx.hdr.e_shstrndx = 0;
        }
    }
    Ok(true)
}
