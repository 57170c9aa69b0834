//! W3E terrain and ALW world meshes on synthetic files from the project's
//! writers: heights, counts, colours, both W3E versions, all ALW layouts.

use mapscope::formats::{self, Format, LoadOptions};
use mapscope::mesh::cells::mesh_world;
use mapscope::mesh::terrain::mesh_terrain;
use mapscope::store::cells::AlwLayout;
use mapscope::store::terrain::{Tilepoint, W3eTerrain};
use mapscope::store::{Content, Map, Metadata};

fn round_trip(map: Map) -> Map {
    let bytes = mapscope::kinds::encode(&map, map.format).unwrap();
    formats::decode(&bytes, &LoadOptions::default()).unwrap()
}

fn w3e(t: W3eTerrain) -> Map {
    round_trip(Map {
        format: Format::W3e,
        meta: Metadata::default(),
        content: Content::Terrain(t),
    })
}

/// 6 x 4 tilepoints; the callback edits tilepoints.
fn terrain(version: u32, edit: impl Fn(&mut W3eTerrain)) -> W3eTerrain {
    let mut t = W3eTerrain::flat(6, 4, version);
    edit(&mut t);
    t
}

fn raise(t: &mut W3eTerrain, x: u32, y: u32, layers: u8) {
    let p = t.tile_mut(x, y);
    let c = p.cliff_texture();
    p.set_layer_and_cliff_texture(p.layer_height() + layers, c);
}

#[test]
fn a_cliff_step_makes_walls_on_the_step_only() {
    // Columns x >= 3 one layer up: tiles x = 2 are cliffs, the rest flat.
    let t = terrain(12, |t| {
        for y in 0..4 {
            for x in 3..6 {
                raise(t, x, y, 1);
            }
        }
    });
    let map = w3e(t);
    let m = mesh_terrain(map.terrain().unwrap());
    // 5 x 3 tiles: 3 cliff tiles of 4 quarters and 2 walls, the 6 flat
    // tiles beside them fans of 5 triangles (3 quads) through the midpoint
    // of the edge they share, and 6 more flat tiles of a quad; 4 vertices
    // a quad.
    assert_eq!(m.opaque.len(), (3 * 6 + 6 * 3 + 6) * 4);
    let low = map.terrain().unwrap().tile(0, 0).final_height();
    let zs: Vec<f32> = m.opaque.iter().map(|v| -v.position[2]).collect();
    assert!(zs
        .iter()
        .all(|&z| (z - low).abs() < 1e-4 || (z - low - 1.0).abs() < 1e-4));
    // The box holds the grid and both levels, and nothing more.
    assert_eq!(m.bounds_min, [0.0, 0.0, -(low + 1.0)]);
    assert_eq!(m.bounds_max, [5.0, 3.0, -low]);
}

#[test]
fn a_two_tile_ramp_is_a_slope_not_a_cliff() {
    // Rows y >= 2 one layer up, with ramp-flagged corners on x = 1..=3.
    let t = terrain(12, |t| {
        for y in 2..4 {
            for x in 0..6 {
                raise(t, x, y, 1);
            }
        }
        for y in 0..4 {
            for x in 1..=3 {
                t.tile_mut(x, y).set_flag(Tilepoint::RAMP, true);
            }
        }
    });
    let map = w3e(t);
    let t = map.terrain().unwrap();
    // Tiles (1, 1) and (2, 1) are ramp entrances: their low corners get +0.5.
    assert!(t.is_ramp_entrance(1, 1) && t.is_ramp_entrance(2, 1));
    let h = t.tile_corner_heights(1, 1);
    let base = t.tile(1, 1).final_height();
    assert_eq!(h, [base + 0.5, base + 0.5, base + 1.0, base + 1.0]);
    // The ramp's lower tile slopes up to meet it: no crack between them.
    let below = t.tile_corner_heights(1, 0);
    assert_eq!(below, [base, base, base + 0.5, base + 0.5]);
    let m = mesh_terrain(t);
    // 15 tiles: 2 ramp tiles, fans of 8 triangles (4 quads) through the
    // midpoints of their edges; the 3 other tiles of row 1 are cliffs (4
    // quarters, 2 walls); the 10 flat tiles of rows 0 and 2 are fans of 5
    // triangles (3 quads) through the midpoint of their edge on row 1.
    let cliffs = (0..5)
        .filter(|&x| t.is_cliff_tile(x, 1) && !t.is_ramp_entrance(x, 1))
        .count();
    assert_eq!(cliffs, 3);
    assert_eq!(m.opaque.len(), (2 * 4 + cliffs * 6 + 10 * 3) * 4);
    // The ramp's sides: the cliffs' walls end on the ramp's slope, at the
    // midpoint of the edge they share, halfway up the ramp's edge there.
    let side = m
        .opaque
        .iter()
        .filter(|v| v.position[0] == 1.0 && v.position[1] == 1.5)
        .map(|v| -v.position[2])
        .collect::<Vec<_>>();
    assert!(!side.is_empty());
    assert!(side.iter().all(|&z| z == base + 0.75), "{side:?}");
}

#[test]
fn blight_overrides_the_ground_texture() {
    let t = terrain(12, |t| {
        for x in 0..3 {
            for y in 0..2 {
                t.tile_mut(x, y).set_flag(Tilepoint::BLIGHT, true);
            }
        }
    });
    let map = w3e(t);
    let m = mesh_terrain(map.terrain().unwrap());
    let purple = |c: [f32; 4]| c[0] > c[1] && c[2] > c[1];
    let blighted = m.opaque.iter().filter(|v| purple(v.rgba())).count();
    assert!(blighted > 0 && blighted < m.opaque.len());
}

