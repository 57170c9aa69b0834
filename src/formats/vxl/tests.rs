//! The VXL decoder and writer on hand-made columns.

use super::*;
use crate::formats::reader::PutLe;
use crate::kinds::encode;
use crate::store::DefaultCamera;

/// A 1x1 column: air 0..2, top colours 2..3, solid, bottom colour at 4,
/// air 5, then ground 6..8 with one top colour.
fn one_column() -> Vec<u8> {
    let mut v = vec![4, 2, 3, 0];
    v.extend_from_slice(&[1, 1, 1, 0x80, 2, 2, 2, 0x80]); // top colours
    v.extend_from_slice(&[3, 3, 3, 0x80]); // bottom colour
    v.extend_from_slice(&[0, 6, 6, 5, 4, 4, 4, 0x7F]);
    v
}

#[test]
fn decodes_a_hand_made_column() {
    let map = decode(&one_column(), Some([1, 1, 8])).unwrap();
    let s = map.voxels().unwrap();
    let solid: Vec<bool> = (0..8).map(|z| s.solid(0, 0, z)).collect();
    assert_eq!(solid, [false, false, true, true, true, false, true, true]);
    assert_eq!(s.color(0, 0, 4), Some(0x8003_0303));
    assert_eq!(s.color(0, 0, 6), Some(0x7F04_0404));
    assert_eq!(s.color(0, 0, 7), None);
    assert_eq!(encode(&map, Format::AosVxl).unwrap(), one_column());
}

#[test]
fn size_is_inferred_from_the_data() {
    let mut file = Vec::new();
    for _ in 0..9 {
        file.extend_from_slice(&one_column());
    }
    let map = decode(&file, None).unwrap();
    assert_eq!(map.voxels().unwrap().dims(), [3, 3, 64]);
    let e = decode(&file[..file.len() - 4], None).unwrap_err();
    assert!(e.to_string().contains("column #8"), "{e}");
}

#[test]
fn bad_spans_name_column_field_and_offset() {
    let mut f = one_column();
    f[2] = 70; // E past depth 64
    let e = decode(&f, Some([1, 1, 64])).unwrap_err();
    assert_eq!(e.offset, 2);
    assert!(e.field.contains("column (0, 0) span 0 E"), "{e}");
    assert!(e.problem.contains("z=70, past the map depth 64"), "{e}");
}

#[test]
fn voxlap_header_is_read_in_both_byte_orders() {
    let mut le = Vec::new();
    le.put_u32(VOXLAP_MAGIC);
    le.put_u32(1);
    le.put_u32(1);
    for i in 0..12 {
        le.put_f64(i as f64);
    }
    let mut be = VOXLAP_MAGIC.to_be_bytes().to_vec();
    be.extend_from_slice(&1u32.to_be_bytes());
    be.extend_from_slice(&1u32.to_be_bytes());
    for i in 0..12 {
        be.extend_from_slice(&(i as f64).to_be_bytes());
    }
    let column = [0u8, 255, 255, 0, 9, 9, 9, 9];
    for mut f in [le, be] {
        f.extend_from_slice(&column);
        let map = decode(&f, None).unwrap();
        assert_eq!(map.format, Format::VoxlapVxl);
        assert_eq!(map.voxels().unwrap().dims(), [1, 1, 256]);
        let Some(DefaultCamera::Voxlap { forward, .. }) = map.meta.camera else {
            panic!("camera kept")
        };
        assert_eq!(forward, [9.0, 10.0, 11.0]);
    }
}

#[test]
fn a_map_without_a_camera_is_written_with_one_that_sees_the_ground() {
    let mut file = Vec::new();
    for _ in 0..9 {
        file.extend_from_slice(&one_column());
    }
    let aos = decode(&file, None).unwrap();
    assert!(aos.meta.camera.is_none());
    let voxlap = decode(&encode(&aos, Format::VoxlapVxl).unwrap(), None).unwrap();
    let Some(camera @ DefaultCamera::Voxlap { position, .. }) = &voxlap.meta.camera else {
        panic!("a Voxlap file always has a camera")
    };
    // The highest ground is at z 2 (z grows down); the camera is above it
    // (clamped to the top) and looks down.
    assert!(position[2] <= 2.0, "{position:?}");
    let (_, pitch) = camera.yaw_pitch();
    assert!(pitch < -10.0, "pitch {pitch}");
}

