//! Walking at a unit's or an engine player's scale on maps with a ground
//! rather than voxels: Warcraft III terrain (a footman on the ground, kept
//! off what the pathing map forbids) and Alithia worlds (the engine's
//! player on the cells' floors). The kind says where one can stand
//! ([`Ground`]); the walker moves at a fixed speed, slides along what
//! blocks it, steps up what it may and falls down the rest.

use super::player::Keys;

/// Where a walker can stand: the kind's answer (z down, in the map's
/// units, as the 3D view counts them).
pub trait Ground: Send + Sync {
    /// The floor under feet at (x, y) that stand at `feet` now: its z, or
    /// `None` where the walker's body cannot be (a wall, an unwalkable
    /// cell, off the map, a floor more than a step above the feet).
    fn stand(&self, x: f32, y: f32, feet: f32) -> Option<f32>;
}

/// How a kind's walker is built: its size and pace, in the map's units.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pace {
    /// Map units a second.
    pub speed: f32,
    /// The eye above the feet.
    pub eye: f32,
    /// The game's vertical field of view there, in degrees.
    pub fov: f32,
    /// Map units a second², downward, for falls (0: the walker stays on
    /// the ground, as Warcraft III units do).
    pub gravity: f32,
    /// What walks, for people ("footman (270 a second)").
    pub who: &'static str,
    /// How many of the game's own units one map unit is (128 a tile).
    pub game_units: f32,
}

/// A walker on a [`Ground`].
pub struct GroundWalker {
    ground: Box<dyn Ground>,
    pub pace: Pace,
    /// Feet, z down.
    pub feet: [f32; 3],
    fall: f32,
    pub airborne: bool,
    /// Horizontal speed in the last tick, map units a second.
    pub speed: f32,
    /// Where the last move was blocked, for a moment's marker.
    pub blocked: Option<[f32; 3]>,
    /// The keys of the last tick, and whether it went up a slope steeper
    /// than [`CLIMB`] (what the HUD says it is doing).
    pub keys: Keys,
    pub climbing: bool,
}

/// Rising more than this for each unit walked is climbing (a ramp, a
/// hillside), not walking on the level.
const CLIMB: f32 = 0.1;

impl GroundWalker {
    /// A walker standing at (x, y), on the floor nearest below `z`; `None`
    /// where nothing can stand there.
    pub fn at(ground: Box<dyn Ground>, pace: Pace, x: f32, y: f32, z: f32) -> Option<Self> {
        let floor = ground.stand(x, y, z)?;
        Some(GroundWalker {
            ground,
            pace,
            feet: [x, y, floor],
            fall: 0.0,
            airborne: false,
            speed: 0.0,
            blocked: None,
            keys: Keys::default(),
            climbing: false,
        })
    }

    pub fn eye(&self) -> [f32; 3] {
        let [x, y, z] = self.feet;
        [x, y, z - self.pace.eye]
    }

    /// One tick of `dt` seconds with `keys` held, heading `yaw` (radians,
    /// 0 east, a quarter turn south): along the heading as far as the
    /// ground allows, sliding along what blocks; then down to the floor.
    pub fn tick(&mut self, keys: &Keys, yaw: f32, dt: f32) {
        let axis = |a: bool, b: bool| a as i32 as f32 - b as i32 as f32;
        let (ahead, side) = (axis(keys.forward, keys.back), axis(keys.right, keys.left));
        let (s, c) = yaw.sin_cos();
        let mut dir = [ahead * c - side * s, ahead * s + side * c];
        let len = (dir[0] * dir[0] + dir[1] * dir[1]).sqrt();
        self.blocked = None;
        let before = self.feet;
        if len > 0.0 {
            let boost = if keys.sprint { 4.0 } else { 1.0 };
            let step = self.pace.speed * boost * dt / len;
            dir = dir.map(|d| d * step);
            let [x, y, z] = self.feet;
            let tries = [[x + dir[0], y + dir[1]], [x + dir[0], y], [x, y + dir[1]]];
            // The whole step, else along x or y alone: sliding along a wall.
            let moved = tries
                .iter()
                .enumerate()
                .find_map(|(i, &[nx, ny])| Some((i, [nx, ny, self.ground.stand(nx, ny, z)?])));
            if moved.is_none_or(|(i, _)| i > 0) {
                self.blocked = Some([x + dir[0], y + dir[1], z]);
            }
            match moved {
                Some((_, [nx, ny, floor])) => {
                    self.feet[0] = nx;
                    self.feet[1] = ny;
                    self.settle(floor, dt);
                }
                None => self.settle(self.ground.stand(x, y, z).unwrap_or(z), dt),
            }
        } else {
            let [x, y, z] = self.feet;
            let floor = self.ground.stand(x, y, z).unwrap_or(z);
            self.settle(floor, dt);
        }
        let (dx, dy) = (self.feet[0] - before[0], self.feet[1] - before[1]);
        let along = (dx * dx + dy * dy).sqrt();
        self.speed = along / dt;
        self.keys = *keys;
        // z is down: rising is z getting smaller.
        self.climbing = !self.airborne && before[2] - self.feet[2] > CLIMB * along && along > 0.0;
    }

    /// To `floor` (z down): at once where it is higher or the walker does
    /// not fall, else falling under gravity.
    fn settle(&mut self, floor: f32, dt: f32) {
        if floor <= self.feet[2] || self.pace.gravity == 0.0 {
            self.feet[2] = floor;
            self.fall = 0.0;
            self.airborne = false;
            return;
        }
        self.fall += self.pace.gravity * dt;
        self.feet[2] = (self.feet[2] + self.fall * dt).min(floor);
        self.airborne = self.feet[2] < floor;
        if !self.airborne {
            self.fall = 0.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A floor at z 0 west of x 10 and at z 0.5 (lower) east of it, with
    /// a wall at y >= 5.
    struct Steps;
    impl Ground for Steps {
        fn stand(&self, x: f32, y: f32, _feet: f32) -> Option<f32> {
            (y < 5.0).then_some(if x < 10.0 { 0.0 } else { 0.5 })
        }
    }

    fn pace(gravity: f32) -> Pace {
        Pace {
            speed: 2.0,
            eye: 0.7,
            gravity,
            fov: 70.0,
            who: "test walker",
            game_units: 128.0,
        }
    }

    #[test]
    fn walks_at_its_pace_slides_along_walls_and_falls() {
        let mut w = GroundWalker::at(Box::new(Steps), pace(10.0), 1.0, 4.9, 0.0).unwrap();
        let east = Keys {
            forward: true,
            ..Default::default()
        };
        for _ in 0..60 {
            w.tick(&east, 0.0, 1.0 / 60.0);
        }
        assert!((w.feet[0] - 3.0).abs() < 1e-3, "2 units in a second");
        assert!((w.speed - 2.0).abs() < 1e-2);
        // South-east into the wall: slides east.
        for _ in 0..60 {
            w.tick(&east, std::f32::consts::FRAC_PI_4, 1.0 / 60.0);
        }
        assert!(w.feet[1] < 5.0 && w.feet[0] > 4.0);
        assert!(w.blocked.is_some(), "the wall is marked");
        // Over the edge at x 10: falls, not at once.
        while w.feet[0] < 10.05 {
            w.tick(&east, 0.0, 1.0 / 60.0);
        }
        assert!(w.airborne && w.feet[2] < 0.5);
        for _ in 0..60 {
            w.tick(&Keys::default(), 0.0, 1.0 / 60.0);
        }
        assert!(!w.airborne && w.feet[2] == 0.5);
        assert!((w.eye()[2] - (0.5 - 0.7)).abs() < 1e-6);
    }
}
