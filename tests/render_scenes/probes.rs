//! Second checks of the scene pictures, from the maps themselves rather
//! than earlier output: the colour where a feature of the terrain's
//! tilepoints projects, and a label's plate where its entity projects.

use super::common::golden::{pixel, project};
use mapscope::render::Camera;
use mapscope::store::cells::AlwWorld;
use mapscope::store::terrain::W3eTerrain;

/// What the ground should look like at a probe.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Look {
    /// Plain grass: green over red and blue.
    Ground,
    /// A cliff's side: the cliff texture's brown (red over green over
    /// blue), lit or in shade.
    Cliff,
    /// Blighted ground: purple, red and blue over green.
    Blight,
    /// Under the boundary overlay: darker than plain ground.
    Tinted,
}

impl Look {
    fn holds(self, c: [u8; 3], ground_lum: u32) -> bool {
        let [r, g, b] = c.map(|v| v as i32);
        match self {
            Look::Ground => g > r + 20 && g > b + 20,
            Look::Cliff => 8 * r > 9 * g && g >= b && r > b + 15,
            Look::Blight => r > g + 20 && b > g + 20,
            Look::Tinted => 4 * ((r + g + b) as u32) < 3 * ground_lum,
        }
    }
}

/// A point of the terrain in the scene's coordinates: tiles from the west
/// and from the north (the file's rows count from the south), z down.
fn at(t: &W3eTerrain, x: f32, y: f32, z: f32) -> glam::Vec3 {
    glam::Vec3::new(x, (t.height - 1) as f32 - y, -z)
}

/// The probes of a W3E scene, as its tilepoints say: a cliff in the
/// middle of each tile whose corners' layers differ and are no ramp, plain
/// ground at a tile whose corners are all one layer without flags (and
/// the same around it), ramps' tiles as ground, blight where a tile's
/// corners are all blighted, and the boundary overlay's tint where
/// `tinted` and a corner is flagged.
pub fn w3e_probes(t: &W3eTerrain, tinted: bool) -> Vec<(glam::Vec3, Look)> {
    let mut out = Vec::new();
    for j in 1..t.height - 2 {
        for i in 1..t.width - 2 {
            let corners =
                [(i, j), (i + 1, j), (i, j + 1), (i + 1, j + 1)].map(|(x, y)| t.tile(x, y));
            let layers = corners.map(|c| c.layer_height());
            let one_layer = layers.iter().all(|&l| l == layers[0]);
            let z = corners.iter().map(|c| c.final_height()).sum::<f32>() / 4.0;
            let middle = at(t, i as f32 + 0.5, j as f32 + 0.5, z);
            let look = if corners.iter().all(|c| c.ramp()) {
                Some(Look::Ground)
            } else if !one_layer && corners.iter().all(|c| !c.ramp()) {
                Some(Look::Cliff)
            } else if corners.iter().all(|c| c.blight()) {
                Some(Look::Blight)
            } else if tinted && corners.iter().any(|c| c.boundary()) {
                Some(Look::Tinted)
            } else if plain_around(t, i, j) {
                Some(Look::Ground)
            } else {
                None
            };
            out.extend(look.map(|l| (middle, l)));
        }
    }
    out
}

/// Whether the tiles around tile (i, j), and it, have corners of one
/// layer with no flags.
fn plain_around(t: &W3eTerrain, i: u32, j: u32) -> bool {
    let points = (j.saturating_sub(1)..=(j + 2).min(t.height - 1))
        .flat_map(|y| (i.saturating_sub(1)..=(i + 2).min(t.width - 1)).map(move |x| (x, y)));
    let layer = t.tile(i, j).layer_height();
    points.into_iter().all(|(x, y)| {
        let p = t.tile(x, y);
        p.layer_height() == layer && !p.ramp() && !p.blight() && !p.boundary()
    })
}

