//! Checks of voxel meshes shared by the mesher's tests.

use mapscope::mesh::reference::FaceAt as F;
use mapscope::mesh::ChunkMesh;
use mapscope::store::voxels::VoxelStore;

/// Fails on the first face where `got` and `want` (both sorted) differ.
pub fn assert_same(got: &[F], want: &[F], what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: face count");
    if let Some(i) = (0..got.len()).find(|&i| got[i] != want[i]) {
        panic!(
            "{what}: face {i} differs\n got {:?}\nwant {:?}",
            got[i], want[i]
        );
    }
}

/// Checks what every mesh promises about itself: faces grouped by direction,
/// positions inside the chunk, bounds the box of the voxels that show faces
/// (so around every quad).
pub fn check_mesh_shape(store: &VoxelStore, m: &ChunkMesh) {
    let r = store.chunk(m.chunk);
    let mut end = 0;
    for d in 0..6u8 {
        let range = &m.dir_ranges[d as usize];
        assert_eq!(range.start, end, "chunk {}: ranges contiguous", m.chunk);
        end = range.end;
        assert!(m.dir_faces(d).iter().all(|f| f.dir() == d));
    }
    assert_eq!(end as usize, m.faces.len());
    // The box of the voxels that show faces, which holds every quad.
    let (mut lo, mut hi) = ([f32::MAX; 3], [f32::MIN; 3]);
    for f in &m.faces {
        assert!(f.lx() < r.width && f.ly() < r.length && f.z() < store.depth());
        let v = f.voxel(r.x0, r.y0);
        for i in 0..3 {
            lo[i] = lo[i].min(v[i] as f32);
            hi[i] = hi[i].max(v[i] as f32 + 1.0);
        }
        for c in f.corners(r.x0, r.y0) {
            assert!(
                (0..3).all(|i| c[i] as f32 >= m.bounds_min[i] && c[i] as f32 <= m.bounds_max[i])
            );
        }
    }
    if !m.faces.is_empty() {
        assert_eq!(
            (m.bounds_min, m.bounds_max),
            (lo, hi),
            "chunk {} bounds",
            m.chunk
        );
    }
}
