//! CPU time of meshing a 481 x 481 W3E and a 256 x 256 ALW world (the busy
//! synthetic maps of `benches/terrain.rs`), and the corpus's hilliest VXL
//! maps on one core when the corpus is there, per mesh, from the process's
//! own CPU clock: a figure that holds on a shared, loaded machine, where
//! wall-clock benchmarks do not. Run with
//! `RAYON_NUM_THREADS=1 cargo run --release --no-default-features --example mesh_cpu -- 20`.

#[path = "../benches/support/busy.rs"]
mod busy;

use mapscope::formats::{self, LoadOptions};
use mapscope::mesh::{self, cells, terrain, MeshOptions};
use std::path::PathBuf;
use std::time::Instant;

/// User + system CPU seconds of this process so far (Linux).
fn cpu_seconds() -> f64 {
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap_or_default();
    // Fields after the command name (which may hold spaces) start at ") ".
    let rest = stat.rsplit_once(") ").map_or("", |(_, r)| r);
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime are fields 14 and 15 of stat, 11 and 12 after ") ".
    (ticks(11) + ticks(12)) / 100.0
}

/// Runs `f` `n` times; `f` meshes `units` of `unit` and returns how many of
/// `what` it made.
fn measure(
    name: &str,
    (units, unit, what): (f64, &str, &str),
    n: u32,
    mut f: impl FnMut() -> usize,
) {
    let mut out = f(); // warm up
    let (c0, t0) = (cpu_seconds(), Instant::now());
    for _ in 0..n {
        out = out.max(f());
    }
    let cpu = (cpu_seconds() - c0) / n as f64;
    let wall = t0.elapsed().as_secs_f64() / n as f64;
    println!(
        "{name}: {:.2} ms CPU, {:.2} ms wall a mesh; {:.1} ns CPU a {unit}; {out} {what}",
        cpu * 1e3,
        wall * 1e3,
        cpu * 1e9 / units
    );
}

fn main() {
    let n: u32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    let t = busy::busy_w3e(481);
    measure(
        "W3E 481x481",
        (480.0 * 480.0, "tile", "vertices"),
        n,
        || {
            let m = terrain::mesh_terrain(&t);
            m.opaque.len() + m.translucent.len()
        },
    );
    let w = busy::busy_alw(256);
    measure(
        "ALW 256x256",
        (256.0 * 256.0, "cell", "vertices"),
        n,
        || cells::mesh_world(&w).faces.len(),
    );
    let corpus = std::env::var("MAPSCOPE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"));
    for name in [
        "openspades_Title",
        "pique_classicgen.saved",
        "vengi_aceofspades",
    ] {
        let Ok(bytes) = std::fs::read(corpus.join("vxl").join(format!("{name}.vxl"))) else {
            continue;
        };
        let map = formats::decode(&bytes, &LoadOptions::default()).expect("a corpus map");
        let store = map.voxels().expect("voxels");
        let faces = mesh::face_count(&mesh::mesh_all_serial(store, &MeshOptions::default()));
        // Ten times the runs: a voxel map meshes in a few milliseconds.
        measure(name, (faces as f64, "face", "faces"), 10 * n, || {
            mesh::face_count(&mesh::mesh_all_serial(store, &MeshOptions::default()))
        });
    }
}
