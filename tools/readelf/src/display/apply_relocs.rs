//! Applying a relocatable object's relocations to a copy of a section's bytes, as GNU
//! readelf does for `-R`, for the notes and for the DWARF dumps of `.o` files (GNU's
//! `apply_relocations`), through [`libelf::reloc`] with GNU readelf's options: its set of
//! relocation types, any other type reported once ("unable to apply unsupported reloc
//! type …") and skipped. What GNU keeps in function-local statics for the whole run is a
//! [`libelf::reloc::State`] the caller owns (`RunState::relocs`, reached as `cx.run.relocs`).

use libelf::consts::{EM_CYGNUS_MN10300, EM_MIPS, EM_MN10300, EM_MSP430, EM_MSP430_OLD, EM_RL78};
use libelf::read::Reloc;
use libelf::reloc::{Options, Problem, Rel, Relocator, Sym, Target};

use crate::display::symtab_load::get_elf_symbols_at;
use crate::util::alt_hex as hash_x;
use crate::Cx;

const ET_REL: u16 = 1;
const SHT_SYMTAB: u32 = 2;
const SHT_RELA: u32 = 4;
const SHT_REL: u32 = 9;
const SHT_DYNSYM: u32 = 11;

/// A relocation as GNU's `Elf_Internal_Rela` holds it: the addend is 0 for REL, and for
/// 64-bit little-endian MIPS `r_info` is already rearranged so that the type is the low
/// byte and the symbol the high word.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rela {
    /// `r_offset`.
    pub r_offset: u64,
    /// `r_info`.
    pub r_info: u64,
    /// `r_addend` (sign-extended), 0 for REL.
    pub r_addend: i64,
}

/// The relocation target `cx` describes.
fn target(cx: &Cx) -> Target {
    Target {
        flags: cx.hdr.e_flags,
        osabi: cx.hdr.e_ident[7],
        ..Target::new(cx.hdr.e_machine, cx.class(), cx.endian())
    }
}

/// GNU's `get_reloc_type`.
pub fn reloc_type(cx: &Cx, r_info: u64) -> u32 {
    target(cx).r_type(r_info)
}

/// GNU's `get_reloc_symindex`.
pub fn reloc_symindex(cx: &Cx, r_info: u64) -> u64 {
    target(cx).r_sym(r_info)
}

/// GNU's `slurp_rela_relocs`/`slurp_rel_relocs`: the relocations in `size` bytes at
/// `offset`, or `None` (with GNU's error) if they are not in the file.
pub fn slurp_relocs(cx: &mut Cx, offset: u64, size: u64, rela: bool) -> Option<Vec<Rela>> {
    let reason = if cx.is32() {
        "32-bit relocation data"
    } else {
        "64-bit relocation data"
    };
    let bytes = cx.get_data(offset, 1, size, Some(reason))?;
    let (class, endian) = (cx.class(), cx.endian());
    let ent = Reloc::size(rela, class);
    let mips64el = !cx.is32() && cx.hdr.e_machine == EM_MIPS && cx.hdr.e_ident[5] != 2;
    let n = bytes.len() / ent;
    let mut v = Vec::with_capacity(n);
    for i in 0..n {
        let Ok(r) = Reloc::parse(bytes, i * ent, rela, class, endian) else {
            break;
        };
        let mut info = r.r_info;
        if mips64el {
            info = ((info & 0xffff_ffff) << 32)
                | ((info >> 56) & 0xff)
                | ((info >> 40) & 0xff00)
                | ((info >> 24) & 0x00ff_0000)
                | ((info >> 8) & 0xff00_0000);
        }
        v.push(Rela {
            r_offset: r.r_offset,
            r_info: info,
            r_addend: r.r_addend.unwrap_or(0),
        });
    }
    Some(v)
}

