//! The legacy Elftoolchain YAML front end (`elfc --yaml`): the descriptions of
//! Elftoolchain's libelf test suite (`test/libelf/tset/common/*.yaml`, compiled there by
//! the Python `tset/bin/elfc`), lowered into a [`libelf::edit::Object`] laid out the way
//! the Python tool did and written with [`libelf::edit::Layout::Keep`].
//!
//! Top-level keys: `ehdr: !Ehdr` (with `e_ident: !Ident`), `phdrtab: [!Phdr …]`,
//! `sections: [!Section …]`, `elf_fillchar`. Omitted fields get the legacy defaults;
//! `ELFCLASSNONE`/`ELFDATANONE` (and any class or data the description names) yield to
//! [`crate::Options`], so one description gives the four class/byte-order variants.
//!
//! The legacy tool did not use libelf: it packed every structure itself with Python's
//! `struct.pack` and wrote the file in order (ELF header, program headers, section
//! contents, section header table), so a field the description gives is written as
//! given and only an absent one is computed (`ElfEhdr.layout`, `ElfSection.layout`).
//! This module does the same, so the 20 descriptions of the test suite give the legacy
//! tool's bytes in all four variants (`tests/legacy_yaml.rs` checks them); see [`Pack`]
//! for how a value wider than its field is packed.

use libelf::edit::{Fill, Layout, Object, SectionData};
use libelf::read::{FileHeader, ProgramHeader, SectionHeader};
use libelf::{Class, Endian};
use std::collections::HashMap;

use crate::error::{err, Error, Result};
use crate::yaml::{self, Kind, Node};
use crate::{keys, names, Options, MAX_OUTPUT};

const SHT_NULL: u32 = 0;
const SHT_STRTAB: u32 = 3;
const SHT_NOBITS: u32 = 8;
const SHN_LORESERVE: u64 = 0xff00;
const SHN_XINDEX: u16 = 0xffff;

/// Names the legacy tool knew that elfc's own table (`names.rs`) does not.
const LEGACY_NAMES: &[(&str, u64)] = &[
    ("ELFCLASSNONE", 0),
    ("ELFDATANONE", 0),
    ("EV_NONE", 0),
    ("EV_CURRENT", 1),
    ("ELFOSABI_HURD", 4),
    ("ELFOSABI_86OPEN", 5),
    ("ELFOSABI_AIX", 7),
    ("ELFOSABI_MONTEREY", 7),
    ("ELFOSABI_IRIX", 8),
    ("ELFOSABI_TRU64", 10),
    ("ELFOSABI_MODESTO", 11),
    ("ELFOSABI_OPENVMS", 13),
    ("ELFOSABI_NSK", 14),
    ("EM_M32", 1),
    ("EM_88K", 5),
    ("EM_486", 6),
    ("EM_860", 7),
    ("EM_S370", 9),
    ("EM_MIPS_RS3_LE", 10),
    ("EM_VPP500", 17),
    ("EM_960", 19),
    ("EM_TRICORE", 44),
    ("EM_ARC", 45),
    ("EM_ALPHA", 0x9026),
    ("PT_LOOS", 0x6000_0000),
    ("PT_HIOS", 0x6fff_ffff),
    ("PT_LOPROC", 0x7000_0000),
    ("PT_HIPROC", 0x7fff_ffff),
    ("PT_SUNW_UNWIND", 0x6464_e550),
    ("PT_SUNWBSS", 0x6fff_fffa),
    ("PT_SUNWSTACK", 0x6fff_fffb),
    ("PT_SUNWDTRACE", 0x6fff_fffc),
    ("PT_SUNWCAP", 0x6fff_fffd),
    ("SHT_LOOS", 0x6000_0000),
    ("SHT_HIOS", 0x6fff_ffff),
    ("SHT_SUNW_dof", 0x6fff_fff4),
    ("SHT_SUNW_cap", 0x6fff_fff5),
    ("SHT_SUNW_SIGNATURE", 0x6fff_fff6),
    ("SHT_SUNW_ANNOTATE", 0x6fff_fff7),
    ("SHT_SUNW_DEBUGSTR", 0x6fff_fff8),
    ("SHT_SUNW_DEBUG", 0x6fff_fff9),
    ("SHT_SUNW_move", 0x6fff_fffa),
    ("SHT_SUNW_COMDAT", 0x6fff_fffb),
    ("SHT_SUNW_syminfo", 0x6fff_fffc),
    ("SHT_SUNW_verdef", 0x6fff_fffd),
    ("SHT_SUNW_verneed", 0x6fff_fffe),
    ("SHT_SUNW_versym", 0x6fff_ffff),
    ("SHT_IA_64_EXT", 0x7000_0000),
    ("SHT_IA_64_UNWIND", 0x7000_0001),
    ("SHF_MASKOS", 0x0ff0_0000),
    ("SHF_MASKPROC", 0xf000_0000),
    ("CA_SUNW_NULL", 0),
    ("CA_SUNW_HW_1", 1),
    ("CA_SUNW_SF_1", 2),
    ("SYMINFO_BT_SELF", 0xffff),
    ("SYMINFO_BT_PARENT", 0xfffe),
    ("SYMINFO_BT_NONE", 0xfffd),
    ("SYMINFO_BT_EXTERN", 0xfffc),
    ("SYMINFO_FLG_DIRECT", 1),
    ("SYMINFO_FLG_PASSTHRU", 2),
    ("SYMINFO_FLG_FILTER", 2),
    ("SYMINFO_FLG_COPY", 4),
    ("SYMINFO_FLG_LAZYLOAD", 8),
    ("SYMINFO_FLG_DIRECTBIND", 0x10),
    ("SYMINFO_FLG_NOEXTDIRECT", 0x20),
    ("SYMINFO_FLG_AUXILIARY", 0x40),
];

