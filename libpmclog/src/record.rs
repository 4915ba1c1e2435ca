//! The records of a log, as values borrowed from its bytes.

use crate::layout::{AddrSize, ByteOrder, Layout};

/// Record type numbers of the current layout (`enum pmclog_type`, FreeBSD 12 and later).
pub mod types {
    /// The log was closed; the last record.
    pub const CLOSELOG: u8 = 1;
    /// Samples or log data were dropped.
    pub const DROPNOTIFY: u8 = 2;
    /// The first record: version, CPU type, TSC frequency.
    pub const INITIALIZE: u8 = 3;
    /// A PMC was allocated (a named hardware event).
    pub const PMCALLOCATE: u8 = 5;
    /// A PMC was attached to a process.
    pub const PMCATTACH: u8 = 6;
    /// A PMC was detached from a process.
    pub const PMCDETACH: u8 = 7;
    /// A context switch's counter value (`pmcstat -W`).
    pub const PROCCSW: u8 = 8;
    /// A process executed an image.
    pub const PROCEXEC: u8 = 9;
    /// A process's final counter value (`pmcstat -E`).
    pub const PROCEXIT: u8 = 10;
    /// A process forked.
    pub const PROCFORK: u8 = 11;
    /// A process exited.
    pub const SYSEXIT: u8 = 12;
    /// A word written by `pmc_writelog`.
    pub const USERDATA: u8 = 13;
    /// An executable mapping appeared.
    pub const MAP_IN: u8 = 14;
    /// A mapping went away.
    pub const MAP_OUT: u8 = 15;
    /// A sample: the sampled PC and the return addresses above it.
    pub const CALLCHAIN: u8 = 16;
    /// A PMC was allocated for a dynamic (software) event, with its name.
    pub const PMCALLOCATEDYN: u8 = 17;
    /// A thread was created.
    pub const THR_CREATE: u8 = 18;
    /// A thread exited.
    pub const THR_EXIT: u8 = 19;
    /// A process was created.
    pub const PROC_CREATE: u8 = 20;
}

/// `PMC_CC_F_USERSPACE`: the whole callchain is in user mode.
pub const CC_USERSPACE: u32 = 0x01;
/// `PMC_CC_F_MULTIPART`: the callchain starts with a multipart header (AMD IBS).
pub const CC_MULTIPART: u32 = 0x02;
/// `PMC_ID_INVALID`: a PROCEXEC sent to system-wide owners carries no PMC.
pub const PMC_ID_INVALID: u32 = 0xFFFF_FFFF;
/// Multipart part type of the callchain proper.
pub const PART_CALLCHAIN: u8 = 1;

/// The 64-bit slots of a callchain: read from the log, or given by a writer.
#[derive(Debug, Clone, Copy)]
pub struct Pcs<'a>(PcsRepr<'a>);

#[derive(Debug, Clone, Copy)]
enum PcsRepr<'a> {
    Raw { bytes: &'a [u8], layout: Layout },
    Values(&'a [u64]),
}

impl<'a> Pcs<'a> {
    /// Slots given as values (for writing).
    pub fn from_values(values: &'a [u64]) -> Self {
        Pcs(PcsRepr::Values(values))
    }

    pub(crate) fn raw(bytes: &'a [u8], layout: Layout) -> Self {
        let n = bytes.len() / layout.addr.bytes();
        let whole = bytes.get(..n * layout.addr.bytes()).unwrap_or_default();
        Pcs(PcsRepr::Raw {
            bytes: whole,
            layout,
        })
    }

    /// The number of slots.
    pub fn len(&self) -> usize {
        match self.0 {
            PcsRepr::Raw { bytes, layout } => bytes.len() / layout.addr.bytes(),
            PcsRepr::Values(v) => v.len(),
        }
    }

    /// Whether there are no slots.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Slot `i`.
    pub fn get(&self, i: usize) -> Option<u64> {
        match self.0 {
            PcsRepr::Raw { bytes, layout } => {
                layout.addr_at(bytes, i.checked_mul(layout.addr.bytes())?)
            }
            PcsRepr::Values(v) => v.get(i).copied(),
        }
    }

    /// Every slot, in order.
    pub fn iter(&self) -> impl Iterator<Item = u64> + '_ {
        (0..self.len()).filter_map(|i| self.get(i))
    }

    /// Slots `start..end` as a new view (clamped to the slots there are).
    pub fn slice(&self, start: usize, end: usize) -> Pcs<'a> {
        let end = end.min(self.len());
        let start = start.min(end);
        match self.0 {
            PcsRepr::Raw { bytes, layout } => {
                let w = layout.addr.bytes();
                Pcs(PcsRepr::Raw {
                    bytes: bytes.get(start * w..end * w).unwrap_or_default(),
                    layout,
                })
            }
            PcsRepr::Values(v) => Pcs(PcsRepr::Values(v.get(start..end).unwrap_or_default())),
        }
    }
}

