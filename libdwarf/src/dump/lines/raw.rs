//! `--debug-dump=rawline`: GNU's `display_debug_lines_raw`.

use std::io::{self, Write as _};

use super::forms::{self, Strings, ValueCx};
use super::{
    each_program, push_alt_hex, push_dec, push_hex08, push_udec, read_sleb, read_uleb, strnlen,
    AltHex, Buf, Dumper, LineInfo, Next, Regs, Section, TableSource,
};

/// Loads the string sections the DWARF 5 tables may use.
pub(super) struct Loaded<'a> {
    line_str: Option<Section<'a>>,
    str: Option<Section<'a>>,
    str_offsets: Option<Section<'a>>,
    str_indexed: Option<Section<'a>>,
    dwo: bool,
    others: [Option<Section<'a>>; 5],
}

impl<'a> Loaded<'a> {
    pub(super) fn new(d: &mut Dumper<'_, 'a>, sec: &Section<'_>) -> Loaded<'a> {
        let dwo = sec.name.ends_with(".dwo");
        let (so, si) = if dwo {
            (".debug_str_offsets.dwo", ".debug_str.dwo")
        } else {
            (".debug_str_offsets", ".debug_str")
        };
        // GNU loads `.debug_line_str` for DWARF 5 tables; the other sections a form
        // may refer to are read as they happen to be loaded.
        Loaded {
            line_str: d.load(".debug_line_str"),
            str: d.peek(".debug_str"),
            str_offsets: d.peek(so),
            str_indexed: d.peek(si),
            dwo,
            others: [
                ".debug_loclists",
                ".debug_loclists.dwo",
                ".debug_rnglists",
                ".debug_rnglists.dwo",
                ".debug_addr",
            ]
            .map(|n| d.peek(n)),
        }
    }

    pub(super) fn strings(&self) -> Strings<'_> {
        Strings {
            line_str: self.line_str.as_ref().map(|s| &*s.data),
            str: self.str.as_ref().map(|s| &*s.data),
            str_offsets: self.str_offsets.as_ref().map(|s| &*s.data),
            str_indexed: self.str_indexed.as_ref().map(|s| &*s.data),
            dwo: self.dwo,
            loclists: self.other(0),
            loclists_dwo: self.other(1),
            rnglists: self.other(2),
            rnglists_dwo: self.other(3),
            addr: self.other(4),
        }
    }

    fn other(&self, i: usize) -> Option<&[u8]> {
        self.others
            .get(i)
            .and_then(|s| s.as_ref())
            .map(|s| &*s.data)
    }
}

/// The raw display of one line section.
///
/// # Errors
/// Only output errors.
pub(super) fn display(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    each_program(d, sec, true, |d, strings, b, start, mut data| {
        let li = start.li;
        let end = b.data.len();
        let mut regs = Regs::reset(li.default_is_stmt);
        if let Some(hdrptr) = start.std_opcodes {
            if hdrptr.saturating_add(usize::from(li.opcode_base)) >= end {
                d.warn("Line Base extends beyond end of section\n");
                return Ok(Next::Break(false));
            }
            d.out.write_all(b"\n Opcodes:\n")?;
            for i in 1..li.opcode_base {
                let n = b.byte(hdrptr + usize::from(i) - 1);
                let s = if n == 1 { "" } else { "s" };
                writeln!(d.out, "  Opcode {i} has {n} arg{s}")?;
            }
            data = (hdrptr + usize::from(li.opcode_base)).saturating_sub(1);
            if li.version >= 5 {
                let src = TableSource {
                    strings,
                    b,
                    vc: ValueCx {
                        offset_size: li.offset_size,
                        version: li.version,
                    },
                };
                data = formatted_table(d, &src, data, true)?;
                data = formatted_table(d, &src, data, false)?;
            } else {
                if table_heading(d, "Directory Table", b.byte(data) == 0, data)? {
                    let mut n = 0u32;
                    while data < end && b.byte(data) != 0 {
                        n = n.wrapping_add(1);
                        let s = super::cstr(b.data, data, end);
                        write!(d.out, "  {n}\t")?;
                        d.out.write_all(s)?;
                        d.out.write_all(b"\n")?;
                        data += s.len();
                        if data < end {
                            data += 1;
                        }
                    }
                    if data >= end.saturating_sub(1) {
                        // GNU's `break` out of the walk over the section.
                        return Ok(Next::Break(true));
                    }
                }
                if data < end {
                    data += 1;
                }
                let empty = data >= end || b.byte(data) == 0;
                if table_heading(d, "File Name Table", empty, data)? {
                    d.out.write_all(b"  Entry\tDir\tTime\tSize\tName\n")?;
                    while data < end && b.byte(data) != 0 {
                        regs.last_file_entry = regs.last_file_entry.wrapping_add(1);
                        write!(d.out, "  {}\t", regs.last_file_entry)?;
                        let name = data;
                        data += strnlen(b.data, data, end);
                        if data < end {
                            data += 1;
                        }
                        for _ in 0..3 {
                            let v = read_uleb(d, b, &mut data, end);
                            write!(d.out, "{v}\t")?;
                        }
                        d.out.write_all(super::cstr(b.data, name, end))?;
                        d.out.write_all(b"\n")?;
                        if data >= end {
                            d.warn("Corrupt file name table entry\n");
                            break;
                        }
                    }
                }
                if data < end {
                    data += 1;
                }
            }
            d.out.write_all(b"\n")?;
            d.state.lines.raw = Some(li);
        }
        let mut o: Vec<u8> = Vec::with_capacity(1 << 16);
        let r = statements_into(
            d,
            &mut o,
            b,
            &li,
            &mut regs,
            start.std_opcodes,
            data,
            start.eos,
            end,
        );
        d.out.write_all(&o)?;
        Ok(Next::Continue(r?))
    })
}

