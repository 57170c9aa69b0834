//! `mapscope replay REPLAY.w3g`: one game on its map: the players, each
//! one's build order with places named by the map, the expansions; as
//! text, JSON, or drawn over the map's top view (`-o`).

use anyhow::{anyhow, Result};
use mapscope::formats::w3g::Replay;
use mapscope::kinds::game::{self, Game};
use mapscope::mesh::player_colors::player_color;
use mapscope::replays::collect::{open_map, Opened};
use mapscope::replays::find_map::Maps;
use mapscope::replays::{self, report};
use std::path::{Path, PathBuf};

/// `replay`'s arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The replay (.w3g).
    pub replay: PathBuf,
    /// Where to look for the replay's map, with its subfolders (a map file
    /// is taken as it is); may be given more than once. The replay's own
    /// folder and the folders the viewer opened maps from are looked in
    /// too.
    #[arg(long, value_name = "DIR")]
    pub maps: Vec<PathBuf>,
    #[command(flatten)]
    pub shown: Shown,
}

/// How `replay` and `replays` show what they found.
#[derive(clap::Args)]
pub struct Shown {
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
    /// Draw the game(s) over the map's top view into this PNG (see
    /// README, "Replays").
    #[arg(short, long, value_name = "PICTURE.png")]
    pub output: Option<PathBuf>,
    /// Replace the picture if it exists.
    #[arg(long)]
    pub force: bool,
    /// The picture's longer side in pixels.
    #[arg(long, default_value_t = 1024,
          value_parser = clap::value_parser!(u32).range(64..=super::top_view::MAX_SIZE as i64))]
    pub size: u32,
}

/// The folders a replay's map is looked for in: those given, the
/// replay's own, those given to the viewer with `--maps` and those it
/// opened maps from.
pub fn search_folders(given: &[PathBuf], replay: &Path) -> Vec<PathBuf> {
    let mut dirs = given.to_vec();
    if let Some(own) = replay.parent() {
        dirs.push(match own.as_os_str().is_empty() {
            true => PathBuf::from("."),
            false => own.to_path_buf(),
        });
    }
    dirs.extend(mapscope::app::recent::maps_folders());
    dirs
}

pub fn run(a: &Args) -> Result<()> {
    let shown = &a.shown;
    if let Some(out) = &shown.output {
        super::refuse_existing(out, shown.force)?;
    }
    let bytes = replays::read_bytes(&a.replay).map_err(|e| anyhow!(e))?;
    // The map is found, opened and measured while the game decodes: its
    // path is in the lobby, at the replay's start.
    let folders = search_folders(&a.maps, &a.replay);
    let open = |stored: &str| {
        let found = Maps::scan(&folders).find(stored)?;
        open_map(found)
            .map_err(|why| eprintln!("mapscope: the game is shown without its map: {why}"))
            .ok()
    };
    let early = mapscope::formats::w3g::map_path(&bytes);
    let (replay, opened) = rayon::join(
        || replays::decode(&a.replay, &bytes),
        || early.as_deref().and_then(open),
    );
    let replay = replay.map_err(|e| anyhow!(e))?;
    let opened = match (early, opened) {
        (Some(_), o) => o,
        (None, _) => open(&replay.map_path),
    };
    let joined = opened.as_ref().map(|o| {
        let w = mapscope::kinds::replay_map(&o.map).expect("checked when opened");
        game::join(&replay, w, o.ground.as_ref())
    });
    let found = opened.as_ref().map(|o| &o.found);
    match shown.json {
        true => println!("{}", report::json(&replay, found, joined.as_ref())),
        false => print!("{}", report::text(&replay, found, joined.as_ref())),
    }
    if let Some(out) = &shown.output {
        let (Some(o), Some(g)) = (&opened, &joined) else {
            anyhow::bail!(
                "cannot draw {}: the replay's map ({}) was not found; give its folder with --maps",
                out.display(),
                replay.map_path
            );
        };
        draw(o, &replay, g, out, shown.size, shown.force, false)?;
        eprintln!("wrote {}", out.display());
    }
    Ok(())
}

/// `mapscope thumbnail` of a replay: its game over its map (found beside
/// it or where the viewer opened maps), `size` pixels on the longer side.
pub fn thumbnail(input: &Path, output: &Path, size: u32, cpu: bool) -> Result<()> {
    let replay = replays::read(input).map_err(|e| anyhow!(e))?;
    let found = Maps::scan(&search_folders(&[], input))
        .find(&replay.map_path)
        .ok_or_else(|| {
            anyhow!(
                "{}: its map ({}) was not found",
                input.display(),
                replay.map_path
            )
        })?;
    let o = open_map(found).map_err(|e| anyhow!(e))?;
    let w = mapscope::kinds::replay_map(&o.map).expect("checked when opened");
    let g = game::join(&replay, w, o.ground.as_ref());
    draw(&o, &replay, &g, output, size, true, cpu)
}

/// A player's colour by the replay's player id.
fn colour_of(replay: &Replay, id: u8) -> [u8; 3] {
    replay
        .players
        .iter()
        .find(|p| p.id == id)
        .and_then(|p| player_color(usize::from(p.colour)))
        .unwrap_or([255, 255, 255])
}

/// The game over the map's top view.
fn draw(
    o: &Opened,
    replay: &Replay,
    g: &Game,
    out: &Path,
    size: u32,
    force: bool,
    cpu: bool,
) -> Result<()> {
    let (mut picture, frame) = super::top_view::game_picture(&o.map, size, cpu);
    let mut c = frame.canvas(&mut picture.rgba);
    let cell = (frame.pixels(128.0).round() as u32).max(3);
    for p in replay.players.iter().filter(|p| !p.is_observer) {
        let points: Vec<[f32; 2]> = replay
            .orders
            .iter()
            .filter(|o| o.player == p.id)
            .map(|o| frame.pixel([o.x, o.y]))
            .collect();
        c.heat(&points, cell, colour_of(replay, p.id), 0.35, 0.01);
    }
    for &(id, start) in &g.starts {
        if let Some(s) = start {
            let at = frame.pixel(g.start_locations[s].0);
            c.ring(at, frame.pixels(700.0).max(8.0), 3.0, colour_of(replay, id));
        }
    }
    for e in &g.expansions {
        let at = frame.pixel(e.at);
        let r = frame.pixels(450.0).max(7.0);
        c.ring(at, r, 5.0, [0, 0, 0]);
        c.ring(at, r, 3.0, colour_of(replay, e.player));
    }
    let half = frame.pixels(64.0).max(2.5);
    for b in &g.builds {
        c.square(frame.pixel(b.at), half, colour_of(replay, b.player));
    }
    for p in &replay.pings {
        c.ring(frame.pixel([p.x, p.y]), 4.0, 1.5, [255, 255, 255]);
    }
    mapscope::render::headless::write_png(
        out,
        &picture.rgba,
        picture.width,
        picture.height,
        force,
    )?;
    Ok(())
}
