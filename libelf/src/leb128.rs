//! LEB128 numbers, read as GNU binutils' `read_leb128` reads them.
//!
//! The one LEB128 reader of the workspace for byte-exact tools: beside the value it
//! says how many bytes the number took and what went wrong (GNU's status bits), and
//! it keeps going where a strict reader would stop, as GNU's does: a number that does
//! not fit in 64 bits keeps its low bits and still consumes all its bytes, and one
//! that runs into the end of the data keeps what was read. [`uleb128`] and
//! [`sleb128`] are the checked forms for readers that only want good numbers.

/// Status bit: the data ended before a byte without the continuation bit.
pub const UNTERMINATED: u32 = 1;
/// Status bit: the number has more significant bits than a `u64` holds.
pub const TOO_LARGE: u32 = 2;

/// GNU's `read_leb128`: the number at `data[pos..end]` (`end` is clamped to the data),
/// unsigned or (`signed`) sign-extended to 64 bits. Returns the value, the bytes read
/// and the status ([`UNTERMINATED`], [`TOO_LARGE`], or 0).
#[inline]
pub fn read(data: &[u8], pos: usize, end: usize, signed: bool) -> (u64, usize, u32) {
    let end = end.min(data.len());
    let mut result = 0u64;
    let mut num_read = 0usize;
    let mut shift = 0u32;
    let mut status = UNTERMINATED;
    for &byte in data.get(pos..end).unwrap_or(&[]) {
        num_read += 1;
        let (lost, mask) = if shift < 64 {
            result |= u64::from(byte & 0x7f) << shift;
            let lost = byte ^ ((result >> shift) as u8);
            let mask = 0x7f ^ (((0x7fu64 << shift) >> shift) as u8);
            shift += 7;
            (lost, mask)
        } else {
            (byte, 0x7f)
        };
        // A negative number's lost bits are copies of its sign.
        let want = if signed && (result as i64) < 0 {
            mask
        } else {
            0
        };
        if lost & mask != want {
            status |= TOO_LARGE;
        }
        if byte & 0x80 == 0 {
            status &= !UNTERMINATED;
            if signed && shift < 64 && byte & 0x40 != 0 {
                result |= u64::MAX << shift;
            }
            break;
        }
    }
    (result, num_read, status)
}

/// The unsigned LEB128 number at the start of `data` and its length, or `None` if it
/// is unterminated or does not fit in a `u64`.
pub fn uleb128(data: &[u8]) -> Option<(u64, usize)> {
    match read(data, 0, data.len(), false) {
        (v, n, 0) => Some((v, n)),
        _ => None,
    }
}

/// The signed LEB128 number at the start of `data` and its length, or `None` if it is
/// unterminated or does not fit in an `i64`.
pub fn sleb128(data: &[u8]) -> Option<(i64, usize)> {
    match read(data, 0, data.len(), true) {
        (v, n, 0) => Some((v as i64, n)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gnu_semantics() {
        assert_eq!(read(&[0xe5, 0x8e, 0x26], 0, 3, false), (624_485, 3, 0));
        assert_eq!(read(&[0x7f], 0, 1, true), (u64::MAX, 1, 0));
        assert_eq!(
            read(&[0xc0, 0xbb, 0x78], 0, 3, true),
            (-123_456i64 as u64, 3, 0)
        );
        // Unterminated: what was read, all of it consumed.
        assert_eq!(read(&[0x81, 0x81], 0, 2, false), (0x81, 2, UNTERMINATED));
        // `end` past the data is clamped; an empty range is unterminated.
        assert_eq!(read(&[0x81], 0, 9, false), (1, 1, UNTERMINATED));
        assert_eq!(read(&[1], 1, 1, false), (0, 0, UNTERMINATED));
        assert_eq!(read(&[1], 5, 1, false), (0, 0, UNTERMINATED));
        // Too large: the low 64 bits, every byte consumed.
        let big = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f];
        assert_eq!(read(&big, 0, 10, false), (u64::MAX, 10, TOO_LARGE));
        assert_eq!(read(&big, 0, 10, true), (u64::MAX, 10, 0));
        let max = [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01];
        assert_eq!(read(&max, 0, 10, false), (u64::MAX, 10, 0));
        // Padding bytes past 64 bits are fine when zero.
        let padded = [
            0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00,
        ];
        assert_eq!(read(&padded, 0, 11, false), (0, 11, 0));
        assert_eq!(uleb128(&[0x02, 0xff]), Some((2, 1)));
        assert_eq!(uleb128(&[0x82]), None);
        assert_eq!(uleb128(&big), None);
        assert_eq!(sleb128(&[0x7e]), Some((-2, 1)));
    }
}
