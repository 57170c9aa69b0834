//! Warcraft III terrain (W3E): a grid of tilepoints, drawn one unit a tile.
//! W3E stores its bottom row first, so tile row `ty` is drawn at
//! y = height - 2 - ty and north is up.

pub(crate) mod cover;
pub(crate) mod diff;
pub(crate) mod walk;
use super::bench::{time, BenchInput};
use super::{Lines, MapKind};
use crate::mesh::terrain::game_colors::Era;
use crate::mesh::terrain::{mesh_terrain, mesh_terrain_of_era, terrain_levels_of_era, Look};
use crate::mesh::MapMeshes;
use crate::store::terrain::{id_string, letter_string, tileset_name, W3eTerrain};
use crate::store::warcraft::Picture;
use crate::store::Spawn;
use serde_json::{json, Map as JsonMap, Value};

pub(super) struct Terrain<'a> {
    pub terrain: &'a W3eTerrain,
    /// Which game's colours it is drawn in: a bare W3E, the released
    /// game's; a whole map's, its w3i's era.
    pub era: Era,
}

impl Terrain<'_> {
    /// The era's colours, as the meshers take them.
    fn look(&self) -> Look {
        Look::from(self.era)
    }
}

impl MapKind for Terrain<'_> {
    fn top_colors(&self) -> Picture {
        crate::mesh::top_colors::terrain(self.terrain, self.look())
    }

    fn top_grid(&self) -> [u32; 2] {
        crate::mesh::top_colors::tiles(self.terrain)
    }

    fn ground_map(&self) -> Result<crate::analysis::GroundMap, String> {
        Err("a bare war3map.w3e holds no pathing map, start locations or gold mines: analyze the whole map (.w3x, .w3m or its folder)".into())
    }

    /// A footman on the ground, cliffs (not ramps) as walls.
    fn walking(&self) -> Option<crate::walk::Walking> {
        walk::walking(self.terrain, None)
    }

    fn size(&self) -> (Vec<u32>, &'static str) {
        (self.terrain.dims().to_vec(), "tilepoints")
    }

    fn positions(&self) -> &'static str {
        "tiles from the south-west corner: x east, y north (the file's rows run south to north); heights up"
    }

    fn area_units(&self) -> &'static str {
        "tiles from the south-west corner"
    }

    fn summary_lines(&self, lines: &mut Lines) {
        lines.extend(summary_lines(self.terrain));
    }

    fn summary_json(&self, o: &mut JsonMap<String, Value>) {
        o.extend(summary_json(self.terrain));
    }

    /// Rows from the south, as the file stores them.
    fn file_area(&self, s: &Spawn) -> [[f32; 2]; 2] {
        let y = |v| file_row(self.terrain, v);
        [[s.min[0], s.max[0]], [y(s.max[1]), y(s.min[1])]]
    }

    fn export_into(
        &self,
        model: &mut crate::export::model::Model,
        meshes: &MapMeshes,
        _options: &crate::export::ExportOptions,
    ) {
        crate::export::add_terrain(model, self.terrain, meshes);
    }

    fn mesh(&self) -> MapMeshes {
        MapMeshes {
            triangles: Some(mesh_terrain_of_era(self.terrain, self.look())),
            ..Default::default()
        }
    }

    /// Blocks of the terrain at coarser tile steps (quick to make: the
    /// stop flag is not looked at).
    fn coarse_until(
        &self,
        _stop: &std::sync::atomic::AtomicBool,
    ) -> Option<crate::mesh::coarse::Coarse> {
        terrain_levels_of_era(self.terrain, self.look()).map(crate::mesh::coarse::Coarse::Terrain)
    }

    fn bench(&self, input: &BenchInput<'_>) -> Lines {
        vec![bench_mesh(self.terrain, input.iterations)]
    }
}

/// `mapscope bench`'s line for meshing the terrain on one core (a whole
/// Warcraft III map's ground too).
pub(super) fn bench_mesh(t: &W3eTerrain, iterations: u32) -> (String, String) {
    let (timing, triangles) = time(iterations.clamp(1, 20), || {
        let m = mesh_terrain(t);
        // Quads of 4 vertices, two triangles each.
        (m.opaque.len() + m.translucent.len()) / 2
    });
    (
        "mesh".into(),
        format!(
            "median {:.2} ms on one core: {}x{} tilepoints, {triangles} triangles",
            timing.median * 1e3,
            t.width,
            t.height
        ),
    )
}

