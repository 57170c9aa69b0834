//! Pictures of synthetic W3E terrains, ALW rooms and VMF materials, built
//! with the project's own writers and read back: golden pictures, and
//! pixels that prove water, glow and the indestructible highlight show.

mod common;
#[path = "render_scenes/probes.rs"]
mod probes;

use common::golden::{check_golden, draw_with, gpu, not_flat, pixel, project, save_probes};
use mapscope::formats::{self, Format, LoadOptions};
use mapscope::kinds::views::{self, View};
use mapscope::mesh::cells::mesh_world;
use mapscope::mesh::terrain::{overlay_mesh, Overlays};
use mapscope::render::{Camera, RenderOptions};
use mapscope::store::cells::AlwLayout;
use mapscope::store::terrain::{Tilepoint, W3eTerrain};
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
use mapscope::store::{Content, Map, Metadata};

fn round_trip(map: Map) -> Map {
    let bytes = mapscope::kinds::encode(&map, map.format).unwrap();
    formats::decode(&bytes, &LoadOptions::default()).unwrap()
}

fn map_of(format: Format, content: Content) -> Map {
    round_trip(Map {
        format,
        meta: Metadata::default(),
        content,
    })
}

const W: u32 = 160;
const H: u32 = 120;

fn options() -> RenderOptions {
    RenderOptions {
        show_spawns: false,
        ..Default::default()
    }
}

/// Draws `map` from a named view, optionally with W3E overlays.
fn picture(map: &Map, view: View, overlays: Option<&Overlays>) -> Option<Vec<u8>> {
    let mut gpu = gpu()?;
    let camera = views::camera_for(map, view, W as f32 / H as f32, 60.0).unwrap();
    let mut scene = views::scene(map, &gpu.renderer, &gpu.gpu.device, false);
    if let Some(o) = overlays {
        views::apply_overlays(map, &mut scene, &gpu.gpu.device, o);
    }
    Some(gpu.picture(&scene, &camera, W, H, &options()).unwrap())
}

fn raise(t: &mut W3eTerrain, x: u32, y: u32, layers: u8) {
    let p = t.tile_mut(x, y);
    let c = p.cliff_texture();
    p.set_layer_and_cliff_texture(p.layer_height() + layers, c);
}

/// The four W3E scenes of the terrain tests, 10 x 8 tilepoints each.
fn w3e_scene(name: &str, version: u32) -> W3eTerrain {
    let mut t = W3eTerrain::flat(10, 8, version);
    match name {
        "cliff-step" => {
            for y in 0..8 {
                for x in 5..10 {
                    raise(&mut t, x, y, 1);
                }
            }
        }
        "ramp" => {
            for y in 4..8 {
                for x in 0..10 {
                    raise(&mut t, x, y, 1);
                }
            }
            for y in 2..6 {
                for x in 3..=5 {
                    t.tile_mut(x, y).set_flag(Tilepoint::RAMP, true);
                }
            }
        }
        "blight" => {
            for y in 2..6 {
                for x in 2..6 {
                    t.tile_mut(x, y).set_flag(Tilepoint::BLIGHT, true);
                }
            }
        }
        "boundary" => {
            for y in 0..8 {
                t.tile_mut(7, y).set_flag(Tilepoint::BOUNDARY, true);
            }
        }
        _ => unreachable!("{name}"),
    }
    t
}

