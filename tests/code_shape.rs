//! The shape docs/ARCHITECTURE.md promises, checked on the source itself:
//! only `kinds/` (and `store/`, whose content it is) asks which kind a map
//! is; `formats/`, `store/`, `render/` and `export/` never reach into
//! `kinds`; files stay under 600 lines and functions under 100; sibling
//! modules import one way. `cargo test --test code_shape -- --nocapture`
//! prints the longest files and functions and any import cycle.
//!
//! Test code is exempt from the rules on kinds and imports (not from the
//! sizes): items under `#[cfg(test)]` (or `cfg(all(test, …))`), and files
//! of modules declared so (`#[cfg(test)] mod tests;` makes `tests.rs` one).

#[path = "code_shape/items.rs"]
mod items;
#[path = "code_shape/lex.rs"]
mod lex;
#[path = "code_shape/modules.rs"]
mod modules;

use items::{Function, TestCode};
use lex::Token;
use std::collections::BTreeSet;
use std::path::Path;
use std::sync::OnceLock;

const MAX_FILE_LINES: usize = 600;
const MAX_FUNCTION_LINES: usize = 100;

/// Functions allowed over the limit: (file under the repository, function,
/// why). Each must be a measured hot path whose doc comment says why it is
/// one piece.
const LONG_FUNCTIONS: &[(&str, &str, &str)] = &[(
    "src/formats/vxl/columns.rs",
    "parse_columns",
    "VXL decoding's hot loop: split into inlined pieces it decoded 20-28 % slower",
)];

/// One source file, read and cut into tokens.
struct Source {
    /// Relative to the repository, with `/`: `src/kinds/mod.rs`.
    path: String,
    text: String,
    tokens: Vec<Token>,
    functions: Vec<Function>,
    test: TestCode,
    /// The whole file is test code (a module declared test-only).
    test_file: bool,
}

impl Source {
    fn new(path: String, text: String) -> Source {
        let tokens = lex::tokens(&lex::strip(&text));
        Source {
            path,
            functions: items::functions(&tokens),
            test: items::test_code(&tokens),
            text,
            tokens,
            test_file: false,
        }
    }

    fn lines(&self) -> usize {
        self.text.lines().count()
    }

    /// Whether `line` is test code.
    fn is_test(&self, line: usize) -> bool {
        self.test_file || self.test.covers(line)
    }

    /// The module path of a file under `src/`.
    fn module(&self) -> Vec<String> {
        modules::module_path(self.path.trim_start_matches("src/"))
    }

    fn under(&self, dir: &str) -> bool {
        self.path.starts_with(dir)
    }
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for e in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every `.rs` file of `src/`, `tests/`, `benches/` and `examples/`.
fn sources() -> &'static [Source] {
    static ALL: OnceLock<Vec<Source>> = OnceLock::new();
    ALL.get_or_init(|| {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut paths = Vec::new();
        for dir in ["src", "tests", "benches", "examples"] {
            rust_files(&root.join(dir), &mut paths);
        }
        paths.sort();
        let mut all: Vec<Source> = paths
            .iter()
            .map(|p| {
                let path = p
                    .strip_prefix(root)
                    .unwrap()
                    .to_string_lossy()
                    .replace('\\', "/");
                Source::new(path, std::fs::read_to_string(p).unwrap())
            })
            .collect();
        mark_test_files(&mut all);
        all
    })
}

/// Marks the files of modules declared `#[cfg(test)] mod name;` (and
/// everything under them) as test code.
fn mark_test_files(all: &mut [Source]) {
    let test_modules: BTreeSet<Vec<String>> = all
        .iter()
        .filter(|s| s.under("src/"))
        .flat_map(|s| {
            let parent = s.module();
            s.test.module_files.iter().map(move |m| {
                let mut p = parent.clone();
                p.push(m.clone());
                p
            })
        })
        .collect();
    for s in all.iter_mut().filter(|s| s.under("src/")) {
        let m = s.module();
        s.test_file = (1..=m.len()).any(|n| test_modules.contains(&m[..n]));
    }
}

