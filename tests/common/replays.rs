//! Real replays for the tests that read them: every `.w3g` file under a
//! folder and its subfolders, sorted.

use std::path::{Path, PathBuf};

pub fn w3g_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).into_iter().flatten().flatten() {
            let p = e.path();
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|x| x == "w3g") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}
