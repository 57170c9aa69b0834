//! The moves the search tries from a standing place, each a short piece of
//! input a player could give, run through the servers' physics (so a move
//! is only what the simulation lets it be): walk one column on (climbing a
//! block where the physics climbs), jump toward a neighbour holding
//! forward, and walk off an edge jumping as the feet leave it (the
//! servers take a jump in the first tick of a fall). Each ends by letting
//! go and coasting to a stop, so the next move starts from rest.

use super::drive::{Drive, Push};
use super::windows::Windows;
use crate::walk::player::Keys;

/// The eight directions, east first, turning toward +y (south).
pub const DIRECTIONS: [[i32; 2]; 8] = [
    [1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
    [-1, 0],
    [-1, -1],
    [0, -1],
    [1, -1],
];

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    Walk,
    Jump,
    LeapOff,
}

pub const MOVES: [Move; 3] = [Move::Walk, Move::Jump, Move::LeapOff];

/// The most forward ticks of a walk: it lets go as soon as coasting will
/// carry the player to the middle of the next column (on open ground that
/// takes about 8 ticks along an axis, 11 diagonally), so it ends near a
/// column's middle on land and in water alike.
const WALK_TICKS: u32 = 30;
/// A walk aims this far short of the next column's middle (along its
/// direction: its coordinates' sum), so that a last push's overshoot leaves
/// the box inside that column.
const SHORT: f32 = 0.1;
/// The longest a move may run before it counts as failed (a fall from the
/// top of the tallest map takes about 150).
const LIMIT: u32 = 400;

/// Whether move `m` from floor (x, y, z) toward `d` can do anything a walk
/// does not (a walk climbs a block and walks off any edge): a standing jump
/// where the next column rises (a walk's climb needs more room than a
/// jump) or dips and rises again after (a gap to cross); a running jump
/// off the edge wherever the next column drops (it lands farther out than
/// a walk off it: over a trench, onto a ledge beyond).
///
/// Asked of the columns' windows (bit k: voxel z0 + k blocks, as
/// `Solids::blocks` says), a few voxels at once.
pub fn worth(columns: &Windows, m: Move, at: [i32; 3], d: [i32; 2]) -> bool {
    let [x, y, z] = at;
    let (nx, ny) = (x + d[0], y + d[1]);
    // Voxels z - 1 and z of the next column.
    let next = columns.at(nx, ny, z - 1);
    let drops = next & 2 == 0;
    match m {
        Move::Walk => true,
        Move::Jump => {
            let (fx, fy) = (nx + d[0], ny + d[1]);
            next & 1 != 0 || drops && columns.at(fx, fy, z - 2) & 0b111 != 0
        }
        Move::LeapOff => drops,
    }
}

/// The number a graph's edge keeps for move `m` toward `d` (see
/// `Edge::how`).
pub fn how(m: Move, d: [i32; 2]) -> u8 {
    let k = MOVES.iter().position(|&n| n == m).unwrap_or(0);
    let j = DIRECTIONS.iter().position(|&e| e == d).unwrap_or(0);
    (k * 8 + j) as u8
}

/// Where the player looks to go in direction `d`: exact in a script.
pub fn look(d: [i32; 2]) -> [f32; 3] {
    [d[0] as f32, d[1] as f32, 0.0]
}

/// Forward held toward `look`, with a jump asked or not.
pub fn forward(look: [f32; 3], jump: bool) -> Push {
    Push {
        keys: Keys {
            forward: true,
            ..Keys::default()
        },
        jump,
        look,
    }
}

/// Runs move `m` toward direction `d`; whether the player ended at rest.
pub fn run(drive: &mut Drive, m: Move, d: [i32; 2]) -> bool {
    let look = look(d);
    match m {
        Move::Walk => {
            let p = drive.player.p;
            let target = [
                p[0].floor() + 0.5 + d[0] as f32,
                p[1].floor() + 0.5 + d[1] as f32,
            ];
            for _ in 0..WALK_TICKS {
                if falling(drive) || coasts_past(drive, target, d) >= -SHORT {
                    break;
                }
                drive.tick(forward(look, false));
            }
        }
        Move::Jump => {
            drive.tick(forward(look, true));
            if !fly(drive, look) {
                return false;
            }
        }
        Move::LeapOff => {
            let mut left = false;
            for _ in 0..40 {
                if drive.player.airborne {
                    left = true;
                    break;
                }
                drive.tick(forward(look, false));
            }
            if !left {
                return false;
            }
            drive.tick(forward(look, true));
            if !fly(drive, look) {
                return false;
            }
        }
    }
    drive.settle(look, LIMIT)
}

