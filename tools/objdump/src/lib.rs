//! objdump(1), a drop-in replacement for GNU objdump 2.40 as binutils-multiarch builds it
//! (one objdump for every ELF machine), built on libelf, libsymtab, libdwarf and libmc.
//!
//! Same options ([`options`]), same output byte for byte, same diagnostics and exit
//! status. Each file is shown in GNU's order (`dump_bfd`): the `file format` line and
//! the header displays ([`headers`]), symbols, DWARF ([`dwarf`]), relocations, section
//! contents, then the disassembly ([`disasm`]).
//!
//! ```no_run
//! let args = vec!["-f".to_string(), "/bin/ls".to_string()];
//! let (mut out, mut err) = (Vec::new(), Vec::new());
//! let status = objdump_tool::run("objdump", &args, &mut out, &mut err, true);
//! assert_eq!(status, 0);
//! assert!(String::from_utf8_lossy(&out).contains("file format elf64-x86-64"));
//! ```

pub mod bfd;
pub mod binary;
pub mod disasm;
pub mod dwarf;
pub mod file;
pub mod headers;
pub mod options;
pub mod relocs;

use std::io::{self, Write};

use tools_common::diag::{Diag, Io};
use tools_common::pipe;

pub use file::Object;
use options::{Command, Options};

/// What every display gets: the options, the diagnostics and the run's exit status.
pub struct Cx<'r, 'd> {
    /// The parsed command line.
    pub o: &'r Options,
    /// Warnings and errors (`objdump: …`).
    pub diag: &'r mut Diag<'d>,
    /// Set when something made GNU's `exit_status` 1.
    pub failed: bool,
    /// Whether some `-j` section was seen by a display (GNU's `only->seen`).
    pub section_seen: bool,
    /// Set by a fatal error (BFD's `bfd_fatal`): no further object is shown.
    pub stop: bool,
}

impl std::fmt::Debug for Cx<'_, '_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Cx").field("failed", &self.failed).finish()
    }
}

impl<'r, 'd> Cx<'r, 'd> {
    /// A run's context before anything went wrong.
    pub fn new(o: &'r Options, diag: &'r mut Diag<'d>) -> Self {
        Cx {
            o,
            diag,
            failed: false,
            section_seen: false,
            stop: false,
        }
    }

    /// GNU's `process_section_p`: whether `-j` lets section `name` through (always, with
    /// no `-j`), noting that a `-j` section was seen.
    pub fn process_section(&mut self, name: &[u8]) -> bool {
        if self.o.sections.is_empty() {
            return true;
        }
        let hit = self.o.section_selected(name);
        self.section_seen |= hit;
        hit
    }

    /// BFD's `nonfatal`/`non_fatal`: `objdump: MSG` and a failed run.
    pub fn nonfatal(&mut self, msg: std::fmt::Arguments<'_>) {
        self.failed = true;
        self.diag.plain(format_args!("{msg}\n"));
    }

    /// `objdump: Warning: MSG` (the status is unchanged).
    pub fn warn(&mut self, msg: std::fmt::Arguments<'_>) {
        self.diag.warn(format_args!("{msg}\n"));
    }
}

/// Run objdump as `prog` with `args` (without the program name), writing to `out` and
/// `err`; `same_file` says whether the two go to one file, so that each diagnostic
/// flushes `out` first as GNU's do (`tools_common::diag`). Returns the exit status.
pub fn run(
    prog: &str,
    args: &[String],
    out: &mut dyn Write,
    err: &mut dyn Write,
    same_file: bool,
) -> i32 {
    let os: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
    let o = match options::parse(prog, &os) {
        Command::Run(o) => o,
        Command::Help => {
            let _ = out.write_all(options::usage(prog, true).as_bytes());
            let _ = out.flush();
            return 0;
        }
        Command::Usage { msg, status } => {
            let _ = err.write_all(msg.as_bytes());
            let _ = err.write_all(options::usage(prog, false).as_bytes());
            return status;
        }
        Command::Fatal(msg) => {
            let _ = err.write_all(format!("{prog}: {msg}\n").as_bytes());
            return 1;
        }
        Command::Info(o) => {
            if o.version {
                let _ = out.write_all(include_str!("version.txt").as_bytes());
                let _ = out.flush();
                return 0;
            }
            // GNU's display_info for binutils-multiarch 2.40 (Debian), as it prints
            // it with the default 80 columns.
            let _ = out.write_all(include_str!("info.txt").as_bytes());
            let _ = out.flush();
            return 0;
        }
    };
    if o.version {
        // GNU's print_version exits after printing.
        let _ = out.write_all(include_str!("version.txt").as_bytes());
        let _ = out.flush();
        return 0;
    }
    let io = Io {
        out,
        err,
        same_file,
    };
    tools_common::diag::with_shared_out(prog, io, |shared, diag| {
        let mut cx = Cx::new(&o, diag);
        let files = if o.files.is_empty() {
            vec!["a.out".to_owned()]
        } else {
            o.files.clone()
        };
        for f in &files {
            if cx.stop {
                break;
            }
            match file::display_file(&mut cx, f, shared) {
                Ok(()) => {}
                Err(e) if pipe::is_broken(&e) => return 0,
                Err(_) => cx.failed = true,
            }
        }
        if !o.sections.is_empty() && !cx.section_seen {
            // GNU's free_only_list: the list is kept newest first, without repeats.
            let mut named: Vec<&String> = Vec::new();
            for s in &o.sections {
                if !named.contains(&s) {
                    named.push(s);
                }
            }
            for s in named.into_iter().rev() {
                cx.nonfatal(format_args!(
                    "section '{s}' mentioned in a -j option, but not found in any input file"
                ));
            }
        }
        let failed = i32::from(cx.failed);
        pipe::status(shared.flush().map(|()| failed), failed)
    })
}

