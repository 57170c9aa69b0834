//! Decoding speed: VXL maps (corpus when present, else a synthetic map) and a
//! 481 x 481 W3E terrain. Run with `cargo bench --bench decode`.

#[path = "support/corpus.rs"]
mod corpus;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mapscope::formats::{self, Format, LoadOptions};
use mapscope::store::terrain::W3eTerrain;
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
use mapscope::store::{Content, Map, Metadata};

// The same allocator as the mapscope binary.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn corpus_vxl() -> Vec<(String, Vec<u8>)> {
    let dir = corpus::corpus_dir().join("vxl");
    let mut out: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|e| e == "vxl"))
        .map(|p| {
            let name = p.file_stem().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    out.sort();
    if out.is_empty() {
        out.push(("synthetic".into(), synthetic_vxl()));
    }
    out
}

/// 512 x 512 x 64 hills with a few colours a column.
fn synthetic_vxl() -> Vec<u8> {
    let mut s = VoxelStore::new(512, 512, 64, FourthByte::Shade);
    for y in 0..512u32 {
        for x in 0..512u32 {
            let top = 32 + ((x as f32 / 20.0).sin() * 10.0 + (y as f32 / 30.0).cos() * 8.0) as u16;
            s.push_slab(Slab {
                top,
                top_len: 3,
                bottom: 64,
                bottom_len: 0,
            });
            s.push_colors([0x8040_8020 + x, 0x8030_7010 + y, 0x8020_6000]);
            s.end_column();
        }
    }
    s.finish();
    let map = Map {
        format: Format::AosVxl,
        meta: Metadata::default(),
        content: Content::Voxels(s),
    };
    mapscope::kinds::encode(&map, Format::AosVxl).unwrap()
}

fn vxl(c: &mut Criterion) {
    let mut g = c.benchmark_group("vxl_decode");
    for (name, bytes) in corpus_vxl() {
        g.throughput(Throughput::Bytes(bytes.len() as u64));
        g.bench_with_input(BenchmarkId::from_parameter(&name), &bytes, |b, bytes| {
            b.iter(|| formats::decode(bytes, &LoadOptions::default()).unwrap())
        });
    }
    g.finish();
}

fn w3e(c: &mut Criterion) {
    let map = Map {
        format: Format::W3e,
        meta: Metadata::default(),
        content: Content::Terrain(W3eTerrain::flat(481, 481, 11)),
    };
    let bytes = mapscope::kinds::encode(&map, Format::W3e).unwrap();
    let mut g = c.benchmark_group("w3e_decode");
    g.throughput(Throughput::Bytes(bytes.len() as u64));
    g.bench_function("481x481", |b| {
        b.iter(|| formats::decode(&bytes, &LoadOptions::default()).unwrap())
    });
    g.finish();
}

criterion_group!(benches, vxl, w3e);
criterion_main!(benches);
