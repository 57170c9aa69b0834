//! `war3map.wpm`, the pathing map: a byte of flags for each quarter tile.
//!
//! ```text
//! "MP3W"  i32 version (0)  i32 width  i32 height  (4 x the tiles each way)
//! u8 flags x width * height, bottom row first
//! ```
//!
//! Checked against the corpus and mdx-m3-viewer (`src/parsers/w3x/wpm/`).
//! The decoder has no warnings: an unknown version and bytes after the cells
//! are errors, so nothing is dropped unsaid.

use crate::formats::error::{DecodeError, Format};
use crate::formats::reader::Reader;
use crate::store::warcraft::Pathing;

pub const MAGIC: &[u8; 4] = b"MP3W";
pub const FILE: &str = "war3map.wpm";

fn size(r: &mut Reader, field: &str) -> Result<u32, DecodeError> {
    let at = r.pos();
    let v = r.i32(field)?;
    u32::try_from(v).map_err(|_| r.error_at(at, field, format!("is negative ({v})")))
}

/// Decodes `war3map.wpm`.
pub fn decode_pathing(bytes: &[u8]) -> Result<Pathing, DecodeError> {
    let mut r = Reader::new(bytes, Format::W3x);
    let magic = r.array::<4>(&format!("{FILE} header magic"))?;
    if &magic != MAGIC {
        return Err(r.error_at(
            0,
            format!("{FILE} header magic"),
            format!(
                "is {:?}, expected \"MP3W\"",
                String::from_utf8_lossy(&magic)
            ),
        ));
    }
    let at = r.pos();
    let version = r.i32(&format!("{FILE} header version"))?;
    if version != 0 {
        return Err(r.error_at(
            at,
            format!("{FILE} header version"),
            format!("unknown version {version} (known: 0)"),
        ));
    }
    let width = size(&mut r, &format!("{FILE} header width"))?;
    let height = size(&mut r, &format!("{FILE} header height"))?;
    let field = format!("{FILE} cells");
    r.check_fits(height as u64, width as u64, &field)?;
    let cells = r.bytes(width as usize * height as usize, &field)?.to_vec();
    if r.remaining() > 0 {
        return Err(r.error(
            format!("{FILE} end"),
            format!(
                "{} bytes follow the {width} x {height} cells",
                r.remaining()
            ),
        ));
    }
    Ok(Pathing {
        width,
        height,
        cells,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::mpq::Archive;
    use crate::formats::reader::PutLe;

    fn file(width: i32, height: i32, cells: &[u8]) -> Vec<u8> {
        let mut v = MAGIC.to_vec();
        v.put_i32(0);
        v.put_i32(width);
        v.put_i32(height);
        v.extend_from_slice(cells);
        v
    }

    #[test]
    fn decodes_cells_bottom_row_first() {
        let cells: Vec<u8> = (0..12).collect();
        let p = decode_pathing(&file(4, 3, &cells)).unwrap();
        assert_eq!((p.width, p.height), (4, 3));
        assert_eq!(p.cells, cells);
        assert_eq!(p.at(1, 2), Some(9));
        assert_eq!(p.at(4, 0), None);
        let empty = decode_pathing(&file(0, 0, &[])).unwrap();
        assert!(empty.cells.is_empty());
    }

    #[test]
    fn errors_name_the_field() {
        let good = file(4, 3, &[0x0A; 12]);
        let field = |b: &[u8]| decode_pathing(b).unwrap_err().field;
        assert_eq!(field(&good[..3]), "war3map.wpm header magic");
        assert_eq!(field(b"W3do\0\0\0\0"), "war3map.wpm header magic");
        assert_eq!(field(&good[..6]), "war3map.wpm header version");
        assert_eq!(field(&good[..10]), "war3map.wpm header width");
        assert_eq!(field(&good[..15]), "war3map.wpm header height");
        let e = decode_pathing(&good[..good.len() - 1]).unwrap_err();
        assert_eq!((e.field.as_str(), e.offset), ("war3map.wpm cells", 16));
        let mut v = good.clone();
        v[4] = 1;
        assert_eq!(field(&v), "war3map.wpm header version");
        assert_eq!(field(&file(-4, 3, &[])), "war3map.wpm header width");
        assert_eq!(
            field(&file(i32::MAX, i32::MAX, &[0; 64])),
            "war3map.wpm cells"
        );
        let mut v = good;
        v.push(0);
        let e = decode_pathing(&v).unwrap_err();
        assert_eq!((e.field.as_str(), e.offset), ("war3map.wpm end", 28));
    }

    use crate::formats::w3x::test_corpus as corpus;

    /// Tiles (tilepoints less one each way) from a w3e header, read apart
    /// from the w3e decoder.
    fn w3e_tiles(b: &[u8]) -> (u32, u32) {
        let word = |at: usize| u32::from_le_bytes(b[at..at + 4].try_into().unwrap());
        let grounds = word(13) as usize;
        let cliffs_at = 17 + 4 * grounds;
        let size_at = cliffs_at + 4 + 4 * word(cliffs_at) as usize;
        (word(size_at) - 1, word(size_at + 4) - 1)
    }

    fn check(wpm: &[u8], w3e: &[u8], name: &str) {
        let p = decode_pathing(wpm).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (tw, th) = w3e_tiles(w3e);
        assert_eq!((p.width, p.height), (4 * tw, 4 * th), "{name}");
        assert_eq!(p.cells.len() as u32, 16 * tw * th, "{name}");
    }

    #[test]
    fn corpus_folder_pathing() {
        let Some(dir) = corpus() else {
            eprintln!("no corpus: skipping");
            return;
        };
        let dir = dir.join("w3x/folder/map.w3x");
        let wpm = std::fs::read(dir.join(FILE)).unwrap();
        let w3e = std::fs::read(dir.join("war3map.w3e")).unwrap();
        check(&wpm, &w3e, "folder");
    }

    #[test]
    fn corpus_archives_pathing() {
        let Some(dir) = corpus() else {
            eprintln!("no corpus: skipping");
            return;
        };
        let (mut seen, mut without) = (0, Vec::new());
        for sub in ["w3x/ladder", "w3x/war3net"] {
            for e in std::fs::read_dir(dir.join(sub)).unwrap() {
                let p = e.unwrap().path();
                if !p.extension().is_some_and(|e| e == "w3x" || e == "w3m") {
                    continue;
                }
                let bytes = std::fs::read(&p).unwrap();
                let archive = Archive::open(&bytes).unwrap();
                let (Some(wpm), Some(w3e)) = (
                    archive.read(FILE).unwrap(),
                    archive.read("war3map.w3e").unwrap(),
                ) else {
                    without.push(p.display().to_string());
                    continue;
                };
                check(&wpm, &w3e, &p.display().to_string());
                seen += 1;
            }
        }
        eprintln!("{seen} archives with a {FILE} and a w3e; without: {without:?}");
    }
}
