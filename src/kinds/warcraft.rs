//! Whole Warcraft III maps (archives and map folders): the terrain kind's
//! answers for the ground, and what the map's other files add: its
//! information and players, units, doodads and trees, pathing. Its
//! names for IDs, races and slots are `names.rs`; a replay's game on the
//! map `game.rs` (its buildings `buildings.rs`); its view (with the `gui`
//! feature) `view.rs`; its diff `diff.rs`.

pub mod buildings;
pub(crate) mod coverage;
pub(crate) mod diff;
pub(crate) mod environment;
pub mod game;
mod ground;
mod info_diff;
mod names;
mod objects_diff;
mod pairing;
pub(crate) mod players;
use super::bench::{time, BenchInput};
use super::terrain::Terrain;
use super::{Lines, MapKind};
use crate::mesh::terrain::game_colors::Era;
use crate::mesh::MapMeshes;
use crate::store::warcraft::{MapInfo, Picture, WarcraftMap};
use crate::store::Spawn;
use names::MELEE;
pub use names::{controller_name, object_name, race_name};
use serde_json::{json, Map as JsonMap, Value};

pub(super) struct Warcraft<'a> {
    pub map: &'a WarcraftMap,
}

impl Warcraft<'_> {
    fn terrain(&self) -> Terrain<'_> {
        Terrain {
            terrain: &self.map.terrain,
            era: Era::of_map(self.map),
        }
    }
}

/// The players (numbered from 1) of a force's mask; the mask may name
/// slots the map does not have.
fn force_members(info: &MapInfo, mask: u32) -> impl Iterator<Item = i32> + '_ {
    info.players
        .iter()
        .filter(move |p| (0..32).contains(&p.number) && mask & (1 << p.number) != 0)
        .map(|p| p.number + 1)
}

fn forces_json(info: &MapInfo) -> Value {
    Value::Array(
        info.forces
            .iter()
            .map(|f| json!({"name": f.name, "players": force_members(info, f.players).collect::<Vec<_>>()}))
            .collect(),
    )
}

fn players_json(info: &MapInfo) -> Value {
    Value::Array(
        info.players
            .iter()
            .map(|p| {
                json!({
                    "player": p.number + 1,
                    "name": p.name,
                    "race": race_name(p.race),
                    "controller": controller_name(p.controller),
                    "start": p.start,
                })
            })
            .collect(),
    )
}

