//! A replay opened in the real viewer under Xvfb, driven with xdotool as
//! a person would: the replay opens its map (found beside it) with the
//! game on it, K plays it, K pauses, 2 hides the second player, J scrubs
//! back to the start; the screen grabbed after each shows the players'
//! buildings in their colours only when placed and shown.

mod common;

use common::window::{read_xwd, save_png, scratch, tool, xvfb, FOCUS_WINDOW};
use mapscope::formats::w3g::write::{self, PointOrder, Sample};

/// Player colours the buildings are painted in: red (player 1), blue.
const RED: [u8; 3] = [255, 3, 3];
const BLUE: [u8; 3] = [0, 66, 255];

/// Alice (red) builds at the north-west start, Bob (blue) at the
/// south-east one, in the game's first 12 seconds; the game lasts 2 min.
const GAME: [PointOrder; 5] = [
    (7_000, 1, *b"hhou", -1100.0, 1000.0),
    (8_000, 2, *b"usep", 1100.0, -1000.0),
    (9_000, 1, *b"halt", -1500.0, 1500.0),
    (12_000, 2, *b"uaod", 1500.0, -1500.0),
    (120_000, 1, *b"hbar", -1300.0, 1300.0),
];

/// Pixels of exactly `colour` in the 3D view's part left of the Game
/// window (x 240-930, y 40-600 of 1280 x 720).
fn count(px: &[u32], w: u32, colour: [u8; 3]) -> usize {
    let want = (u32::from(colour[0]) << 16) | (u32::from(colour[1]) << 8) | u32::from(colour[2]);
    (40..600)
        .flat_map(|y| (240..930).map(move |x| (y * w + x) as usize))
        .filter(|&i| px[i] & 0xff_ffff == want)
        .count()
}

/// Runs a shell script in a 1280 x 720 Xvfb screen, for at most 2 min.
fn in_screen(script: &str) -> std::process::Output {
    std::process::Command::new("timeout")
        .args([
            "120",
            "xvfb-run",
            "-a",
            "-s",
            "-screen 0 1280x720x24",
            "sh",
            "-c",
            script,
        ])
        .output()
        .expect("runs the viewer")
}

