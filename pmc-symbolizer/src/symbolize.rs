//! Frames → function names: each image opened once, its addresses answered in one
//! sorted batch (libsymtab for symbols and PLT entries, libdwarf's `AddrLookup` for
//! inline frames and file:line when asked), names demangled by libdemangle. Images
//! are symbolized in parallel.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use rayon::prelude::*;
use rustc_hash::FxHashMap;

use crate::process::Image;
use crate::profile::Profile;

/// Where and how images are looked up.
#[derive(Debug, Clone, Default)]
pub struct SymbolizeOptions {
    /// Prefix for every image path (perf's `--symfs`).
    pub symfs: Option<PathBuf>,
    /// perf's build-id cache (`~/.debug` by default; `--buildid-dir`).
    pub buildid_dir: Option<PathBuf>,
    /// Debug directories searched by build id (`/usr/lib/debug` by default).
    pub debug_dirs: Vec<PathBuf>,
    /// `--kallsyms FILE`: kernel symbols.
    pub kallsyms: Option<PathBuf>,
    /// pmcstat's `-k DIR`: kernel images (and modules linked at their addresses) are
    /// the ELF files `DIR/BASENAME` of their recorded paths (perf's `[kernel.kallsyms]`:
    /// `DIR/vmlinux`, else `DIR/kernel`).
    pub kernel_dir: Option<PathBuf>,
    /// Also find source lines and inline frames through DWARF.
    pub lines: bool,
    /// A debuginfod client (`--debuginfod`): asked, by build id, for the debug info or the
    /// file of an image that is missing here or has no symbol table.
    pub debuginfod: Option<libdebuginfod::Client>,
    /// Where to keep a copy of the running kernel's own symbols for this boot (see
    /// [`default_kernel_cache`]), so that later runs need not have the kernel format
    /// `/proc/kallsyms` again; `None`: no copy.
    pub kernel_cache: Option<PathBuf>,
}

/// The default [`SymbolizeOptions::kernel_cache`]: `$XDG_CACHE_HOME/pmc-symbolizer`,
/// else `$HOME/.cache/pmc-symbolizer`.
pub fn default_kernel_cache() -> Option<PathBuf> {
    let nonempty = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    let base = nonempty("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| nonempty("HOME").map(|h| PathBuf::from(h).join(".cache")))?;
    Some(base.join("pmc-symbolizer"))
}

/// One inline level: function, file, line.
pub type InlineFrame = (Option<Arc<str>>, Option<Arc<str>>, Option<u32>);

/// What one image's job yields: (frame id, names) and warnings.
type ImageResult = (Vec<(u32, FrameSym)>, Vec<String>);

/// A source position and the inline frames at an address, innermost first.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SourceInfo {
    /// Inline frames (function, file, line), innermost first; the last is the
    /// symbol's own function.
    pub frames: Vec<InlineFrame>,
}

/// What a frame resolved to.
#[derive(Debug, Clone, Default)]
pub struct FrameSym {
    /// Demangled function name.
    pub name: Option<Arc<str>>,
    /// The symbol's start (ELF virtual address), to tell same-named symbols apart.
    pub start: u64,
    /// Offset of the address into the symbol.
    pub offset: u64,
    /// Source information (with [`SymbolizeOptions::lines`]).
    pub source: Option<SourceInfo>,
}

/// Names for every frame of a profile, indexed by frame id.
#[derive(Debug, Default)]
pub struct Symbols {
    /// Per frame.
    pub frames: Vec<FrameSym>,
    /// Problems met (files not found, build-id mismatches).
    pub warnings: Vec<String>,
}

use libdebuginfod::hex;

pub(crate) fn with_symfs(symfs: Option<&Path>, path: &str) -> PathBuf {
    match symfs {
        Some(root) => {
            let mut p = root.to_path_buf();
            p.push(path.trim_start_matches('/'));
            p
        }
        None => PathBuf::from(path),
    }
}

/// `path` mapped read-only, if it is a regular file.
pub(crate) fn map_regular_file(path: &Path) -> Option<memmap2::Mmap> {
    let f = std::fs::File::open(path).ok()?;
    if !f.metadata().ok()?.is_file() {
        return None;
    }
    // SAFETY: the file is mapped read-only; like every tool that maps its input we accept
    // that a concurrent writer could change it under us.
    #[allow(unsafe_code)]
    unsafe { memmap2::Mmap::map(&f) }.ok()
}

/// Candidate files for an image, build id first.
fn candidates(img: &Image, opts: &SymbolizeOptions) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let symfs = opts.symfs.as_deref();
    if let Some(b) = img.build_id.as_deref().filter(|b| !b.is_empty()) {
        out.extend(build_id_cache_entry(b, opts, "elf"));
        let h = hex(b);
        let (head, tail) = h.split_at(2.min(h.len()));
        for d in &opts.debug_dirs {
            let d = with_symfs(symfs, &d.to_string_lossy());
            out.push(d.join(".build-id").join(head).join(format!("{tail}.debug")));
        }
    }
    out.push(with_symfs(symfs, &img.path));
    out
}

/// The file offset → virtual address mapping of an ELF file's `PT_LOAD`s.
fn load_segments(file: &libelf::ElfFile<'_>) -> Vec<(u64, u64, u64)> {
    file.program_headers()
        .map(|phs| {
            phs.iter()
                .filter(|p| p.p_type == 1)
                .map(|p| (p.p_offset, p.p_filesz, p.p_vaddr))
                .collect()
        })
        .unwrap_or_default()
}

fn offset_to_vaddr(segs: &[(u64, u64, u64)], off: u64) -> u64 {
    segs.iter()
        .find(|&&(o, sz, _)| off >= o && off - o < sz)
        .map_or(off, |&(o, _, v)| off - o + v)
}

/// Resolves every frame of `profile`.
pub fn symbolize(profile: &Profile, opts: &SymbolizeOptions) -> Symbols {
    // Distinct addresses per image.
    let mut per_image: FxHashMap<u32, Vec<(u64, u32)>> = FxHashMap::default();
    for (i, f) in profile.frames.iter().enumerate() {
        if let Some(img) = f.loc.image {
            per_image
                .entry(img)
                .or_default()
                .push((f.loc.addr, i as u32));
        }
    }
    let mut jobs: Vec<(u32, Vec<(u64, u32)>)> = per_image.into_iter().collect();
    jobs.sort_by_key(|(i, _)| *i);
    let kallsyms = match opts.kallsyms.as_deref() {
        Some(p) => Kallsyms::load(p).ok(),
        None => kernel_build_id(profile)
            .and_then(|id| cached_kallsyms(&id, opts))
            .and_then(|p| Kallsyms::kernel_copy(&p).ok())
            .or_else(|| {
                (opts.symfs.is_none() && running_kernel_recorded(profile))
                    .then(|| Kallsyms::running(opts.kernel_cache.as_deref()).ok())
                    .flatten()
            }),
    };
    let results: Vec<ImageResult> = jobs
        .par_iter()
        .map(|(img, addrs)| {
            let Some(image) = profile.machine.images.get(*img as usize) else {
                return (Vec::new(), Vec::new());
            };
            if image.kernel {
                if let Some(r) = opts
                    .kernel_dir
                    .as_deref()
                    .and_then(|d| kernel_file(image, addrs, d))
                {
                    return (r, Vec::new());
                }
                // From kallsyms, below.
                return (Vec::new(), Vec::new());
            }
            let inline = addrs
                .iter()
                .any(|&(_, id)| profile.frames.get(id as usize).is_some_and(|f| f.inline));
            symbolize_image(image, addrs, opts, inline)
        })
        .collect();
    let mut out = Symbols {
        frames: vec![FrameSym::default(); profile.frames.len()],
        warnings: Vec::new(),
    };
    // Kernel addresses from kallsyms, all images in one pass (a kernel image found
    // under `kernel_dir` overrides them below).
    if let Some(k) = &kallsyms {
        let addrs: Vec<(u64, u32)> = jobs
            .iter()
            .filter(|(img, _)| {
                profile
                    .machine
                    .images
                    .get(*img as usize)
                    .is_some_and(|i| i.kernel)
            })
            .flat_map(|(_, addrs)| addrs.iter().copied())
            .collect();
        for (i, s) in k.resolve(&addrs) {
            if let Some(slot) = out.frames.get_mut(i as usize) {
                *slot = s;
            }
        }
    }
    for (syms, warns) in results {
        for (i, s) in syms {
            if let Some(slot) = out.frames.get_mut(i as usize) {
                *slot = s;
            }
        }
        out.warnings.extend(warns);
    }
    out
}