/// Checks each probe's colour where it projects; the probes with whether
/// each held, for a picture to look at.
pub fn check_probes(
    name: &str,
    probes: &[(glam::Vec3, Look)],
    camera: &Camera,
    rgba: &[u8],
    (w, h): (u32, u32),
) -> Vec<([u32; 2], bool)> {
    let placed: Vec<([u32; 2], Look, [u8; 3])> = probes
        .iter()
        .filter_map(|&(p, look)| {
            let [x, y] = project(camera, w, h, p)?;
            let at = [x as u32, y as u32];
            Some((at, look, pixel(rgba, w, at[0], at[1])))
        })
        .collect();
    let grounds: Vec<u32> = placed
        .iter()
        .filter(|p| p.1 == Look::Ground)
        .map(|p| p.2.iter().map(|&v| v as u32).sum())
        .collect();
    let ground_lum = grounds.iter().sum::<u32>() / grounds.len().max(1) as u32;
    let results: Vec<_> = placed
        .iter()
        .map(|&(at, look, c)| (at, look.holds(c, ground_lum)))
        .collect();
    let wrong: Vec<_> = placed
        .iter()
        .zip(&results)
        .filter(|(_, r)| !r.1)
        .map(|(p, _)| p)
        .collect();
    assert!(
        placed.len() >= 4 && wrong.is_empty(),
        "{name}: {} of {} probes wrong (pixel, expected, drawn): {wrong:?}",
        wrong.len(),
        placed.len()
    );
    results
}

/// The bounding box (x0, y0, x1, y1) of the pixels where `a` and `b`
/// differ.
pub fn changed_box(a: &[u8], b: &[u8], w: u32) -> Option<[u32; 4]> {
    let mut found: Option<[u32; 4]> = None;
    for (i, (p, q)) in a.chunks(4).zip(b.chunks(4)).enumerate() {
        if p != q {
            let (x, y) = (i as u32 % w, i as u32 / w);
            let r = found.get_or_insert([x, y, x, y]);
            *r = [r[0].min(x), r[1].min(y), r[2].max(x), r[3].max(y)];
        }
    }
    found
}

/// Checks an ALW plan from above: where each cell's middle projects
/// (outside `skip`, the label plates), open cells (floor under ceiling)
/// share one colour and closed cells another, far apart. The probes with
/// whether each held.
pub fn check_plan(
    world: &AlwWorld,
    camera: &Camera,
    rgba: &[u8],
    (w, h): (u32, u32),
    skip: Option<[u32; 4]>,
) -> Vec<([u32; 2], bool)> {
    let mut found: Vec<([u32; 2], bool, [u8; 3])> = Vec::new();
    for y in 0..world.height as u32 {
        for x in 0..world.width as u32 {
            let c = world.cell(x, y).unwrap();
            let middle = glam::Vec3::new(x as f32 + 0.5, y as f32 + 0.5, -(c.floor as f32) / 16.0);
            let Some([px, py]) = project(camera, w, h, middle) else {
                continue;
            };
            let at = [px as u32, py as u32];
            let under_plate = skip.is_some_and(|[x0, y0, x1, y1]| {
                (x0..=x1).contains(&at[0]) && (y0..=y1).contains(&at[1])
            });
            if !under_plate {
                found.push((at, c.floor < c.ceiling, pixel(rgba, w, at[0], at[1])));
            }
        }
    }
    let first = |open: bool| found.iter().find(|f| f.1 == open).map(|f| f.2);
    let (Some(open), Some(closed)) = (first(true), first(false)) else {
        panic!("no open or no closed cell in view: {found:?}");
    };
    let apart = |a: [u8; 3], b: [u8; 3]| (0..3).map(|k| a[k].abs_diff(b[k]) as u32).sum::<u32>();
    assert!(
        apart(open, closed) > 60,
        "open {open:?} and closed {closed:?} cells look alike"
    );
    let marks: Vec<_> = found
        .iter()
        .map(|&(at, is_open, c)| (at, apart(c, if is_open { open } else { closed }) <= 30))
        .collect();
    assert!(
        marks.iter().all(|m| m.1),
        "cells unlike their kind: {found:?}"
    );
    marks
}
