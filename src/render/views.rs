//! The named views (`overview`, `top`, `spawn`, `camera`) and spawn boxes,
//! worked out from a map. They mean the same for every format.

use super::boxes::{spawn_color, Box3};
use super::camera::Camera;
use crate::mesh::cells::CELL;
use crate::store::{DefaultCamera, Map};
use glam::Vec3;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Overview,
    Top,
    Spawn,
    Camera,
}

impl View {
    pub const NAMES: [&'static str; 4] = ["overview", "top", "spawn", "camera"];

    pub fn from_name(s: &str) -> Option<View> {
        match s {
            "overview" => Some(View::Overview),
            "top" => Some(View::Top),
            "spawn" => Some(View::Spawn),
            "camera" => Some(View::Camera),
            _ => None,
        }
    }
}

/// The map's extent in map coordinates: x, y and the z range holding its
/// surface (z down), for framing views.
#[derive(Debug, Clone, Copy)]
pub struct Extent {
    pub width: f32,
    pub length: f32,
    /// The highest surface (smallest z) and the lowest floor.
    pub top: f32,
    pub bottom: f32,
}

/// The z of the first solid voxel of column (x, y), or the floor.
fn ground_z(map: &Map, x: u32, y: u32) -> f32 {
    match map.voxels() {
        Some(v) if x < v.width() && y < v.length() => v
            .column(x, y)
            .slabs
            .first()
            .map_or(v.depth() as f32, |s| s.top as f32),
        Some(v) => v.depth() as f32,
        None => 0.0,
    }
}

pub fn extent(map: &Map) -> Extent {
    match map.voxels() {
        Some(v) => {
            let [w, l, d] = v.dims();
            // A coarse sample is enough to frame the picture.
            let step = (w.max(l) / 64).max(1);
            let mut top = d as f32;
            for y in (0..l).step_by(step as usize) {
                for x in (0..w).step_by(step as usize) {
                    top = top.min(ground_z(map, x, y));
                }
            }
            Extent {
                width: w as f32,
                length: l as f32,
                top,
                bottom: d as f32,
            }
        }
        None => match map.terrain() {
            Some(t) if t.width >= 2 && t.height >= 2 => {
                let (lo, hi) = t
                    .tilepoints
                    .iter()
                    .map(|p| p.final_height())
                    .fold((f32::MAX, f32::MIN), |(lo, hi), h| (lo.min(h), hi.max(h)));
                Extent {
                    width: (t.width - 1) as f32,
                    length: (t.height - 1) as f32,
                    // z is down: the highest ground is the smallest z.
                    top: -hi,
                    bottom: -lo,
                }
            }
            _ => match map.cells() {
                Some(w) if !w.cells.is_empty() => {
                    let ceiling = w.cells.iter().map(|c| c.ceiling).max().unwrap_or(0);
                    let floor = w.cells.iter().map(|c| c.floor).min().unwrap_or(0);
                    Extent {
                        width: w.width as f32,
                        length: w.height as f32,
                        top: -(ceiling as f32) / CELL,
                        bottom: -(floor as f32) / CELL,
                    }
                }
                _ => Extent {
                    width: 1.0,
                    length: 1.0,
                    top: 0.0,
                    bottom: 1.0,
                },
            },
        },
    }
}

/// A camera for `view`, or why the map has none of that kind.
pub fn camera_for(map: &Map, view: View, aspect: f32, fov_deg: f32) -> Result<Camera, String> {
    let e = extent(map);
    let centre = Vec3::new(e.width / 2.0, e.length / 2.0, (e.top + e.bottom) / 2.0);
    match view {
        View::Overview => {
            // From the south, high up, looking north and down at the middle.
            let pitch = -45.0f32;
            let depth = e.bottom - e.top;
            let radius = 0.5 * (e.width * e.width + e.length * e.length + depth * depth).sqrt();
            let half_fov = (fov_deg.to_radians() / 2.0).min(1.4);
            let fit = (half_fov.tan() * aspect.min(1.0)).atan();
            let dist = radius / fit.sin() * 0.85;
            let back = Vec3::new(
                0.0,
                pitch.to_radians().cos(),
                -pitch.to_radians().sin().abs(),
            );
            Ok(Camera::perspective(
                centre + back * dist,
                -90.0,
                pitch,
                fov_deg,
            ))
        }
        View::Top => {
            let half = (e.length / 2.0).max(e.width / 2.0 / aspect);
            Ok(Camera::top_down(e.width / 2.0, e.length / 2.0, half))
        }
        View::Spawn => {
            let Some(s) = map.meta.spawns.first() else {
                return Err("this map has no spawn areas".into());
            };
            let (sx, sy) = ((s.min[0] + s.max[0]) / 2.0, (s.min[1] + s.max[1]) / 2.0);
            let ground = ground_z(map, sx as u32, sy as u32);
            let eye = Vec3::new(sx, sy, ground - 12.0);
            let to_centre = Vec3::new(centre.x - sx, centre.y - sy, 0.0);
            let yaw = to_centre.y.atan2(to_centre.x).to_degrees();
            Ok(Camera::perspective(eye, yaw, -12.0, fov_deg))
        }
        View::Camera => match &map.meta.camera {
            Some(DefaultCamera::Voxlap {
                position, forward, ..
            }) => {
                let f = Vec3::new(forward[0] as f32, forward[1] as f32, forward[2] as f32)
                    .normalize_or(Vec3::X);
                let p = Vec3::new(position[0] as f32, position[1] as f32, position[2] as f32);
                let yaw = f.y.atan2(f.x).to_degrees();
                let pitch = (-f.z).clamp(-1.0, 1.0).asin().to_degrees();
                Ok(Camera::perspective(p, yaw, pitch, fov_deg))
            }
            Some(DefaultCamera::Angles { yaw_deg, pitch_deg }) => {
                // From the player if there is one, else above the middle. ALW's
                // yaw 0 looks toward -Z, which is north (-y) here.
                let eye = match map.cells().and_then(|w| w.player()) {
                    Some(p) => Vec3::new(
                        p.position[0] / CELL,
                        p.position[2] / CELL,
                        -(p.position[1] + 8.0) / CELL,
                    ),
                    None => Vec3::new(centre.x, centre.y, e.top + 1.0),
                };
                Ok(Camera::perspective(
                    eye,
                    yaw_deg - 90.0,
                    *pitch_deg,
                    fov_deg,
                ))
            }
            None => Err("this map stores no camera (only Voxlap VXL and ALW files do)".into()),
        },
    }
}

/// A camera looking at a spawn area's box from the south, 35 degrees down,
/// far enough back to see all of it (the viewer's Spawns list).
pub fn spawn_view(b: &Box3, fov_deg: f32) -> Camera {
    let target = (b.min + b.max) / 2.0;
    let size = (b.max - b.min).length().max(4.0);
    let (yaw, pitch) = (-90.0, -35.0);
    let forward = Camera::perspective(Vec3::ZERO, yaw, pitch, fov_deg).forward();
    let half_fov = (fov_deg.to_radians() / 2.0).clamp(0.1, 1.4);
    let dist = size / 2.0 / half_fov.tan() + size / 2.0;
    Camera::perspective(target - forward * dist, yaw, pitch, fov_deg)
}

/// A box per spawn area, hugging the ground it covers.
pub fn spawn_boxes(map: &Map) -> Vec<Box3> {
    let e = extent(map);
    // ALW spawns are in world units with Y up; map coordinates are cells, z down.
    let alw = map.cells().is_some();
    let scale = if alw { 1.0 / CELL } else { 1.0 };
    map.meta
        .spawns
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (x0, y0) = ((s.min[0] * scale).max(0.0), (s.min[1] * scale).max(0.0));
            let (x1, y1) = (
                (s.max[0] * scale).min(e.width),
                (s.max[1] * scale).min(e.length),
            );
            let (z0, z1) = match s.z {
                Some([a, b]) if alw => (-a.max(b) * scale, -a.min(b) * scale),
                Some([a, b]) => (a.min(b), a.max(b)),
                None => {
                    let (mut hi, mut lo) = (f32::MAX, f32::MIN);
                    let step = (((x1 - x0).max(y1 - y0)) / 32.0).max(1.0);
                    let mut y = y0;
                    while y < y1 {
                        let mut x = x0;
                        while x < x1 {
                            let z = ground_z(map, x as u32, y as u32);
                            hi = hi.min(z);
                            lo = lo.max(z);
                            x += step;
                        }
                        y += step;
                    }
                    if hi > lo {
                        (e.top, e.bottom)
                    } else {
                        (hi - 4.0, lo + 0.5)
                    }
                }
            };
            Box3 {
                min: Vec3::new(x0, y0, z0),
                max: Vec3::new(x1, y1, z1),
                color: spawn_color(&s.label, i),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spawn_view_looks_at_the_whole_area_from_the_south() {
        let b = Box3 {
            min: Vec3::new(0.0, 128.0, 60.0),
            max: Vec3::new(256.0, 384.0, 63.0),
            color: [0.0; 4],
        };
        let cam = spawn_view(&b, 60.0);
        let centre = (b.min + b.max) / 2.0;
        let to_centre = (centre - cam.position).normalize();
        assert!(to_centre.dot(cam.forward()) > 0.999, "looks at the centre");
        assert!(
            cam.position.y > centre.y && cam.position.z < centre.z,
            "south, above"
        );
        // Far enough that the area's corners are inside the view.
        let vp = cam.view_proj(1.0);
        for corner in [b.min, b.max, Vec3::new(b.min.x, b.max.y, b.max.z)] {
            let clip = vp * corner.extend(1.0);
            let ndc = clip.truncate() / clip.w;
            assert!(
                clip.w > 0.0 && ndc.x.abs() <= 1.0 && ndc.y.abs() <= 1.0,
                "{corner}"
            );
        }
    }
}
