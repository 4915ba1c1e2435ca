//! pmcstat's view of an image file, shared by its outputs (`-G`, `-g`, `-F`): the ELF
//! parameters libpmcstat computes (`pi_vaddr`, `pi_start`, `pi_end`), file offset →
//! virtual address, raw (not demangled) symbol names and, for callgrind, the source
//! position of function starts.

use std::path::{Path, PathBuf};

use rustc_hash::FxHashMap;

use super::Resolved;
use crate::profile::FrameId;
use crate::symbolize::with_symfs;

/// One image file as pmcstat sees it.
#[derive(Debug)]
pub struct ImageFile {
    /// The file opened.
    pub path: PathBuf,
    map: memmap2::Mmap,
    /// `p_vaddr & -p_align` of the first executable `PT_LOAD`.
    pub pi_vaddr: u64,
    /// Lowest `sh_addr` of the sections with `SHF_EXECINSTR`.
    pub pi_start: u64,
    /// Highest `sh_addr + sh_size` of those sections.
    pub pi_end: u64,
    /// `e_machine`.
    pub machine: u16,
    /// ELFCLASS64.
    pub is_64: bool,
    /// Little-endian.
    pub little_endian: bool,
    segs: Vec<(u64, u64, u64)>,
}

impl ImageFile {
    /// Opens `path` (a regular ELF file with an executable `PT_LOAD` and text).
    pub fn open(path: &Path) -> Option<ImageFile> {
        let map = crate::symbolize::map_regular_file(path)?;
        let elf = libelf::ElfFile::parse(&map).ok()?;
        let phs = elf.program_headers().ok()?;
        let loads: Vec<_> = phs.iter().filter(|p| p.p_type == 1).collect();
        let first = loads.iter().find(|p| p.p_flags & 1 != 0)?;
        let pi_vaddr = match first.p_align {
            0 | 1 => first.p_vaddr,
            a => first.p_vaddr & !(a - 1),
        };
        let segs = loads
            .iter()
            .map(|p| (p.p_offset, p.p_filesz, p.p_vaddr))
            .collect();
        let mut pi_start = u64::MAX;
        let mut pi_end = 0u64;
        for sh in elf.section_headers().ok()? {
            if sh.sh_flags & 4 != 0 {
                pi_start = pi_start.min(sh.sh_addr);
                pi_end = pi_end.max(sh.sh_addr.saturating_add(sh.sh_size));
            }
        }
        if pi_start >= pi_end {
            return None;
        }
        let header = elf.header();
        let machine = header.e_machine;
        let is_64 = matches!(elf.class(), libelf::Class::Elf64);
        let little_endian = header.e_ident.get(5) != Some(&2);
        drop(elf);
        Some(ImageFile {
            path: path.to_path_buf(),
            map,
            pi_vaddr,
            pi_start,
            pi_end,
            machine,
            is_64,
            little_endian,
            segs,
        })
    }

    /// Whether the text range is one a real file has: at most four times the file's size
    /// plus 1 MiB (the gmon histogram is sized by it; section addresses are not checked
    /// by anything else).
    pub fn text_plausible(&self) -> bool {
        let len = self.map.len() as u64;
        self.pi_end - self.pi_start <= len.saturating_mul(4).saturating_add(1 << 20)
    }

    /// The ELF virtual address of file offset `off` (through the `PT_LOAD` holding it).
    pub fn vaddr(&self, off: u64) -> u64 {
        self.segs
            .iter()
            .find(|&&(o, sz, _)| off >= o && off - o < sz)
            .map_or(off, |&(o, _, v)| off - o + v)
    }

    /// `FUNCTION_ALIGNMENT` of FreeBSD's userland `<machine/profile.h>` for this
    /// machine: the gmon histogram's bucket size.
    pub fn function_alignment(&self) -> u64 {
        match self.machine {
            // AArch64, ARM, IA-64, SPARC v9: 32; x86, x86-64, PowerPC, RISC-V: 4.
            183 | 40 | 50 | 43 => 32,
            _ => 4,
        }
    }

    /// Raw (not demangled) names of the function symbols starting at `starts`, as
    /// pmcstat prints them (`name@plt` for PLT entries).
    pub fn raw_names(&self, starts: &[u64]) -> FxHashMap<u64, String> {
        let mut out = FxHashMap::default();
        let Ok(elf) = libelf::ElfFile::parse(&self.map) else {
            return out;
        };
        let Ok(symtab) = libsymtab::Symtab::parse(&elf) else {
            return out;
        };
        for &s in starts {
            if let Some((sym, 0)) = symtab.find_symbol(s) {
                let name = match &sym.plt {
                    Some(_) => format!("{}@plt", sym.name()),
                    None => sym.name().into_owned(),
                };
                if !name.is_empty() {
                    out.insert(s, name);
                }
            }
        }
        out
    }

