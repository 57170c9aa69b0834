//! Levels of detail on a real rasterizer: while the camera moves, a map
//! too large to draw in full in a frame is drawn whole, its far parts
//! coarser (before, the farthest chunks were left out: a small island in
//! an empty frame), and where levels meet nothing of the map goes missing
//! (a crack would show the sky where the full detail shows ground).

mod common;

use common::golden::gpu;
use mapscope::kinds::views::{self, View};
use mapscope::render::{Camera, DrawStats, Offscreen, RenderOptions, Scene};
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
use mapscope::store::Map;

const W: u32 = 400;
const H: u32 = 300;

/// A 512 x 512 x 64 map of rough ground, every column its own height:
/// over a million faces in full, as a window could not draw while moving.
fn rough_map() -> Map {
    let (n, d) = (512u32, 64u32);
    let mut s = VoxelStore::new(n, n, d, FourthByte::Shade);
    for y in 0..n {
        for x in 0..n {
            let wave = ((x as f32 / 40.0).sin() * (y as f32 / 50.0).cos() * 10.0) as i32;
            let top = (30 + wave + ((x * 7) ^ (y * 13)) as i32 % 6) as u32;
            s.push_slab(Slab {
                top: top as u16,
                top_len: 1,
                bottom: d as u16,
                bottom_len: 0,
            });
            s.push_colors([0x8000_0000 | (60 + x % 100) << 16 | (120 + y % 100) << 8 | 40]);
            s.end_column();
        }
    }
    s.finish();
    common::aos_map(s)
}

/// The map's scene with its coarse levels.
fn lod_scene(map: &Map, gpu: &mapscope::render::headless::Headless) -> Scene {
    let (renderer, device) = (&gpu.renderer, &gpu.gpu.device);
    let mut scene = views::scene(map, renderer, device, false);
    let stop = std::sync::atomic::AtomicBool::new(false);
    let levels =
        mapscope::kinds::coarse_until(map, &stop).expect("voxel and terrain maps have levels");
    views::upload_coarse(map, &mut scene, &levels, renderer, device);
    scene
}

/// Draws `scene` and says which pixels show the map (not the sky).
fn ground(
    gpu: &mut mapscope::render::headless::Headless,
    scene: &Scene,
    camera: &Camera,
    options: &RenderOptions,
) -> (Vec<bool>, DrawStats) {
    let target = Offscreen::new(&gpu.gpu.device, W, H);
    let (device, queue) = (&gpu.gpu.device, &gpu.gpu.queue);
    let stats = gpu
        .renderer
        .draw(device, queue, &target.target(), scene, camera, options);
    let rgba = target.read_rgba(device, queue).unwrap();
    let sky = sky_bytes(options.sky);
    (rgba.chunks(4).map(|p| p[..3] != sky).collect(), stats)
}

/// The sky colour as stored in the picture.
fn sky_bytes(sky: [f32; 3]) -> [u8; 3] {
    sky.map(|c| (c * 255.0).round() as u8)
}

/// Pixels that show the map at full detail but the sky in `other`.
fn holes(full: &[bool], other: &[bool]) -> usize {
    full.iter().zip(other).filter(|(f, o)| **f && !**o).count()
}

fn moving(share_pixels: f32) -> RenderOptions {
    RenderOptions {
        show_spawns: false,
        lod: Some(share_pixels / H as f32),
        ..Default::default()
    }
}

#[test]
fn a_moving_view_draws_the_whole_map_far_parts_coarser() {
    let Some(mut gpu) = gpu() else {
        return;
    };
    let map = rough_map();
    let scene = lod_scene(&map, &gpu);
    let camera = views::camera_for(&map, View::Overview, W as f32 / H as f32, 60.0).unwrap();
    let still = RenderOptions {
        show_spawns: false,
        ..Default::default()
    };
    let (full, full_stats) = ground(&mut gpu, &scene, &camera, &still);
    let shown = full.iter().filter(|g| **g).count();
    assert!(
        shown > (W * H / 5) as usize,
        "the map takes only {shown} pixels"
    );
    // What moving drew before: the nearest 100 000 faces, an island.
    let cut = RenderOptions {
        face_budget: Some(100_000),
        ..still
    };
    let (island, _) = ground(&mut gpu, &scene, &camera, &cut);
    assert!(
        holes(&full, &island) > shown / 4,
        "leaving far chunks out should have left much of the map out"
    );
    // Now: everything, for fewer faces than that budget.
    let (whole, stats) = ground(&mut gpu, &scene, &camera, &moving(3.0));
    assert!(
        stats.chunks_coarse > 0 && stats.chunks_left_out == 0,
        "{stats:?}"
    );
    assert!(
        stats.faces_drawn < 100_000 && stats.faces_drawn * 10 < full_stats.faces_drawn,
        "{} faces drawn coarse, {} in full",
        stats.faces_drawn,
        full_stats.faces_drawn
    );
    let missing = holes(&full, &whole);
    assert!(
        missing * 1000 < shown,
        "{missing} of the map's {shown} pixels show the sky while moving"
    );
}

