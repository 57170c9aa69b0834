//! A replay's game joined with the map it was played on: which start
//! location each player began at, what they placed where and when, and
//! which gold mines they took as expansions, in the world units and the
//! orders (start locations, gold mines) that `info --json` prints.
//!
//! A replay holds orders, not outcomes: a placement is a worker ordered to
//! build there (it may have been cancelled or never finished), so this
//! says "ordered", and counts an expansion at the first town hall ordered
//! at a mine that is not the player's main.

use super::buildings::{self, Building};
use crate::analysis::GroundReport;
use crate::formats::w3g::Replay;
use crate::store::warcraft::WarcraftMap;

/// A town hall this near a gold mine (world units, centre to centre) is
/// at it: ladder maps place a start's town hall 500-700 units from its
/// mine, and the next mine is thousands away.
pub const MINE_REACH: f32 = 1100.0;
/// The buildings a player places this near a start location are at home.
pub const HOME_REACH: f32 = 1800.0;
/// A second order for the same building this near and this soon after
/// the first is the same placement clicked again (or queued anew).
const SAME_PLACE: f32 = 64.0;
const SAME_TIME_MS: u32 = 20_000;
/// How many of a player's first placements tell their start location.
const FIRST_BUILDINGS: usize = 3;
/// Workers sent in the game's first seconds go to their own main mine.
const EARLY_MS: u32 = 15_000;

/// A building placement.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Build {
    pub ms: u32,
    /// The replay's player id.
    pub player: u8,
    pub building: Building,
    pub at: [f32; 2],
}

/// A gold mine taken as an expansion: the first town hall a player
/// ordered at a mine that is not its main.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Expansion {
    pub player: u8,
    pub ms: u32,
    /// Index into the map's gold mines.
    pub mine: usize,
    pub at: [f32; 2],
    pub building: Building,
}

/// A start location's mines, as the fairness table names them.
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Home {
    pub main: Option<usize>,
    pub natural: Option<usize>,
}

/// The game on the map.
#[derive(Debug, Clone, PartialEq)]
pub struct Game {
    /// The map's start locations (world units) and their owners (the
    /// map's player numbers, from 0), in `info --json`'s order.
    pub start_locations: Vec<([f32; 2], i32)>,
    /// The map's gold mines, in `info --json`'s order.
    pub mines: Vec<[f32; 2]>,
    /// Each start location's main mine and natural.
    pub homes: Vec<Home>,
    /// (replay player id, start location index) for every player who
    /// plays (observers apart), in the replay's order.
    pub starts: Vec<(u8, Option<usize>)>,
    /// Placements in time order, repeated clicks on one placement once.
    pub builds: Vec<Build>,
    pub expansions: Vec<Expansion>,
}

/// Joins `replay` with `map`. `ground` is the map's fairness table where
/// it could be worked out: it names each start's main mine and natural
/// as `analyze` does; without it they are the nearest mines as the crow
/// flies.
pub fn join(replay: &Replay, map: &WarcraftMap, ground: Option<&GroundReport>) -> Game {
    let start_locations: Vec<([f32; 2], i32)> = map
        .start_locations()
        .map(|u| ([u.position[0], u.position[1]], u.owner))
        .collect();
    let mines: Vec<[f32; 2]> = map
        .gold_mines()
        .map(|u| [u.position[0], u.position[1]])
        .collect();
    let homes = homes(&start_locations, &mines, ground);
    let playing: Vec<u8> = replay
        .players
        .iter()
        .filter(|p| !p.is_observer)
        .map(|p| p.id)
        .collect();
    // Orders from ids the lobby does not list as playing are left out.
    let mut builds = builds(replay);
    builds.retain(|b| playing.contains(&b.player));
    let starts = assign_starts(&playing, &evidence(replay, &builds), &start_locations);
    let mut game = Game {
        start_locations,
        mines,
        homes,
        starts,
        builds,
        expansions: Vec::new(),
    };
    game.expansions = expansions(&game);
    game
}

impl Game {
    /// The start location player `id` began at.
    pub fn start_of(&self, id: u8) -> Option<usize> {
        self.starts.iter().find(|(p, _)| *p == id).and_then(|s| s.1)
    }

    /// The mine at `at`: the nearest, where it lies within [`MINE_REACH`].
    pub fn mine_at(&self, at: [f32; 2]) -> Option<usize> {
        nearest(&self.mines, at)
            .filter(|&(_, d)| d <= MINE_REACH)
            .map(|(i, _)| i)
    }

