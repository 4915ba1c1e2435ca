//! `--call-graph dwarf` samples (user registers + a copy of the user stack) unwound with
//! framehop over each image's CFI (`.eh_frame`, `.eh_frame_hdr`, `.debug_frame`).
//! x86-64 and AArch64; the machine of a process is that of the ELF images it maps.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use framehop::aarch64::{CacheAarch64, UnwindRegsAarch64, UnwinderAarch64};
use framehop::x86_64::{CacheX86_64, UnwindRegsX86_64, UnwinderX86_64};
use framehop::{ExplicitModuleSectionInfo, FrameAddress, Module, Unwinder as _};
use rustc_hash::FxHashMap;

use crate::process::{ImageId, Machine};

type Bytes = Arc<[u8]>;

/// One image's unwind tables and its file offset → virtual address mapping.
#[derive(Debug)]
struct ImageUnwind {
    info: ExplicitModuleSectionInfo<Bytes>,
    /// (p_offset, p_filesz, p_vaddr) of each PT_LOAD.
    segments: Vec<(u64, u64, u64)>,
    /// An `EM_AARCH64` image.
    aarch64: bool,
}

/// x86-64 `perf_regs` indexes (arch/x86/include/uapi/asm/perf_regs.h).
const X86_BP: u32 = 6;
const X86_SP: u32 = 7;
const X86_IP: u32 = 8;
/// AArch64 `perf_regs` indexes (arch/arm64/include/uapi/asm/perf_regs.h).
const A64_FP: u32 = 29;
const A64_LR: u32 = 30;
const A64_SP: u32 = 31;
const A64_PC: u32 = 32;

/// One process's unwinder, for the machine of its images.
enum ProcessUnwinder {
    X86_64(UnwinderX86_64<Bytes>),
    Aarch64(UnwinderAarch64<Bytes>),
}

impl ProcessUnwinder {
    fn add_module(&mut self, m: Module<Bytes>) {
        match self {
            ProcessUnwinder::X86_64(u) => u.add_module(m),
            ProcessUnwinder::Aarch64(u) => u.add_module(m),
        }
    }
}

/// The deepest user stack kept.
const MAX_FRAMES: usize = 512;

/// Reads little-endian words of the copied user `stack`, which starts at `sp`.
fn stack_reader(stack: &[u8], sp: u64) -> impl FnMut(u64) -> Result<u64, ()> + '_ {
    move |addr: u64| {
        let off = usize::try_from(addr.checked_sub(sp).ok_or(())?).map_err(|_| ())?;
        let b = stack.get(off..off.checked_add(8).ok_or(())?).ok_or(())?;
        let mut a = [0u8; 8];
        a.copy_from_slice(b);
        Ok(u64::from_le_bytes(a))
    }
}

/// Takes frames from `next` until it ends or fails, or `push` says stop.
fn drain<E>(
    mut next: impl FnMut() -> Result<Option<FrameAddress>, E>,
    push: &mut impl FnMut(FrameAddress) -> bool,
) {
    while let Ok(Some(f)) = next() {
        if !push(f) {
            break;
        }
    }
}

/// Unwinds user stacks, one framehop unwinder per process, rebuilt when its mappings
/// change.
pub struct StackUnwinder {
    symfs: Option<PathBuf>,
    images: FxHashMap<ImageId, Option<Arc<ImageUnwind>>>,
    per_pid: FxHashMap<i32, (u64, ProcessUnwinder)>,
    cache: CacheX86_64,
    cache_a64: CacheAarch64,
}

impl std::fmt::Debug for StackUnwinder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("StackUnwinder")
            .field("images", &self.images.len())
            .field("processes", &self.per_pid.len())
            .finish_non_exhaustive()
    }
}

fn load_image(path: &Path, build_id: Option<&[u8]>) -> Option<ImageUnwind> {
    let data = std::fs::read(path).ok()?;
    let elf = libelf::ElfFile::parse(&data).ok()?;
    if let Some(want) = build_id.filter(|b| !b.is_empty()) {
        if libelf::read::find_build_id(&elf) != Some(want) {
            return None;
        }
    }
    let section = |name: &[u8]| -> Option<(std::ops::Range<u64>, Bytes)> {
        let s = elf.section_by_name(name).ok()??;
        let h = s.header();
        let bytes = s.decompressed().ok()?;
        Some((
            h.sh_addr..h.sh_addr.saturating_add(h.sh_size),
            Arc::from(&*bytes),
        ))
    };
    let text = section(b".text");
    let eh = section(b".eh_frame");
    let hdr = section(b".eh_frame_hdr");
    let debug_frame = section(b".debug_frame");
    let segments = elf
        .program_headers()
        .map(|phs| {
            phs.iter()
                .filter(|p| p.p_type == 1)
                .map(|p| (p.p_offset, p.p_filesz, p.p_vaddr))
                .collect()
        })
        .unwrap_or_default();
    let aarch64 = elf.header().e_machine == libelf::consts::EM_AARCH64;
    let info = ExplicitModuleSectionInfo {
        base_svma: 0,
        text_svma: text.as_ref().map(|t| t.0.clone()),
        text: text.map(|t| t.1),
        eh_frame_svma: eh.as_ref().map(|t| t.0.clone()),
        eh_frame: eh.map(|t| t.1),
        eh_frame_hdr_svma: hdr.as_ref().map(|t| t.0.clone()),
        eh_frame_hdr: hdr.map(|t| t.1),
        debug_frame: debug_frame.map(|t| t.1),
        ..Default::default()
    };
    Some(ImageUnwind {
        info,
        segments,
        aarch64,
    })
}

