//! Reading Linux `perf.data` (file and pipe mode) into [`Event`]s.
//!
//! Framing, attributes, feature sections, zstd-compressed records and time ordering
//! come from the `linux-perf-data` crate. Around it this module:
//!
//! - rejects a legacy `PERFFILE` (v1) file with [`Error::LegacyPerfFile`];
//! - reads a file whose data section was cut short (a killed `perf record`, a
//!   partial copy) up to its last whole record and says so in a warning;
//! - skips the payload of old pipe files' `PERF_RECORD_HEADER_TRACING_DATA`, on
//!   which the crate would stop silently;
//! - parses `PERF_RECORD_SAMPLE` itself ([`parse_sample`]), because the crate
//!   mis-reads group reads (`PERF_SAMPLE_READ` with `PERF_FORMAT_GROUP`) and skips
//!   branch stacks.

use std::fs::File;
use std::io::{BufReader, Cursor, Read, Seek, SeekFrom};
use std::path::Path;

use linux_perf_data::{PerfFileReader, PerfFileRecord};
use linux_perf_event_reader::{
    get_record_id, get_record_timestamp, EventRecord, PerfEventType, RawData, RawEventRecord,
    RecordParseInfo, RecordType, SoftwareCounterType,
};

use crate::error::{Error, Result};
use crate::events::{Branch, Event, EventAttr, MmapEvent, Sample};

const MAGIC_V2_LE: &[u8; 8] = b"PERFILE2";
const MAGIC_V2_BE: &[u8; 8] = b"2ELIFREP";
const MAGIC_V1: &[u8; 8] = b"PERFFILE";

const SAMPLE_IP: u64 = 1 << 0;
const SAMPLE_TID: u64 = 1 << 1;
const SAMPLE_TIME: u64 = 1 << 2;
const SAMPLE_ADDR: u64 = 1 << 3;
const SAMPLE_READ: u64 = 1 << 4;
const SAMPLE_CALLCHAIN: u64 = 1 << 5;
const SAMPLE_ID: u64 = 1 << 6;
const SAMPLE_CPU: u64 = 1 << 7;
const SAMPLE_PERIOD: u64 = 1 << 8;
const SAMPLE_STREAM_ID: u64 = 1 << 9;
const SAMPLE_RAW: u64 = 1 << 10;
const SAMPLE_BRANCH_STACK: u64 = 1 << 11;
const SAMPLE_REGS_USER: u64 = 1 << 12;
const SAMPLE_STACK_USER: u64 = 1 << 13;
const SAMPLE_IDENTIFIER: u64 = 1 << 16;

const FORMAT_TOTAL_TIME_ENABLED: u64 = 1 << 0;
const FORMAT_TOTAL_TIME_RUNNING: u64 = 1 << 1;
const FORMAT_ID: u64 = 1 << 2;
const FORMAT_GROUP: u64 = 1 << 3;
const FORMAT_LOST: u64 = 1 << 4;

const BRANCH_HW_INDEX: u64 = 1 << 17;

const RECORD_SAMPLE: u32 = 9;
const RECORD_MMAP2: u32 = 10;
/// `PERF_RECORD_MISC_MMAP_BUILD_ID`: an MMAP2 carries a build id, not inode data.
const MISC_MMAP_BUILD_ID: u16 = 1 << 14;
const RECORD_HEADER_ATTR: u32 = 64;
const RECORD_FINISHED_ROUND: u32 = 68;
const RECORD_HEADER_FEATURE: u32 = 80;
const RECORD_AUXTRACE: u32 = 71;
/// Largest AUXTRACE payload accepted in a pipe (perf's AUX buffers are far smaller).
const MAX_AUXTRACE: u64 = 1 << 28;
const RECORD_COMPRESSED: u32 = 81;
const RECORD_COMPRESSED2: u32 = 83;
/// `HEADER_COMPRESSED` feature bit.
const FEATURE_COMPRESSED: u32 = 27;
const RECORD_HEADER_TRACING_DATA: u32 = 66;

/// What a read produced besides events.
#[derive(Debug, Default, Clone)]
pub struct ReadSummary {
    /// Diagnostics: truncation, records that could not be parsed, build-id trouble.
    pub warnings: Vec<String>,
    /// Samples whose record could not be parsed (counted in a warning too).
    pub bad_samples: u64,
}

/// Where perf.data comes from.
#[derive(Debug, Clone, Copy)]
pub enum Input<'a> {
    /// A file (file or pipe mode).
    Path(&'a Path),
    /// Standard input (pipe mode, or file mode read fully into memory).
    Stdin,
}

