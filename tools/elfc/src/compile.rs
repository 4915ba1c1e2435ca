//! Lowering a description to bytes through [`libelf::edit::Object`].

use std::cell::Cell;
use std::collections::HashMap;

use libelf::edit::{Fill, Layout, Object, SectionData};
use libelf::read::{FileHeader, ProgramHeader, SectionHeader, StringFinder};
use libelf::{Class, Endian};

use crate::ast::{Body, Content, Expr, Field, Func, Item, Op, RecordKind, Value};
use crate::error::{err, Error, Result};
use crate::{keys, names};
use crate::{Options, MAX_OUTPUT};

const SHT_NULL: u32 = 0;
const SHT_PROGBITS: u32 = 1;
const SHT_SYMTAB: u32 = 2;
const SHT_STRTAB: u32 = 3;
const SHT_RELA: u32 = 4;
const SHT_DYNAMIC: u32 = 6;
const SHT_NOTE: u32 = 7;
const SHT_NOBITS: u32 = 8;
const SHT_REL: u32 = 9;
const SHT_DYNSYM: u32 = 11;
const SHT_SYMTAB_SHNDX: u32 = 18;
/// `st_shndx` of a symbol whose section index is in the `SHT_SYMTAB_SHNDX` section.
const SHN_XINDEX: u64 = 0xffff;
const SHN_LORESERVE: usize = 0xff00;

const HEADER_KEYS: &[&[&str]] = &[
    &[
        "class",
        "data",
        "osabi",
        "abiversion",
        "type",
        "machine",
        "version",
        "entry",
        "flags",
    ],
    keys::EHDR,
];
const SECTION_KEYS: &[&[&str]] = &[
    &[
        "type", "flags", "addr", "offset", "size", "link", "info", "align", "entsize",
    ],
    keys::SHDR,
];
const SEGMENT_KEYS: &[&[&str]] = &[&[
    "type", "flags", "offset", "vaddr", "paddr", "filesz", "memsz", "align", "p_type", "p_flags",
    "p_offset", "p_vaddr", "p_paddr", "p_filesz", "p_memsz", "p_align",
]];
const SYM_KEYS: &[&[&str]] = &[&[
    "name",
    "value",
    "size",
    "type",
    "bind",
    "visibility",
    "other",
    "section",
    "st_name",
    "st_info",
    "st_other",
    "st_shndx",
    "st_value",
    "st_size",
]];
const REL_KEYS: &[&[&str]] = &[&[
    "offset", "sym", "type", "addend", "r_offset", "r_info", "r_addend",
]];
const DYN_KEYS: &[&[&str]] = &[&["tag", "value", "d_tag", "d_val"]];
const NOTE_KEYS: &[&[&str]] = &[&["name", "type", "desc", "n_type"]];

/// A field key as one of the known keys' `&'static str` (no allocation per field), or
/// owned if unknown.
pub(crate) fn intern_key(key: String) -> std::borrow::Cow<'static, str> {
    [
        HEADER_KEYS,
        SECTION_KEYS,
        SEGMENT_KEYS,
        SYM_KEYS,
        REL_KEYS,
        DYN_KEYS,
        NOTE_KEYS,
    ]
    .iter()
    .flat_map(|lists| lists.iter().flat_map(|k| k.iter()))
    .find(|&&k| k == key)
    .map_or(std::borrow::Cow::Owned(key), |&k| {
        std::borrow::Cow::Borrowed(k)
    })
}

fn check_keys(fields: &[Field], allowed: &[&[&str]], what: &str) -> Result<()> {
    for f in fields {
        if let Err(all) = keys::check(&f.key, allowed) {
            let msg = format!("unknown {what} field `{}`; expected one of {all}", f.key);
            return err(f.pos, msg);
        }
    }
    Ok(())
}

/// The last field with any of the keys (a raw `sh_*` name and its friendly alias).
fn get<'f>(fields: &'f [Field], keys: &[&str]) -> Option<&'f Field> {
    fields.iter().rev().find(|f| keys.contains(&f.key.as_ref()))
}

/// A section as declared.
struct SecDecl {
    name: Vec<u8>,
    pos: usize,
    fields: Vec<Field>,
    contents: Vec<Content>,
}

/// Layout facts from the previous pass, which expressions may refer to.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
struct Env {
    /// `(offset, size, addr)` per section.
    secs: Vec<(u64, u64, u64)>,
    /// Label → (section, offset in it).
    labels: HashMap<String, (usize, u64)>,
}

struct Ctx<'a> {
    class: Class,
    endian: Endian,
    machine: u16,
    names: HashMap<Vec<u8>, usize>,
    label_sec: HashMap<String, usize>,
    env: &'a Env,
    used_layout: Cell<bool>,
}

