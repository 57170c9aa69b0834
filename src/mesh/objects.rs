//! Warcraft III map objects as instances of a few simple shapes: trees
//! (trunk and canopy, coloured as the game's minimaps show them:
//! [`game_colors::trees`]), start locations (tall pillars
//! in the player's colour), gold mines, other units (small boxes by owner)
//! and other doodads (small neutral boxes). One record each; the GPU draws
//! each group's shape once per instance, so ten thousand trees cost ten
//! thousand instances, not ten thousand meshes.
//!
//! Positions are map coordinates (tiles; x east, y south, z down), standing
//! on the terrain's ground where the object is.

use crate::mesh::player_colors::PLAYER_COLORS;
use crate::mesh::terrain::game_colors::{self, Era};
use crate::store::warcraft::{Doodad, Unit, WarcraftMap};

/// The groups a user can show or hide.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Group {
    Trees,
    StartLocations,
    GoldMines,
    Units,
    Doodads,
}

impl Group {
    pub const ALL: [Group; 5] = [
        Group::Trees,
        Group::StartLocations,
        Group::GoldMines,
        Group::Units,
        Group::Doodads,
    ];

    pub fn label(self) -> &'static str {
        match self {
            Group::Trees => "Trees",
            Group::StartLocations => "Start locations",
            Group::GoldMines => "Gold mines",
            Group::Units => "Units and items",
            Group::Doodads => "Other doodads",
        }
    }

    /// The shape every instance of the group is drawn with.
    pub fn shape(self) -> Shape {
        match self {
            Group::Trees => Shape::Tree,
            Group::StartLocations => Shape::Pillar,
            Group::GoldMines => Shape::Mine,
            Group::Units | Group::Doodads => Shape::Box,
        }
    }
}

/// Which groups are shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shown(pub [bool; 5]);

impl Default for Shown {
    fn default() -> Self {
        Shown([true; 5])
    }
}

impl Shown {
    pub fn get(&self, g: Group) -> bool {
        self.0[g as usize]
    }

    pub fn set(&mut self, g: Group, on: bool) {
        self.0[g as usize] = on;
    }
}

/// One instance: where it stands (map coordinates, the bottom centre), how
/// large it is (tiles), and its colour. 24 bytes, as the GPU reads it.
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct Instance {
    pub position: [f32; 3],
    /// Horizontal and vertical size.
    pub scale: [f32; 2],
    pub color: [u8; 4],
}

/// The shapes, as the renderer builds them ([`shape_triangles`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// A trunk and two stacked canopy cones.
    Tree,
    /// A tall square pillar.
    Pillar,
    /// A squat wide box.
    Mine,
    /// A unit cube.
    Box,
}

/// A shape's vertex: position (the instance's scale applies) and normal,
/// and whether it takes the instance's colour (1) or the trunk's (0).
#[repr(C)]
#[derive(Debug, Clone, Copy, Default, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
pub struct ShapeVertex {
    pub position: [f32; 3],
    pub normal: [f32; 3],
    pub tinted: f32,
}

/// Every object of a map by group, each in the order of its file (start
/// locations by player).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ObjectInstances {
    pub groups: Vec<(Group, Vec<Instance>)>,
    /// The record each instance was placed from, in the same order as
    /// `groups`: what picking the drawn instance picks.
    pub records: Vec<Vec<Record>>,
}

/// A record of the map's object files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Record {
    /// Of `war3mapUnits.doo`, by index.
    Unit(usize),
    /// Of `war3map.doo`'s first list, by index.
    Doodad(usize),
}

impl ObjectInstances {
    pub fn count(&self) -> usize {
        self.groups.iter().map(|(_, v)| v.len()).sum()
    }

    pub fn group(&self, g: Group) -> &[Instance] {
        self.groups
            .iter()
            .find(|(k, _)| *k == g)
            .map_or(&[], |(_, v)| v.as_slice())
    }
}

/// Who owns a placed unit, as the game tells neutrals from players: maps
/// saved for 24 players put neutral hostile at 24 and passive at 27,
/// older ones at 12 and 15.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Owner {
    Player(usize),
    NeutralHostile,
    NeutralPassive,
}

impl Owner {
    pub fn of(owner: i32, twenty_four_players: bool) -> Owner {
        let (hostile, first_neutral) = if twenty_four_players {
            (24, 24)
        } else {
            (12, 12)
        };
        match owner {
            o if o == hostile => Owner::NeutralHostile,
            o if (0..first_neutral).contains(&o) => Owner::Player(o as usize),
            _ => Owner::NeutralPassive,
        }
    }

