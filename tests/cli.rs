//! The `mapscope` command line: `info`, `convert`, exit statuses and messages.

mod common;

use common::{mapscope, without_display};
use mapscope::formats::{self, Format, LoadOptions};
use mapscope::store::terrain::W3eTerrain;
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
use mapscope::store::{Content, Map, Metadata};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn scratch(test: &str) -> common::Scratch {
    common::scratch_dir("cli", test)
}

/// A flat 8 x 8 x 64 map: every surface voxel has its colour, as in real maps.
fn small_vxl() -> Vec<u8> {
    let mut s = VoxelStore::new(8, 8, 64, FourthByte::Shade);
    for i in 0..64u32 {
        s.push_slab(Slab {
            top: 30,
            top_len: 1,
            bottom: 64,
            bottom_len: 0,
        });
        s.push_colors([0x80_20_60_A0 + i]);
        s.end_column();
    }
    let map = common::aos_map(s);
    mapscope::kinds::encode(&map, Format::AosVxl).unwrap()
}

/// [`small_vxl`] cut three bytes short, written to `path`.
fn cut_vxl(path: &Path) -> PathBuf {
    let mut bytes = small_vxl();
    bytes.truncate(bytes.len() - 3);
    std::fs::write(path, &bytes).unwrap();
    path.to_path_buf()
}

