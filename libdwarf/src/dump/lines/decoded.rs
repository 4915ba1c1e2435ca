//! `--debug-dump=decodedline`: GNU's `display_debug_lines_decoded`.

use std::io;

use super::forms::{self, Strings, ValueCx};
use super::{
    cstr, each_program, push_alt_hex, push_dec, read_sleb32, read_uleb, read_uleb32, strnlen,
    AltHex, Buf, Dumper, LineInfo, Next, Regs, Section, TableSource,
};

/// GNU's `MAX_FILENAME_LENGTH`.
const MAX_NAME: usize = 35;

/// A file table entry: the name (`None` for GNU's NULL) and directory index.
#[derive(Debug, Clone, Copy)]
struct FileEntry<'s> {
    name: Option<&'s [u8]>,
    dir: u32,
}

/// A table GNU allocates with `n` entries: those read, then (when entries stopped
/// consuming bytes) copies of the last one, then entries `DW_LNE_define_file` added.
#[derive(Debug)]
struct Table<T> {
    n: u32,
    items: Vec<T>,
    base_n: u32,
    fill: Option<T>,
    appended: Vec<T>,
}

impl<T: Copy> Table<T> {
    fn new(n: u32) -> Self {
        Table {
            n,
            items: Vec::new(),
            base_n: n,
            fill: None,
            appended: Vec::new(),
        }
    }

    fn get(&self, i: u32) -> Option<T> {
        if i >= self.n {
            None
        } else if i < self.base_n {
            self.items.get(i as usize).copied().or(self.fill)
        } else {
            self.appended.get((i - self.base_n) as usize).copied()
        }
    }

    fn push(&mut self, v: T) {
        self.appended.push(v);
        self.n = self.n.wrapping_add(1);
    }
}

/// GNU's `null_name`.
fn null_name(n: Option<&[u8]>) -> &[u8] {
    n.unwrap_or(b"unknown")
}

/// The decoded display of one line section.
///
/// # Errors
/// Only output errors.
pub(super) fn display(d: &mut Dumper<'_, '_>, sec: &Section<'_>) -> io::Result<bool> {
    each_program(d, sec, false, |d, strings, b, start, mut data| {
        let li = start.li;
        let end = b.data.len();
        let mut files: Option<Table<FileEntry<'_>>> = None;
        let mut dirs: Option<Table<Option<&[u8]>>> = None;
        if let Some(hdrptr) = start.std_opcodes {
            data = (hdrptr + usize::from(li.opcode_base)).saturating_sub(1);
            if data >= end {
                d.warn(&format!(
                    "opcode base of {} extends beyond end of section\n",
                    li.opcode_base
                ));
                return Ok(Next::Break(false));
            }
            let tables = if li.version >= 5 {
                tables_v5(d, strings, b, &li, &mut data, end)?
            } else {
                tables_v4(d, b, &mut data, end)
            };
            let Some((dt, ft)) = tables else {
                return Ok(Next::Break(true));
            };
            dirs = dt;
            files = ft;
            cu_header(d, &li, dirs.as_ref(), files.as_ref())?;
            if files.as_ref().is_some_and(|f| f.n > 0) {
                d.out.write_all(
                    b"File name                            Line number    Starting address    View    Stmt\n",
                )?;
            } else {
                d.out.write_all(b"CU: Empty file name table\n")?;
            }
            d.state.lines.decoded = Some(li);
        }
        let mut regs = Regs::reset(li.default_is_stmt);
        data = program(
            d,
            b,
            &li,
            &mut regs,
            start.std_opcodes,
            &mut files,
            dirs.as_ref(),
            data,
            start.eos,
            end,
        )?;
        d.out.write_all(b"\n")?;
        Ok(Next::Continue(data))
    })
}

type Tables<'s> = Option<(
    Option<Table<Option<&'s [u8]>>>,
    Option<Table<FileEntry<'s>>>,
)>;

/// A DWARF 5 entry format: its count, and where its `(content type, form)` pairs start;
/// `*data` moves past them.
fn entry_format(b: &Buf<'_>, data: &mut usize, end: usize) -> (u8, usize) {
    let count = b.safe_get_inc(data, 1, end) as u8;
    let start = *data;
    for _ in 0..count {
        b.skip_uleb(data, end);
        b.skip_uleb(data, end);
    }
    (count, start)
}

