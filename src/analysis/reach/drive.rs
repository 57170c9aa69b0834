//! A player driven by input chosen as it goes, the input written down as a
//! `mapscope walk` script's stretches, so that replaying the script does
//! exactly what the drive did: a new stretch is started (and its input
//! applied as a replay applies a line's) only where the input changes.

use crate::walk::player::{Keys, Landing, Player};
use crate::walk::script::{Clock, Script, Stretch};
use crate::walk::Solids;

/// How far past where a blocked tick left the box it may have asked.
const BLOCKED_STEP: f32 = 0.14;

/// One tick's input: the keys, a jump asked for, where the player looks.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Push {
    pub keys: Keys,
    pub jump: bool,
    pub look: [f32; 3],
}

impl Push {
    /// Nothing held, looking along `look`.
    pub fn idle(look: [f32; 3]) -> Push {
        Push {
            keys: Keys::default(),
            jump: false,
            look,
        }
    }
}

#[derive(Clone)]
pub struct Drive<'a> {
    pub map: &'a Solids,
    pub player: Player,
    pub(super) clock: Clock,
    pub stretches: Vec<Stretch>,
    /// Fall damage taken so far.
    pub damage: i32,
    /// The box's reach so far: the least and greatest `p` (and a step on
    /// from where a wall stopped it).
    pub low: [f32; 3],
    pub high: [f32; 3],
    /// A diagonal band of columns the box is watched against, and whether
    /// the physics may have asked about a column outside it.
    pub band: Option<Band>,
    pub left_band: bool,
    /// Whether the last tick was steady on a floor ([`steady`]).
    pub(super) steady: bool,
}

/// The columns within one of a diagonal from a start column (x, y) toward
/// `d`: those a box moving along the diagonal covers, 13 of the 25 in the
/// 5 x 5 square a running jump can reach.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Band {
    pub x: i32,
    pub y: i32,
    pub d: [i32; 2],
}

impl Band {
    /// Whether column (a, b) steps on from the start (along `d` on each
    /// axis) is in the band.
    pub fn has(a: i32, b: i32) -> bool {
        (a - b).abs() <= 1
    }

    /// Whether a box at (px, py) covers only columns of the band (a
    /// hair wider than the box, as the physics' asks land on edges).
    fn holds(&self, px: f32, py: f32) -> bool {
        // Steps on from the start's near edge, along d.
        let on = |p: f32, o: i32, d: i32| {
            if d > 0 {
                p - o as f32
            } else {
                (o + 1) as f32 - p
            }
        };
        let (a, b) = (on(px, self.x, self.d[0]), on(py, self.y, self.d[1]));
        // Floors by truncation (r > -8 within a move): floorf is a call on
        // the baseline x86-64 this is built for.
        let floor = |v: f32| (v + 8.0) as i32 - 8;
        let cells = |r: f32| (floor(r - 0.451), floor(r + 0.451));
        let ((a0, a1), (b0, b1)) = (cells(a), cells(b));
        a1 - b0 <= 1 && b1 - a0 <= 1
    }
}

