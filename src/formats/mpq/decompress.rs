//! Turning a stored sector back into its bytes: the compression mask byte
//! names the passes (bzip2, PKWARE DCL implode, zlib), undone in the
//! game's order; old imploded files have no mask. Output is capped at the
//! size the archive declares, so a small sector cannot become a large one.

use std::borrow::Cow;
use std::io::Read;

/// Mask bits, as the MPQ format numbers them.
pub const HUFFMAN: u8 = 0x01;
pub const ZLIB: u8 = 0x02;
pub const IMPLODE: u8 = 0x08;
pub const BZIP2: u8 = 0x10;
pub const SPARSE: u8 = 0x20;
pub const ADPCM_MONO: u8 = 0x40;
pub const ADPCM_STEREO: u8 = 0x80;
/// LZMA is the whole mask value 0x12, not two bits.
pub const LZMA: u8 = 0x12;

/// Why a sector could not be turned back into its bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Problem {
    /// A pass mapscope does not read (sound codecs, LZMA, sparse).
    Unsupported(String),
    /// The data does not decompress.
    Corrupt(String),
    /// It decompresses past the size the archive declares.
    TooLarge { limit: usize },
    /// It decompresses to less than the declared size.
    TooSmall { got: usize, want: usize },
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Problem::Unsupported(what) => write!(f, "{what} compression, which mapscope does not read"),
            Problem::Corrupt(why) => write!(f, "does not decompress: {why}"),
            Problem::TooLarge { limit } => write!(
                f,
                "decompresses past its declared {limit} bytes (a decompression bomb, or a corrupt table)"
            ),
            Problem::TooSmall { got, want } => {
                write!(f, "decompresses to {got} bytes, not the declared {want}")
            }
        }
    }
}

/// The bytes of a compressed sector (mask byte first) of `size` plain bytes.
pub fn sector(data: &[u8], size: usize) -> Result<Vec<u8>, Problem> {
    let Some((&mask, rest)) = data.split_first() else {
        return Err(Problem::Corrupt("empty sector".into()));
    };
    if mask == LZMA {
        return Err(Problem::Unsupported("LZMA".into()));
    }
    for (bit, name) in [
        (HUFFMAN, "Huffman (sound)"),
        (SPARSE, "sparse"),
        (ADPCM_MONO, "ADPCM (sound)"),
        (ADPCM_STEREO, "ADPCM (sound)"),
    ] {
        if mask & bit != 0 {
            return Err(Problem::Unsupported(name.into()));
        }
    }
    let known = BZIP2 | IMPLODE | ZLIB;
    if mask & !known != 0 || mask == 0 {
        return Err(Problem::Corrupt(format!(
            "unknown compression mask {mask:#04x}"
        )));
    }
    // Passes are undone in the reverse of the order they were made in:
    // bzip2, then implode, then zlib. Each is capped at the sector's size.
    let passes: [(u8, Pass); 3] = [(BZIP2, bzip2), (IMPLODE, implode), (ZLIB, zlib)];
    let mut bytes = Cow::Borrowed(rest);
    for (bit, pass) in passes {
        if mask & bit != 0 {
            bytes = Cow::Owned(pass(&bytes, size)?);
        }
    }
    if bytes.len() != size {
        return Err(Problem::TooSmall {
            got: bytes.len(),
            want: size,
        });
    }
    Ok(bytes.into_owned())
}

/// One decompression pass: stored bytes and the most it may give.
type Pass = fn(&[u8], usize) -> Result<Vec<u8>, Problem>;

/// Reads at most `limit` bytes from `r`; more is [`Problem::TooLarge`].
fn capped(mut r: impl Read, limit: usize) -> Result<Vec<u8>, Problem> {
    let mut out = Vec::with_capacity(limit.min(1 << 20));
    let n = (&mut r)
        .take(limit as u64 + 1)
        .read_to_end(&mut out)
        .map_err(|e| Problem::Corrupt(e.to_string()))?;
    if n > limit {
        return Err(Problem::TooLarge { limit });
    }
    Ok(out)
}

/// One zlib stream, at most `limit` bytes out. The inflater is kept from
/// one call to the next on each thread and reset: a fresh one a sector
/// (its state and a 32 KiB read buffer, made and cleared for every 4 KiB
/// sector) was a tenth of a map's decoding.
pub fn zlib(data: &[u8], limit: usize) -> Result<Vec<u8>, Problem> {
    use flate2::{Decompress, FlushDecompress, Status};
    thread_local! {
        static INFLATER: std::cell::RefCell<Decompress> =
            std::cell::RefCell::new(Decompress::new(true));
    }
    INFLATER.with(|inflater| {
        let mut z = inflater.borrow_mut();
        z.reset(true);
        // A byte of room past the limit tells a stream that goes on from
        // one that ends there; the room grows as it fills, never past it.
        let most = limit.saturating_add(1);
        let mut out = Vec::with_capacity(most.min(1 << 20));
        // Where all the room is there from the start (every sector), in one
        // go straight into it; else through the inflater's window, which
        // can stop where the room ends and go on (`Finish` cannot).
        let flush = match out.capacity() >= most {
            true => FlushDecompress::Finish,
            false => FlushDecompress::None,
        };
        loop {
            let read = z.total_in() as usize;
            let status = z
                .decompress_vec(&data[read.min(data.len())..], &mut out, flush)
                .map_err(|e| Problem::Corrupt(e.to_string()))?;
            if out.len() > limit {
                return Err(Problem::TooLarge { limit });
            }
            match status {
                Status::StreamEnd => return Ok(out),
                _ if out.len() == out.capacity() => {
                    out.reserve_exact((out.capacity() * 2).min(most) - out.len());
                }
                // Room left and nothing more comes: the data ends early.
                _ if z.total_in() as usize >= data.len() || status == Status::BufError => {
                    return Err(Problem::Corrupt(
                        "the zlib stream ends before its end".into(),
                    ));
                }
                _ => {}
            }
        }
    })
}

