//! A Warcraft III map's ground for the analysis: the pathing map's
//! walkable cells (bit 0x02 clear), its start locations with their forces
//! and its gold mines, in `info --json`'s orders.

use crate::analysis::{analyze, GroundMap, GroundReport, Start, WalkGrid};
use crate::diff::{field, FieldChange};
use crate::store::warcraft::{Pathing, WarcraftMap};
use serde_json::Value;

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

/// How the fairness table changed between two versions: each player's walk
/// to its main mine, its natural and its nearest opponent, in whole game
/// units ("player 3 to main mine: 836 -> 826"), and what became reachable
/// or not. Nothing where either version has no ground to measure.
pub fn fairness_diff(old: &WarcraftMap, new: &WarcraftMap, out: &mut Vec<FieldChange>) {
    let (Ok(a), Ok(b)) = (ground_map(old), ground_map(new)) else {
        return;
    };
    // The same pathing, start locations and mines give the same table:
    // nothing to work out (most versions of a map change none of them).
    // The mines in any order: a table's figures are each player's.
    if same_ground(&a, &b) {
        return;
    }
    let (a, b) = rayon::join(|| analyze(&a), || analyze(&b));
    let units = |d: Option<f32>| {
        d.map_or(
            Value::from("unreachable"),
            |d| Value::from(d.round() as i64),
        )
    };
    for row in &b.rows {
        let Some(before) = a.rows.iter().find(|r| r.player == row.player) else {
            continue;
        };
        let p = row.player;
        field(
            out,
            &format!("player {p} to main mine"),
            units(before.main_mine),
            units(row.main_mine),
        );
        field(
            out,
            &format!("player {p} to natural"),
            units(before.natural),
            units(row.natural),
        );
        let opponent = |r: &crate::analysis::fairness::Row| units(r.opponent.map(|o| o.0));
        field(
            out,
            &format!("player {p} to nearest opponent"),
            opponent(before),
            opponent(row),
        );
    }
    let unreachable = |r: &GroundReport| r.unreachable_mines.len() as u64;
    field(
        out,
        "gold mines no start reaches",
        unreachable(&a),
        unreachable(&b),
    );
}

/// Whether two versions' grounds give the same fairness table: the same
/// pathing and start locations, and the same gold mines in any order (a
/// re-saved units file lists them in another).
fn same_ground(a: &GroundMap, b: &GroundMap) -> bool {
    let sorted = |g: &GroundMap| {
        let mut m: Vec<[u32; 2]> = g.mines.iter().map(|p| p.map(f32::to_bits)).collect();
        m.sort_unstable();
        m
    };
    a.grid == b.grid && a.starts == b.starts && sorted(a) == sorted(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::WalkGrid;

    fn ground(mines: Vec<[f32; 2]>) -> GroundMap {
        GroundMap {
            grid: WalkGrid {
                width: 4,
                height: 4,
                walkable: vec![true; 16],
                origin: [0.0, 0.0],
                cell: CELL,
            },
            starts: Vec::new(),
            mines,
        }
    }

    #[test]
    fn the_ground_parts_of_an_archive_give_the_whole_maps_ground() {
        use crate::formats::w3x::{decode, decode_parts, Parts};
        let bytes = crate::samples::w3x_archive(40, Default::default());
        let (whole, ground) = (
            decode(&bytes).unwrap(),
            decode_parts(&bytes, Parts::Ground).unwrap(),
        );
        let (Some(w), Some(g)) = (whole.warcraft(), ground.warcraft()) else {
            panic!("a Warcraft III map");
        };
        assert!(!w.doodads.is_empty(), "the sample has doodads");
        assert!(g.doodads.is_empty() && g.minimap.is_none() && g.preview.is_none());
        assert_eq!(
            (&g.terrain, &g.info, &g.units, &g.pathing),
            (&w.terrain, &w.info, &w.units, &w.pathing)
        );
        assert_eq!(ground_map(g), ground_map(w));
    }

    #[test]
    fn mines_listed_in_another_order_are_the_same_ground() {
        let a = ground(vec![[1.0, 2.0], [3.0, 4.0]]);
        assert!(same_ground(&a, &ground(vec![[3.0, 4.0], [1.0, 2.0]])));
        assert!(!same_ground(&a, &ground(vec![[3.0, 4.0], [1.0, 2.5]])));
        assert!(!same_ground(&a, &ground(vec![[3.0, 4.0]])));
    }
}