/// A y of the view (growing south) as the file's rows count it, from the
/// south edge.
pub(super) fn file_row(t: &W3eTerrain, y: f32) -> f32 {
    t.height.saturating_sub(1) as f32 - y
}

fn tileset_name_or_unknown(t: &W3eTerrain) -> &'static str {
    tileset_name(t.tileset).unwrap_or("unknown")
}

/// The format-specific keys of `mapscope info --json`: `version`, `tileset`,
/// `tileset_name`, `custom_tileset`, `ground_textures`, `cliff_textures`,
/// `flags` {`ramp`, `blight`, `water`, `boundary`, `map_edge`}, `offset`,
/// `cliff_tiles`.
pub fn summary_json(t: &W3eTerrain) -> JsonMap<String, Value> {
    let f = t.flag_counts();
    let mut m = JsonMap::new();
    m.insert("version".into(), json!(t.version));
    m.insert("tileset".into(), json!(letter_string(t.tileset)));
    m.insert("tileset_name".into(), json!(tileset_name_or_unknown(t)));
    m.insert("custom_tileset".into(), json!(t.custom_tileset != 0));
    let ids = |v: &[[u8; 4]]| Value::from(v.iter().map(id_string).collect::<Vec<_>>());
    m.insert("ground_textures".into(), ids(&t.ground_textures));
    m.insert("cliff_textures".into(), ids(&t.cliff_textures));
    m.insert(
        "flags".into(),
        json!({
            "ramp": f.ramp,
            "blight": f.blight,
            "water": f.water,
            "boundary": f.boundary,
            "map_edge": f.map_edge,
        }),
    );
    m.insert("offset".into(), json!([t.offset[0], t.offset[1]]));
    m.insert("cliff_tiles".into(), json!(t.cliff_tile_count()));
    m
}

/// Lines of the readable `mapscope info` summary: (label, value).
pub fn summary_lines(t: &W3eTerrain) -> Lines {
    let f = t.flag_counts();
    let ids = |v: &[[u8; 4]]| {
        let list: Vec<String> = v.iter().map(id_string).collect();
        format!("{}: {}", v.len(), list.join(" "))
    };
    vec![
        ("W3E version".into(), t.version.to_string()),
        (
            "Tileset".into(),
            format!(
                "{} ({}){}",
                letter_string(t.tileset),
                tileset_name_or_unknown(t),
                if t.custom_tileset != 0 {
                    ", custom"
                } else {
                    ""
                }
            ),
        ),
        (
            "Tiles".into(),
            format!(
                "{} x {}",
                t.width.saturating_sub(1),
                t.height.saturating_sub(1)
            ),
        ),
        ("Ground textures".into(), ids(&t.ground_textures)),
        ("Cliff textures".into(), ids(&t.cliff_textures)),
        (
            "Offset".into(),
            format!("({}, {})", t.offset[0], t.offset[1]),
        ),
        (
            "Tilepoint flags".into(),
            format!(
                "ramp {}, blight {}, water {}, boundary {}, map edge {}",
                f.ramp, f.blight, f.water, f.boundary, f.map_edge
            ),
        ),
        ("Cliff tiles".into(), t.cliff_tile_count().to_string()),
    ]
}

#[cfg(feature = "gui")]
mod view {
    use super::{file_row, Terrain};
    use crate::kinds::{views::surface_hit, Applies, Extent, Picked, Upload, ViewKind};
    use crate::mesh::terrain::{overlay_mesh, Overlays};
    use crate::mesh::MapMeshes;
    use crate::render::boxes::{Box3, BoxVertex};
    use crate::render::Scene;
    use crate::store::terrain::{id_string, W3eTerrain};
    use glam::Vec3;

    impl ViewKind for Terrain<'_> {
        fn applies(&self) -> Applies {
            Applies {
                tile_flags: true,
                minimap: true,
                ..Default::default()
            }
        }

