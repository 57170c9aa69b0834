//! The Inspector's pinned selection, run for real under Xvfb and driven
//! with xdotool: a click on the map pins what is there, and the pointer
//! crossing the map on its way to the panel does not replace it.
//!
//! The viewer runs on the demo map at 800 x 500; the Inspector panel
//! takes x 640 to 800, its first lines from y = 55.

mod common;

use common::window::*;

/// xdotool commands that move the pointer from (360, 250) to the panel
/// in steps over the map, letting each step be picked.
const ACROSS_THE_MAP: &str = "for x in 380 420 460 500 540 580 620 700; do \
     xdotool mousemove $x 300; sleep 0.5; done; sleep 1";

/// The Inspector's first lines: what is pinned, or what is pointed at
/// (short of the panel's scroll bar, which comes and goes with the length
/// of the pointer's line below).
const INSPECTOR_TOP: [u32; 4] = [645, 55, 785, 200];

/// Points at the map at (360, 250), runs `then` there, and takes the
/// pointer across the map to the panel: how many pixels of the
/// Inspector's first lines changed on the way.
fn inspector_changes(what: &str, then: &str) -> Option<usize> {
    let (w, a, b) = grab_around(
        what,
        &format!("{FOCUS_WINDOW}; xdotool mousemove 360 250; sleep 2; {then}"),
        ACROSS_THE_MAP,
    )?;
    Some(changed_in(w, &a, &b, INSPECTOR_TOP))
}

#[test]
fn a_pinned_selection_survives_the_pointer_crossing_the_map() {
    // Without a click, the Inspector follows the pointer across the map…
    let Some(followed) = inspector_changes("hover test", "true") else {
        return;
    };
    let why = format!("the pointer's element did not change ({followed} pixels)");
    assert!(followed > 200, "{why}");
    // …with a click first, what was clicked stays in it.
    let Some(moved) = inspector_changes("pinned test", "xdotool click 1; sleep 2") else {
        return;
    };
    assert_eq!(moved, 0, "the pinned element was replaced");
}
