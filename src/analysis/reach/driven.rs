//! Players driven through the physics along the search's moves: a witness
//! (the script that takes a player to a place), the known moves backwards,
//! a player spawned as the servers spawn one, centred on a column, stepped
//! on by the search's moves, and a best-first search over such players to
//! a place. What `witness.rs` and `flow.rs` both build on.

use super::drive::{Drive, Push};
use super::graph::{Graph, DEADLY};
use super::moves::{self, DIRECTIONS, MOVES};
use crate::walk::player::Keys;
use crate::walk::script::Stretch;
use crate::walk::walker::SPAWN_ABOVE;
use crate::walk::{Player, Script};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
/// A place a team reaches, with the way there.
#[derive(Debug, Clone)]
pub struct Witness {
    /// Why it was chosen: "highest" or "spread".
    pub why: &'static str,
    /// The place: its column and floor.
    pub place: [i32; 3],
    /// The player's `p` at the script's end.
    pub position: [f32; 3],
    pub script: Script,
    /// Fall damage taken on the way (under a player's health).
    pub damage: i32,
}

impl Witness {
    /// The health a player spawned with 100 has left at the end.
    pub fn health_left(&self) -> i32 {
        DEADLY - self.damage
    }

    /// The ticks its script takes.
    pub fn ticks(&self) -> u64 {
        self.script.stretches.iter().map(|s| s.ticks as u64).sum()
    }

    /// The seconds its script takes, at the servers' tick.
    pub fn seconds(&self) -> f64 {
        self.ticks() as f64 * crate::walk::player::TICK
    }
}

/// How many moves farther from its target than its spawn a witness's
/// search may go (a best-first search toward the target seldom goes
/// farther at all).
const BEYOND: u32 = 64;

/// How far off a column's middle a player may start a move.
const OFF_MIDDLE: f32 = 0.2;

/// The known moves backwards: for each place, the places with a move to it.
/// Every team's: the moves from a place a team reaches lead only to places
/// it reaches, so its ways back are the same among all of them.
pub struct Back {
    starts: Vec<u32>,
    from: Vec<u32>,
}

impl Back {
    pub fn of(graph: &Graph) -> Back {
        let n = graph.places.len();
        let mut count = vec![0u32; n + 1];
        let known = |i: u32| graph.known(i).unwrap_or(&[]);
        for i in 0..n as u32 {
            for e in known(i) {
                count[e.to as usize + 1] += 1;
            }
        }
        for i in 0..n {
            count[i + 1] += count[i];
        }
        let mut fill = count.clone();
        let mut from = vec![0; count[n] as usize];
        for i in 0..n as u32 {
            for e in known(i) {
                from[fill[e.to as usize] as usize] = i;
                fill[e.to as usize] += 1;
            }
        }
        Back {
            starts: count,
            from,
        }
    }

    /// Moves needed from each place to the nearest of `targets`.
    pub fn moves_to_any(&self, targets: &[u32]) -> Vec<u32> {
        self.moves_to_until(targets, |_| false)
    }

    /// Moves needed to the nearest of `targets` from each place up to
    /// [`BEYOND`] moves farther than the nearest place where `stop` holds
    /// (`u32::MAX` from most places farther still): a witness's search
    /// keeps near the way from its spawn, so the walk backwards need not
    /// cover the whole map.
    pub fn moves_to_until(&self, targets: &[u32], stop: impl Fn(u32) -> bool) -> Vec<u32> {
        let n = self.starts.len() - 1;
        let mut d = vec![u32::MAX; n];
        for &t in targets {
            d[t as usize] = 0;
        }
        let mut last = u32::MAX;
        let mut queue: std::collections::VecDeque<u32> = targets.iter().copied().collect();
        while let Some(i) = queue.pop_front() {
            if d[i as usize] > last {
                break;
            }
            if last == u32::MAX && stop(i) {
                last = d[i as usize].saturating_add(BEYOND);
            }
            let r = self.starts[i as usize] as usize..self.starts[i as usize + 1] as usize;
            for &j in &self.from[r] {
                if d[j as usize] == u32::MAX {
                    d[j as usize] = d[i as usize] + 1;
                    queue.push_back(j);
                }
            }
        }
        d
    }
}

/// A player on the way: where it stands, and the input since the state it
/// came from.
struct State {
    parent: usize,
    player: Player,
    place: u32,
    /// The move into `place` (as `Edge::how`).
    how: u8,
    stretches: Vec<Stretch>,
    damage: i32,
}

/// Where a [`best_first`] search came: the player and its place, the
/// input from where it began, the damage so far, and the way (each place
/// after the first with the move into it).
pub(super) struct Found {
    pub player: Player,
    pub place: u32,
    pub stretches: Vec<Stretch>,
    pub damage: i32,
    pub way: Vec<(u32, u8)>,
}

