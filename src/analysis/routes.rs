//! What the viewer and `mapscope render --ground-distance` show of a map's
//! ground: the distance field from one start location, and each start
//! location's walks to its main and natural gold mines.

use super::fairness::GroundMap;
use super::ground::WalkGrid;

/// A start location's walk to one of its two nearest mines.
#[derive(Debug, Clone, PartialEq)]
pub struct Route {
    pub player: u32,
    /// The second nearest mine (the natural expansion), not the main.
    pub natural: bool,
    /// Cells of the walk grid, start first.
    pub cells: Vec<(u32, u32)>,
    /// World units.
    pub length: f32,
}

/// The ground seen from one start location.
#[derive(Debug, Clone, PartialEq)]
pub struct GroundView {
    pub grid: WalkGrid,
    /// The start location the field is measured from (its player).
    pub player: u32,
    /// World units from that start to every cell, infinite where it
    /// cannot walk.
    pub field: Vec<f32>,
    /// The smallest and largest distance reached: the legend's ends.
    pub range: [f32; 2],
    pub routes: Vec<Route>,
}

impl GroundView {
    /// The start locations' players, in the map's order: what can be
    /// chosen to measure from.
    pub fn players(map: &GroundMap) -> Vec<u32> {
        map.starts.iter().map(|s| s.player).collect()
    }

    /// The field from `player`'s start location and every start's walks
    /// to its main and natural mines; why not, where there is nothing to
    /// measure from.
    pub fn new(map: &GroundMap, player: u32) -> Result<GroundView, String> {
        let g = &map.grid;
        let start = map
            .starts
            .iter()
            .find(|s| s.player == player)
            .ok_or_else(|| format!("the map has no start location for player {player}"))?;
        let from = g.stand(start.at).ok_or_else(|| {
            format!("player {player}'s start location stands on no walkable ground")
        })?;
        let field = g.distances(from);
        let range = field
            .iter()
            .filter(|d| d.is_finite())
            .fold([f32::INFINITY, 0.0f32], |[lo, hi], &d| {
                [lo.min(d), hi.max(d)]
            });
        let routes = map.starts.iter().flat_map(|s| routes(map, s)).collect();
        Ok(GroundView {
            grid: g.clone(),
            player,
            field,
            range,
            routes,
        })
    }
}

/// A start's walks to its nearest and second nearest reachable mines.
fn routes(map: &GroundMap, s: &super::Start) -> Vec<Route> {
    let g = &map.grid;
    let Some(from) = g.stand(s.at) else {
        return Vec::new();
    };
    let field = g.distances(from);
    let mut mines: Vec<((u32, u32), f32)> = map
        .mines
        .iter()
        .filter_map(|&m| {
            let c = g.stand(m)?;
            Some((c, g.at(&field, c)?))
        })
        .collect();
    mines.sort_by(|a, b| a.1.total_cmp(&b.1));
    mines
        .iter()
        .take(2)
        .enumerate()
        .map(|(i, &(c, length))| Route {
            player: s.player,
            natural: i == 1,
            cells: g.path(&field, c),
            length,
        })
        .collect()
}
