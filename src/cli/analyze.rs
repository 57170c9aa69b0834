//! `mapscope analyze`: how a map plays, from its file.

use anyhow::{Context, Result};
use mapscope::analysis::{analyze as measure, reach, report};
use mapscope::formats::{self, LoadOptions};
use std::path::Path;

/// Prints the analysis of `file`; a map the analysis cannot measure (no
/// pathing map, another kind) gets a statement saying why, not an error.
pub fn analyze(file: &Path, json: bool, options: &LoadOptions) -> Result<()> {
    let map = formats::load_path(file, options)
        .with_context(|| format!("cannot open {}", file.display()))?;
    let kind = mapscope::kinds::of(&map);
    match kind.ground_map() {
        Ok(ground) => {
            let r = measure(&ground);
            if json {
                println!("{}", report::json(&r));
            } else {
                print!("{}", report::text(&r, ground.mines.len()));
            }
        }
        Err(why) => match kind.reach_map() {
            Ok(map) => {
                let r = reach::analyze(&map);
                if json {
                    println!("{}", reach::report::json(&r));
                } else {
                    print!("{}", reach::report::text(&r));
                }
            }
            Err(_) => {
                if json {
                    println!("{}", serde_json::json!({ "statement": why }));
                } else {
                    println!("{}: {why}", file.display());
                }
            }
        },
    }
    Ok(())
}