#[test]
fn where_levels_meet_no_sky_shows_through() {
    let Some(mut gpu) = gpu() else {
        return;
    };
    let map = rough_map();
    let scene = lod_scene(&map, &gpu);
    // Low over one corner, looking across: near chunks at full detail, the
    // farther ones at each coarser level in turn.
    let camera = Camera::perspective(glam::Vec3::new(-10.0, -10.0, 5.0), 45.0, -12.0, 60.0);
    let still = RenderOptions {
        show_spawns: false,
        ..Default::default()
    };
    let (full, _) = ground(&mut gpu, &scene, &camera, &still);
    let shown = full.iter().filter(|g| **g).count();
    assert!(
        shown > (W * H / 3) as usize,
        "the map takes only {shown} pixels"
    );
    let (mixed, stats) = ground(&mut gpu, &scene, &camera, &moving(3.0));
    assert!(
        stats.chunks_coarse > 0 && stats.chunks_coarse < stats.chunks_visible,
        "levels should mix: {stats:?}"
    );
    let missing = holes(&full, &mixed);
    assert!(
        missing * 2000 < shown,
        "{missing} pixels show the sky where the map is at full detail"
    );
}

/// A 129 x 129 tilepoint W3E terrain: rolling ground, rings of cliffs a
/// layer up, and a lake.
fn terrain_map() -> Map {
    use mapscope::store::terrain::{Tilepoint, W3eTerrain};
    use mapscope::store::{Content, Metadata};
    let n = 129;
    let mut t = W3eTerrain::flat(n, n, 11);
    for y in 0..n {
        for x in 0..n {
            let p = t.tile_mut(x, y);
            let wave = (x as f32 / 9.0).sin() * (y as f32 / 7.0).cos();
            p.height = (Tilepoint::ZERO as f32 + 300.0 * wave) as u16;
            let ring = (x % 32).abs_diff(16).max((y % 32).abs_diff(16));
            p.set_layer_and_cliff_texture(if ring < 6 { 3 } else { 2 }, 0);
            let (dx, dy) = (x as i32 - 90, y as i32 - 30);
            if dx * dx + dy * dy < 100 {
                p.set_flag(Tilepoint::WATER, true);
                p.water = Tilepoint::ZERO + 1024;
            }
        }
    }
    Map {
        format: mapscope::format::Format::W3e,
        meta: Metadata::default(),
        content: Content::Terrain(t),
    }
}

#[test]
fn terrain_levels_leave_no_holes_and_still_views_as_before() {
    let Some(mut gpu) = gpu() else {
        return;
    };
    let map = terrain_map();
    let plain = views::scene(&map, &gpu.renderer, &gpu.gpu.device, false);
    let scene = lod_scene(&map, &gpu);
    // Low over one corner, looking across: near blocks at full detail,
    // the farther ones coarser.
    let camera = Camera::perspective(glam::Vec3::new(-8.0, -8.0, -6.0), 45.0, -12.0, 60.0);
    let still = RenderOptions {
        show_spawns: false,
        ..Default::default()
    };
    let picture = |gpu: &mut mapscope::render::headless::Headless, scene: &Scene| {
        gpu.picture(scene, &camera, W, H, &still).unwrap()
    };
    assert!(
        picture(&mut gpu, &scene) == picture(&mut gpu, &plain),
        "a still view draws the terrain as it did without levels"
    );
    let (full, full_stats) = ground(&mut gpu, &scene, &camera, &still);
    let shown = full.iter().filter(|g| **g).count();
    assert!(
        shown > (W * H / 5) as usize,
        "the map takes only {shown} pixels"
    );
    let (mixed, stats) = ground(&mut gpu, &scene, &camera, &moving(3.0));
    assert!(
        stats.faces_drawn * 4 < full_stats.faces_drawn * 3,
        "{} faces drawn moving, {} still",
        stats.faces_drawn,
        full_stats.faces_drawn
    );
    let missing = holes(&full, &mixed);
    assert!(
        missing * 2000 < shown,
        "{missing} pixels show the sky where the map is at full detail"
    );
}
