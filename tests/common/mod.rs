//! Helpers shared by the integration tests.
#![allow(dead_code)]

#[path = "../support/corpus.rs"]
mod corpus;
pub mod counting;
pub mod golden;
pub mod meshes;
pub mod mutation;
pub mod replays;
pub mod versions;
pub mod window;

#[allow(unused_imports)]
pub use corpus::{corpus_dir, corpus_files, said, terrain_maps};
use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs mapscope in `dir` where no window can open: one would fail for want
/// of a display with status 1, so a mistake caught before has status 2.
pub fn without_display(dir: &std::path::Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mapscope"))
        .args(args)
        .current_dir(dir)
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .output()
        .expect("runs mapscope")
}

/// Runs the mapscope binary with `args`.
pub fn mapscope(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mapscope"))
        .args(args)
        .output()
        .expect("runs mapscope")
}

/// A fresh, empty folder for one test's files (`suite` names the test
/// file, `test` the test). It goes when the test passes (a diff test
/// writes a 129 MB VMF: left behind, a few runs fill a disk) and stays
/// when it fails, so its files can be read.
pub fn scratch_dir(suite: &str, test: &str) -> Scratch {
    let dir = std::env::temp_dir().join(format!("mapscope-{suite}-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    Scratch(dir)
}

/// A test's scratch folder, removed when dropped unless the test is
/// failing.
pub struct Scratch(PathBuf);

impl std::ops::Deref for Scratch {
    type Target = std::path::Path;
    fn deref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::path::Path> for Scratch {
    fn as_ref(&self) -> &std::path::Path {
        &self.0
    }
}

impl AsRef<std::ffi::OsStr> for Scratch {
    fn as_ref(&self) -> &std::ffi::OsStr {
        self.0.as_os_str()
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

/// The Debian packages the tests need: a software rasterizer, a display
/// and the tools to drive it, and the freedesktop tools the desktop tests
/// ask.
pub const RENDER_PACKAGES: &str =
    "mesa-vulkan-drivers libegl1 libgl1-mesa-dri libxkbcommon-x11-0 libxcursor1 libxi6 xvfb xauth xdotool x11-apps shared-mime-info xdg-utils libfile-mimeinfo-perl desktop-file-utils";

/// Says that tests of `what` cannot run for `why`: a failure naming what
/// to install, unless `MAPSCOPE_ALLOW_SKIP=1` asks for a skip, which is
/// then said on the test output (not hidden with the passing tests' own).
pub fn cannot_run(what: &str, why: &str) {
    let install =
        format!("install what the tests need (Debian: apt-get install {RENDER_PACKAGES})");
    if std::env::var("MAPSCOPE_ALLOW_SKIP").is_ok_and(|v| v == "1") {
        said(&format!("SKIPPED {what}: {why}; {install}"));
        return;
    }
    panic!("{what} cannot run: {why}. To run them, {install}; MAPSCOPE_ALLOW_SKIP=1 skips them instead");
}

/// A small deterministic PRNG (splitmix64) for mutation tests.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

/// An AoS VXL map of a store built column by column in a test.
pub fn aos_map(mut store: mapscope::store::voxels::VoxelStore) -> mapscope::store::Map {
    store.finish();
    mapscope::store::Map {
        format: mapscope::formats::Format::AosVxl,
        meta: mapscope::store::Metadata::default(),
        content: mapscope::store::Content::Voxels(store),
    }
}

/// A 512 x 512 x 64 Ace of Spades map written by mapscope's own VXL
/// writer: each column solid from the top `column(x, y)` gives down, in
/// its colour.
pub fn aos_file(column: impl Fn(u32, u32) -> (u16, u32)) -> Vec<u8> {
    use mapscope::formats::Format;
    use mapscope::kinds::encode;
    use mapscope::store::voxels::{FourthByte, Slab, VoxelStore};
    let mut s = VoxelStore::new(512, 512, 64, FourthByte::Shade);
    for y in 0..512 {
        for x in 0..512 {
            let (top, color) = column(x, y);
            s.push_slab(Slab {
                top,
                top_len: 1,
                bottom: 64,
                bottom_len: 0,
            });
            s.push_colors([color]);
            s.end_column();
        }
    }
    s.finish();
    let map = mapscope::store::Map {
        format: Format::AosVxl,
        meta: Default::default(),
        content: mapscope::store::Content::Voxels(s),
    };
    encode(&map, Format::AosVxl).unwrap()
}
