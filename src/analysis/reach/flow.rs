//! Witness routes as a player walks them. The search's moves each start
//! and end at rest in the middle of a column, so a way made of them is a
//! stop-start chain: a long walk is dozens of one-column steps, each
//! followed by a coast to a stop. Here each stretch of plain walks is
//! walked in one go instead, forward held and the look turned along the
//! way a couple of columns ahead, and only the moves that need a stop
//! (jumps, leaps off an edge) are made as the search made them.
//!
//! The walk is checked as it runs: it must come to each place of the
//! stretch in turn, never stand at another height than the way's, and
//! stop on the stretch's last place. Where it strays, the part before is
//! walked in one go and the trouble move by move, so the result is always
//! a route the physics makes, driven whole from the spawn.

use super::drive::Drive;
use super::driven::{arrived, best_first, centre, spawned, Back, Witness};
use super::graph::{Graph, DEADLY};
use super::moves::{self, Move, DIRECTIONS, MOVES};

/// How many places ahead along the way the walker looks.
const AHEAD: usize = 2;
/// Ticks a walk may go without coming to the next place of its way.
const STALLED: u32 = 48;
/// The look turns in steps of a 64th of a turn, and only when the way
/// bends by more than `TURN` steps, so a script has few lines.
const STEPS: f32 = 64.0;
const TURN: f32 = 0.75;
/// A walk lets go this far short of its last place's middle (as a move's
/// walk does), so that the coast ends inside that column.
const SHORT: f32 = 0.1;

/// The route along `way` (a spawn place, then each place with the move
/// into it, as `Quickest::way` gives it) walked as a player would:
/// `None` where the physics does not take the player to the way's end
/// alive.
pub fn flowing(
    graph: &Graph,
    back: &Back,
    way: &[(u32, u8)],
    why: &'static str,
) -> Option<Witness> {
    let places = &graph.places;
    let (first, _) = *way.first()?;
    let (start, mut drive) = spawned(graph, first)?;
    let on = |drive: &Drive| places.under(drive.player.p, drive.player.feet());
    let walk = |how: u8| MOVES[how as usize / 8] == Move::Walk;
    // Before the last walk in one go: where to come back to, walking that
    // stretch move by move, if a move after it ends off the way (a jump
    // or a leap can land elsewhere from another spot of its column).
    let mut saved: Option<(Drive, usize)> = None;
    let mut one_by_one: Option<usize> = None;
    let mut i = 1;
    while i < way.len() {
        if on(&drive) == Some(way[i - 1].0) && drive.damage < DEADLY {
            // way[i..k]: plain walks, walked in one go where there are two
            // or more (else, or where that strays, move by move).
            let k = (i..way.len())
                .find(|&k| !walk(way[k].1))
                .unwrap_or(way.len());
            if k - i >= 2 && one_by_one != Some(i) {
                saved = Some((drive.clone(), i));
                match walk_along(&drive, graph, &way[i - 1..k]) {
                    Ok(d) => {
                        (drive, i) = (d, k);
                        continue;
                    }
                    // n places came to: up to the one before the last of
                    // them in one go (two walks at least), then move by
                    // move.
                    Err(n) if n >= 4 => {
                        if let Ok(d) = walk_along(&drive, graph, &way[i - 1..i + n - 2]) {
                            (drive, i) = (d, i + n - 2);
                            continue;
                        }
                    }
                    Err(_) => {}
                }
            }
            if let Some(d) = one_move(&drive, graph, way[i - 1].0, way[i]) {
                (drive, i) = (d, i + 1);
                continue;
            }
            // The move lands elsewhere from here: a way of its own back
            // to one of the next places.
            if let Some(j) = rejoin(&mut drive, graph, back, way, i) {
                i = j + 1;
                continue;
            }
        }
        // Off the way: back to before the last walk in one go, to walk
        // it move by move.
        let (d, j) = saved.take()?;
        (drive, i, one_by_one) = (d, j, Some(j));
    }
    let (end, _) = *way.last()?;
    arrived(graph, drive, start, end, why)
}

