//! Alithia Engine worlds (ALW): a grid of cells with floors, ceilings and
//! walls, lights and entities. Drawn one unit a cell: world units are
//! divided by [`CELL`](crate::mesh::cells::CELL), and the world's Y (up)
//! becomes z (down).

pub(crate) mod diff;
mod walk;
use super::{Lines, MapKind};
use crate::formats::alw::LayoutShape;
use crate::mesh::cells::mesh_world;
use crate::mesh::MapMeshes;
use crate::reading;
use crate::store::cells::{AlwLayout, AlwWorld};
use crate::store::warcraft::Picture;
use serde_json::{json, Map as JsonMap, Value};

pub(super) struct Cells<'a> {
    pub world: &'a AlwWorld,
}

impl MapKind for Cells<'_> {
    fn top_colors(&self) -> Picture {
        crate::mesh::top_colors::cells(self.world)
    }

    fn top_grid(&self) -> [u32; 2] {
        [self.world.width as u32, self.world.height as u32]
    }

    /// The engine's player on the cells' floors.
    fn walking(&self) -> Option<crate::walk::Walking> {
        walk::walking(self.world)
    }

    fn size(&self) -> (Vec<u32>, &'static str) {
        (self.world.dims().to_vec(), "cells")
    }

    fn positions(&self) -> &'static str {
        "cells as the file stores them; entities, lights and the spawn in the file's world units (16 a cell)"
    }

    fn area_units(&self) -> &'static str {
        "the file's world units (16 a cell)"
    }

    /// ALW's y is up: a spawn lies on the file's x and z, as its player
    /// entity's position says them.
    fn area_axes(&self) -> [&'static str; 3] {
        ["x", "z", "y"]
    }

    fn summary_lines(&self, lines: &mut Lines) {
        lines.extend(summary_lines(self.world));
    }

    fn summary_json(&self, o: &mut JsonMap<String, Value>) {
        o.extend(summary_json(self.world));
    }

    fn export_into(
        &self,
        model: &mut crate::export::model::Model,
        meshes: &MapMeshes,
        _options: &crate::export::ExportOptions,
    ) {
        crate::export::add_world(model, meshes);
    }

    fn mesh(&self) -> MapMeshes {
        MapMeshes {
            world: Some(mesh_world(self.world)),
            ..Default::default()
        }
    }

    /// From above, a world is its ceilings' undersides and one flat floor
    /// colour: the plan shows its rooms.
    fn plan(&self) -> Option<MapMeshes> {
        Some(MapMeshes {
            world: Some(crate::mesh::cells::mesh_plan(self.world)),
            ..Default::default()
        })
    }
}

/// Texture names that some cell references, in table order.
fn used_texture_count(w: &AlwWorld) -> usize {
    let mut used = vec![false; w.textures.len()];
    for c in &w.cells {
        for r in c.texture_refs() {
            if r != 0 {
                if let Ok(i) = w.textures.binary_search_by_key(&r, |(o, _)| *o) {
                    used[i] = true;
                }
            }
        }
    }
    used.iter().filter(|u| **u).count()
}

/// The format-specific keys of `mapscope info --json`.
fn summary_json(w: &AlwWorld) -> JsonMap<String, Value> {
    let mut m = JsonMap::new();
    m.insert("layout".into(), json!(w.layout.id()));
    m.insert("lights".into(), json!(w.lights.len()));
    m.insert("entities".into(), json!(w.entities.len()));
    m.insert("textures".into(), json!(w.textures.len()));
    m.insert(
        "texture_names".into(),
        json!(w
            .textures
            .iter()
            .map(|(_, n)| n.as_str())
            .collect::<Vec<_>>()),
    );
    m.insert("player_entity".into(), json!(w.player_entity));
    m.insert(
        "camera".into(),
        json!([w.camera_yaw as f64, w.camera_pitch as f64]),
    );
    if w.layout.has_subversion() {
        m.insert("subversion".into(), json!(w.subversion));
    }
    m.insert(
        "solid_cells".into(),
        json!(w.cells.iter().filter(|c| c.is_solid_rock()).count()),
    );
    m.insert(
        "sloped_cells".into(),
        json!(w.cells.iter().filter(|c| c.is_sloped()).count()),
    );
    m
}

