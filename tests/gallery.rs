//! `mapscope gallery`: a folder of synthetic maps of every format (under
//! any name, an archive and a map folder among them, and a broken one)
//! gives a page with a card and two pictures a map and the failure listed;
//! a second run draws nothing new.

mod common;

use mapscope::formats::Format;
use mapscope::store::cells::AlwLayout;
use mapscope::store::terrain::W3eTerrain;
use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
use mapscope::store::{Content, Map, Metadata};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn gallery(dir: &Path, out: &Path) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mapscope"))
        .args([
            "gallery".as_ref(),
            dir.as_os_str(),
            "-o".as_ref(),
            out.as_os_str(),
        ])
        .args(["--size", "96x64"])
        .output()
        .expect("runs mapscope")
}

fn hills() -> Map {
    let mut s = VoxelStore::new(32, 32, 64, FourthByte::Shade);
    for y in 0..32u32 {
        for x in 0..32u32 {
            s.push_slab(Slab {
                top: (40 + (x + y) / 8) as u16,
                top_len: 1,
                bottom: 64,
                bottom_len: 0,
            });
            s.push_colors([0x80_40_90_30 + x]);
            s.end_column();
        }
    }
    common::aos_map(s)
}

/// The maps: file name (under the folder) and bytes; the map folder apart.
fn write_maps(dir: &Path) {
    let vxl = hills();
    let w = |name: &str, bytes: Vec<u8>| {
        let p = dir.join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, bytes).unwrap();
    };
    w(
        "hills.dat",
        mapscope::kinds::encode(&vxl, Format::AosVxl).unwrap(),
    );
    w(
        "sub/water.vmf",
        mapscope::kinds::encode(&vxl, Format::Vmf).unwrap(),
    );
    let alw = Map {
        format: Format::Alw,
        meta: Metadata::default(),
        content: Content::Cells(mapscope::samples::alw_room(10, 8, AlwLayout::Engine)),
    };
    w(
        "room.alw",
        mapscope::kinds::encode(&alw, Format::Alw).unwrap(),
    );
    let w3e = Map {
        format: Format::W3e,
        meta: Metadata::default(),
        content: Content::Terrain(W3eTerrain::flat(9, 9, 12)),
    };
    w(
        "sub/flat.w3e",
        mapscope::kinds::encode(&w3e, Format::W3e).unwrap(),
    );
    w(
        "melee.w3x",
        mapscope::samples::w3x_archive(10, Default::default()),
    );
    for (name, bytes) in mapscope::samples::w3x_files(10) {
        w(&format!("folder.w3x/{name}"), bytes);
    }
    w("broken.vxl", b"Voxel Animation\0 a Westwood model".to_vec());
    w("notes.txt", b"not a map, and not named like one".to_vec());
}

fn png_size(path: &Path) -> (u32, u32) {
    let d = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let r = d.read_info().unwrap();
    (r.info().width, r.info().height)
}

#[test]
fn a_folder_of_every_format_gives_a_page_and_pictures_and_a_second_run_skips() {
    if common::golden::gpu().is_none() {
        return;
    }
    let root = common::scratch_dir("gallery", "every_format");
    let (dir, out) = (root.join("maps"), root.join("out"));
    write_maps(&dir);
    let run = gallery(&dir, &out);
    let stdout = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    assert!(
        stdout.contains("7 maps (6 drawn, 0 up to date, 1 failed)"),
        "{stdout}"
    );
    let page = std::fs::read_to_string(out.join("index.html")).unwrap();
    let maps = [
        "hills.dat",
        "sub/water.vmf",
        "room.alw",
        "sub/flat.w3e",
        "melee.w3x",
        "folder.w3x",
    ];
    let mut pictures: Vec<PathBuf> = Vec::new();
    for m in maps {
        assert!(page.contains(&format!(">{m}</a>")), "{m} has no card");
        let stem = m.replace('/', "_");
        for view in ["top", "overview"] {
            let p = out.join(format!("{stem}-{view}.png"));
            assert_eq!(png_size(&p), (96, 64), "{}", p.display());
            assert!(page.contains(&format!("src=\"{stem}-{view}.png\"")));
            pictures.push(p);
        }
    }
    // The failure is listed with its reason; other files are not maps.
    assert!(
        page.contains("Failed (1)") && page.contains("Westwood"),
        "{page}"
    );
    assert!(!page.contains("notes.txt"));
    // The link reaches the map from the page's folder.
    assert!(page.contains("href=\"../maps/room.alw\""));
    assert!(page.contains("AoS VXL") && page.contains("W3X"));
    // The voxel maps' cards say where each team can go (the hills have
    // the implicit team areas, scaled to 32 x 32: all of it is reached).
    assert!(page.contains("On foot: team 1 (blue) 100.0 %"), "{page}");
    // With the fairness table's walks, each team's time in seconds (the
    // page writes the apostrophe as &#39;); a one-team map has no walk to
    // another team's spawn.
    assert!(
        page.contains("spawn: team 1 (blue) ") && page.contains("to the middle: team 1 (blue) "),
        "{page}"
    );
    let one_team = page
        .split("<div class=\"card\"")
        .find(|c| c.contains("water.vmf"))
        .unwrap();
    assert!(
        one_team.contains("to the middle: team 1 ") && !one_team.contains("spawn: team 1"),
        "{one_team}"
    );

    let times = |ps: &[PathBuf]| -> Vec<std::time::SystemTime> {
        ps.iter()
            .map(|p| std::fs::metadata(p).unwrap().modified().unwrap())
            .collect()
    };
    let before = times(&pictures);
    let again = gallery(&dir, &out);
    let stdout = String::from_utf8_lossy(&again.stdout);
    assert!(
        stdout.contains("(0 drawn, 6 up to date, 1 failed)"),
        "{stdout}"
    );
    assert_eq!(times(&pictures), before);
    assert_eq!(
        std::fs::read_to_string(out.join("index.html")).unwrap(),
        page
    );

    // A changed map is drawn again, the others not.
    std::thread::sleep(std::time::Duration::from_millis(20));
    let hills_bytes = std::fs::read(dir.join("hills.dat")).unwrap();
    std::fs::write(dir.join("hills.dat"), hills_bytes).unwrap();
    let third = gallery(&dir, &out);
    let stdout = String::from_utf8_lossy(&third.stdout);
    assert!(
        stdout.contains("(1 drawn, 5 up to date, 1 failed)"),
        "{stdout}"
    );
}

#[test]
fn an_empty_folder_says_so() {
    let root = common::scratch_dir("gallery", "empty");
    std::fs::create_dir_all(root.join("maps")).unwrap();
    let run = gallery(&root.join("maps"), &root.join("out"));
    assert_eq!(run.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&run.stderr).contains("no maps found"));
}
