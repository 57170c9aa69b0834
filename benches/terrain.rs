//! Meshing speed for W3E terrain and ALW worlds, on one core: the largest
//! real sizes (481 x 481 tilepoints, 256 x 256 cells), built synthetically
//! with hills, cliffs, ramps and water (W3E) or rooms, steps, slopes and
//! trims (ALW), plus the largest corpus W3E when present. Run with
//! `cargo bench --bench terrain`.

#[path = "support/corpus.rs"]
mod corpus;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mapscope::formats::{self, LoadOptions};
use mapscope::mesh::{cells, terrain};
use mapscope::store::terrain::W3eTerrain;

#[path = "support/busy.rs"]
mod busy;
use busy::{busy_alw, busy_w3e};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn corpus_w3e() -> Option<(String, W3eTerrain)> {
    let dir = corpus::corpus_dir();
    let name = "w3c_L_EkrezemsMaze_225";
    let bytes = std::fs::read(dir.join("w3e").join(format!("{name}.w3e"))).ok()?;
    let map = formats::decode(&bytes, &LoadOptions::default()).ok()?;
    Some((name.into(), map.terrain()?.clone()))
}

fn w3e(c: &mut Criterion) {
    let mut g = c.benchmark_group("w3e_mesh");
    let mut maps = vec![("synthetic 481x481".to_string(), busy_w3e(481))];
    maps.extend(corpus_w3e());
    for (name, t) in maps {
        let tiles = (t.width as u64 - 1) * (t.height as u64 - 1);
        g.throughput(Throughput::Elements(tiles));
        g.bench_with_input(BenchmarkId::from_parameter(&name), &t, |b, t| {
            b.iter(|| terrain::mesh_terrain(t))
        });
    }
    g.finish();
}

fn alw(c: &mut Criterion) {
    let mut g = c.benchmark_group("alw_mesh");
    let w = busy_alw(256);
    g.throughput(Throughput::Elements(w.cells.len() as u64));
    g.bench_with_input(
        BenchmarkId::from_parameter("synthetic 256x256"),
        &w,
        |b, w| b.iter(|| cells::mesh_world(w)),
    );
    g.finish();
}

criterion_group!(benches, w3e, alw);
criterion_main!(benches);
