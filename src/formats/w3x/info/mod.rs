//! `war3map.w3i`, the map's information, in every version from the 2002
//! beta (8) to patch 2.0 (33). Each version adds fields; the layout here
//! follows War3Net's reader (Drake53/War3Net, MapInfo.cs, PlayerData.cs,
//! ForceData.cs), checked against the corpus's maps of each version.
//! Strings may be `TRIGSTR_n` references into the wts; they are resolved
//! here, and a reference the table lacks stays as it is, with a warning.

use super::strings::Strings;
use crate::formats::error::{DecodeError, Format};
use crate::formats::reader::Reader;
use crate::store::warcraft::{Environment, Force, MapInfo, Player};

const FILE: &str = "war3map.w3i";

/// Versions that add fields (War3Net's names in parentheses).
const ROC: u32 = 18;
const V10: u32 = 10;
const V11: u32 = 11;
const V15: u32 = 15;
const V23: u32 = 23;
const TFT: u32 = 25;
const V27: u32 = 27;
/// Patch 1.31 (Lua).
const LUA: u32 = 28;
/// Patch 1.32 (Reforged).
const REFORGED: u32 = 31;
/// Patch 2.0: three more words after the game data version.
const PATCH_2: u32 = 33;
/// The newest version read.
const NEWEST: u32 = 33;

/// The most players and forces a map can have (24 since patch 1.29).
const MAX_SLOTS: i32 = 32;

/// A C string: bytes up to a zero, as UTF-8 (invalid bytes replaced).
fn c_string(r: &mut Reader<'_>, field: &str) -> Result<String, DecodeError> {
    let mut bytes = Vec::new();
    loop {
        match r.u8(field)? {
            0 => break,
            b => bytes.push(b),
        }
    }
    Ok(String::from_utf8_lossy(&bytes).into_owned())
}

/// Where each field of a w3i lies, `[start, end)`, under the name a
/// diff gives its change ("saves", "player 2 ally priorities low"), in
/// file order; together they cover the whole file.
pub type Spans = Vec<(String, [u64; 2])>;

/// Keeps [`Spans`] as the reader goes, and the text of the fields
/// `MapInfo` has no place of its own for (`MapInfo::other`).
#[derive(Default)]
struct Marker {
    spans: Spans,
    other: Vec<(String, String)>,
    at: usize,
}

impl Marker {
    /// The bytes read since the last mark are the field `name`.
    fn mark(&mut self, r: &Reader<'_>, name: impl Into<String>) {
        self.spans
            .push((name.into(), [self.at as u64, r.pos() as u64]));
        self.at = r.pos();
    }

    /// As `mark`, for a field kept only as text.
    fn other(&mut self, r: &Reader<'_>, name: impl Into<String>, value: impl ToString) {
        let name = name.into();
        self.other.push((name.clone(), value.to_string()));
        self.mark(r, name);
    }
}

/// Reads the w3i, resolving its strings through `strings`.
pub fn decode_info(bytes: &[u8], strings: &Strings) -> Result<(MapInfo, Vec<String>), DecodeError> {
    decode_info_spans(bytes, strings).map(|(info, warnings, _)| (info, warnings))
}

