//! Samples aggregated while streaming: interned frames and stacks, and per (event,
//! thread, stack) totals. Memory follows the distinct stacks, not the samples
//! (unless per-sample records are asked for, as `script` needs).

use rustc_hash::FxHashMap;

use crate::events::{Event, EventAttr, Sample};
use crate::process::{Location, Machine};

/// Index of a frame in [`Profile::frames`].
pub type FrameId = u32;
/// Index of a stack node in [`Profile::nodes`]; a node is a whole stack (root … it).
pub type NodeId = u32;

/// One distinct frame.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    /// Where it is.
    pub loc: Location,
    /// A kernel address.
    pub kernel: bool,
    /// From a DWARF-unwound stack: outputs show its inline frames, as perf does.
    pub inline: bool,
}

impl std::hash::Hash for Frame {
    // Two words instead of a write per field: these are hashed for every sample.
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let image = self.loc.image.map_or(1 << 32, u64::from);
        h.write_u64(image << 2 | u64::from(self.kernel) << 1 | u64::from(self.inline));
        h.write_u64(self.loc.addr);
    }
}

/// A stack node: `frame` called from the stack `parent` (`None` at the root).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    /// The caller's node.
    pub parent: Option<NodeId>,
    /// This frame.
    pub frame: FrameId,
}

impl std::hash::Hash for Node {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let parent = self.parent.map_or(0, |p| u64::from(p) + 1);
        h.write_u64(parent << 32 ^ u64::from(self.frame));
    }
}

/// Key of an aggregated entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Key {
    /// Event index.
    pub attr: u32,
    /// Thread name id.
    pub comm: u32,
    /// Process.
    pub pid: i32,
    /// Thread.
    pub tid: i32,
    /// Stack (leaf node); `None` for a sample without frames.
    pub stack: Option<NodeId>,
}

impl std::hash::Hash for Key {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        let stack = self.stack.map_or(0, |n| u64::from(n) + 1);
        h.write_u64(u64::from(self.attr) << 32 | u64::from(self.comm));
        h.write_u64(u64::from(self.pid as u32) << 32 | u64::from(self.tid as u32));
        h.write_u64(stack);
    }
}

/// Totals of an entry.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Totals {
    /// Summed periods.
    pub period: u64,
    /// Samples.
    pub count: u64,
}

/// One sample kept for per-sample output.
#[derive(Debug, Clone, Copy)]
pub struct SampleRecord {
    /// Aggregation key (event, thread, stack).
    pub key: Key,
    /// Timestamp (ns).
    pub time: u64,
    /// CPU.
    pub cpu: u32,
    /// Period.
    pub period: u64,
    /// The sampled address (absolute).
    pub ip: u64,
    /// Whether the sample's event has callchains.
    pub callchain: bool,
}

/// Branch-stack edges.
pub type Edge = (FrameId, FrameId);

/// The aggregated profile.
#[derive(Debug, Default)]
pub struct Profile {
    /// Events.
    pub attrs: Vec<EventAttr>,
    /// The machine state at the end (images and thread names).
    pub machine: Machine,
    /// Distinct frames.
    pub frames: Vec<Frame>,
    frame_ids: FxHashMap<Frame, FrameId>,
    /// Stack nodes.
    pub nodes: Vec<Node>,
    node_ids: FxHashMap<Node, NodeId>,
    /// The root node of each frame (`NO_NODE`: none yet); `node_ids` holds the others.
    root_nodes: Vec<NodeId>,
    /// Totals per key.
    pub totals: FxHashMap<Key, Totals>,
    /// Per-sample records, when asked for.
    pub samples: Option<Vec<SampleRecord>>,
    /// Branch `from → to` edge counts.
    pub edges: FxHashMap<Edge, u64>,
    /// Lost records reported by the kernel.
    pub lost: u64,
    /// Event groups read through group-read samples (`{a,b}:S`): the attrs of each
    /// group, in read order (leader first).
    pub groups: Vec<Vec<u32>>,
    /// The event of the first sample (folded stacks keep only that one, as
    /// inferno-collapse-perf does).
    pub first_attr: Option<u32>,
    /// Group-read members' previous values, by event id (perf turns group reads into
    /// one sample per member, its period the value's increase).
    group_prev: FxHashMap<u64, u64>,
    id_attr: FxHashMap<u64, u32>,
    chain: Vec<Frame>,
    /// Callers (a callchain without its leaf) already turned into stacks: hash of
    /// (pid, mode, callers) → the translation. Valid while the process's mappings
    /// have not changed since ([`Machine::generation`]).
    callers_cache: ChainCache,
    /// Leaf frames already located, direct-mapped by address ([`Profile::leaf_frame`]);
    /// allocated on the first sample.
    leaf_cache: Vec<LeafEntry>,
    /// Keep only each sample's own frame: its stack is that frame alone, its callers
    /// are not read (what `report` shows needs no more).
    pub leaf_only: bool,
    /// Keep totals per (event, thread name, stack) only: every [`Key`] has pid and
    /// tid 0, so that memory follows the distinct stacks, not the processes.
    pub merge_threads: bool,
    /// Unwinds `--call-graph dwarf` user stacks, when set.
    pub unwinder: Option<crate::unwind::StackUnwinder>,
    unwound: Vec<u64>,
    /// Gather the totals of each stack in a slot of its own, indexed by its node
    /// (`node_totals`), instead of looking them up in [`Profile::totals`]
    /// sample by sample: [`Profile::totals`] is then complete only once
    /// [`Profile::finish`] has run. Only with [`Profile::merge_threads`] and without
    /// per-sample records.
    pub defer_totals: bool,
    /// Per node: the totals of the first (event, thread name) seen with it as a
    /// sample's stack (count 0: none yet); other pairs go to [`Profile::totals`].
    node_totals: Vec<NodeTotals>,
}