impl StackUnwinder {
    /// An unwinder finding images under `symfs` (if given).
    pub fn new(symfs: Option<PathBuf>) -> Self {
        StackUnwinder {
            symfs,
            images: FxHashMap::default(),
            per_pid: FxHashMap::default(),
            cache: CacheX86_64::new(),
            cache_a64: CacheAarch64::new(),
        }
    }

    fn image(&mut self, machine: &Machine, id: ImageId) -> Option<Arc<ImageUnwind>> {
        if let Some(u) = self.images.get(&id) {
            return u.clone();
        }
        let img = machine.images.get(id as usize)?;
        let u = if img.kernel || img.path.starts_with('[') || img.path.starts_with("/tmp/perf-") {
            None
        } else {
            let path = match &self.symfs {
                Some(root) => root.join(img.path.trim_start_matches('/')),
                None => PathBuf::from(&img.path),
            };
            load_image(&path, img.build_id.as_deref()).map(Arc::new)
        };
        self.images.insert(id, u.clone());
        u
    }

    /// The user frames of a sample: the IP, then each return address − 1 (the call
    /// instruction, as perf prints them). `regs` follow `mask` (perf_regs order).
    pub fn unwind(
        &mut self,
        machine: &Machine,
        pid: i32,
        mask: u64,
        regs: &[u64],
        stack: &[u8],
    ) -> Vec<u64> {
        let reg = |r: u32| -> Option<u64> {
            if mask & (1 << r) == 0 {
                return None;
            }
            let idx = (mask & ((1u64 << r) - 1)).count_ones() as usize;
            regs.get(idx).copied()
        };
        let epoch = machine.generation(pid);
        let stale = self.per_pid.get(&pid).is_none_or(|(e, _)| *e != epoch);
        if stale {
            let mut modules = Vec::new();
            let mut aarch64 = false;
            for (start, end, pgoff, image) in machine.maps_of(pid) {
                let Some(iu) = self.image(machine, image) else {
                    continue;
                };
                // The bias that maps the image's virtual addresses to this mapping.
                let Some(&(off, _, vaddr)) = iu
                    .segments
                    .iter()
                    .find(|&&(o, sz, _)| pgoff >= o && pgoff < o + sz.max(1))
                else {
                    continue;
                };
                let bias = start
                    .wrapping_sub(pgoff)
                    .wrapping_add(off)
                    .wrapping_sub(vaddr);
                let name = machine
                    .images
                    .get(image as usize)
                    .map_or_else(String::new, |i| i.path.clone());
                aarch64 |= iu.aarch64;
                modules.push(Module::new(name, start..end, bias, iu.info.clone()));
            }
            let mut u = if aarch64 {
                ProcessUnwinder::Aarch64(UnwinderAarch64::new())
            } else {
                ProcessUnwinder::X86_64(UnwinderX86_64::new())
            };
            for m in modules {
                u.add_module(m);
            }
            self.per_pid.insert(pid, (epoch, u));
        }
        let Some((_, unwinder)) = self.per_pid.get(&pid) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut push = |f: FrameAddress| {
            match f {
                FrameAddress::InstructionPointer(a) => out.push(a),
                FrameAddress::ReturnAddress(a) => out.push(a.get() - 1),
            }
            out.len() < MAX_FRAMES
        };
        match unwinder {
            ProcessUnwinder::X86_64(u) => {
                let (Some(ip), Some(sp), Some(bp)) = (reg(X86_IP), reg(X86_SP), reg(X86_BP)) else {
                    return Vec::new();
                };
                let mut read = stack_reader(stack, sp);
                let regs = UnwindRegsX86_64::new(ip, sp, bp);
                let mut it = u.iter_frames(ip, regs, &mut self.cache, &mut read);
                drain(|| it.next(), &mut push);
            }
            ProcessUnwinder::Aarch64(u) => {
                let (Some(pc), Some(sp)) = (reg(A64_PC), reg(A64_SP)) else {
                    return Vec::new();
                };
                let (lr, fp) = (reg(A64_LR).unwrap_or(0), reg(A64_FP).unwrap_or(0));
                let mut read = stack_reader(stack, sp);
                let regs = UnwindRegsAarch64::new(lr, sp, fp);
                let mut it = u.iter_frames(pc, regs, &mut self.cache_a64, &mut read);
                drain(|| it.next(), &mut push);
            }
        }
        out
    }
}
