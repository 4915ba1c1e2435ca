//! Writing a log as the kernel lays it out, for tests and for converting other recordings
//! (Linux perf.data) into hwpmc logs.

use std::io::Write;

use crate::layout::{AddrSize, Layout};
use crate::read::{HEADER_LEN, MAGIC};
use crate::record::Record;
use crate::Error;

/// `PMC_CPUID_LEN`: INITIALIZE's CPU id field.
const CPUID_LEN: usize = 64;
/// PMCALLOCATEDYN's event name field (`PMC_NAME_MAX`).
const EVNAME_LEN: usize = 64;
/// `MAXCOMLEN + 1`: thread and command names.
const COMM_LEN: usize = 20;
/// The size of a PMCALLOCATEDYN record, whichever layout its name has.
const ALLOCATEDYN_LEN: usize = 96;

/// Encode `record` with header timestamp `tsc`, appending it to `out`.
///
/// Pads and the header's spare word are written as zeros (the kernel leaves some of them
/// uncleared). A PMCALLOCATEDYN with a `rate` gets the kernel's layout (rate at 32, the
/// name at 40, cut to the 56 bytes left of the 96-byte record), one without gets libpmc's
/// (name at 32). Multipart chains are written as their slots are given.
///
/// # Errors
/// [`Error::TooLong`] if the record would not fit the 16-bit length field.
pub fn encode(
    layout: Layout,
    tsc: u64,
    record: &Record<'_>,
    out: &mut Vec<u8>,
) -> Result<(), Error> {
    let start = out.len();
    // Header; the length is patched in at the end.
    layout.put_u32(out, 0);
    layout.put_u32(out, 0);
    layout.put_u64_native(out, tsc);
    let u32s = |out: &mut Vec<u8>, vs: &[u32]| vs.iter().for_each(|&v| layout.put_u32(out, v));
    match *record {
        Record::CloseLog | Record::DropNotify => {}
        Record::Initialize {
            version,
            cpu,
            tsc_freq,
            ts_sec,
            ts_nsec,
            cpuid,
        } => {
            u32s(out, &[version, cpu]);
            layout.put_u64_words(out, tsc_freq);
            match layout.addr {
                AddrSize::Eight => {
                    layout.put_u64_native(out, ts_sec as u64);
                    layout.put_u64_native(out, ts_nsec as u64);
                }
                // i386: a 32-bit time_t and long.
                AddrSize::Four => u32s(out, &[ts_sec as u32, ts_nsec as u32]),
            }
            put_fixed(out, cpuid, CPUID_LEN);
        }
        Record::PmcAllocate {
            pmcid,
            event,
            flags,
            rate,
        } => {
            u32s(out, &[pmcid, event, flags, 0]);
            layout.put_u64_words(out, rate);
        }
        Record::PmcAllocateDyn {
            pmcid,
            event,
            flags,
            rate,
            name,
        } => {
            u32s(out, &[pmcid, event, flags, 0]);
            match rate {
                Some(r) => {
                    layout.put_u64_words(out, r);
                    put_fixed(out, name, ALLOCATEDYN_LEN - 40);
                }
                None => put_fixed(out, name, EVNAME_LEN),
            }
        }
        Record::PmcAttach { pmcid, pid, path } => {
            u32s(out, &[pmcid, pid]);
            put_string(out, path);
        }
        Record::PmcDetach { pmcid, pid } => u32s(out, &[pmcid, pid]),
        Record::ProcCsw {
            value,
            pmcid,
            pid,
            tid,
        } => {
            layout.put_u64_words(out, value);
            u32s(out, &[pmcid, pid, tid, 0]);
        }
        Record::ProcExec {
            pid,
            pmcid,
            base,
            dyn_base,
            path,
        } => {
            u32s(out, &[pid, pmcid]);
            layout.put_addr(out, base);
            layout.put_addr(out, dyn_base);
            put_string(out, path);
        }
        Record::ProcExit { pmcid, pid, value } => {
            u32s(out, &[pmcid, pid]);
            layout.put_u64_words(out, value);
        }
        Record::ProcFork { old_pid, new_pid } => u32s(out, &[old_pid, new_pid]),
        Record::SysExit { pid } => u32s(out, &[pid, 0]),
        Record::UserData { data } => u32s(out, &[data, 0]),
        Record::MapIn { pid, start, path } => {
            u32s(out, &[pid as u32, 0]);
            layout.put_addr(out, start);
            put_string(out, path);
        }
        Record::MapOut { pid, start, end } => {
            u32s(out, &[pid as u32, 0]);
            layout.put_addr(out, start);
            layout.put_addr(out, end);
        }
        Record::Callchain {
            pid,
            tid,
            pmcid,
            cpuflags,
            slots,
        } => {
            u32s(out, &[pid, tid, pmcid, cpuflags]);
            slots.iter().for_each(|pc| layout.put_addr(out, pc));
        }
        Record::ThrCreate {
            tid,
            pid,
            flags,
            name,
        } => {
            u32s(out, &[tid, pid, flags, 0]);
            put_fixed(out, name, COMM_LEN);
        }
        Record::ThrExit { tid } => u32s(out, &[tid, 0]),
        Record::ProcCreate { pid, flags, comm } => {
            u32s(out, &[pid, flags]);
            put_fixed(out, comm, COMM_LEN);
        }
        Record::Unknown { body, .. } => {
            out.extend_from_slice(body);
            out.resize(start + (out.len() - start).next_multiple_of(4), 0);
        }
    }
    let len = out.len() - start;
    if len > 0xFFFF {
        out.truncate(start);
        return Err(Error::TooLong {
            kind: record.kind(),
            len,
        });
    }
    debug_assert!(len >= HEADER_LEN && len % 4 == 0);
    let header = u32::from(MAGIC) << 24 | u32::from(record.kind()) << 16 | len as u32;
    let mut word = Vec::with_capacity(4);
    layout.put_u32(&mut word, header);
    if let Some(h) = out.get_mut(start..start + 4) {
        h.copy_from_slice(&word);
    }
    Ok(())
}