/// One slot of [`Profile::node_totals`].
#[derive(Debug, Clone, Copy, Default)]
struct NodeTotals {
    attr: u32,
    comm: u32,
    totals: Totals,
}

/// Address chains already turned into stacks: (pid, mode, chain) → the stack. An
/// entry is valid while the process's mappings are what they were when it was made
/// ([`Machine::generation`]). The chains are kept end to end in one arena; an entry
/// made again (the mappings changed) reuses its place, so the arena grows with the
/// distinct chains, not with the samples.
#[derive(Debug, Default)]
struct ChainCache {
    entries: FxHashMap<u64, CachedChain>,
    arena: Vec<u64>,
}

/// One [`ChainCache`] entry.
#[derive(Debug)]
struct CachedChain {
    generation: u64,
    pid: i32,
    mode: u8,
    start: usize,
    len: usize,
    stack: Option<NodeId>,
}

impl ChainCache {
    fn key(pid: i32, mode: u8, chain: &[u64]) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = rustc_hash::FxHasher::default();
        (pid, mode, chain).hash(&mut h);
        h.finish()
    }

    /// The cached stack of `chain`, if any (`Some(None)`: a chain of no frame).
    fn get(
        &self,
        key: u64,
        generation: u64,
        pid: i32,
        mode: u8,
        chain: &[u64],
    ) -> Option<Option<NodeId>> {
        let c = self.entries.get(&key)?;
        let same = c.generation == generation
            && c.pid == pid
            && c.mode == mode
            && self.arena.get(c.start..c.start + c.len) == Some(chain);
        same.then_some(c.stack)
    }

    /// Words of chains kept at most; past them the cache starts again empty, so that
    /// it stays bounded when processes come and go.
    const MAX_WORDS: usize = 1 << 20;

    fn insert(
        &mut self,
        key: u64,
        generation: u64,
        pid: i32,
        mode: u8,
        chain: &[u64],
        stack: Option<NodeId>,
    ) {
        let start = match self.entries.get(&key) {
            Some(old) if old.len == chain.len() => {
                if let Some(slot) = self.arena.get_mut(old.start..old.start + old.len) {
                    slot.copy_from_slice(chain);
                }
                old.start
            }
            _ => {
                if self.arena.len() + chain.len() > Self::MAX_WORDS {
                    self.entries.clear();
                    self.arena.clear();
                }
                let start = self.arena.len();
                self.arena.extend_from_slice(chain);
                start
            }
        };
        self.entries.insert(
            key,
            CachedChain {
                generation,
                pid,
                mode,
                start,
                len: chain.len(),
                stack,
            },
        );
    }
}

/// One slot of [`Profile::leaf_cache`]: the frame of `ip` in process `pid` in `mode`
/// (kernel, inline, and a bit that marks the slot used), valid while the process's
/// mappings are at `generation` ([`Machine::generation`]).
#[derive(Debug, Clone, Copy, Default)]
struct LeafEntry {
    ip: u64,
    generation: u64,
    pid: i32,
    mode: u8,
    frame: FrameId,
}

