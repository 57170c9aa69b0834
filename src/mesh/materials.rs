//! VMF materials on top of the voxel mesher: water drawn as a translucent
//! surface over the ground it covers, light emission as glow, and
//! indestructible voxels marked for a highlight the user turns on.
//!
//! The fast mesher knows only solid and air. For a store with water it
//! meshes a *dry* copy (water removed, so the ground under water gets its
//! faces), then water faces are found apart: where a water voxel meets air.
//! Water, glow and indestructible marks are bits in each face record
//! ([`face::FIELDS`]: [`Face::b`] bits 27..32, which the plain mesher leaves
//! clear).

use super::face::{self, Face, NORMALS};
use super::{mesh_all_until, ChunkMesh, MeshOptions};
use crate::store::voxels::{
    fourth_byte, rgb, Color, FourthByte, MaterialRun, Slab, VoxelStore, CHUNK,
};

/// [`Face::b`] bit: the face is a water surface (drawn translucent).
pub const WATER_BIT: u32 = 1 << face::WATER.shift;
/// [`Face::b`] bit: the face's voxel is indestructible.
pub const INDESTRUCTIBLE_BIT: u32 = 1 << face::INDESTRUCTIBLE.shift;
/// [`Face::b`] bits 29..32: glow, 0 (none) to 7, from the voxel's light.
pub const GLOW_SHIFT: u32 = face::GLOW.shift;

/// Water's colour where a water voxel has none stored.
const WATER_RGB: [u8; 3] = [40, 90, 170];

/// A voxel map's faces: opaque chunks, and water chunks drawn after them.
#[derive(Debug, Clone, Default)]
pub struct VoxelMeshes {
    pub opaque: Vec<ChunkMesh>,
    pub water: Vec<ChunkMesh>,
}

/// Meshes a voxel store with its materials (on all cores). A store with no
/// water, light or indestructible voxels (every VXL) is meshed as it is.
pub fn mesh_voxels(store: &VoxelStore, opts: &MeshOptions) -> VoxelMeshes {
    let never = std::sync::atomic::AtomicBool::new(false);
    mesh_voxels_until(store, opts, &never).unwrap_or_default()
}

/// [`mesh_voxels`], given up (`None`) soon after `stop` is set.
pub fn mesh_voxels_until(
    store: &VoxelStore,
    opts: &MeshOptions,
    stop: &std::sync::atomic::AtomicBool,
) -> Option<VoxelMeshes> {
    let vmf = store.fourth_byte == FourthByte::Light;
    let water = vmf && store.water_voxels() > 0;
    let marks = vmf && (store.indestructible_voxels() > 0 || store.max_fourth_byte() > 0);
    let mut opaque = if water {
        mesh_all_until(&without_water(store), opts, stop)?
    } else {
        mesh_all_until(store, opts, stop)?
    };
    if marks {
        for m in &mut opaque {
            mark_faces(store, m);
        }
    }
    Some(VoxelMeshes {
        opaque,
        water: if water {
            water_faces(store)
        } else {
            Vec::new()
        },
    })
}

/// Glow level 0..=7 for a light byte: any light at all glows a little.
pub fn glow_level(light: u8) -> u32 {
    (light as u32).div_ceil(32).min(7)
}

/// Sets the glow and indestructible bits of a chunk's faces from `store`.
fn mark_faces(store: &VoxelStore, m: &mut ChunkMesh) {
    let rect = store.chunk(m.chunk);
    // The chunk's columns' material runs, looked up once a column.
    let runs: Vec<&[MaterialRun]> = (0..rect.length)
        .flat_map(|ly| (0..rect.width).map(move |lx| (lx, ly)))
        .map(|(lx, ly)| store.column(rect.x0 + lx, rect.y0 + ly).materials)
        .collect();
    for f in &mut m.faces {
        let [x, y, z] = f.voxel(rect.x0, rect.y0);
        let hard = runs[(f.ly() * rect.width + f.lx()) as usize]
            .iter()
            .any(|r| r.indestructible && (r.z0 as u32..r.z1 as u32).contains(&z));
        let (slabs, colors) = store.surface(x, y);
        let light = stored_color(slabs, colors, z).map_or(0, fourth_byte);
        f.b |= glow_level(light) << GLOW_SHIFT | if hard { INDESTRUCTIBLE_BIT } else { 0 };
    }
}

/// The stored colour of voxel `z` of a column; `None` for air and hidden
/// voxels.
fn stored_color(slabs: &[Slab], colors: &[Color], z: u32) -> Option<Color> {
    let mut start = 0;
    for s in slabs {
        let (top, bottom) = (s.top as u32, s.bottom as u32);
        if z < top {
            return None;
        }
        if z < bottom {
            let (tl, bl) = (s.top_len as u32, s.bottom_len as u32);
            return if z < top + tl {
                Some(colors[start + (z - top) as usize])
            } else if z >= bottom - bl {
                Some(colors[start + (tl + z - (bottom - bl)) as usize])
            } else {
                None
            };
        }
        start += s.colors();
    }
    None
}

/// Whether voxel `z` of a column is filled.
fn filled_at(slabs: &[Slab], z: u32) -> bool {
    slabs
        .iter()
        .any(|s| (s.top as u32..s.bottom as u32).contains(&z))
}

/// The water runs of a column, in z order.
fn water_runs(materials: &[MaterialRun]) -> impl Iterator<Item = (u32, u32)> + '_ {
    materials
        .iter()
        .filter(|r| r.water)
        .map(|r| (r.z0 as u32, r.z1 as u32))
}

