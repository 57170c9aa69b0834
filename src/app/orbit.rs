//! The orbit camera's input logic, with no window: it circles a pivot point.
//! Dragging turns around the pivot, the wheel changes the distance, and the
//! movement keys slide the pivot (and so the camera) over the map.

use super::fly::Held;
use crate::render::camera::{Projection, UP};
use crate::render::Camera;
use glam::Vec3;

/// Closest and furthest the camera may be from the pivot, in voxels. The
/// furthest leaves a 1024-wide map whole inside the camera's far plane
/// (4096): zooming out further only emptied the view.
pub const MIN_DISTANCE: f32 = 1.0;
pub const MAX_DISTANCE: f32 = 3000.0;
/// Short of straight up or down, so the view never flips over.
pub const PITCH_LIMIT: f32 = 89.0;

/// A perspective camera looking at `pivot` from `distance` away.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Orbit {
    pub pivot: Vec3,
    pub distance: f32,
    /// The direction the camera looks, as [`Camera`] has it.
    pub yaw_deg: f32,
    pub pitch_deg: f32,
    pub fov_deg: f32,
    /// Degrees a pixel of mouse drag.
    pub sensitivity: f32,
}

impl Orbit {
    /// Turns `camera` toward `pivot` without moving it (unless it is nearer
    /// than the closest distance allowed).
    pub fn around(camera: &Camera, pivot: Vec3) -> Orbit {
        let to_pivot = pivot - camera.position;
        let dir = to_pivot.try_normalize().unwrap_or_else(|| camera.forward());
        let fov_deg = match camera.projection {
            Projection::Perspective { fov_deg } => fov_deg,
            Projection::TopDown { .. } => 60.0,
        };
        let mut orbit = Orbit {
            pivot,
            distance: to_pivot.length().clamp(MIN_DISTANCE, MAX_DISTANCE),
            yaw_deg: dir.y.atan2(dir.x).to_degrees().rem_euclid(360.0),
            // z is down: looking up means a negative z component.
            pitch_deg: (-dir.z).clamp(-1.0, 1.0).asin().to_degrees(),
            fov_deg,
            sensitivity: 0.3,
        };
        orbit.pitch_deg = orbit.pitch_deg.clamp(-PITCH_LIMIT, PITCH_LIMIT);
        orbit
    }

    /// The camera this orbit describes.
    pub fn camera(&self) -> Camera {
        let mut c = Camera::perspective(self.pivot, self.yaw_deg, self.pitch_deg, self.fov_deg);
        c.position = self.pivot - c.forward() * self.distance;
        c
    }

    /// Circles the pivot by a drag of (dx, dy) pixels (right, down): right
    /// turns the heading clockwise seen from above, down looks more steeply
    /// down onto the pivot.
    pub fn drag(&mut self, dx: f32, dy: f32) {
        self.yaw_deg = (self.yaw_deg + dx * self.sensitivity).rem_euclid(360.0);
        self.pitch_deg = (self.pitch_deg - dy * self.sensitivity).clamp(-PITCH_LIMIT, PITCH_LIMIT);
    }

    /// Each notch forward brings the camera 20 % closer; backward moves away.
    pub fn zoom(&mut self, notches: f32) {
        self.distance = (self.distance / 1.2f32.powf(notches)).clamp(MIN_DISTANCE, MAX_DISTANCE);
    }

    /// Slides the pivot for `dt` seconds with these keys held: W/S along the
    /// heading in the ground plane, A/D sideways, Space/Ctrl up and down. The
    /// speed (half the distance a second) grows with the distance, so
    /// panning feels the same at any zoom.
    pub fn step(&mut self, held: &Held, dt: f32) {
        let yaw = self.yaw_deg.to_radians();
        let ahead = Vec3::new(yaw.cos(), yaw.sin(), 0.0);
        let right = Vec3::new(-yaw.sin(), yaw.cos(), 0.0);
        let axis = |plus: bool, minus: bool| plus as i32 as f32 - minus as i32 as f32;
        let v = ahead * axis(held.forward, held.back)
            + right * axis(held.right, held.left)
            + UP * axis(held.up, held.down);
        if v != Vec3::ZERO {
            let boost = if held.fast { 4.0 } else { 1.0 };
            self.pivot += v.normalize() * 0.5 * self.distance.max(10.0) * boost * dt;
        }
    }