#[test]
fn v11_and_v12_of_the_same_terrain_mesh_the_same() {
    let edit = |t: &mut W3eTerrain| {
        raise(t, 4, 1, 2);
        t.tile_mut(2, 2).set_flag(Tilepoint::BOUNDARY, true);
        t.tile_mut(1, 1).set_flag(Tilepoint::WATER, true);
    };
    let a = w3e(terrain(11, edit));
    let b = w3e(terrain(12, edit));
    assert_eq!(a.terrain().unwrap().version, 11);
    assert_eq!(b.terrain().unwrap().version, 12);
    assert_eq!(
        mesh_terrain(a.terrain().unwrap()),
        mesh_terrain(b.terrain().unwrap())
    );
}

#[test]
fn water_shows_only_above_the_ground() {
    let t = terrain(12, |t| {
        // Flag water everywhere, but raise the surface only on the left.
        for y in 0..4 {
            for x in 0..6 {
                let p = t.tile_mut(x, y);
                p.set_flag(Tilepoint::WATER, true);
                let level = if x < 2 {
                    Tilepoint::ZERO + 1024
                } else {
                    Tilepoint::ZERO - 2048
                };
                p.water = (p.water & !Tilepoint::WATER_LEVEL_MASK) | level;
            }
        }
    });
    let map = w3e(t);
    let m = mesh_terrain(map.terrain().unwrap());
    // Tiles touching x < 2 have water above some corner: columns 0 and 1.
    assert_eq!(m.translucent.len(), 2 * 3 * 4);
}

#[test]
fn alw_rooms_mesh_alike_in_every_layout() {
    for layout in AlwLayout::ALL {
        let map = round_trip(Map {
            format: Format::Alw,
            meta: Metadata::default(),
            content: Content::Cells(mapscope::samples::alw_room(12, 9, layout)),
        });
        let world = map.cells().unwrap();
        let m = mesh_world(world);
        let open = world.cells.iter().filter(|c| !c.is_solid_rock()).count();
        assert_eq!(m.floors, open, "{layout:?}");
        assert_eq!(m.ceilings, open, "{layout:?}");
        // Every open cell beside rock has a lower and an upper wall there.
        let mut rock_edges = 0;
        for y in 0..9i32 {
            for x in 0..12i32 {
                if world.is_solid_rock(x as u32, y as u32) {
                    continue;
                }
                for (dx, dy) in [(-1, 0), (1, 0), (0, -1), (0, 1)] {
                    let (nx, ny) = (x + dx, y + dy);
                    if (0..12).contains(&nx)
                        && (0..9).contains(&ny)
                        && world.is_solid_rock(nx as u32, ny as u32)
                    {
                        rock_edges += 1;
                    }
                }
            }
        }
        assert!(
            m.walls >= 2 * rock_edges,
            "{layout:?}: {} walls, {rock_edges} rock edges",
            m.walls
        );
        assert_eq!(m.faces.len() % 4, 0);
        assert!(m.markers.iter().any(|k| k.label == "light"));
        assert!(!m.legend.is_empty(), "texture names get colours");
    }
}

#[test]
fn overlays_tint_only_the_flagged_tiles() {
    use mapscope::mesh::terrain::{overlay_mesh, Overlays};
    let t = terrain(12, |t| {
        t.tile_mut(0, 0).set_flag(Tilepoint::BOUNDARY, true);
        raise(t, 5, 3, 1);
    });
    let map = w3e(t);
    let t = map.terrain().unwrap();
    let mut o = Overlays::default();
    assert!(overlay_mesh(t, &o).is_empty());
    o.set("boundary", true);
    // Corner (0, 0) touches one tile.
    assert_eq!(overlay_mesh(t, &o).len(), 4);
    o.set("cliff", true);
    // Corner (5, 3) makes tile (4, 2) a cliff.
    assert_eq!(overlay_mesh(t, &o).len(), 8);
    let mut all = Overlays::default();
    all.set("layers", true);
    assert_eq!(
        overlay_mesh(t, &all).len(),
        15 * 4,
        "the heat map covers every tile"
    );
    assert!(!all.set("nonsense", true));
}

#[test]
fn ground_is_painted_from_each_corners_own_texture_beside_cliffs_too() {
    use mapscope::mesh::terrain::{game_colors, GROUND_ALPHA};
    // Columns x >= 3 one layer up: tiles x = 2 are cliffs. The game's
    // minimaps show the ground beside a cliff in its own texture, so the
    // tile grid holds each corner's texture colour, and ground vertices
    // leave their colour to it.
    let t = terrain(12, |t| {
        for y in 0..4 {
            for x in 3..6 {
                raise(t, x, y, 1);
                let p = t.tile_mut(x, y);
                p.set_layer_and_cliff_texture(p.layer_height(), 1);
            }
        }
    });
    let map = w3e(t);
    let t = map.terrain().unwrap();
    let m = mesh_terrain(t);
    let grid = m.tile_colors.as_ref().expect("a tile grid");
    assert_eq!((grid.width, grid.height), (t.width, t.height));
    for (i, p) in t.tilepoints.iter().enumerate() {
        let id = &t.ground_textures[p.texture() as usize];
        let [r, g, b] = game_colors::ground(id);
        assert_eq!(grid.colors[i], [r, g, b, GROUND_ALPHA], "tilepoint {i}");
    }
    let ground = m
        .opaque
        .iter()
        .filter(|v| v.color[3] == GROUND_ALPHA)
        .count();
    let cliffs = m.opaque.iter().filter(|v| v.color[3] == 255).count();
    assert!(
        ground > 0 && cliffs > 0,
        "{ground} ground and {cliffs} cliff vertices"
    );
    assert_eq!(ground + cliffs, m.opaque.len());
}
