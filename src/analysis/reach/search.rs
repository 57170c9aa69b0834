//! Which places each team reaches from its spawn area, and the way there:
//! a breadth-first search over the moves (fewest moves first), from every
//! column the servers may spawn the team's players on.

use super::graph::Graph;
use std::collections::VecDeque;

/// Not reached.
pub const NONE: u32 = u32::MAX;
/// Reached as a spawn.
pub const SPAWN: u32 = u32::MAX - 1;

/// A team's spawn area, (x, y) corners as the map gives them.
#[derive(Debug, Clone, PartialEq)]
pub struct TeamArea {
    /// The team's index, from 0 (the servers' team ids).
    pub team: u8,
    pub label: String,
    pub min: [f32; 2],
    pub max: [f32; 2],
}

impl TeamArea {
    /// The team's number as servers' configurations name it (piqueserver's
    /// `team1` and `team2`), from 1: the one numbering of text and JSON.
    pub fn number(&self) -> u32 {
        self.team as u32 + 1
    }

    /// "team 1 (blue)", or "team 1" where its label says no more.
    pub fn name(&self) -> String {
        let n = self.number();
        match self.label.as_str() {
            l if l.is_empty() || l == format!("team {n}") => format!("team {n}"),
            l => format!("team {n} ({l})"),
        }
    }
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

/// Searches from the team's spawn columns.
pub fn reach(graph: &mut Graph, area: &TeamArea) -> Reached {
    let n = graph.places.len();
    let mut r = Reached {
        from: vec![NONE; n],
        how: vec![0; n],
        spawns: Vec::new(),
    };
    let mut queue = VecDeque::new();
    let mut columns = crate::walk::spawn::spawn_columns(graph.map, area.min, area.max);
    // Row by row, as places are numbered.
    columns.sort_unstable_by_key(|&(x, y)| (y, x));
    for (x, y) in columns {
        if let Some(i) = graph.places.top(x, y) {
            if r.from[i as usize] == NONE {
                r.from[i as usize] = SPAWN;
                r.spawns.push(i);
                queue.push_back(i);
            }
        }
    }
    while let Some(i) = queue.pop_front() {
        // Read where they lie (no copy a place): the search only reads
        // `r` while it walks them.
        for &e in graph.edges(i) {
            if r.from[e.to as usize] == NONE {
                r.from[e.to as usize] = i;
                r.how[e.to as usize] = e.how;
                queue.push_back(e.to);
            }
        }
    }
    r
}
