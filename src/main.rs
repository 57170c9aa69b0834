//! The `mapscope` command line.

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use mapscope::formats::{self, Format, LoadOptions};
use mapscope::mesh;
use mapscope::render::headless::{self, Headless};
use mapscope::render::views::View;
use mapscope::render::RenderOptions;
use std::path::{Path, PathBuf};
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "mapscope",
    version,
    about = "A fast viewer for classic game maps: AoS/Voxlap VXL, VMF, Alithia ALW, Warcraft III W3E"
)]
#[command(args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The map to open in the viewer (the built-in demo map when left out).
    file: Option<PathBuf>,
    /// Open the window, wait for the map, save the window's picture (with
    /// the overlay) as this PNG, and exit.
    #[arg(long)]
    screenshot: Option<PathBuf>,
    /// Windows and modes to open at start, comma-separated: orbit, browser,
    /// screenshot-settings, f12 (for scripted pictures of the UI).
    #[arg(long, hide = true, value_parser = parse_start)]
    start_with: Option<mapscope::app::StartWith>,
    /// With --screenshot: draw this many frames first and print their times.
    #[arg(long, hide = true, default_value_t = 0)]
    measure_frames: u32,
    #[command(flatten)]
    load: LoadArgs,
}

#[derive(clap::Args, Clone, Default)]
struct LoadArgs {
    /// WIDTHxLENGTHxHEIGHT: the VXL map size, overriding what the data and
    /// sidecars suggest (e.g. 512x512x64). WIDTHxHEIGHT: the picture size
    /// for `render` (default 1280x720). May be given twice.
    #[arg(long, value_parser = parse_size, global = true, action = clap::ArgAction::Append)]
    size: Vec<SizeArg>,
}

