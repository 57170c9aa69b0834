//! The Inspector's pinned selection, run for real under Xvfb and driven
//! with xdotool: a click on the map pins what is there, and the pointer
//! crossing the map on its way to the panel does not replace it.
//!
//! The viewer runs on the demo map at 800 x 500; the Inspector panel
//! takes x 640 to 800, its first lines from y = 55.

mod common;

use common::window::*;

/// Pixels that differ between two grabs inside `[x0, y0, x1, y1]`.
fn changed_in(w: u32, a: &[u32], b: &[u32], [x0, y0, x1, y1]: [u32; 4]) -> usize {
    (y0..y1)
        .flat_map(|y| (x0..x1).map(move |x| (y * w + x) as usize))
        .filter(|&i| a[i] != b[i])
        .count()
}

/// xdotool commands that move the pointer from (360, 250) to the panel
/// in steps over the map, letting each step be picked.
const ACROSS_THE_MAP: &str = "for x in 380 420 460 500 540 580 620 700; do \
     xdotool mousemove $x 300; sleep 0.5; done; sleep 1";

/// The Inspector's first lines: what is pinned, or what is pointed at
/// (short of the panel's scroll bar, which comes and goes with the length
/// of the pointer's line below).
const INSPECTOR_TOP: [u32; 4] = [645, 55, 785, 200];

#[test]
fn a_pinned_selection_survives_the_pointer_crossing_the_map() {
    // Without a click, the Inspector follows the pointer across the map…
    let Some((w, a, b)) = grab_around(
        "hover test",
        &format!("{FOCUS_WINDOW}; xdotool mousemove 360 250; sleep 2"),
        ACROSS_THE_MAP,
    ) else {
        return;
    };
    let followed = changed_in(w, &a, &b, INSPECTOR_TOP);
    assert!(
        followed > 200,
        "the pointer's element did not change ({followed} pixels)"
    );
    // …with a click first, what was clicked stays in it.
    let Some((w, a, b)) = grab_around(
        "pinned test",
        &format!("{FOCUS_WINDOW}; xdotool mousemove 360 250; sleep 2; xdotool click 1; sleep 2"),
        ACROSS_THE_MAP,
    ) else {
        return;
    };
    let moved = changed_in(w, &a, &b, INSPECTOR_TOP);
    assert_eq!(moved, 0, "the pinned element was replaced");
}
