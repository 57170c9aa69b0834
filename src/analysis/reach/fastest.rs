//! The quickest ways on foot: from a team's spawn places, by the ticks
//! each move takes from rest to rest (Dijkstra's algorithm over the same
//! moves the reachability search keeps), never on a way whose falls add
//! up to a player's health. Each place keeps its quickest way only (a
//! slower, less hurtful way to it is not kept), so a place reached only by
//! a quick way that hurts too much further on may be missed: the times
//! are those of ways the physics makes, not always the least.

use super::graph::{Graph, DEADLY};
use super::search::{NONE, SPAWN};
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// The quickest ways from a team's spawn places.
pub struct Quickest {
    /// For each place: the place before it on its way (`NONE`, `SPAWN`),
    /// the move from there, the ticks from a spawn and the fall damage.
    pub from: Vec<u32>,
    pub how: Vec<u8>,
    pub ticks: Vec<u32>,
    pub damage: Vec<u16>,
}

impl Quickest {
    /// The places from a spawn to `i` and the move into each (the
    /// spawn's own is unused), in order.
    pub fn way(&self, i: u32) -> Vec<(u32, u8)> {
        let mut way = vec![(i, self.how[i as usize])];
        let mut at = i;
        while self.from[at as usize] < SPAWN {
            at = self.from[at as usize];
            way.push((at, self.how[at as usize]));
        }
        way.reverse();
        way
    }

    /// The quickest reached of `targets`.
    pub fn nearest(&self, targets: &[u32]) -> Option<u32> {
        targets
            .iter()
            .copied()
            .filter(|&t| self.from[t as usize] != NONE)
            .min_by_key(|&t| (self.ticks[t as usize], t))
    }
}

/// The quickest ways from `spawns`.
pub fn quickest(graph: &mut Graph, spawns: &[u32]) -> Quickest {
    let n = graph.places.len();
    let mut q = Quickest {
        from: vec![NONE; n],
        how: vec![0; n],
        ticks: vec![u32::MAX; n],
        damage: vec![0; n],
    };
    let mut heap = BinaryHeap::new();
    for &s in spawns {
        q.from[s as usize] = SPAWN;
        q.ticks[s as usize] = 0;
        heap.push(Reverse((0u32, s)));
    }
    while let Some(Reverse((t, i))) = heap.pop() {
        if t != q.ticks[i as usize] {
            continue; // reached sooner since
        }
        let hurt = q.damage[i as usize];
        for &e in graph.edges(i) {
            let (ticks, damage) = (t + e.ticks as u32, hurt + e.damage);
            if (damage as i32) < DEADLY && ticks < q.ticks[e.to as usize] {
                let to = e.to as usize;
                (q.from[to], q.how[to], q.ticks[to], q.damage[to]) = (i, e.how, ticks, damage);
                heap.push(Reverse((ticks, e.to)));
            }
        }
    }
    q
}
