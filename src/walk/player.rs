//! An Ace of Spades player moved as the servers move it: pyspades'
//! `move_player` and `boxclipmove` (piqueserver's `pyspades/world_c.cpp`,
//! which OpenSpades' client follows too), written here from a reading of
//! them. Positions are map coordinates with z down, as the servers keep
//! them: `p` is the player's position (the eye stands there, the feet
//! 2.25 below standing, 1.35 crouched). Arithmetic is f32 where the servers'
//! is, and f64 where theirs is (their few double constants), so that a
//! replay agrees with a server tick by tick (`tests/walk.rs`).

use super::faces::{Asked, Faces, Trusted};
use super::solids::Solids;

/// One server tick, in seconds: the servers step the world at 60 Hz.
pub const TICK: f64 = 1.0 / 60.0;
/// A landing faster than this (the servers' velocity unit: voxels per
/// 1/32 s) halves the horizontal speed and makes the fall sound.
pub const FALL_SLOW_DOWN: f32 = 0.24;
/// A landing faster than this hurts.
pub const FALL_DAMAGE_VELOCITY: f32 = 0.58;
/// Damage = (speed - FALL_DAMAGE_VELOCITY)² × this.
pub const FALL_DAMAGE_SCALAR: f32 = 4096.0;
/// The upward speed a jump gives.
pub const JUMP_SPEED: f32 = -0.36;
/// From `p` down to the feet, standing and crouched.
pub const FEET_STANDING: f32 = 2.25;
pub const FEET_CROUCHED: f32 = 1.35;
/// What crouching moves `p` down by (the servers' `set_crouch`).
pub const CROUCH_DROP: f64 = 0.9;

/// The keys a player holds, as the servers' input packets carry them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Keys {
    pub forward: bool,
    pub back: bool,
    pub left: bool,
    pub right: bool,
    pub sneak: bool,
    pub sprint: bool,
}

/// What one tick did besides moving: the servers' `move_player` result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Landing {
    /// Nothing happened (or a soft landing).
    None,
    /// A hard landing: slowed down, no damage (the servers' -1).
    Hard,
    /// A landing that hurt, by this much health.
    Damage(i32),
}

impl Landing {
    /// As the servers return it: 0, -1, or the damage.
    pub fn code(self) -> i32 {
        match self {
            Landing::None => 0,
            Landing::Hard => -1,
            Landing::Damage(d) => d,
        }
    }
}

/// A player's state, as pyspades' `PlayerType` keeps it (less weapons).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Player {
    /// Position (z down).
    pub p: [f32; 3],
    /// The eye: `p`, raised for a moment after a climb so it glides up.
    pub e: [f32; 3],
    /// Velocity, in the servers' units (voxels per 1/32 s).
    pub v: [f32; 3],
    /// Orientation: where the player looks (normalised), and the sideways
    /// vector strafing uses.
    pub f: [f32; 3],
    pub s: [f32; 3],
    pub keys: Keys,
    /// A jump asked for, taken by the next tick.
    pub jump: bool,
    pub crouch: bool,
    pub airborne: bool,
    pub wade: bool,
    /// The time of the last climb (seconds of world time).
    pub lastclimb: f32,
    /// Whether a wall stopped the box along x or y in the last tick (not
    /// the servers' state: for the viewer's marker).
    pub blocked: bool,
}

impl Player {
    /// A player standing still at `p`, looking east, as the servers make
    /// one and place it (`create_player`, `set_position`).
    pub fn at(p: [f32; 3]) -> Player {
        Player {
            p,
            e: p,
            v: [0.0; 3],
            f: [1.0, 0.0, 0.0],
            s: [0.0, 1.0, 0.0],
            keys: Keys::default(),
            jump: false,
            crouch: false,
            airborne: false,
            wade: false,
            lastclimb: 0.0,
            blocked: false,
        }
    }

    /// Looks along `o`, normalised as the servers' `set_orientation` does;
    /// a vertical `o` keeps the old sideways vector (theirs does too).
    pub fn look(&mut self, o: [f32; 3]) {
        let k = (o[0] * o[0] + o[1] * o[1] + o[2] * o[2]).sqrt();
        self.f = if k != 0.0 {
            [o[0] / k, o[1] / k, o[2] / k]
        } else {
            [0.0; 3]
        };
        let f = (self.f[0] * self.f[0] + self.f[1] * self.f[1]).sqrt();
        if f != 0.0 {
            self.s = [-self.f[1] / f, self.f[0] / f, 0.0];
        }
    }

