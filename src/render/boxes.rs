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

/// 24 vertices a box: a quad a side (see [`crate::mesh::tris`]), each
/// wound counter-clockwise seen from outside (`cross(c1 - c0, c2 - c1)`
/// points out, as voxel faces), so that a pipeline drawing front faces
/// only shows nothing from inside the box.
pub fn quads(boxes: &[Box3]) -> Vec<BoxVertex> {
    faces(boxes, &SIDES)
}

/// The four upright sides of each box, wound as [`quads`]: a spawn area's
/// fill, which leaves the ground inside it in its own colours from above
/// (its top would tint it all) and from inside.
pub fn walls(boxes: &[Box3]) -> Vec<BoxVertex> {
    faces(boxes, &SIDES[2..])
}

fn faces(boxes: &[Box3], sides: &[[usize; 4]]) -> Vec<BoxVertex> {
    let mut out = Vec::with_capacity(boxes.len() * sides.len() * 4);
    for b in boxes {
        let centre = (b.min + b.max) / 2.0;
        for &q in sides {
            let mut c = q.map(|i| corner(b, i));
            let normal = (c[1] - c[0]).cross(c[2] - c[1]);
            let outward = (c[0] + c[2]) / 2.0 - centre;
            if normal.dot(outward) < 0.0 {
                c.reverse();
            }
            out.extend(c.map(|p| BoxVertex::new(p.into(), b.color)));
        }
    }
    out
}

/// A box's 12 edges as line vertices (two an edge), in its colour, nearly
/// opaque: the outline that shows from inside the box too.
pub fn edges(boxes: &[Box3]) -> Vec<BoxVertex> {
    let mut out = Vec::with_capacity(boxes.len() * 24);
    for b in boxes {
        let [r, g, bl, _] = b.color;
        let color = [r, g, bl, 0.9];
        for i in 0..8usize {
            for bit in [1, 2, 4] {
                if i & bit == 0 {
                    out.push(BoxVertex::new(corner(b, i).into(), color));
                    out.push(BoxVertex::new(corner(b, i | bit).into(), color));
                }
            }
        }
    }
    out
}

/// The sides of a box by corner (bit 0: x, bit 1: y, bit 2: z at max):
/// bottom and top (z), then the four upright ones.
const SIDES: [[usize; 4]; 6] = [
    [0, 1, 3, 2],
    [4, 6, 7, 5],
    [0, 4, 5, 1],
    [2, 3, 7, 6],
    [0, 2, 6, 4],
    [1, 5, 7, 3],
];

fn corner(b: &Box3, i: usize) -> Vec3 {
    Vec3::new(
        if i & 1 != 0 { b.max.x } else { b.min.x },
        if i & 2 != 0 { b.max.y } else { b.min.y },
        if i & 4 != 0 { b.max.z } else { b.min.z },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn unit_box() -> Box3 {
        Box3 {
            min: Vec3::new(1.0, 2.0, 3.0),
            max: Vec3::new(4.0, 6.0, 5.0),
            color: [0.1, 0.2, 0.3, 0.3],
        }
    }

    #[test]
    fn every_side_faces_out() {
        let b = unit_box();
        let centre = (b.min + b.max) / 2.0;
        let q = quads(&[b]);
        assert_eq!(q.len(), 24);
        for side in q.chunks(4) {
            let c: Vec<Vec3> = side.iter().map(|v| Vec3::from(v.position)).collect();
            let normal = (c[1] - c[0]).cross(c[2] - c[1]);
            let middle = (c[0] + c[2]) / 2.0;
            assert!(normal.dot(middle - centre) > 0.0, "{c:?}");
        }
    }

    #[test]
    fn walls_are_the_four_upright_sides() {
        let w = walls(&[unit_box()]);
        assert_eq!(w.len(), 16);
        for side in w.chunks(4) {
            let zs: Vec<f32> = side.iter().map(|v| v.position[2]).collect();
            assert!(zs.contains(&3.0) && zs.contains(&5.0), "{zs:?}");
        }
    }

    #[test]
    fn the_outline_is_the_twelve_edges() {
        let e = edges(&[unit_box()]);
        assert_eq!(e.len(), 24);
        for pair in e.chunks(2) {
            let d = Vec3::from(pair[1].position) - Vec3::from(pair[0].position);
            // Each edge runs along one axis.
            assert_eq!(d.to_array().iter().filter(|v| **v != 0.0).count(), 1);
        }
    }
}