/// A `DW_LNCT_path` of `form` at `at.0` (not past `at.1`): an inline string or one of
/// `.debug_line_str`; `None` for the other forms.
fn path_value<'s>(
    d: &mut Dumper<'_, '_>,
    strings: &Strings<'s>,
    b: &Buf<'s>,
    form: u64,
    (pos, end): (usize, usize),
    osz: usize,
) -> Option<&'s [u8]> {
    match form {
        0x08 => Some(cstr(b.data, pos, b.data.len())),
        0x1f => Some(forms::line_string(d, strings, b.safe_get(pos, osz, end).0)),
        _ => None,
    }
}

/// The DWARF 5 directory and file tables (GNU reads only the path and directory
/// index); `None` when GNU gives up on the section.
fn tables_v5<'s>(
    d: &mut Dumper<'_, '_>,
    strings: &Strings<'s>,
    b: &Buf<'s>,
    li: &LineInfo,
    data: &mut usize,
    end: usize,
) -> io::Result<Tables<'s>> {
    let vc = ValueCx {
        offset_size: li.offset_size,
        version: li.version,
    };
    let osz = usize::from(li.offset_size);
    let src = TableSource { strings, b, vc };
    let dir_path = |d: &mut Dumper<'_, '_>, path: &mut Option<&'s [u8]>, ct, form, at| {
        if ct == 1 {
            *path = path_value(d, strings, b, form, (at, end), osz).or(*path);
        }
    };
    let Some(dirs) = entries_v5(d, &src, data, "directories list", true, None, dir_path)? else {
        return Ok(None);
    };
    let file_field = |d: &mut Dumper<'_, '_>, fe: &mut FileEntry<'s>, ct, form, at| match ct {
        1 => fe.name = path_value(d, strings, b, form, (at, end), osz).or(fe.name),
        2 => match form {
            0x0b => fe.dir = b.safe_get(at, 1, end).0 as u32,
            0x05 => fe.dir = b.safe_get(at, 2, end).0 as u32,
            0x0f => {
                let mut tmp = at;
                fe.dir = read_uleb32(d, b, &mut tmp, end);
            }
            _ => {}
        },
        _ => {}
    };
    let empty = FileEntry { name: None, dir: 0 };
    let Some(files) = entries_v5(d, &src, data, "file name list", false, empty, file_field)? else {
        return Ok(None);
    };
    let dirs = (dirs.n > 0).then_some(dirs);
    let files = (files.n > 0).then_some(files);
    Ok(Some((dirs, files)))
}

/// A DWARF 5 directory or file name table as GNU's decoded display reads it: the entry
/// format, the count, then each entry, whose fields `field` takes in from their content
/// type, form and offset (the values are skipped as `forms::attr_value` reads them).
/// `None`, after GNU's warning about the `list`, when the count runs into the end of the
/// section (only when it is not 0, unless `strict`).
fn entries_v5<'s, E: Copy>(
    d: &mut Dumper<'_, '_>,
    src: &TableSource<'_, 's>,
    data: &mut usize,
    list: &str,
    strict: bool,
    empty: E,
    mut field: impl FnMut(&mut Dumper<'_, '_>, &mut E, u64, u64, usize),
) -> io::Result<Option<Table<E>>> {
    let TableSource { strings, b, vc } = *src;
    let end = b.data.len();
    let (format_count, format_start) = entry_format(b, data, end);
    let n = read_uleb32(d, b, data, end);
    if *data >= end && (strict || n > 0) {
        d.warn(&format!("Corrupt {list}\n"));
        return Ok(None);
    }
    let mut table = Table::new(n);
    for _ in 0..n {
        let before = *data;
        let mut entry = empty;
        let mut format = format_start;
        for _ in 0..format_count {
            let ct = read_uleb(d, b, &mut format, end);
            let form = read_uleb(d, b, &mut format, end);
            if *data >= end {
                d.warn(&format!("Corrupt {list}\n"));
                break;
            }
            field(d, &mut entry, ct, form, *data);
            *data = forms::attr_value(d, strings, b, vc, form, *data, end, true)?;
        }
        table.items.push(entry);
        if *data >= end {
            d.warn(&format!("Corrupt {list}\n"));
            break;
        }
        if *data == before {
            // Every further entry reads the same bytes again.
            table.fill = Some(entry);
            break;
        }
    }
    Ok(Some(table))
}

