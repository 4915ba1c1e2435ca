//! FreeBSD hwpmc logs (pmclog) as an input source, and perf.data → pmclog conversion.
//!
//! Both directions keep one invariant: an address maps to the same file offset of the
//! same image. perf's mappings say `ip − start + pgoff`; a MAP_IN says only where the
//! image's first executable `PT_LOAD` (`p_vaddr & −p_align`, pmcstat's `pi_vaddr`) is,
//! and pmcstat computes `vaddr = pc − start + pi_vaddr`. With
//! `adj = p_offset − p_vaddr + pi_vaddr` of that segment (0 when the file is not found,
//! as for `[vdso]`), the converter writes `start = mstart − pgoff + adj` and the reader
//! maps `[start, start + extent)` with file offset `adj` at `start`, so the round trip
//! is exact. `extent` reaches the end of the image's last executable `PT_LOAD`; for an
//! image not found, the process's next MAP_IN (at most 1 GiB).
//!
//! Per-sample periods: a sample weighs its PMC's rate, so each further period of an
//! event gets a PMC of its own (PMCALLOCATEDYN, same name, that rate; up to 65536, then
//! a warning), and the reader takes PMCs of one name as one event, as pmcstat merges
//! them. What a log cannot carry: lost-record counts (one DROPNOTIFY per perf LOST
//! record, read back as one lost sample each), build ids, DWARF stack copies (the
//! converter unwinds them as the profile does and writes the frames, flagged
//! [`CC_UNWOUND`]; a stack it cannot unwind keeps its sampled PC, warned) and event
//! groups (a group read becomes a sample per member with its period, but `report`'s
//! group table cannot be rebuilt: warned).

use std::path::Path;

use rustc_hash::FxHashMap;

use crate::events::{Event, EventAttr, MmapEvent, Sample};
use crate::source::{Input, ReadSummary};
use crate::{Error, Result};
use libpmclog::{Layout, Pcs, Reader, Record, CC_USERSPACE};

/// PMC ids the converter gives event `i` (at the period of its first sample):
/// `PMCID_BASE + i`.
const PMCID_BASE: u32 = 0x1000;
/// PMC ids of an event's further periods: `PMCID_EXTRA + n`, in order of appearance.
const PMCID_EXTRA: u32 = 0x0100_0000;
/// Most PMCs the converter allocates for further periods; samples beyond weigh their
/// event's first period (warned).
const MAX_EXTRA_PMCS: usize = 1 << 16;
/// Longest mapping given to an image that is not found (pmcstat cannot map it at
/// all): it reaches the process's next MAP_IN, but not further than this.
const UNKNOWN_EXTENT: u64 = 1 << 30;
/// Most slots a CALLCHAIN can hold within the 16-bit record length.
const MAX_SLOTS: usize = (0xFFFF - 32) / 8;
/// `PMC_VERSION` written to INITIALIZE (major 0x0A, the current layout).
const PMC_VERSION: u32 = 0x0A00_0000;
const CONTEXT_KERNEL: u64 = (-128i64) as u64;
const CONTEXT_USER: u64 = (-512i64) as u64;
const CONTEXT_MAX: u64 = (-4095i64) as u64;
/// A CALLCHAIN flag of ours (pmcstat looks only at USERSPACE and MULTIPART): the user
/// frames were unwound from a `--call-graph dwarf` stack copy by the converter (return
/// addresses − 1, inline frames shown, as perf does for such stacks).
pub const CC_UNWOUND: u32 = 0x8000;

/// Whether `head` (a file's first bytes) starts with a pmclog record header.
pub fn is_pmclog(head: &[u8]) -> bool {
    matches!(
        head,
        [_, _, _, libpmclog::MAGIC, ..] | [libpmclog::MAGIC, ..]
    )
}

/// The pmclog record of a thread `tid` of process `pid` named `name`.
fn thr_create(pid: i32, tid: i32, name: &[u8]) -> Record<'_> {
    Record::ThrCreate {
        tid: tid as u32,
        pid: pid as u32,
        flags: 0,
        name,
    }
}

fn is_anon(path: &[u8]) -> bool {
    path.starts_with(b"//anon") || path.starts_with(b"/memfd:") || path.starts_with(b"[anon")
}