/// [`decode_info`], with where each field lies.
pub fn decode_info_spans(
    bytes: &[u8],
    strings: &Strings,
) -> Result<(MapInfo, Vec<String>, Spans), DecodeError> {
    let mut r = Reader::new(bytes, Format::W3x);
    let mut m = Marker::default();
    let mut warnings = Vec::new();
    let f = |name: &str| format!("{FILE} {name}");
    let at = r.pos();
    let version = r.u32(&f("version"))?;
    if !(8..=NEWEST).contains(&version) {
        return Err(r.error_at(
            at,
            f("version"),
            format!("is {version}; mapscope reads versions 8 to {NEWEST}"),
        ));
    }
    m.mark(&r, "info version");
    let mut info = MapInfo {
        version,
        ..MapInfo::default()
    };
    if version >= ROC {
        info.saves = r.u32(&f("saves"))?;
        m.mark(&r, "saves");
        info.editor_version = r.u32(&f("editor version"))?;
        m.mark(&r, "editor version");
        if version >= V27 {
            let mut v = [0u32; 4];
            for (i, part) in v.iter_mut().enumerate() {
                *part = r.u32(&f(&format!("game version part {i}")))?;
            }
            info.game_version = Some(v);
            m.mark(&r, "game version");
        }
    }
    let mut text = |r: &mut Reader<'_>, name: &str, warnings: &mut Vec<String>| {
        let raw = c_string(r, &f(name))?;
        Ok::<String, DecodeError>(match strings.resolve(&raw) {
            Some(s) => s,
            None => {
                warnings.push(format!("{FILE} {name}: {raw} is not in war3map.wts"));
                raw
            }
        })
    };
    info.name = text(&mut r, "map name", &mut warnings)?;
    m.mark(&r, "name");
    info.author = text(&mut r, "map author", &mut warnings)?;
    m.mark(&r, "author");
    info.description = text(&mut r, "map description", &mut warnings)?;
    m.mark(&r, "description");
    info.suggested_players = text(&mut r, "suggested players", &mut warnings)?;
    m.mark(&r, "suggested players");
    if version == 8 {
        // Six fields of the 2002 beta that later versions dropped.
        let b = r.bytes(24, &f("beta fields"))?;
        m.other(&r, "beta fields", hex(b));
    }
    read_bounds(&mut r, &mut info, &mut m)?;
    info.flags = r.u32(&f("flags"))?;
    m.mark(&r, "flags");
    info.tileset = r.u8(&f("tileset"))?;
    m.mark(&r, "tileset");
    info.environment = screens(&mut r, version, &mut m)?;
    info.players = read_players(&mut r, version, &mut text, &mut warnings, &mut m)?;
    info.forces = read_forces(&mut r, &mut text, &mut warnings, &mut m)?;
    // Upgrades, tech and random tables follow: compared as one field.
    let rest = r.bytes(r.remaining(), &f("tables"))?;
    m.other(
        &r,
        TABLES,
        format!("{} bytes, fnv {:016x}", rest.len(), fnv(rest)),
    );
    info.other = m.other;
    Ok((info, warnings, m.spans))
}

/// The camera's bounds, the playable area and, in the 2002 beta, the
/// field after them.
fn read_bounds(r: &mut Reader, info: &mut MapInfo, m: &mut Marker) -> Result<(), DecodeError> {
    let f = |name: &str| format!("{FILE} {name}");
    let version = info.version;
    for (i, v) in info.camera_bounds.iter_mut().enumerate() {
        *v = r.f32(&f(&format!("camera bound {i}")))?;
    }
    m.mark(r, "camera bounds");
    if version >= V15 {
        for (i, v) in info.bounds_complements.iter_mut().enumerate() {
            *v = r.i32(&f(&format!("camera bound complement {i}")))?;
        }
        m.mark(r, "camera bound complements");
    }
    let (w_at, w) = (r.pos(), r.i32(&f("playable width"))?);
    let h = r.i32(&f("playable height"))?;
    if !(0..=1024).contains(&w) || !(0..=1024).contains(&h) {
        return Err(r.error_at(
            w_at,
            f("playable area"),
            format!("{w} x {h} tiles is outside 0..=1024"),
        ));
    }
    info.playable = [w as u32, h as u32];
    m.mark(r, "playable area");
    if version == 8 {
        let v = r.u32(&f("beta field"))?;
        m.other(r, "beta field", v);
    }
    Ok(())
}

/// The upgrade, tech and random tables after the forces, as one field.
pub const TABLES: &str = "upgrades, tech and random tables";

/// Bytes as hex, for fields kept only as text.
fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

/// FNV-1a: which bytes a long field holds, in a word.
fn fnv(b: &[u8]) -> u64 {
    b.iter().fold(0xcbf29ce484222325, |h, &x| {
        (h ^ x as u64).wrapping_mul(0x100000001b3)
    })
}

/// Reads past the loading and prologue screens, script language and game
/// data, fields a viewer does not show, as each version has them; keeps
/// the fog, weather, sound, light and water between them.
fn screens(
    r: &mut Reader<'_>,
    version: u32,
    m: &mut Marker,
) -> Result<Option<Environment>, DecodeError> {
    let f = |name: &str| format!("{FILE} {name}");
    let string = |r: &mut Reader<'_>, m: &mut Marker, name: &str| {
        let s = c_string(r, &f(name))?;
        m.other(r, name, s);
        Ok::<(), DecodeError>(())
    };
    let int = |r: &mut Reader<'_>, m: &mut Marker, name: &str| {
        let v = r.i32(&f(name))?;
        m.other(r, name, v);
        Ok::<(), DecodeError>(())
    };
    if version >= V23 {
        int(r, m, "loading screen number")?;
        string(r, m, "loading screen model")?;
    } else if version >= ROC {
        int(r, m, "campaign background")?;
    } else if version >= V15 {
        string(r, m, "loading screen model")?;
    }
    if version < V10 {
        return Ok(None);
    }
    string(r, m, "loading screen text")?;
    string(r, m, "loading screen title")?;
    if version >= V15 {
        string(r, m, "loading screen subtitle")?;
    }
    if version >= V23 {
        int(r, m, "game data set")?;
        string(r, m, "prologue screen model")?;
    } else if version >= ROC {
        int(r, m, "loading screen number")?;
    } else if version >= V15 {
        string(r, m, "prologue screen model")?;
    }
    if version >= V11 {
        string(r, m, "prologue text")?;
        string(r, m, "prologue title")?;
        if version >= V15 {
            string(r, m, "prologue subtitle")?;
        }
    }
    let environment = if version >= V23 {
        Some(environment(r, version, m)?)
    } else {
        None
    };
    if version >= LUA {
        int(r, m, "script language")?;
    }
    if version >= REFORGED {
        int(r, m, "supported modes")?;
        int(r, m, "game data version")?;
    }
    if version >= PATCH_2 {
        // Three more words, 1250 in every corpus map of this version (no
        // public reader names them yet).
        let b = r.bytes(12, &f("patch 2.0 fields"))?;
        m.other(r, "patch 2.0 fields", hex(b));
    }
    Ok(environment)
}

