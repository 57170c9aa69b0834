//! The one corpus lookup for every test: the integration tests reach it
//! through `tests/common`, the library's unit tests through a `#[path]`
//! module in `src/lib.rs`, so both find the same folder the same way.
//!
//! - `MAPSCOPE_CORPUS` names the corpus; a folder that is missing, empty
//!   or holds none of its subfolders (`vxl`, `w3e`, `w3x`) is a failure.
//! - Otherwise `../shared/corpus` beside the checkout, when it is there.
//! - With neither, corpus tests skip, loudly, unless
//!   `MAPSCOPE_REQUIRE_CORPUS=1` (as in `.ci/run`) makes that a failure.

#![allow(dead_code)]

use std::io::Write;
use std::path::PathBuf;

/// The corpus's maps a test loops over, at least as many as the corpus
/// held when the test was written: (subfolder, extension, count). A corpus
/// that is there but short fails rather than checking fewer maps.
const EXPECTED: [(&str, &str, usize); 8] = [
    ("vxl", "vxl", 8),
    ("w3e", "w3e", 13),
    ("invalid", "vxl", 1),
    ("w3x/war3net", "w3m", 3),
    ("w3x/ladder", "w3x", 100),
    ("w3x/war3net", "w3x", 2),
    ("versions", "w3x", 10),
    ("versions", "w3m", 2),
];

/// The subfolders a corpus holds.
const SUBFOLDERS: [&str; 3] = ["vxl", "w3e", "w3x"];

/// Where the corpus is, or `None` (said on the test output) where there is
/// none and none is required.
pub fn corpus_dir() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("MAPSCOPE_CORPUS") {
        let p = PathBuf::from(p);
        let found = SUBFOLDERS.iter().filter(|s| p.join(s).is_dir()).count();
        assert!(
            found > 0,
            "MAPSCOPE_CORPUS={} holds no corpus (none of {}/ is there)",
            p.display(),
            SUBFOLDERS.join("/, ")
        );
        return Some(p);
    }
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    if p.is_dir() {
        return Some(p);
    }
    let required = std::env::var("MAPSCOPE_REQUIRE_CORPUS").is_ok_and(|v| v == "1");
    assert!(
        !required,
        "MAPSCOPE_REQUIRE_CORPUS=1 but there is no corpus at {} and MAPSCOPE_CORPUS is not set",
        p.display()
    );
    said(&format!(
        "no corpus at {}: corpus checks skipped",
        p.display()
    ));
    None
}

/// Every file under `corpus/<sub>` whose extension is `ext`, sorted; empty
/// without a corpus. With one, fewer files than the corpus had when the
/// tests were written is a failure.
pub fn corpus_files(sub: &str, ext: &str) -> Vec<PathBuf> {
    let Some(dir) = corpus_dir() else {
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
    let least = EXPECTED
        .iter()
        .find(|(s, e, _)| *s == sub && *e == ext)
        .map_or(1, |(_, _, n)| *n);
    assert!(
        v.len() >= least,
        "the corpus at {} has {} .{ext} files in {sub}/, fewer than the {least} the tests were written for",
        dir.display(),
        v.len()
    );
    v
}

/// Every map of the corpus with a terrain: its W3E files, and its Warcraft
/// III maps (archives and map folders), sorted; empty without a corpus.
pub fn terrain_maps() -> Vec<PathBuf> {
    let Some(dir) = corpus_dir() else {
        return Vec::new();
    };
    let mut maps = Vec::new();
    let mut stack = vec![dir.join("w3e"), dir.join("w3x")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            let ext = p.extension().map(|e| e.to_ascii_lowercase());
            if ext.is_some_and(|e| e == "w3e" || e == "w3x" || e == "w3m") {
                maps.push(p);
            } else if p.is_dir() {
                stack.push(p);
            }
        }
    }
    maps.sort();
    maps
}

/// A line on the test output that `cargo test` does not hide: the harness
/// captures what `print!` and `eprint!` write, not the standard error
/// stream itself.
pub fn said(line: &str) {
    let _ = writeln!(std::io::stderr(), "mapscope tests: {line}");
}
