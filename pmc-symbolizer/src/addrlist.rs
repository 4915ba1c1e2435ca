//! Address lists as llvm-symbolizer reads them: one `[MODULE] ADDR` per line (`MODULE`
//! may be quoted; without one, the `--obj` default), answered in llvm-symbolizer's
//! default text: per address, each inline frame as `function` then `file:line:column`,
//! then an empty line; `??` and `??:0:0` when unknown. Each module is opened once and
//! its addresses answered in one sorted batch through libdwarf's `AddrLookup`.

use std::collections::BTreeMap;
use std::io::{self, Write};
use std::path::PathBuf;

use crate::error::{Error, Result};

/// One request: a module (path) and an address in it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    /// The module, or `None` for the default.
    pub module: Option<PathBuf>,
    /// The address (ELF virtual address).
    pub addr: u64,
}

fn parse_addr(s: &str) -> Option<u64> {
    let s = s.trim();
    match s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => u64::from_str_radix(s, 16).ok(),
    }
}

/// Parses the lines of an address list.
///
/// # Errors
/// [`Error::AddressList`] for a line that names no address.
pub fn parse(text: &str) -> Result<Vec<Request>> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let bad = || Error::AddressList {
            line: i + 1,
            msg: format!("no address in {line:?}"),
        };
        let (module, rest) = if let Some(q) = line.strip_prefix('"') {
            let end = q.find('"').ok_or_else(bad)?;
            (
                Some(q.get(..end).unwrap_or_default()),
                q.get(end + 1..).unwrap_or_default(),
            )
        } else {
            match line.split_once(char::is_whitespace) {
                Some((m, a)) => (Some(m), a),
                None => (None, line),
            }
        };
        let addr = parse_addr(rest).ok_or_else(bad)?;
        out.push(Request {
            module: module.map(PathBuf::from),
            addr,
        });
    }
    Ok(out)
}

/// Answers `requests` (modules without a name use `default`), in order.
///
/// # Errors
/// If writing fails.
pub fn answer(
    requests: &[Request],
    default: Option<&std::path::Path>,
    out: &mut dyn Write,
) -> io::Result<()> {
    // Group by module: each opened once, one batch.
    let mut by_module: BTreeMap<Option<PathBuf>, Vec<u64>> = BTreeMap::new();
    for r in requests {
        let m = r.module.clone().or_else(|| default.map(PathBuf::from));
        by_module.entry(m).or_default().push(r.addr);
    }
    let mut answers: BTreeMap<(Option<PathBuf>, u64), String> = BTreeMap::new();
    for (module, addrs) in &by_module {
        let texts = module
            .as_ref()
            .and_then(|m| symbolize_module(m, addrs))
            .unwrap_or_else(|| vec![unknown(); addrs.len()]);
        for (a, t) in addrs.iter().zip(texts) {
            answers.insert((module.clone(), *a), t);
        }
    }
    for r in requests {
        let m = r.module.clone().or_else(|| default.map(PathBuf::from));
        match answers.get(&(m, r.addr)) {
            Some(t) => out.write_all(t.as_bytes())?,
            None => out.write_all(unknown().as_bytes())?,
        }
    }
    Ok(())
}

fn unknown() -> String {
    "??\n??:0:0\n\n".to_string()
}

fn symbolize_module(path: &std::path::Path, addrs: &[u64]) -> Option<Vec<String>> {
    let data = std::fs::read(path).ok()?;
    let bytes = libdwarf::SharedBytes::from(data);
    let lookup = libdwarf::AddrLookup::with_bytes(
        bytes.clone(),
        Some(path),
        libdwarf::LookupOptions::default(),
    )
    .ok()?;
    let lookup = match libelf::ElfFile::parse(&bytes).map(|f| libsymtab::Symtab::parse(&f)) {
        Ok(Ok(st)) => lookup.with_symbols(crate::symbolize::function_symbols(&st)),
        _ => lookup,
    };
    let opts = libdemangle::Options::default();
    Some(lookup.map_batch(addrs, |frames| {
        if frames.is_empty() {
            return unknown();
        }
        let mut s = String::new();
        for f in frames {
            let name = f.function.as_ref().map_or_else(
                || "??".to_string(),
                |n| libdemangle::demangle(&n.raw, &opts).unwrap_or_else(|| n.raw.clone()),
            );
            let (file, line, col) = f.location.as_ref().map_or(("??", 0, 0), |l| {
                (
                    l.file.as_deref().unwrap_or("??"),
                    l.line.unwrap_or(0),
                    l.column.unwrap_or(0),
                )
            });
            s.push_str(&format!("{name}\n{file}:{line}:{col}\n"));
        }
        s.push('\n');
        s
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines() {
        let r = parse("0x10\n/bin/x 20\n\"/a b\" 0x30\n# c\n").unwrap();
        assert_eq!(r.len(), 3);
        assert_eq!(
            r[0],
            Request {
                module: None,
                addr: 0x10
            }
        );
        assert_eq!(r[1].module.as_deref(), Some(std::path::Path::new("/bin/x")));
        assert_eq!(r[2].addr, 0x30);
        assert!(parse("/bin/x zz").is_err());
    }
}