impl Ctx<'_> {
    fn addr_size(&self) -> u64 {
        self.class.addr_size() as u64
    }

    fn sec_info(&self, i: usize) -> (u64, u64, u64) {
        self.used_layout.set(true);
        self.env.secs.get(i).copied().unwrap_or_default()
    }

    fn eval(&self, e: &Expr, prefixes: &[&str]) -> Result<u64> {
        Ok(match e {
            Expr::Num(n) => *n,
            Expr::Neg(a) => self.eval(a, prefixes)?.wrapping_neg(),
            Expr::Not(a) => !self.eval(a, prefixes)?,
            Expr::Param(p, pos) => match &**p {
                "class" => match self.class {
                    Class::Elf32 => 32,
                    Class::Elf64 => 64,
                },
                "addrsize" => self.addr_size(),
                "data" => match self.endian {
                    Endian::Little => 1,
                    Endian::Big => 2,
                },
                _ => {
                    return err(
                        *pos,
                        format!("unknown parameter `${p}`; expected $class, $data or $addrsize"),
                    )
                }
            },
            Expr::Ident(name, pos) => {
                if name.starts_with('.') {
                    match self.names.get(name.as_bytes()) {
                        Some(&i) => i as u64,
                        None => return err(*pos, format!("no section named `{name}`")),
                    }
                } else if let Some(v) = names::lookup(name, prefixes) {
                    v
                } else if let Some(&(sec, off)) = self.label_ref(name) {
                    self.sec_info(sec).2.wrapping_add(off)
                } else if let Some(v) = name
                    .starts_with("R_")
                    .then(|| names::reloc_type(name, self.machine))
                    .flatten()
                {
                    v
                } else {
                    return err(*pos, format!("unknown name `{name}`"));
                }
            }
            Expr::Func(f, r, pos) => self.func(*f, r, *pos)?,
            Expr::Bin(op, a, b) => {
                let (a, b) = (self.eval(a, prefixes)?, self.eval(b, prefixes)?);
                match op {
                    Op::Or => a | b,
                    Op::Xor => a ^ b,
                    Op::And => a & b,
                    Op::Shl => a.checked_shl(b.try_into().unwrap_or(u32::MAX)).unwrap_or(0),
                    Op::Shr => a.checked_shr(b.try_into().unwrap_or(u32::MAX)).unwrap_or(0),
                    Op::Add => a.wrapping_add(b),
                    Op::Sub => a.wrapping_sub(b),
                    Op::Mul => a.wrapping_mul(b),
                    Op::Div | Op::Rem if b == 0 => return err(expr_pos(e), "division by zero"),
                    Op::Div => a / b,
                    Op::Rem => a % b,
                }
            }
        })
    }

    /// A label's section and offset (offset from the previous pass).
    fn label_ref(&self, name: &str) -> Option<&(usize, u64)> {
        self.label_sec.get(name)?;
        self.used_layout.set(true);
        self.env.labels.get(name).or(Some(&(usize::MAX, 0)))
    }

    fn func(&self, f: Func, r: &[u8], pos: usize) -> Result<u64> {
        if let Some(&i) = self.names.get(r) {
            if f == Func::Index {
                return Ok(i as u64);
            }
            let (off, size, addr) = self.sec_info(i);
            return Ok(match f {
                Func::Sizeof => size,
                Func::Offset => off,
                Func::Addr => addr,
                Func::End => off.wrapping_add(size),
                Func::Index => i as u64,
            });
        }
        let name = String::from_utf8_lossy(r);
        if let Some(&(sec, off)) = self.label_ref(&name) {
            let (soff, _, saddr) = self.sec_info(sec);
            return match f {
                Func::Addr => Ok(saddr.wrapping_add(off)),
                Func::Offset => Ok(soff.wrapping_add(off)),
                _ => err(
                    pos,
                    format!("`{name}` is a label; only addr() and offset() apply"),
                ),
            };
        }
        err(pos, format!("no section or label named `{name}`"))
    }

    fn value(&self, f: &Field, prefixes: &[&str]) -> Result<u64> {
        match &f.value {
            Value::Expr(e) => self.eval(e, prefixes),
            Value::Bytes(_) => err(f.pos, format!("`{}` takes a number, not a string", f.key)),
        }
    }

    fn field(&self, fields: &[Field], keys: &[&str], prefixes: &[&str]) -> Result<Option<u64>> {
        get(fields, keys)
            .map(|f| self.value(f, prefixes))
            .transpose()
    }

    fn narrow<T: TryFrom<u64>>(
        &self,
        fields: &[Field],
        keys: &[&str],
        prefixes: &[&str],
    ) -> Result<Option<T>> {
        let Some(f) = get(fields, keys) else {
            return Ok(None);
        };
        let v = self.value(f, prefixes)?;
        T::try_from(v).map(Some).or_else(|_| {
            err(
                f.pos,
                format!("value {v:#x} of `{}` does not fit its field", f.key),
            )
        })
    }

    fn put(&self, out: &mut Vec<u8>, v: u64, width: usize) {
        let bytes = match self.endian {
            Endian::Little => v.to_le_bytes(),
            Endian::Big => v.to_be_bytes(),
        };
        let slice = match self.endian {
            Endian::Little => bytes.get(..width),
            Endian::Big => bytes.get(8 - width..),
        };
        out.extend_from_slice(slice.unwrap_or_default());
    }
}

fn expr_pos(e: &Expr) -> usize {
    match e {
        Expr::Ident(_, p) | Expr::Param(_, p) | Expr::Func(_, _, p) => *p,
        Expr::Neg(a) | Expr::Not(a) | Expr::Bin(_, a, _) => expr_pos(a),
        Expr::Num(_) => 0,
    }
}

/// The name a record refers to: a string or a bare identifier.
fn name_of(v: &Value) -> Option<Vec<u8>> {
    match v {
        Value::Bytes(b) => Some(b.clone()),
        Value::Expr(Expr::Ident(i, _)) if !i.starts_with('.') => Some(i.as_bytes().to_vec()),
        _ => None,
    }
}

/// Where `s` first occurs NUL-terminated in a string table (whole or as a tail).
fn string_offset(table: &LazyFinder<'_>, s: &[u8]) -> Option<u64> {
    table
        .finder
        .get_or_init(|| StringFinder::new(table.data))
        .find(s)
        .map(u64::from)
}

/// A string table indexed on its first lookup: sections linked to one (a relocation
/// section to its symbol table) need not index it.
struct LazyFinder<'a> {
    data: &'a [u8],
    finder: std::cell::OnceCell<StringFinder<'a>>,
}

impl<'a> LazyFinder<'a> {
    fn new(data: &'a [u8]) -> Self {
        LazyFinder {
            data,
            finder: std::cell::OnceCell::new(),
        }
    }
}

fn check_size(len: u64, pos: usize) -> Result<()> {
    if len > MAX_OUTPUT {
        return err(
            pos,
            format!("size {len:#x} is over the limit of {MAX_OUTPUT:#x} bytes"),
        );
    }
    Ok(())
}

/// The whole description after the static pass.
struct Desc {
    header: Vec<Field>,
    segments: Vec<Vec<Field>>,
    sections: Vec<SecDecl>,
    fills: Vec<(Expr, usize, Vec<Content>)>,
}

