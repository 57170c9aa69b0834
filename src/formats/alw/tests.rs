//! Field order of each layout, checked against hand-placed bytes.

use super::LayoutShape;
use super::*;
use crate::store::cells::{AlwWorld, Cell, Entity, Light};

fn le(v: u32) -> [u8; 4] {
    v.to_le_bytes()
}

/// A 1 x 1 world with distinct values in every field.
fn tiny(layout: AlwLayout) -> AlwWorld {
    let mut w = AlwWorld::new(1, 1, layout);
    let t = w.add_texture("ab");
    w.cells[0] = Cell {
        floor: -5,
        ceiling: 7,
        flags: 2,
        floor_offsets: if layout.has_corner_offsets() {
            [1, -2, 3, -4]
        } else {
            [0; 4]
        },
        ceiling_offsets: if layout.has_corner_offsets() {
            [5, 6, 7, -8]
        } else {
            [0; 4]
        },
        ceiling_tex: 0,
        floor_tex: t,
        upper_tex: t,
        lower_tex: 0,
        upper_trim: if layout.has_trims() { t } else { 0 },
        lower_trim: 0,
    };
    w.lights.push(Light {
        position: [1.0, 2.0, 3.0],
        color: [4.0, 5.0, 6.0],
        radius: 7.0,
    });
    let mut e = Entity::at([10.0, 11.0, 12.0]);
    e.offset = [13.0, 14.0, 15.0];
    e.bbox_min = [-1.0, -2.0, -3.0];
    e.bbox_max = [1.0, 2.0, 3.0];
    e.frame = 9;
    e.anim_state = 0.5;
    e.event_mask = 0x55;
    if layout.has_entity_extras() {
        e.class = b"cls".to_vec();
        e.yrot = 30.0;
        e.reserved[31] = 0xEE;
    }
    e.attributes = vec![(b"k".to_vec(), b"vv".to_vec())];
    w.entities.push(e);
    w.player_entity = 0;
    w.camera_yaw = 90.0;
    w.camera_pitch = 5.0;
    w.reserved[0] = 0xAB;
    w
}

fn f(v: f32) -> [u8; 4] {
    v.to_le_bytes()
}

fn check_common_header(b: &[u8], h: usize) {
    assert_eq!(&b[..4], b"ALW\0");
    assert_eq!(&b[h..h + 2], &1u16.to_le_bytes()); // width
    assert_eq!(&b[h + 2..h + 4], &1u16.to_le_bytes()); // height
    assert_eq!(&b[h + 4..h + 8], &le(1)); // entity count
    assert_eq!(&b[h + 8..h + 12], &le(1)); // light count
    assert_eq!(&b[h + 12..h + 16], &le(0)); // player
    assert_eq!(&b[h + 16..h + 20], &f(90.0)); // yaw
    assert_eq!(&b[h + 20..h + 24], &f(5.0)); // pitch
    assert_eq!(b[h + 24], 0xAB); // reserved
}

fn check_light(b: &[u8], at: usize) {
    for (i, v) in [1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0].iter().enumerate() {
        assert_eq!(&b[at + 4 * i..at + 4 * i + 4], &f(*v), "light float {i}");
    }
}

