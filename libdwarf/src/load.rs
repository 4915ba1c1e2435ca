//! Loading DWARF sections out of an ELF file through libelf.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::Arc;

use gimli::{RunTimeEndian, SectionId};
use libelf::consts::{ET_REL, SHT_NOBITS};
use libelf::read::SectionIndex;
use libelf::{ElfFile, Endian};

use crate::{Reader, Result};

/// Bytes that DWARF readers share, kept alive by reference count: a section copied
/// to the heap, or a whole file (a `Vec<u8>`, a memory map, …) whose sections are
/// read in place.
#[derive(Clone)]
pub struct SharedBytes(Arc<dyn AsRef<[u8]> + Send + Sync>);

impl SharedBytes {
    /// Shares `owner`'s bytes.
    pub fn new<T: AsRef<[u8]> + Send + Sync + 'static>(owner: T) -> Self {
        SharedBytes(Arc::new(owner))
    }
}

impl std::ops::Deref for SharedBytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        (*self.0).as_ref()
    }
}

impl std::fmt::Debug for SharedBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "SharedBytes({} bytes)", self.len())
    }
}

/// A part of shared bytes (a section in place in its file).
struct Part {
    whole: SharedBytes,
    range: std::ops::Range<usize>,
}

impl AsRef<[u8]> for Part {
    fn as_ref(&self) -> &[u8] {
        self.whole.get(self.range.clone()).unwrap_or_default()
    }
}

impl From<Arc<[u8]>> for SharedBytes {
    fn from(a: Arc<[u8]>) -> Self {
        SharedBytes::new(a)
    }
}

impl From<Vec<u8>> for SharedBytes {
    fn from(v: Vec<u8>) -> Self {
        SharedBytes::new(v)
    }
}

// SAFETY: `StableDeref` asks that the slice `deref` returns stay valid, at the same
// address, while any clone lives, even when the `SharedBytes` moves. It derefs to
// what its owner's `as_ref(&self)` lends; the owner sits behind an `Arc`, so it never
// moves and is dropped only with the last clone, and it is only ever reached through
// `&`, so what it lent cannot be freed or reallocated meanwhile (that would need
// unsafe code in the owner). These are the reasons `Arc<T>` itself is `StableDeref`
// (gimli's documentation shows the same two impls for a shared mmap).
#[allow(unsafe_code)]
unsafe impl gimli::StableDeref for SharedBytes {}
// SAFETY: a clone shares the same owner (see above).
#[allow(unsafe_code)]
unsafe impl gimli::CloneStableDeref for SharedBytes {}

/// The debug sections of one ELF file, decompressed and (for `ET_REL`) relocated, each
/// held by reference count so the DWARF can outlive the `ElfFile`: copied
/// ([`DebugSections::load`]) or, where stored as they are, read in place in the file's
/// shared bytes ([`DebugSections::load_shared`]).
#[derive(Debug, Clone)]
pub struct DebugSections {
    endian: RunTimeEndian,
    sections: HashMap<String, Reader>,
    skipped_relocs: usize,
    /// BFD's `DWARF error: …` messages for sections left out as unreadable.
    errors: Vec<String>,
    /// A `.debug_info` exists but was left out (too big for the file).
    info_unreadable: bool,
}

/// A loaded section and how many of its relocations were skipped; `None` if it
/// could not be read (decompressed).
type Loaded = Result<Option<(Reader, usize)>>;

/// Sections totalling at least this many bytes are loaded on two threads.
const PARALLEL_LOAD: u64 = 16 << 20;

fn empty(endian: RunTimeEndian) -> Reader {
    Reader::new(SharedBytes::new(&[][..]), endian)
}

/// A reader of `data`: in place in `file` (the bytes `data` was read from) when it
/// lies inside them, else a copy.
fn share(data: &[u8], file: Option<&SharedBytes>, endian: RunTimeEndian) -> Reader {
    if let Some(f) = file {
        let (base, at) = (f.as_ptr() as usize, data.as_ptr() as usize);
        if let Some(start) = at.checked_sub(base) {
            if let Some(end) = start.checked_add(data.len()).filter(|&e| e <= f.len()) {
                // A reference count of its own for each section: the threads of a
                // batch clone and drop readers all the time, and one count shared by
                // every section would make them contend for it.
                let section = SharedBytes::new(Part {
                    whole: f.clone(),
                    range: start..end,
                });
                return Reader::new(section, endian);
            }
        }
    }
    Reader::new(SharedBytes::from(Arc::<[u8]>::from(data)), endian)
}

