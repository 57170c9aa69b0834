//! Fits the Warcraft III terrain colours to the game's own minimaps and
//! writes the table `src/mesh/terrain/fitted.rs`:
//!
//! `cargo run --release --example fit_terrain_colors -- [CORPUS] [--write]`
//!
//! CORPUS defaults to `$MAPSCOPE_CORPUS`, else `../shared/corpus`; every
//! map under its `w3x` folder with a minimap and a playable area is used,
//! and the 2002 Reign of Chaos betas under `versions` (their minimaps are
//! the only ones of that era). Each tile of the playable area is compared
//! with the minimap reduced to one colour a tile ([`mapscope::minimap`]),
//! as `--view minimap` draws it:
//!
//! * a dry tile is the mean of its four corners' ground colours (one colour
//!   per whole texture ID), a cliff tile the mean of its corners' cliff
//!   colours; a corner with the boundary flag is black (the game's black
//!   mask covers it, on the minimap too); on the betas' minimaps (2002 and
//!   2003 alike) all of it scaled by one factor, for they draw the ground
//!   darker (on dry tiles, each of the corpus's six beta maps, of three
//!   maps of both years, reads 4 to 7 darker than the fit of them all);
//! * water over the part of it under water (where the ground rises above
//!   the water, the ground shows) blends a tileset's water colour in by how
//!   deep it is (four bands of its corners' mean depth):
//!   `alpha * water + (1 - alpha) * ground`, the water
//!   held to blue and cyan so that it reads as water in the lit 3D view too
//!   (but Outland's abyss, which the game draws dark red);
//! * trees cover part of a tile (the discs of their canopies, as the
//!   viewer draws them from above) in their ID's colour, on the 2002
//!   betas' minimaps scaled by one factor (they draw forests darker), on
//!   the 2003 Frozen Throne betas' all in one colour.
//!
//! The fit is linear least squares in stages (dry ground and cliffs by
//! turns with the betas' ground factor, then water, then forests by
//! tileset, trees by ID, and the betas' tree factor),
//! each ID pulled toward the colour it would fall back to without a fit
//! ([`game_colors::Tables`]), which IDs too few tiles show keep. It is
//! scored on maps it did not see: the maps are split in two halves (every
//! other map of each tileset; versions of one map stay together), a fit on
//! each half is scored on the other, looking colours up as the viewer does;
//! then the fit on all of them is the table written.
//!
//! `EXPLAIN=NAME[,NAME...]` prints, for each held-out map whose file name
//! holds one of them, which kinds of tile its error comes from (trees,
//! water by band and ID, boundary, dry tiles of one ID, mixed tiles by
//! their IDs; `?` marks an ID the fit scoring it did not have; a tree's
//! colour is the one it was drawn in). `PRINT_HALVES=1` prints each
//! half's fit too.

// Sums over colour channels and the textbook's solver read best with indices.
#![allow(clippy::needless_range_loop)]

mod explain;
mod fit;
mod model;
mod samples;
mod source;
mod water;

use explain::{explain, explain_kinds};
use fit::fit;
use model::score;
use samples::{collect, Ids, MapSamples};
use source::{print_fit, source};
use std::path::{Path, PathBuf};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let write = args.iter().any(|a| a == "--write");
    let corpus = args
        .iter()
        .find(|a| !a.starts_with("--"))
        .map(PathBuf::from)
        .or_else(|| std::env::var("MAPSCOPE_CORPUS").ok().map(PathBuf::from))
        .unwrap_or_else(|| PathBuf::from("../shared/corpus"));
    let mut ids = Ids::default();
    let maps = collect(&corpus, &mut ids);
    let tiles: usize = maps.iter().map(|m| m.tiles.len()).sum();
    println!(
        "{} maps, {tiles} tiles, {} ground IDs, {} cliff IDs, {} tree IDs",
        maps.len(),
        ids.ground.len(),
        ids.cliff.len(),
        ids.trees.len()
    );
    let unseen = held_out(&halves(&maps), &ids);
    let mut worst = unseen.clone();
    worst.sort_by(|a, b| b.1.total_cmp(&a.1));
    println!(
        "on maps the fit did not see: mean {:.2}, worst {:.2}, {} above 22:",
        mean(&unseen),
        worst[0].1,
        worst.iter().filter(|w| w.1 > 22.0).count()
    );
    for (name, e) in worst.iter().take(8) {
        println!("  {e:5.1}  {name}");
    }
    for (name, e) in unseen.iter().filter(|u| u.0.contains("beta")) {
        println!("  {e:5.1}  {name} (a beta)");
    }
    print_by_tileset(&maps, &unseen);

    let all: Vec<&MapSamples> = maps.iter().collect();
    let fit = fit(&all, &ids);
    let scores = score(&all, &fit, &ids);
    println!(
        "fitted on all {} maps: mean error {:.1}",
        all.len(),
        mean(&scores)
    );
    let mut worst_all = scores.clone();
    worst_all.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (name, e) in worst_all.iter().take(8) {
        println!("  {e:5.1}  {name}");
    }
    print_fit(&fit);
    if write {
        let summary = format!(
            "{} maps of {} ({tiles} tiles): model error {:.1} on all; fitted on each half, {:.1} on the other (worst {:.1}, {})",
            all.len(),
            corpus.display(),
            mean(&scores),
            mean(&unseen),
            worst[0].1,
            worst[0].0,
        );
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("src/mesh/terrain/fitted.rs");
        std::fs::write(&path, source(&fit, &summary)).expect("the table is written");
        println!("wrote {}", path.display());
    }
}

