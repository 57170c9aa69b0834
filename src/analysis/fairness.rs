//! Ground distances between a map's start locations and gold mines, and
//! the fairness table ladder keepers judge a map by: each player's walk to
//! its main (nearest) mine, its natural expansion (the nearest mine that is
//! no player's main: on a 4v4 map a teammate's main may lie nearer) and
//! its nearest opponent, with how far apart the players are in each.

use super::ground::{Field, WalkGrid};

/// A player's start location.
#[derive(Debug, Clone, PartialEq)]
pub struct Start {
    /// As the game numbers players, from 1.
    pub player: u32,
    /// The forces (teams) it is in, as indices; empty where the map sets
    /// none.
    pub forces: Vec<usize>,
    /// World units.
    pub at: [f32; 2],
}

/// What the analysis is given: a kind's ground and places.
#[derive(Debug, Clone, PartialEq)]
pub struct GroundMap {
    pub grid: WalkGrid,
    pub starts: Vec<Start>,
    /// Gold mines, world units.
    pub mines: Vec<[f32; 2]>,
}

/// One player's row of the table: world units, `None` where unreachable.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    pub player: u32,
    pub main_mine: Option<f32>,
    pub natural: Option<f32>,
    /// Which mines those are: indices into the map's mines.
    pub main_mine_index: Option<usize>,
    pub natural_index: Option<usize>,
    /// The distance and the opponent's player number.
    pub opponent: Option<(f32, u32)>,
    /// Whether the map has anyone else to play against at all (a
    /// one-player map has no opponent, which is not an unreachable one).
    pub has_opponents: bool,
}

/// A column's spread: largest minus smallest, as a share of the smallest,
/// and the players with each.
#[derive(Debug, Clone, PartialEq)]
pub struct Spread {
    pub column: &'static str,
    pub spread: f32,
    pub share: f32,
    pub nearest: (u32, f32),
    pub farthest: (u32, f32),
    /// Every player as near as `nearest`, and as far as `farthest`, to
    /// the whole game unit the table shows (a mirrored map's players come
    /// in pairs or fours).
    pub nearest_players: Vec<u32>,
    pub farthest_players: Vec<u32>,
}

/// Spreads above this share are flagged.
pub const UNFAIR: f32 = 0.05;

/// Everything the analysis says of a map's ground.
#[derive(Debug, Clone, PartialEq)]
pub struct GroundReport {
    /// Rows: starts in the map's order; columns: mines in the map's order.
    pub start_to_mine: Vec<Vec<Option<f32>>>,
    pub start_to_start: Vec<Vec<Option<f32>>>,
    pub rows: Vec<Row>,
    pub spreads: Vec<Spread>,
    /// Mines no start location can reach (indices).
    pub unreachable_mines: Vec<usize>,
    /// Pairs of players who cannot reach each other.
    pub unconnected: Vec<(u32, u32)>,
    /// Starts or mines standing on no walkable cell at all.
    pub stranded: Vec<String>,
}

/// The ground distances and the table.
pub fn analyze(map: &GroundMap) -> GroundReport {
    let g = &map.grid;
    let start_cells: Vec<_> = map.starts.iter().map(|s| g.stand(s.at)).collect();
    let mine_cells: Vec<_> = map.mines.iter().map(|&m| g.stand(m)).collect();
    let mut stranded = Vec::new();
    for (s, c) in map.starts.iter().zip(&start_cells) {
        if c.is_none() {
            stranded.push(format!("player {}'s start location", s.player));
        }
    }
    for (i, c) in mine_cells.iter().enumerate() {
        if c.is_none() {
            stranded.push(format!("gold mine {}", i + 1));
        }
    }
    let steps = g.steps();
    // Each start's field in turn, in the same buffers, read at the mines
    // and the starts.
    let mut field = Field::default();
    let (mut start_to_mine, mut start_to_start) = (Vec::new(), Vec::new());
    for c in &start_cells {
        if let Some(c) = c {
            g.distances_in(&steps, *c, &mut field);
        }
        let to = |cell: &Option<(u32, u32)>| -> Option<f32> {
            c.as_ref()?;
            g.at(&field.dist, (*cell)?)
        };
        start_to_mine.push(mine_cells.iter().map(to).collect::<Vec<_>>());
        start_to_start.push(start_cells.iter().map(to).collect::<Vec<_>>());
    }
    // Each player's main mine first: a natural is no one's main.
    let mains: Vec<Option<usize>> = start_to_mine.iter().map(|m| nearest(m, &[])).collect();
    let taken: Vec<usize> = mains.iter().flatten().copied().collect();
    let rows: Vec<Row> = map
        .starts
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let mines = [mains[i], nearest(&start_to_mine[i], &taken)];
            row(map, i, s, mines, &start_to_mine[i], &start_to_start[i])
        })
        .collect();
    let unreachable_mines = (0..map.mines.len())
        .filter(|&m| start_to_mine.iter().all(|r| r[m].is_none()))
        .collect();
    let mut unconnected = Vec::new();
    for (i, a) in map.starts.iter().enumerate() {
        for (j, b) in map.starts.iter().enumerate().skip(i + 1) {
            if start_to_start[i][j].is_none() {
                unconnected.push((a.player, b.player));
            }
        }
    }
    GroundReport {
        spreads: spreads(&rows),
        start_to_mine,
        start_to_start,
        rows,
        unreachable_mines,
        unconnected,
        stranded,
    }
}

