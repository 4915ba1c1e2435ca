//! Parse the section headers and every symbol of each file given and print, per file,
//! the number of sections and symbols: the libelf side of `scripts/bench-vs-gnu.sh`.

use libelf::consts::{SHT_DYNSYM, SHT_SYMTAB};
use libelf::read::SymbolTable;
use libelf::ElfFile;
use std::io::Write;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    for path in std::env::args().skip(1) {
        let f = std::fs::File::open(&path)?;
        // SAFETY: the file is only read; nothing in this process writes it while mapped.
        #[allow(unsafe_code)]
        let data = unsafe { memmap2::Mmap::map(&f)? };
        let file = ElfFile::parse(&data)?;
        let (mut symbols, mut name_bytes) = (0usize, 0usize);
        for s in file.sections()? {
            let t = s.header().sh_type;
            if t == SHT_SYMTAB || t == SHT_DYNSYM {
                for sym in SymbolTable::parse(&s)?.iter() {
                    symbols += 1;
                    name_bytes += sym.name_bytes().map_or(0, <[u8]>::len);
                }
            }
        }
        writeln!(
            out,
            "{path}: {} sections, {symbols} symbols, {name_bytes} name bytes",
            file.section_headers()?.len()
        )?;
    }
    Ok(())
}