#[test]
fn w3e_scenes_match_their_golden_pictures_in_both_versions() {
    if gpu().is_none() {
        return;
    }
    let mut boundary = Overlays::default();
    boundary.set("boundary", true);
    for name in ["cliff-step", "ramp", "blight", "boundary"] {
        let overlays = (name == "boundary").then_some(&boundary);
        let v11 = map_of(Format::W3e, Content::Terrain(w3e_scene(name, 11)));
        let v12 = map_of(Format::W3e, Content::Terrain(w3e_scene(name, 12)));
        let a = picture(&v11, View::Overview, overlays).unwrap();
        let b = picture(&v12, View::Overview, overlays).unwrap();
        assert!(not_flat(&a, W, H), "{name}: the terrain is there");
        assert_eq!(a, b, "{name}: v11 and v12 draw the same picture");
        check_golden(&format!("w3e-{name}-overview"), &a, W, H);
        let top = picture(&v11, View::Top, overlays).unwrap();
        check_golden(&format!("w3e-{name}-top"), &top, W, H);
        // And the colours where the tilepoints put cliffs, ramps, blight,
        // the boundary's tint and plain ground.
        let found = probes::w3e_probes(v11.terrain().unwrap(), overlays.is_some());
        for (view, rgba, view_name) in [(View::Overview, &a, "overview"), (View::Top, &top, "top")]
        {
            let camera = views::camera_for(&v11, view, W as f32 / H as f32, 60.0).unwrap();
            let picture = format!("w3e-{name}-{view_name}");
            let marks = probes::check_probes(&picture, &found, &camera, rgba, (W, H));
            save_probes(&picture, rgba, W, H, &marks);
        }
    }
}

#[test]
fn a_boundary_strip_keeps_the_ground_and_tints_its_tiles() {
    let map = map_of(Format::W3e, Content::Terrain(w3e_scene("boundary", 12)));
    let t = map.terrain().unwrap();
    let flat = mapscope::mesh::terrain::mesh_terrain(&W3eTerrain::flat(10, 8, 12));
    let m = mapscope::mesh::terrain::mesh_terrain(t);
    // The flag is for pathing: the ground is the same as without it.
    assert_eq!(m.opaque.len(), flat.opaque.len());
    assert!(m
        .opaque
        .iter()
        .all(|v| v.position[2] == flat.opaque[0].position[2]));
    // Column x = 7 touches the tiles of columns 6 and 7, on 7 rows.
    let mut o = Overlays::default();
    o.set("boundary", true);
    assert_eq!(overlay_mesh(t, &o).len(), 2 * 7 * 4);
    let Some(rgba) = picture(&map, View::Top, Some(&o)) else {
        return;
    };
    // The top view fills the frame with the 9 x 7 tiles: the strip is dark.
    let lum = |x: u32, y: u32| pixel(&rgba, W, x, y).iter().map(|&c| c as u32).sum::<u32>();
    let (tile_w, mid_y) = (W as f32 / 9.0, H / 2);
    let strip = lum((7.0 * tile_w) as u32, mid_y);
    let open = lum((2.5 * tile_w) as u32, mid_y);
    assert!(4 * strip < 3 * open, "strip {strip}, open ground {open}");
}

/// The test room, 5 x 4 cells: rock round the edge, a pillar at (2, 2), a
/// step with a slope at (1, 1), a light and a lamp entity.
fn room(layout: AlwLayout) -> Map {
    map_of(
        Format::Alw,
        Content::Cells(mapscope::samples::alw_room(5, 4, layout)),
    )
}

#[test]
fn alw_rooms_have_the_walls_worked_out_by_hand_in_every_layout() {
    // 12 rock-to-open edges, a lower and an upper wall each (drawn from the
    // rock side); the pillar (height 32) stands 32 over the rock edge south
    // of it (0): a lower wall on the pillar, an upper one on the edge. The
    // step at (1, 1) adds a lower wall toward (2, 1) and (1, 2), and with
    // corner offsets an upper wall toward (1, 2) where its ceiling dips.
    // Layouts with trims split the lower walls of the rock cells at x = 0
    // and 3 (4 walls) into trim and wall.
    for (layout, walls) in [
        (AlwLayout::Spec, 24 + 2 + 2 + 4),
        (AlwLayout::Engine, 24 + 2 + 3 + 4),
        (AlwLayout::Engine201008, 24 + 2 + 3),
    ] {
        let map = room(layout);
        let m = mesh_world(map.cells().unwrap());
        assert_eq!(m.walls, walls, "{layout:?}");
        assert_eq!((m.floors, m.ceilings), (5, 5), "{layout:?}");
        // Floors, ceilings, rock caps (15 rock cells) and walls: 4 vertices
        // a quad.
        assert_eq!(m.faces.len(), (5 + 5 + 15 + walls) * 4, "{layout:?}");
        assert!(m.markers.iter().any(|k| k.label == "light"));
    }
}