/// The index of the nearest reachable mine of `distances` that is not
/// among `taken`.
pub(super) fn nearest(distances: &[Option<f32>], taken: &[usize]) -> Option<usize> {
    distances
        .iter()
        .enumerate()
        .filter(|(j, _)| !taken.contains(j))
        .filter_map(|(j, d)| Some((j, (*d)?)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(j, _)| j)
}

/// Player `i`'s row: its main mine and natural (`which`, indices) and its
/// nearest opponent (not in a force with it, where the map sets forces
/// and that leaves anyone; else every other player).
fn row(
    map: &GroundMap,
    i: usize,
    s: &Start,
    [main, natural]: [Option<usize>; 2],
    mines: &[Option<f32>],
    starts: &[Option<f32>],
) -> Row {
    let distance = |m: Option<usize>| mines[m?];
    let allied = |o: &Start| o.forces.iter().any(|f| s.forces.contains(f));
    let others: Vec<usize> = (0..map.starts.len()).filter(|&j| j != i).collect();
    let enemies: Vec<usize> = others
        .iter()
        .copied()
        .filter(|&j| !allied(&map.starts[j]))
        .collect();
    let pool = if enemies.is_empty() { others } else { enemies };
    let opponent = pool
        .iter()
        .filter_map(|&j| Some((starts[j]?, map.starts[j].player)))
        .min_by(|a, b| a.0.total_cmp(&b.0));
    Row {
        player: s.player,
        main_mine: distance(main),
        natural: distance(natural),
        main_mine_index: main,
        natural_index: natural,
        has_opponents: !pool.is_empty(),
        opponent,
    }
}

/// A column of the table: its name and how a row gives it.
type Column = (&'static str, fn(&Row) -> Option<f32>);

fn spreads(rows: &[Row]) -> Vec<Spread> {
    let columns: [Column; 3] = [
        ("main mine", |r| r.main_mine),
        ("natural", |r| r.natural),
        ("nearest opponent", |r| r.opponent.map(|o| o.0)),
    ];
    columns
        .iter()
        .filter_map(|(column, get)| {
            let values: Vec<(u32, f32)> = rows
                .iter()
                .filter_map(|r| Some((r.player, get(r)?)))
                .collect();
            let nearest = *values.iter().min_by(|a, b| a.1.total_cmp(&b.1))?;
            let farthest = *values.iter().max_by(|a, b| a.1.total_cmp(&b.1))?;
            let spread = farthest.1 - nearest.1;
            let alike = |d: f32| -> Vec<u32> {
                values
                    .iter()
                    .filter(|v| v.1.round() == d.round())
                    .map(|v| v.0)
                    .collect()
            };
            Some(Spread {
                nearest_players: alike(nearest.1),
                farthest_players: alike(farthest.1),
                column,
                spread,
                share: if nearest.1 > 0.0 {
                    spread / nearest.1
                } else {
                    0.0
                },
                nearest,
                farthest,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An open 20 x 10 field, cells of 32 units from (0, 0).
    fn field() -> WalkGrid {
        WalkGrid {
            width: 20,
            height: 10,
            walkable: vec![true; 200],
            origin: [0.0, 0.0],
            cell: 32.0,
        }
    }

    fn start(player: u32, force: usize, x: f32) -> Start {
        Start {
            player,
            forces: vec![force],
            at: [x, 16.0],
        }
    }

    #[test]
    fn the_table_finds_main_natural_and_opponent_and_flags_spreads() {
        let map = GroundMap {
            grid: field(),
            starts: vec![start(1, 0, 16.0), start(2, 0, 48.0), start(3, 1, 624.0)],
            // Player 1's main mine is 2 cells away, player 3's 4.
            mines: vec![[80.0, 16.0], [112.0, 16.0], [496.0, 16.0]],
        };
        let r = analyze(&map);
        assert_eq!(r.start_to_mine[0][0], Some(64.0));
        assert_eq!(r.rows[0].main_mine, Some(64.0));
        assert_eq!(r.rows[0].natural, Some(96.0));
        // Player 2 is allied with 1: its opponent is player 3.
        assert_eq!(r.rows[1].opponent.map(|o| o.1), Some(3));
        assert_eq!(r.rows[2].opponent.map(|o| o.1), Some(2));
        let main = &r.spreads[0];
        assert_eq!((main.nearest.0, main.farthest.0), (2, 3));
        assert!(main.share > UNFAIR);
        assert!(r.unreachable_mines.is_empty() && r.unconnected.is_empty());
    }

    /// A teammate's main mine, though nearer, is not a player's natural:
    /// the natural is the nearest mine that is no one's main.
    #[test]
    fn the_natural_is_no_players_main_mine() {
        let map = GroundMap {
            grid: field(),
            starts: vec![start(1, 0, 16.0), start(2, 0, 208.0)],
            mines: vec![[80.0, 16.0], [176.0, 16.0], [400.0, 16.0]],
        };
        let r = analyze(&map);
        assert_eq!(r.rows[0].main_mine_index, Some(0));
        assert_eq!(r.rows[1].main_mine_index, Some(1));
        assert_eq!(r.rows[0].natural_index, Some(2));
        assert_eq!(r.rows[0].natural, Some(384.0));
        assert_eq!(r.rows[1].natural_index, Some(2));
        assert!(r.rows[0].has_opponents);
        let alone = GroundMap {
            starts: vec![start(1, 0, 16.0)],
            ..map
        };
        let r = analyze(&alone);
        assert!(!r.rows[0].has_opponents && r.rows[0].opponent.is_none());
    }

    /// A mirrored map's players come in pairs: each extreme names both.
    #[test]
    fn a_spread_names_every_player_at_each_end() {
        let mut grid = field();
        grid.height = 20;
        grid.walkable = vec![true; 400];
        let at = |player, x, y| Start {
            player,
            forces: vec![player as usize],
            at: [x, y],
        };
        let map = GroundMap {
            grid,
            starts: vec![
                at(1, 16.0, 16.0),
                at(2, 624.0, 16.0),
                at(3, 16.0, 624.0),
                at(4, 624.0, 624.0),
            ],
            // Players 1 and 2 two cells from their mines, 3 and 4 four.
            mines: vec![[80.0, 16.0], [560.0, 16.0], [144.0, 624.0], [496.0, 624.0]],
        };
        let r = analyze(&map);
        let main = &r.spreads[0];
        assert_eq!(main.nearest_players, [1, 2]);
        assert_eq!(main.farthest_players, [3, 4]);
        let line = &crate::analysis::report::lines(&r, 4).notes[0].0;
        assert_eq!(
            line,
            "spread of main mine: 64 (100.0 %), over 5 %: players 3 and 4 walk 128, players 1 and 2 64"
        );
    }

    #[test]
    fn a_walled_off_mine_and_player_are_listed() {
        let mut grid = field();
        for y in 0..10 {
            grid.walkable[y * 20 + 10] = false;
        }
        let map = GroundMap {
            grid,
            starts: vec![start(1, 0, 16.0), start(2, 1, 624.0)],
            mines: vec![[80.0, 16.0], [-500.0, -500.0]],
        };
        let r = analyze(&map);
        assert_eq!(r.unconnected, vec![(1, 2)]);
        assert_eq!(r.rows[0].opponent, None);
        assert_eq!(r.start_to_mine[1][0], None);
        // The far-off mine stands on the nearest walkable cell, (0, 0).
        assert!(r.start_to_mine[0][1].is_some());
    }
}
