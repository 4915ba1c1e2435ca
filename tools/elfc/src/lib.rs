//! elfc: a readable notation for ELF objects.
//!
//! A description names an object's parts at two levels. By meaning: header fields by
//! name with defaults (`type: REL`, `machine: X86_64`), sections with typed contents
//! (string tables from strings, symbols, relocations, dynamic entries, notes, words,
//! raw bytes), labels and expressions (`sizeof(.text)`, `addr(main) + 4`). And by raw
//! field: any `e_*`, `sh_*` or `p_*` field can be set, so broken files are easy to
//! write. Omitted offsets are laid out; given ones are kept. The grammar is written with
//! `peg` (`src/grammar.rs`); lowering goes through [`libelf::edit::Object`] written
//! with [`libelf::edit::Layout::Keep`] once elfc has placed everything.
//!
//! - [`compile`], [`compile_with`]: text → bytes, errors as [`Diagnostics`] at
//!   `file:line:column`.
//! - [`compile_yaml`]: a legacy Elftoolchain YAML description (`elfc --yaml`) → bytes.
//! - [`dump`], [`dump_to`]: any ELF object → a raw-level description that compiles back
//!   to the same bytes.
//! - [`run`]: the `elfc(1)` command line.
//!
//! The notation is described in the crate's `README.md` and `elfc.1`.
//!
//! # Example
//!
//! ```
//! let text = r#"
//!     header { type: REL machine: X86_64 }
//!     section .text { flags: ALLOC | EXECINSTR align: 16  label main  hex "31c0c3" }
//!     section .strtab { }
//!     section .symtab {
//!         sym { name: main bind: GLOBAL type: FUNC section: .text value: addr(main) size: sizeof(.text) }
//!     }
//! "#;
//! let bytes = elfc::compile(text).expect("valid description");
//! let file = libelf::ElfFile::parse(&bytes).expect("valid ELF");
//! let text = file.section_by_name(b".text").unwrap().unwrap();
//! assert_eq!(text.data().unwrap(), &[0x31, 0xc0, 0xc3]);
//!
//! // The same description as a 32-bit big-endian object:
//! let opts = elfc::Options::new()
//!     .with_class(libelf::Class::Elf32)
//!     .with_endian(libelf::Endian::Big);
//! let be32 = elfc::compile_with(r#"section .data { u32 0x01020304 }"#, &opts).unwrap();
//! assert_eq!(be32[4], 1); // ELFCLASS32
//!
//! // Any object dumps to a description that compiles back to the same bytes.
//! let again = elfc::compile(&elfc::dump(&bytes).unwrap()).unwrap();
//! assert_eq!(again, bytes);
//! ```
//!
//! # Cargo features
//! None.

// Unsafe code only to map input files (`cli.rs`), as readelf does.
#![deny(unsafe_code)]

mod ast;
mod cli;
mod compile;
mod dump;
mod error;
mod grammar;
mod keys;
mod legacy;
mod names;
mod yaml;

use std::fmt;

pub use cli::run;
pub use dump::DumpError;
use libelf::{Class, Endian};

/// The largest object elfc writes, and the largest size any single item may ask for:
/// 1 GiB. Descriptions that ask for more get an error instead of an allocation.
pub const MAX_OUTPUT: u64 = 1 << 30;

/// How deeply parentheses and braces may nest.
pub const MAX_NESTING: usize = 64;

/// How many operators one expression may have (between two of `:`, `{`, `}`, `,`).
pub const MAX_OPERATORS: usize = 256;

/// Parameters of a compilation.
#[derive(Debug, Clone, Default)]
#[non_exhaustive]
pub struct Options {
    /// The class to produce, overriding the description's `class:`.
    pub class: Option<Class>,
    /// The byte order to produce, overriding the description's `data:`.
    pub endian: Option<Endian>,
    /// The file name diagnostics mention (`<input>` when empty).
    pub file_name: String,
}

impl Options {
    /// No overrides: the description's own class and byte order.
    pub fn new() -> Self {
        Self::default()
    }

    /// Produce this class whatever the description says.
    pub fn with_class(mut self, class: Class) -> Self {
        self.class = Some(class);
        self
    }

    /// Produce this byte order whatever the description says.
    pub fn with_endian(mut self, endian: Endian) -> Self {
        self.endian = Some(endian);
        self
    }

    /// The file name diagnostics mention.
    pub fn with_file_name(mut self, name: impl Into<String>) -> Self {
        self.file_name = name.into();
        self
    }
}

/// One error in a description.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostic {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What was wrong or what was expected.
    pub message: String,
}

/// The errors of a compilation, each printed as `file:line:column: error: message`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Diagnostics {
    /// The file name, as given in [`Options::file_name`].
    pub file: String,
    /// The errors, in source order.
    pub items: Vec<Diagnostic>,
}

impl fmt::Display for Diagnostics {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.items.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(
                f,
                "{}:{}:{}: error: {}",
                self.file, d.line, d.column, d.message
            )?;
        }
        Ok(())
    }
}

impl std::error::Error for Diagnostics {}

fn line_col(src: &str, pos: usize) -> (usize, usize) {
    let before = src.get(..pos.min(src.len())).unwrap_or(src);
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
    (line, col)
}

