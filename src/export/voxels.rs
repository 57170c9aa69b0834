//! Voxel chunks as meshes: one node a chunk, named by the chunk's place,
//! each face coloured as the viewer's voxel shader colours it (the face's
//! colour, its direction's light, ambient occlusion per corner, a glowing
//! voxel's glow), with VMF water in a translucent material of its own.

use super::frame::{linear16_of, Frame, VOXEL_METRES};
use super::merge::{merge, plane_axes, Rect};
use super::model::{Material, Model, Node, Primitive};
use crate::mesh::face::{Face, CORNERS, GLOW, WATER};
use crate::mesh::ChunkMesh;
use crate::store::voxels::VoxelStore;
use rayon::prelude::*;

/// The light on a face by its direction: `SHADE` in shaders/voxel.wgsl,
/// which a test holds these to.
pub const SHADE: [f32; 6] = [0.86, 0.74, 0.80, 0.92, 1.0, 0.55];
/// Water's opacity, as the voxel shader draws it.
pub const WATER_ALPHA: f32 = 0.6;

/// The frame of a voxel map: the bottom of the map on glTF's ground.
pub fn frame(store: &VoxelStore) -> Frame {
    Frame {
        metres: VOXEL_METRES,
        ground_z: store.depth() as f32,
    }
}

/// The colour of each corner of `face` as the voxel shader works it out
/// (with full AO strength, as the viewer starts), in linear RGBA.
pub fn corner_colors(face: &Face) -> [[u16; 4]; 4] {
    let rgb = face.rgb().map(|c| c as f32 / 255.0);
    let shade = SHADE[face.dir() as usize];
    let glow = ((face.b >> GLOW.shift) & GLOW.mask()) as f32 / GLOW.mask() as f32;
    let water = (face.b >> WATER.shift) & WATER.mask() == 1;
    let alpha = if water { WATER_ALPHA } else { 1.0 };
    face.ao().map(|ao| {
        let occlusion = 0.5 + ao as f32 / 6.0;
        let c = rgb.map(|v| {
            let lit = v * shade * occlusion;
            lit + (((v * 1.3 + 0.15).min(1.0)) - lit) * glow
        });
        [
            linear16_of(c[0]),
            linear16_of(c[1]),
            linear16_of(c[2]),
            (alpha * 65535.0 + 0.5) as u16,
        ]
    })
}

/// The corners of rectangle `r` of a chunk starting at column (x0, y0), in
/// store coordinates, in [`CORNERS`] order.
fn rect_corners(r: &Rect, x0: u32, y0: u32) -> [[f32; 3]; 4] {
    let v = r.face.voxel(x0, y0);
    let dir = r.face.dir() as usize;
    let ([u, w], _) = plane_axes(r.face.dir());
    let mut ext = [1u32; 3];
    ext[u] = r.du;
    ext[w] = r.dv;
    CORNERS[dir].map(|c| [0, 1, 2].map(|k| (v[k] + c[k] as u32 * ext[k]) as f32))
}

/// Adds a chunk's faces to `p`, merged into rectangles where `merged`.
fn add_faces(p: &mut Primitive, faces: &[Face], (x0, y0): (u32, u32), frame: &Frame, merged: bool) {
    let rects = if merged {
        merge(faces)
    } else {
        faces
            .iter()
            .map(|&face| Rect { face, du: 1, dv: 1 })
            .collect()
    };
    p.positions.reserve(4 * rects.len());
    p.colors.reserve(4 * rects.len());
    p.indices.reserve(6 * rects.len());
    for r in &rects {
        let corners = rect_corners(r, x0, y0).map(|c| frame.point(c));
        p.quad(corners, corner_colors(&r.face), r.face.flip());
    }
}

/// Adds one node a chunk for `chunks` (and the water faces of `water`, by
/// chunk) to `model`, under one node, "voxels".
pub fn add_chunks(
    model: &mut Model,
    store: &VoxelStore,
    chunks: &[ChunkMesh],
    water: &[ChunkMesh],
    merged: bool,
) -> Node {
    let frame = frame(store);
    let solid = model.material("voxels", || Material {
        name: "voxels".into(),
        factor: [1.0; 4],
        translucent: false,
        double_sided: false,
    });
    let wet = model.material("water", || Material {
        name: "water".into(),
        factor: [1.0; 4],
        translucent: true,
        double_sided: true,
    });
    // Chunk indices with faces of either kind, in order.
    let mut ids: Vec<usize> = chunks.iter().chain(water).map(|m| m.chunk).collect();
    ids.sort_unstable();
    ids.dedup();
    let faces_of = |list: &[ChunkMesh], id: usize| -> Vec<Face> {
        list.iter()
            .filter(|m| m.chunk == id)
            .flat_map(|m| m.faces.iter().copied())
            .collect()
    };
    let built: Vec<(String, Vec<Primitive>)> = ids
        .par_iter()
        .map(|&id| {
            let rect = store.chunk(id);
            let at = (rect.x0, rect.y0);
            let (mut p, mut w) = (Primitive::new(solid), Primitive::new(wet));
            add_faces(&mut p, &faces_of(chunks, id), at, &frame, merged);
            add_faces(&mut w, &faces_of(water, id), at, &frame, merged);
            let cx = rect.x0 / crate::store::voxels::CHUNK;
            let cy = rect.y0 / crate::store::voxels::CHUNK;
            (format!("chunk {cx},{cy}"), vec![p, w])
        })
        .collect();
    let mut nodes = Vec::with_capacity(built.len());
    for (name, prims) in built {
        if let Some(mesh) = model.add_mesh(name.clone(), prims) {
            nodes.push(Node::of_mesh(name, mesh));
        }
    }
    Node::group("voxels", nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shade_is_the_shaders() {
        let wgsl = include_str!("../../shaders/voxel.wgsl");
        let start = wgsl
            .find("SHADE: array<f32, 6> = array<f32, 6>(")
            .expect("SHADE in voxel.wgsl");
        let rest = &wgsl[start..];
        let list = &rest[rest.find(">(").unwrap() + 2..rest.find(");").unwrap()];
        let shader: Vec<f32> = list.split(',').map(|v| v.trim().parse().unwrap()).collect();
        assert_eq!(shader, SHADE.to_vec());
    }

    #[test]
    fn ao_darkens_corners_and_water_is_translucent() {
        let mut f = Face::new(0, 0, 0, crate::mesh::DIR_UP, [0, 3, 3, 3], false, [255; 3]);
        let c = corner_colors(&f);
        assert!(c[0][0] < c[1][0]);
        assert_eq!(c[1][0], 65535); // open corner of a top face: full white
        assert_eq!(c[0][3], 65535);
        f.b |= 1 << WATER.shift;
        assert_eq!(corner_colors(&f)[0][3], (0.6f32 * 65535.0 + 0.5) as u16);
    }
}
