//! A reusable output buffer with GNU `printf`-style number formatting, and GNU's
//! bounded readers (`SAFE_BYTE_GET`, `read_leb128`).

use std::io::{self, Write};

/// Output collected in one reusable buffer and written out in large chunks.
pub(crate) struct Out {
    pub(crate) buf: Vec<u8>,
}

const FLUSH_AT: usize = 1 << 20;

impl Out {
    pub(crate) fn new() -> Self {
        Out {
            buf: Vec::with_capacity(FLUSH_AT + 4096),
        }
    }

    /// Whether the buffer has grown to the size it is written out at.
    #[inline]
    pub(crate) fn is_large(&self) -> bool {
        self.buf.len() >= FLUSH_AT
    }

    /// Writes the buffer out when it is large.
    #[inline]
    pub(crate) fn maybe_flush(&mut self, w: &mut dyn Write) -> io::Result<()> {
        if self.buf.len() >= FLUSH_AT {
            self.flush(w)?;
        }
        Ok(())
    }

    /// Writes everything collected so far.
    pub(crate) fn flush(&mut self, w: &mut dyn Write) -> io::Result<()> {
        if !self.buf.is_empty() {
            w.write_all(&self.buf)?;
            self.buf.clear();
        }
        Ok(())
    }

    #[inline]
    pub(crate) fn s(&mut self, s: &str) {
        self.buf.extend_from_slice(s.as_bytes());
    }

    #[inline]
    pub(crate) fn b(&mut self, s: &[u8]) {
        self.buf.extend_from_slice(s);
    }

    #[inline]
    pub(crate) fn c(&mut self, c: u8) {
        self.buf.push(c);
    }

    /// `%s` of a C string: the bytes up to the first NUL.
    #[inline]
    pub(crate) fn cstr(&mut self, s: &[u8]) {
        let n = s.iter().position(|&b| b == 0).unwrap_or(s.len());
        self.buf.extend_from_slice(s.get(..n).unwrap_or(s));
    }

    /// `%x` (`%lx`).
    #[inline]
    pub(crate) fn hex(&mut self, v: u64) {
        let mut tmp = [0u8; 16];
        let mut i = tmp.len();
        let mut v = v;
        loop {
            i -= 1;
            if let Some(t) = tmp.get_mut(i) {
                *t = b"0123456789abcdef"
                    .get((v & 15) as usize)
                    .copied()
                    .unwrap_or(b'0');
            }
            v >>= 4;
            if v == 0 || i == 0 {
                break;
            }
        }
        self.buf.extend_from_slice(tmp.get(i..).unwrap_or(&[]));
    }

    /// `%0Nx`.
    pub(crate) fn hex_w(&mut self, v: u64, width: usize) {
        let mut digits = 1;
        let mut t = v >> 4;
        while t != 0 {
            digits += 1;
            t >>= 4;
        }
        for _ in digits..width {
            self.buf.push(b'0');
        }
        self.hex(v);
    }

    /// `%#x`: `0` for zero, else `0x…`.
    #[inline]
    pub(crate) fn hex0x(&mut self, v: u64) {
        if v != 0 {
            self.buf.extend_from_slice(b"0x");
        }
        self.hex(v);
    }

    /// `%u` (`PRIu64`).
    #[inline]
    pub(crate) fn dec(&mut self, v: u64) {
        self.buf
            .extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
    }

    /// `%d` (`PRId64`).
    #[inline]
    pub(crate) fn sdec(&mut self, v: i64) {
        self.buf
            .extend_from_slice(itoa::Buffer::new().format(v).as_bytes());
    }
}

/// Byte order of the file.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Endian {
    pub(crate) big: bool,
}

impl Endian {
    /// GNU's `byte_get` of the first `n` (1–8) bytes of `d`.
    #[inline]
    pub(crate) fn get(self, d: &[u8], n: usize) -> u64 {
        let d = d.get(..n.min(d.len()).min(8)).unwrap_or(&[]);
        let mut v = 0u64;
        if self.big {
            for &b in d {
                v = (v << 8) | u64::from(b);
            }
        } else {
            for &b in d.iter().rev() {
                v = (v << 8) | u64::from(b);
            }
        }
        v
    }

