//! The `mapscope` command line.

mod cli;

use cli::args::{
    load_options, parse_camera, parse_diff_view, parse_fov, parse_map_size, parse_overlay,
    parse_size, parse_view, picture_size, SizeArg,
};

use anyhow::Result;
use clap::{Parser, Subcommand};
use mapscope::formats::LoadOptions;
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
    /// screenshot-settings, f12, pathing, minimap (for scripted pictures of the UI),
    /// spin (circle the map; walking, turn in place), walk (walk mode), fly (with walk: fly on from the player's eye), moving (the --screenshot picture as the moving view
    /// draws it: far chunks coarser), analysis (the Analysis window),
    /// distance (ground distances from player 1's start).
    #[arg(long, value_parser = parse_start)]
    start_with: Option<mapscope::app::StartWith>,
    /// Compare the map with this other version of it: the changes marked
    /// and listed, X flips between the two.
    #[arg(long, value_name = "NEW")]
    compare: Option<PathBuf>,
    /// Where replays' maps are (remembered for later replays and `replay`).
    #[arg(long, value_name = "DIR")]
    maps: Vec<PathBuf>,
    /// With --screenshot: draw this many frames first and print their times
    /// (between frames, and each frame's own work).
    #[arg(long, default_value_t = 0)]
    measure_frames: u32,
    /// WIDTHxHEIGHT: the window's size (and so the --screenshot picture's),
    /// 1280x720 when left out; or WIDTHxLENGTHxHEIGHT: a VXL map's size,
    /// overriding what its data and sidecars suggest. May be given twice.
    #[arg(long, value_parser = parse_size, action = clap::ArgAction::Append)]
    size: Vec<SizeArg>,
}

