//! Ground distances on a walkability grid: the shortest path over walkable
//! cells, moving to the 8 neighbouring cells, a diagonal step only where
//! both cells beside it are walkable too (a unit cannot squeeze between two
//! blocked corners), each step one cell or √2 cells long.

/// Which cells can be walked, row by row from the bottom, and where the
/// grid lies: `origin` is the world position of cell (0, 0)'s corner and
/// `cell` a cell's side, in world units.
#[derive(Debug, Clone, PartialEq)]
pub struct WalkGrid {
    pub width: u32,
    pub height: u32,
    pub walkable: Vec<bool>,
    pub origin: [f32; 2],
    pub cell: f32,
}

/// A distance field and the buffers that work it out, kept from one
/// start to the next.
#[derive(Debug, Default)]
pub struct Field {
    /// Distances in world units from the start to every cell (infinite
    /// where it cannot be reached).
    pub dist: Vec<f32>,
    ring: [Vec<u32>; 3],
    work: Vec<u32>,
}

impl WalkGrid {
    fn index(&self, x: u32, y: u32) -> usize {
        y as usize * self.width as usize + x as usize
    }

    fn open(&self, x: i64, y: i64) -> bool {
        x >= 0
            && y >= 0
            && x < self.width as i64
            && y < self.height as i64
            && self.walkable[self.index(x as u32, y as u32)]
    }

    /// The walkable cell a point stands on: its own where walkable, else
    /// the one whose centre is nearest it; `None` where no cell is.
    pub fn stand(&self, at: [f32; 2]) -> Option<(u32, u32)> {
        let fx = (at[0] - self.origin[0]) / self.cell;
        let fy = (at[1] - self.origin[1]) / self.cell;
        let (cx, cy) = (fx.floor() as i64, fy.floor() as i64);
        if self.open(cx, cy) {
            return Some((cx as u32, cy as u32));
        }
        let reach = self.width.max(self.height) as i64 + cx.abs() + cy.abs();
        let mut best: Option<(f32, (u32, u32))> = None;
        for ring in 1..=reach {
            // Every cell of this ring is at least `ring - 1` cells away.
            if best.is_some_and(|(d, _)| d < (ring - 1) as f32) {
                break;
            }
            for (x, y) in ring_cells(cx, cy, ring) {
                if self.open(x, y) {
                    let d = ((x as f32 + 0.5 - fx).powi(2) + (y as f32 + 0.5 - fy).powi(2)).sqrt();
                    if best.is_none_or(|(b, _)| d < b) {
                        best = Some((d, (x as u32, y as u32)));
                    }
                }
            }
        }
        best.map(|(_, c)| c)
    }

    /// Distances in world units from `from` to every cell (infinite where
    /// it cannot be reached).
    pub fn distances(&self, from: (u32, u32)) -> Vec<f32> {
        self.distances_with(&self.steps(), from)
    }

    /// Each cell's open steps, a bit for each of [`STEPS`]: worked out once
    /// for all the fields of a grid ([`Self::distances_with`]). Read off
    /// three rows at a time of the walkable cells with a blocked border
    /// around them, so no step is asked whether it leaves the grid.
    pub fn steps(&self) -> Vec<u8> {
        let (w, h) = (self.width as usize, self.height as usize);
        let mut masks = vec![0u8; self.walkable.len()];
        if w == 0 || h == 0 || self.walkable.len() != w * h {
            return masks;
        }
        let mut padded = vec![false; (w + 2) * (h + 2)];
        for (row, cells) in padded
            .chunks_exact_mut(w + 2)
            .skip(1)
            .zip(self.walkable.chunks_exact(w))
        {
            row[1..=w].copy_from_slice(cells);
        }
        let rows: Vec<&[bool]> = padded.chunks_exact(w + 2).collect();
        for (y, out) in masks.chunks_exact_mut(w).enumerate() {
            // Rows y - 1, y and y + 1 of the grid.
            let (below, here, above) = (rows[y], rows[y + 1], rows[y + 2]);
            let cells = below.windows(3).zip(here.windows(3)).zip(above.windows(3));
            for (m, ((b, c), a)) in out.iter_mut().zip(cells) {
                if !c[1] {
                    continue;
                }
                // In `STEPS`' order: +x, -x, +y, -y, then the diagonals,
                // each only between two walkable cells.
                let open = [
                    c[2],
                    c[0],
                    a[1],
                    b[1],
                    a[2] && c[2] && a[1],
                    b[2] && c[2] && b[1],
                    a[0] && c[0] && a[1],
                    b[0] && c[0] && b[1],
                ];
                *m = open
                    .iter()
                    .enumerate()
                    .fold(0, |m, (k, &o)| m | (o as u8) << k);
            }
        }
        masks
    }

