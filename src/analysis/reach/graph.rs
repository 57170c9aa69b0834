//! The moves between standing places, found by running each move through
//! the servers' physics from the place, at rest in the middle of its
//! column. Most of a map repeats a few local shapes (flat ground, one-block
//! steps, a cliff's edge), so a move's result is kept by the shape of the
//! columns it can touch (32 voxels of each, from 10 above the floor: a
//! walk's own column and the next, a jump's up to two or four on) and reused where
//! the shape recurs; a move that strays outside them is run in full every
//! time. (A kept result was run at one place of the shape; positions
//! elsewhere differ in their last bits, which can tip a move that only
//! just makes it. The witnesses are run in full.)

use super::drive::Drive;
use super::moves::{self, Move, DIRECTIONS, MOVES};
use super::places::Places;
use crate::walk::{Player, Solids};
use rustc_hash::FxHashMap;

/// The shape's first voxel above the floor.
const ABOVE: i32 = 10;
/// A fall that hurts this much kills: no way on from there.
pub const DEADLY: i32 = 100;

/// A move from one place to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    pub to: u32,
    /// Fall damage on the way.
    pub damage: u16,
    /// Which move, toward which direction: `MOVES[how / 8]`, `DIRECTIONS[how % 8]`.
    pub how: u8,
}

impl Edge {
    pub fn step(&self) -> (Move, [i32; 2]) {
        (
            MOVES[self.how as usize / 8],
            DIRECTIONS[self.how as usize % 8],
        )
    }
}

/// Where a move from a shape ends, relative to its start.
#[derive(Debug, Clone, Copy)]
enum Outcome {
    Nowhere,
    At {
        d: [i16; 3],
        damage: u16,
    },
    /// It left the shape's columns: run it in full each time.
    Stray,
}

type Shape = (u8, [u32; 25]);

pub struct Graph<'a> {
    pub map: &'a Solids,
    pub places: Places,
    edges: Vec<Option<Box<[Edge]>>>,
    kept: FxHashMap<Shape, Outcome>,
    /// Moves run through the physics, and moves found in the kept shapes.
    pub ran: u64,
    pub reused: u64,
}

