//! When a move run from one place may stand, bit for bit, for the same
//! move from another place of the same shape (`graph.rs`).
//!
//! The physics (and the input the moves choose) never multiplies or
//! divides a position: it adds a constant to one (a tick's step, the box's
//! half width, the head and feet offsets), subtracts one position from
//! another, compares positions, and floors them to ask the map. Moved by
//! whole voxels (k):
//! - `p - q` is the same number (the exact difference is);
//! - `floor(p)` moves by k, so the map is asked the same of the same shape;
//! - `p + c` rounds to the same offset from `p` when `p` and the exact sum
//!   lie in one binade [2^e, 2^(e+1)) at both places, with the same e:
//!   the floats there are the multiples of one spacing u <= 1/2, k is an
//!   even number of them, so the nearest (ties to even) moves by k too.
//!
//! So a run whose positions, widened by what the physics adds to them,
//! stay in one binade on each axis is the same run, moved, at every place
//! of its shape whose moved run stays in that binade too ([`Span::fits`]).
//! The one constant a position is compared with, the water line
//! (`walk::player::wade_below`), is checked apart: both runs on the same
//! side of it throughout, or at the same height.

/// How far past its positions a run works out sums with constants:
/// across, the box's half width (0.45) past a tick's step (0.134: walking
/// speeds stay under 0.25 voxel a 1/32 s on each axis, a jump's and a
/// fall's keep theirs); up (less z), the faces' and the climb's highest
/// test, 1.45 above `p`; down, the floor test below the feet after a
/// tick's fall, 2.79 below `p` (a fall's speed stays under 1). (The
/// moves' own aim works in differences, `moves::run`.)
const ACROSS: f64 = 0.65;
const UP: f64 = 1.5;
const DOWN: f64 = 2.85;
/// Binades past this have a spacing over 1/2.
const TOP_BINADE: u8 = 22;
/// No binade: an anchor under 1 or past [`TOP_BINADE`].
pub const NO_BINADE: u8 = 31;

/// Where a run from place `from` went: the least and greatest `p` on each
/// axis less the place's anchor ([`anchor`]), and whether that axis's
/// positions, widened by what the physics adds, stayed in the anchor's
/// binade (then each difference is exact: two floats of one binade).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Span {
    from: [i16; 3],
    low: [f32; 3],
    high: [f32; 3],
    in_binade: [bool; 3],
}

/// The whole voxel each axis's positions are counted from at place `at`
/// (column x, y, floor z): the column's corner, and 3 above the floor
/// (a player at rest there has `p.z` 2.25 above it, and starts 2.4
/// above): each in the binade of the positions of a run that stays in
/// one.
pub fn anchor(at: [i32; 3]) -> [i32; 3] {
    [at[0], at[1], at[2] - 3]
}

/// Each axis's binade at place `at` (its anchor's), for the shape's key:
/// a run moved along an axis must stay in it ([`NO_BINADE`] where there
/// is none: such a run is reused only where it is not moved that way).
pub fn binades(at: [i32; 3]) -> [u8; 3] {
    anchor(at).map(|v| {
        let e = 31 - (v.max(1) as u32).leading_zeros() as u8;
        if v >= 1 && e <= TOP_BINADE {
            e
        } else {
            NO_BINADE
        }
    })
}

/// How far below a run's least position and above its greatest the
/// physics works out sums on axis `k`.
fn margins(k: usize) -> (f64, f64) {
    if k == 2 {
        (UP, DOWN)
    } else {
        (ACROSS, ACROSS)
    }
}

/// The binade's range as f64s.
fn range(e: u8) -> (f64, f64) {
    let floor = (1u32 << e) as f64;
    (floor, 2.0 * floor)
}

impl Span {
    /// The span of positions `low` to `high` taken on by a run from `from`.
    pub fn of(from: [i32; 3], low: [f32; 3], high: [f32; 3]) -> Span {
        let a = anchor(from);
        let es = binades(from);
        let in_binade = std::array::from_fn(|k| {
            let (below, above) = margins(k);
            let (floor, ceiling) = range(es[k]);
            es[k] != NO_BINADE
                && low[k] as f64 - below >= floor
                && (high[k] as f64 + above) < ceiling
        });
        Span {
            from: from.map(|v| v as i16),
            // Exact where in the binade; elsewhere unused.
            low: std::array::from_fn(|k| (low[k] as f64 - a[k] as f64) as f32),
            high: std::array::from_fn(|k| (high[k] as f64 - a[k] as f64) as f32),
            in_binade,
        }
    }