fn collect(items: Vec<Item>) -> Result<Desc> {
    let mut d = Desc {
        header: Vec::new(),
        segments: Vec::new(),
        sections: Vec::new(),
        fills: Vec::new(),
    };
    for item in items {
        match item {
            Item::Header(f) => {
                check_keys(&f, HEADER_KEYS, "header")?;
                d.header.extend(f);
            }
            Item::Segment(f) => {
                check_keys(&f, SEGMENT_KEYS, "segment")?;
                d.segments.push(f);
            }
            Item::Section { name, pos, body } => {
                // Sized exactly: a description may hold millions of contents.
                let n = body
                    .iter()
                    .filter(|b| matches!(b, Body::Content(_)))
                    .count();
                let mut fields = Vec::new();
                let mut contents = Vec::with_capacity(n);
                for b in body {
                    match b {
                        Body::Field(f) => fields.push(*f),
                        Body::Content(c) => contents.push(c),
                    }
                }
                check_keys(&fields, SECTION_KEYS, "section")?;
                for c in &contents {
                    if let Content::Record(k, f, _) = c {
                        let keys = match k {
                            RecordKind::Sym => SYM_KEYS,
                            RecordKind::Rel | RecordKind::Rela => REL_KEYS,
                            RecordKind::Dyn => DYN_KEYS,
                            RecordKind::Note => NOTE_KEYS,
                        };
                        check_keys(f, keys, "record")?;
                    }
                }
                match name {
                    None if !d.sections.is_empty() => {
                        return err(pos, "`section null` must be the first section")
                    }
                    None => d.sections.push(SecDecl {
                        name: Vec::new(),
                        pos,
                        fields,
                        contents,
                    }),
                    Some(name) => {
                        if d.sections.is_empty() {
                            d.sections.push(SecDecl {
                                name: Vec::new(),
                                pos,
                                fields: Vec::new(),
                                contents: Vec::new(),
                            });
                        }
                        d.sections.push(SecDecl {
                            name,
                            pos,
                            fields,
                            contents,
                        });
                    }
                }
            }
            Item::Fill {
                offset,
                pos,
                contents,
            } => d.fills.push((offset, pos, contents)),
        }
    }
    let has_shstrtab = d.sections.iter().any(|s| s.name == b".shstrtab");
    let unnamed = d
        .sections
        .iter()
        .skip(1)
        .any(|s| get(&s.fields, &["sh_name"]).is_none());
    let given = get(&d.header, &["e_shstrndx"]).is_some();
    if d.sections.len() > 1 && !has_shstrtab && (!given || unnamed) {
        let pos = d.sections.last().map_or(0, |s| s.pos);
        d.sections.push(SecDecl {
            name: b".shstrtab".to_vec(),
            pos,
            fields: Vec::new(),
            contents: Vec::new(),
        });
    }
    Ok(d)
}

/// The section type implied by the contents.
fn implied_type(s: &SecDecl, index: usize) -> u32 {
    if index == 0 {
        return SHT_NULL;
    }
    for c in &s.contents {
        match c {
            Content::Record(RecordKind::Sym, ..) => {
                return if s.name == b".dynsym" {
                    SHT_DYNSYM
                } else {
                    SHT_SYMTAB
                }
            }
            Content::Record(RecordKind::Rel, ..) => return SHT_REL,
            Content::Record(RecordKind::Rela, ..) => return SHT_RELA,
            Content::Record(RecordKind::Dyn, ..) => return SHT_DYNAMIC,
            Content::Record(RecordKind::Note, ..) => return SHT_NOTE,
            Content::StrTab(_) => return SHT_STRTAB,
            _ => {}
        }
    }
    if s.contents.is_empty() && s.name == b".symtab_shndx" {
        return SHT_SYMTAB_SHNDX;
    }
    if s.contents.is_empty() && (s.name.ends_with(b"strtab") || s.name == b".dynstr") {
        return SHT_STRTAB;
    }
    if s.name == b".bss" || s.name.starts_with(b".bss.") || s.name == b".tbss" {
        return SHT_NOBITS;
    }
    SHT_PROGBITS
}

/// Compile a parsed description.
pub(crate) fn compile(items: Vec<Item>, opts: &Options) -> Result<Vec<u8>> {
    let desc = collect(items)?;
    let mut names_map = HashMap::new();
    for (i, s) in desc.sections.iter().enumerate().skip(1) {
        names_map.entry(s.name.clone()).or_insert(i);
    }
    let mut label_sec = HashMap::new();
    for (i, s) in desc.sections.iter().enumerate() {
        for c in &s.contents {
            if let Content::Label(l) = c {
                label_sec.insert(l.clone(), i);
            }
        }
    }
    let mut env = Env::default();
    for _ in 0..8 {
        let ctx = Ctx {
            class: Class::Elf64,
            endian: Endian::Little,
            machine: 0,
            names: names_map.clone(),
            label_sec: label_sec.clone(),
            env: &env,
            used_layout: Cell::new(false),
        };
        let (obj, new_env, used) = build(&desc, ctx, opts)?;
        if !used || new_env == env {
            return write(&obj, &desc);
        }
        env = new_env;
    }
    err(
        0,
        "the layout does not settle: offsets and sizes depend on each other",
    )
}

