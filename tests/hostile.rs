//! Bad input: thousands of truncated, bit-flipped and huge-header files, from
//! the corpus and from the project's own writers, for every format. Each must
//! decode or fail with an error: never panic, never hang, and never allocate
//! more than a small multiple of the input.
//!
//! One test per binary on purpose: the allocation counter is process-wide.

mod common;

use common::mutation::{apply, Mutation};

use common::counting::{LIVE, PEAK};
use common::{corpus_files, Rng};
use mapscope::formats::mpq::write::FileOptions;
use mapscope::formats::{self, Format, LoadOptions};
use mapscope::store::cells::AlwLayout;
use mapscope::store::terrain::W3eTerrain;
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
use mapscope::store::{Content, Map, Metadata};
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

#[global_allocator]
static COUNTING: common::counting::Counting = common::counting::Counting;

/// The most a decode may allocate for `len` input bytes. VMF's store is
/// compact (surface colours only), the rest hold about what the file holds.
/// Map archives may also hold bzip2's working state, which is up to 3.6 MB
/// for its largest blocks whatever the input's size.
fn allowance(len: usize, archive: bool) -> usize {
    8 * len + (1 << 20) + if archive { 4 << 20 } else { 0 }
}

fn synthetic_voxels(w: u32, l: u32, d: u32) -> VoxelStore {
    let mut rng = Rng(w as u64 * 31 + d as u64);
    let mut s = VoxelStore::new(w, l, d, FourthByte::Shade);
    for _ in 0..l {
        for _ in 0..w {
            let top = (d / 2 + rng.below(d as usize / 4) as u32) as u16;
            s.push_slab(Slab {
                top,
                top_len: 2,
                bottom: d as u16,
                bottom_len: 0,
            });
            s.push_colors([rng.next() as u32, rng.next() as u32]);
            s.end_column();
        }
    }
    s.finish();
    s
}

fn seeds() -> Vec<(String, Vec<u8>)> {
    let mut out = Vec::new();
    let voxels = |format| Map {
        format,
        meta: Metadata::default(),
        content: Content::Voxels(synthetic_voxels(16, 16, 64)),
    };
    for format in [Format::AosVxl, Format::VoxlapVxl, Format::Vmf] {
        out.push((
            format.label().to_string(),
            mapscope::kinds::encode(&voxels(format), format).unwrap(),
        ));
    }
    for layout in AlwLayout::ALL {
        let world = mapscope::samples::alw_room(12, 9, layout);
        let map = Map {
            format: Format::Alw,
            meta: Metadata::default(),
            content: Content::Cells(world),
        };
        out.push((
            format!("ALW {}", layout.id()),
            mapscope::kinds::encode(&map, Format::Alw).unwrap(),
        ));
    }
    for version in [11, 12] {
        let map = Map {
            format: Format::W3e,
            meta: Metadata::default(),
            content: Content::Terrain(W3eTerrain::flat(17, 13, version)),
        };
        out.push((
            format!("W3E v{version}"),
            mapscope::kinds::encode(&map, Format::W3e).unwrap(),
        ));
    }
    // Map archives: the terrain stored every way an archive can, protected
    // or not, and the smallest corpus archives.
    let w3e = out.last().expect("a W3E seed").1.clone();
    for (how, bytes) in mapscope::samples::archive_variants("war3map.w3e", &w3e) {
        out.push((format!("W3X {how}"), bytes));
    }
    out.push((
        "W3X melee sample".into(),
        mapscope::samples::w3x_archive(6, FileOptions::default()),
    ));
    let mut archives = corpus_files("w3x/war3net", "w3m");
    archives.sort_by_key(|p| std::fs::metadata(p).map_or(0, |m| m.len()));
    for p in archives.iter().take(2) {
        out.push((p.display().to_string(), std::fs::read(p).unwrap()));
    }
    for (sub, ext) in [("vxl", "vxl"), ("w3e", "w3e"), ("invalid", "vxl")] {
        for p in corpus_files(sub, ext) {
            out.push((p.display().to_string(), std::fs::read(&p).unwrap()));
        }
    }
    out
}

fn mutation(rng: &mut Rng, len: usize) -> Mutation {
    match rng.below(3) {
        0 => Mutation::Truncate(rng.below(len)),
        1 => Mutation::flips(rng, len),
        _ => {
            let v = [u32::MAX, 0x7FFF_FFFF, 0x8000_0000, 0x0001_0000, 0xFFFF][rng.below(5)];
            Mutation::Lie(rng.below(len.min(128)), v)
        }
    }
}

#[test]
fn mutated_files_fail_cleanly_in_bounded_time_and_memory() {
    let seeds = seeds();
    let mut rng = Rng(0x6d61_7073_636f_7065);
    let (mut runs, mut errors) = (0usize, 0usize);
    let options = LoadOptions::default();
    for (name, seed) in &seeds {
        // Corpus maps are large: fewer rounds each, more for the small synthetic files.
        let rounds = if seed.len() > 100_000 { 60 } else { 500 };
        let mut cases: Vec<Mutation> = (0..rounds)
            .map(|_| mutation(&mut rng, seed.len()))
            .collect();
        cases.extend([0, 1, 3, 4, 7, 8, 64, 91, 107, 108].map(Mutation::Truncate));
        for case in &cases {
            let bytes = apply(seed, case);
            let base = LIVE.load(Relaxed);
            PEAK.store(base, Relaxed);
            let start = Instant::now();
            let result = std::panic::catch_unwind(|| formats::decode(&bytes, &options));
            let took = start.elapsed();
            let used = PEAK.load(Relaxed) - base;
            let what = match case {
                Mutation::Truncate(n) => format!("cut at {n}"),
                Mutation::Flip(b) => format!("bits {b:?}"),
                Mutation::Lie(at, v) => format!("{v:#x} at {at}"),
            };
            let Ok(result) = result else {
                panic!("{name}, {what}: the decoder panicked");
            };
            errors += result.is_err() as usize;
            if let Err(e) = &result {
                // One line, naming a field and a byte offset (or what was tried).
                let text = e.to_string();
                assert!(!text.contains('\n'), "{name}, {what}: {text}");
            }
            assert!(
                used <= allowance(bytes.len(), formats::mpq::sniff(seed).is_ok()),
                "{name}, {what}: {used} bytes allocated for {} input bytes",
                bytes.len()
            );
            assert!(
                took < Duration::from_secs(5),
                "{name}, {what}: took {took:?}"
            );
            runs += 1;
        }
    }
    eprintln!("{runs} mutated files, {errors} refused");
    assert!(runs >= 3000, "only {runs} mutated files");
    assert!(
        errors > runs / 4,
        "suspiciously few errors: {errors} of {runs}"
    );
}