/// A kernel image's symbols from `dir/BASENAME` (pmcstat's `-k`): a linked ELF file
/// whose virtual addresses are the recorded (absolute) kernel addresses.
fn kernel_file(image: &Image, addrs: &[(u64, u32)], dir: &Path) -> Option<Vec<(u32, FrameSym)>> {
    let base = image.path.rsplit('/').next()?;
    let names: &[&str] = if image.path.starts_with("[kernel.kallsyms]") {
        &["vmlinux", "kernel"]
    } else {
        &[base]
    };
    for name in names {
        let path = dir.join(name);
        let Some(map) = map_regular_file(&path) else {
            continue;
        };
        let Ok(elf) = libelf::ElfFile::parse(&map) else {
            continue;
        };
        // Relocatable modules (`.ko` on amd64) would need their load address.
        if elf.header().e_type == 1 {
            continue;
        }
        return Some(resolve_in(&elf, &path, addrs, false, None));
    }
    None
}

fn demangle(name: &str) -> String {
    let opts = libdemangle::Options::default()
        .no_params(true)
        .no_verbose(true);
    libdemangle::demangle(name, &opts).unwrap_or_else(|| name.to_string())
}

fn symbolize_image(
    image: &Image,
    addrs: &[(u64, u32)],
    opts: &SymbolizeOptions,
    inline: bool,
) -> ImageResult {
    let mut warnings = Vec::new();
    // Symbols, lines and inline frames from the file chosen for the image.
    let full = |elf: &libelf::ElfFile<'_>, path: &Path| {
        resolve_in(elf, path, addrs, opts.lines || inline, Some((image, opts)))
    };
    if image.path == "[vdso]" {
        // perf keeps the vDSO it saw in its build-id cache, as `vdso`.
        return (vdso(image, addrs, opts).unwrap_or_default(), warnings);
    }
    if image.path.starts_with('[') || image.path.starts_with("//anon") {
        return (Vec::new(), warnings);
    }
    if image.path.starts_with("/tmp/perf-") && image.path.ends_with(".map") {
        let path = with_symfs(opts.symfs.as_deref(), &image.path);
        return match PerfMap::load_perf_map(&path) {
            Ok(m) => (m.resolve(addrs), warnings),
            Err(_) => (Vec::new(), warnings),
        };
    }
    // perf takes symbols from the first matching file with a `.symtab` (a debug file
    // found by build id, say), else from the first matching file.
    let mut fallback: Option<(PathBuf, memmap2::Mmap)> = None;
    for cand in candidates(image, opts) {
        let Ok(f) = std::fs::File::open(&cand) else {
            continue;
        };
        // SAFETY: the file is mapped read-only; like every tool that maps its input we
        // accept that a concurrent writer could change it under us.
        #[allow(unsafe_code)]
        let Ok(map) = (unsafe { memmap2::Mmap::map(&f) }) else {
            continue;
        };
        let Ok(elf) = libelf::ElfFile::parse(&map) else {
            warnings.push(format!("{}: not an ELF file", cand.display()));
            continue;
        };
        if let Some(want) = image.build_id.as_deref().filter(|b| !b.is_empty()) {
            let have = libelf::read::find_build_id(&elf);
            if have != Some(want) {
                warnings.push(format!(
                    "{}: build-id mismatch: recorded {}, file has {}; not used",
                    cand.display(),
                    hex(want),
                    have.map_or_else(|| "none".to_string(), hex)
                ));
                continue;
            }
        }
        let has_symtab = libsymtab::Symtab::parse(&elf)
            .ok()
            .is_some_and(|t| t.symtab().is_some_and(|v| !v.is_empty()));
        if has_symtab {
            return (full(&elf, &cand), warnings);
        }
        if fallback.is_none() {
            fallback = Some((cand, map));
        }
    }
    // Found without symbols: its `.gnu_debuglink` file (CRC checked), where GDB looks.
    if let Some((cand, map)) = &fallback {
        if let Some((path, map)) = debuglink_file(cand, map, opts) {
            if let Ok(elf) = libelf::ElfFile::parse(&map) {
                return (full(&elf, &path), warnings);
            }
        }
    }
    // Not here, or without symbols: the debug info or the file from a debuginfod server
    // (it checks the build id of what it fetches).
    if let (Some(client), Some(id)) = (
        &opts.debuginfod,
        image.build_id.as_deref().filter(|b| !b.is_empty()),
    ) {
        let mut kinds = vec![libdebuginfod::Kind::Debuginfo];
        if fallback.is_none() {
            kinds.push(libdebuginfod::Kind::Executable);
        }
        for kind in kinds {
            let fetched = client.fetch(id, kind).map_err(|e| e.to_string());
            let mapped = fetched.and_then(|path| {
                let f = std::fs::File::open(&path).map_err(|e| e.to_string())?;
                // SAFETY: as above; the cache file was renamed into place whole.
                #[allow(unsafe_code)]
                let map = unsafe { memmap2::Mmap::map(&f) }.map_err(|e| e.to_string())?;
                Ok((path, map))
            });
            match mapped {
                Ok((path, map)) => {
                    if let Ok(elf) = libelf::ElfFile::parse(&map) {
                        return (full(&elf, &path), warnings);
                    }
                }
                Err(e) => warnings.push(format!("{}: {e}", image.path)),
            }
        }
    }
    if let Some((cand, map)) = fallback {
        if let Ok(elf) = libelf::ElfFile::parse(&map) {
            return (full(&elf, &cand), warnings);
        }
    }
    (Vec::new(), warnings)
}

/// The vDSO's names from perf's build-id cache copy of it (`.build-id/XX/REST/vdso`),
/// if the recording gave its build id and the copy has it too.
fn vdso(
    image: &Image,
    addrs: &[(u64, u32)],
    opts: &SymbolizeOptions,
) -> Option<Vec<(u32, FrameSym)>> {
    let want = image.build_id.as_deref().filter(|b| !b.is_empty())?;
    let path = build_id_cache_entry(want, opts, "vdso")?;
    let map = map_regular_file(&path)?;
    let elf = libelf::ElfFile::parse(&map).ok()?;
    (libelf::read::find_build_id(&elf) == Some(want))
        .then(|| resolve_in(&elf, &path, addrs, false, None))
}

/// The `.gnu_debuglink` target of the image file `data` (at `path`), mapped, if one with
/// the recorded CRC and a symbol table is found beside it, in `.debug/` beside it, or under
/// the debug directories (all under `--symfs`).
fn debuglink_file(
    path: &Path,
    data: &[u8],
    opts: &SymbolizeOptions,
) -> Option<(PathBuf, memmap2::Mmap)> {
    let elf = libelf::ElfFile::parse(data).ok()?;
    let (name, crc) = libdwarf::debugfile::debuglink(&elf)?;
    let symfs = opts.symfs.as_deref();
    let dirs: Vec<PathBuf> = opts
        .debug_dirs
        .iter()
        .map(|d| with_symfs(symfs, &d.to_string_lossy()))
        .collect();
    for cand in libdwarf::debugfile::debuglink_paths(Some(path), &name, &dirs) {
        let Ok(f) = std::fs::File::open(&cand) else {
            continue;
        };
        if !f.metadata().is_ok_and(|m| m.is_file()) {
            continue;
        }
        // SAFETY: as in `symbolize_image`.
        #[allow(unsafe_code)]
        let Ok(map) = (unsafe { memmap2::Mmap::map(&f) }) else {
            continue;
        };
        if libdwarf::debugfile::crc32(&map) != crc {
            continue;
        }
        let has_symtab = libelf::ElfFile::parse(&map)
            .ok()
            .and_then(|e| {
                libsymtab::Symtab::parse(&e)
                    .ok()
                    .map(|t| t.symtab().is_some_and(|v| !v.is_empty()))
            })
            .unwrap_or(false);
        if has_symtab {
            return Some((cand, map));
        }
    }
    None
}

