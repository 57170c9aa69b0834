//! A map seen from straight above on the CPU, one pixel a voxel column,
//! W3E tile or ALW cell, north up: the thumbnail where no rasterizer can be
//! had (each kind hands its own: `MapKind::top_colors`). Colours are the
//! map's own where it has them (a column's top voxel, the game's minimap
//! colours of a tile's ground), with higher ground drawn lighter so that
//! the shape of the map reads; empty columns are transparent.

use crate::mesh::terrain::game_colors;
use crate::mesh::terrain::Look;
use crate::store::cells::AlwWorld;
use crate::store::terrain::W3eTerrain;
use crate::store::voxels::{rgb, VoxelStore};
use crate::store::warcraft::Picture;

/// The tiles of a W3E terrain, across and down: one fewer than its
/// tilepoints each way.
pub fn tiles(t: &W3eTerrain) -> [u32; 2] {
    [t.width.saturating_sub(1), t.height.saturating_sub(1)]
}

/// `rgb` lit by `light` (0..1 dark to full), opaque.
fn lit([r, g, b]: [u8; 3], light: f32) -> [u8; 4] {
    let f = |c: u8| (c as f32 * light).round().clamp(0.0, 255.0) as u8;
    [f(r), f(g), f(b), 255]
}

/// Each column's top voxel (y runs south, so row 0 is the north edge);
/// higher ground lighter. A top voxel with no stored colour is grey.
pub fn voxels(v: &VoxelStore) -> Picture {
    let depth = v.depth().max(1) as f32;
    let mut rgba = Vec::with_capacity(v.width() as usize * v.length() as usize * 4);
    for y in 0..v.length() {
        for (slabs, colors) in v.row_surfaces(y, 0..v.width()) {
            let pixel = match slabs.first() {
                None => [0; 4],
                Some(top) => {
                    let color = if top.top_len > 0 {
                        colors.first().map_or([128; 3], |&c| rgb(c))
                    } else {
                        [128; 3]
                    };
                    lit(color, 0.7 + 0.3 * (1.0 - top.top as f32 / depth))
                }
            };
            rgba.extend_from_slice(&pixel);
        }
    }
    Picture {
        width: v.width(),
        height: v.length(),
        rgba,
    }
}

/// Each tile's ground colour as the game's minimap shows it (its
/// north-west corner's texture), water over the tiles it covers, higher
/// layers lighter; the ground as `look`'s era draws it. The file's rows
/// run south to north; the picture's north to south.
pub fn terrain(t: &W3eTerrain, look: Look) -> Picture {
    let [w, h] = tiles(t);
    let ground_scale = game_colors::ground_scale(look.era);
    let mut rgba = Vec::with_capacity(w as usize * h as usize * 4);
    for row in 0..h {
        let ty = h - 1 - row;
        for tx in 0..w {
            // The tile's north-west corner: (tx, ty + 1) in the file's rows.
            let tp = t.tile(tx, ty + 1);
            let id = t
                .ground_textures
                .get(tp.texture() as usize)
                .copied()
                .unwrap_or(*b"????");
            let mut color =
                game_colors::ground(&id).map(|c| (c as f32 * ground_scale).round() as u8);
            let ground = tp.final_height();
            let depth = tp.water_level() - ground;
            if tp.water_flag() && depth > 0.0 {
                let (alpha, water) = game_colors::water(t.tileset, game_colors::water_band(depth));
                for (c, w) in color.iter_mut().zip(water) {
                    *c = (*c as f32 * (1.0 - alpha) + w as f32 * alpha).round() as u8;
                }
            }
            let light = (0.8 + 0.08 * (ground.clamp(-2.5, 2.5))).clamp(0.55, 1.0);
            rgba.extend_from_slice(&lit(color, light));
        }
    }
    Picture {
        width: w,
        height: h,
        rgba,
    }
}

/// Open cells by their floor's height (the highest floor lightest), solid
/// rock dark; rows as the file stores them.
pub fn cells(c: &AlwWorld) -> Picture {
    let open = || c.cells.iter().filter(|cell| !cell.is_solid_rock());
    let lo = open().map(|cell| cell.floor).min().unwrap_or(0);
    let hi = open().map(|cell| cell.floor).max().unwrap_or(0);
    let span = (hi - lo).max(1) as f32;
    let rgba = c
        .cells
        .iter()
        .flat_map(|cell| {
            if cell.is_solid_rock() {
                [24, 24, 28, 255]
            } else {
                lit([170, 160, 140], 0.5 + 0.5 * (cell.floor - lo) as f32 / span)
            }
        })
        .collect();
    Picture {
        width: c.width as u32,
        height: c.height as u32,
        rgba,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mesh::terrain::game_colors::Era;

    #[test]
    fn a_voxel_map_shows_its_top_colours_north_up() {
        let store = crate::store::voxels::fixtures::small();
        let p = voxels(&store);
        assert_eq!([p.width, p.height], [store.width(), store.length()]);
        for (i, px) in p.rgba.chunks(4).enumerate() {
            let (x, y) = (i as u32 % p.width, i as u32 / p.width);
            let (slabs, colors) = store.surface(x, y);
            match slabs.first() {
                None => assert_eq!(px[3], 0, "column ({x}, {y}) is empty"),
                Some(s) if s.top_len > 0 => {
                    let want = rgb(colors[0]);
                    // Lit, never brighter than the colour itself.
                    assert!(px[..3].iter().zip(want).all(|(&a, b)| a <= b));
                    assert_eq!(px[3], 255);
                }
                Some(_) => assert_eq!(px[3], 255),
            }
        }
    }

    #[test]
    fn terrain_rows_run_north_to_south() {
        let mut t = W3eTerrain::flat(5, 4, 11);
        // Texture 1 (grass) on the north row's corners only, texture 0
        // (dirt) elsewhere.
        for tp in t.tilepoints.iter_mut() {
            tp.set_texture(0);
        }
        for x in 0..5 {
            t.tile_mut(x, 3).set_texture(1);
        }
        let p = terrain(&t, Era::Release.into());
        assert_eq!([p.width, p.height], [4, 3]);
        let grass = lit(game_colors::ground(b"Lgrs"), 0.8);
        let dirt = lit(game_colors::ground(b"Ldrt"), 0.8);
        assert_eq!(p.rgba[..4], grass);
        assert_eq!(p.rgba[p.rgba.len() - 4..], dirt);
    }
}