/// `--size` of the commands that draw no picture: only a map's size.
#[derive(clap::Args, Clone, Default)]
struct MapSize {
    /// WIDTHxLENGTHxHEIGHT: a VXL map's size (e.g. 512x512x64), overriding
    /// what its data and sidecars suggest. AoS files have no header, so a
    /// map whose size cannot be worked out needs it.
    #[arg(long = "size", value_parser = parse_map_size)]
    size: Option<[u32; 3]>,
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
        #[command(flatten)]
        map_size: MapSize,
    },
    /// What changed between two versions of a map: map information,
    /// objects, terrain, voxels or cells by region, and the files whose
    /// bytes differ. Exit status as diff(1): 0 same, 1 different, 2
    /// trouble. Given git's seven arguments it is git's external diff
    /// driver (see README, "Map diffs in git").
    Diff {
        /// OLD NEW: two maps of one kind (archives, folders or files), or
        /// git's path old-file old-hex old-mode new-file new-hex new-mode.
        #[arg(num_args = 2..=7, required = true, value_name = "OLD NEW")]
        files: Vec<PathBuf>,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
        /// Also draw the new map with the changes marked (added green,
        /// removed red, changed amber; a moved object an arrow from where
        /// it was) into this PNG, 1280x720.
        #[arg(short, long)]
        output: Option<PathBuf>,
        /// The picture's view: top, overview or minimap.
        #[arg(long, default_value = "top", value_parser = parse_diff_view)]
        view: View,
        #[command(flatten)]
        map_size: MapSize,
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
        /// Replace OUTPUT if it exists.
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        map_size: MapSize,
    },
    /// Draw a map to a PNG, with no window.
    Render(RenderArgs),
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
        /// Replace OUTPUT (and its .bin or .mtl) if it exists.
        #[arg(long)]
        force: bool,
        #[command(flatten)]
        map_size: MapSize,
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
        /// WIDTHxHEIGHT: each picture's size (default 480x360); or
        /// WIDTHxLENGTHxHEIGHT: the size of VXL maps whose size cannot be
        /// worked out. May be given twice, once of each.
        #[arg(long, value_parser = parse_size, action = clap::ArgAction::Append)]
        size: Vec<SizeArg>,
    },
    /// Write a map's thumbnail for file managers: the map from above,
    /// north up (a Warcraft III map's playable area), SIZE pixels on its
    /// longer side. The freedesktop thumbnailer's `%i %o --size %s`.
    Thumbnail {
        /// The map (any supported format, archive or map folder).
        input: PathBuf,
        /// The PNG to write (replaced if it exists).
        output: PathBuf,
        /// Pixels on the picture's longer side, 1 to 4096.
        #[arg(long, short, default_value_t = 256,
              value_parser = clap::value_parser!(u32).range(1..=cli::thumbnail::MAX_SIZE as i64))]
        size: u32,
        /// Draw on the CPU even where a GPU could be had (as where none
        /// can); MAPSCOPE_THUMBNAIL_CPU=1 does the same.
        #[arg(long)]
        cpu: bool,
    },
    /// Install mapscope for the desktop: the MIME types of the maps it
    /// reads, its .desktop entry (file associations), its thumbnailer and
    /// icon, under the XDG data directory; then update the MIME and
    /// desktop caches where their tools are installed.
    InstallDesktop {
        /// Under $XDG_DATA_HOME (else ~/.local/share): the default.
        #[arg(long, conflicts_with = "prefix")]
        user: bool,
        /// Under DIR/share instead, as a package would (/usr/local).
        #[arg(long, value_name = "DIR")]
        prefix: Option<PathBuf>,
        /// Remove what install-desktop writes, and update the caches.
        #[arg(long)]
        uninstall: bool,
    },
    /// How a map plays. Warcraft III: ground distances between start
    /// locations and gold mines over the pathing map, and the fairness table
    /// (each player's main mine, natural expansion and nearest opponent,
    /// and how far apart the players are). Ace of Spades (VXL, VMF): where
    /// each team can go on foot from its spawn area under the servers'
    /// physics, regions no team reaches, traps, and witness scripts (in
    /// `walk`'s format) that take a player to reachable places.
    Analyze {
        /// The map.
        file: PathBuf,
        /// Print one JSON object instead.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        map_size: MapSize,
    },
    /// A Warcraft III game on its map: players, races, each one's build
    /// order with places named by the map, expansions; `--json` every
    /// order, ping and building; `-o` drawn over the map's top view.
    Replay(cli::replay::Args),
    /// A season: every replay in a folder, by the map played, beside the
    /// map's fairness table: games and wins per start location, when each
    /// took its natural, each gold mine's expansions, order heat by race.
    Replays(cli::replays::Args),
    /// Replay a player's input on an Ace of Spades (voxel) map under the
    /// servers' physics and print the player's state every tick (1/60 s):
    /// `tick px py pz vx vy vz airborne wade damage`. SCRIPT: a first line
    /// `x y z` (the start, z down), then lines of `ticks mf mb ml mr jump
    /// crouch sneak sprint ox oy oz` (see README, "Walking"). A line is one
    /// input packet: its keys are held for its ticks, and its jump is asked
    /// once, before its first tick, and taken only if the player is then
    /// standing or starting to fall; jump 1 held over many ticks jumps at
    /// most once (a new line asks again). The viewer holds Space the same
    /// way: one jump a press. Exit status 2 for a bad script.
    Walk {
        /// The map (a voxel map: .vxl or .vmf).
        file: PathBuf,
        /// The input script.
        #[arg(long)]
        script: PathBuf,
        #[command(flatten)]
        map_size: MapSize,
    },
    /// Measure decoding, meshing and drawing speed and store size for a
    /// map file: the overview frame, and an orbit of moving frames (median
    /// and 95th percentile, on the GPU's own clock where it has one).
    Bench {
        /// The map to measure.
        file: PathBuf,
        /// How many times to decode.
        #[arg(long, default_value_t = 20)]
        iterations: u32,
        /// WIDTHxHEIGHT: the frames' size (default 1280x720; 3840x2160 for
        /// 4K); or WIDTHxLENGTHxHEIGHT: a VXL map's size, overriding what
        /// its data and sidecars suggest. May be given twice, once of each.
        #[arg(long, value_parser = parse_size, action = clap::ArgAction::Append)]
        size: Vec<SizeArg>,
        /// How many frames the orbit draws, circling the map once.
        #[arg(long, default_value_t = 36)]
        orbit: u32,
    },
}