        fn layer_range(&self) -> Option<[u8; 2]> {
            Some(crate::mesh::terrain::overlay::layer_range(self.terrain))
        }

        fn extent(&self) -> Extent {
            let t = self.terrain;
            if t.width < 2 || t.height < 2 {
                return Extent::UNIT;
            }
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

        /// Tiles from the south-west corner, as the file's rows count, and
        /// the height up.
        fn file_position(&self, world: Vec3) -> [f32; 3] {
            [world.x, file_row(self.terrain, world.y), -world.z]
        }

        fn pick(&self, origin: Vec3, dir: Vec3) -> Option<Picked> {
            let t = self.terrain;
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

        fn describe(&self, picked: &Picked) -> Vec<String> {
            match *picked {
                Picked::Tile { x, y } => describe_tile(self.terrain, x, y),
                _ => Vec::new(),
            }
        }

        fn highlight(&self, picked: &Picked) -> Option<(Vec3, Vec3)> {
            let &Picked::Tile { x, y } = picked else {
                return None;
            };
            let t = self.terrain;
            let h = t.tile_corner_heights(x, y);
            let (lo, hi) = h
                .iter()
                .fold((f32::MAX, f32::MIN), |(a, b), &v| (a.min(v), b.max(v)));
            let yy = (t.height - 2 - y) as f32;
            Some((
                Vec3::new(x as f32, yy, -hi - 0.3),
                Vec3::new(x as f32 + 1.0, yy + 1.0, -lo + 0.05),
            ))
        }

        fn overlay(&self, overlays: &Overlays) -> Vec<BoxVertex> {
            overlay_mesh(self.terrain, overlays)
        }

        fn upload(&self, to: Upload<'_>, meshes: &MapMeshes, boxes: Vec<Box3>) -> Scene {
            let (renderer, device) = (to.renderer, to.device);
            let mut scene = renderer.upload(device, &[], &[], |_| [0, 0], &boxes);
            if let Some(t) = &meshes.triangles {
                renderer.upload_triangles(device, &mut scene, t);
            }
            scene
        }

        fn upload_coarse(
            &self,
            to: Upload<'_>,
            scene: &mut Scene,
            levels: &crate::mesh::coarse::Coarse,
        ) {
            if let crate::mesh::coarse::Coarse::Terrain(t) = levels {
                to.renderer.add_terrain_levels(to.device, scene, t);
            }
        }
    }

    fn describe_tile(t: &W3eTerrain, x: u32, y: u32) -> Vec<String> {
        let mut out = vec![format!(
            "tile ({x}, {y}){}",
            if t.is_cliff_tile(x, y) { ", cliff" } else { "" }
        )];
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
                "{name}: height {} water {} layer {} texture {tex} variation {} cliff {cliff} flags [{}]",
                crate::kinds::fixed(p.ground_height(), 2),
                crate::kinds::fixed(p.water_level(), 2),
                p.layer_height(),
                p.ground_variation(),
                flags.join(", ")
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::terrain::Tilepoint;

    #[test]
    fn summary_has_the_documented_keys() {
        let mut t = W3eTerrain::flat(4, 5, 12);
        t.ground_textures.push([b'X', 0xFF, b'\\', b'a']);
        t.tile_mut(1, 1).set_flag(Tilepoint::BLIGHT, true);
        let j = summary_json(&t);
        let keys: Vec<&str> = j.keys().map(|k| k.as_str()).collect();
        for k in [
            "version",
            "tileset",
            "tileset_name",
            "custom_tileset",
            "ground_textures",
            "cliff_textures",
            "flags",
            "offset",
            "cliff_tiles",
        ] {
            assert!(keys.contains(&k), "missing {k}");
        }
        assert_eq!(j["tileset_name"], "Lordaeron Summer");
        assert_eq!(j["ground_textures"][2], "X\\xFF\\x5Ca");
        assert_eq!(j["flags"]["blight"], 1);
        assert_eq!(j["flags"]["map_edge"], 14);
        assert_eq!(j["offset"], json!([-192.0, -256.0]));
        assert_eq!(tileset_name(b'M'), None);
        assert!(!summary_lines(&t).is_empty());
    }
}
