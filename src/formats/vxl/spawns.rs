//! The spawn rule of AoS maps, which name no spawns of their own.

use crate::store::Spawn;

/// Where the implicit team areas come from, as `info` and the Spawns list
/// say it.
pub const IMPLICIT_SPAWN_ORIGIN: &str = "implicit, where the servers spawn";

/// The rule behind the implicit areas, for `info`.
pub const IMPLICIT_SPAWN_RULE: &str = "implicit areas as piqueserver and pyspades spawn teams \
     (team.py: team i in x 384i..384i+128, y 128..384 of a 512 x 512 map, scaled to this one); \
     the AoS 1 spec text gives blue x 0..256, which no server uses";

/// The implicit team areas of an AoS map, as the servers players run spawn
/// them (pyspades and piqueserver `team.py`, `get_random_location`): team
/// *i* in x `384*i .. 384*i + 128`, y `128 .. 384` of a 512 x 512 map,
/// scaled to other sizes. The AoS 1 spec text gives blue x 0..256, twice
/// green's width; the servers win (FORMAT-NOTES.md, Spawns).
pub fn implicit_aos_spawns(width: u32, length: u32) -> Vec<Spawn> {
    let (w, l) = (width as f32 / 512.0, length as f32 / 512.0);
    let area = |label: &str, team: f32| Spawn {
        label: label.into(),
        origin: IMPLICIT_SPAWN_ORIGIN.into(),
        min: [384.0 * team * w, 128.0 * l],
        max: [(384.0 * team + 128.0) * w, 384.0 * l],
        z: None,
        team: Some(team as u8),
    };
    vec![area("blue", 0.0), area("green", 1.0)]
}
