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

/// Reads the w3i, resolving its strings through `strings`.
pub fn decode_info(bytes: &[u8], strings: &Strings) -> Result<(MapInfo, Vec<String>), DecodeError> {
    let mut r = Reader::new(bytes, Format::W3x);
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
    let mut info = MapInfo {
        version,
        ..MapInfo::default()
    };
    if version >= ROC {
        info.saves = r.u32(&f("saves"))?;
        info.editor_version = r.u32(&f("editor version"))?;
        if version >= V27 {
            let mut v = [0u32; 4];
            for (i, part) in v.iter_mut().enumerate() {
                *part = r.u32(&f(&format!("game version part {i}")))?;
            }
            info.game_version = Some(v);
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
    info.author = text(&mut r, "map author", &mut warnings)?;
    info.description = text(&mut r, "map description", &mut warnings)?;
    info.suggested_players = text(&mut r, "suggested players", &mut warnings)?;
    if version == 8 {
        // Six fields of the 2002 beta that later versions dropped.
        r.bytes(24, &f("beta fields"))?;
    }
    for (i, v) in info.camera_bounds.iter_mut().enumerate() {
        *v = r.f32(&f(&format!("camera bound {i}")))?;
    }
    if version >= V15 {
        for (i, v) in info.bounds_complements.iter_mut().enumerate() {
            *v = r.i32(&f(&format!("camera bound complement {i}")))?;
        }
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
    if version == 8 {
        r.u32(&f("beta field"))?;
    }
    info.flags = r.u32(&f("flags"))?;
    info.tileset = r.u8(&f("tileset"))?;
    info.environment = screens(&mut r, version)?;
    info.players = read_players(&mut r, version, &mut text, &mut warnings)?;
    info.forces = read_forces(&mut r, &mut text, &mut warnings)?;
    // Upgrades, tech and random tables follow; mapscope shows none of them.
    Ok((info, warnings))
}

/// Reads past the loading and prologue screens, script language and game
/// data, fields a viewer does not show, as each version has them; keeps
/// the fog, weather, sound, light and water between them.
fn screens(r: &mut Reader<'_>, version: u32) -> Result<Option<Environment>, DecodeError> {
    let f = |name: &str| format!("{FILE} {name}");
    let skip_string = |r: &mut Reader<'_>, name: &str| c_string(r, &f(name)).map(drop);
    if version >= V23 {
        r.i32(&f("loading screen number"))?;
        skip_string(r, "loading screen model")?;
    } else if version >= ROC {
        r.i32(&f("campaign background"))?;
    } else if version >= V15 {
        skip_string(r, "loading screen model")?;
    }
    if version < V10 {
        return Ok(None);
    }
    skip_string(r, "loading screen text")?;
    skip_string(r, "loading screen title")?;
    if version >= V15 {
        skip_string(r, "loading screen subtitle")?;
    }
    if version >= V23 {
        r.i32(&f("game data set"))?;
        skip_string(r, "prologue screen model")?;
    } else if version >= ROC {
        r.i32(&f("loading screen number"))?;
    } else if version >= V15 {
        skip_string(r, "prologue screen model")?;
    }
    if version >= V11 {
        skip_string(r, "prologue text")?;
        skip_string(r, "prologue title")?;
        if version >= V15 {
            skip_string(r, "prologue subtitle")?;
        }
    }
    let environment = if version >= V23 {
        Some(environment(r, version)?)
    } else {
        None
    };
    if version >= LUA {
        r.i32(&f("script language"))?;
    }
    if version >= REFORGED {
        r.i32(&f("supported modes"))?;
        r.i32(&f("game data version"))?;
    }
    if version >= PATCH_2 {
        // Three more words, 1250 in every corpus map of this version (no
        // public reader names them yet).
        r.bytes(12, &f("patch 2.0 fields"))?;
    }
    Ok(environment)
}

/// Fog, weather, sound environment, light environment and water tint.
fn environment(r: &mut Reader<'_>, version: u32) -> Result<Environment, DecodeError> {
    let f = |name: &str| format!("{FILE} {name}");
    let four = |r: &mut Reader<'_>, name: &str| -> Result<[u8; 4], DecodeError> {
        let b = r.bytes(4, &f(name))?;
        Ok([b[0], b[1], b[2], b[3]])
    };
    let fog_style = r.i32(&f("fog style"))?;
    let fog_z = [r.f32(&f("fog start z"))?, r.f32(&f("fog end z"))?];
    let fog_density = r.f32(&f("fog density"))?;
    let fog_color = four(r, "fog colour")?;
    let weather = if version >= TFT {
        Some(four(r, "weather")?).filter(|id| *id != [0; 4])
    } else {
        None
    };
    let sound = c_string(r, &f("sound environment"))?;
    let light = Some(r.u8(&f("light environment"))?).filter(|&t| t != 0);
    let water_tint = four(r, "water tint")?;
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
) -> Result<Vec<Player>, DecodeError> {
    let n = slot_count(r, "player")?;
    let mut players = Vec::with_capacity(n);
    for i in 0..n {
        let f = |name: &str| format!("{FILE} player {i} {name}");
        let mut p = Player {
            number: r.i32(&f("number"))?,
            controller: r.i32(&f("controller"))?,
            race: r.i32(&f("race"))?,
            fixed_start: r.i32(&f("flags"))? & 1 != 0,
            ..Player::default()
        };
        p.name = text(r, &format!("player {i} name"), warnings)?;
        p.start = [r.f32(&f("start x"))?, r.f32(&f("start y"))?];
        r.bytes(8, &f("ally priorities"))?;
        if version >= REFORGED {
            r.bytes(8, &f("enemy priorities"))?;
        }
        players.push(p);
    }
    Ok(players)
}

fn read_forces(
    r: &mut Reader<'_>,
    text: &mut Text<'_>,
    warnings: &mut Vec<String>,
) -> Result<Vec<Force>, DecodeError> {
    let n = slot_count(r, "force")?;
    let mut forces = Vec::with_capacity(n);
    for i in 0..n {
        let f = |name: &str| format!("{FILE} force {i} {name}");
        let flags = r.u32(&f("flags"))?;
        let players = r.u32(&f("players"))?;
        let name = text(r, &format!("force {i} name"), warnings)?;
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

/// Writes `info` as a w3i of `info.version`, with the fields mapscope does
/// not keep empty or zero: for tests of every version.
#[cfg(any(test, feature = "samples"))]
pub fn encode_info(info: &MapInfo) -> Vec<u8> {
    let v = info.version;
    let mut out = Vec::new();
    let u32s = |out: &mut Vec<u8>, words: &[u32]| {
        for w in words {
            out.extend_from_slice(&w.to_le_bytes());
        }
    };
    let string = |out: &mut Vec<u8>, s: &str| {
        out.extend_from_slice(s.as_bytes());
        out.push(0);
    };
    u32s(&mut out, &[v]);
    if v >= ROC {
        u32s(&mut out, &[info.saves, info.editor_version]);
        if v >= V27 {
            u32s(&mut out, &info.game_version.unwrap_or_default());
        }
    }
    for s in [
        &info.name,
        &info.author,
        &info.description,
        &info.suggested_players,
    ] {
        string(&mut out, s);
    }
    if v == 8 {
        out.extend_from_slice(&[0; 24]);
    }
    for b in info.camera_bounds {
        out.extend_from_slice(&b.to_le_bytes());
    }
    if v >= V15 {
        u32s(&mut out, &info.bounds_complements.map(|c| c as u32));
    }
    u32s(&mut out, &info.playable);
    if v == 8 {
        u32s(&mut out, &[0]);
    }
    u32s(&mut out, &[info.flags]);
    out.push(info.tileset);
    // The screens, as `screens` reads them: numbers -1, strings empty.
    let none = (-1i32) as u32;
    if v >= V23 {
        u32s(&mut out, &[none]);
        string(&mut out, "");
    } else if v >= ROC {
        u32s(&mut out, &[none]);
    } else if v >= V15 {
        string(&mut out, "");
    }
    if v >= V10 {
        let strings = 2 + (v >= V15) as usize;
        out.extend(std::iter::repeat_n(0, strings));
        if v >= V23 {
            u32s(&mut out, &[0]);
            string(&mut out, "");
        } else if v >= ROC {
            u32s(&mut out, &[none]);
        } else if v >= V15 {
            string(&mut out, "");
        }
        if v >= V11 {
            out.extend(std::iter::repeat_n(0, 2 + (v >= V15) as usize));
        }
        if v >= V23 {
            let e = info.environment.clone().unwrap_or_default();
            u32s(&mut out, &[e.fog_style as u32]);
            for x in [e.fog_z[0], e.fog_z[1], e.fog_density] {
                out.extend_from_slice(&x.to_le_bytes());
            }
            out.extend_from_slice(&e.fog_color);
            if v >= TFT {
                out.extend_from_slice(&e.weather.unwrap_or_default());
            }
            string(&mut out, &e.sound);
            out.push(e.light.unwrap_or(0));
            out.extend_from_slice(&e.water_tint);
        }
        if v >= LUA {
            u32s(&mut out, &[0]);
        }
        if v >= REFORGED {
            u32s(&mut out, &[3, 1]);
        }
        if v >= PATCH_2 {
            u32s(&mut out, &[1250; 3]);
        }
    }
    u32s(&mut out, &[info.players.len() as u32]);
    for p in &info.players {
        u32s(
            &mut out,
            &[
                p.number as u32,
                p.controller as u32,
                p.race as u32,
                p.fixed_start as u32,
            ],
        );
        string(&mut out, &p.name);
        for c in p.start {
            out.extend_from_slice(&c.to_le_bytes());
        }
        u32s(&mut out, &[0, 0]);
        if v >= REFORGED {
            u32s(&mut out, &[0, 0]);
        }
    }
    u32s(&mut out, &[info.forces.len() as u32]);
    for f in &info.forces {
        u32s(&mut out, &[f.flags, f.players]);
        string(&mut out, &f.name);
    }
    // No upgrades, tech or random tables.
    u32s(&mut out, &[0, 0]);
    out
}

#[cfg(test)]
mod round_trip {
    use super::*;

    /// Every version mapscope reads, from the 2002 beta to patch 2.0.
    pub const VERSIONS: [u32; 13] = [8, 10, 11, 15, 18, 23, 24, 25, 26, 27, 28, 31, 33];

    fn sample(version: u32) -> MapInfo {
        MapInfo {
            version,
            saves: if version >= ROC { 7 } else { 0 },
            editor_version: if version >= ROC { 6059 } else { 0 },
            game_version: (version >= V27).then_some([1, 32, 10, 18820]),
            name: "TRIGSTR_001".into(),
            author: "Blizzard".into(),
            description: "TRIGSTR_003".into(),
            suggested_players: "2v2".into(),
            camera_bounds: [-1.0, -2.0, 3.0, 4.0, -5.0, 6.0, 7.0, -8.0],
            bounds_complements: if version >= V15 { [6, 6, 4, 8] } else { [0; 4] },
            playable: [84, 84],
            flags: 0x8c14,
            tileset: b'L',
            environment: (version >= V23).then(|| Environment {
                fog_style: 1,
                fog_z: [1000.0, 6500.5],
                fog_density: 0.5,
                fog_color: [200, 100, 50, 255],
                weather: (version >= TFT).then_some(*b"SNbs"),
                sound: "cave".into(),
                light: Some(b'N'),
                water_tint: [255, 40, 40, 200],
            }),
            players: (0..4)
                .map(|i| Player {
                    number: i,
                    controller: 1,
                    race: i % 4 + 1,
                    fixed_start: i == 0,
                    name: format!("Player {}", i + 1),
                    start: [-1024.0 * i as f32, 512.5],
                })
                .collect(),
            forces: vec![Force {
                flags: 0,
                players: 0b1111,
                name: "TRIGSTR_002".into(),
            }],
        }
    }

    #[test]
    fn every_version_reads_back_with_strings_resolved() {
        let (strings, _) = Strings::parse(b"STRING 1\n{\nEcho Isles\n}\nSTRING 2\n{\nForce 1\n}\n");
        for version in VERSIONS {
            let info = sample(version);
            let bytes = encode_info(&info);
            let (got, warnings) =
                decode_info(&bytes, &strings).unwrap_or_else(|e| panic!("v{version}: {e}"));
            let mut want = info.clone();
            want.name = "Echo Isles".into();
            want.forces[0].name = "Force 1".into();
            assert_eq!(got, want, "v{version}");
            // TRIGSTR_003 is not in the table: kept, and said.
            assert_eq!(warnings.len(), 1, "v{version}: {warnings:?}");
            assert!(warnings[0].contains("TRIGSTR_003"), "{warnings:?}");
            // Cut anywhere, it fails naming a w3i field.
            for cut in [1, 20, bytes.len() / 2, bytes.len() - 9] {
                let e = decode_info(&bytes[..cut], &strings).unwrap_err();
                assert!(
                    e.field.starts_with("war3map.w3i"),
                    "v{version} cut {cut}: {e}"
                );
            }
        }
        let e = decode_info(&34u32.to_le_bytes(), &strings).unwrap_err();
        assert!(e.problem.contains("versions 8 to 33"), "{e}");
    }
}
