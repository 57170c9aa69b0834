//! Meshers: the voxel mesher (here) turns a [`VoxelStore`] into per-chunk
//! lists of visible faces for the GPU; `terrain` and `cells` build W3E
//! terrain and ALW worlds as coloured triangles.
//!
//! * **Which faces:** one [`Face`] per side of a solid voxel that touches air.
//!   Outside the map in x and y counts as solid (the map's edge walls are not
//!   drawn), below the bottom (z >= depth) counts as solid, above the top
//!   (z < 0) counts as air.
//! * **Colour:** the voxel's stored RGB. A voxel with no stored colour (VMF,
//!   hand-built stores) takes the nearest coloured voxel above it in its slab,
//!   else [`GREY`]. With [`MeshOptions::fourth_byte_shade`] on a VXL store,
//!   each channel is scaled by the colour's fourth byte: `(c * a / 128).min(255)`.
//! * **Ambient occlusion:** per corner, 0fps's rule over the three voxels of
//!   the face's air layer that touch the corner (see [`ao`]). For AO the
//!   neighbourhood follows the same rules except that columns outside the map
//!   count as air: no wall is drawn there, so none darkens the faces at the
//!   edge.
//! * **Layout:** faces of a chunk come sorted by direction, one contiguous
//!   range per direction ([`ChunkMesh::dir_ranges`]), so a renderer can skip
//!   directions that face away from the camera. [`CORNERS`] tells a shader
//!   where each face's four corners are.
//!
//! Meshing works on bitmasks over z (see `voxel.rs`): a 512 x 512 x 64 AoS map
//! (250 000 to 450 000 faces) takes 1.2-2.8 ms on one core of a Sapphire
//! Rapids Xeon, 163-217 M faces a second (x86-64-v3 build), and 0.9-2.4 ms
//! on a Zen 5 EPYC core; [`mesh_all`] spreads chunks over threads.

pub mod ao;
pub mod cells;
pub mod coarse;
mod color;
pub mod face;
pub mod ground_view;
pub mod lod;
pub mod materials;
pub mod objects;
pub mod palette;
pub mod player_colors;
pub mod reach_view;
pub mod reference;
pub mod terrain;
pub mod top_colors;
pub mod tris;
mod voxel;

use rayon::prelude::*;

pub use color::GREY;
pub use face::{
    Face, CORNERS, DIR_DOWN, DIR_NEG_X, DIR_NEG_Y, DIR_POS_X, DIR_POS_Y, DIR_UP, NORMALS, TRIANGLES,
};

use crate::store::voxels::VoxelStore;

/// How faces are coloured.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MeshOptions {
    /// Scale RGB by the colour's fourth byte, 0x80 being neutral (AoS shade).
    /// Applies only to stores whose fourth byte is a shade (VXL).
    pub fourth_byte_shade: bool,
}

/// The faces of one chunk.
#[derive(Debug, Clone, PartialEq)]
pub struct ChunkMesh {
    /// Index of the chunk in the store ([`VoxelStore::chunk`]).
    pub chunk: usize,
    /// Sorted by direction; positions are chunk-local in x and y.
    pub faces: Vec<Face>,
    /// `faces[dir_ranges[d]]` are the faces of direction `d`.
    pub dir_ranges: [std::ops::Range<u32>; 6],
    /// A box around every face quad, in store coordinates (x, y, z): for
    /// voxel chunks the box of the voxels that show faces (it may reach
    /// one voxel past the quads, and is found row by row while meshing,
    /// with no pass over the faces). An empty chunk has an empty box at its
    /// first column, z = 0.
    pub bounds_min: [f32; 3],
    pub bounds_max: [f32; 3],
}

impl ChunkMesh {
    /// The faces of direction `dir`.
    pub fn dir_faces(&self, dir: u8) -> &[Face] {
        let r = &self.dir_ranges[dir as usize];
        &self.faces[r.start as usize..r.end as usize]
    }
}

/// Meshes chunks one after another, reusing its buffers: for re-meshing
/// chunks as the map changes.
#[derive(Debug, Default)]
pub struct Mesher {
    scratch: voxel::Scratch,
}

impl Mesher {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn mesh_chunk(
        &mut self,
        store: &VoxelStore,
        chunk: usize,
        opts: &MeshOptions,
    ) -> ChunkMesh {
        let cx = chunk as u32 % store.chunks_x();
        let cy = chunk as u32 / store.chunks_x();
        let mut out = Vec::with_capacity(1);
        self.scratch
            .mesh_segment(store, cy, cx..cx + 1, opts, &mut out);
        out.pop().expect("one chunk meshed")
    }

    /// Meshes chunks `cxs` of chunk row `cy` (`chunk = cy * chunks_x + cx`),
    /// appending them to `out` in chunk order. Cheaper per chunk than
    /// [`Self::mesh_chunk`]: the store is read row by row across them all.
    pub fn mesh_chunk_row(
        &mut self,
        store: &VoxelStore,
        cy: u32,
        cxs: std::ops::Range<u32>,
        opts: &MeshOptions,
        out: &mut Vec<ChunkMesh>,
    ) {
        assert!(cy < store.chunks_y() && cxs.end <= store.chunks_x());
        if !cxs.is_empty() {
            self.scratch.mesh_segment(store, cy, cxs, opts, out);
        }
    }
}

/// Meshes one chunk alone.
pub fn mesh_chunk(store: &VoxelStore, chunk: usize, opts: &MeshOptions) -> ChunkMesh {
    Mesher::new().mesh_chunk(store, chunk, opts)
}

