//! The voxel mesher checked against the reference mesher
//! (`mesh::reference`), which asks `VoxelStore::solid` and
//! `VoxelStore::color` about every voxel: face sets,
//! colours and AO on random stores of several depths, chunk borders, hand-made
//! shapes, and the real maps of the corpus.

mod common;

use common::meshes::{assert_same, check_mesh_shape};
use common::{corpus_files, Rng};
use mapscope::mesh::reference::{brute_faces, from_face, mesher_faces, FaceAt as F};
use mapscope::mesh::{self, MeshOptions, CORNERS, DIR_DOWN, DIR_NEG_X, DIR_POS_X, DIR_UP};
use mapscope::store::voxels::{Color, FourthByte, Slab, VoxelStore};

/// A store from a function giving each column's slabs with their colours.
fn build(
    w: u32,
    l: u32,
    d: u32,
    fourth: FourthByte,
    mut col: impl FnMut(u32, u32) -> Vec<(Slab, Vec<Color>)>,
) -> VoxelStore {
    let mut s = VoxelStore::new(w, l, d, fourth);
    for y in 0..l {
        for x in 0..w {
            for (slab, colors) in col(x, y) {
                assert_eq!(slab.colors(), colors.len());
                s.push_slab(slab);
                s.push_colors(colors);
            }
            s.end_column();
        }
    }
    s.finish();
    s.validate().unwrap();
    s
}

/// A fully coloured slab `[top, bottom)` of one colour.
fn slab(top: u32, bottom: u32, color: Color) -> (Slab, Vec<Color>) {
    let h = (bottom - top) as u16;
    (
        Slab {
            top: top as u16,
            top_len: h,
            bottom: bottom as u16,
            bottom_len: 0,
        },
        vec![color; h as usize],
    )
}

/// Random slabs with gaps, random colour runs (often leaving exposed voxels
/// uncoloured), some all-air columns, some columns down to the bottom, and a
/// smooth ground so that faces have neighbours for AO.
fn random_store(w: u32, l: u32, d: u32, seed: u64) -> VoxelStore {
    random_store_with(w, l, d, seed, false)
}

/// [`random_store`]; with `coloured_tops`, every slab (but one column's)
/// starts with a colour run, as every VXL slab does (the mesher has a path
/// of its own for rows like that).
fn random_store_with(w: u32, l: u32, d: u32, seed: u64, coloured_tops: bool) -> VoxelStore {
    let mut rng = Rng(seed);
    build(w, l, d, FourthByte::Shade, |x, y| {
        let mut v = Vec::new();
        if rng.below(20) == 0 {
            return v;
        }
        let ground =
            (d / 2) + ((x as f32 * 0.3).sin() * (y as f32 * 0.2).cos() * d as f32 / 4.0) as u32;
        let mut z = rng.below(ground as usize + 1) as u32;
        while z < d {
            let to_ground = z < ground && rng.below(3) == 0;
            let bottom = if to_ground {
                ground.max(z + 1)
            } else {
                (z + 1 + rng.below(10) as u32).min(d)
            };
            let h = bottom - z;
            // One column with an uncoloured top all the same, which the
            // mesher takes another way than the columns around it.
            let top_len = if coloured_tops && (x, y) != (3, 7) {
                1 + rng.below(h as usize) as u32
            } else {
                rng.below(h as usize + 1) as u32
            };
            v.push(random_colours(&mut rng, z, bottom, top_len));
            z = bottom + 1 + rng.below(12) as u32;
        }
        if rng.below(2) == 0 && v.last().is_some_and(|(s, _)| (s.bottom as u32) < d - 1) {
            let top = v.last().unwrap().0.bottom as u32 + 1;
            v.push(slab(top, d, rng.next() as u32));
        }
        v
    })
}

/// A slab `[top, bottom)` with `top_len` random top colours and a random
/// run of bottom colours below them.
fn random_colours(rng: &mut Rng, top: u32, bottom: u32, top_len: u32) -> (Slab, Vec<Color>) {
    let bottom_len = rng.below((bottom - top - top_len) as usize + 1) as u32;
    let colors = (0..top_len + bottom_len)
        .map(|_| rng.next() as u32)
        .collect();
    (
        Slab {
            top: top as u16,
            top_len: top_len as u16,
            bottom: bottom as u16,
            bottom_len: bottom_len as u16,
        },
        colors,
    )
}