/// The DWARF 2-4 include directories and file names; `None` when GNU gives up.
fn tables_v4<'s>(d: &mut Dumper<'_, '_>, b: &Buf<'s>, data: &mut usize, end: usize) -> Tables<'s> {
    let mut dirs = None;
    let mut files = None;
    if b.byte(*data) != 0 {
        let mut t = Table::new(0);
        while *data < end && b.byte(*data) != 0 {
            let s = cstr(b.data, *data, end);
            t.items.push(Some(s));
            *data += s.len();
            if *data < end {
                *data += 1;
            }
            t.n = t.n.wrapping_add(1);
            t.base_n = t.n;
        }
        if *data >= end {
            d.warn("directory table ends unexpectedly\n");
            return None;
        }
        dirs = Some(t);
    }
    *data += 1;
    if *data < end && b.byte(*data) != 0 {
        // First pass: count (GNU skips with bounded reads).
        let first = *data;
        let mut n = 0u32;
        while *data < end && b.byte(*data) != 0 {
            *data += strnlen(b.data, *data, end);
            if *data < end {
                *data += 1;
            }
            b.skip_uleb(data, end);
            b.skip_uleb(data, end);
            b.skip_uleb(data, end);
            n = n.wrapping_add(1);
        }
        if *data >= end {
            d.warn("file table ends unexpectedly\n");
            return None;
        }
        // Second pass: the names and directory indexes, with GNU's LEB checks.
        let mut t = Table::new(n);
        let mut p = first;
        for _ in 0..n {
            let name = cstr(b.data, p, b.data.len());
            p += name.len() + 1;
            let dir = read_uleb32(d, b, &mut p, end);
            read_uleb32(d, b, &mut p, end);
            read_uleb32(d, b, &mut p, end);
            t.items.push(FileEntry {
                name: Some(name),
                dir,
            });
        }
        files = Some(t);
    }
    *data += 1;
    Some((dirs, files))
}

/// The `CU: …` line.
fn cu_header(
    d: &mut Dumper<'_, '_>,
    li: &LineInfo,
    dirs: Option<&Table<Option<&[u8]>>>,
    files: Option<&Table<FileEntry<'_>>>,
) -> io::Result<()> {
    let Some(files) = files else {
        return d.out.write_all(b"CU: No directory table\n");
    };
    let first = files.get(0).unwrap_or(FileEntry { name: None, dir: 0 });
    let Some(dirs) = dirs else {
        d.out.write_all(b"CU: ")?;
        d.out.write_all(null_name(first.name))?;
        return d.out.write_all(b":\n");
    };
    let ix = first.dir;
    let directory: Option<&[u8]> = if ix == 0 && li.version < 5 {
        Some(b".")
    } else if dirs.n == 0 {
        Some(b"<unknown>")
    } else {
        match dir_index(d, li, dirs, ix) {
            Ok(ix) => dirs.get(ix).flatten(),
            Err(_) => Some(b"<corrupt>"),
        }
    };
    if d.opts.wide {
        d.out.write_all(b"CU: ")?;
        d.out.write_all(null_name(directory))?;
        d.out.write_all(b"/")?;
    }
    d.out.write_all(null_name(first.name))?;
    d.out.write_all(b":\n")
}

/// A file entry's directory index `ix` into `dirs` (counted from 1 before DWARF 5):
/// `Err` with the index, after GNU's warning, when it is past the end.
fn dir_index<T: Copy>(
    d: &mut Dumper<'_, '_>,
    li: &LineInfo,
    dirs: &Table<T>,
    ix: u32,
) -> Result<u32, u32> {
    let ix = if li.version < 5 {
        ix.wrapping_sub(1)
    } else {
        ix
    };
    if ix >= dirs.n {
        d.warn(&format!(
            "directory index {ix} >= number of directories {}\n",
            dirs.n
        ));
        return Err(ix);
    }
    Ok(ix)
}