/// Slots of [`Profile::leaf_cache`] (a power of two).
const LEAF_SLOTS: usize = 4096;

/// No node (in [`Profile::root_nodes`]).
const NO_NODE: NodeId = NodeId::MAX;

/// PERF_CONTEXT_MAX as u64 (−4095): entries at or above are context markers.
const CONTEXT_MAX: u64 = (-4095i64) as u64;
const CONTEXT_KERNEL: u64 = (-128i64) as u64;
const CONTEXT_USER: u64 = (-512i64) as u64;
const CONTEXT_GUEST_KERNEL: u64 = (-2176i64) as u64;

/// Whether the entries after context marker `m` are kernel addresses.
fn marker_is_kernel(m: u64) -> bool {
    m == CONTEXT_KERNEL || m == CONTEXT_GUEST_KERNEL
}

impl Profile {
    /// An empty profile; with `keep_samples`, per-sample records are kept as well.
    pub fn new(keep_samples: bool) -> Self {
        Profile {
            samples: keep_samples.then(Vec::new),
            ..Default::default()
        }
    }

    fn frame(&mut self, f: Frame) -> FrameId {
        if let Some(&id) = self.frame_ids.get(&f) {
            return id;
        }
        let id = self.frames.len() as FrameId;
        self.frames.push(f);
        self.frame_ids.insert(f, id);
        id
    }

    fn node(&mut self, n: Node) -> NodeId {
        // A root node is found by its frame alone.
        if n.parent.is_none() {
            if let Some(&id) = self
                .root_nodes
                .get(n.frame as usize)
                .filter(|&&id| id != NO_NODE)
            {
                return id;
            }
        } else if let Some(&id) = self.node_ids.get(&n) {
            return id;
        }
        let id = self.nodes.len() as NodeId;
        self.nodes.push(n);
        if n.parent.is_none() {
            let f = n.frame as usize;
            if self.root_nodes.len() <= f {
                self.root_nodes.resize(f + 1, NO_NODE);
            }
            if let Some(slot) = self.root_nodes.get_mut(f) {
                *slot = id;
            }
        } else {
            self.node_ids.insert(n, id);
        }
        id
    }

    /// Sizes the tables for a recording of about `bytes` bytes, so that they are not
    /// grown (rehashed and copied) over and over while it is read. Capped: what a
    /// larger recording needs beyond it is grown as usual. Untouched capacity costs
    /// address space, not memory.
    pub fn reserve_for(&mut self, bytes: u64) {
        // With leaves only, the tables stay small: nothing to gain.
        if self.leaf_only {
            return;
        }
        // About one sample per 100 bytes with callchains; distinct stacks and frames
        // are a fraction of the samples. Capped lower than a large file asks: a table
        // reserved is touched all over as it fills (a 1 GB file would get ~80 MB of
        // tables), and past the cap tables grow with what is really there.
        let samples = usize::try_from(bytes / 100)
            .unwrap_or(usize::MAX)
            .min(1 << 18);
        let some = samples / 4;
        self.frame_ids.reserve(some);
        self.frames.reserve(some);
        self.totals.reserve(some);
        self.nodes.reserve(samples / 2);
        if self.defer_totals {
            self.node_totals.reserve(samples / 2);
        }
        self.node_ids.reserve(samples / 2);
        self.callers_cache.entries.reserve(some);
        self.callers_cache.arena.reserve(some * 8);
    }

    /// Completes [`Profile::totals`] after the last event (see
    /// [`Profile::defer_totals`]).
    pub fn finish(&mut self) {
        let slots = std::mem::take(&mut self.node_totals);
        for (n, slot) in slots.iter().enumerate() {
            if slot.totals.count == 0 {
                continue;
            }
            let key = Key {
                attr: slot.attr,
                comm: slot.comm,
                pid: 0,
                tid: 0,
                stack: Some(n as NodeId),
            };
            let t = self.totals.entry(key).or_default();
            t.period = t.period.saturating_add(slot.totals.period);
            t.count += slot.totals.count;
        }
    }

    /// The frames of stack `leaf`, leaf first.
    pub fn stack_frames(&self, leaf: Option<NodeId>) -> Vec<FrameId> {
        let mut out = Vec::new();
        let mut cur = leaf;
        while let Some(n) = cur.and_then(|i| self.nodes.get(i as usize)) {
            out.push(n.frame);
            cur = n.parent;
        }
        out
    }

