//! `mapscope walk`'s scripts: a start, then stretches of ticks with the keys
//! held and where the player looks, replayed through the servers' physics
//! ([`super::player`]) with one line of state a tick.
//!
//! ```text
//! x y z                                        the start (z down)
//! ticks mf mb ml mr jump crouch sneak sprint ox oy oz
//! ```

use super::player::{Keys, Landing, Player, TICK};
use super::solids::Solids;
use std::fmt::Write as _;

/// A script's fault, with its 1-based line.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ScriptError {
    pub line: usize,
    pub message: String,
}

/// One stretch of ticks with the same input.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stretch {
    pub ticks: u32,
    pub keys: Keys,
    pub jump: bool,
    pub crouch: bool,
    /// Where the player looks, as given (the player normalises it).
    pub look: [f32; 3],
}

/// A parsed script.
#[derive(Debug, Clone, PartialEq)]
pub struct Script {
    pub start: [f32; 3],
    pub stretches: Vec<Stretch>,
}

/// The columns of a stretch's line, for messages.
const COLUMNS: [&str; 12] = [
    "ticks", "mf", "mb", "ml", "mr", "jump", "crouch", "sneak", "sprint", "ox", "oy", "oz",
];

impl Script {
    /// Reads a script; blank lines and lines starting with `#` are skipped.
    /// The start must lie over the map (x, y inside it, z above its
    /// bottom): `dims` is the map's width, length and depth.
    pub fn parse(text: &str, dims: [u32; 3]) -> Result<Script, ScriptError> {
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'));
        let Some((line, first)) = lines.next() else {
            return Err(ScriptError {
                line: 1,
                message: "the script is empty: its first line is the start, x y z".into(),
            });
        };
        let start = parse_start(first, dims).map_err(|message| ScriptError { line, message })?;
        let stretches = lines
            .map(|(line, l)| parse_stretch(l).map_err(|message| ScriptError { line, message }))
            .collect::<Result<_, _>>()?;
        Ok(Script { start, stretches })
    }

    /// Replays the script on `map`, calling `each` after every tick with
    /// the tick's number (from 1), the player and what the tick did.
    pub fn replay(&self, map: &Solids, mut each: impl FnMut(u64, &Player, Landing)) -> Player {
        let mut player = Player::at(self.start);
        let mut clock = Clock::default();
        for s in &self.stretches {
            player.set_crouch(s.crouch);
            player.keys = s.keys;
            player.look(s.look);
            player.ask_jump(s.jump);
            for _ in 0..s.ticks {
                let (now, dt) = clock.advance();
                let landing = player.tick(map, now, dt);
                each(clock.ticks, &player, landing);
            }
        }
        player
    }
}

/// World time as the servers keep it (pyspades' `World.update`).
#[derive(Debug, Clone, Copy, Default)]
pub struct Clock {
    /// The servers keep it as a float, adding to it in doubles.
    time: f32,
    pub ticks: u64,
}

impl Clock {
    /// The next tick: its end time and length, as the physics takes them.
    pub fn advance(&mut self) -> (f32, f32) {
        self.time = (self.time as f64 + TICK) as f32;
        self.ticks += 1;
        (self.time, TICK as f32)
    }
}

/// One output line: `tick px py pz vx vy vz airborne wade damage`.
pub fn tick_line(out: &mut String, tick: u64, p: &Player, landing: Landing) {
    let [px, py, pz] = p.p;
    let [vx, vy, vz] = p.v;
    let _ = writeln!(
        out,
        "{tick} {px:.5} {py:.5} {pz:.5} {vx:.5} {vy:.5} {vz:.5} {} {} {}",
        p.airborne as u8,
        p.wade as u8,
        landing.code()
    );
}

fn parse_start(line: &str, dims: [u32; 3]) -> Result<[f32; 3], String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() != 3 {
        return Err(format!(
            "the start is three numbers, x y z; found {} words",
            words.len()
        ));
    }
    let mut p = [0f32; 3];
    for (i, w) in words.iter().enumerate() {
        p[i] = number(w, ["x", "y", "z"][i])?;
    }
    let [w, l, d] = dims.map(|v| v as f32);
    if !(0.0..w).contains(&p[0]) || !(0.0..l).contains(&p[1]) {
        return Err(format!(
            "the start ({}, {}) is outside the map, which is {w} x {l}",
            p[0], p[1]
        ));
    }
    if p[2] >= d {
        return Err(format!(
            "the start's z {} is below the map's bottom ({d})",
            p[2]
        ));
    }
    Ok(p)
}

