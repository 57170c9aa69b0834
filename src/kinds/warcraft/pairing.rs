//! Which object of the old map is which of the new, as a person would
//! pair them: start locations by their player; other objects first where
//! they stayed (same type, same place), then by type and nearest position
//! within [`Placed`]'s distance limit.
//!
//! The nearest pairs are taken greedily, shortest first (ties go to the
//! pair whose editor's creation numbers agree, so those numbers count only
//! where they agree with the positions). Greedy rather than an optimal
//! assignment: it is O(E log E) in the candidate pairs within the limit,
//! where a Hungarian assignment is O(n³) (a forest redrawn in Lost Temple
//! leaves 2,300 trees a side), and its result is stable: no two objects
//! left unpaired with each other are nearer each other than either is to
//! its partner, which is what "the nearest one" means to a reader.

use std::collections::HashMap;

/// One placed object, as compared.
pub struct Placed {
    pub kind: &'static str,
    pub id: [u8; 4],
    pub position: [f32; 3],
    pub editor_id: Option<i32>,
    /// The player, for start locations (paired by it) and ordering.
    pub owner: Option<i32>,
    /// As the file stores it (the field compared is rounded to what the
    /// editor sets): a difference below that is a slight one.
    pub scale: [f32; 3],
    pub fields: Vec<(&'static str, serde_json::Value)>,
}

impl Placed {
    fn same_type(&self, other: &Placed) -> bool {
        self.kind == other.kind && self.id == other.id
    }

