//! Functions and test code in a file's tokens: where each function starts
//! and ends, and which lines are `#[cfg(test)]` code.

use super::lex::Token;

/// A function with a body: its name, the line of its `fn` and how many
/// lines it spans, from that line to its closing brace.
#[derive(Debug, PartialEq)]
pub struct Function {
    pub name: String,
    pub line: usize,
    pub lines: usize,
}

/// The index of the token closing the bracket opened at `open`.
pub fn closing(t: &[Token], open: usize) -> usize {
    let mut depth = 0i32;
    for (i, tok) in t.iter().enumerate().skip(open) {
        match tok.text.as_str() {
            "{" | "(" | "[" => depth += 1,
            "}" | ")" | "]" => depth -= 1,
            _ => {}
        }
        if depth == 0 {
            return i;
        }
    }
    t.len() - 1
}

/// From `i`, the first `{` or `;` outside parentheses and brackets: where
/// an item's body opens, or where a bodiless item ends.
pub fn body_or_end(t: &[Token], mut i: usize) -> usize {
    while i < t.len() {
        match t[i].text.as_str() {
            "{" | ";" => return i,
            "(" | "[" => i = closing(t, i) + 1,
            _ => i += 1,
        }
    }
    t.len().saturating_sub(1)
}

/// Every function with a body (nested ones too, each on its own).
pub fn functions(t: &[Token]) -> Vec<Function> {
    let mut out = Vec::new();
    for i in 0..t.len().saturating_sub(1) {
        let named = t[i + 1]
            .text
            .chars()
            .next()
            .is_some_and(|c| c.is_alphabetic() || c == '_');
        if t[i].text != "fn" || !named {
            continue;
        }
        let open = body_or_end(t, i + 2);
        if t.get(open).is_some_and(|o| o.text == "{") {
            let close = closing(t, open);
            out.push(Function {
                name: t[i + 1].text.clone(),
                line: t[i].line,
                lines: t[close].line - t[i].line + 1,
            });
        }
    }
    out
}

/// Whether the attribute whose `#` is at `i` is `#[cfg(test)]` or a
/// `cfg(all(...))` that needs `test`: code built for tests only.
fn is_test_cfg(t: &[Token], i: usize) -> bool {
    let text = |k: usize| t.get(i + k).map_or("", |x| x.text.as_str());
    if text(1) != "[" || text(2) != "cfg" {
        return false;
    }
    if text(4) == "test" && text(5) == ")" {
        return true;
    }
    let end = closing(t, i + 1);
    text(4) == "all" && t[i + 1..end].iter().any(|x| x.text == "test")
}

/// The test code of a file: the line ranges of items under a test-only
/// `cfg`, and the names of modules declared test-only whose code lives in
/// files of their own (`#[cfg(test)] mod tests;`).
#[derive(Debug, Default, PartialEq)]
pub struct TestCode {
    pub spans: Vec<(usize, usize)>,
    pub module_files: Vec<String>,
}

impl TestCode {
    pub fn covers(&self, line: usize) -> bool {
        self.spans.iter().any(|&(a, b)| (a..=b).contains(&line))
    }
}

pub fn test_code(t: &[Token]) -> TestCode {
    let mut out = TestCode::default();
    for i in 0..t.len() {
        if t[i].text != "#" || !is_test_cfg(t, i) {
            continue;
        }
        // Past this and any further attributes to the item itself.
        let mut j = closing(t, i + 1) + 1;
        while t.get(j).is_some_and(|x| x.text == "#") && t.get(j + 1).is_some_and(|x| x.text == "[")
        {
            j = closing(t, j + 1) + 1;
        }
        let Some(start) = t.get(j) else { break };
        let end = body_or_end(t, j);
        if t[end].text == "{" {
            out.spans.push((start.line, t[closing(t, end)].line));
        } else {
            out.spans.push((start.line, t[end].line));
            if let Some(m) = (j..end).find(|&k| t[k].text == "mod") {
                out.module_files.push(t[m + 1].text.clone());
            }
        }
    }
    out
}
