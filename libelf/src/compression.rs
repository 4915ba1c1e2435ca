//! Compressed sections: `SHF_COMPRESSED` (zlib, zstd) and legacy `.zdebug*` (`ZLIB`).
//!
//! Decompression never trusts the declared size: it is checked against a limit, the
//! output buffer grows only as real data comes out (capped at the declared size plus one
//! byte), and a result of another length is an error.

use std::io::Read;

use crate::consts::{ELFCOMPRESS_ZLIB, ELFCOMPRESS_ZSTD, SHF_COMPRESSED};
use crate::raw::{self, Rec};
use crate::read::{CompressionHeader, SectionHeader};
use crate::{Class, Endian, Error, Result};

/// The largest uncompressed size [`crate::read::Section::decompressed`] accepts: 4 GiB.
pub const DEFAULT_LIMIT: u64 = 1 << 32;

/// The magic of a legacy `.zdebug` section.
pub const ZDEBUG_MAGIC: &[u8; 4] = b"ZLIB";

/// How a section's data is compressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum CompressionKind {
    /// `SHF_COMPRESSED` with `ELFCOMPRESS_ZLIB`.
    Zlib,
    /// `SHF_COMPRESSED` with `ELFCOMPRESS_ZSTD`.
    Zstd,
    /// `SHF_COMPRESSED` with another `ch_type`.
    Other(u32),
    /// A legacy `.zdebug*` section: `ZLIB`, a big-endian 64-bit size, a zlib stream.
    ZlibGnu,
}

/// A compressed section's header, decoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Compression {
    /// The algorithm.
    pub kind: CompressionKind,
    /// The `Elf_Chdr`, for `SHF_COMPRESSED` sections.
    pub header: Option<CompressionHeader>,
    /// Bytes before the compressed stream.
    pub header_size: usize,
    /// The uncompressed size the header declares.
    pub uncompressed_size: u64,
}

/// Decide whether a section is compressed, from its header, name and data.
///
/// # Errors
/// [`Error::Malformed`] if `SHF_COMPRESSED` is set and the data is shorter than an `Elf_Chdr`.
pub fn detect(
    header: &SectionHeader,
    name: &[u8],
    data: &[u8],
    class: Class,
    endian: Endian,
) -> Result<Option<Compression>> {
    if header.sh_flags & u64::from(SHF_COMPRESSED) != 0 {
        let ch = raw::chdr(data, 0, class, endian).map_err(|_| Error::Malformed {
            what: "compression header",
            offset: header.sh_offset,
        })?;
        let kind = match ch.ch_type {
            ELFCOMPRESS_ZLIB => CompressionKind::Zlib,
            ELFCOMPRESS_ZSTD => CompressionKind::Zstd,
            t => CompressionKind::Other(t),
        };
        return Ok(Some(Compression {
            kind,
            header: Some(ch),
            header_size: raw::size_of(Rec::Chdr, class),
            uncompressed_size: ch.ch_size,
        }));
    }
    if name.starts_with(b".zdebug") && data.get(..4) == Some(&ZDEBUG_MAGIC[..]) {
        if let Ok(size) = raw::uint(data, 4, 8, Endian::Big) {
            return Ok(Some(Compression {
                kind: CompressionKind::ZlibGnu,
                header: None,
                header_size: 12,
                uncompressed_size: size,
            }));
        }
    }
    Ok(None)
}

/// Decompress `data` (the whole section, header included) as `c` describes.
///
/// # Errors
/// [`Error::TooLarge`] if the declared size exceeds `limit`;
/// [`Error::UnsupportedCompression`] for an unknown `ch_type`;
/// [`Error::Decompress`] if the stream is corrupt;
/// [`Error::DecompressedSize`] if it does not decompress to exactly the declared size.
pub fn decompress(c: &Compression, data: &[u8], limit: u64) -> Result<Vec<u8>> {
    let declared = c.uncompressed_size;
    if declared > limit {
        return Err(Error::TooLarge {
            what: "uncompressed section",
            size: declared,
            limit,
        });
    }
    let stream = data.get(c.header_size..).unwrap_or(&[]);
    let mut out = Vec::new();
    // Reserve what the data can plausibly expand to, not what the header claims.
    let guess = declared.min((stream.len() as u64).saturating_mul(8).saturating_add(4096));
    out.try_reserve_exact(guess as usize)
        .map_err(|_| Error::TooLarge {
            what: "uncompressed section",
            size: declared,
            limit,
        })?;
    let cap = declared.saturating_add(1);
    let r = match c.kind {
        CompressionKind::Zlib | CompressionKind::ZlibGnu => flate2::read::ZlibDecoder::new(stream)
            .take(cap)
            .read_to_end(&mut out),
        CompressionKind::Zstd => match zstd::stream::read::Decoder::with_buffer(stream) {
            Ok(d) => d.take(cap).read_to_end(&mut out),
            Err(e) => Err(e),
        },
        CompressionKind::Other(t) => return Err(Error::UnsupportedCompression(t)),
    };
    r.map_err(|_| Error::Decompress("corrupt compressed stream"))?;
    if out.len() as u64 != declared {
        return Err(Error::DecompressedSize {
            declared,
            actual: out.len() as u64,
        });
    }
    Ok(out)
}