pub(super) fn print_header(d: &mut Dumper<'_, '_>, li: &LineInfo, offset: usize) -> io::Result<()> {
    let o = &mut *d.out;
    writeln!(
        o,
        "  Offset:                      {}",
        AltHex(offset as u64)
    )?;
    writeln!(o, "  Length:                      {}", li.length as i64)?;
    writeln!(o, "  DWARF Version:               {}", li.version)?;
    if li.version >= 5 {
        writeln!(o, "  Address size (bytes):        {}", li.address_size)?;
        writeln!(o, "  Segment selector (bytes):    {}", li.segment_size)?;
    }
    writeln!(
        o,
        "  Prologue Length:             {}",
        li.prologue_length as i32
    )?;
    writeln!(o, "  Minimum Instruction Length:  {}", li.min_insn_length)?;
    if li.version >= 4 {
        writeln!(o, "  Maximum Ops per Instruction: {}", li.max_ops_per_insn)?;
    }
    writeln!(o, "  Initial value of 'is_stmt':  {}", li.default_is_stmt)?;
    writeln!(o, "  Line Base:                   {}", li.line_base)?;
    writeln!(o, "  Line Range:                  {}", li.line_range)?;
    writeln!(o, "  Opcode Base:                 {}", li.opcode_base)?;
    Ok(())
}

/// The heading of a DWARF 2-4 directory or file name table: that it is `empty`, or
/// where it starts. Returns whether it has entries.
fn table_heading(d: &mut Dumper<'_, '_>, table: &str, empty: bool, at: usize) -> io::Result<bool> {
    if empty {
        writeln!(d.out, "\n The {table} is empty.")?;
    } else {
        writeln!(d.out, "\n The {table} (offset {}):", AltHex(at as u64))?;
    }
    Ok(!empty)
}