// `mapscope render`'s arguments, apart so that drawing them is a function
// of its own (`render`); the subcommand's help is the variant's.
#[derive(clap::Args)]
struct RenderArgs {
    /// The map to draw (any supported format, archive or map folder).
    file: PathBuf,
    /// The PNG to write.
    #[arg(short, long)]
    output: PathBuf,
    /// overview, top, spawn, camera, or minimap (the playable area in
    /// flat colours, framed as the game's own minimap).
    #[arg(long, default_value = "overview", value_parser = parse_view)]
    view: View,
    /// An explicit camera: x,y,z,yaw,pitch (map coordinates, z down; degrees).
    #[arg(long, value_parser = parse_camera, allow_hyphen_values = true)]
    camera: Option<[f32; 5]>,
    /// Vertical field of view in degrees, 1 to 179.
    #[arg(long, default_value_t = 60.0, value_parser = parse_fov)]
    fov: f32,
    /// Leave out the spawn-area boxes.
    #[arg(long)]
    no_spawns: bool,
    /// W3E overlays to tint, comma-separated: ramp, blight, water,
    /// boundary, edge, cliff, layers, and the pathing map's nowalk,
    /// nobuild, nofly.
    #[arg(long, value_delimiter = ',', value_parser = parse_overlay)]
    overlay: Vec<String>,
    /// Warcraft III: the ground distance from this player's start
    /// location tinted over the terrain (cyan near, magenta far), with
    /// every start location's walks to its main and natural gold mines.
    #[arg(long, value_name = "PLAYER")]
    ground_distance: Option<u32>,
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
    /// WIDTHxHEIGHT: the picture's size (default 1280x720); or
    /// WIDTHxLENGTHxHEIGHT: a VXL map's size, overriding what its data
    /// and sidecars suggest. May be given twice, once of each.
    #[arg(long, value_parser = parse_size, action = clap::ArgAction::Append)]
    size: Vec<SizeArg>,
}

fn parse_start(s: &str) -> Result<mapscope::app::StartWith, String> {
    mapscope::app::StartWith::parse(s)
}

fn main() {
    cli::quiet_broken_pipe();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // `mapscope rendr map.vxl -o x.png` fails to parse as a file and
            // options; say what was most likely meant instead of clap's
            // "the subcommand 'map.vxl' cannot be used with '[FILE]'".
            if let Some(word) = first_word(std::env::args_os().skip(1)) {
                reject_mistyped_command(std::path::Path::new(&word));
            }
            e.exit()
        }
    };
    if cli.command.is_some() {
        // Before any thread starts: setting the environment is safe then.
        mapscope::render::gpu::quiet_device_select();
    }
    if let Err(e) = run(cli) {
        eprintln!("mapscope: {e:#}");
        std::process::exit(if cli::is_usage(&e) { 2 } else { 1 });
    }
}

fn run(cli: Cli) -> Result<()> {
    match cli.command {
        Some(Command::Info {
            file,
            json,
            map_size,
        }) => {
            let map = cli::open(&file, &map_size.load_options())?;
            if json {
                println!("{}", mapscope::info::summary_json(&map));
            } else {
                print!("{}", mapscope::info::summary_text(&map));
            }
            Ok(())
        }
        Some(Command::Diff {
            files,
            json,
            output,
            view,
            map_size,
        }) => {
            let picture = output.map(|path| cli::diff::Picture { path, view });
            let code = cli::diff::run(&files, json, picture.as_ref(), &map_size.load_options());
            std::process::exit(code)
        }
        Some(Command::Convert {
            input,
            output,
            format,
            force,
            map_size,
        }) => cli::convert::convert(
            &input,
            &output,
            format.as_deref(),
            force,
            &map_size.load_options(),
        ),
        Some(Command::Export {
            file,
            output,
            no_merge,
            force,
            map_size,
        }) => cli::export::export(&file, &output, !no_merge, force, &map_size.load_options()),
        Some(Command::Gallery { dir, output, size }) => {
            let picture = picture_size(&size).unwrap_or(GALLERY_PICTURE);
            cli::gallery::gallery(&dir, &output, picture, &load_options(&size))
        }
        Some(Command::Thumbnail {
            input,
            output,
            size,
            cpu,
        }) => cli::thumbnail::thumbnail(&input, &output, size, cpu, &LoadOptions::default()),
        Some(Command::InstallDesktop {
            user: _,
            prefix,
            uninstall,
        }) => cli::install_desktop::install_desktop(prefix, uninstall),
        Some(Command::Analyze {
            file,
            json,
            map_size,
        }) => cli::analyze::analyze(&file, json, &map_size.load_options()),
        Some(Command::Walk {
            file,
            script,
            map_size,
        }) => std::process::exit(cli::walk::walk(&file, &script, &map_size.load_options())),
        Some(Command::Bench {
            file,
            iterations,
            size,
            orbit,
        }) => {
            let frames = cli::bench::Frames {
                size: picture_size(&size).unwrap_or([1280, 720]),
                orbit,
            };
            cli::bench::bench(&file, iterations, &load_options(&size), frames)
        }
        Some(Command::Render(args)) => render(args),
        Some(Command::Replay(args)) => cli::replay::run(&args),
        Some(Command::Replays(args)) => cli::replays::run(&args),
        None => viewer(cli),
    }
}