/// The compression to apply on write.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Compress {
    /// Store uncompressed.
    None,
    /// `SHF_COMPRESSED` with zlib.
    Zlib,
    /// Legacy `.zdebug*` with zlib.
    ZlibGnu,
    /// `SHF_COMPRESSED` with zstd.
    Zstd,
}

/// Compress `data` into the bytes of a compressed section, header included.
///
/// For `SHF_COMPRESSED` kinds the `Elf_Chdr` is written in `class` and `endian` with
/// `ch_addralign = addralign`; for [`Compress::ZlibGnu`] the `ZLIB` header is used;
/// [`Compress::None`] returns `data` unchanged.
///
/// # Errors
/// [`Error::Compress`] if the compressor fails.
pub fn compress(
    kind: Compress,
    data: &[u8],
    class: Class,
    endian: Endian,
    addralign: u64,
) -> Result<Vec<u8>> {
    let (mut out, ch_type) = match kind {
        Compress::None => return Ok(data.to_vec()),
        Compress::ZlibGnu => {
            let mut h = ZDEBUG_MAGIC.to_vec();
            h.extend_from_slice(&(data.len() as u64).to_be_bytes());
            (h, None)
        }
        Compress::Zlib => (
            vec![0; raw::size_of(Rec::Chdr, class)],
            Some(ELFCOMPRESS_ZLIB),
        ),
        Compress::Zstd => (
            vec![0; raw::size_of(Rec::Chdr, class)],
            Some(ELFCOMPRESS_ZSTD),
        ),
    };
    if let Some(ch_type) = ch_type {
        let ch = CompressionHeader {
            ch_type,
            ch_size: data.len() as u64,
            ch_addralign: addralign,
        };
        raw::put_chdr(&mut out, 0, &ch, class, endian)?;
    }
    match kind {
        Compress::Zstd => {
            let z = zstd::bulk::compress(data, 0).map_err(|_| Error::Compress("zstd"))?;
            out.extend_from_slice(&z);
        }
        _ => {
            use std::io::Write;
            let mut enc = flate2::write::ZlibEncoder::new(out, flate2::Compression::default());
            enc.write_all(data).map_err(|_| Error::Compress("zlib"))?;
            out = enc.finish().map_err(|_| Error::Compress("zlib"))?;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roundtrip(kind: Compress, class: Class, endian: Endian) {
        let data: Vec<u8> = (0..10_000u32).map(|i| (i % 251) as u8).collect();
        let packed = compress(kind, &data, class, endian, 1).unwrap();
        let flags = if kind == Compress::ZlibGnu {
            0
        } else {
            u64::from(SHF_COMPRESSED)
        };
        let hdr = SectionHeader {
            sh_flags: flags,
            ..Default::default()
        };
        let c = detect(&hdr, b".zdebug_info", &packed, class, endian)
            .unwrap()
            .unwrap();
        assert_eq!(c.uncompressed_size, data.len() as u64);
        assert_eq!(decompress(&c, &packed, DEFAULT_LIMIT).unwrap(), data);
    }

    #[test]
    fn roundtrips() {
        for class in [Class::Elf32, Class::Elf64] {
            for endian in [Endian::Little, Endian::Big] {
                for kind in [Compress::Zlib, Compress::ZlibGnu, Compress::Zstd] {
                    roundtrip(kind, class, endian);
                }
            }
        }
    }

    #[test]
    fn lying_size_is_an_error() {
        let data = vec![7u8; 1000];
        let mut packed = compress(Compress::Zlib, &data, Class::Elf64, Endian::Little, 1).unwrap();
        // Claim 1 TiB.
        packed[8..16].copy_from_slice(&(1u64 << 40).to_le_bytes());
        let hdr = SectionHeader {
            sh_flags: u64::from(SHF_COMPRESSED),
            ..Default::default()
        };
        let c = detect(&hdr, b".debug_info", &packed, Class::Elf64, Endian::Little)
            .unwrap()
            .unwrap();
        assert!(matches!(
            decompress(&c, &packed, DEFAULT_LIMIT),
            Err(Error::TooLarge { .. })
        ));
        // Claim a little more than the truth: caught by the length check. And less:
        // the output is cut at declared + 1.
        for (declared, actual) in [(1001u64, 1000u64), (10, 11)] {
            packed[8..16].copy_from_slice(&declared.to_le_bytes());
            let c = detect(&hdr, b".debug_info", &packed, Class::Elf64, Endian::Little)
                .unwrap()
                .unwrap();
            assert_eq!(
                decompress(&c, &packed, DEFAULT_LIMIT),
                Err(Error::DecompressedSize { declared, actual })
            );
        }
    }
}
