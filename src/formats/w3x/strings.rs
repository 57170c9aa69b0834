//! `war3map.wts`, the map's string table: `STRING n` blocks whose text
//! other files name as `TRIGSTR_n`. UTF-8, often with a byte-order mark,
//! with `//` comment lines between a block's number and its braces.

use std::collections::HashMap;

/// The strings of a map, by number.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Strings {
    by_number: HashMap<u32, String>,
}

impl Strings {
    /// Reads a string table; what does not parse is skipped (the game
    /// skips it too), and reported in the warnings.
    pub fn parse(bytes: &[u8]) -> (Strings, Vec<String>) {
        let text = String::from_utf8_lossy(bytes);
        let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
        let mut by_number = HashMap::new();
        let mut warnings = Vec::new();
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            let Some(number) = line.trim().strip_prefix("STRING ") else {
                continue;
            };
            let Ok(number) = number.trim().parse::<u32>() else {
                warnings.push(format!("war3map.wts: {line:?} has no string number"));
                continue;
            };
            // Comments, then the opening brace.
            let opened = lines.by_ref().any(|l| l.trim() == "{");
            if !opened {
                warnings.push(format!("war3map.wts: STRING {number} has no text"));
                break;
            }
            let mut body: Vec<&str> = Vec::new();
            let mut closed = false;
            for l in lines.by_ref() {
                if l.trim_end() == "}" {
                    closed = true;
                    break;
                }
                body.push(l);
            }
            if !closed {
                warnings.push(format!("war3map.wts: STRING {number} is not closed"));
            }
            by_number.insert(number, body.join("\n"));
        }
        (Strings { by_number }, warnings)
    }

    pub fn len(&self) -> usize {
        self.by_number.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_number.is_empty()
    }

    /// `field` with a `TRIGSTR_n` reference replaced by string n; `None`
    /// where it names a string the table lacks.
    pub fn resolve(&self, field: &str) -> Option<String> {
        match reference(field) {
            Some(n) => self.by_number.get(&n).cloned(),
            None => Some(field.to_string()),
        }
    }
}

/// The number a `TRIGSTR_n` field refers to.
pub fn reference(field: &str) -> Option<u32> {
    let digits = field.strip_prefix("TRIGSTR_")?;
    let end = digits
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(digits.len());
    digits[..end].parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_resolve_with_comments_bom_and_several_lines() {
        let wts = "\u{feff}STRING 1\r\n{\r\nLost Temple\r\n}\r\n\r\nSTRING 7\r\n// Players\r\n{\r\nLine one\r\nLine two\r\n}\r\n";
        let (s, warnings) = Strings::parse(wts.as_bytes());
        assert!(warnings.is_empty(), "{warnings:?}");
        assert_eq!(s.len(), 2);
        assert_eq!(s.resolve("TRIGSTR_001").as_deref(), Some("Lost Temple"));
        assert_eq!(
            s.resolve("TRIGSTR_7").as_deref(),
            Some("Line one\nLine two")
        );
        assert_eq!(s.resolve("Plain name").as_deref(), Some("Plain name"));
        assert_eq!(s.resolve("TRIGSTR_9"), None);
    }

    #[test]
    fn broken_tables_keep_what_they_can() {
        let (s, warnings) = Strings::parse(b"STRING x\n{\nno\n}\nSTRING 2\n{\nopen");
        assert_eq!(s.resolve("TRIGSTR_2").as_deref(), Some("open"));
        assert_eq!(warnings.len(), 2, "{warnings:?}");
    }
}