/// Terrain as real maps have it: most columns one slab from a bumpy ground
/// down to the bottom, with steps of a few voxels between neighbours, tops
/// from the very top of the map to its bottom layer, some floating slabs,
/// some all-air columns, and most tops coloured.
fn terrain_store(w: u32, l: u32, d: u32, seed: u64) -> VoxelStore {
    let mut rng = Rng(seed);
    build(w, l, d, FourthByte::Shade, |x, y| {
        let mut v = Vec::new();
        if rng.below(40) == 0 {
            return v;
        }
        let wave = (x as f32 * 0.35).sin() * (y as f32 * 0.25).cos();
        let ground = ((d - 1) as f32 * (0.5 + 0.6 * wave)) as i64 + rng.below(4) as i64;
        let top = ground.clamp(0, d as i64 - 1) as u32;
        if top > 4 && rng.below(10) == 0 {
            let t = rng.below(top as usize - 3) as u32;
            let b = (t + 1 + rng.below(2) as u32).min(top - 1);
            v.push(slab(t, b, rng.next() as u32));
        }
        let h = d - top;
        // A few slabs start uncoloured, as a few in real files do.
        let top_len = if rng.below(50) == 0 {
            0
        } else {
            1 + rng.below(h.min(4) as usize) as u32
        };
        v.push(random_colours(&mut rng, top, d, top_len));
        v
    })
}

#[test]
fn random_terrain_matches_the_brute_force_mesher() {
    for (i, (w, l, d)) in [(64, 64, 64), (50, 70, 50), (40, 33, 63), (33, 40, 64)]
        .into_iter()
        .enumerate()
    {
        let s = terrain_store(w, l, d, 100 + i as u64);
        let meshes = mesh::mesh_all_serial(&s, &opts());
        for m in &meshes {
            check_mesh_shape(&s, m);
        }
        let got = mesher_faces(&s, &meshes);
        let want = brute_faces(&s, 0..w, 0..l);
        // Tops at the map's top and bottom, and side faces of every
        // direction, some of them shaded.
        assert!(want.iter().any(|f| f.dir == DIR_UP && f.z == 0));
        assert!(want.iter().any(|f| f.dir == DIR_UP && f.z == d - 1));
        for dir in 0..DIR_UP {
            assert!(want.iter().any(|f| f.dir == dir && f.ao != [3; 4]));
        }
        assert_same(&got, &want, &format!("terrain {w}x{l}x{d}"));
    }
}

fn opts() -> MeshOptions {
    MeshOptions::default()
}

#[test]
fn a_voxel_in_the_air_shows_six_faces_and_one_on_the_bottom_five() {
    for (z, want) in [(3u32, 6usize), (7, 5), (0, 6)] {
        let s = build(5, 5, 8, FourthByte::Shade, |x, y| {
            if (x, y) == (2, 2) {
                vec![slab(z, z + 1, 0x80_123456)]
            } else {
                vec![]
            }
        });
        let meshes = mesh::mesh_all(&s, &opts());
        let faces = mesher_faces(&s, &meshes);
        assert_eq!(faces.len(), want, "voxel at z={z}");
        let mut dirs: Vec<u8> = faces.iter().map(|f| f.dir).collect();
        dirs.dedup();
        assert_eq!(dirs.len(), want, "one face per direction");
        assert_eq!(faces.iter().any(|f| f.dir == DIR_DOWN), want == 6);
        for f in &faces {
            assert_eq!((f.x, f.y, f.z), (2, 2, z));
            assert_eq!(f.rgb, [0x12, 0x34, 0x56]);
            if f.dir < DIR_UP && z == 7 {
                // The sides' lower corners touch the solid bottom: side
                // and diagonal solid.
                assert_eq!(f.ao.iter().filter(|&&a| a == 1).count(), 2, "{f:?}");
            } else {
                assert_eq!(f.ao, [3; 4], "nothing around: {f:?}");
            }
        }
        assert_same(&faces, &brute_faces(&s, 0..5, 0..5), "single voxel");
    }
}

