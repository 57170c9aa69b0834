//! The w3i's fields that differ between two Warcraft III maps: the map's
//! settings, its environment in `info`'s words, players and forces by
//! their slot.

use super::{environment, names};
use crate::diff::number as num;
use crate::diff::{field, FieldChange};
use crate::reading::coordinate;
use crate::store::warcraft::MapInfo;
use serde_json::Value;

/// The w3i's fields that differ, players and forces by their slot.
pub fn info(old: Option<&MapInfo>, new: Option<&MapInfo>, out: &mut Vec<FieldChange>) {
    let (o, n) = match (old, new) {
        (Some(o), Some(n)) => (o, n),
        (None, None) => return,
        (o, n) => {
            let has = |i: Option<&MapInfo>| Value::from(i.map_or("none", |_| "present"));
            out.push(FieldChange::new("war3map.w3i", has(o), has(n)));
            return;
        }
    };
    field(out, "info version", o.version, n.version);
    field(out, "saves", o.saves, n.saves);
    field(out, "editor version", o.editor_version, n.editor_version);
    let gv = |v: Option<[u32; 4]>| {
        v.map_or(String::new(), |v| {
            format!("{}.{}.{}.{}", v[0], v[1], v[2], v[3])
        })
    };
    field(out, "game version", gv(o.game_version), gv(n.game_version));
    field(
        out,
        "description",
        o.description.as_str(),
        n.description.as_str(),
    );
    field(
        out,
        "suggested players",
        o.suggested_players.as_str(),
        n.suggested_players.as_str(),
    );
    let bounds = |b: &[f32; 8]| b.iter().map(|&v| num(v)).collect::<Value>();
    field(
        out,
        "camera bounds",
        bounds(&o.camera_bounds),
        bounds(&n.camera_bounds),
    );
    let ints = |b: &[i32]| b.iter().map(|&v| Value::from(v)).collect::<Value>();
    field(
        out,
        "camera bound complements",
        ints(&o.bounds_complements),
        ints(&n.bounds_complements),
    );
    field(
        out,
        "playable area",
        format!("{} x {}", o.playable[0], o.playable[1]),
        format!("{} x {}", n.playable[0], n.playable[1]),
    );
    field(
        out,
        "flags",
        format!("{:#x}", o.flags),
        format!("{:#x}", n.flags),
    );
    field(
        out,
        "tileset",
        (o.tileset as char).to_string(),
        (n.tileset as char).to_string(),
    );
    // The environment as `info` words it (fog and tint with their flags),
    // a line either side lacks (an older w3i) as empty.
    by_name(&environment::lines(o), &environment::lines(n), out);
    players(o, n, out);
    field(out, "forces", o.forces.len(), n.forces.len());
    forces(o, n, out);
    // The fields mapscope keeps only as text: one either side lacks
    // (another version, another player) as empty.
    by_name(&o.other, &n.other, out);
}

/// The players, by their slot.
fn players(o: &MapInfo, n: &MapInfo, out: &mut Vec<FieldChange>) {
    field(out, "players", o.players.len(), n.players.len());
    for (a, b) in o.players.iter().zip(&n.players) {
        let p = format!("player {}", b.number + 1);
        field(out, &format!("{p} number"), a.number + 1, b.number + 1);
        field(
            out,
            &format!("{p} controller"),
            names::controller_name(a.controller),
            names::controller_name(b.controller),
        );
        field(
            out,
            &format!("{p} race"),
            names::race_name(a.race),
            names::race_name(b.race),
        );
        field(
            out,
            &format!("{p} fixed start"),
            a.fixed_start,
            b.fixed_start,
        );
        field(out, &format!("{p} name"), a.name.as_str(), b.name.as_str());
        // As the objects' lines give places: "-6336, -3456".
        let at = |s: [f32; 2]| format!("{}, {}", coordinate(s[0]), coordinate(s[1]));
        field(out, &format!("{p} start"), at(a.start), at(b.start));
    }
}

/// Fields named on either side, compared by name, in the order first
/// seen: a field a side lacks as empty.
fn by_name<K: AsRef<str>>(o: &[(K, String)], n: &[(K, String)], out: &mut Vec<FieldChange>) {
    let of = |l: &[(K, String)], k: &str| {
        l.iter()
            .find(|e| e.0.as_ref() == k)
            .map_or(String::new(), |e| e.1.clone())
    };
    let mut keys: Vec<&str> = Vec::new();
    for (k, _) in o.iter().chain(n) {
        if !keys.contains(&k.as_ref()) {
            keys.push(k.as_ref());
        }
    }
    for k in keys {
        field(out, k, of(o, k), of(n, k));
    }
}

/// The forces, by their slot.
fn forces(o: &MapInfo, n: &MapInfo, out: &mut Vec<FieldChange>) {
    for (k, (a, b)) in o.forces.iter().zip(&n.forces).enumerate() {
        let f = format!("force {}", k + 1);
        field(out, &format!("{f} name"), a.name.as_str(), b.name.as_str());
        field(
            out,
            &format!("{f} flags"),
            format!("{:#x}", a.flags),
            format!("{:#x}", b.flags),
        );
        let members = crate::formats::w3x::info::members;
        field(
            out,
            &format!("{f} players"),
            members(a.players),
            members(b.players),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::store::warcraft::{MapInfo, Player};

    /// A start that moved reads as the objects' lines give places.
    #[test]
    fn a_moved_start_reads_as_an_object_place() {
        let with_start = |x: f32| MapInfo {
            players: vec![Player {
                start: [x, -2880.0],
                ..Player::default()
            }],
            ..MapInfo::default()
        };
        let mut out = Vec::new();
        super::info(Some(&with_start(0.0)), Some(&with_start(64.5)), &mut out);
        let line: Vec<String> = out.iter().map(crate::diff::report::field_line).collect();
        assert_eq!(line.len(), 1, "{line:?}");
        assert!(
            line[0].ends_with("start: 0, -2880 -> 64.5, -2880"),
            "{line:?}"
        );
    }
}
