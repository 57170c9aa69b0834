//! Translucent boxes: spawn areas now, markers later.

use glam::Vec3;

/// One box in map coordinates, with its RGBA colour (alpha < 1 to see through).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Box3 {
    pub min: Vec3,
    pub max: Vec3,
    pub color: [f32; 4],
}

/// Boxes are drawn with the same coloured-triangle vertices as terrain.
pub use crate::mesh::terrain::ColorVertex as BoxVertex;

/// 24 vertices a box: a quad a side (see [`crate::mesh::tris`]).
pub fn quads(boxes: &[Box3]) -> Vec<BoxVertex> {
    const QUADS: [[usize; 4]; 6] = [
        [0, 1, 3, 2],
        [4, 6, 7, 5],
        [0, 4, 5, 1],
        [2, 3, 7, 6],
        [0, 2, 6, 4],
        [1, 5, 7, 3],
    ];
    let mut out = Vec::with_capacity(boxes.len() * 24);
    for b in boxes {
        let corner = |i: usize| {
            [
                if i & 1 != 0 { b.max.x } else { b.min.x },
                if i & 2 != 0 { b.max.y } else { b.min.y },
                if i & 4 != 0 { b.max.z } else { b.min.z },
            ]
        };
        for q in QUADS {
            out.extend(q.map(|i| BoxVertex::new(corner(i), b.color)));
        }
    }
    out
}

/// Team colours: blue, green, a Warcraft III player's own colour ("player
/// N"), then a stable colour per further label.
pub fn spawn_color(label: &str, index: usize) -> [f32; 4] {
    let l = label.to_lowercase();
    let player = l
        .strip_prefix("player ")
        .and_then(|n| n.parse::<usize>().ok())
        .filter(|&n| (1..=crate::mesh::objects::PLAYER_COLORS.len()).contains(&n));
    let rgb = if let Some(n) = player {
        crate::mesh::objects::PLAYER_COLORS[n - 1].map(|c| c as f32 / 255.0)
    } else if l.contains("blue") || l.contains("team1") || l.contains("team 1") {
        [0.15, 0.35, 1.0]
    } else if l.contains("green") || l.contains("team2") || l.contains("team 2") {
        [0.1, 0.9, 0.25]
    } else {
        [[1.0, 0.8, 0.1], [1.0, 0.3, 0.8], [0.2, 0.9, 0.9]][index % 3]
    };
    [rgb[0], rgb[1], rgb[2], 0.3]
}