/// perf 6.1's x86-64 PLT names for the addresses `sorted` that fall in `.plt`
/// ([`libsymtab::Symtab::plt_by_reloc_index`]): entry address → `name@plt`, the name
/// demangled, empty for a relocation without a symbol (`IRELATIVE`: `@plt`).
fn perf_plt(entries: &[libsymtab::Symbol<'_>], sorted: &[(u64, u32)]) -> FxHashMap<u64, Arc<str>> {
    let mut out = FxHashMap::default();
    let (Some(first), Some(last)) = (entries.first(), entries.last()) else {
        return out;
    };
    let (lo, hi) = (first.addr, last.addr.saturating_add(PLT_ENTRY));
    let from = sorted.partition_point(|a| a.0 < lo);
    let to = sorted.partition_point(|a| a.0 < hi);
    for &(vaddr, _) in sorted.get(from..to).unwrap_or_default() {
        let Some(e) = entries.get(((vaddr - lo) / PLT_ENTRY) as usize) else {
            continue;
        };
        out.entry(e.addr).or_insert_with(|| {
            let name = match &e.plt {
                Some(p) if p.target.0 != 0 => demangle(&e.name()),
                _ => String::new(),
            };
            Arc::from(format!("{name}@plt"))
        });
    }
    out
}

/// The size of an x86-64 `.plt` entry.
const PLT_ENTRY: u64 = 16;

/// [`perf_plt`] from the image's own file (found as its symbols are, build id checked),
/// when the symbols come from a file without PLT (a debug file): perf names PLT entries
/// from the file that was mapped.
fn runtime_perf_plt(
    image: &Image,
    opts: &SymbolizeOptions,
    except: &Path,
    sorted: &[(u64, u32)],
) -> FxHashMap<u64, Arc<str>> {
    for cand in candidates(image, opts) {
        if cand == except {
            continue;
        }
        let Some(map) = map_regular_file(&cand) else {
            continue;
        };
        let Ok(elf) = libelf::ElfFile::parse(&map) else {
            continue;
        };
        let want = image.build_id.as_deref().filter(|b| !b.is_empty());
        if want.is_some() && libelf::read::find_build_id(&elf) != want {
            continue;
        }
        let Ok(symtab) = libsymtab::Symtab::parse(&elf) else {
            continue;
        };
        let entries = symtab.plt_by_reloc_index();
        if !entries.is_empty() {
            return perf_plt(&entries, sorted);
        }
    }
    FxHashMap::default()
}

/// The addresses `[sh_addr, sh_addr + sh_size)` of the section `name`, if there is one.
fn section_range(elf: &libelf::ElfFile<'_>, name: &[u8]) -> Option<(u64, u64)> {
    let h = elf.section_by_name(name).ok()??.header();
    Some((h.sh_addr, h.sh_addr.saturating_add(h.sh_size)))
}

/// `EM_X86_64`.
const EM_X86_64: u16 = 62;

/// Names for `addrs` (file offsets, frame ids) from the ELF file `elf` at `path`;
/// `image` (with the lookup options) is the image it stands for, when it may be a
/// separate debug file (then the image's own file gives the PLT names).
fn resolve_in(
    elf: &libelf::ElfFile<'_>,
    path: &Path,
    addrs: &[(u64, u32)],
    lines: bool,
    image: Option<(&Image, &SymbolizeOptions)>,
) -> Vec<(u32, FrameSym)> {
    let segs = load_segments(elf);
    let Ok(symtab) = libsymtab::Symtab::parse(elf) else {
        return Vec::new();
    };
    let mut sorted: Vec<(u64, u32)> = addrs
        .iter()
        .map(|&(off, id)| (offset_to_vaddr(&segs, off), id))
        .collect();
    sorted.sort_unstable();
    // On x86-64 PLT entries are named as perf 6.1 names them (relocation i names
    // `.plt` entry i; `.plt.sec` and `.plt.got` entries get no name), not as objdump.
    // Those entries lie in `.plt` (a separate debug file keeps its header): without an
    // address there none is worked out.
    let x86_64 = symtab.machine() == EM_X86_64;
    let named_plt = x86_64
        && section_range(elf, b".plt").is_none_or(|(lo, hi)| {
            let i = sorted.partition_point(|&(a, _)| a < lo);
            sorted.get(i).is_some_and(|&(a, _)| a < hi)
        });
    let entries = if named_plt {
        symtab.plt_by_reloc_index()
    } else {
        Vec::new()
    };
    let plt = if !named_plt {
        FxHashMap::default()
    } else if entries.is_empty() {
        image
            .map(|(img, opts)| runtime_perf_plt(img, opts, path, &sorted))
            .unwrap_or_default()
    } else {
        perf_plt(&entries, &sorted)
    };
    let plt_at = |vaddr: u64| {
        let start = vaddr - vaddr.wrapping_sub(plt.keys().next().copied().unwrap_or(0)) % PLT_ENTRY;
        plt.get(&start).map(|n| (start, n.clone()))
    };
    let mut out = Vec::with_capacity(sorted.len());
    // Symbols found, named once all are known: (place in `out`, symbol).
    let mut found_at = Vec::new();
    let mut starts: rustc_hash::FxHashSet<u64> = rustc_hash::FxHashSet::default();
    // The addresses perf's PLT names leave, as one sorted batch: a few addresses in a
    // large table do not index all of it (nor synthesize a PLT they cannot be in).
    let vaddrs: Vec<u64> = sorted
        .iter()
        .map(|&(vaddr, _)| vaddr)
        .filter(|&vaddr| plt_at(vaddr).is_none())
        .collect();
    let symbols = symtab.find_symbols_sorted(&vaddrs);
    let mut symbols = symbols.into_iter();
    for &(vaddr, id) in &sorted {
        if let Some((start, name)) = plt_at(vaddr) {
            out.push((
                id,
                FrameSym {
                    name: Some(name),
                    start,
                    offset: vaddr - start,
                    source: None,
                },
            ));
            continue;
        }
        let found = symbols
            .next()
            .flatten()
            .filter(|(sym, _)| !(x86_64 && sym.plt.is_some()));
        let Some((sym, offset)) = found else {
            out.push((id, FrameSym::default()));
            continue;
        };
        starts.insert(sym.addr);
        found_at.push((out.len(), sym));
        out.push((
            id,
            FrameSym {
                name: None,
                start: sym.addr,
                offset,
                source: None,
            },
        ));
    }
    let funcs = functions_at(&symtab, &starts);
    let mut names: FxHashMap<u64, Arc<str>> = FxHashMap::default();
    for (i, sym) in found_at {
        let start = sym.addr;
        let name = names
            .entry(start)
            .or_insert_with(|| {
                let at = funcs.get(&start).map_or(&[][..], Vec::as_slice);
                let name = match (best_at_address(at), &sym.plt) {
                    (Some(b), _) => b,
                    // `puts@plt`: the target's name demangled, then `@plt`.
                    (None, Some(_)) => format!("{}@plt", demangle(&sym.name())),
                    (None, None) => demangle(&sym.display_name()),
                };
                Arc::from(name)
            })
            .clone();
        if let Some((_, fs)) = out.get_mut(i) {
            fs.name = Some(name);
        }
    }
    if lines {
        add_lines(elf, &symtab, path, &sorted, &mut out);
    }
    out
}

/// A function symbol as perf weighs it when several share an address.
#[derive(Debug)]
struct Candidate {
    name: String,
    size: u64,
    bind: u8,
}

/// perf's choice among function symbols at one address: a sized one, then not weak,
/// then global, then fewer leading underscores, then the longer (demangled) name,
/// then the first in table order.
fn perf_prefers_second(a: &Candidate, b: &Candidate) -> bool {
    const GLOBAL: u8 = 1;
    const WEAK: u8 = 2;
    if (a.size == 0) != (b.size == 0) {
        return a.size == 0;
    }
    if (a.bind == WEAK) != (b.bind == WEAK) {
        return a.bind == WEAK;
    }
    if (a.bind == GLOBAL) != (b.bind == GLOBAL) {
        return b.bind == GLOBAL;
    }
    let us = |s: &str| s.bytes().take_while(|&c| c == b'_').count();
    if us(&a.name) != us(&b.name) {
        return us(&b.name) < us(&a.name);
    }
    b.name.len() > a.name.len()
}

/// The function symbols of the symbol table (else the dynamic one) that start at one of
/// `starts`, by start, in table order; the names are demangled only where
/// [`best_at_address`] has to choose.
fn functions_at<'a, 'd>(
    symtab: &'a libsymtab::Symtab<'d>,
    starts: &rustc_hash::FxHashSet<u64>,
) -> FxHashMap<u64, Vec<&'a libsymtab::Symbol<'d>>> {
    let mut out: FxHashMap<u64, Vec<&'a libsymtab::Symbol<'d>>> = FxHashMap::default();
    let Some(table) = symtab.symtab().or_else(|| symtab.dynsym()) else {
        return out;
    };
    // Only the entries starting at one of `starts` are decoded.
    let wanted = table.filter_raw(|addr, e| {
        matches!(e.st_type(), 2 | 10) && e.st_shndx != 0 && starts.contains(&addr)
    });
    for s in wanted {
        if s.name_bytes().is_some_and(|n| !n.is_empty()) {
            out.entry(s.addr).or_default().push(s);
        }
    }
    out
}

/// The name perf gives the function at an address when two or more function symbols
/// start there (`at`, in table order, from [`functions_at`]); `None` for one or none.
fn best_at_address(at: &[&libsymtab::Symbol<'_>]) -> Option<String> {
    if at.len() < 2 {
        return None;
    }
    let mut best: Option<Candidate> = None;
    for s in at {
        let cand = Candidate {
            name: demangle(&s.name()),
            size: s.sym.st_size,
            bind: s.st_bind(),
        };
        match &best {
            Some(cur) if !perf_prefers_second(cur, &cand) => {}
            _ => best = Some(cand),
        }
    }
    best.map(|b| b.name)
}

/// libsymtab's function symbols as the symbol table fallback of a libdwarf lookup
/// (names for addresses DWARF does not name, as GNU addr2line gives them).
pub(crate) fn function_symbols(symtab: &libsymtab::Symtab<'_>) -> impl libdwarf::SymbolSource {
    libdwarf::SymbolsFrom::new(
        libsymtab::FunctionSymbols::new(symtab),
        |t, section, addr| {
            let (key, s) = t.find(section, addr)?;
            Some(libdwarf::SymbolHit::new(key, s.start, s.size, &s.name).with_file(s.file.as_ref()))
        },
    )
}

/// Source lines and inline frames through libdwarf, in one batch, the symbol table
/// fallback from the image's one `symtab`.
fn add_lines(
    elf: &libelf::ElfFile<'_>,
    symtab: &libsymtab::Symtab<'_>,
    path: &Path,
    sorted: &[(u64, u32)],
    out: &mut [(u32, FrameSym)],
) {
    let options = libdwarf::LookupOptions::default().threads(1);
    let Ok(lookup) = libdwarf::AddrLookup::with_options(elf, Some(path), options) else {
        return;
    };
    let lookup = lookup.with_symbols(function_symbols(symtab));
    let vaddrs: Vec<u64> = sorted.iter().map(|&(v, _)| v).collect();
    let infos = lookup.map_batch(&vaddrs, |frames| SourceInfo {
        frames: frames
            .iter()
            .map(|f| {
                let func = f
                    .function
                    .as_ref()
                    .map(|n| Arc::<str>::from(demangle(&n.raw)));
                // (perf names inline frames demangled, without parameters, as symbols)
                let loc = f.location.as_ref();
                (
                    func,
                    loc.and_then(|l| l.file.clone()),
                    loc.and_then(|l| l.line),
                )
            })
            .collect(),
    });
    for ((_, fs), info) in out.iter_mut().zip(infos) {
        if !info.frames.is_empty() {
            fs.source = Some(info);
        }
    }
}

/// The recorded kernel's build id.
fn kernel_build_id(profile: &Profile) -> Option<Vec<u8>> {
    profile
        .machine
        .images
        .iter()
        .find(|i| i.kernel && i.build_id.is_some())
        .and_then(|i| i.build_id.clone())
}

/// The copy of `/proc/kallsyms` that `perf record` keeps in its build-id cache
/// (`~/.debug/.build-id/XX/REST/kallsyms`, or under `--buildid-dir`), which perf
/// reads before the running kernel's.
fn cached_kallsyms(build_id: &[u8], opts: &SymbolizeOptions) -> Option<PathBuf> {
    build_id_cache_entry(build_id, opts, "kallsyms").filter(|p| p.is_file())
}

/// `FILE` of `build_id` in perf's build-id cache: `--buildid-dir`, else `~/.debug`
/// unless `--symfs` is given.
fn build_id_cache_entry(build_id: &[u8], opts: &SymbolizeOptions, file: &str) -> Option<PathBuf> {
    let cache = opts.buildid_dir.clone().or_else(|| {
        (opts.symfs.is_none())
            .then(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".debug")))
            .flatten()
    })?;
    let h = hex(build_id);
    let (head, tail) = h.split_at(2.min(h.len()));
    Some(cache.join(".build-id").join(head).join(tail).join(file))
}