    /// What `addr2line -Cfe FILE` answers for each address (function demangled with its
    /// parameters, file, line), from the image's DWARF; `None` where it has none.
    pub fn addr2line(&self, addrs: &[u64]) -> Vec<Option<(String, String, u32)>> {
        let none = || vec![None; addrs.len()];
        let Ok(elf) = libelf::ElfFile::parse(&self.map) else {
            return none();
        };
        let options = libdwarf::LookupOptions::default().threads(1);
        let Ok(lookup) = libdwarf::AddrLookup::with_options(&elf, Some(&self.path), options) else {
            return none();
        };
        lookup.map_batch(addrs, |frames| {
            let f = frames.first()?;
            let func = f.function.as_ref().filter(|n| !n.from_symbols)?;
            let loc = f.location.as_ref()?;
            let file = loc.file.as_deref()?;
            let name = libdemangle::demangle(&func.raw, &libdemangle::Options::default())
                .unwrap_or_else(|| func.raw.clone());
            Some((name, file.to_string(), loc.line.unwrap_or(0)))
        })
    }
}

/// The image files of a profile (by image id), opened under `symfs` (or for kernel
/// images, under `kernel_dir` by basename, as pmcstat's `-k`; perf's
/// `[kernel.kallsyms]` as `vmlinux`, else `kernel`).
#[derive(Debug, Default)]
pub struct Images {
    files: Vec<Option<ImageFile>>,
}

impl Images {
    /// Opens every image of `r` that is a file on this machine.
    pub fn open(r: &Resolved<'_>, symfs: Option<&Path>, kernel_dir: Option<&Path>) -> Images {
        let files = r
            .profile
            .machine
            .images
            .iter()
            .map(|img| {
                if img.kernel {
                    let dir = kernel_dir?;
                    if img.path.starts_with("[kernel.kallsyms]") {
                        return ImageFile::open(&dir.join("vmlinux"))
                            .or_else(|| ImageFile::open(&dir.join("kernel")));
                    }
                    return ImageFile::open(&dir.join(img.path.rsplit('/').next()?));
                }
                if img.path.starts_with('[') {
                    return None;
                }
                ImageFile::open(&with_symfs(symfs, &img.path))
            })
            .collect();
        Images { files }
    }

    /// The file of image `id`.
    pub fn get(&self, id: u32) -> Option<&ImageFile> {
        self.files.get(id as usize).and_then(Option::as_ref)
    }
}

/// What pmcstat keys a frame by: its image and function (the symbol's start, else the
/// address itself), both as ELF virtual addresses where the image file is known.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FuncKey {
    /// The image.
    pub image: u32,
    /// The function's start, or the unsymbolized address.
    pub addr: u64,
    /// Whether a symbol was found.
    pub named: bool,
}

/// Frame `f`'s [`FuncKey`]; `None` when it is in no mapping (pmcstat: no map).
pub fn func_key(r: &Resolved<'_>, images: &Images, f: FrameId) -> Option<FuncKey> {
    let frame = r.profile.frames.get(f as usize)?;
    let image = frame.loc.image?;
    match r.sym(f) {
        Some(s) if s.name.is_some() => Some(FuncKey {
            image,
            addr: s.start,
            named: true,
        }),
        _ => Some(FuncKey {
            image,
            addr: images
                .get(image)
                .map_or(frame.loc.addr, |i| i.vaddr(frame.loc.addr)),
            named: false,
        }),
    }
}

/// Names of functions as pmcstat prints them: the raw symbol name from the image file,
/// else our symbolizer's name, else `%p` of the address.
#[derive(Debug, Default)]
pub struct Names {
    names: FxHashMap<FuncKey, String>,
}

impl Names {
    /// Names for `keys` (each image file read once).
    pub fn new(r: &Resolved<'_>, images: &Images, keys: &[(FuncKey, FrameId)]) -> Names {
        let mut per_image: FxHashMap<u32, Vec<u64>> = FxHashMap::default();
        for (k, _) in keys.iter().filter(|(k, _)| k.named) {
            per_image.entry(k.image).or_default().push(k.addr);
        }
        let mut raw: FxHashMap<(u32, u64), String> = FxHashMap::default();
        for (img, mut starts) in per_image {
            starts.sort_unstable();
            starts.dedup();
            if let Some(file) = images.get(img) {
                for (s, n) in file.raw_names(&starts) {
                    raw.insert((img, s), n);
                }
            }
        }
        let mut names = FxHashMap::default();
        for &(k, f) in keys {
            let name = if k.named {
                raw.remove(&(k.image, k.addr))
                    .or_else(|| r.name(f).map(str::to_string))
            } else {
                None
            };
            names
                .entry(k)
                .or_insert_with(|| name.unwrap_or_else(|| format!("{:#x}", k.addr)));
        }
        Names { names }
    }

    /// The name of `k`.
    pub fn get(&self, k: &FuncKey) -> &str {
        self.names.get(k).map_or("", String::as_str)
    }
}
