//! The scanners on small strings, so a broken scanner fails here rather
//! than passing the tree.

use super::items::{functions, test_code};
use super::lex::{strip, tokens};
use super::modules::{cycles, graphs, references};
use std::collections::{BTreeMap, BTreeSet};

fn toks(src: &str) -> Vec<super::lex::Token> {
    tokens(&strip(src))
}

#[test]
fn strings_comments_and_chars_are_blanked_lifetimes_kept() {
    let s = strip("let a = \"{ Content::X }\"; // Format::Vxl =>\nlet c = '{'; /* } /* { */ */ fn f<'a>(x: &'a str) {}\nr#\"}\"#");
    assert!(!s.contains("Content") && !s.contains("Format"), "{s}");
    assert_eq!(s.matches('{').count(), 1, "{s}");
    assert_eq!(s.matches('}').count(), 1, "{s}");
    assert!(s.contains("&'a str"), "{s}");
    assert_eq!(s.lines().count(), 3);
}

#[test]
fn functions_run_from_fn_to_their_closing_brace() {
    let src = "fn one() {\n}\n\ntrait T {\n    fn bodiless(&self) -> [u8; 4];\n}\n\
               pub(crate) fn two<'a>(x: &'a [u8; 2]) -> u8\nwhere\n    u8: Copy,\n{\n    let s = \"}\";\n    let c = '}';\n    // }\n    fn inner() {}\n    x[0]\n}\n";
    let f = functions(&toks(src));
    let found: Vec<(&str, usize, usize)> = f
        .iter()
        .map(|f| (f.name.as_str(), f.line, f.lines))
        .collect();
    assert_eq!(found, [("one", 1, 2), ("two", 7, 10), ("inner", 14, 1)]);
}

#[test]
fn test_code_is_found_inline_and_as_module_files() {
    let src = "fn a() {}\n#[cfg(test)]\nmod tests;\n#[cfg(all(test, feature = \"gui\"))]\n#[allow(x)]\nmod more {\n    fn b() {}\n}\n#[cfg(any(test, feature = \"samples\"))]\nfn c() {}\n";
    let t = test_code(&toks(src));
    assert_eq!(t.module_files, ["tests"]);
    assert_eq!(t.spans, [(3, 3), (6, 8)]);
    assert!(!t.covers(10), "cfg(any(test, …)) ships");
}

#[test]
fn references_resolve_crate_super_self_and_use_trees() {
    let src = "use crate::{kinds::{self, of}, store::Map};\nuse super::lod::Pick;\nfn f() { super::super::mesh::x(); self::y::z(); a::crate_like(); }\nmod inner { use super::scene; }\n";
    let file = vec!["render".to_string(), "paint".to_string()];
    let refs = references(&toks(src), &file, &|_| false);
    let has = |p: &[&str]| refs.iter().any(|r| r == p);
    assert!(
        has(&["kinds"]) && has(&["kinds", "of"]) && has(&["store", "Map"]),
        "{refs:?}"
    );
    assert!(has(&["render", "lod", "Pick"]), "{refs:?}");
    assert!(has(&["mesh", "x"]), "{refs:?}");
    assert!(has(&["render", "paint", "y", "z"]), "{refs:?}");
    // `super` inside an inline module is the file's own module.
    assert!(has(&["render", "paint", "scene"]), "{refs:?}");
    let skipped = references(&toks(src), &file, &|l| l == 1);
    assert!(!skipped.iter().any(|r| r[0] == "kinds"), "{skipped:?}");
}

fn edges(list: &[(&str, &str)]) -> BTreeMap<String, BTreeSet<String>> {
    let mut g: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (a, b) in list {
        g.entry(a.to_string()).or_default().insert(b.to_string());
    }
    g
}

#[test]
fn the_cycle_finder_names_a_ring_as_a_path_and_passes_a_line() {
    let ring = cycles(&edges(&[
        ("lod", "scene"),
        ("scene", "paint"),
        ("paint", "lod"),
        ("camera", "lod"),
    ]));
    assert_eq!(ring, [vec!["lod", "scene", "paint", "lod"]]);
    assert!(cycles(&edges(&[("a", "b"), ("b", "c"), ("a", "c")])).is_empty());
    assert_eq!(
        cycles(&edges(&[("a", "b"), ("b", "a")])),
        [vec!["a", "b", "a"]]
    );
}

#[test]
fn sibling_edges_collapse_subtrees_and_skip_parents() {
    let m = |s: &str| s.split("::").map(str::to_string).collect::<Vec<_>>();
    let files = vec![
        (m("render::lod::pick"), vec![m("render::scene::Scene")]),
        (
            m("render::scene"),
            vec![m("render::lod::pick::f"), m("render::Renderer")],
        ),
        (m("render"), vec![m("render::scene::Scene")]),
        (m("kinds"), vec![m("render::Renderer")]),
    ];
    let g = graphs(&files);
    let render = &g[&m("render")];
    assert_eq!(render["lod"], BTreeSet::from(["scene".to_string()]));
    assert_eq!(render["scene"], BTreeSet::from(["lod".to_string()]));
    assert_eq!(cycles(render), [vec!["lod", "scene", "lod"]]);
    // The parent naming its child, and an item of the parent: no edges.
    assert_eq!(g[&vec![]]["kinds"], BTreeSet::from(["render".to_string()]));
    assert!(!g.contains_key(&vec![]) || !g[&vec![]].contains_key("render"));
}

#[test]
fn kind_questions_are_found_where_their_folder_may_not_ask() {
    let src = "fn f(m: &Map, f: Format, e: FileFormat) -> u8 {\n\
               let _ = m.terrain();\n\
               let _ = Content::Voxels;\n\
               match e { FileFormat::Glb => 0, _ => 1 };\n\
               match Some(f) { Some(Format::Vxl) => 1, Some(Format::Vmf) | None => 2, _ => 0 }\n\
               }\n#[cfg(test)]\nmod tests { fn g(m: &Map) { m.voxels(); } }\n";
    let app = super::Source::new("src/app/x.rs".into(), src.into());
    let found = super::questions(&app);
    assert_eq!(found.len(), 4, "{found:?}");
    assert!(
        found[0].starts_with("src/app/x.rs:2: .terrain()"),
        "{found:?}"
    );
    assert!(found[3].contains("Format::Vmf"), "{found:?}");
    // kinds/ may ask all of it; formats/ may match on Format, not more.
    assert!(super::questions(&super::Source::new("src/kinds/x.rs".into(), src.into())).is_empty());
    let formats = super::questions(&super::Source::new("src/formats/x.rs".into(), src.into()));
    assert_eq!(formats.len(), 2, "{formats:?}");
}

#[test]
fn kinds_named_from_render_is_found_but_not_from_tests_or_app() {
    let src = "use crate::{mesh, kinds::views};\n";
    let named =
        |path: &str, text: &str| super::names_kinds(&super::Source::new(path.into(), text.into()));
    assert!(named("src/render/x.rs", src));
    assert!(!named("src/app/x.rs", src));
    assert!(!named(
        "src/render/x.rs",
        "#[cfg(test)]\nuse crate::kinds;\n"
    ));
    assert!(named(
        "src/export/a/b.rs",
        "fn f() { super::super::super::kinds::of(m); }\n"
    ));
}
