//! How the 3D view is drawn while the camera moves on a slow renderer:
//! at half resolution (for fill) with far voxel chunks coarser (for
//! vertices), each part of the map at the coarsest level whose voxels take
//! at most some pixels of the picture. Where a picture is over the budget
//! those pixels grow, so the whole map is drawn coarser; only where even
//! the coarsest levels are too slow are faces counted, the farthest
//! chunks left out, and that ends once a picture leaves nothing out within
//! the budget. (A fixed share with a face budget left far hills out in
//! every moving frame of a map seen level across its whole 1024 columns.)

/// The slowest a picture may be while the camera moves.
pub(super) const MOVING_BUDGET_MS: f32 = 60.0;

/// While moving, each part of the map is drawn at the coarsest level whose
/// voxels take at most this many pixels of the (half-resolution) picture,
/// while pictures so drawn keep within the budget.
pub(super) const LOD_PIXELS: f32 = 3.0;

/// The most pixels a coarse voxel may take before faces are counted: the
/// coarsest level (8 voxels a side) then reaches to within 100 voxels of
/// a 60-degree camera in a 320-pixel picture.
const MAX_LOD_PIXELS: f32 = 24.0;

/// The fewest faces drawn while faces are counted, so the view never
/// empties.
const MIN_FACES: u64 = 100_000;

/// How a picture is drawn: full quality when still; while the camera moves
/// on a slow renderer, reduced as the module says.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(super) struct Quality {
    pub scale: f32,
    /// Draw far chunks coarser: the pixels a coarse voxel may take.
    pub lod_pixels: Option<f32>,
    pub face_budget: Option<u64>,
}

impl Quality {
    pub const FULL: Quality = Quality {
        scale: 1.0,
        lod_pixels: None,
        face_budget: None,
    };

    pub fn reduced(self) -> bool {
        self != Quality::FULL
    }
}

/// What the last picture cost.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Cost {
    /// Milliseconds it took on the GPU.
    pub ms: f32,
    /// Whether `ms` was read since the quality was last chosen: the GPU's
    /// time comes a frame or more late, and one reading must move the
    /// quality once, not every frame until the next.
    pub fresh: bool,
    pub faces: u64,
    /// Whether it left chunks out for the face budget.
    pub left_out: bool,
}

/// The quality to draw at while the camera moves, after a picture drawn at
/// `was` that cost `last`: full if that was full and within the budget;
/// else reduced, coarser by the share the budget was overrun (at most
/// twice), finer again when well within it.
pub(super) fn moving(was: Quality, last: Cost) -> Quality {
    if !was.reduced() && last.ms <= MOVING_BUDGET_MS {
        return Quality::FULL;
    }
    let Some(pixels) = was.lod_pixels else {
        return Quality {
            scale: 0.5,
            lod_pixels: Some(LOD_PIXELS),
            face_budget: None,
        };
    };
    if !last.fresh {
        return was;
    }
    let over = last.ms / MOVING_BUDGET_MS;
    let next = if over > 1.0 {
        pixels * over.min(2.0)
    } else if over < 0.5 {
        pixels / 1.25
    } else {
        pixels
    };
    let counted = match was.face_budget {
        Some(_) => over > 1.0 || last.left_out,
        None => pixels >= MAX_LOD_PIXELS && over > 1.0,
    };
    let rate = (1.0 / over.max(1e-3)).clamp(0.5, 1.5);
    Quality {
        scale: 0.5,
        lod_pixels: Some(next.clamp(LOD_PIXELS, MAX_LOD_PIXELS)),
        face_budget: counted.then(|| ((last.faces as f32 * rate) as u64).max(MIN_FACES)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cost(ms: f32, faces: u64, left_out: bool) -> Cost {
        Cost {
            ms,
            fresh: true,
            faces,
            left_out,
        }
    }

    #[test]
    fn a_slow_full_picture_is_followed_by_a_reduced_one_and_a_fast_one_is_not() {
        let first = moving(Quality::FULL, cost(500.0, 700_000, false));
        assert_eq!(first.scale, 0.5);
        assert_eq!(first.lod_pixels, Some(LOD_PIXELS));
        assert_eq!(first.face_budget, None);
        assert_eq!(moving(Quality::FULL, cost(20.0, 1, false)), Quality::FULL);
    }

    #[test]
    fn over_the_budget_the_map_is_drawn_coarser_before_anything_is_left_out() {
        let mut q = moving(Quality::FULL, cost(500.0, 700_000, false));
        let mut steps = 0;
        // Twice the budget every picture: coarser each time, then counted.
        while q.face_budget.is_none() {
            let px = q.lod_pixels.unwrap();
            q = moving(q, cost(120.0, 130_000, false));
            assert!(q.lod_pixels.unwrap() >= px.min(MAX_LOD_PIXELS), "{q:?}");
            steps += 1;
            assert!(steps < 10, "never counted: {q:?}");
        }
        // 3, 6, 12, 24 pixels, and only then faces counted.
        assert_eq!(steps, 4, "{q:?}");
        assert_eq!(q.lod_pixels, Some(MAX_LOD_PIXELS));
        assert_eq!(q.face_budget, Some(MIN_FACES));
    }

    #[test]
    fn within_the_budget_the_map_comes_back_finer_and_whole() {
        let counted = Quality {
            scale: 0.5,
            lod_pixels: Some(MAX_LOD_PIXELS),
            face_budget: Some(100_000),
        };
        // Fast, but chunks were left out: the budget grows.
        let q = moving(counted, cost(20.0, 100_000, true));
        assert_eq!(q.face_budget, Some(150_000));
        assert!(q.lod_pixels.unwrap() < MAX_LOD_PIXELS);
        // Fast with nothing left out: no budget, and finer down to the least.
        let mut q = moving(q, cost(20.0, 120_000, false));
        assert_eq!(q.face_budget, None);
        for _ in 0..20 {
            q = moving(q, cost(20.0, 50_000, false));
        }
        assert_eq!(q.lod_pixels, Some(LOD_PIXELS));
        // Within the budget but not well within: it stays as it is.
        let settled = Quality {
            lod_pixels: Some(6.0),
            ..q
        };
        assert_eq!(moving(settled, cost(45.0, 50_000, false)), settled);
    }

    #[test]
    fn a_reading_moves_the_quality_once() {
        let q = Quality {
            scale: 0.5,
            lod_pixels: Some(3.0),
            face_budget: None,
        };
        let stale = Cost {
            fresh: false,
            ..cost(200.0, 1, false)
        };
        assert_eq!(moving(q, stale), q);
        assert_eq!(moving(q, cost(200.0, 1, false)).lod_pixels, Some(6.0));
    }
}
