//! DWARF on [gimli]: loading debug sections out of ELF files, finding separate debug
//! files and split units, and looking addresses up as inline stacks of source frames.
//!
//! - [`DebugSections`] reads the DWARF 2–5 sections of a [`libelf::ElfFile`] through libelf:
//!   decompressed (`SHF_COMPRESSED` zlib/zstd and `.zdebug`), and for relocatable
//!   objects with the relocations that target them applied (x86-64, i386, AArch64,
//!   RISC-V, PPC/PPC64, s390x, ARM, MIPS, SPARC, LoongArch data relocations).
//!   [`DebugSections::dwarf`] and [`DebugSections::package`] turn them into gimli's
//!   `Dwarf` and `DwarfPackage`; [`DebugSections::from_raw`] takes bare section bytes.
//!   Readers own their bytes by reference count ([`SharedBytes`]): copies, or with
//!   [`DebugSections::load_shared`] / [`AddrLookup::with_bytes`] the sections in place
//!   in the file's bytes (a memory map, say) that the readers then keep alive.
//! - [`debugfile`] finds separate debug files: `.build-id/xx/rest.debug` under the
//!   debug directories, `.gnu_debuglink` targets (CRC-32 checked),
//!   `.gnu_debugaltlink` and `.debug_sup` supplementary files.
//! - [`AddrLookup`] maps an address to [`Frame`]s, innermost inline frame first, each
//!   with the function's raw and demangled name, file, line, column and (innermost)
//!   discriminator. It loads `.dwo` files and `.dwp` packages on demand. Everything
//!   is parsed on first use and cached; [`AddrLookup::find_frames_batch`] answers
//!   many addresses at once.
//! - What libdwarf leaves to its caller comes in through traits ([`fallback`]
//!   module, re-exported here): a [`SymbolSource`] names functions from the symbol
//!   table where DWARF names none (libsymtab's `FunctionSymbols`, wired in with
//!   [`SymbolsFrom`]), and a [`Demangle`] fills [`FunctionName::demangled`]
//!   (libdemangle, say). libdwarf itself depends on libelf and gimli only.
//!
//! - [`dump`] prints debug sections in GNU readelf's `--debug-dump` text, byte for
//!   byte: a [`dump::Dumper`] over the sections a tool gives it through
//!   [`dump::SectionSource`] (readelf's `-w` is one such tool).
//!
//! The lookup engine is ours (per-unit line and function/inline tables built on
//! first use, on several threads for batches); its choices of unit, function,
//! inline chain and row follow the `addr2line` crate's. Malformed DWARF gives a
//! shorter answer (or an [`Error`] where one must be reported), never a panic.
//!
//! # Example: symbolizing an address
//!
//! ```
//! use std::path::Path;
//!
//! use libdwarf::{AddrLookup, LookupOptions, SharedBytes, SymbolHit, SymbolsFrom};
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // A small C++ program built with g++ -O2 -g (see tests/data/README.md).
//! let path = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/cxx"));
//! let bytes = SharedBytes::from(std::fs::read(path)?);
//!
//! // Names demangled by libdemangle, as addr2line -C prints them.
//! let demangle = libdemangle::Options::default().no_verbose(true);
//! let options =
//!     LookupOptions::default().demangler(move |s: &str| libdemangle::demangle(s, &demangle));
//!
//! // Where DWARF names no function, the symbol table does: libsymtab's view of it
//! // as GNU addr2line reads it, asked through libdwarf's `SymbolSource` trait.
//! let file = libelf::ElfFile::parse(&bytes)?;
//! let symtab = libsymtab::Symtab::parse(&file)?;
//! let symbols = SymbolsFrom::new(libsymtab::FunctionSymbols::new(&symtab), |t, section, addr| {
//!     let (key, s) = t.find(section, addr)?;
//!     Some(SymbolHit::new(key, s.start, s.size, &s.name).with_file(s.file.as_ref()))
//! });
//!
//! // The lookup keeps the bytes and reads the debug sections in place.
//! let lookup = AddrLookup::with_bytes(bytes.clone(), Some(path), options)?;
//! let lookup = lookup.with_symbols(symbols);
//!
//! // One address, three frames: the vector's destructor inlined into Box's, inlined
//! // into main; each with the place of the call it stands in for.
//! let frames = lookup.find_frames(0x10a2)?;
//! let printed: Vec<String> = frames
//!     .iter()
//!     .map(|f| {
//!         let name = f.function.as_ref().map_or("??", |n| n.display());
//!         let loc = f.location.as_ref();
//!         let file = loc.and_then(|l| l.file.as_deref()).unwrap_or("??");
//!         let file = file.rsplit('/').next().unwrap_or(file);
//!         format!("{name} at {file}:{}", loc.and_then(|l| l.line).unwrap_or(0))
//!     })
//!     .collect();
//! assert_eq!(
//!     printed,
//!     [
//!         "std::vector<long, std::allocator<long> >::~vector() at stl_vector.h:733",
//!         "ns::Box<long>::~Box() at cxx.cpp:4",
//!         "main at cxx.cpp:14",
//!     ]
//! );
//!
//! // `_start` comes from crt1.o, which has no DWARF here: the symbol names it.
//! let start = symtab.by_name(b"_start").ok_or("no _start")?;
//! let frames = lookup.find_frames(start.addr)?;
//! let function = frames.first().and_then(|f| f.function.as_ref()).ok_or("no name")?;
//! assert_eq!((function.display(), function.from_symbols), ("_start", true));
//! # Ok(())
//! # }
//! ```
//!
//! Dumping `.debug_info` as `readelf --debug-dump=info` does:
//!
//! ```
//! use libdwarf::dump::{Diagnostics, DumpOptions, Dumper, ElfSections, Selection, SectionSource};
//! use libelf::ElfFile;
//!
//! /// GNU's warnings and errors, collected.
//! #[derive(Default)]
//! struct Messages(Vec<String>);
//!
//! impl Diagnostics for Messages {
//!     fn warn(&mut self, msg: &str) {
//!         self.0.push(format!("Warning: {msg}"));
//!     }
//!     fn error(&mut self, msg: &str) {
//!         self.0.push(format!("Error: {msg}"));
//!     }
//! }
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/inl");
//! let data = std::fs::read(path)?;
//! let file = ElfFile::parse(&data)?;
//! let mut sections = ElfSections::new(&file);
//!
//! // `--debug-dump=info`, and the sections it selects.
//! let mut selection = Selection::default();
//! selection.by_names("info");
//! let wanted: Vec<usize> = (0..sections.section_count())
//!     .filter(|&i| sections.section_name(i).is_some_and(|n| selection.wants(n, false)))
//!     .collect();
//!
//! let (mut out, mut messages) = (Vec::new(), Messages::default());
//! let mut options = DumpOptions::default();
//! options.selection = selection;
//! options.wide = true;
//! let mut dumper = Dumper::new(&mut out, &mut messages, &mut sections, options);
//! for i in wanted {
//!     dumper.display(i)?;
//! }
//! drop(dumper);
//!
//! let text = String::from_utf8(out)?;
//! assert!(text.starts_with("Contents of the .debug_info section:"));
//! assert!(text.contains("(DW_TAG_compile_unit)"));
//! assert!(text.contains("DW_AT_name        : (line_strp) (offset: 0): inl.c"));
//! assert!(messages.0.is_empty());
//! # Ok(())
//! # }
//! ```

// One `unsafe impl` (the marker traits of `SharedBytes`, in load.rs) says why it holds.
#![deny(unsafe_code)]

mod bfdline;
pub mod debugfile;
mod diag;
pub mod dump;
mod error;
pub mod fallback;
mod index;
mod load;
mod lookup;
mod place;
mod trie;

pub use error::{Error, Result};
pub use fallback::{Demangle, SymbolHit, SymbolSource, SymbolsFrom};
pub use load::{DebugSections, SharedBytes};
pub use lookup::{AddrLookup, Frame, FunctionName, LaterName, Location, LookupOptions};
pub use place::section_addresses;

pub use gimli;

/// The gimli reader every DWARF value here uses: section bytes shared by reference
/// count, either a copy of the section or the section in place in the file's bytes.
pub type Reader = gimli::EndianReader<gimli::RunTimeEndian, SharedBytes>;

#[cfg(test)]
mod tests;
