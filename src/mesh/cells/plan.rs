//! An ALW world's floor plan, for views from straight above (`render
//! --view top`, thumbnails): the world cut above its floors. An indoor
//! world seen whole from above is its floors in one flat colour, as every
//! floor faces up alike; the plan leaves out ceilings and walls, draws each
//! floor lighter the higher it is, solid rock as the dark cut through the
//! walls, and a dark line where a floor steps down to its neighbour's.

use super::texture_colors::TextureColors;
use super::{add_markers, at, quad_at, WorldMesh, EDGES};
use crate::mesh::tris::ColorVertex;
use crate::store::cells::{AlwWorld, Cell};

/// Solid rock, cut: the walls of the plan.
pub const ROCK: [u8; 3] = [40, 38, 36];
/// Where a floor steps down to the next.
const STEP: [u8; 3] = [70, 66, 60];
/// A step line's width, in cells.
const STEP_WIDTH: f32 = 0.12;
/// The lowest floor's share of its texture's colour (the highest: all).
const LOWEST: f32 = 0.55;

/// The plan's quads (facing up) and the world's markers.
pub fn mesh_plan(world: &AlwWorld) -> WorldMesh {
    let colors = TextureColors::new(world);
    let w = world.width as usize;
    let h = (world.height as usize).min(world.cells.len().checked_div(w).unwrap_or(0));
    let cells = &world.cells[..w * h];
    let open = || cells.iter().filter(|c| !c.is_solid_rock());
    let lo = open().map(|c| c.floor).min().unwrap_or(0);
    let hi = open().map(|c| c.floor).max().unwrap_or(0);
    let span = (hi - lo).max(1) as f32;
    // Rock and step lines a little above the highest floor corner (a
    // slope's rise counted), so no floor covers them.
    let top = open().flat_map(|c| c.floor_corners()).max().unwrap_or(hi);
    let over = at([0.0, 0.0], top)[2] - 0.05;
    let mut m = WorldMesh::default();
    for y in 0..h {
        for x in 0..w {
            let cell = &cells[y * w + x];
            let (x0, y0) = (x as f32, y as f32);
            let xy = [
                [x0, y0],
                [x0, y0 + 1.0],
                [x0 + 1.0, y0 + 1.0],
                [x0 + 1.0, y0],
            ];
            if cell.is_solid_rock() {
                flat(&mut m.faces, [x0, y0, x0 + 1.0, y0 + 1.0], over, ROCK);
                continue;
            }
            let light = LOWEST + (1.0 - LOWEST) * (cell.floor - lo) as f32 / span;
            let color = colors.of(cell.floor_tex).map(|c| (c as f32 * light) as u8);
            let p = quad_at(&xy, cell.floor_corners(), [0, 1, 2, 3]);
            m.faces
                .extend(p.map(|position| ColorVertex::shaded(position, color, 256, 255)));
            m.floors += 1;
            for ((dx, dy), _, _) in EDGES {
                let (nx, ny) = (x as i32 + dx, y as i32 + dy);
                let inside = (0..w as i32).contains(&nx) && (0..h as i32).contains(&ny);
                let Some(next) = inside.then(|| &cells[ny as usize * w + nx as usize]) else {
                    continue;
                };
                if steps_down(cell, next) {
                    flat(&mut m.faces, step_line(x0, y0, dx, dy), over, STEP);
                    m.walls += 1;
                }
            }
        }
    }
    add_markers(world, &mut m);
    m
}

/// Whether an open cell's floor is above its open neighbour's (a lower
/// wall between them).
fn steps_down(cell: &Cell, next: &Cell) -> bool {
    !next.is_solid_rock() && next.floor < cell.floor
}

/// The strip along the cell's edge toward (dx, dy): `[x0, y0, x1, y1]`.
fn step_line(x: f32, y: f32, dx: i32, dy: i32) -> [f32; 4] {
    let t = STEP_WIDTH;
    match (dx, dy) {
        (-1, _) => [x, y, x + t, y + 1.0],
        (1, _) => [x + 1.0 - t, y, x + 1.0, y + 1.0],
        (_, -1) => [x, y, x + 1.0, y + t],
        _ => [x, y + 1.0 - t, x + 1.0, y + 1.0],
    }
}

/// A level quad over `[x0, y0, x1, y1]` at map height `z`, facing up.
fn flat(faces: &mut Vec<ColorVertex>, [x0, y0, x1, y1]: [f32; 4], z: f32, rgb: [u8; 3]) {
    let corners = [[x0, y0], [x0, y1], [x1, y1], [x1, y0]];
    faces.extend(corners.map(|[x, y]| ColorVertex::shaded([x, y, z], rgb, 256, 255)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::cells::AlwLayout;

    #[test]
    fn the_sample_rooms_plan_has_its_rock_its_step_and_no_ceiling() {
        let world = crate::samples::alw_room(8, 6, AlwLayout::Engine);
        let plan = mesh_plan(&world);
        let rock = world.cells.iter().filter(|c| c.is_solid_rock()).count();
        let open = world.cells.len() - rock;
        assert_eq!(plan.floors, open);
        assert_eq!(plan.ceilings, 0);
        // The raised cell (1, 1) steps down to its two open neighbours.
        assert_eq!(plan.walls, 2);
        // Nothing lies above the rock and step lines.
        let z = |v: &ColorVertex| v.position[2];
        let lines: Vec<f32> = plan
            .faces
            .iter()
            .filter(|v| v.color[..3] == STEP)
            .map(z)
            .collect();
        let highest = plan.faces.iter().map(z).fold(f32::MAX, f32::min);
        assert_eq!(lines.len(), 8);
        assert!(
            lines.iter().all(|&l| l == highest),
            "{lines:?} below {highest}"
        );
        assert_eq!(plan.faces.len(), 4 * (rock + open + plan.walls));
        // Every quad is wound as the mesher's floors, which face up.
        for q in plan.faces.chunks(4) {
            let [a, b, c] = [q[0].position, q[1].position, q[2].position];
            let (u, v) = ([b[0] - a[0], b[1] - a[1]], [c[0] - a[0], c[1] - a[1]]);
            assert!(u[0] * v[1] - u[1] * v[0] < 0.0, "{q:?}");
        }
    }
}
