//! Alithia worlds as meshes: floors, ceilings and walls, each a node with
//! one primitive a texture name and one material a texture name.
//!
//! The world mesher colours a quad by its texture name's legend colour
//! times a shade (integer, `ColorVertex::shaded`); it does not say which
//! texture a quad came from. So each quad's texture is found here as the
//! legend colour its own colour is a shade of, and its part (floor,
//! ceiling, wall) from which way it faces.

use super::frame::{linear16, Frame, CELL_METRES};
use super::model::{Material, Model, Node, Primitive};
use crate::mesh::cells::WorldMesh;
use crate::mesh::terrain::ColorVertex;
use std::collections::BTreeMap;

/// The frame of an Alithia world: heights are already up from 0.
pub const FRAME: Frame = Frame {
    metres: CELL_METRES,
    ground_z: 0.0,
};

/// Quads whose colour is no legend colour's shade (the dark cap on solid
/// rock, quads with no texture).
const UNTEXTURED: &str = "(untextured)";

const PARTS: [&str; 3] = ["floors", "ceilings", "walls"];

/// Whether `color` is `rgb` shaded by some 8.8 fixed-point shade, as the
/// mesher shades (`(c * shade) >> 8`).
fn is_shade_of(color: [u8; 3], rgb: [u8; 3]) -> bool {
    let (k, &top) = rgb
        .iter()
        .enumerate()
        .max_by_key(|(_, c)| **c)
        .expect("three channels");
    if top == 0 {
        return color == [0; 3];
    }
    // The shade that gives the brightest channel, give or take rounding.
    let guess = (color[k] as u32 * 256) / top as u32;
    (guess.saturating_sub(2)..=guess + 2)
        .any(|s| (0..3).all(|i| ((rgb[i] as u32 * s) >> 8).min(255) == color[i] as u32))
}

/// 0 floor (faces up), 1 ceiling (faces down), 2 wall, from the quad's
/// normal in map coordinates (z down).
fn part_of(q: &[ColorVertex]) -> usize {
    let p = |k: usize| q[k].position;
    let u = [0, 1, 2].map(|i| p(2)[i] - p(0)[i]);
    let v = [0, 1, 2].map(|i| p(3)[i] - p(1)[i]);
    let n = [
        u[1] * v[2] - u[2] * v[1],
        u[2] * v[0] - u[0] * v[2],
        u[0] * v[1] - u[1] * v[0],
    ];
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt();
    if len == 0.0 || n[2].abs() < 0.5 * len {
        2
    } else if n[2] < 0.0 {
        0
    } else {
        1
    }
}

/// Adds the world to `model`: a node "world" with floors, ceilings and
/// walls, one primitive and material a texture name in each.
pub fn add_world(model: &mut Model, world: &WorldMesh) -> Node {
    // (part, texture) -> quads, in a fixed order.
    let mut by: BTreeMap<(usize, String), Primitive> = BTreeMap::new();
    for q in world.faces.chunks_exact(4) {
        let c = q[0].color;
        let rgb = [c[0], c[1], c[2]];
        let texture = world
            .legend
            .iter()
            .find(|(_, l)| is_shade_of(rgb, *l))
            .map_or(UNTEXTURED, |(name, _)| name.as_str());
        let m = model.material(texture, || Material {
            name: texture.to_string(),
            factor: [1.0; 4],
            translucent: false,
            double_sided: false,
        });
        let p = by
            .entry((part_of(q), texture.to_string()))
            .or_insert_with(|| Primitive::new(m));
        let pos = [0, 1, 2, 3].map(|k| FRAME.point(q[k].position));
        let col = [0, 1, 2, 3].map(|k| {
            let c = q[k].color;
            linear16([c[0], c[1], c[2]], c[3] as f32 / 255.0)
        });
        p.quad(pos, col, false);
    }
    let mut parts: [Vec<Primitive>; 3] = Default::default();
    for ((part, _), p) in by {
        parts[part].push(p);
    }
    let mut children = Vec::new();
    for (name, prims) in PARTS.iter().zip(parts) {
        if let Some(m) = model.add_mesh(*name, prims) {
            children.push(Node::of_mesh(*name, m));
        }
    }
    Node::group("world", children)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shades_are_told_from_other_colours() {
        let rgb = [200, 100, 50];
        let shaded = |s: u32| rgb.map(|c| ((c as u32 * s) >> 8) as u8);
        assert!(is_shade_of(shaded(256), rgb));
        assert!(is_shade_of(shaded(140), rgb));
        assert!(!is_shade_of([100, 100, 25], rgb));
        assert!(!is_shade_of([56, 54, 51], [150, 150, 150]));
    }
}