/// The line number program of one unit; returns the position after it.
#[allow(clippy::too_many_arguments)]
fn program<'s>(
    d: &mut Dumper<'_, '_>,
    b: &Buf<'s>,
    li: &LineInfo,
    regs: &mut Regs,
    std_opcodes: Option<usize>,
    files: &mut Option<Table<FileEntry<'s>>>,
    dirs: Option<&Table<Option<&'s [u8]>>>,
    pos: usize,
    eos: usize,
    end: usize,
) -> io::Result<usize> {
    let mut data = pos;
    while data < eos {
        let op = b.byte(data);
        data += 1;
        let mut special = false;
        // GNU's `xop`: the opcode, or the negated extended opcode.
        let mut xop = i32::from(op);
        if op >= li.opcode_base {
            let op = op - li.opcode_base;
            let uladv = u64::from(op / li.line_range);
            regs.advance_ops(li, uladv);
            let adv = i32::from(op % li.line_range) + i32::from(li.line_base);
            regs.line = regs.line.wrapping_add(adv as u32);
            special = true;
        } else {
            match op {
                0 => {
                    let mut p = data;
                    let len = read_uleb32(d, b, &mut p, eos);
                    let op_end = p.saturating_add(len as usize);
                    if len == 0 || op_end > eos {
                        d.warn("Badly formed extended line op encountered!\n");
                    } else {
                        let ext = b.byte(p);
                        p += 1;
                        xop = -i32::from(ext);
                        match ext {
                            1 => {}
                            2 => {
                                let mut amount = op_end - p;
                                if amount > 8 {
                                    d.error(&format!(
                                        "internal error: attempt to read {amount} bytes of data in to 8 sized variable"
                                    ));
                                    amount = 8;
                                }
                                regs.address = b.safe_get(p, amount, op_end).0;
                                regs.op_index = 0;
                                regs.view = 0;
                            }
                            3 => {
                                let t = files.get_or_insert_with(|| Table::new(0));
                                regs.last_file_entry = regs.last_file_entry.wrapping_add(1);
                                let name = cstr(b.data, p, b.data.len());
                                p += name.len() + 1;
                                let dir = read_uleb32(d, b, &mut p, op_end);
                                read_uleb32(d, b, &mut p, op_end);
                                read_uleb32(d, b, &mut p, op_end);
                                t.push(FileEntry {
                                    name: Some(name),
                                    dir,
                                });
                            }
                            4 | 0x16 => {}
                            _ => {
                                writeln!(d.out, "UNKNOWN ({ext}): length {}", p - data)?;
                            }
                        }
                        data = op_end;
                    }
                }
                1 => {}
                2 => {
                    let uladv = read_uleb(d, b, &mut data, end);
                    regs.advance_ops(li, uladv);
                }
                3 => {
                    let adv = read_sleb32(d, b, &mut data, end);
                    regs.line = regs.line.wrapping_add(adv as u32);
                }
                4 => {
                    let v = read_uleb(d, b, &mut data, end);
                    regs.file = v as u32;
                    set_file(d, li, regs.file, files.as_ref(), dirs)?;
                }
                5 => {
                    read_uleb(d, b, &mut data, end);
                }
                6 => regs.is_stmt = i32::from(regs.is_stmt == 0),
                7 | 10 | 11 => {}
                8 => {
                    let uladv = u64::from((255 - li.opcode_base) / li.line_range);
                    regs.advance_ops(li, uladv);
                }
                9 => {
                    let v = b.safe_get_inc(&mut data, 2, end);
                    regs.address = regs.address.wrapping_add(v);
                    regs.op_index = 0;
                }
                12 => {
                    let v = read_uleb(d, b, &mut data, end);
                    writeln!(d.out, "  Set ISA to {v}")?;
                }
                _ => {
                    write!(d.out, "  Unknown opcode {op} with operands: ")?;
                    if let Some(so) = std_opcodes {
                        let n = b.byte(so + usize::from(op) - 1);
                        for i in (1..=n).rev() {
                            let v = read_uleb(d, b, &mut data, end);
                            let sep = if i == 1 { "" } else { ", " };
                            write!(d.out, "{}{sep}", AltHex(v))?;
                        }
                    }
                    d.out.write_all(b"\n")?;
                }
            }
        }
        if special || xop == -1 || xop == 1 {
            row(d, li, regs, files.as_ref(), xop == -1)?;
        }
    }
    Ok(data)
}