/// Whether the recording's kernel build id is the running kernel's (then, as perf
/// does, `/proc/kallsyms` names kernel addresses).
fn running_kernel_recorded(profile: &Profile) -> bool {
    let Some(want) = kernel_build_id(profile) else {
        return false;
    };
    let Ok(notes) = std::fs::read("/sys/kernel/notes") else {
        return false;
    };
    note_build_id(&notes).is_some_and(|b| b == want.as_slice())
}

/// The `NT_GNU_BUILD_ID` in a little-endian note section.
fn note_build_id(mut b: &[u8]) -> Option<&[u8]> {
    let word = |b: &[u8], i: usize| {
        b.get(i..i + 4)
            .and_then(|x| x.try_into().ok())
            .map(u32::from_le_bytes)
    };
    while b.len() >= 12 {
        let namesz = word(b, 0)? as usize;
        let descsz = word(b, 4)? as usize;
        let ty = word(b, 8)?;
        let name_end = 12 + namesz.div_ceil(4) * 4;
        let desc_end = name_end + descsz.div_ceil(4) * 4;
        if ty == 3 && b.get(12..12 + namesz)? == b"GNU\0" {
            return b.get(name_end..name_end + descsz);
        }
        b = b.get(desc_end..)?;
    }
    None
}

/// Symbols from a JIT's `/tmp/perf-PID.map` (`START SIZE name`, hex). Absolute
/// addresses. Names stay in the text until an address asks for them.
#[derive(Debug, Default)]
struct PerfMap {
    text: String,
    /// (start, size, name's byte range in `text`), sorted by start.
    syms: Vec<(u64, u64, std::ops::Range<usize>)>,
}

impl PerfMap {
    /// A perf map file.
    fn load_perf_map(path: &Path) -> std::io::Result<Self> {
        let hex = |s: &str| u64::from_str_radix(s.trim_start_matches("0x"), 16).ok();
        let text = std::fs::read_to_string(path)?;
        let base = text.as_ptr() as usize;
        let mut syms: Vec<_> = text
            .lines()
            .filter_map(|l| {
                let mut it = l.splitn(3, ' ');
                let start = hex(it.next()?)?;
                let size = hex(it.next()?)?;
                let name = it.next()?.trim_end();
                let from = name.as_ptr() as usize - base;
                Some((start, size.max(1), from..from + name.len()))
            })
            .collect();
        syms.sort_by_key(|s| s.0);
        Ok(PerfMap { text, syms })
    }

    fn resolve(&self, addrs: &[(u64, u32)]) -> Vec<(u32, FrameSym)> {
        let mut names: FxHashMap<usize, Arc<str>> = FxHashMap::default();
        addrs
            .iter()
            .map(|&(a, id)| {
                let i = self.syms.partition_point(|s| s.0 <= a);
                let fs = match i.checked_sub(1).and_then(|i| Some((i, self.syms.get(i)?))) {
                    Some((i, (start, size, range))) if a - start < *size => {
                        let name = names
                            .entry(i)
                            .or_insert_with(|| {
                                Arc::from(self.text.get(range.clone()).unwrap_or_default())
                            })
                            .clone();
                        FrameSym {
                            name: Some(name),
                            start: *start,
                            offset: a - start,
                            source: None,
                        }
                    }
                    _ => FrameSym::default(),
                };
                (id, fs)
            })
            .collect()
    }
}

/// Kernel symbols from a `/proc/kallsyms`-format file: `ADDR TYPE NAME[\t[MODULE]]`
/// lines, functions only (types `t`, `T`, `w`, `W`), each up to the next one.
/// [`Kallsyms::resolve`] answers a whole batch of addresses in one pass over the
/// lines, streamed through a small buffer (the kernel writes `/proc/kallsyms`, some
/// 5 MB, as it is read) or mapped (a regular file, as perf's cached copy is): nothing
/// is kept but the best line of each address.
#[derive(Debug)]
struct Kallsyms {
    file: std::fs::File,
    /// Laid out as the kernel writes `/proc/kallsyms`: the running kernel's, or the
    /// copy of it `perf record` keeps (see [`KallsymsScan::live`]).
    live: bool,
    /// For the running kernel's: the copy of its own symbols kept for this boot
    /// ([`SymbolizeOptions::kernel_cache`]).
    boot_copy: Option<PathBuf>,
}

/// Bytes read from kallsyms at a time.
const KALLSYMS_CHUNK: usize = 1 << 16;