/// Fog, weather, sound environment, light environment and water tint.
fn environment(
    r: &mut Reader<'_>,
    version: u32,
    m: &mut Marker,
) -> Result<Environment, DecodeError> {
    let f = |name: &str| format!("{FILE} {name}");
    let four = |r: &mut Reader<'_>, name: &str| -> Result<[u8; 4], DecodeError> {
        let b = r.bytes(4, &f(name))?;
        Ok([b[0], b[1], b[2], b[3]])
    };
    let fog_style = r.i32(&f("fog style"))?;
    let fog_z = [r.f32(&f("fog start z"))?, r.f32(&f("fog end z"))?];
    let fog_density = r.f32(&f("fog density"))?;
    let fog_color = four(r, "fog colour")?;
    m.mark(r, "terrain fog");
    let weather = if version >= TFT {
        let w = Some(four(r, "weather")?).filter(|id| *id != [0; 4]);
        m.mark(r, "weather");
        w
    } else {
        None
    };
    let sound = c_string(r, &f("sound environment"))?;
    m.mark(r, "sound environment");
    let light = Some(r.u8(&f("light environment"))?).filter(|&t| t != 0);
    m.mark(r, "light environment");
    let water_tint = four(r, "water tint")?;
    m.mark(r, "water tint");
    Ok(Environment {
        fog_style,
        fog_z,
        fog_density,
        fog_color,
        weather,
        sound,
        light,
        water_tint,
    })
}

/// A count of players or forces, checked against the file.
fn slot_count(r: &mut Reader<'_>, what: &str) -> Result<usize, DecodeError> {
    let at = r.pos();
    let n = r.i32(&format!("{FILE} {what} count"))?;
    if !(0..=MAX_SLOTS).contains(&n) {
        return Err(r.error_at(
            at,
            format!("{FILE} {what} count"),
            format!("is {n}, outside 0..={MAX_SLOTS}"),
        ));
    }
    Ok(n as usize)
}