impl DebugSections {
    /// Reads every section whose name starts with `.debug`, `.zdebug` or `.gnu_debug`
    /// from `file`. Compressed sections are decompressed; in a relocatable object
    /// the relocations that target them are applied.
    ///
    /// A section that cannot be read is left out (so its DWARF looks absent).
    ///
    /// # Errors
    /// If the section headers cannot be read.
    pub fn load(file: &ElfFile<'_>) -> Result<Self> {
        Self::load_some(file, None, false, |_| true)
    }

    /// Like [`DebugSections::load`] for a file parsed from `bytes`: sections stored
    /// as they are (not compressed, not relocated) are read in place in `bytes`
    /// instead of being copied.
    ///
    /// # Errors
    /// As for [`DebugSections::load`].
    pub fn load_shared(file: &ElfFile<'_>, bytes: &SharedBytes) -> Result<Self> {
        Self::load_some(file, Some(bytes), false, |_| true)
    }

    /// Like [`DebugSections::load`], for the sections [`crate::AddrLookup`] reads:
    /// location lists, call frames, macros and name indexes are left out, which
    /// saves copying (and holding) them. As BFD does, a section that cannot be in
    /// the file (compressed to more than 10 times the file's size, or reaching past
    /// its end) is left out with a `DWARF error: section … is too big` message
    /// ([`DebugSections::errors`]) instead of being inflated.
    pub(crate) fn load_for_lookup(file: &ElfFile<'_>, bytes: Option<&SharedBytes>) -> Result<Self> {
        Self::load_some(file, bytes, true, |name| {
            // A package (`.dwp`) index is checked against every section it names, so
            // the `.dwo` sections are all kept.
            if name.ends_with(".dwo") {
                return true;
            }
            !matches!(
                name,
                ".debug_loc"
                    | ".debug_loclists"
                    | ".debug_frame"
                    | ".debug_macro"
                    | ".debug_macinfo"
                    | ".debug_pubnames"
                    | ".debug_pubtypes"
                    | ".debug_gnu_pubnames"
                    | ".debug_gnu_pubtypes"
                    | ".debug_names"
            )
        })
    }

