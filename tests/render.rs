//! Rendering on whatever adapter is there (Mesa's llvmpipe or lavapipe in CI):
//! asserted pixels on synthetic scenes, and golden pictures of corpus maps.

#[path = "render/columns.rs"]
mod columns;
mod common;

use common::golden::{check_golden, check_golden_in, draw, gpu, pixel, read_png, save_probes};

use mapscope::formats::{self, LoadOptions};
use mapscope::kinds::views::{self, View};
use mapscope::render::Camera;
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
use mapscope::store::Map;

const WHITE: u32 = 0x80FF_FFFF;
const RED: u32 = 0x80FF_0000;

/// A 16 x 16 white floor one voxel thick at the bottom of a 16-deep map,
/// with extra voxels given as (x, y, height) stacks standing on it.
fn scene(stacks: &[(u32, u32, u32, u32)]) -> Map {
    let d = 16u32;
    let mut s = VoxelStore::new(16, 16, d, FourthByte::Shade);
    for y in 0..16 {
        for x in 0..16 {
            match stacks.iter().find(|t| t.0 == x && t.1 == y) {
                Some(&(_, _, h, color)) => {
                    s.push_slab(Slab {
                        top: (d - 1 - h) as u16,
                        top_len: (h + 1) as u16,
                        bottom: d as u16,
                        bottom_len: 0,
                    });
                    s.push_colors((0..h).map(|_| color).chain([WHITE]));
                }
                None => {
                    s.push_slab(Slab {
                        top: (d - 1) as u16,
                        top_len: 1,
                        bottom: d as u16,
                        bottom_len: 0,
                    });
                    s.push_colors([WHITE]);
                }
            }
            s.end_column();
        }
    }
    common::aos_map(s)
}

#[test]
fn one_red_voxel_on_a_white_floor() {
    let map = scene(&[(8, 8, 1, RED)]);
    // Straight down over the middle: 4 pixels a voxel.
    let camera = Camera::top_down(8.0, 8.0, 8.0);
    let Some(rgba) = draw(&map, &camera, 64, 64) else {
        return;
    };
    let red = pixel(&rgba, 64, 34, 34);
    assert!(
        red[0] > 200 && red[1] < 40 && red[2] < 40,
        "centre of the voxel: {red:?}"
    );
    for (x, y) in [(4, 4), (60, 4), (4, 60), (60, 60), (20, 34), (48, 34)] {
        let p = pixel(&rgba, 64, x, y);
        assert!(p.iter().all(|&c| c > 230), "floor at ({x}, {y}): {p:?}");
    }
    // And from the side, at an angle: the voxel is where the camera looks.
    let eye = glam::Vec3::new(8.5, 20.0, 8.0);
    let to = glam::Vec3::new(8.5, 8.5, 14.5) - eye;
    let pitch = (-to.z / to.length()).asin().to_degrees();
    let camera = Camera::perspective(eye, -90.0, pitch, 40.0);
    let rgba = draw(&map, &camera, 96, 96).unwrap();
    let centre = pixel(&rgba, 96, 48, 48);
    assert!(
        centre[0] > 120 && centre[1] < 60 && centre[2] < 60,
        "{centre:?}"
    );
    let corner = pixel(&rgba, 96, 10, 85);
    assert!(
        corner[0] > 150 && corner[1] > 150 && corner[2] > 150,
        "floor: {corner:?}"
    );
}

#[test]
fn ambient_occlusion_darkens_the_inner_corner_of_an_l_shaped_wall() {
    // A wall 3 high along x = 8 (y 2..14) and along y = 8 (x 8..14).
    let mut stacks = Vec::new();
    for y in 2..14 {
        stacks.push((8, y, 3, WHITE));
    }
    for x in 9..14 {
        stacks.push((x, 8, 3, WHITE));
    }
    let map = scene(&stacks);
    let camera = Camera::top_down(8.0, 8.0, 8.0);
    let Some(rgba) = draw(&map, &camera, 64, 64) else {
        return;
    };
    let lum = |x, y| {
        pixel(&rgba, 64, x, y)
            .iter()
            .map(|&c| c as u32)
            .sum::<u32>()
    };
    // Floor just beside the wall, in the inner corner (x = 9, y = 9), against
    // open floor far from everything (x = 2, y = 13).
    let corner = lum(9 * 4 + 1, 9 * 4 + 1);
    let beside = lum(9 * 4 + 2, 12 * 4 + 2);
    let open = lum(2 * 4 + 2, 13 * 4 + 2);
    assert!(
        corner < beside,
        "inner corner {corner} should be darker than along the wall {beside}"
    );
    assert!(
        beside < open,
        "along the wall {beside} should be darker than open floor {open}"
    );
}

