//! The named views (`overview`, `top`, `spawn`, `camera`), spawn boxes and
//! pick rays, worked out from what a map's kind answers. They mean the same
//! for every kind of map.

use super::{Extent, MapKind};
use crate::mesh::objects::{Group, Shown};
use crate::render::boxes::Box3;
use crate::render::{Camera, RenderOptions, Renderer, Scene};
use crate::store::{DefaultCamera, Map};
use glam::{Vec3, Vec4Swizzles};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    Overview,
    Top,
    Spawn,
    Camera,
    /// The playable area from above, framed and letterboxed as the game's
    /// minimap is, in flat colours (see [`styled`]).
    Minimap,
}

impl View {
    pub const NAMES: [&'static str; 5] = ["overview", "top", "spawn", "camera", "minimap"];

    pub fn from_name(s: &str) -> Option<View> {
        match s {
            "overview" => Some(View::Overview),
            "top" => Some(View::Top),
            "spawn" => Some(View::Spawn),
            "camera" => Some(View::Camera),
            "minimap" => Some(View::Minimap),
            _ => None,
        }
    }
}

/// The map's extent (see [`Extent`]).
pub fn extent(map: &Map) -> Extent {
    super::of(map).extent()
}

/// The z (down) of the ground at (x, y); 0 where the kind has no columns.
fn ground_z(kind: &dyn MapKind, x: u32, y: u32) -> f32 {
    kind.ground_z(x, y).unwrap_or(0.0)
}

/// Boxes for `marks` on `map` (each at least `min_share` of the map's
/// longer side across, so that one changed voxel shows in a picture of
/// the whole map), lying on the
/// ground where a mark has no z range, and line vertices for moved
/// objects: an arrow from where each was to where it is.
pub fn mark_boxes(
    map: &Map,
    marks: &[crate::diff::Mark],
    min_share: f32,
) -> (Vec<Box3>, Vec<crate::render::boxes::BoxVertex>) {
    use crate::render::boxes::BoxVertex;
    let kind = super::of(map);
    let e = kind.extent();
    let min_size = e.width.max(e.length) * min_share;
    // W3E ground is the blended surface objects stand on.
    let ground = |p: [f32; 2]| match map.terrain() {
        Some(t) => t.surface_z(p[0], p[1]),
        None => ground_z(&*kind, p[0].max(0.0) as u32, p[1].max(0.0) as u32),
    };
    let (mut boxes, mut lines) = (Vec::new(), Vec::new());
    for m in marks {
        let c = m.center();
        let half = [
            (m.max[0] - m.min[0]).max(min_size) / 2.0,
            (m.max[1] - m.min[1]).max(min_size) / 2.0,
        ];
        let (z0, z1) = match m.z {
            Some([a, b]) => (a, b),
            None => {
                let g = ground(c);
                (g - 1.0, g + 0.25)
            }
        };
        boxes.push(Box3 {
            min: Vec3::new(c[0] - half[0], c[1] - half[1], z0),
            max: Vec3::new(c[0] + half[0], c[1] + half[1], z1),
            color: m.color(),
        });
        if let Some(from) = m.from {
            let color = [1.0, 0.85, 0.2, 1.0];
            let (a, b) = (
                Vec3::new(from[0], from[1], ground(from) - 1.0),
                Vec3::new(c[0], c[1], z0),
            );
            lines.extend([
                BoxVertex::new(a.into(), color),
                BoxVertex::new(b.into(), color),
            ]);
            // The head: two short strokes back from the point.
            let back = (a - b).normalize_or_zero() * half[0].max(0.5) * 1.5;
            let side = Vec3::new(-back.y, back.x, 0.0) * 0.5;
            for s in [side, -side] {
                lines.extend([
                    BoxVertex::new(b.into(), color),
                    BoxVertex::new((b + back + s).into(), color),
                ]);
            }
        }
    }
    (boxes, lines)
}

/// A camera for `view`, or why the map has none of that kind.
pub fn camera_for(map: &Map, view: View, aspect: f32, fov_deg: f32) -> Result<Camera, String> {
    let kind = super::of(map);
    let e = kind.extent();
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
        // Maps with no playable area show all of themselves.
        View::Minimap => {
            minimap_top(map, aspect).or_else(|_| camera_for(map, View::Top, aspect, fov_deg))
        }
        View::Spawn => {
            let Some(s) = map.meta.spawns.first() else {
                return Err("this map has no spawn areas".into());
            };
            // In map coordinates, as the kind reads its spawns (ALW's are
            // world units).
            let (min, max, z) = kind.spawn_area(s);
            let (sx, sy) = ((min[0] + max[0]) / 2.0, (min[1] + max[1]) / 2.0);
            let inside =
                |p: Vec3| (min[0]..=max[0]).contains(&p.x) && (min[1]..=max[1]).contains(&p.y);
            // The player's eyes where the kind knows them (ALW), else near
            // the top of the area's heights, else above the ground.
            let eye = kind
                .eye()
                .filter(|&p| inside(p))
                .unwrap_or_else(|| match z {
                    Some([top, bottom]) => Vec3::new(sx, sy, top + (bottom - top) * 0.25),
                    None => Vec3::new(sx, sy, ground_z(&*kind, sx as u32, sy as u32) - 12.0),
                });
            Ok(Camera::perspective(
                eye,
                spawn_yaw(&*kind, eye, centre, e, fov_deg),
                -12.0,
                fov_deg,
            ))
        }
        View::Camera => match &map.meta.camera {
            Some(camera @ DefaultCamera::Voxlap { position, .. }) => {
                let (yaw, pitch) = camera.yaw_pitch();
                let p = Vec3::new(position[0] as f32, position[1] as f32, position[2] as f32);
                Ok(Camera::perspective(p, yaw, pitch, fov_deg))
            }
            Some(camera @ DefaultCamera::Angles { .. }) => {
                // From the player if there is one, else above the middle.
                let eye = kind
                    .eye()
                    .unwrap_or(Vec3::new(centre.x, centre.y, e.top + 1.0));
                let (yaw, pitch) = camera.yaw_pitch();
                Ok(Camera::perspective(eye, yaw, pitch, fov_deg))
            }
            None => Err("this map stores no camera (only Voxlap VXL and ALW files do)".into()),
        },
    }
}

