//! The desktop viewer, run for real under Xvfb (skipped, loudly, where
//! `xvfb-run` is missing): the demo map, a corpus map, and a corrupt file.

mod common;
#[path = "app/maps.rs"]
mod maps;

use common::window::*;
use maps::{forest_map, holed_plates_map};
use std::path::Path;

fn screenshot_of(file: Option<&Path>, name: &str) {
    let out = scratch(name);
    let mut args: Vec<&std::ffi::OsStr> = Vec::new();
    if let Some(f) = file {
        args.push(f.as_os_str());
    }
    args.extend([
        "--screenshot".as_ref(),
        out.as_os_str(),
        "--size".as_ref(),
        "320x200".as_ref(),
    ]);
    let run = viewer(&args);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{name}: {err}");
    let (w, h, colours) = look_at(&out);
    assert_eq!((w, h), (320, 200), "{name}");
    assert!(
        colours > 20,
        "{name}: only {colours} colours, not a picture of a map"
    );
}

#[test]
fn starts_with_the_demo_map_and_saves_a_screenshot() {
    if !xvfb() {
        return;
    }
    screenshot_of(None, "demo.png");
}

#[test]
fn opens_a_corpus_map() {
    if !xvfb() {
        return;
    }
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    screenshot_of(
        Some(&dir.join("vxl/pique_classicgen.saved.vxl")),
        "corpus.png",
    );
}

#[test]
fn a_bad_file_shows_the_error_screen_and_exits_non_zero() {
    if !xvfb() {
        return;
    }
    let bad = scratch("bad.vxl");
    std::fs::write(&bad, [7u8, 1, 2, 3, 4]).unwrap();
    let missing = scratch("missing.vxl");
    let folder = scratch("folder.d");
    std::fs::create_dir_all(&folder).unwrap();
    for (i, file) in [&bad, &missing, &folder].into_iter().enumerate() {
        let out = scratch(&format!("error-screen-{i}.png"));
        let run = viewer(&[
            file.as_os_str(),
            "--screenshot".as_ref(),
            out.as_os_str(),
            "--size".as_ref(),
            "640x400".as_ref(),
        ]);
        let err = String::from_utf8_lossy(&run.stderr);
        assert!(!run.status.success(), "{}", file.display());
        assert!(err.contains("mapscope:"), "{err}");
        assert!(!err.contains("panicked"), "{err}");
        // The path is named, once, whichever error it was.
        let name = file.display().to_string();
        assert_eq!(err.matches(&name).count(), 1, "{err}");
        // The picture is of the error screen: its red text on the dark
        // background, no sky.
        let (px, w, _) = rgb_pixels(&out);
        let red = px
            .iter()
            .filter(|p| p[0] > 200 && p[1] < 150 && p[2] < 150)
            .count();
        let sky = px
            .iter()
            .filter(|p| p[2] > 200 && p[0] > 100 && p[0] < 180)
            .count();
        assert!(
            red > 300,
            "{}: {red} red pixels of {w} wide",
            file.display()
        );
        assert!(sky < px.len() / 50, "{}: the sky is drawn", file.display());
    }
}

#[test]
fn shows_orbit_mode_the_file_browser_and_the_screenshot_settings() {
    if !xvfb() {
        return;
    }
    let out = scratch("ui.png");
    let run = viewer(&[
        "--start-with".as_ref(),
        "orbit,browser,screenshot-settings".as_ref(),
        "--screenshot".as_ref(),
        out.as_os_str(),
        "--size".as_ref(),
        "800x600".as_ref(),
    ]);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(run.status.success(), "{err}");
    let (w, h, colours) = look_at(&out);
    assert_eq!((w, h), (800, 600));
    assert!(colours > 20, "only {colours} colours");
    // An unknown name is refused before any window opens.
    let bad = viewer(&["--start-with".as_ref(), "sideways".as_ref()]);
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("sideways"));
}