    /// Feeds one event.
    pub fn add(&mut self, attrs: &[EventAttr], ev: Event<'_>) {
        if self.attrs.len() != attrs.len() {
            self.attrs = attrs.to_vec();
            self.id_attr = attrs
                .iter()
                .enumerate()
                .flat_map(|(i, a)| a.ids.iter().map(move |&id| (id, i as u32)))
                .collect();
        }
        match ev {
            Event::BuildId { path, build_id } => self.machine.header_build_id(path, build_id),
            Event::Mmap(m) => self.machine.mmap(&m),
            Event::Comm {
                pid,
                tid,
                name,
                exec,
            } => self.machine.comm(pid, tid, name, exec),
            Event::Fork {
                pid,
                ppid,
                tid,
                ptid,
            } => self.machine.fork(pid, ppid, tid, ptid),
            Event::Exit { pid, tid } => self.machine.exit(pid, tid),
            Event::Lost { count } => self.lost = self.lost.saturating_add(count),
            Event::Sample(s) => self.sample(s),
        }
    }

    fn sample(&mut self, s: &Sample) {
        let kernel_mode = matches!(s.cpumode, 1 | 4);
        let mask = self.attrs.get(s.attr).map_or(0, |a| a.regs_user_mask);
        let mut unwound = std::mem::take(&mut self.unwound);
        unwound.clear();
        if let (Some(u), true) = (&mut self.unwinder, s.regs_abi != 0 && !s.stack.is_empty()) {
            // The kernel part of the callchain, then the unwound user frames.
            let user = u.unwind(&self.machine, s.pid, mask, &s.regs, &s.stack);
            if !user.is_empty() {
                unwound.extend(s.callchain.iter().take_while(|&&ip| ip != CONTEXT_USER));
                unwound.push(CONTEXT_USER);
                unwound.extend(user);
            }
        }
        let dwarf = !unwound.is_empty() || s.unwound;
        let raw: &[u64] = if !unwound.is_empty() {
            &unwound
        } else if s.has_callchain && !s.callchain.is_empty() {
            &s.callchain
        } else {
            std::slice::from_ref(&s.ip)
        };
        // The leaf (first address), then its callers through a cache: callers repeat
        // far more often than whole chains do.
        let mut kernel = kernel_mode;
        let mut leaf = None;
        for (i, &ip) in raw.iter().enumerate() {
            if ip >= CONTEXT_MAX {
                kernel = marker_is_kernel(ip);
                continue;
            }
            leaf = Some(i);
            break;
        }
        let stack = match leaf {
            None => None,
            Some(i) => {
                let parent = if self.leaf_only {
                    None
                } else {
                    let callers = raw.get(i + 1..).unwrap_or_default();
                    self.callers_node(s.pid, kernel, dwarf, callers)
                };
                let ip = raw.get(i).copied().unwrap_or(0);
                let frame = self.leaf_frame(s.pid, ip, kernel, dwarf && !kernel);
                Some(self.node(Node { parent, frame }))
            }
        };
        self.unwound = unwound;
        self.account(s, stack, kernel_mode);
    }

    /// The frame of a sample's own address, through [`Profile::leaf_cache`]: samples
    /// hit the same addresses over and over, and a slot spares locating the address
    /// and looking its frame up.
    fn leaf_frame(&mut self, pid: i32, ip: u64, kernel: bool, inline: bool) -> FrameId {
        let mode = 4 | u8::from(kernel) | u8::from(inline) << 1;
        let generation = self.machine.generation(pid);
        let hash = (ip ^ u64::from(pid as u32) << 20).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        let slot = (hash >> 52) as usize & (LEAF_SLOTS - 1);
        if self.leaf_cache.is_empty() {
            self.leaf_cache = vec![LeafEntry::default(); LEAF_SLOTS];
        }
        if let Some(e) = self.leaf_cache.get(slot) {
            if e.mode == mode && e.ip == ip && e.pid == pid && e.generation == generation {
                return e.frame;
            }
        }
        let frame = self.frame(Frame {
            loc: self.machine.locate(pid, ip, kernel),
            kernel,
            inline,
        });
        if let Some(e) = self.leaf_cache.get_mut(slot) {
            *e = LeafEntry {
                ip,
                generation,
                pid,
                mode,
                frame,
            };
        }
        frame
    }