/// GNU's `display_formatted_table`.
fn formatted_table(
    d: &mut Dumper<'_, '_>,
    src: &TableSource<'_, '_>,
    pos: usize,
    is_dir: bool,
) -> io::Result<usize> {
    let TableSource { strings, b, vc } = *src;
    let end = b.data.len();
    let table = if is_dir {
        "Directory Table"
    } else {
        "File Name Table"
    };
    let mut data = pos;
    let format_count = b.safe_get_inc(&mut data, 1, end) as u8;
    let format_start = data;
    for _ in 0..format_count {
        b.skip_uleb(&mut data, end);
        b.skip_uleb(&mut data, end);
        if data >= end {
            d.warn(&format!("{table}: Corrupt format description entry\n"));
            return Ok(data);
        }
    }
    let data_count = read_uleb(d, b, &mut data, end);
    if data_count == 0 {
        writeln!(d.out, "\n The {table} is empty.")?;
        return Ok(data);
    } else if data >= end {
        d.warn(&format!(
            "{table}: Corrupt entry count - expected {} but none found\n",
            AltHex(data_count)
        ));
        return Ok(data);
    } else if format_count == 0 {
        d.warn(&format!(
            "{table}: format count is zero, but the table is not empty\n"
        ));
        return Ok(end);
    }
    writeln!(
        d.out,
        "\n The {table} (offset {}, lines {data_count}, columns {format_count}):",
        AltHex(data as u64)
    )?;
    // The formats (content type, form), read as GNU reads them.
    let mut formats = Vec::with_capacity(usize::from(format_count));
    {
        let mut f = format_start;
        for _ in 0..format_count {
            let ct = read_uleb(d, b, &mut f, end);
            let form = read_uleb(d, b, &mut f, end);
            formats.push((ct, form));
        }
    }
    d.out.write_all(b"  Entry")?;
    for namepass in [false, true] {
        for &(ct, _) in &formats {
            if (ct == 1) != namepass {
                continue;
            }
            match ct {
                1 => d.out.write_all(b"\tName")?,
                2 => d.out.write_all(b"\tDir")?,
                3 => d.out.write_all(b"\tTime")?,
                4 => d.out.write_all(b"\tSize")?,
                5 => d.out.write_all(b"\tMD5\t\t\t")?,
                _ => write!(d.out, "\t(Unknown format content type {ct})")?,
            }
        }
    }
    d.out.write_all(b"\n")?;
    let mut last_entry = 0u32;
    let mut datai = 0u64;
    while datai < data_count {
        let datapass = data;
        let before = data;
        write!(d.out, "  {}", last_entry as i32)?;
        last_entry = last_entry.wrapping_add(1);
        for namepass in [false, true] {
            data = datapass;
            for &(ct, form) in &formats {
                let do_loc = (ct == 1) != namepass;
                data = forms::attr_value(d, strings, b, vc, form, data, end, do_loc)?;
            }
        }
        if data >= end && datai < data_count - 1 {
            d.warn(&format!("\n{table}: Corrupt entries list\n"));
            return Ok(data);
        }
        d.out.write_all(b"\n")?;
        datai += 1;
        // Entries that read nothing would repeat forever; GNU would print them all.
        if data == before && datai > (b.data.len() as u64).saturating_add(1 << 16) {
            break;
        }
    }
    Ok(data)
}

/// An address advance of `uladv` operations as GNU shows it after "by": the advance
/// and the new address, with the operation index in VLIW programs
/// (`max_ops_per_insn` > 1), where the advance is the operation count.
fn advance_address(o: &mut Vec<u8>, regs: &mut Regs, li: &LineInfo, uladv: u64) -> io::Result<()> {
    if li.max_ops_per_insn == 1 {
        let adv = regs.advance_ops(li, uladv);
        push_udec(o, adv);
        o.extend_from_slice(b" to ");
        push_alt_hex(o, regs.address);
        Ok(())
    } else {
        regs.advance_ops(li, uladv);
        write!(o, "{uladv} to {}[{}]", AltHex(regs.address), regs.op_index)
    }
}