fn write(obj: &Object, desc: &Desc) -> Result<Vec<u8>> {
    // Check the output size first: Layout::Keep would allocate whatever the model says.
    let h = &obj.header;
    let mut end = 64u64;
    let mut pos = desc.header.first().map_or(0, |f| f.pos);
    let mut grow = |e: u64, p: usize| {
        if e > end {
            end = e;
            pos = p;
        }
    };
    let table = |off: u64, n: usize, stride: u16| {
        off.saturating_add((n as u64).saturating_mul(u64::from(stride)))
    };
    let hpos = |k: &str| get(&desc.header, &[k]).map_or(0, |f| f.pos);
    if !obj.sections.is_empty() {
        grow(
            table(h.e_shoff, obj.sections.len(), h.e_shentsize),
            hpos("e_shoff"),
        );
    }
    grow(
        table(h.e_phoff, obj.segments.len(), h.e_phentsize),
        hpos("e_phoff"),
    );
    for (s, d) in obj.sections.iter().zip(&desc.sections) {
        if let SectionData::Bytes(b) = &s.data {
            if s.header.has_file_data() && !b.is_empty() {
                grow(s.header.sh_offset.saturating_add(b.len() as u64), d.pos);
            }
        }
    }
    for (f, (_, p, _)) in obj.fills.iter().zip(&desc.fills) {
        grow(f.offset.saturating_add(f.bytes.len() as u64), *p);
    }
    if end > MAX_OUTPUT {
        return err(
            pos,
            format!("the output would be {end:#x} bytes, over the limit of {MAX_OUTPUT:#x}"),
        );
    }
    obj.write_with(Layout::Keep)
        .or_else(|e| err(pos, format!("cannot write the object: {e}")))
}

