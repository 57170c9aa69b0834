//! A natural-looking tall voxel map, as deep maps are made: mountains
//! reaching most of the way up, valleys, a sea, winding tunnels and caverns
//! under the ground, and stone arches over it (an overhang over air). The
//! corpus has no map deeper than 64; these stand in for them in tests and
//! benchmarks of tall maps (`examples/make_tall.rs` writes one as a VXL).

use crate::store::voxels::{FourthByte, Slab, VoxelStore};

pub(super) fn argb(c: [u8; 3], shade: u32) -> u32 {
    let d = |v: u8| v.saturating_sub((shade * 6) as u8) as u32;
    0x8000_0000 | d(c[0]) << 16 | d(c[1]) << 8 | d(c[2])
}

pub(super) const GRASS: [u8; 3] = [70, 140, 55];
pub(super) const ROCK: [u8; 3] = [125, 120, 112];
const SNOW: [u8; 3] = [235, 236, 242];
pub(super) const SAND: [u8; 3] = [205, 188, 130];
const WATER: [u8; 3] = [40, 90, 170];
pub(super) const EARTH: [u8; 3] = [120, 90, 60];
const CAVE: [u8; 3] = [92, 74, 58];
const ARCH: [u8; 3] = [160, 150, 138];

/// The map's shape, in map units scaled to its size: features are sized
/// for a 512 x 512 map and stretched to `side`, heights to `depth`.
struct Shape {
    depth: u32,
    /// Horizontal scale (1 for 512 columns).
    k: f32,
    /// The sea's surface.
    sea: u32,
}

impl Shape {
    /// How high the ground stands above the sea at (x, y), in voxels.
    fn height(&self, x: u32, y: u32) -> f32 {
        let (fx, fy) = (x as f32 / self.k, y as f32 / self.k);
        let d = self.depth as f32;
        let hills =
            0.15 + 0.12 * (fx / 97.0).sin() * (fy / 83.0).cos() + 0.08 * ((fx + fy) / 41.0).sin();
        let ridge = ((fx / 151.0 + 1.3).sin() * (fy / 127.0 - 0.4).cos()).max(0.0);
        let bumps = 2.0 * (x as f32 / 7.0).sin() * (y as f32 / 9.0).cos();
        (hills + 0.55 * ridge * ridge) * d + bumps
    }

    /// The first solid z of the ground at (x, y) (the sea floor under water).
    fn top(&self, x: u32, y: u32) -> u32 {
        (self.sea as f32 - self.height(x, y)).clamp(1.0, (self.depth - 1) as f32) as u32
    }

    /// The air bands carved under the ground at (x, y) whose top is `top`:
    /// two systems of winding tunnels and a cavern, as `[from, to)`.
    fn caves(&self, x: u32, y: u32, top: u32) -> Vec<[u32; 2]> {
        let (fx, fy) = (x as f32 / self.k, y as f32 / self.k);
        let d = self.depth as f32;
        let mut out = Vec::new();
        let mut band = |centre: f32, radius: f32| {
            let from = (centre - radius).max(top as f32 + 4.0);
            let to = (centre + radius).min(self.sea as f32 - 1.0);
            if to - from >= 2.0 {
                out.push([from as u32, to as u32]);
            }
        };
        let t1 = (fx / 53.0 + 2.0 * (fy / 71.0).sin()).sin().abs();
        if t1 < 0.12 {
            let r = (0.12 - t1) / 0.12 * 0.05 * d + 1.5;
            band(top as f32 + 0.12 * d + 0.04 * d * (fy / 29.0).sin(), r);
        }
        let t2 = (fy / 47.0 + 1.7 * (fx / 61.0).sin()).cos().abs();
        if t2 < 0.1 {
            let r = (0.1 - t2) / 0.1 * 0.04 * d + 1.5;
            band(top as f32 + 0.3 * d, r);
        }
        let hall = (fx / 113.0).sin() * (fy / 109.0).sin();
        if hall > 0.8 {
            let r = (hall - 0.8) / 0.2 * 0.08 * d + 1.0;
            band(top as f32 + 0.2 * d + r, r);
        }
        out.sort_unstable();
        out
    }

