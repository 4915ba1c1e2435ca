//! Read an ELF object (or each member of an `ar` archive) into libelf's edit model and
//! write it back, optionally (de)compressing the debug sections like
//! `objcopy --compress-debug-sections`.
//!
//! ```text
//! cargo run --release -p libelf --example rewrite -- IN OUT [--compress-debug-sections=none|zlib|zlib-gnu|zstd]
//! ```
//! With no flag, OUT is byte-identical to IN.

use std::process::ExitCode;

use libelf::compression::Compress;
use libelf::edit::Object;
use libelf::ElfFile;

fn rewrite_elf(data: &[u8], compress: Option<Compress>) -> libelf::Result<Vec<u8>> {
    let file = ElfFile::parse(data)?;
    let mut obj = Object::read(&file)?;
    if let Some(kind) = compress {
        obj.compress_debug_sections(kind)?;
    }
    obj.write()
}

fn run() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut paths = Vec::new();
    let mut compress = None;
    for a in &args {
        if let Some(v) = a.strip_prefix("--compress-debug-sections=") {
            compress = Some(match v {
                "none" => Compress::None,
                "zlib" | "zlib-gabi" => Compress::Zlib,
                "zlib-gnu" => Compress::ZlibGnu,
                "zstd" => Compress::Zstd,
                _ => return Err(format!("unknown compression '{v}'")),
            });
        } else {
            paths.push(a);
        }
    }
    let [input, output] = paths.as_slice() else {
        return Err(
            "usage: rewrite IN OUT [--compress-debug-sections=none|zlib|zlib-gnu|zstd]".into(),
        );
    };
    let data = std::fs::read(input).map_err(|e| format!("{input}: {e}"))?;
    let out = if data.starts_with(libelf::read::ELF_MAGIC) {
        rewrite_elf(&data, compress).map_err(|e| format!("{input}: {e}"))?
    } else if libelf::archive::is_archive(&data) {
        let ar = libelf::archive::Archive::parse(&data).map_err(|e| format!("{input}: {e}"))?;
        libelf::archive::rewrite(&ar, |m| {
            let Some(d) = m.data() else { return Ok(None) };
            if !d.starts_with(libelf::read::ELF_MAGIC) {
                return Ok(None);
            }
            rewrite_elf(d, compress).map(Some)
        })
        .map_err(|e| format!("{input}: {e}"))?
    } else {
        return Err(format!("{input}: not an ELF file or ar archive"));
    };
    // A temporary file renamed over OUT: a failure never truncates an existing OUT.
    libelf::output::write_bytes(std::path::Path::new(output), &out)
        .map_err(|e| format!("{output}: {e}"))?;
    Ok(())
}

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("rewrite: {e}");
            ExitCode::FAILURE
        }
    }
}
