//! What each tile of a map's playable area is, for saying which kinds of
//! tile a minimap error comes from.

use mapscope::mesh::objects::doodad_instance;
use mapscope::store::warcraft::WarcraftMap;

/// A tile's kind, the first that holds of: the boundary's black mask on a
/// corner, a tree canopy over any of it, water over any of it, blight on a
/// corner, a cliff, else plain ground.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum TileKind {
    Boundary,
    Trees,
    Water,
    Blight,
    Cliff,
    Ground,
}

impl TileKind {
    pub const ALL: [TileKind; 6] = [
        TileKind::Boundary,
        TileKind::Trees,
        TileKind::Water,
        TileKind::Blight,
        TileKind::Cliff,
        TileKind::Ground,
    ];
}

/// Samples a side of a tile for its tree cover, as the colour fit takes it.
const COVER_SAMPLES: usize = 4;

/// The kind of each tile of `tiles` (x0, y0, x1, y1, y from the north),
/// row by row from the north-west, as `minimap::reduce` lists colours.
pub fn tile_kinds(w: &WarcraftMap, tiles: [u32; 4]) -> Vec<TileKind> {
    let t = &w.terrain;
    let covered = tree_cover(w);
    let tiles_x = t.width as usize - 1;
    let [x0, y0, x1, y1] = tiles;
    let mut out = Vec::new();
    for my in y0..y1 {
        for mx in x0..x1 {
            // Map rows run south from the north edge; W3E rows north.
            let ty = t.height - 2 - my;
            let c = t.tile_corners(mx, ty);
            let heights = t.tile_corner_heights(mx, ty);
            let deepest = (0..4)
                .map(|k| c[k].water_level() - heights[k])
                .fold(f32::MIN, f32::max);
            let kind = if c.iter().any(|p| p.boundary()) {
                TileKind::Boundary
            } else if covered[my as usize * tiles_x + mx as usize] {
                TileKind::Trees
            } else if c.iter().any(|p| p.water_flag()) && deepest > 0.0 {
                TileKind::Water
            } else if c.iter().any(|p| p.blight()) {
                TileKind::Blight
            } else if t.is_cliff_tile(mx, ty) && !t.is_ramp_entrance(mx, ty) {
                TileKind::Cliff
            } else {
                TileKind::Ground
            };
            out.push(kind);
        }
    }
    out
}

/// Whether any tree canopy (a disc as the views draw it from above)
/// covers a sample point of each tile, in map order.
fn tree_cover(w: &WarcraftMap) -> Vec<bool> {
    let t = &w.terrain;
    let (tw, th) = (t.width as usize - 1, t.height as usize - 1);
    let n = COVER_SAMPLES;
    let mut covered = vec![false; tw * th];
    for d in w.trees() {
        let (_, inst) = doodad_instance(w, d);
        let [x, y, _] = inst.position;
        let r = 0.5 * inst.scale[0];
        let span = |c: f32, limit: usize| {
            let a = ((c - r) * n as f32).floor().max(0.0) as usize;
            let b = (((c + r) * n as f32).ceil().max(0.0) as usize).min(limit * n);
            a..b
        };
        for sy in span(y, th) {
            for sx in span(x, tw) {
                let (px, py) = ((sx as f32 + 0.5) / n as f32, (sy as f32 + 0.5) / n as f32);
                if (px - x).powi(2) + (py - y).powi(2) <= r * r {
                    covered[(sy / n) * tw + sx / n] = true;
                }
            }
        }
    }
    covered
}
