//! `mapscope analyze`: how a map plays, from its file.

use anyhow::{bail, Context, Result};
use mapscope::analysis::{analyze as measure, reach, report, PlayMap};
use mapscope::formats::{self, LoadOptions};
use std::path::Path;

/// Prints the analysis of `file`; a map the analysis cannot measure (no
/// pathing map, another kind) is an error saying why (standard error,
/// exit status 1), so that a script never takes it for a report.
pub fn analyze(file: &Path, json: bool, options: &LoadOptions) -> Result<()> {
    // The ground needs neither the doodads nor the pictures.
    let options = LoadOptions {
        ground_only: true,
        ..options.clone()
    };
    let map = formats::load_path(file, &options)
        .with_context(|| format!("cannot open {}", file.display()))?;
    let play = match mapscope::kinds::play_map(&map) {
        Ok(play) => play,
        Err(why) => bail!("cannot measure {}: {why}", file.display()),
    };
    match play {
        PlayMap::Ground(ground) => {
            let r = measure(&ground);
            match json {
                true => println!("{}", report::json(&r)),
                false => print!("{}", report::text(&r, ground.mines.len())),
            }
        }
        PlayMap::Reach(map) => {
            let r = reach::analyze(&map);
            match json {
                true => println!("{}", reach::report::json(&r)),
                false => print!("{}", reach::report::text(&r)),
            }
        }
    }
    Ok(())
}
