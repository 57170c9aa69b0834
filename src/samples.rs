//! Small maps built in code rather than read from a file: the ALW test room
//! and a Warcraft III map archive, which tests, benchmarks, fuzz seeds and
//! examples share.

mod hills;
mod like_real;
mod tall;

pub use hills::{voxlap_demo_like, voxlap_demo_voxels};
pub use like_real::{aos_one_voxels, voxlap_voxels, AOS_ONE_FLOOR};
pub use tall::{sunk, tall_voxels, tiled};

use crate::formats::alw::LayoutShape;
use crate::store::cells::{AlwLayout, AlwWorld, Entity, Light, CF_OCCLUDER};

/// A plausible room for tests and benchmarks: solid walls around, a slope
/// (corner offsets) and a pillar (floor == ceiling) inside, one light, a
/// player entity with two attributes, and four texture names. Sizes below
/// 4 x 4 give a room without slope or pillar.
pub fn alw_room(width: u16, height: u16, layout: AlwLayout) -> AlwWorld {
    let mut w = AlwWorld::new(width, height, layout);
    if layout == AlwLayout::Engine201008 {
        // As the 2010-08 writer does: its first texture gets offset 0
        // (unreachable), so that name appears again later in the table.
        w.add_texture("redbricks");
    }
    let bricks = w.add_texture("redbricks");
    let floor = w.add_texture("floorbrick");
    let trim = w.add_texture("metaltrim");
    let sky = w.add_texture("stone_ceiling");
    let trims = layout.has_trims();
    let (wd, ht) = (width as usize, height as usize);
    for y in 0..ht {
        for x in 0..wd {
            let c = &mut w.cells[y * wd + x];
            c.ceiling_tex = if (x + y) % 7 == 3 { 0 } else { sky };
            c.floor_tex = floor;
            c.upper_tex = bricks;
            c.lower_tex = bricks;
            if trims && x % 3 == 0 {
                c.lower_trim = trim;
            }
            if x == 0 || y == 0 || x + 1 == wd || y + 1 == ht {
                c.floor = 0;
                c.ceiling = 0;
                c.flags = CF_OCCLUDER;
            }
        }
    }
    if wd >= 4 && ht >= 4 {
        // A pillar.
        let p = &mut w.cells[2 * wd + 2];
        p.floor = 32;
        p.ceiling = 32;
        p.flags = CF_OCCLUDER;
        // A step and a slope rising toward +X.
        let s = &mut w.cells[wd + 1];
        s.floor = -112;
        if layout.has_corner_offsets() {
            s.floor_offsets = [0, 0, 12, 12];
            s.ceiling_offsets = [-4, -4, 0, 0];
        }
    }
    w.lights.push(Light {
        position: [wd as f32 * 8.0, 64.0, ht as f32 * 8.0],
        color: [1.0, 0.9, 0.7],
        radius: 128.0,
    });
    let mut player = Entity::at([24.0, -80.0, 24.0]);
    player.bbox_min = [-16.0, -48.0, -16.0];
    player.bbox_max = [16.0, 16.0, 16.0];
    player.anim_state = 12.5;
    player.event_mask = 4;
    if layout.has_entity_extras() {
        player.class = b"player".to_vec();
    }
    player.attributes = vec![
        (b"name".to_vec(), b"Hero".to_vec()),
        (b".health".to_vec(), b"100".to_vec()),
    ];
    let mut lamp = Entity::at([wd as f32 * 8.0, 0.0, ht as f32 * 8.0]);
    lamp.frame = 3;
    if layout.has_entity_extras() {
        lamp.class = b"lamp".to_vec();
        lamp.yrot = 90.0;
    }
    w.entities = vec![lamp, player];
    w.player_entity = 1;
    w.camera_yaw = 45.0;
    w.camera_pitch = -10.0;
    w
}

