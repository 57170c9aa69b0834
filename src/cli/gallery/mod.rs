//! `mapscope gallery DIR -o OUTDIR`: every map under a folder drawn from
//! the top and as an overview, with an `index.html` of cards.
//!
//! Maps are decoded and meshed on all cores (a pool of their own, so that
//! the GPU thread's work never waits on a decoder blocked on the queue)
//! and drawn one after another on the one GPU, by the same code as
//! `mapscope render`. A map that fails to decode or draw is a failed card,
//! never the end of the run. A second run skips maps whose pictures are
//! newer than the map, keeping their cards from `gallery.json`.

mod card;
mod find;
mod page;

use super::render::{draw, Look};
use anyhow::{Context, Result};
use card::Card;
use find::Found;
use indicatif::{ProgressBar, ProgressStyle};
use mapscope::formats::{self, LoadOptions};
use mapscope::kinds::views::{self, View};
use mapscope::mesh::MapMeshes;
use mapscope::render::headless::{self, Headless};
use mapscope::render::RenderOptions;
use mapscope::store::Map;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// The views drawn for each map, and the suffix of their pictures.
const VIEWS: [(View, &str); 2] = [(View::Top, "top"), (View::Overview, "overview")];

/// Maps decoded ahead of the GPU, at most: bounds the memory they hold.
const QUEUE: usize = 2;

/// The pictures of a map with stem `stem`.
fn pictures(stem: &str) -> Vec<String> {
    VIEWS
        .iter()
        .map(|(_, suffix)| format!("{stem}-{suffix}.png"))
        .collect()
}

/// Whether every picture of `stem` in `out` is newer than the map.
fn fresh(out: &Path, stem: &str, found: &Found) -> bool {
    pictures(stem).iter().all(|p| {
        std::fs::metadata(out.join(p))
            .and_then(|m| m.modified())
            .is_ok_and(|t| t >= found.modified)
    })
}

/// The message of a panic, for a failed card.
fn panic_message(p: Box<dyn std::any::Any + Send>) -> String {
    let what = p
        .downcast_ref::<String>()
        .cloned()
        .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
        .unwrap_or_else(|| "unknown".into());
    format!("mapscope failed on this map ({what})")
}

/// One line of an error: its chain joined, newlines folded.
fn one_line(e: &anyhow::Error) -> String {
    format!("{e:#}").replace('\n', " ")
}

/// Decodes and meshes one map (on a decoding thread).
fn decode(found: &Found, load: &LoadOptions) -> Result<(Map, MapMeshes), String> {
    if let Some(why) = &found.not_a_map {
        return Err(why.clone());
    }
    catch_unwind(AssertUnwindSafe(|| {
        let map = formats::load_path(&found.path, load).map_err(|e| e.to_string())?;
        let meshes = mapscope::kinds::mesh(&map);
        Ok((map, meshes))
    }))
    .unwrap_or_else(|p| Err(panic_message(p)))
}

/// Fills `card` from the decoded map.
fn describe(card: &mut Card, map: &Map) {
    if let Some(name) = map.meta.name.as_deref().filter(|n| !n.trim().is_empty()) {
        card.name = name.trim().to_string();
    }
    card.author = map.meta.author.clone().filter(|a| !a.trim().is_empty());
    card.format = map.format.label().to_string();
    let (dims, unit) = mapscope::kinds::of(map).size();
    card.size = format!(
        "{} {unit}",
        dims.iter()
            .map(u32::to_string)
            .collect::<Vec<_>>()
            .join(" x ")
    );
    card.area = dims.iter().take(2).map(|&d| d as u64).product();
    use mapscope::analysis::{self, PlayMap};
    card.fairness = match mapscope::kinds::play_map(map) {
        Ok(PlayMap::Ground(g)) => analysis::report::summary(&analysis::analyze(&g)),
        // A voxel map: where each team can go and the fairness table's
        // walks (no other witnesses on a card).
        Ok(PlayMap::Reach(m)) => {
            analysis::reach::report::summary(&analysis::reach::analyze_fairness(&m))
        }
        Err(_) => None,
    };
}

/// Draws both views of a decoded map into `out`.
fn draw_map(
    gpu: &mut Headless,
    map: &Map,
    meshes: &MapMeshes,
    out: &Path,
    stem: &str,
    size: [u32; 2],
) -> Result<()> {
    let options = RenderOptions::default();
    let scene = views::upload(map, meshes, &gpu.renderer, &gpu.gpu.device, true);
    for ((view, _), file) in VIEWS.iter().zip(pictures(stem)) {
        let rgba = draw(gpu, map, &scene, &Look::view(*view), size, &options)?;
        headless::write_png(&out.join(file), &rgba, size[0], size[1], true)?;
    }
    Ok(())
}

