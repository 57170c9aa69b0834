//! Walking Warcraft III ground at a footman's scale: the terrain's height
//! (ramps included) under the feet, kept off the cells the pathing map
//! marks unwalkable, or, for a bare W3E with no pathing map, off cliff
//! tiles that are not ramps and off the boundary.

use crate::store::terrain::W3eTerrain;
use crate::store::warcraft::Pathing;
use crate::walk::ground::{Ground, Pace};
use crate::walk::Walking;

/// Game units a tile: the 3D view counts tiles, and heights in tiles too.
const TILE: f32 = 128.0;

/// A footman: 270 game units a second, the eye about 96 above the ground
/// (the model stands about 110 tall).
pub fn footman() -> Pace {
    Pace {
        speed: 270.0 / TILE,
        eye: 96.0 / TILE,
        gravity: 0.0,
        // The game's camera.
        fov: 70.0,
        who: "footman (270 a second)",
        game_units: TILE,
    }
}

struct TerrainGround {
    terrain: W3eTerrain,
    pathing: Option<Pathing>,
}

/// The terrain (and its pathing map, where the map has one) to walk on.
pub fn walking(terrain: &W3eTerrain, pathing: Option<&Pathing>) -> Option<Walking> {
    if terrain.width < 2 || terrain.height < 2 {
        return None;
    }
    let ground = TerrainGround {
        terrain: terrain.clone(),
        pathing: pathing.cloned(),
    };
    Some(Walking::Ground(Box::new(ground), footman()))
}

impl TerrainGround {
    /// Whether a footman may stand at map position (x, y) (tiles from the
    /// west and from the north).
    fn walkable(&self, x: f32, y: f32) -> bool {
        let t = &self.terrain;
        let (w, h) = ((t.width - 1) as f32, (t.height - 1) as f32);
        if !(0.0..w).contains(&x) || !(0.0..h).contains(&y) {
            return false;
        }
        // Rows count from the south, in the terrain and the pathing map.
        let south = h - y;
        if let Some(p) = &self.pathing {
            let (px, py) = ((x * 4.0) as u32, (south * 4.0) as u32);
            if let Some(flags) = p.at(px, py) {
                return flags & Pathing::NO_WALK == 0;
            }
        }
        let (tx, ty) = (x as u32, (south as u32).min(t.height - 2));
        let boundary = t.tile_corners(tx, ty).iter().any(|c| c.boundary());
        !boundary && (!t.is_cliff_tile(tx, ty) || t.is_ramp_entrance(tx, ty))
    }
}

impl Ground for TerrainGround {
    fn stand(&self, x: f32, y: f32, _feet: f32) -> Option<f32> {
        self.walkable(x, y).then(|| self.terrain.surface_z(x, y))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walk::player::Keys;

    #[test]
    fn a_footman_walks_at_270_and_stops_at_unwalkable_cells() {
        let mut t = W3eTerrain::flat(9, 9, 11);
        t.tile_mut(4, 4).height += 256; // a bump half a tile high
        let mut p = Pathing {
            width: 32,
            height: 32,
            cells: vec![0; 32 * 32],
        };
        // Unwalkable from x 6 tiles (cell 24) east.
        for y in 0..32 {
            for x in 24..32 {
                p.cells[y * 32 + x] = Pathing::NO_WALK;
            }
        }
        let walker = walking(&t, Some(&p)).unwrap().start(1.0, 4.0, 0.0);
        let Some(crate::walk::Walker::Ground(mut w)) = walker else {
            panic!("a ground walker")
        };
        let east = Keys {
            forward: true,
            ..Default::default()
        };
        let mut highest = f32::MAX;
        for _ in 0..60 {
            w.tick(&east, 0.0, 1.0 / 60.0);
            highest = highest.min(w.feet[2]);
        }
        assert!(
            (w.feet[0] - (1.0 + 270.0 / 128.0)).abs() < 1e-3,
            "{:?}",
            w.feet
        );
        for _ in 0..300 {
            w.tick(&east, 0.0, 1.0 / 60.0);
            highest = highest.min(w.feet[2]);
        }
        assert!(highest < -0.4, "follows the bump up: {highest}");
        assert!(
            w.feet[0] < 6.0 && w.feet[0] > 5.9,
            "stops short of x 6: {:?}",
            w.feet
        );
        assert!(w.blocked.is_some());
    }
}
