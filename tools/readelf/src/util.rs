//! Printing helpers shared by the displays, as GNU readelf prints.

use std::fmt::Write as _;

/// GNU's `print_mode` for `print_vma`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Vma {
    /// `%x`.
    Hex,
    /// `%05x`.
    Hex5,
    /// `%d` (as signed).
    Dec,
    /// `%5d` up to 99999, else `0x%x`.
    Dec5,
    /// `%u`.
    Unsigned,
    /// `%5u`.
    Unsigned5,
    /// `0x%x`.
    PrefixHex,
    /// `0x%05x`.
    PrefixHex5,
    /// `0x` and 8 or 16 digits.
    FullHex,
    /// 8 or 16 digits.
    LongHex,
    /// `%o`.
    Octal,
    /// `%5o`.
    Octal5,
}

/// GNU's `print_vma`: `v` in `mode` for a 32-bit (`is32`) or 64-bit file.
pub fn vma(v: u64, mode: Vma, is32: bool) -> String {
    match mode {
        Vma::FullHex if is32 => format!("0x{v:08x}"),
        Vma::FullHex => format!("0x{v:016x}"),
        Vma::LongHex if is32 => format!("{v:08x}"),
        Vma::LongHex => format!("{v:016x}"),
        Vma::Dec5 if v <= 99999 => format!("{:5}", v as i64),
        Vma::Dec5 | Vma::PrefixHex => format!("0x{v:x}"),
        Vma::Hex => format!("{v:x}"),
        Vma::PrefixHex5 => format!("0x{v:05x}"),
        Vma::Hex5 => format!("{v:05x}"),
        Vma::Dec => format!("{}", v as i64),
        Vma::Unsigned => format!("{v}"),
        Vma::Unsigned5 => format!("{v:5}"),
        Vma::Octal => format!("{v:o}"),
        Vma::Octal5 => format!("{v:5o}"),
    }
}

/// GNU's `printable_section_name` on raw name bytes: control characters as `^X`, bytes
/// above 0x7e as `<HH>`, at most 256 characters.
pub fn printable_name(name: &[u8]) -> String {
    let mut s = String::new();
    let mut remaining = 256usize;
    for &c in name {
        if c < 0x20 || c == 0x7f {
            if remaining < 2 {
                break;
            }
            s.push('^');
            s.push(char::from(c.wrapping_add(0x40) & 0x7f));
            remaining -= 2;
        } else if c < 0x7f {
            s.push(char::from(c));
            remaining -= 1;
        } else {
            if remaining < 4 {
                break;
            }
            let _ = write!(s, "<{c:02X}>");
            remaining -= 4;
        }
        if remaining == 0 {
            break;
        }
    }
    s
}

/// Settings `print_symbol` depends on.
#[derive(Debug, Clone, Copy)]
pub struct SymbolStyle {
    /// `-W`.
    pub wide: bool,
    /// `-T`.
    pub silent_truncation: bool,
    /// `-C`.
    pub demangle: bool,
    /// `-U`.
    pub unicode: crate::options::Unicode,
}

impl SymbolStyle {
    /// The style the options ask for.
    pub fn of(o: &crate::options::Options) -> Self {
        SymbolStyle {
            wide: o.wide,
            silent_truncation: o.silent_truncation,
            demangle: o.demangle,
            unicode: o.unicode,
        }
    }
}

