//! Voxel maps (VXL and VMF): a column store. VMF's extras (water,
//! indestructible and light-emitting voxels, the game mode) show where the
//! store holds light in its fourth byte, as only VMF's does.

pub(crate) mod diff;
pub(crate) mod reach_diff;
use super::bench::{time, BenchInput};
use super::{Lines, MapKind};
use crate::formats::{vmf, vxl};
use crate::mesh::{self, materials, MapMeshes, MeshOptions};
use crate::store::voxels::{FourthByte, VoxelStore};
use crate::store::warcraft::Picture;
use crate::store::Map;
use serde_json::{json, Map as JsonMap, Value};

pub(super) struct Voxels<'a> {
    pub map: &'a Map,
    pub store: &'a VoxelStore,
}

impl Voxels<'_> {
    /// Whether the voxels carry VMF's materials and light.
    fn has_materials(&self) -> bool {
        self.store.fourth_byte == FourthByte::Light
    }
}

impl MapKind for Voxels<'_> {
    fn top_colors(&self) -> Picture {
        crate::mesh::top_colors::voxels(self.store)
    }

    fn top_grid(&self) -> [u32; 2] {
        [self.store.width(), self.store.length()]
    }

    /// The servers' player physics over the voxels.
    fn walking(&self) -> Option<crate::walk::Walking> {
        Some(crate::walk::Walking::Voxels(
            crate::walk::Solids::from_store(self.store),
        ))
    }

    /// The voxels as a player collides with them, and the map's team
    /// spawn areas (its own, else where the servers spawn teams).
    fn reach_map(&self) -> Result<crate::analysis::reach::ReachMap, String> {
        let teams = self
            .map
            .meta
            .spawns
            .iter()
            .filter_map(|s| {
                Some(crate::analysis::reach::TeamArea {
                    team: s.team?,
                    label: s.label.clone(),
                    min: s.min,
                    max: s.max,
                })
            })
            .collect();
        Ok(crate::analysis::reach::ReachMap {
            solids: crate::walk::Solids::from_store(self.store),
            teams,
        })
    }

    fn size(&self) -> (Vec<u32>, &'static str) {
        (self.store.dims().to_vec(), "voxels (x, y, height)")
    }

    fn positions(&self) -> &'static str {
        "voxels: x east, y south, z down from the top of the map (0 is the sky)"
    }

    fn area_units(&self) -> &'static str {
        "voxels from the north-west corner"
    }

    fn summary_lines(&self, lines: &mut Lines) {
        let v = self.store;
        let mut add = |k: &str, v: String| lines.push((k.to_string(), v));
        let water = v.water_voxels();
        add("coloured voxels", v.colored_voxels().to_string());
        add("solid voxels", (v.filled_voxels() - water).to_string());
        if self.has_materials() {
            add("water voxels", water.to_string());
            add(
                "indestructible voxels",
                v.indestructible_voxels().to_string(),
            );
        }
        if let Some(mode) = self.map.meta.game_mode {
            add("game mode", vmf::game_mode_name(mode));
        }
        let voxels = v.dims().iter().map(|&d| d as f64).product::<f64>();
        add(
            "store",
            format!(
                "{:.1} MiB ({:.3} bytes a voxel)",
                v.heap_bytes() as f64 / 1048576.0,
                v.heap_bytes() as f64 / voxels
            ),
        );
    }

    fn spawn_notes(&self, lines: &mut Lines) {
        let meta = &self.map.meta;
        if meta
            .spawns
            .iter()
            .any(|s| s.origin == vxl::IMPLICIT_SPAWN_ORIGIN)
        {
            lines.push(("spawn rule".into(), vxl::IMPLICIT_SPAWN_RULE.into()));
        }
        if self.map.meta.game_mode.is_some() {
            lines.push(("spawn".into(), "team 2: not in the VMF format".into()));
        }
    }

    fn summary_json(&self, o: &mut JsonMap<String, Value>) {
        let v = self.store;
        let water = v.water_voxels();
        o.insert("colored_voxels".into(), json!(v.colored_voxels()));
        o.insert("solid_voxels".into(), json!(v.filled_voxels() - water));
        o.insert("water_voxels".into(), json!(water));
        o.insert(
            "indestructible_voxels".into(),
            json!(v.indestructible_voxels()),
        );
        o.insert("store_bytes".into(), json!(v.heap_bytes()));
        // The VMF header's game mode and its one team spawn.
        let meta = &self.map.meta;
        if let Some(mode) = meta.game_mode {
            o.insert("game_mode".into(), json!(mode));
            o.insert("game_mode_name".into(), json!(vmf::game_mode_name(mode)));
            if let Some(s) = meta.spawns.iter().find(|s| s.origin == vmf::SPAWN_ORIGIN) {
                o.insert(
                    "team1_spawn".into(),
                    json!([s.min[0], s.max[0], s.min[1], s.max[1]].map(|v| v as u32)),
                );
            }
            o.insert("team2_spawn".into(), Value::Null);
        }
    }

    fn export_into(
        &self,
        model: &mut crate::export::model::Model,
        meshes: &MapMeshes,
        options: &crate::export::ExportOptions,
    ) {
        crate::export::add_voxels(model, self.store, meshes, options);
    }

    fn mesh(&self) -> MapMeshes {
        let never = std::sync::atomic::AtomicBool::new(false);
        self.mesh_until(&never).unwrap_or_default()
    }

    fn mesh_until(&self, stop: &std::sync::atomic::AtomicBool) -> Option<MapMeshes> {
        let voxels = materials::mesh_voxels_until(self.store, &MeshOptions::default(), stop)?;
        Some(MapMeshes {
            chunks: voxels.opaque,
            water: voxels.water,
            ..Default::default()
        })
    }

    fn coarse_until(&self, stop: &std::sync::atomic::AtomicBool) -> Option<mesh::coarse::Coarse> {
        // Made from what the opaque chunks were meshed from: VMF water is
        // drawn apart, at full detail.
        let water = self.store.fourth_byte == FourthByte::Light && self.store.water_voxels() > 0;
        let dry;
        let store = if water {
            dry = materials::without_water(self.store);
            &dry
        } else {
            self.store
        };
        mesh::lod::coarse_levels_until(store, &MeshOptions::default(), stop)
            .map(mesh::coarse::Coarse::Voxels)
    }

    fn bench(&self, input: &BenchInput<'_>) -> Lines {
        let v = self.store;
        let [w, l, d] = v.dims().map(f64::from);
        let store = v.heap_bytes() as f64;
        let store_line = format!(
            "{:.2} MiB: {:.3} bytes a voxel, {:.2} bytes a file byte, {:.2} bytes a coloured voxel",
            store / 1048576.0,
            store / (w * l * d),
            store / input.bytes.len() as f64,
            store / v.colored_voxels().max(1) as f64
        );
        // The chunks one after another: the mesher's own speed, apart from
        // how many cores the machine has.
        let (t, faces) = time(input.iterations.clamp(1, 30), || {
            mesh::face_count(&mesh::mesh_all_serial(v, &MeshOptions::default()))
        });
        let face_bytes = std::mem::size_of::<mesh::Face>();
        let mesh_line = format!(
            "median {:.2} ms on one core: {faces} faces, {:.1} ns a face, {:.0} M faces/s (best {:.2} ms, {:.0} M faces/s), {face_bytes} bytes a face on the GPU ({:.2} MiB); {} build",
            t.median * 1e3,
            t.median * 1e9 / faces.max(1) as f64,
            faces as f64 / t.median / 1e6,
            t.best * 1e3,
            faces as f64 / t.best / 1e6,
            (faces * face_bytes) as f64 / 1048576.0,
            mesh::voxel_mesher_build()
        );
        // The servers' player physics: a player running about the map.
        let ticks = 60 * 60;
        let (solids_t, solids) = time(3, || crate::walk::Solids::from_store(v));
        let (t, _) = time(input.iterations.clamp(1, 10), || {
            crate::walk::exercise::run(solids.clone(), ticks)
        });
        let walk_line = format!(
            "{:.0} ns a tick of the servers' player physics (median of runs of {ticks} ticks running and jumping about; best {:.0} ns); the map as bits for it in {:.1} ms",
            t.median * 1e9 / ticks as f64,
            t.best * 1e9 / ticks as f64,
            solids_t.median * 1e3
        );
        vec![
            ("store".into(), store_line),
            ("mesh".into(), mesh_line),
            ("walk".into(), walk_line),
        ]
    }
}