/// The library's and the binary's own files (`src/`), but for test-only
/// module files.
fn shipped() -> impl Iterator<Item = &'static Source> {
    sources().iter().filter(|s| s.under("src/") && !s.test_file)
}

/// `Content::`, the `Map` accessors and `match` arms on `Format` where
/// only `kinds` may ask which kind a map is.
fn kind_questions() -> Vec<String> {
    shipped().flat_map(questions).collect()
}

/// The decisions by kind in one file that its folder may not make.
fn questions(s: &Source) -> Vec<String> {
    let content_ok = s.under("src/kinds/") || s.under("src/store/");
    let format_ok = s.under("src/kinds/") || s.under("src/formats/") || s.path == "src/format.rs";
    let t = &s.tokens;
    let text = |i: usize| t.get(i).map_or("", |x| x.text.as_str());
    let mut out = Vec::new();
    for i in 0..t.len() {
        if s.is_test(t[i].line) {
            continue;
        }
        let at = format!("{}:{}", s.path, t[i].line);
        if !content_ok && text(i) == "Content" && text(i + 1) == "::" {
            out.push(format!("{at}: Content:: outside kinds/ and store/"));
        }
        let accessor = ["warcraft", "terrain", "voxels", "cells"].contains(&text(i + 1));
        if !content_ok && text(i) == "." && accessor && text(i + 2) == "(" && text(i + 3) == ")" {
            out.push(format!(
                "{at}: .{}() outside kinds/ and store/",
                text(i + 1)
            ));
        }
        if !format_ok && text(i) == "Format" && text(i + 1) == "::" && arm_follows(t, i + 3) {
            out.push(format!("{at}: a match arm on Format::{}", text(i + 2)));
        }
        // `let Some(Walking::Voxels(..)) = kind.walking()`: which kind
        // walks under the servers' physics is kinds' to say.
        let walking_ok = content_ok || s.under("src/walk/");
        if !walking_ok && text(i) == "Walking" && text(i + 1) == "::" {
            out.push(format!(
                "{at}: Walking::{} outside kinds/ and walk/",
                text(i + 2)
            ));
        }
    }
    // Ground distances or reachability: `kinds::play_map` chooses, once.
    let calls = |name: &str| {
        (0..t.len()).any(|i| text(i) == "." && text(i + 1) == name && !s.is_test(t[i].line))
    };
    if !content_ok && calls("ground_map") && calls("reach_map") {
        out.push(format!(
            "{}: chooses between ground_map and reach_map (kinds::play_map does)",
            s.path
        ));
    }
    out
}

/// Whether a pattern ends at token `i` (`=>`, or `|` to another one),
/// past closing parentheses (`Some(Format::Vmf) =>`).
fn arm_follows(t: &[Token], mut i: usize) -> bool {
    while t.get(i).is_some_and(|x| x.text == ")") {
        i += 1;
    }
    t.get(i).is_some_and(|x| x.text == "=>" || x.text == "|")
}

/// `crate::kinds` named from folders that must not know kinds.
fn kinds_imports() -> Vec<String> {
    shipped()
        .filter(|s| names_kinds(s))
        .map(|s| format!("{}: names crate::kinds", s.path))
        .collect()
}

/// Whether a file of `formats/`, `store/`, `render/` or `export/` names
/// `crate::kinds` outside its test code.
fn names_kinds(s: &Source) -> bool {
    let dirs = ["src/formats/", "src/store/", "src/render/", "src/export/"];
    if !dirs.iter().any(|d| s.under(d)) {
        return false;
    }
    let refs = modules::references(&s.tokens, &s.module(), &|l| s.is_test(l));
    refs.iter().any(|r| r.first().is_some_and(|m| m == "kinds"))
}

