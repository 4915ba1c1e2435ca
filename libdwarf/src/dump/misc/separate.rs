//! GNU's `load_separate_debug_files`: the `.dwo` files named by split units, and the
//! files `.gnu_debugaltlink`, `.gnu_debuglink`, `.debug_sup` and the build-id note
//! point to, with GNU's messages.

use std::io;
use std::path::Path;

use libelf::{ElfFile, Endian};

use super::units::{self, DwoItem};
use crate::dump::Dumper;

/// GNU's `DEBUGDIR` (as the reference build was configured).
const DEBUGDIR: &str = "/lib/debug";
const EXTRA_DEBUG_ROOT1: &str = "/usr/lib/debug";
const EXTRA_DEBUG_ROOT2: &str = "/usr/lib/debug/usr";
/// Recursion bound for links between separate files.
const MAX_DEPTH: usize = 16;

/// The link sections of one file.
struct Links {
    altlink: Option<Vec<u8>>,
    debuglink: Option<Vec<u8>>,
    sup: Option<Vec<u8>>,
    build_id: Option<Vec<u8>>,
    big: bool,
}

impl Links {
    fn of_elf(data: &[u8]) -> Option<Links> {
        let elf = ElfFile::parse(data).ok()?;
        let get = |n: &[u8]| -> Option<Vec<u8>> {
            let s = elf.section_by_name(n).ok()??;
            s.data().ok().map(<[u8]>::to_vec)
        };
        Some(Links {
            altlink: get(b".gnu_debugaltlink"),
            debuglink: get(b".gnu_debuglink"),
            sup: get(b".debug_sup"),
            build_id: get(b".note.gnu.build-id"),
            big: elf.endian() == Endian::Big,
        })
    }
}

/// Whether GNU's `open_debug_file` would accept `path` (an ELF file it can read).
fn opens(path: &str) -> bool {
    if path.is_empty() {
        return false;
    }
    match std::fs::read(path) {
        Ok(data) => ElfFile::parse(&data).is_ok(),
        Err(_) => false,
    }
}

/// libiberty's `lrealpath`: the canonical name, or the name itself.
fn lrealpath(path: &str) -> String {
    match std::fs::canonicalize(path) {
        Ok(p) => p.to_string_lossy().into_owned(),
        Err(_) => path.to_string(),
    }
}

struct Finder<'x, 'w, 'a> {
    d: &'x mut Dumper<'w, 'a>,
    found: Vec<String>,
}