/// GNU's statement loop of the raw display, into `o` (flushed to the output as it
/// fills); returns the position after it.
#[allow(clippy::too_many_arguments)]
fn statements_into(
    d: &mut Dumper<'_, '_>,
    o: &mut Vec<u8>,
    b: &Buf<'_>,
    li: &LineInfo,
    regs: &mut Regs,
    std_opcodes: Option<usize>,
    pos: usize,
    eos: usize,
    end: usize,
) -> io::Result<usize> {
    let mut data = pos;
    if data >= eos {
        o.write_all(b" No Line Number Statements.\n")?;
        return Ok(data);
    }
    o.write_all(b" Line Number Statements:\n")?;
    while data < eos {
        if o.len() >= 1 << 15 {
            d.out.write_all(o)?;
            o.clear();
        }
        o.extend_from_slice(b"  [0x");
        push_hex08(o, data as u64);
        o.push(b']');
        let op = b.byte(data);
        data += 1;
        if op >= li.opcode_base {
            let op = op - li.opcode_base;
            let uladv = u64::from(op / li.line_range);
            o.extend_from_slice(b"  Special opcode ");
            push_dec(o, i64::from(op));
            o.extend_from_slice(b": advance Address by ");
            advance_address(o, regs, li, uladv)?;
            let adv = i64::from(op % li.line_range) + i64::from(li.line_base);
            regs.line = regs.line.wrapping_add(adv as u32);
            o.extend_from_slice(b" and Line by ");
            push_dec(o, adv);
            o.extend_from_slice(b" to ");
            push_dec(o, i64::from(regs.line as i32));
            view_suffix(o, regs);
            continue;
        }
        match op {
            0 => {
                let n = extended_op(d, o, b, regs, li.default_is_stmt, data, end)?;
                data = data.saturating_add(n);
            }
            1 => {
                o.extend_from_slice(b"  Copy");
                view_suffix(o, regs);
            }
            2 => {
                let uladv = read_uleb(d, b, &mut data, end);
                o.extend_from_slice(b"  Advance PC by ");
                advance_address(o, regs, li, uladv)?;
                o.push(b'\n');
            }
            3 => {
                let adv = read_sleb(d, b, &mut data, end);
                regs.line = regs.line.wrapping_add(adv as u32);
                o.extend_from_slice(b"  Advance Line by ");
                push_dec(o, adv);
                o.extend_from_slice(b" to ");
                push_dec(o, i64::from(regs.line as i32));
                o.push(b'\n');
            }
            4 => {
                let v = read_uleb(d, b, &mut data, end);
                writeln!(o, "  Set File Name to entry {v} in the File Name Table")?;
                regs.file = v as u32;
            }
            5 => {
                let v = read_uleb(d, b, &mut data, end);
                o.extend_from_slice(b"  Set column to ");
                push_udec(o, v);
                o.push(b'\n');
            }
            6 => {
                regs.is_stmt = i32::from(regs.is_stmt == 0);
                writeln!(o, "  Set is_stmt to {}", regs.is_stmt)?;
            }
            7 => o.write_all(b"  Set basic block\n")?,
            8 => {
                // GNU tests max_ops_per_insn for non-zero here, so never shows op_index.
                let uladv = u64::from((255 - li.opcode_base) / li.line_range)
                    .wrapping_mul(u64::from(li.min_insn_length));
                regs.address = regs.address.wrapping_add(uladv);
                if uladv != 0 {
                    regs.view = 0;
                }
                writeln!(
                    o,
                    "  Advance PC by constant {uladv} to {}",
                    AltHex(regs.address)
                )?;
            }
            9 => {
                let v = b.safe_get_inc(&mut data, 2, end);
                regs.address = regs.address.wrapping_add(v);
                regs.op_index = 0;
                writeln!(
                    o,
                    "  Advance PC by fixed size amount {v} to {}",
                    AltHex(regs.address)
                )?;
            }
            10 => o.write_all(b"  Set prologue_end to true\n")?,
            11 => o.write_all(b"  Set epilogue_begin to true\n")?,
            12 => {
                let v = read_uleb(d, b, &mut data, end);
                writeln!(o, "  Set ISA to {v}")?;
            }
            _ => {
                write!(o, "  Unknown opcode {op} with operands: ")?;
                if let Some(so) = std_opcodes {
                    let n = b.byte(so + usize::from(op) - 1);
                    for i in (1..=n).rev() {
                        let v = read_uleb(d, b, &mut data, end);
                        let sep = if i == 1 { "" } else { ", " };
                        write!(o, "{}{sep}", AltHex(v))?;
                    }
                }
                o.write_all(b"\n")?;
            }
        }
    }
    o.write_all(b"\n")?;
    Ok(data)
}

/// The ` (view N)` suffix and the view increment after a row.
fn view_suffix(o: &mut Vec<u8>, regs: &mut Regs) {
    if regs.view != 0 {
        o.extend_from_slice(b" (view ");
        push_udec(o, u64::from(regs.view));
        o.extend_from_slice(b")\n");
    } else {
        o.push(b'\n');
    }
    regs.view = regs.view.wrapping_add(1);
}