#[test]
fn implicit_spawn_areas_are_where_the_servers_spawn_teams() {
    // pyspades and piqueserver (team.py): team i in x 384i..384i+128,
    // y 128..384; blue and green are the same width. The spec text's
    // blue x 0..256 is not what players see.
    let s = implicit_aos_spawns(512, 512);
    let areas: Vec<_> = s.iter().map(|s| (s.label.as_str(), s.min, s.max)).collect();
    assert_eq!(
        areas,
        [
            ("blue", [0.0, 128.0], [128.0, 384.0]),
            ("green", [384.0, 128.0], [512.0, 384.0])
        ]
    );
    assert_eq!(s[0].origin, IMPLICIT_SPAWN_ORIGIN);
    assert!(IMPLICIT_SPAWN_RULE.contains("piqueserver") && IMPLICIT_SPAWN_RULE.contains("spec"));
}

#[test]
fn a_converted_vmf_carries_the_servers_blue_area_as_team_1() {
    let mut file = Vec::new();
    for _ in 0..64 * 64 {
        file.extend_from_slice(&one_column());
    }
    let map = decode(&file, Some([64, 64, 64])).unwrap();
    // Scaled to 64 x 64: blue x 0..16, y 16..48.
    assert_eq!(map.meta.spawns[0].max, [16.0, 48.0]);
    let vmf = crate::kinds::encode(&map, Format::Vmf).unwrap();
    let back = crate::formats::vmf::decode(&vmf).unwrap();
    let team1 = &back.meta.spawns[0];
    assert_eq!((team1.min, team1.max), ([0.0, 16.0], [16.0, 48.0]));
}

#[test]
fn a_whole_aos_map_passes_the_strict_sniffer_from_its_head_and_length() {
    let mut file = Vec::new();
    for _ in 0..9 {
        file.extend_from_slice(&one_column());
    }
    let len = file.len() as u64;
    assert_eq!(sniff_aos_whole(&file, len, false), Ok(()));
    // Cut anywhere, the head of a longer file is fine…
    for cut in [24, 25, 31, 43, file.len() - 1] {
        assert_eq!(sniff_aos_whole(&file[..cut], len, false), Ok(()), "{cut}");
    }
    // …but a whole file must end with a column, and have a square count
    // of them unless the size comes from elsewhere.
    let short = &file[..file.len() - 4];
    assert!(sniff_aos_whole(short, short.len() as u64, false).is_err());
    let eight = &file[..8 * one_column().len()];
    assert!(sniff_aos_whole(eight, eight.len() as u64, false)
        .unwrap_err()
        .contains("square"));
    assert_eq!(sniff_aos_whole(eight, eight.len() as u64, true), Ok(()));
    // A column whose second span's air starts inside its colours.
    let mut bad = file.clone();
    bad[19] = 3;
    assert!(sniff_aos_whole(&bad, len, false).is_err());
}

#[test]
fn warcraft_iii_files_pass_the_first_column_check_but_not_the_strict_one() {
    // The minimap icons of a map mapscope writes start with a well-formed
    // first column (version 0, then the count: N = S = E = 0); so do a real
    // map's doodads (the corpus test in app::browser), though these do not.
    let files = crate::samples::w3x_files(40);
    let file = |name: &str| &files.iter().find(|(n, _)| *n == name).unwrap().1;
    assert_eq!(sniff_aos(file("war3map.mmp")), Ok(()));
    for name in [
        "war3map.doo",
        "war3mapUnits.doo",
        "war3map.mmp",
        "war3map.wpm",
    ] {
        let bytes = file(name);
        assert!(
            sniff_aos_whole(bytes, bytes.len() as u64, false).is_err(),
            "{name}"
        );
    }
}

#[test]
fn a_whole_file_check_finds_a_map_cut_short_in_either_container() {
    let demo = include_bytes!("../../../assets/demo.vxl");
    let demo = crate::formats::decode(demo, &Default::default()).unwrap();
    for format in [Format::AosVxl, Format::VoxlapVxl] {
        let file = encode(&demo, format).unwrap();
        assert_eq!(check_whole(&file, false), Ok(()), "{format:?}");
        // Cut in half, or by one byte: the columns no longer reach the
        // end, though the first 64 KiB (what the browser sniffs) are fine.
        for cut in [file.len() / 2, file.len() - 1] {
            let why = check_whole(&file[..cut], false).unwrap_err();
            assert!(
                ["end of the file", "cut short"]
                    .iter()
                    .any(|s| why.contains(s)),
                "{format:?} cut at {cut}: {why}"
            );
            assert_eq!(
                sniff_aos_whole(&file[..cut.min(65536)], cut as u64, false).is_ok(),
                format == Format::AosVxl,
                "{format:?}: the head alone looks whole"
            );
        }
    }
    // A Voxlap map whose columns end cleanly but too soon: the header's
    // size says how many there must be.
    let mut file = encode(&demo, Format::VoxlapVxl).unwrap();
    let column = one_column();
    file.truncate(VOXLAP_HEADER_LEN);
    file.extend_from_slice(&column);
    assert!(check_whole(&file, false).unwrap_err().contains("1 columns"));
}