#[test]
fn a_replay_opens_on_its_map_and_plays_scrubs_and_filters() {
    if !xvfb() {
        return;
    }
    for t in ["xdotool", "xwd"] {
        if !tool(t) {
            common::cannot_run("game window test", &format!("{t} is not installed"));
            return;
        }
    }
    let map = scratch("1v1_TwoRivers_v1.0@77.w3x");
    std::fs::write(&map, mapscope::samples::w3x_archive(0, Default::default())).unwrap();
    let replay = scratch("game.w3g");
    let stored = r"maps\W3Champions\77_w3c_251104_0950_TwoRivers_v1.0.w3x";
    std::fs::write(
        &replay,
        write::game(Sample::new(10100, 6115), stored, &GAME),
    )
    .unwrap();
    // A folder of maps given with --maps is remembered for later replays.
    let maps = scratch("maps.d");
    std::fs::create_dir_all(&maps).unwrap();
    let grabs: Vec<_> = (0..4).map(|i| scratch(&format!("game-{i}.xwd"))).collect();
    let err = scratch("game-stderr.txt");
    let grab = |i: usize| format!("xwd -root -silent > {}", grabs[i].display());
    // K plays at 8x: three seconds are 24 s of game time, past the first
    // four buildings and short of the barracks at 2:00.
    let script = format!(
        "XDG_CONFIG_HOME={config} {bin} {file} --maps {maps} --size 1280x720 2>{err} & pid=$!; \
         xdotool search --sync --onlyvisible --name mapscope >/dev/null; sleep 8; {FOCUS_WINDOW}; \
         {g0}; xdotool key k; sleep 3; xdotool key k; sleep 1; {g1}; \
         xdotool key 2; sleep 1; {g2}; xdotool key j j j j; sleep 1; {g3}; kill $pid; wait $pid",
        config = common::window::config_home().display(),
        bin = env!("CARGO_BIN_EXE_mapscope"),
        file = replay.display(),
        maps = maps.display(),
        err = err.display(),
        g0 = grab(0),
        g1 = grab(1),
        g2 = grab(2),
        g3 = grab(3),
    );
    let run = in_screen(&script);
    assert!(
        grabs[3].exists(),
        "no screen grab: {} {}",
        String::from_utf8_lossy(&run.stderr),
        std::fs::read_to_string(&err).unwrap_or_default()
    );
    let shots: Vec<(u32, Vec<u32>)> = grabs
        .iter()
        .map(|g| {
            let (w, h, px) = read_xwd(g);
            save_png(&g.with_extension("png"), w, h, &px);
            (w, px)
        })
        .collect();
    let remembered = common::window::config_home().join("mapscope/maps-folders.txt");
    let remembered = std::fs::read_to_string(remembered).unwrap_or_default();
    let canonical = std::fs::canonicalize(&maps).unwrap();
    assert!(
        remembered.lines().any(|l| l == canonical.to_str().unwrap()),
        "--maps remembered: {remembered}"
    );
    let red: Vec<usize> = shots.iter().map(|(w, px)| count(px, *w, RED)).collect();
    let blue: Vec<usize> = shots.iter().map(|(w, px)| count(px, *w, BLUE)).collect();
    let said = std::fs::read_to_string(&err).unwrap_or_default();
    let at = format!(
        "red {red:?}, blue {blue:?} (grabs in {}); {said}",
        grabs[0].parent().unwrap().display()
    );
    // Two buildings each, 9 x 9 points: dozens of pixels each way.
    assert!(
        red[1] >= red[0] + 40 && blue[1] >= blue[0] + 40,
        "played: both players' buildings appear: {at}"
    );
    assert!(
        red[2] >= red[1].saturating_sub(5) && blue[2] + 40 <= blue[1],
        "2 hides the second player's: {at}"
    );
    assert!(
        red[3] + 40 <= red[2],
        "scrubbed back to the start, nothing is placed yet: {at}"
    );
}

/// A folder of replays opens the map its games were on, top-down, with
/// the season on it: the mine taken as an expansion ringed in gold.
#[test]
fn a_folder_of_replays_opens_its_maps_season() {
    if !xvfb() || !tool("xdotool") || !tool("xwd") {
        return;
    }
    let dir = scratch("season.d");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("1v1_TwoRivers_v1.0@77.w3x"),
        mapscope::samples::w3x_archive(0, Default::default()),
    )
    .unwrap();
    let stored = r"maps\W3Champions\77_w3c_251104_0950_TwoRivers_v1.0.w3x";
    // Bob orders a necropolis at Alice's mine after his first buildings.
    let mut game = GAME.to_vec();
    game.push((150_000, 2, *b"unpl", -400.0, 900.0));
    for name in ["a.w3g", "b.w3g"] {
        std::fs::write(
            dir.join(name),
            write::game(Sample::new(10100, 6115), stored, &game),
        )
        .unwrap();
    }
    let grab = scratch("season.xwd");
    let err = scratch("season-stderr.txt");
    let script = format!(
        "XDG_CONFIG_HOME={config} {bin} {dir} --size 1280x720 2>{err} & pid=$!; \
         xdotool search --sync --onlyvisible --name mapscope >/dev/null; sleep 8; \
         xwd -root -silent > {grab}; kill $pid; wait $pid",
        config = common::window::config_home().display(),
        bin = env!("CARGO_BIN_EXE_mapscope"),
        dir = dir.display(),
        err = err.display(),
        grab = grab.display(),
    );
    let run = in_screen(&script);
    assert!(
        grab.exists(),
        "no screen grab: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    let (w, h, px) = read_xwd(&grab);
    save_png(&grab.with_extension("png"), w, h, &px);
    let gold = count(&px, w, [255, 215, 0]);
    let said = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(
        gold >= 10,
        "the taken mine ringed in gold: {gold} pixels ({}); {said}",
        grab.display()
    );
}