/// The state of [`Kallsyms::resolve`]'s pass: for each query (sorted), the best
/// function line met so far whose start lies above the previous query.
struct KallsymsScan<'q> {
    queries: &'q [(u64, u32)],
    /// The best start of each query's slot.
    best: Vec<Option<u64>>,
    /// Its name (copied out of the text when the chunk it was found in ends).
    names: Vec<Vec<u8>>,
    /// Per slot: the offset in the current chunk of its best line, when that line is
    /// in the current chunk (its name not copied yet).
    line: Vec<Option<usize>>,
    /// The slots whose `line` is set.
    dirty: Vec<usize>,
    j: usize,
    prev: u64,
    /// Stop at the first line that settles every query ([`KallsymsScan::live`]).
    early_stop: bool,
    /// The function lines so far came in address order.
    sorted: bool,
    /// The first function line's start.
    first: Option<u64>,
    /// Every query is settled: the rest of the text is not needed.
    done: bool,
}

impl<'q> KallsymsScan<'q> {
    fn new(queries: &'q [(u64, u32)]) -> Self {
        KallsymsScan {
            queries,
            best: vec![None; queries.len()],
            names: vec![Vec::new(); queries.len()],
            line: vec![None; queries.len()],
            dirty: Vec::new(),
            j: 0,
            prev: 0,
            early_stop: false,
            sorted: true,
            first: None,
            done: false,
        }
    }

    /// A scan of the running kernel's `/proc/kallsyms` (or a whole copy), which lists the kernel's own
    /// symbols first, in address order, then those of modules, BPF programs and
    /// trampolines, whose memory lies outside the kernel image. Once a kernel function
    /// above the highest query comes, with the lowest query at or above the first
    /// one, every query is inside the image and has its answer: the scan stops there
    /// and the kernel does not have to write the rest (most of the cost of a run), nor
    /// do the rest of the lines of a copy have to be read.
    fn live(queries: &'q [(u64, u32)]) -> Self {
        KallsymsScan {
            early_stop: true,
            ..Self::new(queries)
        }
    }

    /// Feeds whole lines (a last line may lack its newline). Each function line is the
    /// candidate of the first query at or above its start; among equal starts the
    /// later line wins.
    fn lines(&mut self, b: &[u8]) {
        let mut pos = 0;
        for end in memchr::memchr_iter(b'\n', b).chain([b.len()]) {
            if let Some(start) = b.get(pos..end).and_then(kallsyms_function) {
                // The lines are mostly in address order: the previous line's slot is
                // the place to look from, searching only when a line goes back.
                if start < self.prev {
                    self.sorted = false;
                    self.j = self.queries.partition_point(|q| q.0 < start);
                } else {
                    while self.queries.get(self.j).is_some_and(|q| q.0 < start) {
                        self.j += 1;
                    }
                }
                self.prev = start;
                let first = *self.first.get_or_insert(start);
                if self.j == self.queries.len() && self.early_stop && self.sorted {
                    let line = b.get(pos..end).unwrap_or_default();
                    let kernel_own = memchr::memchr(b'\t', line).is_none();
                    let min = self.queries.first().map_or(0, |q| q.0);
                    if kernel_own && first <= min {
                        self.done = true;
                        break;
                    }
                    // A module's line: the kernel's own are over.
                    self.sorted &= kernel_own;
                }
                let j = self.j;
                if let Some(slot) = self.best.get_mut(j) {
                    if slot.is_none_or(|s| start >= s) {
                        *slot = Some(start);
                        if let Some(line) = self.line.get_mut(j) {
                            if line.replace(pos).is_none() {
                                self.dirty.push(j);
                            }
                        }
                    }
                }
            }
            pos = end + 1;
        }
        for j in self.dirty.drain(..) {
            if let (Some(name), Some(line)) = (self.names.get_mut(j), self.line.get_mut(j)) {
                name.clear();
                name.extend_from_slice(kallsyms_name(b, line.take().unwrap_or(0)));
            }
        }
    }

    /// Each query's answer: the best line of its slot and the slots below.
    fn finish(self) -> Vec<(u32, FrameSym)> {
        let mut names: FxHashMap<usize, Arc<str>> = FxHashMap::default();
        let mut cur: Option<(u64, usize)> = None;
        let mut out = Vec::with_capacity(self.queries.len());
        for (k, (&(a, id), hit)) in self.queries.iter().zip(&self.best).enumerate() {
            if let Some(start) = *hit {
                if cur.is_none_or(|c| start >= c.0) {
                    cur = Some((start, k));
                }
            }
            let fs = match cur {
                Some((start, slot)) => {
                    let name = names
                        .entry(slot)
                        .or_insert_with(|| {
                            let b = self.names.get(slot).map_or(&[][..], Vec::as_slice);
                            Arc::from(String::from_utf8_lossy(b))
                        })
                        .clone();
                    FrameSym {
                        name: Some(name),
                        start,
                        offset: a - start,
                        source: None,
                    }
                }
                None => FrameSym::default(),
            };
            out.push((id, fs));
        }
        out
    }
}

impl Kallsyms {
    /// A kallsyms file (read when asked).
    fn load(path: &Path) -> std::io::Result<Self> {
        Ok(Kallsyms {
            file: std::fs::File::open(path)?,
            live: false,
            boot_copy: None,
        })
    }

    /// The running kernel's `/proc/kallsyms`, through a copy of its own symbols kept
    /// in `cache` for this boot, if given.
    fn running(cache: Option<&Path>) -> std::io::Result<Self> {
        Ok(Kallsyms {
            boot_copy: cache.and_then(|d| Some(d.join(format!("kallsyms-{}", boot_id()?)))),
            ..Self::kernel_copy(Path::new("/proc/kallsyms"))?
        })
    }

    /// `/proc/kallsyms` or a copy of it made whole (perf's build-id cache keeps one),
    /// whose lines are in the kernel's order; a file given with `--kallsyms` may have
    /// been sorted or edited and is read whole ([`Kallsyms::load`]).
    fn kernel_copy(path: &Path) -> std::io::Result<Self> {
        Ok(Kallsyms {
            live: true,
            ..Self::load(path)?
        })
    }

    /// For each (address, frame id): the function symbol with the greatest start at or
    /// below the address (among equal starts, the last line), as a sorted table of the
    /// lines would give. A read error ends the text there.
    fn resolve(&self, addrs: &[(u64, u32)]) -> Vec<(u32, FrameSym)> {
        let mut queries: Vec<(u64, u32)> = addrs.to_vec();
        queries.sort_unstable();
        if let Some(copy) = &self.boot_copy {
            if let Some(found) = self.through_boot_copy(copy, &queries) {
                return found;
            }
        }
        let mut scan = if self.live {
            KallsymsScan::live(&queries)
        } else {
            KallsymsScan::new(&queries)
        };
        let regular = self
            .file
            .metadata()
            .is_ok_and(|m| m.is_file() && m.len() > 0);
        // SAFETY: mapped read-only; as for every mapped input, a concurrent writer could
        // change it under us.
        #[allow(unsafe_code)]
        let map = regular
            .then(|| unsafe { memmap2::Mmap::map(&self.file) }.ok())
            .flatten();
        if let Some(map) = map {
            if self.live {
                if let Some(found) = sorted_kallsyms_search(&map, &queries) {
                    return found;
                }
            }
            scan.lines(&map);
            return scan.finish();
        }
        scan.read_from(&mut &self.file);
        scan.finish()
    }
}

impl Kallsyms {
    /// [`Kallsyms::resolve`] for the running kernel through its copy for this boot at
    /// `copy`: searched when it is there (`None` when a query lies outside the kernel
    /// image: then `/proc/kallsyms` is read); else `/proc/kallsyms` is read whole, its
    /// kernel part saved there, and the queries answered from it.
    fn through_boot_copy(
        &self,
        copy: &Path,
        queries: &[(u64, u32)],
    ) -> Option<Vec<(u32, FrameSym)>> {
        if let Some(map) = map_regular_file(copy) {
            return sorted_kallsyms_search(&map, queries);
        }
        let mut text = Vec::new();
        std::io::Read::read_to_end(&mut &self.file, &mut text).ok()?;
        save_boot_copy(copy, &text);
        let mut scan = KallsymsScan::live(queries);
        scan.lines(&text);
        Some(scan.finish())
    }
}

/// This boot's id (`/proc/sys/kernel/random/boot_id`): kernel addresses (KASLR) hold
/// for one boot.
fn boot_id() -> Option<String> {
    let id = std::fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
    let id = id.trim();
    (!id.is_empty() && id.len() <= 64 && id.bytes().all(|c| c.is_ascii_hexdigit() || c == b'-'))
        .then(|| id.to_string())
}