fn diagnostics(src: &str, opts: &Options, pos: usize, message: String) -> Diagnostics {
    let (line, column) = line_col(src, pos);
    Diagnostics {
        file: if opts.file_name.is_empty() {
            "<input>".to_owned()
        } else {
            opts.file_name.clone()
        },
        items: vec![Diagnostic {
            line,
            column,
            message,
        }],
    }
}

/// Where nesting of `(` and `{` first goes deeper than [`MAX_NESTING`], or an expression
/// has more than [`MAX_OPERATORS`] operators, outside strings and comments: the
/// recursive-descent parser and the evaluator must not overflow the stack.
fn too_deep(src: &str) -> Option<(usize, &'static str)> {
    let b = src.as_bytes();
    let (mut depth, mut i, mut ops) = (0usize, 0usize, 0usize);
    while let Some(&c) = b.get(i) {
        match c {
            b'#' => {
                while b.get(i).is_some_and(|&c| c != b'\n') {
                    i += 1;
                }
            }
            b'"' => {
                i += 1;
                while let Some(&c) = b.get(i) {
                    if c == b'\\' {
                        i += 1;
                    } else if c == b'"' {
                        break;
                    }
                    i += 1;
                }
            }
            b'(' | b'{' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some((i, "nesting deeper than 64 levels"));
                }
                if c == b'{' {
                    ops = 0;
                }
            }
            b')' | b'}' => {
                depth = depth.saturating_sub(1);
                if c == b'}' {
                    ops = 0;
                }
            }
            b':' | b',' => ops = 0,
            b'+' | b'-' | b'*' | b'/' | b'%' | b'|' | b'&' | b'^' | b'<' | b'~' => {
                ops += 1;
                if ops > MAX_OPERATORS {
                    return Some((i, "expression with more than 256 operators"));
                }
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// Compile a description with its own `class:` and `data:` (ELF64 LSB by default).
///
/// # Errors
/// [`Diagnostics`] for a syntax error (with what was expected), an unknown field or
/// name, a value that does not fit its field, or sizes over [`MAX_OUTPUT`].
pub fn compile(text: &str) -> Result<Vec<u8>, Diagnostics> {
    compile_with(text, &Options::default())
}

/// Compile a description with the given parameters (class and byte order overrides).
///
/// # Errors
/// As [`compile`].
pub fn compile_with(text: &str, opts: &Options) -> Result<Vec<u8>, Diagnostics> {
    if let Some((pos, what)) = too_deep(text) {
        return Err(diagnostics(text, opts, pos, what.to_owned()));
    }
    let items = grammar::file(text).map_err(|e| {
        diagnostics(
            text,
            opts,
            e.location.offset,
            format!("expected {}", e.expected),
        )
    })?;
    compile::compile(items, opts).map_err(|e| diagnostics(text, opts, e.pos, e.msg))
}

/// Compile a legacy Elftoolchain YAML description (the `test/libelf/tset` notation:
/// `ehdr: !Ehdr`, `phdrtab: [!Phdr …]`, `sections: [!Section …]`), laid out as the
/// legacy Python `elfc` did. The class and byte order come from `opts` when set (so
/// `ELFCLASSNONE`/`ELFDATANONE` descriptions give all four variants), else from the
/// description's `ei_class`/`ei_data`, else ELF32 LSB as the legacy tool defaulted.
///
/// ```
/// let yaml = "ehdr: !Ehdr\n  e_type: ET_REL\nsections:\n - !Section\n   sh_type: SHT_NULL\n - !Section\n   sh_name: .shstrtab\n   sh_type: SHT_STRTAB\n   sh_data: [ .shstrtab ]\n";
/// let opts = elfc::Options::new().with_class(libelf::Class::Elf64);
/// let bytes = elfc::compile_yaml(yaml, &opts).unwrap();
/// let file = libelf::ElfFile::parse(&bytes).unwrap();
/// assert!(file.section_by_name(b".shstrtab").unwrap().is_some());
/// ```
///
/// # Errors
/// [`Diagnostics`] for YAML outside the supported subset, unknown keys, tags or
/// constant names, values that do not fit their fields, names missing from their
/// string table, and objects over [`MAX_OUTPUT`].
pub fn compile_yaml(text: &str, opts: &Options) -> Result<Vec<u8>, Diagnostics> {
    legacy::compile(text, opts).map_err(|e| diagnostics(text, opts, e.pos, e.msg))
}

/// The raw-level description of an ELF object: every header field, every program
/// header, every section header with its bytes (hex, or strings for string tables) and
/// every byte range no header describes, so that [`compile`] gives back `data` exactly.
///
/// # Errors
/// [`DumpError::Elf`] if libelf cannot parse the object.
pub fn dump(data: &[u8]) -> Result<String, DumpError> {
    let mut out = Vec::new();
    dump_to(data, &mut out)?;
    String::from_utf8(out).map_err(|e| DumpError::Io(std::io::Error::other(e)))
}

/// [`dump`] streamed to a writer.
///
/// # Errors
/// [`DumpError::Elf`] if libelf cannot parse the object; [`DumpError::Io`] if writing fails.
pub fn dump_to(data: &[u8], w: &mut impl std::io::Write) -> Result<(), DumpError> {
    dump::dump_to(data, w)
}

#[cfg(test)]
mod tests;
