//! A replay opened in the viewer: the game put on its map (found as
//! `mapscope replay` finds it), and the timeline's state. Time is the
//! game's: `ms` is a point of the replay's own clock, which play advances
//! at 1x-64x and the scrubber and the build list set; nothing else keeps
//! time beside it.

use crate::formats::w3g::Replay;
use crate::kinds::game::{self, Game};
use crate::replays::find_map::{Found, Maps};
use crate::store::Map;

/// The speeds play offers.
pub const SPEEDS: [u32; 7] = [1, 2, 4, 8, 16, 32, 64];

/// A replay and its game on the map, with the scene positions the marks
/// are drawn at (worked out once, on the loader's thread).
pub struct GameFile {
    pub replay: Replay,
    pub found: Found,
    pub game: Game,
    /// Scene positions of `game.builds`, `replay.orders` and
    /// `replay.pings`, in their orders.
    pub build_points: Vec<[f32; 3]>,
    pub order_points: Vec<[f32; 3]>,
    pub ping_points: Vec<[f32; 3]>,
}

impl GameFile {
    /// The game joined with `map` (with its fairness table, so that the
    /// natural is `analyze`'s).
    pub fn new(replay: Replay, found: Found, map: &Map) -> GameFile {
        let ground = crate::kinds::of(map)
            .ground_map()
            .ok()
            .map(|g| crate::analysis::analyze(&g));
        let w = crate::kinds::replay_map(map).ok();
        let game = match w {
            Some(w) => game::join(&replay, w, ground.as_ref()),
            None => game::join(&replay, &Default::default(), None),
        };
        let point = |at: [f32; 2]| w.map_or([0.0; 3], |w| game::scene_point(w, at));
        GameFile {
            build_points: game.builds.iter().map(|b| point(b.at)).collect(),
            order_points: replay.orders.iter().map(|o| point([o.x, o.y])).collect(),
            ping_points: replay.pings.iter().map(|p| point([p.x, p.y])).collect(),
            replay,
            found,
            game,
        }
    }
}

/// The replay at `file` (the file being opened, if any) and the map found
/// for it; `None` where it is no replay, and why where its map cannot be
/// found.
pub fn replay_of(file: Option<&std::path::Path>) -> Result<Option<(Replay, Found)>, String> {
    let Some(path) = file else {
        return Ok(None);
    };
    if !crate::replays::is_replay_file(path) {
        return Ok(None);
    }
    let replay = crate::replays::read(path)?;
    let mut folders: Vec<std::path::PathBuf> =
        path.parent().map(|p| p.to_path_buf()).into_iter().collect();
    folders.extend(super::recent::maps_folders());
    let found = Maps::scan(&folders).find(&replay.map_path).ok_or_else(|| {
        format!(
            "{}: its map ({}) was not found beside it or in the folders maps were opened from; open the map once from its folder, or put it beside the replay",
            path.display(),
            replay.map_path
        )
    })?;
    Ok(Some((replay, found)))
}

/// The timeline and what it shows.
pub struct GameView {
    pub file: Box<GameFile>,
    /// Game time shown, ms.
    pub ms: f64,
    pub playing: bool,
    /// Game milliseconds a real one: one of [`SPEEDS`].
    pub speed: u32,
    /// Players (replay ids) whose marks and builds are hidden.
    pub hidden: Vec<u8>,
    /// The build list scrolls to the time when it changes.
    pub follow: bool,
}

impl GameView {
    pub fn new(file: Box<GameFile>) -> GameView {
        GameView {
            file,
            ms: 0.0,
            playing: false,
            speed: 8,
            hidden: Vec::new(),
            follow: true,
        }
    }

    pub fn duration(&self) -> f64 {
        f64::from(self.file.replay.duration_ms)
    }

    /// Play's step: `dt` real seconds at the speed; stops at the end.
    pub fn advance(&mut self, dt: f32) {
        if !self.playing {
            return;
        }
        self.ms = (self.ms + f64::from(dt) * 1000.0 * f64::from(self.speed)).min(self.duration());
        self.follow = true;
        if self.ms >= self.duration() {
            self.playing = false;
        }
    }

    /// Sets the time (the scrubber, a build clicked).
    pub fn seek(&mut self, ms: f64) {
        self.ms = ms.clamp(0.0, self.duration());
        self.follow = true;
    }