/// What the converter and reader need of an image file.
#[derive(Debug, Clone, Default)]
struct Params {
    /// `p_offset − p_vaddr + pi_vaddr` of its first executable `PT_LOAD`.
    adj: u64,
    /// From `pi_vaddr` to the end of its last executable `PT_LOAD`; 0 when not found.
    extent: u64,
    /// Its build id (a log has none; the symbolizer finds debug files by it).
    build_id: Option<Vec<u8>>,
}

/// [`Params`] of each image (see the module documentation), cached per path.
#[derive(Debug, Default)]
struct ImageParams {
    symfs: Option<std::path::PathBuf>,
    cache: FxHashMap<Vec<u8>, Params>,
}

impl ImageParams {
    fn get(&mut self, path: &[u8]) -> &Params {
        if !self.cache.contains_key(path) {
            let p = self.compute(path).unwrap_or_default();
            self.cache.insert(path.to_vec(), p);
        }
        static NONE: Params = Params {
            adj: 0,
            extent: 0,
            build_id: None,
        };
        self.cache.get(path).unwrap_or(&NONE)
    }

    fn compute(&self, path: &[u8]) -> Option<Params> {
        if path.starts_with(b"[") || is_anon(path) {
            return None;
        }
        let file =
            crate::symbolize::with_symfs(self.symfs.as_deref(), &String::from_utf8_lossy(path));
        // Regular files only: a path in a log can name `/dev/zero`.
        let bytes = crate::symbolize::map_regular_file(&file)?;
        let elf = libelf::ElfFile::parse(&bytes).ok()?;
        let phs = elf.program_headers().ok()?;
        let exec = || phs.iter().filter(|p| p.p_type == 1 && p.p_flags & 1 != 0);
        let first = exec().next()?;
        let pi_vaddr = match first.p_align {
            0 | 1 => first.p_vaddr,
            a => first.p_vaddr & !(a - 1),
        };
        let adj = first
            .p_offset
            .wrapping_sub(first.p_vaddr)
            .wrapping_add(pi_vaddr);
        let end = exec()
            .map(|p| p.p_vaddr.saturating_add(p.p_memsz))
            .max()
            .unwrap_or(pi_vaddr);
        let extent = end.saturating_sub(pi_vaddr).div_ceil(0x1000) * 0x1000;
        Some(Params {
            adj,
            extent: extent.max(0x1000),
            build_id: libelf::read::find_build_id(&elf).map(<[u8]>::to_vec),
        })
    }
}