    pub fn color(self) -> [u8; 3] {
        match self {
            Owner::Player(p) => PLAYER_COLORS[p % PLAYER_COLORS.len()],
            Owner::NeutralHostile => [200, 30, 30],
            Owner::NeutralPassive => [210, 210, 200],
        }
    }

    pub fn describe(self) -> String {
        match self {
            Owner::Player(p) => format!("player {}", p + 1),
            Owner::NeutralHostile => "neutral hostile".into(),
            Owner::NeutralPassive => "neutral passive".into(),
        }
    }
}

/// Whether the map numbers its neutrals as 24-player maps do.
pub fn twenty_four_players(map: &WarcraftMap) -> bool {
    map.info
        .as_ref()
        .is_some_and(|i| i.version >= 28 || i.players.iter().any(|p| p.number >= 12))
}

fn unit_instance(map: &WarcraftMap, u: &Unit, size: [f32; 2], color: [u8; 3]) -> Instance {
    let [x, y] = map.world_to_map(u.position[0], u.position[1]);
    Instance {
        position: [x, y, map.terrain.surface_z(x, y)],
        scale: size,
        color: [color[0], color[1], color[2], 255],
    }
}

/// A placed unit's group and instance (start locations, gold mines, the
/// rest as small boxes in their owner's colour).
pub fn unit_instance_of(map: &WarcraftMap, u: &Unit, wide: bool) -> (Group, Instance) {
    let color = Owner::of(u.owner, wide).color();
    match &u.id {
        b"sloc" => (
            Group::StartLocations,
            unit_instance(map, u, [0.5, 3.0], color),
        ),
        b"ngol" => (
            Group::GoldMines,
            unit_instance(map, u, [1.6, 0.8], [235, 190, 40]),
        ),
        _ => (Group::Units, unit_instance(map, u, [0.5, 0.5], color)),
    }
}

/// How wide a tree's canopy is at scale 1, in tiles. The game's trees
/// overlap, so that a wall of them, planted a tile apart, reads as one
/// dark mass on its minimaps; a canopy a tile across left gaps of ground
/// between them (the colour fit over the corpus's minimaps does best at
/// 1.5 of 1, 1.25, 1.5, 1.75, 2 and 2.5).
pub const TREE_ACROSS: f32 = 1.5;

/// A doodad's group and instance: trees at the file's scale (their
/// canopies [`TREE_ACROSS`] wide), the rest as small neutral boxes.
pub fn doodad_instance(map: &WarcraftMap, d: &Doodad) -> (Group, Instance) {
    let [x, y] = map.world_to_map(d.position[0], d.position[1]);
    let z = map.terrain.surface_z(x, y);
    // The file's scale: x and y across, z up; sane ones only.
    let s = |v: f32| {
        if v.is_finite() && v > 0.0 {
            v.min(10.0)
        } else {
            1.0
        }
    };
    let (across, up) = ((s(d.scale[0]) + s(d.scale[1])) / 2.0, s(d.scale[2]));
    if d.is_tree() {
        let era = Era::of_map(map);
        let c = game_colors::trees(&d.id, map.terrain.tileset, era);
        let inst = Instance {
            position: [x, y, z],
            scale: [TREE_ACROSS * across, up],
            color: [c[0], c[1], c[2], 255],
        };
        (Group::Trees, inst)
    } else {
        let inst = Instance {
            position: [x, y, z],
            scale: [0.35 * across, 0.35 * up],
            color: [150, 140, 120, 255],
        };
        (Group::Doodads, inst)
    }
}

/// Every object of the map as instances, by group.
pub fn object_instances(map: &WarcraftMap) -> ObjectInstances {
    let wide = twenty_four_players(map);
    let mut groups: Vec<(Group, Vec<Instance>)> =
        Group::ALL.iter().map(|&g| (g, Vec::new())).collect();
    let mut records: Vec<Vec<Record>> = Group::ALL.iter().map(|_| Vec::new()).collect();
    // Start locations by player, as `WarcraftMap::start_locations` lists them.
    let mut units: Vec<usize> = (0..map.units.len()).collect();
    units.sort_by_key(|&i| {
        let u = &map.units[i];
        (&u.id != b"sloc", if &u.id == b"sloc" { u.owner } else { 0 })
    });
    for i in units {
        let (group, inst) = unit_instance_of(map, &map.units[i], wide);
        groups[group as usize].1.push(inst);
        records[group as usize].push(Record::Unit(i));
    }
    for (i, d) in map.doodads.iter().enumerate() {
        let (group, inst) = doodad_instance(map, d);
        groups[group as usize].1.push(inst);
        records[group as usize].push(Record::Doodad(i));
    }
    ObjectInstances { groups, records }
}

