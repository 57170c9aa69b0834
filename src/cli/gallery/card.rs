//! One map's card in the gallery: what the page shows of it, kept in
//! `gallery.json` so that a second run can skip maps whose pictures are
//! newer than the map and still show their cards.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};

/// The file beside the pictures holding the cards of the last run.
pub const CARDS_FILE: &str = "gallery.json";

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Card {
    /// The map's path under the gallery's folder, as people read it.
    pub path: String,
    /// A link from the page to the map.
    pub href: String,
    /// The stem of the map's pictures (`STEM-top.png`, `STEM-overview.png`).
    pub stem: String,
    pub name: String,
    pub author: Option<String>,
    /// The format's label ("AoS VXL", "W3X", …).
    pub format: String,
    /// The map's size in its own units ("512 x 512 x 64 voxels").
    pub size: String,
    /// Columns or tiles or cells across times down: what "size" sorts by.
    pub area: u64,
    /// The file's size (a map folder: its files').
    pub bytes: u64,
    /// The pictures drawn, file names in the output folder.
    pub pictures: Vec<String>,
    /// Why the map could not be decoded or drawn: one line.
    pub error: Option<String>,
    /// How the map plays in one line: a Warcraft III map's fairness table
    /// (`analyze`'s spreads, flagged where one is over 5 %), a voxel map's
    /// reachable shares (flagged where they differ by over 5 points or a
    /// team can be trapped); none for other maps.
    #[serde(default)]
    pub fairness: Option<(String, bool)>,
}

/// The cards of the last run, by stem; none if there are none or they
/// cannot be read (the gallery is then drawn again).
pub fn load(out: &Path) -> HashMap<String, Card> {
    let Ok(text) = std::fs::read_to_string(out.join(CARDS_FILE)) else {
        return HashMap::new();
    };
    let cards: Vec<Card> = serde_json::from_str(&text).unwrap_or_default();
    cards.into_iter().map(|c| (c.stem.clone(), c)).collect()
}

pub fn save(out: &Path, cards: &[Card]) -> std::io::Result<()> {
    let text = serde_json::to_string_pretty(cards).map_err(std::io::Error::other)?;
    std::fs::write(out.join(CARDS_FILE), text)
}

/// A file-name stem for a map's pictures, from its path under the
/// gallery's folder: letters, digits, `-` and `.` kept, the rest `_`.
pub fn stem_of(relative: &str) -> String {
    relative
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// `path` relative to folder `from` (both absolute), with `..` where
/// needed.
pub fn relative(path: &Path, from: &Path) -> PathBuf {
    let p: Vec<Component> = path.components().collect();
    let f: Vec<Component> = from.components().collect();
    let common = p.iter().zip(&f).take_while(|(a, b)| a == b).count();
    let mut out = PathBuf::new();
    for _ in common..f.len() {
        out.push("..");
    }
    for c in &p[common..] {
        out.push(c.as_os_str());
    }
    out
}

/// A relative path as a link: `/`-separated, with every byte but
/// unreserved ones and `/` percent-encoded.
pub fn href(path: &Path) -> String {
    let parts: Vec<String> = path
        .components()
        .map(|c| {
            let s = c.as_os_str().to_string_lossy();
            let mut out = String::new();
            for b in s.bytes() {
                if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
                    out.push(b as char);
                } else {
                    out.push_str(&format!("%{b:02X}"));
                }
            }
            out
        })
        .collect();
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stems_and_links_are_safe() {
        assert_eq!(stem_of("w3x/ladder/1v1 A@5.w3x"), "w3x_ladder_1v1_A_5.w3x");
        let r = relative(Path::new("/a/maps/x y.vxl"), Path::new("/a/out/g"));
        assert_eq!(r, PathBuf::from("../../maps/x y.vxl"));
        assert_eq!(href(&r), "../../maps/x%20y.vxl");
    }
}