/// The files of a small Warcraft III melee map: a 33 x 33 terrain, two
/// players with start locations and gold mines, creeps, a grove of `trees`
/// trees and a few rocks, pathing and minimap icons, its strings and info.
pub fn w3x_files(trees: usize) -> Vec<(&'static str, Vec<u8>)> {
    use crate::formats::w3x::doo::write::{
        encode_doodads, encode_icons, encode_pathing, encode_units,
    };
    use crate::formats::w3x::info::encode_info;
    use crate::store::terrain::W3eTerrain;
    use crate::store::warcraft::MinimapIcon;
    let mut t = W3eTerrain::flat(33, 33, 12);
    for (i, p) in t.tilepoints.iter_mut().enumerate() {
        let (x, y) = (i % 33, i / 33);
        if (12..20).contains(&x) && (12..20).contains(&y) {
            p.set_layer_and_cliff_texture(3, 0);
        }
    }
    let terrain = crate::formats::w3e::encode_terrain(&t).expect("a flat terrain writes");
    let info = melee_info();
    let units = melee_units(&info.players);
    let doodads = melee_doodads(trees);
    let pathing = melee_pathing(32);
    let icons = vec![MinimapIcon {
        kind: 2,
        x: 40,
        y: 200,
        color: [255, 3, 3, 255],
    }];
    let wts = "\u{feff}STRING 1\r\n{\r\nTwo Rivers\r\n}\r\n\r\nSTRING 2\r\n{\r\nA map mapscope made.\r\n}\r\n";
    vec![
        ("war3map.w3e", terrain),
        ("war3map.w3i", encode_info(&info)),
        ("war3map.wts", wts.as_bytes().to_vec()),
        ("war3mapUnits.doo", encode_units(&units, true)),
        ("war3map.doo", encode_doodads(&doodads, &[], true)),
        ("war3map.wpm", encode_pathing(&pathing)),
        ("war3map.mmp", encode_icons(&icons)),
    ]
}

/// [`w3x_files`]'s w3i: a 1.36 melee map for two players, one force.
fn melee_info() -> crate::store::warcraft::MapInfo {
    use crate::store::warcraft::{Environment, Force, MapInfo, Player};
    MapInfo {
        version: 31,
        saves: 1,
        editor_version: 6116,
        game_version: Some([1, 36, 1, 20719]),
        name: "TRIGSTR_001".into(),
        author: "mapscope".into(),
        description: "TRIGSTR_002".into(),
        suggested_players: "1v1".into(),
        camera_bounds: [
            -1664.0, -1920.0, 1664.0, 1536.0, -1664.0, 1536.0, 1664.0, -1920.0,
        ],
        bounds_complements: [2, 2, 2, 2],
        playable: [28, 28],
        flags: 0x4,
        tileset: b'L',
        // What a new map in the 1.36 editor has, but for the weather.
        environment: Some(Environment {
            fog_style: 0,
            fog_z: [3000.0, 5000.0],
            fog_density: 0.5,
            fog_color: [0, 0, 0, 255],
            weather: Some(*b"RLlr"),
            sound: "Default".into(),
            light: None,
            water_tint: [255, 255, 255, 255],
        }),
        players: (0..2)
            .map(|i| Player {
                number: i,
                controller: 1,
                race: i + 1,
                fixed_start: true,
                name: format!("Player {}", i + 1),
                start: [
                    (i as f32 * 2.0 - 1.0) * 1280.0,
                    (i as f32 * 2.0 - 1.0) * -1280.0,
                ],
            })
            .collect(),
        forces: vec![Force {
            flags: 0,
            players: 0b11,
            name: "Force 1".into(),
        }],
        other: Vec::new(),
    }
}

/// [`w3x_files`]'s units: each player's start location, a gold mine
/// beside it and creeps towards the middle.
fn melee_units(players: &[crate::store::warcraft::Player]) -> Vec<crate::store::warcraft::Unit> {
    use crate::store::warcraft::Unit;
    let unit = |id: &[u8; 4], owner: i32, x: f32, y: f32, editor_id: i32| Unit {
        id: *id,
        variation: 0,
        position: [x, y, 0.0],
        angle: 4.71,
        scale: [1.0; 3],
        skin: Some(*id),
        flags: 2,
        owner,
        hit_points: -1,
        mana: -1,
        gold: if id == b"ngol" { 12500 } else { 0 },
        hero_level: 1,
        editor_id,
    };
    let mut units = Vec::new();
    for p in players {
        let [x, y] = p.start;
        units.push(unit(b"sloc", p.number, x, y, units.len() as i32));
        units.push(unit(b"ngol", 27, x + 384.0, y, units.len() as i32));
        units.push(unit(b"nfor", 24, x * 0.4, y * 0.4, units.len() as i32));
    }
    units
}

