//! The `mapscope` command line.

mod cli;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use mapscope::formats::{self, LoadOptions};
use mapscope::kinds::views::View;
use mapscope::render::RenderOptions;
use std::path::PathBuf;

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
    /// screenshot-settings, f12, pathing, minimap (for scripted pictures of the UI).
    #[arg(long, hide = true, value_parser = parse_start)]
    start_with: Option<mapscope::app::StartWith>,
    /// With --screenshot: draw this many frames first and print their times
    /// (between frames, and each frame's own work).
    #[arg(long, default_value_t = 0)]
    measure_frames: u32,
    #[command(flatten)]
    load: LoadArgs,
}

#[derive(clap::Args, Clone, Default)]
struct LoadArgs {
    /// WIDTHxLENGTHxHEIGHT: a VXL map's size, overriding what its data and
    /// sidecars suggest (e.g. 512x512x64). For `render` and --screenshot,
    /// WIDTHxHEIGHT is the picture's size (default 1280x720). May be given
    /// twice, once of each.
    #[arg(long, value_parser = parse_size, global = true, action = clap::ArgAction::Append)]
    size: Vec<SizeArg>,
}

#[derive(Subcommand)]
enum Command {
    /// Print a summary of a map: format, size, metadata, counts, warnings.
    Info {
        /// The map: a file of any supported format, a .w3x/.w3m archive or a
        /// Warcraft III map folder.
        file: PathBuf,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
    },
    /// Write a map in another format (chosen by OUT's extension, or --format).
    Convert {
        /// The map to read (any supported format, archive or map folder).
        input: PathBuf,
        /// The file to write; its extension names the format unless
        /// --format does.
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
        /// The map to draw (any supported format, archive or map folder).
        file: PathBuf,
        /// The PNG to write.
        #[arg(short, long)]
        output: PathBuf,
        /// overview, top, spawn, camera, or minimap (the playable area in
        /// flat colours, framed as the game's own minimap).
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
        /// With --view top: frame the playable area as the game's minimap
        /// does (Warcraft III maps).
        #[arg(long)]
        playable: bool,
        /// Tint VMF indestructible voxels orange.
        #[arg(long)]
        indestructible: bool,
        /// Replace OUTPUT if it exists.
        #[arg(long)]
        force: bool,
    },
    /// Write a map's meshes, as the viewer draws them, for Blender and game
    /// engines: glTF (.glb, or .gltf with a .bin) or OBJ (with a .mtl).
    Export {
        /// The map (any supported format, archive or map folder).
        file: PathBuf,
        /// The file to write: .glb, .gltf or .obj.
        output: PathBuf,
        /// Keep one quad a voxel face (by default neighbouring faces of one
        /// colour and ambient occlusion are merged into rectangles).
        #[arg(long)]
        no_merge: bool,
        /// Replace OUTPUT (and its .bin or .mtl) if they exist.
        #[arg(long)]
        force: bool,
    },
    /// Draw every map under a folder (found by content: any extension,
    /// archives and map folders) from the top and as an overview, with an
    /// index.html of cards. A second run skips pictures newer than their map.
    Gallery {
        /// The folder to search (or one map).
        dir: PathBuf,
        /// The folder for the pictures, index.html and gallery.json.
        #[arg(short, long)]
        output: PathBuf,
    },
    /// Measure decoding speed and store size for a map file.
    Bench {
        /// The map to measure.
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
        }) => cli::convert::convert(&input, &output, format.as_deref(), force, &options),
        Some(Command::Export {
            file,
            output,
            no_merge,
            force,
        }) => cli::export::export(&file, &output, !no_merge, force, &options),
        Some(Command::Gallery { dir, output }) => {
            let picture = picture_size(&cli.load).unwrap_or(GALLERY_PICTURE);
            cli::gallery::gallery(&dir, &output, picture, &options)
        }
        Some(Command::Bench { file, iterations }) => cli::bench::bench(&file, iterations, &options),
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
            playable,
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
            let picture = picture_size(&cli.load).unwrap_or([1280, 720]);
            let look = cli::render::Look {
                view,
                playable,
                explicit: camera,
                fov,
            };
            cli::render::render(
                &file, &output, picture, &look, &options_r, &overlays, force, &options,
            )
        }
        None => {
            let picture = picture_size(&cli.load);
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

/// The pictures of `mapscope gallery`, unless --size says otherwise.
const GALLERY_PICTURE: [u32; 2] = [480, 360];

/// The last `--size WxH` given: a picture's size.
fn picture_size(load: &LoadArgs) -> Option<[u32; 2]> {
    load.size.iter().rev().find_map(|s| match s {
        SizeArg::Picture(p) => Some(*p),
        SizeArg::Map(_) => None,
    })
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

// mimalloc keeps freed pages for reuse: reloading a map does not fault every
// page in again, which costs more than the decode itself on some machines.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