    /// The start location `at` lies at home of, within [`HOME_REACH`].
    pub fn home_at(&self, at: [f32; 2]) -> Option<usize> {
        let starts: Vec<[f32; 2]> = self.start_locations.iter().map(|s| s.0).collect();
        nearest(&starts, at)
            .filter(|&(_, d)| d <= HOME_REACH)
            .map(|(i, _)| i)
    }
}

/// Where world position `at` lies in the scene the viewer draws: map
/// tiles (x from the west, y from the north) and the ground's height.
pub fn scene_point(map: &WarcraftMap, at: [f32; 2]) -> [f32; 3] {
    let [x, y] = map.world_to_map(at[0], at[1]);
    [x, y, map.terrain.surface_z(x, y)]
}

fn distance(a: [f32; 2], b: [f32; 2]) -> f32 {
    (a[0] - b[0]).hypot(a[1] - b[1])
}

/// The nearest of `points` to `at` and how far it is.
fn nearest(points: &[[f32; 2]], at: [f32; 2]) -> Option<(usize, f32)> {
    points
        .iter()
        .enumerate()
        .map(|(i, &p)| (i, distance(p, at)))
        .min_by(|a, b| a.1.total_cmp(&b.1))
}

/// Each start location's main mine and natural: the fairness table's
/// where its row is there, else the nearest mine and the nearest that is
/// no start's main.
fn homes(
    starts: &[([f32; 2], i32)],
    mines: &[[f32; 2]],
    ground: Option<&GroundReport>,
) -> Vec<Home> {
    let mains: Vec<Option<usize>> = starts
        .iter()
        .map(|s| nearest(mines, s.0).map(|m| m.0))
        .collect();
    starts
        .iter()
        .enumerate()
        .map(|(i, s)| {
            let row = ground.and_then(|g| {
                g.rows
                    .iter()
                    .find(|r| r.player as i64 == i64::from(s.1) + 1)
            });
            if let Some(row) = row {
                return Home {
                    main: row.main_mine_index,
                    natural: row.natural_index,
                };
            }
            let others: Vec<[f32; 2]> = mines
                .iter()
                .enumerate()
                .map(|(m, &p)| match mains.contains(&Some(m)) {
                    true => [f32::INFINITY; 2],
                    false => p,
                })
                .collect();
            Home {
                main: mains[i],
                natural: nearest(&others, s.0)
                    .filter(|n| n.1.is_finite())
                    .map(|n| n.0),
            }
        })
        .collect()
}

/// The replay's building placements (orders 0x11 whose order is a
/// building), a placement clicked again kept once.
fn builds(replay: &Replay) -> Vec<Build> {
    let mut out: Vec<Build> = Vec::new();
    for o in replay.orders.iter().filter(|o| o.action == 0x11) {
        let Some(building) = buildings::of(o.order_id) else {
            continue;
        };
        let at = [o.x, o.y];
        let again = out.iter().rev().any(|b| {
            b.player == o.player
                && b.building.code == building.code
                && o.ms.saturating_sub(b.ms) <= SAME_TIME_MS
                && distance(b.at, at) <= SAME_PLACE
        });
        if !again {
            out.push(Build {
                ms: o.ms,
                player: o.player,
                building,
                at,
            });
        }
    }
    out
}

/// Where each player shows where it began: its first placements, or for
/// a player who placed nothing, where it sent workers in the first
/// seconds (orders on an object, 0x12: to mine at its main).
fn evidence(replay: &Replay, builds: &[Build]) -> Vec<(u8, [f32; 2])> {
    let mut out: Vec<(u8, [f32; 2])> = Vec::new();
    for b in builds {
        if out.iter().filter(|e| e.0 == b.player).count() < FIRST_BUILDINGS {
            out.push((b.player, b.at));
        }
    }
    for o in replay
        .orders
        .iter()
        .filter(|o| o.action == 0x12 && o.ms < EARLY_MS)
    {
        if !builds.iter().any(|b| b.player == o.player) && !out.iter().any(|e| e.0 == o.player) {
            out.push((o.player, [o.x, o.y]));
        }
    }
    out
}