    /// Whether the run may be moved across (along x and y), and up and
    /// down: where it may not, it is the same run only at its own
    /// columns or height.
    pub fn movable(&self) -> (bool, bool) {
        (self.in_binade[0] && self.in_binade[1], self.in_binade[2])
    }

    /// Whether this span's run, moved to place `at` (of the same shape and
    /// binades), is the same run: on each axis it moves along, its
    /// positions (widened) stay in the binade there as they did, and it
    /// stays on its side of the water line `wade` (or is not moved up or
    /// down).
    pub fn fits(&self, at: [i32; 3], wade: f32) -> bool {
        let from = self.from.map(|v| v as i32);
        let (es, a) = (binades(at), anchor(at));
        let axis = |k: usize| {
            if at[k] == from[k] {
                return true;
            }
            let (below, above) = margins(k);
            let (floor, ceiling) = range(es[k].min(TOP_BINADE));
            // Exact: f32s and small integers in f64.
            self.in_binade[k]
                && es[k] != NO_BINADE
                && a[k] as f64 + self.low[k] as f64 - below >= floor
                && (a[k] as f64 + self.high[k] as f64 + above) < ceiling
        };
        (0..3).all(axis) && (at[2] == from[2] || self.same_water(at[2], from[2], wade))
    }

    /// Whether the run, from floor `from` and moved to floor `at`, is wholly
    /// above the water line at both or wholly below it at both.
    fn same_water(&self, at: i32, from: i32, wade: f32) -> bool {
        let side = |z: i32| {
            let a = anchor([0, 0, z])[2] as f64;
            let (low, high) = (a + self.low[2] as f64, a + self.high[2] as f64);
            (high <= wade as f64, low > wade as f64)
        };
        let (dry, wet) = side(from);
        (dry || wet) && side(at) == (dry, wet)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binades_are_the_anchors_powers_of_two() {
        assert_eq!(binades([256, 255, 40]), [8, 7, 5]);
        assert_eq!(binades([1, 2, 4]), [0, 1, 0]);
        assert_eq!(binades([0, 2, 3]), [NO_BINADE, 1, NO_BINADE]);
    }

    #[test]
    fn a_span_fits_where_its_moved_run_stays_in_its_binade() {
        let at = [300, 200, 50];
        let span = Span::of(at, [300.2, 200.3, 46.0], [302.8, 200.7, 47.8]);
        // Wholly in [256, 512) x [128, 256) x [32, 64) with the margins.
        assert!(span.fits(at, 61.0));
        assert!(span.fits([400, 140, 50], 61.0));
        // x past 511 with the margin, y under 128: another binade.
        assert!(!span.fits([509, 200, 50], 61.0));
        assert!(!span.fits([300, 128, 50], 61.0));
        // z: the head's margin above 32.
        assert!(!span.fits([300, 200, 36], 61.0));
        assert!(span.fits([300, 200, 42], 61.0));
    }

    #[test]
    fn a_run_across_a_binade_moves_only_along_other_axes() {
        // From x 255 to 257: it crosses 256, so it is reused only in its
        // own x, at another y or height.
        let at = [255, 200, 50];
        let span = Span::of(at, [255.5, 200.5, 47.6], [257.5, 200.5, 47.8]);
        assert!(!span.fits([127, 200, 50], 61.0));
        assert!(span.fits([255, 150, 50], 61.0));
        assert!(span.fits([255, 150, 52], 61.0));
    }

    #[test]
    fn a_span_keeps_to_its_side_of_the_water_line() {
        // At rest in the water (p.z 61.75 > 61): its z crosses 64 with the
        // margin, so it moves only across, at the same height.
        let at = [300, 200, 64];
        let wet = Span::of(at, [300.5, 200.5, 61.6], [301.5, 200.5, 61.75]);
        assert!(wet.fits([300, 140, 64], 61.0));
        assert!(!wet.fits([300, 140, 63], 61.0));
        // On the beach: dry, moved up and down only where it stays so.
        let at = [300, 200, 50];
        let dry = Span::of(at, [300.5, 200.5, 47.6], [301.5, 200.5, 47.8]);
        assert!(dry.fits([300, 200, 52], 61.0));
        assert!(!dry.fits([300, 200, 52], 49.0), "the line crossed");
    }
}
