//! The moves between standing places, found by running each move through
//! the servers' physics from the place, at rest in the middle of its
//! column. Most of a map repeats a few local shapes (flat ground, one-block
//! steps, a cliff's edge), so a move's result is kept by the shape of the
//! columns it can touch (32 voxels of each, from 10 above the floor: a
//! walk's own column and the next, a jump's up to two or four on) and reused where
//! the shape recurs; a walk that strays outside them is kept by a wider
//! shape too, a diagonal leap first by the band of 13 columns along its
//! diagonal (where it nearly always flies), and a move that strays from
//! every shape is run in full each time. A kept result is reused only
//! where it is provably the same run, moved by whole voxels (`exact.rs`:
//! the key holds each axis's binade, and the run's span is checked where
//! it is reused), so every move found is one the physics makes from the
//! place's rest.

use super::drive::{Band, Drive};
use super::exact::{self, Span};
use super::moves::{self, Move, DIRECTIONS, MOVES};
use super::places::Places;
use super::windows::Windows;
use crate::walk::{Player, Solids};
use rustc_hash::FxHashMap;

/// The shape's first voxel above the floor.
const ABOVE: i32 = 10;
/// A place whose moves are not worked out yet.
const UNKNOWN: (u32, u32) = (u32::MAX, u32::MAX);
/// A player's health: fall damage that adds up to this on a way kills (the
/// servers' `set_hp` at 0 or less), so no way goes on from there.
pub const DEADLY: i32 = 100;

/// A move from one place to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Edge {
    pub to: u32,
    /// Fall damage on the way.
    pub damage: u16,
    /// Ticks the move takes, from rest to rest.
    pub ticks: u16,
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

/// Where a move from a shape ends, relative to its start, and where the
/// run that found it went (where else it is the same run).
#[derive(Debug, Clone, Copy)]
enum Outcome {
    Nowhere(Span),
    At {
        d: [i16; 3],
        damage: u16,
        ticks: u16,
        span: Span,
    },
    /// It left the shape's columns: run it in full each time.
    Stray,
}

impl Outcome {
    /// Whether this outcome is what the move does from place `at`.
    fn holds_at(&self, at: [i32; 3], wade: f32) -> bool {
        match self {
            Outcome::Nowhere(span) | Outcome::At { span, .. } => span.fits(at, wade),
            Outcome::Stray => true,
        }
    }

    /// Where it is kept: for the shape anywhere (`Some(false)`), for its
    /// floor only (`Some(true)`: it may not move up or down), or not at
    /// all (it may not move across: near a binade's end, run each time).
    fn kept_for_floor(&self) -> Option<bool> {
        match self {
            Outcome::Nowhere(span) | Outcome::At { span, .. } => match span.movable() {
                (true, z) => Some(!z),
                (false, _) => None,
            },
            Outcome::Stray => Some(false),
        }
    }
}

/// Kept outcomes by shape, a table for each move's reach (a walk's shape
/// is 2 or 4 columns, a standing jump's 3 or 9, a leap's 5 or 25), so a
/// key holds no padding: one leap-sized key for every move made the table
/// five times larger, and its growth a tenth of the search. A key is the
/// move and its columns' windows packed into whole words ([`pack`]).
#[derive(Default)]
struct Kept {
    walk: FxHashMap<[u64; 3], Outcome>,
    wide_walk: FxHashMap<[u64; 9], Outcome>,
    jump: FxHashMap<[u64; 5], Outcome>,
    leap: FxHashMap<[u64; 13], Outcome>,
    band: FxHashMap<[u64; 7], Outcome>,
}

/// The shape a move from a place can touch: its columns' windows.
#[derive(Clone, Copy)]
enum Shape {
    Walk([u64; 3]),
    WideWalk([u64; 9]),
    Jump([u64; 5]),
    Leap([u64; 13]),
    Band([u64; 7]),
}