/// Saves the kernel's own lines of `/proc/kallsyms` text (those before the first
/// module line) at `copy`, readable by the user alone, written whole (a temporary
/// file renamed) or not at all; copies for other boots beside it are removed. Nothing
/// is saved when the addresses are hidden (shown as zeros to the unprivileged). A
/// failure only means no copy.
fn save_boot_copy(copy: &Path, text: &[u8]) {
    use std::io::Write;
    use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt};
    let own = LineSearch {
        text,
        end: text.len(),
    };
    let Some(end) = own.first_failing(0, |line| Some(memchr::memchr(b'\t', line).is_none())) else {
        return;
    };
    let own = LineSearch { text, end };
    let hidden = own
        .next_function(0)
        .and_then(|at| own.entry(at))
        .is_none_or(|(addr, _)| addr == 0);
    let (Some(dir), Some(name), Some(part)) = (copy.parent(), copy.file_name(), text.get(..end))
    else {
        return;
    };
    if hidden
        || std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(dir)
            .is_err()
    {
        return;
    }
    let tmp = dir.join(format!(
        ".{}.tmp{}",
        name.to_string_lossy(),
        std::process::id()
    ));
    let written = std::fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(&tmp)
        .and_then(|mut f| f.write_all(part))
        .and_then(|()| std::fs::rename(&tmp, copy));
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
        return;
    }
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            let n = e.file_name();
            if n != name && n.to_string_lossy().starts_with("kallsyms-") {
                let _ = std::fs::remove_file(e.path());
            }
        }
    }
}

impl KallsymsScan<'_> {
    /// Feeds the text of `r` through a buffer of [`KALLSYMS_CHUNK`] bytes. A read
    /// error ends the text there.
    fn read_from(&mut self, r: &mut impl std::io::Read) {
        let mut buf = vec![0u8; KALLSYMS_CHUNK];
        let mut filled = 0;
        loop {
            let n = match r.read(buf.get_mut(filled..).unwrap_or_default()) {
                Ok(0) => break,
                Ok(n) => n,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(_) => break,
            };
            filled += n;
            let text = buf.get(..filled).unwrap_or_default();
            // The whole lines, or (a line longer than the buffer, no kallsyms line) all.
            let done = match memchr::memrchr(b'\n', text) {
                Some(nl) => nl + 1,
                None if filled == buf.len() => filled,
                None => continue,
            };
            self.lines(text.get(..done).unwrap_or_default());
            if self.done {
                return;
            }
            buf.copy_within(done..filled, 0);
            filled -= done;
        }
        self.lines(buf.get(..filled).unwrap_or_default());
    }
}

/// Names `addrs` from kallsyms text (`/proc/kallsyms`'s format) as [`symbolize`] names
/// kernel addresses: each gets the function line (type `t`, `T`, `w` or `W`) with the
/// greatest start at or below it, the last of equal starts, as (name, start). With
/// `kernel_order` the text is taken to be laid out as the kernel writes it (its own
/// symbols first, in address order, as `/proc/kallsyms` and copies of it are) and is
/// searched instead of scanned whenever every address lies inside the kernel image.
///
/// ```
/// let text = b"ffffffff81000000 T _stext\nffffffff81000040 t helper\n";
/// let names = pmc_symbolizer::symbolize::kallsyms_names(text, &[0xffffffff81000044], false);
/// assert_eq!(names, [Some(("helper".to_string(), 0xffffffff81000040))]);
/// ```
pub fn kallsyms_names(
    text: &[u8],
    addrs: &[u64],
    kernel_order: bool,
) -> Vec<Option<(String, u64)>> {
    let mut queries: Vec<(u64, u32)> = addrs.iter().zip(0u32..).map(|(&a, i)| (a, i)).collect();
    queries.sort_unstable();
    let found = kernel_order
        .then(|| sorted_kallsyms_search(text, &queries))
        .flatten()
        .unwrap_or_else(|| {
            let mut scan = KallsymsScan::new(&queries);
            scan.lines(text);
            scan.finish()
        });
    let mut out = vec![None; addrs.len()];
    for (i, s) in found {
        if let (Some(slot), Some(name)) = (out.get_mut(i as usize), s.name) {
            *slot = Some((name.to_string(), s.start));
        }
    }
    out
}

/// [`Kallsyms::resolve`] on a whole copy of `/proc/kallsyms` (`text`), without reading
/// every line: the kernel's own symbols come first, in address order, so each query's
/// line is found by a search that gallops from the previous query's. Gives the answers
/// the full scan gives, or `None` (then the caller scans) when the queries are not all
/// inside the kernel image (the module lines after it are in no order) or a line met is
/// not laid out as the kernel writes them.
fn sorted_kallsyms_search(text: &[u8], queries: &[(u64, u32)]) -> Option<Vec<(u32, FrameSym)>> {
    let (&(min, _), &(max, _)) = (queries.first()?, queries.last()?);
    // The kernel's own lines end where the first module line (`\t[module]`) starts.
    let own = LineSearch {
        text,
        end: text.len(),
    };
    let own_end = own.first_failing(0, |line| Some(memchr::memchr(b'\t', line).is_none()))?;
    let own = LineSearch { text, end: own_end };
    // The full scan's early stop, checked up front: the first function at or below the
    // lowest query, a function above the highest.
    let first = own.next_function(0)?;
    let above = own.first_failing(0, |line| Some(kallsyms_entry(line)?.0 <= max))?;
    let last = own.next_function(above)?;
    if own.entry(first)?.0 > min || own.entry(last)?.0 <= max {
        return None;
    }
    let mut out = Vec::with_capacity(queries.len());
    let mut names: FxHashMap<usize, Arc<str>> = FxHashMap::default();
    let mut from = 0;
    // The previous query's line, and the function line that answered it.
    let mut prev: Option<(usize, Option<usize>)> = None;
    for &(q, id) in queries {
        let next = own.first_failing(from, |line| Some(kallsyms_entry(line)?.0 <= q))?;
        let Some(at) = own.line_before(next) else {
            out.push((id, FrameSym::default()));
            continue;
        };
        from = at;
        // The last function line at or before `at`: walk back over other symbols, not
        // past the previous query's line (whose answer then stands).
        let mut line = Some(at);
        let func = loop {
            match (line, prev) {
                (Some(l), Some((p, answer))) if l <= p => break answer,
                (Some(l), _) => {
                    let (_, function) = own.entry(l)?;
                    if function {
                        break Some(l);
                    }
                    line = own.line_before(l);
                }
                (None, _) => break None,
            }
        };
        prev = Some((at, func));
        let fs = match func {
            Some(l) => {
                // A start above the address: the lines are not in order after all.
                let start = own.entry(l)?.0;
                if start > q {
                    return None;
                }
                let name = names
                    .entry(l)
                    .or_insert_with(|| Arc::from(String::from_utf8_lossy(kallsyms_name(text, l))))
                    .clone();
                FrameSym {
                    name: Some(name),
                    start,
                    offset: q - start,
                    source: None,
                }
            }
            None => FrameSym::default(),
        };
        out.push((id, fs));
    }
    Some(out)
}

/// Searches over the lines of `text[..end]` (line starts are byte offsets; `end` is a
/// line start or the end of the text).
struct LineSearch<'a> {
    text: &'a [u8],
    end: usize,
}

