//! The in-app file browser, run for real under Xvfb and driven with
//! xdotool (skipped, loudly, where the tools are missing): a typed path
//! opens a file, a Warcraft III map folder is marked as a map and opens
//! when chosen, typing filters the listing and Enter opens the match, Esc
//! closes the window while the filter has the keyboard.
//!
//! The viewer runs at 800 x 500, where the browser's window (620 x 440 by
//! default) has its path field at about (400, 67), its filter at (150, 90)
//! and its first row at y = 122.

mod common;

use common::window::*;
use std::path::{Path, PathBuf};

/// The path field, the first row of the listing.
const PATH_FIELD: &str = "400 67";
const FIRST_ROW: &str = "60 122";
/// The middle of the browser's title bar ("Open a map"), 220 x 20.
const TITLE_BAR: [u32; 4] = [200, 24, 420, 44];

/// A small AoS map (the demo map) at `path`.
fn write_map(path: &Path) {
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/demo.vxl");
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::copy(demo, path).unwrap();
}

/// A Warcraft III map saved as a folder: the sample map's files.
fn write_map_folder(dir: &Path) {
    std::fs::create_dir_all(dir).unwrap();
    for (name, bytes) in mapscope::samples::w3x_files(20) {
        std::fs::write(dir.join(name), bytes).unwrap();
    }
}

/// xdotool commands that click the path field, replace its text with
/// `text` and press Enter.
fn type_path(text: &Path) -> String {
    format!(
        "xdotool mousemove {PATH_FIELD} click 1; sleep 1; xdotool key ctrl+a; \
         xdotool type --delay 20 '{}'; sleep 0.5",
        text.display()
    )
}

/// Runs the viewer on `map` with the browser open: `first` (xdotool
/// commands), a grab, `then`, the window's title and a second grab.
fn browse(
    what: &str,
    map: &Path,
    first: &str,
    then: &str,
) -> Option<(String, u32, Vec<u32>, Vec<u32>)> {
    let title = scratch(&format!("{}-title.txt", what.replace(' ', "-")));
    let map = map.display().to_string();
    let (w, a, b) = grab_with(
        what,
        &[&map, "--start-with", "browser"],
        &format!("{FOCUS_WINDOW}; sleep 1; {first}"),
        &format!("{then}; {}", title_into(&title)),
    )?;
    let title = std::fs::read_to_string(&title).unwrap().trim().to_string();
    Some((title, w, a, b))
}

fn title_of(path: &Path) -> String {
    let path: PathBuf = std::fs::canonicalize(path).unwrap();
    format!("{} — mapscope", path.display())
}

#[test]
fn a_typed_path_opens_a_file() {
    // The path of a map in another folder, typed into the path field: Enter
    // opens it (it used to try to list it as a folder: "Not a directory").
    let dir = common::scratch_dir("browser_window", "typed");
    let first = dir.join("first.vxl");
    let typed = dir.join("elsewhere/typed map.vxl");
    write_map(&first);
    write_map(&typed);
    let Some((title, ..)) = browse(
        "typed path test",
        &first,
        &type_path(&typed),
        "xdotool key Return; sleep 4",
    ) else {
        return;
    };
    assert_eq!(title, title_of(&typed), "the typed map was not opened");
}

/// Pixels in a row of the listing drawn in the browser's map green.
fn green_in_first_row(w: u32, px: &[u32]) -> usize {
    (114..132)
        .flat_map(|y| (24..320).map(move |x| (y * w + x) as usize))
        .filter(|&i| {
            let [r, g, b] = [(px[i] >> 16) & 255, (px[i] >> 8) & 255, px[i] & 255];
            g > 150 && g > r + 40 && g > b + 40
        })
        .count()
}

#[test]
fn a_map_folder_is_marked_and_opens_when_chosen() {
    // A folder holding a map folder and nothing else; the browser is taken
    // there through its path field, then the map folder (the first row) is
    // double-clicked: it opens as a map (it used to be entered, as a plain
    // folder is).
    let dir = common::scratch_dir("browser_window", "map-folder");
    let maps = dir.join("maps");
    let folder = maps.join("Two Rivers.w3x");
    write_map_folder(&folder);
    let first = dir.join("first.vxl");
    write_map(&first);
    let Some((title, w, a, _)) = browse(
        "map folder test",
        &first,
        &format!("{}; xdotool key Return; sleep 2", type_path(&maps)),
        &format!("xdotool mousemove {FIRST_ROW} click --repeat 2 --delay 80 1; sleep 4"),
    ) else {
        return;
    };
    let green = green_in_first_row(w, &a);
    assert!(
        green > 40,
        "the map folder is not marked as a map ({green} green pixels)"
    );
    assert_eq!(title, title_of(&folder), "the map folder was not opened");
}

