//! Scripted runs of the viewer (`--screenshot`): a picture that would
//! replace a file is refused before anything is drawn, and the moving view
//! of a big map seen level across (shaped like Voxlap's demo map) keeps
//! every chunk, coarser rather than left out.

mod common;

use common::window::*;

#[test]
fn a_screenshot_onto_an_existing_file_is_refused_before_any_frame() {
    let out = scratch("taken.png");
    std::fs::write(&out, b"not mine to replace").unwrap();
    // No display: a check made only after the window opened (or after the
    // frames measured) would fail on the window instead, or take minutes.
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_mapscope"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env("XDG_CONFIG_HOME", config_home())
        .args(["--measure-frames", "100000", "--screenshot"])
        .arg(&out)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&run.stderr);
    assert_eq!(run.status.code(), Some(2), "{err}");
    assert!(err.contains(&format!("{} exists", out.display())), "{err}");
    assert!(!err.contains("window"), "{err}");
    assert!(run.stdout.is_empty(), "no frames measured");
    assert_eq!(std::fs::read(&out).unwrap(), b"not mine to replace");
}

#[test]
fn moving_over_a_map_like_voxlaps_demo_leaves_no_chunk_out() {
    if !xvfb() {
        return;
    }
    let map = scratch("hills.vxl");
    let hills = mapscope::samples::voxlap_demo_like(1024, 256);
    let bytes = mapscope::kinds::encode(&hills, mapscope::formats::Format::VoxlapVxl).unwrap();
    std::fs::write(&map, bytes).unwrap();
    let out = scratch("hills-moving.png");
    let run = viewer(&[
        map.as_os_str(),
        "--start-with".as_ref(),
        "spin,moving".as_ref(),
        "--measure-frames".as_ref(),
        "20".as_ref(),
        "--screenshot".as_ref(),
        out.as_os_str(),
    ]);
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(text.contains("frame work: frames: 20"), "{text}");
    // Drawn whole where the renderer is fast enough; where the view was
    // reduced, no frame left far chunks out (before: most of them did).
    let reduced = text.lines().find(|l| l.starts_with("3D view reduced"));
    if let Some(line) = reduced {
        assert!(line.ends_with("far chunks left out in 0"), "{line}");
    }
    let (w, h, colours) = look_at(&out);
    assert_eq!((w, h), (1280, 720));
    assert!(colours > 20, "only {colours} colours");
}
