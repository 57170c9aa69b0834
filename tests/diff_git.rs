//! `mapscope diff` as git's external diff driver: `git diff` prints its
//! report, and `git log -p --ext-diff` never stops at a bad version.

mod common;

use common::scratch_dir;
use std::path::Path;

/// Runs git in `dir` with a fixed identity.
fn git(dir: &Path, args: &[&str]) -> std::process::Output {
    let out = std::process::Command::new("git")
        .current_dir(dir)
        .args([
            "-c",
            "user.name=mapscope test",
            "-c",
            "user.email=test@example.invalid",
        ])
        .args(args)
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

/// A new git repository whose `*.w3x` files mapscope diffs, with the
/// README's two lines of set-up.
fn git_repo(name: &str) -> common::Scratch {
    let repo = scratch_dir("diff", name);
    git(&repo, &["init", "-q"]);
    // The README's two lines of set-up.
    std::fs::write(repo.join(".gitattributes"), "*.w3x diff=mapscope\n").unwrap();
    let exe = env!("CARGO_BIN_EXE_mapscope");
    git(
        &repo,
        &["config", "diff.mapscope.command", &format!("'{exe}' diff")],
    );
    repo
}

#[test]
fn git_diff_prints_the_report() {
    let repo = git_repo("git");
    // Two commits of a map, the second with fewer trees.
    let v1 = mapscope::samples::w3x_archive(20, Default::default());
    std::fs::write(repo.join("map.w3x"), &v1).unwrap();
    git(&repo, &["add", "."]);
    git(&repo, &["commit", "-q", "-m", "first"]);
    let v2 = mapscope::samples::w3x_archive(12, Default::default());
    std::fs::write(repo.join("map.w3x"), &v2).unwrap();
    git(&repo, &["commit", "-q", "-am", "fewer trees"]);
    let out = git(&repo, &["diff", "HEAD~1", "HEAD"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("mapscope diff a/map.w3x b/map.w3x"), "{text}");
    assert!(
        text.contains("objects:") && text.contains("removed  tree"),
        "{text}"
    );
    // git log -p shows the first commit as an added map (/dev/null).
    let out = git(&repo, &["log", "-p", "--ext-diff"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("map added"), "{text}");
    assert!(text.contains("removed  tree"), "{text}");
}

/// As git's external diff driver, a version that cannot be read is said
/// in the log, and `git log -p --ext-diff` goes on to the end (exit 0):
/// every commit is printed, a map added has the header a changed one has,
/// and two maps changed in one commit are a blank line apart.
#[test]
fn git_log_goes_past_a_corrupt_version() {
    let repo = git_repo("git-corrupt");
    let good = mapscope::samples::w3x_archive(20, Default::default());
    let commit = |files: &[(&str, &[u8])], message: &str| {
        for (name, bytes) in files {
            std::fs::write(repo.join(name), bytes).unwrap();
        }
        git(&repo, &["add", "."]);
        git(&repo, &["commit", "-q", "-m", message]);
    };
    commit(&[("map.w3x", &good)], "first good");
    // Cut short: the archive's tables lie past its end.
    commit(&[("map.w3x", &good[..good.len() / 3])], "cut short");
    commit(&[("map.w3x", &good)], "good again");
    let fewer = mapscope::samples::w3x_archive(12, Default::default());
    commit(&[("map.w3x", &fewer), ("other.w3x", &fewer)], "two maps");
    let out = std::process::Command::new("git")
        .current_dir(&repo)
        .args(["log", "-p", "--ext-diff"])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}\n{text}");
    assert!(!err.contains("external diff died"), "{err}");
    for message in ["first good", "cut short", "good again", "two maps"] {
        assert!(text.contains(message), "{message}: {text}");
    }
    // The cut version, as the new side and then as the old one.
    assert!(
        text.contains("new version: cannot open b/map.w3x: "),
        "{text}"
    );
    assert!(
        text.contains("old version: cannot open a/map.w3x: "),
        "{text}"
    );
    // One header whether or not a side is /dev/null.
    let header = "mapscope diff a/other.w3x b/other.w3x\nmap added";
    assert!(text.contains(header), "{text}");
    // map.w3x's report, a blank line, then other.w3x's.
    // (The newest commit comes first, its files in name order.)
    let map = text.find("mapscope diff a/map.w3x b/map.w3x").unwrap();
    let other = text.find("mapscope diff a/other.w3x").unwrap();
    assert!(map < other, "{text}");
    let between = &text[map..other];
    assert!(
        between.ends_with("\n\n") && !between.ends_with("\n\n\n"),
        "{between}"
    );
}
