//! Tall maps shaped like the real ones they stand for, for benchmarks and
//! tests of the mesher's tall path: an Ace of Spades 1.x map (a flat floor
//! whose top colour runs are empty, an island in the middle) and Voxlap's
//! demo map (rolling hills, overhangs two and three spans deep). The
//! corpus holds no map deeper than 64, and `tall_voxels`' mountains and
//! caves are shaped like neither.

use super::tall::{argb, push, EARTH, GRASS, ROCK, SAND};
use crate::store::voxels::{FourthByte, VoxelStore};

/// The depth of both shapes, as their real maps are decoded.
const REAL_TALL_DEPTH: u32 = 256;
/// The AoS 1.x map's floor: every column not on the island is solid from
/// here to the bottom, with no colour.
pub const AOS_ONE_FLOOR: u32 = 240;

const WOOD: [u8; 3] = [132, 96, 60];
const BRICK: [u8; 3] = [150, 80, 64];

/// Every column's solid spans, `[top, bottom)` top to bottom, and the
/// first solid z of each, for how far down a column's side shows.
struct Plan {
    side: u32,
    spans: Vec<Vec<[u32; 2]>>,
}

impl Plan {
    fn new(side: u32, column: impl Fn(u32, u32) -> Vec<[u32; 2]>) -> Plan {
        let spans = (0..side * side)
            .map(|i| column(i % side, i / side))
            .collect();
        Plan { side, spans }
    }

    fn column(&self, x: u32, y: u32) -> &[[u32; 2]] {
        &self.spans[(y * self.side + x) as usize]
    }

    /// How many voxels of column (x, y)'s first span a VXL writer colours
    /// from its top: down to the lowest top beside it (what shows), at
    /// least one, at most the span.
    fn shown(&self, x: u32, y: u32) -> u32 {
        let side = self.side as i64;
        let [top, bottom] = self.column(x, y)[0];
        let lowest = [(1, 0), (-1, 0), (0, 1), (0, -1)]
            .iter()
            .map(|&(dx, dy)| {
                let (x, y) = (x as i64 + dx, y as i64 + dy);
                let (x, y) = (x.clamp(0, side - 1), y.clamp(0, side - 1));
                self.column(x as u32, y as u32)[0][0]
            })
            .max()
            .unwrap_or(top);
        (lowest.saturating_sub(top) + 1).min(bottom - top)
    }
}

/// How a span is coloured: its top and bottom colour runs' lengths, the
/// colour of its first voxel and of the rest.
struct Runs {
    top_len: u32,
    bottom_len: u32,
    first: [u8; 3],
    rest: [u8; 3],
}

impl Plan {
    /// The store of the plan's columns, span i of column (x, y) coloured
    /// as `runs(x, y, i)` says.
    fn store(&self, runs: impl Fn(u32, u32, usize) -> Runs) -> VoxelStore {
        let side = self.side;
        let mut s = VoxelStore::new(side, side, REAL_TALL_DEPTH, FourthByte::Shade);
        for y in 0..side {
            for x in 0..side {
                let shade = (x * 3 + y * 7) % 5;
                for (i, &[top, bottom]) in self.column(x, y).iter().enumerate() {
                    let r = runs(x, y, i);
                    push(&mut s, top, bottom, r.top_len, r.bottom_len, |c| {
                        argb(if c == 0 { r.first } else { r.rest }, shade)
                    });
                }
                s.end_column();
            }
        }
        s.finish();
        s
    }
}

/// A small hash of a cell, for which cells hold buildings and how tall.
fn cell_hash(cx: u32, cy: u32) -> u32 {
    let h = cx.wrapping_mul(0x9E37_79B1) ^ cy.wrapping_mul(0x85EB_CA77);
    (h ^ h >> 15).wrapping_mul(0x2C1B_3C6D) >> 16
}