/// How the legacy tool packed a field into its width. Its `ElfType.content` passed the
/// fields of the ELF header, the section headers and the generic records (`!Dyn`,
/// `!Rel`, `!Verdef`, …, the `!Note` header) through `bounded_value`, which masks a
/// 2- or 4-byte field to its width (so `e_entry: 0xFFFFFFFFFFFFFFFF` is `0xFFFFFFFF` in
/// ELF32): [`Pack::Bounded`]. `e_ident` bytes, program headers, `!Sym` and plain
/// integers in `sh_data` went straight to `struct.pack`, which refuses a value that does
/// not fit: [`Pack::Strict`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Pack {
    Bounded,
    Strict,
}

/// `v` packed into a `bytes`-wide field as `pack` says, or `None` when a strict field
/// cannot hold it.
fn pack(v: u64, bytes: u32, pack: Pack) -> Option<u64> {
    if bytes >= 8 {
        return Some(v);
    }
    let mask = (1u64 << (bytes * 8)) - 1;
    match pack {
        Pack::Bounded => Some(v & mask),
        Pack::Strict => (v <= mask).then_some(v),
    }
}

/// A number: an integer, or a constant name with one of the `prefixes`.
fn number(n: &Node, key: &str, prefixes: &[&str]) -> Result<u64> {
    let Kind::Scalar { text, quoted } = &n.kind else {
        return err(
            n.pos,
            format!("`{key}`: expected a number or a constant name"),
        );
    };
    if !quoted {
        if let Some(v) = yaml::int(text) {
            return Ok(v);
        }
    }
    if prefixes.iter().any(|p| text.starts_with(p)) {
        if let Some(&(_, v)) = LEGACY_NAMES.iter().find(|(name, _)| name == text) {
            return Ok(v);
        }
        if let Some(v) = names::lookup(text, &[]) {
            return Ok(v);
        }
    }
    let expect = if prefixes.is_empty() {
        "an integer".to_owned()
    } else {
        format!("an integer or a {}* name", prefixes.join("*/"))
    };
    err(
        n.pos,
        format!("`{key}`: unknown value `{text}`; expected {expect}"),
    )
}

/// A number or a list of them OR'ed together.
fn flags(n: &Node, key: &str, prefixes: &[&str]) -> Result<u64> {
    match &n.kind {
        Kind::Seq(items) => items
            .iter()
            .try_fold(0, |acc, i| Ok(acc | number(i, key, prefixes)?)),
        _ => number(n, key, prefixes),
    }
}

/// The text of a scalar (an unquoted integer too, as written).
fn text(n: &Node, key: &str) -> Result<String> {
    match &n.kind {
        Kind::Scalar { text, .. } => Ok(text.clone()),
        _ => err(n.pos, format!("`{key}`: expected a string")),
    }
}

/// A mapping's entries, checking its tag and keys.
fn mapping<'n>(n: &'n Node, tag: &str, allowed: &[&[&str]]) -> Result<&'n [(String, usize, Node)]> {
    if let Some(t) = &n.tag {
        if t != tag {
            return err(n.pos, format!("expected a `!{tag}`, found `!{t}`"));
        }
    }
    let entries: &[(String, usize, Node)] = match &n.kind {
        Kind::Map(m) => m,
        Kind::Null => &[],
        _ => return err(n.pos, format!("`!{tag}`: expected a mapping")),
    };
    for (k, pos, _) in entries {
        if let Err(all) = keys::check(k, allowed) {
            return err(
                *pos,
                format!("`!{tag}`: unknown key `{k}`; expected one of {all}"),
            );
        }
    }
    Ok(entries)
}

/// The value of `key`, `None` when absent or null (the legacy tool's "use the default").
fn field<'n>(m: &'n [(String, usize, Node)], key: &str) -> Option<&'n Node> {
    m.iter()
        .find(|(k, _, v)| k == key && v.kind != Kind::Null)
        .map(|(_, _, v)| v)
}

