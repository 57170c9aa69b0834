//! The map's environment as the w3i sets it (fog, weather, sound, light
//! and water tint), in words for `info`, the Inspector and diffs, and as
//! JSON. The fog and the water tint are on only where the map's flags say
//! so; the file keeps their settings either way.

use crate::diff::number;
use crate::store::terrain::{id_string, tileset_name};
use crate::store::warcraft::{Environment, MapInfo};
use serde_json::{json, Value};

/// The weather effects the game ships (`TerrainArt\Weather.slk`).
const WEATHER: [(&[u8; 4], &str); 21] = [
    (b"RAhr", "Ashenvale rain (heavy)"),
    (b"RAlr", "Ashenvale rain (light)"),
    (b"MEds", "Dalaran shield"),
    (b"FDbh", "dungeon blue fog (heavy)"),
    (b"FDbl", "dungeon blue fog (light)"),
    (b"FDgh", "dungeon green fog (heavy)"),
    (b"FDgl", "dungeon green fog (light)"),
    (b"FDrh", "dungeon red fog (heavy)"),
    (b"FDrl", "dungeon red fog (light)"),
    (b"FDwh", "dungeon white fog (heavy)"),
    (b"FDwl", "dungeon white fog (light)"),
    (b"RLhr", "Lordaeron rain (heavy)"),
    (b"RLlr", "Lordaeron rain (light)"),
    (b"SNbs", "Northrend blizzard"),
    (b"SNhs", "Northrend snow (heavy)"),
    (b"SNls", "Northrend snow (light)"),
    (b"WOcw", "Outland wind (heavy)"),
    (b"WOlw", "Outland wind (light)"),
    (b"LRaa", "rays of light"),
    (b"LRma", "rays of moonlight"),
    (b"WNcw", "wind (heavy)"),
];

fn hex(c: [u8; 4]) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// The fog style, with its number. Every corpus map has 0, those with
/// the fog on too: the first of the editor's styles, linear. (HiveWE takes
/// 0 for no fog; the flag, which the editor's "use terrain fog" sets, says
/// whether it is on.)
fn fog_style(style: i32) -> String {
    match style {
        0 => "linear (style 0)".into(),
        n => format!("style {n}"),
    }
}

fn weather(e: &Environment) -> String {
    match &e.weather {
        None => "none".into(),
        Some(w) => match WEATHER.iter().find(|(i, _)| *i == w) {
            Some((_, name)) => format!("{name} ({})", id_string(w)),
            None => id_string(w),
        },
    }
}

fn light(e: &Environment) -> String {
    match e.light {
        None => "the tileset's own".into(),
        Some(t) => match tileset_name(t) {
            Some(name) => format!("{name}'s ({})", t as char),
            None => format!("tileset {:?}", t as char),
        },
    }
}

/// `(what, setting)`, in the order `info` prints them; none for a w3i
/// older than version 23, which has no environment.
pub fn lines(info: &MapInfo) -> Vec<(&'static str, String)> {
    let Some(e) = &info.environment else {
        return Vec::new();
    };
    let fog = if info.flags & MapInfo::TERRAIN_FOG != 0 {
        format!(
            "{}, z {} to {}, density {}, colour {}",
            fog_style(e.fog_style),
            e.fog_z[0],
            e.fog_z[1],
            e.fog_density,
            hex(e.fog_color)
        )
    } else {
        "off".into()
    };
    let tint = if info.flags & MapInfo::WATER_TINT != 0 {
        format!("{} (alpha {})", hex(e.water_tint), e.water_tint[3])
    } else {
        "off".into()
    };
    let sound = if e.sound.is_empty() {
        "default".into()
    } else {
        e.sound.clone()
    };
    let mut lines = vec![("terrain fog", fog)];
    // The 2003 betas' w3i (versions 23 and 24) has no weather field.
    if info.version >= WEATHER_FROM {
        lines.push(("weather", weather(e)));
    }
    lines.extend([
        ("sound environment", sound),
        ("light environment", light(e)),
        ("water tint", tint),
    ]);
    lines
}

/// The first w3i version with a weather field.
const WEATHER_FROM: u32 = 25;

/// The environment as JSON, every setting the file holds, with whether
/// the fog and the tint are on.
pub fn json(info: &MapInfo) -> Option<Value> {
    let e = info.environment.as_ref()?;
    Some(json!({
        "fog": {
            "on": info.flags & MapInfo::TERRAIN_FOG != 0,
            "style": e.fog_style,
            "z": e.fog_z.map(number),
            "density": number(e.fog_density),
            "color": e.fog_color,
        },
        "weather": e.weather.as_ref().map(id_string),
        "sound": e.sound,
        "light": e.light.map(|t| (t as char).to_string()),
        "water_tint": {
            "on": info.flags & MapInfo::WATER_TINT != 0,
            "color": e.water_tint,
        },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(flags: u32, e: Environment) -> MapInfo {
        MapInfo {
            version: 31,
            flags,
            environment: Some(e),
            ..Default::default()
        }
    }

    #[test]
    fn fog_and_tint_show_only_where_the_flags_turn_them_on() {
        let e = Environment {
            fog_z: [3000.0, 5000.0],
            fog_density: 0.5,
            fog_color: [128, 128, 128, 255],
            weather: Some(*b"SNls"),
            sound: "lake".into(),
            light: Some(b'N'),
            water_tint: [200, 30, 30, 255],
            ..Default::default()
        };
        let off = lines(&info(0, e.clone()));
        let on = lines(&info(MapInfo::TERRAIN_FOG | MapInfo::WATER_TINT, e));
        let get = |l: &[(&str, String)], k: &str| l.iter().find(|x| x.0 == k).unwrap().1.clone();
        assert_eq!(get(&off, "terrain fog"), "off");
        assert_eq!(get(&off, "water tint"), "off");
        assert_eq!(
            get(&on, "terrain fog"),
            "linear (style 0), z 3000 to 5000, density 0.5, colour #808080"
        );
        assert_eq!(get(&on, "water tint"), "#c81e1e (alpha 255)");
        assert_eq!(get(&on, "weather"), "Northrend snow (light) (SNls)");
        assert_eq!(get(&on, "light environment"), "Northrend's (N)");
        assert_eq!(get(&on, "sound environment"), "lake");
        assert!(lines(&MapInfo::default()).is_empty());
        let beta = MapInfo {
            version: 24,
            ..info(0, Environment::default())
        };
        assert!(lines(&beta).iter().all(|l| l.0 != "weather"));
    }
}