/// Which start location each player began at: the one most of the places
/// that show it ([`evidence`]) lie at home of (nearest the first, between
/// equals), each start given once, the surest first. Where as many
/// players as start locations play, one left without a sign takes the
/// one start left.
fn assign_starts(
    playing: &[u8],
    evidence: &[(u8, [f32; 2])],
    starts: &[([f32; 2], i32)],
) -> Vec<(u8, Option<usize>)> {
    // (places at home of the start, distance of the first from it).
    let mut candidates: Vec<(usize, f32, u8, usize)> = Vec::new();
    for &p in playing {
        let first: Vec<[f32; 2]> = evidence.iter().filter(|e| e.0 == p).map(|e| e.1).collect();
        let Some(&lead) = first.first() else {
            continue;
        };
        for (s, start) in starts.iter().enumerate() {
            let home = first
                .iter()
                .filter(|&&b| distance(b, start.0) <= HOME_REACH)
                .count();
            if home > 0 {
                candidates.push((home, distance(lead, start.0), p, s));
            }
        }
    }
    candidates.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.total_cmp(&b.1)));
    let mut out: Vec<(u8, Option<usize>)> = playing.iter().map(|&p| (p, None)).collect();
    let mut taken = vec![false; starts.len()];
    for (_, _, p, s) in candidates {
        let slot = out
            .iter_mut()
            .find(|(id, _)| *id == p)
            .expect("a playing player");
        if slot.1.is_none() && !taken[s] {
            slot.1 = Some(s);
            taken[s] = true;
        }
    }
    let unknown: Vec<usize> = (0..out.len()).filter(|&i| out[i].1.is_none()).collect();
    let free: Vec<usize> = (0..starts.len()).filter(|&s| !taken[s]).collect();
    if playing.len() == starts.len() && unknown.len() == 1 && free.len() == 1 {
        out[unknown[0]].1 = Some(free[0]);
    }
    out
}

/// The first town hall each player ordered at each mine that is not the
/// main of the start location it began at.
fn expansions(game: &Game) -> Vec<Expansion> {
    let mut out: Vec<Expansion> = Vec::new();
    for b in game.builds.iter().filter(|b| b.building.town_hall) {
        let Some(mine) = game.mine_at(b.at) else {
            continue;
        };
        let main = game.start_of(b.player).and_then(|s| game.homes[s].main);
        let known = out.iter().any(|e| e.player == b.player && e.mine == mine);
        if main != Some(mine) && !known {
            out.push(Expansion {
                player: b.player,
                ms: b.ms,
                mine,
                at: b.at,
                building: b.building,
            });
        }
    }
    out
}

impl Game {
    /// `at` as a player would name it, for player `id`: a town hall by its
    /// mine ("gold mine 5, the natural", "gold mine 2, player 3's main"),
    /// anything else by the home it is in ("at home", "near player 2's
    /// start") or the mine it is by ("by gold mine 5, the natural"), else
    /// its position. Mines and players numbered from 1, as `analyze`
    /// numbers them.
    pub fn place(&self, at: [f32; 2], id: u8, town_hall: bool) -> String {
        let own = self.start_of(id);
        let mine = self.mine_at(at).map(|m| self.mine_name(m, own));
        if let (true, Some(m)) = (town_hall, &mine) {
            return m.clone();
        }
        match (self.home_at(at), mine) {
            (Some(s), _) if Some(s) == own => "at home".to_string(),
            (Some(s), _) => format!("near player {}'s start", self.start_locations[s].1 + 1),
            (None, Some(m)) => format!("by {m}"),
            (None, None) => format!("({:.0}, {:.0})", at[0], at[1]),
        }
    }

