//! Processes, threads and their address spaces, built from mmap/comm/fork/exit events.
//!
//! A sample address in a file mapping becomes (image, file offset): `ip − start +
//! pgoff`. The symbolizer turns the file offset into the ELF virtual address through
//! the `PT_LOAD` that holds it, so binaries whose text has `p_offset ≠ p_vaddr` come
//! out right.

use rustc_hash::FxHashMap;

/// Index of an [`Image`] in [`Machine::images`].
pub type ImageId = u32;

/// A mapped file (or a special region such as `[vdso]`).
#[derive(Debug, Clone)]
pub struct Image {
    /// The path as recorded (`/usr/lib/x86_64-linux-gnu/libc.so.6`, `[vdso]`).
    pub path: String,
    /// The build id, from the header's table or an MMAP2 record.
    pub build_id: Option<Vec<u8>>,
    /// A kernel image (`[kernel.kallsyms]`, modules).
    pub kernel: bool,
}

impl Image {
    /// perf's short name: the basename of a path, or the whole `[name]`.
    pub fn short_name(&self) -> &str {
        if self.path.starts_with('[') {
            // `[kernel.kallsyms]_text` and the like are the kernel.
            if self.kernel {
                return "[kernel.kallsyms]";
            }
            return &self.path;
        }
        self.path.rsplit('/').next().unwrap_or(&self.path)
    }
}

#[derive(Debug, Clone, Copy)]
struct Map {
    start: u64,
    end: u64,
    pgoff: u64,
    image: ImageId,
}

/// One process's mappings, sorted by start, never overlapping.
#[derive(Debug, Clone, Default)]
pub struct AddressSpace {
    maps: Vec<Map>,
    /// [`Machine`]'s generation when these maps last changed.
    changed: u64,
}

impl AddressSpace {
    fn insert(&mut self, m: Map) {
        // An empty map holds no address (and would break the order of the others).
        if m.start >= m.end {
            return;
        }
        // Most maps land in free space: only the maps on either side can overlap.
        let at = self.maps.partition_point(|x| x.start < m.start);
        let before = at
            .checked_sub(1)
            .and_then(|i| self.maps.get(i))
            .is_some_and(|x| x.end > m.start);
        let after = self.maps.get(at).is_some_and(|x| x.start < m.end);
        if !before && !after {
            self.maps.insert(at, m);
            return;
        }
        self.insert_cutting(m);
    }

    /// [`AddressSpace::insert`], the general way: what the new map overlaps is cut out
    /// of the old ones.
    fn insert_cutting(&mut self, m: Map) {
        let mut out = Vec::with_capacity(self.maps.len() + 2);
        for old in self.maps.drain(..) {
            if old.end <= m.start || old.start >= m.end {
                out.push(old);
                continue;
            }
            if old.start < m.start {
                out.push(Map {
                    end: m.start,
                    ..old
                });
            }
            if old.end > m.end {
                out.push(Map {
                    start: m.end,
                    pgoff: old.pgoff.wrapping_add(m.end - old.start),
                    ..old
                });
            }
        }
        let at = out.partition_point(|x| x.start < m.start);
        out.insert(at, m);
        self.maps = out;
    }

    /// The map holding `addr`: (image, file offset).
    pub fn resolve(&self, addr: u64) -> Option<(ImageId, u64)> {
        let i = self
            .maps
            .partition_point(|m| m.start <= addr)
            .checked_sub(1)?;
        let m = self.maps.get(i)?;
        (addr < m.end).then(|| (m.image, addr.wrapping_sub(m.start).wrapping_add(m.pgoff)))
    }
}

#[derive(Debug, Clone)]
struct Thread {
    comm: u32,
}

/// Everything known about the recorded machine at the current point of the stream.
#[derive(Debug, Default)]
pub struct Machine {
    /// Mapped images, each once.
    pub images: Vec<Image>,
    by_path: FxHashMap<Vec<u8>, ImageId>,
    /// Build ids from the header, by path.
    header_build_ids: FxHashMap<Vec<u8>, Vec<u8>>,
    spaces: FxHashMap<i32, AddressSpace>,
    kernel: AddressSpace,
    threads: FxHashMap<i32, Thread>,
    /// The thread [`Machine::thread_comm`] answered last, and its name, until a thread
    /// is named or created (samples come in runs of one thread).
    last_thread: Option<(i32, u32)>,
    /// Thread names, each once.
    pub comms: Vec<String>,
    comm_ids: FxHashMap<String, u32>,
    /// Bumped on every change of any address space.
    generation: u64,
    /// Processes that exited: (generation at the exit, pid), oldest first.
    exited: std::collections::VecDeque<(u64, i32)>,
}

