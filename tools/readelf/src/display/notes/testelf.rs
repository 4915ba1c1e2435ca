//! A tiny ELF writer for the display tests: a file header, the given sections (data
//! 8-aligned after the header), `.shstrtab` last, and the section header table.

use crate::diag::Diag;
use crate::options::Options;

/// One section: name, type, flags, address, data, link, info, entsize, alignment.
#[derive(Debug, Clone, Default)]
pub struct Sec {
    pub name: &'static str,
    pub sh_type: u32,
    pub flags: u64,
    pub addr: u64,
    pub data: Vec<u8>,
    pub link: u32,
    pub info: u32,
    pub entsize: u64,
    pub align: u64,
}

impl Sec {
    /// A section of the common kind: name, type, data and alignment; no flags, address,
    /// link, info or entry size.
    pub fn new(name: &'static str, sh_type: u32, data: Vec<u8>, align: u64) -> Self {
        Self {
            name,
            sh_type,
            data,
            align,
            ..Self::default()
        }
    }
}

fn put(out: &mut Vec<u8>, v: u64, n: usize) {
    out.extend_from_slice(&v.to_le_bytes()[..n]);
}

/// A little-endian ELF file (`elf64` or ELF32) of type `e_type` for `machine`.
pub fn build(elf64: bool, e_type: u16, machine: u16, secs: &[Sec]) -> Vec<u8> {
    let ehsize = if elf64 { 64 } else { 52 };
    let mut out = vec![0u8; ehsize];
    let mut names = vec![0u8];
    let mut hdrs: Vec<(u32, Sec, u64)> = vec![(0, Sec::default(), 0)];
    let all: Vec<Sec> = secs
        .iter()
        .cloned()
        .chain([Sec {
            name: ".shstrtab",
            sh_type: 3,
            align: 1,
            ..Sec::default()
        }])
        .collect();
    let mut name_offs = Vec::new();
    for s in &all {
        name_offs.push(names.len() as u32);
        names.extend(s.name.as_bytes());
        names.push(0);
    }
    for (i, mut s) in all.into_iter().enumerate() {
        if i == secs.len() {
            s.data = names.clone();
        }
        while out.len() % 8 != 0 {
            out.push(0);
        }
        let off = out.len() as u64;
        out.extend_from_slice(&s.data);
        hdrs.push((name_offs[i], s, off));
    }
    while out.len() % 8 != 0 {
        out.push(0);
    }
    let shoff = out.len() as u64;
    let w = if elf64 { 8 } else { 4 };
    for (name, s, off) in &hdrs {
        put(&mut out, u64::from(*name), 4);
        put(&mut out, u64::from(s.sh_type), 4);
        put(&mut out, s.flags, w);
        put(&mut out, s.addr, w);
        put(&mut out, if s.sh_type == 0 { 0 } else { *off }, w);
        put(&mut out, s.data.len() as u64, w);
        put(&mut out, u64::from(s.link), 4);
        put(&mut out, u64::from(s.info), 4);
        put(&mut out, s.align, w);
        put(&mut out, s.entsize, w);
    }
    let mut h = Vec::new();
    h.extend_from_slice(b"\x7fELF");
    h.extend_from_slice(&[if elf64 { 2 } else { 1 }, 1, 1, 0]);
    h.extend_from_slice(&[0; 8]);
    put(&mut h, u64::from(e_type), 2);
    put(&mut h, u64::from(machine), 2);
    put(&mut h, 1, 4);
    put(&mut h, 0, w); // entry
    put(&mut h, 0, w); // phoff
    put(&mut h, shoff, w);
    put(&mut h, 0, 4); // flags
    put(&mut h, ehsize as u64, 2);
    put(&mut h, if elf64 { 56 } else { 32 }, 2);
    put(&mut h, 0, 2); // phnum
    put(&mut h, if elf64 { 64 } else { 40 }, 2);
    put(&mut h, hdrs.len() as u64, 2);
    put(&mut h, (hdrs.len() - 1) as u64, 2);
    out[..ehsize].copy_from_slice(&h);
    out
}

/// Run readelf's object processing on `bytes` with options `set`; returns stdout, stderr
/// and the result.
pub fn run(bytes: &[u8], set: impl Fn(&mut Options)) -> (String, String, bool) {
    let mut o = Options::default();
    set(&mut o);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let ok = {
        let mut diag = Diag::new("readelf", &mut err);
        crate::process_object(
            &mut o,
            &mut crate::RunState::default(),
            "t",
            bytes,
            false,
            &mut out,
            &mut diag,
        )
        .unwrap_or(false)
    };
    (
        String::from_utf8_lossy(&out).into_owned(),
        String::from_utf8_lossy(&err).into_owned(),
        ok,
    )
}

/// Checks readelf on `bytes` with options `set` against GNU readelf 2.40's answer,
/// kept as `tests/display/NAME.out` and `NAME.err` (stdout and
/// stderr) and `ok` (whether GNU exits 0). With `READELF_TEST_DUMP` set to a directory,
/// first writes the file there as `NAME.o`, for running GNU's readelf on it.
pub fn expect_gnu(name: &str, bytes: &[u8], set: impl Fn(&mut Options), ok: bool) {
    if let Ok(dir) = std::env::var("READELF_TEST_DUMP") {
        let _ = std::fs::write(format!("{dir}/{name}.o"), bytes);
    }
    let gnu = |ext: &str| {
        let path = format!("{}/tests/display/{name}.{ext}", env!("CARGO_MANIFEST_DIR"));
        std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
    };
    let (out, err, status) = run(bytes, set);
    assert_eq!(out, gnu("out"), "stdout of {name}");
    assert_eq!(err, gnu("err"), "stderr of {name}");
    assert_eq!(status, ok, "status of {name}");
}

/// A note: name (NUL added), type, descriptor, padded to 4.
pub fn note(name: &str, n_type: u32, desc: &[u8]) -> Vec<u8> {
    let mut v = Vec::new();
    let namesz = if name.is_empty() { 0 } else { name.len() + 1 };
    put(&mut v, namesz as u64, 4);
    put(&mut v, desc.len() as u64, 4);
    put(&mut v, u64::from(n_type), 4);
    v.extend(name.as_bytes());
    if namesz != 0 {
        v.push(0);
    }
    while v.len() % 4 != 0 {
        v.push(0);
    }
    v.extend(desc);
    while v.len() % 4 != 0 {
        v.push(0);
    }
    v
}

/// 32-bit little-endian words.
pub fn words(w: &[u32]) -> Vec<u8> {
    w.iter().flat_map(|x| x.to_le_bytes()).collect()
}
