//! Which places each team reaches from its spawn area, and the way there:
//! a search over the moves by the least fall damage on the way (a player
//! has 100 health and heals none on the way: a way whose falls add up to
//! that kills, as the servers' `set_hp` does), fewest moves first among
//! ways as hurtful, from every column the servers may spawn the team's
//! players on.

use super::graph::{Graph, DEADLY};

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
/// (`NONE`, `SPAWN`) and the move that did it, on the least hurtful way.
pub struct Reached {
    pub from: Vec<u32>,
    pub how: Vec<u8>,
    /// The least fall damage on the way there (`u16::MAX`: not reached).
    pub damage: Vec<u16>,
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

/// Searches from the team's spawn columns: Dial's algorithm, a list of
/// places for each damage so far (0 to 99), each taken in the order it
/// came (so fewest moves first among ways as hurtful).
pub fn reach(graph: &mut Graph, area: &TeamArea) -> Reached {
    let n = graph.places.len();
    let mut r = Reached {
        from: vec![NONE; n],
        how: vec![0; n],
        damage: vec![u16::MAX; n],
        spawns: Vec::new(),
    };
    let mut levels: Vec<Vec<u32>> = vec![Vec::new(); DEADLY as usize];
    let mut columns = crate::walk::spawn::spawn_columns(graph.map, area.min, area.max);
    // Row by row, as places are numbered.
    columns.sort_unstable_by_key(|&(x, y)| (y, x));
    for (x, y) in columns {
        if let Some(i) = graph.places.top(x, y) {
            if r.from[i as usize] == NONE {
                r.from[i as usize] = SPAWN;
                r.damage[i as usize] = 0;
                r.spawns.push(i);
                levels[0].push(i);
            }
        }
    }
    for level in 0..DEADLY as usize {
        let mut k = 0;
        while k < levels[level].len() {
            let i = levels[level][k];
            k += 1;
            if r.damage[i as usize] as usize != level {
                continue; // reached with less damage since
            }
            for &e in graph.edges(i) {
                let damage = level + e.damage as usize;
                if damage < DEADLY as usize && damage < r.damage[e.to as usize] as usize {
                    r.from[e.to as usize] = i;
                    r.how[e.to as usize] = e.how;
                    r.damage[e.to as usize] = damage as u16;
                    levels[damage].push(e.to);
                }
            }
        }
        levels[level] = Vec::new();
    }
    r
}