#[test]
fn typing_filters_the_listing_and_enter_opens_the_match() {
    // A folder of 120 maps: the browser opens there with the keyboard in
    // its filter; typing part of one name and Enter opens that map.
    let dir = common::scratch_dir("browser_window", "filter");
    let first = dir.join("map-000.vxl");
    write_map(&first);
    for i in 1..120 {
        std::fs::hard_link(&first, dir.join(format!("map-{i:03}.vxl"))).unwrap();
    }
    let wanted = dir.join("Lost Temple.vxl");
    std::fs::hard_link(&first, &wanted).unwrap();
    let Some((title, w, a, _)) = browse(
        "filter test",
        &first,
        "xdotool type --delay 50 'TEMP'; sleep 1",
        "xdotool key Return; sleep 4",
    ) else {
        return;
    };
    // Filtered down to the one match, which is first and marked a map.
    assert!(
        green_in_first_row(w, &a) > 40,
        "the match is not listed first"
    );
    assert_eq!(title, title_of(&wanted), "the match was not opened");
}

#[test]
fn esc_closes_the_browser_while_the_filter_has_the_keyboard() {
    let dir = common::scratch_dir("browser_window", "esc");
    let first = dir.join("first.vxl");
    write_map(&first);
    let Some((title, w, a, b)) = browse(
        "esc test",
        &first,
        "xdotool type --delay 50 'fir'; sleep 1",
        "xdotool key Escape; sleep 2",
    ) else {
        return;
    };
    // The browser's own title bar ("Open a map") is gone.
    let changed = changed_in(w, &a, &b, TITLE_BAR);
    assert!(
        changed > 1100,
        "the browser stayed open ({changed} of 4400 pixels changed)"
    );
    assert_eq!(title, title_of(&first));
}

/// Pixels in a row of the listing (its top at `y`) drawn in `colour`'s
/// hue: `red` the browser's damaged orange-red, else its map green.
fn label_pixels(w: u32, px: &[u32], y: u32, red: bool) -> usize {
    (y..y + 18)
        .flat_map(|y| (24..620).map(move |x| (y * w + x) as usize))
        .filter(|&i| {
            let [r, g, b] = [(px[i] >> 16) & 255, (px[i] >> 8) & 255, px[i] & 255];
            match red {
                true => r > 200 && r > g + 60 && r > b + 80,
                false => g > 150 && g > r + 40 && g > b + 40,
            }
        })
        .count()
}

#[test]
fn a_damaged_map_is_labelled_so_and_enter_does_not_open_it() {
    // A Warcraft III map cut to 5,000 bytes and an AoS map cut in half sit
    // beside a whole map. Typing "cut" selects the cut archive; it is
    // labelled damaged (not green), and Enter leaves the browser open with
    // the reason, instead of closing it on a load that fails.
    let dir = common::scratch_dir("browser_window", "damaged");
    let first = dir.join("first.vxl");
    write_map(&first);
    let whole = std::fs::read(&first).unwrap();
    std::fs::write(dir.join("half.vxl"), &whole[..whole.len() / 2]).unwrap();
    let archive = mapscope::samples::w3x_archive(400, Default::default());
    std::fs::write(dir.join("cut.w3x"), &archive[..5000]).unwrap();
    let Some((title, w, a, b)) = browse(
        "damaged test",
        &first,
        "xdotool type --delay 50 'cut'; sleep 1",
        "xdotool key Return; sleep 2; xdotool mousemove 250 150; sleep 2",
    ) else {
        return;
    };
    // The one match, first, in the damaged colour and not in green.
    let (red, green) = (
        label_pixels(w, &a, 114, true),
        label_pixels(w, &a, 114, false),
    );
    assert!(
        red > 40 && green == 0,
        "the cut archive's row: {red} red, {green} green pixels"
    );
    // Enter did not open it: the same map, the browser still open (its
    // title bar unchanged) and the reason in red on its own line above the
    // buttons, where it moves no row: the cut archive's row is where it was
    // (a message above the listing moved every row 18 px down, under the
    // pointer, so the next click picked another file).
    assert_eq!(title, title_of(&first));
    let changed = changed_in(w, &a, &b, TITLE_BAR);
    assert!(
        changed < 440,
        "the browser closed ({changed} pixels changed)"
    );
    let reason = (395..430)
        .map(|y| label_pixels(w, &b, y, true))
        .max()
        .unwrap();
    assert!(reason > 100, "no reason shown ({reason} red pixels)");
    let (before, after) = (
        label_pixels(w, &a, 114, true),
        label_pixels(w, &b, 114, true),
    );
    assert!(
        after > 40 && after.abs_diff(before) * 4 < before,
        "the row moved after the message: {before} red pixels at its place, then {after}"
    );
    let (under, under_after) = (
        label_pixels(w, &a, 132, true),
        label_pixels(w, &b, 132, true),
    );
    assert!(
        under < 10 && under_after < 10,
        "a row below took its place: {under} -> {under_after}"
    );
}