/// [`w3x_files`]'s doodads: a grove of `trees` trees and five rocks.
fn melee_doodads(trees: usize) -> Vec<crate::store::warcraft::Doodad> {
    use crate::store::warcraft::Doodad;
    let doodad = |id: &[u8; 4], x: f32, y: f32, scale: f32, editor_id: i32| Doodad {
        id: *id,
        variation: editor_id % 5,
        position: [x, y, 0.0],
        angle: 0.0,
        scale: [scale; 3],
        skin: Some(*id),
        flags: 2,
        life: 100,
        editor_id,
    };
    let mut doodads = Vec::new();
    let side = (trees as f32).sqrt().ceil().max(1.0) as usize;
    for i in 0..trees {
        let (gx, gy) = ((i % side) as f32, (i / side) as f32);
        let spacing = 1536.0 / side as f32;
        let scale = 0.8 + (i % 3) as f32 * 0.15;
        doodads.push(doodad(
            b"LTlt",
            -1600.0 + gx * spacing,
            300.0 + gy * spacing * 0.5,
            scale,
            i as i32,
        ));
    }
    for i in 0..5 {
        doodads.push(doodad(
            b"LOrb",
            600.0 + i as f32 * 128.0,
            -600.0,
            1.0,
            (trees + i) as i32,
        ));
    }
    doodads
}

/// [`w3x_files`]'s pathing map, `tiles` tiles a side: its border 8 cells
/// deep neither walkable nor buildable.
fn melee_pathing(tiles: u32) -> crate::store::warcraft::Pathing {
    use crate::store::warcraft::Pathing;
    Pathing {
        width: tiles * 4,
        height: tiles * 4,
        cells: (0..tiles * tiles * 16)
            .map(|i| {
                let (x, y) = (i % (tiles * 4), i / (tiles * 4));
                if x < 8 || y < 8 || x >= tiles * 4 - 8 || y >= tiles * 4 - 8 {
                    Pathing::NO_WALK | Pathing::NO_BUILD
                } else {
                    0
                }
            })
            .collect(),
    }
}

/// [`w3x_files`] in an MPQ archive with a map header, stored as `how`.
pub fn w3x_archive(trees: usize, how: crate::formats::mpq::write::FileOptions) -> Vec<u8> {
    use crate::formats::mpq::write::{write, ArchiveOptions};
    let files = w3x_files(trees);
    let list: Vec<(&str, &[u8], _)> = files.iter().map(|(n, b)| (*n, b.as_slice(), how)).collect();
    write(&list, &ArchiveOptions::default())
}

/// `file` (named `name`) in an archive stored each way maps store files
/// (every compression, encrypted or not, with the adjusted key, as a single
/// unit, with sector CRCs, protected or not; 512-byte sectors, so that
/// small files still have several): for fuzz seeds and mutation tests.
pub fn archive_variants(name: &str, file: &[u8]) -> Vec<(String, Vec<u8>)> {
    use crate::formats::mpq::write::{write, ArchiveOptions, Compression, FileOptions};
    let compressions = [
        Compression::Zlib,
        Compression::Bzip2,
        Compression::Implode,
        Compression::Imploded,
        Compression::ZlibThenImplode,
        Compression::Stored,
    ];
    compressions
        .into_iter()
        .enumerate()
        .map(|(i, compression)| {
            let o = FileOptions {
                compression,
                encrypted: i % 2 == 0,
                key_adjusted: i % 4 == 0,
                single_unit: i == 3,
                sector_crc: i == 1,
            };
            let options = ArchiveOptions {
                protect: i >= 3,
                sector_shift: 0,
                ..Default::default()
            };
            (
                format!("{compression:?}"),
                write(&[(name, file, o)], &options),
            )
        })
        .collect()
}

/// An `n` x `n` x `d` voxel store whose solid voxels `solid` gives (their
/// colours), every one of them coloured: each run of solid voxels a slab of
/// top colours only.
pub fn voxels_from(
    n: u32,
    d: u32,
    fourth_byte: crate::store::voxels::FourthByte,
    solid: impl Fn(u32, u32, u32) -> Option<u32>,
) -> crate::store::voxels::VoxelStore {
    use crate::store::voxels::{Slab, VoxelStore};
    let mut s = VoxelStore::new(n, n, d, fourth_byte);
    for y in 0..n {
        for x in 0..n {
            let mut z = 0;
            while z < d {
                if solid(x, y, z).is_none() {
                    z += 1;
                    continue;
                }
                let top = z;
                while z < d && solid(x, y, z).is_some() {
                    z += 1;
                }
                s.push_slab(Slab {
                    top: top as u16,
                    top_len: (z - top) as u16,
                    bottom: z as u16,
                    bottom_len: 0,
                });
                s.push_colors((top..z).filter_map(|k| solid(x, y, k)));
            }
            s.end_column();
        }
    }
    s.finish();
    s
}