/// How many address-space changes after its exit a process's mappings are dropped:
/// late enough that no sample of it can still come (samples can follow the exit
/// record a little), early enough that memory follows the live processes.
const REAP_AFTER: u64 = 4096;

/// Where an address is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Location {
    /// The image, or `None` for an address in no mapping.
    pub image: Option<ImageId>,
    /// The file offset in `image`, else the address itself.
    pub addr: u64,
}

impl Machine {
    /// Records a build id from the file header.
    pub fn header_build_id(&mut self, path: &[u8], build_id: &[u8]) {
        self.header_build_ids
            .insert(path.to_vec(), build_id.to_vec());
        if let Some(&id) = self.by_path.get(path) {
            if let Some(img) = self.images.get_mut(id as usize) {
                img.build_id.get_or_insert_with(|| build_id.to_vec());
            }
        }
    }

    fn image(&mut self, path: &[u8], build_id: Option<&[u8]>, kernel: bool) -> ImageId {
        if let Some(&id) = self.by_path.get(path) {
            if let (Some(b), Some(img)) = (build_id, self.images.get_mut(id as usize)) {
                img.build_id.get_or_insert_with(|| b.to_vec());
            }
            return id;
        }
        let id = self.images.len() as ImageId;
        let build_id = build_id
            .map(<[u8]>::to_vec)
            .or_else(|| self.header_build_ids.get(path).cloned());
        self.images.push(Image {
            path: String::from_utf8_lossy(path).into_owned(),
            build_id,
            kernel,
        });
        self.by_path.insert(path.to_vec(), id);
        id
    }

    /// A mapping was created.
    pub fn mmap(&mut self, e: &crate::events::MmapEvent<'_>) {
        if !e.executable && !e.kernel {
            return;
        }
        let kernel = e.kernel || e.pid == -1;
        // `[kernel.kallsyms]_text` (the map) is `[kernel.kallsyms]` (the build-id table).
        let path = if kernel && e.path.starts_with(b"[kernel.kallsyms]") {
            &b"[kernel.kallsyms]"[..]
        } else {
            e.path
        };
        // Anonymous executable memory (a JIT's code) is named by the JIT's perf map,
        // `/tmp/perf-PID.map`, and its addresses stay absolute, as in perf.
        let anon = !kernel
            && (e.path.starts_with(b"//anon")
                || e.path.starts_with(b"/memfd:")
                || e.path.starts_with(b"[anon"));
        let jit_name;
        let (path, pgoff) = if anon {
            jit_name = format!("/tmp/perf-{}.map", e.pid).into_bytes();
            (&jit_name[..], e.start)
        } else {
            (path, e.pgoff)
        };
        let image = self.image(path, e.build_id, kernel);
        let map = Map {
            start: e.start,
            end: e.start.saturating_add(e.len),
            pgoff,
            image,
        };
        self.generation += 1;
        if kernel {
            // The kernel map's pgoff is the runtime address of `_text`: addresses
            // in it stay absolute.
            self.kernel.insert(Map {
                pgoff: e.start,
                ..map
            });
            self.kernel.changed = self.generation;
        } else {
            let space = self.spaces.entry(e.pid).or_default();
            space.insert(map);
            space.changed = self.generation;
        }
    }

    fn comm_id(&mut self, name: &str) -> u32 {
        if let Some(&id) = self.comm_ids.get(name) {
            return id;
        }
        let id = self.comms.len() as u32;
        self.comms.push(name.to_string());
        self.comm_ids.insert(name.to_string(), id);
        id
    }

    /// A thread was named, or exec replaced the process.
    pub fn comm(&mut self, pid: i32, tid: i32, name: &[u8], exec: bool) {
        let name = String::from_utf8_lossy(name);
        let comm = self.comm_id(&name);
        // As perf, exec keeps the old mappings: a sample taken inside execve() can
        // carry user frames of the old image, and the new image's mappings replace
        // what they overlap anyway.
        let _ = (pid, exec);
        self.threads.insert(tid, Thread { comm });
        self.last_thread = None;
    }

    /// A process or thread was created.
    pub fn fork(&mut self, pid: i32, ppid: i32, tid: i32, ptid: i32) {
        let comm = match self.threads.get(&ptid) {
            Some(t) => t.comm,
            None => self.comm_id(":-1"),
        };
        self.threads.insert(tid, Thread { comm });
        self.last_thread = None;
        if pid != ppid {
            self.reap();
            self.generation += 1;
            let mut space = self.spaces.get(&ppid).cloned().unwrap_or_default();
            space.changed = self.generation;
            self.spaces.insert(pid, space);
        }
    }

    /// A thread exited. Its name stays (samples can follow the exit record); a process's mappings are dropped some time after it exits (`REAP_AFTER` mapping changes later).
    pub fn exit(&mut self, pid: i32, tid: i32) {
        if pid == tid && pid > 0 {
            self.exited.push_back((self.generation, pid));
        }
    }

