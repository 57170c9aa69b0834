//! The diff itself, after decoding (`mapscope::open_diff::compare`: the
//! kinds' model and the files whose bytes differ), on one core:
//!
//! - two 512 x 512 x 64 voxel maps, and two 1024 x 1024 x 256 ones, with
//!   overhangs and caves, the second with a few hundred columns edited;
//! - two 4v4 Warcraft III maps: Nightopia at two seasons (the corpus's
//!   `versions`, through `MAPSCOPE_CORPUS` or `../shared/corpus`).
//!
//! Run with `cargo bench --bench diff`.

#[path = "support/corpus.rs"]
mod corpus;
use criterion::{criterion_group, criterion_main, Criterion};
use mapscope::diff::files::Source;
use mapscope::formats::{Format, LoadOptions};
use mapscope::open_diff::{compare, Side};
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
use mapscope::store::{Content, Map, Metadata};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A natural-looking voxel map `n` x `n` x `d`: rolling ground, a cave
/// band under part of it (an overhang over air), a few colours a column.
/// `edited` raises the ground of a 20 x 20 patch and fills a cave.
fn voxels(n: u32, d: u32, edited: bool) -> Side {
    let mut s = VoxelStore::new(n, n, d, FourthByte::Shade);
    let k = d as f32 / 64.0;
    for y in 0..n {
        for x in 0..n {
            let (fx, fy) = (x as f32, y as f32);
            let h = ((fx / 23.0).sin() * 9.0 + (fy / 31.0).cos() * 7.0 + 20.0) * k;
            let mut top = (d as f32 - 8.0 * k - h).clamp(1.0, (d - 2) as f32) as u32;
            let patch = (100..120).contains(&x) && (100..120).contains(&y);
            if edited && patch {
                top -= 3;
            }
            let color = 0x8000_0000 | (x % 256) << 16 | (y % 256) << 8 | 0x40;
            let cave = ((fx / 41.0).sin() + (fy / 37.0).cos()) > 0.8 && !(edited && patch);
            let runs: Vec<(u32, u32)> = match cave {
                true => {
                    let c0 = top + 3 * k as u32 + 2;
                    let c1 = (c0 + 4 * k as u32 + 2).min(d - 1);
                    vec![(top, c0), (c1, d)]
                }
                false => vec![(top, d)],
            };
            for (a, b) in runs {
                let len = b - a;
                let tl = len.min(3);
                let bl = if b == d { 0 } else { (len - tl).min(1) };
                s.push_slab(Slab {
                    top: a as u16,
                    top_len: tl as u16,
                    bottom: b as u16,
                    bottom_len: bl as u16,
                });
                s.push_colors((0..tl + bl).map(|i| color + i));
            }
            s.end_column();
        }
    }
    s.finish();
    let map = Map {
        format: Format::VoxlapVxl,
        meta: Metadata::default(),
        content: Content::Voxels(s),
    };
    let bytes = mapscope::kinds::encode(&map, Format::VoxlapVxl).unwrap();
    Side {
        source: Source::File {
            name: "map.vxl".into(),
            bytes,
        },
        map,
        unpacked: Vec::new(),
    }
}

fn nightopia() -> Option<(Side, Side)> {
    let dir = corpus::corpus_dir();
    let v = dir.join("versions");
    let load = |c: &str| {
        Side::load(
            &v.join(format!("Nightopia_{c}.w3x")),
            &LoadOptions::default(),
        )
        .ok()
    };
    Some((load("2025-06-22_1d75322")?, load("2025-09-07_83da33d")?))
}

fn diff(c: &mut Criterion) {
    let mut g = c.benchmark_group("diff");
    g.sample_size(20);
    let (a, b) = (voxels(512, 64, false), voxels(512, 64, true));
    let d = compare(&a, &b).unwrap();
    assert!(d.voxels.as_ref().unwrap().columns_changed >= 400);
    g.bench_function("voxels 512x512x64", |bench| {
        bench.iter(|| compare(&a, &b).unwrap())
    });
    drop((a, b));
    let (a, b) = (voxels(1024, 256, false), voxels(1024, 256, true));
    g.bench_function("voxels 1024x1024x256", |bench| {
        bench.iter(|| compare(&a, &b).unwrap())
    });
    drop((a, b));
    match nightopia() {
        Some((a, b)) => {
            g.bench_function("warcraft 4v4 (Nightopia)", |bench| {
                bench.iter(|| compare(&a, &b).unwrap())
            });
        }
        None => eprintln!("no corpus: the Warcraft III diff needs versions/Nightopia_*.w3x"),
    }
    g.finish();
}

criterion_group!(benches, diff);
criterion_main!(benches);
