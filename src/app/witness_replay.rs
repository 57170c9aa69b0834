//! A witness's script played back in walk mode ("show me how to get
//! there"): tick by tick as `mapscope walk` replays it, at 1x to 8x, with
//! a pause, a stop and the progress on the HUD. The camera looks along
//! the route (where the player will be a second later), not where the
//! script's look points (a strafe's look can face off the map), so the
//! route and the map are in view from its first tick.

use crate::walk::script::Stretch;
use crate::walk::{Script, Solids};

/// Ticks ahead of the player the camera looks toward: a second's walk.
const AHEAD: usize = 60;
/// Nearer than this (voxels, across) is no direction to look in.
const NEAR: f32 = 1.5;
/// How far the camera turns toward the route each tick (a share of the
/// turn left): a bend in the route is a turn of the head, not a jump cut.
const TURN: f32 = 0.12;

/// The script being played and where it is.
pub(super) struct Replay {
    stretches: Vec<Stretch>,
    /// The stretch playing and the ticks of it done.
    at: usize,
    done: u32,
    /// Ticks played, of `path.len()`.
    tick: usize,
    /// Where the player's `p` is after each tick, the script run once
    /// beforehand (the same physics, so the same places).
    path: Vec<[f32; 3]>,
    start: [f32; 3],
    /// The map's middle (x, y): where the camera turns once the route
    /// goes nowhere further (its end may face off the map).
    middle: [f32; 2],
    pub paused: bool,
    /// Ticks a 1/60 s step: 1, 2, 4 or 8.
    pub speed: u32,
    /// The camera's heading and pitch, in degrees.
    yaw: f32,
    pitch: f32,
}

impl Replay {
    pub fn new(script: &Script, map: &Solids) -> Replay {
        let mut path = Vec::new();
        script.replay(map, |_, player, _| path.push(player.p));
        let mut r = Replay {
            stretches: script.stretches.clone(),
            at: 0,
            done: 0,
            tick: 0,
            path,
            start: script.start,
            middle: [map.dims()[0] as f32 / 2.0, map.dims()[1] as f32 / 2.0],
            paused: false,
            speed: 1,
            yaw: 0.0,
            pitch: 0.0,
        };
        // From the first frame, along the way it goes.
        if let Some((yaw, pitch)) = r.toward_route() {
            (r.yaw, r.pitch) = (yaw, pitch);
        }
        r
    }

    /// The next tick's stretch, and whether it is the stretch's first tick
    /// (its input is given then); `None` once the script is done.
    pub fn next_tick(&mut self) -> Option<(Stretch, bool)> {
        // Past the stretches done (and any of no ticks).
        while self
            .stretches
            .get(self.at)
            .is_some_and(|s| self.done >= s.ticks)
        {
            (self.at, self.done) = (self.at + 1, 0);
        }
        let s = *self.stretches.get(self.at)?;
        let first = self.done == 0;
        self.done += 1;
        self.tick += 1;
        Some((s, first))
    }

    /// Whether every tick has been played.
    pub fn finished(&self) -> bool {
        self.tick >= self.path.len()
    }

    /// The camera's heading and pitch now, in degrees.
    pub fn heading(&self) -> (f32, f32) {
        (self.yaw, self.pitch)
    }

    /// The camera's heading and pitch (degrees) after this tick: turned a
    /// little further toward where the route goes.
    pub fn look(&mut self) -> (f32, f32) {
        if let Some((yaw, pitch)) = self.toward_route() {
            let turn = (yaw - self.yaw + 540.0).rem_euclid(360.0) - 180.0;
            self.yaw = (self.yaw + turn * TURN).rem_euclid(360.0);
            self.pitch += (pitch - self.pitch) * TURN;
        }
        (self.yaw, self.pitch)
    }