/// Chunks per parallel task: enough side by side for reading the store row by
/// row to pay, few enough to spread a small map over the threads. A quarter
/// of a chunk row, at least 2 and at most 8 (256 columns): on 2 threads,
/// the 1024 x 1024 x 256 demo map meshes in 10.1-10.3 ms in tasks of 8
/// against 12.1-12.3 in tasks of 2, and 512 x 512 maps alike in 2 or 4
/// (`MESH_TIMING_PARALLEL=1 examples/mesh_timing`).
fn segment_chunks(store: &VoxelStore) -> u32 {
    (store.chunks_x() / 4).clamp(2, 8)
}

/// Meshes every chunk, in parallel; the result is in chunk order.
pub fn mesh_all(store: &VoxelStore, opts: &MeshOptions) -> Vec<ChunkMesh> {
    let never = std::sync::atomic::AtomicBool::new(false);
    mesh_all_until(store, opts, &never).unwrap_or_default()
}

/// [`mesh_all`], given up (`None`) soon after `stop` is set: each task of a
/// few chunks looks at it first, so a map nobody waits for any more stops
/// meshing within a few milliseconds.
pub fn mesh_all_until(
    store: &VoxelStore,
    opts: &MeshOptions,
    stop: &std::sync::atomic::AtomicBool,
) -> Option<Vec<ChunkMesh>> {
    use std::sync::atomic::Ordering::Relaxed;
    let (cxn, cyn) = (store.chunks_x(), store.chunks_y());
    let segment = segment_chunks(store);
    let segments: Vec<(u32, u32)> = (0..cyn)
        .flat_map(|cy| (0..cxn).step_by(segment as usize).map(move |cx| (cy, cx)))
        .collect();
    let parts: Vec<Vec<ChunkMesh>> = segments
        .into_par_iter()
        .map_init(Mesher::new, |m, (cy, cx)| {
            let mut out = Vec::with_capacity(segment as usize);
            if stop.load(Relaxed) {
                return out;
            }
            m.mesh_chunk_row(store, cy, cx..(cx + segment).min(cxn), opts, &mut out);
            out
        })
        .collect();
    (!stop.load(Relaxed)).then(|| parts.into_iter().flatten().collect())
}

/// Meshes every chunk on the calling thread; the result is in chunk order.
pub fn mesh_all_serial(store: &VoxelStore, opts: &MeshOptions) -> Vec<ChunkMesh> {
    let mut m = Mesher::new();
    let mut out = Vec::with_capacity(store.chunks().len());
    for cy in 0..store.chunks_y() {
        m.mesh_chunk_row(store, cy, 0..store.chunks_x(), opts, &mut out);
    }
    out
}

/// Whatever a map draws, meshed: voxel chunks, W3E terrain or an ALW world.
#[derive(Debug, Clone, Default)]
pub struct MapMeshes {
    pub chunks: Vec<ChunkMesh>,
    /// VMF water surfaces, drawn translucent after everything opaque.
    pub water: Vec<ChunkMesh>,
    pub triangles: Option<terrain::TriMesh>,
    pub world: Option<cells::WorldMesh>,
    /// Warcraft III map objects, as instances of simple shapes.
    pub objects: Option<objects::ObjectInstances>,
}

/// Which build of the voxel mesher this CPU runs (`baseline`, or
/// `x86-64-v3` where the CPU has it).
pub fn voxel_mesher_build() -> &'static str {
    voxel::isa::Isa::detected().name()
}

/// Total faces over `meshes`.
pub fn face_count(meshes: &[ChunkMesh]) -> usize {
    meshes.iter().map(|m| m.faces.len()).sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::voxels::{FourthByte, Slab};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::time::{Duration, Instant};

    /// A rough `n x n x 64` map: every column a different height, so that
    /// meshing has many side faces to make.
    fn rough_store(n: u32) -> VoxelStore {
        let mut s = VoxelStore::new(n, n, 64, FourthByte::Shade);
        for y in 0..n {
            for x in 0..n {
                let top = 8 + ((x * 7) ^ (y * 13)) % 48;
                s.push_slab(Slab {
                    top: top as u16,
                    top_len: 1,
                    bottom: 64,
                    bottom_len: 0,
                });
                s.push_colors([0x8060_a040]);
                s.end_column();
            }
        }
        s.finish();
        s
    }

    #[test]
    fn meshing_stops_soon_after_it_is_asked_to() {
        let store = rough_store(1024);
        let opts = MeshOptions::default();
        let never = AtomicBool::new(false);
        let t = Instant::now();
        assert!(mesh_all_until(&store, &opts, &never).is_some());
        let whole = t.elapsed();
        // Asked to stop a tenth of the way in: it gives up, at once.
        let stop = AtomicBool::new(false);
        let (result, late) = std::thread::scope(|s| {
            let asked = s.spawn(|| {
                std::thread::sleep(whole / 10);
                stop.store(true, Ordering::Relaxed);
                Instant::now()
            });
            let result = mesh_all_until(&store, &opts, &stop);
            let done = Instant::now();
            (
                result,
                done.saturating_duration_since(asked.join().unwrap()),
            )
        });
        assert!(result.is_none(), "a stopped mesh delivered");
        assert!(
            late < Duration::from_millis(100).max(whole / 5),
            "went on {late:?} after being stopped (a whole mesh takes {whole:?})"
        );
    }
}