fn json_of(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

fn path_arg(p: &Path) -> &std::ffi::OsStr {
    p.as_os_str()
}

#[test]
fn info_json_has_the_keys_for_voxel_maps() {
    let dir = scratch("info");
    let file = dir.join("small.vxl");
    std::fs::write(&file, small_vxl()).unwrap();
    let j = json_of(&mapscope(&[
        "info".as_ref(),
        path_arg(&file),
        "--json".as_ref(),
    ]));
    assert_eq!(j["format"], "aos-vxl");
    assert_eq!(j["dimensions"], serde_json::json!([8, 8, 64]));
    assert_eq!(j["colored_voxels"], 64);
    assert_eq!(j["solid_voxels"], 64 * 34);
    assert!(j["warnings"].is_array());
    // The text form names the format too.
    let text = mapscope(&["info".as_ref(), path_arg(&file)]);
    assert!(text.status.success());
    assert!(String::from_utf8_lossy(&text.stdout).contains("AoS VXL"));
}

#[test]
fn info_json_for_w3e_lists_flags_and_textures() {
    let dir = scratch("w3e");
    let file = dir.join("war3map.w3e");
    let map = Map {
        format: Format::W3e,
        meta: Metadata::default(),
        content: Content::Terrain(W3eTerrain::flat(9, 5, 12)),
    };
    std::fs::write(&file, mapscope::kinds::encode(&map, Format::W3e).unwrap()).unwrap();
    let j = json_of(&mapscope(&[
        "info".as_ref(),
        path_arg(&file),
        "--json".as_ref(),
    ]));
    assert_eq!(j["format"], "w3e");
    assert_eq!(j["version"], 12);
    assert_eq!(j["dimensions"], serde_json::json!([9, 5]));
    for key in [
        "tileset",
        "ground_textures",
        "cliff_textures",
        "flags",
        "offset",
    ] {
        assert!(!j[key].is_null(), "{key} missing: {j}");
    }
    // The folder holding it reads as a map folder: the same terrain.
    let mut folder = json_of(&mapscope(&[
        "info".as_ref(),
        path_arg(&dir),
        "--json".as_ref(),
    ]));
    assert_eq!(folder["format"], "w3x");
    assert_eq!(folder["sources"], serde_json::json!(["folder war3map.w3e"]));
    assert_eq!(folder["container"], "folder");
    assert_eq!(folder["files"], serde_json::json!(["war3map.w3e"]));
    // Every key of the loose terrain's says the same, but where it came from.
    let mut loose = j.clone();
    for key in ["format", "sources", "positions"] {
        folder.as_object_mut().unwrap().remove(key);
        loose.as_object_mut().unwrap().remove(key);
    }
    for (key, value) in loose.as_object().unwrap() {
        assert_eq!(&folder[key], value, "{key}");
    }
    assert_eq!(folder["units"], 0);
    for flag in ["ramp", "blight", "water", "boundary", "map_edge"] {
        assert!(j["flags"][flag].is_u64(), "flag {flag} missing: {j}");
    }
}

#[test]
fn a_corrupt_file_exits_non_zero_with_one_line_naming_field_and_offset() {
    let dir = scratch("corrupt");
    let file = cut_vxl(&dir.join("broken.vxl"));
    let out = mapscope(&["info".as_ref(), path_arg(&file), "--json".as_ref()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("AoS VXL") && err.contains("at byte"), "{err}");
    assert_eq!(err.matches("at byte").count(), 1, "said once: {err}");
    // Missing files and unknown formats fail the same way.
    let out = mapscope(&["info".as_ref(), path_arg(&dir.join("nope.vxl"))]);
    assert!(!out.status.success());
    let junk = dir.join("junk.bin");
    std::fs::write(&junk, b"hello").unwrap();
    let out = mapscope(&["info".as_ref(), path_arg(&junk)]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("VMF"));
}

#[test]
fn convert_vxl_to_vmf_and_back_and_never_overwrite() {
    let dir = scratch("convert");
    let (vxl, vmf, back) = (dir.join("a.vxl"), dir.join("a.vmf"), dir.join("b.vxl"));
    std::fs::write(&vxl, small_vxl()).unwrap();
    let ok = mapscope(&["convert".as_ref(), path_arg(&vxl), path_arg(&vmf)]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let j = json_of(&mapscope(&[
        "info".as_ref(),
        path_arg(&vmf),
        "--json".as_ref(),
    ]));
    assert_eq!(j["format"], "vmf");
    let ok = mapscope(&["convert".as_ref(), path_arg(&vmf), path_arg(&back)]);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    // The same solid voxels and colours; VMF's bottom layer is water, so the
    // ground just above it (z = 62) now has its colour too (the VXL writer
    // gave it the column's last top colour).
    let opts = LoadOptions::default();
    let a = formats::decode(&small_vxl(), &opts).unwrap();
    let b = formats::decode(&std::fs::read(&back).unwrap(), &opts).unwrap();
    let (a, b) = (a.voxels().unwrap(), b.voxels().unwrap());
    assert_eq!(a.dims(), b.dims());
    for (x, y) in (0..8).flat_map(|y| (0..8).map(move |x| (x, y))) {
        for z in 0..64 {
            assert_eq!(a.solid(x, y, z), b.solid(x, y, z), "({x}, {y}, {z})");
            match z {
                62 => assert_eq!(b.color(x, y, z), a.color(x, y, 30)),
                _ => assert_eq!(a.color(x, y, z), b.color(x, y, z), "({x}, {y}, {z})"),
            }
        }
    }
    // The output exists now: refused without --force, replaced with it.
    let again = mapscope(&["convert".as_ref(), path_arg(&vmf), path_arg(&back)]);
    assert!(!again.status.success());
    let forced = mapscope(&[
        "convert".as_ref(),
        path_arg(&vmf),
        path_arg(&back),
        "--force".as_ref(),
    ]);
    assert!(forced.status.success());
}

fn png_size(path: &Path) -> (u32, u32) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let info = decoder.read_info().unwrap();
    let i = info.info();
    (i.width, i.height)
}

#[test]
fn render_writes_a_png_of_the_asked_size_for_vxl_vmf_and_voxlap_views() {
    let dir = scratch("render");
    let vxl = dir.join("a.vxl");
    std::fs::write(&vxl, small_vxl()).unwrap();
    let vmf = dir.join("a.vmf");
    assert!(
        mapscope(&["convert".as_ref(), path_arg(&vxl), path_arg(&vmf)])
            .status
            .success()
    );
    let voxlap = dir.join("v.vxl");
    let map = formats::decode(&small_vxl(), &Default::default()).unwrap();
    std::fs::write(
        &voxlap,
        mapscope::kinds::encode(&map, Format::VoxlapVxl).unwrap(),
    )
    .unwrap();
    for (input, view) in [
        (&vxl, "top"),
        (&vmf, "spawn"),
        (&voxlap, "camera"),
        (&vxl, "overview"),
    ] {
        let out = dir.join(format!("{view}.png"));
        let run = mapscope(&[
            "render".as_ref(),
            path_arg(input),
            "-o".as_ref(),
            path_arg(&out),
            "--size".as_ref(),
            "160x90".as_ref(),
            "--view".as_ref(),
            view.as_ref(),
        ]);
        let err = String::from_utf8_lossy(&run.stderr);
        if err.contains("no GPU adapter") {
            common::cannot_run("the render CLI test", &err);
            return;
        }
        assert!(run.status.success(), "{view}: {err}");
        assert_eq!(png_size(&out), (160, 90), "{view}");
        // Never replaces a picture without --force.
        let again = mapscope(&[
            "render".as_ref(),
            path_arg(input),
            "-o".as_ref(),
            path_arg(&out),
        ]);
        assert!(!again.status.success());
        assert!(String::from_utf8_lossy(&again.stderr).contains("--force"));
    }
    // A view the map cannot give is an error, not a picture.
    let run = mapscope(&[
        "render".as_ref(),
        path_arg(&vxl),
        "-o".as_ref(),
        path_arg(&dir.join("c.png")),
        "--view".as_ref(),
        "camera".as_ref(),
    ]);
    assert!(!run.status.success());
    assert!(!dir.join("c.png").exists());
}

#[test]
fn render_frames_a_warcraft_maps_playable_area_from_above() {
    let dir = scratch("playable");
    let map = dir.join("melee.w3x");
    let how = mapscope::formats::mpq::write::FileOptions::default();
    std::fs::write(&map, mapscope::samples::w3x_archive(10, how)).unwrap();
    let out = dir.join("top.png");
    let run = mapscope(&[
        "render".as_ref(),
        path_arg(&map),
        "-o".as_ref(),
        path_arg(&out),
        "--view".as_ref(),
        "top".as_ref(),
        "--playable".as_ref(),
        "--size".as_ref(),
        "64x64".as_ref(),
    ]);
    let err = String::from_utf8_lossy(&run.stderr);
    if err.contains("no GPU adapter") {
        common::cannot_run("the render CLI test", &err);
        return;
    }
    assert!(run.status.success(), "{err}");
    assert_eq!(png_size(&out), (64, 64));
    // Only the top view can be framed so; a map without a w3i has no area.
    let again = mapscope(&[
        "render".as_ref(),
        path_arg(&map),
        "-o".as_ref(),
        path_arg(&dir.join("o.png")),
        "--playable".as_ref(),
    ]);
    assert!(String::from_utf8_lossy(&again.stderr).contains("--view top"));
    let info = json_of(&mapscope(&[
        "info".as_ref(),
        path_arg(&map),
        "--json".as_ref(),
    ]));
    assert_eq!(info["playable"], serde_json::json!([28, 28]));
    assert_eq!(info["trees"], 10);
}

#[test]
fn messages_say_the_os_error_once_and_help_names_every_argument() {
    let run = mapscope(&["info".as_ref(), "/no/such/map.vxl".as_ref()]);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success());
    assert_eq!(err.matches("os error").count(), 1, "{err}");
    assert_eq!(err.matches("mapscope:").count(), 1, "{err}");
    let help = String::from_utf8_lossy(&mapscope(&["info".as_ref(), "--help".as_ref()]).stdout)
        .into_owned();
    assert!(help.contains("<FILE>  The map"), "{help}");
    let help = String::from_utf8_lossy(&mapscope(&["--help".as_ref()]).stdout).into_owned();
    assert!(help.contains("--measure-frames"), "{help}");
}

#[test]
fn each_command_describes_its_own_size_option() {
    let help = |args: &[&str]| {
        let args: Vec<&std::ffi::OsStr> = args.iter().map(|a| a.as_ref()).collect();
        String::from_utf8_lossy(&mapscope(&args).stdout).into_owned()
    };
    for command in ["info", "convert", "export"] {
        let text = help(&[command, "--help"]);
        assert!(text.contains("WIDTHxLENGTHxHEIGHT"), "{command}: {text}");
        assert!(!text.contains("picture"), "{command}: {text}");
    }
    assert!(help(&["render", "--help"]).contains("the picture's size (default 1280x720)"));
    assert!(help(&["bench", "--help"]).contains("the frames' size (default 1280x720"));
    assert!(help(&["gallery", "--help"]).contains("each picture's size (default 480x360)"));
    assert!(help(&["--help"]).contains("the window's size"));
    // A picture's size is refused where no picture is drawn.
    let out = mapscope(&[
        "info".as_ref(),
        "x.vxl".as_ref(),
        "--size".as_ref(),
        "640x480".as_ref(),
    ]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_mistyped_command_is_an_error_before_any_window_opens() {
    let dir = scratch("mistyped");
    for (args, says) in [
        (&["frobnicate"][..], "the commands are info, diff, convert"),
        (&["inf"][..], "a mistyped `info`"),
        (
            &["rendr", "map.vxl", "-o", "x.png"][..],
            "a mistyped `render`",
        ),
        (&["--size", "800x600", "exprot"][..], "a mistyped `export`"),
    ] {
        let out = without_display(&dir, args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("is neither a command nor a file"),
            "{args:?}: {err}"
        );
        assert!(err.contains(says), "{args:?}: {err}");
    }
    // A file of that name is opened, not refused: the check is made only
    // for names that are not there.
    std::fs::write(dir.join("frobnicate"), b"junk").unwrap();
    let out = without_display(&dir, &["frobnicate"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("neither a command nor a file"), "{err}");
}

#[test]
fn command_line_mistakes_are_usage_errors_and_folders_are_named_for_what_they_are() {
    let dir = scratch("mistakes");
    let vxl = dir.join("a.vxl");
    std::fs::write(&vxl, small_vxl()).unwrap();
    // A bad view or overlay is a usage error (2), before any decoding.
    for (flag, value) in [("--view", "sideways"), ("--overlay", "ramp,nope")] {
        let out = dir.join("x.png");
        let args: Vec<&std::ffi::OsStr> = vec![
            "render".as_ref(),
            path_arg(&vxl),
            "-o".as_ref(),
            path_arg(&out),
            flag.as_ref(),
            value.as_ref(),
        ];
        let run = mapscope(&args);
        assert_eq!(run.status.code(), Some(2), "{flag} {value}");
        assert!(!out.exists());
    }
    // A missing folder is missing, not empty of maps.
    let run = mapscope(&[
        "gallery".as_ref(),
        path_arg(&dir.join("no-such-folder")),
        "-o".as_ref(),
        path_arg(&dir.join("g")),
    ]);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success());
    assert!(
        err.contains("No such file") && !err.contains("no maps found"),
        "{err}"
    );
    // A folder of maps is not "a folder with no terrain": it says what it
    // holds and what to do.
    let run = mapscope(&["info".as_ref(), path_arg(&dir)]);
    let err = String::from_utf8_lossy(&run.stderr);
    assert!(!run.status.success());
    assert!(err.contains("not a Warcraft III map folder"), "{err}");
    assert!(err.contains("1 files that look like maps"), "{err}");
    assert!(err.contains("mapscope gallery"), "{err}");
    // --force reads the same on every command that writes.
    for cmd in ["convert", "export", "render"] {
        let help = mapscope(&[cmd.as_ref(), "--help".as_ref()]);
        let help = String::from_utf8_lossy(&help.stdout);
        let line = help.lines().find(|l| l.contains("--force")).unwrap_or("");
        assert!(line.contains("Replace OUTPUT"), "{cmd}: {help}");
    }
    let help = String::from_utf8_lossy(&mapscope(&["--help".as_ref()]).stdout).into_owned();
    assert!(help.contains("--start-with"), "{help}");
}

#[test]
fn a_headless_render_prints_nothing_about_a_missing_session() {
    let dir = scratch("quiet");
    let vxl = dir.join("a.vxl");
    std::fs::write(&vxl, small_vxl()).unwrap();
    let run = Command::new(env!("CARGO_BIN_EXE_mapscope"))
        .args(["render".as_ref(), vxl.as_os_str(), "-o".as_ref()])
        .arg(dir.join("a.png"))
        .args(["--size", "64x48"])
        .env_remove("XDG_RUNTIME_DIR")
        .env_remove("NODEVICE_SELECT")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&run.stderr);
    if err.contains("no GPU adapter") {
        common::cannot_run("the quiet render test", &err);
        return;
    }
    assert!(run.status.success(), "{err}");
    assert!(!err.contains("XDG_RUNTIME_DIR"), "{err}");
}

/// The share of pixels that differ between two PNGs of one size.
fn differing_share(a: &Path, b: &Path) -> f64 {
    let read = |p: &Path| {
        let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(p).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let n = info.color_type.samples();
        buf[..info.buffer_size()]
            .chunks(n)
            .map(|p| [p[0], p[1], p[2]])
            .collect::<Vec<_>>()
    };
    let (a, b) = (read(a), read(b));
    assert_eq!(a.len(), b.len());
    let differ = a
        .iter()
        .zip(&b)
        .filter(|(x, y)| x.iter().zip(y.iter()).any(|(p, q)| p.abs_diff(*q) > 8))
        .count();
    differ as f64 / a.len() as f64
}

#[test]
fn a_spawn_view_from_inside_its_area_is_not_tinted() {
    // The demo map's blue area is all round the spawn view's camera: the
    // box used to tint the whole picture blue. Seen from inside, a box is
    // its outline only.
    let dir = scratch("spawn-tint");
    let demo = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/demo.vxl");
    let mut pictures = Vec::new();
    for spawns in [true, false] {
        let out = dir.join(format!("spawn-{spawns}.png"));
        let mut args: Vec<&std::ffi::OsStr> = vec![
            "render".as_ref(),
            demo.as_os_str(),
            "-o".as_ref(),
            path_arg(&out),
            "--view".as_ref(),
            "spawn".as_ref(),
            "--size".as_ref(),
            "320x200".as_ref(),
            "--size".as_ref(),
            "128x128x64".as_ref(),
        ];
        if !spawns {
            args.push("--no-spawns".as_ref());
        }
        let run = mapscope(&args);
        let err = String::from_utf8_lossy(&run.stderr);
        if err.contains("no GPU adapter") {
            common::cannot_run("the spawn tint test", &err);
            return;
        }
        assert!(run.status.success(), "{err}");
        pictures.push(out);
    }
    let share = differing_share(&pictures[0], &pictures[1]);
    assert!(
        share < 0.1,
        "{:.0} % of the spawn view changed with the spawn areas on",
        share * 100.0
    );
}

/// `info`, `render` and `thumbnail` name the file they cannot open, as
/// `diff` does; `render` onto an existing picture is a usage mistake (2).
#[test]
fn errors_name_the_file_and_render_never_overwrites() {
    let dir = scratch("named");
    let file = cut_vxl(&dir.join("cut.vxl"));
    let png = dir.join("out.png");
    for args in [
        vec!["info".as_ref(), path_arg(&file)],
        vec!["thumbnail".as_ref(), path_arg(&file), path_arg(&png)],
        vec![
            "render".as_ref(),
            path_arg(&file),
            "-o".as_ref(),
            path_arg(&png),
        ],
    ] {
        let out = mapscope(&args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        let named = format!("cannot open {}: ", file.display());
        assert!(
            err.contains(&named) && err.contains("at byte"),
            "{args:?}: {err}"
        );
    }
    std::fs::write(&png, b"not yours").unwrap();
    let vxl = dir.join("whole.vxl");
    std::fs::write(&vxl, small_vxl()).unwrap();
    let out = mapscope(&[
        "render".as_ref(),
        path_arg(&vxl),
        "-o".as_ref(),
        path_arg(&png),
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(err.contains("exists") && err.contains("--force"), "{err}");
    assert_eq!(std::fs::read(&png).unwrap(), b"not yours");
}
