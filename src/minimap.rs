//! The game's own minimap (`war3mapMap.blp`) as the reference for what a
//! Warcraft III map looks like from above: where the playable area lies in
//! a square picture, and pictures reduced to one colour a tile, so that the
//! editor's minimap and mapscope's `--view minimap` compare tile by tile.

use crate::store::warcraft::{Picture, WarcraftMap};

/// Where `cols` x `rows` tiles lie in a `width` x `height` picture that
/// shows them scaled to fit and centred, with bars on the short side as
/// the game's minimap has: x0, y0, x1, y1 in pixels.
pub fn letterbox(cols: u32, rows: u32, width: u32, height: u32) -> [f32; 4] {
    let (cols, rows) = (cols.max(1) as f32, rows.max(1) as f32);
    let (w, h) = (width as f32, height as f32);
    let scale = (w / cols).min(h / rows);
    let (cw, ch) = (cols * scale, rows * scale);
    let (x0, y0) = ((w - cw) / 2.0, (h - ch) / 2.0);
    [x0, y0, x0 + cw, y0 + ch]
}

/// How far the game's minimap frames the playable area from where it lies,
/// in tiles (x east, y south): half a tile west and half a tile south, as
/// if its pixels were laid out from the tilepoints. Read so, the corpus's
/// minimaps match their maps' tiles better on 110 of its 114 maps (the
/// minimap view's mean error 10.23 -> 8.97, tests/minimap.rs; a tenth of a
/// tile either way of it is worse), most on tiles where textures meet.
pub const FRAME_SHIFT: [f32; 2] = [-0.5, 0.5];

/// The area the game's minimap shows of the playable area `tiles` (x0,
/// y0, x1, y1 in map tiles, y from the north).
pub fn game_frame(tiles: [f32; 4]) -> [f32; 4] {
    let [dx, dy] = FRAME_SHIFT;
    [tiles[0] + dx, tiles[1] + dy, tiles[2] + dx, tiles[3] + dy]
}

/// One colour a tile: the mean of `rgba` (`width` x `height`, rows top
/// first) over each tile's share of `rect` that lies within `frame`,
/// weighted by how much of each pixel the tile covers. Tiles row by row
/// from the north-west.
pub fn per_tile(
    rgba: &[u8],
    [width, height]: [u32; 2],
    rect: [f32; 4],
    frame: [f32; 4],
    [cols, rows]: [u32; 2],
) -> Vec<[f32; 3]> {
    let (tw, th) = (
        (rect[2] - rect[0]) / cols.max(1) as f32,
        (rect[3] - rect[1]) / rows.max(1) as f32,
    );
    // Pixels a span covers, with how much of each.
    let spans = |start: f32, len: f32, [low, high]: [f32; 2]| -> Vec<(usize, f32)> {
        let (a, b) = (start.max(low), (start + len).min(high));
        let mut out = Vec::new();
        let mut p = a.floor();
        while p < b {
            let w = (p + 1.0).min(b) - p.max(a);
            if w > 0.0 {
                out.push((p as usize, w));
            }
            p += 1.0;
        }
        out
    };
    let xs: Vec<_> = (0..cols)
        .map(|c| {
            spans(
                rect[0] + c as f32 * tw,
                tw,
                [frame[0].max(0.0), frame[2].min(width as f32)],
            )
        })
        .collect();
    let mut out = Vec::with_capacity((cols * rows) as usize);
    for r in 0..rows {
        let ys = spans(
            rect[1] + r as f32 * th,
            th,
            [frame[1].max(0.0), frame[3].min(height as f32)],
        );
        for xs in &xs {
            let (mut sum, mut weight) = ([0f32; 3], 0f32);
            for &(y, wy) in &ys {
                for &(x, wx) in xs {
                    let i = 4 * (y * width as usize + x);
                    let Some(p) = rgba.get(i..i + 3) else {
                        continue;
                    };
                    for k in 0..3 {
                        sum[k] += p[k] as f32 * wx * wy;
                    }
                    weight += wx * wy;
                }
            }
            out.push(sum.map(|s| if weight > 0.0 { s / weight } else { 0.0 }));
        }
    }
    out
}

/// A map's minimap reduced to one colour a tile of its playable area.
#[derive(Debug, Clone, PartialEq)]
pub struct Reference {
    /// The playable area in map tiles: x0, y0, x1, y1 (y from the north).
    pub tiles: [u32; 4],
    /// Row by row from the north-west, one a tile of `tiles`.
    pub colors: Vec<[f32; 3]>,
}

