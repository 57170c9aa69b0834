//! `mapscope bench`: decoding, meshing and drawing speed, and store size,
//! for one map file.

use anyhow::{Context, Result};
use mapscope::formats::{self, LoadOptions};
use mapscope::kinds;
use mapscope::kinds::bench::BenchInput;
use mapscope::kinds::views::{self, View};
use mapscope::mesh;
use mapscope::render::headless::Headless;
use mapscope::render::RenderOptions;
use std::path::Path;
use std::time::Instant;

/// Prints the figures for `file`, decoding it `iterations` times.
pub fn bench(file: &Path, iterations: u32, load: &LoadOptions) -> Result<()> {
    let bytes = std::fs::read(file).with_context(|| format!("cannot read {}", file.display()))?;
    let mut times = Vec::new();
    let mut map = None;
    for _ in 0..iterations.max(1) {
        // Free the last map first, so every decode allocates the same way.
        drop(map.take());
        let t = Instant::now();
        let m = formats::decode(&bytes, load)?;
        times.push(t.elapsed().as_secs_f64());
        map = Some(m);
    }
    times.sort_by(f64::total_cmp);
    let map = map.expect("decoded at least once");
    let median = times[times.len() / 2];
    let mb = bytes.len() as f64 / 1e6;
    println!(
        "file        {} ({} bytes, {})",
        file.display(),
        bytes.len(),
        map.format.label()
    );
    let p90 = times[times.len() * 9 / 10];
    println!(
        "decode      median {:.2} ms, best {:.2} ms, 90th percentile {:.2} ms: {:.0} MB/s median, {:.0} MB/s best (one core)",
        median * 1e3,
        times[0] * 1e3,
        p90 * 1e3,
        mb / median,
        mb / times[0]
    );
    // What each kind times of its own: meshing, its store, a whole open.
    let input = BenchInput {
        iterations,
        bytes: &bytes,
        load,
    };
    let placed = {
        let kind = kinds::of(&map);
        for (label, value) in kind.bench(&input) {
            println!("{label:<11} {value}");
        }
        kind.placed_objects()
    };
    let Ok(mut gpu) = Headless::new() else {
        return Ok(());
    };
    let options = RenderOptions::default();
    // Load to first frame: decode, mesh (all cores), upload.
    let t = Instant::now();
    let map = formats::decode(&bytes, load)?;
    let t_decode = t.elapsed();
    let scene = views::scene(&map, &gpu.renderer, &gpu.gpu.device, options.show_spawns);
    gpu.gpu
        .device
        .poll(wgpu::PollType::wait_indefinitely())
        .ok();
    let t_ready = t.elapsed();
    println!(
        "first frame {:.1} ms to be ready to draw (decode {:.1} ms, mesh + upload {:.1} ms)",
        t_ready.as_secs_f64() * 1e3,
        t_decode.as_secs_f64() * 1e3,
        (t_ready - t_decode).as_secs_f64() * 1e3
    );
    let camera = views::camera_for(&map, View::Overview, 1280.0 / 720.0, 60.0)
        .map_err(anyhow::Error::msg)?;
    let adapter = gpu.gpu.describe();
    let mut frame = |options: &RenderOptions| -> f64 {
        let target = mapscope::render::Offscreen::new(&gpu.gpu.device, 1280, 720);
        let mut frames = Vec::new();
        for _ in 0..7 {
            let t = Instant::now();
            gpu.renderer.draw(
                &gpu.gpu.device,
                &gpu.gpu.queue,
                &target.target(),
                &scene,
                &camera,
                options,
            );
            gpu.gpu
                .device
                .poll(wgpu::PollType::wait_indefinitely())
                .ok();
            frames.push(t.elapsed().as_secs_f64());
        }
        median_of(&mut frames)
    };
    let with = frame(&options);
    println!(
        "frame       1280x720 overview: median {:.1} ms on {}",
        with * 1e3,
        adapter
    );
    if placed > 0 {
        let mut bare = options;
        for g in mesh::objects::Group::ALL {
            bare.objects.set(g, false);
        }
        let without = frame(&bare);
        println!(
            "objects     the same frame without its {placed} objects: {:.1} ms; they cost {:.1} ms, {:.2} ms a thousand",
            without * 1e3,
            (with - without) * 1e3,
            (with - without) * 1e6 / placed as f64
        );
    }
    Ok(())
}

/// The median of some timings (sorted in place).
fn median_of(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}
