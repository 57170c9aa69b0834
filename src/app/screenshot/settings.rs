//! Screenshot settings and file names, with no window: what size, whether
//! the UI is drawn, which folder; names from the map and the time, and never
//! a name that is already taken.

use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// Largest side a screenshot may have (most GPUs allow 8192 or more).
pub const MAX_SIDE: u32 = 8192;

/// Sizes offered next to "window size".
pub const PRESETS: [[u32; 2]; 4] = [[1280, 720], [1920, 1080], [2560, 1440], [3840, 2160]];

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// `None`: as seen (the window with the UI, else the 3D view).
    pub size: Option<[u32; 2]>,
    pub with_ui: bool,
    pub folder: PathBuf,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            size: None,
            with_ui: false,
            folder: default_folder(),
        }
    }
}

/// `~/Pictures` when it exists, else the current folder.
pub fn default_folder() -> PathBuf {
    std::env::var_os("HOME")
        .map(|h| PathBuf::from(h).join("Pictures"))
        .filter(|p| p.is_dir())
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_else(|| PathBuf::from("."))
}

impl Settings {
    /// The picture's size for a window of `window` pixels.
    pub fn picture_size(&self, window: [u32; 2]) -> [u32; 2] {
        self.size
            .unwrap_or(window)
            .map(|side| side.clamp(1, MAX_SIDE))
    }

    /// Reads settings saved by [`Settings::save`]; defaults for anything
    /// missing or unreadable.
    pub fn load(file: &Path) -> Settings {
        crate::app::toml_file::load(file)
    }

    pub fn save(&self, file: &Path) -> std::io::Result<()> {
        crate::app::toml_file::save(self, file)
    }
}

/// Where the settings live: `screenshot.toml` in mapscope's config folder.
pub fn settings_path() -> Option<PathBuf> {
    crate::app::recent::config_dir().map(|d| d.join("screenshot.toml"))
}

/// "STEM-YYYY-MM-DD_HH-MM-SS.png" from the map's name (a file's stem, or
/// a map's own name, dots and all) and a time in seconds since 1970 (UTC).
pub fn stem_file_name(stem: &str, unix_secs: u64) -> String {
    let stem = Some(stem.trim())
        .filter(|s| !s.is_empty())
        .unwrap_or("mapscope");
    // Keep names portable: no spaces or separators from the map's name.
    let stem: String = stem
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || "-_.".contains(c) {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("{stem}-{}.png", timestamp(unix_secs))
}

/// "YYYY-MM-DD_HH-MM-SS" in UTC.
pub fn timestamp(unix_secs: u64) -> String {
    let days = (unix_secs / 86_400) as i64;
    let secs = unix_secs % 86_400;
    let (y, m, d) = civil_from_days(days);
    format!(
        "{y:04}-{m:02}-{d:02}_{:02}-{:02}-{:02}",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// Days since 1970-01-01 to (year, month, day); Howard Hinnant's algorithm.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + (m <= 2) as i64;
    (y, m, d)
}

/// `folder/name`, or `folder/stem-2.ext`, `-3`, … for the first name not
/// taken. (The PNG is still written with create-new, so a file appearing in
/// between is never replaced either.)
pub fn unique_path(folder: &Path, name: &str) -> PathBuf {
    let first = folder.join(name);
    if !first.exists() {
        return first;
    }
    let p = Path::new(name);
    let stem = p.file_stem().map_or("".into(), |s| s.to_string_lossy());
    let ext = p
        .extension()
        .map_or(String::new(), |e| format!(".{}", e.to_string_lossy()));
    (2u32..)
        .map(|n| folder.join(format!("{stem}-{n}{ext}")))
        .find(|p| !p.exists())
        .expect("some suffix is free")
}

/// Parses "1920x1080" (or with `X`, `*`, spaces) into a picture size.
pub fn parse_size(text: &str) -> Option<[u32; 2]> {
    let (w, h) = text.split_once(['x', 'X', '*', '×'])?;
    let w: u32 = w.trim().parse().ok()?;
    let h: u32 = h.trim().parse().ok()?;
    ((1..=MAX_SIDE).contains(&w) && (1..=MAX_SIDE).contains(&h)).then_some([w, h])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("mapscope-shot-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn names_come_from_the_map_and_the_utc_time() {
        // 2026-11-22 21:30:05 UTC.
        let t = 1_795_383_005;
        assert_eq!(
            stem_file_name("openspades_Title", t),
            "openspades_Title-2026-11-22_21-30-05.png"
        );
        assert_eq!(
            stem_file_name("demo map", 0),
            "demo_map-1970-01-01_00-00-00.png"
        );
        assert_eq!(stem_file_name(" ", 0), "mapscope-1970-01-01_00-00-00.png");
        // A map's own name is a stem, dots and all.
        assert_eq!(
            stem_file_name("Lost Temple v1.2", 0),
            "Lost_Temple_v1.2-1970-01-01_00-00-00.png"
        );
        // A leap day.
        assert_eq!(timestamp(951_782_400), "2000-02-29_00-00-00");
    }

    #[test]
    fn an_existing_file_is_never_reused() {
        let d = temp("unique");
        let name = "map-2026-01-01_00-00-00.png";
        assert_eq!(unique_path(&d, name), d.join(name));
        std::fs::write(d.join(name), b"first").unwrap();
        let second = unique_path(&d, name);
        assert_eq!(second, d.join("map-2026-01-01_00-00-00-2.png"));
        std::fs::write(&second, b"second").unwrap();
        assert_eq!(
            unique_path(&d, name),
            d.join("map-2026-01-01_00-00-00-3.png")
        );
        // What was there is untouched.
        assert_eq!(std::fs::read(d.join(name)).unwrap(), b"first");
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn settings_survive_a_round_trip_and_bad_files_give_defaults() {
        let d = temp("settings");
        let file = d.join("sub").join("screenshot.toml");
        let s = Settings {
            size: Some([1920, 1080]),
            with_ui: true,
            folder: d.clone(),
        };
        s.save(&file).unwrap();
        assert_eq!(Settings::load(&file), s);
        std::fs::write(&file, "size = 'nonsense'").unwrap();
        assert_eq!(Settings::load(&file), Settings::default());
        assert_eq!(Settings::load(&d.join("missing.toml")), Settings::default());
        let _ = std::fs::remove_dir_all(&d);
    }

    #[test]
    fn sizes_come_from_the_window_or_the_settings_and_are_bounded() {
        let mut s = Settings::default();
        assert_eq!(s.picture_size([800, 600]), [800, 600]);
        s.size = Some([3840, 2160]);
        assert_eq!(s.picture_size([800, 600]), [3840, 2160]);
        s.size = Some([0, 100_000]);
        assert_eq!(s.picture_size([800, 600]), [1, MAX_SIDE]);
        assert_eq!(parse_size("1920x1080"), Some([1920, 1080]));
        assert_eq!(parse_size(" 640 X 480 "), Some([640, 480]));
        assert_eq!(parse_size("0x480"), None);
        assert_eq!(parse_size("99999x480"), None);
        assert_eq!(parse_size("wide"), None);
    }
}