/// How many places on along the way a rejoining search may aim for, and
/// how many players it may step from.
const REJOIN: usize = 8;
const REJOIN_BUDGET: u32 = 160;

/// From the player standing on `way[i - 1]`'s place, where the way's
/// next move fails, a search of its own (as a witness's) to one of the
/// next places of the way: the index of the place it came to, the drive
/// gone on there.
fn rejoin(
    drive: &mut Drive,
    graph: &Graph,
    back: &Back,
    way: &[(u32, u8)],
    i: usize,
) -> Option<usize> {
    let here = way[i - 1].0;
    let ahead: Vec<u32> = way[i..(i + REJOIN).min(way.len())]
        .iter()
        .map(|w| w.0)
        .collect();
    let d = back.moves_to_until(&ahead, |p| p == here);
    let from = (drive.player, here, drive.damage);
    let found = best_first(graph, &d, from, REJOIN_BUDGET, |p| ahead.contains(&p))?;
    let j = i + ahead.iter().rposition(|&p| p == found.place)?;
    drive.player = found.player;
    drive.damage = found.damage;
    drive.stretches.extend(found.stretches);
    Some(j)
}

/// Little pushes that move a player resting in a column's middle a
/// tenth of a column or so: a tick toward each of the eight directions.
const NUDGES: usize = 8;

/// The move `to.1` from place `from` to place `to.0`, made from the middle
/// of `from`'s column as the search made it. The search ran it from the
/// very middle; a player only comes within a fifth of a column of it, and
/// a jump or a leap off an edge can land elsewhere from another spot. So
/// where it does, it is tried again from a spot a little push away.
fn one_move<'a>(drive: &Drive<'a>, graph: &Graph, from: u32, to: (u32, u8)) -> Option<Drive<'a>> {
    let places = &graph.places;
    let on = |d: &Drive| places.under(d.player.p, d.player.feet());
    let column = places.column_of(from);
    let (m, dir) = (MOVES[to.1 as usize / 8], DIRECTIONS[to.1 as usize % 8]);
    let mut base = drive.clone();
    centre(&mut base, column);
    (0..=NUDGES).find_map(|k| {
        let mut d = base.clone();
        if k > 0 {
            let look = moves::look(DIRECTIONS[k - 1]);
            d.tick(moves::forward(look, false));
            d.settle(look, 400);
        }
        let ran = on(&d) == Some(from) && moves::run(&mut d, m, dir);
        (ran && on(&d) == Some(to.0) && d.damage < DEADLY).then_some(d)
    })
}

/// Walks from rest on `way[0]`'s place through each place after it
/// without stopping, and stops on the last. `Err(n)`: it strayed after
/// coming to `way[n - 1]` (n places of the way reached, the first
/// counted).
fn walk_along<'a>(from: &Drive<'a>, graph: &Graph, way: &[(u32, u8)]) -> Result<Drive<'a>, usize> {
    let places = &graph.places;
    let mut drive = from.clone();
    let middle = |i: usize| {
        let (x, y) = places.column_of(way[i].0);
        [x as f32 + 0.5, y as f32 + 0.5]
    };
    let floor = |i: usize| places.floors[way[i].0 as usize];
    let last = way.len() - 1;
    // The furthest place of the way come to, and ticks since.
    let (mut came, mut stalled) = (0, 0);
    let mut angle: Option<f32> = None;
    let mut look = [1.0, 0.0, 0.0];
    loop {
        if !drive.player.airborne {
            if let Some(p) = places.under(drive.player.p, drive.player.feet()) {
                let window = came + 1..=(came + AHEAD + 2).min(last);
                if let Some(j) = window.into_iter().find(|&j| way[j].0 == p) {
                    (came, stalled) = (j, 0);
                } else if p != way[came].0 && places.floors[p as usize] != floor(came) {
                    // Up or down where the way does not go.
                    return Err(came + 1);
                }
            }
        }
        if came == last || drive.damage >= DEADLY || stalled > STALLED {
            break;
        }
        let aim = middle((came + AHEAD).min(last));
        let p = drive.player.p;
        let (dx, dy) = (aim[0] - p[0], aim[1] - p[1]);
        // Near the last place: let go where the coast ends in its middle.
        if came + AHEAD >= last && !drive.player.airborne && coasts_to(&drive, aim, look) {
            break;
        }
        let want = dy.atan2(dx) / std::f32::consts::TAU * STEPS;
        let turn = angle.is_none_or(|a| {
            let d = (want - a).rem_euclid(STEPS);
            d.min(STEPS - d) > TURN
        });
        if turn {
            let a = want.round();
            let r = a / STEPS * std::f32::consts::TAU;
            // Whole 1024ths, so the script says the look exactly.
            let q = |v: f32| (v * 1024.0).round() / 1024.0;
            (angle, look) = (Some(a), [q(r.cos()), q(r.sin()), 0.0]);
        }
        drive.tick(moves::forward(look, false));
        stalled += 1;
    }
    if drive.damage >= DEADLY || stalled > STALLED {
        return Err(came + 1);
    }
    drive.settle(look, 400);
    let (x, y) = places.column_of(way[last].0);
    let on = |d: &Drive| places.under(d.player.p, d.player.feet());
    if on(&drive) != Some(way[last].0) {
        centre(&mut drive, (x, y));
    }
    match on(&drive) == Some(way[last].0) && drive.damage < DEADLY {
        true => Ok(drive),
        false => Err(last),
    }
}

