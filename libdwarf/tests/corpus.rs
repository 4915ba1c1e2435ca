//! Separate debug files, split DWARF and compressed sections of the corpus's C demo
//! (`$CORPUS/dbg/c/*/cdemo`, default `/work/corpus`): `main` must come out with a line.
//! One trial per build; a build the corpus lacks is ignored and says so.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;

use host_trials::{Need, Trials};
use libdwarf::AddrLookup;
use libelf::ElfFile;

const BUILDS: &[&str] = &[
    "O2-debuglink",
    "O2-gsplit",
    "O2-gsplit-dwarf4",
    "O2-gz-zlib",
    "O2-gdwarf4",
    "O2-gdwarf64",
];

fn main_has_a_line(p: &PathBuf) -> Result<(), String> {
    let data = std::fs::read(p).map_err(|e| format!("{}: {e}", p.display()))?;
    let file = ElfFile::parse(&data).unwrap();
    let lookup = AddrLookup::new(&file, Some(p)).unwrap();
    if !lookup.has_dwarf() {
        return Err("no DWARF found".into());
    }
    let st = libsymtab::Symtab::parse(&file).unwrap();
    let main = st.by_name(b"main").ok_or("no symbol main")?;
    let f = lookup.find_frames(main.addr).unwrap();
    let loc = f.last().and_then(|f| f.location.clone());
    match loc.and_then(|l| l.line) {
        Some(_) => Ok(()),
        None => Err(format!("no line for main: {f:?}")),
    }
}

fn main() {
    let corpus = host_trials::corpus().display().to_string();
    let mut t = Trials::new();
    for build in BUILDS {
        let p = PathBuf::from(format!("{corpus}/dbg/c/{build}/cdemo"));
        let need: &'static str = Box::leak(p.to_string_lossy().into_owned().into_boxed_str());
        t.add(build, &[Need::File(need)], move || main_has_a_line(&p));
    }
    t.run()
}
