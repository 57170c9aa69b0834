//! What scripted runs (`--screenshot`) may ask for beyond the picture:
//! windows and modes open from the start, and frame times.

/// Windows and modes to open at start: `orbit`, `browser`,
/// `screenshot-settings`, and `f12` (take a screenshot as F12 does once the
/// map is shown).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct StartWith {
    pub orbit: bool,
    pub browser: bool,
    pub screenshot_settings: bool,
    pub f12: bool,
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
                _ => {
                    return Err(format!(
                        "unknown {word:?} (known: orbit, browser, screenshot-settings, f12)"
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
        assert_eq!(StartWith::parse("").unwrap(), StartWith::default());
        let e = StartWith::parse("orbit,fly").unwrap_err();
        assert!(e.contains("\"fly\""), "{e}");
    }
}