/// Converts perf.data `input` to an hwpmc log (little-endian, 8-byte addresses).
/// Returns the log and the warnings about what it could not carry.
///
/// # Errors
/// As [`crate::source::read_perf_data`].
pub fn convert_perf_data(input: Input<'_>, symfs: Option<&Path>) -> Result<(Vec<u8>, Vec<String>)> {
    let layout = Layout::LP64_LE;
    let mut params = ImageParams {
        symfs: symfs.map(Path::to_path_buf),
        ..ImageParams::default()
    };
    let mut body = Vec::new();
    let mut attrs: Vec<EventAttr> = Vec::new();
    let mut rates: Vec<Option<u64>> = Vec::new();
    // (event, period) → PMC id; further periods of an event get PMCs of their own.
    let mut pmcids: FxHashMap<(usize, u64), u32> = FxHashMap::default();
    let mut extra: Vec<(u32, usize, u64)> = Vec::new();
    let mut comms: FxHashMap<i32, Vec<u8>> = FxHashMap::default();
    let (mut other_period, mut dwarf, mut group, mut too_long) = (0u64, 0u64, 0u64, 0u64);
    let mut pcs: Vec<u64> = Vec::new();
    // `--call-graph dwarf` stacks are unwound here (the log has no room for stack copies).
    let mut machine = crate::process::Machine::default();
    let mut unwinder = crate::unwind::StackUnwinder::new(symfs.map(Path::to_path_buf));
    let mut unwound: Vec<u64> = Vec::new();
    let mut group_prev: FxHashMap<u64, u64> = FxHashMap::default();
    let mut err: Option<libpmclog::Error> = None;
    let mut put = |body: &mut Vec<u8>, tsc: u64, rec: &Record<'_>| {
        if let Err(e) = libpmclog::encode(layout, tsc, rec, body) {
            err.get_or_insert(e);
        }
    };
    let summary = crate::source::read_perf_data(input, &mut |a, ev| {
        if attrs.len() != a.len() {
            attrs = a.to_vec();
            rates.resize(attrs.len(), None);
        }
        match ev {
            Event::Mmap(m) => machine.mmap(&m),
            Event::Fork {
                pid,
                ppid,
                tid,
                ptid,
            } => machine.fork(pid, ppid, tid, ptid),
            _ => {}
        }
        match ev {
            Event::BuildId { .. } => {}
            Event::Mmap(m) => {
                if !m.executable && !m.kernel {
                    return;
                }
                let (pid, start) = if m.kernel || m.pid == -1 {
                    (-1, m.start)
                } else if is_anon(m.path) {
                    (m.pid, m.start)
                } else {
                    let adj = params.get(m.path).adj;
                    (m.pid, m.start.wrapping_sub(m.pgoff).wrapping_add(adj))
                };
                put(
                    &mut body,
                    0,
                    &Record::MapIn {
                        pid,
                        start,
                        path: m.path,
                    },
                );
            }
            Event::Comm { pid, tid, name, .. } => {
                comms.insert(tid, name.to_vec());
                put(&mut body, 0, &thr_create(pid, tid, name));
            }
            Event::Fork {
                pid,
                ppid,
                tid,
                ptid,
            } => {
                let name = comms.get(&ptid).cloned().unwrap_or_default();
                if pid != ppid {
                    put(
                        &mut body,
                        0,
                        &Record::ProcFork {
                            old_pid: ppid as u32,
                            new_pid: pid as u32,
                        },
                    );
                }
                if !name.is_empty() {
                    put(&mut body, 0, &thr_create(pid, tid, &name));
                    comms.insert(tid, name);
                }
            }
            Event::Exit { tid, .. } => put(&mut body, 0, &Record::ThrExit { tid: tid as u32 }),
            Event::Lost { .. } => put(&mut body, 0, &Record::DropNotify),
            Event::Sample(s) => {
                if s.attr >= rates.len() {
                    return;
                }
                // The PMC of (event, period): the event's own for its first period, one
                // more per further period.
                let mut pmc_of = |attr: usize, period: u64| {
                    let Some(rate) = rates.get_mut(attr) else {
                        return PMCID_BASE.wrapping_add(attr as u32);
                    };
                    let first = *rate.get_or_insert(period);
                    let base = PMCID_BASE.wrapping_add(attr as u32);
                    if first == period {
                        base
                    } else if let Some(&id) = pmcids.get(&(attr, period)) {
                        id
                    } else if extra.len() < MAX_EXTRA_PMCS {
                        let id = PMCID_EXTRA.wrapping_add(extra.len() as u32);
                        extra.push((id, attr, period));
                        pmcids.insert((attr, period), id);
                        id
                    } else {
                        other_period += 1;
                        base
                    }
                };
                // A group read is one sample per member, its period the increase of the
                // member's counter (as perf and the profile count them).
                let is_group = attrs.get(s.attr).is_some_and(|a| {
                    a.read_format & (1 << 3) != 0 && a.sample_type & (1 << 4) != 0
                }) && !s.read.is_empty();
                let mut pmcs: Vec<u32> = Vec::new();
                if is_group {
                    for &(value, id) in &s.read {
                        let Some(id) = id else { continue };
                        let attr = attrs
                            .iter()
                            .position(|a| a.ids.contains(&id))
                            .unwrap_or(s.attr);
                        let prev = group_prev.insert(id, value).unwrap_or(0);
                        let period = value.saturating_sub(prev);
                        if period > 0 {
                            pmcs.push(pmc_of(attr, period));
                        }
                    }
                } else {
                    pmcs.push(pmc_of(s.attr, s.period));
                }
                unwound.clear();
                if s.regs_abi != 0 && !s.stack.is_empty() {
                    let mask = attrs.get(s.attr).map_or(0, |a| a.regs_user_mask);
                    let user = unwinder.unwind(&machine, s.pid, mask, &s.regs, &s.stack);
                    if user.is_empty() {
                        dwarf += 1;
                    } else {
                        // As the profile does: the kernel part, then the unwound frames.
                        unwound.extend(s.callchain.iter().take_while(|&&ip| ip != CONTEXT_USER));
                        unwound.push(CONTEXT_USER);
                        unwound.extend(user);
                    }
                }
                let chain: &[u64] = if unwound.is_empty() {
                    &s.callchain
                } else {
                    &unwound
                };
                if is_group {
                    group += 1;
                }
                pcs.clear();
                let mut kernel = matches!(s.cpumode, 1 | 4);
                let mut first_kernel = None;
                if (s.has_callchain || !unwound.is_empty()) && !chain.is_empty() {
                    for &ip in chain {
                        if ip >= CONTEXT_MAX {
                            kernel = ip == CONTEXT_KERNEL || ip == (-2176i64) as u64;
                            continue;
                        }
                        first_kernel.get_or_insert(kernel);
                        pcs.push(ip);
                    }
                }
                if pcs.is_empty() {
                    pcs.push(s.ip);
                    first_kernel = Some(matches!(s.cpumode, 1 | 4));
                }
                if pcs.len() > MAX_SLOTS {
                    pcs.truncate(MAX_SLOTS);
                    too_long += 1;
                }
                let user = first_kernel == Some(false);
                let mut cpuflags = (s.cpu << 16) | if user { CC_USERSPACE } else { 0 };
                if !unwound.is_empty() {
                    cpuflags |= CC_UNWOUND;
                }
                for pmcid in pmcs {
                    put(
                        &mut body,
                        s.time,
                        &Record::Callchain {
                            pid: s.pid as u32,
                            tid: s.tid as u32,
                            pmcid,
                            cpuflags,
                            slots: Pcs::from_values(&pcs),
                        },
                    );
                }
            }
        }
    })?;
    if let Some(e) = err {
        return Err(Error::Malformed(format!("writing the log: {e}")));
    }
    let mut log = Vec::with_capacity(body.len() + 4096);
    let head = |rec: &Record<'_>, log: &mut Vec<u8>| {
        libpmclog::encode(layout, 0, rec, log)
            .map_err(|e| Error::Malformed(format!("writing the log: {e}")))
    };
    head(
        &Record::Initialize {
            version: PMC_VERSION,
            cpu: 0,
            tsc_freq: 0,
            ts_sec: 0,
            ts_nsec: 0,
            cpuid: b"",
        },
        &mut log,
    )?;
    // Each event's first period, then the further ones: PMCs of one name are one event
    // (pmcstat merges them by name too), each weighing its samples by its own rate.
    let allocs = attrs
        .iter()
        .enumerate()
        .map(|(i, _)| {
            (
                PMCID_BASE.wrapping_add(i as u32),
                i,
                rates.get(i).copied().flatten().unwrap_or(1),
            )
        })
        .chain(extra.iter().copied());
    for (pmcid, i, rate) in allocs {
        let name = attrs.get(i).map_or("", |a| a.name.as_str());
        head(
            &Record::PmcAllocateDyn {
                pmcid,
                event: 0,
                flags: 0,
                rate: Some(rate),
                name: name.as_bytes(),
            },
            &mut log,
        )?;
    }
    log.extend_from_slice(&body);
    head(&Record::CloseLog, &mut log)?;
    let mut warnings = summary.warnings;
    let mut warn = |n: u64, what: &str| {
        if n > 0 {
            warnings.push(format!("{n} samples {what}"));
        }
    };
    warn(
        other_period,
        "had another period than their event's first sample after 65536 others; the log weighs them by that one",
    );
    warn(
        dwarf,
        "carried DWARF stack copies that could not be unwound; the log keeps their sampled PC and kernel callchain only",
    );
    warn(
        group,
        "carried group reads; the log has a sample per member with its period, but not that they were a group",
    );
    warn(
        too_long,
        "had callchains cut to the longest a log record holds",
    );
    Ok((log, warnings))
}

