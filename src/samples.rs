//! Small maps built in code rather than read from a file: the test room
//! that tests, benchmarks, fuzz seeds and examples share.

use crate::formats::alw::LayoutShape;
use crate::store::cells::{AlwLayout, AlwWorld, Entity, Light, CF_OCCLUDER};

/// A plausible room for tests and benchmarks: solid walls around, a slope
/// (corner offsets) and a pillar (floor == ceiling) inside, one light, a
/// player entity with two attributes, and four texture names. Sizes below
/// 4 x 4 give a room without slope or pillar.
pub fn alw_room(width: u16, height: u16, layout: AlwLayout) -> AlwWorld {
    let mut w = AlwWorld::new(width, height, layout);
    if layout == AlwLayout::Engine201008 {
        // As the 2010-08 writer does: its first texture gets offset 0
        // (unreachable), so that name appears again later in the table.
        w.add_texture("redbricks");
    }
    let bricks = w.add_texture("redbricks");
    let floor = w.add_texture("floorbrick");
    let trim = w.add_texture("metaltrim");
    let sky = w.add_texture("stone_ceiling");
    let trims = layout.has_trims();
    let (wd, ht) = (width as usize, height as usize);
    for y in 0..ht {
        for x in 0..wd {
            let c = &mut w.cells[y * wd + x];
            c.ceiling_tex = if (x + y) % 7 == 3 { 0 } else { sky };
            c.floor_tex = floor;
            c.upper_tex = bricks;
            c.lower_tex = bricks;
            if trims && x % 3 == 0 {
                c.lower_trim = trim;
            }
            if x == 0 || y == 0 || x + 1 == wd || y + 1 == ht {
                c.floor = 0;
                c.ceiling = 0;
                c.flags = CF_OCCLUDER;
            }
        }
    }
    if wd >= 4 && ht >= 4 {
        // A pillar.
        let p = &mut w.cells[2 * wd + 2];
        p.floor = 32;
        p.ceiling = 32;
        p.flags = CF_OCCLUDER;
        // A step and a slope rising toward +X.
        let s = &mut w.cells[wd + 1];
        s.floor = -112;
        if layout.has_corner_offsets() {
            s.floor_offsets = [0, 0, 12, 12];
            s.ceiling_offsets = [-4, -4, 0, 0];
        }
    }
    w.lights.push(Light {
        position: [wd as f32 * 8.0, 64.0, ht as f32 * 8.0],
        color: [1.0, 0.9, 0.7],
        radius: 128.0,
    });
    let mut player = Entity::at([24.0, -80.0, 24.0]);
    player.bbox_min = [-16.0, -48.0, -16.0];
    player.bbox_max = [16.0, 16.0, 16.0];
    player.anim_state = 12.5;
    player.event_mask = 4;
    if layout.has_entity_extras() {
        player.class = b"player".to_vec();
    }
    player.attributes = vec![
        (b"name".to_vec(), b"Hero".to_vec()),
        (b".health".to_vec(), b"100".to_vec()),
    ];
    let mut lamp = Entity::at([wd as f32 * 8.0, 0.0, ht as f32 * 8.0]);
    lamp.frame = 3;
    if layout.has_entity_extras() {
        lamp.class = b"lamp".to_vec();
        lamp.yrot = 90.0;
    }
    w.entities = vec![lamp, player];
    w.player_entity = 1;
    w.camera_yaw = 45.0;
    w.camera_pitch = -10.0;
    w
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_has_walls_pillar_slope_and_textures() {
        for layout in AlwLayout::ALL {
            let w = alw_room(8, 6, layout);
            assert_eq!(w.dims(), [8, 6]);
            assert!(w.is_solid_rock(0, 0) && w.is_solid_rock(7, 5) && w.is_solid_rock(2, 2));
            assert!(!w.is_solid_rock(3, 3));
            assert_eq!(w.cell(8, 0), None);
            assert_eq!(w.player().unwrap().attribute("name"), Some(&b"Hero"[..]));
            let c = w.cell(3, 3).unwrap();
            assert_eq!(w.texture_name(c.floor_tex), Some("floorbrick"));
            assert_eq!(w.texture_name(0), None);
            assert_eq!(
                w.cell(1, 1).unwrap().is_sloped(),
                layout.has_corner_offsets()
            );
            assert_eq!((w.entities.len(), w.lights.len()), (2, 1));
        }
    }

    #[test]
    fn layout_2010_08_table_has_no_leading_byte() {
        let w = alw_room(4, 4, AlwLayout::Engine201008);
        assert_eq!(w.textures[0], (0, "redbricks".to_string()));
        assert_eq!(w.textures[1].0, 10);
        assert_eq!(w.texture_name(10), Some("redbricks"));
        let s = alw_room(4, 4, AlwLayout::Spec);
        assert_eq!(s.texture_table[0], 0);
        assert_eq!(s.textures[0], (1, "redbricks".to_string()));
    }
}