    /// A stone arch over the ground at (x, y), as `[from, to)`, where one
    /// stands: thin bridges along diagonal lines over high ground.
    fn arch(&self, x: u32, y: u32, top: u32) -> Option<[u32; 2]> {
        let (fx, fy) = (x as f32 / self.k, y as f32 / self.k);
        let line = ((fx - fy) / 31.0).sin().abs();
        let d = self.depth as f32;
        let clear = (0.08 * d) as u32 + 4;
        let under = top.checked_sub(clear)?;
        (line < 0.05 && (fx / 67.0).cos() > 0.3 && under > 3).then(|| [under - 3, under])
    }
}

/// A `side` x `side` x `depth` map (depth at least 32) of the shapes above,
/// every voxel that shows a face coloured as a real map's are: the ground's
/// top run down as far as a neighbour's top lies below it, caves' floors
/// and ceilings, the arches whole.
pub fn tall_voxels(side: u32, depth: u32) -> VoxelStore {
    assert!(depth >= 32, "a tall map's depth");
    let shape = Shape {
        depth,
        k: side as f32 / 512.0,
        sea: depth - 2,
    };
    let tops: Vec<u32> = (0..side * side)
        .map(|i| shape.top(i % side, i / side))
        .collect();
    let top_at = |x: i64, y: i64| {
        let (x, y) = (x.clamp(0, side as i64 - 1), y.clamp(0, side as i64 - 1));
        tops[(y * side as i64 + x) as usize]
    };
    let mut s = VoxelStore::new(side, side, depth, FourthByte::Shade);
    for y in 0..side {
        for x in 0..side {
            let top = tops[(y * side + x) as usize];
            let shade = (x * 7 + y * 13) % 5;
            let (xi, yi) = (x as i64, y as i64);
            // How far down this column's side shows beside its lowest neighbour.
            let lowest = [(1, 0), (-1, 0), (0, 1), (0, -1)]
                .iter()
                .map(|&(dx, dy)| top_at(xi + dx, yi + dy))
                .max()
                .unwrap_or(top);
            if let Some([a, b]) = shape.arch(x, y, top) {
                push(&mut s, a, b, b - a, 0, |_| argb(ARCH, shade));
            }
            if top >= shape.sea {
                push(&mut s, shape.sea, shape.sea + 1, 1, 0, |_| argb(WATER, 0));
                let floor = (shape.sea + 1).min(depth - 1);
                push(&mut s, floor, depth, 1, 0, |_| argb(SAND, shade));
                s.end_column();
                continue;
            }
            let height = shape.sea - top;
            let surface = match height as f32 / depth as f32 {
                h if h < 0.02 => SAND,
                h if h < 0.4 => GRASS,
                h if h < 0.58 => ROCK,
                _ => SNOW,
            };
            let mut from = top;
            for [c0, c1] in shape.caves(x, y, top) {
                if c0 <= from {
                    from = from.max(c1);
                    continue;
                }
                let len = c0 - from;
                let top_len = if from == top {
                    len.min(lowest.saturating_sub(top) + 2)
                } else {
                    len.min(3)
                };
                let bottom_len = (len - top_len).min(3);
                let colour = |i: u32| match (from == top, i) {
                    (true, 0) => argb(surface, shade),
                    (true, i) if i < top_len => argb(if i < 3 { EARTH } else { ROCK }, shade),
                    _ => argb(CAVE, shade + i % 2),
                };
                push(&mut s, from, c0, top_len, bottom_len, colour);
                from = c1;
            }
            let len = depth - from;
            let top_len = if from == top {
                len.min(lowest.saturating_sub(top) + 2)
            } else {
                len.min(3)
            };
            push(&mut s, from, depth, top_len, 0, |i| {
                match (from == top, i) {
                    (true, 0) => argb(surface, shade),
                    (true, i) if i < 3 => argb(EARTH, shade),
                    (true, _) => argb(ROCK, shade),
                    _ => argb(CAVE, shade + i % 2),
                }
            });
            s.end_column();
        }
    }
    s.finish();
    s
}