fn parse_stretch(line: &str) -> Result<Stretch, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.len() != COLUMNS.len() {
        return Err(format!(
            "a stretch has {} columns ({}); found {}",
            COLUMNS.len(),
            COLUMNS.join(" "),
            words.len()
        ));
    }
    let ticks = words[0].parse::<u32>().map_err(|_| {
        let whole = words[0].bytes().all(|b| b.is_ascii_digit());
        match whole && !words[0].is_empty() {
            // A whole number past what a stretch can hold: say the limit.
            true => format!(
                "ticks {} is more than a stretch can hold ({} ticks, {} days at 60 a second): split it over lines",
                words[0],
                u32::MAX,
                u32::MAX / 60 / 86_400
            ),
            false => format!(
                "ticks {:?} is not a whole number of ticks, 0 or more",
                words[0]
            ),
        }
    })?;
    let mut flags = [false; 8];
    for (i, flag) in flags.iter_mut().enumerate() {
        *flag = match words[i + 1] {
            "0" => false,
            "1" => true,
            w => return Err(format!("{} {w:?} is not 0 or 1", COLUMNS[i + 1])),
        };
    }
    let mut look = [0f32; 3];
    for (i, o) in look.iter_mut().enumerate() {
        *o = number(words[9 + i], COLUMNS[9 + i])?;
    }
    let [forward, back, left, right, jump, crouch, sneak, sprint] = flags;
    Ok(Stretch {
        ticks,
        keys: Keys {
            forward,
            back,
            left,
            right,
            sneak,
            sprint,
        },
        jump,
        crouch,
        look,
    })
}

fn number(word: &str, name: &str) -> Result<f32, String> {
    match word.parse::<f32>() {
        Ok(v) if v.is_finite() => Ok(v),
        _ => Err(format!("{name} {word:?} is not a number")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_scripts_name_their_line() {
        let dims = [512, 512, 64];
        let err = |t: &str| Script::parse(t, dims).unwrap_err();
        assert_eq!(err("").line, 1);
        assert_eq!(err("1 2").line, 1);
        assert_eq!(err("# start\n\n1 2 3\n10 1 0 0 0 0 0 0 0 1 0").line, 4);
        assert!(err("1 2 3\n-5 1 0 0 0 0 0 0 0 1 0 0")
            .message
            .contains("whole number"));
        let huge = err("1 2 3\n1000000000000 1 0 0 0 0 0 0 0 1 0 0").message;
        assert!(huge.contains("4294967295"), "{huge}");
        assert!(!huge.contains("whole number"), "{huge}");
        assert!(err("1 2 3\n5 1 0 0 0 0 2 0 0 1 0 0")
            .message
            .contains("crouch"));
        assert!(err("1 2 x").message.contains("z"));
        assert!(err("600 2 3").message.contains("outside"));
        assert!(err("1 2 64").message.contains("bottom"));
        assert!(err("1 2 3\n5 1 0 0 0 0 0 0 0 1 0 NaN")
            .message
            .contains("oz"));
        let ok = Script::parse("1 2 -10\n5 1 0 0 0 1 0 0 0 3 0 0", dims).unwrap();
        assert_eq!(ok.stretches.len(), 1);
        assert!(ok.stretches[0].jump && ok.stretches[0].keys.forward);
    }

    #[test]
    fn a_player_falls_lands_and_is_hurt_by_a_long_fall() {
        let map = Solids::flat(16, 16, 64, 60);
        let script = Script::parse("8 8 -40\n400 0 0 0 0 0 0 0 0 1 0 0", map.dims()).unwrap();
        let mut damage = Vec::new();
        let end = script.replay(&map, |_, _, l| {
            if l != Landing::None {
                damage.push(l);
            }
        });
        assert!(!end.airborne);
        assert!(
            (59.4..60.0).contains(&end.feet()),
            "stands on z 60: {}",
            end.feet()
        );
        assert!(matches!(damage[..], [Landing::Damage(d)] if d > 0));
    }
}
