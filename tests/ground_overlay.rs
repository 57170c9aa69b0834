//! The ground-distance overlay on the corpus's 4v4 ladder maps: each walk
//! to a main or natural mine is a chain of legal steps over walkable cells
//! (checked here from the rule, not with mapscope's step code) as long as
//! the distance the analysis gives; and the tint, drawn, tells the chosen
//! start's surroundings from the far side of the map.

mod common;

use common::{cannot_run, corpus_dir, corpus_files};
use mapscope::analysis::{analyze, routes::GroundView, GroundMap};
use mapscope::formats::{self, LoadOptions};
use mapscope::kinds::views;
use mapscope::render::headless::Headless;
use mapscope::render::RenderOptions;
use mapscope::store::Map;

fn load(path: &std::path::Path) -> Map {
    formats::load_path(path, &LoadOptions::default()).unwrap()
}

/// The walk's length from its steps, after checking each: to one of the 8
/// neighbours, onto a walkable cell, diagonally only between two walkable
/// cells.
fn chain_length(g: &GroundMap, cells: &[(u32, u32)], what: &str) -> f64 {
    let grid = &g.grid;
    let open = |x: i64, y: i64| {
        x >= 0
            && y >= 0
            && x < grid.width as i64
            && y < grid.height as i64
            && grid.walkable[(y * grid.width as i64 + x) as usize]
    };
    let mut length = 0.0;
    for c in cells {
        assert!(
            open(c.0 as i64, c.1 as i64),
            "{what}: {c:?} is not walkable"
        );
    }
    for w in cells.windows(2) {
        let (x, y) = (w[0].0 as i64, w[0].1 as i64);
        let (dx, dy) = (w[1].0 as i64 - x, w[1].1 as i64 - y);
        assert!(
            dx.abs() <= 1 && dy.abs() <= 1 && (dx, dy) != (0, 0),
            "{what}: {w:?} is not a step"
        );
        if dx != 0 && dy != 0 {
            assert!(
                open(x + dx, y) && open(x, y + dy),
                "{what}: {w:?} cuts a corner"
            );
            length += 32.0 * std::f64::consts::SQRT_2;
        } else {
            length += 32.0;
        }
    }
    length
}

#[test]
fn walks_to_the_mines_are_chains_of_walkable_cells_as_long_as_the_distance() {
    let maps: Vec<_> = corpus_files("w3x/ladder", "w3x")
        .into_iter()
        .filter(|p| p.file_name().unwrap().to_string_lossy().starts_with("4v4"))
        .collect();
    if corpus_dir().is_some() {
        assert!(maps.len() >= 30, "{} 4v4 maps", maps.len());
    }
    for path in &maps {
        let map = load(path);
        let ground = mapscope::kinds::of(&map).ground_map().unwrap();
        let report = analyze(&ground);
        let view = GroundView::new(&ground, ground.starts[0].player).unwrap();
        let name = path.file_name().unwrap().to_string_lossy();
        // Every start reaching two mines has both walks.
        let reaching = report.rows.iter().filter(|r| r.natural.is_some()).count();
        assert!(view.routes.len() >= 2 * reaching, "{name}");
        for r in &view.routes {
            let what = format!("{name}, player {}", r.player);
            let row = report
                .rows
                .iter()
                .find(|row| row.player == r.player)
                .unwrap();
            let start = ground.starts.iter().find(|s| s.player == r.player).unwrap();
            assert_eq!(
                r.cells.first().copied(),
                ground.grid.stand(start.at),
                "{what}"
            );
            let length = chain_length(&ground, &r.cells, &what);
            let expected = if r.natural {
                row.natural
            } else {
                row.main_mine
            }
            .unwrap() as f64;
            assert!(
                (length - expected).abs() <= expected * 0.01,
                "{what}: a walk of {length:.0} for a distance of {expected:.0}"
            );
        }
    }
}

/// Mean colour change (tinted minus bare) over a 15 x 15 patch at `at`.
fn change(bare: &[u8], tinted: &[u8], width: u32, at: [f32; 2]) -> [f64; 3] {
    let mut sum = [0.0; 3];
    let mut n = 0.0;
    for dy in -7..=7i64 {
        for dx in -7..=7i64 {
            let (x, y) = (at[0] as i64 + dx, at[1] as i64 + dy);
            let i = ((y * width as i64 + x) * 4) as usize;
            for c in 0..3 {
                sum[c] += tinted[i + c] as f64 - bare[i + c] as f64;
            }
            n += 1.0;
        }
    }
    sum.map(|s| s / n)
}