#[test]
fn corpus_maps_match_their_golden_pictures() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    if gpu().is_none() {
        return;
    }
    let (mut all_tops, mut pictures) = (Vec::new(), Vec::new());
    for name in ["pique_classicgen.saved", "spadesx_Triangle_Hell"] {
        let bytes = std::fs::read(dir.join(format!("vxl/{name}.vxl"))).unwrap();
        let map = formats::decode(&bytes, &LoadOptions::default()).unwrap();
        let tops = columns::column_tops(&bytes, 512);
        all_tops.push(tops.clone());
        for view in [View::Overview, View::Top] {
            let (w, h) = (320, 180);
            let camera = views::camera_for(&map, view, w as f32 / h as f32, 60.0).unwrap();
            let rgba = draw(&map, &camera, w, h).unwrap();
            // Not one flat colour: the map is there.
            let first = &rgba[..4];
            assert!(rgba.chunks(4).filter(|p| p != &first).count() > (w * h / 10) as usize);
            let view_name = if view == View::Top { "top" } else { "overview" };
            check_golden(&format!("{name}-{view_name}"), &rgba, w, h);
            // And where plain columns project, their colours from the file.
            let clear = if view == View::Top { 0 } else { 24 };
            let mut seen = Vec::new();
            let (ok, probed) =
                columns::tops_show(&tops, 512, &camera, &rgba, (w, h), clear, &mut seen);
            let marks: Vec<_> = seen
                .iter()
                .map(|s| (s.0, columns::same_shares(s.2, s.3)))
                .collect();
            save_probes(&format!("{name}-{view_name}"), &rgba, w, h, &marks);
            assert!(
                probed >= 12 && ok * 10 >= probed * 9,
                "{name} {view_name}: {ok} of {probed} column tops show their colour: {:?}",
                seen.iter()
                    .filter(|s| !columns::same_shares(s.2, s.3))
                    .take(8)
                    .collect::<Vec<_>>()
            );
            println!("{name} {view_name}: {ok} of {probed} column tops show their colour");
            pictures.push((camera, rgba, clear));
        }
    }
    // The probes tell the maps apart: one map's column tops are not what
    // the other's pictures show.
    for (i, (camera, rgba, clear)) in pictures.iter().enumerate() {
        let other = &all_tops[1 - i / 2];
        let (ok, probed) = columns::tops_show(
            other,
            512,
            camera,
            rgba,
            (320, 180),
            *clear,
            &mut Vec::new(),
        );
        assert!(
            ok * 10 < probed * 9,
            "picture {i}: {ok} of {probed} of the other map's tops match"
        );
        println!("picture {i} against the other map: {ok} of {probed}");
    }
}

#[test]
fn a_failing_golden_leaves_the_picture_and_a_difference_to_look_at() {
    let map = scene(&[(8, 8, 1, RED)]);
    let camera = Camera::top_down(8.0, 8.0, 8.0);
    let Some(rgba) = draw(&map, &camera, 64, 64) else {
        return;
    };
    // A golden that is wrong on purpose: its left half dark, as a picture
    // drawn from the wrong place would be.
    let goldens = common::scratch_dir("render", "broken_golden");
    let mut wrong = rgba.clone();
    for y in 0..64 {
        for x in 0..32 {
            let i = ((y * 64 + x) * 4) as usize;
            wrong[i..i + 3].copy_from_slice(&[20, 20, 20]);
        }
    }
    let golden = goldens.join("broken.png");
    mapscope::render::headless::write_png(&golden, &wrong, 64, 64, true).unwrap();
    // The same picture passes against a right golden...
    let right = goldens.join("right.png");
    mapscope::render::headless::write_png(&right, &rgba, 64, 64, true).unwrap();
    check_golden_in(&goldens, "right", &rgba, 64, 64);
    // ...and fails against the wrong one, naming the pictures it left.
    let failure = std::panic::catch_unwind(|| check_golden_in(&goldens, "broken", &rgba, 64, 64))
        .expect_err("a wrong golden fails");
    let message = failure
        .downcast_ref::<String>()
        .cloned()
        .unwrap_or_default();
    let out = common::golden::failure_dir();
    let (actual, diff) = (out.join("broken-actual.png"), out.join("broken-diff.png"));
    assert!(
        message.contains(&actual.display().to_string())
            && message.contains(&diff.display().to_string()),
        "{message}"
    );
    assert!(message.contains("drawn now by"), "{message}");
    let (_, _, left) = read_png(&actual).expect("the actual picture is written");
    assert_eq!(left, rgba, "the actual picture is what was drawn");
    let (_, _, d) = read_png(&diff).expect("the difference picture is written");
    // Bright where the golden is wrong, black where it is right.
    assert!(pixel(&d, 64, 4, 4)[0] > 200, "{:?}", pixel(&d, 64, 4, 4));
    assert_eq!(pixel(&d, 64, 60, 4), [0, 0, 0]);
    // Pictures of a failure made on purpose are not left for anyone to find.
    let _ = std::fs::remove_file(actual);
    let _ = std::fs::remove_file(diff);
    let _ = std::fs::remove_dir(out);
}

