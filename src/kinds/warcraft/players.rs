//! The Map panel's players of a Warcraft III map: each slot's name, race,
//! controller and start, the start in the units the Spawns list counts in
//! (tiles from the south-west corner), so that one screen has one unit.

use crate::store::warcraft::WarcraftMap;

/// A start location's place as the Spawns list counts positions (tiles
/// from the south-west corner): its spawn area's middle.
pub fn start_in_tiles(map: &WarcraftMap, position: [f32; 3]) -> [f32; 2] {
    let [x, y] = map.world_to_map(position[0], position[1]);
    [x, super::super::terrain::file_row(&map.terrain, y)]
}

/// Each player's number in the file (from 0) and line: "1. Name — human,
/// user, start at x 30.5, y 28.5 tiles".
pub fn player_lines(map: &WarcraftMap) -> Vec<(i32, String)> {
    let coordinate = super::super::reading::coordinate;
    map.info
        .iter()
        .flat_map(|i| &i.players)
        .map(|p| {
            let start = map.start_locations().find(|u| u.owner == p.number).map_or(
                "no start location".to_string(),
                |u| {
                    let [x, y] = start_in_tiles(map, u.position).map(coordinate);
                    format!("start at x {x}, y {y} tiles")
                },
            );
            let text = format!(
                "{}. {} — {}, {}, {start}",
                p.number + 1,
                p.name,
                super::race_name(p.race),
                super::controller_name(p.controller),
            );
            (p.number, text)
        })
        .collect()
}
