//! A second check of the corpus pictures, independent of earlier output:
//! the top colour of VXL columns, read here from the file's bytes, at the
//! pixel where the camera puts them.

use super::common::golden::{pixel, project};
use mapscope::render::Camera;

/// Each column's top: the first span's start (z, down from the sky) and
/// its first colour, or `None` where the top run has no colours. A column
/// is spans of 4-byte headers (N, S, E, A) and colours (B, G, R, A);
/// N = 0 ends the column after E - S + 1 colours, else the next span is N
/// words on.
pub fn column_tops(bytes: &[u8], size: usize) -> Vec<Option<(u8, [u8; 3])>> {
    let mut out = Vec::with_capacity(size * size);
    let mut i = 0;
    while out.len() < size * size && i + 4 <= bytes.len() {
        let (s, e) = (bytes[i + 1], bytes[i + 2]);
        let c = &bytes[i + 4..i + 8];
        out.push((e >= s).then_some((s, [c[2], c[1], c[0]])));
        loop {
            let (n, s, e) = (
                bytes[i] as usize,
                bytes[i + 1] as usize,
                bytes[i + 2] as usize,
            );
            if n == 0 {
                i += 4 * (e + 2 - s.min(e + 1));
                break;
            }
            i += 4 * n;
        }
    }
    out
}

/// Colour as shares of its sum: lighting scales all three channels alike,
/// so a lit face keeps its voxel's shares.
fn shares(c: [u8; 3]) -> [f32; 3] {
    let sum = c.iter().map(|&v| v as f32).sum::<f32>().max(1.0);
    c.map(|v| v as f32 / sum)
}

/// Whether `drawn` is `colour` lit: its shares within 0.05, its
/// brightness within 0.35 to 1.6 times.
pub fn same_shares(drawn: [u8; 3], colour: [u8; 3]) -> bool {
    let (a, b) = (shares(drawn), shares(colour));
    let lum = |c: [u8; 3]| c.iter().map(|&v| v as f32).sum::<f32>();
    let lit = (0.35..1.6).contains(&(lum(drawn) / lum(colour).max(1.0)));
    (0..3).all(|k| (a[k] - b[k]).abs() < 0.05) && lit
}

/// Whether column (x, y) is in a flat, evenly coloured patch (its
/// neighbours within 3 columns: the same top, colours within 24 a
/// channel) with nothing higher for `clear` columns toward +y (the
/// overview's camera is to the south).
fn plain(
    tops: &[Option<(u8, [u8; 3])>],
    size: usize,
    x: usize,
    y: usize,
    clear: usize,
) -> Option<(u8, [u8; 3])> {
    let here = tops[y * size + x]?;
    let (x0, y0) = (x.checked_sub(3)?, y.checked_sub(3)?);
    if x + 3 >= size || y + 3 + clear >= size {
        return None;
    }
    let even = (y0..=y + 3).all(|v| {
        (x0..=x + 3).all(|u| {
            tops[v * size + u]
                .is_some_and(|(z, c)| z == here.0 && (0..3).all(|k| c[k].abs_diff(here.1[k]) <= 24))
        })
    });
    let open = (y + 4..=y + 3 + clear)
        .all(|v| (x0..=x + 3).all(|u| tops[v * size + u].is_some_and(|(z, _)| z >= here.0)));
    (even && open).then_some(here)
}

/// A probe: the pixel, the column, the colour drawn there and the
/// column's colour in the file.
pub type Probe = ([u32; 2], [usize; 2], [u8; 3], [u8; 3]);

/// Probes a grid of the picture's pixels for plain columns: the picture's
/// colour there must keep the column's colour shares. Returns (matching,
/// probed); each probe as (pixel, column, drawn, file colour) in `seen`.
pub fn tops_show(
    tops: &[Option<(u8, [u8; 3])>],
    size: usize,
    camera: &Camera,
    rgba: &[u8],
    (w, h): (u32, u32),
    clear: usize,
    seen: &mut Vec<Probe>,
) -> (usize, usize) {
    let (mut ok, mut probed) = (0, 0);
    for y in (8..size - 8).step_by(12) {
        for x in (8..size - 8).step_by(12) {
            let Some((z, colour)) = plain(tops, size, x, y, clear) else {
                continue;
            };
            let at = glam::Vec3::new(x as f32 + 0.5, y as f32 + 0.5, z as f32);
            let Some([px, py]) = project(camera, w, h, at) else {
                continue;
            };
            let (px, py) = (px as u32, py as u32);
            let drawn = pixel(rgba, w, px, py);
            ok += usize::from(same_shares(drawn, colour));
            probed += 1;
            seen.push(([px, py], [x, y], drawn, colour));
        }
    }
    (ok, probed)
}