/// Lines of the readable `mapscope info` summary: (label, value).
fn summary_lines(w: &AlwWorld) -> Lines {
    let mut v = Vec::new();
    let layout = match w.layout {
        AlwLayout::Spec => "spec (seed document)",
        AlwLayout::Engine => "engine (world.c since 2010-09)",
        AlwLayout::Engine201008 => "engine-2010-08 (world.c of 2010-08)",
    };
    v.push(("Layout".to_string(), layout.to_string()));
    v.push((
        "Cells".to_string(),
        format!(
            "{} x {} ({} solid, {} sloped)",
            w.width,
            w.height,
            w.cells.iter().filter(|c| c.is_solid_rock()).count(),
            w.cells.iter().filter(|c| c.is_sloped()).count()
        ),
    ));
    v.push(("Lights".to_string(), w.lights.len().to_string()));
    v.push(("Entities".to_string(), w.entities.len().to_string()));
    let player = match w.player() {
        Some(e) => format!(
            "entity {} at x {}, y {} (up), z {}{}",
            w.player_entity,
            reading::stored(e.position[0]),
            reading::stored(e.position[1]),
            reading::stored(e.position[2]),
            e.class_name()
                .map(|c| format!(", class {c}"))
                .unwrap_or_default()
        ),
        None => format!("entity {} (out of range)", w.player_entity),
    };
    v.push(("Player".to_string(), player));
    // The camera is said once, by `info`'s camera line, as the viewer
    // counts headings (with what the file stores beside it).
    let names: Vec<&str> = w.textures.iter().map(|(_, n)| n.as_str()).collect();
    v.push((
        "Textures".to_string(),
        format!(
            "{} names, {} used: {}",
            w.textures.len(),
            used_texture_count(w),
            names.join(", ")
        ),
    ));
    v
}

#[cfg(feature = "gui")]
mod view {
    use super::Cells;
    use crate::kinds::{views::surface_hit, Applies, Extent, Picked, Upload, ViewKind};
    use crate::mesh::cells::CELL;
    use crate::mesh::MapMeshes;
    use crate::render::boxes::Box3;
    use crate::render::Scene;
    use crate::store::cells::TEXTURE_SLOTS;
    use crate::store::Spawn;
    use glam::Vec3;

    impl ViewKind for Cells<'_> {
        fn applies(&self) -> Applies {
            Applies {
                labels: true,
                ..Default::default()
            }
        }

        fn extent(&self) -> Extent {
            let w = self.world;
            if w.cells.is_empty() {
                return Extent::UNIT;
            }
            let ceiling = w.cells.iter().map(|c| c.ceiling).max().unwrap_or(0);
            let floor = w.cells.iter().map(|c| c.floor).min().unwrap_or(0);
            Extent {
                width: w.width as f32,
                length: w.height as f32,
                top: -(ceiling as f32) / CELL,
                bottom: -(floor as f32) / CELL,
            }
        }

        /// ALW spawns are in world units with Y up.
        fn spawn_area(&self, s: &Spawn) -> ([f32; 2], [f32; 2], Option<[f32; 2]>) {
            let scale = 1.0 / CELL;
            let z = s.z.map(|[a, b]| [-a.max(b) * scale, -a.min(b) * scale]);
            (s.min.map(|v| v * scale), s.max.map(|v| v * scale), z)
        }

        /// Across the cells, at the ray's height, to the first cell whose
        /// floor or ceiling closes that height off (a wall, a pillar) or
        /// the world's edge: picking sees floors, not walls.
        fn open_distance(&self, origin: Vec3, dir: Vec3) -> f32 {
            let flat = Vec3::new(dir.x, dir.y, 0.0).normalize_or_zero();
            if flat == Vec3::ZERO {
                return f32::INFINITY;
            }
            let step = 0.25;
            let mut d = 0.0;
            while d < 4096.0 {
                let p = origin + flat * d;
                let open = (p.x >= 0.0 && p.y >= 0.0)
                    .then(|| self.world.cell(p.x as u32, p.y as u32))
                    .flatten()
                    .is_some_and(|c| {
                        // z grows down: the ceiling is above (smaller z).
                        let (top, bottom) = (-(c.ceiling as f32) / CELL, -(c.floor as f32) / CELL);
                        (top..bottom).contains(&origin.z)
                    });
                if !open {
                    return d;
                }
                d += step;
            }
            d
        }

        fn eye(&self) -> Option<Vec3> {
            self.world.player().map(|p| {
                Vec3::new(
                    p.position[0] / CELL,
                    p.position[2] / CELL,
                    -(p.position[1] + 8.0) / CELL,
                )
            })
        }

