//! mapscope on the desktop: `install-desktop --user` into a temporary
//! XDG_DATA_HOME makes the freedesktop tools (`xdg-mime`, over
//! shared-mime-info's database, and GIO's where it is installed) type a
//! map of every format as mapscope's and name mapscope's `.desktop` as its
//! default application, while a Westwood voxel model and a Valve Hammer
//! `.vmf` stay theirs; `--uninstall` takes it all back. The installed
//! thumbnailer's `Exec` line, expanded as a file manager does, draws a PNG
//! of the asked size for every map of the corpus and the synthetic ones.

mod common;

use mapscope::desktop::entries::expand_exec;
use mapscope::formats::{self, Format};
use mapscope::store::cells::AlwLayout;
use mapscope::store::terrain::W3eTerrain;
use mapscope::store::Map;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The Debian packages the desktop tests need.
const DESKTOP_PACKAGES: &str =
    "shared-mime-info xdg-utils libfile-mimeinfo-perl desktop-file-utils";

/// A home of the test's own: data, config and cache folders inside it, so
/// that nothing of the machine's user (nor another test) is read or
/// written.
struct Home {
    dir: common::Scratch,
}

impl Home {
    fn new(test: &str) -> Home {
        let dir = common::scratch_dir("desktop", test);
        for sub in ["data", "config", "cache"] {
            std::fs::create_dir_all(dir.join(sub)).unwrap();
        }
        Home { dir }
    }

    fn data(&self) -> PathBuf {
        self.dir.join("data")
    }

    /// `program` with this home's XDG folders and no desktop session, so
    /// that `xdg-mime` takes its generic path (File::MimeInfo's
    /// `mimetype`, the data folders' `mimeinfo.cache`).
    fn command(&self, program: impl AsRef<std::ffi::OsStr>) -> Command {
        let mut c = Command::new(program);
        c.env("HOME", &self.dir)
            .env("XDG_DATA_HOME", self.data())
            .env("XDG_CONFIG_HOME", self.dir.join("config"))
            .env("XDG_CACHE_HOME", self.dir.join("cache"))
            .env("XDG_DATA_DIRS", "/usr/local/share:/usr/share")
            .env("XDG_CONFIG_DIRS", self.dir.join("config"))
            .env_remove("XDG_CURRENT_DESKTOP")
            .env_remove("DESKTOP_SESSION")
            .env_remove("KDE_FULL_SESSION")
            .env_remove("GNOME_DESKTOP_SESSION_ID");
        c
    }

    fn mapscope(&self, args: &[&str]) -> Output {
        self.command(env!("CARGO_BIN_EXE_mapscope"))
            .args(args)
            .output()
            .expect("runs mapscope")
    }

