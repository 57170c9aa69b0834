//! The library builds without its default features, that is without the
//! GUI's crates (wgpu, winit, egui, glam...): the decoders, store, meshers
//! and analyses alone, as the fuzz targets (`fuzz/`, `default-features =
//! false`) and any program that wants only those build it. Nothing else
//! builds that way, so without this check it breaks unseen.

use std::process::Command;

#[test]
fn the_library_builds_without_the_gui_and_without_warnings() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    // Its own build folder: the features differ from the tests' build, and
    // this cargo must not wait on the lock of the one running the tests.
    let target = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-default-features");
    let out = Command::new(cargo)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["check", "--lib", "--no-default-features", "--offline"])
        .env("CARGO_TARGET_DIR", &target)
        // As a user's build: the tests' own flags (coverage and the like)
        // are not the library's.
        .env_remove("RUSTFLAGS")
        .output()
        .expect("cargo runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "`cargo check --lib --no-default-features` failed:\n{stderr}"
    );
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("warning"))
        .collect();
    assert!(
        warnings.is_empty(),
        "warnings without the default features:\n{stderr}"
    );
}