#[test]
fn spec_layout_field_order() {
    let w = tiny(AlwLayout::Spec);
    let b = encode_world(&w).unwrap();
    check_common_header(&b, 4);
    let c = 284;
    assert_eq!(&b[c..c + 4], &(-5i32).to_le_bytes());
    assert_eq!(&b[c + 4..c + 8], &le(7));
    assert_eq!(&b[c + 8..c + 12], &le(2));
    // ceiling, floor, upper, lower, upper trim, lower trim; "ab" sits at 1.
    let refs: Vec<u32> = (0..6)
        .map(|k| u32::from_le_bytes(b[c + 12 + 4 * k..c + 16 + 4 * k].try_into().unwrap()))
        .collect();
    assert_eq!(refs, [0, 1, 1, 0, 1, 0]);
    check_light(&b, c + 36);
    let e = c + 36 + 28;
    assert_eq!(&b[e..e + 4], &f(10.0)); // position x, no class name
    assert_eq!(&b[e + 12..e + 16], &f(13.0)); // offset x
    assert_eq!(&b[e + 24..e + 28], &f(1.0)); // matrix[0], no yrot
    assert_eq!(&b[e + 24 + 48..e + 24 + 52], &f(10.0)); // matrix[12]
    assert_eq!(&b[e + 88..e + 92], &f(-1.0)); // bbox min x
    assert_eq!(&b[e + 100..e + 104], &f(1.0)); // bbox max x
    assert_eq!(&b[e + 112..e + 116], &le(9)); // frame
    assert_eq!(&b[e + 116..e + 120], &f(0.5)); // animation state
    assert_eq!(&b[e + 120..e + 124], &le(0x55)); // event mask
    assert_eq!(&b[e + 124..e + 128], &le(1)); // attribute count, no reserved
    assert_eq!(&b[e + 128..e + 139], b"\x01\0\0\0k\x02\0\0\0vv");
    assert_eq!(&b[e + 139..], b"\0\x02ab");
    assert_eq!(decode_world(&b).unwrap(), w);
}

fn check_engine_entity(b: &[u8], e: usize) {
    assert_eq!(&b[e..e + 4], b"\x03cls");
    let e = e + 4;
    assert_eq!(&b[e..e + 4], &f(10.0));
    assert_eq!(&b[e + 12..e + 16], &f(13.0));
    assert_eq!(&b[e + 24..e + 28], &f(30.0)); // yrot after the offset
    assert_eq!(&b[e + 28..e + 32], &f(1.0)); // matrix[0]
    assert_eq!(&b[e + 92..e + 96], &f(-1.0)); // bbox min x
    assert_eq!(&b[e + 116..e + 120], &le(9)); // frame
    assert_eq!(&b[e + 120..e + 124], &f(0.5));
    assert_eq!(&b[e + 124..e + 128], &le(0x55));
    assert_eq!(b[e + 128 + 31], 0xEE); // 32 reserved bytes
    assert_eq!(&b[e + 160..e + 164], &le(1)); // attribute count
    assert_eq!(&b[e + 164..e + 175], b"\x01\0\0\0k\x02\0\0\0vv");
}

#[test]
fn engine_layout_field_order() {
    let w = tiny(AlwLayout::Engine);
    let b = encode_world(&w).unwrap();
    assert_eq!(b[4], 0, "subversion");
    check_common_header(&b, 5);
    let c = 285;
    assert_eq!(&b[c..c + 4], &(-5i32).to_le_bytes());
    assert_eq!(&b[c + 12..c + 20], &[1, 0xFE, 3, 0xFC, 5, 6, 7, 0xF8]);
    let refs: Vec<u32> = (0..6)
        .map(|k| u32::from_le_bytes(b[c + 20 + 4 * k..c + 24 + 4 * k].try_into().unwrap()))
        .collect();
    assert_eq!(refs, [0, 1, 1, 0, 1, 0]);
    check_light(&b, c + 44);
    check_engine_entity(&b, c + 44 + 28);
    assert!(b.ends_with(b"vv\0\x02ab"));
    assert_eq!(decode_world(&b).unwrap(), w);
}