/// The box an instance of `group` fills: min and max corners.
pub fn instance_box(group: Group, i: &Instance) -> ([f32; 3], [f32; 3]) {
    let [x, y, z] = i.position;
    // Shapes are one unit across; a tree's top is 1.6 units up.
    let half = 0.5 * i.scale[0];
    let height = match group {
        Group::Trees => 1.6 * i.scale[1],
        _ => i.scale[1],
    };
    ([x - half, y - half, z - height], [x + half, y + half, z])
}

/// A shape's triangles (three vertices each, counter-clockwise from
/// outside), one unit across, standing on z = 0 and rising toward -z.
pub fn shape_triangles(shape: Shape) -> Vec<ShapeVertex> {
    let mut out = Vec::new();
    match shape {
        // A tree's hidden faces (the trunk's top, the cones' undersides)
        // are left out: ten thousand trees draw 20 triangles each.
        Shape::Tree => {
            prism(&mut out, 0.09, 0.0, 0.45, 0.0, false);
            cone(&mut out, 0.5, 0.3, 1.1);
            cone(&mut out, 0.36, 0.8, 1.6);
        }
        Shape::Pillar | Shape::Mine | Shape::Box => prism(&mut out, 0.5, 0.0, 1.0, 1.0, true),
    }
    out
}

/// A simpler version of a shape, for objects far away while the camera
/// moves: a tree as one three-sided cone as tall as the tree (3 triangles
/// for 20). `None` where the shape is simple already.
pub fn far_shape_triangles(shape: Shape) -> Option<Vec<ShapeVertex>> {
    let mut out = Vec::new();
    match shape {
        Shape::Tree => {
            let tip = [0.0, 0.0, -1.6];
            let ring = |i: usize| {
                let a = i as f32 * std::f32::consts::TAU / 3.0;
                [0.5 * a.cos(), 0.5 * a.sin(), -0.2]
            };
            for i in 0..3 {
                push_triangle(&mut out, [ring(i), tip, ring(i + 1)], 1.0);
            }
        }
        Shape::Pillar | Shape::Mine | Shape::Box => return None,
    }
    Some(out)
}

fn push_triangle(out: &mut Vec<ShapeVertex>, p: [[f32; 3]; 3], tinted: f32) {
    let e1 = [p[1][0] - p[0][0], p[1][1] - p[0][1], p[1][2] - p[0][2]];
    let e2 = [p[2][0] - p[0][0], p[2][1] - p[0][1], p[2][2] - p[0][2]];
    let n = [
        e1[1] * e2[2] - e1[2] * e2[1],
        e1[2] * e2[0] - e1[0] * e2[2],
        e1[0] * e2[1] - e1[1] * e2[0],
    ];
    let len = (n[0] * n[0] + n[1] * n[1] + n[2] * n[2]).sqrt().max(1e-9);
    let normal = n.map(|v| v / len);
    for position in p {
        out.push(ShapeVertex {
            position,
            normal,
            tinted,
        });
    }
}

/// A square prism of half-width `r` from height `h0` to `h1` (up is -z),
/// with its top where `top`.
fn prism(out: &mut Vec<ShapeVertex>, r: f32, h0: f32, h1: f32, tinted: f32, top: bool) {
    let c = [[-r, -r], [r, -r], [r, r], [-r, r]];
    for i in 0..4 {
        let (a, b) = (c[i], c[(i + 1) % 4]);
        let lo = |p: [f32; 2]| [p[0], p[1], -h0];
        let hi = |p: [f32; 2]| [p[0], p[1], -h1];
        push_triangle(out, [lo(a), hi(b), lo(b)], tinted);
        push_triangle(out, [lo(a), hi(a), hi(b)], tinted);
    }
    if top {
        let at = |p: [f32; 2]| [p[0], p[1], -h1];
        push_triangle(out, [at(c[0]), at(c[2]), at(c[1])], tinted);
        push_triangle(out, [at(c[0]), at(c[3]), at(c[2])], tinted);
    }
}