    fn distance(&self, other: &Placed) -> f32 {
        let (dx, dy) = (
            self.position[0] - other.position[0],
            self.position[1] - other.position[1],
        );
        (dx * dx + dy * dy).sqrt()
    }
}

/// An old object's index and the new one's; `None` on the side it lacks.
pub type Pair = (Option<usize>, Option<usize>);

/// Below this (in either axis) an object stayed where it was: the editor
/// places by 1/64 of a unit at best.
pub const STAYED: f32 = 1.0 / 64.0;

/// Pairs `(old, new)` of the same object, then the old objects left
/// unpaired (`(Some(i), None)`), then the new ones. Objects farther apart
/// than `limit` are never paired: one that jumped across the map is
/// removed there and added here.
pub fn pairs(old: &[Placed], new: &[Placed], limit: f32) -> Vec<Pair> {
    let (mut old_taken, mut new_taken) = (vec![false; old.len()], vec![false; new.len()]);
    let mut out = Vec::new();
    fn take(taken: (&mut [bool], &mut [bool]), (i, j): (usize, usize), out: &mut Vec<Pair>) {
        taken.0[i] = true;
        taken.1[j] = true;
        out.push((Some(i), Some(j)));
    }
    // Start locations by player, where each player has one a side.
    let starts = |list: &[Placed]| {
        let mut by: HashMap<i32, Option<usize>> = HashMap::new();
        for (i, p) in list.iter().enumerate() {
            if let (Some(o), "start location") = (p.owner, p.kind) {
                by.entry(o).and_modify(|v| *v = None).or_insert(Some(i));
            }
        }
        by
    };
    let new_starts = starts(new);
    let mut by_player: Vec<(usize, usize)> = starts(old)
        .into_iter()
        .filter_map(|(o, i)| Some((i?, new_starts.get(&o).copied().flatten()?)))
        .collect();
    by_player.sort_unstable();
    for pair in by_player {
        take((&mut old_taken, &mut new_taken), pair, &mut out);
    }
    for pair in stayed(old, new, &old_taken, &new_taken) {
        take((&mut old_taken, &mut new_taken), pair, &mut out);
    }
    for (i, j) in nearest(old, new, limit, &old_taken, &new_taken) {
        if !old_taken[i] && !new_taken[j] {
            take((&mut old_taken, &mut new_taken), (i, j), &mut out);
        }
    }
    out.sort_unstable();
    out.extend(
        (0..old.len())
            .filter(|&i| !old_taken[i])
            .map(|i| (Some(i), None)),
    );
    out.extend(
        (0..new.len())
            .filter(|&j| !new_taken[j])
            .map(|j| (None, Some(j))),
    );
    out
}

/// Objects that stayed where they were (the same type under 1/128 unit
/// apart) where neither side has another of that type within 1/64 unit:
/// the pairs the greedy pass would take first, as its only candidates at
/// that distance, found without listing every candidate within the limit
/// (a forest gives hundreds a tree, and most of a map stays put).
fn stayed(
    old: &[Placed],
    new: &[Placed],
    old_taken: &[bool],
    new_taken: &[bool],
) -> Vec<(usize, usize)> {
    type Key = (&'static str, [u8; 4], i64, i64);
    let key = |p: &Placed, dx: i64, dy: i64| -> Key {
        let q = |v: f32| (v * 64.0).floor() as i64;
        (p.kind, p.id, q(p.position[0]) + dx, q(p.position[1]) + dy)
    };
    // Each 1/64-unit cell's objects of a type: how many a side, and one.
    let mut cells: rustc_hash::FxHashMap<Key, [(u32, usize); 2]> = Default::default();
    for (side, list, taken) in [(0, old, old_taken), (1, new, new_taken)] {
        for (i, p) in list.iter().enumerate().filter(|(i, _)| !taken[*i]) {
            let e = cells.entry(key(p, 0, 0)).or_insert([(0, 0); 2]);
            e[side] = (e[side].0 + 1, i);
        }
    }
    let alone = |p: &Placed| {
        (-1..=1)
            .flat_map(|dx| (-1..=1).map(move |dy| (dx, dy)))
            .filter(|&d| d != (0, 0))
            .all(|(dx, dy)| !cells.contains_key(&key(p, dx, dy)))
    };
    let mut out: Vec<(usize, usize)> = cells
        .values()
        .filter(|[(a, _), (b, _)]| *a == 1 && *b == 1)
        .map(|[(_, i), (_, j)]| (*i, *j))
        .filter(|&(i, j)| (old[i].distance(&new[j]) * 64.0).round() == 0.0 && alone(&old[i]))
        .collect();
    out.sort_unstable();
    out
}

/// Candidate pairs of the same type within `limit`, nearest first (ties:
/// agreeing creation numbers first), for the greedy pass to take in order.
fn nearest(
    old: &[Placed],
    new: &[Placed],
    limit: f32,
    old_taken: &[bool],
    new_taken: &[bool],
) -> Vec<(usize, usize)> {
    let cell = |p: &Placed| {
        let c = |v: f32| (v / limit.max(1.0)).floor() as i64;
        (c(p.position[0]), c(p.position[1]))
    };
    let mut grid: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    for (j, p) in new.iter().enumerate().filter(|(j, _)| !new_taken[*j]) {
        grid.entry(cell(p)).or_default().push(j);
    }
    let mut candidates: Vec<(u64, bool, usize, usize)> = Vec::new();
    for (i, p) in old.iter().enumerate().filter(|(i, _)| !old_taken[*i]) {
        let (cx, cy) = cell(p);
        for (dx, dy) in (-1..=1).flat_map(|a| (-1..=1).map(move |b| (a, b))) {
            for &j in grid.get(&(cx + dx, cy + dy)).into_iter().flatten() {
                let q = &new[j];
                let d = p.distance(q);
                if p.same_type(q) && d <= limit {
                    // In 1/64 units: the editor's finest step, and a total order.
                    let key = (d * 64.0).round() as u64;
                    let disagree = p.editor_id.is_none() || p.editor_id != q.editor_id;
                    candidates.push((key, disagree, i, j));
                }
            }
        }
    }
    candidates.sort_unstable();
    candidates.into_iter().map(|(_, _, i, j)| (i, j)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(kind: &'static str, x: f32, y: f32, owner: i32, editor_id: i32) -> Placed {
        Placed {
            kind,
            id: *b"test",
            position: [x, y, 0.0],
            editor_id: Some(editor_id),
            owner: Some(owner),
            scale: [1.0; 3],
            fields: Vec::new(),
        }
    }

    #[test]
    fn nearest_wins_over_creation_numbers_and_far_jumps_are_not_pairs() {
        // Two trees swapped numbers and each moved 10 units: paired by
        // place, not by number.
        let old = [at("tree", 0.0, 0.0, 0, 1), at("tree", 1000.0, 0.0, 0, 2)];
        let new = [at("tree", 1010.0, 0.0, 0, 1), at("tree", 10.0, 0.0, 0, 2)];
        assert_eq!(
            pairs(&old, &new, 512.0),
            [(Some(0), Some(1)), (Some(1), Some(0))]
        );
        // Equally near: the creation numbers decide.
        let old = [at("tree", 0.0, 0.0, 0, 1), at("tree", 20.0, 0.0, 0, 2)];
        let new = [at("tree", 10.0, 0.0, 0, 2), at("tree", 10.0, 0.0, 0, 1)];
        assert_eq!(
            pairs(&old, &new, 512.0),
            [(Some(0), Some(1)), (Some(1), Some(0))]
        );
        // Across the map: removed and added.
        let old = [at("tree", 0.0, 0.0, 0, 1)];
        let new = [at("tree", 5000.0, 0.0, 0, 1)];
        assert_eq!(pairs(&old, &new, 512.0), [(Some(0), None), (None, Some(0))]);
        // Start locations by player, however far.
        let old = [
            at("start location", 0.0, 0.0, 3, 1),
            at("start location", 900.0, 0.0, 4, 2),
        ];
        let new = [
            at("start location", 960.0, 0.0, 4, 1),
            at("start location", -64.0, 0.0, 3, 2),
        ];
        assert_eq!(
            pairs(&old, &new, 512.0),
            [(Some(0), Some(1)), (Some(1), Some(0))]
        );
    }
}