/// A typed record of `sh_data`: `(field, ELF32 width, ELF64 width, default, prefixes)`,
/// in file order for ELF64 (symbols are reordered for ELF32).
type RecField = (&'static str, u32, u32, u64, &'static [&'static str]);

fn record_fields(tag: &str) -> Option<&'static [RecField]> {
    const N: &[&str] = &[];
    Some(match tag {
        "Dyn" => &[("d_tag", 4, 8, 0, &["DT_"]), ("d_un", 4, 8, 0, N)],
        "Cap" => &[("c_tag", 4, 8, 0, &["CA_"]), ("c_un", 4, 8, 0, N)],
        "Rel" => &[("r_offset", 4, 8, 0, N), ("r_info", 4, 8, 0, N)],
        "Rela" => &[
            ("r_offset", 4, 8, 0, N),
            ("r_info", 4, 8, 0, N),
            ("r_addend", 4, 8, 0, N),
        ],
        "Sym" => &[
            ("st_name", 4, 4, 0, N),
            ("st_info", 1, 1, 0, N),
            ("st_other", 1, 1, 0, N),
            ("st_shndx", 2, 2, 0, &["SHN_"]),
            ("st_value", 4, 8, 0, N),
            ("st_size", 4, 8, 0, N),
        ],
        "Syminfo" => &[
            ("si_boundto", 2, 2, 0, &["SYMINFO_BT_"]),
            ("si_flags", 2, 2, 0, &["SYMINFO_FLG_"]),
        ],
        "Verdef" => &[
            ("vd_version", 2, 2, 1, N),
            ("vd_flags", 2, 2, 0, N),
            ("vd_ndx", 2, 2, 0, N),
            ("vd_cnt", 2, 2, 0, N),
            ("vd_hash", 4, 4, 0, N),
            ("vd_aux", 4, 4, 0, N),
            ("vd_next", 4, 4, 0, N),
        ],
        "Verdaux" => &[("vda_name", 4, 4, 0, N), ("vda_next", 4, 4, 0, N)],
        "Verneed" => &[
            ("vn_version", 2, 2, 1, N),
            ("vn_cnt", 2, 2, 0, N),
            ("vn_file", 4, 4, 0, N),
            ("vn_aux", 4, 4, 0, N),
            ("vn_next", 4, 4, 0, N),
        ],
        "Vernaux" => &[
            ("vna_hash", 4, 4, 0, N),
            ("vna_flags", 2, 2, 0, N),
            ("vna_other", 2, 2, 0, N),
            ("vna_name", 4, 4, 0, N),
            ("vna_next", 4, 4, 0, N),
        ],
        _ => return None,
    })
}

/// A string table built from strings: a NUL, then each distinct string NUL-terminated.
#[derive(Debug, Default)]
struct StrTab {
    bytes: Vec<u8>,
    offsets: HashMap<String, u64>,
}

impl StrTab {
    fn new(strings: &[String]) -> Self {
        let mut t = StrTab {
            bytes: vec![0],
            offsets: HashMap::new(),
        };
        for s in strings {
            if t.lookup(s).is_none() {
                t.offsets.insert(s.clone(), t.bytes.len() as u64);
                t.bytes.extend_from_slice(s.as_bytes());
                t.bytes.push(0);
            }
        }
        t
    }

    fn lookup(&self, s: &str) -> Option<u64> {
        self.offsets.get(s).copied()
    }
}

/// A section as described.
struct Sec<'n> {
    node: &'n Node,
    map: &'n [(String, usize, Node)],
    index: u64,
    sh_type: u32,
    strtab: Option<StrTab>,
}

/// The largest `sh_index`: twice `SHN_LORESERVE` and more, room for the extended
/// numbering tests (the legacy suite goes to 65537), not for millions of empty headers.
const MAX_SH_INDEX: u64 = 0x2_0000;

/// The described sections, found by name (the first of that name) and by index in
/// constant time: a table of symbols naming sections is linear, not quadratic.
struct Secs<'a, 'n> {
    list: &'a [Sec<'n>],
    by_name: HashMap<&'a str, u64>,
    by_index: HashMap<u64, usize>,
}

impl<'a, 'n> Secs<'a, 'n> {
    fn new(list: &'a [Sec<'n>]) -> Self {
        let mut by_name = HashMap::new();
        let mut by_index = HashMap::new();
        for (i, s) in list.iter().enumerate() {
            if let Some(Kind::Scalar { text, .. }) = field(s.map, "sh_name").map(|n| &n.kind) {
                by_name.entry(text.as_str()).or_insert(s.index);
            }
            by_index.entry(s.index).or_insert(i);
        }
        Secs {
            list,
            by_name,
            by_index,
        }
    }
}

const EHDR_KEYS: &[&[&str]] = &[keys::EHDR];
const IDENT_KEYS: &[&[&str]] = &[&[
    "ei_class",
    "ei_data",
    "ei_version",
    "ei_osabi",
    "ei_abiversion",
]];
const PHDR_KEYS: &[&[&str]] = &[&[
    "p_type", "p_offset", "p_vaddr", "p_paddr", "p_filesz", "p_memsz", "p_flags", "p_align",
]];
const SECTION_KEYS: &[&[&str]] = &[keys::SHDR, &["sh_data", "sh_index", "sh_word_size"]];

struct Lower {
    class: Class,
    endian: Endian,
}

impl Lower {
    fn wide(&self) -> bool {
        self.class == Class::Elf64
    }

    /// The width of a field that is `widths.0` bytes in ELF32 and `widths.1` in ELF64.
    fn bytes(&self, widths: (u32, u32)) -> u32 {
        if self.wide() {
            widths.1
        } else {
            widths.0
        }
    }

    /// The value given for `key` as the description writes it (constant names resolved,
    /// flag lists OR'ed), before any packing, with its position; `None` when absent. The
    /// legacy layout computes with these unpacked values.
    fn given(
        &self,
        m: &[(String, usize, Node)],
        key: &str,
        prefixes: &[&str],
        is_flags: bool,
    ) -> Result<Option<(u64, usize)>> {
        let Some(n) = field(m, key) else {
            return Ok(None);
        };
        let v = if is_flags {
            flags(n, key, prefixes)?
        } else {
            number(n, key, prefixes)?
        };
        Ok(Some((v, n.pos)))
    }

