//! Quick meshing timings on one core, for iterating on the mesher: the best
//! and median of many runs per corpus map (the best is what noise on a
//! shared machine disturbs least; the maps are meshed in rounds, each map
//! once a round, so that the load's changes fall on them all), and a hash
//! of the whole output, so that two versions of the mesher can be checked
//! to give the same meshes.
//!
//! `cargo run --release --example mesh_timing [runs] [name part]` (corpus maps
//! and tall synthetic ones, `samples::tall_voxels` and the shapes of real
//! tall maps, `samples::aos_one_voxels` and `samples::voxlap_voxels`;
//! `MESH_TIMING_PARALLEL=1`: with `mesh::mesh_all`, on every core, as the
//! viewer meshes; `MESH_TIMING_SUNK=1`: each 64-deep map sunk into 256 as
//! well, `samples::sunk`; `MESH_TIMING_TILED=1`: each 64-deep corpus map
//! tiled two by two as well, `samples::tiled`). Last, the 64-deep corpus
//! maps' faces a second together (all their faces over all their best, or
//! median, times), and each deeper map's, and the tiled maps' together, as
//! a share of that: the machine's load, which moves both, cancels out.

use mapscope::formats::{self, LoadOptions};
use mapscope::mesh::{self, ChunkMesh, MeshOptions};
use mapscope::store::voxels::VoxelStore;
use std::path::PathBuf;
use std::time::Instant;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// FNV-1a over every face, range and bound, in chunk order; faces sorted
/// within each direction, whose order the mesher does not promise.
fn hash(meshes: &[ChunkMesh]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    let mut eat = |v: u32| {
        h ^= v as u64;
        h = h.wrapping_mul(0x100_0000_01b3);
    };
    for m in meshes {
        eat(m.chunk as u32);
        for d in 0..6 {
            let mut faces: Vec<(u32, u32)> = m.dir_faces(d).iter().map(|f| (f.a, f.b)).collect();
            faces.sort_unstable();
            for (a, b) in faces {
                eat(a);
                eat(b);
            }
        }
        for r in &m.dir_ranges {
            eat(r.start);
            eat(r.end);
        }
        for v in m.bounds_min.iter().chain(&m.bounds_max) {
            eat(v.to_bits());
        }
    }
    h
}

fn main() {
    // As the program runs (no huge pages), before the maps are made.
    mapscope::lean_heap();
    let runs: usize = std::env::args()
        .nth(1)
        .map_or(50, |s| s.parse().expect("runs"));
    let only = std::env::args().nth(2).unwrap_or_default();
    let (mut maps, corpus) = files(&only);
    synthetic(&only, &mut maps);
    // Each 64-deep map again sunk into 256 (air above it): the same faces,
    // through the tall maps' path.
    if std::env::var_os("MESH_TIMING_SUNK").is_some() {
        let sunk = shallow_copies(&maps, "sunk to 256", |s| mapscope::samples::sunk(s, 256));
        maps.extend(sunk);
    }
    // Each 64-deep corpus map tiled two by two (`samples::tiled`, 1024
    // wide): its shape at a tall map's size, for what size alone costs.
    let tiled_from = maps.len();
    if std::env::var_os("MESH_TIMING_TILED").is_some() {
        let tiled = shallow_copies(&maps[..corpus], "tiled 2x2", mapscope::samples::tiled);
        maps.extend(tiled);
    }
    // On every core, as the viewer meshes, rather than on one.
    let parallel = std::env::var_os("MESH_TIMING_PARALLEL").is_some();
    // The corpus's 64-deep maps' faces and times, together: what deeper
    // maps are held to, measured in the same minutes.
    let opts = MeshOptions::default();
    let mesh_once = |store: &VoxelStore| {
        let t = Instant::now();
        if parallel {
            std::hint::black_box(mesh::mesh_all(store, &opts));
        } else {
            std::hint::black_box(mesh::mesh_all_serial(store, &opts));
        }
        t.elapsed().as_secs_f64()
    };
    // A round meshes every map once, so that a change in the machine's
    // load over the minutes of the run falls on all the maps alike.
    let mut times = vec![Vec::with_capacity(runs); maps.len()];
    for _ in 0..runs {
        for ((_, store), times) in maps.iter().zip(&mut times) {
            times.push(mesh_once(store));
        }
    }
    let (mut shallow, mut tiled) = ([0.0f64; 3], [0.0f64; 3]);
    let mut deep = Vec::new();
    for (i, ((name, store), times)) in maps.iter().zip(&mut times).enumerate() {
        let meshes = mesh::mesh_all_serial(store, &opts);
        let faces = mesh::face_count(&meshes);
        times.sort_by(f64::total_cmp);
        let (best, median) = (times[0], times[runs / 2]);
        println!(
            "{:32} {faces:8} faces  best {:6.2} ms ({:5.1} M/s)  median {:6.2} ms  hash {:016x}",
            name,
            best * 1e3,
            faces as f64 / best / 1e6,
            median * 1e3,
            hash(&meshes),
        );
        let add = |sum: [f64; 3]| [sum[0] + faces as f64, sum[1] + best, sum[2] + median];
        if i < corpus && store.depth() == 64 {
            shallow = add(shallow);
        } else if i >= tiled_from {
            tiled = add(tiled);
        } else if store.depth() > 64 {
            deep.push((name.as_str(), faces as f64 / best, faces as f64 / median));
        }
    }
    if tiled[0] > 0.0 {
        let name = "64-deep corpus maps tiled 2x2";
        deep.push((name, tiled[0] / tiled[1], tiled[0] / tiled[2]));
    }
    print_shares(shallow, &deep);
}