impl MapKind for Warcraft<'_> {
    fn top_colors(&self) -> Picture {
        self.terrain().top_colors()
    }

    fn top_grid(&self) -> [u32; 2] {
        self.terrain().top_grid()
    }

    fn playable_tiles(&self) -> Option<[u32; 4]> {
        self.map.playable_tiles()
    }

    fn minimap(&self) -> Option<&Picture> {
        self.map.minimap.as_ref()
    }

    fn ground_map(&self) -> Result<crate::analysis::GroundMap, String> {
        ground::ground_map(self.map)
    }

    /// A footman on the ground, off what the pathing map forbids.
    fn walking(&self) -> Option<crate::walk::Walking> {
        super::terrain::walk::walking(&self.map.terrain, self.map.pathing.as_ref())
    }

    fn size(&self) -> (Vec<u32>, &'static str) {
        self.terrain().size()
    }

    fn file_area(&self, s: &Spawn) -> [[f32; 2]; 2] {
        self.terrain().file_area(s)
    }

    fn positions(&self) -> &'static str {
        "tiles from the south-west corner (x east, y north) for the ground, spawn areas and \
         the Map panel's player starts; world units for objects and start locations in `info` \
         and the Inspector (128 a tile, the terrain's offset at the south-west corner); players \
         numbered from 1, as the game shows them"
    }

    fn area_units(&self) -> &'static str {
        self.terrain().area_units()
    }

    fn summary_lines(&self, lines: &mut Lines) {
        let m = self.map;
        let mut add = |k: &str, v: String| lines.push((k.to_string(), v));
        add("container", m.container.clone());
        if let Some(info) = &m.info {
            add("w3i version", info.version.to_string());
            if let Some(v) = info.game_version {
                add(
                    "saved by",
                    format!("game {}.{}.{}.{}", v[0], v[1], v[2], v[3]),
                );
            }
            add("suggested players", info.suggested_players.clone());
            let [w, h] = info.playable;
            add("playable area", format!("{w} x {h} tiles"));
            for (k, v) in environment::lines(info) {
                add(k, v);
            }
            for p in &info.players {
                add(
                    "player",
                    format!(
                        "{}: {} ({}, {}), start ({}, {})",
                        p.number + 1,
                        p.name,
                        race_name(p.race),
                        controller_name(p.controller),
                        p.start[0],
                        p.start[1]
                    ),
                );
            }
            for f in &info.forces {
                let members: Vec<String> = force_members(info, f.players)
                    .map(|n| n.to_string())
                    .collect();
                let members = match members.len() {
                    0 => "no players".to_string(),
                    1 => format!("player {}", members[0]),
                    _ => format!("players {}", members.join(", ")),
                };
                add("force", format!("{}: {members}", f.name));
            }
        }
        let m = self.map;
        let mut add = |k: &str, v: String| lines.push((k.to_string(), v));
        for u in m.start_locations() {
            add(
                "start location",
                format!(
                    "player {} at ({}, {})",
                    u.owner + 1,
                    u.position[0],
                    u.position[1]
                ),
            );
        }
        let mines = m.gold_mines().count();
        add(
            "units",
            format!("{} placed ({mines} gold mines)", m.units.len()),
        );
        add(
            "doodads",
            format!(
                "{} ({} trees), {} special",
                m.doodads.len(),
                m.trees().count(),
                m.special_doodads.len()
            ),
        );
        // The neutral buildings a melee map is read by.
        let mut named = std::collections::BTreeMap::new();
        for u in &m.units {
            if MELEE[2..].iter().any(|(id, _)| *id == &u.id) {
                *named.entry(object_name(&u.id)).or_insert(0) += 1;
            }
        }
        if !named.is_empty() {
            let list: Vec<String> = named.iter().map(|(n, c)| format!("{n} {c}")).collect();
            add("buildings", list.join(", "));
        }
        if let Some(p) = &m.pathing {
            add("pathing", format!("{} x {} cells", p.width, p.height));
        }
        if let Some(p) = &m.minimap {
            add("minimap", format!("{} x {} picture", p.width, p.height));
        }
        self.terrain().summary_lines(lines);
    }

    fn summary_json(&self, o: &mut JsonMap<String, Value>) {
        self.terrain().summary_json(o);
        let m = self.map;
        o.insert("container".into(), json!(m.container));
        o.insert("files".into(), json!(m.files));
        let starts: Vec<Value> = m
            .start_locations()
            .map(|u| json!({"player": u.owner + 1, "position": [u.position[0], u.position[1]]}))
            .collect();
        o.insert("start_locations".into(), Value::Array(starts));
        let mines: Vec<Value> = m
            .gold_mines()
            .map(|u| json!({"position": [u.position[0], u.position[1]], "gold": u.gold}))
            .collect();
        o.insert("gold_mines".into(), Value::Array(mines));
        o.insert("units".into(), json!(m.units.len()));
        o.insert("doodads".into(), json!(m.doodads.len()));
        o.insert("trees".into(), json!(m.trees().count()));
        o.insert("special_doodads".into(), json!(m.special_doodads.len()));
        o.insert("minimap_icons".into(), json!(m.icons.len()));
        if let Some(p) = &m.pathing {
            o.insert("pathing".into(), json!([p.width, p.height]));
        }
        if let Some(info) = &m.info {
            o.insert("w3i_version".into(), json!(info.version));
            o.insert("players".into(), players_json(info));
            o.insert("forces".into(), forces_json(info));
            o.insert("playable".into(), json!(info.playable));
            o.insert("suggested_players".into(), json!(info.suggested_players));
            if let Some(e) = environment::json(info) {
                o.insert("environment".into(), e);
            }
        }
    }

    fn export_into(
        &self,
        model: &mut crate::export::model::Model,
        meshes: &MapMeshes,
        options: &crate::export::ExportOptions,
    ) {
        self.terrain().export_into(model, meshes, options);
        crate::export::add_objects(model, meshes);
    }

    fn mesh(&self) -> MapMeshes {
        MapMeshes {
            objects: Some(crate::mesh::objects::object_instances(self.map)),
            ..self.terrain().mesh()
        }
    }

    fn coarse_until(
        &self,
        stop: &std::sync::atomic::AtomicBool,
    ) -> Option<crate::mesh::coarse::Coarse> {
        self.terrain().coarse_until(stop)
    }

    fn bench(&self, input: &BenchInput<'_>) -> Lines {
        let w = self.map;
        let runs = input.iterations.clamp(1, 20);
        let mut lines = vec![super::terrain::bench_mesh(&w.terrain, input.iterations)];
        // Open to first frame, on the CPU: decompress and decode every
        // file, mesh the terrain and place the objects.
        let (open, meshed) = time(runs, || {
            let map = crate::formats::decode(input.bytes, input.load).ok()?;
            Some(super::mesh(&map))
        });
        let (placing, _) = time(runs, || crate::mesh::objects::object_instances(w));
        if meshed.is_some() {
            lines.push((
                "open".into(),
                format!(
                    "median {:.1} ms to decode every file and mesh (CPU, before upload): {} units, {} doodads ({} trees); placing the objects {:.2} ms",
                    open.median * 1e3,
                    w.units.len(),
                    w.doodads.len(),
                    w.trees().count(),
                    placing.median * 1e3
                ),
            ));
        }
        lines
    }

    fn placed_objects(&self) -> usize {
        self.map.units.len() + self.map.doodads.len()
    }
}

