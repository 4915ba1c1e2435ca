//! The normalized events every source produces: process lifecycle, mappings, samples.

/// What the reader needs to know about one event (one `perf_event_attr`).
#[derive(Debug, Clone, Default)]
pub struct EventAttr {
    /// The event's name as perf prints it (`cpu-clock:u`).
    pub name: String,
    /// `PERF_SAMPLE_*` bits.
    pub sample_type: u64,
    /// `PERF_FORMAT_*` bits.
    pub read_format: u64,
    /// `PERF_SAMPLE_BRANCH_*` bits.
    pub branch_sample_type: u64,
    /// How many user registers a sample carries (popcount of `sample_regs_user`).
    pub regs_user_count: u32,
    /// `sample_regs_user`: which registers, in bit order.
    pub regs_user_mask: u64,
    /// The kernel event ids of this event.
    pub ids: Vec<u64>,
}

/// One branch-stack entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Branch {
    /// Branch source address.
    pub from: u64,
    /// Branch target address.
    pub to: u64,
    /// `perf_branch_entry` flags (mispredict, predicted, in_tx, cycles…).
    pub flags: u64,
}

/// A sample. Vectors are reused from one sample to the next by the reader.
#[derive(Debug, Clone, Default)]
pub struct Sample {
    /// Index of its [`EventAttr`].
    pub attr: usize,
    /// `header.misc & 7`: 1 kernel, 2 user, 3 hypervisor, 4 guest kernel, 5 guest user.
    pub cpumode: u8,
    /// The sample id, when the layout has one.
    pub id: Option<u64>,
    /// Instruction pointer.
    pub ip: u64,
    /// Process id.
    pub pid: i32,
    /// Thread id.
    pub tid: i32,
    /// Timestamp (ns).
    pub time: u64,
    /// CPU.
    pub cpu: u32,
    /// Period (1 when the layout has none).
    pub period: u64,
    /// Whether the layout has a callchain (even an empty one).
    pub has_callchain: bool,
    /// Callchain entries, context markers included.
    pub callchain: Vec<u64>,
    /// Read values (`PERF_SAMPLE_READ`): (value, id).
    pub read: Vec<(u64, Option<u64>)>,
    /// Branch stack, most recent first.
    pub branches: Vec<Branch>,
    /// `PERF_SAMPLE_REGS_USER` ABI (0: no registers).
    pub regs_abi: u64,
    /// User registers, in mask bit order.
    pub regs: Vec<u64>,
    /// The sampled user stack (`dyn_size` bytes).
    pub stack: Vec<u8>,
    /// The callchain's user frames were already unwound from a stack copy (an hwpmc log
    /// converted from `--call-graph dwarf`): outputs treat them as DWARF-unwound frames.
    pub unwound: bool,
}

/// A mapping of a file (or an anonymous or special region) into an address space.
#[derive(Debug, Clone, Copy)]
pub struct MmapEvent<'a> {
    /// Process (-1: the kernel).
    pub pid: i32,
    /// Start address.
    pub start: u64,
    /// Length.
    pub len: u64,
    /// File offset of `start` (for the kernel map: the runtime address of `_text`).
    pub pgoff: u64,
    /// The path as recorded.
    pub path: &'a [u8],
    /// The build id, if the record carries it (MMAP2 with `--buildid-mmap`).
    pub build_id: Option<&'a [u8]>,
    /// A kernel map.
    pub kernel: bool,
    /// Mapped executable.
    pub executable: bool,
}

/// One event, in time order.
#[derive(Debug, Clone, Copy)]
#[non_exhaustive]
pub enum Event<'a> {
    /// A build id from the file header (for a path).
    BuildId {
        /// The path.
        path: &'a [u8],
        /// The build id.
        build_id: &'a [u8],
    },
    /// A mapping.
    Mmap(MmapEvent<'a>),
    /// A thread's name changed, or (exec) the process image was replaced.
    Comm {
        /// Process.
        pid: i32,
        /// Thread.
        tid: i32,
        /// New name.
        name: &'a [u8],
        /// Set by exec.
        exec: bool,
    },
    /// A process or thread was created.
    Fork {
        /// New process.
        pid: i32,
        /// Parent process.
        ppid: i32,
        /// New thread.
        tid: i32,
        /// Parent thread.
        ptid: i32,
    },
    /// A thread exited.
    Exit {
        /// Process.
        pid: i32,
        /// Thread.
        tid: i32,
    },
    /// Records the kernel could not write.
    Lost {
        /// How many.
        count: u64,
    },
    /// A sample.
    Sample(&'a Sample),
}
