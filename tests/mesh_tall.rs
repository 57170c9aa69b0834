//! The voxel mesher's path for maps deeper than 64 checked against the
//! reference mesher (`mesh::reference`) on tall synthetic maps: natural
//! ones with caves and arches, maps shaped like real tall ones (an AoS 1.x
//! map's colourless floor, Voxlap's hills), and maps with no colour at all.

mod common;

use common::meshes::{assert_same, check_mesh_shape};
use mapscope::mesh::reference::{brute_faces, mesher_faces};
use mapscope::mesh::{self, MeshOptions, DIR_DOWN, DIR_UP};
use mapscope::samples::{aos_one_voxels, voxlap_voxels, AOS_ONE_FLOOR};
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};

fn opts() -> MeshOptions {
    MeshOptions::default()
}

#[test]
fn tall_maps_with_caves_and_arches_match_the_brute_force_mesher() {
    // Natural tall maps (mountains, tunnels, caverns, arches over the
    // ground) at the depths of AoS 1.x and Voxlap maps, meshed a layer at
    // a time, and a depth whose last layer overlaps the one before most.
    for (side, depth) in [(96, 240), (80, 256), (64, 130)] {
        let s = mapscope::samples::tall_voxels(side, depth);
        let meshes = mesh::mesh_all(&s, &opts());
        for m in &meshes {
            check_mesh_shape(&s, m);
        }
        let want = brute_faces(&s, 0..side, 0..side);
        let deep = want.iter().filter(|f| f.z >= 64).count();
        assert!(
            deep > want.len() / 2,
            "{side}x{depth}: {deep} of {} faces below 64",
            want.len()
        );
        let under = want.iter().filter(|f| f.dir == DIR_DOWN).count();
        assert!(
            under > 100,
            "{side}x{depth}: {under} faces under caves and arches"
        );
        assert_same(
            &mesher_faces(&s, &meshes),
            &want,
            &format!("tall {side}x{depth}"),
        );
    }
}

#[test]
fn maps_shaped_like_real_tall_ones_match_the_brute_force_mesher() {
    // An AoS 1.x map (most columns a floor whose top colour run is empty,
    // an island with houses) and Voxlap's demo map (hills, overhangs two
    // and three spans deep), small enough for the reference mesher.
    for (what, s) in [
        ("like AoS 1.x", aos_one_voxels(128)),
        ("like Voxlap", voxlap_voxels(96)),
    ] {
        let side = s.width();
        let meshes = mesh::mesh_all(&s, &opts());
        for m in &meshes {
            check_mesh_shape(&s, m);
        }
        let want = brute_faces(&s, 0..side, 0..side);
        let grey_floor = want
            .iter()
            .filter(|f| f.dir == DIR_UP && f.z == AOS_ONE_FLOOR && f.rgb == [0x80; 3])
            .count();
        let under = want.iter().filter(|f| f.dir == DIR_DOWN).count();
        if what == "like AoS 1.x" {
            // The floor's tops are grey (no colour), most of the map.
            assert!(grey_floor > 12_000, "{what}: {grey_floor} grey floor faces");
            assert!(under > 100, "{what}: {under} faces under houses' floors");
        } else {
            assert!(under > 2_000, "{what}: {under} faces under overhangs");
        }
        assert_same(&mesher_faces(&s, &meshes), &want, what);
    }
}

#[test]
fn voxlap_demo_maps_ledges_match_the_brute_force_mesher() {
    // Rolling hills with hollows under thin roofs (ledges, which the
    // mesher writes by their ends, not a voxel at a time), 256 deep (a
    // band or layers a row) and 64 deep (one word).
    for depth in [256, 64] {
        let s = &mapscope::samples::voxlap_demo_voxels(128, depth);
        // Columns of two or more spans, counted in the store: the hollows.
        let hollow = (0..128 * 128)
            .filter(|&i| s.column(i % 128, i / 128).slabs.len() >= 2)
            .count();
        assert!(hollow > 1_000, "{depth}: {hollow} columns over hollows");
        let want = brute_faces(s, 0..128, 0..128);
        let roofs = want.iter().filter(|f| f.dir == DIR_DOWN).count();
        assert!(roofs > 1_000, "{depth}: {roofs} faces under roofs");
        let meshes = mesh::mesh_all(s, &opts());
        for m in &meshes {
            check_mesh_shape(s, m);
        }
        assert_same(
            &mesher_faces(s, &meshes),
            &want,
            &format!("demo-like {depth}"),
        );
    }
}

#[test]
fn a_map_with_no_colour_at_all_shows_grey_tops() {
    // Every column a floor whose top colour run is empty, and a step, so
    // that side faces show too: the store holds no colour to read.
    for depth in [64, 256] {
        let mut s = VoxelStore::new(40, 40, depth, FourthByte::Shade);
        for i in 0..40 * 40 {
            let top = depth - 16 + (i % 40 > 20) as u32 * 3;
            s.push_slab(Slab {
                top: top as u16,
                top_len: 0,
                bottom: depth as u16,
                bottom_len: 0,
            });
            s.end_column();
        }
        s.finish();
        let got = mesher_faces(&s, &mesh::mesh_all(&s, &opts()));
        assert!(got.iter().all(|f| f.rgb == [0x80; 3]), "depth {depth}");
        let ups = got.iter().filter(|f| f.dir == DIR_UP).count();
        assert_eq!(ups, 40 * 40, "depth {depth}: a top a column");
        assert_same(&got, &brute_faces(&s, 0..40, 0..40), &format!("{depth}"));
    }
}