/// How `view` draws: the minimap view flat and unlit, nothing outside the
/// playable area as the game's minimap frames it (black bars where the
/// picture is wider), with no fog, spawn boxes or objects but trees (the game's minimap darkens
/// forests and shows nothing else); other views as `options` say.
pub fn styled(map: &Map, view: View, options: &RenderOptions) -> RenderOptions {
    if view != View::Minimap {
        return *options;
    }
    let mut objects = Shown([false; 5]);
    objects.set(Group::Trees, true);
    RenderOptions {
        flat: true,
        fog: None,
        sky: [0.0; 3],
        show_spawns: false,
        labels: false,
        objects,
        clip: super::of(map).playable().map(crate::minimap::game_frame),
        ..*options
    }
}

/// The top view framed as the game's minimap frames the playable area
/// ([`crate::minimap::game_frame`]), letterboxed as it is.
fn minimap_top(map: &Map, aspect: f32) -> Result<Camera, String> {
    let frame = crate::minimap::game_frame(playable(map)?);
    Ok(top_over(frame, aspect))
}

/// The top view framed on the playable area, letterboxed as the game's
/// minimap is.
pub fn playable_top(map: &Map, aspect: f32) -> Result<Camera, String> {
    Ok(top_over(playable(map)?, aspect))
}

/// The map's playable area (x0, y0, x1, y1 in map coordinates).
fn playable(map: &Map) -> Result<[f32; 4], String> {
    super::of(map).playable().ok_or_else(|| {
        "this map has no playable area (Warcraft III maps with a war3map.w3i have one)".to_string()
    })
}