/// A best-first search over players really driven through the physics,
/// from `from` (a player at rest, its place and the damage so far) to a
/// place where `goal` holds, nearest by `d` (moves to go) first, then
/// least hurt; at most `budget` players stepped from.
pub(super) fn best_first(
    graph: &Graph,
    d: &[u32],
    from: (Player, u32, i32),
    mut budget: u32,
    goal: impl Fn(u32) -> bool,
) -> Option<Found> {
    let (player, place, damage) = from;
    if damage >= DEADLY {
        return None;
    }
    let mut states = vec![State {
        parent: usize::MAX,
        player,
        place,
        how: 0,
        stretches: Vec::new(),
        damage,
    }];
    let mut seen = rustc_hash::FxHashSet::default();
    seen.insert(place);
    let mut queue = BinaryHeap::from([Reverse((d[place as usize], damage, 0usize))]);
    let end = loop {
        let Reverse((_, _, i)) = queue.pop()?;
        if goal(states[i].place) {
            break i;
        }
        budget = budget.checked_sub(1)?;
        for (player, place, how, stretches, damage) in steps(graph, &states[i], d) {
            let damage = states[i].damage + damage;
            if damage < DEADLY && seen.insert(place) {
                queue.push(Reverse((d[place as usize], damage, states.len())));
                states.push(State {
                    parent: i,
                    player,
                    place,
                    how,
                    stretches,
                    damage,
                });
            }
        }
    };
    let mut chain = vec![end];
    while states[*chain.last()?].parent != usize::MAX {
        chain.push(states[*chain.last()?].parent);
    }
    chain.reverse();
    Some(Found {
        player: states[end].player,
        place: states[end].place,
        stretches: chain
            .iter()
            .flat_map(|&i| states[i].stretches.iter().copied())
            .collect(),
        damage: states[end].damage,
        way: chain[1..]
            .iter()
            .map(|&i| (states[i].place, states[i].how))
            .collect(),
    })
}

/// A player spawned over `place`'s column as the servers spawn one, and
/// settled: where it was placed, and its drive.
pub(super) fn spawned<'a>(graph: &Graph<'a>, place: u32) -> Option<([f32; 3], Drive<'a>)> {
    let (sx, sy) = graph.places.column_of(place);
    let top = graph.map.top_from(sx, sy, 0)?;
    let start = [sx as f32 + 0.5, sy as f32 + 0.5, top as f32 - SPAWN_ABOVE];
    let mut drive = Drive::new(graph.map, start);
    drive.settle([1.0, 0.0, 0.0], 200);
    Some((start, drive))
}

/// The witness of a drive from `start` that has come to place `end`:
/// `None` where the player does not stand on it, or not alive.
pub(super) fn arrived(
    graph: &Graph,
    drive: Drive,
    start: [f32; 3],
    end: u32,
    why: &'static str,
) -> Option<Witness> {
    let places = &graph.places;
    if places.under(drive.player.p, drive.player.feet()) != Some(end) || drive.damage >= DEADLY {
        return None;
    }
    let (x, y) = places.column_of(end);
    Some(Witness {
        why,
        place: [x, y, places.floors[end as usize] as i32],
        position: drive.player.p,
        damage: drive.damage,
        script: Script {
            start,
            stretches: drive.stretches,
        },
    })
}

/// The players one step on from `from`: back to the middle of its column,
/// then each of the search's moves from there that lead nearer the target
/// (`d`: moves to go), or, where none arrives nearer, every move.
fn steps(graph: &Graph, from: &State, d: &[u32]) -> Vec<(Player, u32, u8, Vec<Stretch>, i32)> {
    let places = &graph.places;
    let mut base = Drive::from(graph.map, from.player);
    centre(&mut base, places.column_of(from.place));
    let Some(at) = places.under(base.player.p, base.player.feet()) else {
        return Vec::new();
    };
    let here = d[at as usize];
    let try_move = |(m, dir): (moves::Move, [i32; 2])| {
        let mut trial = base.clone();
        let ok = moves::run(&mut trial, m, dir);
        let p = places.under(trial.player.p, trial.player.feet())?;
        (ok && d[p as usize] != u32::MAX && p != from.place).then_some((
            trial.player,
            p,
            moves::how(m, dir),
            trial.stretches,
            trial.damage,
        ))
    };
    let known: Vec<_> = graph
        .known(at)
        .unwrap_or(&[])
        .iter()
        .filter(|e| d[e.to as usize] < here)
        .map(|e| e.step())
        .collect();
    let nearer: Vec<_> = known
        .into_iter()
        .filter_map(try_move)
        .filter(|s| d[s.1 as usize] < here)
        .collect();
    if !nearer.is_empty() {
        return nearer;
    }
    MOVES
        .iter()
        .flat_map(|&m| DIRECTIONS.iter().map(move |&dir| (m, dir)))
        .filter_map(try_move)
        .collect()
}

/// Steps toward the middle of column `c` until within [`OFF_MIDDLE`] of it
/// (three tries): a forward push of k ticks coasts about 0.133 k columns.
pub(super) fn centre(drive: &mut Drive, c: (i32, i32)) {
    for _ in 0..3 {
        let p = drive.player.p;
        let off = [c.0 as f32 + 0.5 - p[0], c.1 as f32 + 0.5 - p[1]];
        let far = (off[0] * off[0] + off[1] * off[1]).sqrt();
        if far < OFF_MIDDLE {
            return;
        }
        // Whole 1024ths, so the script says the look exactly.
        let q = |v: f32| (v / far * 1024.0).round() / 1024.0;
        let look = [q(off[0]), q(off[1]), 0.0];
        let push = Push {
            keys: Keys {
                forward: true,
                ..Keys::default()
            },
            jump: false,
            look,
        };
        let ticks = ((far / 0.133).round() as u32).max(1);
        for _ in 0..ticks {
            drive.tick(push);
        }
        drive.settle(look, 400);
    }
}