#[derive(Subcommand)]
enum Command {
    /// Print a summary of a map: format, size, metadata, counts, warnings.
    Info {
        file: PathBuf,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
    },
    /// Write a map in another format (chosen by OUT's extension, or --format).
    Convert {
        input: PathBuf,
        output: PathBuf,
        /// aos-vxl, voxlap-vxl, vmf, alw or w3e.
        #[arg(long)]
        format: Option<String>,
        /// Overwrite OUT if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Draw a map to a PNG, with no window.
    Render {
        file: PathBuf,
        /// The PNG to write.
        #[arg(short, long)]
        output: PathBuf,
        /// overview, top, spawn or camera.
        #[arg(long, default_value = "overview")]
        view: String,
        /// An explicit camera: x,y,z,yaw,pitch (map coordinates, z down; degrees).
        #[arg(long, value_parser = parse_camera, allow_hyphen_values = true)]
        camera: Option<[f32; 5]>,
        /// Vertical field of view in degrees.
        #[arg(long, default_value_t = 60.0)]
        fov: f32,
        /// Leave out the spawn-area boxes.
        #[arg(long)]
        no_spawns: bool,
        /// W3E overlays to tint, comma-separated: ramp, blight, water,
        /// boundary, edge, cliff, layers.
        #[arg(long, value_delimiter = ',')]
        overlay: Vec<String>,
        /// The game's distance fog, in voxels (AoS uses 128).
        #[arg(long)]
        fog: Option<f32>,
        /// Leave out the text labels of ALW entities and lights.
        #[arg(long)]
        no_labels: bool,
        /// Tint VMF indestructible voxels orange.
        #[arg(long)]
        indestructible: bool,
        /// Replace OUTPUT if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Measure decoding speed and store size for a map file.
    Bench {
        file: PathBuf,
        /// How many times to decode.
        #[arg(long, default_value_t = 20)]
        iterations: u32,
    },
}

fn parse_start(s: &str) -> Result<mapscope::app::StartWith, String> {
    mapscope::app::StartWith::parse(s)
}

/// `--size`: three numbers for a VXL map, two for a picture.
#[derive(Clone, Copy, Debug)]
enum SizeArg {
    Map([u32; 3]),
    Picture([u32; 2]),
}

fn parse_size(s: &str) -> Result<SizeArg, String> {
    let nums: Vec<u32> = s
        .split(['x', 'X'])
        .map(|p| p.trim().parse::<u32>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{s:?} is not WIDTHxLENGTHxHEIGHT or WIDTHxHEIGHT"))?;
    match nums[..] {
        [w, l, h] if w > 0 && l > 0 && h > 0 => Ok(SizeArg::Map([w, l, h])),
        [w, h] if (1..=16384).contains(&w) && (1..=16384).contains(&h) => {
            Ok(SizeArg::Picture([w, h]))
        }
        _ => Err(format!(
            "{s:?} is neither WIDTHxLENGTHxHEIGHT (a map) nor WIDTHxHEIGHT (a picture, 1 to 16384 each)"
        )),
    }
}

fn main() {
    let cli = Cli::parse();
    if let Err(e) = run(cli) {
        eprintln!("mapscope: {e:#}");
        std::process::exit(1);
    }
}

fn run(cli: Cli) -> Result<()> {
    let options = LoadOptions {
        vxl_size: cli.load.size.iter().rev().find_map(|s| match s {
            SizeArg::Map(m) => Some(*m),
            SizeArg::Picture(_) => None,
        }),
    };
    match cli.command {
        Some(Command::Info { file, json }) => {
            let map = formats::load_path(&file, &options)?;
            if json {
                println!("{}", mapscope::info::summary_json(&map));
            } else {
                print!("{}", mapscope::info::summary_text(&map));
            }
            Ok(())
        }
        Some(Command::Convert {
            input,
            output,
            format,
            force,
        }) => convert(&input, &output, format.as_deref(), force, &options),
        Some(Command::Bench { file, iterations }) => bench(&file, iterations, &options),
        Some(Command::Render {
            file,
            output,
            view,
            camera,
            fov,
            no_spawns,
            overlay,
            fog,
            no_labels,
            indestructible,
            force,
        }) => {
            let mut overlays = mapscope::mesh::terrain::Overlays::default();
            for name in &overlay {
                if !overlays.set(name, true) {
                    bail!(
                        "unknown overlay {name:?}; use {}",
                        mapscope::mesh::terrain::Overlays::NAMES.join(", ")
                    );
                }
            }
            let view = View::from_name(&view).with_context(|| {
                format!("unknown view {view:?}; use {}", View::NAMES.join(", "))
            })?;
            let options_r = RenderOptions {
                show_spawns: !no_spawns,
                fog,
                labels: !no_labels,
                highlight_indestructible: indestructible,
                ..Default::default()
            };
            let picture = cli
                .load
                .size
                .iter()
                .rev()
                .find_map(|s| match s {
                    SizeArg::Picture(p) => Some(*p),
                    SizeArg::Map(_) => None,
                })
                .unwrap_or([1280, 720]);
            render(
                &file, &output, picture, view, camera, fov, &options_r, &overlays, force, &options,
            )
        }
        None => {
            let picture = cli.load.size.iter().rev().find_map(|s| match s {
                SizeArg::Picture(p) => Some(*p),
                SizeArg::Map(_) => None,
            });
            mapscope::app::run(mapscope::app::Options {
                file: cli.file,
                load: options,
                screenshot: cli.screenshot,
                size: picture,
                start: cli.start_with.unwrap_or_default(),
                measure_frames: cli.measure_frames,
            })
        }
    }
}

fn convert(
    input: &Path,
    output: &Path,
    format: Option<&str>,
    force: bool,
    options: &LoadOptions,
) -> Result<()> {
    let format = match format {
        Some(f) => Format::from_id(f).with_context(|| {
            format!("unknown format {f:?}; use aos-vxl, voxlap-vxl, vmf, alw or w3e")
        })?,
        None => match output
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("vxl") => Format::AosVxl,
            Some("vmf") => Format::Vmf,
            Some("alw") => Format::Alw,
            Some("w3e") => Format::W3e,
            _ => bail!(
                "cannot tell the format from {}; give --format",
                output.display()
            ),
        },
    };
    if output.exists() && !force {
        bail!("{} exists; give --force to overwrite it", output.display());
    }
    let map = formats::load_path(input, options)?;
    let bytes = formats::encode(&map, format)?;
    std::fs::write(output, &bytes).with_context(|| format!("cannot write {}", output.display()))?;
    println!(
        "wrote {} ({}, {} bytes)",
        output.display(),
        format.label(),
        bytes.len()
    );
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn render(
    file: &Path,
    output: &Path,
    [width, height]: [u32; 2],
    view: View,
    explicit: Option<[f32; 5]>,
    fov: f32,
    options: &RenderOptions,
    overlays: &mapscope::mesh::terrain::Overlays,
    force: bool,
    load: &LoadOptions,
) -> Result<()> {
    if output.exists() && !force {
        bail!("{} exists; add --force to replace it", output.display());
    }
    let map = formats::load_path(file, load)?;
    let camera = headless::camera(&map, view, explicit, width as f32 / height as f32, fov)?;
    let gpu = Headless::new()?;
    let mut scene = gpu.scene(&map, options)?;
    if let Some(t) = map.terrain() {
        let tints = mapscope::mesh::terrain::overlay_mesh(t, overlays);
        scene.set_overlay(&gpu.gpu.device, &tints);
    }
    let rgba = gpu.picture(&scene, &camera, width, height, options);
    headless::write_png(output, &rgba, width, height, force)?;
    println!(
        "wrote {} ({width}x{height}, {} faces, on {})",
        output.display(),
        scene.faces,
        gpu.gpu.describe()
    );
    Ok(())
}

fn parse_camera(s: &str) -> Result<[f32; 5], String> {
    let nums: Vec<f32> = s
        .split(',')
        .map(|p| p.trim().parse::<f32>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{s:?} is not x,y,z,yaw,pitch"))?;
    nums.try_into()
        .map_err(|_| format!("{s:?} is not five numbers x,y,z,yaw,pitch"))
}

fn bench(file: &Path, iterations: u32, load: &LoadOptions) -> Result<()> {
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
    if let Some(t) = map.terrain() {
        let mut mesh_times = Vec::new();
        let mut triangles = 0;
        for _ in 0..iterations.clamp(1, 20) {
            let t0 = Instant::now();
            let m = mesh::terrain::mesh_terrain(t);
            mesh_times.push(t0.elapsed().as_secs_f64());
            // Quads of 4 vertices, two triangles each.
            triangles = (m.opaque.len() + m.translucent.len()) / 2;
        }
        mesh_times.sort_by(f64::total_cmp);
        println!(
            "mesh        median {:.2} ms on one core: {}x{} tilepoints, {triangles} triangles",
            mesh_times[mesh_times.len() / 2] * 1e3,
            t.width,
            t.height
        );
    }
    if let Some(v) = map.voxels() {
        let [w, l, d] = v.dims();
        let store = v.heap_bytes() as f64;
        println!(
            "store       {:.2} MiB: {:.3} bytes a voxel, {:.2} bytes a file byte, {:.2} bytes a coloured voxel",
            store / 1048576.0,
            store / (w as f64 * l as f64 * d as f64),
            store / bytes.len() as f64,
            store / v.colored_voxels().max(1) as f64
        );
        let opts = mesh::MeshOptions::default();
        let mut mesh_times = Vec::new();
        let mut faces = 0;
        for _ in 0..iterations.clamp(1, 30) {
            let t = Instant::now();
            let meshes = mesh::mesh_all_serial(v, &opts);
            mesh_times.push(t.elapsed().as_secs_f64());
            faces = mesh::face_count(&meshes);
        }
        mesh_times.sort_by(f64::total_cmp);
        let (m, best) = (mesh_times[mesh_times.len() / 2], mesh_times[0]);
        println!(
            "mesh        median {:.2} ms on one core: {faces} faces, {:.1} ns a face, {:.0} M faces/s (best {:.2} ms, {:.0} M faces/s), {} bytes a face on the GPU ({:.2} MiB)",
            m * 1e3,
            m * 1e9 / faces.max(1) as f64,
            faces as f64 / m / 1e6,
            best * 1e3,
            faces as f64 / best / 1e6,
            std::mem::size_of::<mesh::Face>(),
            (faces * std::mem::size_of::<mesh::Face>()) as f64 / 1048576.0
        );
        if let Ok(gpu) = Headless::new() {
            let options = RenderOptions::default();
            // Load to first frame: decode, mesh (all cores), upload.
            let t = Instant::now();
            let map = formats::decode(&bytes, load)?;
            let t_decode = t.elapsed();
            let scene = gpu.scene(&map, &options)?;
            gpu.gpu
                .device
                .poll(wgpu::PollType::wait_indefinitely())
                .ok();
            let t_ready = t.elapsed();
            let camera = headless::camera(&map, View::Overview, None, 1280.0 / 720.0, 60.0)?;
            let target = mapscope::render::Offscreen::new(&gpu.gpu.device, 1280, 720);
            let mut frames = Vec::new();
            for _ in 0..5 {
                let t = Instant::now();
                gpu.renderer.draw(
                    &gpu.gpu.device,
                    &gpu.gpu.queue,
                    &target.target(),
                    &scene,
                    &camera,
                    &options,
                );
                gpu.gpu
                    .device
                    .poll(wgpu::PollType::wait_indefinitely())
                    .ok();
                frames.push(t.elapsed().as_secs_f64());
            }
            frames.sort_by(f64::total_cmp);
            println!(
                "first frame {:.1} ms to be ready to draw (decode {:.1} ms, mesh + upload {:.1} ms)",
                t_ready.as_secs_f64() * 1e3,
                t_decode.as_secs_f64() * 1e3,
                (t_ready - t_decode).as_secs_f64() * 1e3
            );
            println!(
                "frame       1280x720 overview: median {:.1} ms (best {:.1} ms) on {}",
                frames[frames.len() / 2] * 1e3,
                frames[0] * 1e3,
                gpu.gpu.describe()
            );
        }
    }
    Ok(())
}

// mimalloc keeps freed pages for reuse: reloading a map does not fault every
// page in again, which costs more than the decode itself on some machines.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