pub fn bzip2(data: &[u8], limit: usize) -> Result<Vec<u8>, Problem> {
    capped(bzip2::read::BzDecoder::new(data), limit)
}

/// PKWARE Data Compression Library "implode", fed a byte at a time so the
/// output can stop at `limit`.
pub fn implode(data: &[u8], limit: usize) -> Result<Vec<u8>, Problem> {
    let mut state = explode::Explode::new();
    let mut window = [0u8; 4096];
    let mut out = Vec::with_capacity(limit.min(1 << 20));
    let mut buf = state.with_buffer(&mut window);
    let mut i = 0;
    while i < data.len() {
        match buf.feed(data[i]) {
            // The window is full, or the data ended: take what it holds.
            // A full window has not used up the byte: feed it again.
            Ok(()) => {
                out.extend_from_slice(buf.get());
                if out.len() > limit {
                    return Err(Problem::TooLarge { limit });
                }
                if buf.done() {
                    return Ok(out);
                }
                buf.reset();
            }
            Err(explode::Error::IncompleteInput) => i += 1,
            Err(e) => return Err(Problem::Corrupt(format!("implode: {e:?}"))),
        }
    }
    Err(Problem::Corrupt(
        "implode data ends before its end code".into(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn zlib_of(data: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::ZlibEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(data).unwrap();
        e.finish().unwrap()
    }

    #[test]
    fn implode_reads_back_references() {
        // The explode crate's own example: 8 bytes, 13 out.
        let bytes = [0x00, 0x04, 0x82, 0x24, 0x25, 0x8f, 0x80, 0x7f];
        assert_eq!(implode(&bytes, 13).unwrap(), b"AIAIAIAIAIAIA");
        assert_eq!(implode(&bytes, 12), Err(Problem::TooLarge { limit: 12 }));
        assert!(matches!(implode(&bytes[..5], 13), Err(Problem::Corrupt(_))));
    }

    #[test]
    fn a_sector_is_capped_at_its_declared_size() {
        let plain = vec![7u8; 100_000];
        let mut stored = vec![ZLIB];
        stored.extend(zlib_of(&plain));
        assert!(stored.len() < 1000, "a bomb: small in, large out");
        assert_eq!(sector(&stored, 100_000).unwrap(), plain);
        assert_eq!(
            sector(&stored, 4096),
            Err(Problem::TooLarge { limit: 4096 })
        );
        assert_eq!(
            sector(&stored, 200_000),
            Err(Problem::TooSmall {
                got: 100_000,
                want: 200_000
            })
        );
    }

    #[test]
    fn the_kept_inflater_reads_stream_after_stream() {
        // Past the first allocation, then a small one, then a cut one, then
        // a whole one again: each read as if by a fresh inflater.
        let big: Vec<u8> = (0..3_000_000u32).map(|i| (i % 253) as u8).collect();
        let small = b"mapscope".repeat(100);
        assert_eq!(zlib(&zlib_of(&big), big.len()).unwrap(), big);
        assert_eq!(zlib(&zlib_of(&small), small.len()).unwrap(), small);
        let cut = zlib_of(&big);
        assert!(matches!(
            zlib(&cut[..cut.len() / 2], big.len()),
            Err(Problem::Corrupt(_))
        ));
        assert_eq!(zlib(&zlib_of(&small), 10_000).unwrap(), small);
        assert_eq!(
            zlib(&zlib_of(&big), big.len() - 1),
            Err(Problem::TooLarge {
                limit: big.len() - 1
            })
        );
    }

    #[test]
    fn chains_undo_bzip2_then_implode() {
        // Bzip2 over zlib would be mask 0x12, which means LZMA; maps chain
        // other passes.
        let plain: Vec<u8> = (0..5000u32).map(|i| (i / 40 % 251) as u8).collect();
        let inner = crate::formats::mpq::write::implode(&plain);
        let mut bz = bzip2::write::BzEncoder::new(Vec::new(), bzip2::Compression::default());
        bz.write_all(&inner).unwrap();
        let mut stored = vec![BZIP2 | IMPLODE];
        stored.extend(bz.finish().unwrap());
        assert_eq!(sector(&stored, plain.len()).unwrap(), plain);
    }

    #[test]
    fn sound_and_unknown_masks_are_named() {
        let e = sector(&[HUFFMAN | ADPCM_MONO, 1, 2], 10).unwrap_err();
        assert!(e.to_string().contains("Huffman"), "{e}");
        assert!(matches!(
            sector(&[LZMA, 0], 4),
            Err(Problem::Unsupported(_))
        ));
        assert!(matches!(sector(&[0x04, 0], 4), Err(Problem::Corrupt(_))));
        assert!(matches!(sector(&[], 4), Err(Problem::Corrupt(_))));
        assert!(matches!(
            sector(&[ZLIB, 1, 2, 3], 4),
            Err(Problem::Corrupt(_))
        ));
    }
}
