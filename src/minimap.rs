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

/// One colour a tile: the mean of `rgba` (`width` x `height`, rows top
/// first) over each tile's share of `rect`, weighted by how much of each
/// pixel the tile covers. Tiles row by row from the north-west.
pub fn per_tile(
    rgba: &[u8],
    [width, height]: [u32; 2],
    rect: [f32; 4],
    cols: u32,
    rows: u32,
) -> Vec<[f32; 3]> {
    let (tw, th) = (
        (rect[2] - rect[0]) / cols.max(1) as f32,
        (rect[3] - rect[1]) / rows.max(1) as f32,
    );
    // Pixels a span covers, with how much of each.
    let spans = |start: f32, len: f32, limit: u32| -> Vec<(usize, f32)> {
        let (a, b) = (start.max(0.0), (start + len).min(limit as f32));
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
        .map(|c| spans(rect[0] + c as f32 * tw, tw, width))
        .collect();
    let mut out = Vec::with_capacity((cols * rows) as usize);
    for r in 0..rows {
        let ys = spans(rect[1] + r as f32 * th, th, height);
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

/// `picture` (the game's minimap, or a render framed as it) reduced to one
/// colour a tile of the playable area `tiles`.
pub fn reduce(picture: &Picture, tiles: [u32; 4]) -> Reference {
    let (cols, rows) = (tiles[2] - tiles[0], tiles[3] - tiles[1]);
    let rect = letterbox(cols, rows, picture.width, picture.height);
    Reference {
        tiles,
        colors: per_tile(
            &picture.rgba,
            [picture.width, picture.height],
            rect,
            cols,
            rows,
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
        let t = per_tile(&rgba, [3, 1], [0.0, 0.0, 3.0, 1.0], 2, 1);
        let third = 255.0 / 3.0;
        assert!((t[0][0] - 2.0 * third).abs() < 1e-3 && (t[0][1] - third).abs() < 1e-3);
        assert!((t[1][2] - 2.0 * third).abs() < 1e-3 && (t[1][1] - third).abs() < 1e-3);
        assert_eq!(mean_abs_diff(&t, &t), 0.0);
        assert!((mean_abs_diff(&[[0.0; 3]], &[[3.0, 6.0, 9.0]]) - 6.0).abs() < 1e-6);
    }
}
