//! Walk mode in a real window under Xvfb, driven with xdotool as a person
//! would: P drops a player at the map's only land in the blue spawn area
//! facing the map's middle, W walks east over a one-block step (climbed)
//! into a wall and stops there, Space jumps against it, Escape flies on.

mod common;

use common::window::{in_xvfb, read_xwd, save_png, scratch, tool, xvfb, FOCUS_WINDOW};

const WALL_X: u32 = 136;
const STEP_X: u32 = 130;
/// The floor's top, the step's (one higher) and the wall's.
const FLOOR: u16 = 50;
const STEP: u16 = 49;
const WALL: u16 = 40;

const RED: u32 = 0x7fe0_2020;
const GREEN: u32 = 0x7f30_a030;
const BLUE: u32 = 0x7f30_30e0;
const SEA: u32 = 0x7f20_4060;

/// 512 x 512 x 64: sea (solid only in the bottom layer) but for a strip
/// of land at y 252..261 from x 110 east: in the blue spawn area
/// (x 0..128, y 128..384) the strip is the only land, so the servers'
/// rule spawns a player on it. East of it a one-block step at x 130 and a
/// wall at x 136, red.
fn map() -> Vec<u8> {
    common::aos_file(|x, y| {
        let land = (248..266).contains(&y) && x >= 128 || (252..261).contains(&y) && x >= 110;
        match x {
            _ if !land => (63, SEA),
            _ if (WALL_X..WALL_X + 4).contains(&x) => (WALL, RED),
            _ if x >= STEP_X => (STEP, BLUE),
            _ => (FLOOR, GREEN),
        }
    })
}

/// The pixel's channels.
fn rgb(p: u32) -> [i32; 3] {
    [
        (p >> 16) as i32 & 255,
        (p >> 8) as i32 & 255,
        p as i32 & 255,
    ]
}

/// A screen grab: width, height and its pixels.
type Shot = (u32, u32, Vec<u32>);

/// Opens the map, drops into walk mode (P), holds W into the wall, jumps
/// against it and flies on (Escape), grabbing the screen after each: the
/// four grabs and what mapscope said on stderr. `None` where the test
/// cannot run and may skip.
fn walk() -> Option<(Vec<Shot>, String)> {
    if !xvfb() {
        return None;
    }
    for t in ["xdotool", "xwd"] {
        if !tool(t) {
            common::cannot_run("walk window test", &format!("{t} is not installed"));
            return None;
        }
    }
    let file = scratch("walk.vxl");
    std::fs::write(&file, map()).unwrap();
    let grabs: Vec<_> = (0..4).map(|i| scratch(&format!("walk-{i}.xwd"))).collect();
    let err = scratch("walk-stderr.txt");
    let grab = |i: usize| format!("xwd -root -silent > {}", grabs[i].display());
    let script = format!(
        "XDG_CONFIG_HOME={config} {bin} {file} --size 800x500 2>{err} & pid=$!; \
         xdotool search --sync --onlyvisible --name mapscope >/dev/null; sleep 8; {FOCUS_WINDOW}; \
         xdotool key p; sleep 2; {g0}; \
         xdotool keydown w; sleep 10; {g1}; xdotool key space; sleep 2; {g2}; xdotool keyup w; \
         xdotool key Escape; sleep 2; {g3}; kill $pid; wait $pid",
        config = common::window::config_home().display(),
        bin = env!("CARGO_BIN_EXE_mapscope"),
        file = file.display(),
        err = err.display(),
        g0 = grab(0),
        g1 = grab(1),
        g2 = grab(2),
        g3 = grab(3),
    );
    let run = in_xvfb(&script, 150);
    assert!(
        grabs[3].exists(),
        "no screen grab: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let shots: Vec<_> = grabs
        .iter()
        .map(|g| {
            let (w, h, px) = read_xwd(g);
            save_png(&g.with_extension("png"), w, h, &px);
            (w, h, px)
        })
        .collect();
    Some((shots, std::fs::read_to_string(&err).unwrap()))
}

/// Escape left walk mode where the player stood: against the wall (the
/// box's half width short of it), on the step, on the ground.
fn check_where_it_stood(stderr: &str) {
    let left = stderr
        .lines()
        .find_map(|l| l.strip_prefix("walk: left at "))
        .unwrap_or_else(|| panic!("no walk ended: {stderr}"));
    let nums: Vec<f32> = left
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    let [x, y, z] = nums[..3] else {
        panic!("{left}")
    };
    assert!(left.contains("on ground"), "{left}");
    assert!(
        (WALL_X as f32 - 0.45 - 0.3..WALL_X as f32 - 0.45 + 1e-3).contains(&x),
        "stopped at the wall: {left}"
    );
    assert!((252.0..261.0).contains(&y), "spawned on the strip: {left}");
    assert!(
        (z + 2.25 - STEP as f32).abs() < 0.1,
        "stands on the step, one above the floor: {left}"
    );
}

#[test]
fn walk_mode_walks_into_a_wall_climbs_a_step_and_flies_on() {
    let Some((shots, stderr)) = walk() else {
        return;
    };
    check_where_it_stood(&stderr);
    let (w, h, _) = shots[0];
    let at = |shot: usize, fx: f32, fy: f32| {
        let (px, py) = ((w as f32 * fx) as u32, (h as f32 * fy) as u32);
        rgb(shots[shot].2[(py * w + px) as usize])
    };
    // First person at eye height, facing east: the ground just ahead (the
    // green floor, or the blue step where the spawn was near it) at the
    // bottom middle of the view; the red wall ahead in the middle.
    let ground = at(0, 0.49, 0.88);
    let green = ground[1] > ground[0] + 20 && ground[1] > ground[2] + 20;
    let blue = ground[2] > ground[1] + 40 && ground[0] < 90;
    assert!(green || blue, "the ground below: {ground:?}");
    let ahead = at(0, 0.5, 0.45);
    assert!(ahead[0] > ahead[1] + 40, "the wall ahead: {ahead:?}");
    let wall = at(1, 0.5, 0.45);
    assert!(
        wall[0] > wall[1] + 40 && wall[0] > wall[2] + 40,
        "the wall fills the view: {wall:?}"
    );
    // Holding W against the wall and jumping there moves nothing: the
    // view's middle is the same two seconds later.
    let same = |a: usize, b: usize| {
        (h / 4..h * 3 / 4)
            .flat_map(|y| (w / 4..w * 3 / 4).map(move |x| (y * w + x) as usize))
            .filter(|&i| shots[a].2[i] != shots[b].2[i])
            .count()
    };
    assert!(
        same(1, 2) < (w * h / 4) as usize / 50,
        "stopped at the wall"
    );
    // Flying again from the same eye: the same wall ahead.
    let wall = at(3, 0.5, 0.45);
    assert!(
        wall[0] > wall[1] + 40,
        "flies on from where it stood: {wall:?}"
    );
}