/// A `side` x `side` x 256 map shaped like an Ace of Spades 1.x map (sized
/// for 512 and scaled): 90 % of its columns are the map's floor, solid
/// from z 240 to the bottom with an empty top colour run (the file's
/// E = S - 1), so no voxel there carries a colour; an island in the middle
/// rises to tops at z 144-230 (one span to the bottom, coloured down to
/// where its neighbours' tops show its side); and houses of one to four
/// storeys on the island (a floor every 6 voxels, a wall around) give
/// about 2 % of the columns two to five spans, as the real map's
/// buildings and bridges do.
pub fn aos_one_voxels(side: u32) -> VoxelStore {
    let k = side as f32 / 512.0;
    let centre = side as f32 / 2.0;
    // How far from the island's middle, 1 at its shore.
    let reach = |x: u32, y: u32| {
        let (dx, dy) = ((x as f32 - centre) / k, (y as f32 - centre) / k);
        let angle = dy.atan2(dx);
        let radius = 95.0 + 14.0 * (3.0 * angle).sin() + 8.0 * (5.0 * angle + 1.0).cos();
        (dx * dx + dy * dy).sqrt() / radius
    };
    let ground = |x: u32, y: u32| {
        let r = reach(x, y);
        let bumps = 3.0 * (x as f32 / 6.0).sin() * (y as f32 / 8.0).cos();
        let rise = (1.0 - r).max(0.0).powf(0.7) * 86.0 + bumps;
        (r < 1.0).then(|| (230.0 - rise).clamp(144.0, 230.0) as u32)
    };
    let plan = Plan::new(side, |x, y| {
        let Some(t) = ground(x, y) else {
            return vec![[AOS_ONE_FLOOR, REAL_TALL_DEPTH]];
        };
        // Houses on a grid of 12-column cells, half of those well inland.
        let (cx, cy, lx, ly) = (x / 12, y / 12, x % 12, y % 12);
        let (mx, my) = (cx * 12 + 6, cy * 12 + 6);
        let h = cell_hash(cx, cy);
        let inside = (1..=10).contains(&lx) && (1..=10).contains(&ly);
        if h % 2 == 1 || !inside || reach(mx.min(side - 1), my.min(side - 1)) > 0.8 {
            return vec![[t, REAL_TALL_DEPTH]];
        }
        let base = ground(mx.min(side - 1), my.min(side - 1)).unwrap_or(t);
        let storeys = 1 + (h >> 3) % 4;
        let roof = base - 6 * storeys - 1;
        if lx == 1 || lx == 10 || ly == 1 || ly == 10 {
            return vec![[roof.min(t), REAL_TALL_DEPTH]];
        }
        let mut spans: Vec<[u32; 2]> = (0..storeys)
            .map(|i| roof + 6 * i)
            .filter(|&z| z + 1 < t)
            .map(|z| [z, z + 1])
            .collect();
        spans.push([t, REAL_TALL_DEPTH]);
        spans
    });
    plan.store(|x, y, i| {
        let [top, bottom] = plan.column(x, y)[i];
        let land = ground(x, y).unwrap_or(AOS_ONE_FLOOR);
        let run = if i == 0 { plan.shown(x, y) } else { 2 };
        let (len, colour) = match top {
            // The floor: an empty top colour run.
            AOS_ONE_FLOOR => (0, SAND),
            // A storey's floor or a roof; a house's wall.
            _ if bottom - top == 1 => (1, WOOD),
            t if t < land => (run, BRICK),
            t if t < 150 => (run, ROCK),
            t if t > 226 => (run, SAND),
            _ => (run, GRASS),
        };
        Runs {
            top_len: len.min(bottom - top),
            bottom_len: 0,
            first: colour,
            rest: colour,
        }
    })
}

