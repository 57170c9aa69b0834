//! The minimap view against the game's own minimaps: every corpus map with
//! a `war3mapMap.blp` is drawn as `mapscope render --view minimap` draws it
//! and compared with that picture at one colour a tile (both cropped to the
//! playable area and box-filtered), and a synthetic map shows each tile in
//! exactly its fitted colour.

mod common;

use common::{cannot_run, corpus_dir};
use mapscope::formats::{self, LoadOptions};
use mapscope::kinds::views::{self, View};
use mapscope::mesh::terrain::game_colors;
use mapscope::minimap::{self, mean_abs_diff};
use mapscope::render::headless::Headless;
use mapscope::store::warcraft::Picture;
use mapscope::store::Map;
use std::path::{Path, PathBuf};

/// The mean error over the corpus may not pass this, nor any map's
/// `WORST` (0-255 a channel).
const MEAN: f32 = 20.0;
const WORST: f32 = 35.0;

fn gpu() -> Option<Headless> {
    match Headless::new() {
        Ok(g) => Some(g),
        Err(e) => {
            cannot_run("minimap rendering tests", &e.to_string());
            None
        }
    }
}

/// `map` drawn by the minimap view at `width` x `height`.
fn minimap_view(gpu: &mut Headless, map: &Map, width: u32, height: u32) -> Picture {
    let camera = views::camera_for(map, View::Minimap, width as f32 / height as f32, 60.0)
        .expect("a minimap camera");
    let options = views::styled(map, View::Minimap, &Default::default());
    let scene = views::scene(map, &gpu.renderer, &gpu.gpu.device, false);
    let rgba = gpu.picture(&scene, &camera, width, height, &options);
    Picture {
        width,
        height,
        rgba,
    }
}

/// Every archive and map folder under the corpus's `w3x` folder.
fn corpus_maps(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for sub in ["ladder", "war3net", "folder"] {
        if let Ok(entries) = std::fs::read_dir(dir.join("w3x").join(sub)) {
            out.extend(entries.filter_map(|e| e.ok().map(|e| e.path())));
        }
    }
    out.sort();
    out
}

#[test]
fn the_minimap_view_matches_the_games_own_minimaps() {
    let Some(dir) = corpus_dir() else {
        eprintln!("no corpus: the synthetic minimap test covers the view");
        return;
    };
    let Some(mut gpu) = gpu() else { return };
    let mut rows = Vec::new();
    for path in corpus_maps(&dir) {
        let map = formats::load_path(&path, &LoadOptions::default()).expect("a corpus map opens");
        let w = map.warcraft().expect("a Warcraft III map");
        let Some(reference) = minimap::reference(w) else {
            continue;
        };
        let blp = w.minimap.as_ref().unwrap();
        let drawn = minimap_view(&mut gpu, &map, blp.width, blp.height);
        let ours = minimap::reduce(&drawn, reference.tiles);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        rows.push((name, mean_abs_diff(&ours.colors, &reference.colors)));
    }
    assert!(!rows.is_empty(), "the corpus has maps with minimaps");
    let mean = rows.iter().map(|r| r.1).sum::<f32>() / rows.len() as f32;
    let mut sorted = rows.clone();
    sorted.sort_by(|a, b| b.1.total_cmp(&a.1));
    println!("mean absolute RGB difference to the game's minimap, one pixel a tile:");
    for (name, e) in &rows {
        println!("{e:6.1}  {name}");
    }
    println!("{} maps: mean {mean:.1}; worst five:", rows.len());
    for (name, e) in sorted.iter().take(5) {
        println!("{e:6.1}  {name}");
    }
    assert!(mean <= MEAN, "mean error {mean:.1} > {MEAN}");
    assert!(
        sorted[0].1 <= WORST,
        "{} is off by {:.1} > {WORST}",
        sorted[0].0,
        sorted[0].1
    );
}

#[test]
fn each_tile_shows_its_fitted_colour_and_the_bars_are_black() {
    let Some(mut gpu) = gpu() else { return };
    let bytes = mapscope::samples::w3x_archive(0, Default::default());
    let mut map = formats::decode(&bytes, &LoadOptions::default()).expect("the sample opens");
    let w = map.warcraft_mut().expect("a Warcraft III map");
    // West half grass, east half Barrens dirt; no cliffs, no water.
    let t = &mut w.terrain;
    t.ground_textures = vec![*b"Lgrs", *b"Bdrr"];
    let width = t.width as usize;
    for (i, p) in t.tilepoints.iter_mut().enumerate() {
        p.set_texture(u8::from(i % width >= width / 2));
        p.set_layer_and_cliff_texture(2, 0);
        p.set_flag(mapscope::store::terrain::Tilepoint::WATER, false);
    }
    // Playable area 28 x 26 tiles: bars above and below in a square picture.
    w.info.as_mut().unwrap().bounds_complements = [2, 2, 2, 4];
    let tiles = w.playable_tiles().expect("a playable area");
    let (cols, rows) = (tiles[2] - tiles[0], tiles[3] - tiles[1]);
    let drawn = minimap_view(&mut gpu, &map, 8 * cols, 8 * cols);
    let got = minimap::reduce(&drawn, tiles);
    let (grass, dirt) = (game_colors::ground(b"Lgrs"), game_colors::ground(b"Bdrr"));
    let mut checked = 0;
    for r in 0..rows {
        for c in 0..cols {
            let x = tiles[0] + c;
            // Tiles wholly on one side of the seam.
            let want = if x + 1 < width as u32 / 2 {
                grass
            } else if x >= width as u32 / 2 {
                dirt
            } else {
                continue;
            };
            let have = got.colors[(r * cols + c) as usize];
            for k in 0..3 {
                assert!(
                    (have[k] - want[k] as f32).abs() <= 2.0,
                    "tile ({c}, {r}): {have:?}, not {want:?}"
                );
            }
            checked += 1;
        }
    }
    assert!(checked > cols * rows / 2);
    // The rows above the playable area are bars: black.
    let bar = (8 * cols - 8 * rows) / 2;
    assert!(bar >= 4);
    for y in 0..bar - 1 {
        for x in 0..8 * cols {
            let i = 4 * (y * 8 * cols + x) as usize;
            assert_eq!(&drawn.rgba[i..i + 3], &[0, 0, 0], "bar pixel ({x}, {y})");
        }
    }
}