impl Finder<'_, '_, '_> {
    fn add(&mut self, path: String) {
        // GNU pushes onto the front of its list.
        self.found.insert(0, path);
    }

    /// GNU's `load_separate_debug_info`.
    fn load_separate(
        &mut self,
        main_filename: &str,
        xlink: &str,
        name: Option<&[u8]>,
        crc: Option<u32>,
    ) -> io::Result<Option<String>> {
        let Some(name) = name else {
            self.d
                .warn(&format!("Corrupt debuglink section: {xlink}\n"));
            return Ok(None);
        };
        let name = String::from_utf8_lossy(name).into_owned();
        let canon_filename = lrealpath(main_filename);
        let canon_dir = match canon_filename.rfind('/') {
            Some(i) => canon_filename.get(..=i).unwrap_or("").to_string(),
            None => String::new(),
        };
        let debugdir_path = if DEBUGDIR.ends_with('/') {
            format!("{DEBUGDIR}{name}")
        } else {
            format!("{DEBUGDIR}/{name}")
        };
        let tries = [
            name.clone(),
            format!(".debug/{name}"),
            format!("{canon_dir}{name}"),
            format!("{canon_dir}.debug/{name}"),
            format!("{EXTRA_DEBUG_ROOT1}/{name}"),
            format!("{EXTRA_DEBUG_ROOT1}/{canon_dir}/{name}"),
            format!("{EXTRA_DEBUG_ROOT2}/{name}"),
            debugdir_path.clone(),
        ];
        let mut hit = None;
        for t in tries {
            if self.check(&t, crc) {
                hit = Some(t);
                break;
            }
        }
        let Some(path) = hit else {
            if self.d.opts.selection.links {
                let mut w = |m: &str| self.d.warn(m);
                w(&format!("could not find separate debug file '{name}'\n"));
                w(&format!("tried: {debugdir_path}\n"));
                w(&format!("tried: {EXTRA_DEBUG_ROOT2}/{name}\n"));
                w(&format!("tried: {EXTRA_DEBUG_ROOT1}/{canon_dir}/{name}\n"));
                w(&format!("tried: {EXTRA_DEBUG_ROOT1}/{name}\n"));
                w(&format!("tried: {canon_dir}.debug/{name}\n"));
                w(&format!("tried: {canon_dir}{name}\n"));
                w(&format!("tried: .debug/{name}\n"));
                w(&format!("tried: {name}\n"));
            }
            return Ok(None);
        };
        if lrealpath(&path) == canon_filename {
            return Ok(None);
        }
        if self.d.opts.selection.links {
            write!(
                self.d.out,
                "\n{main_filename}: Found separate debug info file: {path}\n"
            )?;
        }
        self.add(path.clone());
        Ok(Some(path))
    }

    /// GNU's `check_gnu_debuglink` (with a CRC) or `check_gnu_debugaltlink`.
    fn check(&mut self, path: &str, crc: Option<u32>) -> bool {
        if !opens(path) {
            return false;
        }
        if let Some(want) = crc {
            let Ok(data) = std::fs::read(path) else {
                self.d.warn(&format!(
                    "Unable to reopen separate debug info file: {path}\n"
                ));
                return false;
            };
            if crate::debugfile::crc32(&data) != want {
                self.d.warn(&format!(
                    "Separate debug info file {path} found, but CRC does not match - ignoring\n"
                ));
                return false;
            }
        }
        true
    }

    /// GNU's `check_for_and_load_links`.
    fn links(&mut self, l: &Links, filename: &str, depth: usize) -> io::Result<()> {
        if depth > MAX_DEPTH {
            return Ok(());
        }
        if let Some(alt) = &l.altlink {
            let n = alt.iter().position(|&c| c == 0).unwrap_or(alt.len());
            let name = (n != 0 && n + 1 < alt.len() && alt.len() - (n + 1) >= 0x14)
                .then(|| alt.get(..n))
                .flatten();
            if let Some(p) = self.load_separate(filename, ".gnu_debugaltlink", name, None)? {
                self.follow(&p, depth)?;
            }
        }
        if let Some(dl) = &l.debuglink {
            let n = dl.iter().position(|&c| c == 0).unwrap_or(dl.len());
            let crc_offset = (n + 1 + 3) & !3;
            let (name, crc) = if n == 0 || crc_offset + 4 > dl.len() {
                (None, None)
            } else {
                let v = super::Rd::new(dl, l.big).val(crc_offset, 4) as u32;
                (dl.get(..n), Some(v))
            };
            if let Some(p) = self.load_separate(filename, ".gnu_debuglink", name, crc)? {
                self.follow(&p, depth)?;
            }
        }
        self.sup(l, filename)?;
        self.build_id(l);
        Ok(())
    }

    fn follow(&mut self, path: &str, depth: usize) -> io::Result<()> {
        let Ok(data) = std::fs::read(path) else {
            return Ok(());
        };
        if let Some(l) = Links::of_elf(&data) {
            self.links(&l, path, depth + 1)?;
        }
        Ok(())
    }

    /// GNU's `load_debug_sup_file`.
    fn sup(&mut self, l: &Links, main_filename: &str) -> io::Result<()> {
        let Some(s) = &l.sup else { return Ok(()) };
        if s.len() < 5 {
            self.d.warn(".debug_sup section is corrupt/empty\n");
            return Ok(());
        }
        if s.get(2).copied().unwrap_or(0) != 0 {
            return Ok(());
        }
        let rest = s.get(3..).unwrap_or(&[]);
        let Some(n) = rest.iter().position(|&c| c == 0) else {
            self.d.warn("filename in .debug_sup section is corrupt\n");
            return Ok(());
        };
        let name = String::from_utf8_lossy(rest.get(..n).unwrap_or(&[])).into_owned();
        let path = match main_filename.rfind('/') {
            Some(i) if !name.starts_with('/') => {
                format!("{}/{name}", main_filename.get(..i).unwrap_or(""))
            }
            _ => name,
        };
        if !opens(&path) {
            self.d.warn(&format!(
                "unable to open file '{path}' referenced from .debug_sup section\n"
            ));
            return Ok(());
        }
        write!(
            self.d.out,
            "{main_filename}: Found supplementary debug file: {path}\n\n"
        )?;
        self.add(path);
        Ok(())
    }

    /// GNU's `load_build_id_debug_file`.
    fn build_id(&mut self, l: &Links) {
        let Some(note) = &l.build_id else { return };
        if note.len() < 0x18 {
            self.d.warn(".note.gnu.build-id section is corrupt/empty\n");
            return;
        }
        let size = super::Rd::new(note, l.big).val(4, 4) as usize;
        if size < 8 {
            self.d.warn(".note.gnu.build-id data size is too small\n");
            return;
        }
        if size > note.len() - 16 {
            self.d.warn(".note.gnu.build-id data size is too big\n");
            return;
        }
        let id = note.get(16..16 + size).unwrap_or(&[]);
        let Some((first, rest)) = id.split_first() else {
            return;
        };
        let hex: String = rest.iter().map(|b| format!("{b:02x}")).collect();
        for prefix in [
            "",
            ".debug/",
            "/usr/lib/debug/",
            "/usr/lib/debug/usr/",
            "/usr/lib64/debug/",
            "/usr/lib64/debug/usr",
        ] {
            let path = format!("{prefix}.build-id/{first:02x}/{hex}.debug");
            if opens(&path) {
                self.add(path);
                return;
            }
        }
    }
}

