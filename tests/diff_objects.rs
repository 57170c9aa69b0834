//! Moved objects paired as a person would pair them (issue 46): start
//! locations by player, other objects by type and nearest place, whatever
//! the editor's creation numbers say; minimap icons moved by a pixel.

mod common;

use common::scratch_dir;
use mapscope::diff::{Change, MapDiff};
use mapscope::formats::mpq::write::{write, ArchiveOptions};
use mapscope::formats::w3x::doo::write::{encode_doodads, encode_icons, encode_units};
use mapscope::formats::w3x::info::encode_info;
use mapscope::formats::{self, LoadOptions};
use mapscope::open_diff::compare_paths;
use mapscope::store::warcraft::WarcraftMap;

/// The sample map's files with `edit` applied to its decoded objects.
fn edited(edit: impl Fn(&mut WarcraftMap)) -> Vec<u8> {
    let files = mapscope::samples::w3x_files(30);
    let archive = write(
        &files
            .iter()
            .map(|(n, b)| (*n, b.as_slice(), Default::default()))
            .collect::<Vec<_>>(),
        &ArchiveOptions::default(),
    );
    let map = formats::decode(&archive, &LoadOptions::default()).unwrap();
    let mut w = map.warcraft().unwrap().clone();
    edit(&mut w);
    let replaced: Vec<(&str, Vec<u8>)> = files
        .into_iter()
        .map(|(name, bytes)| match name {
            "war3mapUnits.doo" => (name, encode_units(&w.units, true)),
            "war3map.doo" => (name, encode_doodads(&w.doodads, &w.special_doodads, true)),
            "war3map.mmp" => (name, encode_icons(&w.icons)),
            // Strings resolved on both sides alike.
            "war3map.w3i" => (name, encode_info(w.info.as_ref().unwrap())),
            _ => (name, bytes),
        })
        .collect();
    let list: Vec<_> = replaced
        .iter()
        .map(|(n, b)| (*n, b.as_slice(), Default::default()))
        .collect();
    write(&list, &ArchiveOptions::default())
}

/// The two maps' diff, and the folder holding them (old.w3x, new.w3x),
/// which goes when it is dropped.
fn diff_of(name: &str, old: &[u8], new: &[u8]) -> (MapDiff, common::Scratch) {
    let dir = scratch_dir("diff-objects", name);
    let (a, b) = (dir.join("old.w3x"), dir.join("new.w3x"));
    std::fs::write(&a, old).unwrap();
    std::fs::write(&b, new).unwrap();
    (compare_paths(&a, &b, &LoadOptions::default()).unwrap(), dir)
}

/// The map's centre in world units.
fn centre(w: &WarcraftMap) -> [f32; 2] {
    let t = &w.terrain;
    [
        t.offset[0] + (t.width - 1) as f32 * 64.0,
        t.offset[1] + (t.height - 1) as f32 * 64.0,
    ]
}

/// Every start location 64 units farther from the map's centre, in the
/// doo and the w3i alike, and every object renumbered in reverse order
/// (as the w3champions commit that moved Rocky Ridge's starts did).
fn starts_outward(w: &mut WarcraftMap) {
    let c = centre(w);
    let outward = |p: [f32; 2]| {
        let (dx, dy) = (p[0] - c[0], p[1] - c[1]);
        let len = dx.hypot(dy);
        [p[0] + 64.0 * dx / len, p[1] + 64.0 * dy / len]
    };
    for u in w.units.iter_mut().filter(|u| &u.id == b"sloc") {
        let [x, y] = outward([u.position[0], u.position[1]]);
        u.position[0] = x;
        u.position[1] = y;
    }
    for p in &mut w.info.as_mut().unwrap().players {
        p.start = outward(p.start);
    }
    let n = w.units.len() as i32;
    w.units.reverse();
    for (i, u) in w.units.iter_mut().enumerate() {
        u.editor_id = n - 1 - i as i32 + 1000;
    }
    for (i, d) in w.doodads.iter_mut().enumerate() {
        d.editor_id = 5000 - i as i32;
    }
}

#[test]
fn start_locations_moved_outward_are_moved_not_added_and_removed() {
    let old = edited(|_| {});
    let new = edited(starts_outward);
    let (d, dir) = diff_of("starts", &old, &new);
    let new_path = dir.join("new.w3x");
    let starts = mapscope::formats::load_path(&new_path, &LoadOptions::default()).unwrap();
    let players = starts.warcraft().unwrap().start_locations().count();
    assert!(players >= 2, "{players}");
    let of = |c: Change| d.objects.iter().filter(|o| o.change == c).count();
    assert_eq!(
        (of(Change::Added), of(Change::Removed)),
        (0, 0),
        "{:?}",
        d.objects
    );
    let moved: Vec<_> = d
        .objects
        .iter()
        .filter(|o| o.change == Change::Moved)
        .collect();
    assert_eq!(moved.len(), players, "{moved:?}");
    for m in &moved {
        assert_eq!(m.kind, "start location");
        let (a, b) = (m.old.unwrap(), m.new.unwrap());
        let far = (b[0] - a[0]).hypot(b[1] - a[1]);
        assert!((far - 64.0).abs() < 0.01, "{m:?}");
        // Paired by player: the owner did not change.
        assert!(m.fields.iter().all(|f| f.field != "owner"), "{m:?}");
    }
    // Nothing else changed: the renumbering is no change.
    assert_eq!(d.objects.len(), players, "{:?}", d.objects);
    let line = format!("{players} start locations moved 64 units outward");
    assert_eq!(d.moved_alike, std::slice::from_ref(&line));
    let text = mapscope::diff::report::text(&d, "old", "new");
    assert!(text.contains(&line), "{text}");
    // The picture's arrows: from where each was, half a tile long.
    let marks = mapscope::kinds::diff_marks(&starts, &d);
    let arrows: Vec<_> = marks
        .iter()
        .filter_map(|m| Some((m.from?, m.center())))
        .collect();
    assert_eq!(arrows.len(), players, "{marks:?}");
    for (from, to) in arrows {
        let tiles = (to[0] - from[0]).hypot(to[1] - from[1]);
        assert!(
            (tiles - 0.5).abs() < 0.01,
            "{from:?} -> {to:?}: {tiles} tiles"
        );
    }
}

#[test]
fn minimap_icons_moved_by_a_pixel_are_moved() {
    let old = edited(|_| {});
    let new = edited(|w| {
        assert!(!w.icons.is_empty());
        for i in &mut w.icons {
            i.x += 1;
        }
    });
    let (d, _) = diff_of("icons", &old, &new);
    let icons: Vec<_> = d
        .objects
        .iter()
        .filter(|o| o.kind.ends_with("icon"))
        .collect();
    assert!(!icons.is_empty());
    assert!(icons.iter().all(|o| o.change == Change::Moved), "{icons:?}");
    let text = mapscope::diff::report::text(&d, "old", "new");
    assert!(
        text.contains("moved    start icon at (40, 200) -> (41, 200)"),
        "{text}"
    );
}