    /// [`Self::distances`] over the grid's open steps (`steps`, from
    /// [`Self::steps`]). Dijkstra with its queue in buckets one straight
    /// step wide rather than a heap: every step is at least that long, so
    /// no cell lowers another of its own bucket, and each bucket's cells
    /// are final when it is reached. The same floats as a heap gives (each
    /// cell's least sum over the same neighbours), at a fraction of the
    /// cost; three buckets in a ring hold all there is (a diagonal is
    /// under two widths).
    pub fn distances_with(&self, steps: &[u8], from: (u32, u32)) -> Vec<f32> {
        let mut field = Field::default();
        self.distances_in(steps, from, &mut field);
        field.dist
    }

    /// [`Self::distances_with`] into `field`, whose buffers are reused (a
    /// fresh field a start was a tenth of the analysis in page faults).
    pub fn distances_in(&self, steps: &[u8], from: (u32, u32), field: &mut Field) {
        let n = self.walkable.len();
        let Field { dist, ring, work } = field;
        dist.clear();
        dist.resize(n, f32::INFINITY);
        for r in ring.iter_mut() {
            r.clear();
        }
        if steps.len() != n {
            return;
        }
        let w = self.width as usize;
        // A cell's neighbours lie in the window from one row and one cell
        // before it to one row and one cell after it: each step's place in
        // that window, so that one bounds check covers a cell's eight.
        let span = 2 * w + 3;
        let at = STEPS.map(|(dx, dy)| (dy + 1) as usize * w + (dx + 1) as usize);
        let (straight, diagonal) = (self.cell, self.cell * std::f32::consts::SQRT_2);
        let lengths = STEPS.map(|(dx, dy)| {
            if dx != 0 && dy != 0 {
                diagonal
            } else {
                straight
            }
        });
        // Bucket k holds distances from edge(k) up to edge(k + 1): compared
        // with the same floats on both sides, never divided into.
        let edge = |k: u32| k as f32 * straight;
        let start = self.index(from.0, from.1);
        dist[start] = 0.0;
        ring[0].push(start as u32);
        // Which list holds bucket k, k + 1 and k + 2.
        let mut slots = [0usize, 1, 2];
        let mut k = 0u32;
        while ring.iter().any(|r| !r.is_empty()) {
            let (low, next, after) = (edge(k), edge(k + 1), edge(k + 2));
            // Cells pushed into the bucket being worked (a rounding at its
            // edge) are worked before it is left.
            loop {
                std::mem::swap(work, &mut ring[slots[0]]);
                if work.is_empty() {
                    break;
                }
                for &i in work.iter() {
                    let i = i as usize;
                    let d = dist[i];
                    // Pushed again since, by a shorter way: worked where
                    // that put it.
                    if d < low || d >= next {
                        continue;
                    }
                    let open = steps[i];
                    // Step s onto cell j, whose distance is `there`.
                    let mut relax = |there: &mut f32, s: usize, j: usize| {
                        let nd = d + lengths[s];
                        if nd < *there {
                            *there = nd;
                            let b = (nd >= next) as usize + (nd >= after) as usize;
                            ring[slots[b]].push(j as u32);
                        }
                    };
                    let first = i.wrapping_sub(w + 1);
                    match dist.get_mut(first..first.wrapping_add(span)) {
                        // By index over the fixed eight, which the compiler
                        // unrolls (an iterator here it did not: 1.3x slower).
                        Some(around) => {
                            for s in 0..8 {
                                if open >> s & 1 != 0 {
                                    relax(&mut around[at[s]], s, first + at[s]);
                                }
                            }
                        }
                        // The grid's first and last rows: each step on its
                        // own (an open one never leaves the grid).
                        None => {
                            for (s, &place) in at.iter().enumerate() {
                                if open >> s & 1 != 0 {
                                    let j = first.wrapping_add(place);
                                    relax(&mut dist[j], s, j);
                                }
                            }
                        }
                    }
                }
                work.clear();
            }
            slots.rotate_left(1);
            k += 1;
        }
    }

