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
//!   discriminator. It loads `.dwo` files and `.dwp` packages on demand and falls back
//!   to symbol table names (libsymtab) where DWARF names no function. Everything is
//!   parsed on first use and cached; [`AddrLookup::find_frames_batch`] answers many
//!   addresses at once.
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
//! # Example
//!
//! ```
//! use libdwarf::AddrLookup;
//! use libelf::ElfFile;
//!
//! # fn main() -> Result<(), Box<dyn std::error::Error>> {
//! // A small C program built with gcc -O2 -g (see tests/data/README.md).
//! let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/inl");
//! let data = std::fs::read(path)?;
//! let file = ElfFile::parse(&data)?;
//! let lookup = AddrLookup::new(&file, Some(std::path::Path::new(path)))?;
//!
//! // The address of `main`, from the symbol table.
//! let symtab = libsymtab::Symtab::parse(&file)?;
//! let main = symtab.by_name(b"main").ok_or("no main")?;
//! let frames = lookup.find_frames(main.addr)?;
//! let outer = frames.last().ok_or("no frames")?;
//! assert_eq!(outer.function.as_ref().map(|f| f.raw.as_str()), Some("main"));
//! let loc = outer.location.as_ref().ok_or("no location")?;
//! assert!(loc.file.as_deref().is_some_and(|f| f.ends_with("inl.c")));
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

pub mod debugfile;
mod diag;
pub mod dump;
mod error;
mod index;
mod load;
mod lookup;
mod place;

pub use error::{Error, Result};
pub use load::{DebugSections, SharedBytes};
pub use lookup::{AddrLookup, Frame, FunctionName, LaterName, Location, LookupOptions};
pub use place::section_addresses;

pub use gimli;

/// The gimli reader every DWARF value here uses: section bytes shared by reference
/// count, either a copy of the section or the section in place in the file's bytes.
pub type Reader = gimli::EndianReader<gimli::RunTimeEndian, SharedBytes>;

#[cfg(test)]
mod tests;
