//! Where the benchmarks find the real maps: `MAPSCOPE_CORPUS`, else
//! `../shared/corpus` beside the checkout, as the tests do.

use std::path::PathBuf;

pub fn corpus_dir() -> PathBuf {
    std::env::var("MAPSCOPE_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|_| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus"))
}