/// A `side` x `side` x 256 map shaped like Voxlap's own demo map (sized
/// for 1024 and scaled): rolling hills whose tops run from about z 100
/// down to z 250, and under them overhangs and hollows, an air band under
/// the surface in about two columns in five and a second, deeper one in
/// about one in six, so that many columns have two spans and many three.
/// As Voxlap saves a map, each span is coloured where it shows: its top
/// run down to where the columns beside show its side, and a short bottom
/// run over the air below it.
pub fn voxlap_voxels(side: u32) -> VoxelStore {
    let k = side as f32 / 1024.0;
    let plan = Plan::new(side, |x, y| {
        let (fx, fy) = (x as f32 / k, y as f32 / k);
        let hills = 70.0
            + 40.0 * (fx / 71.0).sin() * (fy / 89.0).cos()
            + 25.0 * ((fx - fy) / 43.0).sin()
            + 12.0 * (fx / 19.0 + fy / 23.0).cos();
        let top = (250.0 - hills).clamp(96.0, 250.0) as u32;
        let mut spans = vec![[top, REAL_TALL_DEPTH]];
        // An air band from `below` the surface, `tall` voxels, where its
        // pattern is above `over`.
        let mut hollow = |pattern: f32, over: f32, below: f32, scale: f32| {
            if pattern <= over {
                return;
            }
            let [from, _] = *spans.last().unwrap();
            let start = from + below as u32;
            let end = (start + 2 + ((pattern - over) * scale) as u32).min(REAL_TALL_DEPTH - 2);
            if start + 1 < end {
                spans.last_mut().unwrap()[1] = start;
                spans.push([end, REAL_TALL_DEPTH]);
            }
        };
        let shelf = (fx / 37.0 + 1.3 * (fy / 53.0).sin()).sin() * (fy / 41.0).cos();
        hollow(shelf, 0.1, 5.0 + 4.0 * (fy / 29.0).sin(), 24.0);
        let cave = (fx / 31.0 - fy / 47.0).cos() * (fy / 35.0 + 0.7 * (fx / 27.0).sin()).sin();
        hollow(cave, 0.35, 6.0 + 3.0 * (fx / 23.0).cos(), 30.0);
        spans
    });
    plan.store(|x, y, i| {
        let spans = plan.column(x, y);
        let [top, bottom] = spans[i];
        let len = bottom - top;
        let top_len = if i == 0 { plan.shown(x, y) } else { len.min(3) };
        let last = i + 1 == spans.len();
        let surface = match top {
            t if t < 140 => ROCK,
            t if t > 244 => SAND,
            _ => GRASS,
        };
        Runs {
            top_len,
            bottom_len: if last { 0 } else { (len - top_len).min(2) },
            first: if i == 0 { surface } else { EARTH },
            rest: EARTH,
        }
    })
}

#[cfg(test)]
mod tests {
    use super::{aos_one_voxels, voxlap_voxels, AOS_ONE_FLOOR};

    /// Counts of columns by their number of spans (index: spans - 1, up to
    /// 6), and the columns' first tops.
    fn spans_and_tops(s: &crate::store::voxels::VoxelStore) -> ([u32; 6], Vec<u32>) {
        let [w, l, _] = s.dims();
        let (mut counts, mut tops) = ([0; 6], Vec::new());
        for y in 0..l {
            for x in 0..w {
                let (slabs, _) = s.surface(x, y);
                counts[(slabs.len() - 1).min(5)] += 1;
                tops.push(slabs[0].top as u32);
            }
        }
        (counts, tops)
    }

    #[test]
    fn aos_one_map_is_a_colourless_floor_an_island_and_houses() {
        let s = aos_one_voxels(512);
        s.validate().unwrap();
        let (spans, tops) = spans_and_tops(&s);
        let columns = 512 * 512;
        // The floor: uncoloured from z 240.
        let mut floor = 0;
        for y in 0..512 {
            for x in 0..512 {
                let (slabs, colors) = s.surface(x, y);
                if slabs[0].top as u32 == AOS_ONE_FLOOR {
                    assert_eq!((slabs.len(), colors.len()), (1, 0), "({x}, {y})");
                    assert_eq!(slabs[0].top_len, 0);
                    floor += 1;
                }
            }
        }
        let share = |n: u32| n as f64 / columns as f64;
        assert!((0.88..0.92).contains(&share(floor)), "floor {floor}");
        let island: Vec<u32> = tops.into_iter().filter(|&t| t < AOS_ONE_FLOOR).collect();
        let (lo, hi) = (island.iter().min().unwrap(), island.iter().max().unwrap());
        // House roofs stand above the island's highest ground.
        assert!(*lo < 150 && *hi == 230, "island tops {lo}..={hi}");
        assert!(
            share(spans[0]) > 0.975 && share(spans[0]) < 0.99,
            "{spans:?}"
        );
        assert!(spans[4] > 0 && spans[5] == 0, "up to five spans: {spans:?}");
    }

    #[test]
    fn voxlap_map_is_hills_with_many_two_and_three_span_columns() {
        let s = voxlap_voxels(512);
        s.validate().unwrap();
        let (spans, tops) = spans_and_tops(&s);
        let columns = (512 * 512) as f64;
        let (lo, hi) = (tops.iter().min().unwrap(), tops.iter().max().unwrap());
        assert!(*lo < 110 && *hi == 250, "hill tops {lo}..={hi}");
        let share = |n: u32| n as f64 / columns;
        assert!(share(spans[1]) > 0.2, "two spans: {spans:?}");
        assert!(share(spans[2]) > 0.05, "three spans: {spans:?}");
    }
}
