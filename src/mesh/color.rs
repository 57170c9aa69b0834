//! The colour a face shows: its voxel's stored colour, found by walking the
//! column's slabs in z order, optionally shaded by the fourth byte.

use crate::store::voxels::{Color, Slab};

/// What a face shows when its voxel and every voxel above it in its slab have
/// no stored colour (only possible in VMF or hand-built stores). The fourth
/// byte is AoS's neutral shade, so shading leaves it as it is.
pub const GREY: Color = 0x8080_8080;

/// Looks up colours of one column for increasing z, in amortised O(1): the
/// voxels asked for are solid and come in z order, so a cursor over the slabs
/// only moves forward.
pub(crate) struct ColumnColors<'a> {
    slabs: &'a [Slab],
    colors: &'a [Color],
    slab: usize,
    /// Index in `colors` of the current slab's first colour.
    start: usize,
}

impl<'a> ColumnColors<'a> {
    pub(crate) fn new(slabs: &'a [Slab], colors: &'a [Color]) -> Self {
        ColumnColors {
            slabs,
            colors,
            slab: 0,
            start: 0,
        }
    }

    /// The colour of solid voxel `z`; `z` must not be less than the last one
    /// asked for. A voxel between a slab's colour runs takes the nearest
    /// colour above it in its slab (the last of the top run), else [`GREY`].
    #[inline]
    pub(crate) fn at(&mut self, z: u32) -> Color {
        while z >= self.slabs[self.slab].bottom as u32 {
            self.start += self.slabs[self.slab].colors();
            self.slab += 1;
        }
        let s = self.slabs[self.slab];
        let (top, bottom) = (s.top as u32, s.bottom as u32);
        let (tl, bl) = (s.top_len as u32, s.bottom_len as u32);
        let i = if z < top + tl {
            z - top
        } else if z >= bottom - bl {
            tl + z - (bottom - bl)
        } else if tl > 0 {
            tl - 1
        } else {
            return GREY;
        };
        self.colors[self.start + i as usize]
    }
}

/// The colour [`ColumnColors::at`] gives the top voxel of slab `s`, whose
/// colours start at `colors[start]`.
#[inline(always)]
pub(crate) fn top_color(s: Slab, colors: &[Color], start: usize) -> Color {
    let (tl, bl, h) = (s.top_len as u32, s.bottom_len as u32, s.height());
    // The top run's first, else the bottom run's where it reaches the top.
    let i = if tl > 0 {
        0
    } else if bl >= h {
        bl - h
    } else {
        return GREY;
    };
    colors[start + i as usize]
}

/// The colour [`ColumnColors::at`] gives the bottom voxel of slab `s`,
/// whose colours start at `colors[start]`.
#[inline(always)]
pub(crate) fn bottom_color(s: Slab, colors: &[Color], start: usize) -> Color {
    let (tl, bl, h) = (s.top_len as u32, s.bottom_len as u32, s.height());
    // The top run's where it fills the slab, else the bottom run's last,
    // else the top run's last.
    let i = if h <= tl {
        h - 1
    } else if bl > 0 {
        tl + bl - 1
    } else if tl > 0 {
        tl - 1
    } else {
        return GREY;
    };
    colors[start + i as usize]
}

/// A stored colour as the face record's low three bytes (r | g << 8 | b << 16).
/// With `shade`, each channel is scaled by the fourth byte, 128 being neutral.
#[inline]
pub(crate) fn pack_rgb(c: Color, shade: bool) -> u32 {
    let (r, g, b) = ((c >> 16) & 0xFF, (c >> 8) & 0xFF, c & 0xFF);
    if shade {
        let a = c >> 24;
        let s = |v: u32| (v * a / 128).min(255);
        s(r) | s(g) << 8 | s(b) << 16
    } else {
        // 0xAARRGGBB to 0x00BBGGRR: one byte swap instead of three shifts.
        c.swap_bytes() >> 8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_swaps_to_rgb_order_and_shades_by_the_fourth_byte() {
        assert_eq!(pack_rgb(0x80_112233, false), 0x33_22_11);
        assert_eq!(pack_rgb(0x80_112233, true), 0x33_22_11, "0x80 is neutral");
        assert_eq!(pack_rgb(0x40_FF8020, true), 16 << 16 | 64 << 8 | 127);
        assert_eq!(
            pack_rgb(0xFF_FF0102, true),
            3 << 16 | 1 << 8 | 255,
            "clamped"
        );
        assert_eq!(pack_rgb(0x00_FFFFFF, true), 0);
    }

    #[test]
    fn cursor_reads_both_runs_and_falls_back_inside_a_slab() {
        let slabs = [
            Slab {
                top: 2,
                top_len: 2,
                bottom: 8,
                bottom_len: 1,
            },
            Slab {
                top: 10,
                top_len: 0,
                bottom: 12,
                bottom_len: 0,
            },
        ];
        let colors = [1, 2, 3];
        let mut c = ColumnColors::new(&slabs, &colors);
        let got: Vec<Color> = [2, 3, 4, 6, 7, 10, 11].iter().map(|&z| c.at(z)).collect();
        assert_eq!(got, [1, 2, 2, 2, 3, GREY, GREY]);
    }

    #[test]
    fn a_slabs_end_colours_are_the_cursors() {
        let mut next = crate::test_numbers::test_numbers(0x51ED_270B_2744_4A1F);
        let colors: Vec<Color> = (0..64).map(|i| 0x8000_0000 | i).collect();
        for _ in 0..2000 {
            let top = (next() % 40) as u16;
            let h = 1 + (next() % 12) as u16;
            let tl = (next() % (h as u64 + 1)) as u16;
            let bl = (next() % ((h - tl) as u64 + 1)) as u16;
            let s = Slab {
                top,
                top_len: tl,
                bottom: top + h,
                bottom_len: bl,
            };
            let start = (next() % 8) as usize;
            let slabs = [s];
            let mut cursor = ColumnColors::new(&slabs, &colors[start..]);
            let want = [cursor.at(top as u32), cursor.at((top + h - 1) as u32)];
            let got = [
                top_color(s, &colors, start),
                bottom_color(s, &colors, start),
            ];
            assert_eq!(got, want, "{s:?}");
        }
    }
}
