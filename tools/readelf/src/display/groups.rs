//! `-g`: section groups (GNU's `process_section_groups`).
//!
//! GNU reads the groups also for `-u` (unwind tables need them) and only prints them for
//! `-g`. A false return (no section headers) makes GNU skip the unwind display.

use std::io;

use libelf::consts::{SHT_GROUP, SHT_SYMTAB, STT_SECTION};

use crate::display::symtab_load::{get_elf_symbols, ElfSym};
use crate::util::alt_hex;
use crate::Cx;

/// GNU's `process_section_groups`.
pub fn process_section_groups(cx: &mut Cx) -> io::Result<bool> {
    let show = cx.o.section_groups;
    // GNU has turned -u off by now when the section headers could not be read.
    let unwind = cx.o.unwind && cx.sections_ok;
    if !unwind && !show {
        return Ok(true);
    }
    let shnum = cx.hdr.e_shnum as usize;
    if shnum == 0 {
        if show {
            writeln!(cx.out, "\nThere are no section groups in this file.")?;
        }
        return Ok(true);
    }
    let Some(shdrs) = cx.shdrs.clone() else {
        cx.diag
            .error(format_args!("Section headers are not available!\n"));
        return Ok(false);
    };
    let shnum = shnum.min(shdrs.len());
    if !shdrs.iter().take(shnum).any(|s| s.sh_type == SHT_GROUP) {
        if show {
            writeln!(cx.out, "\nThere are no section groups in this file.")?;
        }
        return Ok(true);
    }

    // Which group (by the index of its section) holds each section, and each group's
    // members in the order they were added.
    let mut owner: Vec<Option<usize>> = vec![None; shnum];
    let mut members: Vec<(usize, Vec<usize>)> = Vec::new();
    let mut symtab_sec: Option<usize> = None;
    let mut symtab: Option<Vec<ElfSym>> = None;
    let mut strtab_sec: Option<usize> = None;
    let mut strtab: Option<&[u8]> = None;

    for (i, section) in shdrs.iter().enumerate().take(shnum) {
        if section.sh_type != SHT_GROUP {
            continue;
        }
        let name = cx.printable_section_name(section);
        let link = section.sh_link as usize;
        if link >= shnum || shdrs.get(link).map(|s| s.sh_type) != Some(SHT_SYMTAB) {
            cx.diag
                .error(format_args!("Bad sh_link in group section `{name}'\n"));
            continue;
        }
        if symtab_sec != Some(link) {
            symtab_sec = Some(link);
            let sh = shdrs.get(link).copied().unwrap_or_default();
            symtab = get_elf_symbols(cx, &sh);
        }
        let Some(syms) = symtab.as_ref() else {
            cx.diag
                .error(format_args!("Corrupt header in group section `{name}'\n"));
            continue;
        };
        let Some(sym) = syms.get(section.sh_info as usize).copied() else {
            cx.diag
                .error(format_args!("Bad sh_info in group section `{name}'\n"));
            continue;
        };
        let group_name: Vec<u8> = if sym.st_type() == STT_SECTION {
            let ndx = sym.st_shndx as usize;
            if ndx == 0 || ndx >= shnum {
                cx.diag
                    .error(format_args!("Bad sh_info in group section `{name}'\n"));
                continue;
            }
            strtab_sec = None;
            strtab = None;
            let sh = shdrs.get(ndx).copied().unwrap_or_default();
            cx.section_name_raw(&sh).to_vec()
        } else {
            let sym_link = shdrs.get(link).map_or(0, |s| s.sh_link as usize);
            if sym_link >= shnum {
                strtab_sec = None;
                strtab = None;
            } else if strtab_sec != Some(sym_link) {
                strtab_sec = Some(sym_link);
                let ss = shdrs.get(sym_link).copied().unwrap_or_default();
                strtab = cx.get_data(ss.sh_offset, 1, ss.sh_size, Some("string table"));
            }
            match strtab.and_then(|t| t.get(sym.st_name as usize..)) {
                Some(rest) if !rest.is_empty() => {
                    rest.split(|&b| b == 0).next().unwrap_or(rest).to_vec()
                }
                _ => b"<corrupt>".to_vec(),
            }
        };

        if section.sh_entsize > section.sh_size {
            cx.diag.error(format_args!(
                "Section {name} has sh_entsize ({}) which is larger than its size ({})\n",
                alt_hex(section.sh_entsize),
                alt_hex(section.sh_size)
            ));
            continue;
        }
        let Some(start) = cx.get_data(section.sh_offset, 1, section.sh_size, Some("section data"))
        else {
            continue;
        };
        // GNU divides by sh_entsize (and crashes on 0); treat 0 as the 4-byte word.
        let entsize = if section.sh_entsize == 0 {
            4
        } else {
            section.sh_entsize
        };
        let size = (section.sh_size / entsize).wrapping_sub(1) as u32;
        // Shorter than the flag word: GNU reads flags 0 and members past its buffer.
        let group = libelf::read::GroupSection::new(start, cx.endian()).ok();
        let flags = group.map_or(0, |g| g.flags());

        if show {
            write!(
                cx.out,
                "\n{}group section [{i:5}] `{name}' [",
                libelf::names::group_flags_text(flags)
            )?;
            cx.out.write_all(&group_name)?;
            writeln!(cx.out, "] contains {size} sections:")?;
            writeln!(cx.out, "   [Index]    Name")?;
        }

        for j in 0..size as usize {
            // Members past the section's data are where GNU reads beyond its buffer.
            let Some(entry) = group.and_then(|g| g.get(j)) else {
                break;
            };
            let entry = entry.0;
            let e = entry as usize;
            if e >= shnum {
                // GNU's function-local statics count for the whole run.
                let n = cx.run.groups.overlarge_index;
                cx.run.groups.overlarge_index = n.saturating_add(1);
                if n < 10 {
                    cx.diag.error(format_args!(
                        "section [{entry:5}] in group section [{i:5}] > maximum section [{:5}]\n",
                        shnum - 1
                    ));
                    if n + 1 == 10 {
                        cx.diag.warn(format_args!(
                            "Further error messages about overlarge group section indices suppressed\n"
                        ));
                    }
                }
                continue;
            }
            if let Some(prev) = owner.get(e).copied().flatten() {
                if entry != 0 {
                    let n = cx.run.groups.already_in_group;
                    cx.run.groups.already_in_group = n.saturating_add(1);
                    if n < 10 {
                        cx.diag.error(format_args!(
                            "section [{entry:5}] in group section [{i:5}] already in group section [{prev:5}]\n"
                        ));
                        if n + 1 == 10 {
                            cx.diag.warn(format_args!(
                                "Further error messages about already contained group sections suppressed\n"
                            ));
                        }
                    }
                    continue;
                }
                if !cx.run.groups.warned_section0 {
                    cx.diag
                        .error(format_args!("section 0 in group section [{prev:5}]\n"));
                    cx.run.groups.warned_section0 = true;
                }
            }
            if let Some(slot) = owner.get_mut(e) {
                *slot = Some(i);
            }
            match members.last_mut() {
                Some((g, m)) if *g == i => m.push(e),
                _ => members.push((i, vec![e])),
            }
            if show {
                let sh = shdrs.get(e).copied().unwrap_or_default();
                let n = cx.printable_section_name(&sh);
                writeln!(cx.out, "   [{entry:5}]   {n}")?;
            }
        }
    }
    // GNU pushes each member on the front of its group's list.
    let lists: Vec<(usize, std::rc::Rc<Vec<usize>>)> = members
        .into_iter()
        .map(|(g, mut m)| {
            m.reverse();
            (g, std::rc::Rc::new(m))
        })
        .collect();
    cx.section_group = owner
        .iter()
        .map(|o| o.and_then(|g| lists.iter().find(|(k, _)| *k == g).map(|(_, m)| m.clone())))
        .collect();
    Ok(true)
}

