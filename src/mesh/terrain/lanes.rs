//! A ground colour kept with its channels in 16-bit lanes of a `u64`, so
//! that one add and shift means two or four of them (the midpoints and
//! centres of fanned tiles).

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

    /// As a ground vertex's colour (see [`super::GROUND_ALPHA`]).
    pub(super) fn rgba(self) -> [u8; 4] {
        let [r, g, b] = self.rgb();
        [r, g, b, super::GROUND_ALPHA]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn means_and_channels_as_channel_by_channel() {
        let colors = [[0, 0, 0], [255, 255, 255], [1, 128, 254], [200, 3, 77]];
        let all = colors.map(LanedRgb::new);
        assert_eq!(LanedRgb::mean4(all).rgb(), [114, 96, 146]);
        assert_eq!(LanedRgb::mean2(all[1], all[2]).rgb(), [128, 191, 254]);
        for c in colors {
            let laned = LanedRgb::new(c);
            assert_eq!(laned.rgb(), c);
            assert_eq!(laned.rgba(), [c[0], c[1], c[2], super::super::GROUND_ALPHA]);
        }
    }
}
