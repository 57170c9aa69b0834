//! `mapscope analyze` on the corpus's ladder maps, its ground distances
//! checked against a computation written here from the rule (not calling
//! mapscope's path code): the pathing map's walkable cells (bit 0x02
//! clear), 8 neighbours, a diagonal only between two walkable cells, steps
//! of 32 and 32·√2 units; a point on the walkable cell nearest it.

mod common;

use common::corpus_files;
use mapscope::formats::{self, LoadOptions};
use mapscope::store::{Content, Map};
use rayon::prelude::*;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// Whole steps in thousandths of a unit: an integer Dijkstra, unlike the
/// program's float one.
const STRAIGHT: u64 = 32_000;
const DIAGONAL: u64 = 45_255; // 32000 × √2, rounded

struct Pathing {
    w: i64,
    h: i64,
    open: Vec<bool>,
    origin: [f64; 2],
}

impl Pathing {
    fn of(map: &Map) -> Option<Pathing> {
        let Content::Warcraft(m) = &map.content else {
            return None;
        };
        let p = m.pathing.as_ref()?;
        Some(Pathing {
            w: p.width as i64,
            h: p.height as i64,
            open: p.cells.iter().map(|c| c & 2 == 0).collect(),
            origin: [m.terrain.offset[0] as f64, m.terrain.offset[1] as f64],
        })
    }

    fn walkable(&self, x: i64, y: i64) -> bool {
        (0..self.w).contains(&x) && (0..self.h).contains(&y) && self.open[(y * self.w + x) as usize]
    }

    /// The cell a point stands on: its own, else the walkable cell whose
    /// centre is nearest, by looking at every cell.
    fn cell(&self, at: [f64; 2]) -> Option<(i64, i64)> {
        let fx = (at[0] - self.origin[0]) / 32.0;
        let fy = (at[1] - self.origin[1]) / 32.0;
        let own = (fx.floor() as i64, fy.floor() as i64);
        if self.walkable(own.0, own.1) {
            return Some(own);
        }
        (0..self.h)
            .flat_map(|y| (0..self.w).map(move |x| (x, y)))
            .filter(|&(x, y)| self.walkable(x, y))
            .min_by(|a, b| {
                let d = |(x, y): (i64, i64)| {
                    (x as f64 + 0.5 - fx).powi(2) + (y as f64 + 0.5 - fy).powi(2)
                };
                d(*a).total_cmp(&d(*b))
            })
    }

    fn field(&self, from: (i64, i64)) -> Vec<u64> {
        let mut dist = vec![u64::MAX; self.open.len()];
        let mut queue = BinaryHeap::new();
        let i = (from.1 * self.w + from.0) as usize;
        dist[i] = 0;
        queue.push(Reverse((0u64, from)));
        while let Some(Reverse((d, (x, y)))) = queue.pop() {
            if d > dist[(y * self.w + x) as usize] {
                continue;
            }
            for dy in -1..=1i64 {
                for dx in -1..=1i64 {
                    let (nx, ny) = (x + dx, y + dy);
                    if (dx, dy) == (0, 0) || !self.walkable(nx, ny) {
                        continue;
                    }
                    let diagonal = dx != 0 && dy != 0;
                    if diagonal && !(self.walkable(nx, y) && self.walkable(x, ny)) {
                        continue;
                    }
                    let nd = d + if diagonal { DIAGONAL } else { STRAIGHT };
                    let j = (ny * self.w + nx) as usize;
                    if nd < dist[j] {
                        dist[j] = nd;
                        queue.push(Reverse((nd, (nx, ny))));
                    }
                }
            }
        }
        dist
    }
}

fn points(list: &serde_json::Value) -> Vec<[f64; 2]> {
    list.as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let p = &p["position"];
            [p[0].as_f64().unwrap(), p[1].as_f64().unwrap()]
        })
        .collect()
}

/// Both matrices of `analyze --json`, every entry within 1 % or 64 units
/// of the test's own, null exactly where the test finds no way; rows in
/// `info --json`'s order of start locations, columns in its order of mines
/// and start locations.
#[test]
fn ground_distances_agree_with_an_independent_count_on_every_ladder_map() {
    let maps = corpus_files("w3x/ladder", "w3x");
    let checked: Vec<usize> = maps
        .par_iter()
        .map(|path| {
            let map = formats::load_path(path, &LoadOptions::default()).unwrap();
            let info = mapscope::info::summary_json(&map);
            let info: serde_json::Value = serde_json::from_str(&info.to_string()).unwrap();
            let (starts, mines) = (
                points(&info["start_locations"]),
                points(&info["gold_mines"]),
            );
            let kind = mapscope::kinds::of(&map);
            let ground = kind
                .ground_map()
                .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let got = mapscope::analysis::report::json(&mapscope::analysis::analyze(&ground));
            let p = Pathing::of(&map).unwrap();
            let name = path.file_name().unwrap().to_string_lossy();
            let mut entries = 0;
            for (i, s) in starts.iter().enumerate() {
                let field = p.field(p.cell(*s).expect("a start stands somewhere"));
                let check = |matrix: &str, targets: &[[f64; 2]]| {
                    for (j, t) in targets.iter().enumerate() {
                        let want = p.cell(*t).map(|(x, y)| field[(y * p.w + x) as usize]);
                        let want = want.filter(|&d| d != u64::MAX).map(|d| d as f64 / 1000.0);
                        let entry = &got["ground"][matrix][i][j];
                        match (want, entry.as_f64()) {
                            (None, None) => {}
                            (Some(w), Some(g)) => assert!(
                                (w - g).abs() <= (w * 0.01).max(64.0),
                                "{name}: {matrix}[{i}][{j}] {g} against {w}"
                            ),
                            (w, _) => panic!("{name}: {matrix}[{i}][{j}] {entry} against {w:?}"),
                        }
                    }
                    targets.len()
                };
                entries += check("start_to_mine", &mines) + check("start_to_start", &starts);
            }
            entries
        })
        .collect();
    if !maps.is_empty() {
        let total: usize = checked.iter().sum();
        assert!(total > 1000, "{total} entries checked");
        assert!(
            checked.iter().all(|&n| n > 0),
            "every map has start locations"
        );
    }
}