/// GNU's `apply_relocations`: apply to `buf` (the contents of section `section`) the
/// relocations of the first REL/RELA section that targets it, in a relocatable object.
///
/// Returns the relocations applied (empty when the file is not `ET_REL` or nothing
/// targets the section), or `None` when GNU's returns false (the reloc section's link
/// is not a symbol table, or its relocations cannot be read).
pub fn apply_relocations(cx: &mut Cx, section: usize, buf: &mut [u8]) -> Option<Vec<Rela>> {
    if cx.hdr.e_type != ET_REL {
        return Some(Vec::new());
    }
    let shnum = cx.hdr.e_shnum as usize;
    for ri in 0..shnum {
        let Some(relsec) = cx.sections().get(ri).copied() else {
            break;
        };
        if (relsec.sh_type != SHT_RELA && relsec.sh_type != SHT_REL)
            || relsec.sh_info as usize >= shnum
            || relsec.sh_info as usize != section
            || relsec.sh_size == 0
            || relsec.sh_link as usize >= shnum
        {
            continue;
        }
        let symsec = cx.sections().get(relsec.sh_link as usize).copied()?;
        if symsec.sh_type != SHT_SYMTAB && symsec.sh_type != SHT_DYNSYM {
            return None;
        }
        let is_rela = relsec.sh_type == SHT_RELA;
        let relocs = slurp_relocs(cx, relsec.sh_offset, relsec.sh_size, is_rela)?;
        let syms =
            get_elf_symbols_at(cx, &symsec, Some(relsec.sh_link as usize)).unwrap_or_default();
        let t = target(cx);
        let rels: Vec<Rel> = relocs
            .iter()
            .map(|r| Rel {
                offset: r.r_offset,
                r_type: t.r_type(r.r_info),
                sym: t.r_sym(r.r_info),
                addend: is_rela.then_some(r.r_addend),
            })
            .collect();
        let symbol = |i: u64| {
            let s = syms.get(usize::try_from(i).ok()?)?;
            Some(Sym {
                value: s.st_value,
                st_type: s.st_type(),
            })
        };
        let mut problems = Vec::new();
        Relocator::new(t, Options::readelf(), &mut cx.run.relocs).apply(
            buf,
            0,
            &rels,
            symbol,
            |p| problems.push(p),
        );
        for p in problems {
            report(cx, section, &relsec, p);
        }
        return Some(relocs);
    }
    Some(Vec::new())
}

/// GNU's message for a relocation it could not apply.
fn report(cx: &mut Cx, section: usize, relsec: &libelf::read::SectionHeader, p: Problem) {
    let m = cx.hdr.e_machine;
    // The pairs' messages name the machine as GNU's do.
    let pair = match m {
        EM_MSP430 | EM_MSP430_OLD => "MSP430",
        EM_MN10300 | EM_CYGNUS_MN10300 => "MN10300",
        EM_RL78 => "RL78",
        _ => "",
    };
    match p {
        Problem::UnknownMachine { machine } => cx.diag.error(format_args!(
            "Missing knowledge of 32-bit reloc types used in DWARF sections of machine number {machine}\n"
        )),
        Problem::Unsupported { r_type } => {
            let name = section_name(cx, section);
            cx.diag.warn(format_args!(
                "unable to apply unsupported reloc type {} to section {name}\n",
                r_type as i32
            ));
        }
        Problem::BadOffset { offset } => {
            let name = section_name(cx, section);
            cx.diag.warn(format_args!(
                "skipping invalid relocation offset {} in section {name}\n",
                hash_x(offset)
            ));
        }
        Problem::BadSymbol { index } => {
            let name = section_name(cx, section);
            cx.diag.warn(format_args!(
                "skipping invalid relocation symbol index {} in section {name}\n",
                hash_x(index)
            ));
        }
        Problem::UnexpectedSymbolType { number, st_type } => {
            let tn = libelf::names::symbol_type_text(st_type, cx.hdr.e_machine, cx.hdr.e_ident[7]);
            let rname = cx.printable_section_name(relsec);
            cx.diag.warn(format_args!(
                "skipping unexpected symbol type {tn} in section {rname} relocation {number}\n"
            ));
        }
        Problem::PairFirstBadSymbol { index } => {
            let what = match pair {
                "MSP430" => "MSP430 SYM_DIFF",
                "MN10300" => "MN10300_SYM_DIFF",
                _ => "RL78_SYM",
            };
            cx.diag.error(format_args!(
                "{what} reloc contains invalid symbol index {index}\n"
            ));
        }
        Problem::PairBadSymbol { index } => cx.diag.error(format_args!(
            "{pair} reloc contains invalid symbol index {index}\n"
        )),
        Problem::PairBadOffset { offset } => cx.diag.error(format_args!(
            "{pair} sym diff reloc contains invalid offset: {}\n",
            hash_x(offset)
        )),
        Problem::PairBadUleb { offset } => cx.diag.error(format_args!(
            "MSP430 ULEB128 field at {} contains invalid ULEB128 value\n",
            hash_x(offset)
        )),
        Problem::PairUnhandled => cx.diag.error(format_args!(
            "Unhandled {pair} reloc type found after SYM_DIFF reloc\n"
        )),
        _ => {}
    }
}

