//! The corpus's pairs of versions of a map, for the diff tests.

use super::corpus_files;
use std::path::{Path, PathBuf};

/// The pairs of versions to compare: each family's versions in order, and
/// the two maps SOURCES.md names as versions of ones elsewhere.
pub fn version_pairs(dir: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut files = corpus_files("versions", "w3x");
    files.extend(corpus_files("versions", "w3m"));
    files.sort();
    let family = |p: &PathBuf| {
        p.file_name()
            .unwrap()
            .to_string_lossy()
            .split('_')
            .next()
            .unwrap()
            .to_string()
    };
    let mut pairs: Vec<(PathBuf, PathBuf)> = files
        .windows(2)
        .filter(|w| family(&w[0]) == family(&w[1]))
        .map(|w| (w[0].clone(), w[1].clone()))
        .collect();
    let v = dir.join("versions");
    pairs.push((
        v.join("IceFlow_TFTbeta302.w3x"),
        dir.join("w3x/war3net/TFTbeta304_4_IceFlow.w3x"),
    ));
    pairs.push((
        dir.join("w3x/ladder/1v1_EchoIsles_v2.2@1051.w3x"),
        v.join("EchoIsles_v2.2_Tournament.w3x"),
    ));
    pairs
}