#[test]
fn alw_rooms_match_their_golden_pictures() {
    if gpu().is_none() {
        return;
    }
    for layout in AlwLayout::ALL {
        let map = room(layout);
        for (view, name) in [(View::Overview, "overview"), (View::Top, "top")] {
            let rgba = picture(&map, view, None).unwrap();
            assert!(not_flat(&rgba, W, H), "{layout:?} {name}");
            let picture_name = format!("alw-room-{}-{name}", layout.id());
            check_golden(&picture_name, &rgba, W, H);
            // Open cells (floor under ceiling) one colour, closed ones
            // (rock, the pillar) another, where each cell projects; the
            // label plates' pixels left out.
            let camera = views::camera_for(&map, view, W as f32 / H as f32, 60.0).unwrap();
            let mut gpu = gpu().unwrap();
            let scene = views::scene(&map, &gpu.renderer, &gpu.gpu.device, false);
            let plain = RenderOptions {
                labels: false,
                ..options()
            };
            let unlabelled = gpu.picture(&scene, &camera, W, H, &plain).unwrap();
            drop(gpu);
            let plates = probes::changed_box(&rgba, &unlabelled, W);
            let marks = probes::check_plan(map.cells().unwrap(), &camera, &rgba, (W, H), plates);
            save_probes(&picture_name, &rgba, W, H, &marks);
        }
    }
}

/// A 12 x 12 x 8 VMF: ground from z = 4 down, a pool of water two deep
/// (z 4 and 5) over sand in x, y 3..8, a glowing voxel at (10, 10, 3) and a
/// plain one of the same colour at (10, 6, 3), and indestructible ground
/// along y = 1. Every voxel is given a colour; the VMF reader keeps those
/// on the surface (next to air, or to water for the ground).
fn pool() -> Map {
    const GRASS: u32 = 0x0040_A040;
    const DIRT: u32 = 0x0080_6040;
    const SAND: u32 = 0x00E0_D090;
    const WATER: u32 = 0x0020_50C0;
    const LAMP: u32 = 0x0070_7070;
    let mut s = VoxelStore::new(12, 12, 8, FourthByte::Light);
    for y in 0..12u32 {
        for x in 0..12u32 {
            let pool = (3..8).contains(&x) && (3..8).contains(&y);
            let post = x == 10 && (y == 10 || y == 6);
            let mut column: Vec<u32> = if pool {
                vec![WATER, WATER, SAND, DIRT]
            } else {
                vec![GRASS, DIRT, DIRT, DIRT]
            };
            if post {
                let light = if y == 10 { 0xFF00_0000 } else { 0 };
                column.insert(0, LAMP | light);
            }
            let top = 8 - column.len() as u16;
            s.push_slab(Slab {
                top,
                top_len: column.len() as u16,
                bottom: 8,
                bottom_len: 0,
            });
            s.push_colors(column);
            if pool {
                s.push_material(4, 6, true, false);
            }
            if y == 1 {
                s.push_material(4, 5, false, true);
            }
            s.end_column();
        }
    }
    s.finish();
    map_of(Format::Vmf, Content::Voxels(s))
}

#[test]
fn vmf_water_is_a_surface_over_the_ground_it_covers() {
    let map = pool();
    let store = map.voxels().unwrap();
    assert_eq!(store.water_voxels(), 5 * 5 * 2);
    // The sand under the water kept its colour: it touches water.
    assert_eq!(store.color(5, 5, 6), Some(0x00E0_D090));
    let meshes = mapscope::kinds::mesh(&map);
    let water: Vec<_> = meshes.water.iter().flat_map(|m| &m.faces).collect();
    // Only the top of the pool meets air.
    assert_eq!(water.len(), 25);
    assert!(water
        .iter()
        .all(|f| f.dir() == mapscope::mesh::DIR_UP && f.z() == 4));
    // The sand floor and the pool's four walls of ground are drawn under it.
    let opaque: Vec<_> = meshes.chunks.iter().flat_map(|m| &m.faces).collect();
    let sand = opaque
        .iter()
        .filter(|f| f.z() == 6 && f.dir() == mapscope::mesh::DIR_UP)
        .count();
    assert_eq!(sand, 25);
    let pool_walls = opaque
        .iter()
        .filter(|f| (4..6).contains(&f.z()) && f.dir() < 4)
        .count();
    assert_eq!(pool_walls, 4 * 5 * 2);
}