/// Reads perf.data from `input`, calling `sink` with the event attributes once, then
/// with each event in time order.
///
/// # Errors
/// If the input cannot be opened, is not perf.data, or its header is malformed.
/// Trouble after the first record is a warning in the returned summary, and the
/// events read up to it have been delivered.
pub fn read_perf_data(
    input: Input<'_>,
    sink: &mut dyn FnMut(&[EventAttr], Event<'_>),
) -> Result<ReadSummary> {
    match input {
        Input::Path(path) => {
            let io = |source| Error::Io {
                path: path.to_path_buf(),
                source,
            };
            let mut f = File::open(path).map_err(io)?;
            let len = f.metadata().map_err(io)?.len();
            let mut head = [0u8; 104];
            let n = read_up_to(&mut f, &mut head).map_err(io)?;
            let head = head.get(..n).unwrap_or_default();
            check_magic(head)?;
            f.seek(SeekFrom::Start(0)).map_err(io)?;
            if is_pipe_header(head) {
                return read_pipe(BufReader::with_capacity(1 << 16, f), sink);
            }
            let rf = file_read_formats(&mut f, head, len);
            match file_truncation(&mut f, head, len) {
                Ok(None) if fast_path_fits(head) => {
                    drop(f);
                    read_mapped(path, sink, rf)
                }
                Ok(None) => {
                    f.seek(SeekFrom::Start(0)).map_err(io)?;
                    read_file(BufReader::with_capacity(1 << 16, f), sink, Vec::new(), rf)
                }
                Ok(Some((patched_len, msg))) => {
                    f.seek(SeekFrom::Start(0)).map_err(io)?;
                    let mut data = Vec::new();
                    f.take(patched_len).read_to_end(&mut data).map_err(io)?;
                    patch_truncated_header(&mut data, patched_len);
                    read_file(Cursor::new(data), sink, vec![msg], rf)
                }
                Err(e) => Err(e),
            }
        }
        Input::Stdin => {
            let mut stdin = std::io::stdin().lock();
            let mut head = [0u8; 16];
            let n = read_up_to(&mut stdin, &mut head).map_err(|source| Error::Io {
                path: "<stdin>".into(),
                source,
            })?;
            let head = head.get(..n).unwrap_or_default();
            check_magic(head)?;
            if is_pipe_header(head) {
                let r = Cursor::new(head.to_vec()).chain(BufReader::new(stdin));
                return read_pipe(r, sink);
            }
            let mut data = head.to_vec();
            stdin.read_to_end(&mut data).map_err(|source| Error::Io {
                path: "<stdin>".into(),
                source,
            })?;
            let len = data.len() as u64;
            let mut c = Cursor::new(data);
            let header = c.get_ref().get(..104).unwrap_or_default().to_vec();
            let rf = file_read_formats(&mut c, &header, len);
            match file_truncation(&mut c, &header, len)? {
                None => {
                    c.set_position(0);
                    read_file(c, sink, Vec::new(), rf)
                }
                Some((patched_len, msg)) => {
                    let mut data = c.into_inner();
                    data.truncate(usize::try_from(patched_len).unwrap_or(usize::MAX));
                    patch_truncated_header(&mut data, patched_len);
                    read_file(Cursor::new(data), sink, vec![msg], rf)
                }
            }
        }
    }
}

/// The raw `read_format` of each attr in a file-mode header. The crate's parsed attr
/// drops bits it does not know (`PERF_FORMAT_LOST`), which changes the sample layout.
fn file_read_formats(f: &mut (impl Read + Seek), head: &[u8], len: u64) -> Vec<u64> {
    let le = head.first() == Some(&b'P');
    let (Some(attr_size), Some(off), Some(size)) = (
        u64_at(head, 16, le),
        u64_at(head, 24, le),
        u64_at(head, 32, le),
    ) else {
        return Vec::new();
    };
    if attr_size < 48 || off.saturating_add(size) > len || size > 1 << 20 {
        return Vec::new();
    }
    let mut buf = vec![0u8; usize::try_from(size).unwrap_or(0)];
    if f.seek(SeekFrom::Start(off)).is_err() || f.read_exact(&mut buf).is_err() {
        return Vec::new();
    }
    let step = usize::try_from(attr_size).unwrap_or(usize::MAX);
    buf.chunks(step)
        .filter(|c| c.len() == step)
        .filter_map(|c| u64_at(c, 32, le))
        .collect()
}

/// Whether the memory-mapped reader can take a file: little-endian, no compressed
/// records.
fn fast_path_fits(head: &[u8]) -> bool {
    let le = head.first() == Some(&b'P');
    let word = usize::try_from(FEATURE_COMPRESSED / 64).unwrap_or(0);
    let flags = u64_at(head, 72 + 8 * word, true).unwrap_or(0);
    le && flags & (1 << (FEATURE_COMPRESSED % 64)) == 0
}

/// [`read_perf_data`] over perf.data bytes already in memory (file or pipe mode).
///
/// # Errors
/// As [`read_perf_data`].
pub fn read_perf_data_bytes(
    data: &[u8],
    sink: &mut dyn FnMut(&[EventAttr], Event<'_>),
) -> Result<ReadSummary> {
    let head = data.get(..data.len().min(104)).unwrap_or_default();
    check_magic(head)?;
    if is_pipe_header(head) {
        return read_pipe(Cursor::new(data), sink);
    }
    let len = data.len() as u64;
    let mut c = Cursor::new(data);
    let rf = file_read_formats(&mut c, head, len);
    match file_truncation(&mut c, head, len)? {
        None if fast_path_fits(head) => read_in_place(data, &mut |_, _| {}, sink, rf),
        None => read_file(Cursor::new(data), sink, Vec::new(), rf),
        Some((keep, msg)) => {
            let mut copy = data
                .get(..usize::try_from(keep).unwrap_or(usize::MAX))
                .unwrap_or(data)
                .to_vec();
            patch_truncated_header(&mut copy, keep);
            read_file(Cursor::new(copy), sink, vec![msg], rf)
        }
    }
}

/// Whether a `HEADER_EVENT_DESC` payload is well formed: every count and length fits
/// in the payload. linux-perf-data allocates by these counts before reading, so a
/// malformed one must not reach it.
fn event_desc_ok(d: &[u8], le: bool) -> bool {
    let u32_at = |off: usize| -> Option<u64> {
        let b: [u8; 4] = d.get(off..off + 4)?.try_into().ok()?;
        Some(u64::from(if le {
            u32::from_le_bytes(b)
        } else {
            u32::from_be_bytes(b)
        }))
    };
    let walk = || -> Option<()> {
        let nr = u32_at(0)?;
        let attr_size = u32_at(4)?;
        if attr_size < 64 || nr.checked_mul(attr_size + 8)? > d.len() as u64 {
            return None;
        }
        let mut pos = 8u64;
        for _ in 0..nr {
            pos = pos.checked_add(attr_size)?;
            let nr_ids = u32_at(usize::try_from(pos).ok()?)?;
            let len = u32_at(usize::try_from(pos + 4).ok()?)?;
            pos = pos
                .checked_add(8)?
                .checked_add(len)?
                .checked_add(nr_ids.checked_mul(8)?)?;
            if pos > d.len() as u64 {
                return None;
            }
        }
        Some(())
    };
    walk().is_some()
}

/// A header to show linux-perf-data instead of the file's own: the feature bits of
/// sections that failed validation cleared, an invalid `event_types` section dropped.
/// `None` when the file's header can be used as it is.
fn sanitized_header(
    f: &mut (impl Read + Seek),
    head: &[u8],
    len: u64,
) -> Result<Option<[u8; 104]>> {
    let le = head.first() == Some(&b'P');
    let mut h = [0u8; 104];
    let Some(src) = head.get(..104) else {
        return Err(Error::Malformed("header is cut short".into()));
    };
    h.copy_from_slice(src);
    let field = |off| u64_at(head, off, le).unwrap_or(0);
    let attr_size = field(16);
    if attr_size < 64 + 16 || field(24).saturating_add(field(32)) > len {
        return Err(Error::Malformed(format!(
            "attrs section (at {}, {} bytes of {attr_size}-byte entries) does not fit the file",
            field(24),
            field(32)
        )));
    }
    let mut changed = false;
    if field(56).saturating_add(field(64)) > len || (field(64) > 0 && field(64) % attr_size != 0) {
        h[56..72].fill(0);
        changed = true;
    }
    // HEADER_EVENT_DESC (bit 12): find its section among the set bits.
    let bits = |i: usize| u64_at(head, 72 + 8 * i, le).unwrap_or(0);
    if bits(0) & (1 << 12) != 0 {
        let index = u64::from((bits(0) & ((1 << 12) - 1)).count_ones());
        let table = field(40)
            .saturating_add(field(48))
            .saturating_add(index * 16);
        let mut e = [0u8; 16];
        let ok = f.seek(SeekFrom::Start(table)).is_ok() && f.read_exact(&mut e).is_ok() && {
            let (off, size) = (
                u64_at(&e, 0, le).unwrap_or(0),
                u64_at(&e, 8, le).unwrap_or(0),
            );
            let mut d = vec![0u8; usize::try_from(size.min(len)).unwrap_or(0)];
            off.saturating_add(size) <= len
                && f.seek(SeekFrom::Start(off)).is_ok()
                && f.read_exact(&mut d).is_ok()
                && event_desc_ok(&d, le)
        };
        if !ok {
            // Keep the section table consistent: other features' entries stay, this
            // one's is skipped by clearing its bit only if it is the last set bit.
            // Simpler and safe: drop every feature (build ids come from MMAP2 then).
            h[72..104].fill(0);
            changed = true;
        }
    }
    Ok(changed.then_some(h))
}

/// Walks the record headers of a little-endian file's data section; if an AUXTRACE
/// record's payload runs past the section, returns the data size up to that record
/// and the record's offset.
fn auxtrace_clip(f: &mut (impl Read + Seek), head: &[u8], len: u64) -> Option<(u64, u64)> {
    if head.first() != Some(&b'P') {
        return None;
    }
    let data_off = u64_at(head, 40, true)?;
    let end = data_off.saturating_add(u64_at(head, 48, true)?).min(len);
    f.seek(SeekFrom::Start(data_off)).ok()?;
    let mut r = BufReader::with_capacity(1 << 16, f.take(end.saturating_sub(data_off)));
    let mut pos = data_off;
    let mut h = [0u8; 8];
    while pos + 8 <= end {
        r.read_exact(&mut h).ok()?;
        let ty = u32::from_le_bytes([h[0], h[1], h[2], h[3]]);
        let size = u64::from(u16::from_le_bytes([h[6], h[7]]));
        if size < 8 {
            return None;
        }
        let mut skip = size - 8;
        let mut advance = size;
        if ty == RECORD_AUXTRACE && skip >= 8 {
            let mut b = [0u8; 8];
            r.read_exact(&mut b).ok()?;
            let extra = u64::from_le_bytes(b);
            let next = pos.checked_add(size).and_then(|p| p.checked_add(extra));
            if next.is_none_or(|n| n > end) {
                return Some((pos - data_off, pos));
            }
            skip = skip - 8 + extra;
            advance = size + extra;
        }
        std::io::copy(&mut (&mut r).take(skip), &mut std::io::sink()).ok()?;
        pos += advance;
    }
    None
}

/// A reader showing `head` in place of the first 104 bytes of `inner`.
struct HeaderOverlay<R> {
    inner: R,
    head: [u8; 104],
    pos: u64,
}

impl<R: Read + Seek> Read for HeaderOverlay<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if let Some(rest) = usize::try_from(self.pos)
            .ok()
            .and_then(|p| self.head.get(p..))
        {
            if !rest.is_empty() {
                let n = rest.len().min(buf.len());
                if let (Some(d), Some(s)) = (buf.get_mut(..n), rest.get(..n)) {
                    d.copy_from_slice(s);
                }
                self.pos += n as u64;
                return Ok(n);
            }
        }
        self.inner.seek(SeekFrom::Start(self.pos))?;
        let n = self.inner.read(buf)?;
        self.pos += n as u64;
        Ok(n)
    }
}