#[cfg(test)]
mod whole_file_tests {
    use crate::display::notes::testelf::{build, expect_gnu, words, Sec};
    use crate::options::Options;

    /// An ELF64 symbol: name, info, shndx.
    fn sym(name: u32, info: u8, shndx: u16) -> Vec<u8> {
        let mut v = name.to_le_bytes().to_vec();
        v.extend([info, 0]);
        v.extend(shndx.to_le_bytes());
        v.extend([0; 16]);
        v
    }

    /// GNU 2.40 on two groups: a bad member index, and a member claimed twice.
    #[test]
    fn groups_as_gnu_prints_them() {
        let symtab = [sym(0, 0, 0), sym(1, 0x12, 3), sym(0, 3, 4)].concat();
        let secs = [
            // 1: a COMDAT group signed by symbol 1, holding sections 3, 4 and a bad index.
            Sec {
                name: ".group",
                sh_type: 17,
                data: words(&[1, 3, 4, 77]),
                link: 2,
                info: 1,
                entsize: 4,
                align: 4,
                ..Sec::default()
            },
            Sec {
                name: ".symtab",
                sh_type: 2,
                data: symtab,
                link: 5,
                info: 1,
                entsize: 24,
                align: 8,
                ..Sec::default()
            },
            Sec {
                name: ".text.f",
                sh_type: 1,
                data: vec![0xc3],
                ..Sec::default()
            },
            Sec {
                name: ".data.f",
                sh_type: 1,
                data: vec![0; 4],
                ..Sec::default()
            },
            Sec {
                name: ".strtab",
                sh_type: 3,
                data: b"\0f\0".to_vec(),
                ..Sec::default()
            },
            // 6: a plain group signed by a section symbol, claiming section 3 again.
            Sec {
                name: ".group",
                sh_type: 17,
                data: words(&[0, 3]),
                link: 2,
                info: 2,
                entsize: 4,
                align: 4,
                ..Sec::default()
            },
        ];
        let wide = |o: &mut Options| {
            o.section_groups = true;
            o.wide = true;
        };
        expect_gnu("groups", &build(true, 1, 62, &secs), wide, true);
    }
}