/// GNU's `load_separate_debug_files` for the file whose sections `d.loader` gives,
/// named `main_filename` as on the command line: prints GNU's messages ("… Found
/// separate debug object file: …", the `--debug-dump=links` list of DWO links, …) and
/// returns the separate files found, in the order GNU then displays their sections.
/// An empty list is GNU's `false` (and turns following links off for the file).
///
/// # Errors
/// Only output errors.
pub fn load_separate_debug_files(
    d: &mut Dumper<'_, '_>,
    main_filename: &str,
) -> io::Result<Vec<String>> {
    if !d.opts.selection.follow_links && !d.opts.selection.links {
        return Ok(Vec::new());
    }
    let mut f = Finder {
        d,
        found: Vec::new(),
    };
    let has = |f: &mut Finder<'_, '_, '_>, n: &str| f.d.load(n).is_some();
    if has(&mut f, ".debug_str") && has(&mut f, ".debug_abbrev") && has(&mut f, ".debug_info") {
        crate::dump::info::want_prescan(f.d);
        if let Some(a) = f.d.load(".debug_addr") {
            f.d.state.debug_addr = Some(a.into_static());
        }
        for n in [".debug_str_offsets", ".debug_loclists", ".debug_rnglists"] {
            let _ = f.d.load(n);
        }
        dwo_links(&mut f, main_filename)?;
    }
    if !f.d.opts.selection.follow_links {
        return Ok(Vec::new());
    }
    let get = |f: &mut Finder<'_, '_, '_>, n: &str| f.d.load(n).map(|s| s.data.into_owned());
    let l = Links {
        altlink: get(&mut f, ".gnu_debugaltlink"),
        debuglink: get(&mut f, ".gnu_debuglink"),
        sup: get(&mut f, ".debug_sup"),
        build_id: get(&mut f, ".note.gnu.build-id"),
        big: f.d.big_endian,
    };
    f.links(&l, main_filename, 0)?;
    f.d.state.separate_debug_str = f.found.iter().map(|p| debug_str_of(p)).collect();
    if !f.found.is_empty() {
        // The separate files' displays use the units of this file's `.debug_info`
        // (GNU's `debug_information[]` is filled here and kept): a split DWARF 4
        // file's `.debug_loc.dwo` is read with its skeleton units, which have no
        // location lists.
        crate::dump::info::prescan(f.d)?;
    }
    Ok(f.found)
}