/// GNU's `print_symbol(width, name)` into a byte buffer: at most `|width|` characters
/// (unless wide), `[...]` on truncation, padded to `-width` when `width` is negative.
/// Returns the number of characters printed.
pub fn print_symbol(out: &mut Vec<u8>, width: i32, name: &[u8], st: SymbolStyle) -> usize {
    use crate::options::Unicode;
    let (width, pad) = if width < 0 {
        (width.unsigned_abs() as usize, true)
    } else {
        (width as usize, false)
    };
    if width == 0 {
        return 0;
    }
    let demangled;
    let mut sym: &[u8] = name;
    if st.demangle && !name.is_empty() {
        if let Ok(s) = std::str::from_utf8(name) {
            // GNU's `demangle_flags`: DMGL_ANSI | DMGL_PARAMS, without DMGL_VERBOSE.
            let opts = libdemangle::Options::default().no_verbose(true);
            if let Some(d) = libdemangle::demangle(s, &opts) {
                demangled = d;
                sym = demangled.as_bytes();
            }
        }
    }
    let mut do_dots = false;
    let mut remaining = if st.wide {
        usize::MAX
    } else if !st.silent_truncation && name_len(name) > width {
        do_dots = true;
        width.saturating_sub(5)
    } else {
        width
    };
    let mut printed = 0usize;
    let mut i = 0usize;
    while remaining > 0 {
        let Some(&c) = sym.get(i) else { break };
        i += 1;
        if c == 0 {
            break;
        }
        if (0x20..0x7f).contains(&c) {
            out.push(c);
            remaining -= 1;
            printed += 1;
        } else if c < 0x20 || c == 0x7f {
            // GNU's ISCNTRL includes DEL, so its `<DEL>` branch is never reached: DEL
            // prints as `^` and the byte 0xbf.
            if remaining < 2 {
                break;
            }
            out.push(b'^');
            out.push(c.wrapping_add(0x40));
            remaining -= 2;
            printed += 2;
        } else if !matches!(st.unicode, Unicode::Locale | Unicode::Default) {
            // Decode up to four bytes of UTF-8 as GNU does.
            let b = |k: usize| sym.get(i - 1 + k).copied().unwrap_or(0);
            let cont = |x: u8| x & 0xc0 == 0x80;
            let (n, utf8) = if c < 0xc0 || !cont(b(1)) {
                (1, false)
            } else if c & 0x20 == 0 {
                (2, true)
            } else if !cont(b(2)) {
                (1, false)
            } else if c & 0x10 == 0 {
                (3, true)
            } else if !cont(b(3)) {
                (1, false)
            } else {
                (4, true)
            };
            let utf8 = utf8 && st.unicode != Unicode::Invalid;
            let bytes: Vec<u8> = (0..n).map(b).collect();
            if st.unicode == Unicode::Hex || !utf8 {
                if remaining < n * 2 + 2 {
                    break;
                }
                out.push(if utf8 { b'<' } else { b'{' });
                out.extend_from_slice(b"0x");
                for x in &bytes {
                    let _ = std::io::Write::write_fmt(out, format_args!("{x:02x}"));
                }
                out.push(if utf8 { b'>' } else { b'}' });
            } else {
                let s = match n {
                    2 if remaining >= 6 => format!(
                        "\\u{:02x}{:02x}",
                        (b(0) & 0x1c) >> 2,
                        ((b(0) & 3) << 6) | (b(1) & 0x3f)
                    ),
                    3 if remaining >= 6 => format!(
                        "\\u{:02x}{:02x}",
                        ((b(0) & 0x0f) << 4) | ((b(1) & 0x3c) >> 2),
                        ((b(1) & 3) << 6) | (b(2) & 0x3f)
                    ),
                    4 if remaining >= 8 => format!(
                        "\\u{:02x}{:02x}{:02x}",
                        ((b(0) & 7) << 6) | ((b(1) & 0x3c) >> 2),
                        ((b(1) & 3) << 6) | ((b(2) & 0x3c) >> 2),
                        ((b(2) & 3) << 6) | (b(3) & 0x3f)
                    ),
                    _ => String::new(),
                };
                out.extend_from_slice(s.as_bytes());
            }
            // GNU neither counts these against the width nor the printed total.
            i += n - 1;
            if bytes.last() == Some(&0) {
                break;
            }
        } else {
            // The locale decides; in the C locale each byte is one character.
            out.push(c);
            remaining -= 1;
            printed += 1;
        }
    }
    if do_dots {
        out.extend_from_slice(b"[...]");
        printed += 5;
    }
    if pad && printed < width {
        out.resize(out.len() + (width - printed), b' ');
        printed = width;
    }
    printed
}

/// `strlen` of a possibly NUL-terminated name.
fn name_len(name: &[u8]) -> usize {
    name.iter().position(|&b| b == 0).unwrap_or(name.len())
}

/// C's `%#x`: `0x` and hex digits, except that zero is plain `0`.
pub fn alt_hex(v: u64) -> String {
    if v == 0 {
        "0".to_string()
    } else {
        format!("{v:#x}")
    }
}

/// C's `%#06x`: `000000` for zero (no `0x`, still six wide), `0x001c` otherwise.
pub fn alt_hex06(v: u64) -> String {
    if v == 0 {
        "000000".to_string()
    } else {
        format!("{v:#06x}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ps(width: i32, name: &str, wide: bool) -> String {
        let mut v = Vec::new();
        let st = SymbolStyle {
            wide,
            silent_truncation: false,
            demangle: false,
            unicode: crate::options::Unicode::Default,
        };
        print_symbol(&mut v, width, name.as_bytes(), st);
        String::from_utf8(v).unwrap()
    }

    #[test]
    fn symbols() {
        assert_eq!(ps(-10, "main", false), "main      ");
        assert_eq!(ps(10, "a_long_symbol_name", false), "a_lon[...]");
        assert_eq!(ps(10, "a_long_symbol_name", true), "a_long_symbol_name");
        assert_eq!(ps(10, "a\u{1}b", false), "a^Ab");
    }

    #[test]
    fn vmas() {
        assert_eq!(vma(0x1234, Vma::LongHex, true), "00001234");
        assert_eq!(vma(0x1234, Vma::FullHex, false), "0x0000000000001234");
        assert_eq!(vma(123456, Vma::Dec5, false), "0x1e240");
        assert_eq!(vma(12, Vma::Dec5, false), "   12");
        assert_eq!(printable_name(b"a\x01\xff"), "a^A<FF>");
    }
}
