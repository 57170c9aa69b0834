//! Cameras in map coordinates: x east, y south, z down (z = 0 is the sky), as
//! VXL stores voxels. This frame is right-handed, so no mirroring is needed:
//! "up" on screen is -z.

use glam::camera::rh::proj::directx as proj;
use glam::camera::rh::view::look_to_mat4;
use glam::{Mat4, Vec3};

/// World up: toward the sky, which is smaller z.
pub const UP: Vec3 = Vec3::new(0.0, 0.0, -1.0);

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Projection {
    /// Vertical field of view in degrees.
    Perspective { fov_deg: f32 },
    /// Orthographic, looking straight down; `half_height` in voxels.
    TopDown { half_height: f32 },
}

/// A camera: where it is, where it looks, and how it projects.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Camera {
    pub position: Vec3,
    /// Degrees in the ground plane, from +x (east) toward +y (south).
    pub yaw_deg: f32,
    /// Degrees above the horizon; -90 looks straight down.
    pub pitch_deg: f32,
    pub projection: Projection,
    /// Near and far planes, in voxels.
    pub near: f32,
    pub far: f32,
}

impl Camera {
    pub fn perspective(position: Vec3, yaw_deg: f32, pitch_deg: f32, fov_deg: f32) -> Self {
        Camera {
            position,
            yaw_deg,
            pitch_deg,
            projection: Projection::Perspective { fov_deg },
            near: 0.1,
            far: 4096.0,
        }
    }

    /// Straight down onto the rectangle centred at (cx, cy), `half_height`
    /// voxels from the centre to the top edge of the picture.
    pub fn top_down(cx: f32, cy: f32, half_height: f32) -> Self {
        Camera {
            // High above the sky; near/far cover any map depth.
            position: Vec3::new(cx, cy, -64.0),
            yaw_deg: 0.0,
            pitch_deg: -90.0,
            projection: Projection::TopDown { half_height },
            near: 0.0,
            far: 64.0 + 4096.0,
        }
    }

    /// The camera moved `degrees` around the upright axis through
    /// `centre` (x, y), turned as far, so that what it looked at stays in
    /// view: a spin around a map.
    pub fn circled(mut self, centre: glam::Vec2, degrees: f32) -> Camera {
        let offset = glam::Vec2::new(self.position.x, self.position.y) - centre;
        let turned = glam::Vec2::from_angle(degrees.to_radians()).rotate(offset) + centre;
        self.position.x = turned.x;
        self.position.y = turned.y;
        self.yaw_deg += degrees;
        self
    }

    /// The unit vector the camera looks along.
    pub fn forward(&self) -> Vec3 {
        let (yaw, pitch) = (self.yaw_deg.to_radians(), self.pitch_deg.to_radians());
        Vec3::new(
            pitch.cos() * yaw.cos(),
            pitch.cos() * yaw.sin(),
            -pitch.sin(),
        )
    }

    /// World to camera.
    pub fn view(&self) -> Mat4 {
        match self.projection {
            // Straight down: screen up is north (-y), screen right is east (+x),
            // like the game's minimap.
            Projection::TopDown { .. } => look_to_mat4(
                self.position,
                Vec3::new(0.0, 0.0, 1.0),
                Vec3::new(0.0, -1.0, 0.0),
            ),
            Projection::Perspective { .. } => {
                let f = self.forward();
                // Looking almost straight up or down: keep screen-up well defined.
                let up = if f.dot(UP).abs() > 0.999 {
                    Vec3::new(
                        self.yaw_deg.to_radians().cos(),
                        self.yaw_deg.to_radians().sin(),
                        0.0,
                    )
                } else {
                    UP
                };
                look_to_mat4(self.position, f, up)
            }
        }
    }

    /// Camera to clip space (wgpu's depth range 0..1) for a picture of `aspect`
    /// = width / height.
    pub fn projection(&self, aspect: f32) -> Mat4 {
        match self.projection {
            Projection::Perspective { fov_deg } => {
                proj::perspective(fov_deg.to_radians(), aspect, self.near, self.far)
            }
            Projection::TopDown { half_height } => {
                let hw = half_height * aspect;
                proj::orthographic(-hw, hw, -half_height, half_height, self.near, self.far)
            }
        }
    }

    pub fn view_proj(&self, aspect: f32) -> Mat4 {
        self.projection(aspect) * self.view()
    }
}

/// The six planes of a view-projection matrix's frustum, as (normal, d) with
/// inside where `normal . p + d >= 0`.
pub fn frustum_planes(view_proj: Mat4) -> [glam::Vec4; 6] {
    let m = view_proj.transpose();
    let (r0, r1, r2, r3) = (m.x_axis, m.y_axis, m.z_axis, m.w_axis);
    let planes = [r3 + r0, r3 - r0, r3 + r1, r3 - r1, r2, r3 - r2];
    planes.map(|p| p / p.truncate().length().max(1e-12))
}