#[test]
fn engine_2010_08_layout_field_order() {
    let w = tiny(AlwLayout::Engine201008);
    // No leading byte: "ab" sits at offset 0, which reads as "no texture".
    assert_eq!(w.textures, vec![(0, "ab".to_string())]);
    let b = encode_world(&w).unwrap();
    assert_eq!(b[4], 0);
    check_common_header(&b, 5);
    let c = 285;
    assert_eq!(&b[c + 12..c + 20], &[1, 0xFE, 3, 0xFC, 5, 6, 7, 0xF8]);
    let refs: Vec<u32> = (0..4)
        .map(|k| u32::from_le_bytes(b[c + 20 + 4 * k..c + 24 + 4 * k].try_into().unwrap()))
        .collect();
    assert_eq!(refs, [0, 0, 0, 0]);
    check_light(&b, c + 36);
    check_engine_entity(&b, c + 36 + 28);
    assert!(b.ends_with(b"vv\x02ab"));
    let back = decode_world(&b).unwrap();
    assert_eq!(back.layout, AlwLayout::Engine201008);
    assert_eq!(back, w);
    assert_eq!(back.texture_name(0), None);
}

#[test]
fn layout_conversion_keeps_textures_and_refuses_losses() {
    let room = crate::samples::alw_room(6, 6, AlwLayout::Engine);
    let old = convert_layout(&room, AlwLayout::Engine201008);
    // The room has trims, which 2010-08 cannot hold.
    assert!(old.unwrap_err().problem.contains("trim"));
    let mut no_trims = room.clone();
    for c in &mut no_trims.cells {
        c.upper_trim = 0;
        c.lower_trim = 0;
    }
    let old = convert_layout(&no_trims, AlwLayout::Engine201008).unwrap();
    assert_eq!(
        old.texture_name(old.cells[14].floor_tex),
        Some("floorbrick")
    );
    let back = convert_layout(&old, AlwLayout::Engine).unwrap();
    assert_eq!(back, no_trims);
    let spec = convert_layout(&room, AlwLayout::Spec).unwrap_err();
    assert!(spec.problem.contains("corner offsets"), "{spec}");
    // And a 2010-08 table without an empty first name moves up by one.
    let r3 = crate::samples::alw_room(5, 5, AlwLayout::Engine201008);
    let up = convert_layout(&r3, AlwLayout::Engine).unwrap();
    assert_eq!(up.texture_table[0], 0);
    for (a, b) in r3.cells.iter().zip(&up.cells) {
        assert_eq!(r3.texture_name(a.floor_tex), up.texture_name(b.floor_tex));
        assert_eq!(r3.texture_name(a.upper_tex), up.texture_name(b.upper_tex));
    }
    let bytes = encode_world(&up).unwrap();
    assert_eq!(decode_world(&bytes).unwrap(), up);
}

#[test]
fn writer_refuses_inconsistent_worlds() {
    let mut w = crate::samples::alw_room(4, 4, AlwLayout::Engine);
    w.cells.pop();
    assert!(encode_world(&w).unwrap_err().problem.contains("cells"));
    let mut w = crate::samples::alw_room(4, 4, AlwLayout::Engine);
    w.cells[5].floor_tex = 3;
    assert!(encode_world(&w)
        .unwrap_err()
        .problem
        .contains("floor texture"));
    let mut w = crate::samples::alw_room(4, 4, AlwLayout::Spec);
    w.entities[0].class = b"x".to_vec();
    assert!(encode_world(&w).unwrap_err().problem.contains("class"));
}

#[test]
fn player_spawn_and_camera_in_metadata() {
    let w = crate::samples::alw_room(6, 6, AlwLayout::Engine);
    let map = decode(&encode_world(&w).unwrap()).unwrap();
    assert_eq!(map.meta.spawns.len(), 1);
    let s = &map.meta.spawns[0];
    assert_eq!((s.min, s.max), ([16.0, 16.0], [32.0, 32.0]));
    assert_eq!(s.z, Some([-128.0, -64.0]));
    assert_eq!(
        map.meta.camera,
        Some(crate::store::DefaultCamera::Angles {
            yaw_deg: 45.0,
            pitch_deg: -10.0
        })
    );
    assert!(map.meta.warnings.is_empty());
    let mut w = w;
    w.player_entity = 7;
    let map = decode(&encode_world(&w).unwrap()).unwrap();
    assert!(map.meta.spawns.is_empty());
    assert!(map.meta.warnings[0].contains("out of range"));
}