impl<R: Read + Seek> Seek for HeaderOverlay<R> {
    fn seek(&mut self, to: SeekFrom) -> std::io::Result<u64> {
        let end = self.inner.seek(SeekFrom::End(0))?;
        let new = match to {
            SeekFrom::Start(p) => Some(p),
            SeekFrom::End(d) => end.checked_add_signed(d),
            SeekFrom::Current(d) => self.pos.checked_add_signed(d),
        };
        self.pos = new.ok_or_else(|| std::io::Error::other("seek out of range"))?;
        Ok(self.pos)
    }
}

fn read_up_to(r: &mut impl Read, buf: &mut [u8]) -> std::io::Result<usize> {
    let mut n = 0;
    while n < buf.len() {
        match r.read(buf.get_mut(n..).unwrap_or_default()) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(n)
}

fn check_magic(head: &[u8]) -> Result<()> {
    let mut magic = [0u8; 8];
    if let Some(m) = head.get(..8) {
        magic.copy_from_slice(m);
    } else {
        return Err(Error::Malformed(format!(
            "file too short for a header ({} bytes)",
            head.len()
        )));
    }
    if &magic == MAGIC_V1 {
        return Err(Error::LegacyPerfFile);
    }
    if &magic != MAGIC_V2_LE && &magic != MAGIC_V2_BE {
        return Err(Error::BadMagic(magic));
    }
    Ok(())
}

fn u64_at(b: &[u8], off: usize, le: bool) -> Option<u64> {
    let bytes: [u8; 8] = b.get(off..off + 8)?.try_into().ok()?;
    Some(if le {
        u64::from_le_bytes(bytes)
    } else {
        u64::from_be_bytes(bytes)
    })
}

fn is_pipe_header(head: &[u8]) -> bool {
    let le = head.first() == Some(&b'P');
    u64_at(head, 8, le) == Some(16)
}

/// If a file-mode perf.data is cut short (its data section, or the feature sections
/// after it, run past the end), returns how many bytes to keep (the data up to its
/// last whole record) and a warning. Only little-endian files are repaired.
fn file_truncation(
    f: &mut (impl Read + Seek),
    head: &[u8],
    len: u64,
) -> Result<Option<(u64, String)>> {
    let le = head.first() == Some(&b'P');
    let field =
        |off| u64_at(head, off, le).ok_or_else(|| Error::Malformed("header is cut short".into()));
    let data_off = field(40)?;
    let data_size = field(48)?;
    let mut nfeat = 0u64;
    for i in 0..4 {
        nfeat += u64::from(field(72 + 8 * i)?.count_ones());
    }
    let data_end = data_off.saturating_add(data_size);
    let mut complete = data_end.saturating_add(nfeat * 16) <= len;
    if complete && nfeat > 0 {
        // Each feature section must be inside the file too.
        let mut table = vec![0u8; usize::try_from(nfeat * 16).unwrap_or(0)];
        let ok = f.seek(SeekFrom::Start(data_end)).is_ok() && f.read_exact(&mut table).is_ok();
        complete = ok
            && table.chunks_exact(16).all(|c| {
                let off = u64_at(c, 0, le).unwrap_or(u64::MAX);
                let size = u64_at(c, 8, le).unwrap_or(u64::MAX);
                off.checked_add(size).is_some_and(|e| e <= len)
            });
    }
    if complete {
        return Ok(None);
    }
    if !le {
        return Err(Error::Malformed(
            "big-endian file is truncated (repair is implemented for little-endian only)".into(),
        ));
    }
    if data_off > len {
        return Err(Error::Malformed(format!(
            "truncated: data section starts at {data_off} but the file has {len} bytes"
        )));
    }
    // Walk the record headers to the last whole record.
    let end = data_end.min(len);
    let mut pos = data_off;
    let mut hdr = [0u8; 8];
    while pos + 8 <= end {
        if f.seek(SeekFrom::Start(pos)).is_err() || f.read_exact(&mut hdr).is_err() {
            break;
        }
        let size = u64::from(u16::from_le_bytes([hdr[6], hdr[7]]));
        if size < 8 || pos + size > end {
            break;
        }
        pos += size;
    }
    let msg = format!(
        "file is truncated: data section ends at {} of {data_end} expected bytes; \
         the profile covers the {} bytes of whole records read",
        len.min(data_end),
        pos - data_off
    );
    Ok(Some((pos, msg)))
}

/// Makes a cut-short file self-consistent: the data section ends at `data_end` (the
/// last whole record) and the feature sections, lost, are dropped.
fn patch_truncated_header(data: &mut [u8], data_end: u64) {
    let data_off = u64_at(data, 40, true).unwrap_or(0);
    if let Some(s) = data.get_mut(48..56) {
        s.copy_from_slice(&data_end.saturating_sub(data_off).to_le_bytes());
    }
    if let Some(s) = data.get_mut(72..104) {
        s.fill(0);
    }
}

/// A reader over a pipe-mode stream that drops the payload following a
/// `PERF_RECORD_HEADER_TRACING_DATA` record (not counted in its header size) and
/// notes a record cut short at the end.
struct PipeFilter<R> {
    inner: R,
    /// Bytes of the current record still to pass through.
    pass: u64,
    /// Pending bytes assembled for the caller.
    buf: Vec<u8>,
    pos: usize,
    started: bool,
    le: bool,
    truncated: std::rc::Rc<std::cell::Cell<bool>>,
    /// Raw `read_format` of each `PERF_RECORD_HEADER_ATTR` seen.
    read_formats: std::rc::Rc<std::cell::RefCell<Vec<u64>>>,
}

impl<R: Read> PipeFilter<R> {
    fn fill(&mut self) -> std::io::Result<bool> {
        self.buf.clear();
        self.pos = 0;
        if !self.started {
            self.started = true;
            let mut h = [0u8; 16];
            let n = read_up_to(&mut self.inner, &mut h)?;
            self.le = h.first() == Some(&b'P');
            self.buf.extend_from_slice(h.get(..n).unwrap_or_default());
            return Ok(n > 0);
        }
        if self.pass > 0 {
            let want = usize::try_from(self.pass.min(1 << 16)).unwrap_or(1 << 16);
            self.buf.resize(want, 0);
            let n = read_up_to(&mut self.inner, &mut self.buf)?;
            self.buf.truncate(n);
            self.pass -= n as u64;
            if n < want {
                self.truncated.set(true);
                self.pass = 0;
            }
            return Ok(n > 0);
        }
        let mut h = [0u8; 8];
        let n = read_up_to(&mut self.inner, &mut h)?;
        if n == 0 {
            return Ok(false);
        }
        if n < 8 {
            self.truncated.set(true);
            return Ok(false);
        }
        let rd32 = |b: [u8; 4]| {
            if self.le {
                u32::from_le_bytes(b)
            } else {
                u32::from_be_bytes(b)
            }
        };
        let ty = rd32([h[0], h[1], h[2], h[3]]);
        let size = if self.le {
            u16::from_le_bytes([h[6], h[7]])
        } else {
            u16::from_be_bytes([h[6], h[7]])
        };
        let body = u64::from(size).saturating_sub(8);
        if ty == RECORD_HEADER_TRACING_DATA && body >= 4 {
            // The body is `u32 size` (+ padding); the tracing data follows it.
            self.buf.extend_from_slice(&h);
            let mut b = vec![0u8; usize::try_from(body).unwrap_or(0)];
            let k = read_up_to(&mut self.inner, &mut b)?;
            if k < b.len() {
                self.truncated.set(true);
                return Ok(false);
            }
            let first: [u8; 4] = b.first_chunk::<4>().copied().unwrap_or_default();
            let extra = u64::from(rd32(first));
            let extra = extra.div_ceil(8) * 8;
            let skipped = std::io::copy(&mut (&mut self.inner).take(extra), &mut std::io::sink())?;
            if skipped < extra {
                self.truncated.set(true);
            }
            self.buf.extend_from_slice(&b);
            return Ok(true);
        }
        if ty == RECORD_AUXTRACE && body >= 8 {
            // The trace data follows the record; the crate allocates its size before
            // reading it, so an absurd size ends the stream here instead.
            let mut b = vec![0u8; usize::try_from(body).unwrap_or(0)];
            let k = read_up_to(&mut self.inner, &mut b)?;
            let extra = u64_at(&b, 0, self.le).unwrap_or(u64::MAX);
            if k < b.len() || extra > MAX_AUXTRACE {
                self.truncated.set(true);
                return Ok(false);
            }
            self.buf.extend_from_slice(&h);
            self.buf.extend_from_slice(&b);
            self.pass = extra;
            return Ok(true);
        }
        if ty == RECORD_HEADER_FEATURE {
            // `u64 feature` then its payload; an invalid EVENT_DESC is dropped (the
            // crate would allocate by its counts).
            let mut b = vec![0u8; usize::try_from(body).unwrap_or(0)];
            let k = read_up_to(&mut self.inner, &mut b)?;
            if k < b.len() {
                self.truncated.set(true);
                return Ok(false);
            }
            // linux-perf-data keeps the low 32 bits of the feature number.
            let feature = u64_at(&b, 0, self.le).unwrap_or(0) as u32;
            if feature == 12 && !event_desc_ok(b.get(8..).unwrap_or_default(), self.le) {
                return Ok(true);
            }
            self.buf.extend_from_slice(&h);
            self.buf.extend_from_slice(&b);
            return Ok(true);
        }
        self.buf.extend_from_slice(&h);
        self.pass = body;
        if ty == RECORD_HEADER_ATTR && body >= 40 {
            // Read the attr's first 40 bytes now to keep its raw read_format.
            let mut b = [0u8; 40];
            let k = read_up_to(&mut self.inner, &mut b)?;
            self.buf.extend_from_slice(b.get(..k).unwrap_or_default());
            self.pass -= k as u64;
            if let Some(rf) = u64_at(&b, 32, self.le) {
                self.read_formats.borrow_mut().push(rf);
            }
        }
        Ok(true)
    }
}

impl<R: Read> Read for PipeFilter<R> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        while self.pos >= self.buf.len() {
            if !self.fill()? {
                return Ok(0);
            }
        }
        let avail = self.buf.get(self.pos..).unwrap_or_default();
        let n = avail.len().min(out.len());
        if let (Some(dst), Some(src)) = (out.get_mut(..n), avail.get(..n)) {
            dst.copy_from_slice(src);
        }
        self.pos += n;
        Ok(n)
    }
}

