//! Which modules a file names, and the cycles among sibling modules.
//! Each module's subtree is one node; a file in A's subtree that names a
//! path into sibling B's subtree (`crate::…::B`, `super::B`, a `use` tree
//! reaching it) is an edge A → B. Edges between a module and its own
//! children are not counted: a parent declares its children.

use super::lex::Token;
use std::collections::{BTreeMap, BTreeSet};

/// The module path of a file under `src/`: `kinds/warcraft.rs` and
/// `kinds/warcraft/mod.rs` are `["kinds", "warcraft"]`; `lib.rs` and
/// `main.rs` the root.
pub fn module_path(relative: &str) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_string)
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

fn is_ident(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// The module a token sits in: the file's module and the inline
/// `mod name { … }` blocks around it, for each token.
fn enclosing(t: &[Token], file: &[String]) -> Vec<Vec<String>> {
    let mut stack: Vec<(String, usize)> = Vec::new();
    let mut depth = 0;
    let mut out = Vec::with_capacity(t.len());
    for (i, tok) in t.iter().enumerate() {
        let mut here = file.to_vec();
        here.extend(stack.iter().map(|(n, _)| n.clone()));
        out.push(here);
        match tok.text.as_str() {
            "{" => {
                depth += 1;
                let inline = i >= 2 && t[i - 2].text == "mod" && is_ident(&t[i - 1].text);
                if inline {
                    stack.push((t[i - 1].text.clone(), depth));
                }
            }
            "}" => {
                if stack.last().is_some_and(|s| s.1 == depth) {
                    stack.pop();
                }
                depth -= 1;
            }
            _ => {}
        }
    }
    out
}

/// Expands the path or `use` tree starting at token `i` (after its first
/// segment has been resolved into `prefix`): each full path it names.
fn tree(t: &[Token], mut i: usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) -> usize {
    let mut path = prefix;
    while i + 1 < t.len() && t[i].text == "::" {
        let next = &t[i + 1].text;
        if next == "{" {
            i += 2;
            while i < t.len() && t[i].text != "}" {
                if t[i].text == "," {
                    i += 1;
                    continue;
                }
                let first = &t[i].text;
                let mut inner = path.clone();
                if first == "self" {
                } else if is_ident(first) {
                    inner.push(first.clone());
                } else {
                    i += 1;
                    continue;
                }
                i = tree(t, i + 1, inner, out);
                while i < t.len() && t[i].text != "," && t[i].text != "}" {
                    i += 1;
                }
            }
            return i + 1;
        }
        if !is_ident(next) {
            break;
        }
        if next != "super" && next != "self" {
            path.push(next.clone());
        }
        i += 2;
    }
    out.push(path);
    i
}

/// Every module path (from the crate root) that a file's code names,
/// skipping the lines `skip` says are test code. `crate::`, `mapscope::`
/// (the binary and the tests name the library so), `super::` and `self::`
/// paths, `use` trees included.
pub fn references(t: &[Token], file: &[String], skip: &dyn Fn(usize) -> bool) -> Vec<Vec<String>> {
    let modules = enclosing(t, file);
    let mut out = Vec::new();
    for i in 0..t.len() {
        let after_path = i > 0 && t[i - 1].text == "::";
        let starts = ["crate", "mapscope", "super", "self"].contains(&t[i].text.as_str());
        if after_path || !starts || t.get(i + 1).is_none_or(|n| n.text != "::") || skip(t[i].line) {
            continue;
        }
        let mut base = match t[i].text.as_str() {
            "crate" | "mapscope" => Vec::new(),
            _ => modules[i].clone(),
        };
        // `super::super::x`: one level up for each.
        let mut j = i;
        while t[j].text == "super" {
            base.pop();
            if t.get(j + 2).is_some_and(|n| n.text == "super") {
                j += 2;
            } else {
                break;
            }
        }
        tree(t, j + 1, base, &mut out);
    }
    out
}

/// Edges between sibling subtrees at every level: parent module →
/// (child → the children it names).
pub type Graphs = BTreeMap<Vec<String>, BTreeMap<String, BTreeSet<String>>>;

/// The sibling graphs of a crate whose files (module paths) name the
/// given paths.
pub fn graphs(files: &[(Vec<String>, Vec<Vec<String>>)]) -> Graphs {
    let mut g = Graphs::new();
    for (file, refs) in files {
        for r in refs {
            let shared = file.iter().zip(r).take_while(|(a, b)| a == b).count();
            if shared < file.len() && shared < r.len() {
                g.entry(file[..shared].to_vec())
                    .or_default()
                    .entry(file[shared].clone())
                    .or_default()
                    .insert(r[shared].clone());
            }
        }
    }
    // A name that is an item of the parent, not a module, closes no cycle:
    // only keep targets that are modules with files.
    let modules: BTreeSet<Vec<String>> = files
        .iter()
        .flat_map(|(f, _)| (1..=f.len()).map(move |n| f[..n].to_vec()))
        .collect();
    for (parent, edges) in g.iter_mut() {
        for targets in edges.values_mut() {
            targets.retain(|t| {
                let mut p = parent.clone();
                p.push(t.clone());
                modules.contains(&p)
            });
        }
    }
    g
}

/// One cycle for each group of siblings that reach each other, as a path
/// that starts and ends on the same module.
pub fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let mut found: Vec<Vec<String>> = Vec::new();
    let mut covered: BTreeSet<String> = BTreeSet::new();
    for start in edges.keys() {
        if covered.contains(start) {
            continue;
        }
        if let Some(path) = path_back(edges, start) {
            covered.extend(path.iter().cloned());
            found.push(path);
        }
    }
    found
}

/// The shortest path from `start` back to itself, breadth first.
fn path_back(edges: &BTreeMap<String, BTreeSet<String>>, start: &str) -> Option<Vec<String>> {
    let mut from: BTreeMap<String, String> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start.to_string()]);
    while let Some(n) = queue.pop_front() {
        for next in edges.get(&n).into_iter().flatten() {
            if next == start {
                // Back along the search from `n` to `start`, which has no
                // predecessor of its own.
                let mut path = vec![n.clone()];
                while let Some(p) = from.get(path.last().unwrap()) {
                    path.push(p.clone());
                }
                path.reverse();
                path.push(start.to_string());
                return Some(path);
            }
            if !from.contains_key(next) {
                from.insert(next.clone(), n.clone());
                queue.push_back(next.clone());
            }
        }
    }
    None
}
