//! The questions the physics asks about a moving box's leading faces
//! (is the face open at each height from the feet up?), answered either by
//! the map or trusted to be open and checked afterwards. Nearly every tick
//! of a player running, coasting or flying meets nothing along x or y, and
//! one look at the few columns the faces touched, all heights at once, is
//! cheaper than the dozen questions one at a time; where the look finds
//! anything solid the tick is run again asking the map.

use super::solids::Solids;

/// Answers whether a leading face is open.
pub trait Faces {
    /// Whether the face whose two corner columns stand at `a` and `b`
    /// (x, y) is open at heights `nz + z`, for z from `z0` down by 0.9 while
    /// z >= `z_end`: pyspades' `boxclipmove` loop.
    fn open(&mut self, a: [f32; 2], b: [f32; 2], nz: f32, z0: f32, z_end: f32) -> bool;
}

/// The map answers, question by question.
pub struct Asked<'a>(pub &'a Solids);

impl Faces for Asked<'_> {
    #[inline]
    fn open(&mut self, a: [f32; 2], b: [f32; 2], nz: f32, z0: f32, z_end: f32) -> bool {
        let (a, b) = (
            self.0.clip_column(a[0], a[1]),
            self.0.clip_column(b[0], b[1]),
        );
        let mut z = z0;
        while z >= z_end && !a.clip(nz + z) && !b.clip(nz + z) {
            z -= 0.9;
        }
        z < z_end
    }
}

/// Every face taken as open; the faces' corners and the heights asked are
/// noted (the least and greatest height), so that [`Trusted::held`] can
/// say whether the map would have said so too.
#[derive(Debug, Clone, Copy)]
pub struct Trusted {
    corners: [[f32; 2]; 4],
    faces: usize,
    low: f32,
    high: f32,
}

impl Default for Trusted {
    fn default() -> Trusted {
        Trusted {
            corners: [[0.0; 2]; 4],
            faces: 0,
            low: f32::INFINITY,
            high: f32::NEG_INFINITY,
        }
    }
}

impl Faces for Trusted {
    #[inline]
    fn open(&mut self, a: [f32; 2], b: [f32; 2], nz: f32, z0: f32, z_end: f32) -> bool {
        // The heights the loop would ask, as it works them out: the
        // first (highest, nz + z0) and the last.
        let mut z = z0;
        let mut last = z0;
        while z >= z_end {
            last = z;
            z -= 0.9;
        }
        // A tick asks two faces (a third would be a climb, never asked
        // of faces taken as open): one more is noted as unanswerable.
        if self.faces < 2 {
            self.corners[2 * self.faces] = a;
            self.corners[2 * self.faces + 1] = b;
        }
        self.faces += 1;
        self.low = self.low.min(nz + last);
        self.high = self.high.max(nz + z0);
        true
    }
}

impl Trusted {
    /// Whether every face asked was open: each corner's column is inside
    /// the map (beyond its sides blocks) and open at every voxel between
    /// the least and greatest height asked. A height truncates to its
    /// voxel as `Solids::clip` takes it (one above the map is open, as a
    /// window's bit above the map is).
    pub fn held(&self, map: &Solids) -> bool {
        // A tick asks exactly two faces when they are taken as open.
        if self.faces != 2 {
            return false;
        }
        let [w, l, _] = map.dims();
        let (z0, z1) = (voxel(self.low), voxel(self.high));
        let inside = |[x, y]: [f32; 2]| x >= 0.0 && y >= 0.0 && x < w as f32 && y < l as f32;
        if !(0..32).contains(&z1.saturating_sub(z0)) || !self.corners.iter().all(|&c| inside(c)) {
            return false;
        }
        let [a, b, c, d] = self.corners.map(|[x, y]| (x as i32, y as i32));
        let open = |(x, y): (i32, i32)| map.open_rows(x, y, z0, z1);
        // A face is 0.9 wide: its corners' two columns, or one.
        open(a) && (b == a || open(b)) && open(c) && (d == c || open(d))
    }
}

/// The voxel a height is in, its floor (floorf is a call on the baseline
/// x86-64 this is built for; heights below the map's top are the common
/// case).
pub fn voxel(v: f32) -> i32 {
    if v >= 0.0 {
        v as i32
    } else {
        v.floor() as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trusted_faces_hold_only_where_the_map_says_open() {
        // Ground at 40, a pillar and a ledge, and the map's sides.
        let mut map = Solids::flat(8, 8, 64, 40);
        map.set_run(3, 3, 30, 40);
        map.set_run(5, 2, 38, 40);
        let (mut held, mut tried) = (0, 0);
        for k in 0..4000 {
            let t = k as f32;
            let (x, y) = ((t * 0.37).sin() * 4.2 + 4.0, (t * 0.61).cos() * 4.2 + 4.0);
            let nz = 37.0 + (t * 0.23).sin() * 3.0;
            let faces = [
                ([x, y - 0.45], [x, y + 0.45]),
                ([x - 0.45, y], [x + 0.45, y]),
            ];
            let mut trusted = Trusted::default();
            let mut asked = true;
            for (a, b) in faces {
                trusted.open(a, b, nz, 1.35, -1.36);
                asked &= Asked(&map).open(a, b, nz, 1.35, -1.36);
            }
            tried += 1;
            if trusted.held(&map) {
                held += 1;
                assert!(asked, "held where the map blocks: {x} {y} {nz}");
            }
        }
        // Both answers were seen.
        assert!(held > tried / 4 && held < tried, "{held} of {tried}");
    }
}
