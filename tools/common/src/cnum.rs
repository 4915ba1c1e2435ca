//! Numbers on the command line and in text headers, read as C's `strtoul` reads them.

/// glibc's `strtoul(s, &end, base)` on an LP64 host, for `base` 0 or 2 to 36: leading
/// white space, an optional sign, a `0x`/`0X` prefix (base 16 or 0, and only when a hex
/// digit follows), then digits (base 0: `0x` hex, `0` octal, else decimal). Returns the
/// value (`u64::MAX` on overflow; negated modulo 2^64 after a `-`) and `end`, the index
/// just past the last digit, or 0 when there was no digit (C's `end == s`). A NUL ends
/// the digits as it ends a C string.
///
/// ```
/// use tools_common::cnum::strtoul;
/// assert_eq!(strtoul(b" 0x1fz", 0), (0x1f, 5));
/// assert_eq!(strtoul(b"-1", 10), (u64::MAX, 2));
/// assert_eq!(strtoul(b".text", 0), (0, 0));
/// ```
pub fn strtoul(s: &[u8], base: u32) -> (u64, usize) {
    let is_space = |b: &u8| matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r');
    let mut i = s.iter().position(|b| !is_space(b)).unwrap_or(s.len());
    let mut neg = false;
    if let Some(&c @ (b'+' | b'-')) = s.get(i) {
        neg = c == b'-';
        i += 1;
    }
    let hex_digit_at = |k: usize| s.get(k).is_some_and(u8::is_ascii_hexdigit);
    let mut base = base;
    if (base == 16 || base == 0)
        && s.get(i) == Some(&b'0')
        && matches!(s.get(i + 1), Some(b'x' | b'X'))
        && hex_digit_at(i + 2)
    {
        base = 16;
        i += 2;
    } else if base == 0 {
        base = if s.get(i) == Some(&b'0') { 8 } else { 10 };
    }
    let first = i;
    let mut v: u64 = 0;
    let mut overflow = false;
    while let Some(d) = s.get(i).and_then(|&c| char::from(c).to_digit(base)) {
        match v
            .checked_mul(u64::from(base))
            .and_then(|m| m.checked_add(u64::from(d)))
        {
            Some(n) => v = n,
            None => overflow = true,
        }
        i += 1;
    }
    if i == first {
        return (0, 0);
    }
    let v = if overflow {
        u64::MAX
    } else if neg {
        v.wrapping_neg()
    } else {
        v
    };
    (v, i)
}

#[cfg(test)]
mod tests {
    use super::strtoul;

    #[test]
    fn as_glibc() {
        for (s, base, want) in [
            (&b"0x10"[..], 0, (16, 4)),
            (b"010", 0, (8, 3)),
            (b" +12", 0, (12, 4)),
            (b"", 0, (0, 0)),
            (b"12abc", 0, (12, 2)),
            (b"0x", 0, (0, 1)),
            (b"0xg", 16, (0, 1)),
            (b"09", 0, (0, 1)),
            (b"ff", 16, (255, 2)),
            (b"0x10", 10, (0, 1)),
            (b"-4294967295", 0, (0xffff_ffff_0000_0001, 11)),
            (b"99999999999999999999", 10, (u64::MAX, 20)),
            (b"12\x0034", 10, (12, 2)),
            (b"   42`\n", 10, (42, 5)),
        ] {
            assert_eq!(
                strtoul(s, base),
                want,
                "{:?} {base}",
                String::from_utf8_lossy(s)
            );
        }
    }
}
