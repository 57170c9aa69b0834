//! What README.md tells a new user to install is what `.ci/run` installs
//! and what a failing rendering test names: one list.

mod common;

fn words_after<'a>(text: &'a str, start: &str, end: char) -> Vec<&'a str> {
    let from = text.find(start).unwrap_or_else(|| panic!("no {start:?}")) + start.len();
    let rest = &text[from..];
    rest[..rest.find(end).unwrap()].split_whitespace().collect()
}

#[test]
fn readme_ci_and_tests_name_the_same_packages() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let ci = std::fs::read_to_string(root.join(".ci/run")).unwrap();
    let mut from_readme = words_after(&readme, "sudo apt-get install ", '\n');
    let mut from_ci = words_after(&ci, "packages=(", ')');
    let mut from_tests: Vec<&str> = common::RENDER_PACKAGES.split_whitespace().collect();
    for list in [&mut from_readme, &mut from_ci, &mut from_tests] {
        list.sort();
    }
    assert_eq!(from_readme, from_ci, "README.md and .ci/run");
    assert_eq!(from_tests, from_ci, "tests/common and .ci/run");
    // winit opens libxkbcommon-x11 at run time on X11; nothing else in the
    // list pulls it in on a bare Debian.
    assert!(from_ci.contains(&"libxkbcommon-x11-0"));
    assert!(ci.contains("MAPSCOPE_REQUIRE_CORPUS=1"));
    assert!(!ci.contains("MAPSCOPE_ALLOW_SKIP=1\n"));
}

#[test]
fn goldens_are_compared_in_colour() {
    // Two pictures that differ in alpha alone are the same picture.
    let a = [10u8, 20, 30, 255, 40, 50, 60, 255];
    let b = [10u8, 20, 30, 0, 40, 50, 60, 0];
    assert_eq!(common::golden::difference(&a, &b), (0.0, 0.0));
    // A colour difference counts in full: 30 in one of six channels.
    let c = [40u8, 20, 30, 255, 40, 50, 60, 255];
    assert_eq!(common::golden::difference(&a, &c).0, 5.0);
    assert!(!common::golden::update_asked(Some("0")));
    assert!(!common::golden::update_asked(None));
    assert!(common::golden::update_asked(Some("1")));
}