/// Whether an axis-aligned box is at least partly inside the frustum.
pub fn box_in_frustum(planes: &[glam::Vec4; 6], min: Vec3, max: Vec3) -> bool {
    planes.iter().all(|p| {
        // The box corner furthest along the plane's normal.
        let c = Vec3::new(
            if p.x >= 0.0 { max.x } else { min.x },
            if p.y >= 0.0 { max.y } else { min.y },
            if p.z >= 0.0 { max.z } else { min.z },
        );
        p.truncate().dot(c) + p.w >= 0.0
    })
}

/// The share of the view's height a voxel `size` across takes, seen from
/// `camera` at the nearest point of the box `min..max`: what the levels of
/// detail (voxel chunks, terrain blocks, object cells) pick by.
pub fn voxel_share(camera: &Camera, size: f32, min: Vec3, max: Vec3) -> f32 {
    match camera.projection {
        Projection::Perspective { fov_deg } => {
            let p = camera.position;
            let distance = p.clamp(min, max).distance(p).max(1e-3);
            size / (2.0 * distance * (fov_deg.to_radians() / 2.0).tan())
        }
        Projection::TopDown { half_height } => size / (2.0 * half_height),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use glam::Vec4Swizzles;

    #[test]
    fn a_voxel_takes_less_of_the_view_farther_away() {
        let camera = Camera::perspective(Vec3::ZERO, 0.0, 0.0, 90.0);
        let near = voxel_share(&camera, 1.0, Vec3::new(10.0, 0.0, 0.0), Vec3::splat(11.0));
        let far = voxel_share(&camera, 1.0, Vec3::new(100.0, 0.0, 0.0), Vec3::splat(101.0));
        // 90 degrees: the view is 2 d high at distance d.
        assert!((near - 1.0 / 20.0).abs() < 1e-6, "{near}");
        assert!((far - 1.0 / 200.0).abs() < 1e-6, "{far}");
        // Inside the box: as near as can be.
        let inside = voxel_share(&camera, 1.0, Vec3::splat(-1.0), Vec3::splat(1.0));
        assert!(inside > 100.0, "{inside}");
    }

    fn project(c: &Camera, p: Vec3) -> glam::Vec3 {
        let clip = c.view_proj(1.0) * p.extend(1.0);
        clip.xyz() / clip.w
    }

    #[test]
    fn yaw_zero_looks_east_and_pitch_down_looks_at_larger_z() {
        let c = Camera::perspective(Vec3::ZERO, 0.0, 0.0, 60.0);
        assert!((c.forward() - Vec3::X).length() < 1e-6);
        let c = Camera::perspective(Vec3::ZERO, 90.0, -30.0, 60.0);
        let f = c.forward();
        assert!(f.y > 0.8 && f.z > 0.4, "{f}");
    }

    #[test]
    fn a_point_ahead_lands_mid_picture_and_sky_is_up() {
        let c = Camera::perspective(Vec3::new(0.0, 0.0, 10.0), 0.0, 0.0, 60.0);
        let ahead = project(&c, Vec3::new(20.0, 0.0, 10.0));
        assert!(ahead.x.abs() < 1e-4 && ahead.y.abs() < 1e-4);
        assert!((0.0..1.0).contains(&ahead.z));
        // Smaller z is higher in the sky: upper half of the picture.
        assert!(project(&c, Vec3::new(20.0, 0.0, 5.0)).y > 0.1);
        // +y (south) is to the right when looking east.
        assert!(project(&c, Vec3::new(20.0, 5.0, 10.0)).x > 0.1);
    }

    #[test]
    fn top_down_puts_north_up_and_east_right() {
        let c = Camera::top_down(256.0, 256.0, 256.0);
        let ne = project(&c, Vec3::new(512.0, 0.0, 30.0));
        assert!(
            (ne.x - 1.0).abs() < 1e-4 && (ne.y - 1.0).abs() < 1e-4,
            "{ne}"
        );
        let sw = project(&c, Vec3::new(0.0, 512.0, 63.0));
        assert!(
            (sw.x + 1.0).abs() < 1e-4 && (sw.y + 1.0).abs() < 1e-4,
            "{sw}"
        );
        // The sky is nearer than the ground.
        assert!(
            project(&c, Vec3::new(10.0, 10.0, 0.0)).z < project(&c, Vec3::new(10.0, 10.0, 60.0)).z
        );
    }

    #[test]
    fn frustum_keeps_what_is_ahead_and_drops_what_is_behind() {
        let c = Camera::perspective(Vec3::new(0.0, 0.0, 10.0), 0.0, 0.0, 60.0);
        let planes = frustum_planes(c.view_proj(1.0));
        assert!(box_in_frustum(
            &planes,
            Vec3::new(10.0, -1.0, 9.0),
            Vec3::new(12.0, 1.0, 11.0)
        ));
        assert!(!box_in_frustum(
            &planes,
            Vec3::new(-12.0, -1.0, 9.0),
            Vec3::new(-10.0, 1.0, 11.0)
        ));
    }
}
