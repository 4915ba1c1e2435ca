//! What more than one display reads, loaded once into the [`Cx`] GNU's way: the program
//! headers (`get_program_headers`), the dynamic section (`locate_dynamic_section`,
//! `get_dynamic_section`) and what `-h` and `-l` derive from it (`is_pie`).
//!
//! The records are decoded by libelf; the rules of where a table is and how far it goes
//! are GNU's (a program header table is read with the record's own stride whatever
//! `e_phentsize` says; the dynamic table stops at its first `DT_NULL`).

use libelf::consts::{DF_1_PIE, DT_FLAGS_1, ET_DYN, PT_DYNAMIC, SHT_NOBITS};
use libelf::read::{parse_table, Dyn, ProgramHeader, Stride};

use super::Cx;

impl Cx<'_, '_, '_> {
    /// Whether a REL/RELA section applies to section `idx` (the check behind GNU's "NOTE:
    /// This section has relocations against it" line, and before relocating a debug
    /// section).
    pub fn has_relocs(&self, idx: usize) -> bool {
        libdwarf::dump::relocations_apply(self.sections(), self.hdr.e_shnum as usize, idx)
    }

    /// GNU's `get_program_headers` (cached in [`Cx::phdrs`]): `e_phnum` records,
    /// checked against the file.
    pub fn load_program_headers(&mut self) -> bool {
        if self.phdrs.is_some() {
            return true;
        }
        let num = u64::from(self.hdr.e_phnum);
        let rec = ProgramHeader::size(self.class()) as u64;
        if num * rec >= self.file_size() {
            self.diag.error(format_args!(
                "Too many program headers - {:#x} - the file is not that big\n",
                self.hdr.e_phnum
            ));
            return false;
        }
        let size = u64::from(self.hdr.e_phentsize);
        if size == 0 || num == 0 {
            return false;
        }
        if size < rec {
            self.diag.error(format_args!(
                "The e_phentsize field in the ELF header is less than the size of an ELF program header\n"
            ));
            return false;
        }
        if size > rec {
            self.diag.warn(format_args!(
                "The e_phentsize field in the ELF header is larger than the size of an ELF program header\n"
            ));
        }
        let Some(bytes) = self.get_data(self.hdr.e_phoff, size, num, Some("program headers"))
        else {
            return false;
        };
        let (class, endian) = (self.class(), self.endian());
        self.phdrs = parse_table(bytes, num as usize, Stride::Record, class, endian).ok();
        self.phdrs.is_some()
    }

    /// GNU's `locate_dynamic_section`: the `.dynamic` section inside `PT_DYNAMIC`, or
    /// the segment itself; sets `dynamic.addr` and `dynamic.size` (at least 1).
    pub fn locate_dynamic_section(&mut self) {
        let (mut addr, mut size) = (0u64, 0u64);
        if self.hdr.e_phnum != 0 && self.load_program_headers() {
            let dynseg = self
                .phdrs
                .as_deref()
                .unwrap_or(&[])
                .iter()
                .find(|p| p.p_type == PT_DYNAMIC)
                .copied();
            if let Some(p) = dynseg {
                addr = p.p_offset;
                size = p.p_filesz;
                if self.shdrs.is_some() {
                    if let Some(sec) = self
                        .find_section(b".dynamic")
                        .and_then(|i| self.sections().get(i).copied())
                    {
                        if sec.sh_size == 0 || sec.sh_type == SHT_NOBITS {
                            addr = 0;
                            size = 0;
                        } else {
                            addr = sec.sh_offset;
                            size = sec.sh_size;
                        }
                    }
                }
                if addr > self.file_size() || size > self.file_size() - addr {
                    addr = 0;
                    size = 0;
                }
            }
        }
        self.dynamic.addr = addr;
        self.dynamic.size = if size != 0 { size } else { 1 };
    }

    /// GNU's `get_dynamic_section` (cached in `dynamic.entries`): the entries of the
    /// dynamic table at `dynamic.addr`, up to and including the first `DT_NULL`.
    pub fn get_dynamic_section(&mut self) -> bool {
        if self.dynamic.loaded {
            return true;
        }
        let Some(bytes) = self.get_data(
            self.dynamic.addr,
            1,
            self.dynamic.size,
            Some("dynamic section"),
        ) else {
            return false;
        };
        let (class, endian) = (self.class(), self.endian());
        let rec = Dyn::size(class);
        let mut v = Vec::new();
        let mut off = 0;
        while off + rec <= bytes.len() {
            let Ok(d) = Dyn::parse(bytes, off, class, endian) else {
                break;
            };
            v.push(d);
            off += rec;
            if d.d_tag == 0 {
                break;
            }
        }
        self.dynamic.entries = v;
        self.dynamic.loaded = true;
        true
    }

    /// GNU's `is_pie`: `DF_1_PIE` in the first `DT_FLAGS_1` entry.
    pub fn is_pie(&mut self) -> bool {
        if self.dynamic.size == 0 {
            self.locate_dynamic_section();
        }
        if self.dynamic.size <= 1 || !self.get_dynamic_section() {
            return false;
        }
        self.dynamic
            .entries
            .iter()
            .find(|d| d.d_tag as u64 == DT_FLAGS_1)
            .is_some_and(|d| d.d_val & DF_1_PIE != 0)
    }

    /// GNU's `get_file_type` (PIE told apart by `DF_1_PIE`), for `-h` and `-l`.
    pub fn file_type(&mut self) -> String {
        let pie = self.hdr.e_type == ET_DYN && self.is_pie();
        libelf::names::file_type_text(self.hdr.e_type, pie).into_owned()
    }
}