    /// `v`, given at `pos`, packed into a `widths` field as `how` says.
    fn packed(&self, v: u64, pos: usize, key: &str, widths: (u32, u32), how: Pack) -> Result<u64> {
        let bytes = self.bytes(widths);
        match pack(v, bytes, how) {
            Some(v) => Ok(v),
            None => err(
                pos,
                format!("`{key}`: {v:#x} does not fit in {bytes} bytes"),
            ),
        }
    }

    /// A numeric field packed as `how` says, or `default` when absent.
    fn num(
        &self,
        m: &[(String, usize, Node)],
        key: &str,
        widths: (u32, u32),
        default: u64,
        prefixes: &[&str],
        how: Pack,
    ) -> Result<u64> {
        match self.given(m, key, prefixes, false)? {
            Some((v, pos)) => self.packed(v, pos, key, widths, how),
            None => Ok(default),
        }
    }

    /// A flags field (a number or a list OR'ed) packed as `how` says, 0 when absent.
    fn flag_bits(
        &self,
        m: &[(String, usize, Node)],
        key: &str,
        widths: (u32, u32),
        prefixes: &[&str],
        how: Pack,
    ) -> Result<u64> {
        match self.given(m, key, prefixes, true)? {
            Some((v, pos)) => self.packed(v, pos, key, widths, how),
            None => Ok(0),
        }
    }

    /// A numeric field as given, unpacked, or `None` when absent.
    fn raw(&self, m: &[(String, usize, Node)], key: &str) -> Result<Option<u64>> {
        Ok(self.given(m, key, &[], false)?.map(|(v, _)| v))
    }

    fn put(&self, out: &mut Vec<u8>, v: u64, bytes: u32) {
        let b = v.to_le_bytes();
        let b = b.get(..bytes as usize).unwrap_or(&b);
        match self.endian {
            Endian::Little => out.extend_from_slice(b),
            Endian::Big => out.extend(b.iter().rev()),
        }
    }
}

fn align_up(v: u64, a: u64) -> Result<u64> {
    if a <= 1 {
        return Ok(v);
    }
    v.checked_next_multiple_of(a).ok_or(Error {
        pos: 0,
        msg: "layout offset overflows".into(),
    })
}