impl<'a> Drive<'a> {
    /// A player placed at `start` as a script's first line places it.
    pub fn new(map: &'a Solids, start: [f32; 3]) -> Drive<'a> {
        Drive::from(map, Player::at(start))
    }

    /// Goes on from a player in any state (the stretches start empty).
    pub fn from(map: &'a Solids, player: Player) -> Drive<'a> {
        Drive {
            map,
            player,
            clock: Clock::default(),
            stretches: Vec::new(),
            damage: 0,
            low: player.p,
            high: player.p,
            band: None,
            left_band: false,
            steady: false,
        }
    }

    /// One tick of `push`.
    pub fn tick(&mut self, push: Push) {
        let same = self
            .stretches
            .last()
            .is_some_and(|s| !push.jump && !s.crouch && s.keys == push.keys && s.look == push.look);
        if same {
            self.stretches.last_mut().unwrap().ticks += 1;
        } else {
            self.stretches.push(Stretch {
                ticks: 1,
                keys: push.keys,
                jump: push.jump,
                crouch: false,
                look: push.look,
            });
            // As a replay applies a line (crouch first, never used here).
            self.player.set_crouch(false);
            self.player.keys = push.keys;
            self.player.look(push.look);
            self.player.ask_jump(push.jump);
        }
        let (now, dt) = self.clock.advance();
        let was = Footing::of(&self.player);
        if let Landing::Damage(d) = self.player.tick(self.map, now, dt) {
            self.damage += d;
        }
        self.steady = steady(was, &self.player, now);
        self.moved(was.p, now);
    }

    /// What a tick that moved the player from `before` (ending at `now`)
    /// says of the band and of the box's reach.
    pub(super) fn moved(&mut self, before: [f32; 3], now: f32) {
        if let Some(band) = self.band.filter(|_| !self.left_band) {
            self.left_band = !self.kept_to(band, before, now);
        }
        // A tick a wall stopped asked about the box a step on from where
        // it stayed (at most 0.134: speeds stay under 0.25 voxel a 1/32 s
        // on each axis): counted as reached, for the kept shapes' bounds.
        let step = if self.player.blocked {
            BLOCKED_STEP
        } else {
            0.0
        };
        let p = self.player.p;
        for (k, (low, high)) in self.low.iter_mut().zip(&mut self.high).enumerate() {
            let step = if k < 2 { step } else { 0.0 };
            *low = low.min(p[k]).min(before[k] - step);
            *high = high.max(p[k]).max(before[k] + step);
        }
    }

    /// Whether the tick just run (from `before`, ending at `now`) asked
    /// only about the band's columns. Unblocked, the physics asks about the
    /// box moved along x (at the old y), then along y, then both: those two
    /// boxes. Blocked, or climbing, it asked past where the box went:
    /// counted as out.
    fn kept_to(&self, band: Band, before: [f32; 3], now: f32) -> bool {
        let pl = &self.player;
        !pl.blocked
            && pl.lastclimb != now
            && band.holds(pl.p[0], before[1])
            && band.holds(pl.p[0], pl.p[1])
    }

    /// Ticks with nothing held until the player stands still on a floor
    /// (at least one tick, at most `limit`); whether it did.
    pub fn settle(&mut self, look: [f32; 3], limit: u32) -> bool {
        let mut t = 0;
        // When to look again for a coast with no questions (see `coast`).
        let mut look_again = 1;
        while t < limit {
            // A player just placed counts as on the ground until a tick
            // says otherwise, so one tick always runs.
            if t > 0 && self.resting() {
                return true;
            }
            // After the first idle tick, so a coast only lengthens its
            // stretch.
            if t >= look_again && self.steady {
                let n = self.coast(limit - t);
                if n > 0 {
                    // It stopped short of a column it cannot coast over:
                    // a tick asking the map, then look again.
                    t += n;
                    look_again = t + 1;
                    continue;
                }
                look_again = t + 8;
            }
            self.tick(Push::idle(look));
            t += 1;
        }
        self.resting()
    }

    /// On a floor, slow enough that what coasting is left moves it less
    /// than a tenth of a column.
    pub fn resting(&self) -> bool {
        let v = self.player.v;
        !self.player.airborne && v[0].abs() + v[1].abs() < 0.01 && v[2].abs() < 0.02
    }
}

/// What [`steady`] needs of a player before a tick.
#[derive(Clone, Copy)]
struct Footing {
    p: [f32; 3],
    on_floor: bool,
    wade: bool,
}

impl Footing {
    fn of(pl: &Player) -> Footing {
        Footing {
            p: pl.p,
            on_floor: pl.v[2] == 0.0 && !pl.airborne,
            wade: pl.wade,
        }
    }
}

/// Whether a tick (ending at `now`) from a player's `was` to `after` was
/// steady on a floor: on it at rest vertically before and after, at the
/// same height, wading or not as before, neither blocked nor climbing,
/// nothing held. The next such tick asks the map the same questions at
/// the same heights (its fall, from v.z = 0, is the same).
fn steady(was: Footing, after: &Player, now: f32) -> bool {
    was.on_floor
        && Footing::of(after).on_floor
        && after.p[2] == was.p[2]
        && after.wade == was.wade
        && !after.blocked
        && after.lastclimb != now
        && after.keys == Keys::default()
        && !after.crouch
        && !after.jump
}

/// A script as `mapscope walk` reads it: the start, then a line a stretch.
/// Numbers are written so that they read back as the same f32.
pub fn script_text(script: &Script) -> String {
    use std::fmt::Write as _;
    let [x, y, z] = script.start;
    let mut out = format!("{x} {y} {z}\n");
    for s in &script.stretches {
        let k = s.keys;
        let b = |v: bool| v as u8;
        let [ox, oy, oz] = s.look;
        let _ = writeln!(
            out,
            "{} {} {} {} {} {} {} {} {} {ox} {oy} {oz}",
            s.ticks,
            b(k.forward),
            b(k.back),
            b(k.left),
            b(k.right),
            b(s.jump),
            b(s.crouch),
            b(k.sneak),
            b(k.sprint)
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Flat ground at z 40 with a step up to 39 from x 20 on, a drop to 43
    /// up to x 12, and a wall at y 10: coasts that stay on the flat, climb,
    /// go over the edge (the box on it first), or meet the wall.
    fn ground() -> Solids {
        let mut map = Solids::empty(32, 32, 64);
        for y in 0..32 {
            for x in 0..32 {
                let top = if y == 10 {
                    30
                } else if x >= 20 {
                    39
                } else if x <= 12 {
                    43
                } else {
                    40
                };
                map.set_run(x, y, top, 64);
            }
        }
        map
    }

    #[test]
    fn a_settle_with_coasts_is_the_settle_tick_by_tick() {
        let map = ground();
        let look = [1.0, 0.0, 0.0];
        // Coasts that stopped short, and that ran to rest.
        let mut coasted = [0; 2];
        for k in 0..60 {
            let (a, b) = (k as f32 * 0.37, k as f32 * 0.61);
            let start = [14.3 + a.sin() * 2.0, 14.6 + b.cos() * 2.0, 37.6];
            let mut drive = Drive::new(&map, start);
            assert!(drive.settle(look, 200));
            drive.player.v = [0.3 * a.cos(), 0.3 * b.sin(), 0.0];
            let mut by_tick = drive.clone();
            // Whether a coast is found within the first ticks (a player
            // just dropped hops a hundredth of a voxel once or twice), and
            // whether it runs to rest or stops short of a column.
            let mut first = drive.clone();
            for _ in 0..6 {
                first.tick(Push::idle(look));
                if first.steady && first.coast(400) > 0 {
                    coasted[first.resting() as usize] += 1;
                    break;
                }
            }
            let rested = drive.settle(look, 400);
            // The same settle, every tick asking the map.
            let mut t = 0;
            while t < 400 && !(t > 0 && by_tick.resting()) {
                by_tick.tick(Push::idle(look));
                t += 1;
            }
            assert_eq!(rested, by_tick.resting());
            assert_eq!(drive.player, by_tick.player, "start {k}");
            assert_eq!(drive.stretches, by_tick.stretches);
            assert_eq!((drive.low, drive.high), (by_tick.low, by_tick.high));
        }
        // Both kinds were tried: coasts to rest, and coasts that stopped
        // short of the step or the wall.
        assert!(coasted[0] >= 5 && coasted[1] >= 5, "{coasted:?} of 60");
    }
}
