//! Shared by the live trials, the bench and the `mcdump` example: the executable sections of
//! an ELF file, cut at given addresses (symbol starts, where objdump restarts decoding).

use libelf::read::ElfFile;

/// One stretch of code: its address and bytes.
pub struct Range<'a> {
    pub addr: u64,
    pub bytes: &'a [u8],
}

/// The `SHF_EXECINSTR` sections of `data` with file bytes, cut at each of `starts` (sorted).
pub fn code_ranges<'a>(data: &'a [u8], starts: &[u64]) -> Result<Vec<Range<'a>>, String> {
    let elf = ElfFile::parse(data).map_err(|e| e.to_string())?;
    let mut out = Vec::new();
    for s in elf.sections().map_err(|e| e.to_string())? {
        let h = s.header();
        if h.sh_flags & 4 == 0 || h.sh_type == 8 {
            continue; // not SHF_EXECINSTR, or SHT_NOBITS
        }
        let bytes = s.data().map_err(|e| e.to_string())?;
        let base = h.sh_addr;
        let end = base + bytes.len() as u64;
        let mut cuts: Vec<u64> = starts
            .iter()
            .copied()
            .filter(|&a| a > base && a < end)
            .collect();
        cuts.insert(0, base);
        cuts.push(end);
        for (&a, &b) in cuts.iter().zip(cuts.iter().skip(1)) {
            let Some(chunk) = bytes.get((a - base) as usize..(b - base) as usize) else {
                continue;
            };
            out.push(Range {
                addr: a,
                bytes: chunk,
            });
        }
    }
    Ok(out)
}