#[test]
fn measures_frames_before_the_scripted_picture() {
    if !xvfb() {
        return;
    }
    let out = scratch("measured.png");
    let run = viewer(&[
        "--measure-frames".as_ref(),
        "5".as_ref(),
        "--screenshot".as_ref(),
        out.as_os_str(),
        "--size".as_ref(),
        "320x200".as_ref(),
    ]);
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(text.contains("frame work: frames: 5"), "{text}");
    assert!(out.exists());
}

#[test]
fn a_click_on_the_file_menu_is_drawn_without_further_input() {
    // The pointer goes to the File menu and settles; one click, then
    // nothing: the menu must be on the screen without another event.
    let Some((w, a, b)) = grab_around(
        "menu click test",
        "xdotool mousemove 18 12; sleep 2",
        "xdotool click 1; sleep 2",
    ) else {
        return;
    };
    // Where the menu opens: below the menu bar, over the Map panel.
    let changed = (40..190)
        .flat_map(|y| (8..150).map(move |x| (y * w + x) as usize))
        .filter(|&i| a[i] != b[i])
        .count();
    assert!(
        changed > 3000,
        "only {changed} pixels changed: the menu was not drawn"
    );
}

#[test]
fn the_pointer_leaving_the_view_clears_the_inspectors_hover() {
    // Point at the map (the Inspector describes it), then move over the
    // Inspector panel, where the map is still drawn behind: the pointer
    // points at nothing of the map there, so the Inspector's hover lines
    // give way to its hint (they stayed, describing what was last under
    // the pointer, and the highlight with them) and nothing behind the
    // panel is picked.
    let Some((w, a, b)) = grab_around(
        "panel pointer test",
        "xdotool mousemove 400 300; sleep 2",
        "xdotool mousemove 700 420; sleep 2; xdotool mousemove 702 421; sleep 2",
    ) else {
        return;
    };
    let region = inspector_region(w, &a);
    let changed = region.iter().filter(|&&i| a[i] != b[i]).count();
    assert!(
        changed > 500,
        "the Inspector kept the last hover under a pointer over the panel ({changed} pixels changed)"
    );
}

#[test]
fn the_inspector_follows_the_view_moving_under_a_still_pointer() {
    // The pointer stays over the map while S flies the camera back: what is
    // under the pointer changes, and so must the Inspector (it used to wait
    // for the mouse to move).
    let Some((w, a, b)) = grab_around(
        "inspector follows test",
        "xdotool mousemove 400 330; xdotool windowfocus $(xdotool search --name mapscope | head -1); sleep 2",
        "xdotool keydown s; sleep 1.5; xdotool keyup s; sleep 2",
    ) else {
        return;
    };
    let region = inspector_region(w, &a);
    let changed = region.iter().filter(|&&i| a[i] != b[i]).count();
    assert!(
        changed > 50,
        "the Inspector kept the old pick ({changed} pixels changed)"
    );
}

/// The Inspector's lines at 800 x 500, at the top of the right-hand panel,
/// checked to hold text (the map under the pointer was picked).
fn inspector_region<P: PartialEq>(w: u32, pixels: &[P]) -> Vec<usize> {
    let region: Vec<usize> = (40..140)
        .flat_map(|y| (560..790).map(move |x| (y * w + x) as usize))
        .collect();
    let text = region
        .iter()
        .filter(|&&i| pixels[i] != pixels[region[0]])
        .count();
    assert!(text > 300, "the Inspector shows nothing ({text} pixels)");
    region
}

/// The window's 3D view at 800 x 500: right of the Map panel, left of the
/// Inspector, between the menu bar and the status line.
fn view_region(w: u32) -> Vec<usize> {
    (60..400)
        .flat_map(|y| (175..620).map(move |x| (y * w + x) as usize))
        .collect()
}