    /// The stack node of `callers` (outermost last), through the cache.
    fn callers_node(
        &mut self,
        pid: i32,
        kernel: bool,
        dwarf: bool,
        callers: &[u64],
    ) -> Option<NodeId> {
        if callers.is_empty() {
            return None;
        }
        let mode = u8::from(kernel) | (u8::from(dwarf) << 1);
        let generation = self.machine.generation(pid);
        let key = ChainCache::key(pid, mode, callers);
        if let Some(stack) = self.callers_cache.get(key, generation, pid, mode, callers) {
            return stack;
        }
        let stack = self.stack_of(pid, kernel, dwarf, callers);
        self.callers_cache
            .insert(key, generation, pid, mode, callers, stack);
        stack
    }

    /// Interns the frames of `entries` (leaf first; context markers switch between
    /// user and kernel) and returns the node of the first.
    fn stack_of(
        &mut self,
        pid: i32,
        kernel_mode: bool,
        dwarf: bool,
        entries: &[u64],
    ) -> Option<NodeId> {
        let mut chain = std::mem::take(&mut self.chain);
        chain.clear();
        let mut kernel = kernel_mode;
        for &ip in entries {
            if ip >= CONTEXT_MAX {
                kernel = marker_is_kernel(ip);
                continue;
            }
            chain.push(Frame {
                loc: self.machine.locate(pid, ip, kernel),
                kernel,
                inline: dwarf && !kernel,
            });
        }
        let mut stack = None;
        for f in chain.iter().rev() {
            let frame = self.frame(*f);
            stack = Some(self.node(Node {
                parent: stack,
                frame,
            }));
        }
        self.chain = chain;
        stack
    }

    fn account(&mut self, s: &Sample, stack: Option<NodeId>, kernel_mode: bool) {
        for b in &s.branches {
            let from = Frame {
                loc: self.machine.locate(s.pid, b.from, kernel_mode),
                kernel: kernel_mode,
                inline: false,
            };
            let to = Frame {
                loc: self.machine.locate(s.pid, b.to, kernel_mode),
                kernel: kernel_mode,
                inline: false,
            };
            let e = (self.frame(from), self.frame(to));
            *self.edges.entry(e).or_default() += 1;
        }
        let comm = self.machine.thread_comm(s.tid);
        let emit = |this: &mut Self, attr: u32, period: u64| {
            let (pid, tid) = if this.merge_threads {
                (0, 0)
            } else {
                (s.pid, s.tid)
            };
            let key = Key {
                attr,
                comm,
                pid,
                tid,
                stack,
            };
            this.first_attr.get_or_insert(attr);
            let t = match stack.filter(|_| this.defer_totals && this.merge_threads) {
                Some(n) => {
                    let n = n as usize;
                    if this.node_totals.len() <= n {
                        this.node_totals
                            .resize(this.nodes.len().max(n + 1), NodeTotals::default());
                    }
                    match this.node_totals.get_mut(n) {
                        Some(slot) if slot.totals.count == 0 => {
                            slot.attr = attr;
                            slot.comm = comm;
                            &mut slot.totals
                        }
                        Some(slot) if slot.attr == attr && slot.comm == comm => &mut slot.totals,
                        _ => this.totals.entry(key).or_default(),
                    }
                }
                None => this.totals.entry(key).or_default(),
            };
            t.period = t.period.saturating_add(period);
            t.count += 1;
            if let Some(v) = &mut this.samples {
                v.push(SampleRecord {
                    key,
                    time: s.time,
                    cpu: s.cpu,
                    period,
                    ip: s.ip,
                    callchain: s.has_callchain,
                });
            }
        };
        let group = self
            .attrs
            .get(s.attr)
            .is_some_and(|a| a.read_format & (1 << 3) != 0 && a.sample_type & (1 << 4) != 0);
        if group && !s.read.is_empty() {
            // perf script / report: one sample per group member, its period the
            // increase of the member's counter since the previous sample.
            let members: Vec<u32> = s
                .read
                .iter()
                .filter_map(|&(_, id)| self.id_attr.get(&id?).copied())
                .collect();
            if members.len() > 1 && !self.groups.contains(&members) {
                self.groups.push(members);
            }
            for &(value, id) in &s.read {
                let Some(id) = id else { continue };
                let attr = self.id_attr.get(&id).copied().unwrap_or(s.attr as u32);
                let prev = self.group_prev.insert(id, value).unwrap_or(0);
                let period = value.saturating_sub(prev);
                if period == 0 {
                    continue;
                }
                emit(self, attr, period);
            }
        } else {
            emit(self, s.attr as u32, s.period);
        }
    }
}