type Text<'t> =
    dyn FnMut(&mut Reader<'_>, &str, &mut Vec<String>) -> Result<String, DecodeError> + 't;

fn read_players(
    r: &mut Reader<'_>,
    version: u32,
    text: &mut Text<'_>,
    warnings: &mut Vec<String>,
    m: &mut Marker,
) -> Result<Vec<Player>, DecodeError> {
    let n = slot_count(r, "player")?;
    m.mark(r, "players");
    let mut players = Vec::with_capacity(n);
    for i in 0..n {
        let f = |name: &str| format!("{FILE} player {i} {name}");
        let number = r.i32(&f("number"))?;
        // Named as the diff names a player: by its number, from 1.
        let p_ = format!("player {}", number as i64 + 1);
        let named = |field: &str| format!("{p_} {field}");
        m.mark(r, named("number"));
        let controller = r.i32(&f("controller"))?;
        m.mark(r, named("controller"));
        let race = r.i32(&f("race"))?;
        m.mark(r, named("race"));
        let flags = r.i32(&f("flags"))?;
        m.other(r, named("flags"), format!("{flags:#x}"));
        let name = text(r, &format!("player {i} name"), warnings)?;
        m.mark(r, named("name"));
        let start = [r.f32(&f("start x"))?, r.f32(&f("start y"))?];
        m.mark(r, named("start"));
        let mut masks = vec!["ally priorities low", "ally priorities high"];
        if version >= REFORGED {
            masks.extend(["enemy priorities low", "enemy priorities high"]);
        }
        for mask in masks {
            let v = r.u32(&f(mask))?;
            m.other(r, named(mask), members(v));
        }
        players.push(Player {
            number,
            controller,
            race,
            fixed_start: flags & 1 != 0,
            name,
            start,
        });
    }
    Ok(players)
}

/// The players (from 1) a mask of slots names, as text.
pub fn members(mask: u32) -> String {
    let list: Vec<String> = (0..32)
        .filter(|i| mask >> i & 1 == 1)
        .map(|i| (i + 1).to_string())
        .collect();
    match list.is_empty() {
        true => "none".into(),
        false => list.join(" "),
    }
}

fn read_forces(
    r: &mut Reader<'_>,
    text: &mut Text<'_>,
    warnings: &mut Vec<String>,
    m: &mut Marker,
) -> Result<Vec<Force>, DecodeError> {
    let n = slot_count(r, "force")?;
    m.mark(r, "forces");
    let mut forces = Vec::with_capacity(n);
    for i in 0..n {
        let f = |name: &str| format!("{FILE} force {i} {name}");
        let named = |field: &str| format!("force {} {field}", i + 1);
        let flags = r.u32(&f("flags"))?;
        m.mark(r, named("flags"));
        let players = r.u32(&f("players"))?;
        m.mark(r, named("players"));
        let name = text(r, &format!("force {i} name"), warnings)?;
        m.mark(r, named("name"));
        forces.push(Force {
            flags,
            players,
            name,
        });
    }
    Ok(forces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::mpq::Archive;

    /// Every corpus map's w3i decodes, each version seen.
    #[test]
    fn corpus_infos_decode() {
        let Some(corpus) = crate::test_corpus::corpus_dir() else {
            return;
        };
        let subs = std::fs::read_dir(corpus.join("w3x")).unwrap();
        let mut versions = std::collections::BTreeMap::new();
        let (mut tinted, mut fogged) = (Vec::new(), Vec::new());
        for sub in subs.flatten() {
            for e in std::fs::read_dir(sub.path()).unwrap().flatten() {
                let p = e.path();
                let (w3i, wts) = if p.is_dir() {
                    (
                        std::fs::read(p.join(INFO_NAME)).ok(),
                        std::fs::read(p.join("war3map.wts")).ok(),
                    )
                } else {
                    let bytes = std::fs::read(&p).unwrap();
                    let a = Archive::open(&bytes).unwrap();
                    (a.read(INFO_NAME).unwrap(), a.read("war3map.wts").unwrap())
                };
                let Some(w3i) = w3i else { continue };
                let strings = wts.map(|b| Strings::parse(&b).0).unwrap_or_default();
                let (info, warnings) =
                    decode_info(&w3i, &strings).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
                *versions.entry(info.version).or_insert(0) += 1;
                // Version 23 on, the environment; the fog and tint flags
                // are set on maps that change those colours.
                assert_eq!(
                    info.environment.is_some(),
                    info.version >= V23,
                    "{}",
                    p.display()
                );
                if let Some(e) = &info.environment {
                    if e.water_tint[..3] != [255; 3] && e.water_tint != [0; 4] {
                        tinted.push(info.flags & MapInfo::WATER_TINT != 0);
                    }
                    if e.fog_color[..3] != [0; 3] {
                        fogged.push(info.flags & MapInfo::TERRAIN_FOG != 0);
                    }
                }
                assert!(!info.players.is_empty(), "{}", p.display());
                // Every corpus map names itself, through its string table.
                assert!(
                    !info.name.is_empty() && !info.name.starts_with("TRIGSTR"),
                    "{}: {:?}",
                    p.display(),
                    info.name
                );
                assert!(warnings.is_empty(), "{}: {warnings:?}", p.display());
            }
        }
        // Most maps that set a water tint or a fog colour turn it on: the
        // flags mean what `MapInfo` names them.
        let share = |v: &[bool]| v.iter().filter(|&&b| b).count() as f64 / v.len().max(1) as f64;
        assert!(tinted.len() >= 5 && share(&tinted) >= 0.9, "{tinted:?}");
        assert!(fogged.len() >= 5 && share(&fogged) >= 0.6, "{fogged:?}");
        // The corpus holds the 2002 beta's 15 up to patch 2.0's 33.
        assert!(
            versions.contains_key(&15) && versions.contains_key(&33),
            "{versions:?}"
        );
    }

    const INFO_NAME: &str = "war3map.w3i";
}

/// The writer, for tests of every version.
#[cfg(any(test, feature = "samples"))]
mod write;
#[cfg(any(test, feature = "samples"))]
pub use write::encode_info;
