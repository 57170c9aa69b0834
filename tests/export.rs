//! `mapscope export`: synthetic maps of every kind and a few corpus maps
//! exported to glTF, read back by the `gltf` crate, and their vertex and
//! triangle counts held to the viewer's own meshes; OBJ and `.gltf` + `.bin`
//! written and read; existing files never replaced without --force.
//!
//! Every corpus map: `MAPSCOPE_EXPORT_EVERY_CORPUS_MAP=1 cargo test --release
//! --test export` (a few minutes in a debug build, so off by default).

mod common;

use common::mapscope;
use mapscope::export::{self, ExportOptions, Model};
use mapscope::formats::{self, Format, LoadOptions};
use mapscope::mesh::objects::shape_triangles;
use mapscope::mesh::{face_count, MapMeshes};
use mapscope::store::cells::AlwLayout;
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
use mapscope::store::{Content, Map, Metadata};
use std::path::{Path, PathBuf};
use std::process::Output;

/// Vertices and triangles the viewer draws for `meshes`.
fn viewer_counts(m: &MapMeshes) -> (usize, usize) {
    let faces = face_count(&m.chunks) + face_count(&m.water);
    let (mut v, mut t) = (4 * faces, 2 * faces);
    if let Some(tri) = &m.triangles {
        let n = tri.opaque.len() + tri.one_sided.len() + tri.translucent.len();
        v += n;
        t += n / 2;
    }
    if let Some(w) = &m.world {
        v += w.faces.len();
        t += w.faces.len() / 2;
    }
    if let Some(o) = &m.objects {
        for (g, list) in &o.groups {
            let shape = shape_triangles(g.shape()).len();
            v += list.len() * shape;
            t += list.len() * shape / 3;
        }
    }
    (v, t)
}

/// Vertices and triangles of a glTF file as the `gltf` crate reads it:
/// every node of the scene, each mesh counted once a node showing it.
fn gltf_counts(bytes: &[u8]) -> (usize, usize) {
    let g = gltf::Gltf::from_slice(bytes).expect("a valid glTF");
    let blob = g.blob.as_deref();
    let scene = g.default_scene().expect("a default scene");
    let (mut v, mut t) = (0, 0);
    let mut stack: Vec<gltf::Node> = scene.nodes().collect();
    while let Some(n) = stack.pop() {
        stack.extend(n.children());
        let Some(mesh) = n.mesh() else { continue };
        for p in mesh.primitives() {
            let reader = p.reader(|_| blob);
            let positions = reader.read_positions().expect("positions").count();
            let colors = reader
                .read_colors(0)
                .expect("colours")
                .into_rgba_u16()
                .count();
            assert_eq!(positions, colors);
            let indices = reader.read_indices().expect("indices").into_u32();
            let mut count = 0;
            for i in indices {
                assert!((i as usize) < positions, "index {i} past {positions}");
                count += 1;
            }
            assert_eq!(count % 3, 0);
            v += positions;
            t += count / 3;
        }
    }
    (v, t)
}

/// Exports `map` both ways and checks the counts; returns the .glb sizes
/// (merged, unmerged).
fn check_map(label: &str, map: &Map) -> (usize, usize) {
    let meshes = mapscope::kinds::mesh(map);
    let (v, t) = viewer_counts(&meshes);
    assert!(t > 0, "{label}: nothing drawn");
    let plain = mapscope::kinds::export_model(map, &meshes, &ExportOptions { merge: false });
    assert_eq!((plain.vertices(), plain.triangles()), (v, t), "{label}");
    let bytes = export::glb_bytes(&plain).unwrap();
    assert_eq!(gltf_counts(&bytes), (v, t), "{label}: read back");
    let merged = mapscope::kinds::export_model(map, &meshes, &ExportOptions { merge: true });
    let merged_bytes = export::glb_bytes(&merged).unwrap();
    let (mv, mt) = gltf_counts(&merged_bytes);
    assert!(mv <= v && mt <= t, "{label}: merging added triangles");
    if meshes.chunks.is_empty() {
        assert_eq!((mv, mt), (v, t), "{label}: only voxel faces merge");
    }
    (merged_bytes.len(), bytes.len())
}

/// A 64 x 64 x 64 voxel map of terraces in two colours: plenty to merge.
fn terraces() -> Map {
    let d = 64u32;
    let mut s = VoxelStore::new(64, 64, d, FourthByte::Shade);
    for y in 0..64u32 {
        for x in 0..64u32 {
            let h = 2 + (x / 16 + y / 16) * 3;
            s.push_slab(Slab {
                top: (d - h) as u16,
                top_len: 1,
                bottom: d as u16,
                bottom_len: 0,
            });
            s.push_colors([if (x / 16) % 2 == 0 {
                0x80_30_A0_40
            } else {
                0x80_A0_80_50
            }]);
            s.end_column();
        }
    }
    common::aos_map(s)
}