/// The corpus's VXL maps whose names hold `only` (and how many), then the
/// files `MESH_TIMING_FILES` names.
fn files(only: &str) -> (Vec<(String, VoxelStore)>, usize) {
    let dir = std::env::var("MAPSCOPE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"))
        .join("vxl");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "vxl"))
        .filter(|p| p.to_string_lossy().contains(only))
        .collect();
    paths.sort();
    let corpus = paths.len();
    let mut maps: Vec<(String, VoxelStore)> = Vec::new();
    for path in paths {
        let bytes = std::fs::read(&path).unwrap();
        let map = formats::decode(&bytes, &LoadOptions::default()).unwrap();
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        maps.push((name, map.voxels().unwrap().clone()));
    }
    // Other files, `PATH:WxLxH` (e.g. `examples/make_demo`'s larger maps).
    for spec in std::env::var("MESH_TIMING_FILES")
        .unwrap_or_default()
        .split(',')
        .filter(|p| !p.is_empty())
    {
        let (path, size) = spec.split_once(':').expect("PATH:WxLxH");
        let dims: Vec<u32> = size.split('x').map(|v| v.parse().unwrap()).collect();
        let bytes = std::fs::read(path).unwrap();
        let load = LoadOptions {
            vxl_size: Some([dims[0], dims[1], dims[2]]),
            ..Default::default()
        };
        let map = formats::decode(&bytes, &load).unwrap();
        maps.push((path.to_string(), map.voxels().unwrap().clone()));
    }
    (maps, corpus)
}

/// Tall synthetic maps, which the corpus lacks, whose names hold `only`.
fn synthetic(only: &str, maps: &mut Vec<(String, VoxelStore)>) {
    // Tall maps, which the corpus lacks.
    for (side, depth) in [(128, 64), (512, 240), (512, 256), (1024, 256)] {
        let name = format!("tall {side}x{side}x{depth}");
        if name.contains(only) {
            maps.push((name, mapscope::samples::tall_voxels(side, depth)));
        }
    }
    // Tall maps shaped like real ones (`samples::aos_one_voxels`,
    // `samples::voxlap_voxels`): an AoS 1.x map's colourless floor and
    // island, Voxlap's demo map's hills and overhangs.
    type Make = fn(u32) -> VoxelStore;
    // (Voxlap's at 512 too: what a map's size, apart from its shape, costs
    // beside the 512-wide corpus maps.)
    let like_real: [(&str, u32, Make); 3] = [
        ("AoS 1.x", 512, mapscope::samples::aos_one_voxels),
        ("Voxlap", 512, mapscope::samples::voxlap_voxels),
        ("Voxlap", 1024, mapscope::samples::voxlap_voxels),
    ];
    for (what, side, make) in like_real {
        let name = format!("like {what} {side}x{side}x256");
        if name.contains(only) {
            maps.push((name, make(side)));
        }
    }
    // Voxlap's demo map by its own figures (`samples::voxlap_demo_voxels`:
    // its 2.1 M faces and 1.85 M coloured voxels at 1024, where
    // `voxlap_voxels`' steeper hills have 5.3 M).
    let name = "demo-like Voxlap 1024x1024x256".to_string();
    if name.contains(only) {
        maps.push((name, mapscope::samples::voxlap_demo_voxels(1024, 256)));
    }
}

/// The 64-deep ones of `maps`, each made into another by `make` and named
/// as it was with `what` after.
fn shallow_copies(
    maps: &[(String, VoxelStore)],
    what: &str,
    make: impl Fn(&VoxelStore) -> VoxelStore,
) -> Vec<(String, VoxelStore)> {
    maps.iter()
        .filter(|(_, s)| s.depth() == 64)
        .map(|(n, s)| (format!("{n} {what}"), make(s)))
        .collect()
}

/// The corpus's 64-deep maps' faces a second together (`shallow`: their
/// faces, best times and median times, summed), and each other map's
/// (`deep`: its name, and its faces a second at its best and median; the
/// deeper maps and the tiled ones together) as a share of theirs.
fn print_shares(shallow: [f64; 3], deep: &[(&str, f64, f64)]) {
    if shallow[0] > 0.0 {
        let [faces, best, median] = shallow;
        let (best, median) = (faces / best, faces / median);
        println!(
            "64-deep corpus maps together: best {:5.1} M/s, median {:5.1} M/s; other maps' faces a second as a share of theirs:",
            best / 1e6,
            median / 1e6
        );
        for (name, b, m) in deep {
            println!("  {name:32} best {:.2}  median {:.2}", b / best, m / median);
        }
    }
}