    /// Loads the debug sections whose canonical name `keep` accepts.
    fn load_some(
        file: &ElfFile<'_>,
        bytes: Option<&SharedBytes>,
        bfd_checks: bool,
        keep: impl Fn(&str) -> bool,
    ) -> Result<Self> {
        let endian = match file.endian() {
            Endian::Little => RunTimeEndian::Little,
            Endian::Big => RunTimeEndian::Big,
        };
        let is_rel = file.header().e_type == ET_REL;
        // The lookup resolves a relocatable object's symbols against BFD's layout
        // of its sections (see `place`); other readers against `sh_addr`.
        let mut bases = if is_rel && bfd_checks {
            crate::place::section_addresses(file)
        } else {
            Vec::new()
        };
        let mut jobs = Vec::new();
        let mut names = std::collections::HashSet::new();
        let mut errors = Vec::new();
        let mut info_unreadable = false;
        let file_size = file.data().len() as u64;
        for sec in file.sections()? {
            if sec.header().sh_type == SHT_NOBITS {
                continue;
            }
            let Ok(name) = sec.name_bytes() else { continue };
            // BFD reads every `.debug_info` (and `.gnu.linkonce.wi.*`) section of a
            // file as one, in section order (an object's type units each sit in a
            // section of their own, in a COMDAT group).
            let info_part = bfd_checks
                && (name == b".debug_info"
                    || name == b".zdebug_info"
                    || name.starts_with(b".gnu.linkonce.wi."));
            let canon = if info_part {
                ".debug_info".to_owned()
            } else {
                let Some(canon) = canonical_name(name) else {
                    continue;
                };
                if !keep(&canon) || !names.insert(canon.clone()) {
                    continue;
                }
                canon
            };
            if bfd_checks && size_insane(&sec, file_size) {
                errors.push(format!(
                    "DWARF error: section {} is too big",
                    String::from_utf8_lossy(name)
                ));
                info_unreadable |= canon == ".debug_info";
                continue;
            }
            jobs.push((canon, sec));
        }
        // BFD places the `.debug_info` sections of an object one after the other, so
        // relocations against them (`.debug_aranges`) resolve to the joined section.
        if is_rel && bfd_checks {
            let mut at = 0u64;
            for (canon, sec) in &jobs {
                if canon == ".debug_info" {
                    if let Some(b) = bases.get_mut(sec.index().0 as usize) {
                        *b = at;
                    }
                    let size = sec.decompressed().map_or(0, |d| d.len() as u64);
                    at = at.saturating_add(size);
                }
            }
        }
        // Copying (and decompressing, relocating) big sections is the bulk of the
        // work: do it on two threads when there is enough of it.
        let load = |sec: &libelf::read::Section<'_, '_>| -> Loaded {
            let Ok(data) = sec.decompressed() else {
                return Ok(None);
            };
            if !is_rel {
                let r = match data {
                    Cow::Borrowed(d) => share(d, bytes, endian),
                    Cow::Owned(v) => Reader::new(SharedBytes::from(v), endian),
                };
                return Ok(Some((r, 0)));
            }
            let mut v = data.into_owned();
            // A symbol's section, and the debug section itself (`P`), at BFD's address
            // for it: what BFD's `bfd_simple_get_relocated_section_contents` uses.
            let base = |i: SectionIndex| match usize::try_from(i.0).ok().and_then(|i| bases.get(i))
            {
                Some(&b) => b,
                None => file.section(i).map_or(0, |s| s.header().sh_addr),
            };
            let skipped = libelf::reloc::relocate_section(
                file,
                SectionIndex(sec.index().0),
                &mut v,
                libelf::reloc::Options::bfd(),
                base,
            )?;
            Ok(Some((Reader::new(SharedBytes::from(v), endian), skipped)))
        };
        let total = jobs
            .iter()
            .fold(0u64, |t, (_, s)| t.saturating_add(s.header().sh_size));
        let loaded: Vec<Loaded> = if total < PARALLEL_LOAD {
            jobs.iter().map(|(_, s)| load(s)).collect()
        } else {
            let mut order: Vec<usize> = (0..jobs.len()).collect();
            order.sort_by_key(|&i| {
                std::cmp::Reverse(jobs.get(i).map_or(0, |j| j.1.header().sh_size))
            });
            let next = std::sync::atomic::AtomicUsize::new(0);
            let slots: Vec<std::sync::Mutex<Option<Loaded>>> =
                jobs.iter().map(|_| std::sync::Mutex::new(None)).collect();
            std::thread::scope(|s| {
                for _ in 0..2 {
                    s.spawn(|| loop {
                        let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&i) = order.get(k) else { break };
                        let (Some((_, sec)), Some(slot)) = (jobs.get(i), slots.get(i)) else {
                            break;
                        };
                        let r = load(sec);
                        *slot
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner) = Some(r);
                    });
                }
            });
            slots
                .into_iter()
                .map(|m| {
                    m.into_inner()
                        .unwrap_or_else(std::sync::PoisonError::into_inner)
                        .unwrap_or(Ok(None))
                })
                .collect()
        };
        let mut sections = HashMap::new();
        let mut skipped_relocs = 0usize;
        let mut info_parts = Vec::new();
        for ((canon, _), r) in jobs.into_iter().zip(loaded) {
            if let Some((reader, skipped)) = r? {
                skipped_relocs = skipped_relocs.saturating_add(skipped);
                if canon == ".debug_info" {
                    info_parts.push(reader);
                } else {
                    sections.insert(canon, reader);
                }
            }
        }
        // More than one `.debug_info` section: joined (see above).
        let info = if info_parts.len() > 1 {
            let joined: Vec<u8> = info_parts.iter().flat_map(|r| r.bytes()).copied().collect();
            Some(Reader::new(SharedBytes::from(joined), endian))
        } else {
            info_parts.pop()
        };
        if let Some(info) = info {
            sections.insert(".debug_info".to_owned(), info);
        }
        Ok(DebugSections {
            endian,
            sections,
            skipped_relocs,
            errors,
            info_unreadable,
        })
    }

    /// Builds from raw section contents keyed by name (`.debug_info`, …), with no ELF
    /// around them.
    pub fn from_raw<I, N, B>(endian: RunTimeEndian, iter: I) -> Self
    where
        I: IntoIterator<Item = (N, B)>,
        N: Into<String>,
        B: Into<Arc<[u8]>>,
    {
        let sections = iter
            .into_iter()
            .map(|(n, b)| (n.into(), Reader::new(SharedBytes::from(b.into()), endian)))
            .collect();
        DebugSections {
            endian,
            sections,
            skipped_relocs: 0,
            errors: Vec::new(),
            info_unreadable: false,
        }
    }

    /// The section called `name` (after `.zdebug` → `.debug` renaming), if present.
    pub fn get(&self, name: &str) -> Option<&Reader> {
        self.sections.get(name)
    }

    /// Whether there is a `.debug_info` (or `.debug_info.dwo`) section.
    pub fn has_info(&self) -> bool {
        self.sections.contains_key(".debug_info") || self.sections.contains_key(".debug_info.dwo")
    }

    /// BFD's messages (`DWARF error: section .debug_info is too big`) for the
    /// sections left out because they cannot be in the file.
    pub fn errors(&self) -> &[String] {
        &self.errors
    }

    /// Whether the file has a `.debug_info` that was left out as unreadable (so
    /// its DWARF is not looked for elsewhere).
    pub fn info_unreadable(&self) -> bool {
        self.info_unreadable
    }

    /// How many relocations were not applied (unsupported type or bad offset).
    pub fn skipped_relocations(&self) -> usize {
        self.skipped_relocs
    }

    /// The byte order of the file.
    pub fn endian(&self) -> RunTimeEndian {
        self.endian
    }

    fn section(&self, name: Option<&str>) -> Reader {
        name.and_then(|n| self.sections.get(n))
            .cloned()
            .unwrap_or_else(|| empty(self.endian))
    }

    /// The sections as a gimli `Dwarf` (the `.dwo` names when `dwo` is set).
    ///
    /// # Errors
    /// None at present; gimli's loader is infallible for in-memory sections.
    pub fn dwarf(&self, dwo: bool) -> Result<gimli::Dwarf<Reader>> {
        let mut d = gimli::Dwarf::load(|id: SectionId| -> Result<Reader> {
            Ok(self.section(if dwo { id.dwo_name() } else { Some(id.name()) }))
        })?;
        if dwo {
            d.file_type = gimli::DwarfFileType::Dwo;
        }
        Ok(d)
    }

    /// The sections as a gimli `DwarfPackage` (for a `.dwp` file).
    ///
    /// # Errors
    /// gimli's, if the package index is malformed.
    pub fn package(&self) -> Result<gimli::DwarfPackage<Reader>> {
        let p = gimli::DwarfPackage::load(
            |id: SectionId| -> Result<Reader> { Ok(self.section(id.dwo_name())) },
            empty(self.endian),
        )?;
        Ok(p)
    }
}