#[test]
fn a_flat_floor_shows_only_its_top_faces() {
    let (w, l) = (40, 37);
    let s = build(w, l, 8, FourthByte::Shade, |x, y| {
        vec![slab(5, 8, 0x80_000000 | (x << 8) | y)]
    });
    let meshes = mesh::mesh_all(&s, &opts());
    assert_eq!(meshes.len(), 4);
    assert_eq!(mesh::face_count(&meshes), (w * l) as usize);
    for m in &meshes {
        check_mesh_shape(&s, m);
        let r = s.chunk(m.chunk);
        assert_eq!(m.dir_faces(DIR_UP).len(), (r.width * r.length) as usize);
        for f in &m.faces {
            assert_eq!(f.z(), 5);
            assert_eq!(f.ao(), [3; 4], "open floor, edges included");
            assert!(!f.flip());
            assert_eq!(f.rgb(), [0, (r.x0 + f.lx()) as u8, (r.y0 + f.ly()) as u8]);
        }
        // The box of the floor's top voxels.
        assert_eq!(m.bounds_min, [r.x0 as f32, r.y0 as f32, 5.0]);
        assert_eq!(
            m.bounds_max,
            [(r.x0 + r.width) as f32, (r.y0 + r.length) as f32, 6.0]
        );
    }
}

#[test]
fn an_inner_corner_darkens_the_corners_against_the_wall() {
    // A floor at z = 7 and a wall at x = 4 from z = 3 down.
    let s = build(8, 8, 8, FourthByte::Shade, |x, _| {
        if x == 4 {
            vec![slab(3, 8, 1)]
        } else {
            vec![slab(7, 8, 2)]
        }
    });
    let meshes = mesh::mesh_all(&s, &opts());
    let faces = mesher_faces(&s, &meshes);
    assert_same(&faces, &brute_faces(&s, 0..8, 0..8), "L shape");
    let floor = faces
        .iter()
        .find(|f| (f.x, f.y, f.z, f.dir) == (3, 4, 7, DIR_UP))
        .unwrap();
    let wall = faces
        .iter()
        .find(|f| (f.x, f.y, f.z, f.dir) == (4, 4, 6, DIR_NEG_X))
        .unwrap();
    for (i, c) in CORNERS[DIR_UP as usize].iter().enumerate() {
        // Floor corners on the wall's side (x + 1) see the wall: side and
        // diagonal solid.
        let want = if c[0] == 1 { 1 } else { 3 };
        assert_eq!(floor.ao[i], want, "floor corner {i} {c:?}");
    }
    for (i, c) in CORNERS[DIR_NEG_X as usize].iter().enumerate() {
        // Wall corners at the floor (z + 1) see the floor.
        let want = if c[2] == 1 { 1 } else { 3 };
        assert_eq!(wall.ao[i], want, "wall corner {i} {c:?}");
    }
    let open = faces
        .iter()
        .find(|f| (f.x, f.y, f.z, f.dir) == (1, 4, 7, DIR_UP))
        .unwrap();
    assert_eq!(open.ao, [3; 4]);
    // No faces on the map's edge walls.
    assert!(!faces.iter().any(|f| f.dir == DIR_POS_X && f.x == 7));
}

#[test]
fn random_stores_match_the_brute_force_mesher() {
    // Depths on both sides of word boundaries, and the general (> 256) path;
    // maps one word deep both with every top coloured and not.
    for (i, (w, l, d, coloured_tops)) in [
        (40, 40, 64, false),
        (40, 40, 50, false),
        (33, 35, 130, false),
        (20, 20, 256, false),
        (20, 21, 300, false),
        (40, 40, 64, true),
        (40, 40, 50, true),
        (70, 45, 63, true),
    ]
    .into_iter()
    .enumerate()
    {
        let s = random_store_with(w, l, d, 7 + i as u64, coloured_tops);
        let meshes = mesh::mesh_all_serial(&s, &opts());
        for m in &meshes {
            check_mesh_shape(&s, m);
        }
        let got = mesher_faces(&s, &meshes);
        let want = brute_faces(&s, 0..w, 0..l);
        assert!(want.len() > 1000, "a store worth testing: {}", want.len());
        assert!(want.iter().any(|f| f.ao.contains(&0)) && want.iter().any(|f| f.flip));
        // Up and down faces both open (the mesher skips their AO ring) and
        // shaded, so that both of its paths are compared.
        for dir in [DIR_UP, DIR_DOWN] {
            let open = |f: &&F| f.dir == dir && f.ao == [3; 4];
            assert!(want.iter().any(|f| open(&f)), "open faces, dir {dir}");
            assert!(
                want.iter().any(|f| f.dir == dir && !open(&f)),
                "shaded faces, dir {dir}"
            );
        }
        assert_same(&got, &want, &format!("random {w}x{l}x{d}"));
    }
}