/// The sides of a six-sided cone of radius `r` from height `h0` to a tip
/// at `h1`.
fn cone(out: &mut Vec<ShapeVertex>, r: f32, h0: f32, h1: f32) {
    let tip = [0.0, 0.0, -h1];
    let ring = |i: usize| {
        let a = i as f32 * std::f32::consts::TAU / 6.0;
        [r * a.cos(), r * a.sin(), -h0]
    };
    for i in 0..6 {
        push_triangle(out, [ring(i), tip, ring(i + 1)], 1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::terrain::W3eTerrain;
    use crate::store::warcraft::Doodad;

    fn sample() -> WarcraftMap {
        let mut m = WarcraftMap {
            terrain: W3eTerrain::flat(9, 9, 12),
            ..Default::default()
        };
        m.terrain.offset = [-512.0, -512.0];
        let at = |x: f32, y: f32| [x, y, 0.0];
        m.units = vec![
            Unit {
                id: *b"sloc",
                owner: 1,
                position: at(0.0, 0.0),
                ..Default::default()
            },
            Unit {
                id: *b"ngol",
                owner: 27,
                position: at(128.0, 0.0),
                ..Default::default()
            },
            Unit {
                id: *b"hfoo",
                owner: 12,
                position: at(0.0, 128.0),
                ..Default::default()
            },
        ];
        m.doodads = vec![
            Doodad {
                id: *b"LTlt",
                position: at(-256.0, 0.0),
                scale: [1.0; 3],
                ..Default::default()
            },
            Doodad {
                id: *b"ATtr",
                position: at(-256.0, 128.0),
                scale: [2.0; 3],
                ..Default::default()
            },
            Doodad {
                id: *b"LOrb",
                position: at(256.0, 0.0),
                scale: [1.0; 3],
                ..Default::default()
            },
        ];
        m
    }

    #[test]
    fn every_record_becomes_one_instance_of_its_group() {
        let m = sample();
        let o = object_instances(&m);
        assert_eq!(o.count(), m.units.len() + m.doodads.len());
        assert_eq!(o.group(Group::Trees).len(), 2);
        assert_eq!(o.group(Group::Doodads).len(), 1);
        assert_eq!(o.group(Group::StartLocations).len(), 1);
        assert_eq!(o.group(Group::GoldMines).len(), 1);
        let start = o.group(Group::StartLocations)[0];
        // World (0, 0) is 4 tiles from the west and 4 from the north edge.
        assert_eq!(start.position[..2], [4.0, 4.0]);
        assert_eq!(start.color[..3], PLAYER_COLORS[1]);
        // A flat map at layer 2, height 0: the ground is at z = 0.
        assert!(start.position[2].abs() < 1e-4, "{:?}", start.position);
        assert_eq!(
            o.group(Group::Units)[0].color[..3],
            Owner::NeutralHostile.color()
        );
        // The file's scale 2, the canopy as wide as a tree's.
        assert_eq!(o.group(Group::Trees)[1].scale, [TREE_ACROSS * 2.0, 2.0]);
    }

    #[test]
    fn owners_follow_the_map_s_player_count() {
        assert_eq!(Owner::of(24, true), Owner::NeutralHostile);
        assert_eq!(Owner::of(27, true), Owner::NeutralPassive);
        assert_eq!(Owner::of(12, true), Owner::Player(12));
        assert_eq!(Owner::of(12, false), Owner::NeutralHostile);
        assert_eq!(Owner::of(15, false), Owner::NeutralPassive);
        assert_eq!(Owner::of(3, false), Owner::Player(3));
    }

    #[test]
    fn a_tree_is_twenty_triangles_and_three_far_away() {
        assert_eq!(shape_triangles(Shape::Tree).len(), 20 * 3);
        assert_eq!(shape_triangles(Shape::Box).len(), 10 * 3);
        assert_eq!(far_shape_triangles(Shape::Tree).unwrap().len(), 3 * 3);
    }

    #[test]
    fn shapes_are_closed_outward_triangles() {
        let near = [Shape::Tree, Shape::Pillar, Shape::Box].map(|s| (s, shape_triangles(s)));
        let far = far_shape_triangles(Shape::Tree).map(|t| (Shape::Tree, t));
        for (shape, t) in near.into_iter().chain(far) {
            assert_eq!(t.len() % 3, 0);
            // Normals point away from the shape's axis or up/down.
            for tri in t.chunks(3) {
                let c = [0, 1, 2]
                    .map(|k| (tri[0].position[k] + tri[1].position[k] + tri[2].position[k]) / 3.0);
                let n = tri[0].normal;
                let radial = c[0] * n[0] + c[1] * n[1];
                assert!(radial > -1e-4 || n[2].abs() > 0.5, "{shape:?} {tri:?}");
            }
        }
    }
}