    /// "pivot x, y, z, distance, camera, heading" for the status line,
    /// positions as `file` turns the view's into the map's.
    pub fn describe(&self, file: impl Fn(Vec3) -> [f32; 3]) -> String {
        use crate::kinds::reading::{heading, position};
        format!(
            "orbit  pivot {}  distance {:.1}  camera {}  {}",
            position(file(self.pivot)),
            self.distance,
            position(file(self.camera().position)),
            heading(self.yaw_deg, self.pitch_deg)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: Vec3, b: Vec3) -> bool {
        (a - b).length() < 1e-3
    }

    fn orbit() -> Orbit {
        // 30 voxels west of the pivot, level with it, looking east.
        let camera = Camera::perspective(Vec3::new(70.0, 100.0, 40.0), 0.0, 0.0, 60.0);
        Orbit::around(&camera, Vec3::new(100.0, 100.0, 40.0))
    }

    #[test]
    fn around_keeps_the_camera_where_it_was_and_looks_at_the_pivot() {
        let camera = Camera::perspective(Vec3::new(10.0, 20.0, -5.0), 123.0, 10.0, 60.0);
        let pivot = Vec3::new(40.0, 60.0, 30.0);
        let o = Orbit::around(&camera, pivot);
        let c = o.camera();
        assert!(close(c.position, camera.position), "{}", c.position);
        let to_pivot = (pivot - c.position).normalize();
        assert!(
            close(c.forward(), to_pivot),
            "{} vs {to_pivot}",
            c.forward()
        );
        assert!(
            c.pitch_deg < 0.0,
            "the pivot is below (larger z): look down"
        );
        assert!((o.distance - (pivot - camera.position).length()).abs() < 1e-3);
    }

    #[test]
    fn dragging_circles_the_pivot_at_the_same_distance() {
        let mut o = orbit();
        assert!(close(o.camera().position, Vec3::new(70.0, 100.0, 40.0)));
        // 300 pixels right at 0.3 degrees a pixel: a quarter turn.
        o.drag(300.0, 0.0);
        let c = o.camera();
        assert!((o.yaw_deg - 90.0).abs() < 1e-3);
        // Now looking south (+y), from the north of the pivot.
        assert!(
            close(c.position, Vec3::new(100.0, 70.0, 40.0)),
            "{}",
            c.position
        );
        assert!(((c.position - o.pivot).length() - 30.0).abs() < 1e-3);
        // Dragging down lifts the camera (smaller z) and keeps the distance.
        o.drag(0.0, 100.0);
        let c = o.camera();
        assert!(c.position.z < 40.0 - 10.0, "{}", c.position);
        assert!(((c.position - o.pivot).length() - 30.0).abs() < 1e-3);
        assert!(close(c.position + c.forward() * 30.0, o.pivot));
    }

    #[test]
    fn pitch_stops_short_of_straight_down_and_up() {
        let mut o = orbit();
        o.drag(0.0, 1e6);
        assert_eq!(o.pitch_deg, -PITCH_LIMIT);
        let c = o.camera();
        assert!(c.position.z < o.pivot.z - 29.9, "above the pivot");
        o.drag(0.0, -1e6);
        assert_eq!(o.pitch_deg, PITCH_LIMIT);
    }

    #[test]
    fn zoom_changes_the_distance_and_keeps_the_heading() {
        let mut o = orbit();
        o.zoom(1.0);
        assert!((o.distance - 25.0).abs() < 1e-3);
        let c = o.camera();
        assert!(
            close(c.position, Vec3::new(75.0, 100.0, 40.0)),
            "{}",
            c.position
        );
        assert_eq!(c.yaw_deg, 0.0);
        o.zoom(-2.0);
        assert!((o.distance - 36.0).abs() < 1e-3);
        o.zoom(100.0);
        assert_eq!(o.distance, MIN_DISTANCE);
        o.zoom(-1000.0);
        assert_eq!(o.distance, MAX_DISTANCE);
    }

    #[test]
    fn keys_pan_the_pivot_and_the_camera_together() {
        let mut o = orbit();
        let before = o.camera().position;
        // Looking east: W moves the pivot east, half the distance a second.
        o.step(
            &Held {
                forward: true,
                ..Default::default()
            },
            1.0,
        );
        assert!(close(o.pivot, Vec3::new(115.0, 100.0, 40.0)), "{}", o.pivot);
        assert!(close(
            o.camera().position,
            before + Vec3::new(15.0, 0.0, 0.0)
        ));
        // D slides right: south when looking east. Shift is four times faster.
        o.step(
            &Held {
                right: true,
                fast: true,
                ..Default::default()
            },
            1.0,
        );
        assert!(close(o.pivot, Vec3::new(115.0, 160.0, 40.0)), "{}", o.pivot);
        // Space raises the pivot (smaller z).
        o.step(
            &Held {
                up: true,
                ..Default::default()
            },
            0.2,
        );
        assert!(close(o.pivot, Vec3::new(115.0, 160.0, 37.0)), "{}", o.pivot);
        assert_eq!(o.distance, 30.0, "panning never zooms");
        assert!(o.describe(|v| v.into()).starts_with("orbit  pivot x 115.0"));
    }

    #[test]
    fn a_top_down_camera_becomes_a_perspective_orbit() {
        let top = Camera::top_down(50.0, 50.0, 40.0);
        let o = Orbit::around(&top, Vec3::new(50.0, 50.0, 30.0));
        assert!(matches!(
            o.camera().projection,
            Projection::Perspective { .. }
        ));
        assert_eq!(o.pitch_deg, -PITCH_LIMIT);
    }
}