impl Reference {
    pub fn cols(&self) -> u32 {
        self.tiles[2] - self.tiles[0]
    }

    pub fn rows(&self) -> u32 {
        self.tiles[3] - self.tiles[1]
    }
}

/// `picture` (the game's minimap, or a render framed as it, over
/// [`game_frame`]) reduced to one colour a tile of the playable area
/// `tiles`.
pub fn reduce(picture: &Picture, tiles: [u32; 4]) -> Reference {
    let (cols, rows) = (tiles[2] - tiles[0], tiles[3] - tiles[1]);
    let frame = letterbox(cols, rows, picture.width, picture.height);
    // The tiles lie against the frame's shift.
    let (tw, th) = (
        (frame[2] - frame[0]) / cols.max(1) as f32,
        (frame[3] - frame[1]) / rows.max(1) as f32,
    );
    let [dx, dy] = FRAME_SHIFT.map(|d| -d);
    let rect = [
        frame[0] + dx * tw,
        frame[1] + dy * th,
        frame[2] + dx * tw,
        frame[3] + dy * th,
    ];
    Reference {
        tiles,
        colors: per_tile(
            &picture.rgba,
            [picture.width, picture.height],
            rect,
            frame,
            [cols, rows],
        ),
    }
}

/// The map's own minimap at one colour a tile, where it has one and a
/// playable area.
pub fn reference(map: &WarcraftMap) -> Option<Reference> {
    Some(reduce(map.minimap.as_ref()?, map.playable_tiles()?))
}

/// The mean absolute difference of two colour lists, over every channel
/// (0-255).
pub fn mean_abs_diff(a: &[[f32; 3]], b: &[[f32; 3]]) -> f32 {
    let n = a.len().min(b.len());
    if n == 0 {
        return 0.0;
    }
    let sum: f64 = a
        .iter()
        .zip(b)
        .map(|(p, q)| (0..3).map(|k| (p[k] - q[k]).abs() as f64).sum::<f64>())
        .sum();
    (sum / (3 * n) as f64) as f32
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wide_area_has_bars_above_and_below() {
        let r = letterbox(108, 88, 256, 256);
        assert_eq!(r[0], 0.0);
        assert_eq!(r[2], 256.0);
        let bar = (256.0 - 88.0 * 256.0 / 108.0) / 2.0;
        assert!((r[1] - bar).abs() < 1e-3 && (r[3] - (256.0 - bar)).abs() < 1e-3);
    }

    #[test]
    fn tiles_average_their_pixels_by_area() {
        // 3 x 1 pixels: red, green, blue; two tiles of 1.5 pixels each.
        let rgba = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255];
        let whole = [0.0, 0.0, 3.0, 1.0];
        let t = per_tile(&rgba, [3, 1], whole, whole, [2, 1]);
        let third = 255.0 / 3.0;
        assert!((t[0][0] - 2.0 * third).abs() < 1e-3 && (t[0][1] - third).abs() < 1e-3);
        assert!((t[1][2] - 2.0 * third).abs() < 1e-3 && (t[1][1] - third).abs() < 1e-3);
        assert_eq!(mean_abs_diff(&t, &t), 0.0);
        assert!((mean_abs_diff(&[[0.0; 3]], &[[3.0, 6.0, 9.0]]) - 6.0).abs() < 1e-6);
    }

    #[test]
    fn a_tile_is_read_half_a_tile_east_and_north_within_the_frame() {
        // 4 x 4 pixels over 4 x 4 tiles; a pixel's red is its column and
        // its green its row, times 10.
        let mut rgba = Vec::new();
        for y in 0..4u8 {
            for x in 0..4u8 {
                rgba.extend_from_slice(&[10 * x, 10 * y, 0, 255]);
            }
        }
        let picture = Picture {
            width: 4,
            height: 4,
            rgba,
        };
        let r = reduce(&picture, [10, 20, 14, 24]);
        // Tile (0, 0) over columns 0.5..1.5 and rows -0.5..0.5, the part
        // above the frame left out.
        assert_eq!(r.colors[0], [5.0, 0.0, 0.0]);
        // Tile (3, 3): columns 3.5..4.5, the part east of the frame left out.
        assert_eq!(r.colors[15], [30.0, 25.0, 0.0]);
        assert_eq!(
            game_frame([10.0, 20.0, 14.0, 24.0]),
            [9.5, 20.5, 13.5, 24.5]
        );
    }
}