impl PartialEq for Pcs<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.len() == other.len() && self.iter().eq(other.iter())
    }
}

/// One part of a multipart callchain: its type and its slots.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Part<'a> {
    /// `PMC_CC_MULTIPART_*`: 1 callchain, 2 IBS fetch, 3 IBS op.
    pub kind: u8,
    /// Its slots.
    pub slots: Pcs<'a>,
}

/// A record's contents. Strings are the bytes up to the first NUL (the kernel pads them
/// to a word with bytes it does not clear).
#[derive(Debug, Clone, Copy, PartialEq)]
#[non_exhaustive]
pub enum Record<'a> {
    /// CLOSELOG: the log ends here.
    CloseLog,
    /// DROPNOTIFY: the kernel dropped samples or log data.
    DropNotify,
    /// INITIALIZE.
    Initialize {
        /// `PMC_VERSION`: major << 24 | minor << 16 | patch.
        version: u32,
        /// `enum pmc_cputype`.
        cpu: u32,
        /// TSC frequency in Hz (x86; 0 elsewhere).
        tsc_freq: u64,
        /// Wall time of the log's start: seconds.
        ts_sec: i64,
        /// Wall time of the log's start: nanoseconds.
        ts_nsec: i64,
        /// The CPU id string (`GenuineIntel-6-55-4`).
        cpuid: &'a [u8],
    },
    /// PMCALLOCATE.
    PmcAllocate {
        /// PMC id.
        pmcid: u32,
        /// Event code.
        event: u32,
        /// `PMC_F_*` flags.
        flags: u32,
        /// Sampling reload count.
        rate: u64,
    },
    /// PMCALLOCATEDYN. The kernel writes the rate at offset 32 and the name at 40, while
    /// libpmc reads the name at 32; both are read here (see [`Record::PmcAllocateDyn::rate`]).
    PmcAllocateDyn {
        /// PMC id.
        pmcid: u32,
        /// Event code.
        event: u32,
        /// `PMC_F_*` flags.
        flags: u32,
        /// The reload count when the record has the kernel's layout (name at 40), `None`
        /// when the name is at 32 (libpmc's layout).
        rate: Option<u64>,
        /// The event name.
        name: &'a [u8],
    },
    /// PMCATTACH.
    PmcAttach {
        /// PMC id.
        pmcid: u32,
        /// Process.
        pid: u32,
        /// The process's executable.
        path: &'a [u8],
    },
    /// PMCDETACH.
    PmcDetach {
        /// PMC id.
        pmcid: u32,
        /// Process.
        pid: u32,
    },
    /// PROCCSW.
    ProcCsw {
        /// Counter value.
        value: u64,
        /// PMC id.
        pmcid: u32,
        /// Process.
        pid: u32,
        /// Thread.
        tid: u32,
    },
    /// PROCEXEC.
    ProcExec {
        /// Process.
        pid: u32,
        /// PMC id ([`PMC_ID_INVALID`] for system-wide owners).
        pmcid: u32,
        /// Where the runtime linker was mapped (`AT_BASE`), 0 if static.
        base: u64,
        /// Load base of a PIE, 0 for `ET_EXEC`.
        dyn_base: u64,
        /// The executable's full path.
        path: &'a [u8],
    },
    /// PROCEXIT.
    ProcExit {
        /// PMC id.
        pmcid: u32,
        /// Process.
        pid: u32,
        /// Final counter value.
        value: u64,
    },
    /// PROCFORK.
    ProcFork {
        /// Parent.
        old_pid: u32,
        /// Child.
        new_pid: u32,
    },
    /// SYSEXIT.
    SysExit {
        /// Process.
        pid: u32,
    },
    /// USERDATA.
    UserData {
        /// The word.
        data: u32,
    },
    /// MAP_IN.
    MapIn {
        /// Process; -1 for the kernel and its modules.
        pid: i32,
        /// Start of the executable mapping.
        start: u64,
        /// Full path of the mapped file.
        path: &'a [u8],
    },
    /// MAP_OUT.
    MapOut {
        /// Process; -1 for the kernel.
        pid: i32,
        /// Start of the range.
        start: u64,
        /// End of the range (exclusive).
        end: u64,
    },
    /// CALLCHAIN: one sample.
    Callchain {
        /// Process.
        pid: u32,
        /// Thread.
        tid: u32,
        /// PMC id.
        pmcid: u32,
        /// `cpu << 16 | flags` ([`CC_USERSPACE`], [`CC_MULTIPART`]).
        cpuflags: u32,
        /// The slots: the sampled PC then return addresses (or a multipart header and
        /// parts; see [`Record::callchain_pcs`]).
        slots: Pcs<'a>,
    },
    /// THR_CREATE.
    ThrCreate {
        /// Thread.
        tid: u32,
        /// Process.
        pid: u32,
        /// `p_flag`.
        flags: u32,
        /// Thread name.
        name: &'a [u8],
    },
    /// THR_EXIT.
    ThrExit {
        /// Thread.
        tid: u32,
    },
    /// PROC_CREATE.
    ProcCreate {
        /// Process.
        pid: u32,
        /// `p_flag`.
        flags: u32,
        /// Command name.
        comm: &'a [u8],
    },
    /// A type this reader does not know (type 4 of old kernels among them), kept whole.
    Unknown {
        /// The type number.
        kind: u8,
        /// The bytes after the 16-byte header.
        body: &'a [u8],
    },
}

