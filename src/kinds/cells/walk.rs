//! Walking an Alithia world as the engine's player: a box 32 units across
//! and 64 tall with the eye 48 above its feet, on the highest floor under
//! it, stepping up at most 40 units, kept out of cells whose floor or
//! ceiling would cut into it, falling under the engine's gravity (800
//! units a second²) at its walking pace (500 units a second), as its
//! `atest.c` and `motion.c` set them. One cell is 16 units; the 3D view
//! counts cells.

use crate::mesh::cells::CELL;
use crate::store::cells::AlwWorld;
use crate::walk::ground::{Ground, Pace};
use crate::walk::Walking;

/// Half the player's box across, its height and the highest step, in cells.
const HALF: f32 = 16.0 / CELL;
const BODY: f32 = 64.0 / CELL;
const STEP: f32 = 40.0 / CELL;

pub fn player() -> Pace {
    Pace {
        speed: 500.0 / CELL,
        eye: 48.0 / CELL,
        gravity: 800.0 / CELL,
        // The engine's default `-fov`.
        fov: 66.0,
        who: "engine player",
        game_units: CELL,
    }
}

struct CellGround {
    width: u32,
    length: u32,
    /// Per cell, z down in cells: its floor and its ceiling; `None` for
    /// solid rock.
    cells: Vec<Option<(f32, f32)>>,
}

/// The world's cells to walk on.
pub fn walking(world: &AlwWorld) -> Option<Walking> {
    let [width, length] = world.dims();
    let cells = world
        .cells
        .iter()
        .map(|c| {
            let floor = c.floor_corners().into_iter().max().unwrap_or(c.floor);
            let ceiling = c.ceiling_corners().into_iter().min().unwrap_or(c.ceiling);
            (!c.is_solid_rock()).then(|| (-(floor as f32) / CELL, -(ceiling as f32) / CELL))
        })
        .collect();
    let ground = CellGround {
        width,
        length,
        cells,
    };
    (width > 0 && length > 0).then(|| Walking::Ground(Box::new(ground), player()))
}

impl Ground for CellGround {
    fn stand(&self, x: f32, y: f32, feet: f32) -> Option<f32> {
        let (x0, x1) = ((x - HALF).floor(), (x + HALF - 1e-4).floor());
        let (y0, y1) = ((y - HALF).floor(), (y + HALF - 1e-4).floor());
        if x0 < 0.0 || y0 < 0.0 || x1 >= self.width as f32 || y1 >= self.length as f32 {
            return None;
        }
        let (mut floor, mut ceiling) = (f32::MAX, f32::MIN);
        for cy in y0 as u32..=y1 as u32 {
            for cx in x0 as u32..=x1 as u32 {
                let (f, c) = self.cells[(cy * self.width + cx) as usize]?;
                floor = floor.min(f);
                ceiling = ceiling.max(c);
            }
        }
        // z is down: a higher floor is a smaller z.
        let fits = floor - ceiling >= BODY && floor >= feet - STEP;
        fits.then_some(floor)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::cells::AlwLayout;
    use crate::walk::player::Keys;

    #[test]
    fn the_player_climbs_a_low_step_and_stops_at_a_wall() {
        let mut world = AlwWorld::new(16, 8, AlwLayout::Spec);
        for c in world.cells.iter_mut() {
            c.floor = 0;
            c.ceiling = 128;
        }
        for y in 0..8 {
            world.cell_mut(6, y).unwrap().floor = 32; // a step two cells up
            world.cell_mut(10, y).unwrap().floor = 128; // a wall
        }
        let Some(crate::walk::Walker::Ground(mut w)) =
            walking(&world).unwrap().start(2.5, 4.0, 0.0)
        else {
            panic!("a ground walker")
        };
        let east = Keys {
            forward: true,
            ..Default::default()
        };
        for _ in 0..60 {
            w.tick(&east, 0.0, 1.0 / 60.0);
        }
        assert!(w.feet[0] > 8.0 && w.feet[0] < 9.0, "{:?}", w.feet);
        assert!(w.blocked.is_some(), "the wall stops it");
        assert_eq!(w.eye()[2], w.feet[2] - 3.0);
    }
}
