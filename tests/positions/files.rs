//! The few numbers the positions tests need, read straight from the files'
//! bytes here rather than through mapscope's decoders: start locations
//! from a war3mapUnits.doo, the terrain's offset from a W3E header, spawn
//! boxes from a VXL map's sidecars.

use std::path::Path;

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn f32_at(b: &[u8], at: usize) -> Option<f32> {
    u32_at(b, at).map(f32::from_bits)
}

/// A start location placed in a war3mapUnits.doo: its player (from 0) and
/// where it stands, in world units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Start {
    pub player: u32,
    pub x: f32,
    pub y: f32,
}

/// How many units a war3mapUnits.doo says it holds (`W3do`, version,
/// subversion, count).
pub fn doo_count(doo: &[u8]) -> Option<u32> {
    (doo.get(..4)? == b"W3do").then(|| u32_at(doo, 12))?
}

/// The start locations (`sloc`) of a war3mapUnits.doo. An entry is its
/// 4-byte ID, variation, x, y, z, angle and scale (36 bytes), then since
/// 1.32 a skin ID (for a start location, `sloc` again), a flag byte and
/// the owner. The entries' tails vary, so the IDs are found by their
/// bytes; a `sloc` 36 bytes after another is that one's skin.
pub fn doo_starts(doo: &[u8]) -> Vec<Start> {
    let mut out = Vec::new();
    let mut skin_at = None;
    for k in 16..doo.len().saturating_sub(4) {
        if &doo[k..k + 4] != b"sloc" || skin_at == Some(k) {
            continue;
        }
        let skin = doo.get(k + 36..k + 40) == Some(b"sloc");
        skin_at = skin.then_some(k + 36);
        let player_at = k + 37 + if skin { 4 } else { 0 };
        let (Some(x), Some(y), Some(player)) = (
            f32_at(doo, k + 8),
            f32_at(doo, k + 12),
            u32_at(doo, player_at),
        ) else {
            continue;
        };
        out.push(Start { player, x, y });
    }
    out
}

/// The world position of a W3E's tilepoint (0, 0): `W3E!`, version, main
/// tileset (1 byte), custom flag, the ground and cliff tileset lists (a
/// count and 4 bytes each), width, height, then the offset.
pub fn w3e_offset(w3e: &[u8]) -> Option<[f32; 2]> {
    if w3e.get(..4)? != b"W3E!" {
        return None;
    }
    let ground = u32_at(w3e, 13)? as usize;
    let cliffs_at = 17 + 4 * ground;
    let cliffs = u32_at(w3e, cliffs_at)? as usize;
    let size_at = cliffs_at + 4 + 4 * cliffs;
    Some([f32_at(w3e, size_at + 8)?, f32_at(w3e, size_at + 12)?])
}

/// A spawn box as a sidecar gives it: its label ("team 1"), x and y
/// ranges and, where the sidecar has heights, the z range.
#[derive(Debug, Clone, PartialEq)]
pub struct Box3 {
    pub label: String,
    pub x: [f64; 2],
    pub y: [f64; 2],
    pub z: Option<[f64; 2]>,
}

fn sorted(a: f64, b: f64) -> [f64; 2] {
    [a.min(b), a.max(b)]
}

fn boxed(label: &str, start: &[f64], end: &[f64]) -> Box3 {
    Box3 {
        label: label.replace("team", "team "),
        x: sorted(start[0], end[0]),
        y: sorted(start[1], end[1]),
        z: (start.len() > 2 && end.len() > 2).then(|| sorted(start[2], end[2])),
    }
}

/// The spawn boxes of a SpadesX `.json` sidecar (`teamN_start`,
/// `teamN_end`).
pub fn json_spawns(path: &Path) -> Vec<Box3> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let nums = |k: String| -> Option<Vec<f64>> {
        v.get(&k)?.as_array()?.iter().map(|n| n.as_f64()).collect()
    };
    (1..=2)
        .filter_map(|t| {
            let (a, b) = (
                nums(format!("team{t}_start"))?,
                nums(format!("team{t}_end"))?,
            );
            Some(boxed(&format!("team{t}"), &a, &b))
        })
        .collect()
}

/// The numbers between the first `[` after `key` and its `]`.
fn list_after(line: &str, key: &str) -> Option<Vec<f64>> {
    let rest = &line[line.find(key)? + key.len()..];
    let inside = &rest[rest.find('[')? + 1..rest.find(']')?];
    inside.split(',').map(|n| n.trim().parse().ok()).collect()
}

/// The spawn boxes of a SpadesX `.toml` sidecar's `[spawnpoints]`
/// (`teamN = { start = [x, y, z], end = [x, y, z] }`).
pub fn toml_spawns(path: &Path) -> Vec<Box3> {
    let Ok(text) = std::fs::read_to_string(path) else {
        return Vec::new();
    };
    let section = text.split("[spawnpoints]").nth(1).unwrap_or("");
    section
        .lines()
        .take_while(|l| !l.trim_start().starts_with('['))
        .filter_map(|l| {
            let (team, rest) = l.split_once('=')?;
            Some(boxed(
                team.trim(),
                &list_after(rest, "start")?,
                &list_after(rest, "end")?,
            ))
        })
        .collect()
}
