//! Witnesses: for a place a team reaches, the input that takes a player
//! there from a spawn, as a `mapscope walk` script. The script is made by
//! driving one player the whole way through the physics (spawned as the
//! servers spawn it, settled, then each move of the search's way, stepping
//! back to the middle of a column first where a move left it off it), so
//! replaying it does exactly the same; a way that does not end where the
//! search said, or whose falls add up to a player's health, is given up
//! and another place is tried. The way found is then walked as a player
//! would (`flow.rs`), and that script kept where it is quicker.

use super::drive::Drive;
use super::driven::{arrived, best_first, centre, spawned};
pub use super::driven::{Back, Witness};
use super::flow::flowing;
use super::graph::{Graph, DEADLY};
use super::moves::{self, DIRECTIONS, MOVES};
use super::search::{Reached, SPAWN};
use crate::walk::Script;

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

/// The one of two witnesses to a place that takes fewer ticks (`a` where
/// they take as many).
pub fn quicker(a: Option<Witness>, b: Option<Witness>) -> Option<Witness> {
    match (a, b) {
        (Some(a), Some(b)) if b.ticks() < a.ticks() => Some(b),
        (Some(a), _) => Some(a),
        (None, b) => b,
    }
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