    /// `xdg-mime query ARGS`'s answer, or its failure.
    fn xdg_mime(&self, args: &[&std::ffi::OsStr], desktop: Option<&str>) -> String {
        let mut c = self.command("xdg-mime");
        c.arg("query").args(args);
        if let Some(d) = desktop {
            c.env("XDG_CURRENT_DESKTOP", d);
        }
        let out = c.output().expect("runs xdg-mime");
        assert!(
            out.status.success(),
            "xdg-mime query {args:?} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    }
}

/// Whether `program` runs (is on the PATH).
fn have(program: &str, arg: &str) -> bool {
    Command::new(program)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success() || !o.stdout.is_empty() || !o.stderr.is_empty())
}

/// The tools the MIME test needs, or a loud skip (a failure in CI).
fn desktop_tools() -> bool {
    let missing: Vec<&str> = [
        ("xdg-mime", "--version"),
        ("mimetype", "--version"),
        ("update-mime-database", "-v"),
        ("update-desktop-database", "--help"),
    ]
    .into_iter()
    .filter(|(p, a)| !have(p, a))
    .map(|(p, _)| p)
    .collect();
    if missing.is_empty() {
        return true;
    }
    common::cannot_run(
        "the desktop integration tests",
        &format!(
            "{} not found (Debian: apt-get install {DESKTOP_PACKAGES})",
            missing.join(", ")
        ),
    );
    false
}

fn map(format: Format, content: mapscope::store::Content) -> Map {
    Map {
        format,
        meta: Default::default(),
        content,
    }
}

/// A map of every format mapscope reads, written by its own writers into
/// `dir`, with the MIME type each must be: (path, type).
fn synthetic_maps(dir: &Path) -> Vec<(PathBuf, &'static str)> {
    let demo =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/demo.vxl")).unwrap();
    let voxels = formats::decode(&demo, &Default::default()).unwrap();
    let alw = map(
        Format::Alw,
        mapscope::samples::alw_room(12, 8, AlwLayout::Engine).into(),
    );
    let w3e = map(Format::W3e, W3eTerrain::flat(17, 9, 11).into());
    let archive = mapscope::samples::w3x_archive(3, Default::default());
    // Most ladder maps are the bare archive, without the map header.
    let at = archive.windows(4).position(|w| w == b"MPQ\x1a").unwrap();
    let files: Vec<(&str, Vec<u8>, &str)> = vec![
        ("aos.vxl", demo.clone(), "application/x-aos-vxl"),
        (
            "voxlap.vxl",
            mapscope::kinds::encode(&voxels, Format::VoxlapVxl).unwrap(),
            "application/x-voxlap-vxl",
        ),
        (
            "map.vmf",
            mapscope::kinds::encode(&voxels, Format::Vmf).unwrap(),
            "application/x-aos-vmf",
        ),
        (
            "room.alw",
            mapscope::kinds::encode(&alw, Format::Alw).unwrap(),
            "application/x-alithia-alw",
        ),
        (
            "war3map.w3e",
            mapscope::kinds::encode(&w3e, Format::W3e).unwrap(),
            "application/x-warcraft3-w3e",
        ),
        ("header.w3x", archive.clone(), "application/x-warcraft3-map"),
        (
            "bare.w3x",
            archive[at..].to_vec(),
            "application/x-warcraft3-map",
        ),
        ("classic.w3m", archive, "application/x-warcraft3-map"),
        // A game on header.w3x: opened (and thumbnailed) on that map.
        (
            "game.w3g",
            mapscope::formats::w3g::write::game(
                mapscope::formats::w3g::write::Sample::new(10100, 6115),
                r"Maps\FrozenThrone\(2)header.w3x",
                &[(7_000, 1, *b"hhou", -1100.0, 1000.0)],
            ),
            "application/x-warcraft3-replay",
        ),
    ];
    files
        .into_iter()
        .map(|(name, bytes, mime)| {
            let p = dir.join(name);
            std::fs::write(&p, bytes).unwrap();
            (p, mime)
        })
        .collect()
}

/// One corpus map of each format there is in it, with its type.
fn corpus_samples() -> Vec<(PathBuf, &'static str)> {
    let Some(c) = common::corpus_dir() else {
        eprintln!("no corpus: the synthetic maps alone");
        return Vec::new();
    };
    [
        ("vxl/pique_classicgen.saved.vxl", "application/x-aos-vxl"),
        ("w3e/w3c_L_EchoIsles_129.w3e", "application/x-warcraft3-w3e"),
        (
            "w3x/ladder/4v4_EkrezemsMaze_v1.1@5024.w3x",
            "application/x-warcraft3-map",
        ),
        (
            "versions/IceFlow_TFTbeta299.w3x",
            "application/x-warcraft3-map",
        ),
        (
            "versions/LostTemple_ROCbeta110.w3m",
            "application/x-warcraft3-map",
        ),
        (
            "invalid/westwood_voxel_model.vxl",
            "application/x-westwood-vxl",
        ),
    ]
    .into_iter()
    .map(|(rel, mime)| (c.join(rel), mime))
    .filter(|(p, _)| {
        let there = p.is_file();
        assert!(
            there || std::env::var_os("MAPSCOPE_CORPUS").is_none(),
            "{} is missing",
            p.display()
        );
        there
    })
    .collect()
}

#[test]
fn installed_types_name_every_format_and_mapscope_opens_them() {
    if !desktop_tools() {
        return;
    }
    let home = Home::new("types");
    let maps_dir = home.dir.join("maps");
    std::fs::create_dir_all(&maps_dir).unwrap();
    let mut files = synthetic_maps(&maps_dir);
    let hammer = maps_dir.join("hammer.vmf");
    std::fs::write(&hammer, "versioninfo\n{\n\t\"editorversion\" \"400\"\n}\n").unwrap();
    files.push((hammer, "text/x-valve-vmf"));
    // The Westwood model's signature, under .vxl, when the corpus is away.
    let westwood = maps_dir.join("model.vxl");
    std::fs::write(&westwood, b"Voxel Animation\0\x01\0\0\0\x01\0\0\0").unwrap();
    files.push((westwood, "application/x-westwood-vxl"));
    files.extend(corpus_samples());

    let out = home.mapscope(&["install-desktop", "--user"]);
    assert!(
        out.status.success(),
        "install-desktop: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(said.contains("ran update-mime-database"), "{said}");
    assert!(said.contains("ran update-desktop-database"), "{said}");

    // GIO's answer (xdg-mime under GNOME) too, where GIO is installed.
    let gio = have("gio", "help");
    let mut wrong = Vec::new();
    for (path, want) in &files {
        let mut answers = vec![(
            "generic",
            home.xdg_mime(&["filetype".as_ref(), path.as_os_str()], None),
        )];
        if gio {
            let gnome = home.xdg_mime(&["filetype".as_ref(), path.as_os_str()], Some("GNOME"));
            answers.push(("GNOME", gnome));
        }
        for (how, got) in answers {
            if got != *want {
                wrong.push(format!("{} ({how}): {got}, not {want}", path.display()));
            }
        }
    }
    assert!(wrong.is_empty(), "wrong types:\n{}", wrong.join("\n"));

    for t in mapscope::desktop::mime::opened() {
        let app = home.xdg_mime(&["default".as_ref(), t.name.as_ref()], None);
        assert_eq!(
            app, "mapscope.desktop",
            "the default application of {}",
            t.name
        );
    }
    for t in mapscope::desktop::mime::TYPES.iter().filter(|t| !t.opens) {
        let app = home.xdg_mime(&["default".as_ref(), t.name.as_ref()], None);
        assert_ne!(app, "mapscope.desktop", "mapscope claims {}", t.name);
    }
    if have("desktop-file-validate", "--help") {
        let entry = home.data().join("applications/mapscope.desktop");
        let v = Command::new("desktop-file-validate")
            .arg(&entry)
            .output()
            .unwrap();
        assert!(
            v.status.success() && v.stdout.is_empty(),
            "desktop-file-validate: {}",
            String::from_utf8_lossy(&v.stdout)
        );
    }

    let out = home.mapscope(&["install-desktop", "--user", "--uninstall"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    for (rel, _) in mapscope::desktop::install::files(Path::new("mapscope")) {
        assert!(!home.data().join(rel).exists(), "{rel} is still there");
    }
    let aos = &files[0].0;
    let after = home.xdg_mime(&["filetype".as_ref(), aos.as_os_str()], None);
    assert_ne!(
        after, "application/x-aos-vxl",
        "the type outlived --uninstall"
    );
}

/// The PNG's width and height, from its header.
fn png_size(path: &Path) -> [u32; 2] {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    assert_eq!(&bytes[1..4], b"PNG", "{} is no PNG", path.display());
    let be = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    [be(16), be(20)]
}

/// Every map of the corpus, found by extension (the folder map too).
fn corpus_maps() -> Vec<PathBuf> {
    let mut maps = Vec::new();
    for (sub, ext) in [
        ("vxl", "vxl"),
        ("w3e", "w3e"),
        ("w3x/ladder", "w3x"),
        ("w3x/war3net", "w3x"),
        ("w3x/war3net", "w3m"),
        ("versions", "w3x"),
        ("versions", "w3m"),
    ] {
        maps.extend(common::corpus_files(sub, ext));
    }
    if let Some(c) = common::corpus_dir() {
        maps.push(c.join("w3x/folder/map.w3x"));
    }
    maps
}

/// The installed thumbnailer's `Exec` value.
fn installed_exec(home: &Home) -> String {
    let out = home.mapscope(&[
        "install-desktop",
        "--prefix",
        home.dir.join("prefix").to_str().unwrap(),
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let entry = home
        .dir
        .join("prefix/share/thumbnailers/mapscope.thumbnailer");
    let text = std::fs::read_to_string(&entry).unwrap();
    text.lines()
        .find_map(|l| l.strip_prefix("Exec="))
        .unwrap_or_else(|| panic!("no Exec in {text}"))
        .to_string()
}

/// Runs the thumbnailer on each of `maps` at `size`, with `env` set, and
/// checks each PNG: `size` on its longer side, nothing on stderr.
fn thumbnails(home: &Home, maps: &[PathBuf], size: u32, env: &[(&str, &str)]) {
    let exec = installed_exec(home);
    let out_dir = home.dir.join(format!("thumbs-{size}-{}", env.len()));
    std::fs::create_dir_all(&out_dir).unwrap();
    let mut failed = Vec::new();
    for (i, map) in maps.iter().enumerate() {
        let png = out_dir.join(format!("{i}.png"));
        let words = expand_exec(&exec, map, &png, size);
        let out = home
            .command(&words[0])
            .args(&words[1..])
            .envs(env.iter().copied())
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        if !out.status.success() || !stderr.is_empty() {
            failed.push(format!("{}: {} {stderr}", map.display(), out.status));
            continue;
        }
        let [w, h] = png_size(&png);
        if w.max(h) != size || w.min(h) == 0 {
            failed.push(format!("{}: {w}x{h}", map.display()));
        }
    }
    assert!(
        failed.is_empty(),
        "thumbnails failed:\n{}",
        failed.join("\n")
    );
}

#[test]
fn the_thumbnailer_draws_every_map_at_the_asked_size() {
    let home = Home::new("thumbnailer");
    let maps_dir = home.dir.join("maps");
    std::fs::create_dir_all(&maps_dir).unwrap();
    let mut maps: Vec<PathBuf> = synthetic_maps(&maps_dir)
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    maps.extend(corpus_maps());
    // On the GPU where there is one (a software rasterizer will do)...
    thumbnails(&home, &maps, 128, &[]);
    // ... and where there is none.
    thumbnails(&home, &maps, 256, &[("MAPSCOPE_THUMBNAIL_CPU", "1")]);
}

#[test]
fn a_file_that_is_no_map_is_one_line_and_status_1() {
    let home = Home::new("refused");
    let model = home.dir.join("model.vxl");
    std::fs::write(&model, b"Voxel Animation\0\x01\0\0\0").unwrap();
    let missing = home.dir.join("missing.w3x");
    for input in [&model, &missing] {
        let png = home.dir.join("out.png");
        let out = home.mapscope(&[
            "thumbnail",
            input.to_str().unwrap(),
            png.to_str().unwrap(),
            "--size",
            "128",
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{stderr}");
        assert_eq!(stderr.lines().count(), 1, "{stderr}");
        assert!(
            stderr.contains(input.file_name().unwrap().to_str().unwrap())
                || stderr.contains("Westwood"),
            "{stderr}"
        );
        assert!(!png.exists(), "a picture for {}", input.display());
    }
}

#[test]
fn a_size_out_of_range_is_a_usage_error() {
    let home = Home::new("size");
    let out = home.mapscope(&["thumbnail", "a.vxl", "b.png", "--size", "0"]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn with_no_rasterizer_at_all_the_thumbnail_is_the_cpu_picture() {
    let home = Home::new("no-gpu");
    let maps = synthetic_maps(&home.dir);
    for (map, _) in maps.iter().filter(|(p, _)| {
        let name = p.file_name().unwrap().to_string_lossy();
        name == "aos.vxl" || name == "header.w3x"
    }) {
        let mut pictures = Vec::new();
        // No DX12 on Linux: wgpu finds no adapter, as on a machine with no
        // GPU driver and no Mesa.
        for (i, env) in [("WGPU_BACKEND", "dx12"), ("MAPSCOPE_THUMBNAIL_CPU", "1")]
            .into_iter()
            .enumerate()
        {
            let png = home.dir.join(format!("{i}.png"));
            let out = home
                .command(env!("CARGO_BIN_EXE_mapscope"))
                .args(["thumbnail".as_ref(), map.as_os_str(), png.as_os_str()])
                .env(env.0, env.1)
                .output()
                .unwrap();
            assert!(out.status.success() && out.stderr.is_empty(), "{out:?}");
            pictures.push(std::fs::read(&png).unwrap());
        }
        assert_eq!(pictures[0], pictures[1], "{}", map.display());
    }
}