#[cfg(feature = "gui")]
mod view {
    use super::Voxels;
    use crate::formats::vxl::spans::{raw_spans, vxl_problem};
    use crate::kinds::{Applies, Extent, Picked, Upload, ViewKind};
    use crate::mesh::MapMeshes;
    use crate::render::boxes::{Box3, BoxVertex};
    use crate::render::Scene;
    use crate::store::voxels::{fourth_byte, rgb, Color, Voxel, VoxelStore};
    use glam::Vec3;

    /// How far a pick ray walks, in voxels.
    const PICK_STEPS: usize = 4096;

    impl ViewKind for Voxels<'_> {
        fn drawn_unit(&self) -> &'static str {
            "faces"
        }

        /// On each column's top floor: columns and voxels are the view's
        /// coordinates.
        fn reach_overlay(&self, r: &crate::analysis::reach::ReachReport) -> Vec<BoxVertex> {
            crate::mesh::reach_view::mesh(r.dims[0], &r.floors, &r.reached_by, r.teams.len())
        }

        fn store_bytes(&self) -> Option<u64> {
            Some(self.store.heap_bytes() as u64)
        }

        /// Ace of Spades' teams: blue, then green.
        fn spawn_color(&self, s: &crate::store::Spawn, index: usize) -> [f32; 3] {
            match s.team {
                Some(0) => [0.15, 0.35, 1.0],
                Some(1) => [0.1, 0.9, 0.25],
                _ => crate::kinds::OTHER_SPAWN_COLORS[index % 3],
            }
        }

        fn applies(&self) -> Applies {
            Applies {
                indestructible: self.has_materials(),
                ..Default::default()
            }
        }

        fn extent(&self) -> Extent {
            let [w, l, d] = self.store.dims();
            // A coarse sample is enough to frame the picture.
            let step = (w.max(l) / 64).max(1);
            let mut top = d as f32;
            for y in (0..l).step_by(step as usize) {
                for x in (0..w).step_by(step as usize) {
                    top = top.min(column_top(self.store, x, y));
                }
            }
            Extent {
                width: w as f32,
                length: l as f32,
                top,
                bottom: d as f32,
            }
        }

        fn ground_z(&self, x: u32, y: u32) -> Option<f32> {
            Some(column_top(self.store, x, y))
        }

        fn pick(&self, origin: Vec3, dir: Vec3) -> Option<Picked> {
            voxel_hit(self.store, origin, dir, PICK_STEPS).map(|[x, y, z]| Picked::Voxel {
                x,
                y,
                z,
            })
        }

        fn describe(&self, picked: &Picked) -> Vec<String> {
            let &Picked::Voxel { x, y, z } = picked else {
                return Vec::new();
            };
            let v = self.store;
            let mut out = vec![format!("voxel ({x}, {y}, {z})")];
            if let Voxel::Solid {
                color,
                water,
                indestructible,
            } = v.voxel(x, y, z)
            {
                out.push(format!(
                    "colour {}",
                    color.map_or("none stored (hidden voxel)".into(), hex)
                ));
                if self.has_materials() {
                    out.push(format!(
                        "VMF record: type {}, indestructible {}, light {}",
                        if water { "2 (water)" } else { "1 (solid)" },
                        indestructible as u8,
                        color.map_or(0, fourth_byte)
                    ));
                }
            }
            let col = v.column(x, y);
            if !self.has_materials() {
                match raw_spans(&col) {
                    Some(spans) => {
                        out.push(format!(
                            "column ({x}, {y}): {} (N, S, E, A)",
                            crate::reading::n_of(spans.len() as u64, "spans")
                        ));
                        for s in spans {
                            out.push(format!("  N={} S={} E={} A={}", s.n, s.s, s.e, s.a));
                        }
                    }
                    None => out.push(format!("column: {}", vxl_problem(&col).unwrap_or_default())),
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
            out
        }

        fn highlight(&self, picked: &Picked) -> Option<(Vec3, Vec3)> {
            let &Picked::Voxel { x, y, z } = picked else {
                return None;
            };
            let p = Vec3::new(x as f32, y as f32, z as f32);
            Some((p - 0.05, p + 1.05))
        }

        fn upload(&self, to: Upload<'_>, meshes: &MapMeshes, boxes: Vec<Box3>) -> Scene {
            let (renderer, device) = (to.renderer, to.device);
            let origin = |i| {
                let c = self.store.chunk(i);
                [c.x0, c.y0]
            };
            renderer.upload(device, &meshes.chunks, &meshes.water, origin, &boxes)
        }

        fn upload_coarse(
            &self,
            to: Upload<'_>,
            scene: &mut Scene,
            levels: &crate::mesh::coarse::Coarse,
        ) {
            let crate::mesh::coarse::Coarse::Voxels(levels) = levels else {
                return;
            };
            for level in levels {
                to.renderer.add_coarse_level(
                    to.device,
                    scene,
                    crate::store::voxels::CHUNK,
                    level.factor,
                    &level.chunks,
                    |i| level.origin(i),
                );
            }
        }
    }

    /// The z of the first solid voxel of column (x, y), or the floor.
    fn column_top(v: &VoxelStore, x: u32, y: u32) -> f32 {
        if x < v.width() && y < v.length() {
            v.column(x, y)
                .slabs
                .first()
                .map_or(v.depth() as f32, |s| s.top as f32)
        } else {
            v.depth() as f32
        }
    }

    fn hex(c: Color) -> String {
        let [r, g, b] = rgb(c);
        format!("#{r:02x}{g:02x}{b:02x} a={}", fourth_byte(c))
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
    }
}
