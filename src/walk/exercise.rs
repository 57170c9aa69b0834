//! A player running and jumping about a map, turning every second: the
//! work `mapscope bench` times to say what a tick of the servers' physics
//! costs on a real map (walls, climbs, falls and water as the map has
//! them, not an empty box).

use super::walker::{Input, Walker};
use super::Solids;

/// Runs `ticks` ticks from the map's middle; returns where the player
/// ended (so the work cannot be left out).
pub fn run(map: Solids, ticks: u32) -> [f32; 3] {
    let [w, l, _] = map.dims();
    let mut walker = Walker::player(map, w as f32 / 2.0, l as f32 / 2.0, 0.0);
    let mut input = Input {
        jump: true,
        ..Default::default()
    };
    input.keys.forward = true;
    for t in 0..ticks {
        // A new heading every second, round the compass by a prime step.
        let turn = (t / 60) as f32 * 2.399_963;
        input.look = [turn.cos(), turn.sin(), 0.0];
        input.keys.sprint = (t / 180) % 2 == 1;
        walker.tick(&input);
    }
    walker.position()
}
