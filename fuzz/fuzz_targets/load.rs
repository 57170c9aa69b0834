//! The whole load path as the viewer runs it: detect, decode, summarise, mesh.
#![no_main]
use libfuzzer_sys::fuzz_target;
use mapscope::formats::{self, LoadOptions};

fuzz_target!(|data: &[u8]| {
    if let Ok(map) = formats::decode(data, &LoadOptions::default()) {
        let _ = mapscope::info::summary_json(&map);
        let _ = mapscope::info::summary_text(&map);
        if let Some(store) = map.voxels() {
            let _ = mapscope::mesh::mesh_all_serial(store, &Default::default());
        }
        if let Some(t) = map.terrain() {
            let _ = mapscope::mesh::terrain::mesh_terrain(t);
        }
        if let Some(w) = map.cells() {
            let _ = mapscope::mesh::cells::mesh_world(w);
        }
    }
});
