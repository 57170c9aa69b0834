//! Groups of neighbouring columns (touching sides or corners) that share a
//! property: what only one team reaches, what no one reaches, the traps.

use serde_json::{json, Value};

/// One group of columns.
#[derive(Debug, Clone, PartialEq)]
pub struct Region {
    pub columns: u32,
    /// The least and greatest column, x then y.
    pub min: [i32; 2],
    pub max: [i32; 2],
    /// One of its columns, to go and look at.
    pub at: [i32; 2],
}

impl Region {
    pub fn json(&self) -> Value {
        json!({ "columns": self.columns, "min": self.min, "max": self.max, "at": self.at })
    }

    /// "1 column at (14, 129)", or "12 columns, x 3..6, y 8..11 (at 4,
    /// 9)": where it lies, and one of its columns to go and look at.
    pub fn text(&self) -> String {
        let [x, y] = self.at;
        if self.columns == 1 {
            return format!("1 column at ({x}, {y})");
        }
        let span = crate::reading::span::<i32>;
        format!(
            "{} columns, x {}, y {} (at {x}, {y})",
            self.columns,
            span(self.min[0], self.max[0]),
            span(self.min[1], self.max[1]),
        )
    }
}

/// The groups of `mask`'s columns (row by row, `width` a row), largest
/// first.
pub fn regions(width: u32, length: u32, mask: &[bool]) -> Vec<Region> {
    let (w, l) = (width as i32, length as i32);
    let mut seen = vec![false; mask.len()];
    let mut out = Vec::new();
    let mut stack = Vec::new();
    for start in 0..mask.len() {
        if !mask[start] || seen[start] {
            continue;
        }
        seen[start] = true;
        stack.push(start);
        let at = [start as i32 % w, start as i32 / w];
        let mut r = Region {
            columns: 0,
            min: at,
            max: at,
            at,
        };
        while let Some(c) = stack.pop() {
            let (x, y) = (c as i32 % w, c as i32 / w);
            r.columns += 1;
            r.min = [r.min[0].min(x), r.min[1].min(y)];
            r.max = [r.max[0].max(x), r.max[1].max(y)];
            for (dx, dy) in NEIGHBOURS {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= w || ny >= l {
                    continue;
                }
                let n = (ny * w + nx) as usize;
                if mask[n] && !seen[n] {
                    seen[n] = true;
                    stack.push(n);
                }
            }
        }
        out.push(r);
    }
    out.sort_by(|a, b| b.columns.cmp(&a.columns).then(a.at.cmp(&b.at)));
    out
}

const NEIGHBOURS: [(i32, i32); 8] = [
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
    (0, -1),
    (1, -1),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn corners_join_and_the_largest_comes_first() {
        #[rustfmt::skip]
        let mask = [
            true,  false, false, false,
            false, true,  false, true,
            false, false, false, true,
        ];
        let r = regions(4, 3, &mask);
        assert_eq!(r.len(), 2);
        assert_eq!(r[0].columns, 2);
        assert_eq!((r[0].min, r[0].max), ([0, 0], [1, 1]));
        assert_eq!((r[1].min, r[1].max), ([3, 1], [3, 2]));
        // Read as written: one column by itself, a line of them by its
        // one x, a block by its ranges.
        let text: Vec<String> = r.iter().map(Region::text).collect();
        assert_eq!(text[0], "2 columns, x 0..1, y 0..1 (at 0, 0)");
        assert_eq!(text[1], "2 columns, x 3, y 1..2 (at 3, 1)");
        let one = regions(
            4,
            3,
            &[
                true, false, false, false, false, false, false, false, false, false, false, false,
            ],
        );
        assert_eq!(one[0].text(), "1 column at (0, 0)");
    }
}
