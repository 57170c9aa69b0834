//! What a window or a picture asks of a whole Warcraft III map: its view
//! kind (extent, picking, the Inspector, overlays, upload).

use super::Warcraft;
use crate::kinds::{Applies, Extent, Picked, Upload, ViewKind};
use crate::mesh::cells::{Marker, MarkerKind};
use crate::mesh::objects::{
    doodad_instance, instance_box, twenty_four_players, unit_instance_of, Group, ObjectInstances,
    Owner, Record, Shown,
};
use crate::store::terrain::id_string;
use crate::store::warcraft::{Doodad, Pathing, Unit, WarcraftMap};

/// Where the ray enters the box, if it does (slab test).
fn ray_box(origin: Vec3, dir: Vec3, lo: Vec3, hi: Vec3) -> Option<f32> {
    let inv = dir.recip();
    let (t1, t2) = ((lo - origin) * inv, (hi - origin) * inv);
    let near = t1.min(t2).max_element();
    let far = t1.max(t2).min_element();
    (near <= far && far >= 0.0).then_some(near.max(0.0))
}

/// Where an object stands and how it is scaled, its f32s to the
/// precision the file holds (`reading::stored`).
fn placement(position: [f32; 3], angle: f32, scale: [f32; 3], variation: i32) -> [String; 2] {
    let [x, y, z] = position.map(crate::reading::stored);
    let [sx, sy, sz] = scale.map(crate::reading::stored);
    [
        format!(
            "position ({x}, {y}, {z}) world units, angle {:.0}°",
            angle.to_degrees()
        ),
        format!("scale ({sx}, {sy}, {sz}), variation {variation}"),
    ]
}

fn describe_unit(u: &Unit, owner: Owner) -> Vec<String> {
    let mut out = vec![
        format!("unit {} ({})", id_string(&u.id), super::object_name(&u.id)),
        format!(
            "owner {} (player number {} in the file)",
            owner.describe(),
            u.owner
        ),
    ];
    out.extend(placement(u.position, u.angle, u.scale, u.variation));
    let default = |v: i32| {
        if v < 0 {
            "default".to_string()
        } else {
            v.to_string()
        }
    };
    out.push(format!(
        "hit points {}, mana {}, flags {:#04x}",
        default(u.hit_points),
        default(u.mana),
        u.flags
    ));
    if &u.id == b"ngol" {
        out.push(format!("gold {}", u.gold));
    }
    if let Some(skin) = &u.skin {
        out.push(format!("skin {}", id_string(skin)));
    }
    out.push(format!("editor number {}", u.editor_id));
    out
}

fn describe_doodad(d: &Doodad) -> Vec<String> {
    let what = if d.is_tree() { "tree" } else { "doodad" };
    let mut out = vec![format!("{what} {}", id_string(&d.id))];
    out.extend(placement(d.position, d.angle, d.scale, d.variation));
    out.push(format!("life {}%, flags {}", d.life, d.flags));
    if let Some(skin) = &d.skin {
        out.push(format!("skin {}", id_string(skin)));
    }
    out.push(format!("editor number {}", d.editor_id));
    out
}

/// The tile's 4 x 4 pathing cells, north row first: W no walking,
/// F no flying, B no building (a dot where the cell allows it).
fn describe_pathing(m: &WarcraftMap, x: u32, y: u32) -> Vec<String> {
    let Some(p) = &m.pathing else {
        return Vec::new();
    };
    let mut out =
        vec!["pathing (4 x 4 cells, north first; W no walk, F no fly, B no build):".to_string()];
    for row in (0..4).rev() {
        let cells: Vec<String> = (0..4)
            .map(|col| match p.at(x * 4 + col, y * 4 + row) {
                Some(f) => {
                    let mark = |bit: u8, c: char| if f & bit != 0 { c } else { '.' };
                    format!(
                        "{}{}{}",
                        mark(Pathing::NO_WALK, 'W'),
                        mark(Pathing::NO_FLY, 'F'),
                        mark(Pathing::NO_BUILD, 'B')
                    )
                }
                None => "???".into(),
            })
            .collect();
        out.push(format!("  {}", cells.join(" ")));
    }
    out
}
use crate::mesh::player_colors::player_color;
use crate::mesh::terrain::Overlays;
use crate::mesh::MapMeshes;
use crate::render::boxes::{Box3, BoxVertex};
use crate::render::Scene;
use glam::Vec3;