#[test]
fn ctrl_o_leaves_the_camera_where_it_was() {
    // Ctrl+O opens a file dialog; Ctrl alone used to mean "down", and the
    // camera sank while it was held (68 % of this region changed). The 3D
    // view must not change. The window takes the keyboard focus first, as
    // a click would give it; Esc closes the dialog (here the in-app
    // browser: Xvfb has no native one) before the second grab.
    let Some((w, a, b)) = grab_around(
        "ctrl o test",
        "xdotool mousemove 400 250; xdotool windowfocus $(xdotool search --name mapscope | head -1); sleep 2",
        "xdotool keydown ctrl; sleep 0.5; xdotool key o; sleep 0.5; xdotool keyup ctrl; sleep 2; \
         xdotool key Escape; sleep 2",
    ) else {
        return;
    };
    let region = view_region(w);
    let changed = region.iter().filter(|&&i| a[i] != b[i]).count();
    assert!(
        changed < region.len() / 50,
        "{changed} of {} pixels of the 3D view changed: the camera moved",
        region.len()
    );
}

#[test]
fn the_title_names_the_map() {
    let title = scratch("title.txt");
    let Some(_) = grab_around(
        "title test",
        &format!(
            "xdotool getwindowname $(xdotool search --name mapscope | head -1) > {}",
            title.display()
        ),
        "true",
    ) else {
        return;
    };
    let text = std::fs::read_to_string(&title).unwrap();
    assert_eq!(text.trim(), "demo map — mapscope");
}

/// How many of a grab's pixels in `region` are close to `rgb`.
fn near(pixels: &[u32], region: &[usize], rgb: [u8; 3], within: u8) -> usize {
    region
        .iter()
        .filter(|&&i| {
            let p = pixels[i];
            let c = [(p >> 16) as u8, (p >> 8) as u8, p as u8];
            c.iter().zip(rgb).all(|(a, b)| a.abs_diff(b) <= within)
        })
        .count()
}

#[test]
fn spawn_areas_can_be_hidden_from_the_view_menu_and_stay_hidden() {
    // View → Spawn areas, unticked: the demo map's blue and green outlines
    // go, and the choice is kept for the next start.
    let config = own_config_home("spawn-areas-config");
    let Some((w, a, b)) = grab_in(
        "spawn areas test",
        &config,
        &[],
        "xdotool mousemove 400 250; sleep 1",
        "xdotool mousemove 55 12; sleep 1; xdotool click 1; sleep 1.5; \
         xdotool mousemove 100 241; sleep 1; xdotool click 1; sleep 1.5; \
         xdotool mousemove 400 470; sleep 2",
    ) else {
        return;
    };
    let region = view_region(w);
    // The areas' outlines: the team colours at full strength, which the
    // grass and the sea are not.
    let outline =
        |p: &[u32]| near(p, &region, [38, 89, 255], 40) + near(p, &region, [26, 230, 64], 40);
    assert!(
        outline(&a) > 150,
        "no spawn area drawn at first ({})",
        outline(&a)
    );
    assert!(
        outline(&b) < outline(&a) / 10,
        "the spawn areas are still drawn ({} of {} pixels)",
        outline(&b),
        outline(&a)
    );
    let kept = std::fs::read_to_string(config.join("mapscope/view.toml")).unwrap_or_default();
    assert!(
        kept.contains("spawn_areas = false"),
        "not remembered: {kept:?}"
    );
}

#[test]
fn escape_closes_an_open_menu() {
    // The window has the keyboard (as a click gives it under a window
    // manager); the File menu opens on a click and Escape closes it.
    let Some((w, a, b)) = grab_around(
        "escape menu test",
        &format!("{FOCUS_WINDOW}; xdotool mousemove 18 12; sleep 1; xdotool click 1; sleep 2"),
        "xdotool key Escape; sleep 2",
    ) else {
        return;
    };
    // Where the menu is: below the menu bar, over the Map panel.
    let menu: Vec<usize> = (40..190)
        .flat_map(|y| (8..150).map(move |x| (y * w + x) as usize))
        .collect();
    let changed = menu.iter().filter(|&&i| a[i] != b[i]).count();
    assert!(
        changed > 3000,
        "only {changed} pixels changed: the menu stayed open"
    );
}

