//! The desktop viewer, run for real under Xvfb (skipped, loudly, where
//! `xvfb-run` is missing): the demo map, a corpus map, and a corrupt file.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn xvfb() -> bool {
    let found = Command::new("sh")
        .args(["-c", "command -v xvfb-run"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !found {
        common::cannot_run("window tests", "xvfb-run is not installed");
    }
    found
}

/// A config folder of the tests' own, where the key list has been shown
/// once already (it would cover the view) and recent files do not reach
/// the user's list.
fn config_home() -> PathBuf {
    let dir = scratch("config").with_extension("d");
    std::fs::create_dir_all(dir.join("mapscope")).unwrap();
    std::fs::write(dir.join("mapscope/keys-shown"), "").unwrap();
    dir
}

fn viewer(args: &[&std::ffi::OsStr]) -> Output {
    Command::new("timeout")
        .env("XDG_CONFIG_HOME", config_home())
        .arg("120")
        .arg("xvfb-run")
        .arg("-a")
        .arg(env!("CARGO_BIN_EXE_mapscope"))
        .args(args)
        .output()
        .expect("runs the viewer")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mapscope-app-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let p = dir.join(name);
    let _ = std::fs::remove_file(&p);
    p
}

/// (width, height, distinct colours among sampled pixels).
fn look_at(png: &Path) -> (u32, u32, usize) {
    let (px, w, h) = rgb_pixels(png);
    let mut colours: Vec<[u8; 3]> = px.into_iter().step_by(97).collect();
    colours.sort();
    colours.dedup();
    (w, h, colours.len())
}

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

/// A PNG's pixels as RGB, with its width and height.
fn rgb_pixels(png: &Path) -> (Vec<[u8; 3]>, u32, u32) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let n = info.color_type.samples();
    let px = buf[..info.buffer_size()]
        .chunks(n)
        .map(|p| [p[0], p[1], p[2]])
        .collect();
    (px, info.width, info.height)
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

/// Whether a command is on the PATH.
fn tool(name: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {name}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// An XWD screen grab's pixels, 32 bits a pixel as `xwd` writes a 24-bit
/// screen: (width, height, pixels).
fn read_xwd(path: &Path) -> (u32, u32, Vec<u32>) {
    let b = std::fs::read(path).unwrap();
    let field = |i: usize| u32::from_be_bytes(b[i * 4..i * 4 + 4].try_into().unwrap());
    let (header, width, height) = (field(0) as usize, field(4), field(5));
    let (bits, line, colours) = (field(11), field(12) as usize, field(19) as usize);
    assert_eq!(bits, 32, "a 24-bit screen");
    let start = header + colours * 12;
    let mut px = Vec::with_capacity((width * height) as usize);
    for y in 0..height as usize {
        let row = &b[start + y * line..start + y * line + width as usize * 4];
        px.extend(
            row.chunks(4)
                .map(|p| u32::from_le_bytes([p[0], p[1], p[2], p[3]])),
        );
    }
    (width, height, px)
}

/// Runs the viewer on the demo map in an 800 x 500 Xvfb screen: `first`
/// (xdotool commands), a screen grab, `then`, another grab. Both grabs'
/// pixels, or `None` (a loud skip, or a failure in CI) without the tools.
fn grab_around(what: &str, first: &str, then: &str) -> Option<(u32, Vec<u32>, Vec<u32>)> {
    if !xvfb() {
        return None;
    }
    for t in ["xdotool", "xwd"] {
        if !tool(t) {
            common::cannot_run(what, &format!("{t} is not installed"));
            return None;
        }
    }
    let name = what.replace(' ', "-");
    let before = scratch(&format!("{name}-1.xwd"));
    let after = scratch(&format!("{name}-2.xwd"));
    let script = format!(
        "XDG_CONFIG_HOME={config} {bin} --size 800x500 & pid=$!; \
         xdotool search --sync --onlyvisible --name mapscope >/dev/null; sleep 8; \
         {first}; xwd -root -silent > {before}; {then}; xwd -root -silent > {after}; kill $pid",
        bin = env!("CARGO_BIN_EXE_mapscope"),
        config = config_home().display(),
        before = before.display(),
        after = after.display(),
    );
    let run = Command::new("timeout")
        .args([
            "120",
            "xvfb-run",
            "-a",
            "-s",
            "-screen 0 800x500x24",
            "sh",
            "-c",
            &script,
        ])
        .output()
        .expect("runs the viewer");
    assert!(
        after.exists(),
        "{what}: no screen grab: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let (w, _, a) = read_xwd(&before);
    let (_, _, b) = read_xwd(&after);
    Some((w, a, b))
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
fn the_pointer_over_a_panel_leaves_the_inspector_alone() {
    // Point at the map (the Inspector describes it), then move over the
    // Inspector panel, where the map is still drawn behind.
    let Some((w, a, b)) = grab_around(
        "panel pointer test",
        "xdotool mousemove 400 300; sleep 2",
        "xdotool mousemove 700 420; sleep 2; xdotool mousemove 702 421; sleep 2",
    ) else {
        return;
    };
    // The Inspector's lines: there (the map was picked), and the same
    // after the move.
    let region = inspector_region(w, &a);
    let changed = region.iter().filter(|&&i| a[i] != b[i]).count();
    assert_eq!(
        changed, 0,
        "the Inspector changed under a pointer over the panel"
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
