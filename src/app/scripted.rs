//! Scripted runs (`--screenshot`): the picture to save once the map is
//! shown, the frames to time first, and the windows and modes to open from
//! the start. Kept apart from what a person at the window changes.

use super::App;
use std::path::PathBuf;

/// A scripted run: draw until the map has settled (and `measure_frames`
/// more), save the window's picture with the overlay, and exit.
#[derive(Debug)]
pub(super) struct Script {
    pub picture: PathBuf,
    /// The picture's size; the window's when `None`.
    pub size: Option<[u32; 2]>,
    pub measure_frames: u32,
    /// Milliseconds from one settled frame's start to the next.
    pub between: Vec<f32>,
    /// Milliseconds of each settled frame's own work.
    pub work: Vec<f32>,
    /// Frames drawn of the error screen, when the map failed to load.
    pub failure_frames: u32,
    /// Milliseconds from a click or a key to the end of the second frame
    /// after it, which shows its answer (a menu opens in two passes).
    pub latency: Vec<f32>,
    /// The 3D view's resolution at each settled frame, as a fraction.
    pub scales: Vec<f32>,
    /// Settled frames that left far chunks out for the face budget.
    pub left_out: u32,
}

impl Script {
    pub fn new(picture: PathBuf, size: Option<[u32; 2]>, measure_frames: u32) -> Script {
        Script {
            picture,
            size,
            measure_frames,
            between: Vec::new(),
            work: Vec::new(),
            failure_frames: 0,
            latency: Vec::new(),
            scales: Vec::new(),
            left_out: 0,
        }
    }

    /// Whether enough settled frames were drawn for the picture.
    pub fn measured(&self) -> bool {
        self.between.len() > self.measure_frames as usize
    }
}

impl App {
    /// The end of a scripted run: the frame times, then the picture.
    pub(super) fn finish_script(&mut self) {
        let Some(s) = self.script.take() else {
            return;
        };
        if s.measure_frames > 0 {
            let between = s.between.get(1..).unwrap_or_default();
            println!("between frames: {}", frame_report(between));
            println!("frame work: {}", frame_report(&s.work));
            if !s.latency.is_empty() {
                println!("input to screen: {}", frame_report(&s.latency));
            }
            let low = s.scales.iter().filter(|&&k| k < 1.0).count();
            if low > 0 {
                println!(
                    "3D view reduced while moving (half resolution, far chunks coarser) in {low} of {} frames, far chunks left out in {}",
                    s.scales.len(),
                    s.left_out
                );
            }
        }
        let size = s.size.unwrap_or_else(|| {
            self.gfx
                .as_ref()
                .map_or([1280, 720], |g| [g.config.width, g.config.height])
        });
        match self.screenshot(&s.picture, size, true) {
            Ok(()) => println!("wrote {}", s.picture.display()),
            // The load's error, when there is one, is the one to report.
            Err(e) => {
                self.exit_error.get_or_insert(format!("{e:#}"));
            }
        }
    }
}

/// Windows and modes to open at start: `orbit`, `browser`,
/// `screenshot-settings`, `f12` (take a screenshot as F12 does once the
/// map is shown), `pathing`, `minimap`, `spin` (turn the camera), `walk`
/// (walk mode, from a spawn or where the first view looks), `fly` (with
/// `walk`: flying on from the player's eye at once), and `moving`
/// (the scripted picture as the moving view draws it), `analysis` (the
/// Analysis window) and `distance` (ground distances from player 1).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StartWith {
    pub orbit: bool,
    pub browser: bool,
    pub screenshot_settings: bool,
    pub f12: bool,
    /// The pathing overlays (not walkable, not buildable) on.
    pub pathing: bool,
    /// View → Minimap.
    pub minimap: bool,
    /// Turn the camera a little every frame (to measure frames while the
    /// camera moves).
    pub spin: bool,
    /// Walk mode (P) once the map is shown.
    pub walk: bool,
    /// With `walk`: fly on at once from the player's eye (a fly camera
    /// where a player stands, to compare frames with walking).
    pub fly: bool,
    /// Draw the scripted picture as the last frame was drawn while the
    /// camera moved (its levels of detail and face budget; at the
    /// picture's own resolution), not at full detail: to see what moving
    /// shows.
    pub moving: bool,
    /// The Analysis window open (the picture waits for its figures).
    pub analysis: bool,
    /// The ground-distance overlay from player 1's start location.
    pub distance: bool,
}

impl StartWith {
    /// Parses a comma-separated list of the names above.
    pub fn parse(text: &str) -> Result<StartWith, String> {
        let mut s = StartWith::default();
        for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            match word {
                "orbit" => s.orbit = true,
                "browser" => s.browser = true,
                "screenshot-settings" => s.screenshot_settings = true,
                "f12" => s.f12 = true,
                "pathing" => s.pathing = true,
                "minimap" => s.minimap = true,
                "spin" => s.spin = true,
                "walk" => s.walk = true,
                "fly" => s.fly = true,
                "moving" => s.moving = true,
                "analysis" => s.analysis = true,
                "distance" => s.distance = true,
                _ => {
                    return Err(format!(
                    "unknown {word:?} (known: orbit, browser, screenshot-settings, f12, pathing, minimap, spin, walk, fly, moving, analysis, distance)"
                ))
                }
            }
        }
        Ok(s)
    }
}

/// "frames: N, mean M ms, median D ms, min A ms, max B ms".
pub fn frame_report(times: &[f32]) -> String {
    let mut sorted = times.to_vec();
    sorted.sort_by(f32::total_cmp);
    let n = sorted.len().max(1);
    format!(
        "frames: {}, mean {:.1} ms, median {:.1} ms, min {:.1} ms, max {:.1} ms",
        sorted.len(),
        sorted.iter().sum::<f32>() / n as f32,
        sorted.get(sorted.len() / 2).copied().unwrap_or(0.0),
        sorted.first().copied().unwrap_or(0.0),
        sorted.last().copied().unwrap_or(0.0)
    )
}

#[cfg(test)]
mod tests {
    use super::StartWith;

    #[test]
    fn the_frame_report_gives_mean_median_and_range() {
        let r = super::frame_report(&[30.0, 10.0, 20.0]);
        assert_eq!(
            r,
            "frames: 3, mean 20.0 ms, median 20.0 ms, min 10.0 ms, max 30.0 ms"
        );
    }

    #[test]
    fn start_with_names_windows_and_modes_and_refuses_others() {
        let s = StartWith::parse("orbit, browser,screenshot-settings").unwrap();
        assert!(s.orbit && s.browser && s.screenshot_settings && !s.f12);
        assert!(StartWith::parse("f12").unwrap().f12);
        assert!(StartWith::parse("spin,moving").unwrap().moving);
        assert_eq!(StartWith::parse("").unwrap(), StartWith::default());
        let e = StartWith::parse("orbit,soar").unwrap_err();
        assert!(e.contains("\"soar\""), "{e}");
        let w = StartWith::parse("walk,fly,spin").unwrap();
        assert!(w.walk && w.fly && w.spin);
        let a = StartWith::parse("analysis,distance").unwrap();
        assert!(a.analysis && a.distance && !a.walk);
    }
}