/// Move `how` and its shape's `N` windows as `M` (N / 2 + 1) words: the
/// move and its [`Height`], then the windows two a word. The hash reads a key eight bytes at
/// a time, and a key of u32s, just written a window at a time, stalled it
/// on every word (the stores cannot be forwarded to the wider loads).
fn pack<const N: usize, const M: usize>(how: u8, height: Height, cols: [u32; N]) -> [u64; M] {
    debug_assert_eq!(M, N / 2 + 1);
    let mut key = [0u64; M];
    let at = |k: usize| cols.get(k).map_or(0, |&w| w as u64);
    // 5 bits each (moves under 32, binades to 31), the height 17.
    let [bx, by, bz] = height.binades.map(|b| b as u64);
    let z = match height.floor {
        Some(z) => 1 << 16 | z as u64 & 0xffff,
        None => bz,
    };
    key[0] = how as u64 | bx << 5 | by << 10 | z << 15 | at(0) << 32;
    for (i, word) in key.iter_mut().enumerate().skip(1) {
        *word = at(2 * i - 1) | at(2 * i) << 32;
    }
    key
}

/// Where a kept run may be reused besides its shape: each axis's binade
/// (`exact::binades`), and the floor itself for runs that may not move
/// up or down (those too near a binade's end, the sea's): looked up
/// second, where the shape's kept run does not hold.
#[derive(Clone, Copy)]
struct Height {
    binades: [u8; 3],
    floor: Option<i32>,
}

/// Which shape a move is looked up by: its own columns, a walk's wider
/// ones, or a diagonal leap's band (most of them fly along the diagonal,
/// and 13 columns recur twice as often as 25).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Tier {
    Own,
    Wide,
    Band,
}

impl Kept {
    fn get(&self, shape: &Shape) -> Option<Outcome> {
        match shape {
            Shape::Walk(k) => self.walk.get(k),
            Shape::WideWalk(k) => self.wide_walk.get(k),
            Shape::Jump(k) => self.jump.get(k),
            Shape::Leap(k) => self.leap.get(k),
            Shape::Band(k) => self.band.get(k),
        }
        .copied()
    }

    fn insert(&mut self, shape: Shape, o: Outcome) {
        match shape {
            Shape::Walk(k) => self.walk.insert(k, o),
            Shape::WideWalk(k) => self.wide_walk.insert(k, o),
            Shape::Jump(k) => self.jump.insert(k, o),
            Shape::Leap(k) => self.leap.insert(k, o),
            Shape::Band(k) => self.band.insert(k, o),
        };
    }
}

pub struct Graph<'a> {
    pub map: &'a Solids,
    pub places: Places,
    /// The columns' windows, for the shapes' keys.
    columns: Windows<'a>,
    /// Each place's moves, once worked out: a range of `found` (start,
    /// end; `UNKNOWN` before), all in one array rather than a box a place,
    /// as walking them all backwards reads them in place order.
    spans: Vec<(u32, u32)>,
    found: Vec<Edge>,
    kept: Kept,
    /// Moves run through the physics, and moves found in the kept shapes.
    pub ran: u64,
    pub reused: u64,
}

