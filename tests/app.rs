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

fn viewer(args: &[&std::ffi::OsStr]) -> Output {
    Command::new("timeout")
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
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(png).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    let px = info.color_type.samples();
    let mut colours: Vec<&[u8]> = buf[..info.buffer_size()].chunks(px).step_by(97).collect();
    colours.sort();
    colours.dedup();
    (info.width, info.height, colours.len())
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
fn a_corrupt_file_exits_non_zero_with_a_message() {
    if !xvfb() {
        return;
    }
    let bad = scratch("bad.vxl");
    std::fs::write(&bad, [7u8, 1, 2, 3, 4]).unwrap();
    let out = scratch("never.png");
    let run = viewer(&[bad.as_os_str(), "--screenshot".as_ref(), out.as_os_str()]);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success());
    assert!(err.contains("mapscope:"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(!out.exists());
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