/// Every import cycle among sibling modules of `src/`, as paths.
fn import_cycles() -> Vec<String> {
    let files: Vec<(Vec<String>, Vec<Vec<String>>)> = shipped()
        .map(|s| {
            let refs = modules::references(&s.tokens, &s.module(), &|l| s.is_test(l));
            (s.module(), refs)
        })
        .collect();
    let mut out = Vec::new();
    for (parent, edges) in modules::graphs(&files) {
        for cycle in modules::cycles(&edges) {
            let place = if parent.is_empty() {
                "crate".to_string()
            } else {
                parent.join("::")
            };
            out.push(format!("{place}: {}", cycle.join(" → ")));
        }
    }
    out
}

/// Files and functions over the limits, but for the listed functions.
fn too_long() -> Vec<String> {
    let mut out = Vec::new();
    for s in sources() {
        if s.lines() > MAX_FILE_LINES {
            out.push(format!(
                "{}: {} lines (at most {MAX_FILE_LINES})",
                s.path,
                s.lines()
            ));
        }
        for f in s.functions.iter().filter(|f| f.lines > MAX_FUNCTION_LINES) {
            let allowed = LONG_FUNCTIONS
                .iter()
                .any(|(p, n, _)| *p == s.path && *n == f.name);
            if !allowed || !documented(s, f) {
                out.push(format!(
                    "{}:{} fn {}: {} lines (at most {MAX_FUNCTION_LINES})",
                    s.path, f.line, f.name, f.lines
                ));
            }
        }
    }
    out
}

/// Whether a doc comment sits above `f` (past its attributes).
fn documented(s: &Source, f: &Function) -> bool {
    let lines: Vec<&str> = s.text.lines().take(f.line - 1).collect();
    let above = lines
        .iter()
        .rev()
        .map(|l| l.trim())
        .find(|l| !l.starts_with("#["));
    above.is_some_and(|l| l.starts_with("///"))
}

/// The report `--nocapture` prints: the longest files and functions, and
/// the cycles.
fn report() -> String {
    let mut files: Vec<(usize, &str)> = sources()
        .iter()
        .map(|s| (s.lines(), s.path.as_str()))
        .collect();
    files.sort_by(|a, b| b.cmp(a));
    let mut functions: Vec<(usize, String)> = sources()
        .iter()
        .flat_map(|s| {
            s.functions
                .iter()
                .map(move |f| (f.lines, format!("{}:{} {}", s.path, f.line, f.name)))
        })
        .collect();
    functions.sort_by(|a, b| b.cmp(a));
    let mut out = String::from("longest files:\n");
    for (n, p) in files.iter().take(10) {
        out += &format!("  {n:5} {p}\n");
    }
    out += "longest functions:\n";
    for (n, f) in functions.iter().take(10) {
        out += &format!("  {n:5} {f}\n");
    }
    let cycles = import_cycles();
    out += &format!("import cycles: {}\n", cycles.len());
    for c in &cycles {
        out += &format!("  {c}\n");
    }
    out
}

fn assert_none(what: &str, found: Vec<String>) {
    assert!(
        found.is_empty(),
        "{what} ({}):\n  {}",
        found.len(),
        found.join("\n  ")
    );
}

#[test]
fn the_shape_report_reads_the_whole_tree() {
    let report = report();
    println!("{report}");
    // The scan found the tree: the crate root and a few hundred functions.
    assert!(sources().iter().any(|s| s.path == "src/lib.rs"));
    let functions: usize = sources().iter().map(|s| s.functions.len()).sum();
    assert!(functions > 1000, "only {functions} functions found");
}

#[test]
fn only_kinds_asks_which_kind_a_map_is() {
    assert_none("decisions by kind outside kinds/", kind_questions());
}

#[test]
fn formats_store_render_and_export_do_not_know_kinds() {
    assert_none(
        "imports of kinds where it must not be known",
        kinds_imports(),
    );
}

#[test]
fn no_file_or_function_is_too_long() {
    assert_none("too long", too_long());
}

#[test]
fn sibling_modules_import_one_way() {
    assert_none("import cycles", import_cycles());
}

#[path = "code_shape/self_test.rs"]
mod self_test;