/// A copy of `store` with its water voxels taken out (turned to air). Every
/// voxel the water touched is on the surface, so its colour is stored.
pub fn without_water(store: &VoxelStore) -> VoxelStore {
    let [w, l, d] = store.dims();
    let mut dry = VoxelStore::new(w, l, d, store.fourth_byte);
    let all = store.materials();
    let mut next = 0;
    for y in 0..l {
        for x in 0..w {
            // Runs are sorted by column: walk them alongside.
            let first = next;
            while next < all.len() && all[next].column == y * w + x {
                next += 1;
            }
            let materials = &all[first..next];
            let (slabs, col_colors) = store.surface(x, y);
            let mut start = 0;
            for s in slabs {
                let colors = &col_colors[start..start + s.colors()];
                start += s.colors();
                let mut z = s.top as u32;
                let bottom = s.bottom as u32;
                // The dry pieces of this slab, between its water runs.
                let mut cuts: Vec<(u32, u32)> = water_runs(materials)
                    .filter(|&(a, b)| a < bottom && b > z)
                    .collect();
                cuts.push((bottom, bottom));
                for (a, b) in cuts {
                    if a > z {
                        push_piece(&mut dry, s, colors, z, a);
                    }
                    z = z.max(b);
                }
            }
            dry.end_column();
        }
    }
    dry.finish();
    dry
}

/// Pushes `[z0, z1)` of slab `s` as a slab of its own, keeping the colours
/// it had (a piece of a top run is a top run, of a bottom run a bottom run).
fn push_piece(dry: &mut VoxelStore, s: &Slab, colors: &[u32], z0: u32, z1: u32) {
    let (top, bottom) = (s.top as u32, s.bottom as u32);
    let (tl, bl) = (s.top_len as u32, s.bottom_len as u32);
    let color_at = |z: u32| -> Option<u32> {
        if z < top + tl {
            Some(colors[(z - top) as usize])
        } else if z >= bottom - bl {
            Some(colors[(tl + z - (bottom - bl)) as usize])
        } else {
            None
        }
    };
    let mut top_len = 0;
    while z0 + top_len < z1 && color_at(z0 + top_len).is_some() {
        top_len += 1;
    }
    let mut bottom_len = 0;
    while z1 - bottom_len > z0 + top_len && color_at(z1 - bottom_len - 1).is_some() {
        bottom_len += 1;
    }
    dry.push_slab(Slab {
        top: z0 as u16,
        top_len: top_len as u16,
        bottom: z1 as u16,
        bottom_len: bottom_len as u16,
    });
    dry.push_colors(
        (z0..z0 + top_len)
            .chain(z1 - bottom_len..z1)
            .filter_map(color_at),
    );
}

/// Faces where water meets air, one list of chunk meshes (chunks with none
/// left out). Outside the map in x and y counts as filled and the map's
/// floor as solid, as for the solid faces.
fn water_faces(store: &VoxelStore) -> Vec<ChunkMesh> {
    let [w, l, d] = store.dims();
    let filled = |x: i64, y: i64, z: i64| -> bool {
        if x < 0 || y < 0 || x >= w as i64 || y >= l as i64 || z >= d as i64 {
            return true;
        }
        z >= 0 && filled_at(store.surface(x as u32, y as u32).0, z as u32)
    };
    let mut by_chunk: Vec<[Vec<Face>; 6]> = vec![Default::default(); store.chunks().len()];
    for run in store.materials().iter().filter(|r| r.water) {
        let (x, y) = (run.column % w, run.column / w);
        let (slabs, colors) = store.surface(x, y);
        let chunk = store.chunk_index(x, y);
        let (lx, ly) = (x % CHUNK, y % CHUNK);
        for z in run.z0 as u32..run.z1 as u32 {
            for (dir, n) in NORMALS.iter().enumerate() {
                let (nx, ny, nz) = (
                    x as i64 + n[0] as i64,
                    y as i64 + n[1] as i64,
                    z as i64 + n[2] as i64,
                );
                if filled(nx, ny, nz) {
                    continue;
                }
                let color = stored_color(slabs, colors, z).map_or(WATER_RGB, rgb);
                let face = Face::new(lx, ly, z, dir as u8, [3; 4], false, color);
                by_chunk[chunk][dir].push(Face {
                    a: face.a,
                    b: face.b | WATER_BIT,
                });
            }
        }
    }
    by_chunk
        .into_iter()
        .enumerate()
        .filter(|(_, by_dir)| by_dir.iter().any(|v| !v.is_empty()))
        .map(|(chunk, by_dir)| {
            let rect = store.chunk(chunk);
            chunk_mesh(chunk, rect.x0, rect.y0, by_dir)
        })
        .collect()
}

/// One chunk's faces sorted by direction, with their bounds.
fn chunk_mesh(chunk: usize, x0: u32, y0: u32, by_dir: [Vec<Face>; 6]) -> ChunkMesh {
    let mut faces = Vec::new();
    let mut dir_ranges: [std::ops::Range<u32>; 6] = Default::default();
    let (mut lo, mut hi) = ([f32::MAX; 3], [f32::MIN; 3]);
    for (d, list) in by_dir.into_iter().enumerate() {
        let start = faces.len() as u32;
        for f in &list {
            for c in f.corners(x0, y0) {
                for k in 0..3 {
                    lo[k] = lo[k].min(c[k] as f32);
                    hi[k] = hi[k].max(c[k] as f32);
                }
            }
        }
        faces.extend(list);
        dir_ranges[d] = start..faces.len() as u32;
    }
    ChunkMesh {
        chunk,
        faces,
        dir_ranges,
        bounds_min: lo,
        bounds_max: hi,
    }
}
