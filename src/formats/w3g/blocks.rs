//! The compressed blocks after the header, inflated into one buffer.
//!
//! ```text
//! before 1.32:  u16 compressed size  u16 inflated size  u32 checksum
//! 1.32 on:      u32 compressed size  u32 inflated size  u32 checksum
//! then the zlib stream (each block flushed, not finished)
//! ```
//!
//! Nothing is allocated from the header's sizes alone: the output grows
//! block by block, each block inflated into at most its declared size and
//! the output never past the header's total (which counts the data
//! without the last block's zero padding). The
//! checksums are not verified (the game's own algorithm is not needed to
//! read the data, and zlib checks what it inflates).

use super::cursor::Cursor;
use super::error::{Place, ReplayError};
use super::header::Header;
use flate2::{Decompress, FlushDecompress, Status};

/// Largest inflated size a header may declare. Real replays inflate to a
/// few megabytes (an hour-long 4v4 about 15); this refuses a lying header
/// before anything is reserved.
pub const MAX_DATA_SIZE: u32 = 256 << 20;
/// Largest inflated size one block may declare (real ones: 8192).
pub const MAX_BLOCK_SIZE: u32 = 1 << 20;

/// Inflates every block; what stops early (a file cut short, a damaged
/// block) is said in `warnings`, and the data up to there is kept.
pub fn inflate(
    bytes: &[u8],
    header: &Header,
    warnings: &mut Vec<String>,
) -> Result<Vec<u8>, ReplayError> {
    let mut c = Cursor::new(bytes, Place::File);
    if header.data_size > MAX_DATA_SIZE {
        return Err(c.error_at(
            40,
            "inflated data size",
            format!(
                "{} bytes, more than the {MAX_DATA_SIZE} a replay may have",
                header.data_size
            ),
        ));
    }
    let start = header.header_size as usize;
    if start > bytes.len() {
        return Err(c.error_at(
            28,
            "header size",
            format!("{start} bytes, past the file's end ({} bytes)", bytes.len()),
        ));
    }
    c.set_pos(start);
    let total = header.data_size as usize;
    // Never more than the file could plausibly hold; it grows if needed.
    let mut out = Vec::with_capacity(total.min(bytes.len().saturating_mul(8)));
    let mut index = 0u32;
    while !c.at_end() && index < header.block_count && out.len() < total {
        match inflate_block(&mut c, header, index, total - out.len(), &mut out) {
            Ok(()) => index += 1,
            Err(e) if e.field.ends_with("inflated size") => return Err(e),
            Err(e) => {
                warnings.push(e.as_warning());
                return Ok(out);
            }
        }
    }
    if index < header.block_count && out.len() < total {
        warnings.push(format!(
            "W3G block {index} at byte {}: the file ends after {index} of its {} blocks",
            c.pos(),
            header.block_count
        ));
    } else if index == header.block_count && !c.at_end() {
        warnings.push(format!(
            "W3G block {index} at byte {}: {} bytes after the last block are ignored",
            c.pos(),
            c.remaining()
        ));
    }
    if out.len() < total && index == header.block_count {
        warnings.push(format!(
            "W3G inflated data size at byte 40: the blocks inflate to {} bytes, the header says {total}",
            out.len()
        ));
    }
    Ok(out)
}

/// Reads block `index`'s header and inflates it onto `out`. An error on
/// its inflated size is a lie the decode fails on; others (a file cut
/// short, damaged zlib data) end the data early.
fn inflate_block(
    c: &mut Cursor,
    header: &Header,
    index: u32,
    room: usize,
    out: &mut Vec<u8>,
) -> Result<(), ReplayError> {
    let at = c.pos();
    let field = |what: &str| format!("block {index} {what}");
    let (packed, size) = if header.wide_blocks() {
        let packed = c.u32(&field("header"))?;
        let size = c.u32(&field("header"))?;
        (packed as usize, size)
    } else {
        let packed = c.u16(&field("header"))?;
        let size = c.u16(&field("header"))?;
        (packed as usize, u32::from(size))
    };
    c.skip(4, &field("checksum"))?;
    if size > MAX_BLOCK_SIZE {
        return Err(c.error_at(
            at,
            field("inflated size"),
            format!("{size} bytes, more than the {MAX_BLOCK_SIZE} a block may hold"),
        ));
    }
    let data_at = c.pos();
    let input = c.bytes(packed, &field("compressed data"))?;
    // The last block is padded to its size; the header's total counts
    // the data alone, so the padding is left uninflated.
    let size = (size as usize).min(room);
    let from = out.len();
    out.resize(from + size, 0);
    let mut z = Decompress::new(true);
    let status = z.decompress(input, &mut out[from..], FlushDecompress::Sync);
    let made = z.total_out() as usize;
    out.truncate(from + made);
    match status {
        Ok(Status::Ok | Status::StreamEnd | Status::BufError) if made == size => Ok(()),
        Ok(_) => Err(c.error_at(
            data_at,
            field("compressed data"),
            format!("inflates to {made} bytes, the block header says {size} (or the header's total leaves that)"),
        )),
        Err(e) => Err(c.error_at(
            data_at + (z.total_in() as usize).min(packed),
            field("compressed data"),
            format!("zlib: {e}"),
        )),
    }
}