    /// Takes a jump input as the servers do (piqueserver's input handler):
    /// kept only while the vertical speed is in [0, 0.017), which is
    /// standing, or the first tick of a fall; an input without the jump
    /// clears one not yet taken.
    pub fn ask_jump(&mut self, jump: bool) {
        let vz = self.v[2] as f64;
        self.jump = jump && (0.0..0.017).contains(&vz);
    }

    /// Crouches or stands up at once, moving `p` by 0.9 as the servers'
    /// `set_crouch` does (without asking whether there is room: the
    /// server does not).
    pub fn set_crouch(&mut self, crouch: bool) {
        if crouch == self.crouch {
            return;
        }
        let dz = if crouch { CROUCH_DROP } else { -CROUCH_DROP };
        self.p[2] = (self.p[2] as f64 + dz) as f32;
        self.crouch = crouch;
    }

    /// Stands up where there is room: pyspades' `try_uncrouch`, which lowers
    /// the feet in mid-air, else raises the head. Returns whether it stood.
    pub fn try_uncrouch(&mut self, map: &Solids) -> bool {
        let [x, y, z] = self.p;
        let corners_clear = |z: f32| {
            !(map.clip(x + 0.45, y + 0.45, z)
                || map.clip(x + 0.45, y - 0.45, z)
                || map.clip(x - 0.45, y + 0.45, z)
                || map.clip(x - 0.45, y - 0.45, z))
        };
        let stood = if self.airborne && corners_clear(z + 2.25) {
            true
        } else if corners_clear(z - 1.35) {
            self.p[2] -= 0.9;
            self.e[2] -= 0.9;
            true
        } else {
            false
        };
        if stood {
            self.crouch = false;
        }
        stood
    }

    /// The feet's z: where the box ends below `p`.
    pub fn feet(&self) -> f32 {
        self.p[2]
            + if self.crouch {
                FEET_CROUCHED
            } else {
                FEET_STANDING
            }
    }

    /// One tick of `dt` seconds ending at world time `now`: the servers'
    /// `move_player` (keys, gravity, friction, then the box moved through
    /// the map with its climb), and what the landing did.
    pub fn tick(&mut self, map: &Solids, now: f32, dt: f32) -> Landing {
        // Most ticks meet nothing along x or y: tried with the faces
        // trusted open, kept where the map says they were (the same
        // arithmetic on the same answers), else run again asking it.
        if !self.blocked {
            let before = *self;
            let mut trusted = Trusted::default();
            let landing = self.step(map, &mut trusted, now, dt);
            if trusted.held(map) {
                return landing;
            }
            *self = before;
        }
        self.step(map, &mut Asked(map), now, dt)
    }

    /// One tick of a player on a floor with nothing held, where the
    /// caller knows every question the box asks the map gets the answer
    /// the last tick's did (nothing in the way along x or y, the floor
    /// under the feet): [`Player::tick`]'s arithmetic for those answers,
    /// float for float, with no questions.
    pub fn coast_tick(&mut self, now: f32, dt: f32) {
        self.forces(dt);
        let step = dt * 32.0;
        // As clip_move's step * v + p (a float sum is the same either way
        // round).
        self.p[0] += step * self.v[0];
        self.p[1] += step * self.v[1];
        self.blocked = false;
        // The floor stops the fall the tick began (v.z >= 0): on it.
        self.v[2] = 0.0;
        self.airborne = false;
        self.eye(now);
    }

    /// The tick, with the faces' questions answered by `faces`.
    fn step(&mut self, map: &Solids, faces: &mut impl Faces, now: f32, dt: f32) -> Landing {
        self.forces(dt);
        let falling = self.v[2];
        self.clip_move(map, faces, now, dt);
        if self.v[2] == 0.0 && falling > FALL_SLOW_DOWN {
            self.v[0] *= 0.5;
            self.v[1] *= 0.5;
            if falling > FALL_DAMAGE_VELOCITY {
                let over = falling - FALL_DAMAGE_VELOCITY;
                return Landing::Damage((over * over * FALL_DAMAGE_SCALAR) as i32);
            }
            return Landing::Hard;
        }
        Landing::None
    }

    /// The velocity's change before the box moves: a jump taken, the
    /// keys' push, gravity, and the air's or the ground's friction.
    fn forces(&mut self, dt: f32) {
        if self.jump {
            self.jump = false;
            self.v[2] = JUMP_SPEED;
        }
        self.accelerate(dt);
        let f = dt + 1.0;
        self.v[2] += dt;
        self.v[2] /= f; // air friction
        let f = if self.wade {
            dt * 6.0 + 1.0
        } else if !self.airborne {
            dt * 4.0 + 1.0
        } else {
            f
        };
        self.v[0] /= f;
        self.v[1] /= f;
    }