    /// "gold mine 5, the natural" for the player at start `own`.
    fn mine_name(&self, m: usize, own: Option<usize>) -> String {
        let role = self.homes.iter().enumerate().find_map(|(s, h)| {
            let mine = Some(s) == own;
            if h.main == Some(m) {
                let free = match self.starts.iter().any(|p| p.1 == Some(s)) {
                    true => "",
                    false => " (a free start)",
                };
                Some(match mine {
                    true => "the main".to_string(),
                    false => format!("player {}'s main{free}", self.start_locations[s].1 + 1),
                })
            } else {
                (h.natural == Some(m) && mine).then(|| "the natural".to_string())
            }
        });
        match role {
            Some(r) => format!("gold mine {}, {r}", m + 1),
            None => format!("gold mine {}", m + 1),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::w3g::{Order, Player, Race, Replay};

    fn order(ms: u32, player: u8, code: &[u8; 4], x: f32, y: f32) -> Order {
        Order {
            ms,
            player,
            action: 0x11,
            ability_flags: 0x40,
            order_id: u32::from_be_bytes(*code),
            x,
            y,
            object: None,
            second: None,
        }
    }

    fn player(id: u8, observer: bool) -> Player {
        Player {
            id,
            name: format!("p{id}"),
            clan: None,
            race: Race::Human,
            race_played: None,
            team: id,
            colour: id,
            is_computer: false,
            is_observer: observer,
            ai_strength: 1,
            handicap: 100,
            slot: usize::from(id),
            apm: 0,
            apm_actions: 0,
        }
    }

    /// Four start locations at the corners of a 4000-unit square, each with
    /// its mine 600 units east, and a fifth mine (the natural of the two
    /// western starts) on the west edge's middle.
    fn game(orders: Vec<Order>) -> Game {
        let replay = Replay {
            players: vec![player(1, false), player(2, false), player(3, true)],
            orders,
            ..crate::formats::w3g::decode(&crate::formats::w3g::write::replay(
                crate::formats::w3g::write::Sample::new(10032, 6114),
            ))
            .expect("the sample replay decodes")
        };
        let corners = [
            [-2000.0, 2000.0],
            [2000.0, 2000.0],
            [-2000.0, -2000.0],
            [2000.0, -2000.0],
        ];
        let starts: Vec<([f32; 2], i32)> = corners
            .iter()
            .enumerate()
            .map(|(i, &c)| (c, i as i32))
            .collect();
        let mut mines: Vec<[f32; 2]> = corners.iter().map(|c| [c[0] + 600.0, c[1]]).collect();
        mines.push([-2000.0, 0.0]);
        let homes = homes(&starts, &mines, None);
        let builds = builds(&replay);
        let starts_of = assign_starts(&[1, 2], &evidence(&replay, &builds), &starts);
        let mut g = Game {
            start_locations: starts,
            mines,
            homes,
            starts: starts_of,
            builds,
            expansions: Vec::new(),
        };
        g.expansions = expansions(&g);
        g
    }

    #[test]
    fn players_start_where_their_first_buildings_go_and_expand_at_other_mines() {
        let g = game(vec![
            // Player 2 sends a proxy barracks to player 1's corner first.
            order(5_000, 2, b"hbar", -1700.0, -1800.0),
            order(9_000, 1, b"hhou", -1800.0, -1700.0),
            order(9_500, 1, b"hhou", -1800.0, -1700.0),
            order(12_000, 2, b"hhou", 1800.0, 1700.0),
            order(14_000, 1, b"halt", -2200.0, -2300.0),
            order(15_000, 2, b"halt", 2200.0, 2300.0),
            order(20_000, 1, b"hbar", -2300.0, -1700.0),
            // Player 1's town hall at its natural (the west edge's mine),
            // ordered twice, then one at its own main (no expansion).
            order(250_000, 1, b"htow", -2000.0, 500.0),
            order(260_000, 1, b"htow", -2000.0, 500.0),
            order(300_000, 1, b"htow", -1400.0, -2600.0),
            // Player 2 takes the north-west start's mine (nobody's there).
            order(400_000, 2, b"htow", -1400.0, 2600.0),
        ]);
        assert_eq!(g.starts, vec![(1, Some(2)), (2, Some(1))]);
        assert_eq!(
            g.builds
                .iter()
                .filter(|b| b.player == 1 && b.building.name == "farm")
                .count(),
            1
        );
        let taken: Vec<(u8, u32, usize)> = g
            .expansions
            .iter()
            .map(|e| (e.player, e.ms, e.mine))
            .collect();
        assert_eq!(taken, vec![(1, 250_000, 4), (2, 400_000, 0)]);
        assert_eq!(
            g.place([-2000.0, 500.0], 1, true),
            "gold mine 5, the natural"
        );
        assert_eq!(
            g.place([-2000.0, 0.0], 1, false),
            "by gold mine 5, the natural"
        );
        assert_eq!(
            g.place([-1400.0, 2600.0], 2, true),
            "gold mine 1, player 1's main (a free start)"
        );
        assert_eq!(g.place([2300.0, 2000.0], 2, true), "gold mine 2, the main");
        assert_eq!(g.place([2300.0, 2000.0], 2, false), "at home");
        assert_eq!(g.place([1800.0, 1000.0], 2, false), "at home");
        assert_eq!(
            g.place([-2600.0, -1400.0], 2, false),
            "near player 3's start"
        );
        assert_eq!(g.place([0.0, 0.0], 2, false), "(0, 0)");
    }

    #[test]
    fn a_player_with_no_buildings_has_no_start_and_observers_none_at_all() {
        let g = game(vec![order(9_000, 1, b"hhou", 1800.0, -1700.0)]);
        assert_eq!(g.starts, vec![(1, Some(3)), (2, None)]);
        assert_eq!(g.start_of(3), None);
    }
}
