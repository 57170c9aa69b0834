//! The Warcraft III analysis on one core, as `mapscope analyze` and the
//! viewer's Analysis window run it, on the corpus's largest 4v4 ladder map
//! (most pathing cells; through `MAPSCOPE_CORPUS` or `../shared/corpus`),
//! else on a synthetic ground of that size (896 x 896 cells, 8 starts, 20
//! mines, walls across it):
//!
//! - `analyze`: both distance matrices and the fairness table;
//! - `ground view`: the viewer's overlay, the field from one start and
//!   every start's walks to its two nearest mines.
//!
//! Run with `cargo bench --bench analysis`.

#[path = "support/corpus.rs"]
mod corpus;
use criterion::{criterion_group, criterion_main, Criterion};
use mapscope::analysis::routes::GroundView;
use mapscope::analysis::{analyze, GroundMap, Start, WalkGrid};
use mapscope::formats::{self, LoadOptions};
use std::path::PathBuf;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The corpus's 4v4 ladder map with the most pathing cells, named.
fn largest_ladder_4v4() -> Option<(String, GroundMap)> {
    let corpus = corpus::corpus_dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(corpus.join("w3x/ladder"))
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .is_some_and(|n| n.to_string_lossy().contains("4v4"))
        })
        .collect();
    files.sort();
    files
        .iter()
        .filter_map(|p| {
            let map = formats::load_path(p, &LoadOptions::default()).ok()?;
            let ground = mapscope::kinds::of(&map).ground_map().ok()?;
            let name = p.file_name()?.to_string_lossy().into_owned();
            Some((name, ground))
        })
        .max_by_key(|(_, g)| g.grid.walkable.len())
}

/// A 4v4-sized ground: open but for walls with gaps every 64 cells, starts
/// near the corners and edges, mines beside them and in the middle.
fn synthetic() -> GroundMap {
    let n = 896u32;
    let walkable = (0..n * n)
        .map(|i| {
            let (x, y) = (i % n, i / n);
            let wall = (x % 64 == 32 && y % 96 > 8) || (y % 64 == 32 && x % 96 > 8);
            !wall
        })
        .collect();
    let at = |x: f32, y: f32| [x * 32.0, y * 32.0];
    let places = [
        (100.0, 100.0),
        (448.0, 90.0),
        (796.0, 100.0),
        (90.0, 448.0),
        (806.0, 448.0),
        (100.0, 796.0),
        (448.0, 806.0),
        (796.0, 796.0),
    ];
    let starts = places
        .iter()
        .enumerate()
        .map(|(i, &(x, y))| Start {
            player: i as u32 + 1,
            forces: vec![usize::from(i >= 4)],
            at: at(x, y),
        })
        .collect();
    let mut mines: Vec<[f32; 2]> = places.iter().map(|&(x, y)| at(x + 12.0, y + 6.0)).collect();
    mines.extend(
        places
            .iter()
            .map(|&(x, y)| at((x + 448.0) / 2.0, (y + 448.0) / 2.0)),
    );
    mines.extend([
        at(448.0, 448.0),
        at(300.0, 600.0),
        at(600.0, 300.0),
        at(600.0, 600.0),
    ]);
    GroundMap {
        grid: WalkGrid {
            width: n,
            height: n,
            walkable,
            origin: [0.0, 0.0],
            cell: 32.0,
        },
        starts,
        mines,
    }
}

fn analysis(c: &mut Criterion) {
    let (name, ground) = largest_ladder_4v4().unwrap_or_else(|| {
        eprintln!("no corpus: a synthetic 896 x 896-cell ground stands in for the largest 4v4 map");
        ("synthetic 4v4".into(), synthetic())
    });
    eprintln!(
        "{name}: {} x {} cells, {} starts, {} mines",
        ground.grid.width,
        ground.grid.height,
        ground.starts.len(),
        ground.mines.len()
    );
    let mut g = c.benchmark_group("analysis");
    g.sample_size(10);
    g.bench_function(format!("analyze {name}"), |b| b.iter(|| analyze(&ground)));
    let player = ground.starts[0].player;
    g.bench_function(format!("ground view {name}"), |b| {
        b.iter(|| GroundView::new(&ground, player).unwrap())
    });
    g.finish();
}

criterion_group!(benches, analysis);
criterion_main!(benches);