    /// The keys' push this tick: weaker in the air, crouched or sneaking,
    /// stronger sprinting, and no faster diagonally.
    fn accelerate(&mut self, dt: f32) {
        let k = self.keys;
        let mut f = dt;
        if self.airborne {
            f *= 0.1;
        } else if self.crouch {
            f *= 0.3;
        } else if k.sneak {
            f *= 0.5;
        } else if k.sprint {
            f *= 1.3;
        }
        if (k.forward || k.back) && (k.left || k.right) {
            // The servers multiply by a double here.
            f = (f as f64 * (std::f64::consts::SQRT_2 / 2.0)) as f32;
        }
        let along = if k.forward {
            1.0
        } else if k.back {
            -1.0
        } else {
            0.0
        };
        let side = if k.left {
            -1.0
        } else if k.right {
            1.0
        } else {
            0.0
        };
        if along != 0.0 {
            self.v[0] += along * self.f[0] * f;
            self.v[1] += along * self.f[1] * f;
        }
        if side != 0.0 {
            self.v[0] += side * self.s[0] * f;
            self.v[1] += side * self.s[1] * f;
        }
    }

    /// Moves the box by the velocity through the map, x then y then z,
    /// climbing a block where the way ahead is blocked low but open above
    /// (not crouched, not sprinting, not looking steeply down): pyspades'
    /// `boxclipmove`.
    fn clip_move(&mut self, map: &Solids, faces: &mut impl Faces, now: f32, dt: f32) {
        let step = dt * 32.0;
        let nx = step * self.v[0] + self.p[0];
        let ny = step * self.v[1] + self.p[1];
        let (offset, mut m) = if self.crouch {
            (0.45f32, 0.9f32)
        } else {
            (0.9, 1.35)
        };
        let mut nz = self.p[2] + offset;
        let may_climb = !self.crouch && self.f[2] < 0.5 && !self.keys.sprint;
        self.blocked = false;
        let mut climb = false;

        // Along x: the leading face's two corners, from the feet up.
        let fx = if self.v[0] < 0.0 { -0.45 } else { 0.45 };
        let (y, x) = (self.p[1], nx + fx);
        let (a, b) = ([x, y - 0.45], [x, y + 0.45]);
        if faces.open(a, b, nz, m, -1.36) {
            self.p[0] = nx;
        } else if may_climb && faces.open(a, b, nz, 0.35, -2.36) {
            self.p[0] = nx;
            climb = true;
        } else {
            self.v[0] = 0.0;
            self.blocked = true;
        }

        // Along y, from where x left the box.
        let fy = if self.v[1] < 0.0 { -0.45 } else { 0.45 };
        let (x, y) = (self.p[0], ny + fy);
        let (a, b) = ([x - 0.45, y], [x + 0.45, y]);
        if faces.open(a, b, nz, m, -1.36) {
            self.p[1] = ny;
        } else if may_climb && !climb && faces.open(a, b, nz, 0.35, -2.36) {
            self.p[1] = ny;
            climb = true;
        } else if !climb {
            self.v[1] = 0.0;
            self.blocked = true;
        }

        if climb {
            self.v[0] *= 0.5;
            self.v[1] *= 0.5;
            self.lastclimb = now;
            nz -= 1.0;
            m = -1.35;
        } else {
            if self.v[2] < 0.0 {
                m = -m;
            }
            nz += self.v[2] * dt * 32.0;
        }

        self.airborne = true;
        let (x, y) = (self.p[0], self.p[1]);
        if map.clip(x - 0.45, y - 0.45, nz + m)
            || map.clip(x - 0.45, y + 0.45, nz + m)
            || map.clip(x + 0.45, y - 0.45, nz + m)
            || map.clip(x + 0.45, y + 0.45, nz + m)
        {
            if self.v[2] >= 0.0 {
                self.wade = self.p[2] > wade_below(map);
                self.airborne = false;
            }
            self.v[2] = 0.0;
        } else {
            self.p[2] = nz - offset;
        }
        self.eye(now);
    }

    /// The eye: at `p`, raised for a quarter second after a climb.
    fn eye(&mut self, now: f32) {
        self.e = self.p;
        let since = self.lastclimb - now;
        if since > -0.25 {
            self.e[2] += (since + 0.25) / 0.25;
        }
    }
}

/// `p.z` beyond which a player on the ground wades: 61 on a 64-deep map,
/// where the feet stand in the bottom layer; as deep below other maps' tops.
pub fn wade_below(map: &Solids) -> f32 {
    map.dims()[2] as f32 - 3.0
}
