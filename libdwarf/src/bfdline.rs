//! How BFD 2.40 reads a DWARF 5 line table whose offset size is not its unit's
//! (GCC's `-gdwarf64` objects: 64-bit `.debug_info`, 32-bit `.debug_line` from the
//! assembler).
//!
//! BFD reads the directory and file name entries' offsets (`DW_FORM_line_strp`…)
//! with the unit's size, so it reads them wrong and goes on reading the entry
//! formats and entries from the wrong bytes, then runs the line program from
//! wherever that ended (it never looks at `header_length`). When that does not fail,
//! the table has rows at real addresses with made-up lines and no file names. The
//! rows are made here as BFD makes them: a row's file is `None` for BFD's no name
//! (objdump's `???`) and `Some("<unknown>")` for a file number past the (garbled)
//! table.

use gimli::Reader as _;

use crate::Reader;

/// One row: address, file (see the module), line, discriminator, end of sequence.
pub(crate) type BfdRow = (u64, Option<&'static str>, u32, u32, bool);

/// The rows BFD makes of `unit`'s line table read with the unit's offset size, or
/// `None` where BFD fails on it (an unknown entry content type or form, an unknown
/// extended opcode, a zero line range, running out of bytes in the header).
pub(crate) fn misread_rows(unit: gimli::UnitRef<'_, Reader>) -> Option<Vec<BfdRow>> {
    use gimli::Section as _;
    let program = unit.line_program.as_ref()?;
    let offset = program.header().offset().0;
    let mut r = unit.dwarf.debug_line.reader().clone();
    r.skip(offset).ok()?;
    let unit_word = u64::from(unit.header.format().word_size());
    let addr_size = unit.header.address_size();
    // The table's own length (32-bit, or 64-bit after 0xffffffff).
    let mut len = u64::from(r.read_u32().ok()?);
    let mut word = 4;
    if len == 0xffff_ffff {
        len = r.read_u64().ok()?;
        word = 8;
    }
    r.truncate(usize::try_from(len).ok()?).ok()?;
    let version = r.read_u16().ok()?;
    if version != 5 {
        return None;
    }
    r.skip(2).ok()?; // address size, segment selector size
    r.skip(word).ok()?; // header_length, which BFD does not use
    let min_inst = u64::from(r.read_u8().ok()?);
    let max_ops = r.read_u8().ok()?;
    if max_ops != 1 {
        return None;
    }
    r.read_u8().ok()?; // default_is_stmt
    let line_base = r.read_i8().ok()?;
    let line_range = r.read_u8().ok()?;
    let opcode_base = r.read_u8().ok()?;
    let mut std_lengths = vec![1u8];
    for _ in 1..opcode_base {
        std_lengths.push(r.read_u8().ok()?);
    }
    // Directory entries (their count only matters to BFD as names), then files.
    entries(&mut r, unit_word)?;
    // Only the misread that leaves no file entries is modelled (its rows have no
    // file, or `<unknown>`); with entries, BFD would name files from wrongly read
    // offsets.
    if entries(&mut r, unit_word)? != 0 {
        return None;
    }
    let mut rows = Vec::new();
    while !r.is_empty() {
        let mut address = 0u64;
        let mut line = 1u32;
        let mut discriminator = 0u32;
        let mut file = None;
        loop {
            if r.is_empty() {
                break;
            }
            let op = r.read_u8().ok()?;
            if op >= opcode_base {
                if line_range == 0 {
                    return None;
                }
                let adj = op - opcode_base;
                address = address.wrapping_add(u64::from(adj / line_range) * min_inst);
                line = line
                    .wrapping_add(line_base as u32)
                    .wrapping_add(u32::from(adj % line_range));
                rows.push((address, file, line, discriminator, false));
                discriminator = 0;
                continue;
            }
            match op {
                0 => {
                    let _len = r.read_uleb128().unwrap_or(0);
                    let ext = r.read_u8().unwrap_or(0);
                    match ext {
                        1 => {
                            rows.push((address, file, line, discriminator, true));
                            break;
                        }
                        2 => {
                            // Short of bytes, BFD reads 0 and stops at the end.
                            let a = match addr_size {
                                8 => r.read_u64().ok(),
                                4 => r.read_u32().ok().map(u64::from),
                                _ => return None,
                            };
                            address = a.unwrap_or_else(|| {
                                r.empty();
                                0
                            });
                        }
                        3 => {
                            // DW_LNE_define_file: BFD adds a file; its name is read
                            // here but the rows keep naming by number.
                            r.read_null_terminated_slice().ok()?;
                            for _ in 0..3 {
                                r.read_uleb128().ok()?;
                            }
                        }
                        4 => {
                            discriminator =
                                u32::try_from(r.read_uleb128().unwrap_or(0)).unwrap_or(u32::MAX);
                        }
                        _ => return None,
                    }
                }
                1 => {
                    rows.push((address, file, line, discriminator, false));
                    discriminator = 0;
                }
                2 => {
                    let n = r.read_uleb128().unwrap_or(0);
                    address = address.wrapping_add(min_inst.wrapping_mul(n));
                }
                3 => {
                    let n = r.read_sleb128().unwrap_or(0);
                    line = line.wrapping_add(n as u32);
                }
                4 => {
                    // Every file number is past the empty table.
                    r.read_uleb128().unwrap_or(0);
                    file = Some("<unknown>");
                }
                5 => {
                    r.read_uleb128().unwrap_or(0);
                }
                6 | 7 => {}
                8 => {
                    if line_range == 0 {
                        return None;
                    }
                    let adj = (255 - u64::from(opcode_base)) / u64::from(line_range);
                    address = address.wrapping_add(min_inst * adj);
                }
                9 => {
                    let n = r.read_u16().unwrap_or(0);
                    address = address.wrapping_add(u64::from(n));
                }
                _ => {
                    let n = std_lengths.get(usize::from(op)).copied().unwrap_or(0);
                    for _ in 0..n {
                        r.read_uleb128().unwrap_or(0);
                    }
                }
            }
        }
    }
    Some(rows)
}

/// Reads one entry table (format count, formats, entry count, entries) as BFD does
/// with offsets of `word` bytes; the number of entries, or `None` where BFD fails.
fn entries(r: &mut Reader, word: u64) -> Option<u64> {
    let format_count = r.read_u8().ok()?;
    let mut formats = Vec::new();
    for _ in 0..format_count {
        let content = r.read_uleb128().unwrap_or(0);
        let form = r.read_uleb128().unwrap_or(0);
        formats.push((content, form));
    }
    let count = r.read_uleb128().unwrap_or(0);
    if format_count == 0 && count != 0 {
        return None;
    }
    if count > r.len() as u64 {
        return None;
    }
    for _ in 0..count {
        for &(content, form) in &formats {
            // DW_LNCT_path, directory_index, timestamp, size, MD5.
            if !(1..=5).contains(&content) {
                return None;
            }
            skip_form(r, form, word)?;
        }
    }
    Some(count)
}

/// Skips a value of `form` as BFD's `read_attribute_value` reads it; `None` for a
/// form it does not read here.
fn skip_form(r: &mut Reader, form: u64, word: u64) -> Option<()> {
    let n: usize = match gimli::DwForm(u16::try_from(form).ok()?) {
        gimli::DW_FORM_data1 | gimli::DW_FORM_strx1 | gimli::DW_FORM_flag => 1,
        gimli::DW_FORM_data2 | gimli::DW_FORM_strx2 => 2,
        gimli::DW_FORM_strx3 => 3,
        gimli::DW_FORM_data4 | gimli::DW_FORM_strx4 => 4,
        gimli::DW_FORM_data8 => 8,
        gimli::DW_FORM_data16 => 16,
        gimli::DW_FORM_line_strp | gimli::DW_FORM_strp | gimli::DW_FORM_sec_offset => {
            usize::try_from(word).ok()?
        }
        gimli::DW_FORM_udata | gimli::DW_FORM_strx => {
            r.read_uleb128().ok()?;
            0
        }
        gimli::DW_FORM_sdata => {
            r.read_sleb128().ok()?;
            0
        }
        gimli::DW_FORM_string => {
            r.read_null_terminated_slice().ok()?;
            0
        }
        gimli::DW_FORM_block => usize::try_from(r.read_uleb128().ok()?).ok()?,
        gimli::DW_FORM_block1 => usize::from(r.read_u8().ok()?),
        _ => return None,
    };
    r.skip(n).ok()
}