#[test]
fn a_picture_beyond_the_devices_limits_is_refused_not_a_panic() {
    // A device asked for with the low limits of old GPUs (2048 a side):
    // a 4096-wide picture is refused with the limit named.
    let instance =
        wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
    let adapter = pollster::block_on(instance.enumerate_adapters(wgpu::Backends::all()))
        .into_iter()
        .next();
    let Some(adapter) = adapter else {
        common::cannot_run("the device limits test", "no GPU adapter");
        return;
    };
    let desc = wgpu::DeviceDescriptor {
        required_limits: wgpu::Limits::downlevel_defaults(),
        ..Default::default()
    };
    let (device, queue) = pollster::block_on(adapter.request_device(&desc)).unwrap();
    let info = adapter.get_info();
    let renderer = mapscope::render::Renderer::new(&device, mapscope::render::COLOR_FORMAT);
    let mut low = mapscope::render::headless::Headless {
        gpu: mapscope::render::Gpu {
            instance,
            adapter,
            device,
            queue,
            info,
        },
        renderer,
    };
    let map = scene(&[]);
    let scene = views::scene(&map, &low.renderer, &low.gpu.device, false);
    let camera = views::camera_for(&map, View::Top, 1.0, 60.0).unwrap();
    let options = mapscope::render::RenderOptions::default();
    let err = low
        .picture(&scene, &camera, 4096, 64, &options)
        .unwrap_err()
        .to_string();
    assert!(err.contains("a side is at most 2048"), "{err}");
    // Within the limits, the same device draws.
    let rgba = low.picture(&scene, &camera, 64, 64, &options).unwrap();
    assert_eq!(rgba.len(), 64 * 64 * 4);
}

#[test]
fn a_picture_is_timed_on_the_gpu_where_the_adapter_has_timestamps() {
    use mapscope::render::gpu_timer::GpuTimer;
    let Some(mut g) = gpu() else { return };
    let g = &mut *g;
    let map = scene(&[(8, 8, 6, RED)]);
    let scene = views::scene(&map, &g.renderer, &g.gpu.device, false);
    let camera = views::camera_for(&map, View::Overview, 1.0, 60.0).unwrap();
    let has = g
        .gpu
        .device
        .features()
        .contains(wgpu::Features::TIMESTAMP_QUERY);
    let Some(timer) = GpuTimer::new(&g.gpu.device, &g.gpu.queue) else {
        assert!(!has, "the device has timestamps, yet no timer");
        // Lavapipe has timestamps: an adapter without them leaves the
        // timer untested, a failure unless skips are allowed, then said.
        common::cannot_run(
            "the GPU timer test",
            &format!(
                "no timestamp queries on {} (pictures are timed by the done callback)",
                g.gpu.describe()
            ),
        );
        return;
    };
    let target = mapscope::render::target::Offscreen::new(&g.gpu.device, 64, 64);
    let options = mapscope::render::RenderOptions::default();
    for _ in 0..2 {
        g.renderer.draw_timed(
            &g.gpu.device,
            &g.gpu.queue,
            &target.target(),
            &scene,
            &camera,
            &options,
            Some(&timer),
        );
        // A test may wait; the viewer never does.
        g.gpu
            .device
            .poll(wgpu::PollType::wait_indefinitely())
            .unwrap();
        let ms = timer.take().expect("the time was read back");
        assert!(ms > 0.0 && ms < 10_000.0, "{ms} ms");
        println!("a 64x64 picture took {ms:.3} ms on {}", g.gpu.describe());
    }
}