/// A card with what is known before decoding.
fn blank_card(found: &Found, dir: &Path, out: &Path) -> Card {
    let abs = |p: &Path| std::path::absolute(p).unwrap_or_else(|_| p.to_path_buf());
    let rel = found
        .path
        .strip_prefix(dir)
        .ok()
        .filter(|r| !r.as_os_str().is_empty())
        .map(Path::to_path_buf)
        .unwrap_or_else(|| PathBuf::from(found.path.file_name().unwrap_or_default()));
    let shown = rel.to_string_lossy().into_owned();
    let stem = card::stem_of(&shown);
    Card {
        path: shown,
        href: card::href(&card::relative(&abs(&found.path), &abs(out))),
        pictures: pictures(&stem),
        stem,
        name: found
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
        author: None,
        format: String::new(),
        size: String::new(),
        area: 0,
        bytes: found.bytes,
        error: None,
        fairness: None,
    }
}

/// Makes the gallery of `dir` in `out`, pictures `size` pixels.
pub fn gallery(dir: &Path, out: &Path, size: [u32; 2], load: &LoadOptions) -> Result<()> {
    let start = Instant::now();
    // "No maps found" would send the user looking for maps that are not
    // the problem.
    std::fs::metadata(dir).with_context(|| format!("cannot read {}", dir.display()))?;
    std::fs::create_dir_all(out).with_context(|| format!("cannot make {}", out.display()))?;
    let skip = out.canonicalize().ok();
    let found = find::find_maps(dir, skip.as_deref());
    if found.is_empty() {
        anyhow::bail!("no maps found under {}", dir.display());
    }
    let previous = card::load(out);
    let mut cards: Vec<Card> = found.iter().map(|f| blank_card(f, dir, out)).collect();
    // Maps to draw: those whose pictures are missing or older than the map,
    // or that have no card from the last run.
    let mut todo = Vec::new();
    for (i, f) in found.iter().enumerate() {
        match previous.get(&cards[i].stem) {
            Some(old) if old.error.is_none() && fresh(out, &cards[i].stem, f) => {
                cards[i] = old.clone();
            }
            _ => todo.push(i),
        }
    }
    let skipped = found.len() - todo.len();
    let bar = ProgressBar::new(found.len() as u64);
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} maps, {elapsed} {wide_msg}")
            .expect("a valid template"),
    );
    bar.inc(skipped as u64);
    if !todo.is_empty() {
        let mut gpu = Headless::new().context("the gallery draws its pictures on a GPU")?;
        bar.println(format!("drawing on {}", gpu.gpu.describe()));
        let pool = rayon::ThreadPoolBuilder::new()
            .thread_name(|i| format!("gallery-decode-{i}"))
            .build()
            .context("cannot start the decoding threads")?;
        let (tx, rx) = std::sync::mpsc::sync_channel(QUEUE);
        std::thread::scope(|s| {
            let (todo, found) = (&todo, &found);
            s.spawn(move || {
                use rayon::prelude::*;
                pool.install(|| {
                    todo.par_iter().for_each_with(tx, |tx, &i| {
                        let _ = tx.send((i, decode(&found[i], load)));
                    });
                });
            });
            for (i, decoded) in rx {
                let card = &mut cards[i];
                bar.set_message(card.path.clone());
                match decoded {
                    Ok((map, meshes)) => {
                        describe(card, &map);
                        let drawn = catch_unwind(AssertUnwindSafe(|| {
                            draw_map(&mut gpu, &map, &meshes, out, &card.stem, size)
                                .map_err(|e| one_line(&e))
                        }))
                        .unwrap_or_else(|p| Err(panic_message(p)));
                        card.error = drawn.err();
                    }
                    Err(e) => card.error = Some(e.replace('\n', " ")),
                }
                bar.inc(1);
            }
        });
    }
    bar.finish_and_clear();
    let title = format!("Maps in {}", dir.display());
    let index = out.join("index.html");
    std::fs::write(&index, page::index_html(&title, &cards))
        .with_context(|| format!("cannot write {}", index.display()))?;
    card::save(out, &cards)
        .with_context(|| format!("cannot write the cards in {}", out.display()))?;
    let failed = cards.iter().filter(|c| c.error.is_some()).count();
    println!(
        "wrote {}: {} maps ({} drawn, {skipped} up to date, {failed} failed) in {:.1} s",
        index.display(),
        cards.len(),
        todo.iter().filter(|&&i| cards[i].error.is_none()).count(),
        start.elapsed().as_secs_f64()
    );
    Ok(())
}