/// The `.debug_str` (else `.zdebug_str`) of the separate file at `path`, decompressed,
/// as GNU's `load_debug_section (separate_debug_str, handle)` finds it for
/// `DW_FORM_GNU_strp_alt`. Empty when there is none (GNU skips such files).
fn debug_str_of(path: &str) -> Vec<u8> {
    let Ok(data) = std::fs::read(path) else {
        return Vec::new();
    };
    let Ok(elf) = ElfFile::parse(&data) else {
        return Vec::new();
    };
    for name in [&b".debug_str"[..], b".zdebug_str"] {
        if let Ok(Some(s)) = elf.section_by_name(name) {
            return s.decompressed().map(|d| d.into_owned()).unwrap_or_default();
        }
    }
    Vec::new()
}

/// The DWO part of `load_separate_debug_files`.
fn dwo_links(f: &mut Finder<'_, '_, '_>, main_filename: &str) -> io::Result<()> {
    let scan = units::load_debug_info(f.d);
    let Some(units) = &scan.units else {
        return Ok(());
    };
    let first_version = units.first().map_or(0, |u| u.version);
    let list: Vec<&(u64, DwoItem)> = scan.dwo.iter().rev().collect();
    let mut name: Option<&[u8]> = None;
    let mut dir: Option<&[u8]> = None;
    let mut id: Option<&[u8]> = None;
    let mut introduced = false;
    for (i, (cu, item)) in list.iter().enumerate() {
        match item {
            DwoItem::Name(n) => {
                if name.is_some() {
                    f.d.warn("Multiple DWO_NAMEs encountered for the same CU\n");
                }
                name = Some(n);
            }
            DwoItem::Dir(x) => dir = Some(x),
            DwoItem::Id(x) => {
                if id.is_some() {
                    f.d.warn("multiple DWO_IDs encountered for the same CU\n");
                }
                id = Some(x);
            }
        }
        let last = list.get(i + 1).is_none_or(|(next, _)| next != cu);
        let Some(n) = name.filter(|_| last) else {
            continue;
        };
        if f.d.opts.selection.links {
            if !introduced {
                write!(
                    f.d.out,
                    "The .debug_info section contains link(s) to dwo file(s):\n\n"
                )?;
                introduced = true;
            }
            write!(f.d.out, "  Name:      ")?;
            f.d.out.write_all(n)?;
            write!(f.d.out, "\n  Directory: ")?;
            f.d.out.write_all(dir.unwrap_or(b"<not-found>"))?;
            writeln!(f.d.out)?;
            if let Some(id) = id {
                let head = "  ID:       ";
                write!(f.d.out, "{head}")?;
                super::display_data(f.d, head.len(), id.get(..8).unwrap_or(id))?;
            } else if first_version != 5 {
                writeln!(f.d.out, "  ID:        <not specified>")?;
            }
            write!(f.d.out, "\n\n")?;
        }
        if f.d.opts.selection.follow_links {
            let n = String::from_utf8_lossy(n).into_owned();
            let path = if Path::new(&n).is_absolute() {
                n
            } else {
                match dir {
                    Some(dir) => format!("{}/{n}", String::from_utf8_lossy(dir)),
                    None => String::new(),
                }
            };
            if opens(&path) {
                write!(
                    f.d.out,
                    "{main_filename}: Found separate debug object file: {path}\n\n"
                )?;
                f.add(path);
            } else {
                f.d.warn(&format!("Unable to load dwo file: {path}\n"));
            }
        }
        name = None;
        dir = None;
        id = None;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::debug_str_of;

    #[test]
    fn debug_str_of_missing_or_non_elf_file_is_empty() {
        assert!(debug_str_of("/nonexistent/separate.debug").is_empty());
        assert!(debug_str_of("").is_empty());
        let me = std::env::current_exe().map(|p| p.to_string_lossy().into_owned());
        // A test binary is ELF; whatever its `.debug_str`, reading it must not fail.
        if let Ok(me) = me {
            let _ = debug_str_of(&me);
        }
    }
}
