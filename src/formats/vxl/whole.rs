//! Checking a whole VXL file's columns without decoding it: the browser's
//! "this will open", where a map cut short must not be labelled a map.

use super::header::read_voxlap_header;
use super::sniff::{sniff_aos, voxlap_byte_order};
use super::VOXLAP_HEADER_LEN;

/// `Ok` if a file of `len` bytes starting with `head` (its first bytes, or
/// all of them) reads as an AoS map: every column in `head` well-formed by
/// the decoder's rules (spans that go down the column, enough room for
/// their colours, within the deepest map's 256 levels), a column cut only
/// where `head` is. When `head` is the whole file, the columns must end
/// with it, and without a size from elsewhere (`size_known`) their count
/// must be a square, as the decoder needs. [`sniff_aos`] checks only the
/// first column's headers, enough to choose a decoder; this is for
/// labelling files as maps without reading them whole.
pub fn sniff_aos_whole(head: &[u8], len: u64, size_known: bool) -> Result<(), String> {
    sniff_aos(head)?;
    let whole = head.len() as u64 >= len;
    let columns = walk_columns(&head[..head.len().min(len as usize)], whole)?;
    if whole && !size_known && columns.isqrt().pow(2) != columns {
        return Err(format!(
            "{columns} columns, not a square (cut short, or its size is not square)"
        ));
    }
    Ok(())
}

/// `Ok` if a whole VXL file (either container) holds every column it
/// needs: its columns reach its end, and there are as many as the Voxlap
/// header says (an AoS map: a square number, unless `size_known`). What a
/// cut or damaged map fails and [`sniff_aos_whole`], seeing only a file's
/// start, cannot tell. One pass over the bytes; nothing allocated.
pub fn check_whole(bytes: &[u8], size_known: bool) -> Result<(), String> {
    let Some(big_endian) = voxlap_byte_order(bytes) else {
        return sniff_aos_whole(bytes, bytes.len() as u64, size_known);
    };
    let (_, w, l) = read_voxlap_header(bytes, big_endian).map_err(|e| e.to_string())?;
    let columns = walk_columns(&bytes[VOXLAP_HEADER_LEN.min(bytes.len())..], true)?;
    let wanted = w as u64 * l as u64;
    if columns != wanted {
        return Err(format!(
            "{columns} columns where the header's {w} x {l} needs {wanted}: the file is cut short"
        ));
    }
    Ok(())
}

/// Walks AoS columns through `data` by the decoder's rules (spans that go
/// down the column, enough room for their colours); the count of whole
/// columns. `whole`: `data` is the whole file, so a column cut by its end
/// is an error (else the walk stops there).
fn walk_columns(data: &[u8], whole: bool) -> Result<u64, String> {
    let (mut pos, mut columns) = (0usize, 0u64);
    'columns: while pos < data.len() {
        let mut span = 0usize;
        loop {
            let Some(h) = data.get(pos..pos + 4) else {
                if whole {
                    return Err(format!("column {columns} is cut at the end of the file"));
                }
                break 'columns;
            };
            let (n, s, e, a) = (h[0] as usize, h[1] as usize, h[2] as usize, h[3] as usize);
            let at = |what: &str| format!("column {columns} span {span} at byte {pos}: {what}");
            if span > 0 && s < a {
                return Err(at("its colours start above its air"));
            }
            if e + 1 < s {
                return Err(at("E < S - 1"));
            }
            let k = e + 1 - s;
            if n == 0 {
                let end = pos + 4 * (k + 1);
                if end > data.len() && whole {
                    return Err(at("its colours run past the end of the file"));
                }
                pos = end;
                break;
            }
            if n - 1 < k {
                return Err(at("N leaves no room for its top colours"));
            }
            let next = pos + 4 * n;
            let Some(&m) = data.get(next + 3) else {
                if whole {
                    return Err(at("N points past the end of the file"));
                }
                break 'columns;
            };
            let m = m as usize;
            if m < e + 1 + (n - 1 - k) || m == s {
                return Err(at("the next span's air does not follow its colours"));
            }
            pos = next;
            span += 1;
        }
        columns += 1;
    }
    if columns == 0 {
        return Err("not one whole column".into());
    }
    Ok(columns)
}