fn w3x_map() -> Map {
    let bytes = mapscope::samples::w3x_archive(40, Default::default());
    formats::decode(&bytes, &LoadOptions::default()).unwrap()
}

#[test]
fn every_kind_of_synthetic_map_reads_back_with_the_viewers_counts() {
    let vxl = terraces();
    let (merged, plain) = check_map("vxl", &vxl);
    assert!(
        merged * 4 < plain,
        "merging shrank {plain} bytes only to {merged}"
    );
    // VMF: the bottom layer becomes water, drawn translucent.
    let vmf_bytes = mapscope::kinds::encode(&vxl, Format::Vmf).unwrap();
    let vmf = formats::decode(&vmf_bytes, &LoadOptions::default()).unwrap();
    check_map("vmf", &vmf);
    let alw = Map {
        format: Format::Alw,
        meta: Metadata::default(),
        content: Content::Cells(mapscope::samples::alw_room(12, 10, AlwLayout::Engine)),
    };
    check_map("alw", &alw);
    check_map("w3x", &w3x_map());
}

/// The named nodes of a model, depth first.
fn names(m: &Model) -> Vec<String> {
    m.all_nodes().map(|n| n.name.clone()).collect()
}

#[test]
fn nodes_are_named_by_chunk_part_and_object() {
    let vxl = terraces();
    let m = mapscope::kinds::export_model(
        &vxl,
        &mapscope::kinds::mesh(&vxl),
        &ExportOptions::default(),
    );
    let n = names(&m);
    assert!(
        n.contains(&"chunk 0,0".to_string()) && n.contains(&"chunk 1,1".to_string()),
        "{n:?}"
    );
    // Up is +Y, from the map's bottom at Y = 0: the lowest terrace is 2
    // voxels thick, the highest 20 (the bottom itself is never drawn).
    let ys = m
        .meshes
        .iter()
        .flat_map(|x| &x.primitives)
        .flat_map(|p| &p.positions)
        .map(|p| p[1]);
    let (lo, hi) = ys.fold((f32::MAX, f32::MIN), |(a, b), y| (a.min(y), b.max(y)));
    assert_eq!(lo, 2.0);
    assert_eq!(hi, 2.0 + 3.0 * 6.0);

    let w3x = w3x_map();
    let meshes = mapscope::kinds::mesh(&w3x);
    let m = mapscope::kinds::export_model(&w3x, &meshes, &ExportOptions::default());
    let n = names(&m);
    for want in ["terrain", "ground", "objects", "Trees", "Start locations"] {
        assert!(n.iter().any(|x| x == want), "{want} missing from {n:?}");
    }
    // One mesh for every tree: instances share it.
    let trees = m
        .all_nodes()
        .filter(|x| x.name.starts_with("Trees "))
        .count();
    assert_eq!(
        trees,
        meshes
            .objects
            .as_ref()
            .unwrap()
            .group(mapscope::mesh::objects::Group::Trees)
            .len()
    );
    let tree_meshes = m
        .meshes
        .iter()
        .filter(|x| x.name.starts_with("Trees"))
        .count();
    assert_eq!(tree_meshes, 1);

    let alw = Map {
        format: Format::Alw,
        meta: Metadata::default(),
        content: Content::Cells(mapscope::samples::alw_room(12, 10, AlwLayout::Engine)),
    };
    let m = mapscope::kinds::export_model(
        &alw,
        &mapscope::kinds::mesh(&alw),
        &ExportOptions::default(),
    );
    let materials: Vec<&str> = m.materials.iter().map(|x| x.name.as_str()).collect();
    for want in ["redbricks", "floorbrick", "stone_ceiling"] {
        assert!(
            materials.contains(&want),
            "{want} missing from {materials:?}"
        );
    }
    let floors = m
        .meshes
        .iter()
        .find(|x| x.name == "floors")
        .expect("floors");
    // Floors face up (+Y) in glTF: counter-clockwise seen from above.
    let p = &floors.primitives[0];
    let i = &p.indices;
    let [a, b, c] = [i[0], i[1], i[2]].map(|k| p.positions[k as usize]);
    let (u, v) = ([b[0] - a[0], b[2] - a[2]], [c[0] - a[0], c[2] - a[2]]);
    // y of cross((b - a), (c - a)) = u.z * v.x - u.x * v.z
    assert!(u[1] * v[0] - u[0] * v[1] > 0.0, "a floor faces down");
}

fn scratch(test: &str) -> common::Scratch {
    common::scratch_dir("export", test)
}

fn export_cmd(input: &Path, output: &Path, extra: &[&str]) -> Output {
    let mut args: Vec<&std::ffi::OsStr> =
        vec!["export".as_ref(), input.as_os_str(), output.as_os_str()];
    args.extend(extra.iter().map(|s| std::ffi::OsStr::new(*s)));
    mapscope(&args)
}