/// The `DW_LNS_set_file` line.
fn set_file(
    d: &mut Dumper<'_, '_>,
    li: &LineInfo,
    file: u32,
    files: Option<&Table<FileEntry<'_>>>,
    dirs: Option<&Table<Option<&[u8]>>>,
) -> io::Result<()> {
    let file = if li.version < 5 {
        file.wrapping_sub(1)
    } else {
        file
    };
    let files = match files {
        Some(f) if f.n > 0 => f,
        _ => return writeln!(d.out, "\n [Use file table entry {}]", file as i32),
    };
    if file >= files.n {
        d.warn(&format!(
            "file index {file} >= number of files {}\n",
            files.n
        ));
        return write!(d.out, "\n <over large file table index {file}>");
    }
    let fe = files.get(file).unwrap_or(FileEntry { name: None, dir: 0 });
    let dir = fe.dir;
    if dir == 0 && li.version < 5 {
        d.out.write_all(b"\n./")?;
        d.out.write_all(null_name(fe.name))?;
        return d.out.write_all(b":[++]\n");
    }
    let dirs = match dirs {
        Some(t) if t.n > 0 => t,
        _ => {
            d.out.write_all(b"\n [Use file ")?;
            d.out.write_all(null_name(fe.name))?;
            return writeln!(d.out, " in directory table entry {}]", dir as i32);
        }
    };
    let dir = match dir_index(d, li, dirs, dir) {
        Ok(dir) => dir,
        Err(dir) => return writeln!(d.out, "\n <over large directory table entry {dir}>"),
    };
    let dn = dirs.get(dir).flatten();
    d.out.write_all(b"\n")?;
    d.out.write_all(null_name(dn))?;
    d.out.write_all(b"/")?;
    d.out.write_all(null_name(fe.name))?;
    d.out.write_all(b":\n")
}

/// One row of the decoded matrix.
fn row(
    d: &mut Dumper<'_, '_>,
    li: &LineInfo,
    regs: &mut Regs,
    files: Option<&Table<FileEntry<'_>>>,
    end_seq: bool,
) -> io::Result<()> {
    let mut name: &[u8] = b"<unknown>";
    if let Some(t) = files {
        let mut indx = regs.file;
        if li.version < 5 {
            indx = indx.wrapping_sub(1);
        }
        if indx >= t.n {
            d.warn(&format!("file index {indx} >= number of files {}\n", t.n));
            name = b"<corrupt>";
        } else if let Some(n) = t.get(indx).and_then(|f| f.name) {
            name = n;
        }
    }
    let full_len = name.len();
    let mut line: Vec<u8> = Vec::with_capacity(128);
    let mut num: Vec<u8> = Vec::with_capacity(24);
    if full_len > MAX_NAME && !d.opts.wide {
        line.extend_from_slice(name.get(full_len - MAX_NAME..).unwrap_or(name));
    } else {
        line.extend_from_slice(name);
        line.resize(line.len() + MAX_NAME.saturating_sub(full_len), b' ');
    }
    line.extend_from_slice(b"  ");
    if end_seq {
        push_right(&mut line, b"-", 11);
    } else {
        num.clear();
        push_dec(&mut num, i64::from(regs.line as i32));
        push_right(&mut line, &num, 11);
    }
    line.extend_from_slice(b"  ");
    num.clear();
    push_alt_hex(&mut num, regs.address);
    push_right(&mut line, &num, 18);
    if li.max_ops_per_insn != 1 {
        line.push(b'[');
        push_dec(&mut line, i64::from(regs.op_index));
        line.push(b']');
    }
    if !end_seq {
        if regs.view != 0 {
            line.extend_from_slice(b"  ");
            num.clear();
            push_dec(&mut num, i64::from(regs.view));
            push_right(&mut line, &num, 6);
        } else {
            line.extend_from_slice(b"        ");
        }
        if regs.is_stmt != 0 {
            line.extend_from_slice(b"       x");
        }
    }
    line.push(b'\n');
    regs.view = regs.view.wrapping_add(1);
    if end_seq {
        *regs = Regs::reset(li.default_is_stmt);
        line.push(b'\n');
    }
    d.out.write_all(&line)?;
    Ok(())
}

/// `s` right-aligned in `width` columns.
fn push_right(line: &mut Vec<u8>, s: &[u8], width: usize) {
    line.resize(line.len() + width.saturating_sub(s.len()), b' ');
    line.extend_from_slice(s);
}
