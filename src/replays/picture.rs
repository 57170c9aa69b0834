//! Games drawn over a map's top view: marks (discs, rings, squares) and
//! a faint heat of many points, painted on the RGBA picture that
//! `render --view top --playable` draws, placed by the same framing (the
//! playable area centred, letterboxed, north up).

use crate::store::warcraft::WarcraftMap;

/// Where world positions fall in a `width` x `height` picture of a map's
/// playable area from straight above.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Frame {
    pub width: u32,
    pub height: u32,
    /// The picture's centre, in map tiles (x from the west, y from the
    /// north).
    centre: [f32; 2],
    /// Pixels a tile.
    scale: f32,
    /// World units to map tiles: tiles = (x - ox) / 128, rows - (y - oy) / 128.
    offset: [f32; 2],
    rows: f32,
}

impl Frame {
    /// The framing of `views::playable_top` for `map` (its playable area,
    /// else the whole map).
    pub fn playable(map: &WarcraftMap, width: u32, height: u32) -> Frame {
        let t = &map.terrain;
        let whole = [0, 0, t.width.saturating_sub(1), t.height.saturating_sub(1)];
        let [x0, y0, x1, y1] = map.playable_tiles().unwrap_or(whole).map(|v| v as f32);
        let aspect = width as f32 / height.max(1) as f32;
        let half = ((y1 - y0) / 2.0).max((x1 - x0) / 2.0 / aspect).max(0.5);
        Frame {
            width,
            height,
            centre: [(x0 + x1) / 2.0, (y0 + y1) / 2.0],
            scale: height as f32 / (2.0 * half),
            offset: t.offset,
            rows: t.height.saturating_sub(1) as f32,
        }
    }

    /// The pixel (x right, y down) of world position `at`.
    pub fn pixel(&self, at: [f32; 2]) -> [f32; 2] {
        let tile = crate::store::warcraft::TILE;
        let tx = (at[0] - self.offset[0]) / tile;
        let ty = self.rows - (at[1] - self.offset[1]) / tile;
        [
            self.width as f32 / 2.0 + (tx - self.centre[0]) * self.scale,
            self.height as f32 / 2.0 + (ty - self.centre[1]) * self.scale,
        ]
    }

    /// A canvas over `rgba`, a picture of this frame's size.
    pub fn canvas<'a>(&self, rgba: &'a mut [u8]) -> Canvas<'a> {
        Canvas {
            rgba,
            width: self.width,
            height: self.height,
        }
    }

    /// Pixels for `units` world units.
    pub fn pixels(&self, units: f32) -> f32 {
        units / crate::store::warcraft::TILE * self.scale
    }
}

/// An RGBA picture (rows top first) to paint on.
pub struct Canvas<'a> {
    pub rgba: &'a mut [u8],
    pub width: u32,
    pub height: u32,
}

impl Canvas<'_> {
    /// Blends `colour` over pixel (x, y) at `alpha` (0-1).
    fn blend(&mut self, x: i64, y: i64, colour: [u8; 3], alpha: f32) {
        if x < 0 || y < 0 || x >= i64::from(self.width) || y >= i64::from(self.height) {
            return;
        }
        let i = (y as usize * self.width as usize + x as usize) * 4;
        let a = alpha.clamp(0.0, 1.0);
        for (c, &v) in colour.iter().enumerate() {
            let old = f32::from(self.rgba[i + c]);
            self.rgba[i + c] = (old + (f32::from(v) - old) * a).round() as u8;
        }
    }

    /// Every pixel within `r` of `at` where `shape` (offset, r) says so.
    fn each(&mut self, at: [f32; 2], r: f32, colour: [u8; 3], shape: impl Fn(f32, f32) -> f32) {
        let reach = r.ceil() as i64 + 1;
        let (cx, cy) = (at[0].round() as i64, at[1].round() as i64);
        for y in cy - reach..=cy + reach {
            for x in cx - reach..=cx + reach {
                let (dx, dy) = (x as f32 + 0.5 - at[0], y as f32 + 0.5 - at[1]);
                let alpha = shape(dx, dy);
                if alpha > 0.0 {
                    self.blend(x, y, colour, alpha);
                }
            }
        }
    }

    /// A filled disc with a dark rim, so that it shows on any ground.
    pub fn disc(&mut self, at: [f32; 2], r: f32, colour: [u8; 3]) {
        self.each(at, r + 1.5, [0, 0, 0], |dx, dy| {
            (r + 1.5 - dx.hypot(dy)).clamp(0.0, 1.0)
        });
        self.each(at, r, colour, |dx, dy| (r - dx.hypot(dy)).clamp(0.0, 1.0));
    }

    /// A ring `width` pixels wide.
    pub fn ring(&mut self, at: [f32; 2], r: f32, width: f32, colour: [u8; 3]) {
        self.each(at, r + width, colour, |dx, dy| {
            (width / 2.0 - (dx.hypot(dy) - r).abs() + 0.5).clamp(0.0, 1.0)
        });
    }

    /// A filled square, `half` pixels from centre to side, dark-rimmed.
    pub fn square(&mut self, at: [f32; 2], half: f32, colour: [u8; 3]) {
        let inside =
            |h: f32| move |dx: f32, dy: f32| (h + 0.5 - dx.abs().max(dy.abs())).clamp(0.0, 1.0);
        self.each(at, (half + 1.5) * 1.5, [0, 0, 0], inside(half + 1.5));
        self.each(at, half * 1.5, colour, inside(half));
    }

    /// A faint heat of `points` (pixels) in `colour`: counted on cells of
    /// `cell` pixels, spread to their neighbours, and laid with an opacity
    /// growing with each cell's share of the most (to the power 0.6);
    /// cells under `floor` of the most are left out.
    pub fn heat(
        &mut self,
        points: &[[f32; 2]],
        cell: u32,
        colour: [u8; 3],
        strength: f32,
        floor: f32,
    ) {
        let cell = cell.max(1);
        let (cw, ch) = (
            self.width.div_ceil(cell) as usize,
            self.height.div_ceil(cell) as usize,
        );
        let mut counts = vec![0f32; cw * ch];
        for p in points {
            if p[0] < 0.0 || p[1] < 0.0 {
                continue;
            }
            let (x, y) = ((p[0] as u32 / cell) as usize, (p[1] as u32 / cell) as usize);
            if x < cw && y < ch {
                counts[y * cw + x] += 1.0;
            }
        }
        let spread = blur(&counts, cw, ch);
        let most = spread.iter().copied().fold(0.0, f32::max);
        if most <= 0.0 {
            return;
        }
        for y in 0..self.height {
            for x in 0..self.width {
                let v = spread[(y / cell) as usize * cw + (x / cell) as usize];
                if v > most * floor {
                    self.blend(
                        i64::from(x),
                        i64::from(y),
                        colour,
                        strength * (v / most).powf(0.6),
                    );
                }
            }
        }
    }
}