/// One pass: evaluate everything against the previous layout, lay out, and return the
/// object with the layout facts it produced.
fn build(desc: &Desc, mut ctx: Ctx<'_>, opts: &Options) -> Result<(Object, Env, bool)> {
    let hf = &desc.header;
    // Class and byte order: the command line wins over the description.
    ctx.class = match opts.class {
        Some(c) => c,
        None => match get(hf, &["class"]) {
            Some(f) => match ctx.value(f, &["ELFCLASS"])? {
                32 | 1 => Class::Elf32,
                64 | 2 => Class::Elf64,
                v => return err(f.pos, format!("class {v} is not 32 or 64")),
            },
            None => Class::Elf64,
        },
    };
    ctx.endian = match opts.endian {
        Some(e) => e,
        None => match get(hf, &["data"]) {
            Some(f) => match ctx.value(f, &["ELFDATA2"])? {
                1 => Endian::Little,
                2 => Endian::Big,
                v => return err(f.pos, format!("data {v} is not lsb (1) or msb (2)")),
            },
            None => Endian::Little,
        },
    };
    let e_type: u16 = ctx.narrow(hf, &["e_type", "type"], &["ET_"])?.unwrap_or(1);
    ctx.machine = ctx
        .narrow(hf, &["e_machine", "machine"], &["EM_"])?
        .unwrap_or(0);
    let elf64 = ctx.class == Class::Elf64;
    let (ehsize, phentsize, shentsize) = if elf64 {
        (64u16, 56u16, 64u16)
    } else {
        (52, 32, 40)
    };
    let mut obj = Object::new(ctx.class, ctx.endian, e_type, ctx.machine);
    let mut h = FileHeader {
        e_type,
        e_machine: ctx.machine,
        ..obj.header
    };
    if let Some(f) = get(hf, &["e_ident"]) {
        match &f.value {
            Value::Bytes(b) if b.len() <= 16 => {
                h.e_ident = [0; 16];
                for (d, s) in h.e_ident.iter_mut().zip(b) {
                    *d = *s;
                }
            }
            _ => return err(f.pos, "e_ident takes at most 16 bytes: hex \"7f454c46…\""),
        }
    } else {
        if let Some(v) = ctx.narrow::<u8>(hf, &["osabi"], &["ELFOSABI_"])? {
            h.e_ident[7] = v;
        }
        if let Some(v) = ctx.narrow::<u8>(hf, &["abiversion"], &[])? {
            h.e_ident[8] = v;
        }
    }
    h.e_version = ctx.narrow(hf, &["e_version", "version"], &[])?.unwrap_or(1);
    h.e_entry = ctx.field(hf, &["e_entry", "entry"], &[])?.unwrap_or(0);
    h.e_flags = ctx.narrow(hf, &["e_flags", "flags"], &[])?.unwrap_or(0);
    h.e_ehsize = ctx.narrow(hf, &["e_ehsize"], &[])?.unwrap_or(ehsize);

    // Sections: types and links first, for the string tables.
    let n = desc.sections.len();
    let mut types = Vec::with_capacity(n);
    for (i, s) in desc.sections.iter().enumerate() {
        types.push(
            ctx.narrow(&s.fields, &["sh_type", "type"], &["SHT_"])?
                .unwrap_or(implied_type(s, i)),
        );
    }
    let find = |name: &[u8]| ctx.names.get(name).copied();
    let mut links = Vec::with_capacity(n);
    let mut raw_links = Vec::with_capacity(n);
    for (i, s) in desc.sections.iter().enumerate() {
        let t = types.get(i).copied().unwrap_or(0);
        let default = match t {
            SHT_SYMTAB => find(b".strtab"),
            SHT_DYNSYM | SHT_DYNAMIC => find(b".dynstr"),
            SHT_SYMTAB_SHNDX => find(b".symtab"),
            SHT_REL | SHT_RELA => {
                if s.name.starts_with(b".rela.dyn")
                    || s.name.starts_with(b".rel.dyn")
                    || s.name.ends_with(b".plt")
                {
                    find(b".dynsym")
                } else {
                    find(b".symtab")
                }
            }
            5 | 0x6fff_fff6 | 0x6fff_ffff => find(b".dynsym"),
            _ => None,
        };
        // A link out of range is written as given, but names still resolve through
        // the usual table, so a bad `sh_link` is easy to describe.
        let raw = ctx.narrow::<u32>(&s.fields, &["sh_link", "link"], &[])?;
        let resolve = match raw {
            Some(v) if (v as usize) < n => v as usize,
            _ => default.unwrap_or(0),
        };
        links.push(resolve);
        raw_links.push(raw.unwrap_or(resolve as u32));
    }
    // Names resolve through e_shstrndx when it is a section, else through `.shstrtab`.
    let shstrndx = match get(hf, &["e_shstrndx"]) {
        Some(f) => Some(ctx.value(f, &[])? as usize).filter(|&i| i > 0 && i < n),
        None => None,
    }
    .or_else(|| find(b".shstrtab"))
    .unwrap_or(0);

    // String requests for generated string tables.
    let mut requests: HashMap<usize, Vec<Vec<u8>>> = HashMap::new();
    for (i, s) in desc.sections.iter().enumerate() {
        let link = links.get(i).copied().unwrap_or(0);
        if i > 0 && get(&s.fields, &["sh_name"]).is_none() {
            requests.entry(shstrndx).or_default().push(s.name.clone());
        }
        for c in &s.contents {
            if let Content::Record(k, f, _) = c {
                let key = match k {
                    RecordKind::Sym if get(f, &["st_name"]).is_none() => "name",
                    RecordKind::Dyn => "value",
                    _ => continue,
                };
                if let Some(name) = get(f, &[key]).and_then(|f| match (&f.value, k) {
                    (Value::Bytes(b), _) => Some(b.clone()),
                    (v, RecordKind::Sym) => name_of(v),
                    _ => None,
                }) {
                    requests.entry(link).or_default().push(name);
                }
            }
        }
    }
    // Contents: generated string tables and plain sections first, then records, which
    // look names up in the tables of the first round: each table is indexed once, however
    // many sections use it.
    let mut datas: Vec<Option<Vec<u8>>> = vec![None; n];
    let mut labels = HashMap::new();
    let has_records = |s: &SecDecl| s.contents.iter().any(|c| matches!(c, Content::Record(..)));
    let align_of = |s: &SecDecl| -> Result<u64> {
        Ok(ctx
            .field(&s.fields, &["sh_addralign", "align"], &[])?
            .unwrap_or(4))
    };
    let no_strings = LazyFinder::new(&[]);
    let no_symbols = HashMap::new();
    for (i, s) in desc.sections.iter().enumerate() {
        if has_records(s) {
            continue;
        }
        let t = types.get(i).copied().unwrap_or(0);
        let data = if i > 0 && t == SHT_STRTAB && s.contents.is_empty() {
            let mut table = vec![0u8];
            let mut seen = std::collections::HashSet::new();
            for r in requests.get(&i).into_iter().flatten() {
                if !r.is_empty() && seen.insert(r.as_slice()) {
                    table.extend_from_slice(r);
                    table.push(0);
                }
            }
            table
        } else {
            let mut out = Vec::new();
            let align = align_of(s)?;
            emit(
                &ctx,
                &s.contents,
                &mut out,
                &no_strings,
                &no_symbols,
                align,
                i,
                &mut labels,
                &mut XIndex::default(),
            )?;
            out
        };
        if let Some(d) = datas.get_mut(i) {
            *d = Some(data);
        }
    }
    let mut late = Vec::new();
    let mut xindexes: HashMap<usize, XIndex> = HashMap::new();
    {
        let mut finders: HashMap<usize, LazyFinder<'_>> = HashMap::new();
        let mut symbol_maps: HashMap<usize, HashMap<Vec<u8>, u64>> = HashMap::new();
        for (i, s) in desc.sections.iter().enumerate() {
            if !has_records(s) {
                continue;
            }
            let link = links.get(i).copied().unwrap_or(0);
            let strtab = finders.entry(link).or_insert_with(|| {
                LazyFinder::new(
                    datas
                        .get(link)
                        .and_then(Option::as_deref)
                        .unwrap_or_default(),
                )
            });
            let symtab = symbol_maps
                .entry(link)
                .or_insert_with(|| symbol_indices(desc.sections.get(link)));
            let mut out = Vec::new();
            let mut x = XIndex::default();
            let align = align_of(s)?;
            emit(
                &ctx,
                &s.contents,
                &mut out,
                strtab,
                symtab,
                align,
                i,
                &mut labels,
                &mut x,
            )?;
            if !x.entries.is_empty() {
                xindexes.insert(i, x);
            }
            late.push((i, out));
        }
    }
    for (i, out) in late {
        if let Some(d) = datas.get_mut(i) {
            *d = Some(out);
        }
    }
    // Generated `SHT_SYMTAB_SHNDX` sections: the entries of the symbol table they link.
    for (i, s) in desc.sections.iter().enumerate() {
        if types.get(i) != Some(&SHT_SYMTAB_SHNDX) || !s.contents.is_empty() {
            continue;
        }
        let link = links.get(i).copied().unwrap_or(0);
        let x = xindexes.remove(&link).unwrap_or_default();
        let mut out = Vec::with_capacity(x.entries.len() * 4);
        for v in x.entries {
            ctx.put(&mut out, u64::from(v), 4);
        }
        if let Some(d) = datas.get_mut(i) {
            *d = Some(out);
        }
    }
    if let Some(pos) = xindexes.values().filter_map(|x| x.first).min() {
        return err(
            pos,
            "a section index from 0xff00 on needs SHN_XINDEX: add `section .symtab_shndx { }` \
             after the symbol table",
        );
    }

    // Layout.
    let segs = desc.segments.len();
    h.e_phoff = match get(hf, &["e_phoff"]) {
        Some(f) => ctx.value(f, &[])?,
        None if segs > 0 => u64::from(ehsize),
        None => 0,
    };
    h.e_phentsize = ctx
        .narrow(hf, &["e_phentsize"], &[])?
        .unwrap_or(if segs > 0 { phentsize } else { 0 });
    let mut pos =
        u64::from(ehsize).max(h.e_phoff.saturating_add(segs as u64 * u64::from(phentsize)));
    let mut headers = Vec::with_capacity(n);
    let mut new_env = Env {
        secs: Vec::with_capacity(n),
        labels,
    };
    for (i, s) in desc.sections.iter().enumerate() {
        let f = &s.fields;
        let t = types.get(i).copied().unwrap_or(0);
        let len = datas
            .get(i)
            .and_then(Option::as_ref)
            .map_or(0, |d| d.len() as u64);
        let (def_align, def_entsize) = match t {
            SHT_SYMTAB | SHT_DYNSYM => (ctx.addr_size(), if elf64 { 24 } else { 16 }),
            SHT_RELA => (ctx.addr_size(), if elf64 { 24 } else { 12 }),
            SHT_REL => (ctx.addr_size(), if elf64 { 16 } else { 8 }),
            SHT_DYNAMIC => (ctx.addr_size(), if elf64 { 16 } else { 8 }),
            SHT_NOTE => (4, 0),
            SHT_SYMTAB_SHNDX => (4, 4),
            _ if i == 0 => (0, 0),
            _ => (1, 0),
        };
        let mut sh = SectionHeader {
            sh_name: 0,
            sh_type: t,
            sh_flags: ctx
                .field(f, &["sh_flags", "flags"], &["SHF_"])?
                .unwrap_or(0),
            sh_addr: ctx.field(f, &["sh_addr", "addr"], &[])?.unwrap_or(0),
            sh_offset: 0,
            sh_size: 0,
            sh_link: raw_links.get(i).copied().unwrap_or(0),
            sh_info: 0,
            sh_addralign: ctx
                .field(f, &["sh_addralign", "align"], &[])?
                .unwrap_or(def_align),
            sh_entsize: ctx
                .field(f, &["sh_entsize", "entsize"], &[])?
                .unwrap_or(def_entsize),
        };
        sh.sh_info = match ctx.narrow::<u32>(f, &["sh_info", "info"], &[])? {
            Some(v) => v,
            None => match t {
                SHT_SYMTAB | SHT_DYNSYM => first_global(&ctx, s)?,
                SHT_REL | SHT_RELA => {
                    let target = s
                        .name
                        .strip_prefix(if t == SHT_RELA {
                            &b".rela"[..]
                        } else {
                            b".rel"
                        })
                        .and_then(find);
                    if target.is_some() && get(f, &["sh_flags", "flags"]).is_none() {
                        sh.sh_flags |= 0x40;
                    }
                    target.unwrap_or(0) as u32
                }
                _ => 0,
            },
        };
        let file_data = t != SHT_NOBITS && t != SHT_NULL;
        sh.sh_offset = match get(f, &["sh_offset", "offset"]) {
            Some(fl) => ctx.value(fl, &[])?,
            None if i == 0 => 0,
            None => {
                let a = sh.sh_addralign;
                if a > 1 && a <= MAX_OUTPUT {
                    pos.div_ceil(a).saturating_mul(a)
                } else {
                    pos
                }
            }
        };
        if file_data {
            pos = pos.max(sh.sh_offset.saturating_add(len));
        }
        sh.sh_size = match ctx.field(f, &["sh_size", "size"], &[])? {
            Some(v) => v,
            None if file_data => len,
            None => 0,
        };
        new_env.secs.push((sh.sh_offset, sh.sh_size, sh.sh_addr));
        headers.push(sh);
    }
    // Section names in the section name table.
    let shstr = LazyFinder::new(
        datas
            .get(shstrndx)
            .and_then(Option::as_deref)
            .unwrap_or_default(),
    );
    for (i, (s, sh)) in desc.sections.iter().zip(headers.iter_mut()).enumerate() {
        sh.sh_name = match ctx.narrow::<u32>(&s.fields, &["sh_name"], &[])? {
            Some(v) => v,
            None if i == 0 => 0,
            None => match string_offset(&shstr, &s.name) {
                Some(o) => o as u32,
                None => {
                    return err(
                        s.pos,
                        format!(
                            "section name `{}` is not in the section name table; give sh_name",
                            String::from_utf8_lossy(&s.name)
                        ),
                    )
                }
            },
        };
    }
    // The section header table and the counts.
    h.e_shoff = match get(hf, &["e_shoff"]) {
        Some(f) => ctx.value(f, &[])?,
        None if n > 0 => pos.div_ceil(ctx.addr_size()) * ctx.addr_size(),
        None => 0,
    };
    h.e_shentsize =
        ctx.narrow(hf, &["e_shentsize"], &[])?
            .unwrap_or(if n > 0 { shentsize } else { 0 });
    let s0 = desc
        .sections
        .first()
        .map(|s| s.fields.as_slice())
        .unwrap_or_default();
    h.e_shnum = match ctx.narrow(hf, &["e_shnum"], &[])? {
        Some(v) => v,
        None if n >= SHN_LORESERVE => {
            if let (Some(sh), None) = (headers.first_mut(), get(s0, &["sh_size", "size"])) {
                sh.sh_size = n as u64;
            }
            0
        }
        None => n as u16,
    };
    h.e_shstrndx = match ctx.narrow(hf, &["e_shstrndx"], &[])? {
        Some(v) => v,
        None if shstrndx >= SHN_LORESERVE => {
            if let (Some(sh), None) = (headers.first_mut(), get(s0, &["sh_link", "link"])) {
                sh.sh_link = shstrndx as u32;
            }
            0xffff
        }
        None => shstrndx as u16,
    };
    h.e_phnum = match ctx.narrow(hf, &["e_phnum"], &[])? {
        Some(v) => v,
        None if segs >= 0xffff => {
            if let (Some(sh), None) = (headers.first_mut(), get(s0, &["sh_info", "info"])) {
                sh.sh_info = segs as u32;
            }
            0xffff
        }
        None => segs as u16,
    };
    obj.header = h;

    // Program headers.
    for f in &desc.segments {
        let vaddr = ctx.field(f, &["p_vaddr", "vaddr"], &[])?.unwrap_or(0);
        let filesz = ctx.field(f, &["p_filesz", "filesz"], &[])?.unwrap_or(0);
        obj.segments.push(ProgramHeader {
            p_type: ctx.narrow(f, &["p_type", "type"], &["PT_"])?.unwrap_or(1),
            p_flags: ctx.narrow(f, &["p_flags", "flags"], &["PF_"])?.unwrap_or(0),
            p_offset: ctx.field(f, &["p_offset", "offset"], &[])?.unwrap_or(0),
            p_vaddr: vaddr,
            p_paddr: ctx.field(f, &["p_paddr", "paddr"], &[])?.unwrap_or(vaddr),
            p_filesz: filesz,
            p_memsz: ctx.field(f, &["p_memsz", "memsz"], &[])?.unwrap_or(filesz),
            p_align: ctx.field(f, &["p_align", "align"], &[])?.unwrap_or(1),
        });
    }

    // Sections into the model.
    if n == 0 {
        obj.sections.clear();
    }
    for (i, (sh, data)) in headers.into_iter().zip(datas).enumerate() {
        let data = SectionData::Bytes(data.unwrap_or_default());
        let name = desc
            .sections
            .get(i)
            .map(|s| s.name.as_slice())
            .unwrap_or_default();
        let idx = if i == 0 {
            0
        } else {
            obj.add_section(
                name,
                sh.sh_type,
                sh.sh_flags,
                SectionData::Bytes(Vec::new()),
            )
        };
        if let Some(s) = obj.sections.get_mut(idx) {
            s.header = sh;
            s.data = data;
        }
    }

    // Fills.
    for (offset, fpos, contents) in &desc.fills {
        let offset = ctx.eval(offset, &[])?;
        let mut bytes = Vec::new();
        let mut labels = HashMap::new();
        emit(
            &ctx,
            contents,
            &mut bytes,
            &LazyFinder::new(&[]),
            &HashMap::new(),
            4,
            usize::MAX,
            &mut labels,
            &mut XIndex::default(),
        )?;
        check_size(offset.saturating_add(bytes.len() as u64), *fpos)?;
        obj.fills.push(Fill { offset, bytes });
    }
    let used = ctx.used_layout.get();
    Ok((obj, new_env, used))
}

