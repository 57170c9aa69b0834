//! `mapscope bench`'s frames at any size: the overview still, with and
//! without its objects, and an orbit of moving frames circling the map
//! (the overview camera turned a step a frame), their median and 95th
//! percentile. The orbit is timed on the GPU's own clock (timestamp
//! queries around the render pass) where the adapter has one, and says
//! so; else by whole frames, from submission to the GPU being done, and it
//! says that loudly, as those include the CPU's part and the wait.

use anyhow::Result;
use mapscope::kinds::views::{self, View};
use mapscope::mesh;
use mapscope::render::gpu_timer::GpuTimer;
use mapscope::render::headless::Headless;
use mapscope::render::{Camera, Offscreen, RenderOptions, Scene};
use mapscope::store::Map;
use std::time::Instant;

/// What frames to draw.
#[derive(Debug, Clone, Copy)]
pub struct Frames {
    /// Width and height in pixels.
    pub size: [u32; 2],
    /// Frames in the orbit (one turn around the map).
    pub orbit: u32,
}

/// Prints the frame lines for `map` (drawn as `scene`), which has `placed`
/// objects.
pub fn print(
    gpu: &mut Headless,
    map: &Map,
    scene: &Scene,
    frames: Frames,
    placed: usize,
) -> Result<()> {
    let [w, h] = frames.size;
    mapscope::render::limits::check(&gpu.gpu.device.limits(), w, h)?;
    let camera = views::camera_for(map, View::Overview, w as f32 / h as f32, 60.0)
        .map_err(anyhow::Error::msg)?;
    let adapter = gpu.gpu.describe();
    let target = Offscreen::new(&gpu.gpu.device, w, h);
    let options = RenderOptions::default();
    let mut still = |options: &RenderOptions| {
        let mut times: Vec<f64> = (0..7)
            .map(|_| whole_frame(gpu, &target, scene, &camera, options))
            .collect();
        percentiles(&mut times).0
    };
    let with = still(&options);
    println!("frame       {w}x{h} overview: median {with:.1} ms on {adapter}");
    if placed > 0 {
        let mut bare = options;
        for g in mesh::objects::Group::ALL {
            bare.objects.set(g, false);
        }
        let without = still(&bare);
        println!(
            "objects     the same frame without its {placed} objects: {without:.1} ms; they cost {:.1} ms, {:.2} ms a thousand",
            with - without,
            (with - without) * 1e3 / placed as f64
        );
    }
    let e = views::extent(map);
    let centre = glam::Vec2::new(e.width / 2.0, e.length / 2.0);
    let timer = GpuTimer::new(&gpu.gpu.device, &gpu.gpu.queue);
    let n = frames.orbit.max(1);
    let (mut gpu_ms, mut whole_ms) = (Vec::new(), Vec::new());
    for i in 0..n {
        let camera = camera.circled(centre, 360.0 * i as f32 / n as f32);
        let t = Instant::now();
        let (device, queue) = (&gpu.gpu.device, &gpu.gpu.queue);
        let target = target.target();
        gpu.renderer.draw_timed(
            device,
            queue,
            &target,
            scene,
            &camera,
            &options,
            timer.as_ref(),
        );
        device.poll(wgpu::PollType::wait_indefinitely()).ok();
        whole_ms.push(t.elapsed().as_secs_f64() * 1e3);
        // Waiting for the GPU ran the readback's callback: its time is in.
        gpu_ms.extend(timer.as_ref().and_then(|t| t.take()).map(f64::from));
    }
    println!(
        "{}",
        orbit_line(frames.size, n, &mut gpu_ms, &mut whole_ms, timer.is_some())
    );
    Ok(())
}

/// One frame from submission to the GPU being done, in milliseconds.
fn whole_frame(
    gpu: &mut Headless,
    target: &Offscreen,
    scene: &Scene,
    camera: &Camera,
    options: &RenderOptions,
) -> f64 {
    let t = Instant::now();
    let (device, queue) = (&gpu.gpu.device, &gpu.gpu.queue);
    gpu.renderer
        .draw(device, queue, &target.target(), scene, camera, options);
    device.poll(wgpu::PollType::wait_indefinitely()).ok();
    t.elapsed().as_secs_f64() * 1e3
}

/// The orbit's line: GPU times where the adapter has timestamp queries
/// (`timestamps`) and every frame was read back, whole frames beside; else
/// whole frames, with why.
fn orbit_line(
    size: [u32; 2],
    n: u32,
    gpu_ms: &mut [f64],
    whole_ms: &mut [f64],
    timestamps: bool,
) -> String {
    let [w, h] = size;
    let head = format!("orbit       {w}x{h}, {n} moving frames around the map:");
    let (wm, w95) = percentiles(whole_ms);
    if timestamps && gpu_ms.len() == n as usize {
        let (gm, g95) = percentiles(gpu_ms);
        return format!(
            "{head} median {gm:.2} ms, 95th percentile {g95:.2} ms on the GPU's clock (timestamp queries); whole frames median {wm:.2} ms, 95th percentile {w95:.2} ms"
        );
    }
    let why = match timestamps {
        false => "NO GPU TIMESTAMPS: this adapter has no timestamp queries".to_string(),
        true => format!(
            "GPU TIMESTAMPS MISSING: {} of {n} frames read back",
            gpu_ms.len()
        ),
    };
    format!(
        "{head} median {wm:.2} ms, 95th percentile {w95:.2} ms as whole frames (submission to done, the CPU's part included); {why}"
    )
}

/// The median and the 95th percentile (nearest rank) of some times, sorted
/// in place; zeros where there are none.
pub fn percentiles(times: &mut [f64]) -> (f64, f64) {
    if times.is_empty() {
        return (0.0, 0.0);
    }
    times.sort_by(f64::total_cmp);
    let rank = |p: f64| times[((p * times.len() as f64).ceil() as usize).clamp(1, times.len()) - 1];
    (times[times.len() / 2], rank(0.95))
}

#[cfg(test)]
mod tests {
    use super::{orbit_line, percentiles};

    #[test]
    fn percentiles_are_the_median_and_the_95th_by_nearest_rank() {
        let mut t: Vec<f64> = (1..=100).rev().map(f64::from).collect();
        assert_eq!(percentiles(&mut t), (51.0, 95.0));
        assert_eq!(percentiles(&mut [3.0]), (3.0, 3.0));
        assert_eq!(percentiles(&mut []), (0.0, 0.0));
    }

    #[test]
    fn the_orbit_says_which_clock_timed_it_and_loudly_when_not_the_gpus() {
        let gpu = orbit_line([3840, 2160], 2, &mut [1.0, 3.0], &mut [5.0, 7.0], true);
        assert!(
            gpu.starts_with("orbit       3840x2160, 2 moving frames"),
            "{gpu}"
        );
        assert!(
            gpu.contains("median 3.00 ms, 95th percentile 3.00 ms on the GPU's clock"),
            "{gpu}"
        );
        let none = orbit_line([800, 600], 2, &mut [], &mut [5.0, 7.0], false);
        assert!(none.contains("NO GPU TIMESTAMPS"), "{none}");
        assert!(
            none.contains("median 7.00 ms, 95th percentile 7.00 ms as whole frames"),
            "{none}"
        );
        let lost = orbit_line([800, 600], 2, &mut [1.0], &mut [5.0, 7.0], true);
        assert!(lost.contains("GPU TIMESTAMPS MISSING: 1 of 2"), "{lost}");
    }
}