    pub fn shown(&self, player: u8) -> bool {
        !self.hidden.contains(&player)
    }

    pub fn toggle(&mut self, player: u8) {
        match self.hidden.iter().position(|&p| p == player) {
            Some(i) => {
                self.hidden.remove(i);
            }
            None => self.hidden.push(player),
        }
    }

    /// The timeline's keys: K play or pause, J and L ten seconds back and
    /// on, comma and period slower and faster, 1-9 show or hide the n-th
    /// player. False for any other key.
    pub fn key(&mut self, code: winit::keyboard::KeyCode) -> bool {
        use winit::keyboard::KeyCode as K;
        let step = |v: &Self, d: i32| {
            let i = SPEEDS.iter().position(|&s| s == v.speed).unwrap_or(3) as i32;
            SPEEDS[(i + d).clamp(0, SPEEDS.len() as i32 - 1) as usize]
        };
        match code {
            K::KeyK => {
                if !self.playing && self.ms >= self.duration() {
                    self.seek(0.0);
                }
                self.playing = !self.playing;
            }
            K::KeyJ => self.seek(self.ms - 10_000.0),
            K::KeyL => self.seek(self.ms + 10_000.0),
            K::Comma => self.speed = step(self, -1),
            K::Period => self.speed = step(self, 1),
            _ => {
                let digits = [
                    K::Digit1,
                    K::Digit2,
                    K::Digit3,
                    K::Digit4,
                    K::Digit5,
                    K::Digit6,
                    K::Digit7,
                    K::Digit8,
                    K::Digit9,
                ];
                let Some(n) = digits.iter().position(|&d| d == code) else {
                    return false;
                };
                let id = self
                    .file
                    .replay
                    .players
                    .iter()
                    .filter(|p| !p.is_observer)
                    .nth(n)
                    .map(|p| p.id);
                if let Some(id) = id {
                    self.toggle(id);
                }
            }
        }
        true
    }

    /// A player's colour (by the replay's player id).
    pub fn colour(&self, player: u8) -> [u8; 3] {
        self.file
            .replay
            .players
            .iter()
            .find(|p| p.id == player)
            .and_then(|p| crate::mesh::player_colors::player_color(usize::from(p.colour)))
            .unwrap_or([255, 255, 255])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view() -> GameView {
        use crate::formats::w3g::write::{game, Sample};
        let bytes = game(
            Sample::new(10100, 6115),
            "Maps/x.w3x",
            &[
                (5_000, 1, *b"hhou", 0.0, 0.0),
                (60_000, 2, *b"usep", 0.0, 0.0),
            ],
        );
        let replay = crate::formats::w3g::decode(&bytes).unwrap();
        let found = Found {
            path: "x.w3x".into(),
            how: crate::replays::find_map::How::Name,
            versions: (None, None),
        };
        let map = crate::formats::decode(crate::app::loader::DEMO, &Default::default()).ok();
        let file = match map {
            Some(m) => GameFile::new(replay, found, &m),
            None => unreachable!("the demo map decodes"),
        };
        GameView::new(Box::new(file))
    }

    #[test]
    fn play_runs_the_games_clock_at_its_speed_and_stops_at_the_end() {
        let mut v = view();
        assert_eq!(v.duration(), 60_000.0);
        v.advance(1.0);
        assert_eq!(v.ms, 0.0, "paused, time stands");
        v.playing = true;
        v.speed = 4;
        v.advance(0.5);
        assert_eq!(v.ms, 2_000.0);
        v.speed = 64;
        v.advance(1.0);
        assert_eq!((v.ms, v.playing), (60_000.0, false));
        v.seek(-5.0);
        assert_eq!(v.ms, 0.0);
        v.toggle(2);
        assert!(!v.shown(2) && v.shown(1));
        v.toggle(2);
        assert!(v.shown(2));
        use winit::keyboard::KeyCode as K;
        assert!(v.key(K::KeyL) && v.ms == 10_000.0);
        v.key(K::Period);
        assert_eq!(v.speed, 64, "as fast as it goes");
        v.key(K::Comma);
        assert_eq!(v.speed, 32);
        v.key(K::Digit2);
        assert!(!v.shown(2), "2: the second player");
        assert!(!v.key(K::KeyW), "not the timeline's");
    }
}