/// `sh_info` of a symbol table: the index of the first non-local symbol.
fn first_global(ctx: &Ctx<'_>, s: &SecDecl) -> Result<u32> {
    let mut n = 1u32;
    for c in &s.contents {
        if let Content::Record(RecordKind::Sym, f, _) = c {
            let bind = match ctx.field(f, &["st_info"], &[])? {
                Some(info) => info >> 4,
                None => ctx.field(f, &["bind"], &["STB_"])?.unwrap_or(0),
            };
            if bind != 0 {
                break;
            }
            n = n.saturating_add(1);
        }
    }
    Ok(n)
}

/// The index of each symbol name (its first symbol) in symbol table section `symtab`.
fn symbol_indices(symtab: Option<&SecDecl>) -> HashMap<Vec<u8>, u64> {
    let mut map = HashMap::new();
    let mut i = 0u64;
    for c in symtab.map(|s| s.contents.as_slice()).unwrap_or_default() {
        if let Content::Record(RecordKind::Sym, f, _) = c {
            i += 1;
            if let Some(name) = get(f, &["name"]).and_then(|f| name_of(&f.value)) {
                map.entry(name).or_insert(i);
            }
        }
    }
    map
}

/// The `SHT_SYMTAB_SHNDX` entries of a symbol table being encoded: one per symbol (the
/// null symbol included), nonzero for those whose `st_shndx` is `SHN_XINDEX`, and where
/// the first of those was asked for.
#[derive(Debug, Default)]
struct XIndex {
    entries: Vec<u32>,
    first: Option<usize>,
}