    /// GNU's `byte_get` of the `n` (at most 8) bytes at `pos` of `data`; 0 unless
    /// they are all there.
    #[inline]
    pub(crate) fn get_at(self, data: &[u8], pos: usize, n: usize) -> u64 {
        let bytes = pos.checked_add(n).and_then(|e| data.get(pos..e));
        self.get(bytes.unwrap_or(&[]), n)
    }

    /// GNU's `SAFE_BYTE_GET_AND_INC`: reads up to `n` bytes at `*pos` not past
    /// `end`, advancing `*pos` by what was read.
    #[inline]
    pub(crate) fn read(self, data: &[u8], pos: &mut usize, n: usize, end: usize) -> u64 {
        let avail = end.saturating_sub(*pos);
        let amount = n.min(avail);
        if amount == 0 {
            return 0;
        }
        let v = self.get(data.get(*pos..).unwrap_or(&[]), amount);
        *pos += amount;
        v
    }

    /// `SAFE_SIGNED_BYTE_GET_AND_INC`.
    #[inline]
    pub(crate) fn read_signed(self, data: &[u8], pos: &mut usize, n: usize, end: usize) -> i64 {
        let amount = n.min(end.saturating_sub(*pos));
        sign_extend(self.read(data, pos, n, end), amount)
    }
}

/// Sign-extends the low `n` bytes of `v`.
pub(crate) fn sign_extend(v: u64, n: usize) -> i64 {
    if n >= 8 || n == 0 {
        return v as i64;
    }
    let shift = 64 - 8 * n as u32;
    ((v << shift) as i64) >> shift
}

/// GNU's `read_leb128`: value, bytes read, status (bit 0: unterminated, bit 1:
/// overflow).
pub(crate) use libelf::leb128::read as leb;

/// GNU's `READ_ULEB`/`READ_SLEB` into a variable of `bits` bits (32 or 64): the value
/// read (not narrowed), advancing `*pos`, and GNU's `report_leb_status` message if it
/// ran out of data or does not fit.
#[inline]
pub(crate) fn read_leb(
    data: &[u8],
    pos: &mut usize,
    end: usize,
    signed: bool,
    bits: u32,
) -> (u64, Option<&'static str>) {
    let (v, n, mut status) = leb(data, *pos, end, signed);
    *pos = pos.saturating_add(n);
    if bits < 64 {
        let fits = if signed {
            let s = v as i64;
            (s << (64 - bits)) >> (64 - bits) == s
        } else {
            v >> bits == 0
        };
        if !fits {
            status |= 2;
        }
    }
    (
        v,
        if status == 0 {
            None
        } else {
            leb_status_msg(status)
        },
    )
}

/// GNU's `report_leb_status` message, if any.
pub(crate) fn leb_status_msg(status: u32) -> Option<&'static str> {
    if status & 1 != 0 {
        Some("end of data encountered whilst reading LEB\n")
    } else if status & 2 != 0 {
        Some("read LEB value is too large to store in destination variable\n")
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats() {
        let mut o = Out::new();
        o.hex0x(0);
        o.c(b' ');
        o.hex0x(0x1f);
        o.c(b' ');
        o.sdec(-12);
        o.c(b' ');
        o.dec(u64::MAX);
        o.c(b' ');
        o.hex_w(0xab, 8);

        assert_eq!(
            String::from_utf8_lossy(&o.buf),
            "0 0x1f -12 18446744073709551615 000000ab"
        );
    }

    #[test]
    fn leb128() {
        assert_eq!(leb(&[0xe5, 0x8e, 0x26], 0, 3, false), (624485, 3, 0));
        assert_eq!(leb(&[0x7f], 0, 1, true).0 as i64, -1);
        assert_eq!(leb(&[0x80], 0, 1, false).2, 1);
        let e = Endian { big: true };
        let mut p = 0;
        assert_eq!(e.read(&[1, 2, 3], &mut p, 4, 3), 0x10203);
        assert_eq!(p, 3);
        assert_eq!(sign_extend(0xff, 1), -1);
    }
}