/// What cannot be measured is said on standard error with exit status 1
/// (nothing a script could take for a report), not a panic: a map with no
/// pathing map. Every report that is printed says which `kind` it is.
#[test]
fn maps_it_cannot_measure_say_so_on_standard_error() {
    let dir = common::scratch_dir("analyze", "statements");
    let vxl = dir.join("flat.vxl");
    std::fs::write(&vxl, common::aos_file(|_, _| (50, 0x7f80_8080))).unwrap();
    let w3e = dir.join("t.w3e");
    let t = mapscope::store::terrain::W3eTerrain::flat(9, 9, 11);
    std::fs::write(&w3e, formats::w3e::encode_terrain(&t).unwrap()).unwrap();
    // A voxel map gets its reachability instead of the ground table.
    let out = common::mapscope(&["analyze".as_ref(), vxl.as_os_str()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("Where each team can go"), "{text}");
    assert!(
        text.contains("team 1 (blue)") && text.contains("team 2 (green)"),
        "{text}"
    );
    let out = common::mapscope(&["analyze".as_ref(), vxl.as_os_str(), "--json".as_ref()]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["kind"], "reachability");
    assert_eq!(v["teams"][0]["team"], 1);
    for json in [false, true] {
        let mut args = vec!["analyze".as_ref(), w3e.as_os_str()];
        if json {
            args.push("--json".as_ref());
        }
        let out = common::mapscope(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(out.stdout.is_empty());
        assert!(
            err.contains("cannot measure") && err.contains("pathing"),
            "{err}"
        );
    }
}

/// `diff` says how the fairness table changed where a version moved a
/// start location: Ice Flow's beta 302 moved player 1's 64 units, and the
/// diff's fairness lines are `analyze`'s figures of the two versions.
#[test]
fn diff_shows_the_fairness_change_where_a_start_location_moved() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let (old, new) = (
        dir.join("versions/IceFlow_TFTbeta299.w3x"),
        dir.join("versions/IceFlow_TFTbeta302.w3x"),
    );
    let main_mine = |path: &std::path::Path| {
        let out = common::mapscope(&["analyze".as_ref(), path.as_os_str(), "--json".as_ref()]);
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let row = v["fairness"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .find(|r| r["player"] == 1)
            .cloned()
            .unwrap();
        row["main_mine"].as_f64().unwrap().round() as i64
    };
    let (before, after) = (main_mine(&old), main_mine(&new));
    assert_ne!(before, after, "the start location moved");
    let out = common::mapscope(&[
        "diff".as_ref(),
        old.as_os_str(),
        new.as_os_str(),
        "--json".as_ref(),
    ]);
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let line = v["fairness"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["field"] == "player 1 to main mine")
        .unwrap_or_else(|| panic!("no fairness line: {}", v["fairness"]));
    assert_eq!(
        (line["old"].as_i64(), line["new"].as_i64()),
        (Some(before), Some(after))
    );
    let text = common::mapscope(&["diff".as_ref(), old.as_os_str(), new.as_os_str()]);
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains(&format!("player 1 to main mine: {before} -> {after}")),
        "{text}"
    );
}

/// Counts near-white pixels (text) in the picture's top-left corner, where
/// the diff picture's fairness plate lies.
fn text_in_top_left(png: &std::path::Path) -> usize {
    let (w, _, rgba) = common::golden::read_png(png).unwrap();
    let mut n = 0;
    for y in 10..90 {
        for x in 10..300 {
            let i = ((y * w + x) * 4) as usize;
            n += usize::from(rgba[i..i + 3].iter().all(|&c| c > 200));
        }
    }
    n
}

/// `diff -o`'s picture says the fairness change where a version moved a
/// start location (Ice Flow's betas), and nothing where none changed
/// (Nightopia's two seasons).
#[test]
fn the_diff_picture_shows_the_fairness_change() {
    let Some(dir) = common::corpus_dir() else {
        return;
    };
    let out = common::scratch_dir("analyze", "diff_picture");
    let pairs = [("IceFlow_TFTbeta299", "IceFlow_TFTbeta302", true)];
    let pairs = pairs.into_iter().chain([(
        "Nightopia_2025-06-22_1d75322",
        "Nightopia_2025-09-07_83da33d",
        false,
    )]);
    for (old, new, changed) in pairs {
        let png = out.join(format!("{new}.png"));
        let v = dir.join("versions");
        let run = common::mapscope(&[
            "diff".as_ref(),
            v.join(format!("{old}.w3x")).as_os_str(),
            v.join(format!("{new}.w3x")).as_os_str(),
            "-o".as_ref(),
            png.as_os_str(),
            "--view".as_ref(),
            "top".as_ref(),
        ]);
        let text = String::from_utf8_lossy(&run.stdout);
        assert_eq!(text.contains("fairness"), changed, "{text}");
        let err = String::from_utf8_lossy(&run.stderr);
        if !png.exists() {
            return common::cannot_run("diff pictures", &err);
        }
        let white = text_in_top_left(&png);
        assert_eq!(
            white > 300,
            changed,
            "{new}: {white} white pixels at the top left"
        );
    }
}