impl LineSearch<'_> {
    /// The line starting at `at` (without its newline).
    fn line(&self, at: usize) -> &[u8] {
        let rest = self.text.get(at..self.end).unwrap_or_default();
        let len = memchr::memchr(b'\n', rest).unwrap_or(rest.len());
        rest.get(..len).unwrap_or_default()
    }

    /// (address, names a function) of the line at `at`, if it is a kallsyms line.
    fn entry(&self, at: usize) -> Option<(u64, bool)> {
        kallsyms_entry(self.line(at))
    }

    /// The first line start at or after byte `pos`, or `end`.
    fn sync(&self, pos: usize) -> usize {
        if pos == 0 || pos >= self.end || self.text.get(pos - 1) == Some(&b'\n') {
            return pos.min(self.end);
        }
        let rest = self.text.get(pos..self.end).unwrap_or_default();
        memchr::memchr(b'\n', rest).map_or(self.end, |nl| pos + nl + 1)
    }

    /// The start of the line before the line starting at `at`.
    fn line_before(&self, at: usize) -> Option<usize> {
        let head = self.text.get(..at.checked_sub(1)?)?;
        Some(memchr::memrchr(b'\n', head).map_or(0, |nl| nl + 1))
    }

    /// The first function line at or after line start `at`.
    fn next_function(&self, mut at: usize) -> Option<usize> {
        while at < self.end {
            if self.entry(at)?.1 {
                return Some(at);
            }
            at = self.sync(at + 1);
        }
        None
    }

    /// The first line start at or after line start `from` whose line fails `holds` (or
    /// `end`), where `holds` is true up to some line and false from there on: a gallop
    /// forward from `from`, then a bisection. `None` if `holds` cannot tell for a line.
    fn first_failing(&self, from: usize, holds: impl Fn(&[u8]) -> Option<bool>) -> Option<usize> {
        // `lo`: a line start known to hold (or `from` itself, untested); `hi`: a line
        // start known to fail, or `end`.
        let mut lo = from;
        if lo >= self.end || !holds(self.line(lo))? {
            return Some(lo.min(self.end));
        }
        let mut hi = self.end;
        // The next line first: queries come in runs inside one function.
        let next = self.sync(lo + 1);
        if next >= self.end || !holds(self.line(next))? {
            return Some(next.min(self.end));
        }
        lo = next;
        let mut step = 256;
        loop {
            let probe = self.sync(lo.saturating_add(step));
            if probe >= self.end {
                break;
            }
            if holds(self.line(probe))? {
                lo = probe;
                step = step.saturating_mul(2);
            } else {
                hi = probe;
                break;
            }
        }
        loop {
            let next = self.sync(lo + 1);
            if next >= hi {
                return Some(hi);
            }
            let mid = self.sync(lo + (hi - lo) / 2);
            let probe = if mid >= hi { next } else { mid.max(next) };
            if holds(self.line(probe))? {
                lo = probe;
            } else {
                hi = probe;
            }
        }
    }
}

/// (address, names a function) of a kallsyms line (`ADDR TYPE NAME…`, no newline), if
/// it is one. A function has type `t`, `T`, `w` or `W` and a non-empty name.
fn kallsyms_entry(line: &[u8]) -> Option<(u64, bool)> {
    let function = |ty: u8, name: Option<&u8>| {
        matches!(ty, b't' | b'T' | b'w' | b'W') && name.is_some_and(|c| !c.is_ascii_whitespace())
    };
    // The kernel's own layout first: 16 hex digits, a space, the type, a space.
    if let Some(h) = line.first_chunk::<20>() {
        let (digits, rest) = h.split_at(16);
        if let [b' ', ty, b' ', name] = *rest {
            if let Some(addr) = hex_u64(digits) {
                return Some((addr, function(ty, Some(&name))));
            }
        }
    }
    let sp = memchr::memchr(b' ', line)?;
    let ty = *line.get(sp + 1)?;
    if line.get(sp + 2) != Some(&b' ') {
        return None;
    }
    let addr = hex_u64(line.get(..sp)?)?;
    Some((addr, function(ty, line.get(sp + 3))))
}

/// The address of a kallsyms line if it names a function ([`kallsyms_entry`]).
fn kallsyms_function(line: &[u8]) -> Option<u64> {
    kallsyms_entry(line).and_then(|(addr, function)| function.then_some(addr))
}

/// The value of hex `digits` (either case; leading zeros past 16 digits allowed), if
/// they are hex digits and fit in 64 bits.
fn hex_u64(digits: &[u8]) -> Option<u64> {
    let mut addr = 0u64;
    if digits.len() <= 16 {
        // No overflow possible, and no branch per digit (the digits of addresses are
        // as random as branches get): a table lookup each, one check at the end.
        let mut bad = 0u8;
        for &c in digits {
            let v = HEX.get(usize::from(c)).copied().unwrap_or(NOT_HEX);
            bad |= v;
            addr = addr << 4 | u64::from(v & 0xf);
        }
        return (bad & NOT_HEX == 0).then_some(addr);
    }
    for &c in digits {
        let v = HEX.get(usize::from(c)).copied().unwrap_or(NOT_HEX);
        if v == NOT_HEX {
            return None;
        }
        addr = addr.checked_mul(16)? | u64::from(v);
    }
    Some(addr)
}

/// [`HEX`]'s mark of a byte that is no hex digit.
const NOT_HEX: u8 = 0x80;

/// Each byte's value as a hex digit, or [`NOT_HEX`].
// SANITY: evaluated at compile time, every index below 256.
#[allow(clippy::indexing_slicing)]
const HEX: [u8; 256] = {
    let mut t = [NOT_HEX; 256];
    let mut i = 0;
    while i < 256 {
        let c = i as u8;
        t[i] = match c {
            b'0'..=b'9' => c - b'0',
            b'a'..=b'f' => c - b'a' + 10,
            b'A'..=b'F' => c - b'A' + 10,
            _ => NOT_HEX,
        };
        i += 1;
    }
    t
};