    /// The shortest walk from the field's start to `to`, start first, as
    /// cells: recovered from the field alone, each cell the neighbour
    /// whose distance plus the step between them is least (the one
    /// Dijkstra reached it from), so no predecessors need keeping. Empty
    /// where `to` cannot be reached.
    pub fn path(&self, field: &[f32], to: (u32, u32)) -> Vec<(u32, u32)> {
        if self.at(field, to).is_none() {
            return Vec::new();
        }
        let (straight, diagonal) = (self.cell, self.cell * std::f32::consts::SQRT_2);
        let mut out = vec![to];
        let (mut x, mut y) = (to.0 as i64, to.1 as i64);
        while field[self.index(x as u32, y as u32)] > 0.0 {
            let here = field[self.index(x as u32, y as u32)];
            let mut best: Option<(f32, i64, i64)> = None;
            for (dx, dy) in STEPS {
                let (nx, ny) = (x + dx, y + dy);
                if !self.step_open(x, y, dx, dy) {
                    continue;
                }
                let step = if dx != 0 && dy != 0 {
                    diagonal
                } else {
                    straight
                };
                let via = field[self.index(nx as u32, ny as u32)] + step;
                if best.is_none_or(|(b, _, _)| via < b) {
                    best = Some((via, nx, ny));
                }
            }
            // A field from another grid could lead nowhere: stop, never loop.
            match best {
                Some((_, nx, ny)) if field[self.index(nx as u32, ny as u32)] < here => {
                    (x, y) = (nx, ny);
                    out.push((x as u32, y as u32));
                }
                _ => return Vec::new(),
            }
        }
        out.reverse();
        out
    }

    /// Whether one step (dx, dy) from (x, y) may be taken: onto a walkable
    /// cell, and diagonally only between two walkable ones.
    fn step_open(&self, x: i64, y: i64, dx: i64, dy: i64) -> bool {
        self.open(x + dx, y + dy)
            && (dx == 0 || dy == 0 || (self.open(x + dx, y) && self.open(x, y + dy)))
    }

    /// The distance at cell `c` of a field [`Self::distances`] made.
    pub fn at(&self, field: &[f32], c: (u32, u32)) -> Option<f32> {
        let d = field[self.index(c.0, c.1)];
        d.is_finite().then_some(d)
    }
}

