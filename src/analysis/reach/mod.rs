//! Where each team of an Ace of Spades (or other voxel) map can go on foot,
//! under the servers' own player physics (`crate::walk`), without digging
//! or building: the places a player can stand (`places.rs`), the moves
//! between them that the physics lets a player make (`moves.rs`, run from
//! each place by `graph.rs`), what each team reaches from its spawn area
//! (`search.rs`), the regions that says something about (`regions.rs`),
//! and witnesses, scripts that take a player to a place (`witness.rs`, on
//! the players driven along moves of `driven.rs`),
//! walked as a player would, without stopping between plain walks
//! (`flow.rs`).

pub mod coast;
pub mod drive;
pub mod driven;
pub mod exact;
pub mod fairness;
pub mod fastest;
pub mod flow;
pub mod graph;
pub mod moves;
pub mod places;
pub mod regions;
pub mod report;
pub mod search;
pub mod windows;
pub mod witness;

pub use regions::Region;
pub use search::TeamArea;
pub use witness::Witness;

use crate::walk::Solids;
use graph::Graph;

/// What the reachability search measures: the voxels as a player collides
/// with them, and the teams' spawn areas.
pub struct ReachMap {
    pub solids: Solids,
    pub teams: Vec<TeamArea>,
}

/// In [`ReachReport::reached_by`]: a trap there.
pub const TRAP: u8 = 0x80;

/// Witnesses a team gets of each sort (highest, spread).
pub const WITNESSES: usize = 5;

/// One team's figures.
#[derive(Debug, Clone)]
pub struct TeamReach {
    pub area: TeamArea,
    /// Surface columns (those with a place to stand) whose top place the
    /// team reaches.
    pub columns: u32,
    pub share: f64,
    /// The highest place it reaches: column and floor z (z down).
    pub highest: Option<[i32; 3]>,
    /// The columns its players spawn on.
    pub spawn_columns: usize,
    pub only_this_team: Vec<Region>,
    pub witnesses: Vec<Witness>,
}

/// The whole analysis.
#[derive(Debug, Clone)]
pub struct ReachReport {
    pub dims: [u32; 3],
    pub surface_columns: u32,
    pub places: usize,
    pub teams: Vec<TeamReach>,
    /// Surface columns no team reaches.
    pub unreachable: Vec<Region>,
    /// Columns with a place a team reaches but cannot get back to its spawn
    /// area from.
    pub traps: Vec<Region>,
    /// Each column's top floor z (`u16::MAX`: no place to stand), row by
    /// row, and which teams reach it: bit k for team k, [`TRAP`] where a
    /// team reaches a place of the column it cannot get back from.
    pub floors: Vec<u16>,
    pub reached_by: Vec<u8>,
    /// Each team's quickest walks to the other's spawn area and the
    /// map's middle (none where no witnesses were asked for).
    pub fairness: Vec<fairness::TeamWays>,
    /// Moves run through the physics and moves reused from a kept shape.
    pub moves_run: u64,
    pub moves_reused: u64,
}

/// The whole analysis, with [`WITNESSES`] witnesses of each sort a team.
pub fn analyze(map: &ReachMap) -> ReachReport {
    analyze_with(map, WITNESSES)
}

/// The analysis with `witnesses` of each sort a team (0: none, for
/// overlays that need only the figures, and no fairness walks either).
pub fn analyze_with(map: &ReachMap, witnesses: usize) -> ReachReport {
    analysis(map, witnesses, witnesses > 0)
}

/// The figures and the fairness table's walks, without the highest and
/// spread witnesses: what a diff and a gallery card show.
pub fn analyze_fairness(map: &ReachMap) -> ReachReport {
    analysis(map, 0, true)
}