#[test]
fn the_tint_near_the_chosen_start_differs_from_the_far_side() {
    let Some(dir) = corpus_dir() else {
        return;
    };
    let map = load(&dir.join("w3x/ladder/4v4_Nightopia@86.w3x"));
    let mut gpu = match Headless::new() {
        Ok(g) => g,
        Err(e) => return cannot_run("ground overlay pictures", &e.to_string()),
    };
    let kind = mapscope::kinds::of(&map);
    let ground = kind.ground_map().unwrap();
    let report = analyze(&ground);
    // The start farthest from player 1's on foot.
    let far = (1..ground.starts.len())
        .max_by(|&a, &b| {
            let d = |j: usize| report.start_to_start[0][j].unwrap_or(0.0);
            d(a).total_cmp(&d(b))
        })
        .unwrap();
    let (w, h) = (800, 800);
    let camera = views::playable_top(&map, 1.0).unwrap();
    let options = RenderOptions {
        show_spawns: false,
        labels: false,
        objects: mapscope::mesh::objects::Shown([false; 5]),
        ..Default::default()
    };
    let mut scene = views::scene(&map, &gpu.renderer, &gpu.gpu.device, false);
    let bare = gpu.picture(&scene, &camera, w, h, &options).unwrap();
    let mut view = GroundView::new(&ground, ground.starts[0].player).unwrap();
    // The tint alone: the walks begin at the start in its player's colour.
    view.routes.clear();
    scene.set_ground_overlay(&gpu.gpu.device, &views::ground_overlay(&map, &view));
    let tinted = gpu.picture(&scene, &camera, w, h, &options).unwrap();
    let at = |i: usize| {
        let label = format!("player {}", ground.starts[i].player);
        let s = map.meta.spawns.iter().find(|s| s.label == label).unwrap();
        let (lo, hi, z) = kind.spawn_area(s);
        let z = z.map_or(0.0, |z| z[1]);
        let centre = glam::Vec3::new((lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0, z);
        mapscope::render::labels::to_screen(&camera, w, h, centre).unwrap()
    };
    let (near, far) = (
        change(&bare, &tinted, w, at(0)),
        change(&bare, &tinted, w, at(far)),
    );
    // Near is tinted cyan (blue up, red down), far magenta (red up).
    let blueness = |c: [f64; 3]| c[2] - c[0];
    assert!(
        blueness(near) > blueness(far) + 60.0,
        "near {near:?}, far {far:?}"
    );
    assert!(
        near[2] > 30.0 && far[0] > 30.0,
        "near {near:?}, far {far:?}"
    );
}

/// How much sharper `tinted` is than `bare` pixel to pixel at `i`: the
/// largest colour step to the right or below that the tint adds.
fn added_edge(bare: &[u8], tinted: &[u8], width: usize, i: usize) -> i32 {
    let step = |p: &[u8], j: usize| -> i32 {
        (0..3)
            .map(|c| (p[i * 4 + c] as i32 - p[j * 4 + c] as i32).abs())
            .sum()
    };
    [i + 1, i + width]
        .iter()
        .map(|&j| step(tinted, j) - step(bare, j))
        .max()
        .unwrap()
}

#[test]
fn the_tint_lies_on_the_ground_without_seams_at_eye_level() {
    let Some(dir) = corpus_dir() else {
        return;
    };
    // A 4v4 map: its field has the most cells, hilly ground round the starts.
    let map = load(&dir.join("w3x/ladder/4v4_Nightopia@86.w3x"));
    let mut gpu = match Headless::new() {
        Ok(g) => g,
        Err(e) => return cannot_run("ground overlay pictures", &e.to_string()),
    };
    let kind = mapscope::kinds::of(&map);
    let ground = kind.ground_map().unwrap();
    let s = map
        .meta
        .spawns
        .iter()
        .find(|s| s.label == format!("player {}", ground.starts[0].player))
        .unwrap();
    let (lo, hi, _) = kind.spawn_area(s);
    let (x, y) = ((lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0);
    let e = views::extent(&map);
    let yaw = (e.length / 2.0 - y).atan2(e.width / 2.0 - x).to_degrees();
    // A footman's eye (96 game units: 0.75 tile) over the start, looking
    // a little down toward the map's middle.
    let mut view = GroundView::new(&ground, ground.starts[0].player).unwrap();
    // The ground's height at the start: where its walk to its main mine
    // begins, laid on the ground (a little over it).
    let walk = view.routes.iter().position(|r| r.player == view.player);
    let before: usize = view.routes[..walk.unwrap()]
        .iter()
        .map(|r| 4 * (r.cells.len() - 1))
        .sum();
    let overlay = views::ground_overlay(&map, &view);
    let ground_z = overlay.routes[before].position[2];
    let eye = glam::Vec3::new(x, y, ground_z - 0.75);
    let camera = mapscope::render::Camera::perspective(eye, yaw, -12.0, 70.0);
    let (w, h) = (480usize, 300usize);
    let options = RenderOptions {
        show_spawns: false,
        labels: false,
        objects: mapscope::mesh::objects::Shown([false; 5]),
        ..Default::default()
    };
    let mut scene = views::scene(&map, &gpu.renderer, &gpu.gpu.device, false);
    let bare = gpu
        .picture(&scene, &camera, w as u32, h as u32, &options)
        .unwrap();
    view.routes.clear();
    scene.set_ground_overlay(&gpu.gpu.device, &views::ground_overlay(&map, &view));
    let tinted = gpu
        .picture(&scene, &camera, w as u32, h as u32, &options)
        .unwrap();
    if let Ok(dir) = std::env::var("MAPSCOPE_PROBES") {
        let out = std::path::Path::new(&dir).join("ground-tint-eye-level.png");
        let _ = mapscope::render::headless::write_png(&out, &tinted, w as u32, h as u32, true);
    }
    // The ground within a few tiles of the start: the picture's lower
    // part, all of it reached.
    let (mut untinted, mut seams, mut n) = (0, 0, 0);
    for py in h * 3 / 5..h - 1 {
        for px in 0..w - 1 {
            let i = py * w + px;
            let change: i32 = (0..3)
                .map(|c| (tinted[i * 4 + c] as i32 - bare[i * 4 + c] as i32).abs())
                .sum();
            untinted += (change < 20) as u32;
            seams += (added_edge(&bare, &tinted, w, i) > 48) as u32;
            n += 1;
        }
    }
    let (untinted, seams) = (untinted as f64 / n as f64, seams as f64 / n as f64);
    // Flat quads at each block's middle height sank into slopes (untinted
    // stripes) and stood out of them (seams); painted by the ground, the
    // tint covers it all, as smooth as the ground under it.
    assert!(untinted < 0.02, "{:.1} % untinted", untinted * 100.0);
    assert!(seams < 0.005, "{:.2} % seams", seams * 100.0);
}