#[test]
fn vmf_glow_and_indestructible_bits_reach_the_faces() {
    use mapscope::mesh::materials::{GLOW_SHIFT, INDESTRUCTIBLE_BIT};
    let meshes = mapscope::kinds::mesh(&pool());
    let faces: Vec<_> = meshes.chunks.iter().flat_map(|m| &m.faces).collect();
    let at = |x: u32, y: u32, z: u32| {
        faces
            .iter()
            .find(|f| f.voxel(0, 0) == [x, y, z] && f.dir() == mapscope::mesh::DIR_UP)
            .copied()
            .unwrap()
    };
    assert_eq!(at(10, 10, 3).b >> GLOW_SHIFT, 7, "light 255 glows fully");
    assert_eq!(at(10, 6, 3).b >> GLOW_SHIFT, 0);
    assert_ne!(at(4, 1, 4).b & INDESTRUCTIBLE_BIT, 0);
    assert_eq!(at(4, 2, 4).b & INDESTRUCTIBLE_BIT, 0);
}

#[test]
fn vmf_water_glow_and_highlight_show_in_the_picture() {
    let map = pool();
    // Straight down, 8 pixels a voxel.
    let camera = Camera::top_down(6.0, 6.0, 6.0);
    let Some(plain) = draw_with(&map, &camera, 96, 96, &options()) else {
        return;
    };
    let highlight = RenderOptions {
        highlight_indestructible: true,
        ..options()
    };
    let lit = draw_with(&map, &camera, 96, 96, &highlight).unwrap();
    let px = |rgba: &[u8], x: f32, y: f32| pixel(rgba, 96, (x * 8.0) as u32, (y * 8.0) as u32);
    // The pool: bluish, but the sand shows through (not the water's own
    // colour, 0x2050C0).
    let water = px(&plain, 5.5, 5.5);
    assert!(water[2] > water[0], "water is bluish: {water:?}");
    assert!(water[0] > 60, "sand shows through: {water:?}");
    // The lamp glows brighter than the same grey voxel without light.
    let sum = |p: [u8; 3]| p.iter().map(|&c| c as u32).sum::<u32>();
    let (glow, grey) = (px(&plain, 10.5, 10.5), px(&plain, 10.5, 6.5));
    assert!(sum(glow) > sum(grey) + 60, "glow {glow:?} vs {grey:?}");
    // Indestructible ground turns orange only when asked.
    let (off, on) = (px(&plain, 4.5, 1.5), px(&lit, 4.5, 1.5));
    assert!(on[0] > off[0] + 40 && on[2] < 80, "{off:?} -> {on:?}");
    assert_eq!(px(&plain, 4.5, 2.5), px(&lit, 4.5, 2.5), "others unchanged");
    check_golden("vmf-pool-top", &plain, 96, 96);
}

