//! Compare mode in a real window under Xvfb, driven with xdotool (skipped,
//! loudly, where the tools are missing): `mapscope OLD --compare NEW`
//! shows the new map with its changes, and X flips to the old one in
//! place: the tower the new version built goes, the camera stays.

mod common;

use common::window::*;
use mapscope::formats::{self, Format, LoadOptions};
use std::path::Path;

/// The demo map, and a version with a tower, a crater and a recoloured
/// stripe, written as AoS VXL files.
fn two_versions(dir: &Path) -> (std::path::PathBuf, std::path::PathBuf) {
    std::fs::create_dir_all(dir).unwrap();
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/demo.vxl");
    let options = LoadOptions {
        vxl_size: Some([128, 128, 64]),
        ..Default::default()
    };
    let mut map = formats::load_path(&demo, &options).unwrap();
    let (old, new) = (dir.join("old.vxl"), dir.join("new.vxl"));
    std::fs::write(&old, mapscope::kinds::encode(&map, Format::AosVxl).unwrap()).unwrap();
    map.content = mapscope::samples::edited_voxels(map.voxels().unwrap(), [40, 40]).into();
    std::fs::write(&new, mapscope::kinds::encode(&map, Format::AosVxl).unwrap()).unwrap();
    (old, new)
}

#[test]
fn x_flips_between_the_compared_maps_in_place() {
    let dir = scratch("compare-maps");
    let (old, new) = two_versions(&dir);
    let title = dir.join("title.txt");
    let (old, new) = (old.to_str().unwrap(), new.to_str().unwrap());
    let Some((w, a, b)) = grab_with(
        "compare flip",
        &[old, "--compare", new],
        &format!("{FOCUS_WINDOW}; {}", title_into(&title)),
        "xdotool key x; sleep 3",
    ) else {
        return;
    };
    let title = std::fs::read_to_string(&title).unwrap();
    assert!(title.contains("compared"), "the title says so: {title:?}");
    let changed = a.iter().zip(&b).filter(|(p, q)| p != q).count();
    let total = a.len();
    // The tower and the crater come and go, and the panel's "new" becomes
    // "old"; the camera stays, so most of the picture is as it was.
    assert!(changed > 200, "X changed only {changed} pixels");
    assert!(
        changed < total / 4,
        "{changed} of {total} pixels changed: the view moved (width {w})"
    );
}
