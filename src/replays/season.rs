//! A season: many replays, folded by the map each was played on. Per map:
//! the games, per start location the games begun and won there and how
//! soon its players took their natural, per gold mine how often and how
//! soon it was taken, and the heat of order targets per race; beside it
//! the map's fairness table, so that "player 3's natural is 42 % closer"
//! can be held against when players at start 3 took it.
//!
//! Each replay is read, matched and joined on its own (in parallel, by
//! the caller's pool) into a small [`GameResult`]; results fold into one
//! [`MapSeason`] a map, so memory does not grow with the games' orders.

use super::find_map::{Found, How};
use super::outcome;
use crate::analysis::GroundReport;
use crate::formats::w3g::{Race, Replay};
use crate::kinds::game::{Game, Home};
use std::collections::BTreeMap;
use std::path::PathBuf;

/// Order targets are counted on cells this many world units a side.
pub const HEAT_CELL: f32 = 256.0;
/// The races heat is kept for, in this order.
pub const RACES: [Race; 4] = [Race::Human, Race::Orc, Race::NightElf, Race::Undead];

/// What one replay adds to its map's season.
#[derive(Debug, Clone, PartialEq)]
pub struct GameResult {
    pub how: How,
    /// Each playing player: (start location, won, took its natural at).
    pub players: Vec<(Option<usize>, bool, Option<u32>)>,
    /// Each playing player's first expansion, (start location, mine, ms).
    pub first_expansions: Vec<(usize, usize, u32)>,
    /// (mine, ms) of each expansion.
    pub expansions: Vec<(usize, u32)>,
    /// (race index in [`RACES`], cell x, cell y) of each order target.
    pub heat: Vec<(u8, i32, i32)>,
}

/// A replay's game as a season counts it.
pub fn result(replay: &Replay, found: &Found, game: &Game) -> GameResult {
    let results = outcome::results(replay);
    let playing = replay.players.iter().filter(|p| !p.is_observer);
    let players = playing
        .clone()
        .map(|p| {
            let start = game.start_of(p.id);
            let natural = start.and_then(|s| game.homes[s].natural);
            let took = game
                .expansions
                .iter()
                .find(|e| e.player == p.id && Some(e.mine) == natural)
                .map(|e| e.ms);
            let won = results.iter().any(|r| r.0 == p.id && r.1 == "won");
            (start, won, took)
        })
        .collect();
    let race_of = |id: u8| {
        let p = replay.players.iter().find(|p| p.id == id)?;
        let race = p.race_played.unwrap_or(p.race);
        RACES.iter().position(|r| *r == race).map(|i| i as u8)
    };
    let heat = replay
        .orders
        .iter()
        .filter_map(|o| {
            let race = race_of(o.player)?;
            let cell = |v: f32| (v / HEAT_CELL).floor() as i32;
            (o.x.is_finite() && o.y.is_finite() && o.x.abs() < 1e6 && o.y.abs() < 1e6)
                .then(|| (race, cell(o.x), cell(o.y)))
        })
        .collect();
    let first_expansions = playing
        .filter_map(|p| {
            let start = game.start_of(p.id)?;
            let e = game.expansions.iter().find(|e| e.player == p.id)?;
            Some((start, e.mine, e.ms))
        })
        .collect();
    GameResult {
        how: found.how,
        players,
        first_expansions,
        expansions: game.expansions.iter().map(|e| (e.mine, e.ms)).collect(),
        heat,
    }
}

/// One start location's games.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct StartSeason {
    pub games: u32,
    pub wins: u32,
    /// When its players took their natural, each game they did.
    pub natural_taken_ms: Vec<u32>,
    /// Its players' first expansions: (mine, ms), a game each.
    pub first_expansions: Vec<(usize, u32)>,
}

impl StartSeason {
    /// The mine its players took first most often: (mine, how many
    /// games, the median time), the lower mine between equals.
    pub fn usual_first_expansion(&self) -> Option<(usize, usize, u32)> {
        let mut mines: Vec<usize> = self.first_expansions.iter().map(|e| e.0).collect();
        mines.sort_unstable();
        mines.dedup();
        let count = |m: usize| self.first_expansions.iter().filter(|e| e.0 == m).count();
        let best = mines
            .into_iter()
            .max_by(|a, b| count(*a).cmp(&count(*b)).then(b.cmp(a)))?;
        let times: Vec<u32> = self
            .first_expansions
            .iter()
            .filter(|e| e.0 == best)
            .map(|e| e.1)
            .collect();
        Some((best, times.len(), median(&times)?))
    }
}

/// One map's season.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MapSeason {
    pub games: u32,
    /// Games matched the same version, and by name only.
    pub same_version: u32,
    pub name_only: u32,
    pub starts: Vec<StartSeason>,
    /// Per gold mine: when it was taken as an expansion, each time.
    pub mines: Vec<Vec<u32>>,
    /// Order targets: (race, cell x, cell y) -> count.
    pub heat: BTreeMap<(u8, i32, i32), u32>,
}

impl MapSeason {
    /// An empty season for a map of `starts` start locations and `mines`
    /// gold mines.
    pub fn new(starts: usize, mines: usize) -> MapSeason {
        MapSeason {
            starts: vec![StartSeason::default(); starts],
            mines: vec![Vec::new(); mines],
            ..Default::default()
        }
    }