/// Another version of a voxel map, for diffs: a grey tower 12 voxels high
/// on the 6 x 6 columns from `at`, a crater up to 6 voxels deep within 8
/// columns of `at + (40, 40)`, and the top voxels of the 20 x 4 columns
/// from `at + (0, 30)` recoloured. Each column's top slab is edited in
/// place; the rest is copied.
pub fn edited_voxels(
    store: &crate::store::voxels::VoxelStore,
    at: [u32; 2],
) -> crate::store::voxels::VoxelStore {
    use crate::store::voxels::VoxelStore;
    let [w, l, d] = store.dims();
    let mut out = VoxelStore::new(w, l, d, store.fourth_byte);
    let inside = |x: u32, y: u32, x0: u32, y0: u32, n: u32, m: u32| {
        (x0..x0 + n).contains(&x) && (y0..y0 + m).contains(&y)
    };
    for y in 0..l {
        for x in 0..w {
            let (slabs, colors) = store.surface(x, y);
            let (mut slabs, mut colors) = (slabs.to_vec(), colors.to_vec());
            if let Some(s) = slabs.first_mut() {
                let top_colors = s.top_len as usize;
                if inside(x, y, at[0], at[1], 6, 6) {
                    let t = 12.min(s.top) as usize;
                    s.top -= t as u16;
                    s.top_len += t as u16;
                    colors.splice(0..0, std::iter::repeat_n(0x8080_8080, t));
                }
                let (dx, dy) = (x as i64 - at[0] as i64 - 40, y as i64 - at[1] as i64 - 40);
                let room = (s.bottom - s.top - s.bottom_len) as i64 - 1;
                let k = (6 - (dx * dx + dy * dy) / 11).min(room);
                if k > 0 && !inside(x, y, at[0], at[1], 6, 6) {
                    let k = k as usize;
                    s.top += k as u16;
                    let dropped = k.min(top_colors);
                    colors.drain(0..dropped);
                    s.top_len -= dropped as u16;
                    if s.top_len == 0 {
                        s.top_len = 1;
                        colors.insert(0, 0x8060_4020);
                    }
                }
                if inside(x, y, at[0], at[1] + 30, 20, 4) {
                    colors[0] ^= 0x0040_4040;
                }
            }
            for s in slabs {
                out.push_slab(s);
            }
            out.push_colors(colors);
            out.end_column();
        }
    }
    out.finish();
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_has_walls_pillar_slope_and_textures() {
        for layout in AlwLayout::ALL {
            let w = alw_room(8, 6, layout);
            assert_eq!(w.dims(), [8, 6]);
            assert!(w.is_solid_rock(0, 0) && w.is_solid_rock(7, 5) && w.is_solid_rock(2, 2));
            assert!(!w.is_solid_rock(3, 3));
            assert_eq!(w.cell(8, 0), None);
            assert_eq!(w.player().unwrap().attribute("name"), Some(&b"Hero"[..]));
            let c = w.cell(3, 3).unwrap();
            assert_eq!(w.texture_name(c.floor_tex), Some("floorbrick"));
            assert_eq!(w.texture_name(0), None);
            assert_eq!(
                w.cell(1, 1).unwrap().is_sloped(),
                layout.has_corner_offsets()
            );
            assert_eq!((w.entities.len(), w.lights.len()), (2, 1));
        }
    }

    #[test]
    fn layout_2010_08_table_has_no_leading_byte() {
        let w = alw_room(4, 4, AlwLayout::Engine201008);
        assert_eq!(w.textures[0], (0, "redbricks".to_string()));
        assert_eq!(w.textures[1].0, 10);
        assert_eq!(w.texture_name(10), Some("redbricks"));
        let s = alw_room(4, 4, AlwLayout::Spec);
        assert_eq!(s.texture_table[0], 0);
        assert_eq!(s.textures[0], (1, "redbricks".to_string()));
    }
}
