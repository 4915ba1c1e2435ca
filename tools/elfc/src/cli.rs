//! The `elfc` command line.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::path::Path;
use std::process::ExitCode;

use libelf::{Class, Endian};
use tools_common::input::{self, Input};

use crate::Options;

const USAGE: &str = "usage: elfc [-o OUT] [--class 32|64] [--data lsb|msb] FILE
       elfc --yaml [-o OUT] [--class 32|64] [--data lsb|msb] FILE
       elfc --dump [-o OUT] OBJECT
Compile an ELF description (FILE `-` is standard input), a legacy Elftoolchain YAML
description (--yaml), or describe an object.";

/// Run `elfc` with its arguments (without the program name); the exit status.
pub fn run(args: Vec<OsString>) -> ExitCode {
    match main(args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e)
            if e.downcast_ref::<io::Error>()
                .is_some_and(tools_common::pipe::is_broken) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            let _ = writeln!(io::stderr(), "elfc: {e}");
            ExitCode::FAILURE
        }
    }
}

fn main(args: Vec<OsString>) -> Result<(), Box<dyn std::error::Error>> {
    let mut out: Option<OsString> = None;
    let mut input: Option<OsString> = None;
    let mut dump = false;
    let mut yaml = false;
    let mut opts = Options::default();
    let mut it = args.into_iter();
    while let Some(a) = it.next() {
        let s = a.to_string_lossy().into_owned();
        let (flag, inline) = match s.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f.to_owned(), Some(v.to_owned())),
            _ => (s.clone(), None),
        };
        let mut value = |name: &str| -> Result<String, String> {
            inline
                .clone()
                .or_else(|| it.next().map(|v| v.to_string_lossy().into_owned()))
                .ok_or_else(|| format!("{name} needs a value\n{USAGE}"))
        };
        match flag.as_str() {
            "-h" | "--help" => {
                // No `println!`: a closed pipe ends quietly (tools_common::pipe).
                writeln!(io::stdout().lock(), "{USAGE}")?;
                return Ok(());
            }
            "-V" | "--version" => {
                writeln!(io::stdout().lock(), "elfc {}", env!("CARGO_PKG_VERSION"))?;
                return Ok(());
            }
            "-o" | "--output" => out = Some(value("-o")?.into()),
            "--dump" | "-d" => dump = true,
            "--yaml" | "-y" => yaml = true,
            "--class" => {
                opts.class = Some(match value("--class")?.as_str() {
                    "32" => Class::Elf32,
                    "64" => Class::Elf64,
                    v => return Err(format!("--class {v}: expected 32 or 64").into()),
                })
            }
            "--data" => {
                opts.endian = Some(match value("--data")?.to_ascii_lowercase().as_str() {
                    "lsb" | "little" => Endian::Little,
                    "msb" | "big" => Endian::Big,
                    v => return Err(format!("--data {v}: expected lsb or msb").into()),
                })
            }
            f if f.starts_with("-o") && f.len() > 2 => out = Some(f[2..].into()),
            f if f.starts_with('-') && f != "-" => {
                return Err(format!("unknown option {f}\n{USAGE}").into())
            }
            _ if input.is_some() => return Err(format!("one input only\n{USAGE}").into()),
            _ => input = Some(a),
        }
    }
    let input = input.ok_or_else(|| USAGE.to_owned())?;
    let name = input.to_string_lossy().into_owned();
    if dump && yaml {
        return Err(format!("--dump and --yaml exclude each other\n{USAGE}").into());
    }
    let data = read_input(&input)?;
    // Compile completely before touching OUT; a dump streams into a temporary file that
    // replaces OUT only once it is whole.
    let bytes = if dump {
        None
    } else {
        let text = std::str::from_utf8(&data).map_err(|_| format!("{name}: not UTF-8 text"))?;
        opts.file_name = if input == "-" {
            "<stdin>".into()
        } else {
            name.clone()
        };
        Some(if yaml {
            crate::compile_yaml(text, &opts)?
        } else {
            crate::compile_with(text, &opts)?
        })
    };
    let emit = |w: &mut dyn Write| -> io::Result<()> {
        match &bytes {
            Some(b) => w.write_all(b),
            None => crate::dump::dump_releasing(&data, &mut &mut *w, &mut |a, b| {
                data.release_pages(a, b)
            })
            .map_err(|e| match e {
                crate::DumpError::Io(e) => e,
                e => io::Error::other(format!("{name}: {e}")),
            }),
        }
    };
    match &out {
        Some(o) if o != "-" => {
            libelf::output::write_file(Path::new(o), emit).map_err(|e| out_error(o, e))?
        }
        _ => {
            let mut w = io::BufWriter::new(io::stdout().lock());
            emit(&mut w)?;
            w.flush()?;
        }
    }
    Ok(())
}

/// An error writing OUT: errors of the dump itself are already worded.
fn out_error(o: &OsString, e: io::Error) -> Box<dyn std::error::Error> {
    if e.kind() == io::ErrorKind::Other && e.get_ref().is_some() {
        return e.to_string().into();
    }
    format!("{}: {e}", o.to_string_lossy()).into()
}

/// The most elfc reads from standard input: 4 GiB (a file is checked to be a regular
/// file instead, and its size is what it is).
pub const MAX_STDIN: u64 = 4 << 30;

/// The input's bytes: standard input, or a file opened by `tools_common::input` (mapped
/// when big, so a dump lets go of pages as it is done with them). As GNU's tools do,
/// anything but a regular file (a directory, a FIFO, `/dev/zero`) is refused rather than
/// read without end.
fn read_input(input: &OsString) -> Result<Input, String> {
    if input == "-" {
        let mut v = Vec::new();
        io::stdin()
            .lock()
            .take(MAX_STDIN + 1)
            .read_to_end(&mut v)
            .map_err(|e| format!("<stdin>: {e}"))?;
        if v.len() as u64 > MAX_STDIN {
            return Err(format!("<stdin>: more than {MAX_STDIN} bytes"));
        }
        return Ok(Input::Vec(v));
    }
    input::open(Path::new(input), input::Checks::Regular).map_err(|e| e.to_string())
}
