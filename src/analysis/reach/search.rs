//! Which places each team reaches from its spawn area, and the way there:
//! a breadth-first search over the moves (fewest moves first), from every
//! column the servers may spawn the team's players on.

use super::graph::Graph;
use crate::walk::Solids;
use std::collections::VecDeque;

/// Not reached.
pub const NONE: u32 = u32::MAX;
/// Reached as a spawn.
pub const SPAWN: u32 = u32::MAX - 1;

/// A team's spawn area, (x, y) corners as the map gives them.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamArea {
    pub team: u8,
    pub label: String,
    pub min: [f32; 2],
    pub max: [f32; 2],
}

/// What a team reaches: for each place, the place it was reached from
/// (`NONE`, `SPAWN`) and the move that did it.
pub struct Reached {
    pub from: Vec<u32>,
    pub how: Vec<u8>,
    /// The places the team spawns on.
    pub spawns: Vec<u32>,
}

impl Reached {
    pub fn has(&self, i: u32) -> bool {
        self.from[i as usize] != NONE
    }

    /// The places from a spawn to `i`, in order (`i` last).
    pub fn way(&self, i: u32) -> Vec<u32> {
        let mut way = vec![i];
        let mut at = i;
        while self.from[at as usize] < SPAWN {
            at = self.from[at as usize];
            way.push(at);
        }
        way.reverse();
        way
    }
}

/// The columns the servers spawn a team on in `[min, max)`: those with land
/// (solid just above the sea), all of them where there is none (see
/// `walk::spawn`).
pub fn spawn_columns(map: &Solids, area: &TeamArea) -> Vec<(i32, i32)> {
    let [w, l, d] = map.dims().map(|v| v as i32);
    let clamp = |v: f32, n: i32| (v.floor() as i32).clamp(0, n - 1);
    let (x1, x2) = (clamp(area.min[0], w), clamp(area.max[0], w));
    let (y1, y2) = (clamp(area.min[1], l), clamp(area.max[1], l));
    let all: Vec<(i32, i32)> = (y1..y2)
        .flat_map(|y| (x1..x2).map(move |x| (x, y)))
        .collect();
    let land: Vec<(i32, i32)> = all
        .iter()
        .copied()
        .filter(|&(x, y)| map.solid(x, y, d - 2))
        .collect();
    if land.is_empty() {
        all
    } else {
        land
    }
}

/// Searches from the team's spawn columns.
pub fn reach(graph: &mut Graph, area: &TeamArea) -> Reached {
    let n = graph.places.len();
    let mut r = Reached {
        from: vec![NONE; n],
        how: vec![0; n],
        spawns: Vec::new(),
    };
    let mut queue = VecDeque::new();
    for (x, y) in spawn_columns(graph.map, area) {
        if let Some(i) = graph.places.top(x, y) {
            if r.from[i as usize] == NONE {
                r.from[i as usize] = SPAWN;
                r.spawns.push(i);
                queue.push_back(i);
            }
        }
    }
    while let Some(i) = queue.pop_front() {
        let edges: Vec<_> = graph.edges(i).to_vec();
        for e in edges {
            if r.from[e.to as usize] == NONE {
                r.from[e.to as usize] = i;
                r.how[e.to as usize] = e.how;
                queue.push_back(e.to);
            }
        }
    }
    r
}