#[cfg(feature = "gui")]
mod view;

#[cfg(all(test, feature = "gui"))]
mod tests {
    use crate::kinds::Picked;
    use crate::mesh::objects::{doodad_instance, instance_box, Group, Shown};
    use crate::store::Content;
    use glam::Vec3;

    /// The sample melee map with `trees` trees, loaded from a map folder
    /// (`test` names the folder).
    fn sample_map(test: &str, trees: usize) -> crate::store::Map {
        let dir = std::env::temp_dir().join(format!("mapscope-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for (name, bytes) in crate::samples::w3x_files(trees) {
            std::fs::write(dir.join(name), bytes).unwrap();
        }
        let map = crate::formats::load_path(&dir, &Default::default()).unwrap();
        let _ = std::fs::remove_dir_all(&dir);
        map
    }

    #[test]
    fn hidden_trees_are_not_picked() {
        let map = sample_map("pick", 6);
        let w = map.warcraft().unwrap();
        let (index, tree) = w
            .doodads
            .iter()
            .enumerate()
            .find(|(_, d)| d.is_tree())
            .unwrap();
        let (group, inst) = doodad_instance(w, tree);
        assert_eq!(group, Group::Trees);
        let (lo, hi) = instance_box(group, &inst);
        // Straight down onto the tree's middle.
        let top = Vec3::new((lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0, lo[2] - 5.0);
        let down = Vec3::new(0.0, 0.0, 1.0);
        let kind = crate::kinds::of(&map);
        let placed = crate::mesh::objects::object_instances(w);
        let mut no_trees = Shown::default();
        no_trees.set(Group::Trees, false);
        // Against the instances placed for drawing, and placing them again.
        for objects in [Some(&placed), None] {
            assert_eq!(
                kind.pick_shown(top, down, Shown::default(), objects),
                Some(Picked::Doodad { index })
            );
            let picked = kind.pick_shown(top, down, no_trees, objects);
            assert!(
                !matches!(picked, Some(Picked::Doodad { index: i }) if i == index),
                "a hidden tree was picked"
            );
        }
        // Every unit and doodad picks the same record either way.
        for (i, u) in w.units.iter().enumerate() {
            let [x, y] = w.world_to_map(u.position[0], u.position[1]);
            let from = Vec3::new(x, y, -50.0);
            let a = kind.pick_shown(from, down, Shown::default(), Some(&placed));
            let b = kind.pick_shown(from, down, Shown::default(), None);
            assert_eq!(a, b, "unit {i}");
        }
    }

    /// A map whose w3i says the betas saved it has its ground drawn as
    /// their minimaps draw it, darker; the same map as a released one's,
    /// not.
    #[test]
    fn a_beta_maps_ground_is_drawn_in_the_betas_colours() {
        let mut map = sample_map("era", 0);
        let brightness = |map: &crate::store::Map| -> u64 {
            let m = crate::kinds::of(map).mesh();
            let tris = m.triangles.expect("the terrain is meshed");
            tris.opaque
                .iter()
                .map(|v| v.color[..3].iter().map(|&c| c as u64).sum::<u64>())
                .sum()
        };
        let released = brightness(&map);
        let Content::Warcraft(w) = &mut map.content else {
            unreachable!("a w3x")
        };
        w.info.as_mut().unwrap().version = 15;
        let beta = brightness(&map);
        let ratio = beta as f64 / released as f64;
        let scale = crate::mesh::terrain::game_colors::FITTED.beta_ground as f64;
        assert!(
            (ratio - scale).abs() < 0.01,
            "beta {beta} / released {released} = {ratio:.3}, the fit's factor {scale:.3}"
        );
    }
}
