//! Thumbnails for file managers (`mapscope thumbnail`): the size of the
//! picture, and the pictures drawn where no rasterizer can be had: a
//! Warcraft III map's own minimap (`war3mapMap.blp`), else one pixel a
//! column, tile or cell of the map seen from above (its kind's
//! `MapKind::top_colors`), scaled to the asked size ([`scale`]). No GPU here; the GPU picture is
//! `mapscope render --view top`'s, drawn by `cli/thumbnail.rs`.

pub mod scale;

use crate::kinds::{self, MapKind};
use crate::store::warcraft::Picture;
use crate::store::Map;

/// The picture's size for an area `width x length` (any units) drawn
/// `longest` pixels on its longer side, the aspect kept (at least a pixel
/// each way).
pub fn fit([width, length]: [f32; 2], longest: u32) -> [u32; 2] {
    let (w, l) = (width.max(1e-6), length.max(1e-6));
    let short = |a: f32, b: f32| ((longest as f32 * a / b).round() as u32).clamp(1, longest);
    if w >= l {
        [longest, short(l, w)]
    } else {
        [short(w, l), longest]
    }
}

/// The area a thumbnail shows, in map coordinates (x east, y south from the
/// north-west corner): a Warcraft III map's playable area, else the whole
/// map. `[x0, y0, x1, y1]`.
pub fn area(map: &Map) -> [f32; 4] {
    area_of(&*kinds::of(map))
}

fn area_of(kind: &dyn MapKind) -> [f32; 4] {
    if let Some(p) = kind.playable_tiles() {
        return p.map(|v| v as f32);
    }
    let [w, l] = kind.top_grid();
    [0.0, 0.0, w as f32, l as f32]
}

/// The thumbnail drawn without a GPU, `longest` pixels on its longer side.
/// A Warcraft III map shows the minimap it carries (the part that is the
/// playable area), other maps their top colours
/// ([`MapKind::top_colors`]).
pub fn cpu_picture(map: &Map, longest: u32) -> Picture {
    let kind = kinds::of(map);
    let [x0, y0, x1, y1] = area_of(&*kind);
    let size = fit([x1 - x0, y1 - y0], longest);
    let own = kind
        .minimap()
        .zip(kind.playable_tiles())
        .map(|(minimap, tiles)| playable_part(minimap, tiles));
    let picture = own.unwrap_or_else(|| {
        let all = kind.top_colors();
        scale::crop(&all, [x0, y0, x1, y1].map(|v| v.round() as u32))
    });
    scale::resize(&picture, size)
}

/// The playable area of a map's minimap: the game letterboxes it in the
/// square picture (see [`crate::minimap::letterbox`]).
fn playable_part(minimap: &Picture, [x0, y0, x1, y1]: [u32; 4]) -> Picture {
    let [px0, py0, px1, py1] =
        crate::minimap::letterbox(x1 - x0, y1 - y0, minimap.width, minimap.height);
    scale::crop(
        minimap,
        [
            px0.round() as u32,
            py0.round() as u32,
            px1.round() as u32,
            py1.round() as u32,
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_longer_side_is_the_asked_size() {
        assert_eq!(fit([512.0, 512.0], 128), [128, 128]);
        assert_eq!(fit([64.0, 160.0], 256), [102, 256]);
        assert_eq!(fit([160.0, 64.0], 256), [256, 102]);
        assert_eq!(fit([10_000.0, 1.0], 256), [256, 1]);
    }

    #[test]
    fn a_warcraft_maps_thumbnail_is_its_playable_area() {
        // The sample's w3i leaves 2 tiles out on each side of its 32 x 32
        // tiles (bounds complements 2, 2, 2, 2), and it has no minimap.
        let bytes = crate::samples::w3x_archive(4, Default::default());
        let options = crate::formats::LoadOptions::default();
        let map = crate::formats::decode(&bytes, &options).unwrap();
        assert_eq!(area(&map), [2.0, 2.0, 30.0, 30.0]);
        let p = cpu_picture(&map, 56);
        assert_eq!([p.width, p.height], [56, 56]);
        // Flat ground all over: every pixel drawn, none transparent.
        assert!(p.rgba.chunks(4).all(|c| c[3] == 255));
    }

    #[test]
    fn every_kind_has_a_cpu_picture_of_the_asked_size() {
        use crate::store::cells::AlwLayout;
        let maps = [
            Map {
                format: crate::formats::Format::AosVxl,
                meta: Default::default(),
                content: crate::store::voxels::fixtures::small().into(),
            },
            Map {
                format: crate::formats::Format::W3e,
                meta: Default::default(),
                content: crate::store::terrain::W3eTerrain::flat(65, 33, 11).into(),
            },
            Map {
                format: crate::formats::Format::Alw,
                meta: Default::default(),
                content: crate::samples::alw_room(24, 16, AlwLayout::Engine).into(),
            },
        ];
        for map in &maps {
            let p = cpu_picture(map, 100);
            assert_eq!(p.width.max(p.height), 100, "{:?}", map.format);
            assert_eq!(p.rgba.len(), (p.width * p.height * 4) as usize);
            assert!(
                p.rgba.chunks(4).any(|c| c[3] == 255),
                "{:?} drew nothing",
                map.format
            );
        }
    }
}
