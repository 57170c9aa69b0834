//! `war3map.mmp`, the minimap icons: gold mines, neutral buildings and
//! start locations.
//!
//! ```text
//! i32 unknown (0)  i32 count
//! per icon: i32 kind (0 gold mine, 1 neutral building, 2 start)
//!           i32 x  i32 y (minimap pixels, 0..255)  u8[4] colour, BGRA
//! ```
//!
//! Checked against the corpus and mdx-m3-viewer (`src/parsers/w3x/mmp/`).
//! The decoder has no warnings: bytes after the icons are an error.

use crate::formats::error::{DecodeError, Format};
use crate::formats::reader::Reader;
use crate::store::warcraft::MinimapIcon;

pub const FILE: &str = "war3map.mmp";
/// Bytes an icon takes.
pub const ICON_SIZE: u64 = 16;

/// Decodes `war3map.mmp`; colours come out RGBA.
pub fn decode_icons(bytes: &[u8]) -> Result<Vec<MinimapIcon>, DecodeError> {
    let mut r = Reader::new(bytes, Format::W3x);
    r.i32(&format!("{FILE} header unknown"))?;
    let at = r.pos();
    let field = format!("{FILE} header count");
    let n = r.i32(&field)?;
    let n = usize::try_from(n).map_err(|_| r.error_at(at, &field, format!("is negative ({n})")))?;
    r.check_fits(n as u64, ICON_SIZE, &format!("{FILE} icons"))?;
    let mut icons = Vec::with_capacity(n);
    for i in 0..n {
        let e = |e: DecodeError| DecodeError {
            field: format!("{FILE} icon {i} {}", e.field),
            ..e
        };
        let kind = r.u32("kind").map_err(e)?;
        let x = r.u32("x").map_err(e)?;
        let y = r.u32("y").map_err(e)?;
        let [b, g, red, a] = r.array::<4>("colour").map_err(e)?;
        icons.push(MinimapIcon {
            kind,
            x,
            y,
            color: [red, g, b, a],
        });
    }
    if r.remaining() > 0 {
        return Err(r.error(
            format!("{FILE} end"),
            format!("{} bytes follow the {n} icons", r.remaining()),
        ));
    }
    Ok(icons)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::mpq::Archive;
    use crate::formats::reader::PutLe;

    fn file(icons: &[(i32, i32, i32, [u8; 4])]) -> Vec<u8> {
        let mut v = Vec::new();
        v.put_i32(0);
        v.put_i32(icons.len() as i32);
        for (kind, x, y, bgra) in icons {
            v.put_i32(*kind);
            v.put_i32(*x);
            v.put_i32(*y);
            v.extend_from_slice(bgra);
        }
        v
    }

    #[test]
    fn decodes_icons_with_colours_as_rgba() {
        let bytes = file(&[
            (0, 20, 236, [0x10, 0x20, 0xF0, 0xFF]),
            (2, 128, 7, [1, 2, 3, 4]),
        ]);
        let icons = decode_icons(&bytes).unwrap();
        assert_eq!(
            icons,
            vec![
                MinimapIcon {
                    kind: 0,
                    x: 20,
                    y: 236,
                    color: [0xF0, 0x20, 0x10, 0xFF]
                },
                MinimapIcon {
                    kind: 2,
                    x: 128,
                    y: 7,
                    color: [3, 2, 1, 4]
                }
            ]
        );
        assert_eq!(decode_icons(&file(&[])).unwrap(), vec![]);
    }

    #[test]
    fn errors_name_the_field() {
        let good = file(&[(1, 5, 6, [0; 4]), (2, 7, 8, [0; 4])]);
        let field = |b: &[u8]| decode_icons(b).unwrap_err().field;
        assert_eq!(field(&good[..2]), "war3map.mmp header unknown");
        assert_eq!(field(&good[..6]), "war3map.mmp header count");
        let e = decode_icons(&good[..good.len() - 1]).unwrap_err();
        assert_eq!((e.field.as_str(), e.offset), ("war3map.mmp icons", 8));
        let mut v = good.clone();
        v[4..8].copy_from_slice(&(-1i32).to_le_bytes());
        assert_eq!(field(&v), "war3map.mmp header count");
        v[4..8].copy_from_slice(&i32::MAX.to_le_bytes());
        assert_eq!(field(&v), "war3map.mmp icons");
        let mut v = good;
        v.extend_from_slice(&[0; 3]);
        let e = decode_icons(&v).unwrap_err();
        assert_eq!((e.field.as_str(), e.offset), ("war3map.mmp end", 40));
    }

    use crate::formats::w3x::test_corpus as corpus;

    /// The header's count agrees with the file's size, and every icon is a
    /// known kind inside the 256-pixel minimap.
    fn check(bytes: &[u8], name: &str) {
        let icons = decode_icons(bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        let declared = i32::from_le_bytes(bytes[4..8].try_into().unwrap());
        assert_eq!(icons.len() as i32, declared, "{name}");
        assert_eq!(icons.len(), (bytes.len() - 8) / 16, "{name}");
        for i in &icons {
            assert!(i.kind <= 2 && i.x < 256 && i.y < 256, "{name}: {i:?}");
        }
    }

    #[test]
    fn corpus_folder_icons() {
        let Some(dir) = corpus() else {
            eprintln!("no corpus: skipping");
            return;
        };
        let bytes = std::fs::read(dir.join("w3x/folder/map.w3x").join(FILE)).unwrap();
        check(&bytes, "folder");
        assert_eq!(decode_icons(&bytes).unwrap().len(), 13);
    }

    #[test]
    fn corpus_archives_icons() {
        let Some(dir) = corpus() else {
            eprintln!("no corpus: skipping");
            return;
        };
        let mut seen = 0;
        for sub in ["w3x/ladder", "w3x/war3net"] {
            for e in std::fs::read_dir(dir.join(sub)).unwrap() {
                let p = e.unwrap().path();
                if !p.extension().is_some_and(|e| e == "w3x" || e == "w3m") {
                    continue;
                }
                let bytes = std::fs::read(&p).unwrap();
                let archive = Archive::open(&bytes).unwrap();
                if let Some(mmp) = archive.read(FILE).unwrap() {
                    check(&mmp, &p.display().to_string());
                    seen += 1;
                }
            }
        }
        eprintln!("{seen} archives with a {FILE}");
    }
}
