//! `mapscope bench`: decoding, meshing and drawing speed, and store size,
//! for one map file; its frames in `frames`.

mod frames;

pub use frames::Frames;

use anyhow::Result;
use mapscope::formats::{self, LoadOptions};
use mapscope::kinds;
use mapscope::kinds::bench::BenchInput;
use mapscope::kinds::views;
use mapscope::render::headless::Headless;
use mapscope::render::RenderOptions;
use std::path::Path;
use std::time::Instant;

/// Prints the figures for `file`, decoding it `iterations` times.
pub fn bench(file: &Path, iterations: u32, load: &LoadOptions, frames: Frames) -> Result<()> {
    use mapscope::formats::file;
    let bytes = file::read(file, file::LARGEST_MAP)?;
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
    let mut gpu = match Headless::new() {
        Ok(gpu) => gpu,
        Err(e) => {
            println!("frame       not measured: {e:#}");
            return Ok(());
        }
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
    frames::print(&mut gpu, &map, &scene, frames, placed)
}