/// The x of the right-hand panel's edge: the first column, right of the
/// middle, that is one colour from top to bottom beside another such
/// column (the panel's separator line beside the 3D view's edge).
fn panel_edge(w: u32, pixels: &[u32]) -> Option<u32> {
    let column = |x: u32| -> Option<u32> {
        let first = pixels[(30 * w + x) as usize];
        (30..440)
            .all(|y| pixels[(y * w + x) as usize] == first)
            .then_some(first)
    };
    (w / 2..w - 1).find(|&x| matches!((column(x), column(x + 1)), (Some(p), Some(q)) if p != q))
}

#[test]
fn the_3d_view_keeps_its_width_while_the_pointer_moves() {
    // Over the map (the Inspector fills with long lines) and over the right
    // panel's Spawns list: the panel keeps the width it had.
    let Some((w, a, b)) = grab_around(
        "panel width test",
        "xdotool mousemove 700 470; sleep 1",
        "for x in 200 300 400 500 600; do for y in 120 200 280 360; do \
         xdotool mousemove $x $y; sleep 0.4; done; done; \
         xdotool mousemove 700 380; sleep 1; xdotool mousemove 700 420; sleep 2",
    ) else {
        return;
    };
    let (before, after) = (panel_edge(w, &a), panel_edge(w, &b));
    assert!(before.is_some(), "no panel edge found");
    assert_eq!(before, after, "the right panel's edge moved");
}

#[test]
fn screenshots_leave_out_the_hover_highlight() {
    // F12 with the pointer over the sky, then over the map, where the
    // voxel under it is highlighted in pink on the screen: the camera has
    // not moved, so the two saved pictures must be the same.
    let config = own_config_home("highlight-config");
    let shots = scratch("highlight-shots.d");
    let _ = std::fs::remove_dir_all(&shots);
    std::fs::create_dir_all(&shots).unwrap();
    std::fs::write(
        config.join("mapscope/screenshot.toml"),
        format!(
            "with_ui = false\nfolder = {:?}\n",
            shots.display().to_string()
        ),
    )
    .unwrap();
    let Some((w, a, b)) = grab_in(
        "highlight test",
        &config,
        &[],
        &format!("{FOCUS_WINDOW}; xdotool mousemove 400 45; sleep 2; xdotool key F12; sleep 3"),
        "xdotool mousemove 390 300; sleep 2; xdotool key F12; sleep 3",
    ) else {
        return;
    };
    let region = view_region(w);
    let on_screen = region.iter().filter(|&&i| a[i] != b[i]).count();
    assert!(
        on_screen > 4,
        "no highlight on the screen to leave out ({on_screen})"
    );
    let mut saved: Vec<_> = std::fs::read_dir(&shots)
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    saved.sort();
    assert_eq!(saved.len(), 2, "{saved:?}");
    let (first, _, _) = rgb_pixels(&saved[0]);
    let (second, _, _) = rgb_pixels(&saved[1]);
    let differ = first.iter().zip(&second).filter(|(p, q)| p != q).count();
    assert_eq!(
        differ, 0,
        "the picture taken over the map has the highlight"
    );
}

#[test]
fn hidden_trees_are_not_picked() {
    // Under a forest every point of the map has a tree in front of the
    // ground. With View → Trees unticked, the Inspector must describe the
    // ground under the pointer, as on the same map with no trees at all;
    // it used to keep picking the hidden tree.
    const POINTER: &str = "xdotool mousemove 400 230; sleep 2";
    let forest = forest_map("forest", true);
    let bare = forest_map("no-forest", false);
    let Some((w, shown, hidden)) = grab_with(
        "hidden trees test",
        &[forest.to_str().unwrap()],
        POINTER,
        &format!(
            // View, then its Trees entry (the first of the objects).
            "{FOCUS_WINDOW}; xdotool mousemove 55 12; sleep 1; xdotool click 1; sleep 1.5; \
             xdotool mousemove 80 337; sleep 1; xdotool click 1; sleep 1.5; \
             xdotool key Escape; sleep 1; xdotool mousemove 400 240; sleep 0.5; {POINTER}"
        ),
    ) else {
        return;
    };
    let Some((_, ground, _)) =
        grab_with("no trees test", &[bare.to_str().unwrap()], POINTER, "true")
    else {
        return;
    };
    let region = inspector_region(w, &shown);
    let differ = |a: &[u32], b: &[u32]| region.iter().filter(|&&i| a[i] != b[i]).count();
    assert!(
        differ(&shown, &ground) > 100,
        "the Inspector shows the same with and without trees: no tree was under the pointer"
    );
    assert_eq!(
        differ(&hidden, &ground),
        0,
        "with the trees hidden the Inspector does not describe the ground under the pointer"
    );
}

