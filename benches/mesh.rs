//! Meshing speed on one core, in faces a second: corpus maps when present,
//! else a synthetic 512 x 512 x 64 map; and tall synthetic maps
//! (`samples::tall_voxels`, and `samples::aos_one_voxels` and
//! `samples::voxlap_voxels`, shaped like real ones). Run with
//! `cargo bench --bench mesh`.

#[path = "support/corpus.rs"]
mod corpus;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use mapscope::formats::{self, LoadOptions};
use mapscope::mesh::{self, MeshOptions};
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn stores() -> Vec<(String, VoxelStore)> {
    let dir = corpus::corpus_dir().join("vxl");
    let mut out = Vec::new();
    for name in [
        "openspades_Title",
        "spadesx_Triangle_Hell",
        "vengi_aceofspades",
    ] {
        if let Ok(bytes) = std::fs::read(dir.join(format!("{name}.vxl"))) {
            let map = formats::decode(&bytes, &LoadOptions::default()).unwrap();
            out.push((name.to_string(), map.voxels().unwrap().clone()));
        }
    }
    if out.is_empty() {
        let mut s = VoxelStore::new(512, 512, 64, FourthByte::Shade);
        for y in 0..512u32 {
            for x in 0..512u32 {
                let top =
                    32 + ((x as f32 / 9.0).sin() * 10.0 + (y as f32 / 7.0).cos() * 8.0) as u16;
                s.push_slab(Slab {
                    top,
                    top_len: 3,
                    bottom: 64,
                    bottom_len: 0,
                });
                s.push_colors([0x8040_8020, 0x8030_7010, 0x8020_6000]);
                s.end_column();
            }
        }
        s.finish();
        out.push(("synthetic hills".into(), s));
    }
    // Tall maps (the corpus has none): AoS 1.x's 240 and Voxlap's 256 deep,
    // with caves and arches.
    for (side, depth) in [(512, 240), (512, 256), (1024, 256)] {
        let store = mapscope::samples::tall_voxels(side, depth);
        out.push((format!("tall {side}x{side}x{depth}"), store));
    }
    // Shaped like real tall maps: an AoS 1.x map's colourless floor round
    // an island, Voxlap's demo map's hills over overhangs.
    out.push((
        "like AoS 1.x 512".into(),
        mapscope::samples::aos_one_voxels(512),
    ));
    out.push((
        "like Voxlap 1024".into(),
        mapscope::samples::voxlap_voxels(1024),
    ));
    out
}

fn mesh(c: &mut Criterion) {
    // As the program runs (no huge pages), before the maps are made.
    mapscope::lean_heap();
    let mut g = c.benchmark_group("mesh_one_core");
    for (name, store) in stores() {
        let faces = mesh::face_count(&mesh::mesh_all_serial(&store, &MeshOptions::default()));
        g.throughput(Throughput::Elements(faces as u64));
        g.bench_with_input(BenchmarkId::from_parameter(&name), &store, |b, s| {
            b.iter(|| mesh::mesh_all_serial(s, &MeshOptions::default()))
        });
    }
    g.finish();
}

criterion_group!(benches, mesh);
criterion_main!(benches);
