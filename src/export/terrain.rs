//! Warcraft III terrain as meshes: ground, cliffs, ramps and water, one
//! node each. The terrain mesher writes one list of opaque quads; each
//! quad is sorted here by the tile it lies in (a cliff tile's quarters and
//! walls stay inside their tile), so the split follows the same rules as
//! the mesher's (`W3eTerrain::is_cliff_tile`, `is_ramp_entrance`).

use super::frame::{linear16, Frame, TILE_METRES};
use super::model::{Material, Model, Node, Primitive};
use crate::mesh::terrain::{ColorVertex, TriMesh};
use crate::mesh::tris::facing_light;
use crate::store::terrain::W3eTerrain;

/// The frame of a Warcraft III terrain: heights are already up from 0.
pub const FRAME: Frame = Frame {
    metres: TILE_METRES,
    ground_z: 0.0,
};

/// What a quad of the terrain is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Part {
    Ground,
    Cliffs,
    Ramps,
    Water,
}

const PARTS: [(Part, &str); 4] = [
    (Part::Ground, "ground"),
    (Part::Cliffs, "cliffs"),
    (Part::Ramps, "ramps"),
    (Part::Water, "water"),
];

/// The part of the tile under the middle of quad `q` (map coordinates).
fn part_of(t: &W3eTerrain, q: &[ColorVertex]) -> Part {
    let (w, h) = (t.width, t.height);
    if w < 2 || h < 2 {
        return Part::Ground;
    }
    let cx = q.iter().map(|v| v.position[0]).sum::<f32>() / 4.0;
    let cy = q.iter().map(|v| v.position[1]).sum::<f32>() / 4.0;
    // Map y goes south from the top row; W3E rows go north (see
    // mesh::terrain): tile row ty spans y from h - 2 - ty to h - 1 - ty.
    let tx = (cx.floor().max(0.0) as u32).min(w - 2);
    let from_top = (cy.floor().max(0.0) as u32).min(h - 2);
    let ty = h - 2 - from_top;
    if t.is_ramp_entrance(tx, ty) {
        Part::Ramps
    } else if t.is_cliff_tile(tx, ty) {
        Part::Cliffs
    } else {
        Part::Ground
    }
}

/// Adds the quads of `list` to `prims` (one a part), sorting them by part.
fn add_quads(
    prims: &mut [Primitive; 4],
    t: &W3eTerrain,
    list: &[ColorVertex],
    water: bool,
    frame: &Frame,
) {
    for q in list.chunks_exact(4) {
        let q: [ColorVertex; 4] = [q[0], q[1], q[2], q[3]];
        let part = if water { Part::Water } else { part_of(t, &q) };
        let p = &mut prims[part as usize];
        let pos = [0, 1, 2, 3].map(|k| frame.point(q[k].position));
        // The terrain shader lights opaque quads by their facing (ground
        // vertices carry alpha 0 there: their colour is the tile grid's,
        // which is the corners' colours here); water goes as it is.
        let shade = if water {
            1.0
        } else {
            0.45 + 0.55 * facing_light(q.map(|v| v.position))
        };
        let col = [0, 1, 2, 3].map(|k| {
            let c = q[k].color;
            let rgb = [c[0], c[1], c[2]].map(|v| (v as f32 * shade).round().min(255.0) as u8);
            linear16(rgb, if water { c[3] as f32 / 255.0 } else { 1.0 })
        });
        p.quad(pos, col, false);
    }
}

/// Adds the terrain's parts to `model`: a node "terrain" with one child a
/// part that has quads. Quads the viewer culls from behind (`one_sided`)
/// get materials of their own, seen from the front only.
pub fn add_terrain(model: &mut Model, t: &W3eTerrain, mesh: &TriMesh) -> Node {
    let mut children = Vec::new();
    for (one_sided, lists) in [
        (false, [&mesh.opaque, &mesh.translucent]),
        (true, [&mesh.one_sided, &Vec::new()]),
    ] {
        let mut prims: [Primitive; 4] = PARTS.map(|(part, name)| {
            let name = if one_sided {
                format!("{name}, one-sided")
            } else {
                name.to_string()
            };
            let m = model.material(&name, || Material {
                name: name.clone(),
                factor: [1.0; 4],
                translucent: part == Part::Water,
                double_sided: !one_sided,
            });
            Primitive::new(m)
        });
        add_quads(&mut prims, t, lists[0], false, &FRAME);
        add_quads(&mut prims, t, lists[1], true, &FRAME);
        for ((_, name), p) in PARTS.iter().zip(prims) {
            let name = if one_sided {
                format!("{name}, one-sided")
            } else {
                name.to_string()
            };
            if let Some(m) = model.add_mesh(name.clone(), vec![p]) {
                children.push(Node::of_mesh(name, m));
            }
        }
    }
    Node::group("terrain", children)
}
