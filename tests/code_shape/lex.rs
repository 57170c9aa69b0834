//! Rust source with its comments, strings and character literals blanked
//! to spaces (newlines kept, so line numbers hold), then cut into tokens:
//! what the shape rules match on can then not be text inside a string or
//! a comment.

/// `src` with the insides of comments, strings and char literals made
/// spaces. Quotes stay, so `"{"` becomes `" "` and braces still match.
pub fn strip(src: &str) -> String {
    let c: Vec<char> = src.chars().collect();
    let mut out = c.clone();
    let blank = |out: &mut Vec<char>, from: usize, to: usize| {
        for ch in &mut out[from..to.min(c.len())] {
            if *ch != '\n' {
                *ch = ' ';
            }
        }
    };
    let mut i = 0;
    while i < c.len() {
        let ident_before = i > 0 && (c[i - 1].is_alphanumeric() || c[i - 1] == '_');
        if c[i] == '/' && c.get(i + 1) == Some(&'/') {
            let end = (i..c.len()).find(|&j| c[j] == '\n').unwrap_or(c.len());
            blank(&mut out, i, end);
            i = end;
        } else if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            let end = block_comment_end(&c, i);
            blank(&mut out, i, end);
            i = end;
        } else if c[i] == 'r' && !ident_before || (c[i] == 'b' && c.get(i + 1) == Some(&'r')) {
            let start = if c[i] == 'b' { i + 1 } else { i };
            match raw_string_end(&c, start) {
                Some(end) => {
                    blank(&mut out, start + 1, end);
                    i = end;
                }
                None => i += 1,
            }
        } else if c[i] == '"' {
            let end = string_end(&c, i);
            blank(&mut out, i + 1, end - 1);
            i = end;
        } else if c[i] == '\'' {
            match char_end(&c, i) {
                Some(end) => {
                    blank(&mut out, i + 1, end - 1);
                    i = end;
                }
                None => i += 1,
            }
        } else {
            i += 1;
        }
    }
    out.into_iter().collect()
}

/// Past the end of the (nested) block comment opening at `i`.
fn block_comment_end(c: &[char], mut i: usize) -> usize {
    let mut depth = 0;
    while i < c.len() {
        if c[i] == '/' && c.get(i + 1) == Some(&'*') {
            depth += 1;
            i += 2;
        } else if c[i] == '*' && c.get(i + 1) == Some(&'/') {
            depth -= 1;
            i += 2;
            if depth == 0 {
                return i;
            }
        } else {
            i += 1;
        }
    }
    c.len()
}

/// Past the closing quote of the string whose opening quote is at `i`.
fn string_end(c: &[char], mut i: usize) -> usize {
    i += 1;
    while i < c.len() {
        match c[i] {
            '\\' => i += 2,
            '"' => return i + 1,
            _ => i += 1,
        }
    }
    c.len()
}

/// Past the end of a raw string `r#"..."#` starting at the `r` at `i`, or
/// `None` where the `r` starts something else.
fn raw_string_end(c: &[char], i: usize) -> Option<usize> {
    let hashes = c[i + 1..].iter().take_while(|&&ch| ch == '#').count();
    if c.get(i + 1 + hashes) != Some(&'"') {
        return None;
    }
    let mut j = i + 2 + hashes;
    while j < c.len() {
        if c[j] == '"' && (1..=hashes).all(|k| c.get(j + k) == Some(&'#')) {
            return Some(j + 1 + hashes);
        }
        j += 1;
    }
    Some(c.len())
}

/// Past the closing quote of the char literal at `i`, or `None` where the
/// quote starts a lifetime (`'a`, `'static`).
fn char_end(c: &[char], i: usize) -> Option<usize> {
    if c.get(i + 1) == Some(&'\\') {
        let close = (i + 2..c.len().min(i + 14)).find(|&j| c[j] == '\'')?;
        return Some(close + 1);
    }
    (c.get(i + 2) == Some(&'\'')).then_some(i + 3)
}

/// One token: an identifier or keyword, or punctuation (`::`, `=>`, `->`
/// as one token, any other character alone), with its 1-based line.
#[derive(Clone, Debug, PartialEq)]
pub struct Token {
    pub text: String,
    pub line: usize,
}

/// The tokens of stripped source (numbers come out as identifiers; the
/// rules never look at them).
pub fn tokens(stripped: &str) -> Vec<Token> {
    let c: Vec<char> = stripped.chars().collect();
    let mut out = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < c.len() {
        let ch = c[i];
        if ch == '\n' {
            line += 1;
            i += 1;
        } else if ch.is_whitespace() || ch == '"' || ch == '\'' && char_end(&c, i).is_some() {
            i += 1;
        } else if ch.is_alphanumeric() || ch == '_' {
            let end = (i..c.len())
                .find(|&j| !(c[j].is_alphanumeric() || c[j] == '_'))
                .unwrap_or(c.len());
            out.push(Token {
                text: c[i..end].iter().collect(),
                line,
            });
            i = end;
        } else {
            let two: String = c[i..(i + 2).min(c.len())].iter().collect();
            let len = if ["::", "=>", "->"].contains(&two.as_str()) {
                2
            } else {
                1
            };
            out.push(Token {
                text: c[i..i + len].iter().collect(),
                line,
            });
            i += len;
        }
    }
    out
}
