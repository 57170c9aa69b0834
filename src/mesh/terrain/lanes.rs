//! A ground colour kept with its channels in 16-bit lanes of a `u64`, so
//! one multiply shades all three: shading the corners of every ground tile
//! channel by channel cost more than working out their light.

use super::super::tris::ColorVertex;

/// The byte of each lane, where the channels are.
const LANES: u64 = 0x0000_00FF_00FF_00FF;

/// An RGB colour in lanes: red in bits 0-7, green 16-23, blue 32-39.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct LanedRgb(u64);

impl LanedRgb {
    pub(super) fn new(c: [u8; 3]) -> LanedRgb {
        LanedRgb(c[0] as u64 | (c[1] as u64) << 16 | (c[2] as u64) << 32)
    }

    pub(super) fn rgb(self) -> [u8; 3] {
        [self.0 as u8, (self.0 >> 16) as u8, (self.0 >> 32) as u8]
    }

    /// The mean of `a` and `b`, channel by channel (rounded down).
    #[inline(always)]
    pub(super) fn mean2(a: LanedRgb, b: LanedRgb) -> LanedRgb {
        // Lane sums stay under 2^9: no carry into the next lane.
        LanedRgb(((a.0 + b.0) >> 1) & LANES)
    }

    /// The mean of four colours, channel by channel (rounded down).
    #[inline(always)]
    pub(super) fn mean4(c: [LanedRgb; 4]) -> LanedRgb {
        LanedRgb(((c[0].0 + c[1].0 + c[2].0 + c[3].0) >> 2) & LANES)
    }

    /// The opaque colour [`ColorVertex::shaded`] gives this colour at
    /// `shade` (256 is 1).
    #[inline(always)]
    pub(super) fn shaded(self, shade: u32) -> [u8; 4] {
        if shade > 256 {
            // Channels may pass 255 and lanes overflow: one by one.
            return ColorVertex::shaded([0.0; 3], self.rgb(), shade, 255).color;
        }
        // Each lane's product is at most 255 * 256, so it stays in its
        // lane, and its top byte (the shaded channel) is at most 255.
        let v = ((self.0 * shade as u64) >> 8) & LANES;
        let rgb = ((v | (v >> 8)) & 0xFFFF) | ((v >> 16) & 0xFF_0000);
        (rgb as u32 | 0xFF00_0000).to_le_bytes()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shades_as_channel_by_channel() {
        let colors = [[0, 0, 0], [255, 255, 255], [1, 128, 254], [200, 3, 77]];
        let all = colors.map(LanedRgb::new);
        assert_eq!(LanedRgb::mean4(all).rgb(), [114, 96, 146]);
        assert_eq!(LanedRgb::mean2(all[1], all[2]).rgb(), [128, 191, 254]);
        for c in colors {
            let laned = LanedRgb::new(c);
            assert_eq!(laned.rgb(), c);
            for shade in 0..600 {
                let want = ColorVertex::shaded([0.0; 3], c, shade, 255).color;
                assert_eq!(laned.shaded(shade), want, "{c:?} at {shade}");
            }
        }
    }
}
