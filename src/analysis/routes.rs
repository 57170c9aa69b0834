//! What the viewer and `mapscope render --ground-distance` show of a map's
//! ground: the distance field from one start location, and each start
//! location's walks to its main and natural gold mines.

use super::fairness::{nearest, GroundMap};
use super::ground::WalkGrid;

/// A start location's walk to its main mine or its natural.
#[derive(Debug, Clone, PartialEq)]
pub struct Route {
    pub player: u32,
    /// The natural expansion (the nearest mine that is no start's main),
    /// not the main.
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
        let i = map
            .starts
            .iter()
            .position(|s| s.player == player)
            .ok_or_else(|| format!("the map has no start location for player {player}"))?;
        // Every start's field once: the chosen one's is shown, all give
        // the walks.
        let fields = start_fields(map);
        let field = fields[i].clone().ok_or_else(|| {
            format!("player {player}'s start location stands on no walkable ground")
        })?;
        let range = field
            .iter()
            .filter(|d| d.is_finite())
            .fold([f32::INFINITY, 0.0f32], |[lo, hi], &d| {
                [lo.min(d), hi.max(d)]
            });
        let routes = routes(map, &fields);
        Ok(GroundView {
            grid: g.clone(),
            player,
            field,
            range,
            routes,
        })
    }
}

/// Each start's distance field, in the map's order; `None` for a start on
/// no walkable ground.
fn start_fields(map: &GroundMap) -> Vec<Option<Vec<f32>>> {
    let g = &map.grid;
    let steps = g.steps();
    map.starts
        .iter()
        .map(|s| Some(g.distances_with(&steps, g.stand(s.at)?)))
        .collect()
}

/// Every start's walks to its main mine (its nearest) and its natural
/// (the nearest that is no start's main), as the fairness table names them.
fn routes(map: &GroundMap, fields: &[Option<Vec<f32>>]) -> Vec<Route> {
    let g = &map.grid;
    let mine_cells: Vec<Option<(u32, u32)>> = map.mines.iter().map(|&m| g.stand(m)).collect();
    let to_mines: Vec<Vec<Option<f32>>> = fields
        .iter()
        .map(|f| {
            let at = |c: &Option<(u32, u32)>| g.at(f.as_ref()?, (*c)?);
            mine_cells.iter().map(at).collect()
        })
        .collect();
    let mains: Vec<Option<usize>> = to_mines.iter().map(|d| nearest(d, &[])).collect();
    let taken: Vec<usize> = mains.iter().flatten().copied().collect();
    let mut out = Vec::new();
    for (i, s) in map.starts.iter().enumerate() {
        let Some(field) = &fields[i] else { continue };
        let natural = nearest(&to_mines[i], &taken);
        for (m, is_natural) in [(mains[i], false), (natural, true)] {
            let (Some(m), Some(c)) = (m, m.and_then(|m| mine_cells[m])) else {
                continue;
            };
            out.push(Route {
                player: s.player,
                natural: is_natural,
                cells: g.path(field, c),
                length: to_mines[i][m].unwrap_or(f32::INFINITY),
            });
        }
    }
    out
}