/// Run objdump with the options in `args` (file names in them are ignored) over `data`
/// as if it were the file `name`: the displays of [`run`] without opening a file (for
/// tests and fuzzing). Returns the exit status.
pub fn run_bytes(
    args: &[String],
    name: &str,
    data: &[u8],
    out: &mut dyn Write,
    err: &mut dyn Write,
) -> i32 {
    let os: Vec<std::ffi::OsString> = args.iter().map(Into::into).collect();
    let Command::Run(o) = options::parse("objdump", &os) else {
        return 1;
    };
    let mut diag = Diag::new("objdump", err);
    let mut cx = Cx::new(&o, &mut diag);
    match file::display_data(&mut cx, name, data, out) {
        Ok(()) => i32::from(cx.failed),
        Err(_) => 1,
    }
}

/// GNU's `dump_bfd`: every display of one object, in GNU's order.
///
/// # Errors
/// Only errors writing `out`.
pub fn dump_object(cx: &mut Cx<'_, '_>, obj: &Object<'_>, out: &mut dyn Write) -> io::Result<()> {
    let o = cx.o;
    let header = o.dwarf_start.is_none() && !o.debugging_tags;
    // `-g`/`-e` without STABS dumps the DWARF after everything else (GNU's PR 6483).
    let debugging = dwarf::debugging_as_dwarf(cx, obj);
    let (dwarf_state, separate) = if o.dwarf.is_some() || debugging {
        let (state, found) = dwarf::prepare(cx, obj, out)?;
        (Some(state), found)
    } else if o.source || o.debugging {
        (None, dwarf::load_links(cx, obj, out)?)
    } else {
        (None, Vec::new())
    };
    let (dwarf_state, debugging_state) = if debugging {
        (None, dwarf_state)
    } else {
        (dwarf_state, None)
    };
    // The separate debug files found: `dump_bfd` adds their symbols to the object's
    // (mapped, not read: a debug file can be far bigger than its object).
    let found_separate = !separate.is_empty();
    let separate: Vec<tools_common::input::Input> = separate
        .iter()
        .filter(|_| o.disassemble || o.syms)
        .filter_map(|p| {
            tools_common::input::open(std::path::Path::new(p), tools_common::input::Checks::Bucomm)
                .ok()
        })
        .collect();
    if header {
        write!(out, "\n{}:     file format {}\n", obj.name, obj.target)?;
    }
    if o.archive_headers {
        headers::archive_header(cx, obj, out)?;
    }
    if o.file_header {
        headers::file_header(cx, obj, out)?;
    }
    if o.private_headers {
        headers::private_headers(cx, obj, out)?;
    }
    if let Some(p) = &o.private_options {
        headers::private_options(cx, obj, p, out)?;
    }
    if header {
        out.write_all(b"\n")?;
    }
    if o.section_headers {
        headers::section_headers(cx, obj, out)?;
    }
    if o.dynamic_syms || o.dynamic_reloc {
        headers::dynamic_symtab_check(cx, obj);
    }
    if o.syms {
        headers::symbols(cx, obj, false, &separate, out)?;
    }
    if o.dynamic_syms {
        headers::symbols(cx, obj, true, &[], out)?;
    }
    if let Some(state) = dwarf_state {
        dwarf::dump(cx, obj, state, out)?;
    }
    for (wanted, default) in [(&o.ctf, ".ctf"), (&o.sframe, ".sframe")] {
        if let Some(name) = wanted {
            let name = name.as_deref().unwrap_or(default);
            if !headers::has_section(obj, name) {
                // `read_section_stabs`/`read_section_sframe`, then `bfd_fatal`: the
                // run ends here.
                write!(out, "No {name} section present\n\n")?;
                // `bfd_fatal` names BFD's last error, which the earlier displays set.
                let no_dynsym = crate::bfd::Bfd::new(&obj.elf).dynsym == 0;
                let why = if o.archive_headers
                    || ((o.disassemble || o.dynamic_syms || o.dynamic_reloc) && no_dynsym)
                {
                    "invalid operation"
                } else if found_separate {
                    "Invalid argument"
                } else {
                    "file format not recognized"
                };
                cx.nonfatal(format_args!("{}: {why}", obj.name));
                cx.stop = true;
                return Ok(());
            }
            cx.nonfatal(format_args!(
                "{}: displaying {name} is not supported by this objdump",
                obj.name
            ));
        }
    }
    if o.reloc && !o.disassemble {
        headers::relocs(cx, obj, out)?;
    }
    if o.dynamic_reloc && !o.disassemble {
        headers::dynamic_relocs(cx, obj, out)?;
    }
    if o.full_contents {
        headers::contents(cx, obj, out)?;
    }
    if o.disassemble {
        disasm::disassemble(cx, obj, &separate, out)?;
    }
    if let Some(state) = debugging_state {
        dwarf::dump(cx, obj, state, out)?;
    }
    Ok(())
}