impl<'a> Record<'a> {
    /// The record's type number.
    pub fn kind(&self) -> u8 {
        use types::*;
        match self {
            Record::CloseLog => CLOSELOG,
            Record::DropNotify => DROPNOTIFY,
            Record::Initialize { .. } => INITIALIZE,
            Record::PmcAllocate { .. } => PMCALLOCATE,
            Record::PmcAllocateDyn { .. } => PMCALLOCATEDYN,
            Record::PmcAttach { .. } => PMCATTACH,
            Record::PmcDetach { .. } => PMCDETACH,
            Record::ProcCsw { .. } => PROCCSW,
            Record::ProcExec { .. } => PROCEXEC,
            Record::ProcExit { .. } => PROCEXIT,
            Record::ProcFork { .. } => PROCFORK,
            Record::SysExit { .. } => SYSEXIT,
            Record::UserData { .. } => USERDATA,
            Record::MapIn { .. } => MAP_IN,
            Record::MapOut { .. } => MAP_OUT,
            Record::Callchain { .. } => CALLCHAIN,
            Record::ThrCreate { .. } => THR_CREATE,
            Record::ThrExit { .. } => THR_EXIT,
            Record::ProcCreate { .. } => PROC_CREATE,
            Record::Unknown { kind, .. } => *kind,
        }
    }

    /// For a CALLCHAIN: the program counters, sampled PC first. For a multipart chain
    /// these are the slots of its callchain part (empty if it has none); `None` for other
    /// records or a malformed multipart header.
    pub fn callchain_pcs(&self) -> Option<Pcs<'a>> {
        let Record::Callchain {
            cpuflags, slots, ..
        } = *self
        else {
            return None;
        };
        if cpuflags & CC_MULTIPART == 0 {
            return Some(slots);
        }
        let parts = multipart(slots)?;
        Some(
            parts
                .into_iter()
                .flatten()
                .find(|p| p.kind == PART_CALLCHAIN)
                .map_or(slots.slice(0, 0), |p| p.slots),
        )
    }

    /// For a multipart CALLCHAIN: its (up to four) parts; `None` otherwise, or when the
    /// header's lengths run past the record.
    pub fn multipart_parts(&self) -> Option<[Option<Part<'a>>; 4]> {
        match *self {
            Record::Callchain {
                cpuflags, slots, ..
            } if cpuflags & CC_MULTIPART != 0 => multipart(slots),
            _ => None,
        }
    }
}

/// Split a multipart chain: slot 0 holds four `{u8 type, u8 len}` pairs (in memory
/// order), and the parts' slots follow in that order. Type 0 ends the list.
fn multipart(slots: Pcs<'_>) -> Option<[Option<Part<'_>>; 4]> {
    let head = slots.get(0)?;
    // The header is 8 bytes in memory order; the slot was read as a value in the log's
    // layout, so undo that to get the bytes back.
    let bytes: [u8; 8] = match &slots.0 {
        PcsRepr::Raw { layout, .. } if layout.addr == AddrSize::Four => return None,
        PcsRepr::Raw {
            bytes,
            layout:
                Layout {
                    order: ByteOrder::Little,
                    ..
                },
        } => bytes.get(..8)?.try_into().ok()?,
        // Only amd64 (little-endian) kernels write multipart chains; take the value's
        // little-endian bytes for anything else.
        PcsRepr::Raw { .. } | PcsRepr::Values(_) => head.to_le_bytes(),
    };
    let mut parts = [None; 4];
    let mut at = 1usize;
    for (i, pair) in bytes.chunks_exact(2).enumerate() {
        let &[kind, len] = pair else { break };
        let len = usize::from(len);
        if kind == 0 {
            break;
        }
        let end = at.checked_add(len)?;
        if end > slots.len() {
            return None;
        }
        if let Some(p) = parts.get_mut(i) {
            *p = Some(Part {
                kind,
                slots: slots.slice(at, end),
            });
        }
        at = end;
    }
    Some(parts)
}