/// `mapscope render`: the map drawn to a PNG with the options asked for.
fn render(args: RenderArgs) -> Result<()> {
    let RenderArgs {
        file,
        output,
        view,
        camera,
        fov,
        no_spawns,
        overlay,
        ground_distance,
        fog,
        no_labels,
        playable,
        indestructible,
        force,
        size,
    } = args;
    let mut overlays = mapscope::mesh::terrain::Overlays::default();
    for name in &overlay {
        overlays.set(name, true);
    }
    let options_r = RenderOptions {
        show_spawns: !no_spawns,
        fog,
        labels: !no_labels,
        highlight_indestructible: indestructible,
        ..Default::default()
    };
    let picture = picture_size(&size).unwrap_or([1280, 720]);
    let look = cli::render::Look {
        view,
        playable,
        explicit: camera,
        fov,
    };
    cli::render::render(
        &file,
        &output,
        picture,
        &look,
        &options_r,
        &overlays,
        ground_distance,
        force,
        &load_options(&size),
    )
}

/// No subcommand: the viewer's window, on a map or the demo map.
fn viewer(cli: Cli) -> Result<()> {
    if let Some(file) = &cli.file {
        reject_mistyped_command(file);
    }
    // Before the window opens, not after the frames a scripted run
    // draws first (minutes, measuring a big map on a slow GPU).
    if let Some(shot) = cli.screenshot.as_ref().filter(|p| p.exists()) {
        return Err(cli::Exists {
            path: shot.clone(),
            forcible: false,
        }
        .into());
    }
    cli.maps
        .iter()
        .for_each(|d| mapscope::app::recent::remember_maps_folder(d));
    mapscope::app::run(mapscope::app::Options {
        file: cli.file,
        load: load_options(&cli.size),
        screenshot: cli.screenshot,
        size: picture_size(&cli.size),
        start: cli.start_with.unwrap_or_default(),
        measure_frames: cli.measure_frames,
        compare: cli.compare,
    })
}

/// `mapscope frobnicate`: a bare word that names no file is a mistyped
/// command, answered here rather than by a window with an error in it.
fn reject_mistyped_command(file: &std::path::Path) {
    use clap::CommandFactory;
    let Some(word) = file.to_str() else { return };
    let bare = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if !bare || file.exists() {
        return;
    }
    let mut cmd = Cli::command();
    cmd.build();
    if cmd.find_subcommand(word).is_some() {
        return;
    }
    let commands: Vec<String> = cmd
        .get_subcommands()
        .map(|c| c.get_name().to_string())
        .filter(|name| name != "help")
        .collect();
    let hint = match commands.iter().find(|name| looks_like(word, name)) {
        Some(name) => format!("a mistyped `{name}`?"),
        None => format!("the commands are {}", commands.join(", ")),
    };
    cmd.error(
        clap::error::ErrorKind::InvalidSubcommand,
        format!("{word:?} is neither a command nor a file ({hint})"),
    )
    .exit()
}

/// The first argument that is neither an option nor an option's value.
fn first_word(args: impl Iterator<Item = std::ffi::OsString>) -> Option<std::ffi::OsString> {
    use clap::CommandFactory;
    let cmd = Cli::command();
    let takes_a_value = |flag: &str| {
        cmd.get_arguments().any(|a| {
            a.get_action().takes_values() && a.get_long().is_some_and(|l| flag == format!("--{l}"))
        })
    };
    let mut skip_next = false;
    for arg in args {
        let text = arg.to_string_lossy();
        if std::mem::take(&mut skip_next) {
            continue;
        }
        if text.starts_with('-') {
            skip_next = takes_a_value(&text);
            continue;
        }
        return Some(arg);
    }
    None
}

/// A command name two edits (or a prefix) away from `word`, at most.
fn looks_like(word: &str, name: &str) -> bool {
    (word.len() >= 2 && name.starts_with(word)) || strsim::levenshtein(word, name) <= 2
}

/// The pictures of `mapscope gallery`, unless --size says otherwise.
const GALLERY_PICTURE: [u32; 2] = [480, 360];

impl MapSize {
    fn load_options(&self) -> LoadOptions {
        LoadOptions {
            vxl_size: self.size,
            ..Default::default()
        }
    }
}

// mimalloc keeps freed pages for reuse: reloading a map does not fault every
// page in again, which costs more than the decode itself on some machines.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[cfg(target_os = "linux")]
/// Before anything allocates (an `.init_array` entry runs before the Rust
/// runtime starts): see [`mapscope::lean_heap`].
extern "C" fn lean_heap() {
    mapscope::lean_heap();
}

#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static LEAN_HEAP: extern "C" fn() = lean_heap;
