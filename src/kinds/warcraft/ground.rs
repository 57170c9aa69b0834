//! A Warcraft III map's ground for the analysis: the pathing map's
//! walkable cells (bit 0x02 clear), its start locations with their forces
//! and its gold mines, in `info --json`'s orders.

use crate::analysis::{GroundMap, Start, WalkGrid};
use crate::store::warcraft::{Pathing, WarcraftMap};

/// The pathing map's cell, in world units.
const CELL: f32 = 32.0;

pub fn ground_map(map: &WarcraftMap) -> Result<GroundMap, String> {
    let p = map
        .pathing
        .as_ref()
        .filter(|p| p.width > 0 && p.cells.len() == p.width as usize * p.height as usize)
        .ok_or("the map has no pathing map (war3map.wpm): ground distances need one")?;
    let grid = WalkGrid {
        width: p.width,
        height: p.height,
        walkable: p.cells.iter().map(|c| c & Pathing::NO_WALK == 0).collect(),
        origin: map.terrain.offset,
        cell: CELL,
    };
    let forces = map
        .info
        .as_ref()
        .map(|i| i.forces.as_slice())
        .unwrap_or(&[]);
    let starts = map
        .start_locations()
        .map(|u| Start {
            player: (u.owner + 1).max(0) as u32,
            forces: forces
                .iter()
                .enumerate()
                .filter(|(_, f)| (0..32).contains(&u.owner) && f.players >> u.owner & 1 == 1)
                .map(|(i, _)| i)
                .collect(),
            at: [u.position[0], u.position[1]],
        })
        .collect();
    let mines = map
        .gold_mines()
        .map(|u| [u.position[0], u.position[1]])
        .collect();
    Ok(GroundMap {
        grid,
        starts,
        mines,
    })
}
