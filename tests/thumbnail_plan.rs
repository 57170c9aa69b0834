//! An indoor ALW world's thumbnail (and `render --view top`) is its floor
//! plan: rock walls dark, floors lighter the higher they are, a line where
//! a floor steps down; not the one flat floor colour that a world seen
//! whole from above is.

mod common;

use mapscope::formats::Format;
use mapscope::mesh::cells::ROCK;
use mapscope::store::cells::{AlwLayout, CF_OCCLUDER};
use mapscope::store::{Map, Metadata};

/// The sample room, 16 x 12 cells, split by a rock wall at x = 8 with a
/// doorway at y = 5 and 6, and a platform 4 x 4 cells raised 64 units in
/// the east room.
fn two_rooms(path: &std::path::Path) {
    let mut w = mapscope::samples::alw_room(16, 12, AlwLayout::Engine);
    for y in 1..11 {
        let c = &mut w.cells[y * 16 + 8];
        if y != 5 && y != 6 {
            (c.floor, c.ceiling, c.flags) = (0, 0, CF_OCCLUDER);
        }
    }
    for y in 2..6 {
        for x in 11..15 {
            w.cells[y * 16 + x].floor = -64;
        }
    }
    let map = Map {
        format: Format::Alw,
        meta: Metadata::default(),
        content: w.into(),
    };
    std::fs::write(path, mapscope::kinds::encode(&map, Format::Alw).unwrap()).unwrap();
}

fn near(a: [u8; 3], b: [u8; 3]) -> bool {
    a.iter().zip(b).all(|(&x, y)| x.abs_diff(y) <= 3)
}

#[test]
fn an_alw_thumbnail_is_the_worlds_floor_plan() {
    // The GPU picture is the plan; without a rasterizer the thumbnail
    // would be the CPU's, so this fails (or skips, where allowed) first.
    if common::golden::gpu().is_none() {
        return;
    }
    let dir = common::scratch_dir("thumbnail_plan", "two_rooms");
    let (alw, png) = (dir.join("rooms.alw"), dir.join("rooms.png"));
    two_rooms(&alw);
    let out = common::mapscope(&[
        "thumbnail".as_ref(),
        alw.as_os_str(),
        png.as_os_str(),
        "--size".as_ref(),
        "320".as_ref(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (px, w, h) = common::window::rgb_pixels(&png);
    assert_eq!([w, h], [320, 240], "20 pixels a cell");
    let cell = |x: u32, y: u32| px[((y * 20 + 10) * w + x * 20 + 10) as usize];
    // The dividing wall is rock, its doorway floor.
    assert!(near(cell(8, 2), ROCK), "wall: {:?}", cell(8, 2));
    assert!(near(cell(0, 0), ROCK), "outer wall: {:?}", cell(0, 0));
    let floor = cell(4, 8);
    assert!(!near(floor, ROCK) && near(cell(8, 5), floor), "doorway");
    // The platform: the same floor, lighter.
    let platform = cell(12, 3);
    assert!(
        platform.iter().zip(floor).all(|(&p, f)| p >= f) && platform != floor,
        "platform {platform:?}, floor {floor:?}"
    );
    // A line where the platform steps down (its west edge, 2 pixels wide).
    let edge: Vec<[u8; 3]> = (0..3).map(|dx| px[(70 * w + 220 + dx) as usize]).collect();
    assert!(
        edge.iter()
            .any(|&p| p != platform && p != floor && !near(p, ROCK)),
        "no step line: {edge:?}"
    );
}