const STEPS: [(i64, i64); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

/// The cells `ring` steps (in the larger of x and y) from (cx, cy).
fn ring_cells(cx: i64, cy: i64, ring: i64) -> impl Iterator<Item = (i64, i64)> {
    (-ring..=ring).flat_map(move |d| {
        [
            (cx + d, cy - ring),
            (cx + d, cy + ring),
            (cx - ring, cy + d),
            (cx + ring, cy + d),
        ]
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// Dijkstra with a binary heap, as the fields were made before: the
    /// bucket queue must give the same floats, bit for bit.
    fn by_heap(g: &WalkGrid, from: (u32, u32)) -> Vec<f32> {
        let mut dist = vec![f32::INFINITY; g.walkable.len()];
        let mut heap = BinaryHeap::new();
        let start = g.index(from.0, from.1);
        dist[start] = 0.0;
        // Non-negative floats order as their bits do.
        heap.push(Reverse((0u32, start as u32)));
        let (straight, diagonal) = (g.cell, g.cell * std::f32::consts::SQRT_2);
        let w = g.width as i64;
        while let Some(Reverse((bits, i))) = heap.pop() {
            let d = f32::from_bits(bits);
            if d > dist[i as usize] {
                continue;
            }
            let (x, y) = (i as i64 % w, i as i64 / w);
            for (dx, dy) in STEPS {
                if !g.step_open(x, y, dx, dy) {
                    continue;
                }
                let nd = d + if dx != 0 && dy != 0 {
                    diagonal
                } else {
                    straight
                };
                let j = ((y + dy) * w + x + dx) as usize;
                if nd < dist[j] {
                    dist[j] = nd;
                    heap.push(Reverse((nd.to_bits(), j as u32)));
                }
            }
        }
        dist
    }

    #[test]
    fn buckets_give_the_heaps_floats_bit_for_bit() {
        let mut rng = crate::test_numbers::test_numbers(7);
        for (w, h, cell) in [(64, 48, 32.0), (97, 33, 32.0), (40, 40, 25.0)] {
            let walkable: Vec<bool> = (0..w * h).map(|_| rng() % 100 < 70).collect();
            let g = WalkGrid {
                width: w,
                height: h,
                walkable,
                origin: [0.0, 0.0],
                cell,
            };
            let steps = g.steps();
            for _ in 0..8 {
                let i = (rng() % (w * h) as u64) as usize;
                if !g.walkable[i] {
                    continue;
                }
                let from = (i as u32 % w, i as u32 / w);
                let (a, b) = (g.distances_with(&steps, from), by_heap(&g, from));
                let same = a.iter().zip(&b).all(|(x, y)| x.to_bits() == y.to_bits());
                assert!(same, "{w} x {h} from {from:?}");
            }
        }
    }

    #[test]
    fn each_cells_steps_are_the_ones_step_open_allows() {
        let mut rng = crate::test_numbers::test_numbers(11);
        for (w, h) in [(1, 1), (1, 5), (6, 1), (17, 9), (64, 48)] {
            let walkable: Vec<bool> = (0..w * h).map(|_| rng() % 100 < 65).collect();
            let g = WalkGrid {
                width: w,
                height: h,
                walkable,
                origin: [0.0, 0.0],
                cell: 32.0,
            };
            let steps = g.steps();
            for y in 0..h as i64 {
                for x in 0..w as i64 {
                    let i = (y * w as i64 + x) as usize;
                    let want = STEPS.iter().enumerate().fold(0u8, |m, (k, &(dx, dy))| {
                        let open = g.walkable[i] && g.step_open(x, y, dx, dy);
                        m | (open as u8) << k
                    });
                    assert_eq!(steps[i], want, "{w} x {h} at ({x}, {y})");
                }
            }
        }
    }

    fn grid(rows: &[&str]) -> WalkGrid {
        // Rows as written top to bottom; the grid counts from the bottom.
        let height = rows.len() as u32;
        let width = rows[0].len() as u32;
        let walkable = rows
            .iter()
            .rev()
            .flat_map(|r| r.chars().map(|c| c == '.'))
            .collect();
        WalkGrid {
            width,
            height,
            walkable,
            origin: [0.0, 0.0],
            cell: 32.0,
        }
    }

    #[test]
    fn diagonals_do_not_cut_blocked_corners() {
        let g = grid(&["..#", ".#.", "..."]);
        let field = g.distances((0, 2));
        // (2, 1) is reached the long way round, down and along the bottom:
        // every diagonal there passes a blocked corner.
        let d = g.at(&field, (2, 1)).unwrap();
        let expected = 32.0 * 5.0;
        assert!((d - expected).abs() < 1e-3, "{d} vs {expected}");
        assert_eq!(g.at(&field, (2, 2)), None, "a blocked cell");
    }

    #[test]
    fn a_point_on_a_blocked_cell_stands_on_the_nearest_walkable_one() {
        let g = grid(&["#####", "#####", "####."]);
        assert_eq!(g.stand([16.0, 80.0]), Some((4, 0)));
        assert_eq!(g.stand([150.0, 10.0]), Some((4, 0)));
        let none = grid(&["##", "##"]);
        assert_eq!(none.stand([0.0, 0.0]), None);
    }

    #[test]
    fn a_path_is_a_chain_of_legal_steps_as_long_as_the_distance() {
        let g = grid(&[".....", ".###.", "..#..", "....."]);
        let field = g.distances((0, 3));
        let to = (4, 2);
        let path = g.path(&field, to);
        assert_eq!(path.first(), Some(&(0, 3)));
        assert_eq!(path.last(), Some(&to));
        let mut length = 0.0;
        for w in path.windows(2) {
            let (dx, dy) = (w[1].0 as i64 - w[0].0 as i64, w[1].1 as i64 - w[0].1 as i64);
            assert!(dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0));
            assert!(g.step_open(w[0].0 as i64, w[0].1 as i64, dx, dy), "{w:?}");
            length += if dx != 0 && dy != 0 {
                32.0 * 2f32.sqrt()
            } else {
                32.0
            };
        }
        assert!((length - g.at(&field, to).unwrap()).abs() < 1e-3);
        assert!(g.path(&field, (1, 2)).is_empty(), "a blocked cell");
    }

    #[test]
    fn walls_are_walked_around() {
        let g = grid(&[".....", ".###.", "....."]);
        let field = g.distances((0, 1));
        let d = g.at(&field, (4, 1)).unwrap();
        // Down, four along, up: no diagonal past the wall's corners.
        let expected = 6.0 * 32.0;
        assert!((d - expected).abs() < 1e-3, "{d} vs {expected}");
    }
}
