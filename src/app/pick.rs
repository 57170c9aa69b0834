//! Picking what is under the cursor by a ray cast against the store, and
//! describing it as the file says it: a VXL column's spans and runs, a VMF
//! voxel's record, a W3E tile's corners, an ALW cell.

use crate::mesh::cells::CELL;
use crate::render::Camera;
use crate::store::terrain::{id_string, W3eTerrain};
use crate::store::voxels::{fourth_byte, rgb, Color, Voxel, VoxelStore};
use crate::store::{Content, Map};
use glam::{Vec3, Vec4Swizzles};

/// What the ray hit, in map coordinates.
#[derive(Debug, Clone, PartialEq)]
pub enum Picked {
    Voxel { x: u32, y: u32, z: u32 },
    Tile { x: u32, y: u32 },
    Cell { x: u32, y: u32 },
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

/// The first solid voxel along the ray (Amanatides-Woo grid walk).
pub fn voxel_hit(
    store: &VoxelStore,
    origin: Vec3,
    dir: Vec3,
    max_steps: usize,
) -> Option<[u32; 3]> {
    let [w, l, d] = store.dims();
    let mut cell = origin.floor();
    let step = dir.signum();
    let next = |c: f32, s: f32| if s > 0.0 { c + 1.0 } else { c };
    let t_for = |o: f32, dv: f32, c: f32, s: f32| {
        if dv == 0.0 {
            f32::INFINITY
        } else {
            (next(c, s) - o) / dv
        }
    };
    let mut t_max = Vec3::new(
        t_for(origin.x, dir.x, cell.x, step.x),
        t_for(origin.y, dir.y, cell.y, step.y),
        t_for(origin.z, dir.z, cell.z, step.z),
    );
    let t_delta = Vec3::new(1.0 / dir.x.abs(), 1.0 / dir.y.abs(), 1.0 / dir.z.abs());
    for _ in 0..max_steps {
        let (x, y, z) = (cell.x as i64, cell.y as i64, cell.z as i64);
        if (0..w as i64).contains(&x)
            && (0..l as i64).contains(&y)
            && (0..d as i64).contains(&z)
            && store.solid(x as u32, y as u32, z as u32)
        {
            return Some([x as u32, y as u32, z as u32]);
        }
        if t_max.x < t_max.y && t_max.x < t_max.z {
            cell.x += step.x;
            t_max.x += t_delta.x;
        } else if t_max.y < t_max.z {
            cell.y += step.y;
            t_max.y += t_delta.y;
        } else {
            cell.z += step.z;
            t_max.z += t_delta.z;
        }
    }
    None
}

/// Walks the ray in small steps until it goes below `ground(x, y)` (a z,
/// down) inside `w x l`; returns the (x, y) there.
fn surface_hit(
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

/// Picks what the ray hits first.
pub fn pick(map: &Map, origin: Vec3, dir: Vec3) -> Option<Picked> {
    match &map.content {
        Content::Voxels(v) => {
            voxel_hit(v, origin, dir, 4096).map(|[x, y, z]| Picked::Voxel { x, y, z })
        }
        Content::Terrain(t) => {
            let (w, h) = (
                t.width.saturating_sub(1) as f32,
                t.height.saturating_sub(1) as f32,
            );
            surface_hit(origin, dir, w, h, |x, y| {
                let ty = (h - y).floor().clamp(0.0, h - 1.0) as u32;
                let tx = x.floor() as u32;
                Some(
                    -t.tile_corner_heights(tx, ty)
                        .iter()
                        .fold(f32::MIN, |a, &b| a.max(b)),
                )
            })
            .map(|(x, y)| Picked::Tile {
                x: x as u32,
                y: (h - y).floor().clamp(0.0, h - 1.0) as u32,
            })
        }
        Content::Cells(world) => surface_hit(
            origin,
            dir,
            world.width as f32,
            world.height as f32,
            |x, y| {
                world
                    .cell(x as u32, y as u32)
                    .map(|c| -(c.floor as f32) / CELL)
            },
        )
        .map(|(x, y)| Picked::Cell {
            x: x as u32,
            y: y as u32,
        }),
    }
}

fn hex(c: Color) -> String {
    let [r, g, b] = rgb(c);
    format!("#{r:02x}{g:02x}{b:02x} a={}", fourth_byte(c))
}

/// The lines the inspector shows for a picked element.
pub fn describe(map: &Map, picked: &Picked) -> Vec<String> {
    let mut out = Vec::new();
    match (picked, &map.content) {
        (Picked::Voxel { x, y, z }, Content::Voxels(v)) => {
            out.push(format!("voxel ({x}, {y}, {z})"));
            if let Voxel::Solid {
                color,
                water,
                indestructible,
            } = v.voxel(*x, *y, *z)
            {
                out.push(format!(
                    "colour {}",
                    color.map_or("none stored (hidden voxel)".into(), hex)
                ));
                if map.format == crate::formats::Format::Vmf {
                    out.push(format!(
                        "VMF record: type {}, indestructible {}, light {}",
                        if water { "2 (water)" } else { "1 (solid)" },
                        indestructible as u8,
                        color.map_or(0, fourth_byte)
                    ));
                }
            }
            let col = v.column(*x, *y);
            if map.format != crate::formats::Format::Vmf {
                match col.raw_spans() {
                    Some(spans) => {
                        out.push(format!(
                            "column ({x}, {y}): {} spans (N, S, E, A)",
                            spans.len()
                        ));
                        for s in spans {
                            out.push(format!("  N={} S={} E={} A={}", s.n, s.s, s.e, s.a));
                        }
                    }
                    None => out.push(format!("column: {}", col.vxl_problem().unwrap_or_default())),
                }
            }
            out.push("runs (z from the top):".into());
            for r in col.runs() {
                let colours: Vec<String> = r.colors.iter().take(4).map(|&c| hex(c)).collect();
                let more = if r.colors.len() > 4 {
                    format!(" … {} in all", r.colors.len())
                } else {
                    String::new()
                };
                out.push(format!(
                    "  {:?} z {}..{} {}{more}",
                    r.kind,
                    r.z0,
                    r.z1,
                    colours.join(" ")
                ));
            }
        }
        (Picked::Tile { x, y }, Content::Terrain(t)) => describe_tile(t, *x, *y, &mut out),
        (Picked::Cell { x, y }, Content::Cells(w)) => {
            if let Some(c) = w.cell(*x, *y) {
                out.push(format!("cell ({x}, {y})"));
                out.push(format!(
                    "floor {} ceiling {} flags {:#x}",
                    c.floor, c.ceiling, c.flags
                ));
                out.push(format!(
                    "floor corners {:?} (offsets {:?})",
                    c.floor_corners(),
                    c.floor_offsets
                ));
                out.push(format!(
                    "ceiling corners {:?} (offsets {:?})",
                    c.ceiling_corners(),
                    c.ceiling_offsets
                ));
                for (slot, offset) in crate::store::cells::TEXTURE_SLOTS
                    .iter()
                    .zip(c.texture_refs())
                {
                    out.push(format!(
                        "{slot}: {}",
                        w.texture_name(offset).unwrap_or("none")
                    ));
                }
            }
        }
        _ => {}
    }
    out
}

fn describe_tile(t: &W3eTerrain, x: u32, y: u32, out: &mut Vec<String>) {
    out.push(format!(
        "tile ({x}, {y}){}",
        if t.is_cliff_tile(x, y) { ", cliff" } else { "" }
    ));
    for (name, p) in ["bottom-left", "bottom-right", "top-left", "top-right"]
        .iter()
        .zip(t.tile_corners(x, y))
    {
        let tex = t
            .ground_textures
            .get(p.texture() as usize)
            .map_or("?".into(), id_string);
        let cliff = t
            .cliff_textures
            .get(p.cliff_texture() as usize)
            .map_or("none".into(), id_string);
        let flags: Vec<&str> = [
            (p.ramp(), "ramp"),
            (p.blight(), "blight"),
            (p.water_flag(), "water"),
            (p.boundary(), "boundary"),
            (p.map_edge(), "map edge"),
        ]
        .iter()
        .filter(|f| f.0)
        .map(|f| f.1)
        .collect();
        out.push(format!(
            "{name}: height {:.2} water {:.2} layer {} texture {tex} variation {} cliff {cliff} flags [{}]",
            p.ground_height(),
            p.water_level(),
            p.layer_height(),
            p.ground_variation(),
            flags.join(", ")
        ));
    }
}

/// The box to highlight a picked element, in map coordinates.
pub fn highlight(map: &Map, picked: &Picked) -> Option<(Vec3, Vec3)> {
    Some(match picked {
        Picked::Voxel { x, y, z } => {
            let p = Vec3::new(*x as f32, *y as f32, *z as f32);
            (p - 0.05, p + 1.05)
        }
        Picked::Tile { x, y } => {
            let t = map.terrain()?;
            let h = t.tile_corner_heights(*x, *y);
            let (lo, hi) = h
                .iter()
                .fold((f32::MAX, f32::MIN), |(a, b), &v| (a.min(v), b.max(v)));
            let yy = (t.height - 2 - y) as f32;
            (
                Vec3::new(*x as f32, yy, -hi - 0.3),
                Vec3::new(*x as f32 + 1.0, yy + 1.0, -lo + 0.05),
            )
        }
        Picked::Cell { x, y } => {
            let c = map.cells()?.cell(*x, *y)?;
            let (f, top) = (-(c.floor as f32) / CELL, -(c.ceiling as f32) / CELL);
            (
                Vec3::new(*x as f32, *y as f32, top.min(f - 0.5)),
                Vec3::new(*x as f32 + 1.0, *y as f32 + 1.0, f + 0.05),
            )
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::voxels::{FourthByte, Slab};

    fn floor() -> VoxelStore {
        let mut s = VoxelStore::new(8, 8, 16, FourthByte::Shade);
        for i in 0..64 {
            let top = if i == 3 * 8 + 5 { 10 } else { 12 };
            s.push_slab(Slab {
                top,
                top_len: 1,
                bottom: 16,
                bottom_len: 0,
            });
            s.push_colors([0x8011_2233]);
            s.end_column();
        }
        s.finish();
        s
    }

    #[test]
    fn a_ray_straight_down_hits_the_top_voxel() {
        let s = floor();
        assert_eq!(
            voxel_hit(&s, Vec3::new(5.5, 3.5, -5.0), Vec3::Z, 100),
            Some([5, 3, 10])
        );
        assert_eq!(
            voxel_hit(&s, Vec3::new(1.5, 1.5, -5.0), Vec3::Z, 100),
            Some([1, 1, 12])
        );
        // Pointing at the sky: nothing.
        assert_eq!(voxel_hit(&s, Vec3::new(1.5, 1.5, 5.0), -Vec3::Z, 100), None);
    }

    #[test]
    fn the_centre_pixel_ray_follows_the_camera() {
        let c = Camera::perspective(Vec3::new(4.0, 4.0, 0.0), 0.0, -90.0, 60.0);
        let (o, d) = ray(&c, 50.0, 50.0, 100.0, 100.0);
        assert!((o.truncate() - glam::Vec2::new(4.0, 4.0)).length() < 0.01);
        assert!(d.z > 0.99, "{d}");
    }
}