impl<'a> Graph<'a> {
    pub fn new(map: &'a Solids) -> Graph<'a> {
        let columns = Windows::of(map);
        let places = Places::of(map, &columns);
        let spans = vec![UNKNOWN; places.len()];
        Graph {
            map,
            places,
            columns,
            spans,
            found: Vec::new(),
            kept: Kept::default(),
            ran: 0,
            reused: 0,
        }
    }

    /// A player at rest on place `i`, as one dropped there comes to rest;
    /// `None` where it does not (a place too tight to land on).
    pub fn rest(&self, i: u32) -> Option<Player> {
        self.rest_run(i).player
    }

    /// The drop to rest on place `i`, with where it went.
    fn rest_run(&self, i: u32) -> Rest {
        let (x, y) = self.places.column_of(i);
        let z = self.places.floors[i as usize] as f32;
        let mut drive = Drive::new(self.map, [x as f32 + 0.5, y as f32 + 0.5, z - 2.4]);
        let rested = drive.settle([1.0, 0.0, 0.0], 200);
        let feet = drive.player.feet();
        let on = rested && self.places.under(drive.player.p, feet) == Some(i);
        Rest {
            player: on.then_some(drive.player),
            low: drive.low,
            high: drive.high,
        }
    }

    /// The moves from place `i`, worked out the first time they are asked.
    pub fn edges(&mut self, i: u32) -> &[Edge] {
        if self.spans[i as usize] == UNKNOWN {
            let start = self.found.len() as u32;
            self.find(i);
            self.spans[i as usize] = (start, self.found.len() as u32);
        }
        let (a, b) = self.spans[i as usize];
        &self.found[a as usize..b as usize]
    }

    /// Whether the moves from place `i` have been worked out.
    pub fn known(&self, i: u32) -> Option<&[Edge]> {
        let (a, b) = self.spans[i as usize];
        (a != UNKNOWN.0).then(|| &self.found[a as usize..b as usize])
    }

    /// Works out the moves from place `i` onto the end of `found`: to each
    /// other place the cheapest (least damage, then fewest ticks) of the
    /// moves there.
    fn find(&mut self, i: u32) {
        // Worked out only where a shape is new: most places never need it.
        let mut rest: Option<Rest> = None;
        let start = self.found.len();
        let at = self.at(i);
        for how in self.tried(i) {
            if let Some(e) = self.edge(i, at, how, &mut rest) {
                self.found.push(e);
            }
        }
        let kept = start + least_each(&mut self.found[start..], i);
        self.found.truncate(kept);
    }

    /// What [`Graph::edges`] finds from place `i`, every move run in full
    /// (none from a kept shape), for tests.
    pub fn edges_run_in_full(&self, i: u32) -> Vec<Edge> {
        let mut rest = None;
        let mut found: Vec<Edge> = self
            .tried(i)
            .filter_map(|how| self.end(self.run(i, how, &mut rest), how))
            .collect();
        let kept = least_each(&mut found, i);
        found.truncate(kept);
        found
    }

    /// Place `i`: its column and floor.
    fn at(&self, i: u32) -> [i32; 3] {
        let (x, y) = self.places.column_of(i);
        [x, y, self.places.floors[i as usize] as i32]
    }

    /// The moves tried from place `i` (`MOVES[how / 8]` toward
    /// `DIRECTIONS[how % 8]`), as `moves::worth` chooses them, direction by
    /// direction.
    fn tried(&self, i: u32) -> impl Iterator<Item = u8> {
        let at = self.at(i);
        let worth = |k: usize| {
            let (mi, di) = (k % MOVES.len(), k / MOVES.len());
            moves::worth(&self.columns, MOVES[mi], at, DIRECTIONS[di])
                .then_some((mi * 8 + di) as u8)
        };
        let mut hows = [u8::MAX; MOVES.len() * 8];
        for (k, how) in hows.iter_mut().enumerate() {
            *how = worth(k).unwrap_or(u8::MAX);
        }
        hows.into_iter().filter(|&h| h != u8::MAX)
    }

    /// Move `how` from place `i` (at `at`): from the kept shapes where one
    /// holds it, else run. A walk that strays from its shape (a diagonal
    /// one sliding along a wall) is looked up again in a wider shape, so
    /// the walls that recur all over a map are not run at each. A kept
    /// outcome from a place where its run would not be the same (`exact`)
    /// is left for a run here.
    fn edge(&mut self, i: u32, at: [i32; 3], how: u8, rest: &mut Option<Rest>) -> Option<Edge> {
        let tiers: &[Tier] = match MOVES[how as usize / 8] {
            Move::Walk => &[Tier::Own, Tier::Wide],
            _ if diagonal_leap(how) => &[Tier::Band, Tier::Own],
            _ => &[Tier::Own],
        };
        let wade = crate::walk::player::wade_below(self.map);
        let mut ran: Option<Ran> = None;
        for &tier in tiers {
            let shapes = [false, true].map(|pin| self.shape(at, how, tier, pin.then_some(at[2])));
            let kept = shapes
                .iter()
                .find_map(|s| self.kept.get(s).filter(|o| o.holds_at(at, wade)));
            let outcome = match kept {
                Some(o) => {
                    self.reused += 1;
                    o
                }
                None => {
                    let r = self.run_once(&mut ran, i, how, rest);
                    let o = self.outcome(r, at, how, tier);
                    if let Some(pin) = o.kept_for_floor() {
                        let shape = &shapes[pin as usize];
                        if self.kept.get(shape).is_none() {
                            self.kept.insert(*shape, o);
                        }
                    }
                    o
                }
            };
            match outcome {
                Outcome::At {
                    d, damage, ticks, ..
                } => {
                    let to = self.places.at(
                        at[0] + d[0] as i32,
                        at[1] + d[1] as i32,
                        at[2] + d[2] as i32,
                    )?;
                    return Some(Edge {
                        to,
                        damage,
                        ticks,
                        how,
                    });
                }
                Outcome::Nowhere(_) => return None,
                Outcome::Stray => {}
            }
        }
        // It strays from every shape: where this run ended is the answer.
        let r = self.run_once(&mut ran, i, how, rest);
        self.end(r, how)
    }

    /// The move a run found.
    fn end(&self, r: Ran, how: u8) -> Option<Edge> {
        let end = r.end?;
        Some(Edge {
            to: end.to,
            damage: end.damage,
            ticks: end.ticks,
            how,
        })
    }

    /// [`Graph::run`], once a move (kept in `ran`), counted.
    fn run_once(&mut self, ran: &mut Option<Ran>, i: u32, how: u8, rest: &mut Option<Rest>) -> Ran {
        if let Some(r) = *ran {
            return r;
        }
        let r = self.run(i, how, rest);
        self.ran += 1;
        *ran = Some(r);
        r
    }

    /// Runs move `how` from place `i`'s rest (worked out once, in `rest`):
    /// where it ends (`None` where it gets nowhere: no rest, no end, or a
    /// deadly fall) and where it went, the drop to rest included.
    fn run(&self, i: u32, how: u8, rest: &mut Option<Rest>) -> Ran {
        let r = *rest.get_or_insert_with(|| self.rest_run(i));
        let Some(start) = r.player else {
            return Ran {
                end: None,
                low: r.low,
                high: r.high,
                left_band: false,
            };
        };
        let (m, d) = (MOVES[how as usize / 8], DIRECTIONS[how as usize % 8]);
        let mut drive = Drive::from(self.map, start);
        if diagonal_leap(how) {
            let (x, y) = self.places.column_of(i);
            drive.band = Some(Band { x, y, d });
        }
        let ended = moves::run(&mut drive, m, d) && drive.damage < DEADLY;
        let to = self.places.under(drive.player.p, drive.player.feet());
        Ran {
            end: to.filter(|_| ended).map(|to| End {
                to,
                damage: drive.damage.clamp(0, u16::MAX as i32) as u16,
                ticks: drive.clock.ticks.min(u16::MAX as u64) as u16,
            }),
            low: std::array::from_fn(|k| drive.low[k].min(r.low[k])),
            high: std::array::from_fn(|k| drive.high[k].max(r.high[k])),
            left_band: drive.left_band,
        }
    }

    /// What a run from `at` says of every place with the same shape.
    fn outcome(&self, r: Ran, at: [i32; 3], how: u8, tier: Tier) -> Outcome {
        let wide = tier == Tier::Wide;
        if !self.inside(&r, at, how, wide) || tier == Tier::Band && r.left_band {
            return Outcome::Stray;
        }
        let span = Span::of(at, r.low, r.high);
        let Some(end) = r.end else {
            return Outcome::Nowhere(span);
        };
        let (tx, ty) = self.places.column_of(end.to);
        let tz = self.places.floors[end.to as usize] as i32;
        let d = [tx - at[0], ty - at[1], tz - at[2]].map(|v| v as i16);
        Outcome::At {
            d,
            damage: end.damage,
            ticks: end.ticks,
            span,
        }
    }

    /// Whether the whole run stayed within the columns and voxels its
    /// shape holds.
    fn inside(&self, r: &Ran, at: [i32; 3], how: u8, wide: bool) -> bool {
        let (xs, ys) = window(at[0], at[1], how, wide);
        let box_in = |lo: f32, hi: f32, r: &std::ops::RangeInclusive<i32>| {
            lo - 0.45 >= *r.start() as f32 && hi + 0.45 < (*r.end() + 1) as f32
        };
        let top = (at[2] - ABOVE) as f32;
        box_in(r.low[0], r.high[0], &xs)
            && box_in(r.low[1], r.high[1], &ys)
            && r.low[2] - 2.5 >= top
            && r.high[2] + 4.0 < top + 32.0
    }

    /// The shape move `how` from `at` can touch.
    /// `floor`: kept for that floor only (see [`Height`]).
    fn shape(&self, at: [i32; 3], how: u8, tier: Tier, floor: Option<i32>) -> Shape {
        let wide = tier == Tier::Wide;
        let binades = Height {
            binades: exact::binades(at),
            floor,
        };
        match (MOVES[how as usize / 8], tier) {
            (_, Tier::Band) => Shape::Band(pack::<13, 7>(how, binades, self.band_windows(at, how))),
            (Move::Walk, Tier::Own) => {
                Shape::Walk(pack::<4, 3>(how, binades, self.windows(at, how, wide)))
            }
            (Move::Walk, _) => {
                Shape::WideWalk(pack::<16, 9>(how, binades, self.windows(at, how, wide)))
            }
            (Move::Jump, _) => Shape::Jump(pack::<9, 5>(how, binades, self.windows(at, how, wide))),
            (Move::LeapOff, _) => {
                Shape::Leap(pack::<25, 13>(how, binades, self.windows(at, how, wide)))
            }
        }
    }

    /// The windows of a diagonal leap's band, row by row as `windows`.
    fn band_windows(&self, at: [i32; 3], how: u8) -> [u32; 13] {
        let [dx, dy] = DIRECTIONS[how as usize % 8];
        let mut cols = [0u32; 13];
        let mut k = 0;
        for b in 0..5 {
            for a in 0..5 {
                if Band::has(a, b) {
                    cols[k] = self
                        .columns
                        .at(at[0] + a * dx, at[1] + b * dy, at[2] - ABOVE);
                    k += 1;
                }
            }
        }
        cols
    }

    /// The windows of the columns move `how` from `at` can touch, row by
    /// row (zero past the last: `N` fits the move's most).
    fn windows<const N: usize>(&self, at: [i32; 3], how: u8, wide: bool) -> [u32; N] {
        let (xs, ys) = window(at[0], at[1], how, wide);
        let mut cols = [0u32; N];
        let mut k = 0;
        for cy in ys {
            for cx in xs.clone() {
                cols[k] = self.columns.at(cx, cy, at[2] - ABOVE);
                k += 1;
            }
        }
        cols
    }
}

/// A move run in full: where it ended, and the least and greatest `p`
/// on the way (the drop to rest before it included).
#[derive(Debug, Clone, Copy)]
struct Ran {
    end: Option<End>,
    low: [f32; 3],
    high: [f32; 3],
    left_band: bool,
}

/// Where a move ended: the place, its fall damage, its ticks.
#[derive(Debug, Clone, Copy)]
struct End {
    to: u32,
    damage: u16,
    ticks: u16,
}

/// A player dropped onto a place and come to rest (`None`: it did not),
/// with the least and greatest `p` on the way.
#[derive(Debug, Clone, Copy)]
struct Rest {
    player: Option<Player>,
    low: [f32; 3],
    high: [f32; 3],
}

/// Leaves in `edges` (moves from place `from`) the least hurtful (then
/// quickest) move to each other place, first, in place order; how many.
fn least_each(edges: &mut [Edge], from: u32) -> usize {
    edges.sort_unstable_by_key(|e| (e.to == from, e.to, e.damage, e.ticks, e.how));
    let mut kept = 0;
    for k in 0..edges.len() {
        let e = edges[k];
        if e.to != from && (kept == 0 || edges[kept - 1].to != e.to) {
            edges[kept] = e;
            kept += 1;
        }
    }
    kept
}

/// Whether move `how` is a leap off an edge along a diagonal: the moves
/// kept by a [`Band`] first.
fn diagonal_leap(how: u8) -> bool {
    let [dx, dy] = DIRECTIONS[how as usize % 8];
    MOVES[how as usize / 8] == Move::LeapOff && dx != 0 && dy != 0
}

/// The columns move `how` from (x, y) may touch: its own, and on along
/// each axis it moves on, one column for a walk, two for a standing jump,
/// four for a running one off an edge (most end within them); three for a
/// walk that strayed from its one (`wide`).
fn window(
    x: i32,
    y: i32,
    how: u8,
    wide: bool,
) -> (std::ops::RangeInclusive<i32>, std::ops::RangeInclusive<i32>) {
    let [dx, dy] = DIRECTIONS[how as usize % 8];
    let reach = match MOVES[how as usize / 8] {
        Move::Walk if wide => 3,
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