/// How far along direction `d` past `target` the player comes to rest if
/// it lets go now: the speed shrinks by 1 + k·dt a tick (k = 4 on a
/// floor, 6 wading), so it coasts 32/k times the speed. Worked out from
/// the difference of two positions, never a position's sum with a
/// number, so that it is the same number wherever the move is made
/// (`exact.rs`).
fn coasts_past(drive: &Drive, target: [f32; 2], d: [i32; 2]) -> f32 {
    let pl = &drive.player;
    let k = if pl.wade { 6.0 } else { 4.0 };
    let past = |i: usize| (pl.p[i] - target[i]) + pl.v[i] * 32.0 / k;
    past(0) * d[0] as f32 + past(1) * d[1] as f32
}

/// Falling for real (off a ledge), not the few hundredths a player in the
/// water or on a floor drops between two ticks' floor tests.
fn falling(drive: &Drive) -> bool {
    drive.player.airborne && drive.player.v[2] > 0.1
}

/// Holds forward until the player is on a floor again.
fn fly(drive: &mut Drive, look: [f32; 3]) -> bool {
    for _ in 0..LIMIT {
        if !drive.player.airborne {
            return true;
        }
        drive.tick(forward(look, false));
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::walk::Solids;

    fn flat() -> Solids {
        Solids::flat(32, 32, 64, 40)
    }

    fn rest_at(map: &Solids, x: f32, y: f32) -> Drive<'_> {
        let mut d = Drive::new(map, [x, y, 40.0 - 2.4]);
        assert!(d.settle([1.0, 0.0, 0.0], 100));
        d
    }

    #[test]
    fn walks_end_a_column_on() {
        let map = flat();
        for d in DIRECTIONS {
            let mut drive = rest_at(&map, 16.5, 16.5);
            assert!(run(&mut drive, Move::Walk, d));
            let p = drive.player.p;
            let end = [p[0].floor() as i32 - 16, p[1].floor() as i32 - 16];
            assert_eq!(end, d, "{d:?} ended at {p:?}");
            // Near the middle of the column, so the next walk is alike.
            let off = |v: f32| (v - v.floor() - 0.5).abs();
            assert!(off(p[0]) < 0.3 && off(p[1]) < 0.3, "{d:?} ended at {p:?}");
        }
    }

    #[test]
    fn walks_in_the_water_end_a_column_on_too() {
        let map = Solids::flat(32, 32, 64, 63); // the sea: floor below the map
        let mut drive = Drive::new(&map, [16.5, 16.5, 60.6]);
        assert!(drive.settle([1.0, 0.0, 0.0], 200));
        assert!(drive.player.wade);
        assert!(run(&mut drive, Move::Walk, [0, 1]));
        assert_eq!(drive.player.p[1].floor(), 17.0, "{:?}", drive.player.p);
    }

    #[test]
    fn a_walk_climbs_one_block_and_a_jump_two() {
        let mut map = flat();
        for y in 0..32 {
            map.set_run(17, y, 39, 40); // one block up east
            map.set_run(15, y, 38, 40); // two blocks up west
        }
        let mut drive = rest_at(&map, 16.5, 16.5);
        assert!(run(&mut drive, Move::Walk, [1, 0]));
        assert_eq!(drive.player.p[0].floor(), 17.0, "{:?}", drive.player.p);
        let mut drive = rest_at(&map, 16.5, 16.5);
        assert!(run(&mut drive, Move::Walk, [-1, 0]));
        assert_eq!(drive.player.p[0].floor(), 16.0, "a walk does not climb two");
        let mut drive = rest_at(&map, 16.5, 16.5);
        assert!(run(&mut drive, Move::Jump, [-1, 0]));
        // On top of the two blocks (its middle may hang over the edge).
        let feet = drive.player.feet();
        assert!(
            (37.0..38.0).contains(&feet),
            "a jump climbs two: {:?}",
            drive.player.p
        );
    }
}