/// BFD's `_bfd_section_size_insane`: a compressed section that claims to inflate to
/// more than 10 times the file, or a section whose bytes reach past the file's end.
fn size_insane(sec: &libelf::read::Section<'_, '_>, file_size: u64) -> bool {
    let h = sec.header();
    if h.sh_size == 0 || file_size == 0 {
        return false;
    }
    if let Ok(Some(c)) = sec.compression() {
        if c.uncompressed_size / 10 > file_size {
            return true;
        }
    }
    h.sh_offset > file_size || h.sh_size > file_size - h.sh_offset
}

/// `.zdebug_x` → `.debug_x`; other debug names unchanged; non-debug names → `None`.
fn canonical_name(name: &[u8]) -> Option<String> {
    let s = std::str::from_utf8(name).ok()?;
    if let Some(rest) = s.strip_prefix(".zdebug") {
        return Some(format!(".debug{rest}"));
    }
    if s.starts_with(".debug") || s.starts_with(".gnu_debug") {
        return Some(s.to_owned());
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        assert_eq!(
            canonical_name(b".zdebug_info").as_deref(),
            Some(".debug_info")
        );
        assert_eq!(
            canonical_name(b".debug_line.dwo").as_deref(),
            Some(".debug_line.dwo")
        );
        assert_eq!(canonical_name(b".text"), None);
        assert_eq!(canonical_name(b"\xff"), None);
    }
}