/// Compile a legacy YAML description (see the module documentation).
pub(crate) fn compile(src: &str, opts: &Options) -> Result<Vec<u8>> {
    use Pack::{Bounded, Strict};
    let doc = yaml::parse(src)?;
    let top = mapping(
        &doc,
        "",
        &[&["ehdr", "phdrtab", "sections", "elf_fillchar"]],
    )?;
    let empty = Node {
        tag: None,
        pos: 0,
        kind: Kind::Null,
    };
    let ehdr_node = field(top, "ehdr").unwrap_or(&empty);
    let eh = mapping(ehdr_node, "Ehdr", EHDR_KEYS)?;
    let ident_node = field(eh, "e_ident").unwrap_or(&empty);
    let ident = mapping(ident_node, "Ident", IDENT_KEYS)?;

    // Class and byte order: the options, else the description, else ELFCLASS32 LSB as
    // the legacy tool defaulted.
    let ei = |k: &str, p: &[&str]| field(ident, k).map(|n| number(n, k, p)).transpose();
    let class = match (opts.class, ei("ei_class", &["ELFCLASS"])?) {
        (Some(c), _) => c,
        (None, Some(2)) => Class::Elf64,
        (None, Some(0 | 1) | None) => Class::Elf32,
        (None, Some(v)) => {
            return err(
                ident_node.pos,
                format!("`ei_class`: {v} is not 1 or 2; give --class"),
            )
        }
    };
    let endian = match (opts.endian, ei("ei_data", &["ELFDATA"])?) {
        (Some(e), _) => e,
        (None, Some(2)) => Endian::Big,
        (None, Some(0 | 1) | None) => Endian::Little,
        (None, Some(v)) => {
            return err(
                ident_node.pos,
                format!("`ei_data`: {v} is not 1 or 2; give --data"),
            )
        }
    };
    let lw = Lower { class, endian };
    let wide = lw.wide();
    let byte = (1, 1);
    let half = (2, 2);
    let word = (4, 4);
    let addr = (4, 8);
    let ehsize = if wide { 64 } else { 52 };
    let phentsize = if wide { 56 } else { 32 };
    let shentsize = if wide { 64 } else { 40 };

    let fillchar = match lw.given(top, "elf_fillchar", &[], false)? {
        Some((v, pos)) => lw.packed(v, pos, "elf_fillchar", byte, Strict)? as u8,
        None => 0,
    };

    let mut e_ident = [0u8; 16];
    e_ident[..4].copy_from_slice(b"\x7fELF");
    e_ident[4] = if wide { 2 } else { 1 };
    e_ident[5] = if endian == Endian::Big { 2 } else { 1 };
    e_ident[6] = lw.num(ident, "ei_version", byte, 1, &["EV_"], Strict)? as u8;
    e_ident[7] = lw.num(ident, "ei_osabi", byte, 0, &["ELFOSABI_"], Strict)? as u8;
    e_ident[8] = lw.num(ident, "ei_abiversion", byte, 0, &[], Strict)? as u8;

    // Program headers.
    let mut segments = Vec::new();
    if let Some(pt) = field(top, "phdrtab") {
        let Kind::Seq(items) = &pt.kind else {
            return err(pt.pos, "`phdrtab`: expected a list of `!Phdr`");
        };
        for n in items {
            let m = mapping(n, "Phdr", PHDR_KEYS)?;
            segments.push(ProgramHeader {
                p_type: lw.num(m, "p_type", word, 0, &["PT_"], Strict)? as u32,
                p_flags: lw.flag_bits(m, "p_flags", word, &["PF_"], Strict)? as u32,
                p_offset: lw.num(m, "p_offset", addr, 0, &[], Strict)?,
                p_vaddr: lw.num(m, "p_vaddr", addr, 0, &[], Strict)?,
                p_paddr: lw.num(m, "p_paddr", addr, 0, &[], Strict)?,
                p_filesz: lw.num(m, "p_filesz", addr, 0, &[], Strict)?,
                p_memsz: lw.num(m, "p_memsz", addr, 0, &[], Strict)?,
                p_align: lw.num(m, "p_align", addr, 1, &[], Strict)?,
            });
        }
    }

    // Sections and their indices (`sh_index` places one explicitly; the rest follow).
    let mut secs: Vec<Sec<'_>> = Vec::new();
    if let Some(sl) = field(top, "sections") {
        let Kind::Seq(items) = &sl.kind else {
            return err(sl.pos, "`sections`: expected a list of `!Section`");
        };
        let mut next = 0u64;
        for n in items {
            let m = mapping(n, "Section", SECTION_KEYS)?;
            let index = match field(m, "sh_index") {
                Some(i) => {
                    let v = number(i, "sh_index", &[])?;
                    if v < next {
                        return err(
                            i.pos,
                            format!(
                                "`sh_index` {v} is taken: sections before it reach index {next}"
                            ),
                        );
                    }
                    // Every index below it becomes a section header in memory: an
                    // index is a count, so it is bounded rather than trusted.
                    if v > MAX_SH_INDEX {
                        return err(
                            i.pos,
                            format!("`sh_index` {v:#x} is too large (at most {MAX_SH_INDEX:#x})"),
                        );
                    }
                    v
                }
                None => next,
            };
            next = index + 1;
            let sh_type = lw.num(m, "sh_type", word, 0, &["SHT_"], Bounded)? as u32;
            let strtab = if sh_type == SHT_STRTAB {
                let strings = match field(m, "sh_data") {
                    Some(Node {
                        kind: Kind::Seq(v), ..
                    }) => v
                        .iter()
                        .map(|s| text(s, "sh_data"))
                        .collect::<Result<Vec<_>>>()?,
                    Some(s) => vec![text(s, "sh_data")?],
                    None => Vec::new(),
                };
                Some(StrTab::new(&strings))
            } else {
                None
            };
            secs.push(Sec {
                node: n,
                map: m,
                index,
                sh_type,
                strtab,
            });
        }
    }
    let nsections = secs.last().map_or(0, |s| s.index + 1);
    if nsections.saturating_mul(shentsize) > MAX_OUTPUT {
        return err(
            ehdr_node.pos,
            format!("{nsections} sections exceed the output limit"),
        );
    }
    let look = Secs::new(&secs);
    let by_name = |name: &str| look.by_name.get(name).copied();

    // The ELF header, as the legacy `ElfEhdr.layout` computed it: a field the
    // description gives is kept as given (nothing is recomputed: the tool packed the
    // values itself with `struct.pack`, no libelf and no `elf_update()`), an absent one
    // gets the class's size, the count, or the offset of the layout below. The layout
    // uses the values as given; the header holds them packed.
    let e_ehsize = lw.raw(eh, "e_ehsize")?.unwrap_or(ehsize);
    let e_phnum = lw.raw(eh, "e_phnum")?.unwrap_or(segments.len() as u64);
    let e_phentsize = match lw.raw(eh, "e_phentsize")? {
        Some(v) => v,
        None if e_phnum > 0 => phentsize,
        None => 0,
    };
    let e_shentsize = lw.raw(eh, "e_shentsize")?.unwrap_or(shentsize);
    let table_align = if wide { 8 } else { 4 };
    let e_phoff = match lw.raw(eh, "e_phoff")? {
        Some(v) => v,
        None if e_phnum > 0 => align_up(e_ehsize, table_align)?,
        None => 0,
    };
    let shstrndx = match field(eh, "e_shstrndx") {
        Some(n) => match &n.kind {
            Kind::Scalar {
                text,
                quoted: false,
            } if yaml::int(text).is_some() => number(n, "e_shstrndx", &[])?,
            _ => {
                let name = text(n, "e_shstrndx")?;
                match by_name(&name) {
                    Some(i) => i,
                    None => return err(n.pos, format!("`e_shstrndx`: no section named `{name}`")),
                }
            }
        },
        // Like `ElfEhdr.layout`, which raised "Cannot determine section name string
        // table index." without one.
        None if nsections > 0 => match by_name(".shstrtab") {
            Some(i) => i,
            None => {
                return err(
                    ehdr_node.pos,
                    "no section named `.shstrtab`: give `e_shstrndx`",
                )
            }
        },
        None => 0,
    };
    let mut e_shnum = lw.raw(eh, "e_shnum")?.unwrap_or(nsections);

    // Section contents and headers.
    let shstrtab = secs
        .iter()
        .find(|s| s.index == shstrndx)
        .and_then(|s| s.strtab.as_ref());
    let mut headers = Vec::with_capacity(secs.len());
    let mut datas = Vec::with_capacity(secs.len());
    let mut aligns = Vec::with_capacity(secs.len());
    for s in &secs {
        let m = s.map;
        let sh_name = match field(m, "sh_name") {
            None => 0,
            Some(n) => match &n.kind {
                Kind::Scalar {
                    text,
                    quoted: false,
                } if yaml::int(text).is_some() => lw.num(m, "sh_name", word, 0, &[], Bounded)?,
                _ => {
                    let name = text(n, "sh_name")?;
                    match shstrtab.and_then(|t| t.lookup(&name)) {
                        Some(o) => o,
                        None => {
                            return err(
                                n.pos,
                                format!(
                                    "section name `{name}` is not in the section name string table"
                                ),
                            )
                        }
                    }
                }
            },
        };
        let word_size = match field(m, "sh_word_size") {
            Some(n) => match number(n, "sh_word_size", &[])? {
                32 => 4,
                64 => 8,
                _ => return err(n.pos, "`sh_word_size`: expected 32 or 64"),
            },
            None => 4,
        };
        let data = match &s.strtab {
            Some(t) => t.bytes.clone(),
            None => section_data(&lw, s, &look, word_size)?,
        };
        let align = match lw.given(m, "sh_addralign", &[], false)? {
            Some((v, pos)) => {
                if !v.is_power_of_two() {
                    return err(pos, "`sh_addralign` is not a power of two");
                }
                v
            }
            None if s.sh_type == SHT_NULL || s.sh_type == SHT_NOBITS => 0,
            None => 1,
        };
        headers.push(SectionHeader {
            sh_name: sh_name as u32,
            sh_type: s.sh_type,
            sh_flags: lw.flag_bits(m, "sh_flags", addr, &["SHF_"], Bounded)?,
            sh_addr: lw.num(m, "sh_addr", addr, 0, &[], Bounded)?,
            sh_offset: 0,
            sh_size: 0,
            sh_link: lw.num(m, "sh_link", word, 0, &[], Bounded)? as u32,
            sh_info: lw.num(m, "sh_info", word, 0, &[], Bounded)? as u32,
            sh_addralign: lw.packed(align, 0, "sh_addralign", addr, Bounded)?,
            sh_entsize: lw.num(m, "sh_entsize", addr, 0, &[], Bounded)?,
        });
        if data.len() as u64 > MAX_OUTPUT {
            return err(s.node.pos, "section data exceeds the output limit");
        }
        datas.push(data);
        aligns.push(align);
    }

    // The legacy layout (`ElfSectionList.layout`): a running offset from the end of the
    // program header table (or `e_ehsize`), aligned for each section in order; a section
    // without `sh_offset` is placed there, and every non-NULL, non-NOBITS section
    // advances it by its size, wherever a given `sh_offset` put it. The section header
    // table follows, class-aligned. Nothing steers clear of bytes a given offset holds:
    // the legacy tool wrote the section contents, then the section header table, so a
    // later write overwrote an earlier one, and libelf's `Layout::Keep` writes in the
    // same order (in `shdr.yaml` the ELF64 header table covers `.shstrtab` at 256).
    let mut offset = if e_phnum > 0 {
        e_phoff.saturating_add(e_phnum.saturating_mul(e_phentsize))
    } else {
        e_ehsize
    };
    let mut places = Vec::with_capacity(secs.len());
    for ((s, h), (d, align)) in secs.iter().zip(&mut headers).zip(datas.iter().zip(&aligns)) {
        let nulltype = s.sh_type == SHT_NULL || s.sh_type == SHT_NOBITS;
        offset = align_up(offset, *align)?;
        h.sh_size = match lw.given(s.map, "sh_size", &[], false)? {
            Some((v, pos)) => lw.packed(v, pos, "sh_size", addr, Bounded)?,
            None if nulltype => 0,
            None => d.len() as u64,
        };
        let at = match lw.raw(s.map, "sh_offset")? {
            Some(o) => o,
            None if nulltype => 0,
            None => offset,
        };
        h.sh_offset = lw.packed(at, 0, "sh_offset", addr, Bounded)?;
        places.push(at);
        if !nulltype {
            offset = offset.saturating_add(d.len() as u64);
        }
    }
    let e_shoff = match lw.raw(eh, "e_shoff")? {
        Some(v) => v,
        None if nsections > 0 => align_up(offset, table_align)?,
        None => 0,
    };

    // Extended numbering, on section 0: the count from SHN_LORESERVE sections, the name
    // table index from SHN_XINDEX (`ElfEhdr.layout`).
    let mut s0_size = None;
    let mut s0_link = None;
    if nsections >= SHN_LORESERVE {
        s0_size = Some(nsections);
        e_shnum = 0;
    }
    let mut e_shstrndx = shstrndx;
    if shstrndx >= u64::from(SHN_XINDEX) {
        s0_link = Some(lw.packed(shstrndx, 0, "sh_link", word, Bounded)? as u32);
        e_shstrndx = u64::from(SHN_XINDEX);
    }

    let hfield = |key: &str, v: u64, widths: (u32, u32)| -> Result<u64> {
        let pos = field(eh, key).map_or(ehdr_node.pos, |n| n.pos);
        lw.packed(v, pos, key, widths, Bounded)
    };
    let e_type = lw.num(eh, "e_type", half, 0, &["ET_"], Bounded)? as u16;
    let e_machine = lw.num(eh, "e_machine", half, 0, &["EM_"], Bounded)? as u16;
    let mut obj = Object::new(class, endian, e_type, e_machine);
    obj.header = FileHeader {
        e_ident,
        e_type,
        e_machine,
        e_version: lw.num(eh, "e_version", word, 1, &["EV_"], Bounded)? as u32,
        e_entry: lw.num(eh, "e_entry", addr, 0, &[], Bounded)?,
        e_phoff: hfield("e_phoff", e_phoff, addr)?,
        e_shoff: hfield("e_shoff", e_shoff, addr)?,
        e_flags: lw.flag_bits(eh, "e_flags", word, &[], Bounded)? as u32,
        e_ehsize: hfield("e_ehsize", e_ehsize, half)? as u16,
        e_phentsize: hfield("e_phentsize", e_phentsize, half)? as u16,
        e_phnum: hfield("e_phnum", e_phnum, half)? as u16,
        e_shentsize: hfield("e_shentsize", e_shentsize, half)? as u16,
        e_shnum: hfield("e_shnum", e_shnum, half)? as u16,
        e_shstrndx: hfield("e_shstrndx", e_shstrndx, half)? as u16,
    };
    // The legacy tool wrote the tables at the record size whatever the header said;
    // libelf's writer steps by `e_phentsize`/`e_shentsize`, so only that size is
    // written the same way.
    let at = |key: &str| field(eh, key).map_or(ehdr_node.pos, |n| n.pos);
    if !segments.is_empty() && e_phentsize != phentsize {
        return err(
            at("e_phentsize"),
            format!("`e_phentsize` {e_phentsize:#x} with program headers: the legacy tool wrote them {phentsize:#x} apart, which elfc can only do with `e_phentsize` {phentsize:#x}"),
        );
    }
    if nsections > 0 && e_shentsize != shentsize {
        return err(
            at("e_shentsize"),
            format!("`e_shentsize` {e_shentsize:#x} with sections: the legacy tool wrote their headers {shentsize:#x} apart, which elfc can only do with `e_shentsize` {shentsize:#x}"),
        );
    }
    obj.segments = segments;

    // The size of the result, before anything is allocated: every byte the legacy tool
    // wrote, at the offsets as given (an ELF32 offset over 4 GiB is over the limit too).
    let mut size = ehsize;
    if nsections > 0 {
        size = size.max(e_shoff.saturating_add(nsections.saturating_mul(shentsize)));
    }
    if !obj.segments.is_empty() {
        let n = obj.segments.len() as u64;
        size = size.max(e_phoff.saturating_add(n.saturating_mul(phentsize)));
    }
    for ((h, d), at) in headers.iter().zip(&datas).zip(&places) {
        if h.has_file_data() && !d.is_empty() {
            size = size.max(at.saturating_add(d.len() as u64));
        }
    }
    if size > MAX_OUTPUT {
        return err(
            ehdr_node.pos,
            format!("the object would be {size:#x} bytes, over the {MAX_OUTPUT:#x}-byte limit"),
        );
    }

    if nsections == 0 {
        obj.sections.clear();
    } else {
        for _ in 1..nsections {
            let i = obj.add_section(b"", SHT_NULL, 0, SectionData::Bytes(Vec::new()));
            if let Some(placeholder) = obj.sections.get_mut(i) {
                placeholder.header = SectionHeader::default();
            }
        }
        for (s, (h, d)) in secs.iter().zip(headers.into_iter().zip(datas)) {
            if let Some(sec) = obj.sections.get_mut(s.index as usize) {
                sec.header = h;
                if let Some(Kind::Scalar { text, .. }) = field(s.map, "sh_name").map(|n| &n.kind) {
                    sec.name = text.clone().into_bytes();
                }
                sec.data = SectionData::Bytes(if h.has_file_data() { d } else { Vec::new() });
            }
        }
        if let Some(s0) = obj.sections.first_mut() {
            if let Some(v) = s0_size {
                s0.header.sh_size = v;
            }
            if let Some(v) = s0_link {
                s0.header.sh_link = v;
            }
        }
    }
    if fillchar != 0 {
        obj.fills.push(Fill {
            offset: 0,
            bytes: vec![fillchar; size as usize],
        });
    }
    obj.write_with(Layout::Keep).map_err(|e| Error {
        pos: 0,
        msg: format!("cannot write the object: {e}"),
    })
}

