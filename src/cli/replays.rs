//! `mapscope replays DIR`: a season of replays, folded by the map each
//! was played on, beside each map's fairness table. Replays are read in
//! parallel (a progress bar on a terminal); each map is opened and
//! measured once.

use super::replay::search_folders;
use anyhow::{bail, Result};
use indicatif::{ProgressBar, ProgressStyle};
use mapscope::mesh::player_colors::player_color;
use mapscope::replays::collect::{self, MapCache};
use mapscope::replays::find_map::Maps;
use mapscope::replays::season::{Season, HEAT_CELL, RACES};
use mapscope::replays::season_report;
use std::io::IsTerminal;
use std::path::{Path, PathBuf};

/// `replays`' arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The folder of replays (.w3g), with its subfolders.
    pub dir: PathBuf,
    /// Where to look for the replays' maps, with subfolders; may be given
    /// more than once. The replays' folder and the folders the viewer
    /// opened maps from are looked in too.
    #[arg(long, value_name = "DIR")]
    pub maps: Vec<PathBuf>,
    #[command(flatten)]
    pub shown: super::replay::Shown,
}

pub fn run(a: &Args) -> Result<()> {
    let shown = &a.shown;
    if let Some(out) = &shown.output {
        super::refuse_existing(out, shown.force)?;
    }
    if !a.dir.is_dir() {
        bail!("{} is not a folder of replays", a.dir.display());
    }
    let files = collect::replay_files(&a.dir);
    if files.is_empty() {
        bail!("{} holds no replays (.w3g)", a.dir.display());
    }
    let mut folders = search_folders(&a.maps, &a.dir.join("."));
    folders.push(a.dir.clone());
    let maps = Maps::scan(&folders);
    let cache = MapCache::default();
    let bar = match std::io::stderr().is_terminal() {
        true => ProgressBar::new(files.len() as u64),
        false => ProgressBar::hidden(),
    };
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} replays {elapsed}")
            .expect("a valid template"),
    );
    let season = collect::season(&files, &maps, &cache, &|| bar.inc(1));
    bar.finish_and_clear();
    match shown.json {
        true => println!("{}", season_report::json(&season)),
        false => print!("{}", season_report::text(&season)),
    }
    if let Some(out) = &shown.output {
        let map = draw(&season, &cache, out, shown.size, shown.force)?;
        eprintln!(
            "wrote {} ({}: order targets by race, human blue, orc red, night elf green, undead purple; start locations ringed in their player's colour, thicker with more games; gold mines taken as expansions ringed in gold, wider the more often)",
            out.display(),
            map.display()
        );
    }
    Ok(())
}

/// The colours of the races' heat: human blue, orc red, night elf green,
/// undead purple.
const RACE_COLOURS: [[u8; 3]; 4] = [[40, 120, 255], [255, 50, 30], [40, 230, 80], [190, 60, 255]];

/// The season of the map with the most games over its top view.
fn draw(season: &Season, cache: &MapCache, out: &Path, size: u32, force: bool) -> Result<PathBuf> {
    let Some((path, e)) = season.maps.iter().max_by_key(|(_, e)| e.season.games) else {
        bail!(
            "cannot draw {}: no replay's map was found; give the maps' folder with --maps",
            out.display()
        );
    };
    let slot = cache
        .lock()
        .expect("no thread panics holding it")
        .get(path)
        .cloned();
    let Some(Ok(o)) = slot.as_ref().and_then(|s| s.get()) else {
        bail!(
            "cannot draw {}: {} did not open",
            out.display(),
            path.display()
        );
    };
    let (mut picture, frame) = super::top_view::game_picture(&o.map, size, false);
    let mut c = frame.canvas(&mut picture.rgba);
    let cell = (frame.pixels(HEAT_CELL / 2.0).round() as u32).max(3);
    for (r, colour) in RACE_COLOURS.iter().enumerate().take(RACES.len()) {
        let mut points = Vec::new();
        for (&(race, x, y), &n) in &e.season.heat {
            if usize::from(race) == r {
                let at = frame.pixel([(x as f32 + 0.5) * HEAT_CELL, (y as f32 + 0.5) * HEAT_CELL]);
                points.extend(std::iter::repeat_n(at, n.min(10_000) as usize));
            }
        }
        c.heat(&points, cell, *colour, 0.5, 0.2);
    }
    for (i, st) in e.season.starts.iter().enumerate() {
        let colour = player_color(e.start_locations[i].1.max(0) as usize).unwrap_or([255; 3]);
        let at = frame.pixel(e.start_locations[i].0);
        c.ring(
            at,
            frame.pixels(700.0).max(8.0),
            2.0 + st.games.min(8) as f32,
            colour,
        );
    }
    let most = e
        .season
        .mines
        .iter()
        .map(Vec::len)
        .max()
        .unwrap_or(0)
        .max(1);
    for (i, taken) in e.season.mines.iter().enumerate() {
        let at = frame.pixel(e.mines[i]);
        c.disc(at, 3.0, [255, 215, 0]);
        if !taken.is_empty() {
            let r = frame.pixels(300.0).max(5.0) + 10.0 * taken.len() as f32 / most as f32;
            c.ring(at, r, 4.0, [0, 0, 0]);
            c.ring(at, r, 2.5, [255, 215, 0]);
        }
    }
    mapscope::render::headless::write_png(
        out,
        &picture.rgba,
        picture.width,
        picture.height,
        force,
    )?;
    Ok(path.clone())
}
