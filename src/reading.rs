//! Numbers as people read them, the same in `mapscope info`, the panels and
//! the status line: no "-0.00", headings from 0 to 359 with a compass point,
//! counts with their nouns in the right number ("1 column", "2 columns"),
//! ranges that are one number as that number.

/// `v` with `decimals` decimals, never "-0.00": a value that rounds to
/// zero is zero.
pub fn fixed(v: f32, decimals: usize) -> String {
    let text = format!("{v:.decimals$}");
    match text.strip_prefix('-') {
        Some(rest) if rest.chars().all(|c| c == '0' || c == '.') => rest.to_string(),
        _ => text,
    }
}

/// A map coordinate: whole numbers as they are ("128"), others to a tenth.
pub fn coordinate(v: f32) -> String {
    if v.fract() == 0.0 {
        fixed(v, 0)
    } else {
        fixed(v, 1)
    }
}

/// A number the file stores as an f32 (a doodad's scale, a position in
/// world units), to the six significant digits an f32 holds for certain
/// and no more: "0.96" for the 0.96000004 the editor writes, "1.2" for
/// 1.1999999, "2048" for 2048.0; never "-0".
pub fn stored(v: f32) -> String {
    if v == 0.0 || !v.is_finite() {
        return fixed(v, 0);
    }
    let whole_digits = v.abs().log10().floor() as i32 + 1;
    let decimals = (6 - whole_digits).clamp(0, 12) as usize;
    let text = fixed(v, decimals);
    match text.contains('.') {
        true => text.trim_end_matches('0').trim_end_matches('.').to_string(),
        false => text,
    }
}

/// "x 1.0  y 2.0  z 3.0", never "-0.0".
pub fn position(at: [f32; 3]) -> String {
    let [x, y, z] = at.map(|v| fixed(v, 1));
    format!("x {x}  y {y}  z {z}")
}

/// "yaw 270° (N)  pitch -45°": the yaw from 0 to 359 degrees.
pub fn heading(yaw_deg: f32, pitch_deg: f32) -> String {
    let yaw = (yaw_deg.rem_euclid(360.0).round() as u32) % 360;
    let pitch = fixed(pitch_deg, 0);
    format!("yaw {yaw}° ({})  pitch {pitch}°", compass(yaw_deg))
}

/// The compass point nearest a yaw (0 is east, 90 south).
pub fn compass(yaw_deg: f32) -> &'static str {
    ["E", "SE", "S", "SW", "W", "NW", "N", "NE"]
        [((yaw_deg.rem_euclid(360.0) + 22.5) / 45.0) as usize % 8]
}

/// `word` after "a" or "an", as it is said: "an AoS VXL", "an ALW", "a
/// VMF", "a W3E".
pub fn a_or_an(word: &str) -> String {
    let vowel = word
        .chars()
        .next()
        .is_some_and(|c| "AEIOUaeiou".contains(c));
    match vowel {
        true => format!("an {word}"),
        false => format!("a {word}"),
    }
}

/// A count and its noun, given in the plural, in the number the count
/// takes: "1 column", "2 columns", "0 regions".
pub fn n_of(n: u64, plural: &str) -> String {
    match n {
        1 => format!("1 {}", plural.strip_suffix('s').unwrap_or(plural)),
        n => format!("{n} {plural}"),
    }
}

/// A range of whole numbers as people say it: "53" where it is one,
/// "84..87" where it spans more.
pub fn span<T: PartialEq + std::fmt::Display>(a: T, b: T) -> String {
    if a == b {
        a.to_string()
    } else {
        format!("{a}..{b}")
    }
}

/// `rows` (the first the heading) as columns as wide as their widest cell,
/// left-aligned, two spaces apart, each line after `indent`.
pub fn write_table<const N: usize>(out: &mut String, rows: &[[String; N]], indent: &str) {
    let widths: Vec<usize> = (0..N)
        .map(|c| rows.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    for row in rows {
        let mut line = indent.to_string();
        for (cell, w) in row.iter().zip(&widths) {
            line.push_str(&format!("{cell:<w$}  "));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tables_line_up_whatever_their_cells() {
        let mut out = String::new();
        let rows = [["id", "name"], ["12", "a"], ["3", "longer"]].map(|r| r.map(String::from));
        write_table(&mut out, &rows, "  ");
        assert_eq!(out, "  id  name\n  12  a\n  3   longer\n");
    }

    #[test]
    fn articles_read_as_said() {
        assert_eq!(a_or_an("AoS VXL"), "an AoS VXL");
        assert_eq!(a_or_an("ALW"), "an ALW");
        assert_eq!(a_or_an("W3E"), "a W3E");
        assert_eq!(a_or_an("Voxlap VXL"), "a Voxlap VXL");
    }

    #[test]
    fn stored_numbers_read_as_written() {
        assert_eq!(stored(0.96000004), "0.96");
        assert_eq!(stored(1.1999999), "1.2");
        assert_eq!(stored(0.8095706), "0.809571");
        assert_eq!(stored(1.1239722), "1.12397");
        assert_eq!(stored(2048.0002), "2048");
        assert_eq!(stored(-1344.5), "-1344.5");
        assert_eq!(stored(-0.0), "0");
        assert_eq!(stored(0.0), "0");
        assert_eq!(stored(123456.7), "123457");
        assert_eq!(stored(0.00012345678), "0.000123457");
    }

    #[test]
    fn headings_run_from_0_to_359_and_zero_has_no_sign() {
        assert_eq!(heading(-90.0, -45.0), "yaw 270° (N)  pitch -45°");
        assert_eq!(heading(359.7, -0.2), "yaw 0° (E)  pitch 0°");
        assert_eq!(position([-0.04, 1.26, -3.0]), "x 0.0  y 1.3  z -3.0");
        assert_eq!(fixed(-0.001, 2), "0.00");
        assert_eq!(fixed(-0.6, 0), "-1");
        assert_eq!(coordinate(128.0), "128");
        assert_eq!(coordinate(42.25), "42.2");
    }

    #[test]
    fn one_is_singular_and_every_other_count_plural() {
        assert_eq!(n_of(1, "columns"), "1 column");
        assert_eq!(n_of(0, "regions"), "0 regions");
        assert_eq!(n_of(2, "spans"), "2 spans");
        assert_eq!(span(53, 53), "53");
        assert_eq!(span("84", "87"), "84..87");
    }
}