#[test]
fn escape_during_a_load_stops_the_loader() {
    // Escape while the map is being meshed (when the mesher's threads
    // appear: rayon's pool starts with the first mesh, and nothing before
    // it uses one): the loader must say it stopped while meshing, and then
    // the process must be idle from Escape on, no thread still meshing a
    // map nobody waits for (here that would be two cores for over a
    // second).
    if !xvfb() {
        return;
    }
    let map = scratch("large-load.vxl");
    holed_plates_map(&map, 2048);
    let (err, cpu, title) = (
        scratch("large-load.err"),
        scratch("large-load.cpu"),
        scratch("large-load-title.txt"),
    );
    let stat = "$(awk '{print $14 + $15}' /proc/$pid/stat)";
    let script = format!(
        "XDG_CONFIG_HOME={config} {bin} '{map}' --size 800x500 2>'{err}' & pid=$!; \
         xdotool search --sync --onlyvisible --name mapscope >/dev/null; {FOCUS_WINDOW}; \
         n=$(ls /proc/$pid/task | wc -l); grew=0; \
         for i in $(seq 500); do [ $(ls /proc/$pid/task | wc -l) -gt $n ] && grew=1 && break; sleep 0.02; done; \
         if [ $grew = 0 ]; then echo early > '{cpu}'; kill $pid; exit 0; fi; \
         xdotool key Escape; a={stat}; sleep 2.5; b={stat}; \
         echo $a $b $(getconf CLK_TCK) > '{cpu}'; {title_cmd}; kill $pid",
        config = config_home().display(),
        bin = env!("CARGO_BIN_EXE_mapscope"),
        map = map.display(),
        err = err.display(),
        cpu = cpu.display(),
        title_cmd = title_into(&title),
    );
    // Where the mesher's threads were already running when the window
    // appeared (a fast machine decodes before the window is up, and so
    // does a busy one where the other tests slow the window's start), no
    // moment during meshing can be told from the threads: that run says
    // nothing, and is tried again (three tries all came early in a full
    // run once, none alone).
    let mut tries = 0;
    let (run, figures) = loop {
        tries += 1;
        let run = std::process::Command::new("timeout")
            .args(["120", "xvfb-run", "-a", "-s", "-screen 0 800x500x24"])
            .args(["sh", "-c", &script])
            .output()
            .expect("runs the viewer");
        let figures = std::fs::read_to_string(&cpu).unwrap_or_else(|e| {
            panic!(
                "no CPU figures ({e}): {}",
                String::from_utf8_lossy(&run.stderr)
            )
        });
        if figures.trim() != "early" {
            break (run, figures);
        }
        assert!(
            tries < 8,
            "the mesher was already running when the window appeared, {tries} times"
        );
    };
    // Hundreds of megabytes, not worth keeping as the screenshots are.
    let _ = std::fs::remove_file(&map);
    let said = std::fs::read_to_string(&err).unwrap_or_default();
    let title = std::fs::read_to_string(&title).unwrap_or_default();
    let ticks: Vec<f64> = figures
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let busy = (ticks[1] - ticks[0]) / ticks[2];
    assert!(
        busy < 0.5,
        "{busy:.2} s of CPU in the 2.5 s after Escape: the map is still being meshed ({said})"
    );
    assert!(
        said.contains("stopped loading") && said.contains("while meshing"),
        "the loader did not say it stopped while meshing (window title {title:?}; a title naming the map: \
         it loaded before Escape); its stderr: {said}{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        !title.contains("large-load"),
        "the map opened after Escape: {title}"
    );
}
