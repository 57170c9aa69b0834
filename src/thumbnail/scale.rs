//! Cropping and resizing RGBA pictures for thumbnails: each pixel of the
//! result is the mean of the source pixels it covers (nearest where the
//! result is larger), weighted by their alpha so that transparent
//! neighbours do not darken an edge.

use crate::store::warcraft::Picture;

/// The part `[x0, y0, x1, y1]` (pixels, clamped to the picture) of `p`.
pub fn crop(p: &Picture, [x0, y0, x1, y1]: [u32; 4]) -> Picture {
    let (x1, y1) = (x1.min(p.width), y1.min(p.height));
    let (x0, y0) = (x0.min(x1.saturating_sub(1)), y0.min(y1.saturating_sub(1)));
    let (w, h) = (x1.saturating_sub(x0), y1.saturating_sub(y0));
    let mut rgba = Vec::with_capacity(w as usize * h as usize * 4);
    for y in y0..y1 {
        let row = (y as usize * p.width as usize + x0 as usize) * 4;
        rgba.extend_from_slice(&p.rgba[row..row + w as usize * 4]);
    }
    Picture {
        width: w,
        height: h,
        rgba,
    }
}

/// `p` resized to `[width, height]`. An empty `p` gives a transparent
/// picture.
pub fn resize(p: &Picture, [width, height]: [u32; 2]) -> Picture {
    let mut rgba = vec![0u8; width as usize * height as usize * 4];
    if p.width == 0 || p.height == 0 {
        return Picture {
            width,
            height,
            rgba,
        };
    }
    // The source pixels under result pixel i of n: at least one.
    let span = |i: u32, n: u32, src: u32| {
        let a = (i as u64 * src as u64 / n as u64) as u32;
        let b = (((i + 1) as u64 * src as u64).div_ceil(n as u64) as u32).max(a + 1);
        a..b.min(src)
    };
    for y in 0..height {
        let ys = span(y, height, p.height);
        for x in 0..width {
            let xs = span(x, width, p.width);
            let mut sum = [0u64; 4];
            let mut count = 0u64;
            for sy in ys.clone() {
                for sx in xs.clone() {
                    let i = (sy as usize * p.width as usize + sx as usize) * 4;
                    let px = &p.rgba[i..i + 4];
                    let a = px[3] as u64;
                    for c in 0..3 {
                        sum[c] += px[c] as u64 * a;
                    }
                    sum[3] += a;
                    count += 1;
                }
            }
            let o = (y as usize * width as usize + x as usize) * 4;
            if let Some(alpha) = std::num::NonZeroU64::new(sum[3]) {
                for c in 0..3 {
                    rgba[o + c] = ((sum[c] + alpha.get() / 2) / alpha) as u8;
                }
                rgba[o + 3] = ((sum[3] + count / 2) / count) as u8;
            }
        }
    }
    Picture {
        width,
        height,
        rgba,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(width: u32, height: u32, f: impl Fn(u32, u32) -> [u8; 4]) -> Picture {
        let f = &f;
        let rgba = (0..height)
            .flat_map(|y| (0..width).flat_map(move |x| f(x, y)))
            .collect();
        Picture {
            width,
            height,
            rgba,
        }
    }

    #[test]
    fn halving_averages_and_transparent_pixels_do_not_darken() {
        let p = picture(4, 2, |x, _| {
            if x % 2 == 0 {
                [200, 100, 50, 255]
            } else {
                [0, 0, 0, 0]
            }
        });
        let r = resize(&p, [2, 1]);
        assert_eq!(r.rgba, [200, 100, 50, 128, 200, 100, 50, 128]);
    }

    #[test]
    fn growing_repeats_pixels() {
        let p = picture(2, 1, |x, _| [x as u8 * 100, 0, 0, 255]);
        let r = resize(&p, [4, 2]);
        let reds: Vec<u8> = r.rgba.chunks(4).map(|c| c[0]).collect();
        assert_eq!(reds, [0, 0, 100, 100, 0, 0, 100, 100]);
    }

    #[test]
    fn crop_takes_the_rectangle_and_stays_inside() {
        let p = picture(4, 3, |x, y| [x as u8, y as u8, 0, 255]);
        let c = crop(&p, [1, 1, 3, 9]);
        assert_eq!([c.width, c.height], [2, 2]);
        assert_eq!(&c.rgba[..4], &[1, 1, 0, 255]);
        assert_eq!(&c.rgba[12..], &[2, 2, 0, 255]);
    }
}