#[test]
fn the_command_writes_glb_gltf_and_obj_and_never_overwrites_without_force() {
    let dir = scratch("cli");
    let map = dir.join("terraces.vxl");
    std::fs::write(
        &map,
        mapscope::kinds::encode(&terraces(), Format::AosVxl).unwrap(),
    )
    .unwrap();
    let glb = dir.join("t.glb");
    let run = export_cmd(&map, &glb, &[]);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let first = std::fs::read(&glb).unwrap();
    assert!(gltf_counts(&first).1 > 0);
    // Refused without --force, naming the file; the file is untouched.
    let again = export_cmd(&map, &glb, &["--no-merge"]);
    assert!(!again.status.success());
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(
        err.contains("t.glb exists") && err.contains("--force"),
        "{err}"
    );
    assert_eq!(std::fs::read(&glb).unwrap(), first);
    let forced = export_cmd(&map, &glb, &["--no-merge", "--force"]);
    assert!(forced.status.success());
    assert!(
        std::fs::read(&glb).unwrap().len() > first.len(),
        "--no-merge is larger"
    );

    // .gltf with its .bin: the JSON names the buffer, and reads back whole.
    let gltf_path = dir.join("with space.gltf");
    assert!(export_cmd(&map, &gltf_path, &[]).status.success());
    let doc = gltf::Gltf::from_slice(&std::fs::read(&gltf_path).unwrap()).unwrap();
    let bin = std::fs::read(dir.join("with space.bin")).unwrap();
    let buffer = doc.buffers().next().unwrap();
    match buffer.source() {
        gltf::buffer::Source::Uri(u) => assert_eq!(u, "with%20space.bin"),
        gltf::buffer::Source::Bin => panic!("a .gltf names its .bin"),
    }
    assert_eq!(buffer.length(), bin.len());

    // OBJ with its MTL: a vertex line a vertex, with colours.
    let obj = dir.join("t.obj");
    assert!(export_cmd(&map, &obj, &[]).status.success());
    let text = std::fs::read_to_string(&obj).unwrap();
    let mtl = std::fs::read_to_string(dir.join("t.mtl")).unwrap();
    assert!(text.contains("mtllib t.mtl") && mtl.contains("newmtl voxels"));
    let merged = mapscope::kinds::export_model(
        &terraces(),
        &mapscope::kinds::mesh(&terraces()),
        &Default::default(),
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("v ")).count(),
        merged.vertices()
    );
    assert_eq!(
        text.lines().filter(|l| l.starts_with("f ")).count(),
        merged.triangles()
    );
    assert!(
        text.lines()
            .find(|l| l.starts_with("v "))
            .unwrap()
            .split(' ')
            .count()
            == 7
    );

    // An unknown extension and a broken map: one line each, exit 1.
    let bad = export_cmd(&map, &dir.join("t.fbx"), &[]);
    assert!(String::from_utf8_lossy(&bad.stderr).contains(".glb, .gltf or .obj"));
    let junk = dir.join("junk.vxl");
    std::fs::write(&junk, b"Voxel Animation\0 and more").unwrap();
    let broken = export_cmd(&junk, &dir.join("j.glb"), &[]);
    assert_eq!(broken.status.code(), Some(1));
    assert_eq!(String::from_utf8_lossy(&broken.stderr).lines().count(), 1);
    assert!(!dir.join("j.glb").exists());
}

/// Corpus maps to export: every one with MAPSCOPE_EXPORT_EVERY_CORPUS_MAP=1,
/// else one of each folder's first.
fn corpus_maps() -> Vec<PathBuf> {
    let Some(dir) = common::corpus_dir() else {
        eprintln!("no corpus: the synthetic maps cover export");
        return Vec::new();
    };
    let every = std::env::var("MAPSCOPE_EXPORT_EVERY_CORPUS_MAP").is_ok_and(|v| v == "1");
    let mut out = Vec::new();
    for sub in ["vxl", "w3e", "w3x/ladder", "w3x/war3net", "w3x/folder"] {
        let mut maps: Vec<PathBuf> = std::fs::read_dir(dir.join(sub))
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| {
                p.is_dir()
                    || p.extension().is_some_and(|e| {
                        ["vxl", "w3e", "w3x", "w3m"]
                            .contains(&e.to_string_lossy().to_lowercase().as_str())
                    })
            })
            .collect();
        maps.sort();
        if !every {
            maps.truncate(1);
        }
        out.extend(maps);
    }
    out
}

#[test]
fn corpus_maps_read_back_with_the_viewers_counts() {
    let mut report = String::new();
    for path in corpus_maps() {
        let map = formats::load_path(&path, &LoadOptions::default()).unwrap();
        let (merged, plain) = check_map(&path.display().to_string(), &map);
        report.push_str(&format!("{}\t{merged}\t{plain}\n", path.display()));
    }
    if let Ok(out) = std::env::var("MAPSCOPE_EXPORT_SIZES") {
        std::fs::write(out, report).unwrap();
    }
}
