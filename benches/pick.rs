//! A pick on the largest Warcraft III map (Ekrezem's Maze, about 15,000
//! units, doodads and trees): against the instances placed for drawing,
//! as the viewer picks, and placing every object again, as it used to.
//! The corpus map is needed (`MAPSCOPE_CORPUS` or `../shared/corpus`).
//! Run with `cargo bench --bench pick`.

#[path = "support/corpus.rs"]
mod corpus;
use criterion::{criterion_group, criterion_main, Criterion};
use mapscope::formats::{self, LoadOptions};
use mapscope::kinds::{self, views};
use mapscope::mesh::objects::{object_instances, Shown};
use mapscope::store::Map;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn ekrezem() -> Option<Map> {
    let dir = corpus::corpus_dir();
    let ladder = std::fs::read_dir(dir.join("w3x/ladder")).ok()?;
    let path = ladder
        .filter_map(|e| e.ok().map(|e| e.path()))
        .find(|p| p.to_string_lossy().contains("EkrezemsMaze"))?;
    formats::load_path(&path, &LoadOptions::default()).ok()
}

fn pick(c: &mut Criterion) {
    let Some(map) = ekrezem() else {
        eprintln!("no corpus: Ekrezem's Maze is needed for this benchmark");
        return;
    };
    let kind = kinds::of(&map);
    let placed = object_instances(map.warcraft().unwrap());
    // The overview camera's ray through the middle of a 1280 x 720 view,
    // where the maze's trees stand.
    let camera = views::camera_for(&map, views::View::Overview, 16.0 / 9.0, 60.0).unwrap();
    let (origin, dir) = views::ray(&camera, 640.0, 360.0, 1280.0, 720.0);
    let mut g = c.benchmark_group("pick_ekrezem");
    g.bench_function("placed instances", |b| {
        b.iter(|| kind.pick_shown(origin, dir, Shown::default(), Some(&placed)))
    });
    g.bench_function("placing every object again", |b| {
        b.iter(|| kind.pick_shown(origin, dir, Shown::default(), None))
    });
    g.finish();
}

criterion_group!(benches, pick);
criterion_main!(benches);