/// A view from straight above of `area` (x0, y0, x1, y1), letterboxed in
/// a picture of `aspect`.
fn top_over([x0, y0, x1, y1]: [f32; 4], aspect: f32) -> Camera {
    let half = ((y1 - y0) / 2.0).max((x1 - x0) / 2.0 / aspect);
    Camera::top_down((x0 + x1) / 2.0, (y0 + y1) / 2.0, half)
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
    let kind = super::of(map);
    let e = kind.extent();
    map.meta
        .spawns
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let (min, max, z) = kind.spawn_area(s);
            let (x0, y0) = (min[0].max(0.0), min[1].max(0.0));
            let (x1, y1) = (max[0].min(e.width), max[1].min(e.length));
            let (z0, z1) = match z {
                Some([a, b]) => (a, b),
                None => {
                    let (mut hi, mut lo) = (f32::MAX, f32::MIN);
                    let step = (((x1 - x0).max(y1 - y0)) / 32.0).max(1.0);
                    let mut y = y0;
                    while y < y1 {
                        let mut x = x0;
                        while x < x1 {
                            let z = ground_z(&*kind, x as u32, y as u32);
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
                color: {
                    let [r, g, b] = kind.spawn_color(s, i);
                    [r, g, b, 0.3]
                },
            }
        })
        .collect()
}

/// Where the spawn view looks from `eye`: toward the map's centre when the
/// view is open that way for a quarter of the map, else the way that sees
/// the most (inside a room, not at its nearest wall or pillar).
fn spawn_yaw(kind: &dyn MapKind, eye: Vec3, centre: Vec3, e: Extent, fov_deg: f32) -> f32 {
    let to_centre = Vec3::new(centre.x - eye.x, centre.y - eye.y, 0.0);
    let toward = to_centre.y.atan2(to_centre.x).to_degrees();
    let far = e.width.max(e.length);
    // How much of the view is open: five rays across it, each counted up
    // to the map's size (the sky counts as far as a far wall).
    let seen = |yaw: f32| -> f32 {
        (-2..=2)
            .map(|k| {
                let y = yaw + k as f32 * fov_deg / 5.0;
                let dir = Camera::perspective(eye, y, -12.0, fov_deg).forward();
                kind.open_distance(eye, dir).min(far)
            })
            .sum()
    };
    if seen(toward) >= 5.0 * far / 4.0 {
        return toward;
    }
    (0..24)
        .map(|i| toward + i as f32 * 15.0)
        .max_by(|a, b| seen(*a).total_cmp(&seen(*b)))
        .unwrap_or(toward)
}

/// The camera for a named view, or an explicit one (x, y, z, yaw, pitch).
pub fn camera(
    map: &Map,
    view: View,
    explicit: Option<[f32; 5]>,
    aspect: f32,
    fov: f32,
) -> Result<Camera, String> {
    match explicit {
        Some([x, y, z, yaw, pitch]) => Ok(Camera::perspective(Vec3::new(x, y, z), yaw, pitch, fov)),
        None => camera_for(map, view, aspect, fov),
    }
}

/// Meshes a map and uploads it, with its spawn areas when `show_spawns`.
pub fn scene(map: &Map, renderer: &Renderer, device: &wgpu::Device, show_spawns: bool) -> Scene {
    upload(map, &super::mesh(map), renderer, device, show_spawns)
}

/// The map as a view from straight above draws it: its plan where its
/// kind has one (an ALW world cut above its floors), else [`scene`].
pub fn top_scene(
    map: &Map,
    renderer: &Renderer,
    device: &wgpu::Device,
    show_spawns: bool,
) -> Scene {
    let kind = super::of(map);
    let meshes = kind.plan().unwrap_or_else(|| super::mesh(map));
    upload(map, &meshes, renderer, device, show_spawns)
}

/// Uploads a meshed map, with its spawn areas when `show_spawns`.
pub fn upload(
    map: &Map,
    meshes: &crate::mesh::MapMeshes,
    renderer: &Renderer,
    device: &wgpu::Device,
    show_spawns: bool,
) -> Scene {
    let boxes = if show_spawns {
        spawn_boxes(map)
    } else {
        Vec::new()
    };
    super::of(map).upload(super::Upload { renderer, device }, meshes, boxes)
}

/// Adds a map's coarse levels ([`super::coarse_until`]) to its scene.
pub fn upload_coarse(
    map: &Map,
    scene: &mut Scene,
    levels: &crate::mesh::coarse::Coarse,
    renderer: &Renderer,
    device: &wgpu::Device,
) {
    super::of(map).upload_coarse(super::Upload { renderer, device }, scene, levels);
}

/// Tints the tiles that the switched-on `overlays` name (W3E flags), or
/// clears the tints.
pub fn apply_overlays(
    map: &Map,
    scene: &mut Scene,
    device: &wgpu::Device,
    overlays: &crate::mesh::terrain::Overlays,
) {
    let tints = super::of(map).overlay(overlays);
    scene.set_overlay(device, &tints);
}

/// The ground-distance overlay of `view` on `map` (see
/// [`super::ViewKind::ground_overlay`]): plain data, made anywhere, for
/// [`Scene::set_ground_overlay`].
pub fn ground_overlay(
    map: &Map,
    view: &crate::analysis::routes::GroundView,
) -> crate::mesh::ground_view::GroundOverlay {
    super::of(map).ground_overlay(view)
}

/// Where each team of `map` can go (see [`super::ViewKind::reach_overlay`]).
pub fn reach_overlay(
    map: &Map,
    r: &crate::analysis::reach::ReachReport,
) -> Vec<crate::render::boxes::BoxVertex> {
    super::of(map).reach_overlay(r)
}

/// The ray through pixel (px, py) of a `w x h` picture: origin and unit
/// direction.
pub fn ray(camera: &Camera, px: f32, py: f32, w: f32, h: f32) -> (Vec3, Vec3) {
    let inv = camera.view_proj(w / h.max(1.0)).inverse();
    let ndc = glam::Vec2::new(px / w * 2.0 - 1.0, 1.0 - py / h * 2.0);
    let unproject = |z: f32| {
        let p = inv * glam::Vec4::new(ndc.x, ndc.y, z, 1.0);
        p.xyz() / p.w
    };
    let (near, far) = (unproject(0.0), unproject(1.0));
    (near, (far - near).normalize_or(Vec3::Z))
}

/// Walks the ray in small steps until it goes below `ground(x, y)` (a z,
/// down) inside `w x l`; returns the (x, y) there. For kinds whose ground is
/// a height field (terrain, cells).
pub(super) fn surface_hit(
    origin: Vec3,
    dir: Vec3,
    w: f32,
    l: f32,
    ground: impl Fn(f32, f32) -> Option<f32>,
) -> Option<(f32, f32)> {
    let mut p = origin;
    for _ in 0..20_000 {
        p += dir * 0.05;
        if p.x >= 0.0 && p.y >= 0.0 && p.x < w && p.y < l {
            if let Some(g) = ground(p.x, p.y) {
                if p.z >= g {
                    return Some((p.x, p.y));
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_centre_pixel_ray_follows_the_camera() {
        let c = Camera::perspective(Vec3::new(4.0, 4.0, 0.0), 0.0, -90.0, 60.0);
        let (o, d) = ray(&c, 50.0, 50.0, 100.0, 100.0);
        assert!((o.truncate() - glam::Vec2::new(4.0, 4.0)).length() < 0.01);
        assert!(d.z > 0.99, "{d}");
    }

    #[test]
    fn an_alw_spawn_view_stands_inside_the_world() {
        use crate::store::cells::AlwLayout;
        let map = Map {
            format: crate::format::Format::Alw,
            meta: crate::store::Metadata {
                spawns: vec![crate::store::Spawn {
                    label: "player".into(),
                    origin: "ALW player entity".into(),
                    // World units: cell (1.5, 1.5) of the room.
                    min: [16.0, 16.0],
                    max: [32.0, 32.0],
                    z: None,
                    team: None,
                }],
                ..Default::default()
            },
            content: crate::samples::alw_room(8, 6, AlwLayout::Engine).into(),
        };
        let cam = camera_for(&map, View::Spawn, 1.0, 60.0).unwrap();
        assert!(
            (cam.position.x - 1.5).abs() < 1e-4 && (cam.position.y - 1.5).abs() < 1e-4,
            "{}",
            cam.position
        );
    }

    #[test]
    fn an_alw_spawn_view_sees_the_room_from_the_players_eyes() {
        use crate::store::cells::AlwLayout;
        // The sample's player stands in a nook between the wall and a
        // pillar; the view must look down the room, from inside it.
        let mut map = crate::store::Map {
            format: crate::formats::Format::Alw,
            meta: Default::default(),
            content: crate::samples::alw_room(24, 16, AlwLayout::Engine).into(),
        };
        let bytes = crate::kinds::encode(&map, crate::formats::Format::Alw).unwrap();
        map = crate::formats::decode(&bytes, &Default::default()).unwrap();
        let kind = super::super::of(&map);
        let cam = camera_for(&map, View::Spawn, 1.6, 60.0).unwrap();
        let e = kind.extent();
        assert!(
            (e.top..e.bottom).contains(&cam.position.z),
            "the eye {} is outside the room's heights {}..{}",
            cam.position,
            e.top,
            e.bottom
        );
        let open = kind.open_distance(cam.position, cam.forward());
        assert!(open >= 8.0, "a wall {open} cells ahead");
    }

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