/// `store` sunk into a map `depth` deep: the same columns with air above
/// them, so that it shows the same faces `depth - store.depth()` lower.
/// What a tall column costs the mesher, against the same faces in a
/// shallow one.
pub fn sunk(store: &VoxelStore, depth: u32) -> VoxelStore {
    let [w, l, d] = store.dims();
    assert!(depth >= d, "sinking a {d}-deep map into {depth}");
    copied(store, [w, l, depth], (depth - d) as u16, |x, y| (x, y))
}

/// `store` four times over, two by two, mirrored about the seams (the
/// east half is the west half turned over, the south half the north half),
/// so that each seam's two columns are the same and no face is lost or
/// made there: four times the faces, on a map four times the size. What a
/// map's size alone costs the mesher (its store and faces outgrowing the
/// caches), against the same map's shape as it is.
pub fn tiled(store: &VoxelStore) -> VoxelStore {
    let [w, l, d] = store.dims();
    let mirror = |v: u32, n: u32| if v < n { v } else { 2 * n - 1 - v };
    copied(store, [2 * w, 2 * l, d], 0, |x, y| {
        (mirror(x, w), mirror(y, l))
    })
}

/// A map `dims` in size whose column (x, y) is `store`'s column
/// `from(x, y)`, `drop` voxels lower (VMF materials left out).
fn copied(
    store: &VoxelStore,
    [w, l, depth]: [u32; 3],
    drop: u16,
    from: impl Fn(u32, u32) -> (u32, u32),
) -> VoxelStore {
    let mut s = VoxelStore::new(w, l, depth, store.fourth_byte);
    for y in 0..l {
        for x in 0..w {
            let (fx, fy) = from(x, y);
            let (slabs, colors) = store.surface(fx, fy);
            for slab in slabs {
                s.push_slab(Slab {
                    top: slab.top + drop,
                    bottom: slab.bottom + drop,
                    ..*slab
                });
            }
            s.push_colors(colors.iter().copied());
            s.end_column();
        }
    }
    s.finish();
    s
}

/// Pushes the slab `[top, bottom)` with `top_len` colours from its top and
/// `bottom_len` up from its bottom, colour i (counted from the top run's
/// first, then the bottom run's) from `colour(i)`.
pub(super) fn push(
    s: &mut VoxelStore,
    top: u32,
    bottom: u32,
    top_len: u32,
    bottom_len: u32,
    colour: impl Fn(u32) -> u32,
) {
    s.push_slab(Slab {
        top: top as u16,
        top_len: top_len as u16,
        bottom: bottom as u16,
        bottom_len: bottom_len as u16,
    });
    s.push_colors((0..top_len + bottom_len).map(colour));
}

#[cfg(test)]
mod tests {
    use super::tall_voxels;

    #[test]
    fn tall_maps_have_caves_arches_and_tops_from_high_to_low() {
        let s = tall_voxels(128, 240);
        s.validate().unwrap();
        let (mut caves, mut arches, mut tops) = (0, 0, Vec::new());
        for y in 0..128 {
            for x in 0..128 {
                let (slabs, _) = s.surface(x, y);
                // Air under a slab that is not the last: a cave or an arch.
                for w in slabs.windows(2) {
                    if w[0].height() <= 3 {
                        arches += 1;
                    } else {
                        caves += 1;
                    }
                }
                tops.push(slabs[0].top);
            }
        }
        let (lo, hi) = (tops.iter().min().unwrap(), tops.iter().max().unwrap());
        assert!(caves > 200 && arches > 20, "caves {caves}, arches {arches}");
        assert!(hi - lo > 120, "tops span {lo}..{hi}");
    }
}
