//! Helpers shared by the integration tests.
#![allow(dead_code)]

pub mod golden;
pub mod window;

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs the mapscope binary with `args`.
pub fn mapscope(args: &[&std::ffi::OsStr]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mapscope"))
        .args(args)
        .output()
        .expect("runs mapscope")
}

/// A fresh, empty folder for one test's files (`suite` names the test
/// file, `test` the test).
pub fn scratch_dir(suite: &str, test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("mapscope-{suite}-{}-{test}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The corpus of real maps: `MAPSCOPE_CORPUS`, or `../shared/corpus` next to the
/// checkout when that exists. `None` when neither is there; corpus tests then
/// skip, and the synthetic tests still cover every format.
pub fn corpus_dir() -> Option<PathBuf> {
    if let Ok(p) = std::env::var("MAPSCOPE_CORPUS") {
        let p = PathBuf::from(p);
        return p.is_dir().then_some(p);
    }
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    p.is_dir().then_some(p)
}

/// Every file under `corpus/<sub>` whose extension is `ext`, sorted.
pub fn corpus_files(sub: &str, ext: &str) -> Vec<PathBuf> {
    let Some(dir) = corpus_dir() else {
        eprintln!("no corpus found: skipping corpus files of {sub}");
        return Vec::new();
    };
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir.join(sub))
        .map(|rd| {
            rd.filter_map(|e| e.ok().map(|e| e.path()))
                .filter(|p| p.extension().is_some_and(|e| e.eq_ignore_ascii_case(ext)))
                .collect()
        })
        .unwrap_or_default();
    v.sort();
    v
}

/// The Debian packages that give the tests a software rasterizer and a
/// display.
pub const RENDER_PACKAGES: &str =
    "mesa-vulkan-drivers libegl1 libgl1-mesa-dri xvfb xauth xdotool x11-apps";

/// Says that tests of `what` cannot run for `why`: a loud skip, or, where
/// `MAPSCOPE_REQUIRE_GPU=1` (as in CI), a failure naming what to install.
pub fn cannot_run(what: &str, why: &str) {
    if std::env::var("MAPSCOPE_REQUIRE_GPU").is_ok_and(|v| v == "1") {
        panic!(
            "{what} cannot run: {why}. MAPSCOPE_REQUIRE_GPU=1 asks for them to run: \
             install Mesa's software rasterizers and Xvfb (Debian: apt-get install {RENDER_PACKAGES})"
        );
    }
    eprintln!("SKIPPING {what}: {why} (set MAPSCOPE_REQUIRE_GPU=1 to make this a failure)");
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