/// Two halves: every other family of maps, taken tileset by tileset, so
/// that each half holds maps of every tileset that two families use. A
/// map is then scored by a fit that never saw it but saw its tileset, as
/// the shipped fit has seen the tilesets of the maps players open.
/// (`SPLIT=families`: every other family in file order, as before, which
/// can leave most maps of a tileset in one half: Snowblind, a Northrend
/// map, was off by 29.6 held out that way, 22.2 this way.)
fn halves(maps: &[MapSamples]) -> [Vec<&MapSamples>; 2] {
    let mut families: Vec<(u8, &str)> = Vec::new();
    for m in maps {
        if !families.iter().any(|f| f.1 == m.family) {
            families.push((m.tiles.first().map_or(0, |t| t.tileset), &m.family));
        }
    }
    if std::env::var("SPLIT").as_deref() != Ok("families") {
        families.sort_by_key(|f| f.0);
    }
    let half_of = |m: &MapSamples| families.iter().position(|f| f.1 == m.family).unwrap() % 2;
    [0, 1].map(|h| maps.iter().filter(|m| half_of(m) == h).collect())
}

/// Fits each half and scores it on the other: each map's error under the
/// fit that did not see it (printing each half's figures, and with
/// `PRINT_HALVES` and `EXPLAIN` its fit and where its errors come from).
fn held_out(halves: &[Vec<&MapSamples>; 2], ids: &Ids) -> Vec<(String, f64)> {
    let mut unseen: Vec<(String, f64)> = Vec::new();
    for h in 0..2 {
        let (train, held) = (&halves[h], &halves[1 - h]);
        let fit = fit(train, ids);
        if std::env::var("PRINT_HALVES").is_ok() {
            print_fit(&fit);
        }
        let (seen, scores) = (score(train, &fit, ids), score(held, &fit, ids));
        if std::env::var("EXPLAIN").is_ok_and(|p| p == "kinds") {
            explain_kinds(held, &fit, ids);
        }
        if let Ok(pat) = std::env::var("EXPLAIN") {
            for m in held
                .iter()
                .filter(|m| pat.split(',').any(|p| m.name.contains(p)))
            {
                explain(m, &fit, ids, held);
            }
        }
        println!(
            "fitted on half {} ({} maps): mean error {:.1} on them, {:.1} on the {} maps it did not see (worst {:.1})",
            h + 1,
            train.len(),
            mean(&seen),
            mean(&scores),
            held.len(),
            scores.iter().map(|s| s.1).fold(0.0, f64::max)
        );
        unseen.extend(scores);
    }
    unseen
}

/// The mean of maps' errors.
fn mean(scores: &[(String, f64)]) -> f64 {
    scores.iter().map(|s| s.1).sum::<f64>() / scores.len().max(1) as f64
}

/// Prints the held-out figures by tileset: maps, mean and worst.
fn print_by_tileset(maps: &[MapSamples], unseen: &[(String, f64)]) {
    let tileset = |name: &str| {
        let m = maps.iter().find(|m| m.name == name);
        m.and_then(|m| m.tiles.first()).map_or(b'?', |t| t.tileset)
    };
    let mut letters: Vec<u8> = unseen.iter().map(|u| tileset(&u.0)).collect();
    letters.sort();
    letters.dedup();
    println!("by tileset, on maps the fit did not see:");
    for letter in letters {
        let of: Vec<&(String, f64)> = unseen.iter().filter(|u| tileset(&u.0) == letter).collect();
        let worst = of.iter().max_by(|a, b| a.1.total_cmp(&b.1)).unwrap();
        let mean = of.iter().map(|u| u.1).sum::<f64>() / of.len() as f64;
        println!(
            "  {} {:3} maps  mean {mean:5.2}  worst {:5.2} {}",
            letter as char,
            of.len(),
            worst.1,
            worst.0
        );
    }
}
