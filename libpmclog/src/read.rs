//! Reading a log: layout detection and a zero-copy record iterator.

use crate::layout::{AddrSize, ByteOrder, Layout};
use crate::record::{types, Pcs, Record};
use crate::Error;

/// The header of every record: `0xEE << 24 | type << 16 | length`, a spare word, the TSC.
pub const HEADER_LEN: usize = 16;
/// `PMCLOG_HEADER_MAGIC`.
pub const MAGIC: u8 = 0xEE;
/// How many records [`Layout::detect`] looks at for evidence of the address size.
const DETECT_RECORDS: usize = 1 << 16;

/// One record with where and when it was written.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Entry<'a> {
    /// Byte offset of the record in the log.
    pub offset: u64,
    /// The header's timestamp counter (for CALLCHAIN: when the sample was taken).
    pub tsc: u64,
    /// What the record says.
    pub record: Record<'a>,
}

/// The raw header word of the record at `at`, in either byte order.
fn header_word(data: &[u8], at: usize, order: ByteOrder) -> Option<u32> {
    Layout {
        order,
        addr: AddrSize::Eight,
    }
    .u32_at(data, at)
}

fn magic(h: u32) -> u8 {
    (h >> 24) as u8
}

fn kind(h: u32) -> u8 {
    (h >> 16) as u8
}

fn length(h: u32) -> usize {
    (h & 0xFFFF) as usize
}

impl Layout {
    /// Work out a log's layout from its records. The byte order comes from where the first
    /// header's magic byte is; the address size from records whose size or contents
    /// differ between 4- and 8-byte addresses (INITIALIZE's 32-bit `time_t` on i386,
    /// MAP_OUT's length, CALLCHAIN lengths that are not a whole number of 8-byte slots,
    /// where PROCEXEC's path starts). Without such evidence, 8-byte addresses.
    ///
    /// # Errors
    /// [`Error::Empty`], [`Error::BadMagic`] for a first record that is not a pmclog
    /// header, [`Error::Legacy`] for the FreeBSD 6–11 layout (12-byte headers).
    pub fn detect(data: &[u8]) -> Result<Layout, Error> {
        let first: [u8; 4] = match data.get(..4) {
            Some(b) => b.try_into().map_err(|_| Error::Empty)?,
            None => return Err(Error::Empty),
        };
        let order = if first[3] == MAGIC {
            ByteOrder::Little
        } else if first[0] == MAGIC {
            ByteOrder::Big
        } else {
            return Err(Error::BadMagic {
                offset: 0,
                magic: first[3],
            });
        };
        let mut layout = Layout {
            order,
            addr: AddrSize::Eight,
        };
        let h = header_word(data, 0, order).ok_or(Error::Empty)?;
        // The legacy layout numbered INITIALIZE 2 and had 12-byte headers; the current
        // one has DROPNOTIFY there, which is a bare 16-byte record.
        if kind(h) == types::DROPNOTIFY && length(h) != HEADER_LEN {
            let version = layout.u32_at(data, 12).unwrap_or(0);
            return Err(Error::Legacy { version });
        }
        let mut at = 0usize;
        for _ in 0..DETECT_RECORDS {
            let Some(h) = header_word(data, at, order) else {
                break;
            };
            let len = length(h);
            if magic(h) != MAGIC || len < HEADER_LEN {
                break;
            }
            let Some(rec) = data.get(at..at + len) else {
                break;
            };
            if let Some(addr) = addr_evidence(kind(h), rec) {
                layout.addr = addr;
                break;
            }
            at += len;
        }
        Ok(layout)
    }
}