/// The name of the kallsyms line at `from` (a line [`kallsyms_function`] accepted).
fn kallsyms_name(b: &[u8], from: usize) -> &[u8] {
    let rest = b.get(from..).unwrap_or_default();
    let rest = match memchr::memchr(b' ', rest) {
        Some(sp) => rest.get(sp + 3..).unwrap_or_default(),
        None => &[],
    };
    let len = rest
        .iter()
        .position(|c| c.is_ascii_whitespace())
        .unwrap_or(rest.len());
    rest.get(..len).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kallsyms_lines() {
        let text = b"ffffffff81000000 T _stext\nffffffff81000010 d data_sym\nffffffff81000020 t mod_fn\t[ext4]\nzz T bad\nffffffff81000030 W weak_fn\n";
        let dir = std::env::temp_dir().join(format!("pmc-kallsyms-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("kallsyms");
        std::fs::write(&path, text).unwrap();
        let k = Kallsyms::load(&path).unwrap();
        let got = k.resolve(&[
            (0xffffffff81000018, 0),
            (0xffffffff81000024, 1),
            (0xffffffff81000040, 2),
        ]);
        let names: Vec<_> = got
            .iter()
            .map(|(_, s)| (s.name.as_deref().unwrap(), s.offset))
            .collect();
        // The data symbol is no function: the address belongs to `_stext`.
        assert_eq!(names, [("_stext", 0x18), ("mod_fn", 4), ("weak_fn", 0x10)]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Inputs the kallsyms fuzz target once crashed on (`fixtures/fuzz/kallsyms-*`):
    /// the first byte counts the addresses (8 bytes each) before the text.
    #[test]
    fn kallsyms_fuzz_regressions() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/fixtures/fuzz");
        let mut seen = 0;
        for e in std::fs::read_dir(dir).unwrap() {
            let path = e.unwrap().path();
            if !path
                .file_name()
                .unwrap()
                .to_string_lossy()
                .starts_with("kallsyms-")
            {
                continue;
            }
            let data = std::fs::read(&path).unwrap();
            let n = usize::from(data[0] % 16);
            let (head, text) = data[1..].split_at(n * 8);
            let addrs: Vec<u64> = head
                .chunks_exact(8)
                .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
                .collect();
            for kernel_order in [false, true] {
                assert_eq!(kallsyms_names(text, &addrs, kernel_order).len(), n);
            }
            seen += 1;
        }
        assert!(seen > 0);
    }

    /// perf's `.plt` names (relocation i names entry i), whether or not the batch has an
    /// address in `.plt` (without one the PLT is not worked out).
    #[test]
    fn plt_names_as_perf() {
        let path = Path::new(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/fixtures/sysroot/tmp/pmcfix/cwork"
        ));
        let data = std::fs::read(path).unwrap();
        let elf = libelf::ElfFile::parse(&data).unwrap();
        let (plt, _) = section_range(&elf, b".plt").unwrap();
        let text = section_range(&elf, b".text").unwrap().0;
        let names = |addrs: &[u64]| -> Vec<String> {
            // File offsets: the fixture's text lies at equal offset and address.
            let q: Vec<(u64, u32)> = addrs.iter().zip(0..).map(|(&a, i)| (a, i)).collect();
            let mut r = resolve_in(&elf, path, &q, false, None);
            r.sort_by_key(|(i, _)| *i);
            r.into_iter()
                .map(|(_, s)| format!("{}+{:x}", s.name.as_deref().unwrap_or("?"), s.offset))
                .collect()
        };
        let away = names(&[text + 0x40]);
        let both = names(&[plt + 0x10 + 4, plt + 0x20, text + 0x40]);
        assert_eq!(both[..2], ["free@plt+4", "qsort@plt+0"]);
        assert_eq!(both[2], away[0]);
        assert!(!away[0].contains("@plt"), "{away:?}");
    }

    #[test]
    fn boot_copy_kept_and_used() {
        let dir = std::env::temp_dir().join(format!("pmc-bootcopy-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let own = "ffffffff81000000 T _stext\nffffffff81000010 t a\nffffffff81000020 d data\n\
ffffffff81000030 t b\nffffffff81000040 T c\n";
        let live = dir.join("proc-kallsyms");
        std::fs::write(&live, format!("{own}ffffffffc0000000 t m\t[mod]\n")).unwrap();
        let cache = dir.join("cache");
        std::fs::create_dir_all(&cache).unwrap();
        std::fs::write(cache.join("kallsyms-old-boot"), "x").unwrap();
        let copy = cache.join("kallsyms-this-boot");
        let open = || Kallsyms {
            boot_copy: Some(copy.clone()),
            ..Kallsyms::kernel_copy(&live).unwrap()
        };
        let names = |k: &Kallsyms, q: &[(u64, u32)]| -> Vec<String> {
            k.resolve(q)
                .into_iter()
                .map(|(_, s)| format!("{}+{:x}", s.name.as_deref().unwrap_or("?"), s.offset))
                .collect()
        };
        let q = [(0xffff_ffff_8100_0024, 0), (0xffff_ffff_8100_0031, 1)];
        // First run: /proc/kallsyms read whole, its kernel part saved (other boots'
        // copies removed).
        assert_eq!(names(&open(), &q), ["a+14", "b+1"]);
        assert_eq!(std::fs::read_to_string(&copy).unwrap(), own);
        assert!(!cache.join("kallsyms-old-boot").exists());
        use std::os::unix::fs::PermissionsExt;
        let mode = std::fs::metadata(&copy).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        // Later runs search the copy (here edited, to tell it from the live text)...
        std::fs::write(&copy, own.replace(" t a\n", " t a_copy\n")).unwrap();
        assert_eq!(names(&open(), &q), ["a_copy+14", "b+1"]);
        // ...unless a query lies outside the kernel image.
        let q = [(0xffff_ffff_8100_0024, 0), (0xffff_ffff_c000_0008, 1)];
        assert_eq!(names(&open(), &q), ["a+14", "m+8"]);
        // Hidden addresses (all zeros) are not kept.
        std::fs::remove_file(&copy).unwrap();
        std::fs::write(&live, "0000000000000000 T _stext\n0000000000000000 t a\n").unwrap();
        let _ = open().resolve(&[(0, 0)]);
        assert!(!copy.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn kallsyms_function_lines() {
        let f = |l: &str| kallsyms_function(l.as_bytes());
        assert_eq!(f("ffffffff81000000 T _stext"), Some(0xffffffff81000000));
        assert_eq!(f("ffffffff81000010 t m\t[mod]"), Some(0xffffffff81000010));
        assert_eq!(f("ffffffff81000020 W w"), Some(0xffffffff81000020));
        assert_eq!(f("ffffffff81000000 d data_sym"), None);
        assert_eq!(f("ffffffff81000000 T  spaced"), None);
        assert_eq!(f("ffffffff81000000 T"), None);
        // Other layouts take the general path.
        assert_eq!(f("81000000 T short"), Some(0x81000000));
        assert_eq!(f("abc T x123456789 T z"), Some(0xabc));
        assert_eq!(f("fffffffg81000000 T bad"), None);
        assert_eq!(f("0ffffffff81000000 T long"), Some(0xffffffff81000000));
    }

    /// A reader handing out at most 5 bytes a read, as a stream may.
    struct Trickle<'a>(&'a [u8]);

    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = buf.len().min(5).min(self.0.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    #[test]
    fn kallsyms_streamed_in_pieces() {
        // Out of order, equal starts (the later line wins), no final newline, and
        // lines split across reads and chunks.
        let mut text = String::new();
        for i in 0..4000u64 {
            text.push_str(&format!("{:016x} t f{i}\n", 0xffffffff81000000 + i * 16));
        }
        text.push_str(
            "ffffffff81000100 T alias16\nffffffff80000000 T low\nffffffffc0000000 t m\t[mod]",
        );
        let queries = [
            (0xffffffff80000004, 0),
            (0xffffffff81000105, 1),
            (0xffffffff81000208, 2),
            (0xffffffff8100f9f8, 3),
            (0xffffffffc0000001, 4),
        ];
        let expect = [
            ("low", 4),
            ("alias16", 5),
            ("f32", 8),
            ("f3999", 8),
            ("m", 1),
        ];
        for whole in [false, true] {
            let mut scan = KallsymsScan::new(&queries);
            if whole {
                scan.lines(text.as_bytes());
            } else {
                scan.read_from(&mut Trickle(text.as_bytes()));
            }
            let got = scan.finish();
            let names: Vec<_> = got
                .iter()
                .map(|(_, s)| (s.name.as_deref().unwrap(), s.offset))
                .collect();
            assert_eq!(names, expect, "whole: {whole}");
        }
    }

    /// The answers of a full scan of `text`.
    fn scanned(text: &[u8], queries: &[(u64, u32)]) -> Vec<(u32, Option<String>, u64, u64)> {
        let mut scan = KallsymsScan::new(queries);
        scan.lines(text);
        flat(scan.finish())
    }

    fn flat(v: Vec<(u32, FrameSym)>) -> Vec<(u32, Option<String>, u64, u64)> {
        v.into_iter()
            .map(|(i, s)| (i, s.name.map(|n| n.to_string()), s.start, s.offset))
            .collect()
    }

    #[test]
    fn sorted_copy_search_matches_the_scan() {
        // A kernel part in address order: functions, data symbols among them, equal
        // starts, runs without functions; then module lines.
        let mut rand = crate::test_rand(0x2545_f491_4f6c_dd1d);
        let base = 0xffff_ffff_8100_0000u64;
        let mut text = String::new();
        let mut addr = base;
        for i in 0..3000 {
            addr += rand(3) * 16;
            let ty = ["t", "T", "d", "r", "W", "b", "t"][rand(7) as usize];
            text.push_str(&format!("{addr:016x} {ty} s{i}\n"));
        }
        let top = addr + 0x100;
        text.push_str(&format!("{top:016x} T _etext\n"));
        text.push_str("ffffffffc0000000 t m1\t[mod]\nffffffffc0000100 t m2\t[mod]\n");
        for round in 0..200 {
            let n = 1 + rand(40) as usize;
            let mut queries: Vec<(u64, u32)> = (0..n)
                .map(|i| (base + rand(top - base), i as u32))
                .collect();
            if round % 3 == 0 {
                // Runs of queries inside one symbol.
                let q = queries[0].0;
                queries.extend((0..5).map(|i| (q + i, 100 + i as u32)));
            }
            queries.sort_unstable();
            let fast = sorted_kallsyms_search(text.as_bytes(), &queries)
                .map(flat)
                .unwrap_or_else(|| panic!("no search for {queries:x?}"));
            assert_eq!(fast, scanned(text.as_bytes(), &queries), "{queries:x?}");
        }
        // Outside the kernel image: left to the scan.
        for q in [base - 1, top, 0xffff_ffff_c000_0004] {
            assert!(
                sorted_kallsyms_search(text.as_bytes(), &[(q, 0)]).is_none(),
                "{q:x}"
            );
        }
        // A line not laid out as the kernel writes them, met by the search.
        let bad = "xyz\nffffffff81000000 T a\nffffffff81000010 T b\nffffffff81000030 T d\n";
        assert!(sorted_kallsyms_search(bad.as_bytes(), &[(0xffff_ffff_8100_0024, 0)]).is_none());
    }

    #[test]
    fn live_kallsyms_stops_after_the_last_query() {
        let text = b"ffffffff81000000 T _stext\nffffffff81000010 t a\nffffffff81000010 t a2\n\
ffffffff81000020 t b\nffffffff81000030 t c\nffffffffc0000000 t m\t[mod]\n";
        let queries = [(0xffffffff81000004, 0), (0xffffffff81000018, 1)];
        let mut scan = KallsymsScan::live(&queries);
        scan.read_from(&mut Trickle(text));
        assert!(scan.done);
        let got = scan.finish();
        let names: Vec<_> = got
            .iter()
            .map(|(_, s)| s.name.as_deref().unwrap())
            .collect();
        assert_eq!(names, ["_stext", "a2"]);
        // A query in a module, below the kernel's first function, or lines out of
        // order: to the end.
        for (text, q) in [
            (&text[..], 0xffffffffc0000008),
            (&text[..], 0xffffffff80000000),
            (&b"ffffffff81000010 t a\nffffffff81000000 T _stext\nffffffff81000030 t c\nffffffff81000008 t late\n"[..], 0xffffffff8100000c),
        ] {
            let queries = [(q, 0)];
            let mut scan = KallsymsScan::live(&queries);
            scan.read_from(&mut Trickle(text));
            assert!(!scan.done, "{q:x}");
        }
    }
}
