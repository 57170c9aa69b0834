//! The Changes panel of a comparison against the diff's report: the same
//! regions, said in the same unit, written out.

mod common;

use common::corpus_dir;
use mapscope::formats::{self, LoadOptions};
use mapscope::open_diff::compare_paths;
use std::collections::BTreeMap;

/// The Changes panel names a region as the report does, in tiles with the
/// unit written: pathing (quarter-tile cells) and terrain (tilepoints)
/// alike, so that one panel never mixes cells and tiles unlabelled.
#[test]
fn the_changes_panel_says_regions_in_tiles_as_the_report_does() {
    let Some(dir) = corpus_dir() else { return };
    let v = dir.join("versions");
    let tr = |c: &str| v.join(format!("TurtleRock_v2.0_{c}.w3x"));
    let new = tr("2025-10-05_bc01869");
    let d = compare_paths(&tr("2025-09-07_83da33d"), &new, &Default::default()).unwrap();
    let map = formats::load_path(&new, &LoadOptions::default()).unwrap();
    let marks = mapscope::kinds::diff_marks(&map, &d);
    let text = mapscope::diff::report::text(&d, "a", "b");
    let regions: Vec<&str> = marks
        .iter()
        .map(|m| m.what.as_str())
        .filter(|w| w.starts_with("pathing:") || w.starts_with("terrain:"))
        .collect();
    assert!(
        regions.iter().any(|w| w.starts_with("pathing:"))
            && regions.iter().any(|w| w.starts_with("terrain:")),
        "{regions:?}"
    );
    // The report lists each part's largest regions, in the marks' order.
    let mut listed = BTreeMap::new();
    for what in regions {
        let corners = what.split(", ").skip(1).collect::<Vec<_>>().join(", ");
        assert!(corners.starts_with("tiles x "), "{what}");
        let nth = listed.entry(what.split(':').next().unwrap()).or_insert(0);
        *nth += 1;
        if *nth <= 10 {
            assert!(
                text.contains(&format!("    {corners}:")),
                "{what} is not said so in the report:\n{text}"
            );
        }
    }
}