/// The bytes of a non-string-table section's `sh_data`: integers (`word_size` bytes:
/// 4, or 8 for `sh_word_size: 64`), strings as their bytes, and typed records.
fn section_data(lw: &Lower, s: &Sec<'_>, secs: &Secs<'_, '_>, word_size: u32) -> Result<Vec<u8>> {
    use Pack::{Bounded, Strict};
    let mut out = Vec::new();
    let items: Vec<&Node> = match field(s.map, "sh_data") {
        Some(Node {
            kind: Kind::Seq(v), ..
        }) => v.iter().collect(),
        Some(n) => vec![n],
        None => Vec::new(),
    };
    for n in items {
        match (&n.tag, &n.kind) {
            (None, Kind::Scalar { text, quoted }) => match (*quoted, yaml::int(text)) {
                (false, Some(v)) => {
                    let v = lw.packed(v, n.pos, "sh_data", (word_size, word_size), Strict)?;
                    lw.put(&mut out, v, word_size);
                }
                _ => out.extend_from_slice(text.as_bytes()),
            },
            (Some(tag), _) if tag == "Note" => {
                let m = mapping(n, "Note", &[&["n_namesz", "n_descsz", "n_type", "n_data"]])?;
                let (name, desc) = match field(m, "n_data") {
                    Some(Node {
                        kind: Kind::Seq(v),
                        pos,
                        ..
                    }) => match v.as_slice() {
                        [a, b] => (text(a, "n_data")?, text(b, "n_data")?),
                        _ => return err(*pos, "`n_data`: expected a pair of strings"),
                    },
                    Some(d) => return err(d.pos, "`n_data`: expected a pair of strings"),
                    None => (String::new(), String::new()),
                };
                let w = (4, 4);
                let namesz = lw.num(m, "n_namesz", w, name.len() as u64, &[], Bounded)?;
                let descsz = lw.num(m, "n_descsz", w, desc.len() as u64, &[], Bounded)?;
                lw.put(&mut out, namesz, 4);
                lw.put(&mut out, descsz, 4);
                lw.put(&mut out, lw.num(m, "n_type", w, 0, &["NT_"], Bounded)?, 4);
                out.extend_from_slice(name.as_bytes());
                out.extend_from_slice(desc.as_bytes());
            }
            (Some(tag), _) => {
                let Some(fields) = record_fields(tag) else {
                    return err(n.pos, format!("unsupported tag `!{tag}` in `sh_data`"));
                };
                let keys: Vec<&str> = fields.iter().map(|f| f.0).collect();
                let m = mapping(n, tag, &[&keys])?;
                // `!Sym` was packed field by field; the other records went through
                // `bounded_value`.
                let how = if tag == "Sym" { Strict } else { Bounded };
                let shndx = if tag == "Sym" {
                    sym_shndx(lw, m, secs)?
                } else {
                    None
                };
                let mut vals = Vec::with_capacity(fields.len());
                for &(key, w32, w64, default, prefixes) in fields {
                    let v = match key {
                        "st_shndx" => shndx.unwrap_or(default),
                        "st_name" => sym_name(lw, m, shndx, secs)?.unwrap_or(default),
                        _ => lw.num(m, key, (w32, w64), default, prefixes, how)?,
                    };
                    vals.push((v, if lw.wide() { w64 } else { w32 }));
                }
                if tag == "Sym" && !lw.wide() {
                    // Elf32_Sym: name, value, size, info, other, shndx.
                    for i in [0, 4, 5, 1, 2, 3] {
                        if let Some(&(v, w)) = vals.get(i) {
                            lw.put(&mut out, v, w);
                        }
                    }
                } else {
                    for (v, w) in vals {
                        lw.put(&mut out, v, w);
                    }
                }
            }
            (None, _) => {
                return err(
                    n.pos,
                    "`sh_data`: expected integers, strings or tagged records",
                )
            }
        }
    }
    Ok(out)
}

