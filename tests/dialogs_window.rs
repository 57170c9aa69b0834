//! Dialogs and panels run for real under Xvfb and driven with xdotool:
//! a notice beside an open dialog rather than over it, and dismissed by a
//! click; the screenshot folder chosen in the in-app browser is the one
//! highlighted there.
//!
//! The viewer runs at 800 x 500 with the screenshot settings window open
//! (`--start-with screenshot-settings`), which egui places at the top left
//! of the window.

mod common;

use common::window::*;
use std::path::{Path, PathBuf};

/// A config folder whose screenshot settings send pictures to `folder`.
fn config_with_shots_in(name: &str, folder: &Path) -> PathBuf {
    let config = own_config_home(name);
    std::fs::create_dir_all(folder).unwrap();
    let toml = format!("folder = '{}'\n", folder.display());
    std::fs::write(config.join("mapscope/screenshot.toml"), toml).unwrap();
    config
}

/// The screenshot settings window, at 800 x 500, and where a notice goes
/// beside it: the bottom of the 3D view.
const SETTINGS_WINDOW: [u32; 4] = [16, 16, 390, 340];
const NOTICE_BELOW: [u32; 4] = [180, 370, 630, 440];

#[test]
fn a_notice_never_covers_an_open_dialog_and_a_click_dismisses_it() {
    // F12 with the screenshot settings open: the notice saying where the
    // picture went is drawn below the window, not over it (its place at
    // the top of the 3D view would cover the window's right half). A click
    // on it puts it away (it used to start selecting its text).
    let dir = common::scratch_dir("dialogs_window", "notice");
    let shots = dir.join("shots");
    let config = config_with_shots_in("notice-config", &shots);
    let Some((w, with_notice, after_click)) = grab_in(
        "notice over dialog test",
        &config,
        &["--start-with", "screenshot-settings"],
        &format!("{FOCUS_WINDOW}; xdotool mousemove 700 480; sleep 1; xdotool key F12; sleep 2"),
        "xdotool mousemove 400 410 click 1; sleep 1.5",
    ) else {
        return;
    };
    let saved = std::fs::read_dir(&shots).unwrap().count();
    assert_eq!(saved, 1, "F12 saved no picture");
    // The window looks the same with the notice as without it…
    let covered = changed_in(w, &with_notice, &after_click, SETTINGS_WINDOW);
    assert_eq!(covered, 0, "the notice covered the settings window");
    // …and the notice was there, below it, until the click.
    let notice = changed_in(w, &with_notice, &after_click, NOTICE_BELOW);
    assert!(
        notice > 2000,
        "no notice, or the click left it ({notice} pixels changed)"
    );
}

#[test]
fn choose_saves_the_folder_highlighted_not_the_one_listed() {
    // Screenshot settings → Choose… lists the screenshot folder, which
    // holds two folders and some files. A click highlights "beta"; the
    // button then uses it (it used to save the folder listed).
    let dir = common::scratch_dir("dialogs_window", "choose");
    let shots = dir.join("shots");
    let config = config_with_shots_in("choose-config", &shots);
    for sub in ["alpha", "beta"] {
        std::fs::create_dir_all(shots.join(sub)).unwrap();
    }
    for file in ["a.png", "b.png", "c.png"] {
        std::fs::write(shots.join(file), "not a picture").unwrap();
    }
    let Some((w, a, b)) = grab_in(
        "choose folder test",
        &config,
        &["--start-with", "screenshot-settings"],
        &format!("{FOCUS_WINDOW}; xdotool mousemove 57 259 click 1; sleep 2; xdotool mousemove 600 33 click 1; sleep 1; xdotool mousemove 215 142 click 1; sleep 1"),
        "xdotool mousemove 270 437 click 1; sleep 2",
    ) else {
        return;
    };
    // The browser was over the settings, with "beta" highlighted…
    let browser_title = changed_in(w, &a, &b, [300, 24, 700, 44]);
    assert!(browser_title > 500, "the browser did not close");
    // …and the folder kept is the one highlighted, not the one listed.
    let saved = std::fs::read_to_string(config.join("mapscope/screenshot.toml")).unwrap();
    let folder = saved
        .lines()
        .find_map(|l| l.strip_prefix("folder = "))
        .map(|v| v.trim_matches(['"', '\'']));
    let beta = std::fs::canonicalize(shots.join("beta")).unwrap();
    assert_eq!(folder, Some(beta.to_str().unwrap()), "{saved}");
}
