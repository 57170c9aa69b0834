//! Witnesses: for a place a team reaches, the input that takes a player
//! there from a spawn, as a `mapscope walk` script. The script is made by
//! driving one player the whole way through the physics (spawned as the
//! servers spawn it, settled, then each move of the search's way, stepping
//! back to the middle of a column first where a move left it off it), so
//! replaying it does exactly the same; a way that does not end where the
//! search said, or whose falls add up to a player's health, is given up
//! and another place is tried. The way found is then walked as a player
//! would (`flow.rs`), and that script kept where it is quicker.

use super::drive::{Drive, Push};
use super::fairness::ticks;
use super::flow::flowing;
use super::graph::{Graph, DEADLY};
use super::moves::{self, DIRECTIONS, MOVES};
use super::search::{Reached, SPAWN};
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

/// The witness for place `target`: from the team's spawn nearest it (in
/// moves), a best-first search over players really driven through the
/// physics, nearest the target (in the search's moves to go) first; each
/// step steps back to its column's middle, then tries the search's moves
/// that lead nearer, and every move where none of those does.
pub fn witness(
    graph: &Graph,
    reached: &Reached,
    back: &Back,
    target: u32,
    why: &'static str,
) -> Option<Witness> {
    let places = &graph.places;
    let d = back.moves_to_until(&[target], |i| reached.from[i as usize] == SPAWN);
    let first = *reached
        .spawns
        .iter()
        .filter(|&&s| d[s as usize] != u32::MAX)
        .min_by_key(|&&s| (d[s as usize], s))?;
    let (start, drive) = spawned(graph, first)?;
    let place = places.under(drive.player.p, drive.player.feet())?;
    let budget = d[first as usize].saturating_mul(4).saturating_add(100);
    let found = best_first(
        graph,
        &d,
        (drive.player, place, drive.damage),
        budget,
        |p| p == target,
    )?;
    let mut stretches = drive.stretches;
    stretches.extend(found.stretches);
    let goal = (found.player, found.damage);
    let (x, y) = places.column_of(target);
    let stopping = Witness {
        why,
        place: [x, y, places.floors[target as usize] as i32],
        position: goal.0.p,
        damage: goal.1,
        script: Script { start, stretches },
    };
    // The same way walked as a player would, where the physics makes it
    // and it is quicker.
    let mut way = vec![(place, 0)];
    way.extend(found.way);
    let f = flowing(graph, back, &way, why);
    quicker(f, Some(stopping))
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

/// The one of two witnesses to a place that takes fewer ticks (`a` where
/// they take as many).
pub fn quicker(a: Option<Witness>, b: Option<Witness>) -> Option<Witness> {
    match (a, b) {
        (Some(a), Some(b)) if ticks(&b) < ticks(&a) => Some(b),
        (Some(a), _) => Some(a),
        (None, b) => b,
    }
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

/// A witness that drives one player along `way` (a spawn place, then each
/// place with the move into it): spawned as the servers spawn it, centred
/// on each place's column, then the move. `None` where a move ends
/// elsewhere or the falls add up to a player's health.
pub fn along(graph: &Graph, way: &[(u32, u8)], why: &'static str) -> Option<Witness> {
    let places = &graph.places;
    let (first, _) = *way.first()?;
    let (start, mut drive) = spawned(graph, first)?;
    let on = |drive: &Drive| places.under(drive.player.p, drive.player.feet());
    let mut at = first;
    for &(next, how) in &way[1..] {
        if on(&drive) != Some(at) || drive.damage >= DEADLY {
            return None;
        }
        centre(&mut drive, places.column_of(at));
        let ran = on(&drive) == Some(at)
            && moves::run(
                &mut drive,
                MOVES[how as usize / 8],
                DIRECTIONS[how as usize % 8],
            );
        if !ran {
            return None;
        }
        at = next;
    }
    arrived(graph, drive, start, at, why)
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

/// `list` (in rising order) sorted by floor z, least first, then number:
/// a counting sort, as there are few floors and many places (a sort by
/// comparisons was a twentieth of vengi's whole analysis).
fn by_floor(list: &[u32], floors: &[u16]) -> Vec<u32> {
    let top = list.iter().map(|&i| floors[i as usize]).max().unwrap_or(0) as usize;
    let mut starts = vec![0usize; top + 2];
    for &i in list {
        starts[floors[i as usize] as usize + 1] += 1;
    }
    for k in 0..=top {
        starts[k + 1] += starts[k];
    }
    let mut out = vec![0u32; list.len()];
    for &i in list {
        let at = &mut starts[floors[i as usize] as usize];
        out[*at] = i;
        *at += 1;
    }
    out
}

/// Witnesses for a team: the `count` highest places it reaches (apart from
/// one another), then `count` spread over the map (each as far as can be
/// from the spawn and those before).
pub fn witnesses(graph: &Graph, reached: &Reached, back: &Back, count: usize) -> Vec<Witness> {
    let places = &graph.places;
    let reached_places: Vec<u32> = (0..places.len() as u32)
        .filter(|&i| reached.has(i))
        .collect();
    let mut out: Vec<Witness> = Vec::new();
    let apart = |a: [i32; 2], b: [i32; 2]| (a[0] - b[0]).abs().max((a[1] - b[1]).abs());
    let col = |i: u32| {
        let (x, y) = places.column_of(i);
        [x, y]
    };
    // The highest: the least floor z, 16 columns apart at least.
    let by_height = by_floor(&reached_places, &places.floors);
    let mut tries = 0;
    for &i in &by_height {
        if out.len() >= count || tries >= count * 4 {
            break;
        }
        if out
            .iter()
            .any(|w| apart([w.place[0], w.place[1]], col(i)) < 16)
        {
            continue;
        }
        tries += 1;
        if let Some(w) = witness(graph, reached, back, i, "highest") {
            out.push(w);
        }
    }
    // Spread: farthest from the spawn area's middle and the spread ones
    // so far, among every 4th column's reached places.
    let candidates: Vec<(u32, [i32; 2])> = reached_places
        .iter()
        .map(|&i| (i, col(i)))
        .filter(|(_, c)| c[0] % 4 == 0 && c[1] % 4 == 0)
        .collect();
    let spawn_cols: Vec<[i32; 2]> = reached.spawns.iter().map(|&s| col(s)).collect();
    let mean = |k: usize| {
        spawn_cols.iter().map(|c| c[k] as i64).sum::<i64>() / spawn_cols.len().max(1) as i64
    };
    let mut marks: Vec<[i32; 2]> = vec![[mean(0) as i32, mean(1) as i32]];
    let mut failed = Vec::new();
    let mut spread = 0;
    let mut tries = 0;
    while spread < count && tries < count * 4 {
        let best = candidates
            .iter()
            .filter(|(i, _)| !failed.contains(i))
            .max_by_key(|&&(i, c)| {
                let near = marks.iter().map(|&m| apart(m, c)).min().unwrap_or(0);
                (near, std::cmp::Reverse(i))
            });
        let Some(&(i, c)) = best else { break };
        tries += 1;
        match witness(graph, reached, back, i, "spread") {
            Some(w) => {
                marks.push(c);
                out.push(w);
                spread += 1;
            }
            None => failed.push(i),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn by_floor_is_a_sort_by_floor_then_number() {
        let floors: Vec<u16> = (0..500u32).map(|i| (i * 7919 % 61) as u16).collect();
        let list: Vec<u32> = (0..500).filter(|i| i % 3 != 0).collect();
        let mut sorted = list.clone();
        sorted.sort_by_key(|&i| (floors[i as usize], i));
        assert_eq!(by_floor(&list, &floors), sorted);
        assert!(by_floor(&[], &floors).is_empty());
    }
}