/// A 3 x 3 spread of `counts` (`w` x `h`), twice: a cell's heat reaches
/// two cells out, fading.
fn blur(counts: &[f32], w: usize, h: usize) -> Vec<f32> {
    let once = |src: &[f32]| -> Vec<f32> {
        let mut out = vec![0f32; src.len()];
        for y in 0..h {
            for x in 0..w {
                let mut sum = 0.0;
                for (dx, dy, k) in [
                    (0i64, 0i64, 4.0),
                    (1, 0, 2.0),
                    (-1, 0, 2.0),
                    (0, 1, 2.0),
                    (0, -1, 2.0),
                    (1, 1, 1.0),
                    (-1, 1, 1.0),
                    (1, -1, 1.0),
                    (-1, -1, 1.0),
                ] {
                    let (nx, ny) = (x as i64 + dx, y as i64 + dy);
                    if nx >= 0 && ny >= 0 && (nx as usize) < w && (ny as usize) < h {
                        sum += src[ny as usize * w + nx as usize] * k;
                    }
                }
                out[y * w + x] = sum / 16.0;
            }
        }
        out
    };
    once(&once(counts))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_frame_puts_the_playable_areas_corners_at_the_pictures_edges() {
        let archive = crate::samples::w3x_archive(0, Default::default());
        let map = crate::formats::w3x::decode(&archive).expect("the sample map decodes");
        let w = crate::kinds::replay_map(&map).expect("a Warcraft III map");
        let [x0, y0, x1, y1] = w.playable_tiles().expect("a playable area");
        let f = Frame::playable(w, 400, 400);
        let world = |tx: u32, ty: u32| {
            let rows = w.terrain.height as f32 - 1.0;
            [
                w.terrain.offset[0] + tx as f32 * 128.0,
                w.terrain.offset[1] + (rows - ty as f32) * 128.0,
            ]
        };
        let nw = f.pixel(world(x0, y0));
        let se = f.pixel(world(x1, y1));
        assert!(
            nw[0].abs() < 0.01 && nw[1].abs() < 0.01,
            "north-west corner at {nw:?}"
        );
        assert!(
            (se[0] - 400.0).abs() < 0.01 && (se[1] - 400.0).abs() < 0.01,
            "south-east at {se:?}"
        );
    }

    #[test]
    fn marks_paint_their_colour_where_they_are_and_nothing_far_off() {
        let mut rgba = vec![128u8; 64 * 64 * 4];
        let mut c = Canvas {
            rgba: &mut rgba,
            width: 64,
            height: 64,
        };
        c.disc([20.0, 20.0], 5.0, [255, 0, 0]);
        c.heat(&[[50.0, 50.0]; 10], 4, [0, 255, 0], 0.5, 0.01);
        let px = |x: usize, y: usize| &rgba[(y * 64 + x) * 4..(y * 64 + x) * 4 + 3];
        assert_eq!(px(20, 20), [255, 0, 0]);
        assert_eq!(px(5, 60), [128, 128, 128]);
        let hot = px(50, 50);
        assert!(
            hot[1] > 180 && hot[0] < 100,
            "the heat is green where the points are: {hot:?}"
        );
    }
}