/// The nearest object of a shown group along the ray, among the
/// instances placed for drawing.
fn nearest_placed(
    placed: &ObjectInstances,
    origin: Vec3,
    dir: Vec3,
    shown: Shown,
) -> Option<Picked> {
    placed
        .groups
        .iter()
        .zip(&placed.records)
        .filter(|((g, _), _)| shown.get(*g))
        .flat_map(|((g, list), records)| list.iter().zip(records).map(move |(i, r)| (*g, i, r)))
        .filter_map(|(g, inst, r)| {
            let (lo, hi) = instance_box(g, inst);
            ray_box(origin, dir, lo.into(), hi.into()).map(|t| (t, r))
        })
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, r)| match *r {
            Record::Unit(index) => Picked::Unit { index },
            Record::Doodad(index) => Picked::Doodad { index },
        })
}

impl Warcraft<'_> {
    /// The nearest object of a shown group along the ray, placing each
    /// object again (no instances kept).
    fn nearest_object(&self, origin: Vec3, dir: Vec3, shown: Shown) -> Option<Picked> {
        let m = self.map;
        let wide = twenty_four_players(m);
        let units = m.units.iter().enumerate().map(|(i, u)| {
            let (g, inst) = unit_instance_of(m, u, wide);
            (g, Picked::Unit { index: i }, inst)
        });
        let doodads = m.doodads.iter().enumerate().map(|(i, d)| {
            let (g, inst) = doodad_instance(m, d);
            (g, Picked::Doodad { index: i }, inst)
        });
        let nearest = units
            .chain(doodads)
            .filter(|(g, _, _)| shown.get(*g))
            .filter_map(|(g, p, inst)| {
                let (lo, hi) = instance_box(g, &inst);
                ray_box(origin, dir, lo.into(), hi.into()).map(|t| (t, p))
            })
            .min_by(|a, b| a.0.total_cmp(&b.0));
        nearest.map(|(_, p)| p)
    }
}

