//! A Warcraft III map's water tint (the w3i's, where its flags turn it on)
//! leaves the picture as it is: the views draw the game's minimap colours,
//! and its minimaps leave the tint out (drawn, it put the water of 20 of
//! the corpus's 24 tinted maps further from their minimaps). The sample
//! map with a pool in its north-east is drawn from above with a red tint
//! off and on.

mod common;

use common::golden::{gpu, pixel};
use mapscope::formats::{self, LoadOptions};
use mapscope::kinds::views::{self, View};
use mapscope::render::RenderOptions;
use mapscope::store::terrain::Tilepoint;
use mapscope::store::warcraft::MapInfo;
use mapscope::store::{Content, Map};

const W: u32 = 160;
const H: u32 = 120;
/// The pool: tiles 22..30 east and north of the 32 x 32 sample's
/// south-west corner, clear of its objects.
const POOL: std::ops::Range<u32> = 22..30;

/// The sample map with the pool, its w3i's tint `tint` (RGB), turned on
/// or not.
fn sample(tint: [u8; 3], on: bool) -> Map {
    let bytes =
        mapscope::samples::w3x_archive(0, mapscope::formats::mpq::write::FileOptions::default());
    let mut map = formats::decode(&bytes, &LoadOptions::default()).unwrap();
    let Content::Warcraft(w) = &mut map.content else {
        panic!("the sample is a Warcraft III map")
    };
    for y in POOL.start..=POOL.end {
        for x in POOL.start..=POOL.end {
            let p = w.terrain.tile_mut(x, y);
            p.set_flag(Tilepoint::WATER, true);
            // Half a tile above the flat ground (level 0).
            p.water = Tilepoint::ZERO + (1.2 * 512.0) as u16;
        }
    }
    let info = w.info.as_mut().unwrap();
    let [r, g, b] = tint;
    info.environment.as_mut().unwrap().water_tint = [r, g, b, 255];
    if on {
        info.flags |= MapInfo::WATER_TINT;
    } else {
        info.flags &= !MapInfo::WATER_TINT;
    }
    map
}

/// The map from above, objects hidden.
fn top(map: &Map) -> Option<Vec<u8>> {
    let mut gpu = gpu()?;
    let camera = views::camera_for(map, View::Top, W as f32 / H as f32, 60.0).unwrap();
    let scene = views::scene(map, &gpu.renderer, &gpu.gpu.device, false);
    let mut options = RenderOptions {
        show_spawns: false,
        ..Default::default()
    };
    for g in mapscope::mesh::objects::Group::ALL {
        options.objects.set(g, false);
    }
    Some(gpu.picture(&scene, &camera, W, H, &options).unwrap())
}

/// The pixel over tile (x, y) counted from the south-west corner, the
/// 32-tile map filling the picture's height.
fn at(picture: &[u8], x: f32, y_north: f32) -> [u8; 3] {
    let y = 32.0 - y_north;
    let px = (x / 32.0 * H as f32 + (W - H) as f32 / 2.0) as u32;
    let py = (y / 32.0 * H as f32) as u32;
    pixel(picture, W, px, py)
}

#[test]
fn a_red_water_tint_leaves_the_water_as_the_games_minimap_draws_it() {
    let Some(plain) = top(&sample([255, 0, 0], false)) else {
        return;
    };
    let tinted = top(&sample([255, 0, 0], true)).unwrap();
    let middle = (POOL.start + POOL.end) as f32 / 2.0;
    let water = at(&plain, middle, middle);
    // The game's water is bluish: the pool is drawn.
    assert!(
        water[2] > water[0] + 20,
        "no water drawn at the pool: {water:?}"
    );
    assert_eq!(
        at(&tinted, middle, middle),
        water,
        "the tint reached the water"
    );
    assert!(plain == tinted, "the tint changed the picture");
}
