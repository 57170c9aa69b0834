//! A player driven by input chosen as it goes, the input written down as a
//! `mapscope walk` script's stretches, so that replaying the script does
//! exactly what the drive did: a new stretch is started (and its input
//! applied as a replay applies a line's) only where the input changes.

use crate::walk::player::{Keys, Landing, Player};
use crate::walk::script::{Clock, Script, Stretch};
use crate::walk::Solids;

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
    clock: Clock,
    pub stretches: Vec<Stretch>,
    /// Fall damage taken so far.
    pub damage: i32,
    /// The box's reach so far: the least and greatest `p`.
    pub low: [f32; 3],
    pub high: [f32; 3],
    /// A diagonal band of columns the box is watched against, and whether
    /// the physics may have asked about a column outside it.
    pub band: Option<Band>,
    pub left_band: bool,
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
        let before = self.player.p;
        if let Landing::Damage(d) = self.player.tick(self.map, now, dt) {
            self.damage += d;
        }
        if let Some(band) = self.band.filter(|_| !self.left_band) {
            self.left_band = !self.kept_to(band, before, now);
        }
        for k in 0..3 {
            self.low[k] = self.low[k].min(self.player.p[k]);
            self.high[k] = self.high[k].max(self.player.p[k]);
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
        for t in 0..limit {
            // A player just placed counts as on the ground until a tick
            // says otherwise, so one tick always runs.
            if t > 0 && self.resting() {
                return true;
            }
            self.tick(Push::idle(look));
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
