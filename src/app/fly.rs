//! The fly camera's input logic, with no window: keys held, mouse motion and
//! the scroll wheel in, a camera out. Map coordinates: z is down, so "up"
//! (Space, Q) lowers z.

use crate::kinds::reading;
use crate::render::Camera;
use glam::Vec3;

/// Movement keys the camera listens to.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Held {
    pub forward: bool,
    pub back: bool,
    pub left: bool,
    pub right: bool,
    pub up: bool,
    pub down: bool,
    pub fast: bool,
}

impl Held {
    pub fn any(&self) -> bool {
        self.forward || self.back || self.left || self.right || self.up || self.down
    }
}

/// A perspective camera flown by keys and mouse.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Fly {
    pub camera: Camera,
    /// Voxels (or cells, tiles) a second.
    pub speed: f32,
    /// Degrees a pixel of mouse motion.
    pub sensitivity: f32,
}

impl Fly {
    pub fn new(camera: Camera) -> Fly {
        Fly {
            camera,
            speed: 40.0,
            sensitivity: 0.15,
        }
    }

    /// Moves for `dt` seconds with these keys held. Looking straight down
    /// (the top-down view), W and S pan north and south.
    pub fn step(&mut self, held: &Held, dt: f32) {
        let c = &mut self.camera;
        if let crate::render::camera::Projection::TopDown { half_height } = c.projection {
            let axis = |plus: bool, minus: bool| plus as i32 as f32 - minus as i32 as f32;
            let pan = Vec3::new(
                axis(held.right, held.left),
                axis(held.back, held.forward),
                0.0,
            );
            let boost = if held.fast { 4.0 } else { 1.0 };
            // Pan at a screen height a second, whatever the zoom.
            c.position += pan * half_height * boost * dt;
            return;
        }
        let yaw = c.yaw_deg.to_radians();
        // Walk in the ground plane, so looking down does not slow you.
        let ahead = Vec3::new(yaw.cos(), yaw.sin(), 0.0);
        let right = Vec3::new(-yaw.sin(), yaw.cos(), 0.0);
        let mut v = Vec3::ZERO;
        let axis = |plus: bool, minus: bool| plus as i32 as f32 - minus as i32 as f32;
        v += ahead * axis(held.forward, held.back);
        v += right * axis(held.right, held.left);
        v += crate::render::camera::UP * axis(held.up, held.down);
        if v != Vec3::ZERO {
            let boost = if held.fast { 4.0 } else { 1.0 };
            c.position += v.normalize() * self.speed * boost * dt;
        }
    }

    /// Turns by a mouse motion of (dx, dy) pixels (right, down).
    pub fn look(&mut self, dx: f32, dy: f32) {
        let c = &mut self.camera;
        c.yaw_deg = (c.yaw_deg + dx * self.sensitivity).rem_euclid(360.0);
        c.pitch_deg = (c.pitch_deg - dy * self.sensitivity).clamp(-89.0, 89.0);
    }

    /// The wheel changes speed by 25 % a notch; looking straight down, it zooms.
    pub fn scroll(&mut self, notches: f32) {
        if let crate::render::camera::Projection::TopDown { half_height } =
            &mut self.camera.projection
        {
            *half_height = (*half_height / 1.25f32.powf(notches)).clamp(2.0, 20_000.0);
            return;
        }
        self.speed = (self.speed * 1.25f32.powf(notches)).clamp(0.5, 2000.0);
    }

    /// The camera's place (`at`, as the map counts positions), heading
    /// and speed, for the status line.
    pub fn describe(&self, at: [f32; 3]) -> String {
        let c = &self.camera;
        format!(
            "{}  {}  speed {:.0}",
            reading::position(at),
            reading::heading(c.yaw_deg, c.pitch_deg),
            self.speed
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fly() -> Fly {
        Fly::new(Camera::perspective(
            Vec3::new(10.0, 10.0, 30.0),
            0.0,
            0.0,
            60.0,
        ))
    }

    #[test]
    fn w_moves_along_the_heading_and_space_goes_up() {
        let mut f = fly();
        f.step(
            &Held {
                forward: true,
                ..Default::default()
            },
            0.5,
        );
        assert!((f.camera.position - Vec3::new(30.0, 10.0, 30.0)).length() < 1e-3);
        f.camera.yaw_deg = 90.0;
        f.step(
            &Held {
                forward: true,
                ..Default::default()
            },
            0.5,
        );
        assert!(
            (f.camera.position.y - 30.0).abs() < 1e-3,
            "yaw 90 walks south"
        );
        let z = f.camera.position.z;
        f.step(
            &Held {
                up: true,
                ..Default::default()
            },
            0.25,
        );
        assert!(
            f.camera.position.z < z - 9.9,
            "up is toward the sky (smaller z)"
        );
        let p = f.camera.position;
        f.step(
            &Held {
                up: true,
                down: true,
                ..Default::default()
            },
            1.0,
        );
        assert_eq!(f.camera.position, p, "opposite keys cancel");
    }

    #[test]
    fn shift_is_faster_and_scroll_changes_speed() {
        let (mut a, mut b) = (fly(), fly());
        a.step(
            &Held {
                right: true,
                ..Default::default()
            },
            0.1,
        );
        b.step(
            &Held {
                right: true,
                fast: true,
                ..Default::default()
            },
            0.1,
        );
        assert!(
            (b.camera.position - Vec3::new(10.0, 10.0, 30.0)).length()
                > 3.9 * (a.camera.position - Vec3::new(10.0, 10.0, 30.0)).length()
        );
        let s = a.speed;
        a.scroll(2.0);
        assert!(a.speed > s * 1.5);
        a.scroll(-100.0);
        assert_eq!(a.speed, 0.5);
    }

    #[test]
    fn top_down_pans_north_with_w_and_zooms_with_the_wheel() {
        let mut f = Fly::new(Camera::top_down(50.0, 50.0, 40.0));
        f.step(
            &Held {
                forward: true,
                ..Default::default()
            },
            0.5,
        );
        assert_eq!(f.camera.position.truncate(), glam::Vec2::new(50.0, 30.0));
        f.scroll(1.0);
        assert!(
            matches!(f.camera.projection, crate::render::camera::Projection::TopDown { half_height } if half_height < 40.0)
        );
    }

    #[test]
    fn looking_turns_and_pitch_stops_short_of_straight_up() {
        let mut f = fly();
        f.look(600.0, 0.0);
        assert!((f.camera.yaw_deg - 90.0).abs() < 1e-3);
        f.look(0.0, -10_000.0);
        assert_eq!(f.camera.pitch_deg, 89.0);
        assert!(f.describe(f.camera.position.into()).contains("yaw 90°"));
    }
}