fn read_pipe(r: impl Read, sink: &mut dyn FnMut(&[EventAttr], Event<'_>)) -> Result<ReadSummary> {
    let truncated = std::rc::Rc::new(std::cell::Cell::new(false));
    let read_formats = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let filter = PipeFilter {
        read_formats: read_formats.clone(),
        inner: r,
        pass: 0,
        buf: Vec::new(),
        pos: 0,
        started: false,
        le: true,
        truncated: truncated.clone(),
    };
    let reader = PerfFileReader::parse_pipe(filter).map_err(|e| Error::Malformed(e.to_string()))?;
    let rf = read_formats.borrow().clone();
    let mut summary = drive(reader, sink, Vec::new(), rf)?;
    if truncated.get() {
        summary.warnings.push(
            "stream is truncated: its last record is incomplete; the profile covers the records before it"
                .into(),
        );
    }
    Ok(summary)
}

fn read_file<R: Read + Seek>(
    r: R,
    sink: &mut dyn FnMut(&[EventAttr], Event<'_>),
    warnings: Vec<String>,
    read_formats: Vec<u64>,
) -> Result<ReadSummary> {
    let mut r = r;
    let mut head = [0u8; 104];
    r.seek(SeekFrom::Start(0))
        .and_then(|_| r.read_exact(&mut head))
        .map_err(|e| Error::Malformed(e.to_string()))?;
    let len = r
        .seek(SeekFrom::End(0))
        .map_err(|e| Error::Malformed(e.to_string()))?;
    let mut patched = sanitized_header(&mut r, &head, len)?;
    let mut warnings = warnings;
    if let Some((keep, at)) = auxtrace_clip(&mut r, &head, len) {
        // linux-perf-data allocates an AUXTRACE record's payload size before reading it.
        let mut h = patched.unwrap_or(head);
        h[48..56].copy_from_slice(&keep.to_le_bytes());
        patched = Some(h);
        warnings.push(format!(
            "AUXTRACE record at offset {at} claims more data than the file has; \
             the profile covers the records before it"
        ));
    }
    r.seek(SeekFrom::Start(0))
        .map_err(|e| Error::Malformed(e.to_string()))?;
    let reader = match patched {
        Some(h) => {
            warnings.push("malformed feature sections ignored".into());
            let o = HeaderOverlay {
                inner: r,
                head: h,
                pos: 0,
            };
            return drive(
                PerfFileReader::parse_file(o).map_err(|e| Error::Malformed(e.to_string()))?,
                sink,
                warnings,
                read_formats,
            );
        }
        None => PerfFileReader::parse_file(r).map_err(|e| Error::Malformed(e.to_string()))?,
    };
    drive(reader, sink, warnings, read_formats)
}

/// The name perf gives an event without an `EVENT_DESC` name.
fn default_event_name(attr: &linux_perf_event_reader::PerfEventAttr) -> String {
    let base = match attr.type_ {
        PerfEventType::Software(s) => match s {
            SoftwareCounterType::CpuClock => "cpu-clock",
            SoftwareCounterType::TaskClock => "task-clock",
            SoftwareCounterType::PageFaults => "page-faults",
            SoftwareCounterType::ContextSwitches => "context-switches",
            SoftwareCounterType::CpuMigrations => "cpu-migrations",
            SoftwareCounterType::PageFaultsMin => "minor-faults",
            SoftwareCounterType::PageFaultsMaj => "major-faults",
            _ => "software",
        },
        PerfEventType::Hardware(..) => "hardware",
        _ => "event",
    };
    base.to_string()
}

fn event_attrs(file: &linux_perf_data::PerfFile) -> Vec<EventAttr> {
    file.event_attributes()
        .iter()
        .map(|d| {
            let a = &d.attr;
            EventAttr {
                name: d
                    .name()
                    .map_or_else(|| default_event_name(a), str::to_string),
                sample_type: a.sample_format.bits(),
                read_format: a.read_format.bits(),
                branch_sample_type: a.branch_sample_format.bits(),
                regs_user_count: a.sample_regs_user.count_ones(),
                regs_user_mask: a.sample_regs_user,
                ids: d.event_ids.clone(),
            }
        })
        .collect()
}

/// Counters kept while records are dispatched.
#[derive(Debug, Default)]
struct Dispatch {
    sample: Sample,
    bad_samples: u64,
    other_errors: u64,
}

impl Dispatch {
    /// Parses one kernel record and hands its event to `sink`.
    fn record(
        &mut self,
        attrs: &[EventAttr],
        attr_index: usize,
        record: &RawEventRecord<'_>,
        little: bool,
        sink: &mut dyn FnMut(&[EventAttr], Event<'_>),
    ) {
        if record.record_type == RecordType(RECORD_SAMPLE) {
            let Some(attr) = attrs.get(attr_index) else {
                self.bad_samples += 1;
                return;
            };
            let data = record.data.as_slice();
            match parse_sample(&data, attr, little, &mut self.sample) {
                Some(()) => {
                    self.sample.attr = attr_index;
                    self.sample.cpumode = (record.misc & 7) as u8;
                    sink(attrs, Event::Sample(&self.sample));
                }
                None => self.bad_samples += 1,
            }
            return;
        }
        // linux-perf-event-reader asserts (panics) on an MMAP2 build id longer than 20
        // bytes: such a record is malformed here instead.
        if record.record_type == RecordType(RECORD_MMAP2)
            && record.misc & MISC_MMAP_BUILD_ID != 0
            && record.data.as_slice().get(32).is_none_or(|&n| n > 20)
        {
            self.other_errors += 1;
            return;
        }
        let Ok(parsed) = record.parse() else {
            self.other_errors += 1;
            return;
        };
        match parsed {
            EventRecord::Mmap(m) => {
                let path = m.path.as_slice();
                let e = (m.pid, m.address, m.length, m.page_offset, m.is_executable);
                sink(attrs, Event::Mmap(mmap_event(e, &path, None, record.misc)));
            }
            EventRecord::Mmap2(m) => {
                let path = m.path.as_slice();
                let build_id = match &m.file_id {
                    linux_perf_event_reader::Mmap2FileId::BuildId(b) => Some(b.as_slice()),
                    linux_perf_event_reader::Mmap2FileId::InodeAndVersion(_) => None,
                };
                let e = (
                    m.pid,
                    m.address,
                    m.length,
                    m.page_offset,
                    m.protection & 4 != 0,
                );
                sink(
                    attrs,
                    Event::Mmap(mmap_event(e, &path, build_id, record.misc)),
                );
            }
            EventRecord::Comm(c) => {
                let name = c.name.as_slice();
                sink(
                    attrs,
                    Event::Comm {
                        pid: c.pid,
                        tid: c.tid,
                        name: &name,
                        exec: c.is_execve,
                    },
                );
            }
            EventRecord::Fork(f) => sink(
                attrs,
                Event::Fork {
                    pid: f.pid,
                    ppid: f.ppid,
                    tid: f.tid,
                    ptid: f.ptid,
                },
            ),
            EventRecord::Exit(f) => sink(
                attrs,
                Event::Exit {
                    pid: f.pid,
                    tid: f.tid,
                },
            ),
            EventRecord::Lost(l) => sink(attrs, Event::Lost { count: l.count }),
            _ => {}
        }
    }

    fn finish(self, mut warnings: Vec<String>) -> ReadSummary {
        if self.bad_samples > 0 {
            warnings.push(format!(
                "{} sample records could not be parsed and were skipped",
                self.bad_samples
            ));
        }
        if self.other_errors > 0 {
            warnings.push(format!(
                "{} non-sample records could not be parsed and were skipped",
                self.other_errors
            ));
        }
        ReadSummary {
            warnings,
            bad_samples: self.bad_samples,
        }
    }
}

/// An [`MmapEvent`] from (pid, start, length, page offset, executable).
fn mmap_event<'a>(
    (pid, start, len, pgoff, executable): (i32, u64, u64, u64, bool),
    path: &'a [u8],
    build_id: Option<&'a [u8]>,
    misc: u16,
) -> MmapEvent<'a> {
    MmapEvent {
        pid,
        start,
        len,
        pgoff,
        path,
        build_id,
        kernel: (misc & 7) == 1,
        executable,
    }
}

/// The attrs (with raw read formats) and the header build ids, handed to `sink`.
fn prepare(
    perf_file: &linux_perf_data::PerfFile,
    read_formats: Vec<u64>,
    sink: &mut dyn FnMut(&[EventAttr], Event<'_>),
    warnings: &mut Vec<String>,
) -> (Vec<EventAttr>, bool) {
    let mut attrs = event_attrs(perf_file);
    if read_formats.len() == attrs.len() {
        for (a, rf) in attrs.iter_mut().zip(read_formats) {
            a.read_format = rf;
        }
    }
    let little = matches!(
        perf_file.endian(),
        linux_perf_event_reader::Endianness::LittleEndian
    );
    match perf_file.build_ids() {
        Ok(ids) => {
            for (_, info) in ids {
                sink(
                    &attrs,
                    Event::BuildId {
                        path: &info.path,
                        build_id: &info.build_id,
                    },
                );
            }
        }
        Err(e) => warnings.push(format!("build-id table unreadable: {e}")),
    }
    (attrs, little)
}

fn drive<R: Read>(
    reader: PerfFileReader<R>,
    sink: &mut dyn FnMut(&[EventAttr], Event<'_>),
    mut warnings: Vec<String>,
    read_formats: Vec<u64>,
) -> Result<ReadSummary> {
    let PerfFileReader {
        mut perf_file,
        mut record_iter,
    } = reader;
    let (attrs, little) = prepare(&perf_file, read_formats, sink, &mut warnings);
    let mut d = Dispatch::default();
    loop {
        let rec = match record_iter.next_record(&mut perf_file) {
            Ok(Some(r)) => r,
            Ok(None) => break,
            Err(e) => {
                warnings.push(format!(
                    "stopped reading at a malformed record ({e}); the profile covers the records before it"
                ));
                break;
            }
        };
        if let PerfFileRecord::EventRecord { attr_index, record } = rec {
            d.record(&attrs, attr_index, &record, little, sink);
        }
    }
    Ok(d.finish(warnings))
}

/// The fast path for an uncompressed little-endian file: records are read in place
/// from a memory map (no copy), put in time order round by round as perf does
/// (everything up to the previous round's latest timestamp is final once a
/// `FINISHED_ROUND` is seen), and pages already processed are handed back to the
/// kernel so that resident memory stays bounded on large files.
fn read_mapped(
    path: &Path,
    sink: &mut dyn FnMut(&[EventAttr], Event<'_>),
    read_formats: Vec<u64>,
) -> Result<ReadSummary> {
    let io = |source| Error::Io {
        path: path.to_path_buf(),
        source,
    };
    let f = File::open(path).map_err(io)?;
    // SAFETY: the file is mapped read-only; like every tool that maps its input we
    // accept that a concurrent writer could change it under us.
    #[allow(unsafe_code)]
    let map = unsafe { memmap2::Mmap::map(&f) }.map_err(io)?;
    let _ = map.advise(memmap2::Advice::Sequential);
    let mut release = |from: usize, len: usize| {
        // SAFETY: DONTNEED on a read-only file mapping only drops cached pages;
        // touching them again reads the file again. No reference into those bytes
        // is alive: records before `from + len` have all been processed.
        #[allow(unsafe_code)]
        let _ =
            unsafe { map.unchecked_advise_range(memmap2::UncheckedAdvice::DontNeed, from, len) };
    };
    read_in_place(&map, &mut release, sink, read_formats)
}

/// Reads an uncompressed little-endian file-mode perf.data held in `map` (records
/// parsed in place), calling `release(from, len)` for byte ranges no longer needed.
fn read_in_place(
    map: &[u8],
    release: &mut dyn FnMut(usize, usize),
    sink: &mut dyn FnMut(&[EventAttr], Event<'_>),
    read_formats: Vec<u64>,
) -> Result<ReadSummary> {
    let mut warnings = Vec::new();
    let head = map.get(..104).unwrap_or_default();
    let perf_file = match sanitized_header(&mut Cursor::new(map), head, map.len() as u64)? {
        Some(h) => {
            warnings.push("malformed feature sections ignored".into());
            let o = HeaderOverlay {
                inner: Cursor::new(map),
                head: h,
                pos: 0,
            };
            PerfFileReader::parse_file(o)
                .map_err(|e| Error::Malformed(e.to_string()))?
                .perf_file
        }
        None => {
            PerfFileReader::parse_file(Cursor::new(map))
                .map_err(|e| Error::Malformed(e.to_string()))?
                .perf_file
        }
    };
    let (attrs, little) = prepare(&perf_file, read_formats, sink, &mut warnings);
    let endian = perf_file.endian();
    let descs = perf_file.event_attributes();
    let infos: Vec<RecordParseInfo> = descs
        .iter()
        .map(|d| RecordParseInfo::new(&d.attr, endian))
        .collect();
    let sample_time: Vec<Option<usize>> = attrs.iter().map(sample_time_offset).collect();
    let mut by_id: rustc_hash::FxHashMap<u64, usize> = rustc_hash::FxHashMap::default();
    for (i, d) in descs.iter().enumerate() {
        for &id in &d.event_ids {
            by_id.insert(id, i);
        }
    }
    let (Some(data_off), Some(data_size)) = (u64_at(map, 40, true), u64_at(map, 48, true)) else {
        return Err(Error::Malformed("header is cut short".into()));
    };
    let start = usize::try_from(data_off).unwrap_or(usize::MAX);
    let end = usize::try_from(data_off.saturating_add(data_size))
        .unwrap_or(usize::MAX)
        .min(map.len());
    let mut d = Dispatch::default();
    // (time, offset, attr index) of records not yet processed.
    let mut pending: Vec<(u64, usize, usize)> = Vec::new();
    let mut limit = 0u64; // latest time before the previous FINISHED_ROUND
    let mut seen_max = 0u64;
    let mut released = 0usize;
    let mut process = |pending: &mut Vec<(u64, usize, usize)>,
                       upto: Option<u64>,
                       d: &mut Dispatch,
                       sink: &mut dyn FnMut(&[EventAttr], Event<'_>)| {
        // By time, ties in file order. What is left from the previous round is in that
        // order and precedes (in the file) what was pushed since, which comes in runs
        // (one per CPU buffer): a stable sort by time alone gives the same order as
        // sorting by (time, offset) and merges those runs instead of sorting afresh.
        pending.sort_by_key(|p| p.0);
        let n = match upto {
            Some(t) => pending.partition_point(|&(time, _, _)| time <= t),
            None => pending.len(),
        };
        for &(_, pos, attr) in pending.get(..n).unwrap_or_default() {
            let Some(rec) = raw_at(map, pos, attr, &infos) else {
                continue;
            };
            d.record(&attrs, attr, &rec, little, sink);
        }
        pending.drain(..n);
        // Give back the pages before the oldest record still pending.
        let keep_from = pending.iter().map(|p| p.1).min().unwrap_or(end);
        let page = 1 << 16;
        let upto_page = keep_from / page * page;
        if upto_page > released + (8 << 20) {
            release(released, upto_page - released);
            released = upto_page;
        }
    };
    let mut pos = start;
    let mut last_time = 0u64;
    while pos < end {
        let Some((ty, _, size)) = header_at(map, pos) else {
            warnings.push(format!(
                "data section ends inside a record header at {pos}; the profile covers the records before it"
            ));
            break;
        };
        if size < 8 || pos + size > end {
            warnings.push(format!(
                "malformed record at offset {pos} (size {size}); the profile covers the records before it"
            ));
            break;
        }
        let rt = RecordType(ty);
        if rt.is_builtin_type() {
            let body = RawData::Single(map.get(pos + 8..pos + size).unwrap_or_default());
            let attr = if infos.len() <= 1 {
                0
            } else {
                let ip = infos.first().map(|i| i.id_parse_info);
                ip.and_then(|ip| get_record_id::<byteorder::LittleEndian>(rt, body, &ip))
                    .and_then(|id| by_id.get(&id).copied())
                    .unwrap_or(0)
            };
            let time = match (ty, sample_time.get(attr)) {
                // Most records are samples, whose time sits at a fixed place.
                (RECORD_SAMPLE, Some(&Some(at))) => {
                    u64_at(map.get(pos + 8..pos + size).unwrap_or_default(), at, true)
                }
                _ => infos.get(attr).and_then(|info| {
                    get_record_timestamp::<byteorder::LittleEndian>(rt, body, info)
                }),
            }
            .unwrap_or(last_time);
            last_time = time;
            seen_max = seen_max.max(time);
            pending.push((time, pos, attr));
        } else if ty == RECORD_FINISHED_ROUND {
            process(&mut pending, Some(limit), &mut d, sink);
            limit = seen_max;
        } else if ty == RECORD_COMPRESSED || ty == RECORD_COMPRESSED2 {
            d.other_errors += 1;
        } else if ty == RECORD_AUXTRACE {
            // The trace data follows the record, not counted in its size.
            let extra = u64_at(map, pos + 8, true).unwrap_or(u64::MAX);
            match usize::try_from(extra)
                .ok()
                .and_then(|e| pos.checked_add(size + e))
            {
                Some(next) if next <= end => pos = next - size,
                _ => {
                    warnings.push(format!(
                        "AUXTRACE record at offset {pos} runs past the data; the profile covers the records before it"
                    ));
                    break;
                }
            }
        }
        pos += size;
    }
    process(&mut pending, None, &mut d, sink);
    Ok(d.finish(warnings))
}

/// Where a sample's time lies in its body, after the id, the address and the
/// pid/tid that precede it, if the layout has one.
fn sample_time_offset(attr: &EventAttr) -> Option<usize> {
    let st = attr.sample_type;
    (st & SAMPLE_TIME != 0).then(|| {
        [SAMPLE_IDENTIFIER, SAMPLE_IP, SAMPLE_TID]
            .iter()
            .filter(|&&bit| st & bit != 0)
            .count()
            * 8
    })
}

/// The `perf_event_header` at `pos`: (type, misc, size).
fn header_at(map: &[u8], pos: usize) -> Option<(u32, u16, usize)> {
    let h: &[u8; 8] = map.get(pos..)?.first_chunk::<8>()?;
    let [t0, t1, t2, t3, m0, m1, s0, s1] = *h;
    Some((
        u32::from_le_bytes([t0, t1, t2, t3]),
        u16::from_le_bytes([m0, m1]),
        usize::from(u16::from_le_bytes([s0, s1])),
    ))
}

fn raw_at<'a>(
    map: &'a [u8],
    pos: usize,
    attr: usize,
    infos: &[RecordParseInfo],
) -> Option<RawEventRecord<'a>> {
    let (ty, misc, size) = header_at(map, pos)?;
    let body = map.get(pos + 8..pos + size)?;
    Some(RawEventRecord::new(
        RecordType(ty),
        misc,
        RawData::Single(body),
        *infos.get(attr)?,
    ))
}

/// A little cursor over a record body.
struct Cur<'a> {
    b: &'a [u8],
    le: bool,
}

impl<'a> Cur<'a> {
    fn u64(&mut self) -> Option<u64> {
        let (h, t) = self.b.split_first_chunk::<8>()?;
        self.b = t;
        Some(if self.le {
            u64::from_le_bytes(*h)
        } else {
            u64::from_be_bytes(*h)
        })
    }
    fn u32x2(&mut self) -> Option<(u32, u32)> {
        let (h, t) = self.b.split_first_chunk::<8>()?;
        self.b = t;
        let f = |x: [u8; 4]| {
            if self.le {
                u32::from_le_bytes(x)
            } else {
                u32::from_be_bytes(x)
            }
        };
        Some((f([h[0], h[1], h[2], h[3]]), f([h[4], h[5], h[6], h[7]])))
    }
    fn bytes(&mut self, n: u64) -> Option<&'a [u8]> {
        let n = usize::try_from(n).ok()?;
        if n > self.b.len() {
            return None;
        }
        let (h, t) = self.b.split_at(n);
        self.b = t;
        Some(h)
    }
    /// `n` u64 words, checked against what is left before anything is allocated.
    fn words(&mut self, n: u64, out: &mut Vec<u64>) -> Option<()> {
        let raw = self.bytes(n.checked_mul(8)?)?;
        out.clear();
        out.extend(raw.chunks_exact(8).map(|c| {
            let mut a = [0u8; 8];
            a.copy_from_slice(c);
            if self.le {
                u64::from_le_bytes(a)
            } else {
                u64::from_be_bytes(a)
            }
        }));
        Some(())
    }
}

/// The `[u64 id]` and `[u64 lost]` that end a read value: the id.
fn id_and_lost(c: &mut Cur<'_>, rf: u64) -> Option<Option<u64>> {
    let id = if rf & FORMAT_ID != 0 {
        Some(c.u64()?)
    } else {
        None
    };
    if rf & FORMAT_LOST != 0 {
        c.u64()?;
    }
    Some(id)
}

/// Parses a `PERF_RECORD_SAMPLE` body laid out by `attr` into `out` (its vectors are
/// reused). Fields after `PERF_SAMPLE_STACK_USER` are not read. Returns `None` if the
/// body is shorter than its fields say.
pub fn parse_sample(body: &[u8], attr: &EventAttr, le: bool, out: &mut Sample) -> Option<()> {
    let st = attr.sample_type;
    let mut c = Cur { b: body, le };
    out.id = None;
    out.ip = 0;
    out.pid = -1;
    out.tid = -1;
    out.time = 0;
    out.cpu = 0;
    out.period = 1;
    out.callchain.clear();
    out.read.clear();
    out.branches.clear();
    out.regs_abi = 0;
    out.regs.clear();
    out.stack.clear();
    out.has_callchain = st & SAMPLE_CALLCHAIN != 0;
    if st & SAMPLE_IDENTIFIER != 0 {
        out.id = Some(c.u64()?);
    }
    if st & SAMPLE_IP != 0 {
        out.ip = c.u64()?;
    }
    if st & SAMPLE_TID != 0 {
        let (p, t) = c.u32x2()?;
        out.pid = p as i32;
        out.tid = t as i32;
    }
    if st & SAMPLE_TIME != 0 {
        out.time = c.u64()?;
    }
    if st & SAMPLE_ADDR != 0 {
        c.u64()?;
    }
    if st & SAMPLE_ID != 0 {
        out.id = Some(c.u64()?);
    }
    if st & SAMPLE_STREAM_ID != 0 {
        c.u64()?;
    }
    if st & SAMPLE_CPU != 0 {
        out.cpu = c.u32x2()?.0;
    }
    if st & SAMPLE_PERIOD != 0 {
        out.period = c.u64()?;
    }
    if st & SAMPLE_READ != 0 {
        let rf = attr.read_format;
        if rf & FORMAT_GROUP != 0 {
            let nr = c.u64()?;
            if rf & FORMAT_TOTAL_TIME_ENABLED != 0 {
                c.u64()?;
            }
            if rf & FORMAT_TOTAL_TIME_RUNNING != 0 {
                c.u64()?;
            }
            let per = 1 + u64::from(rf & FORMAT_ID != 0) + u64::from(rf & FORMAT_LOST != 0);
            if nr.checked_mul(per * 8)? > c.b.len() as u64 {
                return None;
            }
            for _ in 0..nr {
                let value = c.u64()?;
                out.read.push((value, id_and_lost(&mut c, rf)?));
            }
        } else {
            let value = c.u64()?;
            if rf & FORMAT_TOTAL_TIME_ENABLED != 0 {
                c.u64()?;
            }
            if rf & FORMAT_TOTAL_TIME_RUNNING != 0 {
                c.u64()?;
            }
            out.read.push((value, id_and_lost(&mut c, rf)?));
        }
    }
    if st & SAMPLE_CALLCHAIN != 0 {
        let nr = c.u64()?;
        c.words(nr, &mut out.callchain)?;
    }
    if st & SAMPLE_RAW != 0 {
        let (size, _) = c.u32x2()?;
        // `u32 size` then the data; the u32 and the data together are 8-aligned.
        let skip = u64::from(size).checked_sub(4)?;
        c.bytes(skip)?;
    }
    if st & SAMPLE_BRANCH_STACK != 0 {
        let nr = c.u64()?;
        if attr.branch_sample_type & BRANCH_HW_INDEX != 0 {
            c.u64()?;
        }
        if nr.checked_mul(24)? > c.b.len() as u64 {
            return None;
        }
        for _ in 0..nr {
            let from = c.u64()?;
            let to = c.u64()?;
            let flags = c.u64()?;
            out.branches.push(Branch { from, to, flags });
        }
    }
    if st & SAMPLE_REGS_USER != 0 {
        out.regs_abi = c.u64()?;
        if out.regs_abi != 0 {
            let mut regs = std::mem::take(&mut out.regs);
            c.words(u64::from(attr.regs_user_count), &mut regs)?;
            out.regs = regs;
        }
    }
    if st & SAMPLE_STACK_USER != 0 {
        let size = c.u64()?;
        let data = c.bytes(size)?;
        let dyn_size = if size != 0 { c.u64()? } else { 0 };
        let keep = usize::try_from(dyn_size.min(size)).unwrap_or(0);
        out.stack
            .extend_from_slice(data.get(..keep).unwrap_or_default());
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attr(sample_type: u64, read_format: u64) -> EventAttr {
        EventAttr {
            name: "e".into(),
            sample_type,
            read_format,
            branch_sample_type: 0,
            regs_user_count: 0,
            regs_user_mask: 0,
            ids: vec![],
        }
    }

    fn words(w: &[u64]) -> Vec<u8> {
        w.iter().flat_map(|x| x.to_le_bytes()).collect()
    }

    #[test]
    fn group_read_sample() {
        let a = attr(
            SAMPLE_IP | SAMPLE_TID | SAMPLE_PERIOD | SAMPLE_READ | SAMPLE_CALLCHAIN,
            FORMAT_GROUP | FORMAT_ID | FORMAT_TOTAL_TIME_ENABLED,
        );
        let body = words(&[
            0x1000,
            (7u64 << 32) | 5,
            100,
            2,
            999,
            11,
            1,
            22,
            2,
            2,
            0xfffffffffffffe00,
            0x1000,
        ]);
        let mut s = Sample::default();
        parse_sample(&body, &a, true, &mut s).unwrap();
        assert_eq!((s.ip, s.pid, s.tid, s.period), (0x1000, 5, 7, 100));
        assert_eq!(s.read, vec![(11, Some(1)), (22, Some(2))]);
        assert_eq!(s.callchain, vec![0xfffffffffffffe00, 0x1000]);
        // One word short: an error, not a partial sample.
        assert!(parse_sample(&body[..body.len() - 8], &a, true, &mut s).is_none());
    }

    #[test]
    fn huge_counts_are_rejected_without_allocating() {
        let a = attr(SAMPLE_CALLCHAIN, 0);
        let body = words(&[u64::MAX / 4]);
        let mut s = Sample::default();
        assert!(parse_sample(&body, &a, true, &mut s).is_none());
        let a = attr(SAMPLE_BRANCH_STACK, 0);
        assert!(parse_sample(&body, &a, true, &mut s).is_none());
    }

    #[test]
    fn branch_stack() {
        let mut a = attr(SAMPLE_IP | SAMPLE_BRANCH_STACK, 0);
        a.branch_sample_type = BRANCH_HW_INDEX;
        let body = words(&[0x10, 2, 0, 1, 2, 0, 3, 4, 0]);
        let mut s = Sample::default();
        parse_sample(&body, &a, true, &mut s).unwrap();
        assert_eq!(
            s.branches,
            vec![
                Branch {
                    from: 1,
                    to: 2,
                    flags: 0
                },
                Branch {
                    from: 3,
                    to: 4,
                    flags: 0
                }
            ]
        );
    }
}
