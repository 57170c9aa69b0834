//! A coast to rest on a floor with no questions to the map: after a tick
//! steady on the floor ([`Drive`]'s `steady`), each idle tick asks what the
//! last did at the same heights, so where every column the box comes to
//! answers alike, [`Player::coast_tick`] does the tick's arithmetic, float
//! for float, without asking.

use super::drive::Drive;
use crate::walk::faces::voxel;
use crate::walk::Player;

/// A coast's heights in a column's window from `z0`: the voxels that must
/// be open (the faces' questions), and the floor's, where the floor test
/// asks.
#[derive(Clone, Copy)]
struct Floor {
    z0: i32,
    open: u32,
    solid: u32,
}

impl Drive<'_> {
    /// Idle ticks through [`Player::coast_tick`] until the player rests
    /// (at most `most`) or the next would ask a column that answers
    /// otherwise; how many ran. Only after a steady tick.
    pub(super) fn coast(&mut self, most: u32) -> u32 {
        let Some(floor) = self.floor() else {
            return 0;
        };
        // The columns the last tick asked about, found to answer alike.
        let mut known = None;
        let mut n = 0;
        while n < most && !self.resting() {
            let (was, clock) = (self.player, self.clock);
            let (now, dt) = self.clock.advance();
            self.player.coast_tick(now, dt);
            let asks = Asks::of(self.map.dims(), was.p, &self.player);
            let alike = asks.is_some_and(|a| known == Some(a) || self.answers(floor, a));
            if !alike {
                // Undone: the tick is run asking the map.
                (self.player, self.clock) = (was, clock);
                break;
            }
            known = asks;
            if let Some(s) = self.stretches.last_mut() {
                s.ticks += 1;
            }
            self.moved(was.p, now);
            n += 1;
        }
        n
    }

    /// What a coast from here asks of every column at the player's
    /// height: the faces ask from p - 0.45 to the feet (p + 2.25), the
    /// floor test 0.00874 below the feet. Voxels a hair either side of
    /// each (z's last bit is under 0.00004 below 512: deeper, none).
    fn floor(&self) -> Option<Floor> {
        let z = self.player.p[2];
        if !(-60.0..512.0).contains(&z) {
            return None;
        }
        let (z0, body) = (voxel(z - 0.4501), voxel(z + 2.2501));
        let floor = voxel(z + 2.2586);
        if body >= floor || voxel(z + 2.2588) != floor {
            return None;
        }
        Some(Floor {
            z0,
            open: u32::MAX >> (31 - (body - z0)) as u32,
            solid: 1u32 << (floor - z0),
        })
    }

    /// Whether the columns of `asks` answer as a steady tick's did: the
    /// faces' open at every height they ask, the floor test solid under
    /// one corner at least.
    fn answers(&self, floor: Floor, asks: Asks) -> bool {
        let window = |x: i32, y: i32| self.map.window(x, y, floor.z0);
        let open = |x: i32, y: i32| window(x, y) & floor.open == 0;
        let [x, ya, yb] = asks.x_face;
        let [y, xa, xb] = asks.y_face;
        let [x0, x1, y0, y1] = asks.corners;
        open(x, ya)
            && open(x, yb)
            && open(xa, y)
            && open(xb, y)
            && [(x0, y0), (x0, y1), (x1, y0), (x1, y1)]
                .iter()
                .any(|&(x, y)| window(x, y) & floor.solid != 0)
    }
}

/// The columns an idle tick on a floor asks about, as the physics works
/// out its points (`Player::clip_move`, `Solids::clip_column`): the leading
/// x face's column and its two corners' rows, the leading y face's row and
/// its corners' columns, and the columns and rows of the floor test's four
/// corners.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Asks {
    x_face: [i32; 3],
    y_face: [i32; 3],
    corners: [i32; 4],
}

impl Asks {
    /// For a tick that moved the player from `was` to `after`; `None`
    /// where a point lies beyond the map's sides (they block).
    fn of(dims: [u32; 3], was: [f32; 3], after: &Player) -> Option<Asks> {
        let col = |v: f32, n: u32| (v >= 0.0 && v < n as f32).then_some(v as i32);
        let (cx, cy) = (|v: f32| col(v, dims[0]), |v: f32| col(v, dims[1]));
        let [x, y, _] = after.p;
        // The velocity the tick moved by (an unblocked tick keeps it).
        let fx = if after.v[0] < 0.0 { -0.45 } else { 0.45 };
        let fy = if after.v[1] < 0.0 { -0.45 } else { 0.45 };
        let (xa, xb) = (cx(x - 0.45)?, cx(x + 0.45)?);
        let (ya, yb) = (cy(y - 0.45)?, cy(y + 0.45)?);
        Some(Asks {
            x_face: [cx(x + fx)?, cy(was[1] - 0.45)?, cy(was[1] + 0.45)?],
            y_face: [cy(y + fy)?, xa, xb],
            corners: [xa, xb, ya, yb],
        })
    }
}