    /// Drops the mappings of processes that exited long enough ago and have not been
    /// replaced since (a new process with the same pid).
    fn reap(&mut self) {
        while let Some(&(at, pid)) = self.exited.front() {
            if self.generation.saturating_sub(at) < REAP_AFTER {
                break;
            }
            self.exited.pop_front();
            if self.spaces.get(&pid).is_some_and(|s| s.changed <= at) {
                self.spaces.remove(&pid);
            }
        }
    }

    /// The name of thread `tid` (perf's `:<tid>` when it was never named).
    pub fn thread_comm(&mut self, tid: i32) -> u32 {
        if let Some((t, comm)) = self.last_thread {
            if t == tid {
                return comm;
            }
        }
        let comm = match self.threads.get(&tid) {
            Some(t) => t.comm,
            None => {
                let id = self.comm_id(&format!(":{tid}"));
                self.threads.insert(tid, Thread { comm: id });
                id
            }
        };
        self.last_thread = Some((tid, comm));
        comm
    }

    /// A number that changes whenever the mappings that [`Machine::locate`] consults for
    /// process `pid` (its own or the kernel's) change: what was located for `pid` stays
    /// valid while it is the same.
    pub fn generation(&self, pid: i32) -> u64 {
        let own = self.spaces.get(&pid).map_or(0, |s| s.changed);
        own.max(self.kernel.changed)
    }

    /// The mappings of process `pid`: (start, end, file offset, image).
    pub fn maps_of(&self, pid: i32) -> Vec<(u64, u64, u64, ImageId)> {
        self.spaces
            .get(&pid)
            .map(|s| {
                s.maps
                    .iter()
                    .map(|m| (m.start, m.end, m.pgoff, m.image))
                    .collect()
            })
            .unwrap_or_default()
    }

    /// Where `addr` is, for process `pid` in user or kernel mode.
    pub fn locate(&self, pid: i32, addr: u64, kernel: bool) -> Location {
        let hit = if kernel {
            self.kernel.resolve(addr)
        } else {
            self.spaces.get(&pid).and_then(|s| s.resolve(addr))
        };
        match hit {
            Some((image, addr)) => Location {
                image: Some(image),
                addr,
            },
            None => Location { image: None, addr },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn overlapping_maps_are_cut() {
        let mut s = AddressSpace::default();
        s.insert(Map {
            start: 0x1000,
            end: 0x5000,
            pgoff: 0,
            image: 1,
        });
        s.insert(Map {
            start: 0x2000,
            end: 0x3000,
            pgoff: 0x100,
            image: 2,
        });
        assert_eq!(s.resolve(0x1800), Some((1, 0x800)));
        assert_eq!(s.resolve(0x2800), Some((2, 0x900)));
        assert_eq!(s.resolve(0x3800), Some((1, 0x2800)));
        assert_eq!(s.resolve(0x5000), None);
        assert_eq!(s.resolve(0x10), None);
    }

    #[test]
    fn maps_in_free_space_as_cut_ones() {
        let mut rand = crate::test_rand(0x9e37_79b9_7f4a_7c15);
        for _ in 0..200 {
            let (mut fast, mut slow) = (AddressSpace::default(), AddressSpace::default());
            for image in 0..30 {
                let start = rand(64) * 0x1000;
                let m = Map {
                    start,
                    end: start + rand(8) * 0x1000,
                    pgoff: rand(16) * 0x1000,
                    image,
                };
                fast.insert(m);
                if m.start < m.end {
                    slow.insert_cutting(m);
                }
                let key = |s: &AddressSpace| -> Vec<(u64, u64, u64, u32)> {
                    s.maps
                        .iter()
                        .map(|m| (m.start, m.end, m.pgoff, m.image))
                        .collect()
                };
                assert_eq!(key(&fast), key(&slow));
            }
        }
    }

    #[test]
    fn exited_processes_are_reaped_later() {
        let mut m = Machine::default();
        let map = |pid| crate::events::MmapEvent {
            pid,
            start: 0x1000,
            len: 0x1000,
            pgoff: 0,
            path: b"/bin/x",
            build_id: None,
            kernel: false,
            executable: true,
        };
        m.mmap(&map(10));
        m.mmap(&map(11));
        m.exit(10, 10);
        m.exit(11, 11);
        // pid 11 comes back (a new process) before the reaping.
        m.fork(11, 1, 11, 1);
        m.mmap(&map(11));
        assert!(m.locate(10, 0x1800, false).image.is_some());
        for i in 0..REAP_AFTER as i32 {
            m.fork(1000 + i, 1, 1000 + i, 1);
        }
        assert!(m.locate(10, 0x1800, false).image.is_none());
        assert!(m.locate(11, 0x1800, false).image.is_some());
    }
}
