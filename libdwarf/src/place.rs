//! Where BFD's DWARF reader puts the sections of a relocatable object.
//!
//! In an `ET_REL` object every section sits at address 0, so addresses in different
//! sections would collide. BFD (`place_sections` in `dwarf2.c`) gives the allocated
//! sections still at 0 distinct addresses for its lookups: each in turn, in section
//! header order, at the end of the previous one rounded up to its alignment. GNU
//! addr2line's answers for `.o` files are those of this layout, and so are
//! [`crate::AddrLookup`]'s: the relocations of the debug sections and the symbol
//! table resolve against it, and a front end maps an address typed by the user
//! through [`section_addresses`].

use libelf::consts::{ET_REL, SHF_ALLOC};
use libelf::ElfFile;

/// The address of each section (by index) in the lookup's address space: its
/// `sh_addr`, or for an allocated section at 0 in a relocatable object the address
/// BFD's `place_sections` gives it. Empty if the section headers cannot be read.
pub fn section_addresses(file: &ElfFile<'_>) -> Vec<u64> {
    let Ok(secs) = file.sections() else {
        return Vec::new();
    };
    let rel = file.header().e_type == ET_REL;
    let mut last: u64 = 0;
    secs.map(|s| {
        let h = s.header();
        if !rel || h.sh_addr != 0 || h.sh_flags & u64::from(SHF_ALLOC) == 0 {
            return h.sh_addr;
        }
        // BFD keeps the alignment as a power of two, rounded up.
        let align = h
            .sh_addralign
            .max(1)
            .checked_next_power_of_two()
            .unwrap_or(1 << 63);
        let at = last.wrapping_add(align - 1) & !(align - 1);
        last = at.wrapping_add(h.sh_size);
        at
    })
    .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn objects_get_distinct_addresses() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../tests/data/x86_64.o");
        let data = std::fs::read(path).unwrap_or_default();
        let Ok(file) = ElfFile::parse(&data) else {
            panic!("x86_64.o does not parse")
        };
        let addrs = section_addresses(&file);
        let mut placed: Vec<(u64, u64)> = Vec::new();
        for (s, &a) in file.sections().into_iter().flatten().zip(&addrs) {
            let h = s.header();
            if h.sh_flags & u64::from(SHF_ALLOC) != 0 && h.sh_size != 0 {
                assert_eq!(a % h.sh_addralign.max(1), 0);
                placed.push((a, a + h.sh_size));
            }
        }
        assert!(placed.len() > 1);
        assert!(placed.windows(2).all(|w| matches!(w, [a, b] if a.1 <= b.0)));
    }
}