/// Encode contents into `out`.
#[allow(clippy::too_many_arguments)]
fn emit(
    ctx: &Ctx<'_>,
    contents: &[Content],
    out: &mut Vec<u8>,
    strtab: &LazyFinder<'_>,
    symtab: &HashMap<Vec<u8>, u64>,
    align: u64,
    sec: usize,
    labels: &mut HashMap<String, (usize, u64)>,
    xindex: &mut XIndex,
) -> Result<()> {
    let word = ctx.addr_size() as usize;
    let elf64 = ctx.class == Class::Elf64;
    let mut null_sym = true;
    for c in contents {
        match c {
            Content::Bytes(b) => out.extend_from_slice(b),
            Content::StrTab(strings) => {
                for s in strings {
                    out.extend_from_slice(s);
                    out.push(0);
                }
            }
            Content::Words(..) | Content::Word(..) => {
                let (w, exprs) = match c {
                    Content::Words(w, exprs) => (*w, exprs.as_ref()),
                    Content::Word(w, e) => (*w, std::slice::from_ref(e)),
                    _ => continue,
                };
                let width = if w == 0 { word } else { usize::from(w) };
                for e in exprs {
                    let v = ctx.eval(e, &[])?;
                    let fits = width == 8
                        || v < 1 << (width * 8)
                        || (v as i64) >= -(1i64 << (width * 8 - 1));
                    if !fits {
                        return err(
                            expr_pos(e),
                            format!("value {v:#x} does not fit in {width} bytes"),
                        );
                    }
                    ctx.put(out, v, width);
                }
            }
            Content::Zeros(e, p) => {
                let n = ctx.eval(e, &[])?;
                check_size((out.len() as u64).saturating_add(n), *p)?;
                out.resize(out.len() + n as usize, 0);
            }
            Content::Align(e, p) => {
                let a = ctx.eval(e, &[])?;
                if a == 0 || a > MAX_OUTPUT {
                    return err(
                        *p,
                        format!("alignment {a:#x} is not between 1 and {MAX_OUTPUT:#x}"),
                    );
                }
                let len = (out.len() as u64).div_ceil(a).saturating_mul(a);
                check_size(len, *p)?;
                out.resize(len as usize, 0);
            }
            Content::Label(l) => {
                labels.insert(l.clone(), (sec, out.len() as u64));
            }
            Content::Record(kind, f, _) => match kind {
                RecordKind::Sym => {
                    if std::mem::take(&mut null_sym) {
                        xindex.entries.push(0);
                        out.resize(out.len() + if elf64 { 24 } else { 16 }, 0);
                    }
                    let st_name = match ctx.field(f, &["st_name"], &[])? {
                        Some(v) => v,
                        None => match get(f, &["name"]) {
                            None => 0,
                            Some(fl) => {
                                let name = name_of(&fl.value).unwrap_or_default();
                                string_offset(strtab, &name).ok_or_else(|| Error {
                                    pos: fl.pos,
                                    msg: format!(
                                        "`{}` is not in the symbol table's string table",
                                        String::from_utf8_lossy(&name)
                                    ),
                                })?
                            }
                        },
                    };
                    let info = match ctx.field(f, &["st_info"], &[])? {
                        Some(v) => v,
                        None => {
                            let b = ctx.field(f, &["bind"], &["STB_"])?.unwrap_or(0);
                            let t = ctx.field(f, &["type"], &["STT_"])?.unwrap_or(0);
                            (b << 4) | (t & 0xf)
                        }
                    };
                    let other = ctx
                        .field(f, &["st_other", "other", "visibility"], &["STV_"])?
                        .unwrap_or(0);
                    let mut shndx = ctx
                        .field(f, &["st_shndx", "section"], &["SHN_"])?
                        .unwrap_or(0);
                    // `section:` naming a section from SHN_LORESERVE on (or a number past
                    // 16 bits) goes through SHN_XINDEX and the `SHT_SYMTAB_SHNDX` section.
                    let extended = get(f, &["st_shndx", "section"]).filter(|fl| {
                        fl.key == "section"
                            && match &fl.value {
                                Value::Expr(Expr::Ident(n, _)) if n.starts_with('.') => {
                                    shndx >= SHN_LORESERVE as u64
                                }
                                _ => shndx > 0xffff,
                            }
                    });
                    match extended {
                        Some(fl) => {
                            let Ok(real) = u32::try_from(shndx) else {
                                return err(
                                    fl.pos,
                                    format!("section index {shndx:#x} does not fit 32 bits"),
                                );
                            };
                            xindex.entries.push(real);
                            xindex.first.get_or_insert(fl.pos);
                            shndx = SHN_XINDEX;
                        }
                        None => xindex.entries.push(0),
                    }
                    for (v, width, key) in [(st_name, 4, "st_name"), (shndx, 2, "st_shndx")] {
                        if v >> (width * 8) != 0 {
                            let pos =
                                get(f, &[key, if key == "st_name" { "name" } else { "section" }])
                                    .map_or(0, |fl| fl.pos);
                            return err(pos, format!("value {v:#x} does not fit `{key}`"));
                        }
                    }
                    let value = ctx.field(f, &["st_value", "value"], &[])?.unwrap_or(0);
                    let size = ctx.field(f, &["st_size", "size"], &[])?.unwrap_or(0);
                    if elf64 {
                        ctx.put(out, st_name, 4);
                        ctx.put(out, info, 1);
                        ctx.put(out, other, 1);
                        ctx.put(out, shndx, 2);
                        ctx.put(out, value, 8);
                        ctx.put(out, size, 8);
                    } else {
                        ctx.put(out, st_name, 4);
                        ctx.put(out, value, 4);
                        ctx.put(out, size, 4);
                        ctx.put(out, info, 1);
                        ctx.put(out, other, 1);
                        ctx.put(out, shndx, 2);
                    }
                }
                RecordKind::Rel | RecordKind::Rela => {
                    let offset = ctx.field(f, &["r_offset", "offset"], &[])?.unwrap_or(0);
                    let info = match ctx.field(f, &["r_info"], &[])? {
                        Some(v) => v,
                        None => {
                            let sym = match get(f, &["sym"]) {
                                None => 0,
                                Some(fl) => {
                                    match name_of(&fl.value).and_then(|n| symtab.get(&n).copied()) {
                                        Some(i) => i,
                                        None => ctx.value(fl, &[])?,
                                    }
                                }
                            };
                            let t = ctx.field(f, &["type"], &[])?.unwrap_or(0);
                            if elf64 {
                                (sym << 32) | (t & 0xffff_ffff)
                            } else {
                                (sym << 8) | (t & 0xff)
                            }
                        }
                    };
                    ctx.put(out, offset, word);
                    ctx.put(out, info, word);
                    if *kind == RecordKind::Rela {
                        let addend = ctx.field(f, &["r_addend", "addend"], &[])?.unwrap_or(0);
                        ctx.put(out, addend, word);
                    }
                }
                RecordKind::Dyn => {
                    let tag = ctx.field(f, &["d_tag", "tag"], &["DT_"])?.unwrap_or(0);
                    let val = match get(f, &["d_val", "value"]) {
                        None => 0,
                        Some(fl) => match &fl.value {
                            Value::Bytes(b) => string_offset(strtab, b).ok_or_else(|| Error {
                                pos: fl.pos,
                                msg: "string not in the dynamic string table".into(),
                            })?,
                            Value::Expr(e) => ctx.eval(e, &[])?,
                        },
                    };
                    ctx.put(out, tag, word);
                    ctx.put(out, val, word);
                }
                RecordKind::Note => {
                    let name = get(f, &["name"])
                        .and_then(|f| name_of(&f.value))
                        .unwrap_or_default();
                    let desc = match get(f, &["desc"]) {
                        None => Vec::new(),
                        Some(fl) => match &fl.value {
                            Value::Bytes(b) => b.clone(),
                            Value::Expr(_) => {
                                return err(fl.pos, "desc takes a string or hex \"…\"")
                            }
                        },
                    };
                    let t = ctx
                        .field(f, &["type", "n_type"], &["NT_GNU_", "NT_"])?
                        .unwrap_or(0);
                    let a = if align == 8 { 8 } else { 4 };
                    let namesz = if name.is_empty() { 0 } else { name.len() + 1 };
                    ctx.put(out, namesz as u64, 4);
                    ctx.put(out, desc.len() as u64, 4);
                    ctx.put(out, t, 4);
                    out.extend_from_slice(&name);
                    out.resize(out.len() + namesz.div_ceil(a) * a - name.len(), 0);
                    let start = out.len();
                    out.extend_from_slice(&desc);
                    out.resize(start + desc.len().div_ceil(a) * a, 0);
                }
            },
        }
        check_size(out.len() as u64, 0)?;
    }
    Ok(())
}