/// GNU's `process_extended_line_op`; returns the bytes it covers.
fn extended_op(
    d: &mut Dumper<'_, '_>,
    o: &mut Vec<u8>,
    b: &Buf<'_>,
    regs: &mut Regs,
    is_stmt: u8,
    pos: usize,
    end: usize,
) -> io::Result<usize> {
    let mut data = pos;
    let len = read_uleb(d, b, &mut data, end);
    let header_len = data - pos;
    if len == 0 || data >= end || len > (end - data) as u64 {
        d.warn("Badly formed extended line op encountered!\n");
        return Ok(header_len);
    }
    let len = len as usize;
    let op = b.byte(data);
    data += 1;
    o.extend_from_slice(b"  Extended opcode ");
    push_dec(o, i64::from(op));
    o.extend_from_slice(b": ");
    match op {
        1 => {
            o.write_all(b"End of Sequence\n\n")?;
            *regs = Regs::reset(is_stmt);
        }
        2 => {
            let adr = if len - 1 > 8 {
                d.warn(&format!(
                    "Length ({}) of DW_LNE_set_address op is too long\n",
                    len - 1
                ));
                0
            } else {
                b.safe_get(data, len - 1, end).0
            };
            o.extend_from_slice(b"set Address to ");
            push_alt_hex(o, adr);
            o.push(b'\n');
            regs.address = adr;
            regs.view = 0;
            regs.op_index = 0;
        }
        3 => {
            o.write_all(b"define new File Table entry\n")?;
            o.write_all(b"  Entry\tDir\tTime\tSize\tName\n")?;
            regs.last_file_entry = regs.last_file_entry.wrapping_add(1);
            write!(o, "   {}\t", regs.last_file_entry as i32)?;
            let name = super::cstr(b.data, data, end);
            data += name.len();
            if data < end {
                data += 1;
            }
            for _ in 0..3 {
                let v = read_uleb(d, b, &mut data, end);
                write!(o, "{v}\t")?;
            }
            o.write_all(name)?;
            o.write_all(b"\n\n")?;
            if data - pos != len + header_len || data >= end {
                d.warn("DW_LNE_define_file: Bad opcode length\n");
            }
        }
        4 => {
            let v = read_uleb(d, b, &mut data, end);
            writeln!(o, "set Discriminator to {v}")?;
        }
        0x11 => o.write_all(b"DW_LNE_HP_negate_is_UV_update\n")?,
        0x12 => o.write_all(b"DW_LNE_HP_push_context\n")?,
        0x13 => o.write_all(b"DW_LNE_HP_pop_context\n")?,
        0x14 => o.write_all(b"DW_LNE_HP_set_file_line_column\n")?,
        0x15 => o.write_all(b"DW_LNE_HP_set_routine_name\n")?,
        0x16 => o.write_all(b"DW_LNE_HP_set_sequence\n")?,
        0x17 => o.write_all(b"DW_LNE_HP_negate_post_semantics\n")?,
        0x18 => o.write_all(b"DW_LNE_HP_negate_function_exit\n")?,
        0x19 => o.write_all(b"DW_LNE_HP_negate_front_end_logical\n")?,
        0x20 => o.write_all(b"DW_LNE_HP_define_proc\n")?,
        0x80 => {
            let edata = data + len - 1;
            o.write_all(b"DW_LNE_HP_source_file_correlation\n")?;
            while data < edata {
                let opc = super::read_uleb32(d, b, &mut data, edata);
                match opc {
                    1 => o.write_all(b"    DW_LNE_HP_SFC_formfeed\n")?,
                    2 => {
                        let v = read_uleb(d, b, &mut data, edata);
                        writeln!(o, "    DW_LNE_HP_SFC_set_listing_line ({v})")?;
                    }
                    3 => {
                        o.write_all(b"    DW_LNE_HP_SFC_associate ")?;
                        let v1 = read_uleb(d, b, &mut data, edata);
                        let v2 = read_uleb(d, b, &mut data, edata);
                        let v3 = read_uleb(d, b, &mut data, edata);
                        writeln!(o, "({v1},{v2},{v3})")?;
                    }
                    _ => {
                        writeln!(o, "    UNKNOWN DW_LNE_HP_SFC opcode ({opc})")?;
                        data = edata;
                    }
                }
            }
        }
        _ => {
            let rlen = len - 1;
            if op >= 0x80 {
                o.write_all(b"user defined: ")?;
            } else {
                o.write_all(b"UNKNOWN: ")?;
            }
            write!(o, "length {} [", rlen as i32)?;
            for i in 0..rlen {
                write!(o, " {:02x}", b.byte(data + i))?;
            }
            o.write_all(b"]\n")?;
        }
    }
    Ok(len + header_len)
}