/// A symbol's `st_shndx`: a number or `SHN_*` name, or a section by name.
fn sym_shndx(lw: &Lower, m: &[(String, usize, Node)], secs: &Secs<'_, '_>) -> Result<Option<u64>> {
    let key = "st_shndx";
    let Some(n) = field(m, key) else {
        return Ok(None);
    };
    let Kind::Scalar { text: t, quoted } = &n.kind else {
        return err(n.pos, format!("`{key}`: expected a number or a name"));
    };
    if (!quoted && yaml::int(t).is_some()) || t.starts_with("SHN_") {
        return lw.num(m, key, (2, 2), 0, &["SHN_"], Pack::Strict).map(Some);
    }
    match secs.by_name.get(t.as_str()) {
        Some(&index) if index < SHN_LORESERVE => Ok(Some(index)),
        _ => err(
            n.pos,
            format!("`{key}`: no section named `{t}` below SHN_LORESERVE"),
        ),
    }
}

/// A symbol's `st_name`: a number, or a string looked up, as the legacy `ElfSym.layout`
/// did, in the string table at the symbol's own `st_shndx` (not the symbol table's
/// `sh_link`).
fn sym_name(
    lw: &Lower,
    m: &[(String, usize, Node)],
    shndx: Option<u64>,
    secs: &Secs<'_, '_>,
) -> Result<Option<u64>> {
    let key = "st_name";
    let Some(n) = field(m, key) else {
        return Ok(None);
    };
    let Kind::Scalar { text: t, quoted } = &n.kind else {
        return err(n.pos, format!("`{key}`: expected a number or a string"));
    };
    if !quoted && yaml::int(t).is_some() {
        return lw.num(m, key, (4, 4), 0, &[], Pack::Strict).map(Some);
    }
    let shndx = shndx.unwrap_or(0);
    let Some(table) = secs
        .by_index
        .get(&shndx)
        .and_then(|&i| secs.list.get(i))
        .and_then(|x| x.strtab.as_ref())
    else {
        return err(
            n.pos,
            format!("`{key}`: `{t}` needs `st_shndx` to name a string table (section {shndx} is not one)"),
        );
    };
    match table.lookup(t) {
        Some(o) => Ok(Some(o)),
        None => err(
            n.pos,
            format!("`{key}`: `{t}` is not in the string table section {shndx} (the symbol's `st_shndx`)"),
        ),
    }
}