impl ViewKind for Warcraft<'_> {
    /// A start location in its player's colour.
    fn spawn_color(&self, s: &crate::store::Spawn, index: usize) -> [f32; 3] {
        match s.team.map(usize::from).and_then(player_color) {
            Some(c) => c.map(|c| c as f32 / 255.0),
            None => crate::kinds::OTHER_SPAWN_COLORS[index % 3],
        }
    }

    fn applies(&self) -> Applies {
        Applies {
            tile_flags: true,
            minimap: true,
            pathing: self.map.pathing.is_some(),
            objects: true,
            labels: true,
            ..Default::default()
        }
    }

    fn extent(&self) -> Extent {
        self.terrain().extent()
    }

    /// The map less the camera bounds' complements (left, right,
    /// bottom, top), as the game's minimap shows it.
    fn playable(&self) -> Option<[f32; 4]> {
        Some(self.map.playable_tiles()?.map(|v| v as f32))
    }

    fn pictures(&self) -> Vec<(&'static str, &crate::store::warcraft::Picture)> {
        let m = self.map;
        [
            ("Minimap (war3mapMap.blp)", &m.minimap),
            ("Preview (war3mapPreview.tga)", &m.preview),
        ]
        .into_iter()
        .filter_map(|(caption, p)| Some((caption, p.as_ref()?)))
        .collect()
    }

    /// Each player's line in the player's colour, neutrals numbered as
    /// the map numbers them (12 or 24 players).
    fn player_rows(&self) -> Vec<([u8; 3], String)> {
        let wide = twenty_four_players(self.map);
        crate::kinds::player_lines(self.map)
            .into_iter()
            .map(|(number, text)| (Owner::of(number, wide).color(), text))
            .collect()
    }

    fn layer_range(&self) -> Option<[u8; 2]> {
        self.terrain().layer_range()
    }

    fn file_position(&self, world: Vec3) -> [f32; 3] {
        self.terrain().file_position(world)
    }

    /// The nearest object the ray meets, else the ground.
    fn pick(&self, origin: Vec3, dir: Vec3) -> Option<Picked> {
        self.pick_shown(origin, dir, Shown::default(), None)
    }

    fn pick_shown(
        &self,
        origin: Vec3,
        dir: Vec3,
        shown: Shown,
        objects: Option<&ObjectInstances>,
    ) -> Option<Picked> {
        let nearest = match objects {
            Some(placed) => nearest_placed(placed, origin, dir, shown),
            None => self.nearest_object(origin, dir, shown),
        };
        match nearest {
            Some(p) => Some(p),
            None => self.terrain().pick(origin, dir),
        }
    }

    fn describe(&self, picked: &Picked) -> Vec<String> {
        let m = self.map;
        match *picked {
            Picked::Unit { index } => m.units.get(index).map_or(Vec::new(), |u| {
                describe_unit(u, Owner::of(u.owner, twenty_four_players(m)))
            }),
            Picked::Doodad { index } => m.doodads.get(index).map_or(Vec::new(), describe_doodad),
            Picked::Tile { x, y } => {
                let mut lines = self.terrain().describe(picked);
                lines.extend(describe_pathing(m, x, y));
                lines
            }
            _ => Vec::new(),
        }
    }

    fn highlight(&self, picked: &Picked) -> Option<(Vec3, Vec3)> {
        let m = self.map;
        let (g, inst) = match *picked {
            Picked::Unit { index } => {
                unit_instance_of(m, m.units.get(index)?, twenty_four_players(m))
            }
            Picked::Doodad { index } => doodad_instance(m, m.doodads.get(index)?),
            _ => return self.terrain().highlight(picked),
        };
        let (lo, hi) = instance_box(g, &inst);
        Some((Vec3::from(lo) - 0.05, Vec3::from(hi) + 0.05))
    }

    fn overlay(&self, overlays: &Overlays) -> Vec<BoxVertex> {
        let mut tints = self.terrain().overlay(overlays);
        tints.extend(crate::mesh::terrain::pathing_mesh(self.map, overlays));
        tints
    }

    /// On the ground, cells counted from the terrain's offset, four a tile.
    fn ground_overlay(
        &self,
        view: &crate::analysis::routes::GroundView,
    ) -> crate::mesh::ground_view::GroundOverlay {
        let t = &self.map.terrain;
        let tiles_y = t.height.saturating_sub(1) as f32;
        // World to view: a tile is 128 game units, rows run south.
        let to_view = [
            1.0 / 128.0,
            -t.offset[0] / 128.0,
            -1.0 / 128.0,
            tiles_y + t.offset[1] / 128.0,
        ];
        let place = |[wx, wy]: [f32; 2]| {
            let (x, y) = (wx * to_view[0] + to_view[1], wy * to_view[2] + to_view[3]);
            [x, y, t.surface_z(x, y)]
        };
        // Under half a tile across: a few pixels in a picture of a whole map.
        crate::mesh::ground_view::mesh(view, 24.0, place, to_view)
    }

    fn upload_coarse(
        &self,
        to: Upload<'_>,
        scene: &mut Scene,
        levels: &crate::mesh::coarse::Coarse,
    ) {
        self.terrain().upload_coarse(to, scene, levels);
    }

    fn upload(&self, to: Upload<'_>, meshes: &MapMeshes, boxes: Vec<Box3>) -> Scene {
        let mut scene = self.terrain().upload(to, meshes, boxes);
        if let Some(objects) = &meshes.objects {
            to.renderer.upload_objects(to.device, &mut scene, objects);
            // The player's number over each start location's pillar.
            let starts = self.map.start_locations();
            for (u, i) in starts.zip(objects.group(Group::StartLocations)) {
                let [x, y, z] = i.position;
                let top = z - i.scale[1];
                scene.markers.push(Marker {
                    min: [x - 0.25, y - 0.25, top],
                    max: [x + 0.25, y + 0.25, z],
                    color: [1.0, 1.0, 1.0, 1.0],
                    kind: MarkerKind::StartLocation,
                    label: format!("{}", u.owner + 1),
                });
            }
        }
        scene
    }
}

#[cfg(test)]
mod tests {
    /// The Inspector reads an object's f32s as the editor wrote them, not
    /// their last binary digit ("0.96000004").
    #[test]
    fn placement_reads_as_written() {
        let [at, scale] = super::placement(
            [2048.0002, -1344.5, 0.0],
            0.0,
            [0.96000004, 0.8095706, 1.1999999],
            2,
        );
        assert_eq!(at, "position (2048, -1344.5, 0) world units, angle 0°");
        assert_eq!(scale, "scale (0.96, 0.809571, 1.2), variation 2");
    }
}