#[test]
fn alw_pictures_carry_entity_labels() {
    let map = room(AlwLayout::Engine);
    let Some(mut gpu) = gpu() else {
        return;
    };
    let camera = views::camera_for(&map, View::Top, W as f32 / H as f32, 60.0).unwrap();
    let with = options();
    let without = RenderOptions {
        labels: false,
        ..options()
    };
    let scene = views::scene(&map, &gpu.renderer, &gpu.gpu.device, with.show_spawns);
    assert!(scene.markers.iter().any(|m| m.label == "lamp"));
    let a = gpu.picture(&scene, &camera, W, H, &with).unwrap();
    let b = gpu.picture(&scene, &camera, W, H, &without).unwrap();
    let changed = a.chunks(4).zip(b.chunks(4)).filter(|(p, q)| p != q).count();
    // A label plate of a few dozen pixels, not the whole picture.
    assert!(changed > 50 && changed < (W * H / 4) as usize, "{changed}");
    // Where the lamp projects (the top of its box): the plate stands just
    // over it, centred on it.
    let lamp = scene.markers.iter().find(|m| m.label == "lamp").unwrap();
    let top = glam::Vec3::new(
        (lamp.min[0] + lamp.max[0]) / 2.0,
        (lamp.min[1] + lamp.max[1]) / 2.0,
        lamp.min[2],
    );
    let [px, py] = project(&camera, W, H, top).expect("the lamp is in view");
    let [x0, y0, x1, y1] = probes::changed_box(&a, &b, W).unwrap();
    save_probes(
        "alw-lamp-label",
        &a,
        W,
        H,
        &[([px as u32, py as u32], true)],
    );
    let centre = (x0 + x1) as f32 / 2.0;
    assert!(
        (centre - px).abs() <= 3.0 && (py - 8.0..=py).contains(&(y1 as f32)) && y0 + 10 < y1,
        "label plate x {x0}..{x1}, y {y0}..{y1}; the lamp projects to ({px:.1}, {py:.1})"
    );
}

/// Whether a player-1 red shows within a pixel of (px, py).
fn red_near(rgba: &[u8], px: u32, py: u32) -> bool {
    (py.saturating_sub(1)..py + 2)
        .flat_map(|y| (px.saturating_sub(1)..px + 2).map(move |x| (x, y)))
        .any(|(x, y)| {
            let [r, g, b] = pixel(rgba, W, x, y);
            r > 150 && g < 80 && b < 80
        })
}

#[test]
fn a_warcraft_map_draws_its_objects_and_hides_them_by_group() {
    let bytes =
        mapscope::samples::w3x_archive(40, mapscope::formats::mpq::write::FileOptions::default());
    let map = formats::decode(&bytes, &LoadOptions::default()).unwrap();
    let Some(mut gpu) = gpu() else {
        return;
    };
    let scene = views::scene(&map, &gpu.renderer, &gpu.gpu.device, false);
    let camera = views::camera_for(&map, View::Top, W as f32 / H as f32, 60.0).unwrap();
    let shown = options();
    let mut hidden = options();
    for g in mapscope::mesh::objects::Group::ALL {
        hidden.objects.set(g, false);
    }
    let with = gpu.picture(&scene, &camera, W, H, &shown).unwrap();
    let without = gpu.picture(&scene, &camera, W, H, &hidden).unwrap();
    drop(gpu);
    let changed = with
        .chunks(4)
        .zip(without.chunks(4))
        .filter(|(a, b)| a != b)
        .count();
    // The grove covers a good part of the west half; start locations,
    // mines and creeps a few pixels more.
    assert!(changed > 300, "{changed} pixels changed");
    // Player 1's start location, in the north-west, shows its red.
    let [x, y] = map.warcraft().unwrap().world_to_map(-1280.0, 1280.0);
    let (px, py) = (
        (x / 32.0 * H as f32 + (W - H) as f32 / 2.0) as u32,
        (y / 32.0 * H as f32) as u32,
    );
    assert!(red_near(&with, px, py), "no red at ({px}, {py})");
    check_golden("w3x-sample-top", &with, W, H);
    let camera = views::camera_for(&map, View::Overview, W as f32 / H as f32, 60.0).unwrap();
    let mut gpu = common::golden::gpu().unwrap();
    let overview = gpu.picture(&scene, &camera, W, H, &shown).unwrap();
    drop(gpu);
    assert!(not_flat(&overview, W, H));
    check_golden("w3x-sample-overview", &overview, W, H);
    // The same start location's red where it projects in the overview, on
    // the ground the tilepoint under it gives.
    let t = &map.warcraft().unwrap().terrain;
    let z = -t
        .tile(x.round() as u32, t.height - 1 - y.round() as u32)
        .final_height();
    let [px, py] = project(&camera, W, H, glam::Vec3::new(x, y, z)).unwrap();
    save_probes(
        "w3x-sample-overview",
        &overview,
        W,
        H,
        &[([px as u32, py as u32], true)],
    );
    assert!(
        red_near(&overview, px as u32, py as u32),
        "no red at ({px}, {py})"
    );
}