impl<'a> Graph<'a> {
    pub fn new(map: &'a Solids) -> Graph<'a> {
        let places = Places::of(map);
        let edges = vec![None; places.len()];
        Graph {
            map,
            places,
            edges,
            kept: FxHashMap::default(),
            ran: 0,
            reused: 0,
        }
    }

    /// A player at rest on place `i`, as one dropped there comes to rest;
    /// `None` where it does not (a place too tight to land on).
    pub fn rest(&self, i: u32) -> Option<Player> {
        let (x, y) = self.places.column_of(i);
        let z = self.places.floors[i as usize] as f32;
        let mut drive = Drive::new(self.map, [x as f32 + 0.5, y as f32 + 0.5, z - 2.4]);
        let rested = drive.settle([1.0, 0.0, 0.0], 200);
        let feet = drive.player.feet();
        (rested && self.places.under(drive.player.p, feet) == Some(i)).then_some(drive.player)
    }

    /// The moves from place `i`, worked out the first time they are asked.
    pub fn edges(&mut self, i: u32) -> &[Edge] {
        if self.edges[i as usize].is_none() {
            let found = self.find(i);
            self.edges[i as usize] = Some(found.into_boxed_slice());
        }
        self.edges[i as usize].as_deref().unwrap()
    }

    /// Whether the moves from place `i` have been worked out.
    pub fn known(&self, i: u32) -> Option<&[Edge]> {
        self.edges[i as usize].as_deref()
    }

    fn find(&mut self, i: u32) -> Vec<Edge> {
        let (x, y) = self.places.column_of(i);
        let z = self.places.floors[i as usize] as i32;
        // Worked out only where a shape is new: most places never need it.
        let mut rest: Option<Option<Player>> = None;
        let mut out: Vec<Edge> = Vec::new();
        for (di, d) in DIRECTIONS.iter().enumerate() {
            for (mi, &m) in MOVES.iter().enumerate() {
                if !moves::worth(self.map, m, [x, y, z], *d) {
                    continue;
                }
                let how = (mi * 8 + di) as u8;
                let shape = self.shape(x, y, z, how);
                let outcome = match self.kept.get(&shape) {
                    Some(&o) => {
                        self.reused += 1;
                        o
                    }
                    None => {
                        let start = *rest.get_or_insert_with(|| self.rest(i));
                        let o = match start {
                            Some(start) => self.run(start, [x, y, z], how, &mut out),
                            None => Outcome::Nowhere,
                        };
                        self.kept.insert(shape, o);
                        // A stray move's edge is added as it runs.
                        if matches!(o, Outcome::Stray) {
                            continue;
                        }
                        o
                    }
                };
                match outcome {
                    Outcome::At { d: rel, damage } => {
                        let to = (x + rel[0] as i32, y + rel[1] as i32, z + rel[2] as i32);
                        if let Some(to) = self.places.at(to.0, to.1, to.2) {
                            out.push(Edge { to, damage, how });
                        }
                    }
                    Outcome::Stray => {
                        if let Some(start) = *rest.get_or_insert_with(|| self.rest(i)) {
                            self.run(start, [x, y, z], how, &mut out);
                        }
                    }
                    Outcome::Nowhere => {}
                }
            }
        }
        out.sort_by_key(|e| (e.to, e.damage, e.how));
        out.dedup_by_key(|e| e.to);
        out.retain(|e| e.to != i);
        out
    }

    /// Runs move `how` from `rest`, adding its edge when it strays (a kept
    /// move's edge is added from its outcome).
    fn run(&mut self, rest: Player, at: [i32; 3], how: u8, out: &mut Vec<Edge>) -> Outcome {
        self.ran += 1;
        let (m, d) = (MOVES[how as usize / 8], DIRECTIONS[how as usize % 8]);
        let mut drive = Drive::from(self.map, rest);
        if !moves::run(&mut drive, m, d) || drive.damage >= DEADLY {
            return Outcome::Nowhere;
        }
        let Some(to) = self.places.under(drive.player.p, drive.player.feet()) else {
            return Outcome::Nowhere;
        };
        let damage = drive.damage.clamp(0, u16::MAX as i32) as u16;
        if self.inside(&drive, at, how) {
            let (tx, ty) = self.places.column_of(to);
            let tz = self.places.floors[to as usize] as i32;
            let d = [tx - at[0], ty - at[1], tz - at[2]].map(|v| v as i16);
            return Outcome::At { d, damage };
        }
        out.push(Edge { to, damage, how });
        Outcome::Stray
    }

    /// Whether the whole move stayed within the columns and voxels its
    /// shape holds.
    fn inside(&self, drive: &Drive, at: [i32; 3], how: u8) -> bool {
        let (xs, ys) = window(at[0], at[1], how);
        let box_in = |lo: f32, hi: f32, r: &std::ops::RangeInclusive<i32>| {
            lo - 0.45 >= *r.start() as f32 && hi + 0.45 < (*r.end() + 1) as f32
        };
        let top = (at[2] - ABOVE) as f32;
        box_in(drive.low[0], drive.high[0], &xs)
            && box_in(drive.low[1], drive.high[1], &ys)
            && drive.low[2] - 2.5 >= top
            && drive.high[2] + 4.0 < top + 32.0
    }

    /// The shape move `how` from (x, y, z) can touch.
    fn shape(&self, x: i32, y: i32, z: i32, how: u8) -> Shape {
        let (xs, ys) = window(x, y, how);
        let mut cols = [0u32; 25];
        let mut k = 0;
        for cy in ys {
            for cx in xs.clone() {
                cols[k] = self.map.window(cx, cy, z - ABOVE);
                k += 1;
            }
        }
        (how, cols)
    }
}

/// The columns move `how` from (x, y) may touch: its own, and on along
/// each axis it moves on, one column for a walk, two for a standing jump,
/// four for a running one off an edge (most end within them).
fn window(
    x: i32,
    y: i32,
    how: u8,
) -> (std::ops::RangeInclusive<i32>, std::ops::RangeInclusive<i32>) {
    let [dx, dy] = DIRECTIONS[how as usize % 8];
    let reach = match MOVES[how as usize / 8] {
        Move::Walk => 1,
        Move::Jump => 2,
        Move::LeapOff => 4,
    };
    let span = |v: i32, d: i32| match d {
        1 => v..=v + reach,
        -1 => v - reach..=v,
        _ => v..=v,
    };
    (span(x, dx), span(y, dy))
}
