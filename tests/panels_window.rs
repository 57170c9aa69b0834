//! Side panels collapse in a real window under Xvfb, driven with xdotool
//! (skipped, loudly, where the tools are missing), and stay collapsed at
//! the next start: the Inspector's button at its top corner gives its
//! width to the 3D view, and `view.toml` remembers it.

mod common;

use common::window::*;

/// The Inspector's part of an 800 x 500 window: its default width is a
/// fifth of the window (160 points), below the menu bar.
const INSPECTOR: [u32; 4] = [660, 60, 790, 400];

/// Pixels alike in `a` and `b` (`w` wide) inside `[x0, y0, x1, y1]`, as a
/// share.
fn alike(w: u32, a: &[u32], b: &[u32], area: [u32; 4]) -> f64 {
    let [x0, y0, x1, y1] = area;
    let all = ((x1 - x0) * (y1 - y0)) as f64;
    1.0 - changed_in(w, a, b, area) as f64 / all
}

#[test]
fn a_collapsed_inspector_gives_the_view_its_width_and_stays_collapsed() {
    let config = own_config_home("panels-config");
    let Some((w, open, collapsed)) = grab_in(
        "collapse inspector",
        &config,
        &[],
        "xdotool mousemove 400 250; sleep 1",
        // The button at the panel's top left corner; then the pointer off
        // the panels, so no tooltip shows.
        "xdotool mousemove 657 37; sleep 1; xdotool click 1; sleep 2; \
         xdotool mousemove 400 470; sleep 2",
    ) else {
        return;
    };
    let kept = std::fs::read_to_string(config.join("mapscope/view.toml")).unwrap_or_default();
    assert!(
        kept.contains("inspector_panel = false") && kept.contains("map_panel = true"),
        "not remembered: {kept:?}"
    );
    // The panel's text and grey gave way to the map.
    let same = alike(w, &open, &collapsed, INSPECTOR);
    assert!(
        same < 0.5,
        "{:.0} % of the Inspector's place unchanged",
        same * 100.0
    );
    // Started again, the Inspector is still collapsed: its place shows
    // what the collapsed window showed there.
    let Some((_, again, _)) = grab_in(
        "collapsed at start",
        &config,
        &[],
        "xdotool mousemove 400 470; sleep 1",
        "true",
    ) else {
        return;
    };
    let same = alike(w, &collapsed, &again, INSPECTOR);
    assert!(same > 0.9, "only {:.0} % as it was left", same * 100.0);
}