/// Whether a player letting go now coasts to rest at least as far as
/// [`SHORT`] short of `aim` along where it looks (it coasts 32/k times
/// its speed: k = 4 on a floor, 6 wading).
fn coasts_to(drive: &Drive, aim: [f32; 2], look: [f32; 3]) -> bool {
    let pl = &drive.player;
    let k = if pl.wade { 6.0 } else { 4.0 };
    let past = |i: usize| (pl.p[i] - aim[i]) + pl.v[i] * 32.0 / k;
    let along = past(0) * look[0] + past(1) * look[1];
    along >= -SHORT
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::reach::witness::along;
    use crate::walk::Solids;

    fn ground() -> Solids {
        Solids::flat(64, 64, 64, 40)
    }

    /// A way of plain walks from (4, 20) east to (24, 20), then south
    /// east to (28, 24) and south to (28, 30).
    fn way(graph: &Graph) -> Vec<(u32, u8)> {
        let place = |x, y| graph.places.at(x, y, 40).unwrap();
        let mut way = vec![(place(4, 20), 0)];
        let mut go = |from: (i32, i32), d: [i32; 2], n: i32| {
            for k in 1..=n {
                let at = place(from.0 + d[0] * k, from.1 + d[1] * k);
                way.push((at, moves::how(Move::Walk, d)));
            }
        };
        go((4, 20), [1, 0], 20);
        go((24, 20), [1, 1], 4);
        go((28, 24), [0, 1], 6);
        way
    }

    /// The walk goes on without stopping: in far fewer ticks and lines
    /// than the search's stop-start chain, and its script, replayed as
    /// `mapscope walk` replays it, ends where it says, on the way's end.
    #[test]
    fn plain_walks_are_walked_in_one_go() {
        let map = ground();
        let graph = Graph::new(&map);
        let back = Back::of(&graph);
        let way = way(&graph);
        let flowing = flowing(&graph, &back, &way, "test").expect("a flowing walk");
        let stopping = along(&graph, &way, "test").expect("the stop-start walk");
        assert!(
            flowing.ticks() * 2 < stopping.ticks(),
            "{} against {} ticks",
            flowing.ticks(),
            stopping.ticks()
        );
        assert!(
            flowing.script.stretches.len() * 2 < stopping.script.stretches.len(),
            "{} lines against {}",
            flowing.script.stretches.len(),
            stopping.script.stretches.len()
        );
        let end = flowing.script.replay(&map, |_, _, _| {});
        assert_eq!(end.p, flowing.position);
        assert_eq!(flowing.place, [28, 30, 40]);
        assert_eq!(flowing.damage, 0);
    }
}