/// What one record says about the address size, if anything.
fn addr_evidence(kind: u8, rec: &[u8]) -> Option<AddrSize> {
    let len = rec.len();
    match kind {
        types::INITIALIZE if len == 104 => Some(AddrSize::Four),
        types::INITIALIZE if len == 112 => Some(AddrSize::Eight),
        types::MAP_OUT if len == 32 => Some(AddrSize::Four),
        types::MAP_OUT if len == 40 => Some(AddrSize::Eight),
        types::CALLCHAIN if len.checked_sub(32).is_some_and(|n| n % 8 != 0) => Some(AddrSize::Four),
        types::PROCEXEC => {
            let (at32, at40) = (rec.get(32).copied(), rec.get(40).copied());
            match (at32, at40) {
                (Some(b'/'), _) => Some(AddrSize::Four),
                (_, Some(b'/')) => Some(AddrSize::Eight),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The bytes of a string field: from `at` to the record's end, cut at the first NUL.
fn string(rec: &[u8], at: usize) -> Option<&[u8]> {
    let s = rec.get(at..)?;
    Some(
        s.iter()
            .position(|&b| b == 0)
            .map_or(s, |n| s.get(..n).unwrap_or(s)),
    )
}

/// A fixed-size string field `at..at + n` (cut at its NUL), or what of it the record has.
fn fixed_string(rec: &[u8], at: usize, n: usize) -> Option<&[u8]> {
    let end = at.checked_add(n)?.min(rec.len());
    let s = rec.get(at..end)?;
    Some(
        s.iter()
            .position(|&b| b == 0)
            .map_or(s, |n| s.get(..n).unwrap_or(s)),
    )
}

/// Decode one whole record (header included) of type `kind`; `None` if it is too short
/// for its fields.
fn decode(layout: Layout, kind: u8, rec: &[u8]) -> Option<Record<'_>> {
    let u32_at = |at| layout.u32_at(rec, at);
    let u64_at = |at| layout.u64_words_at(rec, at);
    let addr_at = |at| layout.addr_at(rec, at);
    let a = layout.addr.bytes();
    Some(match kind {
        types::CLOSELOG => Record::CloseLog,
        types::DROPNOTIFY => Record::DropNotify,
        types::INITIALIZE => {
            let (version, cpu, tsc_freq) = (u32_at(16)?, u32_at(20)?, u64_at(24)?);
            let (ts_sec, ts_nsec, cpuid_at) = if rec.len() >= 112 {
                let sec = layout.u64_native_at(rec, 32)? as i64;
                let nsec = layout.u64_native_at(rec, 40)? as i64;
                (sec, nsec, 48)
            } else {
                let sec = i64::from(u32_at(32)? as i32);
                let nsec = i64::from(u32_at(36)? as i32);
                (sec, nsec, 40)
            };
            Record::Initialize {
                version,
                cpu,
                tsc_freq,
                ts_sec,
                ts_nsec,
                cpuid: fixed_string(rec, cpuid_at, 64)?,
            }
        }
        types::PMCALLOCATE => Record::PmcAllocate {
            pmcid: u32_at(16)?,
            event: u32_at(20)?,
            flags: u32_at(24)?,
            rate: u64_at(32)?,
        },
        types::PMCALLOCATEDYN => {
            let (pmcid, event, flags) = (u32_at(16)?, u32_at(20)?, u32_at(24)?);
            // libpmc's layout has the name at 32; the kernel writes the reload count
            // there (two words, low first) and the name at 40. Take the kernel's layout
            // when the count's high word is 0 (a name of 5 or more characters has
            // letters there) and a printable name follows at 40.
            let printable = |s: &[u8]| !s.is_empty() && s.iter().all(|b| (0x20..0x7f).contains(b));
            let kernel = u32_at(36) == Some(0) && string(rec, 40).is_some_and(printable);
            let (rate, name) = if kernel {
                (Some(u64_at(32)?), string(rec, 40)?)
            } else {
                (None, string(rec, 32)?)
            };
            Record::PmcAllocateDyn {
                pmcid,
                event,
                flags,
                rate,
                name,
            }
        }
        types::PMCATTACH => Record::PmcAttach {
            pmcid: u32_at(16)?,
            pid: u32_at(20)?,
            path: string(rec, 24)?,
        },
        types::PMCDETACH => Record::PmcDetach {
            pmcid: u32_at(16)?,
            pid: u32_at(20)?,
        },
        types::PROCCSW => Record::ProcCsw {
            value: u64_at(16)?,
            pmcid: u32_at(24)?,
            pid: u32_at(28)?,
            tid: u32_at(32)?,
        },
        types::PROCEXEC => Record::ProcExec {
            pid: u32_at(16)?,
            pmcid: u32_at(20)?,
            base: addr_at(24)?,
            dyn_base: addr_at(24 + a)?,
            path: string(rec, 24 + 2 * a)?,
        },
        types::PROCEXIT => Record::ProcExit {
            pmcid: u32_at(16)?,
            pid: u32_at(20)?,
            value: u64_at(24)?,
        },
        types::PROCFORK => Record::ProcFork {
            old_pid: u32_at(16)?,
            new_pid: u32_at(20)?,
        },
        types::SYSEXIT => Record::SysExit { pid: u32_at(16)? },
        types::USERDATA => Record::UserData { data: u32_at(16)? },
        types::MAP_IN => Record::MapIn {
            pid: u32_at(16)? as i32,
            start: addr_at(24)?,
            path: string(rec, 24 + a)?,
        },
        types::MAP_OUT => Record::MapOut {
            pid: u32_at(16)? as i32,
            start: addr_at(24)?,
            end: addr_at(24 + a)?,
        },
        types::CALLCHAIN => Record::Callchain {
            pid: u32_at(16)?,
            tid: u32_at(20)?,
            pmcid: u32_at(24)?,
            cpuflags: u32_at(28)?,
            slots: Pcs::raw(rec.get(32..)?, layout),
        },
        types::THR_CREATE => Record::ThrCreate {
            tid: u32_at(16)?,
            pid: u32_at(20)?,
            flags: u32_at(24)?,
            name: fixed_string(rec, 32, 20)?,
        },
        types::THR_EXIT => Record::ThrExit { tid: u32_at(16)? },
        types::PROC_CREATE => Record::ProcCreate {
            pid: u32_at(16)?,
            flags: u32_at(20)?,
            comm: fixed_string(rec, 24, 20)?,
        },
        kind => Record::Unknown {
            kind,
            body: rec.get(HEADER_LEN..)?,
        },
    })
}

/// The records of a log, in file order (which is not time order: the kernel writes
/// per-CPU buffers as they fill). Zero-copy over the log's bytes.
///
/// Framing errors end the iteration after one `Err` item: a bad magic word or a length
/// shorter than a header (the rest cannot be framed), or a last record cut short
/// ([`Error::Truncated`]: logs often end that way; what came before is good). A record
/// too short for its own fields is an `Err` item and reading goes on with the next one.
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    data: &'a [u8],
    pos: usize,
    layout: Layout,
    done: bool,
}

impl<'a> Reader<'a> {
    /// A reader with the layout [`Layout::detect`] finds.
    ///
    /// # Errors
    /// As [`Layout::detect`].
    pub fn new(data: &'a [u8]) -> Result<Self, Error> {
        Ok(Self::with_layout(data, Layout::detect(data)?))
    }

    /// A reader with a layout the caller knows.
    pub fn with_layout(data: &'a [u8], layout: Layout) -> Self {
        Reader {
            data,
            pos: 0,
            layout,
            done: false,
        }
    }

    /// The layout the records are read with.
    pub fn layout(&self) -> Layout {
        self.layout
    }

    /// Byte offset of the next record.
    pub fn position(&self) -> u64 {
        self.pos as u64
    }
}

impl<'a> Iterator for Reader<'a> {
    type Item = Result<Entry<'a>, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done || self.pos >= self.data.len() {
            return None;
        }
        let at = self.pos;
        let offset = at as u64;
        let have = self.data.len() - at;
        let Some(h) = self.layout.u32_at(self.data, at) else {
            self.done = true;
            return Some(Err(Error::Truncated {
                offset,
                need: HEADER_LEN,
                have,
            }));
        };
        if magic(h) != MAGIC {
            self.done = true;
            return Some(Err(Error::BadMagic {
                offset,
                magic: magic(h),
            }));
        }
        let len = length(h);
        if len < HEADER_LEN {
            self.done = true;
            return Some(Err(Error::BadLength { offset, len }));
        }
        let Some(rec) = self.data.get(at..at + len) else {
            self.done = true;
            return Some(Err(Error::Truncated {
                offset,
                need: len,
                have,
            }));
        };
        self.pos = at + len;
        let tsc = self.layout.u64_native_at(rec, 8).unwrap_or(0);
        let kind = kind(h);
        Some(match decode(self.layout, kind, rec) {
            Some(record) => Ok(Entry {
                offset,
                tsc,
                record,
            }),
            None => Err(Error::ShortRecord { offset, kind, len }),
        })
    }
}
