//! How a log's numbers are laid out: the recording machine's byte order and address size.

/// Byte order of the machine that recorded the log (logs carry no marker; see
/// [`Layout::detect`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByteOrder {
    /// amd64, i386, arm, arm64, riscv, powerpc64le.
    Little,
    /// powerpc, powerpc64 (big-endian), mips.
    Big,
}

/// Size of an address (`uintfptr_t`) in the log.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum AddrSize {
    /// i386, armv7, 32-bit powerpc and mips: addresses are one 32-bit word.
    Four,
    /// amd64, arm64, powerpc64, riscv64: addresses are a 64-bit value written as two words.
    Eight,
}

impl AddrSize {
    /// The size in bytes.
    pub fn bytes(self) -> usize {
        match self {
            AddrSize::Four => 4,
            AddrSize::Eight => 8,
        }
    }
}

/// Byte order and address size: what a reader needs besides the bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Layout {
    /// The recording machine's byte order.
    pub order: ByteOrder,
    /// The recording machine's address size.
    pub addr: AddrSize,
}

impl Layout {
    /// amd64 and arm64: little-endian, 8-byte addresses (the common case).
    pub const LP64_LE: Layout = Layout {
        order: ByteOrder::Little,
        addr: AddrSize::Eight,
    };

    /// A native 32-bit word at `at`.
    pub(crate) fn u32_at(self, b: &[u8], at: usize) -> Option<u32> {
        let w: [u8; 4] = b.get(at..at.checked_add(4)?)?.try_into().ok()?;
        Some(match self.order {
            ByteOrder::Little => u32::from_le_bytes(w),
            ByteOrder::Big => u32::from_be_bytes(w),
        })
    }

    /// A native 64-bit integer at `at` (stored through a struct pointer, like the header's
    /// `pl_tsc` and INITIALIZE's `timespec`).
    pub(crate) fn u64_native_at(self, b: &[u8], at: usize) -> Option<u64> {
        let w: [u8; 8] = b.get(at..at.checked_add(8)?)?.try_into().ok()?;
        Some(match self.order {
            ByteOrder::Little => u64::from_le_bytes(w),
            ByteOrder::Big => u64::from_be_bytes(w),
        })
    }

    /// A 64-bit value the kernel wrote with `PMCLOG_EMIT64`: two native words, the low
    /// one first (on a big-endian machine this is not a big-endian u64).
    pub(crate) fn u64_words_at(self, b: &[u8], at: usize) -> Option<u64> {
        let lo = self.u32_at(b, at)?;
        let hi = self.u32_at(b, at.checked_add(4)?)?;
        Some(u64::from(hi) << 32 | u64::from(lo))
    }

    /// An address (`PMCLOG_EMITADDR`): one word, or a 64-bit value as two words.
    pub(crate) fn addr_at(self, b: &[u8], at: usize) -> Option<u64> {
        match self.addr {
            AddrSize::Four => self.u32_at(b, at).map(u64::from),
            AddrSize::Eight => self.u64_words_at(b, at),
        }
    }

    pub(crate) fn put_u32(self, out: &mut Vec<u8>, v: u32) {
        match self.order {
            ByteOrder::Little => out.extend_from_slice(&v.to_le_bytes()),
            ByteOrder::Big => out.extend_from_slice(&v.to_be_bytes()),
        }
    }

    pub(crate) fn put_u64_native(self, out: &mut Vec<u8>, v: u64) {
        match self.order {
            ByteOrder::Little => out.extend_from_slice(&v.to_le_bytes()),
            ByteOrder::Big => out.extend_from_slice(&v.to_be_bytes()),
        }
    }

    pub(crate) fn put_u64_words(self, out: &mut Vec<u8>, v: u64) {
        self.put_u32(out, v as u32);
        self.put_u32(out, (v >> 32) as u32);
    }

    /// Write an address; on a 4-byte layout only the low 32 bits are kept.
    pub(crate) fn put_addr(self, out: &mut Vec<u8>, v: u64) {
        match self.addr {
            AddrSize::Four => self.put_u32(out, v as u32),
            AddrSize::Eight => self.put_u64_words(out, v),
        }
    }
}
