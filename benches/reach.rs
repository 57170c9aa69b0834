//! Where each team can go on an Ace of Spades map, on one core, as
//! `mapscope analyze` and the viewer's Analysis window run it: on each of
//! the corpus's 512 x 512 x 64 maps (through `MAPSCOPE_CORPUS` or
//! `../shared/corpus`), else on a synthetic one of that size shaped like
//! them (rolling ground a few blocks high over the sea, a few cliffs):
//!
//! - `reach`: the search and its regions, no witnesses (what `diff` runs);
//! - `reach+witnesses`: all of it, 10 witnesses a team.
//!
//! Run with `cargo bench --bench reach`.

#[path = "support/corpus.rs"]
mod corpus;
use criterion::{criterion_group, criterion_main, Criterion};
use mapscope::analysis::reach::{analyze, analyze_with, ReachMap};
use mapscope::formats::{self, LoadOptions};
use std::path::PathBuf;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn corpus_maps() -> Vec<(String, ReachMap)> {
    let corpus = corpus::corpus_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus.join("vxl"))
        .map(|d| d.flatten().map(|e| e.path()).collect())
        .unwrap_or_default();
    files.retain(|p| p.extension().is_some_and(|e| e == "vxl"));
    files.sort();
    files
        .iter()
        .filter_map(|p| {
            let map = formats::load_path(p, &LoadOptions::default()).ok()?;
            let reach = mapscope::kinds::of(&map).reach_map().ok()?;
            Some((p.file_stem()?.to_string_lossy().into_owned(), reach))
        })
        .collect()
}

/// Rolling ground over the sea, as the corpus's natural maps are.
fn synthetic() -> ReachMap {
    use mapscope::walk::Solids;
    let mut solids = Solids::empty(512, 512, 64);
    for y in 0..512u32 {
        for x in 0..512u32 {
            let (fx, fy) = (x as f32 / 40.0, y as f32 / 53.0);
            let top = 52.0 + 6.0 * (fx.sin() + fy.cos()) + 3.0 * ((fx + fy) * 2.3).sin();
            solids.set_run(x, y, (top as u32).min(63), 64);
        }
    }
    let team = |k: u8, x0: f32| mapscope::analysis::reach::TeamArea {
        team: k,
        label: format!("team {k}"),
        min: [x0, 128.0],
        max: [x0 + 128.0, 384.0],
    };
    ReachMap {
        solids,
        teams: vec![team(0, 0.0), team(1, 384.0)],
    }
}

fn bench(c: &mut Criterion) {
    // As the program runs (no huge pages), before the maps are made.
    mapscope::lean_heap();
    let mut maps = corpus_maps();
    if maps.is_empty() {
        maps.push(("synthetic rolling 512x512x64".into(), synthetic()));
    }
    let mut g = c.benchmark_group("reach");
    g.sample_size(10);
    for (name, map) in &maps {
        g.bench_function(format!("reach {name}"), |b| b.iter(|| analyze_with(map, 0)));
        g.bench_function(format!("reach+witnesses {name}"), |b| {
            b.iter(|| analyze(map))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