/// A string and its NUL, padded with zeros to a whole word.
fn put_string(out: &mut Vec<u8>, s: &[u8]) {
    let s = s.split(|&b| b == 0).next().unwrap_or_default();
    out.extend_from_slice(s);
    out.push(0);
    while out.len() % 4 != 0 {
        out.push(0);
    }
}

/// A NUL-padded field of `n` bytes holding at most `n - 1` bytes of `s`.
fn put_fixed(out: &mut Vec<u8>, s: &[u8], n: usize) {
    let s = s.split(|&b| b == 0).next().unwrap_or_default();
    let s = s.get(..s.len().min(n - 1)).unwrap_or_default();
    out.extend_from_slice(s);
    out.resize(out.len() + (n - s.len()), 0);
}

/// Writes records to a stream as one log.
#[derive(Debug)]
pub struct Writer<W: Write> {
    out: W,
    layout: Layout,
    buf: Vec<u8>,
}

impl<W: Write> Writer<W> {
    /// A writer of `layout` logs to `out` (which should be buffered if it is a file).
    pub fn new(out: W, layout: Layout) -> Self {
        Writer {
            out,
            layout,
            buf: Vec::with_capacity(4096),
        }
    }

    /// Append one record.
    ///
    /// # Errors
    /// [`Error::TooLong`], or the stream's I/O error.
    pub fn write(&mut self, tsc: u64, record: &Record<'_>) -> Result<(), Error> {
        self.buf.clear();
        encode(self.layout, tsc, record, &mut self.buf)?;
        self.out.write_all(&self.buf).map_err(Error::Io)
    }

    /// Flush and give back the stream.
    ///
    /// # Errors
    /// The stream's I/O error.
    pub fn finish(mut self) -> Result<W, Error> {
        self.out.flush().map_err(Error::Io)?;
        Ok(self.out)
    }
}
