//! Writing a w3i of any version mapscope reads, with the fields it does
//! not keep empty or zero: for tests, benchmarks and fuzz seeds.

use super::*;

/// Writes `info` as a w3i of `info.version`, with the fields mapscope does
/// not keep empty or zero: for tests of every version.
pub fn encode_info(info: &MapInfo) -> Vec<u8> {
    let v = info.version;
    let mut out = Vec::new();
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
    screens_and_environment(&mut out, info);
    players_and_forces(&mut out, info);
    // No upgrades, tech or random tables.
    u32s(&mut out, &[0, 0]);
    out
}

fn u32s(out: &mut Vec<u8>, words: &[u32]) {
    for w in words {
        out.extend_from_slice(&w.to_le_bytes());
    }
}

fn string(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(s.as_bytes());
    out.push(0);
}

/// The loading and prologue screens, as `screens` reads them (numbers -1,
/// strings empty), then the environment and what later versions add.
fn screens_and_environment(out: &mut Vec<u8>, info: &MapInfo) {
    let v = info.version;
    let none = (-1i32) as u32;
    if v >= V23 {
        u32s(out, &[none]);
        string(out, "");
    } else if v >= ROC {
        u32s(out, &[none]);
    } else if v >= V15 {
        string(out, "");
    }
    if v < V10 {
        return;
    }
    let strings = 2 + (v >= V15) as usize;
    out.extend(std::iter::repeat_n(0, strings));
    if v >= V23 {
        u32s(out, &[0]);
        string(out, "");
    } else if v >= ROC {
        u32s(out, &[none]);
    } else if v >= V15 {
        string(out, "");
    }
    if v >= V11 {
        out.extend(std::iter::repeat_n(0, 2 + (v >= V15) as usize));
    }
    if v >= V23 {
        let e = info.environment.clone().unwrap_or_default();
        u32s(out, &[e.fog_style as u32]);
        for x in [e.fog_z[0], e.fog_z[1], e.fog_density] {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out.extend_from_slice(&e.fog_color);
        if v >= TFT {
            out.extend_from_slice(&e.weather.unwrap_or_default());
        }
        string(out, &e.sound);
        out.push(e.light.unwrap_or(0));
        out.extend_from_slice(&e.water_tint);
    }
    if v >= LUA {
        u32s(out, &[0]);
    }
    if v >= REFORGED {
        u32s(out, &[3, 1]);
    }
    if v >= PATCH_2 {
        u32s(out, &[1250; 3]);
    }
}

fn players_and_forces(out: &mut Vec<u8>, info: &MapInfo) {
    u32s(out, &[info.players.len() as u32]);
    for p in &info.players {
        u32s(
            out,
            &[
                p.number as u32,
                p.controller as u32,
                p.race as u32,
                p.fixed_start as u32,
            ],
        );
        string(out, &p.name);
        for c in p.start {
            out.extend_from_slice(&c.to_le_bytes());
        }
        u32s(out, &[0, 0]);
        if info.version >= REFORGED {
            u32s(out, &[0, 0]);
        }
    }
    u32s(out, &[info.forces.len() as u32]);
    for f in &info.forces {
        u32s(out, &[f.flags, f.players]);
        string(out, &f.name);
    }
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
            other: Vec::new(),
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
            // The fields kept as text: checked by the diff's tests.
            want.other = got.other.clone();
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