/// Reads an hwpmc log, calling `sink` with the events (one per PMCALLOCATE(DYN)
/// record, in order) and each event. Image files are looked up under `symfs` to place
/// MAP_IN mappings (see the module documentation).
///
/// # Errors
/// If the log's first record is not a pmclog header or has the legacy layout. A log
/// cut short gives what was read and a warning.
pub fn read_pmclog(
    data: &[u8],
    symfs: Option<&Path>,
    sink: &mut dyn FnMut(&[EventAttr], Event<'_>),
) -> Result<ReadSummary> {
    let reader = Reader::new(data).map_err(|e| Error::Malformed(e.to_string()))?;
    let split_kernel = reader.layout().addr == libpmclog::AddrSize::Eight;
    let mut params = ImageParams {
        symfs: symfs.map(Path::to_path_buf),
        ..ImageParams::default()
    };
    let mut summary = ReadSummary::default();
    let mut attrs: Vec<EventAttr> = Vec::new();
    let mut pmc: FxHashMap<u32, (usize, u64)> = FxHashMap::default();
    let mut sample = Sample::default();
    let mut unknown_pmc = 0u64;
    // Where each process maps images, for the extent of images not found.
    let mut starts: FxHashMap<i32, Vec<u64>> = FxHashMap::default();
    for e in Reader::with_layout(data, reader.layout()).flatten() {
        if let Record::MapIn { pid, start, .. } = e.record {
            starts.entry(pid).or_default().push(start);
        }
    }
    for v in starts.values_mut() {
        v.sort_unstable();
        v.dedup();
    }
    for entry in reader {
        let entry = match entry {
            Ok(e) => e,
            Err(e @ libpmclog::Error::ShortRecord { .. }) => {
                summary.warnings.push(e.to_string());
                continue;
            }
            Err(e) => {
                summary.warnings.push(e.to_string());
                break;
            }
        };
        match entry.record {
            Record::PmcAllocate {
                pmcid, event, rate, ..
            } => {
                let i = event_index(&mut attrs, format!("event-{event:#x}"));
                pmc.insert(pmcid, (i, rate.max(1)));
            }
            Record::PmcAllocateDyn {
                pmcid, rate, name, ..
            } => {
                let i = event_index(&mut attrs, String::from_utf8_lossy(name).into_owned());
                pmc.insert(pmcid, (i, rate.unwrap_or(1).max(1)));
            }
            Record::MapIn { pid, start, path } => {
                let kernel = pid == -1;
                let none = Params::default();
                let p = if kernel { &none } else { params.get(path) };
                let (pgoff, len) = if kernel {
                    (start, u64::MAX - start)
                } else if p.extent == 0 {
                    // Not found: up to the process's next mapping.
                    let next = starts
                        .get(&pid)
                        .and_then(|v| v.get(v.partition_point(|&s| s <= start)).copied());
                    let len = next.map_or(UNKNOWN_EXTENT, |n| n - start);
                    (p.adj, len.min(UNKNOWN_EXTENT))
                } else {
                    (p.adj, p.extent)
                };
                sink(
                    &attrs,
                    Event::Mmap(MmapEvent {
                        pid,
                        start,
                        len,
                        pgoff,
                        path,
                        build_id: p.build_id.as_deref(),
                        kernel,
                        executable: true,
                    }),
                );
            }
            Record::ProcExec { pid, path, .. } => {
                let name = path.rsplit(|&b| b == b'/').next().unwrap_or(path);
                let name = name.get(..name.len().min(19)).unwrap_or(name);
                sink(
                    &attrs,
                    Event::Comm {
                        pid: pid as i32,
                        tid: pid as i32,
                        name,
                        exec: true,
                    },
                );
            }
            Record::ProcCreate { pid, comm, .. } => sink(
                &attrs,
                Event::Comm {
                    pid: pid as i32,
                    tid: pid as i32,
                    name: comm,
                    exec: false,
                },
            ),
            Record::ProcFork { old_pid, new_pid } => sink(
                &attrs,
                Event::Fork {
                    pid: new_pid as i32,
                    ppid: old_pid as i32,
                    tid: new_pid as i32,
                    ptid: old_pid as i32,
                },
            ),
            Record::ThrCreate { tid, pid, name, .. } => {
                let (pid, tid) = (pid as i32, tid as i32);
                if tid != pid {
                    sink(
                        &attrs,
                        Event::Fork {
                            pid,
                            ppid: pid,
                            tid,
                            ptid: pid,
                        },
                    );
                }
                if !name.is_empty() {
                    sink(
                        &attrs,
                        Event::Comm {
                            pid,
                            tid,
                            name,
                            exec: false,
                        },
                    );
                }
            }
            Record::ThrExit { tid } => sink(
                &attrs,
                Event::Exit {
                    pid: tid as i32,
                    tid: tid as i32,
                },
            ),
            Record::SysExit { pid } => sink(
                &attrs,
                Event::Exit {
                    pid: pid as i32,
                    tid: pid as i32,
                },
            ),
            Record::DropNotify => sink(&attrs, Event::Lost { count: 1 }),
            Record::Callchain {
                pid,
                tid,
                pmcid,
                cpuflags,
                ..
            } => {
                let Some(&(attr, rate)) = pmc.get(&pmcid) else {
                    unknown_pmc += 1;
                    continue;
                };
                let Some(pcs) = entry.record.callchain_pcs().filter(|p| !p.is_empty()) else {
                    summary.bad_samples += 1;
                    continue;
                };
                let user = cpuflags & CC_USERSPACE != 0;
                sample.callchain.clear();
                sample
                    .callchain
                    .push(if user { CONTEXT_USER } else { CONTEXT_KERNEL });
                let mut in_kernel = !user;
                for pc in pcs.iter() {
                    // A kernel chain continues into user frames (`pmcstat -U`) at the
                    // first lower-half address.
                    if in_kernel && split_kernel && pc < 1 << 63 {
                        sample.callchain.push(CONTEXT_USER);
                        in_kernel = false;
                    }
                    sample.callchain.push(pc);
                }
                sample.attr = attr;
                sample.cpumode = if user { 2 } else { 1 };
                sample.ip = pcs.get(0).unwrap_or(0);
                sample.pid = pid as i32;
                sample.tid = tid as i32;
                sample.time = entry.tsc;
                sample.cpu = cpuflags >> 16;
                sample.period = rate;
                sample.has_callchain = true;
                sample.unwound = cpuflags & CC_UNWOUND != 0;
                sink(&attrs, Event::Sample(&sample));
            }
            _ => {}
        }
    }
    if unknown_pmc > 0 {
        summary.warnings.push(format!(
            "{unknown_pmc} samples name a PMC no PMCALLOCATE record introduced; skipped"
        ));
    }
    if summary.bad_samples > 0 {
        summary.warnings.push(format!(
            "{} samples had no program counters; skipped",
            summary.bad_samples
        ));
    }
    Ok(summary)
}

/// The event named `name`, added if new: PMCs of one name are one event, as pmcstat
/// merges them (and as the converter writes an event's further periods).
fn event_index(attrs: &mut Vec<EventAttr>, name: String) -> usize {
    if let Some(i) = attrs.iter().position(|a| a.name == name) {
        return i;
    }
    attrs.push(EventAttr {
        name,
        ..EventAttr::default()
    });
    attrs.len() - 1
}

/// Reads `input` (perf.data, or an hwpmc log recognized by its first record header, from
/// a file or standard input),
/// calling `sink` as [`crate::source::read_perf_data`] does.
///
/// # Errors
/// As [`crate::source::read_perf_data`] and [`read_pmclog`].
pub fn read_any(
    input: Input<'_>,
    symfs: Option<&Path>,
    sink: &mut dyn FnMut(&[EventAttr], Event<'_>),
) -> Result<ReadSummary> {
    if let Input::Path(path) = input {
        let io = |source| Error::Io {
            path: path.to_path_buf(),
            source,
        };
        let mut head = [0u8; 4];
        let mut f = std::fs::File::open(path).map_err(io)?;
        let n = std::io::Read::read(&mut f, &mut head).map_err(io)?;
        if n == 4 && is_pmclog(&head) {
            // SAFETY: the file is mapped read-only; like every tool that maps its input
            // we accept that a concurrent writer could change it under us.
            #[allow(unsafe_code)]
            let data = unsafe { memmap2::Mmap::map(&f) }.map_err(io)?;
            return read_pmclog(&data, symfs, sink);
        }
    }
    if let Input::Stdin = input {
        // Peek through stdin's own buffer (what is looked at stays there for the
        // perf.data reader): an hwpmc log is read whole into memory.
        use std::io::{BufRead, Read};
        let io = |source| Error::Io {
            path: "<stdin>".into(),
            source,
        };
        let mut stdin = std::io::stdin().lock();
        let head = stdin.fill_buf().map_err(io)?;
        if head.len() >= 4 && is_pmclog(head) {
            let mut data = Vec::new();
            stdin.read_to_end(&mut data).map_err(io)?;
            return read_pmclog(&data, symfs, sink);
        }
    }
    crate::source::read_perf_data(input, sink)
}
