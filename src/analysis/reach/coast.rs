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
        let mut known: Option<Asks> = None;
        let mut n = 0;
        while n < most && !self.resting() {
            let (was, clock) = (self.player, self.clock);
            let (now, dt) = self.clock.advance();
            self.player.coast_tick(now, dt);
            let points = points(was.p, &self.player);
            let alike = known.is_some_and(|k| k.holds(&points)) || {
                known = Asks::of(self.map.dims(), &points).filter(|&a| self.answers(floor, a));
                known.is_some()
            };
            if !alike {
                // Undone: the tick is run asking the map.
                (self.player, self.clock) = (was, clock);
                break;
            }
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
        let [x, xa, xb, ya, yb, y, y0, y1] = asks.columns;
        open(x, ya)
            && open(x, yb)
            && open(xa, y)
            && open(xb, y)
            && [(xa, y0), (xa, y1), (xb, y0), (xb, y1)]
                .iter()
                .any(|&(x, y)| window(x, y) & floor.solid != 0)
    }
}

/// The points an idle tick on a floor asks about, as the physics works them
/// out (`Player::clip_move`) for a tick that moved the player from `was` to
/// `after`: the leading x face's x (its corners' y, the two following, are
/// at the old y), the box's sides' x (the leading y face's and the floor
/// test's corners'), the leading y face's y, and the floor test's corners'
/// y.
fn points(was: [f32; 3], after: &Player) -> [f32; 8] {
    let [x, y, _] = after.p;
    // The velocity the tick moved by (an unblocked tick keeps it).
    let fx = if after.v[0] < 0.0 { -0.45 } else { 0.45 };
    let fy = if after.v[1] < 0.0 { -0.45 } else { 0.45 };
    [
        x + fx,
        x - 0.45,
        x + 0.45,
        was[1] - 0.45,
        was[1] + 0.45,
        y + fy,
        y - 0.45,
        y + 0.45,
    ]
}

/// The columns (x) and rows (y) of a tick's [`points`], as
/// `Solids::clip_column` finds them, and the range of each where a point
/// has the same one.
#[derive(Debug, Clone, Copy)]
struct Asks {
    columns: [i32; 8],
    low: [f32; 8],
    high: [f32; 8],
}

impl Asks {
    /// `None` where a point lies beyond the map's sides (they block).
    fn of(dims: [u32; 3], points: &[f32; 8]) -> Option<Asks> {
        let mut asks = Asks {
            columns: [0; 8],
            low: [0.0; 8],
            high: [0.0; 8],
        };
        for (k, &v) in points.iter().enumerate() {
            let n = if k < 3 { dims[0] } else { dims[1] };
            if !(v >= 0.0 && v < n as f32) {
                return None;
            }
            let c = v as i32;
            asks.columns[k] = c;
            asks.low[k] = c as f32;
            asks.high[k] = (c + 1) as f32;
        }
        Some(asks)
    }

    /// Whether every point is in the same column or row as these (all
    /// eight compared, without branches).
    fn holds(&self, points: &[f32; 8]) -> bool {
        (0..8).fold(true, |all, k| {
            all & (points[k] >= self.low[k]) & (points[k] < self.high[k])
        })
    }
}