fn analysis(map: &ReachMap, witnesses: usize, fairness: bool) -> ReachReport {
    let mut graph = Graph::new(&map.solids);
    let reached: Vec<_> = map
        .teams
        .iter()
        .map(|t| search::reach(&mut graph, t))
        .collect();
    // Before the places are borrowed: it reads no move not yet worked out
    // (every place a team reaches had its moves worked out by its search).
    let ways = if fairness {
        let middle = fairness::middle(&graph, &reached);
        let back = witness::Back::of(&graph);
        fairness::team_ways(&mut graph, &reached, &back, middle)
    } else {
        Vec::new()
    };
    let places = &graph.places;
    let (w, l) = (places.width, places.length);
    let cols = (w * l) as usize;
    let tops: Vec<Option<u32>> = (0..cols)
        .map(|c| places.top(c as i32 % w as i32, c as i32 / w as i32))
        .collect();
    let surface_columns = tops.iter().flatten().count() as u32;
    // Whether team k reaches column c's top place, and how many teams do.
    let has = |k: usize, c: usize| tops[c].is_some_and(|t| reached[k].has(t));
    let mut teams_at = vec![0u32; cols];
    for k in 0..reached.len() {
        for (c, n) in teams_at.iter_mut().enumerate() {
            *n += has(k, c) as u32;
        }
    }
    let unreachable_mask: Vec<bool> = (0..cols)
        .map(|c| tops[c].is_some() && teams_at[c] == 0)
        .collect();
    // The known moves backwards (of every team's places: a place's moves
    // are the same whoever makes them): the traps and the witnesses both
    // walk them.
    let back = witness::Back::of(&graph);
    let trap_mask = traps(&graph, &reached, &back);
    let teams = map
        .teams
        .iter()
        .enumerate()
        .map(|(k, area)| {
            let r = &reached[k];
            let columns = (0..cols).filter(|&c| has(k, c)).count() as u32;
            let only: Vec<bool> = (0..cols)
                .map(|c| map.teams.len() > 1 && teams_at[c] == 1 && has(k, c))
                .collect();
            let highest = (0..places.len() as u32)
                .filter(|&i| r.has(i))
                .min_by_key(|&i| (places.floors[i as usize], i))
                .map(|i| {
                    let (x, y) = places.column_of(i);
                    [x, y, places.floors[i as usize] as i32]
                });
            TeamReach {
                area: area.clone(),
                columns,
                share: columns as f64 / surface_columns.max(1) as f64,
                highest,
                spawn_columns: r.spawns.len(),
                only_this_team: regions::regions(w, l, &only),
                witnesses: witness::witnesses(&graph, r, &back, witnesses),
            }
        })
        .collect();
    let floors = tops
        .iter()
        .map(|t| t.map_or(u16::MAX, |i| places.floors[i as usize]))
        .collect();
    let reached_by = (0..cols)
        .map(|c| {
            let teams = (0..reached.len().min(7))
                .filter(|&k| has(k, c))
                .fold(0u8, |b, k| b | 1 << k);
            teams | if trap_mask[c] { TRAP } else { 0 }
        })
        .collect();
    ReachReport {
        dims: map.solids.dims(),
        floors,
        reached_by,
        surface_columns,
        places: places.len(),
        teams,
        unreachable: regions::regions(w, l, &unreachable_mask),
        traps: regions::regions(w, l, &trap_mask),
        fairness: ways,
        moves_run: graph.ran,
        moves_reused: graph.reused,
    }
}

/// Columns holding a place some team reaches but cannot leave for its own
/// spawn area again.
fn traps(graph: &Graph, reached: &[search::Reached], back: &witness::Back) -> Vec<bool> {
    let places = &graph.places;
    let mut mask = vec![false; (places.width * places.length) as usize];
    for r in reached {
        let home = back.moves_to_any(&r.spawns);
        for i in 0..places.len() as u32 {
            if r.has(i) && home[i as usize] == u32::MAX {
                let (x, y) = places.column_of(i);
                mask[(y * places.width as i32 + x) as usize] = true;
            }
        }
    }
    mask
}
