//! Addresses as GNU addr2line 2.40 reads them: `bfd_scan_vma` (glibc `strtoul`,
//! base 16: saturating), `symbol+offset` expressions, and stdin read with a
//! 100-byte `fgets` buffer (longer lines come as several 99-byte addresses).

/// The size of GNU's `fgets` buffer: a line is read in pieces of at most one byte
/// less, each taken as an address.
pub const LINE_PIECE: usize = 99;

/// One address as typed: a number, or a symbol name and an offset to add.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Addr {
    /// A number (`bfd_scan_vma`, base 16).
    Value(u64),
    /// `name` or `name+offset` (`offset`: `strtoul` base 0).
    Symbol(Vec<u8>, u64),
}

/// C `isspace` in the C locale.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// glibc `strtoul(s, NULL, base)` (`tools_common::cnum`).
pub fn strtoul(s: &[u8], base: u32) -> u64 {
    tools_common::cnum::strtoul(s, base).0
}

/// GNU addr2line's reading of one address (`is_symbol`, then `bfd_scan_vma`): text
/// after a NUL byte is not seen; a string that starts (after spaces) with neither a
/// digit nor, unless it holds a `+`, a hex letter is a symbol name, up to a space or
/// `+`, with an optional `+offset`.
pub fn parse(s: &[u8]) -> Addr {
    let s = s.split(|&b| b == 0).next().unwrap_or_default();
    let start = s.iter().position(|&b| !is_space(b)).unwrap_or(s.len());
    let t = s.get(start..).unwrap_or_default();
    let symbolic = match t.first() {
        None => false,
        Some(c) if c.is_ascii_digit() => false,
        Some(c) => !matches!(c.to_ascii_uppercase(), b'A'..=b'F') || t.contains(&b'+'),
    };
    if !symbolic {
        return Addr::Value(strtoul(s, 16));
    }
    let end = t
        .iter()
        .position(|&b| is_space(b) || b == b'+')
        .unwrap_or(t.len());
    let (name, rest) = t.split_at(end);
    let rest_start = rest
        .iter()
        .position(|&b| !is_space(b))
        .unwrap_or(rest.len());
    let rest = rest.get(rest_start..).unwrap_or_default();
    let offset = match rest.strip_prefix(b"+") {
        Some(o) => strtoul(o, 0),
        None => 0,
    };
    Addr::Symbol(name.to_vec(), offset)
}

/// Splits what `fgets` with GNU's buffer would return: pieces ending at a newline
/// (kept) or at `LINE_PIECE` bytes. `partial` holds an unfinished piece between
/// calls; each finished piece goes to `f`.
pub fn pieces(mut data: &[u8], partial: &mut Vec<u8>, mut f: impl FnMut(&[u8])) {
    while !data.is_empty() {
        let room = LINE_PIECE - partial.len();
        let window = data.get(..room.min(data.len())).unwrap_or(data);
        let (take, done) = match memchr_nl(window) {
            Some(nl) => (nl + 1, true),
            None => (window.len(), window.len() == room),
        };
        let (piece, rest) = data.split_at(take);
        data = rest;
        if done && partial.is_empty() {
            f(piece);
        } else {
            partial.extend_from_slice(piece);
            if done {
                f(partial);
                partial.clear();
            }
        }
    }
}

fn memchr_nl(s: &[u8]) -> Option<usize> {
    s.iter().position(|&b| b == b'\n')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_as_gnu() {
        assert_eq!(parse(b"0x1234\n"), Addr::Value(0x1234));
        assert_eq!(parse(b"  abcZ"), Addr::Value(0xabc));
        // Overflow saturates (GNU: 0x401000000000000000000 → 0xffffffffffffffff).
        assert_eq!(parse(b"0x401000000000000000000"), Addr::Value(u64::MAX));
        assert_eq!(parse(b"0x"), Addr::Value(0));
        assert_eq!(parse(b""), Addr::Value(0));
        assert_eq!(parse(b"\n"), Addr::Value(0));
        assert_eq!(parse(b"12\x0034"), Addr::Value(0x12));
    }

    #[test]
    fn symbols_as_gnu() {
        // `+10` is the empty symbol name plus 10.
        assert_eq!(parse(b"+10"), Addr::Symbol(Vec::new(), 10));
        assert_eq!(parse(b"main"), Addr::Symbol(b"main".to_vec(), 0));
        assert_eq!(parse(b"main+0x10\n"), Addr::Symbol(b"main".to_vec(), 0x10));
        assert_eq!(parse(b"main + 010"), Addr::Symbol(b"main".to_vec(), 8));
        // A hex letter first is a number unless a `+` follows somewhere.
        assert_eq!(parse(b"abc"), Addr::Value(0xabc));
        assert_eq!(parse(b"abc+1"), Addr::Symbol(b"abc".to_vec(), 1));
        assert_eq!(parse(b"zz"), Addr::Symbol(b"zz".to_vec(), 0));
        assert_eq!(parse(b"-1"), Addr::Symbol(b"-1".to_vec(), 0));
    }

    #[test]
    fn strtoul_as_glibc() {
        assert_eq!(strtoul(b"-1", 16), u64::MAX);
        assert_eq!(strtoul(b"0x10", 0), 16);
        assert_eq!(strtoul(b"010", 0), 8);
        assert_eq!(strtoul(b"99999999999999999999999", 0), u64::MAX);
        assert_eq!(strtoul(b"0xg", 16), 0);
    }

    #[test]
    fn fgets_pieces() {
        let mut line = vec![b'1'; 99];
        line.push(b'\n');
        line.extend_from_slice(b"2\n3");
        let mut got = Vec::new();
        let mut partial = Vec::new();
        // Fed in odd chunks, as reads return.
        for c in line.chunks(7) {
            pieces(c, &mut partial, |p| got.push(p.to_vec()));
        }
        assert_eq!(got.len(), 3);
        assert_eq!(got.first().map(Vec::len), Some(99));
        assert_eq!(got.get(1).map(Vec::as_slice), Some(&b"\n"[..]));
        assert_eq!(got.get(2).map(Vec::as_slice), Some(&b"2\n"[..]));
        assert_eq!(partial, b"3");
    }
}