#[test]
fn the_deepest_stores_pack_z_up_to_4095() {
    let mut rng = Rng(99);
    let s = build(6, 5, 4096, FourthByte::Light, |_, _| {
        let mut v = Vec::new();
        let mut z = rng.below(100) as u32;
        while z < 4096 {
            let b = (z + 1 + rng.below(300) as u32).min(4096);
            v.push(slab(z, b, rng.next() as u32));
            z = b + 1 + rng.below(300) as u32;
        }
        v
    });
    let got = mesher_faces(&s, &mesh::mesh_all(&s, &opts()));
    assert!(got.iter().any(|f| f.z > 4000));
    assert_same(&got, &brute_faces(&s, 0..6, 0..5), "depth 4096");
}

#[test]
fn chunk_borders_mesh_like_one_piece() {
    let (w, l, d) = (64, 64, 64);
    let s = random_store(w, l, d, 42);
    let par = mesh::mesh_all(&s, &opts());
    assert_eq!(par.len(), 4);
    assert_eq!(par, mesh::mesh_all_serial(&s, &opts()));
    for m in &par {
        // Alone, with fresh buffers, a chunk meshes the same.
        assert_eq!(*m, mesh::mesh_chunk(&s, m.chunk, &opts()));
        let r = s.chunk(m.chunk);
        let mut got: Vec<F> = m.faces.iter().map(|f| from_face(r.x0, r.y0, f)).collect();
        got.sort();
        let want = brute_faces(&s, r.x0..r.x0 + r.width, r.y0..r.y0 + r.length);
        assert_same(&got, &want, &format!("chunk {}", m.chunk));
    }
    assert_same(
        &mesher_faces(&s, &par),
        &brute_faces(&s, 0..w, 0..l),
        "whole",
    );
}

#[test]
fn uncoloured_voxels_take_the_colour_above_them_or_grey() {
    // Column 1 is one slab [2, 10) with one top colour and one bottom colour;
    // column 2 is [4, 10) with none. Column 0 is air except a roof, so both
    // slabs' sides are exposed toward -x.
    let s = build(3, 1, 10, FourthByte::Light, |x, _| match x {
        0 => vec![slab(0, 1, 0xFF_FFFFFF)],
        1 => vec![(
            Slab {
                top: 2,
                top_len: 1,
                bottom: 10,
                bottom_len: 1,
            },
            vec![0x00_0000AA, 0x00_0000BB],
        )],
        _ => vec![(
            Slab {
                top: 4,
                top_len: 0,
                bottom: 10,
                bottom_len: 0,
            },
            vec![],
        )],
    });
    let faces = mesher_faces(&s, &mesh::mesh_all(&s, &opts()));
    let side = |x: u32, z: u32| {
        faces
            .iter()
            .find(|f| (f.x, f.z, f.dir) == (x, z, DIR_NEG_X))
            .map(|f| f.rgb)
    };
    assert_eq!(side(1, 2), Some([0, 0, 0xAA]));
    assert_eq!(
        side(1, 6),
        Some([0, 0, 0xAA]),
        "middle: the top run's colour"
    );
    assert_eq!(side(1, 9), Some([0, 0, 0xBB]), "bottom run");
    let up = faces.iter().find(|f| (f.x, f.dir) == (2, DIR_UP)).unwrap();
    assert_eq!(
        (up.z, up.rgb),
        (4, [0x80; 3]),
        "no colour in the slab: grey"
    );
    assert_same(&faces, &brute_faces(&s, 0..3, 0..1), "fallback colours");
}

#[test]
fn the_fourth_byte_shades_only_when_asked_and_only_for_vxl() {
    let shade = MeshOptions {
        fourth_byte_shade: true,
    };
    for (fourth, opts, want) in [
        (FourthByte::Shade, shade, [127, 64, 16]),
        (
            FourthByte::Shade,
            MeshOptions::default(),
            [0xFF, 0x80, 0x20],
        ),
        (FourthByte::Light, shade, [0xFF, 0x80, 0x20]),
    ] {
        let s = build(1, 1, 4, fourth, |_, _| vec![slab(2, 4, 0x40_FF8020)]);
        let m = mesh::mesh_chunk(&s, 0, &opts);
        assert_eq!(m.faces.len(), 1);
        assert_eq!(m.faces[0].rgb(), want, "{fourth:?} {opts:?}");
    }
    let s = build(1, 1, 4, FourthByte::Shade, |_, _| {
        vec![slab(2, 4, 0xFF_FF0102)]
    });
    assert_eq!(mesh::mesh_chunk(&s, 0, &shade).faces[0].rgb(), [255, 1, 3]);
}