fn section_name(cx: &Cx, section: usize) -> String {
    cx.sections()
        .get(section)
        .map(|s| cx.printable_section_name(s))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use libelf::consts::{EM_386, EM_AARCH64, EM_ARM, EM_PPC64, EM_RISCV, EM_S390, EM_X86_64};
    use libelf::read::SectionHeader;

    /// A minimal relocatable object: `.data` (the given bytes), one REL or RELA section
    /// against it, a symbol table with one symbol (value 0x1000, type `st_type`), and the
    /// section name table.
    struct Obj {
        is64: bool,
        big: bool,
        machine: u16,
        rela: bool,
        data: Vec<u8>,
        /// (offset, type, symbol, addend)
        relocs: Vec<(u64, u32, u32, i64)>,
        st_type: u8,
    }

    impl Obj {
        fn bytes(&self) -> Vec<u8> {
            let (is64, big) = (self.is64, self.big);
            let mut v: Vec<u8> = Vec::new();
            let put = |v: &mut Vec<u8>, x: u64, n: usize| {
                for i in 0..n {
                    let sh = if big { 8 * (n - 1 - i) } else { 8 * i };
                    v.push((x >> sh) as u8);
                }
            };
            let w = if is64 { 8 } else { 4 };
            let ehsize = if is64 { 64 } else { 52 };
            // Section contents after the header.
            let mut body = Vec::new();
            let data_off = ehsize;
            body.extend_from_slice(&self.data);
            let rel_off = data_off + body.len() as u64;
            for &(off, t, sym, addend) in &self.relocs {
                put(&mut body, off, w);
                let info = if is64 {
                    if self.machine == EM_MIPS && !big {
                        // sym (LE word), ssym, type3, type2, type as bytes.
                        u64::from(sym) | (u64::from(t) << 56)
                    } else {
                        (u64::from(sym) << 32) | u64::from(t)
                    }
                } else {
                    (u64::from(sym) << 8) | u64::from(t & 0xff)
                };
                put(&mut body, info, w);
                if self.rela {
                    put(&mut body, addend as u64, w);
                }
            }
            let rel_size = data_off + body.len() as u64 - rel_off;
            let sym_off = data_off + body.len() as u64;
            let symsz = if is64 { 24 } else { 16 };
            body.extend(std::iter::repeat_n(0, symsz));
            if is64 {
                put(&mut body, 0, 4);
                body.push(self.st_type);
                body.push(0);
                put(&mut body, 1, 2);
                put(&mut body, 0x1000, 8);
                put(&mut body, 0, 8);
            } else {
                put(&mut body, 0, 4);
                put(&mut body, 0x1000, 4);
                put(&mut body, 0, 4);
                body.push(self.st_type);
                body.push(0);
                put(&mut body, 1, 2);
            }
            let str_off = data_off + body.len() as u64;
            let names = b"\0.data\0.rel\0.symtab\0.shstrtab\0";
            body.extend_from_slice(names);
            while body.len() % 8 != 0 {
                body.push(0);
            }
            let shoff = data_off + body.len() as u64;
            // ELF header.
            v.extend_from_slice(b"\x7fELF");
            v.push(if is64 { 2 } else { 1 });
            v.push(if big { 2 } else { 1 });
            v.push(1);
            v.extend_from_slice(&[0; 9]);
            put(&mut v, 1, 2); // ET_REL
            put(&mut v, u64::from(self.machine), 2);
            put(&mut v, 1, 4);
            put(&mut v, 0, w);
            put(&mut v, 0, w);
            put(&mut v, shoff, w);
            put(&mut v, 0, 4);
            put(&mut v, ehsize, 2);
            put(&mut v, 0, 2);
            put(&mut v, 0, 2);
            put(&mut v, if is64 { 64 } else { 40 }, 2);
            put(&mut v, 5, 2);
            put(&mut v, 4, 2);
            v.extend_from_slice(&body);
            let rel_type = if self.rela { SHT_RELA } else { SHT_REL };
            let relent = match (is64, self.rela) {
                (true, true) => 24,
                (true, false) => 16,
                (false, true) => 12,
                (false, false) => 8,
            };
            let secs: [(u32, u32, u64, u64, u32, u32, u64); 5] = [
                (0, 0, 0, 0, 0, 0, 0),
                (1, 1, data_off, self.data.len() as u64, 0, 0, 0),
                (7, rel_type, rel_off, rel_size, 3, 1, relent),
                (
                    12,
                    SHT_SYMTAB,
                    sym_off,
                    2 * symsz as u64,
                    4,
                    1,
                    symsz as u64,
                ),
                (20, 3, str_off, names.len() as u64, 0, 0, 0),
            ];
            for (name, t, off, size, link, info, ent) in secs {
                put(&mut v, u64::from(name), 4);
                put(&mut v, u64::from(t), 4);
                put(&mut v, 0, w); // flags
                put(&mut v, 0, w); // addr
                put(&mut v, off, w);
                put(&mut v, size, w);
                put(&mut v, u64::from(link), 4);
                put(&mut v, u64::from(info), 4);
                put(&mut v, 1, w);
                put(&mut v, ent, w);
            }
            v
        }

        /// Apply the relocations to `.data`: the bytes, and what went to stderr.
        fn apply(&self) -> (Vec<u8>, String) {
            let bytes = self.bytes();
            let elf = libelf::ElfFile::parse(&bytes).expect("test object parses");
            let o = crate::options::Options::default();
            let (mut out, mut err) = (Vec::new(), Vec::new());
            let buf = {
                let mut diag = crate::diag::Diag::new("readelf", &mut err);
                let mut run = crate::RunState::default();
                let mut cx = Cx::new(&o, &mut run, &elf, &bytes, "t.o", &mut out, &mut diag);
                let (class, endian) = (cx.class(), cx.endian());
                let shoff = cx.hdr.e_shoff as usize;
                let rec = SectionHeader::size(class);
                cx.shdrs = Some(
                    (0..5)
                        .map(|i| {
                            SectionHeader::parse(&bytes, shoff + i * rec, class, endian).unwrap()
                        })
                        .collect(),
                );
                let strtab = cx.sections()[4];
                cx.string_table = cx.get_data(strtab.sh_offset, 1, strtab.sh_size, None);
                let mut buf = self.data.clone();
                assert!(apply_relocations(&mut cx, 1, &mut buf).is_some());
                buf
            };
            (buf, String::from_utf8(err).unwrap())
        }
    }

    fn obj(is64: bool, big: bool, machine: u16, rela: bool, data: &[u8]) -> Obj {
        Obj {
            is64,
            big,
            machine,
            rela,
            data: data.to_vec(),
            relocs: Vec::new(),
            st_type: 0,
        }
    }

    #[test]
    fn x86_64() {
        let mut o = obj(true, false, EM_X86_64, true, &[0; 24]);
        o.relocs = vec![
            (0, 1, 1, 4),   // R_X86_64_64: S + A
            (8, 2, 1, -4),  // R_X86_64_PC32: S + A - P
            (12, 10, 1, 1), // R_X86_64_32
            (16, 0, 1, 9),  // R_X86_64_NONE
        ];
        let (b, err) = o.apply();
        assert_eq!(&b[0..8], &0x1004u64.to_le_bytes());
        assert_eq!(&b[8..12], &(0x1000u32 - 4 - 8).to_le_bytes());
        assert_eq!(&b[12..16], &0x1001u32.to_le_bytes());
        assert_eq!(&b[16..24], &[0; 8]);
        assert_eq!(err, "");
    }

    #[test]
    fn i386_rel_in_place() {
        let mut o = obj(
            false,
            false,
            EM_386,
            false,
            &[0x10, 0, 0, 0, 0xfc, 0xff, 0xff, 0xff],
        );
        o.relocs = vec![(0, 1, 1, 0), (4, 2, 1, 0)]; // R_386_32, R_386_PC32
        let (b, _) = o.apply();
        assert_eq!(&b[0..4], &0x1010u32.to_le_bytes());
        assert_eq!(&b[4..8], &(0x1000u32 - 4 - 4).to_le_bytes());
    }

    #[test]
    fn aarch64_and_arm() {
        let mut o = obj(true, false, EM_AARCH64, true, &[0; 16]);
        // ABS64, PREL32, ABS32, NONE (256).
        o.relocs = vec![
            (0, 257, 1, 2),
            (8, 261, 1, 0),
            (12, 258, 1, 3),
            (12, 256, 1, 7),
        ];
        let (b, _) = o.apply();
        assert_eq!(&b[0..8], &0x1002u64.to_le_bytes());
        assert_eq!(&b[8..12], &(0x1000u32 - 8).to_le_bytes());
        assert_eq!(&b[12..16], &0x1003u32.to_le_bytes());

        let mut o = obj(false, false, EM_ARM, false, &[1, 0, 0, 0, 0, 0, 0, 0]);
        o.relocs = vec![(0, 2, 1, 0), (4, 3, 1, 0)]; // R_ARM_ABS32, R_ARM_REL32
        let (b, _) = o.apply();
        assert_eq!(&b[0..4], &0x1001u32.to_le_bytes());
        assert_eq!(&b[4..8], &(0x1000u32 - 4).to_le_bytes());
    }

    #[test]
    fn riscv_in_place_arithmetic() {
        let mut data = vec![0u8; 16];
        data[0..4].copy_from_slice(&100u32.to_le_bytes());
        data[4..8].copy_from_slice(&0x2000u32.to_le_bytes());
        data[8] = 0xc5; // SET6 keeps the top two bits
        data[9] = 0xc5; // SUB6 works on the low six
        let mut o = obj(true, false, EM_RISCV, true, &data);
        o.relocs = vec![
            (0, 35, 1, 1),  // ADD32: in place + S + A
            (4, 39, 1, 0),  // SUB32: in place - S
            (8, 53, 1, 2),  // SET6
            (9, 52, 1, 0),  // SUB6
            (10, 54, 1, 3), // SET8
        ];
        let (b, _) = o.apply();
        assert_eq!(&b[0..4], &(100u32 + 0x1000 + 1).to_le_bytes());
        assert_eq!(&b[4..8], &0x1000u32.to_le_bytes());
        assert_eq!(b[8], 0xc0 | 0x02);
        assert_eq!(b[9], 0xc0 | ((5u64.wrapping_sub(0x1000)) & 0x3f) as u8);
        assert_eq!(b[10], 0x03);
    }

    #[test]
    fn big_endian_machines() {
        let mut o = obj(true, true, EM_PPC64, true, &[0; 12]);
        o.relocs = vec![(0, 38, 1, 5), (8, 26, 1, 0)]; // ADDR64, REL32
        let (b, _) = o.apply();
        assert_eq!(&b[0..8], &0x1005u64.to_be_bytes());
        assert_eq!(&b[8..12], &(0x1000u32 - 8).to_be_bytes());

        let mut o = obj(true, true, EM_S390, true, &[0; 12]);
        o.relocs = vec![(0, 22, 1, 0), (8, 5, 1, 0)]; // R_390_64, R_390_PC32
        let (b, _) = o.apply();
        assert_eq!(&b[0..8], &0x1000u64.to_be_bytes());
        assert_eq!(&b[8..12], &(0x1000u32 - 8).to_be_bytes());

        let mut o = obj(false, true, EM_MIPS, false, &[0, 0, 0, 7]);
        o.relocs = vec![(0, 2, 1, 0)]; // R_MIPS_32, in place
        let (b, _) = o.apply();
        assert_eq!(b, 0x1007u32.to_be_bytes());
    }

    #[test]
    fn mips64_little_endian_info() {
        let mut o = obj(true, false, EM_MIPS, true, &[0; 8]);
        o.relocs = vec![(0, 18, 1, 1)]; // R_MIPS_64 with GNU's r_info byte order
        let (b, err) = o.apply();
        assert_eq!(b, 0x1001u64.to_le_bytes());
        assert_eq!(err, "");
    }

    #[test]
    fn skipped_relocations() {
        let mut o = obj(true, false, EM_X86_64, true, &[0; 8]);
        o.relocs = vec![
            (6, 1, 1, 0),  // runs off the end
            (0, 1, 7, 0),  // no such symbol
            (0, 42, 1, 0), // a type GNU does not apply
        ];
        let (b, err) = o.apply();
        assert_eq!(b, [0; 8]);
        assert_eq!(
            err,
            "readelf: Warning: skipping invalid relocation offset 0x6 in section .data\n\
             readelf: Warning: skipping invalid relocation symbol index 0x7 in section .data\n\
             readelf: Warning: unable to apply unsupported reloc type 42 to section .data\n"
        );
        // A TLS symbol is not a valid target (functions, objects and sections are).
        let mut o = obj(true, false, EM_X86_64, true, &[0; 8]);
        o.st_type = 6;
        o.relocs = vec![(0, 1, 1, 0)];
        let (b, err) = o.apply();
        assert_eq!(b, [0; 8]);
        assert_eq!(
            err,
            "readelf: Warning: skipping unexpected symbol type TLS in section .rel relocation 0\n"
        );
    }
}