        fn pick(&self, origin: Vec3, dir: Vec3) -> Option<Picked> {
            let world = self.world;
            surface_hit(
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
            })
        }

        fn describe(&self, picked: &Picked) -> Vec<String> {
            let &Picked::Cell { x, y } = picked else {
                return Vec::new();
            };
            let w = self.world;
            let Some(c) = w.cell(x, y) else {
                return Vec::new();
            };
            let mut out = vec![
                format!("cell ({x}, {y})"),
                format!(
                    "floor {} ceiling {} flags {:#x}",
                    c.floor, c.ceiling, c.flags
                ),
                format!(
                    "floor corners {:?} (offsets {:?})",
                    c.floor_corners(),
                    c.floor_offsets
                ),
                format!(
                    "ceiling corners {:?} (offsets {:?})",
                    c.ceiling_corners(),
                    c.ceiling_offsets
                ),
            ];
            for (slot, offset) in TEXTURE_SLOTS.iter().zip(c.texture_refs()) {
                out.push(format!(
                    "{slot}: {}",
                    w.texture_name(offset).unwrap_or("none")
                ));
            }
            out
        }

        fn highlight(&self, picked: &Picked) -> Option<(Vec3, Vec3)> {
            let &Picked::Cell { x, y } = picked else {
                return None;
            };
            let c = self.world.cell(x, y)?;
            let (f, top) = (-(c.floor as f32) / CELL, -(c.ceiling as f32) / CELL);
            Some((
                Vec3::new(x as f32, y as f32, top.min(f - 0.5)),
                Vec3::new(x as f32 + 1.0, y as f32 + 1.0, f + 0.05),
            ))
        }

        fn upload(&self, to: Upload<'_>, meshes: &MapMeshes, mut boxes: Vec<Box3>) -> Scene {
            let (renderer, device) = (to.renderer, to.device);
            let Some(w) = &meshes.world else {
                return renderer.upload(device, &[], &[], |_| [0, 0], &boxes);
            };
            boxes.extend(w.markers.iter().map(|m| Box3 {
                min: m.min.into(),
                max: m.max.into(),
                color: m.color,
            }));
            let mut scene = renderer.upload(device, &[], &[], |_| [0, 0], &boxes);
            renderer.upload_triangles(device, &mut scene, &w.into());
            scene.markers = w.markers.clone();
            scene
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_summary_names_layout_entities_and_lights() {
        for layout in AlwLayout::ALL {
            let w = crate::samples::alw_room(8, 6, layout);
            let j = summary_json(&w);
            assert_eq!(j["layout"], layout.id());
            assert_eq!(j["entities"], 2);
            assert_eq!(j["lights"], 1);
            assert_eq!(j.contains_key("subversion"), layout.has_subversion());
            assert!(!summary_lines(&w).is_empty());
        }
    }

    /// `info` says an ALW world's camera once, and its player and spawn
    /// with the same letters for the same axes (the file's y up).
    #[test]
    fn info_says_each_number_once_and_each_axis_by_one_name() {
        let w = crate::samples::alw_room(8, 6, AlwLayout::Engine);
        let bytes = crate::formats::alw::encode_world(&w).unwrap();
        let map = crate::formats::alw::decode(&bytes).unwrap();
        let text = crate::info::summary_text(&map);
        let yaws: Vec<&str> = text.lines().filter(|l| l.contains("yaw")).collect();
        assert_eq!(yaws.len(), 1, "{text}");
        assert!(yaws[0].contains("yaw 315° (NE)"), "{text}");
        let line = |key: &str| {
            let found = text.lines().find(|l| l.trim_start().starts_with(key));
            found
                .unwrap_or_else(|| panic!("{key} in {text}"))
                .to_string()
        };
        assert!(
            line("Player").contains("at x 24, y -80 (up), z 24"),
            "{text}"
        );
        // The spawn box stands around the player on the file's x and z,
        // from below its feet to over its head on y.
        let spawn = line("spawn");
        let range = |axis: &str| -> [f32; 2] {
            let at = spawn.find(&format!(" {axis} ")).expect(axis) + 3;
            let text = spawn[at..].split([',', ' ']).next().unwrap();
            let (a, b) = text.split_once("..").expect(text);
            [a.parse().unwrap(), b.parse().unwrap()]
        };
        for (axis, v) in [("x", 24.0), ("y", -80.0), ("z", 24.0)] {
            let [a, b] = range(axis);
            assert!(a <= v && v <= b, "{axis} {v} outside {a}..{b}: {spawn}");
        }
    }
}