#[test]
fn corpus_maps_match_the_brute_force_mesher_on_sample_chunks() {
    for path in corpus_files("vxl", "vxl") {
        let bytes = std::fs::read(&path).unwrap();
        let map = mapscope::formats::decode(&bytes, &Default::default())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let s = map.voxels().expect("VXL holds voxels");
        let meshes = mesh::mesh_all(s, &opts());
        let n = meshes.len();
        assert_eq!(n, s.chunks().len());
        let total = mesh::face_count(&meshes);
        assert!(
            total > (s.width() * s.length()) as usize / 2,
            "{}",
            path.display()
        );
        let mut rng = Rng(n as u64);
        let mut picks = vec![0, n - 1, n / 2 + s.chunks_x() as usize / 2];
        picks.extend((0..3).map(|_| rng.below(n)));
        for i in picks {
            let m = &meshes[i];
            check_mesh_shape(s, m);
            let r = s.chunk(i);
            let mut got: Vec<F> = m.faces.iter().map(|f| from_face(r.x0, r.y0, f)).collect();
            got.sort();
            let want = brute_faces(s, r.x0..r.x0 + r.width, r.y0..r.y0 + r.length);
            assert_same(&got, &want, &format!("{} chunk {i}", path.display()));
        }
        eprintln!("{}: {total} faces in {n} chunks", path.display());
    }
}

#[test]
fn a_map_tiled_two_by_two_shows_each_face_four_times() {
    // Mirrored about the seams: each quarter shows the map's faces where it
    // lies (turned over in the mirrored quarters), none made or lost at a
    // seam. Only the AO beside the seams may differ (outside the map is
    // air for AO; across a seam is the mirrored column).
    for (w, l, d, seed) in [(40, 24, 64, 7), (33, 35, 64, 8), (20, 20, 90, 9)] {
        let map = random_store(w, l, d, seed);
        let want = mesher_faces(&map, &mesh::mesh_all(&map, &opts()));
        let big = mapscope::samples::tiled(&map);
        assert_eq!(big.dims(), [2 * w, 2 * l, d]);
        let got = mesher_faces(&big, &mesh::mesh_all(&big, &opts()));
        assert_eq!(got.len(), 4 * want.len(), "{w}x{l}x{d}");
        assert_same(&got, &brute_faces(&big, 0..2 * w, 0..2 * l), "tiled, brute");
        let no_ao = |f: &F| (f.x, f.y, f.z, f.dir, f.rgb);
        let mut first: Vec<_> = got
            .iter()
            .filter(|f| f.x < w && f.y < l)
            .map(no_ao)
            .collect();
        let mut want: Vec<_> = want.iter().map(no_ao).collect();
        first.sort_unstable();
        want.sort_unstable();
        assert_eq!(first, want, "{w}x{l}x{d}: the first quarter is the map");
    }
}

#[test]
fn a_map_sunk_deeper_shows_the_same_faces_lower() {
    // The same voxels with air above them: every face the same, z moved by
    // the drop, whichever way the tall path takes a chunk (one word a
    // column, or a layer at a time where caves spread the faces out), at
    // depths of two to five words a column.
    for (i, (w, d)) in [(48, 64), (40, 50), (33, 63)].into_iter().enumerate() {
        for shallow in [
            terrain_store(w, w, d, 3 + i as u64),
            random_store(w, w, d, 5 + i as u64),
        ] {
            let want_shallow = mesher_faces(&shallow, &mesh::mesh_all(&shallow, &opts()));
            for depth in [d + 1, 130, 256, 300] {
                let deep = mapscope::samples::sunk(&shallow, depth);
                let meshes = mesh::mesh_all(&deep, &opts());
                for m in &meshes {
                    check_mesh_shape(&deep, m);
                }
                let got = mesher_faces(&deep, &meshes);
                let drop = depth - d;
                let want: Vec<F> = want_shallow
                    .iter()
                    .map(|f| F {
                        z: f.z + drop,
                        ..*f
                    })
                    .collect();
                assert_same(&got, &want, &format!("{w}x{w}x{d} sunk to {depth}"));
                assert_same(
                    &got,
                    &brute_faces(&deep, 0..w, 0..w),
                    &format!("{w}x{w}x{d} sunk to {depth}, brute"),
                );
            }
        }
    }
}