    /// Where the route is from the player now: the heading and pitch to
    /// its place a second ahead, or further where that is close by (a
    /// stop); where it goes nowhere further, toward the map's middle.
    fn toward_route(&self) -> Option<(f32, f32)> {
        let here = match self.tick {
            0 => self.start,
            t => self.path[t - 1],
        };
        let ahead = self.path.get(self.tick + AHEAD..).unwrap_or(&[]);
        let far = |p: &&[f32; 3]| (p[0] - here[0]).hypot(p[1] - here[1]) > NEAR;
        let middle = [self.middle[0], self.middle[1], here[2]];
        let to = ahead.iter().find(far).or(Some(&middle).filter(far))?;
        let (dx, dy, dz) = (to[0] - here[0], to[1] - here[1], to[2] - here[2]);
        let yaw = dy.atan2(dx).to_degrees().rem_euclid(360.0);
        // z is down; a little down the way it goes, so the ground shows.
        let pitch = ((-dz).atan2(dx.hypot(dy)).to_degrees() - 8.0).clamp(-35.0, 5.0);
        Some((yaw, pitch))
    }

    /// 1x, 2x, 4x, 8x: `faster` doubles, else halves.
    pub fn change_speed(&mut self, faster: bool) {
        self.speed = match faster {
            true => (self.speed * 2).min(8),
            false => (self.speed / 2).max(1),
        };
    }

    /// The HUD's lines: the progress, and the keys.
    pub fn hud(&self) -> [String; 2] {
        let total = self.path.len();
        let seconds = |t: usize| t as f64 / 60.0;
        let state = if self.paused { ", paused" } else { "" };
        [
            format!(
                "Witness: tick {} of {total}, {:.1} s of {:.1} s, {}x{state}",
                self.tick,
                seconds(self.tick),
                seconds(total),
                self.speed
            ),
            "Space: pause  [ ]: speed 1x-8x  Esc: stop".to_string(),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A script walking east 120 ticks, standing 60, then south 120.
    fn script(map: &Solids) -> Script {
        Script::parse(
            "4.5 4.5 57.6\n\
             120 1 0 0 0 0 0 0 0 1 0 0\n\
             60 0 0 0 0 0 0 0 0 1 0 0\n\
             120 1 0 0 0 0 0 0 0 0 1 0",
            map.dims(),
        )
        .unwrap()
    }

    #[test]
    fn the_camera_looks_along_the_route_and_the_hud_counts_the_whole() {
        let map = Solids::flat(64, 64, 64, 60);
        let s = script(&map);
        let mut r = Replay::new(&s, &map);
        // East first: heading 0 (x east, y south).
        let yaw = |r: &Replay| r.yaw.min(360.0 - r.yaw);
        assert!(yaw(&r) < 5.0, "{}", r.yaw);
        let mut firsts = 0;
        let mut looks = Vec::new();
        while let Some((_, first)) = r.next_tick() {
            firsts += first as u32;
            looks.push(r.look().0);
        }
        assert_eq!(firsts, 3, "each stretch's input given once");
        assert_eq!(r.tick, 300);
        // Standing still before turning south, it already looks south
        // (heading 90), where the route goes on.
        assert!((looks[170] - 90.0).abs() < 10.0, "{}", looks[170]);
        assert!(r.hud()[0].starts_with("Witness: tick 300 of 300, 5.0 s of 5.0 s, 1x"));
        // At the end, where the route goes no further: toward the map's
        // middle (32, 32), not on along the last stretch (south).
        assert!(r.finished());
        let [x, y, _] = *r.path.last().unwrap();
        let middle = (32.0 - y).atan2(32.0 - x).to_degrees();
        assert!(
            (looks[299] - middle).abs() < 15.0,
            "{} {middle}",
            looks[299]
        );
        r.paused = true;
        r.change_speed(true);
        r.change_speed(true);
        r.change_speed(true);
        r.change_speed(true);
        assert_eq!(r.speed, 8);
        assert!(r.hud()[0].ends_with("8x, paused"), "{}", r.hud()[0]);
        r.change_speed(false);
        assert_eq!(r.speed, 4);
    }
}
