//! VMF's decoder and encoder on small built files.

use super::*;
use crate::formats::reader::PutLe;

fn header(x: u32, y: u32, z: u16) -> Vec<u8> {
    let mut v = Vec::new();
    let mut name = [0u8; 32];
    name[..4].copy_from_slice(b"Test");
    v.extend_from_slice(&name);
    let mut author = [0u8; 32];
    author[..2].copy_from_slice(b"me");
    v.extend_from_slice(&author);
    v.put_u8(3);
    v.put_u32(x);
    v.put_u32(y);
    v.put_u16(z);
    for s in [0, 1, 0, 1] {
        v.put_u32(s);
    }
    v
}

#[test]
fn z_points_up_and_only_surface_colours_are_kept_ground_under_water_too() {
    // 1x1x4: vz 0 and 1 solid, vz 2 water, vz 3 air.
    let mut f = header(1, 1, 4);
    for (r, kind) in [(10u8, SOLID), (20, SOLID), (30, WATER), (0, AIR)] {
        f.extend_from_slice(&[r, 0, 0, 5, kind, 0, 0, 0]);
    }
    let map = decode(&f).unwrap();
    assert_eq!(map.meta.name.as_deref(), Some("Test"));
    assert_eq!(map.meta.game_mode, Some(3));
    let s = map.voxels().unwrap();
    // store z = 3 - vz: air at 0, water at 1, solid at 2 and 3.
    assert!(!s.solid(0, 0, 0));
    assert!(s.solid(0, 0, 1) && s.solid(0, 0, 3));
    assert_eq!(s.water_voxels(), 1);
    // 1x1 map: sides are the map edge, so the surfaces are the top-most
    // voxel (water, under air) and the ground under the water; the
    // bottom one is hidden.
    assert_eq!(s.color(0, 0, 1), Some(0x051E_0000));
    assert_eq!(s.color(0, 0, 2), Some(0x0514_0000));
    assert_eq!(s.color(0, 0, 3), None);
    assert_eq!(s.colored_voxels(), 2);
    let again = decode(&encode(map.voxels().unwrap(), &map.meta).unwrap()).unwrap();
    assert_eq!(again.content, map.content);
}

#[test]
fn header_checks_name_fields_and_offsets() {
    let mut f = header(1, 1, 1);
    f.extend_from_slice(&[0; 8]);
    f[..32].fill(b'x');
    let e = decode(&f).unwrap_err();
    assert_eq!((e.field.as_str(), e.offset), ("header name", 0));
    let mut f = header(u32::MAX, u32::MAX, u16::MAX);
    f.extend_from_slice(&[0; 8]);
    let e = decode(&f).unwrap_err();
    assert_eq!(e.field, "header X size");
    let mut f = header(2, 2, 2);
    f.extend_from_slice(&[0; 8]);
    let e = decode(&f).unwrap_err();
    assert!(e.problem.contains("needs 91 + 2*2*2*8 = 155 bytes"), "{e}");
}

#[test]
fn bad_voxel_type_names_the_voxel() {
    let mut f = header(1, 1, 2);
    f.extend_from_slice(&[0, 0, 0, 0, 1, 0, 0, 0]);
    f.extend_from_slice(&[0, 0, 0, 0, 7, 0, 0, 0]);
    let e = decode(&f).unwrap_err();
    assert_eq!(e.field, "voxel (0, 0, 1) type");
    assert_eq!(e.offset, 91 + 8 + 4);
}

#[test]
fn a_whole_vmf_has_the_length_its_header_says() {
    let mut f = header(2, 3, 4);
    f.resize(HEADER_LEN + 2 * 3 * 4 * RECORD_LEN, 0);
    assert_eq!(sniff_whole(&f, f.len() as u64), Ok(()));
    // Only the head is needed, with the length.
    assert_eq!(sniff_whole(&f[..HEADER_LEN], f.len() as u64), Ok(()));
    assert!(sniff_whole(&f, f.len() as u64 + 8).is_err());
    assert!(sniff_whole(&f[..HEADER_LEN - 1], f.len() as u64).is_err());
    // Zeros pass `sniff` (an empty name and author) but are no VMF: a
    // Warcraft III shadow map (war3map.shd) or camera list (war3map.w3c).
    for zeros in [vec![0u8; 8], vec![0u8; 256 * 256 * 4]] {
        assert!(sniff(&zeros).is_ok());
        let why = sniff_whole(&zeros, zeros.len() as u64).unwrap_err();
        assert!(why.contains("header") || why.contains("shorter"), "{why}");
    }
}

#[test]
fn a_short_text_file_is_not_taken_for_a_cut_vmf() {
    assert!(sniff(b"hello").is_err());
    assert!(sniff(b"junkjunkjunk").is_err());
    // Cut inside the header, after the name's NUL: still a VMF, so
    // the VMF decoder names the missing field.
    assert!(sniff(b"Hallway\0\0\0\0\0").is_ok());
    assert!(
        crate::formats::decode(b"Hallway\0\0\0\0\0", &Default::default())
            .unwrap_err()
            .to_string()
            .starts_with("VMF")
    );
}