    pub fn add(&mut self, g: &GameResult) {
        self.games += 1;
        match g.how {
            How::NameAndVersion => self.same_version += 1,
            How::Name => self.name_only += 1,
        }
        for &(start, won, took) in &g.players {
            let Some(s) = start.and_then(|s| self.starts.get_mut(s)) else {
                continue;
            };
            s.games += 1;
            s.wins += u32::from(won);
            s.natural_taken_ms.extend(took);
        }
        for &(start, mine, ms) in &g.first_expansions {
            if let Some(s) = self.starts.get_mut(start) {
                s.first_expansions.push((mine, ms));
            }
        }
        for &(mine, ms) in &g.expansions {
            if let Some(m) = self.mines.get_mut(mine) {
                m.push(ms);
            }
        }
        for &k in &g.heat {
            *self.heat.entry(k).or_default() += 1;
        }
    }
}

/// The median of `ms` (the lower of the middle two), `None` when empty.
pub fn median(ms: &[u32]) -> Option<u32> {
    let mut v = ms.to_vec();
    v.sort_unstable();
    v.get(v.len().saturating_sub(1) / 2).copied()
}

/// A replay that could not be counted, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Skipped {
    pub file: PathBuf,
    pub why: String,
}

/// One map's place in a season: its games, its fairness table, and its
/// start locations, mines and homes as the games were joined with.
#[derive(Debug, Clone, PartialEq)]
pub struct MapEntry {
    pub season: MapSeason,
    pub ground: Option<GroundReport>,
    pub start_locations: Vec<([f32; 2], i32)>,
    pub mines: Vec<[f32; 2]>,
    pub homes: Vec<Home>,
}

/// What one replay came to.
pub enum Counted {
    Game {
        map: PathBuf,
        result: Box<GameResult>,
        game: Box<Game>,
        ground: Option<GroundReport>,
    },
    Unmatched(Skipped),
    Unreadable(Skipped),
}

/// A whole season: every map's, and the replays left out.
#[derive(Debug, Clone, Default)]
pub struct Season {
    pub replays: usize,
    /// By the map file used.
    pub maps: BTreeMap<PathBuf, MapEntry>,
    /// Replays whose map was not found (why names the path they store).
    pub unmatched: Vec<Skipped>,
    /// Replays that could not be read, or whose map did not open.
    pub unreadable: Vec<Skipped>,
}

impl Season {
    pub fn count(&mut self, c: Counted) {
        self.replays += 1;
        match c {
            Counted::Game {
                map,
                result,
                game,
                ground,
            } => {
                let entry = self.maps.entry(map).or_insert_with(|| MapEntry {
                    season: MapSeason::new(game.start_locations.len(), game.mines.len()),
                    ground,
                    start_locations: game.start_locations.clone(),
                    mines: game.mines.clone(),
                    homes: game.homes.clone(),
                });
                entry.season.add(&result);
            }
            Counted::Unmatched(s) => self.unmatched.push(s),
            Counted::Unreadable(s) => self.unreadable.push(s),
        }
    }

    /// Two parts of one season counted apart (on two threads) as one.
    pub fn merge(mut self, other: Season) -> Season {
        self.replays += other.replays;
        for (map, e) in other.maps {
            match self.maps.get_mut(&map) {
                Some(mine) => mine.season.merge(e.season),
                None => {
                    self.maps.insert(map, e);
                }
            }
        }
        self.unmatched.extend(other.unmatched);
        self.unreadable.extend(other.unreadable);
        self.unmatched.sort_by(|a, b| a.file.cmp(&b.file));
        self.unreadable.sort_by(|a, b| a.file.cmp(&b.file));
        self
    }
}

impl MapSeason {
    fn merge(&mut self, o: MapSeason) {
        self.games += o.games;
        self.same_version += o.same_version;
        self.name_only += o.name_only;
        for (a, b) in self.starts.iter_mut().zip(o.starts) {
            a.games += b.games;
            a.wins += b.wins;
            a.natural_taken_ms.extend(b.natural_taken_ms);
            a.first_expansions.extend(b.first_expansions);
        }
        for (a, b) in self.mines.iter_mut().zip(o.mines) {
            a.extend(b);
        }
        for (k, v) in o.heat {
            *self.heat.entry(k).or_default() += v;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_season_counts_starts_wins_naturals_and_mines() {
        let mut s = MapSeason::new(2, 3);
        let game = |a: (Option<usize>, bool, Option<u32>), b, exp: Vec<(usize, u32)>| GameResult {
            how: How::NameAndVersion,
            players: vec![a, b],
            first_expansions: exp.iter().take(1).map(|&(m, t)| (0, m, t)).collect(),
            expansions: exp,
            heat: vec![(0, 1, 2), (0, 1, 2), (3, -1, 0)],
        };
        s.add(&game(
            (Some(0), true, Some(200_000)),
            (Some(1), false, None),
            vec![(2, 200_000)],
        ));
        s.add(&game(
            (Some(1), true, Some(100_000)),
            (Some(0), false, Some(300_000)),
            vec![(2, 100_000), (2, 300_000)],
        ));
        assert_eq!(s.games, 2);
        assert_eq!((s.starts[0].games, s.starts[0].wins), (2, 1));
        assert_eq!(s.starts[0].natural_taken_ms, vec![200_000, 300_000]);
        assert_eq!(median(&s.mines[2]), Some(200_000));
        assert_eq!(median(&s.mines[0]), None);
        assert_eq!(s.starts[0].usual_first_expansion(), Some((2, 2, 100_000)));
        assert_eq!(s.heat[&(0, 1, 2)], 4);
        assert_eq!(s.heat[&(3, -1, 0)], 2);
    }
}
